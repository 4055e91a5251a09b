"""The Hard pilot of Pencil Space Combat: a search over flicks with progressive widening.

The ``ai`` pilot tries a fixed handful of flicks a few times each.  The Hard pilot grows
its choice as it learns: it starts from the ``ai``'s candidates (aimed shots, moves to
spots with a clear straight way, hand-stopped moves) plus moves into enemy hangars
through their doors and rams, ranks them by a noise-free try (the prior), and spends its
second on a bandit search (UCB) over the best of them; the more samples it has taken, the
more candidates it lets in (progressive widening), and now and then it adds a variant of
the best flick so far (angle, strength, pencil, hand).  Every sample is a real flick
through the rules with noise drawn from the pilot's own generator, never the game's.

A sample is judged by what the enemy can do next: the chance that its best reply shot
kills one of our ships counts in full (the enemy shoots first), the chance that our best
shot hits next counts less, and more only as a quiet game drags on (so a fleet hiding behind
its wall is fought in the end, not watched).  Two kinds of exposure never earn that patience
bonus: the line of fire of an enemy ship in its own hangar through its door (odds of a hit
above DOOR_FIRE), and the line of a recent enemy shot whose shooter still sits there.
The odds of a shot are the ``ai``'s model of the flick's sideways error, narrowed by the
door edges a line passes close to.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from shapely.geometry import LineString, Point

from ...engine import Action, Chance, Game, IllegalAction
from .actions import CallDraw, Flick, Heading
from .ai import _INWARD, SpacePilot, _hand_across, forward, strongest
from .evaluate import Piece
from .flick import PENCILS, Pencil
from .geometry import SHIP_BASE, SHIP_LENGTH, TURRET_RADIUS, unit
from .state import SpaceState

#: ``samples``: at most this many sampled flicks a decision (0: as many as the time allows; tests
#: pin a number so that the search does not depend on the machine's speed).
HARD = {"samples": 0, "aim": 0.25, "push": 0.015, "targets": 8, "budget": 1.0}

#: Search constants: UCB exploration (in the judge's points), widening k = K0 + KW * sqrt(n),
#: and a variant of the best flick every VARIANT_EVERY samples.
UCB_C = 45.0
K0 = 4
KW = 1.2
VARIANT_EVERY = 24
#: An enemy ship in its own hangar with at least these odds of hitting us through its door: its
#: doorway's line of fire, where no patience ever sends a ship (a long, thin line past the door
#: edge, with poorer odds, is a way to break a turtle).
DOOR_FIRE = 0.4
#: A recent enemy shot's line: a ship landing this close to it is on it (mm).
LINE_NEAR = 5.0


def exchange(threat: float, attack: float, closest: float, pressure: float) -> float:
    """What the next exchange of fire is worth: the enemy shoots first (a ship lost counts 100),
    our shot counts only if we are still there to fire it, and for less than a ship (the enemy may
    move away first), more as a quiet game drags on (pressure 0..3); with patience gone a long shot
    both ways (poor odds for both) is worth taking, and in the end even a poor one.  Closing in counts while
    patience lasts."""
    return -100.0 * threat + (45.0 + 115.0 * pressure) * attack * (1.0 - threat) - 0.05 * max(0.0, 1.0 - pressure) * closest


_SEGMENTS: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}


def _wall_segments(s: SpaceState) -> list[tuple[float, float, float, float]]:
    """The walls and tears as plain segments, remembered for the walls' list and the tears (a
    search asks thousands of times about the same few)."""
    walls = s.walls()
    key = (id(walls), len(s.tears))
    segs = _SEGMENTS.get(key)
    if segs is None or len(_SEGMENTS) > 64:
        segs = [(w.coords[0][0], w.coords[0][1], w.coords[-1][0], w.coords[-1][1]) for w in walls]
        segs += [(a[0], a[1], b[0], b[1]) for a, b in s.tears]
        if len(_SEGMENTS) > 64:
            _SEGMENTS.clear()
        _SEGMENTS[key] = segs
    return segs


def _outline(q: Piece) -> tuple[tuple[float, float], list[tuple[float, float]]]:
    """A piece's centre and corners by plain arithmetic (the same triangle as ``ship_polygon``;
    a turret's rim at four points)."""
    if q.kind != "ship":
        r = TURRET_RADIUS
        return (q.x, q.y), [(q.x + r, q.y), (q.x, q.y + r), (q.x - r, q.y), (q.x, q.y - r)]
    dx, dy = math.cos(q.heading), math.sin(q.heading)
    bx, by = q.x - dx * SHIP_LENGTH, q.y - dy * SHIP_LENGTH
    px, py = -dy * SHIP_BASE / 2, dx * SHIP_BASE / 2
    pts = [(q.x, q.y), (bx + px, by + py), (bx - px, by - py)]
    return (sum(x for x, _ in pts) / 3, sum(y for _, y in pts) / 3), pts


