"""The computer hero player: plans each hero's Move + Action against the enemy's reply.

The enemies are a fixed deterministic program, so after the board is drawn the
only chance left is in the word (already spent).  The agent enumerates, for
every hero of its seat, short plans (an optional Move before or after one
Action, or a Vault item; never an extra Event, I-X3), plays each on a clone, lets the
turn end so the program's enemies answer, and scores the position the heroes
then face.  The best plan's first step is played; resting ends the turn when
no plan beats it.  Setup uses simple rules of thumb.

The ``hard`` player (``HardHeroAgent``) adds plans of several heroes at once (they walk into
one room together when between them they kill every enemy there) and, once the heroes can
kill every enemy (2 each), hunts: near enemies then count as prey, not danger.
"""

from __future__ import annotations

from ...agents import Agent
from ...engine import Action, Game, State
from .actions import (
    EndTurn,
    GeneratePlan,
    Kill,
    Move,
    PlaceEnemy,
    PlaceEvent,
    PlaceHero,
    PlaceVault,
    TriggerEvent,
    Use,
)
from .board import DOUBLE, OPENING, SINGLE
from .enemies import COST, INF, hero_distance
from .enemies import play_turn as enemy_turn
from .horde import play_turn as horde_turn
from .state import InvasionState

#: What the Event of each Slot 4 costs the heroes, in evaluation points (about).
EVENT_COST = {1: 140.0, 2: 10.0, 3: 15.0, 4: 0.0, 5: 30.0, 6: 100.0, 7: -40.0, 8: 80.0, 9: 160.0}


def evaluate(s: InvasionState, seat: int, wary: bool = True) -> float:
    """How good the position is for the heroes (of ``seat`` in cut-throat); ``wary``: count the
    enemies near the heroes as a danger (the hunter of the ``hard`` player counts them otherwise)."""
    mine = [h for h in s.heroes.values()
            if s.game.settings["mode"] != "cut-throat" or h.owner == seat]
    if s.is_over():
        if s.outcome == "win":
            return 1e6 + 100 * len(mine)
        return -1e6 + 10 * len(s.heroes) - 5 * len(s.enemies) - s.round
    score = 100.0 * len(mine) - 40.0 * len(s.enemies) + 12.0 * sum(1 for h in mine if h.item)
    if s.vault and not s.vault_open:
        score -= 6.0
    dist = hero_distance(s) if wary else {}
    for e in s.enemies.values() if wary else ():
        d = dist.get(e.room, INF)
        if e.outside and d < INF:
            d += COST[s.board.walls[e.pos]]
        if d == 0:
            # in a hero's room when the heroes move: a kill is waiting
            score += 10.0
        elif d <= 1:
            score -= 18.0
        elif d <= 2:
            score -= 8.0
        elif d <= 3:
            score -= 3.0
    if not s.events_fired:
        # The Event must come before the end (I-X3): count what it will cost now.
        score -= EVENT_COST[s.slot(4)] + 5.0
    return score


