"""The computer pilot of Pencil Space Combat (imports the rules; the rules never import it).

The pilot uses the same flick model as a person: it clones the state, gives the
clone a generator of its own (never the real one: that would be seeing the
future) and applies candidate flicks a few times each to see how they tend to
turn out, then scores kills, losses and exposure to return fire.
"""

from __future__ import annotations

import math
import time

from shapely.geometry import LineString, Point, Polygon

from ...agents import Agent
from ...engine import Action, Chance, Game, IllegalAction
from .actions import AnswerDraw, CallDraw, DrawAsteroid, FieldDone, Flick, Heading, Pass, PlaceDoor, PlacePiece
from .evaluate import Piece, World, backwards
from .fields import blob
from .flick import PENCILS
from .geometry import IN, SHIP_LENGTH, unit
from .random_play import hangar_spot, random_intention
from .state import SpaceState

# -- the computer pilot ---------------------------------------------------------------

LEVELS: dict[str, dict[str, float]] = {
    # samples per candidate, personal aim error (degrees), strength error (relative), random move targets,
    # and the thinking time (s): every sample is a real pymunk slide, so more samples need more time
    "cadet": {"samples": 2, "aim": 3.0, "push": 0.12, "targets": 2, "budget": 0.25},
    "ai": {"samples": 4, "aim": 1.0, "push": 0.05, "targets": 4, "budget": 0.35},
    "ace": {"samples": 8, "aim": 0.4, "push": 0.02, "targets": 6, "budget": 0.8},
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
    """Samples noisy flicks through the engine for each candidate, scores outcomes, picks the best.

    Candidates are aimed shots at enemies in the open (shots tunnel through rock, only
    walls and tears stop them) and moves to spots the pilot can reach in a straight,
    clear line: out of the hangar through its door, to firing positions, away from
    return fire.  Each is tried ``samples`` times with the pilot's own aim error on a
    generator of its own, so it feels the flick's noise exactly as a person does.
    """

    name = "ai"

    def __init__(self, game: Game, seed: int = 0, level: str = "ai", budget_s: float | None = None) -> None:
        super().__init__(game, seed, LEVELS[level]["budget"] if budget_s is None else budget_s)
        self.level = LEVELS[level]
        self.idle = 0  #: own turns in a row without a promising attack: patience runs out, aggression grows

    # -- setup ------------------------------------------------------------------------------
    def choose(self, state: SpaceState) -> Action:  # type: ignore[override]
        if state.phase == "door":
            return self._door(state)
        if state.phase == "field":
            return self._draw_rock(state)
        if state.phase == "ships":
            return self._place(state)
        if state.phase == "heading":
            return self._heading(state)
        if state.phase == "draw":
            return AnswerDraw(not state.ahead(state.seat))  # S-V4 (rev 4): accept unless ahead on ships
        return self._play(state)

    def _door(self, state: SpaceState) -> Action:
        """The door goes where the way out is clearest: the longest lane of open space straight out of it,
        not facing an enemy door already drawn (a straight shot through both doors), near the middle."""
        g = state.game
        h = g.hangars[state.seat]
        world = state.world()
        ux, uy = unit(_INWARD[h.side])
        best, best_value = h.wall_length / 2, -1e9
        length = h.wall_length
        for k in range(25):
            t = IN / 2 + (length - IN) * k / 24
            x, y = h.wall_point(t)
            lane = Polygon([(x - uy * 10 + ux * 2, y + ux * 10 + uy * 2), (x + uy * 10 + ux * 2, y - ux * 10 + uy * 2),
                            (x + uy * 10 + ux * 90, y - ux * 10 + uy * 90), (x - uy * 10 + ux * 90, y + ux * 10 + uy * 90)])
            rocks = world.asteroids_near(lane)
            clear = min((world.asteroids[i].distance(Point(x, y)) for i in rocks), default=90.0)
            facing = 0.0
            for foe, fdoor in enumerate(state.doors):
                if foe != state.seat and fdoor is not None and g.hangars[foe].side != h.side:
                    fx, fy = g.hangars[foe].wall_point(fdoor)
                    off = abs((fx - x) * -uy + (fy - y) * ux)  # sideways distance from the line out of this door
                    facing = max(facing, 20.0 - min(20.0, off))
            value = clear - facing - 0.15 * abs(t - length / 2) + self.rng.uniform(0, 4)
            if value > best_value:
                best, best_value = t, value
        return PlaceDoor(round(best, 2))

    def _draw_rock(self, state: SpaceState) -> Action:
        """Hand-drawn field: the pilot draws its share (three rocks) as cover a little in front of its own
        hangar, beside the door's lane, so its ships can come out and shelter; then it is done."""
        g = state.game
        h = g.hangars[state.seat]
        ux, uy = unit(_INWARD[h.side])
        mine = [r for r in state.asteroids
                if min(range(g.num_players), key=lambda k: g.hangars[k].region.distance(r.centroid)) == state.seat]
        door = state.doors[state.seat]
        if len(mine) >= 3 or door is None:
            return FieldDone()
        dx, dy = h.wall_point(door)
        for _ in range(30):
            side = self.rng.choice((-1.0, 1.0)) * self.rng.uniform(22.0, 70.0)
            out = self.rng.uniform(28.0, 70.0)
            cx, cy = dx + ux * out - uy * side, dy + uy * out + ux * side
            poly = blob(cx, cy, self.rng.uniform(6.0, 11.0), self.rng)
            rock = DrawAsteroid(tuple((round(px, 2), round(py, 2)) for px, py in poly.exterior.coords[:-1]))
            try:
                state.check(rock)
            except IllegalAction:
                continue
            return rock
        return FieldDone()

    def _place(self, state: SpaceState) -> Action:
        """Ships wait behind the wall beside the door (out of the line of fire through it, a short hop from
        the way out), pointing at the door; with turrets on, the second piece is a turret guarding the door."""
        g = state.game
        h = g.hangars[state.seat]
        door = state.doors[state.seat]
        if g.settings["turrets"] and door is not None and state.placed[state.seat] == 1:
            act = self._turret_spot(state, door)
            if act is not None:
                return act
        if door is not None:
            dx, dy = h.wall_point(door)
            ux, uy = unit(_INWARD[h.side])
            for _ in range(40):
                side = self.rng.choice((-1.0, 1.0)) * self.rng.uniform(IN / 2 + 5.0, IN / 2 + 24.0)
                depth = self.rng.uniform(7.0, IN - 5.0)
                x, y = dx - ux * depth - uy * side, dy - uy * depth + ux * side
                mouth = (dx + ux * 3.0, dy + uy * 3.0)
                heading = math.degrees(math.atan2(mouth[1] - y, mouth[0] - x))
                act = PlacePiece(round(x, 2), round(y, 2), round(heading, 1))
                try:
                    state.check(act)
                except IllegalAction:
                    continue
                body = Piece(-1, state.seat, "ship", act.x, act.y, math.radians(act.heading)).body()
                if all(body.distance(q.body()) >= 3.0 for q in state.pieces):
                    return act
        h = state.game.hangars[state.seat]
        wall = LineString([h.wall_a, h.wall_b])
        fallback = None
        for _ in range(30):
            act = hangar_spot(state, state.seat, self.rng)
            if act is None:
                break
            fallback = fallback or act
            body = Piece(-1, state.seat, "ship", act.x, act.y, math.radians(act.heading)).body()
            if body.distance(wall) >= 4.0 and all(body.distance(q.body()) >= 3.0 for q in state.pieces):
                return act
        return fallback if fallback is not None else random_intention(state, self.rng)

    def _turret_spot(self, state: SpaceState, door: float) -> PlacePiece | None:
        """S-V8: one turret, just outside the wall beside the door: it covers the way in and out."""
        h = state.game.hangars[state.seat]
        dx, dy = h.wall_point(door)
        ux, uy = unit(_INWARD[h.side])
        for _ in range(30):
            side = self.rng.choice((-1.0, 1.0)) * self.rng.uniform(IN / 2 + 6.0, IN / 2 + 30.0)
            out = self.rng.uniform(4.0, 14.0)
            act = PlacePiece(round(dx + ux * out - uy * side, 2), round(dy + uy * out + ux * side, 2),
                             round(math.degrees(_INWARD[h.side]), 1), True)
            try:
                state.check(act)
            except IllegalAction:
                continue
            return act
        return None

    def _heading(self, state: SpaceState) -> Action:
        """Point at the enemy easiest to hit from here; failing that, at the nearest one."""
        p = state.piece(state.pending) if state.pending is not None else None
        assert p is not None
        enemies = [e for e in state.pieces if e.owner != p.owner]
        ranked = sorted(enemies, key=lambda e: (-hit_chance(state, (p.x, p.y), None, e.centre()),
                                                math.dist((p.x, p.y), e.centre())))
        for e in ranked[:3]:
            ex, ey = e.centre()
            act = Heading(round(math.degrees(math.atan2(ey - p.y, ex - p.x)), 2))
            try:
                state.check(act)
                return act
            except IllegalAction:
                continue
        return Heading(round(math.degrees(p.heading), 6))

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
        world = state.world()
        bodies = {q.id: q.body() for q in state.pieces}
        ag = self.aggression(state)
        for p in mine:
            if p.kind == "turret":
                continue
            spots = [t for t in self._targets(state, p) if self._clear_path(world, p, t, bodies)]
            spots.sort(key=lambda t: -self._spot_value(state, p, t, ag))
            for tx, ty in spots[:int(self.level["targets"])]:
                d = math.dist((p.x, p.y), (tx, ty))
                ang = math.degrees(math.atan2(ty - p.y, tx - p.x))
                out.append(Flick(p.id, "move", round(ang, 2), round(min(1.0, d / PENCILS["hb"].reach), 3)))
                if g.settings["stopper"] and d > 12.0:
                    # S-V9: a hand across the way at the target, and a slightly harder flick: the hand stops the
                    # pencil there, so the landing is as long as planned whatever the length error
                    out.append(Flick(p.id, "move", round(ang, 2), round(min(1.0, d * 1.2 / PENCILS["hb"].reach), 3),
                                     stopper=_hand_across((p.x, p.y), (tx, ty))))
        if g.settings["passing"]:
            out.append(Pass())
        if not out:  # boxed in: a harmless puff straight ahead rather than a suicide
            p = mine[0]
            out.append(Flick(p.id, "shot", round(math.degrees(p.heading), 2), 0.02))
        return out

    def aggression(self, state: SpaceState | None = None) -> float:
        """Patience runs out: after idle turns of its own, or as the turns without a shot pile up."""
        quiet = state.quiet / 8 if state is not None else 0.0
        return min(1.0, max(self.idle / 6, quiet))

    def _targets(self, state: SpaceState, p: Piece) -> list[tuple[float, float]]:
        """Spots worth moving to: in front of the own door (both sides), near enemy doors, anywhere in space."""
        g = state.game
        seat = state.seat
        pts: list[tuple[float, float]] = []
        reach = PENCILS["hb"].reach * 0.8
        inside = next((h for h in g.hangars if h.region.contains(Point(p.x, p.y))), None)
        if inside is not None:  # in a hangar (its own or not): the way out is the door
            door = state.doors[inside.seat]
            assert door is not None
            dx, dy = inside.wall_point(door)
            ux, uy = unit(_INWARD[inside.side])
            for depth in (-IN * 0.55, -IN * 0.3):  # under the door, inside the hangar
                pts.append((dx + ux * depth, dy + uy * depth))
            for out_mm in (15.0, 30.0, 50.0, 80.0):
                for side in (-6.0, 0.0, 6.0):
                    pts.append((dx + ux * out_mm - uy * side, dy + uy * out_mm + ux * side))
            minx, miny, maxx, maxy = inside.region.bounds
            for _ in range(4):
                pts.append((self.rng.uniform(minx, maxx), self.rng.uniform(miny, maxy)))
        for foe in {e.owner for e in state.pieces if e.owner != seat}:
            fh = g.hangars[foe]
            fdoor = state.doors[foe]
            assert fdoor is not None
            fx, fy = fh.wall_point(fdoor)
            ox, oy = unit(_INWARD[fh.side])
            for out_mm in (25.0, 45.0, 70.0):
                for side in (-30.0, -12.0, 0.0, 12.0, 30.0):
                    pts.append((fx + ox * out_mm - oy * side, fy + oy * out_mm + ox * side))
        for _ in range(int(self.level["targets"]) * 4):
            a = self.rng.uniform(0, 2 * math.pi)
            r = self.rng.uniform(8, reach)
            pts.append((p.x + r * math.cos(a), p.y + r * math.sin(a)))
        margin = 4.0
        return [(x, y) for x, y in pts if margin < x < g.width - margin and margin < y < g.height - margin
                and 5.0 < math.dist((p.x, p.y), (x, y)) < reach]

    @staticmethod
    def _clear_path(world: World, p: Piece, target: tuple[float, float], bodies: dict[int, Polygon]) -> bool:
        """A straight flick to ``target`` would meet nothing and the ship would fit there (cheap shapes only)."""
        dx, dy = target[0] - p.x, target[1] - p.y
        length = math.hypot(dx, dy)
        if length < 1.0:
            return False
        heading = math.atan2(dy, dx)
        if abs((heading - p.heading + math.pi) % (2 * math.pi) - math.pi) > math.radians(160):
            return False  # backwards through its own body (S-M1)
        # room for the flick's sideways error: none at the nose, growing along the way, and room to land
        r = 0.8 + 0.025 * length
        nx, ny = -dy / length * r, dx / length * r
        ux, uy = dx / length, dy / length
        corridor = Polygon([(p.x + ux * 0.3, p.y + uy * 0.3), (target[0] + nx, target[1] + ny),
                            (target[0] + ux * r, target[1] + uy * r), (target[0] - nx, target[1] - ny)])
        back = SHIP_LENGTH * 0.6
        landing = Point(target[0] - ux * back, target[1] - uy * back).buffer(SHIP_LENGTH * 0.5 + 1.2, quad_segs=3)
        if not world.sheet.paper.contains(landing):
            return False
        for shape in (corridor, landing):
            if any(shape.intersects(w) for w in world.walls) or any(shape.intersects(t) for t in world.tears):
                return False
            if world.asteroids_near(shape):
                return False
            if any(pid != p.id and shape.intersects(body) for pid, body in bodies.items()):
                return False
        return True

    def _spot_value(self, state: SpaceState, p: Piece, t: tuple[float, float], ag: float) -> float:
        """How good a spot is before trying it: a clear shot at an enemy, little return fire, a short flick."""
        enemies = [e for e in state.pieces if e.owner != p.owner]
        attack = max((hit_chance(state, t, None, e.centre()) for e in enemies), default=0.0)
        threat = max((hit_chance(state, (e.x, e.y), e.heading if e.kind == "ship" else None, t) for e in enemies),
                     default=0.0)
        closest = min((math.dist(t, e.centre()) for e in enemies), default=0.0)
        here = next((h.region for h in state.game.hangars if h.region.contains(Point(p.x, p.y))), None)
        leaves = 15.0 if here is not None and not here.contains(Point(t)) else 0.0
        return ((35.0 + 60.0 * ag) * attack - 85.0 * (1 - 0.5 * ag) * threat - (0.05 + 0.2 * ag) * closest
                - 0.04 * math.dist((p.x, p.y), t) + leaves + self.rng.uniform(0, 3))

    def score(self, state: SpaceState, seat: int) -> float:
        if state.is_over():
            if state.winners and seat in state.winners:
                return 1000.0
            return -50.0 if state.winners == () else -1000.0
        mine = [p for p in state.pieces if p.owner == seat]
        enemies = [p for p in state.pieces if p.owner != seat]
        foes = max(1, len({p.owner for p in enemies}))
        value = 100.0 * (len(mine) - len(enemies) / foes)

        def facing(q: Piece) -> float | None:
            # a ship waiting for its heading will turn as it likes: no blind side yet
            return None if q.kind != "ship" or q.id == state.pending else q.heading

        threat = 0.0
        for e in enemies:
            for q in mine:
                threat = max(threat, hit_chance(state, (e.x, e.y), facing(e), q.centre()))
        chance_to_hit = 0.0
        for q in mine:
            for e in enemies:
                chance_to_hit = max(chance_to_hit, hit_chance(state, (q.x, q.y), facing(q), e.centre()))
        aggression = self.aggression(state)
        closest = min((math.dist((q.x, q.y), e.centre()) for q in mine for e in enemies), default=0.0)
        return (value - 85.0 * (1 - 0.5 * aggression) * threat + (35.0 + 60.0 * aggression) * chance_to_hit
                - (0.05 + 0.2 * aggression) * closest - self._hiding(state, mine, aggression))

    def _hiding(self, state: SpaceState, mine: list[Piece], aggression: float) -> float:
        """The cost of ships sitting in their own hangar: growing with the way still to go to the door's mouth,
        and with patience running out, so a fleet never shuffles about inside until it is shot."""
        g = state.game
        cost = 0.0
        for q in mine:
            if q.kind != "ship":
                continue
            h = g.hangars[q.owner]
            if not h.region.contains(Point(q.x, q.y)):
                continue
            door = state.doors[q.owner]
            if door is None:
                continue
            dx, dy = h.wall_point(door)
            ux, uy = unit(_INWARD[h.side])
            way = math.dist((q.x, q.y), (dx + ux * 4.0, dy + uy * 4.0))
            cost += (6.0 + 30.0 * aggression) + (0.25 + 0.5 * aggression) * way
        return cost

    def _aim(self, state: SpaceState, action: Action) -> Action:
        """The pilot's own hand is not perfect either."""
        if not isinstance(action, Flick) or action.strength <= 0.02:
            return action
        ang = action.angle + self.rng.gauss(0.0, self.level["aim"])
        strength = min(1.0, max(0.005, action.strength * (1 + self.rng.gauss(0.0, self.level["push"]))))
        return forward(state, Flick(action.ship, action.mode, round(ang, 3), round(strength, 4), action.pencil,
                                    action.stopper), action)

    def _play(self, state: SpaceState) -> Action:
        deadline = self.deadline()
        seat = state.seat
        if state.can_call_draw():
            mine, theirs = strongest(state, seat)
            if mine + 1 < theirs or (mine < theirs and self.idle >= 8):
                return CallDraw()  # clearly behind and getting nowhere: half a point beats a lost game
        cands = self.candidates(state)
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        for _round in range(int(self.level["samples"])):
            for i, act in enumerate(cands):
                if self.iterations is None and time.perf_counter() > deadline and all(counts):
                    break
                trial = state.clone()
                trial.chance = Chance(self.rng.randint(0, 2 ** 62))
                try:
                    trial.apply(self._aim(state, act))
                except IllegalAction:
                    totals[i] -= 1e6
                    counts[i] += 1
                    continue
                totals[i] += self.score(trial, seat)
                counts[i] += 1
            if self.iterations is None and time.perf_counter() > deadline:
                break  # with a fixed effort (``Agent.iterations``) every round of samples is taken
        means = [totals[i] / max(1, counts[i]) for i in range(len(cands))]
        best = max(range(len(cands)), key=lambda i: means[i])
        here = self.score(state, seat)
        self.idle = 0 if means[best] > here + 30 else self.idle + 1
        return self._aim(state, cands[best])


_INWARD = {"bottom": math.pi / 2, "top": -math.pi / 2, "left": 0.0, "right": math.pi}


def forward(state: SpaceState, aimed: Flick, planned: Flick) -> Flick:
    """S-M1 (rev 4): the rules refuse a move dragged backwards, so the pilot's unsteady hand never turns a
    planned move into one: it keeps the planned direction then (its strength error stays)."""
    if aimed.mode == "move":
        p = state.piece(aimed.ship)
        if p is not None and backwards(p, math.radians(aimed.angle)):
            return Flick(aimed.ship, aimed.mode, planned.angle, aimed.strength, aimed.pencil, aimed.stopper)
    return aimed


def strongest(state: SpaceState, seat: int) -> tuple[int, int]:
    """The pieces ``seat`` has left and those of the strongest other player still in (S-V4: whether
    a draw is worth calling; with two players simply ours and theirs)."""
    counts: dict[int, int] = {}
    for p in state.pieces:
        counts[p.owner] = counts.get(p.owner, 0) + 1
    mine = counts.pop(seat, 0)
    return mine, max(counts.values(), default=0)


def _hand_across(start: tuple[float, float], target: tuple[float, float], width: float = 30.0
                 ) -> tuple[float, float, float, float]:
    """S-V9: a stopper line across the way from ``start`` to ``target``, centred on the target."""
    dx, dy = target[0] - start[0], target[1] - start[1]
    d = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / d * width / 2, dx / d * width / 2
    return (round(target[0] - nx, 2), round(target[1] - ny, 2), round(target[0] + nx, 2), round(target[1] + ny, 2))
