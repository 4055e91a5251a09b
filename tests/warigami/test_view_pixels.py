"""The Warigami board view draws every position exactly as before it was split into modules.

``view_pixels.json`` holds a short hash of the whole window (1280x800, headless) at each named
moment of scripted games played with real clicks and keys: a squad being typed in secret, the start
zone marked while placing, a unit selected with the squares it reaches, a move walking, the line of
sight and the odds box over an enemy, the aim taken, the die tumbling and settled with the damage
written, the die left on the board, a blocked shot, the RPG's splash, the shotgun's close blast, the
heal cursor, a unit that has acted, the huge map scrolled, and the game over.  The hashes were
written by the single-file view (``game/ui/views/warigami.py`` of df1a091, the commit the split
started from) with::

    SDL_VIDEODRIVER=dummy python -m tests.warigami.test_view_pixels --write

run before the split; the package must draw the same pixels.  A deliberate change to what the
view draws rewrites them (the same command); say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.agents import RandomAgent
from game.rules.warigami.state import ATTACK, MOVE, SETUP, Unit
from game.session import Session
from game.ui.main import make_app
from game.ui.playing.scene import PlayScene

REF = Path(__file__).with_name("view_pixels.json")
PNG_DIR: Path | None = None  #: ``--png DIR``: also save each hashed window there, to look at


def _hash(app: Any) -> str:
    if PNG_DIR is not None:
        pygame.image.save(app.screen, str(PNG_DIR / f"{len(list(PNG_DIR.iterdir())):02d}.png"))
    return hashlib.sha256(pygame.image.tobytes(app.screen, "RGB")).hexdigest()[:16]


def motion(app: Any, pos: tuple[float, float]) -> None:
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)])


def click(app: Any, pos: tuple[float, float], button: int = 1) -> None:
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)])


def key(app: Any, k: int) -> None:
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def settle(app: Any, scene: PlayScene) -> None:
    for _ in range(200):
        if not scene.view.busy():
            break
        app.frame([], dt=0.1)
    app.frame([], dt=0.0)


def _close_games(app: Any) -> None:
    while app.scenes and isinstance(app.top(), PlayScene):
        app.pop()


def battle_scene(app: Any, units: list[tuple[int, str, int, int]], faces: tuple[int, ...] = (),
                 **settings: Any) -> tuple[Session, PlayScene, Any]:
    """A play scene on the skirmish map with ``units`` (owner, kind, x, y) standing, seat 1 to move."""
    _close_games(app)
    sess = Session.new("warigami", {"level": "skirmish", "units": 1, **settings}, 3, ["human", "human"],
                       autosave=False, pins={"faces": list(faces)})
    s = sess.state
    for i, (owner, kind, x, y) in enumerate(units, start=1):
        s.units[i] = Unit(i, owner, kind, x, y)
        s.at[(x, y)] = i
    s.next_id = len(units) + 1
    s.squads = [("smg",)] * 2
    s.phase, s.player, s.first, s.round = MOVE, 0, 0, 1
    s._start_turn()
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    return sess, scene, scene.view


def frames(app: Any) -> dict[str, str]:
    """Play the scripted games and hash the window at each named moment."""
    shots: dict[str, str] = {}
    # W-B2: squads typed in secret, then placed on the start zones
    sess = Session.new("warigami", {"level": "skirmish", "units": 2, "criticals": True}, 3, ["human", "human"],
                       autosave=False, pins={"faces": [6, 1, 6, 6, 5, 1]})
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    v = scene.view
    shots["squad.empty"] = _hash(app)
    key(app, pygame.K_1)
    key(app, pygame.K_5)
    shots["squad.draft"] = _hash(app)
    key(app, pygame.K_RETURN)
    app.frame([])
    shots["squad.cover"] = _hash(app)
    key(app, pygame.K_RETURN)
    for k in (pygame.K_3, pygame.K_2):
        key(app, k)
    key(app, pygame.K_RETURN)
    app.frame([])
    assert sess.state.phase == SETUP
    shots["setup.zone"] = _hash(app)
    click(app, v.centre((0, 3)))
    motion(app, v.centre((9, 2)))
    shots["setup.placed"] = _hash(app)
    click(app, v.centre((9, 3)))
    click(app, v.centre((1, 1)))
    click(app, v.centre((8, 1)))
    s = sess.state
    assert s.phase == MOVE
    settle(app, scene)
    shots["move.start"] = _hash(app)
    me = s.current_player()
    mine = sorted(s.units_of(me), key=lambda u: u.id)
    foes = sorted(s.units_of(1 - me), key=lambda u: u.id)
    click(app, v.centre(mine[0].sq))
    shots["move.reach"] = _hash(app)
    motion(app, v.centre(foes[0].sq))
    assert v.hovered_shot() is not None
    shots["hover.odds"] = _hash(app)
    dest = max(v.reach(), key=lambda q: (v.reach()[q], -abs(q[0] - foes[0].x)))
    click(app, v.centre(dest))
    assert v.busy()
    app.frame([], dt=0.1)
    shots["move.walking"] = _hash(app)
    settle(app, scene)
    shots["move.done"] = _hash(app)
    click(app, v.centre(foes[0].sq))
    assert v.pending is not None
    shots["aim.pending"] = _hash(app)
    click(app, v.centre(foes[0].sq))
    assert s.phase == ATTACK and v.busy()
    app.frame([], dt=0.2)
    shots["roll.tumbling"] = _hash(app)
    app.frame([], dt=0.5)
    shots["roll.settled"] = _hash(app)
    settle(app, scene)
    for _ in range(5):
        app.frame([], dt=0.5)
    assert v.last_roll is not None
    shots["roll.stays"] = _hash(app)
    motion(app, v.centre(foes[1].sq))
    shots["acted.hover"] = _hash(app)
    key(app, pygame.K_e)
    app.frame([])
    shots["turn.next"] = _hash(app)

    # W-L2: a shot through a friend's centre is blocked; W-D1: the RPG's splash and the close blast
    sess, scene, v = battle_scene(app, [(0, "smg", 2, 3), (0, "smg", 4, 3), (1, "smg", 6, 3), (0, "rpg", 2, 6),
                                        (0, "shotgun", 5, 4), (1, "smg", 6, 6), (1, "medic", 7, 6)])
    click(app, v.centre((2, 3)))
    motion(app, v.centre((6, 3)))
    shots["hover.blocked"] = _hash(app)
    click(app, v.centre((2, 6)))
    motion(app, v.centre((6, 6)))
    shots["hover.splash"] = _hash(app)
    click(app, v.centre((5, 4)))
    motion(app, v.centre((6, 3)))
    shots["hover.diagonal"] = _hash(app)
    motion(app, v.centre((5, 3)))
    shots["hover.friend"] = _hash(app)

    # W-H5: the heal cursor over a hurt friend
    sess, scene, v = battle_scene(app, [(0, "medic", 2, 3), (0, "smg", 3, 3), (1, "smg", 8, 7)])
    sess.state.units[2].hp = 4
    click(app, v.centre((2, 3)))
    key(app, pygame.K_h)
    motion(app, v.centre((3, 3)))
    shots["heal.cursor"] = _hash(app)
    click(app, v.centre((3, 3)))
    app.frame([])
    shots["heal.done"] = _hash(app)

    # the last enemy falls: the game over
    sess, scene, v = battle_scene(app, [(0, "sniper", 2, 3), (1, "smg", 7, 3)], faces=(6, 6, 6))
    sess.state.units[2].hp = 1
    click(app, v.centre((2, 3)))
    click(app, v.centre((7, 3)))
    click(app, v.centre((7, 3)))
    settle(app, scene)
    assert sess.state.is_over()
    for _ in range(5):
        app.frame([], dt=0.1)
    shots["over"] = _hash(app)

    # the huge map: squares stay readable and the board scrolls
    _close_games(app)
    sess = Session.new("warigami", {"level": "huge", "units": 30}, 5, ["human", "human"], autosave=False)
    builder = RandomAgent(sess.state.game, 3)
    while sess.state.phase in ("squad", "setup"):
        sess.submit(builder.choose(sess.state))
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    v = scene.view
    assert v.scrollable()
    shots["huge.start"] = _hash(app)
    motion(app, v.viewport.center)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    shots["huge.scrolled"] = _hash(app)
    return shots


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def test_the_split_warigami_view_draws_every_position_as_the_single_file_view_did(app):
    want = json.loads(REF.read_text(encoding="utf-8"))
    got = frames(app)
    assert got.keys() == want.keys()
    assert [k for k in want if got[k] != want[k]] == []


if __name__ == "__main__":
    os.environ["PAPERWARS_HOME"] = tempfile.mkdtemp()  # the default preferences, as in the tests
    args = sys.argv[1:]
    if "--png" in args:
        PNG_DIR = Path(args[args.index("--png") + 1])
        PNG_DIR.mkdir(parents=True, exist_ok=True)
    a = make_app((1280, 800), headless=True)
    try:
        out = frames(a)
    finally:
        a.close()
    if "--write" in args:
        REF.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(out, indent=1))
