"""Paper Invasion: the Game (settings) and the State (one point of play).

Phases as data (``PHASES``): word -> build -> place -> heroes <-> enemies -> over.
The enemies are played by the program (``enemies.py``, a fixed priority) unless
the setting gives them to a person, who then has a seat of their own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Action, Chance, Event, Game, IllegalAction, Result, Setting, SettingsError, State
from ...msg import N_, M, Mn, Mp, Msg
from . import enemies as enemy_ai
from .actions import (
    ALL_ACTIONS,
    ChooseWord,
    EGrab,
    EMove,
    EndTurn,
    ESmash,
    GeneratePlan,
    ImportText,
    Kill,
    Loot,
    Move,
    PlaceEnemy,
    PlaceEvent,
    PlaceHero,
    PlaceVault,
    Seal,
    Smash,
    Split,
    TriggerEvent,
    Use,
)
from .board import (
    DOUBLE,
    HEIGHT,
    OPENING,
    SIDES,
    SINGLE,
    STATE_NAMES,
    WIDTH,
    Board,
    ext_key,
    is_exterior,
    wall_rooms,
)
from .notation import NotationError, export_text, read_text
from .slots import (
    OPTIONS,
    THEME_NAMES,
    WORDS_FILE,
    fold,
    in_sentence,
    load_used_words,
    seeded_word,
    slots_from_dice,
    slots_from_word,
    theme_sides,
    used_before,
)
from .tables import EVENTS, EXTRA_EVENTS, VAULT

#: Which actions each phase allows (the rest are refused with the phase's sentence).
PHASES: dict[str, tuple[type[Action], ...]] = {
    "word": (ChooseWord, ImportText),
    "build": (Split, GeneratePlan),
    "place": (PlaceHero, PlaceEnemy, PlaceVault, PlaceEvent),
    "heroes": (Move, Kill, Seal, Smash, Loot, Use, TriggerEvent, EndTurn),
    "enemies": (EMove, ESmash, EGrab, EndTurn),
    "over": (),
}
#: What each phase asks for, as the status line and a refusal say it ("Not now: it is time to ...").
PHASE_ASK: dict[str, Msg] = {
    "word": M("choose the word (or roll the dice) that makes the six Slots"),
    "build": M("split the sheet into rooms, or take a floor plan"),
    "place": M("place the tokens"),
    "heroes": M("the heroes' turn"),
    "enemies": M("the enemies' turn"),
}


class Hero:
    """A hero token (H, or P while holding the Vault item)."""

    __slots__ = ("owner", "room", "item", "moved", "acted")

    def __init__(self, owner: int, room: str, item: bool = False, moved: bool = False, acted: bool = False) -> None:
        self.owner, self.room, self.item, self.moved, self.acted = owner, room, item, moved, acted

    def copy(self) -> Hero:
        return Hero(self.owner, self.room, self.item, self.moved, self.acted)

    def to_json(self) -> list[Any]:
        return [self.owner, self.room, self.item, self.moved, self.acted]


class Enemy:
    """An enemy token (drawn as the seed's O, named X3 in the log): ``pos`` is a room letter, or an exterior wall key when outside."""

    __slots__ = ("pos", "moved", "acted")

    def __init__(self, pos: str, moved: bool = False, acted: bool = False) -> None:
        self.pos, self.moved, self.acted = pos, moved, acted

    @property
    def outside(self) -> bool:
        return ":" in self.pos

    @property
    def room(self) -> str:
        """The room it is in, or the room whose exterior wall it stands at."""
        return self.pos.split(":")[0]

    def copy(self) -> Enemy:
        return Enemy(self.pos, self.moved, self.acted)

    def to_json(self) -> list[Any]:
        return [self.pos, self.moved, self.acted]


class InvasionGame(Game):
    name = "invasion"
    title = N_("Paper Invasion")
    #: 4: the Hard invaders stay out of a strong party's reach however long the game runs
    #: 5: RULES.md revision 4 (I-S folding and "two letters in", I-Y3 goes on, I-X3 no limit per turn)
    rules_version = "5"
    settings_spec = (
        Setting("theme", Mp("setting", "Theme"), THEME_NAMES[3], "choice", THEME_NAMES,
                names=tuple(Msg(t) for t in THEME_NAMES),
                help=M("Who fights whom; the Custom theme names its sides with the word.")),
        Setting("players", Mp("setting", "Hero players"), 1, "int", lo=1, hi=4,
                help=M("Each hero player has Slot 1 heroes of their own; the horde grows with the party.")),
        Setting("mode", Mp("setting", "Several players"), "cooperative", "choice", ("cooperative", "cut-throat"),
                names=(Mp("setting", "cooperative"), Mp("setting", "cut-throat")),
                help=M("Cut-throat: the player with the most surviving heroes wins alone.")),
        Setting("enemy_player", Mp("setting", "Enemies played by"), "program", "choice", ("program", "person"),
                names=(Mp("enemies played by", "program"), Mp("enemies played by", "person")),
                help=M("A person may play the enemies instead of the fixed program.")),
        Setting("invaders", Mp("setting", "Invaders' difficulty"), "program", "choice", ("program", "hard"),
                names=(Mp("invaders", "Normal"), Mp("invaders", "Hard")),
                help=M("Normal: each enemy heads for the nearest hero by the documented priority. Hard: the "
                       "enemies gang up, smash a way open together and grab whenever they can."),
                shown_when=("enemy_player", ("program",))),
        Setting("rounds", Mp("setting", "Rounds before the invasion wins"), 30, "int", lo=5, hi=99,
                help=M("I-W3: if enemies remain after this many rounds, the heroes have lost.")),
        Setting("outer_seal", Mp("setting", "Heroes may seal outer walls"), False, "bool",
                help=M("House rule (I-H3): heroes may also Seal and Smash the walls to the outside.")),
        Setting("word_takeback", Mp("setting", "House rule: Undo takes back the word"), False, "bool",
                help=M("House rule (I-S1): Undo may take back a word already used, and its Slots with it; off, "
                       "the Slots of a used word stand, as on paper.")),
    )
    action_types = ALL_ACTIONS

    def __init__(self, settings: Mapping[str, Any] | None = None) -> None:
        # I-S1: the words this profile has played are given with the settings, not offered on
        # the setup screen (``profile_settings``); the engine refuses them itself.
        rest = dict(settings or {})
        used = rest.pop("used_words", "")
        if isinstance(used, (list, tuple)):
            used = " ".join(str(w) for w in used)
        if not isinstance(used, str):
            raise SettingsError(f"The used words must be a list of words, not {used!r}.")
        super().__init__(rest)
        self.settings["used_words"] = " ".join(sorted({fold(w) for w in used.split() if fold(w)}))

    @classmethod
    def profile_settings(cls) -> dict[str, Any]:
        """Settings taken from the player's profile rather than the setup screen: the used words."""
        from ...paths import data_dir

        return {"used_words": " ".join(load_used_words(data_dir() / WORDS_FILE))}

    @classmethod
    def record_profile(cls, profile: Mapping[str, Any], actions: Sequence[Any]) -> dict[str, Any]:
        """The profile for a record that already holds ``actions`` (Continue, Load, Open): the word
        its own ``ChooseWord`` chose was put on the used-words list when it was played, and a record's
        own word is never "used before" by itself (I-S1).  Any other used word is still refused."""
        out = dict(profile)
        own = {fold(a["word"]) for a in actions
               if isinstance(a, Mapping) and a.get("type") == "ChooseWord" and isinstance(a.get("word"), str)}
        used = out.get("used_words")
        if own and isinstance(used, str):
            out["used_words"] = " ".join(w for w in used.split() if fold(w) not in own)
        elif own and isinstance(used, (list, tuple)):
            out["used_words"] = [w for w in used if fold(str(w)) not in own]
        return out

    @property
    def used_words(self) -> frozenset[str]:
        return frozenset(str(self.settings.get("used_words", "")).split())

    @property
    def hero_players(self) -> int:
        return int(self.settings["players"])

    @property
    def enemy_seat(self) -> int | None:
        """The enemies' seat when a person plays them, else None."""
        return self.hero_players if self.settings["enemy_player"] == "person" else None

    @property
    def num_players(self) -> int:
        return self.hero_players + (1 if self.enemy_seat is not None else 0)

    def player_name(self, seat: int) -> str:
        if seat == self.enemy_seat:
            return M("Enemies")
        # TRANSLATORS: a hero player's seat, {n} is 1 to 4
        return M("Heroes") if self.hero_players == 1 else M("Heroes {n}", n=seat + 1)

    def new_initial_state(self, chance: Chance) -> InvasionState:
        return InvasionState(self, chance)


class InvasionState(State):
    game: InvasionGame

    def __init__(self, game: InvasionGame, chance: Chance, fresh: bool = True) -> None:
        super().__init__(game, chance)
        self.phase = "word"
        self.word = ""
        self.option = "plain"
        self.slots: tuple[int, ...] = ()
        self.heroes_name, self.enemies_name = theme_sides(game.settings["theme"])
        self.board = Board()
        self.heroes: dict[int, Hero] = {}
        self.enemies: dict[int, Enemy] = {}
        self.next_id = 1
        self.vault: str | None = None
        self.vault_open = False
        self.event_room: str | None = None
        self.enemies_placed = 0
        self.hero_player = 0          # whose hero turn it is
        self.round = 0
        self.skip_heroes = False      # I-Y5
        self.skip_enemies = 0         # I-V4
        self.dodge = False            # I-V7, active during the next enemy turn
        self.dodge_pending = False
        self.events_fired = 0         # I-X1/I-X3 (rev 3): 1 once the one required Event has fired
        self.enemy_could_move = False  # I-X1: some enemy could make a Move this enemy turn
        self.vault_undo: list[str] = []  # Vault effects since the last enemy turn, "wall>old" / "X7>pos"
        self.outcome: str | None = None   # "win" / "loss" once over
        self.suggested = seeded_word(chance, game.settings["theme"], used=game.used_words) if fresh else ""

    # -- counts -----------------------------------------------------------------
    def slot(self, i: int) -> int:
        """Slot i (1..6)."""
        return self.slots[i - 1]

    @property
    def room_goal(self) -> int:
        return self.slot(5) + 1

    @property
    def heroes_per_player(self) -> int:
        return self.slot(1)

    @property
    def enemy_goal(self) -> int:
        return self.slot(2) * 2 * self.game.hero_players

    @property
    def item(self) -> tuple[str, str]:
        return VAULT[self.slot(3)]

    @property
    def event(self) -> tuple[str, str]:
        return EVENTS[self.slot(4)]

    def heroes_in(self, room: str) -> list[int]:
        return [i for i, h in self.heroes.items() if h.room == room]

    def enemies_in(self, room: str) -> list[int]:
        return [i for i, e in self.enemies.items() if e.pos == room]

    def place_step(self) -> str:
        """What the placement phase asks next: hero, enemy, vault or event."""
        if len(self.heroes) < self.heroes_per_player * self.game.hero_players:
            return "hero"
        if self.enemies_placed < self.enemy_goal:
            return "enemy"
        if self.vault is None:
            return "vault"
        return "event"

    def enemy_side(self) -> str:
        """I-B4: the side the next enemy goes on (N, E, S, W, N, ...)."""
        return SIDES[self.enemies_placed % 4]

    # -- whose turn -----------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return -1
        if self.phase == "place":
            step = self.place_step()
            if step == "hero":
                return len(self.heroes) // self.heroes_per_player
            if step == "enemy":
                if self.game.enemy_seat is not None:
                    return self.game.enemy_seat
                return self.enemies_placed % self.game.hero_players  # the hero players take turns
            return 0
        if self.phase == "heroes":
            return self.hero_player
        if self.phase == "enemies":
            seat = self.game.enemy_seat
            return 0 if seat is None else seat
        return 0

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result | None:
        if self.phase != "over":
            return None
        n = self.game.hero_players
        per = [sum(1 for h in self.heroes.values() if h.owner == p) for p in range(n)]
        scores = tuple(float(x) for x in per)
        if self.game.enemy_seat is not None:
            scores += (float(len(self.enemies)),)
        enemies, heroes = in_sentence(self.enemies_name), in_sentence(self.heroes_name)
        if self.outcome == "win":
            if self.game.settings["mode"] == "cut-throat" and n > 1:
                best = max(per)
                winners = tuple(p for p in range(n) if per[p] == best)
                names: str = self.game.player_name(winners[0])
                for p in winners[1:]:
                    # TRANSLATORS: a list of the winning seats, one more name added ("Heroes 1, Heroes 3")
                    names = M("{names}, {name}", names=names, name=self.game.player_name(p))
                # TRANSLATORS: {enemies} is the enemy side ("zombies"), {names} the winning seats
                return Result(winners, Mn("The {enemies} are gone: {names} win with {n} hero standing.",
                                          "The {enemies} are gone: {names} win with {n} heroes standing.", best,
                                          enemies=enemies, names=names), scores)
            alive = len(self.heroes)
            # TRANSLATORS: {enemies} and {heroes} are the sides' names ("zombies", "survivors")
            return Result(tuple(range(n)), Mn("The {enemies} are gone and {n} of the {heroes} survives: victory!",
                                              "The {enemies} are gone and {n} of the {heroes} survive: victory!",
                                              alive, enemies=enemies, heroes=heroes), scores)
        rounds = int(self.game.settings["rounds"])
        text = (M("The invasion wins: no hero is left.") if not self.heroes
                else Mn("The invasion wins: the {enemies} held out for {n} round.",
                        "The invasion wins: the {enemies} held out for {n} rounds.", rounds, enemies=enemies))
        seat = self.game.enemy_seat
        return Result((seat,) if seat is not None else (), text, scores)

    def place_ask(self) -> Msg:
        """What the placement phase asks for next, as a phrase ("place a hero (1 of 2)")."""
        step = self.place_step()
        per = self.heroes_per_player
        if step == "hero":
            # TRANSLATORS: {k} of {per}: which of the player's heroes is placed now
            return M("place a hero ({k} of {per})", k=len(self.heroes) % per + 1, per=per)
        if step == "enemy":
            # TRANSLATORS: {side} is a side of the sheet as the game writes it: N, E, S or W
            return M("place enemy {k} of {goal} outside a room on the {side} side", k=self.enemies_placed + 1,
                     goal=self.enemy_goal, side=self.enemy_side())
        return M("place the Vault in a room") if step == "vault" else M("place the Event marker in a room")

    def status(self) -> str:
        if self.phase == "over":
            res = self.result()
            return res.text if res else M("Game over.")
        who = self.game.player_name(self.current_player())
        if self.phase == "place":
            # TRANSLATORS: {who} is the seat to play ("Heroes 2"), {what} what it does ("place a hero (1 of 2)")
            return M("{who}: {what}.", who=who, what=self.place_ask())
        if self.phase == "build":
            return M("{who}: split the sheet into {goal} rooms ({n} so far), or take a floor plan.", who=who,
                     goal=self.room_goal, n=len(self.board.rooms))
        if self.phase in ("heroes", "enemies"):
            # TRANSLATORS: {ask} is "the heroes' turn" or "the enemies' turn"
            return M("Round {round}: {who} - {ask}.", round=self.round, who=who, ask=PHASE_ASK[self.phase])
        return M("{who}: {what}.", who=who, what=PHASE_ASK[self.phase])

    # -- legality ---------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase == "over":
            return []
        out: list[Action] = []
        if self.phase == "word":
            return [ChooseWord(self.suggested)]
        if self.phase == "build":
            out.append(GeneratePlan())
            for r in sorted(self.board.rooms):
                out.extend(Split(r, axis, at) for axis, at in self.board.split_choices(r))
            return out
        if self.phase == "place":
            step = self.place_step()
            rooms = sorted(self.board.rooms)
            if step == "hero":
                return [PlaceHero(r) for r in rooms]
            if step == "enemy":
                side = self.enemy_side()
                return [PlaceEnemy(r, side) for r in self.board.rooms_on_side(side)]
            if step == "vault":
                return [PlaceVault(r) for r in rooms]
            return [PlaceEvent(r) for r in rooms]
        if self.phase == "heroes":
            for hid in sorted(self.heroes):
                h = self.heroes[hid]
                if h.owner != self.hero_player:
                    continue
                out.extend(self.hero_actions(hid))
            out.extend(TriggerEvent(n) for n in EXTRA_EVENTS)  # rev 4: as many as the player calls
            out.append(EndTurn())
            return out
        for eid in sorted(self.enemies):
            e = self.enemies[eid]
            if not e.moved:
                out.extend(EMove(eid, to) for to in self.enemy_moves(eid))
            if not e.acted:
                out.extend(ESmash(eid, w) for w in self.enemy_walls(eid) if self.board.walls[w] != OPENING)
                if not e.outside:
                    out.extend(EGrab(eid, h) for h in sorted(self.heroes_in(e.pos)))
        out.append(EndTurn())
        return out

    def random_action(self, rng: Chance) -> Action:
        """Random play: calling an extra Event is one choice beside the others (its entry then drawn
        from the table), not eight: with no limit per turn (I-X3 rev 4), a pick among all actions
        would call Events nearly every time and seldom end a hero turn."""
        acts = self.legal_actions()
        events = [a for a in acts if isinstance(a, TriggerEvent)]
        if not events:
            return super().random_action(rng)
        rest = [a for a in acts if not isinstance(a, TriggerEvent)]
        i = rng.randint(0, len(rest))
        return rest[i] if i < len(rest) else rng.choice(events)

    def hero_moves(self, hid: int) -> list[str]:
        h = self.heroes[hid]
        return [o for o, k in self.board.neighbours(h.room) if self.board.walls[k] != DOUBLE]

    def hero_actions(self, hid: int) -> list[Action]:
        """Every legal action of one hero now (for the view's menu and the agents)."""
        h = self.heroes[hid]
        out: list[Action] = []
        if not h.moved:
            out.extend(Move(hid, to) for to in self.hero_moves(hid))
        if not h.acted:
            if self.enemies_in(h.room):
                out.append(Kill(hid))
            for s in self.board.sides(h.room):
                if s.other is None and not self.game.settings["outer_seal"]:
                    continue  # I-H3/I-H4 (rev 2): the outer walls are the enemies' front
                st = self.board.walls[s.key]
                if st == DOUBLE:
                    out.append(Smash(hid, s.key))
                else:
                    out.append(Seal(hid, s.key))
            if self.vault == h.room and not self.vault_open and not h.item:
                out.append(Loot(hid))
        if h.item:
            out.extend(self.item_uses(hid))
        return out

    def item_uses(self, hid: int) -> list[Use]:
        h = self.heroes[hid]
        item = self.slot(3)
        walls = sorted(self.board.walls)
        here = h.room
        if item == 1:
            out = []
            near = len(self.enemies_in(here))
            if near:
                out.append(Use(hid, "", "", 3))
            for o, _ in self.board.neighbours(here):
                there = len(self.enemies_in(o))
                if there:
                    out.extend(Use(hid, o, "", n) for n in range(0, min(near, 2) + 1))
            return out
        if item == 2:
            return [Use(hid, w) for w in walls if self.board.walls[w] != DOUBLE]
        if item == 3:
            return [Use(hid, to) for to in self.hero_moves(hid)]
        if item in (4, 7):
            return [Use(hid)]
        if item == 5:
            out = []
            for r in sorted(self.board.rooms):
                if self.enemies_in(r):
                    out.extend(Use(hid, r, o) for o, _ in self.board.neighbours(r))
            return out
        if item == 6:  # I-V6: in a room, never outside
            return [Use(hid, r) for r in sorted(self.board.rooms) if self.enemies_in(r)]
        if item == 8:
            return [Use(hid, r) for r in sorted(self.board.rooms)]
        return [Use(hid, w) for w in walls if self.board.walls[w] == OPENING]

    def enemy_moves(self, eid: int) -> list[str]:
        e = self.enemies[eid]
        if e.outside:
            return [e.room] if self.board.walls[e.pos] == OPENING else []
        return [o for o, k in self.board.neighbours(e.pos) if self.board.walls[k] == OPENING]

    def enemy_could_move_now(self, eid: int) -> bool:
        """I-X1: this enemy can still make a Move this turn (through an Opening, or through a
        Single it smashes open first)."""
        e = self.enemies[eid]
        if e.moved:
            return False
        if e.outside:
            walls = [e.pos]
        else:
            walls = [k for _, k in self.board.neighbours(e.pos)]
        return any(self.board.walls[k] == OPENING or (self.board.walls[k] == SINGLE and not e.acted) for k in walls)

    def an_enemy_could_move(self) -> bool:
        return any(self.enemy_could_move_now(eid) for eid in self.enemies)

    def _stopped_by_vault(self) -> bool:
        """I-X1: enemies stuck only because of a Vault effect (Builder, Fixer, Shover) since their
        last turn do not fire the Event: undo those effects and ask again."""
        if not self.vault_undo:
            return False
        t = self.clone()
        for entry in reversed(self.vault_undo):
            what, old = entry.split(">", 1)
            if what.startswith("X"):
                eid = int(what[1:])
                if eid in t.enemies:
                    t.enemies[eid].pos = old
            elif what in t.board.walls:
                t.board.walls[what] = old
        return t.an_enemy_could_move()

    def enemy_walls(self, eid: int) -> list[str]:
        e = self.enemies[eid]
        if e.outside:
            return [e.pos]
        return [s.key for s in self.board.sides(e.pos)]

    def check(self, action: Action) -> None:
        allowed = PHASES[self.phase]
        if not isinstance(action, allowed):
            if self.phase == "over":
                raise IllegalAction("I-W1", M("The game is over."))
            # TRANSLATORS: {ask} is what the phase asks for ("place the tokens", "the heroes' turn")
            raise IllegalAction("PHASE", M("Not now: it is time to {ask}.", ask=PHASE_ASK[self.phase]))
        if isinstance(action, ChooseWord):
            if action.option not in OPTIONS:
                raise IllegalAction("I-S4", M("Use the word as it is, reversed, two letters in, or roll D6/D10."))
            if action.option not in ("d6", "d10"):
                if not fold(action.word):
                    raise IllegalAction("I-S1", M("The word needs at least one letter from A to Z."))
                if fold(action.word) in self.game.used_words:
                    raise IllegalAction("I-S1", used_before(action.word))
            return
        if isinstance(action, ImportText):
            self._imported(action.text)
            return
        if isinstance(action, Split):
            if len(self.board.rooms) >= self.room_goal:
                raise IllegalAction("I-B1", M("The sheet already has its {n} rooms.", n=self.room_goal))
            problem = self.board.split_problem(action.room, action.axis, action.at)
            if problem:
                raise IllegalAction("I-B1", problem)
            return
        if isinstance(action, GeneratePlan):
            return
        if isinstance(action, (PlaceHero, PlaceEnemy, PlaceVault, PlaceEvent)):
            self._check_place(action)
            return
        if isinstance(action, (TriggerEvent, EndTurn)):
            if isinstance(action, TriggerEvent):
                if action.event not in EXTRA_EVENTS:
                    raise IllegalAction("I-X3", M("Choose the extra Event from the table, 1 to 9 but not 7 "
                                                  "(Freak accident would help the heroes)."))
            return
        if isinstance(action, (Move, Kill, Seal, Smash, Loot, Use)):
            self._check_hero(action)
            return
        self._check_enemy(action)

    def _imported(self, text: str) -> InvasionState:
        """I-W2: the state a text describes, if it can go on in this game (else IllegalAction)."""
        try:
            other = import_text(text)
            check_fits(other, self.game)
        except NotationError as exc:
            raise IllegalAction("I-W2", exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)) from None
        except (ValueError, KeyError, IndexError):
            raise IllegalAction("I-W2", M("The text has a line that is not Paper Invasion notation "
                                          "(see the rules page for an example).")) from None
        return other

    def _check_place(self, action: Action) -> None:
        step = self.place_step()
        want = {"hero": PlaceHero, "enemy": PlaceEnemy, "vault": PlaceVault, "event": PlaceEvent}[step]
        if not isinstance(action, want):
            # TRANSLATORS: {what} is what to place first ("place a hero (1 of 2)")
            raise IllegalAction("I-B3", M("First {what}.", what=self.place_ask()))
        room = getattr(action, "room", "")
        if room not in self.board.rooms:
            raise IllegalAction("I-B1", M("There is no room {room}.", room=room))
        if isinstance(action, PlaceEnemy):
            side = self.enemy_side()
            if action.side != side:
                # TRANSLATORS: N, E, S, W and {side} are the sides of the sheet as the game writes them
                raise IllegalAction("I-B4", M("Enemies are placed N, E, S, W in turn: this one goes on the {side} side.",
                                              side=side))
            if side not in self.board.exterior_sides(room):
                raise IllegalAction("I-B4", M("Room {room} has no outside wall on the {side} side.", room=room,
                                              side=side))

    def _hero(self, hid: int) -> Hero:
        h = self.heroes.get(hid)
        if h is None:
            raise IllegalAction("I-H1", M("There is no hero H{hero}.", hero=hid))
        if h.owner != self.hero_player:
            # TRANSLATORS: H{hero} is a hero token (H3); {who} its player ("Heroes 2")
            raise IllegalAction("I-H1", M("H{hero} belongs to {who}.", hero=hid, who=self.game.player_name(h.owner)))
        return h

    def _check_hero(self, action: Move | Kill | Seal | Smash | Loot | Use) -> None:
        h = self._hero(action.hero)
        if isinstance(action, Move):
            if h.moved:
                raise IllegalAction("I-H1", M("This hero has already moved this turn."))
            self._check_step(h.room, action.to)
            return
        if isinstance(action, Use):
            if not h.item:
                raise IllegalAction("I-H5", M("This hero holds no Vault item."))
            if action not in self.item_uses(action.hero):
                name, what = self.item
                # TRANSLATORS: {item} is the Vault item ("Flamer"), {what} the sentence saying what it does
                raise IllegalAction(f"I-V{self.slot(3)}", M("The {item} cannot do that: {what}", item=name, what=what))
            return
        if h.acted:
            raise IllegalAction("I-H1", M("This hero has already taken its one action this turn."))
        if isinstance(action, Kill):
            if not self.enemies_in(h.room):
                raise IllegalAction("I-H2", M("There is no enemy in room {room} to kill.", room=h.room))
        elif isinstance(action, (Seal, Smash)):
            rule = "I-H3" if isinstance(action, Seal) else "I-H4"
            keys = [s.key for s in self.board.sides(h.room)]
            if action.wall not in keys:
                raise IllegalAction(rule, M("That wall is not a wall of room {room}.", room=h.room))
            if is_exterior(action.wall) and not self.game.settings["outer_seal"]:
                raise IllegalAction(rule, M("Heroes seal and smash only walls between two rooms: the outer walls "
                                            "change only by the enemies and the Vault's Builder or Fixer."))
            st = self.board.walls[action.wall]
            if isinstance(action, Seal) and st == DOUBLE:
                raise IllegalAction("I-H3", M("That wall is already a Double Barrier."))
            if isinstance(action, Smash) and st != DOUBLE:
                raise IllegalAction("I-H4", M("Heroes only smash Double Barriers (down to Single)."))
        elif isinstance(action, Loot):
            if self.vault != h.room or self.vault_open:
                raise IllegalAction("I-H5", M("There is no closed Vault in this room."))
            if h.item:
                raise IllegalAction("I-H5", M("This hero already holds a Vault item."))

    def _check_step(self, here: str, to: str) -> None:
        key = self.board.wall_between(here, to) if to in self.board.rooms else None
        if key is None:
            raise IllegalAction("I-H1", M("Room {to} is not next to room {here}.", to=to, here=here))
        if self.board.walls[key] == DOUBLE:
            raise IllegalAction("I-B2", M("A Double Barrier stops everyone: smash it down to Single first."))

    def _check_enemy(self, action: Action) -> None:
        assert isinstance(action, (EMove, ESmash, EGrab))
        eid = action.enemy
        e = self.enemies.get(eid)
        if e is None:
            raise IllegalAction("I-E1", M("There is no enemy X{enemy}.", enemy=eid))
        if isinstance(action, EMove):
            if e.moved:
                raise IllegalAction("I-E1", M("This enemy has already moved this turn."))
            if action.to not in self.enemy_moves(eid):
                raise IllegalAction("I-E1", M("Enemies move only through an Opening into the room beyond."))
            return
        if e.acted:
            raise IllegalAction("I-E2", M("This enemy has already taken its one action this turn."))
        if isinstance(action, ESmash):
            if action.wall not in self.enemy_walls(eid):
                raise IllegalAction("I-E2", M("An enemy smashes only a wall of its own room (or the wall it stands at)."))
            if self.board.walls[action.wall] == OPENING:
                raise IllegalAction("I-E2", M("That wall is already an Opening."))
        elif isinstance(action, EGrab):
            if e.outside or action.hero not in self.heroes_in(e.pos):
                raise IllegalAction("I-E3", M("An enemy grabs only a hero in its own room."))

    # -- applying -----------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        before = len(self.enemies)
        ev: list[Event] = []
        if isinstance(action, ChooseWord):
            ev = self._choose_word(action)
        elif isinstance(action, ImportText):
            other = self._imported(action.text)
            keep = self.game
            self.__dict__.update(other.__dict__)
            self.game = keep
            ev = [Event("import", M("The game goes on from its text: {status}", status=self.status()),
                        {"phase": self.phase, "round": self.round})]
            if self.phase == "enemies" and self.game.enemy_seat is None:
                ev += self._program_enemies()  # the enemies' turn goes on, played by the program
        elif isinstance(action, Split):
            new = self.board.split(action.room, action.axis, action.at)
            ev = [Event("split", M("A wall splits room {room}: room {new} is drawn.", room=action.room, new=new),
                        {"room": action.room, "new": new})]
            ev += self._maybe_rooms_done()
        elif isinstance(action, GeneratePlan):
            # Drawn from a copy of the game's generator, which is not used up: the plan follows from
            # the word and the walls drawn so far, so taking it again after Undo gives the same plan.
            self.board.generate(self.chance.copy(), self.room_goal)
            ev = [Event("plan", Mn("A floor plan with {n} room is drawn.", "A floor plan with {n} rooms is drawn.",
                                   len(self.board.rooms)), {})]
            ev += self._maybe_rooms_done()
        elif isinstance(action, (PlaceHero, PlaceEnemy, PlaceVault, PlaceEvent)):
            ev = self._place(action)
        elif isinstance(action, TriggerEvent):
            ev = self.fire_event(M("the heroes call for an extra Event"), action.event)
        elif isinstance(action, EndTurn):
            ev = self._end_hero_turn() if self.phase == "heroes" else self._end_enemy_turn()
        elif isinstance(action, (Move, Kill, Seal, Smash, Loot, Use)):
            ev = self._hero_action(action)
        else:
            ev = self._enemy_action(action)
        ev += self._settle(before)
        return ev

    def _choose_word(self, a: ChooseWord) -> list[Event]:
        if a.option in ("d6", "d10"):
            self.slots = slots_from_dice(self.chance, 6 if a.option == "d6" else 10)
            self.word = ""
        else:
            self.slots = slots_from_word(a.word, a.option)
            self.word = a.word.strip()
        self.option = a.option
        if self.game.settings["theme"] == "Custom":
            self.heroes_name = a.heroes.strip() or "Heroes"
            self.enemies_name = a.enemies.strip() or "Enemies"
        self.phase = "build"
        # I-S1: the word is the game's dice; its Slots, once shown, stand (undo never takes them back)
        # unless the house rule says a word may be taken back.
        takeback = bool(self.game.settings["word_takeback"]) and a.option not in ("d6", "d10")
        why = "" if takeback else M("a used word's Slots stand (the house rule 'Undo takes back the word' is off).")
        told = dict(slots=" ".join(map(str, self.slots)), rooms=self.room_goal, enemies=self.enemy_goal,
                    item=self.item[0], event=self.event[0])
        if self.word:
            # TRANSLATORS: {word} is the word the player typed; {slots} six digits; {item} and {event} names
            text = Mn("Slots from '{word}': {slots} - {rooms} rooms, {n} hero, {enemies} enemies, Vault {item}, "
                      "Event {event}.",
                      "Slots from '{word}': {slots} - {rooms} rooms, {n} heroes, {enemies} enemies, Vault {item}, "
                      "Event {event}.", self.heroes_per_player, word=self.word, **told)
        else:
            # TRANSLATORS: {dice} is D6 or D10; {slots} six digits; {item} and {event} names
            text = Mn("Slots from the {dice}: {slots} - {rooms} rooms, {n} hero, {enemies} enemies, Vault {item}, "
                      "Event {event}.",
                      "Slots from the {dice}: {slots} - {rooms} rooms, {n} heroes, {enemies} enemies, Vault {item}, "
                      "Event {event}.", self.heroes_per_player, dice=a.option.upper(), **told)
        return [Event("slots", text, {"slots": list(self.slots), **({"final": why} if why else {})},
                      reveals=not takeback)]

    def _maybe_rooms_done(self) -> list[Event]:
        if len(self.board.rooms) >= self.room_goal:
            self.phase = "place"
            return [Event("rooms", M("The board has its {n} rooms; place the tokens.", n=len(self.board.rooms)), {})]
        return []

    def _new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def _place(self, a: Action) -> list[Event]:
        if isinstance(a, PlaceHero):
            owner = len(self.heroes) // self.heroes_per_player
            hid = self._new_id()
            self.heroes[hid] = Hero(owner, a.room)
            ev = [Event("add_hero", M("H{hero} is placed in room {room}.", hero=hid, room=a.room),
                        {"hero": hid, "room": a.room, "heroes": 1})]
        elif isinstance(a, PlaceEnemy):
            eid = self._new_id()
            self.enemies[eid] = Enemy(ext_key(a.room, a.side))
            self.enemies_placed += 1
            ev = [Event("add_enemy", M("X{enemy} waits outside room {room} ({side}).", enemy=eid, room=a.room, side=a.side),
                        {"enemy": eid, "pos": ext_key(a.room, a.side), "enemies": 1})]
        elif isinstance(a, PlaceVault):
            self.vault = a.room
            ev = [Event("vault", M("The Vault (V) is in room {room}.", room=a.room), {"room": a.room})]
        else:
            assert isinstance(a, PlaceEvent)
            self.event_room = a.room
            ev = [Event("marker", M("The Event marker (E) is in room {room}.", room=a.room), {"room": a.room})]
            ev += self._start_play()
        return ev

    def _start_play(self) -> list[Event]:
        """I-B6: odd Slot 5, heroes first; even, the enemies open."""
        self.round = 1
        if self.heroes_first:
            ev = [Event("first", M("Slot 5 is {n} (odd): the heroes move first.", n=self.slot(5)), {})]
            return ev + self._begin_hero_turn()
        ev = [Event("first", M("Slot 5 is {n} (even): the enemies move first.", n=self.slot(5)), {})]
        return ev + self._begin_enemy_turn()

    # -- turns ----------------------------------------------------------------------
    def _begin_hero_turn(self) -> list[Event]:
        if self.phase == "over":
            return []
        if not self.heroes:
            self.phase = "over"
            self.outcome = "loss"
            return [Event("end", M("No {heroes} are left.", heroes=in_sentence(self.heroes_name)), {})]
        for h in self.heroes.values():
            h.moved = h.acted = False
        if self.skip_heroes:
            self.skip_heroes = False
            return [Event("skip", M("Terror-stricken: the heroes skip this turn (I-Y5)."), {})] + self._after_heroes()
        self.phase = "heroes"
        self.hero_player = -1
        return self._next_hero_player()

    def _next_hero_player(self) -> list[Event]:
        for p in range(self.hero_player + 1, self.game.hero_players):
            if any(h.owner == p for h in self.heroes.values()):
                self.hero_player = p
                return []
        return self._after_heroes()

    def _end_hero_turn(self) -> list[Event]:
        return self._next_hero_player()

    @property
    def heroes_first(self) -> bool:
        """I-B6: an odd Slot 5 lets the heroes open every round."""
        return self.slot(5) % 2 == 1

    def _after_heroes(self) -> list[Event]:
        return self._next_round() if not self.heroes_first else self._begin_enemy_turn()

    def _after_enemies(self) -> list[Event]:
        return self._next_round() if self.heroes_first else self._begin_hero_turn()

    def _next_round(self) -> list[Event]:
        """A round is one turn of each side, the opening side first.  I-W3 (rev 3): the limit counts
        the heroes' turns, so after round N (both sides played, whoever opened) the invasion wins."""
        self.round += 1
        if self.round > self.game.settings["rounds"]:
            self.phase = "over"
            self.outcome = "loss"
            return [Event("end", Mn("{n} round has passed and the {enemies} still hold on.",
                                    "{n} rounds have passed and the {enemies} still hold on.",
                                    int(self.game.settings["rounds"]), enemies=in_sentence(self.enemies_name)), {})]
        return self._begin_hero_turn() if self.heroes_first else self._begin_enemy_turn()

    def _begin_enemy_turn(self) -> list[Event]:
        if self.dodge_pending:
            self.dodge, self.dodge_pending = True, False
        if self.skip_enemies:
            self.skip_enemies -= 1
            self.dodge = False
            return [Event("skip", M("Shaker: the enemies skip their turn (I-V4)."), {})] + self._after_enemies()
        for e in self.enemies.values():
            e.moved = e.acted = False
        self.phase = "enemies"
        self.enemy_could_move = self.an_enemy_could_move() or self._stopped_by_vault()
        if self.game.enemy_seat is not None:
            return []
        return self._program_enemies()

    def _program_enemies(self) -> list[Event]:
        """The program plays the (rest of the) enemies' turn and ends it."""
        ev = enemy_ai.play_turn(self)
        if self.phase == "over":
            return ev
        return ev + self._end_enemy_turn()

    def _end_enemy_turn(self) -> list[Event]:
        ev: list[Event] = []
        self.dodge = False
        self.vault_undo = []
        if not self.enemy_could_move and self.enemies and not self.events_fired and self.phase != "over":
            ev += self.fire_event(M("no enemy could move this turn"))
        if self.phase == "over":
            return ev
        return ev + self._after_enemies()

    # -- hero actions -----------------------------------------------------------------
    def _hero_action(self, a: Move | Kill | Seal | Smash | Loot | Use) -> list[Event]:
        hid = a.hero
        h = self.heroes[hid]
        if isinstance(a, Move):
            h.moved = True
            return [self._move_hero(hid, a.to)]
        if isinstance(a, Use):
            return self._use(hid, a)
        h.acted = True
        if isinstance(a, Kill):
            victims = sorted(self.enemies_in(h.room))[:2]
            for v in victims:
                del self.enemies[v]
            return [Event("kill", M("H{hero} kills {n} in room {room}.", hero=hid, n=len(victims), room=h.room),
                          {"hero": hid, "victims": victims, "enemies": -len(victims)})]
        if isinstance(a, Seal):
            old = self.board.walls[a.wall]
            new = SINGLE if old == OPENING else DOUBLE
            return [self._set_wall(a.wall, new, M("H{hero} seals {wall}", hero=hid, wall=a.wall))]
        if isinstance(a, Smash):
            return [self._set_wall(a.wall, SINGLE, M("H{hero} smashes {wall}", hero=hid, wall=a.wall))]
        assert isinstance(a, Loot)
        h.item = True
        self.vault_open = True
        name, what = self.item
        # TRANSLATORS: {item} is the Vault item's name, {what} the sentence saying what it does
        return [Event("loot", M("H{hero} opens the Vault and holds the {item} ({what})", hero=hid, item=name, what=what),
                      {"hero": hid})]

    def _move_hero(self, hid: int, to: str) -> Event:
        h = self.heroes[hid]
        key = self.board.wall_between(h.room, to)
        assert key is not None and self.board.walls[key] != DOUBLE, "a Double Barrier is never crossed"
        frm, h.room = h.room, to
        return Event("move", M("H{hero} moves {frm} -> {to}.", hero=hid, frm=frm, to=to),
                     {"hero": hid, "from": frm, "to": to, "wall": key, "wall_state": self.board.walls[key]})

    def _set_wall(self, key: str, new: str, who: str) -> Event:
        old = self.board.walls[key]
        self.board.walls[key] = new
        # TRANSLATORS: {who} says who changed the wall ("H1 seals a|b", "Paper thin"); {old}, {new} wall states
        return Event("wall", M("{who}: {old} -> {new}.", who=who, old=STATE_NAMES[old], new=STATE_NAMES[new]),
                     {"wall": key, "old": old, "new": new})

    def _use(self, hid: int, a: Use) -> list[Event]:
        h = self.heroes[hid]
        h.item = False
        item = self.slot(3)
        name = VAULT[item][0]
        if item == 1:
            here = sorted(self.enemies_in(h.room))[: a.n]
            there = sorted(self.enemies_in(a.target))[: 3 - len(here)] if a.target else []
            for v in here + there:
                del self.enemies[v]
            n = len(here) + len(there)
            # TRANSLATORS: {item} is the Vault item (the Flamer); {n} enemies burn
            return [Event("kill", Mn("H{hero} uses the {item}: {n} burn.", "H{hero} uses the {item}: {n} burn.", n,
                                     hero=hid, item=name), {"hero": hid, "victims": here + there, "enemies": -n})]
        if item in (2, 9):
            old = self.board.walls[a.target]
            self.vault_undo.append(f"{a.target}>{old}")
            new = SINGLE if old == OPENING else DOUBLE
            return [self._set_wall(a.target, new, M("H{hero} uses the {item}", hero=hid, item=name))]
        if item == 3:
            return [Event("item", M("H{hero} uses the {item}.", hero=hid, item=name), {})] + [self._move_hero(hid, a.target)]
        if item == 4:
            self.skip_enemies += 1
            return [Event("item", M("H{hero} uses the {item}: the next enemy turn is skipped.", hero=hid, item=name), {})]
        if item == 5:
            moved = sorted(self.enemies_in(a.target))
            for eid in moved:
                self.vault_undo.append(f"X{eid}>{a.target}")
                self.enemies[eid].pos = a.target2
            # TRANSLATORS: {n} enemies are shoved from room {frm} to room {to}
            return [Event("shove", Mn("H{hero} uses the {item}: {n} shoved from {frm} to {to}.",
                                      "H{hero} uses the {item}: {n} shoved from {frm} to {to}.", len(moved),
                                      hero=hid, item=name, frm=a.target, to=a.target2),
                          {"enemies_moved": moved, "from": a.target, "to": a.target2})]
        if item == 6:
            victim = min(i for i, e in self.enemies.items() if e.pos == a.target)
            del self.enemies[victim]
            return [Event("kill", M("H{hero} uses the {item}: X{victim} falls.", hero=hid, item=name, victim=victim),
                          {"hero": hid, "victims": [victim], "enemies": -1})]
        if item == 7:
            self.dodge_pending = True
            return [Event("item", M("H{hero} uses the {item}: grabs fail during the next enemy turn.", hero=hid,
                                    item=name), {})]
        nid = self._new_id()
        self.heroes[nid] = Hero(h.owner, a.target, moved=True, acted=True)
        return [Event("add_hero", M("H{hero} uses the {item}: H{new} joins in room {room}.", hero=hid, item=name,
                                    new=nid, room=a.target), {"hero": nid, "room": a.target, "heroes": 1})]

    # -- enemy steps (shared by the program and a person) ----------------------------------
    def enemy_move(self, eid: int, to: str) -> Event:
        e = self.enemies[eid]
        key = e.pos if e.outside else self.board.wall_between(e.pos, to)
        assert key is not None and self.board.walls[key] == OPENING, "enemies pass Openings only"
        frm, e.pos = e.pos, to
        e.moved = True
        self.enemy_could_move = True
        return Event("enemy_move", M("X{enemy} moves {frm} -> {to}.", enemy=eid, frm=frm, to=to),
                     {"enemy": eid, "from": frm, "to": to, "wall": key, "wall_state": self.board.walls[key]})

    def enemy_smash(self, eid: int, key: str) -> Event:
        e = self.enemies[eid]
        e.acted = True
        old = self.board.walls[key]
        new = OPENING if old == SINGLE else SINGLE
        self.board.walls[key] = new
        self.enemy_could_move = self.enemy_could_move or self.an_enemy_could_move()
        return Event("enemy_smash", M("X{enemy} smashes {wall}: {old} -> {new}.", enemy=eid, wall=key,
                                      old=STATE_NAMES[old], new=STATE_NAMES[new]),
                     {"enemy": eid, "wall": key, "old": old, "new": new})

    def enemy_grab(self, eid: int, hid: int) -> Event:
        e = self.enemies[eid]
        e.acted = True
        if self.dodge:
            return Event("enemy_grab_fail", M("X{enemy} grabs at H{hero} and misses (Dodger).", enemy=eid, hero=hid),
                         {"enemy": eid, "hero": hid})
        room = self.heroes[hid].room
        del self.heroes[hid]
        nid = self._new_id()
        self.enemies[nid] = Enemy(room, True, True)
        return Event("enemy_grab", M("X{enemy} grabs H{hero} in room {room}: H{hero} is now X{new}.", enemy=eid,
                                     hero=hid, room=room, new=nid),
                     {"enemy": eid, "hero": hid, "new": nid, "room": room, "heroes": -1, "enemies": 1})

    def _enemy_action(self, a: Action) -> list[Event]:
        if isinstance(a, EMove):
            return [self.enemy_move(a.enemy, a.to)]
        if isinstance(a, ESmash):
            return [self.enemy_smash(a.enemy, a.wall)]
        assert isinstance(a, EGrab)
        return [self.enemy_grab(a.enemy, a.hero)]

    # -- events (I-X, I-Y) ----------------------------------------------------------------
    def fire_event(self, why: str, extra: int | None = None) -> list[Event]:
        """Fire the Event of Slot 4 at once (or, called as an extra, the entry chosen); places
        follow I-X2 from the Event marker.  An extra Event is on top of the required one (I-X3);
        the required one fires once per game, at the first I-X1 trigger (rev 3)."""
        if extra is None:
            self.events_fired = 1
        n = self.slot(4) if extra is None else extra
        name, what = EVENTS[n]
        # TRANSLATORS: {why} says why the Event fires; {name} is the Event's name, {what} what it does
        ev = [Event("event", M("Event ({why}): {name} - {what}", why=why, name=name, what=what), {"event": n, "why": why})]
        order = self.board.clockwise_rooms(self.event_room or "a")
        if n in (1, 6):
            hid = next((i for r in order for i in sorted(self.heroes_in(r))), None)
            if hid is not None:
                room = self.heroes[hid].room
                del self.heroes[hid]
                if n == 1:
                    nid = self._new_id()
                    self.enemies[nid] = Enemy(room, True, True)
                    ev.append(Event("enemy_grab", M("H{hero} in room {room} awakens as X{new}.", hero=hid, room=room,
                                                    new=nid),
                                    {"hero": hid, "new": nid, "room": room, "heroes": -1, "enemies": 1}))
                else:
                    ev.append(Event("erase", M("H{hero} in room {room} is erased.", hero=hid, room=room),
                                    {"hero": hid, "heroes": -1}))
        elif n == 2:
            key = next((s.key for r in order for s in self.board.sides(r) if self.board.walls[s.key] == DOUBLE), None)
            if key:
                ev.append(self._set_wall(key, SINGLE, EVENTS[2][0]))  # Paper thin
        elif n == 3:
            # rev 4: on clockwise past a hero's room with no wall left to open, as every entry does
            key = next((s.key for r in order if self.heroes_in(r) for s in self.board.sides(r)
                        if self.board.walls[s.key] != OPENING), None)
            if key:
                ev.append(self._set_wall(key, OPENING, EVENTS[3][0]))  # Kool-aid man
        elif n == 4:
            ev += self._secret_passage(order)
        elif n == 5:
            self.skip_heroes = True
        elif n == 7:
            eid = self._first_enemy(order)
            if eid is not None:
                pos = self.enemies.pop(eid).pos
                ev.append(Event("erase", M("X{enemy} ({pos}) is erased.", enemy=eid, pos=pos), {"enemy": eid, "enemies": -1}))
        else:
            # rev 2: outside, at the exterior walls of the marker's room (else the nearest room that
            # has one), clockwise N, E, S, W round that room's outer walls.
            room = next((r for r in order if self.board.exterior_sides(r)), order[0])
            walls = [s.key for s in self.board.sides(room) if s.other is None]
            added = []
            for i in range(2 if n == 8 else 4):
                nid = self._new_id()
                self.enemies[nid] = Enemy(walls[i % len(walls)], True, True)
                added.append(nid)
            where = ", ".join(dict.fromkeys(self.enemies[i].pos for i in added))
            # TRANSLATORS: {where} lists the outside walls as the game writes them ("a:N, a:W")
            ev.append(Event("add_enemy", Mn("{n} enemy appears outside room {room} ({where}).",
                                            "{n} enemies appear outside room {room} ({where}).", len(added),
                                            room=room, where=where),
                            {"new": added, "room": room, "enemies": len(added)}))
        if len(ev) == 1 and n != 5:
            ev.append(Event("event_none", M("{name} finds nothing to do on this board.", name=name), {"event": n}))
        return ev

    def _first_enemy(self, order: list[str]) -> int | None:
        for r in order:
            inside = sorted(self.enemies_in(r))
            if inside:
                return inside[0]
            for s in self.board.sides(r):
                if s.other is None:
                    out = sorted(i for i, e in self.enemies.items() if e.pos == s.key)
                    if out:
                        return out[0]
        return None

    def _secret_passage(self, order: list[str]) -> list[Event]:
        for r in order:
            x0, y0, x1, y1 = self.board.rooms[r]
            w, h = x1 - x0, y1 - y0
            if max(w, h) < 2 or self.board.next_letter() is None:
                continue
            axis = "v" if w >= h else "h"
            at = (x0 + x1) // 2 if axis == "v" else (y0 + y1) // 2
            moving_side = "E" if axis == "v" else "S"
            new = self.board.split(r, axis, at)
            for e in self.enemies.values():
                if e.pos == ext_key(r, moving_side):
                    e.pos = ext_key(new, moving_side)
            return [Event("split", M("A secret passage: room {room} is split and room {new} appears.", room=r, new=new),
                          {"room": r, "new": new})]
        return []

    def _low_trigger(self, count: int) -> str:
        """I-X1's first trigger in words: it fires when the enemies fall to 2 or fewer, so a game
        that starts with 2 (or a Kill that takes 2 at once) fires it with 1 or none left."""
        if count == 2:
            return M("only 2 enemies are left")
        if count == 1:
            return M("2 enemies or fewer are left: 1 remains")
        return M("the last of the {enemies} fell", enemies=in_sentence(self.enemies_name))

    def _settle(self, before: int) -> list[Event]:
        """I-X1 (two enemies left), I-X3 (one Event is required) and I-W1 after every action."""
        if self.phase not in ("heroes", "enemies"):
            return []
        ev: list[Event] = []
        for _ in range(8):
            count = len(self.enemies)
            if not self.events_fired and count < before and count <= 2 and self.heroes:
                ev += self.fire_event(self._low_trigger(count))
                before = count
                continue
            if not self.enemies and self.heroes and not self.events_fired:
                ev += self.fire_event(M("one Event is required before the invasion can end"))
                continue
            break
        if not self.heroes:
            self.phase = "over"
            self.outcome = "loss"
            ev.append(Event("end", M("No {heroes} are left.", heroes=in_sentence(self.heroes_name)), {}))
        elif not self.enemies and self.events_fired:
            self.phase = "over"
            self.outcome = "win"
            ev.append(Event("end", M("Every one of the {enemies} is gone!", enemies=in_sentence(self.enemies_name)), {}))
        elif self.phase == "heroes" and not any(h.owner == self.hero_player for h in self.heroes.values()):
            ev += self._next_hero_player()
        return ev

    # -- persistence -----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase, "word": self.word, "option": self.option, "slots": list(self.slots),
            "names": [self.heroes_name, self.enemies_name], "suggested": self.suggested,
            "rooms": {k: list(v) for k, v in self.board.rooms.items()}, "walls": dict(self.board.walls),
            "heroes": {str(k): h.to_json() for k, h in self.heroes.items()},
            "enemies": {str(k): e.to_json() for k, e in self.enemies.items()},
            "next_id": self.next_id, "vault": self.vault, "vault_open": self.vault_open,
            "event_room": self.event_room, "enemies_placed": self.enemies_placed,
            "hero_player": self.hero_player, "round": self.round,
            "flags": [self.skip_heroes, self.skip_enemies, self.dodge, self.dodge_pending, self.events_fired,
                      self.enemy_could_move, list(self.vault_undo)],
            "outcome": self.outcome, "chance": self.chance.to_json(),
        }

    @classmethod
    def from_json(cls, game: Game, data: Mapping[str, Any]) -> InvasionState:
        assert isinstance(game, InvasionGame)
        s = cls(game, Chance.from_json(data["chance"]), fresh=False)
        s.phase = str(data["phase"])
        s.word, s.option = str(data["word"]), str(data["option"])
        s.slots = tuple(int(x) for x in data["slots"])
        s.heroes_name, s.enemies_name = (str(x) for x in data["names"])
        s.suggested = str(data["suggested"])
        s.board = Board({k: (int(v[0]), int(v[1]), int(v[2]), int(v[3])) for k, v in data["rooms"].items()},
                        {str(k): str(v) for k, v in data["walls"].items()})
        s.heroes = {int(k): Hero(int(v[0]), str(v[1]), bool(v[2]), bool(v[3]), bool(v[4]))
                    for k, v in data["heroes"].items()}
        s.enemies = {int(k): Enemy(str(v[0]), bool(v[1]), bool(v[2])) for k, v in data["enemies"].items()}
        s.next_id = int(data["next_id"])
        s.vault = data["vault"]
        s.vault_open = bool(data["vault_open"])
        s.event_room = data["event_room"]
        s.enemies_placed = int(data["enemies_placed"])
        s.hero_player = int(data["hero_player"])
        s.round = int(data["round"])
        f = data["flags"]
        s.skip_heroes, s.skip_enemies, s.dodge, s.dodge_pending = bool(f[0]), int(f[1]), bool(f[2]), bool(f[3])
        s.events_fired = min(1, int(f[4]))
        s.enemy_could_move = bool(f[5])
        s.vault_undo = [str(x) for x in f[-1]]  # the last flag (rev 4 dropped extra_this_turn before it)
        s.outcome = data["outcome"]
        return s

    def as_text(self) -> str:
        """I-W2: the whole game as the documented bullet list (``notation.py``)."""
        return export_text(self.game.settings, self.to_json())

    def clone(self) -> InvasionState:
        s = InvasionState.__new__(InvasionState)
        s.__dict__.update(self.__dict__)
        s.chance = self.chance.copy()
        s.board = self.board.copy()
        s.heroes = {k: h.copy() for k, h in self.heroes.items()}
        s.enemies = {k: e.copy() for k, e in self.enemies.items()}
        s.vault_undo = list(self.vault_undo)
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, InvasionState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


