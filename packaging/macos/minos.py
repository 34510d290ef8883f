"""The oldest macOS the bundled binaries run on, and the check that the
.app does not promise an older one.

Every Mach-O file (Python extension modules, Qt's frameworks and plugins,
numpy's libraries, the programs) records the macOS version it was built
for: ``minos`` of its ``LC_BUILD_VERSION`` load command (``version`` of
``LC_VERSION_MIN_MACOSX`` in older files). The app runs only where all of
them do, so its ``LSMinimumSystemVersion`` must be at least the highest of
them (numpy's arm64 wheels, for one, are built for macOS 14.0).

    python packaging/macos/minos.py --check "dist/Big City.app"
        every Mach-O file's minos, the highest first; exit 1 if one is above
        the app's LSMinimumSystemVersion (the release workflow runs this)
    python packaging/macos/minos.py FOLDER
        prints the highest minos under FOLDER

The PyInstaller spec derives LSMinimumSystemVersion with :func:`required`
(never below Qt's own floor). Reading the load commands needs ``otool``
(Xcode's command line tools); the parsing is plain text and is tested on
Linux (packaging/tests/test_macos_minos.py).
"""

from __future__ import annotations

import plistlib
import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

MACHO_MAGIC = {
    bytes.fromhex(m)
    for m in ("feedface", "cefaedfe", "feedfacf", "cffaedfe", "cafebabe", "bebafeca", "cafebabf", "bfbafeca")
}


def parse_version(text: str) -> tuple[int, ...]:
    return tuple(int(n) for n in text.split("."))


def show(version: tuple[int, ...]) -> str:
    return ".".join(str(n) for n in (version + (0,))[: max(2, len(version))])


def minos_from_otool(output: str) -> tuple[int, ...] | None:
    """The highest minimum macOS named in `otool -l` output (None if none):
    LC_BUILD_VERSION's ``minos`` for platform macOS (1), LC_VERSION_MIN_MACOSX's ``version``."""
    found: list[tuple[int, ...]] = []
    for command in re.split(r"^Load command \d+\s*$", output, flags=re.M)[1:]:
        kind = re.search(r"^\s*cmd (\S+)", command, re.M)
        if kind is None:
            continue
        if kind.group(1) == "LC_BUILD_VERSION":
            platform = re.search(r"^\s*platform (\S+)", command, re.M)
            minos = re.search(r"^\s*minos (\d+(?:\.\d+)*)", command, re.M)
            if minos and (platform is None or platform.group(1) in ("1", "MACOS", "macos")):
                found.append(parse_version(minos.group(1)))
        elif kind.group(1) == "LC_VERSION_MIN_MACOSX":
            version = re.search(r"^\s*version (\d+(?:\.\d+)*)", command, re.M)
            if version:
                found.append(parse_version(version.group(1)))
    return max(found) if found else None


def is_macho(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            return fh.read(4) in MACHO_MAGIC
    except OSError:
        return False


def macho_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink() and is_macho(p))


def minos_of(path: Path) -> tuple[int, ...] | None:
    out = subprocess.run(["otool", "-l", str(path)], capture_output=True, text=True, check=True).stdout
    return minos_from_otool(out)


def scan(paths: Iterable[Path]) -> dict[Path, tuple[int, ...]]:
    result = {}
    for path in paths:
        version = minos_of(path)
        if version is not None:
            result[path] = version
    return result


def required(paths: Iterable[Path], floor: str) -> str:
    """LSMinimumSystemVersion for these binaries: the highest minos, at least `floor`."""
    versions = list(scan(p for p in paths if is_macho(p)).values())
    return show(max([parse_version(floor), *versions]))


def too_new(found: dict[Path, tuple[int, ...]], declared: str) -> list[tuple[Path, tuple[int, ...]]]:
    limit = parse_version(declared)
    return sorted(((p, v) for p, v in found.items() if v > limit), key=lambda pv: pv[1], reverse=True)


def check(app: Path) -> int:
    with (app / "Contents" / "Info.plist").open("rb") as fh:
        declared = str(plistlib.load(fh)["LSMinimumSystemVersion"])
    found = scan(macho_files(app))
    if not found:
        print(f"{app}: no Mach-O file with a minimum macOS version found", file=sys.stderr)
        return 1
    highest = max(found.values())
    print(f"{app}: LSMinimumSystemVersion {declared}; {len(found)} Mach-O files, the highest minos {show(highest)}")
    for path, version in sorted(found.items(), key=lambda pv: pv[1], reverse=True)[:5]:
        print(f"  {show(version)}  {path.relative_to(app)}")
    bad = too_new(found, declared)
    for path, version in bad:
        print(f"error: {path.relative_to(app)} needs macOS {show(version)}, above {declared}", file=sys.stderr)
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "--check":
        return check(Path(argv[2]))
    if len(argv) == 2:
        found = scan(macho_files(Path(argv[1])))
        print(show(max(found.values())) if found else "none")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
