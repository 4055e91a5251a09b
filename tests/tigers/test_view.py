"""The board view, headless: real clicks and keys through the play scene, and the monkey."""

from __future__ import annotations

import math

import pygame
import pytest

from game.session import Session
from game.ui.main import make_app
from game.ui.monkey import monkey_run
from game.ui.playing.scene import PlayScene


def click(app, pos, button=1):
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)])


def drag(app, a, b, button=1):
    evs = [pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(1, 0, 0), touch=False),
           pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=button, touch=False)]
    for k in range(1, 6):
        p = (a[0] + (b[0] - a[0]) * k // 5, a[1] + (b[1] - a[1]) * k // 5)
        evs.append(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0), touch=False))
    evs.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=button, touch=False))
    app.frame(evs)


def key(app, k):
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def settle(app, n=60):
    for _ in range(n):
        app.frame([], dt=0.05)


def test_scene_setup_by_clicks_roll_terrain_side_deploy_and_assign():
    app = make_app((1400, 860), headless=True)
    try:
        sess = Session.new("tigers", {"level": "open_table"}, 2, ["human", "human"], autosave=False,
                           pins={"faces": [6, 6, 1, 1]})
        scene = PlayScene(app, sess)
        app.push(scene)
        app.frame([])
        v = scene.view
        key(app, pygame.K_r)
        s = scene.state
        assert s.attacker == 0 and s.phase == "terrain"
        key(app, pygame.K_w)
        a, b = v.px(40, 50), v.px(60, 65)
        drag(app, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])))
        assert len(s.pieces) == 1 and s.pieces[0]["kind"] == "woods"
        key(app, pygame.K_b)
        a, b = v.px(100, 50), v.px(108, 56)
        drag(app, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])))
        assert [p["kind"] for p in s.pieces] == ["woods", "building"]
        key(app, pygame.K_RETURN)
        assert s.phase == "side"
        p = v.px(90, 20)
        click(app, (int(p[0]), int(p[1])))
        assert s.edge == "north" and s.phase == "deploy" and s.current_player() == 1
        for i in range(7):
            p = v.px(15 + 20 * i, 20)
            click(app, (int(p[0]), int(p[1])))
        for i in range(7):
            p = v.px(15 + 20 * i, 100)
            click(app, (int(p[0]), int(p[1])))
        settle(app, 5)
        assert s.phase == "assign", s.status()
        me = s.current_player()
        enemy = next(u for u in s.units if u.side != me)
        p = v.px(enemy.x, enemy.y)
        click(app, (int(p[0]), int(p[1])))  # a card for an enemy: refused with the reason, not ignored
        assert scene.refusal == "Put cards on your own units." and scene.refusal_rule == "T-T3"
        assert not s.assigned.get(enemy.id)
        u = next(u for u in s.units if u.side == me)
        p = v.px(u.x, u.y)
        click(app, (int(p[0]), int(p[1])))
        assert len(s.assigned.get(u.id, ())) == 1
    finally:
        app.close()


def test_scene_fire_and_drag_a_move_path():
    app = make_app((1400, 860), headless=True)
    try:
        sess = Session.new("tigers", {"level": "tank_battle"}, 2, ["human", "human"], autosave=False)
        scene = PlayScene(app, sess)
        app.push(scene)
        app.frame([])
        s, v = scene.state, scene.view
        # put the game where Blue's first tank acts on a low red card
        from tests.tigers.helpers import at_act
        at_act(s, "2H", 0, [6, 6, 6, 1, 1])
        target = next(t for t in s.units if t.side == 1 and s.fire_refusal(s.units[0], t.id) is None)
        p = v.px(target.x, target.y)
        click(app, (int(p[0]), int(p[1])))
        assert target.damaged or s.units[target.id].damaged
        assert [r["dice"] for r in v.rolls[-2:]] == [[6, 6, 6], [1, 1]]
        settle(app)
        at_act(s, "2S", 1, [6, 6, 6])
        key(app, pygame.K_m)
        assert s.phase == "move"
        u = s.units[1]
        f = u.front()
        a = v.px(*f)
        b = v.px(f[0], f[1] - 10)
        drag(app, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])))
        assert s.phase != "move" and abs(s.units[1].front()[1] - (f[1] - 10)) < 0.7
    finally:
        app.close()


def test_monkey_on_the_open_table_and_against_the_ai():
    out = monkey_run(game="tigers", settings={"level": "open_table"}, seats=["human", "random"], steps=800, seed=1)
    assert out["steps"] == 800 and out["actions"] > 0
    out = monkey_run(game="tigers", settings={"level": "forest_crossing"}, seats=["human", "ai"], steps=400, seed=3)
    assert out["steps"] == 400


