"""A rules summary worded once for every face: the app's Help (a thin Qt
wrapper, help/rules_summary.py, renders it as HTML) and the browser page's
Help (web/static/rulesummary.js, from the JSON the server answers at
``summary.<digest>.json``, net/web.py).

The summary is data: sections of rows of values, each value an engine
message (:class:`~bigcity_desktop.engine.messages.Msg`, context "Engine":
the app translates it with ``engine_text``, the page with ``engineText``)
with two marks: ``house`` when the rules file marks the value as this
project's reading of the rule book (not published rules), and ``changed``
when it differs from the bundled edition the rules are based on (a
house-rules file's own values; a server's table is compared with the
bundled edition as that server plays it, engine/strangers.py).

Every number comes from the rules themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bigcity_desktop.engine.messages import Msg, msg
from bigcity_desktop.engine.rules import (
    BuildingRule,
    Condition,
    EndRule,
    RefillMode,
    Rules,
    StartScores,
    StreetcarLine,
    UselessCards,
    get_rules,
)
from bigcity_desktop.engine.strangers import SERVER_SUFFIX, STRANGERS_SUFFIX, for_server
from bigcity_desktop.engine.viewjson import value_to_json

#: what the app and the page say beside a value that is our reading
OUR_READING = msg("our reading")
#: what the app and the page say beside a value a house-rules file changed
CHANGED = msg("changed from the bundled edition")


@dataclass(frozen=True)
class Value:
    """One value of the summary: its words and its two marks."""

    text: Msg
    house: bool = False  # this project's reading of the rule book
    changed: bool = False  # differs from the bundled edition


@dataclass(frozen=True)
class Section:
    """A heading and its rows; a table's rows have one value per column of `head`."""

    title: Msg
    rows: tuple[tuple[Value, ...], ...]
    head: tuple[Msg, ...] = ()


@dataclass(frozen=True)
class RulesSummary:
    """The whole summary of one set of rules."""

    title: str  # the rules' title (a name of the "Rules" context)
    house_rules: bool  # some value differs from the bundled edition
    sections: tuple[Section, ...]


# ---------------------------------------------------------------- what changed


def reference_rules(rules: Rules) -> Rules:
    """The bundled edition `rules` are compared with: their base edition, as
    a server's table plays it when `rules` are a server's."""
    bundled = get_rules(rules.base_edition)
    if rules.edition.endswith(STRANGERS_SUFFIX):
        return for_server(bundled, public=True)
    if rules.edition.endswith(SERVER_SUFFIX):
        return for_server(bundled, public=False)
    return bundled


def _at(data: Any, path: str) -> Any:
    """The value at a dotted `path` of rules data ("x[]" maps the rest over a list; None when absent)."""
    head, _, rest = path.partition(".")
    if head.endswith("[]"):
        items = data.get(head[:-2]) if isinstance(data, dict) else None
        if not isinstance(items, list):
            return None
        return [_at(i, rest) if rest else i for i in items]
    value = data.get(head) if isinstance(data, dict) else None
    return _at(value, rest) if rest else value


class _Marks:
    """Which values are our reading and which differ from the reference."""

    def __init__(self, rules: Rules, reference: Rules) -> None:
        self.rules, self.ref = rules, reference

    def house(self, section: str, *keys: str) -> bool:
        marks = self.rules.marks.get(section, {})
        return any(marks.get(k) == "house" for k in keys)

    def changed(self, *paths: str) -> bool:
        return any(_at(self.rules.data, p) != _at(self.ref.data, p) for p in paths)

    def value(self, text: Msg, section: str, keys: Sequence[str], paths: Sequence[str]) -> tuple[Value, ...]:
        return (Value(text, self.house(section, *keys), self.changed(*paths)),)


