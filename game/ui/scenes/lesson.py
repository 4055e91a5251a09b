"""Learn to play: a guided first game, one step at a time (issue 17, docs/lessons.md).

A lesson is data (levels/<game>/lessons/<name>.json): a record with pinned chance and
a list of steps.  The lesson scene is the play scene with one difference: ``submit``
only lets the step's expected action through.  A different legal action gets a gentle
hint and changes nothing; an illegal one gets the rules' own refusal.  Steps for the
other seat ("auto") are applied by the scene.  One text panel and one highlight (the
view's ``lesson_target``) are drawn for all five games.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ... import registry
from ...engine import Action, IllegalAction
from ...jsonio import FileProblem, file_name, read_json, show, write_atomic
from ...paths import data_dir, levels_dir
from ...records import RECORD_FORMAT, RECORD_VERSION, Record, RecordError
from ...session import Session, player_profile
from .. import paper
from ..app import App, Scene
from .pause import PauseScene
from .play import PlayScene

LESSON_FORMAT = "paperwars-lesson"
LESSON_VERSION = 1
KINDS = ("basics", "idea")
MAX_STEPS = 200
MAX_AUTO = 8  # actions of the other side in one step
PANEL_H = 108
AUTO_DELAY = 0.6  # seconds an automatic move of the other side waits, so the learner sees it
READ_SECONDS_PER_WORD = 0.25  # after a move of the other side its sentence stays this long per word...
READ_MIN = 1.2  # ...and at least this long (counting AUTO_DELAY); a click or a key cuts it short
END_DELAY = 1.5  # seconds the board shows the lesson's last move before the end panel covers it


class LessonError(FileProblem):
    """A lesson file that cannot be used (the sentence says why)."""


@dataclass
class Step:
    say: str
    rule: str
    expect: Action | None = None
    #: The other side's actions, applied one by one with a pause between (one sentence for all).
    auto: tuple[Action, ...] | None = None
    #: A flick step: {"ship", "mode", "angle": [lo, hi], "strength": [lo, hi]} (degrees, 0..1).
    flick: dict[str, Any] | None = None
    #: A turn step (S-M6 heading after a move): {"angle": [lo, hi]} (degrees).
    turn: dict[str, Any] | None = None
    #: A look step: a board tool used from one piece to another, no game action ({"tool", "from", "to"}).
    look: dict[str, Any] | None = None


@dataclass
class Lesson:
    game: str
    name: str
    title: str
    summary: str
    kind: str
    record: Record
    steps: list[Step]
    end: str
    play_settings: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"{self.game}/{self.name}"


def _text(data: Mapping[str, Any], key: str, where: str, limit: int = 400) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise LessonError(f"The {where} needs {show(key)} as text of 1 to {limit} characters ({show(value)}).")
    return value


def _window(value: Any, where: str, lo: float, hi: float) -> tuple[float, float]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in value)
            or not lo <= value[0] <= value[1] <= hi):
        raise LessonError(f"The {where} needs a window [low, high] within {lo:g}..{hi:g} ({show(value)}).")
    return float(value[0]), float(value[1])


def parse_lesson(data: Any, game: str, name: str, source: str = "lesson") -> Lesson:
    """Check every field of a lesson before anything uses it (LessonError says what is wrong).
    The actions are decoded by the game's own rules; replaying them is left to the scene/tests."""
    if not isinstance(data, Mapping):
        raise LessonError(f"The {source} is not a Paper Wars lesson (it is not a JSON object).")
    if data.get("format") != LESSON_FORMAT:
        raise LessonError(f"The {source} is not a Paper Wars lesson (format is {show(data.get('format'))}).")
    if data.get("version") != LESSON_VERSION:
        raise LessonError(f"The {source} has lesson version {show(data.get('version'))}; this game reads version "
                          f"{LESSON_VERSION}.")
    title = _text(data, "title", source, 80)
    summary = _text(data, "summary", source)
    end = _text(data, "end", source)
    kind = data.get("kind")
    if kind not in KINDS:
        raise LessonError(f"The {source} has kind {show(kind)}; a lesson is \"basics\" or \"idea\".")
    raw = data.get("record")
    if not isinstance(raw, Mapping):
        raise LessonError(f"The {source} has no record object ({show(raw)}).")
    if raw.get("game") != game:
        raise LessonError(f"The {source} is for {show(raw.get('game'))}, not {game}.")
    try:
        rs = registry.get(game)
    except KeyError:
        raise LessonError(f"The {source} is for a game that is not installed ({show(game)}).") from None
    full = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "rules_version": rs.game_cls.rules_version, **raw}
    try:
        record = Record.from_json(full, source)
        g = rs.make_game(record.settings)
    except (RecordError, ValueError) as exc:
        raise LessonError(f"The {source} has a record that cannot be used: {exc}") from None
    record.seats = ["human"] * g.num_players
    steps_raw = data.get("steps")
    if not isinstance(steps_raw, list) or not 1 <= len(steps_raw) <= MAX_STEPS:
        raise LessonError(f"The {source} needs a list of 1 to {MAX_STEPS} steps ({show(steps_raw)}).")
    steps = []
    for i, s in enumerate(steps_raw, 1):
        where = f"step {i} of the {source}"
        if not isinstance(s, Mapping):
            raise LessonError(f"The {where} is not an object ({show(s)}).")
        kinds = [k for k in ("expect", "auto", "expect_flick", "expect_turn", "expect_look") if k in s]
        if len(kinds) != 1:
            raise LessonError(f"The {where} needs exactly one of expect, auto, expect_flick, expect_turn or "
                              "expect_look.")
        step = Step(say=_text(s, "say", where), rule=_text(s, "rule", where, 24))
        if kinds[0] == "expect_flick":
            w = s["expect_flick"]
            if not isinstance(w, Mapping) or not isinstance(w.get("ship"), int) or w.get("mode") not in ("move", "shot"):
                raise LessonError(f"The {where} needs a flick window with a ship number and a mode ({show(w)}).")
            step.flick = {"ship": w["ship"], "mode": w["mode"], "angle": _window(w.get("angle"), where, -360, 720),
                          "strength": _window(w.get("strength"), where, 0.0, 1.0)}
        elif kinds[0] == "expect_turn":
            w = s["expect_turn"]
            if not isinstance(w, Mapping):
                raise LessonError(f"The {where} needs a turn window {{\"angle\": [low, high]}} ({show(w)}).")
            step.turn = {"angle": _window(w.get("angle"), where, -360, 720)}
        elif kinds[0] == "expect_look":
            w = s["expect_look"]
            if not isinstance(w, Mapping) or not isinstance(w.get("tool"), str) or not w["tool"] \
                    or not all(isinstance(w.get(k), int) and not isinstance(w.get(k), bool) for k in ("from", "to")):
                raise LessonError(f"The {where} needs a look {{\"tool\": name, \"from\": piece, \"to\": piece}} "
                                  f"({show(w)}).")
            step.look = {"tool": w["tool"], "from": w["from"], "to": w["to"]}
        elif kinds[0] == "auto":
            raw = s["auto"] if isinstance(s["auto"], list) else [s["auto"]]
            if not 1 <= len(raw) <= MAX_AUTO:
                raise LessonError(f"The {where} needs 1 to {MAX_AUTO} actions of the other side ({show(s['auto'])}).")
            try:
                step.auto = tuple(g.decode_action(a) for a in raw)
            except (ValueError, KeyError, TypeError) as exc:
                raise LessonError(f"The {where} has an action the rules cannot read: {exc}") from None
        else:
            try:
                step.expect = g.decode_action(s["expect"])
            except (ValueError, KeyError, TypeError) as exc:
                raise LessonError(f"The {where} has an action the rules cannot read: {exc}") from None
        steps.append(step)
    if not any(s.auto is None for s in steps):
        raise LessonError(f"The {source} has no step for the learner.")
    play = data.get("play", {})
    if not isinstance(play, Mapping):
        raise LessonError(f"The {source} has a \"play\" that is not an object of settings ({show(play)}).")
    return Lesson(game, name, title, summary, kind, record, steps, end, dict(play))


