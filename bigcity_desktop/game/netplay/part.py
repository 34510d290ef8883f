"""The game window's network part: Game → Host / Join network game, the
table's dock, rejoining a kept seat.

The dialogs, the dock's widget, the client and the in-process server are in
:mod:`.network` (with :mod:`bigcity_desktop.net` and websockets): loaded by
:func:`_net` when one is first opened, not before the window shows.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMessageBox

from bigcity_desktop.game.core.controller import GameController
from bigcity_desktop.game.core.playername import own_name
from bigcity_desktop.game.core.services import WindowServices
from bigcity_desktop.game.core.starting import GameStarter
from bigcity_desktop.i18n import engine_text, translate
from bigcity_desktop.session.keptseat import KeptSeat, forget_kept_seat
from bigcity_desktop.ui.settingvalues import as_bool

if TYPE_CHECKING:
    from bigcity_desktop.session.remote import RemoteSession

    from .widgets import HostDialog, JoinDialog, TableDock


def _net() -> ModuleType:
    """The network's module (loaded on first use; the window starts without it)."""
    from . import widgets as network

    return network


class NetworkPart(QObject):
    """The game window's network table: hosting, joining, the table's dock."""

    def __init__(
        self,
        ctrl: GameController,
        games: GameStarter,
        window: QMainWindow,
        services: WindowServices,
        settings: QSettings,
    ) -> None:
        super().__init__(window)
        self.setObjectName("network")
        self.ctrl = ctrl
        self.games = games
        self.window = window  # the dialogs' parent; the dock's window
        self.services = services
        self.settings = settings
        self.hosted: Any = None  # the table server this window runs (Game → Host network game)
        self.starting: Any = None  # the ServerStarter of a server not listening yet
        self.session: RemoteSession | None = None  # the table this window plays (or played last)
        self.host_dialog: HostDialog | None = None
        self.join_dialog: JoinDialog | None = None
        self.error_box: QMessageBox | None = None
        self.rejoin_box: QMessageBox | None = None
        self._table_dock: TableDock | None = None  # made when a network game first shows it
        self.dock = QDockWidget(translate("GameWindow", "Network table"), window)
        self.dock.setObjectName("tableDock")
        self.beside: QDockWidget | None = None  # the dock the table's is a tab beside

    @property
    def table_dock(self) -> TableDock:
        """The table's seats, link and chat (made, with the network's code, when first needed)."""
        if self._table_dock is None:
            dock = self._table_dock = _net().TableDock()
            dock.mute.use(self.settings)  # the muted players kept in the settings (game/netplay/chatmute.py)
            dock.leaveRequested.connect(self.leave_table)
            dock.rejoinRequested.connect(self.rejoin_here)
            self.dock.setWidget(dock)
        return self._table_dock

    def show_message(self, text: str) -> None:
        self.services.show_message(text)

    def _network_name(self) -> str:
        """The player's own name: the others read it ("Greta's table"), never "You"."""
        return own_name(self.settings)

    def host_network_game(self) -> HostDialog:
        """Game → Host network game…: what table to open (window-modal, non-blocking)."""
        dlg = _net().HostDialog(self.settings, self._network_name(), self.window)
        dlg.accepted.connect(lambda d=dlg: self._host(d))
        self.host_dialog = dlg
        dlg.open()
        return dlg

    def _host(self, dlg: HostDialog) -> None:
        """Open the table: the server first (started off the GUI thread), then the seat."""
        port, local_only = dlg.port.value(), dlg.local_only
        self._with_server(
            port, dlg.public, local_only, lambda: self._open_table(dlg, port), lambda exc: self._host_failed(port, exc)
        )

    def _with_server(
        self, port: int, announce: bool, local_only: bool, then: Callable[[], object], failed: Callable[[OSError], None]
    ) -> None:
        """Call `then` once this window's table server listens on `port`
        (started on a worker thread if it does not already: opening its
        database, or finding the port busy, never stalls the window), or
        `failed` with why it cannot."""
        if self.hosted is not None and self.hosted.port == port and self._local_only(self.hosted) == local_only:
            then()
            return
        self.stop_hosting()
        starter = _net().ServerStarter(port, announce, local_only, self)
        self.starting = starter

        def done(server: Any, error: OSError | None) -> None:
            if self.starting is not starter:  # given up meanwhile (the window closed, another table)
                if server is not None:
                    server.stop()
                return
            self.starting = None
            if error is not None:
                failed(error)
                return
            self.hosted = server
            then()

        starter.finished.connect(done)
        starter.start()

    def _host_failed(self, port: int, exc: OSError) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            translate("Network", "Cannot host the game"),
            translate("Network", "The table cannot be opened on port {port}: {reason}").format(
                port=port, reason=exc.strerror or exc
            ),
            QMessageBox.StandardButton.Ok,
            self.window,
        )
        box.setObjectName("hostErrorBox")
        self.error_box = box
        box.open()

    def _open_table(self, dlg: HostDialog, port: int) -> None:
        session = _net().RemoteSession(f"127.0.0.1:{port}", dlg.player_name(), settings=self.settings)
        session.hosted_port = port  # a rejoin after a restart opens this server again
        self.play_network(session)
        session.create_table(
            dlg.seats(),
            edition=dlg.edition.currentData(),
            title=translate("Network", "{name}'s table").format(name=dlg.player_name()),
            public=dlg.public,
            clock=dlg.clock.currentData(),
        )
        hosted = self.hosted
        addresses = hosted.addresses() if hosted is not None else []
        self.table_dock.set_addresses(addresses)
        if dlg.public:
            self.show_message(
                translate("Network", "The table is open: friends join at {address} (Game → Join network game).").format(
                    address=addresses[0] if addresses else port
                )
            )
        else:
            self.show_message(
                translate(
                    "Network", "The table is open to those you send its link: Copy link or QR code in the table panel."
                )
            )

    @staticmethod
    def _local_only(hosted: Any) -> bool:
        return bool(hosted.config.host == "127.0.0.1")

    def join_network_game(self) -> JoinDialog:
        """Game → Join network game…: an address or a table of this network, then a seat."""
        dlg = _net().JoinDialog(self.settings, self._network_name(), self.window)
        dlg.joinRequested.connect(lambda session, table, seat: self._join(session, table, seat))
        dlg.watchRequested.connect(lambda session, table: self._watch(session, table))
        dlg.playNowRequested.connect(lambda session, n, rated, clock: self._play_now(session, n, rated, clock))
        self.join_dialog = dlg
        dlg.open()
        return dlg

    def _join(self, session: RemoteSession, table: str, seat: int | None) -> None:
        self.play_network(session)
        session.join(table, seat)

    def _play_now(self, session: RemoteSession, players: int, rated: bool, clock: str | None) -> None:
        self.play_network(session)
        session.play_now(players, rated=rated, clock=clock)

    def rejoin(self, kept: KeptSeat) -> None:
        """Sit in the seat kept from an earlier run (offered at start and in
        Game → Continue); a table this app hosted is opened again first (its
        server started off the GUI thread). If the server or the seat is
        gone, one sentence says so and the seat is forgotten."""
        if kept.hosted_port:
            self.show_message(translate("Network", "Opening {table} again…").format(table=kept.title))

            def failed(exc: OSError) -> None:
                self._rejoin_failed(
                    translate(
                        "Network",
                        "{table} cannot be opened again on port {port} ({reason}), so your seat is forgotten.",
                    ).format(table=kept.title, port=kept.hosted_port, reason=exc.strerror or exc)
                )

            local_only = as_bool(self.settings.value(_net().LOCAL_ONLY_KEY), False)
            self._with_server(
                kept.hosted_port, _net().discovery_on(self.settings), local_only, lambda: self._sit(kept), failed
            )
            return
        self._sit(kept)

    def _sit(self, kept: KeptSeat) -> RemoteSession | None:
        try:
            session = _net().RemoteSession(kept.address, kept.name, settings=self.settings)
        except _net().AddressError as exc:
            self._rejoin_failed(engine_text(exc.reason))
            return None
        self.play_network(session)
        session.rejoinFailed.connect(self._rejoin_failed)
        session.rejoin(kept)
        self.show_message(translate("Network", "Back to {table}…").format(table=kept.title))
        return session

    def rejoin_here(self) -> None:
        """The table dock's Rejoin: the link closed for good, the seat is still ours."""
        kept = self.session.kept() if self.session is not None else None
        if kept is not None:
            self.rejoin(kept)

    def _rejoin_failed(self, text: str) -> None:
        forget_kept_seat(self.settings)
        if self.session is not None and self.session.hosted_port:
            self.stop_hosting()  # opened again for this table only
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            translate("Network", "Cannot rejoin the table"),
            text,
            QMessageBox.StandardButton.Ok,
            self.window,
        )
        box.setObjectName("rejoinFailedBox")
        self.rejoin_box = box
        box.open()
        if self.session is not None and self.ctrl.session is self.session:
            self._back_home()

    def _watch(self, session: RemoteSession, table: str) -> None:
        self.play_network(session)
        session.spectate(table)

    def play_network(self, session: RemoteSession) -> None:
        """The window plays a network table from now on."""
        self.session = session
        self.ctrl.use_session(session)
        self.table_dock.attach(session)
        self.table_dock.set_addresses(self.hosted.addresses() if self.hosted is not None else [])
        d = self.dock
        if not d.isVisible() and self.beside is not None:  # beside the neighborhoods, a tab of its own
            self.window.tabifyDockWidget(self.beside, d)
        d.show()
        d.raise_()
        session.gameEnded.connect(self._network_record)
        session.leftTable.connect(self._left_table)
        # bound methods, not lambdas: Qt forgets them with the part (a session can outlive its window)
        session.tableChanged.connect(self._table_changed)  # the hand says who is awaited
        session.statusChanged.connect(self._status)

    def _table_changed(self, _table: object) -> None:
        self.services.refresh()

    def _status(self, text: str) -> None:
        if text:
            self.show_message(text)

    def _network_record(self) -> None:
        self.show_message(
            translate(
                "Network",
                "The whole game is here: save it with Game → Save game as, or watch its replay (every hand shown).",
            )
        )

    def leave_table(self) -> None:
        """Game → Leave the table: the seat goes; the window plays here again."""
        s = self.session
        if s is not None and self.ctrl.session is s:
            s.leave()
        self._back_home()

    def _left_table(self, reason: str) -> None:
        self.show_message(translate("Network", "You are no longer at the table: {reason}").format(reason=reason))
        self._back_home()

    def _back_home(self) -> None:
        self.dock.hide()
        if self._table_dock is not None:
            self._table_dock.session = None
            self._table_dock.refresh()
        self.games.play_here()
        self.services.refresh()

    def stop_hosting(self) -> None:
        self.starting = None  # a server still starting is stopped when it has
        if self.hosted is not None:
            self.hosted.stop()
            self.hosted = None
