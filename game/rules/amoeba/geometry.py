"""The amoeba map: countries as shapely polygons on an A4 sheet, in millimetres.

Geometry is only needed while the map is drawn (and by the view); once the map is
done the game runs on the cached adjacency graph, so placement and movement are
pure-graph code.  A map is immutable: adding a country makes a new ``AmoebaMap``,
which lets cloned states share it for free.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Point, Polygon, box
from shapely.ops import polylabel, unary_union

from ...jsonio import FileProblem, read_json, write_atomic
from ...levels import MAX_LEVEL_BYTES, LevelError, level_path, points
from ...msg import M, Mn

PAPER_W = 297.0
PAPER_H = 210.0
CENTRE = (PAPER_W / 2, PAPER_H / 2)
CIRCLE_R = 22.0
#: Shared border needed for a new country (A-M2 decision: about 1 cm).
MIN_BORDER_MM = 10.0
#: Two countries are neighbours when their borders share more than this (a point is not enough).
ADJ_TOL_MM = 1.0
#: A country must hold a circle this big (room to write a few numbers) ...
MIN_LABEL_R = 5.0
#: ... and at least this much area.
MIN_AREA = 180.0
#: Bounds of a map file (the largest generated map has 48 countries; a hand-drawn outline a
#: few hundred points): every check after them is quick whatever a file holds.
MAX_COUNTRIES = 120
MAX_RINGS = 8
MAX_MAP_POINTS = 20_000
#: "Not so big that it crowds out later ones": at most this share of the sheet.
MAX_AREA = 0.2 * PAPER_W * PAPER_H
GRID = 0.01  # coordinates are kept on a 0.01 mm grid so JSON round trips stay tidy

Ring = tuple[tuple[float, float], ...]
Rings = tuple[Ring, ...]  # outer ring first, then holes

#: A saved map needs this many countries to be played (two players and two spare countries).
MIN_SAVED_COUNTRIES = 4

MAP_FORMAT = "amoeba-map"
MAP_VERSION = 1


#: A drawn outline may cross itself this often (a scribble would take shapely minutes).
MAX_CROSSINGS = 16


def _tangled(pts: Sequence[tuple[float, float]]) -> bool:
    """True when the closed outline's non-neighbouring segments meet more than MAX_CROSSINGS
    times; stops counting there, so a scribble of thousands of points is refused at once."""
    n = len(pts)
    ring = [*pts, pts[0]]
    segs = shapely.linestrings([[ring[i], ring[i + 1]] for i in range(n)])
    tree = shapely.STRtree(segs)
    found = 0
    for i, seg in enumerate(segs):
        gap = np.abs(tree.query(seg, predicate="intersects") - i)
        found += int(np.count_nonzero((gap > 1) & (gap < n - 1)))
        if found > 2 * MAX_CROSSINGS:  # each meeting is found from both segments
            return True
    return False


class MapRefusal(ValueError):
    """A drawn outline that cannot become a country; ``rule`` and a sentence say why."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


def _rings_of(poly: Polygon) -> Rings:
    out = [tuple((round(x, 2), round(y, 2)) for x, y in poly.exterior.coords)]
    out.extend(tuple((round(x, 2), round(y, 2)) for x, y in r.coords) for r in poly.interiors)
    return tuple(out)


def _poly_of(rings: Rings) -> Polygon:
    return Polygon(rings[0], rings[1:])


def paper_box() -> Polygon:
    return box(0.0, 0.0, PAPER_W, PAPER_H)


def central_circle() -> Polygon:
    """A-M1: the first country, a circle in the centre of the sheet."""
    return shapely.set_precision(Point(*CENTRE).buffer(CIRCLE_R, quad_segs=10), GRID)


