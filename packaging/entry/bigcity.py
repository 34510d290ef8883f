"""Frozen entry point of the game window (the ``bigcity`` executable)."""

import sys

from bigcity_desktop.app import main

if __name__ == "__main__":
    sys.exit(main())
