"""The building models of the city view, built from resources/models/buildings.json.

A model is a short list of parts (a block over the building's shape with its
roof, towers, trees) described in the data file; :func:`building_geometry`
turns a building on its cells into *pieces*: one per rectangle of its shape,
each a list of flat faces already projected into the scene, with its
footprint for the depth sort (:func:`depth_order`). Colours are looked up in
the palette (scene/style.py) when the geometry is built, never stored here.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPolygonF

from bigcity_desktop.resources import resource_path

from . import style as S
from .projection import PLATE, Projection
from .style import CELL

Cell = tuple[int, int]
Point3 = tuple[float, float, float]

#: the camera's direction in its own frame (rx, ry, z): faces whose normal
#: points this way are seen; the light falls from the upper left
_TOWARDS_CAMERA = (1.0, 1.0, 1.07)
_LIGHT = (0.30, 0.72, 1.0)
_LIGHT_LEN = math.sqrt(sum(c * c for c in _LIGHT))

OWNER_PLATE = 3.2  # height of the coloured base plate, plan units
PLINTH = QColor("#d9d3c7")  # the base plate of a building nobody owns (sandbox)
GLASS = QColor("#3f5b73")
MODELS_FILE = ("models", "buildings.json")


class ModelError(ValueError):
    """The model file is malformed (the message says where)."""


# --------------------------------------------------------------------- data
class PartKind(StrEnum):
    """What a part of a model is."""

    BLOCK = "block"  # the building's walls over its shape, with its roof and windows
    TOWER = "tower"  # a tower standing on a cell (or on each)
    TREES = "trees"  # a few trees in each cell


@dataclass(frozen=True)
class Part:
    kind: PartKind
    colour: str = "body"
    inset: float = 0.17
    height: float = 0.4
    per_cell: float = 0.0
    roof: str = "flat"
    roof_height: float = 0.0
    roof_colour: str = "body:dark"
    windows: str = "none"
    cells: str = "centre"
    at: tuple[float, float] = (0.5, 0.5)
    size: tuple[float, float] = (0.2, 0.2)
    base: float | None = None  # None: on top of the block's walls
    round: bool = False
    count: int = 3
    radius: float = 0.15
    trunk: str = "#7a5a3a"


@dataclass(frozen=True)
class Model:
    parts: tuple[Part, ...]

    def block(self) -> Part | None:
        return next((p for p in self.parts if p.kind == PartKind.BLOCK), None)


_KINDS = {k.value for k in PartKind}
_ROOFS = {"flat", "gable", "hip", "sawtooth", "pyramid", "dome"}
_WINDOWS = {"none", "house", "bands", "columns"}


def _num(where: str, v: Any, lo: float = 0.0, hi: float = 5.0) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
        raise ModelError(f"{where}: expected a number from {lo} to {hi}, not {v!r}")
    return float(v)


def _colour(where: str, v: Any) -> str:
    if not isinstance(v, str) or not (v in ("body", "body:light", "body:dark") or QColor.isValidColorName(v)):
        raise ModelError(f"{where}: expected 'body', 'body:light', 'body:dark' or a colour like '#a0b0c0', not {v!r}")
    return v


#: the fields of a part that are numbers, colours, or one of a few words
_NUMBER_FIELDS = ("inset", "height", "per_cell", "roof_height", "radius")
_COLOUR_FIELDS = ("colour", "roof_colour", "trunk")
_CHOICE_FIELDS = {"roof": _ROOFS, "windows": _WINDOWS}


def _part(where: str, raw: Any) -> Part:
    if not isinstance(raw, dict):
        raise ModelError(f"{where}: a part is an object")
    kind = raw.get("kind")
    if kind not in _KINDS:
        raise ModelError(f"{where}: 'kind' must be one of {sorted(_KINDS)}, not {kind!r}")
    kw: dict[str, Any] = {"kind": PartKind(kind)}
    for key in _NUMBER_FIELDS:
        if key in raw:
            kw[key] = _num(f"{where}.{key}", raw[key])
    for key in _COLOUR_FIELDS:
        if key in raw:
            kw[key] = _colour(f"{where}.{key}", raw[key])
    for key, words in _CHOICE_FIELDS.items():
        if key in raw:
            if raw[key] not in words:
                raise ModelError(f"{where}.{key}: one of {sorted(words)}, not {raw[key]!r}")
            kw[key] = raw[key]
    if "cells" in raw:
        if raw["cells"] not in ("centre", "each"):
            raise ModelError(f"{where}.cells: 'centre' or 'each', not {raw['cells']!r}")
        kw["cells"] = raw["cells"]
    kw.update(_placing(where, raw))
    return Part(**kw)


def _placing(where: str, raw: dict) -> dict[str, Any]:
    """A part's place and shape fields: at, size, base, round, count."""
    kw: dict[str, Any] = {}
    if "at" in raw:
        at = raw["at"]
        if not (isinstance(at, list) and len(at) == 2):
            raise ModelError(f"{where}.at: [x, y] inside the cell")
        kw["at"] = (_num(f"{where}.at", at[0], 0, 1), _num(f"{where}.at", at[1], 0, 1))
    if "size" in raw:
        sz = raw["size"]
        if isinstance(sz, list) and len(sz) == 2:
            kw["size"] = (_num(f"{where}.size", sz[0], 0, 1), _num(f"{where}.size", sz[1], 0, 1))
        else:
            s = _num(f"{where}.size", sz, 0, 1)
            kw["size"] = (s, s)
    if "base" in raw:
        kw["base"] = None if raw["base"] == "top" else _num(f"{where}.base", raw["base"])
    if "round" in raw:
        kw["round"] = bool(raw["round"])
    if "count" in raw:
        kw["count"] = int(_num(f"{where}.count", raw["count"], 0, 12))
    return kw


