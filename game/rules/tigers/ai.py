"""The Paper Tigers computer commander.

It never reads a face-down card (T-T2): it reasons with the odds of the unknown
cards, and with the faces of the cards that lie face up.  Every choice is a small
search: candidate actions (targets, follower chains, sampled move paths,
deployment spots) are scored with the rules' own geometry and exact dice odds,
and the best is played, within the time budget.  Card assignments (T-T3) and moves
go one step further: the best few are played out to the end of the turn in worlds
where the unknown cards are dealt at random; the one that ends best is played if it
beats the heuristic's own first choice by more than the luck of those worlds.  A turn's
end is judged by the points, and by the shots each side then has (TURN_END below).

With a fixed effort (``Agent.iterations``) a tryout plays at most that many sampled worlds and
the heuristic's sampling runs to its end, whatever the clock says: the same seed then plays the
same game on any machine.  Without it, a decision stops at its budget of processor time.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from ...agents import Agent
from ...engine import Action, Chance, Game, IllegalAction, State
from . import cards as C
from .actions import (
    Assign,
    ChooseSide,
    Deploy,
    Discard,
    EndRecovery,
    EndTerrain,
    Fire,
    FollowFire,
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
from .geometry import INFANTRY_CAP, INFANTRY_RANGE
from .odds import mean_roll, mean_success, p_at_least, save_factor
from .state import TigersState, Unit

#: How a tryout judges the end of a turn that does not end the game, in victory points on top of
#: the points margin: each point of my damaged units costs DAMAGED (the enemy's gain as much), and
#: each point of "shots" (the sum, over every undamaged unit, of its best target's points as a
#: damaging hit in the open x sight x save) is worth SHOTS + SHOTS_EARLY x the share of the 52
#: cards still in the deck.  Fitted by least squares on the ends of 16,970 turns of 2,400
#: greedy-vs-greedy games on the four shipped scenarios (``python -m game.rules.tigers.fit_value``):
#: on held-out games it explains 0.66 of the final result's variance, against 0.60 for the points
#: and a fixed share of the damaged units alone.
TURN_END_DAMAGED = 0.152
TURN_END_SHOTS = 0.503
TURN_END_SHOTS_EARLY = 1.264


def hit_value(s: TigersState, t: Unit) -> float:
    """Victory points a hit is worth: the whole unit if already damaged, else about half."""
    v = t.spec.vp
    if t.passenger >= 0:
        v += s.units[t.passenger].spec.vp * 0.6
    cards = len(s.assigned.get(t.id, ())) + sum(1 for q in s.queue if q[1] == t.id)
    return v if t.damaged else 0.5 * v + 0.15 * cards


#: A play-out looks at the clock every this many actions (the clock costs a system call).
ROLLOUT_CHECK = 8


class _OutOfTime(Exception):
    """A play-out ran past the decision's budget."""


