"""The Space board view draws every position exactly as before it was split into modules.

``view_pixels.json`` holds a short hash of the whole window (1280x800, headless) at each named
moment of two scripted games: doors, a hand-drawn asteroid, the fleet's ghost, a flick's trace
growing, the heading preview, the aim and the magnifier under the pointer, a backward drag refused,
a shot tunnelling through rock, a move that wraps round the cylinder, tears the paper and ends in a
blast, and the game over.  The hashes were written by the single-file view
(``git show df1a091:game/ui/views/space.py``, the last commit before the split) with::

    git show df1a091:game/ui/views/space.py > /tmp/space_old.py
    SDL_VIDEODRIVER=dummy python -m tests.space.test_view_pixels --write --view /tmp/space_old.py

and the package must draw the same pixels.  A deliberate change to what the view draws rewrites
them (the same command without ``--view``); say so in the commit.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.rules.space.state import Flick, Heading, PlaceDoor, PlacePiece
from game.session import Session
from game.ui.main import make_app
from game.ui.playing import scene as play_scene
from game.ui.playing.scene import PlayScene

REF = Path(__file__).with_name("view_pixels.json")
SETTINGS = {"field": "level", "level": "belt", "doors": "centred", "tears": True, "blasts": True, "cylinder": True,
            "skips": "basic"}
FLEET = (PlacePiece(60, 12, 90), PlacePiece(60, 266, 270), PlacePiece(108, 12, 90), PlacePiece(108, 266, 270),
         PlacePiece(160, 12, 90), PlacePiece(160, 266, 270))


def motion(pos: tuple[float, float], buttons: tuple[int, int, int] = (0, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons, touch=False)


def press(pos: tuple[float, float], down: bool = True) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN if down else pygame.MOUSEBUTTONUP, pos=pos, button=1,
                              touch=False)


PNG_DIR: Path | None = None  #: ``--png DIR``: also save each hashed window there, to look at


def _hash(app: Any) -> str:
    if PNG_DIR is not None:
        pygame.image.save(app.screen, str(PNG_DIR / f"{len(list(PNG_DIR.iterdir())):02d}.png"))
    return hashlib.sha256(pygame.image.tobytes(app.screen, "RGB")).hexdigest()[:16]


def _game(app: Any, settings: dict[str, Any]) -> tuple[Session, PlayScene]:
    while app.top() is not None and len(app.scenes) > 0 and isinstance(app.top(), PlayScene):
        app.pop()
    sess = Session.new("space", settings, 3, ["human", "human"], pins={"noise": False}, autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    return sess, scene


def _played(app: Any, scene: PlayScene, shots: dict[str, str], name: str, action: Any,
            at: tuple[float, ...]) -> list[str]:
    """Submit ``action``, hash the window ``at`` those seconds into what it plays out and once it has;
    say what the view plays out ("trace", "boom", "blast", "carve", and "wrap" for a trace in strands)."""
    assert scene.submit(action), scene.refusal
    shown = [a["kind"] for a in scene.view.anim]
    shown += ["wrap" for a in scene.view.anim if a["kind"] == "trace" and len(a["used"]) > 1]
    t = 0.0
    for k, when in enumerate(at):
        while t + 1e-9 < when:
            app.frame([], dt=0.05)
            t += 0.05
        app.frame([], dt=0.0)
        shots[f"{name}.{k}"] = _hash(app)
    for _ in range(100):
        if not scene.view.busy():
            break
        app.frame([], dt=0.1)
    app.frame([], dt=0.0)
    shots[f"{name}.end"] = _hash(app)
    return shown


def frames(app: Any) -> dict[str, str]:
    """Play the scripted game and hash the window at each named moment (the clock stopped, so a drag's
    speed, which the strength bar shows while aiming, is the same on every run)."""
    ticks = pygame.time.get_ticks
    pygame.time.get_ticks = lambda: 1000  # type: ignore[assignment]
    try:
        return _frames(app)
    finally:
        pygame.time.get_ticks = ticks  # type: ignore[assignment]


def _frames(app: Any) -> dict[str, str]:
    shots: dict[str, str] = {}
    # setup: the door under the pointer, a hand-drawn asteroid being drawn, the fleet's ghost
    sess, scene = _game(app, {**SETTINGS, "doors": "choose", "field": "hand"})
    v = scene.view
    app.frame([motion(v.px((90.0, 0.5)))])
    shots["door.hover"] = _hash(app)
    assert scene.submit(PlaceDoor(108.0)) and scene.submit(PlaceDoor(108.0))
    app.frame([])
    loop = [(80.0, 120.0), (120.0, 110.0), (130.0, 150.0), (95.0, 165.0)]
    app.frame([motion(v.px(loop[0])), press(v.px(loop[0]))])
    for p in loop[1:]:
        app.frame([motion(v.px(p), (1, 0, 0))])
    shots["field.outline"] = _hash(app)
    app.frame([press(v.px(loop[-1]), down=False)])  # the loop closes: the asteroid is drawn
    assert sess.state.asteroids
    app.frame([])
    shots["field.drawn"] = _hash(app)

    # the scripted game: a level field, tears, blasts, cylinder space and skips
    sess, scene = _game(app, SETTINGS)
    v = scene.view
    app.frame([motion(v.px((60.0, 14.0)))])
    shots["ships.ghost"] = _hash(app)
    for act in FLEET:
        assert scene.submit(act)
    for _ in range(100):
        if not v.busy():
            break
        app.frame([], dt=0.1)
    app.frame([])
    shots["play.start"] = _hash(app)
    s = sess.state
    ship = next(p for p in s.pieces if p.owner == s.seat and abs(p.x - 108) < 1)
    nose = v.px((ship.x, ship.y))
    actions = len(sess.record.actions)
    app.frame([motion(nose), press(nose)])
    app.frame([motion((nose[0] + 25, nose[1] - 60), (1, 0, 0))])
    shots["aim.loupe"] = _hash(app)
    app.frame([motion((nose[0] + 10, nose[1] + 50), (1, 0, 0))])
    shots["aim.backwards"] = _hash(app)
    app.frame([motion(nose, (1, 0, 0)), press(nose, down=False)])  # let go on the nose: no flick
    app.frame([motion((20, 20))])
    assert sess.state.phase == "play" and len(sess.record.actions) == actions
    _played(app, scene, shots, "move", Flick(0, "move", 15.0, 0.3), (0.1, 0.25))
    assert sess.state.phase == "heading"
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)])
    shots["heading.preview"] = _hash(app)
    assert scene.submit(Heading(95.0))
    app.frame([])
    assert "carve" in _played(app, scene, shots, "tunnel", Flick(3, "shot", 240.0, 0.7), (0.15, 0.5, 0.9))
    shown = _played(app, scene, shots, "wrap", Flick(0, "move", 0.0, 1.0), (0.2, 0.5, 0.8, 1.1))
    assert {"wrap", "boom", "blast"} <= set(shown) and sess.state.tears
    _played(app, scene, shots, "turn", Flick(1, "move", 345.0, 0.3), (0.2,))
    assert scene.submit(Heading(265.0))
    app.frame([])
    _played(app, scene, shots, "over", Flick(2, "move", 0.0, 0.3), (0.2, 0.6))
    assert sess.state.is_over()
    for _ in range(5):
        app.frame([], dt=0.1)
    shots["over.settled"] = _hash(app)
    return shots


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def test_the_split_space_view_draws_every_position_as_the_single_file_view_did(app):
    want = json.loads(REF.read_text(encoding="utf-8"))
    got = frames(app)
    assert got.keys() == want.keys()
    assert [k for k in want if got[k] != want[k]] == []


def _use_view_file(path: str) -> None:
    """Draw with the view class in ``path`` (a copy of the old single file) instead of the package."""
    spec = importlib.util.spec_from_file_location("game.ui.views._space_reference", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "game.ui.views"
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    play_scene.load_view_class = lambda _path: module.SpaceView  # type: ignore[assignment]


if __name__ == "__main__":
    os.environ["PAPERWARS_HOME"] = tempfile.mkdtemp()  # the default preferences, as in the tests
    args = sys.argv[1:]
    if "--view" in args:
        _use_view_file(args[args.index("--view") + 1])
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
