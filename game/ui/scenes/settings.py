"""Player settings: fullscreen, volume, palette.  Saved in the user config folder."""

from __future__ import annotations

import pygame
import pygame_gui

from .. import paper
from ..app import App, Scene
from ..prefs import PALETTES


def apply_palette(name: str) -> None:
    """Swap the seat colours (symbols stay, so seats never depend on colour alone)."""
    if name == "high contrast":
        paper.PLAYER_COLOURS = ((0, 0, 0), (200, 0, 0), (0, 90, 200), (120, 0, 140), (150, 100, 0), (0, 130, 60))
        paper.SEAT_NAMES = paper.HIGH_CONTRAST_NAMES
    else:
        paper.SEAT_NAMES = paper.PLAYER_NAMES
        paper.PLAYER_COLOURS = ((0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (230, 159, 0),
                                (86, 180, 233))


class SettingsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)

    def build(self) -> None:
        box = self.new_box()
        w, h = self.app.size
        x = w // 2 - 40
        ui = self.app.ui
        self.full = pygame_gui.elements.UIButton(pygame.Rect(x, 150, 260, 42),
                                                 "On" if self.app.fullscreen else "Off", ui, container=box)
        self.volume = pygame_gui.elements.UIHorizontalSlider(pygame.Rect(x, 210, 260, 36),
                                                             round(self.app.prefs.volume * 100), (0, 100), ui,
                                                             container=box)
        self.palette = pygame_gui.elements.UIDropDownMenu(list(PALETTES), self.app.prefs.palette,
                                                          pygame.Rect(x, 270, 260, 40), ui, container=box)
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - 90, h - 90, 180, 46), "Done", ui,
                                                 container=box)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.full:
                self.app.toggle_fullscreen()
            elif event.ui_element is self.back:
                self.close()
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume:
            self.app.prefs.volume = float(event.value) / 100
            self.app.sounds.volume = self.app.prefs.volume
            self.app.sounds.play("scratch")
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.palette:
            self.app.prefs.palette = event.text
            apply_palette(event.text)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def close(self) -> None:
        try:
            self.app.prefs.save()
        except OSError as exc:
            self.app.toast(f"Could not save the settings: {exc.strerror}.")
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        w, _ = self.app.size
        paper.text(surface, "Settings", (w // 2, 60), 40, paper.INK, "midtop", bold=True)
        x = w // 2 - 60
        for y, label in ((160, "Fullscreen (F11)"), (216, "Volume"), (278, "Player colours")):
            paper.text(surface, label, (x, y), 22, paper.INK, "topright")
        for seat in range(6):
            paper.draw_symbol(surface, seat, (w // 2 - 30 + seat * 44, 350), 24, 3)
