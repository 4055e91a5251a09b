"""Pig, a tiny dice game that proves the engine interface (test-only, never shown to players).

Rules: on your turn roll a D6 as often as you like; a 1 loses the turn total and
passes the turn; Hold banks the total.  First to ``target`` wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.engine import Action, Chance, Event, Game, IllegalAction, Result, Setting, State


@dataclass(frozen=True)
class Roll(Action):
    def notation(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Hold(Action):
    def notation(self) -> str:
        return "hold"


class PigGame(Game):
    name = "pig"
    title = "Pig"
    settings_spec = (Setting("target", "Target score", 20, "int", lo=5, hi=100),)
    action_types = (Roll, Hold)

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self, chance: Chance) -> PigState:
        return PigState(self, chance)


class PigState(State):
    game: PigGame

    def __init__(self, game: PigGame, chance: Chance) -> None:
        super().__init__(game, chance)
        self.scores = [0, 0]
        self.turn_total = 0
        self.player = 0

    def current_player(self) -> int:
        return -1 if self.is_over() else self.player

    def legal_actions(self) -> list[Action]:
        if self.is_over():
            return []
        return [Roll(), Hold()] if self.turn_total else [Roll()]

    def check(self, action: Action) -> None:
        if isinstance(action, Hold) and not self.turn_total:
            raise IllegalAction("P-1", "Roll at least once before you hold.")
        if not isinstance(action, (Roll, Hold)):
            raise IllegalAction("P-0", "Pig only knows roll and hold.")

    def _apply(self, action: Action) -> list[Event]:
        if isinstance(action, Roll):
            face = self.chance.die()
            if face == 1:
                self.turn_total = 0
                self.player = 1 - self.player
                return [Event("roll", "rolled 1: turn lost", {"face": 1})]
            self.turn_total += face
            return [Event("roll", f"rolled {face}", {"face": face})]
        self.scores[self.player] += self.turn_total
        self.turn_total = 0
        if not self.is_over():
            self.player = 1 - self.player
        return [Event("hold", f"banked, score {self.scores}")]

    def is_over(self) -> bool:
        return max(self.scores) >= self.game.settings["target"]

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        w = 0 if self.scores[0] >= self.game.settings["target"] else 1
        return Result((w,), f"Player {w + 1} wins {self.scores[w]} to {self.scores[1 - w]}.", tuple(map(float, self.scores)))

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "turn_total": self.turn_total, "player": self.player,
                "chance": self.chance.to_json()}

    @classmethod
    def from_json(cls, game: Game, data: Mapping[str, Any]) -> PigState:
        assert isinstance(game, PigGame)
        s = cls(game, Chance.from_json(data["chance"]))
        s.scores = list(data["scores"])
        s.turn_total = int(data["turn_total"])
        s.player = int(data["player"])
        return s


class HoldAtTen:
    """A sensible Pig player: roll until the turn total reaches ten, then hold."""

    name = "ai"

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game

    def choose(self, state: State) -> Action:
        assert isinstance(state, PigState)
        return Hold() if state.turn_total >= 10 else Roll()


def pig_ruleset() -> Any:
    from game.registry import Ruleset
    return Ruleset(name="pig", title="Pig", pitch="Test-only dice game.", game_cls=PigGame,
                   view="tests.toy_view:PigView", players=(2, 2), agents={"ai": HoldAtTen})
