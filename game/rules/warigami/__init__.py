"""Warigami Tactics (RULES.md section W): origami squads on a grid, D6 odds you can read."""

from __future__ import annotations

from typing import Any

from ...msg import N_
from ...registry import Ruleset
from .ai import ExpectimaxAgent, GreedyAgent, bench_extra
from .hard import make_hard
from .sniperline import make_sniper_line
from .state import WarigamiGame

__all__ = ["RULESET"]


def _ai(game: Any, seed: int) -> ExpectimaxAgent:
    return ExpectimaxAgent(game, seed)


def _greedy(game: Any, seed: int) -> GreedyAgent:
    return GreedyAgent(game, seed)


RULESET = Ruleset(
    name="warigami",
    title=N_("Warigami Tactics"),
    pitch=N_("Origami squads on a grid: read the D6 odds, then roll."),
    game_cls=WarigamiGame,
    view="game.ui.views.warigami:WarigamiView",
    agents={"ai": _ai, "greedy": _greedy, "hard": make_hard, "sniper-line": make_sniper_line},
    unoffered=("sniper-line",),
    players=(2, 4),
    rules_doc="docs/rules/warigami.md",
    bench_level={"level": "huge", "units": 30},
    bench_extra=bench_extra,
    editor="game.ui.views.warigami_editor:WarigamiEditor",
    editor_label=N_("Map editor"),
)
