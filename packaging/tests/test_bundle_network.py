"""Network play from the built bundle: bigcity-server serves, bots think in
worker processes of the frozen program, wss:// works, and the libraries
network play loads are all inside.

Run by `make package-test` after `make package`. Every server here is the
bundle's ``bigcity-server`` (from the extracted tar.gz), listening on
127.0.0.1 only, on a free port it picks itself (``--port 0``, the address
read from its first line), with ``--no-mdns`` and a data folder of its
own. The clients are the project's client core
(``bigcity_desktop.net.client.TableClient``) from the venv, which is what
the game window uses too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import pkgutil
import queue
import re
import shutil
import signal
import ssl
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_packages import GUARD, VERSION, _env

from bigcity_desktop.net.client import (
    ConnectionChanged,
    ConnectionState,
    Refusal,
    SeatAssigned,
    TableClient,
    ViewUpdate,
)
from bigcity_desktop.net.slim import blank_comments


class BundledServer:
    """The bundle's bigcity-server in a session of its own (so that its
    worker processes can be found and waited for), on 127.0.0.1."""

    def __init__(self, program: Path, tmp: Path, *extra: str) -> None:
        self.data = tmp / "tables"
        cmd = [str(program), "--host", "127.0.0.1", "--port", "0", "--no-mdns"]
        cmd += ["--data-dir", str(self.data), "--bot-delay", "0", "--stats", *extra]
        self.proc = subprocess.Popen(
            cmd,
            env=_env(tmp),
            cwd=tmp,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        lines: queue.Queue[str] = queue.Queue()
        assert self.proc.stdout is not None
        threading.Thread(target=lambda: lines.put(self.proc.stdout.readline()), daemon=True).start()  # type: ignore[union-attr]
        try:
            first = lines.get(timeout=GUARD)
        except queue.Empty:
            self.proc.kill()
            raise AssertionError("bigcity-server printed nothing") from None
        match = re.match(rf"^bigcity-server {re.escape(VERSION)} listening on (wss?://127\.0\.0\.1:\d+) ", first)
        if match is None:
            self.proc.kill()
            raise AssertionError(f"bigcity-server did not start: {first!r} {self.proc.communicate()[1][-3000:]}")
        self.url = match.group(1)

    def children(self) -> list[int]:
        """The server's child processes (Linux /proc)."""
        found = []
        for task in Path(f"/proc/{self.proc.pid}/task").iterdir():
            with contextlib.suppress(OSError):
                found += [int(pid) for pid in (task / "children").read_text().split()]
        return found

    def stop(self) -> tuple[int, str, str]:
        """SIGTERM, as a service manager stops it; its exit status, the rest
        of its output and its errors. Its worker processes must be gone too."""
        self.proc.send_signal(signal.SIGTERM)
        out, err = self.proc.communicate(timeout=GUARD)
        deadline = time.monotonic() + GUARD
        while True:
            try:
                os.killpg(self.proc.pid, 0)
            except ProcessLookupError:
                break
            assert time.monotonic() < deadline, "worker processes of the server are left running"
            time.sleep(0.05)
        return self.proc.returncode, out, err

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.communicate()


@pytest.fixture
def server_program(extracted: Path) -> Path:
    return extracted / "bigcity-server"


@contextlib.contextmanager
def serving(program: Path, tmp: Path, *extra: str) -> Iterator[BundledServer]:
    server = BundledServer(program, tmp, *extra)
    try:
        yield server
    finally:
        if server.proc.poll() is None:
            server.kill()


async def _next(events: asyncio.Queue[object], kind: type, timeout: float = GUARD) -> object:
    """The next event of `kind` (a Refusal of anything fails the test)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        event = await asyncio.wait_for(events.get(), max(0.01, end - loop.time()))
        if isinstance(event, Refusal):
            raise AssertionError(f"the server refused: {event}")
        if isinstance(event, kind):
            return event


async def _until_a_bot_moves(url: str, context: ssl.SSLContext | None = None) -> tuple[str | None, int]:
    """Connect, say hello, open a table of one player and an easy bot, start
    it and play this seat's moves until the bot has made one; the server's
    program name and the bot's seat."""
    client = TableClient(url, ssl=context, reconnect_for=0.0)
    events = client.events()
    client.start()
    try:
        while True:
            changed = await _next(events, ConnectionChanged)
            assert isinstance(changed, ConnectionChanged)
            assert changed.state != ConnectionState.CLOSED, changed.reason
            if changed.state == ConnectionState.CONNECTED:
                break
        client.create("Packager", ["human", "easy"], edition="original", title="bundle check")
        seated = await _next(events, SeatAssigned)
        assert isinstance(seated, SeatAssigned)
        client.start_game()
        while True:
            update = await _next(events, ViewUpdate)
            assert isinstance(update, ViewUpdate)
            if update.by is not None and update.by != seated.seat:
                return changed.server, update.by
            view = update.view
            if not view.is_over and view.current_player == seated.seat:
                client.act(view.legal_actions()[0], update.at)
    finally:
        await client.close()


