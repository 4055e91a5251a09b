"""The Hard invaders (setting ``invaders = hard``): a horde that works together (RULES.md, I-E).

Like the program (``enemies.py``) they are deterministic: the same position always gets the
same enemy turn, so a record replays.  Every choice among equals goes by a fixed order (enemy
numbers, rooms a, b, c..., walls N, E, S, W clockwise); they never draw from the generator.

Each enemy turn:

1. **Grab whenever a grab can be had**, the cheapest first: an enemy already in a hero's room
   grabs; else, through a wall into a hero's room, the helpers smash it open (an Opening needs
   none, a Single one smash, a Double two; helpers are enemies of that room that already moved,
   enemies that step into it through an Opening first, then spare grabbers) and one enemy that
   has neither moved nor acted walks in and grabs.  This is repeated while grabs remain.
2. **Then the siege**, enemy by enemy, nearest to the heroes first: each picks the Move and
   Action (in either order, or none) that leaves the horde best placed, scoring the whole horde:
   the steps still to go to the heroes (an Opening 1, a Single 2, a Double 3), so a smash that
   opens the way for the others counts for all of them; minus what the heroes can kill at once
   in their next turn (an enemy that ends in a heroes' room without its Action is lost; a small
   band the heroes can walk in on too, so the horde gangs up in bands too big to kill, and
   stays out of a strong party's reach however long it takes: heroes who wall themselves in
   must come out before the round limit, I-W3); the grabs it has ready for its next
   turn, however the heroes seal.  A band walks on together; a band bigger than a breach needs
   sends the rest round to another wall; an enemy outside an Opening (out of the heroes' reach)
   wants in more every round, so the horde never sits out the round limit (I-W3).  After every
   enemy the grabs of step 1 are looked for again.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable

from ...engine import Action, Event
from ...msg import M
from .actions import EGrab, EMove, ESmash
from .board import DOUBLE, OPENING, SINGLE
from .enemy_needs import InvasionState
from .slots import in_sentence

#: Walls as smashes still needed before an enemy can pass: Opening 0, Single 1, Double 2.
LEVEL = {OPENING: 0, SINGLE: 1, DOUBLE: 2}
#: Enemy steps to pass a wall (the program's costs, I-E): an Opening 1, a Single 2, a Double 3.
STEP = {OPENING: 1, SINGLE: 2, DOUBLE: 3}
FAR = 60  # the steps counted for an enemy that has no way to any hero at all
#: A band of more than CAP + (heroes) enemies is more than one breach needs: the rest are counted
#: SURPLUS steps further away, so that they go round to another wall (the horde surrounds).
CAP = 3
SURPLUS = 3
#: An enemy outside an Opening (where no hero can reach it) counts this many steps more, and
#: more every round: the horde never sits out the round limit (I-W3) outside the house.
OUTSIDE = 3.0
OUTSIDE_PER_ROUND = 0.5

#: Weights of the siege's score (fitted by hand on self-play against the ``ai`` heroes).
W_STEPS = 1.0        # per step still to go, per enemy
W_LOST = 8.0         # per enemy that ends in the heroes' room without its Action (they kill it)
W_EXPOSED = 1.25     # per enemy in a band small enough for the heroes next door to kill (every round:
                     # weighing it less as the rounds went by, x 40/(40 + round), walked the horde into
                     # the heroes' reach at round 11-12 in 28 of the 52 words of 200 the ai heroes won)
W_READY = 6.0        # per grab the horde could make next turn however the heroes seal

Plan = list[EMove | ESmash | EGrab]


# -- the board as the horde sees it ---------------------------------------------------------------
def _hero_rooms(state: InvasionState) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for hid in sorted(state.heroes):
        out.setdefault(state.heroes[hid].room, []).append(hid)
    return out


def _steps(adj: dict[str, list[tuple[str, str]]], walls: dict[str, str], hero_rooms: Iterable[str]) -> dict[str, int]:
    """Enemy steps from every room to the nearest heroes' room (multi-source Dijkstra)."""
    dist = {r: FAR for r in adj}
    heap = []
    for r in hero_rooms:
        dist[r] = 0
        heap.append((0, r))
    heapq.heapify(heap)
    while heap:
        d, r = heapq.heappop(heap)
        if d > dist[r]:
            continue
        for o, k in adj[r]:
            nd = d + STEP[walls[k]]
            if nd < dist[o]:
                dist[o] = nd
                heapq.heappush(heap, (nd, o))
    return dist


