"""The result in a panel over the final board: watch the replay, rematch, back to the menu,
or close the panel to study the board (the play scene's Result button opens it again)."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ...i18n import tr
from ...msg import N_
from ...records import Record
from ...session import Session, player_profile
from .. import paper
from ..app import App, Scene
from ..playing.panels import over_board, over_note

if TYPE_CHECKING:
    from ..playing.scene import PlayScene


class GameOverScene(Scene):
    opaque = False

    def __init__(self, app: App, play: PlayScene) -> None:
        super().__init__(app)
        self.play = play
        self.buttons: dict[object, str] = {}
        if play.remote:  # a rematch online is a new room (the menu's Host); the replay needs the record
            self.CHOICES = tuple(c for c in self.CHOICES if c[0] != "rematch")

    CHOICES = (("study", N_("Study the board")), ("replay", N_("Watch replay")), ("rematch", N_("Rematch")),
               ("menu", N_("Menu")))

    def button_w(self) -> int:
        """The buttons' width: 170 at the UI scale, wider for a language's longer words."""
        f = paper.font(self.px(17))
        return max(self.px(170), max(f.size(tr(label))[0] for _, label in self.CHOICES) + self.px(24))

    def panel_rect(self) -> pygame.Rect:
        """The panel: four buttons in a row when they fit, else two rows of two."""
        px = self.px
        bw, gap = self.button_w(), px(14)
        # Over the board (never the log) whenever two buttons a row fit on it.
        area = over_board(self.app, 2 * (bw + gap) - gap + px(60) + px(20))
        w = area.w
        per_row = 4 if 4 * (bw + gap) + px(40) <= w else 2
        rows = -(-len(self.CHOICES) // per_row)
        width = min(w - px(20), max(px(560), per_row * (bw + gap) - gap + px(60)))
        height = px(150) + rows * (px(48) + gap) + (px(84) if self.play.remote else 0)
        rect = pygame.Rect(0, 0, width, height)
        rect.center = area.center
        self.per_row = per_row
        return rect

    def build(self) -> None:
        box = self.new_box()
        px = self.px
        panel = self.panel_rect()
        self.buttons = {}
        bw, gap = self.button_w(), px(14)
        row_w = self.per_row * (bw + gap) - gap
        for i, (key, label) in enumerate(self.CHOICES):
            r, c = divmod(i, self.per_row)
            rect = pygame.Rect(panel.centerx - row_w // 2 + c * (bw + gap), panel.y + px(140) + r * (px(48) + gap),
                               bw, px(48))
            b = pygame_gui.elements.UIButton(rect, tr(label), self.app.ui, container=box,
                                             tool_tip_text="Esc" if key == "study" else None)
            self.buttons[b] = key

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go("study")
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.go(self.buttons[event.ui_element])

    def go(self, key: str) -> None:
        rec = self.play.session.record
        if rec is None and key == "replay":
            self.app.toast(N_("The room's record has not come from the server yet; try again in a moment."), 5)
            return
        if key == "study":
            self.app.pop()  # the final board, with a Result button to bring this back
        elif key == "menu":
            self.app.reset_to("menu")
        elif key == "replay":
            self.app.reset_to("menu")
            self.app.push("replay", Record.from_json(rec.to_json(), "this game"))
        elif key == "rematch":
            seats = list(rec.seats[1:] + rec.seats[:1])  # swap who starts
            sess = Session.new(rec.game, dict(rec.settings), 1 + secrets.randbelow(10**9), seats,
                               dict(rec.pins), profile=player_profile(rec.game))
            self.app.reset_to("play", sess)

    def draw(self, surface: pygame.Surface) -> None:
        px = self.px
        panel = self.panel_rect()
        veil = pygame.Surface(panel.size, pygame.SRCALPHA)
        veil.fill((248, 244, 230, 235))
        surface.blit(veil, panel)
        pygame.draw.rect(surface, paper.INK, panel, 2, border_radius=10)
        res = self.play.state.result()
        paper.text(surface, N_("Game over"), (panel.centerx, panel.y + px(16)), px(36), paper.INK, "midtop", bold=True)
        text = self.play.say(res.text) if res else ""
        lines = paper.wrap(text, px(22), panel.width - px(40))
        size = px(22)
        if len(lines) > 3:  # a long result in a smaller hand rather than cut off
            size = px(17)
            lines = paper.wrap(text, size, panel.width - px(40))
        for i, line in enumerate(lines[:4]):
            paper.text(surface, line, (panel.centerx, panel.y + px(62) + (size + px(4)) * i), size, paper.INK, "midtop")
        if self.play.remote:  # the end's check (seed commitment, replay) and where the record went
            sess = self.play.session
            colour = paper.WARN if getattr(sess, "verified", None) is False else paper.GRAPHITE
            for i, line in enumerate(paper.wrap(over_note(sess), px(15), panel.width - px(30))[:4]):
                paper.text(surface, line, (panel.centerx, panel.bottom - px(80) + px(18) * i), px(15), colour, "midtop")
