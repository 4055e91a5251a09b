"""The board view, headless: real clicks and keys through the play scene, and the monkey."""

from __future__ import annotations

import pygame

from game.session import Session
from game.ui.main import make_app
from game.ui.monkey import monkey_run
from game.ui.scenes.play import PlayScene


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
