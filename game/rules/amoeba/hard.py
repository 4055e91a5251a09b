"""The Hard computer player for Amoeba Strategy (agent ``hard``).

Where ``ai`` guesses in the battle, ``hard`` searches:

- **Placement is the ``ai``'s flat Monte Carlo search** (strategy-note prior, fast playouts).
  That search races to run out first when it can: A-P8 gives the first to run out the first
  move of the battle, and that is worth more than seeing the others' layout.  Measured in
  session 35 (default settings, paired seeds, 40 games each against ``ai``): Hard that paced its
  run-out (kept troops in hand while another seat still placed, then searched its last army
  into every empty country) scored 0.575 +- 0.066; only refusing to place its last troop first,
  0.575-0.600; Hard with the ``ai``'s placement, 0.825 +- 0.055.
  It searches only the placements the other side cannot trap (issue 47, :func:`surround_risk`):
  a newcomer beat Hard by surrounding its 24, placed where every neighbour was the newcomer's
  (no empty country to flee into, no own army to help), and its 10, placed beside a single
  empty country the newcomer then filled.
- **Sequential movement is a game of perfect information without chance**, so it is
  searched as one: iterative-deepening alpha-beta for two players (each side's sensible
  moves), a best-reply search for more (the others answer with the one-ply player's
  choice).  Leaves are judged by troops and by the captures left on the board (the side to
  move takes its best, the other answers).  The rules' own stalemate by repetition or quiet
  rounds ends a line as the position it stops in, a little worse for the side it crowns
  (``LEAD_STALEMATE_COST``) and worse still for the others and for a draw, not as a whole win:
  counted as a win, a repetition was taken whenever it was on offer.
- **Quiet end games are hunts.**  When the search starts after two quiet rounds, every leaf
  also weighs how cornered each stack is: the share of the map it cannot reach before some stack
  that could kill it alone (``pursuit``).  The whole search judges with it or without it: with
  it only in quiet lines, Hard avoided attacks to keep the bonus (0.455 of 200 games against the
  ``ai`` ended by the limit, 0.135 before).  Without it the side ahead waited for the limit,
  walking a stack back and forth while the other side could never attack: 0.20 of 109
  hard-vs-hard games on the shipped maps ended by the limit, 14 of 17 on six_thirty_six; with
  it 8 of 200 (paired seeds 1-30 and 61-130; 2 of the first 60, both draws on classic_fourteen).  (A
  bonus for one unbeatable stack closing in on its prey, tried before: 7 limit-ended games of 50
  against 4 at the same seeds, dropped; one hunter alone chases its prey round a ring.)
- A game over by the limit is judged as it stands: no capture comes after the end.
- **No feeding, no needless splitting.**  Moves that leave troops where an enemy can kill
  them (a remainder behind, a small army in front of a big stack) are not considered while
  a safe move exists; a split stack is considered only when every part is safe.

Simultaneous turns (A-V8) keep the ``ai``'s matrix game with the same filter on the
candidates.  The search has its own generator; it reads only the public board (never the
others' secret choices) and stops at its deadline (``BUDGET_S``), checked at every node, or
with a fixed effort (``Agent.iterations``) after that many playouts of a placement or that
many times ``NODES_PER_ITERATION`` nodes of the battle search, whatever the clock says.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from ...engine import Action, Game, State
from .actions import Attack, Gather, Move, Place, ProposeJoint
from .ai import (
    MctsAgent,
    _answer_joint,
    _candidate_placements,
    _one_ply_choice,
    _prior,
    best_capture,
    enemy_reach,
)
from .state import AmoebaState, point_of

#: Seconds a decision may take (a whole turn is one decision in the sequential game); each search
#: checks the clock at every node.
BUDGET_S = 1.5
#: With a fixed effort (``Agent.iterations``), an iteration is one playout of a placement, or this
#: many nodes of the battle search (a node is far cheaper than a playout).
NODES_PER_ITERATION = 10
#: Deepest full-width search (plies), reached only in quiet positions with few moves.
MAX_DEPTH = 8
WIN = 10_000.0
#: A game the round limit ends (A-G decision: a repeated round or quiet rounds) is worth its
#: position plus this for the side ahead on totals (minus for the side behind, minus for a
#: draw), not a whole win: the side ahead plays on while play can still gain it more.
STALEMATE_MARGIN = 5.0
STALEMATE_TEXT = "Stalemate:"
#: What a round limit costs the side it would crown: a little, so that while a hunt can still
#: corner the last stacks the side ahead plays it on instead of repeating or waiting.
LEAD_STALEMATE_COST = 2.0
#: What each country a player holds costs it at a leaf: concentration wins (fewer, bigger stacks).
SPREAD_COST = 0.4
#: Quiet rounds (no attack) at the root after which every leaf also weighs how cornered each stack is.
PURSUIT_FROM_QUIET = 2
#: Worth of cornering one enemy stack completely (none of the map left to it).
PURSUIT_W = 1.5


class _OutOfTime(Exception):
    pass


# -- safety of the troops a move leaves or brings -----------------------------------------------


def _reach_after(s: AmoebaState, c: int, p: int, owner: list[int], troops: list[int]) -> int:
    """The largest sum one opponent of ``p`` could attack country ``c`` with, on the given board."""
    bonus = s.settings["attack_bonus"]
    sums: dict[int, int] = {}
    for d in s.map.adjacency[c]:
        o = owner[d]
        if o >= 0 and o != p:
            sums[o] = sums.get(o, 0) + troops[d] + bonus
    return max(sums.values(), default=0)


def exposed_after(s: AmoebaState, p: int, a: Action) -> int:
    """Troops of ``p`` that a move leaves killable (an enemy's adjacent sum beats them) and that
    were not killable before: a remainder behind, or the troops sent next to a bigger stack.
    Attacks and moves that make nothing newly killable count 0."""
    if not isinstance(a, (Move, Gather)):
        return 0
    owner, troops = s.owner[:], s.troops[:]
    legs = [(a.source, d, n) for d, n in a.dests] if isinstance(a, Move) else \
        [(c, a.dest, n) for c, n in a.sources]
    touched: set[int] = set()
    for src, dst, n in legs:
        troops[src] -= n
        if troops[src] == 0:
            owner[src] = -1
        troops[dst] += n
        owner[dst] = p
        touched.update((src, dst))
    lost = 0
    for c in touched:
        if owner[c] != p:
            continue
        if troops[c] < _reach_after(s, c, p, owner, troops):
            was_killable = s.owner[c] == p and s.troops[c] < enemy_reach(s, c, p)
            if not was_killable:
                lost += troops[c]
    return lost


def is_split(a: Action) -> bool:
    return isinstance(a, Move) and len(a.dests) > 1


def safe_candidates(s: AmoebaState, p: int, acts: list[Action]) -> list[Action]:
    """Drop the moves that feed troops to an enemy (see :func:`exposed_after`) and the splits
    that leave any part killable: the least exposure wins (attacks expose nothing)."""
    if not acts:
        return acts
    exposure = [exposed_after(s, p, a) for a in acts]
    least = min(exposure)
    return [a for a, e in zip(acts, exposure, strict=True) if e == least]


# -- the surround: what the other side can bring next to an army ---------------------------------


def surround_risk(s: AmoebaState, p: int, c: int, n: int) -> int:
    """How trapped ``n`` troops of ``p`` placed in the empty country ``c`` would be (RULES.md's
    strategy notes, the surround, read from the other side): 2 when every neighbour is one
    opponent's or another's and one of them has troops enough (on the board and still to place,
    which A-G2 lets it gather there by moves) to outnumber it, so it can neither flee nor be
    helped; 1 when it keeps a single empty neighbour and an opponent's next placement there
    (its largest number) makes the army killable (and leaves it no way out); else 0.  An own
    neighbour (help can come) is 0."""
    adj = s.map.adjacency[c]
    owner, troops = s.owner, s.troops
    if any(owner[d] == p for d in adj):
        return 0
    empty = [d for d in adj if owner[d] < 0]
    bonus = s.settings["attack_bonus"]
    risk = 0
    standing = set(s.standing_counts()) | {n}
    for q in range(s.game.num_players):
        if q == p:
            continue
        mine_near = [d for d in adj if owner[d] == q]
        if not mine_near:
            continue
        around = sum(troops[d] + bonus for d in mine_near)
        if not empty:
            if s.total(q) + s.remaining[q] + bonus * len(mine_near) > n:
                return 2
        elif len(empty) == 1 and s.remaining[q]:
            top = next((k for k in range(min(s.cap + (n == s.cap), s.remaining[q]), 0, -1) if k not in standing), 0)
            if top and around + top + bonus > n:
                risk = 1
    return risk


def safe_placements(s: AmoebaState, p: int, acts: list[Place]) -> list[Place]:
    """The placements least at risk of being surrounded (:func:`surround_risk`); all of them if
    every one is as much at risk."""
    if not acts:
        return acts
    risk = [surround_risk(s, p, a.country, a.n) for a in acts]
    least = min(risk)
    return [a for a, r in zip(acts, risk, strict=True) if r == least]


# -- leaf evaluation ---------------------------------------------------------------------------


def evaluate(s: AmoebaState, p: int, hunt: bool = False) -> float:
    """The position for ``p``: troops against the others', after a short exchange of captures
    (the side to move takes its best, then each other seat once), so a stack left killable
    counts as lost and a kill in hand as won.  A finished game is won, lost or drawn.  ``hunt``:
    also weigh how cornered every stack is (:func:`pursuit`); a search sets it for all its leaves
    alike, from the quiet rounds at its root, so a line with an attack is never judged without
    the hunt and a quiet one with it."""
    if s.phase == "over":
        res = s.result()
        if res is not None and res.text.startswith(STALEMATE_TEXT):
            # Ended by a round limit (repetition or quiet rounds): judged as the position it
            # stops in, a little worse for the side it crowns than playing on (so the side ahead
            # hunts the last stacks down instead of waiting for the limit) and worse still for
            # the others and for a draw.
            # No capture comes after the end: the troops as they stand, the stacks as spread.
            sign = 0 if not res.winners else (1 if p in res.winners else -1)
            totals = [s.total(q) for q in range(s.game.num_players)]
            spread = sum(1 for o in s.owner if o == p)
            return (_balance(totals[p], totals[:p] + totals[p + 1:]) - SPREAD_COST * spread
                    - (LEAD_STALEMATE_COST if sign > 0 else STALEMATE_MARGIN))
        if res is None or not res.winners:
            return 0.0
        return WIN if p in res.winners else -WIN
    return _position(s, p, hunt)


@functools.lru_cache(maxsize=32)
def _distances(adjacency: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """Steps between every two countries of the map (breadth-first; unreachable: the map's size)."""
    n = len(adjacency)
    dist = np.full((n, n), n, dtype=np.int16)
    for a in range(n):
        dist[a, a] = 0
        frontier, d = [a], 0
        while frontier:
            d += 1
            nxt = []
            for c in frontier:
                for e in adjacency[c]:
                    if dist[a, e] > d:
                        dist[a, e] = d
                        nxt.append(e)
            frontier = nxt
    return dist


def pursuit(owner: list[int], troops: list[int], adjacency: tuple[tuple[int, ...], ...], p: int) -> float:
    """How cornered the others' stacks are by bigger stacks of ``p``, less how cornered ``p``'s are
    by bigger enemy stacks.  A stack is cornered by the share of the map it does not reach before
    every stack that could kill it alone (0 with no such hunter), so a split only adds stacks to be
    cornered.  Quiet end games are hunts: one stack chased by one runs round the map for ever,
    several close the ways in turn."""
    dist = _distances(adjacency)
    n = len(owner)
    stacks = [c for c in range(n) if owner[c] >= 0 and troops[c] > 0]
    value = 0.0
    for c in stacks:
        o, t = owner[c], troops[c]
        if o == p:
            hunters = [h for h in stacks if owner[h] != p and troops[h] > t]
        else:
            hunters = [h for h in stacks if owner[h] == p and troops[h] > t]
        if not hunters:
            continue
        cornered = 1.0 - int(np.count_nonzero(dist[c] < dist[hunters].min(axis=0))) / n
        value += -cornered if o == p else cornered
    return PURSUIT_W * value


def _position(s: AmoebaState, p: int, hunt: bool) -> float:
    """:func:`evaluate` of a position that is not over."""
    owner, troops = s.owner[:], s.troops[:]
    adjacency = s.map.adjacency
    bonus, partial = s.settings["attack_bonus"], s.settings["partial_kill"]
    n = s.game.num_players
    order = s.order or list(range(n))
    start = order.index(s.player) if s.player in order else 0
    for i in range(len(order)):
        q = order[(start + i) % len(order)]
        t, k = best_capture(owner, troops, adjacency, q, bonus, partial)
        if t >= 0:
            troops[t] -= k
            if troops[t] == 0:
                owner[t] = -1
    totals = [0] * n
    for c, o in enumerate(owner):
        if o >= 0:
            totals[o] += troops[c]
    mine = totals[p]
    others = [totals[q] for q in range(n) if q != p]
    if mine == 0:
        return -WIN / 2
    if not any(others):
        return WIN / 2
    # The kills still possible after the exchange break ties: threats made, threats faced.
    _t, mine_k = best_capture(owner, troops, adjacency, p, bonus, partial)
    worst = max((best_capture(owner, troops, adjacency, q, bonus, partial)[1] for q in range(n) if q != p),
                default=0)
    spread = sum(1 for o in owner if o == p)
    value = (_balance(mine, others) + 0.15 * (mine_k - worst)
             - SPREAD_COST * spread)  # concentration wins: fewer, bigger stacks
    if hunt:
        value += pursuit(owner, troops, adjacency, p)
    return value




def _balance(mine: int, others: list[int]) -> float:
    """Troops against the strongest other seat and against all of them."""
    return mine - max(others) - 0.3 * sum(others)


# -- the agent -----------------------------------------------------------------------------------


class HardAgent(MctsAgent):
    """Searches where ``ai`` guesses (see the module docstring)."""

    name = "hard"

    def __init__(self, game: Game, seed: int = 0, budget_s: float = BUDGET_S) -> None:
        super().__init__(game, seed, budget_s=budget_s, top_k=16, max_playouts=4000)
        self._deadline = 0.0
        self._nodes = 0
        self._hunt = False
        #: Deepest iteration of the movement search (tests pin it so a choice never depends on the clock).
        self.max_depth = MAX_DEPTH

    def choose(self, state: State) -> Action:
        assert isinstance(state, AmoebaState)
        p = state.current_player()
        if state.phase in ("move", "detail") and not state.settings["simultaneous"]:
            return self._search_sequential(state, p, self.deadline())
        return super().choose(state)

    # -- placement: the ``ai``'s search on the placements the other side cannot trap -------------
    def _choose_placement(self, state: AmoebaState, p: int, deadline: float,
                          candidates: list[Action] | None = None) -> Action:
        acts = _candidate_placements(state, p) if candidates is None else [
            a for a in candidates if isinstance(a, Place)]
        return super()._choose_placement(state, p, deadline, list(safe_placements(state, p, acts)))

    # -- sequential movement: alpha-beta / best-reply search ----------------------------------
    def _moves(self, s: AmoebaState, q: int, root: bool = False) -> list[Action]:
        """At the root every safe candidate; deeper in the tree only the attacks and the moves of
        whole stacks (concentration), which keeps the tree narrow enough to look turns ahead."""
        acts = list(s.legal_actions() or [])
        acts = [a for a in acts if not isinstance(a, ProposeJoint)] or acts
        if root:
            return safe_candidates(s, q, acts)
        troops = s.troops
        narrow: list[Action] = [a for a in acts if isinstance(a, (Attack, Gather))
                  or (isinstance(a, Move) and len(a.dests) == 1 and a.dests[0][1] == troops[a.source])]
        return narrow or acts

    def _child(self, s: AmoebaState, a: Action) -> AmoebaState:
        c = s.clone()
        q = c.player
        if isinstance(a, ProposeJoint):  # as if the partners agree (rev 4: it may be the only action)
            c._resolve_one(q, Attack(a.target), a.partners)
        else:
            c._resolve_one(q, a)
        c._end_turn()
        while c.phase == "joint":  # never proposed by the search; answer any leftover sensibly
            c.apply(_answer_joint(c, c.player))
        return c

    def _tick(self) -> None:
        self._nodes += 1
        if self.spent(self._deadline, self._nodes // NODES_PER_ITERATION):
            raise _OutOfTime

    def _ordered(self, s: AmoebaState, q: int, acts: list[Action]) -> list[Action]:
        """Attacks first (biggest kill), then moves by how many troops they shift."""
        def key(a: Action) -> float:
            if isinstance(a, Attack):
                return -1000 - s.kill_count(a.target)
            if isinstance(a, Move):
                return -sum(n for _d, n in a.dests) / 100.0
            return 0.0
        return sorted(acts, key=key)

    def _value(self, s: AmoebaState, p: int, depth: int, alpha: float, beta: float) -> float:
        self._tick()
        if s.phase != "move" or depth == 0:
            return evaluate(s, p, self._hunt)
        q = s.player
        two = s.game.num_players == 2
        if q != p and not two:
            reply = _one_ply_choice(s, q)
            if reply is None:
                return evaluate(s, p, self._hunt)
            return self._value(self._child(s, reply), p, depth - 1, alpha, beta)
        acts = self._ordered(s, q, self._moves(s, q))
        if not acts:
            return evaluate(s, p, self._hunt)
        if q == p:
            best = -math.inf
            for a in acts:
                best = max(best, self._value(self._child(s, a), p, depth - 1, alpha, beta))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
            return best
        best = math.inf
        for a in acts:
            best = min(best, self._value(self._child(s, a), p, depth - 1, alpha, beta))
            beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    def _search_sequential(self, state: AmoebaState, p: int, deadline: float) -> Action:
        root = state.clone()
        if root.phase == "joint":
            return _answer_joint(root, p)
        acts = list(root.legal_actions() or [])
        if len(acts) == 1:
            return acts[0]
        cands = self._moves(root, p, root=True)
        # Start from the one-ply order (the prior) so a search cut short still has a sensible pick.
        cands.sort(key=lambda a: -_prior(root, p, a))
        children = [self._child(root, a) for a in cands]
        self._deadline = deadline
        self._nodes = 0
        self._hunt = root.quiet_rounds >= PURSUIT_FROM_QUIET
        best_a = cands[0]
        scores = {i: evaluate(c, p, self._hunt) for i, c in enumerate(children)}
        order = sorted(range(len(cands)), key=lambda i: -scores[i])
        best_a = cands[order[0]]
        for depth in range(1, self.max_depth + 1):
            try:
                found: dict[int, float] = {}
                alpha = -math.inf
                for i in order:
                    v = self._value(children[i], p, depth - 1, alpha, math.inf)
                    found[i] = v
                    alpha = max(alpha, v)
            except _OutOfTime:
                # A partial iteration still searched its best-first moves fully: keep its best
                # if it beats the previous iteration's choice as judged at this depth.
                if found:
                    i = max(found, key=lambda j: found[j])
                    if i == order[0] or found[i] > found.get(order[0], -math.inf):
                        best_a = cands[i]
                break
            order = sorted(range(len(cands)), key=lambda j: -found[j])
            best_a = cands[order[0]]
            if abs(found[order[0]]) >= WIN / 2:
                break  # a forced result: no deeper search changes it
        return best_a

    # -- A-V8: the ai's matrix game, on the safe candidates only -------------------------------
    def _own_options(self, state: AmoebaState, p: int, acts: list[Action]) -> list[Action]:
        return safe_candidates(state, p, acts)


def make_hard(game: Game, seed: int) -> HardAgent:
    return HardAgent(game, seed)


__all__ = ["HardAgent", "make_hard", "evaluate", "exposed_after", "safe_candidates", "point_of"]
