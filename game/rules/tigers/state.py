"""Paper Tigers: the game, its state and the turn as RULES.md section T describes it.

Phases (one place, as data, ``table.PHASES``): setup ``rolloff`` -> ``terrain`` -> ``side`` ->
``deploy``; then every turn ``assign`` -> (``pick`` -> ``act``/``volley``/``move``/``aboard``)*
-> ``recover`` -> ``discard``; ``over`` when the deck is used up (T-E1).

The rules live one idea to a module, mixed into ``TigersState``: ``layout`` (the setup
sub-game), ``turn`` (the card flow), ``recovery`` (the end of a turn), ``follow`` (Follow me!),
``fire``, ``movement`` and ``transport``; ``table`` holds the fields and helpers they share.
This module holds the engine interface: whose turn, legality dispatch, the choices offered,
the result and persistence.

Face-down cards sit in the state like cards on a real table, but nothing shown
to a player (status, view, notation, the computer players) reads them before
they are turned (T-T2).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ...engine import Action, Chance, Event, Game, IllegalAction, Result, Setting
from ...levels import list_levels
from ...msg import M, Mn, Mp
from . import cards as C
from .actions import (
    ALL_ACTIONS,
    Assign,
    ChooseSide,
    Deploy,
    Discard,
    EndRecovery,
    EndTerrain,
    Fire,
    FollowFire,
    Keep,
    KeepAboard,
    Mount,
    Move,
    MoveOrder,
    Pick,
    PlaceTerrain,
    Recover,
    RollOff,
    Skip,
)
from .fire import FireRules
from .follow import FollowRules
from .geometry import TERRAIN_KINDS
from .layout import SetupRules
from .movement import MoveRules
from .recovery import RecoveryRules
from .scenario import balance_lines, describe, load_scenario
from .table import PHASES, SETUP_PHASES
from .transport import TransportRules
from .turn import TurnRules
from .unit import Unit
from .words import cm, tag
from .words import side as side_name

__all__ = ["PHASES", "SETUP_PHASES", "TigersGame", "TigersState", "Unit"]


@lru_cache(maxsize=32)
def _describe_level(level: str) -> tuple[str, ...]:
    return tuple(describe(load_scenario(level))) + tuple(balance_lines(level))


def _level_choices() -> tuple[str, ...]:
    return tuple(list_levels("tigers"))


class TigersGame(Game):
    """Rules plus the chosen scenario; makes states."""

    name = "tigers"
    title = M("Paper Tigers")
    rules_version = "5"
    settings_spec = (
        Setting("level", Mp("setting", "Scenario"), "village_fight", "level",
                help=M("A scenario file in levels/tigers; 'open_table' lets the attacker lay out terrain.")),
        Setting("wrecks", M("Wrecks stay on the table"), True, "bool",
                help=M("T-A9: destroyed vehicles stay as black smoke, blocking sight and giving cover.")),
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
                M("Solo: set both seats to Person and command both sides in turn.")]

    @property
    def num_players(self) -> int:
        return 2

    def player_name(self, seat: int) -> str:
        return side_name(seat)

    def new_initial_state(self, chance: Chance) -> TigersState:
        return TigersState.initial(self, chance)



class TigersState(SetupRules, TurnRules, RecoveryRules, FollowRules, FireRules, MoveRules, TransportRules):
    """One point in a game of Paper Tigers."""

    game: TigersGame

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
        if self.phase == "volley":
            return self.units[self.volley[0]].side
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
            # TRANSLATORS: {won} and {lost} are sides (Blue, Orange); {a} and {b} victory points
            return Result((w,), M("{won} wins a complete victory: {lost} has no unit left "
                                  "({a} to {b} victory points, T-E2).", won=names(w), lost=names(lost),
                                  a=self.vp[w], b=self.vp[lost]), (float(a), float(b)))
        if a == b:
            return Result((), Mn("A draw at {n} victory point each.", "A draw at {n} victory points each.", a),
                          (float(a), float(b)))
        w = 0 if a > b else 1
        if abs(a - b) < 3:
            # TRANSLATORS: {won} is a side (Blue, Orange); {a} and {b} victory points
            text = M("{won} wins a marginal victory, {a} to {b} victory points.", won=names(w), a=max(a, b),
                     b=min(a, b))
        else:
            # TRANSLATORS: {won} is a side (Blue, Orange); {a} and {b} victory points
            text = M("{won} wins a complete victory, {a} to {b} victory points.", won=names(w), a=max(a, b),
                     b=min(a, b))
        return Result((w,), text, (float(a), float(b)))

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
            return res.text if res else M("Game over.")
        p = self.game.player_name(self.current_player())
        ph = self.phase
        if ph == "rolloff":
            return M("Roll 2D6 each to see who attacks.")
        if ph == "terrain":
            # TRANSLATORS: {side} is Blue or Orange; {n} terrain pieces on the table
            return Mn("{side} attacks and lays out the terrain ({n} piece).",
                      "{side} attacks and lays out the terrain ({n} pieces).", len(self.pieces), side=p)
        if ph == "side":
            # TRANSLATORS: {side} is Blue or Orange
            return M("{side} defends: choose the north or south edge.", side=p)
        if ph == "deploy":
            left = sum(1 for u in self.units if u.side == self.actor and not u.placed)
            # TRANSLATORS: {side} is Blue or Orange
            return Mn("{side} deploys: {n} unit to place.", "{side} deploys: {n} units to place.", left, side=p)
        if ph == "assign":
            # TRANSLATORS: {turn} is the turn's number; {side} is Blue or Orange
            return M("Turn {turn}: {side} assigns a card or keeps the rest.", turn=self.turn, side=p)
        if ph == "pick":
            # TRANSLATORS: {turn} is the turn's number; {side} is Blue or Orange
            return M("Turn {turn}: {side} picks a unit and turns its cards.", turn=self.turn, side=p)
        if ph == "act":
            card, uid = self.queue[0]
            # TRANSLATORS: {side} is Blue or Orange; {unit} a unit ("Panther #3"); {card} a card ("queen of hearts")
            return M("Turn {turn}: {side}'s {unit} acts on {card}: move, fire or hold.", turn=self.turn, side=p,
                     unit=tag(self.units[uid]), card=C.label(card))
        if ph == "move":
            uid, allow = self.movers[0]
            # TRANSLATORS: {side} is Blue or Orange; {unit} a unit ("Panther #3"); {d} centimetres
            return M("{side}'s {unit} may move up to {d} cm.", side=p, unit=tag(self.units[uid]), d=cm(allow))
        if ph == "volley":
            f = self.units[self.volley[0]]
            # TRANSLATORS: {side} is Blue or Orange; {unit} a unit ("Panther #3"); {card} a card ("queen of hearts")
            return M("{side}'s {unit} follows the shot on {card}: choose its target, or hold its fire.",
                     side=p, unit=tag(f), card=C.label(self.volley_card))
        if ph == "aboard":
            # TRANSLATORS: {side} is Blue or Orange
            return M("{side}: the halftrack was hit; keep the passenger aboard?", side=p)
        if ph == "recover":
            # TRANSLATORS: {side} is Blue or Orange
            return M("{side} may put hand cards on damaged units.", side=p)
        if ph == "discard":
            # TRANSLATORS: {side} is Blue or Orange
            return Mn("{side} holds {n} card: discard down to six.", "{side} holds {n} cards: discard down to six.",
                      len(self.hands[self.actor]), side=p)
        # TRANSLATORS: {side} is Blue or Orange
        return M("{side} to play.", side=p)

    def check(self, action: Action) -> None:
        handler = getattr(self, f"_check_{type(action).__name__}", None)
        if handler is None:
            raise IllegalAction("T-T3", M("Paper Tigers has no such action."))
        handler(action)

    def _apply(self, action: Action) -> list[Event]:
        self._events = []
        getattr(self, f"_do_{type(action).__name__}")(action)
        return self._events

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
        if ph == "volley":
            fid = self.volley[0]
            return [*(FollowFire(fid, t) for t in self.targets(self.units[fid])), FollowFire(fid, -1)]
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

    def order_options(self) -> list[Action]:
        """The orders for the unit whose card is up: hold, move (with followers), fire."""
        _, uid = self.queue[0]
        u = self.units[uid]
        out: list[Action] = [Skip(uid)]
        chains = self.follower_chains(u) if u.carrier < 0 else [()]
        out.extend(MoveOrder(uid, ch) for ch in chains)
        # T-F1 (rev 4): the followers choose their own targets after this shot (FollowFire)
        out.extend(Fire(uid, tid, ch) for tid in self.targets(u) for ch in chains)
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

    def to_json(self) -> dict[str, Any]:
        return {
            "table": list(self.table), "phase": self.phase, "attacker": self.attacker, "edge": self.edge,
            "terrain_open": self.terrain_open,
            "pieces": [{"kind": p["kind"], "points": [list(q) for q in p["points"]],
                        "params": None if p["params"] is None else list(p["params"])} for p in self.pieces],
            "units": [u.to_json() for u in self.units],
            "deck": list(self.deck), "discard": list(self.discard), "buried": list(self.buried),
            "hands": [[[c, up] for c, up in h] for h in self.hands],
            "assigned": {str(k): [[c, up] for c, up in v] for k, v in sorted(self.assigned.items())},
            "turn": self.turn, "actor": self.actor, "done": list(self.done),
            "picks": [list(p) for p in self.picks], "queue": [list(q) for q in self.queue],
            "movers": [list(m) for m in self.movers], "chain": list(self.chain),
            "aboard": [list(a) for a in self.aboard],
            "volley": list(self.volley), "volley_card": self.volley_card, "volley_target": self.volley_target,
            "recovering": {str(k): [c, up] for k, (c, up) in sorted(self.recovering.items())},
            "vp": list(self.vp), "deal_rolls": [list(r) for r in self.deal_rolls],
            "carded": sorted(self.carded), "used": sorted(self.used),
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
        s.buried = [str(c) for c in data.get("buried", ())]
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
        s.volley = [int(v) for v in data.get("volley", ())]
        s.volley_card = str(data.get("volley_card", ""))
        s.volley_target = int(data.get("volley_target", -1))
        s.recovering = {int(k): (str(v[0]), bool(v[1])) for k, v in data["recovering"].items()}
        s.vp = [int(v) for v in data["vp"]]
        s.deal_rolls = [[int(d) for d in r] for r in data["deal_rolls"]]
        s.carded = {int(v) for v in data.get("carded", ())}
        s.used = {int(v) for v in data.get("used", ())}
        return s

    def view(self, seat: int | None) -> dict[str, Any]:  # what a seat may know: seatview.py
        from .seatview import view

        return view(self, seat)

    @classmethod
    def from_view(cls, game: Game, view: Mapping[str, Any], seed: int) -> TigersState:  # seatview.py
        from .seatview import from_view

        return from_view(cls, game, view, seed)  # type: ignore[no-any-return]

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
        s.buried = list(self.buried)
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
        s.volley, s.volley_card, s.volley_target = list(self.volley), self.volley_card, self.volley_target
        s.recovering = dict(self.recovering)
        s.vp = list(self.vp)
        s.deal_rolls = [list(r) for r in self.deal_rolls]
        s.carded, s.used = set(self.carded), set(self.used)
        s._terrain = self._terrain
        s._los_terrain = self._los_terrain
        s._events = []
        return s
