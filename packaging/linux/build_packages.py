"""Linux packages from the PyInstaller folder: a .deb and a .tar.gz.

    python packaging/linux/build_packages.py [--bundle "dist/Big City"] [--out dist] [--icons build/icons]

Writes ``bigcity_<version>_<arch>.deb`` and ``BigCity-<version>-linux-<machine>.tar.gz``
into OUT and prints their names. Needs dpkg-deb and readelf (binutils); the
Depends line is worked out the way dpkg-shlibdeps does it, from the libraries
the bundle links to but does not carry, looked up with ``dpkg -S`` on the
build machine (so build on the oldest Debian or Ubuntu you support: its
glibc is the floor).

The .deb puts the folder in /opt/bigcity, links its programs (PROGRAMS:
bigcity, bigcity-cli, bigcity-server) into /usr/games (Debian's place for
games, Section: games), and installs their manual pages (man/*.6), and, all
named by the application ID org.bigcitydesktop.bigcity, the desktop entry,
the AppStream metainfo (made by metainfo.py from CHANGELOG.md), the icon in
the hicolor theme (PNG sizes and the SVG), the MIME type of .bigcity files
with its own icon (mimetypes/application-x-bigcity-game); the copyright
file (the project's MIT licence, the LGPL notice for Qt and PySide6), the
changelog (from CHANGELOG.md), the notices, md5sums and the lintian
overrides (lintian-overrides, each with its reason).
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import shutil
import subprocess
import sys
import tarfile
import textwrap
import time
from email.utils import formatdate
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import metainfo  # noqa: E402  (packaging/linux/metainfo.py)

PACKAGE = "bigcity"
#: the programs of the folder, each linked into /usr/games with a manual page man/<name>.6
PROGRAMS = ("bigcity", "bigcity-cli", "bigcity-server")
APP_ID = metainfo.APP_ID  # org.bigcitydesktop.bigcity: desktop entry, icon, metainfo
MIME_ICON = "application-x-bigcity-game"
MAINTAINER = os.environ.get(
    "BIGCITY_DEB_MAINTAINER", "Big City Desktop maintainers <maintainers@bigcitydesktop.invalid>"
)
HOMEPAGE = os.environ.get("BIGCITY_HOMEPAGE", "")
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
# Qt's Wayland plugins link these; without them Qt falls back to X11
# (XWayland), so they are recommended rather than required. The sound
# effects' miniaudio loads PulseAudio's client library (which PipeWire's
# pulse server serves too) or ALSA's with dlopen() when it opens the device;
# without either the game is silent.
RECOMMENDS = [
    "libwayland-client0",
    "libwayland-cursor0",
    "libwayland-egl1",
    "libpulse0 | libasound2t64 | libasound2",
]
# Loaded with dlopen() by Qt, so no ELF file names them: the xcb platform
# needs the cursor library, and QtGui's D-Bus code and the xdg portal theme
# need libdbus.
DLOPENED = ["libxcb-cursor.so.0", "libdbus-1.so.3"]


def _versions_module():
    import importlib.util

    if "bigcity_versions" not in sys.modules:
        spec = importlib.util.spec_from_file_location("bigcity_versions", ROOT / "packaging" / "versions.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules["bigcity_versions"] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
    return sys.modules["bigcity_versions"]


def version() -> str:
    """__version__ (PEP 440: file names)."""
    return _versions_module().project_version()


def deb_version(ver: str) -> str:
    """The same version for dpkg: 0.2.0rc1 -> 0.2.0~rc1, which sorts before 0.2.0."""
    return _versions_module().versions(ver).dpkg


def run(*cmd: str) -> str:
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def elf_files(folder: Path) -> list[Path]:
    found = []
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as fh:
                if fh.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def needed_and_glibc(files: list[Path]) -> tuple[set[str], tuple[int, ...]]:
    """DT_NEEDED names of all files, and the newest GLIBC_x.y symbol version used."""
    needed: set[str] = set()
    newest: tuple[int, ...] = (2, 17)
    for path in files:
        dynamic = subprocess.run(["readelf", "-d", "-W", str(path)], capture_output=True, text=True).stdout
        needed.update(re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic))
        versions = subprocess.run(["readelf", "-V", "-W", str(path)], capture_output=True, text=True).stdout
        for v in re.findall(r"GLIBC_(\d+(?:\.\d+)+)", versions):
            newest = max(newest, tuple(int(n) for n in v.split(".")))
    return needed, newest


def packages_of(sonames: list[str]) -> dict[str, str]:
    """soname -> the Debian package that holds it on this machine, for those
    installed here (one dpkg call: it reads its whole file list each time)."""
    found = subprocess.run(["dpkg", "-S", *(f"*/{n}" for n in sonames)], capture_output=True, text=True).stdout
    owner: dict[str, str] = {}
    for line in found.splitlines():
        package, _, path = line.partition(": ")
        if not package.startswith("diversion"):
            # "libfoo1:amd64" -> "libfoo1"
            owner.setdefault(Path(path.strip()).name, package.split(",")[0].split(":")[0].strip())
    return owner


def debian_name(soname: str) -> str:
    """Debian's usual package name for a library not installed here:
    libxcb-icccm.so.4 -> libxcb-icccm4 (a '-' before the number where the
    name ends in a digit)."""
    stem, _, number = soname.partition(".so.")
    stem = stem.lower().replace("_", "-")
    return f"{stem}-{number.split('.')[0]}" if stem[-1].isdigit() else f"{stem}{number.split('.')[0]}"


def depends(bundle: Path) -> tuple[list[str], list[str]]:
    """The Depends list, and the sonames no installed package provides."""
    files = elf_files(bundle)
    carried = {p.name for p in bundle.rglob("*")}
    needed, glibc = needed_and_glibc(files)
    outside = sorted((needed | set(DLOPENED)) - carried)
    packages: set[str] = set()
    unknown: list[str] = []
    owners = packages_of(outside)
    for soname in outside:
        if soname.startswith("libwayland-"):
            continue  # Recommends
        package = owners.get(soname)
        if package is None:
            unknown.append(soname)
            package = debian_name(soname)
        if package not in ("libc6",):
            packages.add(package)
    glibc_text = ".".join(str(n) for n in glibc)
    result = [f"libc6 (>= {glibc_text})"] + sorted(packages)
    # Debian 13 and Ubuntu 24.04 renamed a few libraries (the 64-bit time_t move).
    result = [f"{p} | {p}t64" if p in ("libglib2.0-0",) else p for p in result]
    return result, unknown


def changelog(ver: str) -> bytes:
    """Debian's changelog format, one entry per release of CHANGELOG.md (its
    items as the entry's lines), the current one first."""
    when = formatdate(float(os.environ.get("SOURCE_DATE_EPOCH", time.time())), usegmt=False)
    entries = metainfo.releases(metainfo.CHANGELOG.read_text(encoding="utf-8"))
    parts = []
    for entry in entries:
        if entry.version != ver and entry.date is None:
            continue
        stamp = when if entry.date is None else formatdate(time.mktime(time.strptime(entry.date, "%Y-%m-%d")))
        lines = [
            textwrap.fill(metainfo._plain(item), 76, initial_indent="  * ", subsequent_indent="    ")
            for item in entry.items
        ]
        parts.append(
            f"{PACKAGE} ({deb_version(entry.version)}) stable; urgency=medium\n\n"
            + "\n".join(lines)
            + f"\n\n -- {MAINTAINER}  {stamp}\n"
        )
    if not parts:
        raise SystemExit(f"CHANGELOG.md has no entry for {ver}")
    return gzip.compress("\n".join(parts).encode(), compresslevel=9, mtime=0)


