"""Reliability, round 2 (issue 33): what the app writes always reads back, every file goes
through the guarded reader, and no setting, folder or disk crashes the app.

Each test generates its class (Hypothesis) and goes through the real loaders and the
scene's first frame.  Chance is pinned by the seeds the tests choose.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from game import registry
from game.paths import config_dir, data_dir
from game.saves import latest_autosave, list_autosaves, load_save
from game.session import player_profile

GAMES = ("amoeba", "warigami", "space", "tigers", "invasion")
FEW = settings(max_examples=4, deadline=None, derandomize=True, database=None, phases=[Phase.generate],
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                      HealthCheck.function_scoped_fixture])

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _word(i: int, length: int) -> str:
    """A word of ``length`` letters that differs from the others by its first 12 (the rest
    repeats them: a profile of 25,000 words of 5,000 letters is built in a second, not minutes)."""
    out = []
    while len(out) < min(length, 12):
        out.append(LETTERS[i % 26])
        i //= 26
        i += len(out) * 7
    head = "".join(out)
    return (head * (length // len(head) + 1))[:length]


def write_profile(words: int, word_len: int, battles: int, name_len: int) -> None:
    """The player's profile files at the sizes given (far beyond normal use)."""
    data, config = data_dir(), config_dir()
    used = [_word(i, word_len) for i in range(words)]
    (data / "invasion-used-words.json").write_text(
        json.dumps({"format": "paperwars-invasion-words", "version": 1, "words": used}), encoding="utf-8")
    names = ["B" * name_len, "O" * name_len]
    results = [{"level": "x", "vp": [i % 7, 3], "winner": 0, "victory": "marginal", "key": f"k{i}",
                "names": names} for i in range(max(0, battles - 1))]
    (data / "tigers_campaign.json").write_text(json.dumps(
        {"format": "paperwars-tigers-campaign", "version": 1, "names": names, "battles": battles,
         "results": results}), encoding="utf-8")
    (data / "lessons.json").write_text(json.dumps({"done": [f"g/{i}" for i in range(words // 10)]}),
                                       encoding="utf-8")
    defaults = {f"game{i}": {"settings": {f"k{j}": "v" * 200 for j in range(64)}, "seats": ["human"] * 16}
                for i in range(27)}
    (config / "settings.json").write_text(json.dumps({"ui_scale": 100, "defaults": defaults}), encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(words=st.sampled_from([0, 40, 2_000, 60_000]), word_len=st.integers(3, 30),
       battles=st.sampled_from([1, 10, 1000]), name_len=st.integers(1, 24), steps=st.integers(0, 5))
def test_a_game_started_from_its_setup_screen_with_huge_profile_files_autosaves_and_loads_back(
        game, words, word_len, battles, name_len, steps):
    from game.ui.main import make_app
    from game.ui.playing.scene import PlayScene
    from game.ui.scenes.menu import MenuScene
    from game.ui.setup import SetupScene

    write_profile(words, word_len, battles, name_len)
    for old in list_autosaves():  # an earlier example's game in progress
        old.unlink()
    app = make_app((1280, 800), headless=True)
    try:
        setup = SetupScene(app, registry.get(game))
        app.push(setup)
        app.frame([])
        setup.seats = ["human"] * len(setup.seats)  # the test moves for every seat
        assert setup.begin(), setup.problem
        scene = app.top()
        assert isinstance(scene, PlayScene)
        app.frame([])
        sess = scene.session
        for _ in range(steps):
            if sess.state.is_over():
                break
            legal = sess.state.legal_actions()
            if not legal:
                break
            sess.submit(legal[len(legal) // 2])
        sess.save_auto()
        assert not sess.autosave_problem, sess.autosave_problem
        live = sess.state.to_json()
        # Continue: the real loader, then the menu's own path, then a first frame.
        record = load_save(latest_autosave())
        assert record.to_json() == sess.record.to_json()
        app.reset_to(MenuScene(app))
        app.frame([])
        assert app.top().open_save(latest_autosave())
        app.frame([])
        restored = app.top()
        assert isinstance(restored, PlayScene)
        assert restored.session.state.to_json() == live
        app.close()  # writes the remembered setup choices back ...
        app = make_app((1280, 800), headless=True)
        assert not app.prefs.problem, app.prefs.problem  # ... and they read back
    finally:
        app.close()


def test_I_S1_a_resumed_invasion_game_still_refuses_a_used_word():
    from game.rules.invasion.slots import remember_word
    from game.session import Session

    words = data_dir() / "invasion-used-words.json"
    for i in range(400):  # far more than a setting's 200 characters
        remember_word(words, _word(i, 8))
    sess = Session.new("invasion", {}, 5, ["human"], profile=player_profile("invasion"))
    assert "used_words" not in sess.record.settings
    sess.save_auto()
    record = load_save(latest_autosave())
    record.profile = player_profile("invasion")
    again = Session(record, autosave=False)
    from game.engine import IllegalAction
    from game.rules.invasion.actions import ChooseWord

    with pytest.raises(IllegalAction) as info:
        again.state.apply(ChooseWord(_word(399, 8)))
    assert info.value.rule == "I-S1"


def test_a_seed_no_record_can_hold_is_refused_on_the_setup_screen():
    from game.ui.main import make_app
    from game.ui.setup import SetupScene

    app = make_app((1280, 800), headless=True)
    try:
        setup = SetupScene(app, registry.get("amoeba"))
        app.push(setup)
        app.frame([])
        setup.seed_entry.set_text("9" * 30)
        assert not setup.begin()
        assert "seed" in setup.problem
        assert app.top() is setup
    finally:
        app.close()


# -- profile files through the guarded reader ---------------------------------------------

PROFILE_FILES = {
    "used words": lambda: data_dir() / "invasion-used-words.json",
    "campaign": lambda: data_dir() / "tigers_campaign.json",
    "lessons": lambda: data_dir() / "lessons.json",
    "settings": lambda: config_dir() / "settings.json",
}


def _read_profile(kind: str) -> Any:
    if kind == "used words":
        from game.rules.invasion.slots import load_used_words

        return load_used_words(PROFILE_FILES[kind]())
    if kind == "campaign":
        from game.rules.tigers.campaign import load_running

        return load_running()
    if kind == "lessons":
        from game.lessons import lessons_done

        return lessons_done()
    from game.ui.prefs import Prefs

    return Prefs.load()


def _hostile(kind: str, tmp: Path) -> bytes | str:
    """A hostile file: returns the bytes to write, or "link" (a symlink to /dev/zero) or "fifo"."""
    return {"deep": b"[" * 400_000 + b"]" * 400_000, "big": b'{"words": ["' + b"A" * (20 * 1024 * 1024) + b'"]}',
            "link": "link", "fifo": "fifo", "nan": b'{"words": [NaN], "done": [1e999]}',
            "bytes": b"\xff\xfe\x00garbage"}[kind]


#: A link to /dev/zero and a FIFO are POSIX special files (Windows has neither, and creating a
#: symlink there needs a privilege): those two cases run where they can exist.
HOSTILE_PROFILES = ["deep", "big", "nan", "bytes"] + (["link", "fifo"] if hasattr(os, "mkfifo") else [])


@pytest.mark.parametrize("kind", sorted(PROFILE_FILES))
@settings(max_examples=6, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hostile=st.sampled_from(HOSTILE_PROFILES))
def test_every_profile_file_goes_through_the_guarded_reader(kind, hostile, tmp_path):
    path = PROFILE_FILES[kind]()
    path.unlink(missing_ok=True)
    what = _hostile(hostile, tmp_path)
    if what == "link":
        path.symlink_to("/dev/zero")
    elif what == "fifo":
        os.mkfifo(path)
    else:
        path.write_bytes(what)
    try:
        _read_profile(kind)  # never hangs (a FIFO would block a plain open), never grows, never raises
    finally:
        path.unlink(missing_ok=True)


# -- the last line of defence round the main loop -------------------------------------------

class _Boom(RuntimeError):
    pass


def _crashing_scene(app: Any, where: str, exc: type[BaseException]) -> Any:
    from game.ui.app import Scene

    class Crashing(Scene):
        opaque = False

        def handle_event(self, event: Any) -> None:
            if where == "event":
                raise exc("boom in an event")

        def update(self, dt: float) -> None:
            if where == "update":
                raise exc("boom in an update")

        def draw(self, surface: Any) -> None:
            if where == "draw":
                raise exc("boom in a draw")

    return Crashing(app)


@settings(max_examples=6, deadline=None, derandomize=True, database=None, phases=[Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.sampled_from(["event", "update", "draw"]),
       exc=st.sampled_from([_Boom, ZeroDivisionError, KeyError, MemoryError, RecursionError, TypeError]))
def test_a_crash_in_a_scene_writes_a_report_and_goes_back_to_the_menu_with_continue(where, exc):
    import pygame

    from game import __version__
    from game.session import Session
    from game.ui.main import make_app
    from game.ui.playing.scene import PlayScene
    from game.ui.scenes.menu import MenuScene

    app = make_app((1280, 800), headless=True)
    try:
        sess = Session.new("amoeba", {}, 11, ["human", "human"])
        for _ in range(2):
            sess.submit(sess.state.legal_actions()[0])
        app.push(PlayScene(app, sess))
        app.frame([])
        app.push(_crashing_scene(app, where, exc))
        click = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
        assert app.safe_frame([click]) is False
        assert isinstance(app.top(), MenuScene) and len(app.scenes) == 1
        reports = sorted((data_dir() / "crash-reports").glob("crash-*.txt"))
        assert len(reports) == 1
        text = reports[0].read_text(encoding="utf-8")
        assert __version__ in text and exc.__name__ in text and '"game": "amoeba"' in text
        assert str(reports[0]) in app.toast_text and "Continue" in app.toast_text
        assert app.safe_frame([])  # the menu draws
        assert app.top().open_save(latest_autosave())
        assert app.top().session.state.to_json() == sess.state.to_json()
        reports[0].unlink()
    finally:
        app.close()


def test_the_main_loop_has_the_handler(monkeypatch):
    from game.ui.main import make_app

    monkeypatch.setenv("PAPERWARS_QUIT_AFTER", "3")
    app = make_app((1280, 800), headless=True)
    app.push(_crashing_scene(app, "update", _Boom))
    app.run()  # returns after 3 frames instead of raising
    assert list((data_dir() / "crash-reports").glob("crash-*.txt"))


# -- settings, folders and disks ------------------------------------------------------------

@settings(max_examples=12, deadline=None, derandomize=True, database=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(w=st.integers(800, 1100), h=st.integers(560, 700), scale=st.integers(75, 200),
       game=st.sampled_from(GAMES))
@example(w=800, h=560, scale=175, game="invasion")
@example(w=800, h=560, scale=200, game="warigami")
@example(w=800, h=560, scale=190, game="tigers")
def test_every_setup_screen_draws_at_every_accepted_window_and_ui_scale(w, h, scale, game):
    from game.ui.main import make_app
    from game.ui.setup import SetupScene
    from tests.test_layout import check

    (config_dir() / "settings.json").write_text(json.dumps({"ui_scale": scale, "window": [w, h]}))
    app = make_app((w, h), headless=True)
    try:
        assert app.prefs.ui_scale == scale
        setup = SetupScene(app, registry.get(game))
        app.push(setup)
        app.frame([])
        for page in range(setup.n_pages):  # every page: inside the window, nothing on anything
            setup.show_page(page)
            check(app, f"{game} setup page {page + 1}")
        app.set_ui_scale(200 if scale < 200 else 175)  # changed while the screen is open
        app.frame([])
    finally:
        app.close()


@pytest.mark.parametrize("blocked", ["a file in the way", "the home is a file", "inside /proc"])
def test_a_data_folder_that_cannot_be_made_is_a_sentence_and_the_game_runs(blocked, tmp_path, monkeypatch):
    from game import paths
    from game.session import Session
    from game.ui.main import make_app

    wall = tmp_path / "wall"
    wall.write_text("x")
    home = {"a file in the way": wall / "home", "the home is a file": wall,
            "inside /proc": Path("/proc/paperwars-test-home")}[blocked]
    monkeypatch.setenv("PAPERWARS_HOME", str(home))
    monkeypatch.setattr(paths, "_fallback", None)
    app = make_app((1280, 800), headless=True)
    try:
        assert "cannot be made" in app.toast_text and "next start will not find" in app.toast_text
        app.frame([])
        sess = Session.new("amoeba", {}, 3, ["human", "human"])
        sess.submit(sess.state.legal_actions()[0])
        assert not sess.autosave_problem and latest_autosave().is_file()  # in the temporary folder
    finally:
        app.close()
        if paths._fallback is not None:
            import shutil

            shutil.rmtree(paths._fallback, ignore_errors=True)


def test_saving_a_drawn_space_field_on_a_full_disk_keeps_the_drawing_and_says_so(monkeypatch):
    import errno
    import math

    import pygame

    from game import levels
    from game.ui.main import make_app
    from game.ui.views.space_editor import SpaceFieldEditor

    def full(path: Any, data: Any, **how: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    app = make_app((1280, 800), headless=True)
    try:
        editor = SpaceFieldEditor(app, registry.get("space"))
        app.push(editor)
        app.frame([])
        pts = [editor.px((100 + 15 * math.cos(a / 10 * 2 * math.pi), 140 + 15 * math.sin(a / 10 * 2 * math.pi)))
               for a in range(11)]
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pts[0], rel=(0, 0), buttons=(0, 0, 0), touch=False),
                   pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pts[0], button=1, touch=False)])
        for p in pts[1:]:
            app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0), touch=False)])
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pts[-1], button=1, touch=False)])
        assert len(editor.rocks) == 1
        editor.name_entry.set_text("full disk")
        monkeypatch.setattr(levels, "write_atomic", full)
        assert not editor.save()
        assert "No space left" in editor.problem and "drawing is still here" in editor.problem
        assert len(editor.rocks) == 1
        app.frame([])
    finally:
        app.close()


