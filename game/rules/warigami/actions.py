"""Warigami Tactics actions: the frozen dataclasses a record is written in (RULES.md section W)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Action
from ...msg import M, Mp, Msg
from .tables import KINDS, WEAPONS


def squad_words(kinds: tuple[str, ...] | list[str]) -> str:
    """'3 SMG, 2 Shotgun, 1 RPG': a squad in the table's order of unit types (the notation's
    words, always English; what a player reads is :func:`squad_msg`)."""
    count = Counter(kinds)
    return ", ".join(f"{count[k]} {WEAPONS[k].label}" for k in KINDS if count[k]) or "no units"


def listing(parts: Sequence[Msg | str], sep: str = ", ") -> Msg:
    """Parts said one after another, each translated where it is shown ("3 SMG, 1 RPG").

    The template is made here ("{p0}, {p1}, {p2}"): it holds only placeholders and the
    separator, no word, so there is nothing to translate and it is left out of the catalogs;
    the parts are messages of their own.  One flat message whatever the length, so a list
    nests no deeper than one level (a message received from the network may nest at most
    four)."""
    template = sep.join(f"{{p{i}}}" for i in range(len(parts)))
    args = {f"p{i}": p for i, p in enumerate(parts)}
    return M(template, **args)


def squad_msg(kinds: Sequence[str]) -> Msg:
    """'3 SMG, 2 Shotgun, 1 RPG' as the player reads it: a squad in the table's order of unit types."""
    count = Counter(kinds)
    if not any(count[k] for k in KINDS):
        return M("no units")
    # TRANSLATORS: one unit type of a squad and how many of it: "3 SMG" ({unit} is the type's name)
    return listing([Mp("squad", "{n} {unit}", n=count[k], unit=WEAPONS[k].label) for k in KINDS if count[k]])


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
