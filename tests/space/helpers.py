"""Build Pencil Space Combat positions directly, with flick noise pinned off."""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import Polygon, box

from game.rules.space.evaluate import Piece
from game.rules.space.state import SpaceGame, SpaceState

W, H = 215.9, 279.4  # Letter, mm


def play_state(pieces: list[tuple[int, str, float, float, float]], asteroids: list[Polygon] | None = None,
               seat: int = 0, doors: tuple[float, ...] = (108.0, 108.0), noise: bool = False,
               **settings: Any) -> SpaceState:
    """A game in the play phase: pieces are (owner, kind, x, y, heading in degrees)."""
    settings.setdefault("field", "none")
    game = SpaceGame(settings)
    s = game.new_state(1, {"noise": noise})
    s.doors = list(doors) + [game.hangars[k].wall_length / 2 for k in range(len(doors), game.num_players)]
    s._walls = None
    s.pieces = [Piece(i, o, k, x, y, math.radians(h)) for i, (o, k, x, y, h) in enumerate(pieces)]
    s.next_id = len(pieces)
    s.placed = [3] * game.num_players
    s.asteroids = list(asteroids or [])
    s.phase = "play"
    s.seat = seat
    return s


def square(cx: float, cy: float, r: float) -> Polygon:
    return box(cx - r, cy - r, cx + r, cy + r)


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def flick_event(events: list[Any]) -> Any:
    return next(e for e in events if e.kind == "flick")
