"""`paperwars smoke`: open every scene headless and play a short computer game of every game."""

from __future__ import annotations

import os
import sys
import tempfile
import time

MAX_FRAMES = 4000
#: The menu's buttons in English: started in another language (PAPERWARS_LANG), none may read so.
MENU_ENGLISH = frozenset({"Continue", "Load game", "Play online", "Settings", "Quit", "Credits"})


def smoke(verbose: bool = True, computer: str | None = None, max_frames: int = MAX_FRAMES, games: bool = True) -> int:
    """``computer``: the level in seat 0 (default: each game's own default level; the others
    are "random"); ``max_frames``: how long each game may play (the suite's check plays less);
    ``games=False``: open the scenes only.  Started in another language than English, the menu
    must not show its English words (the bundles' check that they carry the catalogs)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if "PAPERWARS_HOME" not in os.environ:  # never touch the player's own saves
        os.environ["PAPERWARS_HOME"] = tempfile.mkdtemp(prefix="paperwars-smoke-")
    from . import registry
    from .session import Session
    from .ui.main import make_app

    def say(msg: str) -> None:
        if verbose:
            print(msg, flush=True)

    t0 = time.perf_counter()
    app = make_app((1280, 800), headless=True)
    app.frame([])
    from . import i18n

    lang = i18n.language()
    shown = [str(getattr(b, "text", "")) for b in getattr(app.top(), "buttons", {})]
    if lang != "en" and set(shown) & MENU_ENGLISH:  # the bundle lost its catalogs, or the menu its words
        print(f"smoke: the menu is not in {lang}: {', '.join(shown)}", flush=True)
        app.close()
        return 1
    say(f"menu: ok ({lang}: {', '.join(shown)})")
    app.push("settings")
    app.frame([])
    app.pop()
    say("settings: ok")
    app.push("load")
    app.frame([])
    app.pop()
    say("load game: ok")
    app.top().press("credits")  # type: ignore[union-attr]  # the menu's Credits button
    app.frame([])
    app.pop()
    say("credits: ok")
    shelf = [rs for rs in registry.rulesets() if rs.view]
    for rs in shelf:
        setup = app.push("setup", rs)
        app.frame([])
        if rs.editor:
            setup.open_editor()  # the game's editor, as its button on the setup screen opens it
            app.frame([])
            app.frame([])
            app.pop()
            say(f"{rs.name}: {rs.editor_label.lower()} ok")
        app.pop()
        if not games:
            say(f"{rs.name}: setup ok")
            continue
        game = rs.make_game(rs.bench_level)
        seats = [(computer or rs.default_ai) if i == 0 else "random" for i in range(game.num_players)]
        session = Session.new(rs.name, dict(rs.bench_level), 7, seats, autosave=False)
        play = app.push("play", session)
        frames = 0
        while frames < max_frames and not session.state.is_over():
            app.frame([], 1 / 30)
            frames += 1
        app.frame([])
        over = session.state.is_over()
        for name, *args in (("pause", play), ("rules", rs), ("cover", play, 0)):
            app.push(name, *args)
            app.frame([])
            app.pop()
        if over and not app.top_is("gameover"):
            app.push("gameover", play)
            app.frame([])
        result = session.state.result()
        say(f"{rs.name}: setup ok, {len(session.record.actions)} actions in {frames} frames, "
            f"{'finished: ' + result.text if result else 'stopped while running: ' + session.state.status()}")
        app.reset_to("menu")
        app.frame([])
    app.close()
    say(f"smoke: {len(shelf)} games, all scenes opened, {time.perf_counter() - t0:.1f} s")
    return 0


def strongest(verbose: bool = True, seed: int = 1) -> int:
    """Play every shipped map and scenario of every game to the end with the strongest computer
    level in every seat (rules only, no window): each must end, and say how."""
    from . import registry
    from .registry import strongest as strongest_agent
    from .selfplay import LIMIT_WORDS, level_settings, play_game

    t0 = time.perf_counter()
    failed = 0
    limited = played = 0
    for rs in registry.rulesets():
        agent = strongest_agent(rs)
        for name, settings in level_settings(rs):
            if rs.name == "invasion":
                settings = {**settings, "invaders": "hard"}
            n = rs.make_game(settings).num_players
            t1 = time.perf_counter()
            times: list[float] = []
            try:
                state = play_game(rs.name, [agent] * n, seed, settings, timings=times, timed_agent=agent)
            except Exception as exc:  # noqa: BLE001 - reported, the other levels still run
                failed += 1
                print(f"{rs.name} {name}: FAILED: {exc}", flush=True)
                continue
            res = state.result()
            text = res.text if res else "no result"
            by_limit = any(w in text.lower() for w in LIMIT_WORDS)
            played += 1
            limited += by_limit
            if verbose:
                slowest = max(times, default=0.0)
                print(f"{rs.name} {name}: {agent} x{n}, {len(times)} decisions (slowest {slowest:.2f} s), "
                      f"{time.perf_counter() - t1:.0f} s: {text}{' (limit)' if by_limit else ''}", flush=True)
    print(f"smoke --strongest: {played} games ended, {failed} failed, {limited} ended by a limit, "
          f"{time.perf_counter() - t0:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(smoke())
