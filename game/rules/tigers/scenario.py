"""Scenario files (levels/tigers/*.json): table, terrain, forces and sides.

A scenario may leave parts to the players: ``"attacker": "roll"`` (T-U1),
``"terrain": "lay out"`` (T-U2), ``"defender_edge": "choose"`` (T-U3) and units
without positions (deployment, T-U3/T-U4).  Anything malformed raises
LevelError naming the file and the problem.
"""

from __future__ import annotations

from typing import Any

from ...levels import LevelError, load_level, need
from .geometry import KINDS, TERRAIN_KINDS, shape_points

EDGES = ("north", "south")


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def parse_scenario(data: dict[str, Any], source: str) -> dict[str, Any]:
    """Validate a scenario dict and return it normalised (plain lists and numbers)."""
    title = need(data, "title", str, source)
    table = need(data, "table", list, source)
    if len(table) != 2 or not all(_num(v) for v in table):
        raise LevelError(f"Level {source}: 'table' must be [width, depth] in cm.")
    w, h = float(table[0]), float(table[1])
    if w < 100 or h < 100 or w > 400 or h > 400:
        raise LevelError(f"Level {source}: the table must be at least 100 x 100 cm (and at most 400), not {w:g} x {h:g}.")
    attacker = data.get("attacker", "roll")
    if attacker not in (0, 1, "roll") or isinstance(attacker, bool):
        raise LevelError(f"Level {source}: 'attacker' must be 0, 1 or \"roll\".")
    edge = data.get("defender_edge", "choose")
    if edge not in (*EDGES, "choose"):
        raise LevelError(f"Level {source}: 'defender_edge' must be north, south or choose.")
    terrain_raw = need(data, "terrain", (list, str), source)
    terrain: list[dict[str, Any]] | None
    if isinstance(terrain_raw, str):
        if terrain_raw != "lay out":
            raise LevelError(f"Level {source}: 'terrain' must be a list of pieces or \"lay out\".")
        terrain = None
    else:
        terrain = [_piece(p, i, source, w, h) for i, p in enumerate(terrain_raw)]
    forces = need(data, "forces", list, source)
    if len(forces) != 2 or not all(isinstance(f, list) and f for f in forces):
        raise LevelError(f"Level {source}: 'forces' must hold two non-empty lists of units.")
    units = [[_unit(u, side, i, source, w, h) for i, u in enumerate(f)] for side, f in enumerate(forces)]
    placed = [u["x"] is not None for f in units for u in f]
    if any(placed) and edge == "choose":
        raise LevelError(f"Level {source}: units with positions need a fixed 'defender_edge'.")
    return {"title": title, "description": str(data.get("description", "")), "table": [w, h],
            "attacker": attacker, "defender_edge": edge, "terrain": terrain, "forces": units}


def _piece(p: Any, i: int, source: str, w: float, h: float) -> dict[str, Any]:
    where = f"terrain piece {i + 1}"
    if not isinstance(p, dict):
        raise LevelError(f"Level {source}: {where} must be an object.")
    kind = p.get("kind")
    if kind not in TERRAIN_KINDS:
        raise LevelError(f"Level {source}: {where} has kind {kind!r}; use hill, woods or building.")
    if "points" in p:
        pts = p["points"]
        if not isinstance(pts, list) or len(pts) < 3 or not all(
                isinstance(q, list) and len(q) == 2 and all(_num(v) for v in q) for q in pts):
            raise LevelError(f"Level {source}: {where} needs at least three [x, y] points.")
        points = [(float(a), float(b)) for a, b in pts]
        params = None
    elif "shape" in p:
        sh = p["shape"]
        if not isinstance(sh, list) or len(sh) != 5 or not all(_num(v) for v in sh):
            raise LevelError(f"Level {source}: {where} 'shape' must be [x, y, width, depth, angle].")
        if sh[2] <= 0 or sh[3] <= 0:
            raise LevelError(f"Level {source}: {where} must have a positive size.")
        params = [float(v) for v in sh]
        points = shape_points(kind, *params)
    else:
        raise LevelError(f"Level {source}: {where} needs 'points' or 'shape'.")
    from shapely.geometry import Polygon
    poly = Polygon(points)
    if not poly.is_valid or poly.area < 1.0:
        raise LevelError(f"Level {source}: {where} is not a simple polygon of at least 1 square cm.")
    minx, miny, maxx, maxy = poly.bounds
    if minx < -0.01 or miny < -0.01 or maxx > w + 0.01 or maxy > h + 0.01:
        raise LevelError(f"Level {source}: {where} lies partly off the {w:g} x {h:g} cm table.")
    return {"kind": kind, "points": [list(q) for q in points], "params": params}


def _unit(u: Any, side: int, i: int, source: str, w: float, h: float) -> dict[str, Any]:
    where = f"unit {i + 1} of side {side + 1}"
    if not isinstance(u, dict):
        raise LevelError(f"Level {source}: {where} must be an object.")
    kind = u.get("kind")
    if kind not in KINDS:
        raise LevelError(f"Level {source}: {where} has kind {kind!r}; use one of {', '.join(KINDS)}.")
    name = u.get("name", KINDS[kind].name)
    if not isinstance(name, str):
        raise LevelError(f"Level {source}: {where} has a name that is not text.")
    x, y, facing = u.get("x"), u.get("y"), u.get("facing", 0.0)
    if (x is None) != (y is None):
        raise LevelError(f"Level {source}: {where} needs both x and y, or neither.")
    if x is not None:
        if not (_num(x) and _num(y) and _num(facing)):
            raise LevelError(f"Level {source}: {where} has a position or facing that is not a number.")
        if not (0 <= float(x) <= w and 0 <= float(y or 0) <= h):
            raise LevelError(f"Level {source}: {where} stands off the table at ({x}, {y}).")
    return {"kind": kind, "name": name, "x": None if x is None else float(x),
            "y": None if y is None else float(y), "facing": float(facing)}


def load_scenario(name: str) -> dict[str, Any]:
    from pathlib import Path
    data = load_level("tigers", name)
    base = Path(name).name
    return parse_scenario(data, base if base.endswith(".json") else f"{base}.json")


def describe(sc: dict[str, Any], names: tuple[str, str] = ("Blue", "Orange")) -> list[str]:
    """A scenario in a few lines for the setup screen: story, forces with their points, who
    attacks, table size and terrain."""
    lines = [f"{sc['title']}: {sc['description']}" if sc.get("description") else str(sc["title"])]
    for side, force in enumerate(sc["forces"]):
        counts: dict[str, int] = {}
        for u in force:
            counts[u["kind"]] = counts.get(u["kind"], 0) + 1
        parts = [f"{n} {KINDS[k].name}{'s' if n > 1 else ''}" for k, n in counts.items()]
        points = sum(KINDS[u["kind"]].vp for u in force)
        lines.append(f"{names[side]}: {', '.join(parts)} ({points} victory points on the table).")
    att = sc["attacker"]
    who = "a roll-off decides who attacks" if att == "roll" else f"{names[int(att)]} attacks"
    terrain = "the attacker lays out the terrain" if sc["terrain"] is None else f"{len(sc['terrain'])} terrain pieces"
    w, h = sc["table"]
    lines.append(f"{who[0].upper() + who[1:]}; table {w:g} x {h:g} cm; {terrain}.")
    return lines
