"""Paper Tigers' hover cards and previews: what the board shows under the pointer before a click.

The hover card of the unit under the pointer (which unit, its cards with the face-down ones
hidden, T-T2, what it can do, whether it can follow), the line of fire to an enemy with the
odds of the shot (T-A6), the reach circle and the move being dragged with where it ends and
what stops it (T-A1, T-A2), the way into one's own vehicle (T-R1), the targets a follower may
choose (T-F1), the unit being deployed at the cursor, and the tape's and the sight string's
readings.  Nothing here decides: gestures.py submits, this only shows what it would do.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from ....engine import IllegalAction
from ....i18n import tr
from ....msg import N_, M, Mn, Mp
from ....rules.tigers import cards as C
from ....rules.tigers.actions import Mount
from ....rules.tigers.geometry import base_corners
from ....rules.tigers.odds import p_at_least, save_factor
from ....rules.tigers.state import Unit
from ....rules.tigers.words import cm, listing, name, tag
from ... import paper
from .board import Colour, _text_size, unit_tag
from .gestures import TigersGestures


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



class TigersHover(TigersGestures):
    """Draws what the gesture under the pointer would do (what gestures.py would make of it)."""

    def draw_overlays(self, surf: pygame.Surface) -> None:
        s = self.st
        mouse_cm = self.cm(self.mouse)
        human = self.ctx.human_to_move()
        if s.phase == "move" and human:
            uid, allow = s.movers[0]
            u = s.units[uid]
            if u.carrier >= 0:  # T-R1 (rev 3): getting out is the move, whatever the roll: no reach circle
                c = s.units[u.carrier]
                paper.text(surf, N_("click a side to get out"), self.px(c.x, c.y - c.spec.length / 2 - 2), 15,
                           paper.GOOD, "midbottom")
            else:
                start = u.front()
                paper.pencil_circle(surf, paper.GOOD, self.px(*start), allow * self.scale, 1, seed=uid)
                # TRANSLATORS: the reach circle's label; {d} centimetres
                label = M("up to {d} cm", d=cm(allow))
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
            # TRANSLATORS: {what} says what the move does ("7.5 cm"), {why} why it is refused (a sentence)
            paper.note(surf, M("{what}; {why}", what=txt, why=why) if why else txt, (pts[-1][0] + 10, pts[-1][1]), 16, col,
                       within=surf.get_clip() or None)
        if s.phase == "deploy" and human and self.table_rect().collidepoint(self.mouse):
            nxt = next((v for v in s.units if v.side == s.actor and not v.placed), None)
            if nxt is not None:
                face = self.deploy_facing if self.deploy_facing >= 0 else self._deploy_default()
                ghost = [self.px(*q) for q in base_corners(mouse_cm[0], mouse_cm[1], face, nxt.spec.length, nxt.spec.width)]
                pygame.draw.polygon(surf, paper.player_colour(nxt.side), ghost, 2)
                # TRANSLATORS: {name} is the unit's name ("Panther"); Q and E are keys
                paper.text(surf, M("{name} (Q/E turn)", name=name(nxt.name)), (self.mouse[0] + 12, self.mouse[1] + 8),
                           15, paper.INK)
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

    def move_preview(self, drag: Sequence[tuple[float, float]]) -> tuple[dict[str, Any], Any, Any]:
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
                # TRANSLATORS: {unit} is a unit's short tag ("Truck 5"); {d} centimetres
                return got, M("gets into {unit}, {d:.1f} cm", unit=unit_tag(s.units[ride]), d=float(got["travelled"])), ""
            # TRANSLATORS: {unit} is a unit's short tag ("Truck 5")
            return (s.simulate_move(u, path, self.move_facing()), M("to get into {unit}", unit=unit_tag(s.units[ride])),
                    why)
        end = s.simulate_move(u, path, self.move_facing())
        try:
            s.check_move(u, allow, path, self.move_facing())
            why = ""
        except IllegalAction as exc:  # shown live, before the mouse is let go
            why = exc.message
        if end.get("dismount"):
            txt: Any = M("gets out here (T-R1)")
        elif end["stop"]:  # the move that will be made: its real length, and where terrain stops it
            # TRANSLATORS: {d} centimetres; {why} why the move stops ("entered woods")
            txt = M("{d:.1f} cm - stops: {why}", d=float(end["travelled"]), why=end["stop"])
        else:
            txt = M("{d:.1f} cm", d=float(end["travelled"]))
        return end, txt, why

    def mount_way(self, carrier: int, path: tuple[tuple[float, float], ...] = ()) -> tuple[dict[str, Any] | None, Any]:
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
            got: tuple[dict[str, Any] | None, Any] = (
                s.mount_check(Mount(mid, carrier, path, self.move_facing() if path else None)), "")
        except IllegalAction as exc:
            got = (None, exc.message)
        self._mount_cache = (key, got)
        return got

    def mount_preview(self, surf: pygame.Surface, p: tuple[float, float]) -> tuple[Any, Colour] | None:
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
            # TRANSLATORS: {unit} is a unit's short tag ("Truck 5"); {why} the refusal (a sentence)
            return M("Cannot get into {unit}: {why}", unit=unit_tag(c), why=why), paper.WARN
        pts = [self.px(*q) for q in end["path"]]
        paper.pencil_lines(surf, paper.GOOD, pts, False, 2)
        last = end["poses"][-1]  # the squad's base where it reaches the vehicle
        pygame.draw.polygon(surf, paper.GOOD, [self.px(x, y) for x, y in list(last.exterior.coords)[:-1]], 1)
        args = {"unit": unit_tag(s.units[s.movers[0][0]]), "carrier": unit_tag(c), "d": float(end["travelled"])}
        if len(end["path"]) > 2:
            # TRANSLATORS: {unit} and {carrier} are short unit tags ("Inf 2", "Truck 5"); {d} centimetres
            return M("Click: {unit} gets into {carrier}, {d:.1f} cm round what is in the way (or drag your own way "
                     "onto it)", **args), paper.INK
        # TRANSLATORS: {unit} and {carrier} are short unit tags ("Inf 2", "Truck 5"); {d} centimetres
        return M("Click: {unit} gets into {carrier}, {d:.1f} cm (or drag your own way onto it)", **args), paper.INK

    def hover_lines(self, u: Unit) -> list[str]:
        """The hover card: which unit, its cards (face-down ones stay hidden, T-T2), damage,
        shock, passenger, and what it can do."""
        s = self.st
        k = u.spec
        # TRANSLATORS: the hover card's title: {side} Blue or Orange, {unit} the short tag ("Tank 3"), {name} the unit's name, {kind} its type
        lines: list[str] = [M("{side} {unit}: {name} ({kind})", side=s.game.player_name(u.side), unit=unit_tag(u),
                              name=name(u.name), kind=name(k.name))]
        cs = s.assigned.get(u.id, [])
        turned = [c for c, uid in s.queue if uid == u.id]
        if cs or turned:
            # TRANSLATORS: {card} is a card ("queen of hearts") turned for its action
            shown = [C.label(c) if up else Mp("card", "face down") for c, up in cs] + [
                M("{card} (turned)", card=C.label(c)) for c in turned]
            # TRANSLATORS: {cards} lists the unit's cards ("queen of hearts, face down")
            lines.append(M("Cards: {cards}", cards=listing(shown)))
        else:
            lines.append(M("Cards: none"))
        if u.damaged:
            lines.append(M("Damaged: may take a recovery card at each turn's end; in shock (no cards) while damaged; "
                           "a second hit destroys it"))
        if u.passenger >= 0:
            p = s.units[u.passenger]
            # TRANSLATORS: {unit} is the passenger's short tag ("Inf 2"), {name} its name
            lines.append(M("Carries {unit} ({name})", unit=unit_tag(p), name=name(p.name)))
        if u.carrier >= 0:
            # TRANSLATORS: {unit} is the vehicle's short tag ("Truck 5")
            lines.append(M("Rides on {unit}: cannot fire or be fired at", unit=unit_tag(s.units[u.carrier])))
        if u.kind == "infantry":
            lines.append(M("Moves on the card's dice (at most 6 cm per card); fires up to 12 cm"))
        else:
            lines.append(M("Moves on the card's dice; fires at any range"))
        if k.armour_dice and k.carrier:
            # TRANSLATORS: {n} is the number of dice (2D6)
            lines.append(M("Armour save {n}D6, any 5-6; carries one infantry unit", n=k.armour_dice))
        elif k.armour_dice:
            # TRANSLATORS: {n} is the number of dice (2D6)
            lines.append(M("Armour save {n}D6, any 5-6", n=k.armour_dice))
        elif k.carrier:
            lines.append(M("Carries one infantry unit"))
        if s.in_cover(u):  # only infantry is ever in cover (T-A8): no armour, carries nobody
            lines.append(M("In cover: 1D6 save on 5-6"))
        lines.append(Mn("Worth {n} victory point", "Worth {n} victory points", k.vp))
        if s.phase in ("act", "move", "pick", "aboard") and u.alive and not s.has_cards(u.id):
            head = s.units[s.queue[0][1]] if s.phase == "act" and s.queue else None
            if u.id in self.followers:
                lines.append(M("Follows this order (click it again to let it go)"))
            elif head is not None and head.side == u.side and head.id != u.id:
                why = self.follower_refusal(u.id)  # T-F1 now: eligibility and the 7.5 cm
                # TRANSLATORS: {unit} is a unit ("Panther #3")
                lines.append(M("Can follow {unit} now (Follow me!)", unit=tag(head)) if not why else why)
            else:
                why = s.follow_refusal(u)
                lines.append(M("Can follow this turn (Follow me!)") if not why else why)
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
        w = max(paper.font(14).size(tr(line))[0] for line in lines) + 16
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
            # TRANSLATORS: the measuring tape's reading
            return paper.note(surf, M("{d:.1f} cm", d=float(d)), (pb[0] + 10, pb[1] - 10), 18, paper.INK, bold=True,
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
            if blocked:
                # TRANSLATORS: the sight string's reading; {d} centimetres
                reading = M("sight blocked, {d:.1f} cm", d=float(d))
            elif doubt:
                # TRANSLATORS: the sight string's reading; {d} centimetres
                reading = M("sight in doubt: 1D6, 4+ sees, {d:.1f} cm", d=float(d))
            else:
                # TRANSLATORS: the sight string's reading; {d} centimetres
                reading = M("sight clear, {d:.1f} cm", d=float(d))
            return paper.note(surf, reading, (pb[0] + 10, pb[1] - 10), 18, col, bold=True,
                              within=surf.get_clip() or None)

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
                paper.text(surf, Mp("key", "Enter"), (c[0], c[1] - r - 6), 14, paper.WARN, "midbottom", bold=True)
        a = self.px(*s.position(f))
        # TRANSLATORS: {unit} is a unit's short tag ("Tank 3")
        paper.text(surf, M("{unit}: click its target", unit=unit_tag(f)), (a[0], a[1] + f.spec.length / 2 * self.scale + 8), 15,
                   (230, 160, 0), "midtop", bold=True)

    def fire_preview(self, surf: pygame.Surface, p: tuple[float, float]) -> tuple[Any, Colour] | None:
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
        args = {"unit": unit_tag(shooter), "side": s.game.player_name(t.side), "target": unit_tag(t), "n": n,
                "need": need, "chance": pct(p_hit)}
        if doubt and t.damaged:
            # TRANSLATORS: {unit} and {target} are short unit tags ("Tank 3"), {side} Blue or Orange; {n}D6 dice; {chance} a percentage ("42%")
            text = M("{unit} at {side} {target}: {n}D6 needs {need}, sight in doubt: {chance} to destroy", **args)
        elif doubt:
            # TRANSLATORS: {unit} and {target} are short unit tags ("Tank 3"), {side} Blue or Orange; {n}D6 dice; {chance} a percentage ("42%")
            text = M("{unit} at {side} {target}: {n}D6 needs {need}, sight in doubt: {chance} to damage", **args)
        elif t.damaged:
            # TRANSLATORS: {unit} and {target} are short unit tags ("Tank 3"), {side} Blue or Orange; {n}D6 dice; {chance} a percentage ("42%")
            text = M("{unit} at {side} {target}: {n}D6 needs {need}: {chance} to destroy", **args)
        else:
            # TRANSLATORS: {unit} and {target} are short unit tags ("Tank 3"), {side} Blue or Orange; {n}D6 dice; {chance} a percentage ("42%")
            text = M("{unit} at {side} {target}: {n}D6 needs {need}: {chance} to damage", **args)
        return text, paper.INK
