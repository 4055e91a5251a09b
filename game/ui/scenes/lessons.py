"""One game's lessons, each with a tick when done (the setup screen's Learn to play)."""

from __future__ import annotations

import pygame
import pygame_gui

from ... import registry
from ...i18n import tr
from ...lessons import Lesson, lessons_done, list_lessons
from ...msg import N_, M, Mp
from .. import paper
from ..app import App, Scene
from ..widgets import said


class LessonsScene(Scene):
    """One game's lessons, each with a tick when done (opened by the Learn button)."""

    def __init__(self, app: App, game: str) -> None:
        super().__init__(app)
        self.game = game
        self.lessons = list_lessons(game)
        self.buttons: dict[object, Lesson | None] = {}

    def build(self) -> None:
        box = self.new_box()
        w, h = self.app.size
        self.buttons = {}
        x, bw, _ = self.columns()
        for i, lesson in enumerate(self.lessons):
            b = pygame_gui.elements.UIButton(pygame.Rect(x, 150 + i * 110, bw, 48), tr(lesson.title),
                                             self.app.ui, container=box)
            self.buttons[b] = lesson
        back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - 100, h - 80, 200, 48), tr(N_("Back")), self.app.ui,
                                            container=box)
        self.buttons[back] = None

    def columns(self) -> tuple[int, int, int]:
        """The lessons' buttons (left, width) and where their summaries start: a button is as
        wide as its title (a longer language), the summary takes the room to its right."""
        w = self.app.size[0]
        widest = max((paper.font(17).size(tr(lesson.title))[0] + 28 for lesson in self.lessons), default=240)
        bw = min(max(240, widest), w // 2 - 40)
        left = max(20, w // 2 - 350)
        return left, bw, left + bw + 15

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            lesson = self.buttons[event.ui_element]
            if lesson is None:
                self.app.pop()
            else:
                self.app.push("lesson", lesson)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        w, h = self.app.size
        title = registry.get(self.game).title
        # TRANSLATORS: {game} is the game's name.
        head, size = paper.fit(M("Learn to play: {game}", game=said(title)), 40, w - 40, bold=True)
        paper.text(surface, head, (w // 2, 30 + (40 - size) // 2), size, paper.INK, "midtop", bold=True)
        done = lessons_done()
        if not self.lessons:
            paper.text(surface, N_("This game has no lessons yet."), (w // 2, h // 2), 24, paper.GRAPHITE, "center")
        for i, lesson in enumerate(self.lessons):
            y = 150 + i * 110
            _, _, x = self.columns()
            kind = Mp("lesson", "Basics") if lesson.kind == "basics" else Mp("lesson", "The idea")
            # TRANSLATORS: {kind} is "Basics" or "The idea": a lesson the player has finished.
            head = M("{kind} (done)", kind=kind) if lesson.key in done else kind
            paper.text(surface, head, (x, y), 18,
                       paper.GRAPHITE, bold=True)
            for j, line in enumerate(paper.wrap(lesson.summary, 17, min(430, w - x - 20))[:3]):
                paper.text(surface, line, (x, y + 22 + 20 * j), 17, paper.INK)
