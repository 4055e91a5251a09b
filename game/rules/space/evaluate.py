"""Evaluating a trace against the paper: moves (S-M), shots (S-S), skips, tears, blasts.

Pure functions over a :class:`World` snapshot; the state applies their outcome.
Asteroids are looked up through a shapely STRtree, so a trace only meets the
few asteroids near it, however many there are.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import shapely
from shapely.affinity import translate
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points, unary_union
from shapely.strtree import STRtree

from ...msg import M
from .flick import Trace, cut_at
from .geometry import BLAST_RADIUS, CRUMB_AREA, SHIP_BASE, SHIP_LENGTH, TUNNEL_WIDTH, Sheet, piece_polygon
from .words import and_list

Pt = tuple[float, float]
Rip = tuple[Pt, Pt]  #: one straight piece of a tear in the paper (S-V2)
EPS = 1e-6
OWN_INSET = 0.02  #: a trace must enter a ship's own body by this much (mm) to cross it (S-M1, S-S1)


class Piece(NamedTuple):
    """A ship or a turret on the paper.  (x, y) is a ship's nose or a turret's centre."""

    id: int
    owner: int
    kind: str  # "ship" | "turret"
    x: float
    y: float
    heading: float  # radians

    def body(self) -> Polygon:
        return piece_polygon(self.kind, self.x, self.y, self.heading)

    def centre(self) -> Pt:
        c = self.body().centroid
        return float(c.x), float(c.y)


@dataclass
class World:
    """What a trace can meet: walls, tears, asteroids (indexed) and pieces."""

    sheet: Sheet
    walls: list[LineString]
    pieces: list[Piece]
    asteroids: list[Polygon]
    tree: STRtree | None
    tears: list[LineString]
    labels: dict[int, str] = field(default_factory=dict)  #: piece id -> "Orange's ship 4" for the log

    def label(self, pid: int) -> str:
        return self.labels.get(pid) or M("ship {n}", n=pid)

    def asteroids_near(self, geom: BaseGeometry) -> list[int]:
        if self.tree is None or not self.asteroids:
            return []
        return [int(i) for i in self.tree.query(geom, predicate="intersects")]


# -- laying a trace on the paper -------------------------------------------------

@dataclass
class Course:
    """The trace as it lies on the paper: strands (cylinder wraps split it) with arc lengths."""

    strands: list[tuple[float, list[Pt]]]
    length: float
    end: str | None = None  # "off": left the paper (S-M5); "edge": a hangar's paper edge (S-V5)

    def parts(self, s0: float, s1: float) -> list[tuple[float, LineString]]:
        """The strands' pieces between arc lengths s0 and s1, each with its start arc length."""
        out: list[tuple[float, LineString]] = []
        for start, pts in self.strands:
            run = start
            seg_pts: list[Pt] = []
            first_s = None
            for a, b in zip(pts, pts[1:], strict=False):
                seg = math.dist(a, b)
                lo, hi = max(s0, run), min(s1, run + seg)
                if hi > lo or (seg == 0 and s0 <= run <= s1):
                    fa = (lo - run) / seg if seg else 0.0
                    fb = (hi - run) / seg if seg else 0.0
                    pa = (a[0] + (b[0] - a[0]) * fa, a[1] + (b[1] - a[1]) * fa)
                    pb = (a[0] + (b[0] - a[0]) * fb, a[1] + (b[1] - a[1]) * fb)
                    if not seg_pts:
                        seg_pts.append(pa)
                        first_s = lo
                    seg_pts.append(pb)
                run += seg
            if len(seg_pts) >= 2 and first_s is not None:
                out.append((first_s, LineString(seg_pts)))
        return out

    def point_at(self, s: float) -> Pt:
        for start, pts in reversed(self.strands):
            if s >= start - EPS:
                run = start
                for a, b in zip(pts, pts[1:], strict=False):
                    seg = math.dist(a, b)
                    if run + seg >= s and seg > 0:
                        f = (s - run) / seg
                        return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
                    run += seg
                return pts[-1]
        return self.strands[0][1][0]

    def direction_at(self, s: float) -> float:
        """Heading of the trace just before arc length s (default heading after a move, S-M6)."""
        a = self.point_at(max(0.0, s - 2.0))
        b = self.point_at(s)
        if math.dist(a, b) < 1e-9:
            a = self.point_at(0.0)
        return math.atan2(b[1] - a[1], b[0] - a[0])


