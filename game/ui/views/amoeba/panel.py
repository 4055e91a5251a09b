"""Amoeba's side panel: what it says in each phase, its buttons, and the margin and hint lines.

The panel stands beside the sheet, or under it on a wide, low board area (``panel_under``).
Map phase: the count of countries and Done / Save map.  Placement: the troop picker, with the
numbers that are not allowed struck through and the reason of a hovered one.  Movement: the
attack preview, the move being drawn, the secret point (A-V8) and the joint attack (A-V7), each
with its outlines and arrows on the board.
"""

from __future__ import annotations

import pygame

from ....msg import M, Mn, Mp, Msg
from ....rules.amoeba.actions import Attack, Gather, Move, Point
from ....rules.amoeba.words import comma_list, player_tag, say
from ... import paper
from .board import RED, draw_refusal, draw_stroke, tint

PANEL_W = 200  #: the side panel beside the sheet ...
PANEL_H = 160  #: ... or under it, whichever leaves the sheet bigger


class Button:
    """A pencil-drawn button inside the board (clicks reach the view as mouse events)."""

    def __init__(self, label: str, key: str) -> None:
        self.label = label
        self.key = key
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surf: pygame.Surface, hot: bool) -> None:
        pygame.draw.rect(surf, paper.ERASER if hot else paper.PAPER, self.rect)
        paper.pencil_lines(surf, paper.INK, [self.rect.topleft, self.rect.topright, self.rect.bottomright,
                                             self.rect.bottomleft], True, 2, len(self.label))
        paper.text(surf, self.label, self.rect.center, 20, paper.INK, "center")



