"""Dice odds for Paper Tigers (T-A6..T-A8, T-T6): exact chances from the card and the dice,
shared by the computer players and the view's hover odds."""

from __future__ import annotations

from functools import cache
from itertools import product

from . import cards as C
from .state import TigersState, Unit


@cache
def p_at_least(n: int, need: int) -> float:
    """Chance that n six-sided dice sum to at least ``need``."""
    hits = sum(1 for r in product(range(1, 7), repeat=n) if sum(r) >= need)
    return hits / 6 ** n


@cache
def mean_success(action: str) -> float:
    """Success chance of a card nobody has seen (average over the full deck)."""
    return sum(p_at_least(C.dice_for(c, action), C.difficulty(c)) for c in C.FULL_DECK) / 52


def save_factor(s: TigersState, t: Unit) -> float:
    """Chance a hit survives the armour (T-A7) or cover (T-A8) save."""
    if t.spec.armour_dice:
        return (4 / 6) ** t.spec.armour_dice
    return 4 / 6 if s.in_cover(t) else 1.0


@cache
def mean_roll(n: int, need: int) -> float:
    """The mean sum of n dice given that it reaches ``need`` (how far a successful move goes)."""
    rolls = [sum(r) for r in product(range(1, 7), repeat=n) if sum(r) >= need]
    return sum(rolls) / len(rolls) if rolls else 0.0
