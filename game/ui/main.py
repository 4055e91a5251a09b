"""Start the windowed game."""

from __future__ import annotations

import sys
import time

from ..msg import M
from .app import App
from .widgets import said


def make_app(size: tuple[int, int] | None = None, headless: bool = False) -> App:
    from ..paths import ensure_folders
    from ..saves import clean_stale_temps
    from .palette import apply_palette

    folders = ensure_folders()  # a read-only home: a sentence and a temporary folder, not a crash
    clean_stale_temps()  # left by a kill during an autosave
    app = App(size, headless)
    if folders:
        # TRANSLATORS: two sentences shown together: about the folders, then about the settings file.
        app.toast(M("{first} {second}", first=said(folders), second=said(app.toast_text)) if app.toast_text
                  else folders, 12)
    apply_palette(app.prefs.palette)
    app.push("menu")
    return app


def run() -> int:
    app = make_app()
    app.run()
    return 0


def join(url: str, room: str, seats: list, watch: bool = False, on_token=None,  # type: ignore[no-untyped-def]
         size: tuple[int, int] | None = None) -> int:
    """`paperwars join`: the window opens straight into a room on a server (Back leads to the menu)."""
    from .online.rooms import join_scene

    app = make_app(size)
    app.push(join_scene(app, url, room, seats, watch, on_token))
    app.run()
    return 0


def watch(path: str) -> int:
    """`paperwars replay FILE --watch`: the replay viewer in a window (Menu leads to the main menu)."""
    from pathlib import Path

    from ..jsonio import FileProblem
    from ..saves import load_any

    try:
        record = load_any(Path(path))
    except FileProblem as exc:
        print(f"paperwars replay: {Path(path).name}: {exc}", file=sys.stderr)
        return 2
    app = make_app()
    app.push("replay", record)
    app.run()
    return 0


def startup_probe() -> int:
    """Open the window, draw the first menu frame, say so, quit (bench measures the wall time)."""
    t0 = time.perf_counter()
    app = make_app()
    app.frame([])
    import pygame

    pygame.display.flip()
    print(f"first-frame {1000 * (time.perf_counter() - t0):.1f}", flush=True)
    sys.stdout.flush()
    app.close()
    return 0
