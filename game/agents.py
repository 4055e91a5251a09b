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
    #: A fixed search effort in place of the clock (what is counted is the agent's own: playouts,
    #: tree nodes, tryouts; its docstring says): with it, the same seed plays the same game on a
    #: fast machine and on a loaded one (``selfplay --iterations``, ``bench --iterations``).
    #: None: the agent thinks until its time budget runs out, as in the app.
    iterations: int | None = None

    def __init__(self, game: Game, seed: int = 0, budget_s: float = 0.5) -> None:
        self.game = game
        self.rng = Chance(seed)
        self.budget_s = budget_s

    def choose(self, state: State) -> Action:
        raise NotImplementedError

    def deadline(self) -> float:
        return time.perf_counter() + self.budget_s

    def spent(self, deadline: float, done: int) -> bool:
        """Is the search over: ``done`` iterations of a fixed effort, else the clock past ``deadline``."""
        if self.iterations is not None:
            return done >= self.iterations
        return time.perf_counter() > deadline


class RandomAgent(Agent):
    """Plays a uniformly random legal action (the baseline every AI must beat)."""

    name = "random"

    def choose(self, state: State) -> Action:
        return state.random_action(self.rng)


AgentFactory = Callable[[Game, int], Agent]
