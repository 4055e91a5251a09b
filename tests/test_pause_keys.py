"""The pause menu's key list is written on a panel, and every line of it fits inside that panel."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.session import Session
from game.ui import paper
from game.ui.main import make_app
from game.ui.playing.pause import PauseScene
from game.ui.playing.scene import PlayScene

GAMES = [m.rsplit(".", 1)[1] for m in registry.KNOWN]


@pytest.mark.parametrize("size", [(800, 560), (1024, 600), (1280, 800), (1366, 768)])
def test_every_key_line_fits_inside_the_pause_panel(size):
    app = make_app(size, headless=True)
    try:
        for name in GAMES:
            rs = registry.get(name)
            n = rs.make_game({}).num_players
            play = PlayScene(app, Session.new(name, {}, 3, ["human"] * n, autosave=False))
            app.push(play)
            pause = PauseScene(app, play)
            app.push(pause)
            app.frame([])
            w, h = app.size
            x = pause.column_x() + pause.px(300)
            if x + pause.px(300) <= w:
                area = pygame.Rect(x, pause.px(122), w - x - pause.px(20), h - pause.px(142))
                panel, lines, inner = pause.key_panel(area)
                assert lines, f"{name} at {size}: no key list"
                assert pygame.Rect(0, 0, w, h).contains(panel)
                for text, px, heading, y in lines:
                    box = pygame.Rect((inner.x, y), paper.font(px, heading).size(text))
                    assert panel.contains(box), f"{name} at {size}: {text!r} runs out of the panel {panel}"
            app.pop()
            app.pop()
    finally:
        app.close()


def test_space_enter_for_the_field_is_its_own_line_in_the_key_list():
    from game.ui.playing.pause import GAME_KEYS

    keys = dict(GAME_KEYS["space"])
    assert keys["Enter"] == "done drawing asteroids"
    assert keys["Enter or Space"] == "confirm the heading"
    assert not any(";" in what and ":" in what for what in keys.values())
