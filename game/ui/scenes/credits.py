"""Credits: who designed each game and where its rules come from, the font's licence, what
this project wrote, and the version (the text is CREDITS.md, shipped with the game)."""

from __future__ import annotations

import pygame
import pygame_gui

from ... import __version__
from ...i18n import tr
from ...msg import N_, M
from ...paths import root
from .. import paper
from ..app import App, Scene
from ..page import Page


def credits_text() -> str:
    """CREDITS.md without its title line (the scene writes its own), each paragraph on one
    line so the text box wraps it to the window rather than at the file's line breaks."""
    paragraphs: list[str] = []
    for block in (root() / "CREDITS.md").read_text(encoding="utf-8").split("\n\n"):
        lines = [line.strip() for line in block.strip().splitlines()]
        if lines and not lines[0].startswith("# "):
            paragraphs.append(lines[0] if lines[0].startswith("#") else " ".join(lines))
    return "\n\n".join(paragraphs)


class CreditsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.text = credits_text()
        self.page: Page | None = None

    def build(self) -> None:
        box = self.new_box()
        w, h = self.app.size
        self.page = Page(self.text, pygame.Rect(60, 80, w - 120, h - 160), self.px)  # drawn line by line
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - 90, h - 66, 180, 44), tr(N_("Back")), self.app.ui,
                                                 container=box)

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()
        elif self.page is not None:
            self.page.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        paper.text(surface, N_("Credits"), (60, 20), 34, paper.INK, bold=True)
        # TRANSLATORS: {version} is the version number ("1.4.0").
        paper.text(surface, M("Paper Wars {version}, MIT License", version=__version__), (self.app.size[0] - 60, 34), 18,
                   paper.GRAPHITE, "topright")
        if self.page is not None:
            self.page.draw(surface)
