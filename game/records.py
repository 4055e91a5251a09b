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
from .jsonio import FileProblem, file_name, read_json, show
from .levels import changed_levels, level_digest, level_title, played_levels
from .limits import MAX_SETTING_TEXT

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
        if not isinstance(data, Mapping):
            raise RecordError(f"The {source} is not a Paper Wars record (it is not a JSON object).")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"The {source} is not a Paper Wars record (format is {show(data.get('format'))}).")
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise RecordError(f"The {source} has no valid record version ({show(version)}).")
        if version > RECORD_VERSION:
            raise RecordError(f"The {source} was written by a newer Paper Wars (record version {show(version)}); "
                              "update the game to open it.")
        game = data.get("game")
        seed = data.get("seed")
        settings = data.get("settings", {})
        actions = data.get("actions", [])
        pins = data.get("pins", {})
        seats = data.get("seats", [])
        rules_version = data.get("rules_version", "1")
        digest = data.get("level_digest", "")
        if not isinstance(game, str) or not GAME_NAME.fullmatch(game):
            raise RecordError(f"The {source} does not say which game it is ({show(game)}).")
        if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED <= seed <= MAX_SEED:
            raise RecordError(f"The {source} has no whole-number seed from -2^64 to 2^64 ({show(seed)}).")
        if not isinstance(settings, Mapping):
            raise RecordError(f"The {source} has settings that are not an object ({show(settings)}).")
        for key, value in settings.items():
            if not _plain_setting(value):
                raise RecordError(f"The {source} has a setting {show(key)} with a value no setting can have "
                                  f"({show(value)}).")
        if not isinstance(actions, list):
            raise RecordError(f"The {source} has actions that are not a list ({show(actions)}).")
        if len(actions) > MAX_ACTIONS:
            raise RecordError(f"The {source} has {len(actions):,} actions; a record holds at most {MAX_ACTIONS:,}.")
        try:
            pins = check_pins(pins)
        except ValueError as exc:
            raise RecordError(f"The {source} has bad pins: {exc}.") from None
        if not isinstance(rules_version, (str, int)) or isinstance(rules_version, bool) \
                or not VERSION_TEXT.fullmatch(str(rules_version)):
            raise RecordError(f"The {source} has no valid rules version ({show(rules_version)}).")
        if not isinstance(seats, list) or len(seats) > MAX_SEATS or \
                not all(isinstance(s, str) and SEAT_NAME.fullmatch(s) for s in seats):
            raise RecordError(f"The {source} has a seat list that is not a list of player kinds ({show(seats)}).")
        if not isinstance(digest, str) or not (digest == "" or DIGEST_TEXT.fullmatch(digest)):
            raise RecordError(f"The {source} has a level fingerprint that is not 16 hex digits ({show(digest)}).")
        return cls(game=game, settings=dict(settings), seed=seed, actions=list(actions), pins=pins,
                   rules_version=str(rules_version), seats=list(seats), level_digest=digest)

    @classmethod
    def load(cls, path: Path) -> Record:
        return cls.from_json(read_json(Path(path), "record"), f"record {file_name(path)}")

    # -- replaying --------------------------------------------------------
    def make_game(self) -> Game:
        try:
            rs = registry.get(self.game)
        except KeyError:
            raise RecordError(f"This record is for an unknown game: {show(self.game)}.") from None
        if self.rules_version != rs.game_cls.rules_version:
            shown = self.rules_version if VERSION_TEXT.fullmatch(str(self.rules_version)) else show(self.rules_version)
            raise RecordError(f"This record uses {rs.title} rules version {shown}, "
                              f"but this Paper Wars has version {rs.game_cls.rules_version}.")
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
            raise RecordError(f"The record's settings are not valid: {exc}") from None
        except FileProblem as exc:
            raise RecordError(str(exc)) from None
        except Exception:  # noqa: BLE001 - a ruleset failing on its settings is a refusal, never a crash
            raise RecordError(f"The record's settings are not valid: {RULES_FAILED} the settings "
                              f"{show(self.settings)}.") from None

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
                raise RecordError(f"This record was played on another version of {self._levels_named(rs, settings)} "
                                  "than the one here, so it cannot be replayed as it was played.")
            return
        changed = changed_levels(rs.name, spec, settings)
        if changed:
            raise RecordError(f"This record was played on an older version of {self._levels_named(rs, settings, changed)}, "
                              "changed since by an update of Paper Wars, so it cannot be replayed as it was played.")
        self.level_digest = level_digest(rs.name, spec, settings)  # what it was played on: named from now on

    @staticmethod
    def _levels_named(rs: Any, settings: dict[str, Any], names: list[str] | None = None) -> str:
        """The levels a record plays, as a player reads them ("the scenario “Tank battle”")."""
        spec = rs.game_cls.settings_spec
        kinds = {str(settings.get(s.key, s.default)): s.label.lower() for s in spec if s.kind == "level"}
        names = names if names is not None else played_levels(spec, settings)
        said = [f"the {kinds.get(n, 'level')} “{level_title(rs.name, n)}”" for n in names]
        return " and ".join(said) or "its level"

    def start(self) -> State:
        game = self.make_game()
        try:
            return game.new_state(self.seed, self.pins)
        except FileProblem as exc:
            raise RecordError(str(exc)) from None
        except IllegalAction as exc:
            raise RecordError(f"The record cannot start its game: {show(exc.message, 200)[1:-1]} [{exc.rule}]") from None
        except (Exception, RecursionError) as exc:  # noqa: BLE001 - never a crash while opening a file
            why = str(exc) if type(exc) is ValueError and str(exc) and not _looks_internal(str(exc)) else \
                f"{RULES_FAILED} its settings and seed"
            raise RecordError(f"The record cannot start its game: {show(why, 200)[1:-1]}.") from None

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
        raise RecordError(f"Action {i} is malformed: {exc}.", index=i) from None
    try:
        events = state.apply(action)
    except IllegalAction as exc:
        raise RecordError(f"Action {i} ({safe_notation(action)}) is illegal: {show(exc.message, 300)[1:-1]} "
                          f"[{exc.rule}]", index=i, rule=exc.rule) from None
    except FileProblem as exc:
        raise RecordError(f"Action {i} ({safe_notation(action)}) cannot be applied: {exc}", index=i) from None
    except (Exception, RecursionError):  # noqa: BLE001 - never a crash while replaying a file
        raise RecordError(f"Action {i} ({safe_notation(action)}) cannot be applied: {RULES_FAILED} it.",
                          index=i) from None
    return action, events