def label_of(poly: Polygon) -> tuple[tuple[float, float], float]:
    """Where to write the numbers and how much room there is (pole of inaccessibility)."""
    p = polylabel(poly, tolerance=0.5)
    r = poly.exterior.distance(p)
    for hole in poly.interiors:
        r = min(r, hole.distance(p))
    return (round(p.x, 2), round(p.y, 2)), round(float(r), 2)


def shared_border(a: Polygon, b: Polygon) -> float:
    """Length of border ``a`` shares with ``b`` (robust to float noise on the common edge)."""
    return float(a.boundary.intersection(b.buffer(0.05)).length)


@dataclass(frozen=True)
class AmoebaMap:
    """Countries (rings), their label points and the adjacency graph."""

    rings: tuple[Rings, ...]
    labels: tuple[tuple[float, float], ...]
    room: tuple[float, ...]
    adjacency: tuple[tuple[int, ...], ...]
    _polys: list[Polygon] = field(default_factory=list, compare=False, repr=False)

    @property
    def n(self) -> int:
        return len(self.rings)

    def polygon(self, i: int) -> Polygon:
        if len(self._polys) != len(self.rings):
            self._polys[:] = [_poly_of(r) for r in self.rings]
        return self._polys[i]

    def polygons(self) -> list[Polygon]:
        if self.rings:
            self.polygon(0)
        return list(self._polys)

    def country_at(self, x: float, y: float) -> int:
        """The country under a point of the paper, or -1."""
        pt = Point(x, y)
        for i in range(self.n):
            if self.polygon(i).covers(pt):
                return i
        return -1

    # -- building ------------------------------------------------------------
    @classmethod
    def empty(cls) -> AmoebaMap:
        return cls((), (), (), ())

    @classmethod
    def starting(cls) -> AmoebaMap:
        return cls.empty().with_country(central_circle())

    def with_country(self, poly: Polygon) -> AmoebaMap:
        """A new map with ``poly`` added; adjacency is extended, not recomputed."""
        polys = self.polygons()
        new_adj = [list(a) for a in self.adjacency]
        mine: list[int] = []
        k = len(polys)
        x0, y0, x1, y1 = poly.bounds
        for j, other in enumerate(polys):
            u0, v0, u1, v1 = other.bounds  # boxes apart by more than the border's tolerance share no border
            if u0 > x1 + 0.1 or u1 < x0 - 0.1 or v0 > y1 + 0.1 or v1 < y0 - 0.1:
                continue
            if shared_border(poly, other) > ADJ_TOL_MM:
                mine.append(j)
                new_adj[j].append(k)
        new_adj.append(mine)
        lab, room = label_of(poly)
        out = AmoebaMap(self.rings + (_rings_of(poly),), self.labels + (lab,), self.room + (room,),
                        tuple(tuple(sorted(a)) for a in new_adj))
        out._polys[:] = [*polys, _poly_of(out.rings[-1])]
        return out

    @classmethod
    def from_polygons(cls, polys: Sequence[Polygon]) -> AmoebaMap:
        m = cls.empty()
        for p in polys:
            m = m.with_country(p)
        return m

    def without(self, i: int) -> AmoebaMap:
        """A new map with country ``i`` erased (the others keep their order; adjacency rebuilt)."""
        return AmoebaMap.from_polygons([p for j, p in enumerate(self.polygons()) if j != i])

    # -- drawing (A-M2) --------------------------------------------------------
    def clip_outline(self, outline: Sequence[tuple[float, float]]) -> Polygon:
        """Turn a freehand outline into a country, or raise MapRefusal saying why not.

        The outline is closed, cleaned, clipped to the paper and to the free area
        (drawn minus existing countries); the result must be one piece, share at
        least ~1 cm of border with the map, and be big enough to hold numbers.
        """
        pts = [(float(x), float(y)) for x, y in outline]
        if len(pts) < 3:
            raise MapRefusal("A-M2", M("Draw a closed outline: at least three points are needed."))
        if not all(math.isfinite(c) for p in pts for c in p):
            raise MapRefusal("A-M2", M("The outline has points that are not on the paper."))
        if _tangled(pts):  # before make_valid, whose time grows with the square of the crossings
            raise MapRefusal("A-M2", Mn("The outline crosses or retraces itself more than {n} times; "
                                        "draw it as one loop.",
                                        "The outline crosses or retraces itself more than {n} times; "
                                        "draw it as one loop.", MAX_CROSSINGS))
        raw = shapely.make_valid(Polygon(pts).simplify(0.2))
        drawn = raw.intersection(paper_box())
        taken = unary_union(self.polygons())
        free = drawn.difference(taken)
        pieces = [g for g in _polygons_in(free) if g.area >= 4.0]
        if not pieces:
            raise MapRefusal("A-M2", M("That outline covers no free paper: countries may not overlap."))
        if len(pieces) > 1:
            raise MapRefusal("A-M2", M("What is left after clipping falls into separate pieces; "
                                       "a country must be one piece."))
        poly = shapely.set_precision(pieces[0], GRID)
        if not isinstance(poly, Polygon) or poly.is_empty:
            raise MapRefusal("A-M2", M("That outline is too thin to become a country."))
        if poly.area < MIN_AREA or label_of(poly)[1] < MIN_LABEL_R:
            raise MapRefusal("A-M2", M("That country is too small to write a few numbers in."))
        if poly.area > MAX_AREA:
            raise MapRefusal("A-M2", M("That country is too big: leave room for the countries still to come."))
        border = shared_border(poly, taken) if self.n else MIN_BORDER_MM
        if border < MIN_BORDER_MM:
            # TRANSLATORS: {cm} is the border needed in centimetres, {mm} what the outline shares in millimetres.
            raise MapRefusal("A-M2", M("A new country must share at least {cm:.0f} cm of border "
                                       "with the map (this one shares {mm:.0f} mm).", cm=MIN_BORDER_MM / 10,
                                       mm=float(border)))
        return poly

    # -- persistence ---------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "countries": [[[list(p) for p in ring] for ring in rings] for rings in self.rings],
            "labels": [list(p) for p in self.labels],
            "room": list(self.room),
            "adjacency": [list(a) for a in self.adjacency],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AmoebaMap:
        rings = tuple(tuple(tuple((float(x), float(y)) for x, y in ring) for ring in rs) for rs in data["countries"])
        return cls(rings, tuple((float(x), float(y)) for x, y in data["labels"]),
                   tuple(float(r) for r in data["room"]), tuple(tuple(int(j) for j in a) for a in data["adjacency"]))

    def connected(self) -> bool:
        if not self.n:
            return True
        seen = {0}
        todo = [0]
        while todo:
            for j in self.adjacency[todo.pop()]:
                if j not in seen:
                    seen.add(j)
                    todo.append(j)
        return len(seen) == self.n


