"""The Paper Invasion view, headless: real clicks from the word to the enemy turn; sheet; monkey."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.engine import IllegalAction
from game.paths import data_dir
from game.rules.invasion.actions import ChooseWord, ImportText
from game.rules.invasion.board import DOUBLE
from game.session import Session
from game.ui.main import make_app
from game.ui.monkey import monkey_run
from game.ui.playing.scene import PlayScene
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
    app.frame([], dt=0.1)
    assert view.busy()  # the enemy steps play one by one; Space skips to the end of the enemies' turn
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)], dt=0.01)
    assert not view.busy() and view.shown is None
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
    x, y, _ = scene.view._spots[f"X{eid}"]
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


# -- laid out in the board area, at any window size ------------------------------------------

def _inside(view, el):
    r = el.rect
    return view.rect.left <= r.left and r.right <= view.rect.right and view.rect.top <= r.top and \
        r.bottom <= view.rect.bottom


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700), (800, 560)])
def test_word_screen_buttons_fit_the_board_area_and_the_text_clears_them(size):
    a = make_app(size, headless=True)
    try:
        scene = start(a)
        view = scene.view
        els = list(view.elements.values())
        assert els and all(_inside(view, el) for el in els)
        rects = [el.rect for el in els]
        assert not any(r.colliderect(q) for i, r in enumerate(rects) for q in rects[i + 1:])
        top_row_bottom = max(view.elements[k].rect.bottom for k in view.elements if k != "import")
        assert view._word_y >= top_row_bottom  # the theme line and the Slot table sit under the buttons
        assert view.sheet_rect().top >= view._word_y + 24 + 3 * 26
        view.elements["word"].set_text("skeleton")
        a.frame([])
        press(a, scene, "opt:plain")
        assert scene.state.phase == "build"
        assert all(_inside(view, el) for el in view.elements.values())
    finally:
        a.close()


def test_play_buttons_wrap_inside_a_small_window():
    a = make_app((800, 560), headless=True)
    try:
        scene = start(a)
        scene.submit(ImportText(_text()))
        a.frame([])
        view = scene.view
        assert {"kill", "loot", "use", "event", "end", "export", "sheet"} <= set(view.elements)
        assert all(_inside(view, el) for el in view.elements.values())
        assert view.sheet_rect().bottom <= min(el.rect.top for el in view.elements.values())
    finally:
        a.close()


# -- a game read back from its text, and the hero actions by clicks -----------------------------

def _text(item: int = 6, **kw) -> str:
    from tests.invasion.helpers import play_state

    s = play_state(slots=(2, 2, item, 7, 2, 1), heroes=(("a", 0), ("b", 0)),
                   enemies=kw.pop("enemies", ("a", "b", "c", "c", "c:E", "b:N")), vault="b", event_room="c", **kw)
    s.heroes[1].item = True
    s.vault_open = True
    s.board.walls["b|c"] = "O"
    return s.as_text()


def test_import_text_from_the_word_screen(app):
    scene = start(app)
    press(app, scene, "import")
    assert scene.view.dialog is not None
    path = data_dir() / "invasion" / "saved.txt"
    path.write_text(_text(), encoding="utf-8")
    app.frame([pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(path),
                                  ui_element=scene.view.dialog, ui_object_id="#invasion_import")])
    assert scene.state.phase == "heroes" and scene.state.heroes[1].item
    assert "Read from" in scene.view.note


def test_import_of_a_file_that_is_no_game_says_why(app):
    scene = start(app)
    path = data_dir() / "invasion" / "notes.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("shopping list\n", encoding="utf-8")
    assert not scene.view._import_file(str(path))
    assert scene.state.phase == "word" and "must start with" in scene.refusal
    path.write_bytes(b"\xff\xfe\x00binary")
    assert not scene.view._import_file(str(path))
    assert "could not be read" in scene.refusal


def _hero_scene(app, item=6, **kw):
    scene = start(app)
    assert scene.submit(ImportText(_text(item, **kw)))
    app.frame([])
    return scene


def _select(app, scene, hid):
    x, y, _ = scene.view._spots[f"H{hid}"]
    click(app, (x, y))
    assert scene.view.selected == hid


def test_each_hero_action_is_found_by_clicking(app):
    scene = _hero_scene(app)
    view, s = scene.view, scene.state
    _select(app, scene, 2)                       # H2 in b: one enemy here, the Vault is open
    assert view.elements["kill"].is_enabled and not view.elements["loot"].is_enabled
    assert "Kill (1 of the 1 here)" in view._info_lines()[0]
    press(app, scene, "kill")
    assert not s.enemies_in("b") and s.heroes[2].acted
    _select(app, scene, 1)                       # P1 in a: seal its east wall by clicking it
    view.mouse = tuple(int(v) for v in view.frame.px(5.0, 5.0))
    assert "seal a|b (Single Barrier -> Double Barrier)" in view._info_lines()[0]
    grid_click(app, scene, 5.0, 5.0)
    assert s.board.walls["a|b"] == DOUBLE
    # the Vault item: the button names it and its targets are marked; click an enemy outside
    assert view.elements["use"].text == "Use Sniper"
    press(app, scene, "use")
    assert view.use_mode and "c" in view._next_use_targets() and "b:N" not in view._next_use_targets()  # I-V6
    x, y, _ = view._spots["X5"]
    click(app, (x, y))
    assert 5 not in s.enemies and not s.heroes[1].item


def test_smash_and_loot_by_clicking(app):
    from tests.invasion.helpers import play_state

    s0 = play_state(slots=(2, 2, 4, 7, 2, 1), heroes=(("b", 0), ("b", 0)), enemies=("c",), vault="b",
                    event_room="c")
    s0.board.walls["a|b"] = DOUBLE
    scene = start(app)
    scene.submit(ImportText(s0.as_text()))
    app.frame([])
    view, s = scene.view, scene.state
    _select(app, scene, 1)
    assert "smash a red one" in view._info_lines()[0]
    grid_click(app, scene, 5.0, 5.0)             # a Double: the click smashes it
    assert s.board.walls["a|b"] == "S" and s.heroes[1].acted
    _select(app, scene, 2)
    assert view.elements["loot"].is_enabled
    press(app, scene, "loot")
    assert s.heroes[2].item and s.vault_open
    assert view.selected == 2                    # it may still move and use the item
    assert view.elements["use"].text == "Use Shaker" and view.elements["use"].is_enabled
    press(app, scene, "use")
    assert s.skip_enemies == 1 and not s.heroes[2].item


@pytest.mark.parametrize("item", range(1, 10))
def test_every_vault_item_is_used_by_clicks(app, item):
    scene = _hero_scene(app, item)
    view, s = scene.view, scene.state
    _select(app, scene, 1)
    before = ({k: e.pos for k, e in s.enemies.items()}, len(s.heroes), dict(s.board.walls), s.skip_enemies,
              s.dodge_pending)
    press(app, scene, "use")
    if view.use_mode:
        targets = sorted(view._next_use_targets())
        assert targets, f"item {item}: nothing is marked"
        for _ in range(2):
            if not view.use_mode:
                break
            t = sorted(view._next_use_targets())[0]
            if t in s.board.rooms:
                x0, y0, x1, y1 = s.board.rooms[t]
                grid_click(app, scene, (x0 + x1) / 2, y0 + 0.4)
            else:
                (ax, ay), (bx, by) = s.board.wall_segment(t)
                grid_click(app, scene, (ax + bx) / 2, (ay + by) / 2)
    assert not s.heroes[1].item, f"item {item} was not used"
    after = ({k: e.pos for k, e in s.enemies.items()}, len(s.heroes), dict(s.board.walls), s.skip_enemies,
             s.dodge_pending)
    assert after != before or item == 3 and s.heroes[1].room != "a"


# -- placing, and the enemy turn played step by step ------------------------------------------

def test_enemies_are_placed_by_column_and_the_rest_spread(app):
    scene = start(app)
    view = scene.view
    view.elements["word"].set_text("bloody")    # 5 rooms, 2 heroes, 6 enemies
    press(app, scene, "opt:plain")
    press(app, scene, "plan")
    s = scene.state
    for _ in range(2):
        grid_click(app, scene, 8, 5)
    assert s.place_step() == "enemy" and "rest" in view.elements
    x0, y0, x1, y1 = s.board.rooms[s.board.rooms_on_side("N")[-1]]
    grid_click(app, scene, (x0 + x1) / 2, 10.5)   # far below, in that room's column
    assert list(s.enemies.values())[-1].pos == f"{s.board.rooms_on_side('N')[-1]}:N"
    press(app, scene, "rest")
    assert s.place_step() == "vault" and len(s.enemies) == 6 and "rest" not in view.elements


def test_enemy_turn_steps_slide_and_are_captioned_like_the_log(app):
    scene = _hero_scene(app, enemies=("c:E", "b:N", "c:S"))
    view = scene.view
    press(app, scene, "end")
    assert view.busy()
    steps = [q[0] for q in view.queue]
    assert steps and all(e.text in scene.session.log for e in steps)
    moves = [i for i, e in enumerate(steps) if e.kind == "enemy_move"]
    assert moves
    while view.queue and view.queue[0][0].kind != "enemy_move":
        app.frame([], dt=view.timer + 0.001)
    name = f"X{view.queue[0][0].data['enemy']}"
    app.frame([], dt=0.0)
    start_spot = view._spots[name]
    app.frame([], dt=view.timer * 0.5)
    mid_spot = view._spots[name]
    assert start_spot[:2] != mid_spot[:2]            # it glides
    assert view._info_lines()[1] == view.queue[0][0].text
    for _ in range(200):
        if not view.busy():
            break
        app.frame([], dt=0.2)
    assert not view.busy() and view.shown is None


def test_margin_counts_follow_the_board_while_enemy_steps_play_out(app):
    scene = _hero_scene(app, enemies=("c:E", "b:N", "c:S"))
    view = scene.view
    s = scene.state
    final = f"{s.heroes_name} {len(s.heroes)} - {s.enemies_name} {len(s.enemies)}"
    assert final in view.margin_lines()
    shown = s.clone()
    shown.heroes.pop(next(iter(shown.heroes)))  # a hero the board still shows as grabbed
    view.shown = shown
    assert f"{s.heroes_name} {len(s.heroes) - 1} - {s.enemies_name} {len(s.enemies)}" in view.margin_lines()
    view.shown = None
    assert final in view.margin_lines()


def test_I_X3_rev2_the_extra_event_is_picked_from_the_table_in_a_window(app):
    scene = _hero_scene(app)
    view, s = scene.view, scene.state
    before = len(s.enemies)
    press(app, scene, "event")
    assert view.dialog is not None and view.dialog.alive()
    labels = {el.text: n for el, n in view._event_buttons.items()}
    assert sorted(labels.values()) == [1, 2, 3, 4, 5, 6, 8, 9] and not any("Freak" in t for t in labels)
    worse = next(el for el, n in view._event_buttons.items() if n == 9)
    app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=worse)])
    assert len(s.enemies) == before + 4 and view.dialog is None


def test_I_X3_rev4_the_board_offers_another_extra_event_after_the_first(app):
    scene = _hero_scene(app)
    view, s = scene.view, scene.state
    before = len(s.enemies)
    for n in (1, 2):
        for _ in range(50):  # the first Event's drawing plays out
            if not view.busy():
                break
            app.frame([], dt=0.5)
        assert view.elements["event"].is_enabled  # after the first, the button still calls one
        press(app, scene, "event")
        assert view.dialog is not None and view.dialog.alive()
        bad = next(el for el, k in view._event_buttons.items() if k == 8)
        app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=bad)])
        assert len(s.enemies) == before + 2 * n and view.dialog is None and s.phase == "heroes"


def test_I_S1_a_new_game_from_the_setup_screen_gives_the_engine_the_used_words(app):
    from game import registry
    from game.rules.invasion.slots import remember_word
    from game.ui.setup import SetupScene

    remember_word(words_path(), "Gooey")
    setup = SetupScene(app, registry.get("invasion"))
    app.push(setup)
    app.frame([])
    assert setup.begin()
    scene = app.scenes[-1]
    assert "GOOEY" in scene.state.game.used_words
    with pytest.raises(IllegalAction) as info:
        scene.state.apply(ChooseWord("gooey"))
    assert info.value.rule == "I-S1"


def _small_walls_text() -> str:
    """A board with one-square walls in every state (room e is a single square)."""
    from game.rules.invasion.board import Board
    from tests.invasion.helpers import play_state

    b = Board()
    b.split("a", "v", 5)   # b 5..16
    b.split("a", "h", 5)   # c 0..5 x 5..11
    b.split("b", "h", 6)   # d 5..16 x 6..11
    b.split("b", "v", 15)  # e 15..16 x 0..6
    b.split("e", "h", 1)   # f 15..16 x 1..6: e is 1 x 1
    s = play_state(slots=(2, 2, 6, 7, 5, 1), board=b, heroes=(("a", 0), ("b", 0), ("e", 0)),
                   enemies=("c", "d:S", "e:N", "e:E", "e:E"), vault="b", event_room="d", events_fired=1)
    s.word = "bloody"
    s.board.walls.update({"b|c": "O", "e:E": "O", "a:N": "O", "e:N": "D", "b|e": "D", "f:E": "D", "e|f": "S"})
    return s.as_text()


def test_every_wall_shows_its_state_at_1280x800_even_one_square_long():
    """A player lost a hero to a wall they could not see: each state must read on the smallest wall."""
    app = make_app((1280, 800), headless=True)
    try:
        scene = start(app)
        assert scene.submit(ImportText(_small_walls_text()))
        app.frame([])
        view, s = scene.view, scene.state
        screen = app.screen
        f = view.frame

        def dark(x: float, y: float, r: int = 1) -> bool:
            for dx in range(-r, r + 1):
                for dy in range(-r, r + 1):
                    c = screen.get_at((round(x) + dx, round(y) + dy))
                    if c.r + c.g + c.b < 330:
                        return True
            return False

        # a token in the one-square room e is drawn inside e, not in the room below it
        ex, ey, _ = view._spots["H9"] if "H9" in view._spots else view._spots[next(
            n for n in view._spots if n[0] == "H" and s.heroes[int(n[1:])].room == "e")]
        assert s.board.room_at(*f.grid(ex, ey)) == "e"
        # two enemies at a one-square outer wall keep a size that shows their numbers
        at_e = [view._spots[f"X{i}"] for i, e in s.enemies.items() if e.pos == "e:E"]
        assert len(at_e) == 2 and all(size * 0.38 >= 8 for _, _, size in at_e)
        one_square = [k for k in s.board.walls
                      if sum(abs(p - q) for p, q in zip(*s.board.wall_segment(k), strict=True)) == 1]
        assert {s.board.walls[k] for k in one_square} == {"S", "O", "D"}
        for key, st in s.board.walls.items():
            (ax, ay), (bx, by) = s.board.wall_segment(key)
            (px0, py0), (px1, py1) = f.px(ax, ay), f.px(bx, by)
            length = ((px1 - px0) ** 2 + (py1 - py0) ** 2) ** 0.5
            ux, uy = (px1 - px0) / length, (py1 - py0) / length
            nx, ny = -uy, ux
            mx, my = (px0 + px1) / 2, (py0 + py1) / 2
            # dark runs across the wall at its middle: none (an Opening's gap), one (Single), two or more (Double)
            profile = [dark(mx + nx * t, my + ny * t, 0) for t in range(-9, 10)]
            runs = sum(1 for i, d in enumerate(profile) if d and (i == 0 or not profile[i - 1]))
            if st == "O":
                assert runs == 0, f"{key}: an Opening shows a gap"
                gap = min(40.0, max(10.0, length * 0.45))
                for sgn in (-1, 1):
                    jx, jy = mx + ux * sgn * gap / 2, my + uy * sgn * gap / 2
                    assert dark(jx + nx * 3, jy + ny * 3) and dark(jx - nx * 3, jy - ny * 3), f"{key}: jambs"
            elif st == "S":
                assert runs == 1, f"{key}: a Single is one line"
            else:
                assert runs >= 2, f"{key}: a Double is two lines"
    finally:
        app.close()


def test_I_H3_rev2_outer_walls_are_not_marked_and_a_click_on_one_says_why(app):
    scene = _hero_scene(app)
    view, s = scene.view, scene.state
    _select(app, scene, 2)                       # H2 in b (middle room): walls a|b, b|c and b:N, b:S
    assert sorted(view._hero_walls(2)) == ["a|b", "b|c"]
    grid_click(app, scene, 7.5, 0.0)             # b's north wall, to the outside
    assert s.board.walls["b:N"] == "S" and "between two rooms" in scene.refusal
