"""Paper Tigers' board: the centimetre table as it stands, drawn to scale.

The table's place in the window (cm <-> pixels, what lies under a point), the cached layer of
paper, grid and terrain, the units' pencil sketches (along the path of a move that is playing
out), and beside each unit its cards and its label, set where they hide no unit and no other
label.  The cards and dice of the tray under the table are drawn with the same helpers
(panel.py).  The other parts of the view build on ``TigersBoard``; the view's data is given its
values in view.py (``TigersView.__init__``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import pygame
from shapely.geometry import Point, Polygon

from ....i18n import language, tr
from ....msg import Mp, Msg
from ....rules.tigers import cards as C
from ....rules.tigers.geometry import KINDS, base_corners, heading_vec, path_length
from ....rules.tigers.state import TigersState, Unit
from ... import paper
from ...view import GameView

TRAY_H = 178
CARD_W, CARD_H = 34, 48
RED = (190, 40, 40)
BLACK = (30, 30, 36)
HILL = (176, 150, 104)
WOODS = (70, 130, 70)
BUILDING = (120, 96, 80)
SMOKE = (150, 150, 150)
WRECK = (40, 40, 40)
Colour = tuple[int, int, int]
#: The short type names written beside each unit on the table.
SHORT = {"infantry": Mp("unit type, short", "Inf"), "jeep": Mp("unit type, short", "Jeep"),
         "truck": Mp("unit type, short", "Truck"), "halftrack": Mp("unit type, short", "HT"),
         "armoured_car": Mp("unit type, short", "AC"), "gun": Mp("unit type, short", "Gun"),
         "tank": Mp("unit type, short", "Tank")}


@lru_cache(maxsize=512)
def _measure(s: str, size: int, bold: bool, lang: str) -> tuple[int, int]:
    return paper.font(size, bold).size(s)


def _text_size(s: str, size: int, bold: bool) -> tuple[int, int]:
    """The size of ``s`` as drawn, in the player's language, in the hand font (measured once: the
    labels are laid out every frame).  The cache keys on the text drawn: a message equals its
    English sentence, so it is rendered first."""
    return _measure(str(tr(s)), size, bold, language())


def unit_tag(u: Unit) -> Msg:
    """A unit's type and number as written on the table, e.g. "Tank 3" (the short type is
    translated; "{short} {n}" itself is no message: every language writes it so)."""
    return Msg("{short} {n}", {"short": SHORT.get(u.kind, Msg(u.kind)), "n": u.id})


class PencilButton:
    """A button drawn in pencil on the paper, with a key."""

    def __init__(self, label: str, key: int | None, run: Callable[[], Any]) -> None:
        self.label = label
        self.key = key
        self.run = run
        self.rect = pygame.Rect(0, 0, 0, 0)


# -- drawing helpers ---------------------------------------------------------------------

def draw_suit(surf: pygame.Surface, suit: str, centre: tuple[float, float], size: float) -> None:
    """A suit symbol from shapes (the hand font has no suit glyphs)."""
    x, y = centre
    r = size / 2
    col = RED if suit in "HD" else BLACK
    if suit == "D":
        pygame.draw.polygon(surf, col, [(x, y - r), (x + r * 0.7, y), (x, y + r), (x - r * 0.7, y)])
    elif suit == "H":
        pygame.draw.circle(surf, col, (x - r * 0.45, y - r * 0.25), r * 0.5)
        pygame.draw.circle(surf, col, (x + r * 0.45, y - r * 0.25), r * 0.5)
        pygame.draw.polygon(surf, col, [(x - r * 0.93, y - r * 0.05), (x + r * 0.93, y - r * 0.05), (x, y + r)])
    elif suit == "S":
        pygame.draw.circle(surf, col, (x - r * 0.45, y + r * 0.15), r * 0.48)
        pygame.draw.circle(surf, col, (x + r * 0.45, y + r * 0.15), r * 0.48)
        pygame.draw.polygon(surf, col, [(x - r * 0.9, y + r * 0.05), (x + r * 0.9, y + r * 0.05), (x, y - r)])
        pygame.draw.polygon(surf, col, [(x, y + r * 0.2), (x - r * 0.35, y + r), (x + r * 0.35, y + r)])
    else:
        for dx, dy in ((0, -0.42), (-0.45, 0.15), (0.45, 0.15)):
            pygame.draw.circle(surf, col, (x + r * dx, y + r * dy), r * 0.42)
        pygame.draw.polygon(surf, col, [(x, y + r * 0.1), (x - r * 0.35, y + r), (x + r * 0.35, y + r)])


def draw_card(surf: pygame.Surface, rect: pygame.Rect, card: str | None, mark: Colour | None = None) -> None:
    """A card face (rank and suit, red or black) or, for None, a pencilled back."""
    pygame.draw.rect(surf, (252, 250, 244), rect, border_radius=4)
    if card is None:
        inner = rect.inflate(-6, -6)
        pygame.draw.rect(surf, (120, 140, 175), inner, border_radius=3)
        old = surf.get_clip()
        surf.set_clip(inner.clip(old) if old else inner)
        for k in range(inner.left - inner.height, inner.right, 6):
            pygame.draw.line(surf, (160, 176, 205), (k, inner.bottom - 1), (k + inner.height, inner.top), 1)
        surf.set_clip(old)
    else:
        col = RED if C.is_red(card) else BLACK
        paper.text(surf, C.rank(card), (rect.left + 4, rect.top + 2), 17, col, bold=True)
        draw_suit(surf, C.suit(card), (rect.centerx + 2, rect.bottom - 15), min(rect.w, rect.h) * 0.42)
    pygame.draw.rect(surf, mark or paper.GRAPHITE, rect, 3 if mark else 1, border_radius=4)


def draw_die(surf: pygame.Surface, centre: tuple[float, float], face: int, size: float, good: bool | None) -> None:
    x, y = centre
    r = pygame.Rect(0, 0, size, size)
    r.center = (int(x), int(y))
    pygame.draw.rect(surf, (252, 250, 244), r, border_radius=4)
    col = paper.GOOD if good else (paper.WARN if good is False else paper.INK)
    pygame.draw.rect(surf, col, r, 2, border_radius=4)
    pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
            5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
    for dx, dy in pips.get(face, []):
        pygame.draw.circle(surf, paper.INK, (x + dx * size * 0.26, y + dy * size * 0.26), max(1.5, size * 0.08))



class TigersBoard(GameView):
    """What every part of the view shares: the state, where the table is on screen, and the
    table drawn as it stands.  gestures.py, hover.py, panel.py and anim.py build on it."""

    # -- the view's data (what the parts read and write; given its values in view.py) -------------
    scale: float  #: pixels per cm
    off: tuple[float, float]  #: the screen point of the table's corner
    fit_scale: float  #: the scale that shows the whole table (zoom is bounded by it)
    fitted: bool
    panning: bool  #: a right or middle drag pans the table
    tool: str  #: "", "tape" or "los" (the sight string)
    drag: list[tuple[float, float]] | None  #: cm points of a drag in progress
    drag_start_px: tuple[int, int] | None
    mouse: tuple[int, int]  #: the pointer (screen)
    hover_off: bool  #: a click hides the hover card until the pointer moves on
    card_choice: str  #: the card of the hand chosen for the next order ("?" a face-down one)
    terrain_kind: str  #: the piece the next terrain drag lays
    selected_piece: int  #: the terrain piece selected (-1 none)
    grabbed: bool  #: the drag started on the selected piece: it moves it
    keep_facing: bool  #: move phase: slide or back off keeping the facing (T-A1 rev 2)
    selected_unit: int  #: pick phase: the unit with two cards whose turn is being chosen
    followers: list[int]  #: act phase: the units named to follow this order (T-F1)
    deploy_facing: float  #: deploy phase: the facing Q/E gave (-1 the side's default)
    rolls: list[dict[str, Any]]  #: the latest rolls shown in the tray (see anim.py)
    anims: dict[int, tuple[float, list[tuple[float, float]], float]]  #: unit -> (time, path, duration)
    flash: float
    buttons: list[PencilButton]  #: this frame's tray buttons (panel.py draws them, gestures.py runs them)
    card_hits: list[tuple[pygame.Rect, str]]  #: this frame's cards of the hand that a click chooses
    _static: tuple[Any, pygame.Surface] | None
    _tool_line: list[tuple[float, float]] | None  #: the tape or the string left lying after a drag
    _mount_cache: tuple[Any, tuple[dict[str, Any] | None, str]] | None
    _campaign_line: str | None
    _battle: str
    _sprites: dict[Any, pygame.Surface]
    _opening: list[Any]
    _marks: tuple[Any, dict[int, tuple[list[pygame.Rect], pygame.Rect, bool]]] | None
    odds: tuple[str, Colour] | None  #: this frame's odds line while an enemy is under the pointer
    shown: dict[str, pygame.Rect]  #: where this frame's notes went: "card", "odds", "tool"

    # -- geometry --------------------------------------------------------------------------------
    @property
    def st(self) -> TigersState:
        return self.ctx.state  # type: ignore[return-value]

    def table_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left, self.rect.top, self.rect.w, max(60, self.rect.h - TRAY_H))

    def fit(self) -> None:
        area = self.table_rect()
        tw, th = self.st.table
        self.fit_scale = max(0.5, min((area.w - 20) / tw, (area.h - 20) / th))
        self.scale = self.fit_scale
        self.off = (area.centerx - tw * self.scale / 2, area.centery - th * self.scale / 2)
        self.fitted = True

    def px(self, x: float, y: float) -> tuple[float, float]:
        return (self.off[0] + x * self.scale, self.off[1] + y * self.scale)

    def cm(self, pos: tuple[float, float]) -> tuple[float, float]:
        return ((pos[0] - self.off[0]) / self.scale, (pos[1] - self.off[1]) / self.scale)

    def unit_at(self, p: tuple[float, float]) -> int:
        pt = Point(p)
        best = (3.0 / max(self.scale, 0.1) + 0.3, -1)
        for u in self.st.units:
            if not u.alive or u.carrier >= 0 or not u.placed or abs(u.x - p[0]) > 8 or abs(u.y - p[1]) > 8:
                continue
            d = u.polygon().distance(pt)
            if d <= best[0]:
                best = (d, u.id)
        return best[1]

    def piece_at(self, p: tuple[float, float]) -> int:
        found = self.st.terrain.pieces_at(*p)
        return found[-1] if found else -1

    def unit_rect(self, uid: int) -> pygame.Rect | None:
        """The screen box of a unit's base (None when it is not on the table)."""
        s = self.st
        if not 0 <= uid < len(s.units):
            return None
        u = s.units[uid]
        if not u.alive or u.carrier >= 0 or not u.placed:
            return None
        pts = [self.px(x, y) for x, y in u.polygon().exterior.coords]
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        r = pygame.Rect(0, 0, max(12, int(max(xs) - min(xs)) + 6), max(12, int(max(ys) - min(ys)) + 6))
        r.center = (round(self.px(u.x, u.y)[0]), round(self.px(u.x, u.y)[1]))
        return r

    # -- drawing: the table, its terrain and the units -------------------------------------------
    def _draw_static(self, surf: pygame.Surface) -> None:
        s = self.st
        area = self.table_rect()
        ox, oy = self.off[0] - area.left, self.off[1] - area.top
        sc = self.scale
        tw, th = s.table

        def P(x: float, y: float) -> tuple[float, float]:
            return (ox + x * sc, oy + y * sc)

        top = pygame.Rect(int(ox), int(oy), int(tw * sc), int(th * sc))
        pygame.draw.rect(surf, (236, 232, 214), top)
        step = 10
        for gx in range(0, int(tw) + 1, step):
            pygame.draw.line(surf, paper.PAPER_LINE, P(gx, 0), P(gx, th), 1)
        for gy in range(0, int(th) + 1, step):
            pygame.draw.line(surf, paper.PAPER_LINE, P(0, gy), P(tw, gy), 1)
        if s.edge and s.phase in ("deploy", "side") or (s.phase == "side"):
            for side in (0, 1):
                if s.edge:
                    lo, hi = s.zone(side)
                    band = pygame.Surface((int(tw * sc), max(1, int((hi - lo) * sc))), pygame.SRCALPHA)
                    band.fill((*paper.player_colour(side), 28))
                    surf.blit(band, P(0, lo))
        for i, p in enumerate(s.pieces):
            pts = [P(x, y) for x, y in p["points"]]
            kind = p["kind"]
            if kind == "hill":
                cx = sum(q[0] for q in pts) / len(pts)
                cy = sum(q[1] for q in pts) / len(pts)
                pygame.draw.polygon(surf, (224, 208, 172), pts)
                for f in (1.0, 0.66, 0.33):
                    ring = [(cx + (q[0] - cx) * f, cy + (q[1] - cy) * f) for q in pts]
                    paper.pencil_lines(surf, HILL, ring, True, 2, seed=i)
            elif kind == "woods":
                pygame.draw.polygon(surf, (206, 226, 196), pts)
                paper.pencil_lines(surf, WOODS, pts, True, 2, seed=i)
                self._trees(surf, p["points"], P, i)
            else:
                pygame.draw.polygon(surf, (214, 196, 180), pts)
                paper.pencil_lines(surf, BUILDING, pts, True, 3, seed=i)
                if len(pts) == 4:
                    a = ((pts[0][0] + pts[3][0]) / 2, (pts[0][1] + pts[3][1]) / 2)
                    b = ((pts[1][0] + pts[2][0]) / 2, (pts[1][1] + pts[2][1]) / 2)
                    paper.pencil_line(surf, BUILDING, a, b, 1, seed=i)
        paper.pencil_lines(surf, paper.INK, [P(0, 0), P(tw, 0), P(tw, th), P(0, th)], True, 3, seed=3)
        for x in range(0, int(tw) + 1, 30):
            paper.text(surf, f"{x}", (P(x, 0)[0], P(x, 0)[1] - 2), 13, paper.FAINT, "midbottom")

    def _trees(self, surf: pygame.Surface, pts: Sequence[tuple[float, float]], P: Callable[..., tuple[float, float]],
               seed: int) -> None:
        poly = Polygon(pts)
        minx, miny, maxx, maxy = poly.bounds
        r = max(2.0, 1.3 * self.scale)
        y = miny + 2
        k = 0
        while y < maxy:
            x = minx + 2 + (k % 2) * 1.5
            while x < maxx:
                if poly.contains(Point(x, y)):
                    c = P(x + paper._jitter(seed, k) * 0.6, y)
                    pygame.draw.circle(surf, (150, 190, 140), c, r)
                    pygame.draw.circle(surf, WOODS, c, r, 1)
                x += 3.2
                k += 1
            y += 3.0

    def unit_pose(self, u: Unit) -> tuple[float, float, float]:
        if u.id in self.anims:
            t, pts, dur = self.anims[u.id]
            total = path_length(pts)
            if total > 0:
                d = total * t / dur
                for a, b in zip(pts, pts[1:], strict=False):
                    seg = math.dist(a, b)
                    if d <= seg and seg > 0:
                        f = d / seg
                        fx, fy = a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
                        h = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
                        dx, dy = heading_vec(h)
                        hl = u.spec.length / 2
                        return fx - dx * hl, fy - dy * hl, h
                    d -= seg
        return u.x, u.y, u.heading

    def draw_unit(self, surf: pygame.Surface, u: Unit, marks: bool = True) -> None:
        """The unit's sketch, its frame when it acts or follows, and (``marks``) its cards and label."""
        s = self.st
        x, y, h = self.unit_pose(u)
        base = self._base(u)
        key = (u.id, u.kind, u.side, round(h, 1), round(self.scale, 3), u.damaged, u.wreck, u.passenger >= 0)
        sprite = self._sprites.get(key)
        if sprite is None:
            if len(self._sprites) > 400:
                self._sprites.clear()
            sprite = self._unit_sprite(u, h)
            self._sprites[key] = sprite
        cx, cy = self.px(x, y)
        surf.blit(sprite, (cx - sprite.get_width() / 2, cy - sprite.get_height() / 2))
        if u.passenger >= 0 and not u.wreck:  # a marker on the carrier: a ring with a P
            mx, my = (sum(q[0] for q in base) / 4, sum(q[1] for q in base) / 4)
            pygame.draw.circle(surf, paper.PAPER, (mx, my), 7)
            pygame.draw.circle(surf, paper.player_colour(u.side), (mx, my), 7, 2)
            paper.text(surf, Mp("passenger marker", "P"), (mx, my), 11, paper.player_colour(u.side), "center", bold=True)
        if (s.phase == "act" and s.queue and s.queue[0][1] == u.id) or (s.phase == "volley" and s.volley[0] == u.id):
            pygame.draw.polygon(surf, (230, 160, 0), base, 3)  # the unit to act: the follower to fire, in a volley
        if u.id in self.followers or u.id == self.selected_unit or (s.phase == "volley" and u.id in s.volley[1:]):
            pygame.draw.polygon(surf, paper.GOOD, base, 3)
        if marks and not u.wreck:
            self.draw_marks(surf, u)

    def _base(self, u: Unit) -> list[tuple[float, float]]:
        """The four screen corners of the unit's base where it is drawn now (front edge first)."""
        x, y, h = self.unit_pose(u)
        k = KINDS[u.kind]
        return [self.px(*q) for q in base_corners(x, y, h, k.length, k.width)]

    def _body(self, u: Unit) -> pygame.Rect:
        """The screen box of the unit's sketch: its base and its gun barrel."""
        pts = self._base(u)
        if u.kind in ("tank", "armoured_car", "gun"):
            x, y, h = self.unit_pose(u)
            dx, dy = heading_vec(h)
            reach = u.spec.length / 2 + {"tank": 2.0, "armoured_car": 0.8, "gun": 1.0}[u.kind]
            pts.append(self.px(x + dx * reach, y + dy * reach))
        xs, ys = [q[0] for q in pts], [q[1] for q in pts]
        return pygame.Rect(int(min(xs)) - 2, int(min(ys)) - 2, int(max(xs) - min(xs)) + 5, int(max(ys) - min(ys)) + 5)

    def label_text(self, u: Unit) -> Msg:
        """Type and number as written beside the unit (and the passenger it carries)."""
        tag = unit_tag(u)
        if u.passenger >= 0:
            return Msg("{a} + {b}", {"a": tag, "b": unit_tag(self.st.units[u.passenger])})
        return tag

    def unit_marks(self) -> dict[int, tuple[list[pygame.Rect], pygame.Rect, bool]]:
        """Where each unit's cards lie and its label is written: (card rects, label rect, beside),
        ``beside`` False when crowding put them a little away (a pencil line then points to the
        unit).  The cards and the label of a unit form one strip, set right, left, below or above
        its sketch, then further off, at the first spot inside the table that touches no unit's
        sketch and no other strip: no card ever hides a unit, no two labels ever collide."""
        s = self.st
        area = self.table_rect()
        live = [u for u in s.units if u.alive and u.carrier < 0 and u.placed]
        key = (round(self.scale, 4), round(self.off[0], 1), round(self.off[1], 1), area.size, area.topleft,
               tuple((u.id, self.unit_pose(u), u.passenger, tuple(s.assigned.get(u.id, ()))) for u in live),
               tuple((u.id, u.x, u.y, u.heading) for u in s.units if u.wreck))
        if self._marks is not None and self._marks[0] == key:
            return self._marks[1]
        bodies = {u.id: self._body(u) for u in s.units if u.wreck or u in live}
        taken = list(bodies.values())
        out: dict[int, tuple[list[pygame.Rect], pygame.Rect, bool]] = {}
        for u in live:
            body = bodies[u.id]
            n = len(s.assigned.get(u.id, ()))
            tw, th = _text_size(self.label_text(u), 13, True)
            cw = 18 * n
            w, h = cw + tw + 4, max(th, 22 if n else 0)
            spot, beside = self._spot(body, w, h, taken, area)
            taken.append(spot)
            cards = [pygame.Rect(spot.left + 18 * i, spot.centery - 11, 16, 22) for i in range(n)]
            out[u.id] = (cards, pygame.Rect(spot.left + cw, spot.centery - th // 2, tw + 4, th), beside)
        self._marks = (key, out)
        return out

    @staticmethod
    def _spot(body: pygame.Rect, w: int, h: int, taken: Sequence[pygame.Rect],
              area: pygame.Rect) -> tuple[pygame.Rect, bool]:
        """The first free w x h spot round ``body`` (see unit_marks), and whether it is beside it."""
        g = 3
        cx, cy = body.centerx - w // 2, body.centery - h // 2
        spots: list[tuple[int, int, bool]] = []
        for k in range(5):
            for d in ((0,) if k == 0 else (k, -k)):
                spots += [(body.right + g, cy + d * (h + 2), k == 0), (body.left - g - w, cy + d * (h + 2), k == 0),
                          (cx + d * (w // 2 + 4), body.bottom + g + (k // 2) * (h + 2), k == 0),
                          (cx + d * (w // 2 + 4), body.top - g - h - (k // 2) * (h + 2), k == 0)]
        if not body.colliderect(area):  # off the visible table: it is clipped away anyway
            return pygame.Rect(body.right + g, cy, w, h), True
        inner = area.inflate(-4, -4)
        best: tuple[int, pygame.Rect, bool] | None = None
        for x, y, beside in spots:
            r = pygame.Rect(x, y, w, h)
            if inner.contains(r) and r.collidelist(taken) == -1:
                return r, beside
            r = r.clamp(inner)
            over = sum(c.w * c.h for c in (r.clip(taken[i]) for i in r.collidelistall(taken)))
            if best is None or over < best[0]:
                best = (over, r, beside and r.x == x and r.y == y)
        assert best is not None
        return best[1], best[2]

    def draw_marks(self, surf: pygame.Surface, u: Unit) -> None:
        """The cards lying by the unit and its label, where ``unit_marks`` put them."""
        marks = self.unit_marks().get(u.id)
        if marks is None:
            return
        cards, label, beside = marks
        if not beside:  # set away from the crowd: a pencil line from the strip to the unit
            body = self._body(u)
            strip = label.unionall(cards) if cards else label
            end = (min(max(body.centerx, strip.left), strip.right), min(max(body.centery, strip.top), strip.bottom))
            pygame.draw.line(surf, paper.player_colour(u.side), body.center, end, 1)
        for r, (c, up) in zip(cards, self.st.assigned.get(u.id, []), strict=False):
            draw_card(surf, r, c if up else None)
        self.draw_tag(surf, u, label)

    def draw_tag(self, surf: pygame.Surface, u: Unit, r: pygame.Rect) -> None:
        """Type and number in ``r`` on a scrap of paper, legible over lines and terrain."""
        back = pygame.Surface(r.size, pygame.SRCALPHA)
        back.fill((*paper.PAPER, 210))
        surf.blit(back, r)
        paper.text(surf, self.label_text(u), (r.left + 2, r.top), 13, paper.player_colour(u.side), bold=True)

    def _unit_sprite(self, u: Unit, h: float) -> pygame.Surface:
        """The unit's top-down pencil sketch at this zoom and facing (cached by the caller)."""
        k = KINDS[u.kind]
        col = WRECK if u.wreck else paper.player_colour(u.side)
        dx, dy = heading_vec(h)
        px_, py_ = -dy, dx
        size = int((math.hypot(k.length + 4, k.width + 4) + 6) * self.scale) + 24
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        half = size / 2

        def L(a: float, b: float) -> tuple[float, float]:
            return (half + (dx * a + px_ * b) * self.scale, half + (dy * a + py_ * b) * self.scale)

        hl, hw = k.length / 2, k.width / 2
        base = [L(hl, -hw), L(hl, hw), L(-hl, hw), L(-hl, -hw)]
        light = tuple(min(255, c + 150) for c in col)
        pygame.draw.polygon(surf, light, base)
        paper.pencil_lines(surf, col, base, True, 2, seed=u.id)
        w = max(1, int(self.scale * 0.25))
        if u.kind == "infantry":
            n = 4
            for i in range(n):
                b = -hw + hw * 2 * (i + 0.5) / n
                a = 0.5 if i % 2 else -0.5
                pygame.draw.circle(surf, col, L(a, b), max(2, self.scale * 0.45))
        elif u.kind == "gun":
            paper.pencil_line(surf, col, L(-hl, -hw), L(0, 0), w)
            paper.pencil_line(surf, col, L(-hl, hw), L(0, 0), w)
            paper.pencil_line(surf, col, L(0.5, -hw * 0.8), L(0.5, hw * 0.8), w + 1)
            paper.pencil_line(surf, col, L(0, 0), L(hl + 1.0, 0), w + 1)
        else:
            tracks = u.kind in ("tank", "halftrack")
            if tracks:
                t0 = -hl if u.kind == "tank" else -hl
                t1 = hl if u.kind == "tank" else hl * 0.2
                for side in (-1, 1):
                    band = [L(t1, side * hw), L(t1, side * hw * 0.72), L(t0, side * hw * 0.72), L(t0, side * hw)]
                    pygame.draw.polygon(surf, col, band)
            if u.kind in ("jeep", "truck", "armoured_car", "halftrack"):
                axles = {"jeep": (0.6, -0.6), "truck": (0.7, -0.3, -0.7), "armoured_car": (0.6, 0, -0.6),
                         "halftrack": (0.75,)}[u.kind]
                for a in axles:
                    for side in (-1, 1):
                        pygame.draw.circle(surf, col, L(a * hl, side * hw * 0.85), max(2, self.scale * 0.55))
            if u.kind == "truck":
                paper.pencil_line(surf, col, L(hl * 0.45, -hw), L(hl * 0.45, hw), w)
            if u.kind == "jeep":
                paper.pencil_line(surf, col, L(hl * 0.3, -hw * 0.8), L(hl * 0.3, hw * 0.8), w)
            if u.kind in ("tank", "armoured_car"):
                r = hw * (0.55 if u.kind == "tank" else 0.5)
                c = L(-0.3 if u.kind == "tank" else 0, 0)
                pygame.draw.circle(surf, light, c, r * self.scale)
                pygame.draw.circle(surf, col, c, r * self.scale, max(1, w))
                paper.pencil_line(surf, col, c, L(hl + (2.0 if u.kind == "tank" else 0.8), 0), w + 1)
        pygame.draw.line(surf, paper.INK, base[0], base[1], max(2, w + 1))  # the front edge
        if not u.wreck:
            paper.draw_symbol(surf, u.side, L(-hl * 0.55, 0) if k.length > 4 else L(0, 0), max(6, min(14, self.scale * 1.6)), 1)
        if u.damaged or u.wreck:
            self.smoke(surf, L(0, 0), WRECK if u.wreck else SMOKE, u.id)
        return surf

    def smoke(self, surf: pygame.Surface, c: tuple[float, float], col: Colour, seed: int) -> None:
        sc = max(3.0, self.scale * 1.2)
        puff = pygame.Surface((int(sc * 6), int(sc * 6)), pygame.SRCALPHA)
        for i in range(6):
            ox = sc * 3 + paper._jitter(seed, i) * sc * 1.3
            oy = sc * 3 + paper._jitter(seed, i + 9) * sc * 1.3 - i * sc * 0.25
            pygame.draw.circle(puff, (*col, 150), (ox, oy), sc * (0.9 + 0.15 * (i % 3)))
        surf.blit(puff, (c[0] - sc * 3, c[1] - sc * 3))
