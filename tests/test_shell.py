"""The app shell, headless: scenes open, input reaches the rules, refusals show, undo, cover, saves."""

from __future__ import annotations

import json

import pygame
import pygame_gui
import pytest

from game.saves import latest_autosave, load_save
from game.session import Session
from game.ui.main import make_app
from game.ui.monkey import monkey, monkey_run
from game.ui.playing.pause import PauseScene
from game.ui.playing.scene import PlayScene
from game.ui.scenes.cover import CoverScene
from game.ui.scenes.gameover import GameOverScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.rules import RulesScene, markdown_to_html
from game.ui.setup import SetupScene


def key(k, mod=0):
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)]


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def play(app, seats=("human", "human"), seed=4, autosave=True):
    sess = Session.new("pig", {}, seed, list(seats), autosave=autosave)
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    return scene


def test_menu_lists_registered_games_with_a_card(app):
    menu = app.top()
    assert isinstance(menu, MenuScene)
    assert "pig" in [rs.name for _, rs in menu.cards]


def test_clicking_a_card_opens_setup_and_start_opens_play(app):
    menu = app.top()
    rect = next(r for r, rs in menu.cards if rs.name == "pig")
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1, touch=False)])
    setup = app.top()
    assert isinstance(setup, SetupScene)
    assert setup.begin()
    assert isinstance(app.top(), PlayScene)


def test_refusal_shows_the_rules_sentence_and_changes_nothing(app):
    scene = play(app)
    before = scene.state.to_json()
    app.frame(key(pygame.K_h))
    assert scene.refusal == "Roll at least once before you hold."
    assert scene.refusal_rule == "P-1"
    assert scene.state.to_json() == before


def test_escape_opens_pause_and_f1_opens_rules(app):
    play(app)
    app.frame(key(pygame.K_ESCAPE))
    assert isinstance(app.top(), PauseScene)
    app.frame(key(pygame.K_ESCAPE))
    app.frame(key(pygame.K_F1))
    assert isinstance(app.top(), RulesScene)


def test_undo_refuses_to_reroll(app):
    scene = play(app)
    app.frame(key(pygame.K_r))
    assert len(scene.session.record.actions) == 1
    app.frame(key(pygame.K_z, pygame.KMOD_CTRL))
    assert len(scene.session.record.actions) == 1
    assert "never re-rolls" in scene.refusal


def test_computer_seat_plays_its_turns_and_game_over_appears(app):
    scene = play(app, seats=("random", "random"))
    for _ in range(2000):
        app.frame([])
        if scene.state.is_over():
            break
    app.frame([])
    assert scene.state.is_over()
    assert isinstance(app.top(), GameOverScene)


def test_rematch_and_replay_from_game_over(app):
    from game.ui.scenes.replay import ReplayScene

    scene = play(app, seats=("random", "random"))
    while not scene.state.is_over():
        app.frame([])
    app.frame([])
    over = app.top()
    over.go("replay")
    replay = app.top()
    assert isinstance(replay, ReplayScene) and replay.pos == 0 and replay.playing
    for _ in range(3000):
        app.frame([], 1.0)
        if replay.pos == len(replay.full):
            break
    assert replay.state.to_json() == scene.state.to_json()
    assert not replay.playing and app.top() is replay  # no game-over panel over a replay


def _replay_of_a_finished_game(app):
    from game.ui.scenes.replay import ReplayScene

    sess = Session.new("pig", {}, 4, ["random", "random"], autosave=False)
    agents = [sess.ruleset.make_agent("random", sess.state.game, i) for i in range(2)]
    snapshots = [sess.state.to_json()]
    while not sess.state.is_over():
        sess.submit(agents[sess.state.current_player()].choose(sess.state.clone()), save=False)
        snapshots.append(sess.state.to_json())
    scene = ReplayScene(app, sess.record)
    app.push(scene)
    app.frame([])
    return scene, sess, snapshots


