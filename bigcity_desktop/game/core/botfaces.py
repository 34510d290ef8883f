"""Bots with a name and a face.

What differs from level to level is declared once, in
bigcity_desktop/bots/levels.py; this module shows it: :func:`level_label`
and :func:`level_tip` give a level's word and description in the player's
language, :data:`NAME_TABLE` the names each bot level sits down with (the
New game dialog offers them, so a table reads "Greta (hard)" rather than
"Bot 2"). The names go through the catalogue (context ``BotNames``), so a
language may give a name that is a word ("Lucky") its own word; a game and
the player's record keep the name as it was at the table.
:func:`pick_names` gives every bot seat a name no other seat has;
:func:`emblem_pixmap` draws a level's small portrait (its declared
:class:`~bigcity_desktop.bots.levels.Face`) in the seat's colour.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap

from bigcity_desktop.bots.levels import Eyes, Face, Head, Mouth, level_of
from bigcity_desktop.bots.names import BOT_NAME_TABLE, free_bot_name
from bigcity_desktop.i18n import translate
from bigcity_desktop.scene import style as S

# the names of each bot level (English; shown through the catalogue's BotNames context)
NAME_TABLE = BOT_NAME_TABLE


def level_label(kind: str) -> str:
    """A bot level ("medium") as the player reads it (a level this version
    does not know reads as its key)."""
    level = level_of(kind)
    return translate("GameController", level.label if level else kind)


def level_tip(kind: str) -> str:
    """What playing against a bot level is like, in the player's language
    (empty for a level this version does not know)."""
    level = level_of(kind)
    return translate("Dialogs", level.description) if level else ""


def bot_names(level: str) -> list[str]:
    """The names of `level` in the player's language (none for a level without names)."""
    return [translate("BotNames", n) for n in NAME_TABLE.get(level, ())]


def is_bot_name(name: str) -> bool:
    """A name the table offers to some bot level (in this language or in English)."""
    return any(name == n or name == translate("BotNames", n) for names in NAME_TABLE.values() for n in names)


def pick_names(
    kinds: Sequence[str], fixed: Sequence[str | None], current: Sequence[str] = (), limit: int = 40
) -> list[str]:
    """A name for every seat: `fixed[i]` where it is given (a name a player
    typed, a human's name), else a name of the seat's bot level that no other
    seat has: its `current` name while that still fits, else the level's first
    free one. A level out of names numbers its first one ("Greta 2")."""
    taken = {n.casefold() for n in fixed if n}
    out: list[str] = []
    for i, (kind, name) in enumerate(zip(kinds, fixed)):
        if name:
            out.append(name)
            continue
        names = bot_names(kind)
        now = current[i] if i < len(current) else ""
        if now in names and now.casefold() not in taken:
            names = [now, *names]
        if not names:
            names = [translate("BotNames", "Bot")]
        choice = free_bot_name(kind, taken, tuple(names))[:limit]
        taken.add(choice.casefold())
        out.append(choice)
    return out


# ---------------------------------------------------------------- the faces


class _Square:
    """Points and boxes of the square `r` in fractions of its side."""

    def __init__(self, r: QRectF):
        self.x0, self.y0, self.w = r.left(), r.top(), r.width()

    def pt(self, fx: float, fy: float) -> QPointF:
        return QPointF(self.x0 + fx * self.w, self.y0 + fy * self.w)

    def box(self, fx: float, fy: float, fw: float, fh: float) -> QRectF:
        return QRectF(self.x0 + fx * self.w, self.y0 + fy * self.w, fw * self.w, fh * self.w)


def paint_emblem(p: QPainter, level: str, r: QRectF, colour: QColor | str) -> None:
    """A bot level's portrait filling the square `r`: a robot's head in the
    seat's colour whose shape and look are the level's declared face (easy:
    round and smiling; medium: a rounded square; hard: square with a visor;
    random: a die's face). Nothing for a level without one."""
    known = level_of(level)
    if known is not None:
        paint_face(p, known.face, r, colour)