def _join(items: Sequence[Msg | str], template: str = "{a}, {b}") -> Msg | str:
    """Items joined by a message (", " by default), each translated in its turn."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = msg(template, a=item, b=out)
    return out


# ---------------------------------------------------------------- words


def _target(rules: Rules, name: str, n: int = 1) -> Msg | str:
    if name in rules.buildings:
        label = rules.buildings[name].label
        if n != 1:
            label += "es" if label.endswith("s") else "s"
        return label if name == rules.city_hall_type else label.lower()
    if name == "special":
        return msg("special buildings") if n != 1 else msg("special building")
    if n != 1:
        return msg("{kind} buildings", kind=name.replace("_", " "))
    return msg("{kind} building", kind=name.replace("_", " "))


def condition_msg(rules: Rules, c: Condition) -> Msg | str:
    """A condition of a building's rule in words ("next to a park")."""
    k = c.kind
    if k == "adjacent":
        assert c.target is not None  # the rules validator requires one
        if c.low <= 1:
            if c.target == rules.city_hall_type:
                return msg("next to City Hall")
            return msg("next to a {building}", building=_target(rules, c.target))
        return msg("next to at least {n} {buildings}", n=c.low, buildings=_target(rules, c.target, c.low))
    if k == "city_hall":
        return msg("City Hall built on an earlier turn")
    if k == "streetcar":
        return msg("next to the streetcar line")
    if k == "outskirts":
        return msg("in the outskirts")
    if k == "center":
        return msg("entirely in the city centre")
    if k == "outskirts_cells":
        if c.low == c.high:
            return msg("exactly {n} of its cells on the outskirts", n=c.low)
        return msg("{low} to {high} of its cells on the outskirts", low=c.low, high=c.high)
    if k == "properties":
        return msg("only on {props}", props=", ".join(str(p) for p in sorted(c.properties)))
    if k == "last_free":
        return msg("on the last free property of its neighborhood")
    return k


def requirement_msg(rules: Rules, rule: BuildingRule) -> Msg:
    """One line: when `rule` may be built (the supply's tooltips)."""
    if not rule.requires:
        return msg("May be built at any time.")
    return msg("Needs: {conditions}.", conditions=_join([condition_msg(rules, c) for c in rule.requires], "{a}; {b}"))


def when_msg(rules: Rules, btype: str, rule: BuildingRule) -> Msg | str:
    """When a building may be built: its card, its conditions."""
    when = _join([condition_msg(rules, c) for c in rule.requires], "{a}; {b}") or msg("any time")
    if rule.with_card:
        cards = [str(c) for c, (bt, _v) in rules.special_cards.items() if bt == btype]
        return msg("with card {cards}; {when}", cards=_join(cards, "{a} or {b}"), when=when)
    return when


def bonus_msgs(rules: Rules, rule: BuildingRule) -> list[Msg]:
    """A building's bonuses, one each ("+1 per adjacent park")."""
    out = []
    for a in rule.add:
        if a.per:
            out.append(msg("{points} per adjacent {building}", points=f"{a.points:+d}", building=_target(rules, a.per)))
        else:
            when = _join([condition_msg(rules, c) for c in a.when], "{a} and {b}")
            out.append(msg("{points} {when}", points=f"{a.points:+d}", when=when))
    return out


def multiplier_msgs(rules: Rules, rule: BuildingRule) -> list[Msg]:
    """A building's multipliers, one each ("×2 next to the streetcar line")."""
    return [
        msg(
            "×{factor} {when}",
            factor=mu.factor,
            when=_join([condition_msg(rules, c) for c in mu.when], "{a} and {b}"),
        )
        for mu in rule.multiply
    ]


