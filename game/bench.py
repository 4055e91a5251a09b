"""`paperwars bench`: figures, never assertions.  Frame time of the play scene at
1920x1080 (dummy driver, busiest standard level, computer vs computer), startup
time, engine throughput in random play, AI decision time, plus each ruleset's own.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import tempfile
import time
from typing import Any

from . import registry
from .engine import Chance
from .paths import self_command


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def startup_ms() -> float:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PAPERWARS_HOME=tempfile.mkdtemp(prefix="paperwars-bench-"))
    t0 = time.perf_counter()
    proc = subprocess.Popen(self_command("startup-probe"), stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("first-frame"):
            break
    elapsed = (time.perf_counter() - t0) * 1000
    proc.wait(timeout=30)
    return round(elapsed, 1)


def engine_rate(game_name: str, seconds: float) -> dict[str, float]:
    rs = registry.get(game_name)
    game = rs.make_game(rs.bench_level)
    rng = Chance(5)
    actions = games = 0
    t0 = time.perf_counter()
    state = game.new_state(1)
    while time.perf_counter() - t0 < seconds:
        if state.is_over():
            games += 1
            state = game.new_state(games + 1)
        state.apply(state.random_action(rng))
        actions += 1
    dt = time.perf_counter() - t0
    return {"engine_actions_per_s": round(actions / dt, 1), "random_games_per_s": round(games / dt, 3)}


def frame_times(game_name: str, frames: int) -> dict[str, float]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from .session import Session
    from .ui.app import App
    from .ui.scenes.play import PlayScene

    rs = registry.get(game_name)
    app = App((1920, 1080), headless=True)
    n = rs.make_game(rs.bench_level).num_players
    seats = [rs.default_ai] + ["random"] * (n - 1)
    session = Session.new(game_name, dict(rs.bench_level), 3, seats, autosave=False)
    scene = PlayScene(app, session)
    app.push(scene)
    agents = [rs.make_agent(k, session.state.game, 11 + i) for i, k in enumerate(seats)]
    times = []
    for _ in range(frames):
        st = session.state
        if not st.is_over() and not scene.view.busy():
            scene.submit(agents[st.current_player()].choose(st.clone()))  # untimed: the AI is not the frame
        t0 = time.perf_counter()
        app.ui.update(1 / 60)
        scene.view.update(1 / 60)
        app.draw()
        times.append((time.perf_counter() - t0) * 1000)
    app.close()
    return {"median": round(statistics.median(times), 2), "p99": round(_pct(times, 0.99), 2), "frames": frames}


def bench(game: str | None = None, quick: bool = False) -> dict[str, Any]:
    names = [game] if game else [rs.name for rs in registry.rulesets() if rs.view]
    out: dict[str, Any] = {"startup_ms": startup_ms(), "games": {}}
    from .selfplay import decision_times

    for name in names:
        rs = registry.get(name)
        fig: dict[str, Any] = {}
        fig.update(engine_rate(name, 0.5 if quick else 3.0))
        if rs.view:
            fig["frame_ms"] = frame_times(name, 60 if quick else 600)
        if "ai" in rs.agents:
            fig["ai_decision_ms"] = decision_times(name, "ai", 17, games=1, settings=rs.bench_level)
        if rs.bench_extra is not None and not quick:
            fig.update(rs.bench_extra())
        out["games"][name] = fig
    if game:
        out.update(out["games"][game])
        out["game"] = game
    return out
