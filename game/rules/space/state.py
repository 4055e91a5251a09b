"""Pencil Space Combat: the Game (settings, variants) and the State (one point in play).

Phases as data (``PHASES``): doors, hand-drawn asteroids, ship placement, play,
and the heading a ship takes after a successful move.  Every setup step is an
action, so a record replays the whole game, coin flip included.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.strtree import STRtree

from ...engine import Action, Chance, Event, Game, IllegalAction, Result, Setting, State
from ...msg import N_, M, Mn, Mp, Msg
from .actions import AnswerDraw, CallDraw, DrawAsteroid, FieldDone, Flick, Heading, Pass, PlaceDoor, PlacePiece
from .evaluate import Outcome, Piece, World, backwards, chain_blasts, evaluate_move, evaluate_shot, fits, landing
from .fields import FIELDS, MAX_ASTEROIDS, asteroid_problem, blob, generate, load_field
from .flick import PENCILS, resolve_flick
from .geometry import HANGAR_DEPTH, IN, PAPERS, SIDES, Sheet, cm, flick_origin, make_hangars, piece_polygon
from .random_play import hangar_spot, random_intention
from .words import colour, comma_list, piece, player

PIECES_EACH = 3  # S-U4
CLOCKWISE = ("bottom", "left", "top", "right")  # S-T4 (rev 2)
PHASES_CALL = ("play", "heading")  # S-V4: when a stalemate may be called (by either player)
QUIET_TURNS = 10  # S-V4
RESIDUE_KEPT = 12
STOPPER_MAX = 4 * IN  # a hand is about four inches across

#: Which actions each phase allows (boardgame.io-style phases as data).
PHASES: dict[str, tuple[str, ...]] = {
    "door": ("PlaceDoor",),
    "field": ("DrawAsteroid", "FieldDone"),
    "ships": ("PlacePiece",),
    "play": ("Flick", "Pass", "CallDraw"),
    "heading": ("Heading", "CallDraw"),
    "draw": ("AnswerDraw",),  # S-V4 (rev 4): with 3-4 players the others answer a call in turn
    "over": (),
}


# -- the game ----------------------------------------------------------------------

class SpaceGame(Game):
    name = "space"
    title = N_("Pencil Space Combat")
    #: 3: revision 3 (S-V9 nothing beyond the hand; doors measured from the player's left); 4: revision 4
    #: (S-M1 no moving backwards, tears and blasts on the cylinder, square tunnel ends, draw proposals)
    rules_version = "4"
    settings_spec = (
        Setting("players", Mp("setting", "Players"), 2, "int", lo=2, hi=4,
                help=M("S-V7: 3 or 4 add hangars on the long sides.")),
        Setting("paper", Mp("setting", "Paper"), "letter", "choice", ("letter", "a4"), help="S-U1",
                names=(Mp("paper size", "Letter"), "A4")),
        # the choices' names are the values themselves in English, in the player's language elsewhere
        Setting("field", Mp("setting", "Asteroid field"), "sparse", "choice", FIELDS,
                help=M("none, sparse, dense, solid rock, a level file, or drawn by hand"),
                names=(Mp("asteroid field", "none"), Mp("asteroid field", "sparse"), Mp("asteroid field", "dense"),
                       Mp("asteroid field", "solid"), Mp("asteroid field", "level"), Mp("asteroid field", "hand"))),
        Setting("level", Mp("setting", "Level"), "belt", "level",
                help=M("The field played when the asteroid field is 'level'"), shown_when=("field", ("level",))),
        Setting("doors", Mp("setting", "Hangar doors"), "choose", "choice", ("choose", "centred"), help="S-U3",
                names=(Mp("hangar doors", "choose"), Mp("hangar doors", "centred"))),
        Setting("skips", Mp("setting", "Skips"), "off", "choice", ("off", "basic", "advanced"), help="S-V1",
                names=(Mp("skips", "off"), Mp("skips", "basic"), Mp("skips", "advanced"))),
        Setting("tears", Mp("setting", "Tears"), False, "bool", help="S-V2"),
        Setting("passing", Mp("setting", "Passing allowed"), False, "bool", help="S-V3"),
        Setting("stalemate", Mp("setting", "Stalemate call"), False, "bool", help="S-V4"),
        Setting("cylinder", Mp("setting", "Cylinder space"), False, "bool", help="S-V5"),
        Setting("blasts", Mp("setting", "Blast radius"), False, "bool", help="S-V6"),
        Setting("turrets", Mp("setting", "Turrets"), False, "bool", help="S-V8"),
        Setting("stopper", Mp("setting", "Stopper hand"), False, "bool", help="S-V9"),
        Setting("pencils", Mp("setting", "Several pencils"), False, "bool", help="S-V10"),
    )
    action_types = (PlaceDoor, DrawAsteroid, FieldDone, PlacePiece, Flick, Heading, Pass, CallDraw, AnswerDraw)

    def __init__(self, settings: Mapping[str, Any] | None = None) -> None:
        super().__init__(settings)
        self.width, self.height = PAPERS[self.settings["paper"]]
        self.hangars = tuple(make_hangars(self.width, self.height, self.settings["players"]))
        #: S-T4 (rev 2): clockwise round the table seen from above, first hangar at the bottom
        self.order = tuple(seat for side in CLOCKWISE for seat in range(self.num_players) if SIDES[seat] == side)
        self.level_rocks: list[Polygon] = []
        if self.settings["field"] == "level":
            self.level_rocks = load_field(self.settings["level"], self.sheet((None,) * self.num_players))

    @property
    def num_players(self) -> int:
        return int(self.settings["players"])

    def player_name(self, seat: int) -> str:
        return player(seat, SIDES[seat])

    @staticmethod
    def colour(seat: int) -> str:
        return colour(seat)

    def sheet(self, doors: tuple[float | None, ...]) -> Sheet:
        return Sheet(self.width, self.height, self.hangars, doors, bool(self.settings["cylinder"]))

    def pencils(self) -> tuple[str, ...]:
        return tuple(PENCILS) if self.settings["pencils"] else ("hb",)

    def new_initial_state(self, chance: Chance) -> SpaceState:
        s = SpaceState(self, chance)
        if self.settings["doors"] == "centred":
            s.doors = [h.wall_length / 2 for h in self.hangars]
            s.phase = "ships" if self.settings["field"] != "hand" else "field"
        field = self.settings["field"]
        if field == "level":
            s.asteroids = list(self.level_rocks)
        elif field in ("sparse", "dense", "solid"):
            s.asteroids = generate(field, s.sheet(), chance)
        return s


# -- the state ---------------------------------------------------------------------

class SpaceState(State):
    game: SpaceGame

    def __init__(self, game: SpaceGame, chance: Chance) -> None:
        super().__init__(game, chance)
        n = game.num_players
        self.phase = "door"
        self.seat = 0
        self.doors: list[float | None] = [None] * n
        self.pieces: list[Piece] = []
        self.next_id = 0
        self.placed = [0] * n
        self.asteroids: list[Polygon] = []
        self.tears: list[tuple[tuple[float, float], tuple[float, float]]] = []
        self.residue: list[tuple[str, list[list[tuple[float, float]]]]] = []
        self.field_done = [False] * n
        self.quiet = 0
        self.turns = 0
        self.pending: int | None = None
        self.landing: tuple[float, float] | None = None  #: the trace's end the pending ship touches (S-M6)
        self.winners: tuple[int, ...] | None = None
        self.end_text: str = ""  #: a Msg once the game is over
        #: S-V4 (rev 4): a draw proposed with 3-4 players: the caller ("by"), the phase and seat play goes
        #: back to ("phase", "seat"), who still has to answer, in turn ("asked") and who accepted ("yes")
        self.proposal: dict[str, Any] | None = None
        self.next_call = 0  #: S-V4 (rev 4): after a refused proposal, no new call before this many turns
        self._tree: STRtree | None = None
        self._tree_of: int = -1
        self._walls: list[LineString] | None = None

    # -- derived geometry ----------------------------------------------------------
    def sheet(self) -> Sheet:
        return self.game.sheet(tuple(self.doors))

    def walls(self) -> list[LineString]:
        if self._walls is None:
            self._walls = self.sheet().walls()
        return self._walls

    def tree(self) -> STRtree | None:
        if self._tree_of != id(self.asteroids) or self._tree is None:
            self._tree = STRtree(self.asteroids) if self.asteroids else None
            self._tree_of = id(self.asteroids)
        return self._tree

    def world(self) -> World:
        return World(self.sheet(), self.walls(), self.pieces, self.asteroids, self.tree(),
                     [LineString(t) for t in self.tears], {p.id: self.label(p) for p in self.pieces})

    def label(self, p: Piece) -> str:
        """How the log names a piece: its owner's colour, its kind and its number ("Orange's ship 4")."""
        return piece(p.owner, p.kind, p.id)

    def piece(self, pid: int) -> Piece | None:
        for p in self.pieces:
            if p.id == pid:
                return p
        return None

    def alive_seats(self) -> list[int]:
        return sorted({p.owner for p in self.pieces})

    def ahead(self, seat: int) -> bool:
        """S-V4 (rev 4): ``seat`` has more pieces left than every other player still in (a turret
        counts as a ship, S-T3).  A computer player accepts a draw when it is not ahead."""
        counts = {k: 0 for k in self.alive_seats()}
        for p in self.pieces:
            counts[p.owner] += 1
        mine = counts.pop(seat, 0)
        return mine > max(counts.values(), default=0)

    # -- engine interface ------------------------------------------------------------
    def current_player(self) -> int:
        return -1 if self.phase == "over" else self.seat

    def legal_actions(self) -> list[Action] | None:
        if self.phase == "over":
            return []
        return None  # positions, directions and strengths are continuous: see random_action

    def can_call_draw(self) -> bool:
        return (bool(self.game.settings["stalemate"]) and self.quiet >= QUIET_TURNS and self.turns >= self.next_call
                and self.phase in PHASES_CALL)

    def random_action(self, rng: Chance) -> Action:
        return random_intention(self, rng)

    def check(self, action: Action) -> None:
        name = type(action).__name__
        if name not in PHASES[self.phase]:
            raise IllegalAction("S-V4" if self.phase == "draw" else "S-T1", self._phase_sentence())
        getattr(self, f"_check_{name.lower()}")(action)

    def _phase_sentence(self) -> Msg:
        phase = self.phase
        if phase == "door":
            return M("First every player draws the door in their hangar wall.")
        if phase == "field":
            return M("The asteroid field is being drawn: draw an asteroid or say you are done.")
        if phase == "ships":
            return M("Place your ships in your hangar first.")
        if phase == "play":
            return M("Flick one of your ships: a move or a shot.")
        if phase == "heading":
            return M("Choose which way your ship points now.")
        if phase == "draw":
            return M("A draw has been proposed (S-V4): accept or refuse it first.")
        return M("The game is over.")

    def _check_placedoor(self, a: PlaceDoor) -> None:
        h = self.game.hangars[self.seat]
        if not (isinstance(a.at, (int, float)) and math.isfinite(a.at)) or not h.door_ok(a.at):
            # TRANSLATORS: {door} is the door's width, {lo} and {hi} distances ("2.5 cm (1 in)", "1.3 cm")
            raise IllegalAction("S-U3", M("The {door} door must lie on your wall: put its middle {lo} to {hi} "
                                          "from its left end as you sit.", door=cm(IN, 1), lo=cm(IN / 2),
                                          hi=cm(h.wall_length - IN / 2)))

    def _check_drawasteroid(self, a: DrawAsteroid) -> None:
        if len(self.asteroids) >= MAX_ASTEROIDS:
            raise IllegalAction("S-U5", M("Space is full of rock already."))
        if len(a.points) < 3:
            raise IllegalAction("S-U5", M("An asteroid needs an outline of at least three points."))
        problem = asteroid_problem(Polygon(a.points), self.sheet(), self.asteroids, self.walls())
        if problem:
            raise IllegalAction("S-U5", problem)

    def _check_fielddone(self, a: FieldDone) -> None:
        pass

    def _check_placepiece(self, a: PlacePiece) -> None:
        if not all(math.isfinite(v) for v in (a.x, a.y, a.heading)):
            raise IllegalAction("S-U4", M("That is not a place on the paper."))
        if a.turret and not self.game.settings["turrets"]:
            raise IllegalAction("S-V8", M("Turrets are not in play (turn the variant on)."))
        if a.turret and any(p.owner == self.seat and p.kind == "turret" for p in self.pieces):
            raise IllegalAction("S-V8", M("One turret each: every other piece of your fleet is a ship."))
        body = piece_polygon("turret" if a.turret else "ship", a.x, a.y, math.radians(a.heading))
        hangar = self.game.hangars[self.seat]
        if a.turret:
            wall = LineString([hangar.wall_a, hangar.wall_b])
            if any(h.region.intersects(body) for h in self.game.hangars) or body.distance(wall) > IN:
                # TRANSLATORS: {d} is a distance ("2.5 cm (1 in)")
                raise IllegalAction("S-V8", M("A turret stands outside your hangar, within {d} of its wall.",
                                              d=cm(IN, 1)))
        elif not hangar.region.contains(body):
            raise IllegalAction("S-U4", M("Ships start wholly inside your own hangar."))
        if not fits(self.world(), body):
            raise IllegalAction("S-U4", M("Pieces may not overlap each other, a wall or an asteroid."))

    def _check_flick(self, a: Flick) -> None:
        p = self.piece(a.ship)
        if p is None or p.owner != self.seat:
            raise IllegalAction("S-T1", M("Pick one of your own ships."))
        if a.mode not in ("move", "shot"):
            raise IllegalAction("S-T1", M("Declare a move or a shot."))
        if a.mode == "move" and p.kind == "turret":
            raise IllegalAction("S-V8", M("A turret never moves; it can only shoot."))
        if not (math.isfinite(a.angle) and math.isfinite(a.strength)) or not 0.0 < a.strength <= 1.0:
            raise IllegalAction("S-F1", M("A flick needs a direction and a strength between 0 and 1."))
        if a.mode == "move" and backwards(p, math.radians(a.angle)):
            if self.game.settings["passing"]:
                raise IllegalAction("S-M1", M("You can't move backwards: that drag runs back across your own ship. "
                                              "Drag forwards or to the side, or pass to wait (S-V3)."))
            raise IllegalAction("S-M1", M("You can't move backwards: that drag runs back across your own ship. "
                                          "Drag forwards or to the side."))
        if a.pencil not in self.game.pencils():
            raise IllegalAction("S-V10", M("That pencil is not on the table (only the HB pencil is in play)."))
        if a.stopper is not None:
            if not self.game.settings["stopper"]:
                raise IllegalAction("S-V9", M("The stopper hand is not in play (turn the variant on)."))
            if len(a.stopper) != 4 or not all(math.isfinite(v) for v in a.stopper):
                raise IllegalAction("S-V9", M("Place the hand as a line on the paper."))
            x1, y1, x2, y2 = a.stopper
            length = math.hypot(x2 - x1, y2 - y1)
            if not 3.0 <= length <= STOPPER_MAX:
                # TRANSLATORS: {lo} and {hi} are distances ("0.3 cm", "10.2 cm (4 in)")
                raise IllegalAction("S-V9", M("A hand is between {lo} and {hi} across.", lo=cm(3.0),
                                              hi=cm(STOPPER_MAX, 4)))

    def _check_heading(self, a: Heading) -> None:
        p = self.piece(self.pending) if self.pending is not None else None
        if p is None or not math.isfinite(a.angle):
            raise IllegalAction("S-M6", M("No ship is waiting for its heading."))

    def placement(self, angle: float) -> tuple[float, float, float]:
        """S-M6 (rev 2): where the pending ship sits when its player asks for ``angle`` (degrees):
        the free placement touching the trace's end nearest to that heading."""
        p = self.piece(self.pending) if self.pending is not None else None
        assert p is not None
        end = self.landing if self.landing is not None else (p.x, p.y)
        found = landing(self.world(), p, end, math.radians(angle))
        return found if found is not None else (p.x, p.y, p.heading)

    def _check_pass(self, a: Pass) -> None:
        if not self.game.settings["passing"]:
            raise IllegalAction("S-V3", M("Passing is not allowed in this game (turn the variant on)."))

    def _check_calldraw(self, a: CallDraw) -> None:
        if not self.game.settings["stalemate"]:
            raise IllegalAction("S-V4", M("Stalemate calls are not in play (turn the variant on)."))
        if self.quiet < QUIET_TURNS:
            # TRANSLATORS: {so_far} is how many turns without a shot have been played
            raise IllegalAction("S-V4", Mn("A draw may be called after {n} turn without a shot ({so_far} so far).",
                                           "A draw may be called after {n} turns without a shot ({so_far} so far).",
                                           QUIET_TURNS, so_far=self.quiet))
        if self.turns < self.next_call:
            # TRANSLATORS: {left} is how many of those turns are still to be played
            raise IllegalAction("S-V4", Mn("The last call was refused: a draw may be proposed again after {n} more "
                                           "turn ({left} to go).",
                                           "The last call was refused: a draw may be proposed again after {n} more "
                                           "turns ({left} to go).", QUIET_TURNS, left=self.next_call - self.turns))
        if a.by is not None and (isinstance(a.by, bool) or not isinstance(a.by, int)
                                 or a.by not in self.alive_seats()):
            raise IllegalAction("S-V4", M("Only a player still in the game may call the stalemate."))

    def _check_answerdraw(self, a: AnswerDraw) -> None:
        if self.proposal is None:
            raise IllegalAction("S-V4", M("No draw has been proposed."))

    # -- applying ------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        handler = getattr(self, f"_do_{type(action).__name__.lower()}")
        events: list[Event] = handler(action)
        return events

    def _name(self, seat: int | None = None) -> str:
        return self.game.player_name(self.seat if seat is None else seat)

    def _do_placedoor(self, a: PlaceDoor) -> list[Event]:
        self.doors[self.seat] = float(a.at)
        self._walls = None
        # TRANSLATORS: {who} is a player ("Blue (bottom)"), {door} the door's width, {at} a distance
        ev = [Event("door", M("{who} opens the {door} hangar door {at} from the left end of its wall (as that "
                              "player sits).", who=self._name(), door=cm(IN, 1), at=cm(a.at)),
                    {"seat": self.seat})]
        nxt = self._after(self.seat, lambda seat: self.doors[seat] is None)
        if nxt is not None:
            self.seat = nxt
        else:
            self.seat = self.game.order[0]
            self.phase = "field" if self.game.settings["field"] == "hand" else "ships"
        return ev

    def _after(self, seat: int, ok: Callable[[int], bool]) -> int | None:
        """The next seat clockwise after ``seat`` (S-T4 rev 2) for which ``ok`` holds, ``seat`` itself last."""
        order = self.game.order
        k = order.index(seat)
        for step in range(1, len(order) + 1):
            nxt = order[(k + step) % len(order)]
            if ok(nxt):
                return nxt
        return None

    def _do_drawasteroid(self, a: DrawAsteroid) -> list[Event]:
        self.asteroids = [*self.asteroids, Polygon(a.points)]
        ev = [Event("asteroid", M("{who} draws an asteroid.", who=self._name()), {"seat": self.seat})]
        self._next_field_seat()
        return ev

    def _do_fielddone(self, a: FieldDone) -> list[Event]:
        self.field_done[self.seat] = True
        ev = [Event("field", M("{who} is done drawing asteroids.", who=self._name()), {"seat": self.seat})]
        self._next_field_seat()
        return ev

    def _next_field_seat(self) -> None:
        nxt = self._after(self.seat, lambda seat: not self.field_done[seat])
        if nxt is not None:
            self.seat = nxt
            return
        self.phase, self.seat = "ships", self.game.order[0]

    def _do_placepiece(self, a: PlacePiece) -> list[Event]:
        kind = "turret" if a.turret else "ship"
        self.pieces = [*self.pieces, Piece(self.next_id, self.seat, kind, float(a.x), float(a.y),
                                           math.radians(a.heading))]
        self.next_id += 1
        self.placed[self.seat] += 1
        said = M("{who} places a turret.", who=self._name()) if a.turret else M("{who} places a ship.", who=self._name())
        ev = [Event("placed", said, {"seat": self.seat, "id": self.next_id - 1})]
        n = self.game.num_players
        nxt = self._after(self.seat, lambda seat: self.placed[seat] < PIECES_EACH)
        if nxt is not None:
            self.seat = nxt
            return ev
        first = self.chance.randint(0, n - 1)  # S-U6: the coin flip
        self.phase, self.seat = "play", first
        ev.append(Event("coin", M("The coin flip says {who} starts.", who=self._name(first)), {"seat": first}))
        return ev

    def _do_pass(self, a: Pass) -> list[Event]:
        ev = [Event("pass", M("{who} passes.", who=self._name()), {"seat": self.seat})]
        self.quiet += 1  # S-V3: a pass counts as a move
        self._end_turn()
        return ev

    def _do_calldraw(self, a: CallDraw) -> list[Event]:
        caller = self.seat if a.by is None else a.by
        if self.game.num_players >= 3:  # S-V4 (rev 4): a proposal every player still in must accept
            alive = set(self.alive_seats())
            order = self.game.order
            k = order.index(caller)
            asked = [order[(k + step) % len(order)] for step in range(1, len(order))]
            asked = [seat for seat in asked if seat in alive]
            self.proposal = {"by": caller, "phase": self.phase, "seat": self.seat, "asked": asked, "yes": [caller]}
            self.phase, self.seat = "draw", asked[0]
            return [Event("proposal", M("{who} proposes a draw (S-V4): every player still in must accept it.",
                                        who=self._name(caller)), {"by": caller, "asked": list(asked)})]
        self.phase = "over"
        self.pending = self.landing = None
        self.winners = ()
        self.end_text = M("{who} calls the stalemate: a draw.", who=self._name(caller))
        return [Event("gameover", self.end_text, {"winners": []})]

    def _do_answerdraw(self, a: AnswerDraw) -> list[Event]:
        prop = self.proposal
        assert prop is not None
        who = self.seat
        asked = [seat for seat in prop["asked"] if seat != who]
        if not a.accept:
            self.proposal = None
            self.phase, self.seat = prop["phase"], prop["seat"]
            self.next_call = self.turns + QUIET_TURNS
            return [Event("answer", Mn("{who} refuses the draw: play goes on, and a draw may be proposed again "
                                       "after {n} more turn.",
                                       "{who} refuses the draw: play goes on, and a draw may be proposed again "
                                       "after {n} more turns.", QUIET_TURNS, who=self._name(who)),
                          {"seat": who, "accept": False})]
        ev = [Event("answer", M("{who} accepts the draw.", who=self._name(who)), {"seat": who, "accept": True})]
        prop = {**prop, "asked": asked, "yes": [*prop["yes"], who]}
        if asked:
            self.proposal = prop
            self.seat = asked[0]
            return ev
        self.proposal = None
        self.phase = "over"
        self.pending = self.landing = None
        self.winners = ()
        self.end_text = M("Every player still in accepts the draw {who} proposed: a draw.", who=self._name(prop["by"]))
        ev.append(Event("gameover", self.end_text, {"winners": []}))
        return ev

    def _do_heading(self, a: Heading) -> list[Event]:
        p = self.piece(self.pending) if self.pending is not None else None
        assert p is not None
        x, y, h = self.placement(a.angle)
        self._replace_piece(p._replace(x=x, y=y, heading=h))
        self.pending = self.landing = None
        self.phase = "play"
        turned = math.degrees(h) % 360
        # TRANSLATORS: {deg} is the ship's new heading in degrees
        said = M("{ship} turns to {deg:.0f}°.", ship=self.label(p), deg=float(turned))
        if abs((turned - a.angle + 180) % 360 - 180) > 0.05:
            # TRANSLATORS: {deg} is the heading the ship took, {asked} the one its player asked for (degrees)
            said = M("{ship} turns to {deg:.0f}° (the nearest free way round to {asked:.0f}°).", ship=self.label(p),
                     deg=float(turned), asked=float(a.angle % 360))
        ev = [Event("heading", said, {"ship": p.id, "x": x, "y": y, "heading": math.degrees(h)})]
        self._end_turn()
        return ev

    def _replace_piece(self, new: Piece) -> None:
        self.pieces = [new if p.id == new.id else p for p in self.pieces]

    def _do_flick(self, a: Flick) -> list[Event]:
        p = self.piece(a.ship)
        assert p is not None
        s = self.game.settings
        rad = math.radians(a.angle)
        origin = flick_origin(p.kind, p.x, p.y, rad)
        trace = resolve_flick(origin, rad, a.strength, a.pencil, self.chance,
                              skips=s["skips"] != "off", tears=bool(s["tears"]))
        stopper = LineString([a.stopper[:2], a.stopper[2:]]) if a.stopper else None
        world = self.world()
        if a.mode == "move":
            out = evaluate_move(world, p, trace, s["skips"], stopper)
        else:
            out = evaluate_shot(world, p, trace, s["skips"] != "off", stopper)
        return self._settle(p, a, trace.points, trace.skips, out, world)

    def _settle(self, p: Piece, a: Flick, raw: tuple[tuple[float, float], ...],
                skips: tuple[tuple[float, float], ...], out: Outcome, world: World) -> list[Event]:
        # TRANSLATORS: {what} is what the flick did ("Blue's ship 0 hit an asteroid: destroyed"), {rule} a rule id
        said = (M("{what} ({rule}).", what=out.text, rule=out.rule)
                if out.destroyed or out.stayed or out.rule not in ("S-M6", "S-S3") else M("{what}.", what=out.text))
        events = [Event("flick", said, {
            "seat": self.seat, "ship": p.id, "mode": a.mode, "rule": out.rule, "trace": [list(q) for q in raw],
            "used": out.used, "skips": [list(g) for g in skips],
            "tear": None if out.tear is None else [[list(a), list(b)] for a, b in out.tear],
            "near": None if out.near is None else [out.near[0], out.near[1], list(out.near[2]), list(out.near[3])]})]
        self.residue = [*self.residue[-(RESIDUE_KEPT - 1):], (a.mode, out.used)]
        if out.tunnels:
            rocks = [r for i, r in enumerate(self.asteroids) if i not in out.tunnels]
            for pieces in out.tunnels.values():
                rocks.extend(pieces)
            before = len(self.asteroids)
            self.asteroids = rocks
            events.append(Event("tunnel", Mn("The shot tunnels through {n} asteroid.",
                                             "The shot tunnels through {n} asteroids.", len(out.tunnels)),
                                {"crossed": len(out.tunnels), "before": before, "after": len(rocks)}))
        destroyed = list(out.destroyed)
        centres: list[tuple[float, float]] = []
        if destroyed and self.game.settings["blasts"]:
            extra, centres = chain_blasts(world, destroyed)
            destroyed += extra
        if destroyed:
            gone = {d for d, _ in destroyed}
            named = {q.id: self.label(q) for q in self.pieces}
            first = [named[d] for d, _ in out.destroyed]
            caught = [named[d] for d, _ in destroyed[len(out.destroyed):]]
            # TRANSLATORS: {names} and {caught} are lists of pieces ("Blue's ship 0, Orange's ship 2")
            said = (M("Destroyed: {names}; caught in the blast (S-V6): {caught}.", names=comma_list(first),
                      caught=comma_list(caught)) if caught else M("Destroyed: {names}.", names=comma_list(first)))
            self.pieces = [q for q in self.pieces if q.id not in gone]
            events.append(Event("destroyed", said,
                                {"ids": sorted(gone), "at": [list(at) for _, at in destroyed]}))
        if centres:
            events.append(Event("blast", Mn("A blast rings out.", "{n} blasts ring out.", len(centres)), {"centres": [list(c) for c in centres]}))
        if out.tear is not None:  # S-V2 (rev 4): the pieces lie on the sheet, where the trace tore it
            self.tears = [*self.tears, *out.tear]
            events.append(Event("tear", M("The paper tears!"), {"tear": [[list(a), list(b)] for a, b in out.tear]}))
        if a.mode == "shot":
            self.quiet = 0
        else:
            self.quiet += 1
        if out.moved_to is not None and p.id not in {d for d, _ in destroyed}:
            x, y, h = out.moved_to
            self._replace_piece(p._replace(x=x, y=y, heading=h))
            events.append(Event("moved", "",
                                {"ship": p.id, "x": x, "y": y, "heading": math.degrees(h)}))
        if self._check_over(events):
            return events
        if out.moved_to is not None and self.piece(p.id) is not None:
            self.phase, self.pending, self.landing = "heading", p.id, out.end
            return events
        self._end_turn()
        return events

    def _check_over(self, events: list[Event]) -> bool:
        """S-T3: the game ends when one side (or all but one, S-V7) has lost every piece."""
        alive = self.alive_seats()
        if len(alive) > 1:
            return False
        self.phase = "over"
        self.pending = None
        self.winners = tuple(alive)
        self.end_text = (M("{who} wins.", who=self._name(alive[0])) if alive else
                         M("The last ships went down together: a draw."))
        events.append(Event("gameover", self.end_text, {"winners": list(alive)}))
        return True

    def _end_turn(self) -> None:
        self.turns += 1
        alive = set(self.alive_seats())
        nxt = self._after(self.seat, lambda seat: seat in alive)
        if nxt is not None:
            self.seat = nxt

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result | None:
        if self.phase != "over" or self.winners is None:
            return None
        n = self.game.num_players
        scores = tuple(float(sum(1 for p in self.pieces if p.owner == s)) for s in range(n))
        return Result(self.winners, self.end_text, scores)

    def status(self) -> str:
        if self.phase == "over":
            return self.end_text
        who = self._name()
        phase = self.phase
        if phase == "door":
            return M("{who}: draw your hangar door.", who=who)
        if phase == "field":
            return M("{who}: draw an asteroid, or say you are done.", who=who)
        if phase == "ships":
            # TRANSLATORS: {k} is the number of the piece being placed, {n} how many each player places
            return M("{who}: place piece {k} of {n} in your hangar.", who=who, k=self.placed[self.seat] + 1,
                     n=PIECES_EACH)
        if phase == "play":
            return M("{who} to flick: pick a ship, move or shoot.", who=who)
        if phase == "heading":
            return M("{who}: turn ship {n} to its new heading.", who=who, n=self.pending)
        if phase == "draw":
            if self.proposal:
                # TRANSLATORS: {who} is the player to answer, {by} the player who proposed the draw
                return M("{who}: {by} proposes a draw; accept or refuse.", who=who, by=self._name(self.proposal["by"]))
            return M("{who}: a player proposes a draw; accept or refuse.", who=who)
        raise KeyError(phase)

    # -- persistence -----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase, "seat": self.seat, "doors": list(self.doors),
            "pieces": [list(p) for p in self.pieces], "next_id": self.next_id, "placed": list(self.placed),
            "asteroids": _polys_json(self.asteroids),
            "tears": [[list(a), list(b)] for a, b in self.tears],
            "residue": [[m, [[list(q) for q in strand] for strand in used]] for m, used in self.residue],
            "field_done": list(self.field_done), "quiet": self.quiet, "turns": self.turns,
            "pending": self.pending, "landing": None if self.landing is None else list(self.landing),
            "winners": None if self.winners is None else list(self.winners), "end_text": str(self.end_text),
            "end_msg": self.end_text.to_json() if isinstance(self.end_text, Msg) else None,
            "proposal": None if self.proposal is None else {k: (list(v) if isinstance(v, list) else v)
                                                            for k, v in self.proposal.items()},
            "next_call": self.next_call,
            "chance": self.chance.to_json(),
        }

    @classmethod
    def from_json(cls, game: Game, data: Mapping[str, Any]) -> SpaceState:
        assert isinstance(game, SpaceGame)
        s = cls(game, Chance.from_json(data["chance"]))
        s.phase = str(data["phase"])
        s.seat = int(data["seat"])
        s.doors = [None if d is None else float(d) for d in data["doors"]]
        s.pieces = [Piece(int(i), int(o), str(k), float(x), float(y), float(h)) for i, o, k, x, y, h in data["pieces"]]
        s.next_id = int(data["next_id"])
        s.placed = [int(v) for v in data["placed"]]
        s.asteroids = _polys_from(data["asteroids"])
        s.tears = [((float(a[0]), float(a[1])), (float(b[0]), float(b[1]))) for a, b in data["tears"]]
        s.residue = [(str(m), [[(float(q[0]), float(q[1])) for q in strand] for strand in used])
                     for m, used in data["residue"]]
        s.field_done = [bool(v) for v in data["field_done"]]
        s.quiet = int(data["quiet"])
        s.turns = int(data["turns"])
        s.pending = None if data["pending"] is None else int(data["pending"])
        land = data.get("landing")
        s.landing = None if land is None else (float(land[0]), float(land[1]))
        s.winners = None if data["winners"] is None else tuple(int(w) for w in data["winners"])
        end = data.get("end_msg")
        s.end_text = Msg.from_json(end) if end is not None else str(data["end_text"])
        prop = data.get("proposal")
        s.proposal = None if prop is None else {
            "by": int(prop["by"]), "phase": str(prop["phase"]), "seat": int(prop["seat"]),
            "asked": [int(v) for v in prop["asked"]], "yes": [int(v) for v in prop["yes"]]}
        s.next_call = int(data.get("next_call", 0))
        return s

    def clone(self) -> SpaceState:
        """Shallow copies: pieces are tuples and shapely geometry is immutable, so sharing is safe."""
        s = SpaceState.__new__(SpaceState)
        s.game = self.game
        s.chance = self.chance.copy()
        s.phase, s.seat, s.next_id = self.phase, self.seat, self.next_id
        s.doors = list(self.doors)
        s.pieces = list(self.pieces)
        s.placed = list(self.placed)
        s.asteroids = self.asteroids  # replaced, never mutated in place
        s.tears = list(self.tears)
        s.residue = list(self.residue)
        s.field_done = list(self.field_done)
        s.quiet, s.turns, s.pending, s.landing = self.quiet, self.turns, self.pending, self.landing
        s.winners, s.end_text = self.winners, self.end_text
        s.proposal = None if self.proposal is None else {**self.proposal, "asked": list(self.proposal["asked"]),
                                                         "yes": list(self.proposal["yes"])}
        s.next_call = self.next_call
        s._tree, s._tree_of, s._walls = self._tree, self._tree_of, self._walls
        return s


