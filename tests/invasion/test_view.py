"""The Paper Invasion view, headless: real clicks from the word to the enemy turn; sheet; monkey."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.paths import data_dir
from game.session import Session
from game.ui.main import make_app
from game.ui.monkey import monkey_run
from game.ui.scenes.play import PlayScene
from game.ui.views.invasion import InvasionView, words_path
from game.ui.views.invasion_sheet import render_sheet


@pytest.fixture
def app():
    a = make_app((1600, 900), headless=True)
    yield a
    a.close()


def start(app, seed=3, settings=None, seats=("human",)):
    sess = Session.new("invasion", dict(settings or {}), seed, list(seats), autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    return scene


def press(app, scene, key):
    el = scene.view.elements[key]
    app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=el)])


def click(app, pos):
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])), button=1, touch=False)])


def grid_click(app, scene, gx, gy):
    click(app, scene.view.frame.px(gx, gy))


def test_word_step_shows_slots_and_refuses_a_used_word(app):
    scene = start(app)
    view = scene.view
    assert isinstance(view, InvasionView)
    view.elements["word"].set_text("undead")
    app.frame([])
    press(app, scene, "opt:plain")
    assert scene.state.slots == (3, 5, 4, 5, 1, 4) and scene.state.phase == "build"
    assert "UNDEAD" in words_path().read_text()
    again = start(app, seed=4)
    again.view.elements["word"].set_text("Undead")
    press(app, again, "opt:plain")
    assert again.state.phase == "word" and "before" in again.refusal


def test_a_whole_opening_by_clicks_then_the_enemy_turn_plays_step_by_step(app):
    scene = start(app)
    view = scene.view
    view.elements["word"].set_text("undead")  # 2 rooms, 3 heroes, 10 enemies, heroes first
    press(app, scene, "opt:plain")
    grid_click(app, scene, 7.1, 5.0)           # a vertical wall at x = 7
    s = scene.state
    assert s.phase == "place" and s.board.rooms["a"] == (0, 0, 7, 11)
    for _ in range(3):
        grid_click(app, scene, 3, 5)
    while s.place_step() == "enemy":
        side = s.enemy_side()
        room = "b" if side == "E" else "a"
        x0, y0, x1, y1 = s.board.rooms[room]
        n = len(s.enemies)
        grid_click(app, scene, (x0 + x1) / 2, (y0 + y1) / 2)
        assert len(s.enemies) == n + 1
    grid_click(app, scene, 3, 5)               # Vault in a
    grid_click(app, scene, 12, 5)              # Event marker in b
    assert s.phase == "heroes" and s.vault == "a" and s.event_room == "b"
    # click a hero: it is selected, the wall to b can be sealed by clicking it
    x, y, _ = view._spots["H1"]
    click(app, (x, y))
    assert view.selected == 1
    grid_click(app, scene, 7.0, 5.0)
    assert s.board.walls["a|b"] == "D"
    x, y, _ = view._spots["H2"]
    click(app, (x, y))
    press(app, scene, "loot")
    assert s.heroes[2].item and s.vault_open
    press(app, scene, "end")
    assert view.busy()
    log = "\n".join(scene.session.log)
    assert "smashes" in log
    for _ in range(200):
        app.frame([], dt=0.1)
        if not view.busy():
            break
    assert not view.busy()
    pygame.image.save(app.screen, str(data_dir() / "invasion-view.png"))


def test_game_sheet_png_and_pdf(app):
    scene = start(app)
    scene.view.elements["word"].set_text("bloody")
    press(app, scene, "opt:plain")
    press(app, scene, "plan")
    press(app, scene, "sheet")
    files = sorted((data_dir() / "invasion").glob("invasion-sheet-*"))
    assert {p.suffix for p in files} == {".png", ".pdf"}
    pdf = next(p for p in files if p.suffix == ".pdf")
    assert pdf.read_bytes()[:5] == b"%PDF-"
    surf = render_sheet(scene.state)
    assert surf.get_width() > surf.get_height()  # A4 landscape
    press(app, scene, "export")
    assert "# Paper Invasion" in next((data_dir() / "invasion").glob("invasion-*.txt")).read_text()


def test_person_plays_the_enemies_by_clicks(app):
    scene = start(app, settings={"enemy_player": "person"}, seats=("random", "human"))
    for _ in range(400):
        app.frame([], dt=1.0)
        s = scene.state
        if s.phase == "place" and s.place_step() == "enemy":
            room = s.board.rooms_on_side(s.enemy_side())[0]
            x0, y0, x1, y1 = s.board.rooms[room]
            grid_click(app, scene, (x0 + x1) / 2, (y0 + y1) / 2)
        if s.phase == "enemies" or s.is_over():
            break
    s = scene.state
    assert s.phase == "enemies"
    eid = min(s.enemies)
    x, y, _ = scene.view._spots[f"O{eid}"]
    click(app, (x, y))
    assert scene.view.selected == eid
    wall = s.enemy_walls(eid)[0]
    before = s.board.walls[wall]
    (ax, ay), (bx, by) = s.board.wall_segment(wall)
    grid_click(app, scene, (ax + bx) / 2, (ay + by) / 2)
    assert s.board.walls[wall] != before or s.enemies[eid].acted


def test_monkey_on_the_play_scene_with_a_human_seat():
    out = monkey_run("invasion", {}, ["human"], steps=600, seed=3)
    assert out["steps"] == 600


def test_monkey_with_a_person_playing_the_enemies():
    out = monkey_run("invasion", {"enemy_player": "person", "players": 2}, ["random", "human", "human"],
                     steps=400, seed=8)
    assert out["steps"] == 400


def test_frame_time_is_drawn_from_caches(app):
    scene = start(app, seed=5, seats=("ai",))
    for _ in range(60):
        app.frame([], dt=1.0)
    assert scene.state.phase != "word"
    assert isinstance(scene, PlayScene)
