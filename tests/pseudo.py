"""Recording what paper draws in the pseudo-locale (issue 51): a text that comes out without the
pseudo brackets escaped translation."""

from __future__ import annotations

import re

import pytest

from game import i18n
from game.ui import paper

#: A letter of any script (numbers and signs are the same in every language).
LETTER = re.compile(r"[^\W\d_]")


def bracketed(s: str) -> bool:
    return s.startswith("[") and s.endswith("]")


class Recorder:
    """Every text paper's functions draw, and the pieces of bracketed texts that ``wrap`` split
    (and, with ``shortened``, that ``fit`` cut short): each piece of a translated text is fine."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, shortened: bool = False) -> None:
        self.drawn: list[str] = []
        self.pieces: set[str] = set()
        surface, wrap, fit = paper._text_surface, paper.wrap, paper.fit

        def text_surface(s, size, colour, bold):  # type: ignore[no-untyped-def]
            self.drawn.append(s)
            return surface(s, size, colour, bold)

        def wrapped(s, size, width, bold=False):  # type: ignore[no-untyped-def]
            out = wrap(s, size, width, bold)
            if bracketed(i18n.tr(s)):
                self.pieces.update(out)
            return out

        def fitted(s, size, width, bold=False, smallest=12):  # type: ignore[no-untyped-def]
            out = fit(s, size, width, bold, smallest)
            if bracketed(i18n.tr(s)):
                self.pieces.add(out[0])
            return out

        monkeypatch.setattr(paper, "_text_surface", text_surface)
        monkeypatch.setattr(paper, "wrap", wrapped)
        if shortened:
            monkeypatch.setattr(paper, "fit", fitted)

    def escaped(self, allowed: set[str] | frozenset[str] = frozenset()) -> list[str]:
        """Drawn texts with a letter and no brackets that are not a piece of a bracketed text;
        texts without a letter (numbers, "-5") read the same in every language."""
        return [s for s in self.drawn
                if LETTER.search(s) and not bracketed(s) and s not in self.pieces and s not in allowed]
