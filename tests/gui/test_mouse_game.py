"""A whole game played with the mouse only (issue 33, item 2): every
neighborhood and every building dragged from its panel onto the board (parks
and factories too, and now and then a card from the hand onto its lot and
the building chosen in the menu there: issue 46.3),
cards drawn by clicking the stacks, streetcars by clicking the board, and
Pass clicked when nothing else is done, until the results appear."""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QMessageBox, QToolButton

from bigcity_desktop.bots.levels import PLAYER_KINDS
from bigcity_desktop.engine import Build, EventKind, Phase, PlaceStreetcar, PlaceTile
from bigcity_desktop.engine.city import footprint
from bigcity_desktop.engine.record import PlayerInfo, load_record, record_to_json
from bigcity_desktop.scene import CELL
from bigcity_desktop.scene.tools import SNAP, cell_at, cell_rect, rect_distance, street_line
from bigcity_desktop.session.local import GameConfig, SeatConfig

from .conftest import wait_my_turn
from .test_drag import LEFT, mouse

NOBUTTON = Qt.MouseButton.NoButton
#: the four ways the pointer may stray off a spot's middle
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))


def aim_near(rng: random.Random, mine: QRectF, others: list[QRectF], free) -> QPointF:
    """A point near the middle of the snap area `mine`: now and then just
    outside it (where the piece must snap back onto it) when no other spot's
    area `others` is as near and `free(point)` says the grid place there is
    no legal spot; else inside it."""
    c = mine.center()
    if rng.random() < 0.6:
        dx, dy = rng.choice(SIDES)
        p = QPointF(c.x() + dx * 0.65 * mine.width(), c.y() + dy * 0.65 * mine.height())
        d = rect_distance(p, mine)
        if d < SNAP and free(p) and all(rect_distance(p, r) > d + 1 for r in others if r != mine):
            return p
    return QPointF(c.x() + rng.uniform(-0.3, 0.3) * mine.width(), c.y() + rng.uniform(-0.3, 0.3) * mine.height())


