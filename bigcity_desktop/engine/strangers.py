"""The rules a server's tables play: no player can hold a table hostage.

The bundled editions are played as printed in local games; a server applies
the house rules of ``resources/rules/server.toml`` to every table it hosts:
a bound on rounds (``[every_table] max_rounds``, played by the turns
themselves) at every table, and at its public tables (tables of strangers)
also their end (``[public_tables] end``: a round of nothing but passes and
exchanges ends the game, as in the jumbo edition), unless the table's rules
name their own ``strangers_end``. :func:`for_server` makes the house-rules
copy that says so (the values marked ``house``, the edition named
``original-server`` or ``original-strangers``), which records embed like any
house rules, so the game replays anywhere."""

from __future__ import annotations

import copy
import functools
import tomllib
from dataclasses import dataclass
from typing import Any

from .datafiles import resource_path
from .rulebook import MAX_ROUNDS, EndRule, RulesError
from .rules import Rules, rules_from_data

#: the ending of the edition name of the rules a public table plays
STRANGERS_SUFFIX = "-strangers"
#: the ending of the edition name of the rules a friends' table plays
SERVER_SUFFIX = "-server"


@dataclass(frozen=True)
class ServerRules:
    """``resources/rules/server.toml``: what a server adds to a table's rules."""

    #: the bound on rounds of every table a server hosts
    max_rounds: int
    #: the end of its public tables (unless their rules name their own)
    strangers_end: EndRule


@functools.cache
def server_rules() -> ServerRules:
    """The server's house rules, read once from the bundled data file."""
    path = resource_path("rules") / "server.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise RulesError(f"the server's house rules ({path.name}) cannot be read: {exc}") from None
    every, public = data.get("every_table"), data.get("public_tables")
    if not isinstance(every, dict) or not isinstance(public, dict):
        raise RulesError(f"{path.name}: needs the sections [every_table] and [public_tables]")
    bound, end = every.get("max_rounds"), public.get("end")
    if type(bound) is not int or not 1 <= bound <= MAX_ROUNDS:
        raise RulesError(f"{path.name}: [every_table] max_rounds must be a whole number from 1 to {MAX_ROUNDS}")
    if end not in {e.value for e in EndRule}:
        raise RulesError(f"{path.name}: [public_tables] end must be one of {', '.join(e.value for e in EndRule)}")
    return ServerRules(bound, EndRule(end))


#: the rules made by :func:`for_server`, by the digest of the rules they were made of and the table's kind:
#: every table of one edition plays one Rules object (the engine's caches are keyed by it, and a copy made
#: per table was validated afresh and held by those caches until they filled: a server's memory grew)
_SERVED: dict[tuple[str, bool, ServerRules], Rules] = {}
_SERVED_KEPT = 64


def for_server(rules: Rules, public: bool) -> Rules:
    """The rules a server's table of `rules` plays: `rules` themselves when
    they already end by the server's bound (and, at a public table, as
    strangers' tables end), otherwise a copy that does, its changed values
    marked as house rules. Made once per content (rules of one digest) and
    kind of table: the same object each time after."""
    house = server_rules()
    key = (rules.digest, public, house)
    made = _SERVED.get(key)
    if made is None:
        if len(_SERVED) >= _SERVED_KEPT:
            _SERVED.clear()
        made = _SERVED[key] = _for_server(rules, public, house)
    return made


def _for_server(rules: Rules, public: bool, house: ServerRules) -> Rules:
    rounds: dict[str, Any] = rules.data["rounds"]
    end = rules.strangers_end if "strangers_end" in rounds else house.strangers_end
    new_end = public and rules.end_rule != end
    new_bound = not 0 < rules.max_rounds <= house.max_rounds
    if not new_end and not new_bound:
        return rules
    data = copy.deepcopy(rules.data)
    marks = dict(data["rounds"].get("marks", {}))
    if new_end:
        data["rounds"]["end"] = end.value
        marks["end"] = "house"
    if new_bound:
        data["rounds"]["max_rounds"] = house.max_rounds
        marks["max_rounds"] = "house"
    data["rounds"]["marks"] = marks
    data["edition"] = rules.edition + (STRANGERS_SUFFIX if new_end else SERVER_SUFFIX)
    data["base_edition"] = rules.base_edition
    data["title"] = f"{rules.title}, house rule for {'strangers' if new_end else 'server tables'}"
    return rules_from_data(data, source=f"{rules.edition} at a server's table")


def served_digests(rules: Rules) -> frozenset[str]:
    """The digests `rules` have at a server's tables (a friends' and a public
    one) and as bundled: a table whose rules have one of them plays that
    edition, with no more than the server's own house rules."""
    return frozenset({rules.digest, for_server(rules, public=False).digest, for_server(rules, public=True).digest})


def for_strangers(rules: Rules) -> Rules:
    """The rules a server's public table (a table of strangers) plays."""
    return for_server(rules, public=True)
