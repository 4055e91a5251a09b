"""Paper Tigers' panels: the tray under the table, and the words for the margin and the hint line.

The tray holds the phase's pencil buttons, both hands (the one of the seat to move chosen from
only at the screen where that seat plays, T-T3), the cards turned in initiative order with the
unit under each, and the latest rolls with their dice and what they needed.  The margin says
the turn, the deck, the victory points and the hands, and the running campaign's standing
(T-E3), which this part also keeps: every finished battle people play counts once in it.
"""

from __future__ import annotations

from typing import Any

import pygame

from ....i18n import tr
from ....msg import N_, M, Msg
from ....rules.tigers import cards as C
from ... import paper
from . import board
from .board import CARD_H, CARD_W, _text_size, draw_die, unit_tag
from .gestures import TigersGestures

#: What to do in each phase, for the hint line (the keys named are the buttons' keys).
HINTS: dict[str, Msg] = {
    "rolloff": M("Press R (or the button) to roll off for attacker."),
    "terrain": M("Pick hill/woods/building, drag on the table to lay it; click a piece to select, drag to move, "
                 "Q/E rotate, +/- resize, Delete removes."),
    "side": M("Click the north or south half (or N/S) to choose your edge."),
    "deploy": M("Click inside your shaded third to place the unit shown at the cursor; Q/E turn it."),
    "assign": M("Click a card below (face-down ones are all alike), then a unit of yours; K keeps the rest."),
    "pick": M("Click one of your units with cards to turn them (1/2/3 if it has two)."),
    "act": M("Click an enemy to fire (hover shows the odds), M to move, H to hold; click own free units "
             "near by first to make them follow (firing, each then chooses its own target)."),
    "move": M("Drag a path from the unit's front or click a point (the circle is the reach); F keeps the "
              "facing; S stays; point at your vehicle to see the way in, click it to get in; a passenger "
              "gets out where you click."),
    "aboard": M("K keeps the passenger aboard the halftrack, D dismounts it."),
    "recover": M("Click a card, then a damaged unit of yours; Enter when done."),
    "discard": M("Click a card to discard it (down to six)."),
}


def roll_caption(what: Any, need: int, ok: bool | None) -> Any:
    """The words beside a roll's dice in the tray: what it was for, what it needed, whether it did."""
    if need and ok is None:
        # TRANSLATORS: {what} says whose roll for what ("Blue Tank 3 fires at Inf 7"); {need} the total needed
        return M("{what}: needed {need}", what=what, need=need)
    if need:
        # TRANSLATORS: {what} says whose roll for what ("Blue Tank 3 fires at Inf 7"); {need} the total needed
        return M("{what}: needed {need} - yes", what=what, need=need) if ok else M(
            "{what}: needed {need} - no", what=what, need=need)
    if ok is None:
        return what
    # TRANSLATORS: {what} says whose roll for what ("Blue Tank 3 fires at Inf 7")
    return M("{what} - yes", what=what) if ok else M("{what} - no", what=what)


