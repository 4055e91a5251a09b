"""Asteroid fields: generated from the seeded generator, read from levels/space/, or checked when drawn."""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import Polygon, box
from shapely.validation import explain_validity

from ...engine import Chance
from ...levels import LevelError, level_path, load_level, need, points
from ...msg import N_, M
from .geometry import CRUMB_AREA, HANGAR_DEPTH, PAPERS, Sheet, make_hangars

FIELDS = ("none", "sparse", "dense", "solid", "level", "hand")
MAX_ASTEROIDS = 1500
#: Points of one asteroid in a field file (the shipped ones have up to 16; the editor's
#: traced outlines are simplified to far fewer than this).
MAX_ROCK_POINTS = 500


def blob(cx: float, cy: float, r: float, chance: Chance, corners: int = 11) -> Polygon:
    """An irregular, convex-ish rock of radius about r."""
    pts = []
    for k in range(corners):
        a = 2 * math.pi * k / corners
        rr = r * chance.uniform(0.68, 1.0)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return Polygon(pts)


def asteroid_problem(poly: Polygon, sheet: Sheet, others: list[Polygon], walls: list[Any]) -> str | None:
    """Why an asteroid cannot be drawn there (S-U5), or None when it can."""
    if not poly.is_valid:
        # TRANSLATORS: {why} is the geometry library's own English note ("Self-intersection[40 60]")
        return M("That outline crosses itself ({why}).", why=explain_validity(poly))
    if poly.area < 2 * CRUMB_AREA:
        return M("That asteroid is too small to matter.")
    if not sheet.space().contains(poly):
        return M("Asteroids go in space, not in a hangar or off the paper.")
    if any(poly.intersects(w) for w in walls):
        return M("Asteroids must not touch a hangar wall.")
    if any(poly.intersects(o) for o in others):
        return M("Asteroids must not touch each other.")
    return None


def _grid(sheet: Sheet, cell: float, margin: float) -> list[tuple[float, float, float, float]]:
    """Cells of free space (clear of hangars and walls by ``margin``)."""
    free = sheet.space().buffer(-margin)
    cells = []
    y = HANGAR_DEPTH
    while y + cell <= sheet.height - HANGAR_DEPTH + 1e-9:
        x = 0.0
        while x + cell <= sheet.width + 1e-9:
            if free.contains(box(x, y, x + cell, y + cell)):
                cells.append((x, y, x + cell, y + cell))
            x += cell
        y += cell
    return cells


def scatter(sheet: Sheet, chance: Chance, count: int, cell: float, r_lo: float, r_hi: float) -> list[Polygon]:
    """Up to ``count`` rocks, one per randomly chosen grid cell, so none touch (S-U5)."""
    cells = _grid(sheet, cell, 2.0)
    chance.shuffle(cells)
    out = []
    for x0, y0, x1, y1 in cells[:count]:
        r = min(chance.uniform(r_lo, r_hi), cell / 2 - 1.0)
        cx = chance.uniform(x0 + r + 0.5, x1 - r - 0.5)
        cy = chance.uniform(y0 + r + 0.5, y1 - r - 0.5)
        out.append(blob(cx, cy, r, chance))
    return out


def solid_rock(sheet: Sheet) -> list[Polygon]:
    """The tunnelling variant: rock fills space, 6 mm clear of every hangar (S-S4)."""
    rock = box(0, HANGAR_DEPTH + 6, sheet.width, sheet.height - HANGAR_DEPTH - 6)
    for h in sheet.hangars[2:]:
        rock = rock.difference(h.region.buffer(6, join_style="mitre"))
    return [rock] if isinstance(rock, Polygon) else [g for g in rock.geoms if isinstance(g, Polygon)]


def generate(kind: str, sheet: Sheet, chance: Chance) -> list[Polygon]:
    if kind == "sparse":
        return scatter(sheet, chance, 9, 40.0, 8.0, 18.0)
    if kind == "dense":
        return scatter(sheet, chance, 40, 22.0, 5.0, 10.0)
    if kind == "solid":
        return solid_rock(sheet)
    return []


