"""Every scene lays out at common window sizes: widgets inside the window, none overlapping,
no button label cut off.  Headless (dummy driver); widgets are pygame_gui elements."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game import registry
from game.session import Session
from game.ui.main import make_app

SIZES = [(1024, 600), (1366, 768), (1920, 1080), (3840, 2160)]
GAMES = [m.rsplit(".", 1)[1] for m in registry.KNOWN]


def _widgets(app):
    """The visible widgets a scene or view placed: children of a scene's box or of the root (a
    drop-down's own parts, a list's rows and scroll bars are judged by their element)."""
    homes = {id(sc.box) for sc in app.scenes if sc.box is not None} | {id(app.ui.get_root_container())}
    out = []
    for el in app.ui.get_sprite_group().sprites():
        if not getattr(el, "visible", True) or type(el).__name__ in ("UIContainer", "UITooltip", "UIRootContainer"):
            continue
        parent = getattr(el, "ui_container", None)
        if id(parent) not in homes or not getattr(parent, "visible", True):
            continue
        owner = getattr(el, "parent_element", None)
        if owner is not None and owner is not parent:
            continue
        out.append(el)
    return out


def check(app, where):
    app.frame([])
    w, h = app.size
    window = pygame.Rect(0, 0, w, h)
    els = _widgets(app)
    problems = []
    for el in els:
        r = el.get_abs_rect()
        if not window.contains(r):
            problems.append(f"{where}: {type(el).__name__} {getattr(el, 'text', '')!r} at {r} leaves the window")
        text = getattr(el, "text", None)
        if isinstance(el, pygame_gui.elements.UIButton) and text:
            font = el.font if hasattr(el, "font") else None
            if font is not None and font.size(text)[0] > r.width - 4:
                problems.append(f"{where}: button {text!r} is cut ({font.size(text)[0]} > {r.width - 4})")
    for i, a in enumerate(els):
        for b in els[i + 1:]:
            if a.get_abs_rect().colliderect(b.get_abs_rect()):
                problems.append(f"{where}: {getattr(a, 'text', type(a).__name__)!r} {a.get_abs_rect()} overlaps "
                                f"{getattr(b, 'text', type(b).__name__)!r} {b.get_abs_rect()}")
    assert not problems, "\n".join(problems)


#: (window, UI scale %): every size at 100%, and the big scales where people use them.
CASES = [(s, 100) for s in SIZES] + [((1366, 768), 125), ((1920, 1080), 150), ((3840, 2160), 200)]


@pytest.fixture(params=CASES, ids=lambda c: f"{c[0][0]}x{c[0][1]}@{c[1]}")
def app(request):
    size, scale = request.param
    a = make_app(size, headless=True)
    if scale != 100:
        a.set_ui_scale(scale)
    yield a
    a.close()


def test_menu_settings_load(app):
    from game.ui.scenes.load import LoadScene
    from game.ui.scenes.settings import SettingsScene

    check(app, "menu")
    for scene in (SettingsScene(app), LoadScene(app)):
        app.push(scene)
        check(app, type(scene).__name__)
        app.pop()


@pytest.mark.parametrize("name", GAMES)
def test_setup_play_and_overlays(app, name):
    from game.ui.scenes.cover import CoverScene
    from game.ui.scenes.gameover import GameOverScene
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.setup import SetupScene

    rs = registry.get(name)
    app.push(SetupScene(app, rs))
    check(app, f"{name} setup")
    app.pop()
    n = rs.make_game(rs.bench_level).num_players
    play = PlayScene(app, Session.new(name, dict(rs.bench_level), 3, ["human"] * n, autosave=False))
    app.push(play)
    check(app, f"{name} play")
    for extra in (PauseScene(app, play), RulesScene(app, rs), CoverScene(app, play, 0), GameOverScene(app, play)):
        app.push(extra)
        check(app, f"{name} {type(extra).__name__}")
        app.pop()
    app.pop()
    from game.engine import Chance
    from game.ui.scenes.replay import ReplayScene

    sess = play.session
    rng = Chance(5)
    for _ in range(8):
        if sess.state.is_over():
            break
        sess.submit(sess.state.random_action(rng), save=False)
    replay = ReplayScene(app, sess.record)
    app.push(replay)
    replay.jump(4)
    check(app, f"{name} replay")


def test_first_window_fits_ninety_percent_of_the_usable_desktop(monkeypatch):
    import game.ui.app as app_mod

    monkeypatch.setattr(app_mod, "usable_desktop", lambda: (1366, 728))  # a laptop with a task bar
    assert app_mod.fit_window((1280, 800)) == (1229, 655)
    monkeypatch.setattr(app_mod, "usable_desktop", lambda: (3840, 2100))
    assert app_mod.fit_window((1280, 800)) == (1280, 800)  # the player's own size when it fits


def test_ui_scale_is_a_setting_that_scales_widgets_and_margins_and_persists():
    from game.ui.prefs import Prefs
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.settings import SettingsScene

    app = make_app((1920, 1080), headless=True)
    try:
        play = PlayScene(app, Session.new("tigers", {}, 3, ["human", "human"], autosave=False))
        app.push(play)
        app.push(SettingsScene(app))
        app.frame([])
        width = play.undo_button.relative_rect.width
        scene = app.top()
        app.frame([pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="150%", ui_element=scene.scale)])
        assert app.scale == 1.5 and play.margin_w == 450
        assert play.undo_button.relative_rect.width > width * 1.4
        assert play.view.rect.width == 1920 - 450 - 16
        scene.close()
        assert Prefs.load().ui_scale == 150
    finally:
        app.close()
