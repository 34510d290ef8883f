"""Qt item models over the game state.

Each model is refreshed by the :class:`~.controller.GameController` after
every applied action and emits fine-grained signals (``dataChanged``, row
inserts and removals). A model is reset only when a new game starts or a
game is loaded. Widgets read these models; they never reach into the engine.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractListModel,
    QAbstractTableModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QIcon

from bigcity_desktop.engine.cards import Card, stack_of
from bigcity_desktop.engine.phases import EventKind
from bigcity_desktop.i18n import QT_TRANSLATE_NOOP, rules_text, translate
from bigcity_desktop.scene import style as S
from bigcity_desktop.scene.tools import BUILDING_MIME

from .botfaces import NAME_TABLE, level_label, seat_badge

if TYPE_CHECKING:  # pragma: no cover
    from bigcity_desktop.engine import Rules


CardRole = Qt.ItemDataRole.UserRole + 1
UselessRole = Qt.ItemDataRole.UserRole + 2
StackRole = Qt.ItemDataRole.UserRole + 3
BuildingRole = Qt.ItemDataRole.UserRole + 4  # (btype, size)
PlayerRole = Qt.ItemDataRole.UserRole + 5
KindRole = Qt.ItemDataRole.UserRole + 6
# where a hand card's lot lies: (in the city centre, rotation of its neighborhood); None outside the city
PlaceRole = Qt.ItemDataRole.UserRole + 7
AbsentRole = Qt.ItemDataRole.UserRole + 8
BlockedRole = Qt.ItemDataRole.UserRole + 9  # a park/factory card with no place in the city now
# a player's row in parts, for the players' strips (game/tabletop/playerstrips.py)
ScoreRole = Qt.ItemDataRole.UserRole + 10
HandStacksRole = Qt.ItemDataRole.UserRole + 11  # the stacks of the cards in hand (card backs are public)
BuiltRole = Qt.ItemDataRole.UserRole + 12  # the buildings with the player's marker on the board
CurrentRole = Qt.ItemDataRole.UserRole + 13  # the player to move
ColourRole = Qt.ItemDataRole.UserRole + 14  # the player's colour, "#rrggbb"
NameRole = Qt.ItemDataRole.UserRole + 15  # the name alone ("Greta")
KindLabelRole = Qt.ItemDataRole.UserRole + 16  # "Bot (hard)", "Human"
StripTipRole = Qt.ItemDataRole.UserRole + 17  # the whole player at once: who, the hand, the buildings
LastMoveRole = Qt.ItemDataRole.UserRole + 18  # the player's last move, short: its forms, longest first ([] for none)
LastLotsRole = Qt.ItemDataRole.UserRole + 19  # the lots that move built on (lit while the strip is pointed at)
PieceRole = Qt.ItemDataRole.UserRole + 20  # a Supply row as a SupplyPiece (what the tray draws)
ReasonRole = Qt.ItemDataRole.UserRole + 21  # why a Supply piece cannot be picked up now, or None

#: numbers at the right of their column
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
#: the most lines the game window's log keeps (the newest)
LOG_LIMIT = 500
#: a log that keeps every line (the replay window's)
ALL_ROWS = sys.maxsize
#: the log's lines in bold: the game's own events
_BOLD_EVENTS = (EventKind.ROUND, EventKind.END, EventKind.REDEVELOPMENT, EventKind.START)
#: a line of the log: its text, the colour of its player (or None), the event's kind
LogRow = tuple[str, str | None, str]


def card_label(rules: Rules, card: int) -> str:
    """'23', 'Small park (20)', or 'stack 4' for a hidden card."""
    if card < 0:
        return translate("Models", "stack {stack}").format(stack=-card)
    piece = rules.special_cards.get(card)
    if piece is not None:
        btype, vname = piece
        rule = rules.buildings[btype]
        name = rules_text(f"{rule.variant(vname).label.capitalize()} {rule.label.lower()}")
        return translate("Models", "{piece} ({card})").format(piece=name, card=card)
    return str(card)


def _idx_ok(index: QModelIndex | QPersistentModelIndex) -> bool:
    # the models here are flat (a list or table model never makes a child
    # index), so a valid index is a top-level one; asking for its parent too
    # cost a tenth of a second each time a long table was first measured
    return index.isValid()


# --------------------------------------------------------------------------
class _RowsTableModel(QAbstractTableModel):
    """A table of dict rows under fixed COLUMNS: `reset` replaces the rows
    (a model reset), `update` signals only the rows that changed, and resets
    when the rows' identity changes (see `_key`)."""

    COLUMNS: tuple[str, ...] = ()

    def __init__(self, parent=None):
        super().__init__(parent)
        self._rows: list[dict] = []

    def _key(self, row: dict):
        return None

    def reset(self, rows: list[dict]) -> None:
        self.beginResetModel()
        self._rows = [dict(r) for r in rows]
        self.endResetModel()

    def update(self, rows: list[dict]) -> None:
        if len(rows) != len(self._rows) or [self._key(r) for r in rows] != [self._key(r) for r in self._rows]:
            self.reset(rows)
            return
        for i, r in enumerate(rows):
            if r != self._rows[i]:
                self._rows[i] = dict(r)
                self.dataChanged.emit(self.index(i, 0), self.index(i, len(self.COLUMNS) - 1))

    def row_info(self, row: int) -> dict:
        return dict(self._rows[row])

    def _row_at(self, index) -> dict | None:
        """The row under a valid index of this table, else None."""
        if not _idx_ok(index) or index.row() >= len(self._rows):
            return None
        return self._rows[index.row()]

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            if 0 <= section < len(self.COLUMNS):
                return translate("Models", self.COLUMNS[section])
        return None


