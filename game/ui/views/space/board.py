"""Pencil Space Combat's board: the sheet of paper as it stands, in paper millimetres on screen.

The paper's place in the window (mm <-> pixels), the cached sheet (paper, hangars, walls, rocks),
the tears, the faint residue of old traces, and the pieces with their badges (owner's symbol and
number) written on bare paper.  While a flick plays out the board shows the paper as it was
before it (``_shown``, see anim.py), so nothing jumps ahead of the pencil.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from ....rules.space.evaluate import Piece
from ....rules.space.geometry import IN, piece_polygon
from ....rules.space.state import SpaceState
from ... import paper
from ...view import GameView

if TYPE_CHECKING:
    import pygame_gui

Pt = tuple[float, float]
ROCK_FILL = (226, 221, 208)
ROCK_HATCH = (150, 146, 138)
ROCK_LINE = (82, 80, 78)
TEAR = (60, 40, 40)
RESIDUE = (178, 175, 166)
PANEL_W = 184
NUMBER_SIZE = 16  #: ship numbers on the paper: small, legible


class SpaceBoard(GameView):
    """What every part of the view shares: the state, where the paper is on screen, and the paper
    drawn as it stands.  The other parts (gestures.py, hover.py, panel.py, anim.py) build on it;
    the view's data is set in view.py (``SpaceView.__init__`` and ``reset``)."""

    # -- the view's data (what the parts read and write; given its values in view.py) -------------
    scale: float
    origin: Pt
    show_residue: bool  #: S-S5: old traces shown as residue (E toggles)
    show_aim: bool  #: the aiming aid's dashed line (A toggles)
    mode: str  #: "move" or "shot": what a left drag flicks
    pencil: str  #: the pencil in hand (S-V10)
    turret: bool  #: placing a turret instead of a ship (S-V8)
    place_heading: float | None  #: the heading (degrees) the wheel or arrows gave the ship being placed
    stopper: tuple[float, float, float, float] | None  #: the hand on the paper (S-V9), mm
    hand_mode: bool  #: the next drag places the hand
    buttons: dict[str, pygame_gui.elements.UIButton]
    card_buttons: dict[str, pygame_gui.elements.UIButton]
    drag: dict[str, Any] | None  #: the press being dragged: its kind, start (mm), trail of (seconds, mm)
    hover: Pt | None  #: the pointer on the paper (mm)
    heading_preview: float | None  #: S-M6: the heading (radians) the person is turning the landed ship to
    outline: list[Pt]  #: the asteroid loop being drawn (S-U5)
    refused_outline: tuple[list[Pt], float] | None  #: a refused loop and the seconds it stays in red
    anim: list[dict[str, Any]]  #: what the last action did, playing out (anim.py)
    near_miss: dict[str, Any] | None  #: the last shot's near miss, written until the next flick
    _seen: tuple[list[Piece], list[Polygon]]
    _shown: tuple[list[Piece], list[Polygon]] | None  #: the paper before the flick, while it plays out
    _placed_cache: tuple[Any, tuple[float, float, float]] | None
    _static: pygame.Surface | None
    _static_key: object
    _sheet_surf: pygame.Surface | None
    _sheet_key: object
    _residue: pygame.Surface | None
    _residue_key: object
    _marks_key: object
    _marks_at: tuple[dict[int, Pt], dict[int, Pt]]

    if TYPE_CHECKING:  # the panel's (panel.py): the buttons follow the state after a gesture or an action
        def _sync_widgets(self) -> None: ...

    @property
    def state(self) -> SpaceState:
        s = self.ctx.state
        assert isinstance(s, SpaceState)
        return s

    # -- coordinates (mm on the paper <-> pixels) -------------------------------------------
    def _fit(self) -> None:
        g = self.state.game
        # the tool column only where there are tools: a replay has none, so the paper takes the room
        panel = self.ui_px(PANEL_W) if self.rect.w - self.ui_px(PANEL_W) > 300 and not self.replaying else 0
        self.scale = max(0.1, min((self.rect.w - panel - 24) / g.width, (self.rect.h - 16) / g.height))
        cx = self.rect.x + panel + (self.rect.w - panel) / 2
        self.origin = (cx - g.width * self.scale / 2, self.rect.centery - g.height * self.scale / 2)

    def px(self, p: Sequence[float]) -> Pt:
        g = self.state.game
        return self.origin[0] + p[0] * self.scale, self.origin[1] + (g.height - p[1]) * self.scale

    def mm(self, pos: Sequence[float]) -> Pt:
        g = self.state.game
        return (pos[0] - self.origin[0]) / self.scale, g.height - (pos[1] - self.origin[1]) / self.scale

    def paper_rect(self) -> pygame.Rect:
        g = self.state.game
        x0, y0 = self.px((0, g.height))
        return pygame.Rect(int(x0), int(y0), int(round(g.width * self.scale)), int(round(g.height * self.scale)))

    def _local(self, p: Sequence[float]) -> Pt:
        """Pixel position on the cached sheet (whose top-left is the paper's top-left corner)."""
        x, y = self.px(p)
        return x - self.origin[0], y - self.origin[1]

    # -- the cached sheet: paper, hangars, walls and rocks, one opaque surface ------------------------
    def _sheet(self) -> pygame.Surface:
        """Redrawn only when the doors, the rocks or the scale change; one plain blit per frame."""
        s = self.state
        rocks = self._rocks_now()
        size = self.paper_rect().size
        static_key = (size, tuple(s.doors))
        if self._static_key != static_key or self._static is None:
            self._static = self._draw_static(size)
            self._static_key = static_key
            self._sheet_key = None
        sheet_key = (static_key, id(rocks), len(rocks))
        if self._sheet_key != sheet_key or self._sheet_surf is None:
            surf = self._static.copy()
            draw_rocks(surf, rocks, self._local, self.scale)
            self._sheet_surf = surf.convert() if pygame.display.get_surface() else surf
            self._sheet_key = sheet_key
            self._rocks_ref = rocks  # held, so no other list can take its id while the sheet is keyed by it
        return self._sheet_surf

    def _draw_static(self, size: tuple[int, int]) -> pygame.Surface:
        g = self.state.game
        surf = paper.paper_surface(size, seed=11).copy()
        pygame.draw.rect(surf, paper.FAINT, surf.get_rect(), 1)
        for h in g.hangars:
            colour = paper.player_colour(h.seat)
            rx0, ry0, rx1, ry1 = h.region.bounds
            a, b = self._local((rx0, ry1)), self._local((rx1, ry0))
            tint = pygame.Surface((max(1, int(b[0] - a[0])), max(1, int(b[1] - a[1]))), pygame.SRCALPHA)
            tint.fill((*colour, 20))
            surf.blit(tint, (a[0], a[1]))
            for k, seg in enumerate(h.wall_segments(self.state.doors[h.seat])):
                pts = [self._local(c) for c in seg.coords]
                paper.pencil_line(surf, paper.INK, pts[0], pts[-1], 3, seed=h.seat * 7 + k, wobble=0.3)
        return surf

    def _rocks_now(self) -> list[Polygon]:
        return self._shown[1] if self._shown is not None else self.state.asteroids

    def _pieces_now(self) -> list[Piece]:
        return self._shown[0] if self._shown is not None else self.state.pieces

    # -- what stands on the paper ---------------------------------------------------------------------
    def _draw_residue(self, surface: pygame.Surface) -> None:
        """S-S5: old traces as faint pencil residue, drawn into a cached layer (redrawn only when a trace is
        added, erased or the window changes, so frames stay one blit however many traces there are)."""
        s = self.state
        traces = s.residue[:-1] if any(a["kind"] == "trace" for a in self.anim) else s.residue
        size = self.paper_rect().size
        key = (size, tuple((m, len(u), u[0][0] if u and u[0] else None, u[-1][-1] if u and u[-1] else None)
                           for m, u in traces))
        if self._residue_key != key or self._residue is None:
            layer = pygame.Surface(size, pygame.SRCALPHA)
            n = len(traces)
            for age, (mode, used) in enumerate(reversed(traces)):
                fade = min(1.0, age / max(1, n))  # the newest residue is a little darker
                base = RESIDUE if mode == "move" else (196, 172, 160)
                colour = tuple(int(c + (236 - c) * fade * 0.5) for c in base)
                for strand in used:
                    if len(strand) >= 2:
                        pygame.draw.aalines(layer, colour, False, [self._local(p) for p in strand])
            self._residue, self._residue_key = layer, key
        surface.blit(self._residue, self.paper_rect().topleft)

    def _tear(self, surface: pygame.Surface, a: Pt, b: Pt) -> None:
        pa, pb = self.px(a), self.px(b)
        n = 7
        pts = []
        for k in range(n + 1):
            t = k / n
            off = (2.5 if k % 2 else -2.5) if 0 < k < n else 0
            dx, dy = pb[0] - pa[0], pb[1] - pa[1]
            ln = math.hypot(dx, dy) or 1
            pts.append((pa[0] + dx * t - dy / ln * off, pa[1] + dy * t + dx / ln * off))
        paper.pencil_lines(surface, TEAR, pts, False, 2)

    def _piece(self, surface: pygame.Surface, p: Piece, highlight: bool = False, heading: float | None = None,
               outline: tuple[int, int, int] | None = None) -> None:
        colour = paper.player_colour(p.owner)
        if heading is not None:
            p = p._replace(heading=heading)
        pts = [self.px(c) for c in _outline(p.kind, p.x, p.y, p.heading)]
        # a ring of bare paper round the hull: a trace that passed close by (a miss) never seems to touch it
        pygame.draw.polygon(surface, paper.PAPER, pts, 6)
        pygame.draw.polygon(surface, tuple(min(255, c + 100) for c in colour), pts)
        paper.pencil_lines(surface, outline or colour, pts, True, 2, seed=p.id)
        if highlight:
            paper.pencil_circle(surface, paper.WARN, self.px((p.x, p.y)), max(6.0, 2.5 * self.scale), 1, p.id)
        bx, by = self.px(self._badge(p))
        paper.draw_symbol(surface, p.owner, (bx, by), max(5.0, 2.0 * self.scale), 1)
        paper.text(surface, str(p.id), (bx + max(4.0, 1.6 * self.scale), by), NUMBER_SIZE, paper.INK, "midleft")

    def _badge(self, p: Piece) -> Pt:
        """Where the owner's symbol and the ship's number go: clear of every ship (see _marks)."""
        at = self._marks()[1].get(p.id)
        return at if at is not None else self._badge_options(p)[0]

    def _badge_options(self, p: Piece) -> list[Pt]:
        """Places for a piece's badge, best first: behind the ship, beside it, ahead, then further out
        (as far as the badge is big at this scale); only those whose badge lies on the paper."""
        g = self.state.game
        if p.kind == "turret":
            options = [(0.0, -5.5), (0.0, 5.5), (5.5, 0.0), (-5.5, 0.0)]
        else:
            cx, cy = math.cos(p.heading), math.sin(p.heading)
            back = -(IN / 4 + 3.5)
            options = [(cx * back, cy * back), (-cy * 5, cx * 5), (cy * 5, -cx * 5), (cx * 4.5, cy * 4.5)]
        x0, y0, x1, y1 = self.badge_box(p, (0.0, 0.0)).bounds
        reach = max(x1 - x0, y1 - y0) + IN / 4
        options += [(math.cos(k * math.pi / 4) * r, math.sin(k * math.pi / 4) * r)
                    for r in (reach * 0.6, reach, reach * 1.5) for k in range(8)]
        out = []
        for dx, dy in options:
            bx0, by0, bx1, by1 = self.badge_box(p, (p.x + dx, p.y + dy)).bounds
            if 0 <= bx0 and bx1 <= g.width and 0 <= by0 and by1 <= g.height:
                out.append((p.x + dx, p.y + dy))
        return out or [(p.x, p.y)]

    def badge_box(self, p: Piece, at: Pt) -> Polygon:
        """The paper (mm) a badge at ``at`` covers: the owner's symbol and the number right of it."""
        sc = max(self.scale, 1e-6)
        r = max(5.0, 2.0 * self.scale) / sc
        tw, th = paper.font(NUMBER_SIZE).size(str(p.id))
        half = max(r, th / 2 / sc)
        return box(at[0] - r, at[1] - half, at[0] + (max(4.0, 1.6 * self.scale) + tw) / sc, at[1] + half)

    def _hangar_mark_px(self) -> float:
        return max(8.0, IN * self.scale * 0.3)

    def _marks(self) -> tuple[dict[int, Pt], dict[int, Pt]]:
        """Where each hangar's owner mark and each piece's badge (symbol and number) are written: on
        bare paper, never on a ship (issue 32).  Recomputed only when a piece or the scale changes."""
        pieces = self._pieces_now()
        g = self.state.game
        key = (self.scale, g.width, g.height, tuple((p.id, p.kind, p.x, p.y, p.heading) for p in pieces))
        if key == self._marks_key:
            return self._marks_at
        bodies = [Polygon(_outline(p.kind, p.x, p.y, p.heading)).buffer(0.8) for p in pieces]
        taken: list[BaseGeometry] = list(bodies)
        hangar_at: dict[int, Pt] = {}
        r = self._hangar_mark_px() / max(self.scale, 1e-6) + 0.8
        for h in g.hangars:
            spot = _clear_spot(h.region, r, taken)
            hangar_at[h.seat] = spot
            taken.append(Point(spot).buffer(r))
        walls = [seg.buffer(0.6) for h in g.hangars for seg in h.wall_segments(self.state.doors[h.seat])]
        badges: dict[int, Pt] = {}
        for p in pieces:
            best, least = None, math.inf
            for at in self._badge_options(p):
                area = self.badge_box(p, at)
                cover = sum(area.intersection(t).area for t in taken if area.intersects(t))
                cover += 0.1 * sum(area.intersection(w).area for w in walls if area.intersects(w))
                if cover < least:
                    best, least = at, cover
                if cover == 0:
                    break
            assert best is not None
            badges[p.id] = best
            taken.append(self.badge_box(p, best))
        self._marks_key, self._marks_at = key, (hangar_at, badges)
        return self._marks_at

    @staticmethod
    def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
        r = pygame.Rect(rect).inflate(-10, -10)
        pygame.draw.rect(surface, paper.PAPER, r)
        pygame.draw.rect(surface, paper.FAINT, r, 1)
        band = r.h // 8
        paper.pencil_line(surface, paper.INK, (r.left, r.bottom - band), (r.centerx - 10, r.bottom - band), 2)
        paper.pencil_line(surface, paper.INK, (r.centerx + 10, r.bottom - band), (r.right, r.bottom - band), 2)
        paper.pencil_line(surface, paper.INK, (r.left, r.top + band), (r.right, r.top + band), 2)
        nose = (r.centerx, r.bottom - band - 14)
        ship = [nose, (nose[0] - 5, nose[1] + 16), (nose[0] + 5, nose[1] + 16)]
        pygame.draw.polygon(surface, paper.player_colour(0), ship)
        pts = [(nose[0] + 18 * math.sin(t / 6) * (t / 30), nose[1] - t * 2) for t in range(0, 30)]
        paper.pencil_lines(surface, paper.GRAPHITE, pts, False, 2)
        rock = [(r.left + 20, r.centery - 10), (r.left + 40, r.centery - 18), (r.left + 52, r.centery),
                (r.left + 36, r.centery + 14), (r.left + 18, r.centery + 6)]
        paper.pencil_polygon(surface, ROCK_LINE, rock, fill=ROCK_FILL)
        pygame.draw.polygon(surface, paper.player_colour(1), [(r.right - 40, r.top + band + 30),
                                                              (r.right - 45, r.top + band + 14),
                                                              (r.right - 35, r.top + band + 14)])


