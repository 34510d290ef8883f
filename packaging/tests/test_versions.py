"""packaging/versions.py: one version, every package's format, in PEP 440's order."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("bigcity_versions", ROOT / "packaging" / "versions.py")
assert _spec and _spec.loader
versions_module = importlib.util.module_from_spec(_spec)
sys.modules["bigcity_versions"] = versions_module
_spec.loader.exec_module(versions_module)
versions = versions_module.versions

# In PEP 440 order, lowest first.
ORDERED = [
    "0.2.0.dev1",
    "0.2.0.dev7",
    "0.2.0a1",
    "0.2.0b2.dev1",
    "0.2.0b2",
    "0.2.0rc1.dev3",
    "0.2.0rc1",
    "0.2.0rc2",
    "0.2.0",
    "0.2.0.post1.dev1",
    "0.2.0.post1",
    "0.2.1.dev1",
    "0.2.1",
    "0.10.0",
    "1.0.0",
]


@pytest.mark.parametrize(
    ("text", "pep440", "dpkg", "windows", "cfbundle"),
    [
        ("0.2.0", "0.2.0", "0.2.0", "0.2.0.40000", "0.2.40000"),
        ("0.2.0rc1", "0.2.0rc1", "0.2.0~rc1", "0.2.0.30199", "0.2.30199"),
        ("0.2.0-RC.1", "0.2.0rc1", "0.2.0~rc1", "0.2.0.30199", "0.2.30199"),
        ("0.2.0.dev3", "0.2.0.dev3", "0.2.0~~dev3", "0.2.0.3", "0.2.3"),
        ("0.2.0rc1.dev2", "0.2.0rc1.dev2", "0.2.0~rc1~dev2", "0.2.0.30102", "0.2.30102"),
        ("0.2.0.post1", "0.2.0.post1", "0.2.0.post1", "0.2.0.40199", "0.2.40199"),
        ("1.4", "1.4", "1.4", "1.4.0.40000", "1.4.40000"),
        ("2.0.3", "2.0.3", "2.0.3", "2.0.3.40000", "2.0.340000"),
    ],
)
def test_each_format(text: str, pep440: str, dpkg: str, windows: str, cfbundle: str) -> None:
    v = versions(text)
    assert (v.pep440, v.dpkg, v.windows, v.cfbundle) == (pep440, dpkg, windows, cfbundle)
    assert all(0 <= int(n) < 65536 for n in v.windows.split(".")) and len(v.windows.split(".")) == 4
    assert len(v.cfbundle.split(".")) == 3 and v.cfbundle.replace(".", "").isdigit()


def test_numeric_forms_keep_pep440_order() -> None:
    def key(text: str, fmt: str) -> tuple[int, ...]:
        return tuple(int(n) for n in versions(text).get(fmt).split("."))

    for fmt in ("windows", "cfbundle"):
        keys = [key(t, fmt) for t in ORDERED]
        assert keys == sorted(keys) and len(set(keys)) == len(keys), fmt


@pytest.mark.skipif(not shutil.which("dpkg"), reason="dpkg is not installed (Debian's own comparison)")
def test_dpkg_forms_sort_as_dpkg_sorts_them() -> None:
    for lower, higher in zip(ORDERED, ORDERED[1:]):
        a, b = versions(lower).dpkg, versions(higher).dpkg
        assert subprocess.run(["dpkg", "--compare-versions", a, "lt", b]).returncode == 0, (a, b)


@pytest.mark.parametrize("bad", ["0.2.0+local", "1!0.2.0", "1.2.3.4", "banana", "0.2.0rc100", "70000.0.0"])
def test_versions_no_package_can_carry_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        versions(bad)


def test_project_version_is_normalized_pep440() -> None:
    written = versions_module.project_version()
    assert versions(written).pep440 == written
    out = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "versions.py"), "dpkg"], capture_output=True, text=True
    )
    assert out.returncode == 0 and out.stdout.strip() == versions(written).dpkg