def paint_face(p: QPainter, face: Face, r: QRectF, colour: QColor | str) -> None:
    """`face` filling the square `r`, in `colour`."""
    col = QColor(colour)
    ink = QColor(S.NUMBER_TEXT)
    sq = _Square(r)
    w = sq.w
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    edge = QPen(ink, max(1.0, w / 18), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    p.setPen(edge)
    if face.antenna:
        p.drawLine(sq.pt(0.5, 0.2), sq.pt(0.5, 0.08))
        p.setBrush(col)
        p.drawEllipse(sq.pt(0.5, 0.07), w * 0.055, w * 0.055)
    head = QPainterPath()
    if face.head is Head.ROUND:
        head.addEllipse(sq.box(0.1, 0.18, 0.8, 0.76))
    elif face.head is Head.SQUARE:
        head.addRect(sq.box(0.12, 0.2, 0.76, 0.72))
    else:
        head.addRoundedRect(sq.box(0.12, 0.2, 0.76, 0.72), w * 0.16, w * 0.16)
    p.setBrush(col)
    p.drawPath(head)
    if face.ears:  # bolts on either side
        p.setBrush(ink)
        p.drawRect(sq.box(0.04, 0.48, 0.08, 0.16))
        p.drawRect(sq.box(0.88, 0.48, 0.08, 0.16))
    p.setPen(Qt.PenStyle.NoPen)
    _paint_eyes(p, sq, face.eyes, ink)
    _paint_mouth(p, sq, face.mouth, ink)
    p.restore()


def _paint_eyes(p: QPainter, sq: _Square, eyes: Eyes, ink: QColor) -> None:
    paper = QColor(S.TABLE)
    w = sq.w
    if eyes is Eyes.PIPS:  # a die showing five: four eyes and a nose
        p.setBrush(paper)
        for fx, fy in ((0.33, 0.38), (0.67, 0.38), (0.5, 0.56), (0.33, 0.74), (0.67, 0.74)):
            p.drawEllipse(sq.pt(fx, fy), w * 0.075, w * 0.075)
    elif eyes is Eyes.VISOR:  # a visor across the eyes
        p.setBrush(ink)
        p.drawRoundedRect(sq.box(0.2, 0.38, 0.6, 0.17), w * 0.05, w * 0.05)
        p.setBrush(paper)
        p.drawRect(sq.box(0.28, 0.44, 0.14, 0.05))
        p.drawRect(sq.box(0.58, 0.44, 0.14, 0.05))
    else:
        for fx in (0.35, 0.65):
            p.setBrush(paper)
            p.drawEllipse(sq.pt(fx, 0.47), w * 0.1, w * 0.1)
            p.setBrush(ink)
            p.drawEllipse(sq.pt(fx, 0.48), w * 0.045, w * 0.045)


def _paint_mouth(p: QPainter, sq: _Square, mouth: Mouth, ink: QColor) -> None:
    if mouth is Mouth.NONE:
        return
    p.setPen(QPen(ink, max(1.0, sq.w / 16), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.setBrush(Qt.BrushStyle.NoBrush)
    if mouth is Mouth.SMILE:
        p.drawArc(sq.box(0.32, 0.55, 0.36, 0.22), 200 * 16, 140 * 16)
    elif mouth is Mouth.TEETH:  # set teeth
        p.drawLine(sq.pt(0.34, 0.74), sq.pt(0.66, 0.74))
        for k in range(1, 4):
            fx = 0.34 + k * 0.08
            p.drawLine(sq.pt(fx, 0.71), sq.pt(fx, 0.77))
    else:  # a level look: a flat, slightly wavy mouth
        path = QPainterPath(sq.pt(0.34, 0.74))
        for k in range(1, 9):
            fx = 0.34 + k * 0.04
            path.lineTo(sq.pt(fx, 0.74 + 0.015 * math.sin(k * math.pi / 2)))
        p.drawPath(path)


def emblem_pixmap(level: str, colour: QColor | str, size: int = 16, dpr: float = 2.0) -> QPixmap:
    """A bot level's portrait as a small picture (tables, the New game dialog);
    a transparent one for a level without a face (a human seat)."""
    pm = QPixmap(int(size * dpr), int(size * dpr))
    pm.setDevicePixelRatio(dpr)
    pm.fill(Qt.GlobalColor.transparent)
    if level_of(level) is not None:
        p = QPainter(pm)
        paint_emblem(p, level, QRectF(0, 0, size, size), colour)
        p.end()
    return pm


def seat_badge(seat: int, colour: QColor | str, level: str, size: int = 16, dpr: float = 2.0) -> QPixmap:
    """The players table's picture of a seat: its marker (the shape on its
    buildings) and, for a bot, its portrait beside it (badge_width() wide)."""
    width = badge_width(size)
    pm = QPixmap(int(width * dpr), int(size * dpr))
    pm.setDevicePixelRatio(dpr)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    S.paint_marker(p, seat, QRectF(2, 2, size - 4, size - 4), colour)
    if level_of(level) is not None:
        paint_emblem(p, level, QRectF(size + 3, 0, size, size), colour)
    p.end()
    return pm


def badge_width(size: int = 16) -> int:
    return 2 * size + 3