def open_scene(level="tank_battle", seats=("human", "human"), size=(1280, 800), seed=2):
    app = make_app(size, headless=True)
    sess = Session.new("tigers", {"level": level}, seed, list(seats), autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    return app, sess, scene


def test_T_T1_turn_one_shows_and_logs_the_deal_roll():
    app, sess, scene = open_scene()
    try:
        assert any("for cards" in line for line in sess.log)
        assert any(r["what"].startswith("Blue cards") for r in scene.view.rolls)
    finally:
        app.close()


def test_hand_row_never_draws_over_the_turned_cards_with_twelve_cards():
    app, sess, scene = open_scene()
    try:
        s, v = scene.state, scene.view
        s.hands[s.current_player()] = [(c, True) for c in ("2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH",
                                                           "QH", "KH")]
        app.frame([])
        mine = [r for r, _ in v.card_hits]
        assert len(mine) >= 12
        assert max(r.right for r in mine) <= v.queue_x() - 4
    finally:
        app.close()


def test_T_F1_the_view_refuses_an_ineligible_follower_at_the_click():
    app, sess, scene = open_scene()
    try:
        s, v = scene.state, scene.view
        from tests.tigers.helpers import at_act
        at_act(s, "2S", 0, [6, 6, 6])
        far = next(u for u in s.units if u.side == 0 and u.id != 0 and s.gap(s.units[0], u) > 7.5)
        p = v.px(far.x, far.y)
        click(app, (int(p[0]), int(p[1])))
        assert far.id not in v.followers and "7.5" in scene.refusal
        near = next((u for u in s.units if u.side == 0 and u.id != 0 and s.gap(s.units[0], u) <= 7.5), None)
        if near is not None:
            s.used.add(near.id)
            p = v.px(near.x, near.y)
            click(app, (int(p[0]), int(p[1])))
            assert near.id not in v.followers and "already" in scene.refusal
    finally:
        app.close()


def test_T_F1_the_hover_card_says_whether_a_unit_can_follow_this_leader_now():
    app, sess, scene = open_scene()
    try:
        s, v = scene.state, scene.view
        from tests.tigers.helpers import at_act
        at_act(s, "2S", 0, [6, 6, 6])
        lead = s.units[0]
        far = next(u for u in s.units if u.side == 0 and u.id != 0 and s.gap(lead, u) > 7.5)
        lines = v.hover_lines(far)
        assert not any(line.startswith("Can follow") for line in lines)
        assert any("7.5 cm" in line and f"#{far.id}" in line for line in lines)
        far.x, far.y = lead.x + 8.0, lead.y  # now beside the leader
        assert s.gap(lead, far) <= 7.5
        assert f"Can follow {lead.name} #{lead.id} now (Follow me!)" in v.hover_lines(far)
    finally:
        app.close()


def test_units_are_labelled_and_the_hover_card_keeps_face_down_cards_hidden():
    from game.ui.views.tigers import pct, unit_tag

    app, sess, scene = open_scene()
    try:
        s, v = scene.state, scene.view
        u = s.units[0]
        s.assigned[u.id] = [("AS", False), ("7H", True)]
        lines = v.hover_lines(u)
        assert lines[0].startswith("Blue " + unit_tag(u))
        assert "face down" in lines[1] and "7 of hearts" in lines[1] and "ace of spades" not in " ".join(lines)
        assert unit_tag(u) == f"Tank {u.id}" or u.kind != "tank"
        assert pct(0.996) == ">99%" and pct(1.0) == "100%" and pct(0.004) == "<1%" and pct(0.5) == "50%"
    finally:
        app.close()


def test_dice_panel_says_whose_roll_on_which_card_for_what():
    app, sess, scene = open_scene()
    try:
        s, v = scene.state, scene.view
        from tests.tigers.helpers import at_act
        at_act(s, "2H", 0, [6, 6, 6, 1, 1])
        target = next(t for t in s.units if t.side == 1 and s.fire_refusal(s.units[0], t.id) is None)
        p = v.px(target.x, target.y)
        click(app, (int(p[0]), int(p[1])))
        fire = next(r for r in v.rolls if "fires" in r["what"])
        assert fire["what"].startswith("Blue ") and "at " in fire["what"] and "2 of hearts" in fire["what"]
    finally:
        app.close()


def test_T_U2_terrain_edits_fold_into_one_log_line_and_a_drag_inside_a_piece_never_moves_it():
    app, sess, scene = open_scene("open_table", seed=2)
    try:
        s, v = scene.state, scene.view
        key(app, pygame.K_r)
        if s.current_player() != 0:
            sess.seats[:] = ["human", "human"]
        key(app, pygame.K_w)
        a, b = v.px(40, 50), v.px(60, 65)
        drag(app, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])))
        assert len(s.pieces) == 1
        before = list(s.pieces[0]["points"])
        # a new drag starting inside the woods selects it, it does not move it
        a, b = v.px(50, 57), v.px(80, 90)
        drag(app, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])))
        assert len(s.pieces) == 1 and s.pieces[0]["points"] == before and v.selected_piece == 0
        assert "selected" in scene.refusal
        n = len(sess.log)
        for _ in range(3):
            key(app, pygame.K_e)  # rotate the selected piece three times
        assert s.pieces[0]["params"][4] == 45
        assert len(sess.log) == n + 1 and "turned 45" in sess.log[-1]
    finally:
        app.close()


