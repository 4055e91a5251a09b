"""Warigami Tactics' board view (``WarigamiView``), one idea to a module: see view.py.

Re-exported here: the view, and the names the map editor (warigami_editor.py) imports from
``game.ui.views.warigami``.
"""

from .board import _mix, draw_sheet
from .view import WarigamiView

__all__ = ["WarigamiView", "_mix", "draw_sheet"]
