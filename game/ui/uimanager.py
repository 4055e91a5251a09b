"""pygame_gui's manager, with the one repair its theme needs to stay small over a long session."""

from __future__ import annotations

from typing import Any

import pygame_gui
from pygame_gui.core import UIAppearanceTheme


class Theme(UIAppearanceTheme):
    """pygame_gui's theme, remembering each widget's combined theming ids by the id lists
    themselves. pygame_gui 0.6 keys that memory with
    ``str(a).join(str(b).join(str(c)).join(str(d)))`` of the four id lists, a string whose
    length is the PRODUCT of theirs: up to 7 MB for a row of a drop-down's open list, built
    again for every widget made and kept for good, one per kind of widget, so one window held
    340 MB after the five setup pages and their drop-downs (a test worker, which opens every
    screen at every size, several GB). Here pygame_gui builds that string once per kind of
    widget and forgets it at once."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._combined_ids: dict[tuple[tuple[str | None, ...] | None, ...], list[str]] = {}

    def build_all_combined_ids(self, element_base_ids: Any, element_ids: Any, class_ids: Any,
                               object_ids: Any) -> list[str]:
        key = tuple(None if ids is None else tuple(ids) for ids in (element_base_ids, element_ids, class_ids, object_ids))
        found = self._combined_ids.get(key)
        if found is None:
            found = super().build_all_combined_ids(element_base_ids, element_ids, class_ids, object_ids)
            self._combined_ids[key] = found
            self.unique_theming_ids.clear()  # pygame_gui's own key for it: megabytes, never needed again
        return found


class UIManager(pygame_gui.UIManager):
    """The pygame_gui manager the app draws its widgets with, on a :class:`Theme`."""

    def create_new_theme(self, theme_path: Any = None) -> UIAppearanceTheme:
        theme = Theme(self.resource_loader, self._locale)
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme
