"""pygame_gui's own words (its file dialog, the confirmation under it) in the player's language.

pygame_gui translates its widgets through python-i18n, with JSON files for 17 languages and
none for Finnish or Dutch.  Its words are kept here as messages of our own catalogs (the
shell's, context "pygame-gui"), so one .po file holds every word the window shows, and they
are handed to python-i18n for the language in use whenever the language changes: no JSON file
of ours can go stale, and the pseudo-locale reaches them too.
"""

from __future__ import annotations

from typing import Any

from ...i18n import tr
from ...msg import Mp

#: pygame_gui's key -> our message.  The keys are those its UIFileDialog and the
#: UIConfirmationDialog it opens use (pygame_gui 0.6.14, data/translations/pygame-gui.en.json).
KEYS: dict[str, Any] = {
    "OK": Mp("pygame-gui", "OK"),
    "Cancel": Mp("pygame-gui", "Cancel"),
    "Confirm": Mp("pygame-gui", "Confirm"),
    "Dismiss": Mp("pygame-gui", "Dismiss"),
    "file_dialog_title_bar": Mp("pygame-gui", "File dialog"),
    "Home_directory": Mp("pygame-gui", "Home folder"),
    "Delete": Mp("pygame-gui", "Delete"),
    "Parent_directory": Mp("pygame-gui", "Parent folder"),
    "Refresh_directory": Mp("pygame-gui", "Refresh the folder"),
    # TRANSLATORS: {file_name} is the name of the file the player chose to delete.
    "Delete_filename": Mp("pygame-gui", "Delete {file_name}?"),
}


def install(locale: str) -> None:
    """Give python-i18n pygame_gui's words in ``locale`` (the language text is rendered in now),
    from our catalogs; python-i18n's own placeholders are written ``%{name}``."""
    import i18n as python_i18n  # pygame_gui's dependency (python-i18n)

    for key, message in KEYS.items():
        text = tr(message).replace("{file_name}", "%{file_name}")
        python_i18n.add_translation(f"pygame-gui.{key}", text, locale=locale)