def _polygons_in(geom: Any) -> list[Polygon]:
    if isinstance(geom, Polygon):
        return [geom] if not geom.is_empty else []
    if isinstance(geom, MultiPolygon) or hasattr(geom, "geoms"):
        out: list[Polygon] = []
        for g in geom.geoms:
            out.extend(_polygons_in(g))
        return out
    return []


# -- generated maps ("grow an amoeba") -------------------------------------------

def generate_map(n: int, rand: Callable[[], float]) -> AmoebaMap:
    """A seeded amoeba map of ``n`` countries: the central circle plus relaxed Voronoi cells
    inside a wobbly blob.  ``rand`` is the game's Chance.random, so records replay it.
    """
    if not 2 <= n <= 60:
        raise ValueError("a generated map has 2 to 60 countries")
    circle = central_circle()
    for _attempt in range(40):
        m = _try_generate(n, rand, circle)
        if m is not None:
            return m
    raise RuntimeError("could not grow an amoeba map")  # pragma: no cover - 40 failures in a row


def _blob(n: int, rand: Callable[[], float]) -> Polygon:
    area = min(1500.0 * n + math.pi * CIRCLE_R ** 2, 0.82 * PAPER_W * PAPER_H)
    aspect = 1.4
    ry = math.sqrt(area / (math.pi * aspect))
    rx = ry * aspect
    phases = [rand() * math.tau for _ in range(3)]
    pts = []
    for k in range(96):
        t = math.tau * k / 96
        wob = 1 + 0.12 * math.sin(3 * t + phases[0]) + 0.08 * math.sin(5 * t + phases[1]) \
            + 0.05 * math.sin(7 * t + phases[2])
        pts.append((CENTRE[0] + rx * wob * math.cos(t), CENTRE[1] + ry * wob * math.sin(t)))
    return Polygon(pts).intersection(box(4, 4, PAPER_W - 4, PAPER_H - 4))