def _model(where: str, raw: Any) -> Model:
    if not isinstance(raw, dict) or not isinstance(raw.get("parts"), list) or not raw["parts"]:
        raise ModelError(f"{where}: a model is an object with a non-empty list of 'parts'")
    return Model(tuple(_part(f"{where}.parts[{i}]", p) for i, p in enumerate(raw["parts"])))


def parse_models(text: str) -> tuple[Model, dict[str, Model]]:
    """(generic model, models by building type) from the JSON text of a model file."""
    try:
        raw = json.loads(text)
    except ValueError as exc:
        raise ModelError(f"not JSON: {exc}") from None
    if not isinstance(raw, dict) or raw.get("format") != "bigcity-models":
        raise ModelError("not a Big City model file (format must be 'bigcity-models')")
    generic = _model("generic", raw.get("generic"))
    types = raw.get("types", {})
    if not isinstance(types, dict):
        raise ModelError("'types' maps building types to models")
    return generic, {str(k): _model(f"types.{k}", v) for k, v in types.items()}


#: used when the model file cannot be read: every building a plain block
FALLBACK = Model((Part(PartKind.BLOCK, colour="body:light", height=0.4, per_cell=0.12, roof="hip", roof_height=0.15),))


@lru_cache(maxsize=1)
def _library() -> tuple[Model, dict[str, Model]]:
    try:
        return parse_models(resource_path(*MODELS_FILE).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ModelError) as exc:
        # a damaged install still shows the city, with plain blocks
        logging.getLogger(__name__).warning("building models not loaded (%s): plain blocks instead", exc)
        return FALLBACK, {}


def model_of(btype: str) -> Model:
    """The model of a building type; a type without one (house rules) gets the generic model."""
    generic, types = _library()
    return types.get(btype, generic)


def has_own_model(btype: str) -> bool:
    return btype in _library()[1]


# ----------------------------------------------------------------- geometry
@dataclass
class Face:
    """One flat polygon of a piece, projected, with its fill."""

    poly: QPolygonF
    fill: QColor
    edge: QColor | None = None
    ellipse: QRectF | None = None  # tree tops are drawn as discs


@dataclass
class Piece:
    """A rectangle of a building's shape with everything standing on it."""

    cells: list[Cell]
    rect: tuple[float, float, float, float]  # plan x0, y0, x1, y1 (with the streets it spans)
    faces: list[Face] = field(default_factory=list)
    top: float = 0.0  # the highest point, plan units above the plate


