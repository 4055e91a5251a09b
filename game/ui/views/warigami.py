"""Warigami Tactics board view: a squared sheet, origami soldiers, odds you can read before you roll.

Click one of your units to see every square it can reach (with the pool left
after the move); click a square to move there.  Hover an enemy to see the line
of sight, the distance, s:6 and what each die face would do; click it twice to attack
(the first click takes aim, the second click or Enter fires: always, whether or not
movement is left, on every turn and for every seat, so a habitual second click is
never refused).  Healing
is an explicit choice: with a medic selected press H (or the Heal button), then
click an orthogonally adjacent hurt friend; a plain click on a friend selects it.
A heal is no attack (W-T2 rev 3): it uses the medic's action and movement goes on.
The die stays on the board until the next action.  E or Enter (or the button)
ends the turn.  Squads are chosen in secret first (buttons or
keys 1-5 add a unit, Backspace takes the last one back, Enter when complete),
then placed: pick a unit type of your squad and click free squares of your start zone.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

import pygame
import pygame_gui

from ...engine import Event, IllegalAction
from ...rules.warigami.actions import squad_words
from ...rules.warigami.board import MAX_ZONES, Board
from ...rules.warigami.state import (
    MOVE,
    SETUP,
    SQUAD,
    Attack,
    EndTurn,
    Heal,
    Move,
    Place,
    Shot,
    Squad,
    Unit,
    WarigamiState,
)
from ...rules.warigami.tables import KINDS, MAX_HP, WEAPONS
from .. import paper
from ..view import GameView

Square = tuple[int, int]
Colour = tuple[int, int, int]
OUTCOME_WORD = {"miss": "miss", "hit": "hit", "knick": "knick", "base": "hit", "critical": "CRIT"}
STEP_S = 0.09  # seconds per square of a move animation
ROLL_S = 1.0  # seconds the die tumbles and shows its face
#: The smallest square (pixels at 100% UI scale) that keeps a unit's type tag and HP readable; a
#: map that would need smaller squares in the window scrolls instead (wheel, arrows, middle drag).
MIN_CELL = 32
#: The unit types' tags, written on every unit and on the squad buttons of a narrow window.
TAGS = {"smg": "SMG", "shotgun": "SHT", "sniper": "SNP", "medic": "MED", "rpg": "RPG"}


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> Colour:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


# -- origami figures: polygons in a unit box [-1, 1]^2, each with a shade (0 light .. 1 dark) ---------

FIGURES: dict[str, list[tuple[float, list[tuple[float, float]]]]] = {
    # a paper crane holding a short gun
    "smg": [(0.15, [(-0.9, 0.1), (0.0, -0.25), (0.0, 0.55)]), (0.45, [(0.9, 0.1), (0.0, -0.25), (0.0, 0.55)]),
            (0.7, [(0.0, -0.25), (0.25, -0.85), (0.15, -0.2)]), (0.9, [(0.0, 0.2), (0.75, 0.2), (0.75, 0.32),
                                                                      (0.0, 0.32)])],
    # a sturdy paper boat with a wide barrel
    "shotgun": [(0.2, [(-0.9, -0.1), (0.9, -0.1), (0.55, 0.6), (-0.55, 0.6)]),
                (0.55, [(-0.3, -0.1), (0.0, -0.85), (0.3, -0.1)]),
                (0.9, [(0.2, -0.45), (0.95, -0.45), (0.95, -0.25), (0.2, -0.25)])],
    # a tall narrow kite with a long rifle
    "sniper": [(0.15, [(0.0, -0.95), (0.35, -0.1), (0.0, 0.85)]), (0.5, [(0.0, -0.95), (-0.35, -0.1), (0.0, 0.85)]),
               (0.9, [(-0.95, -0.32), (0.95, -0.5), (0.95, -0.42), (-0.95, -0.24)])],
    # a folded hat with a red cross
    "medic": [(0.1, [(-0.8, 0.6), (0.0, -0.8), (0.8, 0.6)]), (0.45, [(-0.8, 0.6), (0.0, 0.2), (0.8, 0.6)])],
    # a paper frog carrying a tube on its shoulder
    "rpg": [(0.2, [(-0.85, 0.55), (-0.45, -0.2), (0.45, -0.2), (0.85, 0.55)]),
            (0.55, [(-0.45, -0.2), (0.0, -0.65), (0.45, -0.2)]),
            (0.9, [(-0.95, -0.55), (0.95, -0.55), (0.95, -0.3), (-0.95, -0.3)])],
}


def draw_figure(surf: pygame.Surface, kind: str, seat: int, centre: tuple[float, float], size: float) -> None:
    """One origami soldier: folded faces in the seat's colour, pencil outlines, fold lines."""
    col = paper.player_colour(seat)
    cx, cy = centre
    r = size / 2
    for i, (shade, poly) in enumerate(FIGURES[kind]):
        pts = [(cx + x * r, cy + y * r) for x, y in poly]
        fill = _mix(_mix(col, (255, 255, 255), 0.55), col, shade) if shade < 0.85 else paper.INK
        paper.pencil_polygon(surf, paper.INK if shade < 0.85 else paper.GRAPHITE, pts, fill=fill,
                             width=1 if size < 30 else 2, seed=seat * 31 + i)
    if kind == "medic":
        w = max(2, int(size * 0.08))
        pygame.draw.line(surf, paper.WARN, (cx - r * 0.25, cy + r * 0.1), (cx + r * 0.25, cy + r * 0.1), w)
        pygame.draw.line(surf, paper.WARN, (cx, cy - r * 0.15), (cx, cy + r * 0.35), w)


def draw_sheet(surf: pygame.Surface, b: Board, c: float, seats: int = MAX_ZONES) -> None:
    """The squared sheet of a map at ``c`` pixels a square: start zones of the first ``seats``
    players tinted in their colour with their symbol, pencil grid, hatched walls (view and editor)."""
    for i, zone in enumerate(b.zones[:seats]):
        tint = _mix(paper.PAPER, paper.player_colour(i), 0.18)
        for (x, y) in zone:
            pygame.draw.rect(surf, tint, pygame.Rect(round(x * c), round(y * c), math.ceil(c), math.ceil(c)))
    for x in range(b.width + 1):
        paper.pencil_line(surf, paper.PAPER_LINE, (x * c, 0), (x * c, b.height * c), 1, x)
    for y in range(b.height + 1):
        paper.pencil_line(surf, paper.PAPER_LINE, (0, y * c), (b.width * c, y * c), 1, 99 + y)
    for (x, y) in sorted(b.walls):
        r = pygame.Rect(round(x * c), round(y * c), math.ceil(c), math.ceil(c))
        pygame.draw.rect(surf, paper.ERASER, r)
        clip = surf.get_clip()
        surf.set_clip(r)
        paper.hatch(surf, paper.GRAPHITE, r, max(4, int(c / 5)))
        surf.set_clip(clip)
        paper.pencil_lines(surf, paper.INK, [r.topleft, r.topright, r.bottomright, r.bottomleft], True, 2,
                           x * 7 + y)
    if c >= 14:
        for i, zone in enumerate(b.zones[:seats]):
            if zone:
                first = min(zone, key=lambda q: (q[1], q[0]))
                paper.draw_symbol(surf, i, ((first[0] + 0.5) * c, (first[1] + 0.5) * c), c * 0.35, 1)


