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
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui

from ...engine import Action, Event
from ...paths import data_dir, own_dir
from ...rules.invasion.actions import (
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
from ...rules.invasion.board import DOUBLE, OPENING, STATE_NAMES
from ...rules.invasion.slots import (
    OPTION_LABELS,
    THEMES,
    WORDS_FILE,
    check_word_unused,
    fold,
    forget_word,
    load_used_words,
    remember_word,
    theme_words,
    word_table,
)
from ...rules.invasion.state import Enemy, Hero, InvasionState
from ...rules.invasion.tables import EVENTS, EXTRA_EVENTS
from .. import paper
from ..view import GameView
from ..widgets import TextField
from .invasion_sheet import Frame, draw_board, draw_token, draw_wall, save_sheet, token_spots

STEP_S = 0.45      # seconds an enemy step stays on screen ...
MIN_STEP_S = 0.16  # ... shortened for a long turn, so that a whole turn takes about
TURN_S = 9.0       # this long at most
LESSON_SLOW = 2.0  # in a lesson each enemy step stays this many times longer
ROW_H = 34         # button height
GAP = 8
PLAY_TOP = 72      # the word / Slots strip above the sheet once the word is chosen
STEP_KINDS = ("enemy_move", "enemy_smash", "enemy_grab", "enemy_grab_fail")
# Events shown one by one when the program's enemies play or an Event fires.
SHOWN_KINDS = STEP_KINDS + ("event", "event_none", "erase", "add_enemy", "skip", "split", "kill", "wall", "end")
MAX_TEXT_BYTES = 200_000
SEAL_BLUE = (70, 130, 200)
SMASH_RED = (200, 90, 60)
MOVE_GREEN = (150, 200, 165)


def words_path() -> Any:
    """The profile's used-words list (I-S1)."""
    return data_dir() / WORDS_FILE


class InvasionView(GameView):
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
        self.note = ""
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

    # -- layout and widgets ------------------------------------------------------------
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

    # -- helpers ---------------------------------------------------------------------
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
                self.ctx.refuse("Click inside a room, away from its edge, to draw a wall across it.")
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
                self.ctx.refuse(f"The game sheet could not be written: {exc.strerror or exc}.")
                return False
            self.note = f"Game sheet saved: {png} (and .pdf beside it)."
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
                                                   self.ctx.ui, window_display_title="Call an extra Event",
                                                   object_id=pygame_gui.core.ObjectID("#invasion_event", None))
        inner = self.dialog.get_container()
        iw = inner.get_rect().width
        pygame_gui.elements.UILabel(pygame.Rect(8, 4, iw - 16, 24),
                                    "For an extra challenge, on top of the Event of Slot 4 (not 7):",
                                    self.ctx.ui, container=inner)
        self._event_buttons = {}
        for i, n in enumerate(EXTRA_EVENTS):
            name, what = EVENTS[n]
            b = pygame_gui.elements.UIButton(pygame.Rect(8, 32 + i * (self.row_h + 4), iw - 16, self.row_h),
                                             f"{n} {name}: {what}", self.ctx.ui, container=inner)
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
            self.ctx.refuse(f"The text could not be written: {exc.strerror or exc}.")
            return False
        self.note = f"Game written as text: {path}  (Import text... reads it back at the start of a game)."
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
                                                      self.ctx.ui, window_title="Import a game written as text",
                                                      initial_file_path=str(folder), allow_existing_files_only=True,
                                                      object_id=pygame_gui.core.ObjectID("#invasion_import", None))
        return True

    def _import_file(self, path: str) -> bool:
        from pathlib import Path

        from ...jsonio import FileProblem, read_text

        p = Path(path)
        try:  # the guarded reader: a regular file only (never /dev/zero behind a link), at most 200 KB
            text = read_text(p, "Paper Invasion game", MAX_TEXT_BYTES)
        except FileProblem as exc:
            self.ctx.refuse(f"{p.name} could not be read: {exc}")
            return False
        if self.ctx.submit(ImportText(text)):
            self.note = f"Read from {p}."
            return True
        return False

    def _submit_word(self, option: str) -> bool:
        word = self.elements["word"].get_text() if "word" in self.elements else ""
        heroes = self.elements["heroes"].get_text() if "heroes" in self.elements else ""
        enemies = self.elements["enemies"].get_text() if "enemies" in self.elements else ""
        if option not in ("d6", "d10"):
            if not fold(word):
                self.ctx.refuse("Type a word first (letters A-Z count), or press Suggest, or roll the dice.")
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
                self.note = "The used-words list could not be saved."
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
            self.note = "The used-words list could not be saved."

    def _click_place(self, room: str | None, gx: float, gy: float) -> bool:
        s = self.state
        step = s.place_step()
        if step == "enemy":
            target = self._enemy_target(gx, gy)
            if target is None:
                self.ctx.refuse(f"No room has an outside wall on the {s.enemy_side()} side.")
                return False
            return self.ctx.submit(PlaceEnemy(target, s.enemy_side()))
        if room is None:
            self.ctx.refuse("Click inside a room.")
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
                self.ctx.refuse(f"H{hid} belongs to {s.game.player_name(s.heroes[hid].owner)}.")
            elif room is not None and any(h.owner == s.hero_player for h in s.heroes.values()):
                self.ctx.refuse("First click one of your heroes (H or P).")
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
        self.ctx.refuse(f"The {s.item[0]} cannot be used there: {s.item[1]} (right click cancels)")
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

    # -- animation ---------------------------------------------------------------------
    def on_events(self, events: Sequence[Event]) -> None:
        s = self.state
        kinds = {e.kind for e in events}
        if "enemy_turn" in kinds or "event" in kinds:
            self._queue_steps(events)
        if self.selected is not None and s.phase == "heroes" and (
                self.selected not in s.heroes or not s.hero_actions(self.selected)):
            self.selected = None
        if s.phase not in ("heroes", "enemies"):
            self.selected = None
        if self.use_mode and (self.selected is None or not self._hero_acts()):
            self.use_mode, self.use_targets = False, []
        self.before = s.clone()
        self._sync_ui()

    def _queue_steps(self, events: Sequence[Event]) -> None:
        """Replay the events on a copy of the board, one shown step per enemy step or Event."""
        final = self.state
        disp = self.before.clone()
        disp.vault, disp.vault_open, disp.event_room = final.vault, final.vault_open, final.event_room
        steps: list[tuple[Event, InvasionState, InvasionState]] = []
        for e in events:
            prev = disp.clone()
            d = e.data
            if e.kind in ("enemy_move", "shove"):
                for eid in d.get("enemies_moved", [d.get("enemy")]):
                    if eid in disp.enemies:
                        disp.enemies[eid].pos = d["to"]
            elif e.kind in ("enemy_smash", "wall") and d.get("wall") in disp.board.walls:
                disp.board.walls[d["wall"]] = d["new"]
            elif e.kind == "enemy_grab":
                disp.heroes.pop(d["hero"], None)
                disp.enemies[d["new"]] = Enemy(d["room"])
            elif e.kind in ("kill", "erase"):
                for v in d.get("victims", []) + ([d["enemy"]] if "enemy" in d else []):
                    disp.enemies.pop(v, None)
                if "hero" in d and e.kind == "erase":
                    disp.heroes.pop(d["hero"], None)
            elif e.kind == "add_enemy":
                for nid in d.get("new", []):
                    disp.enemies[nid] = Enemy(d["room"])
            elif e.kind == "add_hero":
                h = final.heroes.get(d["hero"])
                disp.heroes[d["hero"]] = h.copy() if h else Hero(0, d["room"])
            elif e.kind == "move" and d.get("hero") in disp.heroes:
                disp.heroes[d["hero"]].room = d["to"]
            elif e.kind == "split":
                disp.board = final.board.copy()
                for k, en in final.enemies.items():
                    if k in disp.enemies:
                        disp.enemies[k].pos = en.pos
            if e.kind in SHOWN_KINDS and e.text:
                steps.append((e, prev, disp.clone()))
        if not steps:
            return
        n = len(steps) + len(self.queue)
        dur = max(MIN_STEP_S, min(STEP_S, TURN_S / n))
        if getattr(self.ctx, "lesson", None) is not None:
            dur *= LESSON_SLOW  # a learner watches each smash and step (a click or Space still skips)
        for e, a, b in steps:
            self.queue.append((e, a, b, 2.2 if e.kind == "event" else dur))
        if self.shown is None:
            self.timer = self.queue[0][3]
            self.shown = self.queue[0][2]

    def update(self, dt: float) -> None:
        if self.queue:
            self.timer -= dt
            if self.timer <= 0:
                self.queue.pop(0)
                self.timer = self.queue[0][3] if self.queue else 0.0
                self.shown = self.queue[0][2] if self.queue else None
        if self.dialog is not None and not self.dialog.alive():
            self.dialog = None
            self._event_buttons = {}
        if self.elements or self._ui_key is None or self._ui_key[0] != self.state.phase:
            self._sync_ui()

    def busy(self) -> bool:
        return bool(self.queue)

    def shown_status(self) -> str | None:
        if self.queue and self.queue[0][0].kind in STEP_KINDS:
            return f"{self.state.enemies_name}' turn."
        return None

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

    def _step_actor(self, step: tuple[Event, InvasionState, InvasionState, float] | None) -> int:
        if step is None:
            return -1
        d = step[0].data
        return int(d.get("new", d.get("enemy", -1))) if step[0].kind == "enemy_grab" else int(d.get("enemy", -1))

    def _slide(self, step: tuple[Event, InvasionState, InvasionState, float]) -> None:
        """The moving enemy glides from its old spot to the new one in the first part of its step."""
        e, before, _after, dur = step
        name = f"X{e.data['enemy']}"
        old = token_spots(before, self.frame).get(name)
        new = self._spots.get(name)
        if old is None or new is None:
            return
        t = min(1.0, max(0.0, 1.0 - self.timer / max(0.01, dur * 0.7)))
        self._spots[name] = (old[0] + (new[0] - old[0]) * t, old[1] + (new[1] - old[1]) * t, new[2])

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


__all__ = ["InvasionView", "words_path"]
