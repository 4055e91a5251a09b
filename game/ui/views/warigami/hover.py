"""What the Warigami board shows under the pointer: an enemy's odds before the roll.

With one of your units selected, hovering an enemy draws the line of sight (green when clear,
red when not) and the odds box: the distance, s:6, why a shot cannot be fired, the close blast or
the splash, and what each die face would do; the RPG's splash squares are tinted.  The box is put
where it covers neither the shot nor, if it can, any of the player's own units.
"""

from __future__ import annotations

import dataclasses

import pygame

from ....rules.warigami.state import SETUP, Shot, Unit
from ....rules.warigami.tables import WEAPONS
from ... import paper
from .board import WarigamiBoard

OUTCOME_WORD = {"miss": "miss", "hit": "hit", "knick": "knick", "base": "hit", "critical": "CRIT"}


class WarigamiHover(WarigamiBoard):
    """The hover card over an enemy: line of sight, odds and splash."""

    def hovered_shot(self) -> tuple[int, Shot] | None:
        s = self.s
        if self.selected is None or self.hover is None or self.selected not in s.units:
            return None
        t = s.unit_at(self.hover)
        me = s.units[self.selected]
        if t is None or t.owner == me.owner or s.phase == SETUP:
            return None
        shot = s.shot(me.id, t.id)
        if me.acted and not shot.problem:  # the odds stay readable, the refusal is said up front
            shot = dataclasses.replace(shot, problem=f"{me.label()} has already acted this turn.", rule="W-T3")
        return t.id, shot

    def _draw_splash(self, surface: pygame.Surface, shot: Shot) -> None:
        size = self.sq_rect((0, 0)).inflate(-2, -2).size
        if self._splash_tint is None or self._splash_tint.get_size() != size:
            self._splash_tint = pygame.Surface(size, pygame.SRCALPHA)
            self._splash_tint.fill((*paper.WARN, 70))  # see-through: the figures under it stay readable
        for sq in shot.splash:
            r = self.sq_rect(sq)
            surface.blit(self._splash_tint, r.inflate(-2, -2))
            paper.text(surface, "-5", r.center, max(10, int(self.cell * 0.3)), paper.WARN, "center")

    def _draw_shot(self, surface: pygame.Surface, target: int, shot: Shot) -> None:
        s = self.s
        me = s.units[self.selected]  # type: ignore[index]
        t = s.units[target]
        a, b = self.centre(me.sq), self.centre(t.sq)
        colour = paper.GOOD if not shot.problem else paper.WARN
        paper.pencil_line(surface, colour, a, b, 2)
        box_w, row_h = 330, 22
        lines, faces = self.shot_text(me, t, shot, box_w)
        h = 12 + row_h * (len(lines) + (2 if faces else 0))
        box = self._box_place(box_w, int(h), a, b)
        pygame.draw.rect(surface, (250, 247, 236), box, border_radius=6)
        pygame.draw.rect(surface, paper.GRAPHITE, box, 1, border_radius=6)
        yy = box.y + 6
        for line in lines:
            paper.text(surface, line, (box.x + 8, yy), 18, colour if line is not lines[0] else paper.INK)
            yy += row_h
        for i, f in enumerate(faces):
            word = f.split(": ")[1]
            col = paper.WARN if word.startswith("miss") else (paper.GOOD if "CRIT" in word else paper.INK)
            paper.text(surface, f, (box.x + 8 + (i % 3) * 106, yy + (i // 3) * row_h), 17, col)

    def shot_text(self, me: Unit, t: Unit, shot: Shot, box_w: int = 330) -> tuple[list[str], list[str]]:
        """The odds box's lines and its die faces.  A shot that cannot be fired (blocked, out of
        reach, off its line) lists no face at all, so no face seems to hit; one refused only because
        the unit has acted keeps its odds readable."""
        sv = shot.odds.s
        can_fire = not shot.problem or shot.rule == "W-T3"
        needs = "" if sv == 0 else ("   every face hits" if sv == 6 else f"   {7 - sv} or more hits")
        lines = [f"distance {shot.dist}   s {sv}:6{needs}" if can_fire else f"distance {shot.dist}   no shot"]
        if shot.problem:
            lines.extend(paper.wrap(shot.problem, 18, box_w - 16))
        else:
            lines.append("clear shot")
        w = WEAPONS[me.kind]
        notes = []
        if can_fire and w.close_power and shot.dist == 1:
            notes.append(f"close blast {w.close_power}: adjacent = up, down, left, right")
        elif can_fire and w.close_power and abs(me.x - t.x) == 1 and abs(me.y - t.y) == 1:
            notes.append("diagonal = distance 2: no close blast")
        if can_fire and w.splash:
            notes.append(f"splash {w.splash} on all 8 squares around, friend or foe")
        for note in notes:
            lines.extend(paper.wrap(note, 18, box_w - 16))
        if not can_fire:
            return lines, []
        faces = [f"{f}: {OUTCOME_WORD[o]}{' ' + str(d) if d else ''}"
                 for f, (o, d) in enumerate(zip(shot.odds.outcomes, shot.odds.damage, strict=True), start=1)]
        return lines, faces

    def _box_place(self, w: int, h: int, a: tuple[float, float], b: tuple[float, float]) -> pygame.Rect:
        """Where the odds box goes: beside the target (right, left, below, above, each also slid
        along that side), else anywhere over the board; never over the shooter, the target or the
        line of sight if a place allows it, then over none of the player's own units, then over
        as few other units as possible."""
        c = self.cell
        gap = c * 0.7
        area = self.viewport.clip(pygame.Rect(self.rect.x + 4, self.rect.y + 4, self.rect.w - 8, self.rect.h - 60))
        spots: list[tuple[float, float]] = []
        for dy in (-h / 2, -h + c / 2, -c / 2):  # right of the target, then left: centred, ending, starting
            spots.append((b[0] + gap, b[1] + dy))
            spots.append((b[0] - gap - w, b[1] + dy))
        for dx in (-w / 2, -w + c / 2, -c / 2):  # below the target, then above
            spots.append((b[0] + dx, b[1] + gap))
            spots.append((b[0] + dx, b[1] - gap - h))
        # then anywhere on the board, in steps of half a box: some place covers no unit at all
        spots += [(x, y) for y in range(area.y, max(area.y, area.bottom - h) + 1, max(1, h // 2))
                  for x in range(area.x, max(area.x, area.right - w) + 1, max(1, w // 2))]
        ends = [pygame.Rect(0, 0, int(c), int(c)) for _ in (a, b)]
        ends[0].center, ends[1].center = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
        me = self.s.units[self.selected].owner if self.selected in self.s.units else self.s.player
        shrink = -int(c * 0.2)  # a box may touch a square's edge, not the figure on it
        own = [self.sq_rect(u.sq).inflate(shrink, shrink) for u in self.s.units.values() if u.owner == me]
        others = [self.sq_rect(u.sq).inflate(shrink, shrink) for u in self.s.units.values() if u.owner != me]

        def cost(box: pygame.Rect) -> int:  # the shot first, then the player's own units, then the rest
            return (1000 * sum(box.colliderect(e) for e in ends) + 300 * bool(box.clipline(a, b))
                    + 20 * len(box.collidelistall(own)) + len(box.collidelistall(others)))

        boxes = [pygame.Rect(int(x), int(y), w, h).clamp(area) for x, y in spots]
        return min(boxes, key=cost)  # the first of the best, in the order above
