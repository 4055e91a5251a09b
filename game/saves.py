"""Versioned saves.  A save wraps a record; loading replays it, so a save can never
hold a state the rules would not reach.  Autosave is atomic (temp, fsync, rename).

Every unfinished game keeps its own autosave in the ``autosaves`` folder of the data
folder (at most MAX_AUTOSAVES of them; a new game drops the one played longest ago and
says so).  Continue resumes the one written last; the Load list shows them all.  The
single ``autosave.json`` of older versions is moved into that folder the first time the
folder is listed (never deleted: if it cannot be moved it is listed where it is).
"""

from __future__ import annotations

import os
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .jsonio import FileProblem, SaveError, file_name, read_json, said, show, write_atomic
from .jsonio import clean_stale_temps as clean_stale_temps_in
from .msg import M, Mn, Msg
from .paths import data_dir, own_dir, remove_own
from .records import RECORD_FORMAT, Record, RecordError, game_in, record_source
from .words import joined

SAVE_FORMAT = "paperwars-save"
SAVE_VERSION = 2
#: The one autosave of versions before issue 32 (moved into AUTOSAVES when found).
AUTOSAVE = "autosave.json"
#: The folder of the autosaves: one file per game in progress.
AUTOSAVES = "autosaves"
#: How many games in progress are kept; a new one beyond this drops the one played longest ago.
MAX_AUTOSAVES = 10
#: Records longer than this are not replayed just to list them (a save written by this version
#: says how its game stands; an older one that long is listed without it).
MAX_REPLAY_TO_LIST = 1000


def _upgrade_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept the seat list beside the record; version 2 keeps it inside."""
    out = dict(data)
    if not isinstance(out.get("record"), dict):
        raise SaveError(M("holds no game record"))
    rec = dict(out["record"])
    rec.setdefault("seats", out.pop("seats", []))
    out["record"] = rec
    out["version"] = 2
    return out


UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _upgrade_1_to_2}


def outcome_of(state: Any) -> dict[str, Any]:
    """How the game stands, for the Load list: {"over": False} or the result's winners and text."""
    if not state.is_over():
        return {"over": False}
    res = state.result()
    return {"over": True, "winners": list(res.winners) if res else [], "text": res.text if res else ""}


def save_data(record: Record, title: str = "", outcome: dict[str, Any] | None = None) -> dict[str, Any]:
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": time.strftime("%Y-%m-%d %H:%M:%S"),
        "title": title,
        "record": record.to_json(),
    }
    if outcome is not None:  # only shown in the Load list; loading replays the record anyway
        data["outcome"] = outcome
    return data


def read_save(path: Path) -> Record:
    """The record in a save file, every field checked, not replayed (SaveError otherwise)."""
    try:
        data = read_json(Path(path), "save")
    except FileProblem as exc:
        raise SaveError(said(exc)) from None
    return parse_save(data, file_name(Path(path)))


def write_save(path: Path, record: Record, title: str = "", outcome: dict[str, Any] | None = None,
               checked: bool = False) -> None:
    """Write a save (atomically; a file there that is not a save Paper Wars can read is kept as
    NAME.damaged.json first).  ``checked``: every action was checked to read back as it was
    played (Session.submit), so the tree is not walked again after every action."""
    write_atomic(path, save_data(record, title, outcome), reader=read_save, what="save", checked=checked)


def saves_dir() -> Path:
    """The folder Save game writes to and finished games are kept in (the Load list reads it);
    never through a link out of the data folder."""
    return own_dir(data_dir() / "saves")


# -- the autosaves: one per game in progress ------------------------------------------------

def autosaves_dir() -> Path:
    """The folder of the games in progress (made if need be; OutsideFolder when it is a link out
    of the data folder: Paper Wars never lists, writes or deletes there)."""
    return own_dir(data_dir() / AUTOSAVES)


def old_autosave_path() -> Path:
    """Where versions before issue 32 kept their one autosave."""
    return data_dir() / AUTOSAVE


