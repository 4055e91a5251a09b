"""Paper Invasion's gestures: what a click, a key or a button becomes.

In the word step the typed word (checked against the used-words list, I-S1) or dice, or a game
read back from its text (I-W2); while building, a click inside a room draws a wall (Space or
right click turns it); while placing, a click in a room (for an enemy: anywhere in the column or
row of the room it should wait outside); in play, click a hero to select it, then click a room
(move), a wall of its room (seal or smash) or a button (kill, loot, Vault item, extra Event).
A person playing the enemies clicks an enemy, then a room, a wall or a hero.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ....engine import Action
from ....i18n import tr
from ....jsonio import FileProblem, read_text
from ....msg import M
from ....paths import data_dir, own_dir
from ....rules.invasion.actions import (
    ChooseWord,
    EGrab,
    EMove,
    EndTurn,
    ESmash,
    GeneratePlan,
    ImportText,
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
    TriggerEvent,
    Use,
)
from ....rules.invasion.board import DOUBLE, OPENING
from ....rules.invasion.slots import (
    THEMES,
    WORDS_FILE,
    check_word_unused,
    fold,
    forget_word,
    load_used_words,
    remember_word,
    theme_words,
)
from ....rules.invasion.state import InvasionState
from ....rules.invasion.tables import EVENTS, EXTRA_EVENTS
from ..invasion_sheet import save_sheet

MAX_TEXT_BYTES = 200_000


def words_path() -> Any:
    """The profile's used-words list (I-S1)."""
    return data_dir() / WORDS_FILE


