"""A rules summary generated from an edition's rules data.

Every number comes from the loaded Rules (so a house-rules file shows its
own values); values marked ``house`` in the rules file are shown as "our
reading", because they are this project's reasoned choices rather than
published rules, and the end of the page says for each why, and what the rule
book says (issue 25.12: "[house]" made a player who owns the box unsure the
rules match it).
"""

from __future__ import annotations

import html

from bigcity_desktop.engine.rules import (
    BuildingRule,
    Condition,
    EndRule,
    RefillMode,
    Rules,
    StartScores,
    StreetcarLine,
    UselessCards,
)
from bigcity_desktop.i18n import rules_text, translate


def house_tag() -> str:
    """The mark beside a value that is our reading, not the rule book's."""
    return "<i>(" + translate("RulesSummary", "our reading") + ")</i>"


def _building(rules: Rules, name: str) -> str:
    return rules_text(rules.buildings[name].label) if name in rules.buildings else name


def reading_note(rules: Rules, path: str) -> str:
    """One line for a value marked ``house`` (a dotted name of
    ``rules.house_values()``): what the rule book says and why we read it so."""
    parts = path.split(".")
    if parts[0] == "buildings" and len(parts) == 3:
        building, key = _building(rules, parts[1]), parts[2]
        if key == "shape":
            if parts[1] in ("park", "factory"):
                return translate(
                    "RulesSummary",
                    "{building}: the rule book does not give the shapes; we use those of the original edition.",
                ).format(building=building)
            return translate(
                "RulesSummary",
                "{building}: the rule book does not give its size; we use one lot, like the other small "
                "special buildings.",
            ).format(building=building)
        if parts[1] == "post_office" and key == "requires":
            return translate(
                "RulesSummary",
                "{building}: the rule book does not say where it may stand; we ask for a residence and a "
                "business next to it, since it serves both.",
            ).format(building=building)
        if parts[1] == "shopping_center":
            return translate(
                "RulesSummary",
                "{building}: neither rule book gives its value; we chose 10 points plus 5 for each special "
                "building next to it, built next to at least two of them, with no multiplier.",
            ).format(building=building)
    if path == "draws.useless_cards":
        return translate(
            "RulesSummary",
            "Useless cards: the rule book does not say when they leave the hand; we reveal and replace them "
            "at the start of their owner's turn (a published variant keeps them until exchanged).",
        )
    if path == "groups.special":
        return translate(
            "RulesSummary",
            "Special buildings: the rule book does not list them; we count City Hall, church, cinema, "
            "post office, bank and shopping center.",
        )
    if path == "shapes.square":
        return translate(
            "RulesSummary",
            "The large factory's 2×2 square: no source confirms it; it is the shape that fits the printed piece best.",
        )
    if path in ("rounds.strangers_end", "rounds.end"):
        return translate(
            "RulesSummary",
            "Tables of strangers: the rule book ends the original only after a row of passes, so one player "
            "exchanging every turn could keep a game going for ever; at a server's public tables a round of "
            "nothing but passes and exchanges ends it, as in the jumbo edition.",
        )
    if path == "rounds.max_rounds":
        return translate(
            "RulesSummary",
            "The bound on rounds: the rule book sets none, and games in the app have none; a server ends every "
            "game at its tables after round {n} (bots' games lasted at most 50 rounds), so no table can be held "
            "hostage.",
        ).format(n=rules.max_rounds)
    if path == "tiles.names":
        return translate(
            "RulesSummary", "Neighborhood names: the boards are only numbered; the names are ours, to tell them apart."
        )
    if path == "cards.special":
        return translate(
            "RulesSummary",
            "Park and factory cards: the jumbo box counts 74 cards and the rule book does not say what the two "
            "extra ones are; we use the original's 72.",
        )
    return translate("RulesSummary", "{value}: not in the rule book; our reading.").format(value=path)


def _target(rules: Rules, name: str, n: int = 1) -> str:
    if name in rules.buildings:
        label = rules.buildings[name].label
        if n != 1:
            label += "es" if label.endswith("s") else "s"
        return rules_text(label if name == rules.city_hall_type else label.lower())
    if name == "special":
        return (
            translate("RulesSummary", "special buildings") if n != 1 else translate("RulesSummary", "special building")
        )
    if n != 1:
        return translate("RulesSummary", "{kind} buildings").format(kind=rules_text(name.replace("_", " ")))
    return translate("RulesSummary", "{kind} building").format(kind=rules_text(name.replace("_", " ")))


