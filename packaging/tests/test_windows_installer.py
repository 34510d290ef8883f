"""The Windows installer, compiled and installed on Linux under wine.

packaging/windows/bigcity.iss is compiled with Inno Setup's own compiler
(ISCC.exe 6.4 from the npm package ``innosetup``: packaging/windows/get-innosetup.sh)
under Debian's wine, against the Linux app folder as a stand-in payload
(PyInstaller does not cross-compile, so there is no Windows folder here;
empty files stand in for bigcity.exe, bigcity-cli.exe and bigcity-server.exe). The installer is
then run silently in a fresh wine prefix, in German, and checked: every
file where it belongs, the uninstaller, the ``.bigcity`` association and
the uninstall entry in the registry; then the uninstaller runs and must
leave no file and none of those keys behind.

The real Windows build (the programs, a per-user install, starting the
game) is checked by the release workflow on a Windows runner.

Without wine, xvfb-run or ISCC this test says which is missing and skips,
unless BIGCITY_REQUIRE_WINE=1 (set by .ci/run, which installs them), where
it fails instead.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "dist" / "Big City"
ICONS = ROOT / "build" / "icons"
ISS = ROOT / "packaging" / "windows" / "bigcity.iss"
APP_ID = "{DA237CDF-D2B7-4DD4-B225-3128AE735775}_is1"
INSTALL_DIR = "C:\\BigCity"
# Wine runs the wizard's (hidden) window even for a silent install: a slow
# machine gets minutes, a hung wine is stopped.
TIMEOUT = 600
#: the folder's programs (packaging/bigcity.spec), as the Windows build names them
PROGRAMS = ("bigcity.exe", "bigcity-cli.exe", "bigcity-server.exe")

sys.path.insert(0, str(ROOT / "packaging" / "tests"))
from test_versions import versions, versions_module  # noqa: E402


def _missing() -> str | None:
    for tool in ("wine", "wineserver", "xvfb-run"):
        if not shutil.which(tool):
            return f"{tool} is not installed (Debian: apt-get install wine wine32:i386 wine64 xvfb xauth)"
    if not _iscc().is_file():
        return f"{_iscc()} not found: run `bash packaging/windows/get-innosetup.sh` first"
    if not BUNDLE.is_dir():
        return f"{BUNDLE} not found: run `make package` first"
    return None


def _iscc() -> Path:
    given = os.environ.get("BIGCITY_ISCC")
    return Path(given) if given else ROOT / "build" / "tools" / "innosetup-6.4.1" / "bin" / "ISCC.exe"


def _winpath(path: Path) -> str:
    """The path as wine's Z: drive shows the Linux root."""
    return "Z:" + str(path.resolve()).replace("/", "\\")


@pytest.fixture(scope="module")
def wine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    missing = _missing()
    if missing:
        if os.environ.get("BIGCITY_REQUIRE_WINE") == "1":
            pytest.fail(f"BIGCITY_REQUIRE_WINE=1 but {missing}")
        pytest.skip(f"Windows installer not checked under wine: {missing}")
    prefix = tmp_path_factory.mktemp("wineprefix")
    env = {
        **os.environ,
        "WINEPREFIX": str(prefix),
        "WINEARCH": "win64",
        "WINEDEBUG": "-all",
        # no Mono or Gecko download prompts (neither is needed, nor reachable)
        "WINEDLLOVERRIDES": "mscoree,mshtml=",
    }
    subprocess.run(["wineboot", "-i"], env=env, check=True, capture_output=True, timeout=TIMEOUT)
    subprocess.run(["wineserver", "-w"], env=env, check=True, timeout=TIMEOUT)
    yield env
    subprocess.run(["wineserver", "-k"], env=env, capture_output=True, timeout=60)


