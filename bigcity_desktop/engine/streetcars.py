"""The streetcar network of a city: where the line runs, where a streetcar
may go next, and which properties it runs between or beside.

:class:`StreetcarNetwork` is a part of :class:`.city.City` (its base class):
the questions about the line, answered from the city's fields and cached by
its stamp. Placing a streetcar is the city's own change
(:meth:`.city.City.place_streetcar`), as every change of its content is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .buildrules import CACHE_LIMIT, city_cache, pair_in
from .geometry import STEPS, Cell, Street, Vertex, street_vertices, vertex_streets
from .messages import msg
from .rulebook import StreetcarLine

if TYPE_CHECKING:
    from .rulebook import Rules

__all__ = ["StreetcarNetwork"]

#: the legal streets of a city, by its stamp (shared by every copy of that content)
_STREETCARS: dict[int, tuple[Street, ...]] = city_cache()
#: the pairs of properties a streetcar runs between, by stamp
_PAIRS: dict[int, frozenset[tuple[int, int]]] = city_cache()


def _extends_line(s: Street, use: dict[Vertex, int], path: bool) -> bool:
    """Whether a free street in the city joins the streetcar line at one end
    only (by the use of its two vertices) and, for a path, at an end of it."""
    a, b = street_vertices(s)
    u1 = use.get(a, 0)
    u2 = use.get(b, 0)
    if (u1 and u2) or (not u1 and not u2):
        return False
    return not (path and max(u1, u2) > 1)


class StreetcarNetwork:
    """The streetcar questions of a :class:`.city.City` (its fields are the city's)."""

    __slots__ = ()

    rules: Rules
    cell_of: dict[int, Cell]
    prop_at: dict[Cell, int]
    streetcars: list[Street]
    streetcar_set: set[Street]
    vertex_use: dict[Vertex, int]
    covered_streets: set[Street]
    stamp: int
    parent: int
    delta_props: tuple[int, ...]
    delta_street: Street | None
    tile_parent_stamp: int
    delta_cells: tuple[Cell, ...]

    def streetcars_left(self) -> int:
        return self.rules.streetcar_count - len(self.streetcars)

    def street_in_city(self, s: Street) -> bool:
        return s[0] in self.prop_at or s[1] in self.prop_at

    def touches_streetcar(self, props: Iterable[int]) -> bool:
        if not self.streetcar_set:
            return False
        own = {self.cell_of[p] for p in props}
        sset = self.streetcar_set
        for x, y in own:
            for dx, dy in STEPS:
                n = (x + dx, y + dy)
                if n in own:
                    continue
                s = ((x, y), n) if (x, y) < n else (n, (x, y))
                if s in sset:
                    return True
        return False

    def streetcar_inside(self, props: Sequence[int]) -> bool:
        """Does a streetcar run between two of these properties?"""
        if len(props) < 2 or not self.streetcar_set:
            return False
        pairs = self.streetcar_pairs()
        return bool(pairs) and pair_in(sorted(props), pairs)

    def streetcar_pairs(self) -> frozenset[tuple[int, int]]:
        """The pairs of properties (smaller first) that a streetcar runs
        between (cached by stamp; do not change it)."""
        hit = _PAIRS.get(self.stamp)
        if hit is None:
            if len(_PAIRS) > CACHE_LIMIT:
                _PAIRS.clear()
            at = self.prop_at.get
            out = set()
            for a, b in self.streetcars:
                p, q = at(a), at(b)
                if p is not None and q is not None:
                    out.add((p, q) if p < q else (q, p))
            hit = _PAIRS[self.stamp] = frozenset(out)
        return hit

    def check_streetcar(self, s: Street) -> str | None:
        if self.streetcars_left() <= 0:
            return msg("all streetcars are in the city")
        if not self.street_in_city(s):
            return msg("that street is not in the city")
        if s in self.streetcar_set:
            return msg("a streetcar already runs on that street")
        if s in self.covered_streets:
            return msg("that street is covered by a building")
        if not self.streetcars:
            return None
        v1, v2 = street_vertices(s)
        u1 = self.vertex_use.get(v1, 0)
        u2 = self.vertex_use.get(v2, 0)
        if u1 and u2:
            return msg("the streetcar line may not close a loop or run into itself")
        if not u1 and not u2:
            return msg("a new streetcar must connect to the line")
        if self.rules.streetcar_line == StreetcarLine.PATH and max(u1, u2) > 1:
            return msg("the line may not branch: extend it at one of its two ends")
        return None

    def legal_streetcars(self) -> list[Street]:
        return list(self.legal_streets())

    def legal_streets(self) -> tuple[Street, ...]:
        """The streets a streetcar may go on now, sorted (cached by stamp:
        the same tuple for every copy of this content; do not change it)."""
        hit = _STREETCARS.get(self.stamp)
        if hit is None:
            if len(_STREETCARS) > CACHE_LIMIT:
                _STREETCARS.clear()
            before = _STREETCARS.get(self.parent) if self.parent and self.delta_props else None
            if before is not None:
                # a building only covers streets: the streets before it, less those
                covered = self.covered_streets
                hit = tuple([s for s in before if s not in covered])
            elif not self.streetcars and not self.parent and self.tile_parent_stamp in _STREETCARS:
                # a new tile, no line yet: the streets before it and those of its
                # cells (a street of a new cell is covered by no building)
                hit = self._streets_with_tile(_STREETCARS[self.tile_parent_stamp])
            elif (
                self.delta_street is not None
                and len(self.streetcars) > 1
                and (before := _STREETCARS.get(self.parent)) is not None
            ):
                # one more piece of a line: only the streets at its two ends change
                hit = tuple(self._streets_after(before, self.delta_street))
            else:
                hit = tuple(self._legal_streetcars())
            _STREETCARS[self.stamp] = hit
        return hit

    def _streets_with_tile(self, before: tuple[Street, ...]) -> tuple[Street, ...]:
        """The streets of a city without a line, from those before its
        latest tile: those and the streets of the tile's cells."""
        known = set(before)
        new = set()
        for x, y in self.delta_cells:
            for dx, dy in STEPS:
                n = (x + dx, y + dy)
                s = ((x, y), n) if (x, y) < n else (n, (x, y))
                if s not in known:
                    new.add(s)
        return tuple(sorted([*before, *new]))

    def _streets_after(self, before: tuple[Street, ...], placed: Street) -> list[Street]:
        """The streets a streetcar may take, from those it could take before
        `placed` joined the line: the streets at the two vertices of
        `placed` are checked again (the others keep their vertices' use)."""
        if self.streetcars_left() <= 0:
            return []
        v1, v2 = street_vertices(placed)
        near = {*vertex_streets(v1), *vertex_streets(v2)}
        path = self.rules.streetcar_line == StreetcarLine.PATH
        use = self.vertex_use
        prop_at = self.prop_at
        taken = self.streetcar_set
        covered = self.covered_streets
        out = {s for s in before if s not in near}
        for s in near:
            if s in taken or s in covered or (s[0] not in prop_at and s[1] not in prop_at):
                continue
            if _extends_line(s, use, path):
                out.add(s)
        return sorted(out)

    def _first_streets(self) -> list[Street]:
        """Where the first streetcar may go: any street of the city no building covers."""
        out = set()
        for c in self.prop_at:
            x, y = c
            for dx, dy in STEPS:
                n = (x + dx, y + dy)
                s = (c, n) if c < n else (n, c)
                if s not in self.covered_streets:
                    out.add(s)
        return sorted(out)

    def _legal_streetcars(self) -> list[Street]:
        if self.streetcars_left() <= 0:
            return []
        if not self.streetcars:
            return self._first_streets()
        # the checks of check_streetcar, without their sentences: a street at
        # a vertex of the line, in the city, free, not covered, and joining
        # the line at one end only (and at an end of it, for a path)
        out: set[Street] = set()
        path = self.rules.streetcar_line == StreetcarLine.PATH
        use = self.vertex_use
        prop_at = self.prop_at
        taken = self.streetcar_set
        covered = self.covered_streets
        for v, k in use.items():
            if path and k != 1:
                continue
            for s in vertex_streets(v):
                if s in out or s in taken or s in covered or (s[0] not in prop_at and s[1] not in prop_at):
                    continue
                if _extends_line(s, use, path):
                    out.add(s)
        return sorted(out)