def reading_msg(rules: Rules, path: str) -> Msg:
    """One line for a value marked ``house`` (a dotted name of
    ``rules.house_values()``): what the rule book says and why we read it so."""
    parts = path.split(".")
    if parts[0] == "buildings" and len(parts) == 3:
        rule = rules.buildings.get(parts[1])
        building, key = (rule.label if rule is not None else parts[1]), parts[2]
        if key == "shape":
            if parts[1] in ("park", "factory"):
                return msg(
                    "{building}: the rule book does not give the shapes; we use those of the original edition.",
                    building=building,
                )
            return msg(
                "{building}: the rule book does not give its size; we use one lot, like the other small "
                "special buildings.",
                building=building,
            )
        if parts[1] == "post_office" and key == "requires":
            return msg(
                "{building}: the rule book does not say where it may stand; we ask for a residence and a "
                "business next to it, since it serves both.",
                building=building,
            )
        if parts[1] == "shopping_center":
            return msg(
                "{building}: neither rule book gives its value; we chose 10 points plus 5 for each special "
                "building next to it, built next to at least two of them, with no multiplier.",
                building=building,
            )
    if path == "draws.useless_cards":
        return msg(
            "Useless cards: the rule book does not say when they leave the hand; we reveal and replace them "
            "at the start of their owner's turn (a published variant keeps them until exchanged)."
        )
    if path == "groups.special":
        return msg(
            "Special buildings: the rule book does not list them; we count City Hall, church, cinema, "
            "post office, bank and shopping center."
        )
    if path == "shapes.square":
        return msg(
            "The large factory's 2×2 square: no source confirms it; it is the shape that fits the printed piece best."
        )
    if path in ("rounds.strangers_end", "rounds.end"):
        return msg(
            "Tables of strangers: the rule book ends the original only after a row of passes, so one player "
            "exchanging every turn could keep a game going for ever; at a server's public tables a round of "
            "nothing but passes and exchanges ends it, as in the jumbo edition."
        )
    if path == "rounds.max_rounds":
        return msg(
            "The bound on rounds: the rule book sets none, and games in the app have none; a server ends every "
            "game at its tables after round {n} (bots' games lasted at most 50 rounds), so no table can be held "
            "hostage.",
            n=rules.max_rounds,
        )
    if path == "tiles.names":
        return msg("Neighborhood names: the boards are only numbered; the names are ours, to tell them apart.")
    if path == "cards.special":
        return msg(
            "Park and factory cards: the jumbo box counts 74 cards and the rule book does not say what the two "
            "extra ones are; we use the original's 72."
        )
    return msg("{value}: not in the rule book; our reading.", value=path)


# ---------------------------------------------------------------- the summary


def summarize(rules: Rules, reference: Rules | None = None) -> RulesSummary:
    """The summary of `rules`, each value marked when it is our reading and
    when it differs from `reference` (by default the bundled edition they
    are based on: :func:`reference_rules`)."""
    ref = reference if reference is not None else reference_rules(rules)
    m = _Marks(rules, ref)
    game = (*_setup_rows(rules, m), *_draw_rows(rules, m), *_play_rows(rules, m))
    sections = [
        Section(msg("The game"), tuple(game)),
        Section(
            msg("Buildings"),
            tuple(_building_row(rules, m, btype, rule) for btype, rule in rules.buildings.items()),
            (
                msg("Building"),
                msg("Pieces"),
                msg("Base"),
                msg("When"),
                msg("Bonuses"),
                msg("Multiplier (highest only)"),
            ),
        ),
    ]
    notes = list(dict.fromkeys(reading_msg(rules, h) for h in rules.house_values()))  # one for a building's several
    if notes:
        sections.append(Section(msg("Our readings"), tuple((Value(n),) for n in notes)))
    changed = rules.digest != ref.digest and m.changed(*(k for k in rules.data if k not in ("title", "edition")))
    return RulesSummary(rules.title, changed, tuple(sections))


def summary_json(summary: RulesSummary) -> dict[str, Any]:
    """The summary as the page reads it: messages as ``{"$msg", fields}``."""

    def value(v: Value) -> dict[str, Any]:
        return {"text": value_to_json(v.text), "house": v.house, "changed": v.changed}

    return {
        "title": summary.title,
        "house_rules": summary.house_rules,
        "sections": [
            {
                "title": value_to_json(s.title),
                "head": [value_to_json(h) for h in s.head],
                "rows": [[value(v) for v in row] for row in s.rows],
            }
            for s in summary.sections
        ],
    }