def new_autosave_path(game: str) -> Path:
    """A fresh file name for a new game's autosave (nothing is written yet)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    while True:
        path = data_dir() / AUTOSAVES / f"{game}-{stamp}-{secrets.token_hex(3)}.json"
        if not path.exists():
            return path


def is_autosave(path: Path) -> bool:
    """True for a game-in-progress autosave (this version's folder, or the old single file)."""
    path = Path(path)
    try:
        return path.parent.resolve() == (data_dir() / AUTOSAVES).resolve() or \
            path.resolve() == old_autosave_path().resolve()
    except OSError:
        return False


def migrate_old_autosave() -> Path | None:
    """Move the single autosave of an older version into the autosaves folder (its time kept,
    so it sorts where it was played).  Returns where it is now; never raises, never deletes."""
    old = old_autosave_path()
    try:
        if not old.is_file() or old.is_symlink():
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(old.stat().st_mtime))
        target = autosaves_dir() / f"earlier-{stamp}.json"
        n = 1
        while target.exists():
            n += 1
            target = target.with_name(f"earlier-{stamp}-{n}.json")
        os.replace(old, target)  # atomic: the file is in one place or the other, never lost
        return target
    except OSError:
        return old if old.is_file() else None


def _played(path: Path) -> tuple[int, str]:
    try:
        return path.stat().st_mtime_ns, path.name
    except OSError:
        return 0, path.name


def list_autosaves() -> list[Path]:
    """Every game in progress, the one played last first (an old single autosave that could not
    be moved is listed too).  Never raises."""
    migrate_old_autosave()
    try:
        files = [p for p in autosaves_dir().glob("*.json") if p.is_file() and not p.is_symlink()
                 and ".damaged" not in p.name]
    except OSError:
        files = []
    try:
        if old_autosave_path().is_file() and not old_autosave_path().is_symlink():
            files.append(old_autosave_path())
    except OSError:
        pass
    return sorted(files, key=_played, reverse=True)


def latest_autosave() -> Path | None:
    """The game Continue resumes: the autosave written last; None when no game is in progress."""
    files = list_autosaves()
    return files[0] if files else None


def _own_save(path: Path) -> bool:
    """A file Paper Wars wrote as a save: it reads as one (format, version, record checked)."""
    try:
        read_save(path)
    except Exception:  # noqa: BLE001 - anything else is not ours to delete
        return False
    return True


def drop_old_autosaves(keep: Path) -> list[str]:
    """Keep at most MAX_AUTOSAVES games in progress (``keep``, the new one, always stays):
    remove those played longest ago; returns what each removed file held, in words.  Only
    Paper Wars' own saves are removed and counted (a file that does not read as a save is
    never deleted), only inside the data folder, and never a game open in another window."""
    from .locks import held_elsewhere

    files = [p for p in list_autosaves() if p != keep and _own_save(p)]
    dropped: list[str] = []
    for path in files[MAX_AUTOSAVES - 1:]:
        if held_elsewhere(path):
            continue
        info = save_info(path)
        # TRANSLATORS: a dropped game: its title, how it stands ("in progress, 12 actions") and when it was played
        label = M("{title} ({status}, last played {when})", title=info.title, status=info.progress, when=info.when) \
            if info.when else M("{title} ({status})", title=info.title, status=info.progress)
        try:
            if not remove_own(path, _own_save):
                continue
        except OSError:
            continue
        dropped.append(label)
    return dropped


def clean_stale_temps() -> int:
    """Remove temporary files a killed autosave or save left behind (start of the app), in the
    data folder only (clean_stale_temps_in never follows a link out of it)."""
    from .locks import clear_stale

    folder = data_dir()
    return clean_stale_temps_in(folder) + clean_stale_temps_in(folder / "saves") + \
        clean_stale_temps_in(folder / AUTOSAVES) + clear_stale(folder / AUTOSAVES)


