"""Where file dialogs open: the folder last used for that kind of file,
else the user's Documents folder (never the program's own folder, which is
where a relative or empty path would point)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths


def default_dir() -> Path:
    """The user's Documents folder, or the home folder when there is none."""
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    if docs and Path(docs).is_dir():
        return Path(docs)
    return Path.home()


def start_dir(kind: str, settings: QSettings | None = None) -> Path:
    """The folder a dialog for `kind` ("games", "layouts", "images", "rules") opens in."""
    s = settings if settings is not None else QSettings()
    value = s.value(f"files/{kind}Dir")
    if isinstance(value, str) and value and Path(value).is_dir():
        return Path(value)
    return default_dir()


def start_path(kind: str, name: str, settings: QSettings | None = None) -> str:
    """A suggested file `name` in the start folder of `kind` (for save dialogs)."""
    return str(start_dir(kind, settings) / name)


def remember(kind: str, path: str | Path, settings: QSettings | None = None) -> None:
    """The folder of a chosen file becomes the start folder for `kind`."""
    s = settings if settings is not None else QSettings()
    folder = Path(path).parent
    if str(folder) and folder.is_dir():
        s.setValue(f"files/{kind}Dir", str(folder.resolve()))