def lessons_dir(game: str) -> Path:
    return levels_dir(game) / "lessons"


def list_lessons(game: str) -> list[Lesson]:
    """The game's lessons, basics first; a broken file is skipped (tests catch it)."""
    folder = lessons_dir(game)
    out = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            out.append(load_lesson(game, path))
        except FileProblem:
            continue
    return sorted(out, key=lambda lesson: (KINDS.index(lesson.kind), lesson.name))


def load_lesson(game: str, path: Path) -> Lesson:
    return parse_lesson(read_json(path, "lesson"), game, path.stem, f"lesson {file_name(path)}")


# -- progress --------------------------------------------------------------------------
#: Largest lesson progress file read (a line a lesson: a few KB).
MAX_PROGRESS_BYTES = 1024 * 1024


def _progress_path() -> Path:
    return data_dir() / "lessons.json"


def read_progress(path: Path) -> set[str]:
    """The lessons a progress file says are done, or FileProblem when it is not one."""
    data = read_json(path, "lesson progress file", MAX_PROGRESS_BYTES)
    done = data.get("done") if isinstance(data, dict) else None
    if not isinstance(done, list) or not all(isinstance(d, str) for d in done):
        raise FileProblem(f"The lesson progress file {file_name(path)} holds no list of lessons.")
    return set(done)


