"""Warigami maps: the grid, its walls and start zones, map files, and line of sight.

A map file is JSON with one text row per grid row, so it can be read and edited
by hand::

    {"name": "Standard field", "rows": ["11..........22", ...]}

``.`` open ground, ``#`` wall (W-B4), ``1``-``4`` open ground in that player's
start zone.  Geometry is in grid squares; square (x, y) spans [x, x+1] x [y, y+1]
and its centre is (x + 1/2, y + 1/2).  Line of sight is decided with exact
integer arithmetic on doubled coordinates, so there are no rounding questions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from ...jsonio import write_atomic
from ...levels import LevelError, level_path, load_level
from ...msg import M, Mn, Msg

Square = tuple[int, int]
GAME = "warigami"
MAX_SIDE = 60
MAX_ZONES = 4
OPEN, WALL = ".", "#"
NEIGHBOURS: tuple[tuple[int, int, int], ...] = (
    (1, 0, 1), (-1, 0, 1), (0, 1, 1), (0, -1, 1),
    (1, 1, 2), (1, -1, 2), (-1, 1, 2), (-1, -1, 2),  # W-D1 / W-T1: a diagonal step costs 2
)


@dataclass(frozen=True)
class Board:
    """An immutable map: size, walls, one start zone per player seat."""

    name: str
    width: int
    height: int
    walls: frozenset[Square]
    zones: tuple[frozenset[Square], ...]
    _los_cache: dict[tuple[Square, Square], tuple[Square, ...]] = field(default_factory=dict, compare=False,
                                                                          repr=False)
    _adj: dict[Square, tuple[tuple[Square, int], ...]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def adjacency(self) -> dict[Square, tuple[tuple[Square, int], ...]]:
        """Open neighbours of every open square with the step cost (1 straight, 2 diagonal); cached.

        W-T1 (rev 3): a diagonal step goes round one of the two squares beside it, so it needs
        one of them open: it never slips between two walls that touch only at a corner."""
        adj = self._adj
        if not adj:
            for sq in self.squares():
                if sq not in self.walls:
                    adj[sq] = tuple(((sq[0] + dx, sq[1] + dy), step) for dx, dy, step in NEIGHBOURS
                                    if self.open((sq[0] + dx, sq[1] + dy))
                                    and (step == 1 or self.open((sq[0] + dx, sq[1])) or self.open((sq[0], sq[1] + dy))))
        return adj

    def inside(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def open(self, sq: Square) -> bool:
        return self.inside(sq) and sq not in self.walls

    def zone_of(self, sq: Square) -> int:
        """The seat whose start zone holds ``sq``, or -1."""
        for i, z in enumerate(self.zones):
            if sq in z:
                return i
        return -1

    def squares(self) -> Iterable[Square]:
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    # -- line of sight ---------------------------------------------------------
    def walls_clear(self, a: Square, b: Square) -> bool:
        """W-L3: True unless the segment between the centres crosses a wall square's interior,
        or (rev 4) the point where two walls touch corner to corner."""
        return self.blocking_walls(a, b) == ()

    def blocking_wall(self, a: Square, b: Square) -> Square | None:
        """A wall that blocks the segment a->b (W-L3), the first one along it, or None (cached)."""
        walls = self.blocking_walls(a, b)
        return walls[0] if walls else None

    def blocking_walls(self, a: Square, b: Square) -> tuple[Square, ...]:
        """What blocks the segment a->b first (W-L3, cached): (wall,) for a wall's interior,
        (wall, wall) for two walls that touch corner to corner where the segment passes between
        them (rev 4), () for a clear line."""
        key = (a, b) if a <= b else (b, a)
        if key in self._los_cache:
            return self._los_cache[key]
        walls = self._first_block(key[0], key[1])
        self._los_cache[key] = walls
        return walls

    def _first_block(self, a: Square, b: Square) -> tuple[Square, ...]:
        x0, x1 = sorted((a[0], b[0]))
        y0, y1 = sorted((a[1], b[1]))
        best: tuple[Fraction, tuple[Square, ...]] | None = None
        for w in self.walls:
            if x0 <= w[0] <= x1 and y0 <= w[1] <= y1 and w != a and w != b:
                t = segment_enters_square(a, b, w)
                if t is not None and (best is None or t < best[0]):
                    best = (t, (w,))
            # rev 4: the corner point this wall shares with a diagonal neighbour that is a wall too
            for dy in (1, -1):
                other = (w[0] + 1, w[1] + dy)
                if other in self.walls:
                    t = segment_through_corner(a, b, (w[0] + 1, w[1] + (1 if dy == 1 else 0)))
                    if t is not None and (best is None or t < best[0]):
                        best = (t, tuple(sorted((w, other))))
        return best[1] if best else ()

    # -- files -------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        rows = []
        for y in range(self.height):
            row = []
            for x in range(self.width):
                z = self.zone_of((x, y))
                row.append(WALL if (x, y) in self.walls else (str(z + 1) if z >= 0 else OPEN))
            rows.append("".join(row))
        return {"name": self.name, "rows": rows}


def segment_enters_square(a: Square, b: Square, sq: Square) -> Fraction | None:
    """Where (as t in [0, 1]) the centre-to-centre segment a->b enters the OPEN square ``sq``.

    Liang-Barsky clipping on doubled integer coordinates: the segment runs from
    (2ax+1, 2ay+1) to (2bx+1, 2by+1) and the square spans [2sx, 2sx+2] x [2sy, 2sy+2].
    The clipped piece must have positive length: a segment that only touches a
    corner (W-L3 decision) or an edge clips to a single point and does not count.
    Parameters are kept as integer fractions (num, den > 0) compared by
    cross-multiplication, so the answer is exact.
    """
    lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 1
    for p, d, smin, smax in ((2 * a[0] + 1, 2 * (b[0] - a[0]), 2 * sq[0], 2 * sq[0] + 2),
                             (2 * a[1] + 1, 2 * (b[1] - a[1]), 2 * sq[1], 2 * sq[1] + 2)):
        if d == 0:
            if not smin < p < smax:  # p is odd, the bounds even: never on the edge
                return None
            continue
        if d > 0:
            n0, n1, den = smin - p, smax - p, d
        else:
            n0, n1, den = p - smax, p - smin, -d
        if n0 * lo_d > lo_n * den:
            lo_n, lo_d = n0, den
        if n1 * hi_d < hi_n * den:
            hi_n, hi_d = n1, den
    if hi_n * lo_d > lo_n * hi_d:
        return Fraction(lo_n, lo_d)
    return None


def segment_through_corner(a: Square, b: Square, corner: tuple[int, int]) -> Fraction | None:
    """Where (as t in (0, 1)) the centre-to-centre segment a->b passes through the grid point
    ``corner`` (a corner of squares), or None; exact, on doubled integer coordinates."""
    ax, ay, bx, by = 2 * a[0] + 1, 2 * a[1] + 1, 2 * b[0] + 1, 2 * b[1] + 1
    px, py = 2 * corner[0], 2 * corner[1]
    dx, dy = bx - ax, by - ay
    if dx * (py - ay) != dy * (px - ax):
        return None
    dot, length = (px - ax) * dx + (py - ay) * dy, dx * dx + dy * dy
    return Fraction(dot, length) if 0 < dot < length else None


def centre_on_segment(a: Square, b: Square, c: Square) -> bool:
    """W-L2: True if the centre of square ``c`` lies on the segment between a's and b's centres."""
    if c == a or c == b:
        return False
    cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    if cross != 0:
        return False
    dot = (c[0] - a[0]) * (b[0] - a[0]) + (c[1] - a[1]) * (b[1] - a[1])
    return 0 < dot < (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2


# -- parsing and saving maps -----------------------------------------------------

def _refused(source: str, problem: Msg) -> LevelError:
    """The loader's refusal: the map's file and the problem ("Map ruins.json: the field ...")."""
    # TRANSLATORS: {source} is a map's file name, {problem} what is wrong with it (it starts in lower case)
    return LevelError(M("Map {source}: {problem}", source=source, problem=problem))


def _grid_problem(width: int, height: int) -> Msg:
    # TRANSLATORS: a map's size in squares, and the limit on each side
    return M("The grid is {w} x {h}; each side must be 2 to {most} squares.", w=width, h=height, most=MAX_SIDE)


def _zone_problem(zones: Mapping[int, Any]) -> Msg | None:
    """What is wrong with a map's start zones (a sentence, as the map editor says it), or None."""
    if len(zones) < 2:
        return M("It needs start zones for at least two players (squares marked 1 and 2).")
    missing = [i + 1 for i in range(len(zones)) if i not in zones]
    if missing:
        # TRANSLATORS: {n} is the number of the missing start zone
        return M("Start zone {n} is missing (zones must be numbered 1, 2, 3, 4 in order).", n=missing[0])
    return None


