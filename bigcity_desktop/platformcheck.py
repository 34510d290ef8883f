"""Before Qt is loaded on Linux: can its libraries and its X11 platform plugin load here?

When it cannot, Qt prints a paragraph about "xcb" and aborts, and a player has
to work out which of a dozen libraries is missing (it names xcb-cursor0 even
when that one is installed and the missing ones are others). This module asks
the dynamic loader first, with the plugin's own dependencies, and says in one
line which libraries are missing and which Debian/Ubuntu and Fedora packages
bring them; the app then exits with status 2.

It loads nothing of Qt (PySide6's folder is found, not imported) and costs one
``dlopen`` of libraries Qt loads a moment later anyway; ``ldd`` runs only when
that fails, to name every missing library rather than the first.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

#: exit status when the display cannot be used (as for a usage error)
EXIT_NO_PLATFORM = 2

#: libraries the X11 platform needs, by soname: (Debian/Ubuntu package, Fedora package)
PACKAGES: dict[str, tuple[str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libX11.so.6": ("libx11-6", "libX11"),
    "libxcb.so.1": ("libxcb1", "libxcb"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
    "libOpenGL.so.0": ("libopengl0", "libglvnd-opengl"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libgthread-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libSM.so.6": ("libsm6", "libSM"),
    "libICE.so.6": ("libice6", "libICE"),
}
#: the other xcb extension libraries (libxcb-randr.so.0, ...) all come with libxcb's own packages
XCB_EXTENSION = re.compile(r"^libxcb-([a-z0-9]+)\.so\.\d+$")
#: Qt 6.5 and newer open the cursor library with dlopen: no ELF file names it
DLOPENED = ("libxcb-cursor.so.0",)


@dataclass(frozen=True)
class Missing:
    """What the X11 platform lacks on this machine."""

    libraries: tuple[str, ...]

    def packages(self) -> tuple[list[str], list[str]]:
        debian: list[str] = []
        fedora: list[str] = []
        for lib in self.libraries:
            deb, fed = package_of(lib)
            if deb not in debian:
                debian.append(deb)
            if fed not in fedora:
                fedora.append(fed)
        return debian, fedora

    def sentence(self) -> str:
        debian, fedora = self.packages()
        return (
            f"bigcity: Qt cannot start: it needs {', '.join(self.libraries)}, missing on this system. "
            f"Install them: sudo apt install {' '.join(debian)} (Debian, Ubuntu) "
            f"or sudo dnf install {' '.join(fedora)} (Fedora)."
        )


def package_of(library: str) -> tuple[str, str]:
    """The Debian/Ubuntu and the Fedora package that bring a library (a guess from its name if unknown)."""
    if library in PACKAGES:
        return PACKAGES[library]
    match = XCB_EXTENSION.match(library)
    if match:
        return (f"libxcb-{match.group(1)}0", "libxcb")
    stem = library.split(".so")[0]
    return (stem.lower(), stem)


def uses_x11(env: Mapping[str, str]) -> bool:
    """Will Qt start on X11 here? (Not under Wayland, offscreen or another platform chosen by the player.)"""
    if not sys.platform.startswith("linux"):
        return False
    chosen = env.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        return chosen.split(":")[0].split(";")[0] == "xcb"
    if env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE", "").lower() == "wayland":
        return False
    return bool(env.get("DISPLAY"))


def _pyside_file(*candidates: str) -> Path | None:
    """A file of PySide6's, found without importing it (in the wheel and in the installers)."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        for candidate in candidates:
            if (Path(folder) / candidate).exists():
                return Path(folder) / candidate
    return None


def xcb_plugin() -> Path | None:
    """PySide6's X11 platform plugin, libqxcb.so."""
    return _pyside_file("Qt/plugins/platforms/libqxcb.so", "plugins/platforms/libqxcb.so")


def qt_widgets() -> Path | None:
    """Qt's widgets library, which links its GUI and core libraries (and they GLib, fontconfig, OpenGL, ...)."""
    return _pyside_file("Qt/lib/libQt6Widgets.so.6", "lib/libQt6Widgets.so.6")


def _not_found_by_ldd(path: Path) -> list[str]:
    try:
        out = subprocess.run(["ldd", str(path)], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return re.findall(r"^\s*(\S+)\s+=>\s+not found", out, re.M)


def _loads(name: str) -> bool:
    try:
        ctypes.CDLL(name, mode=os.RTLD_LAZY if hasattr(os, "RTLD_LAZY") else 0)
    except OSError:
        return False
    return True


def _missing_for(library: Path) -> list[str]:
    """What keeps `library` from loading: the libraries ldd does not find (or the loader's own words)."""
    if _loads(str(library)):
        return []
    missing = _not_found_by_ldd(library)
    if not missing:  # the loader refused it for a reason ldd does not show: name the loader's words
        try:
            ctypes.CDLL(str(library))
        except OSError as exc:
            missing.append(str(exc))
    return missing


def missing_for_qt(widgets: Path | None = None) -> Missing | None:
    """The libraries Qt's own libraries cannot find (GLib, fontconfig, OpenGL, ...), or None."""
    widgets = widgets or qt_widgets()
    missing = _missing_for(widgets) if widgets is not None else []
    return Missing(tuple(dict.fromkeys(missing))) if missing else None


def missing_for_x11(plugin: Path | None = None) -> Missing | None:
    """The libraries the X11 platform plugin cannot find, or None when it loads."""
    plugin = plugin or xcb_plugin()
    missing = _missing_for(plugin) if plugin is not None else []
    missing.extend(lib for lib in DLOPENED if lib not in missing and not _loads(lib))
    return Missing(tuple(dict.fromkeys(missing))) if missing else None


def check(env: Mapping[str, str] | None = None) -> str | None:
    """The sentence to print before exiting with EXIT_NO_PLATFORM, or None when Qt can start (on its X11
    platform, where that is the one it will use). Call it before anything imports Qt's modules."""
    env = os.environ if env is None else env
    if not sys.platform.startswith("linux"):
        return None
    libraries: list[str] = []
    for found in (missing_for_qt(), missing_for_x11() if uses_x11(env) else None):
        libraries.extend(found.libraries if found else ())
    return Missing(tuple(dict.fromkeys(libraries))).sentence() if libraries else None
