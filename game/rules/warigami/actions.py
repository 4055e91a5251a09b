"""Warigami Tactics actions: the frozen dataclasses a record is written in (RULES.md section W)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...engine import Action
from .tables import KINDS, WEAPONS


def squad_words(kinds: tuple[str, ...] | list[str]) -> str:
    """'3 SMG, 2 Shotgun, 1 RPG': a squad in the table's order of unit types."""
    count = Counter(kinds)
    return ", ".join(f"{count[k]} {WEAPONS[k].label}" for k in KINDS if count[k]) or "no units"


@dataclass(frozen=True)
class Squad(Action):
    """W-B2 (rev 2): the whole squad, chosen in secret: one unit type per unit."""

    kinds: tuple[str, ...]

    def notation(self) -> str:
        return f"squad {squad_words(self.kinds)}"


@dataclass(frozen=True)
class Place(Action):
    """W-B2: put one unit of ``kind`` from your chosen squad on square (x, y) of your start zone."""

    kind: str
    x: int
    y: int

    def notation(self) -> str:
        return f"place {self.kind} at {self.x},{self.y}"


@dataclass(frozen=True)
class Move(Action):
    """Move unit ``unit`` to square (x, y) along its cheapest path (W-T1)."""

    unit: int
    x: int
    y: int

    def notation(self) -> str:
        return f"move #{self.unit} to {self.x},{self.y}"


@dataclass(frozen=True)
class Attack(Action):
    """Unit ``unit`` shoots at enemy unit ``target``: one D6 roll (W-H)."""

    unit: int
    target: int

    def notation(self) -> str:
        return f"#{self.unit} attacks #{self.target}"


@dataclass(frozen=True)
class Heal(Action):
    """Medic ``unit`` heals the adjacent own unit ``target`` by 2 HP (W-H5)."""

    unit: int
    target: int

    def notation(self) -> str:
        return f"#{self.unit} heals #{self.target}"


@dataclass(frozen=True)
class EndTurn(Action):
    def notation(self) -> str:
        return "end turn"