def test_setup_describes_the_scenario_and_opens_the_campaign(tmp_path, monkeypatch):
    from game import registry
    from game.rules.tigers.state import TigersGame
    from game.ui.setup import SetupScene
    from game.ui.views import tigers_campaign

    lines = TigersGame.describe_setup({"level": "village_fight"})
    assert any("Blue attacks" in ln and "180 x 120 cm" in ln for ln in lines)
    assert any("victory points" in ln for ln in lines) and any("both seats to Person" in ln for ln in lines)
    monkeypatch.setattr(tigers_campaign, "campaign_path", lambda: tmp_path / "c.json")
    app = make_app((1280, 800), headless=True)
    try:
        setup = SetupScene(app, registry.get("tigers"))
        app.push(setup)
        app.frame([])
        setup.open_editor()
        app.frame([])
        camp = app.top()
        assert isinstance(camp, tigers_campaign.TigersCampaignScene)
        camp.entries[0].set_text("Tom")
        camp.use_names()
        assert camp.camp.names[0] == "Tom" and (tmp_path / "c.json").exists()
        camp.do_reset()
        assert "afresh" in camp.message
    finally:
        app.close()


def test_T_A1_keep_facing_lets_a_tank_back_off_by_drag():
    app, sess, scene = open_scene()
    try:
        s, v = scene.state, scene.view
        from tests.tigers.helpers import at_act
        at_act(s, "2S", 0, [3, 3, 3])  # 9 cm
        key(app, pygame.K_m)
        u = s.units[0]
        x0, y0, h0 = u.x, u.y, u.heading
        key(app, pygame.K_f)
        assert v.keep_facing
        f = u.front()
        back = (f[0] - 6 * math.cos(math.radians(h0)), f[1] - 6 * math.sin(math.radians(h0)))
        a, b = v.px(*f), v.px(*back)
        drag(app, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])))
        assert s.phase != "move" and u.heading == pytest.approx(h0)
        assert math.dist((u.x, u.y), (x0, y0)) == pytest.approx(6, abs=0.7)
    finally:
        app.close()


def test_T_A1_a_click_on_open_table_moves_straight_there_and_a_click_on_the_front_is_no_move():
    app, sess, scene = open_scene()
    try:
        s, v = scene.state, scene.view
        from tests.tigers.helpers import at_act
        at_act(s, "2S", 0, [3, 3, 3])  # 9 cm
        key(app, pygame.K_m)
        n = len(sess.history)
        u = s.units[0]
        f = u.front()
        a = v.px(*f)
        click(app, (int(a[0]), int(a[1])))
        assert s.phase == "move" and len(sess.history) == n  # the unit's own front: nothing moved
        dx, dy = math.cos(math.radians(u.heading)), math.sin(math.radians(u.heading))
        to = (round(f[0] + 5 * dx), round(f[1] + 5 * dy))
        b = v.px(*to)
        click(app, (round(b[0]), round(b[1])))
        assert s.phase != "move"
        assert sess.history[-1].action.path == ((float(to[0]), float(to[1])),)
    finally:
        app.close()


def test_cards_lying_on_a_unit_never_hide_its_type_and_number():
    from game.ui.views.tigers import board as tv

    app, sess, scene = open_scene()
    try:
        s, v = scene.state, scene.view
        u = s.units[0]
        u.heading = 270.0  # facing north: its cards lie to the right, where the tag goes
        s.assigned[u.id] = [("AS", False), ("7H", True)]
        cards, tags = [], []
        orig_card, orig_text = tv.draw_card, tv.paper.text
        tv.draw_card = lambda surf, rect, card, mark=None: cards.append(pygame.Rect(rect))
        tv.paper.text = lambda surf, t, pos, *a, **k: (tags.append((t, pos)) if t == tv.unit_tag(u) else None) or \
            orig_text(surf, t, pos, *a, **k)
        try:
            v.draw_unit(app.screen, u)
        finally:
            tv.draw_card, tv.paper.text = orig_card, orig_text
        assert len(cards) == 2 and tags
        x, y = tags[0][1]
        assert x >= max(c.right for c in cards)
    finally:
        app.close()


