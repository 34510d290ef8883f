"""The browser seat's static files (``static/``), which the table server
hands out over plain HTTP (:mod:`bigcity_desktop.net.web`)."""
