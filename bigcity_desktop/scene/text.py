"""Sentences about scores and judgements (no Qt needed).

:func:`format_judgement` turns an engine ``Judgement`` into the text shown in
the ghost's tooltip and the status bar: the reason when the spot is illegal,
otherwise the score and every step of its breakdown.
"""

from __future__ import annotations

from bigcity_desktop.i18n import QT_TRANSLATE_NOOP, elide, engine_text, rules_text, translate
from bigcity_desktop.present.lots import building_label

__all__ = ["because_text", "breakdown_lines", "building_name", "elide", "format_judgement"]

_BECAUSE = {
    "park": QT_TRANSLATE_NOOP("SceneText", "next to a park"),
    "factory": QT_TRANSLATE_NOOP("SceneText", "next to a factory"),
    "outskirts": QT_TRANSLATE_NOOP("SceneText", "in the outskirts"),
    "center": QT_TRANSLATE_NOOP("SceneText", "entirely in the city centre"),
    "streetcar": QT_TRANSLATE_NOOP("SceneText", "next to the streetcar"),
    "city_hall": QT_TRANSLATE_NOOP("SceneText", "next to City Hall"),
    "special": QT_TRANSLATE_NOOP("SceneText", "adjacent special building"),
    "residence": QT_TRANSLATE_NOOP("SceneText", "adjacent residence"),
    "business": QT_TRANSLATE_NOOP("SceneText", "adjacent business"),
}


def because_text(tag: str) -> str:
    parts = [
        translate("SceneText", _BECAUSE[t]) if t in _BECAUSE else rules_text(t.replace("_", " "))
        for t in tag.split("+")
    ]
    return translate("SceneText", " and ").join(parts)


def building_name(rules, btype: str, size: int | None = None) -> str:
    if rules is None:
        return rules_text(btype.replace("_", " ").title())
    return rules_text(building_label(rules, btype, size))


def breakdown_lines(breakdown: dict) -> list[str]:
    """One line per step: base, each modifier, the multiplier and why."""
    lines = [translate("SceneText", "base {points}").format(points=breakdown.get("base", 0))]
    for a in breakdown.get("add", []):
        pts = a.get("points", 0)
        sign = "+" if pts >= 0 else "\u2212"
        why = a.get("because", "")
        if a.get("count") is not None and a.get("count", 1) > 1:
            lines.append(
                translate("SceneText", "{sign}{points} for {count} × {why}").format(
                    sign=sign, points=abs(pts), count=a["count"], why=because_text(why)
                )
            )
        else:
            lines.append(f"{sign}{abs(pts)} {because_text(why)}")
    m = breakdown.get("multiplier", 1)
    if m and m != 1:
        why = breakdown.get("multiplier_because") or []
        lines.append(f"\u00d7{m} " + translate("SceneText", " and ").join(because_text(t) for t in why))
    else:
        lines.append(translate("SceneText", "×1 (no multiplier applies)"))
    return lines


def format_judgement(rules, btype: str, props, judgement) -> str:
    """Tooltip text for a building judged on `props`."""
    name = building_name(rules, btype, len(props))
    where = ", ".join(str(p) for p in props)
    if judgement is None:
        return translate("SceneText", "{building}: not on the city").format(building=name)
    if not judgement.legal:
        reason = engine_text(judgement.reason) if judgement.reason else translate("SceneText", "not legal here")
        return translate("SceneText", "{building} on {props}: not allowed — {reason}").format(
            building=name, props=where, reason=reason[0].upper() + reason[1:]
        )
    score = judgement.score if judgement.score is not None else 0
    if score == 1:
        text = translate("SceneText", "{building} on {props}: 1 point")
    else:
        text = translate("SceneText", "{building} on {props}: {score} points")
    text = text.format(building=name, props=where, score=score)
    if judgement.breakdown:
        text += "\n" + "\n".join("  " + ln for ln in breakdown_lines(judgement.breakdown))
    return text
