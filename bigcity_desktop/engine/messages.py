"""Sentences the engine says (reasons a move is illegal, log events) as
translatable messages, without Qt.

A :class:`Msg` *is* the English sentence (a ``str``: the command line,
records and tests read it as before) and also keeps its message id, the
English template with ``str.format`` fields, and the field values. The app
looks the template up in its translation catalogue (context ``Engine``)
and formats the fields, translating those that are messages themselves.
``scripts/i18n_extract.py`` collects every ``msg("...")`` template of the
engine and the bots for ``pyside6-lupdate``; so the template must be a
literal string at the call.
"""

from __future__ import annotations

from typing import Any


class Msg(str):
    """An English sentence that remembers how it was made: ``template`` (the
    message id) and ``fields`` (the values put in it)."""

    template: str
    fields: dict[str, Any]

    def __new__(cls, template: str, fields: dict[str, Any]) -> Msg:
        obj = super().__new__(cls, template.format(**fields) if fields else template)
        obj.template = template
        obj.fields = fields
        return obj

    def __reduce__(self) -> tuple[Any, ...]:  # worker processes pickle results: keep the template
        return (Msg, (self.template, self.fields))


def msg(template: str, **fields: Any) -> Msg:
    """The message `template` (a literal ``str.format`` string) with `fields`."""
    return Msg(template, fields)