def copyright_text(notices: Path) -> str:
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    mit = "\n".join(" " + (line if line.strip() else ".") for line in licence.splitlines())
    return f"""Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Big City Desktop
Comment: The program files in /opt/bigcity were built with PyInstaller; they
 hold the Python interpreter, Qt 6 and PySide6, numpy, pyqtgraph, platformdirs,
 openskill, websockets, zeroconf and ifaddr, and some libraries of the build
 system (OpenSSL among them). Each one's licence text is in
 /usr/share/doc/{PACKAGE}/THIRD-PARTY-NOTICES.txt.gz.

Files: *
Copyright: 2026 The Big City Desktop authors
License: MIT

Files: opt/bigcity/_internal/PySide6/*
Copyright: The Qt Company Ltd. and other contributors
License: LGPL-3
 Qt 6 and PySide6 are used unmodified under the GNU Lesser General Public
 License version 3, as shared libraries that can be replaced by another
 build of the same version. Sources: https://download.qt.io/ and
 https://code.qt.io/cgit/pyside/pyside-setup.git/
 .
 On Debian systems, the complete text of the GNU Lesser General Public
 License version 3 can be found in "/usr/share/common-licenses/LGPL-3", and
 the GNU General Public License version 3 in "/usr/share/common-licenses/GPL-3".

Files: opt/bigcity/_internal/zeroconf/*
Copyright: 2003 Paul Scott-Murphy, 2014 William McBrine, 2014-2021 Jakub Stasiak,
 2020-2026 J. Nick Koston, and other contributors
License: LGPL-2.1+
 python-zeroconf is used unmodified under the GNU Lesser General Public
 License version 2.1 or later; its modules lie in this folder as files
 that can be replaced by another build of the same version. Source:
 https://github.com/python-zeroconf/python-zeroconf
 .
 On Debian systems, the complete text of the GNU Lesser General Public
 License version 2.1 can be found in "/usr/share/common-licenses/LGPL-2.1".

License: MIT
{mit}
"""


