"""The main menu: every registered game as a card, Continue, Load, Settings, Quit."""

from __future__ import annotations

import pygame
import pygame_gui

from ... import __version__
from ...registry import Ruleset, rulesets
from ...saves import SaveError, autosave_path, load_save
from ...session import Session
from .. import paper
from ..app import App, Scene
from ..view import load_view_class
from .lesson import draw_tick

CARD_W, CARD_H = 360, 150


def _count(n: int) -> str:
    words = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
    return words[n] if n < len(words) else str(n)


class MenuScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = [rs for rs in rulesets() if rs.view]
        self.cards: list[tuple[pygame.Rect, Ruleset]] = []
        self.buttons: dict[object, str] = {}
        self.icons: dict[str, pygame.Surface] = {}

    def build(self) -> None:
        box = self.new_box()
        w, h = self.app.size
        self.cards = []
        cols = max(1, min(3, (w - 80) // (CARD_W + 24)))
        x0 = (w - cols * (CARD_W + 24) + 24) // 2
        n = len(self.games)
        for i, rs in enumerate(self.games):
            r, c = divmod(i, cols)
            in_row = min(cols, n - r * cols)
            x = x0 + (cols - in_row) * (CARD_W + 24) // 2 + c * (CARD_W + 24)  # the last row is centred
            self.cards.append((pygame.Rect(x, 150 + r * (CARD_H + 22), CARD_W, CARD_H), rs))
        labels = []
        if autosave_path().exists():
            labels.append(("continue", "Continue"))
        labels += [("load", "Load game"), ("settings", "Settings"), ("quit", "Quit")]
        self.buttons = {}
        bx = w // 2 - len(labels) * 190 // 2
        for i, (key, label) in enumerate(labels):
            b = pygame_gui.elements.UIButton(pygame.Rect(bx + i * 190, h - 80, 170, 48), label, self.app.ui,
                                             container=box)
            self.buttons[b] = key
        credits = pygame_gui.elements.UIButton(pygame.Rect(w - 132, 16, 116, 40), "Credits", self.app.ui, container=box)
        self.buttons[credits] = "credits"

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.press(self.buttons[event.ui_element])
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, rs in self.cards:
                if rect.collidepoint(event.pos):
                    from .setup import SetupScene

                    self.app.push(SetupScene(self.app, rs))
                    return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.running = False

    def press(self, key: str) -> None:
        if key == "continue":
            self.open_save(autosave_path())
        elif key == "load":
            from .load import LoadScene

            self.app.push(LoadScene(self.app))
        elif key == "settings":
            from .settings import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif key == "quit":
            self.app.running = False
        elif key == "credits":
            from .credits import CreditsScene

            self.app.push(CreditsScene(self.app))

    def open_save(self, path) -> bool:  # type: ignore[no-untyped-def]
        """Restore a saved game; a bad file gets a sentence and is left untouched."""
        from .play import PlayScene

        try:
            record = load_save(path)
            session = Session(record)
        except (SaveError, KeyError) as exc:
            self.app.toast(str(exc.args[0] if isinstance(exc, KeyError) else exc), 8)
            return False
        self.app.push(PlayScene(self.app, session))
        return True

    def icon(self, rs: Ruleset) -> pygame.Surface:
        if rs.name not in self.icons:
            surf = pygame.Surface((120, 110), pygame.SRCALPHA)
            load_view_class(rs.view).draw_icon(surf, surf.get_rect())
            self.icons[rs.name] = surf
        return self.icons[rs.name]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        w, h = self.app.size
        paper.text(surface, "Paper Wars", (w // 2, 28), 64, paper.INK, "midtop", bold=True)
        paper.pencil_line(surface, paper.GRAPHITE, (w // 2 - 200, 104), (w // 2 + 200, 100), 3, 5)
        paper.text(surface, f"{_count(len(self.cards))} pencil-and-paper wargames. Pick one.", (w // 2, 112), 22, paper.GRAPHITE, "midtop")
        paper.text(surface, f"version {__version__}", (16, h - 30), 16, paper.FAINT)
        mouse = pygame.mouse.get_pos()
        for i, (rect, rs) in enumerate(self.cards):
            hover = rect.collidepoint(mouse)
            if hover:
                pygame.draw.rect(surface, (236, 228, 206), rect, border_radius=10)
            paper.pencil_lines(surface, paper.INK if hover else paper.GRAPHITE,
                               [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft], True, 2, i)
            surface.blit(self.icon(rs), (rect.x + 12, rect.y + 20))
            draw_tick(surface, rect, rs.name)  # issue 17: basics lesson done
            size = 25
            while size > 16 and paper.font(size, True).size(rs.title)[0] > CARD_W - 152:
                size -= 1
            paper.text(surface, rs.title, (rect.x + 142, rect.y + 16 + (25 - size) // 2), size, paper.INK, bold=True)
            for j, line in enumerate(paper.wrap(rs.pitch, 17, CARD_W - 156)[:4]):
                paper.text(surface, line, (rect.x + 142, rect.y + 52 + 21 * j), 17, paper.GRAPHITE)
        if not self.cards:
            paper.text(surface, "No games are installed.", (w // 2, h // 2), 26, paper.WARN, "center")
