"""The Paper Tigers computer commander.

It never reads a face-down card (T-T2): it reasons with the odds of the unknown
cards, and with the faces of the cards that lie face up.  Every choice is a small
search: candidate actions (targets, follower chains, sampled move paths,
deployment spots) are scored with the rules' own geometry and exact dice odds,
and the best is played, within the time budget.
"""

from __future__ import annotations

import math
import time
from functools import cache
from itertools import product

from ...agents import Agent
from ...engine import Action, Game, IllegalAction, State
from . import cards as C
from .actions import (
    Assign,
    ChooseSide,
    Deploy,
    Discard,
    EndRecovery,
    EndTerrain,
    Fire,
    Keep,
    KeepAboard,
    Mount,
    Move,
    MoveOrder,
    Pick,
    PlaceTerrain,
    Recover,
    RollOff,
    Skip,
)
from .geometry import INFANTRY_CAP, INFANTRY_RANGE, TERRAIN_KINDS
from .state import TigersState, Unit


@cache
def p_at_least(n: int, need: int) -> float:
    """Chance that n six-sided dice sum to at least ``need``."""
    hits = sum(1 for r in product(range(1, 7), repeat=n) if sum(r) >= need)
    return hits / 6 ** n


@cache
def mean_success(action: str) -> float:
    """Success chance of a card nobody has seen (average over the full deck)."""
    return sum(p_at_least(C.dice_for(c, action), C.difficulty(c)) for c in C.FULL_DECK) / 52


def save_factor(s: TigersState, t: Unit) -> float:
    """Chance a hit survives the armour (T-A7) or cover (T-A8) save."""
    if t.spec.armour_dice:
        return (4 / 6) ** t.spec.armour_dice
    return 4 / 6 if s.in_cover(t) else 1.0


def hit_value(s: TigersState, t: Unit) -> float:
    """Victory points a hit is worth: the whole unit if already damaged, else about half."""
    v = t.spec.vp
    if t.passenger >= 0:
        v += s.units[t.passenger].spec.vp * 0.6
    cards = len(s.assigned.get(t.id, ())) + sum(1 for q in s.queue if q[1] == t.id)
    return v if t.damaged else 0.5 * v + 0.15 * cards


