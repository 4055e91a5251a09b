"""Learn to play's lessons as data (issue 17, docs/lessons.md): the file format and its
checks, the lessons of a game, the progress file, and what a flick or turn step accepts.

A lesson is data (levels/<game>/lessons/<name>.json): a record with pinned chance and a
list of steps.  The lesson scene (game/ui/scenes/lesson.py) plays it; nothing here draws.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import registry
from .engine import Action
from .jsonio import FileProblem, file_name, read_json, said, show, write_atomic
from .msg import M, Msg
from .paths import data_dir, levels_dir
from .records import RECORD_FORMAT, RECORD_VERSION, Record, RecordError

LESSON_FORMAT = "paperwars-lesson"
LESSON_VERSION = 1
KINDS = ("basics", "idea")
MAX_STEPS = 200
MAX_AUTO = 8  # actions of the other side in one step


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
        # TRANSLATORS: {where} names the lesson or its step ("lesson basics.json", "step 3 of the lesson ..."),
        # {field} a field of the file as written there, {given} the value found
        raise LessonError(M("The {where} needs {field} as text of 1 to {most} characters ({given}).", where=where,
                            field=show(key), most=limit, given=show(value)))
    return value


def _window(value: Any, where: str, lo: float, hi: float) -> tuple[float, float]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in value)
            or not lo <= value[0] <= value[1] <= hi):
        raise LessonError(M("The {where} needs a window [low, high] within {lo}..{hi} ({given}).", where=where,
                            lo=format(lo, "g"), hi=format(hi, "g"), given=show(value)))
    return float(value[0]), float(value[1])


def parse_lesson(data: Any, game: str, name: str, source: str = "lesson") -> Lesson:
    """Check every field of a lesson before anything uses it (LessonError says what is wrong).
    The actions are decoded by the game's own rules; replaying them is left to the scene/tests."""
    source = source if isinstance(source, Msg) else Msg(source)
    # TRANSLATORS: in these sentences {source} names the lesson file ("lesson basics.json")
    if not isinstance(data, Mapping):
        raise LessonError(M("The {source} is not a Paper Wars lesson (it is not a JSON object).", source=source))
    if data.get("format") != LESSON_FORMAT:
        raise LessonError(M("The {source} is not a Paper Wars lesson (format is {given}).", source=source,
                            given=show(data.get("format"))))
    if data.get("version") != LESSON_VERSION:
        raise LessonError(M("The {source} has lesson version {given}; this game reads version {version}.",
                            source=source, given=show(data.get("version")), version=LESSON_VERSION))
    title = _text(data, "title", source, 80)
    summary = _text(data, "summary", source)
    end = _text(data, "end", source)
    kind = data.get("kind")
    if kind not in KINDS:
        raise LessonError(M("The {source} has kind {given}; a lesson is \"basics\" or \"idea\".", source=source,
                            given=show(kind)))
    raw = data.get("record")
    if not isinstance(raw, Mapping):
        raise LessonError(M("The {source} has no record object ({given}).", source=source, given=show(raw)))
    if raw.get("game") != game:
        # TRANSLATORS: {given} and {game} are games' short names ("tigers")
        raise LessonError(M("The {source} is for {given}, not {game}.", source=source, given=show(raw.get("game")),
                            game=game))
    try:
        rs = registry.get(game)
    except KeyError:
        raise LessonError(M("The {source} is for a game that is not installed ({given}).", source=source,
                            given=show(game))) from None
    full = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "rules_version": rs.game_cls.rules_version, **raw}
    try:
        record = Record.from_json(full, source)
        g = rs.make_game(record.settings)
    except (RecordError, ValueError) as exc:
        # TRANSLATORS: {problem} is a sentence saying what is wrong with the record
        raise LessonError(M("The {source} has a record that cannot be used: {problem}", source=source,
                            problem=said(exc))) from None
    record.seats = ["human"] * g.num_players
    steps_raw = data.get("steps")
    if not isinstance(steps_raw, list) or not 1 <= len(steps_raw) <= MAX_STEPS:
        raise LessonError(M("The {source} needs a list of 1 to {most} steps ({given}).", source=source, most=MAX_STEPS,
                            given=show(steps_raw)))
    steps = []
    for i, s in enumerate(steps_raw, 1):
        # TRANSLATORS: {source} names the lesson file ("lesson basics.json")
        where = M("step {n} of the {source}", n=i, source=source)
        # TRANSLATORS: in these sentences {where} is "step 3 of the lesson basics.json"; the words of the file
        # (expect, auto, tool, angle, ...) stay as they are
        if not isinstance(s, Mapping):
            raise LessonError(M("The {where} is not an object ({given}).", where=where, given=show(s)))
        kinds = [k for k in ("expect", "auto", "expect_flick", "expect_turn", "expect_look") if k in s]
        if len(kinds) != 1:
            raise LessonError(M("The {where} needs exactly one of expect, auto, expect_flick, expect_turn or "
                                "expect_look.", where=where))
        step = Step(say=_text(s, "say", where), rule=_text(s, "rule", where, 24))
        if kinds[0] == "expect_flick":
            w = s["expect_flick"]
            if not isinstance(w, Mapping) or not isinstance(w.get("ship"), int) or w.get("mode") not in ("move", "shot"):
                raise LessonError(M("The {where} needs a flick window with a ship number and a mode ({given}).",
                                    where=where, given=show(w)))
            step.flick = {"ship": w["ship"], "mode": w["mode"], "angle": _window(w.get("angle"), where, -360, 720),
                          "strength": _window(w.get("strength"), where, 0.0, 1.0)}
        elif kinds[0] == "expect_turn":
            w = s["expect_turn"]
            if not isinstance(w, Mapping):
                raise LessonError(M("The {where} needs a turn window {{\"angle\": [low, high]}} ({given}).",
                                    where=where, given=show(w)))
            step.turn = {"angle": _window(w.get("angle"), where, -360, 720)}
        elif kinds[0] == "expect_look":
            w = s["expect_look"]
            if not isinstance(w, Mapping) or not isinstance(w.get("tool"), str) or not w["tool"] \
                    or not all(isinstance(w.get(k), int) and not isinstance(w.get(k), bool) for k in ("from", "to")):
                raise LessonError(M("The {where} needs a look {{\"tool\": name, \"from\": piece, \"to\": piece}} "
                                    "({given}).", where=where, given=show(w)))
            step.look = {"tool": w["tool"], "from": w["from"], "to": w["to"]}
        elif kinds[0] == "auto":
            raw = s["auto"] if isinstance(s["auto"], list) else [s["auto"]]
            if not 1 <= len(raw) <= MAX_AUTO:
                raise LessonError(M("The {where} needs 1 to {most} actions of the other side ({given}).", where=where,
                                    most=MAX_AUTO, given=show(s["auto"])))
            try:
                step.auto = tuple(g.decode_action(a) for a in raw)
            except (ValueError, KeyError, TypeError) as exc:
                # TRANSLATORS: {problem} is what is wrong with the action
                raise LessonError(M("The {where} has an action the rules cannot read: {problem}", where=where,
                                    problem=said(exc))) from None
        else:
            try:
                step.expect = g.decode_action(s["expect"])
            except (ValueError, KeyError, TypeError) as exc:
                raise LessonError(M("The {where} has an action the rules cannot read: {problem}", where=where,
                                    problem=said(exc))) from None
        steps.append(step)
    if not any(s.auto is None for s in steps):
        raise LessonError(M("The {source} has no step for the learner.", source=source))
    play = data.get("play", {})
    if not isinstance(play, Mapping):
        raise LessonError(M("The {source} has a \"play\" that is not an object of settings ({given}).", source=source,
                            given=show(play)))
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
    # TRANSLATORS: {name} is a lesson file's name; the sentences say "The lesson basics.json has ..."
    return parse_lesson(read_json(path, "lesson"), game, path.stem, M("lesson {name}", name=file_name(path)))


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
        raise FileProblem(M("The lesson progress file {name} holds no list of lessons.", name=file_name(path)))
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
        return M("That flick points outside the shaded wedge: press on the nose and drag straight into the wedge.")
    if float(getattr(action, "strength", 0.0)) > w["strength"][1]:
        return M("That flick was too strong (a longer or quicker drag flicks harder): let go inside the wedge, "
                 "nearer the nose, and slowly.")
    return M("That flick was too weak: drag further from the nose and let go inside the wedge.")


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
