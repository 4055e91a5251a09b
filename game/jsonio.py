"""Safe JSON files: atomic writes, careful reads.  Never pickle, never eval.

Every file the game reads (records, saves, levels, settings, imported text) comes in
through :func:`read_json`: a size limit, a nesting limit, finite numbers, whole numbers
of a sane size, and text without NULs, control characters or lone surrogates.  Every
refusal is a :class:`FileProblem` holding one sentence that names the file and says
what is wrong, with the bad value shortened and escaped (:func:`show`).
"""

from __future__ import annotations

import json
import math
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from .limits import BAD_CHARS, MAX_BYTES, MAX_DEPTH, MAX_DIGITS, MAX_KEY, MAX_TEXT, MAX_VALUES, text_problem
from .msg import N_, M, Mp, Msg
from .paths import own, own_dir, remove_own

#: Longest refusal shown: a sentence, not a dump of the file.
MAX_MESSAGE = 400


class FileProblem(ValueError):
    """A file that cannot be used, with a sentence saying why.  The file is never touched.

    Whoever builds the sentence (a ruleset checking its level, too), what reaches the
    player is escaped (no control character reaches a terminal or the screen) and
    shortened to MAX_MESSAGE characters."""

    def __init__(self, message: object = "", *args: object) -> None:
        text: str = _escape(str(message))
        if len(text) > MAX_MESSAGE:
            text = text[: MAX_MESSAGE - 1] + "…"
        elif isinstance(message, Msg) and text == message:
            text = message  # a message keeps its template: the window says it in the player's language
        super().__init__(text, *args)

    def __str__(self) -> str:
        first = self.args[0] if len(self.args) == 1 else None
        return first if isinstance(first, Msg) else super().__str__()  # str() gives the message itself


def said(exc: BaseException) -> str:
    """An exception's sentence: the message it was raised with when that is one (so that the
    window says it in the player's language; ``Exception.__str__`` keeps only its English),
    else its text."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Msg) else str(exc)


#: The kinds of file the sentences below name (``what``), marked here for the catalogs; each is
#: said in the player's language where the sentence is drawn.
FILE_KINDS = (N_("file"), N_("save"), N_("record"), N_("level file"), N_("map file"), N_("lesson"),
              N_("lesson progress file"), N_("settings file"), N_("used-words file"),
              N_("list of your online games"), N_("campaign"), N_("words"))


def _what(what: str) -> str:
    """A file kind as a message argument (translated where it is drawn when the catalogs know it)."""
    return what if isinstance(what, Msg) else Msg(what)


class SaveError(FileProblem):
    """A save that cannot be loaded.  The file is left exactly as it was.  (Here, below both
    game/saves.py and game/locks.py, whose "open in another window" is one of them.)"""


class _Refuse(Exception):
    """Raised inside the JSON parser's hooks; turned into a FileProblem by read_json."""


def show(value: Any, limit: int = 40) -> str:
    """A short, escaped rendering of any JSON value for a message: never a control
    character, never more than about ``limit`` characters, never an exception."""
    try:
        return _show(value, limit, 0)
    except Exception:  # noqa: BLE001 - a message must never crash
        return "(a value)"


def _escape(text: str) -> str:
    return BAD_CHARS.sub(lambda m: f"\\x{ord(m.group(0)):02x}" if ord(m.group(0)) < 256
                         else f"\\u{ord(m.group(0)):04x}", text.replace("\n", "\\n").replace("\t", "\\t")
                         .replace("\r", "\\r"))


