"""Package discovery that pyproject.toml alone cannot express.

All metadata lives in pyproject.toml. This file only lists the packages:
every package under ``bigcity_desktop/`` plus the repository's top-level
``resources/`` folder, which is installed inside the package as the
data-only package ``bigcity_desktop._resources`` (one package per
sub-folder, so setuptools copies the data files without warnings).

Building also compiles the translations (resources/i18n/*.ts into .qm, with
pyside6-lrelease through scripts/i18n.py) when PySide6 is at hand and a .qm
is missing or older than its .ts; the Makefile and the release workflow run
the same step themselves.
"""

import subprocess
import sys
from pathlib import Path

from setuptools import find_namespace_packages, find_packages, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
RESOURCES_PKG = "bigcity_desktop._resources"

code_packages = find_packages(include=["bigcity_desktop", "bigcity_desktop.*"])
resource_packages = [RESOURCES_PKG] + [
    f"{RESOURCES_PKG}.{name}"
    for name in find_namespace_packages(where=str(HERE / "resources"))
    if "__pycache__" not in name
]


class BuildPyWithTranslations(build_py):
    """build_py that first brings the .qm files up to date (if it can)."""

    def run(self) -> None:
        stale = [ts for ts in (HERE / "resources" / "i18n").glob("*.ts") if not _newer(ts.with_suffix(".qm"), ts)]
        if stale:
            try:
                subprocess.run([sys.executable, str(HERE / "scripts" / "i18n.py"), "release"], check=True)
            except (OSError, subprocess.CalledProcessError) as exc:
                print(f"warning: translations not compiled ({exc}); run scripts/i18n.py release", file=sys.stderr)
        super().run()


def _newer(a: Path, b: Path) -> bool:
    return a.exists() and a.stat().st_mtime >= b.stat().st_mtime


setup(
    packages=code_packages + resource_packages,
    package_dir={RESOURCES_PKG: "resources"},
    cmdclass={"build_py": BuildPyWithTranslations},
)
