"""The host's room once it is made: the room code and the addresses a friend can use, the
settings and seats, then Open the game (or Watch, when no seat is played here)."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pygame_gui

from ...i18n import tr
from ...msg import N_, M, Mp
from ...net import lobby
from ...net.lobby import Job
from ...net.tokens import TokenStore
from ...registry import rulesets
from .. import paper
from ..app import App, Scene
from ..online.rooms import ROOM_EVERY, free_seats, open_room, sync_seats
from ..setup import words_of
from ..widgets import said


class RoomScene(Scene):
    """The host's room once it is made: the room code and the addresses a friend can use, the
    settings and seats, then Open the game (or Watch, when no seat is played here).  A friend
    joining sees the room on the setup screen instead (RoomSetupScene)."""

    def __init__(self, app: App, url: str, room: str, sync: dict[str, Any], store: TokenStore,
                 hosted: bool = False, tokens: dict[int, str] | None = None, port: int = 0) -> None:
        super().__init__(app)
        self.url, self.room, self.sync, self.store = url, room, sync, store
        self.hosted, self.port = hosted, port
        self.tokens = dict(tokens or {})
        self.addresses = lobby.address_urls(port) if hosted else []
        self.looking: Job[dict[str, Any]] | None = None
        self.looked_at = time.monotonic()
        self.rs = next((rs for rs in rulesets() if rs.name == sync.get("game")), None)
        self.game = None
        if self.rs is not None:
            try:
                self.game = self.rs.make_game(dict(sync.get("settings") or {}))
            except Exception:  # noqa: BLE001 - shown without names rather than not at all
                self.game = None

    def seat_name(self, seat: int) -> str:
        if self.game is None:
            return M("Player {n}", n=seat + 1)
        names = [self.game.player_name(i) for i in range(self.game.num_players)]
        return paper.seat_words(names[seat], names) if seat < len(names) else M("Player {n}", n=seat + 1)

    def free_seats(self) -> list[int]:
        return free_seats(self.sync)

    def settings_lines(self) -> list[str]:
        settings = dict(self.sync.get("settings") or {})
        if self.rs is None:
            return [f"{k}: {v}" for k, v in settings.items()]
        out = []
        for spec in self.rs.game_cls.settings_spec:
            if spec.key in settings and spec.applies(settings):
                try:
                    shown = spec.shown(settings[spec.key])
                except Exception:  # noqa: BLE001
                    shown = str(settings[spec.key])
                if spec.kind == "bool":
                    shown = Mp("switch", "on") if settings[spec.key] else Mp("switch", "off")
                elif spec.kind == "level":
                    from ...levels import level_title

                    shown = level_title(self.rs.name, str(settings[spec.key]))
                # TRANSLATORS: a setting of the room and its value ("Winners: 1").
                out.append(M("{setting}: {value}", setting=words_of(tr(spec.label)), value=said(shown)))
        return out

    def seat_lines(self) -> list[str]:
        out = []
        for s in sync_seats(self.sync):
            i = s["seat"]
            if i in self.tokens:
                who = N_("you, here")
            elif s.get("kind") == "computer":
                who = N_("the computer (on the server)")
            elif s.get("claimed"):
                who = N_("a player (connected)") if s.get("here") else N_("a player (not connected now)")
            else:
                who = N_("waiting for a friend to join")
            out.append(M("{name}: {status}", name=said(self.seat_name(i)), status=said(who)))
        return out

    def build(self) -> None:
        box = self.new_box()
        ui = self.app.ui
        px = self.px
        w, h = self.app.size
        self.buttons: dict[object, tuple[str, int]] = {}
        labels: list[tuple[str, tuple[str, int]]] = [(tr(N_("Back")), ("back", -1))]
        labels.append((tr(N_("Open the game")), ("open", -1)) if self.tokens else (tr(N_("Watch")), ("watch", -1)))
        bw, gap = px(200), px(20)
        bw = min(bw, (w - px(20)) // len(labels) - gap)
        bx = w // 2 - (len(labels) * (bw + gap) - gap) // 2
        for i, (label, what) in enumerate(labels):
            b = pygame_gui.elements.UIButton(pygame.Rect(bx + i * (bw + gap), h - px(80), bw, px(50)), label, ui,
                                             container=box)
            self.buttons[b] = what

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            kind, _ = self.buttons[event.ui_element]
            if kind == "back":
                self.app.pop()
            elif kind == "open":
                open_room(self.app, self.url, self.room, self.tokens, replace=True)
            elif kind == "watch":
                open_room(self.app, self.url, self.room, {}, watch=True, replace=True)

    def watching_seats(self) -> bool:
        """The host's screen looks every few seconds whether a friend has taken a free seat."""
        return bool(self.free_seats()) and self.app.top() is self

    def update(self, dt: float) -> None:
        if self.looking is not None and self.looking.done:
            if self.looking.result is not None:
                self.sync = self.looking.result
            self.looking, self.looked_at = None, time.monotonic()
        elif self.looking is None and self.watching_seats() and time.monotonic() - self.looked_at >= ROOM_EVERY:
            url, room = self.url, self.room
            self.looking = Job(lambda: lobby.peek(url, room), self.app.wake)

    def next_wake(self) -> float | None:
        if self.watching_seats() and self.looking is None:
            return max(0.0, ROOM_EVERY - (time.monotonic() - self.looked_at))
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        px = self.px
        w, h = self.app.size
        title = self.rs.title if self.rs is not None else str(self.sync.get("game"))
        # TRANSLATORS: {room} is the room's code, {game} the game's name.
        paper.text(surface, M("Room {room}: {game}", room=self.room, game=said(title)), (w // 2, px(20)), px(40), paper.INK, "midtop", bold=True)
        y = px(86)
        left, width = px(60), w // 2 - px(90)
        if self.hosted:
            head = N_("Your friend types the room code and one of these addresses in Join a game:")
            lines = [f"{a}" for a in self.addresses] or [N_("(this computer has no network address: is it online?)")]
            # TRANSLATORS: {port} is a port number.
            foot = M("A friend outside your home network needs port {port} forwarded on your router to this "
                     "computer, or a VPN overlay you both use (such as Tailscale or ZeroTier). Windows may ask once "
                     "whether Paper Wars may use the network: allow it on private networks.", port=self.port)
        else:
            head = N_("Your friend types the room code and this server address in Join a game:")
            lines = [self.url]
            foot = N_("The room stays on that server: you can come back to it from Your online games.")
        paper.text(surface, N_("Room code:"), (left, y + px(10)), px(24), paper.INK)
        paper.text(surface, self.room, (left + px(150), y), px(40), paper.INK, bold=True)
        y += px(56)
        for line in paper.wrap(head, px(20), w - 2 * left):
            paper.text(surface, line, (left, y), px(20), paper.INK)
            y += px(26)
        for line in lines[:6]:
            paper.text(surface, line, (left + px(20), y), px(24), paper.INK, bold=True)
            y += px(32)
        for line in paper.wrap(foot, px(18), w - 2 * left):
            paper.text(surface, line, (left, y + px(6)), px(18), paper.GRAPHITE)
            y += px(22)
        y += px(24)
        col2 = w // 2 + px(30)
        paper.text(surface, N_("Settings"), (left, y), px(22), paper.INK, bold=True)
        paper.text(surface, Mp("heading", "Seats"), (col2, y), px(22), paper.INK, bold=True)
        lines = self.settings_lines()
        room = max(1, (h - px(110) - y - px(34)) // px(24))  # rows above the buttons; more go in a second column
        cols = 1 if len(lines) <= room else 2
        cw = width // cols - px(10)
        for i, line in enumerate(lines[:room * cols]):
            c, r = divmod(i, room)
            paper.text(surface, paper.fit(line, px(18), cw)[0], (left + c * (cw + px(10)), y + px(34) + r * px(24)),
                       px(18), paper.GRAPHITE)
        for i, line in enumerate(self.seat_lines()):
            paper.draw_symbol(surface, i, (col2 + px(10), y + px(45) + i * px(28)), px(14))
            paper.text(surface, line, (col2 + px(30), y + px(34) + i * px(28)), px(19), paper.INK)
