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
        labels = [("resume", "Resume"), ("save", "Save game"), ("rules", "Rules (F1)"),
                  ("settings", "Settings"), ("menu", "Quit to menu")]
        self.buttons = {}
        y = h // 2 - len(labels) * 56 // 2 + 30
        for key, label in labels:
            b = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - 130, y, 260, 46), label, self.app.ui, container=box)
            self.buttons[b] = key
            y += 56

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
        paper.text(surface, "Paused", (w // 2, h // 2 - 170), 40, paper.INK, "center", bold=True)
        paper.text(surface, "The game is saved after every move.", (w // 2, h // 2 - 130), 20,
                   paper.GRAPHITE, "center")
