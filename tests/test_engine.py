"""The engine interface, proven on the test-only Pig ruleset."""

from __future__ import annotations

import json

import pytest

from game.engine import Chance, IllegalAction, SettingsError
from game.records import Record, RecordError
from game.session import Session
from tests.toy_game import Hold, PigGame, Roll


def test_chance_is_seeded_and_repeatable():
    a, b = Chance(42), Chance(42)
    assert [a.die() for _ in range(50)] == [b.die() for _ in range(50)]
    assert Chance(1).die() in range(1, 7)
    assert [Chance(s).die() for s in range(30)] != [1] * 30


def test_chance_pins_faces_then_falls_back_to_generator():
    c = Chance(7, faces=[6, 6, 1])
    assert [c.die(), c.die(), c.die()] == [6, 6, 1]
    assert c.draws == 3
    assert 1 <= c.die() <= 6


def test_chance_pinned_face_must_fit_the_die():
    with pytest.raises(ValueError):
        Chance(1, faces=[7]).die(6)


def test_chance_pinned_deck_and_noise_off():
    c = Chance(3, decks=[["c", "a", "b"]], noise=False)
    deck = ["a", "b", "c"]
    c.shuffle(deck)
    assert deck == ["c", "a", "b"]
    assert c.gauss(2.5, 10) == 2.5


def test_chance_round_trips_through_json():
    c = Chance(99, faces=[3])
    c.random()
    d = Chance.from_json(json.loads(json.dumps(c.to_json())))
    assert [c.die() for _ in range(10)] == [d.die() for _ in range(10)]


def test_illegal_action_carries_rule_and_sentence():
    s = PigGame().new_state(1)
    with pytest.raises(IllegalAction) as info:
        s.apply(Hold())
    assert info.value.rule == "P-1"
    assert "Roll at least once" in info.value.message


def test_settings_are_validated():
    with pytest.raises(SettingsError):
        PigGame({"target": 1000})
    with pytest.raises(SettingsError):
        PigGame({"nope": 1})
    assert PigGame({"target": 30}).settings["target"] == 30


def test_actions_round_trip_through_json():
    g = PigGame()
    for a in (Roll(), Hold()):
        assert g.decode_action(json.loads(json.dumps(a.to_json()))) == a
    with pytest.raises(ValueError):
        g.decode_action({"type": "Fly"})


def test_state_clone_and_json_are_exact():
    s = PigGame().new_state(5)
    for _ in range(6):
        s.apply(s.legal_actions()[0])
    c = s.clone()
    assert c.to_json() == s.to_json()
    a1 = s.apply(Roll())
    a2 = c.apply(Roll())
    assert a1 == a2


def test_record_replays_exactly():
    sess = Session.new("pig", {}, seed=11, seats=["human", "human"], autosave=False)
    for _ in range(30):
        if sess.state.is_over():
            break
        sess.submit(sess.state.legal_actions()[-1] if sess.state.turn_total > 8 else Roll())
    rec = Record.from_json(json.loads(json.dumps(sess.record.to_json())))
    assert rec.replay().to_json() == sess.state.to_json()


def test_record_with_illegal_action_names_index_and_rule():
    rec = Record(game="pig", settings={}, seed=1, actions=[{"type": "Hold"}])
    with pytest.raises(RecordError) as info:
        rec.replay()
    assert info.value.index == 0 and info.value.rule == "P-1"


def test_undo_never_steps_back_over_revealed_chance():
    sess = Session.new("pig", {}, seed=3, seats=["human", "human"], autosave=False)
    sess.submit(Roll())
    assert not sess.can_undo()
    assert not sess.undo()


def test_undone_actions_leave_the_log_with_no_undone_trail():
    sess = Session.new("pig", {}, seed=1, seats=["human", "random"], autosave=False)
    sess.submit(Roll())
    assert sess.state.current_player() == 0  # seed 1 rolls no 1: seat 1 may hold
    before = list(sess.log)
    sess.submit(Hold())
    assert len(sess.log) > len(before)
    assert sess.undo()
    assert sess.log == before and not any("undone" in line for line in sess.log)
    sess.submit(Hold())
    assert sess.undo() and sess.log == before  # twice: still no trail
