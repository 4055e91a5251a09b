"""Paper Tigers (RULES.md section T): WWII miniatures on a centimetre table,
playing cards for orders and initiative, D6 for fate."""

from __future__ import annotations

from ...msg import M, Mp
from ...registry import Ruleset
from .ai import make_ai, make_greedy
from .bench import los_bench
from .hard import make_hard
from .state import TigersGame

__all__ = ["RULESET"]

RULESET = Ruleset(
    name="tigers",
    title=M("Paper Tigers"),
    pitch=M("WWII skirmish on a centimetre table: playing cards give orders, dice decide."),
    game_cls=TigersGame,
    view="game.ui.views.tigers:TigersView",
    agents={"ai": make_ai, "greedy": make_greedy, "hard": make_hard},
    players=(2, 2),
    rules_doc="docs/rules/tigers.md",
    bench_level={"level": "village_fight"},
    bench_extra=los_bench,
    editor="game.ui.views.tigers_campaign:TigersCampaignScene",
    editor_label=Mp("button", "Campaign"),
)
