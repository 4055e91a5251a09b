"""Scenario files (levels/tigers/*.json): table, terrain, forces and sides.

A scenario may leave parts to the players: ``"attacker": "roll"`` (T-U1),
``"terrain": "lay out"`` (T-U2), ``"defender_edge": "choose"`` (T-U3) and units
without positions (deployment, T-U3/T-U4).  Anything malformed raises
LevelError naming the file and the problem.
"""

from __future__ import annotations

from typing import Any

from ...jsonio import FileProblem, kind_of, show
from ...levels import LevelError, files_digest, load_level, need, number, points
from ...msg import M, Mn, Msg
from .geometry import KINDS, TERRAIN_KINDS, base_polygon, shape_points
from .words import cm, kind_count, listing, side

EDGES = ("north", "south")
#: Bounds of a scenario file (the shipped ones have 10 terrain pieces and 7 units a side): a game
#: on a scenario at every bound at once plays within 1 s a click or frame and 500 MB (measured by
#: ``python -m game.worst``, "tigers scenario played": its slowest step, the board's first frame,
#: took 0.23 s and the game 134 MB; at 200 pieces of 500 points and 200 units a side Continue took
#: 31 s and 2 GB, and a frame after a move 22 s).
MAX_PIECES = 50
MAX_PIECE_POINTS = 100
MAX_UNITS = 120
MAX_NAME = 40
#: The largest table (cm) and the smallest.
MAX_TABLE = (400, 400)
MIN_TABLE = (100, 100)


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def parse_scenario(data: dict[str, Any], source: str) -> dict[str, Any]:
    """Validate a scenario dict and return it normalised (plain lists and numbers)."""
    title = need(data, "title", str, source)
    table = need(data, "table", list, source)
    if len(table) != 2 or not all(_num(v) for v in table):
        raise LevelError(f"Level {source}: 'table' must be [width, depth] in cm.")
    w, h = float(table[0]), float(table[1])
    if w < MIN_TABLE[0] or h < MIN_TABLE[1] or w > MAX_TABLE[0] or h > MAX_TABLE[1]:
        raise LevelError(f"Level {source}: the table must be at least {MIN_TABLE[0]} x {MIN_TABLE[1]} cm (and at most "
                         f"{MAX_TABLE[0]} x {MAX_TABLE[1]}), not {w:g} x {h:g}.")
    attacker = data.get("attacker", "roll")
    if attacker not in (0, 1, "roll") or isinstance(attacker, bool):
        raise LevelError(f"Level {source}: 'attacker' must be 0, 1 or \"roll\".")
    edge = data.get("defender_edge", "choose")
    if edge not in (*EDGES, "choose"):
        raise LevelError(f"Level {source}: 'defender_edge' must be north, south or choose.")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise LevelError(f"Level {source}: 'description' must be text, not {kind_of(description)} {show(description)}.")
    terrain_raw = need(data, "terrain", (list, str), source)
    if isinstance(terrain_raw, list) and len(terrain_raw) > MAX_PIECES:
        raise LevelError(f"Level {source}: {len(terrain_raw):,} terrain pieces; a table holds at most {MAX_PIECES}.")
    terrain: list[dict[str, Any]] | None
    if isinstance(terrain_raw, str):
        if terrain_raw != "lay out":
            raise LevelError(f"Level {source}: 'terrain' must be a list of pieces or \"lay out\".")
        terrain = None
    else:
        terrain = [_piece(p, i, source, w, h) for i, p in enumerate(terrain_raw)]
    forces = need(data, "forces", list, source)
    if len(forces) != 2 or not all(isinstance(f, list) and 0 < len(f) <= MAX_UNITS for f in forces):
        raise LevelError(f"Level {source}: 'forces' must hold two lists of 1 to {MAX_UNITS} units.")
    units = [[_unit(u, side, i, source, w, h) for i, u in enumerate(f)] for side, f in enumerate(forces)]
    placed = [u["x"] is not None for f in units for u in f]
    if any(placed) and edge == "choose":
        raise LevelError(f"Level {source}: units with positions need a fixed 'defender_edge'.")
    _no_stacks(units, source)
    return {"title": title, "description": description, "table": [w, h],
            "attacker": attacker, "defender_edge": edge, "terrain": terrain, "forces": units}