def _exit(a: Pt, b: Pt, w: float, h: float) -> tuple[float, str] | None:
    """First parameter t in (0, 1] where segment a->b leaves the paper, and through which side."""
    best: tuple[float, str] | None = None
    for coord, lim, side in ((0, 0.0, "left"), (0, w, "right"), (1, 0.0, "bottom"), (1, h, "top")):
        da, db = a[coord] - lim, b[coord] - lim
        outside = db < 0 if lim == 0.0 else db > 0
        if outside and da != db:
            t = da / (da - db)
            if 0 <= t <= 1 and (best is None or t < best[0]):
                best = (t, side)
    return best


def lay(points: tuple[Pt, ...] | list[Pt], sheet: Sheet) -> Course:
    """Put a trace on the paper: cut it where it leaves (S-M5), or wrap it round a cylinder (S-V5)."""
    w, h = sheet.width, sheet.height
    strands: list[tuple[float, list[Pt]]] = [(0.0, [points[0]])]
    s = 0.0
    dx = 0.0
    for a0, b0 in zip(points, points[1:], strict=False):
        a = (a0[0] + dx, a0[1])
        b = (b0[0] + dx, b0[1])
        for _ in range(8):
            ex = _exit(a, b, w, h)
            if ex is None:
                strands[-1][1].append(b)
                s += math.dist(a, b)
                break
            t, side = ex
            e = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if t > 0:
                strands[-1][1].append(e)
            s += math.dist(a, e)
            if sheet.cylinder and side in ("left", "right"):
                if sheet.edge_blocked(e[1]):
                    return Course(strands, s, "edge")
                shift = w if side == "left" else -w
                dx += shift
                a = (e[0] + shift, e[1])
                b = (b[0] + shift, b[1])
                strands.append((s, [a]))
                continue
            return Course(strands, s, "off")
    return Course(strands, s)


# -- finding what a trace meets ---------------------------------------------------

def _first_on(line: LineString, geom: BaseGeometry) -> float | None:
    """Arc length along ``line`` of its first contact with ``geom``."""
    if not line.intersects(geom):
        return None
    inter = line.intersection(geom)
    coords = shapely.get_coordinates(inter)
    if len(coords) == 0:
        return None
    return float(np.min(shapely.line_locate_point(line, shapely.points(coords))))


@dataclass
class Meet:
    s: float
    what: str  # "self", "wall", "tear", "asteroid", "piece", "stopper"
    index: int = -1
    point: Pt = (0.0, 0.0)


def backwards(piece: Piece, angle: float) -> bool:
    """S-M1 (rev 4): a move flicked in this intended direction (radians, before noise) would run from
    the nose straight back across the ship's own body: "you can't move backwards"."""
    if piece.kind != "ship":
        return False
    reach = 2 * SHIP_LENGTH
    ray = LineString([(piece.x, piece.y), (piece.x + reach * math.cos(angle), piece.y + reach * math.sin(angle))])
    return bool(ray.intersects(piece.body().buffer(-OWN_INSET)))


def first_meet(world: World, parts: list[tuple[float, LineString]], mover: Piece | None,
               extra: list[tuple[str, BaseGeometry]] | None = None, asteroids: bool = True,
               pieces: bool = True) -> Meet | None:
    """The first object the trace meets (S-M2): its own body, walls, tears, asteroids, ships."""
    own = mover.body().buffer(-OWN_INSET) if mover is not None else None
    for start, line in parts:
        found: list[tuple[str, BaseGeometry, int]] = []
        if own is not None and not own.is_empty:
            found.append(("self", own, -1))
        found.extend(("wall", wall, i) for i, wall in enumerate(world.walls))
        found.extend(("tear", tear, i) for i, tear in enumerate(world.tears))
        found.extend((what, geom, -1) for what, geom in extra or ())
        if asteroids:
            found.extend(("asteroid", world.asteroids[i], i) for i in world.asteroids_near(line))
        if pieces:
            x0, y0, x1, y1 = line.bounds
            found.extend(("piece", p.body(), p.id) for p in world.pieces
                         if (mover is None or p.id != mover.id)
                         and x0 - 8 <= p.x <= x1 + 8 and y0 - 8 <= p.y <= y1 + 8)
        best: Meet | None = None
        for what, geom, index in found:
            local = _first_on(line, geom)
            if local is not None and (best is None or start + local < best.s):
                q = line.interpolate(local)
                best = Meet(start + local, what, index, (float(q.x), float(q.y)))
        if best is not None:
            return best
    return None


