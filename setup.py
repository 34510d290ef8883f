"""Package discovery that pyproject.toml alone cannot express.

All metadata lives in pyproject.toml. This file only lists the packages:
every package under ``bigcity_desktop/`` plus the repository's top-level
``resources/`` folder, which is installed inside the package as the
data-only package ``bigcity_desktop._resources`` (one package per
sub-folder, so setuptools copies the data files without warnings).
"""

from pathlib import Path

from setuptools import find_namespace_packages, find_packages, setup

HERE = Path(__file__).resolve().parent
RESOURCES_PKG = "bigcity_desktop._resources"

code_packages = find_packages(include=["bigcity_desktop", "bigcity_desktop.*"])
resource_packages = [RESOURCES_PKG] + [
    f"{RESOURCES_PKG}.{name}"
    for name in find_namespace_packages(where=str(HERE / "resources"))
    if "__pycache__" not in name
]

setup(
    packages=code_packages + resource_packages,
    package_dir={RESOURCES_PKG: "resources"},
)
