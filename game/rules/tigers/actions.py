"""The actions of Paper Tigers: setup (T-U), cards (T-T), orders (T-A, T-F, T-R).

Positions are table centimetres, headings degrees (0 = east, 90 = south).
A card field is a code like "QH", or "?" for "one of my face-down cards".
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Action
from .cards import label

PathT = tuple[tuple[float, float], ...]


def _card(c: str) -> str:
    return "face-down" if c == "?" else label(c)


@dataclass(frozen=True)
class RollOff(Action):
    """T-U1: both sides roll 2D6, ties re-rolled; the higher attacks."""

    def notation(self) -> str:
        return "roll off"


@dataclass(frozen=True)
class PlaceTerrain(Action):
    """T-U2: the attacker puts down a hill, woods or building (centre, size, angle)."""

    kind: str
    x: float
    y: float
    w: float
    h: float
    angle: float = 0.0

    def notation(self) -> str:
        return f"place {self.kind} at {self.x:.0f},{self.y:.0f} {self.w:.0f}x{self.h:.0f} {self.angle:.0f}\u00b0"


@dataclass(frozen=True)
class EditTerrain(Action):
    """T-U2: move, resize or rotate a laid-out piece."""

    index: int
    x: float
    y: float
    w: float
    h: float
    angle: float = 0.0

    def notation(self) -> str:
        return f"reshape piece {self.index + 1} to {self.x:.0f},{self.y:.0f} {self.w:.0f}x{self.h:.0f} {self.angle:.0f}\u00b0"


@dataclass(frozen=True)
class RemoveTerrain(Action):
    index: int

    def notation(self) -> str:
        return f"remove piece {self.index + 1}"


@dataclass(frozen=True)
class EndTerrain(Action):
    def notation(self) -> str:
        return "terrain done"


@dataclass(frozen=True)
class ChooseSide(Action):
    """T-U3: the defender picks the table edge it deploys from."""

    edge: str

    def notation(self) -> str:
        return f"defend the {self.edge} edge"


@dataclass(frozen=True)
class Deploy(Action):
    """T-U3/T-U4: put a unit down inside the own deployment zone."""

    unit: int
    x: float
    y: float
    facing: float

    def notation(self) -> str:
        return f"deploy #{self.unit} at {self.x:.1f},{self.y:.1f} facing {self.facing:.0f}\u00b0"


@dataclass(frozen=True)
class Assign(Action):
    """T-T3: one card from hand onto a unit ("?" = a face-down card)."""

    unit: int
    card: str = "?"

    def notation(self) -> str:
        return f"assign {_card(self.card)} to #{self.unit}"


@dataclass(frozen=True)
class Keep(Action):
    """T-T3: stop assigning; the rest stays in hand."""

    def notation(self) -> str:
        return "keep the rest"


@dataclass(frozen=True)
class Pick(Action):
    """T-T4: choose a unit with cards and turn over its first (0), second (1) or both (2)."""

    unit: int
    which: int = 2

    def notation(self) -> str:
        return f"pick #{self.unit} turning {('first card', 'second card', 'both cards')[self.which]}"


@dataclass(frozen=True)
class Fire(Action):
    """T-A3..T-A9: fire at a target; ``followers`` (T-F1) copy the order and each chooses its
    own target once this shot is resolved (``FollowFire``, rev 4)."""

    unit: int
    target: int
    followers: tuple[int, ...] = ()

    def notation(self) -> str:
        extra = "".join(f" +#{f}" for f in self.followers)
        return f"#{self.unit}{extra} fires at #{self.target}"


@dataclass(frozen=True)
class FollowFire(Action):
    """T-F1 (rev 4): the next follower of a shot fires at the enemy it chooses (-1: holds its fire)."""

    unit: int
    target: int = -1

    def notation(self) -> str:
        return f"#{self.unit} holds its fire" if self.target < 0 else f"#{self.unit} follows, firing at #{self.target}"


@dataclass(frozen=True)
class MoveOrder(Action):
    """T-A1: roll to move (followers roll on their own, T-F1)."""

    unit: int
    followers: tuple[int, ...] = ()

    def notation(self) -> str:
        extra = "".join(f" +#{f}" for f in self.followers)
        return f"#{self.unit}{extra} move"


@dataclass(frozen=True)
class Move(Action):
    """T-A1/T-A2: the front of the unit follows the path; an empty path stays put.

    ``facing`` is the facing it ends with; the unit's own facing keeps it all the way (the base
    slides, T-A1 rev 3).  A passenger's path is one point, the side of its vehicle it gets out
    on (T-R1 rev 3)."""

    unit: int
    path: tuple[tuple[float, float], ...] = ()
    facing: float | None = None

    def notation(self) -> str:
        if not self.path:
            return f"#{self.unit} stays"
        x, y = self.path[-1]
        return f"#{self.unit} moves to {x:.1f},{y:.1f}"


@dataclass(frozen=True)
class Mount(Action):
    """T-R1: an infantry unit climbs into or onto a carrier with its move.

    ``path`` is the way its front goes (as for a ``Move``, with ``facing``), until its base
    touches the vehicle, then straight on to it; with no path the rules take the straight step
    or, when that is blocked, the shortest legal way round (rev 4)."""

    unit: int
    carrier: int
    path: tuple[tuple[float, float], ...] = ()
    facing: float | None = None

    def notation(self) -> str:
        return f"#{self.unit} mounts #{self.carrier}" + (" by the way drawn" if self.path else "")


@dataclass(frozen=True)
class Skip(Action):
    """Spend the card without acting."""

    unit: int

    def notation(self) -> str:
        return f"#{self.unit} holds"


@dataclass(frozen=True)
class KeepAboard(Action):
    """T-R2: after a hit on its halftrack the passenger's owner may keep it aboard."""

    passenger: int
    keep: bool

    def notation(self) -> str:
        return f"#{self.passenger} {'stays aboard' if self.keep else 'dismounts'}"


@dataclass(frozen=True)
class Recover(Action):
    """T-T8: put one hand card on a damaged unit to try to shake off the damage."""

    unit: int
    card: str = "?"

    def notation(self) -> str:
        return f"recovery card {_card(self.card)} on #{self.unit}"


@dataclass(frozen=True)
class EndRecovery(Action):
    def notation(self) -> str:
        return "no more recovery"


@dataclass(frozen=True)
class Discard(Action):
    """T-T10: throw away a hand card beyond six."""

    card: str = "?"

    def notation(self) -> str:
        return f"discard {_card(self.card)}"


ALL_ACTIONS: tuple[type[Action], ...] = (
    RollOff, PlaceTerrain, EditTerrain, RemoveTerrain, EndTerrain, ChooseSide, Deploy, Assign, Keep, Pick,
    Fire, FollowFire, MoveOrder, Move, Mount, Skip, KeepAboard, Recover, EndRecovery, Discard)
