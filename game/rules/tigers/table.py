"""What every part of the Paper Tigers rules shares: the state's fields, the phases, what can
be read off the table (terrain, sight, distances) and the hands, and the event log."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from shapely.geometry import Polygon

from ...engine import Chance, Event, Game, IllegalAction, State
from ...msg import M, Msg
from . import cards as C
from .geometry import XY, Terrain, base_corners
from .unit import Unit
from .words import dice as dice_text

SETUP_PHASES = ("rolloff", "terrain", "side", "deploy")
#: Which seat is asked in each phase: a field of the state, or a rule.
PHASES: dict[str, Msg] = {
    "rolloff": M("either side rolls for attacker (T-U1)"),
    "terrain": M("the attacker lays out terrain (T-U2)"),
    "side": M("the defender chooses a table edge (T-U3)"),
    "deploy": M("deployment, defender first (T-U3, T-U4)"),
    "assign": M("cards are assigned to units, attacker first (T-T3)"),
    "pick": M("each side picks a unit and turns its cards (T-T4)"),
    "act": M("the turned cards act in initiative order (T-T4..T-T6)"),
    "move": M("a unit that rolled well enough moves (T-A1, T-A2)"),
    "volley": M("the followers of a shot choose their targets and fire, one by one (T-F1)"),
    "aboard": M("a hit halftrack's passenger stays or leaves (T-R2)"),
    "recover": M("hand cards may go on damaged units (T-T8)"),
    "discard": M("hands beyond six are cut (T-T10)"),
    "over": M("the deck is used up (T-E1)"),
}


class TigersCore(State):
    """The fields and shared helpers; the rules themselves are mixed in from one module each."""

    game: Game  # a TigersGame (state.py imports this module, so it is not named here)

    def __init__(self, game: Game, chance: Chance) -> None:
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
        #: T-T2 (rev 4): face-down cards discarded unturned (T-A9, T-T10): out of play, and known
        #: to nobody; a view shows each as "?" and the computer counts them as unseen.
        self.buried: list[str] = []
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
        #: T-F1 (rev 4): the followers of the shot under way still to choose a target and fire,
        #: the card they fire on and the leader's target (what the board offers first).
        self.volley: list[int] = []
        self.volley_card = ""
        self.volley_target = -1
        self.recovering: dict[int, tuple[str, bool]] = {}
        self.vp = [0, 0]
        self.deal_rolls: list[list[int]] = [[], []]
        #: This turn: units that had a card assigned, that acted or followed (T-F1).
        self.carded: set[int] = set()
        self.used: set[int] = set()
        self._terrain: Terrain | None = None
        self._los_terrain: Terrain | None = None
        self._events: list[Event] = []
        #: What happened while the state was set up (a scenario with placed units deals turn 1
        #: at once): the app logs it and shows the deal roll like any later turn's.
        self.opening: list[Event] = []

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
            raise IllegalAction("T-A1", M("There is no unit #{n}.", n=uid))
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
                raise IllegalAction(rule, M("You have no face-down card left in hand."))
            # TRANSLATORS: {card} is a card ("queen of hearts") or what was asked for instead
            raise IllegalAction(rule, M("You hold no face-up {card}.", card=C.label(card) if C.is_card(card) else card))

    def card_count(self) -> int:
        """Every card is somewhere: deck, hands, on units, turned, recovering or discarded (face up or unturned)."""
        return (len(self.deck) + len(self.discard) + len(self.buried) + sum(len(h) for h in self.hands)
                + sum(len(v) for v in self.assigned.values()) + len(self.queue) + len(self.recovering))

    def known_card(self, card: tuple[str, bool]) -> str:
        """What a player may see of a card: its face when face up, else "?" (T-T2)."""
        return card[0] if card[1] else "?"

    def _throw_away(self, card: tuple[str, bool]) -> None:
        """A card leaves play: face up onto the discard pile, or unturned, still unknown (T-T2 rev 4)."""
        (self.discard if card[1] else self.buried).append(card[0])

    def _need_phase(self, *phases: str, rule: str, what: Msg) -> None:
        if self.phase not in phases:
            # TRANSLATORS: {what} is what was tried, a verb phrase ("assign cards"); {phase} what the game waits for now
            raise IllegalAction(rule, M("You cannot {what} now: {phase}.", what=what, phase=PHASES[self.phase]))

    def _ev(self, kind: str, text: str, **data: Any) -> None:
        self._events.append(Event(kind, text, data))

    def _reveal(self, kind: str, text: str, **data: Any) -> None:
        """An event that shows hidden cards (T-T2): undo never steps back over it."""
        self._events.append(Event(kind, text, data, reveals=True))

    def _roll(self, n: int, need: int, what: Msg, **data: Any) -> tuple[list[int], bool]:
        """Roll ``n`` dice against ``need``; the event shows the dice and what was needed."""
        dice = self.chance.dice(n)
        ok = sum(dice) >= need
        if ok:
            # TRANSLATORS: {what} says who rolled for what ("Panther #3 fires at Pak #7 with queen of hearts"); {dice} the faces ("3+5")
            text = M("{what}: rolled {dice} = {total}, needed {need}: success.", what=what, dice=dice_text(dice),
                     total=sum(dice), need=need)
        else:
            # TRANSLATORS: {what} says who rolled for what ("Panther #3 fires at Pak #7 with queen of hearts"); {dice} the faces ("3+5")
            text = M("{what}: rolled {dice} = {total}, needed {need}: failed.", what=what, dice=dice_text(dice),
                     total=sum(dice), need=need)
        self._ev("roll", text, dice=dice, need=need, ok=ok, what=what, **data)
        return dice, ok

    if TYPE_CHECKING:  # what one part of the rules asks of another (defined in the modules named)
        def _start_turn(self) -> None: ...  # turn
        def _head(self, uid: int, rule: str) -> tuple[str, Unit]: ...  # turn
        def _pop_card(self) -> str: ...  # turn
        def _after_card(self) -> None: ...  # turn
        def _start_recovery(self) -> None: ...  # recovery
        def _end_game(self, why: str) -> None: ...  # turn
        def _follower_chain(self, leader: Unit, followers: tuple[int, ...]) -> list[Unit]: ...  # follow
        def _discard_cards_of(self, u: Unit) -> None: ...  # fire
        def _destroy(self, t: Unit) -> None: ...  # fire
        def _mover(self, uid: int, rule: str) -> tuple[Unit, float]: ...  # movement
        def move_start(self, u: Unit) -> tuple[XY, float]: ...  # movement
        def simulate_move(self, u: Unit, path: tuple[XY, ...], facing: float | None,
                          goal: Polygon | None = None) -> dict[str, Any]: ...  # movement
        def _solid_refusal(self, u: Unit, poses: list[Polygon]) -> None: ...  # movement
        def _finish_mover(self) -> None: ...  # movement
        def chain_refusal(self, u: Unit, final: Polygon, aboard: str = "") -> None: ...  # movement
        def dismount_pose(self, u: Unit, toward: XY, facing: float | None) -> dict[str, Any]: ...  # transport
        def _check_dismount(self, u: Unit, path: tuple[XY, ...], facing: float | None) -> dict[str, Any]: ...  # transport
        def _dismount(self, p: Unit) -> None: ...  # transport
        def _lapse_choices(self) -> None: ...  # transport
