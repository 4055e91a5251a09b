"""The Amoeba map editor: one person draws a whole map alone and saves it.

Drawing works exactly as in the game's drawing phase: a freehand outline becomes
a country through the rules' own clipping and checks (``AmoebaMap.clip_outline``),
and a refused outline stays on the paper in red with the reason.  One may also
start from a generated amoeba or from any saved map, erase a country with a
right-click, undo (Ctrl+Z), name the map and save it among the user's levels
(``game.levels.save_user_level``).  Saving also sets the setup screen below to
play the new map.
"""

from __future__ import annotations

import math
import secrets
from typing import Any

import pygame
import pygame_gui

from ...engine import Chance
from ...i18n import tr
from ...levels import LevelError, check_level_name, list_levels, save_user_level, shipped_levels, user_levels
from ...msg import M, Mn, Mp
from ...registry import Ruleset
from ...rules.amoeba.geometry import (
    PAPER_H,
    PAPER_W,
    AmoebaMap,
    MapRefusal,
    generate_map,
    load_map,
    map_from_level,
    map_to_level,
    unsavable,
)
from .. import paper
from ..app import App, Scene
from ..widgets import TextField
from .amoeba import RED, draw_countries, draw_refusal, draw_stroke

PANEL_W = 300
TOP = 64
GROW_CHOICES = [str(n) for n in range(4, 41)]


