"""Warigami Tactics' board: the squared sheet and the origami soldiers standing on it.

The board's place in its part of the window (squares <-> pixels, and the scroll of a map bigger
than the window), the cached sheet (paper, start zones, grid, hatched walls; the map editor draws
with ``draw_sheet`` too), the layer of units standing still (figure, type tag, HP number and bar,
the tick of a unit that has acted) and the squares a person's choice needs marked.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ....i18n import tr
from ....msg import Mp
from ....rules.warigami.board import MAX_ZONES, Board
from ....rules.warigami.state import MOVE, SETUP, Attack, Unit, WarigamiState
from ....rules.warigami.tables import MAX_HP
from ... import paper
from ...view import GameView

Square = tuple[int, int]
Colour = tuple[int, int, int]
#: The smallest square (pixels at 100% UI scale) that keeps a unit's type tag and HP readable; a
#: map that would need smaller squares in the window scrolls instead (wheel, arrows, middle drag).
MIN_CELL = 32
#: The unit types' tags, written on every unit and on the squad buttons of a narrow window (three
#: letters at most in every language: they must fit under a figure).
TAGS = {"smg": Mp("unit tag", "SMG"), "shotgun": Mp("unit tag", "SHT"), "sniper": Mp("unit tag", "SNP"),
        "medic": Mp("unit tag", "MED"), "rpg": Mp("unit tag", "RPG")}


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> Colour:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


FIGURES: dict[str, list[tuple[float, list[tuple[float, float]]]]] = {
    # a paper crane holding a short gun
    "smg": [(0.15, [(-0.9, 0.1), (0.0, -0.25), (0.0, 0.55)]), (0.45, [(0.9, 0.1), (0.0, -0.25), (0.0, 0.55)]),
            (0.7, [(0.0, -0.25), (0.25, -0.85), (0.15, -0.2)]), (0.9, [(0.0, 0.2), (0.75, 0.2), (0.75, 0.32),
                                                                      (0.0, 0.32)])],
    # a sturdy paper boat with a wide barrel
    "shotgun": [(0.2, [(-0.9, -0.1), (0.9, -0.1), (0.55, 0.6), (-0.55, 0.6)]),
                (0.55, [(-0.3, -0.1), (0.0, -0.85), (0.3, -0.1)]),
                (0.9, [(0.2, -0.45), (0.95, -0.45), (0.95, -0.25), (0.2, -0.25)])],
    # a tall narrow kite with a long rifle
    "sniper": [(0.15, [(0.0, -0.95), (0.35, -0.1), (0.0, 0.85)]), (0.5, [(0.0, -0.95), (-0.35, -0.1), (0.0, 0.85)]),
               (0.9, [(-0.95, -0.32), (0.95, -0.5), (0.95, -0.42), (-0.95, -0.24)])],
    # a folded hat with a red cross
    "medic": [(0.1, [(-0.8, 0.6), (0.0, -0.8), (0.8, 0.6)]), (0.45, [(-0.8, 0.6), (0.0, 0.2), (0.8, 0.6)])],
    # a paper frog carrying a tube on its shoulder
    "rpg": [(0.2, [(-0.85, 0.55), (-0.45, -0.2), (0.45, -0.2), (0.85, 0.55)]),
            (0.55, [(-0.45, -0.2), (0.0, -0.65), (0.45, -0.2)]),
            (0.9, [(-0.95, -0.55), (0.95, -0.55), (0.95, -0.3), (-0.95, -0.3)])],
}


def draw_figure(surf: pygame.Surface, kind: str, seat: int, centre: tuple[float, float], size: float) -> None:
    """One origami soldier: folded faces in the seat's colour, pencil outlines, fold lines."""
    col = paper.player_colour(seat)
    cx, cy = centre
    r = size / 2
    for i, (shade, poly) in enumerate(FIGURES[kind]):
        pts = [(cx + x * r, cy + y * r) for x, y in poly]
        fill = _mix(_mix(col, (255, 255, 255), 0.55), col, shade) if shade < 0.85 else paper.INK
        paper.pencil_polygon(surf, paper.INK if shade < 0.85 else paper.GRAPHITE, pts, fill=fill,
                             width=1 if size < 30 else 2, seed=seat * 31 + i)
    if kind == "medic":
        w = max(2, int(size * 0.08))
        pygame.draw.line(surf, paper.WARN, (cx - r * 0.25, cy + r * 0.1), (cx + r * 0.25, cy + r * 0.1), w)
        pygame.draw.line(surf, paper.WARN, (cx, cy - r * 0.15), (cx, cy + r * 0.35), w)