def _show(value: Any, limit: int, depth: int) -> str:
    if isinstance(value, str):
        text = _escape(value[: limit + 1])
        return f"'{text[:limit]}…'" if len(value) > limit or len(text) > limit else f"'{text}'"
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, int):
        if value.bit_length() > 64:
            return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else {"inf": "Infinity", "-inf": "-Infinity"}.get(repr(value), "NaN")
    if isinstance(value, (list, tuple)):
        if depth >= 2:
            return "[…]" if value else "[]"
        parts = [_show(v, limit // 2, depth + 1) for v in list(value[:3])]
        return "[" + ", ".join(parts) + (", …]" if len(value) > 3 else "]")
    if isinstance(value, dict):
        if depth >= 2:
            return "{…}" if value else "{}"
        items = list(value.items())[:2]
        parts = [f"{_show(k, limit // 2, depth + 1)}: {_show(v, limit // 2, depth + 1)}" for k, v in items]
        return "{" + ", ".join(parts) + (", …}" if len(value) > 2 else "}")
    return "(a value)"


def kind_of(value: Any) -> str:
    """A player's word for a JSON value's type (never a Python class name)."""
    if isinstance(value, bool):
        return Mp("value", "true/false")
    if value is None:
        return Mp("value", "null")
    if isinstance(value, int):
        return Mp("value", "a whole number")
    if isinstance(value, float):
        return Mp("value", "a number")
    if isinstance(value, str):
        return Mp("value", "text")
    if isinstance(value, (list, tuple)):
        return Mp("value", "a list")
    if isinstance(value, dict):
        return Mp("value", "an object")
    return Mp("value", "something else")


def described(value: Any, limit: int = 40) -> str:
    """A value for a refusal: its kind and its JSON, shortened ("a whole number 7")."""
    # TRANSLATORS: {kind} is a value's kind ("a whole number", "text"), {value} the value as JSON
    return M("{kind} {value}", kind=kind_of(value), value=show(value, limit))


def file_name(path: Path | str) -> str:
    """A file's name, escaped and shortened, for a sentence."""
    return _escape(Path(path).name[:80])


def clean_text(value: str, what: str, limit: int = MAX_TEXT) -> str | None:
    """Why ``value`` is not acceptable text (see game.limits.text_problem); None when it is."""
    return text_problem(value, what, limit)


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _Refuse(M("holds a {n}-digit number (at most {most} digits)", n=format(digits, ","), most=MAX_DIGITS))
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 40:
        raise _Refuse(M("holds a number written with {n} characters ({given})", n=format(len(text), ","),
                        given=show(text, 20)[1:-1]))
    value = float(text)
    if not math.isfinite(value):
        raise _Refuse(M("holds a number too large to use ({given})", given=text[:24]))
    return value


def _parse_constant(text: str) -> Any:
    raise _Refuse(M("holds {given}, which is not a number", given=text))


def _check_tree(data: Any, numbers: bool = False) -> None:
    """Depth, text and key checks over a parsed tree, without recursion (with ``numbers``,
    the number checks of the parser too: a tree about to be written)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        node, depth = stack.pop()
        if numbers and isinstance(node, int) and not isinstance(node, bool):
            _parse_int(str(node))
        elif numbers and isinstance(node, float):
            _parse_float(repr(node))
        elif isinstance(node, str):
            why = clean_text(node, "")
            if why:
                raise _Refuse(why)
        elif isinstance(node, (list, tuple)):
            if depth >= MAX_DEPTH:
                raise _Refuse(M("is nested too deeply (more than {most} levels)", most=MAX_DEPTH))
            stack.extend((v, depth + 1) for v in node)
        elif isinstance(node, dict):
            if depth >= MAX_DEPTH:
                raise _Refuse(M("is nested too deeply (more than {most} levels)", most=MAX_DEPTH))
            for k, v in node.items():
                why = clean_text(k, "", MAX_KEY)
                if why:
                    raise _Refuse(why)
                stack.append((v, depth + 1))


def parse_json(text: str) -> Any:
    """Parse JSON text with every limit of :func:`read_json`; raises ValueError with a
    phrase (e.g. "is nested too deeply ...") to put after the file's name."""
    # Every value but the first follows a comma, and every list or object opens with a
    # bracket: their count bounds the values (commas inside texts only count too many).
    values = text.count(",") + text.count("[") + text.count("{")
    if values > MAX_VALUES:
        raise ValueError(M("holds more than {most} values (about {n}); no Paper Wars file is that big",
                           most=format(MAX_VALUES, ","), n=format(values, ",")))
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant)
    except _Refuse as exc:
        raise ValueError(said(exc)) from None
    except RecursionError:
        raise ValueError(M("is nested too deeply (more than {most} levels)", most=MAX_DEPTH)) from None
    except json.JSONDecodeError as exc:
        # TRANSLATORS: {problem} is the JSON reader's own words, in English ("Expecting value")
        raise ValueError(M("is damaged or cut short (line {line}, column {column}: {problem})", line=exc.lineno,
                           column=exc.colno, problem=exc.msg)) from None
    except (ValueError, MemoryError):
        raise ValueError(M("is damaged (it is not valid JSON)")) from None
    try:
        _check_tree(data)
    except _Refuse as exc:
        raise ValueError(said(exc)) from None
    return data


def read_json(path: Path, what: str = "file", max_bytes: int = MAX_BYTES) -> Any:
    """Read a JSON file or raise FileProblem with a clear sentence.  Reads only regular
    files, at most ``max_bytes``; the file is never changed."""
    text = read_text(path, what, max_bytes)
    try:
        return parse_json(text)
    except ValueError as exc:
        # TRANSLATORS: {what} is a kind of file ("save", "level file"), {name} its name, {problem} a phrase
        # saying what is wrong with it ("is damaged or cut short (line 3, ...)")
        raise FileProblem(M("The {what} {name} {problem}.", what=_what(what), name=file_name(path),
                            problem=said(exc))) from None


def read_text(path: Path, what: str = "file", max_bytes: int = MAX_BYTES) -> str:
    """Read a UTF-8 text file or raise FileProblem with a clear sentence: only a regular
    file (a symlink to /dev/zero or a pipe is refused before a byte is read), at most
    ``max_bytes``, never empty; the file is never changed."""
    path = Path(path)
    name = file_name(path)
    kind = _what(what)
    most = max(1, max_bytes // (1024 * 1024))
    # TRANSLATORS: in each of these sentences {what} is a kind of file ("save", "level file"), {name} its name
    try:
        own(path)  # never through a link out of the app's folders
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise FileProblem(M("The {what} {name} is a folder, not a file.", what=kind, name=name))
        if not stat.S_ISREG(info.st_mode):  # a device (/dev/zero), a pipe: never read
            raise FileProblem(M("The {what} {name} is not a regular file.", what=kind, name=name))
        if info.st_size > max_bytes:
            raise FileProblem(M("The {what} {name} is too large ({size} MB, at most {most} MB); it was not opened.",
                                what=kind, name=name, size=round(info.st_size / (1024 * 1024)), most=most))
        with open(path, "rb") as fh:
            raw = fh.read(max_bytes + 1)
    except FileNotFoundError:
        raise FileProblem(M("The {what} {name} does not exist.", what=kind, name=name)) from None
    except IsADirectoryError:
        raise FileProblem(M("The {what} {name} is a folder, not a file.", what=kind, name=name)) from None
    except OSError as exc:
        # TRANSLATORS: {problem} is the system's reason, in English ("Permission denied")
        raise FileProblem(M("The {what} {name} cannot be read: {problem}.", what=kind, name=name,
                            problem=_escape(str(exc.strerror or "error")))) from None
    if len(raw) > max_bytes:
        raise FileProblem(M("The {what} {name} is too large (more than {most} MB); it was not opened.",
                            what=kind, name=name, most=most))
    if not raw.strip():
        raise FileProblem(M("The {what} {name} is empty.", what=kind, name=name))
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileProblem(M("The {what} {name} is not a text file (is it a {what} at all?).", what=kind,
                            name=name)) from None


def clean_stale_temps(folder: Path, min_age: float = 300.0) -> int:
    """Remove temporary files a killed write left behind (``*.json.*.tmp`` older than
    ``min_age`` seconds) in one of the app's folders (never through a link out of it, see
    game.paths.own); returns how many were removed.  Never raises."""
    removed = 0
    try:
        now = time.time()
        for tmp in own(folder).glob("*.json.*.tmp"):
            try:
                if now - tmp.lstat().st_mtime >= min_age and remove_own(tmp):
                    removed += 1
            except OSError:
                pass
    except OSError:
        pass
    return removed


# -- writing: what is written reads back, and no file the app could not read is written over --

#: Files this process wrote, or checked it can read, by path: (device, inode, size, mtime) then.
#: Writing over one of them again needs no second look (an autosave after every action).
_known: dict[str, tuple[int, int, int, int]] = {}
#: Sentences for the player about damaged files kept aside (the window shows them as they
#: come, see :func:`take_notes`; the command line prints them).
_notes: list[str] = []


def take_notes() -> list[str]:
    """The sentences about files kept aside since the last call (each said once)."""
    out = _notes[:]
    del _notes[: len(out)]
    return out


def _signature(path: Path) -> tuple[int, int, int, int] | None:
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def damaged_path(path: Path) -> Path:
    """Where a file the app cannot read is kept: ``NAME.damaged.json``, or ``NAME.damaged-2.json``
    and so on when that is taken (an older damaged copy is never written over either)."""
    path = Path(path)
    keep = path.with_name(f"{path.stem}.damaged{path.suffix}")
    n = 1
    while os.path.lexists(keep):
        n += 1
        keep = path.with_name(f"{path.stem}.damaged-{n}{path.suffix}")
    return keep


def keep_if_unreadable(path: Path, reader: Any = None, what: str = "file") -> Path | None:
    """Before ``path`` is written over: when the file there is one the app cannot read (``reader``
    raises; by default the guarded JSON reader), it is kept as NAME.damaged.json and a sentence
    says so (:func:`take_notes`).  Returns where it was kept (None when nothing was kept)."""
    path = Path(path)
    sig = _signature(path)
    if sig is None or _known.get(str(path)) == sig:
        return None
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None  # a folder or a device: never moved; the write itself fails and says so
    except OSError:
        return None
    try:
        (reader or (lambda p: read_json(p, what)))(path)
    except Exception as exc:  # noqa: BLE001 - whatever the reader refuses, the file is kept
        problem = said(exc) if isinstance(exc, FileProblem) else \
            M("The {what} {name} cannot be read.", what=_what(what), name=file_name(path))
    else:
        _known[str(path)] = sig
        return None
    keep = damaged_path(path)
    os.replace(path, keep)
    # TRANSLATORS: {problem} is a sentence saying why a file cannot be read; {name} the name it is kept under
    _notes.append(str(FileProblem(M("{problem} It is kept as {name} and a new one is written in its place.",
                                    problem=problem, name=file_name(keep)))))
    return keep


def dumps(data: Any) -> str:
    """The text every Paper Wars file is written as."""
    return json.dumps(data, indent=1, sort_keys=False, allow_nan=False)


def check_written(text: str, data: Any, path: Path, what: str = "file", max_bytes: int = MAX_BYTES,
                  checked: bool = False) -> None:
    """Raise FileProblem when ``text`` (``data`` written out) would not read back through
    :func:`read_json`: too large, too many values, or (unless the caller ``checked`` every value
    already) a text, key, number or nesting the reader refuses."""
    name = file_name(path)
    kind = _what(what)
    size = len(text) if text.isascii() else len(text.encode("utf-8"))
    if size > max_bytes:
        raise FileProblem(M("The {what} {name} would take {size:.1f} MB, more than Paper Wars reads back ({most} MB); "
                            "it was not written.", what=kind, name=name, size=size / (1024 * 1024),
                            most=max(1, max_bytes // (1024 * 1024))))
    values = text.count(",") + text.count("[") + text.count("{")
    if values > MAX_VALUES:
        raise FileProblem(M("The {what} {name} would hold about {n} values, more than Paper Wars reads back "
                            "({most}); it was not written.", what=kind, name=name, n=format(values, ","),
                            most=format(MAX_VALUES, ",")))
    if checked:
        return
    try:
        _check_tree(data, numbers=True)
    except _Refuse as exc:
        # TRANSLATORS: {problem} is a phrase saying what the file would hold ("holds a 30-digit number ...")
        raise FileProblem(M("The {what} {name} was not written: it {problem}, which Paper Wars would not read back.",
                            what=kind, name=name, problem=said(exc))) from None


def write_atomic(path: Path, data: Any, reader: Any = None, what: str = "file", max_bytes: int = MAX_BYTES,
                 checked: bool = False) -> Path | None:
    """Write JSON to a temporary file, fsync it, then rename it over ``path``.

    Only what reads back is written (:func:`check_written`: else FileProblem, and nothing is
    touched); only inside the app's folders without following a link out of them
    (game.paths.own: else OutsideFolder, an OSError); and a file already there that the app
    cannot read (``reader(path)`` raises; by default the guarded reader with ``max_bytes``) is
    never written over: it is kept as NAME.damaged.json first, and said (:func:`take_notes`).
    Returns where a damaged file was kept (None when none was)."""
    path = own(Path(path))
    text = dumps(data)
    check_written(text, data, path, what, max_bytes, checked)
    own_dir(path.parent)
    kept = keep_if_unreadable(path, reader or (lambda p: read_json(p, what, max_bytes)), what)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sig = _signature(path)
    if sig is not None:
        _known[str(path)] = sig
    try:  # make the rename itself durable where the OS allows it
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass
    return kept
