"""Every scene lays out at every offered window size and UI scale: widgets inside the window,
none overlapping, no button label or drop-down row cut off, the words a scene writes inside
the window and clear of its widgets.  Headless (dummy driver); widgets are pygame_gui elements."""

from __future__ import annotations

import gc

import pygame
import pygame_gui
import pytest

from game import registry
from game.i18n import tr
from game.session import Session
from game.ui import paper
from game.ui.app import MIN_SIZE, App
from game.ui.main import make_app
from game.ui.scenes.settings import SCALES

#: The window sizes the tests vouch for: the smallest the window can be made, the common
#: laptop and desktop sizes, the first window (1280x800) and a 4K screen.
SIZES = [MIN_SIZE, (1024, 600), (1280, 800), (1366, 768), (1920, 1080), (3840, 2160)]
OFFERED = [int(s.rstrip("%")) for s in SCALES]
GAMES = [m.rsplit(".", 1)[1] for m in registry.KNOWN]


def every_size_and_scale() -> list[tuple[tuple[int, int], int]]:
    """(window, percent) for every offered size and every offered UI scale.  A window too small
    for a scale uses the largest that fits (App.fit_scale), which lays out exactly like that
    scale, so each scale a window really uses is listed once."""
    out = []
    for size in SIZES:
        used = set()
        for percent in OFFERED:
            scale = App.fit_scale(percent, size)
            if scale not in used:
                used.add(scale)
                out.append((size, percent))
    return out


CASES = every_size_and_scale()


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


def _name(el) -> str:  # type: ignore[no-untyped-def]
    text = getattr(el, "text", None)
    if isinstance(el, pygame_gui.elements.UIDropDownMenu):
        text = el.selected_option[0]
    return f"{type(el).__name__} {text!r}" if text else type(el).__name__


def _label_cut(el) -> str:  # type: ignore[no-untyped-def]
    """Why the label of a button (or a closed drop-down) does not fit it, or ""."""
    if isinstance(el, pygame_gui.elements.UIDropDownMenu):
        button = getattr(el.current_state, "selected_option_button", None)
        if button is None:
            return ""
        el, text = button, el.selected_option[0]
    elif isinstance(el, pygame_gui.elements.UIButton):
        text = el.text
    else:
        return ""
    if not text or getattr(el, "font", None) is None:
        return ""
    tw, th = el.font.size(text)
    r = el.get_abs_rect()
    if tw > r.width - 4 or th > r.height:
        return f"label {text!r} ({tw}x{th}) is cut by its {r.width}x{r.height} button"
    return ""


def drawn_words(app) -> list[tuple[pygame.Rect, str]]:
    """The words the top scene writes in one frame (paper.text), as the boxes their ink covers."""
    got: list[tuple[pygame.Rect, str]] = []
    real = paper.text

    def spy(surf, s, pos, size=20, colour=paper.INK, anchor="topleft", bold=False, translate=True):  # type: ignore[no-untyped-def]
        rect = real(surf, s, pos, size, colour, anchor, bold, translate)
        if s.strip():
            shown = tr(s) if translate else str(s)  # measured as drawn: in the player's language
            ink = paper._text_surface(shown, size, tuple(colour), bold).get_bounding_rect()
            got.append((ink.move(rect.topleft), s))
        return rect

    paper.text = spy  # type: ignore[assignment]
    try:
        app.top().draw(app.screen.copy())
    finally:
        paper.text = real  # type: ignore[assignment]
    return got


