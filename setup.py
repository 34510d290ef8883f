"""What pyproject.toml alone cannot express: the packages, the files a wheel
makes at build time, and the README as PyPI shows it.

All other metadata lives in pyproject.toml. This file:

- lists the packages: every package under ``bigcity_desktop/`` plus the
  repository's top-level ``resources/`` folder, which is installed inside
  the package as the data-only package ``bigcity_desktop._resources`` (one
  package per sub-folder, so setuptools copies the data files without
  warnings);
- has ``build_py`` put into the wheel what a player of the pip-installed
  game needs and git does not hold: the compiled translations
  (``resources/i18n/*.ts`` into ``.qm`` with pyside6-lrelease, through
  scripts/i18n.py; packaging/build_backend/ asks for PySide6-Essentials when
  a wheel is built) and the
  player's guides ``docs/GAME.md`` and ``docs/GAME.de.md`` (into
  ``_resources/help/``, where Help -> How to play looks, as in the
  PyInstaller bundle). A wheel that cannot get them is not built. An editable
  install (``pip install -e .``, as the Makefile does) reads them from the
  checkout instead (the Makefile builds the .qm in place);
- gives the README to PyPI with its relative links made absolute (images
  from the repository's raw files, documents from its web view, both at the
  tag of this version), as PyPI shows no image of a relative link.
"""

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from setuptools import find_namespace_packages, find_packages, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
RESOURCES_PKG = "bigcity_desktop._resources"
GUIDES = ("GAME.md", "GAME.de.md")

code_packages = find_packages(include=["bigcity_desktop", "bigcity_desktop.*"])
resource_packages = [RESOURCES_PKG] + [
    f"{RESOURCES_PKG}.{name}"
    for name in find_namespace_packages(where=str(HERE / "resources"))
    if "__pycache__" not in name
]


class BuildPyWithGameFiles(build_py):
    """build_py that adds the compiled translations and the guides to the wheel."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # the checkout itself is installed: the Makefile builds the .qm there
        target = Path(self.build_lib) / "bigcity_desktop" / "_resources"
        help_dir = target / "help"
        help_dir.mkdir(parents=True, exist_ok=True)
        for name in GUIDES:
            source = HERE / "docs" / name
            if not source.is_file():
                raise SystemExit(f"{source} is missing: the wheel would have no player's guide")
            shutil.copyfile(source, help_dir / name)
        i18n_dir = target / "i18n"
        for stale in i18n_dir.glob("*.qm"):
            stale.unlink()  # a .qm left in the checkout may be older than its .ts: build afresh
        try:
            subprocess.run([sys.executable, str(HERE / "scripts" / "i18n.py"), "release", str(i18n_dir)], check=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            raise SystemExit(f"translations not compiled ({exc}): the wheel would be English only") from exc
        ts_files = sorted(p.stem for p in (HERE / "resources" / "i18n").glob("*.ts"))
        qm_files = sorted(p.stem for p in i18n_dir.glob("*.qm"))
        if qm_files != ts_files:
            raise SystemExit(f"translations compiled {qm_files}, expected {ts_files}")


def _version() -> str:
    text = (HERE / "bigcity_desktop" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'^__version__ = "([^"]+)"', text, re.M).group(1)


def _readme() -> str:
    """README.md with its relative links at the repository's tag v<version>."""
    with (HERE / "pyproject.toml").open("rb") as fh:
        repository = tomllib.load(fh)["project"]["urls"]["Repository"].rstrip("/")
    tag = f"v{_version()}"
    owner_repo = repository.removeprefix("https://github.com/")
    raw = f"https://raw.githubusercontent.com/{owner_repo}/{tag}"
    blob = f"{repository}/blob/{tag}"

    def absolute(match: re.Match) -> str:
        bang, text, target = match.group(1), match.group(2), match.group(3)
        if re.match(r"[a-z]+:|#|/", target):
            return match.group(0)
        return f"{bang}[{text}]({raw if bang else blob}/{target})"

    text = (HERE / "README.md").read_text(encoding="utf-8")
    return re.sub(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)", absolute, text)


setup(
    packages=code_packages + resource_packages,
    package_dir={RESOURCES_PKG: "resources"},
    cmdclass={"build_py": BuildPyWithGameFiles},
    long_description=_readme(),
    long_description_content_type="text/markdown",
)
