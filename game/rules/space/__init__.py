"""Pencil Space Combat: flick a pencil from your ship's nose to move or shoot (RULES.md section S)."""

from __future__ import annotations

import math
import time
from typing import Any

from ...engine import Chance
from ...registry import Ruleset
from .agents import SpacePilot
from .evaluate import Piece, evaluate_shot
from .fields import bench_field
from .flick import resolve_flick
from .state import SpaceGame, SpaceState


def bench_extra() -> dict[str, Any]:
    """Flick resolution time (physics + evaluation, ms) with 10, 100 and 1000 asteroids."""
    out: dict[str, Any] = {}
    game = SpaceGame({"field": "none"})
    for count in (10, 100, 1000):
        state = game.new_state(1)
        assert isinstance(state, SpaceState)
        state.doors = [100.0, 100.0]
        state.asteroids = bench_field(state.sheet(), Chance(count), count)
        world = state.world()
        shooter = Piece(0, 0, "ship", 100.0, 20.0, math.pi / 2)
        world.pieces = [shooter]
        chance = Chance(5)
        times = []
        for k in range(60):
            t0 = time.perf_counter()
            trace = resolve_flick((100.0, 20.0), math.radians(60 + k), 0.9, "hb", chance)
            evaluate_shot(world, shooter, trace)
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        out[f"flick_ms_{count}"] = round(times[len(times) // 2], 3)
        out[f"asteroids_{count}"] = len(state.asteroids)
    return out


RULESET = Ruleset(
    name="space",
    title="Pencil Space Combat",
    pitch="Flick a pencil from your ship's nose: move through asteroids or shoot the enemy fleet.",
    game_cls=SpaceGame,
    view="game.ui.views.space:SpaceView",
    agents={
        "ai": lambda game, seed: SpacePilot(game, seed),
        "ace": lambda game, seed: SpacePilot(game, seed, level="ace"),
        "cadet": lambda game, seed: SpacePilot(game, seed, level="cadet"),
    },
    players=(2, 4),
    rules_doc="docs/rules/space.md",
    bench_level={"field": "dense", "blasts": True},
    bench_extra=bench_extra,
    editor="game.ui.views.space_editor:SpaceFieldEditor",
    editor_label="Draw a field",
)

__all__ = ["RULESET", "SpaceGame", "SpaceState"]