def test_replay_steps_back_and_forward_and_jumps_showing_exactly_that_point(app):
    scene, sess, snapshots = _replay_of_a_finished_game(app)
    scene.press("play")  # pause
    assert not scene.playing
    scene.press("forward")
    scene.press("forward")
    scene.press("forward")
    assert scene.pos == 3 and scene.state.to_json() == snapshots[3]
    scene.press("back")
    assert scene.pos == 2 and scene.state.to_json() == snapshots[2]
    assert len(scene.session.log) == scene._log_len[2]  # the margin holds no sentence from later on
    scene.press("end")
    assert scene.state.to_json() == snapshots[-1] and scene.state.is_over()
    scene.jump(5)
    assert scene.state.to_json() == snapshots[5]
    scene.press("start")
    assert scene.pos == 0 and scene.state.to_json() == snapshots[0]


def test_replay_status_speaks_of_the_seat_whose_action_is_shown_and_the_list_jumps(app):
    scene, sess, snapshots = _replay_of_a_finished_game(app)
    scene.press("play")
    k = next(i for i, st in enumerate(sess.history) if st.seat != sess.history[i + 1].seat) + 1
    scene.jump(k)  # the last action of a turn: the next seat is another
    seat = sess.history[k - 1].seat
    assert scene.shown_seat() == seat != scene.state.current_player()
    name = scene.state.game.player_name(seat)
    assert f"action {k} of {len(scene.full)}: {name}:" in scene.status_line()
    app.frame([])
    rect, i = scene._entry_rects[0]
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1, touch=False)])
    assert scene.pos == i + 1 and scene.state.to_json() == snapshots[i + 1]
    speed = scene.speed
    app.frame(key(pygame.K_PLUS))
    assert scene.speed == 2 * speed


def test_replay_from_a_file_and_a_damaged_file_gets_a_sentence(app, tmp_path):
    from game.ui.playing.watch import open_replay
    from game.ui.scenes.replay import ReplayScene

    scene, sess, snapshots = _replay_of_a_finished_game(app)
    app.pop()
    good = tmp_path / "game.json"
    sess.save_as(good)
    assert isinstance(open_replay(app, good), ReplayScene)
    app.pop()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "paperwars-record", "version": 1, "game": "pig", "actions": [{"bogus": 1}]}')
    assert open_replay(app, bad) is None and app.toast_text
    assert isinstance(app.top(), MenuScene)


def test_cover_screen_between_human_seats_when_information_is_hidden(app, monkeypatch):
    from tests.toy_game import PigGame

    monkeypatch.setattr(PigGame, "hidden_information", True)
    scene = play(app, seed=1)
    for _ in range(30):
        app.frame(key(pygame.K_r))
        if isinstance(app.top(), CoverScene):
            break
    assert isinstance(app.top(), CoverScene)
    assert not scene.human_to_move()
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1, touch=False)])
    assert app.top() is scene and scene.human_to_move()


def test_autosave_after_every_action_restores_the_game(app):
    scene = play(app)
    app.frame(key(pygame.K_r))
    app.frame(key(pygame.K_r))
    rec = load_save(latest_autosave())
    assert rec.actions == scene.session.record.actions
    restored = Session(rec, autosave=False)
    assert restored.state.to_json() == scene.state.to_json()


def test_bad_save_gets_a_message_and_is_left_untouched(app, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "paperwars-save", "version": 2, "record": {"format": "paper')
    before = bad.read_bytes()
    menu = app.top()
    assert not menu.open_save(bad)
    assert "damaged or cut short" in app.toast_text
    assert bad.read_bytes() == before
    assert isinstance(app.top(), MenuScene)


def test_resize_relayouts_every_scene(app):
    play(app)
    app.frame([pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700))])
    assert app.size == (1000, 700)
    assert app.top().view.rect.width == 1000 - 300 - 16


def test_f12_saves_a_screenshot(app):
    path = app.screenshot()
    assert path.exists() and path.stat().st_size > 1000


def test_rules_markdown_renders_headings_and_bullets():
    html = markdown_to_html("# Title\n- one **bold**")
    assert "<b>Title</b>" in html and "&bull; one <b>bold</b>" in html


def test_monkey_on_play_scene_keeps_state_valid():
    out = monkey_run("pig", seats=["human", "random"], steps=600, seed=3)
    assert out["steps"] == 600
    assert out["actions"] > 0


