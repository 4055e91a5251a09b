"""Every game is a record: ruleset, rules version, settings, seed, pins, actions.

A record replays headless and exactly.  See docs/records.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import registry
from .engine import Action, Event, Game, IllegalAction, SettingsError, State, check_pins, safe_notation
from .jsonio import FileProblem, file_name, read_json, said, show
from .levels import changed_levels, level_digest, level_title, played_levels
from .limits import MAX_SETTING_TEXT
from .msg import N_, M, Msg
from .words import joined

RECORD_FORMAT = "paperwars-record"
RECORD_VERSION = 1

#: The longest record replayed (a long game of any of the five is a few thousand actions).
MAX_ACTIONS = 50_000
MAX_SEED = 1 << 64
MAX_SEATS = 16
GAME_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
SEAT_NAME = re.compile(r"[A-Za-z0-9_\-]{1,32}")
VERSION_TEXT = re.compile(r"[A-Za-z0-9_.\-]{1,16}")
#: A level fingerprint (``levels.files_digest``): 16 hex digits.
DIGEST_TEXT = re.compile(r"[0-9a-f]{16}")
#: Said when a ruleset raised something other than its refusal: the record is refused,
#: and the harness (tests/harness_files.py) counts this as a rules bug.
RULES_FAILED = "the rules could not handle"


def _short(text: str, limit: int) -> str:
    """A sentence for a refusal, shortened and escaped; the message itself when it is short and clean."""
    shown = show(str(text), limit)[1:-1]
    return text if isinstance(text, Msg) and shown == text else shown


def record_source(name: str) -> str:
    """How a record's sentences name a record file."""
    # TRANSLATORS: {name} is a file's name; the sentences say "The record game.json has ..."
    return M("record {name}", name=name)


def game_in(name: str) -> str:
    """How a save's sentences name the record inside it."""
    return M("game in {name}", name=name)


#: The other names a record goes by in its sentences (translated where drawn).
SOURCES = (N_("record"), N_("save"), N_("room's record"), N_("new game"), N_("game"))
#: What a level is called in a sentence ("the scenario “Tank battle”"): the level settings' names.
LEVEL_KINDS = (N_("level"), N_("map"), N_("scenario"), N_("saved map"))


