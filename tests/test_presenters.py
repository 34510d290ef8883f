"""The presenters word the game for the views: plain values in, text out."""

from __future__ import annotations

from bigcity_desktop.engine import GameState, Pass, Phase
from bigcity_desktop.engine.position import load_position
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.game.core import wording as P


def names(i: int) -> str:
    return ["You", "Bea", "Carl"][i]


def colours(i: int) -> str:
    return ["#f00", "#0f0", "#00f"][i]


def test_the_start_player_line_agrees_with_you_and_with_a_name():
    for start in range(3):
        s = GameState.new("original", 3, seed=start, names=["You", "Bea", "Carl"])
        (line, colour, kind), *_ = P.log_lines(s.events, names, colours)
        who = names(s.start_player)
        verb = "are" if who == "You" else "is"
        assert line.startswith(f"R1  {who} {verb} the start player.") and colour is None and kind == "start"


def test_player_events_carry_the_name_and_colour():
    s = GameState.new("original", 3, seed=1, names=["You", "Bea", "Carl"], start_city=[[2, 3, 0, 0], [3, 0, 3, 0]])
    p = s.current_player
    s.apply(Pass())
    line, colour, kind = P.log_lines(s.events, names, colours)[-1]
    assert (line, colour, kind) == (f"R1  {names(p)} passed", colours(p), "pass")


def test_every_phase_but_the_end_has_its_words():
    for ph in Phase:
        if ph == Phase.OVER:
            continue
        assert P.phase_todo(ph)[0].islower() and P.PHASE_TEXT[ph].turn.startswith("<b>")
    assert P.phase_todo(Phase.STREETCAR) == "place a second streetcar or press Done"


def test_turn_text_on_your_turn_and_on_theirs():
    s = GameState.new("original", 3, seed=1, start_city=[[2, 3, 0, 0], [3, 0, 3, 0]])
    p = s.current_player
    mine = P.turn_text(s, my_turn=True, handoff=None, name=names, is_bot=lambda q: True)
    assert mine.startswith("<b>Your turn</b>: build")
    theirs = P.turn_text(s, my_turn=False, handoff=None, name=names, is_bot=lambda q: True)
    assert theirs == f"<b>{names(p)}</b> is thinking\N{HORIZONTAL ELLIPSIS}"
    assert P.turn_text(None, my_turn=False, handoff=None, name=names, is_bot=bool).startswith("No game yet")
    short = {
        "format": "bigcity-position",
        "version": 1,
        "edition": "original",
        "players": ["You", "Bea", "Carl"],
        "city": {"neighborhoods": [{"number": 1, "x": 0, "y": 0, "rotation": 0}]},
        "hands": [[11, 12], [], []],
    }
    s = load_position(short)
    s.apply(Pass())
    assert s.phase == Phase.REFILL
    need = s.hand_size - 2
    refill = P.turn_text(s, my_turn=True, handoff=None, name=names, is_bot=bool)
    assert refill == f"<b>Refill</b>: draw {need} cards \N{EM DASH} choose the stacks."


def test_supply_rows_name_the_pieces_from_the_rules():
    s = GameState.new("original", 3, seed=1)
    rows = P.supply_rows(s, {("residence", 1)})
    labels = {(r["type"], r["size"]): r["label"] for r in rows}
    assert labels[("factory", 3)] == "L-shaped factory"
    assert labels[("residence", 2)] == "Double residence"
    assert labels[("church", 1)] == "Church"
    assert [r["buildable"] for r in rows if r["type"] == "residence"] == [True, False, False]
    park = next(r for r in rows if r["type"] == "park")
    assert park["tooltip"].startswith("Built with card ")


def test_player_rows_and_status_line():
    s = GameState.new("jumbo", 3, seed=2)
    players = [PlayerInfo("You", "human", "#f00"), PlayerInfo("Bea", "easy", "#0f0"), PlayerInfo("Carl", "hard", "")]
    rows = P.player_rows(s, players, colours, lambda k: k.title())
    assert [r["name"] for r in rows] == ["You", "Bea", "Carl"]
    assert [r["current"] for r in rows] == [s.current_player == i for i in range(3)]
    assert P.status_line(s).startswith("Jumbo edition \N{MIDDLE DOT} round 1")
    assert P.status_line(None) == ""


def test_the_log_explains_the_jumbo_setup_and_starting_points():
    """Issue 25.11: in jumbo the log said "Bea is the start player" while the
    player laid the first neighborhood and got 2 points, with nothing saying why."""
    s = GameState.new("jumbo", 3, seed=2, names=["You", "Bea", "Carl"])
    (line,) = [line for line, _, kind in P.log_lines(s.events, names, colours) if kind == "start"]
    first = names(s.setup_order[0])
    setup = line[line.index("Setup") :]
    assert setup.index(first) < setup.index("in this order"), line
    assert "Starting points" in line, line
    for p in range(3):
        assert f"{names(p)} {s.scores[p]}" in line
    # the original edition starts everyone at 0: no line about starting points
    s = GameState.new("original", 3, seed=2, names=["You", "Bea", "Carl"])
    (line,) = [line for line, _, kind in P.log_lines(s.events, names, colours) if kind == "start"]
    assert "Setup" in line and "Starting points" not in line