def rectangles(cells: list[Cell]) -> list[list[Cell]]:
    """A shape cut into rectangles (greedy: rows first, then grown downwards)."""
    left = set(cells)
    out = []
    while left:
        x0, y0 = min(left, key=lambda c: (c[1], c[0]))
        x1 = x0
        while (x1 + 1, y0) in left:
            x1 += 1
        y1 = y0
        while all((x, y1 + 1) in left for x in range(x0, x1 + 1)):
            y1 += 1
        rect = [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
        left.difference_update(rect)
        out.append(rect)
    return out


def _shade(c: QColor, k: float) -> QColor:
    return QColor(
        min(255, round(c.red() * k)), min(255, round(c.green() * k)), min(255, round(c.blue() * k)), c.alpha()
    )


def resolve_colour(spec: str, btype: str) -> QColor:
    body = S.style_of(btype).fill
    if spec == "body":
        return QColor(body)
    if spec == "body:light":
        return QColor(
            round(body.red() * 0.55 + 255 * 0.45),
            round(body.green() * 0.55 + 255 * 0.45),
            round(body.blue() * 0.55 + 255 * 0.45),
        )
    if spec == "body:dark":
        return _shade(body, 0.72)
    return QColor(spec)


class _Builder:
    """Collects the faces of one piece: convex solids are given face by face
    (outward normals); only the faces turned to the camera are kept, shaded
    by the light, in back-to-front order of their solids."""

    def __init__(self, proj: Projection, grow: float, alpha: int) -> None:
        self.proj = proj
        self.grow = grow
        self.alpha = alpha
        self.solids: list[tuple[float, list[Face]]] = []
        self.top = 0.0

    def pt(self, x: float, y: float, z: float) -> QPointF:
        return self.proj.to_scene(x, y, PLATE + z * self.grow)

    def _depth(self, x: float, y: float, z: float) -> float:
        rx, ry = self.proj.rotated(x, y)
        return rx + ry + 0.01 * z

    def solid(self, faces: list[tuple[list[Point3], QColor]], edge: bool = True, normal: Point3 | None = None) -> None:
        """A convex solid (its faces in any winding: normals are turned away
        from its middle), or with `normal`, flat decals all facing one way."""
        out: list[Face] = []
        cx = cy = cz = 0.0
        n = 0
        for pts, _colour in faces:
            for x, y, z in pts:
                cx += x
                cy += y
                cz += z
                n += 1
                self.top = max(self.top, z * self.grow)
        cx, cy, cz = cx / n, cy / n, cz / n
        for pts, colour in faces:
            if normal is not None:
                nx, ny, nz = normal
            else:
                nx, ny, nz = _normal(pts)
                fx = sum(p[0] for p in pts) / len(pts) - cx
                fy = sum(p[1] for p in pts) / len(pts) - cy
                fz = sum(p[2] for p in pts) / len(pts) - cz
                if nx * fx + ny * fy + nz * fz < 0:
                    nx, ny, nz = -nx, -ny, -nz
            rx, ry = self.proj.rotated(nx, ny)
            facing = rx * _TOWARDS_CAMERA[0] + ry * _TOWARDS_CAMERA[1] + nz * _TOWARDS_CAMERA[2]
            if facing <= 1e-6:
                continue
            lit = max(0.0, (rx * _LIGHT[0] + ry * _LIGHT[1] + nz * _LIGHT[2]) / _LIGHT_LEN)
            fill = _shade(colour, 0.66 + 0.36 * lit)
            fill.setAlpha(self.alpha)
            e = _shade(fill, 0.78) if edge else None
            if e is not None:
                e.setAlpha(self.alpha)
            out.append(Face(QPolygonF([self.pt(*p) for p in pts]), fill, e))
        self.solids.append((self._depth(cx, cy, cz), out))

    def disc(self, x: float, y: float, z: float, r: float, colour: QColor) -> None:
        c = self.pt(x, y, z)
        rr = r * 0.86
        dark = _shade(colour, 0.8)
        dark.setAlpha(self.alpha)
        light = _shade(colour, 1.12)
        light.setAlpha(self.alpha)
        self.top = max(self.top, (z + r) * self.grow)
        faces = [
            Face(QPolygonF(), dark, _shade(dark, 0.8), QRectF(c.x() - rr, c.y() - rr * 0.92, 2 * rr, 1.84 * rr)),
            Face(QPolygonF(), light, None, QRectF(c.x() - rr * 0.72, c.y() - rr * 0.86, 1.2 * rr, 1.1 * rr)),
        ]
        self.solids.append((self._depth(x, y, z), faces))

    def faces(self) -> list[Face]:
        self.solids.sort(key=lambda s: s[0])
        return [f for _, fs in self.solids for f in fs]


def _normal(pts: list[Point3]) -> Point3:
    # Newell's method: robust for any planar polygon
    nx = ny = nz = 0.0
    for i, (x1, y1, z1) in enumerate(pts):
        x2, y2, z2 = pts[(i + 1) % len(pts)]
        nx += (y1 - y2) * (z1 + z2)
        ny += (z1 - z2) * (x1 + x2)
        nz += (x1 - x2) * (y1 + y2)
    ln = math.sqrt(nx * nx + ny * ny + nz * nz) or 1.0
    return (nx / ln, ny / ln, nz / ln)


def box_faces(x0: float, y0: float, x1: float, y1: float, z0: float, z1: float, col: QColor, top: QColor | None = None):
    """The faces of a box, outward."""
    t = top or col
    return [
        ([(x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)], t),  # top
        ([(x0, y1, z0), (x1, y1, z0), (x1, y1, z1), (x0, y1, z1)], col),  # +y
        ([(x1, y0, z0), (x0, y0, z0), (x0, y0, z1), (x1, y0, z1)], col),  # -y
        ([(x1, y1, z0), (x1, y0, z0), (x1, y0, z1), (x1, y1, z1)], col),  # +x
        ([(x0, y0, z0), (x0, y1, z0), (x0, y1, z1), (x0, y0, z1)], col),  # -x
    ]


def prism_faces(pts2: list[tuple[float, float]], z0: float, z1: float, col: QColor, top: QColor | None = None):
    """A vertical prism over a convex polygon given clockwise on screen (plan y down)."""
    faces = [([(x, y, z1) for x, y in pts2], top or col)]
    n = len(pts2)
    for i in range(n):
        (xa, ya), (xb, yb) = pts2[i], pts2[(i + 1) % n]
        faces.append(([(xb, yb, z0), (xa, ya, z0), (xa, ya, z1), (xb, yb, z1)], col))
    return faces


def _octagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(i * math.pi / 4 + math.pi / 8), cy + r * math.sin(i * math.pi / 4 + math.pi / 8))
        for i in range(8)
    ]


