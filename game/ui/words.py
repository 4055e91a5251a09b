"""Small helpers for the window's words (issue 51), without pygame: a text from elsewhere as a
message, an exception's message, and a drop-down's chosen option id."""

from __future__ import annotations

from typing import Any

from ..msg import Msg


def message_of(exc: BaseException) -> str:
    """What an exception says, kept as the message it was raised with (a Msg is translated where
    it is shown; ``str(exc)`` would be its English text)."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Msg) else str(exc)


def said(text: Any) -> Msg:
    """A text from elsewhere (a name marked with N_, a Msg) as a message, so that it is
    translated where it is drawn, also as the argument of another message."""
    return text if isinstance(text, Msg) else Msg(str(text))


def chosen(event: Any) -> str:
    """The id of the option a drop-down's UI_DROP_DOWN_MENU_CHANGED event chose.  Options are
    (text, id) pairs, so that a translated text never reaches the code that reads the choice;
    an event that brings only the text (a test's) is matched to the option with that text."""
    picked = getattr(event, "selected_option_id", None)
    if isinstance(picked, str):
        return picked
    text = getattr(event, "text", "")
    for option in getattr(event.ui_element, "options_list", ()):
        shown, key = option if isinstance(option, tuple) else (option, option)
        if shown == text:
            return str(key)
    return str(text)
