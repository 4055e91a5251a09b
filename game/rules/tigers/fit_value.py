"""Refit the computer commander's end-of-turn judgement (the TURN_END weights in ai.py).

    python -m game.rules.tigers.fit_value [games] [seed]

Plays ``games`` greedy-vs-greedy games round the four shipped scenarios, notes at every turn's
end, for each side, the points margin and the commander's two turn-end features (damaged points
and shots, :meth:`TigersAI.turn_end_features`), and fits by least squares how they foretell the
final result as the tryouts score it (:meth:`TigersAI.outcome`).  Every fifth game is held out
to measure the fit.  The shipped weights came from ``2400 90000``.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from .ai import GreedyTigersAI, TigersAI
from .state import TigersGame, TigersState

LEVELS = ("village_fight", "tank_battle", "open_table", "forest_crossing")


def turn_ends(games: int, seed: int) -> tuple[Any, Any, Any]:
    """Rows (margin, damaged, shots, shots x deck share), the final result for that side, the game."""
    rows: list[list[float]] = []
    ys: list[float] = []
    gs: list[int] = []
    for g in range(games):
        game = TigersGame({"level": LEVELS[g % len(LEVELS)]})
        s = game.new_state(seed + g)
        assert isinstance(s, TigersState)
        players = [GreedyTigersAI(game, (seed + g) * 31 + i) for i in (0, 1)]
        judge = TigersAI(game, 0)
        ends: list[list[list[float]]] = []
        turn = s.turn
        while not s.is_over():
            s.apply(players[s.current_player()].choose(s.clone()))
            if s.turn != turn and not s.is_over():
                turn = s.turn
                share = len(s.deck) / 52
                seats = []
                for me in (0, 1):
                    damaged, shots = judge.turn_end_features(s, me)
                    seats.append([float(s.vp[me] - s.vp[1 - me]), damaged, shots, shots * share])
                ends.append(seats)
        for seats in ends:
            for me in (0, 1):
                rows.append(seats[me])
                ys.append(judge.outcome(s, me))
                gs.append(g)
    return np.array(rows), np.array(ys), np.array(gs)


def fit(games: int, seed: int) -> dict[str, float]:
    """The weights as shares of the margin's weight, and the held-out share of variance explained."""
    x, y, g = turn_ends(games, seed)
    train, test = g % 5 != 0, g % 5 == 0
    a = np.c_[x, np.ones(len(x))]
    w, *_ = np.linalg.lstsq(a[train], y[train], rcond=None)
    r = y[test] - a[test] @ w
    return {"turn_ends": len(x), "damaged": w[1] / w[0], "shots": w[2] / w[0], "shots_early": w[3] / w[0],
            "held_out_r2": 1 - float(r.var() / y[test].var())}


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 2400
    seed = int(argv[1]) if len(argv) > 1 else 90000
    for k, v in fit(games, seed).items():
        print(f"{k}: {v:.3f}" if isinstance(v, float) else f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