# -- 1. grabs --------------------------------------------------------------------------------------
def best_grab(state: InvasionState) -> Plan | None:
    """The cheapest grab the horde can still make this turn (fewest enemies spent), or None."""
    if state.dodge or not state.heroes:
        return None
    board = state.board
    walls = board.walls
    enemies = state.enemies
    best: tuple[int, Plan] | None = None
    for room, hids in sorted(_hero_rooms(state).items()):
        hid = hids[0]
        for eid in sorted(enemies):
            e = enemies[eid]
            if e.pos == room and not e.acted:
                return [EGrab(eid, hid)]  # nothing is cheaper
        entries = [(o, k) for o, k in board.neighbours(room)] + \
                  [(None, s.key) for s in board.sides(room) if s.other is None]
        for other, key in entries:
            spot = key if other is None else other
            at = [i for i in sorted(enemies) if enemies[i].pos == spot]
            grabbers = [i for i in at if not enemies[i].moved and not enemies[i].acted]
            if not grabbers:
                continue
            need = LEVEL[walls[key]]
            cost = need + 1
            if best is not None and cost >= best[0]:
                continue
            helpers: list[tuple[int, bool]] = [(i, False) for i in at if enemies[i].moved and not enemies[i].acted]
            if other is not None and len(helpers) < need:
                for i in sorted(enemies):
                    e = enemies[i]
                    if e.moved or e.acted or e.pos == spot or e.pos in (room,):
                        continue
                    if other in state.enemy_moves(i):
                        helpers.append((i, True))
            helpers += [(i, False) for i in grabbers[1:]]
            if len(helpers) < need:
                continue
            plan: Plan = []
            for i, walk in helpers[:need]:
                if walk:
                    plan.append(EMove(i, spot))
                plan.append(ESmash(i, key))
            plan += [EMove(grabbers[0], room), EGrab(grabbers[0], hid)]
            best = (cost, plan)
    return None if best is None else best[1]


# -- 2. the siege ----------------------------------------------------------------------------------
class _Look:
    """What the siege's score needs, for one set of walls and enemy places."""

    def __init__(self, state: InvasionState) -> None:
        self.state = state
        self.hero_rooms = _hero_rooms(state)
        self.cap = CAP + len(state.heroes)
        self.outside = OUTSIDE + OUTSIDE_PER_ROUND * state.round
        self.outer_fixed = not state.game.settings.get("outer_seal", False)
        board = state.board
        self.adj = {r: board.neighbours(r) for r in board.rooms}
        self.sides = {r: [(s.key, s.key if s.other is None else s.other, s.other is None) for s in board.sides(r)]
                      for r in self.hero_rooms}
        self._keys = sorted(board.walls)
        self._dist_cache: dict[tuple[str, ...], dict[str, int]] = {}

    def dist(self, walls: dict[str, str]) -> dict[str, int]:
        key = tuple([walls[k] for k in self._keys])
        d = self._dist_cache.get(key)
        if d is None:
            d = self._dist_cache[key] = _steps(self.adj, walls, self.hero_rooms)
        return d

    def score(self, walls: dict[str, str], count: dict[str, int]) -> float:
        """How well placed the horde is for its next turn (higher is better); ``count``: how
        many enemies stand at each place (a room, or an outer wall)."""
        dist = self.dist(walls)
        heroes = self.hero_rooms
        adj = self.adj
        steps = 0.0
        cap = self.cap
        for pos, c in count.items():
            if ":" in pos:
                # outside, out of the heroes' reach: the longer the game, the more it wants in
                d = STEP[walls[pos]] + dist[pos.split(":")[0]] + (self.outside if walls[pos] == OPENING else 0)
            else:
                d = dist[pos]
            steps += c * d if c <= cap else cap * d + (c - cap) * (d + SURPLUS)
        lost = 0.0
        exposed = 0.0
        for pos, c in count.items():
            if ":" in pos:
                continue
            if pos in heroes:
                # in the heroes' room at their turn: each hero there kills 2
                lost += min(c, 2 * len(heroes[pos]))
                continue
            reach = 0
            for o, k in adj[pos]:
                if o in heroes and walls[k] != DOUBLE:
                    reach += len(heroes[o])
            if reach and c <= 2 * reach:
                exposed += c  # a band small enough for the heroes to walk in on and kill
        ready = 0.0
        for room, hids in heroes.items():
            ready += self.threat(room, len(hids), walls, count)
        return -W_STEPS * steps - W_LOST * lost - W_EXPOSED * exposed + W_READY * ready

    def threat(self, room: str, h: int, walls: dict[str, str], count: dict[str, int]) -> float:
        """The grabs the horde could make in ``room`` next turn if its ``h`` heroes spent every
        Action sealing the walls the bands outside stand at (the heroes cannot seal outer walls)."""
        open_grabs = 0
        sealable = 0
        for key, spot, outer in self.sides[room]:
            n = count.get(spot, 0)
            if not n:
                continue
            level = LEVEL[walls[key]]
            over = max(0, n - level)
            open_grabs += over
            if not outer or not self.outer_fixed:
                sealable += min(2 - level, over)
        return float(min(h, open_grabs - min(h, sealable)))


