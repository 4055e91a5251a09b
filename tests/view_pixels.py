"""Pixel hashes of the Amoeba and Invasion board views on a fixed set of positions.

Each scenario plays a game headless with real clicks, drags and keys and takes a "shot" at
checkpoints: a short hash of the board area's pixels (``view.rect`` of the screen after a full
``app.draw``, pygame_gui widgets included) together with what the play scene writes for the view
(hint, margin lines, status).  tests/pixels/<game>.json holds the hashes the views drew when they
were one file each (main before issue 50's split); tests/<game>/test_view_pixels.py checks that
they still draw exactly that.

The clock the views read (``time.monotonic``, for a note's few seconds) is stopped while they
play, and every animation advances by the app's fixed frame time, so the shots do not depend on
the machine's speed.  The hashes do depend on the font rendering of the pygame-ce build: after an
intended change of what a view draws (or a new pygame-ce), write them again and look at the PNGs:

    PYTHONPATH=. python -m tests.view_pixels amoeba --write [--png DIR]
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game.engine import Chance  # noqa: E402
from game.session import Session  # noqa: E402
from game.ui.main import make_app  # noqa: E402
from game.ui.playing.scene import PlayScene  # noqa: E402
from game.ui.scenes.cover import CoverScene  # noqa: E402

REFERENCE = Path(__file__).parent / "pixels"
Shot = tuple[str, Any]  # (name, the app) at a checkpoint

# -- input, as the view tests give it ---------------------------------------------------------


def _mouse(kind: int, pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=False)
    return pygame.event.Event(kind, pos=pos, button=button, touch=False)


def _pt(p: Any) -> tuple[int, int]:
    return int(p[0]), int(p[1])


def hover(app: Any, pos: Any) -> None:
    app.frame([_mouse(pygame.MOUSEMOTION, _pt(pos))])


def click(app: Any, pos: Any, button: int = 1) -> None:
    p = _pt(pos)
    app.frame([_mouse(pygame.MOUSEMOTION, p), _mouse(pygame.MOUSEBUTTONDOWN, p, button),
               _mouse(pygame.MOUSEBUTTONUP, p, button)])


def drag(app: Any, points: list[Any], release: bool = True) -> None:
    pts = [_pt(p) for p in points]
    evs = [_mouse(pygame.MOUSEMOTION, pts[0]), _mouse(pygame.MOUSEBUTTONDOWN, pts[0])]
    evs += [_mouse(pygame.MOUSEMOTION, p) for p in pts[1:]]
    if release:
        evs.append(_mouse(pygame.MOUSEBUTTONUP, pts[-1]))
    app.frame(evs)


def key(app: Any, k: int, uni: str = "") -> None:
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=uni, scancode=0)])


def wheel(app: Any, y: int) -> None:
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y),
                                  touch=False)])


def settle(app: Any, frames: int = 60) -> None:
    for _ in range(frames):
        app.frame([])


def hand_over(app: Any) -> None:
    """The next person clicks the hot-seat cover away (if one is up)."""
    app.frame([])
    if isinstance(app.top(), CoverScene):
        app.frame([_mouse(pygame.MOUSEBUTTONUP, (5, 5))])


def play_scene(app: Any, game: str, settings: dict[str, Any], seats: list[str], seed: int = 3) -> PlayScene:
    while app.scenes:  # the last game's scenes go (and their widgets with them)
        app.pop()
    sess = Session.new(game, settings, seed, seats, autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    return scene


def shot(app: Any) -> str:
    """The board area's pixels and the view's lines of text, hashed."""
    app.draw()
    scene = app.top()
    view = scene.view if isinstance(scene, PlayScene) else None
    area = (view.rect if view is not None else app.screen.get_rect()).clip(app.screen.get_rect())
    h = hashlib.sha256(pygame.image.tobytes(app.screen.subsurface(area), "RGB"))
    if view is not None:
        h.update(repr((view.hint(), view.margin_lines(), view.shown_status())).encode())
    return h.hexdigest()[:20]


# -- Amoeba ----------------------------------------------------------------------------------


def _label(view: Any, c: int) -> tuple[float, float]:
    return view.to_px(*view.st.map.labels[c])


def _to_movement(app: Any, scene: PlayScene, seed: int = 11) -> None:
    rng = Chance(seed)
    while scene.state.phase == "place":
        scene.session.submit(scene.state.random_action(rng), save=False)
    scene.view.reset()
    app.frame([])


def amoeba_shots(app: Any) -> Iterator[Shot]:
    from game.rules.amoeba.actions import Attack, Place

    # the map drawn with the mouse: a country taken, a refused one in red, a stroke in progress
    scene = play_scene(app, "amoeba", {"players": 2, "map": "draw", "countries": 10}, ["human", "human"])
    view = scene.view
    yield "map_empty", app
    ring = [(160, 85), (200, 85), (200, 125), (160, 125), (160, 86)]
    path: list[Any] = []
    for (x0, y0), (x1, y1) in zip(ring, ring[1:], strict=False):
        path += [view.to_px(x0 + (x1 - x0) * k / 10, y0 + (y1 - y0) * k / 10) for k in range(10)]
    drag(app, path)
    yield "map_country_flash", app
    settle(app, 30)
    hand_over(app)
    yield "map_country_drawn", app
    far = [view.to_px(20 + 5 * k, 20) for k in range(4)] + [view.to_px(35, 24), view.to_px(20, 24)]
    drag(app, far)
    yield "map_refused", app
    drag(app, [view.to_px(40 + 3 * k, 150 + (k % 3)) for k in range(12)], release=False)
    yield "map_stroke_in_progress", app
    app.frame([_mouse(pygame.MOUSEBUTTONUP, _pt(view.to_px(76, 150)))])
    hover(app, (view.buttons[0].rect.center if view.buttons else (0, 0)))
    yield "map_button_hot", app

    # placement: neighbours under the pointer, a country picked, a struck-through number and why
    scene = play_scene(app, "amoeba", {"players": 2, "map": "level", "level": "duel_ten"}, ["human", "human"])
    view = scene.view
    scene.session.submit(Place(0, 7), save=False)
    app.frame([])
    hand_over(app)
    c = max(range(scene.state.map.n), key=lambda k: len(scene.state.adj(k)))
    hover(app, _label(view, c))
    yield "place_hover_neighbours", app
    click(app, _label(view, 4))
    yield "place_country_picked", app
    wheel(app, -1)
    yield "place_wheel", app
    key(app, pygame.K_7, "7")
    yield "place_typed_struck", app
    cell = next(r for r, n in view.number_cells if n == 7)
    hover(app, cell.center)
    yield "place_hover_struck_reason", app
    click(app, cell.center)
    yield "place_refused", app
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_9, "9")
    key(app, pygame.K_RETURN)
    yield "place_placed_flash", app
    settle(app, 30)
    hand_over(app)
    yield "place_next_seat", app

    # movement: hover an enemy's sum, the attack preview, the attack's flash, a move drawn
    _to_movement(app, scene)
    hand_over(app)
    s = scene.state
    me = s.player
    mine = next(k for k in range(s.map.n) if s.owner[k] == me)
    hover(app, _label(view, mine))
    yield "move_hover_own", app
    t = next(t for t in range(s.map.n) if s.owner[t] not in (-1, me) and s.attackers(t, me))
    hover(app, _label(view, t))
    yield "move_hover_enemy_sum", app
    click(app, _label(view, t))
    yield "move_attack_preview", app
    key(app, pygame.K_f)
    yield "move_attack_follow", app
    if any(isinstance(a, Attack) and a.target == t for a in scene.state.legal_actions()):
        click(app, _label(view, t))
        app.frame([])
        yield "move_attack_flash", app
        settle(app)
        hand_over(app)
        yield "move_after_attack", app
    s = scene.state
    me = s.player
    src = next(c for c in range(s.map.n) if s.owner[c] == me and s.move_targets(me, c) and s.troops[c] > 1)
    dst = s.move_targets(me, src)[0]
    drag(app, [_label(view, src), _label(view, dst)], release=False)
    yield "move_dragging", app
    app.frame([_mouse(pygame.MOUSEBUTTONUP, _pt(_label(view, dst)))])
    wheel(app, -1)
    yield "move_legs", app
    key(app, pygame.K_RETURN)
    settle(app)
    hand_over(app)
    yield "move_done", app

    # A-V8: the secret point, the troops written down, the reveal on the board, the resolution
    scene = play_scene(app, "amoeba", {"players": 2, "map": "level", "level": "duel_ten", "simultaneous": True},
                       ["human", "human"])
    view = scene.view
    _to_movement(app, scene)
    hand_over(app)
    s = scene.state
    me = s.player
    own = next(k for k in range(s.map.n) if s.owner[k] == me and s.move_targets(me, k))
    click(app, _label(view, own))
    yield "points_own_target", app
    enemy = next(k for k in range(s.map.n) if s.owner[k] not in (-1, me) and s.attackers(k, me))
    click(app, _label(view, enemy))
    yield "points_enemy_target", app
    click(app, _label(view, enemy))
    hand_over(app)
    yield "points_second_seat", app
    s = scene.state
    other = s.player
    theirs = next(k for k in range(s.map.n) if s.owner[k] == other and s.move_targets(other, k))
    click(app, _label(view, theirs))
    click(app, _label(view, theirs))
    hand_over(app)
    yield "points_reveal_or_detail", app
    for _ in range(6):
        s = scene.state
        if s.phase != "detail" or view.busy():
            break
        p = s.player
        pointed = s.pending.get(p)
        src = getattr(pointed, "country", -1)
        if src < 0 or s.owner[src] != p:
            break
        dst = s.move_targets(p, src)[0]
        drag(app, [_label(view, src), _label(view, dst)])
        yield f"points_detail_legs_{p}", app
        key(app, pygame.K_RETURN)
        hand_over(app)
    yield "points_revealed", app
    app.frame([], dt=1.0)
    yield "points_reveal_later", app
    app.frame([], dt=1.0)
    yield "points_resolution_flash", app
    settle(app)
    hand_over(app)
    yield "points_resolved", app

    # A-V7: the joint attack proposed and answered
    from tests.amoeba.helpers import grid_map, position

    pos = position(grid_map(3, 3), [-1, 0, -1, -1, 1, -1, -1, 2, -1], [0, 5, 0, 0, 9, 0, 0, 6, 0], players=3,
                   joint_attacks=True)
    scene = play_scene(app, "amoeba", {"players": 3, "map": "generated"}, ["human"] * 3)
    scene.session.state = pos
    scene.session.autosave = None
    scene.view.reset()
    app.frame([])
    view = scene.view
    click(app, _label(view, 4))
    yield "joint_preview", app
    key(app, pygame.K_j)
    hand_over(app)
    yield "joint_question", app

    # game over: the board as it ends
    scene = play_scene(app, "amoeba", {"players": 2, "map": "level", "level": "duel_ten"}, ["human", "human"], seed=5)
    rng = Chance(5)
    for _ in range(4000):
        if scene.state.is_over():
            break
        scene.session.submit(scene.state.random_action(rng), save=False)
    scene.view.reset()
    settle(app, 5)
    while app.scenes and not isinstance(app.top(), PlayScene):
        app.pop()
    yield "over", app


def amoeba_small_shots(app: Any) -> Iterator[Shot]:
    """1024x600: the panel under the sheet."""
    scene = play_scene(app, "amoeba", {"players": 2, "map": "level", "level": "duel_ten"}, ["human", "human"])
    view = scene.view
    click(app, _label(view, 2))
    yield "small_place", app
    _to_movement(app, scene)
    hand_over(app)
    s = scene.state
    me = s.player
    t = next(t for t in range(s.map.n) if s.owner[t] not in (-1, me) and s.attackers(t, me))
    click(app, _label(view, t))
    yield "small_attack_preview", app


# -- Invasion --------------------------------------------------------------------------------


def _press(app: Any, scene: PlayScene, k: str) -> None:
    app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.view.elements[k])])


def _grid(app: Any, scene: PlayScene, gx: float, gy: float, move_only: bool = False) -> None:
    p = _pt(scene.view.frame.px(gx, gy))
    if move_only:
        hover(app, p)
    else:
        app.frame([_mouse(pygame.MOUSEMOTION, p), _mouse(pygame.MOUSEBUTTONUP, p)])


def _centre(s: Any, room: str) -> tuple[float, float]:
    x0, y0, x1, y1 = s.board.rooms[room]
    return (x0 + x1) / 2, (y0 + y1) / 2


def invasion_shots(app: Any) -> Iterator[Shot]:
    # the word step: the theme line, letters typed (no numbers yet, I-S1), a reversed preview
    scene = play_scene(app, "invasion", {}, ["human"])
    view = scene.view
    yield "word_empty", app
    view.elements["word"].set_text("undead")
    app.frame([])
    yield "word_typed", app
    _press(app, scene, "opt:plain")
    hover(app, (0, 0))
    yield "build_start", app
    s = scene.state
    _grid(app, scene, 7.1, 5.0, move_only=True)
    yield "build_preview_v", app
    key(app, pygame.K_SPACE)
    yield "build_preview_h", app
    key(app, pygame.K_SPACE)
    _grid(app, scene, 7.1, 5.0)  # a vertical wall at x = 7: rooms a and b
    yield "place_heroes", app
    _grid(app, scene, 3, 5, move_only=True)
    yield "place_hover_room", app
    for _ in range(3):
        _grid(app, scene, 3, 5)
    yield "place_enemy_first", app
    side = s.enemy_side()
    room = "b" if side == "E" else "a"
    _grid(app, scene, *_centre(s, room), move_only=True)
    yield "place_enemy_target", app
    _grid(app, scene, *_centre(s, room))
    _press(app, scene, "rest")
    yield "place_vault", app
    _grid(app, scene, 3, 5)
    _grid(app, scene, 12, 5)
    hover(app, (0, 0))
    yield "heroes_turn", app
    # a hero selected: its rooms hatched, its walls blue or red, one under the pointer thicker
    x, y, _ = view._spots["H1"]
    click(app, (x, y))
    yield "hero_selected", app
    _grid(app, scene, 7.0, 5.0, move_only=True)
    yield "hero_hover_wall", app
    _grid(app, scene, 7.0, 5.0)
    yield "hero_sealed", app
    x, y, _ = view._spots["H2"]
    click(app, (x, y))
    yield "hero_second_selected", app
    _press(app, scene, "loot")
    yield "hero_looted", app
    x, y, _ = view._spots["H3"]
    click(app, (x, y))
    if view.elements["use"].is_enabled:
        _press(app, scene, "use")
        yield "hero_use_mode", app
        click(app, (x, y), button=3)
    _press(app, scene, "event")
    app.frame([])
    yield "extra_event_window", app
    view._close_dialog()
    app.frame([])
    # the enemies' turn, step by step: the actor in red, a sliding enemy, a smashed wall
    _press(app, scene, "end")
    yield "enemy_step_0", app
    for k in range(1, 6):
        app.frame([], dt=0.2)
        yield f"enemy_step_{k}", app
    settle(app, 400)
    yield "after_enemy_turn", app

    # a roll instead of a word, and a person playing the enemies
    scene = play_scene(app, "invasion", {"enemy_player": "person"}, ["human", "human"], seed=5)
    view = scene.view
    _press(app, scene, "opt:d6")
    hand_over(app)
    _press(app, scene, "plan")
    hand_over(app)
    yield "rolled_plan", app
    s = scene.state
    rng = Chance(7)
    for _ in range(400):
        if s.phase == "enemies" or s.is_over():
            break
        scene.session.submit(s.random_action(rng), save=False)
        s = scene.state
    view.reset()
    settle(app, 400)
    hand_over(app)
    hover(app, (0, 0))
    yield "enemies_turn", app
    eid = min(s.enemies) if s.phase == "enemies" and s.enemies else None
    if eid is not None and f"X{eid}" in view._spots:
        x, y, _ = view._spots[f"X{eid}"]
        click(app, (x, y))
        yield "enemy_selected", app

    # Custom theme: the word step asks for both sides' names
    scene = play_scene(app, "invasion", {"theme": "Custom"}, ["human"], seed=2)
    yield "word_custom", app

    # game over
    scene = play_scene(app, "invasion", {}, ["human"], seed=9)
    s = scene.state
    rng = Chance(9)
    for _ in range(3000):
        if s.is_over():
            break
        scene.session.submit(s.random_action(rng), save=False)
        s = scene.state
    scene.view.reset()
    settle(app, 400)
    while app.scenes and not isinstance(app.top(), PlayScene):
        app.pop()
    yield "over", app


# -- running ---------------------------------------------------------------------------------

SCENARIOS: dict[str, list[tuple[tuple[int, int], Callable[[Any], Iterator[Shot]]]]] = {
    "amoeba": [((1280, 800), amoeba_shots), ((1024, 600), amoeba_small_shots)],
    "invasion": [((1600, 900), invasion_shots)],
}


def render(game: str, png: Path | None = None) -> dict[str, str]:
    """Every shot of ``game``'s scenarios: name -> hash (and the PNGs into ``png`` when given)."""
    out: dict[str, str] = {}
    with mock.patch("time.monotonic", return_value=10_000.0):
        for size, scenario in SCENARIOS[game]:
            app = make_app(size, headless=True)
            try:
                for name, a in scenario(app):
                    assert name not in out, name
                    out[name] = shot(a)
                    if png is not None:
                        png.mkdir(parents=True, exist_ok=True)
                        pygame.image.save(a.screen, str(png / f"{game}-{name}.png"))
            finally:
                app.close()
    return out


def reference(game: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((REFERENCE / f"{game}.json").read_text(encoding="utf-8"))
    return data


def main(argv: list[str]) -> int:
    game = argv[0]
    png = Path(argv[argv.index("--png") + 1]) if "--png" in argv else None
    os.environ.setdefault("PAPERWARS_HOME", tempfile.mkdtemp(prefix="pixels-"))
    got = render(game, png)
    if "--write" in argv:
        REFERENCE.mkdir(exist_ok=True)
        (REFERENCE / f"{game}.json").write_text(json.dumps(got, indent=1) + "\n", encoding="utf-8")
        print(f"{len(got)} shots written to {REFERENCE / (game + '.json')}")
        return 0
    want = reference(game)
    bad = [k for k in sorted(set(want) | set(got)) if want.get(k) != got.get(k)]
    print(f"{len(got)} shots, {len(bad)} differ: {', '.join(bad)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
