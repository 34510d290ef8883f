"""The players as strips across the top of the table (game/tabletop/playerstrips.py,
issue 33): the model's roles they read, the turn marker, the fit of five
German strips in 840 pixels, and a network game's turn clock."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from PySide6.QtCore import QObject, QPoint, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics

from bigcity_desktop.engine import GameState, stack_of
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.game.core.botfaces import bot_names
from bigcity_desktop.game.core.controller import GameController, kind_label
from bigcity_desktop.game.core.models import (
    BuiltRole,
    CurrentRole,
    HandStacksRole,
    NameRole,
    PlayersModel,
    ScoreRole,
    StripTipRole,
)
from bigcity_desktop.game.core.wording import player_rows
from bigcity_desktop.game.tabletop.playerstrips import MAX_STRIP_WIDTH, PlayerStrips, clock_text
from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import scheme
from bigcity_desktop.scene import style as S
from bigcity_desktop.session.local import LocalSession
from bigcity_desktop.session.remote import RemoteSession

from .conftest import advance, players
from .test_german import german  # noqa: F401  (the fixture)

LEVELS = ["hard", "random", "medium", "easy"]


class FakeController(QObject):
    """What the strips ask of the controller: its players' model and the session's traits."""

    sessionChanged = Signal()

    def __init__(self, traits=LocalSession.traits) -> None:
        super().__init__()
        self.players_model = PlayersModel(self)
        self.session = SimpleNamespace(traits=traits)


def _state(n: int, seed: int = 3) -> GameState:
    return advance(GameState.new("original", n, seed), lambda st: st.round >= 5 and st.current_player == 1)


def _longest(names: list[str], font) -> str:
    fm = QFontMetrics(font)
    return max(names, key=fm.horizontalAdvance)


def _strips(qtbot, ctrl, width: int) -> PlayerStrips:
    w = PlayerStrips(ctrl)  # type: ignore[arg-type]
    qtbot.addWidget(w)
    w.resize(width, w.rows_height())
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.visualRect(w.model().index(0, 0)).width() == w.strip_width())
    return w


def _fill_at(w: PlayerStrips, row: int) -> QColor:
    """The strip's own colour: between its coloured band and its badge."""
    r = w.visualRect(w.model().index(row, 0))
    return w.viewport().grab().toImage().pixelColor(QPoint(r.left() + 8, r.center().y()))


def test_the_model_gives_each_strip_its_parts(qtbot, qtmodeltester):
    ctrl = GameController(autosave=False)
    ctrl.session.set_paused(True)
    s = _state(3)
    ctrl.starting.start_from_state(s, players(["human", "hard", "random"]))
    m = ctrl.players_model
    qtmodeltester.check(m)
    for i in range(3):
        ix = m.index(i, 0)
        assert ix.data(ScoreRole) == s.scores[i]
        assert ix.data(HandStacksRole) == sorted(stack_of(c) for c in s.hands[i])
        assert ix.data(BuiltRole) == sum(1 for b in s.city.buildings if b.owner == i)
        assert ix.data(CurrentRole) == (s.current_player == i)
        assert "Buildings on the board" in ix.data(StripTipRole)
        assert str(s.scores[i]) in ix.data(Qt.ItemDataRole.AccessibleTextRole)
    assert sum(m.index(i, 0).data(BuiltRole) for i in range(3)) > 0


def test_the_turn_marker_moves_with_the_turn(qtbot):
    ctrl = FakeController()
    s = _state(3)
    ps = players(["human", "hard", "random"])
    rows = player_rows(s, ps, S.player_colour, kind_label)
    ctrl.players_model.reset(rows)
    w = _strips(qtbot, ctrl, 840)
    to_move = "\N{BLACK RIGHT-POINTING TRIANGLE} " + translate("PlayerStrips", "to move")
    assert w.strip_layout(1).status.full == to_move
    # a player not to move: their last move (issue 46.5), or the kind before they have moved
    last = ["\N{RIGHTWARDS ARROW WITH HOOK} " + f for f in rows[0]["last_text"]]
    assert w.strip_layout(0).status.full in (last or [rows[0]["kind_label"]])
    base = w.palette().color(w.palette().ColorRole.Base)
    assert _fill_at(w, 0) == base and _fill_at(w, 1) != base  # filled in the player's colour
    rows = [dict(r, current=(i == 2)) for i, r in enumerate(rows)]
    ctrl.players_model.update(rows)
    assert w.strip_layout(2).status.full == to_move and w.strip_layout(1).status.full != to_move
    qtbot.waitUntil(lambda: _fill_at(w, 1) == base and _fill_at(w, 2) != base)


