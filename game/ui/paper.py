"""Pencil on paper: the paper texture, graphite strokes, the handwriting font, the palette.

Every scene draws with these so the five games share one look.  Static layers
(the paper, a board's grid or map) should be drawn once onto a cached Surface;
``Layer`` helps with that.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import pygame

from ..i18n import tr
from ..msg import Mp, Msg
from ..paths import sprites_dir

Point = tuple[float, float]

PAPER = (244, 239, 225)
PAPER_LINE = (196, 214, 230)
INK = (52, 52, 60)
GRAPHITE = (88, 88, 96)
FAINT = (160, 158, 150)
ERASER = (230, 224, 208)
WARN = (196, 50, 40)
GOOD = (40, 120, 60)

# Okabe-Ito colours (safe for the common colour blindnesses), each with a symbol
# as well, so seats never depend on colour alone.
PLAYER_COLOURS: tuple[tuple[int, int, int], ...] = (
    (0, 114, 178),   # blue
    (213, 94, 0),    # vermilion
    (0, 158, 115),   # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),   # orange
    (86, 180, 233),  # sky blue
)
PLAYER_SYMBOLS = ("circle", "cross", "triangle", "square", "diamond", "star")
PLAYER_NAMES = ("Blue", "Orange", "Green", "Purple", "Gold", "Sky")
#: The colour words of the palette in use (``apply_palette`` swaps them with the colours).
SEAT_NAMES: tuple[str, ...] = PLAYER_NAMES
HIGH_CONTRAST_NAMES = ("Black", "Red", "Blue", "Purple", "Brown", "Green")


#: The palettes' colour words as a player reads them, in every language (the games name their
#: seats with these words, under a context of their own: SEAT_CONTEXTS).
PALETTE_WORDS = {"Blue": Mp("palette colour", "Blue"), "Orange": Mp("palette colour", "Orange"),
                 "Green": Mp("palette colour", "Green"), "Purple": Mp("palette colour", "Purple"),
                 "Gold": Mp("palette colour", "Gold"), "Sky": Mp("palette colour", "Sky"),
                 "Black": Mp("palette colour", "Black"), "Red": Mp("palette colour", "Red"),
                 "Brown": Mp("palette colour", "Brown")}
#: The contexts the games' catalogs give a seat's colour word.
SEAT_CONTEXTS = ("side", "player colour", "palette colour")


def _colour_forms(word: str) -> set[str]:
    """A colour word as it may stand in a seat's name now: English, or the language's word."""
    return {word, tr(word)} | {tr(Msg(word, ctx=ctx)) for ctx in SEAT_CONTEXTS}


def seat_words(text: str, player_names: Sequence[str]) -> str:
    """Say ``text`` with the colour words of the palette in use: a game that calls its seats
    "Blue" and "Orange" is drawn black and red under high contrast, and must say so.
    ``player_names`` are the game's own seat names; only the colour words they use change.
    The words are swapped as the player reads them (in their language: "Sininen" becomes
    "Musta" in Finnish), so the result is the text already translated."""
    if SEAT_NAMES == PLAYER_NAMES or not text:
        return text
    shown = tr(text)
    swap: dict[str, str] = {}
    for i, name in enumerate(tr(n) for n in player_names[:len(PLAYER_NAMES)]):
        new = tr(PALETTE_WORDS.get(SEAT_NAMES[i], SEAT_NAMES[i]))
        for old in _colour_forms(PLAYER_NAMES[i]):
            if old and old != new and (old in name.split() or name.startswith(old)):
                swap[old] = new
    if not swap:
        return shown
    import re

    pattern = "|".join(re.escape(w) for w in sorted(swap, key=len, reverse=True))
    return re.sub(r"\b(" + pattern + r")\b", lambda m: swap[m.group(1)], shown)


def player_colour(seat: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


# -- fonts -----------------------------------------------------------------------

@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled handwriting font (Comic Neue, OFL) at ``size`` pixels."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = "ComicNeue-Bold.otf" if bold else "ComicNeue-Regular.otf"
    path = sprites_dir() / "fonts" / name
    try:
        return pygame.font.Font(str(path), size)
    except (FileNotFoundError, OSError):
        return pygame.font.Font(None, size)


class SurfaceCache:
    """Surfaces by key within a budget of pixel bytes: the least recently used go first.  A cache
    bounded by count is not bounded at all (2,048 lines of text at 200% on a 3840-pixel window
    are hundreds of MB); this one is, whatever the window, the UI scale or the text."""

    def __init__(self, limit_bytes: int) -> None:
        from collections import OrderedDict

        self.limit = limit_bytes
        self.used = 0
        self._items: OrderedDict[Any, pygame.Surface] = OrderedDict()

    @staticmethod
    def weight(surf: pygame.Surface) -> int:
        return surf.get_width() * surf.get_height() * surf.get_bytesize() + 64

    def get(self, key: Any) -> pygame.Surface | None:
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
        return surf

    def put(self, key: Any, surf: pygame.Surface) -> pygame.Surface:
        old = self._items.pop(key, None)
        if old is not None:
            self.used -= self.weight(old)
        size = self.weight(surf)
        if size > self.limit:
            return surf  # larger than the whole budget: drawn, never kept
        self._items[key] = surf
        self.used += size
        while self.used > self.limit and self._items:
            _, gone = self._items.popitem(last=False)
            self.used -= self.weight(gone)
        return surf

    def clear(self) -> None:
        self._items.clear()
        self.used = 0

    def __len__(self) -> int:
        return len(self._items)


#: Rendered text: at most this many bytes of pixels (a frame's text is a few hundred KB).
TEXT_CACHE_BYTES = 16 * 1024 * 1024
_texts = SurfaceCache(TEXT_CACHE_BYTES)


def _text_surface(s: str, size: int, colour: tuple[int, int, int], bold: bool) -> pygame.Surface:
    key = (s, size, colour, bold)
    img = _texts.get(key)
    if img is None:
        img = _texts.put(key, font(size, bold).render(s, True, colour))
    return img


def reset_caches() -> None:
    """Forget fonts and rendered text (they die with pygame.quit)."""
    font.cache_clear()
    _texts.clear()
    _wrap.cache_clear()
    _paper_array.cache_clear()


def text(surf: pygame.Surface, s: str, pos: Point, size: int = 20, colour: tuple[int, int, int] = INK,
         anchor: str = "topleft", bold: bool = False, translate: bool = True) -> pygame.Rect:
    """Write ``s`` in pencil, in the player's language (game.i18n.tr); ``anchor`` is a
    pygame.Rect attribute name ("center", "midleft", ...).  ``translate=False``: a text already in
    the player's language, drawn word by word (a rules page), whose single words must never be
    looked up as messages ("Back" in a sentence of the page is not the button)."""
    img = _text_surface(tr(s) if translate else str(s), size, tuple(colour), bold)  # type: ignore[arg-type]
    rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surf.blit(img, rect)
    return rect


def note(surf: pygame.Surface, s: str, pos: Point, size: int = 16, colour: tuple[int, int, int] = INK,
         bold: bool = False, within: pygame.Rect | None = None) -> pygame.Rect:
    """A note written beside a point on the board, on a scrap of paper so that lines and
    pieces under it do not cross the letters; kept inside ``within`` (flipped to the left of
    the point, or moved up, when it would run off)."""
    img = _text_surface(tr(s), size, tuple(colour), bold)  # type: ignore[arg-type]
    rect = img.get_rect(topleft=(int(pos[0]), int(pos[1])))
    if within is not None:
        if rect.right > within.right - 4:
            rect.right = int(pos[0]) - 24
        rect.clamp_ip(within.inflate(-8, -8))
    backing = rect.inflate(8, 4)
    scrap = pygame.Surface(backing.size, pygame.SRCALPHA)
    scrap.fill((*PAPER, 225))
    surf.blit(scrap, backing)
    pygame.draw.rect(surf, FAINT, backing, 1)
    surf.blit(img, rect)
    return rect


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text, in the player's language, into lines that fit ``width`` pixels in the hand font."""
    return list(_wrap(tr(s), size, width, bold))


