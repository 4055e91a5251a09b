"""The one engine interface every ruleset implements (OpenSpiel's Game/State split).

Nothing here, nor anywhere under ``game.rules``, imports pygame: scenes call the
rules, never the other way round.  Chance comes from :class:`Chance`, whose
state is part of the game state, so a record (seed + actions) replays exactly.
"""

from __future__ import annotations

import dataclasses
import math
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from . import limits
from .msg import M, Mp, Msg

JSON = dict[str, Any]
T = TypeVar("T")

_MASK = (1 << 64) - 1

#: A level is named, never given as a path: letters, digits, '_' and '-' (levels.py looks
#: the name up in the shipped and the user's level folders only).
LEVEL_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-]{0,63}")


class IllegalAction(ValueError):
    """An action the rules refuse.  Carries the rule id and a sentence for the player."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message


class SettingsError(ValueError):
    """A setting that does not exist or has a value the game cannot use."""

    def __str__(self) -> str:
        first = self.args[0] if len(self.args) == 1 else None
        return first if isinstance(first, Msg) else super().__str__()  # a message keeps its template


class Chance:
    """Seeded generator (splitmix64) kept inside the game state.

    Pins make chance scripted for tests and tutorials: ``faces`` are die faces
    consumed in order before the generator is asked, ``decks`` are orders
    returned by successive shuffles, ``noise=False`` turns physical noise off.
    ``draws`` counts every draw, so the app can tell which actions revealed
    chance (undo never steps past one).
    """

    __slots__ = ("state", "draws", "faces", "decks", "noise")

    def __init__(
        self,
        seed: int,
        faces: Iterable[int] = (),
        decks: Iterable[Sequence[Any]] = (),
        noise: bool = True,
        draws: int = 0,
    ) -> None:
        self.state = int(seed) & _MASK
        self.draws = draws
        self.faces = list(faces)
        self.decks = [list(d) for d in decks]
        self.noise = noise

    # -- raw generator -------------------------------------------------
    def _next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float in [0, 1)."""
        self.draws += 1
        return (self._next() >> 11) * (1.0 / (1 << 53))

    def randint(self, lo: int, hi: int) -> int:
        """An integer in [lo, hi], both included."""
        if hi < lo:
            raise ValueError("empty range")
        self.draws += 1
        return lo + ((self._next() * (hi - lo + 1)) >> 64)

    def die(self, sides: int = 6) -> int:
        """One die face 1..sides; a pinned face is used first if there is one."""
        if self.faces:
            face = int(self.faces.pop(0))
            if not 1 <= face <= sides:
                raise ValueError(f"pinned face {face} is not on a D{sides}")
            self.draws += 1
            return face
        return self.randint(1, sides)

    def dice(self, n: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(n)]

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        """Normal noise; exactly ``mu`` when noise is pinned off."""
        if not self.noise or sigma == 0:
            return mu
        u1 = 1.0 - self.random()
        u2 = self.random()
        return mu + sigma * math.sqrt(-2.0 * math.log(u1)) * math.cos(2 * math.pi * u2)

    def uniform(self, lo: float, hi: float) -> float:
        return lo + (hi - lo) * self.random()

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.randint(0, len(seq) - 1)]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle in place; a pinned deck order is used first if there is one."""
        if self.decks:
            order = self.decks.pop(0)
            if sorted(map(repr, order)) != sorted(map(repr, items)):
                raise ValueError("pinned deck order is not a permutation of the deck")
            items[:] = [_match(items, o) for o in order]
            self.draws += 1
            return
        for i in range(len(items) - 1, 0, -1):
            j = self.randint(0, i)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Chance:
        """An independent generator derived from this one (for agents, playouts)."""
        return Chance(self._next(), noise=self.noise)

    # -- persistence ----------------------------------------------------
    def to_json(self) -> JSON:
        return {
            "state": self.state,
            "draws": self.draws,
            "faces": list(self.faces),
            "decks": [list(d) for d in self.decks],
            "noise": self.noise,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Chance:
        """Restore a generator; raises ValueError with a sentence when ``data`` is not one."""
        if not isinstance(data, Mapping):
            raise ValueError("the chance generator's state must be an object")
        pins = check_pins({k: data[k] for k in ("faces", "decks", "noise") if k in data})
        state, draws = data.get("state"), data.get("draws", 0)
        for name, value in (("state", state), ("draws", draws)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MASK:
                raise ValueError(f"the chance generator's {name} must be a whole number from 0 to 2^64-1")
        c = cls(0, pins.get("faces", ()), [tuple_deep(d) for d in pins.get("decks", ())],
                pins.get("noise", True), draws)
        c.state = int(state) & _MASK if isinstance(state, int) else 0
        return c

    def copy(self) -> Chance:
        c = Chance(0, self.faces, self.decks, self.noise, self.draws)
        c.state = self.state
        return c


#: Pins a record may hold (tests, tutorials): limits on their size.
MAX_PINNED = 10_000


def check_pins(pins: Any) -> dict[str, Any]:
    """Check a record's pins (die faces, deck orders, noise) before any rule sees them;
    returns them, or raises ValueError with a sentence naming what is wrong."""
    if not isinstance(pins, Mapping):
        raise ValueError(f"the pins must be an object, not {_kind(pins)} {_show(pins)}")
    unknown = sorted(str(k) for k in pins if k not in ("faces", "decks", "noise"))
    if unknown:
        raise ValueError(f"there is no pin called {_show(unknown[0])} (only faces, decks and noise)")
    out: dict[str, Any] = {}
    if "faces" in pins:
        faces = pins["faces"]
        if not isinstance(faces, (list, tuple)) or len(faces) > MAX_PINNED:
            raise ValueError(f"the pinned faces must be a list of at most {MAX_PINNED:,} die faces")
        for f in faces:
            if isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= 1000:
                raise ValueError(f"a pinned die face must be a whole number from 1 to 1000, not {_show(f)}")
        out["faces"] = list(faces)
    if "decks" in pins:
        decks = pins["decks"]
        if not isinstance(decks, (list, tuple)) or len(decks) > MAX_PINNED:
            raise ValueError(f"the pinned decks must be a list of at most {MAX_PINNED:,} deck orders")
        for deck in decks:
            if not isinstance(deck, (list, tuple)) or len(deck) > MAX_PINNED:
                raise ValueError(f"a pinned deck order must be a list of cards, not {_show(deck)}")
            for card in deck:
                if not _plain_card(card):
                    raise ValueError(f"a pinned card must be text, a number or a short list of those, "
                                     f"not {_show(card)}")
        out["decks"] = [list(d) for d in decks]
    if "noise" in pins:
        if not isinstance(pins["noise"], bool):
            raise ValueError(f"the noise pin must be true or false, not {_show(pins['noise'])}")
        out["noise"] = pins["noise"]
    return out


def _plain_card(card: Any, depth: int = 0) -> bool:
    if isinstance(card, str):
        return len(card) <= 200 and "\x00" not in card
    if isinstance(card, bool) or card is None:
        return True
    if isinstance(card, int):
        return -MAX_ACTION_INT <= card <= MAX_ACTION_INT
    if isinstance(card, float):
        return math.isfinite(card)
    if isinstance(card, (list, tuple)) and depth < 3:
        return len(card) <= 16 and all(_plain_card(c, depth + 1) for c in card)
    return False


def _match(items: list[T], wanted: Any) -> T:
    for it in items:
        if it == wanted or tuple_deep(it) == tuple_deep(wanted):
            return it
    raise ValueError(f"pinned card {wanted!r} is not in the deck")


def tuple_deep(x: Any) -> Any:
    """Lists become tuples, all the way down (JSON arrays back to frozen fields)."""
    if isinstance(x, (list, tuple)):
        return tuple(tuple_deep(v) for v in x)
    return x


def list_deep(x: Any) -> Any:
    if isinstance(x, (list, tuple)):
        return [list_deep(v) for v in x]
    return x


@dataclass(frozen=True)
class Action:
    """Base of every action: a small frozen dataclass with a text notation.

    Fields hold ints, floats, strings, bools, None or (nested) tuples of those,
    so that every action round-trips through JSON exactly.
    """

    def notation(self) -> str:
        vals = " ".join(str(getattr(self, f.name)) for f in dataclasses.fields(self))
        return f"{type(self).__name__.lower()} {vals}".strip()

    def __str__(self) -> str:
        return self.notation()

    def to_json(self) -> JSON:
        data: JSON = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            data[f.name] = list_deep(getattr(self, f.name))
        return data


@dataclass(frozen=True)
class Event:
    """Something that happened while an action was applied: logged, animated."""

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    #: This event showed information that was hidden until now (cards turned face up or
    #: dealt, secret choices opened): undo never steps back over the action that caused it.
    reveals: bool = False
    #: The seats that may see this event (None: every seat and spectators).  The network
    #: layer sends an event only to its audience; at one screen everything is logged.
    audience: tuple[int, ...] | None = None

    def seen_by(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) may see this event."""
        return self.audience is None or (seat is not None and seat in self.audience)


