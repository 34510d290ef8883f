"""The easy bot: greedy, one ply, with a few common-sense rules."""

from __future__ import annotations

from bigcity_desktop.engine import Action, ActionKind, Build, Exchange, GameState, Pass, PlaceStreetcar, PlaceTile
from bigcity_desktop.engine.cards import is_property_card
from bigcity_desktop.engine.endgame import would_end_game

from .base import Bot
from .common import (
    Ctx,
    behind,
    best_street,
    best_tiles,
    common_phase_choice,
    dead_cards,
    exchange_gain,
    is_city_hall,
    park_value,
    scored_builds,
)
from .outlook import Outlook, hall_pressing, kills_city_hall, outlook, passive_streak, pointless, sensible, stuck


class EasyBot(Bot):
    """Greedy, one ply. In order of preference (see docs/BOTS.md):

    1. pass when it is ahead and the pass ends the game;
    2. the highest-scoring building worth 4 points or more, unless City Hall
       is urgent (two or more dead cards of unplaced neighborhoods in hand,
       or at most two City Hall spots left);
    3. City Hall on the spot touching most of its cards, when nothing better
       than a single is on offer and a held card touches the spot, when it
       is worth 3 or more (jumbo), when nothing else can be built, or when
       it is urgent;
    4. once City Hall stands: a neighborhood bringing two or more of its
       cards into play, or a streetcar next to properties it holds cards for;
    5. any other building (a single);
    6. a park or factory, placed away from its own cards;
    7. an exchange of useless or dead cards when fresh cards are expected
       to be worth more (never after 2 x players passive actions in a row);
    8. when not ahead and a pass would end the game: any active move;
    9. pass.
    """

    name = "easy"

    def choose(self, view: GameState) -> Action:
        ctx = Ctx(view)
        a = common_phase_choice(ctx, view, self.rng)
        if a is not None:
            return a
        return self.main_action(view, ctx)

    def main_action(self, view: GameState, ctx: Ctx) -> Action:
        look = outlook(view)
        if look.dead:
            return Pass()  # nothing can score any more: let the game end
        if stuck(view):
            # no score changed for rounds: build if we can, else let the game end
            return next((a for _s, a in scored_builds(view) if not kills_city_hall(look, a)), Pass())
        plain, halls = _builds(view, look)
        ahead = not behind(view, ctx.me)
        choice = self._build_choice(view, ctx, look, plain, halls, ahead)
        if choice is not None:
            return choice
        return self._other_choice(view, ctx, look, halls, ahead)

    def _build_choice(
        self,
        view: GameState,
        ctx: Ctx,
        look: Outlook,
        plain: list[tuple[int, Build]],
        halls: list[tuple[int, Build]],
        ahead: bool,
    ) -> Action | None:
        """Rules 1 to 5: a winning pass, a building, City Hall, a neighborhood or streetcar."""
        best_s, best = plain[0] if plain else (0, None)
        # a winning pass: the game ends with us ahead
        if ahead and would_end_game(view, ActionKind.PASS) and best_s <= 3:
            return Pass()
        if best is not None and best_s >= 4 and not self._hall_urgent(view, halls, look):
            return best
        choice = self._hall_choice(view, ctx, look, halls, best_s, bool(plain))
        if choice is None and view.city_hall_open:
            choice = self._open_city(view, ctx, look)
        return best if choice is None else choice

    def _other_choice(
        self, view: GameState, ctx: Ctx, look: Outlook, halls: list[tuple[int, Build]], ahead: bool
    ) -> Action:
        """Rules 6 to 9: a park or factory, an exchange, any active move, a pass."""
        parks = [
            a for a in view.iter_legal(ActionKind.PARK_FACTORY) if isinstance(a, Build) and sensible(view, look, a)
        ]
        choice = self._park_choice(ctx, parks) or self._exchange_choice(view, ctx, look, ahead)
        if choice is None and not ahead and would_end_game(view, ActionKind.PASS):
            choice = self._any_active(view, ctx, halls, parks, look)
        return choice or Pass()

    def _hall_choice(
        self, view: GameState, ctx: Ctx, look: Outlook, halls: list[tuple[int, Build]], best_s: int, plain: bool
    ) -> Action | None:
        """City Hall on the spot touching most of our cards, when it is worth it (rule 3)."""
        if not halls:
            return None
        hall_s, hall = max(halls, key=lambda t: (t[0], self._hall_spot(ctx, t[1])))
        spot = self._hall_spot(ctx, hall)
        dead_n = len([c for c in view.hands[ctx.me] if is_property_card(c) and c not in view.city.cell_of])
        if (best_s <= 3 and spot >= 1) or hall_s >= 3 or not plain or dead_n >= 2 or hall_pressing(view, look):
            return hall
        return None

    def _open_city(self, view: GameState, ctx: Ctx, look: Outlook) -> Action | None:
        """Once City Hall stands: a neighborhood or a streetcar that brings
        our cards into play (rule 4)."""
        tiles = (
            [a for a in view.iter_legal(ActionKind.NEIGHBORHOOD) if isinstance(a, PlaceTile)] if look.tiles_open else []
        )
        if tiles:
            v, pl = best_tiles(ctx, tiles, self.rng)[0]
            if v >= 4.0:  # two or more held cards come into play
                return pl
        streets = [st for st in view.city.legal_streetcars() if not pointless(view, look, PlaceStreetcar(st))]
        street, v = best_street(ctx, streets, self.rng)
        if street is not None and v >= 3.0:
            return PlaceStreetcar(street)
        return None

    def _park_choice(self, ctx: Ctx, parks: list[Build]) -> Action | None:
        """A park or factory placed away from our own cards (rule 6)."""
        if not parks:
            return None
        scored = sorted(((park_value(ctx, a), self.rng.random(), a) for a in parks), key=lambda t: (-t[0], t[1]))
        return scored[0][2] if scored[0][0] > 0 else None

    def _exchange_choice(self, view: GameState, ctx: Ctx, look: Outlook, ahead: bool) -> Action | None:
        """An exchange of useless or dead cards worth more fresh (rule 7)."""
        dead: list[int] = dead_cards(ctx)
        if passive_streak(view) >= 2 * view.n:
            dead = []  # nobody is doing anything: exchanging again would only stall the game
        if dead and exchange_gain(ctx, dead) > 1.0 and not pointless(view, look, Exchange(tuple(dead))):
            if not (would_end_game(view, ActionKind.EXCHANGE) and not ahead):
                return Exchange(tuple(dead))
        return None

    def _hall_urgent(self, view: GameState, halls: list[tuple[int, Build]], look: Outlook) -> bool:
        """City Hall opens the game up; build it before the centre fills up or
        while dead cards (of unplaced neighborhoods) clog the hand."""
        if not halls:
            return False
        dead = len([c for c in view.hands[view.current_player] if is_property_card(c) and c not in view.city.cell_of])
        return dead >= 2 or hall_pressing(view, look)

    def _hall_spot(self, ctx: Ctx, hall: Build) -> int:
        """How many properties we hold cards for touch this City Hall spot."""
        hand = set(ctx.view.hands[ctx.me])
        p = hall.properties[0]
        return sum(1 for q in ctx.city.neighbours(p) if q in hand and ctx.city.is_free(q))

    def _any_active(
        self, view: GameState, ctx: Ctx, halls: list[tuple[int, Build]], parks: list[Build], look: Outlook
    ) -> Action | None:
        if halls:
            return halls[0][1]
        if view.city_hall_open:
            tiles = (
                [a for a in view.iter_legal(ActionKind.NEIGHBORHOOD) if isinstance(a, PlaceTile)]
                if look.tiles_open
                else []
            )
            if tiles:
                return best_tiles(ctx, tiles, self.rng)[0][1]
            streets = [st for st in view.city.legal_streetcars() if not pointless(view, look, PlaceStreetcar(st))]
            street, _ = best_street(ctx, streets, self.rng)
            if street is not None:
                return PlaceStreetcar(street)
        if parks:
            return max(parks, key=lambda a: park_value(ctx, a))
        return None


def _builds(view: GameState, look: Outlook) -> tuple[list[tuple[int, Build]], list[tuple[int, Build]]]:
    """The scored builds that leave City Hall a spot, best first: (others, City Hall)."""
    builds = [(s, a) for s, a in scored_builds(view) if not kills_city_hall(look, a)]
    plain = [(s, a) for s, a in builds if not is_city_hall(a)]
    halls = [(s, a) for s, a in builds if is_city_hall(a)]
    return plain, halls
