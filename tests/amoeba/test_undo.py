"""Undo with secret choices (A-V8): never reveal or take back another seat's secret, never past a reveal."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Chance
from game.session import Session
from game.ui.main import make_app
from game.ui.playing.scene import PlayScene


def to_movement(seats: list[str], simultaneous: bool = True, seed: int = 4) -> Session:
    """A session on a shipped map, placement played at random, stopped at the first movement choice."""
    settings = {"players": len(seats), "map": "level", "level": "duel_ten" if len(seats) == 2 else "three_twenty",
                "simultaneous": simultaneous}
    sess = Session.new("amoeba", settings, seed, ["human"] * len(seats), autosave=False)
    rng = Chance(seed)
    while sess.state.phase == "place":
        sess.submit(sess.state.random_action(rng), save=False)
    assert sess.state.phase == "move"
    sess.seats[:] = seats
    return sess


def choose(sess: Session, rng: Chance) -> int:
    seat = sess.state.current_player()
    sess.submit(sess.state.random_action(rng), save=False)
    return seat


def test_A_V8_undo_never_takes_back_another_seats_secret_choice():
    sess = to_movement(["human", "human", "human"])
    rng = Chance(1)
    first = choose(sess, rng)
    assert sess.state.hidden_for_seat() and sess.state.current_player() != first
    # The next person at the screen may not take back (and so see) the first one's secret.
    assert not sess.can_undo()
    before = sess.state.to_json()
    assert not sess.undo()
    assert sess.state.to_json() == before
    assert "secret" in sess.undo_refusal()


def test_A_V8_undo_never_steps_back_over_the_reveal():
    sess = to_movement(["human", "human"])
    rng = Chance(2)
    choose(sess, rng)
    choose(sess, rng)  # the second point closes the secret part: every point is revealed
    assert sess.history[-1].revealed_secret and any(line.startswith("Pointed:") for line in sess.log)
    assert not sess.can_undo()
    assert "revealed" in sess.undo_refusal()


def test_A_V8_against_the_computer_the_reveal_is_final_but_an_unseen_choice_is_mine_to_undo():
    sess = to_movement(["human", "random"])
    rng = Chance(3)
    me = sess.state.current_player()
    assert sess.seat_kind(me) == "human" and not sess.state.pending
    # My own secret choice, while the computer has not answered yet: I may take it back.
    choose(sess, rng)
    assert sess.history[-1].hidden and sess.history[-1].seat == me
    assert sess.can_undo() and sess.undo()
    assert sess.state.current_player() == me and not sess.state.pending
    # Chosen again and answered by the computer: revealed, and that is final.
    choose(sess, rng)
    choose(sess, rng)
    assert sess.history[-1].revealed_secret
    assert not sess.can_undo()


def test_undo_in_open_turns_still_steps_back_over_the_last_move():
    sess = to_movement(["human", "random"], simultaneous=False)
    rng = Chance(5)
    before = sess.state.to_json()
    mover = sess.state.current_player()
    assert sess.seat_kind(mover) == "human"
    choose(sess, rng)
    assert not sess.history[-1].hidden
    assert sess.can_undo() and sess.undo()
    assert sess.state.to_json() == before


def test_in_hot_seat_undo_never_takes_back_the_other_persons_move():
    sess = to_movement(["human", "human"], simultaneous=False)
    rng = Chance(5)
    mover = sess.state.current_player()
    choose(sess, rng)
    assert sess.state.current_player() != mover  # the other person's turn now
    after = sess.state.to_json()
    assert not sess.can_undo() and not sess.undo()
    assert sess.state.to_json() == after
    name = sess.game.player_name(mover)
    assert sess.undo_refusal() == f"Nothing to undo: the last choice was {name}'s, and undo takes back only your own."


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def test_A_V8_ctrl_z_on_the_play_screen_says_why_nothing_is_undone(app):
    sess = to_movement(["human", "human"])
    choose(sess, Chance(6))
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    before = sess.state.to_json()
    scene.undo()
    assert sess.state.to_json() == before
    assert "secret" in scene.refusal
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)])
    assert sess.state.to_json() == before
