"""Amoeba Strategy actions: small frozen dataclasses with a score-sheet notation.

Countries are numbered from 1 in the notation (as a player would write them on
paper) and from 0 in the fields.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Action


@dataclass(frozen=True)
class DrawCountry(Action):
    """Map phase (A-M2): a freehand outline in millimetres on the A4 sheet."""

    outline: tuple[tuple[float, float], ...]

    def notation(self) -> str:
        return f"draw ({len(self.outline)} points)"


@dataclass(frozen=True)
class FinishMap(Action):
    """Map phase: the players agree the map is done."""

    def notation(self) -> str:
        return "map done"


@dataclass(frozen=True)
class Place(Action):
    """Placement (A-P2): put ``n`` troops into an empty country."""

    country: int
    n: int

    def notation(self) -> str:
        return f"place {self.n} in #{self.country + 1}"


@dataclass(frozen=True)
class Attack(Action):
    """Movement (A-G2): wipe out an enemy country.

    ``follow`` lists (attacking country, troops) that move into the emptied
    country afterwards: at most one entry with A-V1, one per attacking country
    with A-V2, none otherwise.
    """

    target: int
    follow: tuple[tuple[int, int], ...] = ()

    def notation(self) -> str:
        tail = "".join(f", {n} from #{s + 1} follow" for s, n in self.follow)
        return f"attack #{self.target + 1}{tail}"


@dataclass(frozen=True)
class Move(Action):
    """Movement (A-G3): from one own country into adjacent empty or own countries."""

    source: int
    dests: tuple[tuple[int, int], ...]

    def notation(self) -> str:
        parts = ", ".join(f"{n} to #{d + 1}" for d, n in self.dests)
        return f"move from #{self.source + 1}: {parts}"


@dataclass(frozen=True)
class Point(Action):
    """A-V8 (rev 2), as the seed plays it: a secret move is shown by pointing at a country,
    your own (the source of a move) or, with A-V6, the empty country to gather into (rev 4:
    only one that two or more of your countries border).  The troops are written down once
    every choice is revealed (``Move``/``Gather``)."""

    country: int

    def notation(self) -> str:
        return f"point at #{self.country + 1}"


@dataclass(frozen=True)
class Gather(Action):
    """A-V6: troops from several adjacent own countries into one empty country at once."""

    dest: int
    sources: tuple[tuple[int, int], ...]

    def notation(self) -> str:
        parts = ", ".join(f"{n} from #{s + 1}" for s, n in self.sources)
        return f"gather into #{self.dest + 1}: {parts}"


@dataclass(frozen=True)
class ProposeJoint(Action):
    """A-V7: ask partners to attack ``target`` together; each partner must accept."""

    target: int
    partners: tuple[int, ...]

    def notation(self) -> str:
        who = ", ".join(f"P{p + 1}" for p in self.partners)
        return f"propose joint attack on #{self.target + 1} with {who}"


@dataclass(frozen=True)
class AnswerJoint(Action):
    """A-V7: a partner's answer to a joint-attack proposal."""

    accept: bool

    def notation(self) -> str:
        return "accept joint attack" if self.accept else "decline joint attack"


ALL_ACTIONS = (DrawCountry, FinishMap, Place, Attack, Move, Gather, ProposeJoint, AnswerJoint, Point)
