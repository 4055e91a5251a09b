"""The map editor, headless, driven by real mouse and key events: paint, refuse, save, play the map."""

from __future__ import annotations

import json

import pygame
import pytest

from game import registry
from game.levels import list_levels
from game.paths import user_levels_dir
from game.rules.warigami.board import blank_board, edit_board, load_board, map_problems, renamed, resize_board
from game.ui.main import make_app
from game.ui.playing.scene import PlayScene
from game.ui.setup import SetupScene
from game.ui.views.warigami_editor import WarigamiEditor, cells_between


def motion(pos, buttons=(0, 0, 0)):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons, touch=False)


def pump(app):
    """Deliver what the widgets posted (button presses, menu choices, text changes) on the next frame."""
    app.frame([e for e in pygame.event.get() if e.type != pygame.QUIT])


def click(app, pos, button=1):
    app.frame([motion(pos)])  # the pointer arrives (widgets see the hover) before it presses
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)])
    pump(app)


def drag(app, a, b, button=1, steps=4):
    held = (1, 0, 0) if button == 1 else (0, 0, 1)
    events = [motion(a), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=button, touch=False)]
    for i in range(1, steps + 1):  # a quick drag: the pointer skips squares between motion events
        events.append(motion((a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps), held))
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=button, touch=False))
    app.frame(events)


def key(app, k, mod=0):
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])
    pump(app)


def type_text(app, entry, text):
    click(app, entry.rect.center)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="", scancode=0),
               pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)])
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text])
    pump(app)


def choose(app, menu, option):
    """Open a pygame_gui drop-down with a click and click one of its options."""
    click(app, menu.rect.center)
    app.frame([])
    items = menu.current_state.options_selection_list.item_list
    button = next(it["button_element"] for it in items if it["text"] == option)
    click(app, button.rect.center)
    pump(app)  # the list's choice becomes the menu's change a frame or two later
    pump(app)


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def open_editor(app) -> tuple[SetupScene, WarigamiEditor]:
    setup = SetupScene(app, registry.get("warigami"))
    app.push(setup)
    app.frame([])
    assert setup.editor is not None and setup.editor.text == "Map editor"
    click(app, setup.editor.rect.center)
    ed = app.top()
    assert isinstance(ed, WarigamiEditor)
    app.frame([])
    return setup, ed


def test_W_B4_editor_paints_walls_by_drag_and_zones_by_brush_erases_with_right_button_and_undoes(app):
    _, ed = open_editor(app)
    assert (ed.board.width, ed.board.height) == (16, 12)
    key(app, pygame.K_w)
    drag(app, ed.centre((5, 1)), ed.centre((5, 8)))
    assert {(5, y) for y in range(1, 9)} <= ed.board.walls  # no gaps although the pointer skipped squares
    drag(app, ed.centre((5, 4)), ed.centre((5, 5)), button=3)  # the right button erases
    assert (5, 4) not in ed.board.walls and (5, 5) not in ed.board.walls and (5, 6) in ed.board.walls
    click(app, ed.brush_buttons["3"].rect.center)  # brush by button
    assert ed.brush == "3"
    drag(app, ed.centre((7, 0)), ed.centre((9, 0)))
    assert ed.board.zone_of((8, 0)) == 2
    click(app, ed.centre((8, 0)), button=3)
    assert ed.board.zone_of((8, 0)) == -1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert ed.board.zone_of((8, 0)) == 2
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert ed.board.zone_of((8, 0)) == -1 and (5, 4) in ed.board.walls


