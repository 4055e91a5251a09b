"""AmoebaView: the state of the Amoeba board view, its lifecycle, and how its parts compose.

The parts are mixins, one idea each: board.py (the sheet and its countries), panel.py (the side
panel), hover.py (what shows under the pointer), gestures.py (what input becomes) and anim.py
(flashes and the A-V8 reveal).  Here: the fields they share, the layout of sheet and panel,
the coordinates, ``draw`` putting the parts together, the menu icon and the lesson targets.
"""

from __future__ import annotations

import math
import time

import pygame

from ....engine import Action
from ....rules.amoeba.actions import Attack, Move, Place
from ....rules.amoeba.geometry import PAPER_H, PAPER_W
from ....rules.amoeba.state import AmoebaState
from ... import paper
from ...view import GameView
from .anim import AnimMixin
from .board import BoardMixin, map_frame
from .gestures import GesturesMixin
from .hover import HoverMixin
from .panel import PANEL_H, PANEL_W, Button, PanelMixin


class AmoebaView(GesturesMixin, PanelMixin, HoverMixin, AnimMixin, BoardMixin, GameView):
    looks_while_waiting = True  # hovering shows neighbours and (online) this seat's attack sums

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self.scale = 1.0
        self.ox = 0.0
        self.oy = 0.0
        self.sheet = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.panel_under = False  # the panel sits under the sheet (a wide, low board area)
        self.origin = (0.0, 0.0)  # the sheet point (mm) at the board's top-left corner
        self._fit_key: object = None
        self._sheet_surf: pygame.Surface | None = None
        self._sheet_key: object = None
        self._boxes: list[pygame.Rect] = []
        self._drawn: tuple[list[int], list[int]] = ([], [])
        self.mouse = (0, 0)
        self.stroke: list[tuple[float, float]] = []
        self.drawing = False
        self.refused: tuple[list[tuple[float, float]], str] | None = None
        self.selected = -1
        self.number = 0
        self._quiet_cell = 0  # the number just placed by a click, while the pointer stays on it
        self.typed = ""
        self.number_cells: list[tuple[pygame.Rect, int]] = []
        self.target = -1
        self.follow_pick = 0
        self.drag_from = -1
        self.legs: list[list[int]] = []  # [src, dst, n]
        self.buttons: list[Button] = []
        self.flashes: list[list] = []  # [country, seconds left, colour], advanced by update(dt)
        # A-V8: after the last secret choice, the board before the resolution is shown for a
        # moment with every player's choice drawn on it; then the resolution flashes.
        self._before: AmoebaState | None = None  # the state before the action being shown
        self.reveal: dict | None = None  # {"state", "arrows", "targets", "left", "after"}
        self.note = ""
        self.note_until = 0.0
        #: What the last frame showed beyond the board (hovered neighbours, an attack's sum,
        #: a struck-through typed number), for the tests and the screenshots to check.
        self.shown: dict[str, object] = {}

    # -- geometry ---------------------------------------------------------------------
    @property
    def st(self) -> AmoebaState:
        """The state the board shows: the game's, or during an A-V8 reveal the board before it."""
        if self.reveal is not None:
            return self.reveal["state"]
        s = self.ctx.state
        assert isinstance(s, AmoebaState)
        return s

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self._fit_key = None
        self._fit()

    def _fit(self) -> None:
        """Place the sheet and the panel in the board area.  While the map is drawn the whole A4
        sheet shows; once it is drawn the board zooms onto the countries.  The panel goes beside
        the sheet or under it, whichever leaves the sheet bigger, and the sheet is centred in the
        room that is left: at 1024x600 the board fills the area instead of its top two thirds."""
        rect = self.rect
        s = self.ctx.state
        amap = s.map if isinstance(s, AmoebaState) else None
        whole = amap is None or s.phase == "map" or amap.n == 0  # type: ignore[union-attr]
        key = (tuple(rect), whole, None if whole else id(amap))
        if key == self._fit_key:
            return
        self._fit_key = key
        fx, fy, fw, fh = (0.0, 0.0, PAPER_W, PAPER_H) if whole or amap is None else map_frame(amap)
        beside = min(max(50, rect.w - PANEL_W - 20) / fw, max(50, rect.h - 8) / fh)
        under = min(max(50, rect.w - 8) / fw, max(50, rect.h - PANEL_H - 16) / fh)
        self.panel_under = under > beside * 1.02
        self.scale = under if self.panel_under else beside
        w, h = int(fw * self.scale), int(fh * self.scale)
        if self.panel_under:
            free = pygame.Rect(rect.x + 4, rect.y + 4, rect.w - 8, rect.h - PANEL_H - 16)
        else:
            free = pygame.Rect(rect.x + 4, rect.y + 4, rect.w - PANEL_W - 20, rect.h - 8)
        self.sheet = pygame.Rect(0, 0, w, h)
        self.sheet.center = free.center
        if self.panel_under:
            self.sheet.top = free.top
            top = self.sheet.bottom + 12
            self.panel = pygame.Rect(rect.x + 4, top, rect.w - 8, rect.bottom - 4 - top)
        else:
            self.sheet.left = free.left
            self.panel = pygame.Rect(self.sheet.right + 12, rect.y + 4, max(60, rect.right - self.sheet.right - 16),
                                     rect.h - 8)
        self.origin = (fx, fy)
        self.ox, self.oy = self.sheet.x - fx * self.scale, self.sheet.y - fy * self.scale
        self._sheet_key = None

    def to_px(self, x: float, y: float) -> tuple[float, float]:
        return self.ox + x * self.scale, self.oy + y * self.scale

    def to_mm(self, pos: tuple[int, int]) -> tuple[float, float]:
        return (pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale

    def country_at(self, pos: tuple[int, int]) -> int:
        if not self.sheet.collidepoint(pos):
            return -1
        return self.st.map.country_at(*self.to_mm(pos))

    def reset(self) -> None:
        self.stroke, self.drawing, self.refused = [], False, None
        self.selected, self.target, self.drag_from = -1, -1, -1
        self.legs = []
        self.typed = ""
        self._sheet_key = None
        self.reveal, self._before = None, None
        self.flashes = []

    def _own_seat(self) -> int | None:
        """Online, the one seat this window plays (None at one screen, at hot seat or watching)."""
        sess = getattr(self.ctx, "session", None)
        if self.replaying or not getattr(sess, "remote", False):
            return None
        seats = sess.local_seats()  # type: ignore[union-attr]
        return seats[0] if len(seats) == 1 else None

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._fit()
        s = self.st
        self.shown = {}
        surface.blit(self._sheet(), self.sheet.topleft)
        self._draw_flashes(surface)
        if self.reveal is not None:
            self._draw_reveal(surface)
            return
        if s.phase == "map":
            self._draw_map_phase(surface)
        elif s.phase == "place":
            self._draw_place_phase(surface)
        elif s.phase in ("move", "joint", "detail"):
            self._draw_move_phase(surface)
        if self.note and time.monotonic() < self.note_until:
            paper.text(surface, self.note, (self.sheet.x + 8, self.sheet.bottom - 26), 18, paper.GOOD)

    @staticmethod
    def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
        cx, cy = rect.center
        r = min(rect.w, rect.h) * 0.16
        paper.pencil_circle(surface, paper.INK, (cx, cy), r, 2, 1)
        for k in range(6):
            a = k * math.pi / 3
            pts = []
            for j in range(9):
                t = a - 0.5 + j / 8
                rr = r * (2.3 + 0.25 * math.sin(j * 1.7 + k))
                pts.append((cx + rr * math.cos(t), cy + rr * math.sin(t)))
            pts += [(cx + r * math.cos(a + 0.5), cy + r * math.sin(a + 0.5)),
                    (cx + r * math.cos(a - 0.5), cy + r * math.sin(a - 0.5))]
            paper.pencil_lines(surface, paper.GRAPHITE, pts, True, 2, k)
        paper.draw_symbol(surface, 0, (cx - r * 1.7, cy - r * 0.6), r * 0.6)
        paper.text(surface, "25", (cx - r * 1.2, cy - r * 0.6), int(r * 0.9), paper.player_colour(0), "midleft")
        paper.draw_symbol(surface, 1, (cx + r * 1.2, cy + r * 0.9), r * 0.6)
        paper.text(surface, "8", (cx + r * 1.6, cy + r * 0.9), int(r * 0.9), paper.player_colour(1), "midleft")

    # -- lessons --------------------------------------------------------------------------
    def lesson_target(self, action: Action) -> pygame.Rect | None:
        """The next click towards ``action``: the country (its label), then the number in the picker;
        for an attack the enemy country, clicked twice."""
        def country(c: int) -> pygame.Rect:
            r = pygame.Rect(0, 0, 26, 26)
            r.center = (round(self.to_px(*self.st.map.labels[c])[0]), round(self.to_px(*self.st.map.labels[c])[1]))
            return r

        if isinstance(action, Place):
            if self.selected != action.country:
                return country(action.country)
            return next((pygame.Rect(r) for r, n in self.number_cells if n == action.n), None)
        if isinstance(action, Attack) and not action.follow:
            return country(action.target)
        if isinstance(action, Move):
            if self.legs == [[action.source, d, n] for d, n in action.dests]:
                go = next((b for b in self.buttons if b.key == "go"), None)  # drawn: "Move (Enter)"
                return pygame.Rect(go.rect) if go is not None else None
            return country(action.source)
        return None

    def lesson_drag(self, action: Action) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """A move is dragged from its country to the next destination still to be drawn."""
        if not isinstance(action, Move):
            return None
        drawn = {leg[1] for leg in self.legs if leg[0] == action.source}
        for d, _n in action.dests:
            if d not in drawn:
                return self.to_px(*self.st.map.labels[action.source]), self.to_px(*self.st.map.labels[d])
        return None