# -- outcomes -------------------------------------------------------------------------

@dataclass
class Outcome:
    """What a flick did.  The state applies it (then blasts, S-V6)."""

    mode: str
    rule: str
    text: str
    used: list[list[Pt]] = field(default_factory=list)  #: strands of the trace that counted
    destroyed: list[tuple[int, Pt]] = field(default_factory=list)  #: piece id, where it blew up
    moved_to: tuple[float, float, float] | None = None  #: x, y, heading after a successful move
    tear: list[Rip] | None = None  #: where the paper tore, on the sheet (a tear across the seam is two pieces)
    tunnels: dict[int, list[Polygon]] = field(default_factory=dict)  #: asteroid index -> what is left
    stayed: bool = False
    end: Pt | None = None  #: the trace's end a landing ship touches (S-M6)
    near: tuple[int, float, Pt, Pt] | None = None  #: a shot's near miss: piece id, gap (mm), trace point, hull point


#: A shot that passes a piece closer than this (mm) says by how much it missed.
NEAR_MISS = 10.0


def near_miss(world: World, shooter: Piece, parts: list[tuple[float, LineString]]) -> tuple[int, float, Pt, Pt] | None:
    """The enemy piece a shot that hit nothing came closest to, within NEAR_MISS: id, gap, and the
    two closest points (on the trace, on the hull), so the log and the drawing can show the miss."""
    best: tuple[int, float, Pt, Pt] | None = None
    for p in world.pieces:
        if p.owner == shooter.owner:
            continue
        body = p.body()
        for _, line in parts:
            gap = float(line.distance(body))
            if gap < NEAR_MISS and (best is None or gap < best[1]):
                a, b = nearest_points(line, body)
                best = (p.id, gap, (float(a.x), float(a.y)), (float(b.x), float(b.y)))
    return best


def _used(parts: list[tuple[float, LineString]]) -> list[list[Pt]]:
    return [[(float(x), float(y)) for x, y in line.coords] for _, line in parts]


def _cut_by_stopper(world: World, course: Course, limit: float, stopper: LineString | None) -> tuple[float, bool]:
    """S-V9: the player's hand stops the trace where the trace first meets it."""
    if stopper is None:
        return limit, False
    for start, line in course.parts(0.0, limit):
        local = _first_on(line, stopper)
        if local is not None and start + local > EPS:
            return start + local, True
    return limit, False


def torn(trace: Trace, course: Course, hand: float) -> list[Rip] | None:
    """Where the paper tears (S-V2), as the trace lies on the sheet: on cylinder space (S-V5, rev 4)
    a tear after the wrap lies where the wrapped trace tore the paper, and one across the seam is
    two pieces, one on each side.  S-V9 (rev 3): none if it would start beyond the hand at arc
    length ``hand``, and one that starts before it ends at the hand."""
    if trace.tear is None or trace.tear_at >= hand:
        return None
    a, b = trace.tear
    end = min(trace.tear_to if trace.tear_to > trace.tear_at else trace.tear_at + math.dist(a, b), hand)
    rips: list[Rip] = []
    for _, line in course.parts(trace.tear_at, end):
        (x0, y0), (x1, y1) = line.coords[0], line.coords[-1]
        rips.append(((float(x0), float(y0)), (float(x1), float(y1))))
    return rips or None


def fits(world: World, body: Polygon, ignore: int | None = None) -> bool:
    """A body lies wholly on the paper and touches no wall, tear, asteroid or other piece (S-M6)."""
    if not world.sheet.paper.contains(body):
        return False
    if any(body.intersects(w) for w in world.walls) or any(body.intersects(t) for t in world.tears):
        return False
    if world.asteroids_near(body):
        return False
    return not any(p.id != ignore and body.intersects(p.body()) for p in world.pieces)


