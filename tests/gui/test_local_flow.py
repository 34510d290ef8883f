"""A local game's bots through the one game flow: a bot that fails or
chooses an illegal move has the random bot play for it (on its view, with
its seed), and a game taken up from a position plays the same bot moves as
the game that went on."""

from __future__ import annotations

import pytest

from bigcity_desktop.bots import Bot, make_bot
from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.engine.timeline import rebuild
from bigcity_desktop.flow import bot_seed
from bigcity_desktop.session.local import LocalSession


def session(qtbot) -> LocalSession:
    s = LocalSession(autosave=False)
    s.bot_delay_ms = 0
    return s


def play_out(qtbot, s: LocalSession, state: GameState, players: list[PlayerInfo]) -> GameState:
    with qtbot.waitSignal(s.over, timeout=60000):
        s.start_from_state(state, players)
    assert s.state is not None and s.state.is_over
    return s.state


class Broken(Bot):
    def __init__(self, answer: str) -> None:
        super().__init__()
        self.answer = answer

    def choose(self, view):
        if self.answer == "raise":
            raise RuntimeError("the bot broke\nmore lines")
        return "no move"


@pytest.mark.parametrize("answer", ["raise", "nonsense"])
def test_a_failing_bot_is_stood_in_for_by_the_random_bot(qtbot, answer):
    s = session(qtbot)
    s.set_paused(True)
    state = GameState.new("original", 2, 6)
    s.start_from_state(state, [PlayerInfo("Bea", "easy"), PlayerInfo("You")])
    assert s.state is not None and s.state.current_player == 0
    view = s.state.view_for(0)
    s.scheduler.replace_bots({0: Broken(answer)})
    messages: list[str] = []
    s.message.connect(messages.append)
    with qtbot.waitSignal(s.applied, timeout=10000) as blocker:
        s.set_paused(False)
    assert blocker.args[0] == 0
    want = make_bot("random", bot_seed(6, 0, 0)).choose(view)
    assert blocker.args[1] == want and s.state.history == [want]
    assert len(messages) == 1 and "Bea's bot" in messages[0] and "random move" in messages[0]
    if answer == "raise":
        assert "the bot broke" in messages[0] and "more lines" not in messages[0]
    else:
        assert "illegal" in messages[0]
    s.close()


@pytest.mark.slow
def test_a_game_taken_up_from_a_position_goes_on_as_it_would_have(qtbot):
    players = [PlayerInfo("Bea", "easy"), PlayerInfo("Carl", "random"), PlayerInfo("Dora", "easy")]
    first = session(qtbot)
    whole = play_out(qtbot, first, GameState.new("original", 3, 11), players)
    first.close()
    again = session(qtbot)
    later = play_out(qtbot, again, rebuild(whole, len(whole.history) // 2), players)
    assert later.history == whole.history and later.scores == whole.scores
    again.close()
