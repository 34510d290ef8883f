"""Frozen entry point of the headless command line (``bigcity-cli``).

``freeze_support()`` comes first: a frozen program started as a
multiprocessing worker (``tournament --workers N`` under the spawn or
forkserver start method) must run the worker, not the command line.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from bigcity_desktop.cli import main

    sys.exit(main())
