"""A rules summary generated from an edition's rules data.

Every number comes from the loaded Rules (so a house-rules file shows its
own values); values marked [house] in the rules file are flagged, because
they are this project's reasoned choices rather than published rules.
"""

from __future__ import annotations

import html

from bigcity_desktop.engine.rules import Condition, Rules

HOUSE_TAG = '<span style="color:#b00020;font-weight:bold">[house]</span>'


def _target(rules: Rules, name: str, n: int = 1) -> str:
    if name in rules.buildings:
        label = rules.buildings[name].label
        if n != 1:
            label += "es" if label.endswith("s") else "s"
        return label if name == rules.city_hall_type else label.lower()
    if name == "special":
        return "special building" + ("s" if n != 1 else "")
    return name.replace("_", " ") + (" buildings" if n != 1 else " building")


def condition_text(rules: Rules, c: Condition) -> str:
    k = c.kind
    if k == "adjacent":
        assert c.target is not None  # the rules validator requires one
        if c.low <= 1:
            return f"next to a {_target(rules, c.target)}" if c.target != rules.city_hall_type else "next to City Hall"
        return f"next to at least {c.low} {_target(rules, c.target, c.low)}"
    if k == "city_hall":
        return "City Hall built on an earlier turn"
    if k == "streetcar":
        return "next to the streetcar line"
    if k == "outskirts":
        return "in the outskirts"
    if k == "center":
        return "entirely in the city centre"
    if k == "outskirts_cells":
        if c.low == c.high:
            return f"exactly {c.low} of its cells on the outskirts"
        return f"{c.low} to {c.high} of its cells on the outskirts"
    if k == "properties":
        return "only on " + ", ".join(str(p) for p in sorted(c.properties))
    if k == "last_free":
        return "on the last free property of its neighborhood"
    return k


def requirement_text(rules: Rules, rule) -> str:
    """One line: when `rule` may be built (used for supply tooltips)."""
    if not rule.requires:
        return "May be built at any time."
    return "Needs: " + "; ".join(condition_text(rules, c) for c in rule.requires) + "."


def _mark(marks: dict, key: str) -> str:
    return f" {HOUSE_TAG}" if marks.get(key) == "house" else ""


