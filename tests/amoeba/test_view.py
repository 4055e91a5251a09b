"""The Amoeba board view, headless: real clicks, drags, keys and the monkey on each phase."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Chance
from game.rules.amoeba.actions import Attack, Move, Place, Point
from game.session import Session
from game.ui.main import make_app
from game.ui.monkey import monkey
from game.ui.playing.scene import PlayScene
from game.ui.scenes.cover import CoverScene
from game.ui.views.amoeba import AmoebaView


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def scene_for(app, settings, seats=None, advance=0, seed=3):
    n = settings.get("players", 2)
    sess = Session.new("amoeba", settings, seed, list(seats or ["human"] * n), autosave=False)
    rng = Chance(seed)
    for _ in range(advance):
        sess.submit(sess.state.random_action(rng), save=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    return scene


def mouse(kind, pos, button=1):
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=False)
    return pygame.event.Event(kind, pos=pos, button=button, touch=False)


def click(app, pos, button=1):
    pos = (int(pos[0]), int(pos[1]))
    app.frame([mouse(pygame.MOUSEMOTION, pos), mouse(pygame.MOUSEBUTTONDOWN, pos, button),
               mouse(pygame.MOUSEBUTTONUP, pos, button)])


def drag(app, points):
    pts = [(int(x), int(y)) for x, y in points]
    evs = [mouse(pygame.MOUSEMOTION, pts[0]), mouse(pygame.MOUSEBUTTONDOWN, pts[0])]
    evs += [mouse(pygame.MOUSEMOTION, p) for p in pts[1:]]
    evs.append(mouse(pygame.MOUSEBUTTONUP, pts[-1]))
    app.frame(evs)


def settle(app, frames=50):
    for _ in range(frames):
        app.frame([])


def key(app, k, uni=""):
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=uni, scancode=0)])


def label(view, c):
    return view.to_px(*view.st.map.labels[c])


def test_view_draws_a_country_with_the_mouse_and_shows_a_refusal_on_the_paper(app):
    scene = scene_for(app, {"players": 2, "map": "draw", "countries": 10})
    view = scene.view
    assert isinstance(view, AmoebaView)
    # a box east of the central circle, drawn as a freehand stroke
    ring = [(160, 85), (200, 85), (200, 125), (160, 125), (160, 86)]
    path = []
    for (x0, y0), (x1, y1) in zip(ring, ring[1:], strict=False):
        path += [view.to_px(x0 + (x1 - x0) * k / 10, y0 + (y1 - y0) * k / 10) for k in range(10)]
    drag(app, path)
    assert scene.state.map.n == 2
    # far away from the map: refused, drawn in red with the reason, nothing changes
    far = [view.to_px(x, y) for x, y in [(10, 10), (40, 10), (40, 40), (10, 40), (10, 12)]]
    drag(app, far)
    assert scene.state.map.n == 2 and view.refused is not None and "border" in view.refused[1]
    assert "border" in scene.refusal and scene.refusal_rule.startswith("A-M")
    app.draw()


def test_view_enter_ends_the_map_once_there_are_enough_countries(app):
    scene = scene_for(app, {"players": 2, "map": "draw", "countries": 20}, advance=4)
    key(app, pygame.K_RETURN)
    assert scene.state.phase == "place"


def test_view_places_troops_with_a_click_and_typed_digits(app):
    scene = scene_for(app, {"players": 2, "map": "level", "level": "duel_ten"})
    view = scene.view
    click(app, label(view, 3))
    assert view.selected == 3
    key(app, pygame.K_1, "1")
    key(app, pygame.K_2, "2")
    assert view.number == 12
    key(app, pygame.K_RETURN)
    assert scene.state.owner[3] == 0 and scene.state.troops[3] == 12
    assert scene.session.record.actions[-1] == Place(3, 12).to_json()
    app.frame([])  # the placed 12 is not left in the picker as a struck-through "not allowed" number
    assert view.number == 0 and view.shown["struck"] == 0


def test_view_struck_through_numbers_are_refused_with_the_reason(app):
    scene = scene_for(app, {"players": 2, "map": "level", "level": "duel_ten"})
    view = scene.view
    scene.session.submit(Place(0, 7), save=False)
    app.frame([])
    click(app, label(view, 4))
    cell = next(r for r, n in view.number_cells if n == 7)
    click(app, cell.center)
    assert "#1 holds 7" in scene.refusal and scene.refusal_rule == "A-P4"
    assert scene.state.owner[4] == -1
    assert "holds" in view._why_not(7) and view._why_not(8) == ""
    ok = next(r for r, n in view.number_cells if n == 9)
    click(app, ok.center)
    assert scene.state.troops[4] == 9
    lines = " ".join(view.margin_lines())
    assert "Cap: 25" in lines and "Troops left" in lines and "Ran out" in lines


def test_view_wheel_changes_the_number(app):
    scene = scene_for(app, {"players": 2, "map": "level", "level": "duel_ten"})
    view = scene.view
    click(app, label(view, 2))
    assert view.number == 25
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0,
                                  touch=False)])
    assert view.number == 24


def movement_scene(app, **extra):
    scene = scene_for(app, {"players": 2, "map": "level", "level": "duel_ten", **extra})
    s = scene.state
    rng = Chance(11)
    while s.phase == "place":
        scene.session.submit(s.random_action(rng), save=False)
        s = scene.state
    app.frame([])
    return scene


def test_view_attack_preview_then_confirm(app):
    scene = movement_scene(app)
    s = scene.state
    view = scene.view
    me = s.player
    targets = [t for t in range(s.map.n) if s.owner[t] not in (-1, me) and s.can_attack(me, t)]
    if not targets:
        pytest.skip("no attack in this position")
    t = targets[0]
    click(app, label(view, t))
    assert view.target == t
    app.draw()  # the preview: sum against defenders
    assert "Click the country again" in view.hint()
    before = s.troops[t]
    click(app, label(view, t))
    assert scene.state.troops[t] < before
    assert scene.session.record.actions[-1] == Attack(t).to_json()
    assert view.busy()  # the attack flashes briefly; computer seats wait for it
    settle(app)
    assert not view.busy()


def test_view_drag_moves_and_splits_with_the_wheel(app):
    scene = movement_scene(app)
    s = scene.state
    view = scene.view
    me = s.player
    src = next(c for c in range(s.map.n) if s.owner[c] == me and s.move_targets(me, c) and s.troops[c] > 1)
    dst = s.move_targets(me, src)[0]
    drag(app, [label(view, src), label(view, dst)])
    assert view.legs == [[src, dst, s.troops[src]]]
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0,
                                  touch=False)])
    n = s.troops[src] - 1
    key(app, pygame.K_RETURN)
    assert scene.session.record.actions[-1] == Move(src, ((dst, n),)).to_json()


def test_A_G3_view_refuses_a_drag_to_a_country_that_is_not_next_door(app):
    scene = movement_scene(app)
    s = scene.state
    view = scene.view
    me = s.player
    pairs = [(a, b) for a in range(s.map.n) if s.owner[a] == me
             for b in range(s.map.n) if b != a and b not in s.adj(a) and s.owner[b] in (-1, me)]
    assert pairs, "the test map needs a country of mine with a far-away free country"
    src, far = pairs[0]
    n = len(scene.session.record.actions)
    drag(app, [label(view, src), label(view, far)])
    assert view.legs == [] and scene.refusal_rule == "A-G3" and "not next to" in scene.refusal
    assert len(scene.session.record.actions) == n


def test_view_simultaneous_turns_cover_the_board_between_people(app):
    scene = movement_scene(app, simultaneous=True)
    s = scene.state
    act = next(a for a in s.legal_actions() if isinstance(a, Point))  # A-V8: point at your country
    scene.submit(act)
    app.frame([])
    assert scene.state.hidden_for_seat()
    assert isinstance(app.top(), CoverScene)


def test_A_V8_view_reveals_every_choice_on_the_board_before_it_resolves(app):
    scene = movement_scene(app, simultaneous=True)
    view = scene.view
    before = scene.state.clone()
    for _ in range(4):  # both seats point in secret, then write their moves down
        if isinstance(app.top(), CoverScene):
            app.pop()
        s = scene.state
        acts = s.legal_actions()
        act = next((a for a in acts if isinstance(a, Attack)), None) or acts[0]
        assert scene.submit(act)
        if view.reveal is not None:
            break
    assert view.reveal is not None and view.busy()
    assert view.st.troops == before.troops and view.st.owner == before.owner  # the board as it was
    assert view.st is not scene.state
    assert view.reveal["arrows"] or view.reveal["targets"]
    assert "Revealed" in view.reveal["text"] and len(view.reveal["lines"]) == 2
    assert "A-V8" in view.shown_status()  # the status line speaks of the reveal, not of the next round
    app.draw()
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)])
    assert view.reveal is None and view.st is scene.state  # Space skipped to the resolved board


@pytest.mark.parametrize("settings, advance", [
    ({"players": 2, "map": "draw", "countries": 8}, 0),
    ({"players": 3, "map": "level", "level": "three_twenty"}, 0),
    ({"players": 3, "map": "level", "level": "three_twenty", "joint_attacks": True, "gathering": True}, 70),
])
def test_monkey_on_drawing_placement_and_movement(app, settings, advance):
    def fresh(a):
        sc = scene_for(a, settings, advance=advance, seed=5)
        a.pop()
        return sc

    app.reset_to(fresh(app))
    out = monkey(app, 500, seed=9, keep=fresh, keep_type=PlayScene)
    assert out["steps"] == 500


def test_secret_choices_stay_out_of_the_log_until_revealed():
    sess = Session.new("amoeba", {"players": 2, "map": "level", "level": "duel_ten", "simultaneous": True}, 3,
                       ["human", "human"], autosave=False)
    rng = Chance(2)
    while sess.state.phase == "place":
        sess.submit(sess.state.random_action(rng), save=False)
    first = next(a for a in sess.state.legal_actions() if isinstance(a, Point))
    sess.submit(first, save=False)
    assert sess.log[-2].endswith("(a secret choice)") and f"#{first.country + 1}" not in "\n".join(sess.log[-3:])
    second = next(a for a in sess.state.legal_actions() if isinstance(a, Point))
    sess.submit(second, save=False)
    assert any(f"#{first.country + 1}" in line and line.startswith("Pointed") for line in sess.log[-3:])
    assert sess.state.phase == "detail"
    seat = sess.state.current_player()
    move = sess.state.legal_actions()[0]
    sess.submit(move, save=False)
    if seat in sess.state.dependent:  # written in secret: stays out of the log until the reveal
        assert sess.log[-2].endswith("(a secret choice)") and move.notation() not in "\n".join(sess.log[-3:])
    else:
        assert move.notation() in sess.log[-1]
    sess.submit(sess.state.legal_actions()[0], save=False)
    assert any(move.notation() in line and "Revealed" in line for line in sess.log[-8:])


def scene_with_position(app, pos):
    """A play scene whose state is replaced by a hand-made position (grid maps from the helpers)."""
    scene = scene_for(app, {k: v for k, v in pos.game.settings.items() if k in ("players",)} | {"map": "generated"})
    scene.session.state = pos
    scene.session.autosave = None
    scene.view.reset()
    app.frame([])
    return scene


def test_view_joint_attack_proposal_and_answer_with_keys(app):
    from .helpers import grid_map, position
    pos = position(grid_map(3, 3), [-1, 0, -1, -1, 1, -1, -1, 2, -1], [0, 5, 0, 0, 9, 0, 0, 6, 0], players=3,
                   joint_attacks=True)
    scene = scene_with_position(app, pos)
    view = scene.view
    click(app, label(view, 4))
    assert view.target == 4
    app.draw()
    key(app, pygame.K_j)
    assert scene.state.phase == "joint" and scene.state.current_player() == 2
    app.draw()
    key(app, pygame.K_y)
    assert scene.state.owner[4] == -1


def test_view_gathering_by_two_drags_into_one_empty_country(app):
    from game.rules.amoeba.actions import Gather

    from .helpers import grid_map, position
    pos = position(grid_map(3, 3), [-1, 0, -1, 0, -1, -1, -1, -1, 1], [0, 4, 0, 5, 0, 0, 0, 0, 9], gathering=True)
    scene = scene_with_position(app, pos)
    view = scene.view
    drag(app, [label(view, 1), label(view, 4)])
    drag(app, [label(view, 3), label(view, 4)])
    app.draw()
    key(app, pygame.K_RETURN)
    assert scene.session.record.actions[-1] == Gather(4, ((1, 4), (3, 5))).to_json()
    assert scene.state.troops[4] == 9


def test_view_redraws_only_the_changed_countries_and_the_sheet_matches_a_full_redraw(app):
    import numpy as np

    scene = scene_for(app, {"players": 6, "map": "level", "level": "six_thirty_six"})
    view = scene.view
    rng = Chance(4)
    calls = []
    import game.ui.views.amoeba.board as mod

    real = mod.draw_countries

    def spy(surf, amap, scale, owner=(), only=None, origin=(0.0, 0.0)):
        calls.append(only)
        real(surf, amap, scale, owner, only, origin)

    mod.draw_countries = spy
    try:
        for _ in range(60):
            scene.session.submit(scene.state.random_action(rng), save=False)
            app.frame([])
    finally:
        mod.draw_countries = real
    assert calls and all(only is not None and len(only) < scene.state.map.n for only in calls)
    patched = pygame.surfarray.array3d(view._sheet()).astype(int)
    view._sheet_key = None
    full = pygame.surfarray.array3d(view._sheet()).astype(int)
    diff = np.abs(patched - full).max(axis=2)
    # Only antialiasing at the patch edges may differ, by a shade.
    assert diff.max() <= 24 and (diff > 0).sum() < 400


def hover(app, pos):
    app.frame([mouse(pygame.MOUSEMOTION, (int(pos[0]), int(pos[1])))])
    app.draw()


def test_view_hovering_a_country_in_play_outlines_its_neighbours(app):
    scene = scene_for(app, {"players": 2, "map": "level", "level": "duel_ten"})
    view = scene.view
    c = max(range(scene.state.map.n), key=lambda k: len(scene.state.adj(k)))
    hover(app, label(view, c))
    assert sorted(view.shown["neighbours"]) == sorted(scene.state.adj(c))  # placement
    scene = movement_scene(app)
    view = scene.view
    mine = next(k for k in range(scene.state.map.n) if scene.state.owner[k] == scene.state.player)
    hover(app, label(view, mine))
    assert sorted(view.shown["neighbours"]) == sorted(scene.state.adj(mine))  # movement


def test_view_an_attack_target_shows_its_attackers_sum_before_the_click(app):
    scene = movement_scene(app)
    s, view = scene.state, scene.view
    me = s.player
    t = next(t for t in range(s.map.n) if s.owner[t] not in (-1, me) and s.attackers(t, me))
    hover(app, label(view, t))
    assert view.shown["sum"] == (t, s.attack_sum(t, me))  # on the board, before any click
    n = len(scene.session.record.actions)
    click(app, label(view, t))
    app.draw()
    assert view.shown["sum"] == (t, s.attack_sum(t, me)) and len(scene.session.record.actions) == n


def test_view_a_typed_number_standing_or_above_the_cap_is_struck_through_before_enter(app):
    scene = scene_for(app, {"players": 2, "map": "level", "level": "duel_ten"})
    view = scene.view
    s = scene.state
    empty = [c for c in range(s.map.n) if s.owner[c] < 0]
    scene.session.submit(Place(empty[0], 7), save=False)
    app.frame([])
    click(app, label(view, empty[1]))
    for k in (pygame.K_0, pygame.K_7):  # 07: 7 already stands in another country
        key(app, k)
    app.draw()
    assert view.number == 7 and view.shown["struck"] == 7
    for k in (pygame.K_4, pygame.K_0):  # 40: above the cap
        key(app, k)
    app.draw()
    assert view.number == 40 and view.shown["struck"] == 40
    for k in (pygame.K_1, pygame.K_2):
        key(app, k)
    app.draw()
    assert view.shown["struck"] == 0


def test_a_good_placement_leaves_no_red_reason_under_the_pointer_and_a_refusal_says_it_once(app):
    scene = scene_for(app, {"players": 2, "map": "level", "level": "duel_ten"})
    view = scene.view
    app.frame([])
    click(app, label(view, 4))
    cell = next(r for r, n in view.number_cells if n == 9)
    click(app, cell.center)
    assert scene.state.troops[4] == 9
    app.frame([])
    assert view.shown["reason"] == ""  # not "9: #5 holds 9" for the number just placed
    away = next(r for r, n in view.number_cells if n == 1).center
    app.frame([mouse(pygame.MOUSEMOTION, away)])
    app.frame([mouse(pygame.MOUSEMOTION, cell.center)])
    assert view.shown["reason"] == "9: #5 holds 9"  # hovered again later, the reason is there
    click(app, label(view, 3))
    click(app, cell.center)
    assert scene.refusal.count("allowed") == 0 and "#5 holds 9" in scene.refusal  # "Not allowed: " is the line's


@pytest.mark.parametrize("size", [(800, 560), (1024, 600), (1280, 800), (1366, 768), (1920, 1080)])
def test_the_board_fills_its_area_and_the_numbers_are_readable_at_every_size_and_ui_scale(size):
    """Issue 32: at 1024x600 the numbers were 10 px and grey, the bottom third of the board area empty."""
    from game.ui.scenes.settings import SCALES
    from game.ui.views.amoeba import label_size, troop_size

    app = make_app(size, headless=True)
    try:
        scene = scene_for(app, {}, advance=40)
        view = scene.view
        amap = view.st.map
        for percent in SCALES:
            app.set_ui_scale(int(percent.rstrip("%")))
            app.frame([])
            where = f"{size} at {percent}"
            rect, sheet, panel = view.rect, view.sheet, view.panel
            assert rect.contains(sheet) and rect.contains(panel) and not sheet.colliderect(panel), where
            # the sheet reaches across the room the panel leaves, one way or the other
            across = sheet.left - rect.left <= 8 and panel.left - sheet.right <= 16
            down = sheet.top - rect.top <= 8 and (panel.top if panel.top > sheet.bottom else rect.bottom) - sheet.bottom <= 16
            assert across or down, f"{where}: {sheet} leaves its area {rect} half empty (panel {panel})"
            # and the countries reach across the sheet: no wide margin of empty paper
            xs = [view.to_px(x, y)[0] for i in range(amap.n) for x, y in amap.rings[i][0]]
            ys = [view.to_px(x, y)[1] for i in range(amap.n) for x, y in amap.rings[i][0]]
            assert max(max(xs) - min(xs) >= 0.9 * sheet.w, max(ys) - min(ys) >= 0.9 * sheet.h), where
            assert label_size(view.scale) >= 14, where  # the "#n" of a country
            assert troop_size(view.scale) + 4 >= 18, where  # its troops
            # the panel's widest content (the number picker, four buttons) fits in it
            assert panel.w >= 180 and panel.h >= 150, where
    finally:
        app.close()


def test_country_numbers_stand_above_the_troops_even_in_a_small_country(app):
    from game.ui.views.amoeba import label_size, tag_y, troop_size

    scene = scene_for(app, {"players": 6, "map": "level", "level": "six_thirty_six"}, advance=40)
    view = scene.view
    amap = view.st.map
    c = min(range(amap.n), key=lambda i: amap.room[i])
    x, y = amap.labels[c]
    tag_bottom = tag_y(y, amap.room[c], view.scale) + label_size(view.scale) / 2
    troop_top = y * view.scale - (troop_size(view.scale) + 4) / 2
    assert tag_bottom <= troop_top


def hand_over(app):
    """The next person clicks the hot-seat cover away (if one is up)."""
    app.frame([])
    if isinstance(app.top(), CoverScene):
        app.frame([mouse(pygame.MOUSEBUTTONUP, (5, 5))])
    assert not isinstance(app.top(), CoverScene)


def test_A_V8_with_A_V6_view_refuses_pointing_at_an_empty_country_only_one_of_yours_borders(app):
    """Rev 4: the board used to take the point at #2 (only P1's #1 borders it); after the reveal
    every drag was refused ("You pointed at #2: write down that choice.") and the game stood
    still.  Now the click says why at once, and pointing at #1 writes the same move down."""
    from .helpers import grid_map, position
    pos = position(grid_map(3, 2), [0, -1, -1, -1, -1, 1], [5, 0, 0, 0, 0, 6], simultaneous=True, gathering=True)
    scene = scene_with_position(app, pos)
    view = scene.view
    n = len(scene.session.record.actions)
    click(app, label(view, 1))
    assert scene.refusal_rule == "A-V8" and "point at #1" in scene.refusal
    assert view.target == -1
    click(app, label(view, 1))
    key(app, pygame.K_RETURN)
    assert len(scene.session.record.actions) == n and scene.state.current_player() == 0  # nothing sent
    app.draw()
    shot = app.screen.copy()
    click(app, label(view, 0))
    click(app, label(view, 0))
    assert scene.session.record.actions[-1] == Point(0).to_json()
    hand_over(app)
    click(app, label(view, 5))
    click(app, label(view, 5))
    hand_over(app)
    settle(app)
    assert scene.state.phase == "detail" and scene.state.current_player() == 0
    drag(app, [label(view, 0), label(view, 1)])
    key(app, pygame.K_RETURN)
    assert scene.session.record.actions[-1] == Move(0, ((1, 5),)).to_json()
    pygame.image.save(shot, "/tmp/amoeba_refused_point.png")


def test_A_V8_with_A_V6_view_writes_a_gathering_from_one_of_the_countries_around_the_point(app):
    """Pointed at an empty country two of yours border, a drag from one of them (then Enter)
    is that gathering written down, not a move from another point."""
    from game.rules.amoeba.actions import Gather

    from .helpers import grid_map, position
    pos = position(grid_map(3, 2), [0, -1, 0, -1, 1, -1], [5, 0, 3, 0, 9, 0], simultaneous=True, gathering=True)
    scene = scene_with_position(app, pos)
    view = scene.view
    click(app, label(view, 1))
    click(app, label(view, 1))
    assert scene.session.record.actions[-1] == Point(1).to_json()
    hand_over(app)
    click(app, label(view, 4))
    click(app, label(view, 4))
    hand_over(app)
    settle(app)
    assert scene.state.phase == "detail" and scene.state.current_player() == 0
    assert "drag from your countries next to #2" in view.hint()
    drag(app, [label(view, 0), label(view, 1)])
    key(app, pygame.K_RETURN)
    assert scene.session.record.actions[-1] == Gather(1, ((0, 5),)).to_json()
    assert scene.refusal == ""
