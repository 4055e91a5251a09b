"""The Hard computer player for Warigami Tactics (agent ``hard``).

It plays by the ``ai``'s judgement of squares and shots (see ``ai.py``) and fixes what
newcomers beat it with:

- **A squad for this map and these enemies, never the same one twice running.**  The map's
  mix (:func:`ai.squad_weights`) is shifted for the number of enemies and drawn at random
  from the agent's own generator, so two games on one map meet two different squads.
- **Danger as far as the enemy can really go.**  The ``ai`` assumes an enemy steps three
  spaces before it shoots; but the movement pool is shared (W-T1), so one enemy unit can
  walk twice the number of its side's units.  ``hard`` counts that (a sniper 14 squares
  away still hits next turn), so no unit of it ends a turn in a sniper's reach while a
  square out of it is at hand.
- **Advancing with a purpose.**  Each unit that has no shot walks toward the nearest
  square from which it would have a good shot past the walls, and never straight back
  to where it stood at the start of its last turn (no shuffling to and fro).
- **The RPG fires.**  It moves first each turn (it has only two spaces) toward a square
  in line with an enemy, and its shots are taken whenever the blast hurts the enemy more.

The computer never reads a secret squad: it chooses before the reveal (W-B2) and places
after it, like a person.  Its dice-free judgement needs no generator but its own.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, State
from .ai import ExpectimaxAgent, _ev_by_distance, _Look, squad_weights
from .board import Square
from .state import SETUP, SQUAD, Place, Squad, Unit, WarigamiState
from .tables import KINDS, MAX_RANGE, WEAPONS, distance

#: Farthest an enemy is assumed to walk before it shoots (the pool allows more, rarely used).
MAX_ENEMY_WALK = 8
#: What walking back to last turn's square costs (a unit that shuffles to and fro wastes the turn).
BACKTRACK = 0.6
#: Least pull toward a firing square for a unit with no shot (the ai's is 0.08 while careful).
MIN_PULL = 0.22
#: An enemy's threat is shared among the units of ours it could pick from (see ``_HardLook.targets``).
SHARE_THREAT = True


class _HardLook(_Look):
    """The ``ai``'s view of the battle, with the enemy's real reach and the plan to advance."""

    def __init__(self, s: WarigamiState, me: int, quiet: int = 0,
                 last_squares: dict[int, Square] | None = None) -> None:
        super().__init__(s, me, quiet)
        self.last = last_squares or {}
        pools: dict[int, int] = {}
        for e in self.foes:
            pools[e.owner] = pools.get(e.owner, 0) + 2  # W-T1: 2 spaces per unit alive
        self.pools = pools
        self._targets: dict[int, int] = {}

    def walk(self, e: Unit) -> int:
        """How far enemy ``e`` can walk next turn: its side's whole pool (W-T1), the RPG's limit."""
        w = WEAPONS[e.kind]
        reach = min(self.pools.get(e.owner, 2), MAX_ENEMY_WALK)
        return min(reach, w.move_limit) if w.move_limit is not None else reach

    def threat(self, sq: Square) -> float:
        got = self._threat.get(sq)
        if got is None:
            got = 0.0
            board = self.s.board
            for e in self.foes:
                if distance(sq, e.sq) > self.walk(e) + MAX_RANGE[e.kind]:
                    continue
                ev = _ev_by_distance(e.kind, self.crit)
                straight = WEAPONS[e.kind].straight_only
                cands = []
                for c in self.spots(e):
                    if straight and c[0] != sq[0] and c[1] != sq[1]:
                        continue
                    v = ev[min(199, distance(c, sq))]
                    if v > 0:
                        cands.append((v, c))
                cands.sort(reverse=True)
                for v, c in cands:
                    if board.blocking_wall(c, sq) is None:
                        got += v / self.targets(e)
                        break
            self._threat[sq] = got
        return got

    def targets(self, e: Unit) -> int:
        """How many of our units enemy ``e`` could choose from next turn: it shoots once, so its
        threat is shared among them (a squad that comes on together is safer than one alone)."""
        got = self._targets.get(e.id)
        if got is None:
            far = self.walk(e) + MAX_RANGE[e.kind]
            got = max(1, sum(1 for u in self.mine if distance(u.sq, e.sq) <= far)) if SHARE_THREAT else 1
            self._targets[e.id] = got
        return got

    def place_value(self, u: Unit, sq: Square) -> float:
        val = super().place_value(u, sq)
        off = self.best_shot(u, sq)
        if off == 0 and not WEAPONS[u.kind].heals:
            # Advance with a purpose: toward the nearest square with a good, unwalled shot.
            val -= MIN_PULL * self.to_fire(u, sq)
            if u.kind == "rpg":
                val += 0.6 * self.line_value(u, sq)
        if sq != u.sq and self.last.get(u.id) == sq and off == 0:
            val -= BACKTRACK
        return val


class HardAgent(ExpectimaxAgent):
    """See the module docstring."""

    name = "hard"

    def __init__(self, game: Any, seed: int = 0, budget_s: float = 0.9) -> None:
        super().__init__(game, seed, budget_s)
        self._turn_start: dict[int, Square] = {}  # each unit's square when my current turn began
        self._last: dict[int, Square] = {}  # ... and when my previous turn began
        self._turn_key: tuple[int, int] = (-1, -1)

    def choose(self, state: State) -> Action:
        assert isinstance(state, WarigamiState)
        if state.phase == SQUAD:
            return hard_squad(state, self.rng)
        if state.phase == SETUP:
            return hard_place(state)
        key = (state.round, state.player)
        if key != self._turn_key:  # a new turn of mine: remember where everyone stood
            self._turn_key = key
            self._last = self._turn_start
            self._turn_start = {u.id: u.sq for u in state.units_of(state.player)}
        return super().choose(state)

    def _look(self, state: WarigamiState) -> _Look:
        return _HardLook(state, state.player, self.quiet, self._last)

    def _best_move(self, look: _Look) -> Any:
        """The RPG moves first (its two spaces must go toward a line of fire); then the ai's choice."""
        s = look.s
        for u in look.mine:
            if u.kind != "rpg" or u.acted or s.move_budget(u) == 0 or look.best_shot(u, u.sq) > 0:
                continue
            here = look.place_value(u, u.sq)
            best = None
            for sq, cost in s.reachable(u.id, 2).items():
                gain = look.place_value(u, sq) - here - 0.02 * cost
                if gain > 0.05 and (best is None or gain > best[0]):
                    best = (gain, sq)
            if best is not None:
                from .state import Move

                return Move(u.id, best[1][0], best[1][1])
        return super()._best_move(look)


