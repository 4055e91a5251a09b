"""Safe JSON files: atomic writes, careful reads.  Never pickle, never eval."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


class FileProblem(ValueError):
    """A file that cannot be used, with a sentence saying why.  The file is never touched."""


def write_atomic(path: Path, data: Any) -> None:
    """Write JSON to a temporary file, fsync it, then rename it over ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, sort_keys=False)
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


def read_json(path: Path, what: str = "file") -> Any:
    """Read a JSON file or raise FileProblem with a clear sentence."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise FileProblem(f"The {what} {path.name} does not exist.") from None
    except OSError as exc:
        raise FileProblem(f"The {what} {path.name} cannot be read: {exc.strerror}.") from None
    if not raw.strip():
        raise FileProblem(f"The {what} {path.name} is empty.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem(f"The {what} {path.name} is not a text file (is it a {what} at all?).") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileProblem(
            f"The {what} {path.name} is damaged or cut short (line {exc.lineno}, column {exc.colno}: {exc.msg})."
        ) from None
