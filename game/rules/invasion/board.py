"""The game board: lettered rectangular rooms on a sheet, and the walls between them.

Geometry is in grid squares of the Play Area (``WIDTH`` x ``HEIGHT``, y grows
south).  Rooms are axis-aligned rectangles made by splitting the sheet with
straight walls, so every side of a room either touches the sheet's edge (one
exterior wall) or other rooms (one interior wall per neighbour).

Wall keys: ``"a|b"`` between rooms a and b (letters sorted), ``"a:N"`` for the
exterior wall on room a's north side.  Wall states (I-B2): ``S`` Single
Barrier, ``O`` Opening, ``D`` Double Barrier.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Chance
from ...msg import M, Msg

WIDTH = 16
HEIGHT = 11
SIDES = ("N", "E", "S", "W")
LETTERS = "abcdefghijklmnopqrstuvwxyz"
SINGLE, OPENING, DOUBLE = "S", "O", "D"
#: A wall state's name: a message (its English name is also what the game's text writes, I-W2).
STATE_NAMES: dict[str, Msg] = {SINGLE: M("Single Barrier"), OPENING: M("Opening"), DOUBLE: M("Double Barrier")}

Rect = tuple[int, int, int, int]  # x0, y0, x1, y1


def wall_key(a: str, b: str) -> str:
    return f"{a}|{b}" if a < b else f"{b}|{a}"


def ext_key(room: str, side: str) -> str:
    return f"{room}:{side}"


def is_exterior(key: str) -> bool:
    return ":" in key


def wall_rooms(key: str) -> tuple[str, ...]:
    """The room(s) a wall belongs to: two for an interior wall, one for an exterior one."""
    if ":" in key:
        return (key.split(":")[0],)
    a, b = key.split("|")
    return (a, b)


def rooms_problem(rooms: dict[str, Rect]) -> Msg | None:
    """Why ``rooms`` cannot be a board (None when they can): every room a letter a-z, a
    rectangle of at least one square inside the sheet, and together they cover the sheet
    without overlapping, as splitting it does (I-B1).  At most 26 rooms, so every check
    after this one is cheap whatever a text holds."""
    if not rooms:
        return M("the list is empty")
    if len(rooms) > len(LETTERS):
        return M("{n} rooms, but a sheet has at most {most} (a to z)", n=len(rooms), most=len(LETTERS))
    for name, (x0, y0, x1, y1) in rooms.items():
        if len(name) != 1 or name not in LETTERS:
            # TRANSLATORS: {name} is what the text wrote as a room's name
            return M("a room is named with one letter from a to z, not '{name}'", name=name[:12])
        if not (0 <= x0 < x1 <= WIDTH and 0 <= y0 < y1 <= HEIGHT):
            # TRANSLATORS: {where} is the room's corners as the text wrote them; x0 < x1 and y0 < y1 are notation
            return M("room {name} ({where}) must lie on the {w} x {h} sheet with x0 < x1 and y0 < y1", name=name,
                     where=" ".join(str(v) for v in (x0, y0, x1, y1)), w=WIDTH, h=HEIGHT)
    items = sorted(rooms.items())
    for i, (a, (ax0, ay0, ax1, ay1)) in enumerate(items):
        for b, (bx0, by0, bx1, by1) in items[i + 1:]:
            if min(ax1, bx1) > max(ax0, bx0) and min(ay1, by1) > max(ay0, by0):
                return M("rooms {a} and {b} overlap", a=a, b=b)
    covered = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in rooms.values())
    if covered != WIDTH * HEIGHT:
        return M("the rooms cover {n} of the sheet's {all} squares; together they fill it", n=covered,
                 all=WIDTH * HEIGHT)
    return None


@dataclass(frozen=True)
class Side:
    """One wall of a room as seen from inside it."""

    side: str            # N, E, S, W: where the wall lies from this room
    other: str | None    # the room beyond, None for the outside
    key: str
    order: float         # position along the side, clockwise


class Board:
    """Rooms and walls.  Mutable; ``copy`` is cheap (plain dicts of tuples and strings)."""

    __slots__ = ("rooms", "walls", "_adj")

    def __init__(self, rooms: dict[str, Rect] | None = None, walls: dict[str, str] | None = None) -> None:
        self.rooms: dict[str, Rect] = dict(rooms) if rooms else {"a": (0, 0, WIDTH, HEIGHT)}
        self.walls: dict[str, str] = dict(walls) if walls else {}
        self._adj: dict[str, list[Side]] | None = None
        if not walls:
            for key in self._geometric_walls():
                self.walls[key] = SINGLE

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.rooms = dict(self.rooms)
        b.walls = dict(self.walls)
        b._adj = self._adj
        return b

    # -- geometry ---------------------------------------------------------------
    def _compute_adj(self) -> dict[str, list[Side]]:
        adj: dict[str, list[Side]] = {r: [] for r in self.rooms}
        items = list(self.rooms.items())
        for r, (x0, y0, x1, y1) in items:
            if y0 == 0:
                adj[r].append(Side("N", None, ext_key(r, "N"), 0.0))
            if x1 == WIDTH:
                adj[r].append(Side("E", None, ext_key(r, "E"), 0.0))
            if y1 == HEIGHT:
                adj[r].append(Side("S", None, ext_key(r, "S"), 0.0))
            if x0 == 0:
                adj[r].append(Side("W", None, ext_key(r, "W"), 0.0))
            for o, (u0, v0, u1, v1) in items:
                if o == r:
                    continue
                xo = min(x1, u1) - max(x0, u0)
                yo = min(y1, v1) - max(y0, v0)
                if v1 == y0 and xo > 0:
                    adj[r].append(Side("N", o, wall_key(r, o), max(x0, u0)))
                elif u0 == x1 and yo > 0:
                    adj[r].append(Side("E", o, wall_key(r, o), max(y0, v0)))
                elif v0 == y1 and xo > 0:
                    adj[r].append(Side("S", o, wall_key(r, o), -max(x0, u0)))
                elif u1 == x0 and yo > 0:
                    adj[r].append(Side("W", o, wall_key(r, o), -max(y0, v0)))
        for r in adj:
            adj[r].sort(key=lambda s: (SIDES.index(s.side), s.order))
        return adj

    def _geometric_walls(self) -> list[str]:
        keys: list[str] = []
        for sides in self._compute_adj().values():
            for s in sides:
                if s.key not in keys:
                    keys.append(s.key)
        return keys

    def sides(self, room: str) -> list[Side]:
        """The walls of a room, clockwise from the north-west corner (I-X2 order)."""
        if self._adj is None:
            self._adj = self._compute_adj()
        return self._adj[room]

    def neighbours(self, room: str) -> list[tuple[str, str]]:
        """(other room, wall key) for every room sharing a wall, clockwise."""
        return [(s.other, s.key) for s in self.sides(room) if s.other is not None]

    def exterior_sides(self, room: str) -> list[str]:
        return [s.side for s in self.sides(room) if s.other is None]

    def rooms_on_side(self, side: str) -> list[str]:
        """Rooms with an exterior wall on that side of the sheet (I-B4)."""
        return [r for r in sorted(self.rooms) if side in self.exterior_sides(r)]

    def wall_between(self, a: str, b: str) -> str | None:
        key = wall_key(a, b)
        return key if key in self.walls else None

    def centre(self, room: str) -> tuple[float, float]:
        x0, y0, x1, y1 = self.rooms[room]
        return (x0 + x1) / 2, (y0 + y1) / 2

    def wall_segment(self, key: str) -> tuple[tuple[float, float], tuple[float, float]]:
        """The wall's end points in grid units (for drawing and the printed sheet)."""
        if ":" in key:
            r, side = key.split(":")
            x0, y0, x1, y1 = self.rooms[r]
            return {"N": ((x0, y0), (x1, y0)), "E": ((x1, y0), (x1, y1)),
                    "S": ((x0, y1), (x1, y1)), "W": ((x0, y0), (x0, y1))}[side]
        a, b = key.split("|")
        ax0, ay0, ax1, ay1 = self.rooms[a]
        bx0, by0, bx1, by1 = self.rooms[b]
        if ax1 == bx0 or bx1 == ax0:
            x = ax1 if ax1 == bx0 else ax0
            return (x, max(ay0, by0)), (x, min(ay1, by1))
        y = ay1 if ay1 == by0 else ay0
        return (max(ax0, bx0), y), (min(ax1, bx1), y)

    def room_at(self, x: float, y: float) -> str | None:
        for r, (x0, y0, x1, y1) in self.rooms.items():
            if x0 <= x < x1 and y0 <= y < y1:
                return r
        return None

    # -- building (I-B1) ---------------------------------------------------------------
    def next_letter(self) -> str | None:
        for ch in LETTERS:
            if ch not in self.rooms:
                return ch
        return None

    def split_problem(self, room: str, axis: str, at: int) -> Msg | None:
        """Why a split is impossible, or None when it is fine."""
        if room not in self.rooms:
            return M("There is no room {room}.", room=room)
        if axis not in ("h", "v"):
            return M("A wall runs horizontally (h) or vertically (v).")
        if self.next_letter() is None:
            return M("The sheet has no letters left for another room.")
        x0, y0, x1, y1 = self.rooms[room]
        lo, hi = (x0, x1) if axis == "v" else (y0, y1)
        if not lo < at < hi:
            # TRANSLATORS: {room} is a room's letter; {lo} and {hi} are grid lines of the sheet
            return M("A wall splitting room {room} must run strictly inside it ({lo} to {hi}).", room=room,
                     lo=lo + 1, hi=hi - 1)
        return None

    def split(self, room: str, axis: str, at: int) -> str:
        """Split a room with a straight wall; the west/north part keeps the letter.

        The new wall is a Single Barrier; the halves inherit the state of the
        parent's walls they still touch.  Returns the new room's letter.
        """
        problem = self.split_problem(room, axis, at)
        if problem:
            raise ValueError(problem)
        new = self.next_letter()
        assert new is not None
        x0, y0, x1, y1 = self.rooms[room]
        if axis == "v":
            self.rooms[room] = (x0, y0, at, y1)
            self.rooms[new] = (at, y0, x1, y1)
        else:
            self.rooms[room] = (x0, y0, x1, at)
            self.rooms[new] = (x0, at, x1, y1)
        old = self.walls
        self._adj = None
        walls: dict[str, str] = {}
        for key in self._geometric_walls():
            if key in old:
                walls[key] = old[key]
                continue
            parts = wall_rooms(key)
            if ":" in key:
                inherited = old.get(ext_key(room, key.split(":")[1]), SINGLE) if parts[0] == new else SINGLE
            else:
                a, b = parts
                other = b if a == new else a
                inherited = SINGLE if other == room else old.get(wall_key(room, other), SINGLE)
            walls[key] = inherited
        self.walls = walls
        return new

    def split_choices(self, room: str) -> list[tuple[str, int]]:
        x0, y0, x1, y1 = self.rooms[room]
        return [("v", x) for x in range(x0 + 1, x1)] + [("h", y) for y in range(y0 + 1, y1)]

    def generate(self, chance: Chance, count: int) -> None:
        """A seeded floor plan: split the biggest rooms near their middle until ``count`` rooms."""
        while len(self.rooms) < count and self.next_letter() is not None:
            sizes = sorted(self.rooms, key=lambda r: (-self.area(r), r))
            pick = [r for r in sizes[:3] if self.split_choices(r)]
            if not pick:
                break
            room = pick[chance.randint(0, len(pick) - 1)]
            x0, y0, x1, y1 = self.rooms[room]
            w, h = x1 - x0, y1 - y0
            axis = "v" if (w > h or (w == h and chance.randint(0, 1))) else "h"
            lo, hi = (x0, x1) if axis == "v" else (y0, y1)
            span = hi - lo
            if span < 2:
                axis = "h" if axis == "v" else "v"
                lo, hi = (x0, x1) if axis == "v" else (y0, y1)
                span = hi - lo
            third = max(1, span // 3)
            at = chance.randint(lo + third, max(lo + third, hi - third))
            at = min(max(at, lo + 1), hi - 1)
            self.split(room, axis, at)

    def area(self, room: str) -> int:
        x0, y0, x1, y1 = self.rooms[room]
        return (x1 - x0) * (y1 - y0)

    # -- the I-X2 order --------------------------------------------------------------
    def clockwise_rooms(self, start: str) -> list[str]:
        """Rooms in Event order: the marker's room, then outward, neighbours N, E, S, W."""
        seen = [start]
        i = 0
        while i < len(seen):
            for other, _ in self.neighbours(seen[i]):
                if other not in seen:
                    seen.append(other)
            i += 1
        for r in sorted(self.rooms):  # rooms cut off by nothing still count
            if r not in seen:
                seen.append(r)
        return seen
