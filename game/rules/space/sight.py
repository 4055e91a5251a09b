"""How a shooter reads the board: the odds of one shot, from the directions a pencil can take.

For the computer players (the rules never import this).  A shot from a ship's nose hits a piece
when the flick's direction falls among the directions whose straight line meets the piece's body
before any hangar wall or tear (S-S2, S-V2), and not back across the shooter's own body (S-S1).
Those directions are found exactly, as angles seen from the nose: the body's angular span, minus
the span of every wall piece or tear whose line lies between the two.  A line through a door that
shaves a door edge leaves only a sliver of directions, wherever along the way the edge is; a line
on cylinder space (S-V5) may leave one long side and come back on the other (the target is seen
again a paper's width to either side), except where a hangar owns that edge.

The odds are the mass of the flick's direction error (S-F2: it and the pencil's curl grow with the
strength) over the best such interval, times the chance that the pencil slides far enough (its
length error, and with skips a shot that ends where the pencil lifted, S-V1).  The strength is the
one that gives the best odds: a gentle flick is precise but may stop short.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, NamedTuple

from .evaluate import Piece
from .flick import PENCILS, Pencil
from .geometry import SHIP_BASE, SHIP_LENGTH, TURRET_RADIUS

Pt = tuple[float, float]
Seg = tuple[float, float, float, float]

#: Half the angle of a ship's nose: a flick within this of straight back crosses the own body (S-S1).
HALF_NOSE = math.atan2(SHIP_BASE / 2, SHIP_LENGTH)
#: A little more than the nose, so that an aim on the edge of it is not counted as open.
BACK_MARGIN = math.radians(2.0)
#: Extra slide (mm) past the body's near side that the strengths tried give the pencil.
MARGINS = (3.0, 7.0, 12.0, 20.0, 32.0)


class Shot(NamedTuple):
    """The best shot one piece has at another: its odds, the flick's direction (degrees),
    strength and pencil."""

    odds: float
    angle: float
    strength: float
    pencil: str


NO_SHOT = Shot(0.0, 0.0, 0.0, "hb")


@dataclass(frozen=True)
class Board:
    """What stops a shot, as straight segments: hangar walls and tears; on cylinder space also
    the paper's long edges where a hangar owns them (nothing wraps there)."""

    width: float
    cylinder: bool
    blockers: tuple[Seg, ...]
    seams: tuple[Seg, ...]  #: the long edges beside hangars (x = 0 and x = width)
    pencils: tuple[Pencil, ...]
    skips: bool
    reach: float

    def shifted(self, dx: float) -> tuple[Seg, ...]:
        """The blockers a line meets on its way to a target seen ``dx`` away across the seam."""
        edge = self.width if dx > 0 else 0.0
        moved = tuple((a + dx, b, c + dx, d) for a, b, c, d in self.blockers)
        return self.blockers + moved + tuple(s for s in self.seams if s[0] == edge)


_BOARDS: dict[tuple[Any, ...], Board] = {}


def board(state: Any) -> Board:
    """The board of a Pencil Space Combat state (remembered: a search asks it thousands of times)."""
    g = state.game
    key = (id(g), tuple(state.doors), tuple(state.tears))
    b = _BOARDS.get(key)
    if b is not None and b.width == g.width:
        return b
    walls = state.walls()
    segs = [(w.coords[0][0], w.coords[0][1], w.coords[-1][0], w.coords[-1][1]) for w in walls]
    segs += [(a[0], a[1], c[0], c[1]) for a, c in state.tears]
    seams: list[Seg] = []
    cylinder = bool(g.settings["cylinder"])
    if cylinder:
        for lo, hi in state.sheet().blocked_spans():
            seams += [(0.0, lo, 0.0, hi), (g.width, lo, g.width, hi)]
    pencils = tuple(PENCILS[k] for k in g.pencils())
    b = Board(g.width, cylinder, tuple(segs), tuple(seams), pencils, g.settings["skips"] != "off",
              max(p.reach for p in pencils))
    if len(_BOARDS) > 256:
        _BOARDS.clear()
    _BOARDS[key] = b
    return b


def outline(q: Piece) -> list[Pt]:
    """A piece's corners: a ship's triangle (as ``ship_polygon``), a turret's rim at eight points."""
    if q.kind != "ship":
        r = TURRET_RADIUS
        return [(q.x + r * math.cos(k * math.pi / 4), q.y + r * math.sin(k * math.pi / 4)) for k in range(8)]
    dx, dy = math.cos(q.heading), math.sin(q.heading)
    bx, by = q.x - dx * SHIP_LENGTH, q.y - dy * SHIP_LENGTH
    px, py = -dy * SHIP_BASE / 2, dx * SHIP_BASE / 2
    return [(q.x, q.y), (bx + px, by + py), (bx - px, by - py)]


def _wrap(a: float) -> float:
    return (a + math.pi) % (2 * math.pi) - math.pi


