"""PyInstaller runtime hook: the bundled OpenSSL trusts the system's CAs.

The bundle carries the OpenSSL its Python was built with, and that library
looks for trusted certificates where its build machine keeps them: on
macOS a folder inside the build machine's Python (absent on a player's
Mac), on Linux Debian's /usr/lib/ssl (absent on Fedora, openSUSE, ...).
A wss:// connection to a server with a real certificate would then fail
to verify. So, unless the player set SSL_CERT_FILE or SSL_CERT_DIR, this
points SSL_CERT_FILE at the system's own bundle of trusted certificates,
the first of the usual places that exists (the list Go's crypto/x509
uses). Windows needs nothing: Python reads the Windows certificate store.
"""

import os
import sys

#: where systems keep their trusted certificates as one PEM file
CA_BUNDLES = (
    "/etc/ssl/certs/ca-certificates.crt",  # Debian, Ubuntu, Arch, Gentoo
    "/etc/pki/tls/certs/ca-bundle.crt",  # Fedora, RHEL
    "/etc/ssl/ca-bundle.pem",  # openSUSE
    "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem",  # CentOS, RHEL 7+
    "/etc/ssl/cert.pem",  # macOS, Alpine, FreeBSD
)


def system_ca_bundle(environ, isfile=os.path.isfile, platform=sys.platform):
    """The CA bundle to point SSL_CERT_FILE at, or None to leave it alone."""
    if platform == "win32" or environ.get("SSL_CERT_FILE") or environ.get("SSL_CERT_DIR"):
        return None
    return next((path for path in CA_BUNDLES if isfile(path)), None)


if getattr(sys, "frozen", False):
    _bundle = system_ca_bundle(os.environ)
    if _bundle is not None:
        os.environ["SSL_CERT_FILE"] = _bundle
