"""Undo never crosses a reveal: seen from the session, for every game with hidden information.

Hidden information is of two kinds in the engine: cards nobody has seen (an event with
``reveals``: Paper Tigers' turned, dealt and face-up cards) and secret choices
(``State.hidden_for_seat``: Amoeba's simultaneous turns, A-V8).  After an action that
shows either, Ctrl+Z must refuse to step back over it.
"""

from __future__ import annotations

import pytest

from game import registry
from game.engine import Chance
from game.rules.tigers.actions import Pick
from game.session import Session

NAMES = [m.rsplit(".", 1)[-1] for m in registry.KNOWN]
SETTINGS = {"amoeba": {"simultaneous": True}}  # A-V8: the variant with secret choices


@pytest.mark.parametrize("name", NAMES)
def test_undo_never_steps_back_over_a_reveal_in_any_game(name):
    """Every reveal in a seeded game, in every game: right after it, undo refuses and says why."""
    rs = registry.get(name)
    settings = dict(rs.bench_level, **SETTINGS.get(name, {}))
    sess = Session.new(name, settings, 3, ["human"] * rs.game_cls(settings).num_players, autosave=False)
    rng = Chance(3)
    reveals = 0
    for _ in range(600):
        if sess.state.is_over():
            break
        sess.submit(sess.state.random_action(rng), save=False)
        step = sess.history[-1]
        if step.revealed_hidden or step.revealed_secret:
            reveals += 1
            before = sess.state.to_json()
            assert not sess.can_undo() and not sess.undo()
            assert sess.state.to_json() == before
            assert sess.undo_refusal().startswith("Nothing to undo")
    if name in ("tigers", "amoeba"):
        assert reveals > 0, f"{name} revealed nothing in 600 actions"


def test_T_T4_undo_after_the_cards_are_turned_does_not_go_back_to_the_pick():
    sess = Session.new("tigers", {"level": "village_fight"}, 5, ["human", "human"], autosave=False)
    rng = Chance(5)
    while not (sess.history and any(e.kind == "reveal" for e in sess.history[-1].events)):
        sess.submit(sess.state.random_action(rng), save=False)
    assert isinstance(sess.history[-1].action, Pick) and sess.history[-1].revealed_hidden
    assert not sess.history[-1].revealed_chance  # turning cards rolls no dice: only the reveal barrier holds
    assert sess.state.phase in ("act", "move", "aboard", "pick", "recover", "discard", "assign")
    assert not sess.can_undo()
    assert "turned" in sess.undo_refusal()


def test_T_T2_against_the_computer_its_face_down_cards_stay_hidden_after_undo():
    """The computer answers my pick and the cards turn: undo may not take me back to pick again."""
    sess = Session.new("tigers", {"level": "village_fight"}, 8, ["human", "ai"], autosave=False)
    rng = Chance(8)
    ai = registry.get("tigers").make_agent("ai", sess.game, 8)
    while True:
        seat = sess.state.current_player()
        act = sess.state.random_action(rng) if seat == 0 else ai.choose(sess.state)
        sess.submit(act, save=False)
        if sess.history[-1].revealed_hidden and isinstance(act, Pick) and seat == 1:
            break
    assert not sess.can_undo()


def test_T_T1_the_deal_is_a_reveal():
    sess = Session.new("tigers", {"level": "village_fight"}, 2, ["human", "human"], autosave=False)
    rng = Chance(2)
    while not (sess.history and any(e.kind == "deal" for e in sess.history[-1].events)):
        sess.submit(sess.state.random_action(rng), save=False)
    assert sess.history[-1].revealed_hidden and not sess.can_undo()
