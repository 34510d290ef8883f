"""``python -m bigcity_desktop.net``: the table server (``bigcity-server``)."""

import sys

from .hosting import main

sys.exit(main())