def _seat_name(row: dict) -> str:
    """The players table's name of a seat: a bot's with its level ("Greta (hard)")."""
    if row["kind"] in NAME_TABLE:
        return translate("Models", "{name} ({level})").format(name=row["name"], level=level_label(row["kind"]))
    return row["name"]


class PlayersModel(_RowsTableModel):
    """One row per player: name, score, cards in hand by stack, kind, turn."""

    COLUMNS = (
        QT_TRANSLATE_NOOP("Models", "Player"),
        QT_TRANSLATE_NOOP("Models", "Score"),
        QT_TRANSLATE_NOOP("Models", "Hand"),
        QT_TRANSLATE_NOOP("Models", "Plays as"),
    )

    def data(self, index, role=Qt.ItemDataRole.DisplayRole) -> Any:
        r = self._row_at(index)
        answer = _PLAYER_ROLES.get(role) if r is not None else None
        return answer(r, index.row(), index.column()) if answer is not None and r is not None else None


def _player_text(r: dict, row: int, col: int) -> str | None:
    if col == 0:
        return ("\N{BLACK RIGHT-POINTING TRIANGLE} " if r["current"] else "") + _seat_name(r)
    if col == 1:
        return str(r["score"])
    if col == 2:
        return " ".join(str(s) for s in r["stacks"]) or "\N{EM DASH}"
    if col == 3:
        return r["kind_label"]
    return None


def _player_tip(r: dict, row: int, col: int) -> str | None:
    if col == 2:
        return translate("Models", "Stacks of the cards in this hand (card backs are public)")
    if col not in (0, 3):
        return None
    if r["current"]:
        tip = translate("Models", "{player} — {kind} (to move)")
    else:
        tip = translate("Models", "{player} — {kind}")
    tip = tip.format(player=r.get("full_name", r["name"]), kind=r["kind_label"].rstrip("*"))
    if r["kind_label"].endswith("*"):
        tip += "\n" + translate(
            "Models", "* the {level} bot is not available in this build: the random bot plays instead"
        ).format(level=r["kind"])
    return tip


def _strip_tip(r: dict, row: int, col: int) -> str:
    """A player's strip's tooltip: the name in full, the kind, the hand, the buildings and the last move."""
    lines = [_player_tip(r, row, 0) or ""]
    stacks = r["stacks"]
    if stacks:
        lines.append(
            translate("Models", "Hand: {cards} cards, from stacks {stacks} (card backs are public)").format(
                cards=len(stacks), stacks=", ".join(str(s) for s in stacks)
            )
        )
    else:
        lines.append(translate("Models", "Hand: no cards"))
    lines.append(translate("Models", "Buildings on the board: {built}").format(built=r.get("built", 0)))
    move = r.get("last_move")
    if move is not None:
        lines.append(translate("Models", "Last move (round {round}): {move}").format(round=move[0], move=move[1]))
    return "\n".join(lines)


