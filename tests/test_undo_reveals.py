"""Undo never crosses a reveal: seen from the session, for every game with hidden information.

Hidden information is of two kinds in the engine: cards nobody has seen (an event with
``reveals``: Paper Tigers' turned, dealt and face-up cards) and secret choices
(``State.hidden_for_seat``: Amoeba's simultaneous turns, A-V8).  After an action that
shows either, Ctrl+Z must refuse to step back over it.
"""

from __future__ import annotations

import json

import pytest

from game import registry
from game.engine import Chance
from game.rules.tigers.actions import Pick
from game.session import FINAL, SEEN, Session

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


# -- the end is final (RULES.md rev 4, T-E3), in every game ------------------------------------------------

FAST = {"warigami": {"units": 2, "round_limit": 4}}


def _play_to_the_end(name, seats, seed=3):
    rs = registry.get(name)
    sess = Session.new(name, FAST.get(name, {}), seed, seats, autosave=False)
    rng = Chance(seed)
    agents = {i: rs.make_agent("random", sess.game, i) for i, kind in enumerate(seats) if kind != "human"}
    for _ in range(5000):
        if sess.state.is_over():
            break
        seat = sess.state.current_player()
        act = agents[seat].choose(sess.state) if seat in agents else sess.state.random_action(rng)
        sess.submit(act, save=False)
    assert sess.state.is_over()
    return sess


@pytest.mark.parametrize("computer", [False, True], ids=["people", "against the computer"])
@pytest.mark.parametrize("name", NAMES)
def test_T_E3_the_end_of_every_game_is_final_for_undo(name, computer):
    """Issue 49: after a loss, Undo on Study the board rewound the invaders' whole turn, and
    Amoeba's showed Undo enabled: once the game is over, Ctrl+Z does nothing and says why."""
    n = registry.get(name).game_cls(FAST.get(name, {})).num_players
    seats = ["human"] + (["random"] if computer else ["human"]) * (n - 1)
    sess = _play_to_the_end(name, seats)
    before = (sess.state.to_json(), list(sess.record.actions), list(sess.log))
    assert not sess.can_undo() and not sess.undo()
    assert sess.undo_refusal() == FINAL
    assert (sess.state.to_json(), list(sess.record.actions), list(sess.log)) == before
    for seat in range(n):  # online, no seat may take the last action back either
        assert sess.seat_undo_refusal(seat) == FINAL


def test_T_E3_the_end_is_final_even_when_the_last_action_rolled_nothing():
    """Pig to 5: the winning Hold draws no die, so nothing but the end refuses its undo."""
    sess = Session.new("pig", {"target": 5}, 2, ["human", "human"], autosave=False)
    from tests.toy_game import Hold, Roll

    while not sess.state.is_over():
        sess.submit(Hold() if sess.state.turn_total >= 5 else Roll(), save=False)
    assert isinstance(sess.history[-1].action, Hold) and not sess.history[-1].revealed_chance
    assert not sess.can_undo() and sess.undo_refusal() == FINAL


# -- what any seat has seen cannot be taken back -----------------------------------------------------------

@pytest.fixture
def peek():
    from tests.peek_game import peek_ruleset

    registry.register(peek_ruleset())
    yield
    registry.unregister("peek")


def test_undo_never_steps_back_over_what_a_seat_was_shown_though_the_rules_never_said(peek):
    """Peek's Show turns a card face up with no ``reveals`` event (a ruleset that forgot it): the
    session compares each seat's view before and after, and refuses; a Pass shows nothing."""
    from tests.peek_game import Pass, Show

    sess = Session.new("peek", {}, 4, ["human", "human"], autosave=False)
    sess.submit(Pass(), save=False)
    assert sess.can_undo() and sess.undo()
    events = sess.submit(Show(), save=False)
    assert not any(e.reveals for e in events) and sess.state.chance.draws == 2  # the deal only
    assert not sess.can_undo() and not sess.undo()
    assert sess.undo_refusal() == SEEN and sess.seat_undo_refusal(0) == SEEN
    assert sess.state.view(1)["cards"][0] == sess.state.cards[0]  # seat 2 has seen it


def test_undo_against_the_computer_stops_at_a_reply_that_showed_something(peek):
    """The computer's reply is taken back with my move only when it showed nobody anything."""
    from tests.peek_game import End, Pass, Show

    sess = Session.new("peek", {}, 4, ["human", "random"], autosave=False)
    sess.submit(End(), save=False)
    sess.submit(Pass(), save=False)  # the computer's turn: nothing shown
    sess.submit(End(), save=False)
    assert sess.can_undo() and sess.undo() and len(sess.history) == 0
    sess.submit(End(), save=False)
    sess.submit(Show(), save=False)  # the computer shows its card to me
    sess.submit(End(), save=False)
    assert not sess.can_undo() and sess.undo_refusal() == SEEN


def test_T_T2_a_face_down_discard_is_never_taken_back_once_any_view_shows_the_card():
    """Issue 46: after Discard "?" the card appeared in every view and undo was accepted.  Either
    the card stays unknown to everybody (T-T2, rev 4) or undo refuses: never both seen and undone."""
    from game.rules.tigers.actions import Discard

    for seed in range(1, 40):
        sess = Session.new("tigers", {"level": "village_fight"}, seed, ["human", "human"], autosave=False)
        rng = Chance(seed)
        for _ in range(3000):
            if sess.state.is_over() or Discard("?") in (sess.state.legal_actions() or []):
                break
            sess.submit(sess.state.random_action(rng), save=False)
        if sess.state.is_over():
            continue
        before = [json.dumps(sess.state.view(v), sort_keys=True) for v in (None, 0, 1)]
        sess.submit(Discard("?"), save=False)
        after = [json.dumps(sess.state.view(v), sort_keys=True) for v in (None, 0, 1)]
        card = sess.state.discard[-1] if sess.state.discard else None
        shown = card is not None and any(f'"{card}"' in a and a.count(f'"{card}"') > b.count(f'"{card}"')
                                         for a, b in zip(after, before, strict=True))
        if shown:
            assert not sess.can_undo() and sess.undo_refusal() == SEEN
        return
    pytest.fail("no game reached a face-down discard")


@pytest.mark.parametrize("name", NAMES)
def test_T_E3_study_the_board_shows_undo_off_and_says_why(name):
    """Game over, then Study the board: the Undo button is disabled, the line under the status
    says why (the end is final), and Ctrl+Z changes nothing and says the same."""
    import pygame

    from game.ui import paper
    from game.ui.main import make_app
    from game.ui.playing.scene import PlayScene
    from game.ui.scenes.gameover import GameOverScene

    app = make_app((1280, 800), headless=True)
    try:
        n = registry.get(name).game_cls(FAST.get(name, {})).num_players
        sess = _play_to_the_end(name, ["human"] + ["random"] * (n - 1))
        scene = PlayScene(app, sess)
        app.push(scene)
        for _ in range(400):
            app.frame([], 1 / 30)
            if scene.view.busy():
                scene.view.skip_animation()
            if isinstance(app.top(), GameOverScene):
                break
        assert isinstance(app.top(), GameOverScene)
        app.top().go("study")
        app.frame([], 1 / 30)
        assert app.top() is scene and not scene.undo_button.is_enabled
        said: list[str] = []
        fit = paper.fit
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(paper, "fit", lambda s, *a, **k: (said.append(s), fit(s, *a, **k))[1])
            scene.draw(app.screen)
        assert FINAL in said
        before = list(sess.record.actions)
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)])
        assert scene.refusal == FINAL and sess.record.actions == before and sess.state.is_over()
    finally:
        app.close()
