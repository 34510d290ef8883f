"""Issue 49: the Linux bundle is stripped only where the stripped file still
loads (packaging/linux/elfcheck.py). binutils' strip broke numpy's OpenBLAS
("ELF load command address/offset not page-aligned"), and every Linux
installer showed the crash dialog when the chart imported numpy."""

from __future__ import annotations

import ctypes
import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging" / "linux"))
import elfcheck  # type: ignore[import-not-found]  # noqa: E402

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF files are Linux's")


def _openblas() -> Path:
    spec = importlib.util.find_spec("numpy")
    assert spec is not None and spec.origin is not None
    libs = Path(spec.origin).parent.parent / "numpy.libs"
    found = sorted(libs.glob("*openblas*.so*"))
    if not found:
        pytest.skip("this numpy carries no OpenBLAS of its own")
    return found[0]


def _strip_tool() -> str:
    tool = shutil.which("strip")
    if tool is None:
        pytest.skip("strip (binutils) not found")
    return tool


def test_plain_strip_breaks_the_wheels_openblas_and_the_check_sees_it(tmp_path: Path) -> None:
    copy = tmp_path / "libopenblas.so"
    shutil.copy(_openblas(), copy)
    assert elfcheck.check_folder(tmp_path) == []
    subprocess.run([_strip_tool(), str(copy)], check=True)
    problems = elfcheck.check_folder(tmp_path)
    assert problems and "libopenblas.so" in problems[0] and "not page-aligned" in problems[0]
    with pytest.raises(OSError, match="page-aligned"):
        ctypes.CDLL(str(copy))  # the loader agrees


def test_the_bundle_strip_leaves_vendored_libraries_and_keeps_what_loads(tmp_path: Path) -> None:
    _strip_tool()
    vendored = tmp_path / "numpy.libs" / "libopenblas.so"
    vendored.parent.mkdir()
    shutil.copy(_openblas(), vendored)
    # an ordinary library with a symbol table: Python's own ctypes extension
    own = tmp_path / "_ctypes.so"
    shutil.copy(_ctypes_path(), own)
    had_symtab = elfcheck.read_elf(own).has_symtab
    before = vendored.read_bytes()
    report = elfcheck.strip_folder(tmp_path)
    assert vendored.read_bytes() == before and report.kept_vendored == 1
    assert not elfcheck.read_elf(own).has_symtab
    assert report.stripped == (1 if had_symtab else 0)
    assert elfcheck.check_folder(tmp_path) == []
    ctypes.CDLL(str(own))  # the stripped one still loads


def _ctypes_path() -> str:
    import _ctypes

    return str(_ctypes.__file__)
