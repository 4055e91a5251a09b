"""The replay viewer shows the state at the chosen action and nothing that invites a move
(issue 32): no view's buttons, pools, pickers or prompts for the seat to move, in all five
games, and no panel left over from another point of the game (Tigers' dice).  Headless;
the games are played by the random player from fixed seeds."""

from __future__ import annotations

import pygame_gui
import pytest

from game import registry
from game.session import Session
from game.ui.main import make_app
from game.ui.scenes.replay import ReplayScene

GAMES = ("amoeba", "warigami", "space", "tigers", "invasion")
#: What the live board draws for the person to move (and a replay must not).
LIVE_TEXTS = ("Pool:", "places...", "Placing:", "keys 1-5", "How many?", "HB pencil", "Your squad",
              "Tape (T)", "Sight (L)", "Fit (0)")
WIDGETS = (pygame_gui.elements.UIButton, pygame_gui.elements.UITextEntryLine, pygame_gui.elements.UIDropDownMenu,
           pygame_gui.elements.UIHorizontalSlider)


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def finished_record(name: str, seed: int = 3, most: int = 600):
    rs = registry.get(name)
    n = rs.game_cls(dict(rs.bench_level)).num_players
    sess = Session.new(name, dict(rs.bench_level), seed, ["random"] * n, autosave=False)
    agents = [rs.make_agent("random", sess.state.game, seed + i) for i in range(n)]
    while not sess.state.is_over() and len(sess.record.actions) < most:
        sess.submit(agents[sess.state.current_player()].choose(sess.state.clone()), save=False)
    return sess


def drawn_texts(app, monkeypatch) -> list[str]:
    """Every string the frame writes with the pencil font."""
    from game.ui import paper

    seen: list[str] = []
    real = paper.text

    def spy(surf, s, *args, **kwargs):
        seen.append(str(s))
        return real(surf, s, *args, **kwargs)

    monkeypatch.setattr(paper, "text", spy)
    app.frame([], 0.01)
    monkeypatch.setattr(paper, "text", real)
    return seen


def live_widgets(app, scene: ReplayScene) -> list[str]:
    """Visible widgets that are not the replay's own (tape, speed, Rules, Menu)."""
    own = set(scene.controls) | {scene.rules_button, scene.menu_button}
    return [getattr(el, "text", type(el).__name__) for el in app.ui.get_sprite_group().sprites()
            if isinstance(el, WIDGETS) and el.visible and el not in own]


@pytest.mark.parametrize("name", GAMES)
def test_a_replay_shows_no_live_control_at_any_point(name, app, monkeypatch):
    sess = finished_record(name)
    scene = ReplayScene(app, sess.record)
    app.reset_to(scene)
    app.frame([])
    scene.press("play")  # pause
    n = len(scene.full)
    for target in sorted({0, 1, 2, 3, n // 4, n // 2, (3 * n) // 4, n}):
        scene.jump(target)
        texts = drawn_texts(app, monkeypatch)
        assert live_widgets(app, scene) == [], (target, live_widgets(app, scene))
        bad = [t for t in texts if any(live in t for live in LIVE_TEXTS)]
        assert not bad, (target, bad)
        assert not any(live in line for line in scene.view.margin_lines() for live in LIVE_TEXTS), target
        assert scene.state.to_json() == Session(type(sess.record)(
            sess.record.game, dict(sess.record.settings), sess.record.seed, sess.record.actions[:target],
            dict(sess.record.pins), sess.record.rules_version, list(sess.record.seats)), autosave=False).state.to_json()
    # the live game itself still shows its controls (the mechanism is the replay's, not a lost button)
    from game.ui.playing.scene import PlayScene

    live = PlayScene(app, Session.new(name, dict(registry.get(name).bench_level), 3,
                                      ["human"] * sess.state.game.num_players, autosave=False))
    app.reset_to(live)
    app.frame([])
    assert not live.view.replaying and scene.view.replaying


def test_T_replay_dice_panel_shows_the_last_rolls_up_to_the_action_on_the_board(app):
    sess = finished_record("tigers")
    scene = ReplayScene(app, sess.record)
    app.reset_to(scene)
    app.frame([])
    scene.press("play")

    def rolls_until(k: int) -> list:
        events = list(getattr(sess.record.start(), "opening", []))
        events += [e for step in sess.history[:k] for e in step.events]
        return [e.data["dice"] for e in events if e.kind == "roll" and e.data.get("dice")][-3:]

    for target in (len(scene.full), len(scene.full) // 2, 1, 0):
        scene.jump(target)
        app.frame([])
        assert [entry["dice"] for entry in scene.view.rolls[-3:]] == rolls_until(target), target
    assert rolls_until(len(scene.full)) != rolls_until(0)  # the end shows other dice than the first turn


def test_S_replay_paper_is_centred_without_the_empty_tool_column(app):
    """Pencil Space Combat keeps a tool column left of the paper for its buttons; a replay has no
    buttons, so the paper sits in the middle of the board's room instead of beside an empty column."""
    sess = finished_record("space")
    scene = ReplayScene(app, sess.record)
    app.reset_to(scene)
    app.frame([])
    view = scene.view
    sheet, room = view.paper_rect(), view.rect
    assert abs((sheet.left - room.left) - (room.right - sheet.right)) <= 4, (sheet, room)


def test_A_V8_replay_of_a_finished_game_names_the_secret_choices(app):
    """A-V8 (simultaneous turns): while a game runs, a secret choice stays "(a secret choice)" in
    the log; once it is over every choice has been shown, so the replay's move list names them."""
    rs = registry.get("amoeba")
    settings = {**dict(rs.bench_level), "simultaneous": True}
    sess = Session.new("amoeba", settings, 3, ["random", "random"], autosave=False)
    agents = [rs.make_agent("random", sess.state.game, 3 + i) for i in range(2)]
    while not sess.state.is_over() and len(sess.record.actions) < 900:
        sess.submit(agents[sess.state.current_player() % 2].choose(sess.state.clone()), save=False)
    assert sess.state.is_over() and any(step.hidden for step in sess.history)
    scene = ReplayScene(app, sess.record)
    assert not [e for e in scene.entries if e.notation == "(a secret choice)"]
    secret = next(k for k, step in enumerate(sess.history) if step.hidden)
    assert scene.entries[secret].notation == sess.history[secret].action.notation()
