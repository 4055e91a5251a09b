"""Where things live: bundled data (levels, sprites, docs) and the user's folders."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP = "PaperWars"


def root() -> Path:
    """The folder holding levels/, sprites/ and docs/ (source tree or PyInstaller bundle)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def levels_dir(game: str) -> Path:
    return root() / "levels" / game


def user_levels_dir(game: str) -> Path:
    """Levels the player made with an editor: beside the saves, never inside the bundle."""
    return data_dir() / "levels" / game


def sprites_dir() -> Path:
    return root() / "sprites"


def docs_dir() -> Path:
    return root() / "docs"


def data_dir() -> Path:
    """Saves and autosaves.  PAPERWARS_HOME overrides it (tests, portable installs)."""
    override = os.environ.get("PAPERWARS_HOME")
    path = Path(override) / "data" if override else Path(platformdirs.user_data_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    override = os.environ.get("PAPERWARS_HOME")
    path = Path(override) / "config" if override else Path(platformdirs.user_config_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path
