"""User levels: editors save beside the saves, the setup screen lists them, names are checked."""

from __future__ import annotations

import dataclasses

import pygame
import pygame_gui
import pytest

from game import registry
from game.levels import LevelError, level_path, list_levels, load_level, save_user_level, shipped_levels
from game.paths import user_levels_dir
from game.ui.app import Scene
from game.ui.main import make_app
from game.ui.setup import SetupScene


def test_a_saved_user_level_is_listed_after_the_shipped_ones_and_loads():
    shipped = shipped_levels("warigami")
    assert shipped, "warigami ships maps"
    path = save_user_level("warigami", "My Map", {"hello": 1})
    assert path.parent == user_levels_dir("warigami") and path.name == "my_map.json"
    assert list_levels("warigami") == shipped + ["my_map"]
    assert level_path("warigami", "my_map") == path
    assert load_level("warigami", "my_map") == {"hello": 1}


@pytest.mark.parametrize("name", ["", "../escape", "a" * 41, "bad*name"])
def test_a_bad_level_name_is_refused_with_a_sentence(name):
    with pytest.raises(LevelError, match="level name"):
        save_user_level("warigami", name, {})


def test_a_user_level_may_not_take_a_shipped_name():
    taken = shipped_levels("warigami")[0]
    with pytest.raises(LevelError, match="comes with the game"):
        save_user_level("warigami", taken, {})
    assert not (user_levels_dir("warigami") / f"{taken}.json").exists()


class FakeEditor(Scene):
    """Stands in for a game's editor: it saves one level and closes."""

    def __init__(self, app, ruleset):
        super().__init__(app)
        self.rs = ruleset

    def enter(self):
        save_user_level("pig", "from_editor", {"x": 1})


def test_setup_offers_the_editor_and_lists_its_level_on_return():
    pig = registry.get("pig")
    with_editor = dataclasses.replace(pig, editor=f"{__name__}:FakeEditor", editor_label="Pig editor")
    app = make_app((1280, 800), headless=True)
    try:
        setup = SetupScene(app, with_editor)
        app.push(setup)
        app.frame([])
        assert setup.editor is not None and setup.editor.text == "Pig editor"
        app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=setup.editor)])
        assert isinstance(app.top(), FakeEditor)
        app.pop()
        assert app.top() is setup and "from_editor" in list_levels("pig")
        assert setup.box is not None and setup.box.visible
    finally:
        app.close()


def test_setup_has_no_editor_button_without_an_editor():
    app = make_app((1280, 800), headless=True)
    try:
        setup = SetupScene(app, registry.get("pig"))
        app.push(setup)
        assert setup.editor is None
    finally:
        app.close()


def test_setup_shows_choice_names_and_maps_them_back_to_values():
    rs = registry.get("amoeba")
    app = make_app((1280, 800), headless=True)
    try:
        setup = SetupScene(app, rs)
        app.push(setup)
        app.frame([])
        widget = next(w for w, (kind, spec) in setup.widgets.items() if kind == "setting" and spec.key == "map")
        shown = [o[0] if isinstance(o, tuple) else o for o in widget.options_list]
        assert shown == ["generated", "saved map", "drawn together"]
        app.frame([pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=widget,
                                      text="drawn together")])
        assert setup.values["map"] == "draw"
        assert setup.begin(), setup.problem
        assert app.top().state.phase == "map"
    finally:
        app.close()


def test_the_level_fingerprint_follows_the_files_content_and_only_the_levels_played():
    """What online play compares (docs/protocol.md): the same file gives the same fingerprint, an
    edited one another, and settings that play no level file (Amoeba's generated map) none."""
    from game.levels import level_digest

    tigers = registry.get("tigers").game_cls.settings_spec
    shipped = level_digest("tigers", tigers, {"level": "tank_battle"})
    assert len(shipped) == 16 and shipped == level_digest("tigers", tigers, {"level": "tank_battle"})
    assert shipped != level_digest("tigers", tigers, {"level": "village_fight"})
    assert level_digest("tigers", tigers, {}) == level_digest("tigers", tigers, {"level": "village_fight"})  # the default
    data = load_level("tigers", "tank_battle")
    save_user_level("tigers", "my_tanks", data)
    assert level_digest("tigers", tigers, {"level": "my_tanks"}) == shipped  # a copy is the same level
    save_user_level("tigers", "my_tanks", data | {"title": "My tanks"})
    assert level_digest("tigers", tigers, {"level": "my_tanks"}) != shipped
    amoeba = registry.get("amoeba").game_cls.settings_spec
    assert level_digest("amoeba", amoeba, {}) == "" and level_digest("amoeba", amoeba, {"map": "generated"}) == ""
    assert len(level_digest("amoeba", amoeba, {"map": "level", "level": "three_twenty"})) == 16
