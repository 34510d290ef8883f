"""The legal moves a view message tells the seat to move.

A client of the protocol need not carry the rules engine: the view sent to
the seat whose turn it is lists that seat's legal moves now (``legal``),
each as the action's JSON exactly as an ``act`` message sends it. A client
picks one and sends it; a browser page lights the lots and cards those
moves use. Nobody else is told them: a spectator and the seats not to move
get no ``legal`` (what one seat may do can depend on its hand). A
building's entry also says what it would score (``points``) and, when that
is more than its base, how (``why``: present/preview.py), so that a page
without the rules can preview a score and its breakdown before the piece is
put down.

The list is written as JSON text by :func:`legal_text`, each action's text
kept (the move generator hands out the same action objects again and again),
so a list costs a join; :func:`legal_moves` is the same list as protocol
values (``protocol.LegalMove``), as the client's reader gives it back.

The texts kept are keyed by the action (a value: the same move of another
game is the same entry), at most :data:`_MAX_ENTRIES` of them: an entry
costs about 160 bytes (measured with tracemalloc over 20 random games of
both editions, 29,804 entries, 4.7 MB), a game of 400 moves adds 1,500 to
2,000 new ones, and the cache is emptied when it fills (about 3 MB at most)
and whenever the server forgets its finished tables (:func:`forget_legal`,
called by ``net/finished.py`` with the engine's caches), so a finished game
leaves nothing here.
"""

from __future__ import annotations

import json

from bigcity_desktop.engine import Build, GameState, Phase, PlaceTile
from bigcity_desktop.engine.actions import Action
from bigcity_desktop.engine.geometry import footprint
from bigcity_desktop.engine.messages import Msg
from bigcity_desktop.engine.viewjson import value_to_json
from bigcity_desktop.present import ScorePreview, score_preview
from bigcity_desktop.present.lots import SpotKey, spot_key, spot_place, spot_words

from . import protocol as P

#: compact JSON text, as every frame the server sends is written
compact_json = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
#: each action's entry of the list as text (bounded: emptied when it fills, and with the finished tables)
_ENTRIES: dict[Action, str] = {}
_MAX_ENTRIES = 20_000


def forget_legal() -> None:
    """The texts kept let go of (the finished tables are forgotten: net/finished.py)."""
    _ENTRIES.clear()
    _LAYOUTS.clear()


def _to_move(state: GameState, seat: int | None) -> bool:
    return seat is not None and not state.is_over and seat == state.current_player


def legal_moves(state: GameState, seat: int | None) -> tuple[P.LegalMove, ...] | None:
    """The legal moves of `seat` if it is the seat to move (None for anyone
    else, a spectator and a game that is over)."""
    if not _to_move(state, seat):
        return None
    out = []
    for a in state.legal_actions():
        if isinstance(a, Build):
            preview = score_preview(state, a.building, a.properties)
            out.append(P.LegalMove(a, preview.points, None if preview.plain else _why(preview)))
        elif isinstance(a, PlaceTile):
            out.append(P.LegalMove(a, where=value_to_json(_where(state, a))))
        else:
            out.append(P.LegalMove(a))
    return tuple(out)


def _why(p: ScorePreview) -> P.ScoreWhy:
    return P.ScoreWhy(p.base, tuple(P.ScorePart(s.points, s.because, s.count) for s in p.add), p.multiplier, p.because)


def _build_entry(state: GameState, a: Build) -> str:
    """A building's points, and how they come about when more than its base, as the entry's JSON text."""
    preview = score_preview(state, a.building, a.properties)
    if preview.plain:
        return f',"points":{preview.points}}}'
    return f',"points":{preview.points},"why":{compact_json(_why(preview).to_json())}}}'


def _where(state: GameState, a: PlaceTile) -> Msg:
    """A neighborhood's spot in words ("north of neighborhood 3"), for a screen reader."""
    return spot_place(state.city, state.rules, a.number, a.x, a.y, a.rotation)


#: the words of a spot as JSON text, by what they say (present/lots.py: spot_key; a few thousand at most:
#: four sides of each neighborhood, the lots across), the same in every game
_WHERES: dict[SpotKey, str] = {}
_MAX_WHERES = 20_000


#: the words of a city's spots by its neighborhoods as laid (the rules, each tile's number, corner and
#: turn: all that spot_key reads), kept while the city stays so (most turns lay none), bounded
#: (with them, a setup turn's whole list by the setup neighborhoods left: a setup lays a neighborhood
#: in a city of neighborhoods only, and every game of an edition begins with the same)
_LAYOUTS: dict[tuple[object, ...], tuple[object, dict[tuple[int, int, int, int], str], dict[tuple[int, ...], str]]] = {}
_MAX_LAYOUTS = 500


def _layout(
    state: GameState,
) -> tuple[object, dict[tuple[int, int, int, int], str], dict[tuple[int, ...], str]]:
    """What is kept of `state`'s city as laid: the rules, the spots' words by
    spot and the setup lists' texts by the setup neighborhoods left (both
    filled as they are asked for)."""
    rules = state.rules
    key = (id(rules), *((t.number, t.x, t.y, t.rotation) for t in state.city.tiles))
    kept = _LAYOUTS.get(key)
    if kept is None or kept[0] is not rules:
        if len(_LAYOUTS) >= _MAX_LAYOUTS:
            _LAYOUTS.clear()
        kept = _LAYOUTS[key] = (rules, {}, {})
    return kept


def _where_text(key: SpotKey) -> str:
    text = _WHERES.get(key)
    if text is None:
        if len(_WHERES) > _MAX_WHERES:
            _WHERES.clear()
        text = _WHERES[key] = compact_json(value_to_json(spot_words(key)))
    return text


def legal_text(state: GameState, seat: int | None) -> str | None:
    """``legal_moves`` as the JSON text of the message's ``legal`` entry."""
    if not _to_move(state, seat):
        return None
    entries = _ENTRIES
    if len(entries) >= _MAX_ENTRIES:
        entries.clear()
    setup = None
    if state.phase is Phase.SETUP and type(state).iter_legal is GameState.iter_legal:  # not a lesson's own moves
        lists = _layout(state)[2]
        setup = tuple(state.setup_tiles)
        text = lists.get(setup)
        if text is not None:
            return text
    out = []
    wheres: dict[tuple[int, int, int, int], str] | None = None  # a spot's words by its corner and footprint
    for a in state.legal_actions():
        text = entries.get(a)
        if text is None:
            text = entries[a] = '{"action":' + compact_json(a.to_json())
        # a building's points depend on the city, so only its action is kept
        if isinstance(a, Build):
            out.append(text + _build_entry(state, a))
        elif isinstance(a, PlaceTile):
            spot = (a.x, a.y, *footprint(state.rules, a.number, a.rotation))
            if wheres is None:
                wheres = _layout(state)[1]
            where = wheres.get(spot)
            if where is None:  # the same for each quarter turn of the same footprint, and each neighborhood's
                where = wheres[spot] = _where_text(spot_key(state.city, *spot))
            out.append(f'{text},"where":{where}}}')
        else:
            out.append(text + "}")
    text = "[" + ",".join(out) + "]"
    if setup is not None:
        _layout(state)[2][setup] = text
    return text


__all__ = ["compact_json", "forget_legal", "legal_moves", "legal_text"]
