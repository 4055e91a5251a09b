"""Build Warigami positions directly (tests only): a map from text rows, units where we want them."""

from __future__ import annotations

from pathlib import Path

from game.engine import Chance
from game.paths import user_levels_dir
from game.rules.warigami.board import board_from_json, save_board
from game.rules.warigami.state import MOVE, Unit, WarigamiGame, WarigamiState


def make_map(tmp_path: Path, rows: list[str], name: str = "testmap") -> str:
    """Save the map among the player's levels (a level is a name, never a path) and return its name."""
    folder = user_levels_dir("warigami")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    save_board(board_from_json({"name": name, "rows": rows}, path.name), path)
    return name


def battle(tmp_path: Path, units: list[tuple[int, str, int, int]], rows: list[str] | None = None,
           faces: tuple[int, ...] = (), **settings: object) -> WarigamiState:
    """A battle already under way, seat 0 to move with a fresh pool.  ``units``: (owner, kind, x, y)."""
    rows = rows or ["1" + "." * 8 + "2"] + ["." * 10] * 9
    level = make_map(tmp_path, rows)
    game = WarigamiGame({"level": level, "units": 1, **settings})
    s = WarigamiState(game, Chance(1, faces=faces))
    for i, (owner, kind, x, y) in enumerate(units, start=1):
        u = Unit(i, owner, kind, x, y)
        s.units[i] = u
        s.at[(x, y)] = i
    s.next_id = len(units) + 1
    s.round = 1
    s.phase = MOVE
    s.player = 0
    s._start_turn()
    return s
