"""The Warigami map editor: paint walls and start zones on a squared sheet, check, name, save.

Offered on the setup screen (``Ruleset.editor``).  Left button paints with the chosen
brush (wall, or start zone 1-4), right button erases; dragging paints every square
the pointer crosses.  Start from a blank sheet of any size or from an existing map.
What would stop a game from using the map is listed as sentences beside the sheet
and the map is only saved when the list is empty: the check reads the map back
exactly as the game's loader will (``board.map_problems``), so a saved map loads.
Saved maps go to the player's own level folder (``levels.save_user_level``); the
setup screen lists them after the shipped ones and selects the one just saved.
"""

from __future__ import annotations

import math
from typing import Any

import pygame
import pygame_gui

from ...i18n import tr
from ...levels import LevelError, check_level_name, list_levels, save_user_level, user_levels
from ...msg import M, Mn, Mp, Msg
from ...registry import Ruleset
from ...rules.warigami.board import (
    GAME,
    MAX_SIDE,
    OPEN,
    WALL,
    Board,
    Square,
    blank_board,
    board_from_json,
    edit_board,
    load_board,
    map_problems,
    renamed,
    resize_board,
)
from .. import paper
from ..app import App, Scene
from ..widgets import TextField
from .warigami import _mix, draw_sheet

PANEL_W = 330
TOP_H = 70
MIN_SIDE = 4
MAX_SQUAD = 30
BLANK = "(blank sheet)"
#: The start menu's first choice, as the player reads it.
BLANK_SHOWN = Mp("editor", "(blank sheet)")
BRUSHES: tuple[tuple[str, Msg, str], ...] = (
    (WALL, Mp("brush", "Wall"), "W"), (OPEN, Mp("brush", "Erase"), "X"),
    *((z, Mp("brush", "Zone {n}", n=int(z)), z) for z in ("1", "2", "3", "4")),
)
KEYS = {pygame.K_w: WALL, pygame.K_x: OPEN, pygame.K_0: OPEN, pygame.K_1: "1", pygame.K_2: "2", pygame.K_3: "3",
        pygame.K_4: "4"}


