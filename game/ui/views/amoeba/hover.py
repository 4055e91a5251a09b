"""Amoeba's hover cards: what the board shows under the pointer before any click.

Hovering a country in play outlines its neighbours; hovering an enemy country draws the arrows
of the countries that would attack it and their sum against its troops (online, while another
seat moves, this window's seat's sum).  A struck-through number's reason in the troop picker is
written by the picker itself (panel.py).
"""

from __future__ import annotations

import pygame

from ....i18n import tr
from ....msg import M
from ... import paper
from .board import RED, tint, troop_size

NEIGHBOUR = (70, 110, 170)  #: the outline of a hovered country's neighbours (everything depends on who touches)


class HoverMixin:
    """The hover part of AmoebaView (reads the pointer in ``self.mouse``; records what it showed in
    ``self.shown`` for the tests and the screenshots)."""

    def _draw_neighbours(self, surface: pygame.Surface) -> int:
        """Hovering a country in play outlines its neighbours (the countries that share a border)."""
        s = self.st
        hover = self.country_at(self.mouse)
        self.shown["neighbours"] = list(s.adj(hover)) if hover >= 0 else []
        for d in self.shown["neighbours"]:
            self._outline(surface, d, NEIGHBOUR, 2)
        return hover

    def _sum_tag(self, surface: pygame.Surface, t: int, have: int) -> None:
        """The attackers' sum against the defenders, written on the board beside the target."""
        s = self.st
        ok = s.troops[t] < have
        self.shown["sum"] = (t, have)
        x, y = self.to_px(*s.map.labels[t])
        # TRANSLATORS: the attackers' sum {have} against the {defenders}, on the board ("23 vs 12").
        text = M("{have} vs {defenders}", have=have, defenders=s.troops[t])
        f = paper.font(20, True)
        w, h = f.size(tr(text))  # the width of what is drawn, in the player's language
        back = pygame.Rect(0, 0, w + 10, h + 2)
        back.midtop = (int(x), int(y + troop_size(self.scale) * 0.7))
        back.clamp_ip(self.sheet)
        pygame.draw.rect(surface, paper.PAPER, back, border_radius=5)
        pygame.draw.rect(surface, paper.GOOD if ok else RED, back, 2, border_radius=5)
        paper.text(surface, text, back.center, 20, paper.GOOD if ok else RED, "center", bold=True)

    def _draw_hover_attack(self, surface: pygame.Surface, me: int, x0: int, y: int) -> None:
        """Hovering an enemy country with nothing chosen: its attackers' arrows and sum on the board,
        and the sum against the defenders in the panel at (x0, y)."""
        s = self.st
        hover = self.country_at(self.mouse)
        own = self._own_seat()
        if own is not None:
            me = own  # online, waiting for another seat: the preview is still this window's seat's
        if hover >= 0 and s.owner[hover] >= 0 and s.owner[hover] != me:
            have = s.attack_sum(hover, me)
            for c in s.attackers(hover, me):
                self._arrow(surface, c, hover, tint(paper.player_colour(me), 0.45), 2)
            self._sum_tag(surface, hover, have)
            paper.text(surface, M("#{country}: {have} vs {defenders}", country=hover + 1, have=have,
                                  defenders=s.troops[hover]), (x0, y), 20,
                       paper.GOOD if s.troops[hover] < have else paper.GRAPHITE)
