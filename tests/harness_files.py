"""Damaged and hostile files, measured by hand (issue 14).  Not part of `make test`:

    PYTHONPATH=. python -m tests.harness_files            # every row of the table (~10 min)
    PYTHONPATH=. python -m tests.harness_files mutate     # one row

Rows (each item runs the real code path; a failure is a traceback, a crash, a hang,
a refusal that shows Python internals or raw control characters, or a hostile file
that is accepted):

- replay:   hand-made bad records and saves, each through `python -m game replay` in
            its own process (clean = exit 0, or exit 2 with one line on stderr).
- load:     the same files through the Load screen and Open (headless app).
- mutate:   every field of every action type of every game mutated (wrong type, huge,
            NaN, nested, missing, extra), replayed as a record.
- levels:   damaged user level files, played through each game's rules.
- settings: damaged settings files; `paperwars startup-probe` must start, and the
            file must be left exactly as it was.
- autosave: autosave that cannot be written (disk full, path is a folder, file too big).

Items run in a child process that reports one JSON line each; a child that dies
(segfault, out of memory) marks its current item as a crash and the next child
carries on after it.

The measurement itself is POSIX-only (resource limits, SIGALRM, a tmpfs mount), but
tests/test_fuzz_files.py imports this module's file makers on every platform, so the
POSIX-only modules are imported where they are used, never at module level.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import typing
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
ITEM_SECONDS = 20
WATCHDOG = 240
MEMORY = 3 * 1024 ** 3
GAMES = ("amoeba", "warigami", "space", "tigers", "invasion")

#: What a refusal must never show: Python's own words, or raw control characters.
INTERNALS = re.compile(
    r"Traceback|__\w+__|object has no attribute|NoneType|not supported between|unsupported operand|"
    r"positional argument|required positional|unexpected keyword|is not subscriptable|is not iterable|"
    r"not callable|invalid literal|could not convert|unhashable|index out of range|<class |"
    r"\b(TypeError|KeyError|ValueError|AttributeError|IndexError|OverflowError|RecursionError)\b|"
    r"cannot convert float|math domain|must be real number|object cannot be interpreted")
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")


def bad_message(text: str) -> str:
    """Why a refusal's text is not acceptable ('' when it is)."""
    if "could not handle" in text or "failed on this file" in text:
        return "a rules crash caught at the boundary: " + text[:120]
    # a quoted value is the file's own data shown back (e.g. a field named '__class__')
    unquoted = re.sub(r"'[^']*'", "''", text)
    if INTERNALS.search(unquoted):
        return "shows Python internals: " + INTERNALS.search(unquoted).group(0)  # type: ignore[union-attr]
    if CONTROL.search(text):
        return "raw control character in the message"
    if len(text) > 600:
        return f"message of {len(text)} characters"
    return ""


# -- raw JSON text with tokens json.dumps will not write -------------------------------------

class Raw:
    def __init__(self, text: str) -> None:
        self.text = text


def dumps(data: Any) -> str:
    raws: list[str] = []

    def sub(x: Any) -> Any:
        if isinstance(x, Raw):
            raws.append(x.text)
            return f"@@RAW{len(raws) - 1}@@"
        if isinstance(x, dict):
            return {k: sub(v) for k, v in x.items()}
        if isinstance(x, (list, tuple)):
            return [sub(v) for v in x]
        return x

    text = json.dumps(sub(data))
    for i, r in enumerate(raws):
        text = text.replace(f'"@@RAW{i}@@"', r)
    return text


def deep(n: int) -> str:
    return "[" * n + "]" * n