def _piece(p: Any, i: int, source: str, w: float, h: float) -> dict[str, Any]:
    where = f"terrain piece {i + 1}"
    if not isinstance(p, dict):
        raise LevelError(f"Level {source}: {where} must be an object.")
    kind = p.get("kind")
    if not isinstance(kind, str) or kind not in TERRAIN_KINDS:
        raise LevelError(f"Level {source}: {where} has kind {show(kind)}; use hill, woods or building.")
    if "points" in p:
        outline = points(p["points"], where, source, 3, MAX_PIECE_POINTS)
        params = None
    elif "shape" in p:
        sh = p["shape"]
        if not isinstance(sh, list) or len(sh) != 5:
            raise LevelError(f"Level {source}: {where} 'shape' must be [x, y, width, depth, angle].")
        params = [number(v, f"{where} 'shape' {label}", source, *span) for v, label, span in zip(
            sh, ("x", "y", "width", "depth", "angle"),
            ((-w, 2 * w), (-h, 2 * h), (0.01, 2 * max(w, h)), (0.01, 2 * max(w, h)), (-3600.0, 3600.0)), strict=True)]
        outline = shape_points(kind, *params)
    else:
        raise LevelError(f"Level {source}: {where} needs 'points' or 'shape'.")
    from shapely.geometry import Polygon
    poly = Polygon(outline)
    if not poly.is_valid or poly.area < 1.0:
        raise LevelError(f"Level {source}: {where} is not a simple polygon of at least 1 square cm.")
    minx, miny, maxx, maxy = poly.bounds
    if minx < -0.01 or miny < -0.01 or maxx > w + 0.01 or maxy > h + 0.01:
        raise LevelError(f"Level {source}: {where} lies partly off the {w:g} x {h:g} cm table.")
    return {"kind": kind, "points": [list(q) for q in outline], "params": params}


def _unit(u: Any, side: int, i: int, source: str, w: float, h: float) -> dict[str, Any]:
    where = f"unit {i + 1} of side {side + 1}"
    if not isinstance(u, dict):
        raise LevelError(f"Level {source}: {where} must be an object.")
    kind = u.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise LevelError(f"Level {source}: {where} has kind {show(kind)}; use one of {', '.join(KINDS)}.")
    name = u.get("name", KINDS[kind].name)
    if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME:
        raise LevelError(f"Level {source}: {where} has a name that is not a text of 1 to {MAX_NAME} letters "
                         f"({show(name)}).")
    x, y, facing = u.get("x"), u.get("y"), u.get("facing", 0.0)
    if (x is None) != (y is None):
        raise LevelError(f"Level {source}: {where} needs both x and y, or neither.")
    facing = number(facing, f"the facing of {where}", source, -3600.0, 3600.0)
    if x is not None:
        x = number(x, f"the x of {where}", source)
        y = number(y, f"the y of {where}", source)
        if not (0 <= x <= w and 0 <= y <= h):
            raise LevelError(f"Level {source}: {where} stands off the table at ({x:g}, {y:g}).")
    return {"kind": kind, "name": name, "x": None if x is None else float(x),
            "y": None if y is None else float(y), "facing": float(facing)}


def _no_stacks(units: list[list[dict[str, Any]]], source: str) -> None:
    """Bases are solid: two placed units never overlap (only touch)."""
    from shapely import STRtree

    placed = [(side, i, u) for side, force in enumerate(units) for i, u in enumerate(force) if u["x"] is not None]
    if len(placed) < 2:
        return
    bases = [base_polygon(u["x"], u["y"], u["facing"], u["kind"]) for _, _, u in placed]
    near = STRtree(bases).query(bases, predicate="intersects")
    for a, b in sorted({(int(min(a, b)), int(max(a, b))) for a, b in zip(*near, strict=True) if a != b}):
        if bases[a].intersection(bases[b]).area > 0.01:
            (sa, ia, _), (sb, ib, _) = placed[a], placed[b]
            raise LevelError(f"Level {source}: unit {ib + 1} of side {sb + 1} stands on unit {ia + 1} of side "
                             f"{sa + 1} (bases are solid: place them apart).")


def load_scenario(name: str) -> dict[str, Any]:
    from pathlib import Path
    data = load_level("tigers", name)
    base = Path(name).name
    return parse_scenario(data, base if base.endswith(".json") else f"{base}.json")