def _setup_rows(rules: Rules, m: _Marks) -> list[tuple[Value, ...]]:
    """Players, hands, starting scores and neighborhoods, the actions."""
    sizes = _join([msg("{n} players: {size}", n=n, size=s) for n, s in sorted(rules.hand_size.items())])
    if rules.start_scores == StartScores.ZERO:
        start: Msg = msg("all on 0")
    else:
        start = msg("start player 0, then 1, 2, 3 in turn order")
    tiles = _join(
        [msg("{n} players: {tiles}", n=n, tiles=", ".join(map(str, t))) for n, t in sorted(rules.start_tiles.items())],
        "{a}; {b}",
    )
    return [
        m.value(
            msg("{low}–{high} players.", low=rules.min_players, high=rules.max_players),
            "players",
            (),
            ("players.min", "players.max"),
        ),
        m.value(msg("Hand size after refilling — {sizes}.", sizes=sizes), "hand", ("size",), ("hand.size",)),
        m.value(msg("Starting scores: {start}.", start=start), "setup", ("start_scores",), ("setup.start_scores",)),
        m.value(
            msg("Neighborhood 1 starts the city; tiles placed at setup — {tiles}.", tiles=tiles),
            "setup",
            ("start_tiles",),
            ("setup.start_tiles",),
        ),
        (
            Value(
                msg(
                    "On your turn take one action: build, park or factory, streetcar, neighborhood, exchange, or "
                    "pass. Streetcars, neighborhoods, parks/factories and every special building open on the turn "
                    "after City Hall is built."
                )
            ),
        ),
    ]


def _draw_rows(rules: Rules, m: _Marks) -> list[tuple[Value, ...]]:
    """Refilling, exchanging and useless cards."""
    if rules.refill_mode == RefillMode.HARD:
        refill = msg("at most {n} cards from any one stack", n=rules.refill_per_stack)
    else:
        refill = msg(
            "at most {n} card per stack unless no other option exists, then as few as possible from any one stack",
            n=rules.refill_per_stack,
        )
    if rules.exchange_draws_separately:
        exch = msg(
            "return any cards, then draw as many (at most {n} per stack) before refilling", n=rules.exchange_per_stack
        )
    else:
        exch = msg("return any cards, then refill (at most {n} per stack)", n=rules.exchange_per_stack)
    if rules.useless_cards == UselessCards.TURN_START:
        useless = msg("discarded at the start of your turn and replaced in the refill")
    else:
        useless = msg("kept until you exchange them")
    return [
        m.value(
            msg("Refill: {refill}.", refill=refill),
            "draws",
            ("refill_per_stack", "refill_mode"),
            ("draws.refill_per_stack", "draws.refill_mode"),
        ),
        m.value(
            msg("Exchange: {exchange}.", exchange=exch),
            "draws",
            ("exchange_per_stack",),
            ("draws.exchange_per_stack", "draws.exchange_draws_separately"),
        ),
        m.value(
            msg("Useless cards (their property already holds a building): {useless}.", useless=useless),
            "draws",
            ("useless_cards",),
            ("draws.useless_cards",),
        ),
    ]


