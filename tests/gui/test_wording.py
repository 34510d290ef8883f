"""Issue 46.6 and 46.10: words a player uses, in English and German. A laid
neighborhood is said without grid coordinates; no close code reaches the
status bar; the page's lobby counts seats from 1; the first seat's default
"You" is spoken to ("You win!", "Sie gewinnen!"), never used as a name in a
sentence about it, also in the end view and on the home view."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from bigcity_desktop import i18n
from bigcity_desktop.engine import GameState
from bigcity_desktop.game.core.wording import results
from bigcity_desktop.net import client
from bigcity_desktop.sandbox.window import SandboxWindow

from .conftest import advance, players

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("i18n_tools", ROOT / "scripts" / "i18n.py")
assert _spec is not None and _spec.loader is not None
tools = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tools)


@pytest.fixture(params=["en", "de"])
def language(request, qapp, tmp_path, monkeypatch):
    if request.param == "de":
        (qm,) = tools.release(tmp_path)
        monkeypatch.setattr(i18n, "catalogue_path", lambda lang: qm)
        assert i18n.install_translators("de", qapp) == "de"
    yield request.param
    i18n.install_translators("en", qapp)


def test_a_laid_neighborhood_is_said_in_words(qtbot, language):
    w = SandboxWindow()
    qtbot.addWidget(w)
    assert w.place_tile(2, 3, 0, 1)
    said = w.statusBar().currentMessage()
    assert not re.search(r"\(\s*\d+\s*,\s*\d+\s*\)", said), said  # no "(3, 0)"
    assert "quarters" not in said and "Vierteldrehungen" not in said
    assert ("quarter to the right" if language == "en" else "Vierteldrehung nach rechts") in said
    assert ("Neighborhood 2" if language == "en" else "Stadtteil 2") in said


def test_no_close_code_reaches_the_player():
    ws = SimpleNamespace(close_code=1000, close_reason="")
    said = client._close_reason(ws)  # type: ignore[arg-type]
    assert "1000" not in said and "code" not in said
    assert "lost" in client._close_reason(SimpleNamespace(close_code=1006, close_reason=""))  # type: ignore[arg-type]


def test_the_page_counts_seats_from_one():
    js = (ROOT / "bigcity_desktop" / "web" / "static" / "lobby.js").read_text(encoding="utf-8")
    assert 't("seat_n", { n: s.seat + 1 })' in js and 't("seat_n", { n: s.seat })' not in js


def test_the_first_seat_is_spoken_to_not_named(language, window, qtbot):
    st = advance(GameState.new("original", 2, 1, ["You", "Bea"]), lambda s: s.is_over, seed=1)
    assert st.scores[0] > st.scores[1]  # (seed 1: the first seat wins)
    res = results(st, lambda p: ["You", "Bea"][p])
    assert res.title == ("You win!" if language == "en" else "Sie gewinnen!")
    assert "You wins" not in res.title and "You gewinnt" not in res.title
    # the end view says the same, inside the table
    window.ctrl.starting.start_from_state(st, players(["human", "random"], ["You", "Bea"]))
    qtbot.waitUntil(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), timeout=10000)
    end = window.results_dialog
    words = end.findChild(type(end.best_label), "resultsHeadline").text() + end.best_label.text()
    for wrong in ("You wins", "You gewinnt", "You's", "für You", "auf You", "von You"):
        assert wrong not in words, words


def test_the_home_view_speaks_the_player_s_language(language, window):
    v = window.home.view
    assert window.home.shown
    labels = [b.text() for b in v.buttons()]
    if language == "de":
        assert labels == ["Neues Spiel", "Einführung", "Rätsel", "Online spielen", "Sandkasten"]
    else:
        assert labels == ["New game", "Tutorial", "Puzzles", "Play online", "Sandbox"]
