"""Level files (maps, asteroid fields, scenarios): JSON under levels/<game>/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .jsonio import FileProblem, read_json
from .paths import levels_dir


class LevelError(FileProblem):
    """A malformed level: the message names the file and the problem."""


def list_levels(game: str) -> list[str]:
    folder = levels_dir(game)
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.json"))


def level_path(game: str, name: str) -> Path:
    if "/" in name or "\\" in name or name.startswith("."):
        return Path(name)
    return levels_dir(game) / f"{name}.json"


def load_level(game: str, name: str) -> dict[str, Any]:
    """Read a level as a dict; the ruleset validates its content and raises LevelError."""
    path = level_path(game, name)
    try:
        data = read_json(path, "level file")
    except FileProblem as exc:
        raise LevelError(str(exc)) from None
    if not isinstance(data, dict):
        raise LevelError(f"The level file {path.name} must hold a JSON object.")
    return data


def need(data: dict[str, Any], key: str, kind: type | tuple[type, ...], source: str) -> Any:
    """Fetch a required field of a level or raise LevelError naming the file and field."""
    if key not in data:
        raise LevelError(f"Level {source}: the field '{key}' is missing.")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,))):
        raise LevelError(f"Level {source}: the field '{key}' has the wrong type ({type(value).__name__}).")
    return value
