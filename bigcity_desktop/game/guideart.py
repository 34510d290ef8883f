"""The pictures of Help → How to play, drawn by the board itself.

Each picture is a small scripted position of the original edition (a
neighborhood being laid, a building in hand with its score bubble, City
Hall, a streetcar line, the lots of the outskirts and the centre), built
with the engine and drawn offscreen by a :class:`CityScene` as the game
draws it: in the language and the light or dark scheme in use, so the
guide never shows a stale picture. A picture is drawn once per session
for each language, scheme and size (:class:`GuidePictures`)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem

from bigcity_desktop.engine.city import City
from bigcity_desktop.engine.rules import get_rules
from bigcity_desktop.game.tabletop.gametable import DRAWER_SHORTCUT
from bigcity_desktop.help.guide import GuideDialog, GuideKeys
from bigcity_desktop.i18n import current_language
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.city_scene import CityScene
from bigcity_desktop.scene.view import CITY_VIEW_SHORTCUT
from bigcity_desktop.ui.windowfit import FULL_SCREEN_SHORTCUT

# the streetcar line of the pictures: down the street between the lots x=1
# and x=2, through the first neighborhood into the third
LINE = (((1, 0), (2, 0)), ((1, 1), (2, 1)), ((1, 2), (2, 2)), ((1, 3), (2, 3)))
# the cards of the hand in the picture of a turn
HAND = (13, 19, 25, 32)


def _city(tiles: int = 3) -> City:
    """Neighborhoods 1, 2 and 3 (or the first `tiles` of them) side by side."""
    city = City.starting(get_rules("original"))
    for number, x, y in ((2, 3, 0), (3, 0, 3))[: tiles - 1]:
        city.place_tile(number, x, y, 0)
    return city


def _build(city: City, btype: str, props: list[int], owner: int) -> None:
    """A building put up as a game does: judged, scored and placed."""
    j = city.judge_build(btype, props, city_hall=True, city_hall_value=city.rules.city_hall_start)
    if j.legal and j.variant is not None:
        city.place_building(btype, j.variant.name, props, owner, j.score or 0, j.breakdown)


def _judge(city: City, btype: str) -> Callable[[list[int]], object]:
    return lambda props: city.judge_build(btype, props, city_hall=True)


def _with_city_hall() -> City:
    city = _city()
    _build(city, "residence", [11, 12], 0)
    _build(city, "city_hall", [15], 1)
    _build(city, "business", [14], 0)
    _build(city, "business", [16], 1)
    return city


def _with_streetcars() -> City:
    city = _with_city_hall()
    for street in LINE:
        city.place_streetcar(street)
    _build(city, "residence", [33, 36], 1)
    return city


def _scene(city: City) -> CityScene:
    colours = {i: QColor(S.player_colour(i)) for i in range(2)}
    scene = CityScene(city.rules)
    scene.show_grid = False
    scene.animations = False
    scene.set_city(city, colours)
    return scene


def _tile(scene: CityScene) -> QRectF:
    """Neighborhood 3 in hand, waiting on a legal spot below the first
    (the part of the board it covers is returned, to be drawn too)."""
    city = scene.city
    assert city is not None

    def spots(rotation: int) -> list[tuple[int, int]]:
        return [(t.x, t.y) for t in city.legal_tile_placements([3]) if t.rotation == rotation]

    scene.interaction.begin_tile(3, spots, 0, city.check_tile)
    scene.interaction.hover(scene.to_scene(1.5 * S.CELL, 4.5 * S.CELL))
    return QRectF(scene.to_scene(-0.4 * S.CELL, 3 * S.CELL), scene.to_scene(3 * S.CELL, 6.4 * S.CELL))


def _building(scene: CityScene) -> None:
    """A double residence in hand over 17 and 18, next to the line: the bubble tells its score."""
    assert scene.city is not None
    board = scene.interaction
    board.begin_building("residence", 2, _judge(scene.city, "residence"))
    for _turn in range(4):  # the ghost standing upright, over both lots
        board.hover(scene.prop_center(17))
        tool = board.tool
        if tool is not None and sorted(tool.bubble_cells()) == sorted(scene.city.cell_of[p] for p in (17, 18)):
            break
        board.rotate_ghost(1)


def _lit(scene: CityScene) -> None:
    """A single business in hand with the cards of HAND: their lots light up."""
    city = scene.city
    assert city is not None
    scene.highlight_cells([p for p in HAND if city.judge_build("business", [p], city_hall=True).legal], S.LEGAL)


# name -> (the position, what is in hand, the view)
SCENES: dict[str, tuple[Callable[[], City], Callable[[CityScene], QRectF | None] | None, str]] = {
    "city": (_with_streetcars, None, "city"),
    "lit": (_with_city_hall, _lit, "plan"),
    "tile": (lambda: _city(2), _tile, "plan"),
    "lots": (_city, None, "plan"),
    "score": (_with_streetcars, _building, "plan"),
    "city_hall": (_with_city_hall, None, "plan"),
    "streetcar": (_with_streetcars, None, "plan"),
}


def _with_bubble(scene: CityScene, src: QRectF, width: int) -> QRectF:
    """The score bubble moved just under the ghost, over the lots (a
    picture has no room beside the city for it: the bubble keeps its size
    on screen, whatever the scale), and `src` grown if it still sticks out."""
    tool = scene.interaction.tool
    assert tool is not None
    cells = tool.bubble_cells()
    anchor = scene.to_scene(min(x for x, _y in cells) * S.CELL, (max(y for _x, y in cells) + 1) * S.CELL + 4)
    flag = QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations
    grown = QRectF(src)
    for item in scene.items():
        r = item.boundingRect()
        if not item.flags() & flag or r.isEmpty():
            continue
        item.setPos(anchor)
        scale = width / src.width()
        if anchor.x() - src.left() + (r.width() + 8) / scale > src.width() and r.width() + 8 < width:
            # wide enough that the bubble, at its own size, fits: src.width() * width / (width - bubble)
            scale = (width - r.width() - 8) / (anchor.x() - src.left())
        grown = grown.united(QRectF(anchor.x(), anchor.y(), (r.width() + 8) / scale, (r.height() + 8) / scale))
    return grown


def draw(name: str, width: int, dpr: float = 2.0) -> QImage | None:
    """The picture `name` `width` pixels wide on screen, for a screen of
    `dpr` pixels to a point (None: no such picture). A picture with a score
    bubble is drawn at one pixel to a point: the bubble keeps the size of
    the board's, which a sharper picture would halve."""
    if name not in SCENES:
        return None
    make, hand, view = SCENES[name]
    scene = _scene(make())
    scene.set_view(view, 0)
    src = scene.city_rect(0.4)
    if hand is not None:
        more = hand(scene)
        if more is not None:
            src = src.united(more)
        if scene.interaction.tool is not None and scene.interaction.tool.bubble_cells():
            dpr = 1.0
            src = _with_bubble(scene, src, width)
    w = max(16, round(width * dpr))
    h = max(1, round(w * src.height() / src.width()))
    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(S.TABLE)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    scene.render(p, QRectF(0, 0, w, h), src, Qt.AspectRatioMode.KeepAspectRatio)
    p.end()
    img.setDevicePixelRatio(dpr)
    scene.interaction.cancel_mode()
    scene.deleteLater()
    return img


class GuidePictures:
    """The guide's pictures, each drawn once per session for a language, a
    scheme (the board's table colour) and a width."""

    def __init__(self) -> None:
        self._cache: dict[tuple[str, str, str, int, float], QImage | None] = {}

    def __call__(self, name: str, width: int, dpr: float = 1.0) -> QImage | None:
        key = (name, current_language(), S.TABLE.name(), width, dpr)
        if key not in self._cache:
            self._cache[key] = draw(name, width, dpr)
        return self._cache[key]


PICTURES = GuidePictures()


def open_guide(parent=None) -> GuideDialog:
    """Help → How to play: the guide with the board's pictures, shown (not modal)."""
    dialog = GuideDialog(parent, PICTURES, GuideKeys(CITY_VIEW_SHORTCUT, DRAWER_SHORTCUT, FULL_SCREEN_SHORTCUT))
    dialog.show()
    return dialog