def _polys_json(polys: list[Polygon]) -> list[Any]:
    """Many asteroids at once: the shells' coordinates come out of shapely in one call."""
    if not polys:
        return []
    arr = np.asarray(polys, dtype=object)
    coords, index = shapely.get_coordinates(shapely.get_exterior_ring(arr), return_index=True)
    cuts = np.flatnonzero(np.diff(index)) + 1
    shells = [c.tolist() for c in np.split(coords, cuts)]
    holes = shapely.get_num_interior_rings(arr)
    return [[shell, [shapely.get_coordinates(r).tolist() for r in p.interiors] if n else []]
            for shell, p, n in zip(shells, polys, holes, strict=True)]


def _poly_from(data: Any) -> Polygon:
    shell, holes = data
    return Polygon(shell, holes or None)


def _polys_from(data: list[Any]) -> list[Polygon]:
    """Many asteroids at once: rocks without holes are built in one vectorised shapely call."""
    simple = [i for i, (_, holes) in enumerate(data) if not holes]
    out: list[Polygon | None] = [None] * len(data)
    if simple:
        coords = np.concatenate([np.asarray(data[i][0], dtype=float).reshape(-1, 2) for i in simple])
        index = np.repeat(np.arange(len(simple)), [len(data[i][0]) for i in simple])
        for i, poly in zip(simple, shapely.polygons(shapely.linearrings(coords, indices=index)), strict=True):
            out[i] = poly
    return [p if p is not None else _poly_from(data[i]) for i, p in enumerate(out)]


__all__ = ["SpaceGame", "SpaceState", "PlaceDoor", "DrawAsteroid", "FieldDone", "PlacePiece", "Flick", "Heading",
           "Pass", "CallDraw", "AnswerDraw", "PHASES", "HANGAR_DEPTH", "blob", "hangar_spot"]
