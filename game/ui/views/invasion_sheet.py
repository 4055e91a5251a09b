"""Paper Invasion on paper: the pencil board drawing (shared with the view) and the printable
A4 game sheet (board, word and Slots, Vault and Event tables) saved as PNG and PDF.

The PDF holds the rendered page (game/pdf.py), so it prints at the same A4 size; its words are
pixels drawn in the hand font, in the player's language (every letter the font has, ä and ö too).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from pathlib import Path

import pygame

from ...msg import M, Mp
from ...pdf import one_page_pdf
from ...rules.invasion.board import DOUBLE, HEIGHT, OPENING, WIDTH
from ...rules.invasion.slots import side_name, word_table
from ...rules.invasion.state import InvasionState
from ...rules.invasion.tables import EVENTS, VAULT
from .. import paper

PAD = 1.5  # grid units of outside margin around the sheet (enemies wait there)
A4_MM = (297, 210)  # landscape


@dataclass
class Frame:
    """Maps grid units of the Play Area to pixels."""

    x: float
    y: float
    scale: float

    def px(self, gx: float, gy: float) -> tuple[float, float]:
        return self.x + gx * self.scale, self.y + gy * self.scale

    def grid(self, px: float, py: float) -> tuple[float, float]:
        return (px - self.x) / self.scale, (py - self.y) / self.scale

    @classmethod
    def fit(cls, rect: pygame.Rect) -> Frame:
        scale = min(rect.w / (WIDTH + 2 * PAD), rect.h / (HEIGHT + 2 * PAD))
        x = rect.x + (rect.w - WIDTH * scale) / 2
        y = rect.y + (rect.h - HEIGHT * scale) / 2
        return cls(x, y, scale)


def draw_wall(surf: pygame.Surface, a: tuple[float, float], b: tuple[float, float], state: str,
              seed: int, width: int = 2, colour: tuple[int, int, int] = paper.INK) -> None:
    """Single: one pencil line.  Double: a second line beside it.  Opening: an erased gap
    between two door jambs, dotted where the pencil was.

    Every state stays readable on the shortest wall (one square): the gap leaves a stub of
    wall at each end, the jambs stand out across the wall, and the Double's second line keeps
    a clear space from the first.
    """
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay) or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = -uy, ux
    if state == OPENING:
        gap_px = min(40.0, max(10.0, length * 0.45))
        t0, t1 = 0.5 - gap_px / length / 2, 0.5 + gap_px / length / 2
        m0 = (ax + (bx - ax) * t0, ay + (by - ay) * t0)
        m1 = (ax + (bx - ax) * t1, ay + (by - ay) * t1)
        paper.pencil_line(surf, colour, a, m0, width, seed)
        paper.pencil_line(surf, colour, m1, b, width, seed + 1)
        # the erased trace, dotted, and a door jamb across the wall at each end of the gap
        pygame.draw.line(surf, paper.ERASER, m0, m1, width + 3)
        dots = max(2, int(gap_px / 5))
        for k in range(1, dots):
            t = t0 + (t1 - t0) * k / dots
            pygame.draw.circle(surf, paper.FAINT, (round(ax + (bx - ax) * t), round(ay + (by - ay) * t)), 1)
        jamb = max(4.0, width * 2.5)
        for m in (m0, m1):
            pygame.draw.line(surf, colour, (m[0] - nx * jamb, m[1] - ny * jamb), (m[0] + nx * jamb, m[1] + ny * jamb),
                             max(2, width))
        return
    paper.pencil_line(surf, colour, a, b, width, seed)
    if state == DOUBLE:
        off = max(4.0, width * 2.5)
        # the second line stops short of the corners so that it reads as a second line of this
        # wall, not as part of the walls meeting it
        inset = min(off, length * 0.2)
        p0 = (ax + ux * inset + nx * off, ay + uy * inset + ny * off)
        p1 = (bx - ux * inset + nx * off, by - uy * inset + ny * off)
        # the same seed bends both lines alike, so the space between them never closes
        paper.pencil_line(surf, colour, p0, p1, width, seed)
        q0 = (ax + ux * inset - nx * off, ay + uy * inset - ny * off)
        q1 = (bx - ux * inset - nx * off, by - uy * inset - ny * off)
        paper.pencil_line(surf, colour, q0, q1, 1, seed)


def token_spots(state: InvasionState, frame: Frame) -> dict[str, tuple[float, float, float]]:
    """Where each token is drawn: {"H3": (x, y, size), "X7": ..., "V": ..., "E": ...} (the names
    of the log: H a hero, X an enemy)."""
    out: dict[str, tuple[float, float, float]] = {}
    board = state.board
    for r, (x0, y0, x1, y1) in board.rooms.items():
        items = [f"H{i}" for i in sorted(state.heroes_in(r))]
        items += [f"X{i}" for i in sorted(state.enemies_in(r))]
        if state.vault == r and not state.vault_open:
            items.append("V")
        if state.event_room == r:
            items.append("E")
        if not items:
            continue
        w, h = x1 - x0, y1 - y0
        if h >= 2:   # below the room's letter (a narrow room uses its whole width)
            left = 0.3 if w >= 2 else 0.15
            top, inner_w, inner_h = 1.0, w - 2 * left, max(0.6, h - 1.3)
        elif w < 2:  # a single square: under its (smaller) letter, clear of a Double's second line
            left, top, inner_w, inner_h = 0.25, 0.5, w - 0.5, h - 0.65
        else:        # a room one square high: beside its letter, never in the room below
            left, top, inner_w, inner_h = 0.75, 0.15, w - 0.85, h - 0.3
        n = len(items)
        cols = max(1, min(n, math.ceil(math.sqrt(n * inner_w / inner_h))))
        rows = math.ceil(n / cols)
        cell = min(inner_w / cols, inner_h / rows, 1.1)
        for k, name in enumerate(items):
            cx = x0 + left + (k % cols + 0.5) * (inner_w / cols)
            cy = y0 + top + (k // cols + 0.5) * (inner_h / rows)
            px, py = frame.px(cx, cy)
            out[name] = (px, py, cell * frame.scale * 0.8)
    # enemies outside, spread along their wall
    by_wall: dict[str, list[int]] = {}
    for i, e in state.enemies.items():
        if e.outside:
            by_wall.setdefault(e.pos, []).append(i)
    for key, eids in by_wall.items():
        if key.split(":")[0] not in board.rooms:
            continue
        (ax, ay), (bx, by) = board.wall_segment(key)
        side = key.split(":")[1]
        nx, ny = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[side]
        n = len(eids)
        length = abs(bx - ax) + abs(by - ay)
        # a short wall stacks its enemies in a second row further out, so that each keeps
        # a readable size (and its number) instead of shrinking to a dot
        per_row = max(1, int(length / 0.8), math.ceil(n / 2))
        size = min(0.9, max(0.35, length / min(n, per_row) * 0.9))
        for k, eid in enumerate(sorted(eids)):
            row, col = divmod(k, per_row)
            in_row = min(per_row, n - row * per_row)
            t = (col + 0.5) / in_row
            away = 0.75 + row * 0.8
            gx = ax + (bx - ax) * t + nx * away
            gy = ay + (by - ay) * t + ny * away
            px, py = frame.px(gx, gy)
            out[f"X{eid}"] = (px, py, size * frame.scale * 0.8)
    return out


#: The invaders' colour: a dark red fill (the acting one bright red), the number in paper colour.
ENEMY_FILL = (150, 52, 44)
ENEMY_EDGE = (90, 30, 26)
#: The smallest radius an invader token is drawn with, in pixels (its number stays readable).
ENEMY_MIN_R = 11


def enemy_radius(size: float) -> float:
    """The radius of an invader's disc for a token spot of ``size`` pixels."""
    return max(ENEMY_MIN_R, size * 0.52)


