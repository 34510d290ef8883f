"""The project version in every format a package needs, from one function.

``bigcity_desktop.__version__`` is written once, as a PEP 440 version
(``0.2.0``, ``0.2.0rc1``, ``0.2.0.dev3``, ``0.2.0.post1``). Each package
format wants it differently:

==========  ==============  ================================================
format      0.2.0rc1        why
==========  ==============  ================================================
pep440      ``0.2.0rc1``    the wheel, the sdist, file names, the About box
dpkg        ``0.2.0~rc1``   ``~`` sorts before the final ``0.2.0`` (a plain
                            ``0.2.0rc1`` would sort after it)
windows     ``0.2.0.30199`` four numbers below 65536: the ``.exe`` version
                            resource and Inno Setup's ``VersionInfoVersion``
cfbundle    ``0.2.30199``   three numbers: macOS ``CFBundleVersion``
short       ``0.2.0``       macOS ``CFBundleShortVersionString``
==========  ==============  ================================================

The numeric forms keep PEP 440's order within a release: the fourth Windows
field (the "build") is ``stage * 10000 + number * 100 + dev``, with the
stages dev-of-final 0, a 1, b 2, rc 3, final 4 (``40000``) and post
``40000 + 100 * N``; a pre- or post-release without ``.devM`` counts as
dev 99, after all its dev releases. ``cfbundle`` folds the patch number and
that build into its third number (``patch * 100000 + build``), as Apple
allows three numbers only.

    python packaging/versions.py [FORMAT]   # prints one format (or all) of __version__

Needs ``packaging`` (pip, PyInstaller and pytest all bring it).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from packaging.version import InvalidVersion, Version

ROOT = Path(__file__).resolve().parents[1]
FORMATS = ("pep440", "dpkg", "windows", "cfbundle", "short")
_STAGES = {"a": 1, "b": 2, "rc": 3}
_FINAL = 4


def project_version() -> str:
    """``__version__`` as written in bigcity_desktop/__init__.py (read, not imported)."""
    text = (ROOT / "bigcity_desktop" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"', text, re.M)
    if match is None:
        raise SystemExit("no __version__ in bigcity_desktop/__init__.py")
    return match.group(1)


@dataclass(frozen=True)
class Versions:
    pep440: str
    dpkg: str
    windows: str
    cfbundle: str
    short: str

    def get(self, fmt: str) -> str:
        if fmt not in FORMATS:
            raise ValueError(f"unknown version format {fmt!r} (known: {', '.join(FORMATS)})")
        return str(getattr(self, fmt))


def _build_number(v: Version) -> int:
    """The fourth Windows field: PEP 440's order within one X.Y.Z."""
    dev = v.dev if v.dev is not None else 99
    if v.dev is not None and not 0 <= v.dev < 99 and (v.pre is not None or v.post is not None):
        raise ValueError(f"{v}: a dev number of a pre- or post-release must be below 99")
    if v.pre is not None:
        stage, number = v.pre
        if number >= 100:
            raise ValueError(f"{v}: a pre-release number must be below 100")
        return _STAGES[stage] * 10000 + number * 100 + dev
    if v.post is not None:
        if v.post >= 250:
            raise ValueError(f"{v}: a post-release number must be below 250")
        return _FINAL * 10000 + v.post * 100 + dev
    if v.dev is not None:
        if v.dev >= 10000:
            raise ValueError(f"{v}: a dev number must be below 10000")
        return v.dev
    return _FINAL * 10000


def _dpkg(v: Version) -> str:
    text = ".".join(str(n) for n in v.release)
    if v.pre is not None:
        text += f"~{v.pre[0]}{v.pre[1]}"
    if v.post is not None:
        text += f".post{v.post}"
    if v.dev is not None:
        # A dev release of a final version comes before its alphas: "~~"
        # sorts before "~a"; after a pre or post part one "~" is enough.
        text += f"{'~~' if v.pre is None and v.post is None else '~'}dev{v.dev}"
    return f"{v.epoch}:{text}" if v.epoch else text


def versions(text: str) -> Versions:
    """Every format of the PEP 440 version `text`; ValueError for one no package can carry."""
    try:
        v = Version(text)
    except InvalidVersion as exc:
        raise ValueError(f"{text!r} is not a PEP 440 version") from exc
    if v.local is not None:
        raise ValueError(f"{text}: a release has no local part (+{v.local})")
    if v.epoch:
        raise ValueError(f"{text}: the Windows and macOS version numbers cannot carry an epoch")
    if len(v.release) > 3:
        raise ValueError(f"{text}: at most three release numbers (X.Y.Z)")
    major, minor, patch = (*v.release, 0, 0)[:3]
    if max(major, minor, patch) > 65535:
        raise ValueError(f"{text}: Windows allows release numbers up to 65535")
    build = _build_number(v)
    return Versions(
        pep440=str(v),
        dpkg=_dpkg(v),
        windows=f"{major}.{minor}.{patch}.{build}",
        cfbundle=f"{major}.{minor}.{patch * 100000 + build}",
        short=f"{major}.{minor}.{patch}",
    )


def main(argv: list[str]) -> int:
    v = versions(project_version())
    if len(argv) > 1:
        try:
            print(v.get(argv[1]))
        except ValueError as exc:
            print(exc, file=sys.stderr)
            return 2
        return 0
    for fmt in FORMATS:
        print(f"{fmt}={v.get(fmt)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
