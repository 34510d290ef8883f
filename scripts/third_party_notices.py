"""Write THIRD-PARTY-NOTICES.txt: what the packaged game ships that others wrote.

Walks the run-time requirements of the installed ``bigcity-desktop``
distribution (extras such as ``test`` and ``build`` are not shipped, so they
are left out), and for each distribution found writes its name, version,
licence as its metadata states it, home page, and the full text of every
licence file in its ``.dist-info``. Then the Python interpreter's licence
(the bundle carries the interpreter) and, for Qt and PySide6, the LGPL and GPL
texts from ``packaging/licenses/`` (their wheels carry no licence file).

With ``--bundle DIR`` on a Debian-like system, the libraries of the build
machine that PyInstaller copied into DIR are listed too, each with its Debian
package and that package's copyright file.

    python scripts/third_party_notices.py OUT [--bundle "dist/Big City"]
"""

from __future__ import annotations

import argparse
import importlib.metadata as md
import re
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PROJECT = "bigcity-desktop"
RULE = "=" * 78
# Distributions whose wheels carry no licence file, and the texts that apply.
EXTRA_TEXTS: dict[str, list[str]] = {
    "pyside6-essentials": ["LGPL-3.0.txt", "GPL-3.0.txt"],
    "shiboken6": ["LGPL-3.0.txt", "GPL-3.0.txt"],
}


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def runtime_closure(root: str) -> list[md.Distribution]:
    """The installed distributions `root` needs at run time, `root` excluded."""
    from packaging.requirements import Requirement

    seen: dict[str, md.Distribution] = {}
    todo = [root]
    while todo:
        name = todo.pop()
        try:
            dist = md.distribution(name)
        except md.PackageNotFoundError:
            print(f"warning: {name} is required but not installed; left out", file=sys.stderr)
            continue
        for text in dist.requires or []:
            req = Requirement(text)
            if req.marker is not None and not req.marker.evaluate({"extra": ""}):
                continue  # an extra, or not for this OS
            if _key(req.name) not in seen and _key(req.name) != _key(root):
                todo.append(req.name)
        if _key(name) != _key(root):
            seen[_key(name)] = dist
    return sorted(seen.values(), key=lambda d: _key(d.metadata["Name"]))


