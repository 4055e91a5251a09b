"""Esc during a game: resume, save, rules, settings, quit to the menu."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ...paths import data_dir
from .. import paper
from ..app import App, Scene

if TYPE_CHECKING:
    from .play import PlayScene


def saves_dir():  # type: ignore[no-untyped-def]
    folder = data_dir() / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class PauseScene(Scene):
    opaque = False

    def __init__(self, app: App, play: PlayScene) -> None:
        super().__init__(app)
        self.play = play
        self.buttons: dict[object, str] = {}

    def build(self) -> None:
        box = self.new_box()
        w, h = self.app.size
        px = self.px
        labels = [("resume", "Resume"), ("save", "Save game"), ("rules", "Rules (F1)"),
                  ("settings", "Settings"), ("menu", "Quit to menu")]
        self.buttons = {}
        step, bh = min(px(56), (h - px(150)) // len(labels)), px(46)
        bh = min(bh, step - px(6))
        y = px(130)
        x = self.column_x()
        for key, label in labels:
            b = pygame_gui.elements.UIButton(pygame.Rect(x, y, px(260), bh), label, self.app.ui, container=box)
            self.buttons[b] = key
            y += step

    def column_x(self) -> int:
        """The buttons' column: centred, or to the left of the list of keys when it fits beside."""
        w = self.app.size[0]
        return w // 2 - self.px(260) - self.px(30) if w >= self.px(260 + 60 + 420) else w // 2 - self.px(130)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return
        key = self.buttons[event.ui_element]
        if key == "resume":
            self.app.pop()
        elif key == "save":
            path = saves_dir() / time.strftime(f"{self.play.session.record.game}-%Y%m%d-%H%M%S.json")
            try:
                self.play.session.save_as(path)
                self.app.toast(f"Saved to {path}", 4)
            except OSError as exc:
                self.app.toast(f"Could not save: {exc.strerror}.", 6)
        elif key == "rules":
            from .rules import RulesScene

            self.app.push(RulesScene(self.app, self.play.session.ruleset))
        elif key == "settings":
            from .settings import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif key == "menu":
            from .menu import MenuScene

            self.app.reset_to(MenuScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((244, 239, 225, 215))
        surface.blit(veil, (0, 0))
        px = self.px
        paper.text(surface, "Paused", (w // 2, px(50)), px(40), paper.INK, "center", bold=True)
        paper.text(surface, "The game is saved after every move.", (w // 2, px(90)), px(20),
                   paper.GRAPHITE, "center")