def parse_save(data: Any, name: str) -> Record:
    """The record inside a save's JSON (upgraded to the current version), every field checked.
    A bare record (what ``paperwars replay`` reads) holds the whole game too, so it opens the same way."""
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        try:
            return Record.from_json(data, record_source(name))
        except RecordError as exc:
            raise SaveError(said(exc)) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(not_a_save(name))
    version = data.get("version")
    # TRANSLATORS: {name} is a file's name, {version} the value found in it
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError(M("{name} has no valid save version ({version}); it may be damaged.", name=name,
                          version=show(version)))
    if version > SAVE_VERSION:
        raise SaveError(M("{name} was saved by a newer Paper Wars (save version {version}); update the game to "
                          "open it.", name=name, version=show(version)))
    while version < SAVE_VERSION:
        try:
            data = UPGRADES[version](data)
        except SaveError as exc:
            # TRANSLATORS: {problem} is a phrase saying what is wrong ("has no record")
            raise SaveError(M("{name} {problem}; it may be damaged.", name=name, problem=said(exc))) from None
        version = data["version"]
    try:
        return Record.from_json(data.get("record"), game_in(name))
    except RecordError as exc:
        raise SaveError(said(exc)) from None


def not_a_save(name: str) -> str:
    """The sentence for a file that is no Paper Wars save at all."""
    return M("{name} is not a Paper Wars save.", name=name)


NOT_A_SAVE = "{name} is not a Paper Wars save."


def describe_save(path: Path) -> str:
    """One line for the load screen: which game, how it stands (finished, who won), its settings
    and seats in words, when it was saved; or that the file is damaged and why (shortened).
    Reads only; the file is never changed and nothing raises."""
    return save_info(path).label


def _game_title(game: str) -> str:
    from . import registry

    try:
        return registry.get(game).title
    except KeyError:
        return game


_RULE_ID = re.compile(r"\s*\((?:[A-Z]+-[A-Z0-9]+(?:/[A-Z0-9]+)?(?:, )?)+\)$")


def _label(label: str) -> str:
    """A setting's name without its rule ids, for a list of settings: the message itself when the
    name has none (so it is said in the player's language), else the shortened English."""
    short = _RULE_ID.sub("", label)
    if short == label:
        return label if isinstance(label, Msg) else Msg(label)
    return short



def settings_in_words(record: Record) -> str:
    """The game's settings as a player reads them: the scenario or map by its title, then every
    setting that differs from its default ("Tears", "Partial kill k 2", "Wrecks stay on the
    table: off").  Never raises."""
    from . import registry
    from .levels import level_title

    try:
        spec = registry.get(record.game).game_cls.settings_spec
    except KeyError:
        return ""
    values = {s.key: record.settings.get(s.key, s.default) for s in spec}
    # a map source ("generated", "level", "draw") says whether a level setting is played at all
    sources = [s for s in spec if s.kind == "choice" and "level" in s.choices]
    parts = []
    try:
        for st in spec:
            if not st.applies(values):
                continue
            value = values[st.key]
            label = _label(st.label)
            if st.kind == "level":
                if all(values[src.key] == "level" for src in sources):
                    parts.append(level_title(record.game, str(value)))
            elif st in sources or st.key == "theme":  # the map or scenario: always said
                if value != "level":
                    shown = st.shown(value)
                    # TRANSLATORS: a setting and its value in the list of a saved game's settings ("Theme Custom")
                    parts.append(M("{setting} {value}", setting=label, value=shown if isinstance(shown, Msg)
                                   else str(shown).replace("_", " ")))
            elif value == st.default:
                continue
            elif st.kind == "bool":
                parts.append(label if value else M("{setting}: off", setting=label))
            else:
                shown = st.shown(value)
                if shown == str(value) and isinstance(value, str) and not isinstance(shown, Msg):
                    shown = shown.replace("_", " ")
                parts.append(M("{setting} {value}", setting=label, value=shown))
    except Exception:  # noqa: BLE001 - a strange setting never breaks the list
        pass
    return joined(parts)