def _pyramid(pts2: list[tuple[float, float]], z0: float, apex: Point3, col: QColor):
    faces = []
    n = len(pts2)
    for i in range(n):
        (xa, ya), (xb, yb) = pts2[i], pts2[(i + 1) % n]
        faces.append(([(xb, yb, z0), (xa, ya, z0), apex], col))
    return faces


def building_geometry(
    btype: str,
    cells: list[Cell],
    proj: Projection,
    owner: QColor | None = None,
    grow: float = 1.0,
    alpha: int = 255,
) -> list[Piece]:
    """The pieces of a building of type `btype` on `cells` (grid cells), seen
    through `proj`; `grow` in (0, 1] lowers it (the rise animation)."""
    model = model_of(btype)
    n = len(cells)
    block = model.block()
    inset = (block.inset if block is not None else 0.17) * CELL
    wall_h = 0.0
    if block is not None:
        wall_h = (block.height + block.per_cell * (n - 1)) * CELL
    shape = _Shape(btype, set(cells), _centre_cell(cells), inset, wall_h)
    return [_piece(model, shape, rect, proj, owner, grow, alpha) for rect in rectangles(cells)]


@dataclass(frozen=True)
class _Shape:
    """A building's shape as its pieces are built: its type, cells, middle cell, walls."""

    btype: str
    cellset: set[Cell]
    centre_cell: Cell
    inset: float  # plan units between a lot's edge and the walls
    wall_h: float