class PanelMixin:
    """The panel part of AmoebaView: one drawing method per phase (called from ``draw``), the
    panel's buttons (clicks on them reach ``_button`` in gestures.py), margin lines and the hint."""

    @property
    def text_w(self) -> int:
        """The width the panel's sentences wrap to (under the sheet the buttons stand at the right)."""
        return max(160, self.panel.w - 2 * 188) if self.panel_under else self.panel.w

    def _panel_buttons(self, labels: list[tuple[str, str]], y: int) -> int:
        """The buttons under the panel's text, or, in a panel under the sheet, in columns at its right."""
        self.buttons = []
        rows = max(1, (self.panel.h + 8) // 44)
        for i, (label, key) in enumerate(labels):
            b = Button(label, key)
            if self.panel_under:
                col, row = divmod(i, rows)
                b.rect = pygame.Rect(self.panel.right - 180 - col * 188, self.panel.y + row * 44, 180, 36)
            else:
                b.rect = pygame.Rect(self.panel.x, y, min(180, self.panel.w), 36)
                y += 44
            self.buttons.append(b)
        return y

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface, b.rect.collidepoint(self.mouse))

    def _draw_map_phase(self, surface: pygame.Surface) -> None:
        s = self.st
        draw_stroke(surface, [self.to_px(*p) for p in self.stroke])
        if self.refused is not None:
            pts, why = self.refused
            draw_refusal(surface, [self.to_px(*p) for p in pts], why, self.sheet)
        y = self.panel.y
        paper.text(surface, Mn("{n} country", "{n} countries", s.map.n), (self.panel.x, y), 22, paper.INK, bold=True)
        # TRANSLATORS: drawing the map ends by itself at {n} countries (A-M3).
        paper.text(surface, M("ends at {n}", n=s.game.countries_wanted), (self.panel.x, y + 26), 18, paper.GRAPHITE)
        if not self.ctx.human_to_move():  # no dead buttons for another seat's turn (online: the other window's)
            self.buttons = []
            if not self.replaying:
                paper.text(surface, M("{who} draws...", who=s.game.player_name(s.player)), (self.panel.x, y + 60), 20,
                           paper.GRAPHITE)
            return
        y = self._panel_buttons([(Mp("button", "Done (Enter)"), "done"), (Mp("button", "Save map (S)"), "save")], y + 60)
        self._draw_buttons(surface)

    def _draw_place_phase(self, surface: pygame.Surface) -> None:
        s = self.st
        hover = self._draw_neighbours(surface)
        if hover >= 0 and s.owner[hover] < 0:
            self._outline(surface, hover, paper.FAINT, 3)
        typed_why = self._why_not(self.number) if self.number else ""
        self.shown["struck"] = self.number if typed_why else 0
        if self.selected >= 0 and s.owner[self.selected] < 0:
            self._outline(surface, self.selected, paper.player_colour(s.player), 4)
            x, y = self.to_px(*s.map.labels[self.selected])
            if self.number:
                size = max(18, int(self.scale * 6))
                colour = paper.FAINT if typed_why else tint(paper.player_colour(s.player), 0.4)
                box = paper.text(surface, str(self.number), (x, y), size, colour, "center", bold=True)
                if typed_why:  # struck through as the picker does, before Enter
                    self._strike(surface, box)
        # the number picker (only for the person to move: a computer's numbers are its own business)
        x0, y0 = self.panel.x, self.panel.y
        if not self.ctx.human_to_move():
            self.number_cells, self.buttons = [], []
            if not self.replaying:  # a replay shows the action on the board, not who is to place next
                paper.text(surface, M("{who} places...", who=s.game.player_name(s.player)), (x0, y0), 20, paper.GRAPHITE)
            return
        paper.text(surface, M("How many?"), (x0, y0), 22, paper.INK, bold=True)
        allowed = set(self._allowed())
        top = max(s.cap, max(allowed, default=1))
        cols = max(5, (self.panel.w - 4) // 36) if self.panel_under else 5
        cell = max(26, min(36, (self.panel.w - 4) // cols))
        self.number_cells = []
        hover_reason = ""
        for n in range(1, top + 1):
            r, c = divmod(n - 1, cols)
            rect = pygame.Rect(x0 + c * cell, y0 + 30 + r * (cell - 4), cell - 4, cell - 8)
            self.number_cells.append((rect, n))
            ok = n in allowed
            if n == self.number and ok:
                pygame.draw.rect(surface, tint(paper.player_colour(s.player), 0.6), rect)
            paper.text(surface, str(n), rect.center, 18, paper.INK if ok else paper.FAINT, "center", bold=ok)
            if not ok:
                pygame.draw.line(surface, RED, (rect.left + 3, rect.bottom - 4), (rect.right - 3, rect.top + 4), 2)
                if rect.collidepoint(self.mouse) and n != self._quiet_cell:
                    # TRANSLATORS: a struck-through number and why it cannot be placed: "8: #3 holds 8".
                    hover_reason = M("{n}: {why}", n=n, why=self._why_not(n))
        y = y0 + 30 + ((top - 1) // cols + 1) * (cell - 4) + 8
        if self.number and typed_why:
            box = paper.text(surface, f"{self.number}", (x0, y), 20, paper.FAINT, bold=True)
            self._strike(surface, box)
            for line in paper.wrap(M("not allowed: {why}", why=typed_why), 17, self.panel.w - 34):
                paper.text(surface, line, (x0 + 34, y + 2), 17, RED)
                y += 19
            y += 6
        self.shown["reason"] = hover_reason
        if hover_reason:
            for line in paper.wrap(hover_reason, 17, self.panel.w - 4):
                paper.text(surface, line, (x0, y), 17, RED)
                y += 19
        self.buttons = []

    @staticmethod
    def _strike(surface: pygame.Surface, box: pygame.Rect | None) -> None:
        if box is not None:
            pygame.draw.line(surface, RED, (box.left - 2, box.bottom - 3), (box.right + 2, box.top + 3), 2)

    def _draw_move_phase(self, surface: pygame.Surface) -> None:
        s = self.st
        me = s.player
        if self.drag_from < 0 and not self.legs:
            self._draw_neighbours(surface)
        x0, y = self.panel.x, self.panel.y
        labels: list[tuple[str, str]] = []
        if s.phase == "joint" and s.joint is not None:
            t = s.joint["target"]
            self._outline(surface, t, RED, 4)
            paper.text(surface, M("Joint attack?"), (x0, y), 22, paper.INK, bold=True)
            # TRANSLATORS: the joint attack on #{country}: the partners' sum {have} against {defenders}.
            paper.text(surface, M("on #{country}: {have} vs {defenders}", country=t + 1,
                                  have=s.attack_sum(t, (s.joint["proposer"], *s.joint["partners"])),
                                  defenders=s.troops[t]), (x0, y + 26), 18, paper.INK)
            if not self.ctx.human_to_move():
                self.buttons = []
                if not self.replaying:
                    paper.text(surface, M("{who} answers...", who=s.game.player_name(s.player)), (x0, y + 60), 20,
                               paper.GRAPHITE)
                return
            labels = [(Mp("button", "Accept (Y)"), "accept"), (Mp("button", "Decline (N)"), "decline")]
            self._panel_buttons(labels, y + 60)
            self._draw_buttons(surface)
            return
        # drag in progress
        if self.drag_from >= 0:
            self._outline(surface, self.drag_from, paper.player_colour(me), 4)
            for d in s.move_targets(me, self.drag_from):
                self._outline(surface, d, paper.GOOD, 2)
            a = self.to_px(*s.map.labels[self.drag_from])
            pygame.draw.line(surface, paper.INK, a, self.mouse, 2)
        for src, dst, n in self.legs:
            a = self.to_px(*s.map.labels[src])
            b = self.to_px(*s.map.labels[dst])
            self._arrow(surface, src, dst, paper.player_colour(me))
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            tag = paper.font(22, True).size(str(n))
            back = pygame.Rect(0, 0, tag[0] + 8, tag[1])
            back.center = (int(mid[0]), int(mid[1]))
            pygame.draw.rect(surface, paper.PAPER, back, border_radius=5)
            pygame.draw.rect(surface, paper.player_colour(me), back, 1, border_radius=5)
            paper.text(surface, str(n), mid, 22, paper.INK, "center", bold=True)
        if self.legs:
            paper.text(surface, Mp("panel heading", "Move"), (x0, y), 22, paper.INK, bold=True)
            y += 28
            for src, dst, n in self.legs:
                paper.text(surface, Mn("{n} from #{source} to #{country}", "{n} from #{source} to #{country}", n,
                                       source=src + 1, country=dst + 1), (x0, y), 18, paper.INK)
                y += 22
            for part in paper.wrap(M("wheel or arrow keys: how many"), 16, self.text_w - 4):
                paper.text(surface, part, (x0, y), 16, paper.GRAPHITE)
                y += 19
            labels = [(Mp("button", "Move (Enter)"), "go"), (Mp("button", "Cancel"), "cancel")]
            self._panel_buttons(labels, y + 7)
            self._draw_buttons(surface)
            return
        t = self.target
        if s.phase == "detail" and me in s.pending:
            pointed = s.pending[me]
            c = pointed.target if isinstance(pointed, Attack) else pointed.country  # type: ignore[attr-defined]
            self._outline(surface, c, paper.player_colour(me), 4)
            secret = me in s.dependent
            # "You" only for a seat played here: online the seat to move may be the other window's
            here = not self.replaying and self.ctx.seat_kind(me) == "human"
            if here:
                said = (M("You pointed at #{country}: write the troops down in secret.", country=c + 1) if secret
                        else M("You pointed at #{country}: write the troops down openly.", country=c + 1))
            else:
                who = s.game.player_name(me)
                said = (M("{who} pointed at #{country}: writes the troops down in secret.", who=who, country=c + 1)
                        if secret else
                        M("{who} pointed at #{country}: writes the troops down openly.", who=who, country=c + 1))
            self.shown["pointed"] = said
            for part in paper.wrap(said, 17, self.text_w - 4):
                paper.text(surface, part, (x0, y), 17, paper.INK)
                y += 20
            y += 6
        y = self._draw_own_secret(surface, y)
        if t >= 0 and self._pointing() and s.owner[t] in (-1, me):
            self._outline(surface, t, paper.player_colour(me), 4)
            for d in (s.move_targets(me, t) if s.owner[t] == me else s.gather_sources(me, t)):
                self._outline(surface, d, paper.GOOD, 2)
            paper.text(surface, M("Move from #{country}", country=t + 1) if s.owner[t] == me
                       else M("Gather into #{country}", country=t + 1), (x0, y), 22, paper.INK, bold=True)
            y += 28
            for part in paper.wrap(M("You point at it in secret; the troops are written down after the reveal."),
                                   16, self.text_w - 4):
                paper.text(surface, part, (x0, y), 16, paper.GRAPHITE)
                y += 19
            self._panel_buttons([(Mp("button", "Point (Enter)"), "go"), (Mp("button", "Cancel"), "cancel")], y + 7)
            self._draw_buttons(surface)
            return
        if t >= 0 and s.owner[t] >= 0 and s.owner[t] != me:
            have = s.attack_sum(t, me)
            ok = s.troops[t] < have
            for c in s.attackers(t, me):
                self._arrow(surface, c, t, paper.player_colour(me))
            self._outline(surface, t, RED if ok else paper.FAINT, 4)
            self._sum_tag(surface, t, have)
            paper.text(surface, M("Attack #{country}", country=t + 1), (x0, y), 22, paper.INK, bold=True)
            # TRANSLATORS: your attacking sum {have} against the {defenders} in the country.
            paper.text(surface, M("{have} against {defenders}", have=have, defenders=s.troops[t]), (x0, y + 28), 24,
                       paper.GOOD if ok else RED, bold=True)
            paper.text(surface, M("enough!") if ok else M("not enough"), (x0, y + 56), 18, paper.GRAPHITE)
            y += 84
            if ok and s.kill_count(t) < s.troops[t]:
                paper.text(surface, M("removes {n}", n=s.kill_count(t)), (x0, y), 18, paper.GRAPHITE)
                y += 22
            opts = self._follow_options(t)
            if len(opts) > 1:
                pick = opts[self.follow_pick % len(opts)]
                if not pick:
                    said = M("follow: no follow-up")
                else:
                    # TRANSLATORS: the troops that move in after the attack: "20 from #3".
                    said = M("follow: {legs}", legs=comma_list([M("{n} from #{country}", n=n, country=c + 1)
                                                               for c, n in pick]))
                paper.text(surface, said, (x0, y), 17, paper.INK)
                y += 22
                labels.append((Mp("button", "Follow-up (F)"), "follow"))
            if ok:
                labels.insert(0, (Mp("button", "Attack (Enter)"), "go"))
            if s._joint_allowed():
                labels.append((Mp("button", "Joint (J)"), "joint"))
            labels.append((Mp("button", "Cancel"), "cancel"))
            self._panel_buttons(labels, y + 4)
            self._draw_buttons(surface)
            return
        self.buttons = []
        self._draw_hover_attack(surface, me, x0, y)

    def _draw_own_secret(self, surface: pygame.Surface, y: int) -> int:
        """A-V8 online: while the others choose, this window's seat sees its own secret choice (its
        point, or the troops it wrote down in secret).  Never another seat's: in this window's
        state those are only guessed (``from_view``).  Returns the y below the text."""
        s = self.st
        own = self._own_seat()
        if own is None or own == s.player or not s.settings["simultaneous"]:
            return y
        if s.phase == "move":
            act = s.pending.get(own)
        else:
            act = s.details.get(own) if s.phase == "detail" and own in s.dependent else None
        if act is None:
            return y
        colour = paper.player_colour(own)
        if isinstance(act, Attack):
            self._outline(surface, act.target, colour, 4)
        elif isinstance(act, Point):
            self._outline(surface, act.country, colour, 4)
        elif isinstance(act, Move):
            for d, _n in act.dests:
                self._arrow(surface, act.source, d, colour)
        elif isinstance(act, Gather):
            for c, _n in act.sources:
                self._arrow(surface, c, act.dest, colour)
        # TRANSLATORS: {action} is this seat's secret choice, such as "point at #3".
        said = M("Your secret choice: {action}.", action=say(act))
        self.shown["own"] = said
        for part in paper.wrap(said, 17, self.text_w - 4):
            paper.text(surface, part, (self.panel.x, y), 17, paper.INK)
            y += 20
        return y + 6

    # -- margin and hints ------------------------------------------------------------------
    def margin_lines(self) -> list[str]:
        s = self.st
        game = s.game
        lines: list[str] = []
        players = range(game.num_players)
        if s.phase == "map":
            lines.append(M("Countries: {n} (ends at {wanted})", n=s.map.n, wanted=s.game.countries_wanted))
        lines.append(M("Cap: {cap}", cap=s.cap))
        # TRANSLATORS: {tallies} lists each player's tag and troops: "P1 40, P2 35".
        lines.append(M("Troops left: {tallies}", tallies=comma_list([_tally(p, s.remaining[p]) for p in players])))
        if s.runout:
            lines.append(M("Ran out: {order}", order=comma_list([player_tag(p) for p in s.runout])))
        else:
            lines.append(M("Ran out: nobody yet"))
        if s.phase in ("move", "joint", "detail", "over"):
            lines.append(M("On the map: {tallies}", tallies=comma_list([_tally(p, s.total(p)) for p in players])))
            # TRANSLATORS: {quiet} rounds without an attack so far; {most} of them end the game (A-G4).
            lines.append(M("Round {n}, quiet {quiet}/{most}", n=s.round_no + 1, quiet=max(0, s.quiet_rounds),
                           most=s.settings["stalemate_rounds"]))
            if s.settings["simultaneous"] and s.phase == "detail":
                lines.append(M("Written: {players}", players=comma_list([player_tag(p) for p in sorted(s.details)]))
                             if s.details else M("Written: nobody yet"))
            elif s.settings["simultaneous"] and s.pending:
                lines.append(M("Chosen: {players}", players=comma_list([player_tag(p) for p in sorted(s.pending)])))
        return lines

    def hint(self) -> str:
        s = self.st
        if s.phase == "map":
            return M("Draw a country against the map with the mouse; Enter when the map is done, S saves it.")
        if s.phase == "place":
            if self.selected < 0:
                return M("Click an empty country, then pick the number (digits, wheel or the list).")
            if not self.number:
                return M("That cannot be placed (choose a number): type or pick another number.")
            why = self._why_not(self.number)
            if why:
                # TRANSLATORS: {n} is the number typed or picked; {why} says why it is not allowed.
                return M("{n} cannot be placed ({why}): type or pick another number.", n=self.number, why=why)
            return M("Place {n} in #{country}? Click it again or press Enter.", n=self.number,
                     country=self.selected + 1)
        if s.phase == "joint":
            return M("Accept (Y) or decline (N) the joint attack.")
        if s.phase == "detail" and s.player in s.pending and not self.legs:
            pointed = s.pending[s.player]
            if isinstance(pointed, Point) and s.owner[pointed.country] < 0:
                return M("Write the gathering down: drag from your countries next to #{country} "
                         "into it (the wheel sets how many), then Enter.", country=pointed.country + 1)
            if isinstance(pointed, Point):
                return M("Write the move down: drag from #{country} to its neighbours "
                         "(the wheel sets how many), then Enter.", country=pointed.country + 1)
            return M("Choose the troops that follow (F), then click the country again or press Enter.")
        if self._pointing():
            if self.target >= 0:
                return M("Click the country again or press Enter to point at it; right-click cancels.")
            if s.settings["gathering"]:
                return M("Point in secret: an enemy country to attack it, your own to move from it, or an empty "
                         "one two or more of yours border to gather into it.")
            return M("Point in secret: click an enemy country to attack it, or your own country to move from it.")
        if self.legs:
            return M("Wheel or arrow keys set how many; drag again to split; Enter moves, right-click cancels.")
        joint = s.phase == "move" and s._joint_allowed()
        if self.target >= 0:
            if joint:
                return M("Click the country again or press Enter to attack, J to attack it together; "
                         "right-click cancels.")
            return M("Click the country again or press Enter to attack; right-click cancels.")
        if joint and not s.has_own_action(s.player):
            # rev 4: a joint proposal is a legal action, so this player is not passed over
            return M("You cannot attack or move alone: click an enemy country, then J proposes a joint attack (A-V7).")
        return M("Click an enemy country to attack, or drag from your country to a neighbour to move.")


def _tally(p: int, n: int) -> Msg:
    """'P1 40': a player's tag and a count, in the margin."""
    # TRANSLATORS: a player's short tag and a number of troops, such as "P1 40".
    return M("{player} {n}", player=player_tag(p), n=n)
