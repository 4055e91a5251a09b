"""Player settings: fullscreen, volume, palette, UI scale, language.  Saved in the user config folder."""

from __future__ import annotations

import pygame
import pygame_gui

from ... import i18n
from ...i18n import tr
from ...msg import N_, M, Mp
from .. import paper
from ..app import App, Scene
from ..palette import apply_palette
from ..prefs import PALETTES
from ..widgets import chosen, message_of

#: The palettes' names as the list shows them (the id is what the settings file keeps).
PALETTE_NAMES = {"colour-blind safe": Mp("palette", "colour-blind safe"),
                 "high contrast": Mp("palette", "high contrast")}

SCALES = ("75%", "90%", "100%", "110%", "125%", "150%", "175%", "200%")


class SettingsScene(Scene):
    """Rows of label + widget; the UI scale and the language apply at once (every scene is
    rebuilt, at the new size or in the new words)."""

    ROWS = (N_("Fullscreen (F11)"), N_("Volume"), N_("Player colours"), N_("UI scale"), N_("Language"))

    def __init__(self, app: App) -> None:
        super().__init__(app)

    def build(self) -> None:
        box = self.new_box()
        px = self.px
        w, h = self.app.size
        x = w // 2 - px(40)
        ww = min(px(260), w - x - px(20))
        ui = self.app.ui
        self.row_y = [px(112) + i * px(52) for i in range(len(self.ROWS))]
        self.full = pygame_gui.elements.UIButton(pygame.Rect(x, self.row_y[0], ww, px(42)),
                                                 tr(Mp("switch", "On") if self.app.fullscreen else Mp("switch", "Off")),
                                                 ui, container=box)
        self.volume = pygame_gui.elements.UIHorizontalSlider(pygame.Rect(x, self.row_y[1], ww, px(38)),
                                                             round(self.app.prefs.volume * 100), (0, 100), ui,
                                                             container=box)
        names = [(tr(PALETTE_NAMES.get(p, p)), p) for p in PALETTES]
        self.palette = self.drop_down(names, next(o for o in names if o[1] == self.app.prefs.palette),
                                      pygame.Rect(x, self.row_y[2], ww, px(42)))
        current = f"{self.app.prefs.ui_scale}%"
        options = list(SCALES) if current in SCALES else sorted({*SCALES, current}, key=lambda t: int(t[:-1]))
        self.scale = self.drop_down(options, current, pygame.Rect(x, self.row_y[3], ww, px(42)))
        self.scale.set_tooltip(tr(N_("Fonts, buttons and margins; the boards take the room that is left. A window "
                                     "too small for the scale uses the largest that fits it.")))
        # Each language in its own name (a player who cannot read the current one still finds theirs).
        langs = [(name, code) for code, name in i18n.LANGUAGES.items()]
        if i18n.language() not in i18n.LANGUAGES:
            langs.append((i18n.language(), i18n.language()))  # the test language (PAPERWARS_LANG=pseudo)
        self.language = self.drop_down(langs, next(o for o in langs if o[1] == i18n.language()),
                                       pygame.Rect(x, self.row_y[4], ww, px(42)))
        self.language.set_tooltip(tr(N_("Every word in the window changes at once, in the middle of a game too.")))
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - px(90), h - px(76), px(180), px(46)),
                                                 tr(N_("Done")), ui, container=box)

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
            self.app.prefs.palette = chosen(event)
            apply_palette(chosen(event))
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.scale:
            self.app.set_ui_scale(int(chosen(event).rstrip("%")))
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.language:
            self.app.set_language(chosen(event))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def close(self) -> None:
        try:
            self.app.prefs.save()
        except OSError as exc:
            # TRANSLATORS: {reason} is the system's reason, in English ("Permission denied").
            self.app.toast(M("Could not save the settings: {reason}.", reason=exc.strerror or str(exc)))
        except ValueError as exc:  # FileProblem: a value that would not read back
            # TRANSLATORS: {problem} is a sentence saying what is wrong with the file.
            self.app.toast(M("Could not save the settings: {problem}", problem=message_of(exc)))
        self.app.pop()

    def row_labels(self) -> list[str]:
        """The labels left of the widgets; the volume's says its number (the slider shows none)."""
        return [M("Volume {n}%", n=round(self.app.prefs.volume * 100)) if label == "Volume" else label
                for label in self.ROWS]

    def scale_note(self) -> str:
        """Said under the UI scale when the window is too small for it: every screen is laid
        out to fit, so a small window uses the largest scale that fits (App.fit_scale)."""
        used = round(self.app.scale * 100)
        if used >= self.app.prefs.ui_scale:
            return ""
        return M("This window has room for {used}% at most, so it uses {used}%; "
                 "a larger window or fullscreen shows {wanted}%.", used=used, wanted=self.app.prefs.ui_scale)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        px = self.px
        w, _ = self.app.size
        paper.text(surface, N_("Settings"), (w // 2, px(40)), px(40), paper.INK, "midtop", bold=True)
        x = w // 2 - px(60)
        for y, label in zip(self.row_y, self.row_labels(), strict=False):
            text, size = paper.fit(label, px(22), x - px(10))
            paper.text(surface, text, (x, y + px(8)), size, paper.INK, "topright")
        note = self.scale_note()
        y = self.row_y[-1] + px(52)
        for line in paper.wrap(note, px(18), w - px(40)) if note else []:
            paper.text(surface, line, (w // 2, y), px(18), paper.GRAPHITE, "midtop")
            y += px(22)
        y += px(28)
        for seat in range(6):
            paper.draw_symbol(surface, seat, (w // 2 - px(30) + seat * px(44), y), px(24), 3)
