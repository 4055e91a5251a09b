"""Worst inputs (issues 33 and 46): every loader and checker fed the worst file it can be given
under its size limit, a Tigers game on the largest scenario the level check allows, and every
screen at the largest window the settings allow (and at six window sizes), each in a fresh
process, timed and weighed (peak resident memory).  The bounds: 2 s a loader, 1 s a click or a
frame in play and on the screens (processor time: the clock's time is said beside it, and on a
busy machine is longer), 500 MB a case.  ``paperwars bench`` runs it; on its own:

    python -m game.worst            # every case, one line each
    python -m game.worst CASE       # one case in this process (what the bench's children run)

Figures, never assertions: the bench reports them; the tests pin the limits themselves.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

MAX_SECONDS = 2.0
#: A click or a frame (the cases that play or draw report their slowest step).
MAX_STEP_SECONDS = 1.0
MAX_MB = 500.0


def _home() -> Path:
    return Path(os.environ["PAPERWARS_HOME"])


def _level(game: str, data: Any, limit: int) -> None:
    """Write ``data`` as the user level 'worst', padded to just under ``limit`` bytes."""
    folder = _home() / "data" / "levels" / game
    folder.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data)
    if len(text) > limit:
        raise SystemExit(f"the worst {game} level is {len(text):,} bytes, over {limit:,}")
    (folder / "worst.json").write_text(text + " " * (limit - 1 - len(text)), encoding="utf-8")


def _ring(x0: float, y0: float, x1: float, y1: float, per_side: int) -> list[list[float]]:
    """A rectangle's outline with ``per_side`` points on each side (a heavy but valid polygon)."""
    pts: list[list[float]] = []
    for (ax, ay), (bx, by) in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
        pts += [[round(ax + (bx - ax) * k / per_side, 2), round(ay + (by - ay) * k / per_side, 2)]
                for k in range(per_side)]
    return pts


def _circle(cx: float, cy: float, r: float, n: int) -> list[list[float]]:
    return [[round(cx + r * math.cos(2 * math.pi * k / n), 2), round(cy + r * math.sin(2 * math.pi * k / n), 2)]
            for k in range(n)]


# -- the cases: (build the files, run the loader) -----------------------------------------

def amoeba_map() -> Callable[[], Any]:
    from .levels import MAX_LEVEL_BYTES
    from .rules.amoeba.geometry import MAX_COUNTRIES, MAX_MAP_POINTS, PAPER_H, PAPER_W

    cols, rows = 12, MAX_COUNTRIES // 12
    per_side = MAX_MAP_POINTS // (4 * MAX_COUNTRIES)
    cw, ch = (PAPER_W - 20) / cols, (PAPER_H - 20) / rows
    countries = [[_ring(10 + c * cw, 10 + r * ch, 10 + (c + 1) * cw, 10 + (r + 1) * ch, per_side)]
                 for r in range(rows) for c in range(cols)]
    _level("amoeba", {"format": "amoeba-map", "countries": countries}, MAX_LEVEL_BYTES)
    from .rules.amoeba.geometry import load_map

    return lambda: load_map("worst")


def space_field() -> Callable[[], Any]:
    from .levels import MAX_LEVEL_BYTES
    from .rules.space.fields import MAX_ASTEROIDS, field_sheet, load_field
    from .rules.space.geometry import HANGAR_DEPTH, PAPERS

    w, h = PAPERS["letter"]
    rocks: list[list[list[float]]] = []
    step = 5.0
    y = HANGAR_DEPTH + 6
    while y < h - HANGAR_DEPTH - 6 and len(rocks) < MAX_ASTEROIDS:
        x = 6.0
        while x < w - 6 and len(rocks) < MAX_ASTEROIDS:
            rocks.append(_circle(x, y, 2.2, 60))
            x += step
        y += step
    _level("space", {"title": "worst", "paper": "letter", "asteroids": rocks}, MAX_LEVEL_BYTES)
    return lambda: load_field("worst", field_sheet("letter"))


