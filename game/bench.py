"""`paperwars bench`: figures, never assertions.  Frame time of the play scene at
1920x1080 (dummy driver, busiest standard level, computer vs computer), startup
time, engine throughput in random play, AI decision time, idle CPU in a real
window (the menu and each game's board waiting for a person), plus each ruleset's own,
and the peak memory (the bench's own process and the worst cases' processes, game.worst).
"""

from __future__ import annotations

import os
import random
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


def warm_up(app: Any, scene: Any, frames: int = 60) -> None:
    """Draw the board for a second before timing it: its first frames fill the caches (the
    paper, the static board, the fonts' glyphs; the very first took 0.9 s in Invasion), and
    both frame figures are of a board a player has been looking at."""
    for _ in range(frames):
        app.ui.update(1 / 60)
        scene.view.update(1 / 60)
        app.draw()


def frame_times(game_name: str, frames: int) -> dict[str, float]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from .session import Session
    from .ui.app import App
    from .ui.playing.scene import PlayScene

    rs = registry.get(game_name)
    app = App((1920, 1080), headless=True)
    n = rs.make_game(rs.bench_level).num_players
    seats = [rs.default_ai] + ["random"] * (n - 1)
    session = Session.new(game_name, dict(rs.bench_level), 3, seats, autosave=False)
    scene = PlayScene(app, session)
    app.push(scene)
    agents = [rs.make_agent(k, session.state.game, 11 + i) for i, k in enumerate(seats)]
    warm_up(app, scene)
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


def thinking_frame_times(game_name: str, agent_kind: str, frames: int) -> dict[str, Any]:
    """Frame time while the computer thinks: the board drawn at 60 frames a second (a player
    moving the mouse) while ``agent_kind`` chooses in the window's worker, as PlayScene runs it."""
    import threading

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from .session import Session
    from .ui.app import App
    from .ui.playing.scene import PlayScene

    rs = registry.get(game_name)
    app = App((1920, 1080), headless=True)
    n = rs.make_game(rs.bench_level).num_players
    session = Session.new(game_name, dict(rs.bench_level), 3, ["human"] * n, autosave=False)
    scene = PlayScene(app, session)
    app.push(scene)
    probe, rng, length = session.state.clone(), random.Random(5), 0
    while not probe.is_over() and length < 5000:  # a random game's length ...
        probe.apply(probe.random_action(rng))
        length += 1
    rng = random.Random(5)
    for _ in range(length // 3):  # ... and a third of it played: a position in the middle game
        scene.submit(session.state.random_action(rng))
    agent = rs.make_agent(agent_kind, session.state.game, 13)
    for _ in range(200):  # on to a position where the computer has something to think about
        if session.state.is_over():
            break
        t0 = time.perf_counter()
        agent.choose(session.state.clone())
        if time.perf_counter() - t0 > 0.05:
            break
        scene.submit(session.state.random_action(rng))
    snapshot = session.state.clone()
    warm_up(app, scene)
    done = threading.Event()
    decisions = [0]

    def think() -> None:
        while not done.is_set():
            agent.choose(snapshot.clone())
            decisions[0] += 1

    worker = threading.Thread(target=think, daemon=True)
    worker.start()
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        app.ui.update(1 / 60)
        scene.view.update(1 / 60)
        app.draw()
        spent = time.perf_counter() - t0
        times.append(spent * 1000)
        time.sleep(max(0.0, 1 / 60 - spent))
    done.set()
    worker.join()
    app.close()
    return {"agent": agent_kind, "median": round(statistics.median(times), 2), "p99": round(_pct(times, 0.99), 2),
            "frames": frames, "decisions_meanwhile": decisions[0]}


IDLE_SECONDS = 10.0
IDLE_WARMUP = 6.0  # past the 5 s settle period after the scene opens: the window as it rests


def idle_child(target: str, seconds: float = IDLE_SECONDS, warmup: float = IDLE_WARMUP) -> None:
    """Run in a subprocess with a real display: open the menu (``target`` "menu") or a board of
    that game with every seat a person, let nobody touch it, print the CPU share of one core."""
    import threading

    import pygame

    from .ui.main import make_app

    app = make_app()
    if target != "menu":
        from .session import Session
        from .ui.playing.scene import PlayScene

        rs = registry.get(target)
        n = rs.make_game({}).num_players
        app.push(PlayScene(app, Session.new(target, {}, 5, ["human"] * n, autosave=False)))
    out: dict[str, float] = {}

    def watch() -> None:
        time.sleep(warmup)
        c0, t0 = time.process_time(), time.monotonic()
        time.sleep(seconds)
        out["pct"] = 100 * (time.process_time() - c0) / (time.monotonic() - t0)
        app.running = False
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=watch, daemon=True).start()
    app.run()
    print(f"idle-cpu {out.get('pct', -1.0):.2f}", flush=True)


