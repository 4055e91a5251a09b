"""The monkey tester: thousands of seeded random clicks, drags, keys and resizes.

Each frame gets what the real loop would get: first the events the widgets posted during
the previous frame (pygame_gui's UI_BUTTON_PRESSED, menu and list events, read from the
queue), then the monkey's own gesture.

Any scene must survive it without raising, and the game state must stay valid
(it round-trips through JSON exactly) after every frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..engine import Chance
from .app import App, Scene

KEYS = [pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_F1, pygame.K_z, pygame.K_e, pygame.K_r,
        pygame.K_t, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_BACKSPACE, pygame.K_TAB,
        pygame.K_0, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_5, pygame.K_9, pygame.K_a, pygame.K_m,
        pygame.K_h, pygame.K_p, pygame.K_d, pygame.K_PLUS, pygame.K_MINUS]


def _mouse(kind: int, pos: tuple[int, int], button: int = 1, rel: tuple[int, int] = (0, 0)) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=rel, buttons=(button == 1, 0, button == 3), touch=False)
    return pygame.event.Event(kind, pos=pos, button=button, touch=False)


def random_events(rng: Chance, size: tuple[int, int]) -> list[pygame.event.Event]:
    """One random gesture as a list of events."""
    w, h = size
    roll = rng.random()
    pos = (rng.randint(0, w - 1), rng.randint(0, h - 1))
    if roll < 0.35:
        return [_mouse(pygame.MOUSEMOTION, pos), _mouse(pygame.MOUSEBUTTONDOWN, pos),
                _mouse(pygame.MOUSEBUTTONUP, pos)]
    if roll < 0.55:  # drag
        end = (rng.randint(0, w - 1), rng.randint(0, h - 1))
        evs = [_mouse(pygame.MOUSEMOTION, pos), _mouse(pygame.MOUSEBUTTONDOWN, pos)]
        steps = rng.randint(1, 6)
        for k in range(1, steps + 1):
            p = (pos[0] + (end[0] - pos[0]) * k // steps, pos[1] + (end[1] - pos[1]) * k // steps)
            evs.append(_mouse(pygame.MOUSEMOTION, p, rel=((end[0] - pos[0]) // steps, (end[1] - pos[1]) // steps)))
        evs.append(_mouse(pygame.MOUSEBUTTONUP, end))
        return evs
    if roll < 0.65:
        return [_mouse(pygame.MOUSEMOTION, pos)]
    if roll < 0.7:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False, precise_x=0.0,
                                   precise_y=float(rng.choice([-1, 1])), touch=False)]
    if roll < 0.73:
        b = rng.choice([2, 3])
        return [_mouse(pygame.MOUSEBUTTONDOWN, pos, b), _mouse(pygame.MOUSEBUTTONUP, pos, b)]
    if roll < 0.95:
        key = rng.choice(KEYS)
        mod = pygame.KMOD_CTRL if (key == pygame.K_z and rng.random() < 0.7) else 0
        uni = pygame.key.name(key) if len(pygame.key.name(key)) == 1 else ""
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=uni, scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=uni, scancode=0)]
    if roll < 0.97:
        return [pygame.event.Event(pygame.VIDEORESIZE, w=rng.randint(700, 1600), h=rng.randint(500, 1000),
                                   size=(0, 0))]
    return []


def delivered(app: App) -> list[pygame.event.Event]:
    """The events waiting in pygame's queue (what App.run would read with pygame.event.get()):
    the pygame_gui events a click posted last frame.  Reading them keeps the queue (and the
    monkey's memory) from growing."""
    events = pygame.event.get()
    return [e for e in events if e.type != pygame.QUIT or app.running]


def check_state(app: App) -> None:
    """Every PlayScene on the stack must hold a state that round-trips exactly."""
    from .playing.scene import PlayScene

    for scene in app.scenes:
        if isinstance(scene, PlayScene):
            state = scene.state
            data = state.to_json()
            again = type(state).from_json(state.game, data).to_json()
            if again != data:
                raise AssertionError(f"{scene.session.ruleset.title}: state no longer round-trips through JSON")


def monkey(app: App, steps: int, seed: int, check: Callable[[App], None] = check_state,
           keep: Callable[[App], Scene] | None = None, keep_type: type | None = None) -> dict[str, Any]:
    """Drive ``app`` with ``steps`` random gestures.

    With ``keep``, whenever the monkey quits the app or leaves every scene of
    ``keep_type``, a fresh scene from ``keep`` is put back, so the scene under
    test gets the whole budget.
    """
    rng = Chance(seed)
    actions = 0
    restarts = 0
    from .playing.scene import PlayScene

    for _ in range(steps):
        left = keep_type is not None and not any(isinstance(s, keep_type) for s in app.scenes)
        if not app.running or not app.scenes or left:
            if keep is None:
                break
            app.running = True
            app.reset_to(keep(app))
            restarts += 1
        before = sum(len(s.session.record.actions) for s in app.scenes if isinstance(s, PlayScene))
        # What the widgets posted last frame (pygame_gui's button, menu and list events) comes
        # back through the queue first, as in the real loop; then the monkey's own gesture.
        app.frame(delivered(app) + random_events(rng, app.size))
        after = sum(len(s.session.record.actions) for s in app.scenes if isinstance(s, PlayScene))
        actions += max(0, after - before)
        check(app)
    return {"steps": steps, "actions": actions, "restarts": restarts, "scenes": [s.name() for s in app.scenes]}


def monkey_run(game: str, settings: dict[str, Any] | None = None, seats: list[str] | None = None,
               steps: int = 2000, seed: int = 1, size: tuple[int, int] = (1280, 800)) -> dict[str, Any]:
    """Monkey-test the play scene of ``game`` (headless); returns what happened."""
    from .. import registry
    from ..session import Session
    from .palette import apply_palette
    from .playing.scene import PlayScene

    rs = registry.get(game)
    app = App(size, headless=True)
    apply_palette(app.prefs.palette)
    n = rs.make_game(settings).num_players
    seats = seats or ["human"] * n

    def fresh(app: App) -> Scene:
        return PlayScene(app, Session.new(game, dict(settings or {}), seed, list(seats), autosave=False))

    app.push(fresh(app))
    try:
        return monkey(app, steps, seed, keep=fresh, keep_type=PlayScene)
    finally:
        app.close()