def board_from_json(data: Mapping[str, Any], source: str) -> Board:
    """Build a Board from a map file's JSON; raises LevelError naming ``source`` and the problem."""
    if not isinstance(data, Mapping):
        raise _refused(source, M("the file must hold a JSON object."))
    name = data.get("name", source)
    if not isinstance(name, str) or not name.strip():
        raise _refused(source, M("the field 'name' must be a non-empty text."))
    rows = data.get("rows")
    if rows is None:
        raise _refused(source, M("the field 'rows' is missing."))
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        raise _refused(source, M("'rows' must be a list of text rows."))
    width, height = len(rows[0]), len(rows)
    if not 2 <= width <= MAX_SIDE or not 2 <= height <= MAX_SIDE:
        # TRANSLATORS: a map's size in squares, and the limit on each side
        raise _refused(source, M("the grid is {w} x {h}; each side must be 2 to {most} squares.",
                                 w=width, h=height, most=MAX_SIDE))
    walls: set[Square] = set()
    zones: dict[int, set[Square]] = {}
    for y, row in enumerate(rows):
        if len(row) != width:
            # TRANSLATORS: {y} is a row's number, {n} its length, {width} the first row's length
            raise _refused(source, M("row {y} has {n} squares but the first row has {width}.",
                                     y=y + 1, n=len(row), width=width))
        for x, ch in enumerate(row):
            if ch == WALL:
                walls.add((x, y))
            elif ch in "1234":
                zones.setdefault(int(ch) - 1, set()).add((x, y))
            elif ch != OPEN:
                # TRANSLATORS: {y} and {x} are a row's and a column's number, {ch} the character found there
                raise _refused(source, M("row {y}, column {x} has {ch}; use '.' open, '#' wall or 1-4 start zone.",
                                         y=y + 1, x=x + 1, ch=repr(ch)))
    if len(zones) < 2:
        raise _refused(source, M("it needs start zones for at least two players (squares marked 1 and 2)."))
    missing = [i + 1 for i in range(len(zones)) if i not in zones]
    if missing:
        # TRANSLATORS: {n} is the number of the missing start zone
        raise _refused(source, M("start zone {n} is missing (zones must be numbered 1, 2, 3, 4 in order).",
                                 n=missing[0]))
    return Board(name.strip(), width, height, frozenset(walls),
                 tuple(frozenset(zones[i]) for i in range(len(zones))))


