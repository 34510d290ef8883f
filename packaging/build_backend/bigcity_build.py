"""The build backend of bigcity-desktop: setuptools' own, asking for
PySide6-Essentials only where it is needed.

A wheel is built with the German catalogue compiled in (setup.py runs
pyside6-lrelease), so building a wheel needs PySide6-Essentials in the build
environment. An editable install (``pip install -e .``, which the Makefile
does for every venv) and the sdist do not compile anything, and are spared
the download. pyproject.toml names this module (``backend-path``).
"""

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 - every hook as setuptools has it

# The same range as the run-time dependency in pyproject.toml.
QT_FOR_LRELEASE = "PySide6-Essentials>=6.7,<6.12"


def get_requires_for_build_wheel(config_settings=None):
    return [*_setuptools.get_requires_for_build_wheel(config_settings), QT_FOR_LRELEASE]