def _player_badge(r: dict, row: int, col: int) -> QIcon | None:
    # the player's colour in the shape of their marker (as on their
    # buildings) and a bot's face: its level's portrait
    return QIcon(seat_badge(row, r["colour"], r["kind"])) if col == 0 else None


def _player_spoken(r: dict, row: int, col: int) -> str | None:
    if col != 0:
        return None
    return (
        translate("Models", "{name}, marker {marker}").format(name=_seat_name(r), marker=marker_name(row))
        + (translate("Models", ", to move") if r["current"] else "")
        + translate("Models", ", score {score}, cards in hand: {cards}, buildings on the board: {built}").format(
            score=r["score"], cards=len(r["stacks"]), built=r.get("built", 0)
        )
    )


def _bold(on: bool) -> QFont | None:
    """A bold font, or None (the view's own) when `on` is false."""
    if not on:
        return None
    f = QFont()
    f.setBold(True)
    return f


#: what the players table says in each role: (row dict, row, column) -> the value
_PLAYER_ROLES: dict[int, Callable[[dict, int, int], Any]] = {
    Qt.ItemDataRole.DisplayRole: _player_text,
    Qt.ItemDataRole.ToolTipRole: _player_tip,
    Qt.ItemDataRole.DecorationRole: _player_badge,
    Qt.ItemDataRole.AccessibleTextRole: _player_spoken,
    Qt.ItemDataRole.FontRole: lambda r, row, col: _bold(r["current"]),
    Qt.ItemDataRole.TextAlignmentRole: lambda r, row, col: _RIGHT if col == 1 else None,
    PlayerRole: lambda r, row, col: row,
    KindRole: lambda r, row, col: r["kind"],
    ScoreRole: lambda r, row, col: r["score"],
    HandStacksRole: lambda r, row, col: list(r["stacks"]),
    BuiltRole: lambda r, row, col: r.get("built", 0),
    CurrentRole: lambda r, row, col: bool(r["current"]),
    ColourRole: lambda r, row, col: r["colour"],
    NameRole: lambda r, row, col: r["name"],
    KindLabelRole: lambda r, row, col: r["kind_label"],
    StripTipRole: _strip_tip,
    LastMoveRole: lambda r, row, col: list(r.get("last_text", [])),
    LastLotsRole: lambda r, row, col: list(r.get("last_lots", [])),
}


# --------------------------------------------------------------------------
@dataclass(frozen=True)
class _HandCard:
    """A card of the hand on show, with what the hand knows of it."""

    card: int
    useless: bool
    absent: bool
    blocked: bool


