"""The Tigers board view draws exactly what it drew before it was split into modules (issue 50).

Each position below is reached through the play scene (real clicks, keys and drags where a
person would make them, hand-made states where a rule test makes them), then the view draws
itself onto a blank surface.  What it drew (the pixels of its rect) and what it says (the
margin lines, the hint, the odds line and where its notes went) are hashed and compared with
``view_split_hashes.json``, written from the single-file view (game/ui/views/tigers.py) before
the split.  A deliberate change to what the Tigers board draws regenerates that file:
``python -m tests.tigers.test_view_split`` (and say so in the commit).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.session import Session
from game.ui.main import make_app
from game.ui.playing.scene import PlayScene

HASHES = Path(__file__).with_name("view_split_hashes.json")


def _move(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0), touch=False)


def _down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)


def _up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)


def _key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def _at(v, x, y):
    p = v.px(x, y)
    return int(round(p[0])), int(round(p[1]))


def _click(app, pos):
    app.frame([_move(pos), _down(pos), _up(pos)])


def _drag(app, a, b, steps=5, release=True):
    evs = [_move(a), _down(a)]
    for k in range(1, steps + 1):
        evs.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(a[0] + (b[0] - a[0]) * k // steps,
                                                              a[1] + (b[1] - a[1]) * k // steps),
                                      rel=(1, 1), buttons=(1, 0, 0), touch=False))
    if release:
        evs.append(_up(b))
    app.frame(evs)


def _scene(level="tank_battle", size=(1280, 800), seed=2, state=None, pins=None):
    app = make_app(size, headless=True)
    sess = Session.new("tigers", {"level": level}, seed, ["human", "human"], autosave=False, pins=pins)
    if state is not None:
        sess.state = state
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    if state is not None:
        scene.view.fit()
    return app, sess, scene


def _fingerprint(scene) -> str:
    """The view's own drawing (its rect on a blank surface) and its words, hashed."""
    v = scene.view
    surf = pygame.Surface(scene.app.screen.get_size())
    surf.fill((255, 0, 255))
    v.draw(surf)
    h = hashlib.sha256(pygame.image.tobytes(surf.subsurface(v.rect), "RGB"))
    words = {"rect": list(v.rect), "margin": v.margin_lines(), "hint": v.hint(), "odds": v.odds,
             "shown": {k: list(r) for k, r in sorted(v.shown.items())},
             "buttons": [(b.label, list(b.rect)) for b in v.buttons],
             "cards": [(list(r), c) for r, c in v.card_hits]}
    h.update(json.dumps(words, sort_keys=True, default=str).encode())
    return h.hexdigest()


