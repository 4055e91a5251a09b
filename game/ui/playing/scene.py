"""The play scene: one game in progress, whatever the ruleset.

It owns the session (state, record, undo, autosave), the board's view, the buttons and what
a click or a key does, the cover screen between human seats, and the game's end.  Its parts
are beside it: the margin and status line (margin.py), the computer seats (computer.py, run on
a worker thread so the window stays responsive; synchronously when headless) and an online
game's chat and hand-over (online.py).  The replay viewer and the lessons are built on it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui

from ...engine import Action, Event, IllegalAction, State
from ...i18n import tr
from ...msg import N_, M, Mp
from ...paths import remove_own
from ...saves import saves_dir
from ...session import Session
from .. import paper
from ..app import App, Scene
from ..view import GameView, load_view_class
from ..widgets import said
from .computer import ComputerSeats
from .margin import Margin
from .online import OnlineGame

STATUS_H = 64
MARGIN_W = 300
#: Inputs that are a player's choice (motion and wheel only look around).
CHOICE_EVENTS = (pygame.MOUSEBUTTONUP, pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame_gui.UI_BUTTON_PRESSED)


class PlayScene(Margin, ComputerSeats, OnlineGame, Scene):
    """A game on the board: the session, the view, the buttons and what a click or key does;
    the margin, the computer seats and an online game's extras are its parts (the mixins)."""

    keyboard_nav = False  # the game's own keys (arrows, Tab, Space...) belong to the board
    replaying = False  # the replay viewer's subclass says True: views then show no live control
    def __init__(self, app: App, session: Session, replay: Sequence[dict[str, Any]] | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.replay_queue = list(replay) if replay is not None else None
        self.view: GameView = load_view_class(session.ruleset.view)(self)
        self.refusal = ""
        self.refusal_rule = ""
        self._levels: dict[str, str] = {}  # agent name -> strength label, for the margin
        self._refusals = 0  # how many refusals so far (a view's handler that refused leaves the line)
        # The log holds every sentence at once; while an animation plays, the margin shows only
        # those the board has reached: (log length before the action, log lines of its events).
        self._log_hold: tuple[int, list[int]] | None = None
        self.agents: dict[int, Any] = {}
        self._worker: threading.Thread | None = None
        self._worker_result: list[Any] = []
        self._wait = 0.0
        self._covered_for: int | None = None
        self._last_seat = session.state.current_player()
        self._over_shown = False
        self._moved = False  # an action was applied in this scene (not only restored)
        self._busy_for = 0.0  # seconds the current animation has been playing
        self.undo_button: pygame_gui.elements.UIButton | None = None
        self.result_button: pygame_gui.elements.UIButton | None = None
        self.log_back = 0  # log entries scrolled back from the newest (mouse wheel over the log)
        self._log_seen = 0  # log length when drawn last: a new line brings the log back to the newest
        self._pointer = (0, 0)
        #: An online game (game.net.remote.RemoteSession): the server decides, this window shows.
        self.remote = bool(getattr(session, "remote", False))
        self.chat_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.handover_button: pygame_gui.elements.UIButton | None = None
        self.wait_button: pygame_gui.elements.UIButton | None = None

    # -- PlayContext ----------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def ui(self) -> pygame_gui.UIManager:
        return self.app.ui

    def say(self, text: str) -> str:
        """Text in the palette's seat colour words (see paper.seat_words)."""
        game = self.state.game
        return paper.seat_words(text, [game.player_name(i) for i in range(game.num_players)])

    def seat_title(self, seat: int) -> str:
        """What sits in that seat, in words: "person", "computer: Normal", "replay"; online:
        "you", "online", "away 40 s", "computer, on the server"."""
        if self.remote:
            return self.session.presence_note(seat)  # type: ignore[attr-defined,no-any-return]
        kind = self.seat_kind(seat)
        if kind in ("human", "replay"):
            return Mp("seat", "person") if kind == "human" else Mp("seat", "replay")
        if kind not in self._levels:
            from ...registry import strengths

            self._levels[kind] = next((st.label for st in strengths(self.session.ruleset) if st.agent == kind), kind)
        # TRANSLATORS: what plays a seat: {level} is a computer level ("Normal").
        return M("computer: {level}", level=said(self._levels[kind]))

    def seat_kind(self, seat: int) -> str:
        if self.replay_queue is not None:
            return "replay"
        return self.session.seat_kind(seat)

    def human_to_move(self) -> bool:
        return self.replay_queue is None and self.session.is_human_turn() and self._covered_for is None

    def refuse(self, message: str, rule: str = "") -> None:
        self.refusal, self.refusal_rule = message, rule
        self._refusals += 1

    def _to_view(self, event: pygame.event.Event) -> None:
        """Hand an input event to the view.  A click or key it uses without refusing is a new,
        legal choice: the old refusal line goes (it must not stand beside a valid preview)."""
        before = self._refusals
        used = self.view.handle_event(event)
        if used and self._refusals == before and event.type in CHOICE_EVENTS:
            self.refusal = ""

    def submit(self, action: Action) -> bool:
        log_before = len(self.session.log)
        try:
            events = self.session.submit(action)
        except IllegalAction as exc:
            self.refuse(exc.message, exc.rule)
            return False
        self.refusal = ""
        if events is None:  # online: sent to the server; the board changes when it is applied (poll)
            self.app.sounds.play("scratch")
            return True
        self._hold_log(log_before, events)
        self._after_action(events)
        return True

    # -- scene lifecycle -----------------------------------------------------------
    @property
    def margin_w(self) -> int:
        return self.px(MARGIN_W)

    @property
    def status_h(self) -> int:
        return self.px(STATUS_H)

    def build(self) -> None:
        box = self.new_box()
        px = self.px
        w, h = self.app.size
        self.view.layout(self.board_rect())
        gap, bh = px(10), px(38)
        bw = (self.margin_w - 2 * gap - px(20)) // 3
        y = h - bh - px(14)
        x0 = w - self.margin_w + gap
        ui = self.app.ui
        self.undo_button = pygame_gui.elements.UIButton(pygame.Rect(x0, y, bw, bh), tr(N_("Undo")), ui, container=box,
                                                        tool_tip_text="Ctrl+Z")
        self.rules_button = pygame_gui.elements.UIButton(pygame.Rect(x0 + bw + gap, y, bw, bh), tr(N_("Rules")), ui,
                                                         container=box, tool_tip_text="F1")
        self.menu_button = pygame_gui.elements.UIButton(pygame.Rect(x0 + 2 * (bw + gap), y, bw, bh), tr(N_("Menu")), ui,
                                                        container=box, tool_tip_text="Esc")
        self.result_button = pygame_gui.elements.UIButton(pygame.Rect(x0, y - bh - px(8), self.margin_w - 2 * gap, bh),
                                                          tr(N_("Show the result")), ui, container=box, tool_tip_text="R")
        self.buttons_top = y - bh - px(8)
        self.chat_top = self.buttons_top
        if self.remote:
            self._build_remote(box, x0, self.buttons_top, self.margin_w - 2 * gap, bh)
        self._sync_buttons()

    def board_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(8, self.status_h, w - self.margin_w - 16, h - self.status_h - 8)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.view.layout(self.board_rect())

    def exit(self) -> None:
        self.view.kill()
        # online: leave the room (it stays open); here: let the game go (its lock beside the autosave)
        self.session.close()
        super().exit()

    def pause(self) -> None:
        """A scene on top (pause menu, result, a lesson's end) takes the pointer: the view is told it
        moved away, so no hover card or highlight stays drawn under or over that scene."""
        super().pause()
        self._pointer_gone()

    def _pointer_gone(self) -> None:
        """Tell the view the pointer is nowhere over it (a scene on top, or out of the window)."""
        away = pygame.event.Event(pygame.MOUSEMOTION, pos=(-10_000, -10_000), rel=(0, 0), buttons=(0, 0, 0),
                                  touch=False)
        self.view.handle_event(away)

    def resume(self) -> None:
        super().resume()  # showing the box shows every widget in it: hide again what is hidden now
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        result = getattr(self, "result_button", None)
        if result is not None:
            if self.state.is_over() and self._over_shown:
                result.show()
            else:
                result.hide()
        self._sync_handover()
        if self.undo_button is not None:
            if self.session.can_undo() and self.replay_queue is None:
                self.undo_button.enable()
            else:
                self.undo_button.disable()

    # -- events ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
        if event.type == pygame.MOUSEWHEEL and self._pointer[0] >= self.app.size[0] - self.margin_w:
            self.scroll_log(1 if event.y > 0 else -1)  # the wheel over the log scrolls it, never the board
            return
        if event.type == pygame.WINDOWLEAVE:
            self._pointer_gone()  # no hover card left standing for a pointer that is out of the window
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.undo_button:
                self.undo()
            elif event.ui_element is self.rules_button:
                self.open_rules()
            elif event.ui_element is self.menu_button:
                self.open_pause()
            elif event.ui_element is self.result_button:
                self.show_result()
            elif self.remote and (event.ui_element is self.handover_button or event.ui_element is self.wait_button):
                self._press_handover(event.ui_element)
            elif self.human_to_move() and not self.view.busy():
                self._to_view(event)  # the view's own widgets
            return
        if self.chat_entry is not None and self._chatting(event):
            return
        if self.view.busy() and self._skip_gesture(event):
            self.view.skip_animation()
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_pause()
                return
            if event.key == pygame.K_F1:
                self.open_rules()
                return
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return
            if event.key == pygame.K_r and self.state.is_over() and self._over_shown:
                self.show_result()
                return
        if self.human_to_move() and not self.view.busy():
            self._to_view(event)
        elif self.remote and event.type == pygame.MOUSEMOTION and self.view.looks_while_waiting:
            self.view.handle_event(event)  # online, waiting: the board's hover follows the pointer

    def _skip_gesture(self, event: pygame.event.Event) -> bool:
        """A left click on the board, Space or Enter while an animation plays: skip to its end."""
        if event.type == pygame.KEYDOWN:
            return event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
        return event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.view.rect.collidepoint(event.pos)

    def open_pause(self) -> None:
        self.app.push("pause", self)

    def open_rules(self) -> None:
        self.app.push("rules", self.session.ruleset)

    def undo(self) -> None:
        if self.replay_queue is not None or self._worker is not None:
            return
        if self.remote:  # the server takes it back; ``undone`` redraws the board (poll)
            if not (self.session.can_undo() and self.session.undo()):
                self.refusal, self.refusal_rule = self.session.undo_refusal(), "UNDO"
            return
        if self.session.undo():
            self.view.reset()
            self.refusal = ""
            self._log_hold = None
            self._over_shown = False
            self._last_seat = self.state.current_player()
        else:
            self.refusal, self.refusal_rule = self.session.undo_refusal(), "UNDO"
        self._sync_buttons()

    def _after_action(self, events: list[Event]) -> None:
        self._moved = True
        self.app.poke()
        self.view.on_events(events)
        if any(e.kind in ("roll", "dice", "die") for e in events):
            self.app.sounds.play("dice")
        else:
            self.app.sounds.play("scratch")
        self._sync_if_top()

    def next_wake(self) -> float | None:
        """0 while the board animates or a computer / replay move is due; while a computer
        thinks the worker's WAKE event ends the sleep (polled slowly as a fallback)."""
        if self.view.busy():
            return 0.0
        if self.state.is_over():
            return 0.0 if not self._over_shown else None
        if self._covered_for is not None or getattr(self.session, "stopped", ""):
            return None
        if self.replay_queue is not None:
            return 0.0 if self.replay_queue else None
        if self.remote:  # the network thread wakes the window when a message comes
            return self.session.next_change()  # type: ignore[attr-defined,no-any-return]
        if self.session.is_human_turn():
            return None
        if self._worker is not None and self._worker.is_alive():
            return 0.25
        return 0.0

    def _sync_if_top(self) -> None:
        """Buttons follow the game only while this scene is on top (resume syncs them again)."""
        if self.app.top() is self:
            self._sync_buttons()

    def update(self, dt: float) -> None:
        if self.remote:
            self._poll_remote()
        problem = self.session.take_autosave_problem()
        # an old game in progress made room for this one (an online game keeps no autosave here)
        notice = "" if self.remote else self.session.take_autosave_notice()
        if problem or notice:
            self.app.toast(problem or notice, 8 if problem else 10)
        stopped = getattr(self.session, "stopped", "")
        if stopped and not getattr(self, "_stop_said", False):
            self._stop_said = True  # said once as a toast; the status line keeps saying it
            self.app.toast(stopped, 10)
        self.view.update(dt)
        self._busy_for = self._busy_for + dt if self.view.busy() else 0.0
        self._run_computer(dt)
        self._check_cover()
        if self.state.is_over() and not self._over_shown and not self.view.busy():
            self._over_shown = True
            self._keep_finished()
            self._sync_buttons()
            self.show_result()

    def show_result(self) -> None:
        """The game-over panel over the final board (closed with Esc, opened again with R)."""
        if self.state.is_over() and self.app.top() is self:
            self.app.push("gameover", self)

    def _keep_finished(self, force: bool = False) -> None:
        """A game that finished here leaves Continue: it moves to the Load list, to be watched."""
        if self.session.autosave is None or not (self._moved or force):
            return
        try:
            path = saves_dir() / time.strftime(f"{self.session.record.game}-finished-%Y%m%d-%H%M%S.json")
            self.session.save_as(path)
            remove_own(self.session.autosave)  # its own autosave, inside the data folder only
            self.session.close()  # and its lock: the game is no longer in progress
        except OSError as exc:
            # TRANSLATORS: {reason} is the system's reason, in English.
            self.app.toast(M("The finished game could not be kept: {reason}.", reason=exc.strerror or str(exc)), 6)

    def _check_cover(self) -> None:
        """Hot-seat hand-over: hide the board between two different human seats."""
        seat = self.state.current_player()
        if seat == self._last_seat or seat < 0:
            return
        prev, self._last_seat = self._last_seat, seat
        if (self.replay_queue is None and self.state.hidden_for_seat() and self.session.seat_kind(seat) == "human"
                and prev >= 0 and sum(1 for k in self.session.seats if k == "human") > 1):
            self._covered_for = seat
            self.app.push("cover", self, seat)

    def uncover(self) -> None:
        self._covered_for = None

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        w, h = self.app.size
        board = self.board_rect()
        clip = surface.get_clip()
        surface.set_clip(board)
        self.view.draw(surface)
        surface.set_clip(clip)
        self._draw_status(surface, w)
        self._draw_margin(surface, w, h)
