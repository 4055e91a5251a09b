"""Where things live: bundled data (levels, sprites, docs) and the user's folders."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

import platformdirs

from .msg import M

APP = "PaperWars"


def root() -> Path:
    """The folder holding levels/, sprites/ and docs/: the one lookup for every way the game is run.

    Installed from the wheel (pip, pipx) and in a PyInstaller bundle they sit inside the
    package, as game/_data/ (pyproject.toml and build.spec put them there); in a source
    checkout they are the top-level folders beside game/.
    """
    package = Path(__file__).resolve().parent
    shipped = package / "_data"
    if (shipped / "levels").is_dir():
        return shipped
    return package.parent


def levels_dir(game: str) -> Path:
    return root() / "levels" / game


def user_levels_dir(game: str) -> Path:
    """Levels the player made with an editor: beside the saves, never inside the bundle."""
    return data_dir() / "levels" / game


def sprites_dir() -> Path:
    return root() / "sprites"


def docs_dir() -> Path:
    return root() / "docs"


class FolderProblem(OSError):
    """A user folder that cannot be made (a read-only home): an OSError, so every writer that
    already says "could not be saved" says so, with one sentence naming the folder."""


#: Set by :func:`ensure_folders` when the user's folders cannot be made: a temporary folder
#: used for this run instead (the player is told that nothing in it is kept).
_fallback: Path | None = None


def _user_dir(sub: str, default: str) -> Path:
    override = os.environ.get("PAPERWARS_HOME")
    path = Path(override) / sub if override else Path(default)
    if _fallback is not None:
        path = _fallback / sub
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        # TRANSLATORS: {folder} is a folder's path, {problem} the system's reason in English ("Read-only file system")
        raise FolderProblem(exc.errno or 0, M("The folder {folder} cannot be made ({problem})", folder=str(path),
                                              problem=str(exc.strerror or "no permission"))) from None
    return path


def data_dir() -> Path:
    """Saves and autosaves.  PAPERWARS_HOME overrides it (tests, portable installs)."""
    return _user_dir("data", platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    return _user_dir("config", platformdirs.user_config_dir(APP, appauthor=False))


class OutsideFolder(OSError):
    """A path inside the app's folders that a link takes out of them: never written, read or
    deleted.  An OSError (every writer already says "could not be saved"), its strerror the
    sentence that names the link."""


def _within(path: str, root: str) -> bool:
    path, root = os.path.normcase(path), os.path.normcase(root)
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _app_roots() -> list[Path]:
    """The data and settings folders as the app names them (not made here)."""
    override = os.environ.get("PAPERWARS_HOME")
    if _fallback is not None:
        return [_fallback / "data", _fallback / "config"]
    if override:
        return [Path(override) / "data", Path(override) / "config"]
    return [Path(platformdirs.user_data_dir(APP, appauthor=False)),
            Path(platformdirs.user_config_dir(APP, appauthor=False))]


def own(path: Path | str) -> Path:
    """``path`` when the app may write, read or delete it.  A path inside the data or settings
    folder must stay inside that folder once every link on the way is followed (a folder such as
    ``autosaves`` or a file such as ``rooms.sqlite3`` that is a link to somewhere else is never
    followed); otherwise OutsideFolder says which link.  A path outside the app's folders is the
    player's own choice (a command line's ``--out``) and is returned as it is."""
    path = Path(path)
    here = os.path.abspath(path)
    for root in _app_roots():
        top = os.path.abspath(root)
        if not _within(here, top):
            continue
        real_top = os.path.realpath(top)
        if _within(os.path.realpath(here), real_top):
            return path
        # name the first link on the way that leads out
        part = Path(top)
        for name in Path(here).relative_to(top).parts:
            part = part / name
            if os.path.islink(part) and not _within(os.path.realpath(part), real_top):
                break
        rel = part.relative_to(top) if _within(str(part), top) else part
        # TRANSLATORS: {link} is a file or folder inside {folder}; {target} where the link leads
        raise OutsideFolder(0, M("{link} is a link out of Paper Wars' folder {folder} (to {target}), so Paper Wars "
                                 "does not use it", link=str(rel), folder=str(top), target=os.path.realpath(part)),
                            str(path))
    return path


def own_dir(path: Path | str) -> Path:
    """Make a folder of the app's (see :func:`own`) and return it."""
    path = own(path)
    path.mkdir(parents=True, exist_ok=True)
    return own(path)


