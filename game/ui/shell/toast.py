"""The toast: one sentence at the bottom of the window (refusals, saved, errors), put away by
a click or by its time."""

from __future__ import annotations

import time

import pygame

from .. import paper


class Toasts:
    """The app's part that says a sentence for a while (App mixes it in and draws it last)."""

    size: tuple[int, int]
    toast_text: str
    toast_good: bool
    toast_until: float

    def toast(self, text: str, seconds: float = 5.0, good: bool = False) -> None:
        """A sentence at the bottom of the window (refusals, saved, errors); ``good`` news
        (saved, a screenshot) gets a green frame, not the warning red."""
        self.toast_good = good
        self.toast_text = text
        self.toast_until = time.monotonic() + seconds

    def toast_rect(self) -> pygame.Rect | None:
        """Where the toast shows now (None when none does): as wide as its words, centred at the
        bottom, so that it hides as little of the buttons and hands under it as it can."""
        if not self.toast_text or time.monotonic() >= self.toast_until:
            return None
        lines = paper.wrap(self.toast_text, 20, min(900, self.size[0] - 80))
        f = paper.font(20)
        w = min(max(f.size(line)[0] for line in lines) + 40, self.size[0] - 40)
        rect = pygame.Rect(0, 0, w, 14 + 26 * len(lines))
        rect.midbottom = (self.size[0] // 2, self.size[1] - 16)
        return rect

    def _draw_toast(self, screen: pygame.Surface) -> None:
        rect = self.toast_rect()
        if rect is None:
            return
        lines = paper.wrap(self.toast_text, 20, min(900, self.size[0] - 80))
        pygame.draw.rect(screen, (250, 246, 232), rect, border_radius=8)
        pygame.draw.rect(screen, paper.GOOD if self.toast_good else paper.WARN, rect, 2,
                         border_radius=8)
        for i, line in enumerate(lines):
            paper.text(screen, line, (rect.centerx, rect.y + 8 + 26 * i), 20, paper.INK, "midtop")
