"""Paper Invasion (RULES.md section I): a word becomes the dice, rooms and barriers, heroes against the horde."""

from __future__ import annotations

from ...msg import N_, M
from ...registry import Ruleset
from .ai import make_ai, make_hard
from .state import InvasionGame, InvasionState

RULESET = Ruleset(
    name="invasion",
    title=N_("Paper Invasion"),
    pitch=M("A word becomes the dice: seal the rooms, loot the Vault, outlast the horde."),
    game_cls=InvasionGame,
    view="game.ui.views.invasion:InvasionView",
    agents={"ai": make_ai, "hard": make_hard},
    players=(1, 5),
    rules_doc="docs/rules/invasion.md",
    bench_level={"players": 1},
)

__all__ = ["RULESET", "InvasionGame", "InvasionState"]