def rules_html(rules: Rules) -> str:
    """The whole summary as simple HTML (for a QTextBrowser)."""
    e = html.escape
    m = rules.marks
    out = [f"<h2>{e(rules.title)}</h2>"]
    out.append(
        "<p>Values marked " + HOUSE_TAG + " are not found in any published source: they are "
        "this program's reasoned choices. A player who owns the printed player-aid card can "
        f"correct them in the rules file (<code>{e(rules.source)}</code>).</p>"
    )
    hand = m.get("hand", {})
    draws = m.get("draws", {})
    setup = m.get("setup", {})
    sc = m.get("streetcars", {})
    rounds = m.get("rounds", {})
    ch = m.get("city_hall", {})
    sizes = ", ".join(f"{n} players: {s}" for n, s in sorted(rules.hand_size.items()))
    out.append("<h3>The game</h3><ul>")
    out.append(f"<li>{rules.min_players}\N{EN DASH}{rules.max_players} players.</li>")
    out.append(f"<li>Hand size after refilling \N{EM DASH} {sizes}{_mark(hand, 'size')}.</li>")
    start = "all on 0" if rules.start_scores == "zero" else "start player 0, then 1, 2, 3 in turn order"
    out.append(f"<li>Starting scores: {start}{_mark(setup, 'start_scores')}.</li>")
    tiles = "; ".join(f"{n} players: " + ", ".join(map(str, t)) for n, t in sorted(rules.start_tiles.items()))
    out.append(
        f"<li>Neighborhood 1 starts the city; tiles placed at setup \N{EM DASH} {tiles}{_mark(setup, 'start_tiles')}.</li>"
    )
    out.append(
        "<li>On your turn take one action: build, park or factory, streetcar, neighborhood, exchange, or pass. "
        "Streetcars, neighborhoods, parks/factories and every special building open on the turn after City Hall is built.</li>"
    )
    if rules.refill_mode == "hard":
        refill = f"at most {rules.refill_per_stack} cards from any one stack"
    else:
        refill = f"at most {rules.refill_per_stack} card per stack unless no other option exists, then as few as possible from any one stack"
    out.append(f"<li>Refill: {refill}{_mark(draws, 'refill_per_stack') or _mark(draws, 'refill_mode')}.</li>")
    exch = (
        f"return any cards, then draw as many (at most {rules.exchange_per_stack} per stack) before refilling"
        if rules.exchange_draws_separately
        else f"return any cards, then refill (at most {rules.exchange_per_stack} per stack)"
    )
    out.append(f"<li>Exchange: {exch}{_mark(draws, 'exchange_per_stack')}.</li>")
    useless = (
        "discarded at the start of your turn and replaced in the refill"
        if rules.useless_cards == "turn_start"
        else "kept until you exchange them"
    )
    out.append(
        f"<li>Useless cards (their property already holds a building): {useless}{_mark(draws, 'useless_cards')}.</li>"
    )
    line = (
        "may branch (a tree, never a loop)"
        if rules.streetcar_line == "tree"
        else "may not branch: extend one of its two ends"
    )
    out.append(
        f"<li>Streetcars: {rules.streetcar_count} pieces{_mark(sc, 'count')}; the first action places "
        f"{rules.streetcar_first_action}, later actions up to {rules.streetcar_per_action}; the line {line}{_mark(sc, 'line')}.</li>"
    )
    if rules.city_hall_step:
        chv = f"worth {rules.city_hall_start}, rising by {rules.city_hall_step} each round while unbuilt, to at most {rules.city_hall_max}"
    else:
        chv = f"worth {rules.city_hall_start} points"
    out.append(f"<li>City Hall: {chv}{_mark(ch, 'start')}; only in the city centre.</li>")
    if rules.city_hall_reserved:
        out.append(
            f"<li>Reserved for City Hall: {', '.join(map(str, sorted(rules.city_hall_reserved)))}{_mark(ch, 'reserved')}.</li>"
        )
    if rules.redevelopment:
        out.append(
            f"<li>After every round: redevelopment \N{EM DASH} each player offers 1 or 2 cards face up or down, then takes as many from the others' offers{_mark(rounds, 'redevelopment')}.</li>"
        )
    end = (
        "when as many turns in a row as there are players were passes"
        if rules.end_rule == "consecutive_passes"
        else "at the end of a round in which every action was a pass or an exchange"
    )
    out.append(
        f"<li>The game ends when the city is complete, or {end}{_mark(rounds, 'end')}. Highest score wins; ties stay ties.</li>"
    )
    out.append("</ul>")

    out.append("<h3>Buildings</h3>")
    out.append('<table border="1" cellspacing="0" cellpadding="4">')
    out.append(
        "<tr><th>Building</th><th>Pieces</th><th>Base</th><th>When</th><th>Bonuses</th><th>Multiplier (highest only)</th></tr>"
    )
    for btype, rule in rules.buildings.items():
        bm = rule.marks
        pieces = ", ".join(
            f"{v.name} ({v.size} cell{'s' if v.size > 1 else ''}) \N{MULTIPLICATION SIGN}{v.count}"
            for v in rule.variants
        )
        if rule.base_from_city_hall:
            base = "City Hall value"
        elif rule.with_card:
            base = "\N{EM DASH}"
        else:
            base = " / ".join(str(v.base) for v in rule.variants)
        when = "; ".join(condition_text(rules, c) for c in rule.requires) or "any time"
        if rule.with_card:
            cards = [str(c) for c, (bt, _v) in rules.special_cards.items() if bt == btype]
            when = f"with card {' or '.join(cards)}; " + when
        adds = []
        for a in rule.add:
            if a.per:
                adds.append(f"{a.points:+d} per adjacent {_target(rules, a.per)}")
            else:
                adds.append(f"{a.points:+d} " + " and ".join(condition_text(rules, c) for c in a.when))
        mults = []
        for mu in rule.multiply:
            mults.append(
                f"\N{MULTIPLICATION SIGN}{mu.factor} " + " and ".join(condition_text(rules, c) for c in mu.when)
            )
        dash = "\N{EM DASH}"
        adds_t = e("; ".join(adds)) or dash
        mults_t = e("; ".join(mults)) or dash
        out.append(
            "<tr>"
            f"<td><b>{e(rule.label)}</b></td>"
            f"<td>{e(pieces)}{_mark(bm, 'count')}{_mark(bm, 'shape')}</td>"
            f"<td>{e(base)}{_mark(bm, 'base')}</td>"
            f"<td>{e(when)}{_mark(bm, 'requires')}</td>"
            f"<td>{adds_t}{_mark(bm, 'add')}</td>"
            f"<td>{mults_t}{_mark(bm, 'multiply')}</td>"
            "</tr>"
        )
    out.append("</table>")
    house = rules.house_values()
    if house:
        out.append(
            "<h3>All [house] values in this rules file</h3><p>"
            + ", ".join(f"<code>{e(h)}</code>" for h in house)
            + "</p>"
        )
    return "\n".join(out)