def _seat_words(record: Record, game: Any) -> tuple[list[str], str]:
    """The seats' names (as the game calls them) and who sits in each, in words."""
    from . import registry

    names = [game.player_name(i) for i in range(game.num_players)]
    try:
        levels = {st.agent: st.label for st in registry.strengths(registry.get(record.game))}
    except KeyError:
        levels = {}
    kinds = []
    for i, name in enumerate(names):
        kind = record.seats[i] if i < len(record.seats) else "human"
        # TRANSLATORS: who plays a seat, in a saved game's details ("Player 1: person", "Red: computer Hard")
        kinds.append(M("{who}: person", who=name) if kind == "human" else
                     M("{who}: computer {level}", who=name, level=levels.get(kind, kind)))
    return names, joined(kinds)


def _outcome(data: Any, record: Record, players: int) -> dict[str, Any] | None:
    """How the saved game stands: what this version wrote into the save (checked), else by
    replaying a record of reasonable length; None when that cannot be said."""
    out = data.get("outcome") if isinstance(data, dict) else None
    if isinstance(out, dict) and isinstance(out.get("over"), bool):
        winners = out.get("winners", [])
        if not out["over"]:
            return {"over": False}
        if isinstance(winners, list) and all(type(w) is int and 0 <= w < players for w in winners) \
                and isinstance(out.get("text", ""), str):
            return {"over": True, "winners": winners, "text": out.get("text", "")}
    if len(record.actions) > MAX_REPLAY_TO_LIST:
        return None
    try:
        state = Record.from_json(record.to_json(), "save").replay()
        return outcome_of(state)
    except Exception:  # noqa: BLE001 - Open says why; the list only lists
        return None


@dataclass
class SaveInfo:
    """What the Load list shows for one file (see :func:`save_info`)."""

    path: Path
    label: str
    problem: str = ""
    title: str = ""
    #: "in progress, 12 actions", "finished: Blue won", ...
    status: str = ""
    #: The status without "(autosave)".
    progress: str = ""
    settings: str = ""
    seats: str = ""
    when: str = ""
    over: bool | None = None
    autosave: bool = False
    #: The game's names for its seats (the screen says them in the palette's colour words).
    names: tuple[str, ...] = ()

    def details(self) -> list[str]:
        """The entry in full, a line each (for the selected entry under the list)."""
        if self.problem:
            return [self.problem]
        lines: list[str] = [M("{title}: {status}, saved {when}", title=self.title, status=self.status, when=self.when)
                 if self.when else M("{title}: {status}", title=self.title, status=self.status)]
        if self.settings:
            lines.append(M("Settings: {settings}", settings=self.settings))
        if self.seats:
            lines.append(M("Seats: {seats}", seats=self.seats))
        return lines


MAX_LABEL = 190


