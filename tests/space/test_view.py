"""The board view and the field editor, headless, driven by real mouse and key events."""

from __future__ import annotations

import json
import math

import pygame
import pygame_gui
import pytest

from game.levels import list_levels
from game.rules.space.flick import PENCILS
from game.rules.space.state import Flick, Heading, PlacePiece, SpaceGame
from game.session import Session
from game.ui import paper
from game.ui.main import make_app
from game.ui.playing.scene import PlayScene
from game.ui.views.space_editor import SpaceFieldEditor


def motion(pos, buttons=(0, 0, 0)):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons, touch=False)


def drag(app, points, button=1):
    """Press at the first point, move through the rest, let go at the last."""
    app.frame([motion(points[0]), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=points[0], button=button,
                                                      touch=False)])
    for p in points[1:]:
        app.frame([motion(p, (1, 0, 0))])
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=points[-1], button=button, touch=False)])


def key(app, k, mod=0):
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])


def button(app, element):
    app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element)])


def settle(app, scene):
    for _ in range(100):
        if not scene.view.busy():
            return
        app.frame([], dt=0.1)
    raise AssertionError("the animation never ended")


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def start(app, settings=None, ships=True):
    """Two people at one screen, noise pinned off; with ``ships`` the fleets are placed already."""
    sess = Session.new("space", {"field": "none", "doors": "centred", **(settings or {})}, 3, ["human", "human"],
                       pins={"noise": False}, autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    if ships:
        for act in (PlacePiece(60, 12, 90), PlacePiece(60, 266, 270), PlacePiece(108, 12, 90),
                    PlacePiece(108, 266, 270), PlacePiece(160, 12, 90), PlacePiece(160, 266, 270)):
            assert scene.submit(act)
        settle(app, scene)  # the coin flip
    return sess, scene


def own_ship(sess, x):
    s = sess.state
    return next(p for p in s.pieces if p.owner == s.seat and abs(p.x - x) < 1)


def flick_up(app, scene, sess, mm=40.0, x=108.0, right=False):
    """Drag from the nose of the ship at ``x`` straight towards the enemy, ``mm`` long, slowly."""
    v = scene.view
    p = own_ship(sess, x)
    sign = 1 if sess.state.seat == 0 else -1
    pts = [v.px((p.x, p.y + sign * mm * k / 4)) for k in range(5)]
    drag(app, pts, 3 if right else 1)
    return p


def test_S_F1_a_drag_from_the_nose_is_a_move_flick_and_the_trace_plays_out_before_the_ship_moves(app):
    sess, scene = start(app)
    v = scene.view
    p = flick_up(app, scene, sess, mm=50.0)
    act = sess.state.game.decode_action(sess.record.actions[-1])
    assert isinstance(act, Flick) and act.mode == "move" and act.ship == p.id
    assert abs(act.angle - (90 if p.owner == 0 else -90)) < 1.5
    assert 50 / PENCILS["hb"].reach <= act.strength <= 50 / PENCILS["hb"].reach * 1.25 + 1e-6
    # The pencil is still drawing: the ship is shown where it was, the trace is only partly grown.
    assert v.busy() and sess.state.phase == "heading"
    shown = {q.id: (q.x, q.y) for q in v._pieces_now()}
    assert shown[p.id] == (p.x, p.y)
    settle(app, scene)
    moved = sess.state.piece(p.id)
    assert moved is not None and {q.id: (q.x, q.y) for q in v._pieces_now()}[p.id] == (moved.x, moved.y)
    assert math.dist((p.x, p.y), (moved.x, moved.y)) == pytest.approx(act.strength * PENCILS["hb"].reach, abs=1.0)


def test_S_M6_heading_by_arrow_keys_then_enter(app):
    sess, scene = start(app)
    p = flick_up(app, scene, sess)
    settle(app, scene)
    default = math.degrees(sess.state.piece(p.id).heading)
    for _ in range(3):
        key(app, pygame.K_LEFT)  # 5 degrees anticlockwise each
    key(app, pygame.K_RETURN)
    act = sess.state.game.decode_action(sess.record.actions[-1])
    assert isinstance(act, Heading)
    assert (act.angle - (default + 15)) % 360 == pytest.approx(0, abs=0.05)
    assert sess.state.phase == "play" and sess.state.seat != p.owner


def test_enter_alone_keeps_the_heading_along_the_trace(app):
    sess, scene = start(app)
    p = flick_up(app, scene, sess)
    settle(app, scene)
    along = math.degrees(sess.state.piece(p.id).heading) % 360
    button(app, scene.view.buttons["confirm"])
    assert math.degrees(sess.state.piece(p.id).heading) % 360 == pytest.approx(along, abs=0.05)


def test_S_S5_old_traces_stay_as_residue_and_E_erases_and_shows_them(app):
    sess, scene = start(app)
    v = scene.view
    p = flick_up(app, scene, sess, mm=60.0, right=True)  # a shot: the turn passes at once
    settle(app, scene)
    assert sess.state.residue
    mid = v.px((p.x, p.y + (30 if p.owner == 0 else -30)))
    area = pygame.Rect(int(mid[0]) - 3, int(mid[1]) - 3, 7, 7)

    def ink():
        app.frame([], dt=0.01)
        return sum(sum(app.screen.get_at((x, y))[:3]) for x in range(area.left, area.right)
                   for y in range(area.top, area.bottom))

    shown = ink()
    key(app, pygame.K_e)
    assert not v.show_residue and any("erased" in line for line in v.margin_lines())
    erased = ink()
    assert erased > shown  # the faint graphite is gone: lighter paper there
    button(app, v.buttons["residue"])
    assert v.show_residue and ink() == shown


def test_illegal_gestures_give_a_sentence_and_change_nothing(app):
    sess, scene = start(app)
    v = scene.view
    before, actions = json.dumps(sess.state.to_json()), len(sess.record.actions)
    enemy = next(p for p in sess.state.pieces if p.owner != sess.state.seat)
    drag(app, [v.px((enemy.x, enemy.y)), v.px((enemy.x + 10, enemy.y))])
    assert "press on the nose of one of yours" in scene.refusal
    drag(app, [v.px((30, 140)), v.px((30, 160))])  # empty paper
    assert "nose of one of your ships" in scene.refusal
    mine = own_ship(sess, 108)
    drag(app, [v.px((mine.x, mine.y))] * 2)  # a click on the nose, no drag
    assert "Drag away from the nose" in scene.refusal
    assert json.dumps(sess.state.to_json()) == before and len(sess.record.actions) == actions


def test_S_U3_S_U4_doors_are_dragged_and_ships_placed_in_the_hangar_by_mouse(app):
    sess, scene = start(app, {"doors": "choose"}, ships=False)
    v = scene.view
    h = sess.state.game.hangars[0]
    y = h.wall_a[1]
    drag(app, [v.px((40, y)), v.px((70, y)), v.px((90.3, y))])
    assert sess.state.doors[0] == pytest.approx(90.3, abs=0.3)
    drag(app, [v.px((150, 279.4 - 25.4)), v.px((120, 279.4 - 25.4))])
    assert sess.state.phase == "ships"
    drag(app, [v.px((100, 60))] * 2)  # out in space: refused with the rule's sentence
    assert "inside your own hangar" in scene.refusal and not sess.state.pieces
    drag(app, [v.px((50, 10)), v.px((60, 10))])  # press and drag: the ship points along the drag
    p = sess.state.pieces[0]
    assert (p.x, p.y) == pytest.approx((50, 10), abs=0.3) and math.degrees(p.heading) == pytest.approx(0, abs=0.5)


def test_S_U5_hand_drawn_field_refuses_a_touching_asteroid_and_ends_with_enter(app):
    sess, scene = start(app, {"field": "hand"}, ships=False)
    v = scene.view

    def loop(cx, cy, r):
        return [v.px((cx + r * math.cos(a / 10 * 2 * math.pi), cy + r * math.sin(a / 10 * 2 * math.pi)))
                for a in range(11)]

    drag(app, loop(100, 140, 15))
    assert len(sess.state.asteroids) == 1 and sess.state.seat == 1
    drag(app, loop(120, 140, 15))
    assert "must not touch each other" in scene.refusal and len(sess.state.asteroids) == 1
    assert v.refused_outline is not None
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert sess.state.phase == "ships" and len(sess.state.asteroids) == 1


def test_field_editor_refuses_a_touching_asteroid_and_saves_a_field_that_plays(app):
    from game import registry

    editor = SpaceFieldEditor(app, registry.get("space"))
    app.push(editor)
    app.frame([])

    def loop(cx, cy, r):
        return [editor.px((cx + r * math.cos(a / 10 * 2 * math.pi), cy + r * math.sin(a / 10 * 2 * math.pi)))
                for a in range(11)]

    button(app, editor.save_button)
    assert "at least one asteroid" in editor.problem
    drag(app, loop(100, 140, 15))
    drag(app, loop(70, 80, 10))
    assert len(editor.rocks) == 2 and not editor.problem
    drag(app, loop(115, 140, 12))
    assert "must not touch each other" in editor.problem and len(editor.rocks) == 2
    drag(app, loop(100, 30, 12))
    assert "hangar" in editor.problem and len(editor.rocks) == 2
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=editor.px((70, 80)), button=3, touch=False)])
    assert len(editor.rocks) == 1
    editor.name_entry.set_text("Blue Moon")
    button(app, editor.save_button)
    assert "Saved 'blue_moon'" in editor.message and "blue_moon" in list_levels("space")
    game = SpaceGame({"field": "level", "level": "blue_moon"})
    assert len(game.level_rocks) == 1 and game.level_rocks[0].equals_exact(editor.rocks[0], 0.01)


