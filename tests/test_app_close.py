"""Closing an App frees what it opened (a long session, or a test run, opens many)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def _open_fonts() -> int:
    import psutil  # here, not at the top: on Linux it imports resource (POSIX only)

    try:
        files = psutil.Process().open_files()
    except psutil.Error as exc:  # a platform that will not list them
        pytest.skip(f"open files cannot be listed here: {exc}")
    return sum("ComicNeue" in f.path for f in files)


def test_a_closed_app_leaves_no_font_file_open():
    """Every App closed with pygame.quit() left about 15 font files open (pygame_gui's fonts,
    freed after the font module had quit, never close their files); a Windows test run
    reached thousands and hung."""
    from game.ui.app import App

    App((800, 600), headless=True).close()
    before = _open_fonts()
    for _ in range(4):
        App((800, 600), headless=True).close()
    assert _open_fonts() <= before


def test_a_closed_app_leaves_its_widgets_to_be_freed():
    """pygame_gui posts its hovers and presses with the widget in the event; the events still
    queued when an App closed kept that widget, and through it the App's whole UIManager (its
    theme, fonts and drawn surfaces), alive for good: each test worker of the suite grew by
    about 10 MB an App and reached several GB."""
    import gc
    import weakref

    import pygame
    import pygame_gui

    from game.ui.main import make_app

    app = make_app((1280, 800), headless=True)
    button = next(e for e in app.ui.get_sprite_group().sprites() if isinstance(e, pygame_gui.elements.UIButton))
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)])
    assert pygame.event.peek(pygame_gui.UI_BUTTON_START_PRESS)  # the button waits in the queue
    manager = weakref.ref(app.ui)
    app.close()
    del app, button
    gc.collect()
    assert manager() is None
