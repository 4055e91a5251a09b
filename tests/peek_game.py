"""Peek, a tiny card game with a secret whose rules forget to say when they show it (test-only).

Each seat is dealt one card, 1 to 9, seen by its owner only.  On your turn you may Pass
(nothing happens, the turn stays yours), Show your card (it is turned face up for everybody:
the rules here send no ``reveals`` event, as a ruleset that forgot it would) or End your
turn.  After four Ends the higher card wins.  It proves that undo never steps back over what
a seat has seen, whatever the rules' events say: the session compares the views.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.engine import Action, Chance, Event, Game, IllegalAction, Result, State

HIDDEN = "?"


@dataclass(frozen=True)
class Pass(Action):
    def notation(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Show(Action):
    def notation(self) -> str:
        return "show"


@dataclass(frozen=True)
class End(Action):
    def notation(self) -> str:
        return "end"


class PeekGame(Game):
    name = "peek"
    title = "Peek"
    action_types = (Pass, Show, End)

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self, chance: Chance) -> PeekState:
        return PeekState(self, chance)


class PeekState(State):
    game: PeekGame

    def __init__(self, game: PeekGame, chance: Chance) -> None:
        super().__init__(game, chance)
        self.cards = [chance.randint(1, 9), chance.randint(1, 9)]
        self.up = [False, False]
        self.player = 0
        self.ends = 0

    def current_player(self) -> int:
        return -1 if self.is_over() else self.player

    def legal_actions(self) -> list[Action]:
        if self.is_over():
            return []
        return [Pass(), End()] + ([] if self.up[self.player] else [Show()])

    def check(self, action: Action) -> None:
        if isinstance(action, Show) and self.up[self.player]:
            raise IllegalAction("PEEK", "Your card is face up already.")

    def _apply(self, action: Action) -> list[Event]:
        me = self.player
        if isinstance(action, Show):
            self.up[me] = True
            return [Event("show", f"Player {me + 1} shows a {self.cards[me]}.")]  # no reveals: forgotten
        if isinstance(action, End):
            self.ends += 1
            self.player = 1 - me
            return [Event("end", f"Player {me + 1} ends the turn.")]
        return [Event("pass", f"Player {me + 1} passes.")]

    def is_over(self) -> bool:
        return self.ends >= 4

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        a, b = self.cards
        if a == b:
            return Result((), "A draw.")
        w = 0 if a > b else 1
        return Result((w,), f"Player {w + 1} wins.")

    def view(self, seat: int | None) -> dict[str, Any]:
        data = self.to_json()
        data["chance"] = None
        data["cards"] = [c if self.up[i] or i == seat else HIDDEN for i, c in enumerate(self.cards)]
        return data

    @classmethod
    def from_view(cls, game: Game, view: Mapping[str, Any], seed: int) -> PeekState:
        rng = Chance(seed ^ 0x5EED)
        data = dict(view)
        data["cards"] = [rng.randint(1, 9) if c == HIDDEN else c for c in data["cards"]]
        data["chance"] = Chance(seed).to_json()
        return cls.from_json(game, data)

    def to_json(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "up": list(self.up), "player": self.player, "ends": self.ends,
                "chance": self.chance.to_json()}

    @classmethod
    def from_json(cls, game: Game, data: Mapping[str, Any]) -> PeekState:
        s = cls.__new__(cls)
        State.__init__(s, game, Chance.from_json(data["chance"]))
        s.cards = [int(c) for c in data["cards"]]
        s.up = [bool(u) for u in data["up"]]
        s.player = int(data["player"])
        s.ends = int(data["ends"])
        return s


def peek_ruleset() -> Any:
    from game.registry import Ruleset

    return Ruleset(name="peek", title="Peek", pitch="Test-only card game with a secret.", game_cls=PeekGame,
                   view="tests.toy_view:PigView", players=(2, 2))
