"""The program that plays the enemies: a fixed, documented priority (RULES.md, I-E).

Each enemy, in the order they were drawn, makes one Move and one Action:

1. Grab a hero in its room; else
2. look for the nearest hero (cost to get there: an Opening 1, a Single 2,
   a Double 3 enemy steps) and take the first wall of that path, ties broken
   by the wall's side N, E, S, W (then clockwise along the side):
   * an Opening: move through it, then grab a hero there, or else smash the
     next wall towards the nearest hero;
   * a Single: smash it to an Opening and move through;
   * a Double: smash it down to Single.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping

from ...engine import Action, Event
from ...msg import M
from .actions import EGrab, EMove, ESmash
from .board import DOUBLE, OPENING, SINGLE
from .enemy_needs import InvasionState, _Enemy, _Hero  # noqa: F401  (named here as before)
from .slots import in_sentence

COST = {OPENING: 1, SINGLE: 2, DOUBLE: 3}
INF = 10**9


def hero_distance(state: InvasionState, cost: Mapping[str, int] = COST) -> dict[str, int]:
    """Enemy steps from every room to the nearest hero (multi-source Dijkstra); ``cost`` prices
    crossing each kind of wall."""
    board = state.board
    dist = {r: INF for r in board.rooms}
    heap: list[tuple[int, str]] = []
    for h in state.heroes.values():
        if dist[h.room]:
            dist[h.room] = 0
            heap.append((0, h.room))
    heapq.heapify(heap)
    while heap:
        d, r = heapq.heappop(heap)
        if d > dist[r]:
            continue
        for o, k in board.neighbours(r):
            nd = d + cost[board.walls[k]]
            if nd < dist[o]:
                dist[o] = nd
                heapq.heappush(heap, (nd, o))
    return dist


def best_wall(state: InvasionState, pos: str, dist: dict[str, int]) -> tuple[str, str] | None:
    """(wall, room beyond) of the first step towards the nearest hero from ``pos``."""
    board = state.board
    if ":" in pos:
        room = pos.split(":")[0]
        return (pos, room) if dist.get(room, INF) < INF else None
    best: tuple[int, str, str] | None = None
    for o, k in board.neighbours(pos):  # already clockwise N, E, S, W
        if dist[o] >= INF:
            continue
        c = COST[board.walls[k]] + dist[o]
        if best is None or c < best[0]:
            best = (c, k, o)
    return None if best is None else (best[1], best[2])


def next_step(state: InvasionState, eid: int) -> EMove | ESmash | EGrab | None:
    """The program's next step for one enemy, given what it has already done this turn."""
    e = state.enemies[eid]
    if not e.acted and not e.outside:
        here = sorted(state.heroes_in(e.pos))
        if here:
            return EGrab(eid, here[0])
    step = best_wall(state, e.pos, hero_distance(state))
    if step is None:
        return None
    key, room = step
    if state.board.walls[key] == OPENING:
        return None if e.moved else EMove(eid, room)
    return None if e.acted else ESmash(eid, key)


def plan_one(state: InvasionState, eid: int) -> list[EMove | ESmash | EGrab]:
    """One enemy's Move and Action by the fixed priority, worked out on a copy.

    Grab a hero in its room (and stop there); else take the first wall towards the
    nearest hero: walk through an Opening (then grab there, or smash the next wall
    on the way), smash a Single open and walk through, or smash a Double to Single.
    """
    t = state.clone()
    plan: list[EMove | ESmash | EGrab] = []
    while len(plan) < 2:
        a = next_step(t, eid)
        if a is None:
            break
        plan.append(a)
        if isinstance(a, EGrab):
            break
        if isinstance(a, EMove):
            t.enemy_move(eid, a.to)
        else:
            t.enemy_smash(eid, a.wall)
    return plan


def play_one(state: InvasionState, eid: int, record: list[Action] | None = None) -> list[Event]:
    """One enemy's Move and Action by the fixed priority."""
    out: list[Event] = []
    for a in plan_one(state, eid):
        if record is not None:
            record.append(a)
        if isinstance(a, EGrab):
            out.append(state.enemy_grab(eid, a.hero))
        elif isinstance(a, EMove):
            out.append(state.enemy_move(eid, a.to))
        else:
            out.append(state.enemy_smash(eid, a.wall))
    return out


def play_turn(state: InvasionState, record: list[Action] | None = None) -> list[Event]:
    """The whole enemy turn (the enemies that have not finished yet) as the setting ``invaders``
    says: this fixed program, or the Hard invaders (``horde.py``)."""
    if state.game.settings.get("invaders") == "hard":
        from . import horde  # horde imports this module

        return horde.play_turn(state, record)
    return program_turn(state, record)


def program_turn(state: InvasionState, record: list[Action] | None = None) -> list[Event]:
    """The program's whole enemy turn (the enemies that have not finished yet); stops early if the
    last hero falls.  ``record`` collects the actions played, for an agent in the enemies' seat."""
    out: list[Event] = [Event("enemy_turn", M("The {enemies} move.", enemies=in_sentence(state.enemies_name)), {})]
    for eid in sorted(state.enemies):
        if not state.heroes:
            break
        if eid in state.enemies and not state.enemies[eid].acted:
            out.extend(play_one(state, eid, record))
    return out