def _crosses(ax: float, ay: float, bx: float, by: float, seg: tuple[float, float, float, float]) -> bool:
    cx, cy, dx, dy = seg
    d1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    d2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
    d3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
    d4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
    return d1 * d2 <= 0 and d3 * d4 <= 0


def _to_segment(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> tuple[float, float]:
    """The distance from a point to the segment a-b, and how far along a-b (0..1) it is nearest."""
    vx, vy = bx - ax, by - ay
    f = max(0.0, min(1.0, ((px - ax) * vx + (py - ay) * vy) / (vx * vx + vy * vy or 1.0)))
    return math.hypot(px - ax - f * vx, py - ay - f * vy), f


def shot_odds(walls: list[tuple[float, float, float, float]], src: tuple[float, float], facing: float | None,
              centre: tuple[float, float], corners: list[tuple[float, float]], pen: Pencil) -> float:
    """Odds that a shot from ``src`` hits a piece (its centre or a corner) for the judge: the ``ai``'s
    sideways-error model of the flick (S-F2), times the odds that the error does not take the trace
    into the nearest wall end on the way (a shot through a door passes close to its edges).  Unlike
    the ``ai``'s estimate, a piece half behind a door edge is neither wholly safe nor wholly open."""
    best = 0.0
    for (tx, ty), width in [(centre, 2.0), *((c, 1.0) for c in corners)]:
        d = math.hypot(tx - src[0], ty - src[1])
        if d < 1e-6 or d + 10 > pen.reach:
            continue
        if facing is not None:
            off = abs((math.atan2(ty - src[1], tx - src[0]) - facing + math.pi) % (2 * math.pi) - math.pi)
            if off > math.radians(160):
                continue
        if any(_crosses(src[0], src[1], tx, ty, w) for w in walls):
            continue
        s = min(1.0, (d + 15) / pen.reach)
        lateral = max(1e-6, math.hypot(pen.spread * (0.008 + 0.06 * s * s) * d, pen.spread * 0.0005 * s * d * d / 2))
        odds = math.erf(width / (math.sqrt(2) * lateral))
        for w in walls:
            for x, y in ((w[0], w[1]), (w[2], w[3])):
                clear, along = _to_segment(x, y, src[0], src[1], tx, ty)
                sigma = max(1e-6, lateral * along)  # the sideways error grows along the way
                if clear < 3 * sigma:
                    odds *= math.erf(clear / (math.sqrt(2) * sigma))
        best = max(best, odds)
    return best


@dataclass
class _Child:
    action: Action
    prior: float
    total: float = 0.0
    visits: int = 0
    noisy: bool = True

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else self.prior


class SpaceHard(SpacePilot):
    """Progressive widening over flicks, judged by the enemy's reply; see the module docstring."""

    name = "hard"

    def __init__(self, game: Game, seed: int = 0, budget_s: float | None = None, samples: int = 0) -> None:
        super().__init__(game, seed, "ace", HARD["budget"] if budget_s is None else budget_s)
        self.level = dict(HARD, samples=samples)
        self.search = Chance(seed * 7919 + 104729)  #: the search's own generator for flick noise
        self.calm = 0  #: own turns in a row with no piece lost on either side
        self._seen: tuple[int, int] | None = None
        self._lines: list[tuple[int, LineString]] = []
        self.sampled = 0

    # -- judging a position ---------------------------------------------------------------
    def pressure(self) -> float:
        """Patience running out: 1 after eight own turns with no ship lost on either side, and on
        up to 3 (after 24), so that even a fleet hiding behind its wall is fought in the end."""
        return min(3.0, self.calm / 8)

    def _facing(self, s: SpaceState, q: Piece) -> float | None:
        return None if q.kind != "ship" or q.id == s.pending else q.heading

    def _shot_chance(self, s: SpaceState, src: Piece, dst: Piece) -> float:
        """The odds that ``src`` hits ``dst`` with its best pencil (see ``shot_odds``)."""
        facing = self._facing(s, src)
        walls = _wall_segments(s)
        centre, corners = _outline(dst)
        return max(shot_odds(walls, (src.x, src.y), facing, centre, corners, PENCILS[k])
                   for k in s.game.pencils())

    def judge(self, s: SpaceState, seat: int) -> float:
        if s.is_over():
            if s.winners and seat in s.winners:
                return 1000.0
            return -50.0 if s.winners == () else -1000.0
        mine = [p for p in s.pieces if p.owner == seat]
        enemies = [p for p in s.pieces if p.owner != seat]
        foes = max(1, len({p.owner for p in enemies}))
        value = 100.0 * (len(mine) - len(enemies) / foes)
        threat = 0.0
        special = False  # exposed to a door's line of fire or to a recent killing line
        hangars = s.game.hangars
        alive = {p.id for p in enemies}
        for q in mine:
            qc, _ = _outline(q)
            inside_q = any(h.region.contains(Point(qc)) for h in hangars)
            for e in enemies:
                t = self._shot_chance(s, e, q)
                if t > DOOR_FIRE and not inside_q and hangars[e.owner].region.contains(Point(e.x, e.y)):
                    special = True  # it shoots out through its door at us, and likely hits
                threat = max(threat, t)
            for shooter, line in self._lines:
                if shooter in alive and line.distance(q.body()) < LINE_NEAR:
                    threat = max(threat, 0.8)
                    special = True
        attack = 0.0
        for q in mine:
            for e in enemies:
                attack = max(attack, self._shot_chance(s, q, e))
        p = 0.0 if special else self.pressure()
        closest = min((math.dist((q.x, q.y), _outline(e)[0]) for q in mine for e in enemies), default=0.0)
        # our shot comes after theirs: it counts only if we are still there to fire it
        return value + exchange(threat, attack, closest, p) - self._hiding(s, mine, p)

    def _recent_lines(self, s: SpaceState, seat: int) -> list[tuple[int, LineString]]:
        """The enemy shots since our last turn whose shooter still sits where it fired from."""
        out: list[tuple[int, LineString]] = []
        back = max(1, s.game.num_players - 1)
        for mode, used in s.residue[-back:]:
            if mode != "shot" or not used or len(used[0]) < 2:
                continue
            start = used[0][0]
            shooter = min((e for e in s.pieces if e.owner != seat),
                          key=lambda e: math.dist((e.x, e.y), start), default=None)
            if shooter is None or math.dist((shooter.x, shooter.y), start) > SHIP_LENGTH:
                continue
            pts = [pt for strand in used for pt in strand]
            if len(pts) >= 2:
                out.append((shooter.id, LineString(pts)))
        return out

    # -- candidates -------------------------------------------------------------------------
    def _targets(self, state: SpaceState, p: Piece) -> list[tuple[float, float]]:
        """The ``ai``'s spots, and spots inside every enemy hangar (the way in is its door)."""
        pts = super()._targets(state, p)
        g = state.game
        reach = PENCILS["hb"].reach * 0.8
        for foe in {e.owner for e in state.pieces if e.owner != state.seat}:
            h = g.hangars[foe]
            minx, miny, maxx, maxy = h.region.bounds
            ux, uy = unit(_INWARD[h.side])
            for k in range(12):
                t = (k + 0.5) / 12
                for depth in (0.3, 0.6):
                    x = minx + (maxx - minx) * (t if abs(ux) < 0.5 else depth)
                    y = miny + (maxy - miny) * (t if abs(uy) < 0.5 else depth)
                    if 5.0 < math.dist((p.x, p.y), (x, y)) < reach:
                        pts.append((x, y))
            # a turtle's lines out: from each ship in its hangar past a door edge, far out, where the
            # odds are poor both ways (the patient way to break a fleet hiding behind its wall)
            door = state.doors[foe]
            if door is None:
                continue
            a, b = h.door_segment(door)
            for e in state.pieces:
                if e.owner != foe or not h.region.contains(Point(e.x, e.y)):
                    continue
                for (ex, ey), (ox, oy) in ((a, b), (b, a)):
                    gx, gy = ex + (ox - ex) * 0.08, ey + (oy - ey) * 0.08  # just inside the edge
                    d = math.dist((e.x, e.y), (gx, gy))
                    if d < 1.0:
                        continue
                    for far in (90.0, 140.0, 190.0):
                        x, y = e.x + (gx - e.x) / d * far, e.y + (gy - e.y) / d * far
                        if 4 < x < g.width - 4 and 4 < y < g.height - 4 and 5.0 < math.dist((p.x, p.y), (x, y)) < reach:
                            pts.append((x, y))
        return pts

    def _spot_value(self, state: SpaceState, p: Piece, t: tuple[float, float], ag: float) -> float:
        """A spot before trying it, as the judge would see a ship there (its odds both ways), so
        the spots tried include safe ones as well as the ``ai``'s bold ones."""
        walls = _wall_segments(state)
        enemies = [e for e in state.pieces if e.owner != p.owner]
        pen = PENCILS["hb"]
        threat = max((shot_odds(walls, (e.x, e.y), self._facing(state, e), t, [], pen) for e in enemies), default=0.0)
        attack = max((shot_odds(walls, t, None, e.centre(), [], pen) for e in enemies), default=0.0)
        closest = min((math.dist(t, e.centre()) for e in enemies), default=0.0)
        pr = self.pressure()
        return exchange(threat, attack, closest, pr) - 0.04 * math.dist((p.x, p.y), t) + self.rng.uniform(0, 3)

    def candidates(self, state: SpaceState) -> list[Action]:
        out = super().candidates(state)
        seat = state.seat
        mine = [p for p in state.pieces if p.owner == seat and p.kind == "ship"]
        enemies = [p for p in state.pieces if p.owner != seat]
        more = len(mine) > len(enemies) / max(1, len({e.owner for e in enemies}))
        if more:  # ahead: a ram trades one for one (S-M4) and brings the end nearer
            world = state.world()
            bodies = {q.id: q.body() for q in state.pieces}
            for p in mine:
                for e in enemies:
                    ex, ey = e.centre()
                    d = math.dist((p.x, p.y), (ex, ey))
                    if d > PENCILS["hb"].reach * 0.8:
                        continue
                    others = {k: v for k, v in bodies.items() if k != e.id}
                    back = (ex - (ex - p.x) / d * SHIP_LENGTH, ey - (ey - p.y) / d * SHIP_LENGTH)
                    if self._clear_path(world, p, back, others):
                        ang = math.degrees(math.atan2(ey - p.y, ex - p.x))
                        out.append(Flick(p.id, "move", round(ang, 2), round(min(1.0, (d + 8) / PENCILS["hb"].reach), 3)))
        pencils = state.game.pencils()
        if len(pencils) > 1:
            extra = []
            for a in out:
                if isinstance(a, Flick) and a.mode == "shot":
                    for k in pencils:
                        if k != a.pencil:
                            strength = min(1.0, a.strength * PENCILS[a.pencil].reach / PENCILS[k].reach)
                            extra.append(Flick(a.ship, "shot", a.angle, round(strength, 3), k))
            out += extra
        return out

    def _variant(self, state: SpaceState, a: Action) -> Action | None:
        if not isinstance(a, Flick) or a.strength <= 0.02:
            return None
        r = self.search
        angle = round(a.angle + r.gauss(0.0, 1.5 if a.mode == "move" else 0.6), 2)
        strength = round(min(1.0, max(0.01, a.strength * (1 + r.gauss(0.0, 0.06)))), 3)
        pencil, stopper = a.pencil, a.stopper
        g = state.game
        if len(g.pencils()) > 1 and r.random() < 0.25:
            pencil = r.choice(g.pencils())
        if a.mode == "move" and g.settings["stopper"] and r.random() < 0.25:
            if stopper is None:
                p = state.piece(a.ship)
                if p is None:
                    return None
                d = a.strength * PENCILS[a.pencil].reach
                rad = math.radians(angle)
                tx, ty = p.x + d * math.cos(rad), p.y + d * math.sin(rad)
                stopper = _hand_across((p.x, p.y), (tx, ty))
                strength = round(min(1.0, strength * 1.2), 3)
            else:
                stopper = None
        return Flick(a.ship, a.mode, angle, strength, pencil, stopper)

    def _heading(self, state: SpaceState) -> Action:
        """S-M6: the heading whose placement judges best: turning swings the body about the trace's
        end, so it can swing a ship into a line of fire as well as point it at a target."""
        p = state.piece(state.pending) if state.pending is not None else None
        if p is None:
            return super()._heading(state)
        self._lines = self._recent_lines(state, state.seat)
        angles = [round(math.degrees(p.heading), 2)] + [float(a) for a in range(0, 360, 30)]
        for e in state.pieces:
            if e.owner != p.owner:
                ex, ey = e.centre()
                angles.append(round(math.degrees(math.atan2(ey - p.y, ex - p.x)), 2))
        best: tuple[float, Action] | None = None
        for ang in angles:
            act = Heading(ang)
            trial = state.clone()
            try:
                trial.apply(act)
            except IllegalAction:
                continue
            v = self.judge(trial, state.seat)
            if best is None or v > best[0]:
                best = (v, act)
        return best[1] if best is not None else super()._heading(state)

    # -- the search ---------------------------------------------------------------------
    def _sample(self, state: SpaceState, a: Action, seat: int, noise: bool) -> float:
        trial = state.clone()
        trial.chance = Chance(self.search.randint(0, 2 ** 62), noise=noise)
        try:
            trial.apply(self._aim(state, a) if noise else a)
        except IllegalAction:
            return -1e6
        return self.judge(trial, seat)

    def _aim(self, state: SpaceState, action: Action) -> Action:
        """The pilot's own hand, shaken with the search's generator (the pilot's own is for planning)."""
        if not isinstance(action, Flick) or action.strength <= 0.02:
            return action
        ang = action.angle + self.search.gauss(0.0, self.level["aim"])
        strength = min(1.0, max(0.005, action.strength * (1 + self.search.gauss(0.0, self.level["push"]))))
        return forward(state, Flick(action.ship, action.mode, round(ang, 3), round(strength, 4), action.pencil,
                                    action.stopper), action)

    def _play(self, state: SpaceState) -> Action:
        start = time.perf_counter()
        deadline = start + self.budget_s * 0.9
        seat = state.seat
        count = (sum(1 for p in state.pieces if p.owner == seat), sum(1 for p in state.pieces if p.owner != seat))
        self.calm = self.calm + 1 if count == self._seen else 0
        self._seen = count
        mine, theirs = strongest(state, seat)
        if state.can_call_draw() and (mine + 1 < theirs or (mine < theirs and self.calm >= 8)):
            return CallDraw()
        self._lines = self._recent_lines(state, seat)
        children: list[_Child] = []
        # the priors (a noise-free try each) may take a third of the time; candidates past that
        # keep the ``ai``'s order behind the tried ones, so that the search has time to sample
        prior_until = start + (deadline - start) / 3
        untried: list[Action] = []
        for a in self.candidates(state):
            if children and time.perf_counter() > prior_until:
                untried.append(a)
                continue
            children.append(_Child(a, self._sample(state, a, seat, noise=False), noisy=isinstance(a, Flick)))
        children.sort(key=lambda c: -c.prior)
        floor = children[-1].prior if children else 0.0
        children += [_Child(a, floor - 1.0 - 0.01 * i, noisy=isinstance(a, Flick)) for i, a in enumerate(untried)]
        n = 0
        cap = int(self.level["samples"]) or 1 << 30
        while time.perf_counter() < deadline and n < cap:
            k = min(len(children), K0 + int(KW * math.sqrt(n)))
            active = children[:k]
            pick = next((c for c in active if c.visits == 0), None)
            if pick is None:
                ln = math.log(n + 1)
                pick = max(active, key=lambda c: c.mean + UCB_C * math.sqrt(ln / c.visits))
            pick.total += self._sample(state, pick.action, seat, noise=pick.noisy)
            pick.visits += 1
            n += 1
            if n % VARIANT_EVERY == 0:
                best = max((c for c in active if c.visits >= 6), key=lambda c: c.mean, default=None)
                v = self._variant(state, best.action) if best is not None else None
                if best is not None and v is not None:
                    children.insert(1, _Child(v, best.mean))
        self.sampled = n  #: flicks sampled for the last decision (for measurements)
        tried = [c for c in children if c.visits >= 3]
        if not tried:  # no time to sample: the best noise-free try
            return self._aim(state, children[0].action)
        most = max(c.visits for c in tried)
        solid = [c for c in tried if c.visits >= max(3, most // 4)]
        best = max(solid, key=lambda c: c.mean)
        self.idle = 0 if best.mean > self.judge(state, seat) + 30 else self.idle + 1
        return self._aim(state, best.action)


__all__ = ["SpaceHard"]