@dataclass(frozen=True)
class Result:
    """How a finished game ended."""

    winners: tuple[int, ...]
    text: str
    scores: tuple[float, ...] = ()

    @property
    def draw(self) -> bool:
        return not self.winners


@dataclass(frozen=True)
class Setting:
    """One game setting, described well enough for the setup screen to offer it."""

    key: str
    label: str
    default: Any
    kind: str = "choice"  # "bool", "int", "choice", "level"
    choices: tuple[Any, ...] = ()
    lo: int = 0
    hi: int = 0
    help: str = ""
    names: tuple[str, ...] = ()  # what the setup screen shows for each of ``choices`` (default: the value)
    #: (other key, values): the setup screen offers this setting only while that setting holds one of them
    shown_when: tuple[str, tuple[Any, ...]] | None = None

    def applies(self, values: Mapping[str, Any]) -> bool:
        """Whether the setup screen offers this setting, given the other settings' ``values``."""
        if self.shown_when is None:
            return True
        key, wanted = self.shown_when
        return values.get(key) in wanted

    def shown(self, value: Any) -> str:
        """The text the setup screen shows for ``value``."""
        if isinstance(value, bool):
            return Mp("setting", "on") if value else Mp("setting", "off")
        if self.names and value in self.choices:
            return self.names[self.choices.index(value)]
        return str(value)

    def validate(self, value: Any) -> Any:
        # the setting's name as a message (a label marked with N_ is looked up where it is drawn)
        label = self.label if isinstance(self.label, Msg) else Msg(self.label)
        if self.kind == "bool":
            if not isinstance(value, bool):
                # TRANSLATORS: {setting} is a setting's name ("Wrecks stay on the table"), {given} the value given
                raise SettingsError(M("{setting} must be on or off, not {given}.", setting=label, given=_show(value)))
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int) or not self.lo <= value <= self.hi:
                raise SettingsError(M("{setting} must be a whole number from {lo} to {hi}, not {given}.",
                                      setting=label, lo=self.lo, hi=self.hi, given=_show(value)))
            return value
        if self.kind == "level":
            if not isinstance(value, str) or not LEVEL_NAME.fullmatch(value):
                raise SettingsError(M("{setting} must name a level (letters, digits, '_' and '-'), not {given}.",
                                      setting=label, given=_show(value)))
            return value
        if not isinstance(value, (str, int, float, bool)) or value not in self.choices:
            # TRANSLATORS: {choices} lists the values a setting takes, as the files write them ("off, one, every")
            raise SettingsError(M("{setting} must be one of {choices}, not {given}.", setting=label,
                                  choices=", ".join(map(str, self.choices)), given=_show(value)))
        return value


