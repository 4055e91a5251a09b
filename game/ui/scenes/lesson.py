"""Learn to play: a guided first game, one step at a time (issue 17, docs/lessons.md).

A lesson is data (game/lessons.py reads levels/<game>/lessons/<name>.json): a record with
pinned chance and a list of steps.  The lesson scene is the play scene with one difference:
``submit`` only lets the step's expected action through.  A different legal action gets a
gentle hint and changes nothing; an illegal one gets the rules' own refusal.  Steps for the
other seat ("auto") are applied by the scene.  One text panel and one highlight (the view's
``lesson_target``) are drawn for all five games.
"""

from __future__ import annotations

import math
import secrets
from typing import Any

import pygame
import pygame_gui

from ... import registry
from ...engine import Action, IllegalAction
from ...i18n import tr
from ...lessons import Lesson, Step, easiest_agent, flick_advice, flick_inside, mark_done, turn_inside
from ...msg import N_, M
from ...records import Record
from ...session import Session, player_profile
from .. import paper
from ..app import App, Scene
from ..playing.panels import over_board
from ..playing.pause import PauseScene
from ..playing.scene import PlayScene
from ..widgets import said

PANEL_H = 108
AUTO_DELAY = 0.6  # seconds an automatic move of the other side waits, so the learner sees it
READ_SECONDS_PER_WORD = 0.25  # after a move of the other side its sentence stays this long per word...
READ_MIN = 1.2  # ...and at least this long (counting AUTO_DELAY); a click or a key cuts it short
END_DELAY = 1.5  # seconds the board shows the lesson's last move before the end panel covers it


