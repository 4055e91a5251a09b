"""Pencil Space Combat's pointer previews: what the gesture under the pointer would do, drawn on
the paper before it is let go.

The door it would draw, the ship or turret it would place (green where the rules allow it,
red where not), the asteroid loop being drawn, the landed ship turned to the heading being
chosen (S-M6), the hand (S-V9), and the aiming aid: a dashed line in the drag's direction only,
never where the flick lands, crossed out with the rule's words for a backward move (S-M1).
"""

from __future__ import annotations

import math

import pygame

from ....msg import N_, M
from ....rules.space.evaluate import Piece, backwards
from ....rules.space.geometry import cm
from ... import paper
from .board import ROCK_LINE, Pt
from .gestures import SpaceGestures

HAND = (150, 110, 80)


class SpaceHover(SpaceGestures):
    """Draws the preview of the gesture under the pointer (what gestures.py would make of it)."""

    def _draw_input(self, surface: pygame.Surface) -> None:
        s = self.state
        if self.refused_outline is not None and len(self.refused_outline[0]) >= 2:
            paper.pencil_lines(surface, paper.WARN, [self.px(p) for p in self.refused_outline[0]], True, 2)
        if not self.ctx.human_to_move() or s.is_over() or self.anim:
            return
        mouse = self.hover
        if s.phase == "door" and mouse is not None and self._on_own_wall(mouse):
            h = s.game.hangars[s.seat]
            a, b = h.door_segment(self._door_at(mouse))
            pygame.draw.line(surface, paper.PAPER, self.px(a), self.px(b), 5)
            paper.pencil_line(surface, paper.GOOD, self.px(a), self.px(b), 2)
            for end in (a, b):
                e = self.px(end)
                pygame.draw.line(surface, paper.GOOD, (e[0], e[1] - 6), (e[0], e[1] + 6), 2)
            mid = self.px(h.wall_point(self._door_at(mouse)))
            # TRANSLATORS: beside the door being placed; {d} is a distance ("8.9 cm")
            paper.text(surface, M("door {d} from your left", d=cm(self._door_at(mouse))), (mid[0], mid[1] - 10), 16,
                       paper.GOOD, "midbottom")
        elif s.phase == "ships" and mouse is not None:
            ghost = self._placement(self.drag["start"] if self.drag else mouse, mouse if self.drag else None)
            p = Piece(-1, s.seat, "turret" if ghost.turret else "ship", ghost.x, ghost.y, math.radians(ghost.heading))
            ok = self._allowed(ghost)
            pts = [self.px(c) for c in p.body().exterior.coords[:-1]]
            paper.pencil_lines(surface, paper.GOOD if ok else paper.WARN, pts, True, 1)
        elif s.phase == "field" and len(self.outline) >= 2:
            paper.pencil_lines(surface, ROCK_LINE, [self.px(p) for p in self.outline], False, 2)
        elif s.phase == "heading" and s.pending is not None:
            ship = s.piece(s.pending)
            if ship is not None:
                hd = self.heading_preview if self.heading_preview is not None else ship.heading
                x, y, h = self._placed(math.degrees(hd))  # S-M6: the free placement nearest to that heading
                exact = abs((h - hd + math.pi) % (2 * math.pi) - math.pi) < 1e-3
                self._piece(surface, ship._replace(x=x, y=y), False, heading=h)
                end = s.landing or (ship.x, ship.y)
                tip = (end[0] + math.cos(hd) * 14, end[1] + math.sin(hd) * 14)
                self._dashes(surface, self.px(end), self.px(tip), paper.GOOD if exact else paper.WARN)
                pygame.draw.circle(surface, paper.GOOD, self.px(end), 3)
        elif s.phase == "play":
            if self.stopper is not None:
                x1, y1, x2, y2 = self.stopper
                pygame.draw.line(surface, HAND, self.px((x1, y1)), self.px((x2, y2)), 6)
            d = self.drag
            if d is not None and d.get("kind") == "hand" and mouse is not None:
                pygame.draw.line(surface, HAND, self.px(d["start"]), self.px(mouse), 6)
            ship = s.piece(d["ship"]) if d is not None and d.get("kind") == "flick" else None
            if d is not None and ship is not None and mouse is not None and math.dist(d["start"], mouse) > 0.5:
                ang = math.atan2(mouse[1] - d["start"][1], mouse[0] - d["start"][0])
                back = d["mode"] == "move" and backwards(ship, ang)  # S-M1 (rev 4): the rules refuse it
                if self.show_aim or back:
                    # the aiming aid shows the direction only, never the outcome: a fixed-length dashed line
                    far = (d["start"][0] + math.cos(ang) * 18, d["start"][1] + math.sin(ang) * 18)
                    self._dashes(surface, self.px(d["start"]), self.px(far),
                                 paper.WARN if back or d["mode"] == "shot" else paper.GOOD)
                if back:
                    self._cross(surface, self.px(far))
                    nose = self.px(d["start"])
                    paper.note(surface, N_("You can't move backwards (S-M1)"), (nose[0] + 14, nose[1] - 30), 16,
                               paper.WARN, within=self.paper_rect())

    @staticmethod
    def _cross(surface: pygame.Surface, at: Pt, r: int = 5) -> None:
        """A refused direction: a small pencil cross at the end of the aiming line."""
        x, y = at
        paper.pencil_line(surface, paper.WARN, (x - r, y - r), (x + r, y + r), 2)
        paper.pencil_line(surface, paper.WARN, (x - r, y + r), (x + r, y - r), 2)

    @staticmethod
    def _dashes(surface: pygame.Surface, a: Pt, b: Pt, colour: tuple[int, int, int]) -> None:
        length = math.dist(a, b)
        if length < 1:
            return
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        k = 4.0
        while k < length:
            e = min(length, k + 5)
            pygame.draw.aaline(surface, colour, (a[0] + ux * k, a[1] + uy * k), (a[0] + ux * e, a[1] + uy * e))
            k += 9
