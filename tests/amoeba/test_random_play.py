"""Seeded random games to the end through the engine interface, checking JSON and clone at every step."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game import registry
from game.engine import Chance
from game.rules.amoeba.state import AmoebaGame

SETTINGS = [
    {"players": 2, "countries": 8},
    {"players": 3, "countries": 10, "follow_up": "one", "attack_bonus": 1},
    {"players": 4, "countries": 12, "simultaneous": True, "flee_loss": "half", "partial_kill": 1},
    {"players": 3, "countries": 10, "joint_attacks": True, "gathering": True, "follow_up": "every"},
    {"players": 2, "countries": 6, "map": "draw"},
    {"players": 5, "countries": 14, "winners": 2, "one_army_end": True, "empty_only": True},
    {"players": 6, "countries": 16, "simultaneous": True, "gathering": True, "follow_up": "one"},
    {"players": 2, "map": "level", "level": "duel_ten", "stalemate_rounds": 5},
]


@pytest.mark.parametrize("variant", SETTINGS, ids=lambda v: "-".join(f"{k}={v[k]}" for k in v))
def test_random_games_round_trip_at_every_step(variant):
    g = AmoebaGame(variant)
    for seed in range(14):
        s = g.new_state(seed)
        rng = Chance(seed * 7 + 1)
        steps = 0
        while not s.is_over():
            assert s.current_player() in range(g.num_players)
            a = s.random_action(rng)
            s.apply(a)
            steps += 1
            data = s.to_json()
            assert type(s).from_json(g, json.loads(json.dumps(data))).to_json() == data
            assert s.clone().to_json() == data
            assert g.decode_action(json.loads(json.dumps(a.to_json()))) == a
            assert steps < 5000
        res = s.result()
        assert res is not None and s.current_player() == -1 and s.legal_actions() == []
        assert all(0 <= w < g.num_players for w in res.winners)


def test_the_ruleset_is_registered_with_its_agents():
    rs = registry.get("amoeba")
    assert rs.players == (2, 6) and set(rs.agent_names()) >= {"random", "ai", "greedy"}
    assert callable(rs.bench_extra)  # it runs for seconds, so `paperwars bench` calls it, not the tests
    assert rs.make_game(rs.bench_level).new_state(1).map.n == 20


def test_the_rules_never_import_pygame():
    code = ("import sys, game.rules.amoeba, game.rules.amoeba.ai; "
            "sys.exit(1 if any(m.startswith('pygame') for m in sys.modules) else 0)")
    assert subprocess.run([sys.executable, "-c", code], cwd=".").returncode == 0