def test_monkey_on_menu_and_setup(app):
    out = monkey(app, 500, seed=9, keep=lambda a: MenuScene(a), keep_type=MenuScene)
    assert out["steps"] == 500


def test_settings_persist(app, tmp_path):
    app.prefs.volume = 0.25
    app.prefs.save()
    from game.ui.prefs import Prefs

    assert Prefs.load().volume == 0.25
    Prefs.path().write_text("{broken")
    p = Prefs.load()
    assert p.volume == 0.6 and "left as it is" in p.problem
    assert json.loads(json.dumps({"ok": 1}))


class _Anim:
    """A stand-in animation on the Pig view: busy for ``left`` seconds of updates."""

    def __init__(self, view, seconds):
        self.left = seconds
        view.busy = lambda: self.left > 0
        view.update = self.update

    def update(self, dt):
        self.left -= dt


def test_click_or_space_skips_a_running_animation_without_acting(app):
    scene = play(app)
    anim = _Anim(scene.view, 30.0)
    app.frame([])
    before = scene.state.to_json()
    for _ in range(30):  # half a second of frames: the skip hint shows
        scene.update(1 / 60)
    assert scene._busy_for > 0.4
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    app.frame(key(pygame.K_SPACE))
    assert anim.left <= 0 and not scene.view.busy()
    assert scene.state.to_json() == before  # the skip key did not roll
    anim.left = 30.0
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=scene.view.rect.center, button=1, touch=False)])
    assert anim.left <= 0
    assert scene.state.to_json() == before  # nor did the skip click
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=scene.view.rect.center, button=1, touch=False)])
    assert len(scene.session.record.actions) == 1  # once the animation is over, a click rolls again


def test_a_note_beside_a_point_stays_on_the_board_and_hides_what_is_under_it(app):
    from game.ui import paper

    board = pygame.Rect(100, 100, 400, 300)
    surf = pygame.Surface((800, 600))
    surf.fill((0, 0, 0))
    r = paper.note(surf, "fire 3D6 needs 6: 95% to damage", (480, 390), 16, within=board)
    assert board.contains(r)  # flipped to the left of the point and moved up, not cut off
    assert r.right <= 480 - 24 + 1
    # the scrap under the words is paper, not the black board below
    corner = (r.left - 2, r.top)
    assert surf.get_at(corner)[:3] != (0, 0, 0)


def test_load_screen_names_each_save_and_flags_a_damaged_one_without_touching_it(app, tmp_path):
    from game.saves import describe_save, saves_dir
    from game.ui.scenes.load import LoadScene

    sess = Session.new("pig", {}, 4, ["human", "human"], autosave=False)
    sess.submit(sess.state.legal_actions()[0])
    good = saves_dir() / "pig-game.json"
    sess.save_as(good)
    bad = saves_dir() / "torn.json"
    bad.write_text('{"format": "paperwars-save", "vers', encoding="utf-8")
    before = bad.read_bytes()
    assert describe_save(good).startswith("Pig: in progress, 1 action · ")
    assert "damaged" in describe_save(bad) and bad.read_bytes() == before
    scene = LoadScene(app)
    app.push(scene)
    app.frame([])
    assert scene.labels[describe_save(good)] == good and scene.labels[describe_save(bad)] == bad


def test_the_loop_rests_on_an_idle_menu_and_a_board_waiting_for_a_person(app):
    import time

    now = time.monotonic()
    assert app.next_wake(now + 10) is None  # the menu: nothing to draw until input
    scene = play(app)
    assert app.next_wake(now + 10) is None  # a person to move: sleep
    anim = _Anim(scene.view, 1.0)
    assert app.next_wake(now + 10) == 0.0  # an animation: every frame
    anim.left = 0
    scene.session.seats[scene.state.current_player()] = "random"
    assert app.next_wake(now + 10) == 0.0  # a computer seat to move: keep going


