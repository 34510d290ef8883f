"""Translation on the Qt side.

Every string a player reads goes through :func:`translate` (Qt's
``QCoreApplication.translate`` with a literal context, so that
``pyside6-lupdate`` finds it) and is then formatted with ``str.format``
named fields (``{name}``), so a translation may put them in any order.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from bigcity_desktop.engine.messages import Msg
from bigcity_desktop.resources import resource_path


def translate(context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """``QCoreApplication.translate``: `text` in the installed language (as is without a translator)."""
    return QCoreApplication.translate(context, text, disambiguation, n)


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
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


# ---------------------------------------------------------------- languages
#: the languages the app speaks: code -> name in that language (the Preferences menu)
LANGUAGES = {"en": "English", "de": "Deutsch"}
LANGUAGE_KEY = "prefs/language"  # "" = the system's language, "en", "de"

_installed: list[QTranslator] = []
_current = ["en"]


def current_language() -> str:
    """The language installed by :func:`install_translators` ("en" before)."""
    return _current[0]


def language_setting(settings: QSettings | None = None) -> str:
    """The stored choice: "" (the system's language), "en" or "de"."""
    value = str((settings or QSettings()).value(LANGUAGE_KEY, "") or "")
    return value if value in LANGUAGES else ""


def effective_language(choice: str) -> str:
    """The language a choice means here: the system's when "" (English unless the system speaks German)."""
    if choice in LANGUAGES:
        return choice
    for name in QLocale.system().uiLanguages():
        code = name.replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def catalogue_path(language: str) -> Path:
    """Where the compiled catalogue (.qm, built by pyside6-lrelease) of `language` is."""
    return resource_path("i18n", f"bigcity_{language}.qm")


def install_translators(language: str, app: QCoreApplication | None = None) -> str:
    """Install the catalogues of `language` ("" = the system's) into the
    application, replacing those installed before; returns the language in
    use. English needs none; a missing catalogue leaves English (and says so
    on standard error, since a build without .qm files is broken)."""
    app = app or QCoreApplication.instance()
    lang = effective_language(language)
    if app is None:
        return lang
    for t in _installed:
        app.removeTranslator(t)
    _installed.clear()
    _current[0] = "en"
    if lang == "en":
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
        return lang
    ours = QTranslator(app)
    path = catalogue_path(lang)
    if not ours.load(str(path)):
        print(f"bigcity: no translation catalogue at {path} (run `make` or scripts/i18n.py release)", file=sys.stderr)
        return "en"
    app.installTranslator(ours)
    _installed.append(ours)
    qt = QTranslator(app)  # Qt's own words (standard buttons, context menus)
    if qt.load(QLocale(lang), "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        _installed.append(qt)
    QLocale.setDefault(QLocale(lang))
    _current[0] = lang
    return lang


def exc_text(exc: BaseException) -> str:
    """An exception's sentence in the installed language (the engine raises
    its errors with a message when it has one)."""
    arg = exc.args[0] if exc.args else None
    return engine_text(arg) if isinstance(arg, Msg) else str(exc)


def elide(text: str, limit: int = 24) -> str:
    """`text` cut to `limit` characters with an ellipsis, on one line: names
    and file names never widen a label or a window."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\N{HORIZONTAL ELLIPSIS}"