def install_icons(hicolor: Path, icons: Path) -> None:
    """The app icon and the file-type icon in a hicolor theme folder."""
    for size in ICON_SIZES:
        write(hicolor / f"{size}x{size}" / "apps" / f"{APP_ID}.png", (icons / f"bigcity-{size}.png").read_bytes())
        write(
            hicolor / f"{size}x{size}" / "mimetypes" / f"{MIME_ICON}.png",
            (icons / f"bigcity-file-{size}.png").read_bytes(),
        )
    svgs = ROOT / "resources" / "icons"
    write(hicolor / "scalable" / "apps" / f"{APP_ID}.svg", (svgs / "bigcity.svg").read_bytes())
    write(hicolor / "scalable" / "mimetypes" / f"{MIME_ICON}.svg", (svgs / "bigcity-file.svg").read_bytes())


def md5sums(stage: Path) -> str:
    """DEBIAN/md5sums: every regular file but the control area (dpkg --verify reads it)."""
    import hashlib

    lines = []
    for path in sorted(stage.rglob("*")):
        if path.is_file() and not path.is_symlink() and path.relative_to(stage).parts[0] != "DEBIAN":
            lines.append(f"{hashlib.md5(path.read_bytes()).hexdigest()}  {path.relative_to(stage).as_posix()}")
    return "\n".join(lines) + "\n"


def lintian_overrides() -> str:
    """packaging/linux/lintian-overrides, the comments kept (lintian reads them as the reasons)."""
    return (HERE / "lintian-overrides").read_text(encoding="utf-8")