def condition_text(rules: Rules, c: Condition) -> str:
    k = c.kind
    if k == "adjacent":
        assert c.target is not None  # the rules validator requires one
        if c.low <= 1:
            if c.target == rules.city_hall_type:
                return translate("RulesSummary", "next to City Hall")
            return translate("RulesSummary", "next to a {building}").format(building=_target(rules, c.target))
        return translate("RulesSummary", "next to at least {n} {buildings}").format(
            n=c.low, buildings=_target(rules, c.target, c.low)
        )
    if k == "city_hall":
        return translate("RulesSummary", "City Hall built on an earlier turn")
    if k == "streetcar":
        return translate("RulesSummary", "next to the streetcar line")
    if k == "outskirts":
        return translate("RulesSummary", "in the outskirts")
    if k == "center":
        return translate("RulesSummary", "entirely in the city centre")
    if k == "outskirts_cells":
        if c.low == c.high:
            return translate("RulesSummary", "exactly {n} of its cells on the outskirts").format(n=c.low)
        return translate("RulesSummary", "{low} to {high} of its cells on the outskirts").format(low=c.low, high=c.high)
    if k == "properties":
        return translate("RulesSummary", "only on {props}").format(
            props=", ".join(str(p) for p in sorted(c.properties))
        )
    if k == "last_free":
        return translate("RulesSummary", "on the last free property of its neighborhood")
    return k


def requirement_text(rules: Rules, rule) -> str:
    """One line: when `rule` may be built (used for supply tooltips)."""
    if not rule.requires:
        return translate("RulesSummary", "May be built at any time.")
    return translate("RulesSummary", "Needs: {conditions}.").format(
        conditions="; ".join(condition_text(rules, c) for c in rule.requires)
    )


def _mark(marks: dict, key: str) -> str:
    return f" {house_tag()}" if marks.get(key) == "house" else ""


def _li(text: str) -> str:
    return "<li>" + text + "</li>"


def rules_html(rules: Rules) -> str:
    """The whole summary as simple HTML (for a QTextBrowser)."""
    e = html.escape
    out = [f"<h2>{e(rules_text(rules.title))}</h2>"]
    out.append(
        translate(
            "RulesSummary",
            "<p>Everything here is the rule book's, except the values marked {mark}: where the rule book "
            "(and the player-aid card, which it does not reproduce) says nothing, we chose what the printed "
            "game most plausibly does. The end of this page says why for each. If your box says otherwise, "
            "play it your way with house rules (see the end of this page).</p>",
        ).format(mark=house_tag())
    )
    out.append(translate("RulesSummary", "<h3>The game</h3>") + "<ul>")
    out += _setup_items(rules)
    out += _draw_items(rules)
    out += _play_items(rules)
    out.append("</ul>")
    out += _buildings_table(rules)
    out += _readings(rules)
    return "\n".join(out)


def _setup_items(rules: Rules) -> list[str]:
    """Players, hands, starting scores and neighborhoods, the actions."""
    m = rules.marks
    hand = m.get("hand", {})
    setup = m.get("setup", {})
    sizes = ", ".join(
        translate("RulesSummary", "{n} players: {size}").format(n=n, size=s) for n, s in sorted(rules.hand_size.items())
    )
    out = [
        _li(translate("RulesSummary", "{low}–{high} players.").format(low=rules.min_players, high=rules.max_players))
    ]
    out.append(
        _li(
            translate("RulesSummary", "Hand size after refilling — {sizes}{mark}.").format(
                sizes=sizes, mark=_mark(hand, "size")
            )
        )
    )
    if rules.start_scores == StartScores.ZERO:
        start = translate("RulesSummary", "all on 0")
    else:
        start = translate("RulesSummary", "start player 0, then 1, 2, 3 in turn order")
    out.append(
        _li(
            translate("RulesSummary", "Starting scores: {start}{mark}.").format(
                start=start, mark=_mark(setup, "start_scores")
            )
        )
    )
    tiles = "; ".join(
        translate("RulesSummary", "{n} players: {tiles}").format(n=n, tiles=", ".join(map(str, t)))
        for n, t in sorted(rules.start_tiles.items())
    )
    out.append(
        _li(
            translate("RulesSummary", "Neighborhood 1 starts the city; tiles placed at setup — {tiles}{mark}.").format(
                tiles=tiles, mark=_mark(setup, "start_tiles")
            )
        )
    )
    out.append(
        _li(
            translate(
                "RulesSummary",
                "On your turn take one action: build, park or factory, streetcar, neighborhood, exchange, or pass. "
                "Streetcars, neighborhoods, parks/factories and every special building open on the turn after "
                "City Hall is built.",
            )
        )
    )
    return out