def load_board(name: str) -> Board:
    """Load levels/warigami/<name>.json (or a path) as a Board."""
    data = load_level(GAME, name)
    return board_from_json(data, level_path(GAME, name).name)


def save_board(board: Board, path: Path) -> None:
    """Write a map file (the map editor's save); it loads back as an equal Board."""
    write_atomic(Path(path), board.to_json())


def blank_board(width: int, height: int, name: str = M("New map")) -> Board:
    """A wall-free map with two-column start zones on the left and right edges (editor start)."""
    z1 = frozenset((x, y) for x in range(min(2, width)) for y in range(height))
    z2 = frozenset((x, y) for x in range(max(0, width - 2), width) for y in range(height)) - z1
    return Board(name, width, height, frozenset(), (z1, z2))


def resize_board(board: Board, width: int, height: int) -> Board:
    """The same map on a ``width`` x ``height`` grid: squares off the new edge are dropped."""

    def inside(sq: Square) -> bool:
        return sq[0] < width and sq[1] < height

    zones = [frozenset(filter(inside, z)) for z in board.zones]
    while zones and not zones[-1]:
        zones.pop()
    return Board(board.name, width, height, frozenset(filter(inside, board.walls)), tuple(zones))


def renamed(board: Board, name: str) -> Board:
    return Board(name, board.width, board.height, board.walls, board.zones)


