"""A player's view of a game as JSON, and back: what a network client is sent.

``view_to_json(state.view_for(p))`` writes every field of the view (format
``bigcity-view``, version 1) and :func:`view_from_json` rebuilds a
:class:`GameState` equal to it field by field, so that the client's
``legal_actions()``, ``check()``, the hint and the bots work from it as they
do on the server. A full state (one with a seed or a generator, or a stack
whose order shows) is refused on writing: only views leave the server.

The logs of a game (``history`` with ``actors``, ``events`` and
``score_history``) only ever grow. After each action a server sends a *delta*:
the whole position without the logs, plus the log entries the client has not
had yet (``view_to_json(view, since=mark)``, where ``mark`` is the
:class:`LogMark` of the view the client holds). ``view_from_json(delta,
base=old_view)`` puts them together; a delta that does not follow `base` is
refused. A full view is sent on joining and after a reconnect; a server's
carries only the log's recent events (``recent=True``,
:func:`.phases.recent_start`) and says in ``events_from`` how many come
before them (the view's :attr:`GameState.events_from`): a client asks for
older ones a page at a time (:func:`events_to_json`, :func:`read_events`).

A spectator sees :func:`public_view`: ``state.view_for(SPECTATOR)``, every hand hidden.

Reading is strict, as for every file the program reads (see
:mod:`.jsonio`): exact entries, whole numbers as numbers, cards that exist in
the rules, players that sit at the table. A damaged or hostile view is
refused with a :class:`ViewError` that says which entry is wrong.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

from .actions import ACTION_KINDS, Action, ActionFormatError, ActionKind, action_from_json
from .cards import stack_of
from .city import City, Street, make_street
from .jsonio import MAX_NAME, decode_json, is_int, short, want_int, want_text
from .messages import Msg
from .phases import Event, EventKind, OfferRecord, Phase, recent_actions, recent_scores, recent_start
from .rules import EDITIONS, Rules, edition_fields, get_rules, rules_of_document
from .state import SPECTATOR, GameState, action_as_seen, hidden_hands

FORMAT = "bigcity-view"
VERSION = 1

#: the longest log a view may carry (a long real game has about 1,500 actions)
MAX_LOG = 200_000
#: the longest message template or end reason read
MAX_SENTENCE = 400
#: cards in one hand, one offer, the discard pile: far above any rules file
MAX_CARDS = 1_000


class ViewError(ValueError):
    """A view that cannot be read; the message says which entry is wrong."""


class LogMark(NamedTuple):
    """How much of a view's growing lists a client holds: the lengths of
    ``history`` (and ``actors``), ``events``, ``score_history`` and of the
    city's tiles, buildings and streetcars (which are only ever added to)."""

    history: int
    events: int
    scores: int
    tiles: int
    buildings: int
    streetcars: int


def log_mark(view: GameState) -> LogMark:
    c = view.city
    events = view.events_from + len(view.events)
    return LogMark(
        view.moves,
        events,
        view.scores_from + len(view.score_history),
        len(c.tiles),
        len(c.buildings),
        len(c.streetcars),
    )


_MARK_KEYS = LogMark._fields


# --------------------------------------------------------------------------
# the public view


def public_view(state: GameState) -> GameState:
    """What everyone may know, for a spectator: the view for no seat
    (``viewer`` SPECTATOR), every hand hidden but the cards taken face up in
    the redevelopment under way, face-down offers hidden, exchanged cards and
    face-down offers in the history shown by their stacks only."""
    return state.view_for(SPECTATOR)


#: the entries of a view that differ from seat to seat: every other entry of
#: ``view_json_of(state, seat, ...)`` is the same for every seat and spectator
SEAT_ENTRIES = ("viewer", "hands", "offers", "history")


def view_json_of(
    state: GameState, viewer: int | None, *, since: LogMark | None = None, with_rules: bool = True, recent: bool = False
) -> dict[str, Any]:
    """``view_to_json(state.view_for(viewer), ...)`` (or of
    ``public_view(state)`` for viewer None or SPECTATOR), made without copying
    the state: :func:`shared_view_json` and :func:`seat_view_json` together.
    A test pins it to the former."""
    out = shared_view_json(state, since=since, with_rules=with_rules, recent=recent)
    out.update(seat_view_json(state, viewer, since=since, recent=recent))
    return out