def check(app, where, words: bool = True):  # type: ignore[no-untyped-def]
    """Widgets (and, with ``words``, the top scene's own writing and a menu's cards) inside the
    window, apart from each other, labels not cut."""
    app.frame([])
    w, h = app.size
    window = pygame.Rect(0, 0, w, h)
    els = _widgets(app)
    problems = []
    for el in els:
        r = el.get_abs_rect()
        if not window.contains(r):
            problems.append(f"{where}: {_name(el)} at {r} leaves the window")
        cut = _label_cut(el)
        if cut:
            problems.append(f"{where}: {cut}")
    for i, a in enumerate(els):
        for b in els[i + 1:]:
            if a.get_abs_rect().colliderect(b.get_abs_rect()):
                problems.append(f"{where}: {_name(a)} {a.get_abs_rect()} overlaps {_name(b)} {b.get_abs_rect()}")
    if words:
        top = app.top()
        boxes = [(el.get_abs_rect(), _name(el)) for el in els if top.box is not None and el.ui_container is top.box]
        cards = [(rect, f"card {rs.name}") for rect, rs in getattr(top, "cards", [])]
        for rect, name in cards:
            if not window.contains(rect):
                problems.append(f"{where}: {name} at {rect} leaves the window")
            for other, what in boxes + [c for c in cards if c[1] != name]:
                if rect.colliderect(other) and name < what:
                    problems.append(f"{where}: {name} {rect} overlaps {what} {other}")
        texts = drawn_words(app)
        for i, (rect, s) in enumerate(texts):
            if not window.contains(rect):
                problems.append(f"{where}: the words {s!r} at {rect} leave the window")
            home = [c for c, _ in cards if c.contains(rect)]
            for other, what in boxes + [c for c in cards if c[0] not in home]:
                if rect.colliderect(other):
                    problems.append(f"{where}: the words {s!r} {rect} are under {what} {other}")
            for other, t in texts[i + 1:]:
                if rect.colliderect(other):
                    problems.append(f"{where}: the words {s!r} {rect} run into {t!r} {other}")
    assert not problems, "\n".join(problems)


def check_open_drop_downs(app, where):  # type: ignore[no-untyped-def]
    """Open each drop-down of the top scene in turn: its list inside the window, every row as
    tall as its text and as wide as its longest choice."""
    top = app.top()
    problems = []
    w, h = app.size
    window = pygame.Rect(0, 0, w, h)
    for el in _widgets(app):
        if not isinstance(el, pygame_gui.elements.UIDropDownMenu) or el.ui_container is not top.box:
            continue
        el.current_state.should_transition = True
        app.ui.update(0)
        state = el.current_state
        assert state is el.menu_states["expanded"], f"{where}: {_name(el)} did not open"
        rows = state.options_selection_list
        r = rows.get_abs_rect()
        if not window.contains(r):
            problems.append(f"{where}: the open list of {_name(el)} at {r} leaves the window")
        shown = [it["button_element"] for it in rows.item_list if it.get("button_element") is not None]
        if not shown:
            problems.append(f"{where}: the open list of {_name(el)} shows no row")
        else:
            font, width = shown[0].font, shown[0].get_abs_rect().width
            for item in rows.item_list:
                tw, th = font.size(item["text"])
                if th > rows.list_item_height or tw > width - 4:
                    problems.append(f"{where}: row {item['text']!r} ({tw}x{th}) of {_name(el)} is cut by its "
                                    f"{width}x{rows.list_item_height} row")
        state.should_transition = True
        app.ui.update(0)
    assert not problems, "\n".join(problems)


@pytest.fixture(scope="module")
def one_app():
    """One window for the whole module, resized and rescaled for each case as a player would
    (a new App per case costs pygame_gui tens of megabytes that are never given back)."""
    a = make_app(MIN_SIZE, headless=True)
    yield a
    a.close()


@pytest.fixture(params=CASES, ids=lambda c: f"{c[0][0]}x{c[0][1]}@{c[1]}")
def app(request, one_app):
    from game.ui.scenes.menu import MenuScene

    size, scale = request.param
    one_app.reset_to(MenuScene(one_app))
    one_app._resized(size)
    one_app.set_ui_scale(scale)
    assert one_app.size == size and one_app.scale == App.fit_scale(scale, size)
    yield one_app
    one_app.reset_to(MenuScene(one_app))
    paper.reset_caches()  # words drawn at 4K and 200% are big: the next case starts afresh
    gc.collect()


def _a_save() -> None:
    """One saved game, so the Load screen shows its list."""
    from game.saves import saves_dir

    sess = Session.new("tigers", {}, 3, ["human", "human"], autosave=False)
    sess.save_as(saves_dir() / "tigers-20260101-120000.json")


def test_menu_settings_load(app):
    from game.ui.scenes.load import LoadScene
    from game.ui.scenes.settings import SettingsScene

    check(app, "menu")
    app.push(SettingsScene(app))
    check(app, "settings")
    check_open_drop_downs(app, "settings")
    app.pop()
    app.push(LoadScene(app))
    check(app, "load, no saves")
    app.pop()
    _a_save()
    app.push(LoadScene(app))
    check(app, "load")
    app.pop()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("extra", [1, 3])