def _play_rows(rules: Rules, m: _Marks) -> list[tuple[Value, ...]]:
    """Streetcars, City Hall, redevelopment and the end of the game."""
    if rules.streetcar_line == StreetcarLine.TREE:
        line = msg("may branch (a tree, never a loop)")
    else:
        line = msg("may not branch: extend one of its two ends")
    streetcars = msg(
        "Streetcars: {count} pieces; the first action places {first}, later actions up to {later}; the line {line}.",
        count=rules.streetcar_count,
        first=rules.streetcar_first_action,
        later=rules.streetcar_per_action,
        line=line,
    )
    if rules.city_hall_step:
        chv = msg(
            "worth {start}, rising by {step} each round while unbuilt, to at most {max}",
            start=rules.city_hall_start,
            step=rules.city_hall_step,
            max=rules.city_hall_max,
        )
    else:
        chv = msg("worth {start} points", start=rules.city_hall_start)
    out = [
        m.value(streetcars, "streetcars", ("count", "line"), ("streetcars",)),
        m.value(
            msg("City Hall: {value}; only in the city centre.", value=chv),
            "city_hall",
            ("start",),
            ("city_hall.start", "city_hall.step", "city_hall.max"),
        ),
    ]
    if rules.city_hall_reserved:
        out.append(
            m.value(
                msg("Reserved for City Hall: {props}.", props=", ".join(map(str, sorted(rules.city_hall_reserved)))),
                "city_hall",
                ("reserved",),
                ("city_hall.reserved",),
            )
        )
    if rules.redevelopment:
        out.append(
            m.value(
                msg(
                    "After every round: redevelopment — each player offers 1 or 2 cards face up or down, "
                    "then takes as many from the others' offers."
                ),
                "rounds",
                ("redevelopment",),
                ("rounds.redevelopment",),
            )
        )
    if rules.end_rule == EndRule.CONSECUTIVE_PASSES:
        end = msg("when as many turns in a row as there are players were passes")
    else:
        end = msg("at the end of a round in which every action was a pass or an exchange")
    out.append(
        m.value(
            msg("The game ends when the city is complete, or {end}. Highest score wins; ties stay ties.", end=end),
            "rounds",
            ("end",),
            ("rounds.end",),
        )
    )
    if rules.max_rounds:
        out.append(
            m.value(
                msg("After round {n} the game ends; the standing is the result.", n=rules.max_rounds),
                "rounds",
                ("max_rounds",),
                ("rounds.max_rounds",),
            )
        )
    if rules.strangers_end != rules.end_rule:
        out.append(
            m.value(
                msg(
                    "At a server's public tables the game also ends at the end of a round in which every action "
                    "was a pass or an exchange."
                ),
                "rounds",
                ("strangers_end",),
                ("rounds.strangers_end",),
            )
        )
    return out


def _building_row(rules: Rules, m: _Marks, btype: str, rule: BuildingRule) -> tuple[Value, ...]:
    """A building's row: its name, pieces, base, when, bonuses and multipliers."""
    pieces = _join(
        [
            (
                msg("{variant} ({size} cells) ×{count}", variant=v.name, size=v.size, count=v.count)
                if v.size > 1
                else msg("{variant} (1 cell) ×{count}", variant=v.name, count=v.count)
            )
            for v in rule.variants
        ]
    )
    if rule.base_from_city_hall:
        base: Msg | str = msg("City Hall value")
    elif rule.with_card:
        base = "\N{EM DASH}"
    else:
        base = " / ".join(str(v.base) for v in rule.variants)
    dash = "\N{EM DASH}"
    at = f"buildings.{btype}."
    bm = rule.marks

    def value(text: Msg | str, keys: tuple[str, ...], paths: tuple[str, ...]) -> Value:
        changed = m.changed(*(at + p for p in paths))
        return Value(
            text if isinstance(text, Msg) else msg("{text}", text=text),
            any(bm.get(k) == "house" for k in keys),
            changed,
        )

    return (
        value(rule.label, (), ("label",)),
        value(pieces, ("count", "shape"), ("variants[].count", "variants[].shape", "variants[].name")),
        value(base, ("base",), ("variants[].base", "base")),
        value(when_msg(rules, btype, rule), ("requires",), ("requires", "with_card")),
        value(_join(bonus_msgs(rules, rule), "{a}; {b}") or dash, ("add",), ("add",)),
        value(_join(multiplier_msgs(rules, rule), "{a}; {b}") or dash, ("multiply",), ("multiply",)),
    )
