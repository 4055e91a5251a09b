"""What the Warigami view says beside and under the board.

The buttons along the board's bottom edge (End turn or Squad ready, Heal, the five unit types,
labelled to fit their width), "Pool: N" beside them, the margin's lines (the squads' progress, the
pool, the round, each side's units and HP, the selected unit) and the hint line.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pygame_gui

from ....i18n import tr
from ....msg import M, Mn, Mp, Msg
from ....rules.warigami.actions import listing, squad_msg
from ....rules.warigami.state import MOVE, SETUP, SQUAD, Unit
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
                                                       tr(Mp("button", "End turn")), ui,
                                                       container=box, tool_tip_text=tr(M("E or Enter")))
        self.heal_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.rect.x + 10 + self.ui_px(160), y, self.ui_px(110), self.ui_px(38)),
            tr(Mp("button", "Heal (H)")), ui, container=box,
            tool_tip_text=tr(M("Then click a hurt unit of yours next to the medic: up, down, left or right, "
                               "not diagonal.")))
        x = self.rect.x + 10
        for i, k in enumerate(KINDS):
            self.kind_buttons[k] = pygame_gui.elements.UIButton(pygame.Rect(x + i * step, y, step - self.ui_px(8),
                                                                            self.ui_px(38)),
                                                                tr(_key_label(i + 1, WEAPONS[k].label)), ui,
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
                label = tr(Mp("button", "Squad ready") if squad else Mp("button", "End turn"))
                font = getattr(self.end_button, "font", None)
                if font is not None and font.size(label)[0] > self.end_button.rect.w - 8:
                    # a narrow window: the short word (the tooltip says it in full); English never needs it
                    # for End turn, a longer language may ("Lopeta vuoro")
                    label = tr(Mp("button", "Ready") if squad else Mp("button", "End"))
                if self.end_button.text != label:
                    self.end_button.set_text(label)
                    self.end_button.set_tooltip(tr(M("Squad ready: E or Enter") if squad else M("E or Enter")))
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
                name, tag = WEAPONS[k].label, TAGS[k]
                if setup:
                    n = left.count(k)
                    labels = [_count_label(i + 1, name, n), _count_label(i + 1, tag, n),
                              Mp("button", "{unit} x{n}", unit=tag, n=n), _key_label(i + 1, tag)]
                else:
                    labels = [_key_label(i + 1, name), _key_label(i + 1, tag), tag, _key_label(i + 1, tag)]
                label = self.fitting(b, [tr(x) for x in labels])
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
        names = s.game.player_name
        if s.phase == SQUAD:  # W-B2: who is ready, never what they chose
            seats: list[Msg] = []
            for i, q in enumerate(s.squads):
                seats.append(M("{who} ready", who=names(i)) if q is not None else M("{who} choosing", who=names(i)))
            out.append(M("Squads are chosen in secret: {seats}", seats=listing(seats)))
            if self.ctx.human_to_move():
                draft, n = self._own_draft(), int(s.game.settings["units"])
                # TRANSLATORS: {k} units chosen of {n}; {squad} lists them ("3 SMG, 1 RPG")
                out.append(M("Your squad ({k} of {n}): {squad}", k=len(draft), n=n, squad=squad_msg(draft)))
                out.append(M("Keys 1-5 add a unit, Backspace takes the last back, Enter when complete."))
        elif s.phase == SETUP:
            seats = []
            for i, n in enumerate(s.to_place):
                # TRANSLATORS: {who} is a player, {n} how many of their units are still to be placed
                seats.append(M("{who} {n} to place", who=names(i), n=n))
            out.append(M("Placing in turn: {seats}", seats=listing(seats)))
            if not self.replaying and self.ctx.human_to_move():  # the person's own pick, on their turn
                out.append(M("Placing: {unit} (keys 1-5)", unit=WEAPONS[self.kind].label))
            for i, q in enumerate(s.squads):
                # TRANSLATORS: a player's squad: "Player 1's squad: 3 SMG, 1 RPG"
                out.append(M("{who}'s squad: {squad}", who=names(i), squad=squad_msg(q or ())))
        else:
            limit = int(s.game.settings["round_limit"])
            if not s.is_over():
                if s.phase == MOVE and s.pool > 0:  # the pool only while movement is possible (W-T2)
                    out.append(M("Movement pool: {pool} (2 per living unit)", pool=s.pool))
                out.append(M("Phase: movement") if s.phase == MOVE else M("Phase: attack (movement over)"))
                # TRANSLATORS: the round being played, and the round limit
                out.append(M("Round {n} of {limit}", n=s.round, limit=limit) if limit else M("Round {n}", n=s.round))
                mine = s.units_of(s.player)
                acted = sum(1 for u in mine if u.acted)
                if acted and s.phase != SETUP:
                    # TRANSLATORS: {k} of the player's {n} units have acted
                    out.append(M("Ticked, faded units have acted this turn ({k} of {n})", k=acted, n=len(mine)))
            else:
                played = min(s.round, limit) if limit else s.round
                if s.round_limit_reached():
                    out.append(Mn("{n} round played (the round limit)", "{n} rounds played (the round limit)", played))
                else:
                    out.append(Mn("{n} round played", "{n} rounds played", played))
            for i in range(s.game.num_players):
                mine = s.units_of(i)
                # TRANSLATORS: a player, their units on the field and their hit points in all
                out.append(Mn("{who}: {n} unit, {hp} HP", "{who}: {n} units, {hp} HP", len(mine),
                              who=names(i), hp=sum(u.hp for u in mine)))
        sel = s.units.get(self.selected) if self.selected is not None else None
        if sel is not None:
            out.append(self._selected_line(sel))
            w = WEAPONS[sel.kind]
            if s.phase == MOVE and sel.owner == s.player:
                out.append(M("Moves through your own units (not onto them), never through enemies or walls"))
            if w.heals:
                out.append(M("Heals +2 a friend next to it: up, down, left or right (H); movement goes on"))
            elif w.close_power:
                out.append(M("Close blast {power} only up, down, left or right of it", power=w.close_power))
            elif w.splash:
                out.append(M("Splash {d}: all 8 squares round the target", d=w.splash))
        if s.game.settings["criticals"]:
            out.append(M("Criticals and knicks: on"))
        return out

    def _selected_line(self, u: Unit) -> Msg:
        """'Selected: RPG #3 10 HP, moves left 2 (done)'."""
        w = WEAPONS[u.kind]
        unit, hp, done = u.label(), u.hp, u.acted
        if w.move_limit and self.s.phase == MOVE:
            left = w.move_limit - u.moved
            if done:
                # TRANSLATORS: the selected unit ("RPG #3"), its hit points and the spaces it may still move
                return M("Selected: {unit} {hp} HP, moves left {left} (done)", unit=unit, hp=hp, left=left)
            return M("Selected: {unit} {hp} HP, moves left {left}", unit=unit, hp=hp, left=left)
        if done:
            return M("Selected: {unit} {hp} HP (done)", unit=unit, hp=hp)
        # TRANSLATORS: the selected unit ("SMG #2") and its hit points
        return M("Selected: {unit} {hp} HP", unit=unit, hp=hp)

    def hint(self) -> str:
        s = self.s
        if s.is_over():
            return ""
        if s.phase == SQUAD:
            return M("Choose your squad in secret: 1-5 add a unit, Backspace takes one back, Enter when complete.")
        if s.phase == SETUP:
            # TRANSLATORS: {unit} is the unit type picked now ("Sniper")
            return M("Pick a unit type (1-5), then click a free square of your start zone ({unit}).",
                     unit=WEAPONS[self.kind].label)
        if self.pending is not None:
            if self.s.phase == MOVE:
                return M("Attacking ends movement for this turn: click the target again (or Enter) to fire.")
            return M("Click the target again (or Enter) to fire.")
        if self.healing:
            return M("Heal: click a hurt unit of yours next to the medic (up, down, left or right; a diagonal "
                     "is distance 2). H or right click to stop.")
        if self.selected is None:
            if self.scrollable():
                return M("Click one of your units. E or Enter ends the turn. Wheel, arrow keys or a middle drag "
                         "scroll the map.")
            return M("Click one of your units. E or Enter ends the turn.")
        if s.phase == MOVE:
            if self._medic() is not None:
                return M("Click a green square to move (numbers: pool left), hover an enemy to see the odds, "
                         "click it twice to attack. H: heal.")
            return M("Click a green square to move (numbers: pool left), hover an enemy to see the odds, "
                     "click it twice to attack.")
        return M("Hover an enemy to see the odds, click it twice to attack; a medic heals with H. E ends the turn.")


def _key_label(key: int, unit: str) -> Msg:
    """'3 Sniper': a unit type's button, with the key that picks it."""
    # TRANSLATORS: a unit type's button: the key that picks it, then the type's name or tag
    return Mp("button", "{key} {unit}", key=key, unit=unit)


def _count_label(key: int, unit: str, n: int) -> Msg:
    """'3 Sniper x2': a unit type's button while placing, with how many are left to place."""
    # TRANSLATORS: a unit type's button while placing: its key, its name or tag and how many are left
    return Mp("button", "{key} {unit} x{n}", key=key, unit=unit, n=n)