def _centre_cell(cells: list[Cell]) -> Cell:
    """The cell nearest the middle of the shape (a tower stands there)."""
    n = len(cells)
    mx = sum(c[0] for c in cells) / n
    my = sum(c[1] for c in cells) / n
    return min(cells, key=lambda c: ((c[0] + 0.5 - mx - 0.5) ** 2 + (c[1] + 0.5 - my - 0.5) ** 2, c[1], c[0]))


def _walls(shape: _Shape, rect: list[Cell]) -> tuple[float, float, float, float]:
    """Where the walls of the piece on `rect` stand (plan units): inset from
    the lots' edges but on a side where the building goes on into the next cell."""
    xs = [c[0] for c in rect]
    ys = [c[1] for c in rect]
    gx0, gy0, gx1, gy1 = min(xs), min(ys), max(xs) + 1, max(ys) + 1

    def edge(lo: bool, axis: int, grid: int) -> float:
        others = [(grid - 1 if lo else grid, c[1]) if axis == 0 else (c[0], grid - 1 if lo else grid) for c in rect]
        joined = all(o in shape.cellset for o in others)
        return 0.0 if joined else (shape.inset if lo else -shape.inset)

    return (
        gx0 * CELL + edge(True, 0, gx0),
        gy0 * CELL + edge(True, 1, gy0),
        gx1 * CELL + edge(False, 0, gx1),
        gy1 * CELL + edge(False, 1, gy1),
    )


def _base_plate(
    b: _Builder, shape: _Shape, rect: list[Cell], walls: tuple[float, float, float, float], owner: QColor | None
) -> None:
    """The base plate under a piece: the owner's colour, as on the physical pieces."""
    x0, y0, x1, y1 = walls
    gx0, gy0 = min(c[0] for c in rect) * CELL, min(c[1] for c in rect) * CELL
    gx1, gy1 = (max(c[0] for c in rect) + 1) * CELL, (max(c[1] for c in rect) + 1) * CELL
    pad = max(3.0, shape.inset - 5.5)
    px0 = x0 - pad if x0 != gx0 else x0
    px1 = x1 + pad if x1 != gx1 else x1
    py0 = y0 - pad if y0 != gy0 else y0
    py1 = y1 + pad if y1 != gy1 else y1
    plate = QColor(owner) if owner is not None else PLINTH
    b.solid(box_faces(px0, py0, px1, py1, 0.0, OWNER_PLATE, plate))


def _piece(
    model: Model,
    shape: _Shape,
    rect: list[Cell],
    proj: Projection,
    owner: QColor | None,
    grow: float,
    alpha: int,
) -> Piece:
    """The piece of a building on one rectangle of its shape."""
    x0, y0, x1, y1 = _walls(shape, rect)
    b = _Builder(proj, grow, alpha)
    _base_plate(b, shape, rect, (x0, y0, x1, y1), owner)
    for part in model.parts:
        if part.kind == PartKind.BLOCK:
            _block(b, part, shape.btype, (x0, y0, x1, y1), shape.wall_h, rect, shape.cellset)
        elif part.kind == PartKind.TOWER:
            targets = rect if part.cells == "each" else [c for c in rect if c == shape.centre_cell]
            for c in targets:
                _tower(b, part, shape.btype, c, shape.wall_h)
        elif part.kind == PartKind.TREES:
            for c in rect:
                _trees(b, part, shape.btype, c)
    return Piece(list(rect), (x0, y0, x1, y1), b.faces(), b.top)


def _block(b: _Builder, part: Part, btype: str, r, wall_h: float, rect: list[Cell], cellset: set[Cell]) -> None:
    x0, y0, x1, y1 = r
    z0 = OWNER_PLATE
    z1 = z0 + wall_h
    wall = resolve_colour(part.colour, btype)
    roof = resolve_colour(part.roof_colour, btype)
    flat_top = part.roof == "flat" or part.roof_height <= 0
    b.solid(box_faces(x0, y0, x1, y1, z0, z1, wall, _shade(wall, 0.94) if flat_top else roof))
    _windows(b, part, (x0, y0, x1, y1), z0, z1, wall)
    rh = part.roof_height * CELL
    if flat_top:
        return
    w, d = x1 - x0, y1 - y0
    along_x = w >= d
    if w == d and len(rect) == 1:
        # a one-cell piece of a longer building turns its ridge towards the rest
        (cx, cy) = rect[0]
        if (cx, cy - 1) in cellset or (cx, cy + 1) in cellset:
            along_x = False
    if part.roof == "gable":
        if along_x:
            ym = (y0 + y1) / 2
            b.solid(
                [
                    ([(x0, y0, z1), (x1, y0, z1), (x1, ym, z1 + rh), (x0, ym, z1 + rh)], roof),
                    ([(x1, y1, z1), (x0, y1, z1), (x0, ym, z1 + rh), (x1, ym, z1 + rh)], roof),
                    ([(x1, y0, z1), (x1, y1, z1), (x1, ym, z1 + rh)], wall),
                    ([(x0, y1, z1), (x0, y0, z1), (x0, ym, z1 + rh)], wall),
                ]
            )
        else:
            xm = (x0 + x1) / 2
            b.solid(
                [
                    ([(x1, y0, z1), (x1, y1, z1), (xm, y1, z1 + rh), (xm, y0, z1 + rh)], roof),
                    ([(x0, y1, z1), (x0, y0, z1), (xm, y0, z1 + rh), (xm, y1, z1 + rh)], roof),
                    ([(x0, y0, z1), (x1, y0, z1), (xm, y0, z1 + rh)], wall),
                    ([(x1, y1, z1), (x0, y1, z1), (xm, y1, z1 + rh)], wall),
                ]
            )
    elif part.roof in ("hip", "pyramid", "dome"):
        h = min(w, d) / 2
        if along_x:
            ym = (y0 + y1) / 2
            a, c = (x0 + h, ym, z1 + rh), (x1 - h, ym, z1 + rh)
            b.solid(
                [
                    ([(x0, y0, z1), (x1, y0, z1), c, a], roof),
                    ([(x1, y1, z1), (x0, y1, z1), a, c], roof),
                    ([(x1, y0, z1), (x1, y1, z1), c], _shade(roof, 0.97)),
                    ([(x0, y1, z1), (x0, y0, z1), a], _shade(roof, 0.97)),
                ]
            )
        else:
            xm = (x0 + x1) / 2
            a, c = (xm, y0 + h, z1 + rh), (xm, y1 - h, z1 + rh)
            b.solid(
                [
                    ([(x1, y0, z1), (x1, y1, z1), c, a], roof),
                    ([(x0, y1, z1), (x0, y0, z1), a, c], roof),
                    ([(x0, y0, z1), (x1, y0, z1), a], _shade(roof, 0.97)),
                    ([(x1, y1, z1), (x0, y1, z1), c], _shade(roof, 0.97)),
                ]
            )
    elif part.roof == "sawtooth":
        # north-light roof: teeth across the long side, glass on their steep faces
        length = w if along_x else d
        teeth = max(2, round(length / (CELL * 0.34)))
        step = length / teeth
        for i in range(teeth):
            if along_x:
                a0, a1 = x0 + i * step, x0 + (i + 1) * step
                b.solid(
                    [
                        ([(a0, y1, z1), (a0, y0, z1), (a1, y0, z1 + rh), (a1, y1, z1 + rh)], roof),
                        ([(a1, y0, z1), (a1, y1, z1), (a1, y1, z1 + rh), (a1, y0, z1 + rh)], GLASS),
                        ([(a1, y1, z1), (a0, y1, z1), (a1, y1, z1 + rh)], wall),
                        ([(a0, y0, z1), (a1, y0, z1), (a1, y0, z1 + rh)], wall),
                    ]
                )
            else:
                a0, a1 = y0 + i * step, y0 + (i + 1) * step
                b.solid(
                    [
                        ([(x0, a0, z1), (x1, a0, z1), (x1, a1, z1 + rh), (x0, a1, z1 + rh)], roof),
                        ([(x1, a1, z1), (x0, a1, z1), (x0, a1, z1 + rh), (x1, a1, z1 + rh)], GLASS),
                        ([(x1, a0, z1), (x1, a1, z1), (x1, a1, z1 + rh)], wall),
                        ([(x0, a1, z1), (x0, a0, z1), (x0, a1, z1 + rh)], wall),
                    ]
                )


