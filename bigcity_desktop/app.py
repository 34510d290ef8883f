"""Desktop entry point: ``bigcity`` / ``python -m bigcity_desktop``.

``bigcity`` opens the game window (and offers the autosaved game, or a new
game); ``bigcity --sandbox [LAYOUT]`` opens the city sandbox;
``bigcity --benchmark-startup`` prints the time to the first painted window
and quits (used by ``benchmarks/startup.py``).
"""

from __future__ import annotations

import time

_T0 = time.perf_counter()

import argparse  # noqa: E402
import sys  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from typing import TYPE_CHECKING, cast  # noqa: E402

from bigcity_desktop import __version__  # noqa: E402

if TYPE_CHECKING:
    from pathlib import Path

    from PySide6.QtCore import QObject
    from PySide6.QtGui import QIcon

APP_NAME = "Big City Desktop"
ORGANIZATION_NAME = "BigCityDesktop"
WINDOW_TITLE = "Big City Desktop"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bigcity",
        description="Big City Desktop, a board game.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__}",
    )
    parser.add_argument(
        "--sandbox",
        nargs="?",
        const="default",
        default=None,
        metavar="LAYOUT",
        help="open the city sandbox, optionally with a LAYOUT file",
    )
    parser.add_argument("--open", metavar="GAME", default=None, help="open a saved game (.bigcity)")
    parser.add_argument(
        "--replay", metavar="GAME", default=None, help="watch a saved game (.bigcity) in the replay viewer"
    )
    # What a file manager passes when a .bigcity file is opened with the app
    # (the desktop entry's %f, the Windows association's "%1").
    parser.add_argument("game", nargs="?", default=None, metavar="GAME.bigcity", help="the same as --open GAME")
    parser.add_argument("--no-resume", action="store_true", help="do not offer the unfinished games at start")
    parser.add_argument(
        "--profile",
        metavar="NAME",
        default="",
        help="play as another app on purpose: its own saved games, settings and window "
        "(e.g. a second player on one machine in a network game)",
    )
    parser.add_argument(
        "--benchmark-startup",
        action="store_true",
        help="print the seconds from process start to the first painted window, then quit",
    )
    return parser


def build_main_window(settings=None):
    """Create (but do not show) the game window, wired to the sandboxes it
    opens (:class:`Desktop`). A QApplication must exist. `settings` (a
    QSettings) defaults to the application's own."""
    from bigcity_desktop.game.shell.mainwindow import GameWindow

    window = GameWindow(settings=settings)
    window.desktop = Desktop(window)  # type: ignore[attr-defined]  # lives as long as the window
    return window


class Desktop:
    """Where the app's windows meet: the game window asks for a sandbox, a
    sandbox asks the game window for a game on its layout and hands it the
    preferences it saved. The game and the sandbox packages never import each
    other; this is the one place that knows both."""

    def __init__(self, game_window) -> None:
        self.game = game_window
        self.sandboxes: list = []
        game_window.sandboxRequested.connect(self.open_sandbox)

    def open_sandbox(self, layout_path=None):
        """A new sandbox window (on a layout file, if given), shown and wired."""
        from bigcity_desktop.sandbox import open_sandbox  # loaded when first asked for

        win = open_sandbox(str(layout_path) if layout_path is not None else None, parent=None)
        self.attach(win)
        return win

    def attach(self, win) -> None:
        """Wire a sandbox window to the game window."""
        self.sandboxes = [w for w in self.sandboxes if w.isVisible()]
        self.sandboxes.append(win)
        win.preferencesApplied.connect(self.game.apply_preferences)
        win.playRequested.connect(self.game.play_layout)
        win.show()


def _application(argv0: str, profile: str = ""):
    """Return the running QApplication, creating and naming it if needed (a
    profile has its own name, so its settings are its own)."""
    from PySide6.QtWidgets import QApplication

    QApplication.setApplicationName(f"{APP_NAME} ({profile})" if profile else APP_NAME)
    QApplication.setOrganizationName(ORGANIZATION_NAME)
    QApplication.setApplicationVersion(__version__)
    QApplication.setDesktopFileName("org.bigcitydesktop.bigcity")  # packaging/linux/<this>.desktop (the Wayland app ID)
    app = cast("QApplication | None", QApplication.instance())
    if app is None:
        app = QApplication([argv0])
    app.setWindowIcon(app_icon())
    from bigcity_desktop.i18n import install_translators, language_setting

    install_translators(language_setting(), app)  # Preferences -> Language; the system's by default
    return app


def app_icon() -> QIcon:
    """The application icon (a QIcon), drawn from resources/icons/bigcity.svg.

    Qt's SVG icon engine renders it sharply at every size a window manager or
    task bar asks for, so no bitmap sizes need to ship for the window icon."""
    from PySide6.QtGui import QIcon

    from bigcity_desktop.resources import resource_path

    return QIcon(str(resource_path("icons", "bigcity.svg")))


class _FirstPaint:
    """Quits the app at the first paint of the window (whichever of
    `widgets` paints first: the board, or the home view that covers it, opaque)
    and prints the elapsed time (seconds since this module was imported)."""

    def __init__(self, app, *widgets):
        from PySide6.QtCore import QEvent, QObject

        outer = self

        class Filter(QObject):
            def eventFilter(self, obj, event):
                if event.type() == QEvent.Type.Paint and not outer.done:
                    outer.done = True
                    from PySide6.QtCore import QTimer

                    QTimer.singleShot(0, outer.finish)
                return False

        self.app = app
        self.done = False
        self.filter = Filter()
        for widget in widgets:
            widget.installEventFilter(self.filter)

    def finish(self) -> None:
        elapsed = time.perf_counter() - _T0
        print(f"first-paint {elapsed:.3f}", flush=True)
        self.app.quit()


