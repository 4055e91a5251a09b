"""Amoeba's gestures: what a click, a drag, the wheel or a key becomes.

Map phase: a freehand stroke becomes DrawCountry (a refused outline stays on the paper in red
with the reason).  Placement: click an empty country, then a number (digits, wheel or the
picker) becomes Place.  Movement: click an enemy country twice to Attack (F picks the follow-up,
J proposes a joint attack); drag from your country to neighbours to draw a Move or a Gather,
the wheel sets how many, Enter confirms.  Simultaneous turns (A-V8): click a country twice to
Point at it, then write the troops down the same way.
"""

from __future__ import annotations

import math
import time

import pygame

from ....engine import Action, IllegalAction
from ....levels import LevelError, save_user_level
from ....msg import M, Mn
from ....rules.amoeba.actions import (
    AnswerJoint,
    Attack,
    DrawCountry,
    FinishMap,
    Gather,
    Move,
    Place,
    Point,
    ProposeJoint,
)
from ....rules.amoeba.geometry import map_to_level, unsavable


class GesturesMixin:
    """The input part of AmoebaView: the gesture in progress lives in the view's fields
    (``stroke``, ``selected``/``number``, ``target``/``follow_pick``, ``drag_from``/``legs``)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._fit()
        s = self.st
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self._quiet_cell and not any(n == self._quiet_cell and r.collidepoint(event.pos)
                                            for r, n in self.number_cells):
                self._quiet_cell = 0  # the pointer left the number just placed: its reason may show again
            if self.drawing and s.phase == "map":
                p = self.to_mm(event.pos)
                if not self.stroke or math.dist(p, self.stroke[-1]) > 0.8:
                    self.stroke.append(p)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    return True  # handled on release
            if s.phase == "map" and self.sheet.collidepoint(event.pos):
                self.drawing = True
                self.refused = None
                self.stroke = [self.to_mm(event.pos)]
                return True
            if s.phase in ("move", "detail") and not self._pointing():
                c = self.country_at(event.pos)
                if c >= 0 and s.owner[c] == s.player:
                    self.drag_from = c
                    return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    return self._button(b.key)
            if s.phase == "map":
                return self._finish_stroke()
            if s.phase == "place":
                return self._click_place(event.pos)
            if self._pointing():
                return self._click_point(event.pos)
            if s.phase in ("move", "detail"):
                return self._release_move(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self._cancel()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self._wheel(1 if event.y > 0 else -1)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _submit(self, action: Action) -> bool:
        ok = self.ctx.submit(action)
        if ok:
            self.selected, self.target, self.drag_from = -1, -1, -1
            self.legs = []
            self.typed = ""
            self.follow_pick = 0
            if isinstance(action, Place):
                self.number = 0  # it stands on the map now (A-P4): not a struck-through leftover
        return ok

    def _cancel(self) -> None:
        self.selected, self.target, self.drag_from = -1, -1, -1
        self.legs, self.typed, self.stroke, self.drawing = [], "", [], False

    def _button(self, key: str) -> bool:
        if key == "done":
            return self._submit(FinishMap())
        if key == "save":
            self._save_map()
            return True
        if key == "accept":
            return self._submit(AnswerJoint(True))
        if key == "decline":
            return self._submit(AnswerJoint(False))
        if key == "go":
            return self._confirm()
        if key == "joint" and self.target >= 0:
            return self._propose_joint()
        if key == "follow":
            self.follow_pick += 1
            return True
        if key == "cancel":
            self._cancel()
            return True
        return False

    def _save_map(self) -> None:
        """Save the map drawn so far among the user's maps (listed under Saved map on the setup screen)."""
        why = unsavable(self.st.map)
        if why:
            self.ctx.refuse(why)
            return
        name = time.strftime("drawn-%Y%m%d-%H%M%S")
        try:
            save_user_level("amoeba", name, map_to_level(self.st.map, name))
        except (LevelError, OSError) as exc:
            # TRANSLATORS: {why} is the system's own reason (it may stay in English).
            self.ctx.refuse(M("The map could not be saved: {why}.", why=getattr(exc, "strerror", None) or str(exc)))
            return
        # TRANSLATORS: {name} is the saved map's file name; "Saved map" is the setup screen's setting.
        self._say(M("Map saved as {name}: pick it under Saved map on the setup screen.", name=name))

    def _say(self, text: str) -> None:
        self.note, self.note_until = text, time.monotonic() + 4.0

    def _finish_stroke(self) -> bool:
        if not self.drawing:
            return False
        self.drawing = False
        pts = self.stroke
        self.stroke = []
        if len(pts) < 3:
            return False
        action = DrawCountry(tuple((round(x, 2), round(y, 2)) for x, y in pts))
        try:
            self.st.check(action)
        except IllegalAction as exc:
            self.refused = (pts, exc.message)
            self.ctx.refuse(exc.message, exc.rule)
            return True
        self.refused = None
        self._submit(action)
        return True

    # placement ------------------------------------------------------------------
    def _allowed(self) -> list[int]:
        s = self.st
        return s.allowed_numbers(s.player) if s.phase == "place" else []

    def _why_not(self, n: int) -> str:
        return self._why_not_rule(n)[0]

    def _why_not_rule(self, n: int) -> tuple[str, str]:
        """Why ``n`` cannot be placed now, and the rule that says so ("" when it can)."""
        s = self.st
        p = s.player
        if n > s.cap:
            return M("above the cap {cap}", cap=s.cap), "A-P3"
        if n > s.remaining[p]:
            return Mn("only {n} left", "only {n} left", s.remaining[p]), "A-P6"
        for c in range(s.map.n):
            if s.troops[c] == n:
                return Mn("#{country} holds {n}", "#{country} holds {n}", n, country=c + 1), "A-P4"
        return "", ""

    def _click_place(self, pos: tuple[int, int]) -> bool:
        s = self.st
        for rect, n in self.number_cells:
            if rect.collidepoint(pos):
                why, rule = self._why_not_rule(n)
                if why:
                    # TRANSLATORS: {why} is a short reason such as "above the cap 25" (the line starts "Not allowed:").
                    self.ctx.refuse(Mn("{n} troops, {why}.", "{n} troops, {why}.", n, why=why), rule)
                    return True
                self.number = n
                if self.selected >= 0:
                    if self._submit(Place(self.selected, n)):
                        self._quiet_cell = n  # placed: no "holds n" reason under a pointer that has not left
                    return True
                return True
        c = self.country_at(pos)
        if c < 0:
            return False
        if s.owner[c] >= 0:
            self.ctx.refuse(M("Troops go only into an empty country."), "A-P2")
            return True
        if c == self.selected and self.number in self._allowed():
            return self._submit(Place(c, self.number))
        self.selected = c
        allowed = self._allowed()
        if self.number not in allowed and allowed:
            self.number = allowed[-1]
        return True

    def _wheel(self, step: int) -> None:
        s = self.st
        if s.phase == "place":
            allowed = self._allowed()
            if not allowed:
                return
            if self.number not in allowed:
                self.number = allowed[-1]
                return
            i = allowed.index(self.number) + step
            self.number = allowed[max(0, min(len(allowed) - 1, i))]
        elif s.phase in ("move", "detail") and self.legs:
            src, _dst, n = self.legs[-1]
            used = sum(leg[2] for leg in self.legs[:-1] if leg[0] == src)
            self.legs[-1][2] = max(1, min(s.troops[src] - used, n + step))

    def _key(self, event: pygame.event.Event) -> bool:
        s = self.st
        k = event.key
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if s.phase == "map":
                return self._submit(FinishMap())
            return self._confirm()
        if k == pygame.K_BACKSPACE:
            if self.typed:
                self.typed = self.typed[:-1]
            else:
                self._cancel()
            return True
        if s.phase == "map" and k == pygame.K_s:
            self._save_map()
            return True
        if s.phase == "joint" and k in (pygame.K_y, pygame.K_n):
            return self._submit(AnswerJoint(k == pygame.K_y))
        if s.phase == "move" and k == pygame.K_j and self.target >= 0:
            return self._propose_joint()
        if s.phase in ("move", "detail") and k == pygame.K_f:
            self.follow_pick += 1
            return True
        if k in (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_RIGHT):
            self._wheel(1)
            return True
        if k in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_LEFT):
            self._wheel(-1)
            return True
        if s.phase == "place" and pygame.K_0 <= k <= pygame.K_9:
            self.typed = (self.typed + chr(k))[-2:]
            self.number = int(self.typed)
            return True
        return False

    def _confirm(self) -> bool:
        s = self.st
        if s.phase == "place" and self.selected >= 0:
            return self._submit(Place(self.selected, self.number))
        if s.phase in ("move", "detail"):
            if self.legs:
                return self._submit_legs()
            if self.target >= 0 and self._pointing() and s.owner[self.target] in (-1, s.player):
                return self._submit(Point(self.target))
            if self.target >= 0:
                return self._submit(self._attack_action())
        return False

    # A-V8 (rev 2): the secret choice is a point at a country, as the seed plays it ------------
    def _pointing(self) -> bool:
        """A simultaneous turn before the reveal: the player points at one country."""
        s = self.st
        return s.phase == "move" and bool(s.settings["simultaneous"])

    def _click_point(self, pos: tuple[int, int]) -> bool:
        s = self.st
        c = self.country_at(pos)
        if c < 0:
            return False
        mine = s.owner[c] == s.player
        gather_here = s.owner[c] < 0 and s.settings["gathering"]
        if not (mine or gather_here or s.owner[c] >= 0):
            self.ctx.refuse(M("Point at your own country to move from it, or at an enemy's to attack it."), "A-G3")
            return True
        if mine or gather_here:
            try:  # rev 4: a point the rules refuse (an empty country only one of yours borders) says why at once
                s.check(Point(c))
            except IllegalAction as exc:
                self.ctx.refuse(exc.message, exc.rule)
                self.target = -1
                return True
        if c == self.target:
            return self._submit(Point(c) if (mine or gather_here) else self._attack_action())
        self.target = c
        self.follow_pick = 0
        return True

    # movement -------------------------------------------------------------------
    def _follow_options(self, t: int) -> list[tuple[tuple[int, int], ...]]:
        s = self.st
        mode = s.settings["follow_up"]
        if mode == "off" or self._pointing() or t < 0 or s.owner[t] < 0 or s.kill_count(t) < s.troops[t]:
            return [()]
        srcs = s.attackers(t, s.player)
        out: list[tuple[tuple[int, int], ...]] = [()]
        out += [((c, s.troops[c]),) for c in srcs]
        if mode == "every" and len(srcs) > 1:
            out.append(tuple((c, s.troops[c]) for c in srcs))
        return out

    def _attack_action(self) -> Attack:
        opts = self._follow_options(self.target)
        return Attack(self.target, opts[self.follow_pick % len(opts)])

    def _propose_joint(self) -> bool:
        s = self.st
        t = self.target
        o = s.owner[t]
        partners = tuple(q for q in s.alive() if q not in (s.player, o) and s.attackers(t, q))
        if not partners:
            self.ctx.refuse(M("Nobody else has troops next to that country."), "A-V7")
            return True
        return self._submit(ProposeJoint(t, partners))

    def _release_move(self, pos: tuple[int, int]) -> bool:
        s = self.st
        c = self.country_at(pos)
        src = self.drag_from
        self.drag_from = -1
        if src >= 0 and c >= 0 and c != src:
            used = sum(leg[2] for leg in self.legs if leg[0] == src)
            left = s.troops[src] - used
            for leg in self.legs:
                if leg[0] == src and leg[1] == c:
                    return True
            if left <= 0:
                self.ctx.refuse(M("Every troop of #{country} is already on its way.", country=src + 1), "A-G3")
                return True
            if c not in s.adj(src):
                self.ctx.refuse(M("Country #{country} is not next to #{source}: troops move only between "
                                  "countries that share a border.", country=c + 1, source=src + 1), "A-G3")
                return True
            self.legs.append([src, c, left])
            self.target = -1
            return True
        if c < 0:
            return False
        if src >= 0 and c == src and self.legs:
            return self._submit_legs()
        if s.owner[c] >= 0 and s.owner[c] != s.player:
            if c == self.target:
                return self._submit(self._attack_action())
            self.target = c
            self.follow_pick = 0
            self.legs = []
            return True
        return False

    def _submit_legs(self) -> bool:
        s = self.st
        legs = self.legs
        srcs = {leg[0] for leg in legs}
        dsts = {leg[1] for leg in legs}
        pointed = s.pending.get(s.player) if s.phase == "detail" else None
        if isinstance(pointed, Point) and s.owner[pointed.country] < 0 and dsts == {pointed.country}:
            # A-V8 with A-V6: pointed at an empty country, the troops written down gather into it,
            # from one of the countries around it or from several
            action: Action = Gather(pointed.country, tuple((src, n) for src, _d, n in legs))
        elif len(srcs) == 1:
            action = Move(legs[0][0], tuple((d, n) for _s, d, n in legs))
        elif len(dsts) == 1:
            action = Gather(legs[0][1], tuple((src, n) for src, _d, n in legs))
        else:
            self.ctx.refuse(M("A move has one source (or, gathering, one destination)."),
                            "A-V6" if self.st.game.settings.get("gathering") else "A-G3")
            self.legs = []
            return True
        ok = self._submit(action)
        if not ok:
            self.legs = []
        return ok
