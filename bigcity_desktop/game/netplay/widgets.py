"""Playing with friends over the network, from the game window.

- **Host** (Game → Host network game…): the app runs the same table server
  as ``bigcity-server`` in-process (its tables saved in the data folder, so
  an unfinished game survives a restart), shows the addresses and the port
  others join at (with a Copy button), and opens a table whose first seat is
  the host's.
- **Join** (Game → Join network game…): an address (``host:port``, or
  ``wss://…`` for a public server), or a table found on the local network
  (mDNS), then a free seat, or watch as a spectator.
- **The table dock**: who sits where and who is connected, the chat line,
  Start (the host, once every seat is taken), Leave, and handing a missing
  player's seat to a bot after a wait the host chooses.

The game itself is the same window as a local game: its presenter plays a
:class:`~bigcity_desktop.session.remote.RemoteSession` instead of a local one.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop.bots.levels import OPPONENT_LEVELS
from bigcity_desktop.engine.names import clean_name
from bigcity_desktop.engine.rules import EDITIONS, get_rules
from bigcity_desktop.engine.seats import SeatKind
from bigcity_desktop.game.core.badges import pages_text, with_badge
from bigcity_desktop.game.core.controller import level_label
from bigcity_desktop.game.netplay.chatmute import ChatMute
from bigcity_desktop.game.netplay.pausebox import PauseBox
from bigcity_desktop.game.netplay.quickmatch import QuickMatchRow, clock_choices
from bigcity_desktop.i18n import elide, engine_text, rules_text, translate
from bigcity_desktop.net.client import AddressError, ChatReceived, ConnectionState
from bigcity_desktop.net.protocol import DEFAULT_PORT, SeatInfo, TableInfo
from bigcity_desktop.session.remote import RemoteSession
from bigcity_desktop.ui.preferences import Preferences
from bigcity_desktop.ui.settingvalues import as_bool

from .browserlink import BrowserLink, read_table_link, table_link

NAME_KEY = "net/name"
ADDRESS_KEY = "net/lastAddress"
PUBLIC_KEY = "net/publicTable"  # the Host dialog's last choice: a public table (else private, by its link)
LOCAL_ONLY_KEY = "net/hostLocalOnly"  # the Host dialog's last choice: the server on this computer only
#: the bot levels a seat can have at a network table (the New game dialog's, no random player)
LEVELS = OPPONENT_LEVELS
#: how often an open Join dialog asks the server for its tables again
LIST_EVERY_MS = 4000
#: the chat lines the table dock shows at most (the oldest go)
CHAT_SHOWN = 300


def discovery_on(settings: Any) -> bool:
    """Find (and show) tables on the local network: Preferences → Network."""
    return Preferences.load(settings).discovery


def seat_kind_text(kind: str) -> str:
    return (
        translate("Network", "Human")
        if kind == SeatKind.HUMAN
        else translate("Network", "Bot ({level})").format(level=level_label(kind))
    )


def _name_field(settings: Any, default: str) -> QLineEdit:
    kept = str(settings.value(NAME_KEY, default) or default)
    if kept in ("You", translate("GameController", "You")):  # kept before the player gave a name (issue 46.6)
        kept = default
    edit = QLineEdit(kept)
    edit.setMaxLength(40)
    edit.setObjectName("playerName")
    return edit


# ---------------------------------------------------------------------------- host
class HostDialog(QDialog):
    """What table to open: the edition, the seats, the port, and a name."""

    def __init__(self, settings: Any, default_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("HostDialog")
        self.setWindowTitle(translate("Network", "Host a network game"))
        self.settings = settings
        form = QFormLayout(self)
        intro = QLabel(
            translate(
                "Network",
                "Your computer opens a table that friends join over the network. The first seat is yours; "
                "each other seat waits for a person or is played by a bot on your computer.",
            )
        )
        intro.setWordWrap(True)
        form.addRow(intro)
        self.default_name = default_name  # the player's own name (game/core/playername.py)
        self.name = _name_field(settings, default_name)
        form.addRow(translate("Network", "Your name"), self.name)
        self.edition = QComboBox()
        for e in EDITIONS:
            self.edition.addItem(rules_text(get_rules(e).title), e)
        self.edition.currentIndexChanged.connect(self._seats_changed)
        form.addRow(translate("Network", "Edition"), self.edition)
        self.count = QSpinBox()
        self.count.valueChanged.connect(self._seats_changed)
        form.addRow(translate("Network", "Players"), self.count)
        self.seat_boxes: list[QComboBox] = []
        self.seat_rows = QVBoxLayout()
        form.addRow(translate("Network", "Other seats"), self.seat_rows)
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(int(settings.value("net/port", DEFAULT_PORT) or DEFAULT_PORT))
        form.addRow(translate("Network", "Port"), self.port)
        # who reaches the server: the network by default (hosting is for friends at other computers)
        self.reach = QComboBox()
        self.reach.setObjectName("hostReach")
        self.reach.addItem(translate("Network", "Computers on this network"), False)
        self.reach.addItem(translate("Network", "This computer only"), True)
        self.reach.setCurrentIndex(1 if as_bool(settings.value(LOCAL_ONLY_KEY), False) else 0)
        form.addRow(translate("Network", "Reachable from"), self.reach)
        # private unless made public: friends come by the table's link or QR code (its invitation)
        self.announce = QCheckBox(translate("Network", "Public table: list it for everyone on this network"))
        self.announce.setObjectName("hostPublic")
        self.announce.setToolTip(
            translate(
                "Network",
                "Unticked, the table is private: only those you send its link or QR code can join, watch or read its chat",
            )
        )
        self.announce.setChecked(as_bool(settings.value(PUBLIC_KEY), False))
        form.addRow(self.announce)
        # a time control (net/clocks.py): none for friends, or one of the server's profiles
        self.clock = QComboBox()
        self.clock.setObjectName("hostClock")
        clock_choices(self.clock)
        form.addRow(translate("Network", "Clock"), self.clock)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(translate("Network", "Open the table"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self._seats_changed()

    def _seats_changed(self) -> None:
        rules = get_rules(self.edition.currentData())
        self.count.blockSignals(True)
        self.count.setRange(rules.min_players, rules.max_players)
        if self.count.value() < rules.min_players or self.count.value() > rules.max_players:
            self.count.setValue(max(rules.min_players, min(3, rules.max_players)))
        self.count.blockSignals(False)
        want = self.count.value() - 1
        while len(self.seat_boxes) > want:
            box = self.seat_boxes.pop()
            box.setParent(None)
            box.deleteLater()
        while len(self.seat_boxes) < want:
            box = QComboBox()
            box.addItem(translate("Network", "A person (waits for a friend)"), SeatKind.HUMAN)
            for level in LEVELS:
                box.addItem(translate("Network", "Bot ({level})").format(level=level_label(level)), level)
            box.setObjectName(f"seat{len(self.seat_boxes) + 1}")
            self.seat_rows.addWidget(box)
            self.seat_boxes.append(box)

    def seats(self) -> list[str]:
        return [SeatKind.HUMAN, *[b.currentData() for b in self.seat_boxes]]

    def player_name(self) -> str:
        return clean_name(self.name.text()) or self.default_name

    @property
    def public(self) -> bool:
        """The table is listed for everyone (else reached by its link only)."""
        return self.announce.isChecked()

    @property
    def local_only(self) -> bool:
        """The server listens on this computer only (127.0.0.1)."""
        return bool(self.reach.currentData())

    def accept(self) -> None:
        self.settings.setValue(NAME_KEY, self.player_name())
        self.settings.setValue("net/port", self.port.value())
        self.settings.setValue(PUBLIC_KEY, self.public)
        self.settings.setValue(LOCAL_ONLY_KEY, self.local_only)
        super().accept()


# ---------------------------------------------------------------------------- join
class JoinDialog(QDialog):
    """An address or a table found on this network, then a seat (or watch)."""

    joinRequested = Signal(object, str, object)  # RemoteSession, table id, seat (None: any free one)
    watchRequested = Signal(object, str)  # RemoteSession, table id
    playNowRequested = Signal(object, int, bool, object)  # RemoteSession, the table's size, rated, clock or None

    def __init__(self, settings: Any, default_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("JoinDialog")
        self.setWindowTitle(translate("Network", "Join a network game"))
        self.settings = settings
        self.session: RemoteSession | None = None
        self.invited_table: str | None = None  # the table of a link typed or pasted as the address
        self.browser: Any = None
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.default_name = default_name  # the player's own name (game/core/playername.py)
        self.name = _name_field(settings, default_name)
        form.addRow(translate("Network", "Your name"), self.name)
        row = QHBoxLayout()
        self.address = QLineEdit(str(settings.value(ADDRESS_KEY, "") or ""))
        self.address.setObjectName("address")
        self.address.setPlaceholderText(
            translate("Network", "A table's link, host:{port}, or wss://server.example:{port}").format(
                port=DEFAULT_PORT
            )
        )
        self.connect_button = QPushButton(translate("Network", "&Look for tables"))
        self.connect_button.clicked.connect(self.connect_to)
        self.address.returnPressed.connect(self.connect_to)
        row.addWidget(self.address, 1)
        row.addWidget(self.connect_button)
        form.addRow(translate("Network", "Server"), row)
        hint = QLabel(translate("Network", "The default port is {port}.").format(port=DEFAULT_PORT))
        form.addRow("", hint)
        lay.addLayout(form)
        self.found = QListWidget()
        self.found.setObjectName("foundServers")
        self.found.itemActivated.connect(self._found_chosen)
        self.found.itemClicked.connect(self._found_chosen)
        self.found_label = QLabel(translate("Network", "Tables on this network:"))
        lay.addWidget(self.found_label)
        lay.addWidget(self.found)
        lay.addWidget(QLabel(translate("Network", "Tables of the server:")))
        self.tables = QListWidget()
        self.tables.setObjectName("serverTables")
        self.tables.itemActivated.connect(lambda _i: self.join_current())
        lay.addWidget(self.tables, 1)
        self.quick = QuickMatchRow()  # Play now: size, rated, clock (game/netplay/quickmatch.py)
        self.quick.asked.connect(self.play_now)
        self.play_now_button = self.quick.button
        lay.addWidget(self.quick)
        self.status = QLabel()
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        buttons = QDialogButtonBox()
        self.join_button = buttons.addButton(translate("Network", "&Join"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.watch_button = buttons.addButton(translate("Network", "&Watch"), QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.join_button.clicked.connect(self.join_current)
        self.watch_button.clicked.connect(self.watch_current)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.resize(560, 520)
        # the server's tables are asked for again while the dialog is open
        self.relist = QTimer(self)
        self.relist.setInterval(LIST_EVERY_MS)
        self.relist.timeout.connect(self._list_again)
        self._start_discovery()
        self._sync()
        if self.address.text().strip():  # a remembered address: its tables at once
            QTimer.singleShot(0, self, self.connect_to)

    # local network
    def _start_discovery(self) -> None:
        if not discovery_on(self.settings):
            self.found_label.setText(translate("Network", "Finding tables on this network is off (Preferences)."))
            self.found.hide()
            return
        try:
            from bigcity_desktop.net.discovery import Browser

            relay = _Relay(self)
            relay.found.connect(self._servers_found)
            self.browser = Browser(relay.found.emit)
            self.browser.start()
        except Exception as exc:
            self.browser = None
            self.found_label.setText(
                translate("Network", "Tables on this network cannot be found here ({reason}).").format(reason=exc)
            )

    def _servers_found(self, servers: list[Any]) -> None:
        self.found.clear()
        for srv in servers:
            text = translate("Network", "{name} at {address}: {open} of {tables} tables wait for players").format(
                name=elide(srv.name, 32), address=srv.address, open=srv.open_tables, tables=srv.tables
            )
            if not srv.compatible:
                text += " — " + translate("Network", "another version of the game")
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, srv.address)
            if not srv.compatible:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.found.addItem(item)

    def _found_chosen(self, item: QListWidgetItem) -> None:
        address = item.data(Qt.ItemDataRole.UserRole)
        if address:
            self.address.setText(str(address))
            self.connect_to()

    # the server's tables
    def player_name(self) -> str:
        return clean_name(self.name.text()) or self.default_name

    def connect_to(self) -> bool:
        text = self.address.text().strip()
        if not text:
            self.status.setText(translate("Network", "Type the address of the computer that hosts the game."))
            return False
        if self.session is not None:
            self.session.close()
            self.session = None
        link = read_table_link(text)  # a table's link (its page's, with its invitation): that table
        try:
            self.session = RemoteSession(link.address if link else text, self.player_name(), settings=self.settings)
        except AddressError as exc:
            self.status.setText(engine_text(exc.reason))
            return False
        if link is not None:
            self.session.invited = (link.table, link.invite) if link.invite else None
            self.invited_table = link.table
        # the server's address only: a link's invitation secret is never written to the settings
        self.settings.setValue(ADDRESS_KEY, link.address if link else text)
        self.session.lobbyUpdated.connect(self._tables_listed)
        self.session.statusChanged.connect(lambda s: self.status.setText(s) if s else None)
        self.session.refused.connect(lambda r: self.status.setText(str(r)))
        self.session.list_tables()
        self.status.setText(
            translate("Network", "Asking {address} for its tables…").format(address=self.session.address)
        )
        self.relist.start()
        return True

    def _list_again(self) -> None:
        if self.session is not None:
            self.session.list_tables()

    def _tables_listed(self, tables: tuple[TableInfo, ...]) -> None:
        chosen = self._current()
        self.tables.clear()
        for t in tables:
            self.tables.addItem(_table_item(t))
            if t.id == (chosen.id if chosen is not None else self.invited_table):
                self.tables.setCurrentRow(self.tables.count() - 1)
        if not tables:
            self.status.setText(
                translate(
                    "Network",
                    "No public table on this server: paste the link of a table its host sent you, "
                    "or ask the host to open one.",
                )
            )
        elif len(tables) == 1:
            self.status.setText(translate("Network", "1 table on this server."))
        else:
            self.status.setText(translate("Network", "{n} tables on this server.").format(n=len(tables)))
        self._sync()

    def play_now(self, players: int, rated: bool, clock: str | None) -> None:
        """Play now (game/netplay/quickmatch.py): the session handed to the window with the choices."""
        if self.session is None:
            self.status.setText(translate("Network", "Type the address of the computer that hosts the game."))
            return
        self.settings.setValue(NAME_KEY, self.player_name())
        session = self._hand_off()
        self.playNowRequested.emit(session, players, rated, clock)
        self.accept()

    def _current(self) -> TableInfo | None:
        item = self.tables.currentItem() or (self.tables.item(0) if self.tables.count() == 1 else None)
        t = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        return t if isinstance(t, TableInfo) else None

    def _sync(self) -> None:
        has = self.tables.count() > 0
        self.join_button.setEnabled(has)
        self.watch_button.setEnabled(has)

    def join_current(self) -> None:
        t = self._current()
        if t is None or self.session is None:
            return
        self.settings.setValue(NAME_KEY, self.player_name())
        session = self._hand_off()
        self.joinRequested.emit(session, t.id, None)
        self.accept()

    def watch_current(self) -> None:
        t = self._current()
        if t is None or self.session is None:
            return
        session = self._hand_off()
        self.watchRequested.emit(session, t.id)
        self.accept()

    def _hand_off(self) -> RemoteSession:
        """The session, for the window to play: this dialog's words no longer reach it."""
        session, self.session = self.session, None
        assert session is not None
        session.statusChanged.disconnect()
        session.refused.disconnect()
        return session

    def done(self, r: int) -> None:
        self.relist.stop()
        if self.browser is not None:
            try:
                self.browser.stop()
            except Exception:
                pass
            self.browser = None
        if self.session is not None:
            # its last words (disconnected) must not reach this dialog's labels once they are gone
            self.session.statusChanged.disconnect()
            self.session.close()
            self.session = None
        super().done(r)