class _Commander(Agent):
    """What both Tigers agents share: the decision loop, the odds of a shot, the rules'
    own move check, and the plain choices (roll-off, side, passengers, recovery, discard)."""

    #: What the time budget counts: this process's own time, so the search is the same on a busy machine.
    clock = staticmethod(time.process_time)
    #: Does this commander look at its clock?  (``greedy`` never does: it plays the tryouts, and
    #: reading the processor clock costs a system call, half a millisecond on some machines.)
    timed = True

    def choose(self, state: State) -> Action:
        assert isinstance(state, TigersState)
        s = state.clone()
        act = self.plan(s, s.current_player())
        try:
            state.check(act)
        except IllegalAction:
            return state.random_action(self.rng)
        return act

    def plan(self, s: TigersState, me: int) -> Action:
        """The action for ``me`` in ``s`` (which it may scribble on: pass a copy)."""
        # the budget is this process's own time (``clock``): the same search whatever else the machine runs
        self._deadline = self.clock() + self.budget_s * 0.8 if self.timed and self.iterations is None else math.inf
        handler = getattr(self, f"_{s.phase}")
        act: Action = handler(s, me)
        return act

    def _late(self) -> bool:
        """Past the decision's budget?  Never with a fixed effort (``iterations``): then the
        heuristic's sampling always runs to its end, the same on any machine."""
        return self.iterations is None and self.clock() > self._deadline

    def _rolloff(self, s: TigersState, me: int) -> Action:
        return RollOff()

    def _side(self, s: TigersState, me: int) -> Action:
        h = s.table[1]

        def cover(lo: float, hi: float) -> float:
            return sum(p.area for p, k in zip(s.terrain.polys, s.terrain.kinds, strict=True)
                       if k in ("woods", "building") and lo <= p.centroid.y <= hi)
        return ChooseSide("north" if cover(0, h / 3) >= cover(2 * h / 3, h) else "south")

    def los_factor(self, s: TigersState, a: Unit, b: Unit) -> float:
        blocked, doubt = s.line_of_sight(a, b)
        return 0.0 if blocked else 0.5 ** len(doubt)

    def incoming(self, s: TigersState, u: Unit) -> float:
        """Expected hits on ``u`` from the enemy's cards still to play this turn, were they all aimed at it."""
        total = 0.0
        for e in s.units:
            if e.side == u.side or not e.alive or e.damaged or e.carrier >= 0:
                continue
            cards = len(s.assigned.get(e.id, ())) + sum(1 for q in s.queue if q[1] == e.id)
            if not cards or (e.kind == "infantry" and s.fire_range(e, u) > INFANTRY_RANGE):
                continue
            total += cards * mean_success("fire") * self.los_factor(s, e, u) * save_factor(s, u)
        return total

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

    def shooter_pick(self, s: TigersState, me: int) -> Action:
        """T-T4: the unit with the best shot now (at even odds), turning every card it has."""
        uid = max((k for k, cs in s.assigned.items() if cs and s.units[k].side == me),
                  key=lambda k: (self.best_shot(s, s.units[k], 0.5)[0], -k))
        return Pick(uid, 2 if len(s.assigned[uid]) == 2 else 0)

    def landing(self, s: TigersState, u: Unit, allow: float, path: tuple[tuple[float, float], ...],
                facing: float | None) -> dict[str, float] | None:
        """Where a legal move ends (None when the rules refuse it)."""
        try:
            end = s.check_move(u, allow, path, facing)
        except IllegalAction:
            return None
        return end

    def _volley(self, s: TigersState, me: int) -> Action:
        """T-F1 (rev 4): a follower fires at its own best target now that the shots before it are
        resolved (the leader's target when that is still the best, another when it is gone, out
        of sight or out of reach); it holds its fire only with nothing to fire at."""
        f = s.units[s.volley[0]]
        card = s.volley_card
        _, tid = self.best_shot(s, f, p_at_least(C.dice_for(card, "fire"), C.difficulty(card)))
        if tid < 0:
            tid = next(iter(s.targets(f)), -1)
        return FollowFire(f.id, tid)

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


