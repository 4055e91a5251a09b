"""Player settings: fullscreen, volume, palette.  Saved in the user config folder."""

from __future__ import annotations

import pygame
import pygame_gui

from .. import paper
from ..app import App, Scene
from ..palette import apply_palette
from ..prefs import PALETTES

SCALES = ("75%", "90%", "100%", "110%", "125%", "150%", "175%", "200%")


class SettingsScene(Scene):
    """Rows of label + widget; the UI scale applies at once (the scene is rebuilt at the new size)."""

    ROWS = ("Fullscreen (F11)", "Volume", "Player colours", "UI scale")

    def __init__(self, app: App) -> None:
        super().__init__(app)

    def build(self) -> None:
        box = self.new_box()
        px = self.px
        w, h = self.app.size
        x = w // 2 - px(40)
        ww = min(px(260), w - x - px(20))
        ui = self.app.ui
        self.row_y = [px(130) + i * px(56) for i in range(len(self.ROWS))]
        self.full = pygame_gui.elements.UIButton(pygame.Rect(x, self.row_y[0], ww, px(42)),
                                                 "On" if self.app.fullscreen else "Off", ui, container=box)
        self.volume = pygame_gui.elements.UIHorizontalSlider(pygame.Rect(x, self.row_y[1], ww, px(38)),
                                                             round(self.app.prefs.volume * 100), (0, 100), ui,
                                                             container=box)
        self.palette = self.drop_down(list(PALETTES), self.app.prefs.palette, pygame.Rect(x, self.row_y[2], ww, px(42)))
        current = f"{self.app.prefs.ui_scale}%"
        options = list(SCALES) if current in SCALES else sorted({*SCALES, current}, key=lambda t: int(t[:-1]))
        self.scale = self.drop_down(options, current, pygame.Rect(x, self.row_y[3], ww, px(42)))
        self.scale.set_tooltip("Fonts, buttons and margins; the boards take the room that is left. A window too "
                               "small for the scale uses the largest that fits it.")
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - px(90), h - px(76), px(180), px(46)), "Done", ui,
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
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.scale:
            self.app.set_ui_scale(int(event.text.rstrip("%")))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def close(self) -> None:
        try:
            self.app.prefs.save()
        except OSError as exc:
            self.app.toast(f"Could not save the settings: {exc.strerror}.")
        except ValueError as exc:  # FileProblem: a value that would not read back
            self.app.toast(f"Could not save the settings: {exc}")
        self.app.pop()

    def row_labels(self) -> list[str]:
        """The labels left of the widgets; the volume's says its number (the slider shows none)."""
        return [f"Volume {round(self.app.prefs.volume * 100)}%" if label == "Volume" else label
                for label in self.ROWS]

    def scale_note(self) -> str:
        """Said under the UI scale when the window is too small for it: every screen is laid
        out to fit, so a small window uses the largest scale that fits (App.fit_scale)."""
        used = round(self.app.scale * 100)
        if used >= self.app.prefs.ui_scale:
            return ""
        return (f"This window has room for {used}% at most, so it uses {used}%; "
                f"a larger window or fullscreen shows {self.app.prefs.ui_scale}%.")

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        px = self.px
        w, _ = self.app.size
        paper.text(surface, "Settings", (w // 2, px(40)), px(40), paper.INK, "midtop", bold=True)
        x = w // 2 - px(60)
        for y, label in zip(self.row_y, self.row_labels(), strict=False):
            text, size = paper.fit(label, px(22), x - px(10))
            paper.text(surface, text, (x, y + px(8)), size, paper.INK, "topright")
        note = self.scale_note()
        y = self.row_y[-1] + px(56)
        for line in paper.wrap(note, px(18), w - px(40)) if note else []:
            paper.text(surface, line, (w // 2, y), px(18), paper.GRAPHITE, "midtop")
            y += px(22)
        y += px(28)
        for seat in range(6):
            paper.draw_symbol(surface, seat, (w // 2 - px(30) + seat * px(44), y), px(24), 3)
