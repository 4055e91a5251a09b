"""Random flicks and the computer pilot.

The pilot uses the same flick model as a person: it clones the state, gives the
clone a generator of its own (never the real one: that would be seeing the
future) and applies candidate flicks a few times each to see how they tend to
turn out, then scores kills, losses and exposure to return fire.
"""

from __future__ import annotations

import math
import time

from shapely.geometry import LineString, Point

from ...agents import Agent
from ...engine import Action, Chance, Game, IllegalAction
from .fields import blob
from .flick import PENCILS
from .geometry import IN, unit
from .state import (
    CallDraw,
    DrawAsteroid,
    FieldDone,
    Flick,
    Heading,
    Pass,
    PlaceDoor,
    SpaceState,
    hangar_spot,
)


def random_intention(state: SpaceState, rng: Chance) -> Action:
    """A random legal action: in play a flick of a random piece, random direction and strength."""
    g = state.game
    seat = state.seat
    if state.phase == "door":
        h = g.hangars[seat]
        return PlaceDoor(round(rng.uniform(IN / 2, h.wall_length - IN / 2), 2))
    if state.phase == "field":
        if rng.random() < 0.4:
            for _ in range(20):
                x, y = rng.uniform(10, g.width - 10), rng.uniform(IN + 12, g.height - IN - 12)
                poly = blob(x, y, rng.uniform(4, 14), rng)
                rock = DrawAsteroid(tuple((round(px, 2), round(py, 2)) for px, py in poly.exterior.coords[:-1]))
                try:
                    state.check(rock)
                    return rock
                except IllegalAction:
                    continue
        return FieldDone()
    if state.phase == "ships":
        turret = bool(g.settings["turrets"]) and rng.random() < 0.25
        spot = hangar_spot(state, seat, rng, turret) or hangar_spot(state, seat, rng, False)
        if spot is None:
            raise RuntimeError("no room left in the hangar")
        return spot
    if state.phase == "heading":
        p = state.piece(state.pending) if state.pending is not None else None
        assert p is not None
        for _ in range(6):
            turn = Heading(round(rng.uniform(0, 360), 1))
            try:
                state.check(turn)
                return turn
            except IllegalAction:
                continue
        return Heading(round(math.degrees(p.heading), 6))
    if state.can_call_draw() and rng.random() < 0.1:
        return CallDraw()
    if g.settings["passing"] and rng.random() < 0.05:
        return Pass()
    mine = [p for p in state.pieces if p.owner == seat]
    p = rng.choice(mine)
    mode = "shot" if p.kind == "turret" or rng.random() < 0.5 else "move"
    pencil = rng.choice(list(g.pencils()))
    stopper = None
    if g.settings["stopper"] and rng.random() < 0.2:
        x, y = rng.uniform(0, g.width), rng.uniform(0, g.height)
        a = rng.uniform(0, math.pi)
        stopper = (round(x, 2), round(y, 2), round(x + 40 * math.cos(a), 2), round(y + 40 * math.sin(a), 2))
    return Flick(p.id, mode, round(rng.uniform(0, 360), 2), round(rng.uniform(0.02, 1.0), 3), pencil, stopper)


# -- the computer pilot ---------------------------------------------------------------

LEVELS: dict[str, dict[str, float]] = {
    # samples per candidate, personal aim error (degrees), strength error (relative), random move targets
    "cadet": {"samples": 2, "aim": 3.0, "push": 0.12, "targets": 2},
    "ai": {"samples": 4, "aim": 1.0, "push": 0.05, "targets": 4},
    "ace": {"samples": 8, "aim": 0.4, "push": 0.02, "targets": 6},
}


