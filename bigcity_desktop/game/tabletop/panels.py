"""The dock contents: players, your hand with the action buttons and the
stacks panel, the supply, spare neighborhoods, the redevelopment panel, the
log. They show the controller's models, ask the session's seat view what
may be done, and play through the session (which checks every move once)."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QMimeData, QPersistentModelIndex, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFontMetrics, QIcon
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QStyledItemDelegate,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from bigcity_desktop.engine import (
    Action,
    ActionKind,
    Draw,
    Exchange,
    GameState,
    Offer,
    Pass,
    Phase,
    Rules,
    StopStreetcars,
    Take,
)
from bigcity_desktop.engine.seat import OfferedCard
from bigcity_desktop.game.core.controller import stack_numbers
from bigcity_desktop.game.core.wording import sentence, turn_text
from bigcity_desktop.i18n import rules_text, translate
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.style import tile_pixmap
from bigcity_desktop.scene.tools import TILE_MIME

from .handcards import HandView
from .offercards import OfferCardDelegate, OfferCards, OfferFlights, OfferRole, card_words, fit_row, lay_out
from .scenedrag import BoardDragMixin

# a compact list's thumbnails (px)
COMPACT_ICON = 34


class TilesList(BoardDragMixin, QListWidget):
    """Spare neighborhood tiles; click to place one, or drag it onto the board."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("TilesList")
        self.setDragEnabled(False)  # dragged onto the board by BoardDrag
        # thumbnails, as in the sandbox's tray
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setIconSize(QSize(52, 52))
        self.setGridSize(QSize(92, 80))

        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setMovement(QListView.Movement.Static)
        self.setWordWrap(True)
        self.setMinimumHeight(48)  # a small window scrolls the thumbnails rather than grow
        #: small thumbnails numbered only, every one in sight (a narrow window: GameTable.fit)
        self.compact = False

    def fit_labels(self) -> None:
        """A grid cell wide enough for the longest label on one line ("7 Hillside",
        "6 Marktviertel"): a fixed grid cut the labels with "…" (issue 25.9).
        Compact: small thumbnails under their numbers, as many rows as they
        take at the list's width, so none scrolls out of sight (issue 46.1)."""
        fm = self.fontMetrics()
        widest = max((fm.horizontalAdvance(self.item(i).text()) for i in range(self.count())), default=0)
        if self.compact:
            self.setIconSize(QSize(COMPACT_ICON, COMPACT_ICON))
            grid = QSize(max(COMPACT_ICON + 10, widest + 16), COMPACT_ICON + fm.height() + 10)
            self.setGridSize(grid)
            per_row = max(1, (self.width() - 2 * self.frameWidth() - 2) // grid.width())
            rows = max(1, -(-self.count() // per_row))
            self.setFixedHeight(rows * grid.height() + 2 * self.frameWidth() + 4)
            return
        self.setIconSize(QSize(52, 52))
        grid = QSize(max(92, widest + 16), 52 + fm.height() + 22)
        self.setGridSize(grid)
        # tall enough for a whole row of thumbnails with their labels (more rows
        # scroll; a taller list would push the hand's stacks out of a small window)
        self.setMaximumHeight(16777215)  # (QWIDGETSIZE_MAX)
        self.setMinimumHeight(grid.height() + 2 * self.frameWidth() + 4)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.compact and event.oldSize().width() != event.size().width():
            self.fit_labels()

    def mimeTypes(self):
        return [TILE_MIME]

    def mimeData(self, items):
        md = QMimeData()
        if items:
            n = items[0].data(Qt.ItemDataRole.UserRole)
            md.setData(TILE_MIME, QByteArray(str(n).encode()))
            md.setText(str(n))
        return md


class HandPanel(QWidget):
    """Your hand (cards to tick for an exchange or an offer), your actions,
    the eight stacks to draw from, spare tiles and the redevelopment panel."""

    def __init__(self, controller, parent=None):
        super().__init__(parent)
        self.setObjectName("HandPanel")
        self.ctrl = controller
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.turn_label = QLabel()
        self.turn_label.setObjectName("turnLabel")
        self.turn_label.setWordWrap(True)
        # the hand's caption (its table pane's) and the turn share one line
        self.title_row = QHBoxLayout()
        self.title_row.setSpacing(8)
        self.title_row.addWidget(self.turn_label, 1)
        lay.addLayout(self.title_row)

        # the cards as small cards (game/tabletop/handcards.py): a click or Space ticks one
        self.hand_view = HandView()
        self.hand_view.setModel(controller.hand_model)
        self.hand_view.fit()
        self.hand_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # asks for the room of its cards (not a fixed 192 px), so that the panel
        # fits a small window; it still grows with a large one
        self.hand_view.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
        self.hand_view.setAccessibleName(translate("Panels", "Your hand"))
        self.hand_view.setAccessibleDescription(
            translate(
                "Panels",
                "Your property cards. A click or Space ticks a card for an exchange or an offer; "
                "the arrow keys go from card to card; Enter shows its lot.",
            )
        )
        # along the bottom of the table: the cards, then the actions, the stacks
        # and (in the jumbo edition, while offering) the offered cards, side by side
        bar = QHBoxLayout()
        bar.setSpacing(8)
        bar.addWidget(self.hand_view, 1)
        lay.addLayout(bar, 1)

        row = QGridLayout()
        row.setSpacing(3)
        self.buttons: dict[str, QPushButton] = {}
        specs = [
            ("streetcar", translate("Panels", "Streetcar"), translate("Panels", "Place streetcars (S)")),
            ("stop", translate("Panels", "Done"), translate("Panels", "End the streetcar action after this piece (D)")),
            (
                "exchange",
                translate("Panels", "Exchange"),
                translate("Panels", "Return the ticked cards and draw new ones (E)"),
            ),
            ("pass", translate("Panels", "Pass"), translate("Panels", "Do nothing this turn (P)")),
            ("offer_up", translate("Panels", "Offer face up"), translate("Panels", "Offer the ticked cards face up")),
            (
                "offer_down",
                translate("Panels", "Offer face down"),
                translate("Panels", "Offer the ticked cards face down"),
            ),
        ]
        for i, (key, text, tip) in enumerate(specs):
            b = QPushButton(text)
            b.setObjectName(f"{key}Button")
            b.setToolTip(tip)
            b.setAccessibleDescription(tip)
            self.buttons[key] = b
            row.addWidget(b, i // 2, i % 2)
        row.setRowStretch(3, 1)
        bar.addLayout(row)

        box = QGroupBox(translate("Panels", "Stacks — click to draw"))
        box.setObjectName("StacksBox")
        grid = QGridLayout(box)
        grid.setSpacing(3)
        self.stack_buttons: dict[int, QToolButton] = {}
        for st in stack_numbers():
            b = QToolButton()
            b.setObjectName(f"stack{st}")
            # as wide as its widest text ("8\n88 übrig"): never cut to "0 …ig"
            widest = translate("Panels", "{stack}\n{n} left").format(stack=8, n=88).split("\n")
            fm = b.fontMetrics()
            b.setMinimumSize(max(44, max(fm.horizontalAdvance(t) for t in widest) + 14), 2 * fm.height() + 8)
            b.setToolTip(translate("Panels", "Draw the top card of stack {stack} (key {stack})").format(stack=st))
            b.setAccessibleDescription(b.toolTip())
            b.clicked.connect(lambda _=False, s=st: self.act(Draw(s)))
            self.stack_buttons[st] = b
            grid.addWidget(b, (st - 1) // 4, (st - 1) % 4)
        self.stacks_box = box
        self._stacks_grid = grid
        self.stacks_in_a_row = False
        bar.addWidget(box)

        # the offered cards in one row beside the hand, without a box's title
        # or frame: the hand's row is no taller than on a building turn (the
        # turn's line says "Redevelopment: take an offered card")
        self.offers_box = QWidget()
        self.offers_box.setObjectName("OffersBox")
        ob = QVBoxLayout(self.offers_box)
        ob.setContentsMargins(0, 0, 0, 0)
        self.offers_note = QLabel()
        self.offers_note.setObjectName("offersNote")
        self.offers_note.setWordWrap(True)
        self.offers_note.setMinimumWidth(140)
        self.offers_box.setToolTip(translate("Panels", "Redevelopment — offered cards"))
        ob.addWidget(self.offers_note)
        self.offers_list = QListWidget()
        self.offers_list.setObjectName("OffersList")
        ob.addWidget(self.offers_list)
        # the offers as cards on the table, taken by a click or a drag onto the hand (game/tabletop/offercards.py)
        lay_out(self.offers_list)
        self.offers_list.setItemDelegate(
            OfferCardDelegate(
                lambda: controller.hand_model.rules, lambda p: controller.session.name(p), controller.colour, self
            )
        )
        self.offer_cards = OfferCards(self.offers_list, self.hand_view, self.take_selected)
        # a card taken flies to its taker (the window hands it the players' strips)
        self.offer_flights = OfferFlights(self.offers_list, self.hand_view)
        self._taker: int | None = None  # the seat that was to take when the offers were last drawn
        self._moves_seen = 0  # the moves played then
        self.take_button = QPushButton(translate("Panels", "Take the chosen card"))
        self.take_button.setObjectName("takeButton")
        ob.addWidget(self.take_button)
        self.take_button.hide()  # the cards are taken themselves; Enter on one takes it too
        self.offers_box.hide()
        bar.addWidget(self.offers_box, 0, Qt.AlignmentFlag.AlignTop)

        self.buttons["stop"].clicked.connect(lambda: self.act(StopStreetcars()))
        self.buttons["exchange"].clicked.connect(self.exchange_checked)
        self.buttons["pass"].clicked.connect(lambda: self.act(Pass()))
        self.buttons["offer_up"].clicked.connect(lambda: self.offer_checked(True))
        self.buttons["offer_down"].clicked.connect(lambda: self.offer_checked(False))
        self.take_button.clicked.connect(self.take_selected)
        self.offers_list.itemDoubleClicked.connect(lambda _it: self.take_selected())
        self.offers_list.itemActivated.connect(lambda _it: self.take_selected())
        self.offers_list.setAccessibleName(translate("Panels", "Offered cards"))
        self.take_button.setAccessibleDescription(
            translate("Panels", "Take the card chosen in the list of offered cards")
        )

    def lay_stacks(self, in_a_row: bool) -> None:
        """The stacks in one row of eight (a wide window: the hand row is a
        line of buttons lower, the board taller) or in two rows of four."""
        if in_a_row == self.stacks_in_a_row:
            return
        self.stacks_in_a_row = in_a_row
        for st, b in self.stack_buttons.items():
            self._stacks_grid.removeWidget(b)
            at = (0, st - 1) if in_a_row else ((st - 1) // 4, (st - 1) % 4)
            self._stacks_grid.addWidget(b, *at)

    def take_caption(self, caption: QLabel) -> None:
        """Show `caption` (the hand's title: "Your hand", "Hand hidden — for Bea")
        at the start of the turn's line, to leave the board the height of a line."""
        caption.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Preferred)
        self.title_row.insertWidget(0, caption, 0, Qt.AlignmentFlag.AlignTop)

    # -- actions
    def act(self, action: Action) -> str | None:
        """Play `action` (the session checks it): None, or the reason it was refused."""
        reason = self.ctrl.session.act(action)
        return None if reason is None else sentence(reason)

    def exchange_checked(self) -> str | None:
        cards = self.ctrl.hand_model.checked_cards()
        if not cards:
            return self.ctrl.refuse(translate("Panels", "tick the cards to exchange in your hand first"))
        return self.act(Exchange(tuple(cards)))

    def offer_checked(self, face_up: bool) -> str | None:
        cards = self.ctrl.hand_model.checked_cards()
        if not cards:
            return self.ctrl.refuse(translate("Panels", "tick one or two cards to offer in your hand first"))
        return self.act(Offer(tuple(cards), bool(face_up)))

    def take_selected(self) -> str | None:
        it = self.offers_list.currentItem()
        if it is None or it.data(Qt.ItemDataRole.UserRole) is None:
            return self.ctrl.refuse(translate("Panels", "choose an offered card first"))
        owner, slot = it.data(Qt.ItemDataRole.UserRole)
        return self.act(Take(int(owner), int(slot)))

    # -- refresh
    def refresh(self) -> None:
        self.offer_flights.remember()  # the offered cards as they lay, before anything is drawn anew
        sv = self.ctrl.session.seat_view()
        rules = sv.view.rules if sv.view is not None else None
        phase = sv.view.phase if sv.view is not None else None
        mine = sv.my_turn()
        kinds = set(sv.legal_kinds())
        self.buttons["streetcar"].setEnabled(ActionKind.STREETCAR in kinds and phase == Phase.ACTION)
        self.buttons["stop"].setEnabled(ActionKind.STOP in kinds)
        self.buttons["exchange"].setEnabled(ActionKind.EXCHANGE in kinds)
        self.buttons["pass"].setEnabled(ActionKind.PASS in kinds)
        self._show_for_phase(bool(rules and rules.redevelopment), phase, mine)
        draws = set(sv.legal_draw_stacks())
        counts = sv.stack_counts()
        for st, b in self.stack_buttons.items():
            n = counts[st] if st < len(counts) else 0
            b.setText(translate("Panels", "{stack}\n{n} left").format(stack=st, n=n))
            b.setAccessibleName(translate("Panels", "Stack {stack}, {n} cards left").format(stack=st, n=n))
            b.setEnabled(st in draws)
        self.stacks_box.setTitle(
            translate("Panels", "Stacks — choose where to draw")
            if draws
            else translate("Panels", "Stacks (cards left)")
        )
        # redevelopment
        offers = sv.offered_cards()
        show = bool(rules and phase in (Phase.OFFER, Phase.TAKE) or offers)
        self.offers_box.setVisible(bool(rules and rules.redevelopment and show))
        self.offers_list.clear()
        takeable = sv.legal_takes()
        if rules is not None:
            for o in offers:
                self.offers_list.addItem(self._offer_item(o, rules, o.owner_slot in takeable))
        self.take_button.setEnabled(bool(takeable))
        # the box takes only the room its cards need, the hand keeps the rest
        self.offers_list.setVisible(bool(offers))
        self.offers_note.setVisible(not offers)
        self.offers_note.setText(translate("Panels", "No cards offered yet."))
        if offers:
            fit_row(self.offers_list, len(offers))
        self._fly_taken(offers, sv.view)
        self._fit_hand()
        self.turn_label.setText(self.turn_text())

    def redeveloping(self) -> bool:
        """The jumbo redevelopment (offering or taking): the hand's row then
        runs across the whole table (``GameTable.set_wide_hand``)."""
        view = self.ctrl.session.view()
        return view is not None and view.rules.redevelopment and view.phase in (Phase.OFFER, Phase.TAKE)

    def _fly_taken(self, offers: list[OfferedCard], view: GameState | None) -> None:
        """The cards taken since the offers were last drawn fly to their takers."""
        history = view.history if view is not None else []
        moves, first = (view.moves, view.history_from) if view is not None else (0, 0)  # (a view holds the recent ones)
        new = history[max(0, self._moves_seen - first) :] if moves >= self._moves_seen else []
        takes = [(a.owner, a.slot) for a in new if isinstance(a, Take)]
        self.offer_flights.fly(offers, takes, self._taker, self.ctrl.session.seat)
        self._moves_seen = moves
        self._taker = view.current_player if view is not None and view.phase == Phase.TAKE else None

    def _show_for_phase(self, jumbo: bool, phase: Phase | None, mine: bool) -> None:
        """The offer buttons only while offering; while redeveloping nobody
        draws, builds or passes, so the stacks and those buttons give their
        room to the hand and the offered cards (issue 46.2)."""
        redeveloping = jumbo and phase in (Phase.OFFER, Phase.TAKE)
        if not redeveloping:  # the offered cards put away before the stacks come back (else they push the window wider)
            self.offers_box.hide()
        self.stacks_box.setVisible(not redeveloping)
        for k in ("streetcar", "stop", "exchange", "pass"):
            self.buttons[k].setVisible(not redeveloping)
        for k in ("offer_up", "offer_down"):
            self.buttons[k].setVisible(jumbo and phase == Phase.OFFER)
            self.buttons[k].setEnabled(mine and phase == Phase.OFFER)

    def _offer_item(self, o: OfferedCard, rules: Rules, takeable: bool) -> QListWidgetItem:
        """One offered card's row: who offered it (and who took it), enabled when you may take it."""
        line = card_words(o, rules, self.ctrl.session.name)
        it = QListWidgetItem(line)
        it.setToolTip(line)
        it.setData(Qt.ItemDataRole.AccessibleTextRole, line)
        it.setData(Qt.ItemDataRole.UserRole, o.owner_slot)
        it.setData(OfferRole, o)
        if not takeable:
            it.setFlags(it.flags() & ~Qt.ItemFlag.ItemIsEnabled)
        return it

    def turn_text(self) -> str:
        """The hand's title line: whose turn, and what to do now."""
        session = self.ctrl.session
        waiting = session.waiting_for() if session.view() is None else None
        if waiting:
            return waiting
        return turn_text(
            session.view(),
            my_turn=session.seat_view().my_turn(),
            handoff=session.handoff_pending,
            name=session.name,
            is_bot=session.is_bot,
        )

    def _fit_hand(self) -> None:
        """The hand asks for the rows its cards fill (two at most: a bigger hand scrolls)."""
        self.hand_view.fit()


class _WrappedLine(QStyledItemDelegate):
    """A log line's height when wrapped to the log's width (a tree view asks
    its delegate without a width, so it would never wrap on its own)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        #: a line's size by its text, font and width: a log filled anew (a burst of moves) measures
        #: the lines in sight again, most of them the same lines (issue 45.6)
        self._sizes: dict[tuple, QSize] = {}

    def sizeHint(self, option, index):
        view = self.parent()
        if not isinstance(view, QTreeView):
            return super().sizeHint(option, index)
        width = view.viewport().width() - 8
        icon = index.data(Qt.ItemDataRole.DecorationRole) is not None
        if icon:
            width -= view.iconSize().width() + 6
        font = index.data(Qt.ItemDataRole.FontRole) or option.font
        text = str(index.data() or "")
        key = (text, font.key(), option.font.key(), width, icon)
        size = self._sizes.get(key)
        if size is None:
            base = super().sizeHint(option, index)
            flags = int(Qt.TextFlag.TextWordWrap)
            box = QFontMetrics(font).boundingRect(QRect(0, 0, max(40, width), 1 << 20), flags, text)
            if len(self._sizes) > 4000:
                self._sizes.clear()
            size = self._sizes[key] = QSize(base.width(), max(base.height(), box.height() + 2))
        return QSize(size)


class LogPanel(QTreeView):
    """The game log: one wrapped line per event, the newest in sight.

    A flat tree view rather than a list view: it measures only the rows it
    shows (it scrolls by rows), so a new line costs the same in round 1 as
    in round 20, and the log never blanks while a list view would lay out
    every line again after each insertion."""

    def __init__(self, controller, parent=None):
        super().__init__(parent)
        self._ctrl = controller
        self.setObjectName("LogView")
        self.setModel(controller.log_model)
        self.setIconSize(QSize(10, 10))
        self.setHeaderHidden(True)
        self.setRootIsDecorated(False)
        self.setItemsExpandable(False)
        self.setIndentation(0)
        self.setWordWrap(True)
        self.setItemDelegate(_WrappedLine(self))
        self.setUniformRowHeights(False)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.header().setStretchLastSection(True)
        # a new width wraps the lines anew
        self.header().sectionResized.connect(lambda *_a: self.scheduleDelayedItemsLayout())
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # the newest line stays in sight while the log is followed (scrolled
        # to its end); a player who scrolls back stops the following until
        # back at the end
        self._follow = True
        bar = self.verticalScrollBar()
        bar.rangeChanged.connect(self._range_changed)
        bar.valueChanged.connect(self._scrolled)
        controller.log_model.rowsInserted.connect(self._rows_added)
        controller.log_model.modelReset.connect(self._reset)
        self.setAccessibleName(translate("Panels", "Game log"))

    def _rows_added(self, _parent, first: int, last: int) -> None:
        if self._follow:
            self.scrollToBottom()
        elif first == 0 and last + 1 < self.model().rowCount():  # earlier rows came: the row on top stays there
            top = QPersistentModelIndex(self.model().index(last + 1, 0))
            QTimer.singleShot(0, self, lambda: self._keep_on_top(top))

    def _keep_on_top(self, top: QPersistentModelIndex) -> None:
        if top.isValid():
            self.scrollTo(self.model().index(top.row(), 0), QAbstractItemView.ScrollHint.PositionAtTop)

    def _reset(self) -> None:
        self._follow = True
        self.scrollToBottom()

    def _range_changed(self, _low: int, high: int) -> None:
        if self._follow:
            self.verticalScrollBar().setValue(high)

    def _scrolled(self, value: int) -> None:
        bar = self.verticalScrollBar()
        self._follow = value >= bar.maximum()
        if value == bar.minimum() < bar.maximum():  # at the top: the events before come (controller.more_log)
            self._ctrl.more_log()


def board_key() -> str:
    """The key to the board's colours, as rich text: outskirts, city centre,
    streetcar, each with a swatch in the colour scheme's colours (shown in
    the board's bottom-left corner, see CityView.set_key)."""

    def swatch(colour) -> str:
        return f'<span style="background:{colour.name()}">&nbsp;&nbsp;&nbsp;&nbsp;</span>'

    outskirts = translate("Panels", "outskirts")
    centre = translate("Panels", "city centre")
    streetcar = translate("Panels", "streetcar")
    return " &nbsp;&nbsp; ".join(
        f"{swatch(colour)}&nbsp;{text}"
        for colour, text in ((S.OUTSKIRTS, outskirts), (S.CENTRE, centre), (S.STREETCAR, streetcar))
    )


class TilesPanel(QWidget):
    tileChosen = Signal(int)

    def __init__(self, controller, parent=None):
        super().__init__(parent)
        self.setObjectName("TilesPanel")
        self.ctrl = controller
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.label = QLabel()
        self.label.setWordWrap(True)
        lay.addWidget(self.label)
        self.list = TilesList()
        self._shown: tuple | None = None  # what the list shows (refreshed only when it changes)
        self.list.setAccessibleName(translate("Panels", "Spare neighborhoods"))
        self.list.setAccessibleDescription(
            translate("Panels", "Enter picks the chosen neighborhood up to place on the board.")
        )
        lay.addWidget(self.list, 1)
        self.list.itemClicked.connect(self._chosen)
        self.list.itemActivated.connect(self._chosen)

    def set_compact(self, on: bool) -> None:
        """Small numbered thumbnails, every one in sight, in a narrow window (GameTable.fit)."""
        if on != self.list.compact:
            self.list.compact = on
            self.refresh()

    def _chosen(self, item) -> None:
        n = item.data(Qt.ItemDataRole.UserRole)
        if n is not None:
            self.tileChosen.emit(int(n))

    def refresh(self) -> None:
        sv = self.ctrl.session.seat_view()
        view = sv.view
        if view is None:
            self.list.clear()
            self._shown = None
            self.label.setText("")
            return
        rules, phase = view.rules, view.phase
        tiles = sv.spare_tiles()
        placeable = sv.my_turn() and (
            phase == Phase.SETUP or (phase == Phase.ACTION and ActionKind.NEIGHBORHOOD in sv.legal_kinds())
        )
        dpr = max(2.0, self.devicePixelRatioF())
        shown = (id(rules), tuple(tiles), placeable, phase, view.city_hall_open, self.list.compact, dpr, S.scheme())
        if shown == self._shown and self.list.count() == len(tiles):
            return  # the same list (a window's refresh comes several times a move: issue 45.6)
        self._shown = shown
        self.list.clear()
        for n in tiles:
            w, h = rules.tile_shapes[n]
            name = rules_text(rules.tile_names.get(n, ""))
            label = str(n) if self.list.compact else f"{n} {name}"  # (compact: the name in the tooltip)
            it = QListWidgetItem(QIcon(tile_pixmap(rules, n, 0, size=52, dpr=dpr)), label)
            it.setData(Qt.ItemDataRole.UserRole, n)
            it.setToolTip(
                translate("Panels", "Neighborhood {n}, {name}: {w}×{h} lots").format(n=n, name=name, w=w, h=h)
            )
            it.setData(Qt.ItemDataRole.AccessibleTextRole, it.toolTip())
            if not placeable:
                it.setFlags(it.flags() & ~Qt.ItemFlag.ItemIsEnabled & ~Qt.ItemFlag.ItemIsDragEnabled)
            self.list.addItem(it)
        self.list.fit_labels()
        if not tiles:
            self.label.setText(translate("Panels", "Every neighborhood is in the city."))
        elif phase == Phase.SETUP:
            self.label.setText(translate("Panels", "Setup: place one of these (click or drag; R rotates)."))
        elif placeable:
            self.label.setText(
                translate("Panels", "Click or drag a neighborhood onto the board; R or the wheel rotates it.")
            )
        elif not view.city_hall_open:
            self.label.setText(translate("Panels", "New neighborhoods open once City Hall stands."))
        else:
            self.label.setText(translate("Panels", "Spare neighborhoods."))
