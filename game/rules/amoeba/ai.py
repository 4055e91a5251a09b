"""Computer players for Amoeba Strategy.

``greedy`` scores every legal action one ply deep with the strategy notes of
RULES.md (treasures, not filling the last empty neighbour, small armies on highly
connected countries, safety of big stacks) and takes the best.

``ai`` uses the same scores only as a prior and searches:

- Placement: a flat Monte Carlo search (UCB1 at the root) over the prior's best
  candidates within the time budget.  Each candidate is applied through the engine
  (``clone``/``apply``); the playouts from there are fast pure-graph simulations:
  the rest of the placement with a biased random policy, then a movement phase in
  which every player makes its biggest possible attack until nobody can; the
  result is judged by total troops (A-G4) with the game's number of winners.
- Movement with open turns: each candidate (the prior's best and every attack) is
  played, then every other seat answers in turn order with the one-ply player's
  choice until it is the ai's turn again, and the position is judged by the troops
  left plus the next turn's best attacks either way (``swing_score``).
- Simultaneous turns (A-V8): a matrix game.  Each of the ai's choices is resolved
  by the rules together with the other seats' likely choices (their best few by
  the one-ply score, the best one weighted most) and judged by ``swing_score``:
  a threat at the start of a turn is a loss, whatever one does.
"""

from __future__ import annotations

import functools
import math
import time
from typing import Any

from ...agents import Agent
from ...engine import Action, Chance, Game, State
from .actions import AnswerJoint, Attack, Place, ProposeJoint
from .state import AmoebaGame, AmoebaState, point_of

# -- static scores (the strategy notes) ---------------------------------------------------


def enemy_reach(s: AmoebaState, c: int, p: int) -> int:
    """The largest attacking sum any single opponent of ``p`` has against country ``c`` now."""
    sums: dict[int, int] = {}
    bonus = s.settings["attack_bonus"]
    for d in s.map.adjacency[c]:
        o = s.owner[d]
        if o >= 0 and o != p:
            sums[o] = sums.get(o, 0) + s.troops[d] + bonus
    return max(sums.values(), default=0)


#: The two placement strategies of the seed: few big armies (quickly an invincible army in
#: neighbouring countries) or many small ones (slow to kill, helpful in many directions).
STYLES = ("big", "small")


@functools.lru_cache(maxsize=4096)
def _unplaceable(left: int, free: tuple[int, ...], k: int) -> int:
    """How much of ``left`` cannot be written as a sum of at most ``k`` DISTINCT numbers from
    ``free`` (A-P4: every placement needs a number nobody stands on): ``left`` minus the
    largest such sum not above it.  Bitsets: bit ``x`` of ``reach[j]`` = sum ``x`` with ``j`` numbers."""
    if left <= 0:
        return 0
    k = min(k, len(free))
    mask = (1 << (left + 1)) - 1
    reach = [1] + [0] * k
    for f in free:
        if f > left:
            continue
        for j in range(k, 0, -1):
            reach[j] |= (reach[j - 1] << f) & mask
    sums = 0
    for r in reach:
        sums |= r
    return left - (sums.bit_length() - 1)


def a_p7_loss(s: AmoebaState, p: int, n: int) -> float:
    """Troops ``p`` is likely to lose to A-P7 after placing ``n`` now.  Counts the empty
    countries still to come round to ``p`` (the others take their turns) AND the numbers
    still free for them (A-P4): what is left must be a sum of distinct free numbers, one per
    turn.  The others take numbers too, the small ones first in a crowded game, so the
    estimate is the mean of the free numbers as they are and without the smallest few."""
    left = s.remaining[p] - n
    if left <= 0:
        return 0
    others = sum(1 for q in range(s.game.num_players) if q != p and s.remaining[q] > 0)
    slots = (len(s.empty_countries()) - 1) // (1 + others)
    if slots <= 0:
        return left
    cap = s.cap + (n == s.cap)  # A-P5: placing the cap raises it
    standing = s.standing_counts() | {n}
    free = [m for m in range(1, cap + 1) if m not in standing]
    if others:
        free.append(cap + 1)  # someone is likely to place the cap and raise it
    lost: float = _unplaceable(left, tuple(free), slots)
    if others and lost == 0:
        lost = 0.8 * _unplaceable(left, tuple(free[others:]), slots)
    return lost