class TigersAI(_Commander):
    """Assigns cards weighing initiative against difficulty, fires for expected
    victory points, moves to cover and sight lines, uses Follow me! and transport."""

    name = "ai"

    def __init__(self, game: Game, seed: int = 0, budget_s: float = 1.0) -> None:
        # at most a second per decision: the tryouts stop at 0.8 s of this process's CPU time
        super().__init__(game, seed, budget_s)
        #: How much the threat of enemy sight lines weighs against targets in sight.
        self.caution = 0.35
        #: How much a move's positional gain counts against a shot that can be fired now.
        self.move_discount = 0.0
        #: T-T8: keep a low card back for recovery when the hand is big enough.
        self.keep_reserve = True
        #: At most this many cards kept for recovery: one for every ``reserve_per`` cards of the turn.
        self.max_reserve = 1
        self.reserve_per = 4
        #: What keeping a unit's second card back for later (T-T4) is worth.
        self.hold_bonus = 0.12
        #: T-A9: a hit discards the target's cards; each is worth this share of the harm it could do.
        self.denial = 1.5
        #: What damaging an undamaged unit is worth, as a share of its points (a damaged unit is out
        #: of the fight and the next hit destroys it); in the last turn only a kill this turn counts.
        self.damage_share = 0.7
        self.last_damage_share = 0.2
        #: What a unit's second card is worth against its first (T-T3: at most two a unit).
        self.second_card = 0.55
        #: How strongly infantry out of range closes in (per cm beyond its 12 cm range, T-A5).
        self.infantry_advance = 0.05
        #: How much the enemy's pending shots hurry a unit's pick (T-T4).
        self.urgency = 1.0
        #: What a card on an infantry squad with no target in range is worth (a 6 cm move, T-A1).
        self.infantry_move = 0.25
        #: A card worth less than this anywhere is kept for a later turn (it comes back face up, T-T10).
        self.keep_below = 0.1
        #: T-T3 assignments are tried out: the heuristic's best ``assign_width`` candidates are each
        #: played to the end of the turn this many times (greedy play on both sides, unknown cards
        #: dealt at random, the same sampled worlds for every candidate); 0 = heuristic only.
        #: (Trying out T-T4 picks or fire targets the same way, or playing the tryouts on through
        #: the next turn, was measured and played no better.)
        self.assign_rollouts = 32
        self.assign_width = 4
        #: T-A1 moves are tried out the same way: the best ``move_width`` spots by the heuristic,
        #: each played to the end of the turn ``move_rollouts`` times (0 = heuristic only).
        self.move_width = 4
        self.move_rollouts = 8
        #: When the heuristic would keep its last card back for recovery (T-T8), keeping and the
        #: best assignment are tried out against each other instead.
        self.try_keep = True
        #: A tried-out choice replaces the heuristic's first only when it is better by more than this
        #: many standard errors of the paired difference (0: the best total always wins).
        self.tryout_z = 1.0
        #: What winning at the end (T-E1) is worth in the tryouts, over the points margin.
        self.win_worth = 8.0
        self._last = False
        self._harm: dict[int, float] = {}

    def plan(self, s: TigersState, me: int) -> Action:
        # T-E1: once the deck is used up, this turn is the last (the deck's size is public)
        self._last = not s.deck
        self._harm = {}
        return super().plan(s, me)

    def damage_value(self, s: TigersState, t: Unit) -> float:
        """Points a hit on ``t`` is worth without the cards it strips: the whole unit (and
        passenger) when already damaged, else a share of it."""
        v = t.spec.vp
        if t.passenger >= 0:
            v += s.units[t.passenger].spec.vp * 0.6
        if t.damaged:
            return v
        return v * (self.last_damage_share if self._last else self.damage_share)

    def harm(self, s: TigersState, e: Unit) -> float:
        """What one card on ``e`` may cost its enemy: its best shot with an unknown card."""
        if e.id not in self._harm:
            best = 0.0
            if e.alive and e.carrier < 0 and not e.damaged:
                best = self.best_aim(s, e, lambda m: self.damage_value(s, m))
            self._harm[e.id] = best * mean_success("fire")
        return self._harm[e.id]

    def best_aim(self, s: TigersState, u: Unit, worth: Callable[[Unit], float]) -> float:
        """``u``'s best target by ``worth``, times the odds of sight (T-A3/T-A4) and of the
        target's save; a squad only reaches 12 cm (T-A5)."""
        best = 0.0
        for e in s.units:
            if e.side == u.side or not e.alive or e.carrier >= 0:
                continue
            if u.kind == "infantry" and s.fire_range(u, e) > INFANTRY_RANGE:
                continue
            f = self.los_factor(s, u, e)
            if f:
                best = max(best, f * save_factor(s, e) * worth(e))
        return best

    def value_of_hit(self, s: TigersState, t: Unit) -> float:
        """T-A9: the damage done plus the actions taken away (its cards are discarded at once)."""
        if t.damaged:
            return self.damage_value(s, t)
        cards = len(s.assigned.get(t.id, ())) + sum(1 for q in s.queue if q[1] == t.id)
        return self.damage_value(s, t) + self.denial * cards * self.harm(s, t)

    def shot_value(self, s: TigersState, shooter: Unit, t: Unit, p_roll: float) -> float:
        if s.fire_refusal(shooter, t.id) is not None:
            return 0.0
        return p_roll * self.los_factor(s, shooter, t) * save_factor(s, t) * self.value_of_hit(s, t)

    # -- setup -------------------------------------------------------------------

    #: T-U2 with a purpose: stepping stones of cover (woods, buildings) across the middle of
    #: the table for the attacker's advance, and hills that cut the defender's long sight lines.
    LAYOUT: tuple[tuple[str, float, float, float, float], ...] = (
        ("woods", 0.22, 0.36, 16, 11), ("building", 0.5, 0.42, 7, 6), ("woods", 0.78, 0.36, 16, 11),
        ("hill", 0.36, 0.5, 20, 12), ("hill", 0.64, 0.5, 20, 12),
        ("woods", 0.22, 0.64, 16, 11), ("building", 0.5, 0.58, 7, 6), ("woods", 0.78, 0.64, 16, 11),
        ("building", 0.1, 0.5, 6, 6), ("building", 0.9, 0.5, 6, 6),
    )

    def _terrain(self, s: TigersState, me: int) -> Action:
        w, h = s.table
        done = len(s.pieces)
        for kind, fx, fy, pw, ph in self.LAYOUT[done:]:
            for _ in range(8):
                a = PlaceTerrain(kind, round(fx * w + self.rng.uniform(-6, 6), 1), round(fy * h + self.rng.uniform(-4, 4), 1),
                                 round(pw * self.rng.uniform(0.85, 1.15), 1), round(ph * self.rng.uniform(0.85, 1.15), 1),
                                 round(self.rng.uniform(-20, 20)))
                if s._ok(a):
                    return a
            break
        return EndTerrain()

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
                att.append(f * save_factor(s, e) * self.value_of_hit(s, e))
            if not e.damaged and (e.kind != "infantry" or d <= INFANTRY_RANGE):
                threat += f * 0.5 * save_factor(s, u) * self.value_of_hit(s, u)
        att.sort(reverse=True)
        score = sum(att[:2]) - self.caution * threat
        if u.kind == "infantry":
            score += 0.4 if s.in_cover(u) else 0.0
            score -= self.infantry_advance * max(0.0, nearest - INFANTRY_RANGE + 2)
        elif not att:
            score -= 0.03 * nearest  # no target in sight: close in (advance to a firing position)
        else:
            score -= 0.004 * nearest
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
            move = self.infantry_move
        if u.passenger >= 0:
            move += 0.15
        return max(shot, move)

    def threatened(self, s: TigersState, u: Unit) -> float:
        return sum(self.los_factor(s, e, u) for e in s.units if e.side != u.side and e.alive and not e.damaged
                   and e.carrier < 0 and (e.kind != "infantry" or s.fire_range(e, u) <= INFANTRY_RANGE))

    def _assign(self, s: TigersState, me: int) -> Action:
        hand = s.hands[me]
        mine = len(hand) + sum(len(v) for k, v in s.assigned.items() if s.units[k].side == me)
        # T-T8: a low card kept in hand is the best recovery card for a unit hit this turn
        reserve = min(self.max_reserve, mine // self.reserve_per) if self.keep_reserve and not self._last else 0
        keep_first = len(hand) <= reserve
        if keep_first and not self.try_keep:
            return Keep()
        faces = sorted({c for c, up in hand if up}, key=C.difficulty)
        if reserve and faces and C.difficulty(faces[0]) <= 6 and len(hand) - 1 <= reserve + 1:
            faces = faces[1:]  # keep the low face-up card back
        down = any(not up for _, up in hand)
        ranked: list[tuple[float, Action]] = []
        for u in s.units:
            if u.side != me or not s.can_take_card(u):
                continue
            need = self.unit_need(s, u)
            if len(s.assigned.get(u.id, ())) == 1:
                need *= self.second_card
            danger = self.threatened(s, u)
            options = [("?", mean_success("fire"), 0.45)] if down else []
            for c in faces:
                options.append((c, self.assign_odds(s, u, c), C.RANKS.index(C.rank(c)) / 12))
            for code, ps, init in options:
                score = need * ps / max(mean_success("fire"), 1e-6) + self.initiative_worth(danger, init, ps)
                ranked.append((score, Assign(u.id, code)))
        ranked.sort(key=lambda va: -va[0])
        if keep_first:
            return self.tried_out(s, me, [Keep(), *(a for _, a in ranked[:1])], self.assign_rollouts, 2)
        if not ranked or (ranked[0][0] < self.keep_below and not self._last):
            return Keep()  # kept cards come back face up next turn (T-T10); after the last turn they are worth nothing
        return self.tried_out(s, me, [a for _, a in ranked], self.assign_rollouts, self.assign_width)

    def initiative_worth(self, danger: float, init: float, odds: float) -> float:
        """T-T4: what acting early (``init``: the card's rank, 0 to 1) is worth to a unit under
        ``danger``; ``odds``: the card's chance to do anything (the ``ai`` does not weigh it)."""
        return 0.08 * danger * init

    def assign_odds(self, s: TigersState, u: Unit, card: str) -> float:
        """T-T6: how likely a known card on ``u`` is to do something: its fire odds, or its move
        odds counted at 0.6 (whatever the unit would do with it)."""
        return max(p_at_least(C.dice_for(card, "fire"), C.difficulty(card)),
                   p_at_least(C.dice_for(card, "move"), C.difficulty(card)) * 0.6)

    def tried_out(self, s: TigersState, me: int, ranked: list[Action], rollouts: int, width: int) -> Action:
        """The best of the heuristic's first ``width`` choices, each played out to the end of
        the turn ``rollouts`` times in the same sampled worlds (same dice, same unknown cards).
        With a fixed effort (``iterations``) it plays at most that many worlds, whatever the clock."""
        if rollouts <= 0 or len(ranked) < 2:
            return ranked[0]
        fixed = self.iterations is not None
        if self.iterations is not None:
            rollouts = min(rollouts, self.iterations)
        options = ranked[:width]
        values: list[list[float]] = [[] for _ in options]
        took = 0.0
        for r in range(rollouts):
            if r and not fixed and self.clock() + took > self._deadline:
                break  # within the time budget: every candidate has met the same worlds so far
            start = 0.0 if fixed else self.clock()
            seed = self.rng.randint(0, 2**62)
            world = self.sampled_world(s, seed)  # dealt once: every candidate starts from a copy
            try:
                stop = None if fixed else self._deadline + self.budget_s * 0.2
                batch = [self.rollout(world, me, a, seed, stop) for a in options]
            except _OutOfTime:
                break  # a world that would not finish in time is dropped for every candidate alike
            for k, v in enumerate(batch):
                values[k].append(v)
            took = 0.0 if fixed else self.clock() - start
        if not values[0]:
            return options[0]  # not one world in time: the heuristic's choice
        best = max(range(len(options)), key=lambda k: (sum(values[k]), -k))
        if best and self.tryout_z:
            # the heuristic's choice stands unless the tryouts beat it by more than their noise
            # (paired: the same worlds for both)
            d = [b - a for a, b in zip(values[0], values[best], strict=True)]
            n = len(d)
            mean = sum(d) / n
            sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
            if mean <= self.tryout_z * sd / math.sqrt(n):
                best = 0
        return options[best]

    def card_odds(self, s: TigersState, card: tuple[str, bool], u: Unit) -> float:
        """Success chance of one of my cards on ``u``: its face if face up, else the deck's average (T-T2)."""
        action = "fire" if self.best_shot(s, u, 1.0)[1] >= 0 else "move"
        if not card[1]:
            return mean_success(action)
        return p_at_least(C.dice_for(card[0], action), C.difficulty(card[0]))

    def _pick(self, s: TigersState, me: int) -> Action:
        """T-T4: the heuristic's best pick."""
        return self.pick_candidates(s, me)[0][1]

    def sampled_world(self, s: TigersState, seed: int) -> TigersState:
        """A copy of ``s`` in which every face-down card and the deck are dealt at random from
        the cards nobody can see (T-T2: not even their owner; nor a card discarded unturned,
        rev 4), with fresh dice.  The cards that really lie face down are never read."""
        w = s.clone()
        w.chance = Chance(seed)
        pool = C.unseen(w.discard, w.hands, w.assigned.values(), w.recovering.values(), w.queue)
        Chance(seed ^ 0x5EED).shuffle(pool)
        it = iter(pool)
        w.hands = [[(c, True) if up else (next(it), False) for c, up in h] for h in w.hands]
        w.assigned = {k: [(c, True) if up else (next(it), False) for c, up in cs] for k, cs in w.assigned.items()}
        w.recovering = {k: (c, True) if up else (next(it), False) for k, (c, up) in w.recovering.items()}
        w.deck = [next(it) for _ in w.deck]
        w.buried = [next(it) for _ in w.buried]  # discarded unturned: as unknown as the deck (T-T2 rev 4)
        return w

    def rollout(self, world: TigersState, me: int, first: Action, seed: int,
                stop: float | None = None) -> float:
        """In a copy of the sampled ``world``, play ``first`` then greedy play on both sides to
        the end of the turn; score it.  Past ``stop`` (on ``clock``) it gives up (``_OutOfTime``):
        a decision never runs far over its budget, however long a turn's play-out is."""
        w = world.clone()  # the clone copies the world's dice too: the same rolls for every candidate
        turn = w.turn
        players = [GreedyTigersAI(w.game, seed + 1), GreedyTigersAI(w.game, seed + 2)]
        w.apply(first)
        steps = 0
        while not w.is_over() and w.turn == turn:
            steps += 1
            if stop is not None and steps % ROLLOUT_CHECK == 0 and self.clock() > stop:
                raise _OutOfTime
            p = w.current_player()
            try:
                w.apply(players[p].plan(w, p))
            except IllegalAction:
                w.apply(w.random_action(self.rng))
        return self.outcome(w, me)

    def outcome(self, w: TigersState, me: int) -> float:
        """Victory points ahead, plus what the units left damaged and the shots each side has are
        worth (TURN_END); once the game is over, what counts is winning (T-E2): a damaged unit
        is worth nothing."""
        v = float(w.vp[me] - w.vp[1 - me])
        if w.is_over():
            res = w.result()
            if res is None or not res.winners:
                return v
            sign = 1.0 if res.winners[0] == me else -1.0
            if w.wiped_out() >= 0:
                return 50.0 * sign
            return self.win_worth * sign + v
        damaged, shots = self.turn_end_features(w, me)
        return v + (TURN_END_DAMAGED * damaged + (TURN_END_SHOTS + TURN_END_SHOTS_EARLY * len(w.deck) / 52) * shots)

    def turn_end_features(self, w: TigersState, me: int) -> tuple[float, float]:
        """The enemy's damaged points minus mine, and my shots minus the enemy's: every undamaged
        unit's best target, as the points of a damaging hit in the open (the whole unit when
        already damaged) times the odds of sight and of the target's save."""
        damaged = 0.0
        shots = 0.0

        def worth(e: Unit) -> float:
            return e.spec.vp if e.damaged else 0.5 * e.spec.vp

        for u in w.units:
            if not u.alive:
                continue
            sign = 1.0 if u.side == me else -1.0
            if u.damaged:
                damaged -= sign * u.spec.vp
                continue
            if u.carrier >= 0:
                continue
            shots += sign * self.best_aim(w, u, worth)
        return damaged, shots

    def pick_candidates(self, s: TigersState, me: int) -> list[tuple[float, Action]]:
        """Every pick with the heuristic's value, best first: the unit that needs to act most;
        both cards only when acting twice pays more than keeping one back to act after the
        enemy's cards are known (initiative vs. difficulty)."""
        ranked: list[tuple[float, Action]] = []
        enemy_up = [c for uid, cs in s.assigned.items() if s.units[uid].side != me for c, up in cs if up]
        for uid in sorted(s.assigned):
            cs = s.assigned[uid]
            u = s.units[uid]
            if u.side != me or not cs:
                continue
            need = self.unit_need(s, u)
            danger = self.threatened(s, u)
            # the enemy's cards still to play may hit this unit first and strip its cards (T-A9)
            risk = min(1.0, self.urgency * self.incoming(s, u))
            options = [(0, [cs[0]])]
            if len(cs) == 2:
                options += [(1, [cs[1]]), (2, list(cs))]
            for which, turned in options:
                odds = [self.card_odds(s, c, u) for c in turned]
                v = need * odds[0] + (0.7 * need * odds[1] if len(odds) == 2 else 0.0)
                v *= 1 + risk
                if len(cs) == 2 and which != 2:
                    v += self.hold_bonus  # the other card stays for later, when more is known
                    v -= risk * 0.7 * need * self.card_odds(s, cs[1 - which], u)
                # a known high card acts before the enemy's face-up cards: worth it when threatened
                for c, up in turned:
                    if up and enemy_up and all(C.initiative_key(c) < C.initiative_key(e) for e in enemy_up):
                        v += 0.1 * danger
                ranked.append((v, Pick(uid, which)))
        assert ranked
        ranked.sort(key=lambda va: -va[0])
        return ranked

    # -- orders -------------------------------------------------------------------------
    def _act(self, s: TigersState, me: int) -> Action:
        card, uid = s.queue[0]
        u = s.units[uid]
        pf = p_at_least(C.dice_for(card, "fire"), C.difficulty(card))
        pm = p_at_least(C.dice_for(card, "move"), C.difficulty(card))
        best: tuple[float, Action] = (-0.01, Skip(uid))
        chains = s.follower_chains(u) if u.carrier < 0 else [()]
        tid = -1
        # fire: the leader's best target, each follower its own best (T-F1)
        if u.carrier < 0:
            v, tid = self.best_shot(s, u, pf)
            if tid >= 0:
                for ch in chains:
                    total, fol = self.volley(s, u, tid, ch, pf)
                    if fol is not None and total > best[0]:
                        best = (total, Fire(uid, tid, tuple(f for f, _ in fol)))
        # move: the gain of the best reachable spot, for the longest useful chain
        if not self._late():
            gain = self.move_gain(s, u, expected_allowance(u, card))
            ch = max(chains, key=len)
            follow_gain = sum(max(0.0, self.move_gain(s, s.units[f], expected_allowance(s.units[f], card), quick=True))
                              for f in ch)
            mv = pm * (gain + 0.6 * follow_gain)
            if u.carrier >= 0:
                mv = pm * 0.6
            elif best[0] > 0:
                # a shot in hand is points now; a better spot is points maybe later (tempo)
                mv *= self.discount_move(s, u, tid)
            if mv > best[0]:
                best = (mv, MoveOrder(uid, ch))
        return best[1]

    def discount_move(self, s: TigersState, u: Unit, tid: int) -> float:
        """What a better spot counts against the shot ``u`` has at ``tid`` (``move_discount``)."""
        return self.move_discount

    def volley(self, s: TigersState, u: Unit, tid: int, chain: tuple[int, ...],
               p_roll: float) -> tuple[float, tuple[tuple[int, int], ...] | None]:
        """T-F1: what a shot with this chain is worth, and the targets the followers would
        likely choose, spread: a target already under fire is worth less to the next shooter (it
        may be hit already), so each follower picks the best marginal shot.  (Each chooses for
        real after the shots before it, ``_volley``, rev 4.)"""
        p_hit: dict[int, float] = {}
        total = 0.0
        fol: list[tuple[int, int]] = []
        for sid in (u.id, *chain):
            shooter = s.units[sid]
            best = (0.0, -1)
            for t in s.units:
                if t.side == u.side or not t.alive or t.carrier >= 0 or (sid == u.id and t.id != tid):
                    continue
                p = p_roll * self.los_factor(s, shooter, t) * save_factor(s, t) if s.fire_refusal(shooter, t.id) is None else 0.0
                if p <= 0:
                    continue
                before = p_hit.get(t.id, 0.0)
                # a second hit on an already hit (or damaged) unit destroys it: value the marginal points
                first = self.value_of_hit(s, t)
                kill = 0.0 if t.damaged else t.spec.vp - self.damage_value(s, t)
                v = p * ((1 - before) * first + before * kill)
                if v > best[0]:
                    best = (v, t.id)
            if best[1] < 0:
                return 0.0, None
            total += best[0]
            p_hit[best[1]] = 1 - (1 - p_hit.get(best[1], 0.0)) * (1 - p_roll * save_factor(s, s.units[best[1]]))
            if sid != u.id:
                fol.append((sid, best[1]))
        return total, tuple(fol)

    def candidates(self, s: TigersState, u: Unit, allow: float, n: int) -> list[tuple[tuple[tuple[float, float], ...], float | None]]:
        """Sampled moves (path, facing): round the compass, towards enemies and cover, each
        straight on (turning to the path) or sideways/backwards keeping the facing (T-A1 rev 2)."""
        start, heading = s.move_start(u)
        out: list[tuple[tuple[tuple[float, float], ...], float | None]] = []
        aims: list[tuple[float, float]] = []
        for k in range(n):
            ang = 2 * math.pi * k / n + self.rng.uniform(-0.1, 0.1)
            aims.append((start[0] + math.cos(ang) * 100, start[1] + math.sin(ang) * 100))
        enemies = sorted((e for e in s.units if e.side != u.side and e.alive and e.carrier < 0),
                         key=lambda e: math.dist(start, (e.x, e.y)))
        aims += [(e.x, e.y) for e in enemies[:3]]
        if u.kind == "infantry":
            for poly, kind in zip(s.terrain.polys, s.terrain.kinds, strict=True):
                if kind in ("woods", "building"):
                    c = poly.centroid
                    if math.dist(start, (c.x, c.y)) < allow + 25:
                        aims.append((c.x, c.y))
        for ax, ay in aims:
            dx, dy = ax - start[0], ay - start[1]
            dist = math.hypot(dx, dy)
            if dist < 1e-6:
                continue
            for frac in (0.999, 0.55):
                d = min(allow * frac, dist)
                end = (round(start[0] + dx / dist * d, 2), round(start[1] + dy / dist * d, 2))
                out.append(((end,), None))
                out.append(((end,), heading))
        return out

    def try_spot(self, s: TigersState, u: Unit, end: dict[str, float]) -> float:
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
        for path, facing in self.candidates(s, u, allow, 6 if quick else 10):
            if self._late():
                break
            end = self.landing(s, u, allow, path, facing)
            if end is not None:
                best = max(best, self.try_spot(s, u, end))
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
        spots: list[tuple[float, Action]] = [best]
        for path, facing in self.candidates(s, u, allow, 16):
            if self._late():
                break
            end = self.landing(s, u, allow, path, facing)
            if end is None:
                continue
            v = self.try_spot(s, u, end)
            spots.append((v, Move(uid, path, facing)))
            if v > best[0] + 1e-9:
                best = (v, Move(uid, path, facing))
        if self.move_width and u.carrier < 0:
            # the heuristic's own spot first: a tried-out one must beat it beyond the noise
            spots.sort(key=lambda va: -va[0])
            ranked = [best[1], *(a for _, a in spots if a is not best[1])]
            return self.tried_out(s, me, ranked, self.move_rollouts, self.move_width)
        return best[1]

def expected_allowance(u: Unit, card: str) -> float:
    """The mean roll of a successful move on this card (capped for infantry)."""
    m = mean_roll(C.dice_for(card, "move"), C.difficulty(card))
    return min(m, INFANTRY_CAP) if u.kind == "infantry" else m


class GreedyTigersAI(_Commander):
    """Baseline: the best immediate expected victory points, no plan.  Fires at the best shot
    there is (a damaging hit counts half the unit's points), otherwise drives straight at the
    nearest enemy; cards go on whoever can shoot best; lays out and deploys at random."""

    name = "greedy"
    timed = False

    def _terrain(self, s: TigersState, me: int) -> Action:
        return s.random_action(self.rng)

    def _deploy(self, s: TigersState, me: int) -> Action:
        return s.random_action(self.rng)

    def _assign(self, s: TigersState, me: int) -> Action:
        hand = s.hands[me]
        code = "?" if any(not up for _, up in hand) else max((c for c, up in hand if up), key=C.difficulty)
        units = [u for u in s.units if u.side == me and s.can_take_card(u)]
        if not units:
            return Keep()
        u = max(units, key=lambda u: (self.best_shot(s, u, 0.5)[0], -len(s.assigned.get(u.id, ())), -u.id))
        return Assign(u.id, code)

    def _pick(self, s: TigersState, me: int) -> Action:
        return self.shooter_pick(s, me)

    def _act(self, s: TigersState, me: int) -> Action:
        card, uid = s.queue[0]
        u = s.units[uid]
        if u.carrier < 0:
            pf = p_at_least(C.dice_for(card, "fire"), C.difficulty(card))
            v, tid = self.best_shot(s, u, pf)
            if tid >= 0:
                fol: tuple[int, ...] = ()
                for ch in s.follower_chains(u)[1:]:
                    if all(self.best_shot(s, s.units[f], pf)[1] >= 0 for f in ch) and len(ch) > len(fol):
                        fol = ch
                return Fire(uid, tid, fol)
        return MoveOrder(uid, max(s.follower_chains(u), key=len) if u.carrier < 0 else ())

    def _move(self, s: TigersState, me: int) -> Action:
        uid, allow = s.movers[0]
        u = s.units[uid]
        enemies = [e for e in s.units if e.side != me and e.alive and e.carrier < 0]
        if not enemies:
            return Move(uid, ())
        start, heading = s.move_start(u)
        e = min(enemies, key=lambda e: math.dist(start, (e.x, e.y)))
        dx, dy = e.x - start[0], e.y - start[1]
        dist = math.hypot(dx, dy)
        here = s.fire_range(u, e)
        tries: list[tuple[tuple[float, float], float | None]] = []
        for frac in (0.999, 0.7, 0.4):
            d = min(allow * frac, max(dist - 6.0, 0.0))
            end = (round(start[0] + dx / dist * d, 2), round(start[1] + dy / dist * d, 2))
            tries += [(end, None), (end, heading)]
        if u.carrier >= 0:
            best: tuple[float, Action] = (here, Move(uid, ()))
            for end, facing in tries:
                got = self.landing(s, u, allow, (end,), facing)
                if got is not None and math.dist((got["x"], got["y"]), (e.x, e.y)) < best[0]:
                    best = (math.dist((got["x"], got["y"]), (e.x, e.y)), Move(uid, (end,), facing))
            return best[1]
        # the closest legal end: where each would end first (cheap), then the rules' whole check
        # only for the closest ones until one passes (the same choice as checking all of them)
        ranked = []
        for k, (end, facing) in enumerate(tries):
            got = s.simulate_move(u, (end,), facing)
            ranked.append((math.dist((got["x"], got["y"]), (e.x, e.y)), k))
        for d, k in sorted(ranked):
            if d >= here:
                break
            end, facing = tries[k]
            if self.landing(s, u, allow, (end,), facing) is not None:
                return Move(uid, (end,), facing)
        return Move(uid, ())


def make_ai(game: Game, seed: int) -> TigersAI:
    return TigersAI(game, seed)


def make_greedy(game: Game, seed: int) -> GreedyTigersAI:
    return GreedyTigersAI(game, seed)
