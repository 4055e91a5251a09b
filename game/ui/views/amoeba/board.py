"""Amoeba's board: the sheet with its blob countries in pencil, their numbers and troops.

The drawing of a map is plain functions of the map (the map editor draws with them too);
``BoardMixin`` is the view's cached sheet layer and the outlines and arrows that the panels,
the hover cards and the animations draw on top of it, in the view's pixels.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

import pygame

from ....rules.amoeba.geometry import PAPER_H, PAPER_W, AmoebaMap
from ... import paper

FRAME_MM = 6.0  #: paper kept around the countries once the map is drawn (the board zooms onto them)
LABEL_MIN = 14  #: the smallest "#n" country number, in pixels (readable at 1024x600)
TROOP_MIN = 18  #: the smallest troop number, in pixels
RED = paper.WARN


def tint(colour: Sequence[int], amount: float = 0.82) -> tuple[int, int, int]:
    """``colour`` faded towards the paper by ``amount`` (owned countries, picked numbers, hints)."""
    return tuple(int(c + (p - c) * amount) for c, p in zip(colour[:3], paper.PAPER, strict=False))  # type: ignore[return-value]


def draw_countries(surf: pygame.Surface, amap: AmoebaMap, scale: float, owner: Sequence[int] = (),
                   only: Collection[int] | None = None, origin: tuple[float, float] = (0.0, 0.0)) -> None:
    """The sheet with its countries in pencil and their numbers (tinted by owner), onto ``surf``
    whose top-left is the sheet's corner.  The play view and the map editor share it.

    With ``only`` the caller has set a clip rectangle and filled it with paper: just those
    countries are drawn again (the ones that reach into the clip), in the same order.
    ``origin`` is the sheet point (mm) at the surface's corner when only part of the sheet is shown.
    """
    ox, oy = origin
    if only is None:
        surf.fill(paper.PAPER)
        which: Sequence[int] = range(amap.n)
    else:
        which = sorted(only)
    pygame.draw.rect(surf, paper.FAINT, surf.get_rect(), 1)
    polys = {i: [((x - ox) * scale, (y - oy) * scale) for x, y in amap.rings[i][0]] for i in which}
    for i in reversed(which):
        o = owner[i] if i < len(owner) else -1
        if o >= 0 and len(polys[i]) > 2:
            pygame.draw.polygon(surf, tint(paper.player_colour(o)), polys[i])
    for i in which:
        if len(polys[i]) > 2:
            paper.pencil_lines(surf, paper.GRAPHITE, polys[i], True, 2, i)
        for hole in amap.rings[i][1:]:
            pts = [((x - ox) * scale, (y - oy) * scale) for x, y in hole]
            if len(pts) > 2:
                paper.pencil_lines(surf, paper.GRAPHITE, pts, True, 2, i + 99)
    small = label_size(scale)
    for i in which:
        (x, y), r = amap.labels[i], amap.room[i]
        paper.text(surf, f"#{i + 1}", ((x - ox) * scale, tag_y(y - oy, r, scale)), small, paper.GRAPHITE,
                   "center", bold=True)



def label_size(scale: float) -> int:
    """The "#n" country number's size: never below LABEL_MIN pixels."""
    return max(LABEL_MIN, int(scale * 3.2))



def troop_size(scale: float) -> int:
    """The troop count's symbol size (its number is 4 px bigger): never below TROOP_MIN - 4."""
    return max(TROOP_MIN - 4, int(scale * 5.5))



def tag_y(y: float, room: float, scale: float) -> float:
    """The pixel height of a country's "#n": above its troop label, however small the country."""
    return y * scale - max(room * 0.75 * scale, (troop_size(scale) + 4) * 0.55 + label_size(scale) * 0.55)



def map_frame(amap: AmoebaMap) -> tuple[float, float, float, float]:
    """The part of the sheet (x, y, w, h in mm) the countries need, with a margin of paper."""
    xs = [x for i in range(amap.n) for x, _ in amap.rings[i][0]]
    ys = [y for i in range(amap.n) for _, y in amap.rings[i][0]]
    if not xs:
        return 0.0, 0.0, PAPER_W, PAPER_H
    x0, y0 = max(0.0, min(xs) - FRAME_MM), max(0.0, min(ys) - FRAME_MM)
    x1, y1 = min(PAPER_W, max(xs) + FRAME_MM), min(PAPER_H, max(ys) + FRAME_MM)
    return x0, y0, x1 - x0, y1 - y0



def country_boxes(amap: AmoebaMap, scale: float, origin: tuple[float, float] = (0.0, 0.0)) -> list[pygame.Rect]:
    """Per country, the sheet pixels its drawing may touch: outline, "#n" and the troop label."""
    boxes = []
    small, size = label_size(scale), troop_size(scale)
    num_w = paper.font(size + 4, True).size("000")[0]
    tag_w = paper.font(small, True).size(f"#{amap.n}")[0]
    ox, oy = origin
    for i in range(amap.n):
        xs = [x - ox for x, _ in amap.rings[i][0]]
        ys = [y - oy for _, y in amap.rings[i][0]]
        box = pygame.Rect(int(min(xs) * scale) - 4, int(min(ys) * scale) - 4,
                          int((max(xs) - min(xs)) * scale) + 9, int((max(ys) - min(ys)) * scale) + 9)
        (x, y), r = amap.labels[i], amap.room[i]
        lx, ly = (x - ox) * scale, (y - oy) * scale
        box.union_ip(pygame.Rect(int(lx - size * 1.3), int(ly - size), int(size * 1.3 + num_w + 8), 2 * size + 2))
        ty = tag_y(y - oy, r, scale)
        box.union_ip(pygame.Rect(int(lx - tag_w / 2) - 3, int(ty - small), tag_w + 6, 2 * small))
        boxes.append(box)
    return boxes