class HandModel(QAbstractListModel):
    """The cards of the hand on show, sorted; checkable for exchanges/offers."""

    #: cards came into the same hand (drawn, taken in a redevelopment): the hand shows them fly in
    cardsArrived = Signal(list)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._cards: list[int] = []
        self._useless: set[int] = set()
        self._absent: set[int] = set()  # cards of neighborhoods not yet in the city
        self._blocked: set[int] = set()  # park/factory cards that have no place in the city now
        self._checked: set[int] = set()
        self._places: dict[int, tuple[bool, int]] = {}  # card -> (in the centre, its neighborhood's rotation)
        self.rules = None

    # -- refresh
    def reset(self, rules, cards: list[int], useless: set[int], absent=(), places=None, blocked=()) -> None:
        self.beginResetModel()
        self.rules = rules
        self._cards = sorted(cards)
        self._useless = set(useless)
        self._absent = set(absent)
        self._blocked = set(blocked)
        self._places = dict(places or {})
        self._checked = set()
        self.endResetModel()

    def replace(self, cards: list[int], useless: set[int], absent=(), places=None, blocked=()) -> None:
        """Another player's hand (hot-seat): all rows out, the new rows in."""
        if self._cards:
            self.beginRemoveRows(QModelIndex(), 0, len(self._cards) - 1)
            self._cards = []
            self._checked = set()
            self.endRemoveRows()
        new = sorted(cards)
        self._useless = set(useless)
        self._absent = set(absent)
        self._blocked = set(blocked)
        self._places = dict(places or {})
        if new:
            self.beginInsertRows(QModelIndex(), 0, len(new) - 1)
            self._cards = new
            self.endInsertRows()

    def update(self, cards: list[int], useless: set[int], absent=(), places=None, blocked=()) -> None:
        new = sorted(cards)
        # removals, bottom up
        for i in range(len(self._cards) - 1, -1, -1):
            c = self._cards[i]
            if new.count(c) < self._cards.count(c) or c not in new:
                self.beginRemoveRows(QModelIndex(), i, i)
                del self._cards[i]
                self._checked.discard(c)
                self.endRemoveRows()
        # insertions at their sorted place
        arrived = []
        for c in new:
            if self._cards.count(c) < new.count(c):
                arrived.append(c)
                pos = 0
                while pos < len(self._cards) and self._cards[pos] <= c:
                    pos += 1
                self.beginInsertRows(QModelIndex(), pos, pos)
                self._cards.insert(pos, c)
                self.endInsertRows()
        places = dict(places or {})
        changed = (set(useless) ^ self._useless) | (set(absent) ^ self._absent) | (set(blocked) ^ self._blocked)
        changed |= {c for c in set(places) | set(self._places) if places.get(c) != self._places.get(c)}
        self._useless = set(useless)
        self._absent = set(absent)
        self._blocked = set(blocked)
        self._places = places
        for i, c in enumerate(self._cards):
            if c in changed:
                ix = self.index(i, 0)
                self.dataChanged.emit(ix, ix)
        if arrived:
            self.cardsArrived.emit(arrived)

    # -- selection for exchange / offer
    def checked_cards(self) -> list[int]:
        return [c for c in self._cards if c in self._checked]

    def set_checked(self, cards) -> None:
        want = set(cards)
        for i, c in enumerate(self._cards):
            if (c in want) != (c in self._checked):
                if c in want:
                    self._checked.add(c)
                else:
                    self._checked.discard(c)
                ix = self.index(i, 0)
                self.dataChanged.emit(ix, ix, [Qt.ItemDataRole.CheckStateRole])

    def cards(self) -> list[int]:
        return list(self._cards)

    # -- model API
    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._cards)

    def flags(self, index):
        if not _idx_ok(index):
            return Qt.ItemFlag.NoItemFlags
        return (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemIsUserCheckable
            | Qt.ItemFlag.ItemIsDragEnabled  # onto its lot (game/tabletop/carddrag.py)
        )

    def data(self, index, role=Qt.ItemDataRole.DisplayRole) -> Any:
        if not _idx_ok(index) or index.row() >= len(self._cards):
            return None
        answer = self._ROLES.get(role)
        if answer is None:
            return None
        c = self._cards[index.row()]
        return answer(self, _HandCard(c, c in self._useless, c in self._absent, c in self._blocked))

    def _text(self, h: _HandCard) -> str:
        text = card_label(self.rules, h.card) if self.rules else str(h.card)
        if h.useless:
            return translate("Models", "{card}  (useless)").format(card=text)
        if h.absent:
            return translate("Models", "{card}  (not in the city yet)").format(card=text)
        if h.blocked:
            return translate("Models", "{card}  (no place for it now)").format(card=text)
        return text

    def _tip(self, h: _HandCard) -> str:
        c = h.card
        if h.useless:
            return translate(
                "Models", "Property {card} already holds a building: this card is useless and will be discarded"
            ).format(card=c)
        if h.absent:
            return translate(
                "Models",
                "Neighborhood {tile} is not in the city yet: you can keep, exchange or offer this card, "
                "not build with it",
            ).format(tile=Card(c).neighborhood)
        if h.blocked and self.rules is not None and self.rules.redevelopment:
            return translate(
                "Models",
                "This park or factory has no place in the city now (it needs City Hall and a free spot "
                "of its shape): you can keep or exchange this card, or offer it face down",
            )
        if h.blocked:
            return translate(
                "Models",
                "This park or factory has no place in the city now (it needs City Hall and a free spot "
                "of its shape): you can keep or exchange this card",
            )
        if Card(c).is_special:
            return translate("Models", "Play this card to build its park or factory (double-click)")
        return translate("Models", "Property card {card} (stack {stack})").format(card=c, stack=Card(c).stack)

    def _check_state(self, h: _HandCard) -> Qt.CheckState:
        return Qt.CheckState.Checked if h.card in self._checked else Qt.CheckState.Unchecked

    def _foreground(self, h: _HandCard) -> QBrush | None:
        return QBrush(QColor("#999999")) if (h.useless or h.absent or h.blocked) else None

    def _font(self, h: _HandCard) -> QFont:
        f = QFont()
        if h.useless:
            f.setStrikeOut(True)
        if h.absent:
            f.setItalic(True)
        if Card(h.card).is_special:
            f.setBold(True)
        return f

    #: what a card of the hand says in each role
    _ROLES: dict[int, Callable[[HandModel, _HandCard], Any]] = {
        Qt.ItemDataRole.DisplayRole: _text,
        Qt.ItemDataRole.ToolTipRole: _tip,
        Qt.ItemDataRole.CheckStateRole: _check_state,
        Qt.ItemDataRole.AccessibleTextRole: lambda m, h: m._spoken(h.card, h.useless, h.absent, h.blocked),
        PlaceRole: lambda m, h: m._places.get(h.card),
        AbsentRole: lambda m, h: h.absent,
        BlockedRole: lambda m, h: h.blocked,
        Qt.ItemDataRole.ForegroundRole: _foreground,
        Qt.ItemDataRole.FontRole: _font,
        CardRole: lambda m, h: h.card,
        UselessRole: lambda m, h: h.useless,
        StackRole: lambda m, h: stack_of(h.card),
    }

    def _spoken(self, c: int, useless: bool, absent: bool, blocked: bool = False) -> str:
        """A card as a screen reader says it: "Property 23, outskirts, ticked"."""
        if Card(c).is_special:
            text = card_label(self.rules, c) if self.rules else str(c)
        else:
            place = self._places.get(c)
            if place is None:
                where = translate("Models", "not in the city yet")
            elif place[0]:
                where = translate("Models", "city centre")
            else:
                where = translate("Models", "outskirts")
            text = translate("Models", "Property {card}, {where}").format(card=c, where=where)
        if blocked:
            text = translate("Models", "{card}, no place for it now").format(card=text)
        if useless:
            text = translate("Models", "{card}, useless").format(card=text)
        if c in self._checked:
            text = translate("Models", "{card}, ticked").format(card=text)
        return text

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.CheckStateRole or not _idx_ok(index) or index.row() >= len(self._cards):
            return False
        c = self._cards[index.row()]
        state = Qt.CheckState(value) if not isinstance(value, Qt.CheckState) else value
        if state == Qt.CheckState.Checked:
            self._checked.add(c)
        else:
            self._checked.discard(c)
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.CheckStateRole])
        return True