def test_the_loop_draws_only_when_something_changed(app, monkeypatch):
    import game.ui.app as app_mod

    clock = [1000.0]
    drawn = []
    monkeypatch.setattr(app, "draw", lambda: drawn.append(clock[0] - 1000))
    monkeypatch.setattr(app_mod.time, "monotonic", lambda: clock[0])
    waits = [[], [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))]] + [[]] * 40
    moved_at = []
    polls = []

    def fake_wait(timeout, poll=app_mod.POLL):
        polls.append((clock[0] - 1000, poll))
        clock[0] += timeout
        if not waits:
            app.running = False
            return []
        got = waits.pop(0)
        if got:
            moved_at.append(clock[0] - 1000)
        return got

    class Clock:
        def tick(self, fps=0):
            clock[0] += 1 / 60

    monkeypatch.setattr(app_mod, "wait_for_events", fake_wait)
    monkeypatch.setattr(app, "clock", Clock())
    monkeypatch.setattr(app, "close", lambda: None)
    app.run()
    t = moved_at[0]
    assert clock[0] - 1000 > 30  # the loop went on sleeping long after the last input
    fast = [d for d in drawn if t <= d <= t + 1.0]
    settle = [d for d in drawn if t + 1.1 < d]
    assert len(fast) >= 55  # full rate for a second after the input
    assert all(b - a >= 0.24 for a, b in zip(settle, settle[1:], strict=False))  # then 4 frames a second ...
    assert settle and max(settle) <= t + 5.3  # ... and then none at all
    # resting (settle period over): the loop looks for input less often
    assert all(p == app_mod.POLL_RESTING for d, p in polls if d > t + 5.5)
    assert any(p == app_mod.POLL for d, p in polls if t < d < t + 5.0)


def test_game_over_panel_closes_to_study_the_board_and_opens_again(app):
    scene = play(app, seats=("random", "random"))
    while not scene.state.is_over():
        app.frame([])
    app.frame([])
    assert isinstance(app.top(), GameOverScene)
    app.frame(key(pygame.K_ESCAPE))
    assert app.top() is scene and scene.result_button.visible
    app.frame(key(pygame.K_r))
    assert isinstance(app.top(), GameOverScene)


def test_continue_is_offered_only_for_an_unfinished_game(app):
    from game.saves import saves_dir

    scene = play(app, seats=("random", "random"))
    while not scene.state.is_over():
        app.frame([])
    app.frame([])
    assert latest_autosave() is None  # the finished game left the games in progress ...
    kept = list(saves_dir().glob("pig-finished-*.json"))
    assert len(kept) == 1 and load_save(kept[0]).actions == scene.session.record.actions  # ... for Load
    app.reset_to(MenuScene(app))
    assert "continue" not in app.top().buttons.values()
    scene = play(app)
    app.frame(key(pygame.K_r))
    app.reset_to(MenuScene(app))
    assert "continue" in app.top().buttons.values()


def test_computer_seats_are_offered_by_strength_strongest_last_and_unknown_agents_skipped(app):
    from game import registry
    from game.registry import Strength, strengths

    rs = registry.get("space")
    assert [st.label for st in strengths(rs)] == ["Beginner", "Easy", "Normal", "Hard"]
    assert [st.agent for st in strengths(rs)][-1] == "hard"
    tigers = registry.get("tigers")
    assert all(st.agent in tigers.agent_names() for st in strengths(tigers))  # greedy only once it exists
    setup = SetupScene(app, rs)
    app.push(setup)
    app.frame([])
    assert setup.seat_options() == ["Person", "Computer: Beginner", "Computer: Easy", "Computer: Normal",
                                    "Computer: Hard"]
    drop = setup.seat_drops[1]
    app.frame([pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="Computer: Hard", ui_element=drop)])
    assert setup.seats[1] == "hard"
    assert setup.legend_lines()[-1].startswith("Hard: ")
    registry.STRENGTHS["pig"] = (Strength("Easy", "random", "x."), Strength("Hard", "nobody", "y."))
    try:
        assert [st.agent for st in strengths(registry.get("pig"))] == ["random", "ai"]
    finally:
        del registry.STRENGTHS["pig"]


def test_seat_names_follow_the_palette(app):
    from game.ui.scenes.settings import apply_palette

    try:
        apply_palette("high contrast")
        setup = SetupScene(app, __import__("game.registry").registry.get("tigers"))
        assert setup.seat_name(0) == "Black" and setup.seat_name(1) == "Red"
        from game.ui import paper

        assert paper.seat_words("Blue fires at Orange's gun; Bluebell stays.", ["Blue", "Orange"]) == \
            "Black fires at Red's gun; Bluebell stays."
        assert paper.seat_words("Player 1 wins.", ["Player 1", "Player 2"]) == "Player 1 wins."
    finally:
        apply_palette("colour-blind safe")


