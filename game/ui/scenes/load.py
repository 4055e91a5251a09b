"""Load a saved game from the saves folder."""

from __future__ import annotations

import pygame
import pygame_gui

from ...jsonio import file_name
from ...saves import describe_save
from .. import paper
from ..app import App, Scene
from .pause import saves_dir

#: The list shows at most this many files (newest first); a folder holding more says so.
MAX_LISTED = 500


def list_saves() -> list:  # type: ignore[type-arg]
    """Every *.json file in the saves folder, newest first; never raises."""
    def when(p):  # type: ignore[no-untyped-def]
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0

    try:
        files = [p for p in saves_dir().glob("*.json")]
    except OSError:
        return []
    return sorted(files, key=when, reverse=True)[:MAX_LISTED]


class LoadScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.files = list_saves()
        # what the list shows for each file: game, time, length (or that it is damaged, and why)
        self.labels: dict[str, object] = {}
        for path in self.files:
            label = describe_save(path)
            if label in self.labels:
                label = f"{label} ({file_name(path)})"
            while label in self.labels:
                label += " "
            self.labels[label] = path
        self.message = ""  # a line just above the buttons (never a toast over them)

    def build(self) -> None:
        box = self.new_box()
        w, h = self.app.size
        ui = self.app.ui
        px = self.px
        # At the UI scale: the list as wide as the window allows, the buttons in a row below it.
        lw = min(px(600), w - px(40))
        self.list = pygame_gui.elements.UISelectionList(pygame.Rect(w // 2 - lw // 2, px(110), lw, h - px(230)),
                                                        list(self.labels), ui, container=box)
        if not self.files:
            self.list.hide()  # an empty box would cover the line saying there are no saves yet
        back, open_, watch = self.button_rows(["Back", "Open", "Watch"], h - px(42), width=180, height=48)
        self.open = pygame_gui.elements.UIButton(open_, "Open", ui, container=box)
        self.back = pygame_gui.elements.UIButton(back, "Back", ui, container=box)
        # shell hook: watch the selected file in the replay viewer
        self.watch = pygame_gui.elements.UIButton(watch, "Watch", ui, container=box,
                                                  tool_tip_text="Play it back move by move")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.open:
                self.open_selected()
            elif event.ui_element is self.watch:
                self.open_selected(watch=True)
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            self.message = ""
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            self.open_selected()

    def open_selected(self, watch: bool = False) -> None:
        from .menu import MenuScene

        label = self.list.get_single_selection()
        if not label or label not in self.labels:
            self.message = "Pick a saved game first."
            return
        menu = self.app.find(MenuScene)
        self.app.pop()
        if menu is not None and watch:
            menu.open_replay(self.labels[label])
        elif menu is not None:
            menu.open_save(self.labels[label])  # type: ignore[arg-type]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        w, h = self.app.size
        px = self.px
        if self.message:
            paper.text(surface, self.message, (w // 2, h - px(116)), px(20), paper.WARN, "midtop")
        paper.text(surface, "Load a saved game", (w // 2, px(40)), px(40), paper.INK, "midtop", bold=True)
        if not self.files:
            paper.text(surface, "No saved games yet: Esc in a game, then Save.", (w // 2, px(300)), px(22),
                       paper.GRAPHITE, "midtop")
