"""Damaged and hostile files (issue 14): every field of every action type of every game,
every record, save, level and settings field mutated, and the files of the "done when"
list.  Only clean refusals may come out: the game's own refusal types, one sentence naming
the file, no Python internals, no raw control characters, the file unchanged.

The long measurement (thousands of files, fresh processes) is tests/harness_files.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import typing
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import registry
from game.engine import Chance, IllegalAction, SettingsError
from game.jsonio import FileProblem, read_json
from game.records import Record, RecordError
from game.saves import describe_save, load_save, write_save
from tests.harness_files import ALT_SETTINGS, BIG_INT, Raw, as_save, bad_message, deep, dumps, example

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("amoeba", "warigami", "space", "tigers", "invasion")
FUZZ = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])

# -- JSON values a hostile file may hold --------------------------------------------------

HOSTILE_SCALARS = st.sampled_from([
    "", "x", "a\u0000b", "\ud800", "\x1b[31mred", "a" * 5000, "../../etc/passwd", "/dev/zero", True, False, None,
    0, -1, 1, 2 ** 31, 10 ** 18, -10 ** 18, 1.5, -0.0, 1e308, -1e308,
    Raw("1e400"), Raw("-1e400"), Raw("NaN"), Raw("Infinity"), Raw("-Infinity"), BIG_INT, Raw(deep(80)),
])
JSON_VALUES = st.recursive(
    HOSTILE_SCALARS | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=12)


def check_refusal(exc: BaseException, path: Path | None = None, raw: bytes | None = None) -> None:
    """A refusal the player may see: the game's own type, one clean sentence."""
    assert isinstance(exc, (FileProblem, SettingsError)), f"{type(exc).__name__}: {exc}"
    text = str(exc)
    assert "\n" not in text
    problem = bad_message(text)
    assert not problem, problem
    if path is not None and raw is not None:
        assert path.read_bytes() == raw, "the file was changed"


def write(path: Path, data: Any) -> bytes:
    raw = data if isinstance(data, bytes) else dumps(data).encode("utf-8", "surrogatepass")
    path.write_bytes(raw)
    return raw


def replay_file(path: Path, raw: bytes) -> None:
    try:
        Record.load(path).replay()
    except Exception as exc:  # noqa: BLE001 - the assertion says which
        check_refusal(exc, path, raw)
    assert path.read_bytes() == raw


# -- every field of every action type of every game ---------------------------------------

def _contexts() -> list[tuple[str, str, int, dict[str, Any], dict[str, Any] | None]]:
    """(game, action type, index, base action, settings) for every action type."""
    out = []
    for game in GAMES:
        rec = example(game)
        for cls in registry.get(game).game_cls.action_types:
            idx = next((i for i, a in enumerate(rec["actions"]) if a["type"] == cls.__name__), None)
            if idx is None:
                hints = typing.get_type_hints(cls)
                base = {"type": cls.__name__}
                for f in fields(cls):
                    h = hints[f.name]
                    base[f.name] = 1 if h is int else 10.0 if h is float else "a" if h is str else \
                        True if h is bool else [] if typing.get_origin(h) is tuple else None
                out.append((game, cls.__name__, 0, base, ALT_SETTINGS.get(game)))
            else:
                out.append((game, cls.__name__, idx, rec["actions"][idx], None))
    return out


CONTEXTS = _contexts()


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_every_field_of_every_action_type_mutated_is_refused_cleanly(game, data, tmp_path_factory):
    ctx = data.draw(st.sampled_from([c for c in CONTEXTS if c[0] == game]), label="action type")
    _, name, idx, base, alt = ctx
    keys = [k for k in base if k != "type"]
    how = data.draw(st.sampled_from(["value", "missing", "extra", "whole"] if keys else ["extra", "whole"]))
    action: Any = dict(base)
    if how == "value":
        action[data.draw(st.sampled_from(keys))] = data.draw(JSON_VALUES, label="value")
    elif how == "missing":
        action.pop(data.draw(st.sampled_from(keys)))
    elif how == "extra":
        action[data.draw(st.text(min_size=1, max_size=8).filter(lambda k: k not in base))] = data.draw(JSON_VALUES)
    else:
        action = data.draw(JSON_VALUES, label="whole action")
    rec = example(game)
    if alt:
        rec["settings"] = alt
    rec["actions"] = [*rec["actions"][:idx], action]
    path = tmp_path_factory.mktemp("m") / "mutated.json"
    replay_file(path, write(path, rec))