def test_a_click_hides_the_hover_card_until_the_pointer_moves_on():
    from game.ui.views import tigers as tv

    app, sess, scene = open_scene()
    try:
        v = scene.view
        u = sess.state.units[0]
        at = tuple(int(c) for c in v.px(u.x, u.y))
        drawn = []
        orig = tv.TigersView.hover_card
        tv.TigersView.hover_card = lambda self, surf, unit: drawn.append(unit.id)
        try:
            v.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0), touch=False))
            v.draw(app.screen)
            assert drawn == [0]
            drawn.clear()
            v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1, touch=False))
            v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1, touch=False))
            v.draw(app.screen)
            assert drawn == []
            v.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0), touch=False))
            v.draw(app.screen)
            assert drawn == [0]
        finally:
            tv.TigersView.hover_card = orig
    finally:
        app.close()


def test_the_hover_card_goes_above_the_pointer_when_there_is_no_room_below():
    app, sess, scene = open_scene()
    try:
        v = scene.view
        area = v.table_rect()
        v.mouse = (area.left + 40, area.bottom - 30)
        r = v.hover_rect(380, 80)
        assert r.bottom <= v.mouse[1] and not r.collidepoint(v.mouse) and area.contains(r)
        v.mouse = (area.centerx, area.top + 30)
        r = v.hover_rect(380, 80)
        assert r.top >= v.mouse[1] and area.contains(r)
    finally:
        app.close()


def test_T_E3_a_lesson_shows_no_campaign_and_counts_no_battle(tmp_path, monkeypatch):
    from game.lessons import list_lessons
    from game.rules.tigers import campaign
    from game.ui.scenes.lesson import LessonScene

    monkeypatch.setattr(campaign, "campaign_path", lambda: tmp_path / "c.json")
    campaign.reset_campaign(tmp_path / "c.json")  # a campaign is running on this machine
    app, _, play = open_scene("village_fight", ("human", "ai"), seed=3)
    try:
        assert play.view.campaign_line.startswith("Battle 0 of")  # a real battle shows the standing
        lesson = LessonScene(app, list_lessons("tigers")[0])
        app.push(lesson)
        app.frame([])
        assert not lesson.view._in_campaign() and lesson.view.campaign_line == ""
    finally:
        app.close()


def test_T_A1_rev3_the_move_preview_shows_the_move_that_will_be_made():
    app, sess, scene = open_scene()
    try:
        s, v = scene.state, scene.view
        from tests.tigers.helpers import at_act
        at_act(s, "2S", 0, [3, 3, 3])  # 9 cm
        key(app, pygame.K_m)
        u = s.units[0]
        f = u.front()
        hx, hy = math.cos(math.radians(u.heading)), math.sin(math.radians(u.heading))
        c = (f[0] + hx * 8, f[1] + hy * 8)  # a hill whose near edge is about 3 cm ahead
        s.pieces.append({"kind": "hill", "points": [(c[0] - 5, c[1] - 5), (c[0] + 5, c[1] - 5), (c[0] + 5, c[1] + 5),
                                                    (c[0] - 5, c[1] + 5)], "params": None})
        s._invalidate()
        ahead = (f[0] + hx * 8.5, f[1] + hy * 8.5)
        a, b = v.px(*f), v.px(*ahead)
        a, b = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
        evs = [pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(1, 0, 0), touch=False),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1, touch=False)]
        for k in range(1, 6):
            p = (a[0] + (b[0] - a[0]) * k // 5, a[1] + (b[1] - a[1]) * k // 5)
            evs.append(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0), touch=False))
        app.frame(evs)
        end, txt, why = v.move_preview(v.drag)  # what the pencil note beside the drag says
        assert not why and "stops: entered a hill" in txt
        assert end["travelled"] < 6 and txt.startswith(f"{end['travelled']:.1f} cm")  # not the 8.5 cm dragged
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1, touch=False)])
        assert s.phase != "move" and (u.x, u.y) == pytest.approx((end["x"], end["y"]), abs=0.05)
        moved = [e for e in sess.history[-1].events if e.kind == "move"][0]
        assert f"moves {end['travelled']:.1f} cm" in moved.text
    finally:
        app.close()


def test_the_wheel_over_the_log_scrolls_the_log_and_never_zooms_the_table():
    app = make_app((1280, 800), headless=True)
    try:
        sess = Session.new("tigers", {"level": "open_table"}, 2, ["human", "human"], autosave=False,
                           pins={"faces": [6, 6, 1, 1]})
        scene = PlayScene(app, sess)
        app.push(scene)
        app.frame([])
        key(app, pygame.K_r)  # the terrain roll writes the log's first lines
        sess.log.extend(f"line {i}" for i in range(30))
        app.frame([])
        v = scene.view
        scale, off = v.scale, v.off
        over_log = (app.size[0] - scene.margin_w // 2, app.size[1] // 2)
        wheel = [pygame.event.Event(pygame.MOUSEMOTION, pos=over_log, rel=(0, 0), buttons=(0, 0, 0), touch=False),
                 pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0,
                                    touch=False)]
        app.frame(wheel + wheel[1:] * 2)
        assert (v.scale, v.off) == (scale, off)  # the table did not zoom
        assert scene.log_back == 3  # three entries back towards the oldest
        app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                      precise_y=-1.0, touch=False)])
        assert scene.log_back == 2
        # over the table the wheel still zooms
        over_table = scene.board_rect().center
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=over_table, rel=(0, 0), buttons=(0, 0, 0), touch=False),
                   pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0,
                                      touch=False)])
        assert v.scale > scale and scene.log_back == 2
        sess.log.append("something new")  # a new line brings the log back to the newest
        app.frame([])
        assert scene.log_back == 0
    finally:
        app.close()


