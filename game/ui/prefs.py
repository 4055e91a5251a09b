"""Player settings that persist in the user config folder (window, sound, palette, defaults).

The file is read through the guarded reader (game.jsonio) and every field is checked:
a damaged file, or a damaged field, never stops the game from starting.  What could be
used is used, the rest falls back to the defaults, the player is told once, and the
damaged file is left exactly as it was until the player changes a setting on purpose; then
it is kept as settings.damaged.json (game.jsonio.write_atomic) and the new one is written.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..jsonio import FileProblem, file_name, read_json, write_atomic
from ..msg import N_, M, Mn
from ..paths import config_dir
from .words import message_of

PALETTES = ("colour-blind safe", "high contrast")
#: The window the file may ask for (larger ones are clamped: a 10000x10000 window would
#: need gigabytes of pixels).
MIN_WINDOW = (800, 560)
MAX_WINDOW = (3840, 2400)
MAX_BYTES = 1024 * 1024
#: Remembered setup choices: at most this many games, settings per game and seats.
MAX_GAMES = 32
MAX_KEYS = 64
MAX_SEATS = 16


@dataclass
class Prefs:
    window: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    volume: float = 0.6
    palette: str = PALETTES[0]
    show_residue: bool = True
    #: UI scale in percent (fonts, widgets, board margins), 75-200.
    ui_scale: int = 100
    #: The language chosen in Settings ("en", "fi", "nl"); "" follows the system's (game.i18n).
    language: str = ""
    #: Last used settings and seats per game: the setup screen starts from them.
    defaults: dict[str, dict[str, Any]] = field(default_factory=dict)
    problem: str = ""  # why the stored file could not be used (shown once, never saved)

    @staticmethod
    def path() -> Path:
        return config_dir() / "settings.json"

    @classmethod
    def load(cls) -> Prefs:
        """The stored settings; never raises (a damaged file gives defaults and a sentence)."""
        prefs = cls()
        try:
            p = cls.path()
            if not p.exists() and not p.is_symlink():
                return prefs
            data = read_json(p, "settings file", MAX_BYTES)
            if not isinstance(data, dict):
                raise FileProblem(N_("The settings file settings.json does not hold settings."))
            bad = prefs._take(data)
        except FileProblem as exc:
            prefs = cls()
            # TRANSLATORS: {problem} is a sentence saying what is wrong with the settings file.
            prefs.problem = M("{problem} Using the default settings; the file was left as it is.",
                              problem=message_of(exc))
        except Exception:  # noqa: BLE001 - the game always starts
            prefs = cls()
            prefs.problem = N_("The settings file could not be read. Using the default settings; "
                               "the file was left as it is.")
        else:
            if bad:
                # TRANSLATORS: {field} is the name of a field of the settings file, as it is written there.
                prefs.problem = (M("The settings file settings.json has a bad value for {field}; the default is "
                                   "used for it and the file was left as it is.", field=bad[0]) if len(bad) == 1 else
                                 Mn("The settings file settings.json has a bad value for {field} (and {n} more); the "
                                    "default is used for them and the file was left as it is.",
                                    "The settings file settings.json has a bad value for {field} (and {n} more); the "
                                    "default is used for them and the file was left as it is.", len(bad) - 1,
                                    field=bad[0]))
        prefs._loaded = prefs._chosen()
        return prefs

    def _take(self, data: dict[str, Any]) -> list[str]:
        """Use every good field of ``data``; returns the names of the bad ones."""
        bad: list[str] = []
        if "window" in data:
            w = data["window"]
            if isinstance(w, list) and len(w) == 2 and all(
                    isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in w):
                self.window = (min(MAX_WINDOW[0], max(MIN_WINDOW[0], w[0])),
                               min(MAX_WINDOW[1], max(MIN_WINDOW[1], w[1])))
                if w[0] > MAX_WINDOW[0] or w[1] > MAX_WINDOW[1]:
                    bad.append("window (larger than the largest screen)")
            else:
                bad.append("window")
        for key in ("fullscreen", "show_residue"):
            if key in data:
                if isinstance(data[key], bool):
                    setattr(self, key, data[key])
                else:
                    bad.append(key)
        if "volume" in data:
            vol = data["volume"]
            if isinstance(vol, (int, float)) and not isinstance(vol, bool) and math.isfinite(vol):
                self.volume = min(1.0, max(0.0, float(vol)))
            else:
                bad.append("volume")
        if "palette" in data:
            if isinstance(data["palette"], str) and data["palette"] in PALETTES:
                self.palette = data["palette"]
            else:
                bad.append("palette")
        if "ui_scale" in data:
            scale = data["ui_scale"]
            if isinstance(scale, int) and not isinstance(scale, bool) and 75 <= scale <= 200:
                self.ui_scale = scale
            else:
                bad.append("ui_scale")
        if "language" in data:
            from ..i18n import LANGUAGES
            if data["language"] == "" or (isinstance(data["language"], str) and data["language"] in LANGUAGES):
                self.language = data["language"]
            else:
                bad.append("language")
        if "defaults" in data:
            defaults = _defaults(data["defaults"])
            if defaults is None:
                bad.append("defaults")
            else:
                self.defaults = defaults
        return bad

    def _chosen(self) -> dict[str, Any]:
        """What the player chooses on purpose (the window size follows the window)."""
        data = asdict(self)
        for key in ("problem", "window", "fullscreen"):
            data.pop(key, None)
        return data

    def save(self) -> None:
        """Write the settings, except over a damaged file the player has not changed any
        setting since (the message promised to leave it as it is)."""
        if self.problem and self._chosen() == getattr(self, "_loaded", None):
            return
        data = asdict(self)
        data.pop("problem")
        data.pop("_loaded", None)
        data["window"] = list(self.window)
        # a damaged file is kept as settings.damaged.json before the new one is written
        write_atomic(self.path(), data, reader=read_prefs, what="settings file", max_bytes=MAX_BYTES)
        self.problem = ""


def read_prefs(path: Path) -> Prefs:
    """The settings file read whole, or FileProblem saying what in it cannot be used."""
    data = read_json(path, "settings file", MAX_BYTES)
    if not isinstance(data, dict):
        # TRANSLATORS: {name} is the settings file's name.
        raise FileProblem(M("The settings file {name} does not hold settings.", name=file_name(path)))
    prefs = Prefs()
    bad = prefs._take(data)
    if bad:
        # TRANSLATORS: {name} is the settings file's name, {field} the name of a field in it.
        raise FileProblem(M("The settings file {name} has a bad value for {field}.", name=file_name(path), field=bad[0]))
    return prefs


def _defaults(value: Any) -> dict[str, dict[str, Any]] | None:
    """Remembered setup choices: {game: {"settings": {key: plain value}, "seats": [name]}};
    None when the value is not of that shape (the setup screen checks each setting again)."""
    if not isinstance(value, dict) or len(value) > MAX_GAMES:
        return None
    out: dict[str, dict[str, Any]] = {}
    for game, entry in value.items():
        if not isinstance(entry, dict) or set(entry) - {"settings", "seats"}:
            return None
        settings = entry.get("settings", {})
        seats = entry.get("seats", [])
        if not isinstance(settings, dict) or len(settings) > MAX_KEYS or not isinstance(seats, list) \
                or len(seats) > MAX_SEATS:
            return None
        clean = {}
        for k, v in settings.items():
            if isinstance(v, bool) or v is None or (isinstance(v, str) and len(v) <= 200):
                clean[k] = v
            elif isinstance(v, int) and abs(v) <= 10 ** 9:
                clean[k] = v
            elif isinstance(v, float) and math.isfinite(v):
                clean[k] = v
            else:
                return None
        if not all(isinstance(s, str) and len(s) <= 40 for s in seats):
            return None
        out[game] = {"settings": clean, "seats": list(seats)}
    return out