def describe(sc: dict[str, Any], names: tuple[str, str] | None = None) -> list[str]:
    """A scenario in a few lines for the setup screen: story, forces with their points, who
    attacks, table size and terrain."""
    sides = names or (side(0), side(1))
    title = Msg(sc["title"])  # the level files' titles and descriptions are in the catalogs
    if sc.get("description"):
        # TRANSLATORS: a scenario's title and its story
        lines: list[str] = [M("{title}: {description}", title=title, description=Msg(sc["description"]))]
    else:
        lines = [title]
    for s, force in enumerate(sc["forces"]):
        counts: dict[str, int] = {}
        for u in force:
            counts[u["kind"]] = counts.get(u["kind"], 0) + 1
        parts = listing([kind_count(k, n) for k, n in counts.items()])
        points = sum(KINDS[u["kind"]].vp for u in force)
        # TRANSLATORS: {side} is Blue or Orange; {forces} lists its units ("2 tanks, 3 infantry squads")
        lines.append(Mn("{side}: {forces} ({n} victory point on the table).",
                        "{side}: {forces} ({n} victory points on the table).", points, side=sides[s], forces=parts))
    att = sc["attacker"]
    w, h = sc["table"]
    pieces = 0 if sc["terrain"] is None else len(sc["terrain"])
    args = {"w": cm(w), "h": cm(h), "n": pieces}
    if att == "roll" and sc["terrain"] is None:
        # TRANSLATORS: {w} x {h} is the table's size in cm
        lines.append(M("A roll-off decides who attacks; table {w} x {h} cm; the attacker lays out the terrain.",
                       **args))
    elif att == "roll":
        # TRANSLATORS: {w} x {h} is the table's size in cm
        lines.append(Mn("A roll-off decides who attacks; table {w} x {h} cm; {n} terrain piece.",
                        "A roll-off decides who attacks; table {w} x {h} cm; {n} terrain pieces.", pieces,
                        **args))
    elif sc["terrain"] is None:
        # TRANSLATORS: {side} is Blue or Orange; {w} x {h} the table's size in cm
        lines.append(M("{side} attacks; table {w} x {h} cm; the attacker lays out the terrain.",
                       side=sides[int(att)], **args))
    else:
        # TRANSLATORS: {side} is Blue or Orange; {w} x {h} the table's size in cm
        lines.append(Mn("{side} attacks; table {w} x {h} cm; {n} terrain piece.",
                        "{side} attacks; table {w} x {h} cm; {n} terrain pieces.", pieces, side=sides[int(att)],
                        **args))
    return lines


#: Which side a shipped scenario favours between equal players, as measured (issue 48): by the
#: fingerprint of the scenario's file (``levels.files_digest``), so that a changed or edited
#: scenario claims nothing it was not measured at.  Each entry: the favoured side, its wins and
#: the other side's in that many games, and who played them.  A scenario whose sides each won
#: from 0.42 to 0.58 of the games is not listed: the setup screen then says nothing.
#: Measured (issue 48) with ``paperwars selfplay tigers --games 800 --players greedy,greedy --levels
#: --seed 1000``: 200 games a scenario, standard errors about 0.035.  (Normal against Normal could
#: not be played 200 times a scenario in the time there was: the few games played are in the notes
#: of issue 48.)
BALANCE: dict[str, tuple[int, int, int, int, str]] = {
    "3bca0f41903eca92": (1, 116, 82, 200, "Easy computer players"),  # forest_crossing
    "9933cecbbeaf3c06": (0, 134, 53, 200, "Easy computer players"),  # open_table
    "b5131e9d53d2affd": (1, 139, 47, 200, "Easy computer players"),  # tank_battle
    "bbe9360d6bb21195": (0, 133, 44, 200, "Easy computer players"),  # village_fight
}


def balance_lines(name: str, names: tuple[str, str] | None = None) -> list[str]:
    """What the setup screen says about a scenario's balance: the favoured side and by how much,
    in words a player reads ("Orange is favoured: ... about 7 games in 10"), or nothing."""
    try:
        digest = files_digest({name: load_level("tigers", name)})
    except FileProblem:
        return []
    if digest not in BALANCE:
        return []
    fav, won, lost, games, who = BALANCE[digest]
    sides = names or (side(0), side(1))
    if who == "Easy computer players":
        # TRANSLATORS: {side} and {other} are Blue and Orange; {won} of {games} games, {lost} the other side's wins; {tenths} out of 10
        return [M("{side} is favoured: between two Easy computer players, {side} won {won} of {games} games, "
                  "{other} {lost} (about {tenths} in 10).", side=sides[fav], other=sides[1 - fav], won=won,
                  games=games, lost=lost, tenths=round(10 * won / games))]
    # TRANSLATORS: {side} and {other} are Blue and Orange; {who} the players measured; {won} of {games} games
    return [M("{side} is favoured: between two {who}, {side} won {won} of {games} games, {other} {lost} "
              "(about {tenths} in 10).", side=sides[fav], other=sides[1 - fav], who=who, won=won, games=games,
              lost=lost, tenths=round(10 * won / games))]