def _display() -> tuple[str, subprocess.Popen[bytes] | None]:
    """The DISPLAY to measure in: the one we run under, else a private Xvfb (stopped afterwards)."""
    if os.environ.get("DISPLAY"):
        return os.environ["DISPLAY"], None
    r, w = os.pipe()
    try:
        xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                                pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError:
        os.close(r)
        os.close(w)
        return "", None
    os.close(w)
    with os.fdopen(r) as f:
        number = f.readline().strip()
    if not number:
        xvfb.kill()
        return "", None
    return f":{number}", xvfb


def idle_cpu_pct(names: list[str]) -> dict[str, Any]:
    """CPU time over 10 s while nobody touches the window, as % of one core: the menu and a
    board of each game waiting for a person, each in a fresh process with a real X window."""
    display, xvfb = _display()
    if not display:
        return {"skipped": "no DISPLAY and no Xvfb to start"}
    out: dict[str, Any] = {"display": display, "seconds": IDLE_SECONDS}
    try:
        for target in ["menu", *names]:
            env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
            env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy",
                       PAPERWARS_HOME=tempfile.mkdtemp(prefix="paperwars-idle-"))
            proc = subprocess.run(self_command("idle-probe", target),
                                  capture_output=True, text=True, env=env, timeout=IDLE_SECONDS + 60)
            line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("idle-cpu")), "")
            out[target] = float(line.split()[1]) if line else f"failed: {proc.stderr.strip()[-200:]}"
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(timeout=10)
    return out


def bench(game: str | None = None, quick: bool = False, iterations: int | None = None) -> dict[str, Any]:
    """Every figure of ``paperwars bench``; ``iterations`` fixes the searching players' effort in
    place of their clocks (their decision and turn times then say what that effort costs here)."""
    names = [game] if game else [rs.name for rs in registry.rulesets() if rs.view]
    out: dict[str, Any] = {"startup_ms": startup_ms(), "games": {}}
    from .selfplay import decision_times

    for name in names:
        rs = registry.get(name)
        fig: dict[str, Any] = {}
        fig.update(engine_rate(name, 0.5 if quick else 3.0))
        if rs.view:
            fig["frame_ms"] = frame_times(name, 60 if quick else 600)
        strongest = registry.strongest(rs)
        if strongest != "random":  # the strongest level's decisions (Hard's where the game has it)
            fig["ai_decision_ms"] = {"agent": strongest,
                                     **decision_times(name, strongest, 17, games=1, settings=rs.bench_level,
                                                     iterations=iterations)}
            if rs.view:
                fig["frame_ms_while_thinking"] = thinking_frame_times(name, strongest, 60 if quick else 300)
        if rs.bench_extra is not None and not quick:
            fig.update(rs.bench_extra())
        out["games"][name] = fig
    if not quick:  # every loader and checker fed its worst file (issue 33), each in a fresh process
        from .worst import worst_inputs

        out["worst_inputs"] = worst_inputs()
    if not quick:  # ten seconds a screen: only in the full bench
        known = [n for n in names if n in {rs.name for rs in registry.rulesets()[:len(registry.KNOWN)]}]
        out["idle_cpu_pct"] = idle_cpu_pct(known)
    from .worst import MAX_MB, peak_mb

    # the most memory: this process (every board drawn at 1920x1080) and each worst case's own process
    worst_peaks = {k: v["peak_mb"] for k, v in out.get("worst_inputs", {}).items() if isinstance(v, dict)}
    out["peak_mb"] = {"bench": round(peak_mb()), "limit": MAX_MB,
                      **({"worst_case": max(worst_peaks.values()),
                          "worst_case_of": max(worst_peaks, key=worst_peaks.__getitem__)} if worst_peaks else {})}
    if game:
        out.update(out["games"][game])
        out["game"] = game
    return out