def hit_chance(state: SpaceState, shooter_xy: tuple[float, float], heading: float | None,
               target_xy: tuple[float, float], pencil: str = "hb") -> float:
    """Rough odds that a flick from ``shooter_xy`` hits a ship at ``target_xy`` (for scoring only)."""
    d = math.dist(shooter_xy, target_xy)
    if d < 1e-6:
        return 0.0
    direction = math.atan2(target_xy[1] - shooter_xy[1], target_xy[0] - shooter_xy[0])
    if heading is not None:
        off = abs((direction - heading + math.pi) % (2 * math.pi) - math.pi)
        if off > math.radians(160):
            return 0.0  # it would shoot through its own body
    pen = PENCILS[pencil]
    if d + 10 > pen.reach:
        return 0.0
    line = LineString([shooter_xy, target_xy])
    if any(line.intersects(w) for w in state.walls()) or any(line.intersects(LineString(t)) for t in state.tears):
        return 0.0
    s = min(1.0, (d + 15) / pen.reach)
    lateral = math.hypot(pen.spread * (0.008 + 0.06 * s * s) * d, pen.spread * 0.0005 * s * d * d / 2)
    return math.erf(2.0 / (math.sqrt(2) * max(lateral, 1e-6)))


class SpacePilot(Agent):
    """Samples noisy flicks through the engine for each candidate, scores outcomes, picks the best."""

    name = "ai"

    def __init__(self, game: Game, seed: int = 0, level: str = "ai", budget_s: float = 0.35) -> None:
        super().__init__(game, seed, budget_s)
        self.level = LEVELS[level]
        self.idle = 0  #: own turns in a row without a promising attack: patience runs out, aggression grows

    # -- setup ------------------------------------------------------------------------------
    def choose(self, state: SpaceState) -> Action:  # type: ignore[override]
        if state.phase == "door":
            h = state.game.hangars[state.seat]
            return PlaceDoor(round(self.rng.uniform(h.wall_length * 0.3, h.wall_length * 0.7), 2))
        if state.phase == "field":
            return FieldDone()
        if state.phase == "ships":
            act = hangar_spot(state, state.seat, self.rng)
            return act if act is not None else random_intention(state, self.rng)
        if state.phase == "heading":
            return self._heading(state)
        return self._play(state)

    def _heading(self, state: SpaceState) -> Action:
        p = state.piece(state.pending) if state.pending is not None else None
        assert p is not None
        enemies = [e for e in state.pieces if e.owner != p.owner]
        if enemies:
            e = min(enemies, key=lambda e: math.dist((p.x, p.y), e.centre()))
            ex, ey = e.centre()
            act = Heading(round(math.degrees(math.atan2(ey - p.y, ex - p.x)), 2))
            try:
                state.check(act)
                return act
            except IllegalAction:
                pass
        return Heading(math.degrees(p.heading))

    # -- play ---------------------------------------------------------------------------------
    def candidates(self, state: SpaceState) -> list[Action]:
        g = state.game
        seat = state.seat
        mine = [p for p in state.pieces if p.owner == seat]
        enemies = [p for p in state.pieces if p.owner != seat]
        out: list[Action] = []
        for p in mine:
            for e in enemies:
                ex, ey = e.centre()
                d = math.dist((p.x, p.y), (ex, ey))
                pencil = next((k for k in ("stub", "hb", "long") if k in g.pencils() and PENCILS[k].reach >= d + 15),
                              "long" if "long" in g.pencils() else "hb")
                strength = min(1.0, (d + 12) / PENCILS[pencil].reach)
                ang = math.degrees(math.atan2(ey - p.y, ex - p.x))
                if hit_chance(state, (p.x, p.y), p.heading if p.kind == "ship" else None, (ex, ey), pencil) > 0:
                    out.append(Flick(p.id, "shot", round(ang, 2), round(strength, 3), pencil))
            out.append(Flick(p.id, "shot", round(math.degrees(p.heading), 2), 0.02))  # a harmless puff
            if p.kind == "turret":
                continue
            for tx, ty in self._targets(state, p):
                d = math.dist((p.x, p.y), (tx, ty))
                if d < 3 or d > PENCILS["hb"].reach:
                    continue
                ang = math.degrees(math.atan2(ty - p.y, tx - p.x))
                out.append(Flick(p.id, "move", round(ang, 2), round(d / PENCILS["hb"].reach, 3)))
        if g.settings["passing"]:
            out.append(Pass())
        return out

    def _targets(self, state: SpaceState, p: object) -> list[tuple[float, float]]:
        g = state.game
        seat = state.seat
        h = g.hangars[seat]
        door = state.doors[seat]
        pts: list[tuple[float, float]] = []
        assert door is not None
        dx, dy = h.wall_point(door)
        inward = {"bottom": math.pi / 2, "top": -math.pi / 2, "left": 0.0, "right": math.pi}[h.side]
        ux, uy = unit(inward)
        px, py = p.x, p.y  # type: ignore[attr-defined]
        if h.region.contains(Point(px, py)):
            for out_mm in (20.0, 45.0):
                pts.append((dx + ux * out_mm, dy + uy * out_mm))
        for foe in {e.owner for e in state.pieces if e.owner != seat}:
            fh = g.hangars[foe]
            fdoor = state.doors[foe]
            assert fdoor is not None
            fx, fy = fh.wall_point(fdoor)
            fin = {"bottom": math.pi / 2, "top": -math.pi / 2, "left": 0.0, "right": math.pi}[fh.side]
            ox, oy = unit(fin)
            for out_mm in (35.0, 70.0):
                for side in (-18.0, 0.0, 18.0):
                    pts.append((fx + ox * out_mm - oy * side, fy + oy * out_mm + ox * side))
        for _ in range(int(self.level["targets"])):
            pts.append((self.rng.uniform(8, g.width - 8), self.rng.uniform(IN + 8, g.height - IN - 8)))
        return pts

    def score(self, state: SpaceState, seat: int) -> float:
        if state.is_over():
            if state.winners and seat in state.winners:
                return 1000.0
            return -50.0 if state.winners == () else -1000.0
        mine = [p for p in state.pieces if p.owner == seat]
        enemies = [p for p in state.pieces if p.owner != seat]
        foes = max(1, len({p.owner for p in enemies}))
        value = 100.0 * (len(mine) - len(enemies) / foes)
        threat = 0.0
        for e in enemies:
            for q in mine:
                threat = max(threat, hit_chance(state, (e.x, e.y), e.heading if e.kind == "ship" else None,
                                                q.centre()))
        chance_to_hit = 0.0
        for q in mine:
            for e in enemies:
                chance_to_hit = max(chance_to_hit, hit_chance(state, (q.x, q.y), q.heading if q.kind == "ship"
                                                              else None, e.centre()))
        aggression = min(1.0, self.idle / 6)
        closest = min((math.dist((q.x, q.y), e.centre()) for q in mine for e in enemies), default=0.0)
        return (value - 85.0 * (1 - 0.5 * aggression) * threat + (35.0 + 60.0 * aggression) * chance_to_hit
                - 0.15 * aggression * closest)

    def _aim(self, action: Action) -> Action:
        """The pilot's own hand is not perfect either."""
        if not isinstance(action, Flick) or action.strength <= 0.02:
            return action
        ang = action.angle + self.rng.gauss(0.0, self.level["aim"])
        strength = min(1.0, max(0.005, action.strength * (1 + self.rng.gauss(0.0, self.level["push"]))))
        return Flick(action.ship, action.mode, round(ang, 3), round(strength, 4), action.pencil, action.stopper)

    def _play(self, state: SpaceState) -> Action:
        deadline = self.deadline()
        seat = state.seat
        if state.can_call_draw():
            mine = sum(1 for p in state.pieces if p.owner == seat)
            if mine < len(state.pieces) - mine:
                return CallDraw()
        cands = self.candidates(state)
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        for _round in range(int(self.level["samples"])):
            for i, act in enumerate(cands):
                if time.perf_counter() > deadline and all(counts):
                    break
                trial = state.clone()
                trial.chance = Chance(self.rng.randint(0, 2 ** 62))
                try:
                    trial.apply(self._aim(act))
                except IllegalAction:
                    totals[i] -= 1e6
                    counts[i] += 1
                    continue
                totals[i] += self.score(trial, seat)
                counts[i] += 1
            if time.perf_counter() > deadline:
                break
        means = [totals[i] / max(1, counts[i]) for i in range(len(cands))]
        best = max(range(len(cands)), key=lambda i: means[i])
        here = self.score(state, seat)
        self.idle = 0 if means[best] > here + 30 else self.idle + 1
        return self._aim(cands[best])
