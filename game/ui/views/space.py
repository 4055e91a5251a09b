"""Board view of Pencil Space Combat: a sheet of paper, hangars, asteroids and pencil flicks.

Press on a ship's nose, drag and release: the drag's direction, its length and
the speed of the release are the flick's intention (the rules add the noise).
Every decision is the rules' (``ctx.submit``); this view only draws and listens.

What a flick did plays out in order: the trace grows as a pencil stroke, then the
explosions, the carved tunnel and the ship at its new place.  Until then the view
keeps showing the paper as it was (``_seen``), so nothing jumps ahead of the pencil.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import pygame
import pygame_gui
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from ...engine import Event, IllegalAction
from ...rules.space.evaluate import Piece, backwards, blast_region
from ...rules.space.flick import PENCILS, point_at
from ...rules.space.geometry import IN, cm, piece_polygon
from ...rules.space.state import (
    AnswerDraw,
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
TRACE_MIN, TRACE_MAX = 0.3, 0.75  #: seconds for the pencil stroke to grow (short flick .. full reach)
BOOM_TIME = 0.7  #: seconds for explosions, blasts and the carving of a tunnel
COIN_TIME = 2.2  #: seconds the coin flip stays on the paper
COIN_SPIN = 1.2  #: ... of which it spins
REFUSED_TIME = 2.5  #: seconds a refused asteroid outline stays on the paper in red
ROCK_FILL = (226, 221, 208)
ROCK_HATCH = (150, 146, 138)
ROCK_LINE = (82, 80, 78)
TEAR = (60, 40, 40)
RESIDUE = (178, 175, 166)
HAND = (150, 110, 80)
PANEL_W = 184
DOOR_GRAB = 8.0  #: mm: how near the own hangar wall a door drag must start and end
NUMBER_SIZE = 16  #: ship numbers on the paper: small, legible
GRAB_PX = 22  #: a press this close to one of your ships' noses (screen pixels) picks it up
LOUPE_MM = 8.0  #: half the width of paper the magnifier shows while aiming
INWARD = {"bottom": 90.0, "top": 270.0, "left": 0.0, "right": 180.0}


def _wrap_deg(a: float) -> float:
    return a % 360.0


class SpaceView(GameView):
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

    def kill(self) -> None:
        for b in [*self.buttons.values(), *self.card_buttons.values()]:
            b.kill()
        self.buttons = {}
        self.card_buttons = {}

    @property
    def state(self) -> SpaceState:
        s = self.ctx.state
        assert isinstance(s, SpaceState)
        return s

    # -- widgets: the tool column left of the paper ------------------------------------------
    def _build_widgets(self) -> None:
        self.kill()
        ui = getattr(self.ctx, "ui", None)
        if ui is None:
            return
        box = getattr(self.ctx, "box", None)
        g = self.state.game
        specs: list[tuple[str, str, str]] = [
            ("move", "Move (M)", "Flicks move the ship (left drag)"),
            ("shot", "Shoot (S)", "Flicks shoot (right drag shoots too)"),
            ("residue", "Erase traces (E)", "Old traces stay as faint residue; erase or show them"),
            ("aim", "Aiming aid (A)", "A dashed line shows the direction of your drag, never where it lands"),
        ]
        if g.settings["pencils"]:
            specs += [(f"pencil_{k}", f"{i + 1} {PENCILS[k].label.split(' (')[0]}", PENCILS[k].label)
                      for i, k in enumerate(("hb", "stub", "long"))]
        if g.settings["stopper"]:
            specs.append(("hand", "Place hand (H)", "Drag a line where your hand stops the pencil"))
        if g.settings["passing"]:
            specs.append(("pass", "Pass (P)", "Pass the turn (counts as a move)"))
        proposals = g.num_players >= 3  # S-V4 (rev 4): every player still in must accept
        if g.settings["stalemate"]:
            specs.append(("draw", "Propose draw (D)" if proposals else "Call draw (D)",
                          "After ten turns without a shot; every player still in must accept" if proposals
                          else "After ten turns without a shot"))
        if g.settings["turrets"]:
            specs.append(("turret", "Turret (T)", "Place a turret outside your hangar instead of a ship"))
        if g.settings["field"] == "hand":
            specs.append(("done", "Done drawing", "Enter: no more asteroids from you"))
        specs.append(("confirm", "Confirm heading", "Enter: keep this heading"))
        x, y = self.rect.x + 6, self.rect.y + 8
        for i, (key, label, tip) in enumerate(specs):
            self.buttons[key] = pygame_gui.elements.UIButton(pygame.Rect(x, y + i * self.ui_px(40), self.ui_px(PANEL_W) - 12,
                                                                         self.ui_px(34)), label, ui,
                                                             container=box, tool_tip_text=tip)
        if g.settings["stalemate"] and proposals:
            self._fit()
            rects = self._card_button_rects()
            for key, label, tip in (("accept", "Accept (Y)", "Agree to end the game drawn"),
                                    ("refuse", "Refuse (N)", "Play on")):
                self.card_buttons[key] = pygame_gui.elements.UIButton(rects[key], label, ui, container=box,
                                                                      tool_tip_text=tip)
        self._sync_widgets()

    def _panel_bottom(self) -> int:
        return self.rect.y + 8 + len(self.buttons) * self.ui_px(40)

    def _sync_widgets(self) -> None:
        if not self.buttons:
            return
        if self.replaying:  # a recorded point: nothing to press
            for button in [*self.buttons.values(), *self.card_buttons.values()]:
                button.hide()
            return
        s = self.state
        human = self.ctx.human_to_move() and not s.is_over()
        play = human and s.phase == "play"
        want = {
            "move": play and self.mode != "move", "shot": play and self.mode != "shot",
            "residue": True, "aim": True, "hand": play, "pass": play, "draw": self._caller() is not None,
            "turret": human and s.phase == "ships", "done": human and s.phase == "field",
            "confirm": human and s.phase == "heading",
        }
        for k in ("hb", "stub", "long"):
            want[f"pencil_{k}"] = play and self.pencil != k
        texts = {"residue": "Show traces (E)" if not self.show_residue else "Erase traces (E)",
                 "aim": f"Aiming aid: {'on' if self.show_aim else 'off'} (A)",
                 "turret": "Ship instead (T)" if self.turret else "Turret (T)",
                 "hand": "Cancel hand (H)" if self.hand_mode else "Place hand (H)"}
        for key, button in self.buttons.items():
            on = want.get(key, True)
            if on and not button.is_enabled:
                button.enable()
            elif not on and button.is_enabled:
                button.disable()
            if key in texts and button.text != texts[key]:
                button.set_text(texts[key])
        answer = human and s.phase == "draw" and not self.anim  # S-V4 (rev 4): a person at this screen answers
        rects = self._card_button_rects() if answer and self.card_buttons else {}
        for key, button in self.card_buttons.items():
            if answer and button.relative_rect.topleft != rects[key].topleft:
                button.set_relative_position(rects[key].topleft)
            if answer and not button.visible:
                button.show()
            elif not answer and button.visible:
                button.hide()

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

    # -- drawing ------------------------------------------------------------------------------------
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

    def _draw_loupe(self, surface: pygame.Surface) -> None:
        """While aiming, the ship and the first stretch of the drag magnified, beside the paper (or over its
        far corner when the column has no room), so a 6 mm ship can be aimed precisely at 1280x800."""
        d = self.drag
        if d is None or d.get("kind") != "flick":
            return
        p = self.state.piece(d["ship"])
        if p is None:
            return
        c = self.px((p.x, p.y))
        r = max(8, int(LOUPE_MM * self.scale))
        src = pygame.Rect(int(c[0]) - r, int(c[1]) - r, 2 * r, 2 * r).clip(surface.get_rect())
        if src.w < 4 or src.h < 4:
            return
        side = PANEL_W - 20
        zoom = side / (2 * r)
        room = self.rect.w - PANEL_W > 300 and self.buttons and not self.replaying
        box = pygame.Rect(self.rect.x + 8, self._panel_bottom() + 86, side, side)
        if not room or box.bottom > self.rect.bottom - 4:
            sheet = self.paper_rect()
            left = c[0] > sheet.centerx
            up = c[1] > sheet.centery
            box.topleft = (sheet.left + 6 if left else sheet.right - side - 6, sheet.top + 6 if up else sheet.bottom - side - 6)
        piece = surface.subsurface(src).copy()
        zoomed = pygame.transform.smoothscale(piece, (max(1, int(src.w * zoom)), max(1, int(src.h * zoom))))
        pygame.draw.rect(surface, paper.PAPER, box)
        surface.blit(zoomed, (box.x + int((src.x - (c[0] - r)) * zoom), box.y + int((src.y - (c[1] - r)) * zoom)),
                     area=pygame.Rect(0, 0, side, side))
        pygame.draw.rect(surface, paper.GRAPHITE, box, 1)
        paper.text(surface, f"x{zoom:.0f}", (box.right - 4, box.bottom - 2), 14, paper.GRAPHITE, "bottomright")

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

    def _draw_anim(self, surface: pygame.Surface) -> None:
        for a in self.anim:
            t = a["t"]
            if a["kind"] == "trace":
                self._draw_trace(surface, a, min(1.0, t / a["dur"]))
            elif a["kind"] == "boom" and t >= 0:
                f = min(1.0, t / BOOM_TIME)
                r = (1.5 + 7 * f) * self.scale
                for n, at in enumerate(a["at"]):
                    c = self.px(at)
                    pts = []
                    for k in range(14):
                        ang = k * math.pi / 7 + n
                        rr = r * (1.0 if k % 2 == 0 else 0.4 + 0.15 * paper._jitter(n, k))
                        pts.append((c[0] + rr * math.cos(ang), c[1] + rr * math.sin(ang)))
                    paper.pencil_lines(surface, paper.WARN, pts, True, 2, seed=n)
                    if f > 0.3:
                        paper.pencil_circle(surface, (230, 159, 0), c, r * 0.35, 1, n)
            elif a["kind"] == "blast" and t >= 0:
                f = min(1.0, t / BOOM_TIME)
                w = self.state.game.width
                for region in a["regions"]:
                    for poly in getattr(region, "geoms", [region]):
                        if isinstance(poly, Polygon) and not poly.is_empty:
                            cx, cy = a["centre_of"][id(region)]
                            # a part across the seam (S-V5) grows from the blast's image on that side
                            px = poly.representative_point().x
                            cx = min((cx - w, cx, cx + w), key=lambda c: abs(c - px))
                            pts = [self.px((cx + (x - cx) * f, cy + (y - cy) * f))
                                   for x, y in poly.exterior.coords]
                            paper.pencil_lines(surface, paper.WARN, pts, True, 1)

    def _draw_trace(self, surface: pygame.Surface, a: dict[str, Any], frac: float) -> None:
        """The pencil stroke grows along the raw path; the part the rules counted is drawn firm.

        The tip slows down as friction eats its speed, so the stroke grows fast, then slow.
        """
        grown = 1.0 - (1.0 - frac) ** 2
        colour = paper.player_colour(a["seat"]) if a["mode"] == "shot" else paper.GRAPHITE
        used = _take(a["used"], a["used_len"] * grown)  # never beyond where the rules cut the trace
        for strand in used:
            if len(strand) >= 2:
                paper.pencil_lines(surface, colour, [self.px(p) for p in strand], False, 2, seed=a["seat"])
        for k, at in enumerate(a["lifts"]):  # S-V1: where the pencil left the paper (and came down)
            if a["used_len"] * grown >= min(a["lift_s"][k], a["used_len"]) - 0.5:
                pygame.draw.circle(surface, paper.WARN, self.px(at), max(6, int(2.0 * self.scale)), 2)
        near = a.get("near")
        if near is not None and a["used_len"] * grown >= near["s"]:
            self._draw_near_miss(surface, near)
        if frac < 1.0 and used and used[-1]:
            tip = self.px(used[-1][-1])  # the pencil's point, still moving
            pygame.draw.circle(surface, paper.INK, (int(tip[0]), int(tip[1])), 3)
            pygame.draw.circle(surface, (222, 184, 135), (int(tip[0]), int(tip[1])), 2)

    def _draw_near_miss(self, surface: pygame.Surface, near: dict[str, Any]) -> None:
        """A shot that passed a ship: the ship is drawn again over the trace (with its ring of bare
        paper, so the gap shows) and the gap is written beside it, as the log says it."""
        p = next((q for q in self._pieces_now() if q.id == near["piece"]), None)
        if p is not None:
            self._piece(surface, p)
        tx, ty = near["trace"]
        hx, hy = near["hull"]
        dx = hx - tx
        # on the far side of the hull from the trace, a ship's length towards the middle of the paper
        # (clear of the ship and its number)
        inward = 9.0 if hy < self.state.game.height / 2 else -9.0
        side = 1.0 if dx >= 0 else -1.0
        at = self.px((hx + side * 2.0, hy + inward))
        anchor = "midleft" if side > 0 else "midright"
        paper.text(surface, f"missed by {near['gap']:.1f} mm", at, NUMBER_SIZE, paper.WARN, anchor)

    def _draw_carving(self, surface: pygame.Surface) -> None:
        """Rock cut away by a shot is rubbed out over a moment (S-S4)."""
        for a in self.anim:
            if a["kind"] != "carve" or a["t"] < 0:
                continue
            f = min(1.0, a["t"] / BOOM_TIME)
            alpha = int(255 * (1 - f))
            for poly in a["polys"]:
                pts = [self.px(c) for c in poly.exterior.coords]
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                box = pygame.Rect(int(min(xs)) - 2, int(min(ys)) - 2, int(max(xs) - min(xs)) + 5,
                                  int(max(ys) - min(ys)) + 5)
                if box.w <= 0 or box.h <= 0:
                    continue
                layer = pygame.Surface(box.size, pygame.SRCALPHA)
                local = [(x - box.x, y - box.y) for x, y in pts]
                pygame.draw.polygon(layer, (*ROCK_HATCH, alpha), local)
                pygame.draw.lines(layer, (*ROCK_LINE, alpha), True, local, 1)
                surface.blit(layer, box.topleft)

    def _draw_coin(self, surface: pygame.Surface) -> None:
        """S-U6: the coin flip that decides who starts, shown on the paper."""
        coin = next((a for a in self.anim if a["kind"] == "coin"), None)
        if coin is None:
            return
        t = coin["t"]
        rect = self.paper_rect()
        c = (rect.centerx, rect.centery)
        r = max(26, int(rect.w * 0.09))
        n = self.state.game.num_players
        card = pygame.Rect(0, 0, max(300, r * 6), r * 2 + 96)
        card.center = (c[0], c[1] + 20)
        pygame.draw.rect(surface, paper.PAPER, card)
        paper.pencil_lines(surface, paper.GRAPHITE, [card.topleft, card.topright, card.bottomright, card.bottomleft],
                           True, 1)
        paper.text(surface, "Coin flip", (c[0], card.top + 8), 22, paper.INK, "midtop", bold=True)
        cy = card.top + 40 + r
        if t < COIN_SPIN:
            spin = math.cos(t * 14.0)
            face = (int(t * 14.0 / math.pi + 0.5)) % n
            width = max(2, int(abs(spin) * 2 * r))
        else:
            face = coin["seat"]
            width = 2 * r
        ell = pygame.Rect(0, 0, width, 2 * r)
        ell.center = (c[0], cy)
        pygame.draw.ellipse(surface, (214, 200, 160), ell)
        pygame.draw.ellipse(surface, paper.GRAPHITE, ell, 2)
        if width > r:
            paper.draw_symbol(surface, face, (c[0], cy), r * 0.9 * width / (2 * r), 3)
        if t >= COIN_SPIN:
            paper.text(surface, f"{self.state.game.player_name(face)} starts.", (c[0], card.bottom - 34), 22,
                       paper.player_colour(face), "midtop", bold=True)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """Under the buttons: the strength of the flick being dragged, and the pencil in hand."""
        if not self.buttons or self.rect.w - self.ui_px(PANEL_W) <= 300 or self.replaying:
            return
        x, y = self.rect.x + 8, self._panel_bottom() + 10
        s = self.state
        if s.phase in ("play", "heading"):
            paper.text(surface, PENCILS[self.pencil].label.split(" (")[0], (x, y), 18, paper.GRAPHITE)
            y += 26
        d = self.drag
        if d is not None and d.get("kind") == "flick" and self.hover is not None:
            paper.text(surface, f"{'Shot' if d['mode'] == 'shot' else 'Move'} strength", (x, y), 18, paper.INK)
            bar = self._strength(d, self.hover)
            box = pygame.Rect(x, y + 24, self.ui_px(PANEL_W) - 20, 12)
            pygame.draw.rect(surface, paper.INK, (box.x, box.y, int(box.w * bar), box.h))
            pygame.draw.rect(surface, paper.GRAPHITE, box, 1)

    def _draw_input(self, surface: pygame.Surface) -> None:
        s = self.state
        if self.refused_outline is not None and len(self.refused_outline[0]) >= 2:
            paper.pencil_lines(surface, paper.WARN, [self.px(p) for p in self.refused_outline[0]], True, 2)
        if not self.ctx.human_to_move() or s.is_over() or self.anim:
            return
        mouse = self.hover
        if s.phase == "door" and mouse is not None and self._on_own_wall(mouse):
            h = s.game.hangars[s.seat]
            a, b = h.door_segment(self._door_at(mouse))
            pygame.draw.line(surface, paper.PAPER, self.px(a), self.px(b), 5)
            paper.pencil_line(surface, paper.GOOD, self.px(a), self.px(b), 2)
            for end in (a, b):
                e = self.px(end)
                pygame.draw.line(surface, paper.GOOD, (e[0], e[1] - 6), (e[0], e[1] + 6), 2)
            mid = self.px(h.wall_point(self._door_at(mouse)))
            paper.text(surface, f"door {cm(self._door_at(mouse))} from your left", (mid[0], mid[1] - 10), 16,
                       paper.GOOD, "midbottom")
        elif s.phase == "ships" and mouse is not None:
            ghost = self._placement(self.drag["start"] if self.drag else mouse, mouse if self.drag else None)
            p = Piece(-1, s.seat, "turret" if ghost.turret else "ship", ghost.x, ghost.y, math.radians(ghost.heading))
            ok = self._allowed(ghost)
            pts = [self.px(c) for c in p.body().exterior.coords[:-1]]
            paper.pencil_lines(surface, paper.GOOD if ok else paper.WARN, pts, True, 1)
        elif s.phase == "field" and len(self.outline) >= 2:
            paper.pencil_lines(surface, ROCK_LINE, [self.px(p) for p in self.outline], False, 2)
        elif s.phase == "heading" and s.pending is not None:
            ship = s.piece(s.pending)
            if ship is not None:
                hd = self.heading_preview if self.heading_preview is not None else ship.heading
                x, y, h = self._placed(math.degrees(hd))  # S-M6: the free placement nearest to that heading
                exact = abs((h - hd + math.pi) % (2 * math.pi) - math.pi) < 1e-3
                self._piece(surface, ship._replace(x=x, y=y), False, heading=h)
                end = s.landing or (ship.x, ship.y)
                tip = (end[0] + math.cos(hd) * 14, end[1] + math.sin(hd) * 14)
                self._dashes(surface, self.px(end), self.px(tip), paper.GOOD if exact else paper.WARN)
                pygame.draw.circle(surface, paper.GOOD, self.px(end), 3)
        elif s.phase == "play":
            if self.stopper is not None:
                x1, y1, x2, y2 = self.stopper
                pygame.draw.line(surface, HAND, self.px((x1, y1)), self.px((x2, y2)), 6)
            d = self.drag
            if d is not None and d.get("kind") == "hand" and mouse is not None:
                pygame.draw.line(surface, HAND, self.px(d["start"]), self.px(mouse), 6)
            ship = s.piece(d["ship"]) if d is not None and d.get("kind") == "flick" else None
            if d is not None and ship is not None and mouse is not None and math.dist(d["start"], mouse) > 0.5:
                ang = math.atan2(mouse[1] - d["start"][1], mouse[0] - d["start"][0])
                back = d["mode"] == "move" and backwards(ship, ang)  # S-M1 (rev 4): the rules refuse it
                if self.show_aim or back:
                    # the aiming aid shows the direction only, never the outcome: a fixed-length dashed line
                    far = (d["start"][0] + math.cos(ang) * 18, d["start"][1] + math.sin(ang) * 18)
                    self._dashes(surface, self.px(d["start"]), self.px(far),
                                 paper.WARN if back or d["mode"] == "shot" else paper.GOOD)
                if back:
                    self._cross(surface, self.px(far))
                    nose = self.px(d["start"])
                    paper.note(surface, "You can't move backwards (S-M1)", (nose[0] + 14, nose[1] - 30), 16,
                               paper.WARN, within=self.paper_rect())

    @staticmethod
    def _cross(surface: pygame.Surface, at: Pt, r: int = 5) -> None:
        """A refused direction: a small pencil cross at the end of the aiming line."""
        x, y = at
        paper.pencil_line(surface, paper.WARN, (x - r, y - r), (x + r, y + r), 2)
        paper.pencil_line(surface, paper.WARN, (x - r, y + r), (x + r, y - r), 2)

    def _proposal_card(self) -> pygame.Rect:
        """Where the draw proposal (S-V4, 3-4 players) is written: a card between the side hangars, in the
        middle of the paper or a third up or down it, wherever it hides the fewest pieces."""
        sheet = self.paper_rect()
        width = max(160, min(int(sheet.w - 2 * IN * self.scale - 16), self.ui_px(400)))
        card = pygame.Rect(0, 0, width, 138 + self.ui_px(34))  # title, two lines, the question, the buttons
        bodies = []
        for p in self.state.pieces:
            xs, ys = zip(*(self.px(c) for c in _outline(p.kind, p.x, p.y, p.heading)), strict=True)
            bodies.append(pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1))
        best, least = card, math.inf
        for k in sorted(range(-24, 25), key=abs):  # the middle first, then a 64th of the paper up or down at a time
            spot = card.copy()
            spot.center = (sheet.centerx, int(sheet.centery + k * sheet.h / 64))
            spot.clamp_ip(sheet)
            hidden = sum(1 for b in bodies if spot.inflate(8, 8).colliderect(b))
            if hidden < least:
                best, least = spot, hidden
        return best

    def _card_button_rects(self) -> dict[str, pygame.Rect]:
        card = self._proposal_card()
        w, h = min(self.ui_px(128), card.w // 2 - 16), self.ui_px(34)
        return {"accept": pygame.Rect(card.centerx - w - 8, card.bottom - h - 12, w, h),
                "refuse": pygame.Rect(card.centerx + 8, card.bottom - h - 12, w, h)}

    def _draw_proposal(self, surface: pygame.Surface) -> None:
        """S-V4 (rev 4): who proposed the draw, who accepted, who is still to answer, and the question
        (the rule id is in the log line and the hint above the board)."""
        s = self.state
        prop = s.proposal
        if s.phase != "draw" or prop is None or self.anim:
            return
        g = s.game
        card = self._proposal_card()
        pygame.draw.rect(surface, (200, 194, 180), card.move(3, 3))
        pygame.draw.rect(surface, paper.PAPER, card)
        paper.pencil_lines(surface, paper.GRAPHITE, [card.topleft, card.topright, card.bottomright, card.bottomleft],
                           True, 1)
        x, y = card.x + 14, card.y + 10
        paper.text(surface, f"{g.player_name(prop['by'])} proposes a draw", (card.centerx, y), 22, paper.INK,
                   "midtop", bold=True)
        y += 30
        lines = ["Accepted: " + ", ".join(g.player_name(k) for k in prop["yes"]),
                 "To answer: " + ", ".join(g.player_name(k) for k in prop["asked"])]
        for line in lines:
            for part in paper.wrap(line, 18, card.w - 28):
                paper.text(surface, part, (x, y), 18, paper.INK)
                y += 21
        who = g.player_name(s.seat)
        ask = f"{who}: accept or refuse?" if self.ctx.human_to_move() else f"{who} answers..."
        paper.text(surface, ask, (card.centerx, y + 4), 20, paper.player_colour(s.seat), "midtop", bold=True)

    @staticmethod
    def _dashes(surface: pygame.Surface, a: Pt, b: Pt, colour: tuple[int, int, int]) -> None:
        length = math.dist(a, b)
        if length < 1:
            return
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        k = 4.0
        while k < length:
            e = min(length, k + 5)
            pygame.draw.aaline(surface, colour, (a[0] + ux * k, a[1] + uy * k), (a[0] + ux * e, a[1] + uy * e))
            k += 9

    def _allowed(self, action: Any) -> bool:
        try:
            self.state.check(action)
        except IllegalAction:
            return False
        return True

    # -- input --------------------------------------------------------------------------------------
    def _selected(self) -> int | None:
        return self.drag.get("ship") if self.drag else None

    def _on_own_wall(self, at: Pt) -> bool:
        """S-U3: a door is drawn on the placing player's own hangar wall, nowhere else."""
        h = self.state.game.hangars[self.state.seat]
        return bool(LineString([h.wall_a, h.wall_b]).distance(Point(at)) <= DOOR_GRAB)

    def _door_at(self, mouse: Pt) -> float:
        h = self.state.game.hangars[self.state.seat]
        (ax, ay), (bx, by) = h.wall_a, h.wall_b
        length = h.wall_length
        t = ((mouse[0] - ax) * (bx - ax) + (mouse[1] - ay) * (by - ay)) / length
        return round(min(length - IN / 2, max(IN / 2, t)), 1)

    def _placement(self, at: Pt, towards: Pt | None = None) -> PlacePiece:
        """A ship with its nose at ``at``; a drag from there points it (else the wheel/arrow heading)."""
        h = self.state.game.hangars[self.state.seat]
        heading = self.place_heading if self.place_heading is not None else INWARD[h.side]
        if towards is not None and math.dist(at, towards) > 3.0:
            heading = _wrap_deg(math.degrees(math.atan2(towards[1] - at[1], towards[0] - at[0])))
        return PlacePiece(round(at[0], 2), round(at[1], 2), round(heading, 1), self.turret)

    def _piece_at(self, mouse: Pt) -> Piece | None:
        """The piece whose nose (or body) is near the pointer: a generous reach (GRAB_PX on screen, at least
        4.5 mm), the player's own pieces first, so a small ship is easy to pick up at any window size."""
        reach = max(4.5, GRAB_PX / max(self.scale, 1e-6))
        s = self.state
        for owned in (True, False):
            best, dist = None, reach
            for p in s.pieces:
                if (p.owner == s.seat) != owned:
                    continue
                d = min(math.dist(mouse, (p.x, p.y)) * 0.8, p.body().distance(Point(mouse)) + 1.5)
                if d < dist:
                    best, dist = p, d
            if best is not None:
                return best
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        s = self.state
        if s.is_over():
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in [*self.buttons.items(), *self.card_buttons.items()]
                        if b is event.ui_element), None)
            return self._button(key) if key else False
        if event.type == pygame.MOUSEMOTION:
            self._fit()
            self.hover = self.mm(event.pos) if self.paper_rect().inflate(40, 40).collidepoint(event.pos) else None
            if self.drag is not None and self.hover is not None:
                self.drag["trail"].append((pygame.time.get_ticks() / 1000.0, self.hover))
                self.drag["trail"] = self.drag["trail"][-8:]
                if s.phase == "heading":
                    self._heading_to(self.hover)
                if s.phase == "field" and (not self.outline or math.dist(self.outline[-1], self.hover) > 1.0):
                    self.outline.append(self.hover)
            return self.drag is not None
        if event.type == pygame.KEYDOWN:
            used = self._key(event)
            self._sync_widgets()
            return used
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self._fit()
            if not self.paper_rect().collidepoint(event.pos):
                return False
            return self._press(self.mm(event.pos), event.button)
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self._fit()
            used = self._release(self.mm(event.pos))
            self._sync_widgets()
            return used
        if event.type == pygame.MOUSEWHEEL:
            if s.phase == "ships":
                base = self.place_heading if self.place_heading is not None else self._placement((0, 0)).heading
                self.place_heading = _wrap_deg(base + 15 * event.y)
                return True
            if s.phase == "heading":
                self._turn(math.radians(5 * event.y))
                return True
        return False

    def _button(self, key: str) -> bool:
        s = self.state
        used = True
        if key in ("move", "shot"):
            self.mode = key
        elif key == "residue":
            self.show_residue = not self.show_residue
        elif key == "aim":
            self.show_aim = not self.show_aim
        elif key.startswith("pencil_"):
            self.pencil = key[len("pencil_"):]
        elif key == "hand":
            self.hand_mode = not self.hand_mode
        elif key == "pass":
            used = self.ctx.submit(Pass())
        elif key == "draw":
            used = self._call_draw()
        elif key in ("accept", "refuse"):
            used = self._answer(key == "accept")
        elif key == "turret":
            self.turret = not self.turret
        elif key == "done":
            used = self.ctx.submit(FieldDone())
        elif key == "confirm" and s.phase == "heading":
            used = self._confirm_heading()
        self._sync_widgets()
        return used

    def _press(self, at: Pt, button: int) -> bool:
        s = self.state
        self.hover = at
        now = pygame.time.get_ticks() / 1000.0
        if s.phase == "draw":
            self.ctx.refuse("A draw is proposed: accept it or refuse it first (the buttons on the card, Y or N).",
                            "S-V4")
            return True
        if s.phase == "play":
            if self.hand_mode:
                self.drag = {"kind": "hand", "start": at, "trail": [(now, at)]}
                return True
            p = self._piece_at(at)
            if p is None:
                self.drag = {"kind": "miss", "start": at, "trail": [(now, at)]}
                return True
            if p.owner != s.seat:
                self.ctx.refuse(f"That is {s.game.player_name(p.owner)}'s ship: press on the nose of one of yours.",
                                "S-T1")
                return True
            mode = "shot" if button == 3 or p.kind == "turret" else self.mode
            self.drag = {"kind": "flick", "ship": p.id, "start": (p.x, p.y), "mode": mode, "trail": [(now, at)]}
            return True
        if s.phase == "field":
            self.outline = [at]
            self.refused_outline = None
        if s.phase == "door" and not self._on_own_wall(at):
            self._refuse_door()
            return True
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
            if not self._on_own_wall(at):
                self._refuse_door()
                return True
            return self.ctx.submit(PlaceDoor(self._door_at(at)))
        if s.phase == "ships":
            return self.ctx.submit(self._placement(d["start"], at))
        if s.phase == "field":
            return self._submit_outline()
        if s.phase == "heading":
            self._heading_to(at)
            return self._confirm_heading()
        if d["kind"] == "miss":
            self.ctx.refuse("Press on the nose of one of your ships, then drag the way it should go.")
            return False
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
        if math.dist(d["start"], at) < 1.5:
            self.ctx.refuse("Drag away from the nose before you let go: the drag gives direction and strength.")
            return False
        angle = math.degrees(math.atan2(at[1] - d["start"][1], at[0] - d["start"][0]))
        strength = round(max(0.005, self._strength(d, at)), 4)
        ok = self.ctx.submit(Flick(d["ship"], d["mode"], round(angle, 2), strength, self.pencil, self.stopper))
        if ok:
            self.stopper = None
        return ok

    def _refuse_door(self) -> None:
        s = self.state
        side = s.game.hangars[s.seat].side
        self.ctx.refuse(f"{s.game.player_name(s.seat)}: draw the door on your own hangar wall (the one at the "
                        f"{side} of the paper): drag along it and let go where the door goes.", "S-U3")

    def _strength(self, d: dict[str, Any], at: Pt) -> float:
        """Drag length over the pencil's reach; a quick release adds up to a quarter more."""
        length = math.dist(d["start"], at)
        return min(1.0, length / PENCILS[self.pencil].reach * (1 + 0.25 * self._release_speed(d["trail"])))

    def _submit_outline(self) -> bool:
        pts, self.outline = self.outline, []
        if len(pts) < 3:
            self.ctx.refuse("Drag a closed loop to draw an asteroid.")
            return False
        poly = outline_polygon(pts)
        if poly is None:
            self.ctx.refuse("That outline does not close into one asteroid; draw a single loop.")
            self.refused_outline = (pts, REFUSED_TIME)
            return False
        ok = self.ctx.submit(DrawAsteroid(tuple((round(x, 2), round(y, 2)) for x, y in poly.exterior.coords[:-1])))
        if not ok:
            self.refused_outline = ([(float(x), float(y)) for x, y in poly.exterior.coords], REFUSED_TIME)
        return ok

    @staticmethod
    def _release_speed(trail: list[tuple[float, Pt]]) -> float:
        """0 = slow and careful, 1 = a snap (about 600 mm/s over the last moments of the drag)."""
        if len(trail) < 2:
            return 0.0
        (t0, a), (t1, b) = trail[max(0, len(trail) - 4)], trail[-1]
        if t1 - t0 <= 1e-3:
            return 0.0
        return min(1.0, math.dist(a, b) / (t1 - t0) / 600.0)

    def _caller(self) -> int | None:
        """S-V4: the person at this screen who may call the stalemate now, on their turn or not."""
        s = self.state
        if s.is_over() or not s.can_call_draw():
            return None
        if self.ctx.human_to_move():
            return s.seat
        return next((k for k in s.alive_seats() if self.ctx.seat_kind(k) == "human"), None)

    def _answer(self, accept: bool) -> bool:
        """S-V4 (rev 4): the person to answer a draw proposal accepts or refuses it."""
        if self.state.phase != "draw":
            self.ctx.refuse("No draw has been proposed.", "S-V4")
            return False
        return self.ctx.submit(AnswerDraw(accept))

    def _call_draw(self) -> bool:
        caller = self._caller()
        if caller is None:
            self.ctx.refuse("A draw may be called after ten turns in a row without a shot.", "S-V4")
            return False
        return self.ctx.submit(CallDraw(by=caller))

    def _placed(self, degrees: float) -> tuple[float, float, float]:
        """Where the rules would set the pending ship down for this heading (cached: a search)."""
        key = (self.state.pending, self.state.landing, round(degrees % 360, 2))
        if self._placed_cache is None or self._placed_cache[0] != key:
            self._placed_cache = (key, self.state.placement(round(degrees % 360, 2)))
        return self._placed_cache[1]

    def _heading_to(self, at: Pt) -> None:
        s = self.state
        p = s.piece(s.pending) if s.pending is not None else None
        end = s.landing or ((p.x, p.y) if p is not None else None)
        if p is not None and end is not None and math.dist(at, end) > 1.0:
            self.heading_preview = math.atan2(at[1] - end[1], at[0] - end[0])

    def _turn(self, step: float) -> None:
        s = self.state
        p = s.piece(s.pending) if s.pending is not None else None
        if p is not None:
            base = self.heading_preview if self.heading_preview is not None else p.heading
            self.heading_preview = base + step

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
        if key == pygame.K_d and s.game.settings["stalemate"]:
            return self._call_draw()
        if s.phase == "draw":
            if key in (pygame.K_y, pygame.K_n):
                return self._answer(key == pygame.K_y)
            return False
        if s.phase == "heading":
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
                fine = 1 if event.mod & pygame.KMOD_SHIFT else 5
                self._turn(math.radians(fine if key in (pygame.K_LEFT, pygame.K_UP) else -fine))
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self._confirm_heading()
            return False
        if s.phase == "field" and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.ctx.submit(FieldDone())
        if s.phase == "ships":
            if key == pygame.K_t:
                if not s.game.settings["turrets"]:
                    self.ctx.refuse("Turrets are not in play (turn the variant on).", "S-V8")
                    return False
                self.turret = not self.turret
                return True
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                base = self.place_heading if self.place_heading is not None else self._placement((0, 0)).heading
                self.place_heading = _wrap_deg(base + (15 if key == pygame.K_LEFT else -15))
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
            self.ctx.refuse("Only the HB pencil is on the table (turn on 'Several pencils').", "S-V10")
            return False
        if key == pygame.K_h and s.game.settings["stopper"]:
            self.hand_mode = not self.hand_mode
            return True
        if key == pygame.K_BACKSPACE:
            self.stopper = None
            return True
        if key == pygame.K_p:
            return self.ctx.submit(Pass())
        return False

    # -- animation ----------------------------------------------------------------------------------
    def on_events(self, events: Sequence[Event]) -> None:
        """Queue what the action did, in the order a person would see it on paper."""
        s = self.state
        delay = 0.0
        before = self._seen
        if events:
            self.near_miss = None
        for e in events:
            if e.kind == "flick":
                raw = [(float(p[0]), float(p[1])) for p in e.data["trace"]]
                used = [[(float(p[0]), float(p[1])) for p in st] for st in e.data["used"]]
                used_len = sum(math.dist(p, q) for st in used for p, q in zip(st, st[1:], strict=False))
                dur = TRACE_MIN + (TRACE_MAX - TRACE_MIN) * min(1.0, used_len / 220.0)
                lifts, lift_s = _lifts(raw, used, e.data.get("skips", []))
                near = e.data.get("near")
                self.near_miss = None if near is None else {
                    "piece": int(near[0]), "gap": float(near[1]), "trace": (float(near[2][0]), float(near[2][1])),
                    "hull": (float(near[3][0]), float(near[3][1])),
                    "s": _arc_to(used, (float(near[2][0]), float(near[2][1])))}
                self.anim.append({"kind": "trace", "t": 0.0, "dur": dur, "used": used, "lifts": lifts,
                                  "lift_s": lift_s, "used_len": used_len, "mode": e.data["mode"],
                                  "seat": e.data["seat"], "near": self.near_miss})
                delay = dur
                self._shown = before
            elif e.kind == "destroyed":
                self.anim.append({"kind": "boom", "t": -delay, "at": [tuple(a) for a in e.data["at"]]})
            elif e.kind == "blast":
                world = s.world()
                centres = [(float(c[0]), float(c[1])) for c in e.data["centres"]]
                regions = [blast_region(world, c) for c in centres]
                self.anim.append({"kind": "blast", "t": -delay, "regions": regions,
                                  "centre_of": {id(r): c for r, c in zip(regions, centres, strict=True)}})
            elif e.kind == "tunnel":
                self.anim.append({"kind": "carve", "t": -delay, "polys": _carved(before[1], s.asteroids)})
            elif e.kind == "coin":
                self.anim.append({"kind": "coin", "t": -delay, "seat": int(e.data["seat"])})
        self.heading_preview = None
        self._sync_widgets()

    def update(self, dt: float) -> None:
        for a in self.anim:
            a["t"] += dt
        if not any(a["kind"] == "trace" and a["t"] < a["dur"] for a in self.anim):
            self._shown = None  # the pencil has finished: show the paper as the rules left it
        ends = {"trace": None, "boom": BOOM_TIME, "blast": BOOM_TIME, "carve": BOOM_TIME, "coin": COIN_TIME}
        self.anim = [a for a in self.anim if a["t"] < (a["dur"] if a["kind"] == "trace" else ends[a["kind"]])]
        if not self.anim:
            s = self.state
            self._seen = (list(s.pieces), s.asteroids)
        if self.refused_outline is not None:
            pts, left = self.refused_outline
            self.refused_outline = (pts, left - dt) if left - dt > 0 else None
        self._sync_widgets()

    def busy(self) -> bool:
        return bool(self.anim)

    # -- lessons (game/ui/scenes/lesson.py) ---------------------------------------------------------
    def lesson_target(self, action: Any) -> pygame.Rect | None:
        """A flick: the move/shot switch when it is on the other mode, else the ship's nose (press
        there and drag); a heading: a spot on the paper in that direction from where the ship lands."""
        self._fit()
        s = self.state
        box = max(12, int(GRAB_PX * 0.9))
        if isinstance(action, Flick):
            p = s.piece(action.ship)
            if p is None:
                return None
            if action.mode != self.mode and p.kind != "turret" and action.mode in self.buttons:
                return pygame.Rect(self.buttons[action.mode].rect)
            x, y = self.px((p.x, p.y))
            return pygame.Rect(int(x) - box // 2, int(y) - box // 2, box, box)
        if isinstance(action, Heading) and s.phase == "heading" and s.pending is not None:
            p = s.piece(s.pending)
            end = s.landing or ((p.x, p.y) if p is not None else None)
            if end is None:
                return None
            a = math.radians(action.angle)
            x, y = self.px((end[0] + 18 * math.cos(a), end[1] + 18 * math.sin(a)))
            return pygame.Rect(int(x) - box // 2, int(y) - box // 2, box, box)
        return None

    def lesson_window(self, window: dict[str, Any]) -> dict[str, Any] | None:
        """The flick window on the paper: every slow drag from the nose ending in the outline is inside
        (a quick release adds up to a quarter more strength, so ``to`` stays in the nearer part)."""
        self._fit()
        p = self.state.piece(window["ship"])
        if p is None:
            return None
        reach = PENCILS[self.pencil].reach
        (lo, hi), (s_lo, s_hi) = window["angle"], window["strength"]

        def at(deg: float, strength: float) -> Pt:
            a = math.radians(deg)
            return self.px((p.x + reach * strength * math.cos(a), p.y + reach * strength * math.sin(a)))

        n = max(2, int((hi - lo) / 3) + 1)
        arc = [lo + (hi - lo) * i / (n - 1) for i in range(n)]
        outline = [at(d, s_hi) for d in arc] + [at(d, s_lo) for d in reversed(arc)]
        slow = max(s_lo * 1.02, min((s_lo + s_hi) / 2, s_hi / 1.3))
        return {"from": self.px((p.x, p.y)), "to": at((lo + hi) / 2, slow), "outline": outline}

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
            lines.append(f"Flick mode: {'shoot' if self.mode == 'shot' else 'move'}")
            if g.settings["stalemate"]:
                lines.append(f"Turns without a shot: {s.quiet}")
                if s.turns < s.next_call:
                    lines.append(f"Draw refused: next call in {s.next_call - s.turns} turns")
        if s.phase == "draw" and s.proposal is not None:
            lines.append(f"Draw proposed by {g.player_name(s.proposal['by'])}")
            if s.tears:
                lines.append(f"Tears in the paper: {len(s.tears)}")
        lines.append(f"Asteroids: {len(s.asteroids)}")
        if not self.show_residue:
            lines.append("Old traces erased (E shows them).")
        return lines

    def hint(self) -> str:
        s = self.state
        if s.is_over():
            return ""
        verb = "shoot" if self.mode == "shot" else "move"
        return {
            "door": f"{s.game.player_name(s.seat)}: drag along your own hangar wall (at the "
                    f"{s.game.hangars[s.seat].side}) and let go where the {cm(IN, 1)} door goes.",
            "field": "Drag a loop to draw an asteroid (not touching rock or walls); Enter when you are done.",
            "ships": (f"Click just outside your hangar, within {cm(IN, 1)} of its wall, to place the turret "
                      "(one each; it never moves, it shoots any way); T: back to ships." if self.turret else
                      "Click in your hangar to place a ship, or drag to point it (wheel or arrows turn it"
                      + ("; T: a turret instead" if s.game.settings["turrets"] else "") + ")."),
            "heading": "Drag to point the ship, or arrows then Enter (Enter alone: along the trace).",
            "draw": "A draw is proposed: Accept (Y) ends the game drawn once every player still in accepts; "
                    "Refuse (N) plays on.",
            "play": f"Press a ship's nose, drag and let go to {verb}; a longer drag flicks harder"
                    " (right drag shoots; M/S switch; E erases traces).",
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


def _lifts(raw: list[Pt], used: list[list[Pt]], skips: list[Any]) -> tuple[list[Pt], list[float]]:
    """S-V1: the points where the pencil lifted off (and came down) within the part of the trace that counts,
    with how far along the counted trace each lies (so the animation marks it as the stroke gets there)."""
    counted = sum(math.dist(p, q) for st in used for p, q in zip(st, st[1:], strict=False))
    pts: list[Pt] = []
    at: list[float] = []
    for gap in skips:
        for s in (float(gap[0]), float(gap[1])):
            if s <= counted + 1e-6:
                pts.append(point_at(raw, s))
                at.append(s)
    return pts, at


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


def outline_polygon(points: Sequence[Pt]) -> Polygon | None:
    """The asteroid a hand-drawn loop encloses (self-crossings resolved), or None if it is not one piece."""
    if len(points) < 3:
        return None
    poly = Polygon(points).buffer(0).simplify(0.4)
    if not isinstance(poly, Polygon) or poly.is_empty:
        return None
    return Polygon(poly.exterior.coords)


def _arc_to(strands: list[list[Pt]], point: Pt) -> float:
    """Arc length along the drawn strands to the vertex-or-segment point nearest ``point``."""
    best, best_s, run = math.inf, 0.0, 0.0
    for st in strands:
        for a, b in zip(st, st[1:], strict=False):
            seg = math.dist(a, b)
            f = 0.0 if seg == 0 else max(0.0, min(1.0, ((point[0] - a[0]) * (b[0] - a[0]) +
                                                         (point[1] - a[1]) * (b[1] - a[1])) / (seg * seg)))
            q = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
            d = math.dist(q, point)
            if d < best:
                best, best_s = d, run + seg * f
            run += seg
    return best_s


def _take(strands: list[list[Pt]], budget: float) -> list[list[Pt]]:
    """The first ``budget`` mm of a list of strands (a polyline split where it wraps or skips)."""
    out: list[list[Pt]] = []
    for strand in strands:
        if budget <= 0 or not strand:
            break
        take = [strand[0]]
        for p, q in zip(strand, strand[1:], strict=False):
            seg = math.dist(p, q)
            if seg >= budget:
                f = budget / seg if seg else 0.0
                take.append((p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f))
                budget = 0
                break
            take.append(q)
            budget -= seg
        out.append(take)
    return out


def _carved(before: list[Polygon], after: list[Polygon]) -> list[Polygon]:
    """The rock a shot cut away: the old asteroids that changed, minus what is left of them."""
    kept = {id(r) for r in after}
    gone = [r for r in before if id(r) not in kept]
    fresh = [r for r in after if id(r) not in {id(b) for b in before}]
    if not gone:
        return []
    cut: BaseGeometry = unary_union(gone)
    if fresh:
        cut = cut.difference(unary_union(fresh))
    return [g for g in getattr(cut, "geoms", [cut]) if isinstance(g, Polygon) and not g.is_empty]
