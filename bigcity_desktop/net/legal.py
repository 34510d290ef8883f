"""The legal moves a view message tells the seat to move.

A client of the protocol need not carry the rules engine: the view sent to
the seat whose turn it is lists that seat's legal moves now (``legal``),
each as the action's JSON exactly as an ``act`` message sends it. A client
picks one and sends it; a browser page lights the lots and cards those
moves use. Nobody else is told them: a spectator and the seats not to move
get no ``legal`` (what one seat may do can depend on its hand). A
building's entry also says what it would score (``points``), so that a page
without the rules can preview a score before the piece is put down.
"""

from __future__ import annotations

from bigcity_desktop.engine import Build, GameState

from . import protocol as P


def legal_moves(state: GameState, seat: int | None) -> tuple[P.LegalMove, ...] | None:
    """The legal moves of `seat` if it is the seat to move (None for anyone
    else, a spectator and a game that is over)."""
    if seat is None or state.is_over or seat != state.current_player:
        return None
    city, open_, value = state.city, state.city_hall_open, state.city_hall_value
    return tuple(
        P.LegalMove(a, city.build_score(a.building, a.properties, city_hall=open_, city_hall_value=value))
        if isinstance(a, Build)
        else P.LegalMove(a)
        for a in state.legal_actions()
    )


__all__ = ["legal_moves"]
