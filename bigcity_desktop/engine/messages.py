"""Sentences the engine says (reasons a move is illegal, log events) as
translatable messages, without Qt.

A :class:`Msg` *is* the English sentence (a ``str``: the command line,
records and tests read it as before) and also keeps its message id, the
English template with ``str.format`` fields, and the field values. The app
looks the template up in its translation catalogue (context ``Engine``)
and formats the fields, translating those that are messages themselves.
``scripts/i18n.py`` collects every ``msg("...")`` template of the
engine and the bots for ``pyside6-lupdate``; so the template must be a
literal string at the call.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class Msg(str):
    """An English sentence that remembers how it was made: ``template`` (the
    message id) and ``fields`` (the values put in it)."""

    template: str
    fields: dict[str, Any]

    def __new__(cls, template: str, fields: dict[str, Any]) -> Msg:
        obj = str.__new__(cls, template.format(**fields) if fields else template)
        obj.template = template
        obj.fields = fields
        return obj

    def __reduce__(self) -> tuple[Any, ...]:  # worker processes pickle results: keep the template
        return (Msg, (self.template, self.fields))


def msg(template: str, **fields: Any) -> Msg:
    """The message `template` (a literal ``str.format`` string) with `fields`."""
    return Msg(template, fields)


class Reason(StrEnum):
    """Why a move is refused, as a code a program can act on (a tutorial
    that teaches, a network client, a test); the sentence that goes with it
    is the :class:`Refusal` itself, worded at the edge."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    UNKNOWN_ACTION = "unknown_action"
    WRONG_PHASE = "wrong_phase"  # the phase asks for another kind of move
    WAITS_FOR_CITY_HALL = "waits_for_city_hall"  # closed until City Hall stands (or until the next turn)
    NOT_A_SETUP_TILE = "not_a_setup_tile"
    TILE_PLACEMENT = "tile_placement"  # the neighborhood may not lie there
    NO_SUCH_BUILDING = "no_such_building"
    NEEDS_CARD = "needs_card"  # the card for the piece or the property is not in hand
    BUILD_PLACEMENT = "build_placement"  # the city does not allow the building there
    STREETCAR_PLACEMENT = "streetcar_placement"
    NO_STREETCAR_ACTION = "no_streetcar_action"
    NO_CARDS = "no_cards"  # an exchange of nothing
    CARD_TWICE = "card_twice"
    NOT_IN_HAND = "not_in_hand"
    NO_SUCH_STACK = "no_such_stack"
    STACK_EMPTY = "stack_empty"
    DRAW_LIMIT = "draw_limit"
    OFFER_SIZE = "offer_size"
    MUST_OFFER_FACE_DOWN = "must_offer_face_down"
    NO_SUCH_OFFER = "no_such_offer"
    ALREADY_TAKEN = "already_taken"
    OWN_CARD_TOO_EARLY = "own_card_too_early"
    NO_SUCH_KIND = "no_such_kind"


class Refusal(Msg):
    """A :class:`Msg` saying why a move is refused, with its :class:`Reason`."""

    code: Reason

    def __new__(cls, code: Reason, template: str, fields: dict[str, Any]) -> Refusal:
        obj = str.__new__(cls, template.format(**fields) if fields else template)
        obj.template = template
        obj.fields = fields
        obj.code = code
        return obj

    @classmethod
    def of(cls, code: Reason, text: str) -> Refusal:
        """A sentence (a Msg or plain text) with its reason code."""
        if isinstance(text, Refusal):
            return text
        if isinstance(text, Msg):
            return cls(code, text.template, text.fields)
        return cls(code, text.replace("{", "{{").replace("}", "}}"), {})

    def __reduce__(self) -> tuple[Any, ...]:
        return (Refusal, (self.code, self.template, self.fields))


def refuse(code: Reason, text: str) -> Refusal:
    """The refusal `code` saying `text` (a :func:`msg`, whose template the
    translation tools collect)."""
    return Refusal.of(code, text)
