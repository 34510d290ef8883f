# Big City Desktop: developer tasks. Every target that needs Python shares the
# $(STAMP) prerequisite, which creates .venv and (re)installs the project into
# it whenever pyproject.toml or setup.py is newer than the stamp.

PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test bench screenshots clean venv

venv: $(STAMP)

$(VPY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml setup.py | $(VPY)
	$(VPY) -m pip install -e '.[test]'
	touch $@

run: $(STAMP)
	$(VENV)/bin/bigcity

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(VPY) -m pytest -q -p no:cacheprovider tests/

bench: $(STAMP)
	@set -e; found=0; \
	for f in benchmarks/*.py; do \
		[ -e "$$f" ] || continue; found=1; \
		echo "== $$f"; $(VPY) "$$f"; \
	done; \
	[ $$found = 1 ] || echo "no benchmarks/*.py yet"

screenshots: $(STAMP)
	@set -e; for f in scripts/shot_*.py; do \
		echo "== $$f"; QT_QPA_PLATFORM=offscreen $(VPY) "$$f"; \
	done

clean:
	rm -rf $(VENV) build dist *.egg-info screenshots .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
