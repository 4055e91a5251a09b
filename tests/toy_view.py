"""A minimal board view for the Pig proof ruleset (test-only): R rolls, H holds, click = roll."""

from __future__ import annotations

import pygame

from game.ui import paper
from game.ui.view import GameView
from tests.toy_game import Hold, Roll


class PigView(GameView):
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            return self.ctx.submit(Roll())
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            return self.ctx.submit(Hold())
        if event.type == pygame.MOUSEBUTTONUP and self.rect.collidepoint(event.pos):
            return self.ctx.submit(Roll())
        return False

    def draw(self, surface: pygame.Surface) -> None:
        s = self.ctx.state
        paper.text(surface, f"{s.scores[0]} : {s.scores[1]}  (turn {s.turn_total})", self.rect.center, 40,
                   paper.INK, "center")

    def margin_lines(self) -> list[str]:
        return [f"Turn total: {self.ctx.state.turn_total}"]

    def hint(self) -> str:
        return "R to roll, H to hold."

    @staticmethod
    def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
        paper.pencil_circle(surface, paper.INK, rect.center, 30)