#: Points of the ship that may sit on the trace's end (S-M6 rev 2: "any part of the ship"), in the
#: ship's own frame (along the heading from the nose, sideways), most natural first: the nose, the
#: centre line, the base and its corners, the flanks.
ANCHORS: tuple[tuple[float, float], ...] = tuple(
    sorted({(-SHIP_LENGTH * f, SHIP_BASE / 2 * g * f) for f in (0.0, 0.25, 0.5, 0.75, 1.0)
            for g in (-1.0, -0.5, 0.0, 0.5, 1.0)}, key=lambda a: (math.hypot(*a), a[1])))


def _bodies(end: Pt, headings: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every (heading, anchor) ship body with that anchor on ``end``: triangles and their nose points."""
    h = headings[:, None]
    cos, sin = np.cos(h), np.sin(h)
    ax = np.array([a[0] for a in ANCHORS])[None, :]
    ay = np.array([a[1] for a in ANCHORS])[None, :]
    nx = end[0] - (ax * cos - ay * sin)  # the nose, so that the anchor lands on the end point
    ny = end[1] - (ax * sin + ay * cos)
    bx, by = nx - cos * SHIP_LENGTH, ny - sin * SHIP_LENGTH
    px, py = -sin * SHIP_BASE / 2, cos * SHIP_BASE / 2
    tri = np.stack([np.stack([nx, ny], -1), np.stack([bx + px, by + py], -1), np.stack([bx - px, by - py], -1)], -2)
    return tri.reshape(-1, 3, 2), np.stack([nx, ny], -1).reshape(-1, 2)


def _near(world: World, end: Pt, ignore: int | None) -> list[tuple[str, BaseGeometry]]:
    """What a ship set down on ``end`` could touch: walls, tears, asteroids and pieces within a ship's length."""
    reach = Point(end).buffer(SHIP_LENGTH + 0.5, quad_segs=4)
    out: list[tuple[str, BaseGeometry]] = [(M("a hangar wall"), w) for w in world.walls if w.intersects(reach)]
    out += [(M("a tear"), t) for t in world.tears if t.intersects(reach)]
    out += [(M("an asteroid"), world.asteroids[i]) for i in world.asteroids_near(reach)]
    out += [(M("ship {n}", n=p.id) if p.kind == "ship" else M("turret {n}", n=p.id), p.body()) for p in world.pieces
            if p.id != ignore and math.dist((p.x, p.y), end) < 3 * SHIP_LENGTH]
    return out


def _free(world: World, tri: np.ndarray, obstacles: BaseGeometry | None) -> np.ndarray:
    """Which triangles lie wholly on the paper (a box, so their corners say it) and touch nothing."""
    w, h = world.sheet.width, world.sheet.height
    ok = np.all((tri[..., 0] >= 0) & (tri[..., 0] <= w) & (tri[..., 1] >= 0) & (tri[..., 1] <= h), axis=1)
    if obstacles is not None and ok.any():
        idx = np.flatnonzero(ok)
        ok[idx] = ~shapely.intersects(obstacles, shapely.polygons(tri[idx]))
    return ok


def landing(world: World, piece: Piece, end: Pt, heading: float) -> tuple[float, float, float] | None:
    """S-M6 (rev 2): the free placement with some part of the ship on ``end``, nearest to ``heading``.

    Returns the nose and heading, or None when no placement touching the end is free.
    The exact heading is tried first with every anchor; failing that, whole degrees
    either way, then the first free one is narrowed down by bisection, so the answer
    is the nearest free heading to a thousandth of a degree, not a step.
    """
    near = _near(world, end, piece.id)
    obstacles = unary_union([g for _, g in near]) if near else None
    if obstacles is not None:
        shapely.prepare(obstacles)

    def first_free(hs: np.ndarray) -> tuple[int, int] | None:
        tri, noses = _bodies(end, hs)
        ok = _free(world, tri, obstacles).reshape(len(hs), len(ANCHORS))
        rows = np.flatnonzero(ok.any(axis=1))
        if not len(rows):
            return None
        r = int(rows[0])
        return r, int(np.flatnonzero(ok[r])[0])

    def nose(h: float, anchor: int) -> tuple[float, float, float]:
        _, noses = _bodies(end, np.array([h]))
        x, y = noses[anchor]
        return float(x), float(y), h

    hit = first_free(np.array([heading]))
    if hit is not None:
        return nose(heading, hit[1])
    steps = np.arange(1, 181, dtype=float)
    offsets = np.radians(np.stack([steps, -steps], 1).reshape(-1))  # +1, -1, +2, -2, ... degrees
    hit = first_free(heading + offsets)
    if hit is None:
        return None
    size = abs(float(offsets[hit[0]]))
    best: float | None = None
    for sign in (1.0, -1.0):  # both sides may open up within the same degree: the nearer wins
        if first_free(np.array([heading + sign * size])) is None:
            continue
        lo, hi = size - math.radians(1), size  # lo: nothing fits (checked), hi: something fits
        for _ in range(14):
            mid = (lo + hi) / 2
            if first_free(np.array([heading + sign * mid])) is None:
                lo = mid
            else:
                hi = mid
        if best is None or hi < abs(best):
            best = sign * hi
    assert best is not None
    h = heading + best
    hit = first_free(np.array([h]))
    assert hit is not None
    return nose(h, hit[1])


def no_room(world: World, piece: Piece, end: Pt) -> str:
    """Why nothing fits on the trace's end: what the ship, nose on the end, would touch."""
    body = piece._replace(x=end[0], y=end[1]).body()
    what = [name for name, g in _near(world, end, piece.id) if g.intersects(body)]
    if not world.sheet.paper.contains(body):
        what.append(M("the paper's edge"))
    what = list(dict.fromkeys(what))
    if not what:
        return M("too little room")
    return and_list(what)


def evaluate_move(world: World, mover: Piece, trace: Trace, skip_mode: str = "off",
                  stopper: LineString | None = None) -> Outcome:
    """S-M1..S-M7 with skips (S-V1), tears (S-V2), cylinder (S-V5) and the stopper hand (S-V9)."""
    out = _move(world, mover, trace, skip_mode, stopper)
    if out.tear is not None and all(pid != mover.id for pid, _ in out.destroyed):
        # S-V2: a tear during a move destroys the ship, even one that would have stayed put (S-M1)
        out.rule, out.moved_to, out.stayed = "S-V2", None, False
        if out.stayed:
            out.text = M("{ship} was flicked backwards across its own body, and the pencil tore the paper: destroyed",
                         ship=world.label(mover.id))
        else:
            # TRANSLATORS: {what} is what the move did ("Blue's ship 0 flies 4.2 cm and lands")
            out.text = M("{what}, and the pencil tore the paper: destroyed", what=out.text)
        out.destroyed.append((mover.id, mover.centre()))
    return out


def _move(world: World, mover: Piece, trace: Trace, skip_mode: str, stopper: LineString | None) -> Outcome:
    ship = world.label(mover.id)
    course = lay(trace.points, world.sheet)
    limit = course.length
    end = course.end
    limit, stopped = _cut_by_stopper(world, course, limit, stopper)
    hand_tear = torn(trace, course, limit)
    cut = "hand" if stopped else ""
    if stopped:
        end = None
    gaps = [g for g in trace.skips if g[0] < limit - EPS]
    if gaps and skip_mode != "advanced":
        limit, end, gaps, cut = gaps[0][0], None, [], "skip"  # S-V1 basic: the trace ends where the skip starts
    spans: list[tuple[float, float]] = []
    at = 0.0
    for g0, g1 in gaps:
        spans.append((at, g0))
        at = min(g1, limit)
    spans.append((at, limit))
    tear_s = trace.tear_at if hand_tear is not None and trace.tear_at < limit else None
    rips = hand_tear if tear_s is not None else None  # a hand that stops the pencil first spares the paper
    used: list[list[Pt]] = []
    for n, (a, b) in enumerate(spans):
        if n > 0:  # S-V1 advanced: landing after a jump
            land = Point(course.point_at(a))
            if tear_s is not None and tear_s < a:
                break
            for _i in world.asteroids_near(land):
                return Outcome("move", "S-V1", M("{ship} skipped off the paper and came down inside an asteroid: "
                                                 "destroyed", ship=ship),
                               used,
                               [(mover.id, (land.x, land.y))], tear=rips)
            for p in world.pieces:
                if p.id != mover.id and p.body().intersects(land):
                    return Outcome("move", "S-V1", M("{ship} skipped off the paper and came down on {other}: "
                                                     "both destroyed", ship=ship, other=world.label(p.id)), used,
                                   [(mover.id, (land.x, land.y)), (p.id, p.centre())], tear=rips)
        parts = course.parts(a, b)
        meet = first_meet(world, parts, mover)
        if meet is not None and (tear_s is None or meet.s <= tear_s):
            used.extend(_used(course.parts(a, meet.s)))
            meet.point = course.point_at(max(0.0, meet.s - 0.5))  # blow up just short of the obstacle
            return _move_hit(world, meet, mover, used, rips)
        used.extend(_used(parts))
    if tear_s is not None:
        rip = course.point_at(tear_s)
        return Outcome("move", "S-V2", M("{ship} tore the paper: lost in the rip", ship=ship), used, [(mover.id, rip)],
                       tear=rips)
    if end == "off":
        return Outcome("move", "S-M5", M("{ship} flew off the paper: destroyed", ship=ship), used, [(mover.id, course.point_at(limit))])
    if end == "edge":
        return Outcome("move", "S-M3", M("{ship} hit the paper's edge beside a hangar (no wrapping there): destroyed",
                                         ship=ship), used,
                       [(mover.id, course.point_at(limit))])
    x, y = course.point_at(limit)
    heading = course.direction_at(limit)
    placed = landing(world, mover, (x, y), heading)
    if placed is None:
        # TRANSLATORS: {what} is what the ship would touch ("an asteroid and Orange's ship 2")
        return Outcome("move", "S-M6", M("{ship} found no room to land: any way of setting it down on the trace's end "
                                         "touches {what}; destroyed", ship=ship, what=no_room(world, mover, (x, y))),
                       used, [(mover.id, (x, y))],
                       end=(x, y))
    d = math.dist((mover.x, mover.y), (x, y)) / 10
    # TRANSLATORS: {d:.1f} is a distance in centimetres
    said = M("{ship} flies {d:.1f} cm and lands", ship=ship, d=d)
    if cut == "skip":
        said = M("{ship} flies {d:.1f} cm and lands; the pencil skipped, so the move ends where it lifted", ship=ship, d=d)
    elif cut == "hand":
        said = M("{ship} flies {d:.1f} cm and lands; the hand stopped the pencil", ship=ship, d=d)
    elif len(spans) > 1:
        said = M("{ship} flies {d:.1f} cm and lands; the pencil skipped and the ship jumped what lay under the gap",
                 ship=ship, d=d)
    return Outcome("move", "S-M6", said, used, moved_to=placed, end=(x, y))


def _move_hit(world: World, meet: Meet, mover: Piece, used: list[list[Pt]], tear: list[Rip] | None) -> Outcome:
    ship = world.label(mover.id)
    if meet.what == "self":
        return Outcome("move", "S-M1", M("{ship} was flicked backwards across its own body: it stays put", ship=ship),
                       used, stayed=True, tear=tear)
    if meet.what == "piece":
        return Outcome("move", "S-M4", M("{ship} rammed {other}: both destroyed", ship=ship,
                                         other=world.label(meet.index)), used,
                       [(mover.id, meet.point), (meet.index, meet.point)], tear=tear)
    if meet.what == "tear":
        return Outcome("move", "S-V2", M("{ship} flew into a tear: destroyed", ship=ship), used,
                       [(mover.id, meet.point)], tear=tear)
    said = (M("{ship} hit an asteroid: destroyed", ship=ship) if meet.what == "asteroid"
            else M("{ship} hit a hangar wall: destroyed", ship=ship))
    return Outcome("move", "S-M3", said, used, [(mover.id, meet.point)], tear=tear)


def evaluate_shot(world: World, shooter: Piece, trace: Trace, skips: bool = False,
                  stopper: LineString | None = None) -> Outcome:
    """S-S1..S-S5: walls and tears stop a shot, every ship on it is destroyed, asteroids are tunnelled."""
    course = lay(trace.points, world.sheet)
    limit, stopped = _cut_by_stopper(world, course, course.length, stopper)
    rips = torn(trace, course, limit)  # S-V9 (rev 3): nothing of the trace beyond the hand, no tear either
    rule, why = "S-S3", "hand" if stopped else ""
    if skips and trace.skips and trace.skips[0][0] < limit:
        limit = trace.skips[0][0]  # S-V1: shots never jump
        rule, why = "S-V1", "skip"
    stop = first_meet(world, course.parts(0.0, limit), None, asteroids=False, pieces=False)
    if stop is not None:
        limit = stop.s
        rule, why = ("S-S2", "wall") if stop.what == "wall" else ("S-V2", "tear")
    parts = course.parts(0.0, limit)
    out = Outcome("shot", rule, "", _used(parts), tear=rips)
    hits: list[str] = []
    for p in world.pieces:
        body = p.body().buffer(-OWN_INSET) if p.id == shooter.id else p.body()  # S-S1: its own body too
        if any(line.intersects(body) for _, line in parts):
            out.destroyed.append((p.id, p.centre()))
            if p.id != shooter.id:
                hits.append(world.label(p.id))
    own = any(pid == shooter.id for pid, _ in out.destroyed)
    ship = world.label(shooter.id)
    if len(hits) == 1:
        said = M("{ship} fired and hit {target}: destroyed", ship=ship, target=hits[0])
    elif hits:
        # TRANSLATORS: {targets} is a list of pieces ("Orange's ship 2 and Orange's ship 3")
        said = M("{ship} fired and hit {targets}: all destroyed", ship=ship, targets=and_list(hits))
    else:
        said = M("{ship} fired and hit nothing", ship=ship)
        out.near = near_miss(world, shooter, parts)
        if out.near is not None:
            gap = out.near[1]
            # TRANSLATORS: {gap:.1f} is how far the shot passed the piece, in millimetres
            said = (M("{ship} fired and missed {target} by {gap:.1f} mm", ship=ship, target=world.label(out.near[0]),
                      gap=float(gap)) if gap >= 0.05 else
                    M("{ship} fired and missed {target} by less than 0.1 mm", ship=ship,
                      target=world.label(out.near[0])))
    if own:
        out.rule, out.near = "S-S1", None
        # TRANSLATORS: {what} is what the shot did ("Blue's ship 0 fired and hit Orange's ship 2: destroyed")
        said = (M("{ship} shot itself: the trace crossed its own body", ship=ship) if not hits
                else M("{what}; it also shot itself: the trace crossed its own body", what=said))
    elif hits:
        out.rule = "S-S3"
    if why == "hand":
        # TRANSLATORS: {what} is what the shot did ("Blue's ship 0 fired and hit nothing")
        said = M("{what}; the hand stopped the pencil", what=said)
    elif why == "skip":
        said = M("{what}; the pencil skipped, so the shot ends where it lifted", what=said)
    elif why == "wall":
        said = M("{what}; a hangar wall stopped the shot", what=said)
    elif why == "tear":
        said = M("{what}; a tear stopped the shot", what=said)
    out.text = said
    crossed = sorted({i for _, line in parts for i in world.asteroids_near(line)})
    if crossed:
        cut = tunnel_cut(trace, limit, world.sheet)
        for i in crossed:
            out.tunnels[i] = tunnel(world.asteroids[i], cut)
    return out




def fold(geom: BaseGeometry, sheet: Sheet) -> BaseGeometry:
    """Cylinder space (S-V5): what lies beyond a long side is laid back onto the paper from the other
    side, except at the heights where a hangar owns that edge (hangars do not wrap)."""
    w, h = sheet.width, sheet.height
    x0, _, x1, _ = geom.bounds
    open_band = box(-1e9, 0, 1e9, h).difference(unary_union([box(-1e9, lo, 1e9, hi) for lo, hi in sheet.blocked_spans()]))
    pieces = [geom.intersection(sheet.paper)]
    for k in range(math.floor(x0 / w), math.floor(x1 / w) + 1):
        if k == 0:
            continue
        part = geom.intersection(box(k * w, 0, (k + 1) * w, h)).intersection(open_band)
        if not part.is_empty:
            pieces.append(translate(part, -k * w))
    return unary_union(pieces)


def tunnel_cut(trace: Trace, limit: float, sheet: Sheet) -> BaseGeometry:
    """S-S4 (rev 4): the 1/2" gap along the trace up to arc length ``limit``, ending square where the
    trace ends (its tip, the hand or a skip): the whole path is buffered at once with flat ends, so
    the joints between its short segments are round on the outside and nothing reaches past the end.
    On cylinder space the gap is cut along the unwrapped path and folded onto the paper, so it runs
    on unbroken across the seam."""
    band = LineString(cut_at(trace.points, limit)).buffer(TUNNEL_WIDTH / 2, cap_style="flat")
    return fold(band, sheet) if sheet.cylinder else band


def tunnel(asteroid: Polygon, cut: BaseGeometry) -> list[Polygon]:
    """S-S4: what is left of an asteroid once the 1/2" gap is cut; crumbs are swept away."""
    rest = asteroid.difference(cut)
    polys = [g for g in getattr(rest, "geoms", [rest]) if isinstance(g, Polygon)]
    return [p for p in polys if p.area >= CRUMB_AREA]


# -- blasts (S-V6) -------------------------------------------------------------------

def _shadow(centre: Pt, a: Pt, b: Pt) -> Polygon | None:
    """The part of the blast disc a straight wall piece a-b hides from ``centre`` (exact).

    A homothety about the centre pushes the piece out until it lies beyond the disc;
    the quadrilateral between the piece and its image is everything behind it, however
    long the wall and wherever the blast.  Seen edge on, a wall hides nothing.
    """
    (cx, cy), (ax, ay), (bx, by) = centre, a, b
    length = math.hypot(bx - ax, by - ay)
    if length < 1e-9:
        return None
    d = abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / length  # distance to the wall's line
    if d < 1e-6:
        return None
    k = max(2.0, 2.0 * BLAST_RADIUS / d)
    far_a = (cx + (ax - cx) * k, cy + (ay - cy) * k)
    far_b = (cx + (bx - cx) * k, cy + (by - cy) * k)
    return Polygon([a, b, far_b, far_a])


def blast_region(world: World, centre: Pt) -> BaseGeometry:
    """The 1" disc around a blast, minus what the hangar walls hide from it (S-V6): a visibility region.

    On cylinder space (S-V5, rev 4) the blast reaches across the left/right seam as a trace does:
    the walls are laid out once more a paper's width to either side, the edge where a hangar spans
    it stands as a wall (hangars do not wrap), and what the blast sees beyond a long side is folded
    back onto the paper, so walls shadow it on both sides of the seam.
    """
    c = Point(centre)
    disc = c.buffer(BLAST_RADIUS, quad_segs=16)
    sheet = world.sheet
    walls: list[LineString] = list(world.walls)
    wraps = sheet.cylinder and (centre[0] < BLAST_RADIUS or centre[0] > sheet.width - BLAST_RADIUS)
    if wraps:
        w = sheet.width
        walls += [LineString([(x, lo), (x, hi)]) for x in (0.0, w) for lo, hi in sheet.blocked_spans()]
        walls += [translate(g, dx) for g in list(walls) for dx in (-w, w)]
    shadows = []
    for wall in walls:
        if wall.distance(c) >= BLAST_RADIUS:
            continue
        piece = wall.intersection(disc)  # only the part inside the disc can hide anything
        for line in getattr(piece, "geoms", [piece]):
            coords = list(line.coords) if isinstance(line, LineString) else []
            for a, b in zip(coords, coords[1:], strict=False):
                shade = _shadow(centre, (a[0], a[1]), (b[0], b[1]))
                if shade is not None:
                    shadows.append(shade)
    seen = disc.difference(unary_union(shadows)) if shadows else disc
    return fold(seen, sheet) if wraps else seen


def chain_blasts(world: World, first: list[tuple[int, Pt]]) -> tuple[list[tuple[int, Pt]], list[Pt]]:
    """Blasts chain (S-V6 decision): every piece caught explodes in turn.  Returns the extra losses."""
    gone = {pid for pid, _ in first}
    queue = [at for _, at in first]
    centres: list[Pt] = []
    extra: list[tuple[int, Pt]] = []
    while queue:
        centre = queue.pop(0)
        centres.append(centre)
        region = blast_region(world, centre)
        for p in world.pieces:
            if p.id not in gone and region.intersects(p.body()):
                gone.add(p.id)
                extra.append((p.id, p.centre()))
                queue.append(p.centre())
    return extra, centres
