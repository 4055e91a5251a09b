"""Whole games through the engine interface: random play, JSON round trips, records, computer pilots."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from shapely.geometry import Point

from game import registry
from game.agents import RandomAgent
from game.engine import Chance
from game.records import Record
from game.rules.space.ai import SpacePilot
from game.rules.space.random_play import random_intention
from game.rules.space.state import Flick, SpaceGame, SpaceState

ROOT = Path(__file__).resolve().parents[2]

VARIANTS = [
    {},
    {"field": "dense", "blasts": True},
    {"field": "hand", "skips": "basic", "tears": True, "passing": True, "stalemate": True},
    {"field": "solid", "doors": "centred"},
    {"players": 3, "cylinder": True, "turrets": True, "skips": "advanced"},
    {"players": 4, "field": "level", "level": "ring", "stopper": True, "pencils": True, "paper": "a4"},
]


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_random_games_finish_and_round_trip_at_every_step(variant):
    game = SpaceGame(VARIANTS[variant])
    for seed in range(14):
        s = game.new_state(seed)
        rng = Chance(1000 + seed)
        for _ in range(150):
            if s.is_over():
                break
            assert s.legal_actions() is None
            action = s.random_action(rng)
            assert game.decode_action(json.loads(json.dumps(action.to_json()))) == action
            s.apply(action)
            data = json.loads(json.dumps(s.to_json()))
            assert SpaceState.from_json(game, data).to_json() == data
            assert s.clone().to_json() == data
            assert s.status()
        if s.is_over():
            assert s.result() is not None and s.current_player() == -1


def test_clone_is_independent_of_the_original():
    s = SpaceGame({"field": "dense"}).new_state(2)
    rng = Chance(3)
    while s.phase != "play":
        s.apply(s.random_action(rng))
    before = s.to_json()
    c = s.clone()
    c.apply(random_intention(c, rng))
    assert s.to_json() == before


def test_example_record_replays():
    rec = Record.load(ROOT / "docs" / "records" / "space-example.json")
    state = rec.replay()
    assert state.is_over() and state.result() is not None


def test_ruleset_is_registered_with_agents_and_bench():
    rs = registry.get("space")
    assert rs.game_cls is SpaceGame and set(rs.agents) >= {"ai"}
    figures = rs.bench_extra()
    assert set(figures) >= {"flick_ms_10", "flick_ms_100", "flick_ms_1000"}
    assert figures["asteroids_1000"] >= 900


def test_rules_package_never_imports_pygame():
    for path in (ROOT / "game" / "rules" / "space").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not any(n.split(".")[0] == "pygame" for n in names), path


def test_package_has_the_shared_shape_and_the_rules_never_import_the_pilot():
    pkg = ROOT / "game" / "rules" / "space"
    assert {"__init__.py", "actions.py", "state.py", "ai.py"} <= {p.name for p in pkg.glob("*.py")}
    for path in pkg.glob("*.py"):
        if path.name in ("ai.py", "hard.py", "turtle.py", "bench.py", "__init__.py"):  # the pilots, the bench, the table
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module not in ("ai", "hard", "turtle", "bench"), path  # imports run one way: pilots -> rules
    init = ast.parse((pkg / "__init__.py").read_text())
    assert [n.name for n in init.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))] == []


def test_pilot_plays_legal_actions_through_a_whole_game():
    game = SpaceGame({"field": "sparse"})
    s = game.new_state(4)
    agents = [SpacePilot(game, 1, budget_s=0.05), RandomAgent(game, 2)]
    for _ in range(300):
        if s.is_over():
            break
        s.apply(agents[s.current_player()].choose(s))
    assert s.is_over()


def test_pilot_shoots_a_sitting_duck():
    from tests.space.helpers import play_state
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 50, 160, 270)], noise=True)
    act = SpacePilot(s.game, 7, budget_s=0.3).choose(s)
    assert isinstance(act, Flick) and act.mode == "shot" and 80 < act.angle < 100


def test_pilot_draws_its_share_of_a_hand_drawn_field():
    game = SpaceGame({"field": "hand", "doors": "centred"})
    s = game.new_state(5)
    pilots = [SpacePilot(game, 1, budget_s=0.05), SpacePilot(game, 2, budget_s=0.05)]
    while s.phase == "field":
        s.apply(pilots[s.current_player()].choose(s))
    assert len(s.asteroids) == 6  # three each, as cover beside its own door's lane
    for seat, h in enumerate(game.hangars):
        near = [r for r in s.asteroids if h.region.distance(r) < 80]
        assert len(near) == 3, seat


def test_pilot_last_ship_leaves_the_hangar_instead_of_hiding():
    from game.rules.space.state import Pass
    from tests.space.helpers import play_state
    s = play_state([(0, "ship", 70, 12, 60), (1, "ship", 40, 266, 270), (1, "ship", 170, 266, 270)],
                   noise=True, passing=True)
    pilot = SpacePilot(s.game, 3, budget_s=0.15)
    left = False
    for _ in range(6):
        while s.current_player() == 0 and not s.is_over():
            s.apply(pilot.choose(s))
        if s.is_over() or s.piece(0) is None:
            break
        left = not s.game.hangars[0].region.contains(Point(s.piece(0).x, s.piece(0).y))
        if left:
            break
        s.apply(Pass())
    assert left


def test_pilot_places_ships_beside_the_door_and_one_turret_when_allowed():
    game = SpaceGame({"field": "none", "turrets": True})
    s = game.new_state(2)
    pilots = [SpacePilot(game, 1, budget_s=0.05), SpacePilot(game, 2, budget_s=0.05)]
    while s.phase != "play":
        s.apply(pilots[s.current_player()].choose(s))
    for seat in (0, 1):
        mine = [p for p in s.pieces if p.owner == seat]
        assert [p.kind for p in mine].count("turret") == 1
        door = game.hangars[seat].wall_point(s.doors[seat])
        for p in mine:
            if p.kind == "ship":
                assert 12.7 < abs(p.x - door[0]) < 45  # behind the wall, out of the line through the door


def test_S_V9_pilot_plans_moves_with_a_hand_across_the_landing_spot():
    import math

    from tests.space.helpers import play_state
    s = play_state([(0, "ship", 70, 60, 90), (1, "ship", 40, 266, 270)], stopper=True)
    cands = SpacePilot(s.game, 3).candidates(s)
    handed = [c for c in cands if isinstance(c, Flick) and c.stopper is not None]
    assert handed and all(c.mode == "move" for c in handed)
    for c in handed:
        x1, y1, x2, y2 = c.stopper
        across = math.degrees(math.atan2(y2 - y1, x2 - x1)) - c.angle
        assert abs(math.cos(math.radians(across))) < 1e-3  # square across the way (to rounding)
    plain = {(c.ship, c.angle) for c in cands if isinstance(c, Flick) and c.stopper is None and c.mode == "move"}
    assert {(c.ship, c.angle) for c in handed} <= plain  # the same plan, flicked harder, stopped by the hand