class LessonScene(PlayScene):
    """The play scene, guided: only the step's expected action is applied."""

    def __init__(self, app: App, lesson: Lesson) -> None:
        rec = lesson.record
        fresh = Record(rec.game, dict(rec.settings), rec.seed, list(rec.actions), dict(rec.pins), rec.rules_version,
                       list(rec.seats))
        super().__init__(app, Session(fresh, autosave=False))
        self.lesson = lesson
        self.index = 0
        self._auto_wait = AUTO_DELAY
        self._auto_next = 0  #: which of the current step's automatic actions comes next
        self._ended = False
        self._end_wait = END_DELAY
        #: Seconds the sentence of the move just made by the other side stays up (reading time).
        self._hold = 0.0
        self.hinted = ""
        #: The learner's seat: the one to move at the first step the player makes.
        probe = self.state.clone()
        for step in lesson.steps:
            if step.auto is None:
                break
            for a in step.auto:
                probe.apply(a)
        self.learner = probe.current_player()

    # -- where we are ---------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def human_to_move(self) -> bool:
        step = self.step
        return step is not None and step.auto is None and super().human_to_move()

    def seat_kind(self, seat: int) -> str:
        return "human" if seat == self.learner else "lesson script"

    def target(self) -> pygame.Rect | None:
        """The screen area the current step asks the learner to click or drag (None: none to show)."""
        step = self.step
        if step is None or step.auto is not None or self.view.busy() or self._hold > 0:
            return None
        if step.look is not None:
            look = self.view.lesson_look(step.look)
            return look["target"] if look is not None else None
        return self.view.lesson_target(self.expected(step))

    def expected(self, step: Step) -> Action:
        """The step's action; for a flick or turn window, the one in the middle of the window."""
        if step.turn is not None:
            return self.state.game.decode_action({"type": "Heading", "angle": sum(step.turn["angle"]) / 2})
        if step.flick is None:
            assert step.expect is not None
            return step.expect
        w = step.flick
        return self.state.game.decode_action({"type": "Flick", "ship": w["ship"], "mode": w["mode"],
                                              "angle": sum(w["angle"]) / 2, "strength": sum(w["strength"]) / 2})

    # -- the gate ---------------------------------------------------------------------
    def submit(self, action: Action) -> bool:
        step = self.step
        if step is None or step.auto is not None:
            self.refuse(N_("Wait a moment: the lesson is making a move."))
            return False
        if step.expect is not None and action != step.expect and self.view.lesson_match(step.expect, action):
            action = step.expect  # a click inside the highlighted mark: the step's own action
        if (step.expect is not None and action == step.expect) or (step.flick is not None and flick_inside(step, action)) \
                or (step.turn is not None and turn_inside(step, action)):
            if not super().submit(action):
                return False
            self.hinted = ""
            self.index += 1
            self._auto_wait = AUTO_DELAY
            return True
        try:
            self.state.clone().check(action)
        except IllegalAction as exc:
            self.refusal, self.refusal_rule, self.hinted = exc.message, exc.rule, ""
            return False
        # Legal, but not what this step teaches: a gentle hint in the lesson panel, nothing applied.
        self.refusal, self.refusal_rule = "", ""
        # TRANSLATORS: {say} is what the lesson's step asks for.
        self.hinted = flick_advice(step, action) or M("That move is allowed, but not this step: {say}",
                                                      say=said(step.say))
        return False

    def build(self) -> None:
        super().build()
        if self.undo_button is not None:  # a lesson only goes forward: no Undo button (Ctrl+Z says why)
            self.undo_button.kill()
            self.undo_button = None

    def undo(self) -> None:
        self.refuse(N_("A lesson only goes forward; open it again from the menu to start over."))

    def open_pause(self) -> None:
        self.app.push(LessonPauseScene(self.app, self))

    def _check_cover(self) -> None:
        """No hand-over screen: the other side is the lesson's own script."""
        self._last_seat = self.state.current_player()

    def _run_computer(self, dt: float) -> None:
        if self.view.busy():
            return
        if self._hold > 0:  # the learner is still reading what the other side just did
            self._hold -= dt
            return
        step = self.step
        if step is None or step.auto is None:
            return
        self._auto_wait -= 0 if self.app.headless else dt
        if self._auto_wait > 0 and not self.app.headless:
            return
        action = step.auto[self._auto_next]
        events = self.session.submit(action, save=False)  # a broken lesson fails loudly (tests replay all)
        self.refusal = ""
        self._after_action(events)
        self._auto_wait = AUTO_DELAY
        self._auto_next += 1
        if self._auto_next < len(step.auto):
            return  # the same sentence stays up for the next action of this step
        self._auto_next = 0
        self.index += 1
        if not self.app.headless:
            self._hold = max(READ_MIN, READ_SECONDS_PER_WORD * len(step.say.split())) - AUTO_DELAY

    def panel_step(self) -> int:
        """The step whose sentence the panel shows: while the board still animates a move (or the
        learner reads what the other side did), the step that made it, not the next one."""
        if self._auto_next > 0:  # part way through the other side's actions of this very step
            return self.index
        if self.index > 0 and (self.view.busy() or self._hold > 0):
            return self.index - 1
        return self.index

    def next_wake(self) -> float | None:
        """Frames while the other side's move or the end of the lesson is on its timer."""
        step = self.step
        if self._hold > 0 or (step is not None and step.auto is not None) or (self.finished() and not self._ended):
            return 0.0
        return super().next_wake()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self._hold > 0:
            self._hold = 0.0  # read already: go on
        super().handle_event(event)

    def update(self, dt: float) -> None:
        self.view.update(dt)
        self._run_computer(dt)
        step = self.step
        if step is not None and step.look is not None and not self.view.busy():
            look = self.view.lesson_look(step.look)
            if look is not None and look["done"]:  # the tool was used as the step asks: on to the next
                self.hinted = ""
                self.index += 1
                self._auto_wait = AUTO_DELAY
        if self.finished() and not self._ended and not self.view.busy() and self._hold <= 0:
            self._end_wait -= 0 if self.app.headless else dt  # the board shows the last move a moment
            if self._end_wait > 0 and not self.app.headless:
                return
            self._ended = True
            saved = mark_done(self.lesson)
            self.app.push(LessonEndScene(self.app, self.lesson, saved))

    # -- drawing -------------------------------------------------------------------------
    def board_rect(self) -> pygame.Rect:
        r = super().board_rect()
        r.height -= PANEL_H
        return r

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_window(surface)
        target = self.target()
        if target is not None:
            pulse = 3 + int(2 * math.sin(pygame.time.get_ticks() / 180))
            pygame.draw.rect(surface, (230, 120, 20), target.inflate(8, 8), pulse, border_radius=8)
        self._draw_panel(surface)

    def window(self) -> dict[str, Any] | None:
        """The flick step's window on the paper (the view maps it): {"from", "to", "outline"} in pixels;
        for a look step, the drag the tool is to make ("from", "to" and no outline) once it is in hand."""
        step = self.step
        if step is None or self.view.busy() or self._hold > 0:
            return None
        if step.look is not None:
            look = self.view.lesson_look(step.look)
            drag = look.get("drag") if look is not None else None
            return {"from": drag[0], "to": drag[1], "outline": []} if drag else None
        if step.flick is None:  # a step made by a drag (an Amoeba move): from where to where, no window
            ends = self.view.lesson_drag(step.expect) if step.expect is not None else None
            return None if ends is None else {"from": ends[0], "to": ends[1], "outline": []}
        return self.view.lesson_window(step.flick)

    def _draw_window(self, surface: pygame.Surface) -> None:
        """Shade the directions and lengths of drag the flick step accepts, and mark its middle."""
        w = self.window()
        if w is None:
            return
        if not w["outline"]:  # a drag: an arrow from where to press to where to let go
            a, b = w["from"], w["to"]
            pygame.draw.line(surface, (200, 90, 10), a, b, 3)
            d = math.dist(a, b)
            if d > 1:
                ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
                for sgn in (1, -1):
                    tip = (b[0] - 14 * (ux * 0.87 - sgn * uy * 0.5), b[1] - 14 * (uy * 0.87 + sgn * ux * 0.5))
                    pygame.draw.line(surface, (200, 90, 10), b, tip, 3)
            pygame.draw.circle(surface, (200, 90, 10), (int(b[0]), int(b[1])), 6, 2)
            return
        if len(w["outline"]) < 3:
            return
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(shade, (230, 120, 20, 60), w["outline"])
        surface.blit(shade, (0, 0))
        pygame.draw.lines(surface, (230, 120, 20), True, w["outline"], 2)
        pygame.draw.line(surface, (200, 90, 10), w["from"], w["to"], 1)
        pygame.draw.circle(surface, (200, 90, 10), (int(w["to"][0]), int(w["to"][1])), 4, 1)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        board = super().board_rect()
        panel = pygame.Rect(board.x, board.bottom - PANEL_H + 6, board.w, PANEL_H - 6)
        veil = pygame.Surface(panel.size, pygame.SRCALPHA)
        veil.fill((255, 250, 232, 240))
        surface.blit(veil, panel)
        pygame.draw.rect(surface, (230, 120, 20), panel, 2, border_radius=8)
        n = len(self.lesson.steps)
        shown = self.panel_step()
        step = self.lesson.steps[shown] if shown < n else None
        # TRANSLATORS: the lesson panel's heading: the lesson's title, then which step of how many.
        head = M("{title}: step {step} of {steps}", title=said(self.lesson.title), step=min(shown + 1, n), steps=n)
        paper.text(surface, head, (panel.x + 12, panel.y + 6), 17, paper.GRAPHITE, bold=True)
        if step is None:
            say, rule = said(self.lesson.end), ""
        elif step.auto is not None:
            say, rule = said(step.say), step.rule
        else:
            say, rule = self.hinted or said(step.say), step.rule
        colour = (150, 80, 10) if step is not None and self.hinted and say == self.hinted else paper.INK
        for i, line in enumerate(paper.wrap(say, 19, panel.w - 24)[:3]):
            paper.text(surface, line, (panel.x + 12, panel.y + 28 + 22 * i), 19, colour)
        if rule:
            # TRANSLATORS: {rule} is a rule's id ("A-P4").
            paper.text(surface, M("rule {rule}", rule=rule), (panel.right - 10, panel.y + 6), 14, paper.FAINT, "topright")


