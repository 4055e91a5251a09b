"""Pencil Space Combat's animations: what a flick did plays out in order on the paper.

The trace grows as a pencil stroke (fast, then slow, as friction eats its speed), marking where
the pencil lifted (S-V1) and a near miss; then the explosions, the blasts (S-V6) and the rock
carved away (S-S4); the coin flip that decides who starts (S-U6).  Until the stroke has grown the
board keeps showing the paper as it was (``_shown``), so nothing jumps ahead of the pencil.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from ....engine import Event
from ....msg import N_, M
from ....rules.space.evaluate import blast_region
from ....rules.space.flick import point_at
from ... import paper
from .board import NUMBER_SIZE, ROCK_HATCH, ROCK_LINE, Pt, SpaceBoard

TRACE_MIN, TRACE_MAX = 0.3, 0.75  #: seconds for the pencil stroke to grow (short flick .. full reach)
BOOM_TIME = 0.7  #: seconds for explosions, blasts and the carving of a tunnel
COIN_TIME = 2.2  #: seconds the coin flip stays on the paper
COIN_SPIN = 1.2  #: ... of which it spins


class SpaceAnim(SpaceBoard):
    """Queues the events of each action and draws them as they play out."""

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

    # -- drawing what plays out ---------------------------------------------------------------------
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
        # TRANSLATORS: written beside a near miss on the paper; {gap} in millimetres
        paper.text(surface, M("missed by {gap:.1f} mm", gap=float(near["gap"])), at, NUMBER_SIZE, paper.WARN, anchor)

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
        paper.text(surface, N_("Coin flip"), (c[0], card.top + 8), 22, paper.INK, "midtop", bold=True)
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
            paper.text(surface, M("{who} starts.", who=self.state.game.player_name(face)), (c[0], card.bottom - 34), 22,
                       paper.player_colour(face), "midtop", bold=True)


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
