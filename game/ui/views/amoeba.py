"""The Amoeba Strategy board: an A4 sheet of blob countries drawn in pencil.

Map phase: freehand outlines with the mouse (a refused outline stays on the paper
in red with the reason).  Placement: click an empty country, pick the number in
the side panel (digits, wheel or a click); numbers that are not allowed are struck
through, and hovering one tells why.  Movement: click an enemy country for the
attack preview (your sum against the defenders), click again to attack; drag from
your country to neighbours to move, the wheel sets how many, Enter confirms.
"""

from __future__ import annotations

import math
import time
from collections.abc import Collection, Sequence

import pygame

from ...engine import Action, Event, IllegalAction
from ...levels import LevelError, save_user_level
from ...rules.amoeba.actions import (
    AnswerJoint,
    Attack,
    DrawCountry,
    FinishMap,
    Gather,
    Move,
    Place,
    Point,
    ProposeJoint,
)
from ...rules.amoeba.geometry import PAPER_H, PAPER_W, AmoebaMap, map_to_level, unsavable
from ...rules.amoeba.state import AmoebaState
from .. import paper
from ..view import GameView

PANEL_W = 200  #: the side panel beside the sheet ...
PANEL_H = 160  #: ... or under it, whichever leaves the sheet bigger
FRAME_MM = 6.0  #: paper kept around the countries once the map is drawn (the board zooms onto them)
LABEL_MIN = 14  #: the smallest "#n" country number, in pixels (readable at 1024x600)
TROOP_MIN = 18  #: the smallest troop number, in pixels
RED = paper.WARN
NEIGHBOUR = (70, 110, 170)  #: the outline of a hovered country's neighbours (everything depends on who touches)
REVEAL_S = 1.8  #: seconds the A-V8 choices stay drawn on the board before they resolve


def _tint(colour: Sequence[int], amount: float = 0.82) -> tuple[int, int, int]:
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
            pygame.draw.polygon(surf, _tint(paper.player_colour(o)), polys[i])
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


class Button:
    """A pencil-drawn button inside the board (clicks reach the view as mouse events)."""

    def __init__(self, label: str, key: str) -> None:
        self.label = label
        self.key = key
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surf: pygame.Surface, hot: bool) -> None:
        pygame.draw.rect(surf, paper.ERASER if hot else paper.PAPER, self.rect)
        paper.pencil_lines(surf, paper.INK, [self.rect.topleft, self.rect.topright, self.rect.bottomright,
                                             self.rect.bottomleft], True, 2, len(self.label))
        paper.text(surf, self.label, self.rect.center, 20, paper.INK, "center")