def import_text(text: str) -> InvasionState:
    """I-W2: the state a text written by ``as_text`` (or by hand) describes; NotationError if it
    is not Paper Invasion notation."""
    settings, data = read_text(text)
    try:
        game = InvasionGame(settings)
    except SettingsError as exc:
        raise NotationError(M("settings: {problem}", problem=exc.args[0] if exc.args else str(exc))) from None
    try:
        Chance.from_json(data["chance"])
    except (KeyError, TypeError, ValueError):
        raise NotationError(M("chance: not a generator state.")) from None
    return InvasionState.from_json(game, data)


def spec_shown(game: InvasionGame, key: str, value: object) -> str:
    spec = next(sp for sp in game.settings_spec if sp.key == key)
    return spec.shown(value)


#: Phases a text may continue in (the word step is where it is read in).
_GO_ON = ("build", "place", "heroes", "enemies")


def check_fits(s: InvasionState, game: InvasionGame) -> None:
    """Raise NotationError unless the state read from a text is whole and can go on in ``game``
    (the same hero players, mode, enemy player and round limit; the theme's names travel with the text)."""
    if s.phase not in _GO_ON:
        # TRANSLATORS: {phases} and {phase} are the text's own words (build, place, heroes, enemies)
        raise NotationError(M("turn: phase must be one of {phases}, not '{phase}'.", phases=", ".join(_GO_ON),
                              phase=s.phase))
    want, have = game.settings, s.game.settings
    labels = {spec.key: spec.label for spec in game.settings_spec}
    # TRANSLATORS: a setting and its value ("Hero players = 2")
    diff = [M("{setting} = {value}", setting=labels[k], value=spec_shown(game, k, have[k]))
            for k in ("players", "mode", "enemy_player", "rounds", "outer_seal") if want[k] != have[k]]
    if diff:
        settings: str = diff[0]
        for more in diff[1:]:
            settings = M("{names}, {name}", names=settings, name=more)
        # TRANSLATORS: {settings} lists the settings the text was written with
        raise NotationError(M("The text was written for {settings}: choose the same on the setup screen, then "
                              "import it again.", settings=settings))
    if len(s.slots) != 6:
        raise NotationError(M("slots: six digits from 1 to 9."))
    if s.phase != "build" and not s.board.rooms:
        raise NotationError(M("rooms: the list is empty."))
    rooms = s.board.rooms
    for i, h in s.heroes.items():
        if not 0 <= h.owner < game.hero_players:
            raise NotationError(Mn("tokens: H{hero} belongs to player {owner}, but the game has {n} hero player.",
                                   "tokens: H{hero} belongs to player {owner}, but the game has {n} hero players.",
                                   game.hero_players, hero=i, owner=h.owner + 1))
        if h.room not in rooms:
            raise NotationError(M("tokens: there is no room {room} for H{hero}.", room=h.room, hero=i))
    for i, e in s.enemies.items():
        if (e.outside and e.pos not in s.board.walls) or (not e.outside and e.pos not in rooms):
            raise NotationError(M("tokens: X{enemy} stands at {pos}, which is not a room or an outside wall.", enemy=i,
                                  pos=e.pos))
    ids = set(s.heroes) & set(s.enemies)
    if ids:
        raise NotationError(M("tokens: the number {n} is used by a hero and an enemy.", n=min(ids)))
    if max([0, *s.heroes, *s.enemies]) >= s.next_id:
        raise NotationError(M("flags: next_id must be above every token's number."))
    for name, room in (("V", s.vault), ("E", s.event_room)):
        if room is not None and room not in rooms:
            # TRANSLATORS: {token} is V (the Vault) or E (the Event marker)
            raise NotationError(M("tokens: there is no room {room} for {token}.", room=room, token=name))
    if s.phase in ("heroes", "enemies") and (s.vault is None or s.event_room is None):
        raise NotationError(M("tokens: the Vault (V) and the Event marker (E) must be on the board."))
    if not 0 <= s.hero_player < game.hero_players:
        raise NotationError(M("turn: hero_player must be 0 to {most}.", most=game.hero_players - 1))
    for entry in s.vault_undo:
        what, sep, old = entry.partition(">")
        if not sep or (not what.startswith("X") and (what not in s.board.walls or old not in STATE_NAMES)):
            raise NotationError(M("flags: vault_undo '{entry}' should read wall>S/O/D or X<number>>position.",
                                  entry=entry))
    if s.phase in ("heroes", "enemies"):
        # A finished game is no starting point (I-W1, I-W3).
        if not s.heroes:
            raise NotationError(M("tokens: no hero is left, so that game is already lost."))
        if not s.enemies and s.events_fired:
            raise NotationError(M("tokens: every enemy is gone and the Event has fired, so that game is already won."))
        if s.round > game.settings["rounds"]:
            raise NotationError(M("turn: round {round} is past the limit of {rounds} rounds, so that game is already "
                                  "lost.", round=s.round, rounds=game.settings["rounds"]))


__all__ = ["InvasionGame", "InvasionState", "Hero", "Enemy", "import_text", "check_fits", "NotationError", "WIDTH", "HEIGHT", "wall_rooms"]
