"""The quality harness over every registered game: seeded random play to the end with an
exact JSON round trip at every step, the monkey on its play and setup scenes, and a
computer-vs-computer game through the real play scene."""

from __future__ import annotations

import json

import pytest

from game import registry
from game.engine import Chance
from game.session import Session
from game.ui.main import make_app
from game.ui.monkey import monkey, monkey_run
from game.ui.setup import SetupScene

NAMES = [m.rsplit(".", 1)[-1] for m in registry.KNOWN] + ["pig"]
RANDOM_GAMES = 100
MAX_ACTIONS = 30000
#: The games stop early once this many actions have round-tripped (Warigami's random games run
#: about 850 actions each, so it plays about 30 games rather than 100: its own tests play more).
ACTION_BUDGET = 25000
MIN_GAMES = 20


@pytest.mark.parametrize("name", NAMES)
def test_random_play_round_trips_every_step(name):
    rs = registry.get(name)
    game = rs.make_game(rs.bench_level)
    finished = played = 0
    for g in range(RANDOM_GAMES):
        if played >= ACTION_BUDGET:
            break
        rng = Chance(1000 + g)
        state = game.new_state(g)
        deep = g < 5  # full JSON text comparison on a few games, structural on all
        for _ in range(MAX_ACTIONS):
            if state.is_over():
                break
            action = state.random_action(rng)
            assert game.decode_action(json.loads(json.dumps(action.to_json()))) == action
            state.apply(action)
            played += 1
            data = state.to_json()
            again = type(state).from_json(game, json.loads(json.dumps(data)) if deep else data).to_json()
            assert again == data
        assert state.is_over(), f"{name} game {g} did not end"
        res = state.result()
        assert res is not None and all(0 <= w < game.num_players for w in res.winners)
        finished += 1
    assert finished >= MIN_GAMES


@pytest.mark.parametrize("name", NAMES)
def test_monkey_on_play_scene(name):
    rs = registry.get(name)
    n = rs.make_game(rs.bench_level).num_players
    out = monkey_run(name, dict(rs.bench_level), ["human"] * (n - 1) + ["random"], steps=1500, seed=5)
    assert out["steps"] == 1500


@pytest.mark.parametrize("name", NAMES)
def test_monkey_on_setup_scene(name):
    rs = registry.get(name)
    app = make_app((1280, 800), headless=True)
    try:
        out = monkey(app, 400, seed=2, keep=lambda a: SetupScene(a, rs), keep_type=SetupScene)
        assert out["steps"] == 400
    finally:
        app.close()


@pytest.mark.parametrize("name", NAMES)
def test_setup_starts_the_game_with_default_settings(name):
    rs = registry.get(name)
    app = make_app((1280, 800), headless=True)
    try:
        setup = SetupScene(app, rs)
        app.push(setup)
        app.frame([])
        assert setup.begin(), setup.problem
        play = app.top()
        assert play.session.ruleset is rs
    finally:
        app.close()


@pytest.mark.parametrize("name", NAMES)
def test_session_restores_from_its_own_record(name):
    rs = registry.get(name)
    game = rs.make_game(rs.bench_level)
    sess = Session.new(name, dict(rs.bench_level), 9, ["human"] * game.num_players, autosave=False)
    rng = Chance(4)
    for _ in range(40):
        if sess.state.is_over():
            break
        sess.submit(sess.state.random_action(rng))
    again = Session(type(sess.record).from_json(json.loads(json.dumps(sess.record.to_json()))), autosave=False)
    assert again.state.to_json() == sess.state.to_json()