def hard_squad(s: WarigamiState, rng: Any) -> Squad:
    """W-B2: a squad drawn from the map's mix (:func:`ai.squad_weights`), shifted for the enemies:
    more of them bunch up more (RPG) and come from more sides (SMG); at least one RPG and one
    sniper in squads of five or more, medics only in big squads.  Drawn with the agent's own
    generator, so games on the same map meet different squads."""
    n = int(s.game.settings["units"])
    w = dict(squad_weights(s))
    enemies = s.game.num_players - 1
    w["rpg"] += 0.6 * (enemies - 1)
    w["smg"] += 0.4 * (enemies - 1)
    kinds = [k for k in KINDS if w.get(k, 0) > 0]
    counts = {k: 0 for k in KINDS}
    if n >= 5:
        counts["rpg"] = 1
        counts["sniper"] = 1
    total = sum(w[k] for k in kinds)
    medic_cap = max(0, n // 8)
    while sum(counts.values()) < n:
        r = rng.random() * total
        for k in kinds:
            r -= w[k]
            if r <= 0:
                break
        if k == "medic" and counts["medic"] >= medic_cap:
            continue
        if k == "rpg" and counts["rpg"] >= max(1, n // 4):
            continue
        counts[k] += 1
    return Squad(tuple(k for k in KINDS for _ in range(counts[k])))


def hard_place(s: WarigamiState) -> Place:
    """The ai's placement, but the RPG goes in the front line (it moves two spaces a turn)."""
    from .ai import place_action

    me = s.player
    left = s.reserve[me]
    if "rpg" in left and not any(k in left for k in ("shotgun",)):
        # After the shotguns, before the SMGs fill the front: the RPG takes a front square.
        a = place_action(s)
        if a.kind in ("smg",):
            return Place("rpg", a.x, a.y)
        return a
    return place_action(s)


def make_hard(game: Any, seed: int) -> HardAgent:
    return HardAgent(game, seed)


__all__ = ["HardAgent", "hard_squad", "hard_place", "make_hard"]