class LessonPauseScene(PauseScene):
    """Esc in a lesson: the pause menu without Save game (a lesson is never saved)."""

    note = N_("A lesson is not saved: Learn to play opens it again.")
    labels = tuple(item for item in PauseScene.labels if item[0] != "save")


class LessonEndScene(Scene):
    """The lesson is done: a short real game against the easiest computer, or back to the menu."""

    opaque = False

    def __init__(self, app: App, lesson: Lesson, saved: bool = True) -> None:
        super().__init__(app)
        self.lesson = lesson
        self.saved = saved
        self.buttons: dict[object, str] = {}

    def build(self) -> None:
        box = self.new_box()
        panel = self.panel_rect()
        self.buttons = {}
        items = [(key, tr(label), max(bw, paper.font(17).size(tr(label))[0] + 28))
                 for key, label, bw in (("play", N_("Play a short game against the computer"), 380),
                                        ("menu", N_("Back to menu"), 200))]
        shrink = min(1.0, (panel.w - 40) / (sum(i[2] for i in items) + 20))  # a long language: both still fit
        items = [(key, label, int(bw * shrink)) for key, label, bw in items]
        x = panel.centerx - (sum(i[2] for i in items) + 20) // 2
        for key, label, bw in items:
            b = pygame_gui.elements.UIButton(pygame.Rect(x, panel.centery + 50, bw, 48), label, self.app.ui,
                                             container=box)
            self.buttons[b] = key
            x += bw + 20

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go("menu")
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.go(self.buttons[event.ui_element])

    def go(self, key: str) -> None:
        if key == "menu":
            self.app.reset_to("menu")
            return
        self.app.reset_to("menu")
        self.app.push(short_game(self.app, self.lesson))

    def panel_rect(self) -> pygame.Rect:
        """Over the lesson's board, clear of the log column (see over_board)."""
        area = over_board(self.app, 640)
        panel = pygame.Rect(0, 0, min(area.w - 20, 700), 240)
        panel.center = area.center
        return panel

    def draw(self, surface: pygame.Surface) -> None:
        panel = self.panel_rect()
        veil = pygame.Surface(panel.size, pygame.SRCALPHA)
        veil.fill((248, 244, 230, 240))
        surface.blit(veil, panel)
        pygame.draw.rect(surface, paper.INK, panel, 2, border_radius=10)
        # TRANSLATORS: {title} is the lesson's title.
        paper.text(surface, M("Lesson done: {title}", title=said(self.lesson.title)), (panel.centerx, panel.y + 18), 30, paper.INK, "midtop",
                   bold=True)
        for i, line in enumerate(paper.wrap(said(self.lesson.end), 20, panel.w - 40)[:3]):
            paper.text(surface, line, (panel.centerx, panel.y + 62 + 24 * i), 20, paper.INK, "midtop")
        if not self.saved:
            paper.text(surface, N_("(Your progress could not be saved; the lesson stays open to play again.)"),
                       (panel.centerx, panel.bottom - 26), 15, paper.WARN, "midtop")


def short_game(app: App, lesson: Lesson) -> PlayScene:
    """A real game from the lesson's settings (plus its "play" settings): the learner in
    seat 1, the easiest computer player in every other seat."""
    profile = player_profile(lesson.game)  # Invasion's used words: for the rules, not for the record
    settings = {**lesson.record.settings, **lesson.play_settings}
    n = registry.get(lesson.game).make_game({**settings, **profile}).num_players
    seats = ["human"] + [easiest_agent(lesson.game)] * (n - 1)
    return app.make("play", Session.new(lesson.game, settings, 1 + secrets.randbelow(10**9), seats, profile=profile))