def place_score(s: AmoebaState, p: int, c: int, n: int, style: str = "") -> float:
    """How good placing ``n`` in empty country ``c`` looks, by the strategy notes.  An attack
    needs strictly more than the defenders, so an army equal to an enemy's reach is safe."""
    adj = s.map.adjacency[c]
    owner, troops = s.owner, s.troops
    cap = s.cap
    empties = [d for d in adj if owner[d] < 0]
    reach = enemy_reach(s, c, p)
    # What the empty neighbours may still hold against us: each can get up to the cap.
    future = reach + len(empties) * cap * 0.55
    score = 0.0
    if not empties and n >= reach:
        score += 1.6 * n  # a treasure: a big army here cannot be killed by its neighbours
    elif n >= future:
        score += 1.0 * n
    else:
        exposure = 1.0 if n < reach else min(1.0, (future - n) / max(1.0, future))
        score -= 0.55 * n * exposure
    # Killing power: my troops here help against adjacent enemy armies.
    mine_adj: dict[int, int] = {}
    for d in adj:
        o = owner[d]
        if o >= 0 and o != p:
            have = sum(troops[e] for e in s.map.adjacency[d] if owner[e] == p) + n
            if troops[d] < have:
                score += 0.45 * troops[d]
            mine_adj[d] = have
    # Do not hand out treasures: filling the last empty neighbour of an empty country, unless
    # one player ALONE already holds more than the cap around it (rev 2: "jollakulla").
    for e in empties:
        if all(owner[f] >= 0 or f == c for f in s.map.adjacency[e]):
            if treasure_guard(s, e, p, c, n) <= cap:
                score -= 0.7 * cap
    # Highly connected countries are safer with small armies.
    score -= 0.25 * max(0, len(adj) - 3) * n / max(1, cap) * 4
    # Placing exactly the cap raises it for everybody.
    if n == cap:
        score -= 1.5
    # Spending troops matters: unplaced troops are lost if we get stuck (A-P7), so pace the
    # placements to the empty countries still to come round.
    score += 0.08 * n - 1.2 * a_p7_loss(s, p, n)
    if style == "big":
        score += 0.2 * n  # concentrate: big armies, next to each other
        score += 0.1 * sum(troops[d] for d in adj if owner[d] == p) * (n >= cap * 0.6)
    elif style == "small":
        score -= 0.2 * n * (1.0 if len(adj) >= 4 else 0.4)  # slow to kill, useful in many directions
        score += 0.25 * cap * (n <= cap * 0.4) * (a_p7_loss(s, p, n) == 0)
    return score


def style_fits(s: AmoebaState, p: int, acts: list[Action], style: str) -> list[int]:
    """Which candidate placements follow ``style``: big armies (at least 60% of the cap) or
    small ones (at most 40%), as long as the style costs no troops to A-P7; else every
    placement that costs the fewest (pacing before style)."""
    places = [(i, a) for i, a in enumerate(acts) if isinstance(a, Place)]
    if not style or not places:
        return list(range(len(acts)))
    least = min(a_p7_loss(s, p, a.n) for _i, a in places)
    lo, hi = (0.6 * s.cap, math.inf) if style == "big" else (0.0, 0.4 * s.cap)
    safe = [i for i, a in places if a_p7_loss(s, p, a.n) == least]
    fits = [i for i, a in places if lo <= a.n <= hi and a_p7_loss(s, p, a.n) == least]
    return fits or safe


