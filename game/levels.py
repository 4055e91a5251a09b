"""Level files (maps, asteroid fields, scenarios): JSON under levels/<game>/.

The shipped levels live in the source tree (or the bundle) and are read-only.  Levels
a player makes with an editor go to the user's data folder and are listed after the
shipped ones; a user level may not take a shipped level's name.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from .engine import LEVEL_NAME
from .jsonio import FileProblem, described, file_name, read_json, said, show, write_atomic
from .msg import M, Mn, Msg
from .paths import levels_dir, user_levels_dir


class LevelError(FileProblem):
    """A malformed level: the message names the file and the problem."""


_NAME = re.compile(r"^[a-z0-9][a-z0-9_\-]{0,39}$")
#: Largest level file (the biggest shipped level is about 30 KB).
MAX_LEVEL_BYTES = 2 * 1024 * 1024


def shipped_levels(game: str) -> list[str]:
    folder = levels_dir(game)
    return sorted(p.stem for p in folder.glob("*.json") if LEVEL_NAME.fullmatch(p.stem)) if folder.is_dir() else []


def user_levels(game: str) -> list[str]:
    """The player's own levels (only files whose names are level names)."""
    folder = user_levels_dir(game)
    shipped = set(shipped_levels(game))
    try:
        return sorted(p.stem for p in folder.glob("*.json")
                      if p.stem not in shipped and LEVEL_NAME.fullmatch(p.stem)) if folder.is_dir() else []
    except OSError:
        return []


def list_levels(game: str) -> list[str]:
    return shipped_levels(game) + user_levels(game)


def level_path(game: str, name: str) -> Path:
    """The file of the level called ``name``: a shipped level, else the user's.  A level is
    a name (letters, digits, '_' and '-'), never a path: anything else is a LevelError."""
    if not isinstance(name, str) or not LEVEL_NAME.fullmatch(name):
        raise LevelError(M("{name} is not a level name (letters, digits, '_' and '-' only).", name=show(name)))
    shipped = levels_dir(game) / f"{name}.json"
    if shipped.is_file():
        return shipped
    user = user_levels_dir(game) / f"{name}.json"
    return user if user.is_file() else shipped


def load_level(game: str, name: str) -> dict[str, Any]:
    """Read a level as a dict; the ruleset validates its content and raises LevelError."""
    path = level_path(game, name)
    try:
        data = read_json(path, "level file", MAX_LEVEL_BYTES)
    except FileProblem as exc:
        raise LevelError(said(exc)) from None
    if not isinstance(data, dict):
        raise LevelError(M("The level file {name} must hold a JSON object.", name=path.name))
    return data


def played_levels(specs: Any, settings: Any) -> list[str]:
    """The names of the levels the settings play, each setting at its default where the settings
    leave it out ([] when they play none: Amoeba's generated map)."""
    given = settings if isinstance(settings, dict) else {}
    values = {spec.key: given.get(spec.key, spec.default) for spec in specs}
    return [str(values[spec.key]) for spec in specs if spec.kind == "level" and spec.applies(values)]


def level_files(game: str, specs: Any, settings: Any) -> dict[str, dict[str, Any]]:
    """The level files the settings play, by name.  A file that cannot be read is a LevelError."""
    return {name: load_level(game, name) for name in played_levels(specs, settings)}


def files_digest(files: dict[str, Any]) -> str:
    """A short fingerprint of level files' content (see ``level_digest``)."""
    import hashlib

    if not files:
        return ""
    parts = [json.dumps(files[name], sort_keys=True, separators=(",", ":")) for name in sorted(files)]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def level_digest(game: str, specs: Any, settings: Any) -> str:
    """A short fingerprint of the level files the settings play ("" when they play none), so
    that two computers can tell whether a level of the same name is the same level.  A file
    that cannot be read has no fingerprint either (loading it will say why)."""
    try:
        return files_digest(level_files(game, specs, settings))
    except FileProblem:
        return ""


#: The shipped levels changed since records began to name their level's fingerprint (issue 48),
#: each with the fingerprint (``files_digest`` of that one file) it had before: a record that
#: names no fingerprint was written by an older Paper Wars, on that version.  A level not listed
#: here is the one every older record was played on.  Add a level here (its fingerprint before
#: the change) whenever a shipped level changes, or its older records would replay differently.
BEFORE_FINGERPRINTS: dict[str, dict[str, str]] = {}


def changed_levels(game: str, specs: Any, settings: Any) -> list[str]:
    """The shipped levels the settings play whose file is no longer the one an older record (one
    naming no fingerprint) was played on: such a record cannot replay as it was played."""
    before = BEFORE_FINGERPRINTS.get(game, {})
    out = []
    for name in played_levels(specs, settings):
        if name in before and name in shipped_levels(game):
            try:
                now = files_digest({name: load_level(game, name)})
            except FileProblem:
                continue  # loading the game will say why
            if now != before[name]:
                out.append(name)
    return out


