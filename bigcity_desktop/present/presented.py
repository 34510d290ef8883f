"""A table as one seat sees it, presented once: the players' rows, the
supply, the neighborhoods to come and the board's geometry
(:class:`Presented`), and its JSON for the browser page (the view
message's ``presented``, docs/PROTOCOL.md).

Everything in it is public but the supply's ``buildable`` marks, which are
the seat's own (its hand): they are set for the seat to move only, and
nothing in it names a card of a hand (a hand is its size and its cards'
stacks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bigcity_desktop.engine import GameState
from bigcity_desktop.engine.messages import Msg
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.engine.viewjson import value_to_json

from .board import Board, board_of
from .lots import built_contents
from .rows import PlayerRow, SupplyRow, TileToCome, player_rows, seat_buildable, supply_rows, tiles_to_come


@dataclass(frozen=True, slots=True)
class Presented:
    """What a seat's screen shows of the table, computed once from its view."""

    players: tuple[PlayerRow, ...]
    supply: tuple[SupplyRow, ...]
    tiles: tuple[TileToCome, ...]
    board: Board
    built: tuple[tuple[tuple[int, ...], Msg], ...] = ()  # each building's lots and what stands there (present/lots.py)

    def for_seat(self, view: GameState, seat: int | None) -> Presented:
        """The same table with the supply's `buildable` marks of `seat` (set on its turn only)."""
        can = seat_buildable(view, seat)
        if not can and not any(r.buildable for r in self.supply):
            return self
        return replace(self, supply=tuple(replace(r, buildable=(r.type, r.size) in can) for r in self.supply))


def present(view: GameState, seat: int | None, players: Sequence[PlayerInfo] = ()) -> Presented:
    """The table as `seat` (None: a spectator) sees it in `view` (its own
    view, or the whole state: only public facts and the seat's own
    buildable marks are read). `players`: the names and kinds (the view's
    names, as people, without them)."""
    rows = player_rows(view, players)
    names = {r.seat: r.name for r in rows}
    built = built_contents(view.city, lambda seat: names.get(seat, str(seat + 1)))
    shared = Presented(rows, supply_rows(view, set()), tiles_to_come(view), board_of(view.city), built)
    return shared.for_seat(view, seat)


def presented_json(p: Presented, *, board: bool = True) -> dict[str, Any]:
    """The JSON of a presented table (net/shapes.py's ``Presented``, its schema ``presented.schema.json``):
    rows as objects, the board's and the tiles' cells as arrays. Without
    `board`, the board and the tiles to come are left out (for a reader
    that holds them: they change only when a neighborhood is laid)."""
    return {name: write(p) for name, write in (_PARTS if board else _ROWS).items()}


def presented_text(
    p: Presented, encode: Callable[[Any], str], kept: dict[tuple[str, int], str], *, board: bool = True
) -> str:
    """``encode(presented_json(p, board=board))``, its parts' texts kept in
    `kept` by the parts' identity: the presented tables of one moment
    (:meth:`Presented.for_seat` of one) share their players' rows, built
    lots and board, and all but the seat to move their supply, so each is
    written once. `kept` lives no longer than the parts (a moment's)."""
    out = []
    for name, write in (_PARTS if board else _ROWS).items():
        part = getattr(p, name)
        key = (name, id(part))
        text = kept.get(key)
        if text is None:
            if name == "supply":  # a row changes seldom (a build, City Hall): each row's text is kept by its value
                text = "[" + ",".join(_supply_text(r, encode) for r in part) + "]"
            elif name == "board":  # one object for every table with this city (present/board.py: board_of)
                kept_board = _TEXTS.get(("board", encode, id(part)))
                if kept_board is None or kept_board[0] is not part:
                    kept_board = _keep(("board", encode, id(part)), (part, encode(write(p))))
                text = kept_board[1]
            elif name == "built":  # the same entries as the last move's, but for a building built or scored
                text = "[" + ",".join(_built_text(e, encode) for e in part) + "]"
            elif name == "tiles":  # the same until a neighborhood is laid, and at every table of these rules
                text = _kept(("tiles", encode, part), lambda: encode(_tiles_json(p)))
            else:
                text = encode(write(p))
            kept[key] = text
        out.append(f'"{name}":{text}')
    return "{" + ",".join(out) + "}"


#: texts of presented parts that many moments and tables share, by their value (the board: by its
#: identity, with the object), bounded: emptied when full
_TEXTS: dict[tuple[Any, ...], Any] = {}
_TEXTS_KEPT = 4096


def _keep(key: tuple[Any, ...], value: Any) -> Any:
    if len(_TEXTS) >= _TEXTS_KEPT:
        _TEXTS.clear()
    _TEXTS[key] = value
    return value


def _supply_text(r: SupplyRow, encode: Callable[[Any], str]) -> str:
    key = ("supply", encode, r)
    text = _TEXTS.get(key)
    return text if text is not None else _keep(key, encode(_supply_json(r)))  # type: ignore[no-any-return]


def _built_text(entry: tuple[tuple[int, ...], Msg], encode: Callable[[Any], str]) -> str:
    """A built entry's text, kept by the entry's identity (present/lots.py: built_contents keeps the entries)."""
    key = ("built", encode, id(entry))
    kept = _TEXTS.get(key)
    if kept is None or kept[0] is not entry:
        lots, text = entry
        kept = _keep(key, (entry, encode([list(lots), value_to_json(text)])))
    return kept[1]  # type: ignore[no-any-return]


def _kept(key: tuple[Any, ...], make: Callable[[], str]) -> str:
    text = _TEXTS.get(key)
    return text if text is not None else _keep(key, make())


def _tiles_json(p: Presented) -> list[dict[str, Any]]:
    return [
        {
            "number": t.number,
            "name": t.name,
            "width": t.width,
            "height": t.height,
            "setup": t.setup,
            "turns": [[list(c) for c in turn] for turn in t.turns],
        }
        for t in p.tiles
    ]


def _board_json(p: Presented) -> dict[str, Any]:
    b = p.board
    return {
        "tiles": [[t.number, t.x, t.y, t.rotation, t.width, t.height] for t in b.tiles],
        "lots": [[lot.lot, lot.x, lot.y, lot.tile, lot.outskirts] for lot in b.lots],
        "holes": [list(c) for c in b.holes],
        "box": list(b.box),
        "places": [value_to_json(m) for m in b.places],
    }


def _player_json(r: PlayerRow) -> dict[str, Any]:
    m = r.last_move
    return {
        "seat": r.seat,
        "name": r.name,
        "kind": r.kind,
        "level": r.level,
        "score": r.score,
        "hand": r.hand,
        "stacks": list(r.stacks),
        "built": r.built,
        "current": r.current,
        "last_move": None if m is None else {"round": m.round, "kind": m.kind, "text": value_to_json(m.text)},
    }


def _supply_json(r: SupplyRow) -> dict[str, Any]:
    return {
        "type": r.type,
        "variant": r.variant,
        "size": r.size,
        "left": r.left,
        "count": r.count,
        "base": r.base,
        "with_card": r.with_card,
        "card": r.card,
        "closed": r.closed,
        "buildable": r.buildable,
    }


#: the parts of a presented table's JSON by name (a field of Presented each), in their order; the rows
#: change with every move, the tiles to come and the board only when a neighborhood is laid
_ROWS: dict[str, Callable[[Presented], Any]] = {
    "players": lambda p: [_player_json(r) for r in p.players],
    "supply": lambda p: [_supply_json(r) for r in p.supply],
    "built": lambda p: [[list(lots), value_to_json(text)] for lots, text in p.built],
}
_PARTS: dict[str, Callable[[Presented], Any]] = {**_ROWS, "tiles": _tiles_json, "board": _board_json}
