"""Translations with Qt's tools: refresh the .ts sources, build the .qm files.

    python scripts/i18n.py update    # `make translations`: pyside6-lupdate -> resources/i18n/*.ts
    python scripts/i18n.py release   # pyside6-lrelease: resources/i18n/*.ts -> *.qm (make, packaging)

`update` scans the Qt side (every ``translate("Context", "...")``,
``QT_TRANSLATE_NOOP`` and ``self.tr``) and two sets of strings that are not
Qt calls, written first to ``build/i18n/generated_strings.py`` for lupdate:

- context "Engine": every ``msg("...")`` template of the engine, the presenter and the
  bots (bigcity_desktop/engine/messages.py), which stay Qt-free;
- context "Rules": the names in the bundled rules files (buildings, their
  variants and plurals as the sentences use them, neighborhoods, titles);
- context "BotNames": the bots' names; "GameController" and "Dialogs": the
  bot levels' words and descriptions (all declared in bigcity_desktop/bots/levels.py);
- context "Page": the browser page's own words (bigcity_desktop/web/words.json,
  name -> English; the name is each message's disambiguation, so one English
  text may have two German ones). The server hands the page the English and
  the finished German (net/web.py, messages.en.json and messages.de.json).

The .ts files are the sources (committed, edited with Qt Linguist or by
hand); the .qm files are build output (not committed).
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "resources" / "i18n"
GENERATED = ROOT / "build" / "i18n" / "generated_strings.py"
LANGUAGES = ("de",)


def ts_path(lang: str) -> Path:
    return I18N / f"bigcity_{lang}.ts"


def _tool(name: str) -> list[str]:
    """The command of a Qt tool shipped with PySide6 (pyside6-lupdate, pyside6-lrelease),
    or the one BIGCITY_LRELEASE / BIGCITY_LUPDATE names (a Qt 6 SDK's own)."""
    given = os.environ.get(f"BIGCITY_{name.upper()}")
    if given:
        return [given]
    here = Path(sys.executable).parent
    for cand in (here / f"pyside6-{name}", here / f"pyside6-{name}.exe"):
        if cand.exists():
            return [str(cand)]
    found = shutil.which(f"pyside6-{name}")
    if found:
        return [found]
    # the console scripts are missing (an unusual install): the same entry point
    return [sys.executable, "-c", f"import sys; from PySide6.scripts.pyside_tool import {name}; sys.exit({name}())"]


def engine_templates() -> list[str]:
    """The first argument of every msg(...) call in the engine, the bots, the network client and the presenter."""
    out: list[str] = []
    for folder in ("engine", "bots", "net", "present"):
        for path in sorted((ROOT / "bigcity_desktop" / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "msg"
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                ):
                    if node.args[0].value not in out:
                        out.append(node.args[0].value)
    return out


def rules_strings() -> list[str]:
    """Every name of the bundled rules the app shows, in the forms it shows them."""
    sys.path.insert(0, str(ROOT))
    from bigcity_desktop.engine.city import article, plural
    from bigcity_desktop.engine.rules import EDITIONS, get_rules

    out: list[str] = []

    def add(text: str) -> None:
        if text and text not in out:
            out.append(text)

    for edition in EDITIONS:
        rules = get_rules(edition)
        add(rules.title)
        for name in rules.tile_names.values():
            add(name)
        for btype, rule in rules.buildings.items():
            add(rule.label)
            add(rule.label.lower())
            for n in (1, 2):
                add(plural(rules, btype, n))
            for form in (article(rule), article(rule)[0].upper() + article(rule)[1:]):
                add(form)
            label = rule.label
            if label.endswith("s"):
                add(label + "es")
                add((label + "es").lower())
            else:
                add(label + "s")
                add((label + "s").lower())
            for v in rule.variants:
                add(v.name)
                a = article(rule, v)
                add(a)
                add(a.replace("a L-shaped", "an L-shaped"))
                add(a[0].upper() + a[1:])
                bare = a[3:] if a.startswith("an ") else a[2:] if a.startswith("a ") else a
                add(bare)
                add(f"{v.label.capitalize()} {rule.label.lower()}")
                add(f"{v.name} {plural(rules, btype, 2)}")
        for kind in ("special", "park", "factory", "residence", "business"):
            add(kind.replace("_", " "))
    return out


def bot_names() -> list[str]:
    """The bots' names (bigcity_desktop/bots/names.py)."""
    sys.path.insert(0, str(ROOT))
    from bigcity_desktop.bots.names import BOT_NAME_TABLE

    return [n for names in BOT_NAME_TABLE.values() for n in names]


def bot_levels() -> list[tuple[str, str]]:
    """(word, description) of every bot level (bigcity_desktop/bots/levels.py)."""
    sys.path.insert(0, str(ROOT))
    from bigcity_desktop.bots.levels import LEVELS

    return [(level.label, level.description) for level in LEVELS]


#: the browser page's words, name -> English (the page's i18n.js looks them up by name)
PAGE_WORDS = ROOT / "bigcity_desktop" / "web" / "words.json"


def page_words() -> dict[str, str]:
    """The browser page's words, name -> English text."""
    words: dict[str, str] = json.loads(PAGE_WORDS.read_text(encoding="utf-8"))
    return words


def write_generated() -> Path:
    lines = [
        "# Generated by scripts/i18n.py for pyside6-lupdate: do not edit, not imported.",
        "# ruff: noqa",
        "",
    ]
    for t in engine_templates():
        lines.append(f"QT_TRANSLATE_NOOP('Engine', {t!r})")
    for t in rules_strings():
        lines.append(f"QT_TRANSLATE_NOOP('Rules', {t!r})")
    for t in bot_names():
        lines.append(f"QT_TRANSLATE_NOOP('BotNames', {t!r})")
    for label, description in bot_levels():
        lines.append(f"QT_TRANSLATE_NOOP('GameController', {label!r})")
        lines.append(f"QT_TRANSLATE_NOOP('Dialogs', {description!r})")
    for name, text in page_words().items():
        lines.append(f"translate('Page', {text!r}, {name!r})")
    GENERATED.parent.mkdir(parents=True, exist_ok=True)
    GENERATED.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return GENERATED


def qt_sources() -> list[Path]:
    """The Qt side's Python files (the engine and the bots have no Qt calls)."""
    pkg = ROOT / "bigcity_desktop"
    return sorted(p for p in pkg.rglob("*.py") if not {"engine", "bots", "_resources"} & set(p.relative_to(pkg).parts))


def lupdate(ts: Path) -> None:
    gen = write_generated()
    files = [str(p.relative_to(ROOT)) for p in qt_sources()] + [str(gen.relative_to(ROOT))]
    ts.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [*_tool("lupdate"), "-no-obsolete", "-locations", "none", "-target-language", ts.stem.split("_")[-1], *files]
        + ["-ts", str(ts)],
        cwd=ROOT,
        check=True,
    )


def release(out_dir: Path | None = None) -> list[Path]:
    made = []
    for lang in LANGUAGES:
        ts = ts_path(lang)
        qm = (out_dir or ts.parent) / f"{ts.stem}.qm"
        qm.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([*_tool("lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)
        made.append(qm)
    return made


def disambiguations(ts: Path, context: str) -> dict[str, tuple[str, str | None, str | None]]:
    """The messages of `context` by their disambiguation (comment): (source, translation, type)."""
    out = {}
    for ctx in ET.parse(ts).getroot().iter("context"):
        if ctx.findtext("name") != context:
            continue
        for m in ctx.iter("message"):
            tr = m.find("translation")
            out[m.findtext("comment") or ""] = (
                m.findtext("source") or "",
                tr.text if tr is not None else None,
                tr.get("type") if tr is not None else None,
            )
    return out


def messages(ts: Path) -> list[tuple[str, str, str | None, str | None]]:
    """(context, source, translation, type) of every message of a .ts file."""
    out = []
    for ctx in ET.parse(ts).getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for m in ctx.iter("message"):
            tr = m.find("translation")
            out.append(
                (
                    name,
                    m.findtext("source") or "",
                    tr.text if tr is not None else None,
                    tr.get("type") if tr is not None else None,
                )
            )
    return out


def main(argv: list[str]) -> int:
    cmd = argv[1] if len(argv) > 1 else "update"
    if cmd == "update":
        for lang in LANGUAGES:
            lupdate(ts_path(lang))
        return 0
    if cmd == "release":
        out = Path(argv[2]) if len(argv) > 2 else None
        for qm in release(out):
            print(f"built {qm.relative_to(ROOT) if qm.is_relative_to(ROOT) else qm}")
        return 0
    if cmd == "extract":
        print(write_generated())
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
