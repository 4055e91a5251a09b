"""Paper Wars: five pencil-and-paper wargames in one desktop app."""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
