"""What ``bigcity-server`` checks before it listens: that its data folder
can be made, read and written, and that its TLS certificate and key can be
read and go together. Each problem is one :class:`SetupError` whose message
names the file or folder and what is wrong with it."""

from __future__ import annotations

import os
import ssl
import tempfile
from pathlib import Path

from .owneronly import own_folder


class SetupError(Exception):
    """The server cannot start as told; the message says why in one sentence."""


def _why(exc: OSError) -> str:
    why = exc.strerror or str(exc)
    return why[:1].lower() + why[1:]


def check_data_dir(folder: Path, make_parents: bool = False) -> None:
    """The data folder exists (or is made: its parents too with
    `make_parents`, the default folder's case) and can be read and written."""
    name = f"the data folder {folder}"
    if folder.exists() and not folder.is_dir():
        raise SetupError(f"{name} is a file, not a folder")
    if not folder.exists():
        parent = folder.parent
        if not make_parents and not parent.is_dir():
            what = "is a file" if parent.exists() else "does not exist"
            raise SetupError(f"{name} cannot be made: the folder it would be in, {parent}, {what}")
        try:
            own_folder(folder, parents=make_parents)  # 0700: only the server's user reads its tables
        except OSError as exc:
            raise SetupError(f"{name} cannot be made: {_why(exc)}") from None
    try:
        os.listdir(folder)
        with tempfile.TemporaryFile(dir=folder, prefix=".bigcity-write-check-"):
            pass
    except OSError as exc:
        raise SetupError(f"{name} cannot be written: {_why(exc)}") from None
    for inside in ("tables.sqlite3", "finished"):
        p = folder / inside
        if not p.exists():
            continue
        try:
            if p.is_dir():
                with tempfile.TemporaryFile(dir=p, prefix=".bigcity-write-check-"):
                    pass
            else:
                with open(p, "r+b"):
                    pass
        except OSError as exc:
            raise SetupError(f"{name} holds {inside}, which cannot be written: {_why(exc)}") from None


#: what begins each kind of PEM block (RFC 7468)
_CERT = b"-----BEGIN CERTIFICATE-----"
_KEY = b"PRIVATE KEY-----"


def _read_pem(path: Path, what: str, marker: bytes) -> None:
    name = f"the {what} {path}"
    if not path.exists():
        raise SetupError(f"{name} does not exist")
    if path.is_dir():
        raise SetupError(f"{name} is a folder, not a file")
    try:
        with open(path, "rb") as f:
            head = f.read(1 << 20)
    except OSError as exc:
        raise SetupError(f"{name} cannot be read: {_why(exc)}") from None
    if marker not in head:
        raise SetupError(f"{name} is not in PEM form (no {marker.decode().strip('-')} block in it)")


def tls_context(certfile: Path, keyfile: Path | None) -> ssl.SSLContext:
    """The server's TLS context from its certificate chain and key (PEM;
    without `keyfile`, the key is in the certificate's file)."""
    _read_pem(certfile, "certificate file", _CERT)
    _read_pem(keyfile or certfile, "key file" if keyfile else "certificate file", _KEY)
    keyfile = keyfile or certfile
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        ctx.load_cert_chain(certfile, keyfile)
    except ssl.SSLError as exc:
        why = exc.reason or str(exc)
        if "KEY_VALUES_MISMATCH" in str(why).upper():
            raise SetupError(f"the key file {keyfile} is not the key of the certificate file {certfile}") from None
        raise SetupError(f"the certificate file {certfile} or its key file {keyfile} cannot be used: {why}") from None
    except OSError as exc:  # pragma: no cover - read above
        raise SetupError(f"the certificate file {certfile} cannot be read: {_why(exc)}") from None
    return ctx


def check(data_dir: Path | None, certfile: Path | None, keyfile: Path | None, make_parents: bool = False) -> None:
    """Every check above that the options call for (SetupError on the first problem)."""
    if data_dir is not None:
        check_data_dir(data_dir, make_parents)
    if certfile is not None:
        tls_context(certfile, keyfile)


__all__ = ["SetupError", "check", "check_data_dir", "tls_context"]
