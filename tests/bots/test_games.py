"""Every bot plays complete games of both editions without an illegal move."""

import pytest

from .conftest import play_checked

CONFIGS = [("original", 2), ("original", 3), ("original", 4), ("original", 5), ("jumbo", 2), ("jumbo", 3), ("jumbo", 4)]


@pytest.mark.parametrize("edition,players", CONFIGS)
@pytest.mark.parametrize("bot", ["random", "easy", "medium"])
def test_bot_plays_whole_games(bot, edition, players):
    # the bot in every seat
    state = play_checked(edition, [bot] * players, seed=11 + players)
    assert state.is_over
    assert state.end_reason


@pytest.mark.parametrize("edition,players", CONFIGS)
def test_hard_bot_plays_whole_games(edition, players):
    # one hard seat (small budget) against easy bots, to keep the test short
    names = ["hard"] + ["easy"] * (players - 1)
    state = play_checked(edition, names, seed=3 + players)
    assert state.is_over


@pytest.mark.parametrize("edition", ["original", "jumbo"])
def test_easy_beats_random_mostly(edition):
    wins = 0
    for g in range(6):
        names = ["easy", "random"] if g % 2 == 0 else ["random", "easy"]
        s = play_checked(edition, names, seed=100 + g)
        if names.index("easy") in s.winners():
            wins += 1
    assert wins >= 5


def test_games_are_reproducible():
    a = play_checked("jumbo", ["easy", "medium", "random"], seed=5)
    b = play_checked("jumbo", ["easy", "medium", "random"], seed=5)
    assert a.history == b.history