def test_S_S2_the_flight_never_draws_beyond_the_wall_that_stopped_the_shot(app):
    sess, scene = start(app)
    v = scene.view
    s = sess.state
    p = own_ship(sess, 160)
    # a long shot straight up from beside the door: the rules cut it at the own hangar wall
    wall = 25.4 if p.owner == 0 else 279.4 - 25.4
    flick = Flick(p.id, "shot", 90 if p.owner == 0 else 270, 1.0)
    assert scene.submit(flick)
    trace = next(a for a in v.anim if a["kind"] == "trace")
    ys = [q[1] for strand in trace["used"] for q in strand]
    assert (max(ys) if p.owner == 0 else min(ys)) == pytest.approx(wall, abs=0.01)
    assert "raw" not in trace  # the pencil's path past the wall is never drawn
    for _ in range(40):  # and no frame of the flight puts graphite beyond it
        app.frame([], dt=0.02)
        beyond = v.px((p.x, wall + (6 if p.owner == 0 else -6)))
        assert app.screen.get_at((int(beyond[0]), int(beyond[1])))[:3] != paper.GRAPHITE
    assert s.residue[-1][1][-1][-1][1] == pytest.approx(wall, abs=0.01)


def test_a_generous_grab_radius_picks_up_your_own_ship_a_few_pixels_off_its_nose(app):
    sess, scene = start(app)
    v = scene.view
    p = own_ship(sess, 108)
    nose = v.px((p.x, p.y))
    assert v.scale < 3.0  # at 1280x800 a ship is only a few pixels long
    off = (nose[0] + 12, nose[1] + 9)  # 15 px away, beside the ship
    assert v._piece_at(v.mm(off)).id == p.id
    drag(app, [off, (off[0], off[1] - 30), (off[0], off[1] - 60)])
    assert sess.state.game.decode_action(sess.record.actions[-1]).ship == p.id