def lessons_done() -> set[str]:
    """Keys ("game/name") of lessons played to the end; a missing or bad file is no progress."""
    try:
        return read_progress(_progress_path())
    except FileProblem:
        return set()


def mark_done(lesson: Lesson) -> bool:
    """Remember a finished lesson; False (and nothing lost) when the file cannot be written."""
    done = lessons_done() | {lesson.key}
    try:  # a progress file that cannot be read is kept as lessons.damaged.json, never written over
        write_atomic(_progress_path(), {"done": sorted(done)}, reader=read_progress, what="lesson progress file",
                     max_bytes=MAX_PROGRESS_BYTES)
    except (OSError, ValueError):
        return False
    return True


_basics: dict[str, frozenset[str]] = {}
_done_seen: dict[Path, tuple[tuple[int, int], set[str]]] = {}


def basics_done(game: str) -> bool:
    """True when a basics lesson of the game is done (cheap enough for every frame of the menu)."""
    if game not in _basics:
        _basics[game] = frozenset(lesson.key for lesson in list_lessons(game) if lesson.kind == "basics")
    path = _progress_path()
    try:
        info = path.stat()
        stamp = (info.st_mtime_ns, info.st_size)
    except OSError:
        return False
    if path not in _done_seen or _done_seen[path][0] != stamp:
        _done_seen[path] = (stamp, lessons_done())
    return bool(_basics[game] & _done_seen[path][1])


def draw_tick(surface: pygame.Surface, rect: pygame.Rect, game: str) -> None:
    """The menu card's small tick for a game whose basics lesson is done."""
    if not basics_done(game):
        return
    from .menu import CARD_W  # the card's own scale: a smaller window has smaller cards

    k = rect.width / CARD_W
    x, y = rect.x + round(112 * k), rect.bottom - round(24 * k)  # under the icon, clear of the title and the pitch
    paper.pencil_lines(surface, (60, 130, 70), [(x, y + round(10 * k)), (x + round(8 * k), y + round(18 * k)),
                                                (x + round(22 * k), y)], False, max(2, round(3 * k)), 3)


def easiest_agent(game: str) -> str:
    """The easiest real computer player of a game: the weakest level the setup screen offers
    above the random Beginner (registry.STRENGTHS), e.g. Space's cadet, not its Normal ai."""
    levels = [st.agent for st in registry.strengths(registry.get(game)) if st.agent != "random"]
    return levels[0] if levels else "random"


def _angle_inside(angle: float, window: tuple[float, float]) -> bool:
    lo, hi = window
    return any(lo <= angle + k * 360 <= hi for k in (-1, 0, 1))


def turn_inside(step: Step, action: Action) -> bool:
    """A turn step takes any heading inside its window."""
    w = step.turn or {}
    return type(action).__name__ == "Heading" and _angle_inside(float(getattr(action, "angle", 0.0)), w["angle"])


def flick_advice(step: Step, action: Action) -> str:
    """Why a flick of the step's ship, in the step's mode, misses its window ("" for any other action)."""
    w = step.flick or {}
    if type(action).__name__ != "Flick" or getattr(action, "ship", None) != w.get("ship") \
            or getattr(action, "mode", None) != w.get("mode"):
        return ""
    if not _angle_inside(float(getattr(action, "angle", 0.0)), w["angle"]):
        return "That flick points outside the shaded wedge: press on the nose and drag straight into the wedge."
    if float(getattr(action, "strength", 0.0)) > w["strength"][1]:
        return ("That flick was too strong (a longer or quicker drag flicks harder): let go inside the wedge, "
                "nearer the nose, and slowly.")
    return "That flick was too weak: drag further from the nose and let go inside the wedge."


def flick_inside(step: Step, action: Action) -> bool:
    w = step.flick or {}
    if type(action).__name__ != "Flick" or getattr(action, "ship", None) != w.get("ship") \
            or getattr(action, "mode", None) != w.get("mode"):
        return False
    lo, hi = w["angle"]
    angle = float(getattr(action, "angle", 0.0))
    inside = any(lo <= angle + k * 360 <= hi for k in (-1, 0, 1))
    s_lo, s_hi = w["strength"]
    return inside and s_lo <= float(getattr(action, "strength", -1.0)) <= s_hi