def test_replay_watch_on_the_command_line_refuses_a_damaged_file_with_one_line(tmp_path, capsys):
    from game.cli import main

    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["replay", str(bad), "--watch"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("paperwars replay: bad.json:") and len(err.strip().splitlines()) == 1


def test_a_refusal_clears_when_the_player_makes_a_new_legal_choice(app):
    scene = play(app)
    app.frame(key(pygame.K_h))  # hold before rolling: refused (P-1)
    assert scene.refusal
    picks = []

    def choose(event):  # a view's selection that is legal but no action yet (e.g. an attack preview)
        if event.type == pygame.MOUSEMOTION:
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_x:
            scene.refuse("Not that one.")
            return True
        picks.append(event)
        return True

    scene.view.handle_event = choose
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0))])
    assert scene.refusal  # looking around is not a choice
    app.frame(key(pygame.K_x))
    assert scene.refusal == "Not that one."  # a refused choice keeps its line
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=scene.view.rect.center, button=1, touch=False)])
    assert picks and scene.refusal == ""


def test_the_margin_log_waits_for_the_board_during_an_animation(app):
    scene = play(app)
    app.frame(key(pygame.K_r))
    before = list(scene.session.log)
    anim = _Anim(scene.view, 1.0)
    scene.submit(scene.state.legal_actions()[0])
    assert len(scene.session.log) > len(before)
    assert scene.visible_log() == before  # the board still shows the earlier position
    anim.left = 0
    assert scene.visible_log() == scene.session.log


def test_setup_labels_speak_words_with_the_rule_id_in_the_tooltip(app):
    from game import registry
    from game.ui.setup import rule_of, words_of

    assert words_of("Winners (A-G6)") == "Winners" and rule_of("Winners (A-G6)") == "Rule A-G6."
    assert words_of("Follow-up (A-V1/V2)") == "Follow-up" and rule_of("Follow-up (A-V1/V2)") == "Rule A-V1/V2."
    setup = SetupScene(app, registry.get("amoeba"))
    app.push(setup)
    app.frame([])
    tips = [w.tool_tip_text for w, (kind, spec) in setup.widgets.items()
            if kind == "setting" and spec.label.startswith("Winners")]
    assert tips and "Rule A-G6." in tips[0]


def test_keyboard_reaches_menu_setup_and_dialogs(app):
    menu = app.top()
    app.frame(key(pygame.K_TAB))
    assert menu.focus == 0
    app.frame(key(pygame.K_RETURN))  # the first card: its setup
    setup = app.top()
    assert isinstance(setup, SetupScene)
    items = setup.focus_items()
    seat = next(i for i, f in enumerate(items) if f.rect == setup.seat_drops[1].get_abs_rect())
    before = setup.seats[1]
    for _ in range(seat + 1):
        app.frame(key(pygame.K_TAB))
    app.frame(key(pygame.K_RIGHT))  # the seat's drop-down: the next choice
    assert setup.seats[1] != before
    app.frame(key(pygame.K_ESCAPE))
    assert app.top() is menu
    scene = play(app)
    app.frame(key(pygame.K_ESCAPE))
    pause = app.top()
    assert isinstance(pause, PauseScene)
    app.frame(key(pygame.K_DOWN))  # Resume
    app.frame(key(pygame.K_RETURN))
    assert app.top() is scene