def _draw_items(rules: Rules) -> list[str]:
    """Refilling, exchanging and useless cards."""
    draws = rules.marks.get("draws", {})
    if rules.refill_mode == RefillMode.HARD:
        refill = translate("RulesSummary", "at most {n} cards from any one stack").format(n=rules.refill_per_stack)
    else:
        refill = translate(
            "RulesSummary",
            "at most {n} card per stack unless no other option exists, then as few as possible from any one stack",
        ).format(n=rules.refill_per_stack)
    out = [
        _li(
            translate("RulesSummary", "Refill: {refill}{mark}.").format(
                refill=refill, mark=_mark(draws, "refill_per_stack") or _mark(draws, "refill_mode")
            )
        )
    ]
    if rules.exchange_draws_separately:
        exch = translate(
            "RulesSummary", "return any cards, then draw as many (at most {n} per stack) before refilling"
        ).format(n=rules.exchange_per_stack)
    else:
        exch = translate("RulesSummary", "return any cards, then refill (at most {n} per stack)").format(
            n=rules.exchange_per_stack
        )
    out.append(
        _li(
            translate("RulesSummary", "Exchange: {exchange}{mark}.").format(
                exchange=exch, mark=_mark(draws, "exchange_per_stack")
            )
        )
    )
    if rules.useless_cards == UselessCards.TURN_START:
        useless = translate("RulesSummary", "discarded at the start of your turn and replaced in the refill")
    else:
        useless = translate("RulesSummary", "kept until you exchange them")
    out.append(
        _li(
            translate(
                "RulesSummary", "Useless cards (their property already holds a building): {useless}{mark}."
            ).format(useless=useless, mark=_mark(draws, "useless_cards"))
        )
    )
    return out


def _play_items(rules: Rules) -> list[str]:
    """Streetcars, City Hall, redevelopment and the end of the game."""
    m = rules.marks
    sc = m.get("streetcars", {})
    rounds = m.get("rounds", {})
    ch = m.get("city_hall", {})
    if rules.streetcar_line == StreetcarLine.TREE:
        line = translate("RulesSummary", "may branch (a tree, never a loop)")
    else:
        line = translate("RulesSummary", "may not branch: extend one of its two ends")
    out = [
        _li(
            translate(
                "RulesSummary",
                "Streetcars: {count} pieces{mark}; the first action places {first}, later actions up to {later}; "
                "the line {line}{line_mark}.",
            ).format(
                count=rules.streetcar_count,
                mark=_mark(sc, "count"),
                first=rules.streetcar_first_action,
                later=rules.streetcar_per_action,
                line=line,
                line_mark=_mark(sc, "line"),
            )
        )
    ]
    if rules.city_hall_step:
        chv = translate(
            "RulesSummary", "worth {start}, rising by {step} each round while unbuilt, to at most {max}"
        ).format(start=rules.city_hall_start, step=rules.city_hall_step, max=rules.city_hall_max)
    else:
        chv = translate("RulesSummary", "worth {start} points").format(start=rules.city_hall_start)
    out.append(
        _li(
            translate("RulesSummary", "City Hall: {value}{mark}; only in the city centre.").format(
                value=chv, mark=_mark(ch, "start")
            )
        )
    )
    if rules.city_hall_reserved:
        out.append(
            _li(
                translate("RulesSummary", "Reserved for City Hall: {props}{mark}.").format(
                    props=", ".join(map(str, sorted(rules.city_hall_reserved))), mark=_mark(ch, "reserved")
                )
            )
        )
    if rules.redevelopment:
        out.append(
            _li(
                translate(
                    "RulesSummary",
                    "After every round: redevelopment — each player offers 1 or 2 cards face up or down, "
                    "then takes as many from the others' offers{mark}.",
                ).format(mark=_mark(rounds, "redevelopment"))
            )
        )
    if rules.end_rule == EndRule.CONSECUTIVE_PASSES:
        end = translate("RulesSummary", "when as many turns in a row as there are players were passes")
    else:
        end = translate("RulesSummary", "at the end of a round in which every action was a pass or an exchange")
    out.append(
        _li(
            translate(
                "RulesSummary",
                "The game ends when the city is complete, or {end}{mark}. Highest score wins; ties stay ties.",
            ).format(end=end, mark=_mark(rounds, "end"))
        )
    )
    if rules.max_rounds:
        out.append(
            _li(
                translate("RulesSummary", "After round {n} the game ends; the standing is the result{mark}.").format(
                    n=rules.max_rounds, mark=_mark(rounds, "max_rounds")
                )
            )
        )
    if rules.strangers_end != rules.end_rule:
        out.append(
            _li(
                translate(
                    "RulesSummary",
                    "At a server's public tables the game also ends at the end of a round in which every action "
                    "was a pass or an exchange{mark}.",
                ).format(mark=_mark(rounds, "strangers_end"))
            )
        )
    return out


