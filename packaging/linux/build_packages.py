"""Linux packages from the PyInstaller folder: a .deb and a .tar.gz.

    python packaging/linux/build_packages.py [--bundle "dist/Big City"] [--out dist] [--icons build/icons]

Writes ``bigcity_<version>_<arch>.deb`` and ``BigCity-<version>-linux-<machine>.tar.gz``
into OUT and prints their names. Needs dpkg-deb and readelf (binutils); the
Depends line is worked out the way dpkg-shlibdeps does it, from the libraries
the bundle links to but does not carry, looked up with ``dpkg -S`` on the
build machine (so build on the oldest Debian or Ubuntu you support: its
glibc is the floor).

The .deb puts the folder in /opt/bigcity, links bigcity and bigcity-cli into
/usr/bin, and installs the desktop entry, the icon in the hicolor theme
(PNG sizes and the SVG), the MIME type of .bigcity files, the copyright file
(the project's MIT licence, the LGPL notice for Qt and PySide6, and
THIRD-PARTY-NOTICES) and a changelog.
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
import time
from email.utils import formatdate
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PACKAGE = "bigcity"
MAINTAINER = os.environ.get(
    "BIGCITY_DEB_MAINTAINER", "Big City Desktop maintainers <maintainers@bigcitydesktop.invalid>"
)
HOMEPAGE = os.environ.get("BIGCITY_HOMEPAGE", "")
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
# Qt's Wayland plugins link these; without them Qt falls back to X11
# (XWayland), so they are recommended rather than required.
RECOMMENDS = ["libwayland-client0", "libwayland-cursor0", "libwayland-egl1"]
# Loaded with dlopen() by Qt, so no ELF file names them: the xcb platform
# needs the cursor library, and QtGui's D-Bus code and the xdg portal theme
# need libdbus.
DLOPENED = ["libxcb-cursor.so.0", "libdbus-1.so.3"]


def version() -> str:
    text = (ROOT / "bigcity_desktop" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"', text, re.M)
    if match is None:
        raise SystemExit("no __version__ in bigcity_desktop/__init__.py")
    return match.group(1)


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
    when = formatdate(float(os.environ.get("SOURCE_DATE_EPOCH", time.time())), usegmt=False)
    text = (
        f"{PACKAGE} ({ver}) stable; urgency=medium\n\n"
        f"  * Release {ver} of Big City Desktop, built from the tag v{ver}.\n"
        f"    What changed is in the project's release notes.\n\n"
        f" -- {MAINTAINER}  {when}\n"
    )
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


def copyright_text(notices: Path) -> str:
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    mit = "\n".join(" " + (line if line.strip() else ".") for line in licence.splitlines())
    return f"""Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Big City Desktop
Comment: The program files in /opt/bigcity were built with PyInstaller; they
 hold the Python interpreter, Qt 6 and PySide6, numpy, pyqtgraph, platformdirs
 and openskill, and some libraries of the build system. Each one's licence
 text is in /usr/share/doc/{PACKAGE}/THIRD-PARTY-NOTICES.txt.gz.

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

License: MIT
{mit}
"""


def write(path: Path, data: str | bytes, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    path.chmod(mode)


def build_deb(bundle: Path, icons: Path, out: Path, ver: str) -> Path:
    arch = run("dpkg", "--print-architecture").strip()
    stage = ROOT / "build" / "deb" / f"{PACKAGE}_{ver}_{arch}"
    if stage.exists():
        shutil.rmtree(stage)
    opt = stage / "opt" / PACKAGE
    shutil.copytree(bundle, opt, symlinks=True)
    (stage / "usr" / "bin").mkdir(parents=True)
    for exe in ("bigcity", "bigcity-cli"):
        (stage / "usr" / "bin" / exe).symlink_to(f"/opt/{PACKAGE}/{exe}")
    share = stage / "usr" / "share"
    write(share / "applications" / "bigcity.desktop", (HERE / "bigcity.desktop").read_text(encoding="utf-8"))
    write(share / "mime" / "packages" / "bigcity.xml", (HERE / "bigcity-mime.xml").read_text(encoding="utf-8"))
    for size in ICON_SIZES:
        write(
            share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "bigcity.png",
            (icons / f"bigcity-{size}.png").read_bytes(),
        )
    write(
        share / "icons" / "hicolor" / "scalable" / "apps" / "bigcity.svg",
        (ROOT / "resources" / "icons" / "bigcity.svg").read_bytes(),
    )
    doc = share / "doc" / PACKAGE
    notices = bundle / "THIRD-PARTY-NOTICES.txt"
    write(doc / "copyright", copyright_text(notices))
    write(doc / "changelog.gz", changelog(ver))
    write(doc / "THIRD-PARTY-NOTICES.txt.gz", gzip.compress(notices.read_bytes(), compresslevel=9, mtime=0))
    # The copies in /opt stay (the About box and a player look there), the
    # top-level ones are replaced by links to the doc folder's.
    for name in ("LICENSE", "THIRD-PARTY-NOTICES.txt"):
        (opt / name).unlink(missing_ok=True)
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
            f"Version: {ver}",
            f"Architecture: {arch}",
            f"Maintainer: {MAINTAINER}",
            f"Installed-Size: {size_kib}",
            f"Depends: {', '.join(deps)}",
            f"Recommends: {', '.join(RECOMMENDS)}, fonts-dejavu-core | fonts-liberation2",
            "Section: games",
            "Priority: optional",
            *([f"Homepage: {HOMEPAGE}"] if HOMEPAGE else []),
            "Description: Big City board game, against bots or friends at one screen",
            " A desktop version of the board game Big City (Franz-Benno Delonge, 1999;",
            " Jumbo Edition 2019): play 2 to 5 players against four strengths of",
            " computer player, design cities in a sandbox, and run bot tournaments",
            " from the command line (bigcity-cli).",
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
    deb = out / f"{PACKAGE}_{ver}_{arch}.deb"
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
        tar.add(str(HERE / "bigcity.desktop"), arcname=f"{top}/share/bigcity.desktop", filter=owned_by_root)
        tar.add(str(HERE / "bigcity-mime.xml"), arcname=f"{top}/share/bigcity-mime.xml", filter=owned_by_root)
        tar.add(str(icons / "bigcity-256.png"), arcname=f"{top}/share/bigcity.png", filter=owned_by_root)
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