async def _closed_because(url: str) -> str:
    """Connect with the system's trusted certificates only; why it closed.
    (The context is given: TableClient without one passes ssl=None for a
    wss:// address, which websockets refuses with a ValueError.)"""
    client = TableClient(url, ssl=ssl.create_default_context(), reconnect_for=0.0)
    events = client.events()
    client.start()
    try:
        while True:
            changed = await _next(events, ConnectionChanged)
            assert isinstance(changed, ConnectionChanged)
            assert changed.state != ConnectionState.CONNECTED, "a certificate nobody vouches for was trusted"
            if changed.state == ConnectionState.CLOSED:
                return changed.reason or ""
    finally:
        await client.close()


def test_server_help_exits_zero(server_program: Path, tmp_path: Path) -> None:
    result = subprocess.run(
        [str(server_program), "--help"], env=_env(tmp_path), cwd=tmp_path, capture_output=True, text=True, timeout=GUARD
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: bigcity-server") and "--certfile" in result.stdout


def test_server_serves_a_table_and_its_bot_thinks_in_a_worker_process(server_program: Path, tmp_path: Path) -> None:
    """A whole round trip: hello, a table, the start, moves both ways. The
    bot's move comes from the server's process pool (the default), which
    starts the frozen program again as its worker: if that failed, the
    server would log "the easy bot failed" and play a random move instead."""
    with serving(server_program, tmp_path) as server:
        assert server.url.startswith("ws://")
        program, bot_seat = asyncio.run(_until_a_bot_moves(server.url))
        assert program is not None and VERSION in program, program
        assert bot_seat == 1
        workers = [pid for pid in server.children() if Path(f"/proc/{pid}/exe").resolve() == server_program.resolve()]
        assert workers, "no worker process of the bundled program"
        rc, out, err = server.stop()
    assert rc == 0, err[-3000:]
    assert "bot failed" not in err and "Traceback" not in err, err[-3000:]
    stats = json.loads(out.strip().splitlines()[-1])
    assert stats["bot_moves"] >= 1 and stats["actions"] >= 1, stats
    assert any(server.data.iterdir()), "the table was not saved"


def test_server_serves_the_browser_seats_page(server_program: Path, tmp_path: Path) -> None:
    """The frozen server answers plain HTTP on its port: the page of a
    table, every file of the page (from the bundle, not the source tree) and
    the JSON made from the package's data; anything else is 404."""
    import urllib.error
    import urllib.request

    static = Path(__file__).resolve().parents[2] / "bigcity_desktop" / "web" / "static"
    with serving(server_program, tmp_path) as server:
        base = "http://" + server.url.split("://", 1)[1]

        def get(path: str) -> tuple[int, bytes]:
            try:
                with urllib.request.urlopen(base + path, timeout=GUARD) as answer:  # loopback only
                    return answer.status, answer.read()
            except urllib.error.HTTPError as refused:
                return refused.code, b""

        status, page = get("/t/some-table")
        assert status == 200 and b"<html" in page.lower(), (status, page[:200])
        for name in sorted(p.name for p in static.iterdir() if p.is_file()):
            status, body = get(f"/static/{name}")
            if name == "index.html":  # the page names its files at their versioned addresses (net/web.py)
                version = re.search(rb'href="/static/([0-9a-f]{16})/page\.css"', body)
                assert status == 200 and version is not None, (status, body[:300])
                assert get(f"/static/{version.group(1).decode()}/page.css") == (200, (static / "page.css").read_bytes())
                continue
            source = (static / name).read_bytes()
            sent = blank_comments(source) if name.endswith(".js") else source  # comment lines blanked (net/slim.py)
            assert (status, body) == (200, sent), name
        for name in ("schemas.json", "rules.original.json", "rules.jumbo.json"):
            status, body = get(f"/static/{name}")
            assert status == 200 and json.loads(body), name
        assert get("/static/../../etc/passwd")[0] == 404
        assert get("/nothing-here")[0] == 404
        rc, _out, err = server.stop()
    assert rc == 0, err[-3000:]


def _self_signed(tmp: Path) -> tuple[Path, Path]:
    openssl = shutil.which("openssl")
    if openssl is None:
        message = "openssl is not installed: no certificate to serve wss:// with (Debian: apt-get install openssl)"
        if os.environ.get("BIGCITY_REQUIRE_LINUX_TOOLS") == "1":  # .ci/run installs it
            pytest.fail(f"BIGCITY_REQUIRE_LINUX_TOOLS=1 but {message}")
        pytest.skip(message)
    cert, key = tmp / "cert.pem", tmp / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"]
        + ["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]
        + ["-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
        timeout=GUARD,
    )
    return cert, key


def test_server_speaks_wss_with_a_certificate(server_program: Path, tmp_path: Path) -> None:
    """--certfile/--keyfile: the bundled ssl module and OpenSSL serve TLS; a
    client that trusts the certificate plays, one that does not is turned away
    by its own check."""
    cert, key = _self_signed(tmp_path)
    with serving(server_program, tmp_path, "--certfile", str(cert), "--keyfile", str(key)) as server:
        assert server.url.startswith("wss://127.0.0.1:")
        trusting = ssl.create_default_context(cafile=str(cert))
        program, _ = asyncio.run(_until_a_bot_moves(server.url, trusting))
        assert program is not None and VERSION in program
        reason = asyncio.run(_closed_because(server.url))
        assert "secure connection failed" in reason and "CERTIFICATE_VERIFY_FAILED" in reason, reason
        rc, _, err = server.stop()
    assert rc == 0 and "Traceback" not in err, err[-3000:]


def _modules_of(package: str) -> set[str]:
    """Every module of an installed package (the venv's), its tests left out."""
    module = __import__(package)
    names = {package}
    with warnings.catch_warnings():  # walking imports websockets.legacy, which warns that it is deprecated
        warnings.simplefilter("ignore", DeprecationWarning)
        for info in pkgutil.walk_packages(module.__path__, f"{package}."):
            if ".test" not in info.name:
                names.add(info.name)
    return names


def _pyz_names(folder: Path) -> set[str]:
    """The modules in the programs' archive (PYZ, the same in all three)."""
    why = "PyInstaller (the build extra) is not installed"
    readers = pytest.importorskip("PyInstaller.archive.readers", reason=why)
    return set(readers.CArchiveReader(str(folder / "bigcity-server")).open_embedded_archive("PYZ.pyz").toc)


def _bundled_modules(folder: Path) -> set[str]:
    """The modules in the bundle: those in the program's archive (PYZ) and
    those lying in _internal/ as files (extension modules, collected sources)."""
    names = _pyz_names(folder)
    internal = folder / "_internal"
    for path in internal.rglob("*"):
        if path.suffix in (".py", ".pyc", ".so", ".pyd"):
            parts = list(path.relative_to(internal).with_name(path.name.split(".")[0]).parts)
            if parts[-1] == "__init__":
                parts.pop()
            names.add(".".join(parts))
    return names


def test_every_module_of_the_network_libraries_is_bundled(extracted: Path) -> None:
    """zeroconf's compiled modules import one another from C, and websockets
    imports its own lazily: PyInstaller sees neither, so the spec collects
    them, and this checks that every module the venv has is in the bundle.
    (mDNS itself is not started here: it would send to the local network.)"""
    bundled = _bundled_modules(extracted)
    for package in ("websockets", "zeroconf", "ifaddr", "bigcity_desktop.net"):
        top = package.split(".")[0]
        wanted = {m for m in _modules_of(top) if m.startswith(package)}
        missing = sorted(wanted - bundled)
        assert not missing, f"{package}: {missing}"
    # zeroconf (LGPL) lies in _internal/zeroconf/ as files a player can replace
    assert (extracted / "_internal" / "zeroconf" / "_core.py").is_file()
    assert not any(name.startswith("zeroconf") for name in _pyz_names(extracted))


def test_the_frozen_programs_find_the_systems_certificates() -> None:
    """packaging/hooks/rth_cacerts.py: the bundled OpenSSL looks for trusted
    certificates where its build machine keeps them; the hook points it at
    the running system's own bundle instead, unless the player chose one."""
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "hooks" / "rth_cacerts.py"
    spec = importlib.util.spec_from_file_location("rth_cacerts", path)
    assert spec and spec.loader
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)  # not frozen: it only defines
    fedora = {"/etc/pki/tls/certs/ca-bundle.crt"}
    assert hook.system_ca_bundle({}, fedora.__contains__, "linux") == "/etc/pki/tls/certs/ca-bundle.crt"
    assert hook.system_ca_bundle({}, {"/etc/ssl/cert.pem"}.__contains__, "darwin") == "/etc/ssl/cert.pem"
    assert hook.system_ca_bundle({"SSL_CERT_FILE": "/mine.pem"}, fedora.__contains__, "linux") is None
    assert hook.system_ca_bundle({"SSL_CERT_DIR": "/mine"}, fedora.__contains__, "linux") is None
    assert hook.system_ca_bundle({}, fedora.__contains__, "win32") is None  # Windows: its certificate store
    assert hook.system_ca_bundle({}, set().__contains__, "linux") is None
    spec_text = (Path(__file__).resolve().parents[1] / "bigcity.spec").read_text(encoding="utf-8")
    assert '"hooks", "rth_cacerts.py"' in spec_text
