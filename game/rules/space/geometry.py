"""Paper, hangars, walls and ship bodies of Pencil Space Combat, in millimetres.

Origin at the bottom-left corner of the paper, y grows towards the far player
(seat 1).  Everything the rules decide is decided with shapely geometry here,
never with screen pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import LineString, Point, Polygon, box

from ...msg import M, Msg

IN = 25.4  #: one inch in mm (the original rules are written in inches)
PAPERS: dict[str, tuple[float, float]] = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}  # S-U1
HANGAR_DEPTH = IN  # S-U2
DOOR_WIDTH = IN  # S-U3
SHIP_BASE = IN / 8  # S-U4
SHIP_LENGTH = IN / 4  # S-U4
TURRET_RADIUS = IN / 10  # S-V8: a small round emplacement
SIDE_HANGAR_LENGTH = 4 * IN  # S-V7: the extra hangars on the long sides
BLAST_RADIUS = IN  # S-V6
TUNNEL_WIDTH = IN / 2  # S-S4
CRUMB_AREA = 6.0  #: asteroid pieces smaller than this (mm^2, about half a ship) are swept away
SIDES = ("bottom", "top", "left", "right")  #: seat -> side of the paper


def cm(mm: float, inches: int | None = None) -> Msg:
    """One unit system on screen: centimetres, with the whole inches the rules speak of in brackets."""
    if inches is None:
        # TRANSLATORS: a distance in centimetres ("2.5 cm")
        return M("{d:.1f} cm", d=mm / 10)
    # TRANSLATORS: a distance in centimetres, then in the inches the original rules use ("2.5 cm (1 in)")
    return M("{d:.1f} cm ({inches} in)", d=mm / 10, inches=int(inches))


def unit(angle: float) -> tuple[float, float]:
    return math.cos(angle), math.sin(angle)


def ship_polygon(x: float, y: float, heading: float) -> Polygon:
    """The 1/8" x 1/4" isosceles ship with its nose (the acute tip) at (x, y)."""
    dx, dy = unit(heading)
    bx, by = x - dx * SHIP_LENGTH, y - dy * SHIP_LENGTH
    px, py = -dy * SHIP_BASE / 2, dx * SHIP_BASE / 2
    return Polygon([(x, y), (bx + px, by + py), (bx - px, by - py)])


def turret_polygon(x: float, y: float) -> Polygon:
    return Point(x, y).buffer(TURRET_RADIUS, quad_segs=4)


def piece_polygon(kind: str, x: float, y: float, heading: float) -> Polygon:
    return turret_polygon(x, y) if kind == "turret" else ship_polygon(x, y, heading)


def flick_origin(kind: str, x: float, y: float, angle: float) -> tuple[float, float]:
    """Where the pencil tip sits: a ship's nose (S-T2), a turret's rim in the firing direction."""
    if kind == "turret":
        dx, dy = unit(angle)
        return x + dx * (TURRET_RADIUS + 0.05), y + dy * (TURRET_RADIUS + 0.05)
    return x, y


@dataclass(frozen=True)
class Hangar:
    """One player's hangar: the band at their edge and the wall (with a door) closing it."""

    seat: int
    side: str
    region: Polygon
    wall_a: tuple[float, float]
    wall_b: tuple[float, float]
    caps: tuple[tuple[tuple[float, float], tuple[float, float]], ...] = ()

    @property
    def wall_length(self) -> float:
        return math.dist(self.wall_a, self.wall_b)

    def door_ok(self, door: float) -> bool:
        """The 1" door must lie wholly on the wall (S-U3)."""
        return DOOR_WIDTH / 2 - 1e-9 <= door <= self.wall_length - DOOR_WIDTH / 2 + 1e-9

    def wall_point(self, t: float) -> tuple[float, float]:
        (ax, ay), (bx, by) = self.wall_a, self.wall_b
        f = t / self.wall_length
        return ax + (bx - ax) * f, ay + (by - ay) * f

    def wall_segments(self, door: float | None) -> list[LineString]:
        """The wall split by its door (no door yet: the whole wall), plus any end caps."""
        segs: list[LineString] = []
        if door is None:
            segs.append(LineString([self.wall_a, self.wall_b]))
        else:
            lo, hi = door - DOOR_WIDTH / 2, door + DOOR_WIDTH / 2
            if lo > 1e-9:
                segs.append(LineString([self.wall_a, self.wall_point(lo)]))
            if hi < self.wall_length - 1e-9:
                segs.append(LineString([self.wall_point(hi), self.wall_b]))
        segs.extend(LineString(c) for c in self.caps)
        return segs

    def door_segment(self, door: float) -> tuple[tuple[float, float], tuple[float, float]]:
        return self.wall_point(door - DOOR_WIDTH / 2), self.wall_point(door + DOOR_WIDTH / 2)


def make_hangars(width: float, height: float, players: int) -> list[Hangar]:
    """Two hangars at the short edges (S-U2); a third and fourth on the long sides (S-V7)."""
    # Each wall runs from wall_a, the left end as that hangar's player sits facing the paper, so a
    # door "30 mm along the wall" is 30 mm from that player's left (S-U3).
    d = HANGAR_DEPTH
    out = [
        Hangar(0, "bottom", box(0, 0, width, d), (0, d), (width, d)),
        Hangar(1, "top", box(0, height - d, width, height), (width, height - d), (0, height - d)),
    ]
    y0, y1 = height / 2 - SIDE_HANGAR_LENGTH / 2, height / 2 + SIDE_HANGAR_LENGTH / 2
    if players >= 3:
        out.append(Hangar(2, "left", box(0, y0, d, y1), (d, y1), (d, y0), (((0, y0), (d, y0)), ((0, y1), (d, y1)))))
    if players >= 4:
        out.append(Hangar(3, "right", box(width - d, y0, width, y1), (width - d, y0), (width - d, y1),
                          (((width, y0), (width - d, y0)), ((width, y1), (width - d, y1)))))
    return out


@dataclass(frozen=True)
class Sheet:
    """The paper with its hangars: what stays fixed once the doors are drawn."""

    width: float
    height: float
    hangars: tuple[Hangar, ...]
    doors: tuple[float | None, ...]
    cylinder: bool = False

    @property
    def paper(self) -> Polygon:
        return box(0, 0, self.width, self.height)

    def walls(self) -> list[LineString]:
        """Every hangar wall segment, doors left open (S-U2, S-U3)."""
        segs: list[LineString] = []
        for h in self.hangars:
            segs.extend(h.wall_segments(self.doors[h.seat]))
        return segs

    def blocked_spans(self) -> list[tuple[float, float]]:
        """Heights where a long edge belongs to a hangar, so nothing wraps there (S-V5)."""
        spans = [(0.0, HANGAR_DEPTH), (self.height - HANGAR_DEPTH, self.height)]
        for h in self.hangars[2:]:
            ys = [p[1] for p in h.region.exterior.coords]
            spans.append((min(ys), max(ys)))
        return spans

    def edge_blocked(self, y: float) -> bool:
        return any(lo - 1e-9 <= y <= hi + 1e-9 for lo, hi in self.blocked_spans())

    def space(self) -> Polygon:
        """The paper outside every hangar: where asteroids and turrets go."""
        geom = self.paper
        for h in self.hangars:
            geom = geom.difference(h.region)
        return geom
