"""Headless games between agents, written once against the engine interface."""

from __future__ import annotations

import statistics
import time
from collections.abc import Mapping
from typing import Any

from . import registry
from .engine import State

MAX_ACTIONS = 20000


def level_settings(rs: Any) -> list[tuple[str, dict[str, Any]]]:
    """Every shipped map or scenario of a game as settings (the game's defaults besides), or the
    defaults alone when the game has no levels."""
    from .levels import shipped_levels

    spec = next((st for st in rs.game_cls.settings_spec if st.kind == "level"), None)
    if spec is None:
        return [("default", {})]
    out = []
    for name in shipped_levels(rs.name):
        settings: dict[str, Any] = {spec.key: name}
        if spec.shown_when is not None:
            key, wanted = spec.shown_when
            settings[key] = wanted[0]
        out.append((name, settings))
    return out


#: Words of a result that say the game was stopped by a limit, not won on the table.
LIMIT_WORDS = ("limit", "stalemate", "no capture", "quiet", "held out for")


def play_game(game_name: str, seats: list[str], seed: int, settings: Mapping[str, Any] | None = None,
              timings: list[float] | None = None, timed_agent: str | None = None,
              iterations: int | None = None, turns: list[float] | None = None) -> State:
    """Play one game to the end; returns the final state.  ``iterations``: every searching
    agent's fixed effort in place of its clock (the same game on any machine, under any load).
    ``timings`` gets each decision of ``timed_agent`` (seconds), ``turns`` each of its whole turns:
    the decisions one seat makes in a row (a Warigami or Tigers turn is many)."""
    rs = registry.get(game_name)
    game = rs.make_game(settings)
    state = game.new_state(seed)
    agents = [rs.make_agent(name, game, seed * 31 + i, iterations) for i, name in enumerate(seats)]
    turn_seat, turn_time = -1, 0.0
    for _ in range(MAX_ACTIONS):
        if state.is_over():
            if turns is not None and turn_seat >= 0:
                turns.append(turn_time)
            return state
        seat = state.current_player()
        agent = agents[seat % len(agents)]
        t0 = time.perf_counter()
        action = agent.choose(state.clone())
        took = time.perf_counter() - t0
        if agent.name == timed_agent:
            if timings is not None:
                timings.append(took)
            if turns is not None:
                if seat != turn_seat and turn_seat >= 0:
                    turns.append(turn_time)
                    turn_time = 0.0
                turn_seat, turn_time = seat, turn_time + took
        elif turns is not None and turn_seat >= 0:
            turns.append(turn_time)
            turn_seat, turn_time = -1, 0.0
        state.apply(action)
    raise RuntimeError(f"{rs.title}: no end after {MAX_ACTIONS} actions (seed {seed})")


def _one_game(game_name: str, order: list[str], seed: int, settings: Mapping[str, Any] | None,
              iterations: int | None = None) -> tuple[list[int], str, int]:
    """One game for :func:`selfplay` (also in a worker process): winners' seats, result, length."""
    state = play_game(game_name, order, seed, settings, iterations=iterations)
    res = state.result()
    assert res is not None
    return list(res.winners), res.text, len(getattr(state, "history", [])) or 0


def selfplay(game_name: str, games: int, players: list[str], seed: int,
             settings: Mapping[str, Any] | None = None, paired: bool = False,
             levels: bool = False, jobs: int = 1, iterations: int | None = None) -> dict[str, Any]:
    """Seats rotate every game so no agent keeps the first move.  ``paired``: consecutive games
    share a seed (the same map draw and dice) with the seats rotated, so a comparison is paired;
    the standard error is then taken over the groups of games that share a seed.  ``levels``:
    the seed groups take the shipped maps or scenarios in turn (over ``settings``).  ``jobs``:
    games played at once in that many worker processes (the results do not depend on it).
    ``iterations``: a fixed search effort for every searching agent instead of its clock, so the
    figures do not bend with the machine's load."""
    rs = registry.get(game_name)
    n = rs.make_game(settings).num_players
    group = len(players) if paired else 1
    maps = level_settings(rs) if levels else [("", {})]
    plan = []
    for g in range(games):
        order = [players[(g + i) % len(players)] for i in range(n)]
        name, level = maps[(g // group) % len(maps)]
        plan.append((order, seed + g // group, {**level, **(settings or {})} if levels else settings, name))
    if jobs > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            results = list(pool.map(_one_game, *zip(*[(game_name, o, sd, st, iterations) for o, sd, st, _ in plan],
                                                    strict=True)))
    else:
        results = [_one_game(game_name, o, sd, st, iterations) for o, sd, st, _ in plan]
    wins = {p: 0 for p in players}
    draws = limited = 0
    scores: dict[str, list[float]] = {p: [] for p in players}  # per seed group: the share of games won
    per_level: dict[str, dict[str, Any]] = {}
    for g, ((order, _sd, _st, level_name), (winners, text, _length)) in enumerate(zip(plan, results, strict=True)):
        won = {order[w] for w in winners}
        limited += any(w in text.lower() for w in LIMIT_WORDS)
        if not winners:
            # Alone against the rules (Paper Invasion), no winner is a loss, not a draw.
            draws += 1 if n > 1 else 0
        else:
            for name in won:
                wins[name] += 1
        if levels:  # by player and by seat: with the same player in every seat, the seats tell a level's balance
            row = per_level.setdefault(level_name, {"games": 0, **{p: 0 for p in players}, "seats": [0] * n})
            row["games"] += 1
            for name in won:
                row[name] += 1
            for w in winners:
                row["seats"][w] += 1
        if g % group == 0:
            for p in players:
                scores[p].append(0.0)
        for p in players:
            scores[p][-1] += (p in won) / group
    return {
        "game": game_name,
        "games": games,
        "players": players,
        "seed": seed,
        "iterations": iterations,
        "win_rate": {p: wins[p] / games for p in players},
        "draw_rate": draws / games,
        "limit_rate": limited / games,
        "paired": paired,
        "win_rate_se": {p: round(_se(v), 4) for p, v in scores.items()},
        **({"levels": per_level} if levels else {}),
        **({"loss_rate": {p: 1 - wins[p] / games for p in players}} if n == 1 else {}),
    }


def _se(values: list[float]) -> float:
    """Standard error of the mean of ``values`` (0 for fewer than two)."""
    if len(values) < 2:
        return 0.0
    return statistics.stdev(values) / len(values) ** 0.5


def decision_times(game_name: str, agent: str, seed: int, games: int = 2,
                   settings: Mapping[str, Any] | None = None, iterations: int | None = None) -> dict[str, float]:
    """Median and max decision time (ms) of ``agent`` playing against random, and of its whole
    turns (``turn_median``, ``turn_max``: every decision of one turn, as the player waits for it)."""
    rs = registry.get(game_name)
    n = rs.make_game(settings).num_players
    times: list[float] = []
    turns: list[float] = []
    for g in range(games):
        seats = ["random"] * n
        seats[g % n] = agent
        play_game(game_name, seats, seed + g, settings, times, agent, iterations, turns)
    if not times:
        return {"median": 0.0, "max": 0.0, "decisions": 0, "turn_median": 0.0, "turn_max": 0.0, "turns": 0}
    return {"median": round(statistics.median(times) * 1000, 2), "max": round(max(times) * 1000, 2),
            "decisions": len(times), "turn_median": round(statistics.median(turns) * 1000, 2),
            "turn_max": round(max(turns) * 1000, 2), "turns": len(turns)}
