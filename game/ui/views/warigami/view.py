"""Warigami Tactics board view (``WarigamiView``): a squared sheet, origami soldiers, odds you can read
before you roll.

Click one of your units to see every square it can reach (with the pool left after the move);
click a square to move there.  Hover an enemy to see the line of sight, the distance, s:6 and what
each die face would do; click it twice to attack (the first click takes aim, the second click or
Enter fires: always, whether or not movement is left, on every turn and for every seat, so a
habitual second click is never refused).  Healing is an explicit choice: with a medic selected
press H (or the Heal button), then click an orthogonally adjacent hurt friend; a plain click on a
friend selects it.  A heal is no attack (W-T2 rev 3): it uses the medic's action and movement goes
on.  The die stays on the board until the next action.  E or Enter (or the button) ends the turn.
Squads are chosen in secret first (buttons or keys 1-5 add a unit, Backspace takes the last one
back, Enter when complete), then placed: pick a unit type of your squad and click free squares of
your start zone.

The view is its parts, one idea to a module: board.py (the sheet and the units on it, squares <->
pixels, scrolling), gestures.py (what a click, key or button becomes), hover.py (the odds box over
an enemy), panel.py (the buttons and the margin's words) and anim.py (a move walking, the die
rolling).  This class holds the view's data and composes the frame.
"""

from __future__ import annotations

import pygame
import pygame_gui

from ....msg import M
from ....rules.warigami.state import MOVE, Attack
from ... import paper
from .anim import WarigamiAnim
from .board import MIN_CELL, Square
from .hover import WarigamiHover
from .panel import WarigamiPanel


class WarigamiView(WarigamiAnim, WarigamiPanel, WarigamiHover):
    """Draws the board in ``self.rect``; turns clicks, keys and buttons into actions."""

    def __init__(self, ctx: object) -> None:
        super().__init__(ctx)  # type: ignore[arg-type]
        self.cell = 40.0
        self.origin = (0.0, 0.0)
        #: The part of the view the board shows in; a board bigger than it scrolls by ``scroll``.
        self.viewport = pygame.Rect(0, 0, 1, 1)
        self.scroll = (0, 0)
        self._dragging = False
        self._pointer = (-1, -1)
        self._focus_key: object = None  # whose units the scrolled view last looked for
        self.selected: int | None = None
        self.hover: Square | None = None
        self.kind = "smg"
        self.draft: list[str] = []  # W-B2: the squad being chosen (this seat's secret, never drawn for others)
        self._draft_seat = -1
        self.pending: Attack | None = None  # an attack that ends movement, waiting for its confirmation
        self.healing = False  # the heal cursor: the next click on a hurt friend heals it (W-H5)
        self.last_roll: dict[str, object] | None = None  # the settled die, shown until the next action
        self._reach: dict[Square, int] = {}
        self._reach_key: object = None
        self.anims: list[dict[str, object]] = []
        self._figures: dict[tuple[str, int, int], pygame.Surface] = {}
        self._board_surf: pygame.Surface | None = None
        self._board_key: object = None
        self._layer: pygame.Surface | None = None  # the sheet with every unit standing still on it
        self._layer_key: object = None
        self._splash_tint: pygame.Surface | None = None
        self._marked: pygame.Surface | None = None
        self._marked_key: object = None
        self.end_button: pygame_gui.elements.UIButton | None = None
        self.heal_button: pygame_gui.elements.UIButton | None = None
        self.kind_buttons: dict[str, pygame_gui.elements.UIButton] = {}

    # -- lifecycle ---------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        b = self.s.board
        bar = self.ui_px(52)
        self.viewport = pygame.Rect(rect.x + 10, rect.y + 10, max(1, rect.w - 20), max(1, rect.h - bar - 20))
        fit = min(self.viewport.w / b.width, self.viewport.h / b.height)
        # Never smaller than a readable unit: a board that does not fit scrolls (the huge map).
        self.cell = max(fit, float(max(MIN_CELL, self.ui_px(MIN_CELL))))
        self._place(self.scroll)
        self._board_key = None
        self._figures.clear()
        self._build_widgets()

    def reset(self) -> None:
        self.selected, self.pending, self.anims, self.healing, self.last_roll = None, None, [], False, None
        self._reach_key = None
        self._board_key = None

    def update(self, dt: float) -> None:
        self._focus()
        self._advance(dt)
        self._pressed()
        self._sync_widgets()

    # -- drawing: the parts in order ------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        moving = self.anims[0] if self.anims and self.anims[0]["kind"] == "move" else None
        moving_id = int(moving["unit"]) if moving is not None else None  # type: ignore[call-overload]
        human = self.ctx.human_to_move()
        clip = surface.get_clip()
        surface.set_clip(self.viewport.clip(clip))  # a board that scrolls stays in its part of the window
        surface.blit(self.marked_layer(moving_id, human), (round(self.origin[0]), round(self.origin[1])))
        shot = self.hovered_shot() if human and not self.anims else None
        if shot is not None and not shot[1].problem:
            self._draw_splash(surface, shot[1])
        if moving is not None and moving_id in s.units:
            self._draw_unit(surface, s.units[moving_id], self._path_pos(moving), self.origin)
        if self.selected in s.units:
            r = self.sq_rect(s.units[self.selected].sq)
            paper.pencil_lines(surface, paper.INK, [r.topleft, r.topright, r.bottomright, r.bottomleft], True, 3)
        if shot is not None:
            self._draw_shot(surface, shot[0], shot[1])
        if self.anims and self.anims[0]["kind"] == "roll":
            self._draw_roll(surface, self.anims[0])
        elif not self.anims and self.last_roll is not None:
            self._draw_roll(surface, self.last_roll)
        surface.set_clip(clip)
        if self.scrollable():
            self._draw_scrollbars(surface)
        if s.phase == MOVE and s.pool > 0 and not s.is_over() and not self.replaying:
            # TRANSLATORS: the spaces left in the side's movement pool, beside the buttons
            paper.text(surface, M("Pool: {pool}", pool=s.pool), self._pool_at(), self.ui_px(24), paper.INK, bold=True,
                       anchor="midleft")