def shared_view_json(
    state: GameState, *, since: LogMark | None = None, with_rules: bool = True, recent: bool = False
) -> dict[str, Any]:
    """Every entry of ``view_json_of(state, seat, ...)`` but the
    :data:`SEAT_ENTRIES`: what every seat and spectator is sent alike (a
    server writes it once per move). `recent`: a whole view carries the
    log's recent events only (:func:`.phases.recent_start`), ``events_from`` naming the first,
    the history's recent actors (:func:`.phases.recent_actions`), ``history_from`` naming the first,
    and the score history's recent turns (:func:`.phases.recent_scores`), ``scores_from`` naming the first."""
    _check_mark(state, since)
    _h0, e0, s0, t0, b0, c0 = since if since is not None else LogMark(0, 0, 0, 0, 0, 0)
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    out.update(_rules_fields(state.rules, with_rules, False))
    out.update(_shared_position_fields(state, t0, b0, c0))
    if since is not None:
        out["since"] = dict(zip(_MARK_KEYS, since))
    first = _history_start(state, since, recent)
    if since is None and first:
        out["history_from"] = first
    out["actors"] = list(state.actors[first - state.history_from :])
    out.update(_events_json(state, since, recent))
    # (a whole view's: the score history's recent turns only, `scores_from` naming the first)
    turns = state.scores_from + len(state.score_history)
    if since is None:
        s0 = max(state.scores_from, recent_scores(turns)) if recent else state.scores_from
        if s0:
            out["scores_from"] = s0
    out["score_history"] = [[r, list(sc)] for r, sc in state.score_history[s0 - state.scores_from :]]
    return out


def seat_view_json(
    state: GameState,
    viewer: int | None,
    *,
    since: LogMark | None = None,
    hidden: list[list[int]] | None = None,
    recent: bool = False,
) -> dict[str, Any]:
    """The :data:`SEAT_ENTRIES` of ``view_json_of(state, viewer, ...)``: the
    viewer, every hand (the viewer's own, the others' as :func:`hidden_hands`
    shows them, which `hidden` may hold already), the offers as the viewer may
    see them and the history since `since` with the others' exchanges and
    face-down offers redacted (a whole view's, `recent`: its recent actions
    only, as :func:`shared_view_json` says). `viewer` None or SPECTATOR: a
    spectator, who sees no hand."""
    if viewer is None:
        viewer = SPECTATOR
    if hidden is None:
        hidden = hidden_hands(state)
    hands = [list(h) if q == viewer else hidden[q] for q, h in enumerate(state.hands)]
    offers = []
    for q, o in state.offers.items():
        cards = o.cards
        if q != viewer and not o.face_up:
            cards = [c if t == viewer else -stack_of(c) for c, t in zip(cards, o.taken)]
        offers.append(_offer_to_json(q, cards, o))
    h0 = _history_start(state, since, recent) - state.history_from
    history = [action_as_seen(a, who, viewer).to_json() for a, who in zip(state.history[h0:], state.actors[h0:])]
    return {"viewer": viewer, "hands": hands, "offers": offers, "history": history}


def _history_start(view: GameState, since: LogMark | None, recent: bool) -> int:
    """The number of the first action a view of `view` carries: after
    `since` (a delta), the recent ones (a whole view, `recent`), else all the view holds."""
    if since is not None:
        return since.history
    if recent:
        return max(view.history_from, recent_actions(view.moves))
    return view.history_from


# --------------------------------------------------------------------------
# writing


