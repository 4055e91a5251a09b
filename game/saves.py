"""Versioned saves.  A save wraps a record; loading replays it, so a save can never
hold a state the rules would not reach.  Autosave is atomic (temp, fsync, rename).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .jsonio import FileProblem, read_json, write_atomic
from .paths import data_dir
from .records import Record, RecordError

SAVE_FORMAT = "paperwars-save"
SAVE_VERSION = 2
AUTOSAVE = "autosave.json"


class SaveError(FileProblem):
    """A save that cannot be loaded.  The file is left exactly as it was."""


def _upgrade_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept the seat list beside the record; version 2 keeps it inside."""
    out = dict(data)
    rec = dict(out.get("record", {}))
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


def parse_save(data: Any, name: str) -> Record:
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{name} is not a Paper Wars save.")
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise SaveError(f"{name} has no valid save version; it may be damaged.")
    if version > SAVE_VERSION:
        raise SaveError(f"{name} was saved by a newer Paper Wars (save version {version}); update the game to open it.")
    while version < SAVE_VERSION:
        data = UPGRADES[version](data)
        version = data["version"]
    try:
        return Record.from_json(data.get("record"), f"game in {name}")
    except RecordError as exc:
        raise SaveError(str(exc)) from None


def describe_save(path: Path) -> str:
    """One line for the load screen: which game, when, how far; or why the file will not open.
    Reads only; the file is never changed."""
    path = Path(path)
    try:
        data = read_json(path, "save")
        record = parse_save(data, path.name)
    except FileProblem:
        return f"{path.name}: damaged or not a save (Open says why)"
    title = data.get("title") if isinstance(data.get("title"), str) and data.get("title") else record.game
    when = data.get("saved_at") if isinstance(data.get("saved_at"), str) else ""
    n = len(record.actions)
    return f"{title}, {when[:16]}, {n} action{'s' if n != 1 else ''}" if when else \
        f"{title}, {n} action{'s' if n != 1 else ''}"


def load_save(path: Path) -> Record:
    """Read and check a save, and replay it once to be sure it is sound."""
    path = Path(path)
    try:
        data = read_json(path, "save")
    except FileProblem as exc:
        raise SaveError(str(exc)) from None
    record = parse_save(data, path.name)
    try:
        record.replay()
    except RecordError as exc:
        raise SaveError(f"{path.name} cannot be restored: {exc}") from None
    return record
