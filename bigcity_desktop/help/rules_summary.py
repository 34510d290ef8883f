"""The app's rules summary: the summary worded once for the app and the
page (present/rulesummary.py, engine messages) rendered as simple HTML for
a QTextBrowser, in the installed language.

Every number comes from the loaded Rules (so a house-rules file shows its
own values); values marked ``house`` in the rules file are shown as "our
reading", because they are this project's reasoned choices rather than
published rules, and the end of the page says for each why, and what the rule
book says (issue 25.12: "[house]" made a player who owns the box unsure the
rules match it). A value a house-rules file changed from the bundled
edition is marked "changed from the bundled edition", as on the page.
"""

from __future__ import annotations

import html

from bigcity_desktop.engine.rules import BuildingRule, Rules
from bigcity_desktop.i18n import engine_text, rules_text, translate
from bigcity_desktop.present import rulesummary as summary
from bigcity_desktop.present.rulesummary import Value


def house_tag() -> str:
    """The mark beside a value that is our reading, not the rule book's."""
    return "<i>(" + html.escape(engine_text(summary.OUR_READING)) + ")</i>"


def changed_tag() -> str:
    """The mark beside a value that differs from the bundled edition."""
    return "<b>(" + html.escape(engine_text(summary.CHANGED)) + ")</b>"


def reading_note(rules: Rules, path: str) -> str:
    """One line for a value marked ``house``: what the rule book says and why we read it so."""
    return engine_text(summary.reading_msg(rules, path))


def requirement_text(rules: Rules, rule: BuildingRule) -> str:
    """One line: when `rule` may be built (used for supply tooltips)."""
    return engine_text(summary.requirement_msg(rules, rule))


def when_text(rules: Rules, btype: str, rule: BuildingRule) -> str:
    """When a building may be built: its card, its conditions."""
    return engine_text(summary.when_msg(rules, btype, rule))


def bonus_texts(rules: Rules, rule: BuildingRule) -> list[str]:
    return [engine_text(m) for m in summary.bonus_msgs(rules, rule)]


def multiplier_texts(rules: Rules, rule: BuildingRule) -> list[str]:
    return [engine_text(m) for m in summary.multiplier_msgs(rules, rule)]


def _value(v: Value) -> str:
    out = html.escape(engine_text(v.text))
    if v.house:
        out += " " + house_tag()
    if v.changed:
        out += " " + changed_tag()
    return out


def rules_html(rules: Rules) -> str:
    """The whole summary as simple HTML (for a QTextBrowser)."""
    e = html.escape
    made = summary.summarize(rules)
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
    if made.house_rules:
        out.append(
            "<p>"
            + e(
                translate("RulesSummary", "House rules: the values marked {mark} differ from the bundled edition.")
            ).replace("{mark}", changed_tag())
            + "</p>"
        )
    for section in made.sections:
        out.append(f"<h3>{e(engine_text(section.title))}</h3>")
        if section.head:
            out.append('<table border="1" cellspacing="0" cellpadding="4">')
            out.append("<tr>" + "".join(f"<th>{e(engine_text(h))}</th>" for h in section.head) + "</tr>")
            for row in section.rows:
                cells = [_value(v) for v in row]
                cells[0] = f"<b>{cells[0]}</b>"
                out.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
            out.append("</table>")
        else:
            out.append("<ul>" + "".join(f"<li>{_value(row[0])}</li>" for row in section.rows) + "</ul>")
    if rules.house_values():
        out.append(
            translate(
                "RulesSummary",
                "<p><b>House rules.</b> To change a value, save a copy of this rules file (the button below), "
                "edit its numbers in any text editor, and open it in the sandbox (Rules → Open house rules…). "
                "This edition's file: <code>{file}</code>.</p>",
            ).format(file=e(rules.source))
        )
    return "\n".join(out)