class Game(ABC):
    """Rules plus settings (variants, level); makes states."""

    name: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str] = "1"
    settings_spec: ClassVar[tuple[Setting, ...]] = ()
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    hidden_information: ClassVar[bool] = False
    #: Settings whose default changed within a rules version: the value a record that names none
    #: was played with (records.py fills it in; Session.new writes today's default into new records).
    record_defaults: ClassVar[Mapping[str, Any]] = {}

    def __init__(self, settings: Mapping[str, Any] | None = None) -> None:
        settings = dict(settings or {})
        known = {s.key: s for s in self.settings_spec}
        unknown = sorted(set(settings) - set(known))
        if unknown:
            # TRANSLATORS: {game} is a game's title ("Paper Tigers"), {name} a setting's key as written in files
            raise SettingsError(M("{game} has no setting called {name}.", game=Msg(self.title), name=_show(unknown[0])))
        self.settings: dict[str, Any] = {}
        for key, spec in known.items():
            self.settings[key] = spec.validate(settings.get(key, spec.default))
        self._decoders = {cls.__name__: cls for cls in self.action_types}

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    def player_name(self, seat: int) -> str:
        # TRANSLATORS: a seat's name when the game gives it none; {n} counts from 1
        return M("Player {n}", n=seat + 1)

    @abstractmethod
    def new_initial_state(self, chance: Chance) -> State: ...

    def new_state(self, seed: int, pins: Mapping[str, Any] | None = None) -> State:
        pins = check_pins(pins or {})
        chance = Chance(seed, pins.get("faces", ()), pins.get("decks", ()), bool(pins.get("noise", True)))
        return self.new_initial_state(chance)

    def decode_action(self, data: Any) -> Action:
        """Build an action from its JSON form, checking every field against the action's
        field annotations before the rules see it; raises ValueError with a readable reason
        (a phrase naming the field and showing the bad value, never Python's own words)."""
        return decode_action(self._decoders, self.title, data)