def test_every_action_type_of_every_game_is_covered():
    """The fuzz above reaches every action type every ruleset declares."""
    for game in GAMES:
        declared = {c.__name__ for c in registry.get(game).game_cls.action_types}
        assert declared == {c[1] for c in CONTEXTS if c[0] == game}


# -- every record and save field ------------------------------------------------------------

RECORD_KEYS = ["format", "version", "game", "rules_version", "settings", "seed", "actions", "pins", "seats"]


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(key=st.sampled_from(RECORD_KEYS + ["pins.faces", "pins.decks", "pins.noise", "settings.level"]),
       value=JSON_VALUES, as_a_save=st.booleans())
def test_every_record_and_save_field_mutated_is_refused_cleanly(game, key, value, as_a_save, tmp_path_factory):
    rec = example(game)
    if "." in key:
        top, sub = key.split(".")
        rec[top] = {**rec.get(top, {}), sub: value}
    else:
        rec[key] = value
    path = tmp_path_factory.mktemp("r") / "bad.json"
    if as_a_save:
        raw = write(path, as_save(rec))
        label = describe_save(path)  # never raises, never a control character
        assert not bad_message(label), label
        try:
            load_save(path)
        except Exception as exc:  # noqa: BLE001
            check_refusal(exc, path, raw)
    else:
        replay_file(path, write(path, rec))


@FUZZ
@given(key=st.sampled_from(["format", "version", "title", "saved_at", "record"]), value=JSON_VALUES)
def test_every_save_wrapper_field_mutated_is_refused_cleanly(key, value, tmp_path_factory):
    save = as_save(example("warigami"))
    save[key] = value
    path = tmp_path_factory.mktemp("s") / "bad.json"
    raw = write(path, save)
    label = describe_save(path)
    assert not bad_message(label) and len(label) < 200, label
    try:
        load_save(path)
    except Exception as exc:  # noqa: BLE001
        check_refusal(exc, path, raw)


@FUZZ
@given(blob=st.binary(max_size=300), cut=st.integers(0, 4000))
def test_damaged_bytes_are_refused_cleanly(blob, cut, tmp_path_factory):
    text = dumps(example("tigers")).encode()
    path = tmp_path_factory.mktemp("b") / "bad.json"
    raw = write(path, text[:cut] + blob + text[cut + len(blob):])
    try:
        read_json(path, "record")
    except Exception as exc:  # noqa: BLE001
        check_refusal(exc, path, raw)
    replay_file(path, raw)


# -- level files -----------------------------------------------------------------------------

LEVELS = {"amoeba": ("duel_ten", {"players": 2, "map": "level"}), "space": ("belt", {"field": "level"}),
          "tigers": ("forest_crossing", {}), "warigami": ("skirmish", {})}


@pytest.mark.parametrize("game", sorted(LEVELS))
@FUZZ
@given(data=st.data())
def test_every_level_field_mutated_is_refused_cleanly(game, data):
    level, extra = LEVELS[game]
    level_data = json.loads((ROOT / "levels" / game / f"{level}.json").read_text())
    key = data.draw(st.sampled_from(sorted(level_data)))
    value = data.draw(JSON_VALUES | st.just([[5.0, 5.0]] * 5000), label="value")
    if data.draw(st.booleans(), label="inside the first item") and isinstance(level_data[key], list) \
            and level_data[key]:
        level_data[key] = [value, *level_data[key][1:]]
    else:
        level_data[key] = value
    folder = Path(os.environ["PAPERWARS_HOME"]) / "data" / "levels" / game
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "mine.json"
    raw = write(path, level_data)
    try:
        state = registry.get(game).make_game({**extra, "level": "mine"}).new_state(1)
        rng = Chance(3)
        for _ in range(10):
            if state.is_over():
                break
            try:
                state.apply(state.random_action(rng))
            except IllegalAction:
                pass
    except Exception as exc:  # noqa: BLE001
        check_refusal(exc, path, raw)
    assert path.read_bytes() == raw


@pytest.mark.parametrize("name", ["../../etc/passwd", "/dev/zero", "..", "a/b", "C:\\x", "", "x" * 200, "\x00"])
def test_T_files_a_level_is_a_name_never_a_path(name, tmp_path):
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"name": "x", "rows": ["11..22"] * 6}))
    for game, (_, extra) in LEVELS.items():
        with pytest.raises((SettingsError, FileProblem)) as info:
            registry.get(game).make_game({**extra, "level": name})
        check_refusal(info.value)
    from game.levels import LevelError, level_path

    with pytest.raises(LevelError):
        level_path("warigami", str(outside.with_suffix("")))


