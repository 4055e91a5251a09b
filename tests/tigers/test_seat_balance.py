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


def test_the_setup_screen_says_which_side_a_scenario_favours_and_by_how_much(monkeypatch):
    """Issue 48: where equal players do not win about as often on each side, the setup screen
    says so; the figure belongs to the scenario file it was measured on (its fingerprint), so an
    edited copy of it claims nothing."""
    from game.levels import files_digest, load_level, save_user_level
    from game.rules.tigers import scenario
    from game.rules.tigers.state import TigersGame, _describe_level

    digest = files_digest({"tank_battle": load_level("tigers", "tank_battle")})
    assert scenario.BALANCE[digest][:2] == (1, 139)  # as measured: Orange won 139 of 200
    monkeypatch.setitem(scenario.BALANCE, digest, (1, 142, 52, 200, "computer players"))
    _describe_level.cache_clear()
    said = TigersGame.describe_setup({"level": "tank_battle"})
    assert "Orange is favoured: between two computer players, Orange won 142 of 200 games, Blue 52 (about 7 in 10)." in said
    data = load_level("tigers", "tank_battle")
    data["forces"][0][0]["x"] += 5
    save_user_level("tigers", "my_tanks", data)
    assert not any("favoured" in line for line in TigersGame.describe_setup({"level": "my_tanks"}))
    _describe_level.cache_clear()


def test_every_measured_balance_is_of_a_shipped_scenario_as_it_is():
    """A figure whose scenario file changed would say something never measured: after a change,
    measure again (and list the old fingerprint in levels.BEFORE_FINGERPRINTS)."""
    from game.levels import files_digest, load_level, shipped_levels
    from game.rules.tigers import scenario

    now = {files_digest({n: load_level("tigers", n)}) for n in shipped_levels("tigers")}
    assert set(scenario.BALANCE) <= now
