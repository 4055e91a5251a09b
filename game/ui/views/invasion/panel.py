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

from ....i18n import tr
from ....msg import M, Mn, Mp, Msg
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
from ....rules.invasion.board import DOUBLE, OPENING, SINGLE, STATE_NAMES
from ....rules.invasion.slots import (
    OPTION_LABELS,
    fold,
    side_name,
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


def joined(parts: Sequence[str]) -> str:
    """Clauses one after another, "a; b; c" (each a message; the separator is a message too)."""
    out = parts[0]
    for part in parts[1:]:
        # TRANSLATORS: two clauses of a list of choices, one after the other
        out = M("{first}; {then}", first=out, then=part)
    return out


class PanelMixin:
    """The panel part of InvasionView: the widgets (``elements``), the strip above the sheet, margin and hint."""

    def _make_button(self, key: str, label: str, tip: str = "", min_w: int = 84) -> tuple[str, Any, int]:
        """A button whose label and tooltip are said in the player's language (the widgets are
        rebuilt on a language switch)."""
        el = pygame_gui.elements.UIButton(pygame.Rect(0, 0, -1, self.row_h), tr(label), self.ctx.ui,
                                          tool_tip_text=tr(tip) if tip else None, container=self._box())
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
                bottom.append(self._make_button("import", Mp("button", "Import text..."),
                                                M("Go on with a game written down as text (I-W2)")))
        else:
            self.top_h = PLAY_TOP
        if s.phase == "build" and human:
            bottom.append(self._make_button("plan", Mp("button", "Floor plan"), M("Let the program draw the rooms")))
            bottom.append(self._make_button("turn", Mp("button", "Turn wall"), M("Space or right click")))
        elif s.phase == "place" and human and step:
            bottom.append(self._make_button("rest", Mp("button", "Place the rest"),
                                            M("Put every enemy still to place outside the rooms, spread N, E, S, W")))
        elif s.phase in ("heroes", "enemies") and human:
            if s.phase == "heroes":
                item = s.item[0] if s.slots else Mp("Vault item", "item")
                use_tip = M("The Vault item: {what}", what=s.item[1]) if s.slots else M("The Vault item:")
                # TRANSLATORS: {item} is the Vault item's name ("Flamer")
                use_label = Mp("button", "Use {item}", item=item)
                for k, label, tip in (("kill", Mp("button", "Kill"), M("Kill 2 enemies in the selected hero's room (I-H2)")),
                                      ("loot", Mp("button", "Loot"),
                                       M("Open the Vault in the hero's room: the hero holds its item (I-H5)")),
                                      ("use", use_label, use_tip),
                                      ("event", Mp("button", "Extra Event..."),
                                       M("Call an extra Event of your choice from the table (I-X3)"))):
                    bottom.append(self._make_button(k, label, tip))
            bottom.append(self._make_button("end", Mp("button", "End turn"), Mp("key", "Enter")))
        if s.phase != "word" and not self.replaying:  # their presses reach no view in a replay
            bottom.append(self._make_button("export", Mp("button", "Export text"), M("Write the game as text (I-W2)")))
            bottom.append(self._make_button("sheet", Mp("button", "Game sheet"), M("Save an A4 sheet as PNG and PDF")))
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
                          placeholder_text=tr(M("type a word...")), container=self._box())
        entry.set_text(typed)
        self.elements["word"] = entry
        items: list[tuple[str, Any, int]] = [("word", entry, 200)]
        for opt, label in (("plain", Mp("button", "Use word")), ("reverse", Mp("button", "Reversed")),
                           ("skip2", Mp("button", "Two letters in")), ("d6", Mp("button", "Roll D6")),
                           ("d10", Mp("button", "Roll D10")), ("suggest", Mp("button", "Suggest"))):
            tip = OPTION_LABELS.get(opt) or M("Put an unused word that fits the theme in the box")
            items.append(self._make_button(f"opt:{opt}", label, tip))
        rows = self._flow(items, top)
        y = top + rows * (self.row_h + 6)
        if s.game.settings["theme"] == "Custom":
            names = [(k, TextField(pygame.Rect(0, 0, 180, self.row_h), self.ctx.ui, "team",
                                   placeholder_text=tr(tip), container=self._box()), 180)
                     for k, tip in (("heroes", M("name the heroes")), ("enemies", M("name the enemies")))]
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
                paper.text(surface, M("Theme: {theme} - the computer picks a word.", theme=Msg(s.game.settings["theme"])),
                           (x, y + 4), 18, paper.GRAPHITE)
                return
            self._draw_word_step(surface, s)
            return
        # the word is the player's own (it stays as typed); D6 and D10 are the dice's names
        word = s.word.upper() if s.word else M("rolled with a {dice}", dice=s.option.upper())
        # TRANSLATORS: the sides' names ("Survivors", "Zombies"), then the word (or how the dice were rolled)
        title = M("{heroes} vs. {enemies} - {word}", heroes=side_name(s.heroes_name), enemies=side_name(s.enemies_name),
                  word=word)
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
            if e.kind not in STEP_KINDS:
                return [e.text]
            enemies = side_name(s.enemies_name)
            if len(steps) > 1:
                # TRANSLATORS: {enemies} is the enemy side ("Zombies"); {n} steps of their turn are still to be shown
                return [Mn("{enemies}' turn ({n} more step):", "{enemies}' turn ({n} more steps):", len(steps),
                           enemies=enemies), e.text]
            return [M("{enemies}' turn:", enemies=enemies), e.text]
        if s.phase == "heroes" and self.ctx.human_to_move() and self.selected in s.heroes:
            if self.use_mode:
                return [M("H{hero} uses the {item}: {what}", hero=self.selected, item=s.item[0], what=s.item[1])]
            return [self._hero_info(self.selected)]
        if s.phase == "enemies" and self.ctx.human_to_move() and self.selected in s.enemies:
            e2 = s.enemies[self.selected]
            acts = self._enemy_acts()
            can = [text for kind, text in ((EMove, M("move: click a hatched room")),
                                           (ESmash, M("smash: click a red wall")),
                                           (EGrab, M("grab: click a hero in its room"))) if
                   any(isinstance(a, kind) for a in acts)]
            # TRANSLATORS: an enemy token (X3) outside at a wall ("a:N") or in a room ("a")
            where = (M("X{enemy} at {pos}", enemy=self.selected, pos=e2.pos) if e2.outside
                     else M("X{enemy} in {pos}", enemy=self.selected, pos=e2.pos))
            # TRANSLATORS: {where} is "X3 in a"; {can} the enemy's choices, separated by semicolons
            return [M("{where}: {can}.", where=where, can=joined(can)) if can
                    else M("{where} has nothing left to do this turn.", where=where)]
        return [self.note] if self.note else []

    def _hero_info(self, hid: int) -> str:
        s = self.state
        h = s.heroes[hid]
        acts = s.hero_actions(hid)
        parts: list[str] = []
        if any(isinstance(a, Move) for a in acts):
            parts.append(M("move: click a hatched room"))
        if any(isinstance(a, Kill) for a in acts):
            n = len(s.enemies_in(h.room))
            # TRANSLATORS: Kill takes {k} of the {n} enemies in the hero's room
            parts.append(M("Kill ({k} of the {n} here)", k=min(2, n), n=n))
        if any(isinstance(a, (Seal, Smash)) for a in acts):
            hover = self._hover_wall()
            if hover is not None:
                st = s.board.walls[hover]
                new = STATE_NAMES[{OPENING: SINGLE, SINGLE: DOUBLE, DOUBLE: SINGLE}[st]]
                # TRANSLATORS: {wall} is a wall as the game writes it ("a|b"); {old} and {new} wall states
                parts.append(M("click: smash {wall} ({old} -> {new})", wall=hover, old=STATE_NAMES[st], new=new)
                             if st == DOUBLE else
                             M("click: seal {wall} ({old} -> {new})", wall=hover, old=STATE_NAMES[st], new=new))
            else:
                parts.append(M("seal a blue wall, smash a red one"))
        if any(isinstance(a, Loot) for a in acts):
            parts.append(M("Loot the Vault"))
        if any(isinstance(a, Use) for a in acts):
            parts.append(M("Use {item}", item=s.item[0]))
        # TRANSLATORS: a hero token (H2) and its room; {item} is the Vault item it holds
        tag = (M("H{hero} (holding the {item}) in room {room}", hero=hid, item=s.item[0], room=h.room) if h.item
               else M("H{hero} in room {room}", hero=hid, room=h.room))
        if not parts:
            return M("{tag} has moved and acted this turn.", tag=tag)
        # TRANSLATORS: {tag} is "H2 in room a"; {parts} the hero's choices, separated by semicolons
        if h.moved:
            return M("{tag} (has moved): {parts}.", tag=tag, parts=joined(parts))
        if h.acted:
            return M("{tag} (has acted): {parts}.", tag=tag, parts=joined(parts))
        return M("{tag}: {parts}.", tag=tag, parts=joined(parts))

    def _draw_word_step(self, surface: pygame.Surface, s: InvasionState) -> None:
        x = self.rect.x + 8
        typed = self.elements["word"].get_text() if "word" in self.elements else ""
        option = next((k[4:] for k, el in self.elements.items()
                       if k in ("opt:reverse", "opt:skip2") and getattr(el, "hovered", False)), "plain")
        rows = self.word_preview(typed, option)
        y = self._word_y
        theme = s.game.settings["theme"]
        if rows:
            word = repr(typed.strip())  # the typed word, quoted; it stays as typed
            # TRANSLATORS: {word} is the word the player typed, in quotes
            label = {"plain": M("The letters of {word}; numbers and Slots appear when you use the word.", word=word),
                     "reverse": M("The letters of {word} (reversed); numbers and Slots appear when you use the word.",
                                  word=word),
                     "skip2": M("The letters of {word} (two letters in); numbers and Slots appear when you use the "
                                "word.", word=word)}[option]
        elif theme == "Custom":
            label = M("Your own theme: name both sides, then type a word that fits it.")
        else:
            label = M("Theme: {theme}. Type a word that fits it, or press Suggest.", theme=Msg(theme))
        for k, part in enumerate(paper.wrap(label, 18, self.rect.w - 16)[:1]):
            paper.text(surface, part, (x, y + k * 20), 18, paper.INK)
        ty = y + 24
        for j, lab in enumerate((Mp("word table", "letter"), Mp("word table", "number"), Mp("word table", "Slot"))):
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
        if players > 1:
            first = [M("Slot 1: heroes per player"),
                     # TRANSLATORS: Slot 2 times 2 times the number of hero players is the number of enemies
                     M("Slot 2: x 2 x {n} players = enemies", n=players)]
        else:
            first = [M("Slot 1: heroes"), M("Slot 2: x 2 = enemies")]
        return [*first, M("Slot 3: the Vault item"), M("Slot 4: the Event"),
                M("Slot 5: + 1 = rooms; odd: heroes first, even: enemies first"),
                M("Slot 6: for house rules")]

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
        rule = [M("House rule: Undo takes back the word")] if s.game.settings["word_takeback"] else []
        if not s.slots:
            return [M("Theme: {theme}", theme=Msg(s.game.settings["theme"])), *rule]
        goals = dict(rooms=s.room_goal, enemies=s.enemy_goal)
        k = s.heroes_per_player
        # TRANSLATORS: what the Slots decide: rooms, {n} heroes (each: per hero player), enemies, who opens
        if s.game.hero_players > 1:
            counts = (Mn("{rooms} rooms, {n} hero each, {enemies} enemies; heroes first",
                         "{rooms} rooms, {n} heroes each, {enemies} enemies; heroes first", k, **goals)
                      if s.slot(5) % 2 else
                      Mn("{rooms} rooms, {n} hero each, {enemies} enemies; enemies first",
                         "{rooms} rooms, {n} heroes each, {enemies} enemies; enemies first", k, **goals))
        else:
            counts = (Mn("{rooms} rooms, {n} hero, {enemies} enemies; heroes first",
                         "{rooms} rooms, {n} heroes, {enemies} enemies; heroes first", k, **goals)
                      if s.slot(5) % 2 else
                      Mn("{rooms} rooms, {n} hero, {enemies} enemies; enemies first",
                         "{rooms} rooms, {n} heroes, {enemies} enemies; enemies first", k, **goals))
        # TRANSLATORS: {n} is Slot 3 (or 4), {item} the Vault item's name, {event} the Event's name
        lines = [M("Slots: {slots}", slots="  ".join(map(str, s.slots))), counts,
                 M("Vault ({n}): {item} (looted)", n=s.slot(3), item=s.item[0]) if s.vault_open
                 else M("Vault ({n}): {item}", n=s.slot(3), item=s.item[0]),
                 M("Event ({n}): {event} - fired", n=s.slot(4), event=s.event[0]) if s.events_fired
                 else M("Event ({n}): {event} - not fired yet", n=s.slot(4), event=s.event[0])]
        if s.phase not in ("word", "build"):
            b = self.shown or s  # while enemy steps play out, count what the board shows
            heroes, enemies = side_name(s.heroes_name), side_name(s.enemies_name)
            if s.game.hero_players > 1:
                per = [sum(1 for h in b.heroes.values() if h.owner == p) for p in range(s.game.hero_players)]
                # TRANSLATORS: a hero player and how many heroes it has left ("Heroes 2: 3")
                counted = [M("{who}: {n}", who=s.game.player_name(p), n=n) for p, n in enumerate(per)]
                line = counted[0]
                for more in counted[1:]:
                    line = M("{names}, {name}", names=line, name=more)
                lines.append(line)
                lines.append(M("{who}: {n}", who=enemies, n=len(b.enemies)))
            else:
                # TRANSLATORS: the sides and their tokens left ("Survivors 3 - Zombies 5")
                lines.append(M("{heroes} {h} - {enemies} {e}", heroes=heroes, h=len(b.heroes), enemies=enemies,
                               e=len(b.enemies)))
        if s.round:
            lines.append(M("Round {round} of {rounds}", round=s.round, rounds=s.game.settings["rounds"]))
        if s.skip_enemies:
            lines.append(M("Shaker: the next enemy turn is skipped"))
        if s.dodge_pending or s.dodge:
            lines.append(M("Dodger: grabs fail next enemy turn"))
        if s.skip_heroes:
            lines.append(M("Terror-stricken: the heroes skip their next turn"))
        return lines + rule

    def hint(self) -> str:
        s = self.state
        if s.phase == "word":
            return M("Type a word that fits the theme (a word used before is refused), or Suggest, or roll the dice.")
        if s.phase == "build":
            left = s.room_goal - len(s.board.rooms)
            if self.axis == "v":
                return Mn("Click inside a room to draw a vertical wall (Space turns it), or take a floor plan. "
                          "{n} more room.",
                          "Click inside a room to draw a vertical wall (Space turns it), or take a floor plan. "
                          "{n} more rooms.", left)
            return Mn("Click inside a room to draw a horizontal wall (Space turns it), or take a floor plan. "
                      "{n} more room.",
                      "Click inside a room to draw a horizontal wall (Space turns it), or take a floor plan. "
                      "{n} more rooms.", left)
        if s.phase == "place":
            step = s.place_step()
            if step == "enemy":
                side = s.enemy_side()
                # TRANSLATORS: {side} is N, E, S or W; "Place the rest" is a button's label
                if side in "NS":
                    return M("Click in the column of the room this enemy waits outside of, on the {side} side "
                             "(green), or Place the rest.", side=side)
                return M("Click in the row of the room this enemy waits outside of, on the {side} side "
                         "(green), or Place the rest.", side=side)
            return {"hero": M("Click a room for a hero."), "vault": M("Click a room for the Vault (V)."),
                    "event": M("Click a room for the Event marker (E).")}[step]
        if s.phase == "heroes":
            if self.use_mode:
                how = {1: M("Click a red room: a neighbour burns 3 between there and here (here first), "
                            "your own room burns 3 here"),
                       2: M("click a red wall anywhere"), 3: M("click a red room to move into for free"),
                       5: M("Click the red room to shove from, then the room to shove them into") if not
                       self.use_targets else M("Shove from {room}: click the red room to shove into",
                                               room=self.use_targets[0]),
                       6: M("click a red room with enemies, or an enemy outside (its wall is red)"),
                       8: M("click the room for the new hero"), 9: M("click a red Opening anywhere")}
                # TRANSLATORS: {item} is the Vault item's name, {how} says where to click
                return M("{item}: {how}. Right click cancels.", item=s.item[0],
                         how=how.get(s.slot(3)) or M("click a red target"))
            if self.selected in s.heroes:
                return M("Hatched room: move. Blue wall: seal. Red wall: smash. Or a button below. Right click: deselect.")
            return M("Click one of your heroes (H; pale and ticked: its Action is taken). Enter ends the turn.")
        if s.phase == "enemies":
            return M("Click an enemy (a red disc; X in the log), then a hatched room to move, a red wall to smash, "
                     "or a hero to grab.")
        return ""
