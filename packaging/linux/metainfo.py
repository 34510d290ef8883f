"""The AppStream metainfo file and the release notes, from CHANGELOG.md.

    python packaging/linux/metainfo.py OUT.metainfo.xml    # write the metainfo (make package, the Flatpak build)
    python packaging/linux/metainfo.py --notes VERSION     # print VERSION's notes as Markdown (the GitHub release)
    python packaging/linux/metainfo.py --check-release VERSION
                                                           # exit 1 unless CHANGELOG.md has a dated entry for VERSION

The metainfo comes from ``org.bigcitydesktop.bigcity.metainfo.xml.in``: its
``@HOMEPAGE@``, ``@BUGTRACKER@`` and ``@REPOSITORY@`` are the project URLs
of pyproject.toml (``[project.urls]``), ``@RAW@`` the raw files of the
repository at the release's tag (for the screenshot), and ``@RELEASES@``
every entry of CHANGELOG.md, newest first. An entry still marked
``(unreleased)`` is given today's date (or ``SOURCE_DATE_EPOCH``'s) and the
type ``development``, as are pre-releases and dev releases.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
APP_ID = "org.bigcitydesktop.bigcity"
TEMPLATE = HERE / f"{APP_ID}.metainfo.xml.in"
CHANGELOG = ROOT / "CHANGELOG.md"
_HEADING = re.compile(r"^## (\S+) \((\d{4}-\d{2}-\d{2}|unreleased)\)\s*$")


@dataclass(frozen=True)
class Release:
    version: str
    date: str | None  # None: unreleased
    items: tuple[str, ...]


def releases(text: str) -> list[Release]:
    """The entries of CHANGELOG.md in file order (newest first)."""
    found: list[Release] = []
    version: str | None = None
    date: str | None = None
    items: list[str] = []

    def close() -> None:
        if version is not None:
            found.append(Release(version, date, tuple(items)))

    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            close()
            version, date, items = heading.group(1), heading.group(2), []
            date = None if date == "unreleased" else date
        elif line.startswith("## "):
            raise ValueError(f"CHANGELOG.md: a heading must read '## <version> (<YYYY-MM-DD>|unreleased)': {line!r}")
        elif version is not None and line.startswith("- "):
            items.append(line[2:].strip())
        elif version is not None and line.startswith("  ") and items and line.strip():
            items[-1] += " " + line.strip()
    close()
    return found


def _plain(markdown: str) -> str:
    """Inline Markdown to the plain text AppStream descriptions take."""
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", markdown)
    return re.sub(r"[`*_]", "", text)


def _is_development(version: str) -> bool:
    return bool(re.search(r"(a|b|rc|dev)\d*", version))


def _today() -> str:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = dt.datetime.fromtimestamp(int(epoch), dt.UTC) if epoch else dt.datetime.now(dt.UTC)
    return when.date().isoformat()


def releases_xml(entries: list[Release]) -> str:
    out = []
    for r in entries:
        kind = "development" if r.date is None or _is_development(r.version) else "stable"
        out.append(f'    <release version="{escape(r.version)}" date="{r.date or _today()}" type="{kind}">')
        out.append("      <description>")
        out.append("        <ul>")
        out += [f"          <li>{escape(_plain(item))}</li>" for item in r.items]
        out.append("        </ul>")
        out.append("      </description>")
        out.append("    </release>")
    return "\n".join(out)


def project_urls() -> dict[str, str]:
    with (ROOT / "pyproject.toml").open("rb") as fh:
        return dict(tomllib.load(fh)["project"]["urls"])


def raw_base(repository: str, version: str) -> str:
    """Where the repository's files at the tag v<version> can be downloaded."""
    match = re.fullmatch(r"https://github\.com/([^/]+)/([^/]+?)/?", repository)
    if match is None:
        raise ValueError(f"{repository}: only a https://github.com/OWNER/REPO repository URL is understood")
    return f"https://raw.githubusercontent.com/{match.group(1)}/{match.group(2)}/v{version}"


def metainfo(version: str) -> str:
    urls = project_urls()
    entries = releases(CHANGELOG.read_text(encoding="utf-8"))
    if not any(r.version == version for r in entries):
        raise ValueError(f"CHANGELOG.md has no entry for {version}")
    fields = {
        "@HOMEPAGE@": urls["Homepage"],
        "@BUGTRACKER@": urls["Issues"],
        "@REPOSITORY@": urls["Repository"],
        "@RAW@": raw_base(urls["Repository"], version),
        "@RELEASES@": releases_xml(entries),
    }
    text = TEMPLATE.read_text(encoding="utf-8")
    for key, value in fields.items():
        text = text.replace(key, value if key == "@RELEASES@" else escape(value))
    return text


def notes(version: str) -> str:
    for r in releases(CHANGELOG.read_text(encoding="utf-8")):
        if r.version == version:
            return "\n".join(f"- {item}" for item in r.items) + "\n"
    raise ValueError(f"CHANGELOG.md has no entry for {version}")


def _project_version() -> str:
    text = (ROOT / "bigcity_desktop" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"', text, re.M)
    assert match, "no __version__"
    return match.group(1)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, nargs="?")
    parser.add_argument("--notes", metavar="VERSION")
    parser.add_argument("--check-release", metavar="VERSION")
    args = parser.parse_args(argv)
    try:
        if args.notes:
            sys.stdout.write(notes(args.notes))
        elif args.check_release:
            found = [r for r in releases(CHANGELOG.read_text(encoding="utf-8")) if r.version == args.check_release]
            if not found or found[0].date is None or not found[0].items:
                print(
                    f"CHANGELOG.md needs an entry '## {args.check_release} (YYYY-MM-DD)' with its changes",
                    file=sys.stderr,
                )
                return 1
        elif args.out:
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(metainfo(_project_version()), encoding="utf-8")
            print(args.out)
        else:
            parser.error("give OUT, --notes or --check-release")
    except ValueError as exc:
        print(f"metainfo.py: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
