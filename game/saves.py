"""Versioned saves.  A save wraps a record; loading replays it, so a save can never
hold a state the rules would not reach.  Autosave is atomic (temp, fsync, rename).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .jsonio import FileProblem, file_name, read_json, show, write_atomic
from .jsonio import clean_stale_temps as clean_stale_temps_in
from .paths import data_dir
from .records import RECORD_FORMAT, Record, RecordError

SAVE_FORMAT = "paperwars-save"
SAVE_VERSION = 2
AUTOSAVE = "autosave.json"


class SaveError(FileProblem):
    """A save that cannot be loaded.  The file is left exactly as it was."""


def _upgrade_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept the seat list beside the record; version 2 keeps it inside."""
    out = dict(data)
    if not isinstance(out.get("record"), dict):
        raise SaveError("holds no game record")
    rec = dict(out["record"])
    rec.setdefault("seats", out.pop("seats", []))
    out["record"] = rec
    out["version"] = 2
    return out


UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _upgrade_1_to_2}


def save_data(record: Record, title: str = "") -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": time.strftime("%Y-%m-%d %H:%M:%S"),
        "title": title,
        "record": record.to_json(),
    }


def write_save(path: Path, record: Record, title: str = "") -> None:
    write_atomic(path, save_data(record, title))


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE


def clean_stale_temps() -> int:
    """Remove temporary files a killed autosave or save left behind (start of the app)."""
    folder = data_dir()
    return clean_stale_temps_in(folder) + clean_stale_temps_in(folder / "saves")


def parse_save(data: Any, name: str) -> Record:
    """The record inside a save's JSON (upgraded to the current version), every field checked.
    A bare record (what ``paperwars replay`` reads) holds the whole game too, so it opens the same way."""
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        try:
            return Record.from_json(data, f"record {name}")
        except RecordError as exc:
            raise SaveError(str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{name} is not a Paper Wars save.")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError(f"{name} has no valid save version ({show(version)}); it may be damaged.")
    if version > SAVE_VERSION:
        raise SaveError(f"{name} was saved by a newer Paper Wars (save version {show(version)}); "
                        "update the game to open it.")
    while version < SAVE_VERSION:
        try:
            data = UPGRADES[version](data)
        except SaveError as exc:
            raise SaveError(f"{name} {exc}; it may be damaged.") from None
        version = data["version"]
    try:
        return Record.from_json(data.get("record"), f"game in {name}")
    except RecordError as exc:
        raise SaveError(str(exc)) from None


def describe_save(path: Path) -> str:
    """One line for the load screen: which game, when, how far; or that the file is damaged
    and why (shortened).  Reads only; the file is never changed and nothing raises."""
    label, problem = save_summary(path)
    if problem:
        name = file_name(path)
        # the list is narrow: the file's name and what is wrong, in a few words (Open says it all)
        why = problem.split(f" {name} ", 1)[1] if f" {name} " in problem else problem
        short = name if len(name) <= 28 else name[:27] + "…"
        if problem.endswith(" is not a Paper Wars save."):
            return f"{short}: not a Paper Wars save"  # some other file: nothing is wrong with it
        return f"{short}: damaged ({show(why.rstrip('.'), 44)[1:-1]})"
    return label


def _game_title(game: str) -> str:
    from . import registry

    try:
        return registry.get(game).title
    except KeyError:
        return game


def save_summary(path: Path) -> tuple[str, str]:
    """What the load screen shows for a file: (label, problem).  The label says which game,
    when, how far; for a file that will not open it is the file's name, and ``problem`` is
    the sentence why.  Reads only (and only the JSON, never a replay); the file is never
    changed and nothing raises."""
    path = Path(path)
    name = file_name(path)
    try:
        data = read_json(path, "save")
        record = parse_save(data, name)
    except FileProblem as exc:
        return f"{name}: will not open", str(exc)
    except Exception:  # noqa: BLE001 - one bad file never breaks the list
        return f"{name}: will not open", f"{name} is not a Paper Wars save."
    title = data.get("title")
    if data.get("format") == RECORD_FORMAT:
        title = f"{_game_title(record.game)} record"
    elif isinstance(title, str) and title.strip():
        title = show(title, 48)[1:-1]
    else:
        title = record.game
    when = data.get("saved_at")
    when = show(when[:16], 16)[1:-1] if isinstance(when, str) else ""
    n = len(record.actions)
    label = f"{title}, {when}, {n} action{'s' if n != 1 else ''}" if when else \
        f"{title}, {n} action{'s' if n != 1 else ''}"
    return label, ""


def load_save(path: Path) -> Record:
    """Read and check a save, and replay it once to be sure it is sound.  Every problem is
    a SaveError with one sentence; the file is left exactly as it was."""
    path = Path(path)
    name = file_name(path)
    try:
        data = read_json(path, "save")
    except FileProblem as exc:
        raise SaveError(str(exc)) from None
    record = parse_save(data, name)
    try:
        record.replay()
    except RecordError as exc:
        raise SaveError(f"{name} cannot be restored: {exc}") from None
    return record