BIG_INT = Raw("9" * 5000)
VALUES: list[tuple[str, Any]] = [
    ("text", "x"), ("empty text", ""), ("NUL", "a\u0000b"), ("lone surrogate", "\ud800"),
    ("escape codes", "\x1b[31mred\x1b[0m"), ("100k text", "a" * 100_000), ("path", "../../etc/passwd"),
    ("empty list", []), ("object", {"a": 1}), ("true", True), ("false", False), ("null", None),
    ("list", [1, 2, 3]), ("nested 60", Raw(deep(60))), ("nested object", {"a": {"b": {"c": [1]}}}),
    ("zero", 0), ("minus one", -1), ("one", 1), ("2**31", 2 ** 31), ("10**18", 10 ** 18),
    ("-10**18", -10 ** 18), ("5000 digits", BIG_INT), ("1.5", 1.5), ("-0.0", -0.0), ("1e308", 1e308),
    ("-1e308", -1e308), ("1e400", Raw("1e400")), ("-1e400", Raw("-1e400")), ("NaN", Raw("NaN")),
    ("Infinity", Raw("Infinity")), ("-Infinity", Raw("-Infinity")), ("1e-320", Raw("1e-320")),
]
SEQ_VALUES: list[tuple[str, Any]] = [
    ("[[NaN, 0]]", [[Raw("NaN"), 0]]), ("[[1]]", [[1]]), ("[[a, b]]", [["a", "b"]]), ("[[1,2,3]]", [[1, 2, 3]]),
    ("100k points", [[5.0, 5.0]] * 100_000), ("[[1e308, 1e308]]", [[1e308, 1e308]] * 3),
    ("[[Infinity, 1]]", [[Raw("Infinity"), 1]] * 3), ("[null]", [None]), ("[[true, false]]", [[True, False]]),
    ("3 same points", [[10, 10], [10, 10], [10, 10]]),
]


# -- the items of each row -------------------------------------------------------------------

def example(game: str) -> dict[str, Any]:
    return json.loads((ROOT / "docs" / "records" / f"{game}-example.json").read_text())


def as_save(record: dict[str, Any], title: Any = "t") -> dict[str, Any]:
    return {"format": "paperwars-save", "version": 2, "saved_at": "2026-01-01 10:00:00", "title": title,
            "record": record}


