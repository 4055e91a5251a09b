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


def test_the_theme_keeps_little_for_the_widgets_it_themes_and_gives_each_its_ids():
    """pygame_gui 0.6 remembers each kind of widget's theming ids under a string as long as the
    PRODUCT of the lengths of the widget's four id lists: up to 7 MB for a row of a drop-down's
    open list, kept for good, so one window held 340 MB after the five setup pages and their
    drop-downs (and a test worker, which opens every screen at every size, several GB). The
    app's theme remembers them in a few kB, and every widget still gets exactly the ids
    pygame_gui gives it."""
    import gc
    import tracemalloc

    from pygame_gui.core import UIAppearanceTheme

    from game import registry
    from game.ui.main import make_app
    from game.ui.setup import SetupScene

    app = make_app((1280, 800), headless=True)
    stock = UIAppearanceTheme(app.ui.resource_loader, "en")
    try:
        seen = {}
        tracemalloc.start()
        for rs in registry.rulesets():
            app.push(SetupScene(app, rs))
            app.frame([])
            for drop_down in [el for el in app.ui.get_sprite_group().sprites()
                              if isinstance(el, pygame_gui.elements.UIDropDownMenu)]:
                drop_down.current_state.should_transition = True  # open its list
                app.ui.update(0)
                for el in app.ui.get_sprite_group().sprites():
                    ids = (el.element_base_ids, el.element_ids, el.class_ids, el.object_ids)
                    seen.setdefault(repr(ids), (ids, el.combined_element_ids))
                drop_down.current_state.should_transition = True
                app.ui.update(0)
            app.pop()
            app.frame([])
        gc.collect()
        kept, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert kept < 16 * 2**20, f"{kept / 2**20:.0f} MB kept after opening every setup page"
        assert any(len(ids[1]) >= 4 for ids, _ in seen.values())  # a row of a drop-down's open list
        for ids, combined in seen.values():
            assert combined == UIAppearanceTheme.build_all_combined_ids(stock, *ids)
            stock.unique_theming_ids.clear()
    finally:
        tracemalloc.stop()
        app.close()
