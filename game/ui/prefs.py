"""Player settings that persist in the user config folder (window, sound, palette, defaults)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..jsonio import FileProblem, read_json, write_atomic
from ..paths import config_dir

PALETTES = ("colour-blind safe", "high contrast")


@dataclass
class Prefs:
    window: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    volume: float = 0.6
    palette: str = PALETTES[0]
    show_residue: bool = True
    #: UI scale in percent (fonts, widgets, board margins), 75-200.
    ui_scale: int = 100
    #: Last used settings and seats per game: the setup screen starts from them.
    defaults: dict[str, dict[str, Any]] = field(default_factory=dict)
    problem: str = ""  # why the stored file could not be used (shown once, never saved)

    @staticmethod
    def path() -> Path:
        return config_dir() / "settings.json"

    @classmethod
    def load(cls) -> Prefs:
        p = cls.path()
        if not p.exists():
            return cls()
        try:
            data = read_json(p, "settings file")
            if not isinstance(data, dict):
                raise FileProblem("The settings file does not hold settings.")
            prefs = cls()
            w = data.get("window", prefs.window)
            if isinstance(w, list) and len(w) == 2 and all(isinstance(v, int) and 320 <= v <= 10000 for v in w):
                prefs.window = (w[0], w[1])
            prefs.fullscreen = bool(data.get("fullscreen", False))
            vol = data.get("volume", prefs.volume)
            prefs.volume = min(1.0, max(0.0, float(vol))) if isinstance(vol, (int, float)) else prefs.volume
            if data.get("palette") in PALETTES:
                prefs.palette = data["palette"]
            prefs.show_residue = bool(data.get("show_residue", True))
            scale = data.get("ui_scale", prefs.ui_scale)
            if isinstance(scale, int) and not isinstance(scale, bool) and 75 <= scale <= 200:
                prefs.ui_scale = scale
            if isinstance(data.get("defaults"), dict):
                prefs.defaults = {k: v for k, v in data["defaults"].items() if isinstance(v, dict)}
            return prefs
        except FileProblem as exc:
            prefs = cls()
            prefs.problem = f"{exc} Using the default settings; the file was left as it is."
            return prefs

    def save(self) -> None:
        data = asdict(self)
        data.pop("problem")
        data["window"] = list(self.window)
        write_atomic(self.path(), data)