class TigersAI(Agent):
    """Assigns cards weighing initiative against difficulty, fires for expected
    victory points, moves to cover and sight lines, uses Follow me! and transport."""

    name = "ai"

    def __init__(self, game: Game, seed: int = 0, budget_s: float = 0.5) -> None:
        super().__init__(game, seed, budget_s)

    def choose(self, state: State) -> Action:
        assert isinstance(state, TigersState)
        self._deadline = time.perf_counter() + self.budget_s * 0.8
        s = state.clone()
        me = s.current_player()
        handler = getattr(self, f"_{s.phase}")
        act: Action = handler(s, me)
        try:
            state.check(act)
        except IllegalAction:
            return state.random_action(self.rng)
        return act

    def _late(self) -> bool:
        return time.perf_counter() > self._deadline

    # -- setup -------------------------------------------------------------------
    def _rolloff(self, s: TigersState, me: int) -> Action:
        return RollOff()

    def _terrain(self, s: TigersState, me: int) -> Action:
        if len(s.pieces) >= 9:
            return EndTerrain()
        w, h = s.table
        for _ in range(60):
            kind = self.rng.choice(TERRAIN_KINDS)
            a = PlaceTerrain(kind, round(self.rng.uniform(15, w - 15), 1), round(self.rng.uniform(20, h - 20), 1),
                             round(self.rng.uniform(10, 24), 1), round(self.rng.uniform(8, 18), 1),
                             round(self.rng.uniform(0, 90)))
            if kind == "building":
                a = PlaceTerrain(kind, a.x, a.y, round(a.w / 2.5, 1), round(a.h / 2.5, 1), a.angle)
            if s._ok(a):
                return a
        return EndTerrain()

    def _side(self, s: TigersState, me: int) -> Action:
        h = s.table[1]

        def cover(lo: float, hi: float) -> float:
            return sum(p.area for p, k in zip(s.terrain.polys, s.terrain.kinds, strict=True)
                       if k in ("woods", "building") and lo <= p.centroid.y <= hi)
        return ChooseSide("north" if cover(0, h / 3) >= cover(2 * h / 3, h) else "south")

    def _deploy(self, s: TigersState, me: int) -> Action:
        u = next(u for u in s.units if u.side == me and not u.placed)
        lo, hi = s.zone(me)
        face = 90.0 if lo == 0 else 270.0
        best: tuple[float, Action] | None = None
        for i in range(160):
            if best is not None and (i >= 40 or self._late()):
                break
            a = Deploy(u.id, round(self.rng.uniform(6, s.table[0] - 6), 1), round(self.rng.uniform(lo + 5, hi - 5), 1), face)
            if not s._ok(a):
                continue
            old = (u.x, u.y, u.heading, u.placed)
            u.x, u.y, u.heading, u.placed = a.x, a.y, a.facing, True
            score = (1.5 if s.in_cover(u) else 0.0) - 0.02 * abs(a.x - s.table[0] / 2) + self.rng.random() * 0.3
            u.x, u.y, u.heading, u.placed = old
            if best is None or score > best[0]:
                best = (score, a)
        if best is None:
            return s.random_action(self.rng)
        return best[1]

    # -- shooting and positions --------------------------------------------------------
    def los_factor(self, s: TigersState, a: Unit, b: Unit) -> float:
        blocked, doubt = s.line_of_sight(a, b)
        return 0.0 if blocked else 0.5 ** len(doubt)

    def shot_value(self, s: TigersState, shooter: Unit, t: Unit, p_roll: float) -> float:
        if s.fire_refusal(shooter, t.id) is not None:
            return 0.0
        return p_roll * self.los_factor(s, shooter, t) * save_factor(s, t) * hit_value(s, t)

    def best_shot(self, s: TigersState, u: Unit, p_roll: float) -> tuple[float, int]:
        best = (0.0, -1)
        for t in s.units:
            if t.side != u.side and t.alive and t.carrier < 0:
                v = self.shot_value(s, u, t, p_roll)
                if v > best[0]:
                    best = (v, t.id)
        return best

    def position_score(self, s: TigersState, u: Unit) -> float:
        """How good the unit's current spot is: targets it sees, threats that see it, cover, closing in."""
        enemies = [e for e in s.units if e.side != u.side and e.alive and e.carrier < 0]
        if not enemies:
            return 0.0
        att = []
        threat = 0.0
        nearest = min(s.fire_range(u, e) for e in enemies)
        for e in enemies:
            d = s.fire_range(u, e)
            if d > 90:
                continue
            f = self.los_factor(s, u, e)
            if f == 0:
                continue
            if u.kind != "infantry" or d <= INFANTRY_RANGE:
                att.append(f * save_factor(s, e) * hit_value(s, e))
            if not e.damaged and (e.kind != "infantry" or d <= INFANTRY_RANGE):
                threat += f * 0.5 * save_factor(s, u) * hit_value(s, u)
        att.sort(reverse=True)
        score = sum(att[:2]) - 0.6 * threat
        if u.kind == "infantry":
            score += 0.4 if s.in_cover(u) else 0.0
            score -= 0.05 * max(0.0, nearest - INFANTRY_RANGE + 2)
        elif not att:
            score -= 0.02 * nearest
        if u.passenger >= 0:
            score -= 0.05 * nearest
        return score

    # -- cards -------------------------------------------------------------------------
    def unit_need(self, s: TigersState, u: Unit) -> float:
        """How much a card on this unit is worth (expected victory points, roughly)."""
        if u.carrier >= 0:
            c = s.units[u.carrier]
            near = min((s.fire_range(c, e) for e in s.units if e.side != u.side and e.alive), default=99)
            return 0.35 if near < 30 else 0.0
        shot, _ = self.best_shot(s, u, mean_success("fire"))
        move = 0.12 if u.kind != "gun" else 0.02
        if u.kind == "infantry" and not shot:
            move = 0.25
        if u.passenger >= 0:
            move += 0.15
        return max(shot, move)

    def threatened(self, s: TigersState, u: Unit) -> float:
        return sum(self.los_factor(s, e, u) for e in s.units if e.side != u.side and e.alive and not e.damaged
                   and e.carrier < 0 and (e.kind != "infantry" or s.fire_range(e, u) <= INFANTRY_RANGE))

    def _assign(self, s: TigersState, me: int) -> Action:
        hand = s.hands[me]
        reserve = 1 if any(u.damaged for u in s.alive_units(me)) or len(hand) + sum(len(v) for k, v in s.assigned.items() if s.units[k].side == me) >= 6 else 0
        if len(hand) <= reserve:
            return Keep()
        faces = sorted({c for c, up in hand if up}, key=C.difficulty)
        down = any(not up for _, up in hand)
        best: tuple[float, Action] | None = None
        for u in s.units:
            if u.side != me or not s.can_take_card(u):
                continue
            need = self.unit_need(s, u)
            if len(s.assigned.get(u.id, ())) == 1:
                need *= 0.55
            danger = self.threatened(s, u)
            options = [("?", mean_success("fire"), 0.45)] if down else []
            for c in faces:
                ps = max(p_at_least(C.dice_for(c, "fire"), C.difficulty(c)),
                         p_at_least(C.dice_for(c, "move"), C.difficulty(c)) * 0.6)
                options.append((c, ps, C.RANKS.index(C.rank(c)) / 12))
            for code, ps, init in options:
                score = need * ps / max(mean_success("fire"), 1e-6) + 0.08 * danger * init
                if best is None or score > best[0]:
                    best = (score, Assign(u.id, code))
        if best is None or best[0] < 0.1:
            return Keep()
        return best[1]

    def _pick(self, s: TigersState, me: int) -> Action:
        best: tuple[float, Action] | None = None
        for uid in sorted(s.assigned):
            cs = s.assigned[uid]
            u = s.units[uid]
            if u.side != me or not cs:
                continue
            v = self.unit_need(s, u) + 0.05 * len(cs)
            which = 2 if len(cs) == 2 else 0
            if best is None or v > best[0]:
                best = (v, Pick(uid, which))
        assert best is not None
        return best[1]

    # -- orders -------------------------------------------------------------------------
    def _act(self, s: TigersState, me: int) -> Action:
        card, uid = s.queue[0]
        u = s.units[uid]
        pf = p_at_least(C.dice_for(card, "fire"), C.difficulty(card))
        pm = p_at_least(C.dice_for(card, "move"), C.difficulty(card))
        best: tuple[float, Action] = (-0.01, Skip(uid))
        chains = s.follower_chains(u) if u.carrier < 0 else [()]
        # fire: the leader's best target, each follower its own best (T-F1)
        if u.carrier < 0:
            v, tid = self.best_shot(s, u, pf)
            if tid >= 0:
                for ch in chains:
                    total = v
                    fol: list[tuple[int, int]] = []
                    for f in ch:
                        fv, ftid = self.best_shot(s, s.units[f], pf)
                        if ftid < 0:
                            break
                        total += fv
                        fol.append((f, ftid))
                    else:
                        if total > best[0]:
                            best = (total, Fire(uid, tid, tuple(fol)))
        # move: the gain of the best reachable spot, for the longest useful chain
        if not self._late():
            gain = self.move_gain(s, u, expected_allowance(u, card))
            ch = max(chains, key=len)
            follow_gain = sum(max(0.0, self.move_gain(s, s.units[f], expected_allowance(s.units[f], card), quick=True))
                              for f in ch)
            mv = pm * (gain + 0.6 * follow_gain)
            if u.carrier >= 0:
                mv = pm * 0.6
            if mv > best[0]:
                best = (mv, MoveOrder(uid, ch))
        return best[1]

    def candidates(self, s: TigersState, u: Unit, allow: float, n: int) -> list[tuple[tuple[float, float], ...]]:
        start = s.position(u) if u.carrier >= 0 else u.front()
        out: list[tuple[tuple[float, float], ...]] = []
        enemies = [e for e in s.units if e.side != u.side and e.alive]
        for k in range(n):
            ang = 2 * math.pi * k / n + self.rng.uniform(-0.1, 0.1)
            d = allow * (0.999 if k % 2 == 0 else 0.55)
            out.append(((round(start[0] + math.cos(ang) * d, 2), round(start[1] + math.sin(ang) * d, 2)),))
        for e in enemies[:4]:
            dx, dy = e.x - start[0], e.y - start[1]
            dist = math.hypot(dx, dy)
            if dist > 1e-6:
                f = min(allow * 0.999, dist) / dist
                out.append(((round(start[0] + dx * f, 2), round(start[1] + dy * f, 2)),))
        for poly, kind in zip(s.terrain.polys, s.terrain.kinds, strict=True):
            if kind in ("woods", "building") and u.kind == "infantry":
                c = poly.centroid
                dx, dy = c.x - start[0], c.y - start[1]
                dist = math.hypot(dx, dy)
                if 1e-6 < dist < allow + 25:
                    f = min(allow * 0.999, dist) / dist
                    out.append(((round(start[0] + dx * f, 2), round(start[1] + dy * f, 2)),))
        return out

    def try_spot(self, s: TigersState, u: Unit, path: tuple[tuple[float, float], ...]) -> float | None:
        end = s.simulate_move(u, path, None)
        tw, th = s.table
        if not (2 <= end["x"] <= tw - 2 and 2 <= end["y"] <= th - 2):
            return None
        old = (u.x, u.y, u.heading)
        u.x, u.y, u.heading = end["x"], end["y"], end["heading"]
        try:
            return self.position_score(s, u)
        finally:
            u.x, u.y, u.heading = old

    def move_gain(self, s: TigersState, u: Unit, allow: float, quick: bool = False) -> float:
        if allow <= 0.5:
            return 0.0
        here = self.position_score(s, u)
        best = here
        for path in self.candidates(s, u, allow, 8 if quick else 14):
            v = self.try_spot(s, u, path)
            if v is not None and v > best:
                best = v
        return best - here

    def _move(self, s: TigersState, me: int) -> Action:
        uid, allow = s.movers[0]
        u = s.units[uid]
        # T-R1: ride when the enemy is far, jump off when it is near
        enemies = [e for e in s.units if e.side != me and e.alive]
        near = min((s.fire_range(u, e) for e in enemies), default=99.0)
        if u.kind == "infantry" and u.carrier < 0 and near > 35:
            for c in s.units:
                mount = Mount(uid, c.id)
                if c.side == me and c.spec.carrier and s._ok(mount):
                    return mount
        here = self.position_score(s, u) if u.carrier < 0 else -1.0
        best: tuple[float, Action] = (here, Move(uid, ()))
        if u.carrier >= 0 and near > 30:
            return Move(uid, ())
        for path in self.candidates(s, u, allow, 20):
            if self._late():
                break
            a = Move(uid, path)
            if not s._ok(a):
                continue
            v = self.try_spot(s, u, path)
            if v is not None and v > best[0] + 1e-9:
                best = (v, a)
        return best[1]

    def _aboard(self, s: TigersState, me: int) -> Action:
        pid, cid = s.aboard[0]
        c = s.units[cid]
        return KeepAboard(pid, not c.damaged)

    def _recover(self, s: TigersState, me: int) -> Action:
        faces = sorted((c for c, up in s.hands[me] if up), key=C.difficulty)
        down = any(not up for _, up in s.hands[me])
        units = sorted((u for u in s.damaged_units(me) if u.id not in s.recovering), key=lambda u: -u.spec.vp)
        if not units:
            return EndRecovery()
        if faces and (not down or p_at_least(2, C.difficulty(faces[0])) >= 0.42):
            return Recover(units[0].id, faces[0])
        if down:
            return Recover(units[0].id, "?")
        return EndRecovery()

    def _discard(self, s: TigersState, me: int) -> Action:
        faces = sorted((c for c, up in s.hands[me] if up), key=C.difficulty)
        if faces and C.difficulty(faces[-1]) >= 9:
            return Discard(faces[-1])
        if any(not up for _, up in s.hands[me]):
            return Discard("?")
        return Discard(faces[-1])


def expected_allowance(u: Unit, card: str) -> float:
    """The mean roll of a successful move on this card (capped for infantry)."""
    m = _mean_roll(C.dice_for(card, "move"), C.difficulty(card))
    return min(m, INFANTRY_CAP) if u.kind == "infantry" else m


@cache
def _mean_roll(n: int, need: int) -> float:
    rolls = [sum(r) for r in product(range(1, 7), repeat=n) if sum(r) >= need]
    return sum(rolls) / len(rolls) if rolls else 0.0


def make_ai(game: Game, seed: int) -> TigersAI:
    return TigersAI(game, seed)