class MousePlayer:
    """Seat 0 of the window, played by real mouse events only."""

    def __init__(self, window, qtbot, seed: int) -> None:
        self.window = window
        self.qtbot = qtbot
        self.ctrl = window.ctrl
        self.rng = random.Random(seed)
        self.drags = {"tile": 0, "build": 0, "snapped": 0, "card": 0}
        self.clicks = {"draw": 0, "streetcar": 0, "pass": 0}
        self.requests: list[tuple[object, bool]] = []  # every move the board asked for, and whether a drag made it
        window.scene.interaction.actionRequested.connect(self._requested)

    def _requested(self, action) -> None:
        w = self.window
        drags = (w.supply_panel.board_drag, w.tiles_panel.list.board_drag, w.hand_panel.hand_view.board_drag)
        self.requests.append((action, any(d is not None and d.active for d in drags)))

    # -- what the pointer does ------------------------------------------
    def seat(self):
        return self.ctrl.session.seat_view()

    def on_board(self, scene_pos: QPointF) -> QPoint:
        """Where a scene point is on the board's viewport (scrolled into view first)."""
        view = self.window.view
        at = view.mapFromScene(scene_pos)
        if not view.viewport().rect().adjusted(8, 8, -8, -8).contains(at):
            view.centerOn(scene_pos)
            at = view.mapFromScene(scene_pos)
        return at

    def drag(self, source, start: QPoint, aim) -> None:
        """Press on `start` in the item view `source`, move past the drag
        distance (the piece is picked up), then over the board to the point
        `aim()` gives for the piece in hand, and let go there."""
        vp = source.viewport()
        mouse(vp, QEvent.Type.MouseButtonPress, start, LEFT)
        mouse(vp, QEvent.Type.MouseMove, start + QPoint(14, 10))
        assert self.window.scene.interaction.mode, self.window.statusBar().currentMessage()
        target = self.on_board(aim(self.window.scene.interaction.tool))
        local = vp.mapFromGlobal(self.window.view.viewport().mapToGlobal(target))
        mouse(vp, QEvent.Type.MouseMove, (start + local) / 2)  # on the way
        mouse(vp, QEvent.Type.MouseMove, local)
        tool = self.window.scene.interaction.tool
        assert tool is not None and tool.placeable(), self.window.scene.interaction.hover_text
        self.drags["snapped"] += tool.snapped
        mouse(vp, QEvent.Type.MouseButtonRelease, local, NOBUTTON)

    def click_board(self, scene_pos: QPointF) -> None:
        vp = self.window.view.viewport()
        at = self.on_board(scene_pos)
        mouse(vp, QEvent.Type.MouseMove, at, NOBUTTON)
        mouse(vp, QEvent.Type.MouseButtonPress, at, LEFT)
        mouse(vp, QEvent.Type.MouseButtonRelease, at, NOBUTTON)

    def click(self, button: QAbstractButton) -> None:
        self.qtbot.waitUntil(lambda: button.isEnabled() and button.isVisible(), timeout=5000)
        self.qtbot.mouseClick(button, LEFT)

    def button(self, key: str) -> QAbstractButton:
        return self.window.hand_panel.buttons[key]

    # -- the moves ---------------------------------------------------------
    def lay_tile(self) -> bool:
        """Drag a spare neighborhood that fits somewhere onto a legal spot."""
        sv = self.seat()
        tiles = [n for n in sv.spare_tiles() if any(sv.legal_tile_positions(n, r) for r in range(4))]
        if not tiles:
            return False
        number = self.rng.choice(tiles)
        lst = self.window.tiles_panel.list
        item = next(lst.item(i) for i in range(lst.count()) if lst.item(i).data(Qt.ItemDataRole.UserRole) == number)
        lst.scrollToItem(item)
        rules = self.ctrl.session.view().rules
        chosen = {}

        def aim(tool) -> QPointF:
            # a legal spot for the piece as it is turned now, the pointer near its middle
            legal = tool.legal(tool.rot)
            x, y = self.rng.choice(sorted(legal))
            w, h = footprint(rules, number, tool.rot)
            chosen["move"] = PlaceTile(number, x, y, tool.rot)

            def area(lx: int, ly: int) -> QRectF:  # where the pointer puts the piece on (lx, ly)
                return QRectF((lx + w / 2 - 0.5) * CELL, (ly + h / 2 - 0.5) * CELL, CELL, CELL)

            def free(p: QPointF) -> bool:
                return (round(p.x() / CELL - w / 2), round(p.y() / CELL - h / 2)) not in legal

            return aim_near(self.rng, area(x, y), [area(*q) for q in legal], free)

        before = len(self.ctrl.session.full_state().history)
        self.drag(lst, lst.visualItemRect(item).center(), aim)
        s = self.ctrl.session.full_state()
        assert len(s.history) > before and s.history[before] == chosen["move"], (chosen, s.history[before:])
        self.drags["tile"] += 1
        return True

    def build(self) -> bool:
        """Drag a piece the seat can build from the Supply onto one of its legal spots."""
        model = self.ctrl.supply_model
        sv = self.seat()
        # (parks and factories too: issue 46.3)
        draggable = [
            r for r in range(model.rowCount()) if model.flags(model.index(r, 0)) & Qt.ItemFlag.ItemIsDragEnabled
        ]
        rows = [r for r in draggable if sv.legal_builds(model.row_info(r)["type"], model.row_info(r)["size"])]
        if not rows:
            return False
        row = self.rng.choice(rows)
        info = model.row_info(row)
        spots = sv.legal_builds(info["type"], info["size"])
        panel = self.window.supply_panel
        index = model.index(row, 0)
        panel.scrollTo(index)
        chosen = {}

        def aim(tool) -> QPointF:
            # one of the legal spots the piece fits as it is turned now (picking it up turned it to the first one)
            fits = [(sp, tool.anchor_on(sp)) for sp in spots]
            spot, anchor = self.rng.choice([(sp, a) for sp, a in fits if a is not None])
            chosen["move"] = Build(info["type"], tuple(spot))
            anchors = tool.spot_anchors()
            return aim_near(
                self.rng, cell_rect(anchor), [cell_rect(a) for a in anchors], lambda p: cell_at(p) not in anchors
            )

        before = len(self.ctrl.session.full_state().history)
        self.drag(panel, panel.visualRect(index).center(), aim)
        s = self.ctrl.session.full_state()
        assert len(s.history) > before and s.history[before] == chosen["move"], (chosen, s.history[before:])
        self.drags["build"] += 1
        return True

    def card_builds(self) -> list[Build]:
        """The legal builds whose lots' cards are played from the hand (not a park's or a factory's)."""
        sv = self.seat()
        return [
            Build(btype, props)
            for btype, size in sorted(sv.buildable())
            for props in sv.legal_builds(btype, size)
            if not sv.view.rules.buildings[btype].with_card
        ]

    def carry_card(self, card: int):
        """Press on `card` in the hand, carry it over the board and let go on its lot: the hand's board drag."""
        sv = self.seat()
        hand = self.window.hand_panel.hand_view
        model = self.ctrl.hand_model
        index = model.index(model.cards().index(card), 0)
        hand.scrollTo(index)
        vp = hand.viewport()
        start = hand.visualRect(index).center()
        mouse(vp, QEvent.Type.MouseButtonPress, start, LEFT)
        mouse(vp, QEvent.Type.MouseMove, start + QPoint(14, -12))
        drag = hand.board_drag
        assert drag is not None and drag.active, self.window.statusBar().currentMessage()
        target = self.on_board(cell_rect(sv.view.city.cell_of[card]).center())
        local = vp.mapFromGlobal(self.window.view.viewport().mapToGlobal(target))
        mouse(vp, QEvent.Type.MouseMove, (start + local) / 2)
        mouse(vp, QEvent.Type.MouseMove, local)
        mouse(vp, QEvent.Type.MouseButtonRelease, local, NOBUTTON)
        assert drag.menu is not None, self.window.statusBar().currentMessage()
        return drag

    def build_by_card(self) -> bool:
        """Drag a property card from the hand onto its lot and choose a building in the menu there."""
        builds = self.card_builds()
        if not builds:
            return False
        build = self.rng.choice(builds)
        card = self.rng.choice([p for p in build.properties if p in self.seat().hand()])
        drag = self.carry_card(card)
        menu = drag.menu
        assert menu is not None and menu.isVisible(), self.window.statusBar().currentMessage()
        before = len(self.ctrl.session.full_state().history)
        next(a for a, b in zip(menu.actions(), drag.builds) if b == build).trigger()
        menu.close()
        assert self.ctrl.session.full_state().history[before] == build
        self.drags["build"] += 1
        self.drags["card"] += 1
        return True

    def streetcar(self) -> bool:
        streets = self.seat().legal_streets()
        if not streets:
            return False
        if self.seat().view.phase == Phase.ACTION:
            self.click(self.button("streetcar"))
        street = self.rng.choice(sorted(streets))
        a, b = street_line(street)
        before = len(self.ctrl.session.full_state().history)
        self.click_board((a + b) / 2)
        assert self.ctrl.session.full_state().history[before:][:1] == [PlaceStreetcar(street)]
        self.clicks["streetcar"] += 1
        return True

    def draw(self) -> None:
        st = self.rng.choice(self.seat().legal_draw_stacks())
        self.click(self.window.findChild(QToolButton, f"stack{st}"))
        self.clicks["draw"] += 1

    def pass_turn(self) -> None:
        self.click(self.button("pass"))
        self.clicks["pass"] += 1
        box = self.window.findChild(QMessageBox, "endingPassBox")
        if box is not None and box.isVisible():  # passing ends the game: yes, pass
            self.qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), LEFT)

    def turn(self) -> None:
        phase = self.seat().view.phase
        if phase == Phase.SETUP:
            assert self.lay_tile()
        elif phase == Phase.ACTION:
            # build when a piece fits, else lay a neighborhood, now and then a streetcar; pass when none
            by_card = self.rng.random() < 0.3 and self.build_by_card()
            done = by_card or self.build() or self.lay_tile() or (self.rng.random() < 0.3 and self.streetcar())
            if not done:
                self.pass_turn()
        elif phase == Phase.STREETCAR:
            if not (self.rng.random() < 0.5 and self.streetcar()):
                self.click(self.button("stop"))
        elif phase in (Phase.REFILL, Phase.EXCHANGE_DRAW):
            self.draw()
        else:
            raise AssertionError(f"unexpected phase {phase}")