def draw_sheet(surf: pygame.Surface, b: Board, c: float, seats: int = MAX_ZONES) -> None:
    """The squared sheet of a map at ``c`` pixels a square: start zones of the first ``seats``
    players tinted in their colour with their symbol, pencil grid, hatched walls (view and editor)."""
    for i, zone in enumerate(b.zones[:seats]):
        tint = _mix(paper.PAPER, paper.player_colour(i), 0.18)
        for (x, y) in zone:
            pygame.draw.rect(surf, tint, pygame.Rect(round(x * c), round(y * c), math.ceil(c), math.ceil(c)))
    for x in range(b.width + 1):
        paper.pencil_line(surf, paper.PAPER_LINE, (x * c, 0), (x * c, b.height * c), 1, x)
    for y in range(b.height + 1):
        paper.pencil_line(surf, paper.PAPER_LINE, (0, y * c), (b.width * c, y * c), 1, 99 + y)
    for (x, y) in sorted(b.walls):
        r = pygame.Rect(round(x * c), round(y * c), math.ceil(c), math.ceil(c))
        pygame.draw.rect(surf, paper.ERASER, r)
        clip = surf.get_clip()
        surf.set_clip(r)
        paper.hatch(surf, paper.GRAPHITE, r, max(4, int(c / 5)))
        surf.set_clip(clip)
        paper.pencil_lines(surf, paper.INK, [r.topleft, r.topright, r.bottomright, r.bottomleft], True, 2,
                           x * 7 + y)
    if c >= 14:
        for i, zone in enumerate(b.zones[:seats]):
            if zone:
                first = min(zone, key=lambda q: (q[1], q[0]))
                paper.draw_symbol(surf, i, ((first[0] + 0.5) * c, (first[1] + 0.5) * c), c * 0.35, 1)