def _file_open_filter(open_game: Callable[[str], object]) -> QObject:
    """An event filter for the application: macOS hands a double-clicked
    .bigcity file to the running app as a FileOpen event, not as an argument."""
    from PySide6.QtCore import QEvent, QObject

    class FileOpenFilter(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.FileOpen and event.file():
                open_game(event.file())
                return True
            return False

    return FileOpenFilter()


def save_for_crash(window) -> Path | None:
    """Where the game in progress was saved before a crash report, or None when
    there was none to save (no game, a lesson, a network table) or saving failed."""
    here = window.games.here()  # the window's own local game (a network table is kept by its server)
    if here is None or not here.has_game or not here.autosave_enabled:
        return None
    here.autosave_now()
    if here.slot is None or here.last_autosave_error is not None:
        return None
    return cast("Path", here.slot.path)


def _report_crashes(window):
    """Unexpected errors: a dialog, a log in the data folder, the game saved first."""
    from bigcity_desktop.session.autosave import data_dir
    from bigcity_desktop.ui.crash import CrashReporter

    def last_moves() -> list[str]:
        view = window.ctrl.session.view()
        if view is None:
            return []
        start = max(0, len(view.history) - 20)
        return [f"{i + 1}. {a}" for i, a in enumerate(view.history[start:], start)]

    reporter = CrashReporter(lambda: data_dir() / "logs", lambda: window, last_moves, lambda: save_for_crash(window))
    reporter.install()
    return reporter


def _serve(server, window) -> None:
    """Later launches of the app open their file in this window."""
    from pathlib import Path

    from bigcity_desktop import single

    def open_path(kind: str, value: str) -> None:
        if kind == "replay":
            window.replays.open_replay(Path(value))
        elif kind == "open":
            window.files.open_game(Path(value))
        else:
            window.desktop.open_sandbox(None if value == "default" else value)

    server.requested.connect(lambda request: single.handle(request, window, open_path))


def alone_text(refused: Sequence[object]) -> str:
    """Said when no folder only the user can enter can hold the single-instance socket."""
    from bigcity_desktop.i18n import translate

    return translate(
        "App",
        "bigcity: no folder only you can enter can hold the socket that hands files to a running window "
        "({folders} belong to someone else or are open to others); this window runs on its own.",
    ).format(folders=", ".join(str(f) for f in refused))


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(sys.argv[1:] if argv is None else list(argv))
    from bigcity_desktop.engine.collector import tune_collector

    tune_collector()  # the engine and the bots run in this process
    if args.open is None:
        args.open = args.game
    from bigcity_desktop import platformcheck

    problem = platformcheck.check()  # before any Qt module: without GLib even QtCore fails with a traceback
    if problem is not None:  # (and without the xcb libraries Qt aborts with a paragraph): one line says what to install
        print(problem, file=sys.stderr)
        return platformcheck.EXIT_NO_PLATFORM
    from bigcity_desktop import qtcompat, single

    if args.profile and not single.PROFILE_RE.match(args.profile):
        parser.error("a profile name is 1 to 32 letters, digits, - or _ (starting with a letter or digit)")
    qtcompat.apply()
    from bigcity_desktop.session.autosave import data_dir, set_profile

    set_profile(args.profile)
    app = _application(sys.argv[0] if sys.argv and sys.argv[0] else "bigcity", args.profile)
    # one app per user and profile: a second launch hands its file over and quits
    name, refused = single.instance_address(f"{args.profile}\0{data_dir()}", data_dir())
    if name is None:
        print(alone_text(refused), file=sys.stderr)
    if name is not None and not args.benchmark_startup and single.hand_over(name, single.request_of(args)):
        return 0
    server = single.InstanceServer(name, app)
    server.listen()

    if args.sandbox is not None:
        window = build_main_window()
        _serve(server, window)
        window.crash_reporter = _report_crashes(window)  # type: ignore[attr-defined]
        window.desktop.open_sandbox(None if args.sandbox == "default" else args.sandbox)
        return app.exec()

    window = build_main_window()
    _serve(server, window)
    window.crash_reporter = _report_crashes(window)  # type: ignore[attr-defined]
    if args.benchmark_startup:
        probe = _FirstPaint(app, window.view.viewport(), window.home.view)  # noqa: F841 - kept alive until exec returns
        window.home.prewarm.cancel()  # the first paint is all it measures (game/shell/prewarm.py)
        window.show()
        return app.exec()
    window.show()
    from pathlib import Path

    from PySide6.QtCore import QTimer

    opener = _file_open_filter(lambda path: window.files.open_game(Path(path)))
    app.installEventFilter(opener)  # `opener` lives as long as the event loop runs
    if args.replay:
        QTimer.singleShot(0, lambda: window.replays.open_replay(Path(args.replay)))
    elif args.open:
        QTimer.singleShot(0, lambda: window.files.open_game(Path(args.open)))
    elif args.no_resume:
        QTimer.singleShot(0, window.show_new_game)
    else:
        QTimer.singleShot(0, window.startup)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
