"""A lot of the city and a neighborhood's spot in words, worded once for
every face: the app's board cursor (its accessible description and status
line, scene/describe.py) and the browser page's description of the lot that
has the keyboard's focus (web/static/lotsaid.js).

Each sentence is an engine message (:class:`~bigcity_desktop.engine.messages.Msg`,
context "Engine"): the app translates it with ``engine_text``, the page with
``engineText`` from the same catalogue. The page is sent the two halves that
change at different times: each lot's place (with the board, when a
neighborhood is laid: :func:`lot_place`) and what stands on each built lot
(with every view: :func:`built_contents`); a spot's place comes with the
legal move that lays a neighborhood there (net/legal.py, :func:`spot_place`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from bigcity_desktop.engine import City, Rules
from bigcity_desktop.engine.cards import neighborhood_of
from bigcity_desktop.engine.geometry import footprint
from bigcity_desktop.engine.messages import Msg, msg


def building_label(rules: Rules, btype: str, size: int | None = None) -> str:
    """A building's English name as the rules' texts have it ("Small house"
    for a variant of its size): a field the faces translate by "Rules"."""
    rule = rules.buildings.get(btype)
    label = rule.label if rule is not None else btype.replace("_", " ").title()
    if rule is not None and size is not None and len(rule.variants) > 1:
        vs = rule.variants_of_size(size)
        if vs:
            return f"{vs[0].label.capitalize()} {label.lower()}"
    return label


def lot_place(city: City, lot: int) -> Msg:
    """Where a lot is: "Property 23, neighborhood 3, outskirts"."""
    area = msg("outskirts") if lot in city.outskirts else msg("city centre")
    return msg("Property {p}, neighborhood {n}, {area}", p=lot, n=neighborhood_of(lot), area=area)


def lot_contents(
    city: City,
    lot: int,
    owner_name: Callable[[int], str] | None = None,
    you: Collection[int] = (),
) -> Msg:
    """What stands on a lot: "free", "House of Bea, 4 points", "your House,
    4 points" (a seat in `you`), or without `owner_name` (the sandbox's
    buildings have no owners) "House, 4 points"."""
    b = city.building_at.get(lot)
    if b is None:
        return msg("free")
    bld = city.buildings[b]
    name = building_label(city.rules, bld.type, len(bld.properties))
    if owner_name is None:
        return msg("{building}, {score} points", building=name, score=bld.score)
    if bld.owner is not None and bld.owner in you:
        return msg("your {building}, {score} points", building=name, score=bld.score)
    who: str | Msg = owner_name(bld.owner) if bld.owner is not None else msg("nobody")
    return msg("{building} of {owner}, {score} points", building=name, owner=who, score=bld.score)


def lot_text(
    city: City,
    lot: int,
    owner_name: Callable[[int], str] | None = None,
    you: Collection[int] = (),
    held: Collection[int] = (),
) -> Msg:
    """The whole sentence of a lot: its place and what stands on it (the
    app's board cursor; `held`: the property cards of the player at the screen)."""
    contents = lot_contents(city, lot, owner_name, you)
    if lot in held and lot not in city.building_at:
        return msg("{place}, {contents}, you hold its card", place=lot_place(city, lot), contents=contents)
    return msg("{place}, {contents}", place=lot_place(city, lot), contents=contents)


def built_contents(city: City, owner_name: Callable[[int], str]) -> tuple[tuple[tuple[int, ...], Msg], ...]:
    """Each building's lots and what stands there, every owner by name (the
    page's share of the view, the same for every member). An entry is kept
    by what its words follow from (the rules, the building's kind and size,
    its score, its owner's name, its lots), bounded, so a move that builds
    nothing and scores nothing anew gives the entries of the last one, the
    same objects (present/presented.py keeps their texts by them)."""
    rules = city.rules
    out = []
    for b in city.buildings:
        key = (id(rules), b.type, b.score, None if b.owner is None else owner_name(b.owner), b.properties)
        kept = _BUILT.get(key)
        if kept is None or kept[0] is not rules:
            if len(_BUILT) >= _BUILT_KEPT:
                _BUILT.clear()
            kept = _BUILT[key] = (rules, (tuple(b.properties), lot_contents(city, b.properties[0], owner_name)))
        out.append(kept[1])
    return tuple(out)


#: built_contents' entries by what their words follow from, with the rules they were worded by; emptied when full
_BUILT: dict[tuple[object, ...], tuple[Rules, tuple[tuple[int, ...], Msg]]] = {}
_BUILT_KEPT = 8192


#: the sides of a neighborhood a spot may lie on, as the sentences say them
_SIDES = {
    "north": lambda n: msg("north of neighborhood {n}", n=n),
    "south": lambda n: msg("south of neighborhood {n}", n=n),
    "east": lambda n: msg("east of neighborhood {n}", n=n),
    "west": lambda n: msg("west of neighborhood {n}", n=n),
}


def spot_place(city: City, rules: Rules, number: int, x: int, y: int, rotation: int) -> Msg:
    """Where a spot for neighborhood `number` lies, by the neighborhood laid
    beside it along the longest shared edge and the lots across that edge:
    "north of neighborhood 3, beside properties 31 to 33" (the nearest
    one's side when none touches it; "in the middle of the table" while the
    city is empty)."""
    w, h = footprint(rules, number, rotation)
    return spot_place_of(city, x, y, w, h)


def spot_place_of(city: City, x: int, y: int, w: int, h: int) -> Msg:
    """:func:`spot_place` of a spot by its corner and its footprint (`w` by
    `h` cells, as laid): the words depend on nothing else, so the spots of
    a list that share a footprint share them."""
    return spot_words(spot_key(city, x, y, w, h))


#: what a spot's words say (spot_key): the side and the neighborhood beside it and the first and last lot
#: across that edge and how many (0: none), or None in an empty city
SpotKey = tuple[str, int, int, int, int] | None


def spot_key(city: City, x: int, y: int, w: int, h: int) -> SpotKey:
    """What :func:`spot_place_of` says of a spot, as a value: the same
    value, the same words (in any city), so their text may be kept by it."""
    rules = city.rules
    best: tuple[int, int, str, int] | None = None  # (shared edge, -distance, side, neighborhood)
    for t in city.tiles:
        tw, th = footprint(rules, t.number, t.rotation)
        across_x = min(x + w, t.x + tw) - max(x, t.x)
        across_y = min(y + h, t.y + th) - max(y, t.y)
        if y + h == t.y and across_x > 0:
            cand = (across_x, 0, "north", t.number)
        elif y == t.y + th and across_x > 0:
            cand = (across_x, 0, "south", t.number)
        elif x + w == t.x and across_y > 0:
            cand = (across_y, 0, "west", t.number)
        elif x == t.x + tw and across_y > 0:
            cand = (across_y, 0, "east", t.number)
        else:  # not touching: by the centres, the longer way
            dx = (2 * x + w) - (2 * t.x + tw)
            dy = (2 * y + h) - (2 * t.y + th)
            if abs(dy) >= abs(dx):
                side = "north" if dy < 0 else "south"
            else:
                side = "west" if dx < 0 else "east"
            cand = (0, -(abs(dx) + abs(dy)), side, t.number)
        if best is None or cand[:2] > best[:2]:
            best = cand
    if best is None:
        return None
    across = _across(city, best[2], x, y, w, h)
    return (best[2], best[3], across[0], across[-1], len(across)) if across else (best[2], best[3], 0, 0, 0)


def spot_words(key: SpotKey) -> Msg:
    """The words of a spot that :func:`spot_key` says."""
    if key is None:
        return msg("in the middle of the table")
    side_name, number, first, last, count = key
    side = _SIDES[side_name](number)
    if not count:
        return side
    if count == 1:
        return msg("{side}, beside property {p}", side=side, p=first)
    return msg("{side}, beside properties {a} to {b}", side=side, a=first, b=last)


def _across(city: City, side: str, x: int, y: int, w: int, h: int) -> list[int]:
    """The lots of the city just across a spot's edge on `side`, in order along it."""
    if side in ("north", "south"):
        row = y + h if side == "north" else y - 1
        cells = [(cx, row) for cx in range(x, x + w)]
    else:
        col = x + w if side == "west" else x - 1
        cells = [(col, cy) for cy in range(y, y + h)]
    return [p for p in (city.prop_at.get(c) for c in cells) if p is not None]


__all__ = [
    "building_label",
    "built_contents",
    "lot_contents",
    "lot_place",
    "lot_text",
    "spot_key",
    "spot_place",
    "spot_place_of",
    "spot_words",
]
