"""Colours, sizes and the vector icons of the city scene.

Everything is painted with QPainter paths, so it stays crisp at any zoom, on
high-DPI screens and in SVG exports. The same icon painter draws the
buildings on the board and the thumbnails of the sandbox palette.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF

if TYPE_CHECKING:
    from PySide6.QtGui import QPixmap

CELL = 64.0  # scene units per grid cell
LOT_INSET = 4.0  # half the width of a street between two lots
BUILDING_INSET = 9.0  # distance from the cell edge to a building's wall


# ----------------------------------------------------------------------------
# colour schemes: the one place the board, the city view, the chart, the
# bubbles and the corner controls take their colours from


@dataclass(frozen=True)
class Scheme:
    """The colours of one scheme ("light" or "dark"). Every text colour is
    named with the background it is read on (see :data:`TEXT_PAIRS`), and a
    test holds each pair to WCAG's 4.5:1 contrast."""

    name: str
    table: str  # the table around the city
    table_grid: str
    street: str
    street_edge: str
    outskirts: str  # the lots of the outskirts
    centre: str  # the lots of the city centre
    hole: str  # a cell of a tile that is no lot (jumbo's centre)
    hole_hatch: str
    hole_text: str
    number_text: str  # lot numbers, on the lots
    panel: str  # bubbles, score discs, the corner controls, the coach: their ground
    panel_edge: str
    panel_text: str
    muted_text: str  # a line of keys in the coach's bubble
    accent_text: str  # the coach's heading
    chart: str  # the score chart's ground
    chart_text: str  # its axes and labels
    chart_cursor: str  # the replay's position line


SCHEMES: dict[str, Scheme] = {
    # a calm board-game palette: paper table, warm asphalt, sage outskirts and
    # sand-coloured centre
    "light": Scheme(
        name="light",
        table="#efe9dc",
        table_grid="#e3dac7",
        street="#a9a194",
        street_edge="#6f675a",
        outskirts="#cfe0b3",
        centre="#efc998",
        hole="#f3d9b4",
        hole_hatch="#d9b380",
        hole_text="#6e5026",
        number_text="#3d3a33",
        panel="#fffcf4",
        panel_edge="#8a7c62",
        panel_text="#2b2a26",
        muted_text="#5a5a5a",
        accent_text="#8a4b00",
        chart="#ffffff",
        chart_text="#3a3a3a",
        chart_cursor="#444444",
    ),
    # the same table by lamplight: dark felt, dim asphalt, the lots a shade
    # darker with light numbers
    "dark": Scheme(
        name="dark",
        table="#25231f",
        table_grid="#2e2b26",
        street="#5b554b",
        street_edge="#17150f",
        outskirts="#4d6138",
        centre="#7a5a34",
        hole="#54412b",
        hole_hatch="#76603f",
        hole_text="#f2dcb4",
        number_text="#f6f1e6",
        panel="#35322c",
        panel_edge="#a49a86",
        panel_text="#f2eee6",
        muted_text="#c9c3b8",
        accent_text="#ffb860",
        chart="#1f1e1b",
        chart_text="#e4dfd5",
        chart_cursor="#c8c2b6",
    ),
}
SCHEME_NAMES = tuple(SCHEMES)

#: (text, ground) of every text colour of a scheme
TEXT_PAIRS = (
    ("number_text", "outskirts"),
    ("number_text", "centre"),
    ("hole_text", "hole"),
    ("panel_text", "panel"),
    ("muted_text", "panel"),
    ("accent_text", "panel"),
    ("chart_text", "chart"),
)

_scheme = SCHEMES["light"]

TABLE = QColor(_scheme.table)
TABLE_GRID = QColor(_scheme.table_grid)
STREET = QColor(_scheme.street)
STREET_EDGE = QColor(_scheme.street_edge)
OUTSKIRTS = QColor(_scheme.outskirts)
CENTRE = QColor(_scheme.centre)
HOLE = QColor(_scheme.hole)
HOLE_HATCH = QColor(_scheme.hole_hatch)
HOLE_TEXT = QColor(_scheme.hole_text)
NUMBER_TEXT = QColor(_scheme.number_text)
PANEL = QColor(_scheme.panel)
PANEL_EDGE = QColor(_scheme.panel_edge)
PANEL_TEXT = QColor(_scheme.panel_text)


