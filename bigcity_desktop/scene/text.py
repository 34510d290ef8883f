"""Sentences about scores and judgements (no Qt needed).

:func:`format_judgement` turns an engine ``Judgement`` into the text shown in
the ghost's tooltip and the status bar: the reason when the spot is illegal,
otherwise the score and every step of its breakdown.
"""

from __future__ import annotations

_BECAUSE = {
    "park": "next to a park",
    "factory": "next to a factory",
    "outskirts": "in the outskirts",
    "center": "entirely in the city centre",
    "streetcar": "next to the streetcar",
    "city_hall": "next to City Hall",
    "special": "adjacent special building",
    "residence": "adjacent residence",
    "business": "adjacent business",
}


def because_text(tag: str) -> str:
    parts = [(_BECAUSE.get(t) or t.replace("_", " ")) for t in tag.split("+")]
    return " and ".join(parts)


def building_name(rules, btype: str, size: int | None = None) -> str:
    rule = rules.buildings.get(btype) if rules is not None else None
    label = rule.label if rule is not None else btype.replace("_", " ").title()
    if rule is not None and size is not None and len(rule.variants) > 1:
        vs = rule.variants_of_size(size)
        if vs:
            return f"{vs[0].label.capitalize()} {label.lower()}"
    return label


def breakdown_lines(breakdown: dict) -> list[str]:
    """One line per step: base, each modifier, the multiplier and why."""
    lines = [f"base {breakdown.get('base', 0)}"]
    for a in breakdown.get("add", []):
        pts = a.get("points", 0)
        sign = "+" if pts >= 0 else "\u2212"
        why = a.get("because", "")
        if a.get("count") is not None and a.get("count", 1) > 1:
            lines.append(f"{sign}{abs(pts)} for {a['count']} \u00d7 {because_text(why)}")
        else:
            lines.append(f"{sign}{abs(pts)} {because_text(why)}")
    m = breakdown.get("multiplier", 1)
    if m and m != 1:
        why = breakdown.get("multiplier_because") or []
        lines.append(f"\u00d7{m} " + " and ".join(because_text(t) for t in why))
    else:
        lines.append("\u00d71 (no multiplier applies)")
    return lines


def format_judgement(rules, btype: str, props, judgement) -> str:
    """Tooltip text for a building judged on `props`."""
    name = building_name(rules, btype, len(props))
    where = ", ".join(str(p) for p in props)
    if judgement is None:
        return f"{name}: not on the city"
    if not judgement.legal:
        reason = judgement.reason or "not legal here"
        return f"{name} on {where}: not allowed \u2014 {reason[0].upper() + reason[1:]}"
    score = judgement.score if judgement.score is not None else 0
    text = f"{name} on {where}: {score} point{'s' if score != 1 else ''}"
    if judgement.breakdown:
        text += "\n" + "\n".join("  " + ln for ln in breakdown_lines(judgement.breakdown))
    return text


def elide(text: str, limit: int = 24) -> str:
    """`text` cut to `limit` characters with an ellipsis, on one line: names
    and file names never widen a label or a window."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\N{HORIZONTAL ELLIPSIS}"