def value_to_json(v: Any) -> Any:
    """A value of an event's `extra` or a breakdown as JSON: a message
    (:class:`Msg`) becomes ``{"$msg": template, "fields": {...}}`` so the
    client can translate it; tuples become lists."""
    if isinstance(v, Msg):
        return {"$msg": v.template, "fields": {k: value_to_json(x) for k, x in v.fields.items()}}
    if isinstance(v, dict):
        return {str(k): value_to_json(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [value_to_json(x) for x in v]
    if v is None or isinstance(v, (bool, int, float)):
        return v
    if isinstance(v, str):
        return str(v)
    raise TypeError(f"a value of kind {type(v).__name__} cannot be written into a view")


def _event_to_json(e: Event) -> dict[str, Any]:
    return {
        "round": e.round,
        "turn": e.turn,
        "player": e.player,
        "kind": e.kind,
        "text": value_to_json(e.text),
        "extra": value_to_json(e.extra),
    }


def _city_to_json(city: City, t0: int = 0, b0: int = 0, s0: int = 0) -> dict[str, Any]:
    return {
        "tiles": [[t.number, t.x, t.y, t.rotation] for t in city.tiles[t0:]],
        "buildings": [
            {
                "type": b.type,
                "variant": b.variant,
                "properties": list(b.properties),
                "owner": b.owner,
                "score": b.score,
                "breakdown": value_to_json(b.breakdown),
            }
            for b in city.buildings[b0:]
        ],
        "streetcars": [[list(a), list(b)] for a, b in city.streetcars[s0:]],
    }


def view_to_json(
    view: GameState, *, since: LogMark | None = None, with_rules: bool = True, embed_rules: bool = False
) -> dict[str, Any]:
    """A player's (or the public) view as JSON.

    `since`: write only the log entries after that mark (a delta for a client
    that holds a view with those logs). `with_rules=False` leaves the rules
    out but for their digest (the client has them from the full view). House
    rules are always written whole when `with_rules`; `embed_rules` writes a
    bundled edition's table too."""
    _check_writable(view, since)
    h0, _e0, s0, t0, b0, c0 = since if since is not None else LogMark(0, 0, 0, 0, 0, 0)
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    out.update(_rules_fields(view.rules, with_rules, embed_rules))
    out.update(_position_fields(view, t0, b0, c0))
    if since is not None:
        out["since"] = dict(zip(_MARK_KEYS, since))
    if since is None and view.history_from:
        out["history_from"] = view.history_from
    h0 = max(0, h0 - view.history_from)
    out["history"] = [a.to_json() for a in view.history[h0:]]
    out["actors"] = list(view.actors[h0:])
    out.update(_events_json(view, since, False))
    if since is None and view.scores_from:
        out["scores_from"] = view.scores_from
    out["score_history"] = [[r, list(sc)] for r, sc in view.score_history[max(0, s0 - view.scores_from) :]]
    return out


def _check_writable(view: GameState, since: LogMark | None) -> None:
    """Only a player's view leaves the server, and a delta's mark lies within its logs."""
    if view.seed is not None or view.rng is not None:
        raise ValueError("only a player's view can be written, not a full game state (it has a seed or generator)")
    if any(c >= 0 for st in view.stacks for c in st):
        raise ValueError("only a player's view can be written, not a state whose stacks show their cards")
    _check_mark(view, since)


def _check_mark(view: GameState, since: LogMark | None) -> None:
    """A delta's mark lies within the view's logs (and not before the events it holds)."""
    if any(not 0 <= x <= y for x, y in zip(since or (), log_mark(view))):
        raise ValueError("the log mark lies beyond the view's logs")
    if since is not None and (
        since.events < view.events_from or since.history < view.history_from or since.scores < view.scores_from
    ):
        raise ValueError("the log mark lies before the events or actions the view holds")


def _events_json(view: GameState, since: LogMark | None, recent: bool) -> dict[str, Any]:
    """The view's `events` (after `since`; the recent ones only if `recent`)
    and, for a whole view that leaves the first ones out, `events_from`."""
    first = view.events_from
    if since is not None:
        first = since.events
    elif recent:
        first += recent_start(view.events)
    out: dict[str, Any] = {"events_from": first} if since is None and first else {}
    out["events"] = events_to_json(view, first, None)
    return out


def events_to_json(view: GameState, start: int, stop: int | None) -> list[dict[str, Any]]:
    """The log's events from number `start` to `stop` (None: the last) as JSON."""
    at = view.events_from
    return [_event_to_json(e) for e in view.events[start - at : None if stop is None else stop - at]]


def _rules_fields(rules: Rules, with_rules: bool, embed_rules: bool) -> dict[str, Any]:
    """What a view says of its rules (see view_to_json)."""
    out: dict[str, Any] = {}
    if with_rules:
        out.update(edition_fields(rules))
        if embed_rules and rules.bundled:
            out["rules"] = rules.data
    else:
        out["edition"] = rules.edition
    out["rules_digest"] = rules.digest
    return out


def _position_fields(view: GameState, t0: int, b0: int, c0: int) -> dict[str, Any]:
    """Every field of the view but its rules and logs (the city's lists from t0, b0 and c0 on)."""
    out: dict[str, Any] = {"viewer": view.viewer, "hands": [list(h) for h in view.hands]}
    out.update(_shared_position_fields(view, t0, b0, c0))
    out["offers"] = [_offer_to_json(p, o.cards, o) for p, o in view.offers.items()]
    return out


def _offer_to_json(p: int, cards: list[int], o: OfferRecord) -> list[Any]:
    """Player p's offer, its cards as the viewer sees them."""
    return [p, {"cards": list(cards), "face_up": o.face_up, "taken": list(o.taken)}]


def _shared_position_fields(view: GameState, t0: int, b0: int, c0: int) -> dict[str, Any]:
    """The position's fields every seat sees alike (all but the viewer, the hands and the offers)."""
    return {
        "names": list(view.names),
        "city": _city_to_json(view.city, t0, b0, c0),
        "stacks": [len(st) for st in view.stacks],
        "discard": list(view.discard),
        "scores": list(view.scores),
        "arrival": list(view.arrival),
        "arrival_counter": view.arrival_counter,
        "first_player": view.first_player,
        "start_player": view.start_player,
        "round": view.round,
        "turn_index": view.turn_index,
        "turn_player": view.turn_player,
        "current": view.current_player,
        "phase": str(view.phase),
        "city_hall_turn": view.city_hall_turn,
        "city_hall_value": view.city_hall_value,
        "drawn_from": [[k, n] for k, n in view.drawn_from.items()],
        "draw_cap": view.draw_cap,
        "draws_left": view.draws_left,
        "streetcars_this_action": view.streetcars_this_action,
        "streetcar_limit": view.streetcar_limit,
        "action_kind": view.action_kind,
        "passes_in_row": view.passes_in_row,
        "round_passive": view.round_passive,
        "offer_queue": list(view.offer_queue),
        "pick_queue": [list(x) for x in view.pick_queue],
        "end_reason": value_to_json(view.end_reason),
        "setup_tiles": list(view.setup_tiles),
        "setup_order": list(view.setup_order),
        "start_city": [list(t) for t in view.start_city] if view.start_city is not None else None,
    }


# --------------------------------------------------------------------------
# reading

#: the entries every view has
_REQUIRED = frozenset(
    (
        "format version edition rules_digest viewer names city stacks hands discard scores arrival "
        "arrival_counter first_player start_player round turn_index turn_player current phase city_hall_turn "
        "city_hall_value drawn_from draw_cap draws_left streetcars_this_action streetcar_limit action_kind "
        "passes_in_row round_passive offers offer_queue pick_queue end_reason setup_tiles setup_order "
        "start_city history actors events score_history "
    ).split()
)
_OPTIONAL = frozenset({"rules", "since", "events_from", "history_from", "scores_from"})
_FORMATTER = string.Formatter()
#: the characters want_text refuses (control characters), as one pattern
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]")
#: message templates already read, with the field names each one uses
_TEMPLATES: dict[str, frozenset[str]] = {}
_TEMPLATES_KEPT = 4096


def _text(v: Any, where: str, limit: int, empty: bool = False) -> str:
    """want_text's checks, with one regular expression for the characters."""
    if not isinstance(v, str) or len(v) > limit or _CONTROL.search(v) is not None or (not empty and not v.strip()):
        want_text(v, where, ViewError, limit, empty)  # says why
        raise _fail(f"{where} is not acceptable text")  # pragma: no cover - want_text raised
    return v


def _template_fields(template: str, where: str) -> frozenset[str]:
    """The fields a message template names, plainly ({name}, no attribute,
    index, conversion or format spec: a template from outside can make the
    program reveal nothing through str.format)."""
    hit = _TEMPLATES.get(template)
    if hit is not None:
        return hit
    try:
        parts = list(_FORMATTER.parse(template))
    except ValueError:
        raise _fail(f"{where}: the message template {short(template)} is malformed") from None
    names = set()
    for _literal, name, spec, conversion in parts:
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            raise _fail(f"{where}: the message template {short(template)} names {short(name)}, which it may not")
        names.add(name)
    if len(_TEMPLATES) >= _TEMPLATES_KEPT:
        _TEMPLATES.clear()
    out = _TEMPLATES[template] = frozenset(names)
    return out


_BIG = 10**9


def _fail(text: str) -> ViewError:
    return ViewError(text)


def value_from_json(v: Any, where: str) -> Any:
    """The inverse of :func:`value_to_json` (messages are checked: a template
    may only name its own fields, plainly)."""
    return _value(v, where)


def _value(v: Any, where: str) -> Any:
    if isinstance(v, dict):
        if "$msg" in v:
            return _message(v, where)
        return {k: _value(x, where) for k, x in v.items()}
    if isinstance(v, list):
        return [_value(x, where) for x in v]
    return v


def _message(v: dict[str, Any], where: str) -> Msg:
    if set(v) != {"$msg", "fields"}:
        raise _fail(f"{where}: a message is {{'$msg': template, 'fields': {{...}}}}, not {short(sorted(v))}")
    template = _text(v["$msg"], f"{where}: a message template", MAX_SENTENCE, empty=True)
    raw_fields = v["fields"]
    if not isinstance(raw_fields, dict):
        raise _fail(f"{where}: a message's fields must be an object")
    names = _template_fields(template, where)
    if not names <= raw_fields.keys():
        missing = sorted(names - raw_fields.keys())[0]
        raise _fail(f"{where}: the message template {short(template)} names {short(missing)}, which it may not")
    fields: dict[str, Any] = {}
    for k, x in raw_fields.items():
        if isinstance(x, dict):
            fields[k] = _message(x, where)
        elif x is None or isinstance(x, (bool, int, str)):
            fields[k] = x
        else:
            raise _fail(f"{where}: a message field is {short(x)}, not text, a number or a message")
    return Msg(template, fields)


class _Reader:
    """Strict field checks against the rules and the table size."""

    def __init__(self, rules: Rules, n: int) -> None:
        self.rules = rules
        self.n = n
        self.cards = frozenset(rules.all_cards)
        self.stacks = frozenset(rules.tiles)

    def int_(self, v: Any, where: str, low: int = 0, high: int = _BIG) -> int:
        return want_int(v, where, ViewError, low, high)

    def opt_int(self, v: Any, where: str, low: int = 0, high: int = _BIG) -> int | None:
        return None if v is None else self.int_(v, where, low, high)

    def player(self, v: Any, where: str) -> int:
        return self.int_(v, where, 0, self.n - 1)

    def opt_player(self, v: Any, where: str) -> int | None:
        return None if v is None else self.player(v, where)

    def bool_(self, v: Any, where: str) -> bool:
        if not isinstance(v, bool):
            raise _fail(f"{where} must be true or false, not {short(v)}")
        return v

    def list_(self, v: Any, where: str, limit: int = MAX_CARDS, length: int | None = None) -> list[Any]:
        if not isinstance(v, list):
            raise _fail(f"{where} must be a list, not {short(v)}")
        if len(v) > limit:
            raise _fail(f"{where} holds {len(v)} entries; at most {limit} are read")
        if length is not None and len(v) != length:
            raise _fail(f"{where} must have {length} entries, not {len(v)}")
        return v

    def card(self, v: Any, where: str, hidden: bool = True) -> int:
        c = self.int_(v, where, -_BIG)
        if c >= 0:
            if c not in self.cards:
                raise _fail(f"{where}: there is no card {c}")
        elif not hidden or -c not in self.stacks:
            raise _fail(f"{where}: {c} is not a card" + (" of a stack" if hidden else ""))
        return c

    def cards_(self, v: Any, where: str, hidden: bool = True) -> list[int]:
        return [self.card(c, f"{where}[{i}]", hidden) for i, c in enumerate(self.list_(v, where))]

    def players(self, v: Any, where: str) -> list[int]:
        return [self.player(p, f"{where}[{i}]") for i, p in enumerate(self.list_(v, where, 64))]

    def ints(self, v: Any, where: str, length: int | None = None, low: int = -_BIG) -> list[int]:
        return [self.int_(x, f"{where}[{i}]", low) for i, x in enumerate(self.list_(v, where, MAX_CARDS, length))]

    def cell(self, v: Any, where: str) -> tuple[int, int]:
        x, y = self.list_(v, where, 2, 2)
        return (self.int_(x, where, -1000, 1000), self.int_(y, where, -1000, 1000))

    def street(self, v: Any, where: str) -> Street:
        a, b = self.list_(v, where, 2, 2)
        try:
            return make_street(self.cell(a, where), self.cell(b, where))
        except ValueError:
            raise _fail(f"{where}: the two cells of a street must share a side") from None

    def stack(self, v: Any, where: str) -> int:
        """A neighborhood number, which is also the number of its stack."""
        t = self.int_(v, where)
        if t not in self.stacks:
            raise _fail(f"{where}: there is no neighborhood {t}")
        return t

    def tile(self, v: Any, where: str) -> list[int]:
        t = self.ints(v, where, 4)
        if t[0] not in self.rules.tile_shapes:
            raise _fail(f"{where}: there is no neighborhood {t[0]}")
        return t

    def sentence(self, v: Any, where: str) -> str:
        if isinstance(v, dict):
            return _message(v, where)
        return _text(v, where, MAX_SENTENCE, empty=True)


def _read_city(r: _Reader, v: Any, base: City | None) -> City:
    """The city of a view (a delta's city lists only the tiles, buildings and
    streetcars added to `base`'s)."""
    if not isinstance(v, dict) or set(v) != {"tiles", "buildings", "streetcars"}:
        raise _fail("`city` must be an object with tiles, buildings and streetcars")
    city = City(r.rules) if base is None else base.copy()
    for i, t in enumerate(r.list_(v["tiles"], "city.tiles", 64)):
        number, x, y, rot = r.tile(t, f"city.tiles[{i}]")
        try:
            city.place_tile(number, x, y, rot)
        except ValueError as exc:
            raise _fail(f"city.tiles[{i}]: {exc}") from None
    for i, b in enumerate(r.list_(v["buildings"], "city.buildings")):
        _read_building(r, city, b, f"city.buildings[{i}]")
    for i, s in enumerate(r.list_(v["streetcars"], "city.streetcars")):
        st = r.street(s, f"city.streetcars[{i}]")
        if st in city.streetcar_set:
            raise _fail(f"city.streetcars[{i}]: a streetcar already runs on that street")
        city.place_streetcar(st)
    return city


_BUILDING_KEYS = frozenset({"type", "variant", "properties", "owner", "score", "breakdown"})


def _read_building(r: _Reader, city: City, b: Any, where: str) -> None:
    """One building of a view's city, put in it (on free properties of the city)."""
    if not isinstance(b, dict) or set(b) != _BUILDING_KEYS:
        raise _fail(f"{where} must be an object with type, variant, properties, owner, score and breakdown")
    rule = r.rules.buildings.get(b["type"]) if isinstance(b["type"], str) else None
    if rule is None:
        raise _fail(f"{where}: there is no building type {short(b['type'])}")
    variants = {x.name: x for x in rule.variants}
    variant = variants.get(b["variant"]) if isinstance(b["variant"], str) else None
    if variant is None:
        raise _fail(f"{where}: {rule.type} has no variant {short(b['variant'])}")
    props = r.ints(b["properties"], f"{where}.properties")
    if len(props) != variant.size or len(set(props)) != len(props):
        raise _fail(f"{where}: {variant.name} {rule.type} stands on {variant.size} properties")
    for p in props:
        if not city.is_free(p):
            raise _fail(f"{where}: property {p} is not a free property of the city")
    breakdown = b["breakdown"]
    if breakdown is not None and not isinstance(breakdown, dict):
        raise _fail(f"{where}.breakdown must be an object or null")
    city.place_building(
        rule.type,
        variant.name,
        props,
        owner=r.opt_player(b["owner"], f"{where}.owner"),
        score=r.int_(b["score"], f"{where}.score", -_BIG),
        breakdown=value_from_json(breakdown, f"{where}.breakdown"),
    )


#: the kinds of log line, as a view writes them
_EVENT_KINDS = frozenset(str(k) for k in EventKind)


def _read_event(r: _Reader, v: Any, where: str) -> Event:
    if not isinstance(v, dict) or set(v) != {"round", "turn", "player", "kind", "text", "extra"}:
        raise _fail(f"{where} must be an object with round, turn, player, kind, text and extra")
    kind_raw = _text(v["kind"], f"{where}.kind", MAX_NAME)
    if kind_raw not in _EVENT_KINDS:
        raise _fail(f"{where}.kind must be a kind of log line, not {short(kind_raw)}")
    kind = EventKind(kind_raw)
    extra = v["extra"]
    if not isinstance(extra, dict):
        raise _fail(f"{where}.extra must be an object")
    return Event(
        r.int_(v["round"], f"{where}.round"),
        r.int_(v["turn"], f"{where}.turn"),
        r.opt_player(v["player"], f"{where}.player"),
        kind,
        r.sentence(v["text"], f"{where}.text"),
        value_from_json(extra, f"{where}.extra"),
    )


def _read_offer(r: _Reader, v: Any, where: str) -> OfferRecord:
    if not isinstance(v, dict) or set(v) != {"cards", "face_up", "taken"}:
        raise _fail(f"{where} must be an object with cards, face_up and taken")
    cards = r.cards_(v["cards"], f"{where}.cards")
    taken = [r.opt_player(t, f"{where}.taken[{i}]") for i, t in enumerate(r.list_(v["taken"], f"{where}.taken"))]
    if not 1 <= len(cards) <= 8 or len(taken) != len(cards):
        raise _fail(f"{where}: an offer holds one card or more, each taken by a player or by nobody yet")
    return OfferRecord(cards, r.bool_(v["face_up"], f"{where}.face_up"), taken)


def view_from_json(
    raw: bytes | str | dict[str, Any],
    base: GameState | None = None,
    rules_for: Callable[[str], Rules] = get_rules,
    rules: Rules | None = None,
    checked: bool = False,
) -> GameState:
    """The view `raw` describes (a full view, or a delta on top of `base`:
    see the module docstring). ViewError with a sentence when it is damaged,
    is not a view, or does not follow `base`. `checked`: `raw` is a part of
    a message :func:`.jsonio.decode_json` read (its limits walked once already).

    `rules`: the rules the caller already has for this game (read once for a
    table, say); the view's edition and digest must be theirs, and a table
    embedded in the view is then not read again."""
    data = decode_json(raw, ViewError, checked=checked)
    _check_entries(data)
    base = _base_of(data, base)
    rules = _rules_of(data, base, rules, rules_for)
    # the players
    names_raw = data["names"]
    if not isinstance(names_raw, list) or not rules.min_players <= len(names_raw) <= rules.max_players:
        raise _fail(f"`names` must name {rules.min_players} to {rules.max_players} players")
    names = [_text(x, f"names[{i}]", MAX_NAME) for i, x in enumerate(names_raw)]
    n = len(names)
    r = _Reader(rules, n)
    viewer_raw = data["viewer"]
    viewer = SPECTATOR if viewer_raw == SPECTATOR and type(viewer_raw) is int else r.player(viewer_raw, "viewer")
    if base is not None and (base.n != n or base.viewer != viewer):
        raise _fail("this update does not follow the view the client has")
    city = _read_city(r, data["city"], base.city if base is not None else None)
    stacks = _read_stacks(r, data["stacks"])
    hands = [r.cards_(h, f"hands[{i}]") for i, h in enumerate(r.list_(data["hands"], "hands", n, n))]
    phase_raw = data["phase"]
    if phase_raw not in {str(p) for p in Phase}:
        raise _fail(f"`phase` must be one of {', '.join(Phase)}, not {short(phase_raw)}")
    drawn = _read_drawn(r, data["drawn_from"])
    action_kind = data["action_kind"]
    if action_kind is not None and action_kind not in ACTION_KINDS:
        raise _fail(f"`action_kind` must be a kind of action or null, not {short(action_kind)}")
    offers = _read_offers(r, data["offers"])
    pick_queue = _read_pick_queue(r, data["pick_queue"])
    start_city_raw = data["start_city"]
    start_city = (
        None
        if start_city_raw is None
        else [r.tile(t, f"start_city[{i}]") for i, t in enumerate(r.list_(start_city_raw, "start_city", 64))]
    )
    end_reason = None if data["end_reason"] is None else r.sentence(data["end_reason"], "end_reason")
    history, actors, events, score_history, events_from, history_from, scores_from = _read_logs(r, data, base)
    return GameState(
        rules=rules,
        n=n,
        names=names,
        seed=None,
        rng=None,
        viewer=viewer,
        city=city,
        stacks=stacks,
        hands=hands,
        discard=r.cards_(data["discard"], "discard", hidden=False),
        scores=r.ints(data["scores"], "scores", n),
        arrival=r.ints(data["arrival"], "arrival", n),
        arrival_counter=r.int_(data["arrival_counter"], "arrival_counter"),
        first_player=r.player(data["first_player"], "first_player"),
        start_player=r.player(data["start_player"], "start_player"),
        round=r.int_(data["round"], "round", 1),
        turn_index=r.int_(data["turn_index"], "turn_index"),
        turn_player=r.player(data["turn_player"], "turn_player"),
        current_player=r.player(data["current"], "current"),
        phase=Phase(phase_raw),
        city_hall_turn=r.opt_int(data["city_hall_turn"], "city_hall_turn"),
        city_hall_value=r.int_(data["city_hall_value"], "city_hall_value", -_BIG),
        drawn_from=drawn,
        draw_cap=r.int_(data["draw_cap"], "draw_cap"),
        draws_left=r.int_(data["draws_left"], "draws_left"),
        streetcars_this_action=r.int_(data["streetcars_this_action"], "streetcars_this_action"),
        streetcar_limit=r.int_(data["streetcar_limit"], "streetcar_limit"),
        action_kind=ActionKind(action_kind) if action_kind is not None else None,
        passes_in_row=r.int_(data["passes_in_row"], "passes_in_row"),
        round_passive=r.bool_(data["round_passive"], "round_passive"),
        offers=offers,
        offer_queue=r.players(data["offer_queue"], "offer_queue"),
        pick_queue=pick_queue,
        history=history,
        actors=actors,
        events=events,
        score_history=score_history,
        events_from=events_from,
        history_from=history_from,
        scores_from=scores_from,
        end_reason=end_reason,
        setup_tiles=[
            r.stack(t, f"setup_tiles[{i}]") for i, t in enumerate(r.list_(data["setup_tiles"], "setup_tiles", 64))
        ],
        setup_order=r.players(data["setup_order"], "setup_order"),
        start_city=start_city,
    )


def _check_entries(data: Any) -> None:
    """A view of this format and version, with every entry it must have and no other."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail("this is not a Big City view")
    if not is_int(data.get("version")) or data["version"] != VERSION:
        raise _fail(f"this view is of version {short(data.get('version'))}; this program reads version {VERSION}")
    keys = set(data)
    missing = _REQUIRED - keys
    if missing:
        raise _fail(f"the view lacks {', '.join(sorted(missing))}")
    unknown = keys - _REQUIRED - _OPTIONAL
    if unknown:
        if unknown & {"seed", "rng"}:
            raise _fail("this is a full game state (it has a seed or generator), not a player's view")
        raise _fail(f"unknown entry {short(sorted(unknown)[0])} in the view")


def _base_of(data: dict[str, Any], base: GameState | None) -> GameState | None:
    """The view a delta continues (`base`, checked against its `since`), None for a full view."""
    if "since" not in data:
        return None
    since = data["since"]
    if not isinstance(since, dict) or set(since) != set(_MARK_KEYS):
        raise _fail(f"`since` names where each list continues: {', '.join(_MARK_KEYS)}")
    mark = LogMark(*(want_int(since[k], f"since.{k}", ViewError, 0, MAX_LOG) for k in _MARK_KEYS))
    if base is None:
        raise _fail("this update continues a view the client does not have")
    if "events_from" in data or "history_from" in data or "scores_from" in data:
        raise _fail("an update continues the log: it names no `events_from`, `history_from` or `scores_from`")
    if mark != log_mark(base):
        raise _fail("this update does not follow the view the client has")
    return base


def _rules_of(
    data: dict[str, Any], base: GameState | None, rules: Rules | None, rules_for: Callable[[str], Rules]
) -> Rules:
    """The view's rules: the caller's or the base view's, else those the view names or carries."""
    digest = data["rules_digest"]
    if not isinstance(digest, str) or len(digest) > 128:
        raise _fail("`rules_digest` must be text")
    if rules is None and base is not None:
        rules = base.rules
    if rules is None:
        rules = rules_of_document({k: data[k] for k in ("edition", "rules") if k in data}, ViewError, rules_for)
    elif data["edition"] != rules.edition:
        raise _fail(f"this view is for edition {short(data['edition'])}, not {rules.edition}")
    if rules.digest != digest:
        if rules.bundled and rules.edition in EDITIONS:
            raise _fail(
                f"the server plays the {rules.edition} rules of another release of the program; "
                "both sides need the same release"
            )
        raise _fail("the rules of the view differ from those it names (rules_digest)")
    return rules


def _read_stacks(r: _Reader, v: Any) -> list[list[int]]:
    """The stacks, hidden: as many cards of stack N (each ``-N``) as the view counts."""
    counts = r.ints(v, "stacks", max(r.rules.tiles) + 1, low=0)
    stacks = [[-i] * c if i in r.stacks else [] for i, c in enumerate(counts)]
    if any(c and i not in r.stacks for i, c in enumerate(counts)):
        raise _fail("`stacks` holds cards for a stack the rules do not have")
    return stacks


def _read_drawn(r: _Reader, v: Any) -> Counter[int]:
    drawn: Counter[int] = Counter()
    for i, pair in enumerate(r.list_(v, "drawn_from", 64)):
        st, k = r.ints(pair, f"drawn_from[{i}]", 2, low=0)
        if st not in r.stacks or st in drawn:
            raise _fail(f"drawn_from[{i}]: {st} is not a stack, or is named twice")
        drawn[st] = k
    return drawn


def _read_offers(r: _Reader, v: Any) -> dict[int, OfferRecord]:
    offers: dict[int, OfferRecord] = {}
    for i, pair in enumerate(r.list_(v, "offers", r.n)):
        if not isinstance(pair, list) or len(pair) != 2:
            raise _fail(f"offers[{i}] must be [player, offer]")
        p = r.player(pair[0], f"offers[{i}]")
        if p in offers:
            raise _fail(f"offers[{i}]: player {p} offers twice")
        offers[p] = _read_offer(r, pair[1], f"offers[{i}]")
    return offers


def _read_pick_queue(r: _Reader, v: Any) -> list[list[int]]:
    pick_queue = []
    for i, pair in enumerate(r.list_(v, "pick_queue", 64)):
        q, k = r.ints(pair, f"pick_queue[{i}]", 2, low=0)
        pick_queue.append([r.player(q, f"pick_queue[{i}]"), k])
    return pick_queue


def read_events(r: _Reader | GameState, raw: Any, where: str = "events") -> list[Event]:
    """A list of the log's events as a view writes them (for the players of view `r`)."""
    if isinstance(r, GameState):
        r = _Reader(r.rules, r.n)
    return [_read_event(r, e, f"{where}[{i}]") for i, e in enumerate(r.list_(raw, where, MAX_LOG))]


_Logs = tuple[list[Action], list[int], list[Event], list[tuple[int, tuple[int, ...]]], int, int, int]


def _read_logs(r: _Reader, data: dict[str, Any], base: GameState | None) -> _Logs:
    """The history with its actors, the events and the score history (after
    those of `base`, for a delta), and the numbers of the first event and the first action."""
    history: list[Action] = []
    for i, a in enumerate(r.list_(data["history"], "history", MAX_LOG)):
        try:
            history.append(action_from_json(a))
        except ActionFormatError as exc:
            raise _fail(f"history[{i}]: {exc}") from None
    actors = [
        r.player(p, f"actors[{i}]") for i, p in enumerate(r.list_(data["actors"], "actors", MAX_LOG, len(history)))
    ]
    events = read_events(r, data["events"])
    score_history: list[tuple[int, tuple[int, ...]]] = []
    for i, entry in enumerate(r.list_(data["score_history"], "score_history", MAX_LOG)):
        if not isinstance(entry, list) or len(entry) != 2:
            raise _fail(f"score_history[{i}] must be [round, scores]")
        score_history.append(
            (r.int_(entry[0], f"score_history[{i}]"), tuple(r.ints(entry[1], f"score_history[{i}]", r.n)))
        )
    if base is None:
        firsts = [r.int_(data.get(k, 0), k, 0, MAX_LOG) for k in ("events_from", "history_from", "scores_from")]
        return history, actors, events, score_history, firsts[0], firsts[1], firsts[2]
    logs = base.history + history, base.actors + actors, base.events + events, base.score_history + score_history
    return *logs, base.events_from, base.history_from, base.scores_from


__all__ = [
    "FORMAT",
    "VERSION",
    "SEAT_ENTRIES",
    "LogMark",
    "ViewError",
    "action_as_seen",
    "events_to_json",
    "read_events",
    "log_mark",
    "hidden_hands",
    "public_view",
    "seat_view_json",
    "shared_view_json",
    "value_from_json",
    "value_to_json",
    "view_from_json",
    "view_json_of",
    "view_to_json",
]
