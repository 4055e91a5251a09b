"""The seat colours: the palette the player picks in Settings, applied to every drawing."""

from __future__ import annotations

from . import paper


def apply_palette(name: str) -> None:
    """Swap the seat colours (symbols stay, so seats never depend on colour alone)."""
    if name == "high contrast":
        paper.PLAYER_COLOURS = ((0, 0, 0), (200, 0, 0), (0, 90, 200), (120, 0, 140), (150, 100, 0), (0, 130, 60))
        paper.SEAT_NAMES = paper.HIGH_CONTRAST_NAMES
    else:
        paper.SEAT_NAMES = paper.PLAYER_NAMES
        paper.PLAYER_COLOURS = ((0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (230, 159, 0),
                                (86, 180, 233))
