"""Placing pieces from the game window: picking a building, a neighborhood or
a streetcar up (by mouse, drag or key), the keys that move between panes and
spots, and what a click on the board tells.

:class:`Placing` is a part of the game window. It is handed the board, the
controller (for its session and its models) and the panels it works with,
and asks the session's :class:`~bigcity_desktop.engine.seat.SeatView` the
board's questions (legal spots, the judgement of a spot, why not): a move
the board asks for (an engine Action) goes straight to ``session.act``,
which checks it once.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QModelIndex, QObject, Qt
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAction, QPixmap
from PySide6.QtWidgets import QMessageBox, QWidget

from bigcity_desktop.engine import Action, ActionKind, Pass, Phase
from bigcity_desktop.engine.cards import neighborhood_of
from bigcity_desktop.engine.city import Judgement
from bigcity_desktop.engine.seat import SeatView
from bigcity_desktop.game.core import wording as presenters
from bigcity_desktop.game.core.controller import GameController
from bigcity_desktop.game.core.models import BuildingRole, CardRole, ReasonRole
from bigcity_desktop.game.core.wording import sentence
from bigcity_desktop.i18n import rules_text, translate
from bigcity_desktop.scene import CityScene, CityView
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.describe import cycle_spot, describe_target
from bigcity_desktop.scene.targets import Mode, Target
from bigcity_desktop.ui.keyboard import KeyboardDialog, focus_next_pane

from .carddrag import CardDrag
from .panels import HandPanel, LogPanel, TilesPanel
from .scenedrag import BoardDrag
from .tray import SupplyTray, piece_pixmap


class Placing(QObject):
    """The game window's placing and keyboard commands (see the module text)."""

    def __init__(
        self,
        ctrl: GameController,
        scene: CityScene,
        view: CityView,
        supply_panel: SupplyTray,
        hand_panel: HandPanel,
        tiles_panel: TilesPanel,
        log_panel: LogPanel,
        supply_dock: QWidget,
        say: Callable[[str], None],
        prompt: Callable[[str], None],
        actions: Callable[[], dict[str, QAction]],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.ctrl = ctrl
        self.scene = scene
        self.board = scene.interaction  # the piece in hand, the board cursor, the board's requests
        self.view = view
        self.supply_panel = supply_panel
        self.hand_panel = hand_panel
        self.tiles_panel = tiles_panel
        self.log_panel = log_panel
        self.supply_dock = supply_dock
        self.say = say  # a passing sentence in the status bar
        self.prompt = prompt  # what to do with the piece in hand: stays until it is placed
        self.actions = actions  # the window's named menu actions (for the keyboard help)
        self.keyboard_dialog: KeyboardDialog | None = None
        self.end_pass_box: QMessageBox | None = None  # "Passing now ends the game. Pass anyway?"
        board = self.board
        board.set_drop_handlers(self.judge, self.tile_positions, self.check_tile)
        board.actionRequested.connect(self.act)
        board.propertyClicked.connect(self.property_clicked)
        board.cursorMoved.connect(self.cursor_moved)
        supply_panel.buildingChosen.connect(self.start_building)
        supply_panel.refused.connect(self.say)  # a closed piece: why
        supply_panel.follow(board)  # the tray marks the piece in hand
        supply_panel.board_drag = BoardDrag(view, self.drag_building, self.building_picture)
        tiles_panel.list.board_drag = BoardDrag(view, self.drag_tile, self.tile_picture)
        hand_panel.hand_view.board_drag = CardDrag(  # a card onto its lot, a park or factory card as its piece
            view, hand_panel.hand_view, self.seat, self.action_reason, self.start_building, self.act
        )
        tiles_panel.tileChosen.connect(self.start_tile)
        hand_panel.buttons["streetcar"].clicked.connect(self.start_streetcar)
        hand_panel.hand_view.activated.connect(self.card_double_clicked)

    # ------------------------------------------------------------------ the session
    def seat(self) -> SeatView:
        """The board's questions for the seat at the screen, answered (cached by the session)."""
        return self.ctrl.session.seat_view()

    def act(self, action: Action) -> str | None:
        """The board asks for a move: the session plays (or sends) it, or says why not.
        A pass that would end the game asks first, always (it cannot be taken back
        in a network game); the question's default is not to pass."""
        if isinstance(action, Pass) and self.pass_ends_game():
            self.ask_before_ending_pass(action)
            return None
        return self._play(action)

    def _play(self, action: Action) -> str | None:
        reason = self.ctrl.session.act(action)
        return None if reason is None else sentence(reason)

    def pass_ends_game(self) -> bool:
        """Passing now would end a game (presenters.pass_ends_game on the seat's
        view); a lesson's scripted pass is not asked about: its coach says so."""
        if self.ctrl.session.traits.scripted:
            return False
        sv = self.seat()
        return presenters.pass_ends_game(sv.view, sv.my_turn())

    def ask_before_ending_pass(self, action: Action) -> QMessageBox:
        """ "Passing now ends the game. Pass anyway?" (window-modal; No is the default)."""
        box = QMessageBox(
            QMessageBox.Icon.Question,
            translate("GameWindow", "Pass and end the game?"),
            translate("GameWindow", "Passing now ends the game. Pass anyway?"),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self.view.window(),
        )
        box.setObjectName("endingPassBox")
        box.button(QMessageBox.StandardButton.Yes).setText(translate("GameWindow", "Pass and &end the game"))
        box.button(QMessageBox.StandardButton.No).setText(translate("GameWindow", "&Keep playing"))
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.setEscapeButton(QMessageBox.StandardButton.No)
        box.accepted.connect(lambda: self._passed_anyway(action))
        self.end_pass_box = box
        box.open()
        return box

    def _passed_anyway(self, action: Action) -> None:
        reason = self._play(action)
        if reason:
            self.say(reason)

    def judge(self, btype: str, props: list[int]) -> Judgement:
        return self.seat().judge(btype, props)

    def tile_positions(self, number: int, rotation: int) -> set[tuple[int, int]]:
        return self.seat().legal_tile_positions(number, rotation)

    def check_tile(self, number: int, x: int, y: int, rotation: int) -> str | None:
        return self.seat().check_tile(number, x, y, rotation)

    def action_reason(self) -> str | None:
        """Why the player at the screen may not take a main action now, or None."""
        sv = self.seat()
        reason = sv.turn_reason
        if reason is None and sv.view is not None and sv.view.phase != Phase.ACTION:
            reason = presenters.phase_todo(sv.view.phase)
        return reason

    # ------------------------------------------------------------------ keyboard
    def focus_supply(self) -> None:
        """B: the Supply gets the focus, at the first piece you can build."""
        reason = self.action_reason()
        if reason:
            self.say(sentence(reason))
        panel = self.supply_panel
        self.supply_dock.show()
        self.supply_dock.raise_()
        rows = self.ctrl.supply_model.buildable_rows()
        row = rows[0] if rows else max(0, panel.currentIndex().row())
        panel.setCurrentIndex(self.ctrl.supply_model.index(row, 0))
        panel.setFocus(Qt.FocusReason.ShortcutFocusReason)
        if not reason:
            self.say(
                translate(
                    "GameWindow",
                    "Supply: the arrow keys choose a piece (✓: you can build it now), Enter picks it up.",
                )
            )

    def place_tile_key(self) -> bool:
        """T: pick up the neighborhood chosen in the panel, else the first spare one."""
        item = self.tiles_panel.list.currentItem()
        number = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        tiles = self.seat().spare_tiles()
        if number not in tiles:
            if not tiles:
                self.say(translate("GameWindow", "Every neighborhood is in the city."))
                return False
            number = tiles[0]
        return self.start_tile(int(number))

    def cycle_spot(self, step: int) -> None:
        """N / Shift+N: the piece in hand to the next (previous) lit legal spot."""
        text = cycle_spot(
            self.board,
            step,
            translate(
                "GameWindow",
                "N moves a piece you are placing to the next legal spot: pick one up first (B, T or S).",
            ),
        )
        if text:
            self.say(text)

    def panes(self) -> list[QWidget]:
        """The panels F6 visits, in order (the hidden ones are skipped)."""
        out = [self.view, self.supply_panel, self.hand_panel.hand_view, self.tiles_panel.list, self.log_panel]
        return [w for w in out if w.isVisible() and w.isEnabled()]

    def cycle_pane(self, step: int) -> None:
        focus_next_pane(self.panes(), step)

    def show_keyboard_help(self) -> KeyboardDialog:
        self.keyboard_dialog = KeyboardDialog(self.actions(), self.view.window())
        self.keyboard_dialog.show()
        return self.keyboard_dialog

    def cursor_moved(self, target: Target | None) -> None:
        text = self.describe_target(target)
        self.view.setAccessibleDescription(text)
        if QAccessible.isActive():
            QAccessible.updateAccessibility(QAccessibleEvent(self.view, QAccessible.Event.DescriptionChanged))
        if self.board.mode != Mode.BUILDING:  # the bubble says it while building
            self.say(text)

    def describe_target(self, target: Target | None) -> str:
        """A sentence about the board cursor's lot or street (the board's accessible description)."""
        session = self.ctrl.session
        v = session.view()
        you = [seat for seat in range(len(session.players)) if presenters.is_you(session.name(seat))]
        city, rules = (v.city, v.rules) if v is not None else (None, None)
        return describe_target(target, city, rules, self.board, session.name, held=self.seat().hand(), you=you)

    # ------------------------------------------------------------------ placing
    def start_building(self, btype: str, size: int) -> bool:
        reason = self.action_reason()
        if reason:
            self.say(sentence(reason))
            return False
        sv = self.seat()
        assert sv.view is not None  # a game is running: action_reason() said so
        rules = sv.view.rules
        spots = sv.legal_builds(btype, size)
        self.board.begin_building(btype, size, partial(self.judge, btype), spots)
        cells = sorted({p for props in spots for p in props})
        self.scene.highlight_cells(cells)
        if spots:
            self.board.next_spot(1)  # the ghost waits on the first lit spot: Enter builds there
        rule = rules.buildings[btype]
        if spots:
            self.prompt(
                (
                    translate(
                        "GameWindow", "{building}: 1 legal spot lit green. Enter builds there, R turns, Esc cancels."
                    )
                    if len(spots) == 1
                    else translate(
                        "GameWindow",
                        "{building}: {n} legal spots lit green. Enter builds, N next spot, R turns, Esc cancels.",
                    )
                ).format(building=rules_text(rule.label), n=len(spots))
            )
        else:
            j = None
            if rule.with_card:
                card = rules.card_for_piece(btype, rule.variants_of_size(size)[0].name)
                if card not in sv.hand():
                    j = translate("GameWindow", "You need card {card} to place this piece.").format(card=card)
            self.say(
                j
                or translate(
                    "GameWindow", "No legal spot for {building} with your cards now; hover the board to see why."
                ).format(building=rules_text(rule.label.lower()))
            )
        self.view.setFocus()
        return True

    def tile_reason(self, number: int) -> str | None:
        """Why neighborhood `number` cannot be picked up now, or None."""
        sv = self.seat()
        reason = sv.turn_reason
        if reason is None and not any(sv.legal_tile_positions(number, r) for r in range(4)):
            # closed (before City Hall), the wrong phase, or no room: the engine says why
            reason = sv.why_not(ActionKind.NEIGHBORHOOD, tile=number) or translate(
                "GameWindow", "neighborhood {tile} fits nowhere now"
            ).format(tile=number)
        return sentence(reason) if reason else None

    def start_tile(self, number: int) -> bool:
        reason = self.tile_reason(number)
        if reason:
            self.say(reason)
            return False
        self.board.begin_tile(number, partial(self.tile_positions, number), 0, self.check_tile)
        self.board.next_spot(1)
        self.prompt(
            translate(
                "GameWindow",
                "Neighborhood {n}: legal spots outlined. Enter places it, N next spot, R turns, Esc cancels.",
            ).format(n=number)
        )
        self.view.setFocus()
        return True

    # pieces dragged from the panels onto the board (scenedrag.BoardDrag)
    # (a piece that cannot be picked up answers with the reason, told beside the pointer)
    def drag_building(self, index: QModelIndex) -> bool | str:
        info = index.data(BuildingRole)
        reason = index.data(ReasonRole) or self.action_reason()
        if reason:
            return sentence(reason)
        return bool(info) and self.start_building(info[0], info[1])

    def building_picture(self, index: QModelIndex) -> QPixmap:
        btype, size = index.data(BuildingRole)
        v = self.ctrl.session.view()
        rules = v.rules if v is not None else None
        return piece_pixmap(rules, btype, size, 56, max(2.0, self.view.devicePixelRatioF()))

    def drag_tile(self, index: QModelIndex) -> bool | str:
        number = index.data(Qt.ItemDataRole.UserRole)
        if number is None:
            return False
        return self.tile_reason(int(number)) or self.start_tile(int(number))

    def tile_picture(self, index: QModelIndex) -> QPixmap:
        v = self.ctrl.session.view()
        assert v is not None  # a tile is dragged during a game
        return S.tile_pixmap(v.rules, int(index.data(Qt.ItemDataRole.UserRole)), 0, size=72, dpr=2.0)

    def start_streetcar(self) -> bool:
        sv = self.seat()
        reason = sv.turn_reason
        phase = sv.view.phase if sv.view is not None else None
        if reason is None and phase not in (Phase.ACTION, Phase.STREETCAR):
            reason = translate("GameWindow", "finish drawing first")
        if reason is None:
            streets = sv.legal_streets()
            if not streets:
                reason = sv.why_not(ActionKind.STREETCAR) or translate(
                    "GameWindow", "no street can take a streetcar now"
                )
        if reason:
            self.say(sentence(reason))
            return False
        self.board.begin_streetcar(streets)
        self.board.next_spot(1)
        self.view.setFocus()
        if phase == Phase.STREETCAR:
            self.prompt(
                translate(
                    "GameWindow", "Place a second streetcar on a lit street (click, or N and Enter), or press Done (D)."
                )
            )
        else:
            self.prompt(
                translate(
                    "GameWindow",
                    "Click a lit street (or press N and Enter) to place a streetcar; Esc cancels.",
                )
            )
        return True

    def cancel_mode(self) -> None:
        if self.board.mode:
            self.board.cancel_mode()
            self.say(translate("GameWindow", "Cancelled."))

    def card_double_clicked(self, index: QModelIndex) -> None:
        card = self.ctrl.hand_model.data(index, CardRole)
        v = self.ctrl.session.view()
        if card is None or v is None:
            return
        rules, city = v.rules, v.city
        piece = rules.special_cards.get(card)
        if piece is not None:
            btype, vname = piece
            size = rules.buildings[btype].variant(vname).size
            self.start_building(btype, size)
        elif city.is_in_city(card):
            self.scene.select([card])
            self.say(translate("GameWindow", "Property {card} is outlined on the board.").format(card=card))
        else:
            self.say(
                translate(
                    "GameWindow", "Property {card} is not in the city yet (neighborhood {tile} has not been placed)."
                ).format(card=card, tile=neighborhood_of(card))
            )

    def property_clicked(self, prop: int) -> None:
        session = self.ctrl.session
        v = session.view()
        if v is None:
            return
        rules, city = v.rules, v.city
        b = city.building_at.get(prop)
        if b is None:
            mine = prop in self.seat().hand()
            if mine:
                text = translate("GameWindow", "Property {prop} is free — you hold its card.")
            else:
                text = translate("GameWindow", "Property {prop} is free.")
            self.say(text.format(prop=prop))
        else:
            bld = city.buildings[b]
            label = rules_text(rules.buildings[bld.type].label)
            if bld.owner is None:
                text = translate("GameWindow", "Property {prop}: {building} of nobody, scored {score}.")
                self.say(text.format(prop=prop, building=label, score=bld.score))
            elif presenters.is_you(session.name(bld.owner)):
                text = translate("GameWindow", "Property {prop}: your {building}, scored {score}.")
                self.say(text.format(prop=prop, building=label, score=bld.score))
            else:
                text = translate("GameWindow", "Property {prop}: {building} of {player}, scored {score}.")
                self.say(text.format(prop=prop, building=label, player=session.name(bld.owner), score=bld.score))
