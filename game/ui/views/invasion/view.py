"""The Paper Invasion board view: the word, the pencil floor plan, heroes and the horde.

Clicks become actions: in the word step the typed word (its letters shown live; its
numbers and Slots only once it is used, I-S1) or dice, or a game read back from
its text; while building, a click inside a room draws a wall (Space or right click
turns it); while placing, a click in a room (for an enemy: anywhere in the column or
row of the room it should wait outside); in play, click a hero to see where it may go
and what it can do, then click a room (move), a wall of its room (seal or smash) or a
button (kill, loot, Vault item).  The program's enemy turn and every Event are
replayed step by step from the events: the enemy that acts is drawn in red, a moving
enemy slides through its wall, a smashed wall flashes.

``InvasionView`` ties the parts together, each a mixin with one idea: board.py (the sheet
and the tokens), panel.py (the word strip, the buttons, margin and hint), hover.py (what
the board marks under the pointer and for the selection), gestures.py (what input becomes)
and anim.py (the enemy turn step by step).  Here: the fields they share, the lifecycle,
``draw`` putting the parts together, the menu icon and the lesson targets.
"""

from __future__ import annotations

from typing import Any

import pygame

from ....engine import Action, Event
from ....rules.invasion.actions import (
    EndTurn,
    Kill,
    Loot,
    Move,
    PlaceEnemy,
    PlaceEvent,
    PlaceHero,
    PlaceVault,
    Seal,
    Smash,
    Split,
    Use,
)
from ....rules.invasion.board import DOUBLE, OPENING
from ....rules.invasion.state import InvasionState
from ... import paper
from ...view import GameView
from ..invasion_sheet import Frame, draw_wall, token_spots
from .anim import AnimMixin
from .board import BoardMixin
from .gestures import GesturesMixin
from .hover import HoverMixin
from .panel import PLAY_TOP, PanelMixin