# -- what the rules accept must be drawable (imported Invasion positions) -------------------

ROOM_NAMES = st.sampled_from(["a", "b", "c", "d", "x|y", "d:e", "zz", "A", "é", " ", "q"])
RECT_CHANGES = st.sampled_from(["keep", "zero height", "zero width", "inverted", "off the sheet", "negative",
                                "overlap"])


def _changed(rect: tuple[int, int, int, int], how: str) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = rect
    return {"keep": rect, "zero height": (x0, y0, x1, y0), "zero width": (x0, y0, x0, y1),
            "inverted": (x1, y1, x0, y0), "off the sheet": (x0, y0, x1 + 9, y1 + 9),
            "negative": (x0 - 4, y0 - 3, x1, y1), "overlap": (0, 0, 16, 11)}[how]


@settings(max_examples=60, deadline=None, derandomize=True, database=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(names=st.lists(ROOM_NAMES, min_size=3, max_size=3), changes=st.lists(RECT_CHANGES, min_size=3, max_size=3))
@example(names=["a", "b", "c"], changes=["zero height", "keep", "keep"])
@example(names=["a", "b", "c"], changes=["inverted", "keep", "keep"])
@example(names=["a", "x|y", "c"], changes=["keep", "keep", "keep"])
def test_an_imported_position_the_rules_accept_is_drawn(names, changes):
    from game.engine import IllegalAction
    from game.rules.invasion.actions import ImportText
    from game.rules.invasion.board import Board
    from game.rules.invasion.notation import export_text
    from game.session import Session
    from game.ui.main import make_app
    from game.ui.playing.scene import PlayScene
    from tests.invasion.helpers import play_state, three_rooms

    base = three_rooms().rooms
    rooms = {}
    for (old, rect), new, how in zip(sorted(base.items()), names, changes, strict=True):
        rooms[new] = _changed(rect, how)
    rename = dict(zip(sorted(base), names, strict=True))
    try:
        board = Board(rooms)
        s = play_state(board=board, heroes=((rename["a"], 0), (rename["b"], 0)), enemies=(rename["c"],),
                       vault=rename["b"], event_room=rename["c"])
        s.word, s.option = "crypt", "plain"
        text = export_text(s)
    except Exception:  # noqa: BLE001 - the generator could not even write such a position
        return
    app = make_app((1280, 800), headless=True)
    try:
        sess = Session.new("invasion", {}, 5, ["human"], autosave=False)
        scene = PlayScene(app, sess)
        app.push(scene)
        app.frame([])
        try:
            sess.submit(ImportText(text))
        except IllegalAction as exc:
            assert exc.rule == "I-W2" and "\n" not in exc.message
            return
        scene.view.resize(app.size) if hasattr(scene.view, "resize") else None
        app.frame([])  # accepted: it is drawn
        app.frame([])
    finally:
        app.close()


# -- levels: every field at every depth, through the setup screen ---------------------------

LEVEL_OF = {"amoeba": ("duel_ten", {"players": 2, "map": "level"}), "space": ("belt", {"field": "level"}),
            "tigers": ("forest_crossing", {}), "warigami": ("skirmish", {})}
ROOT = Path(__file__).resolve().parent.parent


def _leaves(data: Any, path: tuple = ()) -> list[tuple]:
    """Every path into a JSON tree (objects and lists too, not only the leaves)."""
    out = [path] if path else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += _leaves(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data[:4]):  # the first few items of each list stand for the rest
            out += _leaves(v, (*path, i))
    return out


def _set(data: Any, path: tuple, value: Any) -> None:
    for k in path[:-1]:
        data = data[k]
    data[path[-1]] = value


LEVEL_VALUES = st.sampled_from([{"x": 1}, "nan", "5", "", ["hill"], [], [1, 2, 3], None, True, -1, 0, 1e300, -1e300,
                                [[1, 2]] * 3, "a" * 300, {"kind": ["tank"]}])


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


@pytest.fixture
def one_window():
    """One app for all of a test's examples, as a player tries level after level in one
    session (an app per example spent most of the test's time opening and closing windows)."""
    from game.ui.main import make_app

    app = make_app((1280, 800), headless=True)
    yield app
    app.close()


@pytest.mark.parametrize("game", sorted(LEVEL_OF))
@settings(max_examples=40, deadline=None, derandomize=True, database=None, phases=[Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_every_level_field_at_every_depth_is_checked_with_a_sentence_naming_it(game, data, one_window):
    from game.engine import SettingsError
    from game.jsonio import FileProblem
    from game.ui.playing.scene import PlayScene
    from game.ui.setup import SetupScene

    level, extra = LEVEL_OF[game]
    level_data = json.loads((ROOT / "levels" / game / f"{level}.json").read_text())
    path = data.draw(st.sampled_from(_leaves(level_data)), label="field")
    value = data.draw(LEVEL_VALUES, label="value")
    old: Any = level_data
    for k in path:
        old = old[k]
    _set(level_data, path, value)
    folder = data_dir() / "levels" / game
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mine.json").write_text(json.dumps(level_data))
    app = one_window
    try:
        setup = SetupScene(app, registry.get(game))
        app.push(setup)
        setup.values.update({**extra, "level": "mine"})
        setup.resize(app.size)
        app.frame([])  # the setup screen's first frame with the level chosen
        started = setup.begin()
        app.frame([])
        if started:
            assert isinstance(app.top(), PlayScene)
            # text where a number stood (coordinates as text) is never accepted silently
            assert not (_is_number(old) and isinstance(value, str)), f"{path}: {value!r} accepted"
        else:
            assert setup.problem and "\n" not in setup.problem
            assert "could not handle" not in setup.problem, setup.problem
    except (FileProblem, SettingsError) as exc:
        assert "could not handle" not in str(exc)
    finally:
        while app.scenes:
            app.pop()  # the next example starts from an empty window, as the menu would


@pytest.mark.parametrize("game", sorted(LEVEL_OF))
def test_a_level_over_the_documented_2_MB_is_not_read(game):
    from game.levels import LevelError

    level, extra = LEVEL_OF[game]
    level_data = json.loads((ROOT / "levels" / game / f"{level}.json").read_text())
    level_data["description"] = "x" * 150_000
    folder = data_dir() / "levels" / game
    folder.mkdir(parents=True, exist_ok=True)
    text = json.dumps(level_data)
    (folder / "mine.json").write_text(text + " " * (2 * 1024 * 1024 + 10 - len(text)))
    with pytest.raises(LevelError) as info:
        registry.get(game).make_game({**extra, "level": "mine"})
    assert "too large" in str(info.value)


def test_units_stacked_on_one_spot_are_refused_by_name():
    from game.levels import LevelError

    level_data = json.loads((ROOT / "levels" / "tigers" / "forest_crossing.json").read_text())
    placed = [u for f in level_data["forces"] for u in f if "x" in u]
    if not placed:
        level_data["defender_edge"] = "south"
        for side, f in enumerate(level_data["forces"]):
            f[0].update({"x": 50.0, "y": 30.0 + 100 * side, "facing": 0.0})
        placed = [level_data["forces"][0][0]]
    twin = dict(placed[0])
    side = next(i for i, f in enumerate(level_data["forces"]) if placed[0] in f)
    level_data["forces"][side].append(twin)
    folder = data_dir() / "levels" / "tigers"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mine.json").write_text(json.dumps(level_data))
    with pytest.raises(LevelError) as info:
        registry.get("tigers").make_game({"level": "mine"})
    assert "stands on unit" in str(info.value)


# -- a bound for every loader and checker -----------------------------------------------------

@settings(max_examples=10, deadline=None, derandomize=True, database=None, phases=[Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(unit=st.sampled_from(["{}", "[]", "0", "[0.5]", '""', '{"a":1}', "null"]), extra=st.integers(1, 1000))
def test_a_file_of_more_values_than_any_paper_wars_file_is_refused_before_it_is_built(unit, extra, tmp_path):
    from game.jsonio import MAX_VALUES, FileProblem, read_json

    per = 1 + unit.count(",") + unit.count("[") + unit.count("{")
    n = MAX_VALUES // per + extra
    path = tmp_path / "many.json"
    path.write_text("[" + ",".join([unit] * n) + "]")
    with pytest.raises(FileProblem) as info:
        read_json(path, "save")
    assert "values" in str(info.value)


@settings(max_examples=15, deadline=None, derandomize=True, database=None, phases=[Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rooms=st.integers(27, 8000), size=st.integers(1, 3))
def test_an_imported_text_of_many_rooms_is_refused_before_any_geometry(rooms, size, monkeypatch):
    from game.engine import IllegalAction
    from game.rules.invasion import board
    from game.rules.invasion.actions import ImportText
    from game.rules.invasion.state import InvasionGame
    from tests.invasion.test_rules import _written

    laid_out = board.Board._compute_adj

    def no_geometry(self: Any) -> Any:
        if len(self.rooms) > len(board.LETTERS):
            raise AssertionError("the rooms were laid out before they were counted")
        return laid_out(self)

    text = _written()
    head, rest = text.split("rooms:\n", 1)
    lines = "".join(f"- {board.LETTERS[k % 26]}{k}: {k % 16} {k % 11} {k % 16 + size} {k % 11 + size}\n"
                    for k in range(rooms))
    text = head + "rooms:\n" + lines + rest[rest.index("walls:"):]
    state = InvasionGame().new_state(5)
    with monkeypatch.context() as patch, pytest.raises(IllegalAction) as info:
        patch.setattr(board.Board, "_compute_adj", no_geometry)
        state.apply(ImportText(text))
    assert info.value.rule == "I-W2" and "rooms" in info.value.message


@pytest.mark.parametrize("game,field,count", [("amoeba", "countries", 121), ("space", "asteroids", 1501),
                                              ("tigers", "terrain", 201)])
def test_a_level_holding_more_than_its_bound_is_refused_by_count(game, field, count):
    from game.levels import LevelError

    level, extra = LEVEL_OF[game]
    level_data = json.loads((ROOT / "levels" / game / f"{level}.json").read_text())
    level_data[field] = [level_data[field][0]] * count
    folder = data_dir() / "levels" / game
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mine.json").write_text(json.dumps(level_data))
    with pytest.raises(LevelError) as info:
        registry.get(game).make_game({**extra, "level": "mine"})
    assert f"{count:,}" in str(info.value) or str(count - 1) in str(info.value) or "at most" in str(info.value)


def test_a_game_never_writes_more_actions_than_a_record_may_hold():
    from game.engine import IllegalAction
    from game.records import MAX_ACTIONS
    from game.session import Session

    sess = Session.new("amoeba", {}, 3, ["human", "human"], autosave=False)
    before = sess.state.to_json()
    sess.record.actions.extend([{"type": "X"}] * MAX_ACTIONS)  # as if the game had run that long
    with pytest.raises(IllegalAction) as info:
        sess.submit(sess.state.legal_actions()[0])
    assert f"{MAX_ACTIONS:,}" in info.value.message
    assert sess.state.to_json() == before and len(sess.record.actions) == MAX_ACTIONS


@settings(max_examples=12, deadline=None, derandomize=True, database=None, phases=[Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(count=st.sampled_from([0, 10, 5_000, 25_000]), length=st.sampled_from([3, 40, 400, 5_000]),
       new_len=st.sampled_from([1, 12, 3_000]))
def test_I_S1_a_word_remembered_is_always_read_back(count, length, new_len):
    from game.rules.invasion.slots import MAX_WORDS_BYTES, load_used_words, remember_word

    path = data_dir() / "invasion-used-words.json"
    words = [_word(i, length) for i in range(count)]
    path.write_text(json.dumps({"format": "paperwars-invasion-words", "version": 1, "words": words}))
    raw = path.read_bytes()
    new = _word(10 ** 6 + count, new_len)
    if len(raw) > MAX_WORDS_BYTES:  # not a file this app reads: kept aside whole, never written over
        remember_word(path, new)
        assert path.with_name("invasion-used-words.damaged.json").read_bytes() == raw
        assert load_used_words(path) == [new]
        path.with_name("invasion-used-words.damaged.json").unlink()
        return
    for _ in range(2):  # written by the app, then written again from what it wrote
        remember_word(path, new)
        again = load_used_words(path)
        assert again and again[-1] == new
        new = _word(2 * 10 ** 6 + count, new_len)
