"""Every game is a record: ruleset, rules version, settings, seed, pins, actions.

A record replays headless and exactly.  See docs/records.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import registry
from .engine import Action, Event, Game, IllegalAction, SettingsError, State
from .jsonio import FileProblem, read_json

RECORD_FORMAT = "paperwars-record"
RECORD_VERSION = 1


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
        return data

    @classmethod
    def from_json(cls, data: Any, source: str = "record") -> Record:
        if not isinstance(data, Mapping):
            raise RecordError(f"The {source} is not a Paper Wars record (it is not a JSON object).")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"The {source} is not a Paper Wars record (format is {data.get('format')!r}).")
        version = data.get("version")
        if not isinstance(version, int) or version < 1:
            raise RecordError(f"The {source} has no valid record version.")
        if version > RECORD_VERSION:
            raise RecordError(f"The {source} was written by a newer Paper Wars (record version {version}); "
                              "update the game to open it.")
        game = data.get("game")
        seed = data.get("seed")
        settings = data.get("settings", {})
        actions = data.get("actions", [])
        pins = data.get("pins", {})
        if not isinstance(game, str):
            raise RecordError(f"The {source} does not say which game it is.")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f"The {source} has no whole-number seed.")
        if not isinstance(settings, Mapping) or not isinstance(actions, list) or not isinstance(pins, Mapping):
            raise RecordError(f"The {source} has settings, actions or pins of the wrong shape.")
        seats = data.get("seats", [])
        return cls(game=game, settings=dict(settings), seed=seed, actions=list(actions), pins=dict(pins),
                   rules_version=str(data.get("rules_version", "1")),
                   seats=[str(s) for s in seats] if isinstance(seats, list) else [])

    @classmethod
    def load(cls, path: Path) -> Record:
        return cls.from_json(read_json(Path(path), "record"), f"record {Path(path).name}")

    # -- replaying --------------------------------------------------------
    def make_game(self) -> Game:
        try:
            rs = registry.get(self.game)
        except KeyError as exc:
            raise RecordError(f"This record is for an unknown game: {exc.args[0]}.") from None
        if self.rules_version != rs.game_cls.rules_version:
            raise RecordError(f"This record uses {rs.title} rules version {self.rules_version}, "
                              f"but this Paper Wars has version {rs.game_cls.rules_version}.")
        try:
            return rs.make_game(self.settings)
        except SettingsError as exc:
            raise RecordError(f"The record's settings are not valid: {exc}") from None
        except FileProblem as exc:
            raise RecordError(str(exc)) from None

    def start(self) -> State:
        game = self.make_game()
        try:
            return game.new_state(self.seed, self.pins)
        except (ValueError, TypeError) as exc:
            raise RecordError(f"The record cannot start its game: {exc}") from None

    def steps(self) -> Iterator[tuple[int, Action, list[Event], State]]:
        """Replay, yielding (index, action, events, state after) for each action."""
        state = self.start()
        for i, raw in enumerate(self.actions):
            try:
                action = state.game.decode_action(raw)
            except ValueError as exc:
                raise RecordError(f"Action {i} is malformed: {exc}.", index=i) from None
            try:
                events = state.apply(action)
            except IllegalAction as exc:
                raise RecordError(f"Action {i} ({action.notation()}) is illegal: {exc.message} [{exc.rule}]",
                                  index=i, rule=exc.rule) from None
            except (ValueError, TypeError, KeyError, IndexError) as exc:
                raise RecordError(f"Action {i} ({action.notation()}) cannot be applied: {exc}", index=i) from None
            yield i, action, events, state

    def replay(self) -> State:
        state: State | None = None
        for _, _, _, state in self.steps():
            pass
        return state if state is not None else self.start()