class InvasionView(GesturesMixin, PanelMixin, HoverMixin, AnimMixin, BoardMixin, GameView):
    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.selected: int | None = None        # hero (or enemy, for a person playing them)
        self.use_mode = False
        self.use_targets: list[str] = []
        self.axis = "v"
        self.mouse = (-1, -1)
        # the animation: (event, board before, board after, seconds)
        self.queue: list[tuple[Event, InvasionState, InvasionState, float]] = []
        self.timer = 0.0
        self.shown: InvasionState | None = None  # the board while a step animation plays
        self.before = self.ctx.state.clone()
        self.note: str = ""  # a sentence (a message) about the last file written or read
        self.elements: dict[str, Any] = {}
        self.dialog: Any = None
        self._event_buttons: dict[Any, int] = {}  # the extra-Event chooser's buttons (I-X3)
        self._ui_key: object = None
        self.top_h = PLAY_TOP
        self.bottom_h = self.row_h + 14
        self._word_y = 0
        self._suggest_i = -1
        # The word this game put on the used-words list (I-S1): the one typed here, or, for a game
        # continued from a save, the word its first action chose (the app listed it then).
        self._remembered: str | None = self._word_of_saved_game()
        self.frame = Frame.fit(self.sheet_rect())
        self._spots: dict[str, tuple[float, float, float]] = {}
        self._board_surf: pygame.Surface | None = None  # the sheet's pencil drawing, opaque, redrawn on change
        self._board_key: object = None
        self._paper_bg: tuple[tuple[int, ...], pygame.Surface] | None = None
        self._sprites: dict[tuple[Any, ...], pygame.Surface] = {}

    # -- the state shown, the sheet's place, lifecycle -------------------------------------
    @property
    def state(self) -> InvasionState:
        st = self.ctx.state
        assert isinstance(st, InvasionState)
        return st

    def sheet_rect(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.x, r.y + self.top_h, r.w, max(50, r.h - self.top_h - self.bottom_h))

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self._ui_key = None
        self._sync_ui()

    def kill(self) -> None:
        for el in self.elements.values():
            el.kill()
        self.elements = {}
        self._close_dialog()
        self._ui_key = None

    def reset(self) -> None:
        self._forget_undone_word()
        self.selected = None
        self.use_mode = False
        self.use_targets = []
        self.queue = []
        self.shown = None
        self.before = self.ctx.state.clone()
        self._board_key = None
        self._ui_key = None
        self._sync_ui()

    # -- drawing: the board, the highlights, the tokens, the strip above -------------------
    def draw(self, surface: pygame.Surface) -> None:
        s = self.shown or self.state
        surface.blit(self._board(s), self.sheet_rect().topleft)
        self._spots = token_spots(s, self.frame)
        step = self.queue[0] if self.queue else None
        self._draw_highlights(surface, s, step)
        actor = self._step_actor(step)
        if step is not None and step[0].kind == "enemy_move":
            self._slide(step)
        live = self.shown is None and s.phase == "heroes"
        for name, spot in self._spots.items():
            num = int(name[1:]) if name[0] in "HX" else -1
            hl = (name[0] == "H" and num == self.selected and s.phase == "heroes") or \
                 (name[0] == "X" and ((s.phase == "enemies" and num == self.selected) or num == actor))
            # a hero of the side to move that has taken its Action (or can do nothing more) is pale and ticked
            faded = live and name[0] == "H" and num in s.heroes and s.heroes[num].owner == s.hero_player and \
                (s.heroes[num].acted or not s.hero_actions(num))
            self._token(surface, s, name, spot, hl, faded)
        self._draw_top(surface, s)

    @staticmethod
    def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
        r = rect.inflate(-rect.w // 4, -rect.h // 4)
        r.x -= rect.w // 16
        paper.pencil_lines(surface, paper.INK, [r.topleft, r.topright, r.bottomright, r.bottomleft], True, 2, 1)
        mid = r.x + r.w // 2
        draw_wall(surface, (mid, r.y), (mid, r.bottom), DOUBLE, 3)
        draw_wall(surface, (r.x, r.centery), (mid, r.centery), OPENING, 5)
        paper.text(surface, "H", (r.x + r.w // 4, r.y + r.h // 4), max(12, r.h // 4), paper.INK, "center", bold=True)
        rad = max(3, r.h // 14)
        for k in range(3):
            paper.pencil_circle(surface, paper.GRAPHITE, (min(r.right + 4 + rad, rect.right - rad - 2),
                                                         r.y + (k + 1) * r.h // 4), rad, 2, k)

    # -- lessons -------------------------------------------------------------------------
    def lesson_target(self, action: Action) -> pygame.Rect | None:
        """The next click towards ``action``: a button, the hero to select, a room, a wall or a split line."""
        s, f = self.state, self.frame

        def spot(gx: float, gy: float, size: int = 24) -> pygame.Rect:
            r = pygame.Rect(0, 0, size, size)
            r.center = (round(f.px(gx, gy)[0]), round(f.px(gx, gy)[1]))
            return r

        def button(key: str) -> pygame.Rect | None:
            el = self.elements.get(key)
            return pygame.Rect(el.rect) if el is not None else None

        if isinstance(action, EndTurn):
            return button("end")
        if isinstance(action, Split):
            if self.axis != action.axis:
                return button("turn")
            x0, y0, x1, y1 = s.board.rooms[action.room]
            ends = ((action.at, y0), (action.at, y1)) if action.axis == "v" else ((x0, action.at), (x1, action.at))
            (ax, ay), (bx, by) = (f.px(*end) for end in ends)
            line = pygame.Rect(round(min(ax, bx)), round(min(ay, by)), round(abs(bx - ax)), round(abs(by - ay)))
            return line.inflate(14, -26) if action.axis == "v" else line.inflate(-26, 14)  # the wall to be drawn
        if isinstance(action, (PlaceHero, PlaceVault, PlaceEvent)):
            return self._room_rect(action.room, 12)
        if isinstance(action, PlaceEnemy):
            (ax, ay), (bx, by) = s.board.wall_segment(f"{action.room}:{action.side}")
            return spot((ax + bx) / 2, (ay + by) / 2)
        hero = getattr(action, "hero", None)
        if isinstance(action, (Move, Kill, Loot, Seal, Smash, Use)) and hero in s.heroes:
            if self.selected != hero:
                name = f"H{hero}" if f"H{hero}" in self._spots else None
                return spot(*f.grid(*self._spots[name][:2]), 30) if name else None
            if isinstance(action, Move):
                return self._room_rect(action.to, 12)
            if isinstance(action, (Kill, Loot)):
                return button("kill" if isinstance(action, Kill) else "loot")
            if isinstance(action, Use):
                if not self.use_mode:
                    return button("use")
                picks = [t for t in (action.target, action.target2) if t][len(self.use_targets):]
                if not picks:
                    return None
                if picks[0] in s.board.rooms:
                    return self._room_rect(picks[0], 12)
                (ax, ay), (bx, by) = s.board.wall_segment(picks[0])
                return spot((ax + bx) / 2, (ay + by) / 2, 20)
            (ax, ay), (bx, by) = s.board.wall_segment(action.wall)
            return spot((ax + bx) / 2, (ay + by) / 2, 20)
        return None