def test_pause_menu_lists_the_games_keys(app):
    from game import registry
    from game.ui.playing.pause import GAME_KEYS

    assert set(GAME_KEYS) == {m.rsplit(".", 1)[1] for m in registry.KNOWN}
    sess = Session.new("tigers", {}, 3, ["human", "human"], autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    pause = PauseScene(app, scene)
    app.push(pause)
    app.frame([])
    lines = [t for t, *_ in pause.key_lines(pygame.Rect(700, 130, 500, 600))]
    assert "Keys in Paper Tigers" in lines and any(t.startswith("L: line of sight") for t in lines)
    small = [t for t, *_ in pause.key_lines(pygame.Rect(700, 130, 300, 200))]
    assert small == [] or "Keys in Paper Tigers" in small  # whole sections or nothing, never cut


def test_a_paused_game_rests_even_when_a_computer_is_to_move(app):
    import time

    scene = play(app, seats=("random", "random"))
    app.frame(key(pygame.K_ESCAPE))
    assert isinstance(app.top(), PauseScene)
    assert scene.next_wake() == 0.0  # the computer would move ...
    assert app.next_wake(time.monotonic() + 10) is None  # ... but the pause menu is on top: rest


@pytest.mark.parametrize("game", ["amoeba", "warigami", "space", "tigers", "invasion"])
def test_a_scene_on_top_takes_the_pointer_so_no_hover_stays_drawn(app, game):
    sess = Session.new(game, {}, 5, ["human", "human"], autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    centre = scene.view.rect.center if hasattr(scene.view, "rect") else (640, 400)
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(1, 1), buttons=(0, 0, 0), touch=False)])
    app.frame(key(pygame.K_ESCAPE))
    assert isinstance(app.top(), PauseScene)
    app.frame([])
    if game == "tigers":
        assert not scene.view.table_rect().collidepoint(scene.view.mouse)


@pytest.mark.parametrize("leave", ["pause menu", "out of the window"])
def test_tigers_hover_card_is_gone_once_the_pointer_is_taken_away(app, leave):
    """A scene on top (Esc opens the pause menu) or the pointer leaving the window: no hover card stays."""
    from game.ui.views import tigers as tv

    sess = Session.new("tigers", {"level": "tank_battle"}, 2, ["human", "human"], autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    v = scene.view
    u = sess.state.units[0]
    at = tuple(int(c) for c in v.px(u.x, u.y))
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 1), buttons=(0, 0, 0), touch=False)])
    drawn = []
    orig = tv.TigersView.hover_card
    tv.TigersView.hover_card = lambda self, surf, unit: drawn.append(unit.id)
    try:
        scene.draw(app.screen)
        assert drawn == [0]
        app.frame(key(pygame.K_ESCAPE) if leave == "pause menu" else [pygame.event.Event(pygame.WINDOWLEAVE)])
        drawn.clear()
        scene.draw(app.screen)
        assert drawn == []
    finally:
        tv.TigersView.hover_card = orig


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800)])
def test_setup_lists_every_computer_level_clear_of_the_scenario_description(size):
    from game import registry
    from game.registry import strengths

    a = make_app(size, headless=True)
    try:
        sc = SetupScene(a, registry.get("tigers"))
        a.push(sc)
        a.frame([])
        used = len(sc.legend_lines()) * sc.legend_step
        assert sc.description and sc.legend_lines() and sc.legend_at.y + used <= sc.describe_top
        # every level is described, Normal and Hard too (at 1280 x 800 the space under the two
        # seats held only Beginner and Easy; the settings' column has room under its two settings)
        shown = " ".join(sc.legend_lines())
        assert all(f"{st.label}: " in shown for st in strengths(registry.get("tigers")))
        assert sc.legend_lines() == sc.legend_lines(whole=True)
    finally:
        a.close()


def test_load_screen_opens_a_bare_record_and_calls_another_file_not_a_save_not_damaged(app):
    import json

    from game import registry
    from game.saves import describe_save, load_save, saves_dir
    from game.ui.scenes.load import LoadScene

    sess = Session.new("pig", {}, 4, ["human", "human"], autosave=False)
    sess.submit(sess.state.legal_actions()[0])
    title = registry.get("pig").title
    rec = saves_dir() / "pig-record.json"
    rec.write_text(json.dumps(sess.record.to_json()), encoding="utf-8")
    other = saves_dir() / "notes.json"
    other.write_text('{"title": "my notes"}', encoding="utf-8")
    before = other.read_bytes()
    # a record holds the whole game: it is listed and opens like a save
    assert describe_save(rec).startswith(f"{title} record: in progress, 1 action · ")
    assert load_save(rec).actions == sess.record.actions
    # a JSON file that is no save at all is named for what it is, and left alone
    assert describe_save(other) == "notes.json: not a Paper Wars save"
    assert other.read_bytes() == before
    scene = LoadScene(app)
    app.push(scene)
    app.frame([])
    assert scene.labels[describe_save(rec)] == rec