def _try_generate(n: int, rand: Callable[[], float], circle: Polygon) -> AmoebaMap | None:
    blob = _blob(n, rand)
    region = blob.difference(circle.buffer(0.0))
    minx, miny, maxx, maxy = region.bounds
    seeds: list[tuple[float, float]] = []
    tries = 0
    while len(seeds) < n - 1 and tries < 5000:
        tries += 1
        x, y = minx + rand() * (maxx - minx), miny + rand() * (maxy - miny)
        if region.contains(Point(x, y)):
            seeds.append((x, y))
    if len(seeds) < n - 1:
        return None
    cells: list[Polygon] = []
    for _lloyd in range(3):
        vor = shapely.voronoi_polygons(shapely.MultiPoint(seeds), extend_to=box(-50, -50, PAPER_W + 50, PAPER_H + 50))
        by_seed = []
        for sx, sy in seeds:
            pt = Point(sx, sy)
            cell = next((c for c in vor.geoms if c.covers(pt)), None)
            if cell is None:
                return None
            parts = _polygons_in(cell.intersection(region))
            if not parts:
                return None
            by_seed.append(max(parts, key=lambda g: g.area))
        cells = by_seed
        seeds = [(c.centroid.x, c.centroid.y) for c in cells]
    polys = [circle]
    for c in cells:
        c = shapely.set_precision(c, GRID)
        if not isinstance(c, Polygon) or c.area < MIN_AREA or label_of(c)[1] < MIN_LABEL_R:
            return None
        polys.append(c)
    # Add in order of distance from the centre so every country touches the map when added.
    order = sorted(range(1, len(polys)), key=lambda i: Point(*CENTRE).distance(polys[i]))
    m = AmoebaMap.from_polygons([polys[0], *(polys[i] for i in order)])
    if not m.connected():
        return None
    return m


# -- map files (A-M4) ------------------------------------------------------------

def map_to_level(m: AmoebaMap, name: str = "") -> dict[str, Any]:
    return {
        "format": MAP_FORMAT,
        "version": MAP_VERSION,
        "name": name,
        "paper": [PAPER_W, PAPER_H],
        "countries": [[[list(p) for p in ring] for ring in rings] for rings in m.rings],
    }


def unsavable(m: AmoebaMap) -> str:
    """Why ``m`` cannot be saved as a level yet ("" if it can): it must load back and be playable."""
    if m.n < MIN_SAVED_COUNTRIES:
        return Mn("A map needs at least {n} countries to be played; this one has {drawn}.",
                  "A map needs at least {n} countries to be played; this one has {drawn}.",
                  MIN_SAVED_COUNTRIES, drawn=m.n)
    if not m.connected():
        return M("Not every country can be reached from the others: join the map up first.")
    return ""


def save_map(m: AmoebaMap, path: Path | str, name: str = "") -> Path:
    """A-M4: write a map as a level file (atomic JSON)."""
    path = Path(path)
    write_atomic(path, map_to_level(m, name or path.stem))
    return path


