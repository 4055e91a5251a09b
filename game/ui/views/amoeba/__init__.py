"""The Amoeba Strategy board: an A4 sheet of blob countries drawn in pencil.

Map phase: freehand outlines with the mouse (a refused outline stays on the paper
in red with the reason).  Placement: click an empty country, pick the number in
the side panel (digits, wheel or a click); numbers that are not allowed are struck
through, and hovering one tells why.  Movement: click an enemy country for the
attack preview (your sum against the defenders), click again to attack; drag from
your country to neighbours to move, the wheel sets how many, Enter confirms.

One idea per module: ``view`` (the AmoebaView class: its state, layout and how the parts
compose), ``board`` (the sheet and its countries; the map editor draws with it too),
``panel`` (what the side panel says), ``hover`` (what shows under the pointer),
``gestures`` (what a click, drag or key becomes) and ``anim`` (flashes, the A-V8 reveal).
"""

from __future__ import annotations

from .anim import REVEAL_S
from .board import (
    FRAME_MM,
    LABEL_MIN,
    RED,
    TROOP_MIN,
    country_boxes,
    draw_countries,
    draw_refusal,
    draw_stroke,
    label_size,
    map_frame,
    tag_y,
    tint,
    troop_size,
)
from .hover import NEIGHBOUR
from .panel import PANEL_H, PANEL_W, Button
from .view import AmoebaView

__all__ = [
    "FRAME_MM", "LABEL_MIN", "NEIGHBOUR", "PANEL_H", "PANEL_W", "RED", "REVEAL_S", "TROOP_MIN", "AmoebaView",
    "Button", "country_boxes", "draw_countries", "draw_refusal", "draw_stroke", "label_size", "map_frame", "tag_y",
    "tint", "troop_size",
]
