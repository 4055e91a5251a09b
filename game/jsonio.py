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
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

#: Largest file read, by kind (bytes).  A long game's record is well under 1 MB.
MAX_BYTES = 16 * 1024 * 1024
#: Deepest nesting of lists and objects any Paper Wars file uses is 5; this leaves room.
MAX_DEPTH = 32
#: Whole numbers: at most this many digits (seeds are 64-bit).
MAX_DIGITS = 20
#: Longest text value in a file.
MAX_TEXT = 200_000
#: Most values (numbers, texts, lists, objects) a file may hold: 16 MB of "{}" would make
#: 5 million objects (10 s, 800 MB).  A record of 50,000 actions holds about 300,000.
MAX_VALUES = 500_000

#: Characters a text value may not hold: NUL and the other C0 controls (tab, newline and
#: carriage return excepted), DEL, and lone surrogates (which are not text at all).
BAD_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


#: Longest refusal shown: a sentence, not a dump of the file.
MAX_MESSAGE = 400


class FileProblem(ValueError):
    """A file that cannot be used, with a sentence saying why.  The file is never touched.

    Whoever builds the sentence (a ruleset checking its level, too), what reaches the
    player is escaped (no control character reaches a terminal or the screen) and
    shortened to MAX_MESSAGE characters."""

    def __init__(self, message: object = "", *args: object) -> None:
        text = _escape(str(message))
        if len(text) > MAX_MESSAGE:
            text = text[: MAX_MESSAGE - 1] + "…"
        super().__init__(text, *args)


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
        return "true/false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "something else"


def file_name(path: Path | str) -> str:
    """A file's name, escaped and shortened, for a sentence."""
    return _escape(Path(path).name[:80])


def clean_text(value: str, what: str, limit: int = MAX_TEXT) -> str | None:
    """Why ``value`` is not acceptable text, as a phrase starting with ``what`` (None when
    it is acceptable); with ``what`` empty the phrase starts with "holds" or "has"."""
    if len(value) > limit:
        if not what:
            return f"has a text of {len(value):,} characters (at most {limit:,})"
        return f"{what} is {len(value):,} characters long (at most {limit:,})"
    bad = BAD_CHARS.search(value)
    if bad:
        ch = bad.group(0)
        name = "a NUL character" if ch == "\x00" else ("a lone surrogate" if "\ud800" <= ch <= "\udfff"
                                                      else "a control character")
        return f"{what} holds {name} ({show(value)})".strip()
    return None


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _Refuse(f"holds a {digits:,}-digit number (at most {MAX_DIGITS} digits)")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 40:
        raise _Refuse(f"holds a number written with {len(text):,} characters ({show(text, 20)[1:-1]})")
    value = float(text)
    if not math.isfinite(value):
        raise _Refuse(f"holds a number too large to use ({text[:24]})")
    return value


def _parse_constant(text: str) -> Any:
    raise _Refuse(f"holds {text}, which is not a number")


def _check_tree(data: Any) -> None:
    """Depth, text and key checks over a parsed tree, without recursion."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, str):
            why = clean_text(node, "")
            if why:
                raise _Refuse(why)
        elif isinstance(node, list):
            if depth >= MAX_DEPTH:
                raise _Refuse(f"is nested too deeply (more than {MAX_DEPTH} levels)")
            stack.extend((v, depth + 1) for v in node)
        elif isinstance(node, dict):
            if depth >= MAX_DEPTH:
                raise _Refuse(f"is nested too deeply (more than {MAX_DEPTH} levels)")
            for k, v in node.items():
                why = clean_text(k, "", 200)
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
        raise ValueError(f"holds more than {MAX_VALUES:,} values (about {values:,}); no Paper Wars file is that big")
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant)
    except _Refuse as exc:
        raise ValueError(str(exc)) from None
    except RecursionError:
        raise ValueError(f"is nested too deeply (more than {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"is damaged or cut short (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except (ValueError, MemoryError):
        raise ValueError("is damaged (it is not valid JSON)") from None
    try:
        _check_tree(data)
    except _Refuse as exc:
        raise ValueError(str(exc)) from None
    return data


def read_json(path: Path, what: str = "file", max_bytes: int = MAX_BYTES) -> Any:
    """Read a JSON file or raise FileProblem with a clear sentence.  Reads only regular
    files, at most ``max_bytes``; the file is never changed."""
    text = read_text(path, what, max_bytes)
    try:
        return parse_json(text)
    except ValueError as exc:
        raise FileProblem(f"The {what} {file_name(path)} {exc}.") from None


def read_text(path: Path, what: str = "file", max_bytes: int = MAX_BYTES) -> str:
    """Read a UTF-8 text file or raise FileProblem with a clear sentence: only a regular
    file (a symlink to /dev/zero or a pipe is refused before a byte is read), at most
    ``max_bytes``, never empty; the file is never changed."""
    path = Path(path)
    name = file_name(path)
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise FileProblem(f"The {what} {name} is a folder, not a file.")
        if not stat.S_ISREG(info.st_mode):  # a device (/dev/zero), a pipe: never read
            raise FileProblem(f"The {what} {name} is not a regular file.")
        if info.st_size > max_bytes:
            raise FileProblem(f"The {what} {name} is too large ({info.st_size / (1024 * 1024):.0f} MB, "
                              f"at most {max(1, max_bytes // (1024 * 1024))} MB); it was not opened.")
        with open(path, "rb") as fh:
            raw = fh.read(max_bytes + 1)
    except FileNotFoundError:
        raise FileProblem(f"The {what} {name} does not exist.") from None
    except IsADirectoryError:
        raise FileProblem(f"The {what} {name} is a folder, not a file.") from None
    except OSError as exc:
        raise FileProblem(f"The {what} {name} cannot be read: {_escape(str(exc.strerror or 'error'))}.") from None
    if len(raw) > max_bytes:
        raise FileProblem(f"The {what} {name} is too large (more than {max(1, max_bytes // (1024 * 1024))} MB); "
                          "it was not opened.")
    if not raw.strip():
        raise FileProblem(f"The {what} {name} is empty.")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileProblem(f"The {what} {name} is not a text file (is it a {what} at all?).") from None


def clean_stale_temps(folder: Path, min_age: float = 300.0) -> int:
    """Remove temporary files a killed write left behind (``*.json.*.tmp`` older than
    ``min_age`` seconds); returns how many were removed.  Never raises."""
    removed = 0
    try:
        now = time.time()
        for tmp in Path(folder).glob("*.json.*.tmp"):
            try:
                if tmp.is_file() and now - tmp.stat().st_mtime >= min_age:
                    tmp.unlink()
                    removed += 1
            except OSError:
                pass
    except OSError:
        pass
    return removed


def write_atomic(path: Path, data: Any) -> None:
    """Write JSON to a temporary file, fsync it, then rename it over ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, sort_keys=False, allow_nan=False)
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
    try:  # make the rename itself durable where the OS allows it
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass
