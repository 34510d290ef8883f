"""The rows of a table as a seat sees them: the players, the supply, the
neighborhoods to come. Plain frozen values made from one view of the game
(``state.view_for(seat)``): no Qt, no wording. The app's Qt models
(game/core/wording.py, game/core/models.py) and the browser page (web/static/
panels.js, through the view message's ``presented``) draw them as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bigcity_desktop.engine import EventKind, GameState, Rules, stack_of
from bigcity_desktop.engine.geometry import tile_cells
from bigcity_desktop.engine.messages import Msg
from bigcity_desktop.engine.phases import Event, Phase
from bigcity_desktop.engine.record import PlayerInfo
from bigcity_desktop.engine.seat import SeatView
from bigcity_desktop.engine.seats import SeatKind

#: the log's events that are a player's own move (a draw or a useless card is part of one)
MOVE_EVENTS = frozenset(
    {
        EventKind.NEIGHBORHOOD,
        EventKind.BUILD,
        EventKind.STREETCAR,
        EventKind.EXCHANGE,
        EventKind.PASS,
        EventKind.OFFER,
        EventKind.TAKE,
    }
)
#: the kinds of player a row names (a bot's level is beside it)
HUMAN, BOT, SCRIPTED = SeatKind.HUMAN.value, SeatKind.BOT.value, "scripted"


@dataclass(frozen=True, slots=True)
class LastMove:
    """A player's last move as the log words it: the round, the event's kind
    and its sentence (a :class:`Msg` each side translates, after the name)."""

    round: int
    kind: str
    text: str | Msg
    lots: tuple[int, ...] = ()  # the lots it built on (a build's), lit when the strip is pointed at
    score: int = 0  # the points it made (a build's)
    tile: int | None = None  # the neighborhood it laid
    building: str = ""  # the building type it built


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player as the players' strips show them. Every field is public:
    the hand by its size and its cards' stacks (card backs), never its cards."""

    seat: int
    name: str
    kind: str  # HUMAN, BOT or SCRIPTED
    level: str | None  # a bot's level ("easy"), else None
    score: int
    hand: int  # cards in hand
    stacks: tuple[int, ...]  # the stacks of the cards in hand, sorted
    built: int  # buildings with the player's marker on the board
    current: bool  # the player to move (never once the game is over)
    last_move: LastMove | None


@dataclass(frozen=True, slots=True)
class SupplyRow:
    """One piece of the supply: a building type in one size."""

    type: str
    variant: str
    size: int  # lots
    left: int
    count: int  # how many the game has
    base: int  # base value (City Hall's: its value now)
    with_card: bool  # a park or factory, built with its card
    card: int | None  # the card that builds it (parks and factories)
    closed: bool  # not before City Hall is built
    buildable: bool  # the seat can build it somewhere now (its turn, a card for a lot it fits)


@dataclass(frozen=True, slots=True)
class TileToCome:
    """A neighborhood not yet in the city, with its lots at each quarter turn."""

    number: int
    name: str  # the rules' name ("" for none), untranslated
    width: int
    height: int
    setup: bool  # one of the starting neighborhoods to lay now
    #: per rotation 0..3: (lot, x, y) of each lot, the tile's corner at (0, 0)
    turns: tuple[tuple[tuple[int, int, int], ...], ...]


def player_kind(kind: str) -> tuple[str, str | None]:
    """A record's player kind ("human", "scripted" or a bot's level) as (kind, level)."""
    if kind in (HUMAN, SCRIPTED):
        return kind, None
    return BOT, kind


def last_moves(view: GameState) -> list[LastMove | None]:
    """Each player's last move in the log, newest first found (the log is public)."""
    out: list[LastMove | None] = [None] * view.n
    missing = view.n
    for e in reversed(view.events):
        p = e.player
        if p is None or e.kind not in MOVE_EVENTS or not 0 <= p < view.n or out[p] is not None:
            continue
        out[p] = _last(e)
        missing -= 1
        if not missing:
            break
    return out


def _last(e: Event) -> LastMove:
    """A move of the log as a player's last move: a build's lots and points, a neighborhood's number."""
    props = e.extra.get("properties") if e.kind == EventKind.BUILD else None
    lots = tuple(int(p) for p in props) if isinstance(props, (list, tuple)) else ()
    score = e.extra.get("score", 0) if e.kind == EventKind.BUILD else 0
    tile = e.extra.get("tile") if e.kind == EventKind.NEIGHBORHOOD else None
    building = e.extra.get("building") if e.kind == EventKind.BUILD else None
    return LastMove(
        e.round,
        str(e.kind),
        e.text,
        lots,
        int(score) if isinstance(score, int) else 0,
        int(tile) if isinstance(tile, int) else None,
        building if isinstance(building, str) else "",
    )


def since_turn(view: GameState, seat: int) -> tuple[tuple[int, LastMove], ...]:
    """The others' moves since `seat`'s own last move, oldest first, as
    (player, move): what happened while the seat waited ("since your turn")."""
    out: list[tuple[int, LastMove]] = []
    for e in reversed(view.events):
        p = e.player
        if p is None or e.kind not in MOVE_EVENTS:
            continue
        if p == seat:
            break
        out.append((p, _last(e)))
    return tuple(reversed(out))


def player_rows(view: GameState, players: Sequence[PlayerInfo]) -> tuple[PlayerRow, ...]:
    """One row per player."""
    built = [0] * view.n
    for b in view.city.buildings:
        if b.owner is not None and 0 <= b.owner < view.n:
            built[b.owner] += 1
    moves = last_moves(view)
    rows = []
    for i in range(view.n):
        name, kind = (players[i].name, players[i].kind) if i < len(players) else (view.names[i], HUMAN)
        kind, level = player_kind(kind)
        stacks = tuple(sorted(stack_of(c) for c in view.hands[i]))
        current = not view.is_over and view.current_player == i
        rows.append(PlayerRow(i, name, kind, level, view.scores[i], len(stacks), stacks, built[i], current, moves[i]))
    return tuple(rows)


def supply_rows(view: GameState, buildable: set[tuple[str, int]]) -> tuple[SupplyRow, ...]:
    """One row per piece of the supply; `buildable`: (type, size) the seat may build now."""
    if buildable:
        return _supply_rows(view, buildable)
    # the rows follow from the rules, the pieces built and City Hall only: kept by those (a server's tables
    # of one edition share them; the supply changes with a build)
    key = (id(view.rules), frozenset(view.city.pieces_used.items()), view.city_hall_open, view.city_hall_value)
    kept = _SUPPLIES.get(key)
    if kept is None or kept[0] is not view.rules:
        if len(_SUPPLIES) >= _SUPPLIES_KEPT:
            _SUPPLIES.clear()
        kept = _SUPPLIES[key] = (view.rules, _supply_rows(view, buildable))
    return kept[1]


_SUPPLIES: dict[tuple[object, ...], tuple[Rules, tuple[SupplyRow, ...]]] = {}
_SUPPLIES_KEPT = 1024


def _supply_rows(view: GameState, buildable: set[tuple[str, int]]) -> tuple[SupplyRow, ...]:
    rules = view.rules
    closed_now = not view.city_hall_open
    rows = []
    for btype, rule in rules.buildings.items():
        closed = rule.needs_city_hall and closed_now
        for v in rule.variants:
            rows.append(
                SupplyRow(
                    btype,
                    v.name,
                    v.size,
                    view.city.pieces_left(btype, v.name),
                    v.count,
                    view.city_hall_value if rule.base_from_city_hall else v.base,
                    rule.with_card,
                    rules.card_for_piece(btype, v.name) if rule.with_card else None,
                    closed,
                    (btype, v.size) in buildable,
                )
            )
    return tuple(rows)


def seat_buildable(view: GameState, seat: int | None) -> set[tuple[str, int]]:
    """(type, size) of the pieces `seat` may build somewhere now (empty off its turn)."""
    return SeatView(view, seat, 0, None).buildable() if seat is not None else set()


def tiles_to_come(view: GameState) -> tuple[TileToCome, ...]:
    """The neighborhoods not yet in the city, in number order."""
    laid = view.city.placed_tiles
    setup = set(view.setup_tiles) if view.phase == Phase.SETUP else ()
    return tuple(replace(t, setup=True) if n in setup else t for n, t in _tiles_of(view.rules).items() if n not in laid)


#: each rules' neighborhoods as tiles to come (their lots at each quarter turn: the same in every game of
#: those rules, so worked out once; a server's tables of one edition share them), by the rules' id
_TILES: dict[int, tuple[Rules, dict[int, TileToCome]]] = {}
_TILES_KEPT = 64


def _tiles_of(rules: Rules) -> dict[int, TileToCome]:
    """Every neighborhood of `rules` as a tile to come (not one to lay at the setup), in number order."""
    kept = _TILES.get(id(rules))
    if kept is None or kept[0] is not rules:
        if len(_TILES) >= _TILES_KEPT:
            _TILES.clear()
        tiles = {}
        for n in rules.tiles:
            w, h = rules.tile_shapes[n]
            turns = tuple(
                tuple((lot, x, y) for lot, (x, y) in sorted(tile_cells(rules, n, 0, 0, r).items())) for r in range(4)
            )
            tiles[n] = TileToCome(n, rules.tile_names.get(n, ""), w, h, False, turns)
        kept = _TILES[id(rules)] = (rules, tiles)
    return kept[1]
