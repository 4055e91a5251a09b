"""Board view of Pencil Space Combat: a sheet of paper, hangars, asteroids and pencil flicks.

Press on a ship's nose, drag and release: the drag's direction, its length and
the speed of the release are the flick's intention (the rules add the noise).
Every decision is the rules' (``ctx.submit``); this view only draws and listens.

What a flick did plays out in order: the trace grows as a pencil stroke, then the
explosions, the carved tunnel and the ship at its new place.  Until then the view
keeps showing the paper as it was (``_seen``), so nothing jumps ahead of the pencil.

The view is its parts, one idea to a module: board.py (the paper as it stands, mm <-> pixels),
gestures.py (what a press, drag, key or button becomes), hover.py (what the gesture under the
pointer would do), panel.py (the tool column, the draw proposal's card, the margin's words) and
anim.py (a flick playing out).  This class holds the view's data and composes the frame.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from shapely.geometry import Polygon

from ....rules.space.evaluate import Piece
from ... import paper
from .anim import SpaceAnim
from .board import Pt
from .hover import SpaceHover
from .panel import SpacePanel


class SpaceView(SpaceAnim, SpacePanel, SpaceHover):
    """Draws the sheet in ``self.rect``; turns presses, drags, keys and buttons into actions."""

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.scale = 1.0
        self.origin = (0.0, 0.0)
        self._static: pygame.Surface | None = None
        self._static_key: object = None
        self._marks_key: object = None
        self._marks_at: tuple[dict[int, Pt], dict[int, Pt]] = ({}, {})
        self._sheet_surf: pygame.Surface | None = None
        self._residue: pygame.Surface | None = None
        self._residue_key: object = None
        self._sheet_key: object = None
        self.show_residue = True
        self.show_aim = True
        self.mode = "move"
        self.pencil = "hb"
        self.turret = False
        self.place_heading: float | None = None
        self.stopper: tuple[float, float, float, float] | None = None
        self.hand_mode = False
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.card_buttons: dict[str, pygame_gui.elements.UIButton] = {}  #: on the draw proposal's card (S-V4)
        self.reset()

    # -- lifecycle ---------------------------------------------------------------------
    def reset(self) -> None:
        self.drag: dict[str, Any] | None = None
        self.hover: Pt | None = None
        self.heading_preview: float | None = None
        self._placed_cache: tuple[Any, tuple[float, float, float]] | None = None
        self.anim: list[dict[str, Any]] = []
        self.outline: list[Pt] = []
        self.refused_outline: tuple[list[Pt], float] | None = None
        s = self.state
        self._seen: tuple[list[Piece], list[Polygon]] = (list(s.pieces), s.asteroids)
        self._shown: tuple[list[Piece], list[Polygon]] | None = None  # the paper before the flick
        self.near_miss: dict[str, Any] | None = None  # the last shot's near miss, shown until the next flick
        self._static_key = self._sheet_key = None

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self._static_key = self._sheet_key = None
        self._build_widgets()

    # -- drawing: the parts in order ------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._fit()
        s = self.state
        sheet = self.paper_rect()
        pygame.draw.rect(surface, (200, 194, 180), sheet.move(4, 4))
        surface.blit(self._sheet(), sheet.topleft)
        clip = surface.get_clip()
        surface.set_clip(self.paper_rect().clip(clip))
        self._draw_carving(surface)
        for a, b in s.tears:
            self._tear(surface, a, b)
        if self.show_residue:
            self._draw_residue(surface)
        pending = s.pending if s.phase == "heading" and self._shown is None and self.ctx.human_to_move() else None
        for seat, at in self._marks()[0].items():  # each hangar's owner mark, where no ship stands
            paper.draw_symbol(surface, seat, self.px(at), self._hangar_mark_px(), 1)
        for p in self._pieces_now():
            if p.id != pending:
                self._piece(surface, p, highlight=self._selected() == p.id)
        self._draw_anim(surface)
        if self.near_miss is not None and not any(a["kind"] == "trace" for a in self.anim):
            self._draw_near_miss(surface, self.near_miss)  # the miss stays written until the next flick
        self._draw_input(surface)
        surface.set_clip(clip)
        self._draw_proposal(surface)
        self._draw_panel(surface)
        self._draw_loupe(surface)
        self._draw_coin(surface)
