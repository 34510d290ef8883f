"""The player's guide (docs/GAME.md) and its German version (docs/GAME.de.md) stay parallel.

The app shows GAME.de.md when it runs in German, so a section, a table row or a key
added to the English guide must reach the German one too. These tests compare the
Markdown structure of the two files (headings, tables, paragraphs and list items per
section) and the keyboard shortcuts they name. Plain pytest: no Qt needed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
EN = DOCS / "GAME.md"
DE = DOCS / "GAME.de.md"

# German key names used by GAME.de.md (and by the app's German UI), mapped to the
# English ones GAME.md uses. Only whole key names are mapped, never parts of words.
GERMAN_KEYS = {
    "Strg": "Ctrl",
    "Umschalt": "Shift",
    "Eingabe": "Enter",
    "Leertaste": "Space",
    "Auf": "Up",
    "Ab": "Down",
    "Links": "Left",
    "Rechts": "Right",
    "Pos1": "Home",
    "Ende": "End",
    "Bild auf": "Page Up",
    "Bild ab": "Page Down",
    "Entf": "Delete",
}
ENGLISH_KEYS = {"Ctrl", "Shift", "Alt", "Enter", "Space", "Esc", "Tab", "Delete"}
ENGLISH_KEYS |= {"Up", "Down", "Left", "Right", "Home", "End", "Page Up", "Page Down"}
NAMED_KEYS = ENGLISH_KEYS | set(GERMAN_KEYS)

MODIFIER = r"(?:Ctrl|Strg|Shift|Umschalt|Alt)\+"
KEY = r"(?:F\d{1,2}|" + "|".join(sorted(map(re.escape, NAMED_KEYS), key=len, reverse=True)) + r"|[^\s`])"
SHORTCUT = re.compile(rf"(?:{MODIFIER})*{KEY}")

FENCE = re.compile(r"^(```|~~~)")


def read(path: Path) -> list[str]:
    """The file's lines, with fenced code blocks dropped (a '#' there is no heading)."""
    lines, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def headings(lines: list[str]) -> list[int]:
    """The level of every heading, in order."""
    return [len(m.group(1)) for line in lines if (m := re.match(r"^(#{1,6})\s", line))]


def sections(lines: list[str]) -> list[list[str]]:
    """The lines under each heading (the text before the first heading is section 0)."""
    out: list[list[str]] = [[]]
    for line in lines:
        if re.match(r"^#{1,6}\s", line):
            out.append([])
        else:
            out[-1].append(line)
    return out


def is_table_row(line: str) -> bool:
    return line.lstrip().startswith("|")


def is_separator(line: str) -> bool:
    return bool(re.fullmatch(r"\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*", line))


def tables(lines: list[str]) -> list[tuple[int, int]]:
    """(columns, body rows) of every table, in order."""
    out: list[tuple[int, int]] = []
    block: list[str] = []
    for line in [*lines, ""]:
        if is_table_row(line):
            block.append(line)
            continue
        if block:
            body = [row for row in block[1:] if not is_separator(row)]
            out.append((block[0].strip().strip("|").count("|") + 1, len(body)))
            block = []
    return out


def blocks(section: list[str]) -> dict[str, int]:
    """How many paragraphs, top-level list items, nested list items and tables a section has."""
    counts = {"paragraphs": 0, "items": 0, "nested items": 0, "tables": 0}
    previous = ""  # the kind of the block the last line belonged to
    for line in section:
        if not line.strip():
            previous = "" if previous != "item" else "item-gap"
            continue
        if is_table_row(line):
            if previous != "table":
                counts["tables"] += 1
            previous = "table"
        elif re.match(r"^- ", line):
            counts["items"] += 1
            previous = "item"
        elif re.match(r"^\s+- ", line):
            counts["nested items"] += 1
            previous = "item"
        elif line.startswith(" ") and previous in ("item", "item-gap"):
            previous = "item"  # continuation of a list item (or a paragraph inside it)
        elif previous == "":
            counts["paragraphs"] += 1
            previous = "paragraph"
        elif previous == "item-gap":
            counts["paragraphs"] += 1
            previous = "paragraph"
    return counts