# -- strict action decoding ------------------------------------------------------------

#: Limits for action fields: whole numbers, real numbers, text length, list length.
MAX_ACTION_INT = 10 ** 9
MAX_ACTION_FLOAT = 1e9
MAX_ACTION_TEXT = limits.MAX_ACTION_TEXT  # what a text field takes is set beside it (game.limits)
MAX_ACTION_ITEMS = 4_096


def _show(value: Any) -> str:
    from .jsonio import show  # jsonio imports nothing from here

    return show(value)


def _kind(value: Any) -> str:
    from .jsonio import kind_of

    return kind_of(value)


def _given(value: Any) -> str:
    """A value for a refusal: its kind and its JSON ("a whole number 7")."""
    from .jsonio import described

    return described(value)


def _field_decoder(hint: Any, where: str) -> Any:
    """A function value -> checked value for one annotated field type."""
    import types
    import typing

    origin = typing.get_origin(hint)
    if hint is bool:
        def dec(v: Any) -> Any:
            if not isinstance(v, bool):
                # TRANSLATORS: {where} is "the field 'unit'" (or "an item of ..."), {given} the value sent
                raise ValueError(M("{where} must be true or false, not {given}", where=where, given=_given(v)))
            return v
        return dec
    if hint is int:
        def dec(v: Any) -> Any:
            if isinstance(v, bool) or not isinstance(v, int):
                raise ValueError(M("{where} must be a whole number, not {given}", where=where, given=_given(v)))
            if not -MAX_ACTION_INT <= v <= MAX_ACTION_INT:
                raise ValueError(M("{where} is out of range ({given})", where=where, given=_show(v)))
            return v
        return dec
    if hint is float:
        def dec(v: Any) -> Any:
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise ValueError(M("{where} must be a number, not {given}", where=where, given=_given(v)))
            if not (math.isfinite(v) and -MAX_ACTION_FLOAT <= v <= MAX_ACTION_FLOAT):
                raise ValueError(M("{where} is out of range ({given})", where=where, given=_show(v)))
            return float(v)
        return dec
    if hint is str:
        def dec(v: Any) -> Any:
            from .jsonio import clean_text

            if not isinstance(v, str):
                raise ValueError(M("{where} must be text, not {given}", where=where, given=_given(v)))
            why = clean_text(v, where, MAX_ACTION_TEXT)
            if why:
                raise ValueError(why)
            return v
        return dec
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _field_decoder(args[0], M("an item of {where}", where=where))

            def dec(v: Any) -> Any:
                if not isinstance(v, (list, tuple)):
                    raise ValueError(M("{where} must be a list, not {given}", where=where, given=_given(v)))
                if len(v) > MAX_ACTION_ITEMS:
                    raise ValueError(M("{where} has {n} items (at most {most})", where=where, n=format(len(v), ","),
                                       most=format(MAX_ACTION_ITEMS, ",")))
                return tuple(item(x) for x in v)
            return dec
        items = [_field_decoder(a, M("an item of {where}", where=where)) for a in args]

        def dec(v: Any) -> Any:
            if not isinstance(v, (list, tuple)) or len(v) != len(items):
                raise ValueError(M("{where} must be a list of {n}, not {given}", where=where, n=len(items),
                                   given=_given(v)))
            return tuple(d(x) for d, x in zip(items, v, strict=True))
        return dec
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        inner = _field_decoder(options[0], where) if len(options) == 1 else None
        if inner is None:
            raise TypeError(f"unsupported action field type {hint!r} for {where}")
        none_ok = type(None) in typing.get_args(hint)

        def dec(v: Any) -> Any:
            if v is None and none_ok:
                return None
            return inner(v)
        return dec
    if hint is Any:
        return lambda v: tuple_deep(v)
    raise TypeError(f"unsupported action field type {hint!r} for {where}")


_DECODERS: dict[type, tuple[dict[str, Any], frozenset[str]]] = {}


