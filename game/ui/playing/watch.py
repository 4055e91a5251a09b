"""Watch a record or a save in the replay viewer (the Load screen's Watch, `paperwars replay --watch`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...jsonio import FileProblem
from ...saves import load_any


def open_replay(app: Any, path: Path) -> Any:
    """Push a replay of the record or save at ``path``; a toast with the reason if it will not open."""
    try:
        scene = app.make("replay", load_any(path))
    except (FileProblem, KeyError, ValueError) as exc:
        app.toast(str(exc.args[0] if isinstance(exc, KeyError) else exc), 8)
        return None
    app.push(scene)
    return scene