# -- settings file ---------------------------------------------------------------------------

PREF_KEYS = ["window", "fullscreen", "volume", "palette", "show_residue", "defaults"]


@FUZZ
@given(key=st.sampled_from(PREF_KEYS + ["defaults.amoeba", "defaults.amoeba.settings"]), value=JSON_VALUES)
def test_every_settings_field_mutated_starts_and_leaves_a_damaged_file_alone(key, value):
    from game.ui.prefs import MAX_WINDOW, Prefs

    data: dict[str, Any] = {"window": [1280, 800], "volume": 0.5,
                            "defaults": {"amoeba": {"settings": {"players": 3}, "seats": ["human", "ai"]}}}
    parts = key.split(".")
    node = data
    for p in parts[:-1]:
        node = node[p]
    node[parts[-1]] = value
    path = Prefs.path()
    raw = write(path, data)
    prefs = Prefs.load()  # never raises
    assert prefs.window[0] <= MAX_WINDOW[0] and prefs.window[1] <= MAX_WINDOW[1]
    assert 0.0 <= prefs.volume <= 1.0
    assert all(isinstance(v, dict) and isinstance(v.get("settings", {}), dict) for v in prefs.defaults.values())
    if prefs.problem:
        assert not bad_message(prefs.problem), prefs.problem
        prefs.save()  # what the app does on quit
        assert path.read_bytes() == raw, "a damaged settings file was rewritten"


def test_game_starts_with_a_corrupt_settings_file():
    from game.ui.main import make_app
    from game.ui.prefs import Prefs

    path = Prefs.path()
    raw = write(path, b'{"window": [10000, 10000], "volume": 1e400, "defaults": ' + deep(100_000).encode() + b"}")
    app = make_app(headless=True)
    app.frame([])
    assert "settings file" in app.toast_text
    app.close()
    assert path.read_bytes() == raw


# -- the "done when" files through `paperwars replay` ---------------------------------------

def _done_when() -> list[tuple[str, bytes]]:
    rec = example("warigami")
    first = rec["actions"][0]
    return [
        ("100,000-deep nesting", deep(100_000).encode()),
        ("5,000-digit seed", dumps({**rec, "seed": BIG_INT}).encode()),
        ("NUL bytes", dumps(rec).encode()[:30] + b"\x00\x00" + dumps(rec).encode()[30:]),
        ("Infinity in pins", dumps({**rec, "pins": {"faces": [Raw("Infinity")]}}).encode()),
        ("level ../../etc/passwd", dumps({**rec, "settings": {"level": "../../etc/passwd"}}).encode()),
        ("level /dev/zero", dumps({**rec, "settings": {"level": "/dev/zero"}}).encode()),
        ("50 MB", b'{"format": "paperwars-record", "pad": "' + b"a" * (50 * 1024 * 1024) + b'"}'),
        ("every field the wrong type", dumps({**rec, "actions": [
            {"type": first["type"], **{k: {"x": ["y"]} for k in first if k != "type"}}]}).encode()),
    ]


@pytest.mark.parametrize("name, raw", _done_when(), ids=[n for n, _ in _done_when()])
def test_replay_refuses_each_hostile_file_with_exit_2_and_one_line(name, raw, tmp_path):
    path = tmp_path / "hostile.json"
    path.write_bytes(raw)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-m", "game", "replay", str(path)], capture_output=True, env=env,
                       timeout=120)
    err = p.stderr.decode("utf-8", "replace")
    assert p.returncode == 2, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert not bad_message(err.strip()), err
    assert path.read_bytes() == raw