def load_map(path_or_name: Path | str) -> AmoebaMap:
    """Read a map file (a path, or a level name under levels/amoeba/); LevelError names file and problem."""
    path = Path(path_or_name) if isinstance(path_or_name, Path) else level_path("amoeba", path_or_name)
    try:
        data = read_json(path, "map file", MAX_LEVEL_BYTES)
    except FileProblem as exc:
        raise LevelError(str(exc)) from None
    return map_from_level(data, path.name)


def map_from_level(data: Any, source: str) -> AmoebaMap:
    """Validate a level dict and build the map (adjacency included)."""
    if not isinstance(data, dict):
        raise LevelError(M("Map {source}: the file must hold a JSON object.", source=source))
    if data.get("format") != MAP_FORMAT:
        # TRANSLATORS: 'format' is a field of the map file (keep it); {wanted} and {found} are its values.
        raise LevelError(M("Map {source}: 'format' must be {wanted}, not {found}.", source=source,
                           wanted=repr(MAP_FORMAT), found=repr(data.get("format"))))
    version = data.get("version", MAP_VERSION)
    if type(version) is not int or version != MAP_VERSION:
        shown = repr(version) if len(repr(version)) <= 40 else repr(version)[:37] + "..."
        # TRANSLATORS: 'version' is a field of the map file (keep it); {found} is the value in the file.
        raise LevelError(M("Map {source}: 'version' must be {wanted}, the map format this Paper Wars "
                           "reads, not {found}.", source=source, wanted=MAP_VERSION, found=shown))
    countries = data.get("countries")
    if not isinstance(countries, list) or not 2 <= len(countries) <= MAX_COUNTRIES:
        # TRANSLATORS: 'countries' is a field of the map file (keep it).
        raise LevelError(M("Map {source}: 'countries' must be a list of at least two countries "
                           "(and at most {n}).", source=source, n=MAX_COUNTRIES))
    polys: list[Polygon] = []
    sheet = paper_box().buffer(0.5)
    total = 0
    for i, rings in enumerate(countries):
        if not isinstance(rings, list) or not 1 <= len(rings) <= MAX_RINGS or not all(
                isinstance(ring, list) for ring in rings):
            raise LevelError(M("Map {source}: country {country} is not a list of rings of [x, y] points "
                               "(1 to {n} rings).", source=source, country=i + 1, n=MAX_RINGS))
        rr = [points(ring, M("country {country}, ring {ring}", country=i + 1, ring=j + 1), source, 3, MAX_MAP_POINTS)
              for j, ring in enumerate(rings)]
        total += sum(map(len, rr))
        if total > MAX_MAP_POINTS:
            raise LevelError(M("Map {source}: the countries have more than {n} points in all.", source=source,
                               n=MAX_MAP_POINTS))
        poly = Polygon(rr[0], rr[1:])
        if not poly.is_valid or poly.is_empty:
            raise LevelError(M("Map {source}: country {country} is not a valid polygon (it crosses itself?).",
                               source=source, country=i + 1))
        if not sheet.contains(poly):
            raise LevelError(M("Map {source}: country {country} goes off the A4 sheet.", source=source, country=i + 1))
        if poly.area < MIN_AREA:
            raise LevelError(M("Map {source}: country {country} is too small to hold a number.", source=source,
                               country=i + 1))
        polys.append(poly)
    from shapely import STRtree

    near = STRtree(polys).query(polys, predicate="intersects")  # only the pairs that may overlap
    for i, j in sorted({(int(min(a, b)), int(max(a, b))) for a, b in zip(*near, strict=True) if a != b}):
        if polys[i].intersection(polys[j]).area > 1.0:
            raise LevelError(M("Map {source}: countries {country} and {other} overlap.", source=source,
                               country=i + 1, other=j + 1))
    m = AmoebaMap.from_polygons(polys)
    if not m.connected():
        raise LevelError(M("Map {source}: not every country can be reached from the first one.", source=source))
    return m