def _buildings_table(rules: Rules) -> list[str]:
    """The table of buildings, one row each."""
    out = [translate("RulesSummary", "<h3>Buildings</h3>")]
    out.append('<table border="1" cellspacing="0" cellpadding="4">')
    out.append(
        translate(
            "RulesSummary",
            "<tr><th>Building</th><th>Pieces</th><th>Base</th><th>When</th><th>Bonuses</th>"
            "<th>Multiplier (highest only)</th></tr>",
        )
    )
    out += [_building_row(rules, btype, rule) for btype, rule in rules.buildings.items()]
    out.append("</table>")
    return out


def _building_row(rules: Rules, btype: str, rule: BuildingRule) -> str:
    e = html.escape
    bm = rule.marks
    pieces = ", ".join(
        (
            translate("RulesSummary", "{variant} ({size} cells) ×{count}")
            if v.size > 1
            else translate("RulesSummary", "{variant} (1 cell) ×{count}")
        ).format(variant=rules_text(v.name), size=v.size, count=v.count)
        for v in rule.variants
    )
    if rule.base_from_city_hall:
        base = translate("RulesSummary", "City Hall value")
    elif rule.with_card:
        base = "\N{EM DASH}"
    else:
        base = " / ".join(str(v.base) for v in rule.variants)
    dash = "\N{EM DASH}"
    adds_t = e("; ".join(bonus_texts(rules, rule))) or dash
    mults_t = e("; ".join(multiplier_texts(rules, rule))) or dash
    return (
        "<tr>"
        f"<td><b>{e(rules_text(rule.label))}</b></td>"
        f"<td>{e(pieces)}{_mark(bm, 'count')}{_mark(bm, 'shape')}</td>"
        f"<td>{e(base)}{_mark(bm, 'base')}</td>"
        f"<td>{e(when_text(rules, btype, rule))}{_mark(bm, 'requires')}</td>"
        f"<td>{adds_t}{_mark(bm, 'add')}</td>"
        f"<td>{mults_t}{_mark(bm, 'multiply')}</td>"
        "</tr>"
    )


def when_text(rules: Rules, btype: str, rule: BuildingRule) -> str:
    """When a building may be built: its card, its conditions."""
    when = "; ".join(condition_text(rules, c) for c in rule.requires) or translate("RulesSummary", "any time")
    if rule.with_card:
        cards = [str(c) for c, (bt, _v) in rules.special_cards.items() if bt == btype]
        when = (
            translate("RulesSummary", "with card {cards}").format(cards=translate("RulesSummary", " or ").join(cards))
            + "; "
            + when
        )
    return when


def bonus_texts(rules: Rules, rule: BuildingRule) -> list[str]:
    adds = []
    and_ = translate("RulesSummary", " and ")
    for a in rule.add:
        if a.per:
            adds.append(
                translate("RulesSummary", "{points} per adjacent {building}").format(
                    points=f"{a.points:+d}", building=_target(rules, a.per)
                )
            )
        else:
            adds.append(f"{a.points:+d} " + and_.join(condition_text(rules, c) for c in a.when))
    return adds


def multiplier_texts(rules: Rules, rule: BuildingRule) -> list[str]:
    and_ = translate("RulesSummary", " and ")
    return [
        f"\N{MULTIPLICATION SIGN}{mu.factor} " + and_.join(condition_text(rules, c) for c in mu.when)
        for mu in rule.multiply
    ]


def _readings(rules: Rules) -> list[str]:
    """The values that are our reading, and how to change them (house rules)."""
    e = html.escape
    house = rules.house_values()
    if not house:
        return []
    out = [translate("RulesSummary", "<h3>Our readings</h3>") + "<ul>"]
    notes = list(dict.fromkeys(reading_note(rules, h) for h in house))  # one line for a building's several
    out.extend(f"<li>{e(n)}</li>" for n in notes)
    out.append("</ul>")
    out.append(
        translate(
            "RulesSummary",
            "<p><b>House rules.</b> To change a value, save a copy of this rules file (the button below), "
            "edit its numbers in any text editor, and open it in the sandbox (Rules → Open house rules…). "
            "This edition's file: <code>{file}</code>.</p>",
        ).format(file=e(rules.source))
    )
    return out