def hand_made() -> list[tuple[str, bytes, bool]]:
    """(name, file bytes, must be refused) for the replay and load rows."""
    out: list[tuple[str, bytes, bool]] = []

    def add(name: str, data: Any, must_refuse: bool = True) -> None:
        raw = data if isinstance(data, bytes) else dumps(data).encode("utf-8", "surrogatepass")
        out.append((name, raw, must_refuse))

    for game in GAMES:
        rec = example(game)
        for wrap, w in (("record", lambda r: r), ("save", as_save)):
            def put(name: str, changes: dict[str, Any], refuse: bool = True, drop: str = "",
                    rec: dict[str, Any] = rec, game: str = game, wrap: str = wrap, w: Any = w) -> None:
                r = dict(rec)
                r.update(changes)
                if drop:
                    r.pop(drop, None)
                add(f"{game} {wrap}: {name}", w(r), refuse)

            put("5000-digit seed", {"seed": BIG_INT})
            put("seed 1e400", {"seed": Raw("1e400")})
            put("seed NaN", {"seed": Raw("NaN")})
            put("seed text", {"seed": "7"})
            put("no seed", {}, drop="seed")
            put("game unknown", {"game": "chess"})
            put("game NUL", {"game": "amo\u0000eba"})
            put("game escape codes", {"game": "\x1b[2J\x1b[31mboom"})
            put("rules_version nested", {"rules_version": Raw(deep(50))})
            put("settings list", {"settings": [1, 2]})
            put("settings unknown key", {"settings": {**rec["settings"], "zzz": 1}})
            put("settings value nested", {"settings": {k: {"a": [1]} for k in rec["settings"]} or {"x": {}}})
            put("settings value 1e400", {"settings": {k: Raw("1e400") for k in rec["settings"]} or {"x": 1}})
            put("level ../../etc/passwd", {"settings": {**rec["settings"], "level": "../../etc/passwd"}})
            put("level /dev/zero", {"settings": {**rec["settings"], "level": "/dev/zero"}})
            put("level outside json", {"settings": {**rec["settings"], "level": "../../../tmp/pw_outside_level"}})
            put("pins Infinity faces", {"pins": {"faces": [Raw("Infinity"), 3]}})
            put("pins NaN faces", {"pins": {"faces": [Raw("NaN")]}})
            put("pins faces text", {"pins": {"faces": ["six"]}})
            put("pins faces 1e400", {"pins": {"faces": [Raw("1e400")]}})
            put("pins faces nested", {"pins": {"faces": [[[[1]]]]}})
            put("pins decks wrong", {"pins": {"decks": [[{"a": 1}], 5]}})
            put("pins decks Infinity", {"pins": {"decks": [[Raw("Infinity")]]}})
            put("pins noise object", {"pins": {"noise": {"a": 1}}})
            put("pins list", {"pins": [1]})
            put("pins unknown key", {"pins": {"faces": [1], "zzz": 1}})
            put("actions object", {"actions": {"a": 1}})
            put("action a number", {"actions": [5]})
            put("action type a list", {"actions": [{"type": [1]}]})
            put("action type unknown", {"actions": [{"type": "Nuke"}]})
            put("action type NUL", {"actions": [{"type": "End\u0000Turn"}]})
            first = rec["actions"][0]
            put("action every field wrong type", {"actions": [{"type": first["type"], **{
                k: {"x": [Raw("NaN")]} for k in first if k != "type"}}]})
            put("action every field 1e400", {"actions": [{"type": first["type"], **{
                k: Raw("1e400") for k in first if k != "type"}}]})
            put("action extra field", {"actions": [{**first, "zzz": 1}]})
            put("seats huge text", {"seats": ["a" * 1_000_000]})
            put("seats nested", {"seats": [[[[1]]]]})
            put("version 10**30", {"version": 10 ** 30})
            put("format lone surrogate", {"format": "\udc00"})
        # file-level damage, once per game
        text = dumps(rec).encode()
        add(f"{game}: cut short", text[: len(text) // 2])
        add(f"{game}: NUL bytes inside", text[:40] + b"\x00\x00" + text[40:])
        add(f"{game}: BOM", b"\xef\xbb\xbf" + text, False)
        add(f"{game}: UTF-16", dumps(rec).encode("utf-16"))
        add(f"{game}: save title 10 MB", dumps(as_save(rec, "T" * 10_000_000)).encode(), False)
        add(f"{game}: save title escape codes", dumps(as_save(rec, "\x1b[2J\x1b]0;pwned\x07x")).encode(), False)
        add(f"{game}: save upgrade from version 1 bad", dumps({"format": "paperwars-save", "version": 1,
                                                                 "record": 5, "seats": 7}).encode())
        add(f"{game}: save record a list", dumps({"format": "paperwars-save", "version": 2, "record": []}).encode())
    add("100,000-deep nesting", deep(100_000).encode())
    add("100,000-deep object nesting", ('{"a":' * 100_000 + "1" + "}" * 100_000).encode())
    add("empty file", b"")
    add("only spaces", b"   \n  ")
    add("binary noise", bytes(range(256)) * 40)
    add("NUL bytes only", b"\x00" * 1000)
    add("lone surrogate text", b'{"format": "paperwars-record", "game": "\\ud800"}')
    add("JSON null", b"null")
    add("JSON string", b'"paperwars-record"')
    add("50 MB file", b'{"format": "paperwars-record", "pad": "' + b"a" * (50 * 1024 * 1024) + b'"}')
    add("1,000,000-action save", dumps(as_save({**example("warigami"), "actions": [{"type": "EndTurn"}] * 1_000_000})).encode())
    add("NaN everywhere", b'{"format": NaN, "version": NaN, "game": NaN, "seed": NaN}')
    return out


def action_types(game: str) -> list[type]:
    from game import registry

    return list(registry.get(game).game_cls.action_types)


def base_value(hint: Any) -> Any:
    origin = typing.get_origin(hint)
    if hint is int:
        return 1
    if hint is float:
        return 10.0
    if hint is str:
        return "a"
    if hint is bool:
        return True
    if origin is tuple:
        return []
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return None
    return None


#: Settings where the action types the examples never use come first (drawing a map or field).
ALT_SETTINGS = {"amoeba": {"players": 2, "map": "draw"}, "space": {"field": "hand"}}


def mutations() -> list[tuple[str, str, int, list[dict[str, Any]], dict[str, Any]]]:
    """(game, description, index, record prefix actions, mutated action) for the mutate row."""
    out = []
    for game in GAMES:
        rec = example(game)
        for cls in action_types(game):
            hints = typing.get_type_hints(cls)
            idx = next((i for i, a in enumerate(rec["actions"]) if a["type"] == cls.__name__), None)
            if idx is None:
                base = {"type": cls.__name__, **{f.name: base_value(hints[f.name]) for f in fields(cls)}}
                idx = 0
                if game in ALT_SETTINGS:
                    base["@settings"] = ALT_SETTINGS[game]
            else:
                base = rec["actions"][idx]
            prefix = rec["actions"][:idx]
            name = cls.__name__
            for f in fields(cls):
                values = VALUES + (SEQ_VALUES if typing.get_origin(hints[f.name]) in (tuple,) or
                                   "tuple" in str(hints[f.name]) else [])
                for label, v in values:
                    out.append((game, f"{name}.{f.name} = {label}", idx, prefix, {**base, f.name: v}))
                out.append((game, f"{name}.{f.name} missing", idx, prefix,
                            {k: v for k, v in base.items() if k != f.name}))
            out.append((game, f"{name} as it is", idx, prefix, base))
            out.append((game, f"{name} extra field", idx, prefix, {**base, "zzz": 1}))
            out.append((game, f"{name} extra field named __class__", idx, prefix, {**base, "__class__": 1}))
            out.append((game, f"{name} type lower case", idx, prefix, {**base, "type": name.lower()}))
            out.append((game, f"{name} every field wrong type", idx, prefix,
                        {"type": name, **{f.name: {"x": [1]} for f in fields(cls)}}))
            out.append((game, f"{name} every field NaN", idx, prefix,
                        {"type": name, **{f.name: Raw("NaN") for f in fields(cls)}}))
        for label, v in [("number", 5), ("null", None), ("list", [1]), ("text", "EndTurn"), ("no type", {}),
                         ("type null", {"type": None}), ("type number", {"type": 7}),
                         ("type nested", {"type": Raw(deep(40))}), ("type NUL", {"type": "Move\u0000"})]:
            out.append((game, f"action {label}", 0, [], v))
    return out


def level_items() -> list[tuple[str, str, dict[str, Any], bytes]]:
    """(game, description, settings, level file bytes) for the levels row."""
    out: list[tuple[str, str, dict[str, Any], bytes]] = []
    shipped = {"amoeba": ("duel_ten", {"players": 2, "map": "level"}), "space": ("belt", {"field": "level"}),
               "tigers": ("forest_crossing", {}), "warigami": ("skirmish", {})}
    for game, (level, extra) in shipped.items():
        data = json.loads((ROOT / "levels" / game / f"{level}.json").read_text())
        settings = {**extra, "level": "mine"}

        def add(desc: str, d: Any, game: str = game, settings: dict[str, Any] = settings) -> None:
            raw = d if isinstance(d, bytes) else dumps(d).encode("utf-8", "surrogatepass")
            out.append((game, desc, settings, raw))

        for key in list(data):
            add(f"{key} missing", {k: v for k, v in data.items() if k != key})
            for label, v in [("text", "x"), ("NaN", Raw("NaN")), ("nested", Raw(deep(80))), ("null", None),
                             ("1e400", Raw("1e400")), ("object", {"a": 1})]:
                add(f"{key} = {label}", {**data, key: v})
        seq_key = {"amoeba": "countries", "space": "asteroids", "tigers": "terrain", "warigami": "rows"}[game]
        add("cut short", dumps(data).encode()[:200])
        add("NUL bytes", b"\x00" * 64)
        add("not an object", [data])
        add("100,000-deep nesting", deep(100_000).encode())
        add(f"{seq_key} 100k identical points", {**data, seq_key: [[[[5.0, 5.0]] * 100_000]] * 2
                                                 if game == "amoeba" else [[[5.0, 5.0]] * 100_000]})
        add(f"{seq_key} Infinity inside", json.loads(json.dumps(data)) | {seq_key: Raw(
            dumps(data[seq_key]).replace("1", "Infinity", 3) if game != "warigami" else '["11\u0000", 5]')})
        add(f"{seq_key} 100,000 entries", {**data, seq_key: [data[seq_key][0]] * 100_000})
    return out


SETTINGS_FILES: list[tuple[str, bytes]] = [
    ("nested", dumps({"window": Raw(deep(100_000))}).encode()),
    ("window 10000x10000", b'{"window": [10000, 10000]}'),
    ("window 99999999x99999999", b'{"window": [99999999, 99999999]}'),
    ("window NaN", b'{"window": [NaN, NaN]}'),
    ("window text", b'{"window": "big"}'),
    ("volume 1e400", b'{"volume": 1e400}'),
    ("volume NaN", b'{"volume": NaN}'),
    ("volume 5000 digits", b'{"volume": ' + b"9" * 5000 + b"}"),
    ("palette object", b'{"palette": {"a": 1}}'),
    ("palette list", b'{"palette": [1]}'),
    ("defaults nested", b'{"defaults": {"amoeba": {"level": "../../etc/passwd", "x": [[[[1]]]]}}}'),
    ("defaults huge", b'{"defaults": {"amoeba": {"players": ' + b"9" * 5000 + b"}}}"),
    ("defaults a list", b'{"defaults": [1, 2]}'),
    ("defaults level /dev/zero", b'{"defaults": {"space": {"field": "level", "level": "/dev/zero"}}}'),
    ("fullscreen text", b'{"fullscreen": "yes please"}'),
    ("show_residue nested", b'{"show_residue": {"a": [1]}}'),
    ("cut short", b'{"window": [1280, 8'),
    ("NUL bytes", b"\x00" * 100),
    ("empty", b""),
    ("a list", b"[1, 2, 3]"),
    ("binary", bytes(range(256))),
    ("lone surrogate", b'{"palette": "\\ud800"}'),
    ("50 MB", b'{"pad": "' + b"a" * (50 * 1024 * 1024) + b'"}'),
    ("a folder", b""),
]


# -- running one item (inside the child) -----------------------------------------------------

class Hang(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise Hang(f"still running after {ITEM_SECONDS} s")


def fresh_home() -> Path:
    home = Path(tempfile.mkdtemp(prefix="pwh-", dir="/dev/shm" if Path("/dev/shm").is_dir() else None))
    os.environ["PAPERWARS_HOME"] = str(home)
    return home


def run_replay(item: tuple[str, bytes, bool]) -> tuple[bool, str]:
    name, raw, must_refuse = item
    home = fresh_home()
    try:
        path = home / "bad.json"
        path.write_bytes(raw)
        env = dict(os.environ, PAPERWARS_HOME=str(home), PYTHONPATH=str(ROOT))
        try:
            p = subprocess.run([PY, "-m", "game", "replay", str(path)], capture_output=True, timeout=60,
                               env=env, cwd=str(home), preexec_fn=_limit_memory)
        except subprocess.TimeoutExpired:
            return False, "hang (60 s)"
        err = p.stderr.decode("utf-8", "replace")
        if p.returncode < 0:
            return False, f"killed by signal {-p.returncode}"
        if "Traceback" in err:
            return False, "traceback: " + err.strip().splitlines()[-1][:200]
        if p.returncode == 0:
            return (not must_refuse), ("" if not must_refuse else "accepted a hostile file")
        if p.returncode != 2:
            return False, f"exit {p.returncode}: {err.strip()[-200:]}"
        lines = err.strip("\n").split("\n")
        if len(lines) != 1:
            return False, f"{len(lines)} lines on stderr"
        problem = bad_message(lines[0])
        if problem:
            return False, problem + ": " + lines[0][:160]
        if path.read_bytes() != raw:
            return False, "file changed"
        return True, ""
    finally:
        shutil.rmtree(home, ignore_errors=True)


_APP: Any = None


def _app() -> Any:
    global _APP
    if _APP is None:
        from game.ui.main import make_app

        _APP = make_app((1280, 800), headless=True)
    return _APP


def run_load(item: tuple[str, bytes, bool]) -> tuple[bool, str]:
    from game.ui.playing.scene import PlayScene
    from game.ui.scenes.load import LoadScene
    from game.ui.scenes.menu import MenuScene

    name, raw, must_refuse = item
    home = fresh_home()
    try:
        app = _app()
        while len(app.scenes) > 1:
            app.pop()
        if not app.scenes or not isinstance(app.scenes[0], MenuScene):
            app.reset_to(MenuScene(app))
        app.running = True
        app.toast_text = ""
        saves = home / "data" / "saves"
        saves.mkdir(parents=True, exist_ok=True)
        path = saves / "bad.json"
        path.write_bytes(raw)
        scene = LoadScene(app)
        app.push(scene)
        app.frame([])
        labels = list(scene.labels)
        if len(labels) != 1:
            return False, f"the list shows {len(labels)} entries for one file"
        problem = bad_message(labels[0])
        if problem:
            return False, "list entry " + problem
        opened = app.find(MenuScene).open_save(path)
        app.frame([])
        if opened or isinstance(app.top(), PlayScene):
            if must_refuse:
                return False, "opened a hostile file"
        else:
            problem = bad_message(app.toast_text or "")
            if not app.toast_text:
                return False, "refused without a sentence"
            if problem:
                return False, problem + ": " + app.toast_text[:160]
        if path.read_bytes() != raw:
            return False, "file changed"
        return True, ""
    finally:
        shutil.rmtree(home, ignore_errors=True)


def run_mutate(item: tuple[str, str, int, list[dict[str, Any]], dict[str, Any]]) -> tuple[bool, str]:
    from game.jsonio import FileProblem
    from game.records import Record

    game, desc, idx, prefix, action = item
    rec = example(game)
    if isinstance(action, dict) and "@settings" in action:
        action = dict(action)
        rec["settings"] = action.pop("@settings")
    rec["actions"] = [*prefix, action]
    text = dumps(rec)
    path = Path("/dev/shm/pw-mutate.json")
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        Record.load(path).replay()
    except FileProblem as exc:
        problem = bad_message(str(exc))
        return (not problem), (problem + ": " + str(exc)[:160] if problem else "")
    except Hang:
        raise
    except BaseException as exc:  # noqa: BLE001 - this is what we count
        return False, f"{type(exc).__name__}: {str(exc)[:160]}"
    return True, ""


def run_level(item: tuple[str, str, dict[str, Any], bytes]) -> tuple[bool, str]:
    from game import registry
    from game.engine import Chance, IllegalAction, SettingsError
    from game.jsonio import FileProblem

    game, desc, settings, raw = item
    home = fresh_home()
    try:
        folder = home / "data" / "levels" / game
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "mine.json").write_bytes(raw)
        try:
            g = registry.get(game).make_game(settings)
            state = g.new_state(1)
            rng = Chance(5)
            for _ in range(30):
                if state.is_over():
                    break
                try:
                    state.apply(state.random_action(rng))
                except IllegalAction:
                    pass
            from game.levels import list_levels
            list_levels(game)
        except (FileProblem, SettingsError) as exc:
            problem = bad_message(str(exc))
            return (not problem), (problem + ": " + str(exc)[:160] if problem else "")
        except Hang:
            raise
        except BaseException as exc:  # noqa: BLE001
            return False, f"{type(exc).__name__}: {str(exc)[:160]}"
        if (folder / "mine.json").read_bytes() != raw:
            return False, "file changed"
        return True, ""
    finally:
        shutil.rmtree(home, ignore_errors=True)


def run_settings(item: tuple[str, bytes]) -> tuple[bool, str]:
    name, raw = item
    home = fresh_home()
    try:
        cfg = home / "config"
        cfg.mkdir(parents=True)
        path = cfg / "settings.json"
        if name == "a folder":
            path.mkdir()
        else:
            path.write_bytes(raw)
        env = dict(os.environ, PAPERWARS_HOME=str(home), PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy")
        try:
            p = subprocess.run([PY, "-m", "game", "startup-probe"], capture_output=True, timeout=60, env=env,
                               cwd=str(home), preexec_fn=_limit_memory)
        except subprocess.TimeoutExpired:
            return False, "hang (60 s)"
        err = p.stderr.decode("utf-8", "replace")
        if p.returncode != 0 or "first-frame" not in p.stdout.decode():
            last = err.strip().splitlines()[-1][:200] if err.strip() else ""
            return False, f"did not start (exit {p.returncode}) {last}"
        if name != "a folder" and path.read_bytes() != raw:
            return False, "the damaged file was rewritten"
        return True, ""
    finally:
        shutil.rmtree(home, ignore_errors=True)


def autosave_items() -> list[str]:
    return ["path is a folder", "disk full (64 KB tmpfs)", "file size limit (RLIMIT_FSIZE)",
            "folder is a file", "stale .tmp files cleaned at start"]


def run_autosave(kind: str) -> tuple[bool, str]:
    import resource  # POSIX-only

    from game.session import Session
    from game.ui.playing.scene import PlayScene

    home = fresh_home()
    mnt = home / "tiny"
    old_fsize = resource.getrlimit(resource.RLIMIT_FSIZE)
    old_sig = signal.getsignal(signal.SIGXFSZ)
    try:
        if kind == "stale .tmp files cleaned at start":
            data = home / "data"
            data.mkdir(parents=True, exist_ok=True)
            stale = data / "autosave.json.abc123.tmp"
            stale.write_text("{")
            old = time.time() - 3600
            os.utime(stale, (old, old))
            app = _app()
            from game.ui.scenes.menu import MenuScene
            app.reset_to(MenuScene(app))
            app.frame([])
            from game.ui.main import make_app
            a2 = make_app((1280, 800), headless=True)
            a2.frame([])
            globals()["_APP"] = a2
            return (not stale.exists()), ("stale file still there" if stale.exists() else "")
        if kind == "path is a folder":
            target = home / "auto"
            (target).mkdir()
        elif kind == "folder is a file":
            (home / "plain").write_text("x")
            target = home / "plain" / "autosave.json"
        elif kind.startswith("disk full"):
            mnt.mkdir()
            subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mnt)], check=True)
            (mnt / "filler").write_bytes(b"x" * 60_000) if False else None
            target = mnt / "autosave.json"
        else:
            target = home / "auto.json"
        app = _app()
        from game.ui.scenes.menu import MenuScene
        app.reset_to(MenuScene(app))
        session = Session.new("warigami", {"level": "skirmish"}, 3, ["human", "human"], autosave=target)
        scene = PlayScene(app, session)
        app.push(scene)
        app.frame([])
        if kind.startswith("disk full"):
            # fill the tiny disk so the autosave cannot fit
            try:
                (mnt / "filler").write_bytes(b"x" * 64 * 1024)
            except OSError:
                pass
        if kind.startswith("file size"):
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (200, old_fsize[1]))
        app.toast_text = ""
        from game.engine import Chance
        rng = Chance(1)
        try:
            for _ in range(3):
                scene.submit(session.state.random_action(rng)) if hasattr(scene, "submit") else \
                    session.submit(session.state.random_action(rng))
                app.frame([])
        except BaseException as exc:  # noqa: BLE001
            return False, f"{type(exc).__name__}: {str(exc)[:160]}"
        finally:
            resource.setrlimit(resource.RLIMIT_FSIZE, old_fsize)
        if not app.toast_text or "autosave" not in app.toast_text.lower():
            return False, f"no sentence on screen (toast {app.toast_text!r})"
        if len(session.record.actions) != 3:
            return False, "the game did not go on"
        return True, ""
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, old_fsize)
        signal.signal(signal.SIGXFSZ, old_sig)
        if mnt.exists():
            subprocess.run(["umount", str(mnt)], check=False)
        shutil.rmtree(home, ignore_errors=True)


