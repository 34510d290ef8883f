"""Shared test set-up.

Qt must be told to render offscreen before anything imports it, so this runs
at conftest import time, before pytest-qt creates the QApplication.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
