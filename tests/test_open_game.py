"""Issue 46: opening a game whose replay fails says one sentence on the menu, whatever the
failure (a refused action, a missing level, a bad value, a rules bug), for Continue, the Load
list's Open button and a double click on the list; the file stays as it was, the app goes on."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

import game.ui.scenes.menu as menu_mod
from game.engine import IllegalAction
from game.levels import LevelError
from game.saves import latest_autosave, saves_dir
from game.session import Session
from game.ui.main import make_app
from game.ui.scenes.load import LoadScene
from game.ui.scenes.menu import MenuScene
from tests.toy_game import PigState

FAILURES = [
    IllegalAction("I-S1", "You have played with the word 'LANTERN' before: Paper Invasion wants a new word every game."),
    LevelError("The level file trenches.json does not exist."),
    ValueError("a value no action can have"),
    KeyError("walls"),
    RuntimeError("the rules tripped over themselves"),
    RecursionError("maximum recursion depth exceeded"),
]


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def pressed(app, element, **extra):
    app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element, **extra)])


def played(autosave):
    """A game of Pig with two actions, kept in an autosave (a game in progress) or a save file."""
    sess = Session.new("pig", {}, 4, ["human", "human"], autosave=autosave)
    for _ in range(2):
        sess.submit(sess.state.legal_actions()[0])
    if autosave:
        return sess.autosave
    path = saves_dir() / "pig-saved.json"
    sess.save_as(path)
    return path


def arm(monkeypatch, failure):
    """The file reads and checks as sound (load_save replays it); then the game's own replay, as
    the play scene would go on with it, fails with ``failure`` at its second action."""
    real_load = menu_mod.load_save
    real_apply = PigState._apply
    calls = {"n": -1}

    def load(path):
        record = real_load(path)
        calls["n"] = 0
        return record

    def apply(self, action):
        if calls["n"] >= 0:
            calls["n"] += 1
            if calls["n"] == 2:
                raise failure
        return real_apply(self, action)

    monkeypatch.setattr(menu_mod, "load_save", load)
    monkeypatch.setattr(PigState, "_apply", apply)


def open_by(app, how, path):
    app.reset_to(MenuScene(app))  # the menu as it is shown after the game was saved
    app.frame([])
    menu = app.top()
    assert isinstance(menu, MenuScene)
    if how == "continue":
        assert latest_autosave() == path
        pressed(app, next(el for el, k in menu.buttons.items() if k == "continue"))
        return
    pressed(app, next(el for el, k in menu.buttons.items() if k == "load"))
    load = app.top()
    assert isinstance(load, LoadScene)
    label = next(k for k, p in load.labels.items() if p == path)
    row = next(it for it in load.list.item_list if it["text"] == label)
    pressed(app, row["button_element"])
    if how == "open":
        pressed(app, load.open)
    else:
        app.frame([pygame.event.Event(pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION,
                                      ui_element=load.list, text=label)])


@pytest.mark.parametrize("failure", FAILURES, ids=lambda f: type(f).__name__)
@pytest.mark.parametrize("how", ["continue", "open", "double_click"])
def test_opening_a_game_whose_replay_fails_says_one_sentence_and_keeps_the_file(app, how, failure):
    path = played(autosave=how == "continue")
    before = path.read_bytes()
    with pytest.MonkeyPatch.context() as failing:
        arm(failing, failure)
        open_by(app, how, path)
    assert isinstance(app.top(), MenuScene)  # no game opened, nothing escaped to the last-resort handler
    said = app.toast_text
    assert said.startswith(path.name) and "cannot be restored" in said
    assert "\n" not in said and "Traceback" not in said and type(failure).__name__ not in said
    assert said.endswith((".", "]"))
    if isinstance(failure, (IllegalAction, LevelError)):
        assert str(getattr(failure, "message", failure)).split(":")[0] in said  # the rules' own words
    assert path.read_bytes() == before
    app.frame([])  # the app goes on
    open_by(app, how, path)  # and the same file opens once nothing fails
    assert not isinstance(app.top(), MenuScene)
