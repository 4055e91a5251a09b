"""Paper Tigers board view: the centimetre table to scale, cards, dice and the tools.

Mouse: wheel zooms, right or middle drag pans.  T toggles the measuring tape, L the
line-of-sight string; both work whenever the board takes input.  Orders are clicks
and drags on the table (drag a path from a unit's front to move it); the pencil
buttons under the table carry the phase's choices, with their keys.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import pygame

from ...engine import Action, Event, IllegalAction
from ...rules.tigers import cards as C
from ...rules.tigers.actions import (
    Assign,
    ChooseSide,
    Deploy,
    Discard,
    EditTerrain,
    EndRecovery,
    EndTerrain,
    Fire,
    FollowFire,
    Keep,
    KeepAboard,
    Mount,
    Move,
    MoveOrder,
    Pick,
    PlaceTerrain,
    Recover,
    RemoveTerrain,
    RollOff,
    Skip,
)
from ...rules.tigers.geometry import FOLLOW_CM, KINDS, base_corners, heading_vec, path_length
from ...rules.tigers.odds import p_at_least, save_factor
from ...rules.tigers.state import TigersState, Unit
from .. import paper
from ..view import GameView

TRAY_H = 178
CARD_W, CARD_H = 34, 48
RED = (190, 40, 40)
BLACK = (30, 30, 36)
HILL = (176, 150, 104)
WOODS = (70, 130, 70)
BUILDING = (120, 96, 80)
SMOKE = (150, 150, 150)
WRECK = (40, 40, 40)
Colour = tuple[int, int, int]
#: The short type names written beside each unit on the table.
SHORT = {"infantry": "Inf", "jeep": "Jeep", "truck": "Truck", "halftrack": "HT", "armoured_car": "AC",
         "gun": "Gun", "tank": "Tank"}


def pct(p: float) -> str:
    """A chance for a player: never rounds a chance below 100% up to 100% (nor above 0% down to 0%)."""
    if p >= 1.0:
        return "100%"
    if p <= 0.0:
        return "0%"
    v = round(p * 100)
    if v >= 100:
        return ">99%"
    if v <= 0:
        return "<1%"
    return f"{v}%"


@lru_cache(maxsize=512)
def _text_size(s: str, size: int, bold: bool) -> tuple[int, int]:
    """The size of ``s`` in the hand font (measured once: the labels are laid out every frame)."""
    return paper.font(size, bold).size(s)


def unit_tag(u: Unit) -> str:
    """A unit's type and number as written on the table, e.g. "Tank 3"."""
    return f"{SHORT.get(u.kind, u.kind)} {u.id}"


class PencilButton:
    """A button drawn in pencil on the paper, with a key."""

    def __init__(self, label: str, key: int | None, run: Callable[[], Any]) -> None:
        self.label = label
        self.key = key
        self.run = run
        self.rect = pygame.Rect(0, 0, 0, 0)


# -- drawing helpers ---------------------------------------------------------------------

def draw_suit(surf: pygame.Surface, suit: str, centre: tuple[float, float], size: float) -> None:
    """A suit symbol from shapes (the hand font has no suit glyphs)."""
    x, y = centre
    r = size / 2
    col = RED if suit in "HD" else BLACK
    if suit == "D":
        pygame.draw.polygon(surf, col, [(x, y - r), (x + r * 0.7, y), (x, y + r), (x - r * 0.7, y)])
    elif suit == "H":
        pygame.draw.circle(surf, col, (x - r * 0.45, y - r * 0.25), r * 0.5)
        pygame.draw.circle(surf, col, (x + r * 0.45, y - r * 0.25), r * 0.5)
        pygame.draw.polygon(surf, col, [(x - r * 0.93, y - r * 0.05), (x + r * 0.93, y - r * 0.05), (x, y + r)])
    elif suit == "S":
        pygame.draw.circle(surf, col, (x - r * 0.45, y + r * 0.15), r * 0.48)
        pygame.draw.circle(surf, col, (x + r * 0.45, y + r * 0.15), r * 0.48)
        pygame.draw.polygon(surf, col, [(x - r * 0.9, y + r * 0.05), (x + r * 0.9, y + r * 0.05), (x, y - r)])
        pygame.draw.polygon(surf, col, [(x, y + r * 0.2), (x - r * 0.35, y + r), (x + r * 0.35, y + r)])
    else:
        for dx, dy in ((0, -0.42), (-0.45, 0.15), (0.45, 0.15)):
            pygame.draw.circle(surf, col, (x + r * dx, y + r * dy), r * 0.42)
        pygame.draw.polygon(surf, col, [(x, y + r * 0.1), (x - r * 0.35, y + r), (x + r * 0.35, y + r)])


def draw_card(surf: pygame.Surface, rect: pygame.Rect, card: str | None, mark: Colour | None = None) -> None:
    """A card face (rank and suit, red or black) or, for None, a pencilled back."""
    pygame.draw.rect(surf, (252, 250, 244), rect, border_radius=4)
    if card is None:
        inner = rect.inflate(-6, -6)
        pygame.draw.rect(surf, (120, 140, 175), inner, border_radius=3)
        old = surf.get_clip()
        surf.set_clip(inner.clip(old) if old else inner)
        for k in range(inner.left - inner.height, inner.right, 6):
            pygame.draw.line(surf, (160, 176, 205), (k, inner.bottom - 1), (k + inner.height, inner.top), 1)
        surf.set_clip(old)
    else:
        col = RED if C.is_red(card) else BLACK
        paper.text(surf, C.rank(card), (rect.left + 4, rect.top + 2), 17, col, bold=True)
        draw_suit(surf, C.suit(card), (rect.centerx + 2, rect.bottom - 15), min(rect.w, rect.h) * 0.42)
    pygame.draw.rect(surf, mark or paper.GRAPHITE, rect, 3 if mark else 1, border_radius=4)


def draw_die(surf: pygame.Surface, centre: tuple[float, float], face: int, size: float, good: bool | None) -> None:
    x, y = centre
    r = pygame.Rect(0, 0, size, size)
    r.center = (int(x), int(y))
    pygame.draw.rect(surf, (252, 250, 244), r, border_radius=4)
    col = paper.GOOD if good else (paper.WARN if good is False else paper.INK)
    pygame.draw.rect(surf, col, r, 2, border_radius=4)
    pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
            5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
    for dx, dy in pips.get(face, []):
        pygame.draw.circle(surf, paper.INK, (x + dx * size * 0.26, y + dy * size * 0.26), max(1.5, size * 0.08))