def test_the_magnifier_shows_the_ship_while_aiming(app):
    sess, scene = start(app)
    v = scene.view
    p = own_ship(sess, 108)
    nose = v.px((p.x, p.y))
    app.frame([motion(nose), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=nose, button=1, touch=False)])
    app.frame([motion((nose[0], nose[1] - 40), (1, 0, 0))])
    box = pygame.Rect(v.rect.x + 8, v._panel_bottom() + 86, 164, 164)
    fill = tuple(min(255, c + 100) for c in paper.player_colour(p.owner))

    def filled() -> int:
        return sum(1 for x in range(box.left, box.right, 2) for y in range(box.top, box.bottom, 2)
                   if sum(abs(a - b) for a, b in zip(app.screen.get_at((x, y))[:3], fill, strict=True)) < 30)

    assert filled() > 20  # the ship's fill, magnified beside the paper
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(nose[0], nose[1] - 40), button=1, touch=False)])
    settle(app, scene)
    assert filled() == 0  # gone once the flick is let go


def test_residue_is_drawn_from_a_cached_layer_and_turret_hint_speaks_of_turrets(app):
    sess, scene = start(app, {"turrets": True}, ships=False)
    v = scene.view
    button(app, v.buttons["turret"])
    assert "turret" in v.hint().lower() and "within 2.5 cm (1 in)" in v.hint()
    sess2, scene2 = start(app)
    flick_up(app, scene2, sess2, mm=60.0, right=True)
    settle(app, scene2)
    layer = scene2.view._residue
    app.frame([])
    app.frame([])
    assert layer is not None and scene2.view._residue is layer