# -- scenes ---------------------------------------------------------------------------------
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
            self.refuse("Wait a moment: the lesson is making a move.")
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
        self.hinted = flick_advice(step, action) or "That move is allowed, but not this step: " + step.say
        return False

    def build(self) -> None:
        super().build()
        if self.undo_button is not None:  # a lesson only goes forward: no Undo button (Ctrl+Z says why)
            self.undo_button.kill()
            self.undo_button = None

    def undo(self) -> None:
        self.refuse("A lesson only goes forward; open it again from the menu to start over.")

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
        head = f"{self.lesson.title}: step {min(shown + 1, n)} of {n}"
        paper.text(surface, head, (panel.x + 12, panel.y + 6), 17, paper.GRAPHITE, bold=True)
        if step is None:
            say, rule = self.lesson.end, ""
        elif step.auto is not None:
            say, rule = step.say, step.rule
        else:
            say, rule = self.hinted or step.say, step.rule
        colour = (150, 80, 10) if step is not None and self.hinted and say == self.hinted else paper.INK
        for i, line in enumerate(paper.wrap(say, 19, panel.w - 24)[:3]):
            paper.text(surface, line, (panel.x + 12, panel.y + 28 + 22 * i), 19, colour)
        if rule:
            paper.text(surface, f"rule {rule}", (panel.right - 10, panel.y + 6), 14, paper.FAINT, "topright")


class LessonPauseScene(PauseScene):
    """Esc in a lesson: the pause menu without Save game (a lesson is never saved)."""

    note = "A lesson is not saved: Learn to play opens it again."
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
        items = (("play", "Play a short game against the computer", 380), ("menu", "Back to menu", 200))
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
        from .menu import MenuScene

        if key == "menu":
            self.app.reset_to(MenuScene(self.app))
            return
        self.app.reset_to(MenuScene(self.app))
        self.app.push(short_game(self.app, self.lesson))

    def panel_rect(self) -> pygame.Rect:
        """Over the lesson's board, clear of the log column (see over_board)."""
        from .gameover import over_board

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
        paper.text(surface, f"Lesson done: {self.lesson.title}", (panel.centerx, panel.y + 18), 30, paper.INK, "midtop",
                   bold=True)
        for i, line in enumerate(paper.wrap(self.lesson.end, 20, panel.w - 40)[:3]):
            paper.text(surface, line, (panel.centerx, panel.y + 62 + 24 * i), 20, paper.INK, "midtop")
        if not self.saved:
            paper.text(surface, "(Your progress could not be saved; the lesson stays open to play again.)",
                       (panel.centerx, panel.bottom - 26), 15, paper.WARN, "midtop")


def short_game(app: App, lesson: Lesson) -> PlayScene:
    """A real game from the lesson's settings (plus its "play" settings): the learner in
    seat 1, the easiest computer player in every other seat."""
    profile = player_profile(lesson.game)  # Invasion's used words: for the rules, not for the record
    settings = {**lesson.record.settings, **lesson.play_settings}
    n = registry.get(lesson.game).make_game({**settings, **profile}).num_players
    seats = ["human"] + [easiest_agent(lesson.game)] * (n - 1)
    return PlayScene(app, Session.new(lesson.game, settings, 1 + secrets.randbelow(10**9), seats, profile=profile))


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
        for i, lesson in enumerate(self.lessons):
            b = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - 350, 150 + i * 110, 240, 48), lesson.title,
                                             self.app.ui, container=box)
            self.buttons[b] = lesson
        back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - 100, h - 80, 200, 48), "Back", self.app.ui,
                                            container=box)
        self.buttons[back] = None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            lesson = self.buttons[event.ui_element]
            if lesson is None:
                self.app.pop()
            else:
                self.app.push(LessonScene(self.app, lesson))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        w, h = self.app.size
        title = registry.get(self.game).title
        paper.text(surface, f"Learn to play: {title}", (w // 2, 30), 40, paper.INK, "midtop", bold=True)
        done = lessons_done()
        if not self.lessons:
            paper.text(surface, "This game has no lessons yet.", (w // 2, h // 2), 24, paper.GRAPHITE, "center")
        for i, lesson in enumerate(self.lessons):
            y = 150 + i * 110
            x = w // 2 - 95
            mark = "  (done)" if lesson.key in done else ""
            paper.text(surface, ("Basics" if lesson.kind == "basics" else "The idea") + mark, (x, y), 18,
                       paper.GRAPHITE, bold=True)
            for j, line in enumerate(paper.wrap(lesson.summary, 17, 430)[:3]):
                paper.text(surface, line, (x, y + 22 + 20 * j), 17, paper.INK)
