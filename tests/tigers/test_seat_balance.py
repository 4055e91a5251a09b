"""Issue 48: `paperwars selfplay --levels` says how often each seat won on each level, so that a
scenario's balance between equal players can be read (the same player in both seats)."""

from __future__ import annotations

import subprocess
import sys

from game.selfplay import selfplay


def test_selfplay_counts_wins_by_seat_for_each_level():
    out = selfplay("tigers", 8, ["greedy", "greedy"], 11, levels=True)
    assert len(out["levels"]) == 4
    for row in out["levels"].values():
        assert row["games"] == 2 and len(row["seats"]) == 2
        assert sum(row["seats"]) <= row["games"]
        assert row["greedy"] == sum(row["seats"])  # the same player in both seats: every win is one seat's
    assert sum(sum(r["seats"]) for r in out["levels"].values()) == round(out["win_rate"]["greedy"] * 8)


def test_selfplay_prints_each_levels_wins_by_seat():
    got = subprocess.run([sys.executable, "-m", "game", "selfplay", "tigers", "--games", "4", "--players",
                          "greedy,greedy", "--levels", "--seed", "3"], capture_output=True, text=True, timeout=600)
    assert got.returncode == 0, got.stderr
    lines = [ln for ln in got.stdout.splitlines() if "won by seat" in ln]
    assert len(lines) == 4 and all("Blue" in ln and "Orange" in ln for ln in lines), got.stdout

