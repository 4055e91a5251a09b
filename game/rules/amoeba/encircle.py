"""The ``encircle`` computer player for Amoeba Strategy: it plays as the people who beat Hard did
(issue 47).  For tests and figures; the setup screen does not offer it.

- **Placement**: next to the other side's biggest army that it can still surround, with the
  count that makes its sum around that army exceed it (the smallest such count that is also
  safe where it stands, else the smallest that is enough); it never fills the last empty
  neighbour of one of its own big armies (the way out and in for that army).  When no army can
  be made killable it builds a partial surround with its largest number, and on an empty map it
  places a big army where most neighbours are empty.  Its numbers are paced as the ``ai``'s are
  (A-P7: never be left with troops and nowhere to place them).
- **Battle**: it kills the biggest army it can; else it gathers a killing sum next to the
  biggest enemy army (a whole stack stepping next to it, where the stack is safe if it can be);
  else it walks its biggest stack towards that army.

The battle policy works on plain lists (owner, troops): :func:`battle_step`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...agents import Agent
from ...engine import Action, Game, IllegalAction, State
from .actions import Attack, Move, Place
from .ai import _answer_joint, _map_action, a_p7_loss
from .state import AmoebaState, point_of

Adjacency = tuple[tuple[int, ...], ...]
#: A step of the battle policy: ("attack", target, 0, 0) or ("move", source, destination, troops).
Step = tuple[str, int, int, int]

#: An army at least this share of the cap counts as big: its empty neighbours are kept free.
BIG_SHARE = 0.6


def side_sum(owner: Sequence[int], troops: Sequence[int], adj: Adjacency, c: int, p: int, bonus: int = 0) -> int:
    """What ``p`` has around country ``c`` (A-G2, + A-V3 per country)."""
    return sum(troops[d] + bonus for d in adj[c] if owner[d] == p)


def enemy_sum(owner: Sequence[int], troops: Sequence[int], adj: Adjacency, c: int, p: int, bonus: int = 0) -> int:
    """The most any single opponent of ``p`` has around country ``c``."""
    sums: dict[int, int] = {}
    for d in adj[c]:
        o = owner[d]
        if o >= 0 and o != p:
            sums[o] = sums.get(o, 0) + troops[d] + bonus
    return max(sums.values(), default=0)


# -- placement -------------------------------------------------------------------------------------
def _keeps_a_way_out(s: AmoebaState, p: int, c: int) -> bool:
    """Placing in ``c`` would fill the last empty neighbour of one of ``p``'s big armies."""
    owner, troops, adj = s.owner, s.troops, s.map.adjacency
    big = BIG_SHARE * s.cap
    for d in adj[c]:
        if owner[d] == p and troops[d] >= big:
            if not any(owner[e] < 0 and e != c for e in adj[d]):
                return True
    return False


def place_choice(s: AmoebaState, p: int) -> Place | None:
    """Encircle's placement for ``p`` (see the module docstring); None when ``p`` cannot place."""
    allowed = s.allowed_numbers(p)
    empties = s.empty_countries()
    if not allowed or not empties:
        return None
    owner, troops, adj = s.owner, s.troops, s.map.adjacency
    bonus = s.settings["attack_bonus"]
    loss = {n: a_p7_loss(s, p, n) for n in allowed}
    least = min(loss.values())
    ok = [n for n in allowed if loss[n] == least]
    free = [c for c in empties if not _keeps_a_way_out(s, p, c)] or empties
    enemies = sorted((c for c in range(len(owner)) if owner[c] >= 0 and owner[c] != p),
                     key=lambda c: (-troops[c], c))
    # 1. Make the biggest enemy army it can killable, safely if it can.
    for t in enemies:
        have = side_sum(owner, troops, adj, t, p, bonus)
        best: tuple[tuple[int, int, int, int], Place] | None = None
        for c in adj[t]:
            if c not in free:
                continue
            need = troops[t] - have - bonus + 1  # n + have + bonus > troops[t]
            reach = enemy_sum(owner, troops, adj, c, p, bonus)
            safe = [n for n in ok if n >= need and n >= reach]
            enough = [n for n in ok if n >= need]
            if not enough:
                continue
            n = safe[0] if safe else enough[0]
            ways = sum(1 for e in adj[c] if owner[e] < 0 or owner[e] == p)
            key = (1 if safe else 0, ways, -n, -c)
            if best is None or key > best[0]:
                best = (key, Place(c, n))
        if best is not None:
            return best[1]
    # 2. A partial surround: the largest number next to the biggest enemy army with room beside it.
    for t in enemies:
        spots = [c for c in adj[t] if c in free]
        if spots:
            n = ok[-1]
            c = max(spots, key=lambda c: (n >= enemy_sum(owner, troops, adj, c, p, bonus),
                                          sum(1 for e in adj[c] if owner[e] < 0), -c))
            return Place(c, n)
    # 3. Nothing to surround: a big army with the most empty neighbours.
    c = max(free, key=lambda c: (sum(1 for e in adj[c] if owner[e] < 0), -c))
    return Place(c, ok[-1])


