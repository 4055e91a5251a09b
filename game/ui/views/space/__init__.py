"""Pencil Space Combat's board view (``SpaceView``), one idea to a module: see view.py.

Re-exported here: the view, and the names the field editor (space_editor.py) and the tests
import from ``game.ui.views.space``.
"""

from .board import _outline, draw_rocks
from .gestures import REFUSED_TIME, outline_polygon
from .view import SpaceView

__all__ = ["REFUSED_TIME", "SpaceView", "_outline", "draw_rocks", "outline_polygon"]