def test_a_whole_game_by_mouse_drags(window, qtbot):
    window.resize(1024, 700)
    ctrl = window.ctrl
    seed = 11
    ctrl.starting.new_game(GameConfig("original", [SeatConfig("You"), SeatConfig("Bea", "random")], seed=seed))
    player = MousePlayer(window, qtbot, seed)
    turns = 0
    while not ctrl.session.full_state().is_over:
        wait_my_turn(qtbot, ctrl, timeout=20000)
        if ctrl.session.full_state().is_over:
            break
        QApplication.processEvents()  # the panels show the turn
        player.turn()
        turns += 1
        assert turns < 1500
    qtbot.waitUntil(lambda: window.results_dialog is not None and window.results_dialog.isVisible(), timeout=10000)
    s = ctrl.session.full_state()
    assert s.is_over and QApplication.overrideCursor() is None
    # every building and neighborhood of the seat went there by a drag, every other move by a click
    mine = [e for e in s.events if e.player == 0]
    builds = [e for e in mine if e.kind == EventKind.BUILD]
    tiles = [e for e in mine if e.kind == EventKind.NEIGHBORHOOD]
    assert player.clicks["draw"] > 0 and player.clicks["pass"] > 0
    assert player.drags["snapped"] > 0  # some pieces were let go beside their spot and snapped onto it
    assert player.drags["card"] > 0  # some buildings came from a card dragged onto its lot
    built = {e.extra.get("building") for e in builds}
    assert {"park", "factory"} <= built, built  # dragged from the Supply (issue 46.3)
    assert builds and len(builds) == player.drags["build"]
    assert len(tiles) == player.drags["tile"]
    for action, dragged in player.requests:
        assert dragged == isinstance(action, (Build, PlaceTile)), action
    # the record replays to the same end
    doc = record_to_json(s, [PlayerInfo("You"), PlayerInfo("Bea", "random")])
    again = load_record(doc, player_kinds=PLAYER_KINDS).state
    assert again.is_over and again.scores == s.scores and again.history == s.history
