"""Placing pieces from the game window: picking a building, a neighborhood or
a streetcar up (by mouse, drag or key), the keys that move between panes and
spots, what a click on the board tells, and hints shown on the board."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt

from bigcity_desktop.engine import ActionKind, Build, Exchange, Offer, Phase, PlaceStreetcar, PlaceTile
from bigcity_desktop.engine.cards import neighborhood_of
from bigcity_desktop.engine.city import tile_cells
from bigcity_desktop.i18n import rules_text, translate
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.describe import cycle_spot, describe_target
from bigcity_desktop.scene.targets import Mode
from bigcity_desktop.ui.keyboard import KeyboardDialog, focus_next_pane

from . import presenters
from .controller import (
    hint_function,
    sentence,
)
from .models import BuildingRole
from .windowparts import WindowParts


class PlacingMixin(WindowParts):
    """The game window's placing and keyboard commands (mixed into GameWindow)."""

    # ------------------------------------------------------------------ keyboard
    def focus_supply(self) -> None:
        """B: the Supply gets the focus, at the first piece you can build."""
        reason = self.ctrl.action_reason()
        if reason:
            self.show_message(sentence(reason))
        panel = self.supply_panel
        self.docks["supply"].show()
        self.docks["supply"].raise_()
        rows = self.ctrl.supply_model.buildable_rows()
        row = rows[0] if rows else max(0, panel.currentIndex().row())
        panel.setCurrentIndex(self.ctrl.supply_model.index(row, 0))
        panel.setFocus(Qt.FocusReason.ShortcutFocusReason)
        if not reason:
            self.show_message(
                translate(
                    "GameWindow",
                    "Supply: the arrow keys choose a piece (✓: you can build it now), Enter picks it up.",
                )
            )

    def place_tile_key(self) -> bool:
        """T: pick up the neighborhood chosen in the panel, else the first spare one."""
        item = self.tiles_panel.list.currentItem()
        number = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        tiles = self.ctrl.spare_tiles()
        if number not in tiles:
            if not tiles:
                self.show_message(translate("GameWindow", "Every neighborhood is in the city."))
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
            self.show_message(text)

    def panes(self) -> list:
        """The panels F6 visits, in order (the hidden ones are skipped)."""
        out = [self.view, self.supply_panel, self.hand_panel.hand_view, self.tiles_panel.list, self.log_panel]
        return [w for w in out if w.isVisible() and w.isEnabled()]

    def cycle_pane(self, step: int) -> None:

        focus_next_pane(self.panes(), step)

    def show_keyboard_help(self):

        self.keyboard_dialog = KeyboardDialog(self.actions, self)
        self.keyboard_dialog.show()
        return self.keyboard_dialog

    def _cursor_moved(self, target) -> None:
        text = self.describe_target(target)
        self.view.setAccessibleDescription(text)
        from PySide6.QtGui import QAccessible, QAccessibleEvent

        if QAccessible.isActive():
            QAccessible.updateAccessibility(QAccessibleEvent(self.view, QAccessible.Event.DescriptionChanged))
        if self.board.mode != Mode.BUILDING:  # the bubble says it while building
            self.show_message(text)

    def describe_target(self, target) -> str:
        """A sentence about the board cursor's lot or street (the board's accessible description)."""
        c = self.ctrl
        you = [seat for seat in range(len(c.players)) if presenters.is_you(c.name(seat))]
        return describe_target(target, c.city, c.rules, self.board, c.name, held=c.hand(), you=you)

    # ------------------------------------------------------------------ placing
    def start_building(self, btype: str, size: int) -> bool:
        c = self.ctrl
        reason = c.action_reason()
        if reason:
            self.show_message(sentence(reason))
            return False
        spots = c.legal_builds(btype, size)
        self.board.begin_building(btype, size, partial(c.judge, btype), spots)
        cells = sorted({p for props in spots for p in props})
        self.scene.highlight_cells(cells)
        if spots:
            self.board.next_spot(1)  # the ghost waits on the first lit spot: Enter builds there
        assert c.rules is not None  # a game is running: action_reason() said so
        rule = c.rules.buildings[btype]
        if spots:
            self.show_prompt(
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
                card = c.rules.card_for_piece(btype, rule.variants_of_size(size)[0].name)
                if card not in c.hand():
                    j = translate("GameWindow", "You need card {card} to place this piece.").format(card=card)
            self.show_message(
                j
                or translate(
                    "GameWindow", "No legal spot for {building} with your cards now; hover the board to see why."
                ).format(building=rules_text(rule.label.lower()))
            )
        self.view.setFocus()
        return True

    def start_tile(self, number: int) -> bool:
        c = self.ctrl
        reason = c.turn_reason()
        if reason is None and not any(c.legal_tile_positions(number, r) for r in range(4)):
            # closed (before City Hall), the wrong phase, or no room: the engine says why
            reason = c.why_not(ActionKind.NEIGHBORHOOD, tile=number) or translate(
                "GameWindow", "neighborhood {tile} fits nowhere now"
            ).format(tile=number)
        if reason:
            self.show_message(sentence(reason))
            return False
        self.board.begin_tile(number, partial(c.legal_tile_positions, number), 0, self.check_tile)
        self.board.next_spot(1)
        self.show_prompt(
            translate(
                "GameWindow",
                "Neighborhood {n}: legal spots outlined. Enter places it, N next spot, R turns, Esc cancels.",
            ).format(n=number)
        )
        self.view.setFocus()
        return True

    # pieces dragged from the panels onto the board (scenedrag.BoardDrag)
    def _drag_building(self, index) -> bool:
        info = index.data(BuildingRole)
        return bool(info) and self.start_building(info[0], info[1])

    def _building_picture(self, index):
        btype, size = index.data(BuildingRole)
        rules = self.ctrl.rules
        cells = ((0, 0),)
        if rules is not None and btype in rules.buildings:
            variants = rules.buildings[btype].variants_of_size(size)
            if variants:
                cells = tuple(rules.shapes[variants[0].shape])
        return S.building_shape_pixmap(btype, 56, cells, dpr=max(2.0, self.devicePixelRatioF()))

    def _drag_tile(self, index) -> bool:
        number = index.data(Qt.ItemDataRole.UserRole)
        return number is not None and self.start_tile(int(number))

    def _tile_picture(self, index):
        rules = self.ctrl.rules
        assert rules is not None  # a tile is dragged during a game
        return S.tile_pixmap(rules, int(index.data(Qt.ItemDataRole.UserRole)), 0, size=72, dpr=2.0)

    def check_tile(self, number: int, x: int, y: int, rotation: int) -> str | None:
        c = self.ctrl
        reason = c.turn_reason()
        if reason:
            return reason
        return c.check(PlaceTile(number, x, y, rotation % 4))

    def start_streetcar(self) -> bool:
        c = self.ctrl
        reason = c.turn_reason()
        if reason is None and c.phase not in (Phase.ACTION, Phase.STREETCAR):
            reason = translate("GameWindow", "finish drawing first")
        if reason is None:
            streets = c.legal_streets()
            if not streets:
                reason = c.why_not(ActionKind.STREETCAR) or translate(
                    "GameWindow", "no street can take a streetcar now"
                )
        if reason:
            self.show_message(sentence(reason))
            return False
        self.board.begin_streetcar(streets)
        self.board.next_spot(1)
        self.view.setFocus()
        if c.phase == Phase.STREETCAR:
            self.show_prompt(
                translate(
                    "GameWindow", "Place a second streetcar on a lit street (click, or N and Enter), or press Done (D)."
                )
            )
        else:
            self.show_prompt(
                translate(
                    "GameWindow",
                    "Click a lit street (or press N and Enter) to place a streetcar; Esc cancels.",
                )
            )
        return True

    def cancel_mode(self) -> None:
        if self.board.mode:
            self.board.cancel_mode()
            self.show_message(translate("GameWindow", "Cancelled."))

    def _card_double_clicked(self, index) -> None:
        from .models import CardRole

        card = self.ctrl.hand_model.data(index, CardRole)
        rules, city = self.ctrl.rules, self.ctrl.city
        if card is None or rules is None or city is None:
            return
        piece = rules.special_cards.get(card)
        if piece is not None:
            btype, vname = piece
            size = rules.buildings[btype].variant(vname).size
            self.start_building(btype, size)
        elif city.is_in_city(card):
            self.scene.select([card])
            self.show_message(translate("GameWindow", "Property {card} is outlined on the board.").format(card=card))
        else:
            self.show_message(
                translate(
                    "GameWindow", "Property {card} is not in the city yet (neighborhood {tile} has not been placed)."
                ).format(card=card, tile=neighborhood_of(card))
            )

    def _property_clicked(self, prop: int) -> None:
        rules, city = self.ctrl.rules, self.ctrl.city
        if rules is None or city is None:
            return
        b = city.building_at.get(prop)
        if b is None:
            mine = prop in self.ctrl.hand()
            if mine:
                text = translate("GameWindow", "Property {prop} is free — you hold its card.")
            else:
                text = translate("GameWindow", "Property {prop} is free.")
            self.show_message(text.format(prop=prop))
        else:
            bld = city.buildings[b]
            label = rules_text(rules.buildings[bld.type].label)
            if bld.owner is None:
                text = translate("GameWindow", "Property {prop}: {building} of nobody, scored {score}.")
                self.show_message(text.format(prop=prop, building=label, score=bld.score))
            elif presenters.is_you(self.ctrl.name(bld.owner)):
                text = translate("GameWindow", "Property {prop}: your {building}, scored {score}.")
                self.show_message(text.format(prop=prop, building=label, score=bld.score))
            else:
                text = translate("GameWindow", "Property {prop}: {building} of {player}, scored {score}.")
                self.show_message(
                    text.format(prop=prop, building=label, player=self.ctrl.name(bld.owner), score=bld.score)
                )

    # ------------------------------------------------------------------ hints
    def request_hint(self) -> None:
        if not self.ctrl.request_hint():
            self.show_message(
                translate("GameWindow", "A hint is available on your turn.")
                if hint_function()
                else translate("GameWindow", "Hints are not available.")
            )
        else:
            self.show_message(translate("GameWindow", "Thinking of a hint…"))

    def _hint_ready(self, action, text: str) -> None:
        """Show the hinted move: its outline on the board (or its cards ticked
        in the hand) and its reason in the status bar, both until a move is
        made (see :meth:`drop_hint`)."""
        rules = self.ctrl.rules
        if rules is None:
            return
        self.scene.clear_selection()
        if isinstance(action, Build):
            self.scene.select(action.properties)
        elif isinstance(action, PlaceStreetcar):
            self.scene.select(streets=[action.street])
        elif isinstance(action, PlaceTile):
            self.scene.select(list(tile_cells(rules, action.number, action.x, action.y, action.rotation).values()))
        elif isinstance(action, Exchange | Offer):
            self.ctrl.hand_model.set_checked(action.cards)  # ticked, ready for E or the offer button
        self.hint_outline = isinstance(action, Build | PlaceStreetcar | PlaceTile)
        # sentence() translates the bots' message (a Msg) into the installed language
        self.hint_text = translate("GameWindow", "Hint: {text}").format(text=sentence(text) if text else str(action))
        self.statusBar().showMessage(self.hint_text)  # no time-out: it stays until a move is made

    def drop_hint(self) -> None:
        """A move was made (or taken back, or a game began): the hint's outline
        and its reason belong to a position that is gone."""
        if self.hint_outline:
            self.scene.clear_selection()
        self.hint_outline = False
        text = self.hint_text
        self.hint_text = ""
        if text and self.statusBar().currentMessage() == text:
            self.statusBar().clearMessage()

    def _status_message_changed(self, text: str) -> None:
        """A passing message (a click on a lot, a refusal) went: the hint comes back."""
        if not text and self.hint_text:
            self.statusBar().showMessage(self.hint_text)
