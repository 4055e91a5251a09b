"""Issue 32, Paper Invasion in the window (headless): the word's numbers only once it is used, an
undone word off the used-words list, acted heroes drawn apart, invaders as readable tokens."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.rules.invasion.actions import ImportText, Seal
from game.session import Session
from game.ui.main import make_app
from game.ui.playing.scene import PlayScene
from game.ui.views.invasion import words_path
from game.ui.views.invasion_sheet import ENEMY_MIN_R

from .helpers import play_state


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def start(app, settings=None, seed=3):
    sess = Session.new("invasion", dict(settings or {}), seed, ["human"], autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    return scene


def press(app, scene, key):
    el = scene.view.elements[key]
    app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=el)])


def used_words() -> str:
    path = words_path()
    return path.read_text(encoding="utf-8") if path.exists() else ""


# -- the word -------------------------------------------------------------------------------

def _number_rows(app, scene, word):
    """The pixels of the word table's number and Slot rows and of the Slot key beside them, with
    ``word`` typed (not used)."""
    view = scene.view
    view.elements["word"].set_text(word)
    app.frame([])
    ty = view._word_y + 24
    area = pygame.Rect(view.rect.x + 8 + 70, ty + 26, view.rect.w - 90, 2 * 26)
    return pygame.image.tobytes(app.screen.subsurface(area), "RGB"), area


def test_I_S1_a_typed_word_shows_its_letters_but_no_numbers_until_it_is_used(app):
    scene = start(app)
    a, area = _number_rows(app, scene, "undead")
    b, _ = _number_rows(app, scene, "bloody")
    assert a == b  # no number, no Slot and no Slot meaning follows the typed word
    letters = pygame.Rect(area.x, area.y - 26, 6 * 44, 26)
    shot_b = pygame.image.tobytes(app.screen.subsurface(letters), "RGB")
    _number_rows(app, scene, "undead")
    assert pygame.image.tobytes(app.screen.subsurface(letters), "RGB") != shot_b  # the letters do
    assert scene.view.word_preview("undead") == [(c, 0, 0) for c in "UNDEAD"]
    press(app, scene, "opt:plain")
    assert scene.state.phase == "build" and scene.state.slots == (3, 5, 4, 5, 1, 4)


def test_I_S1_undo_refuses_the_word_without_the_house_rule_and_the_word_stays_used(app):
    scene = start(app)
    scene.view.elements["word"].set_text("salt")
    press(app, scene, "opt:plain")
    assert scene.state.phase == "build" and "SALT" in used_words()
    assert not scene.undo_button.is_enabled
    assert not any("House rule" in line for line in scene.view.margin_lines())
    scene.undo()
    assert scene.state.phase == "build" and "house rule" in scene.refusal
    assert "SALT" in used_words()


def test_I_S1_a_word_taken_back_by_the_house_rule_leaves_the_used_words_list(app):
    scene = start(app, {"word_takeback": True})
    scene.view.elements["word"].set_text("Salt")
    press(app, scene, "opt:plain")
    assert scene.state.phase == "build" and "SALT" in used_words()
    assert scene.undo_button.is_enabled
    assert "House rule: Undo takes back the word" in scene.view.margin_lines()  # the house rule is in sight
    scene.undo()
    app.frame([])
    assert scene.state.phase == "word"
    assert "SALT" not in used_words()
    scene.view.elements["word"].set_text("salt")  # so it can be used again in this very game
    press(app, scene, "opt:plain")
    assert scene.state.phase == "build" and "SALT" in used_words()


def test_I_B1_undo_is_offered_after_the_floor_plan(app):
    scene = start(app)
    scene.view.elements["word"].set_text("hollow")
    press(app, scene, "opt:plain")
    press(app, scene, "plan")
    assert scene.state.phase == "place" and scene.undo_button.is_enabled
    scene.undo()
    assert scene.state.phase == "build" and len(scene.state.board.rooms) == 1


# -- the tokens ----------------------------------------------------------------------------

def _region(app, spot):
    x, y, size = spot
    r = pygame.Rect(0, 0, int(size * 1.6), int(size * 1.4))
    r.center = (int(x), int(y))
    return app.screen.subsurface(r.clip(app.screen.get_rect()))


def _count(surf, test) -> int:
    w, h = surf.get_size()
    return sum(1 for i in range(w) for j in range(h) if test(surf.get_at((i, j))))


def dark(c):
    return c.r < 80 and c.g < 80 and c.b < 90


def green(c):
    return c.g > c.r + 40 and c.g > c.b + 25


def red(c):
    return c.r > c.g + 60 and c.r > c.b + 60


def _scene_with(app, state):
    scene = start(app)
    assert scene.submit(ImportText(state.as_text())), scene.refusal
    app.frame([])
    return scene


def test_a_hero_that_has_acted_is_drawn_pale_and_ticked_though_it_may_still_move(app):
    s0 = play_state(slots=(2, 2, 4, 7, 2, 1), heroes=(("b", 0), ("b", 0)), enemies=("c:E",), event_room="c",
                    vault="a")
    scene = _scene_with(app, s0)
    assert scene.submit(Seal(1, "b|c"))
    app.frame([])
    s = scene.state
    assert s.heroes[1].acted and not s.heroes[1].moved and s.hero_actions(1)  # it may still move
    spots = scene.view._spots
    acted, fresh = _region(app, spots["H1"]), _region(app, spots["H2"])
    assert _count(fresh, dark) > 20 and _count(fresh, green) == 0
    assert _count(acted, dark) == 0  # pale...
    assert _count(acted, green) > 10  # ...with a green tick


@pytest.mark.parametrize("size", [(1280, 800), (1024, 600)])
def test_invaders_are_red_tokens_big_enough_to_read(size):
    a = make_app(size, headless=True)
    try:
        s0 = play_state(slots=(2, 6, 4, 7, 2, 1), heroes=(("a", 0),),
                        enemies=("b", "c", "c", "c:E", "c:E", "c:E", "a:N", "b:S"), event_room="c", vault="a")
        scene = _scene_with(a, s0)
        for eid in scene.state.enemies:
            spot = scene.view._spots[f"X{eid}"]
            reds = _count(_region(a, spot), red)
            assert reds > 3.1 * ENEMY_MIN_R ** 2 * 0.8, (eid, reds)  # a filled disc of at least the least radius
    finally:
        a.close()


# -- the lesson -----------------------------------------------------------------------------

def test_the_basics_lesson_has_the_learner_seal_and_shows_the_invaders_smashing_in(app):
    from game.lessons import list_lessons
    from game.ui.scenes.lesson import LessonScene

    lesson = next(les for les in list_lessons("invasion") if les.kind == "basics")
    learner = [type(st.expect).__name__ for st in lesson.steps if st.expect is not None]
    assert "Seal" in learner
    scene = LessonScene(app, lesson)
    app.push(scene)
    app.frame([])
    for st in lesson.steps:
        assert scene.submit(st.expect), scene.refusal
        if type(st.expect).__name__ == "EndTurn":
            break
    view = scene.view
    shown = [q[0] for q in view.queue]
    assert any(e.kind == "enemy_smash" for e in shown)  # each smash is a step of its own on the board
    assert "smash" in lesson.steps[scene.panel_step()].say  # and the panel says to watch for it
    assert all(q[3] >= 0.45 for q in view.queue)  # slow enough to watch


def test_I_S1_in_a_continued_game_the_word_taken_back_leaves_the_list_too(app):
    from game.rules.invasion.actions import ChooseWord
    from game.rules.invasion.slots import remember_word

    sess = Session.new("invasion", {"word_takeback": True}, 3, ["human"], autosave=False)
    sess.submit(ChooseWord("salt"), save=False)
    remember_word(words_path(), "salt")  # as the app did when the word was used, before the save
    scene = PlayScene(app, Session(sess.record, autosave=False))  # Continue: the record replayed
    app.push(scene)
    app.frame([])
    scene.undo()
    assert scene.state.phase == "word" and "SALT" not in used_words()
