"""Translation on the Qt side.

Every string a player reads goes through :func:`translate` (Qt's
``QCoreApplication.translate`` with a literal context, so that
``pyside6-lupdate`` finds it) and is then formatted with ``str.format``
named fields (``{name}``), so a translation may put them in any order.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from bigcity_desktop.engine.messages import Msg


def translate(context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """``QCoreApplication.translate``: `text` in the installed language (as is without a translator)."""
    return QCoreApplication.translate(context, text, disambiguation, n)


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - Qt's name, which lupdate looks for
    """Marks `text` for lupdate without translating it (it is translated where it is shown)."""
    return text


def rules_text(text: str) -> str:
    """A name from the rules data (a building, a neighborhood, an edition's
    title) in the installed language: the "Rules" context of the catalogue,
    filled from resources/rules/*.toml by scripts/i18n_extract.py."""
    return QCoreApplication.translate("Rules", text) if text else text


def engine_text(text: str) -> str:
    """A sentence of the engine or the bots in the installed language.

    An :class:`~bigcity_desktop.engine.messages.Msg` is looked up by its
    template (context "Engine") and its fields are put in, each translated
    in turn (a message inside a message, a building's name from the rules);
    any other text is returned as it is."""
    if isinstance(text, Msg):
        fields = {k: _field(v) for k, v in text.fields.items()}
        return QCoreApplication.translate("Engine", text.template).format(**fields)
    return text


def _field(value: Any) -> Any:
    if isinstance(value, Msg):
        return engine_text(value)
    if isinstance(value, str):
        return rules_text(value)
    return value