def level_title(game: str, name: str) -> str:
    """What a player reads for a level: its file's "title", else the name in words
    ("village_fight" -> "Village fight").  Never raises: a damaged file still gets its words."""
    try:
        title = load_level(game, name).get("title")
    except (FileProblem, OSError, TypeError):
        title = None
    if isinstance(title, str) and title.strip():
        return title.strip()[:60]
    words = str(name).replace("_", " ").replace("-", " ").strip()[:60]
    return words[:1].upper() + words[1:] if words else str(name)


def check_level_name(game: str, name: str) -> str:
    """The cleaned name for a new user level, or LevelError with a sentence why not."""
    clean = name.strip().lower().replace(" ", "_")
    if not _NAME.match(clean):
        raise LevelError(M("A level name uses 1 to 40 letters, digits, '-' or '_' and starts with a letter or digit."))
    if clean in shipped_levels(game):
        raise LevelError(M("'{name}' is the name of a level that comes with the game; pick another name.", name=clean))
    return clean


def save_user_level(game: str, name: str, data: dict[str, Any]) -> Path:
    """Write an editor's level atomically into the user's level folder; returns the path."""
    clean = check_level_name(game, name)
    size = len(json.dumps(data, indent=1, allow_nan=False).encode("utf-8"))
    if size > MAX_LEVEL_BYTES:  # what is written must read back: the reader's own limit
        raise LevelError(M("The level '{name}' would take {size:.1f} MB; a level holds at most {most} MB.", name=clean,
                           size=size / (1024 * 1024), most=MAX_LEVEL_BYTES // (1024 * 1024)))
    path = user_levels_dir(game) / f"{clean}.json"
    write_atomic(path, data, reader=_read_level_file, what="level file", max_bytes=MAX_LEVEL_BYTES)
    return path


def _read_level_file(path: Path) -> dict[str, Any]:
    """A level file as a level is read (an object), or FileProblem (a damaged one is kept aside)."""
    data = read_json(path, "level file", MAX_LEVEL_BYTES)
    if not isinstance(data, dict):
        raise FileProblem(M("The level file {name} does not hold a level.", name=file_name(path)))
    return data


def need(data: dict[str, Any], key: str, kind: type | tuple[type, ...], source: str) -> Any:
    """Fetch a required field of a level or raise LevelError naming the file and field."""
    # TRANSLATORS: in these sentences {source} is a level's name, {field} a field of its file as written there
    if key not in data:
        raise LevelError(M("Level {source}: the field '{field}' is missing.", source=source, field=key))
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,))):
        raise LevelError(M("Level {source}: the field '{field}' has the wrong type ({given}).", source=source,
                           field=key, given=described(value)))
    return value


#: Largest coordinate a level may give (every sheet and table is far smaller; beyond this,
#: geometry loses its precision).
MAX_COORD = 1e6


def number(value: Any, where: str, source: str, lo: float = -MAX_COORD, hi: float = MAX_COORD) -> float:
    """A level's number field, checked: a JSON number (never text, true/false or null),
    finite, from ``lo`` to ``hi``; else a LevelError naming the file and ``where``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        # TRANSLATORS: {where} says which value of the level it is ("the x of country 3, point 2")
        raise LevelError(M("Level {source}: {where} must be a number, not {given}.", source=source, where=_where(where),
                           given=described(value)))
    if not lo <= value <= hi:
        raise LevelError(M("Level {source}: {where} is {given}; it must be from {lo} to {hi}.", source=source,
                           where=_where(where), given=show(value), lo=format(lo, "g"), hi=format(hi, "g")))
    return float(value)


def point(value: Any, where: str, source: str) -> tuple[float, float]:
    """A level's [x, y] point, checked field by field (a LevelError names the point)."""
    if not isinstance(value, list) or len(value) != 2:
        raise LevelError(M("Level {source}: {where} must be an [x, y] pair of numbers, not {given}.", source=source,
                           where=_where(where), given=described(value)))
    return (number(value[0], M("the x of {where}", where=_where(where)), source),
            number(value[1], M("the y of {where}", where=_where(where)), source))


def points(value: Any, where: str, source: str, least: int = 3, most: int = 2000) -> list[tuple[float, float]]:
    """A level's list of [x, y] points (an outline): from ``least`` to ``most`` of them."""
    if not isinstance(value, list) or not least <= len(value) <= most:
        n = Mn("{n} point", "{n} points", len(value)) if isinstance(value, list) else described(value)
        raise LevelError(M("Level {source}: {where} must be a list of {least} to {most} [x, y] points, not {given}.",
                           source=source, where=_where(where), least=least, most=format(most, ","), given=n))
    return [point(p, M("{where}, point {n}", where=_where(where), n=i + 1), source) for i, p in enumerate(value)]


def _where(where: str) -> str:
    """A place in a level as a message argument (the rules' own words are looked up where drawn)."""
    return where if isinstance(where, Msg) else Msg(where)