class _Relay(QObject):
    """Hands the discovery thread's findings to the GUI thread."""

    found = Signal(object)


def _seat_text(s: SeatInfo) -> str | None:
    """One seat of a listed table: the player's name (away or not) or the bot; None while free."""
    if s.kind != SeatKind.HUMAN:
        return with_badge(seat_kind_text(s.level or "easy"), s)
    if s.name is None:
        return None
    if not s.connected:
        return translate("Network", "{name} (away)").format(name=with_badge(s.name, s))
    return with_badge(s.name, s)


def _table_item(t: TableInfo) -> QListWidgetItem:
    """A table of the server: its title and edition, then who sits there and how many seats are free."""
    free = sum(1 for s in t.seats if s.kind == SeatKind.HUMAN and s.name is None)
    who = ", ".join(x for x in map(_seat_text, t.seats) if x) or translate("Network", "nobody yet")
    if t.status == "lobby":
        status = (
            translate("Network", "every seat is taken")
            if free == 0
            else translate("Network", "1 seat free")
            if free == 1
            else translate("Network", "{n} seats free").format(n=free)
        )
    else:
        status = {
            "playing": translate("Network", "playing, move {n}").format(n=t.moves),
            "over": translate("Network", "finished"),
        }.get(t.status, t.status)
    line2 = translate("Network", "{players} — {status}").format(players=who, status=status)
    item = QListWidgetItem(f"{t.title} — {rules_text(t.rules_title)}\n{line2}")
    item.setData(Qt.ItemDataRole.UserRole, t)
    return item


