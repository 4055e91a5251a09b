"""Amoeba Strategy: draw a map together, place troops under the uniqueness rule, attack and move."""

from __future__ import annotations

from .rules import AmoebaGame, AmoebaState

__all__ = ["AmoebaGame", "AmoebaState"]
