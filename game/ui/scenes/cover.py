"""Hot-seat hand-over: the board is hidden until the next player clicks."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import paper
from ..app import App, Scene

if TYPE_CHECKING:
    from .play import PlayScene


class CoverScene(Scene):
    def __init__(self, app: App, play: PlayScene, seat: int) -> None:
        super().__init__(app)
        self.play = play
        self.seat = seat

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP or (event.type == pygame.KEYDOWN and event.key in (
                pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)):
            self.play.uncover()
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        w, h = self.app.size
        name = self.play.say(self.play.state.game.player_name(self.seat))
        paper.draw_symbol(surface, self.seat, (w // 2, h // 2 - 90), 60, 4)
        paper.text(surface, f"Pass to {name}", (w // 2, h // 2 - 20), 44, paper.INK, "center", bold=True)
        paper.text(surface, "The other players look away. Click when ready.", (w // 2, h // 2 + 36), 24,
                   paper.GRAPHITE, "center")
