"""SeatView: the board's questions for the seat at the screen, answered.

A game window asks, many times a second while a piece follows the pointer,
where a building may go, how it would score, why a spot is refused, which
stacks may be drawn from. A :class:`SeatView` answers these from the one
view of the game the screen may see (a player's view of the state), for one
seat, at one version of that view, and keeps its answers until the view
changes (as python-chess's board generates its legal moves once per
position). The session hands one out (``GameSession.seat_view()``) and
makes a new one when its ``version`` (or the seat, or the turn) changes.

It imports nothing but the engine: no Qt, no window. The sentence saying
why the seat may not act at all (``turn_reason``: not your turn, the game
is over) is the session's, worded by it and handed in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .actions import Action, ActionKind, Build, Draw, PlaceStreetcar, PlaceTile, Take
from .city import Judgement
from .geometry import Street
from .phases import DRAW_PHASES, Phase
from .state import GameState


@dataclass(frozen=True, slots=True)
class OfferedCard:
    """One card of a redevelopment offer, as the screen may see it."""

    owner: int  # who offered it
    slot: int  # its place in the offer (what a Take names)
    card: int  # the card (negative when it lies face down: -stack)
    face_up: bool
    taken_by: int | None  # who took it, if anybody has

    @property
    def owner_slot(self) -> tuple[int, int]:
        """(owner, slot): what a Take of it names."""
        return (self.owner, self.slot)


class SeatView:
    """What the seat at the screen may do in one view of the game (see the
    module text). Everything is empty (or a refusal) when it is not that
    seat's turn; nothing here changes the game."""

    def __init__(self, view: GameState | None, seat: int | None, version: int, turn_reason: str | None) -> None:
        self.view = view
        self.seat = seat
        self.version = version
        self.turn_reason = turn_reason  # why the seat may not act now (the session's sentence), or None
        # the answers worked out so far (the view does not change)
        self._tiles: dict[tuple[int, int], set[tuple[int, int]]] = {}
        self._builds: dict[tuple[str, int | None], list[tuple[int, ...]]] = {}
        self._buildable: set[tuple[str, int]] | None = None

    @property
    def _game(self) -> GameState:
        if self.view is None:
            raise RuntimeError("no game is running")
        return self.view

    # ------------------------------------------------------------ whose turn
    def my_turn(self) -> bool:
        """The seat at the screen is the one to move."""
        v, seat = self.view, self.seat
        return v is not None and not v.is_over and seat is not None and v.current_player == seat

    def in_phase(self, *phases: Phase) -> bool:
        """It is this seat's turn, in one of `phases`."""
        return self.my_turn() and self._game.phase in phases

    # ------------------------------------------------------------ the seat's cards and the table
    def hand(self) -> list[int]:
        v, seat = self.view, self.seat
        if v is None or seat is None:
            return []
        return sorted(v.hands[seat])

    def stack_counts(self) -> list[int]:
        """Cards left in each stack (index 0 unused)."""
        return [len(s) for s in self.view.stacks] if self.view is not None else []

    def spare_tiles(self) -> list[int]:
        """Neighborhoods not yet in the city (at setup: the ones to place now)."""
        s = self.view
        if s is None:
            return []
        if s.phase == Phase.SETUP:
            return sorted(s.setup_tiles)
        return sorted(set(s.rules.tiles) - s.city.placed_tiles)

    def setup_tiles(self) -> list[int]:
        """The starting neighborhoods still to place (setup only)."""
        return sorted(self.view.setup_tiles) if self.view is not None else []

    def offered_cards(self) -> list[OfferedCard]:
        """The redevelopment offers as the screen may see them, by owner."""
        s = self.view
        if s is None or not s.offers:
            return []
        return [
            OfferedCard(owner, slot, card, o.face_up, o.taken[slot])
            for owner, o in sorted(s.offers.items())
            for slot, card in enumerate(o.cards)
        ]

    # ------------------------------------------------------------ legal spots
    def legal_kinds(self) -> list[ActionKind]:
        return self._game.legal_kinds() if self.my_turn() else []

    def legal_draw_stacks(self) -> list[int]:
        if not self.in_phase(*DRAW_PHASES):
            return []
        return [a.stack for a in self._game.legal_actions(ActionKind.DRAW) if isinstance(a, Draw)]

    def legal_tile_positions(self, number: int, rotation: int) -> set[tuple[int, int]]:
        """Top-left cells where tile `number` may go with `rotation` now (empty if not your move)."""
        if not self.my_turn():
            return set()
        rot = rotation % 4
        key = (number, rot)
        if key not in self._tiles:
            self._tiles[key] = {
                (a.x, a.y)
                for a in self._game.legal_actions(ActionKind.NEIGHBORHOOD)
                if isinstance(a, PlaceTile) and a.number == number and a.rotation == rot
            }
        return self._tiles[key]

    def legal_builds(self, btype: str, size: int | None = None) -> list[tuple[int, ...]]:
        """Property sets where you may build `btype` (of `size` cells) now."""
        if not self.in_phase(Phase.ACTION):
            return []
        key = (btype, size)
        if key not in self._builds:
            v = self._game
            kind = ActionKind.PARK_FACTORY if v.rules.buildings[btype].with_card else ActionKind.BUILD
            self._builds[key] = [
                a.properties
                for a in v.legal_actions(kind)
                if isinstance(a, Build) and a.building == btype and (size is None or len(a.properties) == size)
            ]
        return self._builds[key]

    def buildable(self) -> set[tuple[str, int]]:
        """(building, size) of every piece you may build somewhere now."""
        if not self.in_phase(Phase.ACTION):
            return set()
        if self._buildable is None:
            can: set[tuple[str, int]] = set()
            for kind in (ActionKind.BUILD, ActionKind.PARK_FACTORY):
                for a in self._game.iter_legal(kind):
                    if isinstance(a, Build):
                        can.add((a.building, len(a.properties)))
            self._buildable = can
        return self._buildable

    def legal_streets(self) -> list[Street]:
        if not self.in_phase(Phase.ACTION, Phase.STREETCAR):
            return []
        return [a.street for a in self._game.legal_actions(ActionKind.STREETCAR) if isinstance(a, PlaceStreetcar)]

    def legal_takes(self) -> set[tuple[int, int]]:
        """(owner, slot) of the offered cards you may take now."""
        if not self.in_phase(Phase.TAKE):
            return set()
        return {(a.owner, a.slot) for a in self._game.legal_actions(ActionKind.TAKE) if isinstance(a, Take)}

    # ------------------------------------------------------------ judging a spot
    def judge(self, btype: str, props: Iterable[int]) -> Judgement:
        """Legality, score and breakdown of building `btype` on `props` for you now."""
        if self.turn_reason:
            return Judgement(self.turn_reason)
        try:
            return self._game.judge(Build(btype, tuple(props)))
        except (ValueError, TypeError, KeyError) as exc:
            return Judgement(str(exc))

    def check(self, action: Action) -> str | None:
        """The engine's reason against `action` for the player to move, or None."""
        return self._game.check(action)

    def check_tile(self, number: int, x: int, y: int, rotation: int) -> str | None:
        """Why neighborhood `number` may not go at (x, y) turned `rotation` now, or None."""
        if self.turn_reason:
            return self.turn_reason
        return self.check(PlaceTile(number, x, y, rotation % 4))

    def why_not(self, kind: ActionKind, tile: int | None = None) -> str | None:
        """Why no move of `kind` can be made now (the engine's sentence), or None."""
        return self._game.why_not(kind, tile)
