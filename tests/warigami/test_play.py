"""Random play through the engine interface, hypothesis properties, records, and no pygame in the rules."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Chance
from game.rules.warigami.state import Move, WarigamiGame, WarigamiState
from game.rules.warigami.tables import MAX_HP


def _check_invariants(s: WarigamiState) -> None:
    assert all(0 < u.hp <= MAX_HP for u in s.units.values())  # W-B3 / W-H5
    assert s.pool >= 0  # W-T1
    squares = [u.sq for u in s.units.values()]
    assert len(squares) == len(set(squares))  # no two units share a square
    assert {sq: uid for sq, uid in s.at.items()} == {u.sq: u.id for u in s.units.values()}
    assert all(s.board.open(sq) for sq in squares)


def test_random_games_play_to_the_end_and_round_trip_exactly():
    game = WarigamiGame({"level": "skirmish", "units": 4, "round_limit": 12, "criticals": True})
    rng = Chance(2024)
    finished = 0
    for seed in range(60):
        s = game.new_state(seed)
        steps = 0
        while not s.is_over():
            a = s.random_action(rng)
            s.apply(a)
            steps += 1
            if steps % 3 == 0:
                back = WarigamiState.from_json(game, s.to_json())
                assert back.to_json() == s.to_json()
                assert s.clone().to_json() == s.to_json()
        _check_invariants(s)
        finished += s.result() is not None
    assert finished == 60


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), crit=st.booleans(), splash=st.booleans(), n=st.integers(1, 6))
def test_properties_hp_never_above_10_pool_never_negative_no_shared_squares(seed, crit, splash, n):
    game = WarigamiGame({"level": "skirmish", "units": n, "round_limit": 6, "criticals": crit,
                         "rpg_miss_splash": splash})
    s = game.new_state(seed)
    rng = Chance(seed + 1)
    while not s.is_over():
        s.apply(s.random_action(rng))
        _check_invariants(s)


def test_moves_of_an_engine_clone_do_not_leak_back():
    game = WarigamiGame({"level": "skirmish", "units": 2})
    s = game.new_state(3)
    rng = Chance(3)
    while s.phase in ("squad", "setup"):
        s.apply(s.random_action(rng))
    c = s.clone()
    mv = next(a for a in c.legal_actions() if isinstance(a, Move))
    c.apply(mv)
    assert c.to_json() != s.to_json()
    assert s.units[mv.unit].sq != (mv.x, mv.y)


def test_rules_package_never_imports_pygame():
    code = ("import sys, game.rules.warigami as w; w.RULESET; "
            "assert not any(m.startswith('pygame') for m in sys.modules), 'pygame imported'")
    subprocess.run([sys.executable, "-c", code], check=True)