def test_escape_over_an_open_dropdown_closes_the_list_only(app):
    from game import registry

    setup = SetupScene(app, registry.get("space"))
    app.push(setup)
    app.frame([])
    drop = setup.seat_drops[1]
    button = drop.current_state.selected_option_button  # the player clicks the closed list
    app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button, ui_object_id="")])
    app.frame([])
    assert drop.current_state is drop.menu_states["expanded"]
    app.frame(key(pygame.K_ESCAPE))
    assert app.top() is setup  # still on the setup screen
    assert drop.current_state is drop.menu_states["closed"]
    app.frame(key(pygame.K_ESCAPE))  # a second Esc, with nothing open, leaves as before
    assert app.top() is not setup


@pytest.mark.parametrize("size", [(1280, 800), (1024, 600), (1920, 1080)])
def test_game_over_and_lesson_end_panels_sit_over_the_board_not_the_log(size):
    from game.lessons import list_lessons
    from game.ui.scenes.lesson import LessonEndScene, LessonScene

    app = make_app(size, headless=True)
    try:
        lesson = list_lessons("amoeba")[0]
        scene = LessonScene(app, lesson)
        app.push(scene)
        app.frame([])
        margin_x = app.size[0] - scene.margin_w
        for panel in (GameOverScene(app, scene), LessonEndScene(app, lesson)):
            app.push(panel)
            app.frame([])
            rect = panel.panel_rect()
            assert rect.right <= margin_x, f"{type(panel).__name__} covers the log at {size}"
            assert all(b.rect.right <= margin_x and rect.contains(b.rect) for b in panel.buttons)
            app.pop()
    finally:
        app.close()


def test_the_volume_row_says_its_number_and_follows_the_slider(app):
    from game.ui.scenes.settings import SettingsScene

    app.prefs.volume = 0.6
    scene = SettingsScene(app)
    app.push(scene)
    app.frame([])
    assert "Volume 60%" in scene.row_labels()
    app.frame([pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, value=35, ui_element=scene.volume,
                                  ui_object_id="")])
    assert "Volume 35%" in scene.row_labels()


def test_level_lists_show_titles_and_pick_the_level_behind_the_title(app):
    from game import registry
    from game.levels import level_title, list_levels

    assert level_title("tigers", "village_fight") == "Village fight"  # the file's title
    assert level_title("tigers", "no_such_place") == "No such place"  # no file: the name in words
    assert level_title("tigers", "../../etc/passwd")  # not a level name: words, nothing read, no raise
    setup = SetupScene(app, registry.get("tigers"))
    app.push(setup)
    app.frame([])
    drop = next(w for w, (kind, spec) in setup.widgets.items() if kind == "setting" and spec.kind == "level")
    options = [o[0] if isinstance(o, tuple) else o for o in drop.options_list]
    assert "Tank battle" in options and not any("_" in o for o in options)
    assert len(options) >= len(list_levels("tigers"))
    app.frame([pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="Tank battle", ui_element=drop)])
    assert setup.values["level"] == "tank_battle"


def test_amoeba_variants_say_in_a_sentence_what_they_do(app):
    from game import registry

    setup = SetupScene(app, registry.get("amoeba"))
    setup.values["simultaneous"] = True  # "Fleeing loses" applies to simultaneous turns
    app.push(setup)
    app.frame([])
    tips = {spec.key: w.tool_tip_text for w, (kind, spec) in setup.widgets.items() if kind == "setting"}
    assert "kills at most half the defending troops (rounded down) plus k" in tips["partial_kill"]
    assert "troops that move out of a country that is attacked" in tips["flee_loss"]
    assert "troops may move into the emptied country" in tips["follow_up"]
    assert all(tips[k].startswith(("An ", "After ", "With ")) and "Rule A-V" in tips[k]
               for k in ("partial_kill", "flee_loss", "follow_up"))