def bench_field(sheet: Sheet, chance: Chance, count: int) -> list[Polygon]:
    """Exactly ``count`` small rocks for the flick benchmark (10, 100, 1000)."""
    area = sheet.width * (sheet.height - 2 * HANGAR_DEPTH)
    cell = math.sqrt(area / (count * 1.15))
    while len(_grid(sheet, cell, 2.0)) < count and cell > 2.0:
        cell *= 0.92  # cells cut by the hangar margins: shrink until there are enough
    return scatter(sheet, chance, count, cell, cell * 0.25, cell * 0.45)


def field_sheet(paper: str) -> Sheet:
    """The two-hangar sheet a level file is drawn on (walls whole: doors are chosen in play)."""
    w, h = PAPERS[paper]
    return Sheet(w, h, tuple(make_hangars(w, h, 2)), (None, None))


def field_level(title: str, paper: str, rocks: list[Polygon]) -> dict[str, Any]:
    """A level file's content for a field drawn in the editor; ``load_field`` reads it back."""
    return {"title": title, "description": N_("Drawn by hand."), "paper": paper,
            "asteroids": [[[round(x, 2), round(y, 2)] for x, y in r.exterior.coords[:-1]] for r in rocks]}


def load_field(name: str, sheet: Sheet) -> list[Polygon]:
    """A level from levels/space/, mapped onto this paper; refuses malformed files with a reason."""
    data = load_level("space", name)
    source = level_path("space", name).name
    paper = data.get("paper", "letter")
    if not isinstance(paper, str) or paper not in PAPERS:
        # TRANSLATORS: {source} is a level's file name, {paper} what the file says instead
        raise LevelError(M("Level {source}: paper must be 'letter' or 'a4', not {paper}.", source=source,
                           paper=repr(paper)))
    rocks_raw = need(data, "asteroids", list, source)
    need(data, "title", str, source)
    w0, h0 = PAPERS[paper]
    sx = sheet.width / w0
    sy = (sheet.height - 2 * HANGAR_DEPTH) / (h0 - 2 * HANGAR_DEPTH)
    own = Sheet(w0, h0, tuple(make_hangars(w0, h0, 2)), (None, None))
    walls = own.walls()
    rocks: list[Polygon] = []
    if len(rocks_raw) > MAX_ASTEROIDS:
        # TRANSLATORS: {source} is a level's file name, {count} how many asteroids it holds
        raise LevelError(M("Level {source}: {count} asteroids; a field holds at most {n}.", source=source,
                           count=len(rocks_raw), n=MAX_ASTEROIDS))
    for i, raw in enumerate(rocks_raw):
        poly = Polygon(points(raw, M("asteroid {n}", n=i + 1), source, 3, MAX_ROCK_POINTS))
        problem = asteroid_problem(poly, own, [], walls)
        if problem:
            # TRANSLATORS: {source} is a level's file name, {problem} a sentence saying what is wrong
            raise LevelError(M("Level {source}: asteroid {n} is wrong: {problem}", source=source, n=i + 1,
                               problem=problem))
        rocks.append(poly)
    if rocks:  # S-U5: asteroids never touch; only the pairs whose boxes meet are compared
        from shapely import STRtree

        near = STRtree(rocks).query(rocks, predicate="intersects")
        pairs = sorted({(int(min(a, b)), int(max(a, b))) for a, b in zip(*near, strict=True) if a != b})
        if pairs:
            i, j = pairs[0]
            raise LevelError(M("Level {source}: asteroid {n} is wrong: Asteroids must not touch each other "
                               "(it touches asteroid {other}).", source=source, n=j + 1, other=i + 1))
    out = []
    for poly in rocks:
        mapped = Polygon([(x * sx, HANGAR_DEPTH + (y - HANGAR_DEPTH) * sy) for x, y in poly.exterior.coords])
        if all(not mapped.intersects(h.region.buffer(1.0)) for h in sheet.hangars[2:]):
            out.append(mapped)  # rocks where an extra hangar sits are left out (S-V7)
    return out

