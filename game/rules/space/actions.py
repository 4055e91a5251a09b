"""The actions of Pencil Space Combat: the record's vocabulary (frozen dataclasses, RULES.md section S)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Action


@dataclass(frozen=True)
class PlaceDoor(Action):
    """S-U3: the centre of the 1" door, in mm along the own hangar wall."""

    at: float

    def notation(self) -> str:
        return f"door {self.at:.1f}"


@dataclass(frozen=True)
class DrawAsteroid(Action):
    """S-U5: a hand-drawn asteroid outline (mm)."""

    points: tuple[tuple[float, float], ...]

    def notation(self) -> str:
        return f"asteroid ({len(self.points)} points)"


@dataclass(frozen=True)
class FieldDone(Action):
    def notation(self) -> str:
        return "field done"


@dataclass(frozen=True)
class PlacePiece(Action):
    """S-U4 a ship in the own hangar (nose at x, y), or S-V8 a turret just outside it."""

    x: float
    y: float
    heading: float = 90.0  # degrees
    turret: bool = False

    def notation(self) -> str:
        what = "turret" if self.turret else "ship"
        return f"{what} {self.x:.1f},{self.y:.1f} @{self.heading:.0f}"


@dataclass(frozen=True)
class Flick(Action):
    """The intention of a flick (S-F1): which piece, move or shot, direction (deg), strength 0..1."""

    ship: int
    mode: str  # "move" | "shot"
    angle: float
    strength: float
    pencil: str = "hb"  # S-V10
    stopper: tuple[float, float, float, float] | None = None  # S-V9: a hand line x1, y1, x2, y2

    def notation(self) -> str:
        extra = f" {self.pencil}" if self.pencil != "hb" else ""
        hand = " hand" if self.stopper else ""
        return f"{self.mode} #{self.ship} {self.angle:.1f}° {self.strength:.2f}{extra}{hand}"


@dataclass(frozen=True)
class Heading(Action):
    """S-M6: the orientation of a ship after its successful move (degrees)."""

    angle: float

    def notation(self) -> str:
        return f"heading {self.angle:.0f}°"


@dataclass(frozen=True)
class Pass(Action):
    """S-V3: pass the turn (counts as a move)."""

    def notation(self) -> str:
        return "pass"


@dataclass(frozen=True)
class CallDraw(Action):
    """S-V4: call the stalemate after ten turns without a shot; ``by`` is the caller's seat
    (either player may call, not only the one to move; None: the player to move).  With two
    players the call ends the game drawn; with 3-4 it is a proposal (rev 4, see AnswerDraw)."""

    by: int | None = None

    def notation(self) -> str:
        return "call draw" if self.by is None else f"call draw (seat {self.by})"


@dataclass(frozen=True)
class AnswerDraw(Action):
    """S-V4 (rev 4): with 3-4 players a call is a proposal; each other player still in answers it in
    turn, clockwise from the caller (``accept``: agree to the draw)."""

    accept: bool

    def notation(self) -> str:
        return "accept draw" if self.accept else "refuse draw"


__all__ = ["PlaceDoor", "DrawAsteroid", "FieldDone", "PlacePiece", "Flick", "Heading", "Pass", "CallDraw",
           "AnswerDraw"]
