"""The sandbox's model: a plain list of steps, replayed into an engine City.

No Qt here. A sandbox city is the result of replaying its steps (tiles,
buildings, streetcars, in the order they were made) on an empty table, so
removing any piece, undoing and redoing, or switching the rules file are all
"make a new list of steps and replay it". A list that does not replay (a
tile removed from under a building, a streetcar taken out of the middle of
the line, a layout impossible under other rules) is refused with the reason,
and the sandbox keeps its previous state.

Steps are tuples:

- ``("tile", number, x, y, rotation)``
- ``("building", type, (prop, ...))``
- ``("streetcar", ((x1, y1), (x2, y2)))``

Each new building is judged exactly as :func:`engine.layout.judge_move`
does (City Hall counts as built when it stands in the layout); when replaying,
buildings are checked like :func:`engine.layout.load_layout` does (geometry,
free properties, pieces left) and scored at the moment of their step.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from bigcity_desktop.engine.city import City, Judgement, footprint, make_street
from bigcity_desktop.engine.jsonio import read_capped
from bigcity_desktop.engine.layout import LayoutError, city_hall_standing, judge_move, layout_to_json, load_layout
from bigcity_desktop.engine.rules import Rules, get_rules
from bigcity_desktop.i18n import engine_text, rules_text, translate

Step = tuple


class SandboxError(ValueError):
    """A change the sandbox refuses; the message says why."""


def _describe_step(rules: Rules, step: Step) -> str:
    kind = step[0]
    if kind == "tile":
        return translate("SandboxModel", "neighborhood {n}").format(n=step[1])
    if kind == "building":
        rule = rules.buildings.get(step[1])
        label = rules_text(rule.label) if rule is not None else step[1]
        return translate("SandboxModel", "the {building} on {props}").format(
            building=label.lower() if step[1] != "city_hall" and label == rule_label(rule) else label,
            props=", ".join(map(str, step[2])),
        )
    return translate("SandboxModel", "a streetcar")


def rule_label(rule) -> str:
    """The building's English label (lowercased in English sentences; German nouns keep their capital)."""
    return rule.label if rule is not None else ""


def rules_name(rules: Rules) -> str:
    """What a layout file's `edition` says for these rules."""
    return rules.edition


def replay(rules: Rules, steps: list[Step]) -> tuple[City, list[int]]:
    """Replay `steps` on an empty table. Returns the city and, for each
    building of the city, the index of its step. SandboxError if a step fails."""
    city = City(rules)
    building_steps: list[int] = []
    for i, st in enumerate(steps):
        kind = st[0]
        if kind == "tile":
            _, n, x, y, r = st
            reason = city.check_tile(n, x, y, r)
            if reason:
                raise SandboxError(f"{_describe_step(rules, st)}: {reason}")
            city.add_tile(n, x, y, r)
        elif kind == "building":
            _, btype, props = st
            if btype not in rules.buildings:
                raise SandboxError(f"these rules have no building called {btype!r}")
            j = city.judge_build(
                btype,
                props,
                city_hall=city_hall_standing(city),
                city_hall_value=rules.city_hall_start,
                requirements=False,
            )
            if not j.legal:
                raise SandboxError(f"{_describe_step(rules, st)}: {engine_text(j.reason or '')}")
            full = city.judge_build(
                btype, props, city_hall=city_hall_standing(city), city_hall_value=rules.city_hall_start
            )
            if full.legal:
                j = full
            assert j.variant is not None  # a legal building has its variant
            city.place_building(btype, j.variant.name, props, score=j.score or 0, breakdown=j.breakdown)
            building_steps.append(i)
        elif kind == "streetcar":
            reason = city.check_streetcar(st[1])
            if reason:
                raise SandboxError(f"streetcar {list(map(list, st[1]))}: {reason}")
            city.place_streetcar(st[1])
        else:  # pragma: no cover
            raise SandboxError(f"unknown step {kind!r}")
    return city, building_steps


def steps_from_city(city: City) -> list[Step]:
    steps: list[Step] = [("tile", t.number, t.x, t.y, t.rotation) for t in city.tiles]
    steps += [("building", b.type, tuple(b.properties)) for b in city.buildings]
    steps += [("streetcar", s) for s in city.streetcars]
    return steps