def positions() -> Iterator[tuple[str, Callable[[], tuple]]]:
    """(name, make) for each position: ``make`` returns (app, scene) with the position shown."""
    from tests.tigers.helpers import at_act, make, unit
    from tests.tigers.test_rev4 import mount_round, take, volley_state

    def setup_phases(stop):
        def go():
            app, sess, scene = _scene("open_table", size=(1400, 860), pins={"faces": [6, 6, 1, 1]})
            v = scene.view
            app.frame([_key(pygame.K_r)])  # roll off: Blue attacks
            if stop == "terrain":
                app.frame([_key(pygame.K_w)])
                _drag(app, _at(v, 40, 50), _at(v, 60, 65))
                app.frame([_key(pygame.K_h)])
                _drag(app, _at(v, 100, 40), _at(v, 120, 60))
                app.frame([_key(pygame.K_b)])
                _drag(app, _at(v, 140, 70), _at(v, 148, 76))
                _click(app, _at(v, 50, 57))  # the woods selected
                return app, scene
            app.frame([_key(pygame.K_RETURN)])  # terrain done
            if stop == "side":
                app.frame([_move(_at(v, 60, 30))])
                return app, scene
            app.frame([_key(pygame.K_n)])
            app.frame([_move(_at(v, 90, 10)), _key(pygame.K_e)])  # deploy: the ghost at the cursor, turned
            if stop == "deploy":
                return app, scene
            raise AssertionError(stop)
        return go

    yield "rolloff", lambda: _scene("open_table", size=(1400, 860), pins={"faces": [6, 6, 1, 1]})[::2]
    for stop in ("terrain", "side", "deploy"):
        yield stop, setup_phases(stop)

    def assign(size, hover):
        def go():
            app, sess, scene = _scene(size=size)
            v, s = scene.view, scene.state
            mine = [u for u in s.units if u.side == s.current_player()]
            up = next((r for r, c in v.card_hits if c != "?"), v.card_hits[0][0])
            _click(app, up.center)  # a face-up card chosen
            _click(app, _at(v, mine[0].x, mine[0].y))  # a card laid on a unit
            if hover:
                app.frame([_move(_at(v, mine[1].x, mine[1].y))])
            else:
                app.frame([_move((2, 2))])
            return app, scene
        return go

    yield "assign", assign((1280, 800), False)
    yield "assign-hover", assign((1280, 800), True)
    yield "assign-small", assign((1024, 600), True)
    yield "assign-big", assign((1920, 1080), False)

    def act(hover_enemy):
        def go():
            app, sess, scene = _scene()
            s, v = scene.state, scene.view
            at_act(s, "2H", 0, [6, 6, 6])
            app.frame([])
            if hover_enemy:
                t = next(u for u in s.units if u.side == 1)
                app.frame([_move(_at(v, t.x, t.y))])
            else:
                app.frame([_move((2, 2))])
            return app, scene
        return go

    yield "act", act(False)
    yield "act-fire-preview", act(True)

    def volley(stage):
        def go():
            app, sess, scene = _scene(state=volley_state())
            s, v = scene.state, scene.view
            _click(app, _at(v, s.units[1].x, s.units[1].y))  # the tank beside the leader follows
            assert v.followers == [1]
            if stage == "chain":
                app.frame([_move(_at(v, s.units[2].x, s.units[2].y))])
                return app, scene
            _click(app, _at(v, s.units[2].x, s.units[2].y))  # the shot: dice, the squad destroyed
            app.frame([_move((2, 2))])
            assert s.phase == "volley" and s.units[2].destroyed
            if stage == "volley":
                return app, scene
            _click(app, _at(v, s.units[3].x, s.units[3].y))  # the follower's own target
            assert s.phase != "volley"
            for _ in range(20):
                app.frame([], dt=0.05)
            app.frame([_move((2, 2))])
            return app, scene
        return go

    yield "volley-chain", volley("chain")
    yield "volley-targets", volley("volley")
    yield "volley-fired", volley("fired")

    def moving(stage):
        def go():
            s = make([unit("tank", 40, 80, 270), unit("infantry", 60, 80, 270)],
                     [unit("tank", 120, 20, 90)])
            at_act(s, "10S", 0, [6, 6, 6])
            app, sess, scene = _scene(state=s)
            v = scene.view
            app.frame([_key(pygame.K_m)])  # the move order: its roll, then the reach circle
            if stage == "reach":
                app.frame([_move((2, 2))])
                return app, scene
            u = s.units[0]
            f = u.front()
            a, b = _at(v, *f), _at(v, f[0] + 4, f[1] - 5)
            _drag(app, a, b, release=stage != "dragging")
            if stage == "dragging":
                return app, scene
            app.frame([], dt=0.2)  # the unit half way along its path
            return app, scene
        return go

    yield "move-reach", moving("reach")
    yield "move-dragging", moving("dragging")
    yield "move-animating", moving("animating")

    def transport(stage):
        def go():
            app, sess, scene = _scene(state=mount_round())
            s, v = scene.state, scene.view
            p = _at(v, s.units[1].x + 2, s.units[1].y)
            app.frame([_move(p)])
            if stage == "preview":
                return app, scene
            _click(app, p)
            assert s.units[0].carrier == 1
            for _ in range(20):
                app.frame([], dt=0.05)
            app.frame([_move((2, 2))])
            return app, scene
        return go

    yield "transport-preview", transport("preview")
    yield "transport-aboard", transport("aboard")

    def tools(which):
        def go():
            app, sess, scene = _scene()
            s, v = scene.state, scene.view
            app.frame([_key(pygame.K_t if which == "tape" else pygame.K_l)])
            a, b = s.units[0], next(u for u in s.units if u.side == 1)
            _drag(app, _at(v, a.x, a.y), _at(v, b.x, b.y))
            app.frame([_move(_at(v, b.x, b.y))])
            return app, scene
        return go

    yield "tape", tools("tape")
    yield "sight", tools("sight")

    def zoomed():
        app, sess, scene = _scene()
        v = scene.view
        c = v.table_rect().center
        app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0,
                                      touch=False) for _ in range(3)])
        app.frame([_move(c), _down(c, 3), pygame.event.Event(pygame.MOUSEMOTION, pos=(c[0] + 40, c[1] + 25),
                                                              rel=(40, 25), buttons=(0, 0, 1), touch=False),
                   _up((c[0] + 40, c[1] + 25), 3)])
        return app, scene

    yield "zoomed", zoomed

    def over():
        s = make([unit("tank", 40, 100, 270)], [unit("tank", 90, 20, 90)])
        take(s, "AS")
        s.discard += s.deck
        s.deck = []
        at_act(s, "AS", 0)
        s.vp = [5, 0]
        app, sess, scene = _scene(state=s)
        app.frame([_key(pygame.K_h)])
        for _ in range(5):
            app.frame([], dt=0.05)
        assert s.is_over()
        return app, scene

    yield "game-over", over


def render_all() -> dict[str, str]:
    out = {}
    for name, make in positions():
        app, scene = make()
        try:
            out[name] = _fingerprint(scene)
            if os.environ.get("TIGERS_SPLIT_PNG"):
                surf = pygame.Surface(app.screen.get_size())
                scene.view.draw(surf)
                pygame.image.save(surf, str(Path(os.environ["TIGERS_SPLIT_PNG"]) / f"{name}.png"))
        finally:
            app.close()
    return out


@pytest.mark.parametrize("name", sorted(json.loads(HASHES.read_text())) if HASHES.exists() else [])
def test_the_split_view_draws_each_position_as_the_single_file_view_did(name):
    make = dict(positions())[name]
    app, scene = make()
    try:
        assert _fingerprint(scene) == json.loads(HASHES.read_text())[name], name
    finally:
        app.close()


def test_every_position_has_its_reference():
    assert HASHES.exists() and sorted(json.loads(HASHES.read_text())) == sorted(n for n, _ in positions())


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import tempfile

    os.environ["PAPERWARS_HOME"] = tempfile.mkdtemp()  # the game over counts a campaign battle
    HASHES.write_text(json.dumps(render_all(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {HASHES}")
