"""The window: its size and fullscreen, the UI scale that fits it (the theme follows), the
paper sheet behind every scene, and F12's screenshot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ...msg import M
from ...paths import data_dir, own_dir, stamped
from .. import paper
from .desktop import MIN_SIZE
from .theme import theme

#: The window the screens are laid out for at a UI scale of 100%: the scale used is at most
#: window / UI_ROOM, so a small window at a large scale still shows every button.
UI_ROOM = MIN_SIZE


class Window:
    """The app's part that owns the window (App mixes it in): the screen, its size, the UI
    scale; every scene is told of a new size (Scene.resize)."""

    screen: pygame.Surface
    size: tuple[int, int]
    scale: float
    fullscreen: bool
    prefs: Any
    ui: pygame_gui.UIManager
    scenes: list[Any]
    _paper: pygame.Surface | None

    @staticmethod
    def fit_scale(percent: int, size: tuple[int, int]) -> float:
        """The UI scale used: the player's, but never more than the window has room for (the
        screens are laid out for UI_ROOM at 100%; 800x560 at 200% would put buttons on buttons)."""
        return max(0.75, min(percent / 100, size[0] / UI_ROOM[0], size[1] / UI_ROOM[1]))

    def _apply_scale(self) -> bool:
        """Use the scale that fits the window now; True when it changed (the theme is rebuilt)."""
        scale = self.fit_scale(self.prefs.ui_scale, self.size)
        if abs(scale - self.scale) < 1e-9:
            return False
        self.scale = scale
        self.ui.get_theme().load_theme(theme(self.scale))
        self._preload_fonts()
        self.ui.rebuild_all_from_changed_theme_data()
        self._paper = None
        return True

    def px(self, n: float) -> int:
        """``n`` pixels at the UI scale (fonts, widgets and margins scale; boards fill the rest)."""
        return round(n * self.scale)

    def _preload_fonts(self) -> None:
        sizes = sorted({round(p * self.scale) for p in (14, 17, 18, 24, 30)})
        loaded = getattr(self, "_fonts_loaded", set())
        loaded |= {(round(17 * self.scale), "regular"), (round(30 * self.scale), "bold")}  # the theme loads these
        want = [(p, st) for p in sizes for st in ("regular", "bold", "italic") if (p, st) not in loaded]
        self.ui.preload_fonts([{"name": "comicneue", "point_size": p, "style": st, "antialiased": "1"} for p, st in want])
        self._fonts_loaded = loaded | set(want)

    def set_ui_scale(self, percent: int) -> None:
        """Change the UI scale now: the theme's fonts and every scene's widgets are rebuilt."""
        percent = max(75, min(200, int(percent)))
        self.prefs.ui_scale = percent
        self._apply_scale()
        for scene in self.scenes:
            scene.resize(self.size)

    # -- window --------------------------------------------------------------------
    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        self.fullscreen = fullscreen
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.screen = self._set_mode(self.prefs.window, not self.fullscreen)
        self.prefs.fullscreen = self.fullscreen
        self._resized(self.screen.get_size())

    def _resized(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if size == self.size and self.screen.get_size() == size:
            return
        self.size = size
        if not self.fullscreen:
            self.prefs.window = size
            if self.screen.get_size() != size:
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.ui.set_window_resolution(size)
        self._apply_scale()
        self._paper = None
        for scene in self.scenes:
            scene.resize(size)

    def paper(self) -> pygame.Surface:
        """The whole-window sheet, drawn once per window size."""
        if self._paper is None or self._paper.get_size() != self.size:
            self._paper = paper.paper_surface(self.size)
        return self._paper


    def screenshot(self) -> Path | None:
        try:
            folder = own_dir(data_dir() / "screenshots")
            path = stamped(folder, "paperwars-", ".png")
            pygame.image.save(self.screen, str(path))
        except (OSError, pygame.error) as exc:
            # TRANSLATORS: {reason} is the system's reason, in English.
            self.toast(M("The screenshot could not be saved: {reason}.",
                         reason=str(getattr(exc, "strerror", None) or exc)), 6)
            return None
        self.toast(M("Screenshot saved to {path}", path=str(path)), 3, good=True)
        return path
