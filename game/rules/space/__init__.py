"""Pencil Space Combat: flick a pencil from your ship's nose to move or shoot (RULES.md section S)."""

from __future__ import annotations

from ...msg import N_
from ...registry import Ruleset
from .ai import SpacePilot
from .bench import bench_extra
from .hard import SpaceHard
from .state import SpaceGame, SpaceState
from .turtle import SpaceTurtle

RULESET = Ruleset(
    name="space",
    title=N_("Pencil Space Combat"),
    pitch=N_("Flick a pencil from your ship's nose: move through asteroids or shoot the enemy fleet."),
    game_cls=SpaceGame,
    view="game.ui.views.space:SpaceView",
    agents={
        "ai": lambda game, seed: SpacePilot(game, seed),
        "cadet": lambda game, seed: SpacePilot(game, seed, level="cadet"),
        "hard": lambda game, seed: SpaceHard(game, seed),
        "turtle": lambda game, seed: SpaceTurtle(game, seed),
    },
    unoffered=("turtle",),
    players=(2, 4),
    rules_doc="docs/rules/space.md",
    bench_level={"field": "dense", "blasts": True},
    bench_extra=bench_extra,
    editor="game.ui.views.space_editor:SpaceFieldEditor",
    editor_label=N_("Draw a field"),
)

__all__ = ["RULESET", "SpaceGame", "SpaceState"]
