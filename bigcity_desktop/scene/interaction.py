"""BoardInteraction: what a player does on the board, by mouse or keyboard.

It owns the piece in hand (a tool of :mod:`.tools`, in a :class:`Mode`),
the board cursor, the cycle through legal spots, drag and drop from the
docks, and the requests the board makes of its window (build here, lay the
neighborhood there): each one an engine :class:`~bigcity_desktop.engine.Action`
(``actionRequested``), which a game window sends to its session as it is. The scene (:mod:`.city_scene`) draws; it hands its
mouse, key and drag events to this object and paints what it holds. The
game window and the sandbox both drive the board through it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtWidgets import QToolTip

from bigcity_desktop.engine import Action, Build, PlaceStreetcar, PlaceTile
from bigcity_desktop.engine.city import Judgement
from bigcity_desktop.engine.geometry import Cell, Street
from bigcity_desktop.i18n import translate

from .lift import Lift
from .style import CELL
from .targets import Mode, PropertyTarget, StreetcarTarget, StreetTarget, Target
from .text import building_name
from .tools import (
    BUILDING_MIME,
    TILE_MIME,
    BuildingTool,
    StreetcarTool,
    TileTool,
    Tool,
    cell_rect,
    street_line,
)

if TYPE_CHECKING:
    from .city_scene import CityScene

_ARROWS = {
    Qt.Key.Key_Left: (-1, 0),
    Qt.Key.Key_Right: (1, 0),
    Qt.Key.Key_Up: (0, -1),
    Qt.Key.Key_Down: (0, 1),
}


class BoardInteraction(QObject):
    """The piece in hand, the board cursor and the board's requests."""

    actionRequested = Signal(object)  # the engine Action asked for: a Build, a PlaceTile or a PlaceStreetcar
    propertyClicked = Signal(int)  # a lot clicked (or Enter on it), no piece in hand
    streetClicked = Signal(object)  # a placed streetcar clicked, no piece in hand
    contextRequested = Signal(object, object)  # Target | None, the screen point
    message = Signal(str)  # a sentence for the status bar
    modeChanged = Signal(str)  # a Mode
    cursorMoved = Signal(object)  # the board cursor's Target | None

    def __init__(self, scene: CityScene) -> None:
        super().__init__(scene)
        self.scene = scene
        self.tool: Tool | None = None  # the piece in hand
        self.hover_text = ""  # what the ghost's bubble says (for status bars and tests)
        self.hover_info = ""  # the tooltip of the building under the pointer, no piece in hand
        self.last_judgement: Judgement | None = None
        self._from_drag = False
        self._drop_building_judge: Callable[[str, list[int]], Judgement] | None = None
        self._drop_tile_positions: Callable[[int, int], Iterable[Any]] | None = None
        self._drop_tile_check: Callable[[int, int, int, int], str | None] | None = None
        # the board cursor, on the half-cell lattice: (2x + 1, 2y + 1) is the
        # middle of cell (x, y), (2x, 2y + 1) the street on its left and
        # (2x + 1, 2y) the street above it (corners are skipped)
        self.cursor: tuple[int, int] = (1, 1)
        self.cursor_shown = False  # drawn once the keyboard moved it; hidden by the mouse
        self._spot_index = -1
        #: the piece in hand is held up over the board, and settles when put down (scene/lift.py)
        self.lift = Lift(scene)

    # ------------------------------------------------------------ the piece
    @property
    def mode(self) -> Mode:
        return self.tool.mode if self.tool is not None else Mode.NONE

    @property
    def rotatable(self) -> bool:
        return self.tool is not None and self.tool.rotatable

    @property
    def tile_rotation(self) -> int:
        return self.tool.rot if isinstance(self.tool, TileTool) else 0

    def ghost_shape(self) -> list[Cell]:
        """The normalised cells of the building ghost in its current orientation."""
        assert isinstance(self.tool, BuildingTool)
        return self.tool.shape()

    def set_drop_handlers(
        self,
        building_judge: Callable[[str, list[int]], Judgement] | None = None,
        tile_positions: Callable[[int, int], Iterable[Any]] | None = None,
        tile_check: Callable[[int, int, int, int], str | None] | None = None,
    ) -> None:
        """What a piece dragged from a dock onto the board asks:
        ``building_judge(btype, props) -> Judgement``,
        ``tile_positions(number, rotation) -> iterable of (x, y)``,
        ``tile_check(number, x, y, rotation) -> reason or None``."""
        self._drop_building_judge = building_judge
        self._drop_tile_positions = tile_positions
        self._drop_tile_check = tile_check

    def begin_building(
        self, btype: str, size: int, judge: Callable[[list[int]], Judgement], spots: Iterable[Iterable[int]] = ()
    ) -> None:
        """A ghost of a `size`-cell `btype` follows the pointer; `judge(props)`
        is asked whenever it covers other properties; a click on a legal spot
        asks for the Build (``actionRequested``). `spots` are the legal spots the cycle key visits."""
        self._start(BuildingTool(self, btype, size, judge, spots))  # ValueError: no such variant

    def begin_tile(
        self,
        number: int,
        legal_positions_fn: Callable[[int], Iterable[Any]],
        rotation: int = 0,
        check_fn: Callable[[int, int, int, int], str | None] | None = None,
    ) -> None:
        """A ghost of neighborhood `number` follows the pointer on the grid;
        ``legal_positions_fn(rotation)`` gives the legal top-left corners and
        ``check_fn(number, x, y, rotation)`` explains a refused spot."""
        self._start(TileTool(self, number, legal_positions_fn, rotation, check_fn))

    def begin_streetcar(self, legal_streets: Iterable[Any]) -> None:
        """The legal streets are lit; a click on one asks for its PlaceStreetcar."""
        tool = StreetcarTool(self, legal_streets)
        self._start(tool)  # the tool lights the legal streets
        if not tool.legal:
            self.message.emit(translate("CityScene", "No street can take a streetcar now."))

    def _start(self, tool: Tool) -> None:
        self.cancel_mode()
        self.lift.finish()
        self.tool = tool
        self._spot_index = -1
        i, j = self.cursor
        if not tool.street_cursor() and not (i % 2 and j % 2):  # from a street onto a lot
            self.cursor = (i | 1, j | 1)
        self.scene.ghost_layer.set_rect(self.scene.tool_rect())
        self.scene.hints_layer.set_rect(self.scene.tool_rect())  # where it may go, lit
        self.scene.hints_changed()
        self.modeChanged.emit(tool.mode)

    def cancel_mode(self) -> None:
        """Put the piece back (Esc, a right click, or the move was made)."""
        was = self.mode
        self.tool = None
        self._from_drag = False
        self.hover_text = ""
        self.last_judgement = None
        self.scene.piece_put_back(bool(was))  # (every piece lights where it may go)
        QToolTip.hideText()
        if was:
            self.hide_cursor()  # the next arrow key shows it again
            self.modeChanged.emit(Mode.NONE)

    def rotate_ghost(self, steps: int = 1) -> None:
        if self.tool is not None and self.tool.rotatable:
            self.tool.rotate(steps)

    def mirror_ghost(self) -> None:
        if self.tool is not None:
            self.tool.mirror()

    def city_changed(self) -> None:
        """The scene shows another city: the piece in hand looks again."""
        city = self.scene.city
        if city is not None and city.prop_at and not self.scene.plan_rect(3).contains(self._cursor_point()):
            self.cursor = _lattice_of(min(city.prop_at, key=lambda c: (c[1], c[0])))
        if self.tool is not None:
            self.tool.city_changed()
            self.scene.ghost_layer.set_rect(self.scene.tool_rect())
            self.tool.refresh()

    def projection_changed(self) -> None:
        if self.tool is not None:
            self.scene.ghost_layer.set_rect(self.scene.tool_rect())
            self.scene.hints_layer.set_rect(self.scene.tool_rect())
            self.tool.refresh()

    # hover and commit, shared by mouse and drag and drop
    def hover(self, pos: QPointF) -> None:
        """The pointer is at scene point `pos` (mapped back to the board: the
        tools work in plan coordinates)."""
        if self.tool is not None:
            self.tool.hover(self.scene.to_plan(pos))

    def commit(self, pos: QPointF | None = None) -> bool:
        """Act on the ghost (a click or a drop); True if a request was emitted."""
        if pos is not None:
            self.hover(pos)
        return self.tool.commit() if self.tool is not None else False

    def request(self, action: Action) -> None:
        """The piece was placed on a legal spot: ask for its move."""
        self.actionRequested.emit(action)

    def put_down(self, action: Action, said: str = "") -> None:
        """The piece in hand goes down on its legal spot: it leaves the hand
        (the status bar says `said`), its move is asked for, and it settles
        into its lot where it was put (it does not slide in from the side as
        another player's piece does)."""
        tool = self.tool
        self.cancel_mode()
        if said:
            self.message.emit(said)
        scene = self.scene
        slide = scene.slide_pieces
        scene.slide_pieces = False
        try:
            self.request(action)
        finally:
            scene.slide_pieces = slide
        if tool is not None and self.tool is None:
            self.lift.settle(tool)

    def judged(self, judgement: Judgement | None, text: str) -> None:
        """The building tool judged its spot: the bubble says so."""
        self.last_judgement = judgement
        self.hover_text = text

    # ------------------------------------------------------------ the cursor
    def _cursor_point(self) -> QPointF:
        return QPointF(self.cursor[0] * CELL / 2, self.cursor[1] * CELL / 2)

    def cursor_cell(self) -> Cell | None:
        """The cell under the board cursor (None when it is on a street)."""
        i, j = self.cursor
        if i % 2 and j % 2:
            return ((i - 1) // 2, (j - 1) // 2)
        return None

    def cursor_street(self) -> Street | None:
        """The street under the board cursor (None when it is on a lot)."""
        i, j = self.cursor
        if i % 2 == 0 and j % 2:
            return ((i // 2 - 1, (j - 1) // 2), (i // 2, (j - 1) // 2))
        if j % 2 == 0 and i % 2:
            return (((i - 1) // 2, j // 2 - 1), ((i - 1) // 2, j // 2))
        return None

    def cursor_target(self) -> Target | None:
        """What the board cursor is on: a lot, a street, or nothing."""
        street = self.cursor_street()
        if street is not None:
            return StreetTarget(street)
        cell = self.cursor_cell()
        city = self.scene.city
        if cell is not None and city is not None and cell in city.prop_at:
            return PropertyTarget(city.prop_at[cell])
        return None

    def cursor_rect(self) -> QRectF:
        """The plan rectangle the board cursor marks."""
        cell = self.cursor_cell()
        if cell is not None:
            return cell_rect(cell)
        street = self.cursor_street()
        assert street is not None
        a, b = street_line(street)
        return QRectF(a, b).normalized().adjusted(-8, -8, 8, 8)

    def cursor_scene_rect(self) -> QRectF:
        """The scene rectangle the board cursor marks (in the city view: around
        its cell or street on the board)."""
        return self.scene.ground().mapRect(self.cursor_rect())

    def set_cursor(self, where: Cell | Street) -> None:
        """Put the board cursor on a cell (x, y) or a street ((x1, y1), (x2, y2))."""
        if isinstance(where[0], (tuple, list)):
            (x1, y1), (x2, y2) = where  # type: ignore[misc]
            self.cursor = (2 * x2, 2 * y2 + 1) if x1 != x2 else (2 * x2 + 1, 2 * y2)
        else:
            x, y = where  # type: ignore[misc]
            self.cursor = _lattice_of((int(x), int(y)))
        self._cursor_changed(move_tool=False)

    def move_cursor(self, dx: int, dy: int) -> None:
        """An arrow key: one cell, or half a cell (lot, street, lot...) while
        placing streetcars; the cursor stays within three cells of the city."""
        i, j = self.cursor
        if self.tool is not None and self.tool.street_cursor():
            i, j = i + dx, j + dy
            if i % 2 == 0 and j % 2 == 0:  # a corner: step over it
                i, j = i + dx, j + dy
        else:
            # from a street: onto the lot beside it (the one ahead, if moving across it)
            if i % 2 == 0:
                i, dx = (i + dx, 0) if dx else (i + 1, dx)
            if j % 2 == 0:
                j, dy = (j + dy, 0) if dy else (j + 1, dy)
            i, j = i + 2 * dx, j + 2 * dy
        r = self.scene.plan_rect(3)
        lo_i, hi_i = round(2 * r.left() / CELL), round(2 * r.right() / CELL)
        lo_j, hi_j = round(2 * r.top() / CELL), round(2 * r.bottom() / CELL)
        if lo_i < i < hi_i and lo_j < j < hi_j:
            self.cursor = (i, j)
        self._cursor_changed()

    def _cursor_changed(self, move_tool: bool = True) -> None:
        self.cursor_shown = True
        if move_tool and self.tool is not None:
            self.tool.key_hover(self.cursor_cell(), self.cursor_street())
        self.scene.cursor_moved()
        self.cursorMoved.emit(self.cursor_target())

    def hide_cursor(self) -> None:
        if self.cursor_shown:
            self.cursor_shown = False
            self.scene.cursor_layer.update()

    def show_cursor(self) -> None:
        """Show the board cursor where it is (the board got the keyboard focus)."""
        self.cursor_shown = True
        self.scene.cursor_layer.update()
        self.cursorMoved.emit(self.cursor_target())

    def next_spot(self, step: int = 1) -> bool:
        """The cycle key: the piece (and the cursor) to the next lit legal spot."""
        if self.tool is None:
            return False
        spots = self.tool.spots()
        if not spots:
            self.message.emit(QCoreApplication.translate("CityScene", "There is no legal spot for this piece now."))
            return False
        self._spot_index = (self._spot_index + step) % len(spots)
        where = self.tool.goto_spot(spots[self._spot_index])
        if where is None:
            return False
        self.set_cursor(where)
        self.scene.ghost_layer.update()
        return True

    def activate_cursor(self) -> bool:
        """Enter or Space: place the piece, or (no piece) tell what is under the cursor."""
        if self.tool is not None:
            self.tool.key_hover(self.cursor_cell(), self.cursor_street())
            return self.commit()
        target = self.cursor_target()
        if isinstance(target, StreetTarget):
            city = self.scene.city
            if city is not None and target.street in city.streetcar_set:
                self.streetClicked.emit(target.street)
                return True
            return False
        if isinstance(target, PropertyTarget):
            self.propertyClicked.emit(target.prop)
            return True
        return False

    # ------------------------------------------------------------ events
    def point_at(self, pos: QPointF, screen_pos: Any = None) -> str:
        """The pointer rests on the board with no piece in hand: a building
        under it tells its name and score in a tooltip (also in
        ``hover_info``; "" when there is no building)."""
        text = ""
        target = self.scene.target_at(pos)
        city = self.scene.city
        if isinstance(target, PropertyTarget) and city is not None:
            idx = city.building_at.get(target.prop)
            if idx is not None:
                b = city.buildings[idx]
                where = ", ".join(str(q) for q in b.properties)
                name = building_name(self.scene.rules, b.type, len(b.properties))
                if b.breakdown is not None:
                    text = translate("CityScene", "{name} on {where}: {score} points").format(
                        name=name, where=where, score=b.score
                    )
                else:
                    text = translate("CityScene", "{name} on {where}").format(name=name, where=where)
        if text != self.hover_info:
            self.hover_info = text
            if screen_pos is not None:
                if text:
                    QToolTip.showText(screen_pos, text)
                else:
                    QToolTip.hideText()
        return text

    def mouse_move(self, event: Any) -> bool:
        """True when the board handled the move."""
        if event.buttons() == Qt.MouseButton.NoButton or self.mode:
            self.hide_cursor()
        if self.mode:
            self.hover(event.scenePos())
            event.accept()
            return True
        if event.buttons() == Qt.MouseButton.NoButton:
            self.point_at(event.scenePos(), event.screenPos())
        return False

    def mouse_press(self, event: Any) -> None:
        pos = event.scenePos()
        if self.mode:
            if event.button() == Qt.MouseButton.LeftButton:
                self.commit(pos)
                event.accept()
            elif event.button() == Qt.MouseButton.RightButton:
                self.cancel_mode()
                event.accept()
            else:
                event.ignore()
            return
        target = self.scene.target_at(pos)
        if event.button() == Qt.MouseButton.RightButton:
            self.contextRequested.emit(target, event.screenPos())
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton and target is not None:
            if isinstance(target, StreetcarTarget):
                self.streetClicked.emit(target.street)
            elif isinstance(target, PropertyTarget):
                self.propertyClicked.emit(target.prop)
            event.accept()
            return
        event.ignore()

    def key_press(self, event: Any) -> bool:
        """True when the key was the board's (Esc, R, M, the arrows, Enter)."""
        key = event.key()
        if key == Qt.Key.Key_Escape and self.mode:
            self.cancel_mode()
            self.message.emit(translate("CityScene", "Cancelled."))
            return True
        if key == Qt.Key.Key_R and self.rotatable:
            self.rotate_ghost(-1 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1)
            return True
        if key == Qt.Key.Key_M and self.mode == Mode.BUILDING:
            self.mirror_ghost()
            return True
        city = self.scene.city
        if key in _ARROWS and city is not None and city.prop_at:
            if not self.cursor_shown and self.tool is None:
                self.show_cursor()  # the first press shows where the cursor is
            else:
                self.move_cursor(*_ARROWS[key])
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and city is not None:
            self.activate_cursor()
            return True
        return False

    # drag and drop from the docks
    def drag_enter(self, event: Any) -> None:
        md = event.mimeData()
        try:
            if md.hasFormat(BUILDING_MIME):
                btype, size = bytes(md.data(BUILDING_MIME)).decode().split(":")
                judge = self._drop_building_judge
                if judge is None:
                    event.ignore()
                    return
                self.begin_building(btype, int(size), _judge_of(judge, btype))
            elif md.hasFormat(TILE_MIME):
                parts = bytes(md.data(TILE_MIME)).decode().split(":")
                number = int(parts[0])
                fn = self._drop_tile_positions
                if fn is None:
                    event.ignore()
                    return
                if len(parts) > 1:
                    rot = int(parts[1]) % 4
                else:
                    t = self.tool
                    rot = t.rot if isinstance(t, TileTool) and t.number == number else 0
                self.begin_tile(number, _positions_of(fn, number), rotation=rot, check_fn=self._drop_tile_check)
            else:
                event.ignore()
                return
        except (ValueError, KeyError):
            event.ignore()
            return
        self._from_drag = True
        self.hover(event.scenePos())
        event.acceptProposedAction()

    def drag_move(self, event: Any) -> None:
        if not self._from_drag:
            event.ignore()
            return
        self.hover(event.scenePos())
        event.acceptProposedAction()

    def drag_leave(self, event: Any) -> None:
        if self._from_drag:
            self.cancel_mode()
        event.accept()

    def drop(self, event: Any) -> None:
        if not self._from_drag:
            event.ignore()
            return
        if self.commit(event.scenePos()):
            event.acceptProposedAction()
        else:
            # refused: the ghost snaps back to the dock
            self.cancel_mode()
            event.ignore()


def _judge_of(judge: Callable[[str, list[int]], Judgement], btype: str) -> Callable[[list[int]], Judgement]:
    return lambda props: judge(btype, props)


def _positions_of(fn: Callable[[int, int], Iterable[Any]], number: int) -> Callable[[int], Iterable[Any]]:
    return lambda rotation: fn(number, rotation)


def _lattice_of(cell: Cell) -> tuple[int, int]:
    return (2 * cell[0] + 1, 2 * cell[1] + 1)


def on_requests(
    board: BoardInteraction,
    build: Callable[[str, list[int]], object],
    tile: Callable[[int, int, int, int], object],
    streetcar: Callable[[Street], object],
) -> None:
    """For a window that works on pieces rather than moves (the sandbox):
    each action the board asks for goes to the handler of its piece,
    ``build(btype, props)``, ``tile(number, x, y, rotation)`` or ``streetcar(street)``."""

    def dispatch(action: Action) -> None:
        if isinstance(action, Build):
            build(action.building, list(action.properties))
        elif isinstance(action, PlaceTile):
            tile(action.number, action.x, action.y, action.rotation)
        elif isinstance(action, PlaceStreetcar):
            streetcar(action.street)

    board.actionRequested.connect(dispatch)