class AmoebaEditor(Scene):
    """A scene of its own (not a game): the sheet on the left, the tools on the right."""

    def __init__(self, app: App, ruleset: Ruleset) -> None:
        super().__init__(app)
        self.rs = ruleset
        self.map = AmoebaMap.starting()
        self.history: list[AmoebaMap] = []
        self.stroke: list[tuple[float, float]] = []  # millimetres
        self.drawing = False
        self.refused: tuple[list[tuple[float, float]], str] | None = None
        self.note = ""
        self.note_ok = True
        self.dirty = False
        self.confirm_leave = False
        self.confirm_name = ""
        self.saved_as = ""
        self.name_text = ""
        self.grow = 20
        self.seed = 1 + secrets.randbelow(10**6)
        self.mouse = (0, 0)
        self.hover = -1
        self.scale = 1.0
        self.sheet = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[Any, ...] | None = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

    # -- widgets ------------------------------------------------------------------------
    def build(self) -> None:
        box = self.new_box()
        ui = self.app.ui
        w, h = self.app.size
        avail_w = max(200, w - PANEL_W - 40)
        avail_h = max(140, h - TOP - 44)
        self.scale = min(avail_w / PAPER_W, avail_h / PAPER_H)
        self.sheet = pygame.Rect(16, TOP, int(PAPER_W * self.scale), int(PAPER_H * self.scale))
        self.panel = pygame.Rect(w - PANEL_W - 8, TOP, PANEL_W, h - TOP - 8)
        x, y = self.panel.x, self.panel.y
        half = (PANEL_W - 10) // 2

        def button(key: str, label: str, rect: pygame.Rect) -> None:
            self.buttons[key] = pygame_gui.elements.UIButton(rect, tr(label), ui, container=box)

        self.buttons = {}
        button("undo", Mp("button", "Undo"), pygame.Rect(x, y + 40, half, 38))
        button("clear", Mp("button", "Start over"), pygame.Rect(x + half + 10, y + 40, half, 38))
        self.grow_menu = pygame_gui.elements.UIDropDownMenu(GROW_CHOICES, str(self.grow),
                                                            pygame.Rect(x, y + 124, 90, 38), ui, container=box,
                                                            expansion_height_limit=260)
        button("grow", Mp("button", "Grow an amoeba"), pygame.Rect(x + 100, y + 124, PANEL_W - 100, 38))
        levels = list_levels(self.rs.name)  # file names, as they are
        none = [tr(M("(none)"))]  # no saved map to open
        self.open_menu = pygame_gui.elements.UIDropDownMenu(levels or none, (levels or none)[0],
                                                            pygame.Rect(x, y + 206, PANEL_W - 100, 38), ui,
                                                            container=box, expansion_height_limit=260)
        button("open", Mp("button", "Open"), pygame.Rect(x + PANEL_W - 90, y + 206, 90, 38))
        self.name_entry = TextField(pygame.Rect(x, y + 288, PANEL_W, 38), ui, "level_name",
                                                              container=box)
        self.name_entry.set_text(self.name_text)
        button("save", Mp("button", "Save map"), pygame.Rect(x, y + 334, PANEL_W, 42))
        button("back", Mp("button", "Back"), pygame.Rect(x, h - 58, PANEL_W, 44))
        self._sync()

    def _sync(self) -> None:
        if "undo" in self.buttons:
            if self.history:
                self.buttons["undo"].enable()
            else:
                self.buttons["undo"].disable()

    # -- changes -------------------------------------------------------------------------
    def _change(self, new: AmoebaMap) -> None:
        self.history.append(self.map)
        self.map = new
        self.dirty = True
        self.refused = None
        self._sync()

    def _say(self, text: str, ok: bool = True) -> None:
        self.note, self.note_ok = text, ok

    def undo(self) -> None:
        if not self.history:
            self._say(M("Nothing to undo."), False)
            return
        self.map = self.history.pop()
        self.refused = None
        self.dirty = True
        self._say("")
        self._sync()

    def finish_stroke(self) -> None:
        """The rules decide: a country, or a red outline with the reason."""
        self.drawing = False
        pts, self.stroke = self.stroke, []
        if len(pts) < 3:
            return
        try:
            poly = self.map.clip_outline(pts)
        except MapRefusal as exc:
            self.refused = (pts, exc.message)
            return
        self._change(self.map.with_country(poly))
        k = len(self.map.adjacency[-1])
        self._say(Mn("Country #{country} drawn: {n} neighbour.", "Country #{country} drawn: {n} neighbours.", k,
                     country=self.map.n))

    def erase(self, c: int) -> None:
        if self.map.n <= 1:
            self._say(M("The last country stays: draw around it, or Start over."), False)
            return
        rest = self.map.without(c)
        if not rest.connected():
            self._say(M("Erasing #{country} would cut the map in pieces.", country=c + 1), False)
            return
        self._change(rest)
        self._say(M("Country #{country} erased; the others after it are renumbered.", country=c + 1))

    def grow_amoeba(self) -> None:
        self._change(generate_map(self.grow, Chance(self.seed).random))
        self.seed += 1
        self._say(Mn("A fresh amoeba of {n} country. Grow again for another.",
                     "A fresh amoeba of {n} countries. Grow again for another.", self.map.n))

    def open_level(self, name: str) -> None:
        try:
            m = load_map(name)
        except LevelError as exc:
            self._say(_said(exc), False)
            return
        self._change(m)
        self.dirty = False
        self.name_text = name if name not in shipped_levels(self.rs.name) else f"my_{name}"[:40]
        self.name_entry.set_text(self.name_text)
        self._say(M("Opened {name}.", name=name))

    def save(self) -> bool:
        self.name_text = self.name_entry.get_text()
        if not self.name_text.strip():
            self._say(M("Type a name for the map first (letters, digits, '-' or '_')."), False)
            return False
        try:
            clean = check_level_name(self.rs.name, self.name_text)
        except LevelError as exc:
            self._say(_said(exc), False)
            return False
        why = unsavable(self.map)
        if why:
            self._say(why, False)
            return False
        if clean in user_levels(self.rs.name) and clean not in (self.confirm_name, self.saved_as):
            self.confirm_name = clean
            # TRANSLATORS: {name} is the map's name as the player typed it; "Save" is the button Save map.
            self._say(M("You already have a map called '{name}': press Save again to replace it.", name=clean), False)
            return False
        data = map_to_level(self.map, clean)
        try:
            map_from_level(data, clean)  # it must load back exactly as a level
            save_user_level(self.rs.name, clean, data)
        except (LevelError, OSError) as exc:
            self._say(M("The map could not be saved: {why}.", why=getattr(exc, "strerror", None) or _said(exc)), False)
            return False
        self.saved_as, self.confirm_name, self.dirty = clean, "", False
        self.name_text = clean
        self._play_on_setup(clean)
        # TRANSLATORS: "Map" and "saved map" are the setup screen's setting and its choice.
        self._say(M("Saved as '{name}'. The setup screen now plays it (Map: saved map).", name=clean))
        self.resize(self.app.size)  # the Open list shows it too
        return True

    def _play_on_setup(self, name: str) -> None:
        setup = self.app.find("setup")
        if setup is not None and setup.rs.name == self.rs.name:
            setup.values["map"] = "level"
            setup.values["level"] = name

    def leave(self) -> None:
        if self.dirty and not self.confirm_leave:
            self.confirm_leave = True
            self._say(M("This map is not saved: press Back (or Esc) again to leave without it."), False)
            return
        self.app.pop()

    # -- input --------------------------------------------------------------------------
    def to_mm(self, pos: tuple[int, int]) -> tuple[float, float]:
        return (pos[0] - self.sheet.x) / self.scale, (pos[1] - self.sheet.y) / self.scale

    def to_px(self, p: tuple[float, float]) -> tuple[float, float]:
        return self.sheet.x + p[0] * self.scale, self.sheet.y + p[1] * self.scale

    def country_at(self, pos: tuple[int, int]) -> int:
        return self.map.country_at(*self.to_mm(pos)) if self.sheet.collidepoint(pos) else -1

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in self.buttons.items() if b is event.ui_element), "")
            if key != "back":
                self.confirm_leave = False
            if key == "undo":
                self.undo()
            elif key == "clear":
                self._change(AmoebaMap.starting())
                self._say(M("Back to the central circle."))
            elif key == "grow":
                self.grow_amoeba()
            elif key == "open":
                self.open_level(self.open_menu.selected_option[0] if isinstance(self.open_menu.selected_option,
                                                                                tuple)
                                else self.open_menu.selected_option)
            elif key == "save":
                self.save()
            elif key == "back":
                self.leave()
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.grow_menu:
            self.grow = int(event.text)
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name_entry:
            self.save()
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL and not self.name_entry.is_focused:
                self.undo()
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = -1 if self.drawing else self.country_at(event.pos)
            if self.drawing:
                p = self.to_mm(event.pos)
                if math.dist(p, self.stroke[-1]) > 0.8:
                    self.stroke.append(p)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.sheet.collidepoint(event.pos):
            self.confirm_leave = False
            self.drawing = True
            self.refused = None
            self.stroke = [self.to_mm(event.pos)]
            self.hover = -1
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drawing:
            p = self.to_mm(event.pos)
            if math.dist(p, self.stroke[-1]) > 0.8:
                self.stroke.append(p)
            self.finish_stroke()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            if self.drawing:
                self.drawing, self.stroke = False, []
                return
            c = self.country_at(event.pos)
            if c >= 0:
                self.confirm_leave = False
                self.erase(c)

    # -- drawing ------------------------------------------------------------------------
    def _sheet_layer(self) -> pygame.Surface:
        key = (id(self.map), self.sheet.size)
        if self._layer is None or self._layer_key != key:
            surf = pygame.Surface(self.sheet.size)
            self._layer = surf.convert() if pygame.display.get_surface() is not None else surf
            draw_countries(self._layer, self.map, self.scale)
            self._layer_key = key
        return self._layer

    def _outline(self, surface: pygame.Surface, c: int, colour: tuple[int, int, int], width: int) -> None:
        pts = [self.to_px(p) for p in self.map.rings[c][0]]
        if len(pts) > 2:
            pygame.draw.polygon(surface, colour, pts, width)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        w, h = self.app.size
        paper.text(surface, M("Map editor: {game}", game=self.rs.title), (16, 14), 32, paper.INK, bold=True)
        surface.blit(self._sheet_layer(), self.sheet.topleft)
        if 0 <= self.hover < self.map.n:
            for d in self.map.adjacency[self.hover]:
                self._outline(surface, d, paper.GOOD, 2)
            self._outline(surface, self.hover, paper.INK, 3)
        draw_stroke(surface, [self.to_px(p) for p in self.stroke])
        if self.refused is not None:
            draw_refusal(surface, [self.to_px(p) for p in self.refused[0]], self.refused[1], self.sheet)
        self._draw_panel(surface)
        hint = M("Hold the mouse button and draw a country against the map. "
                 "Right-click erases a country; Ctrl+Z undoes.")
        paper.text(surface, hint, (16, self.sheet.bottom + 10), 18, paper.GRAPHITE)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        x, y = self.panel.x, self.panel.y
        n = self.map.n
        paper.text(surface, Mn("{n} country", "{n} countries", n), (x, y), 24, paper.INK, bold=True)
        if 0 <= self.hover < n:
            k = len(self.map.adjacency[self.hover])
            paper.text(surface, Mn("#{country}: {n} neighbour", "#{country}: {n} neighbours", k, country=self.hover + 1),
                       (x + 150, y + 4), 18, paper.GRAPHITE)
        paper.text(surface, M("Countries:"), (x, y + 98), 18, paper.INK)
        paper.text(surface, M("Start from a saved map:"), (x, y + 180), 18, paper.INK)
        paper.text(surface, M("Name:"), (x, y + 262), 18, paper.INK)
        ty = y + 390
        if self.note:
            for line in paper.wrap(self.note, 18, PANEL_W):
                paper.text(surface, line, (x, ty), 18, paper.GOOD if self.note_ok else RED)
                ty += 22
        elif unsavable(self.map):
            for line in paper.wrap(unsavable(self.map), 17, PANEL_W):
                paper.text(surface, line, (x, ty), 17, paper.GRAPHITE)
                ty += 21
        rules = M("A new country must be one piece, share at least 1 cm of border with the map and "
                  "hold a few numbers; what you draw over other countries is trimmed off.")
        lines = paper.wrap(rules, 16, PANEL_W)
        ry = max(ty + 10, self.app.size[1] - 70 - 20 * len(lines))
        for line in lines:
            paper.text(surface, line, (x, ry), 16, paper.GRAPHITE)
            ry += 20


def _said(exc: Exception) -> str:
    """A refusal's sentence as a message when it is one (a LevelError holds the Msg it was given)."""
    return exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
