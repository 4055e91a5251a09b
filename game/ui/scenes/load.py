"""Load a saved game: the games in progress (autosaves) and the saves folder, newest first."""

from __future__ import annotations

import pygame
import pygame_gui

from ...i18n import tr
from ...jsonio import file_name
from ...msg import N_
from ...saves import SaveInfo, list_autosaves, save_info, saves_dir
from .. import paper
from ..app import App, Scene

#: The list shows at most this many files (newest first); a folder holding more says so.
MAX_LISTED = 500
#: Lines of the selected entry shown in full under the list.
DETAIL_LINES = 3


def list_saves() -> list:  # type: ignore[type-arg]
    """The games in progress (autosaves) and every *.json file in the saves folder, the one
    written last first; never raises."""
    def when(p):  # type: ignore[no-untyped-def]
        try:
            return p.stat().st_mtime_ns
        except OSError:
            return 0

    try:
        files = [p for p in saves_dir().glob("*.json")]
    except OSError:
        files = []
    return sorted(list_autosaves() + files, key=when, reverse=True)[:MAX_LISTED]


class LoadScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.files = list_saves()
        # what the list shows for each file: game, how it stands, settings, seats, when (or why it will not open)
        self.labels: dict[str, object] = {}
        self.infos: dict[str, SaveInfo] = {}
        for path in self.files:
            info = save_info(path)
            label = tr(paper.seat_words(info.label, info.names))  # in the palette's colour words, translated
            if label in self.labels:
                label = f"{label} ({file_name(path)})"
            while label in self.labels:
                label += " "
            self.labels[label] = path
            self.infos[label] = info
        self.message = ""  # a line just above the buttons (never a toast over them)

    def _layout(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, int]:
        """(list, details, message line, buttons' y) for the window and UI scale."""
        w, h = self.app.size
        px = self.px
        width = min(w - px(40), px(1120))
        x = (w - width) // 2
        buttons_y = h - px(16) - px(48)
        message = pygame.Rect(x, buttons_y - px(32), width, px(26))
        details_h = DETAIL_LINES * px(22)
        details = pygame.Rect(x, message.top - px(6) - details_h, width, details_h)
        top = px(96)
        return pygame.Rect(x, top, width, max(px(60), details.top - px(8) - top)), details, message, buttons_y

    def message_rect(self) -> pygame.Rect:
        """Where "Pick a saved game first." and other lines go: between the list and the buttons."""
        return self._layout()[2]

    def build(self) -> None:
        box = self.new_box()
        w, h = self.app.size
        px = self.px
        ui = self.app.ui
        area, _, _, y = self._layout()
        self.list = pygame_gui.elements.UISelectionList(area, list(self.labels), ui, container=box,
                                                        object_id=pygame_gui.core.ObjectID(object_id="#save_list"))
        if not self.files:
            self.list.hide()  # an empty box would cover the line saying there are no saves yet
        words = [tr(N_("Back")), tr(N_("Open")), tr(N_("Watch"))]
        back, open_, watch = self.button_rows(words, y + px(48), width=180, height=48)
        self.back = pygame_gui.elements.UIButton(back, words[0], ui, container=box)
        self.open = pygame_gui.elements.UIButton(open_, words[1], ui, container=box,
                                                 tool_tip_text=tr(N_("Play on from where it was saved")))
        # shell hook: watch the selected file in the replay viewer
        self.watch = pygame_gui.elements.UIButton(watch, words[2], ui, container=box,
                                                  tool_tip_text=tr(N_("Play it back move by move")))

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
        label = self.list.get_single_selection()
        if not label or label not in self.labels:
            self.message = N_("Pick a saved game first.")
            return
        menu = self.app.find("menu")
        self.app.pop()
        if menu is not None and watch:
            menu.open_replay(self.labels[label])
        elif menu is not None:
            menu.open_save(self.labels[label])  # type: ignore[arg-type]

    def selected(self) -> SaveInfo | None:
        label = self.list.get_single_selection() if self.files else None
        return self.infos.get(label) if label else None

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        w, h = self.app.size
        px = self.px
        _, details, message, _ = self._layout()
        if self.message:
            line, size = paper.fit(self.message, px(20), message.width)
            paper.text(surface, line, message.midtop, size, paper.WARN, "midtop")
        paper.text(surface, N_("Load a saved game"), (w // 2, px(24)), px(40), paper.INK, "midtop", bold=True)
        if not self.files:
            paper.text(surface, N_("No saved games yet: Esc in a game, then Save."), (w // 2, px(300)), px(22),
                       paper.GRAPHITE, "midtop")
            return
        info = self.selected()
        lines = [paper.seat_words(line, info.names) for line in info.details()] if info else [N_("Games in progress are kept by themselves (autosave); "
                                                "pick one to read it in full, Open to play on, Watch to replay it.")]
        y = details.y
        for i, text in enumerate(lines):
            for part in paper.wrap(text, px(17), details.width):
                if y + px(20) > details.bottom:
                    return
                colour = paper.WARN if info and info.problem else (paper.INK if i == 0 and info else paper.GRAPHITE)
                paper.text(surface, part, (details.x, y), px(17), colour, bold=bool(info) and i == 0)
                y += px(22)
