"""A Paper Tigers unit on its base, with its transport links (T-R1)."""

from __future__ import annotations

from typing import Any

from shapely.geometry import Polygon

from .geometry import KINDS, XY, base_polygon, front_point


class Unit:
    """A unit on its base.  ``carrier``/``passenger`` link transport (T-R1), -1 if none."""

    __slots__ = ("id", "side", "kind", "name", "x", "y", "heading", "damaged", "destroyed", "wreck",
                 "carrier", "passenger", "placed")

    def __init__(self, uid: int, side: int, kind: str, name: str, x: float = 0.0, y: float = 0.0,
                 heading: float = 0.0, placed: bool = False) -> None:
        self.id = uid
        self.side = side
        self.kind = kind
        self.name = name
        self.x = x
        self.y = y
        self.heading = heading
        self.damaged = False
        self.destroyed = False
        self.wreck = False
        self.carrier = -1
        self.passenger = -1
        self.placed = placed

    @property
    def alive(self) -> bool:
        return not self.destroyed

    @property
    def spec(self) -> Any:
        return KINDS[self.kind]

    def front(self) -> XY:
        return front_point(self.x, self.y, self.heading, self.kind)

    def polygon(self) -> Polygon:
        return base_polygon(self.x, self.y, self.heading, self.kind)

    def to_json(self) -> list[Any]:
        return [self.id, self.side, self.kind, self.name, self.x, self.y, self.heading, self.damaged,
                self.destroyed, self.wreck, self.carrier, self.passenger, self.placed]

    @classmethod
    def from_json(cls, d: list[Any]) -> Unit:
        u = cls(int(d[0]), int(d[1]), str(d[2]), str(d[3]), float(d[4]), float(d[5]), float(d[6]), bool(d[12]))
        u.damaged, u.destroyed, u.wreck = bool(d[7]), bool(d[8]), bool(d[9])
        u.carrier, u.passenger = int(d[10]), int(d[11])
        return u

    def copy(self) -> Unit:
        u = Unit.__new__(Unit)
        for s in Unit.__slots__:
            setattr(u, s, getattr(self, s))
        return u