def _clear_spot(region: Polygon, r: float, taken: Sequence[BaseGeometry]) -> Pt:
    """A point of ``region`` at least ``r`` from its edges and clear of everything ``taken`` by ``r``:
    the centre when it is free, else the free point nearest to it (else the least covered one)."""
    x0, y0, x1, y1 = region.bounds
    c = region.centroid
    inner = region.buffer(-r)
    spots = [(c.x, c.y)]
    for i in range(1, 25):
        f = i / 25
        spots.append((x0 + (x1 - x0) * f, c.y) if x1 - x0 >= y1 - y0 else (c.x, y0 + (y1 - y0) * f))
    spots = [q for q in spots if inner.is_empty or inner.contains(Point(q))] or [(c.x, c.y)]
    spots.sort(key=lambda q: math.dist(q, (c.x, c.y)))
    best, room = spots[0], -math.inf
    for q in spots:
        clear = min((t.distance(Point(q)) for t in taken), default=math.inf) - r
        if clear >= 0:
            return q
        if clear > room:
            best, room = q, clear
    return best


@lru_cache(maxsize=4096)
def _outline(kind: str, x: float, y: float, heading: float) -> tuple[Pt, ...]:
    """A piece's outline in mm: exactly the polygon the rules test (cached, not rebuilt every frame)."""
    return tuple((float(cx), float(cy)) for cx, cy in piece_polygon(kind, x, y, heading).exterior.coords[:-1])


def draw_rocks(surf: pygame.Surface, rocks: Sequence[Polygon], to_px: Any, scale: float) -> None:
    """Asteroids as pencil outlines shaded with diagonal hatching (for cached layers: not every frame)."""
    if not rocks:
        return
    size = surf.get_size()
    mask = pygame.Surface(size, pygame.SRCALPHA)
    for rock in rocks:
        pygame.draw.polygon(mask, (255, 255, 255, 255), [to_px(c) for c in rock.exterior.coords])
        for hole in rock.interiors:
            pygame.draw.polygon(mask, (0, 0, 0, 0), [to_px(c) for c in hole.coords])
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((*ROCK_FILL, 255))
    spacing = max(4, int(round(2.2 * scale)))
    w, h = size
    for k in range(-h, w, spacing):
        pygame.draw.aaline(shade, ROCK_HATCH, (k, h), (k + h, 0))
    shade.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(shade, (0, 0))
    for i, rock in enumerate(rocks):
        paper.pencil_lines(surf, ROCK_LINE, [to_px(c) for c in rock.exterior.coords], True, 2, seed=i)
        for hole in rock.interiors:
            paper.pencil_lines(surf, ROCK_LINE, [to_px(c) for c in hole.coords], True, 1, seed=i + 7)