class TigersView(GameView):
    """The table, the units, the cards and the dice of Paper Tigers."""

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.scale = 5.0
        self.off = (0.0, 0.0)
        self.fit_scale = 5.0
        self.fitted = False
        self.panning = False
        self.tool = ""  # "", "tape", "los"
        self.drag: list[tuple[float, float]] | None = None  # cm points of a drag in progress
        self.drag_start_px: tuple[int, int] | None = None
        self.mouse = (0, 0)
        self.hover_off = False  #: a click hides the hover card until the pointer moves on
        self.card_choice = "?"
        self.terrain_kind = "woods"
        self.selected_piece = -1
        self.grabbed = False
        self.keep_facing = False  # move phase: slide or back off keeping the facing (T-A1 rev 2)
        self.selected_unit = -1
        self.followers: list[int] = []
        self.deploy_facing = -1.0
        self.rolls: list[dict[str, Any]] = []
        self.anims: dict[int, tuple[float, list[tuple[float, float]], float]] = {}
        self.flash = 0.0
        self.buttons: list[PencilButton] = []
        self.card_hits: list[tuple[pygame.Rect, str]] = []
        self._static: tuple[Any, pygame.Surface] | None = None
        self._tool_line: list[tuple[float, float]] | None = None
        self._mount_cache: tuple[Any, tuple[dict[str, Any] | None, str]] | None = None
        self._campaign_line: str | None = None  # read on first use: the scene knows its seats by then
        #: T-E3: names this battle in the campaign (one play scene, one battle).
        self._battle = secrets.token_hex(6)
        self._sprites: dict[Any, pygame.Surface] = {}
        self._opening = list(getattr(self.st, "opening", []))  # the replay viewer rebuilds the dice from it
        self._marks: tuple[Any, dict[int, tuple[list[pygame.Rect], pygame.Rect, bool]]] | None = None
        #: This frame's odds line (text, colour) while an enemy is under the pointer in the act phase.
        self.odds: tuple[str, Colour] | None = None
        #: Where this frame's notes went on the screen: "card" (hover card), "odds", "tool" (tape or sight).
        self.shown: dict[str, pygame.Rect] = {}
        self._show_opening()

    def _show_opening(self) -> None:
        """Turn 1 dealt while the scenario was set up: show its dice (the session logs its sentences)."""
        sess = getattr(self.ctx, "session", None)
        opening = getattr(self.st, "opening", [])
        if sess is None or sess.history or not opening:
            return
        self.on_events(opening)

    # -- geometry -------------------------------------------------------------------------
    @property
    def st(self) -> TigersState:
        return self.ctx.state  # type: ignore[return-value]

    def table_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left, self.rect.top, self.rect.w, max(60, self.rect.h - TRAY_H))

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self.fit()

    def fit(self) -> None:
        area = self.table_rect()
        tw, th = self.st.table
        self.fit_scale = max(0.5, min((area.w - 20) / tw, (area.h - 20) / th))
        self.scale = self.fit_scale
        self.off = (area.centerx - tw * self.scale / 2, area.centery - th * self.scale / 2)
        self.fitted = True

    def px(self, x: float, y: float) -> tuple[float, float]:
        return (self.off[0] + x * self.scale, self.off[1] + y * self.scale)

    def cm(self, pos: tuple[float, float]) -> tuple[float, float]:
        return ((pos[0] - self.off[0]) / self.scale, (pos[1] - self.off[1]) / self.scale)

    def reset(self) -> None:
        self.drag = None
        self.selected_unit = -1
        self.selected_piece = -1
        self.followers = []
        self.anims.clear()
        self._static = None
        if self.replaying:  # after a jump: the dice of the last rolls up to the action on the board
            sess = getattr(self.ctx, "session", None)
            events = self._opening + [e for step in (sess.history if sess else ()) for e in step.events]
            rolls = [e for e in events if e.kind == "roll" and e.data.get("dice")][-4:]
            self.rolls = [self._roll_entry(e) for e in rolls]
            self.flash = 0.0

    # -- input --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.fitted:
            self.fit()
        if event.type == pygame.MOUSEWHEEL:
            self.zoom(1.15 if event.y > 0 else 1 / 1.15, self.mouse)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover_off = False
            if self.panning:
                self.off = (self.off[0] + event.rel[0], self.off[1] + event.rel[1])
                return True
            if self.drag is not None:
                self._extend_drag(self.cm(event.pos))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            self.hover_off = True
            if event.button in (2, 3):
                self.panning = True
                return True
            if event.button == 1:
                return self.press(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button in (2, 3):
                self.panning = False
                return True
            if event.button == 1:
                return self.release(event.pos)
            return False
        if event.type == pygame.KEYDOWN:
            return self.key(event.key)
        return False

    def zoom(self, f: float, at: tuple[int, int]) -> None:
        new = min(self.fit_scale * 8, max(self.fit_scale * 0.5, self.scale * f))
        cx, cy = self.cm(at)
        self.scale = new
        self.off = (at[0] - cx * new, at[1] - cy * new)

    def key(self, k: int) -> bool:
        if k in (pygame.K_t, pygame.K_l):  # each tool is taken up afresh: no reading left from before
            tool = "tape" if k == pygame.K_t else "los"
            self.tool = "" if self.tool == tool else tool
            self._tool_line = None
            return True
        if k == pygame.K_0:
            self.fit()
            return True
        if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_MINUS) and self.st.phase != "terrain":
            self.zoom(1.2 if k != pygame.K_MINUS else 1 / 1.2, self.table_rect().center)
            return True
        for b in self.phase_buttons():
            if b.key == k:
                b.run()
                return True
        if self.st.phase == "terrain" and self.selected_piece >= 0:
            return self._edit_key(k)
        if self.st.phase == "deploy" and k in (pygame.K_q, pygame.K_e):
            self.deploy_facing = (self._deploy_default() if self.deploy_facing < 0 else self.deploy_facing)
            self.deploy_facing = (self.deploy_facing + (15 if k == pygame.K_e else -15)) % 360
            return True
        return False

    def _edit_key(self, k: int) -> bool:
        s = self.st
        if not 0 <= self.selected_piece < len(s.pieces) or s.pieces[self.selected_piece]["params"] is None:
            return False
        x, y, w, h, a = s.pieces[self.selected_piece]["params"]
        if k in (pygame.K_DELETE, pygame.K_BACKSPACE):
            ok = self.ctx.submit(RemoveTerrain(self.selected_piece))
            self.selected_piece = -1
            return ok
        change = {pygame.K_q: (0, 0, -15), pygame.K_e: (0, 0, 15), pygame.K_PLUS: (1.1, 1.1, 0),
                  pygame.K_EQUALS: (1.1, 1.1, 0), pygame.K_MINUS: (1 / 1.1, 1 / 1.1, 0)}.get(k)
        if change is None:
            return False
        fw, fh, da = change
        return self._submit(EditTerrain(self.selected_piece, x, y, round(w * (fw or 1), 1), round(h * (fh or 1), 1),
                                        (a + da) % 360))

    def _submit(self, a: Action) -> bool:
        ok = self.ctx.submit(a)
        if ok:
            self._static = None
        return ok

    def button_at(self, pos: tuple[int, int]) -> PencilButton | None:
        return next((b for b in self.buttons if b.rect.collidepoint(pos)), None)

    def press(self, pos: tuple[int, int]) -> bool:
        b = self.button_at(pos)
        if b is not None:
            b.run()
            return True
        for rect, code in self.card_hits:
            if rect.collidepoint(pos):
                return self.card_clicked(code)
        if not self.table_rect().collidepoint(pos):
            return False
        p = self.cm(pos)
        self.drag_start_px = pos
        if self.tool:
            self.drag = [p]
            return True
        s = self.st
        if s.phase == "move":
            uid, _ = s.movers[0]
            u = s.units[uid]
            start = s.position(u) if u.carrier >= 0 else u.front()
            on = self.unit_at(p)
            if math.dist(p, start) * self.scale < 30 or on == uid or (u.carrier >= 0 and on == u.carrier):
                self.drag = [start]
                return True
        if s.phase == "terrain":
            i = self.piece_at(p)
            # only a piece already selected moves with a drag: a drag that starts inside another
            # piece selects it and says so, it never silently moves it
            self.grabbed = i >= 0 and i == self.selected_piece
            self.selected_piece = i
            self.drag = [p]
            return True
        return False

    def _extend_drag(self, p: tuple[float, float]) -> None:
        assert self.drag is not None
        s = self.st
        if self.tool or s.phase != "move":
            if len(self.drag) == 1:
                self.drag.append(p)
            else:
                self.drag[-1] = p
            return
        uid, allow = s.movers[0]
        if s.units[uid].carrier >= 0:  # T-R1 (rev 3): getting out points to one spot round the vehicle
            self.drag[1:] = [p]
            return
        if math.dist(self.drag[-1], p) < 0.6:
            return
        if self.mount_target(p) >= 0:  # T-R1 (rev 4): onto one's own vehicle, the way ends where the bases touch
            self.drag.append(p)
            return
        used = path_length(self.drag)
        left = allow - used
        if left <= 0.01:
            return
        d = math.dist(self.drag[-1], p)
        if d > left:
            f = left * 0.999 / d
            p = (self.drag[-1][0] + (p[0] - self.drag[-1][0]) * f, self.drag[-1][1] + (p[1] - self.drag[-1][1]) * f)
        self.drag.append(p)

    def release(self, pos: tuple[int, int]) -> bool:
        s = self.st
        drag, self.drag = self.drag, None
        p = self.cm(pos)
        moved = self.drag_start_px is not None and math.dist(self.drag_start_px, pos) > 5
        if self.tool:
            self._tool_line = drag
            return True
        if drag is not None and s.phase == "move" and moved:
            uid, _ = s.movers[0]
            path = self.drag_path(drag)
            ride = self.mount_target(p)
            if ride >= 0 and path:  # T-R1 (rev 4): a way drawn onto one's own vehicle gets in along it
                return self._submit(Mount(uid, ride, path, self.move_facing()))
            return self._submit(Move(uid, path, self.move_facing())) if path else False
        if drag is not None and s.phase == "terrain":
            return self.terrain_release(drag[0], p, moved)
        if moved or not self.table_rect().collidepoint(pos):
            return False
        return self.click(p)

    def terrain_release(self, a: tuple[float, float], b: tuple[float, float], moved: bool) -> bool:
        s = self.st
        if self.selected_piece >= 0:
            params = s.pieces[self.selected_piece]["params"]
            if moved and not self.grabbed:
                self.ctx.refuse(f"That drag started inside the {s.pieces[self.selected_piece]['kind']}: it is selected "
                                "now (drag it again to move it); start a new piece on open ground.", "T-U2")
                return False
            if moved and params is not None:
                x, y, w, h, ang = params
                return self._submit(EditTerrain(self.selected_piece, round(x + b[0] - a[0], 1),
                                                round(y + b[1] - a[1], 1), w, h, ang))
            return True
        if not moved:
            return False
        w, h = abs(b[0] - a[0]), abs(b[1] - a[1])
        if self.terrain_kind != "building":
            w, h = max(w, 4), max(h, 4)
        return self._submit(PlaceTerrain(self.terrain_kind, round((a[0] + b[0]) / 2, 1), round((a[1] + b[1]) / 2, 1),
                                         round(max(2.0, w), 1), round(max(2.0, h), 1), 0.0))

    def unit_at(self, p: tuple[float, float]) -> int:
        from shapely.geometry import Point

        pt = Point(p)
        best = (3.0 / max(self.scale, 0.1) + 0.3, -1)
        for u in self.st.units:
            if not u.alive or u.carrier >= 0 or not u.placed or abs(u.x - p[0]) > 8 or abs(u.y - p[1]) > 8:
                continue
            d = u.polygon().distance(pt)
            if d <= best[0]:
                best = (d, u.id)
        return best[1]

    def piece_at(self, p: tuple[float, float]) -> int:
        found = self.st.terrain.pieces_at(*p)
        return found[-1] if found else -1

    def _deploy_default(self) -> float:
        lo, _ = self.st.zone(self.st.actor)
        return 90.0 if lo == 0 else 270.0

    def click(self, p: tuple[float, float]) -> bool:
        """A plain click on the table, read by phase."""
        s = self.st
        ph = s.phase
        me = s.current_player()
        uid = self.unit_at(p)
        u = s.units[uid] if uid >= 0 else None
        if ph == "side":
            return self._submit(ChooseSide("north" if p[1] < s.table[1] / 2 else "south"))
        if ph == "deploy":
            nxt = next((v for v in s.units if v.side == s.actor and not v.placed), None)
            if nxt is None:
                return False
            face = self.deploy_facing if self.deploy_facing >= 0 else self._deploy_default()
            return self._submit(Deploy(nxt.id, round(p[0], 1), round(p[1], 1), face))
        if u is None:
            return self.click_move(p) if ph == "move" else False
        # An enemy clicked while cards go out is refused by the rules with their sentence (T-T3,
        # T-T8, T-T4), never silently ignored.
        if ph == "assign":
            return self._submit(Assign(uid, self._card_for(me)))
        if ph == "recover":
            return self._submit(Recover(uid, self._card_for(me)))
        if ph == "pick":
            n = len(s.assigned.get(uid, ()))
            if n == 2:
                self.selected_unit = uid
                return True
            return self._submit(Pick(uid, 0))
        if ph == "volley" and u.side != me:  # T-F1 (rev 4): this follower's own target
            return self._submit(FollowFire(s.volley[0], uid))
        if ph == "act":
            card, head = s.queue[0]
            if u.side != me:
                # every follower named goes along: each chooses its own target after this shot
                ok = self._submit(Fire(head, uid, tuple(self.followers)))
                if ok:
                    self.followers = []
                return ok
            if uid != head and uid not in self.followers:
                why = self.follower_refusal(uid)
                if why:
                    self.ctx.refuse(why, "T-F1")
                    return False
                self.followers = self.followers + [uid]
                return True
            if uid in self.followers:
                self.followers.remove(uid)
                return True
        if ph == "move" and u.side == me:
            mid, _ = s.movers[0]
            if uid != mid and s.units[mid].kind == "infantry":
                return self._submit(Mount(mid, uid))
        return False

    def mount_target(self, p: tuple[float, float]) -> int:
        """The own vehicle under ``p`` that the squad on the move could get into (T-R1), or -1."""
        s = self.st
        if s.phase != "move":
            return -1
        mid, _ = s.movers[0]
        m = s.units[mid]
        uid = self.unit_at(p)
        if uid < 0 or uid == mid or m.kind != "infantry" or m.carrier >= 0:
            return -1
        c = s.units[uid]
        return uid if c.side == m.side and c.spec.carrier and c.alive else -1

    def mount_way(self, carrier: int, path: tuple[tuple[float, float], ...] = ()) -> tuple[dict[str, Any] | None, str]:
        """What getting into ``carrier`` would do now (by ``path``, or the way the game finds):
        (the mount's way and end, "") or (None, the refusal).  Remembered for the pointer's
        unit while nothing changes (the way round is a search)."""
        s = self.st
        mid, allow = s.movers[0]
        u = s.units[mid]
        key = (id(s), mid, allow, u.x, u.y, u.heading, carrier, path, self.move_facing(), s.units[carrier].passenger)
        if self._mount_cache is not None and self._mount_cache[0] == key:
            return self._mount_cache[1]
        try:
            got: tuple[dict[str, Any] | None, str] = (
                s.mount_check(Mount(mid, carrier, path, self.move_facing() if path else None)), "")
        except IllegalAction as exc:
            got = (None, exc.message)
        self._mount_cache = (key, got)
        return got

    def mount_preview(self, surf: pygame.Surface, p: tuple[float, float]) -> tuple[str, Colour] | None:
        """Move phase, the pointer on one's own vehicle: draw the way the squad would take to get in
        (straight, or round what is in the way, T-R1 rev 4) and return the line saying it (or why
        not); None when the pointer is on no vehicle the squad could get into."""
        ride = self.mount_target(p)
        if ride < 0:
            return None
        s = self.st
        end, why = self.mount_way(ride)
        c = s.units[ride]
        if end is None:
            return f"Cannot get into {unit_tag(c)}: {why}", paper.WARN
        pts = [self.px(*q) for q in end["path"]]
        paper.pencil_lines(surf, paper.GOOD, pts, False, 2)
        last = end["poses"][-1]  # the squad's base where it reaches the vehicle
        pygame.draw.polygon(surf, paper.GOOD, [self.px(x, y) for x, y in list(last.exterior.coords)[:-1]], 1)
        round_ = " round what is in the way" if len(end["path"]) > 2 else ""
        return (f"Click: {unit_tag(s.units[s.movers[0][0]])} gets into {unit_tag(c)}, {end['travelled']:.1f} cm"
                f"{round_} (or drag your own way onto it)", paper.INK)

    def click_move(self, p: tuple[float, float]) -> bool:
        """Move phase: a click on open table moves the unit's front straight to that point, to the
        nearest whole cm (a drag draws any other path)."""
        s = self.st
        uid, _ = s.movers[0]
        u = s.units[uid]
        to = (float(round(p[0])), float(round(p[1])))
        if math.dist(to, s.position(u) if u.carrier >= 0 else u.front()) < 1.0:
            return False  # a click on the unit's own front is no move
        return self._submit(Move(uid, (to,), self.move_facing()))

    def drag_path(self, drag: Sequence[tuple[float, float]]) -> tuple[tuple[float, float], ...]:
        """The path a dragged move submits (thinned, to 0.01 cm); a passenger's is the one spot it
        points to round its vehicle (T-R1 rev 3).  The preview shows exactly this move."""
        path = tuple((round(x, 2), round(y, 2)) for x, y in simplify(drag[1:]))
        u = self.st.units[self.st.movers[0][0]]
        return path[-1:] if u.carrier >= 0 else path

    def move_facing(self) -> float | None:
        """The facing a dragged move ends with: the unit's own when "keep facing" is on (to slide
        or back off), else None (the unit turns along the path)."""
        s = self.st
        if not self.keep_facing or s.phase != "move":
            return None
        u = s.units[s.movers[0][0]]
        return s.move_start(u)[1]

    def follower_refusal(self, uid: int) -> str:
        """T-F1 at the click: why this unit may not join the chain now ("" when it may)."""
        s = self.st
        _, head = s.queue[0]
        f = s.units[uid]
        if len(self.followers) >= 2:
            return "At most two more units may follow; click a follower again to let it go."
        if s.units[head].carrier >= 0:
            return "A passenger leads nobody: it must dismount first."
        why = s.follow_refusal(f)
        if why:
            return why
        prev = s.units[self.followers[-1]] if self.followers else s.units[head]
        gap = s.gap(prev, f)
        if gap > FOLLOW_CM + 1e-9:
            return f"{f.name} #{f.id} is {gap:.1f} cm from {prev.name} #{prev.id}; a follower must be within 7.5 cm."
        return ""

    def _card_for(self, me: int) -> str:
        s = self.st
        if self.card_choice != "?" and any(up and c == self.card_choice for c, up in s.hands[me]):
            return self.card_choice
        if any(not up for _, up in s.hands[me]):
            return "?"
        faces = [c for c, up in s.hands[me] if up]
        return faces[0] if faces else "?"

    def card_clicked(self, code: str) -> bool:
        s = self.st
        self.card_choice = code
        if s.phase == "discard":
            return self._submit(Discard(code))
        return True

    # -- the buttons of each phase ------------------------------------------------------------
    def phase_buttons(self) -> list[PencilButton]:
        s = self.st
        if self.replaying:  # a recorded point: nothing to press (the tools take no input in a replay)
            return []
        out = [PencilButton("Tape (T)" if self.tool != "tape" else "Tape on (T)", None, lambda: self.key(pygame.K_t)),
               PencilButton("Sight (L)" if self.tool != "los" else "Sight on (L)", None, lambda: self.key(pygame.K_l)),
               PencilButton("Fit (0)", None, self.fit)]
        if not self.ctx.human_to_move() or s.is_over():
            return out
        sub = self._submit
        ph = s.phase
        if ph == "rolloff":
            out.append(PencilButton("Roll off (R)", pygame.K_r, lambda: sub(RollOff())))
        elif ph == "terrain":
            for kind, key in (("hill", pygame.K_h), ("woods", pygame.K_w), ("building", pygame.K_b)):
                mark = "*" if self.terrain_kind == kind else ""
                out.append(PencilButton(f"{mark}{kind.title()} ({chr(key).upper()})", key,
                                        lambda k=kind: setattr(self, "terrain_kind", k)))
            out.append(PencilButton("Terrain done (Enter)", pygame.K_RETURN, lambda: sub(EndTerrain())))
        elif ph == "side":
            out.append(PencilButton("North edge (N)", pygame.K_n, lambda: sub(ChooseSide("north"))))
            out.append(PencilButton("South edge (S)", pygame.K_s, lambda: sub(ChooseSide("south"))))
        elif ph == "assign":
            out.append(PencilButton("Keep the rest (K)", pygame.K_k, lambda: sub(Keep())))
        elif ph == "pick" and self.selected_unit >= 0:
            uid = self.selected_unit
            out.append(PencilButton("Turn first (1)", pygame.K_1, lambda: sub(Pick(uid, 0))))
            out.append(PencilButton("Turn second (2)", pygame.K_2, lambda: sub(Pick(uid, 1))))
            out.append(PencilButton("Turn both (3)", pygame.K_3, lambda: sub(Pick(uid, 2))))
        elif ph == "act":
            _, head = s.queue[0]
            fol = tuple(self.followers)
            out.append(PencilButton("Move (M)", pygame.K_m, lambda: sub(MoveOrder(head, fol))))
            out.append(PencilButton("Hold (H)", pygame.K_h, lambda: sub(Skip(head))))
            if self.followers:
                out.append(PencilButton("Clear followers (C)", pygame.K_c, lambda: self.followers.clear()))
        elif ph == "move":
            uid, _ = s.movers[0]
            out.append(PencilButton("Stay (S)", pygame.K_s, lambda: sub(Move(uid, ()))))
            out.append(PencilButton("Keep facing: on (F)" if self.keep_facing else "Keep facing: off (F)", pygame.K_f,
                                    lambda: setattr(self, "keep_facing", not self.keep_facing)))
        elif ph == "volley":
            fid = s.volley[0]
            dflt = self.volley_default()
            if dflt >= 0:
                out.append(PencilButton(f"Fire at {unit_tag(s.units[dflt])} (Enter)", pygame.K_RETURN,
                                        lambda: sub(FollowFire(fid, dflt))))
            out.append(PencilButton("Hold fire (H)", pygame.K_h, lambda: sub(FollowFire(fid, -1))))
        elif ph == "aboard":
            pid = s.aboard[0][0]
            out.append(PencilButton("Keep aboard (K)", pygame.K_k, lambda: sub(KeepAboard(pid, True))))
            out.append(PencilButton("Dismount (D)", pygame.K_d, lambda: sub(KeepAboard(pid, False))))
        elif ph == "recover":
            out.append(PencilButton("No more recovery (Enter)", pygame.K_RETURN, lambda: sub(EndRecovery())))
        return out

    # -- animation -------------------------------------------------------------------------
    def on_events(self, events: Sequence[Event]) -> None:
        for e in events:
            if e.kind == "roll" and e.data.get("dice"):
                self.rolls.append(self._roll_entry(e))
                self.rolls = self.rolls[-4:]
                self.flash = 0.45
            elif e.kind == "move" and "path" in e.data:
                pts = [tuple(p) for p in e.data["path"]]
                self.anims[e.data["unit"]] = (0.0, pts, 0.5)
        if any(e.kind in ("terrain", "destroyed", "setup", "deploy") for e in events):
            self._static = None
        if any(e.kind == "over" for e in events) and self._in_campaign():
            self._count_battle()
        if self.st.phase != "pick":
            self.selected_unit = -1
        if self.st.phase != "act":
            self.followers = []

    def _roll_entry(self, e: Event) -> dict[str, Any]:
        return {"text": e.text, "dice": e.data["dice"], "need": e.data.get("need", 0), "ok": e.data.get("ok"),
                "what": self.roll_label(e.data), "t": 0.0}

    def roll_label(self, d: Any) -> str:
        """Whose roll, on which card, for what: "Blue Tank 3 fires at Inf 7 on 6 of hearts"."""
        s = self.st
        names = s.game.player_name

        def who(uid: Any) -> str:
            if not isinstance(uid, int) or not 0 <= uid < len(s.units):
                return ""
            return f"{names(s.units[uid].side)} {unit_tag(s.units[uid])}"
        card = d.get("card")
        on = f" on {C.label(card)}" if isinstance(card, str) and C.is_card(card) else ""  # the hand font has no suit glyphs
        act = d.get("action", "")
        if act == "fire":
            t = s.units[d["target"]] if isinstance(d.get("target"), int) else None
            return f"{who(d.get('shooter'))} fires{' at ' + unit_tag(t) if t else ''}{on}"
        if act == "move":
            return f"{who(d.get('unit'))} moves{on}"
        if act == "recover":
            return f"{who(d.get('unit'))} recovery{on}"
        what = d.get("what", "")
        if what == "line of sight":
            return f"sight {who(d.get('shooter'))} to {unit_tag(s.units[d['target']]) if isinstance(d.get('target'), int) else '?'}"
        if what in ("armour save", "cover save"):
            return f"{who(d.get('unit'))} {what}"
        if what == "deal":
            return f"{names(d.get('player', 0))} cards: {d.get('cards', '')}"
        if what == "dismount":
            return f"{who(d.get('unit'))} dismounts, cm"
        return str(what)

    @property
    def campaign_line(self) -> str:
        """The running campaign's standing (T-E3); a lesson or a replay is no campaign battle:
        no standings beside it, nothing counted."""
        if self._campaign_line is None:
            self._campaign_line = self._campaign_standing() if self._in_campaign() else ""
        return self._campaign_line

    @campaign_line.setter
    def campaign_line(self, line: str) -> None:
        self._campaign_line = line

    def _in_campaign(self) -> bool:
        """T-E3 counts the battles people play (against each other or the computer), not a
        lesson's scripted opponent or a replay."""
        return all(self.ctx.seat_kind(i) not in ("replay", "lesson script") for i in (0, 1))

    @staticmethod
    def _campaign_standing() -> str:
        from ...jsonio import FileProblem
        from ...rules.tigers.campaign import Campaign, campaign_path

        try:
            path = campaign_path()
            return Campaign.load(path).summary() if path.exists() else ""
        except (FileProblem, OSError):
            return ""

    def _count_battle(self) -> None:
        """T-E3: every finished battle counts in the running campaign (saved in the data folder)."""
        from ...jsonio import FileProblem
        from ...rules.tigers.campaign import record_battle

        sess = getattr(self.ctx, "session", None)
        rec = getattr(sess, "record", None)  # online, the record comes just after the last move
        # T-E3 (rev 4): the battle's own key, the same however often its end is seen (an undo and
        # another last move, the record growing), so it counts once, with the result it ended with
        where = f"{rec.seed}" if rec is not None else f"online-{getattr(sess, 'room', '')}"
        key = f"{where}-{self._battle}"
        seats = (self.ctx.seat_kind(0), self.ctx.seat_kind(1))
        try:
            camp = record_battle(str(self.st.game.settings["level"]), self.st, key, seats=seats)
            self.campaign_line = camp.summary()
        except (FileProblem, OSError) as exc:
            self.campaign_line = f"Campaign not saved: {exc}"

    def update(self, dt: float) -> None:
        self.flash = max(0.0, self.flash - dt)
        for uid in list(self.anims):
            t, pts, dur = self.anims[uid]
            t += dt
            if t >= dur:
                del self.anims[uid]
            else:
                self.anims[uid] = (t, pts, dur)

    def busy(self) -> bool:
        return bool(self.anims)

    # -- drawing ---------------------------------------------------------------------------------
    def _draw_static(self, surf: pygame.Surface) -> None:
        s = self.st
        area = self.table_rect()
        ox, oy = self.off[0] - area.left, self.off[1] - area.top
        sc = self.scale
        tw, th = s.table

        def P(x: float, y: float) -> tuple[float, float]:
            return (ox + x * sc, oy + y * sc)

        top = pygame.Rect(int(ox), int(oy), int(tw * sc), int(th * sc))
        pygame.draw.rect(surf, (236, 232, 214), top)
        step = 10
        for gx in range(0, int(tw) + 1, step):
            pygame.draw.line(surf, paper.PAPER_LINE, P(gx, 0), P(gx, th), 1)
        for gy in range(0, int(th) + 1, step):
            pygame.draw.line(surf, paper.PAPER_LINE, P(0, gy), P(tw, gy), 1)
        if s.edge and s.phase in ("deploy", "side") or (s.phase == "side"):
            for side in (0, 1):
                if s.edge:
                    lo, hi = s.zone(side)
                    band = pygame.Surface((int(tw * sc), max(1, int((hi - lo) * sc))), pygame.SRCALPHA)
                    band.fill((*paper.player_colour(side), 28))
                    surf.blit(band, P(0, lo))
        for i, p in enumerate(s.pieces):
            pts = [P(x, y) for x, y in p["points"]]
            kind = p["kind"]
            if kind == "hill":
                cx = sum(q[0] for q in pts) / len(pts)
                cy = sum(q[1] for q in pts) / len(pts)
                pygame.draw.polygon(surf, (224, 208, 172), pts)
                for f in (1.0, 0.66, 0.33):
                    ring = [(cx + (q[0] - cx) * f, cy + (q[1] - cy) * f) for q in pts]
                    paper.pencil_lines(surf, HILL, ring, True, 2, seed=i)
            elif kind == "woods":
                pygame.draw.polygon(surf, (206, 226, 196), pts)
                paper.pencil_lines(surf, WOODS, pts, True, 2, seed=i)
                self._trees(surf, p["points"], P, i)
            else:
                pygame.draw.polygon(surf, (214, 196, 180), pts)
                paper.pencil_lines(surf, BUILDING, pts, True, 3, seed=i)
                if len(pts) == 4:
                    a = ((pts[0][0] + pts[3][0]) / 2, (pts[0][1] + pts[3][1]) / 2)
                    b = ((pts[1][0] + pts[2][0]) / 2, (pts[1][1] + pts[2][1]) / 2)
                    paper.pencil_line(surf, BUILDING, a, b, 1, seed=i)
        paper.pencil_lines(surf, paper.INK, [P(0, 0), P(tw, 0), P(tw, th), P(0, th)], True, 3, seed=3)
        for x in range(0, int(tw) + 1, 30):
            paper.text(surf, f"{x}", (P(x, 0)[0], P(x, 0)[1] - 2), 13, paper.FAINT, "midbottom")

    def _trees(self, surf: pygame.Surface, pts: Sequence[tuple[float, float]], P: Callable[..., tuple[float, float]],
               seed: int) -> None:
        from shapely.geometry import Point, Polygon

        poly = Polygon(pts)
        minx, miny, maxx, maxy = poly.bounds
        r = max(2.0, 1.3 * self.scale)
        y = miny + 2
        k = 0
        while y < maxy:
            x = minx + 2 + (k % 2) * 1.5
            while x < maxx:
                if poly.contains(Point(x, y)):
                    c = P(x + paper._jitter(seed, k) * 0.6, y)
                    pygame.draw.circle(surf, (150, 190, 140), c, r)
                    pygame.draw.circle(surf, WOODS, c, r, 1)
                x += 3.2
                k += 1
            y += 3.0

    def draw(self, surface: pygame.Surface) -> None:
        if not self.fitted:
            self.fit()
        s = self.st
        area = self.table_rect()
        key = (round(self.scale, 4), round(self.off[0], 1), round(self.off[1], 1), len(s.pieces),
               tuple(tuple(p["points"][0]) for p in s.pieces), s.phase in ("deploy", "side"), s.edge)
        if self._static is None or self._static[0] != (key, area.size):
            layer = pygame.Surface(area.size)
            layer.fill(paper.PAPER)
            self._draw_static(layer)
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
            self._static = ((key, area.size), layer)
        surface.blit(self._static[1], area.topleft)
        old_clip = surface.get_clip()
        surface.set_clip(area.clip(old_clip) if old_clip else area)
        for u in s.units:
            if u.wreck:
                self.draw_unit(surface, u, marks=False)
        live = [u for u in s.units if u.alive and u.carrier < 0 and u.placed]
        for u in live:
            self.draw_unit(surface, u, marks=False)
        for u in live:  # after every sketch: no unit is ever drawn over a card or a label
            self.draw_marks(surface, u)
        self.draw_overlays(surface)
        surface.set_clip(old_clip)
        self.draw_tray(surface)

    def unit_pose(self, u: Unit) -> tuple[float, float, float]:
        if u.id in self.anims:
            t, pts, dur = self.anims[u.id]
            total = path_length(pts)
            if total > 0:
                d = total * t / dur
                for a, b in zip(pts, pts[1:], strict=False):
                    seg = math.dist(a, b)
                    if d <= seg and seg > 0:
                        f = d / seg
                        fx, fy = a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
                        h = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
                        dx, dy = heading_vec(h)
                        hl = u.spec.length / 2
                        return fx - dx * hl, fy - dy * hl, h
                    d -= seg
        return u.x, u.y, u.heading

    def draw_unit(self, surf: pygame.Surface, u: Unit, marks: bool = True) -> None:
        """The unit's sketch, its frame when it acts or follows, and (``marks``) its cards and label."""
        s = self.st
        x, y, h = self.unit_pose(u)
        base = self._base(u)
        key = (u.id, u.kind, u.side, round(h, 1), round(self.scale, 3), u.damaged, u.wreck, u.passenger >= 0)
        sprite = self._sprites.get(key)
        if sprite is None:
            if len(self._sprites) > 400:
                self._sprites.clear()
            sprite = self._unit_sprite(u, h)
            self._sprites[key] = sprite
        cx, cy = self.px(x, y)
        surf.blit(sprite, (cx - sprite.get_width() / 2, cy - sprite.get_height() / 2))
        if u.passenger >= 0 and not u.wreck:  # a marker on the carrier: a ring with a P
            mx, my = (sum(q[0] for q in base) / 4, sum(q[1] for q in base) / 4)
            pygame.draw.circle(surf, paper.PAPER, (mx, my), 7)
            pygame.draw.circle(surf, paper.player_colour(u.side), (mx, my), 7, 2)
            paper.text(surf, "P", (mx, my), 11, paper.player_colour(u.side), "center", bold=True)
        if (s.phase == "act" and s.queue and s.queue[0][1] == u.id) or (s.phase == "volley" and s.volley[0] == u.id):
            pygame.draw.polygon(surf, (230, 160, 0), base, 3)  # the unit to act: the follower to fire, in a volley
        if u.id in self.followers or u.id == self.selected_unit or (s.phase == "volley" and u.id in s.volley[1:]):
            pygame.draw.polygon(surf, paper.GOOD, base, 3)
        if marks and not u.wreck:
            self.draw_marks(surf, u)

    def _base(self, u: Unit) -> list[tuple[float, float]]:
        """The four screen corners of the unit's base where it is drawn now (front edge first)."""
        x, y, h = self.unit_pose(u)
        k = KINDS[u.kind]
        return [self.px(*q) for q in base_corners(x, y, h, k.length, k.width)]

    def _body(self, u: Unit) -> pygame.Rect:
        """The screen box of the unit's sketch: its base and its gun barrel."""
        pts = self._base(u)
        if u.kind in ("tank", "armoured_car", "gun"):
            x, y, h = self.unit_pose(u)
            dx, dy = heading_vec(h)
            reach = u.spec.length / 2 + {"tank": 2.0, "armoured_car": 0.8, "gun": 1.0}[u.kind]
            pts.append(self.px(x + dx * reach, y + dy * reach))
        xs, ys = [q[0] for q in pts], [q[1] for q in pts]
        return pygame.Rect(int(min(xs)) - 2, int(min(ys)) - 2, int(max(xs) - min(xs)) + 5, int(max(ys) - min(ys)) + 5)

    def label_text(self, u: Unit) -> str:
        """Type and number as written beside the unit (and the passenger it carries)."""
        tag = unit_tag(u)
        if u.passenger >= 0:
            tag += f" + {unit_tag(self.st.units[u.passenger])}"
        return tag

    def unit_marks(self) -> dict[int, tuple[list[pygame.Rect], pygame.Rect, bool]]:
        """Where each unit's cards lie and its label is written: (card rects, label rect, beside),
        ``beside`` False when crowding put them a little away (a pencil line then points to the
        unit).  The cards and the label of a unit form one strip, set right, left, below or above
        its sketch, then further off, at the first spot inside the table that touches no unit's
        sketch and no other strip: no card ever hides a unit, no two labels ever collide."""
        s = self.st
        area = self.table_rect()
        live = [u for u in s.units if u.alive and u.carrier < 0 and u.placed]
        key = (round(self.scale, 4), round(self.off[0], 1), round(self.off[1], 1), area.size, area.topleft,
               tuple((u.id, self.unit_pose(u), u.passenger, tuple(s.assigned.get(u.id, ()))) for u in live),
               tuple((u.id, u.x, u.y, u.heading) for u in s.units if u.wreck))
        if self._marks is not None and self._marks[0] == key:
            return self._marks[1]
        bodies = {u.id: self._body(u) for u in s.units if u.wreck or u in live}
        taken = list(bodies.values())
        out: dict[int, tuple[list[pygame.Rect], pygame.Rect, bool]] = {}
        for u in live:
            body = bodies[u.id]
            n = len(s.assigned.get(u.id, ()))
            tw, th = _text_size(self.label_text(u), 13, True)
            cw = 18 * n
            w, h = cw + tw + 4, max(th, 22 if n else 0)
            spot, beside = self._spot(body, w, h, taken, area)
            taken.append(spot)
            cards = [pygame.Rect(spot.left + 18 * i, spot.centery - 11, 16, 22) for i in range(n)]
            out[u.id] = (cards, pygame.Rect(spot.left + cw, spot.centery - th // 2, tw + 4, th), beside)
        self._marks = (key, out)
        return out

    @staticmethod
    def _spot(body: pygame.Rect, w: int, h: int, taken: Sequence[pygame.Rect],
              area: pygame.Rect) -> tuple[pygame.Rect, bool]:
        """The first free w x h spot round ``body`` (see unit_marks), and whether it is beside it."""
        g = 3
        cx, cy = body.centerx - w // 2, body.centery - h // 2
        spots: list[tuple[int, int, bool]] = []
        for k in range(5):
            for d in ((0,) if k == 0 else (k, -k)):
                spots += [(body.right + g, cy + d * (h + 2), k == 0), (body.left - g - w, cy + d * (h + 2), k == 0),
                          (cx + d * (w // 2 + 4), body.bottom + g + (k // 2) * (h + 2), k == 0),
                          (cx + d * (w // 2 + 4), body.top - g - h - (k // 2) * (h + 2), k == 0)]
        if not body.colliderect(area):  # off the visible table: it is clipped away anyway
            return pygame.Rect(body.right + g, cy, w, h), True
        inner = area.inflate(-4, -4)
        best: tuple[int, pygame.Rect, bool] | None = None
        for x, y, beside in spots:
            r = pygame.Rect(x, y, w, h)
            if inner.contains(r) and r.collidelist(taken) == -1:
                return r, beside
            r = r.clamp(inner)
            over = sum(c.w * c.h for c in (r.clip(taken[i]) for i in r.collidelistall(taken)))
            if best is None or over < best[0]:
                best = (over, r, beside and r.x == x and r.y == y)
        assert best is not None
        return best[1], best[2]

    def draw_marks(self, surf: pygame.Surface, u: Unit) -> None:
        """The cards lying by the unit and its label, where ``unit_marks`` put them."""
        marks = self.unit_marks().get(u.id)
        if marks is None:
            return
        cards, label, beside = marks
        if not beside:  # set away from the crowd: a pencil line from the strip to the unit
            body = self._body(u)
            strip = label.unionall(cards) if cards else label
            end = (min(max(body.centerx, strip.left), strip.right), min(max(body.centery, strip.top), strip.bottom))
            pygame.draw.line(surf, paper.player_colour(u.side), body.center, end, 1)
        for r, (c, up) in zip(cards, self.st.assigned.get(u.id, []), strict=False):
            draw_card(surf, r, c if up else None)
        self.draw_tag(surf, u, label)

    def draw_tag(self, surf: pygame.Surface, u: Unit, r: pygame.Rect) -> None:
        """Type and number in ``r`` on a scrap of paper, legible over lines and terrain."""
        back = pygame.Surface(r.size, pygame.SRCALPHA)
        back.fill((*paper.PAPER, 210))
        surf.blit(back, r)
        paper.text(surf, self.label_text(u), (r.left + 2, r.top), 13, paper.player_colour(u.side), bold=True)

    def _unit_sprite(self, u: Unit, h: float) -> pygame.Surface:
        """The unit's top-down pencil sketch at this zoom and facing (cached by the caller)."""
        k = KINDS[u.kind]
        col = WRECK if u.wreck else paper.player_colour(u.side)
        dx, dy = heading_vec(h)
        px_, py_ = -dy, dx
        size = int((math.hypot(k.length + 4, k.width + 4) + 6) * self.scale) + 24
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        half = size / 2

        def L(a: float, b: float) -> tuple[float, float]:
            return (half + (dx * a + px_ * b) * self.scale, half + (dy * a + py_ * b) * self.scale)

        hl, hw = k.length / 2, k.width / 2
        base = [L(hl, -hw), L(hl, hw), L(-hl, hw), L(-hl, -hw)]
        light = tuple(min(255, c + 150) for c in col)
        pygame.draw.polygon(surf, light, base)
        paper.pencil_lines(surf, col, base, True, 2, seed=u.id)
        w = max(1, int(self.scale * 0.25))
        if u.kind == "infantry":
            n = 4
            for i in range(n):
                b = -hw + hw * 2 * (i + 0.5) / n
                a = 0.5 if i % 2 else -0.5
                pygame.draw.circle(surf, col, L(a, b), max(2, self.scale * 0.45))
        elif u.kind == "gun":
            paper.pencil_line(surf, col, L(-hl, -hw), L(0, 0), w)
            paper.pencil_line(surf, col, L(-hl, hw), L(0, 0), w)
            paper.pencil_line(surf, col, L(0.5, -hw * 0.8), L(0.5, hw * 0.8), w + 1)
            paper.pencil_line(surf, col, L(0, 0), L(hl + 1.0, 0), w + 1)
        else:
            tracks = u.kind in ("tank", "halftrack")
            if tracks:
                t0 = -hl if u.kind == "tank" else -hl
                t1 = hl if u.kind == "tank" else hl * 0.2
                for side in (-1, 1):
                    band = [L(t1, side * hw), L(t1, side * hw * 0.72), L(t0, side * hw * 0.72), L(t0, side * hw)]
                    pygame.draw.polygon(surf, col, band)
            if u.kind in ("jeep", "truck", "armoured_car", "halftrack"):
                axles = {"jeep": (0.6, -0.6), "truck": (0.7, -0.3, -0.7), "armoured_car": (0.6, 0, -0.6),
                         "halftrack": (0.75,)}[u.kind]
                for a in axles:
                    for side in (-1, 1):
                        pygame.draw.circle(surf, col, L(a * hl, side * hw * 0.85), max(2, self.scale * 0.55))
            if u.kind == "truck":
                paper.pencil_line(surf, col, L(hl * 0.45, -hw), L(hl * 0.45, hw), w)
            if u.kind == "jeep":
                paper.pencil_line(surf, col, L(hl * 0.3, -hw * 0.8), L(hl * 0.3, hw * 0.8), w)
            if u.kind in ("tank", "armoured_car"):
                r = hw * (0.55 if u.kind == "tank" else 0.5)
                c = L(-0.3 if u.kind == "tank" else 0, 0)
                pygame.draw.circle(surf, light, c, r * self.scale)
                pygame.draw.circle(surf, col, c, r * self.scale, max(1, w))
                paper.pencil_line(surf, col, c, L(hl + (2.0 if u.kind == "tank" else 0.8), 0), w + 1)
        pygame.draw.line(surf, paper.INK, base[0], base[1], max(2, w + 1))  # the front edge
        if not u.wreck:
            paper.draw_symbol(surf, u.side, L(-hl * 0.55, 0) if k.length > 4 else L(0, 0), max(6, min(14, self.scale * 1.6)), 1)
        if u.damaged or u.wreck:
            self.smoke(surf, L(0, 0), WRECK if u.wreck else SMOKE, u.id)
        return surf

    def smoke(self, surf: pygame.Surface, c: tuple[float, float], col: Colour, seed: int) -> None:
        sc = max(3.0, self.scale * 1.2)
        puff = pygame.Surface((int(sc * 6), int(sc * 6)), pygame.SRCALPHA)
        for i in range(6):
            ox = sc * 3 + paper._jitter(seed, i) * sc * 1.3
            oy = sc * 3 + paper._jitter(seed, i + 9) * sc * 1.3 - i * sc * 0.25
            pygame.draw.circle(puff, (*col, 150), (ox, oy), sc * (0.9 + 0.15 * (i % 3)))
        surf.blit(puff, (c[0] - sc * 3, c[1] - sc * 3))

    def draw_overlays(self, surf: pygame.Surface) -> None:
        s = self.st
        mouse_cm = self.cm(self.mouse)
        human = self.ctx.human_to_move()
        if s.phase == "move" and human:
            uid, allow = s.movers[0]
            u = s.units[uid]
            if u.carrier >= 0:  # T-R1 (rev 3): getting out is the move, whatever the roll: no reach circle
                c = s.units[u.carrier]
                paper.text(surf, "click a side to get out", self.px(c.x, c.y - c.spec.length / 2 - 2), 15,
                           paper.GOOD, "midbottom")
            else:
                start = u.front()
                paper.pencil_circle(surf, paper.GOOD, self.px(*start), allow * self.scale, 1, seed=uid)
                label = f"up to {allow:g} cm"
                paper.text(surf, label, self.reach_label_rect(start, allow, label).topleft, 15, paper.GOOD)
        if self.drag and len(self.drag) > 1 and not self.tool and s.phase == "move":
            pts = [self.px(*p) for p in self.drag]
            paper.pencil_lines(surf, paper.GOOD, pts, False, 2)
            uid, _ = s.movers[0]
            end, txt, why = self.move_preview(self.drag)
            col = paper.WARN if why else paper.GOOD
            ghost = [self.px(*q) for q in base_corners(end["x"], end["y"], end["heading"], s.units[uid].spec.length,
                                                      s.units[uid].spec.width)]
            pygame.draw.polygon(surf, col, ghost, 2 if why else 1)
            paper.note(surf, txt + (f"; {why}" if why else ""), (pts[-1][0] + 10, pts[-1][1]), 16, col,
                       within=surf.get_clip() or None)
        if s.phase == "deploy" and human and self.table_rect().collidepoint(self.mouse):
            nxt = next((v for v in s.units if v.side == s.actor and not v.placed), None)
            if nxt is not None:
                face = self.deploy_facing if self.deploy_facing >= 0 else self._deploy_default()
                ghost = [self.px(*q) for q in base_corners(mouse_cm[0], mouse_cm[1], face, nxt.spec.length, nxt.spec.width)]
                pygame.draw.polygon(surf, paper.player_colour(nxt.side), ghost, 2)
                paper.text(surf, f"{nxt.name} (Q/E turn)", (self.mouse[0] + 12, self.mouse[1] + 8), 15, paper.INK)
        if s.phase == "terrain" and 0 <= self.selected_piece < len(s.pieces):
            pts = [self.px(*q) for q in s.pieces[self.selected_piece]["points"]]
            pygame.draw.polygon(surf, paper.WARN, pts, 2)
        self.odds = None
        self.shown = {}
        if s.phase == "volley" and human:
            self.draw_volley_targets(surf)
        if s.phase in ("act", "volley") and human and self.table_rect().collidepoint(self.mouse):
            self.odds = self.fire_preview(surf, mouse_cm)
        elif s.phase == "move" and human and not self.drag and self.table_rect().collidepoint(self.mouse):
            self.odds = self.mount_preview(surf, mouse_cm)
        if self.tool and self.drag and len(self.drag) > 1:
            self.shown["tool"] = self.tool_line(surf, self.drag[0], self.drag[-1])
        elif self.tool and self._tool_line and len(self._tool_line) > 1:
            self.shown["tool"] = self.tool_line(surf, self._tool_line[0], self._tool_line[-1])
        uid = self.unit_at(mouse_cm) if self.table_rect().collidepoint(self.mouse) else -1
        if not self.drag and not self.hover_off and uid >= 0:
            self.hover_card(surf, s.units[uid])  # with the odds line on top of it, both in full
        elif self.odds is not None and uid >= 0:  # the odds line beside the target
            b = self.px(*s.position(s.units[uid]))
            self.shown["odds"] = paper.note(surf, self.odds[0], (b[0] + 12, b[1] + 6), 16, self.odds[1], bold=True,
                                            within=surf.get_clip() or None)

    def reach_label_rect(self, start: tuple[float, float], allow: float, label: str) -> pygame.Rect:
        """Where the reach circle's label goes: above the circle, else below, right or left of it
        (then a little further off), at the first spot inside the table that touches no unit's
        sketch, label or cards; the least crowded spot when every one is taken."""
        w, h = _text_size(label, 15, False)
        cx, cy = self.px(*start)
        r = allow * self.scale
        s = self.st
        marks = self.unit_marks()
        taken = [self._body(u) for u in s.units if u.wreck or (u.alive and u.carrier < 0 and u.placed)]
        taken += [m[1] for m in marks.values()] + [c for m in marks.values() for c in m[0]]
        area = self.table_rect().inflate(-4, -4)
        best: tuple[int, pygame.Rect] | None = None
        for k in range(6):
            g = 2 + k * (h + 2)
            for x, y in ((cx - w / 2, cy - r - g - h), (cx - w / 2, cy + r + g), (cx + r + g, cy - h / 2),
                         (cx - r - g - w, cy - h / 2)):
                rect = pygame.Rect(round(x), round(y), w, h)
                if area.contains(rect) and rect.collidelist(taken) == -1:
                    return rect
                rect = rect.clamp(area)
                over = sum(c.w * c.h for c in (rect.clip(t) for t in taken))
                if best is None or over < best[0]:
                    best = (over, rect)
        assert best is not None
        return best[1]

    def move_preview(self, drag: Sequence[tuple[float, float]]) -> tuple[dict[str, Any], str, str]:
        """What letting go of ``drag`` would do: (where the unit ends, "how far - stops: why",
        the refusal or ""), for exactly the move ``release`` submits (T-A1, T-A2, T-R1)."""
        s = self.st
        uid, allow = s.movers[0]
        u = s.units[uid]
        path = self.drag_path(drag)
        ride = self.mount_target(drag[-1]) if path else -1
        if ride >= 0:  # T-R1 (rev 4): a way drawn onto one's own vehicle gets in along it
            got, why = self.mount_way(ride, path)
            if got is not None:
                return got, f"gets into {unit_tag(s.units[ride])}, {got['travelled']:.1f} cm", ""
            return s.simulate_move(u, path, self.move_facing()), f"to get into {unit_tag(s.units[ride])}", why
        end = s.simulate_move(u, path, self.move_facing())
        try:
            s.check_move(u, allow, path, self.move_facing())
            why = ""
        except IllegalAction as exc:  # shown live, before the mouse is let go
            why = exc.message
        if end.get("dismount"):
            txt = "gets out here (T-R1)"
        else:  # the move that will be made: its real length, and where terrain stops it
            txt = f"{end['travelled']:.1f} cm" + (f" - stops: {end['stop']}" if end["stop"] else "")
        return end, txt, why

    def hover_lines(self, u: Unit) -> list[str]:
        """The hover card: which unit, its cards (face-down ones stay hidden, T-T2), damage,
        shock, passenger, and what it can do."""
        s = self.st
        k = u.spec
        lines = [f"{s.game.player_name(u.side)} {unit_tag(u)}: {u.name} ({k.name})"]
        cs = s.assigned.get(u.id, [])
        turned = [c for c, uid in s.queue if uid == u.id]
        if cs or turned:
            shown = [C.label(c) if up else "face down" for c, up in cs] + [f"{C.label(c)} (turned)" for c in turned]
            lines.append("Cards: " + ", ".join(shown))
        else:
            lines.append("Cards: none")
        if u.damaged:
            lines.append("Damaged: may take a recovery card at each turn's end; in shock (no cards) while damaged"
                         + "; a second hit destroys it")
        if u.passenger >= 0:
            lines.append(f"Carries {unit_tag(s.units[u.passenger])} ({s.units[u.passenger].name})")
        if u.carrier >= 0:
            lines.append(f"Rides on {unit_tag(s.units[u.carrier])}: cannot fire or be fired at")
        can = "moves on the card's dice" + (" (at most 6 cm per card)" if u.kind == "infantry" else "")
        can += "; fires " + (f"up to {12:g} cm" if u.kind == "infantry" else "at any range")
        lines.append(can[0].upper() + can[1:])
        saves = []
        if k.armour_dice:
            saves.append(f"armour save {k.armour_dice}D6, any 5-6")
        if s.in_cover(u):
            saves.append("in cover: 1D6 save on 5-6")
        if k.carrier:
            saves.append("carries one infantry unit")
        if saves:
            text = "; ".join(saves)
            lines.append(text[0].upper() + text[1:])
        lines.append(f"Worth {k.vp} victory point{'s' if k.vp != 1 else ''}")
        if s.phase in ("act", "move", "pick", "aboard") and u.alive and not s.has_cards(u.id):
            head = s.units[s.queue[0][1]] if s.phase == "act" and s.queue else None
            if u.id in self.followers:
                lines.append("Follows this order (click it again to let it go)")
            elif head is not None and head.side == u.side and head.id != u.id:
                why = self.follower_refusal(u.id)  # T-F1 now: eligibility and the 7.5 cm
                lines.append(f"Can follow {head.name} #{head.id} now (Follow me!)" if not why else why)
            else:
                why = s.follow_refusal(u)
                lines.append("Can follow this turn (Follow me!)" if not why else why)
        return lines

    def hover_rect(self, w: int, h: int, avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
        """Where a w x h hover card goes: beside the pointer, never over it; above it when there
        is no room below, so the units next to the pointer stay in sight; clear of the notes in
        ``avoid`` (the tape's or the sight string's reading) wherever there is room."""
        area = self.table_rect().inflate(-8, -8)
        mx, my = self.mouse
        pointer = pygame.Rect(mx - 8, my - 8, 17, 17)
        best: tuple[int, pygame.Rect] | None = None
        spots = [pygame.Rect(x, y, w, h) for x, y in ((mx - w - 16, my + 16), (mx + 16, my + 16),
                                                     (mx - w - 16, my - 16 - h), (mx + 16, my - 16 - h))]
        for r in [r for r in spots if area.contains(r)] + [r.clamp(area) for r in spots]:
            over = 0 if not r.colliderect(pointer) else w * h
            for a in avoid:
                c = r.clip(a)
                over += c.w * c.h
            if over == 0:
                return r
            if best is None or over < best[0]:
                best = (over, r)
        assert best is not None
        return best[1]

    def hover_card(self, surf: pygame.Surface, u: Unit) -> None:
        """The unit's card beside the pointer; while an order is being aimed (``self.odds``), the
        odds line is written on its top edge, so both are read in full at once."""
        lines = self.hover_lines(u)
        area = self.table_rect().inflate(-8, -8)
        w = max(paper.font(14).size(line)[0] for line in lines) + 16
        odds = paper.wrap(self.odds[0], 16, max(w, area.w - 16) - 16, True) if self.odds else []
        if odds:
            w = max(w, max(paper.font(16, True).size(line)[0] for line in odds) + 16)
        top = 20 * len(odds) + (6 if odds else 0)
        h = 18 * len(lines) + 10
        block = self.hover_rect(min(w, area.w), top + h, [r for k, r in self.shown.items() if k == "tool"])
        back = pygame.Surface(block.size, pygame.SRCALPHA)
        back.fill((*paper.PAPER, 240))
        surf.blit(back, block)
        if odds:
            assert self.odds is not None
            strip = pygame.Rect(block.left, block.top, block.w, top - 4)
            pygame.draw.rect(surf, paper.FAINT, strip, 1)
            for i, line in enumerate(odds):
                paper.text(surf, line, (strip.left + 8, strip.top + 3 + 20 * i), 16, self.odds[1], bold=True)
            self.shown["odds"] = strip
        r = pygame.Rect(block.left, block.top + top, block.w, h)
        pygame.draw.rect(surf, paper.player_colour(u.side), r, 2)
        for i, line in enumerate(lines):
            paper.text(surf, line, (r.left + 8, r.top + 5 + 18 * i), 14, paper.INK, bold=i == 0)
        self.shown["card"] = r

    def tool_line(self, surf: pygame.Surface, a: tuple[float, float], b: tuple[float, float]) -> pygame.Rect:
        """The tape or the sight string from ``a`` to ``b`` with its reading; returns where the reading is."""
        pa, pb = self.px(*a), self.px(*b)
        d = math.dist(a, b)
        if self.tool == "tape":
            paper.pencil_line(surf, (200, 150, 20), pa, pb, 3)
            n = int(d // 2.5)
            for i in range(1, n + 1):
                f = i * 2.5 / d
                q = (pa[0] + (pb[0] - pa[0]) * f, pa[1] + (pb[1] - pa[1]) * f)
                pygame.draw.circle(surf, paper.INK, q, 2)
            return paper.note(surf, f"{d:.1f} cm", (pb[0] + 10, pb[1] - 10), 18, paper.INK, bold=True,
                              within=surf.get_clip() or None)
        else:
            ua, ub = self.unit_at(a), self.unit_at(b)
            s = self.st
            if ua >= 0 and ub >= 0 and ua != ub:
                blocked, doubt = s.line_of_sight(s.units[ua], s.units[ub])
                pa, pb = self.px(*s.position(s.units[ua])), self.px(*s.position(s.units[ub]))
                d = s.fire_range(s.units[ua], s.units[ub])
            else:
                blocked, doubt = s.los_terrain.ray(a, b, set(s.terrain.pieces_at(*a)) | set(s.terrain.pieces_at(*b)))
            col = paper.WARN if blocked else ((200, 150, 20) if doubt else paper.GOOD)
            paper.pencil_line(surf, col, pa, pb, 2)
            word = "blocked" if blocked else ("in doubt: 1D6, 4+ sees" if doubt else "clear")
            return paper.note(surf, f"sight {word}, {d:.1f} cm", (pb[0] + 10, pb[1] - 10), 18, col, bold=True,
                              within=surf.get_clip() or None)

    def volley_default(self) -> int:
        """T-F1 (rev 4): the target the board offers a follower first: the leader's target while the
        follower can still fire at it, else its nearest target (-1 when it has none)."""
        s = self.st
        if s.phase != "volley":
            return -1
        f = s.units[s.volley[0]]
        targets = s.targets(f)
        if s.volley_target in targets:
            return s.volley_target
        return min(targets, key=lambda t: (s.fire_range(f, s.units[t]), t), default=-1)

    def draw_volley_targets(self, surf: pygame.Surface) -> None:
        """T-F1 (rev 4): ring every enemy the follower to fire can see and reach; the one Enter
        fires at is ringed twice and says so."""
        s = self.st
        f = s.units[s.volley[0]]
        dflt = self.volley_default()
        for tid in s.targets(f):
            t = s.units[tid]
            c = self.px(*s.position(t))
            r = max(t.spec.length, t.spec.width) / 2 * self.scale + 6
            paper.pencil_circle(surf, paper.WARN, c, r, 2, seed=tid)
            if tid == dflt:
                paper.pencil_circle(surf, paper.WARN, c, r + 4, 1, seed=tid + 1)
                paper.text(surf, "Enter", (c[0], c[1] - r - 6), 14, paper.WARN, "midbottom", bold=True)
        a = self.px(*s.position(f))
        paper.text(surf, f"{unit_tag(f)}: click its target", (a[0], a[1] + f.spec.length / 2 * self.scale + 8), 15,
                   (230, 160, 0), "midtop", bold=True)

    def fire_preview(self, surf: pygame.Surface, p: tuple[float, float]) -> tuple[str, Colour] | None:
        """Draw the line of fire from the acting unit to the enemy under ``p`` and return the odds
        line for it (or the refusal) with its colour; None when no enemy is under ``p``.  The caller
        writes the line: beside the target, or on top of the hover card when that is shown."""
        s = self.st
        card, head = (s.volley_card, s.volley[0]) if s.phase == "volley" else s.queue[0]
        tid = self.unit_at(p)
        if tid < 0 or s.units[tid].side == s.units[head].side:
            return None
        shooter, t = s.units[head], s.units[tid]
        a, b = self.px(*s.position(shooter)), self.px(*s.position(t))
        err = s.fire_refusal(shooter, tid)
        if err is not None:
            paper.pencil_line(surf, paper.WARN, a, b, 2)
            return err.message, paper.WARN
        _, doubt = s.line_of_sight(shooter, t)
        n, need = C.dice_for(card, "fire"), C.difficulty(card)
        p_hit = p_at_least(n, need) * 0.5 ** len(doubt) * save_factor(s, t)
        paper.pencil_line(surf, (200, 150, 20) if doubt else paper.GOOD, a, b, 2)
        extra = ", sight in doubt" if doubt else ""
        return (f"{unit_tag(shooter)} at {s.game.player_name(t.side)} {unit_tag(t)}: {n}D6 needs {need}{extra}: "
                f"{pct(p_hit)} to {'destroy' if t.damaged else 'damage'}", paper.INK)

    def queue_x(self) -> int:
        """Where the "Turned, in order" area starts in the tray: left of the dice (``rect.right - 330``)
        with room for its label and two cards, even in a narrow window (1024x600)."""
        return self.rect.left + max(200, min(max(420, self.rect.w // 2 - 120), self.rect.w - 330 - 2 * (CARD_W + 6) - 40))

    def queue_layout(self, left: int, right: int, y: int) -> list[tuple[pygame.Rect, str | None, Any]]:
        """The turned cards between ``left`` and ``right`` (fanned when they do not fit) and the unit
        under each: one label under a unit's cards side by side, each label in the first row under
        the cards where it overlaps no other, so no two ever run together.  Returns (rect, None,
        (card, index)) for a card and (rect, label, (side,)) for a label, in drawing order."""
        s = self.st
        queue = s.queue[:8]
        if not queue:
            return []
        n = len(queue)
        step = CARD_W + 6.0 if n == 1 else min(CARD_W + 6.0, max(8.0, (right - left - CARD_W) / (n - 1)))
        out: list[tuple[pygame.Rect, str | None, Any]] = []
        cards = [pygame.Rect(int(left + i * step), y, CARD_W, CARD_H) for i in range(n)]
        out += [(r, None, (c, i)) for i, (r, (c, _)) in enumerate(zip(cards, queue, strict=True))]
        runs: list[tuple[int, int, int]] = []  # (unit, first card, last card) of cards side by side
        for i, (_, uid) in enumerate(queue):
            if runs and runs[-1][0] == uid:
                runs[-1] = (uid, runs[-1][1], i)
            else:
                runs.append((uid, i, i))
        rows: list[list[pygame.Rect]] = []
        for uid, a, b in runs:
            u = s.units[uid]
            w, h = _text_size(unit_tag(u), 13, True)
            r = pygame.Rect(0, 0, w + 4, h)
            r.centerx = (cards[a].left + cards[b].right) // 2
            r.left = max(left, min(r.left, max(left, right) - r.w))
            for k in range(len(rows) + 1):
                if k == len(rows):
                    rows.append([])
                r.top = y + CARD_H + 2 + k * (h + 1)
                if r.inflate(6, 0).collidelist(rows[k]) == -1:
                    rows[k].append(r)
                    break
            out.append((r, unit_tag(u), (u.side,)))
        return out

    def draw_tray(self, surf: pygame.Surface) -> None:
        s = self.st
        top = self.table_rect().bottom + 4
        x = self.rect.left + 6
        pygame.draw.line(surf, paper.FAINT, (self.rect.left, top - 2), (self.rect.right, top - 2), 1)
        # buttons
        self.buttons = self.phase_buttons()
        bx = x
        for b in self.buttons:
            w = paper.font(16).size(b.label)[0] + 16
            b.rect = pygame.Rect(bx, top + 2, w, 28)
            hover = b.rect.collidepoint(self.mouse)
            pygame.draw.rect(surf, (250, 246, 232) if not hover else (236, 242, 228), b.rect, border_radius=5)
            paper.pencil_lines(surf, paper.INK, [b.rect.topleft, b.rect.topright, b.rect.bottomright, b.rect.bottomleft],
                               True, 1)
            paper.text(surf, b.label, b.rect.center, 16, paper.INK, "center")
            bx += w + 6
        # hands: fanned tighter when long, never into the turned cards' area
        self.card_hits = []
        y = top + 38
        # the hand of the seat to move is chosen from only at the screen where that seat plays:
        # no choice mark on a hand the computer or a remote player holds (nor a click on it)
        me = s.current_player() if self.ctx.human_to_move() else -1
        qx = self.queue_x()
        for p in (0, 1):
            paper.draw_symbol(surf, p, (x + 8, y + CARD_H / 2), 12)
            paper.text(surf, s.game.player_name(p), (x + 18, y + CARD_H / 2), 15, paper.INK, "midleft")
            cx = x + 72
            n = len(s.hands[p])
            step = CARD_W + 4 if n <= 1 else min(CARD_W + 4, (qx - 12 - cx - CARD_W) / (n - 1))
            for i, (c, up) in enumerate(s.hands[p]):
                r = pygame.Rect(int(cx + i * step), y, CARD_W, CARD_H)
                chosen = p == me and ((up and c == self.card_choice) or (not up and self.card_choice == "?"))
                draw_card(surf, r, c if up else None, paper.GOOD if chosen and s.phase in ("assign", "recover", "discard")
                          else None)
                if p == me:
                    self.card_hits.insert(0, (r, c if up else "?"))  # the top card wins a click
            y += CARD_H + 8
        # turned cards in initiative order
        rx = self.rect.right - 330
        paper.text(surf, "Turned, in order:", (qx, top + 38), 15, paper.GRAPHITE)
        for r, text, side in self.queue_layout(qx, rx - 6, top + 58):
            if text is None:
                draw_card(surf, r, side[0], (230, 160, 0) if side[1] == 0 else None)
            else:
                back = pygame.Surface(r.size, pygame.SRCALPHA)
                back.fill((*paper.PAPER, 220))
                surf.blit(back, r)
                paper.text(surf, text, r.center, 13, paper.player_colour(side[0]), "center", bold=True)
        # the latest rolls: dice and what they needed
        ry = top + 36
        for entry in self.rolls[-3:]:
            dice = entry["dice"]
            flat = [d for group in dice for d in (group if isinstance(group, list) else [group])]
            for i, d in enumerate(flat[:6]):
                draw_die(surf, (rx + 14 + i * 26, ry + 14), d, 22, entry["ok"])
            need = entry["need"]
            label = entry["what"] + (f": needed {need}" if need else "")
            if entry["ok"] is not None:
                label += " - " + ("yes" if entry["ok"] else "no")
            lines = paper.wrap(label, 14, max(80, self.rect.right - (rx + 14 + min(6, len(flat)) * 26) - 6))[:2]
            for k, line in enumerate(lines):
                paper.text(surf, line, (rx + 14 + min(6, len(flat)) * 26, ry + 14 + (k - (len(lines) - 1) / 2) * 14),
                           14, paper.INK, "midleft")
            ry += 34

    # -- margin and hint -----------------------------------------------------------------------
    def margin_lines(self) -> list[str]:
        s = self.st
        unturned = f" ({len(s.buried)} unturned)" if s.buried else ""  # T-T2 (rev 4): never their faces
        lines = [f"Turn {s.turn}; deck {len(s.deck)}, discards {len(s.discard) + len(s.buried)}{unturned}"]
        if s.attacker >= 0:
            lines.append(f"Attacker: {s.game.player_name(s.attacker)}" + (f"; defender holds the {s.edge}" if s.edge else ""))
        lines.append(f"Victory points: Blue {s.vp[0]}, Orange {s.vp[1]}")
        for p in (0, 1):
            ups = [C.label(c) for c, up in s.hands[p] if up]
            downs = sum(1 for _, up in s.hands[p] if not up)
            lines.append(f"{s.game.player_name(p)} hand: {downs} face down" + (f", up {' '.join(ups)}" if ups else ""))
        if self.campaign_line:
            lines.append(self.campaign_line)
        if self.tool:
            lines.append("Tool: " + ("measuring tape" if self.tool == "tape" else "line of sight") + " (drag)")
        return lines

    def hint(self) -> str:
        s = self.st
        if s.phase == "volley":  # T-F1 (rev 4): each follower chooses its own target
            f = s.units[s.volley[0]]
            dflt = self.volley_default()
            same = (f"; Enter fires at {unit_tag(s.units[dflt])}, the leader's target" if dflt == s.volley_target
                    else f"; Enter fires at {unit_tag(s.units[dflt])}" if dflt >= 0 else "")
            return f"Click the target for {unit_tag(f)} (its targets are ringed){same}; H holds its fire."
        return {
            "rolloff": "Press R (or the button) to roll off for attacker.",
            "terrain": "Pick hill/woods/building, drag on the table to lay it; click a piece to select, drag to move, "
                       "Q/E rotate, +/- resize, Delete removes.",
            "side": "Click the north or south half (or N/S) to choose your edge.",
            "deploy": "Click inside your shaded third to place the unit shown at the cursor; Q/E turn it.",
            "assign": "Click a card below (face-down ones are all alike), then a unit of yours; K keeps the rest.",
            "pick": "Click one of your units with cards to turn them (1/2/3 if it has two).",
            "act": "Click an enemy to fire (hover shows the odds), M to move, H to hold; click own free units "
                   "near by first to make them follow (firing, each then chooses its own target).",
            "move": "Drag a path from the unit's front or click a point (the circle is the reach); F keeps the "
                    "facing; S stays; point at your vehicle to see the way in, click it to get in; a passenger "
                    "gets out where you click.",
            "aboard": "K keeps the passenger aboard the halftrack, D dismounts it.",
            "recover": "Click a card, then a damaged unit of yours; Enter when done.",
            "discard": "Click a card to discard it (down to six).",
        }.get(s.phase, "")

    @staticmethod
    def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
        cx, cy = rect.center
        s = max(4.0, min(rect.w, rect.h) / 14)
        body = [(cx - 4 * s, cy - 2 * s), (cx + 4 * s, cy - 2 * s), (cx + 4 * s, cy + 2 * s), (cx - 4 * s, cy + 2 * s)]
        paper.pencil_lines(surface, paper.player_colour(0), body, True, 2)
        pygame.draw.rect(surface, paper.player_colour(0), pygame.Rect(cx - 4 * s, cy - 2.6 * s, 8 * s, 0.8 * s))
        pygame.draw.rect(surface, paper.player_colour(0), pygame.Rect(cx - 4 * s, cy + 1.8 * s, 8 * s, 0.8 * s))
        paper.pencil_circle(surface, paper.player_colour(0), (cx - 0.5 * s, cy), 1.3 * s, 2)
        paper.pencil_line(surface, paper.player_colour(0), (cx + 0.8 * s, cy), (cx + 6.5 * s, cy), 3)
        r = pygame.Rect(0, 0, max(26, 4.4 * s), max(36, 6.2 * s))
        r.center = (int(cx + 5.5 * s), int(cy + 3.2 * s))
        draw_card(surface, r, "AS")


    # -- lessons ------------------------------------------------------------------------------
    def unit_rect(self, uid: int) -> pygame.Rect | None:
        """The screen box of a unit's base (None when it is not on the table)."""
        s = self.st
        if not 0 <= uid < len(s.units):
            return None
        u = s.units[uid]
        if not u.alive or u.carrier >= 0 or not u.placed:
            return None
        pts = [self.px(x, y) for x, y in u.polygon().exterior.coords]
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        r = pygame.Rect(0, 0, max(12, int(max(xs) - min(xs)) + 6), max(12, int(max(ys) - min(ys)) + 6))
        r.center = (round(self.px(u.x, u.y)[0]), round(self.px(u.x, u.y)[1]))
        return r

    def button_rect(self, key: int) -> pygame.Rect | None:
        b = next((b for b in self.buttons if b.key == key), None)
        return b.rect if b is not None and b.rect.w > 0 else None

    def lesson_target(self, action: Action) -> pygame.Rect | None:
        """The next click towards ``action``: a face-up card, then the unit (Assign, Recover); the unit
        to pick and its turn button; each follower, then the target or the Move button; the point a
        move goes straight to; Keep, Hold, Stay and the other phase buttons."""
        s = self.st
        if self.tool:  # the tape or the string in hand takes every click on the table: put it away first
            return self.tool_button(self.tool)
        if isinstance(action, (Assign, Recover)):
            if action.card != "?" and self.card_choice != action.card:
                return next((r for r, c in self.card_hits if c == action.card), None)
            return self.unit_rect(action.unit)
        if isinstance(action, Pick):
            if len(s.assigned.get(action.unit, ())) == 2 and self.selected_unit != action.unit:
                return self.unit_rect(action.unit)
            if len(s.assigned.get(action.unit, ())) == 2:
                return self.button_rect((pygame.K_1, pygame.K_2, pygame.K_3)[action.which])
            return self.unit_rect(action.unit)
        if isinstance(action, FollowFire):
            return self.unit_rect(action.target) if action.target >= 0 else self.button_rect(pygame.K_h)
        if isinstance(action, (Fire, MoveOrder)):
            wanted = list(action.followers)
            extra = next((f for f in self.followers if f not in wanted), None)
            if extra is not None:  # clicked again, a follower lets go
                return self.unit_rect(extra)
            nxt = next((f for f in wanted if f not in self.followers), None)
            if nxt is not None:
                return self.unit_rect(nxt)
            return self.unit_rect(action.target) if isinstance(action, Fire) else self.button_rect(pygame.K_m)
        if isinstance(action, Move):
            if not action.path:
                return self.button_rect(pygame.K_s)
            if len(action.path) != 1:
                return None
            x, y = self.px(*action.path[0])
            r = pygame.Rect(0, 0, 14, 14)
            r.center = (round(x), round(y))
            return r
        keys = {Keep: pygame.K_k, Skip: pygame.K_h, EndRecovery: pygame.K_RETURN, RollOff: pygame.K_r}
        if type(action) in keys:
            return self.button_rect(keys[type(action)])
        if isinstance(action, Discard):
            return next((r for r, c in self.card_hits if c == action.card), None)
        return None

    def tool_button(self, tool: str) -> pygame.Rect | None:
        """The tray button of the measuring tape ("tape") or the sight string ("los")."""
        word = "Tape" if tool == "tape" else "Sight"
        b = next((b for b in self.buttons if b.label.startswith(word)), None)
        return b.rect if b is not None and b.rect.w > 0 else None

    def lesson_look(self, look: dict[str, Any]) -> dict[str, Any] | None:
        """A lesson step that measures with the tape ({"tool": "tape"}) or checks the sight string
        ({"tool": "sight"}) from one unit to another: first the tool's button (T or L), then a drag
        from the "from" unit, let go on the "to" unit (either way round counts)."""
        tool = {"tape": "tape", "sight": "los"}.get(look.get("tool", ""))
        a, b = self.unit_rect(look.get("from", -1)), self.unit_rect(look.get("to", -1))
        if tool is None or a is None or b is None:
            return None
        line = self._tool_line
        done = (self.tool == tool and self.drag is None and line is not None and len(line) > 1
                and {self.unit_at(line[0]), self.unit_at(line[-1])} == {look["from"], look["to"]})
        if self.tool != tool:
            return {"target": self.tool_button(tool), "drag": None, "done": False}
        return {"target": b if self.drag else a, "drag": (a.center, b.center), "done": done}

    def lesson_match(self, expected: Action, action: Action) -> bool:
        """A click anywhere in the highlighted mark of a straight move is that move: the click is
        rounded to whole cm, finer than a person can point in a small window (1024x600)."""
        if not isinstance(expected, Move) or not isinstance(action, Move) or expected.unit != action.unit \
                or len(expected.path) != 1 or len(action.path) != 1 or expected.facing != action.facing:
            return False
        mark = self.lesson_target(expected)
        if mark is None:
            return False
        slack = 2 * math.ceil(0.71 * self.scale)  # the rounding moves a click up to half a cm each way
        x, y = self.px(*action.path[0])
        return mark.inflate(slack, slack).collidepoint(round(x), round(y))


def simplify(pts: Sequence[tuple[float, float]], tol: float = 0.3) -> list[tuple[float, float]]:
    """Thin a dragged path (shapely's Douglas-Peucker), keeping its end."""
    if len(pts) < 3:
        return list(pts)
    from shapely.geometry import LineString

    line = LineString(pts).simplify(tol)
    return [(float(x), float(y)) for x, y in line.coords]
