"""Paper Tigers: the game, its state and the turn as RULES.md section T describes it.

Phases (one place, as data): setup ``rolloff`` -> ``terrain`` -> ``side`` ->
``deploy``; then every turn ``assign`` -> (``pick`` -> ``act``/``move``/``aboard``)*
-> ``recover`` -> ``discard``; ``over`` when the deck is used up (T-E1).

Face-down cards sit in the state like cards on a real table, but nothing shown
to a player (status, view, notation, the computer players) reads them before
they are turned (T-T2).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from shapely.geometry import Polygon
from shapely.ops import nearest_points

from ...engine import Action, Chance, Event, Game, IllegalAction, Result, Setting, State
from ...levels import list_levels
from . import cards as C
from .actions import (
    ALL_ACTIONS,
    Assign,
    ChooseSide,
    Deploy,
    Discard,
    EditTerrain,
    EndRecovery,
    EndTerrain,
    Fire,
    Keep,
    KeepAboard,
    Mount,
    Move,
    MoveOrder,
    Pick,
    PlaceTerrain,
    Recover,
    RemoveTerrain,
    RollOff,
    Skip,
)
from .geometry import (
    FOLLOW_CM,
    INFANTRY_CAP,
    INFANTRY_RANGE,
    KINDS,
    TERRAIN_KINDS,
    XY,
    Terrain,
    base_corners,
    base_polygon,
    centre_from_front,
    corner_shift,
    front_point,
    heading_vec,
    path_length,
    pose_polygon,
    shape_points,
    swept_area,
)
from .scenario import describe, load_scenario

HAND_LIMIT = 6
MAX_PIECES = 40
SETUP_PHASES = ("rolloff", "terrain", "side", "deploy")
#: Which seat is asked in each phase: a field of the state, or a rule.
PHASES: dict[str, str] = {
    "rolloff": "either side rolls for attacker (T-U1)",
    "terrain": "the attacker lays out terrain (T-U2)",
    "side": "the defender chooses a table edge (T-U3)",
    "deploy": "deployment, defender first (T-U3, T-U4)",
    "assign": "cards are assigned to units, attacker first (T-T3)",
    "pick": "each side picks a unit and turns its cards (T-T4)",
    "act": "the turned cards act in initiative order (T-T4..T-T6)",
    "move": "a unit that rolled well enough moves (T-A1, T-A2)",
    "aboard": "a hit halftrack's passenger stays or leaves (T-R2)",
    "recover": "hand cards may go on damaged units (T-T8)",
    "discard": "hands beyond six are cut (T-T10)",
    "over": "the deck is used up (T-E1)",
}


class Unit:
    """A unit on its base.  ``carrier``/``passenger`` link transport (T-R1), -1 if none."""

    __slots__ = ("id", "side", "kind", "name", "x", "y", "heading", "damaged", "destroyed", "wreck",
                 "carrier", "passenger", "placed")

    def __init__(self, uid: int, side: int, kind: str, name: str, x: float = 0.0, y: float = 0.0,
                 heading: float = 0.0, placed: bool = False) -> None:
        self.id = uid
        self.side = side
        self.kind = kind
        self.name = name
        self.x = x
        self.y = y
        self.heading = heading
        self.damaged = False
        self.destroyed = False
        self.wreck = False
        self.carrier = -1
        self.passenger = -1
        self.placed = placed

    @property
    def alive(self) -> bool:
        return not self.destroyed

    @property
    def spec(self) -> Any:
        return KINDS[self.kind]

    def front(self) -> XY:
        return front_point(self.x, self.y, self.heading, self.kind)

    def polygon(self) -> Polygon:
        return base_polygon(self.x, self.y, self.heading, self.kind)

    def to_json(self) -> list[Any]:
        return [self.id, self.side, self.kind, self.name, self.x, self.y, self.heading, self.damaged,
                self.destroyed, self.wreck, self.carrier, self.passenger, self.placed]

    @classmethod
    def from_json(cls, d: list[Any]) -> Unit:
        u = cls(int(d[0]), int(d[1]), str(d[2]), str(d[3]), float(d[4]), float(d[5]), float(d[6]), bool(d[12]))
        u.damaged, u.destroyed, u.wreck = bool(d[7]), bool(d[8]), bool(d[9])
        u.carrier, u.passenger = int(d[10]), int(d[11])
        return u

    def copy(self) -> Unit:
        u = Unit.__new__(Unit)
        for s in Unit.__slots__:
            setattr(u, s, getattr(self, s))
        return u


@lru_cache(maxsize=32)
def _describe_level(level: str) -> tuple[str, ...]:
    return tuple(describe(load_scenario(level)))


def _level_choices() -> tuple[str, ...]:
    return tuple(list_levels("tigers"))


class TigersGame(Game):
    """Rules plus the chosen scenario; makes states."""

    name = "tigers"
    title = "Paper Tigers"
    rules_version = "4"
    settings_spec = (
        Setting("level", "Scenario", "village_fight", "level",
                help="A scenario file in levels/tigers; 'open_table' lets the attacker lay out terrain."),
        Setting("wrecks", "Wrecks stay on the table", True, "bool",
                help="T-A9: destroyed vehicles stay as black smoke, blocking sight and giving cover."),
    )
    action_types = ALL_ACTIONS
    hidden_information = False

    def __init__(self, settings: Mapping[str, Any] | None = None) -> None:
        super().__init__(settings)
        self.scenario = load_scenario(self.settings["level"])

    @classmethod
    def describe_setup(cls, settings: Mapping[str, Any]) -> list[str]:
        """What the setup screen says about the chosen scenario (and how to play solo)."""
        return [*_describe_level(str(settings.get("level", "village_fight"))),
                "Solo: set both seats to Person and command both sides in turn."]

    @property
    def num_players(self) -> int:
        return 2

    def player_name(self, seat: int) -> str:
        return ("Blue", "Orange")[seat] if seat in (0, 1) else f"Player {seat + 1}"

    def new_initial_state(self, chance: Chance) -> TigersState:
        return TigersState.initial(self, chance)


class TigersState(State):
    game: TigersGame

    # -- construction ---------------------------------------------------------------
    def __init__(self, game: TigersGame, chance: Chance) -> None:
        super().__init__(game, chance)
        self.table: tuple[float, float] = (180.0, 120.0)
        self.phase = "rolloff"
        self.attacker = -1
        self.edge = ""  # the defender's edge: "north" or "south"
        self.terrain_open = False  # T-U2 still to do
        self.pieces: list[dict[str, Any]] = []
        self.units: list[Unit] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.hands: list[list[tuple[str, bool]]] = [[], []]
        self.assigned: dict[int, list[tuple[str, bool]]] = {}
        self.turn = 0
        self.actor = 0
        self.done = [False, False]
        self.picks: list[tuple[int, int, int]] = []
        self.queue: list[tuple[str, int]] = []
        self.movers: list[tuple[int, float]] = []
        self.chain: list[int] = []
        self.aboard: list[tuple[int, int]] = []
        self.recovering: dict[int, tuple[str, bool]] = {}
        self.vp = [0, 0]
        self.deal_rolls: list[list[int]] = [[], []]
        #: This turn: units that had a card assigned, that acted or followed, that were damaged (T-F1, T-T8).
        self.carded: set[int] = set()
        self.used: set[int] = set()
        self.hit_now: set[int] = set()
        self._terrain: Terrain | None = None
        self._los_terrain: Terrain | None = None
        self._events: list[Event] = []
        #: What happened while the state was set up (a scenario with placed units deals turn 1
        #: at once): the app logs it and shows the deal roll like any later turn's.
        self.opening: list[Event] = []

    @classmethod
    def initial(cls, game: TigersGame, chance: Chance) -> TigersState:
        sc = game.scenario
        s = cls(game, chance)
        s.table = (float(sc["table"][0]), float(sc["table"][1]))
        s.attacker = -1 if sc["attacker"] == "roll" else int(sc["attacker"])
        s.edge = "" if sc["defender_edge"] == "choose" else sc["defender_edge"]
        s.terrain_open = sc["terrain"] is None
        s.pieces = [] if sc["terrain"] is None else [
            {"kind": p["kind"], "points": [tuple(q) for q in p["points"]], "params": p["params"]}
            for p in sc["terrain"]]
        uid = 0
        for side, force in enumerate(sc["forces"]):
            for u in force:
                placed = u["x"] is not None
                s.units.append(Unit(uid, side, u["kind"], u["name"], u["x"] or 0.0, u["y"] or 0.0,
                                    u["facing"], placed))
                uid += 1
        s.deck = list(C.FULL_DECK)
        s._advance_setup()
        s.opening = list(s._events)
        return s

    # -- geometry helpers --------------------------------------------------------------
    @property
    def terrain(self) -> Terrain:
        """The terrain pieces (movement, cover, standing in)."""
        if self._terrain is None:
            self._terrain = Terrain((p["kind"], p["points"]) for p in self.pieces)
        return self._terrain

    @property
    def los_terrain(self) -> Terrain:
        """Terrain plus wrecks (T-A9 setting) for line of sight."""
        if self._los_terrain is None:
            items = [(p["kind"], p["points"]) for p in self.pieces]
            if self.game.settings["wrecks"]:
                items += [("wreck", base_corners(u.x, u.y, u.heading, u.spec.length, u.spec.width))
                          for u in self.units if u.wreck]
            self._los_terrain = Terrain(items)
        return self._los_terrain

    def _invalidate(self) -> None:
        self._terrain = None
        self._los_terrain = None

    def unit(self, uid: int) -> Unit:
        if not 0 <= uid < len(self.units):
            raise IllegalAction("T-A1", f"There is no unit #{uid}.")
        return self.units[uid]

    def position(self, u: Unit) -> XY:
        """Where a unit is: a passenger is where its carrier is."""
        if u.carrier >= 0:
            c = self.units[u.carrier]
            return (c.x, c.y)
        return (u.x, u.y)

    def standing_in(self, u: Unit) -> list[int]:
        """T-A3/T-A8 (rev 2): the pieces a unit is in are those holding the centre of its base
        (a passenger is where its carrier is)."""
        if u.carrier >= 0:
            u = self.units[u.carrier]
        return sorted(self.terrain.pieces_at(u.x, u.y))

    def in_cover(self, u: Unit) -> bool:
        """T-A8: infantry in woods or a building (or beside a wreck, when wrecks stay) saves on 5-6."""
        if u.kind != "infantry" or u.carrier >= 0:
            return False
        if any(self.terrain.kinds[i] in ("woods", "building") for i in self.standing_in(u)):
            return True
        if self.game.settings["wrecks"]:
            poly = u.polygon()
            return any(w.wreck and w.polygon().distance(poly) <= 1.0 for w in self.units)
        return False

    def line_of_sight(self, a: Unit, b: Unit) -> tuple[list[int], list[int]]:
        """T-A3/T-A4: (blocking pieces, doubtful pieces) between the centres of a and b."""
        skip = set(self.standing_in(a)) | set(self.standing_in(b))
        return self.los_terrain.ray(self.position(a), self.position(b), skip)

    def gap(self, a: Unit, b: Unit) -> float:
        """Base edge to base edge (Follow me! distances, T-F1)."""
        pa = self.units[a.carrier].polygon() if a.carrier >= 0 else a.polygon()
        pb = self.units[b.carrier].polygon() if b.carrier >= 0 else b.polygon()
        return float(pa.distance(pb))

    def fire_range(self, a: Unit, b: Unit) -> float:
        return math.dist(self.position(a), self.position(b))

    # -- card helpers -----------------------------------------------------------------
    def alive_units(self, side: int) -> list[Unit]:
        return [u for u in self.units if u.side == side and u.alive]

    def has_cards(self, uid: int) -> bool:
        return bool(self.assigned.get(uid)) or any(q[1] == uid for q in self.queue)

    def can_take_card(self, u: Unit) -> bool:
        """T-T3/T-T9: alive, not damaged (in shock), at most two cards."""
        return u.alive and not u.damaged and len(self.assigned.get(u.id, ())) < 2

    def _can_assign(self, p: int) -> bool:
        return bool(self.hands[p]) and any(self.can_take_card(u) for u in self.units if u.side == p)

    def _units_with_cards(self, p: int) -> list[int]:
        return [uid for uid, cs in sorted(self.assigned.items()) if cs and self.units[uid].side == p]

    def _take_from_hand(self, p: int, card: str) -> tuple[str, bool]:
        hand = self.hands[p]
        for i, (c, up) in enumerate(hand):
            if (card == "?" and not up) or (up and c == card):
                return hand.pop(i)
        raise AssertionError("checked card missing")

    def _hand_has(self, p: int, card: str) -> bool:
        if card == "?":
            return any(not up for _, up in self.hands[p])
        return any(up and c == card for c, up in self.hands[p])

    def _hand_refusal(self, p: int, card: str, rule: str) -> None:
        if not self._hand_has(p, card):
            if card == "?":
                raise IllegalAction(rule, "You have no face-down card left in hand.")
            raise IllegalAction(rule, f"You hold no face-up {C.label(card) if C.is_card(card) else card}.")

    def card_count(self) -> int:
        """Every card is somewhere: deck, hands, on units, turned, recovering or discarded."""
        return (len(self.deck) + len(self.discard) + sum(len(h) for h in self.hands)
                + sum(len(v) for v in self.assigned.values()) + len(self.queue) + len(self.recovering))

    def known_card(self, card: tuple[str, bool]) -> str:
        """What a player may see of a card: its face when face up, else "?" (T-T2)."""
        return card[0] if card[1] else "?"

    # -- the engine interface ---------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return -1
        if self.phase == "rolloff":
            return 0
        if self.phase == "terrain":
            return self.attacker
        if self.phase == "side":
            return 1 - self.attacker
        if self.phase == "act":
            return self.units[self.queue[0][1]].side
        if self.phase == "move":
            return self.units[self.movers[0][0]].side
        if self.phase == "aboard":
            return self.units[self.aboard[0][0]].side
        return self.actor

    def is_over(self) -> bool:
        return self.phase == "over"

    def wiped_out(self) -> int:
        """T-E2 (rev 2): the side with no unit left on the table, or -1."""
        gone = [p for p in (0, 1) if not self.alive_units(p)]
        return gone[0] if len(gone) == 1 else -1

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        a, b = self.vp
        names = self.game.player_name
        lost = self.wiped_out()
        if lost >= 0:
            w = 1 - lost
            return Result((w,), f"{names(w)} wins a complete victory: {names(lost)} has no unit left "
                          f"({self.vp[w]} to {self.vp[lost]} victory points, T-E2).", (float(a), float(b)))
        if a == b:
            return Result((), f"A draw at {a} victory points each.", (float(a), float(b)))
        w = 0 if a > b else 1
        kind = "marginal" if abs(a - b) < 3 else "complete"
        return Result((w,), f"{names(w)} wins a {kind} victory, {max(a, b)} to {min(a, b)} victory points.",
                      (float(a), float(b)))

    def victory(self) -> str:
        """T-E2: "complete", "marginal" or "draw" once over (a wipe-out is complete, rev 2)."""
        if self.wiped_out() >= 0:
            return "complete"
        a, b = self.vp
        if a == b:
            return "draw"
        return "marginal" if abs(a - b) < 3 else "complete"

    def status(self) -> str:
        if self.is_over():
            res = self.result()
            return res.text if res else "Game over."
        p = self.game.player_name(self.current_player())
        ph = self.phase
        if ph == "rolloff":
            return "Roll 2D6 each to see who attacks."
        if ph == "terrain":
            return f"{p} attacks and lays out the terrain ({len(self.pieces)} pieces)."
        if ph == "side":
            return f"{p} defends: choose the north or south edge."
        if ph == "deploy":
            left = sum(1 for u in self.units if u.side == self.actor and not u.placed)
            return f"{p} deploys: {left} unit{'s' if left != 1 else ''} to place."
        if ph == "assign":
            return f"Turn {self.turn}: {p} assigns a card or keeps the rest."
        if ph == "pick":
            return f"Turn {self.turn}: {p} picks a unit and turns its cards."
        if ph == "act":
            card, uid = self.queue[0]
            return f"Turn {self.turn}: {p}'s {self.units[uid].name} #{uid} acts on {C.label(card)}: move, fire or hold."
        if ph == "move":
            uid, allow = self.movers[0]
            return f"{p}'s {self.units[uid].name} #{uid} may move up to {allow:g} cm."
        if ph == "aboard":
            return f"{p}: the halftrack was hit; keep the passenger aboard?"
        if ph == "recover":
            return f"{p} may put hand cards on damaged units."
        if ph == "discard":
            return f"{p} holds {len(self.hands[self.actor])} cards: discard down to six."
        return f"{p} to play."

    # -- legality ---------------------------------------------------------------
    def check(self, action: Action) -> None:
        handler = getattr(self, f"_check_{type(action).__name__}", None)
        if handler is None:
            raise IllegalAction("T-T3", "Paper Tigers has no such action.")
        handler(action)

    def _need_phase(self, *phases: str, rule: str, what: str) -> None:
        if self.phase not in phases:
            raise IllegalAction(rule, f"You cannot {what} now: {PHASES[self.phase]}.")

    def _check_RollOff(self, a: RollOff) -> None:
        self._need_phase("rolloff", rule="T-U1", what="roll off")

    def _piece_refusal(self, kind: str, x: float, y: float, w: float, h: float, angle: float,
                       ignore: int = -1) -> list[tuple[float, float]]:
        if kind not in TERRAIN_KINDS:
            raise IllegalAction("T-U2", "Terrain is a hill, woods or a building.")
        if not (2.0 <= w <= 60.0 and 2.0 <= h <= 60.0):
            raise IllegalAction("T-U2", "A terrain piece is 2 to 60 cm across each way.")
        pts = shape_points(kind, x, y, w, h, angle)
        poly = Polygon(pts)
        tw, th = self.table
        minx, miny, maxx, maxy = poly.bounds
        if minx < 0 or miny < 0 or maxx > tw or maxy > th:
            raise IllegalAction("T-U2", "The piece must lie on the table.")
        for i, p in enumerate(self.pieces):
            if i != ignore and Polygon(p["points"]).intersection(poly).area > 1e-6:
                raise IllegalAction("T-U2", "Pieces may touch but not overlap: each piece stands on its own.")
        return pts

    def _check_PlaceTerrain(self, a: PlaceTerrain) -> None:
        self._need_phase("terrain", rule="T-U2", what="lay out terrain")
        if len(self.pieces) >= MAX_PIECES:
            raise IllegalAction("T-U2", f"The table holds at most {MAX_PIECES} pieces.")
        self._piece_refusal(a.kind, a.x, a.y, a.w, a.h, a.angle)

    def _check_EditTerrain(self, a: EditTerrain) -> None:
        self._need_phase("terrain", rule="T-U2", what="reshape terrain")
        if not 0 <= a.index < len(self.pieces) or self.pieces[a.index]["params"] is None:
            raise IllegalAction("T-U2", "There is no such laid-out piece.")
        self._piece_refusal(self.pieces[a.index]["kind"], a.x, a.y, a.w, a.h, a.angle, ignore=a.index)

    def _check_RemoveTerrain(self, a: RemoveTerrain) -> None:
        self._need_phase("terrain", rule="T-U2", what="remove terrain")
        if not 0 <= a.index < len(self.pieces):
            raise IllegalAction("T-U2", "There is no such piece.")

    def _check_EndTerrain(self, a: EndTerrain) -> None:
        self._need_phase("terrain", rule="T-U2", what="finish the terrain")

    def _check_ChooseSide(self, a: ChooseSide) -> None:
        self._need_phase("side", rule="T-U3", what="choose a side")
        if a.edge not in ("north", "south"):
            raise IllegalAction("T-U3", "Choose the north or the south edge.")

    def zone(self, side: int) -> tuple[float, float]:
        """T-U3/T-U4: the y range a side deploys in (one third of the depth from its edge)."""
        h = self.table[1]
        north = (self.edge == "north") == (side != self.attacker)
        return (0.0, h / 3) if north else (h * 2 / 3, h)

    def _check_Deploy(self, a: Deploy) -> None:
        self._need_phase("deploy", rule="T-U3", what="deploy")
        u = self.unit(a.unit)
        rule = "T-U4" if self.actor == self.attacker else "T-U3"
        if u.side != self.actor:
            raise IllegalAction(rule, "Deploy your own units.")
        if not all(math.isfinite(v) for v in (a.x, a.y, a.facing)):
            raise IllegalAction(rule, "A position is a pair of numbers.")
        poly = base_polygon(a.x, a.y, a.facing, u.kind)
        lo, hi = self.zone(u.side)
        minx, miny, maxx, maxy = poly.bounds
        if minx < 0 or maxx > self.table[0] or miny < lo - 1e-6 or maxy > hi + 1e-6:
            raise IllegalAction(rule, f"Deploy within one third of the table depth from your edge (y {lo:g} to {hi:g} cm).")
        for o in self.units:
            if o.placed and o.id != u.id and o.alive and o.carrier < 0 and o.polygon().intersects(poly):
                raise IllegalAction(rule, f"That base overlaps {o.name} #{o.id}.")
        if u.spec.vehicle:
            for i, k in enumerate(self.terrain.kinds):
                if k == "building" and self.terrain.polys[i].intersects(poly):
                    raise IllegalAction("T-A2", "Vehicles cannot stand in buildings.")

    def _check_Assign(self, a: Assign) -> None:
        self._need_phase("assign", rule="T-T3", what="assign cards")
        u = self.unit(a.unit)
        if u.side != self.actor:
            raise IllegalAction("T-T3", "Put cards on your own units.")
        if not u.alive:
            raise IllegalAction("T-T3", "That unit is destroyed.")
        if u.damaged:
            raise IllegalAction("T-T9", f"{u.name} #{u.id} is in shock and gets no cards this turn.")
        if len(self.assigned.get(u.id, ())) >= 2:
            raise IllegalAction("T-T3", "A unit takes at most two cards.")
        self._hand_refusal(self.actor, a.card, "T-T3")

    def _check_Keep(self, a: Keep) -> None:
        self._need_phase("assign", rule="T-T3", what="stop assigning")

    def _check_Pick(self, a: Pick) -> None:
        self._need_phase("pick", rule="T-T4", what="pick a unit")
        u = self.unit(a.unit)
        cs = self.assigned.get(u.id, [])
        if u.side != self.actor or not cs:
            raise IllegalAction("T-T4", "Pick one of your own units that has cards.")
        if a.which not in (0, 1, 2) or (a.which > 0 and len(cs) < 2):
            raise IllegalAction("T-T4", "Turn the first card, or the second or both when there are two.")

    def _head(self, uid: int, rule: str) -> tuple[str, Unit]:
        self._need_phase("act", rule=rule, what="give orders")
        card, head = self.queue[0]
        if uid != head:
            raise IllegalAction("T-T4", f"It is {self.units[head].name} #{head}'s turn to act ({C.label(card)}).")
        return card, self.units[head]

    def _follower_chain(self, leader: Unit, followers: tuple[int, ...]) -> list[Unit]:
        """T-F1: up to two units with no cards of their own, each within 7.5 cm of the previous."""
        if len(followers) > 2:
            raise IllegalAction("T-F1", "At most two more units may follow.")
        chain = [leader]
        for fid in followers:
            f = self.unit(fid)
            if f.side != leader.side or not f.alive or f.id in (c.id for c in chain):
                raise IllegalAction("T-F1", "Followers are other units of your own side.")
            why = self.follow_refusal(f)
            if why:
                raise IllegalAction("T-F1", why)
            if self.gap(chain[-1], f) > FOLLOW_CM + 1e-9:
                raise IllegalAction("T-F1", f"{f.name} #{f.id} is more than 7.5 cm from {chain[-1].name} #{chain[-1].id}.")
            chain.append(f)
        return chain

    def follow_refusal(self, f: Unit) -> str:
        """T-F1 (rev 2): why ``f`` may not follow this turn ("" when it may): it has had no card
        this turn, has not acted or followed yet, is not in shock and is not a passenger."""
        if f.damaged:
            return f"{f.name} #{f.id} is damaged (in shock) and cannot follow."
        if f.carrier >= 0:
            return f"{f.name} #{f.id} is a passenger and cannot follow."
        if f.id in self.carded or self.has_cards(f.id):
            return f"{f.name} #{f.id} had a card of its own this turn and cannot follow."
        if f.id in self.used:
            return f"{f.name} #{f.id} has already acted or followed this turn."
        return ""

    def fire_refusal(self, shooter: Unit, target_id: int) -> IllegalAction | None:
        """Why ``shooter`` may not fire at ``target_id`` (None when it may)."""
        if not 0 <= target_id < len(self.units):
            return IllegalAction("T-A3", f"There is no unit #{target_id}.")
        t = self.units[target_id]
        if t.side == shooter.side or not t.alive:
            return IllegalAction("T-A3", "Fire at an enemy unit still on the table.")
        if t.carrier >= 0:
            return IllegalAction("T-R2", "Passengers cannot be targeted; fire at their vehicle.")
        if shooter.carrier >= 0:
            return IllegalAction("T-R1", "A passenger must dismount before it can fire.")
        if shooter.kind == "infantry" and self.fire_range(shooter, t) > INFANTRY_RANGE + 1e-9:
            return IllegalAction("T-A5", f"Infantry fires at most {INFANTRY_RANGE:g} cm; that is {self.fire_range(shooter, t):.1f} cm.")
        blocked, _ = self.line_of_sight(shooter, t)
        if blocked:
            kind = self.los_terrain.kinds[blocked[0]]
            return IllegalAction("T-A3", f"No line of sight: a {kind} stands in between.")
        return None

    def _check_Fire(self, a: Fire) -> None:
        _, u = self._head(a.unit, "T-A3")
        err = self.fire_refusal(u, a.target)
        if err:
            raise err
        chain = self._follower_chain(u, tuple(f for f, _ in a.followers))
        for f, (_, tid) in zip(chain[1:], a.followers, strict=True):
            err = self.fire_refusal(f, tid)
            if err:
                raise IllegalAction(err.rule, f"{f.name} #{f.id}: {err.message}")

    def _check_MoveOrder(self, a: MoveOrder) -> None:
        _, u = self._head(a.unit, "T-A1")
        self._follower_chain(u, a.followers)

    def _check_Skip(self, a: Skip) -> None:
        self._head(a.unit, "T-T4")

    def _mover(self, uid: int, rule: str) -> tuple[Unit, float]:
        self._need_phase("move", rule=rule, what="move")
        mid, allow = self.movers[0]
        if uid != mid:
            raise IllegalAction(rule, f"It is {self.units[mid].name} #{mid}'s move.")
        return self.units[mid], allow

    def move_start(self, u: Unit) -> tuple[XY, float]:
        """Where a move starts: the front of the base (T-A1), or for a passenger the middle of its carrier."""
        if u.carrier >= 0:
            c = self.units[u.carrier]
            return (c.x, c.y), c.heading
        return u.front(), u.heading

    @staticmethod
    def keeps_facing(heading: float, facing: float | None) -> bool:
        """T-A1 (rev 3): a move whose end facing is the unit's own keeps its facing all the way."""
        return facing is not None and abs((facing - heading + 180.0) % 360.0 - 180.0) < 1e-6

    def simulate_move(self, u: Unit, path: tuple[XY, ...], facing: float | None) -> dict[str, Any]:
        """Where a move along ``path`` ends (T-A1 measured from the front, T-A2 terrain stops).

        The front of the base follows the path and the base turns to each leg's direction
        (pivoting on its front), then to ``facing``; when ``facing`` is the unit's own facing the
        base slides along the path without ever turning (T-A1 rev 3).  T-A2 (rev 2) is judged on
        the whole base: the move stops where any part of it first enters a piece it was not
        already touching (a vehicle stops just short of a building).  A passenger's move is its
        getting out (T-R1 rev 3, see ``dismount_pose``).  Pure: returns the end front point,
        heading, centre, cm travelled, why it stopped and ``poses`` (every base on the way, for T-A1)."""
        if u.carrier >= 0 and path:
            return self.dismount_pose(u, path[-1], facing)
        start, heading = self.move_start(u)
        slide = self.keeps_facing(heading, facing)
        t = self.terrain
        kind = u.kind
        vehicle = u.spec.vehicle
        first = pose_polygon(start, heading, kind)
        already = set(t.overlapping(first))
        poses = [first]
        cur = start
        travelled = 0.0
        stop = ""

        def entered(poly: Polygon) -> int:
            for i in t.overlapping(poly):
                if i not in already:
                    return i
            return -1

        def why(i: int) -> str:
            k = t.kinds[i]
            if k == "building" and vehicle:
                return "a vehicle cannot enter a building"
            return f"entered {'a ' if k != 'woods' else ''}{k}"

        def pivot(to: float) -> bool:
            """Turn on the front point to ``to``; False (and stop set) if the base enters a piece."""
            nonlocal heading, stop
            if slide:
                return True
            turn = (to - heading + 180.0) % 360.0 - 180.0
            steps = max(1, math.ceil(abs(turn) / 15.0))
            for k in range(1, steps + 1):
                hd = heading + turn * k / steps
                poly = pose_polygon(cur, hd, kind)
                i = entered(poly)
                if i >= 0:
                    stop = why(i)
                    if not (t.kinds[i] == "building" and vehicle):
                        heading = hd
                        poses.append(poly)
                    return False
                poses.append(poly)
            heading = to
            return True

        for nxt in path:
            seg = math.dist(cur, nxt)
            if seg < 1e-9:
                continue
            if not pivot(math.degrees(math.atan2(nxt[1] - cur[1], nxt[0] - cur[0]))):
                break
            dx, dy = (nxt[0] - cur[0]) / seg, (nxt[1] - cur[1]) / seg

            def at(d: float, c0: XY = cur, hd: float = heading, ux: float = dx, uy: float = dy) -> Polygon:
                return pose_polygon((c0[0] + ux * d, c0[1] + uy * d), hd, kind)

            hull = swept_area([poses[-1], at(seg)])
            hit_d: float | None = None
            if any(i not in already for i in t.overlapping(hull)):
                n = max(1, math.ceil(seg / 0.5))
                for k in range(1, n + 1):
                    if entered(at(seg * k / n)) >= 0:
                        lo, hi = seg * (k - 1) / n, seg * k / n
                        for _ in range(24):
                            mid = (lo + hi) / 2
                            if entered(at(mid)) >= 0:
                                hi = mid
                            else:
                                lo = mid
                        i = entered(at(hi))
                        stop = why(i)
                        hit_d = lo if t.kinds[i] == "building" and vehicle else min(seg, hi + 0.05)
                        break
            if hit_d is not None:
                poses.append(at(hit_d))
                cur = (cur[0] + dx * hit_d, cur[1] + dy * hit_d)
                travelled += hit_d
                break
            poses.append(at(seg))
            cur = nxt
            travelled += seg
        if facing is not None and not stop:
            pivot(float(facing))
        cx, cy = centre_from_front(cur[0], cur[1], heading, kind)
        return {"front": cur, "heading": heading, "x": cx, "y": cy, "travelled": travelled, "stop": stop,
                "start": start, "poses": poses}

    def dismount_pose(self, u: Unit, toward: XY, facing: float | None) -> dict[str, Any]:
        """T-R1 (rev 3): getting out is the move: the squad is set down with its base touching
        its vehicle's, on the side towards ``toward``, facing ``facing`` (by default away from
        the vehicle), whatever the passed roll.  Returns the pose as ``simulate_move`` does."""
        c = self.units[u.carrier]
        dx, dy = toward[0] - c.x, toward[1] - c.y
        if math.hypot(dx, dy) < 1e-9:
            dx, dy = heading_vec(c.heading + 180.0)
        ang = math.degrees(math.atan2(dy, dx))
        heading = ang if facing is None else float(facing)
        ux, uy = heading_vec(ang)
        hull = c.polygon()
        lo, hi = 0.0, c.spec.length + u.spec.length + u.spec.width
        for _ in range(40):  # the outward ray leaves the (convex) overlap once: bisect its exit
            mid = (lo + hi) / 2
            if base_polygon(c.x + ux * mid, c.y + uy * mid, heading, u.kind).intersection(hull).area > 1e-9:
                lo = mid
            else:
                hi = mid
        r = hi + 1e-4
        x, y = c.x + ux * r, c.y + uy * r
        front = front_point(x, y, heading, u.kind)
        return {"front": front, "heading": heading, "x": x, "y": y, "travelled": r, "stop": "",
                "start": (c.x, c.y), "poses": [base_polygon(x, y, heading, u.kind)], "dismount": True}

    def _check_Move(self, a: Move) -> None:
        u, allow = self._mover(a.unit, "T-A1")
        self.check_move(u, allow, a.path, a.facing)

    def check_move(self, u: Unit, allow: float, path: tuple[XY, ...], facing: float | None) -> dict[str, Any] | None:
        """T-A1/T-A2/T-F1: raise IllegalAction unless ``u`` may move along ``path`` (then ``facing``)
        with ``allow`` cm; returns where it ends (None when it stays put)."""
        if facing is not None and not math.isfinite(facing):
            raise IllegalAction("T-A1", "A facing is a number of degrees.")
        if not path and (facing is None or u.carrier >= 0):
            return None
        tw, th = self.table
        for x, y in path:
            if not (math.isfinite(x) and math.isfinite(y)) or not (0 <= x <= tw and 0 <= y <= th):
                raise IllegalAction("T-A1", "The path must stay on the table.")
        if u.carrier >= 0:
            return self._check_dismount(u, path, facing)
        start, _ = self.move_start(u)
        length = path_length([start, *path])
        cap = " (infantry moves at most 6 cm per card)" if u.kind == "infantry" else ""
        if length > allow + 1e-6:
            raise IllegalAction("T-A1", f"That path is {length:.1f} cm; this move allows {allow:g} cm{cap}.")
        end = self.simulate_move(u, path, facing)
        poses: list[Polygon] = end["poses"]
        final = poses[-1]
        minx, miny, maxx, maxy = final.bounds
        if minx < -1e-6 or miny < -1e-6 or maxx > tw + 1e-6 or maxy > th + 1e-6:
            raise IllegalAction("T-A1", "The unit would end partly off the table.")
        shift = corner_shift(poses[0], final)
        if shift > allow + 1e-6:
            raise IllegalAction("T-A1", f"That moves a corner of the base {shift:.1f} cm; this move allows "
                                f"{allow:g} cm{cap}, for the whole base (a turn cannot gain ground).")
        self._solid_refusal(u, poses)
        idx = self.chain.index(u.id) if u.id in self.chain else 0
        if idx > 0:
            prev = self.units[self.chain[idx - 1]]
            pp = self.units[prev.carrier].polygon() if prev.carrier >= 0 else prev.polygon()
            if final.distance(pp) > FOLLOW_CM + 1e-9:
                raise IllegalAction("T-F1", f"Followers must stay within 7.5 cm of {prev.name} #{prev.id}.")
        return end

    def _check_dismount(self, u: Unit, path: tuple[XY, ...], facing: float | None) -> dict[str, Any]:
        """T-R1 (rev 3): a dismounting squad is set down touching its vehicle on free ground."""
        c = self.units[u.carrier]
        if len(path) > 1:
            raise IllegalAction("T-R1", f"Getting out is the whole move: {u.name} #{u.id} is set down beside "
                                f"{c.name} #{c.id}; point to one spot round it.")
        end = self.simulate_move(u, path, facing)
        final: Polygon = end["poses"][-1]
        tw, th = self.table
        minx, miny, maxx, maxy = final.bounds
        if minx < -1e-6 or miny < -1e-6 or maxx > tw + 1e-6 or maxy > th + 1e-6:
            raise IllegalAction("T-R1", "There the squad would stand partly off the table: get out on another side.")
        for o in self.units:
            if o.id in (u.id, c.id) or o.carrier >= 0:
                continue
            if (o.alive or (o.wreck and self.game.settings["wrecks"])) and final.intersection(o.polygon()).area > 1e-6:
                what = "the wreck of " if not o.alive else ""
                raise IllegalAction("T-R1", f"There the squad would stand on {what}{o.name} #{o.id}: "
                                    "get out on free ground.")
        return end

    def _solid_refusal(self, u: Unit, poses: list[Polygon]) -> None:
        """T-A1/T-A2 (rev 2): bases are solid.  No crossing an enemy base; no ending on another
        base, a wreck or (for a vehicle) a building."""
        final = poses[-1]
        swept = swept_area(poses)
        owner = self.game.player_name
        for o in self.units:
            if o.id == u.id or o.id == u.passenger or (o.carrier >= 0 and o.alive):
                continue
            if o.alive:
                poly = o.polygon()
                if o.side != u.side and swept.intersection(poly).area > 1e-6:
                    raise IllegalAction("T-A1", f"The move would cross {owner(o.side)}'s {o.name} #{o.id}: "
                                        "bases are solid.")
                if final.intersection(poly).area > 1e-6:
                    raise IllegalAction("T-A1", f"The unit would end on top of {o.name} #{o.id}.")
            elif o.wreck and self.game.settings["wrecks"] and final.intersection(o.polygon()).area > 1e-6:
                raise IllegalAction("T-A1", f"The unit would end on the wreck of {o.name} #{o.id}.")
        if u.spec.vehicle:
            for i, k in enumerate(self.terrain.kinds):
                if k == "building" and final.intersection(self.terrain.polys[i]).area > 1e-6:
                    raise IllegalAction("T-A2", "Vehicles cannot enter buildings: the base would end in one.")

    def _check_Mount(self, a: Mount) -> None:
        u, allow = self._mover(a.unit, "T-R1")
        if u.kind != "infantry" or u.carrier >= 0:
            raise IllegalAction("T-R1", "Only an infantry unit on foot can mount.")
        c = self.unit(a.carrier)
        if c.side != u.side or not c.alive or not c.spec.carrier:
            raise IllegalAction("T-R1", "Infantry rides only in your own truck or halftrack, or on your own tank.")
        if c.passenger >= 0:
            raise IllegalAction("T-R1", f"{c.name} #{c.id} already carries a unit.")
        self.mount_move(u, c, allow)

    def mount_move(self, u: Unit, c: Unit, allow: float) -> dict[str, Any]:
        """T-R1 (rev 3): mounting is a move: the squad steps the shortest way to the vehicle,
        keeping its facing, until the bases touch; the step obeys T-A1 (allowance, no crossing
        an enemy base) and T-A2 (terrain stops it short)."""
        a, b = nearest_points(u.polygon(), c.polygon())
        d = float(a.distance(b))
        if d > allow + 1e-6:
            raise IllegalAction("T-R1", f"{c.name} #{c.id} is {d:.1f} cm away; this move allows {allow:g} cm.")
        fx, fy = u.front()
        path = ((fx + b.x - a.x, fy + b.y - a.y),)
        end = self.simulate_move(u, path, u.heading)
        if end["stop"]:
            raise IllegalAction("T-A2", f"The way to {c.name} #{c.id} stops short: {end['stop']}.")
        self._solid_refusal(u, end["poses"])
        return end

    def _check_KeepAboard(self, a: KeepAboard) -> None:
        self._need_phase("aboard", rule="T-R2", what="decide about passengers")
        if not self.aboard:
            raise IllegalAction("T-R2", "No passenger waits for a decision.")
        if a.passenger != self.aboard[0][0]:
            raise IllegalAction("T-R2", f"Decide about #{self.aboard[0][0]} first.")

    def damaged_units(self, p: int) -> list[Unit]:
        """T-T8 (rev 3): the units that may take a recovery card: every unit still damaged,
        whenever it was hit (a failed roll leaves it damaged also the next turn)."""
        return [u for u in self.units if u.side == p and u.alive and u.damaged]

    def _check_Recover(self, a: Recover) -> None:
        self._need_phase("recover", rule="T-T8", what="put recovery cards down")
        u = self.unit(a.unit)
        if u.side != self.actor or not u.alive or not u.damaged:
            raise IllegalAction("T-T8", "Recovery cards go on your own damaged units.")
        if u.id in self.recovering:
            raise IllegalAction("T-T8", "One recovery card per unit.")
        self._hand_refusal(self.actor, a.card, "T-T8")

    def _check_EndRecovery(self, a: EndRecovery) -> None:
        self._need_phase("recover", rule="T-T8", what="end recovery")

    def _check_Discard(self, a: Discard) -> None:
        self._need_phase("discard", rule="T-T10", what="discard")
        self._hand_refusal(self.actor, a.card, "T-T10")

    # -- applying -----------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        self._events = []
        getattr(self, f"_do_{type(action).__name__}")(action)
        return self._events

    def _ev(self, kind: str, text: str, **data: Any) -> None:
        self._events.append(Event(kind, text, data))

    def _reveal(self, kind: str, text: str, **data: Any) -> None:
        """An event that shows hidden cards (T-T2): undo never steps back over it."""
        self._events.append(Event(kind, text, data, reveals=True))

    def _roll(self, n: int, need: int, what: str, **data: Any) -> tuple[list[int], bool]:
        """Roll ``n`` dice against ``need``; the event shows the dice and what was needed."""
        dice = self.chance.dice(n)
        ok = sum(dice) >= need
        self._ev("roll", f"{what}: rolled {'+'.join(map(str, dice))} = {sum(dice)}, needed {need}: "
                 f"{'success' if ok else 'failed'}.", dice=dice, need=need, ok=ok, what=what, **data)
        return dice, ok

    # setup
    def _do_RollOff(self, a: RollOff) -> None:
        while True:
            r0, r1 = self.chance.dice(2), self.chance.dice(2)
            self._ev("roll", f"Roll-off: Blue {'+'.join(map(str, r0))} = {sum(r0)}, "
                     f"Orange {'+'.join(map(str, r1))} = {sum(r1)}.", dice=[r0, r1], need=0, what="roll-off")
            if sum(r0) != sum(r1):
                break
            self._ev("info", "A tie: roll again (T-U1).")
        self.attacker = 0 if sum(r0) > sum(r1) else 1
        self._ev("setup", f"{self.game.player_name(self.attacker)} attacks.", attacker=self.attacker)
        self._advance_setup()

    def _do_PlaceTerrain(self, a: PlaceTerrain) -> None:
        pts = shape_points(a.kind, a.x, a.y, a.w, a.h, a.angle)
        self.pieces.append({"kind": a.kind, "points": pts, "params": [a.x, a.y, a.w, a.h, a.angle]})
        self._invalidate()
        self._ev("terrain", f"A {a.kind} goes down.")

    def _do_EditTerrain(self, a: EditTerrain) -> None:
        p = self.pieces[a.index]
        p["points"] = shape_points(p["kind"], a.x, a.y, a.w, a.h, a.angle)
        p["params"] = [a.x, a.y, a.w, a.h, a.angle]
        self._invalidate()
        self._ev("terrain", f"The {p['kind']} (piece {a.index + 1}) is now {a.w:g} x {a.h:g} cm at {a.x:g}, {a.y:g}"
                 f"{f', turned {a.angle:g} degrees' if a.angle else ''}.", fold=f"terrain {a.index}")

    def _do_RemoveTerrain(self, a: RemoveTerrain) -> None:
        p = self.pieces.pop(a.index)
        self._invalidate()
        self._ev("terrain", f"The {p['kind']} is taken away.")

    def _do_EndTerrain(self, a: EndTerrain) -> None:
        self.terrain_open = False
        self._ev("setup", f"The terrain is ready: {len(self.pieces)} pieces.")
        self._advance_setup()

    def _do_ChooseSide(self, a: ChooseSide) -> None:
        self.edge = a.edge
        self._ev("setup", f"{self.game.player_name(1 - self.attacker)} defends the {a.edge} edge.")
        self._advance_setup()

    def _do_Deploy(self, a: Deploy) -> None:
        u = self.units[a.unit]
        u.x, u.y, u.heading, u.placed = float(a.x), float(a.y), float(a.facing), True
        self._ev("deploy", f"{u.name} #{u.id} deployed.", unit=u.id)
        self._advance_setup()

    def _advance_setup(self) -> None:
        if self.attacker < 0:
            self.phase = "rolloff"
        elif self.terrain_open:
            self.phase = "terrain"
        elif not self.edge:
            self.phase = "side"
        elif any(not u.placed for u in self.units):
            d = 1 - self.attacker
            self.actor = d if any(not u.placed for u in self.units if u.side == d) else self.attacker
            self.phase = "deploy"
        else:
            self._start_turn()

    # turn
    def _start_turn(self) -> None:
        if not self.deck:
            self._end_game("The deck is used up (T-E1).")
            return
        self.turn += 1
        self.carded, self.used, self.hit_now = set(), set(), set()
        defender = 1 - self.attacker
        shuffler = defender if self.turn % 2 == 1 else self.attacker
        self.chance.shuffle(self.deck)
        self._ev("shuffle", f"Turn {self.turn}: {self.game.player_name(shuffler)} shuffles the {len(self.deck)} card{'s' if len(self.deck) != 1 else ''} (T-U5).",
                 shuffler=shuffler)
        small = all(len(self.alive_units(p)) < 5 for p in (0, 1))
        counts = []
        for p in (0, 1):
            d = self.chance.dice(2)
            n = max(d) if small else sum(d)
            counts.append(n)
            self.deal_rolls[p] = d
            rule = "higher die only: both sides have fewer than five units" if small else "2D6"
            self._ev("roll", f"{self.game.player_name(p)} rolls {'+'.join(map(str, d))} for cards ({rule}): {n}.",
                     dice=d, need=0, what="deal", player=p, cards=n)
        first = self.attacker if counts[0] == counts[1] else (0 if counts[0] > counts[1] else 1)
        left = counts[:]
        p = first
        dealt = [0, 0]
        while self.deck and (left[0] or left[1]):
            if left[p]:
                self.hands[p].append((self.deck.pop(0), False))
                left[p] -= 1
                dealt[p] += 1
            p = 1 - p
        self._reveal("deal", f"Dealt face down: Blue {dealt[0]}, Orange {dealt[1]}; {len(self.deck)} left in the deck.",
                 dealt=dealt, first=first)
        self.phase = "assign"
        self.done = [not self._can_assign(0), not self._can_assign(1)]
        self._next_assigner(self.attacker)

    def _next_assigner(self, prefer: int) -> None:
        for p in (prefer, 1 - prefer):
            if not self.done[p] and self._can_assign(p):
                self.actor = p
                return
        self._start_round()

    def _do_Assign(self, a: Assign) -> None:
        p = self.actor
        card = self._take_from_hand(p, a.card)
        self.assigned.setdefault(a.unit, []).append(card)
        self.carded.add(a.unit)
        u = self.units[a.unit]
        shown = C.label(card[0]) if card[1] else "a face-down card"
        self._ev("assign", f"{self.game.player_name(p)} puts {shown} on {u.name} #{u.id}.", unit=u.id, card=self.known_card(card))
        self._next_assigner(1 - p)

    def _do_Keep(self, a: Keep) -> None:
        p = self.actor
        self.done[p] = True
        self._ev("assign", f"{self.game.player_name(p)} keeps {len(self.hands[p])} card{'s' if len(self.hands[p]) != 1 else ''} in hand.")
        self._next_assigner(1 - p)

    def _start_round(self) -> None:
        """T-T4/T-T7: a new pick round while assigned cards remain, else recovery."""
        self.picks = []
        for p in (self.attacker, 1 - self.attacker):
            if self._units_with_cards(p):
                self.phase = "pick"
                self.actor = p
                return
        self._start_recovery()

    def _do_Pick(self, a: Pick) -> None:
        p = self.actor
        self.picks.append((p, a.unit, a.which))
        self._ev("pick", f"{self.game.player_name(p)} picks {self.units[a.unit].name} #{a.unit}.", unit=a.unit)
        other = 1 - p
        if not any(q[0] == other for q in self.picks) and self._units_with_cards(other):
            self.actor = other
            return
        turned: list[tuple[str, int]] = []
        for _, uid, which in self.picks:
            cs = self.assigned[uid]
            take = [0, 1] if which == 2 else [which]
            for i in sorted(take, reverse=True):
                turned.append((cs.pop(i)[0], uid))
            if not cs:
                del self.assigned[uid]
        self.queue = sorted(turned, key=lambda q: C.initiative_key(q[0]))
        order = ", ".join(f"{C.label(c)} #{uid}" for c, uid in self.queue)
        self._reveal("reveal", f"Cards turned; order of action: {order} (T-T4).", cards=[list(q) for q in self.queue])
        self.phase = "act"

    def _pop_card(self) -> str:
        card, uid = self.queue.pop(0)
        self.used.add(uid)
        self.discard.append(card)
        return card

    def _after_card(self) -> None:
        if self._wiped_out():
            return
        self._lapse_choices()
        if self.aboard:
            self.phase = "aboard"
        elif self.queue:
            self.phase = "act"
        else:
            self._start_round()

    def _lapse_choices(self) -> None:
        """T-R2 (rev 3): a keep-aboard choice lapses when its passenger or halftrack is gone
        (destroyed by a later shot) or the passenger is no longer aboard."""
        self.aboard = [(pid, cid) for pid, cid in self.aboard
                       if self.units[pid].alive and self.units[cid].alive and self.units[pid].carrier == cid]

    def _wiped_out(self) -> bool:
        """T-E2 (rev 2): a side with no unit left loses at once."""
        for p in (0, 1):
            if not self.alive_units(p):
                self._end_game("")
                return True
        return False

    def _do_Skip(self, a: Skip) -> None:
        card = self._pop_card()
        self._ev("hold", f"{self.units[a.unit].name} #{a.unit} holds ({C.label(card)} spent).", unit=a.unit)
        self._after_card()

    def _do_Fire(self, a: Fire) -> None:
        card = self._pop_card()
        n, need = C.dice_for(card, "fire"), C.difficulty(card)
        self.used.update(f for f, _ in a.followers)
        for sid, tid in ((a.unit, a.target), *a.followers):
            s, t = self.units[sid], self.units[tid]
            if not t.alive or t.carrier >= 0:
                self._ev("info", f"{s.name} #{sid} has nothing left to fire at: {t.name} #{tid} is gone (T-F1).")
                continue
            err = self.fire_refusal(s, tid)
            if err:  # T-F1 (rev 2): judged after the leader's result (a fresh wreck may block)
                self._ev("info", f"{s.name} #{sid} cannot fire at {t.name} #{tid} after all: {err.message}")
                continue
            _, doubt = self.line_of_sight(s, t)
            blocked = False
            for i in doubt:
                face = self.chance.die()
                clear = face >= 4
                self._ev("roll", f"Line of sight from {s.name} #{sid} to {t.name} #{tid} past the "
                         f"{self.los_terrain.kinds[i]} is in doubt: rolled {face}, needed 4: "
                         f"{'clear' if clear else 'blocked'} (T-A4).", dice=[face], need=4, ok=clear,
                         what="line of sight", shooter=sid, target=tid)
                if not clear:
                    blocked = True
                    break
            if blocked:
                continue
            _, hit = self._roll(n, need, f"{s.name} #{sid} fires at {t.name} #{tid} with {C.label(card)}",
                                shooter=sid, target=tid, action="fire", card=card)
            self._ev("shot", "", shooter=sid, target=tid, hit=hit)
            if hit and not self._saved(t):
                self._hit(t)
        self._after_card()

    def _saved(self, t: Unit) -> bool:
        """T-A7 armour, T-A8 cover: any 5 or 6 turns the hit into a miss."""
        if t.spec.armour_dice:
            dice = self.chance.dice(t.spec.armour_dice)
            ok = any(d >= 5 for d in dice)
            self._ev("roll", f"Armour save for {t.name} #{t.id}: rolled {'+'.join(map(str, dice))}, needed a 5 or 6: "
                     f"{'saved' if ok else 'failed'} (T-A7).", dice=dice, need=5, ok=ok, what="armour save", any=True,
                     unit=t.id)
            return ok
        if self.in_cover(t):
            face = self.chance.die()
            ok = face >= 5
            self._ev("roll", f"Cover save for {t.name} #{t.id}: rolled {face}, needed 5 or 6: "
                     f"{'saved' if ok else 'failed'} (T-A8).", dice=[face], need=5, ok=ok, what="cover save", any=True,
                     unit=t.id)
            return ok
        return False

    def _discard_cards_of(self, u: Unit) -> None:
        for c, _ in self.assigned.pop(u.id, []):
            self.discard.append(c)
        keep = []
        for c, uid in self.queue:
            if uid == u.id:
                self.discard.append(c)
            else:
                keep.append((c, uid))
        self.queue = keep

    def _hit(self, t: Unit) -> None:
        """T-A9: a hit damages; a second destroys.  T-R2: the passenger is hit too."""
        self._discard_cards_of(t)
        if t.damaged:
            self._destroy(t)
        else:
            t.damaged = True
            self.hit_now.add(t.id)
            self._ev("damaged", f"{t.name} #{t.id} is hit and damaged; its cards are discarded.", unit=t.id)
        if t.passenger >= 0:
            p = self.units[t.passenger]
            self._ev("info", f"The passenger {p.name} #{p.id} is hit too (T-R2).")
            self._hit(p)
            if not p.alive:
                t.passenger = -1
                p.carrier = -1
            elif t.kind == "halftrack" and t.alive:
                if all(q[0] != p.id for q in self.aboard):
                    self.aboard.append((p.id, t.id))
            else:
                self._dismount(p)

    def _destroy(self, t: Unit) -> None:
        """T-A9: destroyed; a vehicle leaves a wreck (a setting); T-E2: its points to the other side."""
        t.destroyed = True
        t.damaged = False
        if t.spec.vehicle and self.game.settings["wrecks"]:
            t.wreck = True
            self._los_terrain = None
        self.vp[1 - t.side] += t.spec.vp
        self._ev("destroyed", f"{t.name} #{t.id} is destroyed: {t.spec.vp} victory point"
                 f"{'s' if t.spec.vp > 1 else ''} to {self.game.player_name(1 - t.side)}.", unit=t.id, vp=t.spec.vp)

    def _dismount(self, p: Unit) -> None:
        """T-R3: a forced dismount puts the infantry 1D6 cm from its vehicle: straight behind it
        when that ground is free, else the nearest free spot at that distance going round the
        vehicle, else further out (up to 12 cm).  Bases stay solid (T-A1): the squad never lands on
        another base or a wreck, nor off the table.  With no free ground at all it cannot get out
        and is lost."""
        if p.carrier < 0 or not p.alive:
            return  # T-R2 (rev 3): nothing moves for a unit that is gone or already out
        c = self.units[p.carrier]
        c.passenger = -1
        p.carrier = -1
        d = self.chance.die()
        spot = self._landing(p, c, d)
        if spot is None:
            p.x, p.y = c.x, c.y
            self._ev("roll", f"{p.name} #{p.id} must dismount: rolled {d}, but there is no free ground "
                     f"round {c.name} #{c.id} and the squad is lost (T-R3).", dice=[d], need=0, what="dismount",
                     unit=p.id)
            self._discard_cards_of(p)
            self._destroy(p)
            return
        p.x, p.y, where = spot
        p.heading = c.heading
        self._ev("roll", f"{p.name} #{p.id} dismounts: rolled {d}, placed {where} {c.name} #{c.id} (T-R3).",
                 dice=[d], need=0, what="dismount", unit=p.id)

    def _landing(self, p: Unit, c: Unit, d: int) -> tuple[float, float, str] | None:
        """Where a squad forced off ``c`` lands (T-R3): its base ``d`` cm (edge to edge) from the
        vehicle's base, behind first, then turning round both sides in 15 degree steps; then the
        same at 1 cm further out each time, up to 12 cm.  ``None`` if nowhere is free."""
        tw, th = self.table
        table = Polygon([(0, 0), (tw, 0), (tw, th), (0, th)])
        hull = c.polygon()
        blockers = [o.polygon() for o in self.units
                    if o.id not in (p.id, c.id) and o.carrier < 0
                    and (o.alive or (o.wreck and self.game.settings["wrecks"]))]
        turns = [0] + [s * k for k in range(15, 181, 15) for s in (1, -1)][:-1]
        for gap in range(d, 13):
            for t in turns:
                ux, uy = heading_vec(c.heading + 180.0 + t)
                r = c.spec.length / 2 + gap + p.spec.length / 2
                for _ in range(4):  # settle the centre so the edge-to-edge gap is ``gap``
                    base = base_polygon(c.x + ux * r, c.y + uy * r, c.heading, p.kind)
                    miss = gap - base.distance(hull)
                    if abs(miss) < 1e-6:
                        break
                    r += miss
                base = base_polygon(c.x + ux * r, c.y + uy * r, c.heading, p.kind)
                if abs(base.distance(hull) - gap) > 0.05 or not table.contains(base):
                    continue
                if any(base.intersection(b).area > 1e-6 for b in blockers):
                    continue
                x, y = c.x + ux * r, c.y + uy * r
                where = f"{gap} cm behind" if t == 0 else f"{gap} cm from"
                return (x, y, where)
        return None

    def _do_KeepAboard(self, a: KeepAboard) -> None:
        pid, _ = self.aboard.pop(0)
        p = self.units[pid]
        if a.keep:
            self._ev("info", f"{p.name} #{pid} stays in the halftrack (T-R2).")
        else:
            self._dismount(p)
        self._after_card()

    def _do_MoveOrder(self, a: MoveOrder) -> None:
        card = self._pop_card()
        n, need = C.dice_for(card, "move"), C.difficulty(card)
        self.chain = [a.unit, *a.followers]
        self.used.update(a.followers)
        self.movers = []
        for uid in self.chain:
            u = self.units[uid]
            dice, ok = self._roll(n, need, f"{u.name} #{uid} moves on {C.label(card)}", unit=uid, action="move", card=card)
            if ok:
                allow = float(min(sum(dice), INFANTRY_CAP) if u.kind == "infantry" else sum(dice))
                self.movers.append((uid, allow))
        if self.movers:
            self.phase = "move"
        else:
            self.chain = []
            self._after_card()

    def _finish_mover(self) -> None:
        self.movers.pop(0)
        if not self.movers:
            self.chain = []
            self._after_card()

    def _do_Move(self, a: Move) -> None:
        u = self.units[a.unit]
        if not a.path and a.facing is None:
            self._ev("move", f"{u.name} #{u.id} stays where it is.", unit=u.id)
            self._finish_mover()
            return
        end = self.simulate_move(u, a.path, a.facing)
        was_passenger = u.carrier >= 0
        if was_passenger and a.path:
            c = self.units[u.carrier]
            c.passenger = -1
            u.carrier = -1
            old = (c.x, c.y)
            u.x, u.y, u.heading = end["x"], end["y"], end["heading"]
            self._ev("move", f"{u.name} #{u.id} gets out of {c.name} #{c.id}, set down beside it (T-R1).",
                     unit=u.id, start=old, end=(u.x, u.y), path=[old, (u.x, u.y)], travelled=end["travelled"])
        elif not was_passenger:
            old = (u.x, u.y)
            u.x, u.y, u.heading = end["x"], end["y"], end["heading"]
            if u.passenger >= 0:
                p = self.units[u.passenger]
                p.x, p.y, p.heading = u.x, u.y, u.heading
            why = f"; it stops: {end['stop']} (T-A2)" if end["stop"] else ""
            self._ev("move", f"{u.name} #{u.id} moves {end['travelled']:.1f} cm{why}.", unit=u.id,
                     start=old, end=(u.x, u.y), path=[end["start"], *a.path], travelled=end["travelled"])
        self._finish_mover()

    def _do_Mount(self, a: Mount) -> None:
        u, c = self.units[a.unit], self.units[a.carrier]
        end = self.mount_move(u, c, self.movers[0][1])
        u.carrier, c.passenger = c.id, u.id
        u.x, u.y, u.heading = c.x, c.y, c.heading
        self._ev("move", f"{u.name} #{u.id} steps {end['travelled']:.1f} cm and mounts {c.name} #{c.id} (T-R1).",
                 unit=u.id)
        self._finish_mover()

    # recovery and end of turn
    def _start_recovery(self) -> None:
        self.phase = "recover"
        self.recovering = {}
        self.done = [not self._can_recover(p) for p in (0, 1)]
        self._next_recoverer(self.attacker)

    def _can_recover(self, p: int) -> bool:
        return bool(self.hands[p]) and any(u.id not in self.recovering for u in self.damaged_units(p))

    def _next_recoverer(self, prefer: int) -> None:
        for p in (prefer, 1 - prefer):
            if not self.done[p] and self._can_recover(p):
                self.actor = p
                return
        self._resolve_recovery()

    def _do_Recover(self, a: Recover) -> None:
        p = self.actor
        self.recovering[a.unit] = self._take_from_hand(p, a.card)
        self._ev("recover", f"{self.game.player_name(p)} puts a card on {self.units[a.unit].name} #{a.unit}.", unit=a.unit)
        self._next_recoverer(p)

    def _do_EndRecovery(self, a: EndRecovery) -> None:
        self.done[self.actor] = True
        self._next_recoverer(1 - self.actor)

    def _resolve_recovery(self) -> None:
        """T-T8: all recovery cards are turned; 2D6 at least the difficulty removes the damage."""
        if self.recovering:
            self._reveal("reveal", "Recovery cards turned: " + ", ".join(
                f"{C.label(c)} on {self.units[uid].name} #{uid}" for uid, (c, _) in sorted(self.recovering.items()))
                + " (T-T8).", cards=[[c, uid] for uid, (c, _) in sorted(self.recovering.items())])
        for uid in sorted(self.recovering):
            card, _ = self.recovering[uid]
            u = self.units[uid]
            _, ok = self._roll(2, C.difficulty(card), f"Recovery of {u.name} #{uid} on {C.label(card)}",
                               unit=uid, action="recover", card=card)
            if ok:
                u.damaged = False
                self._ev("recovered", f"{u.name} #{uid} shakes off the damage.", unit=uid)
            self.discard.append(card)
        self.recovering = {}
        for u in self.units:
            if u.alive and u.damaged:
                self._ev("shock", f"{u.name} #{u.id} stays damaged: in shock next turn (T-T9).", unit=u.id)
        self._check_hand_limit(self.attacker)

    def _check_hand_limit(self, prefer: int) -> None:
        for p in (prefer, 1 - prefer):
            if len(self.hands[p]) > HAND_LIMIT:
                self.phase = "discard"
                self.actor = p
                return
        self._end_turn()

    def _do_Discard(self, a: Discard) -> None:
        c, _ = self._take_from_hand(self.actor, a.card)
        self.discard.append(c)
        self._ev("discard", f"{self.game.player_name(self.actor)} discards {C.label(c) if a.card != '?' else 'a face-down card'}.")
        self._check_hand_limit(self.actor)

    def _end_turn(self) -> None:
        """T-T10: the cards kept in hand are laid face up for both players to see."""
        for p in (0, 1):
            self.hands[p] = [(c, True) for c, _ in self.hands[p]]
            if self.hands[p]:
                self._reveal("faceup", f"{self.game.player_name(p)} keeps {', '.join(C.label(c) for c, _ in self.hands[p])} face up.")
        self._start_turn()

    def _end_game(self, why: str) -> None:
        self.phase = "over"
        res = self.result()
        self._ev("over", f"{why} {res.text if res else ''}".strip(), vp=list(self.vp))

    # -- choices offered ---------------------------------------------------------------------
    def legal_actions(self) -> list[Action] | None:
        """Every legal action in the card phases; None while placing, laying out or moving (continuous)."""
        ph = self.phase
        if ph == "over":
            return []
        if ph in ("terrain", "deploy", "move"):
            return None
        p = self.current_player()
        if ph == "rolloff":
            return [RollOff()]
        if ph == "side":
            return [ChooseSide("north"), ChooseSide("south")]
        if ph == "assign":
            acts: list[Action] = [Keep()]
            faces = sorted({c for c, up in self.hands[p] if up}) + (["?"] if self._hand_has(p, "?") else [])
            for u in self.units:
                if u.side == p and self.can_take_card(u):
                    acts.extend(Assign(u.id, c) for c in faces)
            return acts
        if ph == "pick":
            out: list[Action] = []
            for uid in self._units_with_cards(p):
                out.append(Pick(uid, 0))
                if len(self.assigned[uid]) == 2:
                    out += [Pick(uid, 1), Pick(uid, 2)]
            return out
        if ph == "act":
            return self.order_options()
        if ph == "aboard":
            pid = self.aboard[0][0]
            return [KeepAboard(pid, True), KeepAboard(pid, False)]
        if ph == "recover":
            out = [EndRecovery()]
            faces = sorted({c for c, up in self.hands[p] if up}) + (["?"] if self._hand_has(p, "?") else [])
            for u in self.damaged_units(p):
                if u.id not in self.recovering:
                    out.extend(Recover(u.id, c) for c in faces)
            return out
        if ph == "discard":
            faces = sorted({c for c, up in self.hands[p] if up}) + (["?"] if self._hand_has(p, "?") else [])
            return [Discard(c) for c in faces]
        return []

    def follower_chains(self, leader: Unit) -> list[tuple[int, ...]]:
        """T-F1: every chain of up to two followers for ``leader`` (the empty one first)."""
        free = [u for u in self.units if u.side == leader.side and u.alive and u.id != leader.id
                and not self.follow_refusal(u)]
        out: list[tuple[int, ...]] = [()]
        for f1 in free:
            if self.gap(leader, f1) <= FOLLOW_CM:
                out.append((f1.id,))
                for f2 in free:
                    if f2.id != f1.id and self.gap(f1, f2) <= FOLLOW_CM:
                        out.append((f1.id, f2.id))
        return out

    def targets(self, shooter: Unit) -> list[int]:
        return [t.id for t in self.units if t.side != shooter.side and t.alive
                and self.fire_refusal(shooter, t.id) is None]

    def order_options(self) -> list[Action]:
        """The orders for the unit whose card is up: hold, move (with followers), fire."""
        _, uid = self.queue[0]
        u = self.units[uid]
        out: list[Action] = [Skip(uid)]
        chains = self.follower_chains(u) if u.carrier < 0 else [()]
        out.extend(MoveOrder(uid, ch) for ch in chains)
        for tid in self.targets(u):
            out.append(Fire(uid, tid))
            for ch in chains:
                if ch and all(self.fire_refusal(self.units[f], tid) is None for f in ch):
                    out.append(Fire(uid, tid, tuple((f, tid) for f in ch)))
        return out

    def random_action(self, rng: Chance) -> Action:
        acts = self.legal_actions()
        if acts is not None:
            if not acts:
                raise RuntimeError("Paper Tigers: no legal action in a running game")
            return rng.choice(acts)
        if self.phase == "terrain":
            if len(self.pieces) >= 6 or rng.random() < 0.15:
                return EndTerrain()
            for _ in range(30):
                a: Action = PlaceTerrain(rng.choice(TERRAIN_KINDS), round(rng.uniform(10, self.table[0] - 10), 1),
                                         round(rng.uniform(10, self.table[1] - 10), 1), round(rng.uniform(6, 20), 1),
                                         round(rng.uniform(6, 16), 1), round(rng.uniform(0, 180), 0))
                if self._ok(a):
                    return a
            return EndTerrain()
        if self.phase == "deploy":
            units = [u for u in self.units if u.side == self.actor and not u.placed]
            u = units[0]
            lo, hi = self.zone(u.side)
            face = 90.0 if lo == 0 else 270.0
            for _ in range(200):
                a = Deploy(u.id, round(rng.uniform(6, self.table[0] - 6), 1), round(rng.uniform(lo + 5, hi - 5), 1), face)
                if self._ok(a):
                    return a
            raise RuntimeError("Paper Tigers: no room left to deploy")
        # move
        uid, allow = self.movers[0]
        u = self.units[uid]
        if u.kind == "infantry" and u.carrier < 0 and rng.random() < 0.3:
            for c in self.units:
                a = Mount(uid, c.id)
                if self._ok(a):
                    return a
        start = self.position(u) if u.carrier >= 0 else u.front()
        for _ in range(20):
            ang = rng.uniform(0, 2 * math.pi)
            d = rng.uniform(0.2, allow) * 0.999
            end = (round(start[0] + math.cos(ang) * d, 2), round(start[1] + math.sin(ang) * d, 2))
            a = Move(uid, (end,))
            if self._ok(a):
                return a
        return Move(uid, ())

    def _ok(self, a: Action) -> bool:
        try:
            self.check(a)
        except IllegalAction:
            return False
        return True

    # -- persistence -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "table": list(self.table), "phase": self.phase, "attacker": self.attacker, "edge": self.edge,
            "terrain_open": self.terrain_open,
            "pieces": [{"kind": p["kind"], "points": [list(q) for q in p["points"]],
                        "params": None if p["params"] is None else list(p["params"])} for p in self.pieces],
            "units": [u.to_json() for u in self.units],
            "deck": list(self.deck), "discard": list(self.discard),
            "hands": [[[c, up] for c, up in h] for h in self.hands],
            "assigned": {str(k): [[c, up] for c, up in v] for k, v in sorted(self.assigned.items())},
            "turn": self.turn, "actor": self.actor, "done": list(self.done),
            "picks": [list(p) for p in self.picks], "queue": [list(q) for q in self.queue],
            "movers": [list(m) for m in self.movers], "chain": list(self.chain),
            "aboard": [list(a) for a in self.aboard],
            "recovering": {str(k): [c, up] for k, (c, up) in sorted(self.recovering.items())},
            "vp": list(self.vp), "deal_rolls": [list(r) for r in self.deal_rolls],
            "carded": sorted(self.carded), "used": sorted(self.used), "hit_now": sorted(self.hit_now),
            "chance": self.chance.to_json(),
        }

    @classmethod
    def from_json(cls, game: Game, data: Mapping[str, Any]) -> TigersState:
        assert isinstance(game, TigersGame)
        s = cls(game, Chance.from_json(data["chance"]))
        s.table = (float(data["table"][0]), float(data["table"][1]))
        s.phase = str(data["phase"])
        s.attacker = int(data["attacker"])
        s.edge = str(data["edge"])
        s.terrain_open = bool(data["terrain_open"])
        s.pieces = [{"kind": p["kind"], "points": [(float(q[0]), float(q[1])) for q in p["points"]],
                     "params": None if p["params"] is None else [float(v) for v in p["params"]]}
                    for p in data["pieces"]]
        s.units = [Unit.from_json(u) for u in data["units"]]
        s.deck = list(data["deck"])
        s.discard = list(data["discard"])
        s.hands = [[(str(c), bool(up)) for c, up in h] for h in data["hands"]]
        s.assigned = {int(k): [(str(c), bool(up)) for c, up in v] for k, v in data["assigned"].items()}
        s.turn = int(data["turn"])
        s.actor = int(data["actor"])
        s.done = [bool(v) for v in data["done"]]
        s.picks = [(int(a), int(b), int(c)) for a, b, c in data["picks"]]
        s.queue = [(str(c), int(u)) for c, u in data["queue"]]
        s.movers = [(int(u), float(d)) for u, d in data["movers"]]
        s.chain = [int(v) for v in data["chain"]]
        s.aboard = [(int(a), int(b)) for a, b in data["aboard"]]
        s.recovering = {int(k): (str(v[0]), bool(v[1])) for k, v in data["recovering"].items()}
        s.vp = [int(v) for v in data["vp"]]
        s.deal_rolls = [[int(d) for d in r] for r in data["deal_rolls"]]
        s.carded = {int(v) for v in data.get("carded", ())}
        s.used = {int(v) for v in data.get("used", ())}
        s.hit_now = {int(v) for v in data.get("hit_now", ())}
        return s

    def clone(self) -> TigersState:
        s = TigersState.__new__(TigersState)
        s.game = self.game
        s.chance = self.chance.copy()
        s.table = self.table
        s.phase = self.phase
        s.attacker = self.attacker
        s.edge = self.edge
        s.terrain_open = self.terrain_open
        s.pieces = [dict(p) for p in self.pieces]  # points/params are replaced, never mutated in place
        s.units = [u.copy() for u in self.units]
        s.deck = list(self.deck)
        s.discard = list(self.discard)
        s.hands = [list(h) for h in self.hands]
        s.assigned = {k: list(v) for k, v in self.assigned.items()}
        s.turn = self.turn
        s.actor = self.actor
        s.done = list(self.done)
        s.picks = list(self.picks)
        s.queue = list(self.queue)
        s.movers = list(self.movers)
        s.chain = list(self.chain)
        s.aboard = list(self.aboard)
        s.recovering = dict(self.recovering)
        s.vp = list(self.vp)
        s.deal_rolls = [list(r) for r in self.deal_rolls]
        s.carded, s.used, s.hit_now = set(self.carded), set(self.used), set(self.hit_now)
        s._terrain = self._terrain
        s._los_terrain = self._los_terrain
        s._events = []
        return s