def set_scheme(name: str) -> Scheme:
    """Switch the colour scheme at run time ("light" or "dark"; anything else
    means "light"). The module's colours follow; views repaint with
    ``CityScene.restyle`` (the game window and the sandbox do it)."""
    global _scheme, TABLE, TABLE_GRID, STREET, STREET_EDGE, OUTSKIRTS, CENTRE, HOLE, HOLE_HATCH, HOLE_TEXT
    global NUMBER_TEXT, PANEL, PANEL_EDGE, PANEL_TEXT
    _scheme = SCHEMES.get(name, SCHEMES["light"])
    sc = _scheme
    TABLE, TABLE_GRID = QColor(sc.table), QColor(sc.table_grid)
    STREET, STREET_EDGE = QColor(sc.street), QColor(sc.street_edge)
    OUTSKIRTS, CENTRE = QColor(sc.outskirts), QColor(sc.centre)
    HOLE, HOLE_HATCH, HOLE_TEXT = QColor(sc.hole), QColor(sc.hole_hatch), QColor(sc.hole_text)
    NUMBER_TEXT = QColor(sc.number_text)
    PANEL, PANEL_EDGE, PANEL_TEXT = QColor(sc.panel), QColor(sc.panel_edge), QColor(sc.panel_text)
    return _scheme


def scheme() -> Scheme:
    """The colour scheme in use."""
    return _scheme


def panel_colour(alpha: int = 255) -> QColor:
    """The ground of bubbles and discs, `alpha` opaque."""
    c = QColor(PANEL)
    c.setAlpha(alpha)
    return c


def relative_luminance(colour: QColor | str) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0 black … 1 white)."""
    c = QColor(colour)

    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())


def contrast_ratio(a: QColor | str, b: QColor | str) -> float:
    """WCAG 2's contrast ratio of two colours (1 … 21; text wants 4.5)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# the streetcar is dark slate with pale rails: no player colour of either
# palette is near it, and the New game dialog refuses player colours close
# to it (see :func:`clashes_with_streetcar`), so a line never reads as an
# ownership ring
STREETCAR = QColor("#3b4150")
STREETCAR_EDGE = QColor("#15171d")
STREETCAR_RAILS = QColor(255, 244, 214, 230)
LEGAL = QColor(64, 170, 80)
ILLEGAL = QColor(210, 60, 50)
HINT = QColor(40, 110, 200)
SELECT = QColor(30, 90, 200)
FLASH = QColor(255, 200, 40)
CURSOR = QColor(20, 20, 30)  # the keyboard's board cursor (drawn on a white halo)

DEFAULT_OWNER_COLOURS = [
    QColor("#d1495b"),
    QColor("#2e86ab"),
    QColor("#edae49"),
    QColor("#66a182"),
    QColor("#8d6a9f"),
]

# ----------------------------------------------------------------------------
# player palettes: the one place every view (board, tables, chart, the 3D
# city) takes the players' colours from

#: seat colours of each palette (the setting ``prefs/palette`` names one)
PALETTES: dict[str, tuple[str, ...]] = {
    "standard": ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd"),
    # Okabe & Ito's colours, told apart with every common colour-vision deficiency
    "colourblind": ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#d55e00"),
}
_palette = "standard"


def set_palette(name: str) -> str:
    """Switch the player palette at run time ("standard" or "colourblind";
    anything else means "standard"). Views redraw with :func:`player_colour`."""
    global _palette
    _palette = name if name in PALETTES else "standard"
    return _palette


def palette() -> str:
    """The palette in use."""
    return _palette


def player_colour(seat: int, chosen: str | None = None) -> str:
    """The colour of the player in `seat`: with the standard palette the
    colour chosen for them (or the seat's default), with the colour-blind
    palette always the palette's colour for the seat."""
    colours = PALETTES[_palette]
    if _palette == "standard" and chosen:
        return chosen
    return colours[seat % len(colours)]


def clashes_with_streetcar(colour: QColor | str) -> bool:
    """A player colour too close to the streetcar's (or too dark to tell
    from it): refused as a player colour."""
    c = QColor(colour)
    s = STREETCAR
    dist = ((c.red() - s.red()) ** 2 + (c.green() - s.green()) ** 2 + (c.blue() - s.blue()) ** 2) ** 0.5
    return dist < 90 or c.lightness() < 70


#: the second ownership cue: each seat's marker shape, drawn on its buildings
MARKERS = ("circle", "triangle", "square", "diamond", "star")