def _options(state: InvasionState, eid: int) -> list[Plan]:
    """One enemy's possible Move and Action this turn, in a fixed order (doing nothing first)."""
    e = state.enemies[eid]
    walls = state.board.walls
    out: list[Plan] = [[]]

    def smashable(pos: str) -> list[str]:
        if ":" in pos:
            return [pos] if walls[pos] != OPENING else []
        return [s.key for s in state.board.sides(pos) if walls[s.key] != OPENING]

    def moves_from(pos: str, w: dict[str, str]) -> list[tuple[str, str]]:
        if ":" in pos:
            return [(pos.split(":")[0], pos)] if w[pos] == OPENING else []
        return [(o, k) for o, k in state.board.neighbours(pos) if w[k] == OPENING]

    if not e.acted:
        out += [[ESmash(eid, k)] for k in smashable(e.pos)]
    if not e.moved:
        for to, _k in moves_from(e.pos, walls):
            out.append([EMove(eid, to)])
            if not e.acted:
                out += [[EMove(eid, to), ESmash(eid, k)] for k in smashable(to)]
        if not e.acted:
            # smash a Single open, then walk through it
            for k in smashable(e.pos):
                if walls[k] == SINGLE:
                    to = k.split(":")[0] if ":" in k else next(r for r in k.split("|") if r != e.pos)
                    out.append([ESmash(eid, k), EMove(eid, to)])
    return out


def _band_options(state: InvasionState, eid: int) -> list[Plan]:
    """The band ``eid`` leads (the enemies with it that have not moved yet, lowest numbers first)
    walking on together: 2, 3, ... of them through an Opening, or through a Single the leader
    smashes open first."""
    e = state.enemies[eid]
    if e.moved:
        return []
    band = [eid] + [i for i in sorted(state.enemies) if i != eid and state.enemies[i].pos == e.pos
                    and not state.enemies[i].moved]
    if len(band) < 2:
        return []
    walls = state.board.walls
    if ":" in e.pos:
        ways = [(e.pos.split(":")[0], e.pos)]
    else:
        ways = [(o, k) for o, k in state.board.neighbours(e.pos)]
    out: list[Plan] = []
    for to, key in ways:
        if walls[key] == OPENING:
            first: Plan = []
        elif walls[key] == SINGLE and not e.acted:
            first = [ESmash(eid, key)]
        else:
            continue
        for k in range(2, len(band) + 1):
            out.append(first + [EMove(m, to) for m in band[:k]])
    return out


def siege_plan(state: InvasionState, eid: int, look: _Look) -> Plan:
    """The Move and Action of one enemy (or the walk of the band it leads) that leave the horde
    best placed (see the module)."""
    walls = state.board.walls
    count: dict[str, int] = {}
    for e in state.enemies.values():
        count[e.pos] = count.get(e.pos, 0) + 1
    best: tuple[float, Plan] | None = None
    for plan in _options(state, eid) + _band_options(state, eid):
        w = walls
        c = count
        for a in plan:
            if isinstance(a, ESmash):
                w = dict(w)
                w[a.wall] = OPENING if w[a.wall] == SINGLE else SINGLE
            elif isinstance(a, EMove):
                if c is count:
                    c = dict(count)
                frm = state.enemies[a.enemy].pos
                c[frm] -= 1
                c[a.to] = c.get(a.to, 0) + 1
        v = look.score(w, c)
        if best is None or v > best[0] + 1e-9:
            best = (v, plan)
    return [] if best is None else best[1]


def _steps_of(state: InvasionState, dist: dict[str, int], eid: int) -> int:
    pos = state.enemies[eid].pos
    return STEP[state.board.walls[pos]] + dist[pos.split(":")[0]] if ":" in pos else dist[pos]


# -- the turn --------------------------------------------------------------------------------------
def _run(state: InvasionState, plan: Plan, record: list[Action] | None) -> list[Event]:
    out: list[Event] = []
    for a in plan:
        if record is not None:
            record.append(a)
        if isinstance(a, EGrab):
            out.append(state.enemy_grab(a.enemy, a.hero))
        elif isinstance(a, EMove):
            out.append(state.enemy_move(a.enemy, a.to))
        else:
            out.append(state.enemy_smash(a.enemy, a.wall))
    return out


def _grabs(state: InvasionState, record: list[Action] | None) -> list[Event]:
    out: list[Event] = []
    while state.heroes:
        plan = best_grab(state)
        if plan is None:
            break
        out += _run(state, plan, record)
    return out


def play_turn(state: InvasionState, record: list[Action] | None = None) -> list[Event]:
    """The Hard invaders' whole turn (for the enemies that have not finished yet); stops early if
    the last hero falls.  ``record`` collects the actions played, for an agent in the enemies' seat."""
    out: list[Event] = [Event("enemy_turn", M("The {enemies} move.", enemies=in_sentence(state.enemies_name)), {})]
    out += _grabs(state, record)
    done: set[int] = set()
    look: _Look | None = None
    while state.heroes:
        if look is None or look.hero_rooms != _hero_rooms(state):
            look = _Look(state)
        dist = look.dist(state.board.walls)
        left = [i for i in sorted(state.enemies) if i not in done
                and not (state.enemies[i].moved and state.enemies[i].acted)]
        if not left:
            break

        eid = min(left, key=lambda i: (_steps_of(state, dist, i), i))
        assert look is not None
        plan = siege_plan(state, eid, look)
        if not any(isinstance(a, EMove) and a.enemy != eid for a in plan):
            done.add(eid)  # a band that walked on still has its Actions to choose
        out += _run(state, plan, record)
        out += _grabs(state, record)
    return out
