"""Pencil Space Combat's gestures: what a press, a drag, a key or a button becomes.

Press on a ship's nose, drag and release: the drag's direction, its length and the speed of
the release are the flick's intention (the rules add the noise).  A drag along the own hangar
wall places the door (S-U3), a loop draws an asteroid (S-U5), a click or drag in the hangar
places a ship (S-U4), a drag or the arrows turn a landed ship (S-M6).  Every decision is the
rules' (``ctx.submit``); a gesture the view itself rejects is said with ``ctx.refuse``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui
from shapely.geometry import LineString, Point, Polygon

from ....engine import IllegalAction
from ....msg import M
from ....rules.space.evaluate import Piece
from ....rules.space.flick import PENCILS
from ....rules.space.geometry import IN
from ....rules.space.state import (
    AnswerDraw,
    CallDraw,
    DrawAsteroid,
    FieldDone,
    Flick,
    Heading,
    Pass,
    PlaceDoor,
    PlacePiece,
)
from ....rules.space.words import side as side_word
from .board import Pt, SpaceBoard

REFUSED_TIME = 2.5  #: seconds a refused asteroid outline stays on the paper in red
DOOR_GRAB = 8.0  #: mm: how near the own hangar wall a door drag must start and end
GRAB_PX = 22  #: a press this close to one of your ships' noses (screen pixels) picks it up
INWARD = {"bottom": 90.0, "top": 270.0, "left": 0.0, "right": 180.0}


def _wrap_deg(a: float) -> float:
    return a % 360.0


class SpaceGestures(SpaceBoard):
    """Turns presses, drags, keys and buttons into actions (and answers where a lesson's next one goes)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        s = self.state
        if s.is_over():
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in [*self.buttons.items(), *self.card_buttons.items()]
                        if b is event.ui_element), None)
            return self._button(key) if key else False
        if event.type == pygame.MOUSEMOTION:
            self._fit()
            self.hover = self.mm(event.pos) if self.paper_rect().inflate(40, 40).collidepoint(event.pos) else None
            if self.drag is not None and self.hover is not None:
                self.drag["trail"].append((pygame.time.get_ticks() / 1000.0, self.hover))
                self.drag["trail"] = self.drag["trail"][-8:]
                if s.phase == "heading":
                    self._heading_to(self.hover)
                if s.phase == "field" and (not self.outline or math.dist(self.outline[-1], self.hover) > 1.0):
                    self.outline.append(self.hover)
            return self.drag is not None
        if event.type == pygame.KEYDOWN:
            used = self._key(event)
            self._sync_widgets()
            return used
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self._fit()
            if not self.paper_rect().collidepoint(event.pos):
                return False
            return self._press(self.mm(event.pos), event.button)
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self._fit()
            used = self._release(self.mm(event.pos))
            self._sync_widgets()
            return used
        if event.type == pygame.MOUSEWHEEL:
            if s.phase == "ships":
                base = self.place_heading if self.place_heading is not None else self._placement((0, 0)).heading
                self.place_heading = _wrap_deg(base + 15 * event.y)
                return True
            if s.phase == "heading":
                self._turn(math.radians(5 * event.y))
                return True
        return False

    def _button(self, key: str) -> bool:
        s = self.state
        used = True
        if key in ("move", "shot"):
            self.mode = key
        elif key == "residue":
            self.show_residue = not self.show_residue
        elif key == "aim":
            self.show_aim = not self.show_aim
        elif key.startswith("pencil_"):
            self.pencil = key[len("pencil_"):]
        elif key == "hand":
            self.hand_mode = not self.hand_mode
        elif key == "pass":
            used = self.ctx.submit(Pass())
        elif key == "draw":
            used = self._call_draw()
        elif key in ("accept", "refuse"):
            used = self._answer(key == "accept")
        elif key == "turret":
            self.turret = not self.turret
        elif key == "done":
            used = self.ctx.submit(FieldDone())
        elif key == "confirm" and s.phase == "heading":
            used = self._confirm_heading()
        self._sync_widgets()
        return used

    def _key(self, event: pygame.event.Event) -> bool:
        s = self.state
        key = event.key
        if key == pygame.K_e:
            self.show_residue = not self.show_residue
            return True
        if key == pygame.K_a:
            self.show_aim = not self.show_aim
            return True
        if key == pygame.K_d and s.game.settings["stalemate"]:
            return self._call_draw()
        if s.phase == "draw":
            if key in (pygame.K_y, pygame.K_n):
                return self._answer(key == pygame.K_y)
            return False
        if s.phase == "heading":
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
                fine = 1 if event.mod & pygame.KMOD_SHIFT else 5
                self._turn(math.radians(fine if key in (pygame.K_LEFT, pygame.K_UP) else -fine))
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self._confirm_heading()
            return False
        if s.phase == "field" and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.ctx.submit(FieldDone())
        if s.phase == "ships":
            if key == pygame.K_t:
                if not s.game.settings["turrets"]:
                    self.ctx.refuse(M("Turrets are not in play (turn the variant on)."), "S-V8")
                    return False
                self.turret = not self.turret
                return True
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                base = self.place_heading if self.place_heading is not None else self._placement((0, 0)).heading
                self.place_heading = _wrap_deg(base + (15 if key == pygame.K_LEFT else -15))
                return True
            return False
        if s.phase != "play":
            return False
        if key == pygame.K_m:
            self.mode = "move"
            return True
        if key == pygame.K_s or key == pygame.K_TAB:
            self.mode = "shot" if key == pygame.K_s or self.mode == "move" else "move"
            return True
        if key in (pygame.K_1, pygame.K_2, pygame.K_3):
            choice = ("hb", "stub", "long")[key - pygame.K_1]
            if choice in s.game.pencils():
                self.pencil = choice
                return True
            self.ctx.refuse(M("Only the HB pencil is on the table (turn on 'Several pencils')."), "S-V10")
            return False
        if key == pygame.K_h and s.game.settings["stopper"]:
            self.hand_mode = not self.hand_mode
            return True
        if key == pygame.K_BACKSPACE:
            self.stopper = None
            return True
        if key == pygame.K_p:
            return self.ctx.submit(Pass())
        return False

    # -- presses and drags on the paper ---------------------------------------------------------
    def _press(self, at: Pt, button: int) -> bool:
        s = self.state
        self.hover = at
        now = pygame.time.get_ticks() / 1000.0
        if s.phase == "draw":
            self.ctx.refuse(M("A draw is proposed: accept it or refuse it first (the buttons on the card, Y or N)."),
                            "S-V4")
            return True
        if s.phase == "play":
            if self.hand_mode:
                self.drag = {"kind": "hand", "start": at, "trail": [(now, at)]}
                return True
            p = self._piece_at(at)
            if p is None:
                self.drag = {"kind": "miss", "start": at, "trail": [(now, at)]}
                return True
            if p.owner != s.seat:
                # TRANSLATORS: {who} is a player ("Orange (top)")
                self.ctx.refuse(M("That is {who}'s ship: press on the nose of one of yours.",
                                  who=s.game.player_name(p.owner)), "S-T1")
                return True
            mode = "shot" if button == 3 or p.kind == "turret" else self.mode
            self.drag = {"kind": "flick", "ship": p.id, "start": (p.x, p.y), "mode": mode, "trail": [(now, at)]}
            return True
        if s.phase == "field":
            self.outline = [at]
            self.refused_outline = None
        if s.phase == "door" and not self._on_own_wall(at):
            self._refuse_door()
            return True
        self.drag = {"kind": s.phase, "start": at, "trail": [(now, at)]}
        if s.phase == "heading":
            self._heading_to(at)
        return True

    def _release(self, at: Pt) -> bool:
        s = self.state
        d, self.drag = self.drag, None
        if d is None:
            return False
        if s.phase == "door":
            if not self._on_own_wall(at):
                self._refuse_door()
                return True
            return self.ctx.submit(PlaceDoor(self._door_at(at)))
        if s.phase == "ships":
            return self.ctx.submit(self._placement(d["start"], at))
        if s.phase == "field":
            return self._submit_outline()
        if s.phase == "heading":
            self._heading_to(at)
            return self._confirm_heading()
        if d["kind"] == "miss":
            self.ctx.refuse(M("Press on the nose of one of your ships, then drag the way it should go."))
            return False
        if d["kind"] == "hand":
            x1, y1 = d["start"]
            self.hand_mode = False
            if math.dist(d["start"], at) < 3:
                self.stopper = None
                return True
            self.stopper = (round(x1, 2), round(y1, 2), round(at[0], 2), round(at[1], 2))
            return True
        if d["kind"] != "flick":
            return False
        if math.dist(d["start"], at) < 1.5:
            self.ctx.refuse(M("Drag away from the nose before you let go: the drag gives direction and strength."))
            return False
        angle = math.degrees(math.atan2(at[1] - d["start"][1], at[0] - d["start"][0]))
        strength = round(max(0.005, self._strength(d, at)), 4)
        ok = self.ctx.submit(Flick(d["ship"], d["mode"], round(angle, 2), strength, self.pencil, self.stopper))
        if ok:
            self.stopper = None
        return ok

    def _selected(self) -> int | None:
        return self.drag.get("ship") if self.drag else None

    def _piece_at(self, mouse: Pt) -> Piece | None:
        """The piece whose nose (or body) is near the pointer: a generous reach (GRAB_PX on screen, at least
        4.5 mm), the player's own pieces first, so a small ship is easy to pick up at any window size."""
        reach = max(4.5, GRAB_PX / max(self.scale, 1e-6))
        s = self.state
        for owned in (True, False):
            best, dist = None, reach
            for p in s.pieces:
                if (p.owner == s.seat) != owned:
                    continue
                d = min(math.dist(mouse, (p.x, p.y)) * 0.8, p.body().distance(Point(mouse)) + 1.5)
                if d < dist:
                    best, dist = p, d
            if best is not None:
                return best
        return None

    def _strength(self, d: dict[str, Any], at: Pt) -> float:
        """Drag length over the pencil's reach; a quick release adds up to a quarter more."""
        length = math.dist(d["start"], at)
        return min(1.0, length / PENCILS[self.pencil].reach * (1 + 0.25 * self._release_speed(d["trail"])))

    @staticmethod
    def _release_speed(trail: list[tuple[float, Pt]]) -> float:
        """0 = slow and careful, 1 = a snap (about 600 mm/s over the last moments of the drag)."""
        if len(trail) < 2:
            return 0.0
        (t0, a), (t1, b) = trail[max(0, len(trail) - 4)], trail[-1]
        if t1 - t0 <= 1e-3:
            return 0.0
        return min(1.0, math.dist(a, b) / (t1 - t0) / 600.0)

    def _allowed(self, action: Any) -> bool:
        try:
            self.state.check(action)
        except IllegalAction:
            return False
        return True

    # -- setting up: the door, the asteroids, the fleet ---------------------------------------------
    def _on_own_wall(self, at: Pt) -> bool:
        """S-U3: a door is drawn on the placing player's own hangar wall, nowhere else."""
        h = self.state.game.hangars[self.state.seat]
        return bool(LineString([h.wall_a, h.wall_b]).distance(Point(at)) <= DOOR_GRAB)

    def _door_at(self, mouse: Pt) -> float:
        h = self.state.game.hangars[self.state.seat]
        (ax, ay), (bx, by) = h.wall_a, h.wall_b
        length = h.wall_length
        t = ((mouse[0] - ax) * (bx - ax) + (mouse[1] - ay) * (by - ay)) / length
        return round(min(length - IN / 2, max(IN / 2, t)), 1)

    def _refuse_door(self) -> None:
        s = self.state
        # TRANSLATORS: {who} is a player ("Blue (bottom)"), {side} the side of the paper ("bottom")
        self.ctx.refuse(M("{who}: draw the door on your own hangar wall (the one at the {side} of the paper): drag "
                          "along it and let go where the door goes.", who=s.game.player_name(s.seat),
                          side=side_word(s.game.hangars[s.seat].side)), "S-U3")

    def _submit_outline(self) -> bool:
        pts, self.outline = self.outline, []
        if len(pts) < 3:
            self.ctx.refuse(M("Drag a closed loop to draw an asteroid."))
            return False
        poly = outline_polygon(pts)
        if poly is None:
            self.ctx.refuse(M("That outline does not close into one asteroid; draw a single loop."))
            self.refused_outline = (pts, REFUSED_TIME)
            return False
        ok = self.ctx.submit(DrawAsteroid(tuple((round(x, 2), round(y, 2)) for x, y in poly.exterior.coords[:-1])))
        if not ok:
            self.refused_outline = ([(float(x), float(y)) for x, y in poly.exterior.coords], REFUSED_TIME)
        return ok

    def _placement(self, at: Pt, towards: Pt | None = None) -> PlacePiece:
        """A ship with its nose at ``at``; a drag from there points it (else the wheel/arrow heading)."""
        h = self.state.game.hangars[self.state.seat]
        heading = self.place_heading if self.place_heading is not None else INWARD[h.side]
        if towards is not None and math.dist(at, towards) > 3.0:
            heading = _wrap_deg(math.degrees(math.atan2(towards[1] - at[1], towards[0] - at[0])))
        return PlacePiece(round(at[0], 2), round(at[1], 2), round(heading, 1), self.turret)

    # -- the landed ship's heading (S-M6) -----------------------------------------------------------
    def _placed(self, degrees: float) -> tuple[float, float, float]:
        """Where the rules would set the pending ship down for this heading (cached: a search)."""
        key = (self.state.pending, self.state.landing, round(degrees % 360, 2))
        if self._placed_cache is None or self._placed_cache[0] != key:
            self._placed_cache = (key, self.state.placement(round(degrees % 360, 2)))
        return self._placed_cache[1]

    def _heading_to(self, at: Pt) -> None:
        s = self.state
        p = s.piece(s.pending) if s.pending is not None else None
        end = s.landing or ((p.x, p.y) if p is not None else None)
        if p is not None and end is not None and math.dist(at, end) > 1.0:
            self.heading_preview = math.atan2(at[1] - end[1], at[0] - end[0])

    def _turn(self, step: float) -> None:
        s = self.state
        p = s.piece(s.pending) if s.pending is not None else None
        if p is not None:
            base = self.heading_preview if self.heading_preview is not None else p.heading
            self.heading_preview = base + step

    def _confirm_heading(self) -> bool:
        s = self.state
        p = s.piece(s.pending) if s.pending is not None else None
        if p is None:
            return False
        h = self.heading_preview if self.heading_preview is not None else p.heading
        ok = self.ctx.submit(Heading(round(math.degrees(h) % 360, 2)))
        if ok:
            self.heading_preview = None
        return ok

    # -- the stalemate call and the draw proposal (S-V4) --------------------------------------------
    def _caller(self) -> int | None:
        """S-V4: the person at this screen who may call the stalemate now, on their turn or not."""
        s = self.state
        if s.is_over() or not s.can_call_draw():
            return None
        if self.ctx.human_to_move():
            return s.seat
        return next((k for k in s.alive_seats() if self.ctx.seat_kind(k) == "human"), None)

    def _answer(self, accept: bool) -> bool:
        """S-V4 (rev 4): the person to answer a draw proposal accepts or refuses it."""
        if self.state.phase != "draw":
            self.ctx.refuse(M("No draw has been proposed."), "S-V4")
            return False
        return self.ctx.submit(AnswerDraw(accept))

    def _call_draw(self) -> bool:
        caller = self._caller()
        if caller is None:
            self.ctx.refuse(M("A draw may be called after ten turns in a row without a shot."), "S-V4")
            return False
        return self.ctx.submit(CallDraw(by=caller))

    # -- lessons (game/ui/scenes/lesson.py) ---------------------------------------------------------
    def lesson_target(self, action: Any) -> pygame.Rect | None:
        """A flick: the move/shot switch when it is on the other mode, else the ship's nose (press
        there and drag); a heading: a spot on the paper in that direction from where the ship lands."""
        self._fit()
        s = self.state
        box = max(12, int(GRAB_PX * 0.9))
        if isinstance(action, Flick):
            p = s.piece(action.ship)
            if p is None:
                return None
            if action.mode != self.mode and p.kind != "turret" and action.mode in self.buttons:
                return pygame.Rect(self.buttons[action.mode].rect)
            x, y = self.px((p.x, p.y))
            return pygame.Rect(int(x) - box // 2, int(y) - box // 2, box, box)
        if isinstance(action, Heading) and s.phase == "heading" and s.pending is not None:
            p = s.piece(s.pending)
            end = s.landing or ((p.x, p.y) if p is not None else None)
            if end is None:
                return None
            a = math.radians(action.angle)
            x, y = self.px((end[0] + 18 * math.cos(a), end[1] + 18 * math.sin(a)))
            return pygame.Rect(int(x) - box // 2, int(y) - box // 2, box, box)
        return None

    def lesson_window(self, window: dict[str, Any]) -> dict[str, Any] | None:
        """The flick window on the paper: every slow drag from the nose ending in the outline is inside
        (a quick release adds up to a quarter more strength, so ``to`` stays in the nearer part)."""
        self._fit()
        p = self.state.piece(window["ship"])
        if p is None:
            return None
        reach = PENCILS[self.pencil].reach
        (lo, hi), (s_lo, s_hi) = window["angle"], window["strength"]

        def at(deg: float, strength: float) -> Pt:
            a = math.radians(deg)
            return self.px((p.x + reach * strength * math.cos(a), p.y + reach * strength * math.sin(a)))

        n = max(2, int((hi - lo) / 3) + 1)
        arc = [lo + (hi - lo) * i / (n - 1) for i in range(n)]
        outline = [at(d, s_hi) for d in arc] + [at(d, s_lo) for d in reversed(arc)]
        slow = max(s_lo * 1.02, min((s_lo + s_hi) / 2, s_hi / 1.3))
        return {"from": self.px((p.x, p.y)), "to": at((lo + hi) / 2, slow), "outline": outline}


def outline_polygon(points: Sequence[Pt]) -> Polygon | None:
    """The asteroid a hand-drawn loop encloses (self-crossings resolved), or None if it is not one piece."""
    if len(points) < 3:
        return None
    poly = Polygon(points).buffer(0).simplify(0.4)
    if not isinstance(poly, Polygon) or poly.is_empty:
        return None
    return Polygon(poly.exterior.coords)
