"""Keyboard access to every scene's widgets: Tab and the arrows move a focus ring, Enter and
Space activate, Left and Right adjust (the same events a mouse would send the scene)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from .. import paper


@dataclass
class Focus:
    """Something the keyboard can reach: Enter/Space activates it, Left/Right adjusts it."""

    rect: pygame.Rect
    activate: Callable[[], None]
    adjust: Callable[[int], None] | None = None
    text_entry: Any = None


def widget_focus(scene: Any, el: Any) -> Focus | None:
    """Keyboard access to a pygame_gui widget: the same events a mouse would send the scene."""
    E = pygame.event.Event
    rect = el.get_abs_rect()
    if isinstance(el, pygame_gui.elements.UIButton):
        return Focus(rect, lambda: scene.handle_event(E(pygame_gui.UI_BUTTON_PRESSED, ui_element=el)))
    if isinstance(el, pygame_gui.elements.UIDropDownMenu):
        def pick(step: int) -> None:
            options = [o if isinstance(o, tuple) else (o, o) for o in el.options_list]
            names = [o[0] for o in options]
            i = names.index(el.selected_option[0]) if el.selected_option[0] in names else 0
            el.selected_option = options[(i + step) % len(options)]
            if el.current_state is not None:
                el.current_state.finish()
                el.current_state = el.menu_states["closed"]
                el.current_state.selected_option = el.selected_option
                el.current_state.start()
            scene.handle_event(E(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=el.selected_option[0],
                                 selected_option_id=el.selected_option[1], ui_element=el))
        return Focus(rect, lambda: pick(1), pick)
    if isinstance(el, pygame_gui.elements.UIHorizontalSlider):
        def slide(step: int) -> None:
            lo, hi = el.value_range
            el.set_current_value(max(lo, min(hi, el.get_current_value() + step * max(1, (hi - lo) // 20))))
            scene.handle_event(E(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, value=el.get_current_value(), ui_element=el))
        return Focus(rect, lambda: slide(1), slide)
    if isinstance(el, pygame_gui.elements.UITextEntryLine):
        return Focus(rect, lambda: scene.app.ui.set_focus_set(el), None, el)
    if isinstance(el, pygame_gui.elements.UISelectionList):
        def choose(step: int) -> None:
            items = el.item_list
            if not items:
                return
            now = next((i for i, it in enumerate(items) if it.get("selected")), -1)
            j = max(0, min(len(items) - 1, now + step if now >= 0 else 0))
            for i, it in enumerate(items):
                it["selected"] = i == j
                button = it.get("button_element")
                if button is not None:
                    button.select() if i == j else button.unselect()
            scene.handle_event(E(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, text=items[j]["text"], ui_element=el))
        return Focus(rect, lambda: choose(1), choose)
    return None


class KeyboardFocus:
    """The app's part that moves the focus (App mixes it in): it uses the app's ``ui`` and
    ``top()``; the scene on top says what its focus reaches (Scene.focus_items)."""

    ui: pygame_gui.UIManager

    def _close_dropdowns(self) -> bool:
        """Close every expanded drop-down list; True when one was open."""
        closed = False
        for el in self.ui.get_sprite_group().sprites():
            if isinstance(el, pygame_gui.elements.UIDropDownMenu) and el.visible and \
                    el.current_state is el.menu_states["expanded"] and not el.current_state.should_transition:
                el.current_state.should_transition = True
                closed = True
        if closed:
            self.ui.update(0)  # the list folds away now, not on the next frame
        return closed

    def _keyboard(self, event: pygame.event.Event) -> bool:
        """Tab / Shift+Tab (and Up / Down) move the focus, Left / Right adjust the focused
        widget, Enter / Space activate it.  True when the key was used here."""
        top = self.top()
        if top is None or not top.keyboard_nav:
            return False
        items = top.focus_items()
        if not items:
            return False
        k = event.key
        typing = any(isinstance(el, pygame_gui.elements.UITextEntryLine) for el in self.ui.get_focus_set() or ())
        if typing and k != pygame.K_TAB:
            return False
        if k in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
            back = k == pygame.K_UP or (k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            top.focus = (top.focus + (-1 if back else 1)) % len(items) if top.focus >= 0 else \
                (len(items) - 1 if back else 0)
            item = items[top.focus]
            if item.text_entry is not None:
                item.activate()
            elif typing:
                self.ui.set_focus_set(None)
            return True
        if not 0 <= top.focus < len(items):
            return False
        item = items[top.focus]
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and item.adjust is not None:
            item.adjust(1 if k == pygame.K_RIGHT else -1)
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            top.focus = (top.focus + (1 if k == pygame.K_RIGHT else -1)) % len(items)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            item.activate()
            return True
        return False

    def _draw_focus(self, screen: pygame.Surface) -> None:
        top = self.top()
        if top is None or top.focus < 0 or not top.keyboard_nav:
            return
        items = top.focus_items()
        if top.focus < len(items):
            pygame.draw.rect(screen, paper.player_colour(0), items[top.focus].rect.inflate(8, 8), 3, border_radius=8)
