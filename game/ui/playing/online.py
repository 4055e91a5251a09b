"""An online game in the play scene: the chat line, the hand-over of a seat whose player is
away, and the server's messages taken in (the session is game.net.remote.RemoteSession: the
server decides, this window shows)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from ...i18n import tr
from ...msg import N_, M
from ..widgets import TextField, said
from .panels import over_note


class OnlineGame:
    """The play scene's online parts (PlayScene mixes it in; they do nothing at one screen)."""

    def _build_remote(self, box: Any, x: int, y: int, w: int, bh: int) -> None:
        """Online: a chat line and the hand-over offer for a seat that is away, above the buttons."""
        px = self.px
        ui = self.app.ui
        y -= bh + px(8)
        self.chat_entry = TextField(pygame.Rect(x, y, w, bh), ui, "chat", container=box,
                                                              placeholder_text=tr(N_("Chat: type, then Enter")))
        y -= bh + px(6)
        half = (w - px(8)) // 2
        self.handover_button = pygame_gui.elements.UIButton(pygame.Rect(x, y, half, bh), tr(N_("Hand over")), ui,
                                                            container=box,
                                                            tool_tip_text=tr(N_("The computer plays the away seat")))
        self.wait_button = pygame_gui.elements.UIButton(pygame.Rect(x + half + px(8), y, half, bh), tr(N_("Keep waiting")),
                                                        ui, container=box)
        self._handover_sizes = ((half, bh), (w, bh))  # beside Keep waiting; alone as Take my seat back
        self.chat_top = y

    def _chatting(self, event: pygame.event.Event) -> bool:
        """Keys typed into the chat line stay there (never reach the board); Enter sends, Esc leaves it."""
        entry = self.chat_entry
        assert entry is not None
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is entry:
            problem = self.session.send_chat(entry.get_text())  # type: ignore[attr-defined]
            if problem:
                self.app.toast(problem, 5)
            else:
                entry.set_text("")
            return True
        if not entry.is_focused:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            entry.unfocus()
            return True
        return event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT)

    def _poll_remote(self) -> None:
        """Online: take in what the server sent (see RemoteSession.poll)."""
        for item in self.session.poll():  # type: ignore[attr-defined]
            what = item[0]
            if what == "applied":
                _, events, log_before = item
                self.refusal = ""
                self._hold_log(log_before, events)
                self._after_action(events)
            elif what == "reset":
                self.view.reset()
                self._log_hold = None
                self._over_shown = self._over_shown and self.state.is_over()
                self._sync_if_top()
            elif what == "refused":
                self.refuse(item[1], item[2])
                self._sync_if_top()
            elif what in ("note", "fatal"):
                self.app.toast(item[1], 8)
                if what == "fatal":
                    self.refuse(item[1])  # it stays said in the refusal line: nothing more will come
                    self._sync_if_top()
            elif what == "over":
                # the result panel says it (never a toast over it); a toast only once that panel is closed
                if self._over_shown and not self.app.top_is("gameover"):
                    self.app.toast(over_note(self.session), 10, good=bool(self.session.verified))  # type: ignore[attr-defined]
                self._sync_if_top()
            elif what in ("presence", "chat", "link"):
                self._sync_if_top()
        offer = (self.session.handover_offer(), self.session.taken_over())  # type: ignore[attr-defined]
        if offer != getattr(self, "_offer", None):
            self._offer = offer
            self._sync_if_top()

    def due(self, now: float) -> bool:
        """Online: a frame a second while a seat is away (its counter and the hand-over offer)."""
        if not self.remote:
            return False
        step = self.session.next_change()  # type: ignore[attr-defined]
        if step is None or now < getattr(self, "_tick_at", 0.0):
            return False
        self._tick_at = now + step
        return True

    def update_behind(self) -> None:
        """Online, with a scene on top (pause, result, cover, rules): take in the server's messages
        (the end's check and record, presence, chat), so nothing waits for the scene to close."""
        if self.remote:
            self._poll_remote()

    def _press_handover(self, button: Any) -> None:
        """Hand over the away seat (or take mine back), or keep waiting for it."""
        if button is self.handover_button:
            seat = self.session.handover_offer()  # type: ignore[attr-defined]
            if self.session.taken_over() is not None:  # type: ignore[attr-defined]
                if self.session.take_back():  # type: ignore[attr-defined]
                    self.app.toast(N_("Your seat is yours again."), 4, good=True)
            elif seat is not None and self.session.hand_over(seat):  # type: ignore[attr-defined]
                # TRANSLATORS: {name} is the seat's name ("Blue").
                self.app.toast(M("The seat of {name} goes to the computer.", name=said(self.state.game.player_name(seat))),
                               4, good=True)
        elif button is self.wait_button:
            seat = self.session.handover_offer()  # type: ignore[attr-defined]
            if seat is not None:
                self.session.waived.add(seat)  # type: ignore[attr-defined]
            self._sync_buttons()

    def _sync_handover(self) -> None:
        """The hand-over row follows the offer: shown while a seat is away long enough (or mine
        was handed over), only while the play scene is on top."""
        if self.handover_button is not None and self.wait_button is not None:
            offer = self.session.handover_offer()  # type: ignore[attr-defined]
            mine = self.session.taken_over()  # type: ignore[attr-defined]
            label = tr(N_("Take my seat back") if mine is not None else N_("Hand over"))
            if self.handover_button.text != label:  # one button: hand another's seat over, or take mine back
                self.handover_button.set_text(label)
                self.handover_button.set_dimensions(self._handover_sizes[mine is not None])
            for b in (self.handover_button, self.wait_button):
                if (offer is None and (mine is None or b is self.wait_button)) or self.app.top() is not self:
                    b.hide()
                else:
                    b.show()
