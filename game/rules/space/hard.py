"""The Hard pilot of Pencil Space Combat: it reads the board as a shooter does, and searches.

**Reading the board** (``sight``).  The odds of every shot, either way, are the directions a pencil
can take that meet the target's body before a hangar wall or a tear, seen from the shooter's nose,
weighed by the flick's direction and length errors (S-F2): a line through a door that shaves its
edge leaves a sliver of directions; on cylinder space a line may leave one long side and come
back on the other (S-V5); a ship cannot shoot back across its own body (S-S1); with blasts on a
kill takes every piece in the blast with it (S-V6).  A shot leaves both sides where they were, so
a line of fire is mutual up to those slivers, and the enemy shoots first at a ship that has just
landed on one.  The judge of a position is therefore:

- the enemy's best shot next turn counts in full, a ship lost as 100 (with the ships its blast
  takes), however long the game has been quiet: the pilot never lands or parks on a line an
  enemy can shoot along (issue 48: all three ships lost to a player waiting behind the wall);
- our best shot after that counts for less than a ship (the enemy may move away first), up to
  nearly a ship as a quiet game drags on, but never so much that an even duel, where the enemy
  fires first, is worth walking into.  A line the enemy cannot answer (a thin line through a door
  that only our nose sees) counts as a few shots along it (``unanswered``): nothing forces us off
  it, so the pilot goes there and fires along it turn after turn, and a kill made now counts a
  little over the same count reached by a plan (``KILL_NOW``).  Only with the stalemate call off
  (S-V4), after a long quiet spell, does patience run out far enough to accept a fair duel, so a
  game always ends;
- a move costs a little for every centimetre, so that with nothing to gain it waits (passes, or
  a nudge of a few millimetres) instead of wandering (issue 48: ten turns of 1-3 cm moves).

**What it tries** (the candidates).  Shots along the best line at every enemy piece, through
door slivers and round the cylinder; firing positions where its shot has better odds than any
reply (near a door, where the door's edges are near its own nose and far from the enemy's, or
where a ship's tail shows past a door edge while its nose sees nothing); the ``ai``'s moves out
of the hangar, to cover and firing positions; rams and, with blasts on, dives into an enemy
hangar whose blast reaches ships hidden behind the wall; and small waits.  Each gets a
noise-free try (its prior; a shot along a line the board's reading knows starts from its
expected worth, trusted as ``SHOT_TRUST`` samples), then a bandit search (UCB) over noisy samples
with progressive widening (the more samples, the more candidates) and variants of the best flick.  Every sample is
a real flick through the rules, its noise drawn from the pilot's own generator, never the game's.

**When nothing can be gained**: against a fleet that stays in its hangar, when the search has
found no flick worth making turn after turn and no firing position is in reach (``hopeful``), it
calls the stalemate (S-V4: with 3-4 players a proposal); hope lasts as many turns again at most,
and after ``GIVE_UP`` quiet turns of thin shots that never hit it stops shooting so that the call
becomes possible.

**Effort**: ``Agent.iterations`` counts flicks tried (priors and samples); without it the pilot
thinks for its budget (``HARD["budget"]`` seconds a decision).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from shapely.geometry import LineString, Point

from ...engine import Action, Chance, Game, IllegalAction
from .actions import CallDraw, Flick, Heading, Pass
from .ai import _INWARD, SpacePilot, _hand_across, forward, strongest
from .evaluate import Piece, backwards
from .flick import PENCILS
from .geometry import BLAST_RADIUS, IN, SHIP_LENGTH, unit
from .sight import Board, Shot, board, centre, crosses, piece_shot
from .state import SpaceState

#: The pilot's hand (aim error in degrees, strength error relative), how many of the ``ai``'s move
#: targets it keeps a ship, and its thinking time a decision (s).
HARD = {"aim": 0.25, "push": 0.015, "targets": 8, "budget": 2.4}

#: Search constants: UCB exploration (in the judge's points), widening k = K0 + KW * sqrt(n),
#: and a variant of the best flick every VARIANT_EVERY samples.
UCB_C = 40.0
K0 = 4
KW = 1.2
VARIANT_EVERY = 24
#: A recent enemy shot's line: a ship landing this close to it is on it (mm).
LINE_NEAR = 5.0
#: What a move costs, per mm of the slide intended (judge points): waiting beats wandering.
MOVE_COST = 0.06
#: What the firing positions a ship can reach next turn are worth now (the enemy moves first).
POTENTIAL = 0.5
#: An enemy piece destroyed now is worth this much over the same count reached by a plan: it is
#: certain, while every plan waits for the enemy's move (issue 48: it fired once in 84 turns).
KILL_NOW = 25.0
#: How many samples' worth the board's reading of a shot's odds counts for in the search.
SHOT_TRUST = 12
#: A flick is worth making when it expects this much (points) over the position as it is.
GAIN = 6.0
#: Fruitless turns (nothing worth GAIN found, no shot) before it calls the stalemate against a fleet
#: in its hangar: when level on ships, and when ahead.
CALL_LEVEL = 6
CALL_AHEAD = 12
#: ... and against a fleet out in space (two careful pilots watching each other).
CALL_OPEN = 30
#: Own turns with no piece lost on either side after which the pilot stops hoping (thin shots that
#: never hit): it waits until the stalemate may be called (S-V4: ten turns with no shot) and calls it.
GIVE_UP = 60


def attack_weight(pressure: float, endless: bool) -> float:
    """What our best shot next turn is worth, per ship it would kill, against 100 for a ship of ours
    lost first: 45 (the enemy may move away), up to 95 as a quiet game drags on (pressure 0..3).
    Below 100 an even line (the same odds both ways, the enemy first) is never worth taking.  When
    no stalemate can be called (``endless``) patience runs out further, to a fair duel, so that a
    fleet hiding behind its wall is fought in the end."""
    w = 45.0 + 50.0 * min(1.0, pressure)
    if endless:
        w += 60.0 * max(0.0, pressure - 1.0)
    return w


#: A line the enemy cannot answer (its best reply below this) may be shot along turn after turn.
UNANSWERED = 0.03
#: ... as if this many shots were taken along it before the enemy moves.
TRIES = 4


def unanswered(attack: float, threat: float) -> float:
    """What our best shot next turn is worth in kills: its odds, or, on a line the enemy cannot
    answer (a thin line through a door that only our nose sees), the chance that one of a few
    shots along it hits, since nothing forces us off it (issue 48: breaking a turtle)."""
    if threat >= UNANSWERED:
        return attack
    return 1.0 - (1.0 - attack) ** TRIES


@dataclass
class _Child:
    action: Action
    prior: float
    total: float = 0.0
    visits: int = 0
    noisy: bool = True
    pseudo: int = 0  #: samples' worth of trust in the prior (a shot whose odds the board's reading gives)

    @property
    def mean(self) -> float:
        if not self.visits:
            return self.prior
        return (self.total + self.prior * self.pseudo) / (self.visits + self.pseudo)


class SpaceHard(SpacePilot):
    """Reads every line of fire, searches flicks, judges by the enemy's reply; see the module docstring.
    ``samples``: a fixed effort (flicks tried a decision) in place of the clock, as ``iterations``."""

    name = "hard"

    def __init__(self, game: Game, seed: int = 0, budget_s: float | None = None, samples: int = 0) -> None:
        super().__init__(game, seed, "ace", HARD["budget"] if budget_s is None else budget_s)
        self.level = dict(HARD)
        if samples:
            self.iterations = samples
        self.search = Chance(seed * 7919 + 104729)  #: the search's own generator for flick noise
        self.calm = 0  #: own turns in a row with no piece lost on either side
        self.fruitless = 0  #: own turns in a row that found nothing worth a flick
        self._seen: tuple[int, int] | None = None
        self._lines: list[tuple[int, LineString]] = []
        self._shots: dict[tuple[int, Piece, Piece, bool], tuple[Board, Shot]] = {}
        self._stations: dict[tuple[int, float, float, float], float] = {}
        self._odds: dict[Flick, float] = {}  #: this decision's shots along the board's lines, and their odds
        self._field: list[tuple[float, float, float]] = []  #: this decision's firing positions (x, y, value)
        self.sampled = 0

    # -- reading the board ------------------------------------------------------------------
    def pressure(self) -> float:
        """Patience running out: 1 after eight own turns with no piece lost on either side, on up to 3."""
        return min(3.0, self.calm / 8)

    def _shot(self, b: Board, shooter: Piece, target: Piece, turning: bool = False) -> Shot:
        key = (id(b), shooter, target, turning)
        hit = self._shots.get(key)
        if hit is not None and hit[0] is b:
            return hit[1]
        sh = piece_shot(b, shooter, target, turning)
        if len(self._shots) > 50000:
            self._shots.clear()
        self._shots[key] = (b, sh)
        return sh

    def _caught(self, b: Board, hit: Piece, pieces: list[Piece]) -> list[Piece]:
        """S-V6: the pieces a blast at ``hit`` takes with it, chains included (centres within the blast,
        no wall between them: the rules' exact shadows, nearly)."""
        gone = [hit]
        queue = [centre(hit)]
        left = [q for q in pieces if q.id != hit.id]
        while queue and left:
            cx, cy = queue.pop()
            keep = []
            for q in left:
                qx, qy = centre(q)
                if math.hypot(qx - cx, qy - cy) < BLAST_RADIUS + 2.0 and \
                        not any(crosses(cx, cy, qx, qy, w) for w in b.blockers):
                    gone.append(q)
                    queue.append((qx, qy))
                else:
                    keep.append(q)
            left = keep
        return gone

    def exchange(self, s: SpaceState, seat: int, mine: list[Piece], enemies: list[Piece],
                 b: Board) -> tuple[float, float, float]:
        """The next exchange of fire: the ships the enemy's best shot is expected to take, the odds of
        that shot, and the ships our best shot after it is expected to take."""
        blasts = bool(s.game.settings["blasts"])
        everyone = mine + enemies
        loss = p_loss = 0.0
        for e in enemies:
            turning = e.id == s.pending
            for q in mine:
                sh = self._shot(b, e, q, turning)
                if sh.odds < 0.003:
                    continue
                lost = 1.0
                if blasts:
                    caught = self._caught(b, q, everyone)
                    theirs = sum(1 for c in caught if c.owner == e.owner)
                    lost = float(sum(1 for c in caught if c.owner == seat))
                    if theirs >= lost:
                        continue  # a shot that costs them as much as us: not one they take
                if sh.odds * lost > loss:
                    loss, p_loss = sh.odds * lost, sh.odds
        for shooter, line in self._lines:
            if any(e.id == shooter for e in enemies):
                for q in mine:
                    if line.distance(q.body()) < LINE_NEAR and 0.8 > loss:
                        loss, p_loss = 0.8, 0.8
        attack = 0.0
        for q in mine:
            turning = q.id == s.pending
            for e in enemies:
                sh = self._shot(b, q, e, turning)
                if sh.odds < 0.003:
                    continue
                kills = 1.0
                if blasts:
                    caught = self._caught(b, e, everyone)
                    kills = sum(1 for c in caught if c.owner != seat) - sum(1 for c in caught if c.owner == seat)
                attack = max(attack, sh.odds * kills)
        return loss, p_loss, attack

    def judge(self, s: SpaceState, seat: int) -> float:
        if s.is_over():
            if s.winners and seat in s.winners:
                return 1000.0
            return -50.0 if s.winners == () else -1000.0
        mine = [p for p in s.pieces if p.owner == seat]
        enemies = [p for p in s.pieces if p.owner != seat]
        foes = max(1, len({p.owner for p in enemies}))
        value = 100.0 * (len(mine) - len(enemies) / foes)
        b = board(s)
        p = self.pressure()
        w = attack_weight(p, not s.game.settings["stalemate"])
        pending = next((q for q in mine if q.id == s.pending), None)
        if pending is None:
            loss, p_loss, attack = self.exchange(s, seat, mine, enemies, b)
            fire = -100.0 * loss + w * unanswered(attack, p_loss) * (1.0 - p_loss)
        else:  # S-M6: the ship will still turn; judge it by the best of a few headings about its nose
            fire = -1e9
            for h in self._headings(pending, enemies):
                turned = [q._replace(heading=h) if q.id == pending.id else q for q in mine]
                loss, p_loss, attack = self.exchange(s, seat, turned, enemies, b)
                fire = max(fire, -100.0 * loss + w * unanswered(attack, p_loss) * (1.0 - p_loss))
        closest = min((math.dist((q.x, q.y), centre(e)) for q in mine for e in enemies), default=0.0)
        ahead = POTENTIAL * sum(self.potential(q.x, q.y) for q in mine if q.kind == "ship")
        return (value + fire + ahead - 0.05 * max(0.0, 1.0 - p) * closest
                - self._hiding(s, mine, 0.3 * min(1.0, p)))

    @staticmethod
    def _headings(q: Piece, enemies: list[Piece]) -> list[float]:
        out = [q.heading] + [k * math.pi / 4 for k in range(8)]
        out += [math.atan2(centre(e)[1] - q.y, centre(e)[0] - q.x) for e in enemies]
        return out

    def _recent_lines(self, s: SpaceState, seat: int) -> list[tuple[int, LineString]]:
        """The enemy shots since our last turn that killed and whose shooter still sits where it fired
        from: a line proven to hit, where no ship lands."""
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
        return pts

    def _station(self, b: Board, seat: int, t: tuple[float, float], w: float, enemies: list[Piece]) -> float:
        """A spot as a shooter sees it, for a ship landing nose first at ``t`` and turned towards its
        best target: our odds there against theirs (the enemy first), before any flick is tried."""
        key = (id(b), round(t[0], 2), round(t[1], 2), w)
        known = self._stations.get(key)
        if known is not None:
            return known
        best = -1e9
        for e in enemies:
            ex, ey = centre(e)
            q = Piece(-1, seat, "ship", t[0], t[1], math.atan2(ey - t[1], ex - t[0]))
            threat = max((self._shot(b, f, q, False).odds for f in enemies), default=0.0)
            attack = self._shot(b, q, e, False).odds
            best = max(best, -100.0 * threat + w * unanswered(attack, threat) * (1.0 - threat))
        self._stations[key] = best
        return best

    def _spot_value(self, state: SpaceState, p: Piece, t: tuple[float, float], ag: float) -> float:
        enemies = [e for e in state.pieces if e.owner != p.owner]
        w = attack_weight(self.pressure(), not state.game.settings["stalemate"])
        return (self._station(board(state), p.owner, t, w, enemies) - MOVE_COST * math.dist((p.x, p.y), t)
                + self.rng.uniform(0, 3))

    def _station_spots(self, state: SpaceState) -> list[tuple[float, float]]:
        """Where firing positions may be: a fan outside every enemy door and rows low along the outside
        of its wall (where a door sliver may show a ship's tail while its nose sees nothing)."""
        g = state.game
        spots: list[tuple[float, float]] = []
        for foe in sorted({e.owner for e in state.pieces if e.owner != state.seat}):
            h = g.hangars[foe]
            door = state.doors[foe]
            if door is None:
                continue
            ox, oy = unit(_INWARD[h.side])  # out of that hangar, into space
            tx, ty = (h.wall_b[0] - h.wall_a[0]) / h.wall_length, (h.wall_b[1] - h.wall_a[1]) / h.wall_length
            dx, dy = h.wall_point(door)
            for r in (7.0, 12.0, 19.0, 28.0, 40.0, 56.0, 80.0, 110.0):
                for k in range(1, 18):
                    a = math.pi * k / 18
                    spots.append((dx + r * (tx * math.cos(a) + ox * math.sin(a)),
                                  dy + r * (ty * math.cos(a) + oy * math.sin(a))))
            steps = int(h.wall_length // 4)
            for i in range(steps + 1):
                wx, wy = h.wall_point(h.wall_length * i / max(1, steps))
                for up in (3.5, 5.0, 6.5, 8.5, 11.0, 14.0):
                    spots.append((wx + ox * up, wy + oy * up))
        margin = 4.0
        return [t for t in spots if margin < t[0] < g.width - margin and margin < t[1] < g.height - margin
                and not any(hg.region.contains(Point(t)) for hg in g.hangars)]

    def _map(self, state: SpaceState, w: float | None = None) -> list[tuple[float, float, float]]:
        """The firing positions worth going to: spots where our shot at some enemy piece has better
        odds than every reply (``_station`` above GAIN), with their value; ``w``: what our shot is
        worth (default: as patient as the pilot is now)."""
        seat = state.seat
        enemies = [e for e in state.pieces if e.owner != seat]
        if not enemies:
            return []
        b = board(state)
        if w is None:
            w = attack_weight(self.pressure(), not state.game.settings["stalemate"])
        out = []
        for t in self._station_spots(state):
            v = self._station(b, seat, t, w, enemies)
            if v > GAIN:
                out.append((t[0], t[1], v))
        return out

    def potential(self, x: float, y: float) -> float:
        """What a ship at (x, y) may make of the firing positions next turn: the best one's value less
        the way there (a move's reach away; half as much two moves away)."""
        best = 0.0
        reach = PENCILS["hb"].reach * 0.85
        for sx, sy, v in self._field:
            d = math.hypot(sx - x, sy - y)
            if d > 2 * reach:
                continue
            worth = v - MOVE_COST * d
            if d > reach:
                worth *= 0.5
            best = max(best, worth)
        return best

    def _firing_spots(self, state: SpaceState, w: float | None = None) -> list[Action]:
        """For each ship, the best few firing positions of the map that it can reach in a straight,
        clear line, better than where it is."""
        g = state.game
        seat = state.seat
        enemies = [e for e in state.pieces if e.owner != seat]
        if not enemies or not self._field:
            return []
        b = board(state)
        if w is None:
            w = attack_weight(self.pressure(), not g.settings["stalemate"])
        ships = [q for q in state.pieces if q.owner == seat and q.kind == "ship"]
        world = state.world()
        bodies = {q.id: q.body() for q in state.pieces}
        out: list[Action] = []
        reach = PENCILS["hb"].reach * 0.85
        for p in ships:
            here = self._station(b, seat, (p.x, p.y), w, enemies)
            scored = []
            for sx, sy, v in self._field:
                d = math.dist((p.x, p.y), (sx, sy))
                if 4.0 < d < reach and v - MOVE_COST * d > here + 1.0:
                    scored.append((v - MOVE_COST * d, (sx, sy)))
            scored.sort(key=lambda vt: -vt[0])
            found = 0
            for _v, t in scored[:24]:
                if found >= 3:
                    break
                if not self._clear_path(world, p, t, bodies):
                    continue
                found += 1
                d = math.dist((p.x, p.y), t)
                ang = math.degrees(math.atan2(t[1] - p.y, t[0] - p.x))
                out.append(Flick(p.id, "move", round(ang, 2), round(min(1.0, d / PENCILS["hb"].reach), 4)))
                if g.settings["stopper"] and d > 12.0:
                    out.append(Flick(p.id, "move", round(ang, 2), round(min(1.0, d * 1.2 / PENCILS["hb"].reach), 4),
                                     stopper=_hand_across((p.x, p.y), t)))
        return out

    def _waits(self, state: SpaceState) -> list[Action]:
        """Waiting: a pass when passing is on (S-V3), else nudges of a few millimetres forward or
        to the side (never back, S-M1) of the ships least in view."""
        if state.game.settings["passing"]:
            return [Pass()]
        out: list[Action] = []
        for p in state.pieces:
            if p.owner != state.seat or p.kind != "ship":
                continue
            for turn in (0.0, 60.0, -60.0, 120.0, -120.0):
                ang = math.degrees(p.heading) + turn
                if not backwards(p, math.radians(ang)):
                    out.append(Flick(p.id, "move", round(ang, 2), round(4.0 / PENCILS["hb"].reach, 4)))
        return out

    def _rams(self, state: SpaceState) -> list[Action]:
        """Rams (S-M4): one ship for one, worth it when ahead; with blasts on (S-V6) the blast may take
        more, so every enemy piece a ship can fly straight at is tried, inside its hangar too."""
        seat = state.seat
        mine = [p for p in state.pieces if p.owner == seat and p.kind == "ship"]
        enemies = [p for p in state.pieces if p.owner != seat]
        more = len(mine) > len(enemies) / max(1, len({e.owner for e in enemies}))
        if not (more or state.game.settings["blasts"]):
            return []
        out: list[Action] = []
        world = state.world()
        bodies = {q.id: q.body() for q in state.pieces}
        for p in mine:
            for e in enemies:
                ex, ey = centre(e)
                d = math.dist((p.x, p.y), (ex, ey))
                if d > PENCILS["hb"].reach * 0.8 or d < 1.0:
                    continue
                others = {k: v for k, v in bodies.items() if k != e.id}
                back = (ex - (ex - p.x) / d * SHIP_LENGTH, ey - (ey - p.y) / d * SHIP_LENGTH)
                if self._clear_path(world, p, back, others):
                    ang = math.degrees(math.atan2(ey - p.y, ex - p.x))
                    out.append(Flick(p.id, "move", round(ang, 2), round(min(1.0, (d + 8) / PENCILS["hb"].reach), 4)))
        return out

    def _dives(self, state: SpaceState) -> list[Action]:
        """S-V6: with blasts on, a flight through an enemy door that leaves the paper at the back of the
        hangar beside its ships: the ship is lost (S-M5), and its blast takes every ship within an inch
        there, behind the wall as well as in front of the door."""
        if not state.game.settings["blasts"]:
            return []
        g = state.game
        seat = state.seat
        b = board(state)
        out: list[Action] = []
        mine = [p for p in state.pieces if p.owner == seat and p.kind == "ship"]
        for foe in sorted({e.owner for e in state.pieces if e.owner != seat}):
            h = g.hangars[foe]
            inside = [e for e in state.pieces if e.owner == foe and h.region.contains(Point(centre(e)))]
            if not inside:
                continue
            ox, oy = unit(_INWARD[h.side])
            for e in inside:
                ex, ey = centre(e)
                # the paper's edge behind that ship: the hangar is IN deep, its back edge the paper's
                edge = (ex - ox * IN, ey - oy * IN)  # past the paper's edge: the flight leaves it there
                for p in mine:
                    for aim in ((ex, ey), edge):
                        d = math.dist((p.x, p.y), aim)
                        if d < 5.0 or d > PENCILS["hb"].reach * 0.9:
                            continue
                        ang = math.atan2(aim[1] - p.y, aim[0] - p.x)
                        if backwards(p, ang):
                            continue
                        if any(crosses(p.x, p.y, aim[0], aim[1], wseg) for wseg in b.blockers):
                            continue
                        out.append(Flick(p.id, "move", round(math.degrees(ang), 2),
                                         round(min(1.0, (d + 20.0) / PENCILS["hb"].reach), 4)))
        return out

    def candidates(self, state: SpaceState) -> list[Action]:
        b = board(state)
        seat = state.seat
        mine = [p for p in state.pieces if p.owner == seat]
        enemies = [p for p in state.pieces if p.owner != seat]
        out: list[Action] = []
        for q in mine:  # the best line at every enemy piece: through door slivers, round the cylinder
            for e in enemies:
                sh = self._shot(b, q, e, False)
                if sh.odds >= 0.02:
                    aimed = Flick(q.id, "shot", round(sh.angle, 3), round(sh.strength, 4), sh.pencil)
                    self._odds[aimed] = max(sh.odds, self._odds.get(aimed, 0.0))
                    out.append(aimed)
        out += [a for a in super().candidates(state)
                if not (isinstance(a, Flick) and a.mode == "shot" and a.strength <= 0.02) and not isinstance(a, Pass)]
        out += self._firing_spots(state)
        out += self._rams(state)
        out += self._dives(state)
        out += self._waits(state)
        seen: set[Action] = set()
        unique = []
        for a in out:
            if a not in seen:
                seen.add(a)
                unique.append(a)
        if not unique:  # boxed in: a harmless puff straight ahead rather than a suicide
            p = mine[0]
            unique.append(Flick(p.id, "shot", round(math.degrees(p.heading), 2), 0.02))
        return unique

    def _variant(self, state: SpaceState, a: Action) -> Action | None:
        if not isinstance(a, Flick) or a.strength <= 0.02:
            return None
        r = self.search
        angle = round(a.angle + r.gauss(0.0, 1.5 if a.mode == "move" else 0.4), 3)
        strength = round(min(1.0, max(0.01, a.strength * (1 + r.gauss(0.0, 0.06)))), 4)
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
                strength = round(min(1.0, strength * 1.2), 4)
            else:
                stopper = None
        if a.mode == "move":
            p = state.piece(a.ship)
            if p is None or backwards(p, math.radians(angle)):
                return None
        return Flick(a.ship, a.mode, angle, strength, pencil, stopper)

    def _heading(self, state: SpaceState) -> Action:
        """S-M6: the heading whose placement judges best: turning swings the body about the trace's
        end, so it can swing a ship into a line of fire as well as out of it and point it at a target."""
        p = state.piece(state.pending) if state.pending is not None else None
        if p is None:
            return super()._heading(state)
        self._lines = self._recent_lines(state, state.seat)
        self._shots.clear()
        self._stations.clear()
        b = board(state)
        angles = [round(math.degrees(p.heading), 2)] + [float(a) for a in range(0, 360, 20)]
        for e in state.pieces:
            if e.owner != p.owner:
                ex, ey = centre(e)
                angles.append(round(math.degrees(math.atan2(ey - p.y, ex - p.x)), 2))
                sh = self._shot(b, p, e, True)
                if sh.odds > 0.0:
                    angles.append(round(sh.angle, 2))
        best: tuple[float, Action] | None = None
        for ang in dict.fromkeys(angles):
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
    @staticmethod
    def _cost(a: Action) -> float:
        if isinstance(a, Flick) and a.mode == "move":
            return MOVE_COST * a.strength * PENCILS[a.pencil].reach
        return 0.0

    def _sample(self, state: SpaceState, a: Action, seat: int, noise: bool) -> float:
        trial = state.clone()
        trial.chance = Chance(self.search.randint(0, 2 ** 62), noise=noise)
        try:
            trial.apply(self._aim(state, a) if noise else a)
        except IllegalAction:
            return -1e6
        theirs = sum(1 for q in state.pieces if q.owner != seat) - sum(1 for q in trial.pieces if q.owner != seat)
        return self.judge(trial, seat) - self._cost(a) + KILL_NOW * theirs

    def _aim(self, state: SpaceState, action: Action) -> Action:
        """The pilot's own hand, shaken with the search's generator (the pilot's own is for planning)."""
        if not isinstance(action, Flick) or action.strength <= 0.02:
            return action
        ang = action.angle + self.search.gauss(0.0, self.level["aim"])
        strength = min(1.0, max(0.005, action.strength * (1 + self.search.gauss(0.0, self.level["push"]))))
        return forward(state, Flick(action.ship, action.mode, round(ang, 3), round(strength, 4), action.pencil,
                                    action.stopper), action)

    def _turtling(self, state: SpaceState, seat: int) -> bool:
        """Every enemy piece sits in its own hangar (or is a turret beside it)."""
        hangars = state.game.hangars
        return all(e.kind == "turret" or hangars[e.owner].region.contains(Point(centre(e)))
                   for e in state.pieces if e.owner != seat)

    def _call(self, state: SpaceState, seat: int) -> bool:
        """S-V4: call the stalemate when clearly behind and getting nowhere, or when nothing can be
        gained: the search has found no flick worth making for turns (against a fleet in its hangar
        sooner than against one out in space), and no firing position is in reach (``hopeful``);
        hope lasts as many turns again at most (a gain the search keeps turning down is no gain)."""
        mine, theirs = strongest(state, seat)
        if mine + 1 < theirs or (mine < theirs and self.calm >= 8) or self.calm >= GIVE_UP:
            return True
        if self._turtling(state, seat):
            limit = CALL_AHEAD if mine > theirs else CALL_LEVEL
        elif mine <= theirs:
            limit = CALL_OPEN
        else:
            return False
        if self.fruitless < limit:
            return False
        return self.fruitless >= 2 * limit or not self.hopeful(state, seat)

    def hopeful(self, state: SpaceState, seat: int) -> bool:
        """Something can still be gained: a shot from where a ship stands, or a firing position
        anywhere, whose odds beat every reply by enough to be worth it to a patient pilot (the
        weight of a quiet game's end, ``attack_weight(1)``).  A thin line through a door that the
        enemy cannot answer is such a gain: the pilot goes there and takes it, turn after turn."""
        w = attack_weight(1.0, not state.game.settings["stalemate"])
        b = board(state)
        enemies = [e for e in state.pieces if e.owner != seat]
        for q in state.pieces:
            if q.owner == seat and self._station(b, seat, (q.x, q.y), w, enemies) > GAIN \
                    and q.kind == "ship":
                return True
            if q.owner == seat and any(self._shot(b, q, e).odds >= 0.08 for e in enemies) and \
                    max((self._shot(b, e, q).odds for e in enemies), default=0.0) < 0.05:
                return True
        kept = self._field
        self._field = self._map(state, w)
        try:
            return bool(self._firing_spots(state, w))
        finally:
            self._field = kept

    def _play(self, state: SpaceState) -> Action:
        start = time.perf_counter()
        deadline = start + self.budget_s * 0.9
        seat = state.seat
        count = (sum(1 for p in state.pieces if p.owner == seat), sum(1 for p in state.pieces if p.owner != seat))
        self.calm = self.calm + 1 if count == self._seen else 0
        if count != self._seen:
            self.fruitless = 0
        self._seen = count
        if state.can_call_draw() and self._call(state, seat):
            return CallDraw()
        self._lines = self._recent_lines(state, seat)
        self._shots.clear()
        self._stations.clear()
        self._field = self._map(state)
        self._odds = {}
        here = self.judge(state, seat)
        quitting = self.calm >= GIVE_UP and bool(state.game.settings["stalemate"])
        children: list[_Child] = []
        # the priors (a noise-free try each) may take a third of the effort; candidates past that
        # keep their order behind the tried ones, so that the search has time to sample
        effort = self.iterations
        prior_cap = max(1, effort // 3) if effort is not None else 1 << 30
        prior_until = start + (deadline - start) / 3
        untried: list[Action] = []
        n = 0
        for a in (self._waits(state) or self.candidates(state)) if quitting else self.candidates(state):
            if children and (n >= prior_cap or (effort is None and time.perf_counter() > prior_until)):
                untried.append(a)
                continue
            prior = self._sample(state, a, seat, noise=False)
            odds = self._odds.get(a) if isinstance(a, Flick) else None
            if odds is not None and prior > here:
                # a shot along a line the board's reading knows: its expected worth, trusted as much as
                # SHOT_TRUST samples (a 10 % shot's samples are mostly misses: a few say little)
                children.append(_Child(a, here + odds * (prior - here), pseudo=SHOT_TRUST))
            else:
                children.append(_Child(a, prior, noisy=isinstance(a, Flick)))
            n += 1
        children.sort(key=lambda c: -c.prior)
        floor = children[-1].prior if children else 0.0
        children += [_Child(a, floor - 1.0 - 0.01 * i, noisy=isinstance(a, Flick)) for i, a in enumerate(untried)]
        sampled = 0
        while not self.spent(deadline, n):
            k = min(len(children), K0 + int(KW * math.sqrt(sampled)))
            active = children[:k]
            pick = next((c for c in active if c.visits == 0), None)
            if pick is None:
                ln = math.log(sampled + 1)
                pick = max(active, key=lambda c: c.mean + UCB_C * math.sqrt(ln / c.visits))
            pick.total += self._sample(state, pick.action, seat, noise=pick.noisy)
            pick.visits += 1
            n += 1
            sampled += 1
            if sampled % VARIANT_EVERY == 0:
                best = max((c for c in active if c.visits >= 6), key=lambda c: c.mean, default=None)
                v = self._variant(state, best.action) if best is not None else None
                if best is not None and v is not None:
                    children.insert(1, _Child(v, best.mean))
        self.sampled = n  #: flicks tried for the last decision (for measurements)
        tried = [c for c in children if c.visits >= 3]
        if not tried:  # no time to sample: the best noise-free try
            chosen = children[0]
        else:
            most = max(c.visits for c in tried)
            solid = [c for c in tried if c.visits >= max(3, most // 4)]
            chosen = max(solid, key=lambda c: c.mean)
        act = chosen.action
        shooting = isinstance(act, Flick) and act.mode == "shot"
        self.fruitless = 0 if shooting or chosen.mean > here + GAIN else self.fruitless + 1
        self.idle = 0 if chosen.mean > here + 30 else self.idle + 1
        return self._aim(state, act)


__all__ = ["SpaceHard", "HARD", "attack_weight", "unanswered"]