def test_W_B4_editor_refuses_an_unplayable_map_with_sentences_and_saves_nothing(app):
    _, ed = open_editor(app)
    click(app, ed.save_button.rect.center)
    assert ed.message == "Not saved: Give the map a name."
    type_text(app, ed.name_entry, "Standard")
    click(app, ed.save_button.rect.center)
    assert "comes with the game" in ed.message  # a shipped map's name
    key(app, pygame.K_1)
    type_text(app, ed.name_entry, "Wall to wall")
    key(app, pygame.K_w)  # while the name has the focus, keys belong to the name: the brush stays
    assert ed.brush == "1" and ed.name_entry.get_text() == "Wall to wall"
    click(app, ed.centre((0, 0)))  # the sheet takes the focus back (and paints zone 1 where it already is)
    key(app, pygame.K_w)
    assert ed.brush == "#"
    drag(app, ed.centre((8, 0)), ed.centre((8, 11)), steps=11)
    click(app, ed.save_button.rect.center)
    assert ed.message == "Not saved: Walls cut start zone 2 off from start zone 1: leave a way through."
    click(app, ed.centre((8, 6)), button=3)  # a gap in the wall
    drag(app, ed.centre((14, 0)), ed.centre((14, 11)), button=3, steps=11)  # erase most of zone 2
    drag(app, ed.centre((15, 11)), ed.centre((15, 4)), button=3, steps=11)
    click(app, ed.save_button.rect.center)
    assert ed.message.startswith("Not saved: Start zone 2 has room for")
    assert "a squad of 10 needs 10 squares" in ed.message
    assert not (user_levels_dir("warigami") / "wall_to_wall.json").exists()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert ed.problems == [] and len(ed.board.zones[1]) == 12  # the last stroke undone
    # Leaving with unsaved changes asks first.
    key(app, pygame.K_ESCAPE)
    assert app.top() is ed and "unsaved changes" in ed.message
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top(), SetupScene)


def test_W_B4_saved_map_is_listed_selected_and_played(app):
    setup, ed = open_editor(app)
    choose(app, ed.width_menu, "18")
    choose(app, ed.height_menu, "14")
    assert (ed.board.width, ed.board.height) == (18, 14)  # the old sheet kept, new squares open
    key(app, pygame.K_w)
    drag(app, ed.centre((5, 2)), ed.centre((5, 5)))
    key(app, pygame.K_2)
    drag(app, ed.centre((17, 0)), ed.centre((17, 13)), steps=13)  # zone 2 reaches the new right edge
    type_text(app, ed.name_entry, "My Fort")
    click(app, ed.save_button.rect.center)
    assert ed.message.startswith("Saved as 'my_fort'")
    saved = json.loads((user_levels_dir("warigami") / "my_fort.json").read_text())
    assert saved["name"] == "My Fort" and len(saved["rows"]) == 14 and saved["rows"][2][5] == "#"
    board = ed.board
    click(app, ed.back_button.rect.center)
    assert app.top() is setup
    assert "my_fort" in list_levels("warigami") and setup.values["level"] == "my_fort"
    click(app, setup.start.rect.center)
    play = app.top()
    assert isinstance(play, PlayScene)
    st = play.session.state
    assert st.board.walls == board.walls and st.board.zones == board.zones
    assert len(st.board.zones[1]) == 24 + 14
    app.frame([])
    # Saving again under the same name asks before replacing it.
    app.pop()
    _, ed2 = open_editor(app)
    choose(app, ed2.start_menu, "my_fort")
    assert ed2.board.walls == board.walls and ed2.name_entry.get_text() == "my_fort"
    click(app, ed2.centre((0, 0)))  # a wall (the default brush)
    click(app, ed2.save_button.rect.center)
    assert "Press Save again to replace it" in ed2.message
    click(app, ed2.save_button.rect.center)
    assert ed2.message.startswith("Saved as 'my_fort'")
    assert (0, 0) in load_board("my_fort").walls


def test_W_B4_map_checks_use_the_loader_and_the_squad_size():
    b = renamed(blank_board(8, 6), "x")
    assert map_problems(b, 10) == [] and map_problems(b, 13)[0].startswith("Start zone 1 has room for 12 units")
    assert map_problems(renamed(b, "  ")) == ["Give the map a name."]
    only_one = b
    for sq in list(b.zones[1]):
        only_one = edit_board(only_one, sq, ".")
    assert map_problems(only_one) == ["It needs start zones for at least two players (squares marked 1 and 2)."]
    gap = edit_board(b, (3, 0), "3")
    gap = edit_board(edit_board(gap, (4, 0), "4"), (3, 0), ".")  # zone 4 without zone 3
    assert any(p.startswith("Start zone 3 is missing") for p in map_problems(gap, 1))
    assert resize_board(b, 3, 6).zones == (b.zones[0],)
    assert cells_between((0, 0), (3, 1)) == [(0, 0), (1, 0), (2, 1), (3, 1)]