def test_pick_a_save_first_sits_above_the_buttons_and_a_good_save_is_no_warning(app):
    from game.ui.scenes.load import LoadScene

    scene = play(app, autosave=False)
    pause = PauseScene(app, scene)
    app.push(pause)
    app.frame([])
    save = next(b for b, k in pause.buttons.items() if k == "save")
    app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=save, ui_object_id="")])
    assert app.toast_text.startswith("Saved to ") and app.toast_good
    app.toast("Could not save: disk full.", 6)
    assert not app.toast_good  # trouble keeps the warning frame
    load = LoadScene(app)
    app.push(load)
    app.frame([])
    app.toast_text = ""
    app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=load.open, ui_object_id="")])
    assert load.message == "Pick a saved game first." and app.toast_text == ""  # not a toast over the buttons
    assert app.top() is load
    app.pop()
    from game.saves import saves_dir

    for path in saves_dir().glob("*.json"):  # the test's own home folder (conftest)
        path.unlink()
    empty = LoadScene(app)
    app.push(empty)
    app.frame([])
    assert not empty.files and not empty.list.visible  # the "No saved games yet" line is not covered


def test_a_toast_is_as_wide_as_its_words_and_a_click_on_it_puts_it_away(app, monkeypatch):
    """A short toast leaves the buttons at the window's bottom corners uncovered; clicking it
    dismisses it, and that click does nothing on the board under it."""
    scene = play(app)
    app.toast("Saved.", 8)
    rect = app.toast_rect()
    assert rect is not None and rect.width < 200 and rect.centerx == app.size[0] // 2
    got: list[int] = []
    monkeypatch.setattr(scene, "handle_event", lambda e: got.append(e.type))
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1, touch=False)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1, touch=False)
    app.frame([down, up])
    assert app.toast_text == "" and app.toast_rect() is None and got == []
    app.frame([down, up])  # no toast now: the same click reaches the scene
    assert pygame.MOUSEBUTTONDOWN in got and pygame.MOUSEBUTTONUP in got


def test_the_replay_viewers_pause_menu_offers_no_save(app):
    from game.ui.scenes.replay import ReplayPauseScene

    scene, _, _ = _replay_of_a_finished_game(app)
    app.frame(key(pygame.K_ESCAPE))
    pause = app.top()
    assert isinstance(pause, ReplayPauseScene)
    assert "save" not in pause.buttons.values() and "resume" in pause.buttons.values()
    listed = " ".join(text for text, *_ in pause.key_lines(pygame.Rect(0, 0, 420, 600)))
    assert "Keys in the replay" in listed and "play / pause" in listed and "undo" not in listed
    app.frame(key(pygame.K_ESCAPE))
    assert app.top() is scene


def test_setup_dropdown_tooltip_shows_when_the_mouse_rests_on_it_but_not_over_its_open_list(app, monkeypatch):
    """pygame_gui gives a drop-down's tooltip to its frame, but the mouse rests on the button that
    shows the choice: the sentence must appear there, before and after the list was opened, and
    never over the open list."""
    from game import registry

    setup = SetupScene(app, registry.get("amoeba"))
    setup.values["simultaneous"] = True
    app.push(setup)
    app.frame([])
    drop = next(w for w, (kind, spec) in setup.widgets.items() if kind == "setting" and spec.key == "follow_up")
    setup_page_shows = drop.visible
    assert setup_page_shows

    def hover():
        button = drop.current_state.selected_option_button
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: button.rect.center)
        for _ in range(40):
            app.frame([], 0.1)
        return button

    button = hover()
    assert button.tool_tip is not None and "troops may move into the emptied country" in button.tool_tip_text
    drop.current_state.finish()  # open the list and close it again: pygame_gui builds a new button
    drop.current_state = drop.menu_states["expanded"]
    drop.current_state.start()
    # open, the list is what the player reads: no tooltip falls over it, however long the mouse rests
    button = hover()
    assert button.tool_tip is None and not button.tool_tip_text
    drop.current_state.finish()
    drop.current_state = drop.menu_states["closed"]
    drop.current_state.start()
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (0, 0))
    app.frame([], 0.1)
    button = hover()
    assert button.tool_tip is not None
