"""Shared test setup: headless SDL, a throwaway user folder, the proof ruleset registered."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest

from game import registry
from tests.toy_game import pig_ruleset


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("PAPERWARS_HOME", str(tmp_path / "home"))
    yield


@pytest.fixture(autouse=True, scope="session")
def _register_pig():
    registry.register(pig_ruleset())
    yield
    registry.unregister("pig")
