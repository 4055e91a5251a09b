"""Paper Invasion's hover and selection marks: what the board shows before a click lands.

While building, the wall a click would draw (Space turns it); while placing, the room under the
pointer, or for an enemy the outside walls of its side with the one it would wait at thicker; in
play, the selected hero's rooms hatched and its walls blue (seal) or red (smash), the one under
the pointer thicker; the Vault item's next targets; the selected enemy's rooms and walls.
"""

from __future__ import annotations

import pygame

from ....engine import Event
from ....rules.invasion.actions import (
    Seal,
    Smash,
    Use,
)
from ....rules.invasion.board import DOUBLE, OPENING
from ....rules.invasion.state import InvasionState
from ... import paper
from ..invasion_sheet import draw_wall
from .board import MOVE_GREEN, SEAL_BLUE, SMASH_RED


class HoverMixin:
    """The hover part of InvasionView (reads the pointer in ``self.mouse``)."""

    def _split_preview(self) -> tuple[str, str, int] | None:
        s = self.state
        gx, gy = self.frame.grid(*self.mouse)
        room = s.board.room_at(gx, gy)
        if room is None:
            return None
        at = round(gx) if self.axis == "v" else round(gy)
        if s.board.split_problem(room, self.axis, at):
            return None
        return room, self.axis, at

    def _hover_wall(self) -> str | None:
        """The wall of the selected hero's room under the mouse, if it can be sealed or smashed."""
        s = self.state
        if s.phase != "heroes" or self.selected not in s.heroes or s.heroes[self.selected].acted:
            return None
        gx, gy = self.frame.grid(*self.mouse)
        return self._wall_at(gx, gy, self._hero_walls(self.selected))

    def _hero_walls(self, hid: int) -> list[str]:
        """The walls this hero may seal or smash now (between two rooms, I-H3/I-H4 rev 2)."""
        return [a.wall for a in self.state.hero_actions(hid) if isinstance(a, (Seal, Smash))]

    def _next_use_targets(self) -> set[str]:
        """Rooms or walls the next click of the Vault item may pick."""
        s = self.state
        out: set[str] = set()
        k = len(self.use_targets)
        for u in self._hero_acts():
            if not isinstance(u, Use):
                continue
            ts = [t for t in (u.target, u.target2) if t]
            if not ts and s.slot(3) == 1 and not k and self.selected in s.heroes:
                out.add(s.heroes[self.selected].room)
            elif len(ts) > k and ts[:k] == self.use_targets:
                out.add(ts[k])
        return out

    def _draw_highlights(self, surface: pygame.Surface, s: InvasionState,
                         step: tuple[Event, InvasionState, InvasionState, float] | None) -> None:
        f = self.frame
        if step is not None:
            wall = step[0].data.get("wall")
            if step[0].kind in ("enemy_smash", "wall", "enemy_move") and wall in s.board.walls:
                a, b = s.board.wall_segment(wall)
                pygame.draw.line(surface, SMASH_RED, f.px(*a), f.px(*b), 3)
            return
        if not self.ctx.human_to_move():
            return
        if s.phase == "build":
            prev = self._split_preview()
            if prev:
                room, axis, at = prev
                x0, y0, x1, y1 = s.board.rooms[room]
                a, b = ((at, y0), (at, y1)) if axis == "v" else ((x0, at), (x1, at))
                draw_wall(surface, f.px(*a), f.px(*b), "S", 99, 2, paper.GOOD)
        elif s.phase == "place":
            if s.place_step() == "enemy":
                side = s.enemy_side()
                gx, gy = f.grid(*self.mouse)
                target = self._enemy_target(gx, gy) if self.sheet_rect().collidepoint(self.mouse) else None
                for r in s.board.rooms_on_side(side):
                    a, b = s.board.wall_segment(f"{r}:{side}")
                    pygame.draw.line(surface, paper.GOOD, f.px(*a), f.px(*b), 7 if r == target else 3)
            else:
                gx, gy = f.grid(*self.mouse)
                room = s.board.room_at(gx, gy)
                if room is not None:
                    self._clip_hatch(surface, MOVE_GREEN, self._room_rect(room))
        elif s.phase == "heroes" and self.use_mode and self.selected in s.heroes:
            for t in self._next_use_targets():
                if t in s.board.rooms:
                    self._clip_hatch(surface, SMASH_RED, self._room_rect(t), 10)
                elif t in s.board.walls:
                    a, b = s.board.wall_segment(t)
                    pygame.draw.line(surface, SMASH_RED, f.px(*a), f.px(*b), 5)
        elif s.phase == "heroes" and self.selected in s.heroes:
            h = s.heroes[self.selected]
            for to in (s.hero_moves(self.selected) if not h.moved else []):
                self._clip_hatch(surface, MOVE_GREEN, self._room_rect(to))
            if not h.acted:
                hover = self._hover_wall()
                for key in self._hero_walls(self.selected):
                    colour = SMASH_RED if s.board.walls[key] == DOUBLE else SEAL_BLUE
                    self._inner_wall(surface, h.room, key, colour, 5 if key == hover else 2)
        elif s.phase == "enemies" and self.selected in s.enemies:
            for to in s.enemy_moves(self.selected):
                self._clip_hatch(surface, (230, 180, 170), self._room_rect(to))
            e = s.enemies[self.selected]
            if not e.acted:
                for key in s.enemy_walls(self.selected):
                    if s.board.walls[key] != OPENING:
                        a, b = s.board.wall_segment(key)
                        pygame.draw.line(surface, SMASH_RED, f.px(*a), f.px(*b), 3)
