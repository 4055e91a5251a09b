"""The actions of Paper Invasion: setup (word, walls, tokens), hero turn, enemy turn."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Action


@dataclass(frozen=True)
class ChooseWord(Action):
    """I-S1..I-S4: the word (or dice) that makes the six Slots; names for a Custom theme."""

    word: str
    option: str = "plain"
    heroes: str = ""
    enemies: str = ""

    def notation(self) -> str:
        extra = "" if self.option == "plain" else f" ({self.option})"
        return f"word {self.word}{extra}" if self.option not in ("d6", "d10") else f"word: roll {self.option}"


@dataclass(frozen=True)
class ImportText(Action):
    """I-W2: instead of a new word, continue a game written down as text (``InvasionState.as_text``)."""

    text: str

    def notation(self) -> str:
        return f"import text ({len(self.text.splitlines())} lines)"


@dataclass(frozen=True)
class Split(Action):
    """I-B1: draw a straight wall across room ``room``: axis 'v' at x = at, axis 'h' at y = at."""

    room: str
    axis: str
    at: int

    def notation(self) -> str:
        return f"split {self.room} {'x' if self.axis == 'v' else 'y'}={self.at}"


@dataclass(frozen=True)
class GeneratePlan(Action):
    """I-B1: let the program draw a seeded floor plan with the remaining rooms."""

    def notation(self) -> str:
        return "floor plan"


@dataclass(frozen=True)
class PlaceHero(Action):
    """I-B3."""

    room: str

    def notation(self) -> str:
        return f"H in {self.room}"


@dataclass(frozen=True)
class PlaceEnemy(Action):
    """I-B4: outside room ``room`` on ``side`` (which must be the next of N, E, S, W)."""

    room: str
    side: str

    def notation(self) -> str:
        return f"X at {self.room}:{self.side}"


@dataclass(frozen=True)
class PlaceVault(Action):
    """I-B5."""

    room: str

    def notation(self) -> str:
        return f"V in {self.room}"


@dataclass(frozen=True)
class PlaceEvent(Action):
    """I-B5."""

    room: str

    def notation(self) -> str:
        return f"E in {self.room}"


@dataclass(frozen=True)
class Move(Action):
    """I-H1: a hero moves through a Single Barrier or an Opening."""

    hero: int
    to: str

    def notation(self) -> str:
        return f"H{self.hero} -> {self.to}"


@dataclass(frozen=True)
class Kill(Action):
    """I-H2."""

    hero: int

    def notation(self) -> str:
        return f"H{self.hero} kill"


@dataclass(frozen=True)
class Seal(Action):
    """I-H3: Opening -> Single or Single -> Double on a wall of the hero's room."""

    hero: int
    wall: str

    def notation(self) -> str:
        return f"H{self.hero} seal {self.wall}"


@dataclass(frozen=True)
class Smash(Action):
    """I-H4: Double -> Single on a wall of the hero's room."""

    hero: int
    wall: str

    def notation(self) -> str:
        return f"H{self.hero} smash {self.wall}"


@dataclass(frozen=True)
class Loot(Action):
    """I-H5: open the Vault."""

    hero: int

    def notation(self) -> str:
        return f"H{self.hero} loot"


@dataclass(frozen=True)
class Use(Action):
    """I-V1..I-V9: use the held Vault item.  ``target``/``target2`` name rooms or walls, ``n`` a count."""

    hero: int
    target: str = ""
    target2: str = ""
    n: int = 0

    def notation(self) -> str:
        parts = [p for p in (self.target, self.target2) if p]
        if self.n:
            parts.append(str(self.n))
        return f"H{self.hero} use {' '.join(parts)}".rstrip()


@dataclass(frozen=True)
class TriggerEvent(Action):
    """I-X3 (rev 2): the heroes call an extra Event, chosen from the table (any entry but 7)."""

    event: int

    def notation(self) -> str:
        return f"extra event {self.event}"


@dataclass(frozen=True)
class EndTurn(Action):
    """End this side's turn (heroes that did not act simply rest)."""

    def notation(self) -> str:
        return "end turn"


@dataclass(frozen=True)
class EMove(Action):
    """I-E1 (a person playing the enemies): through an Opening only."""

    enemy: int
    to: str

    def notation(self) -> str:
        return f"X{self.enemy} -> {self.to}"


@dataclass(frozen=True)
class ESmash(Action):
    """I-E2: Single -> Opening or Double -> Single."""

    enemy: int
    wall: str

    def notation(self) -> str:
        return f"X{self.enemy} smash {self.wall}"


@dataclass(frozen=True)
class EGrab(Action):
    """I-E3: a hero in the enemy's room becomes an enemy."""

    enemy: int
    hero: int

    def notation(self) -> str:
        return f"X{self.enemy} grab H{self.hero}"


ALL_ACTIONS: tuple[type[Action], ...] = (
    ChooseWord, ImportText, Split, GeneratePlan, PlaceHero, PlaceEnemy, PlaceVault, PlaceEvent,
    Move, Kill, Seal, Smash, Loot, Use, TriggerEvent, EndTurn, EMove, ESmash, EGrab,
)
