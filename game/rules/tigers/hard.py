"""The Paper Tigers Hard commander: the ``ai`` commander's determinized search, never
wasting a high card.

It never reads a face-down card (T-T2).  Every card assignment (T-T3) and every move
(T-A1) it weighs is played out to the end of the turn in worlds where the cards nobody
can see are dealt at random from the cards nobody has seen (``TigersAI.sampled_world``:
the same sampled worlds and dice for every candidate), with greedy play on both sides,
within a second of thinking by the wall clock (the ``ai`` counts its processor time) (a wider search, 5 assignments and 5 moves x
12 worlds, was tried: 2 wins in 7 games against the ``ai``, and dropped).

A known ace or king (a face-up card, T-T10) is the best card of the deck: it fires on
three dice (red) or moves on three (black) against 11 or 10.  The Hard commander never
lays one on a unit that can neither hit anything with it (no enemy in range and sight,
T-A3/T-A5) nor reach anything with it (infantry: no enemy within its 12 cm range plus the
6 cm one card moves it, T-A1/T-A5).  Such a card goes on a unit that can use it, or stays
in hand for a later turn.
"""

from __future__ import annotations

import math
import time

from ...engine import Action, Game
from . import cards as C
from .actions import Assign, Keep
from .ai import TigersAI
from .geometry import INFANTRY_CAP, INFANTRY_RANGE
from .state import TigersState, Unit

#: The ranks the Hard commander never wastes.
HIGH_RANKS = ("A", "K")


def can_use(s: TigersState, u: Unit) -> bool:
    """Could ``u`` hit anything with one card now, or reach (be in range of) anything with it?"""
    enemies = [e for e in s.units if e.side != u.side and e.alive and e.carrier < 0]
    if not enemies:
        return False
    if u.carrier >= 0:
        # a passenger's card gets it out (T-R1): it then stands by its carrier, an infantry squad
        c = s.units[u.carrier]
        return min(s.fire_range(c, e) for e in enemies) <= INFANTRY_RANGE + INFANTRY_CAP + c.spec.length
    if any(s.fire_refusal(u, e.id) is None for e in enemies):
        return True  # a target in range and (perhaps) in sight
    if u.kind == "infantry":
        return min(s.fire_range(u, e) for e in enemies) <= INFANTRY_RANGE + INFANTRY_CAP
    return True  # a vehicle's fire reaches the whole table (T-A5): a move may bring a target in sight


def wasted(s: TigersState, a: Action) -> bool:
    """An assignment of a known ace or king to a unit that can do nothing with it."""
    if not isinstance(a, Assign) or not C.is_card(a.card) or C.rank(a.card) not in HIGH_RANKS:
        return False
    return not can_use(s, s.units[a.unit])


class TigersHard(TigersAI):
    """``TigersAI``'s determinized search with no wasted aces or kings."""

    name = "hard"

    def plan(self, s: TigersState, me: int) -> Action:
        # the budget is a second of the clock on the wall, whatever else the machine runs (the
        # ``ai`` counts its own processor time, so it plays the same on any machine, but slower)
        self._wall = time.perf_counter() + self.budget_s * 0.8
        return super().plan(s, me)

    def _late(self) -> bool:
        return time.perf_counter() > self._wall

    def tried_out(self, s: TigersState, me: int, ranked: list[Action], rollouts: int, width: int) -> Action:
        """``TigersAI.tried_out`` without the wasted high cards, stopping by the wall clock."""
        ranked = [a for a in ranked if not wasted(s, a)]
        if not ranked:
            return Keep()
        if rollouts <= 0 or len(ranked) < 2:
            return ranked[0]
        options = ranked[:width]
        values: list[list[float]] = [[] for _ in options]
        took = 0.0
        for r in range(rollouts):
            if r and time.perf_counter() + took > self._wall:
                break  # every candidate has met the same sampled worlds so far
            start = time.perf_counter()
            seed = self.rng.randint(0, 2**62)
            world = self.sampled_world(s, seed)
            for k, a in enumerate(options):
                values[k].append(self.rollout(world, me, a, seed))
            took = time.perf_counter() - start
        best = max(range(len(options)), key=lambda k: (sum(values[k]), -k))
        if best and self.tryout_z:
            d = [b - a for a, b in zip(values[0], values[best], strict=True)]
            n = len(d)
            mean = sum(d) / n
            sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
            if mean <= self.tryout_z * sd / math.sqrt(n):
                best = 0
        return options[best]

    def _assign(self, s: TigersState, me: int) -> Action:
        act = super()._assign(s, me)
        return Keep() if wasted(s, act) else act


def make_hard(game: Game, seed: int) -> TigersHard:
    return TigersHard(game, seed)