def test_load_screen_survives_a_folder_of_hostile_files():
    from game.saves import saves_dir
    from game.ui.main import make_app
    from game.ui.scenes.load import LoadScene
    from game.ui.scenes.menu import MenuScene

    folder = saves_dir()
    files = {}
    for i, (name, raw) in enumerate(_done_when()):
        files[folder / f"hostile-{i}.json"] = raw
    files[folder / "title.json"] = dumps(as_save(example("space"), "T\x1b[2J" * 200_000)).encode()
    good = folder / "good.json"
    write_save(good, Record.from_json(example("warigami")), "A good game")
    for path, raw in files.items():
        path.write_bytes(raw)
    app = make_app((1280, 800), headless=True)
    try:
        scene = LoadScene(app)
        app.push(scene)
        app.frame([])
        assert len(scene.labels) == len(files) + 1
        for label in scene.labels:
            assert not bad_message(label) and len(label) < 200, label
        menu = app.find(MenuScene)
        for path in files:
            assert not menu.open_save(path)
            assert app.toast_text and not bad_message(app.toast_text), app.toast_text
            assert path.read_bytes() == files[path]
        assert menu.open_save(good)
    finally:
        app.close()


# -- autosave --------------------------------------------------------------------------------

def test_autosave_that_cannot_be_written_is_a_sentence_on_screen_and_the_game_goes_on(tmp_path):
    from game.session import Session
    from game.ui.main import make_app
    from game.ui.playing.scene import PlayScene

    folder = tmp_path / "a-folder"
    folder.mkdir()
    app = make_app((1280, 800), headless=True)
    try:
        session = Session.new("warigami", {"level": "skirmish"}, 3, ["human", "human"], autosave=folder)
        scene = PlayScene(app, session)
        app.push(scene)
        rng = Chance(1)
        for _ in range(3):
            assert scene.submit(session.state.random_action(rng))
            app.frame([])
        assert len(session.record.actions) == 3
        assert app.toast_text.startswith("Autosave failed") and not bad_message(app.toast_text)
        assert folder.is_dir() and not list(tmp_path.glob("*.tmp"))
    finally:
        app.close()


def test_stale_autosave_temp_files_are_removed_at_start():
    from game.paths import data_dir
    from game.ui.main import make_app

    stale = data_dir() / "autosave.json.k1ll3d.tmp"
    stale.write_text("{")
    os.utime(stale, (1, 1))
    fresh = data_dir() / "autosave.json.wr1t1ng.tmp"  # another game writing right now
    fresh.write_text("{")
    app = make_app((1280, 800), headless=True)
    app.close()
    assert not stale.exists() and fresh.exists()


# -- the monkey sends what the real loop sends ------------------------------------------------

def test_monkey_delivers_pygame_gui_button_events():
    import pygame

    from game.ui.main import make_app
    from game.ui.monkey import delivered
    from game.ui.scenes.load import LoadScene

    app = make_app((1280, 800), headless=True)
    try:
        scene = LoadScene(app)
        app.push(scene)
        app.frame([])
        pos = scene.back.rect.center
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False),
                   pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)])
        assert app.top() is scene  # the press is only posted to the queue ...
        app.frame(delivered(app))  # ... and the next frame delivers it, as App.run does
        assert app.top() is not scene
    finally:
        app.close()


@pytest.mark.parametrize("chance", ["[" * 40_000 + "]" * 40_000, '{"state": NaN}', '{"state": 1e400}',
                                    '{"state": 1, "faces": [Infinity]}', "9" * 5000])
def test_imported_text_goes_through_the_guarded_reader(chance, tmp_path):
    """Paper Invasion's imported game text holds the generator as JSON: it is read with
    the same limits as a file, and refused with the rules' own sentence."""
    text = registry.get("invasion").make_game({}).new_state(1).as_text()
    text = "\n".join(f"chance: {chance}" if ln.startswith("chance:") else ln for ln in text.splitlines())
    rec = {**example("invasion"), "actions": [{"type": "ImportText", "text": text}]}
    path = tmp_path / "imported.json"
    raw = write(path, rec)
    with pytest.raises(RecordError) as info:
        Record.load(path).replay()
    check_refusal(info.value, path, raw)
    assert "chance" in str(info.value)


def test_A_M2_a_scribbled_outline_is_refused_before_shapely_untangles_it():
    """A drawn outline crossing itself thousands of times (here 150 random points across the
    sheet) is refused by its crossings, not handed to make_valid (minutes for a few hundred)."""
    import random

    rng = random.Random(1)
    pts = [[round(rng.uniform(0, 297), 2), round(rng.uniform(0, 210), 2)] for _ in range(150)]
    state = registry.get("amoeba").make_game({"players": 2, "map": "draw"}).new_state(1)
    action = state.game.decode_action({"type": "DrawCountry", "outline": pts})
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == "A-M2" and "crosses or retraces itself" in info.value.message
