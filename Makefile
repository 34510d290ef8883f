# Big City Desktop: developer tasks. Every target that needs Python shares the
# $(STAMP) prerequisite, which creates .venv and (re)installs the project into
# it whenever pyproject.toml or setup.py is newer than the stamp.

PYTHON ?= python3
VENV   := .venv
# A Windows venv keeps its programs in Scripts\ (CI runs `make test` there too).
ifeq ($(OS),Windows_NT)
VBIN   := $(VENV)/Scripts
EXE    := .exe
else
VBIN   := $(VENV)/bin
EXE    :=
endif
VPY    := $(VBIN)/python$(EXE)
STAMP  := $(VENV)/.installed
BUILD_STAMP := $(VENV)/.installed-build
LINT_STAMP := $(VENV)/.installed-lint
BUNDLE := dist/Big City
# The compiled translation catalogues (build output of pyside6-lrelease, not committed).
QM     := resources/i18n/bigcity_de.qm

.PHONY: run test test-fast lint lint-web format bench screenshots clean venv icons package package-test translations protocol

venv: $(STAMP) $(QM)

$(VPY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml setup.py | $(VPY)
	$(VPY) -m pip install -e '.[test]'
	touch $@

# The .qm files from the .ts sources (pyside6-lrelease, which the PySide6 wheels ship).
$(QM): resources/i18n/bigcity_de.ts $(STAMP)
	$(VPY) scripts/i18n.py release

# Refresh the .ts sources from the code (pyside6-lupdate: new strings come in
# unfinished, strings gone from the code are dropped), then rebuild the .qm.
# Translate the unfinished ones (Qt Linguist: pyside6-linguist, or by hand).
translations: $(STAMP)
	$(VPY) scripts/i18n.py update
	$(VPY) scripts/i18n.py release

# The files made from the protocol's one declaration (net/protocol.py,
# net/shapes.py): the JSON Schemas in net/schemas, the page's
# web/static/protocol.d.ts, the message tables of docs/PROTOCOL.md.
# tests/net/test_protocol_made.py (in `make test`) fails while one is stale.
protocol: $(STAMP)
	$(VPY) scripts/protocol.py

# PyInstaller and Pillow, for the installers only.
$(BUILD_STAMP): $(STAMP)
	$(VPY) -m pip install -e '.[test,build]'
	touch $@

# ruff, mypy and import-linter (the `lint` extra), for `make lint`.
$(LINT_STAMP): $(STAMP)
	$(VPY) -m pip install -e '.[test,lint]'
	touch $@

run: $(STAMP) $(QM)
	$(VBIN)/bigcity

test: $(STAMP) $(QM)
	QT_QPA_PLATFORM=offscreen $(VPY) -m pytest -q -p no:cacheprovider tests/

# The gate CI runs before the tests (settings in pyproject.toml): lint rules,
# formatting, types (strict on the engine), the import contracts (Qt only in
# the Qt packages, every module in a layer, no cycles), no unused code, and
# the structure's limits (module size, complex blocks, the window's parts).
lint: $(LINT_STAMP)
	@if command -v npm >/dev/null 2>&1; then $(MAKE) --no-print-directory lint-web; \
	else echo "npm not found: the browser page's type check (make lint-web) is skipped"; fi
	$(VBIN)/ruff check .
	$(VBIN)/ruff format --check .
	$(VBIN)/mypy
	$(VBIN)/lint-imports
	$(VPY) scripts/unused_code.py
	$(VPY) scripts/structure.py

# The browser seat's plain JavaScript modules, type-checked from their JSDoc
# (tsc --checkJs, jsconfig.json; TypeScript pinned in package-lock.json, a
# dev tool only: the page has no build step).
lint-web: node_modules/.package-lock.json
	npx --no-install tsc -p jsconfig.json

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

# Rewrites the files: formatting and the fixable lint findings.
format: $(LINT_STAMP)
	$(VBIN)/ruff format .
	$(VBIN)/ruff check --fix .

# The inner loop: everything but the slow and the Qt tests (a few seconds).
test-fast: $(STAMP) $(QM)
	QT_QPA_PLATFORM=offscreen $(VPY) -m pytest -q -p no:cacheprovider -m "not slow and not gui" tests/

bench: $(STAMP)
	@set -e; found=0; \
	for f in benchmarks/*.py; do \
		[ -e "$$f" ] || continue; found=1; \
		echo "== $$f"; $(VPY) "$$f"; \
	done; \
	[ $$found = 1 ] || echo "no benchmarks/*.py yet"

screenshots: $(STAMP) $(QM)
	@set -e; for f in scripts/shot_*.py; do \
		echo "== $$f"; QT_QPA_PLATFORM=offscreen $(VPY) "$$f"; \
	done

icons: $(BUILD_STAMP)
	QT_QPA_PLATFORM=offscreen $(VPY) scripts/make_icons.py build/icons

# Linux: the app folder $(BUNDLE), a .deb and a .tar.gz in dist/, and an
# AppImage where appimagetool can be had (see packaging/README.md).
package: icons $(QM)
	$(VPY) scripts/third_party_notices.py build/THIRD-PARTY-NOTICES.txt
	rm -rf "$(BUNDLE)" dist/*.deb dist/*.tar.gz dist/*.AppImage
	$(VPY) -m PyInstaller --noconfirm --clean --log-level WARN \
		--distpath dist --workpath build/pyinstaller packaging/bigcity.spec
	$(VPY) scripts/third_party_notices.py "$(BUNDLE)/THIRD-PARTY-NOTICES.txt" --bundle "$(BUNDLE)"
	$(VPY) packaging/linux/build_packages.py --bundle "$(BUNDLE)" --icons build/icons --out dist
	bash packaging/linux/build-appimage.sh "$(BUNDLE)" build/icons dist

# Smoke tests of what `make package` built (not of the venv); -s shows the
# figures they measure (sizes, cold start of the bundle against the venv).
package-test: $(STAMP) $(QM)
	QT_QPA_PLATFORM=offscreen $(VPY) -m pytest -q -s -p no:cacheprovider packaging/tests

clean:
	rm -rf $(VENV) build dist *.egg-info screenshots .pytest_cache .hypothesis resources/i18n/*.qm
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