# ---------------------------------------------------------------------------- the table dock
class TableDock(QWidget):
    """The table of a network game: seats, the link, the chat, Start and Leave."""

    leaveRequested = Signal()
    rejoinRequested = Signal()  # the link closed for good: sit in the seat again

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tablePanel")
        self.session: RemoteSession | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.title = QLabel()
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.addresses = QLabel()
        self.addresses.setObjectName("hostAddresses")
        self.addresses.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.addresses.setWordWrap(True)
        self.copy_button = QPushButton(translate("Network", "&Copy address"))
        self.copy_button.clicked.connect(self.copy_address)
        row = QHBoxLayout()
        row.addWidget(self.addresses, 1)
        row.addWidget(self.copy_button)
        lay.addLayout(row)
        self.browser_link = BrowserLink()
        lay.addWidget(self.browser_link)
        self.pages = QLabel()  # the server's pages: the ranking, the finished game (game/core/badges.py)
        self.pages.setObjectName("serverPages")
        self.pages.setOpenExternalLinks(True)
        lay.addWidget(self.pages)
        self.link = QLabel()
        self.link.setObjectName("linkStatus")
        self.link.setStyleSheet("QLabel { color: #b3261e; font-weight: bold; }")
        self.link.setWordWrap(True)
        lay.addWidget(self.link)
        # the link closed for good (the server was away too long): the seat is still ours
        self.rejoin_button = QPushButton(translate("Network", "&Rejoin the table"))
        self.rejoin_button.setObjectName("rejoinButton")
        self.rejoin_button.clicked.connect(self.rejoinRequested)
        self.rejoin_button.hide()
        lay.addWidget(self.rejoin_button)
        # the host lists the table on the network, or keeps it to who has the link (at any time)
        self.public_box = QCheckBox(translate("Network", "&Public: listed for all"))
        self.public_box.setObjectName("tablePublic")
        self.public_box.setToolTip(
            translate("Network", "Otherwise only who has the table's link or QR code finds it, joins or watches")
        )
        self.public_box.toggled.connect(self._publish)
        lay.addWidget(self.public_box)
        self.seats = QListWidget()
        self.seats.setObjectName("tableSeats")
        self.seats.setAccessibleName(translate("Network", "Seats at the table"))
        lay.addWidget(self.seats, 1)
        buttons = QGridLayout()
        self.start_button = QPushButton(translate("Network", "&Start the game"))
        self.start_button.clicked.connect(lambda: self.session.start_game() if self.session else None)
        self.bot_button = QPushButton(translate("Network", "Seat to a &bot"))
        self.bot_button.setToolTip(
            translate("Network", "A missing player's seat is played by a bot from now on (or after the wait)")
        )
        self.bot_button.clicked.connect(self.hand_to_bot)
        self.bot_wait = QSpinBox()
        self.bot_wait.setRange(0, 3600)
        self.bot_wait.setValue(60)
        self.bot_wait.setSuffix(translate("Network", " s"))
        self.bot_wait.setToolTip(translate("Network", "How long the table waits for the missing player first"))
        self.leave_button = QPushButton(translate("Network", "&Leave the table"))
        self.leave_button.clicked.connect(self.leaveRequested)
        self.mute = ChatMute()  # per viewer (game/netplay/chatmute.py); the window gives it its settings
        self.mute_button = QPushButton(translate("Network", "&Mute chat"))
        self.mute_button.setObjectName("muteChat")
        self.mute_button.setToolTip(translate("Network", "Hide (or show again) the chosen player's chat, here only"))
        self.mute_button.clicked.connect(self.toggle_mute)
        self.report_button = QPushButton(translate("Network", "Report…"))
        self.report_button.setObjectName("reportPlayer")
        self.report_button.setToolTip(translate("Network", "Tell the server's operator what the chosen player did"))
        self.report_button.clicked.connect(lambda: self.report_chosen())
        # two rows: in one row (wider still in German) they widened the dock
        # and left a 1024-pixel window's board too narrow for the end's banner
        buttons.addWidget(self.start_button, 0, 0)
        buttons.addWidget(self.leave_button, 0, 1)
        buttons.addWidget(self.bot_button, 1, 0)
        buttons.addWidget(self.bot_wait, 1, 1)
        # shown only while a bot plays your seat because your time ran out (net/clocks.py)
        self.take_button = QPushButton(translate("Network", "&Take my seat back"))
        self.take_button.clicked.connect(lambda: self.session.take_seat() if self.session else None)
        self.take_button.setVisible(False)
        buttons.addWidget(self.take_button, 2, 0, 1, 2)
        buttons.addWidget(self.mute_button, 3, 0)
        buttons.addWidget(self.report_button, 3, 1)
        self.pause_box = PauseBox()  # pause by agreement of all (game/netplay/pausebox.py)
        buttons.addWidget(self.pause_box, 4, 0, 1, 2)
        lay.addLayout(buttons)
        self.chat_log = QListWidget()
        self.chat_log.setObjectName("chatLog")
        self.chat_log.setAccessibleName(translate("Network", "Chat"))
        # a long message wraps in the dock's width (no sideways scrolling)
        self.chat_log.setWordWrap(True)
        self.chat_log.setResizeMode(QListView.ResizeMode.Adjust)
        # laid out a few lines per turn of the event loop: a flood of lines never stalls it
        self.chat_log.setLayoutMode(QListView.LayoutMode.Batched)
        self.chat_log.setBatchSize(20)
        self.chat_log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        lay.addWidget(self.chat_log, 1)
        chat_row = QHBoxLayout()
        self.chat_line = QLineEdit()
        self.chat_line.setObjectName("chatLine")
        self.chat_line.setMaxLength(300)
        self.chat_line.setPlaceholderText(translate("Network", "Say something to the table…"))
        self.chat_line.returnPressed.connect(self.send_chat)
        send = QPushButton(translate("Network", "Send"))
        send.clicked.connect(self.send_chat)
        chat_row.addWidget(self.chat_line, 1)
        chat_row.addWidget(send)
        lay.addLayout(chat_row)
        self.set_addresses([])
        self.refresh()

    def attach(self, session: RemoteSession) -> None:
        self.session = session
        self.chat_log.clear()
        self._link("")
        # bound methods, not lambdas: Qt forgets them with the dock (a session can outlive its window)
        session.tableChanged.connect(self._table_changed)
        session.seatChanged.connect(self.refresh)
        session.chatReceived.connect(self._chat)
        session.statusChanged.connect(self._status)
        session.refused.connect(self._refused)
        self.refresh()

    def _refused(self, _why: object) -> None:
        s = self.session
        if s is not None and s.table is not None:  # a change of the public box refused: as it was
            self._show_public(s.table.public, s.is_host)

    def _table_changed(self, _table: object) -> None:
        self.refresh()

    def _status(self, text: str) -> None:
        # the last word of a session this dock showed before (closed a moment ago) is not this one's
        if self.sender() is self.session:
            self._link(text)

    def set_addresses(self, addresses: list[str]) -> None:
        self._addresses = addresses
        if addresses:
            self.addresses.setText(
                translate("Network", "Friends join at: {addresses}").format(addresses=", ".join(addresses))
            )
        self.addresses.setVisible(bool(addresses))
        self.copy_button.setVisible(bool(addresses))
        self._show_browser_link()

    def _show_browser_link(self) -> None:
        t = self.session.table if self.session is not None else None
        invite = self.session.invite if self.session is not None else ""
        links = [table_link(a, t.id, invite) for a in self._addresses] if t is not None and t.status != "over" else []
        self.browser_link.set_links(links)

    def copy_address(self) -> None:
        if self._addresses:
            QApplication.clipboard().setText(self._addresses[0])

    def _link(self, text: str) -> None:
        self.link.setText(text)
        self.link.setVisible(bool(text))
        s = self.session
        self.rejoin_button.setVisible(s is not None and s.state == ConnectionState.CLOSED and s.kept() is not None)

    def _chat(self, lines: tuple[ChatReceived, ...], dropped: int) -> None:
        """Chat lines that came (`dropped`: lines before them that came too
        fast to show): added at once, the oldest going past :data:`CHAT_SHOWN`."""
        log = self.chat_log
        if dropped:
            log.addItem(translate("Network", "({n} lines came too fast to show)").format(n=dropped))
        table = self.session.table if self.session is not None else None
        shown = [ev for ev in lines if not self.mute.is_muted(self.mute.key(table, ev.seat, ev.name))]
        log.addItems([f"{elide(ev.name, 24)}: {ev.text}" for ev in shown])
        for _ in range(log.count() - CHAT_SHOWN):
            log.takeItem(0)
        log.scrollToBottom()

    def send_chat(self) -> None:
        text = " ".join(self.chat_line.text().split())
        if text and self.session is not None:
            self.session.chat(text)
            self.chat_line.clear()

    def toggle_mute(self) -> None:
        """The chosen seat's player muted here (their lines from now on not shown), or shown again."""
        s = self.session
        item = self.seats.currentItem()
        seat = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if s is None or s.table is None or not isinstance(seat, int) or seat == s.seat:
            return
        info = next((x for x in s.table.seats if x.seat == seat), None)
        key = self.mute.key(s.table, seat, info.name or "") if info is not None and info.name else None
        if key is not None:
            self.mute.toggle(key)
            self.refresh()

    def report_chosen(self, words: str | None = None) -> bool:
        """The chosen seat's player reported to the server's operator, in
        `words` (asked for when None); whether a report was sent."""
        s = self.session
        item = self.seats.currentItem()
        seat = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if s is None or s.table is None or not isinstance(seat, int) or seat == s.seat:
            return False
        name = next((x.name for x in s.table.seats if x.seat == seat), None)
        if not name:
            return False
        if words is None:
            words, ok = QInputDialog.getText(
                self,
                translate("Network", "Report a player"),
                translate("Network", "What did {name} do? (for the server's operator)").format(name=name),
            )
            if not ok:
                return False
        words = " ".join(words.split())
        if not words:
            return False
        s.report(seat, words[:1000])
        self.chat_log.addItem(
            translate("Network", "Your report about {name} went to the server's operator.").format(name=name)
        )
        return True

    def hand_to_bot(self) -> None:
        s = self.session
        item = self.seats.currentItem()
        if s is None or item is None:
            return
        seat = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(seat, int):
            s.hand_to_bot(seat, "medium", float(self.bot_wait.value()))

    def _publish(self, public: bool) -> None:
        s = self.session
        if s is not None and s.table is not None and s.is_host and s.table.public != public:
            s.publish(public)

    def _show_public(self, public: bool, host: bool) -> None:
        """The box as the server last said (a refused or failed change puts it back)."""
        self.public_box.blockSignals(True)
        self.public_box.setChecked(public)
        self.public_box.blockSignals(False)
        self.public_box.setEnabled(host)

    def _seat_line(self, s: RemoteSession, t: TableInfo, info: SeatInfo) -> str:
        """One seat's line in the list: who sits there (a bot's level, a free
        seat, a player's rating and reputation), away or muted, the host, you,
        and the time left."""
        if info.kind != SeatKind.HUMAN:
            text = with_badge(
                translate("Network", "{name} ({level})").format(name=info.name, level=level_label(info.level or "easy"))
                if info.name
                else seat_kind_text(info.level or "easy"),
                info,
            )
        elif info.name is None:
            text = translate("Network", "free: waits for a player")
        else:
            text = with_badge(info.name, info)  # rating and reputation (game/core/badges.py)
            if not info.connected:
                text += " — " + translate("Network", "away")
            if self.mute.is_muted(self.mute.key(t, info.seat, info.name)):
                text += " — " + translate("Network", "chat muted")
        if info.seat == t.host:
            text += " " + translate("Network", "(host)")
        if info.seat == s.seat:
            text += " " + translate("Network", "(you)")
        if t.clock_left is not None and info.seat < len(t.clock_left):
            text += " — " + clock_words(t.clock_left[info.seat], info.seat in t.timed_out)
        return text

    def refresh(self) -> None:
        s = self.session
        t = s.table if s is not None else None
        self.seats.clear()
        self._show_browser_link()
        if t is None:
            self.pages.setText("")
            self.title.setText(translate("Network", "Not at a table."))
            for w in (self.start_button, self.bot_button, self.bot_wait, self.leave_button):
                w.setEnabled(False)
            self._show_public(False, False)
            self.pause_box.show_for(s, None)
            return
        assert s is not None
        self._show_public(t.public, s.is_host)
        self.pages.setText(pages_text(s.address, t.id, t.status == "over"))
        self.title.setText(
            translate("Network", "<b>{title}</b> — {rules}").format(title=t.title, rules=rules_text(t.rules_title))
        )
        for info in t.seats:
            text = self._seat_line(s, t, info)
            item = QListWidgetItem(f"{info.seat + 1}. {text}")
            item.setData(Qt.ItemDataRole.UserRole, info.seat)
            self.seats.addItem(item)
        filled = all(x.kind != SeatKind.HUMAN or x.name is not None for x in t.seats)
        self.start_button.setEnabled(s.is_host and t.status == "lobby" and filled)
        self.start_button.setVisible(t.status == "lobby")
        self.bot_button.setEnabled(s.is_host and t.status == "playing")
        self.bot_wait.setEnabled(s.is_host and t.status == "playing")
        self.leave_button.setEnabled(True)
        mine = t.seats[s.seat] if s.seat is not None and s.seat < len(t.seats) else None
        self.take_button.setVisible(
            mine is not None and mine.kind == SeatKind.BOT and mine.seat in t.timed_out and t.status == "playing"
        )
        self.pause_box.show_for(s, t)


