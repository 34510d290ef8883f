"""Frozen entry point on Linux: one program under three names.

The folder holds ``bigcity`` and, as links to it, ``bigcity-cli`` and
``bigcity-server`` (packaging/bigcity.spec): each PyInstaller program carries
its own 7.6 MB copy of the module archive, and on Linux nothing needs three
(Windows needs a console and a windowed one; macOS keeps three for its
signing). The name the program was started by says which one runs.

``freeze_support()`` comes first: the server's bots and the command line's
tournaments run in worker processes that are this program started again.
"""

import multiprocessing
import os
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    name = os.path.basename(sys.argv[0])
    if name.startswith("bigcity-cli"):
        from bigcity_desktop.cli import main
    elif name.startswith("bigcity-server"):
        from bigcity_desktop.net.hosting import main
    else:
        from bigcity_desktop.app import main
    sys.exit(main())
