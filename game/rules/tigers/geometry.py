"""Table geometry in centimetres: unit kinds and bases, terrain pieces, line of sight.

Terrain pieces are shapely polygons held in an STRtree, so a line-of-sight ray
only looks at the few pieces near it (T-A3, T-A4).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.strtree import STRtree

from ...msg import N_

XY = tuple[float, float]

#: T-A4 decision: a line passing within this many cm of a blocking edge is in doubt (rev 4: only
#: when the line, moved by up to this much, could pass through the piece).
DOUBT_CM = 0.5
#: T-A5: infantry fires at most this far (centre to centre).
INFANTRY_RANGE = 12.0
#: T-A1: infantry moves at most this far on one card.
INFANTRY_CAP = 6.0
#: T-F1: Follow me! chain distance (base edge to base edge).
FOLLOW_CM = 7.5

TERRAIN_KINDS: tuple[str, ...] = ("hill", "woods", "building")


@dataclass(frozen=True)
class Kind:
    """One unit kind: base size (length along the facing, width across), points, saves."""

    key: str
    name: str
    length: float
    width: float
    vp: int
    armour_dice: int  # T-A7
    vehicle: bool
    carrier: bool  # T-R1: may carry one infantry unit


KINDS: dict[str, Kind] = {k.key: k for k in (
    Kind("infantry", N_("infantry squad"), 3.0, 4.0, 1, 0, False, False),
    Kind("jeep", N_("jeep"), 4.5, 2.2, 1, 0, True, False),
    Kind("truck", N_("truck"), 8.0, 3.0, 1, 0, True, True),
    Kind("halftrack", N_("halftrack"), 8.0, 3.0, 3, 1, True, True),
    Kind("armoured_car", N_("armoured car"), 7.0, 3.0, 3, 1, True, False),
    Kind("gun", N_("gun"), 5.0, 3.5, 3, 0, True, False),
    Kind("tank", N_("tank"), 9.0, 4.5, 5, 2, True, True),
)}


def heading_vec(heading: float) -> XY:
    """Degrees, 0 = east (+x), 90 = south (+y, the table's y grows downwards)."""
    r = math.radians(heading)
    return (math.cos(r), math.sin(r))


def base_corners(x: float, y: float, heading: float, length: float, width: float) -> list[XY]:
    dx, dy = heading_vec(heading)
    px, py = -dy, dx
    hl, hw = length / 2, width / 2
    return [(x + dx * hl + px * hw, y + dy * hl + py * hw), (x + dx * hl - px * hw, y + dy * hl - py * hw),
            (x - dx * hl - px * hw, y - dy * hl - py * hw), (x - dx * hl + px * hw, y - dy * hl + py * hw)]


@functools.lru_cache(maxsize=16384)
def base_polygon(x: float, y: float, heading: float, kind: str) -> Polygon:
    """A unit's base (shapely geometries are immutable, so one pose's polygon is shared)."""
    k = KINDS[kind]
    return Polygon(base_corners(x, y, heading, k.length, k.width))


def front_point(x: float, y: float, heading: float, kind: str) -> XY:
    """T-A1: moves are measured from the middle of the base's front edge."""
    dx, dy = heading_vec(heading)
    hl = KINDS[kind].length / 2
    return (x + dx * hl, y + dy * hl)


def centre_from_front(fx: float, fy: float, heading: float, kind: str) -> XY:
    dx, dy = heading_vec(heading)
    hl = KINDS[kind].length / 2
    return (fx - dx * hl, fy - dy * hl)


def path_length(points: Sequence[XY]) -> float:
    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def shape_points(kind: str, x: float, y: float, w: float, h: float, angle: float) -> list[XY]:
    """The outline of a laid-out piece: buildings are rectangles, woods an irregular
    twelve-sided blob, hills a smooth ellipse; ``angle`` rotates it (degrees)."""
    if kind == "building":
        local = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    else:
        n = 12 if kind == "woods" else 20
        wobble = (1.0, 0.9, 1.0, 0.85, 0.97, 0.9) if kind == "woods" else (1.0,)
        local = []
        for i in range(n):
            t = 2 * math.pi * i / n
            f = wobble[i % len(wobble)]
            local.append((math.cos(t) * w / 2 * f, math.sin(t) * h / 2 * f))
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return [(round(x + px * c - py * s, 3), round(y + px * s + py * c, 3)) for px, py in local]


class Terrain:
    """The terrain pieces as polygons with a spatial index for line of sight.

    ``outer`` (grown by the doubt margin) finds candidates; ``inner`` (shrunk by it)
    decides a clear block; a line touching ``outer`` but missing ``inner`` is in doubt when,
    moved by up to the margin, it could pass through the piece (T-A4 rev 4, ``could_pass``).
    """

    def __init__(self, pieces: Iterable[tuple[str, Sequence[XY]]]) -> None:
        self.kinds: list[str] = []
        self.polys: list[Polygon] = []
        for kind, pts in pieces:
            self.kinds.append(kind)
            self.polys.append(Polygon(pts))
        #: Whether each piece is convex (a straight slide cannot leave it and come back in, T-A2).
        self.convex = [p.convex_hull.area - p.area < 1e-6 for p in self.polys]
        self.outer = [p.buffer(DOUBT_CM, quad_segs=4) for p in self.polys]
        self.inner = [p.buffer(-DOUBT_CM, quad_segs=4) for p in self.polys]
        for p in (*self.polys, *self.inner):
            shapely.prepare(p)
        self.tree = STRtree(self.outer) if self.outer else None
        #: the boxes the tree holds: a base whose box meets none of them touches no piece, and
        #: saying so without asking the tree is many times quicker (a move checks many poses)
        self._boxes = [p.bounds for p in self.outer]
        # the pieces never change once laid out: answers are remembered (the computer asks often)
        self._at: dict[XY, tuple[int, ...]] = {}
        self._rays: dict[tuple[XY, XY, frozenset[int]], tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def pieces_at(self, x: float, y: float) -> list[int]:
        """Indices of the pieces containing a point (border included)."""
        if self.tree is None:
            return []
        got = self._at.get((x, y))
        if got is None:
            if len(self._at) > 50000:
                self._at.clear()
            pt = Point(x, y)
            got = self._at[(x, y)] = tuple(int(i) for i in self.tree.query(pt) if self.polys[int(i)].covers(pt))
        return list(got)

    def overlapping(self, poly: Polygon) -> list[int]:
        """Indices of the pieces a polygon (a unit's base) touches or overlaps."""
        if self.tree is None:
            return []
        x0, y0, x1, y1 = poly.bounds
        if not any(bx0 <= x1 and bx1 >= x0 and by0 <= y1 and by1 >= y0 for bx0, by0, bx1, by1 in self._boxes):
            return []
        return [int(i) for i in self.tree.query(poly) if self.polys[int(i)].intersects(poly)]

    def ray(self, a: XY, b: XY, skip: Iterable[int] = ()) -> tuple[list[int], list[int]]:
        """T-A3/T-A4: (pieces that clearly block, pieces in doubt) for the line a-b.

        Pieces in ``skip`` (the ones firer or target stand in) never block: a line
        ending INSIDE a piece is not blocked by it."""
        if self.tree is None or a == b:
            return [], []
        key = (a, b, frozenset(skip))
        got = self._rays.get(key)
        if got is None:
            if len(self._rays) > 50000:
                self._rays.clear()
            got = self._rays[key] = self._ray(a, b, key[2])
        return list(got[0]), list(got[1])

    def _ray(self, a: XY, b: XY, skip: frozenset[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        assert self.tree is not None
        line = LineString([a, b])
        blocked: list[int] = []
        doubt: list[int] = []
        for i in self.tree.query(line):
            i = int(i)
            if i in skip:
                continue
            inner = self.inner[i]
            if not inner.is_empty and inner.intersects(line):
                blocked.append(i)
            elif self.outer[i].intersects(line) and self.could_pass(i, a, b):
                doubt.append(i)
        return tuple(blocked), tuple(doubt)

    def could_pass(self, i: int, a: XY, b: XY) -> bool:
        """T-A4 (rev 4): could the line a-b, moved by up to the doubt margin, pass THROUGH piece
        ``i`` (T-A3: cross it with neither end inside it)?  A piece the moved line could only end
        in or run beside (the firer or target at its edge, woods just behind either) is no doubt.

        The line is moved across itself in steps of a twentieth of the margin, each step also
        moved along itself as far as the margin allows."""
        poly = self.polys[i]
        length = math.dist(a, b)
        if length < 1e-9:
            return False
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        for k in range(21):
            n = DOUBT_CM * (k / 10 - 1)
            r = math.sqrt(max(0.0, DOUBT_CM ** 2 - n * n))
            for t in ((0.0, -r, r) if r > 1e-9 else (0.0,)):
                dx, dy = ux * t - uy * n, uy * t + ux * n
                a2, b2 = (a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)
                if poly.covers(Point(a2)) or poly.covers(Point(b2)):
                    continue  # a line ending inside a piece is not blocked by it (T-A3)
                seg = LineString([a2, b2])
                if poly.intersects(seg) and not poly.touches(seg):
                    return True
        return False

    def entries(self, a: XY, b: XY) -> list[tuple[float, int]]:
        """Where the segment a-b passes from outside into a piece: (distance from a, piece)."""
        if self.tree is None or a == b:
            return []
        seg = LineString([a, b])
        out: list[tuple[float, int]] = []
        for i in self.tree.query(seg):
            i = int(i)
            poly = self.polys[i]
            if not poly.intersects(seg):
                continue
            inter = poly.intersection(seg)
            parts = getattr(inter, "geoms", [inter])
            for part in parts:
                if part.geom_type != "LineString" or part.length < 1e-6:
                    continue
                d = min(math.dist(a, c) for c in part.coords)
                if d > 1e-6:
                    out.append((d, i))
        out.sort()
        return out


def pose_polygon(front: XY, heading: float, kind: str) -> Polygon:
    """The base of a ``kind`` unit whose front edge's middle is at ``front``."""
    cx, cy = centre_from_front(front[0], front[1], heading, kind)
    return base_polygon(cx, cy, heading, kind)


def corner_shift(a: Polygon, b: Polygon) -> float:
    """T-A1 (rev 2): how far the furthest point of a base moves from pose ``a`` to pose ``b``.

    A rigid move shifts each point by an affine amount, so the furthest point is a corner."""
    ca, cb = list(a.exterior.coords)[:4], list(b.exterior.coords)[:4]
    return max(math.dist(p, q) for p, q in zip(ca, cb, strict=True))


def swept_area(polys: Sequence[Polygon]) -> Polygon:
    """The ground a base covers going through ``polys`` in order (hulls of each step)."""
    if len(polys) == 1:
        return polys[0]
    parts = [shapely.convex_hull(shapely.union(polys[i], polys[i + 1])) for i in range(len(polys) - 1)]
    return shapely.union_all(parts)