def treasure_guard(s: AmoebaState, e: int, p: int, c: int, n: int) -> int:
    """The most troops ONE player holds around empty country ``e`` once ``p`` has put ``n`` in ``c``."""
    sums: dict[int, int] = {}
    for f in s.map.adjacency[e]:
        o, t = (p, n) if f == c else (s.owner[f], s.troops[f])
        if o >= 0:
            sums[o] = sums.get(o, 0) + t
    return max(sums.values(), default=0)


def position_score(s: AmoebaState, p: int) -> float:
    """Movement-phase evaluation for ``p``: troops, minus what is exposed, plus what we threaten."""
    owner, troops = s.owner, s.troops
    mine = 0.0
    best_other = 0.0
    totals: dict[int, float] = {}
    for c in range(s.map.n):
        o = owner[c]
        if o < 0:
            continue
        t = troops[c]
        val = float(t)
        if t < enemy_reach(s, c, o):
            val *= 0.35
        totals[o] = totals.get(o, 0.0) + val
    mine = totals.get(p, 0.0)
    others = [v for q, v in totals.items() if q != p]
    best_other = max(others, default=0.0)
    return mine - best_other - 0.3 * sum(others)


def best_kill(s: AmoebaState, p: int, victim: int = -1) -> int:
    """The most troops ``p`` can remove with one attack now (on ``victim``'s countries only, if given)."""
    best = 0
    owner = s.owner
    for t in range(s.map.n):
        o = owner[t]
        if o < 0 or o == p or (victim >= 0 and o != victim):
            continue
        if s.troops[t] < s.attack_sum(t, p):
            best = max(best, s.kill_count(t))
    return best


def swing_score(s: AmoebaState, p: int, weight: float = 0.7) -> float:
    """Evaluation for simultaneous turns (A-V8): troops, plus what the next turn's single best
    attacks will probably do (mine on them, the worst of theirs on me): in A-V8 every attack
    legal at the start of a turn happens, so a threat now is a loss next turn."""
    if s.phase == "over":
        res = s.result()
        return 1000.0 if res is not None and p in res.winners else -1000.0
    totals: dict[int, int] = {}
    for c in range(s.map.n):
        o = s.owner[c]
        if o >= 0:
            totals[o] = totals.get(o, 0) + s.troops[c]
    mine = totals.get(p, 0)
    others = [q for q in totals if q != p]
    if not mine:
        return -1000.0
    if not others:
        return 1000.0
    threat = max(best_kill(s, q, p) for q in others)
    return (mine - max(totals[q] for q in others) - 0.3 * sum(totals[q] for q in others)
            + weight * (best_kill(s, p) - threat))