# --------------------------------------------------------------------------
def marker_name(seat: int) -> str:
    """The name of a seat's marker shape, as a screen reader says it."""
    names = {
        "circle": translate("Models", "circle"),
        "triangle": translate("Models", "triangle"),
        "square": translate("Models", "square"),
        "diamond": translate("Models", "diamond"),
        "star": translate("Models", "star"),
    }
    return names[S.MARKERS[seat % len(S.MARKERS)]]


@dataclass(frozen=True)
class SupplyPiece:
    """One piece of the Supply as the tray draws it."""

    type: str
    size: int
    label: str  # "Double residence", without the check mark
    left: int
    base: int | None  # None: a park or factory (built with its card, scored otherwise)
    buildable: bool  # the player at the screen can build it now (a card for a lot it fits)
    closed: bool  # not before City Hall is built


class SupplyModel(_RowsTableModel):
    """Pieces left in the supply, one row per building type and size.

    Rows can be dragged onto the board (mime type ``application/x-bigcity-building``,
    payload ``btype:size``)."""

    COLUMNS = (
        QT_TRANSLATE_NOOP("Models", "Building"),
        QT_TRANSLATE_NOOP("Models", "Left"),
        QT_TRANSLATE_NOOP("Models", "Base"),
    )

    def _key(self, row: dict):
        return (row["type"], row["size"])

    def flags(self, index):
        if not _idx_ok(index) or index.row() >= len(self._rows):
            return Qt.ItemFlag.NoItemFlags
        f = Qt.ItemFlag.ItemIsSelectable
        r = self._rows[index.row()]
        if r["left"] > 0:  # parks and factories too; a closed piece's drag says why (issue 46.3)
            f |= Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsDragEnabled
        return f

    def data(self, index, role=Qt.ItemDataRole.DisplayRole) -> Any:
        r = self._row_at(index)
        answer = _SUPPLY_ROLES.get(role) if r is not None else None
        return answer(r, index.column()) if answer is not None and r is not None else None

    def buildable_rows(self) -> list[int]:
        """The rows of the pieces the player at the screen can build now."""
        return [i for i, r in enumerate(self._rows) if r.get("buildable")]

    def mimeTypes(self) -> list[str]:
        return [BUILDING_MIME]

    def mimeData(self, indexes) -> QMimeData:
        md = QMimeData()
        rows = sorted({i.row() for i in indexes if i.isValid()})
        if rows:
            r = self._rows[rows[0]]
            md.setData(BUILDING_MIME, QByteArray(f"{r['type']}:{r['size']}".encode()))
            md.setText(f"{r['type']}:{r['size']}")
        return md

    def supportedDragActions(self):
        return Qt.DropAction.CopyAction


