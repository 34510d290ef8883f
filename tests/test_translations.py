"""The German catalogue is complete: every string of the code is in
resources/i18n/bigcity_de.ts, translated and finished, with the same
placeholders as the English; the engine's messages carry their templates."""

from __future__ import annotations

import importlib.util
import re
import shutil
from pathlib import Path

import pytest

from bigcity_desktop.engine import GameState, PlaceTile, get_rules
from bigcity_desktop.engine.messages import Msg

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("i18n_tools", ROOT / "scripts" / "i18n.py")
assert _spec is not None and _spec.loader is not None
tools = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tools)

TS = tools.ts_path("de")
FIELD = re.compile(r"\{[a-z_]*\}")


def test_every_german_string_is_translated_and_finished():
    msgs = tools.messages(TS)
    assert len(msgs) > 500
    bad = [(ctx, src) for ctx, src, tr, kind in msgs if kind is not None or not (tr or "").strip()]
    assert not bad, f"{len(bad)} German strings missing or unfinished, e.g. {bad[:5]}"


def test_translations_keep_the_placeholders_and_markup():
    for ctx, src, tr, _kind in tools.messages(TS):
        assert sorted(FIELD.findall(src)) == sorted(FIELD.findall(tr or "")), (ctx, src, tr)
        assert sorted(re.findall(r"</?[a-z0-9]+", src)) == sorted(re.findall(r"</?[a-z0-9]+", tr or "")), (ctx, src)
        assert src.count("\n") == (tr or "").count("\n") or ctx == "SandboxWindow", (ctx, src)


def test_the_catalogue_holds_every_string_of_the_code(tmp_path):
    """pyside6-lupdate over today's code finds no string the .ts lacks:
    a new tr()/translate()/msg() string fails here until `make translations`
    brought it in and it was translated."""
    fresh = tmp_path / TS.name
    shutil.copy(TS, fresh)
    tools.lupdate(fresh)
    old = {(c, s) for c, s, _t, _k in tools.messages(TS)}
    new = {(c, s) for c, s, _t, _k in tools.messages(fresh)}
    assert new - old == set(), f"not in {TS.name} (run `make translations`): {sorted(new - old)[:5]}"
    assert old - new == set(), f"no longer in the code (run `make translations`): {sorted(old - new)[:5]}"


def test_every_word_of_the_browser_page_has_its_finished_german():
    """The page's words (web/words.json, the source strings of context
    "Page") are in the catalogue by name, with the same English, finished,
    and the server hands the page each of them in German."""
    from bigcity_desktop.net.web import german_catalogue

    words = tools.page_words()
    assert len(words) > 60
    page = tools.disambiguations(TS, "Page")
    assert set(page) == set(words), "run `make translations` and translate the new page words"
    for name, english in words.items():
        source, german, kind = page[name]
        assert source == english, name
        assert kind is None and (german or "").strip(), f"the page word {name!r} has no finished German"
    assert german_catalogue()["Page"] == {name: page[name][1] for name in words}


def test_the_page_asks_only_for_words_it_has():
    """Every word the page's scripts name literally (t("name")) is one of web/words.json."""
    static = ROOT / "bigcity_desktop" / "web" / "static"
    named = {m for f in static.glob("*.js") for m in re.findall(r'\bt\("([a-z_]+)"', f.read_text(encoding="utf-8"))}
    assert named, "no t(...) call found"
    assert named <= set(tools.page_words()), sorted(named - set(tools.page_words()))


def test_engine_reasons_are_messages_with_their_english_text():
    state = GameState.new(get_rules("original"), 3, 1)
    reason = state.check(PlaceTile(9, 0, 0, 0))
    assert isinstance(reason, Msg)
    assert reason == reason.template.format(**reason.fields)
    assert str(reason).startswith("at setup only neighborhoods")
    assert all(isinstance(e.text, Msg) for e in state.events)


@pytest.mark.parametrize("template", tools.engine_templates())
def test_engine_templates_are_whole_format_strings(template):
    fields = {name: "x" for name in re.findall(r"\{([a-z_]+)\}", template)}
    assert template.format(**fields)
