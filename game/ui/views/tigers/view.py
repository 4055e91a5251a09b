"""Paper Tigers board view: the centimetre table to scale, cards, dice and the tools.

Mouse: wheel zooms, right or middle drag pans.  T toggles the measuring tape, L the
line-of-sight string; both work whenever the board takes input.  Orders are clicks
and drags on the table (drag a path from a unit's front to move it); the pencil
buttons under the table carry the phase's choices, with their keys.

The view is its parts, one idea to a module: board.py (the table as it stands, cm <-> pixels),
gestures.py (what a click, drag, key or button becomes, and where a lesson's next click goes),
hover.py (the hover card and the previews of what a click would do), panel.py (the tray of
buttons, hands, turned cards and dice; the margin's words and the campaign standing) and
anim.py (a move playing out, the rolls).  This class holds the view's data and composes the frame.
"""

from __future__ import annotations

import secrets
from typing import Any

import pygame

from ... import paper
from . import board
from .anim import TigersAnim
from .board import Colour, PencilButton
from .hover import TigersHover


class TigersView(TigersAnim, TigersHover):
    """The table, the units, the cards and the dice of Paper Tigers."""

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.scale = 5.0
        self.off = (0.0, 0.0)
        self.fit_scale = 5.0
        self.fitted = False
        self.panning = False
        self.tool = ""  # "", "tape", "los"
        self.drag: list[tuple[float, float]] | None = None  # cm points of a drag in progress
        self.drag_start_px: tuple[int, int] | None = None
        self.mouse = (0, 0)
        self.hover_off = False  #: a click hides the hover card until the pointer moves on
        self.card_choice = "?"
        self.terrain_kind = "woods"
        self.selected_piece = -1
        self.grabbed = False
        self.keep_facing = False  # move phase: slide or back off keeping the facing (T-A1 rev 2)
        self.selected_unit = -1
        self.followers: list[int] = []
        self.deploy_facing = -1.0
        self.rolls: list[dict[str, Any]] = []
        self.anims: dict[int, tuple[float, list[tuple[float, float]], float]] = {}
        self.flash = 0.0
        self.buttons: list[PencilButton] = []
        self.card_hits: list[tuple[pygame.Rect, str]] = []
        self._static: tuple[Any, pygame.Surface] | None = None
        self._tool_line: list[tuple[float, float]] | None = None
        self._mount_cache: tuple[Any, tuple[dict[str, Any] | None, str]] | None = None
        self._campaign_line: str | None = None  # read on first use: the scene knows its seats by then
        #: T-E3: names this battle in the campaign (one play scene, one battle).
        self._battle = secrets.token_hex(6)
        self._sprites: dict[Any, pygame.Surface] = {}
        self._opening = list(getattr(self.st, "opening", []))  # the replay viewer rebuilds the dice from it
        self._marks: tuple[Any, dict[int, tuple[list[pygame.Rect], pygame.Rect, bool]]] | None = None
        #: This frame's odds line (text, colour) while an enemy is under the pointer in the act phase.
        self.odds: tuple[str, Colour] | None = None
        #: Where this frame's notes went on the screen: "card" (hover card), "odds", "tool" (tape or sight).
        self.shown: dict[str, pygame.Rect] = {}
        self._show_opening()

    def _show_opening(self) -> None:
        """Turn 1 dealt while the scenario was set up: show its dice (the session logs its sentences)."""
        sess = getattr(self.ctx, "session", None)
        opening = getattr(self.st, "opening", [])
        if sess is None or sess.history or not opening:
            return
        self.on_events(opening)

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self.fit()

    def reset(self) -> None:
        self.drag = None
        self.selected_unit = -1
        self.selected_piece = -1
        self.followers = []
        self.anims.clear()
        self._static = None
        if self.replaying:  # after a jump: the dice of the last rolls up to the action on the board
            sess = getattr(self.ctx, "session", None)
            events = self._opening + [e for step in (sess.history if sess else ()) for e in step.events]
            rolls = [e for e in events if e.kind == "roll" and e.data.get("dice")][-4:]
            self.rolls = [self._roll_entry(e) for e in rolls]
            self.flash = 0.0

    # -- drawing: the parts in order -------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if not self.fitted:
            self.fit()
        s = self.st
        area = self.table_rect()
        key = (round(self.scale, 4), round(self.off[0], 1), round(self.off[1], 1), len(s.pieces),
               tuple(tuple(p["points"][0]) for p in s.pieces), s.phase in ("deploy", "side"), s.edge)
        if self._static is None or self._static[0] != (key, area.size):
            layer = pygame.Surface(area.size)
            layer.fill(paper.PAPER)
            self._draw_static(layer)
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
            self._static = ((key, area.size), layer)
        surface.blit(self._static[1], area.topleft)
        old_clip = surface.get_clip()
        surface.set_clip(area.clip(old_clip) if old_clip else area)
        for u in s.units:
            if u.wreck:
                self.draw_unit(surface, u, marks=False)
        live = [u for u in s.units if u.alive and u.carrier < 0 and u.placed]
        for u in live:
            self.draw_unit(surface, u, marks=False)
        for u in live:  # after every sketch: no unit is ever drawn over a card or a label
            self.draw_marks(surface, u)
        self.draw_overlays(surface)
        surface.set_clip(old_clip)
        self.draw_tray(surface)

    @staticmethod
    def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
        cx, cy = rect.center
        s = max(4.0, min(rect.w, rect.h) / 14)
        body = [(cx - 4 * s, cy - 2 * s), (cx + 4 * s, cy - 2 * s), (cx + 4 * s, cy + 2 * s), (cx - 4 * s, cy + 2 * s)]
        paper.pencil_lines(surface, paper.player_colour(0), body, True, 2)
        pygame.draw.rect(surface, paper.player_colour(0), pygame.Rect(cx - 4 * s, cy - 2.6 * s, 8 * s, 0.8 * s))
        pygame.draw.rect(surface, paper.player_colour(0), pygame.Rect(cx - 4 * s, cy + 1.8 * s, 8 * s, 0.8 * s))
        paper.pencil_circle(surface, paper.player_colour(0), (cx - 0.5 * s, cy), 1.3 * s, 2)
        paper.pencil_line(surface, paper.player_colour(0), (cx + 0.8 * s, cy), (cx + 6.5 * s, cy), 3)
        r = pygame.Rect(0, 0, max(26, 4.4 * s), max(36, 6.2 * s))
        r.center = (int(cx + 5.5 * s), int(cy + 3.2 * s))
        board.draw_card(surface, r, "AS")