def _decoders_for(cls: type[Action]) -> tuple[dict[str, Any], frozenset[str]]:
    """Per action class: a checker per field, and the fields that must be given."""
    if cls not in _DECODERS:
        import typing

        hints = typing.get_type_hints(cls)
        checks = {f.name: _field_decoder(hints[f.name], M("the field '{name}'", name=f.name))
                  for f in dataclasses.fields(cls)}
        required = frozenset(f.name for f in dataclasses.fields(cls)
                             if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
        _DECODERS[cls] = (checks, required)
    return _DECODERS[cls]


def decode_action(decoders: Mapping[str, type[Action]], title: str, data: Any) -> Action:
    if not isinstance(data, Mapping):
        raise ValueError(M("an action must be an object with a 'type', not {given}", given=_given(data)))
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ValueError(M("an action must have a 'type' naming it, not {given}", given=_given(kind))
                         if "type" in data else M("an action must be an object with a 'type'"))
    cls = decoders.get(kind)
    if cls is None:
        # TRANSLATORS: {game} is a game's title, {name} the action's type as sent
        raise ValueError(M("{game} has no action called {name}", game=Msg(title), name=_show(kind)))
    checks, required = _decoders_for(cls)
    extra = sorted(str(k) for k in data if k != "type" and k not in checks)
    # TRANSLATORS: {kind} is an action's type as the record writes it ("Move"), {name} a field of it
    if extra:
        raise ValueError(M("action {kind} has no field {name}", kind=kind, name=_show(extra[0])))
    missing = sorted(required - set(data))
    if missing:
        raise ValueError(M("action {kind} needs the field '{name}'", kind=kind, name=missing[0]))
    values = {}
    for name, value in data.items():
        if name == "type":
            continue
        try:
            values[name] = checks[name](value)
        except ValueError as exc:
            first = exc.args[0] if len(exc.args) == 1 else None
            # TRANSLATORS: {kind} is an action's type ("Move"), {problem} what is wrong with one of its fields
            raise ValueError(M("action {kind}: {problem}", kind=kind, problem=first if isinstance(first, Msg)
                               else str(exc))) from None
    return cls(**values)


def safe_notation(action: Any, limit: int = 80) -> str:
    """An action's notation for a message: shortened, escaped, never an exception."""
    from .jsonio import show

    try:
        text = action.notation()
    except Exception:  # noqa: BLE001 - a refusal must never crash while being described
        text = type(action).__name__.lower()
    return show(str(text), limit)[1:-1]


class State(ABC):
    """One point in a game.  Mutable; ``clone`` for search."""

    def __init__(self, game: Game, chance: Chance) -> None:
        self.game = game
        self.chance = chance

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or -1 when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action] | None:
        """Every legal action, or None where the choice is continuous (a flick)."""

    def random_action(self, rng: Chance) -> Action:
        """A uniformly random legal action; continuous games override this."""
        acts = self.legal_actions()
        if not acts:
            raise RuntimeError(f"{self.game.title}: no legal action in a running game")
        return rng.choice(acts)

    @abstractmethod
    def check(self, action: Action) -> None:
        """Raise IllegalAction (rule id + sentence) unless ``action`` is legal now."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]: ...

    def apply(self, action: Action) -> list[Event]:
        """Check then apply an action; returns what happened."""
        if self.is_over():
            raise IllegalAction("GAME", M("The game is over."))
        self.check(action)
        return self._apply(action)

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def to_json(self) -> JSON:
        """Everything, the generator included; ``from_json`` restores it exactly."""

    @classmethod
    @abstractmethod
    def from_json(cls, game: Game, data: Mapping[str, Any]) -> State: ...

    def clone(self) -> State:
        return type(self).from_json(self.game, self.to_json())

    def status(self) -> str:
        """One line for the status bar: whose turn and what is asked."""
        if self.is_over():
            res = self.result()
            return res.text if res else M("Game over.")
        # TRANSLATORS: the status line; {who} is a player's name ("Player 2", "Red")
        return M("{who} to play.", who=self.game.player_name(self.current_player()))

    def hidden_for_seat(self) -> bool:
        """True when the next seat must not see the previous seat's secrets (cover screen)."""
        return self.game.hidden_information

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may know of this state (None: a spectator), as JSON: ``to_json``
        without the generator (its state would tell every future die), and without whatever
        else the rules hide from that seat (a ruleset with secrets overrides this, in its
        ``seatview`` module).  ``from_view`` turns a view back into a playable state."""
        data = self.to_json()
        data["chance"] = None
        return data

    @classmethod
    def from_view(cls, game: Game, view: Mapping[str, Any], seed: int) -> State:
        """A state a computer player can search from, built from a seat's ``view`` alone: the
        generator is a fresh one seeded with ``seed`` and anything hidden is guessed (a
        ruleset with secrets overrides this).  Never the real game: a guess at it."""
        data = dict(view)
        data["chance"] = Chance(seed).to_json()
        return cls.from_json(game, data)
