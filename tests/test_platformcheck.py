"""Issue 49: where Qt's X11 platform cannot load, the app says in one line which
libraries are missing and which packages bring them, and exits 2 (a pip user
on a bare Debian met a paragraph naming xcb-cursor0, which was installed)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from bigcity_desktop import app, platformcheck
from bigcity_desktop.platformcheck import Missing, missing_for_x11, package_of, uses_x11


def test_the_sentence_names_the_libraries_and_both_families_packages() -> None:
    line = Missing(("libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-randr.so.0")).sentence()
    assert "\n" not in line
    assert "libxcb-icccm.so.4, libxcb-keysyms.so.1, libxcb-randr.so.0" in line
    assert "sudo apt install libxcb-icccm4 libxcb-keysyms1 libxcb-randr0 (Debian, Ubuntu)" in line
    assert "sudo dnf install xcb-util-wm xcb-util-keysyms libxcb (Fedora)" in line


def test_unknown_libraries_get_a_guess_from_their_name() -> None:
    assert package_of("libxcb-xinput.so.0") == ("libxcb-xinput0", "libxcb")
    assert package_of("libfoo.so.3") == ("libfoo", "libfoo")


@pytest.mark.parametrize(
    ("env", "x11"),
    [
        ({"DISPLAY": ":0"}, True),
        ({}, False),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, False),
        ({"QT_QPA_PLATFORM": "xcb"}, True),
        ({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}, False),
        (
            {"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland", "QT_QPA_PLATFORM": "xcb"},
            True,
        ),
    ],
)
def test_only_an_x11_start_is_checked(env: dict[str, str], x11: bool) -> None:
    assert uses_x11(env) is x11


def test_this_machines_plugin_loads() -> None:
    plugin = platformcheck.xcb_plugin()
    assert plugin is not None and plugin.name == "libqxcb.so"
    # the test machine has the xcb libraries (.ci/run installs them for Xvfb)
    if shutil.which("Xvfb"):
        assert missing_for_x11(plugin) is None


def test_a_plugin_needing_absent_libraries_names_each_of_them(tmp_path) -> None:
    """A copy of the real plugin that needs two more libraries no system has: both are named (ldd lists every
    missing one, not only the first the loader meets)."""
    if shutil.which("patchelf") is None or shutil.which("ldd") is None:
        pytest.skip("patchelf and ldd are needed to make a plugin with absent libraries")
    plugin = platformcheck.xcb_plugin()
    assert plugin is not None
    copy = tmp_path / "libqxcb.so"
    shutil.copy(plugin, copy)
    for lib in ("libxcb-nothere.so.7", "libalsonothere.so.2"):
        subprocess.run(["patchelf", "--add-needed", lib, str(copy)], check=True)
    found = missing_for_x11(copy)
    assert found is not None
    assert {"libxcb-nothere.so.7", "libalsonothere.so.2"} <= set(found.libraries)
    assert "libxcb-nothere0" in found.sentence()


def test_qts_own_libraries_are_checked_too(monkeypatch) -> None:
    """On a bare system QtCore itself misses GLib: that is named even where no display is used."""
    monkeypatch.setattr(platformcheck, "missing_for_qt", lambda widgets=None: Missing(("libglib-2.0.so.0",)))
    line = platformcheck.check({"QT_QPA_PLATFORM": "offscreen"})
    assert line is not None and "libglib2.0-0" in line and "glib2" in line


def test_the_app_prints_one_line_and_exits_2(monkeypatch, capsys) -> None:
    monkeypatch.setattr(platformcheck, "missing_for_x11", lambda plugin=None: Missing(("libxcb-icccm.so.4",)))
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert app.main(["--no-resume"]) == platformcheck.EXIT_NO_PLATFORM
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "libxcb-icccm4" in err[0]
