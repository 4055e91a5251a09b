"""Warigami Tactics: the game and its state (RULES.md section W).

Phases as data (see ``PHASE_ACTIONS``): every player chooses a squad in secret
(one ``Squad`` action each, W-B2 rev 2); when the last squad is in, all are
revealed and the units are placed in turn (``Place``); a roll-off decides who
moves first (W-T5).  Each turn is a movement phase (``Move``) that the first
``Attack`` ends (W-T2; a medic's ``Heal`` uses its action, not the movement, rev 3),
and an attack phase where every unit acts at most once (W-T3).  ``EndTurn`` passes to the next living player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any

from ...engine import Action, Chance, Event, Game, IllegalAction, Result, Setting, SettingsError, State
from ...msg import N_, M, Mn, Mp, Msg
from .actions import Attack, EndTurn, Heal, Move, Place, Squad, listing, squad_msg
from .board import Board, Square, centre_on_segment, load_board
from .tables import HEAL, KINDS, MAX_HP, MAX_RANGE, WEAPONS, Odds, distance, odds

SQUAD, SETUP, MOVE, ATTACK = "squad", "setup", "move", "attack"

__all__ = ["SQUAD", "SETUP", "MOVE", "ATTACK", "Attack", "EndTurn", "Heal", "Move", "Place", "Squad",
           "Unit", "Shot", "WarigamiGame", "WarigamiState", "PHASE_ACTIONS"]


PHASE_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    SQUAD: (Squad,),
    SETUP: (Place,),
    MOVE: (Move, Attack, Heal, EndTurn),
    ATTACK: (Attack, Heal, EndTurn),
}


# -- units ----------------------------------------------------------------------------

class Unit:
    """One origami soldier.  ``moved``/``acted`` reset at the start of its owner's turn."""

    __slots__ = ("id", "owner", "kind", "x", "y", "hp", "moved", "acted")

    def __init__(self, uid: int, owner: int, kind: str, x: int, y: int, hp: int = MAX_HP,
                 moved: int = 0, acted: bool = False) -> None:
        self.id, self.owner, self.kind = uid, owner, kind
        self.x, self.y, self.hp, self.moved, self.acted = x, y, hp, moved, acted

    @property
    def sq(self) -> Square:
        return (self.x, self.y)

    def copy(self) -> Unit:
        return Unit(self.id, self.owner, self.kind, self.x, self.y, self.hp, self.moved, self.acted)

    def to_json(self) -> list[Any]:
        return [self.id, self.owner, self.kind, self.x, self.y, self.hp, self.moved, self.acted]

    @classmethod
    def from_json(cls, d: list[Any]) -> Unit:
        return cls(int(d[0]), int(d[1]), str(d[2]), int(d[3]), int(d[4]), int(d[5]), int(d[6]), bool(d[7]))

    def label(self) -> Msg:
        """'Sniper #3': the unit's type and number, as the player reads it."""
        # TRANSLATORS: a unit: its type ("Sniper") and its number on the field
        return Mp("unit", "{unit} #{n}", unit=WEAPONS[self.kind].label, n=self.id)


@dataclass(frozen=True)
class Shot:
    """Everything the hover preview needs about one possible attack."""

    dist: int
    odds: Odds
    clear: bool  # line of sight
    blocker: str  # "" or what blocks the shot (a message)
    problem: str  # "" if the attack is legal now, else the refusal sentence (a message, no rule id)
    rule: str
    splash: tuple[Square, ...]


# -- the game -------------------------------------------------------------------------

class WarigamiGame(Game):
    name = "warigami"
    #: 2: squads chosen in secret then placed (W-B2 rev 2), a roll-off for the first move (W-T5).
    #: 3: RULES.md revision 3 (W-T1 no corner cutting, W-T2 a heal leaves movement open)
    rules_version = "4"  # 4: RULES.md revision 4 (W-L3: no shot between two walls that touch corner to corner)
    title = N_("Warigami Tactics")
    settings_spec = (
        Setting("level", Mp("setting", "Map"), "outpost", "level", help=M("The battlefield (levels/warigami).")),
        Setting("players", Mp("setting", "Players"), 2, "int", lo=2, hi=4),
        Setting("units", M("Units per side"), 10, "int", lo=1, hi=30, help=M("Squad size (W-B1).")),
        Setting("criticals", M("Criticals and knicks"), False, "bool", help=M("W-H4 critical/knick table.")),
        Setting("rpg_miss_splash", M("RPG misses splash too"), False, "bool", help=M("W-H6 variant.")),
        Setting("round_limit", M("Round limit (0 = none)"), 50, "int", lo=0, hi=999,
                help=M("After this many rounds the side with most HP left wins.")),
    )
    action_types = (Squad, Place, Move, Attack, Heal, EndTurn)
    #: The default map was the wall-free standard field until the Outpost (with cover) took its
    #: place: a record that names no map was played on the standard field and still replays there.
    record_defaults = {"level": "standard"}

    def __init__(self, settings: Mapping[str, Any] | None = None) -> None:
        super().__init__(settings)
        self.board: Board = load_board(self.settings["level"])
        n, units = self.settings["players"], self.settings["units"]
        zones = len(self.board.zones)
        # the map's name as its file gives it: a bundled map's name is in the catalogs (levels/warigami);
        # a name with braces is no template, so it stays plain text
        name = self.board.name
        shown: str = name if "{" in name or "}" in name else Msg(name)
        if n > zones:
            # TRANSLATORS: {map} is the map's name, {n} its start zones, {wanted} the players asked for
            raise SettingsError(Mn("The map {map} has start zones for {n} player, not {wanted}.",
                                   "The map {map} has start zones for {n} players, not {wanted}.", zones,
                                   map=shown, wanted=n))
        room = min(len(self.board.zones[i] - self.board.walls) for i in range(n))
        if units > room:
            # TRANSLATORS: {map} is the map's name, {n} the room in each start zone, {wanted} the squad size asked for
            raise SettingsError(Mn("The map {map} has room for {n} unit per side, not {wanted}.",
                                   "The map {map} has room for {n} units per side, not {wanted}.", room,
                                   map=shown, wanted=units))

    @property
    def num_players(self) -> int:
        return int(self.settings["players"])

    def new_initial_state(self, chance: Chance) -> WarigamiState:
        return WarigamiState(self, chance)