def _in_wine(env: dict[str, str], *cmd: str) -> subprocess.CompletedProcess[str]:
    """Run a Windows program under a virtual X display and wait until the
    prefix is idle (the uninstaller, for one, runs on from a copy in Temp)."""
    script = '"$@"; rc=$?; wineserver -w; exit $rc'
    return subprocess.run(
        ["xvfb-run", "-a", "sh", "-c", script, "sh", "wine", *cmd],
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


def read_registry(path: Path) -> dict[str, dict[str, str]]:
    """A wine registry file (system.reg, user.reg): key -> {value name: text}.
    The default value is named "@"; non-string values keep their raw text."""
    keys: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        header = re.match(r"^\[(.+)\] \d+", line)
        if header:
            current = keys.setdefault(header.group(1).replace("\\\\", "\\"), {})
            continue
        value = re.match(r'^(@|"((?:[^"\\]|\\.)*)")=(.*)$', line)
        if value and current is not None:
            name = "@" if value.group(1) == "@" else value.group(2).replace('\\"', '"').replace("\\\\", "\\")
            raw = value.group(3)
            if raw.startswith('"') and raw.endswith('"'):
                raw = raw[1:-1].replace('\\"', '"').replace("\\\\", "\\")
            current[name] = raw
    return keys


def _classes(keys: dict[str, dict[str, str]], name: str) -> list[str]:
    return [k for k in keys if k.lower().startswith(f"software\\classes\\{name}".lower())]


@pytest.fixture(scope="module")
def installer(wine: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """bigcity.iss compiled by ISCC under wine, version X.Y.Zrc1 (the case
    that used to stop ISCC), against the Linux folder."""
    stage = tmp_path_factory.mktemp("payload") / "Big City"
    shutil.copytree(BUNDLE, stage, symlinks=True, copy_function=os.link)
    for exe in PROGRAMS:
        (stage / exe).write_bytes(b"")  # stand-ins: the Linux programs have no .exe
    v = versions(versions_module.versions(versions_module.project_version()).short + "rc1")
    out = tmp_path_factory.mktemp("installer")
    result = subprocess.run(
        [
            "wine",
            str(_iscc()),
            "/Q",
            f"/DBuildDir={_winpath(stage)}",
            f"/DIconDir={_winpath(ICONS)}",
            f"/DAppVersion={v.pep440}",
            f"/DVersionNumbers={v.windows}",
            f"/DOutputDir={_winpath(out)}",
            # the release keeps lzma2/max; here the payload is a stand-in and time counts
            "/DCompression=lzma2/fast",
            _winpath(ISS),
        ],
        env=wine,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    (setup,) = out.glob("*.exe")
    assert setup.name == f"BigCity-{v.pep440}-windows-x64-setup.exe"
    return setup


def test_silent_install_in_german_then_uninstall_leaves_nothing(wine: dict[str, str], installer: Path) -> None:
    prefix = Path(wine["WINEPREFIX"])
    app = prefix / "drive_c" / "BigCity"
    # Per machine (/ALLUSERS): wine has no per-user Program Files folder
    # (FOLDERID_UserProgramFiles), which {autopf} needs in a per-user install;
    # the release workflow installs per user on Windows itself.
    flags = ["/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART", "/ALLUSERS", "/LANG=german"]
    result = _in_wine(wine, str(installer), *flags, f"/DIR={INSTALL_DIR}", "/LOG=C:\\setup.log")
    log = (prefix / "drive_c" / "setup.log").read_text(encoding="utf-8-sig", errors="replace")
    assert result.returncode == 0 and "Installation process succeeded" in log, log[-3000:]

    # every file of the folder, at its place, the same size
    for path in BUNDLE.rglob("*"):
        if path.is_file() and not path.is_symlink():
            installed = app / path.relative_to(BUNDLE)
            assert installed.is_file() and installed.stat().st_size == path.stat().st_size, installed
    for name in (*PROGRAMS, "bigcity-file.ico", "unins000.exe", "unins000.dat"):
        assert (app / name).is_file(), name

    keys = read_registry(prefix / "system.reg")
    classes = "Software\\Classes"
    assert keys[f"{classes}\\.bigcity"]["@"] == "BigCityDesktop.Game"
    assert "BigCityDesktop.Game" in keys[f"{classes}\\.bigcity\\OpenWithProgids"]
    assert keys[f"{classes}\\BigCityDesktop.Game"]["@"] == "Big-City-Partie"  # the German name of the type
    assert keys[f"{classes}\\BigCityDesktop.Game\\DefaultIcon"]["@"] == f"{INSTALL_DIR}\\bigcity-file.ico"
    command = keys[f"{classes}\\BigCityDesktop.Game\\shell\\open\\command"]["@"]
    assert command == f'"{INSTALL_DIR}\\bigcity.exe" "%1"'
    assert ".bigcity" in keys[f"{classes}\\Applications\\bigcity.exe\\SupportedTypes"]
    uninstall = keys[f"Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\{APP_ID}"]
    assert uninstall["DisplayName"] == "Big City"
    assert uninstall["DisplayVersion"] == installer.name.split("-")[1]
    assert uninstall["Inno Setup: Language"] == "german"
    assert uninstall["UninstallString"] == f'"{INSTALL_DIR}\\unins000.exe"'

    result = _in_wine(wine, f"{INSTALL_DIR}\\unins000.exe", "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART")
    assert result.returncode == 0, result.stderr
    assert not app.exists(), sorted(str(p) for p in app.rglob("*"))[:10]
    keys = read_registry(prefix / "system.reg")
    left = _classes(keys, ".bigcity") + _classes(keys, "BigCityDesktop.") + _classes(keys, "Applications\\bigcity.exe")
    assert not left, left
    assert not [k for k in keys if APP_ID in k]
