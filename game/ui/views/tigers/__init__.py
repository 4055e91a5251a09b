"""Paper Tigers' board view (``TigersView``), one idea to a module: see view.py.

Re-exported here: the view, and the names the tests and the lessons import from
``game.ui.views.tigers``.
"""

from .board import CARD_H, CARD_W, draw_card, unit_tag
from .hover import pct
from .view import TigersView

__all__ = ["CARD_H", "CARD_W", "TigersView", "draw_card", "pct", "unit_tag"]