def test_menu_places_any_number_of_entries(one_app, monkeypatch, size, extra):
    """Other screens add menu entries (Continue, Play online ...): the menu places N of them,
    at the largest scale each window uses, without a fixed count."""
    from game.ui.scenes.menu import MenuScene

    more = [(f"more{i}", f"Another entry {i}") for i in range(extra)]
    monkeypatch.setattr(MenuScene, "entries", lambda self: [("continue", "Continue"), *more, ("load", "Load game"),
                                                            ("settings", "Settings"), ("quit", "Quit")])
    one_app._resized(size)
    one_app.set_ui_scale(OFFERED[-1])
    one_app.reset_to(MenuScene(one_app))
    try:
        menu = one_app.top()
        assert sorted(menu.buttons.values()) == sorted(["continue", "load", "settings", "quit", "credits",
                                                        *(k for k, _ in more)])
        check(one_app, f"menu with {4 + extra} entries")
    finally:
        monkeypatch.undo()
        one_app.reset_to(MenuScene(one_app))


@pytest.mark.parametrize("name", GAMES)
def test_setup_pages_and_their_drop_downs(app, name):
    from game.ui.setup import SetupScene

    setup = SetupScene(app, registry.get(name))
    app.push(setup)
    for page in range(setup.n_pages):
        setup.show_page(page)
        check(app, f"{name} setup page {page + 1}")
        check_open_drop_downs(app, f"{name} setup page {page + 1}")


#: Where a friend's look at a room (the setup screen, read-only) is checked: the smallest
#: window, a small laptop, and large scales.  (Before the tests that close a window of their
#: own: that ends the fonts of the module's window.)
ROOM_CASES = [(MIN_SIZE, 100), ((1024, 600), 100), ((1366, 768), 150), ((1920, 1080), 200)]


@pytest.mark.parametrize("case", ROOM_CASES, ids=lambda c: f"{c[0][0]}x{c[0][1]}@{c[1]}")
@pytest.mark.parametrize("name", [*GAMES, "amoeba-6"])
def test_room_setup_read_only_pages_and_buttons(case, name, one_app):
    """Join: the host's setup screen read-only, with the room's buttons (Back, Play each free
    seat, Watch: seven buttons for six-player Amoeba, in two rows on small windows)."""
    import socket

    from game.net.tokens import TokenStore
    from game.ui.scenes.look import RoomSetupScene
    from game.ui.scenes.menu import MenuScene

    app = one_app
    app.reset_to(MenuScene(app))
    app._resized(case[0])
    app.set_ui_scale(case[1])
    try:
        game, _, players = name.partition("-")
        rs = registry.get(game)
        settings = dict(rs.bench_level) | ({"players": int(players)} if players else {})
        n = rs.make_game(settings).num_players
        seats = [{"seat": 0, "kind": "remote", "claimed": True, "here": True}]
        seats += [{"seat": i, "kind": "remote", "claimed": False, "here": False} for i in range(1, n)]
        if n > 2 and not players:
            seats[-1] = {"seat": n - 1, "kind": "computer", "agent": rs.default_ai, "claimed": True, "here": True}
        with socket.socket() as s:  # an address where nothing answers: the room is never asked again here
            s.bind(("127.0.0.1", 0))
            url = f"ws://127.0.0.1:{s.getsockname()[1]}"
        room = RoomSetupScene(app, rs, url, "K7MQ2XPA", {"game": game, "settings": settings, "seats": seats},
                              TokenStore())
        room.looked_at = float("inf")
        app.push(room)
        labels = [b.text for b in room.actions_made]
        assert labels[0] == "Back" and labels[-1] == "Watch" and len(labels) == 2 + sum(
            1 for s in seats if not s["claimed"])
        for page in range(room.n_pages):
            room.show_page(page)
            check(app, f"{name} room page {page + 1}")
    finally:
        app.reset_to(MenuScene(app))
        paper.reset_caches()