class HeroAgent(Agent):
    """Searches hero plans against the deterministic enemy reply (the ``ai`` player)."""

    name = "ai"

    def __init__(self, game: Game, seed: int = 0, budget_s: float = 0.5) -> None:
        super().__init__(game, seed, budget_s)
        self.deeper = False  # a second resting reply measured worse (35% -> 21% on 100 seeds)
        #: the program's enemy turn worked out for a person's enemy seat: (position key, steps left)
        self._enemy_plan: tuple[int, list[Action]] | None = None

    def choose(self, state: State) -> Action:
        assert isinstance(state, InvasionState)
        acts = state.legal_actions()
        if state.phase == "word":
            return acts[0]
        if state.phase == "build":
            return GeneratePlan()
        if state.phase == "place":
            return self._place(state, acts)
        if state.phase == "enemies":
            return self._enemy_seat(state, acts)
        return self._hero_turn(state, acts)

    # -- setup rules of thumb ------------------------------------------------------
    def _place(self, s: InvasionState, acts: list[Action]) -> Action:
        board = s.board

        def walls(r: str) -> tuple[int, int, str]:
            return (len(board.sides(r)), len(board.exterior_sides(r)), r)

        step = s.place_step()
        if step == "hero":
            if s.heroes:
                # keep the team together
                return PlaceHero(min(s.heroes.values(), key=lambda h: h.owner).room) \
                    if s.game.settings["mode"] != "cut-throat" else PlaceHero(min(board.rooms, key=walls))
            return PlaceHero(min(board.rooms, key=walls))
        if step == "vault":
            rooms = [h.room for h in s.heroes.values()]
            return PlaceVault(max(set(rooms), key=lambda r: (rooms.count(r), r)))
        if s.game.settings["mode"] == "cut-throat" and step == "enemy" and s.game.enemy_seat is None:
            # in cut-throat the enemies this seat places wait far from its own heroes
            mine = s.clone()
            seat = s.current_player()
            mine.heroes = {k: h for k, h in s.heroes.items() if h.owner == seat} or mine.heroes
            dist = hero_distance(mine)
        else:
            dist = hero_distance(s)
        if step == "event":
            return PlaceEvent(max(sorted(board.rooms), key=lambda r: (dist[r] if dist[r] < INF else 99, r)))
        cands = [a for a in acts if isinstance(a, PlaceEnemy)]
        return max(cands, key=lambda a: (dist[a.room], a.room))

    def _enemy_turn(self, s: InvasionState, steps: list[Action]) -> None:
        """The enemies' turn this player works out for the enemies' seat: as the setting
        ``invaders`` says (the program, or the Hard invaders)."""
        enemy_turn(s, steps)

    def _enemy_seat(self, s: InvasionState, acts: list[Action]) -> Action:
        """In a person's enemy seat the ai plays exactly as the program would (the documented
        priority, I-E): it works out the program's turn on a copy and plays its first step."""
        # The plan is kept through the turn (after a grab the program's enemy stays put, which
        # a fresh look at the position could not tell); it is made again if it no longer fits.
        if not (self._enemy_plan and self._enemy_plan[0] == s.round and self._enemy_plan[1]
                and self._enemy_plan[1][0] in acts):
            t = s.clone()
            steps: list[Action] = []
            self._enemy_turn(t, steps)
            self._enemy_plan = (s.round, steps)
        steps = self._enemy_plan[1]
        return steps.pop(0) if steps else EndTurn()

    # -- the hero turn search ----------------------------------------------------------
    def _after_turn(self, s: InvasionState, seat: int) -> float:
        """End this turn (the other hero seats rest), let the enemies answer, score."""
        t = s
        r0 = t.round
        while not t.is_over() and t.phase == "heroes" and t.round == r0:
            t.apply(EndTurn())
        v1 = evaluate(t, seat)
        if t.is_over() or not self.deeper:
            return v1
        # How bad would it be if the heroes then only rested one more turn?
        r1 = t.round
        while not t.is_over() and t.phase == "heroes" and t.round == r1:
            t.apply(EndTurn())
        return v1 + 0.5 * evaluate(t, seat)

    def _plans(self, s: InvasionState, acts: list[Action]) -> list[list[Action]]:
        plans: list[list[Action]] = []
        by_hero: dict[int, list[Action]] = {}
        for a in acts:
            if isinstance(a, (EndTurn,)):
                continue
            if isinstance(a, TriggerEvent):
                continue  # I-X3 (rev 2): the computer never calls an extra Event
            hid = getattr(a, "hero", None)
            if hid is None:
                continue
            by_hero.setdefault(hid, []).append(a)
        for hid, hacts in by_hero.items():
            moves = [a for a in hacts if isinstance(a, Move)]
            others = [a for a in hacts if not isinstance(a, Move)]
            for a in others:
                plans.append([a])
            for m in moves:
                plans.append([m])
                t = s.clone()
                t.apply(m)
                for a in t.hero_actions(hid):
                    if not isinstance(a, (Move, Use)):
                        plans.append([m, a])
        return plans

    def _hero_turn(self, s: InvasionState, acts: list[Action]) -> Action:
        seat = s.hero_player
        deadline = self.deadline()
        best_v = self._after_turn(s.clone(), seat)
        best: list[Action] = [EndTurn()]
        plans = self._plans(s, acts)
        # Shuffle for variety under a tight budget, then search as long as time allows (or, with
        # a fixed effort, ``iterations`` plans: the same choice on any machine).
        order = list(range(len(plans)))
        self.rng.shuffle(order)
        for k, i in enumerate(order):
            if self.spent(deadline, k):
                break
            plan = plans[i]
            t = s.clone()
            try:
                for a in plan:
                    t.apply(a)
            except Exception:  # a plan made stale by its own first step
                continue
            v = self._after_turn(t, seat)
            if isinstance(plan[0], Use):
                v -= 0.5  # spend items only when they help
            if v > best_v + 1e-9:
                best_v, best = v, plan
        return best[0]


