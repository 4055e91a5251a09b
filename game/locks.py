"""One game in one window: a lock beside a game's autosave.

Two windows that both Continue the same game would each write its autosave after every move,
and one window's moves would vanish without a word.  So a Session that keeps an autosave holds
``NAME.json.lock`` beside it: a small JSON file naming the process (its id and start time, so a
reused process id is not mistaken for it).  A second window (another process) that asks for the
game is told in one sentence; a lock whose process is gone (the app was killed, the computer
crashed) is cleared by whoever asks next.  One window shows one game at a time, so sessions of the
same process share its lock (counted; the last to close removes it).  Locks live inside the data
folder only (game.paths.own).
"""

from __future__ import annotations

import atexit
import json
import os
import secrets
import socket
import threading
from pathlib import Path
from typing import Any

from .jsonio import SaveError, file_name
from .msg import M
from .paths import own, own_dir, remove_own

FORMAT = "paperwars-lock"
SUFFIX = ".lock"
#: Largest lock file read (it holds a few numbers).
MAX_BYTES = 4096

#: The locks this process holds: lock path -> how many of its sessions hold it.
_held: dict[str, int] = {}
_mutex = threading.Lock()


class GameOpenElsewhere(SaveError):
    """The game is open in another window: one sentence saying so (the files are untouched).  A
    SaveError: whatever opens a save says it as it says any save that does not open."""


def lock_path(autosave: Path) -> Path:
    autosave = Path(autosave)
    return autosave.with_name(autosave.name + SUFFIX)


_me_cache: dict[int, dict[str, Any]] = {}


def _me() -> dict[str, Any]:
    """This process, as a lock names it."""
    pid = os.getpid()
    if pid not in _me_cache:
        import psutil

        _me_cache.clear()
        _me_cache[pid] = {"format": FORMAT, "pid": pid, "started": psutil.Process(pid).create_time(),
                          "host": socket.gethostname()}
    return dict(_me_cache[pid])


def _read(lock: Path) -> dict[str, Any] | None:
    """The lock's content; None when there is none or it is not a lock this app wrote."""
    try:
        with open(own(lock), "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
        data = json.loads(raw.decode("utf-8")) if len(raw) <= MAX_BYTES else None
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("format") == FORMAT else None


def _alive(info: dict[str, Any]) -> bool:
    """The process that wrote the lock still runs (on this computer; one on another computer
    sharing the folder is taken to run)."""
    import psutil

    if info.get("host") != socket.gethostname():
        return True
    pid, started = info.get("pid"), info.get("started")
    if not isinstance(pid, int) or isinstance(pid, bool) or not isinstance(started, (int, float)):
        return False
    try:
        return abs(psutil.Process(pid).create_time() - started) < 1.0
    except (psutil.Error, OSError, ValueError, OverflowError):
        return False


def _mine(info: dict[str, Any]) -> bool:
    """The lock is this process's own."""
    me = _me()
    return info.get("host") == me["host"] and info.get("pid") == me["pid"] and \
        isinstance(info.get("started"), (int, float)) and abs(info["started"] - me["started"]) < 1.0


def holder(autosave: Path) -> dict[str, Any] | None:
    """Who holds the game's lock, when another process does (None when nobody, or this one)."""
    info = _read(lock_path(autosave))
    if info is None or _mine(info) or not _alive(info):
        return None
    return info


def held_elsewhere(autosave: Path) -> bool:
    """The game is open in another window (or another session of this one)."""
    try:
        return holder(autosave) is not None
    except OSError:
        return False


def _sentence(autosave: Path, info: dict[str, Any]) -> str:
    lock = lock_path(autosave)
    if info.get("host") != socket.gethostname():
        # TRANSLATORS: {host} is the other computer's name, {name} the lock file's name
        return M("This game is open in Paper Wars on another computer ({host}); play it there, or if it is not open "
                 "there, delete {name} beside it.", host=str(info.get("host"))[:40], name=file_name(lock))
    # TRANSLATORS: {pid} is the other window's process number
    return M("This game is open in another Paper Wars window (process {pid}): play it there, or close it there "
             "first.", pid=str(info.get("pid")))


def acquire(autosave: Path) -> None:
    """Hold the lock of the game whose autosave is ``autosave``; GameOpenElsewhere when another
    window (another process) holds it.  A lock left by a process that is gone is taken over."""
    try:
        lock = own(lock_path(autosave))
        own_dir(lock.parent)
    except OSError:
        return  # a folder that cannot hold a lock: the autosave itself will say what is wrong
    with _mutex:
        for _ in range(3):
            try:
                fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                there = _read(lock)
                if there is not None and _mine(there):
                    _held[str(lock)] = _held.get(str(lock), 0) + 1
                    return
                if there is not None and _alive(there):
                    raise GameOpenElsewhere(_sentence(autosave, there)) from None
                # a lock of a process that is gone (or not a lock at all): cleared
                try:
                    remove_own(lock)
                except OSError:
                    pass
                continue
            except OSError:
                return  # a folder that cannot hold a lock: the autosave itself will say what is wrong
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump({**_me(), "token": secrets.token_hex(8)}, fh)
            _held[str(lock)] = _held.get(str(lock), 0) + 1
            return
        raise GameOpenElsewhere(M("This game's lock {name} cannot be taken; close the other Paper Wars windows and "
                                  "try again.", name=file_name(lock)))


def release(autosave: Path) -> None:
    """Let the game go (its window closed it); the last of this process's sessions removes the lock
    (only a lock this process wrote)."""
    lock = lock_path(autosave)
    with _mutex:
        count = _held.get(str(lock), 0)
        if count > 1:
            _held[str(lock)] = count - 1
            return
        if _held.pop(str(lock), None) is None:
            return
        info = _read(lock)
        if info is not None and _mine(info):
            try:
                remove_own(lock)
            except OSError:
                pass


def clear_stale(folder: Path) -> int:
    """Remove the locks in ``folder`` whose process is gone (start of the app); how many.  Never raises."""
    removed = 0
    try:
        for lock in own(folder).glob(f"*.json{SUFFIX}"):
            info = _read(lock)
            if info is not None and not _alive(info) and remove_own(lock):
                removed += 1
    except OSError:
        pass
    return removed


def _release_all() -> None:
    for lock in list(_held):
        _held[lock] = 1
        release(Path(lock[: -len(SUFFIX)]))


atexit.register(_release_all)