class AmoebaView(GameView):
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

    # -- cached layer: the sheet with its countries and troops ----------------------------------
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

    # -- input ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        self._fit()
        s = self.st
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self._quiet_cell and not any(n == self._quiet_cell and r.collidepoint(event.pos)
                                            for r, n in self.number_cells):
                self._quiet_cell = 0  # the pointer left the number just placed: its reason may show again
            if self.drawing and s.phase == "map":
                p = self.to_mm(event.pos)
                if not self.stroke or math.dist(p, self.stroke[-1]) > 0.8:
                    self.stroke.append(p)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    return True  # handled on release
            if s.phase == "map" and self.sheet.collidepoint(event.pos):
                self.drawing = True
                self.refused = None
                self.stroke = [self.to_mm(event.pos)]
                return True
            if s.phase in ("move", "detail") and not self._pointing():
                c = self.country_at(event.pos)
                if c >= 0 and s.owner[c] == s.player:
                    self.drag_from = c
                    return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    return self._button(b.key)
            if s.phase == "map":
                return self._finish_stroke()
            if s.phase == "place":
                return self._click_place(event.pos)
            if self._pointing():
                return self._click_point(event.pos)
            if s.phase in ("move", "detail"):
                return self._release_move(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self._cancel()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self._wheel(1 if event.y > 0 else -1)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _submit(self, action: Action) -> bool:
        ok = self.ctx.submit(action)
        if ok:
            self.selected, self.target, self.drag_from = -1, -1, -1
            self.legs = []
            self.typed = ""
            self.follow_pick = 0
            if isinstance(action, Place):
                self.number = 0  # it stands on the map now (A-P4): not a struck-through leftover
        return ok

    def _cancel(self) -> None:
        self.selected, self.target, self.drag_from = -1, -1, -1
        self.legs, self.typed, self.stroke, self.drawing = [], "", [], False

    def _button(self, key: str) -> bool:
        if key == "done":
            return self._submit(FinishMap())
        if key == "save":
            self._save_map()
            return True
        if key == "accept":
            return self._submit(AnswerJoint(True))
        if key == "decline":
            return self._submit(AnswerJoint(False))
        if key == "go":
            return self._confirm()
        if key == "joint" and self.target >= 0:
            return self._propose_joint()
        if key == "follow":
            self.follow_pick += 1
            return True
        if key == "cancel":
            self._cancel()
            return True
        return False

    def _save_map(self) -> None:
        """Save the map drawn so far among the user's maps (listed under Saved map on the setup screen)."""
        why = unsavable(self.st.map)
        if why:
            self.ctx.refuse(why)
            return
        name = time.strftime("drawn-%Y%m%d-%H%M%S")
        try:
            save_user_level("amoeba", name, map_to_level(self.st.map, name))
        except (LevelError, OSError) as exc:
            self.ctx.refuse(f"The map could not be saved: {getattr(exc, 'strerror', None) or exc}.")
            return
        self._say(f"Map saved as {name}: pick it under Saved map on the setup screen.")

    def _say(self, text: str) -> None:
        self.note, self.note_until = text, time.monotonic() + 4.0

    def _finish_stroke(self) -> bool:
        if not self.drawing:
            return False
        self.drawing = False
        pts = self.stroke
        self.stroke = []
        if len(pts) < 3:
            return False
        action = DrawCountry(tuple((round(x, 2), round(y, 2)) for x, y in pts))
        try:
            self.st.check(action)
        except IllegalAction as exc:
            self.refused = (pts, exc.message)
            self.ctx.refuse(exc.message, exc.rule)
            return True
        self.refused = None
        self._submit(action)
        return True

    # placement ------------------------------------------------------------------
    def _allowed(self) -> list[int]:
        s = self.st
        return s.allowed_numbers(s.player) if s.phase == "place" else []

    def _why_not(self, n: int) -> str:
        return self._why_not_rule(n)[0]

    def _why_not_rule(self, n: int) -> tuple[str, str]:
        """Why ``n`` cannot be placed now, and the rule that says so ("" when it can)."""
        s = self.st
        p = s.player
        if n > s.cap:
            return f"above the cap {s.cap}", "A-P3"
        if n > s.remaining[p]:
            return f"only {s.remaining[p]} left", "A-P6"
        for c in range(s.map.n):
            if s.troops[c] == n:
                return f"#{c + 1} holds {n}", "A-P4"
        return "", ""

    def _click_place(self, pos: tuple[int, int]) -> bool:
        s = self.st
        for rect, n in self.number_cells:
            if rect.collidepoint(pos):
                why, rule = self._why_not_rule(n)
                if why:
                    self.ctx.refuse(f"{n} troops, {why}.", rule)  # the line starts "Not allowed:"
                    return True
                self.number = n
                if self.selected >= 0:
                    if self._submit(Place(self.selected, n)):
                        self._quiet_cell = n  # placed: no "holds n" reason under a pointer that has not left
                    return True
                return True
        c = self.country_at(pos)
        if c < 0:
            return False
        if s.owner[c] >= 0:
            self.ctx.refuse("Troops go only into an empty country.", "A-P2")
            return True
        if c == self.selected and self.number in self._allowed():
            return self._submit(Place(c, self.number))
        self.selected = c
        allowed = self._allowed()
        if self.number not in allowed and allowed:
            self.number = allowed[-1]
        return True

    def _wheel(self, step: int) -> None:
        s = self.st
        if s.phase == "place":
            allowed = self._allowed()
            if not allowed:
                return
            if self.number not in allowed:
                self.number = allowed[-1]
                return
            i = allowed.index(self.number) + step
            self.number = allowed[max(0, min(len(allowed) - 1, i))]
        elif s.phase in ("move", "detail") and self.legs:
            src, _dst, n = self.legs[-1]
            used = sum(leg[2] for leg in self.legs[:-1] if leg[0] == src)
            self.legs[-1][2] = max(1, min(s.troops[src] - used, n + step))

    def _key(self, event: pygame.event.Event) -> bool:
        s = self.st
        k = event.key
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if s.phase == "map":
                return self._submit(FinishMap())
            return self._confirm()
        if k == pygame.K_BACKSPACE:
            if self.typed:
                self.typed = self.typed[:-1]
            else:
                self._cancel()
            return True
        if s.phase == "map" and k == pygame.K_s:
            self._save_map()
            return True
        if s.phase == "joint" and k in (pygame.K_y, pygame.K_n):
            return self._submit(AnswerJoint(k == pygame.K_y))
        if s.phase == "move" and k == pygame.K_j and self.target >= 0:
            return self._propose_joint()
        if s.phase in ("move", "detail") and k == pygame.K_f:
            self.follow_pick += 1
            return True
        if k in (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_RIGHT):
            self._wheel(1)
            return True
        if k in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_LEFT):
            self._wheel(-1)
            return True
        if s.phase == "place" and pygame.K_0 <= k <= pygame.K_9:
            self.typed = (self.typed + chr(k))[-2:]
            self.number = int(self.typed)
            return True
        return False

    def _confirm(self) -> bool:
        s = self.st
        if s.phase == "place" and self.selected >= 0:
            return self._submit(Place(self.selected, self.number))
        if s.phase in ("move", "detail"):
            if self.legs:
                return self._submit_legs()
            if self.target >= 0 and self._pointing() and s.owner[self.target] in (-1, s.player):
                return self._submit(Point(self.target))
            if self.target >= 0:
                return self._submit(self._attack_action())
        return False

    # A-V8 (rev 2): the secret choice is a point at a country, as the seed plays it ------------
    def _pointing(self) -> bool:
        """A simultaneous turn before the reveal: the player points at one country."""
        s = self.st
        return s.phase == "move" and bool(s.settings["simultaneous"])

    def _click_point(self, pos: tuple[int, int]) -> bool:
        s = self.st
        c = self.country_at(pos)
        if c < 0:
            return False
        mine = s.owner[c] == s.player
        gather_here = s.owner[c] < 0 and s.settings["gathering"]
        if not (mine or gather_here or s.owner[c] >= 0):
            self.ctx.refuse("Point at your own country to move from it, or at an enemy's to attack it.", "A-G3")
            return True
        if mine or gather_here:
            try:  # rev 4: a point the rules refuse (an empty country only one of yours borders) says why at once
                s.check(Point(c))
            except IllegalAction as exc:
                self.ctx.refuse(exc.message, exc.rule)
                self.target = -1
                return True
        if c == self.target:
            return self._submit(Point(c) if (mine or gather_here) else self._attack_action())
        self.target = c
        self.follow_pick = 0
        return True

    # movement -------------------------------------------------------------------
    def _follow_options(self, t: int) -> list[tuple[tuple[int, int], ...]]:
        s = self.st
        mode = s.settings["follow_up"]
        if mode == "off" or self._pointing() or t < 0 or s.owner[t] < 0 or s.kill_count(t) < s.troops[t]:
            return [()]
        srcs = s.attackers(t, s.player)
        out: list[tuple[tuple[int, int], ...]] = [()]
        out += [((c, s.troops[c]),) for c in srcs]
        if mode == "every" and len(srcs) > 1:
            out.append(tuple((c, s.troops[c]) for c in srcs))
        return out

    def _attack_action(self) -> Attack:
        opts = self._follow_options(self.target)
        return Attack(self.target, opts[self.follow_pick % len(opts)])

    def _propose_joint(self) -> bool:
        s = self.st
        t = self.target
        o = s.owner[t]
        partners = tuple(q for q in s.alive() if q not in (s.player, o) and s.attackers(t, q))
        if not partners:
            self.ctx.refuse("Nobody else has troops next to that country.", "A-V7")
            return True
        return self._submit(ProposeJoint(t, partners))

    def _release_move(self, pos: tuple[int, int]) -> bool:
        s = self.st
        c = self.country_at(pos)
        src = self.drag_from
        self.drag_from = -1
        if src >= 0 and c >= 0 and c != src:
            used = sum(leg[2] for leg in self.legs if leg[0] == src)
            left = s.troops[src] - used
            for leg in self.legs:
                if leg[0] == src and leg[1] == c:
                    return True
            if left <= 0:
                self.ctx.refuse(f"Every troop of #{src + 1} is already on its way.", "A-G3")
                return True
            if c not in s.adj(src):
                self.ctx.refuse(f"Country #{c + 1} is not next to #{src + 1}: troops move only between "
                                "countries that share a border.", "A-G3")
                return True
            self.legs.append([src, c, left])
            self.target = -1
            return True
        if c < 0:
            return False
        if src >= 0 and c == src and self.legs:
            return self._submit_legs()
        if s.owner[c] >= 0 and s.owner[c] != s.player:
            if c == self.target:
                return self._submit(self._attack_action())
            self.target = c
            self.follow_pick = 0
            self.legs = []
            return True
        return False

    def _submit_legs(self) -> bool:
        s = self.st
        legs = self.legs
        srcs = {leg[0] for leg in legs}
        dsts = {leg[1] for leg in legs}
        pointed = s.pending.get(s.player) if s.phase == "detail" else None
        if isinstance(pointed, Point) and s.owner[pointed.country] < 0 and dsts == {pointed.country}:
            # A-V8 with A-V6: pointed at an empty country, the troops written down gather into it,
            # from one of the countries around it or from several
            action: Action = Gather(pointed.country, tuple((src, n) for src, _d, n in legs))
        elif len(srcs) == 1:
            action = Move(legs[0][0], tuple((d, n) for _s, d, n in legs))
        elif len(dsts) == 1:
            action = Gather(legs[0][1], tuple((src, n) for src, _d, n in legs))
        else:
            self.ctx.refuse("A move has one source (or, gathering, one destination).",
                            "A-V6" if self.st.game.settings.get("gathering") else "A-G3")
            self.legs = []
            return True
        ok = self._submit(action)
        if not ok:
            self.legs = []
        return ok

    # -- animation ----------------------------------------------------------------------
    def on_events(self, events: Sequence[Event]) -> None:
        before, self._before = self._before, self.ctx.state.clone()  # type: ignore[assignment]
        flashes_before = len(self.flashes)
        for e in events:
            if e.kind == "reveal" and before is not None:
                self._start_reveal(before, e)
                flashes_before = len(self.flashes)
            if e.kind == "attack":
                self.flashes.append([int(e.data["target"]), 0.7, RED])
            elif e.kind == "place":
                self.flashes.append([int(e.data["country"]), 0.3, paper.player_colour(int(e.data["player"]))])
            elif e.kind == "country":
                self.flashes.append([int(e.data["country"]), 0.3, paper.GOOD])
            elif e.kind in ("move", "gather", "follow") and "player" in e.data:
                legs = e.data.get("legs", [])
                dests = [int(d) for d, _n in legs] if e.kind == "move" else [int(e.data.get("to", -1))]
                for d in dests:
                    if d >= 0:
                        self.flashes.append([d, 0.3, paper.player_colour(int(e.data["player"]))])
            elif e.kind == "clash":
                self.flashes.append([int(e.data["country"]), 0.5, paper.GRAPHITE])
            elif e.kind in ("reveal", "points"):
                self._say(e.text if len(e.text) < 90 else "All secret choices are revealed (see the log).")
        if self.reveal is not None and len(self.flashes) > flashes_before:
            # the resolution flashes once the choices have been seen
            self.reveal["after"] += self.flashes[flashes_before:]
            del self.flashes[flashes_before:]

    def _start_reveal(self, before: AmoebaState, e: Event) -> None:
        """Every secret choice drawn on the board as it stood when they were made (A-V8)."""
        game = self.ctx.state.game
        arrows: list[tuple[int, int, tuple[int, int, int]]] = []
        targets: list[tuple[int, tuple[int, int, int]]] = []
        lines: list[tuple[int, str]] = []
        for p_text, raw in sorted(e.data.get("choices", {}).items()):
            p = int(p_text)
            colour = paper.player_colour(p)
            try:
                act = game.decode_action(raw)
            except Exception:  # noqa: BLE001 - a choice we cannot draw is only not drawn
                continue
            lines.append((p, act.notation()))
            if isinstance(act, Attack):
                targets.append((act.target, colour))
                arrows += [(c, act.target, colour) for c in before.adj(act.target) if before.owner[c] == p]
            elif isinstance(act, Move):
                arrows += [(act.source, d, colour) for d, _n in act.dests]
            elif isinstance(act, Gather):
                arrows += [(c, act.dest, colour) for c, _n in act.sources]
        self.reveal = {"state": before, "arrows": arrows, "targets": targets, "left": REVEAL_S, "after": [],
                       "text": e.text, "lines": lines}

    def update(self, dt: float) -> None:
        if self.reveal is not None:
            self.reveal["left"] -= dt
            if self.reveal["left"] <= 0:
                self.flashes += self.reveal["after"]
                self.reveal = None
            return
        for f in self.flashes:
            f[1] -= dt
        self.flashes = [f for f in self.flashes if f[1] > 0]

    def busy(self) -> bool:
        """An A-V8 reveal, or an attack's flash, holds the computer seats (and input) back, briefly."""
        return self.reveal is not None or any(f[2] == RED and f[1] > 0.25 for f in self.flashes)

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

    def _draw_reveal(self, surface: pygame.Surface) -> None:
        for t, colour in self.reveal["targets"] if self.reveal else ():
            self._outline(surface, t, colour, 4)
        for src, dst, colour in self.reveal["arrows"] if self.reveal else ():
            self._arrow(surface, src, dst, colour, 4)
        paper.text(surface, "Revealed", (self.panel.x, self.panel.y), 22, paper.INK, bold=True)
        y = self.panel.y + 30
        x, col_w = self.panel.x, (min(self.panel.w, 340) if self.panel_under else self.panel.w)
        for p, said in self.reveal["lines"] if self.reveal else ():
            parts = paper.wrap(said, 17, col_w - 26)[:3]
            if self.panel_under and y + 21 * len(parts) > self.panel.bottom and x + 2 * col_w <= self.panel.right:
                x, y = x + col_w, self.panel.y + 30  # a wide, low panel: the next column
            paper.draw_symbol(surface, p, (x + 7, y + 10), 12)
            for part in parts:
                paper.text(surface, part, (x + 20, y), 17, paper.INK)
                y += 21
            y += 4

    def shown_status(self) -> str | None:
        if self.reveal is not None:
            return "Every secret choice is revealed at once (A-V8)."
        return None

    def _draw_flashes(self, surface: pygame.Surface) -> None:
        for c, left, colour in self.flashes:
            if c < self.st.map.n:
                width = 2 + int(6 * max(0.0, left))
                pygame.draw.polygon(surface, colour, self._poly_px(c), width)

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

    def _draw_neighbours(self, surface: pygame.Surface) -> int:
        """Hovering a country in play outlines its neighbours (the countries that share a border)."""
        s = self.st
        hover = self.country_at(self.mouse)
        self.shown["neighbours"] = list(s.adj(hover)) if hover >= 0 else []
        for d in self.shown["neighbours"]:
            self._outline(surface, d, NEIGHBOUR, 2)
        return hover

    def _sum_tag(self, surface: pygame.Surface, t: int, have: int) -> None:
        """The attackers' sum against the defenders, written on the board beside the target."""
        s = self.st
        ok = s.troops[t] < have
        self.shown["sum"] = (t, have)
        x, y = self.to_px(*s.map.labels[t])
        text = f"{have} vs {s.troops[t]}"
        f = paper.font(20, True)
        w, h = f.size(text)
        back = pygame.Rect(0, 0, w + 10, h + 2)
        back.midtop = (int(x), int(y + troop_size(self.scale) * 0.7))
        back.clamp_ip(self.sheet)
        pygame.draw.rect(surface, paper.PAPER, back, border_radius=5)
        pygame.draw.rect(surface, paper.GOOD if ok else RED, back, 2, border_radius=5)
        paper.text(surface, text, back.center, 20, paper.GOOD if ok else RED, "center", bold=True)

    def _outline(self, surface: pygame.Surface, c: int, colour: Sequence[int], width: int = 3) -> None:
        pts = self._poly_px(c)
        if len(pts) > 2:
            pygame.draw.polygon(surface, tuple(colour[:3]), pts, width)

    @property
    def text_w(self) -> int:
        """The width the panel's sentences wrap to (under the sheet the buttons stand at the right)."""
        return max(160, self.panel.w - 2 * 188) if self.panel_under else self.panel.w

    def _panel_buttons(self, labels: list[tuple[str, str]], y: int) -> int:
        """The buttons under the panel's text, or, in a panel under the sheet, in columns at its right."""
        self.buttons = []
        rows = max(1, (self.panel.h + 8) // 44)
        for i, (label, key) in enumerate(labels):
            b = Button(label, key)
            if self.panel_under:
                col, row = divmod(i, rows)
                b.rect = pygame.Rect(self.panel.right - 180 - col * 188, self.panel.y + row * 44, 180, 36)
            else:
                b.rect = pygame.Rect(self.panel.x, y, min(180, self.panel.w), 36)
                y += 44
            self.buttons.append(b)
        return y

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface, b.rect.collidepoint(self.mouse))

    def _draw_map_phase(self, surface: pygame.Surface) -> None:
        s = self.st
        draw_stroke(surface, [self.to_px(*p) for p in self.stroke])
        if self.refused is not None:
            pts, why = self.refused
            draw_refusal(surface, [self.to_px(*p) for p in pts], why, self.sheet)
        y = self.panel.y
        paper.text(surface, f"{s.map.n} countr{'y' if s.map.n == 1 else 'ies'}", (self.panel.x, y), 22, paper.INK, bold=True)
        paper.text(surface, f"ends at {s.game.countries_wanted}", (self.panel.x, y + 26), 18, paper.GRAPHITE)
        if not self.ctx.human_to_move():  # no dead buttons for another seat's turn (online: the other window's)
            self.buttons = []
            if not self.replaying:
                paper.text(surface, f"{s.game.player_name(s.player)} draws...", (self.panel.x, y + 60), 20,
                           paper.GRAPHITE)
            return
        y = self._panel_buttons([("Done (Enter)", "done"), ("Save map (S)", "save")], y + 60)
        self._draw_buttons(surface)

    def _draw_place_phase(self, surface: pygame.Surface) -> None:
        s = self.st
        hover = self._draw_neighbours(surface)
        if hover >= 0 and s.owner[hover] < 0:
            self._outline(surface, hover, paper.FAINT, 3)
        typed_why = self._why_not(self.number) if self.number else ""
        self.shown["struck"] = self.number if typed_why else 0
        if self.selected >= 0 and s.owner[self.selected] < 0:
            self._outline(surface, self.selected, paper.player_colour(s.player), 4)
            x, y = self.to_px(*s.map.labels[self.selected])
            if self.number:
                size = max(18, int(self.scale * 6))
                colour = paper.FAINT if typed_why else _tint(paper.player_colour(s.player), 0.4)
                box = paper.text(surface, str(self.number), (x, y), size, colour, "center", bold=True)
                if typed_why:  # struck through as the picker does, before Enter
                    self._strike(surface, box)
        # the number picker (only for the person to move: a computer's numbers are its own business)
        x0, y0 = self.panel.x, self.panel.y
        if not self.ctx.human_to_move():
            self.number_cells, self.buttons = [], []
            if not self.replaying:  # a replay shows the action on the board, not who is to place next
                paper.text(surface, f"{s.game.player_name(s.player)} places...", (x0, y0), 20, paper.GRAPHITE)
            return
        paper.text(surface, "How many?", (x0, y0), 22, paper.INK, bold=True)
        allowed = set(self._allowed())
        top = max(s.cap, max(allowed, default=1))
        cols = max(5, (self.panel.w - 4) // 36) if self.panel_under else 5
        cell = max(26, min(36, (self.panel.w - 4) // cols))
        self.number_cells = []
        hover_reason = ""
        for n in range(1, top + 1):
            r, c = divmod(n - 1, cols)
            rect = pygame.Rect(x0 + c * cell, y0 + 30 + r * (cell - 4), cell - 4, cell - 8)
            self.number_cells.append((rect, n))
            ok = n in allowed
            if n == self.number and ok:
                pygame.draw.rect(surface, _tint(paper.player_colour(s.player), 0.6), rect)
            paper.text(surface, str(n), rect.center, 18, paper.INK if ok else paper.FAINT, "center", bold=ok)
            if not ok:
                pygame.draw.line(surface, RED, (rect.left + 3, rect.bottom - 4), (rect.right - 3, rect.top + 4), 2)
                if rect.collidepoint(self.mouse) and n != self._quiet_cell:
                    hover_reason = f"{n}: {self._why_not(n)}"
        y = y0 + 30 + ((top - 1) // cols + 1) * (cell - 4) + 8
        if self.number and typed_why:
            box = paper.text(surface, f"{self.number}", (x0, y), 20, paper.FAINT, bold=True)
            self._strike(surface, box)
            for line in paper.wrap(f"not allowed: {typed_why}", 17, self.panel.w - 34):
                paper.text(surface, line, (x0 + 34, y + 2), 17, RED)
                y += 19
            y += 6
        self.shown["reason"] = hover_reason
        if hover_reason:
            for line in paper.wrap(hover_reason, 17, self.panel.w - 4):
                paper.text(surface, line, (x0, y), 17, RED)
                y += 19
        self.buttons = []

    @staticmethod
    def _strike(surface: pygame.Surface, box: pygame.Rect | None) -> None:
        if box is not None:
            pygame.draw.line(surface, RED, (box.left - 2, box.bottom - 3), (box.right + 2, box.top + 3), 2)

    def _draw_move_phase(self, surface: pygame.Surface) -> None:
        s = self.st
        me = s.player
        if self.drag_from < 0 and not self.legs:
            self._draw_neighbours(surface)
        x0, y = self.panel.x, self.panel.y
        labels: list[tuple[str, str]] = []
        if s.phase == "joint" and s.joint is not None:
            t = s.joint["target"]
            self._outline(surface, t, RED, 4)
            paper.text(surface, "Joint attack?", (x0, y), 22, paper.INK, bold=True)
            paper.text(surface, f"on #{t + 1}: {s.attack_sum(t, (s.joint['proposer'], *s.joint['partners']))}"
                                f" vs {s.troops[t]}", (x0, y + 26), 18, paper.INK)
            if not self.ctx.human_to_move():
                self.buttons = []
                if not self.replaying:
                    paper.text(surface, f"{s.game.player_name(s.player)} answers...", (x0, y + 60), 20, paper.GRAPHITE)
                return
            labels = [("Accept (Y)", "accept"), ("Decline (N)", "decline")]
            self._panel_buttons(labels, y + 60)
            self._draw_buttons(surface)
            return
        # drag in progress
        if self.drag_from >= 0:
            self._outline(surface, self.drag_from, paper.player_colour(me), 4)
            for d in s.move_targets(me, self.drag_from):
                self._outline(surface, d, paper.GOOD, 2)
            a = self.to_px(*s.map.labels[self.drag_from])
            pygame.draw.line(surface, paper.INK, a, self.mouse, 2)
        for src, dst, n in self.legs:
            a = self.to_px(*s.map.labels[src])
            b = self.to_px(*s.map.labels[dst])
            self._arrow(surface, src, dst, paper.player_colour(me))
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            tag = paper.font(22, True).size(str(n))
            back = pygame.Rect(0, 0, tag[0] + 8, tag[1])
            back.center = (int(mid[0]), int(mid[1]))
            pygame.draw.rect(surface, paper.PAPER, back, border_radius=5)
            pygame.draw.rect(surface, paper.player_colour(me), back, 1, border_radius=5)
            paper.text(surface, str(n), mid, 22, paper.INK, "center", bold=True)
        if self.legs:
            paper.text(surface, "Move", (x0, y), 22, paper.INK, bold=True)
            y += 28
            for src, dst, n in self.legs:
                paper.text(surface, f"{n} from #{src + 1} to #{dst + 1}", (x0, y), 18, paper.INK)
                y += 22
            for part in paper.wrap("wheel or arrow keys: how many", 16, self.text_w - 4):
                paper.text(surface, part, (x0, y), 16, paper.GRAPHITE)
                y += 19
            labels = [("Move (Enter)", "go"), ("Cancel", "cancel")]
            self._panel_buttons(labels, y + 7)
            self._draw_buttons(surface)
            return
        t = self.target
        if s.phase == "detail" and me in s.pending:
            pointed = s.pending[me]
            c = pointed.target if isinstance(pointed, Attack) else pointed.country  # type: ignore[attr-defined]
            self._outline(surface, c, paper.player_colour(me), 4)
            secret = "in secret" if me in s.dependent else "openly"
            # "You" only for a seat played here: online the seat to move may be the other window's
            here = not self.replaying and self.ctx.seat_kind(me) == "human"
            said = (f"You pointed at #{c + 1}: write the troops down {secret}." if here else
                    f"{s.game.player_name(me)} pointed at #{c + 1}: writes the troops down {secret}.")
            self.shown["pointed"] = said
            for part in paper.wrap(said, 17, self.text_w - 4):
                paper.text(surface, part, (x0, y), 17, paper.INK)
                y += 20
            y += 6
        y = self._draw_own_secret(surface, y)
        if t >= 0 and self._pointing() and s.owner[t] in (-1, me):
            self._outline(surface, t, paper.player_colour(me), 4)
            for d in (s.move_targets(me, t) if s.owner[t] == me else s.gather_sources(me, t)):
                self._outline(surface, d, paper.GOOD, 2)
            paper.text(surface, f"Move from #{t + 1}" if s.owner[t] == me else f"Gather into #{t + 1}",
                       (x0, y), 22, paper.INK, bold=True)
            y += 28
            for part in paper.wrap("You point at it in secret; the troops are written down after the reveal.",
                                   16, self.text_w - 4):
                paper.text(surface, part, (x0, y), 16, paper.GRAPHITE)
                y += 19
            self._panel_buttons([("Point (Enter)", "go"), ("Cancel", "cancel")], y + 7)
            self._draw_buttons(surface)
            return
        if t >= 0 and s.owner[t] >= 0 and s.owner[t] != me:
            have = s.attack_sum(t, me)
            ok = s.troops[t] < have
            for c in s.attackers(t, me):
                self._arrow(surface, c, t, paper.player_colour(me))
            self._outline(surface, t, RED if ok else paper.FAINT, 4)
            self._sum_tag(surface, t, have)
            paper.text(surface, f"Attack #{t + 1}", (x0, y), 22, paper.INK, bold=True)
            paper.text(surface, f"{have} against {s.troops[t]}", (x0, y + 28), 24, paper.GOOD if ok else RED, bold=True)
            paper.text(surface, "enough!" if ok else "not enough", (x0, y + 56), 18, paper.GRAPHITE)
            y += 84
            if ok and s.kill_count(t) < s.troops[t]:
                paper.text(surface, f"removes {s.kill_count(t)}", (x0, y), 18, paper.GRAPHITE)
                y += 22
            opts = self._follow_options(t)
            if len(opts) > 1:
                pick = opts[self.follow_pick % len(opts)]
                txt = "no follow-up" if not pick else ", ".join(f"{n} from #{c + 1}" for c, n in pick)
                paper.text(surface, f"follow: {txt}", (x0, y), 17, paper.INK)
                y += 22
                labels.append(("Follow-up (F)", "follow"))
            if ok:
                labels.insert(0, ("Attack (Enter)", "go"))
            if s._joint_allowed():
                labels.append(("Joint (J)", "joint"))
            labels.append(("Cancel", "cancel"))
            self._panel_buttons(labels, y + 4)
            self._draw_buttons(surface)
            return
        self.buttons = []
        hover = self.country_at(self.mouse)
        own = self._own_seat()
        if own is not None:
            me = own  # online, waiting for another seat: the preview is still this window's seat's
        if hover >= 0 and s.owner[hover] >= 0 and s.owner[hover] != me:
            have = s.attack_sum(hover, me)
            for c in s.attackers(hover, me):
                self._arrow(surface, c, hover, _tint(paper.player_colour(me), 0.45), 2)
            self._sum_tag(surface, hover, have)
            paper.text(surface, f"#{hover + 1}: {have} vs {s.troops[hover]}", (x0, y), 20,
                       paper.GOOD if s.troops[hover] < have else paper.GRAPHITE)

    def _own_seat(self) -> int | None:
        """Online, the one seat this window plays (None at one screen, at hot seat or watching)."""
        sess = getattr(self.ctx, "session", None)
        if self.replaying or not getattr(sess, "remote", False):
            return None
        seats = sess.local_seats()  # type: ignore[union-attr]
        return seats[0] if len(seats) == 1 else None

    def _draw_own_secret(self, surface: pygame.Surface, y: int) -> int:
        """A-V8 online: while the others choose, this window's seat sees its own secret choice (its
        point, or the troops it wrote down in secret).  Never another seat's: in this window's
        state those are only guessed (``from_view``).  Returns the y below the text."""
        s = self.st
        own = self._own_seat()
        if own is None or own == s.player or not s.settings["simultaneous"]:
            return y
        if s.phase == "move":
            act = s.pending.get(own)
        else:
            act = s.details.get(own) if s.phase == "detail" and own in s.dependent else None
        if act is None:
            return y
        colour = paper.player_colour(own)
        if isinstance(act, Attack):
            self._outline(surface, act.target, colour, 4)
        elif isinstance(act, Point):
            self._outline(surface, act.country, colour, 4)
        elif isinstance(act, Move):
            for d, _n in act.dests:
                self._arrow(surface, act.source, d, colour)
        elif isinstance(act, Gather):
            for c, _n in act.sources:
                self._arrow(surface, c, act.dest, colour)
        said = f"Your secret choice: {act.notation()}."
        self.shown["own"] = said
        for part in paper.wrap(said, 17, self.text_w - 4):
            paper.text(surface, part, (self.panel.x, y), 17, paper.INK)
            y += 20
        return y + 6

    # -- margin and hints ------------------------------------------------------------------
    def margin_lines(self) -> list[str]:
        s = self.st
        game = s.game
        lines: list[str] = []
        if s.phase == "map":
            lines.append(f"Countries: {s.map.n} (ends at {s.game.countries_wanted})")
        lines.append(f"Cap: {s.cap}")
        lines.append("Troops left: " + ", ".join(f"P{p + 1} {s.remaining[p]}" for p in range(game.num_players)))
        order = ", ".join(f"P{p + 1}" for p in s.runout) or "nobody yet"
        lines.append(f"Ran out: {order}")
        if s.phase in ("move", "joint", "detail", "over"):
            lines.append("On the map: " + ", ".join(f"P{p + 1} {s.total(p)}" for p in range(game.num_players)))
            lines.append(f"Round {s.round_no + 1}, quiet {max(0, s.quiet_rounds)}/{s.settings['stalemate_rounds']}")
            if s.settings["simultaneous"] and s.phase == "detail":
                lines.append("Written: " + (", ".join(f"P{p + 1}" for p in sorted(s.details)) or "nobody yet"))
            elif s.settings["simultaneous"] and s.pending:
                lines.append("Chosen: " + ", ".join(f"P{p + 1}" for p in sorted(s.pending)))
        return lines

    def hint(self) -> str:
        s = self.st
        if s.phase == "map":
            return "Draw a country against the map with the mouse; Enter when the map is done, S saves it."
        if s.phase == "place":
            if self.selected < 0:
                return "Click an empty country, then pick the number (digits, wheel or the list)."
            why = self._why_not(self.number) if self.number else "choose a number"
            if why:
                return f"{self.number or 'That'} cannot be placed ({why}): type or pick another number."
            return f"Place {self.number} in #{self.selected + 1}? Click it again or press Enter."
        if s.phase == "joint":
            return "Accept (Y) or decline (N) the joint attack."
        if s.phase == "detail" and s.player in s.pending and not self.legs:
            pointed = s.pending[s.player]
            if isinstance(pointed, Point) and s.owner[pointed.country] < 0:
                return (f"Write the gathering down: drag from your countries next to #{pointed.country + 1} "
                        "into it (the wheel sets how many), then Enter.")
            if isinstance(pointed, Point):
                return (f"Write the move down: drag from #{pointed.country + 1} to its neighbours "
                        "(the wheel sets how many), then Enter.")
            return "Choose the troops that follow (F), then click the country again or press Enter."
        if self._pointing():
            if self.target >= 0:
                return "Click the country again or press Enter to point at it; right-click cancels."
            if s.settings["gathering"]:
                return ("Point in secret: an enemy country to attack it, your own to move from it, or an empty "
                        "one two or more of yours border to gather into it.")
            return "Point in secret: click an enemy country to attack it, or your own country to move from it."
        if self.legs:
            return "Wheel or arrow keys set how many; drag again to split; Enter moves, right-click cancels."
        joint = s.phase == "move" and s._joint_allowed()
        if self.target >= 0:
            if joint:
                return "Click the country again or press Enter to attack, J to attack it together; right-click cancels."
            return "Click the country again or press Enter to attack; right-click cancels."
        if joint and not s.has_own_action(s.player):
            # rev 4: a joint proposal is a legal action, so this player is not passed over
            return "You cannot attack or move alone: click an enemy country, then J proposes a joint attack (A-V7)."
        return "Click an enemy country to attack, or drag from your country to a neighbour to move."

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