def make_ai(game: Game, seed: int) -> HeroAgent:
    return HeroAgent(game, seed)


#: Hero turns to cross a wall while hunting: a Double is smashed down first.
HUNT_COST = {OPENING: 1, SINGLE: 1, DOUBLE: 2}


def hunt_steps(s: InvasionState) -> float:
    """Hero turns to reach the enemies in the rooms, summed over those enemies: a Move through a
    Single or an Opening is a turn, a Double costs one more (smashed down first)."""
    dist = hero_distance(s, HUNT_COST)
    return float(sum(min(dist[e.pos], 8) for e in s.enemies.values() if not e.outside))


class HardHeroAgent(HeroAgent):
    """The ``hard`` hero player: the ``ai`` search, plus attacks made together (several heroes
    walk into one room and each kills 2, so that no enemy is left there to grab them, which no
    single hero's plan finds), and an eye to the hunt that wins the game before the round
    limit (I-W3)."""

    name = "hard"

    def __init__(self, game: Game, seed: int = 0, budget_s: float = 1.0) -> None:
        super().__init__(game, seed, budget_s)
        #: the rest of a plan of several heroes being played: (round, steps)
        self._queue: tuple[tuple[int, int], list[Action]] | None = None

    def _score(self, t: InvasionState, seat: int) -> float:
        """Wary of the enemies near while they outnumber the heroes two to one; a hunter once
        the heroes can kill them all (2 each): then the nearer the enemies, the better."""
        strong = 2 * len(t.heroes) >= len(t.enemies)
        v = evaluate(t, seat, wary=not strong)
        if t.is_over():
            return v
        return v - (HUNT_STRONG if strong else HUNT_WEAK) * hunt_steps(t)

    def _after_turn(self, s: InvasionState, seat: int) -> float:
        t = s
        r0 = t.round
        while not t.is_over() and t.phase == "heroes" and t.round == r0:
            t.apply(EndTurn())
        return self._score(t, seat)

    def _enemy_turn(self, s: InvasionState, steps: list[Action]) -> None:
        """In the enemies' seat the hard player plays the Hard invaders (horde.py)."""
        horde_turn(s, steps)

    def _attacks(self, s: InvasionState) -> list[list[Action]]:
        """Rooms with enemies that heroes of this seat can walk into (or stand in) this turn in
        numbers enough to kill them all: the fewest such heroes, each Move (if needed) + Kill."""
        seat = s.hero_player
        out: list[list[Action]] = []
        for room in sorted(s.board.rooms):
            n = len(s.enemies_in(room))
            if not n:
                continue
            ready: list[tuple[int, int]] = []  # (moves needed, hero)
            for hid in sorted(s.heroes):
                h = s.heroes[hid]
                if h.owner != seat or h.acted:
                    continue
                if h.room == room:
                    ready.append((0, hid))
                elif not h.moved and room in s.hero_moves(hid):
                    ready.append((1, hid))
            need = -(-n // 2)
            if len(ready) < need or need < 2:
                continue  # one hero alone is the ``ai`` search's own plan
            plan: list[Action] = []
            for moves, hid in sorted(ready)[:need]:
                if moves:
                    plan.append(Move(hid, room))
                plan.append(Kill(hid))
            out.append(plan)
        return out

    def _hero_turn(self, s: InvasionState, acts: list[Action]) -> Action:
        if self._queue and self._queue[0] == (s.round, s.hero_player) and self._queue[1]:
            nxt = self._queue[1].pop(0)
            if nxt in acts:
                return nxt
        self._queue = None
        seat = s.hero_player
        choice = super()._hero_turn(s, acts)
        if isinstance(choice, EndTurn):
            t = s.clone()
            base = self._after_turn(t, seat)
        else:
            t = s.clone()
            t.apply(choice)
            base = self._after_turn(t, seat)
        best: list[Action] | None = None
        for plan in self._attacks(s):
            t = s.clone()
            try:
                for a in plan:
                    t.apply(a)
            except Exception:  # noqa: BLE001 - a plan its own steps made stale
                continue
            v = self._after_turn(t, seat)
            if v > base + 1e-9:
                base, best = v, plan
        if best is None:
            return choice
        self._queue = ((s.round, s.hero_player), best[1:])
        return best[0]


HUNT_STRONG = 6.0
HUNT_WEAK = 0.5


def make_hard(game: Game, seed: int) -> HardHeroAgent:
    return HardHeroAgent(game, seed)