def test_T_R1_rev3_a_passenger_gets_out_beside_its_vehicle_where_the_drag_points():
    app, sess, scene = open_scene("village_fight")
    try:
        s, v = scene.state, scene.view
        from tests.tigers.helpers import at_act
        sq = next(x for x in s.units if x.side == 0 and x.kind == "infantry")
        car = next(x for x in s.units if x.side == 0 and x.kind == "truck")
        sq.carrier, car.passenger = car.id, sq.id
        sq.x, sq.y = car.x, car.y
        at_act(s, "4S", sq.id, [1, 1, 2])  # a bare pass: 4 cm
        key(app, pygame.K_m)
        assert s.phase == "move" and s.movers[0] == (sq.id, 4.0)
        hx, hy = math.cos(math.radians(car.heading + 90)), math.sin(math.radians(car.heading + 90))
        out = (car.x + hx * 12, car.y + hy * 12)  # well beyond the 4 cm rolled: only the side counts
        end, txt, why = v.move_preview([(car.x, car.y), out])
        assert not why and "gets out" in txt
        a, b = v.px(car.x, car.y), v.px(*out)
        drag(app, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])))
        assert sq.carrier == -1 and car.passenger == -1 and s.phase != "move"
        assert sq.polygon().distance(car.polygon()) < 0.01
        assert sq.polygon().intersection(car.polygon()).area < 1e-6
        assert (sq.x - car.x) * hx + (sq.y - car.y) * hy > 0
    finally:
        app.close()


def test_T_E3_the_campaign_screen_names_each_commander_once_and_each_level_by_its_title(tmp_path):
    from game.rules.tigers.campaign import record_battle
    from game.ui.views.tigers_campaign import TigersCampaignScene
    from tests.tigers.helpers import make, unit

    s = make([unit("tank", 40, 100, 270)], [unit("tank", 90, 20, 90)])
    s.phase, s.vp = "over", [3, 3]
    record_battle("village_fight", s, "k1", tmp_path / "c.json", seats=("human", "ai"))
    app = make_app((1280, 800), headless=True)
    try:
        scene = TigersCampaignScene(app, None, tmp_path / "c.json")
        app.push(scene)
        app.frame([])
        lines = scene.lines()
        assert lines[1:3] == ["Blue: 1 campaign point", "Orange: 1 campaign point"]
        assert lines[3] == "  Battle 1, Village fight: Blue 3 - 3 Orange: a draw"
    finally:
        app.close()


def _written(tv):
    """Record every text the view writes (paper.text and paper.note) with where it went."""
    out: list[tuple[str, pygame.Rect]] = []
    real_text, real_note = tv.paper.text, tv.paper.note

    def text(surf, t, *a, **k):
        r = real_text(surf, t, *a, **k)
        out.append((t, pygame.Rect(r)))
        return r

    def note(surf, t, *a, **k):
        r = real_note(surf, t, *a, **k)
        out.append((t, pygame.Rect(r)))
        return r
    return out, text, note, (real_text, real_note)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 600)])
def test_T_A6_the_hover_card_and_the_odds_line_are_both_readable_at_once(size):
    """Issue 32: hovering an enemy to fire, the unit's hover card was drawn over the odds line."""
    from game.ui.views.tigers import board as tv
    from tests.tigers.helpers import at_act

    app, sess, scene = open_scene(size=size)
    try:
        s, v = scene.state, scene.view
        at_act(s, "2H", 0, [6, 6, 6])
        window = v.table_rect()
        for t in (u for u in s.units if u.side == 1):
            at = tuple(int(c) for c in v.px(t.x, t.y))
            v.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0), touch=False))
            out, text, note, real = _written(tv)
            tv.paper.text, tv.paper.note = text, note
            try:
                v.draw(app.screen)
            finally:
                tv.paper.text, tv.paper.note = real
            odds = [r for w, r in out if w.startswith(f"Tank 0 at Orange {tv.unit_tag(t)}") or w.startswith("No line")
                    or w.startswith("Infantry fires")]
            card = [r for w, r in out if w in v.hover_lines(t)]
            assert odds and card, (t.id, [w for w, _ in out])
            for r in odds:
                assert r.collidelist(card) == -1, (size, t.id)
                assert window.contains(r), (size, t.id, r, window)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 600)])