def marker_path(seat: int, r: QRectF) -> QPainterPath:
    """The marker of `seat` (a shape, not a colour) filling the square `r`."""
    kind = MARKERS[seat % len(MARKERS)]
    path = QPainterPath()
    cx, cy, w = r.center().x(), r.center().y(), r.width()
    if kind == "circle":
        path.addEllipse(r)
    elif kind == "triangle":
        path.addPolygon(_poly([(0.5, 0.02), (0.98, 0.92), (0.02, 0.92)], r))
        path.closeSubpath()
    elif kind == "square":
        path.addRect(r.adjusted(w * 0.08, w * 0.08, -w * 0.08, -w * 0.08))
    elif kind == "diamond":
        path.addPolygon(_poly([(0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)], r))
        path.closeSubpath()
    else:
        pts = []
        for k in range(10):
            rad = w / 2 if k % 2 == 0 else w / 4.6
            a = -math.pi / 2 + k * math.pi / 5
            pts.append(QPointF(cx + rad * math.cos(a), cy + rad * math.sin(a)))
        path.addPolygon(QPolygonF(pts))
        path.closeSubpath()
    return path


def paint_marker(p: QPainter, seat: int, r: QRectF, colour: QColor | str, alpha: int = 255) -> None:
    """The seat's marker in its colour, with a white halo and a dark edge."""
    col = QColor(colour)
    col.setAlpha(alpha)
    path = marker_path(seat, r)
    p.save()
    p.setPen(
        QPen(
            QColor(255, 255, 255, alpha), 3.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin
        )
    )
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)
    edge = QColor(30, 30, 30, alpha)
    p.setPen(QPen(edge, 1.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    p.setBrush(col)
    p.drawPath(path)
    p.restore()


@dataclass(frozen=True)
class BuildingStyle:
    fill: QColor
    label: str  # short label painted on the board


STYLES: dict[str, BuildingStyle] = {
    "residence": BuildingStyle(QColor("#6f9fd1"), "Residence"),
    "business": BuildingStyle(QColor("#e3a33f"), "Business"),
    "city_hall": BuildingStyle(QColor("#b8473f"), "City Hall"),
    "church": BuildingStyle(QColor("#9a86c4"), "Church"),
    "cinema": BuildingStyle(QColor("#d8729c"), "Cinema"),
    "post_office": BuildingStyle(QColor("#e8cd55"), "Post"),
    "bank": BuildingStyle(QColor("#4f9c8a"), "Bank"),
    "shopping_center": BuildingStyle(QColor("#d97a4c"), "Mall"),
    "park": BuildingStyle(QColor("#69a853"), "Park"),
    "factory": BuildingStyle(QColor("#85817a"), "Factory"),
}


def style_of(btype: str) -> BuildingStyle:
    return STYLES.get(btype, BuildingStyle(QColor("#999999"), btype[:6]))


def board_label(btype: str, rules=None) -> str:
    """Label painted on a building: the rules' label when it is short."""
    if rules is not None and btype in rules.buildings and btype not in ("residence", "business"):
        label = rules.buildings[btype].label
        if len(label) <= 9:
            return label
    if btype == "residence":
        return "Residence"
    if btype == "business":
        return "Business"
    return style_of(btype).label


def heat_colour(t: float) -> QColor:
    """Colour of a heat-map value t in [0, 1]: pale yellow -> orange -> deep red."""
    t = max(0.0, min(1.0, t))
    stops = [(0.0, (255, 247, 188)), (0.35, (254, 196, 79)), (0.7, (236, 112, 20)), (1.0, (153, 52, 4))]
    for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
        if t <= t1:
            f = 0 if t1 == t0 else (t - t0) / (t1 - t0)
            return QColor(*(round(a + (b - a) * f) for a, b in zip(c0, c1)))
    return QColor(*stops[-1][1])


# ----------------------------------------------------------------------------
# icons: each draws into `r` (a square) with the given ink colour


def _poly(points, r: QRectF) -> QPolygonF:
    return QPolygonF([QPointF(r.x() + px * r.width(), r.y() + py * r.height()) for px, py in points])


def _pt(px: float, py: float, r: QRectF) -> QPointF:
    return QPointF(r.x() + px * r.width(), r.y() + py * r.height())


def _rect(r: QRectF, x, y, w, h) -> QRectF:
    return QRectF(r.x() + x * r.width(), r.y() + y * r.height(), w * r.width(), h * r.height())


def paint_icon(p: QPainter, btype: str, r: QRectF, ink: QColor, paper: QColor | None = None) -> None:
    """Paint the symbol of a building type into the square `r`."""
    paper = paper or QColor(255, 255, 255, 230)
    p.save()
    w = r.width()
    pen = QPen(ink, max(0.8, w * 0.06), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    p.setPen(pen)
    p.setBrush(QBrush(paper))
    if btype == "residence":  # a house with a pitched roof and a door
        p.drawPolygon(
            _poly([(0.5, 0.08), (0.92, 0.45), (0.82, 0.45), (0.82, 0.92), (0.18, 0.92), (0.18, 0.45), (0.08, 0.45)], r)
        )
        p.setBrush(QBrush(ink))
        p.drawRect(_rect(r, 0.42, 0.62, 0.16, 0.30))
    elif btype == "business":  # an office tower with windows
        p.drawRect(_rect(r, 0.26, 0.08, 0.48, 0.84))
        p.setBrush(QBrush(ink))
        p.setPen(Qt.PenStyle.NoPen)
        for row in range(4):
            for col in range(2):
                p.drawRect(_rect(r, 0.34 + col * 0.2, 0.17 + row * 0.17, 0.12, 0.09))
    elif btype == "city_hall":  # pediment, columns, steps
        p.drawPolygon(_poly([(0.5, 0.08), (0.92, 0.32), (0.08, 0.32)], r))
        p.drawRect(_rect(r, 0.1, 0.82, 0.8, 0.1))
        p.setBrush(QBrush(ink))
        p.setPen(Qt.PenStyle.NoPen)
        for i in range(4):
            p.drawRect(_rect(r, 0.17 + i * 0.19, 0.38, 0.09, 0.42))
    elif btype == "church":  # a steeple with a cross
        p.drawPolygon(_poly([(0.5, 0.22), (0.72, 0.45), (0.72, 0.92), (0.28, 0.92), (0.28, 0.45)], r))
        p.drawLine(_pt(0.5, 0.02, r), _pt(0.5, 0.22, r))
        p.drawLine(_pt(0.4, 0.1, r), _pt(0.6, 0.1, r))
        p.setBrush(QBrush(ink))
        p.drawChord(_rect(r, 0.42, 0.66, 0.16, 0.4), 0, 180 * 16)
    elif btype == "cinema":  # a film frame with a play triangle
        p.drawRoundedRect(_rect(r, 0.08, 0.2, 0.84, 0.6), w * 0.08, w * 0.08)
        p.setBrush(QBrush(ink))
        p.setPen(Qt.PenStyle.NoPen)
        p.drawPolygon(_poly([(0.4, 0.34), (0.66, 0.5), (0.4, 0.66)], r))
        for i in range(5):
            p.drawRect(_rect(r, 0.14 + i * 0.16, 0.1, 0.08, 0.06))
            p.drawRect(_rect(r, 0.14 + i * 0.16, 0.84, 0.08, 0.06))
    elif btype == "post_office":  # an envelope
        p.drawRect(_rect(r, 0.08, 0.22, 0.84, 0.56))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPolyline(_poly([(0.08, 0.22), (0.5, 0.55), (0.92, 0.22)], r))
    elif btype == "bank":  # a coin with a currency sign
        p.drawEllipse(_rect(r, 0.12, 0.12, 0.76, 0.76))
        f = p.font()
        f.setPixelSize(max(1, int(w * 0.5)))
        f.setBold(True)
        p.setFont(f)
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, "$")
    elif btype == "shopping_center":  # a shopping bag
        p.drawRoundedRect(_rect(r, 0.16, 0.34, 0.68, 0.58), w * 0.05, w * 0.05)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawArc(_rect(r, 0.32, 0.1, 0.36, 0.46), 0, 180 * 16)
    elif btype == "park":  # two round trees
        p.setBrush(QBrush(ink))
        p.drawLine(_pt(0.32, 0.6, r), _pt(0.32, 0.92, r))
        p.drawLine(_pt(0.7, 0.66, r), _pt(0.7, 0.92, r))
        p.setBrush(QBrush(paper))
        p.drawEllipse(_rect(r, 0.08, 0.12, 0.48, 0.52))
        p.drawEllipse(_rect(r, 0.5, 0.32, 0.4, 0.4))
    elif btype == "factory":  # sawtooth roof and a chimney
        p.drawPolygon(
            _poly(
                [
                    (0.08, 0.92),
                    (0.08, 0.5),
                    (0.3, 0.36),
                    (0.3, 0.5),
                    (0.52, 0.36),
                    (0.52, 0.5),
                    (0.7, 0.5),
                    (0.7, 0.1),
                    (0.86, 0.1),
                    (0.86, 0.5),
                    (0.92, 0.5),
                    (0.92, 0.92),
                ],
                r,
            )
        )
        p.setBrush(QBrush(ink))
        p.setPen(Qt.PenStyle.NoPen)
        p.drawRect(_rect(r, 0.2, 0.66, 0.14, 0.12))
        p.drawRect(_rect(r, 0.46, 0.66, 0.14, 0.12))
    else:
        p.drawEllipse(_rect(r, 0.2, 0.2, 0.6, 0.6))
    p.restore()


def cells_path(cells, inset: float, radius: float = 6.0) -> QPainterPath:
    """The outline of a set of grid cells, each inset by `inset`, joined across
    the streets between neighbouring cells (a building's footprint)."""
    cs = set(cells)
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for x, y in cs:
        path.addRoundedRect(
            QRectF(x * CELL + inset, y * CELL + inset, CELL - 2 * inset, CELL - 2 * inset), radius, radius
        )
        if (x + 1, y) in cs:
            path.addRect(
                QRectF((x + 1) * CELL - inset - radius, y * CELL + inset, 2 * (inset + radius), CELL - 2 * inset)
            )
        if (x, y + 1) in cs:
            path.addRect(
                QRectF(x * CELL + inset, (y + 1) * CELL - inset - radius, CELL - 2 * inset, 2 * (inset + radius))
            )
        if (x + 1, y) in cs and (x, y + 1) in cs and (x + 1, y + 1) in cs:
            path.addRect(
                QRectF(
                    (x + 1) * CELL - inset - radius,
                    (y + 1) * CELL - inset - radius,
                    2 * (inset + radius),
                    2 * (inset + radius),
                )
            )
    return path.simplified()


def building_pixmap(btype: str, size: int = 48, cells=((0, 0),), dpr: float = 1.0):
    """A thumbnail of a building for palettes and drag cursors: its symbol on
    its colour, with a small diagram of its shape in the corner."""
    from PySide6.QtGui import QPixmap

    st = style_of(btype)
    pm = QPixmap(int(size * dpr), int(size * dpr))
    pm.setDevicePixelRatio(dpr)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    body = QRectF(1, 1, size * 0.8, size * 0.8)
    p.setPen(QPen(st.fill.darker(150), 1.2))
    p.setBrush(st.fill)
    p.drawRoundedRect(body, size * 0.12, size * 0.12)
    m = body.width() * 0.16
    paint_icon(p, btype, body.adjusted(m, m, -m, -m), st.fill.darker(260))
    cells = list(cells)
    if len(cells) > 1:
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        u = size * 0.13
        w = (max(xs) - min(xs) + 1) * u
        h = (max(ys) - min(ys) + 1) * u
        ox, oy = size - w - 1, size - h - 1
        p.setPen(QPen(QColor(40, 40, 40), 0.8))
        p.setBrush(QColor(255, 255, 255))
        for x, y in cells:
            p.drawRect(QRectF(ox + (x - min(xs)) * u, oy + (y - min(ys)) * u, u, u))
    p.end()
    return pm


def building_shape_pixmap(btype: str, size: int = 48, cells=((0, 0),), dpr: float = 1.0):
    """The building as it looks on the board, scaled to a thumbnail."""
    from PySide6.QtGui import QPixmap

    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    w = max(xs) - min(xs) + 1
    h = max(ys) - min(ys) + 1
    scale = size / (CELL * max(w, h))
    pm = QPixmap(int(size * dpr), int(size * dpr))
    pm.setDevicePixelRatio(dpr)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.scale(scale, scale)
    p.translate(-min(xs) * CELL + (max(w, h) - w) * CELL / 2, -min(ys) * CELL + (max(w, h) - h) * CELL / 2)
    paint_building(p, btype, cells, None, label=None)
    p.end()
    return pm


def fitted_font(base: QFont, text: str, px: int, width: float, bold: bool = True) -> QFont:
    """`base` at `px` pixels, shrunk (down to 5 px) until `text` fits `width`.
    Hinting is off so that the text keeps its proportions at every zoom."""
    f = QFont(base)
    f.setBold(bold)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    f.setPixelSize(max(1, px))
    w = QFontMetricsF(f).horizontalAdvance(text)
    if w > width and w > 0:
        f.setPixelSize(max(5, int(px * width / w)))
    return f


#: a lot's number is at least this many pixels high on the screen (issue 33:
#: "lot numbers readable at the default zoom"), growing up to this much
NUMBER_SCREEN_PX = 9.5
NUMBER_GROW_MAX = 1.8


def number_rect(cell) -> QRectF:
    """Where a lot's property number is painted (its top-left corner)."""
    return QRectF(cell[0] * CELL + LOT_INSET + 2, cell[1] * CELL + LOT_INSET + 2, 17, 12)


def _row_room(cells: set, centre_x: float, y: float, inset: float, pad: float) -> float:
    """The width a label may take at height `y` inside the building: the run
    of its cells in that row around the middle."""
    row = math.floor(y / CELL)
    col = math.floor(centre_x / CELL - 1e-6) if (centre_x / CELL).is_integer() else math.floor(centre_x / CELL)
    if (col, row) not in cells and (col + 1, row) in cells:
        col += 1
    if (col, row) not in cells:
        return CELL - 2 * inset - pad
    left = right = col
    while (left - 1, row) in cells:
        left -= 1
    while (right + 1, row) in cells:
        right += 1
    # symmetric around the middle, as the label is centred on it
    half = min(centre_x - left * CELL, (right + 1) * CELL - centre_x)
    return min(2 * CELL, 2 * half) - 2 * inset - pad


def place_symbol(
    cells: set, centre: QPointF, icon: float, label_h: float, total: float, inset: float, pad: float, font, label
) -> tuple[float, float]:
    """The top of the icon-and-label block and the label's width: centred on
    the building when it can be, else moved up or down so that it covers no
    property number (a two-cell building standing upright has a number
    where the middle of its label would be)."""
    top0 = centre.y() - total / 2
    ys = [c[1] for c in cells]
    lo, hi = min(ys) * CELL + inset, (max(ys) + 1) * CELL - inset
    badges = [number_rect(c).adjusted(-1, -1, 1, 1) for c in cells]

    def room_at(top: float) -> float:
        return _row_room(cells, centre.x(), top + icon + 1 + label_h / 2, inset, pad) if label else 0.0

    def clear(top: float) -> bool:
        block = [QRectF(centre.x() - icon / 2, top, icon, icon)]
        if label:
            f = fitted_font(font, label, int(label_h) - 1, room_at(top))
            w = QFontMetricsF(f).horizontalAdvance(label)
            block.append(QRectF(centre.x() - w / 2, top + icon + 1, w, label_h + 1))
        return not any(r.intersects(b) for r in block for b in badges)

    if len(cells) > 1 and not clear(top0):
        tops = [b.bottom() + 0.5 for b in badges] + [b.top() - 0.5 - total for b in badges]
        for top in sorted(tops, key=lambda t: abs(t - top0)):
            if lo - 2 <= top and top + total <= hi + 2 and clear(top):
                return top, room_at(top)
    return top0, room_at(top0)


def paint_building(
    p: QPainter,
    btype: str,
    cells,
    owner: QColor | None,
    label: str | None,
    score: int | None = None,
    inset: float = BUILDING_INSET,
    alpha: int = 255,
    owner_seat: int | None = None,
) -> None:
    """A building on `cells` (grid coordinates) in scene units; an owner's
    building has a ring of their colour and, when `owner_seat` is given,
    their marker in the bottom-left corner (a cue that needs no colour)."""
    st = style_of(btype)
    path = cells_path(cells, inset)
    fill = QColor(st.fill)
    fill.setAlpha(alpha)
    p.save()
    # a soft shadow
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, min(alpha, 45)))
    p.drawPath(path.translated(2.0, 2.5))
    if owner is not None:
        # the owner's colour as a thick ring, a white hairline, then the roof
        ring = QColor(owner)
        ring.setAlpha(alpha)
        p.setBrush(ring)
        p.setPen(QPen(ring.darker(140), 1.0))
        p.drawPath(path)
        p.setBrush(fill)
        p.setPen(QPen(QColor(255, 255, 255, alpha), 1.4))
        p.drawPath(cells_path(cells, inset + 4.5, 4.0))
    else:
        p.setBrush(fill)
        edge = fill.darker(150)
        edge.setAlpha(alpha)
        p.setPen(QPen(edge, 1.6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.drawPath(path)
    # icon (and label) in the middle of the shape, or of its cell nearest the
    # middle when the middle lies outside the shape (the L factory)
    cs = set(cells)
    cx = sum(c[0] for c in cells) / len(cells)
    cy = sum(c[1] for c in cells) / len(cells)
    one_cell = len(cells) == 1
    if not ((2 * cx).is_integer() and (2 * cy).is_integer()) or (math.floor(cx + 0.5), math.floor(cy + 0.5)) not in cs:
        cx, cy = min(cells, key=lambda c: (c[0] - cx) ** 2 + (c[1] - cy) ** 2)
        one_cell = True  # icon and label fit in one cell
    ink = fill.darker(260)
    ink.setAlpha(alpha)
    paper = QColor(255, 255, 255, min(alpha, 235))
    icon = 28.0 if label else 34.0
    label_h = ((9.0 if len(label) > 7 else 10.0) if one_cell else 12.0) if label else 0.0
    total = icon + (1.0 + label_h if label else 0.0)
    centre = QPointF((cx + 0.5) * CELL, (cy + 0.5) * CELL)
    pad = 10 if owner is not None else 4
    top, room = place_symbol(cs, centre, icon, label_h, total, inset, pad, p.font(), label)
    paint_icon(p, btype, QRectF(centre.x() - icon / 2, top, icon, icon), ink, paper)
    if label:
        f = fitted_font(p.font(), label, int(label_h) - 1, room)
        p.setFont(f)
        p.setPen(ink)
        tr = QRectF(centre.x() - room / 2, top + icon + 1, room, label_h + 2)
        p.drawText(tr, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextDontClip, label)
    if owner is not None and owner_seat is not None:
        # the owner's marker astride the ring at the bottom-left corner (clear of the label)
        x, y = min(cells, key=lambda c: (-c[1], c[0]))
        size = 11.0
        mc = QPointF(x * CELL + inset + 0.5, (y + 1) * CELL - inset + 2.5)
        paint_marker(p, owner_seat, QRectF(mc.x() - size / 2, mc.y() - size / 2, size, size), owner, alpha)
    if score:
        # the score it made, on a small disc at the top-right corner
        x, y = max(cells, key=lambda c: (c[0] - c[1], c[0]))
        text = str(score)
        f = p.font()
        f.setPixelSize(10)
        f.setBold(True)
        p.setFont(f)
        wdt = max(16.0, 7 + 6.5 * len(text))
        br = QRectF((x + 1) * CELL - inset - wdt + 5, y * CELL + inset - 5, wdt, 16)
        p.setPen(QPen(QColor(60, 50, 30, alpha), 1))
        p.setBrush(QColor(255, 250, 235, alpha))
        p.drawRoundedRect(br, 8, 8)
        p.drawText(br, Qt.AlignmentFlag.AlignCenter, text)
    p.restore()


def tile_pixmap(rules, number: int, rotation: int, size: int = 84, dpr: float = 2.0, placed: bool = False) -> QPixmap:
    """A small picture of a tile as it would lie with `rotation` (the
    sandbox's tray and the game's Neighborhoods panel)."""
    from PySide6.QtGui import QPixmap

    from bigcity_desktop.engine.city import footprint, tile_cells

    w, h = footprint(rules, number, rotation)
    cell = (size - 6) / 4.0
    pm = QPixmap(int(size * dpr), int(size * dpr))
    pm.setDevicePixelRatio(dpr)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    ox = (size - w * cell) / 2
    oy = (size - h * cell) / 2
    p.setPen(QPen(STREET_EDGE, 1))
    p.setBrush(STREET)
    p.drawRoundedRect(QRectF(ox, oy, w * cell, h * cell), 2, 2)
    f = QFont()
    f.setPixelSize(max(7, int(cell * 0.42)))
    f.setBold(True)
    p.setFont(f)
    lot = QColor(OUTSKIRTS) if not placed else QColor("#dddddd")
    for prop, (x, y) in tile_cells(rules, number, 0, 0, rotation).items():
        r = QRectF(ox + x * cell + 1.5, oy + y * cell + 1.5, cell - 3, cell - 3)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(lot)
        p.drawRoundedRect(r, 2, 2)
        p.setPen(NUMBER_TEXT if not placed else QColor("#999999"))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, str(prop))
    p.end()
    return pm
