"""Small hand-made maps and positions for the Amoeba rules tests."""

from __future__ import annotations

from typing import Any

from shapely.geometry import box

from game.engine import Chance
from game.rules.amoeba.geometry import AmoebaMap
from game.rules.amoeba.state import AmoebaGame, AmoebaState


def grid_map(cols: int, rows: int, size: float = 30.0) -> AmoebaMap:
    """Square countries in a grid, numbered row by row; diagonal squares touch only at a point."""
    polys = []
    for r in range(rows):
        for c in range(cols):
            polys.append(box(10 + c * size, 10 + r * size, 10 + (c + 1) * size, 10 + (r + 1) * size))
    return AmoebaMap.from_polygons(polys)


def position(amap: AmoebaMap, owner: list[int], troops: list[int], players: int = 2,
             order: list[int] | None = None, to_move: int | None = None, **settings: Any) -> AmoebaState:
    """A movement-phase position on ``amap`` (order = seats unless given)."""
    game = AmoebaGame({"players": players, **settings})
    s = AmoebaState(game, Chance(1), amap)
    s.owner = list(owner)
    s.troops = list(troops)
    s.remaining = [0] * players
    s.phase = "move"
    s.order = list(order if order is not None else range(players))
    s.runout = list(s.order)
    s.turn_idx = s.order.index(to_move) if to_move is not None else 0
    s.player = s.order[s.turn_idx]
    s.seen = {s.position_key()}
    return s


def placement(amap: AmoebaMap, players: int = 2, first: int = 0, **settings: Any) -> AmoebaState:
    """A fresh placement phase on ``amap``; the lot (A-P10) is pinned so ``first`` places first."""
    game = AmoebaGame({"players": players, **settings})
    s = AmoebaState(game, Chance(1, faces=[first + 1]), amap)
    s._start_placement()
    return s
