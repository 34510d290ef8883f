"""The rules a table of strangers plays: no player can hold it hostage.

A server applies them to its public (and rated) tables. Every edition's
rules file names, in its ``[rounds]`` section, the end such a table plays
(``strangers_end``: a round of nothing but passes and exchanges ends the game,
as in the jumbo edition) and the bound on rounds every game has
(``max_rounds``, played by the turns themselves). For the original edition,
whose own end is a row of passes, the stranger's end is a house rule of this
project: :func:`for_strangers` makes the house-rules copy that says so
(marked ``house``, named ``original-strangers``), which records embed like
any house rules, so the game replays anywhere."""

from __future__ import annotations

import copy

from .rules import Rules, rules_from_data

#: the ending of the edition name of the rules a table of strangers plays
STRANGERS_SUFFIX = "-strangers"


def for_strangers(rules: Rules) -> Rules:
    """`rules` themselves when their end is already the strangers' one (the
    jumbo edition), otherwise a copy whose end is ``strangers_end``, marked
    as a house rule."""
    if rules.end_rule == rules.strangers_end:
        return rules
    data = copy.deepcopy(rules.data)
    rounds = data["rounds"]
    rounds["end"] = rules.strangers_end.value
    rounds["marks"] = {**rounds["marks"], "end": "house"}
    data["edition"] = rules.edition + STRANGERS_SUFFIX
    data["base_edition"] = rules.base_edition
    data["title"] = f"{rules.title}, house rule for strangers"
    return rules_from_data(data, source=f"{rules.edition} for strangers")