def _tick(surf: pygame.Surface, x: float, y: float, size: float, colour: tuple[int, int, int]) -> None:
    """A pencil tick (done) with its foot at (x, y)."""
    w = max(3, int(size * 0.14))
    paper.pencil_line(surf, colour, (x - size * 0.3, y - size * 0.3), (x, y), w, 5)
    paper.pencil_line(surf, colour, (x, y), (x + size * 0.45, y - size * 0.75), w, 6)


def draw_token(surf: pygame.Surface, state: InvasionState, name: str, spot: tuple[float, float, float],
               highlight: bool = False, faded: bool = False) -> None:
    """H (a hero, with its number; a small box beside it while it holds the Vault item; pale with a
    green tick once it has taken its Action this turn: ``faded``), X (an invader: a dark red
    spiked disc with its number, the one acting bright red), V and E."""
    x, y, size = spot
    fsize = max(10, int(size))
    if name.startswith("H"):
        hid = int(name[1:])
        h = state.heroes.get(hid)
        owner = h.owner if h else 0
        colour = paper.player_colour(owner) if state.game.hero_players > 1 else paper.INK
        if faded:
            colour = ((colour[0] + 3 * paper.FAINT[0]) // 4, (colour[1] + 3 * paper.FAINT[1]) // 4,
                      (colour[2] + 3 * paper.FAINT[2]) // 4)
        r = paper.text(surf, "H", (x, y), fsize, colour, "center", bold=not faded)
        paper.text(surf, str(hid), (r.right, r.bottom - max(3, fsize // 6)), max(9, fsize // 2), colour, "midleft")
        if h is not None and h.item:  # the Vault item it holds: a small filled box by its shoulder
            side = max(5, int(size * 0.28))
            box = pygame.Rect(int(r.right), int(r.top), side, side)
            pygame.draw.rect(surf, paper.GOOD, box)
            pygame.draw.rect(surf, colour, box, 1)
        if faded:  # its Action is taken: a tick across the lower left of the letter
            t = max(14.0, size * 0.7)
            _tick(surf, r.left - t * 0.38, r.bottom - r.h * 0.15, t, paper.GOOD)
        if state.game.hero_players > 1:
            paper.draw_symbol(surf, owner, (x - size * 0.5, y - size * 0.4), max(6, size * 0.3), 1)
        if highlight:
            paper.pencil_circle(surf, paper.GOOD, (x, y), size * 0.62, 2, hid)
    elif name.startswith("X"):
        eid = int(name[1:])
        rad = enemy_radius(size)
        fill = paper.WARN if highlight else ENEMY_FILL
        # spikes round the disc: an invader reads as one at a glance, whatever the colours
        spikes = []
        for k in range(16):
            t = 2 * math.pi * (k + 0.5) / 16
            rr = rad * (1.2 if k % 2 == 0 else 0.94)
            spikes.append((x + rr * math.cos(t), y + rr * math.sin(t)))
        pygame.draw.polygon(surf, fill, spikes)
        pygame.draw.circle(surf, fill, (round(x), round(y)), round(rad))
        paper.pencil_circle(surf, ENEMY_EDGE, (x, y), rad, 2, eid)
        if highlight:
            paper.pencil_circle(surf, paper.WARN, (x, y), rad * 1.55, 3, eid)
        n = str(eid)
        paper.text(surf, n, (x, y + 1), max(11, int(rad * (1.25 if len(n) == 1 else 1.05 if len(n) == 2 else 0.8))),
                   paper.PAPER, "center", bold=True)
    else:
        paper.text(surf, name, (x, y), fsize, paper.GRAPHITE, "center", bold=True)


def draw_board(surf: pygame.Surface, state: InvasionState, frame: Frame, seed: int = 3,
               width: int = 2, tokens: bool = True) -> dict[str, tuple[float, float, float]]:
    """The whole Play Area in pencil; returns the token spots for hit testing."""
    board = state.board
    sheet = pygame.Rect(*frame.px(0, 0), WIDTH * frame.scale, HEIGHT * frame.scale)
    grid_colour = (218, 226, 232)
    for gx in range(WIDTH + 1):
        pygame.draw.line(surf, grid_colour, frame.px(gx, 0), frame.px(gx, HEIGHT), 1)
    for gy in range(HEIGHT + 1):
        pygame.draw.line(surf, grid_colour, frame.px(0, gy), frame.px(WIDTH, gy), 1)
    del sheet
    for i, key in enumerate(sorted(board.walls)):
        a, b = board.wall_segment(key)
        draw_wall(surf, frame.px(*a), frame.px(*b), board.walls[key], seed + i * 3, width)
    for r, (x0, y0, _x1, y1) in board.rooms.items():
        size = frame.scale * (0.7 if y1 - y0 >= 2 else 0.45)  # a low room keeps room for its tokens
        paper.text(surf, r, frame.px(x0 + 0.25, y0 + 0.1), max(12, int(size)), paper.GRAPHITE)
    spots = token_spots(state, frame) if tokens else {}
    return spots


# -- the printable game sheet --------------------------------------------------------------

def render_sheet(state: InvasionState, dpi: int = 150) -> pygame.Surface:
    """An A4 landscape game sheet: title, word and Slots, the board, both tables."""
    w = int(A4_MM[0] / 25.4 * dpi)
    h = int(A4_MM[1] / 25.4 * dpi)
    surf = pygame.Surface((w, h))
    surf.fill((255, 255, 255))
    u = dpi / 25.4  # pixels per mm
    ink = (40, 40, 48)
    title, size = paper.fit(M("Paper Invasion - Game Sheet"), int(7 * u), int(92 * u), bold=True)
    paper.text(surf, title, (int(12 * u), int(8 * u)), size, ink, bold=True)
    # TRANSLATORS: the two sides of the game ("Knights vs. Skeleton horde")
    sides = M("{heroes} vs. {enemies}", heroes=side_name(state.heroes_name), enemies=side_name(state.enemies_name))
    sides, size = paper.fit(sides, int(4.5 * u), int(92 * u))
    paper.text(surf, sides, (int(12 * u), int(17 * u)), size, ink)
    # word and Slots, as on the official sheet
    x0, y0 = int(12 * u), int(26 * u)
    cell = int(11 * u)
    rows = word_table(state.word, state.option) if state.word else [(state.option.upper(), 0, d) for d in state.slots]
    labels = (Mp("word table", "letter"), Mp("word table", "number"), Mp("word table", "Slot"))
    for j, lab in enumerate(labels):
        lab, size = paper.fit(lab, int(3.5 * u), int(17 * u))
        paper.text(surf, lab, (x0, y0 + j * cell + int(2 * u)), size, (110, 110, 110))
    for i in range(6):
        cx = x0 + int(18 * u) + i * cell
        for j in range(3):
            pygame.draw.rect(surf, ink, (cx, y0 + j * cell, cell, cell), 1)
        if i < len(rows):
            letter, number, digit = rows[i]
            paper.text(surf, letter, (cx + cell // 2, y0 + cell // 2), int(5 * u), ink, "center", bold=True)
            paper.text(surf, str(number or "-"), (cx + cell // 2, y0 + cell + cell // 2), int(4 * u), ink, "center")
            paper.text(surf, str(digit), (cx + cell // 2, y0 + 2 * cell + cell // 2), int(5 * u), ink, "center",
                       bold=True)
        paper.text(surf, f"S{i + 1}", (cx + cell // 2, y0 + 3 * cell + int(3 * u)), int(3.2 * u), (110, 110, 110),
                   "center")
    if state.slots:
        # TRANSLATORS: what the Slots decide; S5+1, S1, S2x2, S3, S4 say which Slot (keep them as they are)
        facts = [M("Rooms (S5+1): {n}", n=state.room_goal), M("Heroes (S1): {n}", n=state.heroes_per_player),
                 M("Enemies (S2x2): {n}", n=state.enemy_goal), M("Vault (S3): {item}", item=state.item[0]),
                 M("Event (S4): {event}", event=state.event[0]),
                 M("First: heroes") if state.slot(5) % 2 else M("First: enemies")]
        for k, fact in enumerate(facts):
            line, size = paper.fit(fact, int(4 * u), int(92 * u))
            paper.text(surf, line, (x0, y0 + int(4 * cell) + k * int(6 * u)), size, ink)
    # tables
    ty = y0 + int(4 * cell) + 6 * int(6 * u) + int(4 * u)
    for head, table, active in ((M("Vault (Slot 3)"), VAULT, state.slot(3) if state.slots else 0),
                                (M("Event (Slot 4)"), EVENTS, state.slot(4) if state.slots else 0)):
        paper.text(surf, head, (x0, ty), int(4.2 * u), ink, bold=True)
        ty += int(5.5 * u)
        for n, (name, what) in table.items():
            colour = (180, 40, 30) if n == active else ink
            # TRANSLATORS: a row of the Vault or Event table: its number, its name and what it does
            line = M("{n}. {name}: {what}", n=n, name=name, what=what)
            for part in paper.wrap(line, int(3.2 * u), int(88 * u)):
                paper.text(surf, part, (x0, ty), int(3.2 * u), colour)
                ty += int(3.9 * u)
        ty += int(2 * u)
    # the board
    area = pygame.Rect(int(108 * u), int(22 * u), int(180 * u), int(180 * u * (HEIGHT + 2 * PAD) / (WIDTH + 2 * PAD)))
    paper.text(surf, M("Play Area"), (area.x, int(15 * u)), int(4.5 * u), ink, bold=True)
    frame = Frame.fit(area)
    spots = draw_board(surf, state, frame, width=max(2, int(0.5 * u)))
    for name, spot in spots.items():
        draw_token(surf, state, name, spot)
    status, size = paper.fit(state.status(), int(3.5 * u), area.w)
    paper.text(surf, status, (area.x, area.bottom + int(2 * u)), size, ink)
    # a tally of the rounds, to tick with the pencil
    rounds = int(state.game.settings["rounds"])
    ty = area.bottom + int(9 * u)
    rounds_word, size = paper.fit(M("Rounds"), int(3.5 * u), int(19 * u), bold=True)
    paper.text(surf, rounds_word, (area.x, ty), size, ink, bold=True)
    box = int(5 * u)
    per_row = max(1, (area.w - int(20 * u)) // box)
    for k in range(rounds):
        bx = area.x + int(20 * u) + (k % per_row) * box
        by = ty + (k // per_row) * box
        pygame.draw.rect(surf, ink, (bx, by, box, box), 1)
        if k + 1 < state.round:
            pygame.draw.line(surf, ink, (bx + 3, by + box - 3), (bx + box - 3, by + 3), max(1, int(0.4 * u)))
    return surf


def save_sheet(state: InvasionState, folder: Path) -> tuple[Path, Path]:
    """Write the sheet as PNG and as a one-page A4 PDF; returns both paths."""
    from ...paths import own_dir

    own_dir(folder)  # never through a link out of the data folder
    dpi = 150
    surf = render_sheet(state, dpi)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    png = folder / f"invasion-sheet-{stamp}.png"
    pdf = folder / f"invasion-sheet-{stamp}.pdf"
    pygame.image.save(surf, str(png))
    pdf.write_bytes(one_page_pdf(pygame.image.tobytes(surf, "RGB"), surf.get_size(), dpi))
    return png, pdf
