"""Random play through the engine interface, JSON round trips, hypothesis properties."""

from __future__ import annotations

import ast
import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Chance, IllegalAction
from game.rules.tigers.actions import Move, MoveOrder
from game.rules.tigers.state import TigersGame, TigersState

from .helpers import at_act, make, square, unit

LEVELS = ("village_fight", "forest_crossing", "tank_battle", "open_table")


def test_random_games_reach_the_end_and_round_trip_at_every_step():
    games = {lvl: TigersGame({"level": lvl}) for lvl in LEVELS}
    for seed in range(100):
        g = games[LEVELS[seed % len(LEVELS)]]
        s = g.new_state(seed)
        rng = Chance(seed + 1000)
        steps = 0
        while not s.is_over():
            a = s.random_action(rng)
            s.apply(a)
            steps += 1
            assert s.card_count() == 52
            if seed % 5 == 0:
                data = json.loads(json.dumps(s.to_json()))
                assert TigersState.from_json(g, data).to_json() == s.to_json()
                assert s.clone().to_json() == s.to_json()
                assert g.decode_action(json.loads(json.dumps(a.to_json()))) == a
            assert steps < 5000
        assert s.result() is not None and s.current_player() == -1


def test_rules_package_never_imports_pygame():
    root = Path(__file__).resolve().parents[2] / "game" / "rules" / "tigers"
    for path in root.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] == "pygame" for n in names), path


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(["infantry", "tank", "jeep"]),
       dice=st.lists(st.integers(1, 6), min_size=3, max_size=3),
       pts=st.lists(st.tuples(st.floats(0, 180), st.floats(0, 120)), min_size=1, max_size=4))
def test_property_a_move_never_exceeds_its_roll_or_the_infantry_cap(kind, dice, pts):
    s = at_act(make([unit(kind, 60, 60, 0)], [unit("tank", 150, 20, 90)],
                    [square("woods", 80, 40, 100, 80), square("building", 30, 20, 45, 35)]), "2S", 0, dice)
    s.apply(MoveOrder(0))
    if s.phase != "move":
        return
    allow = s.movers[0][1]
    assert allow <= sum(dice) and (kind != "infantry" or allow <= 6)
    before = s.units[0].front()
    try:
        s.apply(Move(0, tuple(pts)))
    except IllegalAction:
        return
    after = s.units[0].front()
    assert math.dist(before, after) <= allow + 1e-6


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), level=st.sampled_from(LEVELS))
def test_property_cards_are_conserved_across_deck_hands_table_and_discard(seed, level):
    g = TigersGame({"level": level})
    s = g.new_state(seed)
    rng = Chance(seed)
    while not s.is_over():
        s.apply(s.random_action(rng))
        every = (list(s.deck) + list(s.discard) + list(s.buried) + [c for h in s.hands for c, _ in h]
                 + [c for v in s.assigned.values() for c, _ in v] + [c for c, _ in s.queue]
                 + [c for c, _ in s.recovering.values()])
        assert sorted(every) == sorted(set(every)) and len(every) == 52


def test_example_record_replays_to_its_recorded_end():
    from game.records import Record

    path = Path(__file__).resolve().parents[2] / "docs" / "records" / "tigers-example.json"
    rec = Record.load(path)
    state = rec.replay()
    assert state.is_over() and state.result() is not None and max(state.vp) > 0


@pytest.mark.parametrize("old", ["1", "2", "3", "4"])
def test_a_record_of_an_older_rules_version_is_refused_with_a_clear_line(old):
    import json

    from game.records import Record, RecordError

    path = Path(__file__).resolve().parents[2] / "docs" / "records" / "tigers-example.json"
    data = json.loads(path.read_text())
    data["rules_version"] = old
    with pytest.raises(RecordError) as info:
        Record.from_json(data).replay()
    assert f"version {old}" in str(info.value) and "version 5" in str(info.value)


def test_bench_extra_reports_the_los_ray_cost():
    from game.rules.tigers import RULESET

    out = RULESET.bench_extra(pieces=50, rays=50)
    assert out["los_ray_us"]["pieces"] == 50 and out["los_ray_us"]["median"] > 0
