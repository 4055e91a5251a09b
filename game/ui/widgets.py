"""Small extensions of pygame_gui widgets the scenes share."""

from __future__ import annotations

import pygame_gui


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


class SettingEntry(pygame_gui.elements.UITextEntryLine):
    """A setting's text field that, disabled (a friend looks at the host's room), never takes the
    keyboard: pygame_gui focuses a disabled field on a click and blinks its cursor in it, which
    reads as "type here"."""

    def focus(self) -> None:
        if self.is_enabled:
            super().focus()