def said(exc: BaseException) -> str:
    """An exception's sentence as a message when it was raised with one (so that it is drawn in
    the player's language), else its text."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Msg) else str(exc)


def level_choices() -> dict[str, str]:
    """What the start menu lists, as shown -> what it opens: the blank sheet, every map that
    comes with the game by its name in the player's language, then the player's own maps by
    their file names (as the editor's sentences name them)."""
    own = set(user_levels(GAME))
    out = {tr(BLANK_SHOWN): BLANK}
    for n in list_levels(GAME):
        shown = n
        if n not in own:
            try:
                shown = tr(load_board(n).name) or n
            except LevelError:
                pass
        out[f"{shown} ({n})" if shown in out else shown] = n
    return out


def cells_between(a: Square, b: Square) -> list[Square]:
    """The squares of a straight drag from ``a`` to ``b`` (Bresenham), both ends included."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x1 > x0 else -1), (1 if y1 > y0 else -1)
    err = dx + dy
    out = [(x0, y0)]
    while (x0, y0) != (x1, y1):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy
        out.append((x0, y0))
    return out


class WarigamiEditor(Scene):
    def __init__(self, app: App, ruleset: Ruleset) -> None:
        super().__init__(app)
        self.rs = ruleset
        self.board: Board = blank_board(16, 12, "")
        self.map_name = ""
        self.brush = WALL
        self.squad = 10
        setup = self._setup_scene()
        if setup is not None:
            try:
                self.squad = max(1, min(MAX_SQUAD, int(setup.values.get("units", 10))))
            except (TypeError, ValueError):
                self.squad = 10
        self.undo_stack: list[Board] = []
        self.stroke: str | None = None
        self.last: Square | None = None
        self.stroke_start: Board | None = None
        self.hover: Square | None = None
        self.start_choice = BLANK
        self.saved_as = ""
        self.dirty = False
        self.leave_armed = False
        self.replace_armed = ""
        self.message: str = ""
        self.message_ok = False
        self.problems: list[str] = []
        self.start_ids: dict[str, str] = {}
        self.cell = 20.0
        self.origin = (0.0, 0.0)
        self._sheet: pygame.Surface | None = None
        self._sheet_key: tuple[object, ...] = ()
        self.brush_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._check()

    # -- helpers ------------------------------------------------------------------
    def _setup_scene(self) -> Any:
        return self.app.find("setup")

    def _check(self) -> None:
        self.problems = map_problems(renamed(self.board, self.map_name), self.squad)

    def _say(self, text: str, ok: bool = False) -> None:
        self.message, self.message_ok = text, ok

    def _set_board(self, board: Board, undoable: bool = True) -> None:
        if board == self.board:
            return
        if undoable:
            self.undo_stack.append(self.board)
            del self.undo_stack[:-200]
        self.board = board
        self.dirty = True
        self.leave_armed = False
        self.replace_armed = ""
        self._layout_sheet()
        if self.stroke is None:
            self._check()  # during a drag the list waits for the button's release

    # -- widgets --------------------------------------------------------------------
    def build(self) -> None:
        box = self.new_box()
        ui = self.app.ui
        w, h = self.app.size
        x = w - PANEL_W + 10
        y = TOP_H
        self.labels: list[tuple[tuple[int, int], str, int]] = []  # where, what, how wide it may be

        def label(text: str) -> None:
            self.labels.append(((x, y + 8), text, 104))

        label(Mp("editor", "Start from"))
        self.start_ids = level_choices()
        choices: list[str | tuple[str, str]] = list(self.start_ids)
        current = next((t for t, n in self.start_ids.items() if n == self.start_choice), choices[0])
        self.start_menu = pygame_gui.elements.UIDropDownMenu(choices, current, pygame.Rect(x + 110, y, 200, 36), ui,
                                                             container=box, expansion_height_limit=300)
        y += 44
        label(Mp("editor", "Size"))
        sides: list[str | tuple[str, str]] = [str(n) for n in range(MIN_SIDE, MAX_SIDE + 1)]
        self.width_menu = pygame_gui.elements.UIDropDownMenu(sides, str(self.board.width),
                                                             pygame.Rect(x + 110, y, 90, 36), ui, container=box,
                                                             expansion_height_limit=300)
        self.height_menu = pygame_gui.elements.UIDropDownMenu(sides, str(self.board.height),
                                                              pygame.Rect(x + 220, y, 90, 36), ui, container=box,
                                                              expansion_height_limit=300)
        self.labels.append(((x + 204, y + 8), "x", 16))
        y += 50
        self.labels.append(((x, y - 6), M("Brush (the right button erases)"), PANEL_W - 20))
        y += 20
        self.brush_buttons = {}
        for i, (paint, text, k) in enumerate(BRUSHES):
            col, row = i % 3, i // 3
            self.brush_buttons[paint] = pygame_gui.elements.UIButton(
                pygame.Rect(x + col * 104, y + row * 42, 98, 36), tr(text), ui, container=box,
                tool_tip_text=tr(M("key {key}", key=k)))
        y += 92
        label(M("Squad size"))
        squads: list[str | tuple[str, str]] = [str(n) for n in range(1, MAX_SQUAD + 1)]
        self.squad_menu = pygame_gui.elements.UIDropDownMenu(squads,
                                                             str(self.squad), pygame.Rect(x + 110, y, 90, 36), ui,
                                                             container=box, expansion_height_limit=300)
        self.squad_menu.set_tooltip(tr(M("Every start zone must hold a squad of this size.")))
        y += 44
        label(Mp("editor", "Name"))
        self.name_entry = TextField(pygame.Rect(x + 110, y, 200, 36), ui, "level_name", container=box)
        self.name_entry.set_text(self.map_name)
        y += 50
        self.save_button = pygame_gui.elements.UIButton(pygame.Rect(x, y, 150, 42), tr(Mp("editor", "Save")), ui,
                                                        container=box,
                                                        tool_tip_text="Ctrl+S")
        self.back_button = pygame_gui.elements.UIButton(pygame.Rect(x + 160, y, 150, 42), tr(M("Back")), ui,
                                                        container=box, tool_tip_text="Esc")
        self.text_top = y + 56
        self._sync_brushes()
        self._layout_sheet()

    def _sync_brushes(self) -> None:
        for paint, b in self.brush_buttons.items():
            if paint == self.brush:
                b.select()
            else:
                b.unselect()

    def _layout_sheet(self) -> None:
        w, h = self.app.size
        area = pygame.Rect(16, TOP_H, w - PANEL_W - 32, h - TOP_H - 16)
        b = self.board
        self.cell = max(4.0, min(48.0, area.w / b.width, area.h / b.height))
        gw, gh = self.cell * b.width, self.cell * b.height
        self.origin = (area.x + (area.w - gw) / 2, area.y + (area.h - gh) / 2)

    def resize(self, size: tuple[int, int]) -> None:
        self.map_name = self.name_entry.get_text() if self.box is not None else self.map_name
        super().resize(size)

    # -- sheet geometry -------------------------------------------------------------
    def square_at(self, pos: tuple[int, int]) -> Square | None:
        x = math.floor((pos[0] - self.origin[0]) / self.cell)
        y = math.floor((pos[1] - self.origin[1]) / self.cell)
        return (x, y) if self.board.inside((x, y)) else None

    def centre(self, sq: Square) -> tuple[int, int]:
        return (int(self.origin[0] + (sq[0] + 0.5) * self.cell), int(self.origin[1] + (sq[1] + 0.5) * self.cell))

    # -- actions ----------------------------------------------------------------------
    def paint(self, squares: list[Square], paint: str) -> None:
        b = self.board
        for sq in squares:
            b = edit_board(b, sq, paint)
        self._set_board(b, undoable=False)

    def undo(self) -> None:
        if not self.undo_stack:
            self._say(M("Nothing to undo."))
            return
        self.board = self.undo_stack.pop()
        self.dirty = True
        self._layout_sheet()
        self._sync_size_menus()
        self._check()

    def _sync_size_menus(self) -> None:
        # Rebuild the panel so the size menus show the board's size.
        if self.box is not None:
            self.map_name = self.name_entry.get_text()
            super().resize(self.app.size)

    def start_from(self, choice: str) -> None:
        self.start_choice = choice
        if choice == BLANK:
            board = blank_board(self.board.width, self.board.height, "")
            self._set_board(board)
            self._say(M("A blank {w} x {h} sheet with two start zones.", w=board.width, h=board.height), True)
            return
        try:
            board = load_board(choice)
        except LevelError as exc:
            # TRANSLATORS: {map} is a map's file name, {problem} the sentence saying what is wrong with it
            self._say(M("Cannot open {map}: {problem}", map=choice, problem=said(exc)))
            return
        self._set_board(renamed(board, ""))
        self.map_name = choice if choice in user_levels(GAME) else f"my_{choice}"
        self.name_entry.set_text(self.map_name)
        self._sync_size_menus()
        self._check()
        # TRANSLATORS: {map} is the map's title
        self._say(M("Editing a copy of {map}; it saves under the name you give it.", map=Msg(board.name)), True)

    def set_size(self, width: int, height: int) -> None:
        if (width, height) == (self.board.width, self.board.height):
            return
        self._set_board(resize_board(self.board, width, height))
        self._say(M("The sheet is now {w} x {h} squares (Ctrl+Z undoes).", w=width, h=height), True)

    def save(self) -> bool:
        self.map_name = self.name_entry.get_text().strip()
        self._check()
        if self.problems:
            self._say(M("Not saved: {problem}", problem=self.problems[0]))
            return False
        try:
            clean = check_level_name(GAME, self.map_name)
        except LevelError as exc:
            self._say(M("Not saved: {problem}", problem=said(exc)))
            return False
        if clean in user_levels(GAME) and self.replace_armed != clean:
            self.replace_armed = clean
            self._say(M("You already have a map called '{map}'. Press Save again to replace it.", map=clean))
            return False
        data = renamed(self.board, self.map_name).to_json()
        try:
            board_from_json(data, f"{clean}.json")  # the loader's own check, once more on the exact data
            save_user_level(GAME, self.map_name, data)
        except (LevelError, OSError) as exc:
            self._say(M("Not saved: {problem}", problem=said(exc)))
            return False
        self.dirty = False
        self.saved_as = clean
        self.replace_armed = ""
        setup = self._setup_scene()
        if setup is not None and "level" in getattr(setup, "values", {}):
            setup.values["level"] = clean
        self._say(M("Saved as '{map}'. It is in the Map list of the setup screen.", map=clean), True)
        return True

    def back(self) -> None:
        if self.dirty and not self.leave_armed:
            self.leave_armed = True
            self._say(M("This map has unsaved changes. Press Back (or Esc) again to leave without saving."))
            return
        self.app.pop()

    # -- events -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.save_button:
                self.save()
            elif event.ui_element is self.back_button:
                self.back()
            else:
                for paint, b in self.brush_buttons.items():
                    if event.ui_element is b:
                        self.brush = paint
                        self._sync_brushes()
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.start_menu:
                self.start_from(self.start_ids.get(event.text, event.text))
            elif event.ui_element is self.width_menu:
                self.set_size(int(event.text), self.board.height)
            elif event.ui_element is self.height_menu:
                self.set_size(self.board.width, int(event.text))
            elif event.ui_element is self.squad_menu:
                self.squad = int(event.text)
                self._check()
            return
        if event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED) \
                and event.ui_element is self.name_entry:
            self.map_name = self.name_entry.get_text()
            self.replace_armed = ""
            self._check()
            if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
                self.save()
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            sq = self.square_at(event.pos)
            if sq is None:
                return
            self.stroke = self.brush if event.button == 1 else OPEN
            self.stroke_start = self.board
            self.last = sq
            self.paint([sq], self.stroke)
        elif event.type == pygame.MOUSEMOTION:
            sq = self.square_at(event.pos)
            self.hover = sq
            if self.stroke is not None and sq is not None and sq != self.last:
                self.paint(cells_between(self.last, sq) if self.last is not None else [sq], self.stroke)
            self.last = sq
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self._end_stroke()

    def _end_stroke(self) -> None:
        if self.stroke is not None and self.stroke_start is not None and self.stroke_start != self.board:
            self.undo_stack.append(self.stroke_start)
            del self.undo_stack[:-200]
            self.message = ""
        self.stroke, self.last, self.stroke_start = None, None, None
        self._check()

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.mod & pygame.KMOD_CTRL:
            if event.key == pygame.K_z:
                self.undo()
            elif event.key == pygame.K_s:
                self.save()
            return
        if self.name_entry.is_focused:
            return  # typing a name, not choosing brushes
        if event.key in KEYS:
            self.brush = KEYS[event.key]
            self._sync_brushes()

    # -- drawing ----------------------------------------------------------------------------
    def sheet(self) -> pygame.Surface:
        size = (math.ceil(self.cell * self.board.width) + 1, math.ceil(self.cell * self.board.height) + 1)
        key = (self.board, self.cell)
        if self._sheet is None or self._sheet_key != key:
            surf = paper.paper_surface(size, seed=11).copy()
            draw_sheet(surf, self.board, self.cell)
            self._sheet, self._sheet_key = surf, key
        return self._sheet

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        w, h = self.app.size
        title, size = paper.fit(M("Map editor: {game}", game=Msg(self.rs.title)), 30, w - 32, bold=True)
        paper.text(surface, title, (16, 10), size, paper.INK, bold=True)
        hint, size = paper.fit(M("Left button paints with the brush, right button erases; drag to paint a line. "
                                 "Ctrl+Z undoes."), 18, w - 32)
        paper.text(surface, hint, (16, 44), size, paper.GRAPHITE)
        ox, oy = round(self.origin[0]), round(self.origin[1])
        surface.blit(self.sheet(), (ox, oy))
        if self.hover is not None:
            r = pygame.Rect(round(self.origin[0] + self.hover[0] * self.cell),
                            round(self.origin[1] + self.hover[1] * self.cell), math.ceil(self.cell),
                            math.ceil(self.cell))
            colour = paper.INK if self.brush in (WALL, OPEN) else paper.player_colour(int(self.brush) - 1)
            pygame.draw.rect(surface, colour, r, 2)
        for pos, text, room in getattr(self, "labels", []):
            shown, size = paper.fit(text, 19, room)  # a longer language's label shrinks to its column
            paper.text(surface, shown, (pos[0], pos[1] + (19 - size) // 2), size, paper.INK)
        x = w - PANEL_W + 10
        y = getattr(self, "text_top", TOP_H + 400)
        b = self.board
        # TRANSLATORS: a start zone and how many squares it has
        counted = [M("zone {zone}: {n}", zone=i + 1, n=len(z)) for i, z in enumerate(b.zones)]
        zones = ", ".join(tr(z) for z in counted)
        # TRANSLATORS: the map's size and walls; {zones} lists its start zones ("zone 1: 10, zone 2: 10")
        sizes = Mn("{w} x {h} squares, {n} wall; {zones}.", "{w} x {h} squares, {n} walls; {zones}.", len(b.walls),
                   w=b.width, h=b.height, zones=zones or M("no start zones"))
        for line in paper.wrap(sizes, 17, PANEL_W - 20):
            paper.text(surface, line, (x, y), 17, paper.GRAPHITE)
            y += 21
        y += 6
        if self.message:
            for line in paper.wrap(self.message, 18, PANEL_W - 20):
                paper.text(surface, line, (x, y), 18, paper.GOOD if self.message_ok else paper.WARN)
                y += 22
            y += 6
        if self.problems:
            paper.text(surface, M("Before it can be saved:"), (x, y), 18, paper.INK, bold=True)
            y += 24
            indent = paper.font(17).size("- ")[0]
            lines = [(i == 0, line) for p in self.problems for i, line in enumerate(paper.wrap(p, 17, PANEL_W - 34))]
            for first, line in lines:
                if y + 20 > h:
                    break  # the window's bottom: the list says what it can (the first problem comes first)
                if first:
                    paper.text(surface, "-", (x, y), 17, paper.WARN)
                paper.text(surface, line, (x + indent, y), 17, paper.WARN)
                y += 21
        elif self.dirty or not self.saved_as:
            paper.text(surface, M("Ready to save."), (x, y), 18, _mix(paper.GOOD, paper.INK, 0.2), bold=True)