@pytest.mark.parametrize("n", [2, 5])
def test_german_strips_fit_840_without_cutting_a_word(german, qtbot, n):  # noqa: F811
    ctrl = FakeController(RemoteSession.traits)  # with the network game's clock, the most a strip says
    w = PlayerStrips(ctrl)  # type: ignore[arg-type]
    qtbot.addWidget(w)
    bold = w.font()
    bold.setBold(True)
    names = [_longest([translate("GameController", "You"), "Anna"], bold)]
    names += [_longest(bot_names(level), bold) for level in LEVELS[: n - 1]]
    s = _state(n)
    s.scores[1] = 188  # a score of three figures
    rows = player_rows(s, [PlayerInfo(nm, k) for nm, k in zip(names, ["human", *LEVELS])], S.player_colour, kind_label)
    ctrl.players_model.reset(rows)
    w._now = lambda: w._turn_since + 754  # 12:34 thinking
    w.resize(840, w.rows_height())
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.visualRect(w.model().index(n - 1, 0)).width() == w.strip_width())
    assert 56 <= w.height() <= 70
    assert w.strip_layout(1).clock is not None and w.strip_layout(1).clock.full == "12:34"
    for row in range(n):
        strip = w.visualRect(w.model().index(row, 0))
        assert strip.left() >= 0 and strip.right() < w.viewport().width()
        lay = w.strip_layout(row)
        for piece in lay.pieces():
            assert piece.shown == piece.full, (row, piece.full)
            assert QFontMetrics(piece.font).horizontalAdvance(piece.full) <= piece.rect.width(), (row, piece.full)
            assert strip.contains(piece.rect), (row, piece.full)
    assert {w.strip_layout(i).name.full for i in range(n)} == set(names)


def test_strips_share_a_wide_window(qtbot):
    ctrl = FakeController()
    ctrl.players_model.reset(player_rows(_state(5), players(["human"] * 5), S.player_colour, kind_label))
    w = _strips(qtbot, ctrl, 1600)
    widths = [w.visualRect(w.model().index(i, 0)).width() for i in range(5)]
    assert min(widths) >= 300 and w.visualRect(w.model().index(4, 0)).right() < w.viewport().width()
    # three players do not stretch across 1600 pixels: at their widest, in the middle
    ctrl.players_model.reset(player_rows(_state(3), players(["human", "hard", "random"]), S.player_colour, kind_label))
    qtbot.waitUntil(lambda: w.visualRect(w.model().index(0, 0)).width() == MAX_STRIP_WIDTH)
    left = w.viewport().geometry().left()
    right = w.width() - w.viewport().geometry().right()
    assert left > 150 and abs(left - right) <= 2
    assert w.visualRect(w.model().index(2, 0)).right() < w.viewport().width()


def test_a_long_name_is_cut_and_whole_in_the_tooltip(qtbot):
    ctrl = FakeController()
    long = "Maximiliane von Hohenzollern-Sigmaringen"
    ps = [PlayerInfo(long, "human"), *players(["hard", "random", "medium", "easy"])[1:]]
    ctrl.players_model.reset(player_rows(_state(5), ps, S.player_colour, kind_label))
    w = _strips(qtbot, ctrl, 840)
    name = w.strip_layout(0).name
    assert name.shown != name.full and name.shown.endswith("\N{HORIZONTAL ELLIPSIS}")
    assert QFontMetrics(name.font).horizontalAdvance(name.shown) <= name.rect.width()
    assert long in w.model().index(0, 0).data(StripTipRole)
    assert w.model().index(0, 0).data(NameRole) != long  # the model's short name; the tooltip's is whole


def test_the_turn_clock_ticks_only_in_a_network_game(qtbot):
    s = _state(3)
    rows = player_rows(s, players(["human", "human", "human"]), S.player_colour, kind_label)
    local = FakeController()
    local.players_model.reset(rows)
    w = _strips(qtbot, local, 840)
    assert not w._tick.isActive() and w.strip_layout(1).clock is None and w.turn_clock(1) is None

    net = FakeController(RemoteSession.traits)
    t = [1000.0]
    strips = PlayerStrips(net)  # type: ignore[arg-type]
    qtbot.addWidget(strips)
    strips._now = lambda: t[0]
    net.players_model.reset(rows)
    assert strips._tick.isActive() and strips._tick.interval() == 1000
    assert strips.turn_clock(1) == "0:00" and strips.turn_clock(0) is None
    t[0] += 75
    assert strips.strip_layout(1).clock is not None and strips.strip_layout(1).clock.full == "1:15"
    net.players_model.update([dict(r, current=(i == 2)) for i, r in enumerate(rows)])
    assert strips.turn_clock(2) == "0:00" and strips.turn_clock(1) is None
    t[0] += 9
    net.players_model.update([dict(r, score=r["score"] + 1, current=(i == 2)) for i, r in enumerate(rows)])
    assert strips.turn_clock(2) == "0:09"  # the same turn goes on
    net.players_model.update([dict(r, current=False) for r in rows])  # the game is over
    assert not strips._tick.isActive() and strips.turn_clock(2) is None
    assert clock_text(3725) == "62:05"


def test_a_dark_scheme_repaints_the_strips(qtbot):
    ctrl = FakeController()
    ctrl.players_model.reset(player_rows(_state(2), players(["human", "hard"]), S.player_colour, kind_label))
    w = _strips(qtbot, ctrl, 840)
    light = _fill_at(w, 0)
    w.setPalette(scheme.dark_palette())
    dark = scheme.dark_palette().color(scheme.dark_palette().ColorRole.Base)
    qtbot.waitUntil(lambda: _fill_at(w, 0) == dark)
    assert light != dark


def test_a_narrow_window_puts_the_strips_in_rows(qtbot):
    """Where two strips do not fit side by side (the players' dock of the
    old window) each player gets a line, one under the other, as the table
    had; a little wider, the strips go on in a second row rather than off the edge."""
    ctrl = FakeController()
    s = _state(5)
    ctrl.players_model.reset(player_rows(s, players(["human", *LEVELS]), S.player_colour, kind_label))
    w = _strips(qtbot, ctrl, 240)
    one_row = w.heightForWidth(840)
    assert w.one_line() and w.height() == w.heightForWidth(240) < 2 * one_row
    rects = [w.visualRect(w.model().index(i, 0)) for i in range(5)]
    assert all(w.viewport().rect().contains(r) for r in rects) and len({r.top() for r in rects}) == 5
    for row in range(5):
        lay = w.strip_layout(row)
        assert lay.status is None and lay.score.full == str(s.scores[row])
        for piece in lay.pieces():
            assert piece.shown == piece.full, piece.full
            assert rects[row].contains(piece.rect), piece.full
    assert w.strip_layout(1).name.full.startswith("\N{BLACK RIGHT-POINTING TRIANGLE} ")  # to move
    w.resize(400, w.height())
    qtbot.waitUntil(lambda: not w.one_line() and w.height() == w.heightForWidth(400))
    assert w.height() > 2 * one_row
    qtbot.waitUntil(lambda: len({w.visualRect(w.model().index(i, 0)).top() for i in range(5)}) == 3)
    rects = [w.visualRect(w.model().index(i, 0)) for i in range(5)]
    assert all(w.viewport().rect().contains(r) for r in rects)
    w.resize(840, w.height())
    qtbot.waitUntil(lambda: w.height() == one_row)
    qtbot.waitUntil(lambda: len({w.visualRect(w.model().index(i, 0)).top() for i in range(5)}) == 1)


def test_the_colourblind_palette_recolours_the_strips(qtbot):
    ctrl = GameController(autosave=False)
    ctrl.session.set_paused(True)
    ctrl.starting.start_from_state(_state(3), players(["human", "hard", "random"]))
    w = _strips(qtbot, ctrl, 840)

    def band(row: int) -> QColor:
        r = w.visualRect(w.model().index(row, 0))
        return w.viewport().grab().toImage().pixelColor(QPoint(r.left() + 4, r.center().y()))

    assert band(0) == QColor(S.PALETTES["standard"][0])
    S.set_palette("colourblind")
    try:
        ctrl.recolour()
        qtbot.waitUntil(lambda: band(0) == QColor(S.PALETTES["colourblind"][0]))
    finally:
        S.set_palette("standard")
        ctrl.session.stop()


def test_each_strip_speaks_and_tells_its_tooltip(qtbot):
    from PySide6.QtGui import QAccessible

    ctrl = FakeController()
    s = _state(3)
    ctrl.players_model.reset(player_rows(s, players(["human", "hard", "random"]), S.player_colour, kind_label))
    w = _strips(qtbot, ctrl, 840)
    assert w.accessibleName() == "Players and scores"
    face = QAccessible.queryAccessibleInterface(w)
    spoken = [face.child(i).text(QAccessible.Text.Name) for i in range(face.childCount())]
    assert spoken[1].startswith("Bea (hard), marker triangle, to move, score "), spoken
    assert spoken[0].endswith(f"score {s.scores[0]}, cards in hand: {len(s.hands[0])}, buildings on the board: 3"), (
        spoken
    )
    tip = w.model().index(1, 0).data(StripTipRole)
    assert tip.startswith("Bea \N{EM DASH} Bot (hard) (to move)") and "Hand: " in tip