class TigersPanel(TigersGestures):
    """The tray's buttons, hands, turned cards and dice, the margin lines and the hint (and the
    campaign standing the margin shows).  Cards are drawn with ``board.draw_card``, the one
    drawing of a card for the table, the tray and the menu icon."""

    # -- the tray --------------------------------------------------------------------------------
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
            w = paper.font(16).size(tr(b.label))[0] + 16
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
                board.draw_card(surf, r, c if up else None,
                                paper.GOOD if chosen and s.phase in ("assign", "recover", "discard") else None)
                if p == me:
                    self.card_hits.insert(0, (r, c if up else "?"))  # the top card wins a click
            y += CARD_H + 8
        # turned cards in initiative order
        rx = self.rect.right - 330
        paper.text(surf, N_("Turned, in order:"), (qx, top + 38), 15, paper.GRAPHITE)
        for r, text, side in self.queue_layout(qx, rx - 6, top + 58):
            if text is None:
                board.draw_card(surf, r, side[0], (230, 160, 0) if side[1] == 0 else None)
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
            label = roll_caption(entry["what"], need, entry["ok"])
            lines = paper.wrap(label, 14, max(80, self.rect.right - (rx + 14 + min(6, len(flat)) * 26) - 6))[:2]
            for k, line in enumerate(lines):
                paper.text(surf, line, (rx + 14 + min(6, len(flat)) * 26, ry + 14 + (k - (len(lines) - 1) / 2) * 14),
                           14, paper.INK, "midleft")
            ry += 34

    # -- margin and hint -------------------------------------------------------------------------
    def margin_lines(self) -> list[str]:
        s = self.st
        discards = len(s.discard) + len(s.buried)
        if s.buried:  # T-T2 (rev 4): never their faces
            # TRANSLATORS: {turn} the turn's number; {deck} cards in the deck; {discards} discarded, {unturned} of them unturned
            lines: list[str] = [M("Turn {turn}; deck {deck}, discards {discards} ({unturned} unturned)", turn=s.turn,
                                  deck=len(s.deck), discards=discards, unturned=len(s.buried))]
        else:
            # TRANSLATORS: {turn} the turn's number; {deck} cards in the deck; {discards} cards discarded
            lines = [M("Turn {turn}; deck {deck}, discards {discards}", turn=s.turn, deck=len(s.deck),
                       discards=discards)]
        if s.attacker >= 0:
            who = s.game.player_name(s.attacker)
            if s.edge == "north":
                # TRANSLATORS: {side} is Blue or Orange
                lines.append(M("Attacker: {side}; defender holds the north", side=who))
            elif s.edge == "south":
                # TRANSLATORS: {side} is Blue or Orange
                lines.append(M("Attacker: {side}; defender holds the south", side=who))
            else:
                # TRANSLATORS: {side} is Blue or Orange
                lines.append(M("Attacker: {side}", side=who))
        # TRANSLATORS: each side's victory points
        lines.append(M("Victory points: Blue {blue}, Orange {orange}", blue=s.vp[0], orange=s.vp[1]))
        for p in (0, 1):
            ups = [C.label(c) for c, up in s.hands[p] if up]
            downs = sum(1 for _, up in s.hands[p] if not up)
            if ups:
                # TRANSLATORS: {side} is Blue or Orange; {n} cards face down; {cards} the face-up ones ("queen of hearts 7 of spades")
                lines.append(M("{side} hand: {n} face down, up {cards}", side=s.game.player_name(p), n=downs,
                               cards=Msg(" ".join(f"{{a{i}}}" for i in range(len(ups))),
                                         {f"a{i}": c for i, c in enumerate(ups)})))
            else:
                # TRANSLATORS: {side} is Blue or Orange; {n} cards face down
                lines.append(M("{side} hand: {n} face down", side=s.game.player_name(p), n=downs))
        if self.campaign_line:
            lines.append(self.campaign_line)
        if self.tool == "tape":
            lines.append(M("Tool: measuring tape (drag)"))
        elif self.tool:
            lines.append(M("Tool: line of sight (drag)"))
        return lines

    def hint(self) -> str:
        s = self.st
        if s.phase == "volley":  # T-F1 (rev 4): each follower chooses its own target
            f = s.units[s.volley[0]]
            dflt = self.volley_default()
            if dflt >= 0 and dflt == s.volley_target:
                # TRANSLATORS: {unit} and {target} are short unit tags ("Tank 3"); Enter and H are keys
                return M("Click the target for {unit} (its targets are ringed); Enter fires at {target}, the leader's "
                         "target; H holds its fire.", unit=unit_tag(f), target=unit_tag(s.units[dflt]))
            if dflt >= 0:
                # TRANSLATORS: {unit} and {target} are short unit tags ("Tank 3"); Enter and H are keys
                return M("Click the target for {unit} (its targets are ringed); Enter fires at {target}; H holds its "
                         "fire.", unit=unit_tag(f), target=unit_tag(s.units[dflt]))
            # TRANSLATORS: {unit} is a short unit tag ("Tank 3"); H is a key
            return M("Click the target for {unit} (its targets are ringed); H holds its fire.", unit=unit_tag(f))
        return HINTS.get(s.phase, "")

    # -- the campaign (T-E3) ---------------------------------------------------------------------
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
        from ....jsonio import FileProblem
        from ....rules.tigers.campaign import Campaign, campaign_path

        try:
            path = campaign_path()
            return Campaign.load(path).summary() if path.exists() else ""
        except (FileProblem, OSError):
            return ""

    def _count_battle(self) -> None:
        """T-E3: every finished battle counts in the running campaign (saved in the data folder)."""
        from ....jsonio import FileProblem
        from ....rules.tigers.campaign import record_battle

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
            # TRANSLATORS: {reason} says why the campaign file could not be written
            self.campaign_line = M("Campaign not saved: {reason}", reason=str(exc))