class RecordError(FileProblem):
    """A record that cannot be replayed; ``index`` is the failing action, if any."""

    def __init__(self, message: str, index: int | None = None, rule: str | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.rule = rule


@dataclass
class Record:
    game: str
    settings: dict[str, Any]
    seed: int
    actions: list[dict[str, Any]] = field(default_factory=list)
    pins: dict[str, Any] = field(default_factory=dict)
    rules_version: str = "1"
    seats: list[str] = field(default_factory=list)
    #: The fingerprint of the level files the game is played on (``levels.level_digest``), so that
    #: a record is never replayed on another version of its level (a changed shipped scenario, an
    #: edited map).  None: a record made now (a new game; a copy): its game's levels as they are,
    #: filled in when the game is made.  "": none named (an older record, or a game played on no
    #: level file): see ``make_game`` and docs/records.md.
    level_digest: str | None = field(default=None, compare=False)
    #: Settings taken from the player's profile (Invasion's used words, I-S1): given to the
    #: rules while the game is played, never written into the record (a record's setting
    #: holds at most 200 characters, a profile grows without end, and a replay needs none).
    profile: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "settings": self.settings,
            "seed": self.seed,
            "actions": self.actions,
        }
        if self.pins:
            data["pins"] = self.pins
        if self.seats:
            data["seats"] = self.seats
        if self.level_digest:
            data["level_digest"] = self.level_digest
        return data

    @classmethod
    def from_json(cls, data: Any, source: str = "record") -> Record:
        """Check every field of a record's JSON before anything uses it; RecordError says
        which field is wrong and shows the bad value shortened and escaped."""
        src = source if isinstance(source, Msg) else Msg(source)
        # TRANSLATORS: in these sentences {source} names the record ("record game.json", "game in game.json",
        # "save"); {given} is the value found, shown as JSON
        if not isinstance(data, Mapping):
            raise RecordError(M("The {source} is not a Paper Wars record (it is not a JSON object).", source=src))
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(M("The {source} is not a Paper Wars record (format is {given}).", source=src,
                                given=show(data.get("format"))))
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise RecordError(M("The {source} has no valid record version ({given}).", source=src, given=show(version)))
        if version > RECORD_VERSION:
            raise RecordError(M("The {source} was written by a newer Paper Wars (record version {given}); update the "
                                "game to open it.", source=src, given=show(version)))
        game = data.get("game")
        seed = data.get("seed")
        settings = data.get("settings", {})
        actions = data.get("actions", [])
        pins = data.get("pins", {})
        seats = data.get("seats", [])
        rules_version = data.get("rules_version", "1")
        digest = data.get("level_digest", "")
        if not isinstance(game, str) or not GAME_NAME.fullmatch(game):
            raise RecordError(M("The {source} does not say which game it is ({given}).", source=src, given=show(game)))
        if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED <= seed <= MAX_SEED:
            raise RecordError(M("The {source} has no whole-number seed from -2^64 to 2^64 ({given}).", source=src,
                                given=show(seed)))
        if not isinstance(settings, Mapping):
            raise RecordError(M("The {source} has settings that are not an object ({given}).", source=src,
                                given=show(settings)))
        for key, value in settings.items():
            if not _plain_setting(value):
                raise RecordError(M("The {source} has a setting {name} with a value no setting can have ({given}).",
                                    source=src, name=show(key), given=show(value)))
        if not isinstance(actions, list):
            raise RecordError(M("The {source} has actions that are not a list ({given}).", source=src,
                                given=show(actions)))
        if len(actions) > MAX_ACTIONS:
            raise RecordError(M("The {source} has {n} actions; a record holds at most {most}.", source=src,
                                n=format(len(actions), ","), most=format(MAX_ACTIONS, ",")))
        try:
            pins = check_pins(pins)
        except ValueError as exc:
            # TRANSLATORS: {problem} is what is wrong with the pins (a testing aid), in English
            raise RecordError(M("The {source} has bad pins: {problem}.", source=src, problem=said(exc))) from None
        if not isinstance(rules_version, (str, int)) or isinstance(rules_version, bool) \
                or not VERSION_TEXT.fullmatch(str(rules_version)):
            raise RecordError(M("The {source} has no valid rules version ({given}).", source=src,
                                given=show(rules_version)))
        if not isinstance(seats, list) or len(seats) > MAX_SEATS or \
                not all(isinstance(s, str) and SEAT_NAME.fullmatch(s) for s in seats):
            raise RecordError(M("The {source} has a seat list that is not a list of player kinds ({given}).",
                                source=src, given=show(seats)))
        if not isinstance(digest, str) or not (digest == "" or DIGEST_TEXT.fullmatch(digest)):
            raise RecordError(M("The {source} has a level fingerprint that is not 16 hex digits ({given}).",
                                source=src, given=show(digest)))
        return cls(game=game, settings=dict(settings), seed=seed, actions=list(actions), pins=pins,
                   rules_version=str(rules_version), seats=list(seats), level_digest=digest)

    @classmethod
    def load(cls, path: Path) -> Record:
        return cls.from_json(read_json(Path(path), "record"), record_source(file_name(path)))

    # -- replaying --------------------------------------------------------
    def make_game(self) -> Game:
        try:
            rs = registry.get(self.game)
        except KeyError:
            raise RecordError(M("This record is for an unknown game: {game}.", game=show(self.game))) from None
        if self.rules_version != rs.game_cls.rules_version:
            shown = self.rules_version if VERSION_TEXT.fullmatch(str(self.rules_version)) else show(self.rules_version)
            # TRANSLATORS: {game} is a game's title, {version} and {ours} rules versions ("3")
            raise RecordError(M("This record uses {game} rules version {version}, but this Paper Wars has version "
                                "{ours}.", game=Msg(rs.title), version=shown, ours=rs.game_cls.rules_version))
        profile = self.profile
        own = getattr(rs.game_cls, "record_profile", None)
        if profile and own is not None:  # what the record itself chose is never held against it (I-S1)
            profile = own(profile, self.actions)
        # A setting the record leaves out means the default of its time (Game.record_defaults).
        settings = {**rs.game_cls.record_defaults, **self.settings}
        self._same_levels(rs, settings)
        try:
            return rs.make_game({**settings, **profile})
        except SettingsError as exc:
            # TRANSLATORS: {problem} is a sentence saying which setting is wrong
            raise RecordError(M("The record's settings are not valid: {problem}", problem=said(exc))) from None
        except FileProblem as exc:
            raise RecordError(said(exc)) from None
        except Exception:  # noqa: BLE001 - a ruleset failing on its settings is a refusal, never a crash
            # TRANSLATORS: {given} is the settings as JSON
            raise RecordError(M("The record's settings are not valid: the rules could not handle the settings "
                                "{given}.", given=show(self.settings))) from None

    def _same_levels(self, rs: Any, settings: dict[str, Any]) -> None:
        """The record is played on the level files it was played on, or RecordError saying so: a
        named fingerprint must be the files' own; a record naming none (written before records
        named one) must not play a shipped level changed since (``levels.BEFORE_FINGERPRINTS``)."""
        spec = rs.game_cls.settings_spec
        if self.level_digest is None:  # a record made now: its levels as they are
            self.level_digest = level_digest(rs.name, spec, settings)
            return
        if self.level_digest:
            now = level_digest(rs.name, spec, settings)  # "": a file that cannot be read (the game says why)
            if now and now != self.level_digest:
                # TRANSLATORS: {levels} names the levels ("the scenario “Tank battle”")
                raise RecordError(M("This record was played on another version of {levels} than the one here, so it "
                                    "cannot be replayed as it was played.", levels=self._levels_named(rs, settings)))
            return
        changed = changed_levels(rs.name, spec, settings)
        if changed:
            raise RecordError(M("This record was played on an older version of {levels}, changed since by an update "
                                "of Paper Wars, so it cannot be replayed as it was played.",
                                levels=self._levels_named(rs, settings, changed)))
        self.level_digest = level_digest(rs.name, spec, settings)  # what it was played on: named from now on

    @staticmethod
    def _levels_named(rs: Any, settings: dict[str, Any], names: list[str] | None = None) -> str:
        """The levels a record plays, as a player reads them ("the scenario “Tank battle”")."""
        spec = rs.game_cls.settings_spec
        # the setting's name in small letters, as a word in a sentence (LEVEL_KINDS: those the catalogs know)
        kinds = {str(settings.get(s.key, s.default)): str(s.label).lower() for s in spec if s.kind == "level"}
        names = names if names is not None else played_levels(spec, settings)
        # TRANSLATORS: {kind} is what the level is ("scenario", "map"), {title} the level's title
        words = [M("the {kind} “{title}”", kind=Msg(kinds.get(n, "level")), title=level_title(rs.name, n))
                 for n in names]
        if not words:
            return M("its level")
        if len(words) == 1:
            return words[0]
        return M("{first} and {second}", first=joined(words[:-1]), second=words[-1])

    def start(self) -> State:
        game = self.make_game()
        try:
            return game.new_state(self.seed, self.pins)
        except FileProblem as exc:
            raise RecordError(said(exc)) from None
        except IllegalAction as exc:
            # TRANSLATORS: {problem} is the rules' refusal, {rule} its rule id (kept as it is)
            raise RecordError(M("The record cannot start its game: {problem} [{rule}]", problem=_short(exc.message, 200),
                                rule=exc.rule)) from None
        except (Exception, RecursionError) as exc:  # noqa: BLE001 - never a crash while opening a file
            if type(exc) is ValueError and str(exc) and not _looks_internal(str(exc)):
                raise RecordError(M("The record cannot start its game: {problem}.",
                                    problem=_short(said(exc), 200))) from None
            raise RecordError(M("The record cannot start its game: the rules could not handle its settings and "
                                "seed.")) from None

    def steps(self) -> Iterator[tuple[int, Action, list[Event], State]]:
        """Replay, yielding (index, action, events, state after) for each action."""
        state = self.start()
        for i, raw in enumerate(self.actions):
            action, events = apply_raw(state, i, raw)
            yield i, action, events, state

    def replay(self) -> State:
        state: State | None = None
        for _, _, _, state in self.steps():
            pass
        return state if state is not None else self.start()


