"""The crash report a scene's failure leaves in the data folder (App.safe_frame, App.recover)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

from ...paths import data_dir, own_dir, stamped

#: The crash handler lets the same failure through when it comes this often (a menu that fails).
MAX_CRASHES = 3
CRASH_WINDOW = 10.0


def write_crash_report(exc: BaseException, record: Any, scenes: list[str]) -> Path | None:
    """A text file in the data folder's crash-reports/: the version, the scenes, the
    traceback and the game's record (JSON), for a bug report.  None when it cannot be written."""
    import json
    import platform
    import traceback

    from ... import __version__

    try:
        folder = own_dir(data_dir() / "crash-reports")
        path = stamped(folder, "crash-", ".txt")
        try:
            game = json.dumps(record.to_json(), indent=1) if record is not None else "(no game in progress)"
        except Exception:  # noqa: BLE001 - the report is written even without the record
            game = "(the record could not be written out)"
        text = (f"Paper Wars {__version__} crash report, {time.strftime('%Y-%m-%d %H:%M:%S')}\n"
                f"Python {platform.python_version()}, pygame-ce {pygame.version.ver}, {platform.platform()}\n"
                f"Scenes: {' > '.join(scenes)}\n\n"
                + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
                + "\nThe game's record:\n" + game + "\n")
        path.write_text(text, encoding="utf-8", errors="replace")
        return path
    except Exception:  # noqa: BLE001 - a full disk, a read-only folder: the player is told
        return None