ROWS: dict[str, tuple[str, Callable[[], list[Any]], Callable[[Any], tuple[bool, str]], Callable[[Any], str]]] = {
    "replay": ("hand-made bad records and saves, `paperwars replay`", hand_made, run_replay, lambda i: i[0]),
    "load": ("the same files through the Load screen and Open", hand_made, run_load, lambda i: i[0]),
    "mutate": ("every field of every action type mutated", mutations, run_mutate, lambda i: f"{i[0]} {i[1]}"),
    "levels": ("damaged user level files", level_items, run_level, lambda i: f"{i[0]} {i[1]}"),
    "settings": ("damaged settings file", lambda: SETTINGS_FILES, run_settings, lambda i: i[0]),
    "autosave": ("autosave cannot be written", autosave_items, run_autosave, lambda i: i),
}


def _limit_memory() -> None:
    import resource  # POSIX-only

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def child(row: str, start: int) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    _limit_memory()
    signal.signal(signal.SIGALRM, _alarm)
    _, make, run, label = ROWS[row]
    items = make()
    if os.environ.get("HARNESS_LIMIT"):
        step = max(1, len(items) // int(os.environ["HARNESS_LIMIT"]))
        items = items[::step]
    print(json.dumps({"total": len(items)}), flush=True)
    for i in range(start, len(items)):
        print(json.dumps({"start": i}), flush=True)
        signal.alarm(ITEM_SECONDS if row not in ("replay", "settings") else 200)
        try:
            ok, why = run(items[i])
        except Hang as exc:
            ok, why = False, f"hang: {exc}"
        except BaseException as exc:  # noqa: BLE001
            ok, why = False, f"{type(exc).__name__} escaped: {str(exc)[:160]}"
        finally:
            signal.alarm(0)
        print(json.dumps({"i": i, "ok": ok, "why": why, "label": label(items[i])[:120]}), flush=True)


def measure(row: str, log: Any) -> tuple[int, int, list[tuple[str, str]]]:
    total, ok, fails = None, 0, []
    start = 0
    while total is None or start < total:
        p = subprocess.Popen([PY, "-m", "tests.harness_files", "--child", row, str(start)], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, cwd=str(ROOT), env=dict(os.environ, PYTHONPATH=str(ROOT)))
        current = None
        assert p.stdout is not None
        lines: queue.Queue[str | None] = queue.Queue()

        def pump(stream: Any = p.stdout, lines: queue.Queue[str | None] = lines) -> None:
            for raw in stream:  # each child has its own queue (a killed child's end-of-file
                lines.put(raw)  # must not end the next child's reading)
            lines.put(None)

        threading.Thread(target=pump, daemon=True).start()
        while True:
            try:
                line = lines.get(timeout=WATCHDOG)
            except queue.Empty:  # stuck inside C code: the alarm cannot fire there
                p.kill()
                fails.append((f"item {current}", f"hang (no answer in {WATCHDOG} s)"))
                log.write(json.dumps({"row": row, "i": current, "ok": False, "why": "hang"}) + "\n")
                start = (current if current is not None else start) + 1
                current = None
                break
            if line is None:
                break
            msg = json.loads(line)
            if "total" in msg:
                total = msg["total"]
            elif "start" in msg:
                current = msg["start"]
            else:
                current = None
                start = msg["i"] + 1
                if msg["ok"]:
                    ok += 1
                else:
                    fails.append((msg["label"], msg["why"]))
                log.write(json.dumps({"row": row, **msg}) + "\n")
        code = p.wait()
        if code == -signal.SIGKILL and current is None:
            continue
        if current is not None:  # the child died on this item
            why = f"crash (child exit {code}{', segfault' if code == -signal.SIGSEGV else ''})"
            fails.append((f"item {current}", why))
            log.write(json.dumps({"row": row, "i": current, "ok": False, "why": why}) + "\n")
            start = current + 1
        elif total is None or start < total:
            fails.append(("child", f"stopped early (exit {code})"))
            break
    return total or 0, ok, fails


def main(argv: list[str]) -> int:
    if os.name != "posix":
        print("The file harness measures with POSIX limits (resource, SIGALRM, tmpfs): run it on Linux or macOS.",
              file=sys.stderr)
        return 2
    if argv[:1] == ["--child"]:
        child(argv[1], int(argv[2]))
        return 0
    rows = argv or list(ROWS)
    sys.stdout.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]  # reasons may hold lone surrogates
    out = Path(os.environ.get("HARNESS_LOG", Path(tempfile.gettempdir()) / "harness_files.jsonl"))
    table = ["| what was tried | tried | refused cleanly | traceback / crash / bad message |", "|---|---|---|---|"]
    with out.open("a") as log:
        for row in rows:
            t0 = time.time()
            total, ok, fails = measure(row, log)
            table.append(f"| {ROWS[row][0]} | {total:,} | {ok:,} | {len(fails):,} |")
            print(f"{row}: {total} tried, {ok} clean, {len(fails)} failed ({time.time() - t0:.0f} s)", flush=True)
            for label, why in fails[:400]:
                print(f"    {label}: {why}", flush=True)
    print("\n".join(table))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
