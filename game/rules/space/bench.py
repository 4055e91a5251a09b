"""Pencil Space Combat's own bench figures: flick resolution against the number of asteroids, the slide,
a tunnelling shot, and the pilot's decisions in play (``python -m game bench --game space``)."""

from __future__ import annotations

import math
import time
from typing import Any

from ...engine import Chance
from .actions import Flick
from .ai import SpacePilot
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
    out.update(_trace_and_tunnel_ms())
    out.update(_pilot_play_ms())
    return out


def _median(values: list[float]) -> float:
    values = sorted(values)
    return round(values[len(values) // 2], 3)


def _trace_and_tunnel_ms() -> dict[str, float]:
    """The pymunk slide alone, and a whole shot through solid rock (tunnel cut, state updated)."""
    chance = Chance(9)
    slide = []
    for k in range(40):
        t0 = time.perf_counter()
        resolve_flick((100.0, 30.0), math.radians(45 + 2 * k), 0.9, "hb", chance)
        slide.append((time.perf_counter() - t0) * 1000)
    game = SpaceGame({"field": "solid", "doors": "centred"})
    base = game.new_state(2)
    assert isinstance(base, SpaceState)
    base.pieces = [Piece(0, 0, "ship", 108.0, 20.0, math.pi / 2), Piece(1, 1, "ship", 60.0, 262.0, -math.pi / 2)]
    base.phase, base.seat, base.placed = "play", 0, [3, 3]
    cut = []
    for k in range(20):
        trial = base.clone()
        t0 = time.perf_counter()
        trial.apply(Flick(0, "shot", 80.0 + k, 0.8))
        cut.append((time.perf_counter() - t0) * 1000)
    return {"trace_ms": _median(slide), "tunnel_shot_ms": _median(cut)}


def _pilot_play_ms(decisions: int = 16) -> dict[str, float]:
    """The computer pilot's decisions in play (not setup) on the dense field, pilot against pilot."""
    game = SpaceGame({"field": "dense"})
    state = game.new_state(4)
    assert isinstance(state, SpaceState)
    pilots = [SpacePilot(game, 1), SpacePilot(game, 2)]
    times: list[float] = []
    while len(times) < decisions and not state.is_over():
        pilot = pilots[state.current_player()]
        t0 = time.perf_counter()
        action = pilot.choose(state.clone())
        if state.phase == "play":
            times.append((time.perf_counter() - t0) * 1000)
        state.apply(action)
    return {"pilot_play_ms_median": _median(times) if times else 0.0,
            "pilot_play_ms_max": round(max(times, default=0.0), 3), "pilot_play_decisions": float(len(times))}