def _supply_text(r: dict, col: int) -> str | None:
    if col == 0:
        return ("\N{CHECK MARK} " if r.get("buildable") else "") + r["label"]
    if col == 1:
        return str(r["left"])
    if col == 2:
        return "\N{EM DASH}" if r["with_card"] else str(r["base"])
    return None


def _supply_tip(r: dict, col: int) -> str | None:
    tip = r.get("tooltip", "")
    if r.get("closed"):
        tip = translate("Models", "Closed until City Hall is built.") + " " + tip
    if r.get("buildable"):
        tip = translate("Models", "You can build this now (✓).") + " " + tip
    if col == 0:  # the whole name, where the column cuts it
        tip = r["label"] + (": " + tip if tip else "")
    return tip.strip() or None


def _supply_spoken(r: dict, col: int) -> str | None:
    if col != 0:
        return None
    text = translate("Models", "{piece}, {left} left").format(piece=r["label"], left=r["left"])
    if not r["with_card"]:
        text += translate("Models", ", base {base} points").format(base=r["base"])
    if r.get("closed"):
        text += translate("Models", ", closed until City Hall is built")
    if r.get("buildable"):
        text += translate("Models", ", you can build it now")
    return text


def _supply_piece(r: dict, col: int) -> SupplyPiece:
    return SupplyPiece(
        r["type"],
        r["size"],
        r["label"],
        r["left"],
        None if r["with_card"] else r["base"],
        bool(r.get("buildable")),
        bool(r.get("closed")),
    )


def _supply_reason(r: dict, col: int) -> str | None:
    """Why the piece cannot be picked up now (closed, or none left), or None."""
    if r.get("closed"):
        return translate("Models", "{piece}: closed until City Hall is built.").format(piece=r["label"])
    if r["left"] <= 0:
        return translate("Models", "{piece}: none left in the supply.").format(piece=r["label"])
    return None


#: what the supply table says in each role: (row dict, column) -> the value
_SUPPLY_ROLES: dict[int, Callable[[dict, int], Any]] = {
    Qt.ItemDataRole.DisplayRole: _supply_text,
    Qt.ItemDataRole.ToolTipRole: _supply_tip,
    Qt.ItemDataRole.FontRole: lambda r, col: _bold(bool(r.get("buildable"))),
    Qt.ItemDataRole.TextAlignmentRole: lambda r, col: _RIGHT if col in (1, 2) else None,
    BuildingRole: lambda r, col: (r["type"], r["size"]),
    Qt.ItemDataRole.AccessibleTextRole: _supply_spoken,
    PieceRole: _supply_piece,
    ReasonRole: _supply_reason,
}