def clock_words(seconds: float, ran_out: bool) -> str:
    """A seat's time left (m:ss) as the table's last entry gave it, and whether it ran out once."""
    s = max(0, int(-(-seconds // 1)))
    text = f"{s // 60}:{s % 60:02d}"
    return translate("Network", "{time}, time ran out once").format(time=text) if ran_out else text


# ---------------------------------------------------------------------------- hosting
class ServerStarter(QObject):
    """Starts the table server on a worker thread: opening its database
    (and the games in it) or finding the port busy takes a second or two,
    which the window does not wait for. `finished` (on the GUI thread):
    the server, or None and the OSError that says why not."""

    finished = Signal(object, object)
    _started = Signal(object, object)  # emitted on the worker thread, received on the GUI thread

    def __init__(self, port: int, announce: bool, local_only: bool = False, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.port = port
        self.announce = announce
        self.local_only = local_only
        self._started.connect(self._deliver)

    def start(self) -> None:
        threading.Thread(target=self._run, name="bigcity-server-start", daemon=True).start()

    def _run(self) -> None:
        try:
            server, error = start_server(self.port, self.announce, self.local_only), None
        except OSError as exc:
            server, error = None, exc
        with contextlib.suppress(RuntimeError):  # the window is gone
            self._started.emit(server, error)

    def _deliver(self, server: object, error: object) -> None:
        self.finished.emit(server, error)


def start_server(port: int, announce: bool, local_only: bool = False) -> Any:
    """The table server, in this process (its tables kept in the data folder),
    listening on every interface, or on this computer only (127.0.0.1)."""
    from bigcity_desktop.net.hosting import ServerThread
    from bigcity_desktop.net.server import ServerConfig
    from bigcity_desktop.session.autosave import data_dir

    cfg = ServerConfig(
        host="127.0.0.1" if local_only else "0.0.0.0",
        port=port,
        data_dir=data_dir() / "server",
        bot_pool="thread",
        mdns=announce and not local_only,
    )
    server = ServerThread(cfg)
    server.start()  # OSError (a port in use, say) with a sentence
    return server
