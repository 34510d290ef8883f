"""Sessions: the game as a window sees it, wherever it is played.

:class:`~.base.GameSession` is the interface the game window's presenter,
models and board talk to; :class:`~.local.LocalSession` plays a game with
the engine in this process (bots through :mod:`.scheduler`, on the worker
threads of :mod:`.worker`; the autosave of :mod:`.autosave`).
"""

from bigcity_desktop import qtcompat

qtcompat.apply()  # PySide6 6.12 on Python 3.11: see qtcompat.py

from .base import GameSession, SessionKind  # noqa: E402
from .local import GameConfig, LocalSession, SeatConfig  # noqa: E402

__all__ = ["GameConfig", "GameSession", "LocalSession", "SeatConfig", "SessionKind"]
