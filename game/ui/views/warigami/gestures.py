"""What a click, a key or a button of the Warigami board becomes.

Click one of your units to select it, a square it reaches to move there; an enemy is attacked
with two clicks (the first takes aim, the second click or Enter fires: always, on every turn and
for every seat).  H (or the Heal button) with a medic selected, then a click on a hurt friend next
to it, heals.  E or Enter ends the turn.  Squads are typed in secret (keys 1-5, Backspace, Enter),
then placed by clicking free squares of the start zone.  The wheel, the arrow keys and a middle
drag scroll a board bigger than the window.  Every decision is the rules' (``ctx.submit``).
"""

from __future__ import annotations

import pygame

from ....engine import IllegalAction
from ....msg import M, Mn
from ....rules.warigami.state import MOVE, SETUP, SQUAD, Attack, EndTurn, Heal, Move, Place, Squad, Unit
from ....rules.warigami.tables import KINDS, WEAPONS
from .board import Square, WarigamiBoard


class WarigamiGestures(WarigamiBoard):
    """Turns events and button presses into actions (or a refusal that names its rule)."""

    # -- the squad and the unit types ---------------------------------------------------------
    def _own_draft(self) -> list[str]:
        """The draft squad of the seat to move (cleared whenever another seat is to choose)."""
        if self._draft_seat != self.s.player or self.s.phase != SQUAD:
            self.draft, self._draft_seat = [], self.s.player
        return self.draft

    def _medic(self) -> Unit | None:
        """The selected unit if it is a medic of the seat to move (the Heal button needs one)."""
        s = self.s
        sel = s.units.get(self.selected) if self.selected is not None else None
        if sel is None or sel.owner != s.player or not WEAPONS[sel.kind].heals or s.phase in (SETUP, SQUAD):
            return None
        return sel

    def _toggle_heal(self) -> bool:
        medic = self._medic()
        if medic is None:
            self.ctx.refuse(M("Select one of your medics first: only a medic heals."), "W-H5")
            return False
        if medic.acted:
            self.ctx.refuse(M("{unit} has already acted this turn.", unit=medic.label()), "W-T3")
            return False
        self.healing = not self.healing
        self.pending = None
        self._sync_widgets()
        return True

    def _pick_kind(self, kind: str) -> bool:
        """A unit type chosen (button or key): added to the draft squad, or the type to place next."""
        s = self.s
        if s.phase == SQUAD:
            draft, n = self._own_draft(), int(s.game.settings["units"])
            if len(draft) >= n:
                self.ctx.refuse(Mn("The squad is complete ({n} unit): Backspace takes the last one back.",
                                   "The squad is complete ({n} units): Backspace takes the last one back.", n), "W-B2")
                return False
            draft.append(kind)
        elif kind not in s.reserve[s.player]:
            self.ctx.refuse(M("Your squad has no {unit} left to place.", unit=WEAPONS[kind].label), "W-B2")
            return False
        else:
            self.kind = kind
        self._sync_widgets()
        return True

    def _squad_ready(self) -> bool:
        draft = self._own_draft()
        n = int(self.s.game.settings["units"])
        if len(draft) != n:
            self.ctx.refuse(Mn("Choose {n} more unit first.", "Choose {n} more units first.", n - len(draft)), "W-B2")
            return False
        ok = self.ctx.submit(Squad(tuple(draft)))
        if ok:
            self.draft = []
        return ok

    # -- input --------------------------------------------------------------------------------
    def _scroll_event(self, event: pygame.event.Event) -> bool | None:
        """The wheel, the arrow keys and a middle-button drag scroll a board bigger than the window
        (True when it moved); None for any other event."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 2 and self.viewport.collidepoint(event.pos):
            self._dragging = self.scrollable()
            return None if not self._dragging else False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 2 and self._dragging:
            self._dragging = False
            return False
        if not self.scrollable():
            return None
        if event.type == pygame.MOUSEMOTION and self._dragging:
            return self.scroll_by(-event.rel[0], -event.rel[1])
        if event.type == pygame.MOUSEWHEEL and self.viewport.collidepoint(self._pointer):
            step = self.cell * 2
            dx, dy = -event.x * step, -event.y * step
            if pygame.key.get_mods() & pygame.KMOD_SHIFT:
                dx, dy = dy, dx
            return self.scroll_by(dx, dy)
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if event.type == pygame.KEYDOWN and event.key in arrows:
            dx, dy = arrows[event.key]
            return self.scroll_by(dx * self.cell * 3, dy * self.cell * 3)
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        s = self.s
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
        scrolled = self._scroll_event(event)
        if scrolled is not None:
            if scrolled and self._pointer[0] >= 0:
                self.hover = self.square_at(self._pointer)
            return scrolled
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.square_at(event.pos)
            return False
        if event.type == pygame.KEYDOWN:
            if s.phase == SQUAD:
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    return self._squad_ready()
                if event.key == pygame.K_BACKSPACE and self._own_draft():
                    self.draft.pop()
                    self._sync_widgets()
                    return True
            if event.key == pygame.K_h and s.phase not in (SETUP, SQUAD):
                return self._toggle_heal()
            if event.key in (pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER) and s.phase not in (SETUP, SQUAD):
                if self.pending is not None and event.key != pygame.K_e:
                    return self._confirm()
                return self._end_turn()
            if pygame.K_1 <= event.key <= pygame.K_5 and s.phase in (SETUP, SQUAD):
                return self._pick_kind(KINDS[event.key - pygame.K_1])
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.selected, self.pending, self.healing = None, None, False
            return True
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return False
        sq = self.square_at(event.pos)
        if sq is None:
            return False
        self.hover = sq
        if s.phase == SQUAD:
            return False
        if s.phase == SETUP:
            return self.ctx.submit(Place(self.kind, sq[0], sq[1]))
        return self._click(sq)

    def _ends_movement(self, act: Attack) -> bool:
        """Submit an attack: the first click takes aim, a second click (or Enter) fires; always
        the same two clicks, with or without movement left (W-T2: the first attack ends it)."""
        try:
            self.s.check(act)
        except IllegalAction:
            return self.ctx.submit(act)  # let the rules explain
        if self.pending != act:
            self.pending = act
            return True
        return self._confirm()

    def _click(self, sq: Square) -> bool:
        s = self.s
        u = s.unit_at(sq)
        sel = s.units.get(self.selected) if self.selected is not None else None
        if u is not None and u.owner == s.player:
            if self.healing and sel is not None and u is not sel:
                ok = self.ctx.submit(Heal(sel.id, u.id))  # W-T2 (rev 3): no attack, movement goes on
                if ok:
                    self.healing = False
                return ok
            self.selected, self.pending, self.healing = u.id, None, False
            return True
        if sel is None:
            if u is not None:
                self.ctx.refuse(M("{unit} is not yours: pick one of your own units first.", unit=u.label()))
            return False
        if self.healing:
            self.ctx.refuse(M("A medic heals a unit of its own side: click a hurt friend next to it (H to stop)."), "W-H5")
            return False
        if u is not None:  # an enemy: attack
            return self._ends_movement(Attack(sel.id, u.id))
        if s.phase == MOVE:
            self.pending = None  # moving instead: the aim is dropped
            ok = self.ctx.submit(Move(sel.id, sq[0], sq[1]))
            return ok
        self.ctx.refuse(M("Movement is over for this turn: the first attack ended it."), "W-T2")
        return False

    def _confirm(self) -> bool:
        act, self.pending = self.pending, None
        if act is None:
            return False
        return self.ctx.submit(act)

    def _end_turn(self) -> bool:
        self.pending, self.healing = None, False
        self.selected = None
        return self.ctx.submit(EndTurn())

    def _pressed(self) -> None:
        """The buttons under the board, pressed since the last frame."""
        if self.heal_button is not None and self.heal_button.check_pressed() and self.ctx.human_to_move():
            self._toggle_heal()
        if self.end_button is not None and self.end_button.check_pressed() and self.ctx.human_to_move():
            if self.s.phase == SQUAD:
                self._squad_ready()
            else:
                self._end_turn()
        for k, b in self.kind_buttons.items():
            if b.check_pressed():
                self._pick_kind(k)

    # -- lessons -------------------------------------------------------------------------------
    def lesson_target(self, action: object) -> pygame.Rect | None:
        """The next click towards ``action``: a unit-type button, the unit to select, its target square
        (clicked again to confirm an attack), or End turn."""
        s = self.s
        if isinstance(action, EndTurn):
            return self.end_button.rect if self.end_button is not None else None
        if isinstance(action, Place):
            if action.kind != self.kind and action.kind in self.kind_buttons:
                return self.kind_buttons[action.kind].rect
            self.show_squares([(action.x, action.y)])
            return self.sq_rect((action.x, action.y))
        if isinstance(action, (Move, Attack, Heal)):
            me = s.units.get(action.unit)
            if me is None:
                return None
            if self.selected != action.unit:
                self.show_squares([me.sq])
                return self.sq_rect(me.sq)
            if isinstance(action, Heal) and not self.healing:
                return self.heal_button.rect if self.heal_button is not None else None
            if isinstance(action, Move):
                self.show_squares([me.sq, (action.x, action.y)])
                return self.sq_rect((action.x, action.y))
            other = s.units.get(action.target)
            if other is None:
                return None
            self.show_squares([me.sq, other.sq])
            return self.sq_rect(other.sq)
        return None