@pytest.mark.parametrize("queue", [(2, 2, 13, 1), (2, 13, 2, 1, 1, 3, 13, 2)])
def test_T_T4_labels_under_the_turned_cards_never_run_together(size, queue):
    """Issue 32: "Truck 2Truck 2" under two turned cards; at 1024x600 the cards ran into the dice."""
    from game.ui.views.tigers import board as tv

    app, sess, scene = open_scene("village_fight", size=size)
    try:
        s, v = scene.state, scene.view
        s.queue = [(c, uid) for c, uid in zip(("KS", "QH", "10D", "9C", "8S", "7H", "6D", "5C"), queue, strict=False)]
        s.assigned, s.phase = {}, "act"
        out, text, note, real = _written(tv)
        cards: list[pygame.Rect] = []
        real_card = tv.draw_card
        tv.paper.text, tv.paper.note = text, note
        tv.draw_card = lambda surf, rect, card, mark=None: cards.append(pygame.Rect(rect)) or real_card(surf, rect, card,
                                                                                                         mark)
        try:
            v.draw_tray(app.screen)
        finally:
            tv.paper.text, tv.paper.note = real
            tv.draw_card = real_card
        tags = {tv.unit_tag(u) for u in s.units}
        below = v.table_rect().bottom + 58 + tv.CARD_H  # under the turned cards (the hands have no labels)
        labels = [r for w, r in out if w in tags and r.top >= below - 4]
        dice = v.rect.right - 330 + 3  # draw_tray: the first die's left edge
        turned = [r for r in cards if r.left >= v.queue_x()]
        assert len(turned) == len(queue)
        assert all(r.right < dice for r in turned + labels), size
        runs = 1 + sum(1 for a, b in zip(queue, queue[1:], strict=False) if a != b)  # one label a run
        assert len(labels) == runs
        for i, a in enumerate(labels):
            assert a.collidelist(labels[i + 1:]) == -1, (size, queue)
            assert v.rect.contains(a)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("level", ["village_fight", "tank_battle", "forest_crossing", "crowd"])
@pytest.mark.parametrize("with_cards", [False, True], ids=["bare", "cards"])
def test_unit_labels_and_cards_never_collide_nor_hide_a_unit_at_any_window_size(size, level, with_cards):
    """Issue 32: at 1024x600 unit labels ran into each other, and a card laid on the armoured car
    hid its icon.  Every unit has its label, and no label or card lies on another or on any unit."""
    from game.ui.views.tigers import board as tv

    app, sess, scene = open_scene("tank_battle" if level == "crowd" else level, size=size)
    try:
        s, v = scene.state, scene.view
        live = [u for u in s.units if u.alive and u.carrier < 0 and u.placed]
        if level == "crowd":  # Blue's units in two tight rows, 6 cm centre to centre
            for i, u in enumerate(u for u in live if u.side == 0):
                u.x, u.y, u.heading = 60.0 + (i % 4) * 6.0, 60.0 + (i // 4) * 12.0, 270.0
            assert not any(a.polygon().intersects(b.polygon()) for a in live for b in live if a.id < b.id)
        for u in live if with_cards else ():  # the worst case: two cards by each unit (one up), one by every third
            s.assigned[u.id] = [("AS", False)] if u.id % 3 == 0 else [("AS", False), ("7H", True)]
        out, text, note, real = _written(tv)
        cards: list[pygame.Rect] = []
        real_card = tv.draw_card
        tv.paper.text, tv.paper.note = text, note
        tv.draw_card = lambda surf, rect, card, mark=None: cards.append(pygame.Rect(rect)) or real_card(surf, rect, card,
                                                                                                         mark)
        v.mouse = (0, 0)  # no hover card
        try:
            v.draw(app.screen)
        finally:
            tv.paper.text, tv.paper.note = real
            tv.draw_card = real_card
        table = v.table_rect()
        on_table = [r for r in cards if r.bottom <= table.bottom]
        tags = {tv.unit_tag(u) for u in live}
        labels = [r for w, r in out if w in tags and r.bottom <= table.bottom]
        assert len(on_table) == sum(len(s.assigned.get(u.id, ())) for u in live)
        assert len(labels) == len(live)
        bodies = []
        for u in live:
            pts = [v.px(x, y) for x, y in u.polygon().exterior.coords]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            bodies.append(pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys))))
        marks = labels + on_table
        for i, r in enumerate(marks):
            assert table.contains(r), (size, level, r)
            assert r.collidelist(bodies) == -1, (size, level, "a card or label on a unit", r)
            assert r.collidelist(marks[i + 1:]) == -1, (size, level, "labels or cards collide", r)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800)])