def walkable_from(board: Board, starts: Iterable[Square]) -> set[Square]:
    """Every open square a unit could walk to from ``starts`` (steps as in W-T1, ignoring the pool)."""
    adj = board.adjacency
    todo = [sq for sq in starts if board.open(sq)]
    seen = set(todo)
    while todo:
        for nsq, _ in adj[todo.pop()]:
            if nsq not in seen:
                seen.add(nsq)
                todo.append(nsq)
    return seen


def map_problems(board: Board, squad: int = 10) -> list[Msg]:
    """Why the map editor will not save ``board`` yet, as sentences; [] when it is ready.

    The map is first read back exactly as a saved file would be (``board_from_json``
    on ``board.to_json()``), so whatever the editor saves loads again.  Beyond the
    loader, it asks what a game will need: every start zone holds a squad of
    ``squad`` units (W-B1) on open squares, and the zones are joined by open ground.
    """
    problems: list[Msg] = []
    name = board.name.strip()
    if not name:
        problems.append(M("Give the map a name."))
    # What the loader would refuse in a board the editor can make, said as a sentence of its own.
    if not 2 <= board.width <= MAX_SIDE or not 2 <= board.height <= MAX_SIDE:
        problems.append(_grid_problem(board.width, board.height))
        return problems
    data = board.to_json() | {"name": name or "unnamed"}
    zoned = _zone_problem({int(ch) - 1: True for row in data["rows"] for ch in row if ch in "1234"})
    if zoned is not None:
        problems.append(zoned)
        return problems
    try:
        back = board_from_json(data, name or "the new map")
    except LevelError as exc:  # nothing the editor makes, but said whole if it ever happens
        why = exc.args[0]
        problems.append(why if isinstance(why, Msg) else Msg(str(why)))
        return problems
    for i, zone in enumerate(back.zones):
        room = len(zone - back.walls)
        if room < squad:
            # TRANSLATORS: {zone} is a start zone's number, {n} the units it has room for, {squad} the squad size
            problems.append(Mn("Start zone {zone} has room for {n} unit; a squad of {squad} needs {squad} squares.",
                               "Start zone {zone} has room for {n} units; a squad of {squad} needs {squad} squares.",
                               room, zone=i + 1, squad=squad))
    for i, zone in enumerate(board.zones):
        if zone & board.walls:
            problems.append(M("Start zone {n} overlaps a wall; erase the wall or the zone square.", n=i + 1))
    ground = walkable_from(back, back.zones[0])
    for i, zone in enumerate(back.zones[1:], start=2):
        if not zone & ground:
            # TRANSLATORS: {n} is a start zone's number
            problems.append(M("Walls cut start zone {n} off from start zone 1: leave a way through.", n=i))
    return problems


def edit_board(board: Board, sq: Square, paint: str) -> Board:
    """The map editor's brush: ``paint`` is '.', '#' or '1'..'4'; returns the changed map."""
    if not board.inside(sq):
        return board
    walls = set(board.walls)
    zones = [set(z) for z in board.zones]
    walls.discard(sq)
    for z in zones:
        z.discard(sq)
    if paint == WALL:
        walls.add(sq)
    elif paint in "1234" and paint:
        i = int(paint) - 1
        while len(zones) <= i:
            zones.append(set())
        zones[i].add(sq)
    elif paint != OPEN:
        raise ValueError(f"unknown paint {paint!r}")
    while zones and not zones[-1]:
        zones.pop()
    return Board(board.name, board.width, board.height, frozenset(walls), tuple(frozenset(z) for z in zones))
