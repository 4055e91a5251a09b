"""Paper Invasion's panels: the word strip above the sheet, the buttons under it, margin and hint.

In the word step the strip holds the word entry, the options (reversed, two letters in, the dice,
Suggest) and the six cells of the word (its letters live; its numbers and Slots only once it is
used, I-S1).  Once the word is chosen, the strip shows the word's table and what is going on
(the enemy step being shown, or the selected hero's or enemy's choices).  The buttons under the
sheet are pygame_gui widgets rebuilt only when the step changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui

from ....rules.invasion.actions import (
    EGrab,
    EMove,
    ESmash,
    Kill,
    Loot,
    Move,
    Seal,
    Smash,
    Use,
)
from ....rules.invasion.board import DOUBLE, OPENING, STATE_NAMES
from ....rules.invasion.slots import (
    OPTION_LABELS,
    fold,
    word_table,
)
from ....rules.invasion.state import InvasionState
from ... import paper
from ...widgets import TextField
from ..invasion_sheet import Frame
from .anim import STEP_KINDS

ROW_H = 34         # button height
GAP = 8
PLAY_TOP = 72      # the word / Slots strip above the sheet once the word is chosen


class PanelMixin:
    """The panel part of InvasionView: the widgets (``elements``), the strip above the sheet, margin and hint."""

    def _make_button(self, key: str, label: str, tip: str = "", min_w: int = 84) -> tuple[str, Any, int]:
        el = pygame_gui.elements.UIButton(pygame.Rect(0, 0, -1, self.row_h), label, self.ctx.ui, tool_tip_text=tip or None,
                                          container=self._box())
        w = max(min_w, el.rect.width + 14)
        el.set_dimensions((w, self.row_h))
        self.elements[key] = el
        return key, el, w

    @property
    def row_h(self) -> int:
        """A button's height at the player's UI scale (its label grows with the scale)."""
        return max(ROW_H, self.ui_px(ROW_H))

    def _box(self) -> Any:
        """The play scene's widget container (hidden with the scene under the rules or pause screens)."""
        return getattr(self.ctx, "box", None)

    def _flow(self, items: Sequence[tuple[str, Any, int]], y: int) -> int:
        """Place widgets left to right, wrapping within the board area; returns the number of rows."""
        left, right = self.rect.x + 8, self.rect.right - 8
        x, rows = left, 1
        for _key, el, w in items:
            if x > left and x + w > right:
                x, y, rows = left, y + self.row_h + 6, rows + 1
            el.set_dimensions((min(w, right - left), self.row_h))
            el.set_relative_position((x, y))
            x += w + GAP
        return rows

    def _rows_needed(self, items: Sequence[tuple[str, Any, int]]) -> int:
        left, right = self.rect.x + 8, self.rect.right - 8
        x, rows = left, 1
        for _key, _el, w in items:
            if x > left and x + w > right:
                x, rows = left, rows + 1
            x += w + GAP
        return rows

    def _sync_ui(self) -> None:
        """(Re)build the widgets for the current step; only when the step changes."""
        s = self.state
        human = self.ctx.human_to_move()
        step = s.place_step() == "enemy" if s.phase == "place" else None
        key = (s.phase, human, step, self.rect.topleft, self.rect.size, s.game.settings["theme"] == "Custom")
        if key == self._ui_key:
            self._enable_buttons()
            return
        typed = self.elements["word"].get_text() if "word" in self.elements else ""
        self.kill()
        self._ui_key = key
        top = self.rect.y + 4
        bottom: list[tuple[str, Any, int]] = []
        if s.phase == "word":
            self.top_h = self._word_widgets(top, typed) if human else PLAY_TOP
            if human:
                bottom.append(self._make_button("import", "Import text...",
                                                "Go on with a game written down as text (I-W2)"))
        else:
            self.top_h = PLAY_TOP
        if s.phase == "build" and human:
            bottom.append(self._make_button("plan", "Floor plan", "Let the program draw the rooms"))
            bottom.append(self._make_button("turn", "Turn wall", "Space or right click"))
        elif s.phase == "place" and human and step:
            bottom.append(self._make_button("rest", "Place the rest",
                                            "Put every enemy still to place outside the rooms, spread N, E, S, W"))
        elif s.phase in ("heroes", "enemies") and human:
            if s.phase == "heroes":
                item = s.item[0] if s.slots else "item"
                for k, label, tip in (("kill", "Kill", "Kill 2 enemies in the selected hero's room (I-H2)"),
                                      ("loot", "Loot", "Open the Vault in the hero's room: the hero holds its item (I-H5)"),
                                      ("use", f"Use {item}", f"The Vault item: {s.item[1] if s.slots else ''}"),
                                      ("event", "Extra Event...", "Call an extra Event of your choice from the table (I-X3)")):
                    bottom.append(self._make_button(k, label, tip))
            bottom.append(self._make_button("end", "End turn", "Enter"))
        if s.phase != "word" and not self.replaying:  # their presses reach no view in a replay
            bottom.append(self._make_button("export", "Export text", "Write the game as text (I-W2)"))
            bottom.append(self._make_button("sheet", "Game sheet", "Save an A4 sheet as PNG and PDF"))
        rows = self._rows_needed(bottom) if bottom else 0
        self.bottom_h = rows * (self.row_h + 6) + 8 if rows else 8
        if bottom:
            self._flow(bottom, self.rect.bottom - self.bottom_h + 4)
        self.frame = Frame.fit(self.sheet_rect())
        self._board_key = None
        self._enable_buttons()

    def _word_widgets(self, top: int, typed: str) -> int:
        """The word row (entry, options, dice, suggestion); returns the height of the word strip."""
        s = self.state
        entry = TextField(pygame.Rect(0, 0, 200, self.row_h), self.ctx.ui, "word",  # what a record reads back
                          placeholder_text="type a word...", container=self._box())
        entry.set_text(typed)
        self.elements["word"] = entry
        items: list[tuple[str, Any, int]] = [("word", entry, 200)]
        for opt, label in (("plain", "Use word"), ("reverse", "Reversed"), ("skip2", "Two letters in"),
                           ("d6", "Roll D6"), ("d10", "Roll D10"), ("suggest", "Suggest")):
            tip = OPTION_LABELS.get(opt, "Put an unused word that fits the theme in the box")
            items.append(self._make_button(f"opt:{opt}", label, tip[:1].upper() + tip[1:]))
        rows = self._flow(items, top)
        y = top + rows * (self.row_h + 6)
        if s.game.settings["theme"] == "Custom":
            names = [(k, TextField(pygame.Rect(0, 0, 180, self.row_h), self.ctx.ui, "team",
                                   placeholder_text=f"name the {k}", container=self._box()), 180)
                     for k in ("heroes", "enemies")]
            for k, el, _w in names:
                self.elements[k] = el
            rows = self._flow(names, y)
            y += rows * (self.row_h + 6)
        self._word_y = y + 2
        table_w = 70 + 6 * 44
        meaning_below = self.rect.right - (self.rect.x + 8 + table_w + 16) < 300
        return self._word_y - self.rect.y + 24 + 3 * 26 + (6 * 18 + 6 if meaning_below else 30)

    def _enable_buttons(self) -> None:
        s = self.state
        hero_acts = self._hero_acts()
        want = {"kill": any(isinstance(a, Kill) for a in hero_acts),
                "loot": any(isinstance(a, Loot) for a in hero_acts),
                "use": any(isinstance(a, Use) for a in hero_acts),
                "event": s.phase == "heroes"}  # I-X3 rev 4: as many extra Events as the player calls
        for k, on in want.items():
            el = self.elements.get(k)
            if el is not None and el.is_enabled != on:
                el.enable() if on else el.disable()

    def _draw_top(self, surface: pygame.Surface, s: InvasionState) -> None:
        """The word strip as on the game sheet: letters, numbers, digit sums (Slots), and what they decide."""
        x, y = self.rect.x + 8, self.rect.y + 4
        if s.phase == "word":
            if not self.ctx.human_to_move():
                paper.text(surface, f"Theme: {s.game.settings['theme']} - the computer picks a word.", (x, y + 4),
                           18, paper.GRAPHITE)
                return
            self._draw_word_step(surface, s)
            return
        word = s.word.upper() if s.word else f"rolled with a {s.option.upper()}"
        title = f"{s.heroes_name} vs. {s.enemies_name} - {word}"
        paper.text(surface, title, (x, y), 17, paper.INK, bold=True)
        rows = word_table(s.word, s.option) if s.word else [(s.option.upper(), 0, d) for d in s.slots]
        self._slot_cells(surface, x, y + 22, rows, compact=True)
        ix = x + 6 * 34 + 40
        iw = self.rect.right - ix - 8
        lines = self._info_lines()
        colour = paper.WARN if self.queue else paper.GRAPHITE
        yy = y + (22 if len(lines) < 3 else 2)
        wrapped = [part for line in lines for part in paper.wrap(line, 17, iw)]
        for k, part in enumerate(wrapped[:3]):
            paper.text(surface, part, (ix, yy + k * 21), 17, colour, bold=bool(self.queue) and k == 0)

    def _info_lines(self) -> list[str]:
        """What is going on: the enemy step being shown, or the selected hero's choices, or a note."""
        s = self.state
        if self.queue:
            e = self.queue[0][0]
            steps = [q for q in self.queue if q[0].kind in STEP_KINDS]
            who = f"{s.enemies_name}' turn" if e.kind in STEP_KINDS else ""
            more = f" ({len(steps)} more step{'s' if len(steps) != 1 else ''})" if len(steps) > 1 else ""
            return [f"{who}{more}:", e.text] if who else [e.text]
        if s.phase == "heroes" and self.ctx.human_to_move() and self.selected in s.heroes:
            if self.use_mode:
                return [f"H{self.selected} uses the {s.item[0]}: {s.item[1]}"]
            return [self._hero_info(self.selected)]
        if s.phase == "enemies" and self.ctx.human_to_move() and self.selected in s.enemies:
            e2 = s.enemies[self.selected]
            acts = self._enemy_acts()
            can = [text for kind, text in ((EMove, "move: click a hatched room"),
                                           (ESmash, "smash: click a red wall"),
                                           (EGrab, "grab: click a hero in its room")) if
                   any(isinstance(a, kind) for a in acts)]
            where = f"X{self.selected} {'at' if e2.outside else 'in'} {e2.pos}"
            return [f"{where}: " + "; ".join(can) + "." if can else f"{where} has nothing left to do this turn."]
        return [self.note] if self.note else []

    def _hero_info(self, hid: int) -> str:
        s = self.state
        h = s.heroes[hid]
        acts = s.hero_actions(hid)
        parts = []
        if any(isinstance(a, Move) for a in acts):
            parts.append("move: click a hatched room")
        if any(isinstance(a, Kill) for a in acts):
            n = len(s.enemies_in(h.room))
            parts.append(f"Kill ({min(2, n)} of the {n} here)")
        if any(isinstance(a, (Seal, Smash)) for a in acts):
            hover = self._hover_wall()
            if hover is not None:
                st = s.board.walls[hover]
                new = {OPENING: "Single Barrier", "S": "Double Barrier", DOUBLE: "Single Barrier"}[st]
                verb = "smash" if st == DOUBLE else "seal"
                parts.append(f"click: {verb} {hover} ({STATE_NAMES[st]} -> {new})")
            else:
                parts.append("seal a blue wall, smash a red one")
        if any(isinstance(a, Loot) for a in acts):
            parts.append("Loot the Vault")
        if any(isinstance(a, Use) for a in acts):
            parts.append(f"Use {s.item[0]}")
        tag = f"H{hid}{' (holding the ' + s.item[0] + ')' if h.item else ''} in room {h.room}"
        if not parts:
            return f"{tag} has moved and acted this turn."
        done = " (has moved)" if h.moved else " (has acted)" if h.acted else ""
        return f"{tag}{done}: " + "; ".join(parts) + "."

    def _draw_word_step(self, surface: pygame.Surface, s: InvasionState) -> None:
        x = self.rect.x + 8
        typed = self.elements["word"].get_text() if "word" in self.elements else ""
        option = next((k[4:] for k, el in self.elements.items()
                       if k in ("opt:reverse", "opt:skip2") and getattr(el, "hovered", False)), "plain")
        rows = self.word_preview(typed, option)
        y = self._word_y
        theme = s.game.settings["theme"]
        if rows:
            how = {"plain": "", "reverse": " (reversed)", "skip2": " (two letters in)"}[option]
            label = f"The letters of {typed.strip()!r}{how}; numbers and Slots appear when you use the word."
        elif theme == "Custom":
            label = "Your own theme: name both sides, then type a word that fits it."
        else:
            label = f"Theme: {theme}. Type a word that fits it, or press Suggest."
        for k, part in enumerate(paper.wrap(label, 18, self.rect.w - 16)[:1]):
            paper.text(surface, part, (x, y + k * 20), 18, paper.INK)
        ty = y + 24
        for j, lab in enumerate(("letter", "number", "Slot")):
            paper.text(surface, lab, (x, ty + j * 26 + 5), 15, paper.GRAPHITE)
        cx = x + 70
        self._slot_cells(surface, cx, ty, rows)
        mx = cx + 6 * 44 + 16
        meaning_below = self.rect.right - mx < 300
        my = ty + 3 * 26 + 6 if meaning_below else ty - 2
        if meaning_below:
            mx = x
        for k, line in enumerate(self._slot_meaning()):
            paper.text(surface, line, (mx, my + k * 18), 15, paper.FAINT)

    @staticmethod
    def word_preview(typed: str, option: str = "plain") -> list[tuple[str, int, int]]:
        """What the word step shows while a word is typed: its six letters only.  The word is the
        game's only dice (I-S1): its numbers and Slots appear when it is used, never before, so
        nobody shops for good Slots by typing words and looking."""
        try:
            return [(letter, 0, 0) for letter, _n, _d in word_table(typed, option)] if fold(typed) else []
        except Exception:  # noqa: BLE001 - an IllegalAction for a word without letters: nothing to show
            return []

    def _slot_meaning(self) -> list[str]:
        """What each Slot will decide (the game sheet's key), before the word is used."""
        players = self.state.game.hero_players
        times = f" x {players} players" if players > 1 else ""
        return ["Slot 1: heroes" + (" per player" if players > 1 else ""),
                f"Slot 2: x 2{times} = enemies",
                "Slot 3: the Vault item", "Slot 4: the Event",
                "Slot 5: + 1 = rooms; odd: heroes first, even: enemies first",
                "Slot 6: for house rules"]

    def _slot_cells(self, surface: pygame.Surface, x: int, y: int, rows: Sequence[tuple[str, int, int]],
                    compact: bool = False) -> None:
        cw, rh = (34, 15) if compact else (44, 26)
        for i in range(6):
            r = pygame.Rect(x + i * cw, y, cw - 4, 3 * rh)
            paper.pencil_lines(surface, paper.FAINT, [r.topleft, r.topright, r.bottomright, r.bottomleft], True, 1, i)
            if not compact:
                for j in (1, 2):
                    pygame.draw.line(surface, (214, 210, 198), (r.x + 3, r.y + j * rh), (r.right - 3, r.y + j * rh))
            if i < len(rows):
                letter, number, digit = rows[i]
                sizes = (13, 10, 16) if compact else (19, 15, 21)
                paper.text(surface, letter, (r.centerx, r.y + rh // 2 + 1), sizes[0], paper.INK, "center", bold=True)
                if not digit:
                    continue  # a letter typed, not yet used: no number, no Slot
                paper.text(surface, str(number) if number else "-", (r.centerx, r.y + rh + rh // 2), sizes[1],
                           paper.GRAPHITE, "center")
                paper.text(surface, str(digit), (r.centerx, r.y + 2 * rh + rh // 2), sizes[2], paper.INK, "center",
                           bold=True)

    def margin_lines(self) -> list[str]:
        s = self.state
        rule = ["House rule: Undo takes back the word"] if s.game.settings["word_takeback"] else []
        if not s.slots:
            return [f"Theme: {s.game.settings['theme']}", *rule]
        first = "heroes" if s.slot(5) % 2 else "enemies"
        lines = [f"Slots: {'  '.join(map(str, s.slots))}",
                 f"{s.room_goal} rooms, {s.heroes_per_player} hero{'es' if s.heroes_per_player != 1 else ''}"
                 f"{' each' if s.game.hero_players > 1 else ''}, {s.enemy_goal} enemies; {first} first",
                 f"Vault ({s.slot(3)}): {s.item[0]}{' (looted)' if s.vault_open else ''}",
                 f"Event ({s.slot(4)}): {s.event[0]}"
                 f"{' - fired' if s.events_fired else ' - not fired yet'}"]
        if s.phase not in ("word", "build"):
            b = self.shown or s  # while enemy steps play out, count what the board shows
            if s.game.hero_players > 1:
                per = [sum(1 for h in b.heroes.values() if h.owner == p) for p in range(s.game.hero_players)]
                lines.append(", ".join(f"{s.game.player_name(p)}: {n}" for p, n in enumerate(per)))
                lines.append(f"{s.enemies_name}: {len(b.enemies)}")
            else:
                lines.append(f"{s.heroes_name} {len(b.heroes)} - {s.enemies_name} {len(b.enemies)}")
        if s.round:
            lines.append(f"Round {s.round} of {s.game.settings['rounds']}")
        if s.skip_enemies:
            lines.append("Shaker: the next enemy turn is skipped")
        if s.dodge_pending or s.dodge:
            lines.append("Dodger: grabs fail next enemy turn")
        if s.skip_heroes:
            lines.append("Terror-stricken: the heroes skip their next turn")
        return lines + rule

    def hint(self) -> str:
        s = self.state
        if s.phase == "word":
            return "Type a word that fits the theme (a word used before is refused), or Suggest, or roll the dice."
        if s.phase == "build":
            left = s.room_goal - len(s.board.rooms)
            return (f"Click inside a room to draw a {'vertical' if self.axis == 'v' else 'horizontal'} wall "
                    f"(Space turns it), or take a floor plan. {left} more room{'s' if left != 1 else ''}.")
        if s.phase == "place":
            step = s.place_step()
            if step == "enemy":
                what = "column" if s.enemy_side() in "NS" else "row"
                return (f"Click in the {what} of the room this enemy waits outside of, on the {s.enemy_side()} side "
                        "(green), or Place the rest.")
            return {"hero": "Click a room for a hero.", "vault": "Click a room for the Vault (V).",
                    "event": "Click a room for the Event marker (E)."}[step]
        if s.phase == "heroes":
            if self.use_mode:
                how = {1: "Click a red room: a neighbour burns 3 between there and here (here first), "
                          "your own room burns 3 here",
                       2: "click a red wall anywhere", 3: "click a red room to move into for free",
                       5: "Click the red room to shove from, then the room to shove them into" if not
                       self.use_targets else f"Shove from {self.use_targets[0]}: click the red room to shove into",
                       6: "click a red room with enemies, or an enemy outside (its wall is red)",
                       8: "click the room for the new hero", 9: "click a red Opening anywhere"}
                return f"{s.item[0]}: {how.get(s.slot(3), 'click a red target')}. Right click cancels."
            if self.selected in s.heroes:
                return "Hatched room: move. Blue wall: seal. Red wall: smash. Or a button below. Right click: deselect."
            return "Click one of your heroes (H; pale and ticked: its Action is taken). Enter ends the turn."
        if s.phase == "enemies":
            return "Click an enemy (a red disc; X in the log), then a hatched room to move, a red wall to smash, or a hero to grab."
        return ""