def test_a_card_laid_on_the_armoured_car_leaves_its_sketch_in_full_view(size):
    """Issue 32: a card laid on the armoured car hid its icon.  The car's sketch looks the same,
    pixel for pixel, with one or two cards laid on it."""
    app, sess, scene = open_scene("village_fight", size=size)
    try:
        s, v = scene.state, scene.view
        car = next(u for u in s.units if u.kind == "armoured_car")
        pts = [v.px(x, y) for x, y in car.polygon().exterior.coords]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))
        v.mouse = (0, 0)  # no hover card

        def sketch():
            v.draw(app.screen)
            return pygame.image.tobytes(app.screen.subsurface(box), "RGB")
        bare = sketch()
        for cards in ([("AS", False)], [("AS", False), ("7H", True)]):
            s.assigned[car.id] = cards
            assert sketch() == bare, (size, cards)
    finally:
        app.close()


def test_T_T3_the_chosen_card_is_marked_only_where_the_seat_to_move_plays(monkeypatch):
    """A hand is chosen from only at the screen of the seat to move: in the window of the other
    seat online (or while the computer holds the turn) no card of that hand wears the choice mark."""
    import game.ui.views.tigers.board as tv
    from game.ui import paper

    app, sess, scene = open_scene()
    try:
        marks: list[tuple[str | None, object]] = []
        real = tv.draw_card
        monkeypatch.setattr(tv, "draw_card", lambda surf, rect, card, mark=None: (marks.append((card, mark)),
                                                                                  real(surf, rect, card, mark)))
        assert scene.state.phase == "assign"
        app.frame([])
        assert any(m == paper.GOOD for _, m in marks)  # at the screen of the seat to move: the choice is marked
        assert scene.view.card_hits
        marks.clear()
        monkeypatch.setattr(scene, "human_to_move", lambda: False)  # the other seat's window, online
        app.frame([])
        assert marks and not any(m == paper.GOOD for _, m in marks)
        assert scene.view.card_hits == []
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 600)])
def test_T_A1_the_reach_label_of_a_move_never_runs_into_a_unit_or_its_label(size):
    """Seen online (tank battle): the reach circle's "up to 6 cm" was written over the label of the
    tank beside the moving squad ("Tank 0up to 6 cm").  For every unit of the tank battle and every
    reach, the label lies on no unit's sketch, label or cards, inside the table."""
    from game.ui.views.tigers import board as tv

    app, sess, scene = open_scene(size=size)
    try:
        s, v = scene.state, scene.view
        live = [u for u in s.units if u.alive and u.carrier < 0 and u.placed]
        for u in live:
            s.assigned[u.id] = [("AS", False)] if u.id % 2 else []
        v.mouse = (0, 0)  # no hover card
        checked = 0
        for u in live:
            for allow in (3.0, 6.0, 9.0, 14.0):
                s.phase, s.movers = "move", [(u.id, allow)]
                out, text, note, real = _written(tv)
                tv.paper.text, tv.paper.note = text, note
                try:
                    v.draw(app.screen)
                finally:
                    tv.paper.text, tv.paper.note = real
                reach = [r for w, r in out if w == f"up to {allow:g} cm"]
                assert len(reach) == 1
                marks = v.unit_marks()
                taken = [v._body(w) for w in live] + [m[1] for m in marks.values()] + \
                    [c for m in marks.values() for c in m[0]]
                assert reach[0].collidelist(taken) == -1, (size, u.id, allow, reach[0], taken[reach[0].collidelist(taken)])
                assert v.table_rect().contains(reach[0])
                checked += 1
        assert checked == 4 * len(live)
    finally:
        app.close()


def scene_with(state, size=(1280, 800)):
    """A play scene on a hand-made state (tests.tigers.helpers.make)."""
    app = make_app(size, headless=True)
    sess = Session.new("tigers", {"level": "tank_battle"}, 2, ["human", "human"], autosave=False)
    sess.state = state
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    scene.view.fit()
    return app, sess, scene


def test_T_R1_rev4_the_board_shows_the_way_round_to_the_truck_and_a_click_takes_it():
    from tests.tigers.test_rev4 import mount_round

    app, sess, scene = scene_with(mount_round())
    try:
        s, v = scene.state, scene.view
        truck = s.units[1]
        p = v.px(truck.x + 2, truck.y)
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(p[0]), int(p[1])), rel=(0, 0), buttons=(0, 0, 0),
                                      touch=False)])
        assert v.odds is not None and v.odds[0].startswith("Click: Inf 0 gets into Truck 1, 4.6 cm round")
        assert "drag your own way" in v.odds[0] and "get in" in v.hint()
        click(app, (int(p[0]), int(p[1])))
        assert s.units[0].carrier == 1, scene.refusal
    finally:
        app.close()


