"""Paper Tigers table setup, the sub-game before the first turn: roll-off (T-U1), the
attacker's terrain layout (T-U2), the defender's edge (T-U3) and deployment (T-U3, T-U4)."""

from __future__ import annotations

import math

from shapely.geometry import Polygon

from ...engine import IllegalAction
from ...msg import M, Mn, Mp
from .actions import ChooseSide, Deploy, EditTerrain, EndTerrain, PlaceTerrain, RemoveTerrain, RollOff
from .geometry import TERRAIN_KINDS, base_polygon, shape_points
from .table import TigersCore
from .words import cm, dice, tag, terrain

MAX_PIECES = 40


class SetupRules(TigersCore):
    """Checks and effects of the setup actions; ``_advance_setup`` says which step is next."""

    def zone(self, side: int) -> tuple[float, float]:
        """T-U3/T-U4: the y range a side deploys in (one third of the depth from its edge)."""
        h = self.table[1]
        north = (self.edge == "north") == (side != self.attacker)
        return (0.0, h / 3) if north else (h * 2 / 3, h)

    def _piece_refusal(self, kind: str, x: float, y: float, w: float, h: float, angle: float,
                       ignore: int = -1) -> list[tuple[float, float]]:
        if kind not in TERRAIN_KINDS:
            raise IllegalAction("T-U2", M("Terrain is a hill, woods or a building."))
        if not (2.0 <= w <= 60.0 and 2.0 <= h <= 60.0):
            raise IllegalAction("T-U2", M("A terrain piece is 2 to 60 cm across each way."))
        pts = shape_points(kind, x, y, w, h, angle)
        poly = Polygon(pts)
        tw, th = self.table
        minx, miny, maxx, maxy = poly.bounds
        if minx < 0 or miny < 0 or maxx > tw or maxy > th:
            raise IllegalAction("T-U2", M("The piece must lie on the table."))
        for i, p in enumerate(self.pieces):
            if i != ignore and Polygon(p["points"]).intersection(poly).area > 1e-6:
                raise IllegalAction("T-U2", M("Pieces may touch but not overlap: each piece stands on its own."))
        return pts

    def _check_RollOff(self, a: RollOff) -> None:
        self._need_phase("rolloff", rule="T-U1", what=Mp("you cannot ... now", "roll off"))

    def _check_PlaceTerrain(self, a: PlaceTerrain) -> None:
        self._need_phase("terrain", rule="T-U2", what=Mp("you cannot ... now", "lay out terrain"))
        if len(self.pieces) >= MAX_PIECES:
            raise IllegalAction("T-U2", M("The table holds at most {n} pieces.", n=MAX_PIECES))
        self._piece_refusal(a.kind, a.x, a.y, a.w, a.h, a.angle)

    def _check_EditTerrain(self, a: EditTerrain) -> None:
        self._need_phase("terrain", rule="T-U2", what=Mp("you cannot ... now", "reshape terrain"))
        if not 0 <= a.index < len(self.pieces) or self.pieces[a.index]["params"] is None:
            raise IllegalAction("T-U2", M("There is no such laid-out piece."))
        self._piece_refusal(self.pieces[a.index]["kind"], a.x, a.y, a.w, a.h, a.angle, ignore=a.index)

    def _check_RemoveTerrain(self, a: RemoveTerrain) -> None:
        self._need_phase("terrain", rule="T-U2", what=Mp("you cannot ... now", "remove terrain"))
        if not 0 <= a.index < len(self.pieces):
            raise IllegalAction("T-U2", M("There is no such piece."))

    def _check_EndTerrain(self, a: EndTerrain) -> None:
        self._need_phase("terrain", rule="T-U2", what=Mp("you cannot ... now", "finish the terrain"))

    def _check_ChooseSide(self, a: ChooseSide) -> None:
        self._need_phase("side", rule="T-U3", what=Mp("you cannot ... now", "choose a side"))
        if a.edge not in ("north", "south"):
            raise IllegalAction("T-U3", M("Choose the north or the south edge."))

    def _check_Deploy(self, a: Deploy) -> None:
        self._need_phase("deploy", rule="T-U3", what=Mp("you cannot ... now", "deploy"))
        u = self.unit(a.unit)
        rule = "T-U4" if self.actor == self.attacker else "T-U3"
        if u.side != self.actor:
            raise IllegalAction(rule, M("Deploy your own units."))
        if not all(math.isfinite(v) for v in (a.x, a.y, a.facing)):
            raise IllegalAction(rule, M("A position is a pair of numbers."))
        poly = base_polygon(a.x, a.y, a.facing, u.kind)
        lo, hi = self.zone(u.side)
        minx, miny, maxx, maxy = poly.bounds
        if minx < 0 or maxx > self.table[0] or miny < lo - 1e-6 or maxy > hi + 1e-6:
            # TRANSLATORS: {lo} and {hi} are centimetres from the north edge (y is the table's depth)
            raise IllegalAction(rule, M("Deploy within one third of the table depth from your edge (y {lo} to {hi} cm).",
                                        lo=cm(lo), hi=cm(hi)))
        for o in self.units:
            if o.placed and o.id != u.id and o.alive and o.carrier < 0 and o.polygon().intersects(poly):
                # TRANSLATORS: {unit} is a unit ("Panther #3")
                raise IllegalAction(rule, M("That base overlaps {unit}.", unit=tag(o)))
        if u.spec.vehicle:
            for i, k in enumerate(self.terrain.kinds):
                if k == "building" and self.terrain.polys[i].intersects(poly):
                    raise IllegalAction("T-A2", M("Vehicles cannot stand in buildings."))

    def _do_RollOff(self, a: RollOff) -> None:
        while True:
            r0, r1 = self.chance.dice(2), self.chance.dice(2)
            # TRANSLATORS: {blue} and {orange} are the faces each side rolled ("3+5"), {a} and {b} their sums
            self._ev("roll", M("Roll-off: Blue {blue} = {a}, Orange {orange} = {b}.", blue=dice(r0), a=sum(r0),
                               orange=dice(r1), b=sum(r1)), dice=[r0, r1], need=0, what="roll-off")
            if sum(r0) != sum(r1):
                break
            self._ev("info", M("A tie: roll again (T-U1)."))
        self.attacker = 0 if sum(r0) > sum(r1) else 1
        # TRANSLATORS: {side} is Blue or Orange
        self._ev("setup", M("{side} attacks.", side=self.game.player_name(self.attacker)), attacker=self.attacker)
        self._advance_setup()

    def _do_PlaceTerrain(self, a: PlaceTerrain) -> None:
        pts = shape_points(a.kind, a.x, a.y, a.w, a.h, a.angle)
        self.pieces.append({"kind": a.kind, "points": pts, "params": [a.x, a.y, a.w, a.h, a.angle]})
        self._invalidate()
        if a.kind == "hill":
            self._ev("terrain", M("A hill goes down."))
        elif a.kind == "woods":
            self._ev("terrain", M("Woods go down."))
        else:
            self._ev("terrain", M("A building goes down."))

    def _do_EditTerrain(self, a: EditTerrain) -> None:
        p = self.pieces[a.index]
        p["points"] = shape_points(p["kind"], a.x, a.y, a.w, a.h, a.angle)
        p["params"] = [a.x, a.y, a.w, a.h, a.angle]
        self._invalidate()
        args = {"terrain": terrain(p["kind"]), "n": a.index + 1, "w": cm(a.w), "h": cm(a.h), "x": cm(a.x),
                "y": cm(a.y), "angle": cm(a.angle)}
        if a.angle:
            # TRANSLATORS: {terrain} is hill, woods or building; {n} the piece's number; {w} x {h} its size and {x}, {y} its place in cm
            text = M("The {terrain} (piece {n}) is now {w} x {h} cm at {x}, {y}, turned {angle} degrees.", **args)
        else:
            # TRANSLATORS: {terrain} is hill, woods or building; {n} the piece's number; {w} x {h} its size and {x}, {y} its place in cm
            text = M("The {terrain} (piece {n}) is now {w} x {h} cm at {x}, {y}.", **args)
        self._ev("terrain", text, fold=f"terrain {a.index}")

    def _do_RemoveTerrain(self, a: RemoveTerrain) -> None:
        p = self.pieces.pop(a.index)
        self._invalidate()
        # TRANSLATORS: {terrain} is hill, woods or building
        self._ev("terrain", M("The {terrain} is taken away.", terrain=terrain(p["kind"])))

    def _do_EndTerrain(self, a: EndTerrain) -> None:
        self.terrain_open = False
        self._ev("setup", Mn("The terrain is ready: {n} piece.", "The terrain is ready: {n} pieces.", len(self.pieces)))
        self._advance_setup()

    def _do_ChooseSide(self, a: ChooseSide) -> None:
        self.edge = a.edge
        if a.edge == "north":
            # TRANSLATORS: {side} is Blue or Orange
            self._ev("setup", M("{side} defends the north edge.", side=self.game.player_name(1 - self.attacker)))
        else:
            # TRANSLATORS: {side} is Blue or Orange
            self._ev("setup", M("{side} defends the south edge.", side=self.game.player_name(1 - self.attacker)))
        self._advance_setup()

    def _do_Deploy(self, a: Deploy) -> None:
        u = self.units[a.unit]
        u.x, u.y, u.heading, u.placed = float(a.x), float(a.y), float(a.facing), True
        # TRANSLATORS: {unit} is a unit ("Panther #3")
        self._ev("deploy", M("{unit} deployed.", unit=tag(u)), unit=u.id)
        self._advance_setup()

    def _advance_setup(self) -> None:
        if self.attacker < 0:
            self.phase = "rolloff"
        elif self.terrain_open:
            self.phase = "terrain"
        elif not self.edge:
            self.phase = "side"
        elif any(not u.placed for u in self.units):
            d = 1 - self.attacker
            self.actor = d if any(not u.placed for u in self.units if u.side == d) else self.attacker
            self.phase = "deploy"
        else:
            self._start_turn()
