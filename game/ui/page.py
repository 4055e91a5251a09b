"""A long page of text (the rules, the credits), laid out once and drawn line by line.

pygame_gui's text box draws the whole text onto one surface, and keeps four more as large as
its box: at 3840x2400 and 200% one rules page took 250 to 360 MB.  A Page keeps only its laid
out lines (words and where they go); each frame it writes the lines in view with paper.text,
whose cache of rendered text is bounded in bytes.  The same Markdown as before: headings,
bullets (numbered too), bold, italics, code, indented example blocks; a paragraph or an item is
one line however the source breaks it, wrapped to the page's width.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from . import paper

_ITEM = re.compile(r"([-*]|\d+\.) ")
_INLINE = re.compile(r"\*\*(.+?)\*\*|(?<!\*)\*(?!\*)(.+?)\*|`(.+?)`")


def blocks(md: str) -> list[tuple[str, int, str]]:
    """The page as (kind, indent, text): "head1".."head3", "item" (text starts with its mark),
    "para", "code" (a line kept as it is) and "blank", by the rules of rules.markdown_to_html."""
    out: list[tuple[str, int, str]] = []
    kind = ""
    before = ""
    for raw in md.splitlines():
        line = raw.rstrip()
        text = line.lstrip()
        indent = len(line) - len(text)
        if text.startswith("<!--") and text.endswith("-->"):
            continue  # a translated page's source hash and review note are not for the player
        if not text:
            if kind:
                before = kind
            out.append(("blank", 0, ""))
            kind = ""
            continue
        if indent >= 4 and (kind == "code" or (kind == "" and before != "item")):
            out.append(("code", indent, text))
            kind = "code"
            continue
        if text.startswith("#"):
            level = min(3, len(text) - len(text.lstrip("#")))
            out.append((f"head{level}", 0, text.lstrip("#").strip()))
            kind = "head"
            continue
        item = _ITEM.match(text)
        if item:
            mark = "\u2022" if item.group(1) in "-*" else item.group(1)
            out.append(("item", indent, f"{mark} {text[item.end():]}"))
            kind = "item"
            continue
        if kind in ("para", "item"):
            k, ind, prev = out[-1]
            out[-1] = (k, ind, f"{prev} {text}")
            continue
        out.append(("para", 0, text))
        kind = "para"
    return out


def runs(text: str, bold: bool = False) -> list[tuple[str, bool]]:
    """Inline Markdown as (text, bold) runs: **bold**; *italics* and `code` read as plain words."""
    out: list[tuple[str, bool]] = []
    at = 0
    for m in _INLINE.finditer(text):
        if m.start() > at:
            out.append((text[at:m.start()], bold))
        out.append((m.group(1), True) if m.group(1) is not None else (m.group(2) or m.group(3) or "", bold))
        at = m.end()
    if at < len(text):
        out.append((text[at:], bold))
    return [(t, b) for t, b in out if t]


@dataclass
class Line:
    """One line of the page: its words as (x, text, bold), at ``y`` from the page's top."""

    y: int
    size: int
    height: int
    words: list[tuple[int, str, bool]] = field(default_factory=list)
    #: The block it belongs to: "para", "item", "code", "head1" ...
    kind: str = ""

    @property
    def right(self) -> int:
        if not self.words:
            return 0
        x, text, bold = self.words[-1]
        return x + paper.font(self.size, bold).size(text)[0]


def layout(md: str, width: int, px: Callable[[float], int]) -> list[Line]:
    """The page's lines for a column ``width`` pixels wide; ``px`` scales a size (Scene.px)."""
    scale = px
    body = scale(17)
    sizes = {"head1": scale(30), "head2": scale(24), "head3": scale(20)}
    lines: list[Line] = []
    y = 0
    for kind, indent, text in blocks(md):
        if kind == "blank":
            y += body * 3 // 4
            continue
        size = sizes.get(kind, body)
        height = round(paper.font(size).get_linesize() * 1.25)  # the air the old text box had
        left = indent * scale(6)
        hang = left
        # an example block keeps its lines (wrapped under their own start when too long)
        parts = [(text, False)] if kind == "code" else runs(text, bold=kind.startswith("head"))
        if kind == "item":  # the lines after the first start under the text, not under the mark
            mark = text.split(" ", 1)[0] + " "
            hang = left + paper.font(size).size(mark)[0]
        line = Line(y, size, height, kind=kind)
        x = left
        for chunk, bold in parts:
            f = paper.font(size, bold)
            space = f.size(" ")[0]
            for k, word in enumerate(chunk.split(" ")):
                if k and line.words:  # the space before this word
                    x += space
                if not word:
                    continue
                w = f.size(word)[0]
                if x + w > width and line.words:
                    lines.append(line)
                    y += height
                    line = Line(y, size, height, kind=kind)
                    x = hang
                line.words.append((x, word, bold))
                x += w
        if line.words:
            lines.append(line)
            y += height
        y += scale(4) if kind.startswith("head") else 0
    return lines


class Page:
    """A scrolling page in ``rect`` (the wheel, the arrow keys, Page Up / Down, Home / End)."""

    def __init__(self, md: str, rect: pygame.Rect, px: Callable[[float], int]) -> None:
        self.rect = pygame.Rect(rect)
        self.lines = layout(md, self.rect.width - 14, px)
        self.height = (self.lines[-1].y + self.lines[-1].height) if self.lines else 0
        self.top = 0

    @property
    def bottom_limit(self) -> int:
        return max(0, self.height - self.rect.height)

    def scroll(self, dy: int) -> None:
        self.top = max(0, min(self.bottom_limit, self.top + dy))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event moved the page."""
        step = self.lines[0].height if self.lines else 20
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * step * (1 if event.y > 0 else -1))
            return True
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: self.rect.height - step,
                     pygame.K_PAGEUP: -(self.rect.height - step), pygame.K_SPACE: self.rect.height - step,
                     pygame.K_HOME: -self.height, pygame.K_END: self.height}
            if event.key in moves:
                self.scroll(moves[event.key])
                return True
        return False

    def visible(self) -> list[Line]:
        """The lines wholly inside the page's rectangle now."""
        return [ln for ln in self.lines if ln.y >= self.top and ln.y + ln.height <= self.top + self.rect.height]

    def draw(self, surface: pygame.Surface) -> None:
        for line in self.visible():
            y = self.rect.y + line.y - self.top
            for x, word, bold in line.words:
                # the page is a document already in its language: its words are not messages
                paper.text(surface, word, (self.rect.x + x, y), line.size, paper.INK, bold=bold, translate=False)
        if self.height > self.rect.height:  # where in the page the view is: a pencil bar at the right
            bar = pygame.Rect(self.rect.right - 6, self.rect.y, 4, self.rect.height)
            pygame.draw.rect(surface, paper.FAINT, bar, 1)
            k = self.rect.height / self.height
            knob = pygame.Rect(bar.x, bar.y + round(self.top * k), 4, max(12, round(self.rect.height * k)))
            pygame.draw.rect(surface, paper.GRAPHITE, knob)
