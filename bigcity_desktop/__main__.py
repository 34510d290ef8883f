"""Allow ``python -m bigcity_desktop``."""

import sys

from bigcity_desktop.app import main

if __name__ == "__main__":
    sys.exit(main())