def _windows(b: _Builder, part: Part, r, z0: float, z1: float, wall: QColor) -> None:
    """Windows on the block's walls: flat quads just outside the wall, one
    solid per wall (so that only the walls turned to the camera show them)."""
    if part.windows == "none" or z1 - z0 < 8:
        return
    x0, y0, x1, y1 = r
    eps = 0.4
    glass = QColor(GLASS)
    glass.setAlpha(235)
    walls = [  # (start, end, outward normal) of each wall, just outside it
        ((x0, y1 + eps), (x1, y1 + eps), (0.0, 1.0, 0.0)),
        ((x1, y0 - eps), (x0, y0 - eps), (0.0, -1.0, 0.0)),
        ((x1 + eps, y1), (x1 + eps, y0), (1.0, 0.0, 0.0)),
        ((x0 - eps, y0), (x0 - eps, y1), (-1.0, 0.0, 0.0)),
    ]
    h = z1 - z0
    for (ax, ay), (bx, by), out in walls:
        length = math.hypot(bx - ax, by - ay)
        faces: list[tuple[list[Point3], QColor]] = []

        def quad(
            t0: float, t1: float, h0: float, h1: float, col: QColor, _a=(ax, ay), _b=(bx, by), _len=length, _out=faces
        ) -> None:
            pa = (_a[0] + (_b[0] - _a[0]) * t0 / _len, _a[1] + (_b[1] - _a[1]) * t0 / _len)
            pb = (_a[0] + (_b[0] - _a[0]) * t1 / _len, _a[1] + (_b[1] - _a[1]) * t1 / _len)
            _out.append(([(pa[0], pa[1], h0), (pb[0], pb[1], h0), (pb[0], pb[1], h1), (pa[0], pa[1], h1)], col))

        if part.windows == "bands":
            floors = max(1, round(h / (CELL * 0.16)))
            fh = h / floors
            for i in range(floors):
                quad(3.0, length - 3.0, z0 + i * fh + fh * 0.35, z0 + i * fh + fh * 0.8, glass)
        elif part.windows == "house":
            n = max(1, round(length / (CELL * 0.36)))
            seg = length / n
            for i in range(n):
                m = (i + 0.5) * seg
                quad(m - 3.2, m + 3.2, z0 + h * 0.42, z0 + h * 0.8, glass)
        elif part.windows == "columns":
            n = max(3, round(length / 9.0))
            seg = length / n
            shadow = _shade(wall, 0.7)
            for i in range(n):
                m = (i + 0.5) * seg
                quad(m - seg * 0.2, m + seg * 0.2, z0 + 2.0, z1 - 4.0, shadow)
        if faces:
            b.solid(faces, edge=False, normal=out)


def _tower(b: _Builder, part: Part, btype: str, c: Cell, wall_h: float) -> None:
    cx = (c[0] + part.at[0]) * CELL
    cy = (c[1] + part.at[1]) * CELL
    w = part.size[0] * CELL / 2
    d = part.size[1] * CELL / 2
    z0 = OWNER_PLATE + (wall_h if part.base is None else part.base * CELL)
    z1 = z0 + part.height * CELL
    col = resolve_colour(part.colour, btype)
    roof = resolve_colour(part.roof_colour, btype)
    rh = part.roof_height * CELL
    if part.round or part.roof == "dome":
        ring = _octagon(cx, cy, max(w, d))
        b.solid(prism_faces(ring, z0, z1, col, roof if part.roof == "flat" and not part.round else _shade(col, 0.9)))
        if part.roof == "dome" and rh > 0:
            # two tiers of an octagonal dome and a small lantern on top
            mid = _octagon(cx, cy, max(w, d) * 0.78)
            faces = [([(x, y, z1 + rh * 0.55) for x, y in mid], roof)]
            for i in range(8):
                (xa, ya), (xb, yb) = ring[i], ring[(i + 1) % 8]
                (ma, na), (mb, nb) = mid[i], mid[(i + 1) % 8]
                faces.append(([(xb, yb, z1), (xa, ya, z1), (ma, na, z1 + rh * 0.55), (mb, nb, z1 + rh * 0.55)], roof))
            b.solid(faces)
            b.solid(_pyramid(mid, z1 + rh * 0.55, (cx, cy, z1 + rh), roof))
        elif part.roof == "pyramid" and rh > 0:
            b.solid(_pyramid(ring, z1, (cx, cy, z1 + rh), roof))
        return
    pts = [(cx - w, cy - d), (cx + w, cy - d), (cx + w, cy + d), (cx - w, cy + d)]
    b.solid(prism_faces(pts, z0, z1, col, roof if part.roof == "flat" else col))
    if part.roof == "pyramid" and rh > 0:
        b.solid(_pyramid(pts, z1, (cx, cy, z1 + rh), roof))