# --------------------------------------------------------------------------
class LogModel(QAbstractListModel):
    """The public game log, one row per event: the newest :data:`LOG_LIMIT`
    of them (a record of a few hundred thousand moves keeps a log a window
    can draw; the replay viewer has every line)."""

    def __init__(self, parent=None, limit: int | None = None):
        super().__init__(parent)
        self.limit = LOG_LIMIT if limit is None else limit
        self._rows: list[LogRow] = []
        self.dropped = 0  # events of the game before the first row
        self._back = False  # rows were put before the first (prepend): none is dropped until the next reset

    def reset(self, rows, total: int | None = None) -> None:
        """Rows for the game's events; `total` events in all (the rows are the last ones)."""
        rows = list(rows)
        if len(rows) > self.limit:
            rows = rows[-self.limit :]
        self.beginResetModel()
        self._rows = rows
        self.dropped = (total if total is not None else len(rows)) - len(rows)
        self._back = False
        self.endResetModel()

    def prepend(self, rows) -> None:
        """Rows for the events just before the first row (the player scrolled
        back to them): from now until the next reset the newest rows come on
        without dropping the first ones."""
        rows = list(rows)[-self.dropped :] if self.dropped else []
        if not rows:
            return
        self.beginInsertRows(QModelIndex(), 0, len(rows) - 1)
        self._rows[:0] = rows
        self.dropped -= len(rows)
        self._back = True
        self.endInsertRows()

    def extend(self, rows) -> None:
        rows = list(rows)
        if not rows:
            return
        n = len(self._rows)
        self.beginInsertRows(QModelIndex(), n, n + len(rows) - 1)
        self._rows.extend(rows)
        self.endInsertRows()
        over = 0 if self._back else len(self._rows) - self.limit
        if over > 0:
            self.beginRemoveRows(QModelIndex(), 0, over - 1)
            del self._rows[:over]
            self.dropped += over
            self.endRemoveRows()

    def rows_since(self, event: int) -> list[LogRow]:
        """The rows shown of the game's events from the `event`th on (a burst keeps them, worded once)."""
        return self._rows[max(0, event - self.dropped) :]

    @property
    def events_shown(self) -> int:
        """How many of the game's events have come into the log (shown or dropped)."""
        return self.dropped + len(self._rows)

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole) -> Any:
        if not _idx_ok(index) or index.row() >= len(self._rows):
            return None
        text, colour, kind = self._rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return text
        if role == Qt.ItemDataRole.DecorationRole and colour:
            return QColor(colour)
        if role == Qt.ItemDataRole.FontRole and kind in _BOLD_EVENTS:
            f = QFont()
            f.setBold(True)
            return f
        if role == KindRole:
            return kind
        return None


# --------------------------------------------------------------------------
class ScoreHistoryModel(QAbstractTableModel):
    """Scores after every turn: column 0 the round, then one column per player."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._names: list[str] = []
        self._colours: list[str] = []
        self._rows: list[tuple[int, tuple[int, ...]]] = []

    def reset(self, names, colours, rows) -> None:
        self.beginResetModel()
        self._names = list(names)
        self._colours = list(colours)
        # the engine's history is already (round, tuple) pairs: a copy of the
        # list, not of its hundred thousand rows
        self._rows = list(rows)
        self.endResetModel()

    def extend(self, rows) -> None:
        rows = [(r, tuple(s)) for r, s in rows]
        if not rows:
            return
        n = len(self._rows)
        self.beginInsertRows(QModelIndex(), n, n + len(rows) - 1)
        self._rows.extend(rows)
        self.endInsertRows()

    def history(self) -> list[tuple[int, tuple[int, ...]]]:
        return list(self._rows)

    def names(self) -> list[str]:
        return list(self._names)

    def colours(self) -> list[str]:
        return list(self._colours)

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else 1 + len(self._names)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            if section == 0:
                return translate("Models", "Round")
            if 1 <= section <= len(self._names):
                return self._names[section - 1]
            return None
        return str(section + 1)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole) -> Any:
        if not _idx_ok(index) or index.row() >= len(self._rows) or index.column() > len(self._names):
            return None
        rnd, scores = self._rows[index.row()]
        col = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return rnd if col == 0 else scores[col - 1]
        if role == Qt.ItemDataRole.ForegroundRole and col > 0:
            return QBrush(QColor(self._colours[col - 1]))
        return None