def test_the_level_list_is_offered_only_while_the_asteroid_field_is_a_level(app):
    from game import registry
    from game.ui.setup import SetupScene

    setup = SetupScene(app, registry.get("space"))
    app.push(setup)
    app.frame([])

    def drop(key):
        return next((w for w, (kind, what) in setup.widgets.items() if kind == "setting" and what.key == key), None)

    def labels():
        return [label for _, label, _ in setup.labels]

    def choose(key, text):
        app.frame([pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=text, ui_element=drop(key))])

    choose("field", "hand")
    assert drop("level") is None and "Level" not in labels()
    setup.seed_entry.set_text("777")
    choose("field", "level")
    assert drop("level") is not None and "Level" in labels()
    assert drop("level").visible and setup.seed_entry.get_text() == "777"  # the layout is made again, seed kept
    choose("field", "sparse")
    assert drop("level") is None and "Level" not in labels()
    assert setup.values["level"] == "belt"  # hidden, not forgotten


def test_S_U3_a_door_is_drawn_on_your_own_wall_only_and_measured_from_your_left(app):
    sess, scene = start(app, {"doors": "choose"}, ships=False)
    v = scene.view
    s = sess.state
    blue_y, orange_y = s.game.hangars[0].wall_a[1], s.game.hangars[1].wall_a[1]
    drag(app, [v.px((60, 140)), v.px((80, 140))])  # out in space: nothing is placed
    assert "your own hangar wall" in scene.refusal and s.doors[0] is None
    drag(app, [v.px((40, blue_y)), v.px((60, blue_y))])
    assert s.doors[0] == pytest.approx(60, abs=0.3) and s.seat == 1
    scene.refusal = ""
    drag(app, [v.px((40, blue_y)), v.px((70, blue_y))])  # Orange on Blue's wall: refused
    assert "Orange" in scene.refusal and "own hangar wall" in scene.refusal and s.doors[1] is None
    drag(app, [v.px((40, orange_y)), v.px((70, orange_y))])  # on its own wall, 70 mm from the paper's left...
    assert s.doors[1] == pytest.approx(215.9 - 70, abs=0.3)  # ...is 145.9 mm from Orange's left