def stamped(folder: Path, prefix: str, suffix: str) -> Path:
    """A new file name in ``folder`` stamped with the time ("crash-20261202-061500.txt"), with
    "-1", "-2", ... added while a file of that name is already there."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path, n = folder / f"{prefix}{stamp}{suffix}", 1
    while path.exists():
        path, n = folder / f"{prefix}{stamp}-{n}{suffix}", n + 1
    return path


def remove_own(path: Path | str, check: Any = None) -> bool:
    """Delete a file the app wrote: only inside its folders (see :func:`own`), only a regular
    file or a link (a link is removed, never what it points to), and only when ``check(path)``
    (when given) says it is the app's own kind of file.  True when it was removed; never raises
    for a file that is not there."""
    path = own(path)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return False
    import stat

    if not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):
        return False
    if check is not None and not check(path):
        return False
    try:
        os.unlink(path)
    except FileNotFoundError:
        return False
    return True


def ensure_folders() -> str:
    """Make the data and settings folders at the start; when they cannot be made, use a
    temporary folder for this run and return the sentence that tells the player ("" when
    all is well).  Never raises."""
    global _fallback
    try:
        data_dir()
        config_dir()
        return ""
    except OSError as exc:
        import tempfile

        why = exc.strerror if isinstance(exc, FolderProblem) else str(exc)
        try:
            _fallback = Path(tempfile.mkdtemp(prefix="paperwars-"))
        except OSError:
            # TRANSLATORS: {problem} is a sentence part saying which folder cannot be made and why
            return M("{problem}: games cannot be saved this time.", problem=why)
        return M("{problem}, so this time games are kept in the temporary folder {folder}, which the next start will "
                 "not find.", problem=why, folder=str(_fallback))


def self_command(*args: str) -> list[str]:
    """The command line that starts this program again with `args`: a bundle's own
    executable (a frozen program has no `-m`), otherwise this Python with `-m game`."""
    if getattr(sys, "frozen", False):
        return [sys.executable, *args]
    return [sys.executable, "-m", "game", *args]


OUTPUT_LOG = "paperwars-output.txt"


def output_log() -> Path:
    """Where a windowed bundle's command-line output goes when it has no console."""
    return data_dir() / OUTPUT_LOG


class _LogFile:
    """A text stream that opens the output log on first write (a double-clicked game that
    prints nothing leaves no file behind)."""

    encoding = "utf-8"
    errors = "replace"

    def __init__(self) -> None:
        self._fh: Any = None

    def _open(self) -> Any:
        if self._fh is None:
            self._fh = open(output_log(), "a", encoding="utf-8", errors="replace", buffering=1)
        return self._fh

    def write(self, text: str) -> int:
        return int(self._open().write(text))

    def flush(self) -> None:
        if self._fh is not None:
            self._fh.flush()

    def isatty(self) -> bool:
        return False


def _attach_parent_console() -> bool:
    """Windows: borrow the console of the command prompt that started a windowed build."""
    if os.name != "nt":
        return False
    try:
        import ctypes

        if not ctypes.windll.kernel32.AttachConsole(-1):  # type: ignore[attr-defined]  # ATTACH_PARENT_PROCESS
            return False
        sys.stdout = open("CONOUT$", "w", encoding="utf-8", errors="replace", buffering=1)
        sys.stderr = sys.stdout
        return True
    except OSError:
        return False


def ensure_output() -> None:
    """A windowed build (PyInstaller console=False) starts with sys.stdout and sys.stderr set
    to None, so `print` would go nowhere and `flush` would crash.  Started from a command
    prompt it writes there; double-clicked, into paperwars-output.txt in the data folder."""
    if sys.stdout is not None and sys.stderr is not None:
        return
    if _attach_parent_console():
        return
    log = _LogFile()
    if sys.stdout is None:
        sys.stdout = log  # type: ignore[assignment]
    if sys.stderr is None:
        sys.stderr = log  # type: ignore[assignment]
