"""The single-instance socket no other user can reach, nor pose as (issue
36): a folder only the user can enter, and each end checks who the other is
before anything is handed over."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from bigcity_desktop import single

from .nobody import NOBODY, needs_root, nobody_python, shared_folder

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="a Unix socket in a private folder")
linux_only = pytest.mark.skipif(not hasattr(socket, "SO_PEERCRED"), reason="SO_PEERCRED is Linux's")


@pytest.fixture
def no_runtime_dir(monkeypatch):
    """No XDG_RUNTIME_DIR, and a temp folder of this test's own (short: a
    socket's path has a limit)."""
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    temp = tempfile.mkdtemp(prefix="bc-")
    monkeypatch.setattr(tempfile, "tempdir", temp)
    yield
    shutil.rmtree(temp, ignore_errors=True)


def _mode(path: Path) -> int:
    return os.lstat(path).st_mode & 0o777


@posix_only
def test_without_a_runtime_folder_the_socket_is_in_a_0700_folder_of_the_data(tmp_path, no_runtime_dir):
    data = tmp_path / "d"
    address, refused = single.instance_address("key", data)
    assert refused == () and address is not None
    assert Path(address).parent == data / "run"
    assert _mode(data / "run") == 0o700 and os.lstat(data / "run").st_uid == os.geteuid()
    os.chmod(data / "run", 0o755)  # loosened: tightened again before use
    assert single.instance_address("key", data) == (address, ())
    assert _mode(data / "run") == 0o700


@posix_only
def test_a_private_runtime_folder_is_used_and_an_open_one_is_not(tmp_path, no_runtime_dir, monkeypatch):
    runtime = tmp_path / "xdg"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    address, _ = single.instance_address("key", tmp_path / "d")
    assert address is not None and Path(address).parent == runtime
    os.chmod(runtime, 0o755)  # not the app's to tighten: not used
    address, _ = single.instance_address("key", tmp_path / "d")
    assert address is not None and Path(address).parent == tmp_path / "d" / "run"
    assert _mode(runtime) == 0o755


@posix_only
def test_a_data_folder_too_long_for_a_socket_falls_back_to_a_private_temp_folder(tmp_path, no_runtime_dir):
    data = tmp_path / ("x" * 120)
    address, refused = single.instance_address("key", data)
    assert refused == () and address is not None
    folder = Path(address).parent
    assert folder == Path(tempfile.gettempdir()) / f"bigcity-{os.geteuid()}"
    assert _mode(folder) == 0o700


@needs_root
def test_folders_another_user_owns_are_never_used(tmp_path, no_runtime_dir, monkeypatch):
    """A squatter (nobody) who made the runtime folder, the data's run folder
    and the temp folder first: no socket there; this window runs alone and says so."""
    runtime = tmp_path / "xdg"
    data = tmp_path / "d"
    squatted = [runtime, data / "run", Path(tempfile.gettempdir()) / f"bigcity-{os.geteuid()}"]
    for folder in squatted:
        folder.mkdir(parents=True, mode=0o700)
        os.chown(folder, NOBODY, NOBODY)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    address, refused = single.instance_address("key", data)
    assert address is None and refused == tuple(squatted)
    from bigcity_desktop.app import alone_text

    why = alone_text(refused)
    assert all(str(f) in why for f in squatted) and "on its own" in why
    assert all(os.lstat(f).st_uid == NOBODY for f in squatted)  # never taken over either


@needs_root
def test_a_link_is_not_a_private_folder(tmp_path, no_runtime_dir):
    data = tmp_path / "d"
    data.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    (data / "run").symlink_to(elsewhere)
    address, _ = single.instance_address("key", data)
    assert address is not None and Path(address).parent != data / "run"


_SQUATTER = """
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(sys.argv[1])
s.listen(1)
print("bound", flush=True)
c, _ = s.accept()
c.settimeout(60)
got = b""
try:
    while True:
        chunk = c.recv(4096)
        if not chunk:
            break
        got += chunk
except OSError:
    pass
print(repr(got), flush=True)
"""


@needs_root
@linux_only
def test_nothing_is_handed_to_a_socket_another_user_serves(qapp):
    """A squatter (nobody) who bound the name first gets no connection's
    worth of data: the later launch sees whose socket it is and goes on alone."""
    with shared_folder() as folder:
        os.chmod(folder, 0o777)
        address = str(folder / "bigcity-squatted")
        squatter = nobody_python(_SQUATTER, address, stdout=subprocess.PIPE)
        try:
            assert squatter.stdout is not None and squatter.stdout.readline().strip() == "bound"
            assert not single.hand_over(address, {"open": "/home/someone/secret.bigcity"})
            got = squatter.stdout.readline().strip()
        finally:
            squatter.kill()
            squatter.wait(30)
    assert got == "b''"


@linux_only
def test_the_running_app_drops_a_connection_of_another_user_unread(tmp_path, qtbot, monkeypatch):
    server = single.InstanceServer(str(tmp_path / "bigcity-test"))
    assert server.listen()
    got: list[object] = []
    server.requested.connect(got.append)
    own = os.geteuid()
    monkeypatch.setattr(single, "own_uid", lambda: (own or 0) + 4242, raising=False)  # every peer is now someone else
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.connect(str(tmp_path / "bigcity-test"))
    client.sendall(b'{"open": "/tmp/x.bigcity"}\n')
    client.setblocking(False)
    closed = []

    def dropped() -> bool:
        try:
            closed.append(client.recv(16) == b"")  # closed, with no answer
        except BlockingIOError:
            return False
        except ConnectionResetError:  # aborted, with what was sent unread
            closed.append(True)
        return True

    qtbot.waitUntil(dropped, timeout=10000)
    client.close()
    server.close()
    assert closed == [True] and got == []


@linux_only
def test_the_users_own_launch_is_still_heard(tmp_path, qtbot):
    server = single.InstanceServer(str(tmp_path / "bigcity-test"))
    assert server.listen()
    with qtbot.waitSignal(server.requested, timeout=10000) as sig:
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.connect(str(tmp_path / "bigcity-test"))
        client.sendall(b'{"open": "/tmp/x.bigcity"}\n')
    client.close()
    qtbot.waitUntil(lambda: not server._buffers, timeout=10000)  # the app saw it go
    server.close()
    assert sig.args == [{"open": "/tmp/x.bigcity"}]
