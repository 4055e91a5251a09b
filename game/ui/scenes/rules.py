"""F1: the rules of the current game, in the project's own words (docs/rules/<game>.md)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pygame
import pygame_gui

from ... import i18n
from ...i18n import tr
from ...msg import N_, M
from ...paths import root
from ...registry import Ruleset
from .. import paper
from ..app import App, Scene
from ..page import Page
from ..widgets import said


def _inline(text: str) -> str:
    s = html.escape(text)
    s = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", s)
    s = re.sub(r"(?<!\*)\*(?!\*)(.+?)\*", r"<i>\1</i>", s)
    return re.sub(r"`(.+?)`", r"\1", s)


_ITEM = re.compile(r"([-*]|\d+\.) ")


def markdown_to_html(md: str) -> str:
    """Enough Markdown for rule sheets: headings, bullets (numbered too), bold, italics, code,
    indented example blocks.  A paragraph or a list item is one line however the source breaks
    it, so the text box wraps it to its own width (source lines never run past the page's edge
    or break it raggedly); only example blocks keep their lines."""
    out: list[str] = []
    kind = ""  # the last line of ``out``: "para", "item", "code", "head", or "" after a blank line
    before = ""  # the kind of the last line before the blank lines
    for raw in md.splitlines():
        line = raw.rstrip()
        text = line.lstrip()
        indent = len(line) - len(text)
        if text.startswith("<!--") and text.endswith("-->"):
            continue  # a translated page's source hash and review note are not for the player
        if not text:
            if kind:
                before = kind
            out.append("")
            kind = ""
            continue
        if indent >= 4 and (kind == "code" or (kind == "" and before != "item")):
            out.append("&nbsp;" * indent + html.escape(text))  # an example block keeps its lines
            kind = "code"
            continue
        if text.startswith("#"):
            level = len(text) - len(text.lstrip("#"))
            size = {1: 6, 2: 5}.get(level, 4)
            out.append(f"<font size={size}><b>{_inline(text.lstrip('#').strip())}</b></font>")
            kind = "head"
            continue
        item = _ITEM.match(text)
        if item:
            mark = "&bull;" if item.group(1) in "-*" else item.group(1)
            out.append(f"{'&nbsp;' * indent}{mark} {_inline(text[item.end():])}")
            kind = "item"
            continue
        if kind in ("para", "item"):
            out[-1] += " " + _inline(text)  # the same paragraph or item goes on: the box wraps it
            continue
        out.append(_inline(text))
        kind = "para"
    return "<br>".join(out)


def rules_path(rs: Ruleset, lang: str | None = None) -> Path | None:
    """The rules page in ``lang`` (the language in use): docs/rules/<lang>/<game>.md when it
    is there, else the English page docs/rules/<game>.md (None when the game has none)."""
    if not rs.rules_doc:
        return None
    english = root() / rs.rules_doc
    lang = i18n.language() if lang is None else lang
    if lang != "en":
        translated = english.parent / lang / english.name
        if translated.is_file():
            return translated
    return english


def rules_text(rs: Ruleset) -> str:
    """The rules page as Markdown, in the player's language when it has been translated; an
    English page shown to a Finnish or Dutch player says so first, in their language."""
    path = rules_path(rs)
    if path is None or not path.is_file():
        return f"# {tr(rs.title)}\n\n{tr(rs.pitch)}"
    text = path.read_text(encoding="utf-8")
    if i18n.language() != "en" and path == root() / rs.rules_doc:
        text = tr(N_("This page has not been translated yet, so it is in English.")) + "\n\n" + text
    return text


class RulesScene(Scene):
    def __init__(self, app: App, ruleset: Ruleset) -> None:
        super().__init__(app)
        self.ruleset = ruleset
        self.page: Page | None = None

    def page_rect(self) -> pygame.Rect:
        w, h = self.app.size
        px = self.px
        side = min(px(60), w // 20)
        return pygame.Rect(side, px(70), w - 2 * side, h - px(70) - px(80))

    def build(self) -> None:
        box = self.new_box()
        w, h = self.app.size
        px = self.px
        top = self.page.top if self.page is not None else 0
        # drawn line by line (game.ui.page): a window-sized pygame_gui text box took 250-360 MB at 3840x2400
        self.page = Page(rules_text(self.ruleset), self.page_rect(), px)
        self.page.scroll(top)
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - px(110), h - px(66), px(220), px(44)),
                                                 tr(N_("Back to the game")), self.app.ui, container=box)

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1)):
            self.app.pop()
        elif self.page is not None:
            self.page.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        side = min(self.px(60), self.app.size[0] // 20)
        # TRANSLATORS: the rules page's title; {game} is the game's name.
        title, size = paper.fit(M("How to play {game}", game=said(self.ruleset.title)), self.px(34), self.app.size[0] - 2 * side, True)
        paper.text(surface, title, (side, self.px(20)), size, paper.INK, bold=True)
        if self.page is not None:
            self.page.draw(surface)
