"""Amoeba Strategy: draw a map together, place troops under the uniqueness rule, attack and move."""

from __future__ import annotations

import time
from typing import Any

from ...engine import Chance
from ...registry import Ruleset
from .ai import make_ai, make_greedy
from .geometry import AmoebaMap, load_map, save_map
from .rules import AmoebaGame, AmoebaState


def bench_extra() -> dict[str, Any]:
    """Full random games per second on the 20-country map for three players."""
    game = AmoebaGame({"players": 3, "map": "level", "level": "three_twenty"})
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < 2.0:
        state = game.new_state(games)
        rng = Chance(10_000 + games)
        while not state.is_over():
            state.apply(state.random_action(rng))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"random_games_per_s_20c_3p": round(games / elapsed, 2),
            "random_actions_per_s_20c_3p": round(actions / elapsed, 1)}


RULESET = Ruleset(
    name="amoeba",
    title="Amoeba Strategy",
    pitch="Draw a map of blob countries, place troops so no count repeats, then wipe out your neighbours.",
    game_cls=AmoebaGame,
    view="game.ui.views.amoeba:AmoebaView",
    agents={"ai": make_ai, "greedy": make_greedy},
    players=(2, 6),
    rules_doc="docs/rules/amoeba.md",
    bench_level={"players": 3, "map": "level", "level": "three_twenty"},
    bench_extra=bench_extra,
    editor="game.ui.views.amoeba_editor:AmoebaEditor",
    editor_label="Draw a map",
)

__all__ = ["RULESET", "AmoebaGame", "AmoebaState", "AmoebaMap", "load_map", "save_map", "bench_extra"]
