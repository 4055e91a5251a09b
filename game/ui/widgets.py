"""Small extensions of pygame_gui widgets the scenes share."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from ..limits import FIELD_BAD, FIELDS, clean_field
from ..msg import M
from .words import chosen, message_of, said

__all__ = ["FIELD_NOTE", "SettingEntry", "TextField", "TipDropDown", "chosen", "message_of", "said"]

#: Posted when a text field cleaned what was put into it (``text``: the sentence); the window
#: shows it (App.dispatch), so the player knows the field is not what was pasted.
FIELD_NOTE = pygame.event.custom_type()


class TipDropDown(pygame_gui.elements.UIDropDownMenu):
    """A drop-down whose tooltip shows.  pygame_gui gives the tooltip to the drop-down's frame, but
    the mouse is always over the button that shows the current choice, which the drop-down builds
    anew each time it opens or closes: the button is given the tooltip whenever it lacks it.  Open,
    the list is what the player reads: the tooltip (the current choice's sentence) would fall over
    it, so an open list's button has none."""

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        state = self.current_state
        button = getattr(state, "selected_option_button", None)
        if button is None:
            return
        tip = getattr(self, "tool_tip_text", None)
        if state is self.menu_states.get("expanded"):
            tip = None
        if getattr(button, "tool_tip_text", None) != tip:
            button.set_tooltip(tip, delay=getattr(self, "tool_tip_delay", None))
        if tip is None and button.tool_tip is not None:
            button.tool_tip.kill()
            button.tool_tip = None


class TextField(pygame_gui.elements.UITextEntryLine):
    """A one-line text field that takes only what the app reads back (game.limits.FIELDS): at
    most its kind's number of characters and never a control character.  Typed control
    characters are not taken; pasted or set text is cleaned, and the player is told what was
    left out or cut (a FIELD_NOTE event)."""

    def __init__(self, rect: pygame.Rect, manager: Any, kind: str, **kwargs: Any) -> None:
        super().__init__(rect, manager, **kwargs)
        self.kind = kind
        self.set_text_length_limit(FIELDS[kind].limit)
        self.set_forbidden_characters([chr(c) for c in range(0x20)] + [chr(c) for c in range(0x7F, 0xA0)])
        #: The last sentence about a cleaning ("" when none).
        self.note = ""

    def _cleaned(self, text: str, room: int) -> str:
        clean, note = clean_field(text, self.kind)
        if self.allowed_characters is not None:
            kept = "".join(c for c in clean if c in self.allowed_characters)
            if len(kept) != len(clean):
                # TRANSLATORS: {what} names a text field ("the room code").
                note = note or M("The text put into {what} was cleaned: only digits are taken.",
                                 what=said(FIELDS[self.kind].what))
            clean = kept
        if len(clean) > room:
            clean = clean[:max(0, room)]
            # TRANSLATORS: {what} names a text field ("the room code"); {n} is a number of characters.
            note = note or M("The text put into {what} was cleaned: it was cut to {n} characters, the most {what} "
                             "may have.", what=said(FIELDS[self.kind].what), n=FIELDS[self.kind].limit)
        if note:
            self.note = note
            try:
                pygame.event.post(pygame.event.Event(FIELD_NOTE, text=note, ui_element=self))
            except pygame.error:
                pass
        return clean

    def set_text(self, text: str | None) -> None:
        if text is not None and (FIELD_BAD.search(text) or len(text) > FIELDS[self.kind].limit
                                 or not self.validate_text_string(text)):
            text = self._cleaned(text, FIELDS[self.kind].limit)
        super().set_text(text)

    def _do_paste(self) -> None:
        from pygame_gui.core.utility import clipboard_paste

        if not self.ui_manager.paste_text_enabled or not self.paste_text_enabled:
            return
        low, high = sorted(self.select_range)
        room = FIELDS[self.kind].limit - (len(self.text) - (high - low))
        new = self._cleaned(clipboard_paste() or "", room)
        if not new:
            return
        if high > low:
            self._replace_selection_with_new_text_in_drawable_shape(self.text[:low] + new + self.text[high:], new, low)
        else:
            at = self.edit_position
            self._insert_new_text_to_shape_at_edit_position(self.text[:at] + new + self.text[at:], new)


class SettingEntry(TextField):
    """A setting's text field that, disabled (a friend looks at the host's room), never takes the
    keyboard: pygame_gui focuses a disabled field on a click and blinks its cursor in it, which
    reads as "type here"."""

    def __init__(self, rect: pygame.Rect, manager: Any, kind: str = "setting", **kwargs: Any) -> None:
        super().__init__(rect, manager, kind, **kwargs)

    def focus(self) -> None:
        if self.is_enabled:
            super().focus()


def fitting_class(text: str, width: int, scale: float) -> str | None:
    """The theme class (``@text_15``, ``@text_13``) that makes ``text`` fit a button ``width``
    pixels wide, or None when the theme's own size fits (game.ui.shell.theme.TEXT_SIZES)."""
    from . import paper
    from .shell.theme import TEXT_SIZES

    room = width - 8
    if paper.font(round(17 * scale)).size(text)[0] <= room:
        return None
    for size in TEXT_SIZES:
        if paper.font(round(size * scale)).size(text)[0] <= room or size == TEXT_SIZES[-1]:
            return f"@text_{size}"
    return None
