"""What the Warigami board shows under the pointer: an enemy's odds before the roll.

With one of your units selected, hovering an enemy draws the line of sight (green when clear,
red when not) and the odds box: the distance, s:6, why a shot cannot be fired, the close blast or
the splash, and what each die face would do; the RPG's splash squares are tinted.  The box is put
where it covers neither the shot nor, if it can, any of the player's own units.
"""

from __future__ import annotations

import dataclasses

import pygame

from ....msg import M, Mp, Msg
from ....rules.warigami.state import SETUP, Shot, Unit
from ....rules.warigami.tables import WEAPONS
from ... import paper
from .board import WarigamiBoard


def face_text(face: int, outcome: str, damage: int) -> Msg:
    """One die face of the odds box: "4: hit 2", "1: miss", "6: CRIT 8" (short: three to a row)."""
    if outcome == "miss":
        # TRANSLATORS: a die face in the odds box, and that it misses (short: three fit in a row)
        return Mp("odds", "{face}: miss", face=face)
    if outcome == "knick":
        if damage:
            # TRANSLATORS: a die face that only grazes the target (a knick), and its damage (short)
            return Mp("odds", "{face}: knick {dmg}", face=face, dmg=damage)
        return Mp("odds", "{face}: knick", face=face)
    if outcome == "critical":
        # TRANSLATORS: a die face that is a critical hit, and its damage (short)
        return Mp("odds", "{face}: CRIT {dmg}", face=face, dmg=damage)
    if not damage:
        return Mp("odds", "{face}: hit", face=face)
    # TRANSLATORS: a die face that hits, and its damage (short)
    return Mp("odds", "{face}: hit {dmg}", face=face, dmg=damage)


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
            shot = dataclasses.replace(shot, problem=M("{unit} has already acted this turn.", unit=me.label()),
                                       rule="W-T3")
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
        outcomes = shot.odds.outcomes
        h = 12 + row_h * (len(lines) + (2 if faces else 0))
        box = self._box_place(box_w, int(h), a, b)
        pygame.draw.rect(surface, (250, 247, 236), box, border_radius=6)
        pygame.draw.rect(surface, paper.GRAPHITE, box, 1, border_radius=6)
        yy = box.y + 6
        for line in lines:
            paper.text(surface, line, (box.x + 8, yy), 18, colour if line is not lines[0] else paper.INK)
            yy += row_h
        for i, f in enumerate(faces):
            col = paper.WARN if outcomes[i] == "miss" else (paper.GOOD if outcomes[i] == "critical" else paper.INK)
            paper.text(surface, f, (box.x + 8 + (i % 3) * 106, yy + (i // 3) * row_h), 17, col)

    def shot_text(self, me: Unit, t: Unit, shot: Shot, box_w: int = 330) -> tuple[list[str], list[str]]:
        """The odds box's lines and its die faces.  A shot that cannot be fired (blocked, out of
        reach, off its line) lists no face at all, so no face seems to hit; one refused only because
        the unit has acted keeps its odds readable."""
        sv = shot.odds.s
        can_fire = not shot.problem or shot.rule == "W-T3"
        d = shot.dist
        if not can_fire:
            # TRANSLATORS: the odds box's first line: the distance in spaces, and that the shot cannot be fired
            first = M("distance {d}   no shot", d=d)
        elif sv == 0:
            first = M("distance {d}   s {s}:6", d=d, s=sv)
        elif sv == 6:
            # TRANSLATORS: the odds box's first line: distance, s:6 (the faces that succeed), and what that means
            first = M("distance {d}   s {s}:6   every face hits", d=d, s=sv)
        else:
            # TRANSLATORS: the odds box's first line: distance, s:6, and the least face that hits ({least})
            first = M("distance {d}   s {s}:6   {least} or more hits", d=d, s=sv, least=7 - sv)
        lines: list[str] = [first]
        if shot.problem:
            lines.extend(paper.wrap(shot.problem, 18, box_w - 16))
        else:
            lines.append(M("clear shot"))
        w = WEAPONS[me.kind]
        notes: list[Msg] = []
        if can_fire and w.close_power and shot.dist == 1:
            notes.append(M("close blast {power}: adjacent = up, down, left, right", power=w.close_power))
        elif can_fire and w.close_power and abs(me.x - t.x) == 1 and abs(me.y - t.y) == 1:
            notes.append(M("diagonal = distance 2: no close blast"))
        if can_fire and w.splash:
            notes.append(M("splash {d} on all 8 squares around, friend or foe", d=w.splash))
        for note in notes:
            lines.extend(paper.wrap(note, 18, box_w - 16))
        if not can_fire:
            return lines, []
        faces: list[str] = [face_text(f, o, dmg) for f, (o, dmg) in
                            enumerate(zip(shot.odds.outcomes, shot.odds.damage, strict=True), start=1)]
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