class GesturesMixin:
    """The input part of InvasionView: the gesture in progress is ``selected``, ``use_mode``/``use_targets`` and ``axis``."""

    # -- what a click lands on, and what the selected piece may do --------------------
    def _hero_acts(self) -> list[Action]:
        s = self.state
        if s.phase != "heroes" or self.selected not in s.heroes or s.heroes[self.selected].owner != s.hero_player:
            return []
        return s.hero_actions(self.selected)

    def _enemy_acts(self) -> list[Action]:
        s = self.state
        if s.phase != "enemies" or self.selected not in s.enemies:
            return []
        return [a for a in s.legal_actions() if getattr(a, "enemy", None) == self.selected]

    def _wall_at(self, gx: float, gy: float, only: Sequence[str] | None = None, reach: float = 0.45) -> str | None:
        best, best_d = None, reach
        for key in (only if only is not None else self.state.board.walls):
            (ax, ay), (bx, by) = self.state.board.wall_segment(key)
            if ax == bx:
                d = abs(gx - ax) if min(ay, by) <= gy <= max(ay, by) else 9.0
            else:
                d = abs(gy - ay) if min(ax, bx) <= gx <= max(ax, bx) else 9.0
            if d < best_d:
                best, best_d = key, d
        return best

    def _token_at(self, pos: tuple[int, int], prefix: str) -> int | None:
        for name, (x, y, size) in self._spots.items():
            if name[0] in prefix and math.hypot(pos[0] - x, pos[1] - y) <= max(10, size * 0.6):
                return int(name[1:])
        return None

    def _enemy_target(self, gx: float, gy: float) -> str | None:
        """The room whose outside wall on this side lies in the clicked column (N, S) or row (E, W)."""
        s = self.state
        side = s.enemy_side()
        along = gx if side in "NS" else gy
        rooms = s.board.rooms_on_side(side)
        if not rooms:
            return None

        def span(r: str) -> tuple[int, int]:
            x0, y0, x1, y1 = s.board.rooms[r]
            return (x0, x1) if side in "NS" else (y0, y1)

        return min(rooms, key=lambda r: 0.0 if span(r)[0] <= along <= span(r)[1]
                   else min(abs(along - span(r)[0]), abs(along - span(r)[1])))

    # -- input -----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        s = self.state
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button_pressed(event.ui_element)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.elements.get("word"):
            return self._submit_word("plain")
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and \
                str(getattr(event, "ui_object_id", "")).startswith("#invasion_import"):
            self.dialog = None
            return self._import_file(event.text)
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
            self._event_buttons = {}
            return False
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_SPACE and s.phase == "build":
                self.axis = "h" if self.axis == "v" else "v"
                return True
            if event.key == pygame.K_RETURN and s.phase in ("heroes", "enemies") and not self._typing():
                self.selected, self.use_mode, self.use_targets = None, False, []
                return self.ctx.submit(EndTurn())
            return False
        if event.type != pygame.MOUSEBUTTONUP or not self.sheet_rect().collidepoint(event.pos):
            return False
        if self.dialog is not None and self.dialog.alive():
            return False
        self.mouse = event.pos
        if event.button == 3:
            if s.phase == "build":
                self.axis = "h" if self.axis == "v" else "v"
            self.selected, self.use_mode, self.use_targets = None, False, []
            return True
        if event.button != 1:
            return False
        gx, gy = self.frame.grid(*event.pos)
        room = s.board.room_at(gx, gy)
        if s.phase == "build":
            prev = self._split_preview()
            if prev is None:
                self.ctx.refuse(M("Click inside a room, away from its edge, to draw a wall across it."))
                return False
            return self.ctx.submit(Split(*prev))
        if s.phase == "place":
            return self._click_place(room, gx, gy)
        if s.phase == "heroes":
            return self._click_hero_turn(event.pos, room, gx, gy)
        if s.phase == "enemies":
            return self._click_enemy_turn(event.pos, room, gx, gy)
        return False

    def _typing(self) -> bool:
        return any(getattr(self.elements.get(k), "is_focused", False) for k in ("word", "heroes", "enemies"))

    def _button_pressed(self, el: Any) -> bool:
        if el in self._event_buttons:
            n = self._event_buttons[el]
            self._close_dialog()
            return self.ctx.submit(TriggerEvent(n))
        key = next((k for k, v in self.elements.items() if v is el), None)
        if key is None:
            return False
        if key.startswith("opt:"):
            opt = key[4:]
            if opt == "suggest":
                self.elements["word"].set_text(self._suggestion())
                return True
            return self._submit_word(opt)
        if key == "import":
            return self._open_import()
        if key == "plan":
            return self.ctx.submit(GeneratePlan())
        if key == "turn":
            self.axis = "h" if self.axis == "v" else "v"
            return True
        if key == "rest":
            return self._place_rest()
        if key == "end":
            self.selected, self.use_mode, self.use_targets = None, False, []
            return self.ctx.submit(EndTurn())
        if key == "event":
            return self._open_event_chooser()
        if key == "kill" and self.selected is not None:
            return self.ctx.submit(Kill(self.selected))
        if key == "loot" and self.selected is not None:
            return self.ctx.submit(Loot(self.selected))
        if key == "use" and self.selected is not None:
            return self._start_use()
        if key == "export":
            return self._export()
        if key == "sheet":
            try:
                png, pdf = save_sheet(self.state, data_dir() / "invasion")
            except OSError as exc:
                # TRANSLATORS: {why} is the system's own reason (it is not translated)
                self.ctx.refuse(M("The game sheet could not be written: {why}.", why=str(exc.strerror or exc)))
                return False
            self.note = M("Game sheet saved: {png} (and .pdf beside it).", png=str(png))
            return True
        return False

    def _suggestion(self) -> str:
        """The next word of the theme (then of the others) this profile has not played yet."""
        s = self.state
        used = set(load_used_words(words_path()))
        mine = list(theme_words(s.game.settings["theme"]))
        words = list(dict.fromkeys([*mine, *(w for t in THEMES for w in t[3])]))
        fresh = [w for w in words if fold(w) not in used] or words
        if self._suggest_i < 0:  # start somewhere in the theme's words, by the game's seed
            start = [w for w in fresh if w in mine]
            self._suggest_i = fresh.index(s.suggested if s.suggested in start else start[0]) - 1 if start else -1
        self._suggest_i = (self._suggest_i + 1) % len(fresh)
        return fresh[self._suggest_i]

    def _open_event_chooser(self) -> bool:
        """I-X3 (rev 2): the player picks the extra Event from the table, any entry but 7."""
        if self.dialog is not None and self.dialog.alive():
            return False
        r = self.rect
        rows = len(EXTRA_EVENTS)
        w, h = min(600, r.w - 20), min(r.h - 20, 92 + rows * (self.row_h + 4))
        self.dialog = pygame_gui.elements.UIWindow(pygame.Rect(r.centerx - w // 2, r.centery - h // 2, w, h),
                                                   self.ctx.ui, window_display_title=tr(M("Call an extra Event")),
                                                   object_id=pygame_gui.core.ObjectID("#invasion_event", None))
        inner = self.dialog.get_container()
        iw = inner.get_rect().width
        pygame_gui.elements.UILabel(pygame.Rect(8, 4, iw - 16, 24),
                                    tr(M("For an extra challenge, on top of the Event of Slot 4 (not 7):")),
                                    self.ctx.ui, container=inner)
        self._event_buttons = {}
        for i, n in enumerate(EXTRA_EVENTS):
            name, what = EVENTS[n]
            # TRANSLATORS: an entry of the Event table: its number, name and effect
            entry = M("{n} {name}: {what}", n=n, name=name, what=what)
            b = pygame_gui.elements.UIButton(pygame.Rect(8, 32 + i * (self.row_h + 4), iw - 16, self.row_h),
                                             tr(entry), self.ctx.ui, container=inner)
            self._event_buttons[b] = n
        return True

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
        self.dialog = None
        self._event_buttons = {}

    def _export(self) -> bool:
        s = self.state
        folder = data_dir() / "invasion"
        name = f"invasion-{fold(s.word).lower() or s.option}-round{s.round}-{time.strftime('%Y%m%d-%H%M%S')}.txt"
        try:
            own_dir(folder)  # never through a link out of the data folder
            path = folder / name
            path.write_text(s.as_text(), encoding="utf-8")
        except OSError as exc:
            self.ctx.refuse(M("The text could not be written: {why}.", why=str(exc.strerror or exc)))
            return False
        # TRANSLATORS: "Import text..." is a button's label
        self.note = M("Game written as text: {path}  (Import text... reads it back at the start of a game).",
                      path=str(path))
        return True

    def _open_import(self) -> bool:
        if self.dialog is not None and self.dialog.alive():
            return False
        folder = data_dir() / "invasion"
        folder.mkdir(parents=True, exist_ok=True)
        r = self.rect
        w, h = min(560, r.w), min(420, r.h)
        theme = self.ctx.ui.get_theme()
        if not getattr(theme, "_invasion_dialog", False):
            # pygame_gui's own file list is dark; this dialog's list is paper like the rest
            item = {"colours": {"normal_bg": "#F4EFE1", "hovered_bg": "#E4DAC0", "selected_bg": "#D8CCAA",
                                "normal_text": "#34343C", "selected_text": "#1E1E26"}}
            theme.load_theme({"#invasion_import.#file_display_list.#file_list_item": item,
                              "#invasion_import.#file_display_list.#directory_list_item": item})
            theme._invasion_dialog = True
        self.dialog = pygame_gui.windows.UIFileDialog(pygame.Rect(r.centerx - w // 2, r.centery - h // 2, w, h),
                                                      self.ctx.ui, window_title=tr(M("Import a game written as text")),
                                                      initial_file_path=str(folder), allow_existing_files_only=True,
                                                      object_id=pygame_gui.core.ObjectID("#invasion_import", None))
        return True

    def _import_file(self, path: str) -> bool:
        p = Path(path)
        try:  # the guarded reader: a regular file only (never /dev/zero behind a link), at most 200 KB
            text = read_text(p, "Paper Invasion game", MAX_TEXT_BYTES)
        except FileProblem as exc:
            why = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)  # a message stays one
            # TRANSLATORS: {file} is the file's name, {why} the reason it could not be read
            self.ctx.refuse(M("{file} could not be read: {why}", file=p.name, why=why))
            return False
        if self.ctx.submit(ImportText(text)):
            self.note = M("Read from {path}.", path=str(p))
            return True
        return False

    def _submit_word(self, option: str) -> bool:
        word = self.elements["word"].get_text() if "word" in self.elements else ""
        heroes = self.elements["heroes"].get_text() if "heroes" in self.elements else ""
        enemies = self.elements["enemies"].get_text() if "enemies" in self.elements else ""
        if option not in ("d6", "d10"):
            if not fold(word):
                self.ctx.refuse(M("Type a word first (letters A-Z count), or press Suggest, or roll the dice."))
                return False
            try:
                check_word_unused(words_path(), word)
            except Exception as exc:  # IllegalAction: show its sentence
                self.ctx.refuse(getattr(exc, "message", str(exc)), getattr(exc, "rule", ""))
                return False
        ok = self.ctx.submit(ChooseWord(word if option not in ("d6", "d10") else "", option, heroes, enemies))
        if ok and option not in ("d6", "d10"):
            try:
                remember_word(words_path(), word)
                self._remembered = word
            except OSError:
                self.note = M("The used-words list could not be saved.")
        return ok

    def _word_of_saved_game(self) -> str | None:
        st, session = self.ctx.state, getattr(self.ctx, "session", None)
        actions = session.record.actions if session is not None else []
        if not (isinstance(st, InvasionState) and st.word and actions and session.seat_kind(0) == "human"
                and getattr(self.ctx, "replay_queue", None) is None):
            return None  # a replay or a computer's word changes no list
        first = actions[0]
        return st.word if first.get("type") == "ChooseWord" and first.get("option", "plain") not in ("d6", "d10") \
            else None

    def _forget_undone_word(self) -> None:
        """A word taken back by Undo (the house rule) was never played: it leaves the used-words list."""
        if self._remembered is None or self.state.phase != "word":
            return
        word, self._remembered = self._remembered, None
        try:
            forget_word(words_path(), word)
        except OSError:
            self.note = M("The used-words list could not be saved.")

    def _click_place(self, room: str | None, gx: float, gy: float) -> bool:
        s = self.state
        step = s.place_step()
        if step == "enemy":
            target = self._enemy_target(gx, gy)
            if target is None:
                self.ctx.refuse(M("No room has an outside wall on the {side} side.", side=s.enemy_side()))
                return False
            return self.ctx.submit(PlaceEnemy(target, s.enemy_side()))
        if room is None:
            self.ctx.refuse(M("Click inside a room."))
            return False
        cls = {"hero": PlaceHero, "vault": PlaceVault, "event": PlaceEvent}[step]
        return self.ctx.submit(cls(room))

    def _place_rest(self) -> bool:
        """Every enemy still to place, each outside the room of its side with the fewest waiting there."""
        s = self.state
        done = False
        while s.phase == "place" and s.place_step() == "enemy" and self.ctx.human_to_move():
            side = s.enemy_side()
            rooms = s.board.rooms_on_side(side)
            if not rooms:
                break
            room = min(rooms, key=lambda r: sum(1 for e in s.enemies.values() if e.pos == f"{r}:{side}"))
            if not self.ctx.submit(PlaceEnemy(room, side)):
                break
            done = True
            s = self.state
        return done

    def _click_hero_turn(self, pos: tuple[int, int], room: str | None, gx: float, gy: float) -> bool:
        s = self.state
        if self.use_mode and self.selected in s.heroes:
            return self._click_use(pos, room, gx, gy)
        hid = self._token_at(pos, "H")
        if hid is not None and s.heroes[hid].owner == s.hero_player:
            self.selected = None if self.selected == hid else hid
            return True
        if self.selected not in s.heroes:
            if hid is not None:
                self.ctx.refuse(M("H{hero} belongs to {who}.", hero=hid, who=s.game.player_name(s.heroes[hid].owner)))
            elif room is not None and any(h.owner == s.hero_player for h in s.heroes.values()):
                self.ctx.refuse(M("First click one of your heroes (H or P)."))
            return False
        h = s.heroes[self.selected]
        key = self._wall_at(gx, gy, [sd.key for sd in s.board.sides(h.room)])
        if key is not None:
            act: Action = Smash(self.selected, key) if s.board.walls[key] == DOUBLE else Seal(self.selected, key)
            return self.ctx.submit(act)
        if room is not None and room != h.room:
            return self.ctx.submit(Move(self.selected, room))
        return False

    def _start_use(self) -> bool:
        uses = [a for a in self._hero_acts() if isinstance(a, Use)]
        if not uses:
            return False
        if len(uses) == 1 and not uses[0].target:
            return self.ctx.submit(uses[0])
        self.use_mode, self.use_targets = True, []
        return True

    def _click_use(self, pos: tuple[int, int], room: str | None, gx: float, gy: float) -> bool:
        s = self.state
        assert self.selected is not None
        uses = [a for a in self._hero_acts() if isinstance(a, Use)]
        if s.slot(3) == 1 and room == s.heroes[self.selected].room and not self.use_targets:
            here = [u for u in uses if not u.target]
            if here:
                self.use_mode = False
                return self.ctx.submit(here[0])
        eid = self._token_at(pos, "X")
        wall = self._wall_at(gx, gy)
        picks = [p for p in (wall, s.enemies[eid].pos if eid in s.enemies else None, room) if p]
        for pick in picks:
            targets = self.use_targets + [pick]
            fit = [u for u in uses if [t for t in (u.target, u.target2) if t][: len(targets)] == targets]
            if not fit:
                continue
            full = [u for u in fit if len([t for t in (u.target, u.target2) if t]) == len(targets)]
            if full:
                best = max(full, key=lambda u: u.n)
                self.use_mode, self.use_targets = False, []
                return self.ctx.submit(best)
            self.use_targets = targets
            return True
        # TRANSLATORS: {item} is the Vault item's name, {what} the sentence saying what it does
        self.ctx.refuse(M("The {item} cannot be used there: {what} (right click cancels)", item=s.item[0],
                          what=s.item[1]))
        return False

    def _click_enemy_turn(self, pos: tuple[int, int], room: str | None, gx: float, gy: float) -> bool:
        s = self.state
        eid = self._token_at(pos, "X")
        if eid is not None and eid != self.selected:
            self.selected = eid
            return True
        if self.selected not in s.enemies:
            return False
        acts = self._enemy_acts()
        hid = self._token_at(pos, "H")
        if hid is not None:
            grab = next((a for a in acts if isinstance(a, EGrab) and a.hero == hid), None)
            if grab:
                return self.ctx.submit(grab)
        key = self._wall_at(gx, gy, s.enemy_walls(self.selected))
        if key is not None and s.board.walls[key] != OPENING:
            return self.ctx.submit(ESmash(self.selected, key))
        if room is not None:
            return self.ctx.submit(EMove(self.selected, room))
        return False