class WarigamiState(State):
    game: WarigamiGame

    def __init__(self, game: WarigamiGame, chance: Chance) -> None:
        super().__init__(game, chance)
        self.board = game.board
        n = game.num_players
        self.units: dict[int, Unit] = {}
        self.at: dict[Square, int] = {}
        self.phase = SQUAD
        self.player = 0
        #: W-B2: each seat's chosen squad (None until chosen; secret until every squad is in).
        self.squads: list[tuple[str, ...] | None] = [None] * n
        #: W-B2: the unit types each seat still has to place.
        self.reserve: list[list[str]] = [[] for _ in range(n)]
        self.pool = 0
        self.turns = 0  # turns played since the battle began
        self.first = 0  # W-T5: the seat that won the roll-off (the first seat of every round)
        self.round = 0  # W-T4: the round being played (1 = the first), 0 before the battle
        self.next_id = 1

    # -- queries ---------------------------------------------------------------
    @property
    def crits(self) -> bool:
        return bool(self.game.settings["criticals"])

    def alive_players(self) -> list[int]:
        return sorted({u.owner for u in self.units.values()})

    @property
    def to_place(self) -> list[int]:
        """Units each seat still has to place (W-B2)."""
        return [len(r) for r in self.reserve]

    def hidden_for_seat(self) -> bool:
        """W-B2 (rev 2): while squads are chosen, a chosen squad is a secret the next seat must not see."""
        return self.phase == SQUAD and any(q is not None for q in self.squads)

    def units_of(self, seat: int) -> list[Unit]:
        return [u for u in self.units.values() if u.owner == seat]

    def unit_at(self, sq: Square) -> Unit | None:
        uid = self.at.get(sq)
        return None if uid is None else self.units[uid]

    def hp_total(self, seat: int) -> int:
        return sum(u.hp for u in self.units.values() if u.owner == seat)

    def move_budget(self, u: Unit) -> int:
        """Spaces this unit may still move now: the shared pool, and the RPG's own limit."""
        w = WEAPONS[u.kind]
        budget = self.pool
        if w.move_limit is not None:
            budget = min(budget, w.move_limit - u.moved)
        return max(0, budget)

    def reachable(self, uid: int, limit: int | None = None) -> dict[Square, int]:
        """Every empty square the unit can reach this turn with its cost in spaces (W-T1).

        Steps may be diagonal (cost 2, W-D1); own units may be passed but not
        stopped on; enemies and walls cannot be entered, and (rev 3) a diagonal step
        needs one of the two squares it goes round free of walls and enemies.  ``limit``
        caps the search further (the computer players look only a few squares away).
        """
        return self._dijkstra(self.units[uid], limit)[0]

    def path_to(self, uid: int, dest: Square) -> list[Square]:
        """The cheapest path (squares from start to ``dest``), [] if unreachable."""
        costs, parent = self._dijkstra(self.units[uid])
        if dest not in costs:
            return []
        path = [dest]
        while path[-1] in parent:
            path.append(parent[path[-1]])
        return path[::-1]

    def _dijkstra(self, u: Unit, limit: int | None = None) -> tuple[dict[Square, int], dict[Square, Square]]:
        """Cheapest costs from the unit's square, and each square's parent on a cheapest path.

        One search answers every question asked of the same position (the move's check, its
        path, the legal moves, the board's reach): it is kept by what it depends on (start,
        budget, the squares taken and which are enemies), so a changed position never reads an
        old answer.  A path needs no search of its own: a square's parent is set once, when its
        cheapest cost is first found, so the whole search gives the same path as one stopped there."""
        budget = self.move_budget(u) if limit is None else min(limit, self.move_budget(u))
        at, units, owner = self.at, self.units, u.owner
        enemy = frozenset(sq for sq, uid in at.items() if units[uid].owner != owner)
        key = (u.sq, budget, enemy, frozenset(at))
        cache: dict[Any, tuple[dict[Square, int], dict[Square, Square]]] | None = self.__dict__.get("_searches")
        if cache is None:
            cache = self._searches = {}
        found = cache.get(key)
        if found is None:
            if len(cache) >= 64:
                cache.clear()
            found = cache[key] = self._search(u.sq, budget, enemy, at)
        return dict(found[0]), found[1]

    def _search(self, start: Square, budget: int, enemy: frozenset[Square],
                at: dict[Square, int]) -> tuple[dict[Square, int], dict[Square, Square]]:
        """Dial's buckets (step costs are 1 or 2): own units may be passed but not stopped on;
        enemies and walls cannot be entered, and (W-T1, rev 3) a diagonal step needs one of the
        two squares it goes round free of walls and enemies (the board's adjacency already drops
        a diagonal between two walls)."""
        best = {start: 0}
        parent: dict[Square, Square] = {}
        adj = self.board.adjacency
        blocked = enemy | self.board.walls if enemy else frozenset()
        buckets: list[list[Square]] = [[start]] + [[] for _ in range(budget)]
        big = 1 << 30
        get = best.get
        for c in range(budget + 1):
            for sq in buckets[c]:
                if best[sq] != c:
                    continue
                x, y = sq
                for nsq, step in adj[sq]:
                    nc = c + step
                    if nc > budget or nsq in enemy:
                        continue
                    if step == 2 and blocked and (nsq[0], y) in blocked and (x, nsq[1]) in blocked:
                        continue
                    if nc < get(nsq, big):
                        best[nsq] = nc
                        parent[nsq] = sq
                        buckets[nc].append(nsq)
        return {k: v for k, v in best.items() if k not in at}, parent

    def los_blocker(self, shooter: Unit, a: Square, b: Square) -> str:
        """W-L1..W-L3: "" if the shot a->b is clear, else what blocks it (a message: "the wall at
        3,4", "the walls at 3,4 and 4,5", "SMG #2")."""
        walls = self.board.blocking_walls(a, b)
        if len(walls) == 2:  # rev 4: a diagonal line of walls stops shots as it stops units (W-T1)
            (x0, y0), (x1, y1) = walls
            return M("the walls at {x0},{y0} and {x1},{y1}", x0=x0, y0=y0, x1=x1, y1=y1)
        if walls:
            return M("the wall at {x},{y}", x=walls[0][0], y=walls[0][1])
        through = WEAPONS[shooter.kind].through_friends
        ax, ay = a
        bx, by = b
        lx, hx = (ax, bx) if ax <= bx else (bx, ax)
        ly, hy = (ay, by) if ay <= by else (by, ay)
        for u in self.units.values():
            if u is shooter:
                continue
            ux, uy = u.x, u.y
            if lx <= ux <= hx and ly <= uy <= hy and centre_on_segment(a, b, (ux, uy)):
                if through and u.owner == shooter.owner:
                    continue
                return u.label()
        return ""

    def splash_squares(self, target: Square) -> tuple[Square, ...]:
        """W-H6: the 8 squares around the target (on the board)."""
        x, y = target
        return tuple((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                     if (dx or dy) and self.board.inside((x + dx, y + dy)))

    def shot(self, uid: int, target: int, from_sq: Square | None = None) -> Shot:
        """What an attack by ``uid`` on ``target`` would be (from ``from_sq`` if given)."""
        u, t = self.units[uid], self.units[target]
        a = from_sq if from_sq is not None else u.sq
        d = distance(a, t.sq)
        w = WEAPONS[u.kind]
        od = odds(u.kind, d, self.crits)
        blocker = self.los_blocker(u, a, t.sq) if d > 0 else ""
        problem: str = ""
        rule = ""
        if t.owner == u.owner:
            problem, rule = M("Attack an enemy unit, not your own."), "W-T3"
        elif d < w.min_range:
            # TRANSLATORS: {unit} is a unit type ("Sniper"), {d} the distance in spaces, {least} the least it fires at
            problem, rule = M("The {unit} cannot fire at distance {d}; it needs {least} or more.",
                              unit=w.label, d=d, least=w.min_range), "W-H2"
        elif w.straight_only and a[0] != t.x and a[1] != t.y:
            problem, rule = M("The {unit} fires only along its row or column.", unit=w.label), "W-H2"
        elif od.s == 0:
            problem, rule = M("At distance {d} the {unit} has no chance (0:6).", d=d, unit=w.label), "W-H2"
        elif blocker:
            walls = self.board.blocking_walls(a, t.sq)
            rule = "W-L3" if walls else "W-L2"
            if len(walls) == 2:
                (x0, y0), (x1, y1) = walls
                # TRANSLATORS: two wall squares (x,y) whose corners touch on the line of fire
                problem = M("No clear shot: the walls at {x0},{y0} and {x1},{y1} touch corner to corner on the line.",
                            x0=x0, y0=y0, x1=x1, y1=y1)
            else:
                # TRANSLATORS: {blocker} is what blocks the line: "the wall at 3,4" or a unit ("SMG #2")
                problem = M("No clear shot: {blocker} is in the way.", blocker=blocker)
        splash = self.splash_squares(t.sq) if w.splash else ()
        return Shot(d, od, not blocker, blocker, problem, rule, splash)

    # -- engine interface ---------------------------------------------------------
    def current_player(self) -> int:
        return -1 if self.is_over() else self.player

    def legal_actions(self) -> list[Action]:
        if self.is_over():
            return []
        if self.phase == SQUAD:
            n = int(self.game.settings["units"])
            return [Squad(tuple(c)) for c in combinations_with_replacement(KINDS, n)]
        if self.phase == SETUP:
            zone = self.board.zones[self.player]
            free = sorted(sq for sq in zone if sq not in self.at and sq not in self.board.walls)
            kinds = [k for k in KINDS if k in self.reserve[self.player]]
            return [Place(k, x, y) for k in kinds for (x, y) in free]
        acts: list[Action] = []
        for u in self.units_of(self.player):
            acts.extend(self.unit_actions(u))
        acts.append(EndTurn())
        return acts

    def unit_actions(self, u: Unit) -> list[Action]:
        """Every legal action of one own unit: moves (in the movement phase), attacks, heals."""
        acts: list[Action] = []
        if self.phase == MOVE:
            acts.extend(Move(u.id, x, y) for (x, y) in sorted(self.reachable(u.id)))
        if u.acted:
            return acts
        w = WEAPONS[u.kind]
        reach = MAX_RANGE[u.kind]
        for t in self.units.values():
            if t.owner == u.owner or distance(u.sq, t.sq) > reach:
                continue
            if w.straight_only and u.x != t.x and u.y != t.y:
                continue
            if not self.shot(u.id, t.id).problem:
                acts.append(Attack(u.id, t.id))
        if w.heals:
            for t in self.units_of(u.owner):
                if self._heal_problem(u, t) == ("", ""):
                    acts.append(Heal(u.id, t.id))
        return acts

    def random_action(self, rng: Chance) -> Action:
        """Random play: pick one of your units or "end turn" uniformly, then one of that unit's actions.

        (Uniform over all legal actions would need every unit's reachable set each
        step, and would almost never end a turn while the pool lasts.)
        """
        if self.phase == SQUAD:  # any mix (W-B2); legal_actions would list a thousand squads
            n = int(self.game.settings["units"])
            return Squad(tuple(sorted((rng.choice(KINDS) for _ in range(n)), key=KINDS.index)))
        if self.phase == SETUP:
            return rng.choice(self.legal_actions())
        sources: list[Unit | None] = [*self.units_of(self.player), None]
        while True:
            i = rng.randint(0, len(sources) - 1)
            src = sources[i]
            if src is None:
                return EndTurn()
            acts = self.unit_actions(src)
            if acts:
                return rng.choice(acts)
            sources.pop(i)

    def _own_unit(self, uid: int, rule: str) -> Unit:
        u = self.units.get(uid)
        if u is None:
            raise IllegalAction(rule, M("There is no unit #{n} on the field.", n=uid))
        if u.owner != self.player:
            raise IllegalAction(rule, M("{unit} is not yours.", unit=u.label()))
        return u

    def _heal_problem(self, u: Unit, t: Unit) -> tuple[str, str]:
        if not WEAPONS[u.kind].heals:
            # TRANSLATORS: {unit} is a unit ("SMG #2"), {kind} its type ("SMG")
            return "W-H5", M("Only a medic can heal; {unit} is a {kind}.", unit=u.label(), kind=WEAPONS[u.kind].label)
        if t.owner != u.owner or t.id == u.id:
            return "W-H5", M("A medic heals another unit of its own side.")
        if distance(u.sq, t.sq) != 1:
            return "W-H5", M("{unit} is not adjacent to the medic.", unit=t.label())
        if t.hp >= MAX_HP:
            return "W-H5", M("{unit} already has {hp} HP.", unit=t.label(), hp=MAX_HP)
        return "", ""

    def check(self, action: Action) -> None:
        allowed = PHASE_ACTIONS[self.phase]
        if not isinstance(action, allowed):
            if self.phase == SQUAD:
                raise IllegalAction("W-B2", M("Choose your squad first."))
            if self.phase == SETUP:
                raise IllegalAction("W-B2", M("Place your squad first: put your units in your start zone."))
            if isinstance(action, (Squad, Place)):
                raise IllegalAction("W-B2", M("Squads are fixed once the battle has begun."))
            if isinstance(action, Move):
                raise IllegalAction("W-T2", M("Movement is over for this turn: the first attack ended it."))
            # TRANSLATORS: {action} is the name of a kind of action in the program (not translated)
            raise IllegalAction("W-T1", M("{action} is not a Warigami action.", action=type(action).__name__))
        if isinstance(action, Squad):
            n = int(self.game.settings["units"])
            bad = [k for k in action.kinds if k not in WEAPONS]
            if bad:
                # TRANSLATORS: {kind} is what was asked for, {kinds} the unit types' names in the notation (not translated)
                raise IllegalAction("W-B2", M("There is no unit type {kind}; pick from {kinds}.",
                                              kind=repr(bad[0]), kinds=", ".join(KINDS)))
            if len(action.kinds) != n:
                raise IllegalAction("W-B2", Mn("A squad has {n} unit, not {got}.", "A squad has {n} units, not {got}.",
                                               n, got=len(action.kinds)))
        elif isinstance(action, Place):
            if action.kind not in WEAPONS:
                # TRANSLATORS: {kind} is what was asked for, {kinds} the unit types' names in the notation (not translated)
                raise IllegalAction("W-B2", M("There is no unit type {kind}; pick one of {kinds}.",
                                              kind=repr(action.kind), kinds=", ".join(KINDS)))
            if action.kind not in self.reserve[self.player]:
                # TRANSLATORS: {unit} is a unit type ("Sniper"); {left} lists what is left ("3 SMG, 1 RPG")
                raise IllegalAction("W-B2", M("Your squad has no {unit} left to place (left: {left}).",
                                              unit=WEAPONS[action.kind].label, left=squad_msg(self.reserve[self.player])))
            sq = (action.x, action.y)
            if self.board.zone_of(sq) != self.player or sq in self.board.walls:
                raise IllegalAction("W-B2", M("Place your units on open squares of your own start zone."))
            if sq in self.at:
                raise IllegalAction("W-B2", M("That square already holds a unit."))
        elif isinstance(action, Move):
            u = self._own_unit(action.unit, "W-T1")
            dest = (action.x, action.y)
            if not self.board.inside(dest):
                raise IllegalAction("W-T1", M("That square is off the map."))
            if dest in self.board.walls:
                raise IllegalAction("W-B4", M("Units cannot enter a wall."))
            if dest in self.at:
                raise IllegalAction("W-T1", M("That square is occupied."))
            if dest not in self.reachable(u.id):
                w = WEAPONS[u.kind]
                if w.move_limit is not None and self.move_budget(u) < self.pool:
                    # TRANSLATORS: {unit} is a unit type ("RPG"), {n} its spaces a turn, {left} the spaces it has left
                    raise IllegalAction("W-H2", Mn("The {unit} moves at most {n} space a turn ({left} left).",
                                                   "The {unit} moves at most {n} spaces a turn ({left} left).",
                                                   w.move_limit, unit=w.label, left=w.move_limit - u.moved))
                # TRANSLATORS: {unit} is a unit ("SMG #2"), {n} the spaces left in the side's movement pool
                raise IllegalAction("W-T1", Mn("{unit} cannot get there with {n} space left in the pool (a diagonal "
                                               "step costs 2 and cannot cut between two walls or enemies that touch "
                                               "at a corner).",
                                               "{unit} cannot get there with {n} spaces left in the pool (a diagonal "
                                               "step costs 2 and cannot cut between two walls or enemies that touch "
                                               "at a corner).", self.pool, unit=u.label()))
        elif isinstance(action, Attack):
            u = self._own_unit(action.unit, "W-T3")
            if u.acted:
                raise IllegalAction("W-T3", M("{unit} has already acted this turn.", unit=u.label()))
            if action.target not in self.units:
                raise IllegalAction("W-T3", M("There is no unit #{n} on the field.", n=action.target))
            sh = self.shot(u.id, action.target)
            if sh.problem:
                raise IllegalAction(sh.rule, sh.problem)
        elif isinstance(action, Heal):
            u = self._own_unit(action.unit, "W-H5")
            if u.acted:
                raise IllegalAction("W-T3", M("{unit} has already acted this turn.", unit=u.label()))
            t = self.units.get(action.target)
            if t is None:
                raise IllegalAction("W-H5", M("There is no unit #{n} on the field.", n=action.target))
            rule, msg = self._heal_problem(u, t)
            if msg:
                raise IllegalAction(rule, msg)

    def _apply(self, action: Action) -> list[Event]:
        if isinstance(action, Squad):
            return self._squad(action)
        if isinstance(action, Place):
            return self._place(action)
        if isinstance(action, Move):
            return self._move(action)
        if isinstance(action, Attack):
            return self._attack(action)
        if isinstance(action, Heal):
            return self._heal(action)
        return self._end_turn()

    def _next_seat(self, wanted: Any) -> int | None:
        """The next seat after the current one (clockwise) for which ``wanted(seat)`` holds."""
        n = self.game.num_players
        for k in range(1, n + 1):
            nxt = (self.player + k) % n
            if wanted(nxt):
                return nxt
        return None

    def _squad(self, a: Squad) -> list[Event]:
        me = self.player
        self.squads[me] = tuple(sorted(a.kinds, key=KINDS.index))
        nxt = self._next_seat(lambda i: self.squads[i] is None)
        if nxt is not None:  # still secret: the sentence says only that a squad was chosen
            self.player = nxt
            return [Event("squad", M("{who} has chosen a squad in secret.", who=self.game.player_name(me)),
                          {"seat": me})]
        # W-B2 (rev 2): the last squad is in; all are revealed together, then placed in turn from seat 1.
        chosen = [q or () for q in self.squads]
        self.reserve = [list(q) for q in chosen]
        self.phase, self.player = SETUP, 0
        # One flat list of "name: squad" pairs (a list of lists would nest too deep for the network).
        template = "; ".join(f"{{who{i}}}: {{squad{i}}}" for i in range(len(chosen)))
        args: dict[str, str] = {}
        for i, q in enumerate(chosen):
            args[f"who{i}"], args[f"squad{i}"] = self.game.player_name(i), squad_msg(q)
        pairs = M(template, **args)
        # TRANSLATORS: {squads} lists each player's squad: "Player 1: 3 SMG, 1 RPG; Player 2: 4 Sniper"
        return [Event("squads", M("Squads revealed: {squads}.", squads=pairs), {"squads": tuple(chosen)})]

    def _place(self, a: Place) -> list[Event]:
        u = Unit(self.next_id, self.player, a.kind, a.x, a.y)
        self.next_id += 1
        self.units[u.id] = u
        self.at[u.sq] = u.id
        self.reserve[self.player].remove(a.kind)
        # TRANSLATORS: {who} is a player, {unit} a unit ("SMG #2"), {x},{y} the square
        events = [Event("recruit", M("{who} places {unit} at {x},{y}.", who=self.game.player_name(self.player),
                                     unit=u.label(), x=a.x, y=a.y),
                        {"unit": u.id, "kind": a.kind, "to": u.sq, "seat": self.player})]
        nxt = self._next_seat(lambda i: bool(self.reserve[i]))
        if nxt is not None:
            self.player = nxt
            return events
        events.extend(self._roll_off())
        return events

    def _roll_off(self) -> list[Event]:
        """W-T5 (rev 2): every player rolls a die; the highest moves first, ties roll again."""
        names = self.game.player_name
        rolling = self.alive_players()
        parts: dict[str, Msg] = {}
        template = ""  # "{p0}, {p1}; {p2}, {p3}": rolls of one round, then each tie's rolls again
        faces: list[int] = []
        while len(rolling) > 1:
            rolls = {i: self.chance.die() for i in rolling}
            faces.extend(rolls.values())
            for k, (i, f) in enumerate(rolls.items()):
                key = f"p{len(parts)}"
                if parts and k == 0:  # a tie rolled again
                    # TRANSLATORS: a player's roll after a tie: "then Player 1 rolls 5"
                    parts[key] = M("then {who} rolls {face}", who=names(i), face=f)
                    template += f"; {{{key}}}"
                else:
                    parts[key] = M("{who} rolls {face}", who=names(i), face=f)
                    template += f", {{{key}}}" if k else f"{{{key}}}"
            top = max(rolls.values())
            rolling = [i for i in rolling if rolls[i] == top]
        self.first = rolling[0] if rolling else 0
        self.player = self.first
        self.round = 1
        self._start_turn()
        said = M(template, **parts)
        # TRANSLATORS: {rolls} lists the players' rolls ("Player 1 rolls 4, Player 2 rolls 2"), {who} a player
        text = M("All squads are placed. Roll-off for the first move: {rolls}. {who} moves first. The battle begins!",
                 rolls=said, who=names(self.first))
        return [Event("battle", text, {"seat": self.first, "rolls": tuple(faces)}),
                Event("roll", "", {"dice": tuple(faces)})]  # no text: the play scene rattles the dice

    def _start_turn(self) -> None:
        mine = self.units_of(self.player)
        for u in mine:
            u.moved, u.acted = 0, False
        self.pool = 2 * len(mine)  # W-T1
        self.phase = MOVE

    def _move(self, a: Move) -> list[Event]:
        u = self.units[a.unit]
        path = self.path_to(u.id, (a.x, a.y))
        cost = sum(1 if (p[0] == q[0] or p[1] == q[1]) else 2 for p, q in zip(path, path[1:], strict=False))
        del self.at[u.sq]
        u.x, u.y = a.x, a.y
        self.at[u.sq] = u.id
        u.moved += cost
        self.pool -= cost
        # TRANSLATORS: {unit} is a unit ("SMG #2"), {x},{y} a square, {n} the spaces the move cost, {pool} the spaces left
        text = Mn("{unit} moves to {x},{y} ({n} space, {pool} left in the pool).",
                  "{unit} moves to {x},{y} ({n} spaces, {pool} left in the pool).", cost,
                  unit=u.label(), x=a.x, y=a.y, pool=self.pool)
        return [Event("move", text, {"unit": u.id, "path": tuple(path), "cost": cost, "pool": self.pool})]

    def _damage(self, t: Unit, amount: int, killed: list[int]) -> None:
        t.hp -= amount
        if t.hp <= 0 and t.id not in killed:  # W-B3
            killed.append(t.id)

    def _attack(self, a: Attack) -> list[Event]:
        u, t = self.units[a.unit], self.units[a.target]
        sh = self.shot(u.id, t.id)
        face = self.chance.die()
        out = sh.odds.outcomes[face - 1]
        dmg = sh.odds.damage[face - 1]
        u.acted = True
        self.phase = ATTACK  # W-T2
        killed: list[int] = []
        hits: list[tuple[int, int]] = []
        if dmg:
            self._damage(t, dmg, killed)
            hits.append((t.id, dmg))
        w = WEAPONS[u.kind]
        splashed: list[tuple[int, int]] = []
        if w.splash and (out != "miss" or self.game.settings["rpg_miss_splash"]):
            for sq in sh.splash:  # W-H6: friend or foe
                v = self.unit_at(sq)
                if v is not None:
                    self._damage(v, w.splash, killed)
                    splashed.append((v.id, w.splash))
        sentences = [self._shot_sentence(u, t, face, sh, out, dmg)]
        if splashed:
            hit: list[Msg] = []
            for i, d in splashed:
                # TRANSLATORS: a unit an RPG's blast hit ({unit} is its type, {n} its number) and the damage it took
                hit.append(Mp("splash", "{unit} #{n} -{d}", unit=WEAPONS[self.units[i].kind].label, n=i, d=d))
            # TRANSLATORS: {units} lists the units the blast hit: "SMG #2 -5, Medic #4 -5"
            sentences.append(M("Splash: {units}.", units=listing(hit)))
        names = [self.units[i].label() for i in killed]
        for i in killed:
            dead = self.units.pop(i)
            del self.at[dead.sq]
        if names:
            # TRANSLATORS: {units} lists the destroyed units: "SMG #2, Medic #4"
            sentences.append(M("Destroyed: {units}.", units=listing(names)))
        text = listing(sentences, " ")
        events = [Event("attack", text, {"unit": u.id, "target": t.id, "from": u.sq, "to": t.sq, "face": face,
                                         "s": sh.odds.s, "outcome": out, "damage": dmg, "hits": tuple(hits),
                                         "splash": tuple(splashed), "splash_squares": sh.splash if splashed or (
                                             w.splash and out != "miss") else (),
                                         "killed": tuple(killed)}),
                  # No text (not logged): the kind the play scene rattles the dice for.
                  Event("roll", "", {"dice": (face,)})]
        events.extend(self._check_end())
        return events

    @staticmethod
    def _shot_sentence(u: Unit, t: Unit, face: int, sh: Shot, out: str, dmg: int) -> Msg:
        """'SMG #1 rolls 5 (4:6 at 3) and hits Sniper #4 for 2.': one sentence per outcome."""
        unit, target, s, d = u.label(), t.label(), sh.odds.s, sh.dist
        if out == "miss":
            # TRANSLATORS: {unit} shoots at {target} (units: "SMG #2"); {face} is the die, {s}:6 its odds at
            # distance {d}, {dmg} the damage.  The following sentences are alike.
            return M("{unit} rolls {face} ({s}:6 at {d}) and misses {target}.",
                     unit=unit, face=face, s=s, d=d, target=target)
        if out == "knick" and dmg:
            return M("{unit} rolls {face} ({s}:6 at {d}) and knicks {target} for {dmg}.",
                     unit=unit, face=face, s=s, d=d, target=target, dmg=dmg)
        if out == "knick":
            return M("{unit} rolls {face} ({s}:6 at {d}) and knicks {target}.",
                     unit=unit, face=face, s=s, d=d, target=target)
        if out == "critical" and dmg:
            return M("{unit} rolls {face} ({s}:6 at {d}) and CRITICAL hit on {target} for {dmg}.",
                     unit=unit, face=face, s=s, d=d, target=target, dmg=dmg)
        if out == "critical":
            return M("{unit} rolls {face} ({s}:6 at {d}) and CRITICAL hit on {target}.",
                     unit=unit, face=face, s=s, d=d, target=target)
        if dmg:  # "hit" (no criticals) or "base"
            return M("{unit} rolls {face} ({s}:6 at {d}) and hits {target} for {dmg}.",
                     unit=unit, face=face, s=s, d=d, target=target, dmg=dmg)
        return M("{unit} rolls {face} ({s}:6 at {d}) and hits {target}.",
                 unit=unit, face=face, s=s, d=d, target=target)

    def _heal(self, a: Heal) -> list[Event]:
        u, t = self.units[a.unit], self.units[a.target]
        before = t.hp
        t.hp = min(MAX_HP, t.hp + HEAL)  # W-H5: never above 10
        u.acted = True  # W-T2 (rev 3): a heal is no attack, movement stays open
        # TRANSLATORS: {unit} (a medic) heals {target}; {before} and {hp} are the target's hit points
        return [Event("heal", M("{unit} heals {target}: {before} -> {hp} HP.", unit=u.label(), target=t.label(),
                                before=before, hp=t.hp),
                      {"unit": u.id, "target": t.id, "hp": t.hp})]

    def _end_turn(self) -> list[Event]:
        who = self.game.player_name(self.player)
        self.turns += 1
        alive = self.alive_players()
        n = self.game.num_players
        before = (self.player - self.first) % n
        nxt = self._next_seat(lambda i: i in alive)
        if nxt is not None:
            if (nxt - self.first) % n <= before:  # the turn passed the first mover's seat: a new round
                self.round += 1
            self.player = nxt
        self._start_turn()
        events = [Event("end_turn", M("{who} ends the turn.", who=who), {"next": self.player})]
        events.extend(self._check_end())
        return events

    def _check_end(self) -> list[Event]:
        if self.is_over():
            res = self.result()
            return [Event("game_over", res.text if res else M("Game over."), {})]
        return []

    def round_limit_reached(self) -> bool:
        limit = int(self.game.settings["round_limit"])
        return limit > 0 and self.round > limit

    def is_over(self) -> bool:
        if self.phase in (SQUAD, SETUP):
            return False
        return len(self.alive_players()) <= 1 or self.round_limit_reached()

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        n = self.game.num_players
        scores = tuple(float(self.hp_total(i)) for i in range(n))
        alive = self.alive_players()
        if not alive:
            return Result((), M("Every unit is gone: a draw."), scores)
        if len(alive) == 1:  # W-T4
            w = alive[0]
            return Result((w,), M("{who} wins: every enemy unit is gone.", who=self.game.player_name(w)), scores)
        best = max(scores)
        winners = tuple(i for i in alive if scores[i] == best)
        if len(winners) == len(alive):
            # TRANSLATORS: {hp} is the hit points each side has left
            return Result((), M("Round limit reached with equal HP: a draw ({hp} each).", hp=int(best)), scores)
        names = [self.game.player_name(i) for i in winners]
        if len(names) == 1:
            return Result(winners, M("Round limit reached: {who} wins with {hp} HP left.", who=names[0], hp=int(best)),
                          scores)
        if len(names) == 2:
            # TRANSLATORS: two players who share the win
            who = M("{a} and {b}", a=names[0], b=names[1])
        else:  # three of four players tie for the most HP
            # TRANSLATORS: three players who share the win
            who = M("{a}, {b} and {c}", a=names[0], b=names[1], c=names[2])
        # TRANSLATORS: {who} names the winners ("Player 1 and Player 2"), {hp} the hit points each has left
        return Result(winners, M("Round limit reached: {who} win with {hp} HP left.", who=who, hp=int(best)), scores)

    def status(self) -> str:
        if self.is_over():
            return super().status()
        name = self.game.player_name(self.player)
        if self.phase == SQUAD:
            # TRANSLATORS: {who} is the player to choose, {n} the squad's size
            return Mn("{who}: choose your squad in secret ({n} unit).",
                      "{who}: choose your squad in secret ({n} units).", int(self.game.settings["units"]), who=name)
        if self.phase == SETUP:
            # TRANSLATORS: {n} is how many of the player's units are still to be placed
            return M("{who}: place a unit in your start zone ({n} to go).", who=name, n=self.to_place[self.player])
        if self.phase == MOVE:
            # TRANSLATORS: {pool} is the spaces left in the side's movement pool
            return M("{who}: move (pool {pool}) or attack.", who=name, pool=self.pool)
        return M("{who}: attack or heal with units that have not acted, then end the turn.", who=name)

    # -- persistence ----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"phase": self.phase, "player": self.player, "pool": self.pool,
                "squads": [None if q is None else list(q) for q in self.squads],
                "reserve": [list(r) for r in self.reserve], "first": self.first, "round": self.round,
                "turns": self.turns, "next_id": self.next_id,
                "units": [u.to_json() for u in self.units.values()], "chance": self.chance.to_json()}

    @classmethod
    def from_json(cls, game: Game, data: Mapping[str, Any]) -> WarigamiState:
        assert isinstance(game, WarigamiGame)
        s = cls(game, Chance.from_json(data["chance"]))
        s.phase = str(data["phase"])
        s.player = int(data["player"])
        s.squads = [None if q is None else tuple(str(k) for k in q) for q in data["squads"]]
        s.reserve = [[str(k) for k in r] for r in data["reserve"]]
        s.first = int(data["first"])
        s.round = int(data["round"])
        s.pool = int(data["pool"])
        s.turns = int(data["turns"])
        s.next_id = int(data["next_id"])
        for raw in data["units"]:
            u = Unit.from_json(raw)
            s.units[u.id] = u
            s.at[u.sq] = u.id
        return s

    def view(self, seat: int | None) -> dict[str, Any]:  # what a seat may know: seatview.py
        from .seatview import view

        return view(self, seat)

    @classmethod
    def from_view(cls, game: Game, view: Mapping[str, Any], seed: int) -> WarigamiState:  # seatview.py
        from .seatview import from_view

        return from_view(cls, game, view, seed)  # type: ignore[no-any-return]

    def clone(self) -> WarigamiState:
        s = WarigamiState.__new__(WarigamiState)
        s.game, s.chance, s.board = self.game, self.chance.copy(), self.board
        s.units = {i: u.copy() for i, u in self.units.items()}
        s.at = dict(self.at)
        s.phase, s.player = self.phase, self.player
        s.squads, s.reserve = list(self.squads), [list(r) for r in self.reserve]
        s.first, s.round = self.first, self.round
        s.pool, s.turns, s.next_id = self.pool, self.turns, self.next_id
        return s
