"""The board view, headless: real clicks build a squad, move, attack (with confirmation), end the turn."""

from __future__ import annotations

import pygame
import pytest

from game.rules.warigami.state import ATTACK, MOVE, SETUP, Unit
from game.session import Session
from game.ui.main import make_app
from game.ui.monkey import monkey_run
from game.ui.scenes.play import PlayScene


def click(app, pos, button=1):
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)])


def key(app, k):
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def settle(app, scene):
    for _ in range(200):
        if not scene.view.busy():
            break
        app.frame([], dt=0.1)


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def choose_squads(app, scene, *squads):
    """Each seat types its squad (keys 1-5) and presses Enter; the hand-over cover is clicked away."""
    for keys in squads:
        if app.scenes[-1] is not scene:  # the cover screen between two human seats
            key(app, pygame.K_RETURN)
        for k in keys:
            key(app, k)
        key(app, pygame.K_RETURN)
    app.frame([])


def test_W_B2_squads_are_typed_in_secret_then_placed_by_clicks(app):
    sess = Session.new("warigami", {"level": "skirmish", "units": 2}, 3, ["human", "human"], autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    v = scene.view
    key(app, pygame.K_3)
    key(app, pygame.K_RETURN)  # one unit short: refused, nothing sent
    assert sess.state.squads == [None, None] and "more unit" in scene.refusal
    key(app, pygame.K_1)
    key(app, pygame.K_BACKSPACE)  # takes the SMG back
    key(app, pygame.K_5)
    assert "1 Sniper, 1 RPG" in " ".join(v.margin_lines())
    key(app, pygame.K_RETURN)
    app.frame([])
    # the next seat is covered, and after the cover nothing shows seat 1's choice
    assert app.scenes[-1] is not scene
    key(app, pygame.K_RETURN)
    text = " ".join(v.margin_lines()) + v.hint() + scene.state.status() + " ".join(sess.log)
    assert "Sniper" not in text and "RPG" not in text and "Player 1 ready" in text
    assert "(0 of 2)" in text  # seat 2 starts from an empty draft
    choose_squads(app, scene, [pygame.K_3, pygame.K_5])
    s = sess.state
    assert s.phase == SETUP and "Player 1: 1 Sniper, 1 RPG" in " ".join(sess.log)
    key(app, pygame.K_3)  # sniper
    click(app, v.centre((0, 0)))
    click(app, v.centre((5, 3)))  # not a start zone: refused
    assert "start zone" in scene.refusal
    click(app, v.centre((9, 0)))
    key(app, pygame.K_1)  # no SMG in this squad: refused, the type stays
    assert "no SMG" in scene.refusal
    click(app, v.centre((1, 1)))  # the RPG, the only type left
    click(app, v.centre((8, 1)))
    assert s.phase == MOVE
    assert sorted((u.owner, u.kind) for u in s.units.values()) == [(0, "rpg"), (0, "sniper"), (1, "rpg"),
                                                                    (1, "sniper")]


def test_select_move_hover_attack_confirm_and_end_turn_by_clicks(app):
    sess = Session.new("warigami", {"level": "skirmish", "units": 1}, 3, ["human", "human"], autosave=False,
                       pins={"faces": [6, 1, 6]})  # the roll-off (W-T5): seat 1 moves first; then the attack
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    v = scene.view
    choose_squads(app, scene, [pygame.K_1], [pygame.K_1])
    click(app, v.centre((0, 3)))
    click(app, v.centre((9, 3)))
    s = sess.state
    assert s.phase == MOVE and s.pool == 2
    click(app, v.centre((0, 3)))  # select my SMG
    assert v.selected == 1 and (2, 3) in v.reach() and v.reach()[(2, 3)] == 2
    click(app, v.centre((2, 3)))
    settle(app, scene)
    assert sess.state.units[1].sq == (2, 3) and sess.state.pool == 0
    key(app, pygame.K_e)
    assert sess.state.current_player() == 1
    click(app, v.centre((9, 3)))
    click(app, v.centre((7, 3)))
    settle(app, scene)
    key(app, pygame.K_RETURN)
    # seat 0 again: hover the enemy, read the odds, attack (first attack: confirm by clicking again)
    click(app, v.centre((2, 3)))
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=v.centre((7, 3)), rel=(0, 0), buttons=(0, 0, 0),
                                  touch=False)])
    target, shot = v.hovered_shot()
    assert target == 2 and shot.dist == 5 and shot.odds.s == 2 and shot.clear
    click(app, v.centre((7, 3)))
    assert sess.state.units[2].hp == 10 and "confirm" in v.hint()
    played: list[str] = []
    app.sounds.play = played.append  # what the play scene asks the speaker for
    click(app, v.centre((7, 3)))
    assert sess.state.phase == ATTACK and sess.state.units[2].hp == 8
    assert played == ["dice"]  # the attack's "roll" event rattles the dice
    assert v.busy()  # the die is rolling
    settle(app, scene)
    assert not v.busy()
    assert any("rolls 6" in line for line in sess.log)


def test_end_turn_button_ends_the_turn(app):
    sess = Session.new("warigami", {"level": "skirmish", "units": 1}, 3, ["human", "human"], autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    v = scene.view
    choose_squads(app, scene, [pygame.K_1], [pygame.K_1])
    click(app, v.centre((0, 0)))
    click(app, v.centre((9, 0)))
    app.frame([])
    first = sess.state.current_player()
    assert v.end_button is not None and v.end_button.visible
    click(app, v.end_button.rect.center)
    app.frame([])
    assert sess.state.current_player() == 1 - first and sess.state.turns == 1


def test_view_draws_every_unit_kind_and_hp(app):
    sess = Session.new("warigami", {"level": "standard", "units": 5}, 1, ["human", "human"], autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    s = sess.state
    kinds = ["smg", "shotgun", "sniper", "medic", "rpg"]
    for i in range(10):
        u = Unit(i + 1, i % 2, kinds[i % 5], 3 + i, 4 + i % 3, hp=1 + i)
        s.units[u.id] = u
        s.at[u.sq] = u.id
    s.phase = MOVE
    s._start_turn()
    scene.view.reset()
    app.frame([])
    assert s.phase != SETUP


def test_monkey_on_builder_and_play_scenes():
    out = monkey_run("warigami", settings={"level": "skirmish", "units": 3}, seats=["human", "human"], steps=700,
                     seed=5)
    assert out["actions"] > 0
    out = monkey_run("warigami", settings={"level": "skirmish", "units": 2}, seats=["human", "random"], steps=700,
                     seed=8)
    assert out["steps"] == 700


def test_hover_bench_sweeps_real_pointer_motions_over_enemies():
    from game.ui.views.warigami_bench import hover_frame_times

    out = hover_frame_times(frames=12, level="skirmish", units=4)
    assert out["frames"] == 12 and out["frames_with_preview"] == 12  # every frame drew a line of sight and odds
    assert {"median", "p99", "cpu_median", "cpu_p99"} <= set(out)
