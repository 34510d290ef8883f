"""Translation on the Qt side.

Every string a player reads goes through :func:`translate` (Qt's
``QCoreApplication.translate`` with a literal context, so that
``pyside6-lupdate`` finds it) and is then formatted with ``str.format``
named fields (``{name}``), so a translation may put them in any order.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


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
