"""packaging/macos/minos.py reads the minimum macOS of Mach-O files from
otool's output; checked here on the text otool prints (no macOS needed)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("bigcity_minos", ROOT / "packaging" / "macos" / "minos.py")
assert _spec and _spec.loader
minos = importlib.util.module_from_spec(_spec)
sys.modules["bigcity_minos"] = minos
_spec.loader.exec_module(minos)

# Abridged `otool -l` of numpy's arm64 _multiarray_umath (built for macOS 14)
BUILD_VERSION = """\
numpy/_core/_multiarray_umath.cpython-311-darwin.so:
Load command 0
      cmd LC_SEGMENT_64
  cmdsize 472
  segname __TEXT
Load command 9
      cmd LC_BUILD_VERSION
  cmdsize 32
 platform 1
    minos 14.0
      sdk 14.5
   ntools 1
Load command 10
      cmd LC_SOURCE_VERSION
  cmdsize 16
  version 0.0
"""
# An older library: LC_VERSION_MIN_MACOSX, and a "version" of another command before it
VERSION_MIN = """\
libfoo.dylib:
Load command 3
          cmd LC_ID_DYLIB
      cmdsize 48
         name @rpath/libfoo.dylib (offset 24)
   time stamp 1 Thu Jan  1 00:00:01 1970
      current version 99.0.0
Load command 7
      cmd LC_VERSION_MIN_MACOSX
  cmdsize 16
  version 10.9
      sdk 10.15
"""
IOS_ONLY = """\
x:
Load command 1
      cmd LC_BUILD_VERSION
  cmdsize 32
 platform 2
    minos 17.0
      sdk 17.0
"""


def test_minos_of_build_version_and_version_min() -> None:
    assert minos.minos_from_otool(BUILD_VERSION) == (14, 0)
    assert minos.minos_from_otool(VERSION_MIN) == (10, 9)
    assert minos.minos_from_otool(IOS_ONLY) is None  # not a macOS platform
    assert minos.minos_from_otool("no load commands") is None


def test_too_new_names_the_binaries_above_the_declared_minimum() -> None:
    found = {Path("a.so"): (14, 0), Path("b.dylib"): (13, 0), Path("c.so"): (11, 0)}
    assert minos.too_new(found, "13.0") == [(Path("a.so"), (14, 0))]
    assert minos.too_new(found, "14.0") == []
    assert minos.show((14,)) == "14.0" and minos.show((13, 3, 1)) == "13.3.1"


def test_macho_magic_is_recognised(tmp_path: Path) -> None:
    (tmp_path / "lib.dylib").write_bytes(bytes.fromhex("cffaedfe") + b"\0" * 28)
    (tmp_path / "text.py").write_text("print(1)")
    assert minos.macho_files(tmp_path) == [tmp_path / "lib.dylib"]
