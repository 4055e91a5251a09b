"""Warigami frame-time figures beyond `paperwars bench`: a person's turn on the huge map (at
1920x1080, and at 1024x600 where the board scrolls).

`paperwars bench` times computer-vs-computer frames.  This adds what only a person
causes: a selected unit showing its reachable squares, and the pointer sweeping over
enemy units so every frame draws a line of sight, the odds box and (for an RPG) the
splash squares.  Figures only, never assertions::

    SDL_VIDEODRIVER=dummy python -m game.ui.views.warigami_bench
"""

from __future__ import annotations

import json
import os
import statistics
import time
from typing import Any


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))] if s else 0.0


def hover_frame_times(frames: int = 600, level: str = "huge", units: int = 30,
                      size: tuple[int, int] = (1920, 1080)) -> dict[str, Any]:
    """Frame times at ``size`` while the pointer hovers targets of a selected unit (wall and CPU ms).
    On a window too small for the map (the huge map at 1024x600) the board scrolls to each target
    first, as a player does with the wheel, so every frame still draws the preview."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ...agents import RandomAgent
    from ...session import Session
    from ..app import App

    app = App(size, headless=True)
    session = Session.new("warigami", {"level": level, "units": units}, 5, ["human", "human"], autosave=False)
    builder = RandomAgent(session.state.game, 3)
    while session.state.phase in ("squad", "setup"):  # squads chosen and placed at random
        session.submit(builder.choose(session.state))
    scene = app.push("play", session)
    view = scene.view
    state = session.state
    # The seat that won the roll-off (W-T5) points at the other squad.
    me = state.current_player()
    mine = state.units_of(me)
    enemies = state.units_of(1 - me)
    app.frame([])
    shooter = max(mine, key=lambda u: u.x)
    view.selected = shooter.id
    targets = sorted(enemies, key=lambda u: abs(u.x - shooter.x) + abs(u.y - shooter.y))[:12]
    wall: list[float] = []
    cpu: list[float] = []
    previews = 0
    for i in range(frames):
        t = targets[i // 5 % len(targets)]  # a new target every 5 frames, as a sweeping pointer
        if i % 5 == 0:
            view.show_squares([t.sq])
        pos = tuple(int(v) for v in view.centre(t.sq))
        move = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
        t0, c0 = time.perf_counter(), time.thread_time()
        app.frame([move], 1 / 60)
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
        previews += view.hovered_shot() is not None
    app.close()
    return {"level": level, "units_per_side": units, "window": f"{size[0]}x{size[1]}",
            "scrolls": view.scrollable(), "frames": frames, "frames_with_preview": previews,
            "median": round(statistics.median(wall), 2), "p99": round(_pct(wall, 0.99), 2),
            "cpu_median": round(statistics.median(cpu), 2), "cpu_p99": round(_pct(cpu, 0.99), 2)}


if __name__ == "__main__":
    print(json.dumps({"hover_frame_ms": hover_frame_times(),
                      "hover_frame_ms_1024x600": hover_frame_times(size=(1024, 600))}, indent=1))
