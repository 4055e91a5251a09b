"""Hot-seat hand-over: the board is hidden until the next player clicks."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...msg import N_, M
from .. import paper
from ..app import App, Scene
from ..widgets import said

if TYPE_CHECKING:
    from ..playing.scene import PlayScene


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
        px = self.px
        paper.draw_symbol(surface, self.seat, (w // 2, h // 2 - px(90)), px(60), 4)
        # TRANSLATORS: {name} is the seat's name ("Blue"): hand the computer to that player.
        title, size = paper.fit(M("Pass to {name}", name=said(name)), px(44), w - px(40), True)
        paper.text(surface, title, (w // 2, h // 2 - px(20)), size, paper.INK, "center", bold=True)
        line, size = paper.fit(N_("The other players look away. Click or press Enter when ready."), px(24), w - px(40))
        paper.text(surface, line, (w // 2, h // 2 + px(36)), size, paper.GRAPHITE, "center")
