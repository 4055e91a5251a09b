"""F1: the rules of the current game, in the project's own words (docs/rules/<game>.md)."""

from __future__ import annotations

import html
import re

import pygame
import pygame_gui

from ...paths import root
from ...registry import Ruleset
from .. import paper
from ..app import App, Scene


def markdown_to_html(md: str) -> str:
    """Enough Markdown for rule sheets: headings, bullets, bold, italics, code."""
    out: list[str] = []
    for line in md.splitlines():
        s = html.escape(line.rstrip())
        s = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", s)
        s = re.sub(r"(?<!\*)\*(?!\*)(.+?)\*", r"<i>\1</i>", s)
        s = re.sub(r"`(.+?)`", r"\1", s)
        if s.startswith("#"):
            level = len(s) - len(s.lstrip("#"))
            size = {1: 6, 2: 5}.get(level, 4)
            out.append(f"<font size={size}><b>{s.lstrip('#').strip()}</b></font>")
        elif s.lstrip().startswith(("- ", "* ")):
            indent = "&nbsp;" * (len(s) - len(s.lstrip()))
            out.append(f"{indent}&bull; {s.lstrip()[2:]}")
        else:
            out.append(s)
    return "<br>".join(out)


def rules_text(rs: Ruleset) -> str:
    path = root() / rs.rules_doc if rs.rules_doc else None
    if path is None or not path.is_file():
        return f"# {rs.title}\n\n{rs.pitch}"
    return path.read_text(encoding="utf-8")


class RulesScene(Scene):
    def __init__(self, app: App, ruleset: Ruleset) -> None:
        super().__init__(app)
        self.ruleset = ruleset

    def build(self) -> None:
        box = self.new_box()
        w, h = self.app.size
        px = self.px
        side = min(px(60), w // 20)
        self.text = pygame_gui.elements.UITextBox(markdown_to_html(rules_text(self.ruleset)),
                                                  pygame.Rect(side, px(70), w - 2 * side, h - px(70) - px(80)),
                                                  self.app.ui, container=box)
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - px(110), h - px(66), px(220), px(44)),
                                                 "Back to the game", self.app.ui, container=box)

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1)):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        side = min(self.px(60), self.app.size[0] // 20)
        title, size = paper.fit(f"How to play {self.ruleset.title}", self.px(34), self.app.size[0] - 2 * side, True)
        paper.text(surface, title, (side, self.px(20)), size, paper.INK, bold=True)
