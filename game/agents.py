"""Computer players, written once against the engine interface.

An agent gets its own seeded generator (never the global ``random``) and a time
budget, and only ever sees the engine interface of the state it is given.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .engine import Action, Chance, Game, State


class Agent:
    """Base computer player: ``choose`` returns one legal action for the seat to move."""

    name = "agent"

    def __init__(self, game: Game, seed: int = 0, budget_s: float = 0.5) -> None:
        self.game = game
        self.rng = Chance(seed)
        self.budget_s = budget_s

    def choose(self, state: State) -> Action:
        raise NotImplementedError

    def deadline(self) -> float:
        return time.perf_counter() + self.budget_s


class RandomAgent(Agent):
    """Plays a uniformly random legal action (the baseline every AI must beat)."""

    name = "random"

    def choose(self, state: State) -> Action:
        return state.random_action(self.rng)


AgentFactory = Callable[[Game, int], Agent]
