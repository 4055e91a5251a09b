"""Issue 46: a Paper Invasion game whose word was typed is continued (Continue, Load game, Open),
however often, through the real menu, headless.  A record's own word is never "used before" by
itself; a new game still refuses it (I-S1)."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game import registry
from game.engine import IllegalAction
from game.rules.invasion.actions import ChooseWord
from game.saves import latest_autosave
from game.ui.main import make_app
from game.ui.playing.scene import PlayScene
from game.ui.scenes.load import LoadScene
from game.ui.scenes.menu import MenuScene
from game.ui.setup import SetupScene
from game.ui.views.invasion import words_path


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def pressed(app, element):
    app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element)])


def menu_button(app, key):
    menu = app.top()
    assert isinstance(menu, MenuScene)
    return next(el for el, k in menu.buttons.items() if k == key)


def typed_word_game(app, word="lantern", **settings):
    """A new Invasion game from the setup screen (with the profile's used words), the word typed
    and used by the button: the word goes on the used-words list and the game is autosaved."""
    setup = SetupScene(app, registry.get("invasion"))
    app.push(setup)
    app.frame([])
    setup.values.update(settings)
    assert setup.begin()
    scene = app.top()
    assert isinstance(scene, PlayScene)
    scene.view.elements["word"].set_text(word)
    app.frame([])
    pressed(app, scene.view.elements["opt:plain"])
    assert scene.state.phase == "build" and word.upper() in words_path().read_text()
    return scene


def back_to_menu(app):
    app.reset_to(MenuScene(app))
    app.frame([])


def test_I_S1_issue46_a_typed_word_game_is_continued_from_the_menu_every_time(app):
    typed_word_game(app)
    for _ in range(3):  # and on every later Continue
        back_to_menu(app)
        pressed(app, menu_button(app, "continue"))
        scene = app.top()
        assert isinstance(scene, PlayScene), app.toast_text
        assert scene.state.word == "lantern" and scene.state.phase == "build"
        assert not app.toast_text or "before" not in app.toast_text
    pressed(app, scene.view.elements["plan"])  # and it goes on
    assert scene.state.phase == "place"
    back_to_menu(app)
    pressed(app, menu_button(app, "continue"))
    assert app.top().state.phase == "place"


def test_I_S1_issue46_a_typed_word_game_opens_from_the_load_list(app):
    typed_word_game(app, "gremlin")
    back_to_menu(app)
    pressed(app, menu_button(app, "load"))
    load = app.top()
    assert isinstance(load, LoadScene)
    label = next(k for k, p in load.labels.items() if p == latest_autosave())
    row = next(it for it in load.list.item_list if it["text"] == label)
    pressed(app, row["button_element"])  # the player clicks its row, then Open
    assert load.list.get_single_selection() == label
    pressed(app, load.open)
    scene = app.top()
    assert isinstance(scene, PlayScene), app.toast_text
    assert scene.state.word == "gremlin"


def test_I_S1_issue46_the_continued_game_still_refuses_another_used_word_and_a_new_game_its_own():
    from game.records import Record
    from game.rules.invasion.slots import remember_word
    from game.session import Session, player_profile

    remember_word(words_path(), "undead")
    remember_word(words_path(), "lantern")
    sess = Session.new("invasion", {"word_takeback": True}, 3, ["human"], autosave=False,
                       profile=player_profile("invasion"))
    with pytest.raises(IllegalAction):
        sess.submit(ChooseWord("lantern"))  # a new game: the word was played before
    rec = Record("invasion", {"word_takeback": True}, 3, [ChooseWord("lantern").to_json()],
                 rules_version=registry.get("invasion").game_cls.rules_version, seats=["human"])
    rec.profile = player_profile("invasion")
    cont = Session(rec, autosave=False)  # its own word: continued
    assert cont.state.word == "lantern" and cont.state.phase == "build"
    # undo (the house rule) and the same word again is this game's own word; another used one is not
    cont.undo()
    assert cont.state.phase == "word"
    with pytest.raises(IllegalAction) as info:
        cont.submit(ChooseWord("Undead"))
    assert info.value.rule == "I-S1"
    cont.submit(ChooseWord("lantern"))
    # a rematch (a new game from the game-over screen) still refuses it
    again = Session.new("invasion", {}, 4, ["human"], autosave=False, profile=player_profile("invasion"))
    with pytest.raises(IllegalAction):
        again.submit(ChooseWord("LANTERN"))


def test_I_S1_issue46_the_replay_viewer_and_the_server_replay_a_typed_word_game(app, tmp_path):
    """Neither hands the profile to the rules: a record replays on its own (guards, not fixes)."""
    from game.net.harness import ServerThread
    from game.rules.invasion.slots import remember_word
    from tests.net.wire import Wire, create

    typed_word_game(app, "velvet")
    back_to_menu(app)
    assert app.top().open_replay(latest_autosave()), app.toast_text
    # online: the player's own used-words list holds the word; the server replays its room after a restart
    remember_word(words_path(), "lantern")
    server = ServerThread(tmp_path / "server")
    server.start()
    try:
        room = create(server.url, "invasion", ["remote"], {})
        w = Wire(server.url)
        joined = w.join(room, seat=0)
        w.send({"type": "act", "at": w.index, "action": ChooseWord("lantern").to_json()})
        assert w.until("applied", "refused")["type"] == "applied"
        w.close()
        server.restart()
        again = Wire(server.url)
        assert again.join(room, token=joined["token"])["seat"] == 0 and again.index == 1
        assert server.call(lambda s: s.rooms[room].state.word) == "lantern"
        again.close()
    finally:
        server.close()
