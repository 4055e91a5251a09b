"""What the play scene writes around the board: the status line (whose turn, the refusal, the
hint), the margin (a line per seat, the view's counters, the log as far as the board has got,
an online game's chat)."""

from __future__ import annotations

from typing import Any

import pygame

from ...engine import Event
from ...msg import N_, M, Mp
from .. import paper
from ..widgets import said


class Margin:
    """The play scene's words around the board (PlayScene mixes it in; the replay viewer
    writes its own status line and move list over these)."""

    def _hold_log(self, log_before: int, events: list[Event]) -> None:
        """Remember which log lines belong to which event of this action (see visible_log)."""
        added = len(self.session.log) - log_before
        texted = [i for i, e in enumerate(events) if e.text]
        header = added - len(texted)
        if header < 0:
            self._log_hold = None
            return
        # line k of the added lines (after the header) belongs to event texted[k]
        self._log_hold = (log_before + header, texted)

    def visible_log(self) -> list[str]:
        """The log as far as the board has got: while an animation plays, the sentences of the
        events it has not reached yet wait (GameView.events_shown says how far it is)."""
        log = self.session.log
        if self._log_hold is None or not self.view.busy():
            return log
        start, texted = self._log_hold
        shown = self.view.events_shown()
        if shown is None:
            return log
        k = sum(1 for i in texted if i < shown)
        return log[:start + k]

    def scroll_log(self, entries: int) -> None:
        """Wheel up shows older log entries, wheel down newer ones, down to the newest."""
        self.log_back = max(0, min(len(self.visible_log()) - 1, self.log_back + entries))

    def _draw_status(self, surface: pygame.Surface, w: int) -> None:
        rs = self.session.ruleset
        px = self.px
        title = paper.text(surface, rs.title, (14, px(8)), px(26), paper.INK, bold=True)
        status = self.say(self.state.status())
        seat = self.state.current_player()
        x = title.right + px(24)  # after the title as the language writes it
        busy = self.view.busy()
        shown = self.view.shown_status() if busy else None
        if shown or (busy and self.state.is_over()):
            # an animation still shows an earlier board: say what it shows, not what comes after
            status = self.say(shown) if shown else N_("The last moves play out...")
        elif seat >= 0:
            paper.draw_symbol(surface, seat, (x + px(8), px(22)), px(16))
            x += px(26)
            kind = self.seat_kind(seat)
            if kind not in ("human", "replay"):
                # TRANSLATORS: the status line; {status} says whose turn it is, {seat} what plays that seat.
                status = (M("{status}  ({seat}, thinking)", status=said(status), seat=said(self.seat_title(seat)))
                          if self._worker else
                          M("{status}  ({seat})", status=said(status), seat=said(self.seat_title(seat))))
            elif kind == "replay":
                status = M("{status}  (replay)", status=said(status))
        line, size = paper.fit(status, px(22), w - x - 14)
        paper.text(surface, line, (x, px(10)), size, paper.INK)
        hint = self.view.hint() if self.human_to_move() and not busy else ""
        if not hint and self.state.is_over() and self._over_shown and not busy and self.undo_button is not None:
            hint = self.session.undo_refusal()  # Study the board: why Undo is off (T-E3: the end is final)
        if self._busy_for > 0.4:
            hint = N_("Click the board or press Space to skip the animation.")
        if self.remote and not self.refusal:
            hint = self._remote_hint(hint)
        if self.remote and self.session.fatal:  # type: ignore[attr-defined]
            # the server let this window go: said as it is, not as a refused move, and no reconnecting
            line, size = paper.fit(self.session.fatal, px(19), w - 28)  # type: ignore[attr-defined]
            paper.text(surface, line, (14, px(38)), size, paper.WARN)
        elif self.remote and self.session.problem:  # type: ignore[attr-defined]
            # TRANSLATORS: {problem} is the sentence saying why the server does not answer.
            line, size = paper.fit(M("{problem} Reconnecting...", problem=said(self.session.problem)), px(19), w - 28)  # type: ignore[attr-defined]
            paper.text(surface, line, (14, px(38)), size, paper.WARN)
        elif getattr(self.session, "stopped", "") and not self.state.is_over():
            line, size = paper.fit(self.session.stopped, px(19), w - 28)
            paper.text(surface, line, (14, px(38)), size, paper.WARN)
        elif self.refusal:
            # TRANSLATORS: a refused move: {reason} is the rule's sentence, {rule} its id ("A-P4").
            said_line = (M("Not allowed: {reason} [{rule}]", reason=said(self.refusal), rule=self.refusal_rule)
                         if self.refusal_rule else M("Not allowed: {reason}", reason=said(self.refusal)))
            line, size = paper.fit(said_line, px(19), w - 28)
            paper.text(surface, line, (14, px(38)), size, paper.WARN)
        elif hint:
            line, size = paper.fit(hint, px(19), w - 28)
            paper.text(surface, line, (14, px(38)), size, paper.GRAPHITE)
        pygame.draw.line(surface, paper.FAINT, (8, self.status_h - 4), (w - 8, self.status_h - 4), 1)

    def _remote_hint(self, hint: str) -> str:
        """Online: the hand-over offer, or whom the window waits for."""
        sess: Any = self.session
        if sess.taken_over() is not None and not self.state.is_over():
            return N_("The computer plays your seat: it was handed over while you were away. Take my seat back "
                      "to play it again.")
        offer = sess.handover_offer()
        if offer is not None:
            name = self.say(self.state.game.player_name(offer))
            # TRANSLATORS: {name} is a seat's name, {s} seconds.
            return M("{name} has been away {s} s: keep waiting, hand the seat to the computer, or leave (Menu); "
                     "the room stays open.", name=said(name), s=int(dict(sess.away_seats()).get(offer, 0)))
        if hint or self.state.is_over():
            return hint
        seat = self.state.current_player()
        if sess.watching:
            return N_("You are watching this game.")
        if seat >= 0 and sess.seat_kind(seat) != "human":
            # TRANSLATORS: {name} is a seat's name, {note} where that player is ("away 40 s").
            return M("Waiting for {name} ({note}).", name=said(self.say(self.state.game.player_name(seat))),
                     note=said(sess.presence_note(seat)))
        if any(s.sent_at is not None for s in sess.seen):
            return N_("Sent; waiting for the server.")
        return hint

    def seat_line(self, seat: int) -> str:
        """The margin's line for a seat: its name and what sits in it."""
        # TRANSLATORS: a seat's line in the margin: its name and what plays it ("person", "computer: Normal").
        return M("{name}  ({seat})", name=said(self.say(self.state.game.player_name(seat))),
                 seat=said(self.seat_title(seat)))

    def _draw_margin_head(self, surface: pygame.Surface, w: int, h: int) -> int:
        """The margin's rule, one line per seat and the view's counters; returns the y below them."""
        px = self.px
        mw = self.margin_w
        x = w - mw
        pygame.draw.line(surface, (214, 120, 120), (x - 4, self.status_h), (x - 4, h - 8), 2)
        y = self.status_h + 4
        for i in range(self.state.game.num_players):
            paper.draw_symbol(surface, i, (x + px(14), y + px(11)), px(14))
            for part in paper.wrap(self.seat_line(i), px(18), mw - px(40)):
                paper.text(surface, part, (x + px(30), y), px(18), paper.INK)
                y += px(24)
        y += px(6)
        for line in self.view.margin_lines():
            for part in paper.wrap(line, px(18), mw - px(20)):
                paper.text(surface, part, (x + px(8), y), px(18), paper.INK)
                y += px(22)
        return y

    def _draw_margin(self, surface: pygame.Surface, w: int, h: int) -> None:
        px = self.px
        mw = self.margin_w
        x = w - mw
        y = self._draw_margin_head(surface, w, h) + px(8)
        log = self.visible_log()
        if len(log) != self._log_seen:
            self._log_seen, self.log_back = len(log), 0  # something new happened: show it
        head = N_("Log (older; wheel down)") if self.log_back else N_("Log")
        paper.text(surface, head, (x + px(8), y), px(18), paper.GRAPHITE, bold=True)
        y += px(24)
        bottom = (self.buttons_top if self.state.is_over() and self._over_shown else h - px(60)) - px(4)
        if self.remote:
            bottom = self._draw_chat(surface, x, mw) - px(4)
        room = max(0, (bottom - y) // px(19))
        lines: list[str] = []
        end = len(log) - self.log_back
        for entry in reversed(log[max(0, end - 40):end]):  # newest last; only whole entries
            wrapped = paper.wrap(self.say(entry), px(16), mw - px(20))
            if len(lines) + len(wrapped) > room:
                if not lines and room > 0:  # the newest alone is too long for the room: its start, cut
                    lines = wrapped[:room]
                    cut = lines[-1]
                    while cut and paper.font(px(16)).size(cut + "...")[0] > mw - px(20):
                        cut = cut[:-1]
                    lines[-1] = cut.rstrip() + "..."
                break
            lines[:0] = wrapped
        for line in lines:
            paper.text(surface, line, (x + px(8), y), px(16), paper.GRAPHITE)
            y += px(19)

    def _draw_chat(self, surface: pygame.Surface, x: int, mw: int) -> int:
        """Online: the last chat lines above the chat entry; returns their top."""
        px = self.px
        sess: Any = self.session
        # the hand-over row's room is the log's while nobody is away long enough to offer it
        offered = self.handover_button is not None and self.handover_button.visible
        top = self.chat_top if offered or self.chat_entry is None else self.chat_entry.relative_rect.top
        y = top - px(4)
        game = self.state.game
        for seat, text in reversed(sess.chat[-3:]):
            who = Mp("chat", "watcher") if seat is None else game.player_name(seat)
            # TRANSLATORS: a chat line: who wrote it (a seat's name, or "watcher") and what they typed.
            parts = paper.wrap(self.say(M("{who}: {text}", who=said(who), text=text)), px(16), mw - px(20))[:2]
            y -= px(19) * len(parts)
            for k, part in enumerate(parts):
                paper.text(surface, part, (x + px(8), y + k * px(19)), px(16), paper.INK)
        return y
