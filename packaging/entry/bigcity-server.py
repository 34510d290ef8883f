"""Frozen entry point of the table server (``bigcity-server``).

``freeze_support()`` comes first: the server's bots play in a pool of worker
processes started with the spawn method, and each worker is this same
program started again, which must then run the worker, not the server.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from bigcity_desktop.net.hosting import main

    sys.exit(main())