class WarigamiBoard(GameView):
    """What every part of the view shares: the state, where the board is, and the board drawn as it
    stands.  The other parts (gestures.py, hover.py, panel.py, anim.py) build on it; the view's data
    is given its values in view.py (``WarigamiView.__init__`` and ``reset``)."""

    # -- the view's data (what the parts read and write) --------------------------------------------
    cell: float  #: pixels a square
    origin: tuple[float, float]  #: the board's top-left corner on screen (scrolled)
    viewport: pygame.Rect  #: the part of the view the board shows in
    scroll: tuple[int, int]
    _dragging: bool  #: a middle-button drag is scrolling the board
    _pointer: tuple[int, int]
    _focus_key: object
    selected: int | None
    hover: Square | None
    kind: str  #: the unit type placed next (or pressed last)
    draft: list[str]  #: W-B2: the squad being chosen (this seat's secret, never drawn for others)
    _draft_seat: int
    pending: Attack | None  #: an attack that ends movement, waiting for its confirmation
    healing: bool  #: the heal cursor (W-H5)
    last_roll: dict[str, object] | None  #: the settled die, shown until the next action
    _reach: dict[Square, int]
    _reach_key: object
    anims: list[dict[str, object]]  #: what the last action did, playing out (anim.py)
    _figures: dict[tuple[str, int, int], pygame.Surface]
    _board_surf: pygame.Surface | None
    _board_key: object
    _layer: pygame.Surface | None
    _layer_key: object
    _splash_tint: pygame.Surface | None
    _marked: pygame.Surface | None
    _marked_key: object
    end_button: pygame_gui.elements.UIButton | None
    heal_button: pygame_gui.elements.UIButton | None
    kind_buttons: dict[str, pygame_gui.elements.UIButton]

    if TYPE_CHECKING:  # the panel's (panel.py): the buttons follow the state after a gesture or an action
        def _sync_widgets(self) -> None: ...

    # -- geometry: the board in its part of the window, and scrolled ---------------------------------
    @property
    def s(self) -> WarigamiState:
        st = self.ctx.state
        assert isinstance(st, WarigamiState)
        return st

    def scrollable(self) -> bool:
        """True when the board is bigger than its part of the window (then it scrolls)."""
        b = self.s.board
        return self.cell * b.width > self.viewport.w + 0.5 or self.cell * b.height > self.viewport.h + 0.5

    def _place(self, scroll: tuple[float, float]) -> None:
        """Put the board in the viewport: centred along a side that fits, else shifted by ``scroll``
        (kept so that the board always covers that side of the viewport)."""
        b, vp = self.s.board, self.viewport
        gw, gh = self.cell * b.width, self.cell * b.height
        sx = min(max(0, round(scroll[0])), max(0, math.ceil(gw - vp.w)))
        sy = min(max(0, round(scroll[1])), max(0, math.ceil(gh - vp.h)))
        self.scroll = (sx, sy)
        self.origin = (vp.x + (vp.w - gw) / 2 if gw <= vp.w else float(vp.x - sx),
                       vp.y + (vp.h - gh) / 2 if gh <= vp.h else float(vp.y - sy))

    def scroll_by(self, dx: float, dy: float) -> bool:
        before = self.scroll
        self._place((self.scroll[0] + dx, self.scroll[1] + dy))
        return self.scroll != before

    def show_squares(self, squares: Sequence[Square], centre: bool = False) -> None:
        """Scroll (if the board scrolls) so that ``squares`` are in view: centred on them, or by as
        little as brings them a square inside the edge."""
        if not squares or not self.scrollable():
            return
        c, vp = self.cell, self.viewport
        xs = [q[0] for q in squares]
        ys = [q[1] for q in squares]
        sx, sy = float(self.scroll[0]), float(self.scroll[1])
        if centre:
            sx = (min(xs) + max(xs) + 1) / 2 * c - vp.w / 2
            sy = (min(ys) + max(ys) + 1) / 2 * c - vp.h / 2
        else:
            lo_x, hi_x = (min(xs) - 1) * c, (max(xs) + 2) * c
            lo_y, hi_y = (min(ys) - 1) * c, (max(ys) + 2) * c
            if lo_x < sx:
                sx = lo_x
            elif hi_x > sx + vp.w:
                sx = min(lo_x, hi_x - vp.w)
            if lo_y < sy:
                sy = lo_y
            elif hi_y > sy + vp.h:
                sy = min(lo_y, hi_y - vp.h)
        self._place((sx, sy))

    def sq_rect(self, sq: Square, origin: tuple[float, float] | None = None) -> pygame.Rect:
        c = self.cell
        ox, oy = self.origin if origin is None else origin
        return pygame.Rect(round(ox + sq[0] * c), round(oy + sq[1] * c), math.ceil(c), math.ceil(c))

    def centre(self, sq: tuple[float, float]) -> tuple[float, float]:
        return (self.origin[0] + (sq[0] + 0.5) * self.cell, self.origin[1] + (sq[1] + 0.5) * self.cell)

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        if not self.viewport.collidepoint(pos):
            return None  # scrolled out of view, or the buttons under the board
        x = math.floor((pos[0] - self.origin[0]) / self.cell)
        y = math.floor((pos[1] - self.origin[1]) / self.cell)
        return (x, y) if self.s.board.inside((x, y)) else None

    # -- derived state ---------------------------------------------------------------------
    def reach(self) -> dict[Square, int]:
        """Reachable squares of the selected unit (cached per state)."""
        s = self.s
        sel = s.units.get(self.selected) if self.selected is not None else None
        if sel is None or s.phase != MOVE or sel.owner != s.player:
            return {}
        key = (self.selected, s.pool, len(s.units), tuple(u.sq for u in s.units.values()))
        if key != self._reach_key:
            self._reach = s.reachable(sel.id)
            self._reach_key = key
        return self._reach

    # -- drawing: the sheet and the units standing on it ------------------------------------------
    def board_surface(self) -> pygame.Surface:
        """The static sheet (paper, zones, grid, walls) as one opaque cached surface."""
        b = self.s.board
        size = (math.ceil(self.cell * b.width) + 1, math.ceil(self.cell * b.height) + 1)
        key = (b.name, self.cell, size, self.s.game.num_players)
        if self._board_surf is None or self._board_key != key:
            surf = pygame.Surface(size)
            app = getattr(self.ctx, "app", None)
            sheet = app.paper() if app is not None else None
            if sheet is not None and sheet.get_rect().contains(pygame.Rect(self.origin, size)):
                # the window's own sheet under the board: no second paper to generate
                surf.blit(sheet, (0, 0), pygame.Rect(round(self.origin[0]), round(self.origin[1]), *size))
            else:
                surf.blit(paper.paper_surface(size, seed=11), (0, 0))
            self._draw_board(surf)
            self._board_surf = surf.convert() if pygame.display.get_surface() else surf
            self._board_key = key
        return self._board_surf

    def _draw_board(self, surf: pygame.Surface) -> None:
        draw_sheet(surf, self.s.board, self.cell, self.s.game.num_players)

    def unit_layer(self, moving: int | None) -> pygame.Surface:
        """The sheet with every unit (but ``moving``) drawn on it, cached until a unit changes.

        One blit per frame instead of a figure, an HP bar and a number per unit: the
        huge map has 60 of each.
        """
        s = self.s
        board = self.board_surface()
        key = (self._board_key, s.player, moving, tuple((u.id, u.x, u.y, u.hp, u.acted) for u in s.units.values()))
        if self._layer is None or key != self._layer_key:
            layer = board.copy()
            for u in s.units.values():
                if u.id != moving:
                    self._draw_unit(layer, u, u.sq, (0.0, 0.0))
            self._layer, self._layer_key = layer, key
        return self._layer

    def marked_layer(self, moving: int | None, human: bool) -> pygame.Surface:
        """The unit layer plus what a person's choice needs marked: the free squares of the start
        zone while building the squad, or the squares the selected unit can reach (each with the
        pool left after going there).  Cached: a 30-unit pool reaches a thousand squares."""
        base = self.unit_layer(moving)
        s = self.s
        if not human:
            return base
        if s.phase == SETUP:
            marks: tuple[object, ...] = ("setup", s.player, len(s.at))
        else:
            reach = self.reach()
            if not reach:
                return base
            marks = ("reach", self._reach_key, s.pool)
        key = (self._layer_key, marks)
        if self._marked is None or key != self._marked_key:
            layer = base.copy()
            c = self.cell
            if s.phase == SETUP:
                for sq in s.board.zones[s.player]:
                    if sq not in s.at and sq not in s.board.walls:
                        pygame.draw.rect(layer, paper.GOOD, self.sq_rect(sq, (0, 0)).inflate(-4, -4), 1)
            else:
                fill, ink = _mix(paper.PAPER, paper.GOOD, 0.12), _mix(paper.GOOD, paper.PAPER, 0.25)
                for sq, cost in reach.items():
                    r = self.sq_rect(sq, (0, 0))
                    pygame.draw.rect(layer, fill, r.inflate(-2, -2))
                    if c >= 18:
                        paper.text(layer, str(s.pool - cost), r.center, max(10, int(c * 0.3)), ink, "center")
            self._marked, self._marked_key = layer, key
        return self._marked

    def figure(self, kind: str, seat: int) -> pygame.Surface:
        size = max(8, int(self.cell * 0.78))
        key = (kind, seat, size)
        img = self._figures.get(key)
        if img is None:
            img = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
            draw_figure(img, kind, seat, ((size + 4) / 2, (size + 4) / 2), size)
            if size >= 15:
                paper.draw_symbol(img, seat, (size * 0.16, size * 0.16), size * 0.2, 1)
            img = img.convert_alpha() if pygame.display.get_surface() else img
            self._figures[key] = img
        return img

    def _draw_scrollbars(self, surface: pygame.Surface) -> None:
        """Where the view is on a board bigger than the window: a pencil bar along the bottom and the
        right edge of the board's part of the window."""
        b, vp, c = self.s.board, self.viewport, self.cell
        gw, gh = c * b.width, c * b.height
        if gw > vp.w:
            x0 = vp.x + vp.w * self.scroll[0] / gw
            bar = pygame.Rect(round(x0), vp.bottom + 2, max(12, round(vp.w * vp.w / gw)), 5)
            pygame.draw.rect(surface, paper.GRAPHITE, bar, border_radius=2)
        if gh > vp.h:
            y0 = vp.y + vp.h * self.scroll[1] / gh
            bar = pygame.Rect(vp.right + 2, round(y0), 5, max(12, round(vp.h * vp.h / gh)))
            pygame.draw.rect(surface, paper.GRAPHITE, bar, border_radius=2)

    def _draw_unit(self, surface: pygame.Surface, u: Unit, pos: tuple[float, float],
                   origin: tuple[float, float]) -> None:
        """A figure with its type's tag under it, the HP number at the top right and the HP bar; a unit
        of the seat to move that has acted is washed out under a plain tick in ink ("done")."""
        c = self.cell
        cx, cy = origin[0] + (pos[0] + 0.5) * c, origin[1] + (pos[1] + 0.5) * c
        img = self.figure(u.kind, u.owner)
        surface.blit(img, img.get_rect(center=(int(cx), int(cy - c * 0.1))))
        done = u.acted and u.owner == self.s.player and not self.s.is_over()
        if done:
            wash = pygame.Surface((max(1, int(c * 0.9)), max(1, int(c * 0.9))), pygame.SRCALPHA)
            wash.fill((*paper.PAPER, 150))
            surface.blit(wash, wash.get_rect(center=(int(cx), int(cy))))
        bar_h = max(3, c * 0.08)
        left, top, w = cx - c * 0.42, cy + c * 0.46 - bar_h, c * 0.84
        pygame.draw.rect(surface, paper.PAPER, pygame.Rect(left, top, w, bar_h))
        col = paper.GOOD if u.hp > 6 else ((200, 140, 0) if u.hp > 3 else paper.WARN)
        pygame.draw.rect(surface, col, pygame.Rect(left, top, w * max(0, u.hp) / MAX_HP, bar_h))
        self._label(surface, TAGS[u.kind], (cx, top - 1), max(11, int(c * 0.3)), paper.INK, "midbottom")
        self._label(surface, str(u.hp), (cx + c * 0.47, cy - c * 0.47), max(13, int(c * 0.36)), paper.INK,
                    "topright")
        if done:  # a plain tick in ink over the washed-out figure
            k, lw = c * 0.2, max(3, round(c * 0.08))
            pts = [(cx - 1.2 * k, cy - 0.5 * k), (cx - 0.4 * k, cy + 0.3 * k), (cx + 1.1 * k, cy - 1.3 * k)]
            pygame.draw.lines(surface, paper.PAPER, False, pts, lw + 4)
            pygame.draw.lines(surface, paper.INK, False, pts, lw)

    @staticmethod
    def _label(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int, colour: Colour,
               anchor: str) -> pygame.Rect:
        """Bold text on a scrap of paper (readable over a figure, a fold line or the grid)."""
        text = tr(text)  # measured as it is written, in the player's language
        r = pygame.Rect((0, 0), paper.font(size, True).size(text))
        setattr(r, anchor, (int(pos[0]), int(pos[1])))
        pygame.draw.rect(surface, paper.PAPER, r.inflate(4, 0), border_radius=3)
        return paper.text(surface, text, r.topleft, size, colour, bold=True)

    @staticmethod
    def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
        c = min(rect.w, rect.h) / 4
        ox, oy = rect.centerx - 2 * c, rect.centery - 1.5 * c
        for i in range(5):
            paper.pencil_line(surface, paper.PAPER_LINE, (ox + i * c, oy), (ox + i * c, oy + 3 * c), 1, i)
        for j in range(4):
            paper.pencil_line(surface, paper.PAPER_LINE, (ox, oy + j * c), (ox + 4 * c, oy + j * c), 1, 9 + j)
        draw_figure(surface, "smg", 0, (ox + 0.5 * c, oy + 1.5 * c), c * 0.8)
        draw_figure(surface, "rpg", 1, (ox + 3.5 * c, oy + 1.5 * c), c * 0.8)
        paper.pencil_line(surface, paper.WARN, (ox + 0.5 * c, oy + 1.5 * c), (ox + 3.5 * c, oy + 1.5 * c), 1)
