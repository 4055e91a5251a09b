"""The result in a panel over the final board: watch the replay, rematch, back to the menu,
or close the panel to study the board (the play scene's Result button opens it again)."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ...records import Record
from ...session import Session
from .. import paper
from ..app import App, Scene

if TYPE_CHECKING:
    from .play import PlayScene


class GameOverScene(Scene):
    opaque = False

    def __init__(self, app: App, play: PlayScene) -> None:
        super().__init__(app)
        self.play = play
        self.buttons: dict[object, str] = {}

    def build(self) -> None:
        box = self.new_box()
        w, h = self.app.size
        self.buttons = {}
        choices = (("study", "Study the board"), ("replay", "Watch replay"), ("rematch", "Rematch"), ("menu", "Menu"))
        bw, gap = 170, 14
        x = w // 2 - (len(choices) * (bw + gap) - gap) // 2
        for i, (key, label) in enumerate(choices):
            b = pygame_gui.elements.UIButton(pygame.Rect(x + i * (bw + gap), h // 2 + 40, bw, 48), label,
                                             self.app.ui, container=box,
                                             tool_tip_text="Esc" if key == "study" else None)
            self.buttons[b] = key

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go("study")
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.go(self.buttons[event.ui_element])

    def go(self, key: str) -> None:
        from .menu import MenuScene
        from .play import PlayScene

        rec = self.play.session.record
        if key == "study":
            self.app.pop()  # the final board, with a Result button to bring this back
        elif key == "menu":
            self.app.reset_to(MenuScene(self.app))
        elif key == "replay":
            fresh = Record(rec.game, dict(rec.settings), rec.seed, [], dict(rec.pins), rec.rules_version,
                           list(rec.seats))
            sess = Session(fresh, autosave=False)
            self.app.reset_to(PlayScene(self.app, sess, replay=list(rec.actions)))
        elif key == "rematch":
            seats = list(rec.seats[1:] + rec.seats[:1])  # swap who starts
            sess = Session.new(rec.game, dict(rec.settings), 1 + secrets.randbelow(10**9), seats,
                               dict(rec.pins))
            self.app.reset_to(PlayScene(self.app, sess))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        panel = pygame.Rect(0, 0, 780, 230)
        panel.center = (w // 2, h // 2)
        veil = pygame.Surface(panel.size, pygame.SRCALPHA)
        veil.fill((248, 244, 230, 235))
        surface.blit(veil, panel)
        pygame.draw.rect(surface, paper.INK, panel, 2, border_radius=10)
        res = self.play.state.result()
        paper.text(surface, "Game over", (w // 2, panel.y + 20), 36, paper.INK, "midtop", bold=True)
        text = self.play.say(res.text) if res else ""
        for i, line in enumerate(paper.wrap(text, 22, 600)[:3]):
            paper.text(surface, line, (w // 2, panel.y + 70 + 26 * i), 22, paper.INK, "midtop")
