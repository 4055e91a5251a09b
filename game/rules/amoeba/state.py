"""Amoeba Strategy (RULES.md section A): draw a map together, place troops under the
uniqueness rule, then attack and move until one side (or a few) remain.

Phases as data: ``PHASE_ACTIONS`` says which actions each phase takes; what ends a
phase is in ``_after_place`` (placement -> movement) and ``_end_turn`` (movement ->
over).  Once the map is done everything is pure-graph code on the cached adjacency.

Discretisation of ``legal_actions`` for moves (``check`` accepts ANY legal split):
for each own country and each allowed neighbour, moving 1, half, all-but-one and all
troops; plus, where there are several allowed neighbours, an even split over all of
them.  Gathering (A-V6) lists "everything adjacent into this empty country".  Joint
attacks (A-V7) list one proposal per single partner and one with every possible
partner.  Follow-ups (A-V1/A-V2) list "all troops" of each attacking country and,
with A-V2, "all troops of every attacking country".
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ...engine import Action, Chance, Event, Game, IllegalAction, Result, Setting, SettingsError, State
from ...msg import M, Mn, Mp, Msg
from .actions import (
    ALL_ACTIONS,
    AnswerJoint,
    Attack,
    DrawCountry,
    FinishMap,
    Gather,
    Move,
    Place,
    Point,
    ProposeJoint,
)
from .geometry import AmoebaMap, MapRefusal, generate_map, load_map
from .words import and_list, comma_list, revealed, say, semi_list

MAP_SOURCES = ("generated", "level", "draw")
FOLLOW_CHOICES = ("off", "one", "every")
FLEE_CHOICES = ("all", "half")

PHASE_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "map": (DrawCountry, FinishMap),
    "place": (Place,),
    "move": (Attack, Move, Gather, ProposeJoint, Point),
    "joint": (AnswerJoint,),
    "detail": (Attack, Move, Gather),
    "over": (),
}


class AmoebaGame(Game):
    """Rules and settings; a loaded or generated map is made here or in the initial state."""

    name = "amoeba"
    # the game named in sentences (a record, a setting refused); the menu and the margin use the
    # ruleset's title, which a language may keep shorter
    title = Mp("full title", "Amoeba Strategy")
    rules_version = "3"
    action_types = ALL_ACTIONS
    hidden_information = False
    settings_spec = (
        Setting("players", Mp("setting", "Players"), 2, "int", lo=2, hi=6),
        Setting("map", Mp("setting", "Map"), "generated", "choice", MAP_SOURCES,
                help=M("generated: grow a random amoeba; saved map: the one below; drawn together: the players "
                       "draw it country by country (A-M2)."),
                names=(Mp("map source", "generated"), Mp("map source", "saved map"),
                       Mp("map source", "drawn together"))),
        Setting("level", Mp("setting", "Saved map"), "three_twenty", "level", help=M("The saved map played (A-M4)."),
                shown_when=("map", ("level",))),
        Setting("countries", Mp("setting", "Countries"), 0, "choice", (0, *range(4, 49)),
                help=M("Size of a generated map, or when drawing the map ends by itself (A-M3). "
                       "Default: 7 per player, at least 14."),
                names=(M("7 per player"), *(str(n) for n in range(4, 49))),
                shown_when=("map", ("generated", "draw"))),
        Setting("troops", Mp("setting", "Troops each"), 100, "int", lo=20, hi=200,
                help=M("A-P1: troops each player places.")),
        Setting("cap", Mp("setting", "Starting cap"), 25, "int", lo=5, hi=40,
                help=M("A-P3: most troops in one placement.")),
        Setting("stalemate_rounds", Mp("setting", "Stalemate rounds"), 20, "int", lo=3, hi=200,
                help=M("A-G4 decision: this many rounds without an attack end the game; most troops wins.")),
        Setting("winners", Mp("setting", "Winners (A-G6)"), 0, "choice", (0, 1, 2, 3, 4, 5),
                help=M("A-G6: with more than two players, two winners are recommended (the default: "
                       "2 with 3 or more players, 1 with two)."),
                names=(M("2 (1 with two players)"), "1", "2", "3", "4", "5")),
        Setting("one_army_end", Mp("setting", "One-army end (A-G5)"), False, "bool",
                help=M("A-G5: the largest army wins as soon as every player has exactly one.")),
        Setting("follow_up", Mp("setting", "Follow-up (A-V1/V2)"), "off", "choice", FOLLOW_CHOICES,
                help=M("After a won attack, troops may move into the emptied country: 'one' lets the troops "
                       "of one attacking country follow, 'every' those of every attacking country "
                       "(the original rules warn that this makes attacks too strong)."),
                names=(Mp("follow-up", "off"), Mp("follow-up", "one"), Mp("follow-up", "every"))),
        Setting("attack_bonus", Mp("setting", "Attack bonus (A-V3)"), 0, "int", lo=0, hi=5,
                help=M("A-V3: each attacking country adds this to the attacking sum (0 = off).")),
        Setting("partial_kill", Mp("setting", "Partial kill k (A-V4)"), 0, "int", lo=0, hi=5,
                help=M("An attack kills at most half the defending troops (rounded down) plus k, "
                       "not all of them; 0 keeps the usual rule that an attack kills them all.")),
        Setting("empty_only", Mp("setting", "Empty only (A-V5)"), False, "bool",
                help=M("Troops move only into empty countries, never into one of their own.")),
        Setting("gathering", Mp("setting", "Gathering (A-V6)"), False, "bool",
                help=M("A-V6: bring troops from several own countries into one empty country.")),
        Setting("joint_attacks", Mp("setting", "Joint attacks (A-V7)"), False, "bool",
                help=M("A-V7 (3+ players): attack together, by agreement of all partners.")),
        Setting("simultaneous", Mp("setting", "Simultaneous (A-V8)"), False, "bool",
                help=M("A-V8: everyone points at a country in secret; the points are revealed, the moves "
                       "written down, and all is resolved together.")),
        Setting("flee_loss", Mp("setting", "Fleeing loses (A-V8)"), "all", "choice", FLEE_CHOICES,
                help=M("With simultaneous turns: troops that move out of a country that is attacked in "
                       "the same turn are lost, 'all' of them or 'half' rounded up."),
                names=(Mp("fleeing loses", "all"), Mp("fleeing loses", "half"))),
    )

    def __init__(self, settings: Mapping[str, Any] | None = None) -> None:
        super().__init__(settings)
        s = self.settings
        if s["winners"] >= s["players"]:
            if s["winners"] > 1:
                raise SettingsError(Mn("With {players} players there can be at most {n} winner.",
                                       "With {players} players there can be at most {n} winners.",
                                       s["players"] - 1, players=s["players"]))
        self.level_map: AmoebaMap | None = None
        if s["map"] == "level":
            self.level_map = load_map(s["level"])
        wanted = s["winners"] or (2 if s["players"] >= 3 else 1)
        self.winners_needed = max(1, min(wanted, s["players"] - 1))

    @property
    def num_players(self) -> int:
        return int(self.settings["players"])

    @property
    def countries_wanted(self) -> int:
        """A-M3 (rev 2): the setting, or by default 7 countries per player and at least 14."""
        return int(self.settings["countries"]) or max(14, 7 * self.num_players)

    def new_initial_state(self, chance: Chance) -> AmoebaState:
        s = self.settings
        if s["map"] == "level":
            assert self.level_map is not None
            amap = self.level_map
        elif s["map"] == "generated":
            amap = generate_map(self.countries_wanted, chance.random)
        else:
            amap = AmoebaMap.starting()
        st = AmoebaState(self, chance, amap)
        if s["map"] != "draw":
            st.opening = [e.text for e in st._start_placement()]
        else:
            first = st.draw_lot()
            st.player = first
            st.opening = [M("By lot, {who} draws the first country (A-P10).", who=self.player_name(first))]
        return st


class AmoebaState(State):
    game: AmoebaGame

    def __init__(self, game: AmoebaGame, chance: Chance, amap: AmoebaMap) -> None:
        super().__init__(game, chance)
        n = game.num_players
        self.map = amap
        self.phase = "map"
        self.player = 0
        self.owner: list[int] = [-1] * amap.n
        self.troops: list[int] = [0] * amap.n
        self.remaining: list[int] = [game.settings["troops"]] * n
        self.cap: int = game.settings["cap"]
        self.runout: list[int] = []
        self.order: list[int] = []
        self.turn_idx = 0
        self.round_no = 0
        self.quiet_rounds = 0
        self.seen: set[int] = set()
        self.pending: dict[int, Action] = {}
        self.joint: dict[str, Any] | None = None
        self.joint_used = False
        self.eliminated: list[int] = []
        self.outcome: Result | None = None
        self._clip_cache: tuple[DrawCountry, Any] | None = None
        # A-V8 (rev 2): after the points are revealed, the seats still to write their troops
        # down (``detail_queue``), what they wrote (``details``) and who writes in secret.
        self.details: dict[int, Action] = {}
        self.detail_queue: list[int] = []
        self.dependent: set[int] = set()
        #: What the lot decided before the first action (A-P10), for the log.
        self.opening: list[str] = []

    def draw_lot(self) -> int:
        """A-P10 (rev 2): a seat drawn by lot from the game's generator (a die with a face per seat)."""
        return self.chance.die(self.game.num_players) - 1

    # -- small helpers ----------------------------------------------------------
    @property
    def settings(self) -> dict[str, Any]:
        return self.game.settings

    def adj(self, c: int) -> tuple[int, ...]:
        return self.map.adjacency[c]

    def total(self, p: int) -> int:
        return sum(t for o, t in zip(self.owner, self.troops, strict=False) if o == p)

    def alive(self) -> list[int]:
        seen = set(self.owner)
        return [p for p in range(self.game.num_players) if p in seen]

    def standing_counts(self) -> set[int]:
        return {t for t in self.troops if t > 0}

    def allowed_numbers(self, p: int) -> list[int]:
        """A-P3/A-P4/A-P6: the numbers ``p`` may place now."""
        standing = self.standing_counts()
        top = min(self.cap, self.remaining[p])
        return [n for n in range(1, top + 1) if n not in standing]

    def empty_countries(self) -> list[int]:
        return [c for c in range(self.map.n) if self.owner[c] < 0]

    def attack_sum(self, target: int, players: tuple[int, ...] | int) -> int:
        """A-G2 (+A-V3): troops of ``players`` in the countries adjacent to ``target``."""
        ps = (players,) if isinstance(players, int) else players
        bonus = self.settings["attack_bonus"]
        total = 0
        for c in self.map.adjacency[target]:
            if self.owner[c] in ps:
                total += self.troops[c] + bonus
        return total

    def attackers(self, target: int, p: int) -> list[int]:
        return [c for c in self.map.adjacency[target] if self.owner[c] == p]

    def kill_count(self, target: int) -> int:
        """A-G2 kills everything; A-V4 at most half (rounded down) + k."""
        t = self.troops[target]
        k = self.settings["partial_kill"]
        return min(t, t // 2 + k) if k else t

    def can_attack(self, p: int, target: int) -> bool:
        o = self.owner[target]
        return o >= 0 and o != p and self.troops[target] < self.attack_sum(target, p)

    def move_targets(self, p: int, source: int) -> list[int]:
        only_empty = self.settings["empty_only"]
        out = []
        for d in self.map.adjacency[source]:
            o = self.owner[d]
            if o < 0 or (o == p and not only_empty):
                out.append(d)
        return out

    def gather_sources(self, p: int, dest: int) -> list[int]:
        """A-V6: ``p``'s countries next to the empty country ``dest`` (a gathering needs two or
        more of them: from one country it is a move, pointed at its source in A-V8, rev 4)."""
        return [c for c in self.map.adjacency[dest] if self.owner[c] == p]

    def has_own_action(self, p: int) -> bool:
        """An attack or a move of ``p``'s own."""
        owner = self.owner
        for c in range(self.map.n):
            if owner[c] == p and self.move_targets(p, c):
                return True
        for c in range(self.map.n):
            if owner[c] >= 0 and owner[c] != p and self.can_attack(p, c):
                return True
        return False

    def has_action(self, p: int) -> bool:
        """Any action the variants in play offer (rev 4): an attack, a move, or a joint-attack
        proposal (A-V7).  A player with none passes automatically."""
        if self.has_own_action(p):
            return True
        return self._joint_allowed() and next(self._joint_proposals(p), None) is not None

    def position_key(self) -> int:
        return hash((tuple(self.owner), tuple(self.troops)))

    # -- engine interface ---------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return -1
        return self.player

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result | None:
        return self.outcome

    def hidden_for_seat(self) -> bool:
        """A-V8: while secret choices are collected (the points, then the moves written down
        where two depend on each other), the next seat must not see them."""
        if not self.settings["simultaneous"]:
            return False
        if self.phase == "move":
            return bool(self.pending)
        return self.phase == "detail" and any(q in self.dependent for q in self.details)

    def legal_actions(self) -> list[Action] | None:
        if self.phase == "over":
            return []
        if self.phase == "map":
            return None  # freehand outlines are continuous: see random_action
        p = self.player
        if self.phase == "place":
            return [Place(c, n) for c in self.empty_countries() for n in self.allowed_numbers(p)]
        if self.phase == "joint":
            return [AnswerJoint(True), AnswerJoint(False)]
        if self.phase == "detail":
            return self.detail_actions(p)
        if self.settings["simultaneous"]:
            return self.point_actions(p)
        return self._movement_actions(p)

    # -- A-V8 (rev 2): point first, write the troops down after the reveal ---------------------
    def point_actions(self, p: int) -> list[Action]:
        """The secret choices of A-V8 as the seed plays them: point at an enemy country (attack)
        or at your own (the source of a move); with A-V6 also at an empty country to gather into."""
        out: list[Action] = []
        seen: set[Action] = set()
        for a in self._movement_actions(p):
            pt = point_of(a)
            if pt not in seen:
                seen.add(pt)
                out.append(pt)
        return out

    def detail_actions(self, p: int) -> list[Action]:
        """After the reveal: the full actions that match what ``p`` pointed at."""
        pointed = self.pending.get(p)
        return [a for a in self._movement_actions(p) if point_of(a) == pointed]

    def needs_detail(self, p: int, pointed: Action) -> bool:
        """A move is written down after the reveal; an attack only when troops may follow it."""
        if isinstance(pointed, Point):
            return True
        assert isinstance(pointed, Attack)
        t = pointed.target
        return self.settings["follow_up"] != "off" and self.kill_count(t) == self.troops[t]

    def reach_of(self, p: int, pointed: Action) -> set[int]:
        """The countries ``p``'s troops may enter after pointing (follow-ups included)."""
        if isinstance(pointed, Attack):
            return {pointed.target}
        assert isinstance(pointed, Point)
        c = pointed.country
        if self.owner[c] == p:
            return set(self.move_targets(p, c))
        return {c}

    def _movement_actions(self, p: int) -> list[Action]:
        s = self.settings
        out: list[Action] = []
        n = self.map.n
        owner, troops = self.owner, self.troops
        follow = s["follow_up"]
        for t in range(n):
            if owner[t] < 0 or owner[t] == p or not self.can_attack(p, t):
                continue
            out.append(Attack(t))
            if follow != "off" and self.kill_count(t) == troops[t]:
                srcs = self.attackers(t, p)
                for c in srcs:
                    out.append(Attack(t, ((c, troops[c]),)))
                if follow == "every" and len(srcs) > 1:
                    out.append(Attack(t, tuple((c, troops[c]) for c in srcs)))
        for c in range(n):
            if owner[c] != p:
                continue
            tc = troops[c]
            dests = self.move_targets(p, c)
            for d in dests:
                for k in sorted({1, tc // 2, tc - 1, tc}):
                    if k >= 1:
                        out.append(Move(c, ((d, k),)))
            if len(dests) > 1 and tc >= len(dests):
                share, extra = divmod(tc, len(dests))
                out.append(Move(c, tuple((d, share + (1 if i < extra else 0)) for i, d in enumerate(dests))))
        if s["gathering"]:
            for d in range(n):
                if owner[d] >= 0:
                    continue
                srcs = self.gather_sources(p, d)
                if len(srcs) > 1:
                    out.append(Gather(d, tuple((c, troops[c]) for c in srcs)))
        if self._joint_allowed():
            out.extend(self._joint_proposals(p))
        return out

    def _joint_proposals(self, p: int) -> Iterator[ProposeJoint]:
        """A-V7: one proposal per single partner and one with every possible partner, where
        together they have more than the defenders."""
        owner, troops = self.owner, self.troops
        for t in range(self.map.n):
            o = owner[t]
            if o < 0 or o == p or not self.attackers(t, p):
                continue
            partners = [q for q in self.alive() if q not in (p, o) and self.attackers(t, q)]
            options: set[tuple[int, ...]] = {(q,) for q in partners}
            if len(partners) > 1:
                options.add(tuple(partners))
            for ps in sorted(options):
                if troops[t] < self.attack_sum(t, (p, *ps)):
                    yield ProposeJoint(t, ps)

    def _joint_allowed(self) -> bool:
        s = self.settings
        return bool(s["joint_attacks"]) and self.game.num_players >= 3 and not s["simultaneous"] \
            and not self.joint_used and self.phase == "move"

    def random_action(self, rng: Chance) -> Action:
        if self.phase == "map":
            return self._random_outline(rng)
        return super().random_action(rng)

    def _random_outline(self, rng: Chance) -> Action:
        """A random blob against the existing map (for random players and tests)."""
        import math

        from .geometry import PAPER_H, PAPER_W
        target = self.game.countries_wanted
        if self.map.n >= target and self._can_finish():
            return FinishMap()
        for _ in range(60):
            c = rng.randint(0, self.map.n - 1)
            ring = self.map.rings[c][0]
            x0, y0 = ring[rng.randint(0, len(ring) - 2)]
            r = rng.uniform(14.0, 28.0)
            ph = rng.uniform(0, math.tau)
            pts = []
            for k in range(24):
                a = math.tau * k / 24
                rr = r * (1 + 0.2 * math.sin(3 * a + ph))
                pts.append((round(min(PAPER_W, max(0.0, x0 + rr * math.cos(a))), 2),
                            round(min(PAPER_H, max(0.0, y0 + rr * math.sin(a))), 2)))
            act = DrawCountry(tuple(pts))
            try:
                self.check(act)
                return act
            except IllegalAction:
                continue
        if self._can_finish():
            return FinishMap()
        raise RuntimeError("no room left to draw a country")  # pragma: no cover

    def _can_finish(self) -> bool:
        return self.map.n >= self.min_countries()

    def min_countries(self) -> int:
        return self.game.num_players + 2

    # -- checking -------------------------------------------------------------------
    def check(self, action: Action) -> None:
        if self.phase == "over":
            raise IllegalAction("GAME", M("The game is over."))
        allowed = PHASE_ACTIONS[self.phase]
        if not isinstance(action, allowed):
            refusals = {"map": M("That is not possible now: the game is drawing the map."),
                        "place": M("That is not possible now: the game is placing troops."),
                        "move": M("That is not possible now: the game is attacking or moving."),
                        "joint": M("That is not possible now: the game is answering a joint-attack proposal."),
                        "detail": M("That is not possible now: the game is writing down the troops of the "
                                    "revealed choices.")}
            raise IllegalAction("PHASE", refusals[self.phase])
        p = self.player
        if isinstance(action, DrawCountry):
            self._check_draw(action)
        elif isinstance(action, FinishMap):
            if not self._can_finish():
                raise IllegalAction("A-M3", Mn("Draw at least {n} countries first (there are {drawn}).",
                                               "Draw at least {n} countries first (there are {drawn}).",
                                               self.min_countries(), drawn=self.map.n))
        elif isinstance(action, Place):
            self._check_place(p, action)
        elif isinstance(action, Attack):
            self._check_attack(p, action)
        elif isinstance(action, Move):
            self._check_move(p, action)
        elif isinstance(action, Gather):
            self._check_gather(p, action)
        elif isinstance(action, ProposeJoint):
            self._check_propose(p, action)
        elif isinstance(action, Point):
            self._check_point(p, action)
        if self.settings["simultaneous"] and self.phase == "move" and isinstance(action, (Move, Gather)):
            raise IllegalAction("A-V8", M("In simultaneous turns a move is shown by pointing at its country "
                                          "first; the troops are written down after the reveal."))
        if self.settings["simultaneous"] and self.phase == "move" and isinstance(action, Attack) and action.follow:
            raise IllegalAction("A-V8", M("Point at the country you attack; troops that follow are written "
                                          "down after the reveal."))
        if self.phase == "detail":
            pointed = self.pending.get(p)
            if point_of(action) != pointed:
                if isinstance(pointed, Point):
                    why = M("You pointed at #{country}: write down that choice.", country=pointed.country + 1)
                elif isinstance(pointed, Attack):
                    why = M("You pointed at attack #{country}: write down that choice.", country=pointed.target + 1)
                else:
                    why = M("You pointed at nothing: write down that choice.")
                raise IllegalAction("A-V8", why)

    def _check_point(self, p: int, a: Point) -> None:
        if not self.settings["simultaneous"]:
            raise IllegalAction("A-V8", M("Pointing is for simultaneous turns (variant A-V8 is off)."))
        c = self._country(a.country)
        if self.owner[c] == p:
            if not self.move_targets(p, c):
                raise IllegalAction("A-G3", M("Troops in #{country} have nowhere to go.", country=c + 1))
            return
        if self.owner[c] < 0 and self.settings["gathering"]:
            srcs = self.gather_sources(p, c)
            if not srcs:
                raise IllegalAction("A-V6", M("None of your countries is next to #{country}.", country=c + 1))
            if len(srcs) == 1:
                # rev 4: a gathering needs two or more sources; from one it is a move, pointed at
                # its source (else no written move could match the point after the reveal)
                # TRANSLATORS: {country} is the empty country, {source} the one country of yours next to it.
                raise IllegalAction("A-V8", M("Only one of your countries borders #{country}: point at "
                                              "#{source} to move there (an empty country is pointed at "
                                              "only to gather into it from two or more of yours).",
                                              country=c + 1, source=srcs[0] + 1))
            return
        if self.owner[c] < 0:
            raise IllegalAction("A-G3", M("Point at your own country to move from it, or at an enemy's to attack it."))
        raise IllegalAction("A-V8", M("To attack an enemy country, choose the attack on it."))

    def _country(self, c: Any, what: str = "country") -> int:
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < self.map.n:
            shown = repr(c)
            # TRANSLATORS: {number} is the number as it was sent (it may be anything, even text).
            refusals = {"country": M("There is no country number {number} on this map.", number=shown),
                        "target country": M("There is no target country number {number} on this map.", number=shown),
                        "source country": M("There is no source country number {number} on this map.", number=shown),
                        "destination": M("There is no destination number {number} on this map.", number=shown),
                        "source": M("There is no source number {number} on this map.", number=shown)}
            raise IllegalAction("MAP", refusals[what])
        return c

    def _check_draw(self, action: DrawCountry) -> None:
        try:
            poly = self.map.clip_outline(action.outline)
        except MapRefusal as exc:
            raise IllegalAction(exc.rule, exc.message) from None
        except (TypeError, ValueError):
            raise IllegalAction("A-M2", M("That outline is not a list of points on the paper.")) from None
        self._clip_cache = (action, poly)

    def _check_place(self, p: int, a: Place) -> None:
        c = self._country(a.country)
        n = a.n
        if self.owner[c] >= 0:
            raise IllegalAction("A-P2", M("Troops go only into an empty country."))
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise IllegalAction("A-P3", M("Place at least one troop."))
        if n > self.cap:
            raise IllegalAction("A-P3", Mn("At most {n} troops at once (the cap).", "At most {n} troops at once (the cap).",
                                           self.cap))
        if n > self.remaining[p]:
            raise IllegalAction("A-P6", Mn("You have only {n} troops left to place.",
                                           "You have only {n} troops left to place.", self.remaining[p]))
        for other in range(self.map.n):
            if self.troops[other] == n:
                raise IllegalAction("A-P4", Mn("Country #{country} already holds {n}: every standing count "
                                               "must be different.",
                                               "Country #{country} already holds {n}: every standing count "
                                               "must be different.", n, country=other + 1))

    def _check_attack(self, p: int, a: Attack) -> None:
        t = self._country(a.target, "target country")
        o = self.owner[t]
        if o < 0:
            raise IllegalAction("A-G2", M("That country is empty: there is nothing to attack."))
        if o == p:
            raise IllegalAction("A-G2", M("You cannot attack your own country."))
        have = self.attack_sum(t, p)
        if self.troops[t] >= have:
            # TRANSLATORS: {n} defenders in the attacked country; {have} is the attacking sum.
            raise IllegalAction("A-G2", Mn("An attack needs more than the {n} defenders; "
                                           "your adjacent troops make only {have}.",
                                           "An attack needs more than the {n} defenders; "
                                           "your adjacent troops make only {have}.", self.troops[t], have=have))
        if a.follow:
            self._check_follow(p, t, a.follow)

    def _check_follow(self, p: int, t: int, follow: tuple[tuple[int, int], ...]) -> None:
        mode = self.settings["follow_up"]
        if mode == "off":
            raise IllegalAction("A-V1", M("Follow-up moves are not played (variant A-V1 is off)."))
        if mode == "one" and len(follow) > 1:
            raise IllegalAction("A-V1", M("Troops may follow from ONE attacking country only."))
        if self.kill_count(t) < self.troops[t]:
            raise IllegalAction("A-V1", M("Troops can follow only into a country the attack empties."))
        seen = set()
        for leg in follow:
            if not (isinstance(leg, tuple) and len(leg) == 2):
                raise IllegalAction("A-V1", M("A follow-up names a country and a number of troops."))
            c, n = leg
            c = self._country(c)
            if c in seen:
                raise IllegalAction("A-V1", M("Name each attacking country once."))
            seen.add(c)
            if self.owner[c] != p or t not in self.adj(c):
                rule = "A-V2" if mode == "every" else "A-V1"
                raise IllegalAction(rule, M("Country #{country} is not one of your attacking countries.", country=c + 1))
            if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= self.troops[c]:
                raise IllegalAction("A-V1", Mn("Country #{country} can send 1 to {n} troops.",
                                               "Country #{country} can send 1 to {n} troops.",
                                               self.troops[c], country=c + 1))

    def _check_move(self, p: int, a: Move) -> None:
        src = self._country(a.source, "source country")
        if self.owner[src] != p:
            raise IllegalAction("A-G3", M("Move from a country you hold."))
        if not a.dests:
            raise IllegalAction("A-G3", M("Say where the troops go."))
        seen: set[int] = set()
        total = 0
        for leg in a.dests:
            if not (isinstance(leg, tuple) and len(leg) == 2):
                raise IllegalAction("A-G3", M("Each destination is a country and a number of troops."))
            d, n = leg
            d = self._country(d, "destination")
            if d in seen or d == src:
                raise IllegalAction("A-G3", M("Name each destination once, and not the source itself."))
            seen.add(d)
            if d not in self.adj(src):
                raise IllegalAction("A-G3", M("Country #{country} is not next to #{source}.", country=d + 1,
                                              source=src + 1))
            if self.owner[d] >= 0 and self.owner[d] != p:
                raise IllegalAction("A-G3", M("Country #{country} belongs to an opponent: attack it instead.",
                                              country=d + 1))
            if self.owner[d] == p and self.settings["empty_only"]:
                raise IllegalAction("A-V5", M("Troops may move only into EMPTY countries (variant A-V5)."))
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise IllegalAction("A-G3", M("Move at least one troop to each destination."))
            total += n
        if total > self.troops[src]:
            raise IllegalAction("A-G3", Mn("Country #{country} has only {n} troops.",
                                           "Country #{country} has only {n} troops.", self.troops[src],
                                           country=src + 1))

    def _check_gather(self, p: int, a: Gather) -> None:
        if not self.settings["gathering"]:
            raise IllegalAction("A-V6", M("Gathering moves are not played (variant A-V6 is off)."))
        d = self._country(a.dest, "destination")
        if self.owner[d] >= 0:
            raise IllegalAction("A-V6", M("A gathering move goes into an EMPTY country."))
        if not a.sources:
            raise IllegalAction("A-V6", M("Name the countries the troops come from."))
        seen: set[int] = set()
        for leg in a.sources:
            if not (isinstance(leg, tuple) and len(leg) == 2):
                raise IllegalAction("A-V6", M("Each source is a country and a number of troops."))
            c, n = leg
            c = self._country(c, "source")
            if c in seen:
                raise IllegalAction("A-V6", M("Name each source once."))
            seen.add(c)
            if self.owner[c] != p or d not in self.adj(c):
                raise IllegalAction("A-V6", M("Country #{country} is not one of your countries next to #{dest}.",
                                              country=c + 1, dest=d + 1))
            if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= self.troops[c]:
                raise IllegalAction("A-V6", Mn("Country #{country} can send 1 to {n} troops.",
                                               "Country #{country} can send 1 to {n} troops.",
                                               self.troops[c], country=c + 1))

    def _check_propose(self, p: int, a: ProposeJoint) -> None:
        if not self.settings["joint_attacks"] or self.game.num_players < 3:
            raise IllegalAction("A-V7", M("Joint attacks are not played (variant A-V7, 3+ players)."))
        if self.settings["simultaneous"]:
            raise IllegalAction("A-V7", M("Joint attacks need open agreement, so they are off in simultaneous turns."))
        if self.joint_used:
            raise IllegalAction("A-V7", M("Your proposal was declined: attack or move on your own this turn."))
        t = self._country(a.target, "target country")
        o = self.owner[t]
        if o < 0 or o == p:
            raise IllegalAction("A-V7", M("A joint attack targets an opponent's country."))
        if not a.partners or len(set(a.partners)) != len(a.partners):
            raise IllegalAction("A-V7", M("Name one or more different partners."))
        for q in a.partners:
            if not isinstance(q, int) or not 0 <= q < self.game.num_players or q in (p, o):
                raise IllegalAction("A-V7", M("Partners are other players, not yourself or the defender."))
            if not self.attackers(t, q):
                raise IllegalAction("A-V7", M("{who} has no troops next to #{country}.", who=self._pn(q),
                                              country=t + 1))
        if not self.attackers(t, p):
            raise IllegalAction("A-V7", M("You have no troops next to #{country}.", country=t + 1))
        have = self.attack_sum(t, (p, *a.partners))
        if self.troops[t] >= have:
            # TRANSLATORS: {have} is the partners' attacking sum, {n} the defenders.
            raise IllegalAction("A-V7", Mn("Together you have {have}, not more than the {n} defenders.",
                                           "Together you have {have}, not more than the {n} defenders.",
                                           self.troops[t], have=have))

    # -- applying ----------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        if isinstance(action, DrawCountry):
            return self._apply_draw(action)
        if isinstance(action, FinishMap):
            ev = [Event("map_done", self._map_done(), {"countries": self.map.n})]
            return ev + self._start_placement()
        if isinstance(action, Place):
            return self._apply_place(action)
        if isinstance(action, AnswerJoint):
            return self._apply_answer(action)
        if isinstance(action, ProposeJoint):
            self.joint = {"proposer": self.player, "target": action.target, "partners": list(action.partners),
                          "waiting": list(action.partners)}
            self.phase = "joint"
            self.player = action.partners[0]
            return [Event("joint_proposed", M("{who} proposes a joint attack on #{country}.",
                                              who=self._pn(self.joint["proposer"]), country=action.target + 1),
                          {"target": action.target})]
        if self.phase == "detail":
            return self._write_down(action)
        if self.settings["simultaneous"]:
            return self._collect(action)
        ev = self._resolve_one(self.player, action)
        return ev + self._end_turn()

    def _pn(self, p: int) -> str:
        return self.game.player_name(p)

    def _map_done(self) -> Msg:
        return Mn("The map is done: {n} country.", "The map is done: {n} countries.", self.map.n)

    def _apply_draw(self, action: DrawCountry) -> list[Event]:
        if self._clip_cache is not None and self._clip_cache[0] == action:
            poly = self._clip_cache[1]
        else:
            poly = self.map.clip_outline(action.outline)
        self._clip_cache = None
        self.map = self.map.with_country(poly)
        self.owner.append(-1)
        self.troops.append(0)
        k = self.map.n - 1
        ev = [Event("country", M("{who} draws country #{country}.", who=self._pn(self.player), country=k + 1),
                    {"country": k, "neighbours": list(self.map.adjacency[k])})]
        if self.map.n >= self.game.countries_wanted:
            ev.append(Event("map_done", self._map_done(), {"countries": self.map.n}))
            return ev + self._start_placement()
        self.player = (self.player + 1) % self.game.num_players
        return ev

    def _start_placement(self) -> list[Event]:
        self.phase = "place"
        self.player = self.draw_lot()
        ev = [Event("lot", M("By lot, {who} places first (A-P10).", who=self._pn(self.player)), {"player": self.player})]
        return self._settle_placer(ev)

    def _apply_place(self, a: Place) -> list[Event]:
        p = self.player
        self.owner[a.country] = p
        self.troops[a.country] = a.n
        self.remaining[p] -= a.n
        ev = [Event("place", Mn("{who} places {n} in #{country}.", "{who} places {n} in #{country}.", a.n,
                                who=self._pn(p), country=a.country + 1),
                    {"country": a.country, "n": a.n, "player": p})]
        if a.n == self.cap:
            self.cap += 1
            ev.append(Event("cap", M("The cap rises to {cap} (A-P5).", cap=self.cap), {"cap": self.cap}))
        if self.remaining[p] == 0:
            self.runout.append(p)
            ev.append(Event("runout", M("{who} has placed every troop.", who=self._pn(p)), {"player": p}))
        self.player = (p + 1) % self.game.num_players
        return self._settle_placer(ev)

    def _settle_placer(self, ev: list[Event]) -> list[Event]:
        """Skip players with nothing left (A-P9); A-P7 strips those who cannot place."""
        n = self.game.num_players
        for _ in range(2 * n + 1):
            if all(r == 0 for r in self.remaining):
                return ev + self._start_movement()
            p = self.player
            if self.remaining[p] == 0:
                self.player = (p + 1) % n
                continue
            empties = self.empty_countries()
            allowed = self.allowed_numbers(p)
            if empties and allowed:
                return ev
            lost = self.remaining[p]
            if not empties:
                said = Mn("{who} cannot place (no empty country is left) and loses the remaining {n} troops (A-P7).",
                          "{who} cannot place (no empty country is left) and loses the remaining {n} troops (A-P7).",
                          lost, who=self._pn(p))
            else:
                # TRANSLATORS: {top} is the highest number the player could place; {n} the troops lost.
                said = Mn("{who} cannot place (every number up to {top} is already standing) and loses the "
                          "remaining {n} troops (A-P7).",
                          "{who} cannot place (every number up to {top} is already standing) and loses the "
                          "remaining {n} troops (A-P7).", lost, who=self._pn(p), top=min(self.cap, lost))
            self.remaining[p] = 0
            self.runout.append(p)
            ev.append(Event("lose_rest", said, {"player": p, "lost": lost}))
            self.player = (p + 1) % n
        raise AssertionError("placement did not settle")  # pragma: no cover

    def _start_movement(self) -> list[Event]:
        self.phase = "move"
        self.order = list(self.runout)
        names = comma_list([self._pn(p) for p in self.order])
        ev = [Event("movement", M("Placement is over. Movement order: {order} (A-P8).", order=names),
                    {"order": list(self.order)})]
        for p in self.order:
            if self.total(p) == 0:
                self.eliminated.append(p)
                ev.append(Event("out", M("{who} has no troops on the map.", who=self._pn(p)), {"player": p}))
        self.turn_idx = -1
        self.seen = {self.position_key()}
        done = self._check_end()
        if done:
            return ev + done
        return ev + self._advance()

    # -- movement: one action, sequential -------------------------------------------------
    def _resolve_one(self, p: int, action: Action, partners: tuple[int, ...] = ()) -> list[Event]:
        ev: list[Event] = []
        if isinstance(action, Attack):
            t = action.target
            victim = self.owner[t]
            ps = (p, *partners)
            have = self.attack_sum(t, ps)
            kill = self.kill_count(t)
            self.troops[t] -= kill
            if self.troops[t] == 0:
                self.owner[t] = -1
            if partners:
                # TRANSLATORS: {names} are two or more players attacking together; {have} their sum.
                said = M("{names} attack #{country} with {have} against {defenders}: {killed} removed.",
                         names=and_list([self._pn(q) for q in ps]), country=t + 1, have=have,
                         defenders=kill + self.troops[t], killed=kill)
            else:
                said = M("{who} attacks #{country} with {have} against {defenders}: {killed} removed.",
                         who=self._pn(p), country=t + 1, have=have, defenders=kill + self.troops[t], killed=kill)
            ev.append(Event("attack", said, {"target": t, "killed": kill, "sum": have,
                                             "players": list(ps), "victim": victim}))
            for c, n in action.follow:
                self.troops[c] -= n
                if self.troops[c] == 0:
                    self.owner[c] = -1
                self.troops[t] += n
                self.owner[t] = p
                ev.append(Event("follow", Mn("{n} follow from #{source} into #{country}.",
                                             "{n} follow from #{source} into #{country}.", n, source=c + 1,
                                             country=t + 1), {"from": c, "to": t, "n": n}))
            self.quiet_rounds = -1  # the round with an attack resets the count at its end
            ev.extend(self._eliminations())
        elif isinstance(action, Move):
            src = action.source
            for d, n in action.dests:
                self._shift(p, src, d, n)
            legs = comma_list([M("{n} to #{country}", n=n, country=d + 1) for d, n in action.dests])
            # TRANSLATORS: {legs} lists the troops moved: "5 to #3, 2 to #4".
            ev.append(Event("move", M("{who} moves from #{source}: {legs}.", who=self._pn(p), source=src + 1,
                                      legs=legs),
                            {"from": src, "legs": [list(x) for x in action.dests], "player": p}))
        elif isinstance(action, Gather):
            for c, n in action.sources:
                self._shift(p, c, action.dest, n)
            legs = comma_list([M("{n} from #{country}", n=n, country=c + 1) for c, n in action.sources])
            # TRANSLATORS: {legs} lists the troops gathered: "5 from #3, 2 from #4".
            ev.append(Event("gather", M("{who} gathers into #{country}: {legs}.", who=self._pn(p),
                                        country=action.dest + 1, legs=legs),
                            {"to": action.dest, "legs": [list(x) for x in action.sources], "player": p}))
        return ev

    def _shift(self, p: int, src: int, dst: int, n: int) -> None:
        self.troops[src] -= n
        if self.troops[src] == 0:
            self.owner[src] = -1
        self.troops[dst] += n
        self.owner[dst] = p

    def _eliminations(self) -> list[Event]:
        ev = []
        alive = set(self.owner)
        for p in self.order:
            if p not in alive and p not in self.eliminated:
                self.eliminated.append(p)
                ev.append(Event("out", M("{who} has lost every army.", who=self._pn(p)), {"player": p}))
        return ev

    def _apply_answer(self, a: AnswerJoint) -> list[Event]:
        assert self.joint is not None
        j = self.joint
        q = self.player
        proposer = j["proposer"]
        if not a.accept:
            self.joint = None
            self.joint_used = True
            self.phase = "move"
            self.player = proposer
            ev = [Event("joint_declined", M("{who} declines the joint attack.", who=self._pn(q)), {"player": q})]
            if self.has_action(proposer):
                return ev
            # the proposal was the proposer's only action (rev 4): with it declined, they pass
            ev.append(Event("pass", M("{who} has no attack or move alone and passes.", who=self._pn(proposer)),
                            {"player": proposer}))
            return ev + self._end_turn()
        j["waiting"].remove(q)
        if j["waiting"]:
            self.player = j["waiting"][0]
            return [Event("joint_accepted", M("{who} agrees.", who=self._pn(q)), {"player": q})]
        self.joint = None
        self.phase = "move"
        self.player = proposer
        ev = [Event("joint_accepted", M("{who} agrees.", who=self._pn(q)), {"player": q})]
        ev += self._resolve_one(proposer, Attack(j["target"]), tuple(j["partners"]))
        return ev + self._end_turn()

    def _end_turn(self) -> list[Event]:
        self.joint_used = False
        done = self._check_end()
        if done:
            return done
        return self._advance()

    def _advance(self) -> list[Event]:
        """Next seat in the movement order that is alive; a seat with no legal action passes."""
        ev: list[Event] = []
        passes = 0
        alive = set(self.owner)
        while True:
            self.turn_idx += 1
            if self.turn_idx >= len(self.order):
                self.turn_idx = 0
                done = self._round_end()
                if done:
                    return ev + done
            p = self.order[self.turn_idx]
            if p not in alive:
                continue
            if self.settings["simultaneous"] and p in self.pending:
                continue
            if self.has_action(p):
                self.player = p
                return ev
            passes += 1
            ev.append(Event("pass", M("{who} has no possible attack or move and passes.", who=self._pn(p)),
                            {"player": p}))
            if passes > len(self.order):
                return ev + self._finish_by_totals(M("Complete stalemate: nobody can attack or move."))

    def _round_end(self) -> list[Event]:
        """A full round ended: A-G decision on stalemate (repeat or quiet rounds)."""
        self.round_no += 1
        self.quiet_rounds += 1
        key = self.position_key()
        if key in self.seen:
            return self._finish_by_totals(M("Stalemate: a full round repeated an earlier position."))
        self.seen.add(key)
        if self.quiet_rounds >= self.settings["stalemate_rounds"]:
            return self._finish_by_totals(Mn("Stalemate: {n} round without an attack.",
                                             "Stalemate: {n} rounds without an attack.", self.quiet_rounds))
        return []

    def _check_end(self) -> list[Event]:
        alive = self.alive()
        need = self.game.winners_needed
        if len(alive) <= need:
            if not alive:
                return self._finish((), M("Everybody was wiped out: nobody wins."))
            if len(alive) == 1:
                said = M("{who} wins: every other army is destroyed (A-G4).", who=self._pn(alive[0]))
            else:
                said = M("{names} win: every other army is destroyed (A-G4).",
                         names=and_list([self._pn(p) for p in alive]))
            return self._finish(tuple(alive), said, named=True)
        if self.settings["one_army_end"]:
            armies = {p: [t for o, t in zip(self.owner, self.troops, strict=False) if o == p] for p in alive}
            if all(len(a) == 1 for a in armies.values()):
                sizes = {p: a[0] for p, a in armies.items()}
                return self._finish_ranked(sizes, M("Everyone has one army left: the largest wins (A-G5)."))
        return []

    def _top(self, value: dict[int, int]) -> tuple[int, ...]:
        """A-G4 (rev 2): the winners by ``value``; tied players share their place (so all of a
        tie that reaches a winning place win); two players with equal totals draw (no winner)."""
        ranked = sorted(value, key=lambda p: -value[p])
        need = self.game.winners_needed
        if not ranked:
            return ()
        bar = value[ranked[min(need, len(ranked)) - 1]]
        winners = tuple(p for p in ranked if value[p] >= bar)
        if self.game.num_players == 2 and len(winners) == 2:
            return ()
        return winners

    def _finish_ranked(self, value: dict[int, int], why: str) -> list[Event]:
        winners = self._top(value)
        if not winners and value:
            # TRANSLATORS: {why} is the sentence saying how the game ended; {n} the troops each has.
            return self._finish((), M("{why} Both have {n}: a draw (A-G4).", why=why, n=max(value.values())))
        ties = [p for p in winners if sum(value[q] == value[p] for q in value) > 1]
        if len(winners) > self.game.winners_needed and ties:
            # TRANSLATORS: {why} says how the game ended; {names} are two or more tied players.
            why = M("{why} {names} have {n} each and share their place (A-G4).", why=why,
                    names=and_list([self._pn(p) for p in ties]), n=value[ties[0]])
        return self._finish(winners, why)

    def _finish_by_totals(self, why: str) -> list[Event]:
        totals = {p: self.total(p) for p in self.alive()}
        # TRANSLATORS: {why} is the sentence saying why the game stopped (a stalemate).
        return self._finish_ranked(totals, M("{why} Most troops in total wins (A-G4).", why=why))

    def _finish(self, winners: tuple[int, ...], why: str, named: bool = False) -> list[Event]:
        """The end; ``named``: ``why`` already says who won."""
        self.phase = "over"
        self.pending = {}
        scores = tuple(float(self.total(p)) for p in range(self.game.num_players))
        text: str = why
        if winners and not named:
            if len(winners) == 1:
                # TRANSLATORS: {why} says how the game ended; {who} is the winner.
                text = M("{why} {who} wins.", why=why, who=self._pn(winners[0]))
            else:
                # TRANSLATORS: {why} says how the game ended; {names} are the winners.
                text = M("{why} {names} win.", why=why, names=and_list([self._pn(p) for p in winners]))
        self.outcome = Result(tuple(sorted(winners)), text, scores)
        return [Event("over", text, {"winners": list(winners)})]

    # -- A-V8 simultaneous turns ---------------------------------------------------------
    def _collect(self, action: Action) -> list[Event]:
        p = self.player
        self.pending[p] = action
        ev = [Event("secret", M("{who} has chosen.", who=self._pn(p)), {"player": p})]
        alive = set(self.owner)
        waiting = [q for q in self.order if q in alive and q not in self.pending and self.has_action(q)]
        if waiting:
            # next seat after p in the order that still has to choose
            idx = self.order.index(p)
            for k in range(1, len(self.order) + 1):
                q = self.order[(idx + k) % len(self.order)]
                if q in waiting:
                    self.player = q
                    self.turn_idx = self.order.index(q)
                    return ev
        return ev + self._reveal_points()

    def _reveal_points(self) -> list[Event]:
        """A-V8 (rev 2): every point is shown at once.  Then those who pointed at a move (or at an
        attack troops may follow) write their troops down: openly, one after another, unless two
        of them may enter the same country; those write in secret and show together."""
        said = semi_list([M("{who} attacks #{country}", who=self._pn(p), country=a.target + 1)
                          if isinstance(a, Attack) else
                          M("{who} points at #{country}", who=self._pn(p), country=a.country + 1)  # type: ignore[attr-defined]
                          for p, a in sorted(self.pending.items())])
        # TRANSLATORS: {choices} lists what each player pointed at: "Player 1 attacks #3; Player 2 points at #5".
        ev = [Event("points", M("Pointed: {choices}.", choices=said),
                    {"choices": {str(p): a.to_json() for p, a in self.pending.items()}})]
        writers = [q for q in self.order if q in self.pending and self.needs_detail(q, self.pending[q])]
        reach = {q: self.reach_of(q, self.pending[q]) for q in writers}
        self.dependent = {q for q in writers if any(r != q and reach[q] & reach[r] for r in writers)}
        self.details = {}
        self.detail_queue = [q for q in writers if q not in self.dependent] + \
            [q for q in writers if q in self.dependent]
        if not self.detail_queue:
            return ev + self._resolve_simultaneous()
        self.phase = "detail"
        self.player = self.detail_queue[0]
        if self.dependent:
            names = and_list([self._pn(q) for q in self.order if q in self.dependent])
            ev.append(Event("depend", M("{names} may enter the same country: they write their moves down in "
                                        "secret (A-V8).", names=names), {"players": sorted(self.dependent)}))
        return ev

    def _write_down(self, action: Action) -> list[Event]:
        p = self.player
        self.details[p] = action
        self.detail_queue.pop(0)
        if p in self.dependent:
            ev = [Event("secret", M("{who} has written the move down.", who=self._pn(p)), {"player": p})]
        else:
            # TRANSLATORS: {action} is the move written down, such as "move from #1: 5 to #3".
            ev = [Event("written", M("{who} writes down: {action}.", who=self._pn(p), action=say(action)),
                        {"player": p})]
        if self.detail_queue:
            self.player = self.detail_queue[0]
            return ev
        self.phase = "move"
        return ev + self._resolve_simultaneous()

    def _resolve_simultaneous(self) -> list[Event]:
        """Reveal every choice and resolve them together, as RULES.md A-V8 says."""
        choices = {p: self.details.get(p, a) for p, a in self.pending.items()}
        self.pending, self.details, self.detail_queue, self.dependent = {}, {}, [], set()
        self.phase = "move"
        ev = [Event("reveal", revealed([M("{who}: {action}", who=self._pn(p), action=say(a))
                                        for p, a in sorted(choices.items())]),
                    {"choices": {str(p): a.to_json() for p, a in choices.items()}})]
        ev += resolve_simultaneous(self, choices)
        ev += self._eliminations()
        done = self._check_end()
        if done:
            return ev + done
        self.turn_idx = len(self.order)  # the resolution closes the round
        return ev + self._advance()

    # -- persistence ---------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "map": self.map.to_json(),
            "phase": self.phase,
            "player": self.player,
            "owner": list(self.owner),
            "troops": list(self.troops),
            "remaining": list(self.remaining),
            "cap": self.cap,
            "runout": list(self.runout),
            "order": list(self.order),
            "turn_idx": self.turn_idx,
            "round_no": self.round_no,
            "quiet_rounds": self.quiet_rounds,
            "seen": sorted(self.seen),
            "pending": {str(p): a.to_json() for p, a in sorted(self.pending.items())},
            "details": {str(p): a.to_json() for p, a in sorted(self.details.items())},
            "detail_queue": list(self.detail_queue),
            "dependent": sorted(self.dependent),
            "opening": [_text_json(t) for t in self.opening],
            "joint": None if self.joint is None else {k: (list(v) if isinstance(v, list) else v)
                                                      for k, v in self.joint.items()},
            "joint_used": self.joint_used,
            "eliminated": list(self.eliminated),
            "outcome": None if self.outcome is None else {
                "winners": list(self.outcome.winners), "text": _text_json(self.outcome.text),
                "scores": list(self.outcome.scores)},
            "chance": self.chance.to_json(),
        }

    @classmethod
    def from_json(cls, game: Game, data: Mapping[str, Any]) -> AmoebaState:
        assert isinstance(game, AmoebaGame)
        try:
            s = cls(game, Chance.from_json(data["chance"]), AmoebaMap.from_json(data["map"]))
            s.phase = str(data["phase"])
            s.player = int(data["player"])
            s.owner = [int(x) for x in data["owner"]]
            s.troops = [int(x) for x in data["troops"]]
            s.remaining = [int(x) for x in data["remaining"]]
            s.cap = int(data["cap"])
            s.runout = [int(x) for x in data["runout"]]
            s.order = [int(x) for x in data["order"]]
            s.turn_idx = int(data["turn_idx"])
            s.round_no = int(data["round_no"])
            s.quiet_rounds = int(data["quiet_rounds"])
            s.seen = {int(x) for x in data["seen"]}
            s.pending = {int(p): game.decode_action(a) for p, a in data["pending"].items()}
            s.details = {int(p): game.decode_action(a) for p, a in data.get("details", {}).items()}
            s.detail_queue = [int(x) for x in data.get("detail_queue", [])]
            s.dependent = {int(x) for x in data.get("dependent", [])}
            s.opening = [_text_back(x) for x in data.get("opening", [])]
            j = data.get("joint")
            s.joint = None if j is None else {"proposer": int(j["proposer"]), "target": int(j["target"]),
                                              "partners": [int(x) for x in j["partners"]],
                                              "waiting": [int(x) for x in j["waiting"]]}
            s.joint_used = bool(data["joint_used"])
            s.eliminated = [int(x) for x in data["eliminated"]]
            o = data.get("outcome")
            s.outcome = None if o is None else Result(tuple(int(x) for x in o["winners"]), _text_back(o["text"]),
                                                      tuple(float(x) for x in o["scores"]))
        except (KeyError, TypeError, AttributeError) as exc:
            # TRANSLATORS: {why} is the program's own note on what is missing (left in English).
            raise ValueError(M("The Amoeba Strategy position is damaged: {why}", why=repr(exc))) from None
        return s

    def view(self, seat: int | None) -> dict[str, Any]:  # what a seat may know: seatview.py
        from .seatview import view

        return view(self, seat)

    @classmethod
    def from_view(cls, game: Game, view: Mapping[str, Any], seed: int) -> AmoebaState:  # seatview.py
        from .seatview import from_view

        return from_view(cls, game, view, seed)  # type: ignore[no-any-return]

    def clone(self) -> AmoebaState:
        s = AmoebaState.__new__(AmoebaState)
        s.game = self.game
        s.chance = self.chance.copy()
        s.map = self.map
        s.phase = self.phase
        s.player = self.player
        s.owner = self.owner[:]
        s.troops = self.troops[:]
        s.remaining = self.remaining[:]
        s.cap = self.cap
        s.runout = self.runout[:]
        s.order = self.order[:]
        s.turn_idx = self.turn_idx
        s.round_no = self.round_no
        s.quiet_rounds = self.quiet_rounds
        s.seen = set(self.seen)
        s.pending = dict(self.pending)
        s.details = dict(self.details)
        s.detail_queue = self.detail_queue[:]
        s.dependent = set(self.dependent)
        s.opening = self.opening
        s.joint = None if self.joint is None else {
            "proposer": self.joint["proposer"], "target": self.joint["target"],
            "partners": list(self.joint["partners"]), "waiting": list(self.joint["waiting"])}
        s.joint_used = self.joint_used
        s.eliminated = self.eliminated[:]
        s.outcome = self.outcome
        s._clip_cache = None
        return s

    def status(self) -> str:
        if self.phase == "over":
            return self.outcome.text if self.outcome else M("Game over.")
        who = self._pn(self.player)
        if self.phase == "map":
            return Mn("{who}: draw a country next to the map ({n} so far).",
                      "{who}: draw a country next to the map ({n} so far).", self.map.n, who=who)
        if self.phase == "place":
            # TRANSLATORS: {n} troops left to place; {cap} the most in one placement.
            return Mn("{who}: place troops in an empty country ({n} left, cap {cap}).",
                      "{who}: place troops in an empty country ({n} left, cap {cap}).",
                      self.remaining[self.player], who=who, cap=self.cap)
        if self.phase == "joint":
            assert self.joint is not None
            # TRANSLATORS: {who} is asked by {proposer} to attack country #{country} together.
            return M("{who}: {proposer} asks you to attack #{country} together. Accept?", who=who,
                     proposer=self._pn(self.joint["proposer"]), country=self.joint["target"] + 1)
        if self.phase == "detail":
            pointed = self.pending[self.player]
            point = say(pointed)
            secret = self.player in self.dependent
            # TRANSLATORS: {point} is what the player pointed at, such as "point at #3" or "attack #3".
            if isinstance(pointed, Point):
                if secret:
                    return M("{who}: write down the move in secret ({point}).", who=who, point=point)
                return M("{who}: write down the move openly ({point}).", who=who, point=point)
            if secret:
                return M("{who}: write down which troops follow the attack in secret ({point}).", who=who, point=point)
            return M("{who}: write down which troops follow the attack openly ({point}).", who=who, point=point)
        if self.settings["simultaneous"]:
            if self.settings["gathering"]:
                return M("{who}: point in secret at the enemy country to attack or your own country to move from "
                         "(or an empty one to gather into).", who=who)
            return M("{who}: point in secret at the enemy country to attack or your own country to move from.", who=who)
        return M("{who}: attack or move.", who=who)


def _text_json(text: str) -> Any:
    """A sentence as JSON: a message as its data (each seat reads it in its own language online)."""
    return text.to_json() if isinstance(text, Msg) else str(text)


def _text_back(data: Any) -> str:
    """A sentence back from ``_text_json`` (ValueError when a message's data is damaged)."""
    return Msg.from_json(data) if isinstance(data, Mapping) else str(data)


def point_of(action: Action) -> Action:
    """What a seat points at for ``action`` in A-V8 (rev 2): the attacked country (an ``Attack``
    without follow-up), the source of a move, or the empty country a gathering goes into."""
    if isinstance(action, Attack):
        return Attack(action.target)
    if isinstance(action, Move):
        return Point(action.source)
    if isinstance(action, Gather):
        return Point(action.dest)
    return action


def resolve_simultaneous(state: AmoebaState, choices: Mapping[int, Action]) -> list[Event]:
    """A-V8 resolution, from the position at the start of the turn.

    1. Every attack that was legal at the start succeeds, with the defenders and
       attacking sums of the start (so two adjacent armies can destroy each other).
       Two or more attacks on one country (rev 4) each remove their own share, one after
       the other in seat order, each on what the previous left (A-V4, k = 1: 20 -> 9 -> 4);
       without A-V4 the first empties it.
    2. Two players moving into the same country: neither move happens (the whole
       move of each; a follow-up leg is dropped, its attack still happens).
    3. Troops moving away from an attacked country: all of them die, or half
       rounded up (setting ``flee_loss``), counted over every destination of that
       source together (rev 2; the survivors are shared out leg by leg, each leg
       keeping half of its own rounded down first, then one more for the odd legs
       in the order written).  The troops that stayed suffer the attack: all of
       them, or with A-V4 half of what stays rounded down + k (rev 2: judged by
       what stays, so staying is never safer than fleeing by accident).
    4. A move into a country under attack is unaffected: the attack resolves
       first, then the troops arrive.
    """
    owner0 = list(state.owner)
    troops0 = list(state.troops)
    ev: list[Event] = []
    kills: dict[int, int] = {}
    attackers_of: dict[int, list[int]] = {}
    for p, a in sorted(choices.items()):
        if isinstance(a, Attack):
            kills[a.target] = state.kill_count(a.target)
            attackers_of.setdefault(a.target, []).append(p)
    # legs: (player, src, dst, n, kind, action index)
    legs: list[tuple[int, int, int, int, str]] = []
    for p, a in sorted(choices.items()):
        if isinstance(a, Move):
            legs += [(p, a.source, d, n, "move") for d, n in a.dests]
        elif isinstance(a, Gather):
            legs += [(p, c, a.dest, n, "move") for c, n in a.sources]
        elif isinstance(a, Attack):
            legs += [(p, c, a.target, n, "follow") for c, n in a.follow]
    arrivals: dict[int, set[int]] = {}
    for p, _s, d, _n, _k in legs:
        arrivals.setdefault(d, set()).add(p)
    cancelled_moves: set[int] = set()
    dropped: list[tuple[int, int, int, int, str]] = []
    for d, ps in arrivals.items():
        if len(ps) > 1:
            # TRANSLATORS: {names} are two or more players whose moves enter the same country.
            said = M("{names} both move into #{country}: neither move happens.",
                     names=and_list([state._pn(p) for p in sorted(ps)]), country=d + 1)
            ev.append(Event("clash", said,
                            {"country": d, "players": sorted(ps)}))
            for lg in legs:
                if lg[2] == d and lg[0] in ps:
                    if lg[4] == "move":
                        cancelled_moves.add(lg[0])
                    else:
                        dropped.append(lg)
    live = [lg for lg in legs if not (lg[4] == "move" and lg[0] in cancelled_moves) and lg not in dropped]
    out: dict[int, int] = {}
    for _p, s, _d, n, _k in live:
        out[s] = out.get(s, 0) + n
    new = list(troops0)
    for c in range(len(new)):
        new[c] -= out.get(c, 0)
    # attacks on the troops that stayed (A-V4: judged by what stays); rev 4: two or more attacks
    # on one country each remove their own share in turn, on what the previous one left
    partial = state.settings["partial_kill"]
    for t in sorted(kills):
        shares: list[tuple[list[int], int, int]] = []  # (attackers, removed, defenders before)
        for p in attackers_of[t]:
            stay = new[t]
            if shares and stay == 0:
                shares[-1][0].append(p)  # nothing left: this attack shares the one that emptied it
                continue
            dead = min(stay, stay // 2 + partial) if partial else stay
            new[t] -= dead
            shares.append(([p], dead, stay))
        for k, (hitters, dead, stay) in enumerate(shares):
            # TRANSLATORS: {killed} troops removed; {left} is what the previous attack on it left.
            if len(hitters) > 1 and k == 0:
                said = M("{names} attack #{country}: {killed} removed.", names=and_list([state._pn(p) for p in hitters]),
                         country=t + 1, killed=dead)
            elif len(hitters) > 1:
                said = M("{names} attack #{country}: {killed} of the {left} left removed.",
                         names=and_list([state._pn(p) for p in hitters]), country=t + 1, killed=dead, left=stay)
            elif k == 0:
                said = M("{who} attacks #{country}: {killed} removed.", who=state._pn(hitters[0]), country=t + 1,
                         killed=dead)
            else:
                said = M("{who} attacks #{country}: {killed} of the {left} left removed.", who=state._pn(hitters[0]),
                         country=t + 1, killed=dead, left=stay)
            ev.append(Event("attack", said,
                            {"target": t, "killed": dead, "players": hitters, "victim": owner0[t]}))
        state.quiet_rounds = -1
    # movers arrive (those fleeing an attacked country are caught first)
    keep = _flight_survivors(live, kills, state.settings["flee_loss"])
    told: set[tuple[int, int]] = set()
    arrive_owner: dict[int, int] = {}
    for i, (p, s, d, n, _k) in enumerate(live):
        if s in kills:
            if (p, s) not in told:
                told.add((p, s))
                left = sum(lg[3] for lg in live if lg[0] == p and lg[1] == s)
                lost = left - sum(keep[j] for j, lg in enumerate(live) if lg[0] == p and lg[1] == s)
                if lost:
                    # TRANSLATORS: {lost} of the {n} troops {who} moved out of #{country} die in the attack on it.
                    said = Mn("{lost} of the {n} troops of {who} leaving #{country} are caught by the attack.",
                              "{lost} of the {n} troops of {who} leaving #{country} are caught by the attack.",
                              left, lost=lost, who=state._pn(p), country=s + 1)
                    ev.append(Event("caught", said, {"country": s, "lost": lost, "player": p}))
            n = keep[i]
        new[d] += n
        if n:
            arrive_owner[d] = p
            ev.append(Event("move", Mn("{who} moves {n} from #{source} to #{country}.",
                                       "{who} moves {n} from #{source} to #{country}.", n, who=state._pn(p),
                                       source=s + 1, country=d + 1),
                            {"from": s, "legs": [[d, n]], "player": p}))
    for c in range(len(new)):
        if new[c] <= 0:
            state.owner[c] = -1
            new[c] = 0
        elif c in arrive_owner:
            state.owner[c] = arrive_owner[c]
        state.troops[c] = new[c]
    return ev


def _flight_survivors(live: list[tuple[int, int, int, int, str]], kills: Mapping[int, int], flee: str) -> list[int]:
    """A-V8 (rev 2): how many troops of each leg survive leaving an attacked country.  "Half
    rounded up" is lost over all the legs from one source together; the survivors (half rounded
    down) are shared out: each leg keeps half of its own rounded down, then the odd legs one more
    each, in the order written, until the survivors are used up."""
    keep = [n for _p, _s, _d, n, _k in live]
    groups: dict[tuple[int, int], list[int]] = {}
    for i, (p, s, _d, _n, _k) in enumerate(live):
        if s in kills:
            groups.setdefault((p, s), []).append(i)
    for idx in groups.values():
        if flee == "all":
            for i in idx:
                keep[i] = 0
            continue
        total = sum(live[i][3] for i in idx)
        spare = total // 2
        for i in idx:
            keep[i] = live[i][3] // 2
            spare -= keep[i]
        for i in idx:
            if spare > 0 and live[i][3] % 2:
                keep[i] += 1
                spare -= 1
    return keep