def _candidate_placements(s: AmoebaState, p: int) -> list[Place]:
    """Every empty country with a handful of meaningful numbers (largest, smallest, middling)."""
    allowed = s.allowed_numbers(p)
    if not allowed:
        return []
    picks = {allowed[-1], allowed[0], allowed[len(allowed) // 2]}
    below_cap = [n for n in allowed if n < s.cap]
    if below_cap:
        picks.add(below_cap[-1])
    small = [n for n in allowed if n <= 4]
    picks.update(small[:2])
    # Pacing (A-P7): the largest and smallest numbers that leave a remainder we can still place.
    loss = {n: a_p7_loss(s, p, n) for n in allowed}
    least = min(loss.values())
    safe = [n for n in allowed if loss[n] == least]
    picks.update((safe[0], safe[-1], safe[len(safe) // 2]))
    return [Place(c, n) for c in s.empty_countries() for n in sorted(picks)]


def _prior(s: AmoebaState, p: int, a: Action, style: str = "") -> float:
    if isinstance(a, Place):
        return place_score(s, p, a.country, a.n, style)
    if isinstance(a, AnswerJoint):
        return 0.0
    sim = s.clone()
    if isinstance(a, ProposeJoint):
        sim._resolve_one(p, Attack(a.target), a.partners)
    else:
        sim._resolve_one(p, a)
    return position_score(sim, p)


def _one_ply_choice(s: AmoebaState, q: int) -> Action | None:
    """What the one-ply player (``greedy``, without its random tie-break) would do for ``q``."""
    if s.phase == "joint":
        return _answer_joint(s, q)
    acts = s.legal_actions() or []
    if not acts:
        return None
    return max(acts, key=lambda a: _prior(s, q, a))


def _answer_joint(s: AmoebaState, p: int) -> AnswerJoint:
    """Accept a joint attack when its victim is not weaker than we are (it helps us)."""
    assert s.joint is not None
    victim = s.owner[s.joint["target"]]
    return AnswerJoint(victim >= 0 and s.total(victim) >= s.total(p) * 0.6)


def _map_action(s: AmoebaState, rng: Chance) -> Action:
    return s.random_action(rng)


class GreedyAgent(Agent):
    """One-ply best action by the strategy-note scores (the baseline the ``ai`` must beat)."""

    name = "greedy"

    def choose(self, state: State) -> Action:
        assert isinstance(state, AmoebaState)
        p = state.current_player()
        if state.phase == "map":
            return _map_action(state, self.rng)
        if state.phase == "joint":
            return _answer_joint(state, p)
        pointing = state.phase == "move" and state.settings["simultaneous"]
        acts: list[Action]
        if state.phase == "place":
            acts = list(_candidate_placements(state, p))
        elif pointing:
            acts = list(state._movement_actions(p))  # judge the whole move, then point at it (A-V8)
        else:
            acts = state.legal_actions() or []
        scored = [(_prior(state, p, a), i) for i, a in enumerate(acts)]
        best = max(v for v, _ in scored)
        tied = [i for v, i in scored if v >= best - 1e-9]
        pick = acts[tied[self.rng.randint(0, len(tied) - 1)]]
        return point_of(pick) if pointing else pick


# -- playouts ---------------------------------------------------------------------------------


#: How many random (country, number) tries a playout compares per placement.
PICK_TRIES = 3


def _playout_pick(empties: list[int], allowed: list[int], owner: list[int], troops: list[int],
                  adjacency: tuple[tuple[int, ...], ...], p: int, cap: int, bonus: int,
                  rng: Chance) -> tuple[int, int]:
    """Best of a few random (country, number) tries by a quick safety score (the strategy notes, lite)."""
    best = (-1e9, 0, allowed[-1])
    for _ in range(PICK_TRIES):
        ci = rng.randint(0, len(empties) - 1)
        c = empties[ci]
        k = allowed[-1] if rng.random() < 0.6 else allowed[rng.randint(0, len(allowed) - 1)]
        n_empty = 0
        sums: dict[int, int] = {}
        for d in adjacency[c]:
            o = owner[d]
            if o < 0:
                n_empty += 1
            elif o != p:
                sums[o] = sums.get(o, 0) + troops[d] + bonus
        reach = max(sums.values(), default=0)
        threat = reach + n_empty * cap * 0.55
        score = k if k >= threat else -0.5 * k
        if score > best[0]:
            best = (score, ci, k)
    return best[1], best[2]


def best_capture(owner: list[int], troops: list[int], adjacency: tuple[tuple[int, ...], ...], p: int,
                  bonus: int, partial: int) -> tuple[int, int]:
    """(country, troops killed) of player ``p``'s biggest attack, (-1, 0) if it has none."""
    best_t, best_k = -1, 0
    for t in range(len(owner)):
        o = owner[t]
        if o < 0 or o == p:
            continue
        have = 0
        for d in adjacency[t]:
            if owner[d] == p:
                have += troops[d] + bonus
        if troops[t] < have:
            k = min(troops[t], troops[t] // 2 + partial) if partial else troops[t]
            if k > best_k:
                best_t, best_k = t, k
    return best_t, best_k


def playout(s: AmoebaState, rng: Chance, max_rounds: int = 30, smart: float = 0.6) -> list[float]:
    """Finish the game fast from ``s`` (placement by a biased random policy, then greedy
    attacks only) and return each player's reward (1 for a winner, shared on ties)."""
    n_players = s.game.num_players
    adjacency = s.map.adjacency
    owner = s.owner[:]
    troops = s.troops[:]
    ncountries = len(owner)
    settings = s.settings
    bonus = settings["attack_bonus"]
    partial = settings["partial_kill"]
    order: list[int]
    if s.phase in ("place",):
        remaining = s.remaining[:]
        cap = s.cap
        runout = s.runout[:]
        p = s.player
        standing = {t for t in troops if t > 0}
        empties = [c for c in range(ncountries) if owner[c] < 0]
        guard = 0
        while any(remaining) and guard < 1000:
            guard += 1
            if remaining[p] == 0:
                p = (p + 1) % n_players
                continue
            top = min(cap, remaining[p])
            if not empties:
                remaining[p] = 0
                runout.append(p)
                p = (p + 1) % n_players
                continue
            allowed = [k for k in range(1, top + 1) if k not in standing]
            if not allowed:
                remaining[p] = 0
                runout.append(p)
                p = (p + 1) % n_players
                continue
            if smart and rng.random() < smart:
                ci, k = _playout_pick(empties, allowed, owner, troops, adjacency, p, cap, bonus, rng)
            else:
                ci = rng.randint(0, len(empties) - 1)
                r = rng.random()
                if r < 0.35:
                    k = allowed[-1]
                elif r < 0.55:
                    k = allowed[0]
                else:
                    k = allowed[rng.randint(0, len(allowed) - 1)]
            c = empties[ci]
            empties[ci] = empties[-1]
            empties.pop()
            owner[c] = p
            troops[c] = k
            standing.add(k)
            remaining[p] -= k
            if k == cap:
                cap += 1
            if remaining[p] == 0:
                runout.append(p)
            p = (p + 1) % n_players
        order = runout
        start = 0
    else:
        order = s.order[:] if s.order else list(range(n_players))
        start = max(0, s.turn_idx)  # order[turn_idx] is the player to move now
    # Movement: every player makes its biggest attack, until nobody can (all at once with A-V8).
    def best_attack(p: int) -> tuple[int, int]:
        return best_capture(owner, troops, adjacency, p, bonus, partial)

    def reach_on(c: int, p: int, skip: int = -1) -> int:
        sums: dict[int, int] = {}
        for d in adjacency[c]:
            o = owner[d]
            if o >= 0 and o != p and d != skip:
                sums[o] = sums.get(o, 0) + troops[d] + bonus
        return max(sums.values(), default=0)

    def best_move(p: int) -> tuple[int, int]:
        """The look-ahead moves too: the biggest army an enemy can kill now goes (all of it) to
        a neighbour where it is safe, own or empty, the biggest result first; none if none."""
        src, best = -1, (-1, -1)
        for c in range(ncountries):
            if owner[c] != p or troops[c] >= reach_on(c, p) or (src >= 0 and troops[c] <= troops[src]):
                continue
            for d in adjacency[c]:
                o = owner[d]
                if o >= 0 and o != p:
                    continue
                after = troops[c] + (troops[d] if o == p else 0)
                if after >= reach_on(d, p) and after > best[1]:
                    src, best = c, (d, after)
        return src, best[0]

    if settings["simultaneous"]:
        for _round in range(max_rounds):
            hits: dict[int, int] = {}
            for p in order:
                t, _k = best_attack(p)
                if t >= 0:
                    hits[t] = hits.get(t, 0) + 1
            if not hits:
                break
            for t, m in hits.items():
                for _ in range(m):  # A-V8 (rev 4): each attack removes its own share of what is left
                    left = troops[t]
                    troops[t] -= min(left, left // 2 + partial) if partial else left
                if troops[t] == 0:
                    owner[t] = -1
    else:
        quiet = 0
        idx = start
        limit = max_rounds * max(1, len(order))
        steps = 0
        while quiet < len(order) and steps < limit:
            steps += 1
            if idx >= len(order):
                idx = 0
            p = order[idx]
            idx += 1
            best_t, best_kill = best_attack(p)
            if best_t < 0:
                quiet += 1
                src, dst = best_move(p)
                if src >= 0:
                    troops[dst] += troops[src]
                    owner[dst] = p
                    troops[src] = 0
                    owner[src] = -1
                continue
            quiet = 0
            troops[best_t] -= best_kill
            if troops[best_t] == 0:
                owner[best_t] = -1
    totals = [0] * n_players
    for c in range(ncountries):
        if owner[c] >= 0:
            totals[owner[c]] += troops[c]
    need = s.game.winners_needed
    ranked = sorted(range(n_players), key=lambda q: -totals[q])
    bar = totals[ranked[need - 1]]
    winners = [q for q in range(n_players) if totals[q] >= bar and totals[q] > 0]
    out = [0.0] * n_players
    for q in winners:
        out[q] = min(1.0, need / len(winners))
    grand = sum(totals) or 1
    for q in range(n_players):
        out[q] += 0.05 * totals[q] / grand
    return out


class MctsAgent(Agent):
    """Flat UCB1 Monte Carlo search over the prior's best candidates, within ``budget_s``."""

    name = "ai"

    def __init__(self, game: Game, seed: int = 0, budget_s: float = 0.4, top_k: int = 14,
                 max_playouts: int = 1500) -> None:
        super().__init__(game, seed, budget_s)
        self.top_k = top_k
        self.max_playouts = max_playouts
        #: The placement strategy of this game ("big" or "small" armies, the seed's two),
        #: chosen at the first placement by search and then kept; ``fixed_style`` pins it.
        self.style = ""
        self.fixed_style = ""

    def choose(self, state: State) -> Action:
        assert isinstance(state, AmoebaState)
        p = state.current_player()
        if state.phase == "map":
            return _map_action(state, self.rng)
        if state.phase == "joint":
            return _answer_joint(state, p)
        deadline = self.deadline()
        if state.phase in ("move", "detail"):
            if state.settings["simultaneous"]:
                return self._choose_simultaneous(state, p, deadline)
            return self._choose_sequential(state, p, deadline)
        return self._choose_placement(state, p, deadline)

    # -- placement: flat Monte Carlo search ---------------------------------------------------
    def _choose_placement(self, state: AmoebaState, p: int, deadline: float,
                          candidates: list[Action] | None = None) -> Action:
        """Flat Monte Carlo over the best candidates by the prior of this game's style.  At the
        first placement both styles put up their best candidates and the search picks; the style
        of the winner is then kept for the game (a plan, as the seed describes).  ``candidates``
        (default: :func:`_candidate_placements`) are the placements it may choose from."""
        acts: list[Action] = list(_candidate_placements(state, p)) if candidates is None else list(candidates)
        if state.remaining[p] == state.settings["troops"]:
            self.style = self.fixed_style  # a new game: choose again
        if len(acts) == 1:
            return acts[0]
        root = state.clone()
        styles = (self.style,) if self.style else STYLES
        per = self.top_k if len(styles) == 1 else self.top_k // 2
        keep: list[Action] = []
        prior_vals: list[float] = []
        style_of: dict[int, str] = {}
        for st in styles:
            fits = style_fits(root, p, acts, st)
            scored = sorted(((_prior(root, p, acts[i], st), i) for i in fits), reverse=True)
            for v, i in scored[:per]:
                if i not in style_of:
                    style_of[i] = st
                    keep.append(acts[i])
                    prior_vals.append(v)
        index_of = {id(a): i for i, a in enumerate(acts)}
        children: list[AmoebaState] = []
        for a in keep:
            c = root.clone()
            c._apply(a)
            children.append(c)
        lo, hi = min(prior_vals), max(prior_vals)
        span = (hi - lo) or 1.0
        visits = [0] * len(keep)
        value = [0.0] * len(keep)
        total = 0
        while total < self.max_playouts and (total < len(keep) or not self.spent(deadline, total)):
            if total < len(keep):
                i = total
            else:
                logn = math.log(total)
                i = max(range(len(keep)), key=lambda j: value[j] / visits[j]
                        + 0.5 * math.sqrt(logn / visits[j]) + 0.15 * (prior_vals[j] - lo) / span / (1 + visits[j]))
            child = children[i]
            if child.phase == "over":
                res = child.result()
                r = 1.0 if res is not None and p in res.winners else 0.0
            else:
                r = playout(child, self.rng)[p]
            visits[i] += 1
            value[i] += r
            total += 1
        best = max(range(len(keep)), key=lambda j: (value[j] / visits[j] if visits[j] else -1, prior_vals[j]))
        if not self.style:
            self.style = style_of[index_of[id(keep[best])]]
        return keep[best]

    # -- movement with open turns: my move, then everyone else's likely reply -----------------
    #: Candidates judged at least, whatever the clock says (the best by the one-ply score first).
    min_judged = 2

    def _choose_sequential(self, state: AmoebaState, p: int, deadline: float) -> Action:
        """Each candidate (the best by the one-ply score, and every attack) is played, then the
        other seats answer in turn order until it is my turn again, each with the one-ply
        player's choice (the strategy-note scores); the position is judged by ``swing_score``."""
        root = state.clone()
        mine = list(root.legal_actions() or [])
        if len(mine) == 1:
            return mine[0]
        ranked = sorted(((_prior(root, p, a), i) for i, a in enumerate(mine)), reverse=True)
        picked = [i for _, i in ranked[: self.top_k]]
        picked += [i for _, i in ranked[self.top_k:] if isinstance(mine[i], (Attack, ProposeJoint))]
        best: tuple[float, float, int] = (-math.inf, -math.inf, 0)
        prior_of = {i: v for v, i in ranked}
        for k, i in enumerate(picked):
            if k >= self.min_judged and self.spent(deadline, k):
                break
            a = mine[i]
            child = root.clone()
            if isinstance(a, ProposeJoint):
                child._resolve_one(p, Attack(a.target), a.partners)  # as if the partners agree
            else:
                child._resolve_one(p, a)
            child._end_turn()
            for _ in range(2 * child.game.num_players):
                if child.phase not in ("move", "joint") or child.player == p:
                    break
                reply = _one_ply_choice(child, child.player)
                if reply is None:
                    break
                child.apply(reply)
            best = max(best, (round(swing_score(child, p), 6), prior_of[i], -i))
        return mine[-best[2]]

    # -- A-V8: a simultaneous turn is a matrix game ---------------------------------------------
    #: Each other seat's likely choices: its best few by the one-ply score, the best one half the weight.
    opponent_options = 6
    opponent_top_weight = 0.5
    max_profiles = 24

    def _opponent_profiles(self, root: AmoebaState, p: int, known: dict[int, Action] | None = None,
                           pointed: dict[int, Action] | None = None) -> list[tuple[dict[int, Action], float]]:
        """Joint choices of the other seats, with weights that sum to 1 (the likeliest kept).
        ``known``: choices already public (an attack pointed at, a move written down openly);
        ``pointed``: what the others pointed at, once revealed (their options must match it)."""
        known = known or {}
        profiles: list[tuple[dict[int, Action], float]] = [(dict(known), 1.0)]
        seats = list(pointed) if pointed is not None else [q for q in root.alive() if root.has_action(q)]
        for q in seats:
            if q == p or q in known:
                continue
            view = root.clone()
            view.player = q
            acts = view._movement_actions(q)
            if pointed is not None:
                acts = [a for a in acts if point_of(a) == pointed[q]]
            ranked = sorted(((_prior(view, q, a), i) for i, a in enumerate(acts)), reverse=True)
            opts = [acts[i] for _, i in ranked[: self.opponent_options]]
            if not opts:
                continue
            rest = (1.0 - self.opponent_top_weight) / (len(opts) - 1) if len(opts) > 1 else 0.0
            weights = [self.opponent_top_weight if len(opts) > 1 else 1.0] + [rest] * (len(opts) - 1)
            profiles = [({**d, q: a}, w * wa) for d, w in profiles for a, wa in zip(opts, weights, strict=True)]
            profiles.sort(key=lambda x: -x[1])
            profiles = profiles[: self.max_profiles]
        total = sum(w for _, w in profiles) or 1.0
        return [(d, w / total) for d, w in profiles]

    def _own_options(self, state: AmoebaState, p: int, acts: list[Action]) -> list[Action]:
        """The choices of ours the matrix game judges (all of them; ``hard`` filters)."""
        return acts

    def _choose_simultaneous(self, state: AmoebaState, p: int, deadline: float) -> Action:
        """A-V8: every seat chooses at once, so judge each of my choices against the others'
        likely choices (resolved together by the rules) and keep the best expected outcome.
        Never peeks at the secret choices already made: they are replaced by the model."""
        root = state.clone()
        pointed: dict[int, Action] | None = None
        known: dict[int, Action] = {}
        if state.phase == "detail":
            # The points are public; so are the attacks and the moves written down openly.
            pointed = dict(state.pending)
            mine = self._own_options(state, p, state.detail_actions(p))
            for q, a in state.pending.items():
                if q == p:
                    continue
                if q in state.details and q not in state.dependent:
                    known[q] = state.details[q]
                elif isinstance(a, Attack) and not state.needs_detail(q, a):
                    known[q] = a
        else:
            mine = self._own_options(root, p, root._movement_actions(p))
        root.pending, root.details, root.detail_queue, root.dependent = {}, {}, [], set()
        root.phase = "move"
        if len(mine) == 1:
            return point_of(mine[0]) if pointed is None else mine[0]
        ranked = sorted(((_prior(root, p, a), i) for i, a in enumerate(mine)), reverse=True)
        profiles = self._opponent_profiles(root, p, known, pointed)
        best: tuple[float, int] = (-math.inf, 0)
        for k, (_prior_v, i) in enumerate(ranked):
            if k >= 4 and self.spent(deadline, k):
                break  # the best few by the one-ply score are always judged
            v = 0.0
            for others, w in profiles:
                child = root.clone()
                child.pending = {**others, p: mine[i]}
                child._resolve_simultaneous()
                v += w * swing_score(child, p)
            # Ties go to the rules' order: attacks first, then the smallest moves.  (Breaking
            # them by the one-ply score instead, which likes to reshuffle, measured far worse.)
            best = max(best, (round(v, 6), -i))
        choice = mine[-best[1]]
        return choice if pointed is not None else point_of(choice)


def bench_extra() -> dict[str, Any]:
    """Full random games per second on the 20-country map for three players."""
    game = AmoebaGame({"players": 3, "map": "level", "level": "three_twenty"})
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < 2.0:
        state = game.new_state(games)
        rng = Chance(10_000 + games)
        while not state.is_over():
            state.apply(state.random_action(rng))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"random_games_per_s_20c_3p": round(games / elapsed, 2),
            "random_actions_per_s_20c_3p": round(actions / elapsed, 1)}


def make_ai(game: Game, seed: int) -> Agent:
    return MctsAgent(game, seed)


def make_greedy(game: Game, seed: int) -> Agent:
    return GreedyAgent(game, seed)


__all__ = ["GreedyAgent", "MctsAgent", "make_ai", "make_greedy", "playout", "place_score", "position_score",
           "swing_score"]