def _cut(spans: list[tuple[float, float]], lo: float, hi: float) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for a, b in spans:
        if hi <= a or lo >= b:
            out.append((a, b))
            continue
        if lo > a:
            out.append((a, lo))
        if hi < b:
            out.append((hi, b))
    return out


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def _strength_odds(pen: Pencil, near: float, far: float, half: float, skips: bool) -> tuple[float, float]:
    """The best strength for a shot whose body starts ``near`` mm away (``far`` to its centre) through
    an open interval of half-width ``half`` (rad), and the odds it gives (S-F2, S-V1)."""
    best = (0.0, 0.0)
    for m in MARGINS:
        s = min(1.0, (near + m) / pen.reach)
        angle_sd = pen.spread * (0.008 + 0.06 * s * s)
        curl_sd = pen.spread * 0.0005 * s * far / 2  # the curl bends the line: an angle seen from the nose
        sigma = math.hypot(angle_sd, curl_sd)
        aim = math.erf(half / (math.sqrt(2.0) * sigma))
        length_sd = pen.spread * (0.03 + 0.12 * s)
        reach = 1.0 - _phi((near / (pen.reach * s) - 1.0) / length_sd)
        if skips and s > 0.6:  # S-V1: a shot ends where the pencil lifts (35-75 % of the way)
            lifted = min(1.0, (s - 0.6) / 0.4) * 0.7
            short = min(1.0, max(0.0, (near / (pen.reach * s) - 0.35) / 0.4))
            reach *= 1.0 - lifted * short
        odds = aim * reach
        if odds > best[0]:
            best = (odds, s)
        if s >= 1.0:
            break
    return best[1], best[0]


def shot(b: Board, src: Pt, facing: float | None, body: list[Pt], rim: float = 0.0) -> Shot:
    """The best shot from a nose at ``src`` (heading ``facing``; None: it may still turn, or a turret)
    at a piece with corners ``body``.  ``rim``: a turret shoots from its rim (S-V8)."""
    best = NO_SHOT
    shifts = (0.0, b.width, -b.width) if b.cylinder else (0.0,)
    for dx in shifts:
        pts = [(x + dx, y) for x, y in body]
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        phi = math.atan2(cy - src[1], cx - src[0])
        sx, sy = src[0] + rim * math.cos(phi), src[1] + rim * math.sin(phi)
        far = math.hypot(cx - sx, cy - sy)
        near = min(math.hypot(x - sx, y - sy) for x, y in pts)
        if far < 0.5 or near + MARGINS[0] > b.reach:
            continue
        rel = [_wrap(math.atan2(y - sy, x - sx) - phi) for x, y in pts]
        lo, hi = min(rel), max(rel)
        if hi - lo > math.pi / 2:
            continue  # point blank: the nose is at the body
        spans = [(lo, hi)]
        segs = b.blockers if dx == 0.0 else b.shifted(dx)
        for ax, ay, ex, ey in segs:
            ux, uy = ex - ax, ey - ay
            s1 = ux * (sy - ay) - uy * (sx - ax)
            s2 = ux * (cy - ay) - uy * (cx - ax)
            if s1 * s2 >= 0:
                continue  # the blocker's line does not lie between the nose and the piece
            a1 = _wrap(math.atan2(ay - sy, ax - sx) - phi)
            a2 = _wrap(math.atan2(ey - sy, ex - sx) - phi)
            if a1 > a2:
                a1, a2 = a2, a1
            if a2 - a1 > math.pi:
                continue  # behind the nose
            spans = _cut(spans, a1, a2)
            if not spans:
                break
        if spans and facing is not None:  # S-S1: never back across the own body
            back = _wrap(facing + math.pi - phi)
            for c in (back, back + 2 * math.pi, back - 2 * math.pi):
                spans = _cut(spans, c - HALF_NOSE - BACK_MARGIN, c + HALF_NOSE + BACK_MARGIN)
        if not spans:
            continue
        a, z = max(spans, key=lambda sp: sp[1] - sp[0])
        half = (z - a) / 2
        for pen in b.pencils:
            strength, odds = _strength_odds(pen, near, far, half, b.skips)
            if odds > best.odds:
                best = Shot(odds, math.degrees(phi + a + half), strength, pen.key)
    return best


def piece_shot(b: Board, shooter: Piece, target: Piece, turning: bool = False) -> Shot:
    """The best shot ``shooter`` has at ``target`` as they stand (``turning``: the shooter's heading is
    still to be chosen, S-M6, so it has no back to mind)."""
    facing = None if shooter.kind != "ship" or turning else shooter.heading
    rim = TURRET_RADIUS + 0.05 if shooter.kind != "ship" else 0.0
    return shot(b, (shooter.x, shooter.y), facing, outline(target), rim)


def crosses(ax: float, ay: float, bx: float, by: float, seg: Seg) -> bool:
    """Whether the segment a-b crosses ``seg``."""
    cx, cy, dx, dy = seg
    d1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    d2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
    d3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
    d4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
    return d1 * d2 <= 0 and d3 * d4 <= 0


def centre(q: Piece) -> Pt:
    pts = outline(q)
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


__all__ = ["Board", "Shot", "NO_SHOT", "board", "outline", "shot", "piece_shot", "crosses", "centre"]