def test_T_R1_rev4_a_way_dragged_onto_the_truck_gets_in_along_it():
    from tests.tigers.test_rev4 import mount_round

    app, sess, scene = scene_with(mount_round())
    try:
        s, v = scene.state, scene.view
        v.keep_facing = True
        pts = [v.px(61.5, 60.0), v.px(62.0, 63.0), v.px(64.5, 63.0), v.px(65.5, 61.0)]  # onto the truck
        pts = [(int(round(x)), int(round(y))) for x, y in pts]
        evs = [pygame.event.Event(pygame.MOUSEMOTION, pos=pts[0], rel=(0, 0), buttons=(1, 0, 0), touch=False),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pts[0], button=1, touch=False)]
        evs += [pygame.event.Event(pygame.MOUSEMOTION, pos=q, rel=(1, 1), buttons=(1, 0, 0), touch=False) for q in pts[1:]]
        app.frame(evs)
        end, txt, why = v.move_preview(v.drag)
        assert txt.startswith("gets into Truck 1") and not why, (txt, why, v.drag)
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pts[-1], button=1, touch=False)])
        assert s.units[0].carrier == 1, scene.refusal
        assert any("by the way drawn and mounts truck #1" in line for line in sess.log)
    finally:
        app.close()


def test_T_F1_rev4_after_the_leaders_shot_the_board_asks_each_follower_for_its_target():
    from game.rules.tigers.actions import FollowFire
    from tests.tigers.test_rev4 import volley_state

    app, sess, scene = scene_with(volley_state())
    try:
        s, v = scene.state, scene.view
        follower, target = s.units[1], s.units[2]
        p = v.px(follower.x, follower.y)
        click(app, (int(p[0]), int(p[1])))  # the free tank beside the leader follows
        assert v.followers == [1]
        p = v.px(target.x, target.y)
        click(app, (int(p[0]), int(p[1])))  # the leader fires, destroying the damaged squad
        assert s.units[2].destroyed and s.phase == "volley" and s.volley == [1]
        app.frame([])
        # the follower to fire is named with its choice; its one target is offered first
        assert v.hint().startswith("Click the target for Tank 1") and "H holds its fire" in v.hint()
        assert v.volley_default() == 3
        labels = [b.label for b in v.buttons]
        assert "Fire at Inf 3 (Enter)" in labels and "Hold fire (H)" in labels
        assert "choose its target" in s.status()
        assert v.lesson_target(FollowFire(1, 3)) == v.unit_rect(3)  # a lesson points at the target
        # a click on the squad fires the follower there
        p = v.px(s.units[3].x, s.units[3].y)
        click(app, (int(p[0]), int(p[1])))
        assert s.units[3].damaged and s.phase != "volley"
        assert any("tank #1 fires at infantry #3" in line for line in sess.log)
    finally:
        app.close()


def test_T_F1_rev4_enter_fires_the_follower_at_the_leaders_target_when_it_still_stands():
    from tests.tigers.test_rev4 import volley_state

    s = volley_state()
    s.units[2].damaged = False
    s.chance.faces = [1, 1, 1, 1, 1, 1, 6]  # the leader hits (no save for a squad in the open)
    app, sess, scene = scene_with(s)
    try:
        v = scene.view
        v.followers = [1]
        p = v.px(s.units[2].x, s.units[2].y)
        click(app, (int(p[0]), int(p[1])))
        assert s.units[2].damaged and s.phase == "volley"
        app.frame([])
        assert v.volley_default() == 2 and "the leader's target" in v.hint()
        key(app, pygame.K_RETURN)
        assert s.units[2].destroyed  # the follower's hit on the damaged squad destroys it
    finally:
        app.close()


def test_T_E3_rev4_the_board_counts_a_battle_once_with_its_final_result_however_often_its_end_is_seen():
    from game.engine import Event
    from game.rules.tigers.campaign import Campaign, campaign_path
    from tests.tigers.helpers import at_act, make, unit
    from tests.tigers.test_rev4 import take

    s = make([unit("tank", 40, 100, 270)], [unit("tank", 90, 20, 90)])
    take(s, "AS")
    s.discard += s.deck
    s.deck = []  # the last turn: the hold on the ace of spades is the battle's last card
    at_act(s, "AS", 0)
    s.vp = [5, 0]
    app, sess, scene = scene_with(s)
    try:
        key(app, pygame.K_h)
        assert s.is_over()
        settle(app, 5)
        camp = Campaign.load(campaign_path())
        assert len(camp.results) == 1 and camp.results[0]["vp"] == [5, 0]
        # the end is seen again, with another record length and another result (as after an undo
        # and another last move): still one battle, now with the result it ended with
        sess.record.actions.append({"type": "Keep"})
        s.vp = [5, 4]
        scene.view.on_events([Event("over", "again", {})])
        camp = Campaign.load(campaign_path())
        assert len(camp.results) == 1 and camp.results[0]["vp"] == [5, 4]
        assert camp.results[0]["victory"] == "marginal" and scene.view.campaign_line.startswith("Battle 1 of 10")
    finally:
        app.close()
