"""The widget theme (game/ui/app.py ``theme``): headless."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pygame_gui

from game.ui.app import theme


def test_a_disabled_text_field_keeps_the_paper_background():
    """pygame_gui draws a disabled text field on ``disabled_dark_bg``, which defaults to black: a
    greyed-out field showed as a black bar with its dark text unreadable."""
    pygame.init()
    try:
        surface = pygame.display.set_mode((300, 80))
        manager = pygame_gui.UIManager((300, 80), theme(1.0))
        field = pygame_gui.elements.UITextEntryLine(pygame.Rect(10, 10, 280, 40), manager)
        field.set_text("Player")
        field.disable()
        manager.update(0.01)
        surface.fill((255, 255, 255))
        manager.draw_ui(surface)
        r, g, b, _ = surface.get_at((270, 30))
        assert min(r, g, b) > 150, (r, g, b)
    finally:
        pygame.display.quit()