def _trees(b: _Builder, part: Part, btype: str, c: Cell) -> None:
    leaves = resolve_colour(part.colour, btype)
    trunk = QColor(part.trunk)
    r = part.radius * CELL
    # the same few spots in every cell, shifted by the cell so parks differ a little
    spots = [(0.3, 0.32), (0.7, 0.4), (0.42, 0.72), (0.76, 0.76), (0.24, 0.66), (0.56, 0.22)]
    k = (c[0] * 7 + c[1] * 3) % len(spots)
    for i in range(part.count):
        fx, fy = spots[(k + i) % len(spots)]
        x, y = (c[0] + fx) * CELL, (c[1] + fy) * CELL
        zt = OWNER_PLATE + part.height * CELL * (0.85 + 0.3 * ((i + k) % 3) / 2)
        b.solid(prism_faces(_square(x, y, 1.6), OWNER_PLATE, zt - r * 0.6, trunk), edge=False)
        b.disc(x, y, zt, r * (0.9 + 0.1 * (i % 2)), leaves)


def _square(x: float, y: float, h: float) -> list[tuple[float, float]]:
    return [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]


# -------------------------------------------------------------- depth sort
_EPS = 1e-6


def _before(boxes: list[tuple[float, float, float, float]], i: int, j: int) -> tuple[int, int] | None:
    """(far, near) of two boxes in the camera's ground axes, or None when
    they cannot overlap on screen (no order needed)."""
    X0, Y0, X1, Y1 = boxes[i]
    U0, V0, U1, V1 = boxes[j]
    eps = _EPS
    # screen x is X - Y: no overlap there, no order needed
    if X1 - Y0 <= U0 - V1 + eps or U1 - V0 <= X0 - Y1 + eps:
        return None
    if X1 <= U0 + eps or Y1 <= V0 + eps:
        return i, j
    if U1 <= X0 + eps or V1 <= Y0 + eps:
        return j, i
    # overlapping footprints: by their middles
    return (i, j) if X0 + X1 + Y0 + Y1 <= U0 + U1 + V0 + V1 else (j, i)


def depth_order(rects: list[tuple[float, float, float, float]], proj: Projection) -> list[int]:
    """Indices of plan rectangles (disjoint footprints of things standing on
    the ground) in painting order for `proj`: far before near. A rectangle
    wholly behind another along one of the camera's ground axes is drawn
    first; pairs that cannot overlap on screen are not compared."""
    boxes = []
    for x0, y0, x1, y1 in rects:
        a = proj.rotated(x0, y0)
        b = proj.rotated(x1, y1)
        boxes.append((min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])))
    n = len(boxes)
    after: list[list[int]] = [[] for _ in range(n)]
    indeg = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            pair = _before(boxes, i, j)
            if pair is not None:
                first, second = pair
                after[first].append(second)
                indeg[second] += 1
    key = [boxes[i][0] + boxes[i][1] + boxes[i][2] + boxes[i][3] for i in range(n)]
    import heapq

    ready = [(key[i], i) for i in range(n) if indeg[i] == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        _, i = heapq.heappop(ready)
        order.append(i)
        for j in after[i]:
            indeg[j] -= 1
            if indeg[j] == 0:
                heapq.heappush(ready, (key[j], j))
    if len(order) < n:  # a cycle (cannot happen for disjoint footprints): the rest by depth
        rest = sorted((i for i in range(n) if i not in set(order)), key=lambda i: key[i])
        order.extend(rest)
    return order
