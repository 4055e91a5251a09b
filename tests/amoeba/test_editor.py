"""The map editor, headless, with real mouse and key events: draw alone, see refusals, save, play the map."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.levels import list_levels, user_levels
from game.paths import user_levels_dir
from game.rules.amoeba.geometry import load_map
from game.ui.main import make_app
from game.ui.playing.scene import PlayScene
from game.ui.setup import SetupScene
from game.ui.views.amoeba_editor import AmoebaEditor

from .test_view import drag, mouse


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def frame(app, events=()):
    """One frame with these events, then one with whatever the widgets posted (button presses...)."""
    app.frame(list(events))
    app.frame(pygame.event.get())


def press(app, element):
    """Click a pygame_gui widget with the mouse."""
    pos = element.rect.center
    frame(app, [mouse(pygame.MOUSEMOTION, pos), mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos)])


def type_text(app, text):
    for ch in text:
        frame(app, [pygame.event.Event(pygame.TEXTINPUT, text=ch)])


def outline(editor, ring, steps=10):
    """A freehand stroke along ``ring`` (mm), as screen pixels."""
    path = []
    for (x0, y0), (x1, y1) in zip(ring, ring[1:], strict=False):
        path += [editor.to_px((x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps)) for k in range(steps)]
    return path


EAST = [(160, 85), (200, 85), (200, 125), (160, 125), (160, 86)]
WEST = [(90, 85), (130, 85), (130, 125), (90, 125), (90, 86)]
NORTH = [(130, 40), (170, 40), (170, 84), (130, 84), (130, 41)]
FAR = [(10, 10), (40, 10), (40, 40), (10, 40), (10, 12)]


def open_editor(app):
    setup = SetupScene(app, registry.get("amoeba"))
    app.push(setup)
    app.frame([])
    assert setup.editor is not None and setup.editor.text == "Draw a map"
    press(app, setup.editor)
    editor = app.top()
    assert isinstance(editor, AmoebaEditor)
    return setup, editor


def test_editor_draws_alone_refuses_with_the_reason_saves_and_the_game_starts_on_that_map(app):
    setup, ed = open_editor(app)
    assert ed.map.n == 1  # the central circle (A-M1)
    for ring in (EAST, WEST, NORTH):
        drag(app, outline(ed, ring))
    assert ed.map.n == 4 and ed.refused is None
    # A stroke far from the map: refused by the rules, drawn in red on the paper with the reason.
    drag(app, outline(ed, FAR))
    assert ed.map.n == 4 and ed.refused is not None and "border" in ed.refused[1]
    red = [app.screen.get_at((int(x), int(y)))[:3] for x, y in outline(ed, FAR)[::7]]
    assert any(c[0] > 150 and c[1] < 110 for c in red), "the refused outline is drawn in red"
    # Name it with the text entry and save with the button.
    press(app, ed.name_entry)
    type_text(app, "Four Blobs")
    press(app, ed.buttons["save"])
    assert ed.saved_as == "four_blobs" and "Saved" in ed.note
    path = user_levels_dir("amoeba") / "four_blobs.json"
    assert path.exists() and "four_blobs" in user_levels("amoeba")
    assert load_map(path).rings == ed.map.rings
    # Back on the setup screen the saved map is listed and chosen; Start plays it.
    press(app, ed.buttons["back"])
    assert app.top() is setup
    assert "four_blobs" in list_levels("amoeba")
    assert setup.values["map"] == "level" and setup.values["level"] == "four_blobs"
    press(app, setup.start)
    play = app.top()
    assert isinstance(play, PlayScene)
    assert play.state.phase == "place" and play.state.map.n == 4
    assert play.state.map.rings == load_map(path).rings


def right_click(app, pos):
    frame(app, [mouse(pygame.MOUSEMOTION, pos), mouse(pygame.MOUSEBUTTONDOWN, pos, 3),
                mouse(pygame.MOUSEBUTTONUP, pos, 3)])


def test_editor_grows_an_amoeba_erases_with_a_right_click_and_undoes(app):
    _setup, ed = open_editor(app)
    ed.seed = 7
    press(app, ed.buttons["grow"])
    assert ed.map.n == 20 and ed.map.connected()
    grown = ed.map
    c = next(i for i in range(1, grown.n) if grown.without(i).connected())
    right_click(app, ed.to_px(grown.labels[c]))
    assert ed.map.n == 19 and ed.map.connected()
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)])
    assert ed.map is grown
    press(app, ed.buttons["undo"])
    assert ed.map.n == 1


def test_editor_will_not_erase_a_country_that_holds_the_map_together(app):
    _setup, ed = open_editor(app)
    drag(app, outline(ed, EAST))
    drag(app, outline(ed, [(199, 85), (240, 85), (240, 125), (199, 125), (199, 86)]))
    assert ed.map.n == 3 and ed.map.adjacency[2] == (1,)
    right_click(app, ed.to_px(ed.map.labels[1]))
    assert ed.map.n == 3 and "pieces" in ed.note


def test_editor_refuses_a_bad_name_a_small_map_and_asks_before_replacing_or_leaving(app):
    setup, ed = open_editor(app)
    press(app, ed.name_entry)
    type_text(app, "ok_name")
    press(app, ed.buttons["save"])
    assert "at least 4 countries" in ed.note and not user_levels("amoeba")
    for ring in (EAST, WEST, NORTH):
        drag(app, outline(ed, ring))
    ed.name_entry.set_text("three_twenty")  # a shipped map's name
    press(app, ed.buttons["save"])
    assert "comes with the game" in ed.note and not user_levels("amoeba")
    ed.name_entry.set_text("mine")
    press(app, ed.buttons["save"])
    assert user_levels("amoeba") == ["mine"]
    drag(app, outline(ed, [(200, 85), (240, 85), (240, 125), (200, 125), (200, 86)]))
    assert ed.map.n == 5
    # A fresh editor may not silently replace 'mine'.
    press(app, ed.buttons["back"])
    assert "not saved" in ed.note and app.top() is ed
    press(app, ed.buttons["back"])
    assert app.top() is setup
    press(app, setup.editor)
    ed2 = app.top()
    for ring in (EAST, WEST, NORTH, [(160, 118), (200, 118), (200, 160), (160, 160), (160, 119)]):
        drag(app, outline(ed2, ring))
    ed2.name_entry.set_text("mine")
    press(app, ed2.buttons["save"])
    assert "already" in ed2.note and load_map(user_levels_dir("amoeba") / "mine.json").n == 4
    press(app, ed2.buttons["save"])
    assert load_map(user_levels_dir("amoeba") / "mine.json").n == 5


def test_the_drawing_phase_saves_its_map_among_the_users_maps_not_in_the_source_tree(app):
    from .test_view import key, scene_for

    scene = scene_for(app, {"players": 2, "map": "draw", "countries": 20})
    key(app, pygame.K_s, "s")
    assert "at least 4 countries" in scene.refusal and not user_levels("amoeba")
    scene = scene_for(app, {"players": 2, "map": "draw", "countries": 20}, advance=4)
    shipped = set(list_levels("amoeba"))
    key(app, pygame.K_s, "s")
    saved = user_levels("amoeba")
    assert len(saved) == 1 and saved[0].startswith("drawn-") and saved[0] not in shipped
    assert load_map(saved[0]).rings == scene.state.map.rings
    assert "Saved map" in scene.view.note


def test_editor_opens_a_shipped_map_to_change_it_and_saves_it_under_a_name_of_its_own(app):
    _setup, ed = open_editor(app)
    first = list_levels("amoeba")[0]
    press(app, ed.buttons["open"])
    assert ed.map.rings == load_map(first).rings and ed.name_entry.get_text() == f"my_{first}"
    press(app, ed.buttons["save"])
    assert user_levels("amoeba") == [f"my_{first}"]
