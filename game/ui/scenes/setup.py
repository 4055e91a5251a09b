"""Game setup: seats (person or computer), variants and level, seed; then play."""

from __future__ import annotations

import secrets
from typing import Any

import pygame
import pygame_gui

from ...engine import Setting, SettingsError
from ...jsonio import FileProblem
from ...levels import list_levels
from ...registry import Ruleset
from ...session import Session
from .. import paper
from ..app import App, Scene

ROW = 46
LABEL_W = 205   # labels wrap to two lines within this width
WIDGET_W = 185
COL_W = LABEL_W + WIDGET_W + 12


class SetupScene(Scene):
    def __init__(self, app: App, ruleset: Ruleset) -> None:
        super().__init__(app)
        self.rs = ruleset
        saved = app.prefs.defaults.get(ruleset.name, {})
        self.values: dict[str, Any] = {}
        for spec in ruleset.game_cls.settings_spec:
            v = saved.get("settings", {}).get(spec.key, spec.default)
            try:
                self.values[spec.key] = spec.validate(v)
            except SettingsError:
                self.values[spec.key] = spec.default
        self.seats: list[str] = [s for s in saved.get("seats", []) if isinstance(s, str)]
        self.seed = str(1 + secrets.randbelow(10**6))
        self.widgets: dict[object, tuple[str, Any]] = {}
        self.labels: list[tuple[tuple[int, int], str]] = []
        self.problem = ""

    def num_players(self) -> int:
        try:
            return self.rs.make_game(self.values).num_players
        except (SettingsError, FileProblem) as exc:
            self.problem = str(exc)
            return self.rs.players[0]

    def seat_options(self) -> list[str]:
        return ["Person"] + [f"Computer ({name})" for name in self.rs.agent_names()[::-1]]

    def build(self) -> None:
        box = self.new_box()
        ui = self.app.ui
        w, h = self.app.size
        self.widgets, self.labels = {}, []
        specs = list(self.rs.game_cls.settings_spec)
        top = 150
        rows_per_col = max(1, (h - top - 110) // ROW)
        need_cols = max(1, -(-len(specs) // rows_per_col))
        cols = max(1, min(need_cols + 1, (w - 20) // COL_W))
        setting_cols = max(1, cols - 1)
        # Widgets take the room there is (long choices such as themes stay readable).
        self.widget_w = wide = max(WIDGET_W, min(300, (w - 40) // cols - LABEL_W - 12))
        col_w = LABEL_W + wide + 12
        x0 = (w - cols * col_w) // 2 + 10
        if specs:
            self.labels.append(((x0, top - 36), "Rules and variants"))
        for i, spec in enumerate(specs):
            c, r = divmod(i, rows_per_col)
            c = min(c, setting_cols - 1)
            x, y = x0 + c * col_w, top + r * ROW
            self.labels.append(((x, y), spec.label))
            self._setting_widget(spec, pygame.Rect(x + LABEL_W, y, wide, 38), box)
        # Seats.
        n = self.num_players()
        while len(self.seats) < n:
            self.seats.append("human" if not self.seats else self.rs.default_ai)
        self.seats = self.seats[:n]
        sx = x0 + (cols - 1) * col_w if cols > 1 else x0
        sy = top if cols > 1 else top + (len(specs) + 1) * ROW
        self.labels.append(((sx, sy - 36), "Seats"))
        opts = self.seat_options()
        for seat in range(n):
            current = "Person" if self.seats[seat] == "human" else f"Computer ({self.seats[seat]})"
            if current not in opts:
                current = "Person"
            self.labels.append(((sx + 30, sy + seat * ROW), self.rs.game_cls(self.values).player_name(seat)
                                 if not self.problem else f"Player {seat + 1}"))
            dd = pygame_gui.elements.UIDropDownMenu(opts, current, pygame.Rect(sx + LABEL_W, sy + seat * ROW,
                                                                               wide, 38), ui, container=box)
            self.widgets[dd] = ("seat", seat)
        y = sy + n * ROW + 20
        self.labels.append(((sx, y), "Seed (replays)"))
        self.seed_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(sx + LABEL_W, y, wide, 38), ui,
                                                              container=box)
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text(self.seed)
        labels = ["Back", "Start"] + ([self.rs.editor_label] if self.rs.editor else [])
        bx = w // 2 - (len(labels) * 220 - 20) // 2
        made = [pygame_gui.elements.UIButton(pygame.Rect(bx + i * 220, h - 80, 200, 50), label, ui, container=box)
                for i, label in enumerate(labels)]
        self.back, self.start = made[0], made[1]
        self.editor = made[2] if self.rs.editor else None
        from .lesson import list_lessons  # issue 17: the game's lessons (hook kept small: lessons branch)
        self.learn = pygame_gui.elements.UIButton(pygame.Rect(w - 180, 16, 160, 40), "Learn to play", ui,
                                                  container=box) if list_lessons(self.rs.name) else None

    def _setting_widget(self, spec: Setting, rect: pygame.Rect, box: Any) -> None:
        ui = self.app.ui
        value = self.values[spec.key]
        if spec.kind == "bool":
            options = ["off", "on"]
        elif spec.kind == "int":
            options = [str(v) for v in range(spec.lo, spec.hi + 1)] if spec.hi - spec.lo <= 60 else []
        elif spec.kind == "level":
            options = list_levels(self.rs.name) or [str(value)]
        else:
            options = [spec.shown(c) for c in spec.choices]
        if options:
            current = spec.shown(value)
            if current not in options:
                options.append(current)
            widget: Any = pygame_gui.elements.UIDropDownMenu(options, current, rect, ui, container=box,
                                                             expansion_height_limit=300)
        else:
            widget = pygame_gui.elements.UITextEntryLine(rect, ui, container=box)
            widget.set_allowed_characters("numbers")
            widget.set_text(str(value))
        if spec.help:
            widget.set_tooltip(spec.help) if hasattr(widget, "set_tooltip") else None
        self.widgets[widget] = ("setting", spec)

    def _set_setting(self, spec: Setting, text: str) -> None:
        if spec.kind == "bool":
            value: Any = text == "on"
        elif spec.kind == "int":
            try:
                value = int(text)
            except ValueError:
                return
        elif spec.kind == "level":
            value = text
        else:
            value = next((c for c in spec.choices if spec.shown(c) == text), spec.default)
        try:
            self.values[spec.key] = spec.validate(value)
            self.problem = ""
        except SettingsError as exc:
            self.problem = str(exc)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.widgets:
            kind, what = self.widgets[event.ui_element]
            if kind == "seat":
                self.seats[what] = "human" if event.text == "Person" else event.text[len("Computer ("):-1]
            else:
                before = self.num_players()
                self._set_setting(what, event.text)
                if self.num_players() != before:
                    self.resize(self.app.size)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in self.widgets:
            _, spec = self.widgets[event.ui_element]
            self._set_setting(spec, event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start:
                self.begin()
            elif event.ui_element is self.back:
                self.app.pop()
            elif self.editor is not None and event.ui_element is self.editor:
                self.open_editor()
            elif event.ui_element is getattr(self, "learn", None):
                from .lesson import LessonsScene

                self.app.push(LessonsScene(self.app, self.rs.name))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def open_editor(self) -> None:
        import importlib

        module, cls = self.rs.editor.split(":")
        self.app.push(getattr(importlib.import_module(module), cls)(self.app, self.rs))

    def resume(self) -> None:
        # Back from the editor: a level saved there must show in the level list.
        self.seed = self.seed_entry.get_text() or self.seed
        self.resize(self.app.size)
        if self.box is not None:
            self.box.show()

    def begin(self) -> bool:
        from .play import PlayScene

        for widget, (kind, spec) in self.widgets.items():
            if kind == "setting" and isinstance(widget, pygame_gui.elements.UITextEntryLine):
                self._set_setting(spec, widget.get_text())
        try:
            seed = int(self.seed_entry.get_text() or "0")
        except ValueError:
            seed = 0
        try:
            # Settings a game takes from the player's profile (Invasion's used words), not shown here.
            profile = getattr(self.rs.game_cls, "profile_settings", None)
            settings = {**self.values, **(profile() if profile else {})}
            session = Session.new(self.rs.name, settings, seed, list(self.seats))
        except (SettingsError, FileProblem, ValueError) as exc:
            self.problem = str(exc)
            self.app.toast(self.problem, 8)
            return False
        self.app.prefs.defaults[self.rs.name] = {"settings": dict(self.values), "seats": list(self.seats)}
        self.app.replace(PlayScene(self.app, session))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        w, _ = self.app.size
        paper.text(surface, f"New game: {self.rs.title}", (w // 2, 24), 40, paper.INK, "midtop", bold=True)
        paper.text(surface, self.rs.pitch, (w // 2, 74), 20, paper.GRAPHITE, "midtop")
        for (x, y), label in self.labels:
            if label in ("Seats", "Rules and variants"):
                paper.text(surface, label, (x, y), 21, paper.INK, bold=True)
                continue
            lines = paper.wrap(label, 18, LABEL_W - 12)[:2]
            ty = y + 19 - 10 * len(lines)
            for line in lines:
                paper.text(surface, line, (x, ty), 18, paper.INK)
                ty += 20
        seat_label = [lbl for lbl in self.labels if lbl[1] == "Seats"]
        if seat_label:
            (sx, sy), _ = seat_label[0]
            for seat in range(len(self.seats)):
                paper.draw_symbol(surface, seat, (sx + 12, sy + 36 + 19 + seat * ROW), 16)
        if self.problem:
            paper.text(surface, self.problem, (w // 2, self.app.size[1] - 120), 19, paper.WARN, "midtop")
        describe = getattr(self.rs.game_cls, "describe_setup", None)  # a ruleset may say what its level holds
        if describe is not None and not self.problem:
            try:
                lines = [ln for text in describe(self.values) for ln in paper.wrap(text, 18, w - 120)]
            except (SettingsError, FileProblem):
                lines = []
            for i, line in enumerate(lines[:6]):
                paper.text(surface, line, (w // 2, self.app.size[1] - 250 + 22 * i), 18, paper.GRAPHITE, "midtop")
