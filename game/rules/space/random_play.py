"""Random legal actions (the engine's ``random_action``) and random legal piece spots.

Part of the rules' interface, not a computer player: the state uses it for
``random_action``; the pilot in ``ai.py`` borrows ``hangar_spot``.  It reads the state
through a protocol and never imports ``state.py``.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

from shapely.geometry import LineString, Point

from ...engine import Action, Chance, IllegalAction
from .actions import AnswerDraw, CallDraw, DrawAsteroid, FieldDone, Flick, Heading, Pass, PlaceDoor, PlacePiece
from .evaluate import Piece, backwards
from .fields import blob
from .geometry import IN


class SpaceState(Protocol):
    """What random play reads of a Pencil Space Combat state.  A protocol, so that this module
    never imports ``state.py`` (which imports it for ``random_action``): no import circle."""

    @property
    def game(self) -> Any: ...
    @property
    def phase(self) -> str: ...
    @property
    def seat(self) -> int: ...
    @property
    def pending(self) -> int | None: ...
    @property
    def pieces(self) -> list[Piece]: ...
    def piece(self, pid: int) -> Piece | None: ...
    def check(self, action: Action) -> None: ...
    def can_call_draw(self) -> bool: ...
    def ahead(self, seat: int) -> bool: ...


def random_intention(state: SpaceState, rng: Chance) -> Action:
    """A random legal action: in play a flick of a random piece, random direction and strength (a move
    never backwards, S-M1 rev 4); a draw proposal is answered as every computer player does (S-V4)."""
    g = state.game
    seat = state.seat
    if state.phase == "door":
        h = g.hangars[seat]
        return PlaceDoor(round(rng.uniform(IN / 2, h.wall_length - IN / 2), 2))
    if state.phase == "field":
        if rng.random() < 0.4:
            for _ in range(20):
                x, y = rng.uniform(10, g.width - 10), rng.uniform(IN + 12, g.height - IN - 12)
                poly = blob(x, y, rng.uniform(4, 14), rng)
                rock = DrawAsteroid(tuple((round(px, 2), round(py, 2)) for px, py in poly.exterior.coords[:-1]))
                try:
                    state.check(rock)
                    return rock
                except IllegalAction:
                    continue
        return FieldDone()
    if state.phase == "ships":
        turret = bool(g.settings["turrets"]) and rng.random() < 0.25
        spot = hangar_spot(state, seat, rng, turret) or hangar_spot(state, seat, rng, False)
        if spot is None:
            raise RuntimeError("no room left in the hangar")
        return spot
    if state.phase == "heading":
        p = state.piece(state.pending) if state.pending is not None else None
        assert p is not None
        for _ in range(6):
            turn = Heading(round(rng.uniform(0, 360), 1))
            try:
                state.check(turn)
                return turn
            except IllegalAction:
                continue
        return Heading(round(math.degrees(p.heading), 6))
    if state.phase == "draw":
        return AnswerDraw(not state.ahead(seat))  # S-V4 (rev 4): accept unless ahead on ships
    if state.can_call_draw() and rng.random() < 0.1:
        return CallDraw()
    if g.settings["passing"] and rng.random() < 0.05:
        return Pass()
    mine = [p for p in state.pieces if p.owner == seat]
    p = rng.choice(mine)
    mode = "shot" if p.kind == "turret" or rng.random() < 0.5 else "move"
    pencil = rng.choice(list(g.pencils()))
    stopper = None
    if g.settings["stopper"] and rng.random() < 0.2:
        x, y = rng.uniform(0, g.width), rng.uniform(0, g.height)
        a = rng.uniform(0, math.pi)
        stopper = (round(x, 2), round(y, 2), round(x + 40 * math.cos(a), 2), round(y + 40 * math.sin(a), 2))
    angle = round(rng.uniform(0, 360), 2)
    while mode == "move" and backwards(p, math.radians(angle)):  # S-M1 (rev 4): refused, draw another
        angle = round(rng.uniform(0, 360), 2)
    return Flick(p.id, mode, angle, round(rng.uniform(0.02, 1.0), 3), pencil, stopper)


def hangar_spot(state: SpaceState, seat: int, rng: Chance, turret: bool = False) -> PlacePiece | None:
    """A random legal spot for a piece (used by random play and the computer pilot)."""
    h = state.game.hangars[seat]
    minx, miny, maxx, maxy = h.region.bounds
    wall = LineString([h.wall_a, h.wall_b])
    area = h.region if not turret else wall.buffer(IN * 0.9).difference(h.region.buffer(0.5))
    minx, miny, maxx, maxy = area.bounds
    inward = {"bottom": 90.0, "top": 270.0, "left": 0.0, "right": 180.0}[h.side]
    for _ in range(200):
        x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
        if not area.contains(Point(x, y)):
            continue
        act = PlacePiece(round(x, 2), round(y, 2), inward if not turret else round(rng.uniform(0, 360), 1), turret)
        try:
            state.check(act)
        except IllegalAction:
            continue
        return act
    return None
