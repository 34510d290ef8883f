"""Game → Continue: every unfinished game, newest first, with a picture of
its city, who plays, the edition, the round, the scores and when it was
last played; Continue, Delete, or a new game. The seat kept at a network
table (the app was closed mid-game) comes first: Rejoin, or Forget."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable

from PySide6.QtCore import QPoint, QPointF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QStyle,
    QVBoxLayout,
)

from bigcity_desktop.engine.layout import LayoutError, load_layout
from bigcity_desktop.i18n import elide, rules_text, translate
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.render import city_image
from bigcity_desktop.session.keptseat import KeptSeat
from bigcity_desktop.session.saves import Saves, SaveSlot, SaveSummary

THUMB = 120  # the smallest thumbnail (a small screen); thumb_side() gives the one for a screen
SummaryRole = Qt.ItemDataRole.UserRole + 1
SeatRole = Qt.ItemDataRole.UserRole + 2
#: the longest the list draws thumbnails at a time, before the window redraws (seconds)
DRAW_BUDGET = 0.025
#: thumbnails are drawn down to this many rows below the last one in view (the rest when scrolled to)
DRAW_AHEAD = 8


def when(seconds: float, now: float | None = None) -> str:
    """When a game was last played, as a person says it."""
    now = time.time() if now is None else now
    age = now - seconds
    if age < 90:
        return translate("Continue", "just now")
    if age < 3600:
        return translate("Continue", "{n} minutes ago").format(n=round(age / 60))
    day = time.localtime(seconds)
    today = time.localtime(now)
    clock = time.strftime("%H:%M", day)
    if day.tm_yday == today.tm_yday and day.tm_year == today.tm_year:
        return translate("Continue", "today at {time}").format(time=clock)
    if age < 2 * 86400 and (today.tm_yday - day.tm_yday) % 366 == 1:
        return translate("Continue", "yesterday at {time}").format(time=clock)
    return time.strftime("%Y-%m-%d %H:%M", day)


def describe(s: SaveSummary) -> str:
    """The lines of one saved game in the list."""
    names = ", ".join(elide(p.name, 18) for p in s.players)
    scores = " : ".join(str(x) for x in s.scores)
    head = translate("Continue", "{players}").format(players=names)
    if s.over:
        state = translate("Continue", "finished: the results are still to be seen")
    else:
        state = translate("Continue", "round {round}").format(round=s.round)
    # the edition on a line of its own: with the state and the scores it was
    # too long for the list in German (issue 33.6)
    line3 = translate("Continue", "{state}, scores {scores}").format(state=state, scores=scores)
    line4 = translate("Continue", "last played {when}").format(when=when(s.last_played))
    if s.busy:
        line4 += " — " + translate("Continue", "open in another window")
    return f"{head}\n{rules_text(s.title)}\n{line3}\n{line4}"


def describe_damaged(s: SaveSummary) -> str:
    """The lines of a saved game found damaged (its file kept aside); the
    whole sentence is its tooltip."""
    head = translate("Continue", "A damaged game, last played {when}").format(when=when(s.last_played))
    reason = (s.damaged or "").split(" (", 1)[0]  # the details are in the tooltip
    line2 = translate("Continue", "It cannot be continued: {reason}.").format(reason=elide(reason, 60))
    line3 = translate("Continue", "Its file is kept as {file}").format(file=s.path.name)
    folder = str(s.path.parent)
    if len(folder) > 56:
        folder = "\N{HORIZONTAL ELLIPSIS}" + folder[-55:]
    line4 = translate("Continue", "in {folder}.").format(folder=folder)
    return f"{head}\n{line2}\n{line3}\n{line4}"


def damaged_sentence(s: SaveSummary) -> str:
    """What the player is told of a damaged game, in one sentence (its tooltip)."""
    return translate(
        "Continue", "This game cannot be continued ({reason}); its file is kept as {file} in {folder}."
    ).format(reason=s.damaged or "", file=s.path.name, folder=s.path.parent)


def describe_seat(k: KeptSeat) -> str:
    """The lines of the seat kept at a network table."""
    head = translate("Continue", "Rejoin {table}?").format(table=elide(k.title, 40))
    line3 = translate("Continue", "network game of {n} players, seat {seat} as {name}").format(
        n=k.players, seat=k.seat + 1, name=elide(k.name, 18)
    )
    address = k.address.removeprefix("ws://")  # as it is typed in the Join dialog (wss:// is kept)
    line4 = translate("Continue", "at {address}, last seen {when}").format(address=address, when=when(k.when))
    return f"{head}\n{rules_text(k.rules_title)}\n{line3}\n{line4}"


def thumb_side(screen: QSize) -> int:
    """The side of a thumbnail on a screen of `screen` (its available size):
    large enough to recognise a city, about 180 on 1024×700, more on a
    bigger screen."""
    return max(THUMB, min(320, round(min(screen.width() * 0.18, screen.height() * 0.26))))


def thumbnail(s: SaveSummary, side: int = THUMB, dpr: float = 1.0) -> QPixmap:
    """The saved game's city as a plan in a `side`×`side` square, drawn at
    that size for a screen of `dpr` pixels to a point (blank when it cannot
    be drawn)."""
    px = max(1, round(side * dpr))
    pix = QPixmap(px, px)
    pix.setDevicePixelRatio(dpr)
    pix.fill(S.TABLE)
    if s.layout is None:
        return pix
    try:
        _rules, city = load_layout(s.layout)
    except (LayoutError, ValueError, KeyError, TypeError):
        return pix
    colours = {i: QColor(S.player_colour(i, p.colour)) for i, p in enumerate(s.players)}
    img = city_image(city, px, colours)
    if img.height() > px:  # a tall city: drawn again to fit the square
        img = city_image(city, max(16, px * px // img.height()), colours)
    painter = QPainter(pix)
    painter.drawImage(QPointF((px - img.width()) / 2 / dpr, (px - img.height()) / 2 / dpr), img)
    painter.end()
    return pix


class ContinueDialog(QDialog):
    """The list of saved games; ``chosen(SaveSummary)`` when one is continued."""

    chosen = Signal(object)
    newGameRequested = Signal()
    rejoinRequested = Signal(object)  # the KeptSeat: sit there again
    seatForgotten = Signal(object)  # the KeptSeat: offer it no more

    def __init__(
        self,
        saves: Saves,
        parent=None,
        exclude: object = None,
        kept: KeptSeat | None = None,
        summaries: Iterable[SaveSummary] | None = None,
    ):
        """`summaries`: the saved games, read already (beside the window, at
        start-up; more come through :meth:`add`); else they are read here."""
        super().__init__(parent)
        self.setObjectName("ContinueDialog")
        self.setWindowTitle(translate("Continue", "Continue a game"))
        self.saves = saves
        self.exclude = exclude  # the path of the game this window plays now
        self.kept = kept  # the seat kept at a network table, offered first
        self.listed: list[SaveSummary] | None = None if summaries is None else list(summaries)
        self.looking: tuple[int, int] | None = None  # (read, in all) while the saved games are still read
        self.autosave_read: tuple[int, int] | None = None  # (done, in all) of the old autosave's replay
        self._icons: dict[str, QIcon] = {}  # the thumbnails drawn, by slot
        self.to_draw: deque[QListWidgetItem] = deque()
        self._drawing = QTimer(self)
        self._drawing.setSingleShot(True)
        self._drawing.setInterval(0)
        self._drawing.timeout.connect(self._draw_some)
        lay = QVBoxLayout(self)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        lay.addWidget(self.intro)
        self.list = QListWidget()
        self.list.setObjectName("savedGames")
        screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
        self.thumb = thumb_side(screen.availableGeometry().size()) if screen is not None else THUMB
        self.list.setIconSize(QSize(self.thumb, self.thumb))
        self.list.setSpacing(4)
        self.list.setAccessibleName(translate("Continue", "Saved games"))
        self.list.itemActivated.connect(lambda _item: self.accept_current())
        self.list.currentItemChanged.connect(lambda *_: self._sync())
        self.list.verticalScrollBar().valueChanged.connect(lambda _v: self._drawing.start())
        lay.addWidget(self.list, 1)
        self.buttons = QDialogButtonBox()
        self.continue_button = QPushButton(translate("Continue", "&Continue"))
        self.continue_button.setDefault(True)
        self.delete_button = QPushButton(translate("Continue", "&Delete…"))
        self.new_button = QPushButton(translate("Continue", "&New game…"))
        self.buttons.addButton(self.continue_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(self.delete_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.addButton(self.new_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.continue_button.clicked.connect(self.accept_current)
        self.delete_button.clicked.connect(self.delete_current)
        self.new_button.clicked.connect(self._new_game)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.resize(620, 520)
        self.reload()

    def reload(self) -> None:
        keep = self.current()
        self.list.clear()
        self.to_draw.clear()
        if self.listed is None:
            summaries = [s for s in self.saves.summaries() if s.path != self.exclude]
        else:
            summaries = [s for s in self.listed if s.path != self.exclude]
        if self.kept is not None:
            icon = QApplication.style().standardIcon(QStyle.StandardPixmap.SP_DriveNetIcon)
            item = QListWidgetItem(icon, describe_seat(self.kept))
            item.setData(SeatRole, self.kept)
            item.setSizeHint(QSize(self.thumb + 380, self.thumb + 12))
            self.list.addItem(item)
            self.list.setCurrentItem(item)
        for s in summaries:
            item = self._add_item(s)
            if keep is not None and s.id == keep.id:
                self.list.setCurrentItem(item)
        self._choose_first()
        self._drawing.start()  # the thumbnails after the dialog is shown, a moment at a time
        self._say()

    def reading_autosave(self, done: int, total: int) -> None:
        """The autosave of an earlier version is replayed beside the window
        (a long one takes seconds): how far it got, said until the games come."""
        self.autosave_read = (done, total) if done < total else None
        self._say()

    def start_looking(self) -> None:
        """The saved games are being read beside the window: said until the
        first batch comes (through :meth:`add`)."""
        self.looking = (0, 0)
        self._say()

    def add(self, summaries: Iterable[SaveSummary], read: int = 0, total: int = 0) -> None:
        """More saved games, read beside the window (older than those listed);
        `read` of `total` slots have been looked at so far (0 of 0: all)."""
        if self.listed is None:
            self.listed = []
        for s in summaries:
            if s.path == self.exclude:
                continue
            self.listed.append(s)
            self._add_item(s)
        self.looking = (read, total) if total and read < total else None
        self.autosave_read = None  # its replay is over once the games come
        self._choose_first()
        self._drawing.start()  # the new rows' thumbnails on the next turn of the event loop
        self._say()

    def _add_item(self, s: SaveSummary) -> QListWidgetItem:
        """The entry of a saved game; its thumbnail is drawn a moment later
        (thousands of them took seconds)."""
        if s.damaged is not None:
            warning = QApplication.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
            item = QListWidgetItem(warning, describe_damaged(s))
            icon: QIcon | None = warning
            item.setToolTip(damaged_sentence(s))
        else:
            icon = self._icons.get(s.id)
            item = QListWidgetItem(icon or self._blank(), describe(s))
            item.setToolTip(str(s.path))
        item.setData(SummaryRole, s)
        item.setSizeHint(QSize(self.thumb + 380, self.thumb + 12))
        if s.busy:
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
        self.list.addItem(item)
        if icon is None:
            self.to_draw.append(item)
        return item

    def _blank(self) -> QIcon:
        px = max(1, round(self.thumb * self.devicePixelRatioF()))
        pix = QPixmap(px, px)
        pix.setDevicePixelRatio(self.devicePixelRatioF())
        pix.fill(S.TABLE)
        return QIcon(pix)

    def _last_row_to_draw(self) -> int:
        """The rows down to here get their thumbnails now: those in view and a few more."""
        vp = self.list.viewport()
        rows = (vp.height() if vp.isVisible() else self.height()) // (self.thumb + 12) + 1  # a row's height
        top = self.list.indexAt(QPoint(vp.width() // 2, self.list.spacing() + 1)) if vp.isVisible() else None
        return (top.row() if top is not None and top.isValid() else 0) + rows + DRAW_AHEAD

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._drawing.start()  # the rows in view, now that there is a view

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._drawing.start()

    def drawing(self) -> bool:
        """Thumbnails in view are still to be drawn (those out of view wait
        until the list is scrolled to them)."""
        return self._drawing.isActive()

    def _draw_some(self) -> None:
        """Draw the thumbnails in view (and a few below), the top first, for a
        moment at a time; the others when the list is scrolled to them."""
        end = time.perf_counter() + DRAW_BUDGET
        last = self._last_row_to_draw()
        waiting: list[QListWidgetItem] = []
        while self.to_draw:  # one at least, each time
            item = self.to_draw.popleft()
            s = item.data(SummaryRole)
            row = self.list.row(item)
            if row < 0 or not isinstance(s, SaveSummary):
                continue  # deleted meanwhile
            if row > last:
                waiting.append(item)
                waiting.extend(self.to_draw)
                self.to_draw.clear()
                break
            icon = self._icons.get(s.id)
            if icon is None:
                icon = self._icons[s.id] = QIcon(thumbnail(s, self.thumb, self.devicePixelRatioF()))
            item.setIcon(icon)
            if time.perf_counter() >= end:
                break
        if waiting:  # out of view: drawn when scrolled to
            self.to_draw.extend(waiting)
        elif self.to_draw:
            self._drawing.start()

    def _choose_first(self) -> None:
        if self.list.currentItem() is None:
            for i in range(self.list.count()):
                if self.list.item(i).flags() & Qt.ItemFlag.ItemIsEnabled:
                    self.list.setCurrentRow(i)
                    break

    def _say(self) -> None:
        """The sentence above the list."""
        if self.kept is not None:
            self.intro.setText(
                translate("Continue", "Rejoin {table}? Your seat there is kept until its game ends.").format(
                    table=elide(self.kept.title, 40)
                )
            )
        elif (problem := self.saves.problem()) is not None:
            self.intro.setText(
                translate("Continue", "Your saved games cannot be kept: {problem}").format(problem=problem)
            )
        elif any(s.damaged is not None for s in self.summaries()):
            self.intro.setText(
                translate(
                    "Continue",
                    "A saved game was found damaged: it cannot be continued, and its file is kept aside (never "
                    "deleted).",
                )
            )
        elif self.autosave_read is not None:
            self.intro.setText(
                translate("GameWindow", "Reading the autosaved game: action {done} of {total}").format(
                    done=self.autosave_read[0], total=self.autosave_read[1]
                )
            )
        elif self.looking is not None and not self.looking[1]:  # the folder is being listed
            self.intro.setText(translate("GameWindow", "Looking for your unfinished games…"))
        elif self.looking is not None:
            self.intro.setText(
                translate("Continue", "Looking for your unfinished games: {read} of {total} read…").format(
                    read=self.looking[0], total=self.looking[1]
                )
            )
        else:
            self.intro.setText(
                translate("Continue", "Every game you have not finished is kept here, newest first.")
                if self.summaries()
                else translate(
                    "Continue", "There is no unfinished game: every game you start is kept here until it ends."
                )
            )
        self._sync()

    def summaries(self) -> list[SaveSummary]:
        found = (self.list.item(i).data(SummaryRole) for i in range(self.list.count()))
        return [s for s in found if isinstance(s, SaveSummary)]

    def current_seat(self) -> KeptSeat | None:
        """The kept network seat, when it is the chosen entry."""
        item = self.list.currentItem()
        k = item.data(SeatRole) if item is not None else None
        return k if isinstance(k, KeptSeat) else None

    def current(self) -> SaveSummary | None:
        item = self.list.currentItem()
        s = item.data(SummaryRole) if item is not None else None
        return s if isinstance(s, SaveSummary) else None

    def select(self, slot_id: str) -> bool:
        for i in range(self.list.count()):
            s = self.list.item(i).data(SummaryRole)
            if isinstance(s, SaveSummary) and s.id == slot_id:
                self.list.setCurrentRow(i)
                return True
        return False

    def _sync(self) -> None:
        s = self.current()
        seat = self.current_seat() is not None
        damaged = s is not None and s.damaged is not None
        ok = seat or (s is not None and not s.busy)
        self.continue_button.setEnabled(ok and not damaged)
        self.delete_button.setEnabled(ok)
        self.continue_button.setText(translate("Continue", "&Rejoin") if seat else translate("Continue", "&Continue"))
        if seat:
            self.delete_button.setText(translate("Continue", "&Forget…"))
        elif damaged:
            self.delete_button.setText(translate("Continue", "&Dismiss"))
        else:
            self.delete_button.setText(translate("Continue", "&Delete…"))

    def accept_current(self) -> None:
        kept = self.current_seat()
        if kept is not None:
            self.rejoinRequested.emit(kept)
            self.accept()
            return
        s = self.current()
        if s is None or s.busy or s.damaged is not None:
            return
        self.chosen.emit(s)
        self.accept()

    def delete_current(self, confirm: bool = True) -> bool:
        kept = self.current_seat()
        if kept is not None:
            return self._confirmed(
                confirm,
                QMessageBox.Icon.Question,
                translate("Continue", "Forget this seat?"),
                translate(
                    "Continue",
                    "Forget your seat at {table}? It is offered here no more; the table keeps it until its host "
                    "hands it to a bot.",
                ).format(table=kept.title),
                ("confirmForgetBox", translate("Continue", "Forget")),
                lambda: self._forget(kept),
            )
        s = self.current()
        if s is None or s.busy:
            return False
        if s.damaged is not None:  # listed no more; its file stays where it was kept
            self.saves.dismiss(s)
            self.reload()
            return True
        return self._confirmed(
            confirm,
            QMessageBox.Icon.Warning,
            translate("Continue", "Delete this game?"),
            translate("Continue", "Delete the game of {players}? It cannot be brought back.").format(
                players=", ".join(p.name for p in s.players)
            ),
            ("confirmDeleteBox", translate("Continue", "Delete")),
            lambda: self._delete(s),
        )

    def _confirmed(
        self,
        confirm: bool,
        icon: QMessageBox.Icon,
        title: str,
        text: str,
        box_and_button: tuple[str, str],
        then: Callable[[], None],
    ) -> bool:
        """Do `then`, after a question (a box named and its Yes button worded
        by `box_and_button`) when `confirm`."""
        if not confirm:
            then()
            return True
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, self)
        name, yes = box_and_button
        box.setObjectName(name)
        box.button(QMessageBox.StandardButton.Yes).setText(yes)
        self.confirm_box = box
        box.accepted.connect(then)
        box.open()
        return True

    def _forget(self, kept: KeptSeat) -> None:
        self.kept = None
        self.seatForgotten.emit(kept)
        self.reload()

    def _delete(self, s: SaveSummary) -> None:
        slot = SaveSlot(s.id, self.saves.folder)
        if slot.acquire():
            slot.delete()
        if self.listed is None:
            self.reload()
            return
        # the others stay as they were read (no second reading of thousands)
        self.listed = [x for x in self.listed if x.id != s.id]
        for i in range(self.list.count()):
            found = self.list.item(i).data(SummaryRole)
            if isinstance(found, SaveSummary) and found.id == s.id:
                self.list.takeItem(i)
                break
        self._choose_first()
        self._say()

    def _new_game(self) -> None:
        self.newGameRequested.emit()
        self.reject()