def backticked(lines: list[str]) -> list[str]:
    return re.findall(r"`([^`\n]+)`", "\n".join(lines))


def shortcuts(lines: list[str]) -> set[str]:
    """Every backticked keyboard shortcut (`F3`, `Ctrl+Shift+O`, `,`, `Page Up` …)."""
    return {code for code in backticked(lines) if SHORTCUT.fullmatch(code)}


def to_english(shortcut: str) -> str:
    """`Strg+Umschalt+O` -> `Ctrl+Shift+O`; English names are left as they are."""
    if shortcut in GERMAN_KEYS:
        return GERMAN_KEYS[shortcut]
    parts = re.findall(r"[^+]+\+|.+$", shortcut)  # "Strg+", "Umschalt+", "O"; "Strg+", "+"
    out = []
    for part in parts:
        name, plus = (part[:-1], "+") if part.endswith("+") and len(part) > 1 else (part, "")
        out.append(GERMAN_KEYS.get(name, name) + plus)
    return "".join(out)


@pytest.fixture(scope="module")
def en() -> list[str]:
    return read(EN)


@pytest.fixture(scope="module")
def de() -> list[str]:
    return read(DE)


def test_the_helpers_see_what_they_should() -> None:
    assert headings(["# A", "text", "## B", "### C", "#hashtag", "## D"]) == [1, 2, 3, 2]
    assert tables(["| a | b |", "|---|---|", "| 1 | 2 |", "| | 3 |", "", "| x |", "|---|"]) == [(2, 2), (1, 0)]
    sample = ["Para one", "goes on.", "", "- item", "  more", "", "  - nested", "- item two", "", "Para two"]
    assert blocks(sample) == {"paragraphs": 2, "items": 2, "nested items": 1, "tables": 0}
    assert shortcuts(["`F3`, `Ctrl++`, `Ctrl+,`, `,`, `1`, `Page Up`, `make run`, `prefs/palette`"]) == {
        "F3",
        "Ctrl++",
        "Ctrl+,",
        ",",
        "1",
        "Page Up",
    }
    assert to_english("Strg+Umschalt+O") == "Ctrl+Shift+O"
    assert to_english("Strg++") == "Ctrl++"
    assert to_english("Strg+,") == "Ctrl+,"
    assert to_english("Bild auf") == "Page Up"
    assert to_english("Umschalt+F6") == "Shift+F6"
    assert to_english("F3") == "F3"


def test_same_headings_at_each_level_in_the_same_order(en: list[str], de: list[str]) -> None:
    assert headings(de) == headings(en)
    for level in (2, 3):
        assert headings(de).count(level) == headings(en).count(level), f"level {level}"


def test_same_tables_with_the_same_number_of_rows(en: list[str], de: list[str]) -> None:
    assert tables(en), "GAME.md should have tables (the shortcuts, the replay controls)"
    assert tables(de) == tables(en)


def test_every_section_has_the_same_paragraphs_and_list_items(en: list[str], de: list[str]) -> None:
    en_titles = [line for line in en if re.match(r"^#{1,6}\s", line)]
    for title, en_section, de_section in zip(["(top)", *en_titles], sections(en), sections(de), strict=True):
        assert blocks(de_section) == blocks(en_section), title


def test_every_shortcut_of_the_english_guide_is_in_the_german_one(en: list[str], de: list[str]) -> None:
    english = shortcuts(en)
    assert {"F3", "Ctrl+Shift+O", ",", ".", "Ctrl+Z", "Ctrl+Shift+Z"} <= english
    german = {to_english(key) for key in shortcuts(de)}
    assert sorted(english - german) == []


def test_the_german_guide_spells_each_key_one_way(de: list[str]) -> None:
    """GAME.de.md writes Strg, Umschalt, Eingabe … and never mixes in the English names."""
    words = {word for code in shortcuts(de) for word in re.findall(r"[A-Za-zÄÖÜäöüß]{2,}\d?", code)}
    mixed = sorted(words & (ENGLISH_KEYS - {"Tab", "Esc", "Alt"}))  # German keyboards say Tab, Esc and Alt too
    assert mixed == [], f"English key names in GAME.de.md: {mixed}"
