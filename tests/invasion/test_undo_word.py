"""Issue 32, Paper Invasion: the word is the game's only chance, so its Slots stand once shown
(unless the house rule says otherwise); the floor plan reveals nothing and may be undone; the
I-X1 Event says in words why it fired."""

from __future__ import annotations

from game.rules.invasion.actions import ChooseWord, GeneratePlan, Kill, Split
from game.session import Session

from .helpers import play_state


def new(settings=None, seed=5) -> Session:
    return Session.new("invasion", dict(settings or {}), seed, ["human"], autosave=False)


def test_I_S1_undo_never_takes_back_a_used_word_by_default():
    sess = new()
    sess.submit(ChooseWord("salt"), save=False)
    assert sess.state.phase == "build"
    assert not sess.can_undo() and not sess.undo()
    assert sess.state.word == "salt" and sess.state.slots == (1, 1, 3, 2, 1, 1)
    why = sess.undo_refusal()
    assert why.startswith("Nothing to undo") and "word" in why and "house rule" in why


def test_I_S1_house_rule_lets_undo_take_back_the_word():
    sess = new({"word_takeback": True})
    sess.submit(ChooseWord("salt"), save=False)
    assert sess.can_undo() and sess.undo()
    assert sess.state.phase == "word" and sess.state.slots == ()
    sess.submit(ChooseWord("undead"), save=False)
    assert sess.state.slots == (3, 5, 4, 5, 1, 4)


def test_I_S4_rolled_slots_are_never_taken_back_even_with_the_house_rule():
    sess = new({"word_takeback": True})
    sess.submit(ChooseWord("", "d6"), save=False)
    assert not sess.can_undo()
    assert "dice" in sess.undo_refusal()


def test_I_S1_the_house_rule_is_a_setting_off_by_default_with_a_sentence():
    from game.rules.invasion import InvasionGame

    spec = next(sp for sp in InvasionGame.settings_spec if sp.key == "word_takeback")
    assert spec.default is False and spec.kind == "bool" and "House rule" in spec.label and spec.help
    assert InvasionGame().settings["word_takeback"] is False


def test_I_B1_undo_after_the_floor_plan_and_the_same_plan_again():
    sess = new()
    sess.submit(ChooseWord("hollow"), save=False)  # 7 rooms
    draws = sess.state.chance.draws
    sess.submit(GeneratePlan(), save=False)
    plan = dict(sess.state.board.rooms)
    assert len(plan) == 7 and sess.state.phase == "place"
    assert sess.state.chance.draws == draws  # the game's generator is not used up: nothing was rolled
    assert sess.can_undo() and sess.undo()
    assert sess.state.phase == "build" and len(sess.state.board.rooms) == 1
    sess.submit(GeneratePlan(), save=False)
    assert sess.state.board.rooms == plan  # undo never re-rolls: the same plan comes again
    # ...and undo still stops at the word
    assert sess.undo() and not sess.can_undo()


def test_I_B1_undo_after_a_wall_then_a_floor_plan_goes_back_one_step_at_a_time():
    sess = new()
    sess.submit(ChooseWord("hollow"), save=False)
    sess.submit(Split("a", "v", 8), save=False)
    sess.submit(GeneratePlan(), save=False)
    assert sess.undo() and len(sess.state.board.rooms) == 2
    assert sess.undo() and len(sess.state.board.rooms) == 1
    assert not sess.can_undo()


def test_I_X1_the_event_with_one_enemy_left_says_two_or_fewer():
    """Two enemies from the start (the lesson's 'salt'): the first kill leaves one and fires the
    Event; the log says the trigger (2 or fewer), not a count that contradicts the rule."""
    s = play_state(slots=(1, 1, 3, 2, 1, 1), heroes=(("a", 0),), enemies=("a", "b"))
    ev = s.apply(Kill(1))
    fired = [e.text for e in ev if e.kind == "event"]
    assert len(fired) == 1 and len(s.enemies) == 1
    assert fired[0].startswith("Event (2 enemies or fewer are left: 1 remains)")


def test_I_X1_the_event_with_two_left_and_with_none_left():
    s = play_state(slots=(1, 1, 3, 2, 1, 1), heroes=(("a", 0),), enemies=("a", "b", "c"))
    ev = s.apply(Kill(1))
    assert [e.text for e in ev if e.kind == "event"][0].startswith("Event (only 2 enemies are left)")
    s = play_state(slots=(1, 1, 3, 2, 1, 1), heroes=(("a", 0),), enemies=("a", "a"))
    ev = s.apply(Kill(1))
    assert [e.text for e in ev if e.kind == "event"][0].startswith("Event (the last of the")


def test_I_S1_online_the_server_refuses_undoing_a_used_word_with_the_same_sentence():
    """The server's undo refusal is the one-screen sentence (it said "hidden cards were turned")."""
    from game.net.server import Room

    sess = new()
    sess.submit(ChooseWord("salt"), save=False)
    room = Room.__new__(Room)
    room.session = sess
    why = room.undo_refusal(sess.history[-1].seat)
    assert why == sess.undo_refusal() and "word" in why and "cards" not in why