def write(path: Path, data: str | bytes, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    path.chmod(mode)


def build_deb(bundle: Path, icons: Path, out: Path, ver: str) -> Path:
    arch = run("dpkg", "--print-architecture").strip()
    debver = deb_version(ver)
    stage = ROOT / "build" / "deb" / f"{PACKAGE}_{debver}_{arch}"
    if stage.exists():
        shutil.rmtree(stage)
    opt = stage / "opt" / PACKAGE
    shutil.copytree(bundle, opt, symlinks=True)
    (stage / "usr" / "games").mkdir(parents=True)
    for exe in PROGRAMS:
        if not (opt / exe).is_file():
            raise SystemExit(f"{bundle}/{exe} not found: the folder lacks a program")
        if not (HERE / "man" / f"{exe}.6").is_file():
            raise SystemExit(f"packaging/linux/man/{exe}.6 not found: every program has a manual page")
        (stage / "usr" / "games" / exe).symlink_to(f"/opt/{PACKAGE}/{exe}")
    share = stage / "usr" / "share"
    desktop = (HERE / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    # /usr/games is on a desktop session's PATH on Debian and Ubuntu, but the
    # menu should not depend on it.
    write(share / "applications" / f"{APP_ID}.desktop", desktop.replace("Exec=bigcity ", "Exec=/usr/games/bigcity "))
    write(share / "metainfo" / f"{APP_ID}.metainfo.xml", metainfo.metainfo(ver))
    write(share / "mime" / "packages" / f"{APP_ID}.xml", (HERE / f"{APP_ID}.mime.xml").read_text(encoding="utf-8"))
    install_icons(share / "icons" / "hicolor", icons)
    doc = share / "doc" / PACKAGE
    notices = bundle / "THIRD-PARTY-NOTICES.txt"
    write(doc / "copyright", copyright_text(notices))
    write(doc / "changelog.gz", changelog(ver))
    write(doc / "THIRD-PARTY-NOTICES.txt.gz", gzip.compress(notices.read_bytes(), compresslevel=9, mtime=0))
    write(share / "lintian" / "overrides" / PACKAGE, lintian_overrides())
    for page in sorted((HERE / "man").glob("*.6")):
        write(share / "man" / "man6" / f"{page.name}.gz", gzip.compress(page.read_bytes(), compresslevel=9, mtime=0))
    # /opt/bigcity/THIRD-PARTY-NOTICES.txt stays where the About box points
    # ("next to the program"); LICENSE there becomes a link to the copyright
    # file, which holds the same MIT text.
    (opt / "LICENSE").unlink(missing_ok=True)
    (opt / "LICENSE").symlink_to(f"/usr/share/doc/{PACKAGE}/copyright")

    deps, unknown = depends(bundle)
    if unknown:
        print(
            f"warning: {', '.join(unknown)} not installed here; Depends names them by Debian's usual rule",
            file=sys.stderr,
        )
    size_kib = sum(p.stat().st_size for p in stage.rglob("*") if p.is_file() and not p.is_symlink()) // 1024
    control = "\n".join(
        [
            f"Package: {PACKAGE}",
            f"Version: {debver}",
            f"Architecture: {arch}",
            f"Maintainer: {MAINTAINER}",
            f"Installed-Size: {size_kib}",
            f"Depends: {', '.join(deps)}",
            f"Recommends: {', '.join(RECOMMENDS)}, fonts-dejavu-core | fonts-liberation2",
            "Section: games",
            "Priority: optional",
            *([f"Homepage: {HOMEPAGE}"] if HOMEPAGE else []),
            "Description: Big City board game, against bots or friends, locally or online",
            " A desktop version of the board game Big City (Franz-Benno Delonge, 1999;",
            " Jumbo Edition 2019): play 2 to 5 players against four strengths of",
            " computer player, or with friends at one screen or over the network,",
            " and design cities in a sandbox.",
            " .",
            " The package holds three programs: the game window (bigcity), the",
            " command line for bot tournaments, replays and layouts (bigcity-cli),",
            " and a table server that hosts network games headless, saving every",
            " table after each move (bigcity-server).",
            "",
        ]
    )
    write(stage / "DEBIAN" / "control", control)
    # Menus and MIME database are refreshed by dpkg triggers of
    # desktop-file-utils, shared-mime-info and the icon cache packages; no
    # maintainer scripts are needed.
    for path in [stage, *stage.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_dir():
            path.chmod(0o755)
        elif ".so" in path.name:
            path.chmod(0o644)  # libraries are loaded, not run
    write(stage / "DEBIAN" / "md5sums", md5sums(stage))
    deb = out / f"{PACKAGE}_{debver}_{arch}.deb"
    # xz at level 6 is dpkg's default; gzip would build faster and be ~30 % larger.
    subprocess.run(
        ["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(stage), str(deb)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return deb


def build_tarball(bundle: Path, icons: Path, out: Path, ver: str) -> Path:
    machine = os.uname().machine
    top = f"BigCity-{ver}-linux-{machine}"
    tar_path = out / f"{top}.tar.gz"

    def owned_by_root(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = "root"
        return info

    with tarfile.open(tar_path, "w:gz", compresslevel=6) as tar:
        tar.add(str(bundle), arcname=top, filter=owned_by_root)
        share = ROOT / "build" / "tar-share"
        if share.exists():
            shutil.rmtree(share)
        write(share / "applications" / f"{APP_ID}.desktop", (HERE / f"{APP_ID}.desktop").read_text(encoding="utf-8"))
        write(share / "metainfo" / f"{APP_ID}.metainfo.xml", metainfo.metainfo(ver))
        write(share / "mime" / "packages" / f"{APP_ID}.xml", (HERE / f"{APP_ID}.mime.xml").read_text(encoding="utf-8"))
        install_icons(share / "icons" / "hicolor", icons)
        # share/ is laid out like /usr/share (or ~/.local/share): copy it there.
        tar.add(str(share), arcname=f"{top}/share", filter=owned_by_root)
    return tar_path


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "Big City")
    parser.add_argument("--icons", type=Path, default=ROOT / "build" / "icons")
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    if not (args.bundle / "bigcity").is_file():
        raise SystemExit(f"{args.bundle}/bigcity not found: build the folder first (make package)")
    ver = version()
    print(build_deb(args.bundle, args.icons, args.out, ver))
    print(build_tarball(args.bundle, args.icons, args.out, ver))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