def test_a_near_miss_reads_as_a_miss_in_the_log_and_on_the_paper(app):
    """A shot passing Orange's ship by 0.7 mm drew a trace touching its outline while the log said
    "hit nothing": now the log says how close, and bare paper shows between trace and hull."""
    for seed in range(1, 30):
        sess = Session.new("space", {"field": "none", "doors": "centred", "pencils": True}, seed,
                           ["human", "human"], pins={"noise": False}, autosave=False)
        for act in (PlacePiece(110.29, 12, 90), PlacePiece(108, 266, 270), PlacePiece(60, 12, 90),
                    PlacePiece(60, 266, 270), PlacePiece(160, 12, 90), PlacePiece(160, 266, 270)):
            assert sess.submit(act)
        if sess.state.seat == 0:
            break
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    v = scene.view
    assert scene.submit(Flick(0, "shot", 90, 270 / 360, "long"))
    settle(app, scene)
    app.frame([])
    orange = next(p for p in sess.state.pieces if p.owner == 1 and abs(p.x - 108) < 1)
    assert v.near_miss is not None and v.near_miss["piece"] == orange.id
    assert v.near_miss["gap"] == pytest.approx(0.70, abs=0.01)
    x, y = v.px(v.near_miss["trace"])
    assert tuple(app.screen.get_at((round(x), round(y)))[:3]) == paper.PAPER  # the gap, in bare paper
    far = v.px((110.29, 200))
    assert tuple(app.screen.get_at((round(far[0]), round(far[1])))[:3]) != paper.PAPER  # the trace itself


@pytest.mark.parametrize("size", [(1280, 800), (1024, 600)])
def test_hangar_marks_and_ship_numbers_never_cover_a_ship(size):
    """Issue 32: the hangar's mark and the ships' numbers sat on top of ships packed in a hangar."""
    from shapely.geometry import Point

    from game.rules.space.geometry import piece_polygon

    a = make_app(size, headless=True)
    try:
        sess = Session.new("space", {"field": "none", "doors": "centred"}, 3, ["human", "human"],
                           pins={"noise": False}, autosave=False)
        scene = PlayScene(a, sess)
        a.push(scene)
        a.frame([])
        for act in (PlacePiece(108, 12, 90), PlacePiece(108, 266, 270), PlacePiece(101, 12, 90),
                    PlacePiece(101, 266, 270), PlacePiece(115, 14, 90), PlacePiece(115, 264, 270)):
            assert scene.submit(act)
        settle(a, scene)
        a.frame([])
        view = scene.view
        pieces = sess.state.pieces
        bodies = {p.id: piece_polygon(p.kind, p.x, p.y, p.heading) for p in pieces}
        for seat, at in view._marks()[0].items():
            hangar = sess.state.game.hangars[seat]
            assert hangar.region.contains(Point(at))
            mark = Point(at).buffer(view._hangar_mark_px() / view.scale)
            assert not any(mark.intersects(b) for b in bodies.values()), f"the mark of hangar {seat} covers a ship"
        for p in pieces:
            badge = view.badge_box(p, view._badge(p))
            for q, body in bodies.items():
                assert not badge.intersects(body), f"ship {p.id}'s number covers ship {q}"
    finally:
        a.close()


# -- revision 4 on the board ----------------------------------------------------------------------

def _reddish(surface, rect):
    """How many pixels in ``rect`` are drawn in the warning red (the refusal's pencil)."""
    n = 0
    for x in range(max(0, rect.left), min(surface.get_width(), rect.right)):
        for y in range(max(0, rect.top), min(surface.get_height(), rect.bottom)):
            r, g, b, *_ = surface.get_at((x, y))
            n += r > 150 and g < 110 and b < 100
    return n


def test_S_M1_rev4_a_backward_drag_says_you_cannot_move_backwards_and_is_refused(app):
    sess, scene = start(app, {"passing": True})
    v = scene.view
    key(app, pygame.K_a)  # the aiming aid off: only a refusal draws anything while dragging
    assert not v.show_aim
    p = own_ship(sess, 108)
    sign = 1 if sess.state.seat == 0 else -1
    seen = {}
    for name, dy in (("forward", 10.0), ("backward", -10.0)):
        start_px = v.px((p.x, p.y))
        end_px = v.px((p.x + 1.0, p.y + sign * dy))
        app.frame([motion(start_px), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_px, button=1,
                                                        touch=False)])
        for k in range(1, 5):
            app.frame([motion((start_px[0] + (end_px[0] - start_px[0]) * k / 4,
                               start_px[1] + (end_px[1] - start_px[1]) * k / 4), (1, 0, 0))])
        near = pygame.Rect(int(start_px[0]) - 30, int(start_px[1]) - 60, 300, 120)
        seen[name] = _reddish(app.screen, near)
        if name == "forward":  # let go back on the nose: no flick
            app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start_px, button=1, touch=False)])
        else:
            app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end_px, button=1, touch=False)])
    assert seen["backward"] > seen["forward"] + 100, seen  # the note and the crossed-out line
    assert scene.refusal_rule == "S-M1" and "can't move backwards" in scene.refusal and "pass" in scene.refusal
    assert len(sess.record.actions) == 6 and sess.state.phase == "play"  # nothing was played


