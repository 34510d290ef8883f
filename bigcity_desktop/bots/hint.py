"""Hints: the move the strongest bot would make, with a one-line reason.

``hint(state_or_view, player)`` is pure (no Qt) and may run in a worker
thread: it works on its own copy of the view.
"""

from __future__ import annotations

from bigcity_desktop.engine import (
    Action,
    Build,
    Draw,
    Exchange,
    GameState,
    Offer,
    Pass,
    PlaceStreetcar,
    PlaceTile,
    StopStreetcars,
    Take,
)
from bigcity_desktop.engine.city import article

from .base import Bot
from .common import Ctx, passive_ends_game, street_value
from .outlook import CITY_HALL, hall_urgent, is_city_hall, outlook

_WHY = {
    "streetcar": "the streetcar",
    CITY_HALL: "City Hall",
    "center": "the city centre",
    "outskirts": "the outskirts",
    "park": "a park",
    "factory": "a factory",
    "special": "special buildings",
}


def hint(state_or_view: GameState, player: int, bot: Bot | None = None) -> tuple[Action, str]:
    """The move the hard bot would make for `player` now, and why.

    `state_or_view` is a full state (it is reduced to the player's view
    here) or the player's view. ValueError when it is not the player's move.
    """
    s = state_or_view
    if s.is_over:
        raise ValueError("the game is over")
    if s.current_player != player:
        raise ValueError(f"it is not player {player + 1}'s move")
    view = s if s.viewer == player else s.view_for(player)
    if s.viewer is not None and s.viewer != player:
        raise ValueError("this view belongs to another player")
    if bot is None:
        from .hard import HardBot

        bot = HardBot(seed=0)
    action = bot.choose(view.clone())
    return action, reason(view, action)


def reason(view: GameState, action: Action) -> str:
    """A one-line explanation of `action` for the player to move, with a
    warning when City Hall is about to lose its last spots."""
    text = _reason(view, action)
    if view.phase != "action":
        return text
    look = outlook(view)
    if not hall_urgent(look):
        return text
    spots = sorted(look.hall_spots)
    where = " or ".join(map(str, spots))
    if is_city_hall(action):
        return f"{text}. Build it now: City Hall can only stand on {where}"
    last = "it is built on" if len(spots) == 1 else "they are built on"
    return f"{text}. Careful: City Hall can only stand on {where} now; once {last}, there will be no City Hall, streetcars or new neighborhoods"


def _reason(view: GameState, action: Action) -> str:
    ctx = Ctx(view)
    me = ctx.me
    city = view.city
    hand = set(view.hands[me])
    if isinstance(action, Build):
        rule = view.rules.buildings[action.building]
        j = view.judge(action)
        if action.building == CITY_HALL:
            touching = [q for q in city.neighbours(action.properties[0]) if q in hand and city.is_free(q)]
            pts = f" for {j.score} point{'s' if j.score != 1 else ''}" if j.score else ""
            extra = f"; {len(touching)} of your cards touch it (businesses there score double)" if touching else ""
            return (
                f"City Hall on {action.properties[0]}{pts} opens streetcars, neighborhoods and special buildings{extra}"
            )
        if rule.with_card:
            covered = [p for p in action.properties if p in hand]
            what = (article(rule, j.variant) if j.variant else article(rule)).replace("a L-shaped", "an L-shaped")
            if action.building == "park":
                return f"{what} on {', '.join(map(str, action.properties))}: covers properties others may hold, and homes next to it gain a point"
            return (
                f"{what} on {', '.join(map(str, action.properties))}: spoils properties others may hold cards for (-2 next to it)"
                + ("" if not covered else "")
            )
        what = article(rule, j.variant)[2:] if j.variant else rule.label.lower()
        if what.startswith("n "):
            what = what[2:]
        bd = j.breakdown or {}
        reasons: list[str] = [_WHY.get(b, b.replace("_", " ")) for b in bd.get("multiplier_because", [])]
        for m in bd.get("add", []):
            if m.get("points", 0) > 0 and m["because"] not in bd.get("multiplier_because", []):
                tag = m["because"]
                reasons.append(
                    {"outskirts": "in the outskirts", "center": "in the city centre"}.get(tag, _WHY.get(tag, tag))
                )
        for m in bd.get("add", []):
            if m.get("points", 0) < 0:
                reasons.append(f"despite {_WHY.get(m['because'], m['because'])}")
        where = ""
        if reasons:
            near = [r for r in reasons if not r.startswith("in the") and not r.startswith("despite")]
            rest = [r for r in reasons if r not in near]
            parts: list[str] = []
            if near:
                parts.append("next to " + " and ".join(near))
            parts += rest
            where = " " + ", ".join(parts)
        return (
            f"{what} on {', '.join(map(str, action.properties))}{where}: {j.score} point{'s' if j.score != 1 else ''}"
        )
    if isinstance(action, PlaceTile):
        mine = [c for c in hand if c // 10 == action.number and c % 10]
        if mine:
            return f"neighborhood {action.number} brings {len(mine)} of your cards ({', '.join(map(str, sorted(mine)))}) into the city"
        return f"neighborhood {action.number} opens new properties"
    if isinstance(action, PlaceStreetcar):
        props = [city.prop_at.get(c) for c in action.street]
        mine = [p for p in props if p is not None and p in hand and city.is_free(p)]
        if mine:
            return f"streetcar next to {', '.join(map(str, mine))}: buildings there will score double"
        return "streetcar towards free properties, for later doubles"
    if isinstance(action, StopStreetcars):
        return "no second streetcar helps you more than the others"
    if isinstance(action, Exchange):
        useless = [c for c in action.cards if c > 0 and c % 10 and c in city.building_at]
        dead = [c for c in action.cards if c > 0 and c % 10 and c not in city.cell_of]
        special = [c for c in action.cards if c > 0 and c % 10 == 0]
        if special and len(special) == len(action.cards):
            return f"exchange park/factory card{'s' if len(special) > 1 else ''} {', '.join(map(str, special))}: no placement helps you now"
        if useless or dead:
            kinds: list[str] = []
            if useless:
                kinds.append(f"useless {', '.join(map(str, useless))}")
            if dead:
                kinds.append(f"{', '.join(map(str, dead))} of neighborhoods not in the city")
            return f"exchange {' and '.join(kinds)} for cards you can build with"
        return f"exchange {', '.join(map(str, action.cards))}: they fit nothing in your hand"
    if isinstance(action, Pass):
        if passive_ends_game(view, "pass") and max(view.scores) == view.scores[me]:
            return "pass: the game ends with you in the lead"
        return "pass: no build, streetcar or exchange improves your position"
    if isinstance(action, Draw):
        mine = [c for c in hand if c > 0 and c // 10 == action.stack and city.is_free(c)]
        if mine:
            return (
                f"draw from stack {action.stack}: it may complete a building with {', '.join(map(str, sorted(mine)))}"
            )
        return f"draw from stack {action.stack}: the best expected card for your hand"
    if isinstance(action, Offer):
        return f"offer {', '.join(map(str, action.cards))} face {'up' if action.face_up else 'down'}: the card{'s' if len(action.cards) > 1 else ''} you need least"
    if isinstance(action, Take):
        card = view.offers[action.owner]["cards"][action.slot]
        if card > 0:
            return f"take {card}: it is worth {ctx.card_value(card):.0f} to your hand"
        return f"take the face-down card of stack {-card}: the best guess for your hand"
    return str(action)


__all__ = ["hint", "reason", "street_value"]