def tigers_scenario() -> Callable[[], Any]:
    """The scenario check on a file at every bound at once (see _tigers_worst_level)."""
    from .rules.tigers.scenario import MAX_PIECE_POINTS, load_scenario

    _tigers_worst_level(MAX_PIECE_POINTS)
    return lambda: load_scenario("worst")


def _tigers_worst_level(points: int) -> None:
    """The user level 'worst': every documented bound of a scenario at once (the largest table,
    the most terrain pieces with ``points`` points each, the most units a side, all placed)."""
    from .levels import MAX_LEVEL_BYTES
    from .rules.tigers.scenario import MAX_PIECES, MAX_TABLE, MAX_UNITS

    w, h = MAX_TABLE
    n = math.ceil(math.sqrt(MAX_PIECES))
    step_x, step_y = (w - 20) / n, (h - 120) / n
    r = min(step_x, step_y) * 0.4
    pieces = [{"kind": ("woods", "hill", "building")[i % 3],
               "points": _circle(10 + step_x * (i % n + 0.5), 60 + step_y * (i // n + 0.5), r, points)}
              for i in range(MAX_PIECES)]
    per_row = int((w - 10) // 12)
    forces = [[{"kind": ("infantry", "tank", "gun", "halftrack")[i % 4], "x": 6 + (i % per_row) * 12,
                "y": (8 + (i // per_row) * 14) if side == 0 else (h - 8 - (i // per_row) * 14), "facing": 180 * side}
               for i in range(MAX_UNITS)] for side in (0, 1)]
    _level("tigers", {"title": "worst", "table": [w, h], "attacker": 0, "defender_edge": "north",
                      "terrain": pieces, "forces": forces}, MAX_LEVEL_BYTES)


def tigers_played() -> Callable[[], Any]:
    """A game on the largest scenario the level check allows: the new game, a hundred random moves
    (each a click), Continue (the record replayed), and the board drawn at 1920x1080 (its first
    frame and the frames after moves).  Its time is the slowest of those steps."""
    from .levels import MAX_LEVEL_BYTES
    from .rules.tigers.scenario import MAX_PIECE_POINTS, MAX_PIECES

    points = MAX_PIECE_POINTS
    while points > 8 and MAX_PIECES * points * 16 > MAX_LEVEL_BYTES * 0.9:  # as many as the file holds
        points -= 8
    _tigers_worst_level(points)
    from . import registry
    from .engine import Chance
    from .records import Record
    from .session import Session
    from .ui.main import make_app
    from .ui.playing.scene import PlayScene
    from .ui.view import load_view_class

    registry.rulesets()  # imported before the clock starts: the game is timed, not the imports
    load_view_class(registry.get("tigers").view)

    def run() -> Any:
        steps: list[tuple[float, str, float]] = []

        def timed(what: str, fn: Callable[[], Any]) -> Any:
            t0, c0 = time.perf_counter(), time.process_time()
            out = fn()
            steps.append((time.perf_counter() - t0, what, time.process_time() - c0))
            return out

        sess = timed("the new game", lambda: Session.new("tigers", {"level": "worst"}, 3, ["human", "human"],
                                                         autosave=False))
        rng = Chance(7)
        for _ in range(100):
            if sess.state.is_over():
                break
            timed("a move", lambda: sess.submit(sess.state.random_action(rng)))
        record = Record.from_json(sess.record.to_json(), "worst")
        again = timed(f"Continue ({len(record.actions)} actions)", lambda: Session(record, autosave=False))
        app = make_app((1920, 1080), headless=True)
        try:
            scene = PlayScene(app, again)
            timed("the board's first frame", lambda: (app.push(scene), app.frame([])))
            for _ in range(10):
                if again.state.is_over():
                    break
                timed("a move on the board", lambda: scene.submit(again.state.random_action(rng)))
                for _ in range(3):
                    timed("a frame after a move", lambda: app.frame([], 1 / 30))
        finally:
            app.close()
        wall, what, cpu = max(steps, key=lambda st: st[2])
        return f"{points}-point pieces; slowest: {what}, {cpu:.2f} s of processor time ({wall:.2f} s on the clock)", cpu

    return run


def warigami_map() -> Callable[[], Any]:
    from .levels import MAX_LEVEL_BYTES
    from .rules.warigami.board import MAX_SIDE, load_board

    rows = ["1" * 3 + "#." * ((MAX_SIDE - 6) // 2) + "2" * 3 for _ in range(MAX_SIDE)]
    _level("warigami", {"name": "worst", "rows": rows}, MAX_LEVEL_BYTES)
    return lambda: load_board("worst")


def invasion_import() -> Callable[[], Any]:
    """The imported-position check at the text limit: 26 rooms (the most a sheet has) and
    tokens up to 200 KB."""
    from .engine import Chance
    from .rules.invasion.actions import ImportText
    from .rules.invasion.board import HEIGHT, LETTERS, Board
    from .rules.invasion.notation import MAX_TOKENS
    from .rules.invasion.state import Enemy, Hero, InvasionGame, InvasionState

    b = Board({LETTERS[i]: (i * 16 // 26 if i else 0, 0, (i + 1) * 16 // 26, HEIGHT) for i in range(26)
               if (i + 1) * 16 // 26 > (i * 16 // 26)})
    rooms = {k: v for k, v in b.rooms.items()}
    s = InvasionState(InvasionGame(), Chance(1), fresh=False)
    s.board = Board(rooms)
    s.slots, s.phase, s.round, s.word, s.option = (3, 1, 1, 1, 9, 1), "heroes", 1, "crypt", "plain"
    names = sorted(rooms)
    for i in range((MAX_TOKENS - 2) // 2):
        s.heroes[s._new_id()] = Hero(0, names[i % len(names)])
        s.enemies[s._new_id()] = Enemy(names[(i + 1) % len(names)])
    s.vault, s.event_room = names[0], names[-1]
    text = s.as_text()
    game = InvasionGame()

    def run() -> Any:
        try:
            game.new_state(5).apply(ImportText(text))
        except Exception as exc:  # noqa: BLE001 - a refusal is an answer too
            return f"{type(exc).__name__}: {exc}"
        return "accepted"

    return run


def invasion_import_many_rooms() -> Callable[[], Any]:
    """A 200 KB text of rooms (the adversarial pass's cubic case)."""
    from .engine import Chance
    from .rules.invasion.actions import ImportText
    from .rules.invasion.board import Board
    from .rules.invasion.state import InvasionGame, InvasionState

    s = InvasionState(InvasionGame(), Chance(1), fresh=False)
    s.board, s.slots, s.phase, s.round, s.word = Board(), (3, 1, 1, 1, 9, 1), "build", 1, "crypt"
    head, rest = s.as_text().split("rooms:\n", 1)
    lines = []
    k = 0
    while len(head) + sum(map(len, lines)) < 190_000:
        lines.append(f"- r{k}: {k % 16} {k % 11} {k % 16 + 1} {k % 11 + 1}\n")
        k += 1
    text = head + "rooms:\n" + "".join(lines) + rest[rest.index("walls:"):]

    def run() -> Any:
        try:
            InvasionGame().new_state(5).apply(ImportText(text))
        except Exception as exc:  # noqa: BLE001
            return f"{type(exc).__name__}: {exc}"
        return "accepted"

    return run


def _record_file(payload: str) -> Path:
    """A save as large as the reader takes: 16 MB, or as many copies of ``payload`` as stay
    under the value limit (the heavier of the two)."""
    from .jsonio import MAX_BYTES, MAX_VALUES

    path = _home() / "worst-save.json"
    head = '{"format": "paperwars-save", "version": 2, "title": "w", "record": {"format": "paperwars-record", ' \
           '"version": 1, "game": "amoeba", "rules_version": "2", "settings": {}, "seed": 1, "actions": ['
    tail = "]}}"
    unit = payload
    n = (MAX_BYTES - 1 - len(head) - len(tail)) // (len(unit) + 1)
    per = 1 + unit.count(",") + unit.count("[") + unit.count("{")
    n = min(n, (MAX_VALUES - 20) // per)
    path.write_text(head + ",".join([unit] * n) + tail, encoding="utf-8")
    return path


def _loading(path: Path) -> Callable[[], Any]:
    """Loading the save at ``path``: its refusal's first words, or "loaded"."""
    from .saves import SaveError, load_save

    def run() -> Any:
        try:
            load_save(path)
        except SaveError as exc:
            return str(exc)[:60]
        return "loaded"

    return run


def save_of_small_objects() -> Callable[[], Any]:
    """16 MB of the smallest objects JSON has (the most Python objects a file can make)."""
    return _loading(_record_file("{}"))


def save_of_numbers() -> Callable[[], Any]:
    from .saves import save_summary

    path = _record_file("[0.5]")
    return lambda: save_summary(path)[1][:60] or "listed"


def save_of_texts() -> Callable[[], Any]:
    from .saves import save_summary

    path = _record_file('"' + "x" * 199_990 + '"')
    return lambda: save_summary(path)[1][:60] or "listed"


def save_nested() -> Callable[[], Any]:
    from .jsonio import MAX_BYTES

    path = _home() / "worst-deep.json"
    n = (MAX_BYTES - 2) // 2
    path.write_text("[" * n + "]" * n, encoding="utf-8")
    return _loading(path)


def used_words() -> Callable[[], Any]:
    from .engine import Chance
    from .rules.invasion.slots import MAX_WORDS_BYTES, WORDS_FILE, load_used_words, seeded_word
    from .session import player_profile

    words = []
    size = 0
    i = 0
    while size < MAX_WORDS_BYTES - 100:
        w = "".join(chr(65 + (i // 26 ** k) % 26) for k in range(6))
        words.append(w)
        size += len(w) + 4
        i += 1
    path = _home() / "data" / WORDS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"words": words[: -20]}), encoding="utf-8")

    from . import registry

    registry.rulesets()  # imported before the clock starts: the reader is timed, not the imports

    def run() -> Any:
        used = set(load_used_words(path))
        profile = player_profile("invasion")
        from .rules.invasion.state import InvasionGame

        game = InvasionGame(profile)
        seeded_word(Chance(1), "Ghosts", used=game.used_words)
        return f"{len(used):,} words"

    return run


def settings_file() -> Callable[[], Any]:
    from .ui.prefs import MAX_BYTES, MAX_GAMES, MAX_KEYS, Prefs

    defaults = {f"g{i}": {"settings": {f"k{j}": "v" * 200 for j in range(MAX_KEYS)}, "seats": ["human"] * 16}
                for i in range(MAX_GAMES)}
    path = _home() / "config" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"defaults": defaults})
    path.write_text(text[: MAX_BYTES - 1] if len(text) < MAX_BYTES else json.dumps({"pad": "x" * (MAX_BYTES - 20)}))
    return lambda: Prefs.load().problem[:60] or "loaded"


def campaign_file() -> Callable[[], Any]:
    from .rules.tigers.campaign import MAX_BATTLES, MAX_CAMPAIGN_BYTES, campaign_path, load_running

    names = ["B" * 24, "O" * 24]
    results = [{"level": "x", "vp": [i % 7, 3], "key": f"k{i}", "names": names} for i in range(MAX_BATTLES)]
    text = json.dumps({"format": "paperwars-tigers-campaign", "version": 1, "names": names,
                       "battles": MAX_BATTLES, "results": results})
    path = campaign_path()
    path.write_text(text if len(text) < MAX_CAMPAIGN_BYTES else text[:MAX_CAMPAIGN_BYTES - 1])
    return lambda: load_running().summary()[:40]


# -- the largest window and the most window sizes: every screen drawn --------------------------

def _screens(app: Any) -> list[Callable[[], Any]]:
    """Every screen of the app, each as a function that makes it (the menu's, each game's setup,
    rules page, board with a few moves played, editor; load, settings, online, credits, campaign)."""
    from . import registry
    from .engine import Chance
    from .session import Session

    def board(rs: Any) -> Any:
        n = rs.make_game({}).num_players
        sess = Session.new(rs.name, {}, 5, ["human"] * n, autosave=False)
        rng = Chance(3)
        for _ in range(12):
            if sess.state.is_over():
                break
            sess.submit(sess.state.random_action(rng))
        return app.make("play", sess)

    out: list[Callable[[], Any]] = [lambda: app.make("menu"), lambda: app.make("load"), lambda: app.make("settings"),
                                    lambda: app.make("online"), lambda: app.make("credits")]
    for rs in registry.rulesets()[:len(registry.KNOWN)]:
        out += [lambda rs=rs: app.make("setup", rs), lambda rs=rs: app.make("rules", rs), lambda rs=rs: board(rs)]
        if rs.editor:
            out.append(lambda rs=rs: app.make(rs.editor, rs))
    out.append(lambda: app.make("game.ui.views.tigers_campaign:TigersCampaignScene"))
    return out


def _tour(app: Any, frames: int = 3) -> tuple[float, str]:
    """Every screen opened and drawn ``frames`` times: the slowest frame (processor seconds, opening
    the screen included) and which screen it was."""
    import pygame

    from .ui.shell.registry import scene_class

    MenuScene = scene_class("menu")
    slowest, where = 0.0, ""
    for make in _screens(app):
        t0 = time.process_time()
        app.reset_to(MenuScene(app))
        scene = make()
        if not isinstance(scene, MenuScene):
            app.push(scene)
        name = type(scene).__name__ + (f" {scene.rs.name}" if hasattr(scene, "rs") else "") + \
            (f" {scene.session.record.game}" if hasattr(scene, "session") else "")
        for k in range(frames):
            app.frame(pygame.event.get(), 1 / 30)  # what the window's loop gets (the widgets' own events)
            spent = time.process_time() - t0
            if spent > slowest:
                slowest, where = spent, f"{name}{', opening' if k == 0 else ''}"
            t0 = time.process_time()
    return slowest, where


def window_largest() -> Callable[[], Any]:
    """The largest window the settings allow (3840x2400) at the largest UI scale (200%)."""
    from .ui.prefs import MAX_WINDOW

    def run() -> Any:
        from .ui.main import make_app

        app = make_app(MAX_WINDOW, headless=True)
        try:
            app.set_ui_scale(200)
            slowest, where = _tour(app)
        finally:
            app.close()
        said = f"every screen at {MAX_WINDOW[0]}x{MAX_WINDOW[1]}, 200%: slowest frame {slowest:.2f} s of processor time"
        return f"{said} ({where})", slowest

    return run


#: The window sizes dragged through (the smallest and largest allowed, and four between).
SIZES = [(800, 560), (1280, 800), (1920, 1080), (2560, 1440), (3440, 1440), (3840, 2400)]


def window_sizes() -> Callable[[], Any]:
    """Every screen at six window sizes in turn, at 175%: the caches that follow the window."""

    def run() -> Any:
        from .ui.main import make_app

        app = make_app(SIZES[0], headless=True)
        slowest, where = 0.0, ""
        try:
            app.set_ui_scale(175)
            for size in SIZES:
                app._resized(size)
                spent, name = _tour(app, 2)
                if spent > slowest:
                    slowest, where = spent, f"{name} at {size[0]}x{size[1]}"
        finally:
            app.close()
        said = f"every screen at {len(SIZES)} sizes, 175%: slowest frame {slowest:.2f} s of processor time"
        return f"{said} ({where})", slowest

    return run


CASES: dict[str, Callable[[], Callable[[], Any]]] = {
    "amoeba map (120 countries, 20,000 points)": amoeba_map,
    "space field (asteroids up to 2 MB)": space_field,
    "tigers scenario (every bound: pieces, points, units)": tigers_scenario,
    "tigers scenario played (every bound at once)": tigers_played,
    "warigami map (60 x 60)": warigami_map,
    "invasion import (26 rooms, 1,000 tokens)": invasion_import,
    "invasion import (200 KB of rooms)": invasion_import_many_rooms,
    "save of 500,000 values of {}": save_of_small_objects,
    "save of 500,000 values of [0.5] (load list)": save_of_numbers,
    "save of 16 MB of 200,000-letter texts": save_of_texts,
    "save nested 8 million deep": save_nested,
    "used words (1 MB, newest 20,000 used)": used_words,
    "settings (1 MB)": settings_file,
    "campaign (1,000 battles)": campaign_file,
    "the largest window (3840x2400 at 200%), every screen": window_largest,
    "six window sizes at 175%, every screen": window_sizes,
}


def run_case(name: str) -> tuple[float, float, str]:
    """Build the case's files, then time its loader; (seconds, peak MB, what it said)."""
    run = CASES[name]()
    t0 = time.perf_counter()
    said = run()
    seconds = time.perf_counter() - t0
    if isinstance(said, tuple):  # a case of many steps: the slowest step is its time
        said, seconds = said
    return seconds, peak_mb(), str(said)


def peak_mb() -> float:
    """This process's peak resident memory so far, in MB (on Linux, macOS and Windows)."""
    if sys.platform == "win32":
        import psutil

        return float(getattr(psutil.Process().memory_info(), "peak_wset", 0)) / 2 ** 20
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2 ** 20 if sys.platform == "darwin" else peak / 1024  # bytes on macOS, kB on Linux


#: The cases timed by their slowest click or frame (the others by their one load).
STEP_CASES = {"tigers scenario played (every bound at once)", "the largest window (3840x2400 at 200%), every screen",
              "six window sizes at 175%, every screen"}


def bound(name: str) -> float:
    return MAX_STEP_SECONDS if name in STEP_CASES else MAX_SECONDS


def worst_inputs() -> dict[str, Any]:
    """Every case in a fresh process (its own data folder): seconds and peak MB each."""
    out: dict[str, Any] = {"limit": f"{MAX_SECONDS:g} s a load, {MAX_STEP_SECONDS:g} s a click or frame, "
                                    f"{MAX_MB:g} MB"}
    import shutil

    for name in CASES:
        home = tempfile.mkdtemp(prefix="paperwars-worst-")
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PAPERWARS_HOME=home)
        try:
            proc = subprocess.run([sys.executable, "-m", "game.worst", name], capture_output=True, text=True,
                                  env=env, timeout=600)
        finally:
            shutil.rmtree(home, ignore_errors=True)  # the worst files are megabytes each
        line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("worst ")), "")
        if not line:
            out[name] = f"failed: {proc.stderr.strip()[-300:]}"
            continue
        _, seconds, mb, said = line.split(" ", 3)
        out[name] = {"s": round(float(seconds), 3), "peak_mb": round(float(mb)), "said": said,
                     "within": float(seconds) <= bound(name) and float(mb) <= MAX_MB}
    return out


def main(argv: list[str]) -> int:
    if argv:
        if "PAPERWARS_HOME" not in os.environ:  # never the player's own folders
            os.environ["PAPERWARS_HOME"] = tempfile.mkdtemp(prefix="paperwars-worst-")
        seconds, peak, said = run_case(argv[0])
        print(f"worst {seconds:.3f} {peak:.0f} {said.replace(chr(10), ' ')[:120]}", flush=True)
        return 0
    for name, fig in worst_inputs().items():
        print(f"{name:>45}: {fig}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