def _three_players(app, seats=("human", "human", "human"), passes=10):
    """Three players at one screen with passing and stalemate calls; ``passes`` passes are played first."""
    from game.rules.space.state import Pass
    sess = Session.new("space", {"field": "none", "doors": "centred", "players": 3, "passing": True,
                                 "stalemate": True}, 3, list(seats), pins={"noise": False}, autosave=False)
    for act in (PlacePiece(60, 12, 90), PlacePiece(12, 130, 0), PlacePiece(60, 266, 270),
                PlacePiece(108, 12, 90), PlacePiece(12, 155, 0), PlacePiece(108, 266, 270),
                PlacePiece(160, 12, 90), PlacePiece(12, 180, 0), PlacePiece(160, 266, 270)):
        sess.submit(act)
    for _ in range(passes):
        sess.submit(Pass())
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    settle(app, scene)
    return sess, scene


def test_S_V4_rev4_the_draw_proposal_is_shown_and_each_person_answers_it_with_the_buttons_on_it(app):
    sess, scene = _three_players(app)
    v = scene.view
    assert v.buttons["draw"].text == "Propose draw (D)"
    caller = sess.state.seat
    button(app, v.buttons["draw"])
    app.frame([])
    s = sess.state
    assert s.phase == "draw" and s.proposal["by"] == caller and not s.is_over()
    accept, refuse = v.card_buttons["accept"], v.card_buttons["refuse"]
    assert accept.visible and refuse.visible
    card = v._proposal_card()
    assert card.contains(accept.rect) and card.contains(refuse.rect)
    assert not any(card.collidepoint(v.px(c)) for p in s.pieces for c in p.body().exterior.coords)  # hides no ship
    first = s.seat
    button(app, accept)
    app.frame([])
    assert sess.state.phase == "draw" and sess.state.seat != first
    assert "accept or refuse" in sess.state.status()
    button(app, v.card_buttons["refuse"])
    app.frame([])
    s = sess.state
    assert s.phase == "play" and s.seat == caller and s.proposal is None
    assert not v.card_buttons["accept"].visible
    assert any("refuses the draw" in line for line in sess.log)
    key(app, pygame.K_d)  # ten more turns first
    assert scene.refusal_rule == "S-V4" and sess.state.phase == "play"


def test_S_V4_rev4_Y_and_N_answer_and_a_click_on_the_paper_asks_for_an_answer(app):
    sess, scene = _three_players(app)
    key(app, pygame.K_d)
    assert sess.state.phase == "draw"
    p = sess.state.pieces[0]
    pos = scene.view.px((p.x, p.y))
    app.frame([motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)])
    assert scene.refusal_rule == "S-V4" and "accept it or refuse it" in scene.refusal
    key(app, pygame.K_y)
    key(app, pygame.K_y)
    res = sess.state.result()
    assert res is not None and res.draw


def test_S_V4_rev4_the_computer_players_answer_a_proposal_at_the_screen(app):
    sess, scene = _three_players(app, ("human", "ai", "ai"), passes=12)  # round to the person, 12 quiet turns
    assert sess.state.seat == 0 and sess.state.can_call_draw()
    button(app, scene.view.buttons["draw"])
    for _ in range(50):
        if sess.state.is_over():
            break
        app.frame([], dt=0.2)
    res = sess.state.result()
    assert res is not None and res.draw and "Every player still in accepts" in res.text  # nobody was ahead
