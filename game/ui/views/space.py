"""Board view of Pencil Space Combat: a sheet of paper, hangars, asteroids and pencil flicks.

Press on a ship's nose, drag and release: the drag's direction, its length and
the speed of the release are the flick's intention (the rules add the noise).
Every decision is the rules' (``ctx.submit``); this view only draws and listens.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame
from shapely.geometry import Polygon

from ...engine import Event
from ...rules.space.evaluate import Piece
from ...rules.space.flick import PENCILS
from ...rules.space.geometry import IN
from ...rules.space.state import (
    CallDraw,
    DrawAsteroid,
    FieldDone,
    Flick,
    Heading,
    Pass,
    PlaceDoor,
    PlacePiece,
    SpaceState,
)
from .. import paper
from ..view import GameView

Pt = tuple[float, float]
TRACE_TIME = 0.55  #: seconds for the pencil stroke to grow
BOOM_TIME = 0.6  #: seconds for explosions and blasts
ROCK_FILL = (214, 208, 194)
ROCK_LINE = (92, 88, 84)
TEAR = (60, 40, 40)


class SpaceView(GameView):
    """Draws the sheet in ``self.rect``; turns presses, drags and keys into actions."""

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.scale = 1.0
        self.origin = (0.0, 0.0)
        self.static = paper.Layer(self._draw_static)
        self.rocks = paper.Layer(self._draw_rocks)
        self.show_residue = True
        self.show_aim = True
        self.mode = "move"
        self.pencil = "hb"
        self.turret = False
        self.place_heading: float | None = None
        self.stopper: tuple[float, float, float, float] | None = None
        self.hand_mode = False
        self.reset()

    # -- lifecycle ---------------------------------------------------------------------
    def reset(self) -> None:
        self.drag: dict[str, Any] | None = None
        self.hover: Pt | None = None
        self.heading_preview: float | None = None
        self.anim: list[dict[str, Any]] = []
        self.anim_pieces: list[Piece] | None = None
        self.outline: list[Pt] = []
        self.static.invalidate()
        self.rocks.invalidate()

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self.static.invalidate()
        self.rocks.invalidate()

    @property
    def state(self) -> SpaceState:
        s = self.ctx.state
        assert isinstance(s, SpaceState)
        return s

    # -- coordinates (mm on the paper <-> pixels) -------------------------------------------
    def _fit(self) -> None:
        g = self.state.game
        self.scale = min((self.rect.w - 16) / g.width, (self.rect.h - 16) / g.height)
        self.scale = max(self.scale, 0.1)
        self.origin = (self.rect.centerx - g.width * self.scale / 2, self.rect.centery - g.height * self.scale / 2)

    def px(self, p: Sequence[float]) -> Pt:
        g = self.state.game
        return self.origin[0] + p[0] * self.scale, self.origin[1] + (g.height - p[1]) * self.scale

    def mm(self, pos: Sequence[float]) -> Pt:
        g = self.state.game
        return (pos[0] - self.origin[0]) / self.scale, g.height - (pos[1] - self.origin[1]) / self.scale

    def _local(self, p: Sequence[float]) -> Pt:
        """Pixel position on a cached layer (whose top-left is the board's top-left)."""
        x, y = self.px(p)
        return x - self.rect.x, y - self.rect.y

    # -- static layers ------------------------------------------------------------------------
    def _draw_static(self, surf: pygame.Surface) -> None:
        s = self.state
        g = s.game
        x0, y0 = self._local((0, g.height))
        sheet = pygame.Rect(int(x0), int(y0), int(g.width * self.scale), int(g.height * self.scale))
        shadow = sheet.move(4, 4)
        pygame.draw.rect(surf, (200, 194, 180), shadow)
        surf.blit(paper.paper_surface(sheet.size, seed=11), sheet.topleft)
        pygame.draw.rect(surf, paper.FAINT, sheet, 1)
        for h in g.hangars:
            colour = paper.player_colour(h.seat)
            rx0, ry0, rx1, ry1 = h.region.bounds
            a, b = self._local((rx0, ry1)), self._local((rx1, ry0))
            tint = pygame.Surface((max(1, int(b[0] - a[0])), max(1, int(b[1] - a[1]))), pygame.SRCALPHA)
            tint.fill((*colour, 22))
            surf.blit(tint, (a[0], a[1]))
            door = s.doors[h.seat]
            for seg in h.wall_segments(door):
                pts = [self._local(c) for c in seg.coords]
                paper.pencil_line(surf, paper.INK, pts[0], pts[-1], 3, seed=h.seat)
            cx, cy = h.region.centroid.x, h.region.centroid.y
            paper.draw_symbol(surf, h.seat, self._local((cx, cy)), max(8, IN * self.scale * 0.35), 1)

    def _draw_rocks(self, surf: pygame.Surface) -> None:
        s = self.state
        for i, rock in enumerate(s.asteroids):
            shell = [self._local(c) for c in rock.exterior.coords]
            paper.pencil_polygon(surf, ROCK_LINE, shell, fill=ROCK_FILL, width=2, seed=i)
            for hole in rock.interiors:
                paper.pencil_polygon(surf, ROCK_LINE, [self._local(c) for c in hole.coords], fill=paper.PAPER,
                                     width=1, seed=i + 7)

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._fit()
        s = self.state
        size = self.rect.size
        surface.blit(self.static.get(size, (tuple(s.doors), s.game.width)), self.rect.topleft)
        surface.blit(self.rocks.get(size, (id(s.asteroids), len(s.asteroids))), self.rect.topleft)
        for a, b in s.tears:
            self._tear(surface, a, b)
        if self.show_residue:
            for mode, used in s.residue[:-1] if self.anim else s.residue:
                for strand in used:
                    if len(strand) >= 2:
                        pygame.draw.aalines(surface, (190, 186, 176) if mode == "move" else (205, 180, 170), False,
                                            [self.px(p) for p in strand])
        pieces = self.anim_pieces if self.anim_pieces is not None else s.pieces
        for p in pieces:
            self._piece(surface, p, highlight=self._selected() == p.id)
        self._draw_anim(surface)
        self._draw_input(surface)

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

    def _piece(self, surface: pygame.Surface, p: Piece, highlight: bool = False, heading: float | None = None) -> None:
        colour = paper.player_colour(p.owner)
        if heading is not None:
            p = p._replace(heading=heading)
        body = p.body()
        pts = [self.px(c) for c in body.exterior.coords[:-1]]
        pygame.draw.polygon(surface, tuple(min(255, c + 90) for c in colour), pts)
        paper.pencil_lines(surface, colour, pts, True, 2, seed=p.id)
        if highlight:
            pygame.draw.circle(surface, paper.WARN, self.px((p.x, p.y)), max(6, int(2.5 * self.scale)), 1)
        back = (p.x - math.cos(p.heading) * 10, p.y - math.sin(p.heading) * 10) if p.kind == "ship" else (p.x, p.y - 6)
        paper.draw_symbol(surface, p.owner, self.px(back), max(6, 2.2 * self.scale), 1)

    def _draw_anim(self, surface: pygame.Surface) -> None:
        for a in self.anim:
            t = a["t"]
            if a["kind"] == "trace":
                frac = min(1.0, t / TRACE_TIME)
                raw = a["raw"]
                n = max(2, int(len(raw) * frac))
                pygame.draw.aalines(surface, paper.FAINT, False, [self.px(p) for p in raw[:n]])
                total = sum(len(st) for st in a["used"]) or 1
                budget = int(total * frac)
                colour = paper.player_colour(a["seat"]) if a["mode"] == "shot" else paper.GRAPHITE
                for strand in a["used"]:
                    take = strand[:max(0, budget)]
                    budget -= len(strand)
                    if len(take) >= 2:
                        paper.pencil_lines(surface, colour, [self.px(p) for p in take], False, 2)
            elif a["kind"] == "boom" and t >= 0:
                r = (2 + 6 * min(1.0, t / BOOM_TIME)) * self.scale
                for at in a["at"]:
                    c = self.px(at)
                    for k in range(8):
                        ang = k * math.pi / 4 + t * 3
                        pygame.draw.aaline(surface, paper.WARN, c, (c[0] + r * math.cos(ang), c[1] + r * math.sin(ang)))
            elif a["kind"] == "blast" and t >= 0:
                for at in a["centres"]:
                    paper.pencil_circle(surface, paper.WARN, self.px(at), IN * self.scale * min(1.0, t / BOOM_TIME), 1)

    def _draw_input(self, surface: pygame.Surface) -> None:
        s = self.state
        if not self.ctx.human_to_move() or s.is_over():
            return
        mouse = self.hover
        if s.phase == "door" and mouse is not None:
            h = s.game.hangars[s.seat]
            at = self._door_at(mouse)
            a, b = h.door_segment(at)
            pygame.draw.line(surface, paper.GOOD, self.px(a), self.px(b), 5)
        elif s.phase == "ships" and mouse is not None:
            ghost = self._placement(mouse)
            p = Piece(-1, s.seat, "turret" if ghost.turret else "ship", ghost.x, ghost.y, math.radians(ghost.heading))
            pts = [self.px(c) for c in p.body().exterior.coords[:-1]]
            pygame.draw.polygon(surface, paper.FAINT, pts, 1)
        elif s.phase == "field" and len(self.outline) >= 2:
            paper.pencil_lines(surface, ROCK_LINE, [self.px(p) for p in self.outline], False, 2)
        elif s.phase == "heading" and s.pending is not None:
            p = s.piece(s.pending)
            if p is not None:
                h = self.heading_preview if self.heading_preview is not None else p.heading
                self._piece(surface, p, True, heading=h)
                tip = (p.x + math.cos(h) * 12, p.y + math.sin(h) * 12)
                pygame.draw.aaline(surface, paper.GOOD, self.px((p.x, p.y)), self.px(tip))
        elif s.phase == "play":
            if self.stopper is not None:
                x1, y1, x2, y2 = self.stopper
                pygame.draw.line(surface, (150, 110, 80), self.px((x1, y1)), self.px((x2, y2)), 6)
            d = self.drag
            if d is not None and d.get("kind") == "hand" and mouse is not None:
                pygame.draw.line(surface, (150, 110, 80), self.px(d["start"]), self.px(mouse), 6)
            if d is not None and d.get("kind") == "flick" and mouse is not None and self.show_aim:
                p = s.piece(d["ship"])
                if p is not None:
                    ang = math.atan2(mouse[1] - d["start"][1], mouse[0] - d["start"][0])
                    origin = self.px((p.x, p.y))
                    # the aiming aid shows the direction only, never the outcome
                    for k in range(2, 12, 2):
                        a = (origin[0] + math.cos(ang) * k * 6, origin[1] - math.sin(ang) * k * 6)
                        b = (origin[0] + math.cos(ang) * (k + 1) * 6, origin[1] - math.sin(ang) * (k + 1) * 6)
                        pygame.draw.aaline(surface, paper.GOOD if d["mode"] == "move" else paper.WARN, a, b)
                    length = math.dist(d["start"], mouse)
                    bar = min(1.0, length / PENCILS[self.pencil].reach)
                    base = (self.rect.x + 12, self.rect.bottom - 18)
                    pygame.draw.rect(surface, paper.FAINT, (*base, 120, 8), 1)
                    pygame.draw.rect(surface, paper.INK, (base[0], base[1], int(120 * bar), 8))

    # -- input --------------------------------------------------------------------------------------
    def _selected(self) -> int | None:
        return self.drag.get("ship") if self.drag else None

    def _door_at(self, mouse: Pt) -> float:
        h = self.state.game.hangars[self.state.seat]
        (ax, ay), (bx, by) = h.wall_a, h.wall_b
        length = h.wall_length
        t = ((mouse[0] - ax) * (bx - ax) + (mouse[1] - ay) * (by - ay)) / length
        return round(min(length - IN / 2, max(IN / 2, t)), 1)

    def _placement(self, mouse: Pt) -> PlacePiece:
        h = self.state.game.hangars[self.state.seat]
        inward = {"bottom": 90.0, "top": 270.0, "left": 0.0, "right": 180.0}[h.side]
        heading = self.place_heading if self.place_heading is not None else inward
        return PlacePiece(round(mouse[0], 2), round(mouse[1], 2), heading, self.turret)

    def _piece_at(self, mouse: Pt) -> Piece | None:
        s = self.state
        best, dist = None, 5.0  # mm: the nose or anywhere on the body
        for p in s.pieces:
            if p.owner != s.seat:
                continue
            d = min(math.dist(mouse, (p.x, p.y)), p.body().distance(_point(mouse)) + 1.0)
            if d < dist:
                best, dist = p, d
        return best

    def handle_event(self, event: pygame.event.Event) -> bool:
        s = self.state
        if s.is_over():
            return False
        if event.type == pygame.MOUSEMOTION:
            self._fit()
            self.hover = self.mm(event.pos) if self.rect.collidepoint(event.pos) else None
            if self.drag is not None and self.hover is not None:
                self.drag["trail"].append((pygame.time.get_ticks() / 1000.0, self.hover))
                self.drag["trail"] = self.drag["trail"][-8:]
                if s.phase == "heading":
                    self._heading_to(self.hover)
            if s.phase == "field" and self.drag is not None and self.hover is not None:
                if not self.outline or math.dist(self.outline[-1], self.hover) > 1.5:
                    self.outline.append(self.hover)
            return self.drag is not None
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.rect.collidepoint(event.pos):
            self._fit()
            return self._press(self.mm(event.pos), event.button)
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self._fit()
            return self._release(self.mm(event.pos))
        if event.type == pygame.MOUSEWHEEL and s.phase == "ships":
            base = self.place_heading if self.place_heading is not None else self._placement((0, 0)).heading
            self.place_heading = (base + 15 * event.y) % 360
            return True
        return False

    def _press(self, at: Pt, button: int) -> bool:
        s = self.state
        self.hover = at
        now = pygame.time.get_ticks() / 1000.0
        if s.phase == "play":
            if self.hand_mode:
                self.drag = {"kind": "hand", "start": at, "trail": [(now, at)]}
                return True
            p = self._piece_at(at)
            if p is None:
                return False
            mode = "shot" if button == 3 or p.kind == "turret" else self.mode
            self.drag = {"kind": "flick", "ship": p.id, "start": (p.x, p.y), "mode": mode, "trail": [(now, at)]}
            return True
        if s.phase == "field":
            self.outline = [at]
        self.drag = {"kind": s.phase, "start": at, "trail": [(now, at)]}
        if s.phase == "heading":
            self._heading_to(at)
        return True

    def _release(self, at: Pt) -> bool:
        s = self.state
        d, self.drag = self.drag, None
        if d is None:
            return False
        if s.phase == "door":
            return self.ctx.submit(PlaceDoor(self._door_at(at)))
        if s.phase == "ships":
            return self.ctx.submit(self._placement(at))
        if s.phase == "field":
            pts, self.outline = self.outline, []
            if len(pts) < 3:
                return False
            poly = Polygon(pts).buffer(0).simplify(0.4)
            if not isinstance(poly, Polygon) or poly.is_empty:
                self.ctx.refuse("That outline does not close into an asteroid; draw a loop.")
                return False
            return self.ctx.submit(DrawAsteroid(tuple((round(x, 2), round(y, 2)) for x, y in poly.exterior.coords[:-1])))
        if s.phase == "heading":
            self._heading_to(at)
            return self._confirm_heading()
        if d["kind"] == "hand":
            x1, y1 = d["start"]
            self.hand_mode = False
            if math.dist(d["start"], at) < 3:
                self.stopper = None
                return True
            self.stopper = (round(x1, 2), round(y1, 2), round(at[0], 2), round(at[1], 2))
            return True
        if d["kind"] != "flick":
            return False
        length = math.dist(d["start"], at)
        if length < 1.5:
            return False
        angle = math.degrees(math.atan2(at[1] - d["start"][1], at[0] - d["start"][0]))
        strength = min(1.0, length / PENCILS[self.pencil].reach) * (1 + 0.25 * self._release_speed(d["trail"]))
        strength = round(min(1.0, max(0.005, strength)), 4)
        ok = self.ctx.submit(Flick(d["ship"], d["mode"], round(angle, 2), strength, self.pencil, self.stopper))
        if ok:
            self.stopper = None
        return ok

    @staticmethod
    def _release_speed(trail: list[tuple[float, Pt]]) -> float:
        """A quick release adds up to a quarter more strength (0 = slow and careful, 1 = a snap)."""
        if len(trail) < 2:
            return 0.0
        (t0, a), (t1, b) = trail[max(0, len(trail) - 4)], trail[-1]
        if t1 - t0 <= 1e-3:
            return 0.0
        return min(1.0, math.dist(a, b) / (t1 - t0) / 600.0)

    def _heading_to(self, at: Pt) -> None:
        s = self.state
        p = s.piece(s.pending) if s.pending is not None else None
        if p is not None and math.dist(at, (p.x, p.y)) > 1.0:
            self.heading_preview = math.atan2(at[1] - p.y, at[0] - p.x)

    def _confirm_heading(self) -> bool:
        s = self.state
        p = s.piece(s.pending) if s.pending is not None else None
        if p is None:
            return False
        h = self.heading_preview if self.heading_preview is not None else p.heading
        ok = self.ctx.submit(Heading(round(math.degrees(h) % 360, 2)))
        if ok:
            self.heading_preview = None
        return ok

    def _key(self, event: pygame.event.Event) -> bool:
        s = self.state
        key = event.key
        if key == pygame.K_e:
            self.show_residue = not self.show_residue
            return True
        if key == pygame.K_a:
            self.show_aim = not self.show_aim
            return True
        if s.phase == "heading":
            p = s.piece(s.pending) if s.pending is not None else None
            if p is None:
                return False
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
                step = math.radians(5 if key in (pygame.K_LEFT, pygame.K_UP) else -5)
                base = self.heading_preview if self.heading_preview is not None else p.heading
                self.heading_preview = base + step
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self._confirm_heading()
            return False
        if s.phase == "field" and key in (pygame.K_RETURN, pygame.K_d):
            return self.ctx.submit(FieldDone())
        if s.phase == "ships":
            if key == pygame.K_t and s.game.settings["turrets"]:
                self.turret = not self.turret
                return True
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                base = self.place_heading if self.place_heading is not None else self._placement((0, 0)).heading
                self.place_heading = (base + (15 if key == pygame.K_LEFT else -15)) % 360
                return True
            return False
        if s.phase != "play":
            return False
        if key == pygame.K_m:
            self.mode = "move"
            return True
        if key == pygame.K_s or key == pygame.K_TAB:
            self.mode = "shot" if key == pygame.K_s or self.mode == "move" else "move"
            return True
        if key in (pygame.K_1, pygame.K_2, pygame.K_3):
            choice = ("hb", "stub", "long")[key - pygame.K_1]
            if choice in s.game.pencils():
                self.pencil = choice
                return True
            self.ctx.refuse("Only the HB pencil is on the table (turn on 'Several pencils').")
            return False
        if key == pygame.K_h and s.game.settings["stopper"]:
            self.hand_mode = not self.hand_mode
            return True
        if key == pygame.K_BACKSPACE:
            self.stopper = None
            return True
        if key == pygame.K_p:
            return self.ctx.submit(Pass())
        if key == pygame.K_d:
            return self.ctx.submit(CallDraw())
        return False

    # -- animation ----------------------------------------------------------------------------------
    def on_events(self, events: Sequence[Event]) -> None:
        before = self.anim_pieces
        delay = 0.0
        for e in events:
            if e.kind == "flick":
                self.anim.append({"kind": "trace", "t": 0.0, "raw": [tuple(p) for p in e.data["trace"]],
                                  "used": [[tuple(p) for p in st] for st in e.data["used"]],
                                  "mode": e.data["mode"], "seat": e.data["seat"]})
                delay = TRACE_TIME
                self.anim_pieces = before if before is not None else self._pieces_before(e)
            elif e.kind == "destroyed":
                self.anim.append({"kind": "boom", "t": -delay, "at": [tuple(a) for a in e.data["at"]]})
            elif e.kind == "blast":
                self.anim.append({"kind": "blast", "t": -delay, "centres": [tuple(c) for c in e.data["centres"]]})
        self.rocks.invalidate()

    def _pieces_before(self, e: Event) -> list[Piece] | None:
        return self._last_pieces

    _last_pieces: list[Piece] | None = None

    def update(self, dt: float) -> None:
        for a in self.anim:
            a["t"] += dt
        trace_done = all(a["kind"] != "trace" or a["t"] >= TRACE_TIME for a in self.anim)
        if trace_done:
            self.anim_pieces = None
        self.anim = [a for a in self.anim if a["t"] < (TRACE_TIME if a["kind"] == "trace" else BOOM_TIME)]
        if not self.anim:
            self.anim_pieces = None
            self._last_pieces = list(self.state.pieces)

    def busy(self) -> bool:
        return bool(self.anim)

    # -- margin -------------------------------------------------------------------------------------
    def margin_lines(self) -> list[str]:
        s = self.state
        g = s.game
        lines = []
        for seat in range(g.num_players):
            ships = sum(1 for p in s.pieces if p.owner == seat and p.kind == "ship")
            turrets = sum(1 for p in s.pieces if p.owner == seat and p.kind == "turret")
            extra = f", {turrets} turret{'s' if turrets != 1 else ''}" if turrets else ""
            lines.append(f"{g.player_name(seat)}: {ships} ship{'s' if ships != 1 else ''}{extra}")
        if s.phase in ("play", "heading"):
            lines.append(f"Mode: {self.mode}  Pencil: {PENCILS[self.pencil].label}")
            if g.settings["stalemate"]:
                lines.append(f"Turns without a shot: {s.quiet}")
            if s.tears:
                lines.append(f"Tears in the paper: {len(s.tears)}")
        lines.append(f"Asteroids: {len(s.asteroids)}")
        return lines

    def hint(self) -> str:
        s = self.state
        if s.is_over():
            return ""
        return {
            "door": "Move along your wall and click to cut the 1-inch door.",
            "field": "Drag a loop to draw an asteroid; Enter when you are done.",
            "ships": "Click in your hangar to place a ship (wheel or arrows turn it"
                     + ("; T toggles turret" if s.game.settings["turrets"] else "") + ").",
            "heading": "Drag or use the arrow keys to point the ship, Enter to confirm.",
            "play": f"Press a ship's nose, drag and release to {self.mode} (right-drag shoots; M/S switch"
                    + ("; H places a hand" if s.game.settings["stopper"] else "")
                    + ("; 1-3 pencils" if s.game.settings["pencils"] else "")
                    + ("; P passes" if s.game.settings["passing"] else "") + "; E erases traces).",
        }.get(s.phase, "")

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


def _point(p: Pt) -> Any:
    from shapely.geometry import Point

    return Point(p)
