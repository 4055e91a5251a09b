"""The Paper Invasion board view (``InvasionView``), one idea to a module: see view.py.

Re-exported here: the view, and ``words_path`` (the profile's used-words list, I-S1) that the
tests import from ``game.ui.views.invasion``.
"""

from __future__ import annotations

from .gestures import words_path
from .view import InvasionView

__all__ = ["InvasionView", "words_path"]
