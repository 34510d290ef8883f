"""Stripping the Linux bundle without breaking it, and the check that it was not.

    python packaging/linux/elfcheck.py strip "dist/Big City"   # strip what survives it
    python packaging/linux/elfcheck.py check "dist/Big City"   # every ELF file loadable

Why not PyInstaller's ``strip=True``: the libraries a wheel vendors
(``numpy.libs/libscipy_openblas64_-….so``, ``*.libs/`` of other wheels) were
rewritten by auditwheel with patchelf, which appends LOAD segments at odd
file offsets; binutils' ``strip`` then lays the file out again and breaks the
rule the dynamic loader checks first (a LOAD segment's file offset and address
must agree modulo its alignment). The loader refuses such a file with "ELF load
command address/offset not page-aligned", and every Linux installer showed the
crash dialog the first time the score chart imported numpy.

So the bundle is built unstripped and this script strips a copy of each ELF
file that still has a symbol table, keeps the copy only when every LOAD segment
of it passes the loader's check, and leaves the files auditwheel vendored
(folders named ``*.libs``) alone. ``check`` applies the same test to every ELF
file of a bundle; ``make package-test`` runs it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

PT_LOAD = 1
ELF_MAGIC = b"\x7fELF"


@dataclass(frozen=True)
class Segment:
    """One program header of type LOAD."""

    offset: int
    vaddr: int
    align: int


@dataclass(frozen=True)
class ElfFile:
    """What the dynamic loader looks at before it maps a file."""

    path: Path
    segments: tuple[Segment, ...]
    has_symtab: bool

    def misaligned(self) -> list[Segment]:
        """LOAD segments the loader refuses (offset and address disagree modulo the page alignment)."""
        return [s for s in self.segments if s.align > 1 and (s.offset - s.vaddr) % s.align != 0]


def is_elf(path: Path) -> bool:
    if path.is_symlink() or not path.is_file():
        return False
    with path.open("rb") as fh:
        return fh.read(4) == ELF_MAGIC


def read_elf(path: Path) -> ElfFile:
    """The LOAD segments and whether a .symtab section is present (64- and 32-bit, either byte order)."""
    data = path.read_bytes()
    if data[:4] != ELF_MAGIC or len(data) < 52:
        raise ValueError(f"{path}: not an ELF file")
    is64 = data[4] == 2
    order = "<" if data[5] == 1 else ">"
    if is64:
        phoff, shoff = struct.unpack_from(order + "QQ", data, 0x20)
        phentsize, phnum, shentsize, shnum = struct.unpack_from(order + "HHHH", data, 0x36)
    else:
        phoff, shoff = struct.unpack_from(order + "II", data, 0x1C)
        phentsize, phnum, shentsize, shnum = struct.unpack_from(order + "HHHH", data, 0x2A)
    segments = []
    for i in range(phnum):
        at = phoff + i * phentsize
        if is64:
            p_type, _flags, p_offset, p_vaddr, _paddr, _filesz, _memsz, p_align = struct.unpack_from(
                order + "IIQQQQQQ", data, at
            )
        else:
            p_type, p_offset, p_vaddr, _paddr, _filesz, _memsz, _flags, p_align = struct.unpack_from(
                order + "IIIIIIII", data, at
            )
        if p_type == PT_LOAD:
            segments.append(Segment(p_offset, p_vaddr, p_align))
    has_symtab = False
    sht_symtab = 2
    for i in range(shnum):
        at = shoff + i * shentsize
        if at + shentsize > len(data):
            break
        sh_type = struct.unpack_from(order + "I", data, at + 4)[0]
        if sh_type == sht_symtab:
            has_symtab = True
            break
    return ElfFile(path, tuple(segments), has_symtab)


def elf_files(folder: Path) -> list[Path]:
    return [p for p in sorted(folder.rglob("*")) if is_elf(p)]


def vendored(path: Path) -> bool:
    """A library a wheel vendored with auditwheel (patchelf-rewritten): never stripped."""
    return any(part.endswith(".libs") for part in path.parts[:-1])


@dataclass(frozen=True)
class StripReport:
    stripped: int
    saved_bytes: int
    kept_vendored: int
    kept_refused: tuple[str, ...]


def strip_folder(folder: Path, strip: str = "strip") -> StripReport:
    """Strips each ELF file with a symbol table whose stripped copy the loader would still map."""
    tool = shutil.which(strip)
    if tool is None:
        raise SystemExit(f"error: `{strip}` not found: install binutils (Debian/Ubuntu: apt install binutils)")
    stripped = saved = vendored_count = 0
    refused: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for path in elf_files(folder):
            if vendored(path):
                vendored_count += 1
                continue
            if not read_elf(path).has_symtab:
                continue
            copy = Path(tmp) / "copy"
            shutil.copy2(path, copy)
            result = subprocess.run([tool, "--strip-unneeded", str(copy)], capture_output=True, text=True)
            if result.returncode != 0 or read_elf(copy).misaligned():
                refused.append(str(path.relative_to(folder)))
                continue
            saved += path.stat().st_size - copy.stat().st_size
            os.replace(copy, path)
            stripped += 1
    return StripReport(stripped, saved, vendored_count, tuple(refused))


def check_folder(folder: Path) -> list[str]:
    """One sentence for each ELF file the dynamic loader would refuse to map."""
    problems = []
    for path in elf_files(folder):
        bad = read_elf(path).misaligned()
        if bad:
            first = bad[0]
            problems.append(
                f"{path.relative_to(folder)}: LOAD segment at file offset {first.offset:#x}, address {first.vaddr:#x} "
                f"disagree modulo {first.align:#x} (the loader says 'ELF load command address/offset not page-aligned')"
            )
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("strip", "check"))
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    if args.command == "strip":
        report = strip_folder(args.folder)
        print(
            f"stripped {report.stripped} files ({report.saved_bytes / 1e6:.1f} MB saved); "
            f"{report.kept_vendored} vendored libraries and {len(report.kept_refused)} others left as they were"
        )
        for name in report.kept_refused:
            print(f"  not stripped (would not load stripped): {name}")
    problems = check_folder(args.folder)
    for line in problems:
        print(f"error: {line}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
