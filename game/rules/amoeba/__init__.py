"""Amoeba Strategy: draw a map together, place troops under the uniqueness rule, attack and move."""

from __future__ import annotations

from ...msg import M, Mp
from ...registry import Ruleset
from .ai import bench_extra, make_ai, make_greedy
from .encircle import make_encircle
from .geometry import AmoebaMap, load_map, save_map
from .hard import make_hard
from .state import AmoebaGame, AmoebaState

RULESET = Ruleset(
    name="amoeba",
    title=M("Amoeba Strategy"),
    pitch=M("Draw a map of blob countries, place troops so no count repeats, then wipe out your neighbours."),
    game_cls=AmoebaGame,
    view="game.ui.views.amoeba:AmoebaView",
    agents={"ai": make_ai, "greedy": make_greedy, "hard": make_hard, "encircle": make_encircle},
    unoffered=("encircle",),
    players=(2, 6),
    rules_doc="docs/rules/amoeba.md",
    bench_level={"players": 3, "map": "level", "level": "three_twenty"},
    bench_extra=bench_extra,
    editor="game.ui.views.amoeba_editor:AmoebaEditor",
    editor_label=Mp("button", "Draw a map"),
)

__all__ = ["RULESET", "AmoebaGame", "AmoebaState", "AmoebaMap", "load_map", "save_map", "bench_extra"]