# -- battle ----------------------------------------------------------------------------------------
def _distances_from(adj: Adjacency, owner: Sequence[int], p: int, goal: int) -> list[int]:
    """Steps from every country to ``goal`` walking through empty countries and ``p``'s own."""
    n = len(adj)
    far = n + 1
    dist = [far] * n
    dist[goal] = 0
    frontier = [goal]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for c in frontier:
            for e in adj[c]:
                if dist[e] == far and (owner[e] < 0 or owner[e] == p):
                    dist[e] = d
                    nxt.append(e)
        frontier = nxt
    return dist


def battle_step(owner: Sequence[int], troops: Sequence[int], adj: Adjacency, p: int, bonus: int = 0,
                partial: int = 0, empty_only: bool = False) -> Step | None:
    """Encircle's battle choice for ``p`` on a plain board; None when it has no attack or move."""
    n = len(owner)
    # 1. The biggest kill.
    best_kill = (0, 0, -1)
    for t in range(n):
        o = owner[t]
        if o < 0 or o == p:
            continue
        if troops[t] < side_sum(owner, troops, adj, t, p, bonus):
            k = min(troops[t], troops[t] // 2 + partial) if partial else troops[t]
            if (k, troops[t]) > best_kill[:2]:
                best_kill = (k, troops[t], t)
    if best_kill[2] >= 0:
        return ("attack", best_kill[2], 0, 0)
    mine = [c for c in range(n) if owner[c] == p]
    if not mine:
        return None

    def can_enter(d: int) -> bool:
        return owner[d] < 0 or (owner[d] == p and not empty_only)

    # 2. Gather a killing sum next to the biggest enemy army it can reach.
    enemies = sorted((c for c in range(n) if owner[c] >= 0 and owner[c] != p), key=lambda c: (-troops[c], c))
    for t in enemies:
        have = side_sum(owner, troops, adj, t, p, bonus)
        around = set(adj[t])
        best: tuple[tuple[int, int, int, int], Step] | None = None
        for src in mine:
            if src in around:
                continue
            for dst in adj[src]:
                if dst not in around or not can_enter(dst):
                    continue
                gain = troops[src] + (bonus if owner[dst] < 0 else 0)
                after = troops[src] + (troops[dst] if owner[dst] == p else 0)
                o2 = list(owner)
                o2[src], o2[dst] = -1, p
                t2 = list(troops)
                t2[src], t2[dst] = 0, after
                safe = after >= enemy_sum(o2, t2, adj, dst, p, bonus)
                key = (1 if have + gain > troops[t] else 0, 1 if safe else 0, gain, -src)
                if best is None or key > best[0]:
                    best = (key, ("move", src, dst, troops[src]))
        if best is not None:
            return best[1]
    # 3. Walk the biggest stack towards the biggest enemy army.
    for t in enemies:
        dist = _distances_from(adj, owner, p, t)
        for src in sorted(mine, key=lambda c: (-troops[c], c)):
            steps = [d for d in adj[src] if can_enter(d) and dist[d] < dist[src]]
            if steps:
                dst = min(steps, key=lambda d: (dist[d], d))
                return ("move", src, dst, troops[src])
    # 4. Anything: the smallest stack's troops to a neighbour it may enter.
    for src in sorted(mine, key=lambda c: (troops[c], c)):
        for dst in adj[src]:
            if can_enter(dst):
                return ("move", src, dst, troops[src])
    return None


def step_action(s: AmoebaState, step: Step | None) -> Action | None:
    if step is None:
        return None
    if step[0] == "attack":
        return Attack(step[1])
    return Move(step[1], ((step[2], step[3]),))


# -- the agent -------------------------------------------------------------------------------------
class EncircleAgent(Agent):
    """Surrounds the other side's biggest armies (see the module docstring)."""

    name = "encircle"

    def choose(self, state: State) -> Action:
        assert isinstance(state, AmoebaState)
        s = state
        p = s.current_player()
        if s.phase == "map":
            return _map_action(s, self.rng)
        if s.phase == "joint":
            return _answer_joint(s, p)
        legal = s.legal_actions() or []
        if s.phase == "place":
            pl = place_choice(s, p)
            return pl if pl is not None and pl in legal else legal[0]
        st = s.settings
        step = battle_step(s.owner, s.troops, s.map.adjacency, p, st["attack_bonus"], st["partial_kill"],
                           st["empty_only"])
        a = step_action(s, step)
        if s.phase == "detail":
            acts = s.detail_actions(p)
            return a if a in acts else acts[0]
        if st["simultaneous"]:
            pt = point_of(a) if a is not None else None
            return pt if pt in legal else legal[0]
        if a is not None and a in legal:
            return a
        if a is not None:  # an attack with a follow-up, or a move the list splits otherwise
            try:
                s.check(a)
                return a
            except IllegalAction:
                pass
        return legal[0]


def make_encircle(game: Game, seed: int) -> EncircleAgent:
    return EncircleAgent(game, seed)


__all__ = ["EncircleAgent", "make_encircle", "battle_step", "place_choice", "side_sum", "enemy_sum"]
