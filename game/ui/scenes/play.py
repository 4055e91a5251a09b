"""The play scene: one game in progress, whatever the ruleset.

It owns the session (state, record, undo, autosave), the margin and status line,
refusals, the cover screen between human seats, and the computer seats (run on a
worker thread so the window stays responsive; synchronously when headless).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui

from ...engine import Action, Event, IllegalAction, State
from ...paths import remove_own
from ...session import Session
from .. import paper
from ..app import App, Scene
from ..view import GameView, load_view_class
from ..widgets import TextField

STATUS_H = 64
MARGIN_W = 300
AI_DELAY = 0.35  # seconds a computer move stays on screen before the next one
#: Inputs that are a player's choice (motion and wheel only look around).
CHOICE_EVENTS = (pygame.MOUSEBUTTONUP, pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame_gui.UI_BUTTON_PRESSED)


class PlayScene(Scene):
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
        #: An online game (game.net.window.RemoteSession): the server decides, this window shows.
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
            return "person" if kind == "human" else kind
        if kind not in self._levels:
            from ...registry import strengths

            self._levels[kind] = next((st.label for st in strengths(self.session.ruleset) if st.agent == kind), kind)
        return f"computer: {self._levels[kind]}"

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
        self.undo_button = pygame_gui.elements.UIButton(pygame.Rect(x0, y, bw, bh), "Undo", ui, container=box,
                                                        tool_tip_text="Ctrl+Z")
        self.rules_button = pygame_gui.elements.UIButton(pygame.Rect(x0 + bw + gap, y, bw, bh), "Rules", ui,
                                                         container=box, tool_tip_text="F1")
        self.menu_button = pygame_gui.elements.UIButton(pygame.Rect(x0 + 2 * (bw + gap), y, bw, bh), "Menu", ui,
                                                        container=box, tool_tip_text="Esc")
        self.result_button = pygame_gui.elements.UIButton(pygame.Rect(x0, y - bh - px(8), self.margin_w - 2 * gap, bh),
                                                          "Show the result", ui, container=box, tool_tip_text="R")
        self.buttons_top = y - bh - px(8)
        self.chat_top = self.buttons_top
        if self.remote:
            self._build_remote(box, x0, self.buttons_top, self.margin_w - 2 * gap, bh)
        self._sync_buttons()

    def _build_remote(self, box: Any, x: int, y: int, w: int, bh: int) -> None:
        """Online: a chat line and the hand-over offer for a seat that is away, above the buttons."""
        px = self.px
        ui = self.app.ui
        y -= bh + px(8)
        self.chat_entry = TextField(pygame.Rect(x, y, w, bh), ui, "chat", container=box,
                                                              placeholder_text="Chat: type, then Enter")
        y -= bh + px(6)
        half = (w - px(8)) // 2
        self.handover_button = pygame_gui.elements.UIButton(pygame.Rect(x, y, half, bh), "Hand over", ui,
                                                            container=box,
                                                            tool_tip_text="The computer plays the away seat")
        self.wait_button = pygame_gui.elements.UIButton(pygame.Rect(x + half + px(8), y, half, bh), "Keep waiting",
                                                        ui, container=box)
        self._handover_sizes = ((half, bh), (w, bh))  # beside Keep waiting; alone as Take my seat back
        self.chat_top = y

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
        if self.handover_button is not None and self.wait_button is not None:
            offer = self.session.handover_offer()  # type: ignore[attr-defined]
            mine = self.session.taken_over()  # type: ignore[attr-defined]
            label = "Take my seat back" if mine is not None else "Hand over"
            if self.handover_button.text != label:  # one button: hand another's seat over, or take mine back
                self.handover_button.set_text(label)
                self.handover_button.set_dimensions(self._handover_sizes[mine is not None])
            for b in (self.handover_button, self.wait_button):
                if (offer is None and (mine is None or b is self.wait_button)) or self.app.top() is not self:
                    b.hide()
                else:
                    b.show()
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
            elif self.remote and event.ui_element is self.handover_button:
                seat = self.session.handover_offer()  # type: ignore[attr-defined]
                if self.session.taken_over() is not None:  # type: ignore[attr-defined]
                    if self.session.take_back():  # type: ignore[attr-defined]
                        self.app.toast("Your seat is yours again.", 4, good=True)
                elif seat is not None and self.session.hand_over(seat):  # type: ignore[attr-defined]
                    self.app.toast(f"{self.state.game.player_name(seat)}'s seat goes to the computer.", 4, good=True)
            elif self.remote and event.ui_element is self.wait_button:
                seat = self.session.handover_offer()  # type: ignore[attr-defined]
                if seat is not None:
                    self.session.waived.add(seat)  # type: ignore[attr-defined]
                self._sync_buttons()
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

    def scroll_log(self, entries: int) -> None:
        """Wheel up shows older log entries, wheel down newer ones, down to the newest."""
        self.log_back = max(0, min(len(self.visible_log()) - 1, self.log_back + entries))

    def _skip_gesture(self, event: pygame.event.Event) -> bool:
        """A left click on the board, Space or Enter while an animation plays: skip to its end."""
        if event.type == pygame.KEYDOWN:
            return event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
        return event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.view.rect.collidepoint(event.pos)

    def open_pause(self) -> None:
        from .pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    def open_rules(self) -> None:
        from .rules import RulesScene

        self.app.push(RulesScene(self.app, self.session.ruleset))

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

    # -- computer seats ------------------------------------------------------------
    def _agent(self, seat: int) -> Any:
        if seat not in self.agents:
            kind = self.session.seat_kind(seat)
            self.agents[seat] = self.session.ruleset.make_agent(kind, self.state.game, self.session.record.seed * 7 + seat)
        return self.agents[seat]

    def _run_computer(self, dt: float) -> None:
        if self.remote:
            return  # online, computer seats play on the server
        state = self.state
        if state.is_over() or self.view.busy() or self._covered_for is not None or self.session.stopped:
            return  # (stopped: the record holds the most actions it may; the game is kept as it stands)
        if self.replay_queue is not None:
            self._wait -= dt
            if self._wait > 0 or not self.replay_queue:
                return
            raw = self.replay_queue.pop(0)
            self.submit(state.game.decode_action(raw))
            self._wait = AI_DELAY
            return
        if self.session.is_human_turn():
            return
        if self._worker is None:
            self._wait -= dt
            if self._wait > 0:
                return
            agent = self._agent(state.current_player())
            snapshot = state.clone()
            if self.app.headless:
                self._worker_result = [agent.choose(snapshot)]
            else:
                self._worker_result = []

                def work() -> None:
                    try:
                        self._worker_result.append(agent.choose(snapshot))
                    except Exception as exc:  # surfaced on the main thread below
                        self._worker_result.append(exc)
                    self.app.wake()

                self._worker = threading.Thread(target=work, daemon=True)
                self._worker.start()
                return
        if self._worker is not None and self._worker.is_alive():
            return
        self._worker = None
        if not self._worker_result:
            return
        choice = self._worker_result.pop()
        if isinstance(choice, Exception):
            raise choice
        if not self.submit(choice):
            raise RuntimeError(f"computer player {self.session.seat_kind(state.current_player())!r} chose an "
                               f"illegal action: {choice.notation()} ({self.refusal})")
        self._wait = AI_DELAY if not self.app.headless else 0.0

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
                from .gameover import GameOverScene, over_note

                # the result panel says it (never a toast over it); a toast only once that panel is closed
                if self._over_shown and not isinstance(self.app.top(), GameOverScene):
                    self.app.toast(over_note(self.session), 10, good=bool(self.session.verified))  # type: ignore[attr-defined]
                self._sync_if_top()
            elif what in ("presence", "chat", "link"):
                self._sync_if_top()
        offer = (self.session.handover_offer(), self.session.taken_over())  # type: ignore[attr-defined]
        if offer != getattr(self, "_offer", None):
            self._offer = offer
            self._sync_if_top()

    def _sync_if_top(self) -> None:
        """Buttons follow the game only while this scene is on top (resume syncs them again)."""
        if self.app.top() is self:
            self._sync_buttons()

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
        from .gameover import GameOverScene

        if self.state.is_over() and self.app.top() is self:
            self.app.push(GameOverScene(self.app, self))

    def _keep_finished(self, force: bool = False) -> None:
        """A game that finished here leaves Continue: it moves to the Load list, to be watched."""
        if self.session.autosave is None or not (self._moved or force):
            return
        import time

        from .pause import saves_dir

        try:
            path = saves_dir() / time.strftime(f"{self.session.record.game}-finished-%Y%m%d-%H%M%S.json")
            self.session.save_as(path)
            remove_own(self.session.autosave)  # its own autosave, inside the data folder only
            self.session.close()  # and its lock: the game is no longer in progress
        except OSError as exc:
            self.app.toast(f"The finished game could not be kept: {exc.strerror}.", 6)

    def _check_cover(self) -> None:
        """Hot-seat hand-over: hide the board between two different human seats."""
        seat = self.state.current_player()
        if seat == self._last_seat or seat < 0:
            return
        prev, self._last_seat = self._last_seat, seat
        if (self.replay_queue is None and self.state.hidden_for_seat() and self.session.seat_kind(seat) == "human"
                and prev >= 0 and sum(1 for k in self.session.seats if k == "human") > 1):
            from .cover import CoverScene

            self._covered_for = seat
            self.app.push(CoverScene(self.app, self, seat))

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

    def _draw_status(self, surface: pygame.Surface, w: int) -> None:
        rs = self.session.ruleset
        px = self.px
        paper.text(surface, rs.title, (14, px(8)), px(26), paper.INK, bold=True)
        status = self.say(self.state.status())
        seat = self.state.current_player()
        x = 14 + paper.font(px(26), True).size(rs.title)[0] + px(24)
        busy = self.view.busy()
        shown = self.view.shown_status() if busy else None
        if shown or (busy and self.state.is_over()):
            # an animation still shows an earlier board: say what it shows, not what comes after
            status = self.say(shown) if shown else "The last moves play out..."
        elif seat >= 0:
            paper.draw_symbol(surface, seat, (x + px(8), px(22)), px(16))
            x += px(26)
            kind = self.seat_kind(seat)
            if kind not in ("human", "replay"):
                status += f"  ({self.seat_title(seat)}{', thinking' if self._worker else ''})"
            elif kind == "replay":
                status += "  (replay)"
        line, size = paper.fit(status, px(22), w - x - 14)
        paper.text(surface, line, (x, px(10)), size, paper.INK)
        hint = self.view.hint() if self.human_to_move() and not busy else ""
        if not hint and self.state.is_over() and self._over_shown and not busy and self.undo_button is not None:
            hint = self.session.undo_refusal()  # Study the board: why Undo is off (T-E3: the end is final)
        if self._busy_for > 0.4:
            hint = "Click the board or press Space to skip the animation."
        if self.remote and not self.refusal:
            hint = self._remote_hint(hint)
        if self.remote and self.session.fatal:  # type: ignore[attr-defined]
            # the server let this window go: said as it is, not as a refused move, and no reconnecting
            line, size = paper.fit(self.session.fatal, px(19), w - 28)  # type: ignore[attr-defined]
            paper.text(surface, line, (14, px(38)), size, paper.WARN)
        elif self.remote and self.session.problem:  # type: ignore[attr-defined]
            line, size = paper.fit(self.session.problem + " Reconnecting...", px(19), w - 28)  # type: ignore[attr-defined]
            paper.text(surface, line, (14, px(38)), size, paper.WARN)
        elif getattr(self.session, "stopped", "") and not self.state.is_over():
            line, size = paper.fit(self.session.stopped, px(19), w - 28)
            paper.text(surface, line, (14, px(38)), size, paper.WARN)
        elif self.refusal:
            rule = f" [{self.refusal_rule}]" if self.refusal_rule else ""
            line, size = paper.fit("Not allowed: " + self.refusal + rule, px(19), w - 28)
            paper.text(surface, line, (14, px(38)), size, paper.WARN)
        elif hint:
            line, size = paper.fit(hint, px(19), w - 28)
            paper.text(surface, line, (14, px(38)), size, paper.GRAPHITE)
        pygame.draw.line(surface, paper.FAINT, (8, self.status_h - 4), (w - 8, self.status_h - 4), 1)

    def _remote_hint(self, hint: str) -> str:
        """Online: the hand-over offer, or whom the window waits for."""
        sess: Any = self.session
        if sess.taken_over() is not None and not self.state.is_over():
            return ("The computer plays your seat: it was handed over while you were away. Take my seat back "
                    "to play it again.")
        offer = sess.handover_offer()
        if offer is not None:
            name = self.say(self.state.game.player_name(offer))
            return (f"{name} has been away {int(dict(sess.away_seats()).get(offer, 0))} s: keep waiting, hand the "
                    "seat to the computer, or leave (Menu); the room stays open.")
        if hint or self.state.is_over():
            return hint
        seat = self.state.current_player()
        if sess.watching:
            return "You are watching this game."
        if seat >= 0 and sess.seat_kind(seat) != "human":
            return f"Waiting for {self.say(self.state.game.player_name(seat))} ({sess.presence_note(seat)})."
        if any(s.sent_at is not None for s in sess.seen):
            return "Sent; waiting for the server."
        return hint

    def seat_line(self, seat: int) -> str:
        """The margin's line for a seat: its name and what sits in it."""
        return f"{self.say(self.state.game.player_name(seat))}  ({self.seat_title(seat)})"

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
        head = "Log (older; wheel down)" if self.log_back else "Log"
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
            who = "watcher" if seat is None else game.player_name(seat)
            parts = paper.wrap(self.say(f"{who}: {text}"), px(16), mw - px(20))[:2]
            y -= px(19) * len(parts)
            for k, part in enumerate(parts):
                paper.text(surface, part, (x + px(8), y + k * px(19)), px(16), paper.INK)
        return y
