"""Sentences built of parts that each stay a message (issue 51), for the window's lists.

``", ".join(parts)`` would keep only the parts' English: :func:`joined` makes one message whose
parts are its arguments, so each part is said in the player's language.  Nothing here imports
gettext or pygame.
"""

from __future__ import annotations

from collections.abc import Sequence

from .msg import Msg


def joined(parts: Sequence[str], sep: str = ", ") -> str:
    """``parts`` one after the other with ``sep`` between them, as one message (its template is
    only placeholders and ``sep``, which every language keeps; the parts are translated)."""
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    template = sep.replace("{", "{{").replace("}", "}}").join(f"{{p{i}}}" for i in range(len(parts)))
    return Msg(template, {f"p{i}": p for i, p in enumerate(parts)})