def draw_stroke(surface: pygame.Surface, pts: Sequence[tuple[float, float]]) -> None:
    """The outline being drawn, in pixels."""
    if len(pts) > 1:
        paper.pencil_lines(surface, paper.INK, pts, False, 2)



def draw_refusal(surface: pygame.Surface, pts: Sequence[tuple[float, float]], why: str,
                 sheet: pygame.Rect) -> None:
    """A refused outline stays on the paper in red with the reason written under it (pixels)."""
    if len(pts) < 2:
        return
    paper.pencil_lines(surface, RED, pts, True, 2)
    x = min(p[0] for p in pts)
    y = min(max(p[1] for p in pts) + 6, sheet.bottom - 24)
    width = max(160, sheet.w // 2)
    lines = paper.wrap(why, 17, width)
    x = max(sheet.x + 4, min(x, sheet.right - width - 4))
    y = min(y, sheet.bottom - 4 - 19 * len(lines))
    for i, line in enumerate(lines):
        paper.text(surface, line, (x, y + i * 19), 17, RED)



class BoardMixin:
    """The board part of AmoebaView: the sheet as a cached opaque layer (redrawn only where owners
    or troops changed), the troop labels, and country outlines and arrows in the view's pixels."""

    def _sheet(self) -> pygame.Surface:
        """The sheet as an opaque cached surface.  A new map or size redraws it all; a change of
        owners or troops redraws only the changed countries' patch (and whatever reaches into it)."""
        s = self.st
        if self._sheet_surf is None or self._sheet_surf.get_size() != self.sheet.size:
            surf = pygame.Surface(self.sheet.size)
            self._sheet_surf = surf.convert() if pygame.display.get_surface() is not None else surf
            self._sheet_key = None
        surf = self._sheet_surf
        key = (self.sheet.size, self.scale, self.origin, s.map)
        if self._sheet_key != key:
            self._boxes = country_boxes(s.map, self.scale, self.origin)
            draw_countries(surf, s.map, self.scale, s.owner, origin=self.origin)
            self._draw_troops(surf, (-self.sheet.x, -self.sheet.y))
            self._sheet_key = key
        elif self._drawn != (s.owner, s.troops):
            owner0, troops0 = self._drawn
            dirty = [c for c in range(s.map.n) if owner0[c] != s.owner[c] or troops0[c] != s.troops[c]]
            patch = self._boxes[dirty[0]].unionall([self._boxes[c] for c in dirty[1:]])
            near = {c for c, b in enumerate(self._boxes) if b.colliderect(patch)}
            surf.set_clip(patch)
            surf.fill(paper.PAPER, patch)
            draw_countries(surf, s.map, self.scale, s.owner, near, self.origin)
            self._draw_troops(surf, (-self.sheet.x, -self.sheet.y), near)
            surf.set_clip(None)
        self._drawn = (list(s.owner), list(s.troops))
        return surf

    def _poly_px(self, c: int) -> list[tuple[float, float]]:
        return [self.to_px(x, y) for x, y in self.st.map.rings[c][0]]

    def _draw_troops(self, surface: pygame.Surface, shift: tuple[float, float] = (0.0, 0.0),
                     only: Collection[int] | None = None) -> None:
        s = self.st
        size = troop_size(self.scale)
        for c in (range(s.map.n) if only is None else sorted(only)):
            o = s.owner[c]
            if o < 0:
                continue
            x, y = self.to_px(*s.map.labels[c])
            x, y = x + shift[0], y + shift[1]
            paper.draw_symbol(surface, o, (x - size * 0.75, y), size * 0.7)
            paper.text(surface, str(s.troops[c]), (x + 2, y), size + 4, paper.player_colour(o), "midleft", bold=True)

    def _outline(self, surface: pygame.Surface, c: int, colour: Sequence[int], width: int = 3) -> None:
        pts = self._poly_px(c)
        if len(pts) > 2:
            pygame.draw.polygon(surface, tuple(colour[:3]), pts, width)

    def _arrow(self, surface: pygame.Surface, src: int, dst: int, colour: Sequence[int], width: int = 3) -> None:
        """A pencil arrow between two countries' labels, trimmed so the numbers stay readable."""
        a = self.to_px(*self.st.map.labels[src])
        b = self.to_px(*self.st.map.labels[dst])
        d = math.dist(a, b)
        if d < 1:
            return
        trim = min(d * 0.3, max(14.0, self.scale * 6))
        ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
        a2 = (a[0] + ux * trim, a[1] + uy * trim)
        b2 = (b[0] - ux * trim, b[1] - uy * trim)
        paper.pencil_line(surface, colour, a2, b2, width)
        head = 9
        for sgn in (1, -1):
            hx = b2[0] - head * (ux * 0.87 - sgn * uy * 0.5)
            hy = b2[1] - head * (uy * 0.87 + sgn * ux * 0.5)
            paper.pencil_line(surface, colour, b2, (hx, hy), width)
