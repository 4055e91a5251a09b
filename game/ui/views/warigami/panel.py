"""What the Warigami view says beside and under the board.

The buttons along the board's bottom edge (End turn or Squad ready, Heal, the five unit types,
labelled to fit their width), "Pool: N" beside them, the margin's lines (the squads' progress, the
pool, the round, each side's units and HP, the selected unit) and the hint line.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pygame_gui

from ....rules.warigami.actions import squad_words
from ....rules.warigami.state import MOVE, SETUP, SQUAD
from ....rules.warigami.tables import KINDS, WEAPONS
from .board import TAGS
from .gestures import WarigamiGestures


class WarigamiPanel(WarigamiGestures):
    """The buttons, kept in step with the state (``_sync_widgets``), and the margin's words."""

    # -- the buttons under the board ------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.kill()
        ui = getattr(self.ctx, "ui", None)
        if ui is None:
            return
        y = self.rect.bottom - self.ui_px(46)
        box = getattr(self.ctx, "box", None)
        step = self._button_step()
        self.end_button = pygame_gui.elements.UIButton(pygame.Rect(self.rect.x + 10, y, min(self.ui_px(150),
                                                                                       round(step * 1.27)),
                                                                   self.ui_px(38)),
                                                       "End turn", ui,
                                                       container=box, tool_tip_text="E or Enter")
        self.heal_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.rect.x + 10 + self.ui_px(160), y, self.ui_px(110), self.ui_px(38)), "Heal (H)", ui,
            container=box,
            tool_tip_text="Then click a hurt unit of yours next to the medic: up, down, left or right, not diagonal.")
        x = self.rect.x + 10
        for i, k in enumerate(KINDS):
            self.kind_buttons[k] = pygame_gui.elements.UIButton(pygame.Rect(x + i * step, y, step - self.ui_px(8),
                                                                            self.ui_px(38)),
                                                                f"{i + 1} {WEAPONS[k].label}", ui,
                                                                container=box)
        self._sync_widgets()

    def _button_step(self) -> int:
        """The spacing of the five unit buttons and "Squad ready" along the board's bottom edge (they
        share its width, so a small window never pushes them under the margin)."""
        return min(self.ui_px(118), int((self.rect.w - 20) / 6.3))

    def kill(self) -> None:
        if self.end_button is not None:
            self.end_button.kill()
            self.end_button = None
        if self.heal_button is not None:
            self.heal_button.kill()
            self.heal_button = None
        for b in self.kind_buttons.values():
            b.kill()
        self.kind_buttons = {}

    def _sync_widgets(self) -> None:
        if self.replaying:  # a recorded point: nothing to press
            for b in (self.end_button, self.heal_button, *self.kind_buttons.values()):
                if b is not None:
                    b.hide()
            return
        s = self.s
        setup = s.phase == SETUP and not s.is_over()
        squad = s.phase == SQUAD
        human = self.ctx.human_to_move()
        n = int(s.game.settings["units"])
        if self.end_button is not None:
            if setup:
                self.end_button.hide()
            else:
                self.end_button.show()
                label = "Squad ready" if squad else "End turn"
                font = getattr(self.end_button, "font", None)
                if squad and font is not None and font.size(label)[0] > self.end_button.rect.w - 8:
                    label = "Ready"  # a narrow window: the short word (the tooltip says it in full)
                if self.end_button.text != label:
                    self.end_button.set_text(label)
                    self.end_button.set_tooltip("Squad ready: E or Enter" if squad else "E or Enter")
                    y = self.rect.bottom - self.ui_px(46)
                    self.end_button.set_position((self.rect.x + 10 + 5 * self._button_step(), y) if squad
                                                 else (self.rect.x + 10, y))
                ready = not squad or len(self._own_draft()) == n
                if human and not s.is_over() and ready:
                    self.end_button.enable()
                else:
                    self.end_button.disable()
        if self.heal_button is not None:
            medic = self._medic()
            if human and medic is not None and not s.is_over():
                self.heal_button.show()
                if medic.acted:
                    self.heal_button.disable()
                else:
                    self.heal_button.enable()
                if self.healing and not self.heal_button.is_selected:
                    self.heal_button.select()
                elif not self.healing and self.heal_button.is_selected:
                    self.heal_button.unselect()
            else:
                self.heal_button.hide()
        left = s.reserve[s.player] if setup else []
        if setup and left and self.kind not in left:
            self.kind = next(k for k in KINDS if k in left)
        for i, (k, b) in enumerate(self.kind_buttons.items()):
            if (setup or squad) and human:
                count = f" x{left.count(k)}" if setup else ""
                label = self.fitting(b, [f"{i + 1} {WEAPONS[k].label}{count}", f"{i + 1} {TAGS[k]}{count}",
                                         f"{TAGS[k]}{count}", f"{i + 1} {TAGS[k]}"])
                if b.text != label:
                    b.set_text(label)
                b.show()
                if setup and k not in left:
                    b.disable()
                else:
                    b.enable()
                if setup and k == self.kind and not b.is_selected:
                    b.select()
                elif (squad or k != self.kind) and b.is_selected:
                    b.unselect()
            else:
                b.hide()

    @staticmethod
    def fitting(button: pygame_gui.elements.UIButton, labels: Sequence[str]) -> str:
        """The first of ``labels`` the button shows whole in its own font (at any UI scale); the
        type's full name first, its tag (SHT for Shotgun) on a narrow button."""
        font = getattr(button, "font", None)
        room = button.relative_rect.width - 8
        for label in labels:
            if font is None or font.size(label)[0] <= room:
                return label
        return labels[-1]

    def _pool_at(self) -> tuple[int, int]:
        """Where 'Pool: N' is written: right of the Heal button's place (shown or not, so the words
        never jump when a medic is selected), on the buttons' row, at the UI scale."""
        x = self.rect.x + 10 + self.ui_px(160)
        if self.heal_button is not None:
            x = self.heal_button.relative_rect.right
        if self.end_button is not None:
            x = max(x, self.end_button.relative_rect.right)
        return x + self.ui_px(14), self.rect.bottom - self.ui_px(46) + self.ui_px(19)

    # -- text ---------------------------------------------------------------------------------------
    def margin_lines(self) -> list[str]:
        s = self.s
        out: list[str] = []
        if s.phase == SQUAD:  # W-B2: who is ready, never what they chose
            out.append("Squads are chosen in secret: " + ", ".join(
                f"{s.game.player_name(i)} {'ready' if q is not None else 'choosing'}" for i, q in enumerate(s.squads)))
            if self.ctx.human_to_move():
                draft, n = self._own_draft(), int(s.game.settings["units"])
                out.append(f"Your squad ({len(draft)} of {n}): {squad_words(draft)}")
                out.append("Keys 1-5 add a unit, Backspace takes the last back, Enter when complete.")
        elif s.phase == SETUP:
            out.append("Placing in turn: " + ", ".join(f"{s.game.player_name(i)} {n} to place"
                                                      for i, n in enumerate(s.to_place)))
            if not self.replaying and self.ctx.human_to_move():  # the person's own pick, on their turn
                out.append(f"Placing: {WEAPONS[self.kind].label} (keys 1-5)")
            for i, q in enumerate(s.squads):
                out.append(f"{s.game.player_name(i)}'s squad: {squad_words(q or ())}")
        else:
            limit = int(s.game.settings["round_limit"])
            if not s.is_over():
                if s.phase == MOVE and s.pool > 0:  # the pool only while movement is possible (W-T2)
                    out.append(f"Movement pool: {s.pool} (2 per living unit)")
                out.append("Phase: " + ("movement" if s.phase == MOVE else "attack (movement over)"))
                out.append(f"Round {s.round}" + (f" of {limit}" if limit else ""))
                mine = s.units_of(s.player)
                acted = sum(1 for u in mine if u.acted)
                if acted and s.phase != SETUP:
                    out.append(f"Ticked, faded units have acted this turn ({acted} of {len(mine)})")
            else:
                played = min(s.round, limit) if limit else s.round
                out.append(f"{played} round{'s' if played != 1 else ''} played"
                           + (" (the round limit)" if s.round_limit_reached() else ""))
            for i in range(s.game.num_players):
                mine = s.units_of(i)
                out.append(f"{s.game.player_name(i)}: {len(mine)} units, {sum(u.hp for u in mine)} HP")
        sel = s.units.get(self.selected) if self.selected is not None else None
        if sel is not None:
            w = WEAPONS[sel.kind]
            left = f", moves left {w.move_limit - sel.moved}" if w.move_limit and s.phase == MOVE else ""
            out.append(f"Selected: {sel.label()} {sel.hp} HP{left}{' (done)' if sel.acted else ''}")
            if s.phase == MOVE and sel.owner == s.player:
                out.append("Moves through your own units (not onto them), never through enemies or walls")
            if w.heals:
                out.append("Heals +2 a friend next to it: up, down, left or right (H); movement goes on")
            elif w.close_power:
                out.append(f"Close blast {w.close_power} only up, down, left or right of it")
            elif w.splash:
                out.append(f"Splash {w.splash}: all 8 squares round the target")
        if s.game.settings["criticals"]:
            out.append("Criticals and knicks: on")
        return out

    def hint(self) -> str:
        s = self.s
        if s.is_over():
            return ""
        if s.phase == SQUAD:
            return "Choose your squad in secret: 1-5 add a unit, Backspace takes one back, Enter when complete."
        if s.phase == SETUP:
            return f"Pick a unit type (1-5), then click a free square of your start zone ({WEAPONS[self.kind].label})."
        if self.pending is not None:
            if self.s.phase == MOVE:
                return "Attacking ends movement for this turn: click the target again (or Enter) to fire."
            return "Click the target again (or Enter) to fire."
        if self.healing:
            return ("Heal: click a hurt unit of yours next to the medic (up, down, left or right; a diagonal "
                    "is distance 2). H or right click to stop.")
        if self.selected is None:
            more = " Wheel, arrow keys or a middle drag scroll the map." if self.scrollable() else ""
            return "Click one of your units. E or Enter ends the turn." + more
        if s.phase == MOVE:
            medic = " H: heal." if self._medic() is not None else ""
            return ("Click a green square to move (numbers: pool left), hover an enemy to see the odds, "
                    "click it twice to attack." + medic)
        return "Hover an enemy to see the odds, click it twice to attack; a medic heals with H. E ends the turn."