@dataclass
class Spot:
    score: int
    props: tuple[int, ...]
    judgement: Judgement


class SandboxModel:
    """The sandbox's state: rules, steps, and the city they make."""

    def __init__(self, rules: Rules | str = "original"):
        self.rules = get_rules(rules) if isinstance(rules, str) else rules
        self.steps: list[Step] = [("tile", 1, 0, 0, 0)]
        self.city, self._bsteps = replay(self.rules, self.steps)

    # ------------------------------------------------------------- state
    def set_state(self, rules: Rules, steps: list[Step]) -> None:
        """Replace rules and steps (SandboxError and nothing changes if they do not replay)."""
        city, bsteps = replay(rules, steps)
        self.rules, self.steps, self.city, self._bsteps = rules, list(steps), city, bsteps

    def check_state(self, rules: Rules, steps: list[Step]) -> City:
        return replay(rules, steps)[0]

    def with_step(self, step: Step) -> list[Step]:
        return self.steps + [step]

    @property
    def edition(self) -> str:
        return rules_name(self.rules)

    # ------------------------------------------------------------- judging
    @property
    def city_hall_built(self) -> bool:
        return city_hall_standing(self.city)

    def judge_building(self, btype: str, props) -> Judgement:
        """As judge_move judges {"build": btype, "properties": props}."""
        return self.city.judge_build(
            btype,
            list(props),
            city_hall=self.city_hall_built,
            city_hall_value=self.rules.city_hall_start,
            city_hall_reason=None,
        )

    def judge_move(self, move: dict) -> dict:
        return judge_move(self.city, move)

    def tile_positions(self, number: int, rotation: int):
        if number in self.city.placed_tiles:
            return frozenset()
        return self.city.tile_positions(*footprint(self.rules, number, rotation))

    def check_tile(self, number: int, x: int, y: int, rotation: int) -> str | None:
        return self.city.check_tile(number, x, y, rotation)

    def legal_streetcars(self) -> list:
        if not self.city_hall_built:
            return []
        return self.city.legal_streetcars()

    def streetcar_reason(self) -> str | None:
        """Why no streetcar can be placed now, or None."""
        if not self.city_hall_built:
            return translate("SandboxModel", "streetcars can only be placed once City Hall stands")
        if self.city.streetcars_left() <= 0:
            return translate("SandboxModel", "all streetcars are in the city")
        if not self.city.legal_streetcars():
            return translate("SandboxModel", "no street can take a streetcar")
        return None

    # ------------------------------------------------------------- new steps
    def steps_plus_tile(self, number: int, x: int, y: int, rotation: int) -> list[Step]:
        reason = self.check_tile(number, x, y, rotation)
        if reason:
            raise SandboxError(engine_text(reason))
        return self.with_step(("tile", number, x, y, rotation))

    def steps_plus_building(self, btype: str, props) -> list[Step]:
        j = self.judge_building(btype, props)
        if not j.legal:
            raise SandboxError(engine_text(j.reason or ""))
        return self.with_step(("building", btype, tuple(props)))

    def steps_plus_streetcar(self, street) -> list[Step]:
        street = make_street(*street)
        ans = judge_move(self.city, {"streetcar": [list(street[0]), list(street[1])]})
        if not ans["legal"]:
            raise SandboxError(engine_text(ans["reason"]))
        return self.with_step(("streetcar", street))

    # ------------------------------------------------------------- removal
    def step_of_piece(self, piece) -> int:
        """Index of the step that placed a piece: ("building", building index),
        ("tile", number) or ("streetcar", street)."""
        kind, key = piece
        if kind == "building":
            return self._bsteps[key]
        for i, st in enumerate(self.steps):
            if kind == "tile" and st[0] == "tile" and st[1] == key:
                return i
            if kind == "streetcar" and st[0] == "streetcar" and st[1] == tuple(key):
                return i
        raise SandboxError(translate("SandboxModel", "that piece is not in the city"))

    def describe_piece(self, piece) -> str:
        return _describe_step(self.rules, self.steps[self.step_of_piece(piece)])

    def steps_minus(self, piece) -> list[Step]:
        """Steps without the piece; SandboxError (with the reason) if the rest
        would no longer stand. Pieces that depend on it are never removed silently."""
        i = self.step_of_piece(piece)
        st = self.steps[i]
        if st[0] == "tile" and st[1] == 1 and len(self.steps) > 1:
            raise SandboxError(
                translate("SandboxModel", "neighborhood 1 is the heart of the city: use Clear table to start again")
            )
        if st[0] == "tile" and st[1] == 1:
            raise SandboxError(translate("SandboxModel", "the table always holds neighborhood 1"))
        if st[0] == "tile":
            props = set(self.rules.tile_properties(st[1]))
            on = [b for b in self.city.buildings if props & set(b.properties)]
            if on:
                raise SandboxError(
                    translate("SandboxModel", "remove the buildings on neighborhood {n} first").format(n=st[1])
                )
            cells = set(self.city.cell_of[p] for p in props)
            cars = [s for s in self.city.streetcars if all(c in cells or c not in self.city.prop_at for c in s)]
            if cars:
                raise SandboxError(
                    translate("SandboxModel", "remove the streetcars along neighborhood {n} first").format(n=st[1])
                )
        new = self.steps[:i] + self.steps[i + 1 :]
        try:
            replay(self.rules, new)
        except SandboxError as exc:
            what = _describe_step(self.rules, st)
            if st[0] == "streetcar":
                raise SandboxError(
                    translate(
                        "SandboxModel",
                        "only a streetcar at an end of the line can be removed (the line must stay connected)",
                    )
                ) from None
            raise SandboxError(
                translate("SandboxModel", "without {piece} the rest of the city would not stand ({reason})").format(
                    piece=what, reason=exc
                )
            ) from None
        return new

    def cleared(self) -> list[Step]:
        return [("tile", 1, 0, 0, 0)]

    # ------------------------------------------------------------- supply
    def supply(self) -> list[tuple[str, str, int, int]]:
        """(type, variant, size, pieces left) for every piece of the edition."""
        out = []
        for btype, rule in self.rules.buildings.items():
            for v in rule.variants:
                out.append((btype, v.name, v.size, self.city.pieces_left(btype, v.name)))
        return out

    # ------------------------------------------------------------- heat map
    def best_spots(self, btype: str, size: int) -> list[Spot]:
        """Every legal placement of a `size`-cell `btype` with its score, best first."""
        rule = self.rules.buildings[btype]
        out = []
        for v in rule.variants_of_size(size):
            for props in self.city.placements_of(v):
                j = self.judge_building(btype, props)
                if j.legal:
                    out.append(Spot(j.score or 0, tuple(props), j))
        out.sort(key=lambda s: (-s.score, s.props))
        return out

    def heat_map(self, btype: str, size: int) -> dict[tuple[int, int], int]:
        """Cell -> best score among the legal placements covering that cell."""
        best: dict[tuple[int, int], int] = {}
        for spot in self.best_spots(btype, size):
            for p in spot.props:
                c = self.city.cell_of[p]
                if c not in best or spot.score > best[c]:
                    best[c] = spot.score
        return best

    # ------------------------------------------------------------- files
    def to_layout(self) -> dict:
        return layout_to_json(self.city, self.edition)

    def layout_text(self) -> str:
        return json.dumps(self.to_layout(), indent=2) + "\n"

    @staticmethod
    def read(raw: bytes | str | dict, rules_for=get_rules) -> tuple[Rules, list[Step]]:
        """Parse a layout (LayoutError with the first problem); nothing changes."""
        rules, city = load_layout(raw, rules_for)
        return rules, steps_from_city(city)

    def open_file(self, path: str | Path) -> None:
        raw = read_capped(path, "layout", LayoutError)
        rules, steps = self.read(raw)
        try:
            self.set_state(rules, steps)
        except SandboxError as exc:  # pragma: no cover - load_layout already checked
            raise LayoutError(str(exc)) from None

    def save_file(self, path: str | Path) -> None:
        Path(path).write_text(self.layout_text(), encoding="utf-8")

    def tile_placements(self) -> list[list[int]]:
        return [[t.number, t.x, t.y, t.rotation] for t in self.city.tiles]
