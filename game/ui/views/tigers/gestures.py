"""Paper Tigers' gestures: what a click, a drag, the wheel, a key or a tray button becomes.

Orders are clicks and drags on the table, read by phase: a card of the hand, then a unit,
lays it (T-T3); a click on an enemy fires, on one's own free units near by names them to
follow (T-F1); a path dragged from a unit's front (or a click on open table) moves it, onto
one's own vehicle it gets in (T-R1).  The tray's pencil buttons carry each phase's choices,
with their keys.  The wheel zooms, a right or middle drag pans; T and L take up the tape and
the sight string.  Every decision is the rules' (``ctx.submit``); a gesture the view itself
rejects is said with ``ctx.refuse``.  Lessons ask here where the next click of an action goes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame
from shapely.geometry import LineString

from ....engine import Action
from ....msg import M, Mp, Msg
from ....rules.tigers.actions import (
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
from ....rules.tigers.geometry import FOLLOW_CM, path_length
from ....rules.tigers.words import tag, terrain
from .board import PencilButton, TigersBoard, unit_tag


class TigersGestures(TigersBoard):
    """Turns presses, drags, keys and buttons into actions (and answers where a lesson's next click goes)."""

    # -- input -----------------------------------------------------------------------------------
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
                # TRANSLATORS: {terrain} is hill, woods or building
                self.ctx.refuse(M("That drag started inside the {terrain}: it is selected now (drag it again to move "
                                  "it); start a new piece on open ground.",
                                  terrain=terrain(s.pieces[self.selected_piece]["kind"])), "T-U2")
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

    def follower_refusal(self, uid: int) -> Msg | str:
        """T-F1 at the click: why this unit may not join the chain now ("" when it may)."""
        s = self.st
        _, head = s.queue[0]
        f = s.units[uid]
        if len(self.followers) >= 2:
            return M("At most two more units may follow; click a follower again to let it go.")
        if s.units[head].carrier >= 0:
            return M("A passenger leads nobody: it must dismount first.")
        why = s.follow_refusal(f)
        if why:
            return why
        prev = s.units[self.followers[-1]] if self.followers else s.units[head]
        gap = s.gap(prev, f)
        if gap > FOLLOW_CM + 1e-9:
            # TRANSLATORS: {unit} and {other} are units ("Panther #3"); {d} centimetres
            return M("{unit} is {d:.1f} cm from {other}; a follower must be within 7.5 cm.", unit=tag(f), d=float(gap),
                     other=tag(prev))
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

    # -- the buttons of each phase ---------------------------------------------------------------
    def phase_buttons(self) -> list[PencilButton]:
        s = self.st
        if self.replaying:  # a recorded point: nothing to press (the tools take no input in a replay)
            return []
        out = [PencilButton(Mp("button", "Tape (T)") if self.tool != "tape" else Mp("button", "Tape on (T)"), None, lambda: self.key(pygame.K_t)),
               PencilButton(Mp("button", "Sight (L)") if self.tool != "los" else Mp("button", "Sight on (L)"), None, lambda: self.key(pygame.K_l)),
               PencilButton(Mp("button", "Fit (0)"), None, self.fit)]
        if not self.ctx.human_to_move() or s.is_over():
            return out
        sub = self._submit
        ph = s.phase
        if ph == "rolloff":
            out.append(PencilButton(Mp("button", "Roll off (R)"), pygame.K_r, lambda: sub(RollOff())))
        elif ph == "terrain":
            for kind, key in (("hill", pygame.K_h), ("woods", pygame.K_w), ("building", pygame.K_b)):
                out.append(PencilButton(self._terrain_label(kind), key, lambda k=kind: setattr(self, "terrain_kind", k)))
            out.append(PencilButton(Mp("button", "Terrain done (Enter)"), pygame.K_RETURN, lambda: sub(EndTerrain())))
        elif ph == "side":
            out.append(PencilButton(Mp("button", "North edge (N)"), pygame.K_n, lambda: sub(ChooseSide("north"))))
            out.append(PencilButton(Mp("button", "South edge (S)"), pygame.K_s, lambda: sub(ChooseSide("south"))))
        elif ph == "assign":
            out.append(PencilButton(Mp("button", "Keep the rest (K)"), pygame.K_k, lambda: sub(Keep())))
        elif ph == "pick" and self.selected_unit >= 0:
            uid = self.selected_unit
            out.append(PencilButton(Mp("button", "Turn first (1)"), pygame.K_1, lambda: sub(Pick(uid, 0))))
            out.append(PencilButton(Mp("button", "Turn second (2)"), pygame.K_2, lambda: sub(Pick(uid, 1))))
            out.append(PencilButton(Mp("button", "Turn both (3)"), pygame.K_3, lambda: sub(Pick(uid, 2))))
        elif ph == "act":
            _, head = s.queue[0]
            fol = tuple(self.followers)
            out.append(PencilButton(Mp("button", "Move (M)"), pygame.K_m, lambda: sub(MoveOrder(head, fol))))
            out.append(PencilButton(Mp("button", "Hold (H)"), pygame.K_h, lambda: sub(Skip(head))))
            if self.followers:
                out.append(PencilButton(Mp("button", "Clear followers (C)"), pygame.K_c, lambda: self.followers.clear()))
        elif ph == "move":
            uid, _ = s.movers[0]
            out.append(PencilButton(Mp("button", "Stay (S)"), pygame.K_s, lambda: sub(Move(uid, ()))))
            out.append(PencilButton(Mp("button", "Keep facing: on (F)") if self.keep_facing else Mp("button", "Keep facing: off (F)"), pygame.K_f,
                                    lambda: setattr(self, "keep_facing", not self.keep_facing)))
        elif ph == "volley":
            fid = s.volley[0]
            dflt = self.volley_default()
            if dflt >= 0:
                # TRANSLATORS: a button; {unit} is a unit's short tag ("Tank 3")
                out.append(PencilButton(M("Fire at {unit} (Enter)", unit=unit_tag(s.units[dflt])), pygame.K_RETURN,
                                        lambda: sub(FollowFire(fid, dflt))))
            out.append(PencilButton(Mp("button", "Hold fire (H)"), pygame.K_h, lambda: sub(FollowFire(fid, -1))))
        elif ph == "aboard":
            pid = s.aboard[0][0]
            out.append(PencilButton(Mp("button", "Keep aboard (K)"), pygame.K_k, lambda: sub(KeepAboard(pid, True))))
            out.append(PencilButton(Mp("button", "Dismount (D)"), pygame.K_d, lambda: sub(KeepAboard(pid, False))))
        elif ph == "recover":
            out.append(PencilButton(Mp("button", "No more recovery (Enter)"), pygame.K_RETURN, lambda: sub(EndRecovery())))
        return out

    def _terrain_label(self, kind: str) -> Msg:
        """The button of a terrain kind, starred while it is the kind laid."""
        on = self.terrain_kind == kind
        if kind == "hill":
            return Mp("button", "*Hill (H)") if on else Mp("button", "Hill (H)")
        if kind == "woods":
            return Mp("button", "*Woods (W)") if on else Mp("button", "Woods (W)")
        return Mp("button", "*Building (B)") if on else Mp("button", "Building (B)")

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

    # -- lessons ---------------------------------------------------------------------------------
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
    line = LineString(pts).simplify(tol)
    return [(float(x), float(y)) for x, y in line.coords]