def save_info(path: Path) -> SaveInfo:
    """What the load screen shows for a file.  Reads only (a save written by this version says
    how its game stands; an older one is replayed if it is not too long); the file is never
    changed and nothing raises."""
    path = Path(path)
    name = file_name(path)
    try:
        data = read_json(path, "save")
        record = parse_save(data, name)
    except FileProblem as exc:
        problem = said(exc)
    except Exception:  # noqa: BLE001 - one bad file never breaks the list
        problem = not_a_save(name)
    else:
        problem = ""
    if problem:
        # the list is narrow: the file's name and what is wrong, in a few words (Open says it all)
        why = problem.split(f" {name} ", 1)[1] if f" {name} " in problem else problem
        short = name if len(name) <= 28 else name[:27] + "…"
        if isinstance(problem, Msg) and problem.id == NOT_A_SAVE:
            label: str = M("{name}: not a Paper Wars save", name=short)  # some other file: nothing is wrong with it
        else:
            # TRANSLATORS: a damaged file in the Load list; {problem} is what is wrong, shortened, in English
            label = M("{name}: damaged ({problem})", name=short, problem=show(why.rstrip('.'), 44)[1:-1])
        return SaveInfo(path, label, problem)
    title = data.get("title")
    if data.get("format") == RECORD_FORMAT:
        # TRANSLATORS: {game} is a game's title: a record file of that game in the Load list
        title = M("{game} record", game=Msg(_game_title(record.game)))
    elif isinstance(title, str) and title.strip():
        title = show(title, 48)[1:-1]
    else:
        title = Msg(_game_title(record.game))
    when = data.get("saved_at")
    when = show(when[:16], 16)[1:-1] if isinstance(when, str) else ""
    n = len(record.actions)
    moves = Mn("{n} action", "{n} actions", n)
    info = SaveInfo(path, "", title=title, when=when, autosave=is_autosave(path))
    try:
        game = record.make_game()
    except RecordError as exc:
        # TRANSLATORS: {moves} is "12 actions"; {problem} what is wrong, shortened, in English
        info.status = M("{moves}; will not open ({problem})", moves=moves, problem=show(str(exc).rstrip('.'), 80)[1:-1])
    else:
        names, info.seats = _seat_words(record, game)
        info.names = tuple(names)
        info.settings = settings_in_words(record)
        out = _outcome(data, record, len(names))
        info.over = None if out is None else out["over"]
        if out is None:
            info.status = moves
        elif not out["over"]:
            info.status = M("in progress, {moves}", moves=moves)
            if info.autosave:
                info.progress = info.status
                info.status = M("in progress (autosave), {moves}", moves=moves)
        elif not out["winners"]:
            info.status = M("finished, a draw, {moves}", moves=moves)
        else:
            won = [names[w] for w in out["winners"]]
            # TRANSLATORS: {who} (and {other}) are players' names ("Player 2", "Red"); {moves} is "12 actions"
            info.status = M("finished, {who} won, {moves}", who=won[0], moves=moves) if len(won) == 1 else \
                M("finished, {who} and {other} won, {moves}", who=joined(won[:-1]), other=won[-1], moves=moves)
    info.progress = info.progress or info.status
    # what a cut-off row must still say first: the game, how it stands, when; then settings and seats
    parts: list[str] = [M("{title}: {status}", title=title, status=info.status), when, info.settings, info.seats]
    label = joined([p for p in parts if p], " · ")
    info.label = label if len(label) <= MAX_LABEL else label[:MAX_LABEL - 1] + "…"
    return info


def save_summary(path: Path) -> tuple[str, str]:
    """(label, problem) of :func:`save_info`: the list's line, and for a file that will not
    open the sentence why ("" when it opens)."""
    info = save_info(path)
    return (M("{name}: will not open", name=file_name(Path(path))) if info.problem else info.label), info.problem


def load_save(path: Path) -> Record:
    """Read and check a save, and replay it once to be sure it is sound.  Every problem is
    a SaveError with one sentence; the file is left exactly as it was."""
    path = Path(path)
    name = file_name(path)
    try:
        data = read_json(path, "save")
    except FileProblem as exc:
        raise SaveError(said(exc)) from None
    record = parse_save(data, name)
    try:
        record.replay()
    except RecordError as exc:
        # TRANSLATORS: {problem} is a sentence saying which action does not replay
        raise SaveError(M("{name} cannot be restored: {problem}", name=name, problem=said(exc))) from None
    return record


def load_any(path: Path) -> Record:
    """A record or a save as a record to watch (the replay viewer); one clear sentence
    (FileProblem) if it will not."""
    data = read_json(Path(path), "record")
    try:
        if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
            record = parse_save(data, Path(path).name)
        else:
            record = Record.from_json(data, record_source(Path(path).name))
        record.replay()  # every action legal, or a sentence that says which is not
    except RecordError as exc:
        raise FileProblem(said(exc)) from None
    return record
