"""Paper Invasion's board: the pencil floor plan on the paper and the tokens on it.

The sheet's grid, walls and room letters (drawn by invasion_sheet.py, as on the game sheet) are
cached as one opaque layer, redrawn only when a wall, a room or the layout changes; tokens come
from small cached sprites.  Here too the room and wall marks the hover and selection highlights
(hover.py) draw on top.
"""

from __future__ import annotations

import pygame

from ....rules.invasion.state import InvasionState
from ... import paper
from ..invasion_sheet import Frame, draw_board, draw_token

SEAL_BLUE = (70, 130, 200)
SMASH_RED = (200, 90, 60)
MOVE_GREEN = (150, 200, 165)


class BoardMixin:
    """The board part of InvasionView: the cached sheet layer, token sprites, hatched rooms and wall marks."""

    # -- drawing ----------------------------------------------------------------------
    def _board(self, s: InvasionState) -> pygame.Surface:
        """The sheet area with its grid, walls and room letters on the paper: cached until a wall,
        a room or the layout changes, and opaque, so that the frame only copies it."""
        area = self.sheet_rect()
        key = (tuple(sorted(s.board.walls.items())), tuple(sorted(s.board.rooms.items())), tuple(area),
               (self.frame.x, self.frame.y, self.frame.scale))
        if self._board_surf is None or self._board_key != key:
            if self._paper_bg is None or self._paper_bg[0] != tuple(area):
                # the paper under the sheet area, once per layout, in the display's pixel format
                app = getattr(self.ctx, "app", None)
                sheet = app.paper() if app is not None else None
                if sheet is not None and sheet.get_rect().contains(area):
                    bg = sheet.subsurface(area).copy()
                else:
                    bg = pygame.Surface(area.size)
                    bg.fill(paper.PAPER)
                if pygame.display.get_surface() is not None:
                    bg = bg.convert()
                self._paper_bg = (tuple(area), bg)
                self._board_surf = bg.copy()
            surf = self._board_surf
            assert surf is not None
            surf.blit(self._paper_bg[1], (0, 0))
            draw_board(surf, s, Frame(self.frame.x - area.x, self.frame.y - area.y, self.frame.scale), tokens=False)
            self._board_key = key
        return self._board_surf

    def _token(self, surface: pygame.Surface, s: InvasionState, name: str, spot: tuple[float, float, float],
               hl: bool, faded: bool) -> None:
        """Draw a token from a small cached sprite (pencil circles are slow to draw every frame)."""
        x, y, size = spot
        hero = s.heroes.get(int(name[1:])) if name[0] == "H" else None
        owner, item = (hero.owner, hero.item) if hero else (0, False)
        key = (name, int(size), hl, faded, owner, item, s.game.hero_players)
        img = self._sprites.get(key)
        if img is None:
            w = int(size * 2.6) + 12
            img = pygame.Surface((w, w), pygame.SRCALPHA)
            draw_token(img, s, name, (w / 2, w / 2, int(size)), hl, faded=faded)
            if len(self._sprites) > 600:
                self._sprites.clear()
            self._sprites[key] = img
        surface.blit(img, (int(x - img.get_width() / 2), int(y - img.get_height() / 2)))

    def _clip_hatch(self, surface: pygame.Surface, colour: tuple[int, int, int], r: pygame.Rect,
                    spacing: int = 14) -> None:
        clip = surface.get_clip()
        surface.set_clip(r.clip(clip))
        paper.hatch(surface, colour, r, spacing)
        surface.set_clip(clip)

    def _room_rect(self, room: str, inset: int = 6) -> pygame.Rect:
        f = self.frame
        x0, y0, x1, y1 = self.state.board.rooms[room] if room in self.state.board.rooms else (0, 0, 0, 0)
        return pygame.Rect(*f.px(x0, y0), (x1 - x0) * f.scale, (y1 - y0) * f.scale).inflate(-inset, -inset)

    def _inner_wall(self, surface: pygame.Surface, room: str, key: str, colour: tuple[int, int, int],
                    width: int) -> None:
        """A coloured line just inside ``room`` along its wall ``key`` (the wall's own state stays visible)."""
        s = self.state
        f = self.frame
        (ax, ay), (bx, by) = s.board.wall_segment(key)
        cx, cy = s.board.centre(room)
        off = 7
        if ax == bx:
            dx = off if cx > ax else -off
            a, b = f.px(ax, ay), f.px(bx, by)
            pygame.draw.line(surface, colour, (a[0] + dx, a[1] + 8), (b[0] + dx, b[1] - 8), width)
        else:
            dy = off if cy > ay else -off
            a, b = f.px(ax, ay), f.px(bx, by)
            pygame.draw.line(surface, colour, (a[0] + 8, a[1] + dy), (b[0] - 8, b[1] + dy), width)
