"""The ``sniper-line`` computer player for Warigami Tactics (issue 47): how a careful new
player beat Hard on the Outpost.  For tests and figures only; not on the setup screen.

- **The squad** is mostly snipers, with RPGs and one shotgun (ten units: seven snipers, two
  RPGs, a shotgun), chosen before the reveal like any squad (W-B2).
- **The setup** puts each unit on the square of its start zone with the most cover toward the
  enemy (walls close in front of it, between it and the enemy's start zones), spread out so that one blast (W-H6)
  catches as few as possible.
- **The line**: no unit ever stands more than :data:`LINE_DEPTH` spaces out of its own start
  zone.  A unit that has no shot steps, within the line, to the square that gives it the best
  shot for the least danger; one with a shot stays where it is.
- **Each turn it fires** every unit at the best target in reach (the ``ai``'s expectimax over
  the dice), the medic heals.

It reads nothing a player could not see: the enemies' squads are revealed before it places.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, State
from .ai import _Base, _Look
from .board import Square
from .state import MOVE, SETUP, SQUAD, EndTurn, Move, Place, Squad, WarigamiState
from .tables import KINDS, distance

#: How far out of its own start zone a unit of the line may stand.
LINE_DEPTH = 1
#: How far in front of a square a wall still gives it cover at setup.
COVER_REACH = 3
#: What a unit gives up in shot value for each point of expected damage it steps into.
CAUTION = 0.8


def line_squad(n: int) -> Squad:
    """Mostly snipers: one shotgun from three units, one RPG from four, two from eight."""
    counts = dict.fromkeys(KINDS, 0)
    counts["shotgun"] = 1 if n >= 3 else 0
    counts["rpg"] = 2 if n >= 8 else 1 if n >= 4 else 0
    counts["sniper"] = n - counts["shotgun"] - counts["rpg"]
    return Squad(tuple(k for k in KINDS for _ in range(counts[k])))


def _zone_distance(zone: frozenset[Square] | set[Square], sq: Square) -> int:
    return 0 if sq in zone else min(distance(sq, z) for z in zone)


def line_place(s: WarigamiState) -> Place:
    """The next unit (snipers first, then RPGs, then the shotgun) on the zone square with the most
    walls toward the enemy, away from the units already placed."""
    me = s.player
    left = s.reserve[me]
    kind = next(k for k in ("sniper", "rpg", "shotgun", "smg", "medic") if k in left)
    board = s.board
    zone = [sq for sq in board.zones[me] if sq not in s.at and sq not in board.walls]
    foes = [sq for i, z in enumerate(board.zones) if i != me and i < s.game.num_players for sq in z]
    cx = sum(x for x, _ in foes) / max(1, len(foes))
    cy = sum(y for _, y in foes) / max(1, len(foes))
    mine = [u.sq for u in s.units_of(me)]

    def cover(sq: Square) -> float:
        """Walls close in front of ``sq`` (toward the enemy's start zones), the nearer the more."""
        dx, dy = cx - sq[0], cy - sq[1]
        return sum(1.0 / distance(sq, w) for w in board.walls
                   if distance(sq, w) <= COVER_REACH and (w[0] - sq[0]) * dx + (w[1] - sq[1]) * dy > 0)

    def key(sq: Square) -> tuple[int, float, float]:
        crowd = sum(1 for q in mine if max(abs(q[0] - sq[0]), abs(q[1] - sq[1])) <= 1)
        far = abs(sq[0] - cx) + abs(sq[1] - cy)
        return (crowd, -cover(sq), far if kind == "shotgun" else -0.2 * far)

    best = min(zone, key=key)
    return Place(kind, best[0], best[1])


class SniperLineAgent(_Base):
    """See the module docstring."""

    name = "sniper-line"

    def choose(self, state: State) -> Action:
        assert isinstance(state, WarigamiState)
        if state.phase == SQUAD:
            return line_squad(int(state.game.settings["units"]))
        if state.phase == SETUP:
            return line_place(state)
        look = _Look(state, state.player, 0)  # never grows bolder with quiet rounds: the line holds
        if state.phase == MOVE:
            mv = self._line_move(look)
            if mv is not None:
                return mv
        act = self._best_act(look)
        return act if act is not None else EndTurn()

    def _line_move(self, look: _Look) -> Move | None:
        """The best step within the line for a unit that has no shot from where it stands."""
        s = look.s
        zone = frozenset(s.board.zones[look.me])
        best: tuple[float, Move] | None = None
        for u in look.mine:
            if u.acted or s.move_budget(u) == 0 or look.best_shot(u, u.sq) > 0:
                continue
            here = -CAUTION * look.danger(u, u.sq)
            for sq, cost in s.reachable(u.id).items():
                if _zone_distance(zone, sq) > LINE_DEPTH:
                    continue
                off = look.best_shot(u, sq)
                if off <= 0:
                    continue
                gain = off - CAUTION * look.danger(u, sq) - here - 0.01 * cost
                if gain > 0.05 and (best is None or gain > best[0]):
                    best = (gain, Move(u.id, sq[0], sq[1]))
        return best[1] if best else None


def make_sniper_line(game: Any, seed: int) -> SniperLineAgent:
    return SniperLineAgent(game, seed)


__all__ = ["LINE_DEPTH", "SniperLineAgent", "line_place", "line_squad", "make_sniper_line"]