@pytest.mark.parametrize("name", GAMES)
def test_play_and_its_overlays(app, name, request):
    from game.ui.playing.pause import PauseScene
    from game.ui.playing.scene import PlayScene
    from game.ui.scenes.cover import CoverScene
    from game.ui.scenes.gameover import GameOverScene
    from game.ui.scenes.rules import RulesScene

    rs = registry.get(name)
    n = rs.make_game(rs.bench_level).num_players
    play = PlayScene(app, Session.new(name, dict(rs.bench_level), 3, ["human"] * n, autosave=False))
    app.push(play)
    check(app, f"{name} play", words=False)  # the board is the view's to lay out
    for extra, words in ((PauseScene(app, play), True), (RulesScene(app, rs), True), (CoverScene(app, play, 0), False),
                         (GameOverScene(app, play), True)):
        app.push(extra)
        check(app, f"{name} {type(extra).__name__}", words)
        app.pop()
    app.pop()


#: Where the replay viewer is checked (it is the board's scene, laid out like play).
REPLAY_CASES = [((1024, 600), 100), ((1280, 800), 150), ((1920, 1080), 150), ((3840, 2160), 200)]


@pytest.mark.parametrize("case", REPLAY_CASES, ids=lambda c: f"{c[0][0]}x{c[0][1]}@{c[1]}")
@pytest.mark.parametrize("name", GAMES)
def test_replay(case, name, request, one_app):
    from game.engine import Chance
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.replay import ReplayScene

    app = one_app
    app.reset_to(MenuScene(app))
    app._resized(case[0])
    app.set_ui_scale(case[1])
    try:
        rs = registry.get(name)
        n = rs.make_game(rs.bench_level).num_players
        sess = Session.new(name, dict(rs.bench_level), 3, ["human"] * n, autosave=False)
        rng = Chance(5)
        for _ in range(8):
            if sess.state.is_over():
                break
            sess.submit(sess.state.random_action(rng), save=False)
        replay = ReplayScene(app, sess.record)
        app.push(replay)
        replay.jump(4)
        check(app, f"{name} replay", words=False)
    finally:
        app.reset_to(MenuScene(app))
        paper.reset_caches()


#: The languages besides English whose words must fit too (Finnish words are long; the
#: pseudo-locale is 40% longer than English).  Checked at the smallest window asking for the
#: largest UI scale (it uses the largest that fits, 100%): where room is scarcest, and the suite
#: stays quick (every scene of the shell, once per language).
LANGS = ["fi", "nl", "pseudo"]


@pytest.fixture(params=LANGS)
def lang_app(request, one_app):
    from game.ui.scenes.menu import MenuScene

    one_app.reset_to(MenuScene(one_app))
    one_app._resized(MIN_SIZE)
    one_app.set_ui_scale(OFFERED[-1])
    one_app.set_language(request.param)
    try:
        yield one_app
    finally:
        one_app.set_language("en")
        one_app.reset_to(MenuScene(one_app))
        paper.reset_caches()
        gc.collect()


def test_menu_settings_load_in_every_language(lang_app):
    test_menu_settings_load(lang_app)


def test_credits_and_lessons_in_every_language(lang_app):
    from game.ui.scenes.credits import CreditsScene
    from game.ui.scenes.lessons import LessonsScene

    lang_app.push(CreditsScene(lang_app))
    check(lang_app, "credits")
    lang_app.pop()
    for name in GAMES:
        lang_app.push(LessonsScene(lang_app, name))
        check(lang_app, f"{name} lessons")
        lang_app.pop()


@pytest.mark.parametrize("name", GAMES)
def test_setup_pages_and_play_overlays_in_every_language(lang_app, name):
    test_setup_pages_and_their_drop_downs(lang_app, name)
    test_play_and_its_overlays(lang_app, name, None)


def test_first_window_fits_ninety_percent_of_the_usable_desktop(monkeypatch):
    import game.ui.shell.desktop as desktop

    monkeypatch.setattr(desktop, "usable_desktop", lambda: (1366, 728))  # a laptop with a task bar
    assert desktop.fit_window((1280, 800)) == (1229, 655)
    monkeypatch.setattr(desktop, "usable_desktop", lambda: (3840, 2100))
    assert desktop.fit_window((1280, 800)) == (1280, 800)  # the player's own size when it fits


def test_ui_scale_is_a_setting_that_scales_widgets_and_margins_and_persists():
    from game.ui.playing.scene import PlayScene
    from game.ui.prefs import Prefs
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

