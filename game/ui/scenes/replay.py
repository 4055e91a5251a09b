"""The replay viewer: a finished (or saved) game, driven like a tape.

Play / pause, step forward and back, jump to the start or the end, speed; the move list in
the margin gives each action's notation and the rules' own sentences, and a click on an
entry jumps there.  The board, the margin counters and the status line always show exactly
the chosen point: the viewer keeps a real Session at that point (stepping back restores the
state saved before the step, as undo does, without undo's limits: nothing is hidden from a
replay's viewer that the log would not show either).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from ... import i18n
from ...i18n import tr
from ...msg import N_, M, Mn, Mp
from ...records import Record
from ...session import Session
from .. import paper
from ..app import App
from ..playing.pause import SHELL_KEYS, PauseScene
from ..playing.scene import PlayScene
from ..widgets import said

STEP_S = 0.9  # seconds a move stays on screen at 1x
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)


@dataclass(frozen=True)
class Entry:
    """One line of the move list: who acted, the notation, the rules' sentences."""

    seat: int
    notation: str
    sentences: tuple[str, ...]


class ReplayScene(PlayScene):
    replaying = True  # every view hides its live controls (GameView.replaying)

    def __init__(self, app: App, record: Record) -> None:
        self.full = list(record.actions)
        fresh = Record(record.game, dict(record.settings), record.seed, [], dict(record.pins), record.rules_version,
                       list(record.seats))
        super().__init__(app, Session(fresh, autosave=False), replay=[])
        self.entries = self._entries(record)
        self.pos = 0
        self.playing = True
        self.speed_i = SPEEDS.index(1.0)
        self._next_in = STEP_S / 2
        self._log_len = [len(self.session.log)]
        self.list_top = 0  # first entry shown in the move list
        self.follow = True  # the list scrolls with the replay until the player scrolls it
        self._entry_rects: list[tuple[pygame.Rect, int]] = []
        self.controls: dict[object, str] = {}
        self._over_shown = True  # a replay never pushes the game-over panel
        self._current_events: list[Any] = []

    @staticmethod
    def _entries(record: Record) -> list[Entry]:
        """Run the record once, headless, for the move list (secret choices stay secret, as in the
        log, until the game is over: then every choice has been shown, and the list names them)."""
        probe = Session(Record.from_json(record.to_json(), "replay"), autosave=False)
        over = probe.state.is_over()
        out = []
        for step in probe.history:
            written = N_("(a secret choice)") if step.hidden and not over else step.action.notation()
            out.append(Entry(step.seat, written, tuple(e.text for e in step.events if e.text)))
        return out

    # -- the tape --------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_i]

    def forward(self, animate: bool = True) -> bool:
        if self.pos >= len(self.full):
            return False
        if self.view.busy():
            self.view.skip_animation()
        action = self.state.game.decode_action(self.full[self.pos])
        events = self.session.submit(action, save=False)
        self._current_events = events
        self.pos += 1
        self._log_len.append(len(self.session.log))
        if animate:
            self._after_action(events)
        return True

    def back(self) -> bool:
        return self.jump(self.pos - 1)

    def jump(self, target: int) -> bool:
        """Show the board after ``target`` actions (0: the start), without animation."""
        target = max(0, min(len(self.full), target))
        if target == self.pos:
            return False
        self.view.skip_animation()
        if target < self.pos:
            step = self.session.history[target]
            del self.session.history[target:]
            del self.session.record.actions[target:]
            self.session.state = type(self.session.state).from_json(self.session.state.game, step.before)
            del self.session.log[self._log_len[target]:]
            del self._log_len[target + 1:]
            self.pos = target
        else:
            while self.pos < target:
                self.forward(animate=False)
        self.view.reset()
        self.refusal = ""
        self.follow = True
        self._sync_buttons()
        self.app.poke()
        return True

    def toggle(self) -> None:
        if self.pos >= len(self.full) and not self.playing:
            self.jump(0)  # play again from the start
        self.playing = not self.playing
        self._next_in = 0.0
        self._sync_buttons()

    def faster(self, step: int) -> None:
        self.speed_i = max(0, min(len(SPEEDS) - 1, self.speed_i + step))
        self._sync_buttons()

    # -- PlayScene hooks ---------------------------------------------------------------
    def seat_kind(self, seat: int) -> str:
        return "replay"

    def human_to_move(self) -> bool:
        return False

    def undo(self) -> None:
        self.back()

    def next_wake(self) -> float | None:
        if self.view.busy():
            return 0.0
        if self.playing and self.pos < len(self.full):
            return max(0.0, self._next_in / self.speed)
        return None

    def update(self, dt: float) -> None:
        self.view.update(dt)
        self._busy_for = self._busy_for + dt if self.view.busy() else 0.0
        if self.playing and not self.view.busy():
            self._next_in -= dt * self.speed
            if self._next_in <= 0:
                self.forward()
                self._next_in = STEP_S
                self.follow = True
        if self.playing and self.pos >= len(self.full) and not self.view.busy():
            self.playing = False
            self._sync_buttons()

    # -- widgets -------------------------------------------------------------------------
    def open_pause(self) -> None:
        self.app.push(ReplayPauseScene(self.app, self))

    def build(self) -> None:
        super().build()
        assert self.box is not None
        px = self.px
        w, h = self.app.size
        ui = self.app.ui
        for b in (self.undo_button, self.result_button):
            if b is not None:
                b.kill()
        self.undo_button = self.result_button = None
        gap, bh = px(6), px(38)
        x0 = w - self.margin_w + px(10)
        row_w = self.margin_w - px(20)
        y = self.rules_button.relative_rect.y
        # bottom row: speed, Rules, Menu
        third = (row_w - 2 * px(10)) // 3
        self.rules_button.set_relative_position((x0 + third + px(10), y))
        self.rules_button.set_dimensions((third, bh))
        self.menu_button.set_relative_position((x0 + 2 * (third + px(10)), y))
        self.menu_button.set_dimensions((third, bh))
        self.controls = {}
        speed = pygame_gui.elements.UIButton(pygame.Rect(x0, y, third, bh), self._speed_text(), ui, container=self.box,
                                             tool_tip_text=tr(N_("Speed: + faster, - slower")))
        self.controls[speed] = "speed"
        # the tape row above it
        y -= bh + px(8)
        small = px(40)
        play_w = row_w - 4 * small - 4 * gap
        x = x0
        for key, label, width, tip in (("start", "|<", small, N_("Home: the start")),
                                       ("back", "<", small, N_("Left: one back")),
                                       ("play", tr(Mp("replay", "Pause")), play_w, N_("Space: play / pause")),
                                       ("forward", ">", small, N_("Right: one forward")),
                                       ("end", ">|", small, N_("End: the end"))):
            b = pygame_gui.elements.UIButton(pygame.Rect(x, y, width, bh), label, ui, container=self.box,
                                             tool_tip_text=tr(tip))
            self.controls[b] = key
            x += width + gap
        self.tape_top = y - px(8)
        self.buttons_top = self.tape_top
        self._sync_buttons()

    def _speed_text(self) -> str:
        s = self.speed
        return (f"{s:g}x" if s >= 1 else f"{s:.2g}x".lstrip("0")).replace(".", "," if i18n.language() in
                                                                            i18n.DECIMAL_COMMA else ".")

    def _sync_buttons(self) -> None:
        for b, key in getattr(self, "controls", {}).items():
            if key == "play":
                b.set_text(tr(Mp("replay", "Pause") if self.playing else (
                    Mp("replay", "Again") if self.pos >= len(self.full) else Mp("replay", "Play"))))
            elif key == "speed":
                b.set_text(self._speed_text())
            elif key in ("start", "back"):
                b.enable() if self.pos > 0 else b.disable()
            elif key in ("forward", "end"):
                b.enable() if self.pos < len(self.full) else b.disable()

    # -- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.controls:
            self.press(self.controls[event.ui_element])
            return
        if event.type == pygame.KEYDOWN:
            k = event.key
            keys = {pygame.K_SPACE: "play", pygame.K_LEFT: "back", pygame.K_RIGHT: "forward", pygame.K_HOME: "start",
                    pygame.K_END: "end", pygame.K_PLUS: "faster", pygame.K_EQUALS: "faster",
                    pygame.K_KP_PLUS: "faster", pygame.K_MINUS: "slower", pygame.K_KP_MINUS: "slower"}
            if k in keys:
                self.press(keys[k])
                return
        if event.type == pygame.MOUSEWHEEL and self._list_rect().collidepoint(pygame.mouse.get_pos()):
            self.follow = False
            self.list_top = max(0, min(len(self.entries) - 1, self.list_top - event.y))
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, i in self._entry_rects:
                if rect.collidepoint(event.pos):
                    self.playing = False
                    self.jump(i + 1)
                    return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.view.busy() and \
                self.view.rect.collidepoint(event.pos):
            self.view.skip_animation()
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED or event.type == pygame.KEYDOWN:
            super().handle_event(event)  # Rules, Menu, Esc, F1

    def press(self, key: str) -> None:
        if key == "play":
            self.toggle()
        elif key == "back":
            self.playing = False
            self.back()
        elif key == "forward":
            self.playing = False
            if self.view.busy():
                self.view.skip_animation()
            else:
                self.forward()
        elif key == "start":
            self.playing = False
            self.jump(0)
        elif key == "end":
            self.playing = False
            self.jump(len(self.full))
        elif key in ("faster", "speed"):
            self.faster(1 if key == "faster" or self.speed_i < len(SPEEDS) - 1 else -len(SPEEDS))
        elif key == "slower":
            self.faster(-1)
        self._sync_buttons()

    # -- drawing -------------------------------------------------------------------------------
    def shown_seat(self) -> int:
        return self.entries[self.pos - 1].seat if self.pos > 0 else -1

    def status_line(self) -> str:
        """Speaks of the seat whose action is on the board, never of the seat to move next."""
        if self.pos == 0:
            return Mn("Replay: the start, {n} action to come", "Replay: the start, {n} actions to come", len(self.full))
        e = self.entries[self.pos - 1]
        game = self.state.game
        who = self.say(game.player_name(e.seat)) if e.seat >= 0 else N_("The game")
        # TRANSLATORS: the replay's status line: {who} is a seat's name, {notation} the action as written.
        return M("Replay, action {pos} of {n}: {who}: {notation}", pos=self.pos, n=len(self.full), who=said(who),
                 notation=self.say(e.notation))

    def _draw_status(self, surface: pygame.Surface, w: int) -> None:
        px = self.px
        rs = self.session.ruleset
        paper.text(surface, rs.title, (14, px(8)), px(26), paper.INK, bold=True)
        x = 14 + paper.font(px(26), True).size(rs.title)[0] + px(24)
        seat = self.shown_seat()
        if seat >= 0:
            paper.draw_symbol(surface, seat, (x + px(8), px(22)), px(16))
            x += px(26)
        line, size = paper.fit(self.status_line(), px(22), w - x - 14)
        paper.text(surface, line, (x, px(10)), size, paper.INK)
        if self.pos >= len(self.full) and self.state.is_over():
            res = self.state.result()
            hint = self.say(res.text) if res else ""
        else:
            # TRANSLATORS: {speed} is the replay's speed ("2x").
            hint = (M("Playing at {speed}.  Space play/pause, Left/Right step, Home/End, +/- speed; click a move "
                      "in the list to go there.", speed=self._speed_text()) if self.playing else
                    M("Paused at {speed}.  Space play/pause, Left/Right step, Home/End, +/- speed; click a move "
                      "in the list to go there.", speed=self._speed_text()))
        line, size = paper.fit(hint, px(19), w - 28)
        paper.text(surface, line, (14, px(38)), size, paper.GRAPHITE)
        pygame.draw.line(surface, paper.FAINT, (8, self.status_h - 4), (w - 8, self.status_h - 4), 1)

    def _list_rect(self) -> pygame.Rect:
        w, _ = self.app.size
        top = getattr(self, "_list_y", self.status_h + self.px(120))
        return pygame.Rect(w - self.margin_w, top, self.margin_w, max(0, getattr(self, "tape_top", 0) - top))

    def seat_line(self, seat: int) -> str:
        """A replay names each seat only (nobody sits in it)."""
        return self.say(self.state.game.player_name(seat))

    def _draw_margin(self, surface: pygame.Surface, w: int, h: int) -> None:
        px = self.px
        mw = self.margin_w
        x = w - mw
        y = self._draw_margin_head(surface, w, h) + px(6)
        paper.text(surface, N_("Moves"), (x + px(8), y), px(18), paper.GRAPHITE, bold=True)
        y += px(24)
        self._list_y = y
        self._draw_moves(surface, pygame.Rect(x, y, mw - px(6), max(0, self.tape_top - y)))

    def _entry_lines(self, i: int, width: int) -> list[tuple[str, int, bool]]:
        e = self.entries[i]
        sentences = e.sentences
        if i == self.pos - 1 and self.view.busy() and self.view.events_shown() is not None:
            # the margin never runs ahead of the board: sentences appear as the animation reaches them
            shown = self.view.events_shown() or 0
            sentences = tuple(ev.text for ev in self._current_events[:shown] if ev.text)
        name = self.say(self.state.game.player_name(e.seat)) if e.seat >= 0 else ""
        # TRANSLATORS: a line of the replay's move list: its number, who acted, the action as written.
        head = M("{n}. {name}: {notation}", n=i + 1, name=said(name), notation=self.say(e.notation)) if name else \
            M("{n}. {notation}", n=i + 1, notation=self.say(e.notation))
        out = [(part, self.px(16), True) for part in paper.wrap(head, self.px(16), width)]
        for sentence in sentences:
            out += [(part, self.px(15), False) for part in paper.wrap(self.say(sentence), self.px(15), width - self.px(10))]
        return out

    def _draw_moves(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        px = self.px
        self._entry_rects = []
        if not self.entries or area.height <= 0:
            return
        width = area.width - px(16)
        line_h = px(18)
        current = self.pos - 1
        if self.follow and current >= 0:
            # keep the current entry in view, with what led to it above
            room, i = area.height, current
            while i >= 0:
                room -= line_h * len(self._entry_lines(i, width)) + px(4)
                if room < area.height // 3 and i < current:
                    break
                i -= 1
            self.list_top = max(0, min(current, i + 1))
        y = area.y
        clip = surface.get_clip()
        surface.set_clip(area)
        for i in range(self.list_top, len(self.entries)):
            lines = self._entry_lines(i, width)
            rect = pygame.Rect(area.x + px(4), y, area.width - px(4), line_h * len(lines) + px(2))
            if rect.top >= area.bottom:
                break
            if i == current:
                pygame.draw.rect(surface, (236, 226, 196), rect, border_radius=4)
                pygame.draw.rect(surface, paper.INK, rect, 1, border_radius=4)
            for j, (text, size, head) in enumerate(lines):
                # what the board has reached in ink, what is still to come in faint pencil
                colour = (paper.INK if head else paper.GRAPHITE) if i <= current else paper.FAINT
                paper.text(surface, text, (rect.x + px(4) + (0 if head else px(10)), y + line_h * j), size, colour)
            self._entry_rects.append((rect.clip(area), i))
            y = rect.bottom + px(4)
        surface.set_clip(clip)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)


#: The replay viewer's keys, for its pause menu.
REPLAY_KEYS = [(N_("Space"), N_("play / pause")), (N_("Left / Right"), N_("one action back / forward")),
               (N_("Home / End"), N_("the start / the end")), ("+ / -", N_("faster / slower")),
               (N_("Click a line in the list"), N_("go to that action"))]


class ReplayPauseScene(PauseScene):
    """Esc in the replay viewer: the pause menu without Save game (a replay changes nothing)."""

    note = N_("A replay changes nothing: Load game keeps the file to watch again.")
    labels = tuple(item for item in PauseScene.labels if item[0] != "save")

    def key_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The replay's own keys: nothing that invites a move (no game keys, no undo)."""
        return [(N_("Keys in the replay"), REPLAY_KEYS),
                (N_("Keys in every game"), [k for k in SHELL_KEYS if k[0] not in ("Ctrl+Z", "R")])]