def licence_of(dist: md.Distribution) -> str:
    meta: Any = dist.metadata  # an email.message.Message underneath
    if meta.get("License-Expression"):
        return meta["License-Expression"]
    text = (meta.get("License") or "").strip()
    if text and "\n" not in text and len(text) < 100:
        return text
    classifiers = [c.split("::")[-1].strip() for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
    return ", ".join(classifiers) or "see the licence text below"


def home_page(dist: md.Distribution) -> str:
    meta: Any = dist.metadata  # an email.message.Message underneath
    if meta.get("Home-page"):
        return meta["Home-page"]
    for url in meta.get_all("Project-URL") or []:
        label, _, link = url.partition(",")
        if label.strip().lower() in ("homepage", "home", "source", "repository", "source code"):
            return link.strip()
    return ""


def licence_files(dist: md.Distribution) -> list[Path]:
    found = []
    for f in dist.files or []:
        parts = [p.lower() for p in f.parts]
        if (
            parts
            and parts[0].endswith(".dist-info")
            and any(word in parts[-1] for word in ("licen", "copying", "notice", "authors"))
            or (len(parts) > 1 and parts[0].endswith(".dist-info") and parts[1] == "licenses")
        ):
            found.append(Path(str(dist.locate_file(f))))
    return sorted(set(found))


def section(title: str, lines: list[str]) -> str:
    return "\n".join([RULE, title, RULE, *lines, ""])


def python_section() -> str:
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    candidates = [stdlib / "LICENSE.txt", Path(sys.base_prefix) / "LICENSE.txt", stdlib.parent / "LICENSE.txt"]
    text = next((p.read_text(encoding="utf-8", errors="replace") for p in candidates if p.is_file()), None)
    head = [
        f"Python {sys.version.split()[0]} (the interpreter and standard library in the bundle)",
        "Licence: PSF-2.0 (Python Software Foundation License)",
        "https://www.python.org/",
        "",
    ]
    return section("Python", head + [text or "See https://docs.python.org/3/license.html"])


_TEXTS_GIVEN: dict[str, str] = {}  # licence text file -> the section that gave it


def distribution_section(dist: md.Distribution) -> str:
    name, version = dist.metadata["Name"], dist.version
    lines = [f"{name} {version}", f"Licence: {licence_of(dist)}"]
    if home_page(dist):
        lines.append(home_page(dist))
    lines.append("")
    for path in licence_files(dist):
        lines += [f"--- {path.name} ---", path.read_text(encoding="utf-8", errors="replace").rstrip(), ""]
    for text_name in EXTRA_TEXTS.get(_key(name), []):
        if text_name in _TEXTS_GIVEN:
            lines += [f"--- {text_name}: the text is given above, under {_TEXTS_GIVEN[text_name]} ---", ""]
            continue
        _TEXTS_GIVEN[text_name] = name
        lines += [
            f"--- {text_name} (from packaging/licenses/) ---",
            (ROOT / "packaging" / "licenses" / text_name).read_text(encoding="utf-8").rstrip(),
            "",
        ]
    return section(name, lines)


def qt_section() -> str:
    return section(
        "Qt",
        [
            "The Qt 6 libraries in the bundle (PySide6/Qt/ on Linux and Windows,",
            "Contents/Frameworks on macOS) come unmodified from The Qt Company's",
            "PySide6-Essentials wheel and are used under the GNU LGPL version 3 (texts",
            "in the PySide6-Essentials section above). They are separate shared",
            "libraries: you may replace them with your own build of the same Qt",
            "version. Qt's source code: https://download.qt.io/official_releases/qt/",
            "PySide6's source code: https://code.qt.io/cgit/pyside/pyside-setup.git/",
            "",
        ],
    )


def system_libraries_section(bundle: Path) -> str:
    """Debian packages whose libraries PyInstaller copied into the bundle."""
    internal = bundle / "_internal"
    libs = sorted(p.name for p in internal.glob("lib*.so*") if p.is_file() and not p.is_symlink())
    packages: dict[str, list[str]] = {}
    # One dpkg call for all (it reads its whole file list each time); names
    # not from a Debian package (libpython, Qt's own, numpy's) are not found.
    found = subprocess.run(["dpkg", "-S", *(f"*/{lib}" for lib in libs)], capture_output=True, text=True).stdout
    owner: dict[str, str] = {}
    for line in found.splitlines():
        package, _, path = line.partition(": ")
        owner.setdefault(Path(path.strip()).name, package.split(",")[0].split(":")[0].strip())
    for lib in libs:
        if lib in owner:
            packages.setdefault(owner[lib], []).append(lib)
    lines = [
        "Libraries of the Debian system the bundle was built on, copied into",
        "_internal/ unmodified; each package's copyright file follows.",
        "",
    ]
    for package, names in sorted(packages.items()):
        copyright_file = Path("/usr/share/doc") / package / "copyright"
        lines += [f"--- {package}: {', '.join(names)} ---"]
        lines += [
            copyright_file.read_text(encoding="utf-8", errors="replace").rstrip()
            if copyright_file.is_file()
            else "(no copyright file found)",
            "",
        ]
    return section("System libraries", lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--bundle", type=Path, default=None, help="a built PyInstaller folder (Linux)")
    args = parser.parse_args(argv)
    dists = runtime_closure(PROJECT)
    parts = [
        "Big City Desktop ships with software written by others. Each part below",
        "names the software, its version and licence, and gives the licence texts.",
        f"Generated by scripts/third_party_notices.py for bigcity-desktop {md.version(PROJECT)}.",
        "",
        python_section(),
        *(distribution_section(d) for d in dists),
        qt_section(),
    ]
    if args.bundle is not None and sys.platform.startswith("linux"):
        parts.append(system_libraries_section(args.bundle))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(parts), encoding="utf-8")
    print(f"{args.out}: {', '.join(d.metadata['Name'] for d in dists)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