def _plain_setting(value: Any) -> bool:
    """A setting's value: text, a number, true/false or null (settings are never nested)."""
    if isinstance(value, str):
        return len(value) <= MAX_SETTING_TEXT
    return value is None or isinstance(value, (bool, int, float))


def _looks_internal(text: str) -> bool:
    return any(w in text for w in ("__", "object", "NoneType", "argument", "Error", "<"))


def apply_raw(state: State, i: int, raw: Any) -> tuple[Action, list[Event]]:
    """Decode and apply one action of a record (index ``i``) to ``state``; RecordError
    (one sentence, never Python's own words) when it is malformed or illegal."""
    try:
        action = state.game.decode_action(raw)
    except ValueError as exc:
        # TRANSLATORS: {i} is the action's number in the record, {problem} what is wrong with it, in English
        raise RecordError(M("Action {i} is malformed: {problem}.", i=i, problem=said(exc)), index=i) from None
    try:
        events = state.apply(action)
    except IllegalAction as exc:
        # TRANSLATORS: {action} is the action's notation, {problem} the rules' refusal, {rule} its rule id
        raise RecordError(M("Action {i} ({action}) is illegal: {problem} [{rule}]", i=i, action=safe_notation(action),
                            problem=_short(exc.message, 300), rule=exc.rule), index=i, rule=exc.rule) from None
    except FileProblem as exc:
        raise RecordError(M("Action {i} ({action}) cannot be applied: {problem}", i=i, action=safe_notation(action),
                            problem=said(exc)), index=i) from None
    except (Exception, RecursionError):  # noqa: BLE001 - never a crash while replaying a file
        raise RecordError(M("Action {i} ({action}) cannot be applied: the rules could not handle it.", i=i,
                            action=safe_notation(action)), index=i) from None
    return action, events