@lru_cache(maxsize=2048)
def _wrap(s: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    # Measured text is cached: the margin log re-wraps the same lines every frame.
    f = font(size, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = f"{line} {w}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
            while f.size(line)[0] > width and len(line) > 1:  # one word wider than the line (a long
                cut = len(line) - 1                            # compound word): broken where it must
                while cut > 1 and f.size(line[:cut])[0] > width:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return tuple(lines)


def fit(s: str, size: int, width: int, bold: bool = False, smallest: int = 12) -> tuple[str, int]:
    """``s`` at ``size`` or smaller so that it fits ``width`` pixels; cut with an ellipsis only
    when even the smallest size is too wide."""
    s = tr(s)
    while size > smallest and font(size, bold).size(s)[0] > width:
        size -= 1
    if font(size, bold).size(s)[0] <= width:
        return s, size
    while s and font(size, bold).size(s + "...")[0] > width:
        s = s[:-1]
    return s.rstrip() + "...", size


# -- paper -------------------------------------------------------------------------

#: The paper is a seamless tile this many pixels square, repeated over any sheet: its memory and
#: time stay the same at 800x560 and at 3840x2400 (a whole-window grain at the largest window took
#: four float arrays of 110 MB each, and one was kept for each of eight window sizes).
PAPER_TILE = 24 * 20


@lru_cache(maxsize=4)
def _paper_array(seed: int, tile: int = PAPER_TILE) -> np.ndarray:
    """Paper grain: smooth cloudy fibres plus a fine tooth, as a (tile, tile, 3) array that
    repeats without a seam (the cloud's grid wraps round)."""
    rng = np.random.default_rng(seed)
    base = np.array(PAPER, dtype=np.float32)
    cells = tile // 24
    small = rng.normal(0, 1, (cells, cells)).astype(np.float32)
    pos = np.arange(tile, dtype=np.float32) * cells / tile
    i0 = pos.astype(int)
    i1 = (i0 + 1) % cells
    f = pos - i0
    fx, fy = f[:, None], f[None, :]
    a = small[i0][:, i0]
    b = small[i1][:, i0]
    c = small[i0][:, i1]
    d = small[i1][:, i1]
    coarse = (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
    fine = rng.normal(0, 1, (tile, tile)).astype(np.float32)
    grain = coarse * 1.8 + fine * 1.5
    arr = np.clip(base[None, None, :] + grain[:, :, None], 0, 255).astype(np.uint8)
    return np.ascontiguousarray(arr)


def paper_surface(size: tuple[int, int], seed: int = 7, ruled: bool = False) -> pygame.Surface:
    """A sheet of slightly grainy paper of ``size``: the seed's tile repeated (see PAPER_TILE)."""
    w, h = max(1, size[0]), max(1, size[1])
    tile = pygame.surfarray.make_surface(_paper_array(seed))
    surf = pygame.Surface((w, h))
    for x in range(0, w, PAPER_TILE):
        for y in range(0, h, PAPER_TILE):
            surf.blit(tile, (x, y))
    if ruled:
        for y in range(40, h, 28):
            pygame.draw.line(surf, PAPER_LINE, (0, y), (w, y), 1)
    return surf.convert() if pygame.display.get_surface() else surf


# -- graphite strokes ----------------------------------------------------------------

def _jitter(seed: int, i: int) -> float:
    """A small repeatable wobble in [-1, 1] (no global random)."""
    x = math.sin(seed * 12.9898 + i * 78.233) * 43758.5453
    return (x - math.floor(x)) * 2 - 1


def pencil_line(surf: pygame.Surface, colour: Sequence[int], a: Point, b: Point, width: int = 2,
                seed: int = 0, wobble: float = 0.8) -> None:
    """A slightly uneven graphite line: a firm core and a lighter second pass."""
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    c = tuple(colour[:3])
    if length < 0.5:
        pygame.draw.circle(surf, c, (int(ax), int(ay)), max(1, width // 2))
        return
    nx, ny = -(by - ay) / length, (bx - ax) / length
    j1 = _jitter(seed, 1) * wobble
    j2 = _jitter(seed, 2) * wobble
    mid = ((ax + bx) / 2 + nx * j1 * min(3.0, length / 60), (ay + by) / 2 + ny * j1 * min(3.0, length / 60))
    pts = [a, mid, b]
    pygame.draw.lines(surf, c, False, pts, width)
    light = tuple(min(255, v + 55) for v in c)
    off = (nx * (0.6 + j2 * 0.4), ny * (0.6 + j2 * 0.4))
    pygame.draw.aalines(surf, light, False, [(x + off[0], y + off[1]) for x, y in pts])


def pencil_lines(surf: pygame.Surface, colour: Sequence[int], points: Sequence[Point], closed: bool = False,
                 width: int = 2, seed: int = 0) -> None:
    """A polyline drawn as a pencil stroke."""
    if len(points) < 2:
        return
    c = tuple(colour[:3])
    pygame.draw.lines(surf, c, closed, points, width)
    light = tuple(min(255, v + 55) for v in c)
    d = 0.7 + 0.3 * _jitter(seed, 3)
    pygame.draw.aalines(surf, light, closed, [(x + d, y - d * 0.5) for x, y in points])


def pencil_polygon(surf: pygame.Surface, colour: Sequence[int], points: Sequence[Point],
                   fill: Sequence[int] | None = None, width: int = 2, seed: int = 0) -> None:
    """An outlined polygon, optionally shaded with a light hatch colour."""
    if len(points) < 3:
        return
    if fill is not None:
        pygame.draw.polygon(surf, tuple(fill[:3]), points)
    pencil_lines(surf, colour, points, True, width, seed)


def hatch(surf: pygame.Surface, colour: Sequence[int], rect: pygame.Rect, spacing: int = 7,
          mask: pygame.Surface | None = None) -> None:
    """Diagonal pencil hatching over ``rect`` (clipped by the surface's clip)."""
    c = tuple(colour[:3])
    x0, y0, w, h = rect
    for k in range(-h, w, spacing):
        pygame.draw.aaline(surf, c, (x0 + k, y0 + h), (x0 + k + h, y0))


def pencil_circle(surf: pygame.Surface, colour: Sequence[int], centre: Point, radius: float,
                  width: int = 2, seed: int = 0) -> None:
    """A hand-drawn circle: a polygon whose radius wobbles a little."""
    n = max(12, int(radius * 0.8))
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        r = radius * (1 + 0.02 * _jitter(seed, i))
        pts.append((centre[0] + r * math.cos(t), centre[1] + r * math.sin(t)))
    pencil_lines(surf, colour, pts, True, width, seed)


def draw_symbol(surf: pygame.Surface, seat: int, centre: Point, size: float, width: int = 2) -> None:
    """The seat's symbol in its colour, so seats differ in shape as well as colour."""
    kind = PLAYER_SYMBOLS[seat % len(PLAYER_SYMBOLS)]
    c = player_colour(seat)
    x, y = centre
    r = size / 2
    if kind == "circle":
        pencil_circle(surf, c, centre, r, width, seat)
    elif kind == "cross":
        pencil_line(surf, c, (x - r, y - r), (x + r, y + r), width, seat)
        pencil_line(surf, c, (x - r, y + r), (x + r, y - r), width, seat + 1)
    elif kind == "triangle":
        pencil_lines(surf, c, [(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)], True, width, seat)
    elif kind == "square":
        pencil_lines(surf, c, [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)], True, width, seat)
    elif kind == "diamond":
        pencil_lines(surf, c, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)], True, width, seat)
    else:
        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * 0.45
            t = -math.pi / 2 + i * math.pi / 5
            pts.append((x + rr * math.cos(t), y + rr * math.sin(t)))
        pencil_lines(surf, c, pts, True, width, seat)


class Layer:
    """A cached static layer: redrawn only when its key (size, state version...) changes."""

    def __init__(self, draw: Callable[[pygame.Surface], None]) -> None:
        self._draw = draw
        self._key: object = None
        self._surf: pygame.Surface | None = None

    def get(self, size: tuple[int, int], key: object = None) -> pygame.Surface:
        full_key = (size, key)
        if self._surf is None or self._key != full_key:
            self._surf = pygame.Surface(size, pygame.SRCALPHA)
            self._draw(self._surf)
            self._key = full_key
        return self._surf

    def invalidate(self) -> None:
        self._key = None