class WarigamiView(GameView):
    def __init__(self, ctx: object) -> None:
        super().__init__(ctx)  # type: ignore[arg-type]
        self.cell = 40.0
        self.origin = (0.0, 0.0)
        #: The part of the view the board shows in; a board bigger than it scrolls by ``scroll``.
        self.viewport = pygame.Rect(0, 0, 1, 1)
        self.scroll = (0, 0)
        self._dragging = False
        self._pointer = (-1, -1)
        self._focus_key: object = None  # whose units the scrolled view last looked for
        self.selected: int | None = None
        self.hover: Square | None = None
        self.kind = "smg"
        self.draft: list[str] = []  # W-B2: the squad being chosen (this seat's secret, never drawn for others)
        self._draft_seat = -1
        self.pending: Attack | None = None  # an attack that ends movement, waiting for its confirmation
        self.healing = False  # the heal cursor: the next click on a hurt friend heals it (W-H5)
        self.last_roll: dict[str, object] | None = None  # the settled die, shown until the next action
        self._reach: dict[Square, int] = {}
        self._reach_key: object = None
        self.anims: list[dict[str, object]] = []
        self._figures: dict[tuple[str, int, int], pygame.Surface] = {}
        self._board_surf: pygame.Surface | None = None
        self._board_key: object = None
        self._layer: pygame.Surface | None = None  # the sheet with every unit standing still on it
        self._layer_key: object = None
        self._splash_tint: pygame.Surface | None = None
        self._marked: pygame.Surface | None = None
        self._marked_key: object = None
        self.end_button: pygame_gui.elements.UIButton | None = None
        self.heal_button: pygame_gui.elements.UIButton | None = None
        self.kind_buttons: dict[str, pygame_gui.elements.UIButton] = {}

    # -- geometry ---------------------------------------------------------------------
    @property
    def s(self) -> WarigamiState:
        st = self.ctx.state
        assert isinstance(st, WarigamiState)
        return st

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        b = self.s.board
        bar = self.ui_px(52)
        self.viewport = pygame.Rect(rect.x + 10, rect.y + 10, max(1, rect.w - 20), max(1, rect.h - bar - 20))
        fit = min(self.viewport.w / b.width, self.viewport.h / b.height)
        # Never smaller than a readable unit: a board that does not fit scrolls (the huge map).
        self.cell = max(fit, float(max(MIN_CELL, self.ui_px(MIN_CELL))))
        self._place(self.scroll)
        self._board_key = None
        self._figures.clear()
        self._build_widgets()

    def _build_widgets(self) -> None:
        self.kill()
        ui = getattr(self.ctx, "ui", None)
        if ui is None:
            return
        y = self.rect.bottom - self.ui_px(46)
        box = getattr(self.ctx, "box", None)
        step = self._button_step()
        self.end_button = pygame_gui.elements.UIButton(pygame.Rect(self.rect.x + 10, y, min(self.ui_px(150),
                                                                                       round(step * 1.27)),
                                                                   self.ui_px(38)),
                                                       "End turn", ui,
                                                       container=box, tool_tip_text="E or Enter")
        self.heal_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.rect.x + 10 + self.ui_px(160), y, self.ui_px(110), self.ui_px(38)), "Heal (H)", ui,
            container=box,
            tool_tip_text="Then click a hurt unit of yours next to the medic: up, down, left or right, not diagonal.")
        x = self.rect.x + 10
        for i, k in enumerate(KINDS):
            self.kind_buttons[k] = pygame_gui.elements.UIButton(pygame.Rect(x + i * step, y, step - self.ui_px(8),
                                                                            self.ui_px(38)),
                                                                f"{i + 1} {WEAPONS[k].label}", ui,
                                                                container=box)
        self._sync_widgets()

    def _button_step(self) -> int:
        """The spacing of the five unit buttons and "Squad ready" along the board's bottom edge (they
        share its width, so a small window never pushes them under the margin)."""
        return min(self.ui_px(118), int((self.rect.w - 20) / 6.3))

    def kill(self) -> None:
        if self.end_button is not None:
            self.end_button.kill()
            self.end_button = None
        if self.heal_button is not None:
            self.heal_button.kill()
            self.heal_button = None
        for b in self.kind_buttons.values():
            b.kill()
        self.kind_buttons = {}

    def reset(self) -> None:
        self.selected, self.pending, self.anims, self.healing, self.last_roll = None, None, [], False, None
        self._reach_key = None
        self._board_key = None

    def scrollable(self) -> bool:
        """True when the board is bigger than its part of the window (then it scrolls)."""
        b = self.s.board
        return self.cell * b.width > self.viewport.w + 0.5 or self.cell * b.height > self.viewport.h + 0.5

    def _place(self, scroll: tuple[float, float]) -> None:
        """Put the board in the viewport: centred along a side that fits, else shifted by ``scroll``
        (kept so that the board always covers that side of the viewport)."""
        b, vp = self.s.board, self.viewport
        gw, gh = self.cell * b.width, self.cell * b.height
        sx = min(max(0, round(scroll[0])), max(0, math.ceil(gw - vp.w)))
        sy = min(max(0, round(scroll[1])), max(0, math.ceil(gh - vp.h)))
        self.scroll = (sx, sy)
        self.origin = (vp.x + (vp.w - gw) / 2 if gw <= vp.w else float(vp.x - sx),
                       vp.y + (vp.h - gh) / 2 if gh <= vp.h else float(vp.y - sy))

    def scroll_by(self, dx: float, dy: float) -> bool:
        before = self.scroll
        self._place((self.scroll[0] + dx, self.scroll[1] + dy))
        return self.scroll != before

    def show_squares(self, squares: Sequence[Square], centre: bool = False) -> None:
        """Scroll (if the board scrolls) so that ``squares`` are in view: centred on them, or by as
        little as brings them a square inside the edge."""
        if not squares or not self.scrollable():
            return
        c, vp = self.cell, self.viewport
        xs = [q[0] for q in squares]
        ys = [q[1] for q in squares]
        sx, sy = float(self.scroll[0]), float(self.scroll[1])
        if centre:
            sx = (min(xs) + max(xs) + 1) / 2 * c - vp.w / 2
            sy = (min(ys) + max(ys) + 1) / 2 * c - vp.h / 2
        else:
            lo_x, hi_x = (min(xs) - 1) * c, (max(xs) + 2) * c
            lo_y, hi_y = (min(ys) - 1) * c, (max(ys) + 2) * c
            if lo_x < sx:
                sx = lo_x
            elif hi_x > sx + vp.w:
                sx = min(lo_x, hi_x - vp.w)
            if lo_y < sy:
                sy = lo_y
            elif hi_y > sy + vp.h:
                sy = min(lo_y, hi_y - vp.h)
        self._place((sx, sy))

    def sq_rect(self, sq: Square, origin: tuple[float, float] | None = None) -> pygame.Rect:
        c = self.cell
        ox, oy = self.origin if origin is None else origin
        return pygame.Rect(round(ox + sq[0] * c), round(oy + sq[1] * c), math.ceil(c), math.ceil(c))

    def centre(self, sq: tuple[float, float]) -> tuple[float, float]:
        return (self.origin[0] + (sq[0] + 0.5) * self.cell, self.origin[1] + (sq[1] + 0.5) * self.cell)

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        if not self.viewport.collidepoint(pos):
            return None  # scrolled out of view, or the buttons under the board
        x = math.floor((pos[0] - self.origin[0]) / self.cell)
        y = math.floor((pos[1] - self.origin[1]) / self.cell)
        return (x, y) if self.s.board.inside((x, y)) else None

    # -- derived state ---------------------------------------------------------------------
    def reach(self) -> dict[Square, int]:
        """Reachable squares of the selected unit (cached per state)."""
        s = self.s
        sel = s.units.get(self.selected) if self.selected is not None else None
        if sel is None or s.phase != MOVE or sel.owner != s.player:
            return {}
        key = (self.selected, s.pool, len(s.units), tuple(u.sq for u in s.units.values()))
        if key != self._reach_key:
            self._reach = s.reachable(sel.id)
            self._reach_key = key
        return self._reach

    def hovered_shot(self) -> tuple[int, Shot] | None:
        s = self.s
        if self.selected is None or self.hover is None or self.selected not in s.units:
            return None
        t = s.unit_at(self.hover)
        me = s.units[self.selected]
        if t is None or t.owner == me.owner or s.phase == SETUP:
            return None
        shot = s.shot(me.id, t.id)
        if me.acted and not shot.problem:  # the odds stay readable, the refusal is said up front
            shot = dataclasses.replace(shot, problem=f"{me.label()} has already acted this turn.", rule="W-T3")
        return t.id, shot

    def _own_draft(self) -> list[str]:
        """The draft squad of the seat to move (cleared whenever another seat is to choose)."""
        if self._draft_seat != self.s.player or self.s.phase != SQUAD:
            self.draft, self._draft_seat = [], self.s.player
        return self.draft

    def _sync_widgets(self) -> None:
        if self.replaying:  # a recorded point: nothing to press
            for b in (self.end_button, self.heal_button, *self.kind_buttons.values()):
                if b is not None:
                    b.hide()
            return
        s = self.s
        setup = s.phase == SETUP and not s.is_over()
        squad = s.phase == SQUAD
        human = self.ctx.human_to_move()
        n = int(s.game.settings["units"])
        if self.end_button is not None:
            if setup:
                self.end_button.hide()
            else:
                self.end_button.show()
                label = "Squad ready" if squad else "End turn"
                font = getattr(self.end_button, "font", None)
                if squad and font is not None and font.size(label)[0] > self.end_button.rect.w - 8:
                    label = "Ready"  # a narrow window: the short word (the tooltip says it in full)
                if self.end_button.text != label:
                    self.end_button.set_text(label)
                    self.end_button.set_tooltip("Squad ready: E or Enter" if squad else "E or Enter")
                    y = self.rect.bottom - self.ui_px(46)
                    self.end_button.set_position((self.rect.x + 10 + 5 * self._button_step(), y) if squad
                                                 else (self.rect.x + 10, y))
                ready = not squad or len(self._own_draft()) == n
                if human and not s.is_over() and ready:
                    self.end_button.enable()
                else:
                    self.end_button.disable()
        if self.heal_button is not None:
            medic = self._medic()
            if human and medic is not None and not s.is_over():
                self.heal_button.show()
                if medic.acted:
                    self.heal_button.disable()
                else:
                    self.heal_button.enable()
                if self.healing and not self.heal_button.is_selected:
                    self.heal_button.select()
                elif not self.healing and self.heal_button.is_selected:
                    self.heal_button.unselect()
            else:
                self.heal_button.hide()
        left = s.reserve[s.player] if setup else []
        if setup and left and self.kind not in left:
            self.kind = next(k for k in KINDS if k in left)
        for i, (k, b) in enumerate(self.kind_buttons.items()):
            if (setup or squad) and human:
                count = f" x{left.count(k)}" if setup else ""
                label = self.fitting(b, [f"{i + 1} {WEAPONS[k].label}{count}", f"{i + 1} {TAGS[k]}{count}",
                                         f"{TAGS[k]}{count}", f"{i + 1} {TAGS[k]}"])
                if b.text != label:
                    b.set_text(label)
                b.show()
                if setup and k not in left:
                    b.disable()
                else:
                    b.enable()
                if setup and k == self.kind and not b.is_selected:
                    b.select()
                elif (squad or k != self.kind) and b.is_selected:
                    b.unselect()
            else:
                b.hide()

    @staticmethod
    def fitting(button: pygame_gui.elements.UIButton, labels: Sequence[str]) -> str:
        """The first of ``labels`` the button shows whole in its own font (at any UI scale); the
        type's full name first, its tag (SHT for Shotgun) on a narrow button."""
        font = getattr(button, "font", None)
        room = button.relative_rect.width - 8
        for label in labels:
            if font is None or font.size(label)[0] <= room:
                return label
        return labels[-1]

    def _medic(self) -> Unit | None:
        """The selected unit if it is a medic of the seat to move (the Heal button needs one)."""
        s = self.s
        sel = s.units.get(self.selected) if self.selected is not None else None
        if sel is None or sel.owner != s.player or not WEAPONS[sel.kind].heals or s.phase in (SETUP, SQUAD):
            return None
        return sel

    def _toggle_heal(self) -> bool:
        medic = self._medic()
        if medic is None:
            self.ctx.refuse("Select one of your medics first: only a medic heals.", "W-H5")
            return False
        if medic.acted:
            self.ctx.refuse(f"{medic.label()} has already acted this turn.", "W-T3")
            return False
        self.healing = not self.healing
        self.pending = None
        self._sync_widgets()
        return True

    def _pick_kind(self, kind: str) -> bool:
        """A unit type chosen (button or key): added to the draft squad, or the type to place next."""
        s = self.s
        if s.phase == SQUAD:
            draft, n = self._own_draft(), int(s.game.settings["units"])
            if len(draft) >= n:
                self.ctx.refuse(f"The squad is complete ({n} units): Backspace takes the last one back.", "W-B2")
                return False
            draft.append(kind)
        elif kind not in s.reserve[s.player]:
            self.ctx.refuse(f"Your squad has no {WEAPONS[kind].label} left to place.", "W-B2")
            return False
        else:
            self.kind = kind
        self._sync_widgets()
        return True

    def _squad_ready(self) -> bool:
        draft = self._own_draft()
        n = int(self.s.game.settings["units"])
        if len(draft) != n:
            self.ctx.refuse(f"Choose {n - len(draft)} more unit{'s' if n - len(draft) != 1 else ''} first.", "W-B2")
            return False
        ok = self.ctx.submit(Squad(tuple(draft)))
        if ok:
            self.draft = []
        return ok

    # -- input --------------------------------------------------------------------------------
    def _scroll_event(self, event: pygame.event.Event) -> bool | None:
        """The wheel, the arrow keys and a middle-button drag scroll a board bigger than the window
        (True when it moved); None for any other event."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 2 and self.viewport.collidepoint(event.pos):
            self._dragging = self.scrollable()
            return None if not self._dragging else False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 2 and self._dragging:
            self._dragging = False
            return False
        if not self.scrollable():
            return None
        if event.type == pygame.MOUSEMOTION and self._dragging:
            return self.scroll_by(-event.rel[0], -event.rel[1])
        if event.type == pygame.MOUSEWHEEL and self.viewport.collidepoint(self._pointer):
            step = self.cell * 2
            dx, dy = -event.x * step, -event.y * step
            if pygame.key.get_mods() & pygame.KMOD_SHIFT:
                dx, dy = dy, dx
            return self.scroll_by(dx, dy)
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if event.type == pygame.KEYDOWN and event.key in arrows:
            dx, dy = arrows[event.key]
            return self.scroll_by(dx * self.cell * 3, dy * self.cell * 3)
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        s = self.s
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
        scrolled = self._scroll_event(event)
        if scrolled is not None:
            if scrolled and self._pointer[0] >= 0:
                self.hover = self.square_at(self._pointer)
            return scrolled
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.square_at(event.pos)
            return False
        if event.type == pygame.KEYDOWN:
            if s.phase == SQUAD:
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    return self._squad_ready()
                if event.key == pygame.K_BACKSPACE and self._own_draft():
                    self.draft.pop()
                    self._sync_widgets()
                    return True
            if event.key == pygame.K_h and s.phase not in (SETUP, SQUAD):
                return self._toggle_heal()
            if event.key in (pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER) and s.phase not in (SETUP, SQUAD):
                if self.pending is not None and event.key != pygame.K_e:
                    return self._confirm()
                return self._end_turn()
            if pygame.K_1 <= event.key <= pygame.K_5 and s.phase in (SETUP, SQUAD):
                return self._pick_kind(KINDS[event.key - pygame.K_1])
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.selected, self.pending, self.healing = None, None, False
            return True
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return False
        sq = self.square_at(event.pos)
        if sq is None:
            return False
        self.hover = sq
        if s.phase == SQUAD:
            return False
        if s.phase == SETUP:
            return self.ctx.submit(Place(self.kind, sq[0], sq[1]))
        return self._click(sq)

    def _ends_movement(self, act: Attack) -> bool:
        """Submit an attack: the first click takes aim, a second click (or Enter) fires; always
        the same two clicks, with or without movement left (W-T2: the first attack ends it)."""
        try:
            self.s.check(act)
        except IllegalAction:
            return self.ctx.submit(act)  # let the rules explain
        if self.pending != act:
            self.pending = act
            return True
        return self._confirm()

    def _click(self, sq: Square) -> bool:
        s = self.s
        u = s.unit_at(sq)
        sel = s.units.get(self.selected) if self.selected is not None else None
        if u is not None and u.owner == s.player:
            if self.healing and sel is not None and u is not sel:
                ok = self.ctx.submit(Heal(sel.id, u.id))  # W-T2 (rev 3): no attack, movement goes on
                if ok:
                    self.healing = False
                return ok
            self.selected, self.pending, self.healing = u.id, None, False
            return True
        if sel is None:
            if u is not None:
                self.ctx.refuse(f"{u.label()} is not yours: pick one of your own units first.")
            return False
        if self.healing:
            self.ctx.refuse("A medic heals a unit of its own side: click a hurt friend next to it (H to stop).", "W-H5")
            return False
        if u is not None:  # an enemy: attack
            return self._ends_movement(Attack(sel.id, u.id))
        if s.phase == MOVE:
            self.pending = None  # moving instead: the aim is dropped
            ok = self.ctx.submit(Move(sel.id, sq[0], sq[1]))
            return ok
        self.ctx.refuse("Movement is over for this turn: the first attack ended it.", "W-T2")
        return False

    def _confirm(self) -> bool:
        act, self.pending = self.pending, None
        if act is None:
            return False
        return self.ctx.submit(act)

    def _end_turn(self) -> bool:
        self.pending, self.healing = None, False
        self.selected = None
        return self.ctx.submit(EndTurn())

    # -- animation ----------------------------------------------------------------------------
    def on_events(self, events: Sequence[Event]) -> None:
        if events:
            self.last_roll = None  # the next action takes the old die off the board
        for e in events:
            if e.kind == "move":
                path = list(e.data["path"])
                self.show_squares([path[0], path[-1]])
                self.anims.append({"kind": "move", "unit": e.data["unit"], "path": path, "t": 0.0,
                                   "dur": STEP_S * max(1, len(path) - 1)})
            elif e.kind == "attack":
                self.show_squares([e.data["from"], e.data["to"]])
                self.anims.append({"kind": "roll", "t": 0.0, "dur": ROLL_S, **dict(e.data)})
            elif e.kind == "end_turn":
                self.selected, self.pending, self.healing = None, None, False
            elif e.kind == "heal":
                self.healing = False
        sel = self.s.units.get(self.selected) if self.selected is not None else None
        if sel is None or sel.owner != self.s.current_player():
            self.selected = None
        self._sync_widgets()

    def _focus(self) -> None:
        """On a board that scrolls, look for the seat to move when its turn (or placement) begins:
        its units, or its free start zone while placing."""
        s = self.s
        key = (s.phase in (SQUAD, SETUP), s.player, s.turns)
        if key == self._focus_key or self.anims:
            return
        self._focus_key = key
        if s.phase == SETUP:
            zone = [q for q in s.board.zones[s.player] if q not in s.at and q not in s.board.walls]
            self.show_squares(zone or sorted(s.board.zones[s.player]), centre=True)
        elif s.phase != SQUAD:
            self.show_squares([u.sq for u in s.units_of(s.player)], centre=True)

    def update(self, dt: float) -> None:
        self._focus()
        if self.anims:
            a = self.anims[0]
            a["t"] = float(a["t"]) + dt  # type: ignore[arg-type]
            if a["t"] >= a["dur"]:  # type: ignore[operator]
                done = self.anims.pop(0)
                if done["kind"] == "roll":
                    self.last_roll = done  # the die stays until the next action
        if self.heal_button is not None and self.heal_button.check_pressed() and self.ctx.human_to_move():
            self._toggle_heal()
        if self.end_button is not None and self.end_button.check_pressed() and self.ctx.human_to_move():
            if self.s.phase == SQUAD:
                self._squad_ready()
            else:
                self._end_turn()
        for k, b in self.kind_buttons.items():
            if b.check_pressed():
                self._pick_kind(k)
        self._sync_widgets()

    def busy(self) -> bool:
        return bool(self.anims)

    # -- drawing ---------------------------------------------------------------------------------
    def board_surface(self) -> pygame.Surface:
        """The static sheet (paper, zones, grid, walls) as one opaque cached surface."""
        b = self.s.board
        size = (math.ceil(self.cell * b.width) + 1, math.ceil(self.cell * b.height) + 1)
        key = (b.name, self.cell, size, self.s.game.num_players)
        if self._board_surf is None or self._board_key != key:
            surf = pygame.Surface(size)
            app = getattr(self.ctx, "app", None)
            sheet = app.paper() if app is not None else None
            if sheet is not None and sheet.get_rect().contains(pygame.Rect(self.origin, size)):
                # the window's own sheet under the board: no second paper to generate
                surf.blit(sheet, (0, 0), pygame.Rect(round(self.origin[0]), round(self.origin[1]), *size))
            else:
                surf.blit(paper.paper_surface(size, seed=11), (0, 0))
            self._draw_board(surf)
            self._board_surf = surf.convert() if pygame.display.get_surface() else surf
            self._board_key = key
        return self._board_surf

    def _draw_board(self, surf: pygame.Surface) -> None:
        draw_sheet(surf, self.s.board, self.cell, self.s.game.num_players)

    def unit_layer(self, moving: int | None) -> pygame.Surface:
        """The sheet with every unit (but ``moving``) drawn on it, cached until a unit changes.

        One blit per frame instead of a figure, an HP bar and a number per unit: the
        huge map has 60 of each.
        """
        s = self.s
        board = self.board_surface()
        key = (self._board_key, s.player, moving, tuple((u.id, u.x, u.y, u.hp, u.acted) for u in s.units.values()))
        if self._layer is None or key != self._layer_key:
            layer = board.copy()
            for u in s.units.values():
                if u.id != moving:
                    self._draw_unit(layer, u, u.sq, (0.0, 0.0))
            self._layer, self._layer_key = layer, key
        return self._layer

    def marked_layer(self, moving: int | None, human: bool) -> pygame.Surface:
        """The unit layer plus what a person's choice needs marked: the free squares of the start
        zone while building the squad, or the squares the selected unit can reach (each with the
        pool left after going there).  Cached: a 30-unit pool reaches a thousand squares."""
        base = self.unit_layer(moving)
        s = self.s
        if not human:
            return base
        if s.phase == SETUP:
            marks: tuple[object, ...] = ("setup", s.player, len(s.at))
        else:
            reach = self.reach()
            if not reach:
                return base
            marks = ("reach", self._reach_key, s.pool)
        key = (self._layer_key, marks)
        if self._marked is None or key != self._marked_key:
            layer = base.copy()
            c = self.cell
            if s.phase == SETUP:
                for sq in s.board.zones[s.player]:
                    if sq not in s.at and sq not in s.board.walls:
                        pygame.draw.rect(layer, paper.GOOD, self.sq_rect(sq, (0, 0)).inflate(-4, -4), 1)
            else:
                fill, ink = _mix(paper.PAPER, paper.GOOD, 0.12), _mix(paper.GOOD, paper.PAPER, 0.25)
                for sq, cost in reach.items():
                    r = self.sq_rect(sq, (0, 0))
                    pygame.draw.rect(layer, fill, r.inflate(-2, -2))
                    if c >= 18:
                        paper.text(layer, str(s.pool - cost), r.center, max(10, int(c * 0.3)), ink, "center")
            self._marked, self._marked_key = layer, key
        return self._marked

    def figure(self, kind: str, seat: int) -> pygame.Surface:
        size = max(8, int(self.cell * 0.78))
        key = (kind, seat, size)
        img = self._figures.get(key)
        if img is None:
            img = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
            draw_figure(img, kind, seat, ((size + 4) / 2, (size + 4) / 2), size)
            if size >= 15:
                paper.draw_symbol(img, seat, (size * 0.16, size * 0.16), size * 0.2, 1)
            img = img.convert_alpha() if pygame.display.get_surface() else img
            self._figures[key] = img
        return img

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        moving = self.anims[0] if self.anims and self.anims[0]["kind"] == "move" else None
        moving_id = int(moving["unit"]) if moving is not None else None  # type: ignore[call-overload]
        human = self.ctx.human_to_move()
        clip = surface.get_clip()
        surface.set_clip(self.viewport.clip(clip))  # a board that scrolls stays in its part of the window
        surface.blit(self.marked_layer(moving_id, human), (round(self.origin[0]), round(self.origin[1])))
        shot = self.hovered_shot() if human and not self.anims else None
        if shot is not None and not shot[1].problem:
            self._draw_splash(surface, shot[1])
        if moving is not None and moving_id in s.units:
            self._draw_unit(surface, s.units[moving_id], self._path_pos(moving), self.origin)
        if self.selected in s.units:
            r = self.sq_rect(s.units[self.selected].sq)
            paper.pencil_lines(surface, paper.INK, [r.topleft, r.topright, r.bottomright, r.bottomleft], True, 3)
        if shot is not None:
            self._draw_shot(surface, shot[0], shot[1])
        if self.anims and self.anims[0]["kind"] == "roll":
            self._draw_roll(surface, self.anims[0])
        elif not self.anims and self.last_roll is not None:
            self._draw_roll(surface, self.last_roll)
        surface.set_clip(clip)
        if self.scrollable():
            self._draw_scrollbars(surface)
        if s.phase == MOVE and s.pool > 0 and not s.is_over() and not self.replaying:
            paper.text(surface, f"Pool: {s.pool}", self._pool_at(), self.ui_px(24), paper.INK, bold=True, anchor="midleft")

    def _pool_at(self) -> tuple[int, int]:
        """Where 'Pool: N' is written: right of the Heal button's place (shown or not, so the words
        never jump when a medic is selected), on the buttons' row, at the UI scale."""
        x = self.rect.x + 10 + self.ui_px(160)
        if self.heal_button is not None:
            x = self.heal_button.relative_rect.right
        if self.end_button is not None:
            x = max(x, self.end_button.relative_rect.right)
        return x + self.ui_px(14), self.rect.bottom - self.ui_px(46) + self.ui_px(19)

    def _draw_scrollbars(self, surface: pygame.Surface) -> None:
        """Where the view is on a board bigger than the window: a pencil bar along the bottom and the
        right edge of the board's part of the window."""
        b, vp, c = self.s.board, self.viewport, self.cell
        gw, gh = c * b.width, c * b.height
        if gw > vp.w:
            x0 = vp.x + vp.w * self.scroll[0] / gw
            bar = pygame.Rect(round(x0), vp.bottom + 2, max(12, round(vp.w * vp.w / gw)), 5)
            pygame.draw.rect(surface, paper.GRAPHITE, bar, border_radius=2)
        if gh > vp.h:
            y0 = vp.y + vp.h * self.scroll[1] / gh
            bar = pygame.Rect(vp.right + 2, round(y0), 5, max(12, round(vp.h * vp.h / gh)))
            pygame.draw.rect(surface, paper.GRAPHITE, bar, border_radius=2)

    def _path_pos(self, anim: dict[str, object]) -> tuple[float, float]:
        path: list[Square] = anim["path"]  # type: ignore[assignment]
        if len(path) < 2:
            return path[-1]
        f = min(1.0, float(anim["t"]) / float(anim["dur"])) * (len(path) - 1)  # type: ignore[arg-type]
        i = min(len(path) - 2, int(f))
        k = f - i
        a, b = path[i], path[i + 1]
        return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)

    def _draw_unit(self, surface: pygame.Surface, u: Unit, pos: tuple[float, float],
                   origin: tuple[float, float]) -> None:
        """A figure with its type's tag under it, the HP number at the top right and the HP bar; a unit
        of the seat to move that has acted is washed out under a plain tick in ink ("done")."""
        c = self.cell
        cx, cy = origin[0] + (pos[0] + 0.5) * c, origin[1] + (pos[1] + 0.5) * c
        img = self.figure(u.kind, u.owner)
        surface.blit(img, img.get_rect(center=(int(cx), int(cy - c * 0.1))))
        done = u.acted and u.owner == self.s.player and not self.s.is_over()
        if done:
            wash = pygame.Surface((max(1, int(c * 0.9)), max(1, int(c * 0.9))), pygame.SRCALPHA)
            wash.fill((*paper.PAPER, 150))
            surface.blit(wash, wash.get_rect(center=(int(cx), int(cy))))
        bar_h = max(3, c * 0.08)
        left, top, w = cx - c * 0.42, cy + c * 0.46 - bar_h, c * 0.84
        pygame.draw.rect(surface, paper.PAPER, pygame.Rect(left, top, w, bar_h))
        col = paper.GOOD if u.hp > 6 else ((200, 140, 0) if u.hp > 3 else paper.WARN)
        pygame.draw.rect(surface, col, pygame.Rect(left, top, w * max(0, u.hp) / MAX_HP, bar_h))
        self._label(surface, TAGS[u.kind], (cx, top - 1), max(11, int(c * 0.3)), paper.INK, "midbottom")
        self._label(surface, str(u.hp), (cx + c * 0.47, cy - c * 0.47), max(13, int(c * 0.36)), paper.INK,
                    "topright")
        if done:  # a plain tick in ink over the washed-out figure
            k, lw = c * 0.2, max(3, round(c * 0.08))
            pts = [(cx - 1.2 * k, cy - 0.5 * k), (cx - 0.4 * k, cy + 0.3 * k), (cx + 1.1 * k, cy - 1.3 * k)]
            pygame.draw.lines(surface, paper.PAPER, False, pts, lw + 4)
            pygame.draw.lines(surface, paper.INK, False, pts, lw)

    @staticmethod
    def _label(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int, colour: Colour,
               anchor: str) -> pygame.Rect:
        """Bold text on a scrap of paper (readable over a figure, a fold line or the grid)."""
        r = pygame.Rect((0, 0), paper.font(size, True).size(text))
        setattr(r, anchor, (int(pos[0]), int(pos[1])))
        pygame.draw.rect(surface, paper.PAPER, r.inflate(4, 0), border_radius=3)
        return paper.text(surface, text, r.topleft, size, colour, bold=True)

    def _draw_splash(self, surface: pygame.Surface, shot: Shot) -> None:
        size = self.sq_rect((0, 0)).inflate(-2, -2).size
        if self._splash_tint is None or self._splash_tint.get_size() != size:
            self._splash_tint = pygame.Surface(size, pygame.SRCALPHA)
            self._splash_tint.fill((*paper.WARN, 70))  # see-through: the figures under it stay readable
        for sq in shot.splash:
            r = self.sq_rect(sq)
            surface.blit(self._splash_tint, r.inflate(-2, -2))
            paper.text(surface, "-5", r.center, max(10, int(self.cell * 0.3)), paper.WARN, "center")

    def _draw_shot(self, surface: pygame.Surface, target: int, shot: Shot) -> None:
        s = self.s
        me = s.units[self.selected]  # type: ignore[index]
        t = s.units[target]
        a, b = self.centre(me.sq), self.centre(t.sq)
        colour = paper.GOOD if not shot.problem else paper.WARN
        paper.pencil_line(surface, colour, a, b, 2)
        box_w, row_h = 330, 22
        lines, faces = self.shot_text(me, t, shot, box_w)
        h = 12 + row_h * (len(lines) + (2 if faces else 0))
        box = self._box_place(box_w, int(h), a, b)
        pygame.draw.rect(surface, (250, 247, 236), box, border_radius=6)
        pygame.draw.rect(surface, paper.GRAPHITE, box, 1, border_radius=6)
        yy = box.y + 6
        for line in lines:
            paper.text(surface, line, (box.x + 8, yy), 18, colour if line is not lines[0] else paper.INK)
            yy += row_h
        for i, f in enumerate(faces):
            word = f.split(": ")[1]
            col = paper.WARN if word.startswith("miss") else (paper.GOOD if "CRIT" in word else paper.INK)
            paper.text(surface, f, (box.x + 8 + (i % 3) * 106, yy + (i // 3) * row_h), 17, col)

    def shot_text(self, me: Unit, t: Unit, shot: Shot, box_w: int = 330) -> tuple[list[str], list[str]]:
        """The odds box's lines and its die faces.  A shot that cannot be fired (blocked, out of
        reach, off its line) lists no face at all, so no face seems to hit; one refused only because
        the unit has acted keeps its odds readable."""
        sv = shot.odds.s
        can_fire = not shot.problem or shot.rule == "W-T3"
        needs = "" if sv == 0 else ("   every face hits" if sv == 6 else f"   {7 - sv} or more hits")
        lines = [f"distance {shot.dist}   s {sv}:6{needs}" if can_fire else f"distance {shot.dist}   no shot"]
        if shot.problem:
            lines.extend(paper.wrap(shot.problem, 18, box_w - 16))
        else:
            lines.append("clear shot")
        w = WEAPONS[me.kind]
        notes = []
        if can_fire and w.close_power and shot.dist == 1:
            notes.append(f"close blast {w.close_power}: adjacent = up, down, left, right")
        elif can_fire and w.close_power and abs(me.x - t.x) == 1 and abs(me.y - t.y) == 1:
            notes.append("diagonal = distance 2: no close blast")
        if can_fire and w.splash:
            notes.append(f"splash {w.splash} on all 8 squares around, friend or foe")
        for note in notes:
            lines.extend(paper.wrap(note, 18, box_w - 16))
        if not can_fire:
            return lines, []
        faces = [f"{f}: {OUTCOME_WORD[o]}{' ' + str(d) if d else ''}"
                 for f, (o, d) in enumerate(zip(shot.odds.outcomes, shot.odds.damage, strict=True), start=1)]
        return lines, faces

    def _box_place(self, w: int, h: int, a: tuple[float, float], b: tuple[float, float]) -> pygame.Rect:
        """Where the odds box goes: beside the target (right, left, below, above, each also slid
        along that side), else anywhere over the board; never over the shooter, the target or the
        line of sight if a place allows it, then over none of the player's own units, then over
        as few other units as possible."""
        c = self.cell
        gap = c * 0.7
        area = self.viewport.clip(pygame.Rect(self.rect.x + 4, self.rect.y + 4, self.rect.w - 8, self.rect.h - 60))
        spots: list[tuple[float, float]] = []
        for dy in (-h / 2, -h + c / 2, -c / 2):  # right of the target, then left: centred, ending, starting
            spots.append((b[0] + gap, b[1] + dy))
            spots.append((b[0] - gap - w, b[1] + dy))
        for dx in (-w / 2, -w + c / 2, -c / 2):  # below the target, then above
            spots.append((b[0] + dx, b[1] + gap))
            spots.append((b[0] + dx, b[1] - gap - h))
        # then anywhere on the board, in steps of half a box: some place covers no unit at all
        spots += [(x, y) for y in range(area.y, max(area.y, area.bottom - h) + 1, max(1, h // 2))
                  for x in range(area.x, max(area.x, area.right - w) + 1, max(1, w // 2))]
        ends = [pygame.Rect(0, 0, int(c), int(c)) for _ in (a, b)]
        ends[0].center, ends[1].center = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
        me = self.s.units[self.selected].owner if self.selected in self.s.units else self.s.player
        shrink = -int(c * 0.2)  # a box may touch a square's edge, not the figure on it
        own = [self.sq_rect(u.sq).inflate(shrink, shrink) for u in self.s.units.values() if u.owner == me]
        others = [self.sq_rect(u.sq).inflate(shrink, shrink) for u in self.s.units.values() if u.owner != me]

        def cost(box: pygame.Rect) -> int:  # the shot first, then the player's own units, then the rest
            return (1000 * sum(box.colliderect(e) for e in ends) + 300 * bool(box.clipline(a, b))
                    + 20 * len(box.collidelistall(own)) + len(box.collidelistall(others)))

        boxes = [pygame.Rect(int(x), int(y), w, h).clamp(area) for x, y in spots]
        return min(boxes, key=cost)  # the first of the best, in the order above

    def _draw_roll(self, surface: pygame.Surface, anim: dict[str, object]) -> None:
        s = self.s
        frm, to = anim["from"], anim["to"]
        a, b = self.centre(frm), self.centre(to)  # type: ignore[arg-type]
        t = float(anim["t"])  # type: ignore[arg-type]
        paper.pencil_line(surface, paper.INK, a, b, 2)
        settled = t > 0.55
        face = int(anim["face"]) if settled else 1 + int(t * 23) % 6  # type: ignore[call-overload]
        box = self.die_rect(anim)
        size, (cx, cy) = box.w, box.center
        ang = 0 if settled else t * 900
        die = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(die, (255, 253, 245), die.get_rect(), border_radius=size // 6)
        pygame.draw.rect(die, paper.INK, die.get_rect(), 2, border_radius=size // 6)
        pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[face]
        for px, py in pips:
            pygame.draw.circle(die, paper.INK, (size / 2 + px * size * 0.27, size / 2 + py * size * 0.27),
                               max(2, size // 11))
        rot = pygame.transform.rotate(die, ang)
        surface.blit(rot, rot.get_rect(center=(int(cx), int(cy))))
        if settled:
            out = str(anim["outcome"])
            word, size, where = self.popup(anim)
            self._label(surface, word, where.topleft, size, paper.WARN if out != "miss" else paper.GRAPHITE,
                        "topleft")
            for sq in anim.get("splash_squares", ()) or ():  # type: ignore[attr-defined]
                r = self.sq_rect(sq)
                pygame.draw.rect(surface, paper.WARN, r.inflate(-4, -4), 2)
        del s

    def popup(self, anim: dict[str, object]) -> tuple[str, int, pygame.Rect]:
        """The result written over the target ("-5", "miss!", "CRITICAL -10"): its words, size and
        place, above the target, or below it on the top row, always inside the board's part of the
        window (never cut off by the window's edge or the title above the board)."""
        out = str(anim["outcome"])
        dmg = int(anim["damage"])  # type: ignore[call-overload]
        word = {"miss": "miss!", "hit": f"-{dmg}", "knick": f"knick -{dmg}", "base": f"-{dmg}",
                "critical": f"CRITICAL -{dmg}"}[out]
        size = max(18, int(self.cell * 0.5))
        r = pygame.Rect((0, 0), paper.font(size, True).size(word))
        bx, by = self.centre(anim["to"])  # type: ignore[arg-type]
        die = self.die_rect(anim)
        c, vp = self.cell, self.viewport
        best = None
        for dx, dy in ((0, -0.7), (0, 0.7), (0.5, 0), (-0.5, 0)):  # above, below, right, left of the target
            r.center = (int(bx + dx * (c + r.w)), int(by + dy * c))
            if vp.contains(r) and not r.colliderect(die):
                return word, size, r
            best = best or r.clamp(vp)
        return word, size, best  # type: ignore[return-value]

    def die_rect(self, anim: dict[str, object]) -> pygame.Rect:
        """Where the die lands: on the line of fire a little above its middle, inside the viewport."""
        size = max(34, int(self.cell * 0.9))
        a, b = self.centre(anim["from"]), self.centre(anim["to"])  # type: ignore[arg-type]
        r = pygame.Rect(0, 0, size, size)
        r.center = (int((a[0] + b[0]) / 2), int((a[1] + b[1]) / 2 - self.cell * 0.3))
        return r.clamp(self.viewport.inflate(-size // 2, -size // 2))

    # -- text ---------------------------------------------------------------------------------------
    def margin_lines(self) -> list[str]:
        s = self.s
        out: list[str] = []
        if s.phase == SQUAD:  # W-B2: who is ready, never what they chose
            out.append("Squads are chosen in secret: " + ", ".join(
                f"{s.game.player_name(i)} {'ready' if q is not None else 'choosing'}" for i, q in enumerate(s.squads)))
            if self.ctx.human_to_move():
                draft, n = self._own_draft(), int(s.game.settings["units"])
                out.append(f"Your squad ({len(draft)} of {n}): {squad_words(draft)}")
                out.append("Keys 1-5 add a unit, Backspace takes the last back, Enter when complete.")
        elif s.phase == SETUP:
            out.append("Placing in turn: " + ", ".join(f"{s.game.player_name(i)} {n} to place"
                                                      for i, n in enumerate(s.to_place)))
            if not self.replaying and self.ctx.human_to_move():  # the person's own pick, on their turn
                out.append(f"Placing: {WEAPONS[self.kind].label} (keys 1-5)")
            for i, q in enumerate(s.squads):
                out.append(f"{s.game.player_name(i)}'s squad: {squad_words(q or ())}")
        else:
            limit = int(s.game.settings["round_limit"])
            if not s.is_over():
                if s.phase == MOVE and s.pool > 0:  # the pool only while movement is possible (W-T2)
                    out.append(f"Movement pool: {s.pool} (2 per living unit)")
                out.append("Phase: " + ("movement" if s.phase == MOVE else "attack (movement over)"))
                out.append(f"Round {s.round}" + (f" of {limit}" if limit else ""))
                mine = s.units_of(s.player)
                acted = sum(1 for u in mine if u.acted)
                if acted and s.phase != SETUP:
                    out.append(f"Ticked, faded units have acted this turn ({acted} of {len(mine)})")
            else:
                played = min(s.round, limit) if limit else s.round
                out.append(f"{played} round{'s' if played != 1 else ''} played"
                           + (" (the round limit)" if s.round_limit_reached() else ""))
            for i in range(s.game.num_players):
                mine = s.units_of(i)
                out.append(f"{s.game.player_name(i)}: {len(mine)} units, {sum(u.hp for u in mine)} HP")
        sel = s.units.get(self.selected) if self.selected is not None else None
        if sel is not None:
            w = WEAPONS[sel.kind]
            left = f", moves left {w.move_limit - sel.moved}" if w.move_limit and s.phase == MOVE else ""
            out.append(f"Selected: {sel.label()} {sel.hp} HP{left}{' (done)' if sel.acted else ''}")
            if s.phase == MOVE and sel.owner == s.player:
                out.append("Moves through your own units (not onto them), never through enemies or walls")
            if w.heals:
                out.append("Heals +2 a friend next to it: up, down, left or right (H); movement goes on")
            elif w.close_power:
                out.append(f"Close blast {w.close_power} only up, down, left or right of it")
            elif w.splash:
                out.append(f"Splash {w.splash}: all 8 squares round the target")
        if s.game.settings["criticals"]:
            out.append("Criticals and knicks: on")
        return out

    def hint(self) -> str:
        s = self.s
        if s.is_over():
            return ""
        if s.phase == SQUAD:
            return "Choose your squad in secret: 1-5 add a unit, Backspace takes one back, Enter when complete."
        if s.phase == SETUP:
            return f"Pick a unit type (1-5), then click a free square of your start zone ({WEAPONS[self.kind].label})."
        if self.pending is not None:
            if self.s.phase == MOVE:
                return "Attacking ends movement for this turn: click the target again (or Enter) to fire."
            return "Click the target again (or Enter) to fire."
        if self.healing:
            return ("Heal: click a hurt unit of yours next to the medic (up, down, left or right; a diagonal "
                    "is distance 2). H or right click to stop.")
        if self.selected is None:
            more = " Wheel, arrow keys or a middle drag scroll the map." if self.scrollable() else ""
            return "Click one of your units. E or Enter ends the turn." + more
        if s.phase == MOVE:
            medic = " H: heal." if self._medic() is not None else ""
            return ("Click a green square to move (numbers: pool left), hover an enemy to see the odds, "
                    "click it twice to attack." + medic)
        return "Hover an enemy to see the odds, click it twice to attack; a medic heals with H. E ends the turn."

    @staticmethod
    def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
        c = min(rect.w, rect.h) / 4
        ox, oy = rect.centerx - 2 * c, rect.centery - 1.5 * c
        for i in range(5):
            paper.pencil_line(surface, paper.PAPER_LINE, (ox + i * c, oy), (ox + i * c, oy + 3 * c), 1, i)
        for j in range(4):
            paper.pencil_line(surface, paper.PAPER_LINE, (ox, oy + j * c), (ox + 4 * c, oy + j * c), 1, 9 + j)
        draw_figure(surface, "smg", 0, (ox + 0.5 * c, oy + 1.5 * c), c * 0.8)
        draw_figure(surface, "rpg", 1, (ox + 3.5 * c, oy + 1.5 * c), c * 0.8)
        paper.pencil_line(surface, paper.WARN, (ox + 0.5 * c, oy + 1.5 * c), (ox + 3.5 * c, oy + 1.5 * c), 1)

    # -- lessons -------------------------------------------------------------------------------
    def lesson_target(self, action: object) -> pygame.Rect | None:
        """The next click towards ``action``: a unit-type button, the unit to select, its target square
        (clicked again to confirm an attack), or End turn."""
        s = self.s
        if isinstance(action, EndTurn):
            return self.end_button.rect if self.end_button is not None else None
        if isinstance(action, Place):
            if action.kind != self.kind and action.kind in self.kind_buttons:
                return self.kind_buttons[action.kind].rect
            self.show_squares([(action.x, action.y)])
            return self.sq_rect((action.x, action.y))
        if isinstance(action, (Move, Attack, Heal)):
            me = s.units.get(action.unit)
            if me is None:
                return None
            if self.selected != action.unit:
                self.show_squares([me.sq])
                return self.sq_rect(me.sq)
            if isinstance(action, Heal) and not self.healing:
                return self.heal_button.rect if self.heal_button is not None else None
            if isinstance(action, Move):
                self.show_squares([me.sq, (action.x, action.y)])
                return self.sq_rect((action.x, action.y))
            other = s.units.get(action.target)
            if other is None:
                return None
            self.show_squares([me.sq, other.sq])
            return self.sq_rect(other.sq)
        return None
