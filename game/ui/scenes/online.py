"""Play online: host a game, join a friend's, and the online games this app holds seats in.

Three columns on one screen.  *Host a game*: the game and where it runs (this computer, on a
port the player may change, or a server someone else runs); then the setup screen's own
settings and seat widgets ("host", game/ui/scenes/host.py), where each seat is a friend
(remote), a person here at this screen, or a computer level.  *Join a game*: a server address
and a room code; the room is shown on the host's setup screen, read-only ("look",
game/ui/scenes/look.py), before a seat is taken or the game is watched; the host's own room
screen (code, addresses) is "room" (game/ui/scenes/room.py).  *Your online games*: the rooms
whose seat tokens this app keeps (game/net/tokens.py), asked of their servers with ``mine``,
"your turn" marked; one click resumes.  Every network request runs in a worker thread
(lobby.Job): the window never waits.
"""

from __future__ import annotations

import time
from typing import Any

import pygame
import pygame_gui

from ...i18n import tr
from ...msg import N_, M, Mn, Mp
from ...net import lobby
from ...net.lobby import Job, Problem
from ...net.tokens import TokenStore
from ...registry import rulesets
from .. import paper
from ..app import App, Scene
from ..online.rooms import open_room
from ..online.servers import ask_servers, game_title, host_server, joinable, seat_url
from ..widgets import TextField, chosen, message_of, said

HERE_COMPUTER = N_("This computer")
ELSEWHERE = N_("A server someone runs")
#: How often (seconds) an open "Your online games" list asks its servers again.
LIST_EVERY = 30.0


class OnlineScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.store = TokenStore()
        self.games = [rs for rs in rulesets() if rs.view]
        self.game = self.games[0] if self.games else None
        self.where = HERE_COMPUTER
        self.port_text = str(self.store.port)
        self.address_text = ""
        self.join_address = ""
        self.join_code = ""
        self.host_problem = self.join_problem = ""
        self.list_problem = self.store.problem
        self.rooms: dict[tuple[str, str], dict[str, Any]] = {}
        self.unreachable: dict[str, str] = {}
        self.listing: Job[dict[str, Any]] | None = None
        self.working: Job[Any] | None = None
        self.working_on = ""
        self.asked_at = -LIST_EVERY
        self.rows: dict[str, tuple[str, str]] = {}
        self.refresh()

    # -- the list of your games --
    def refresh(self) -> None:
        """Ask the servers again (in the background)."""
        self.store.load()
        self.list_problem = self.store.problem
        self.asked_at = time.monotonic()
        if self.store.seats and (self.listing is None or self.listing.done):
            store = self.store
            self.listing = Job(lambda: ask_servers(self.app, store), self.app.wake)

    def list_rows(self) -> list[tuple[str, tuple[str, str]]]:
        """(label, (url, room)) for each held room: your turn first, then waiting, then over."""
        out: list[tuple[int, str, tuple[str, str]]] = []
        seen: set[tuple[str, str]] = set()
        for seat in reversed(self.store.seats):  # newest first
            key = (seat.url, seat.room)
            if key in seen:
                continue
            seen.add(key)
            title = game_title(seat.game)
            info = self.rooms.get(key)
            # TRANSLATORS: a row of the list of online games: the game's name and the room's code.
            where = M("{game}, {room}", game=said(title), room=seat.room)
            if info is None and seat.url in self.unreachable:
                out.append((3, tr(M("{where}: no answer", where=where)), key))
            elif info is None and self.listing is not None and not self.listing.done:
                out.append((2, tr(M("{where}: asking...", where=where)), key))
            elif info is None:
                out.append((4, tr(M("{where}: gone from the server", where=where)), key))
            elif info.get("over"):
                out.append((5, tr(M("{where}: over", where=where)), key))
            elif info.get("your_turn"):
                out.append((0, tr(M("YOUR TURN: {where}", where=where)), key))
            else:
                out.append((1, tr(M("{where}: waiting", where=where)), key))
        out.sort(key=lambda item: item[0])
        return [(label, key) for _, label, key in out]

    def your_turns(self) -> int:
        return sum(1 for info in self.rooms.values() if info.get("your_turn"))

    # -- layout --
    def build(self) -> None:
        box = self.new_box()
        ui = self.app.ui
        px = self.px
        w, h = self.app.size
        gap = px(24)
        col = (w - 4 * gap) // 3
        xs = [gap + i * (col + gap) for i in range(3)]
        top = px(110)
        wh, step = px(38), px(70)
        self.columns = xs, col, top
        # Host a game
        x = xs[0]
        titles = [(tr(rs.title), rs.name) for rs in self.games] or [(tr(N_("(no games)")), "")]
        self.game_drop = pygame_gui.elements.UIDropDownMenu(
            titles, next((t for t in titles if self.game is not None and t[1] == self.game.name), titles[0]),
            pygame.Rect(x, top + px(60), col, wh), ui, container=box, expansion_height_limit=px(300))
        places = [(tr(HERE_COMPUTER), HERE_COMPUTER), (tr(ELSEWHERE), ELSEWHERE)]
        self.where_drop = pygame_gui.elements.UIDropDownMenu(
            places, next(p for p in places if p[1] == self.where), pygame.Rect(x, top + px(60) + step, col, wh), ui,
            container=box)
        self.port_entry = TextField(pygame.Rect(x, top + px(60) + 2 * step, col, wh), ui, "port",
                                                              container=box)
        self.port_entry.set_allowed_characters("numbers")
        self.port_entry.set_text(self.port_text)
        self.port_entry.set_tooltip(tr(N_("Friends connect to this port; your router must forward it for friends "
                                          "outside your home network.")))
        self.address_entry = TextField(pygame.Rect(x, top + px(60) + 2 * step, col, wh), ui, "address",
                                       container=box)
        self.address_entry.set_text(self.address_text)
        self.show_where()
        self.host_button = pygame_gui.elements.UIButton(pygame.Rect(x, top + px(60) + 3 * step, col, px(48)),
                                                        tr(N_("Settings and seats...")), ui, container=box)
        # Join a game
        x = xs[1]
        self.join_address_entry = TextField(pygame.Rect(x, top + px(60), col, wh), ui, "address",
                                                                      container=box)
        self.join_address_entry.set_text(self.join_address)
        self.code_entry = TextField(pygame.Rect(x, top + px(60) + step, col, wh), ui, "room",
                                                              container=box)
        self.code_entry.set_text(self.join_code)
        self.join_button = pygame_gui.elements.UIButton(pygame.Rect(x, top + px(60) + 2 * step, col, px(48)),
                                                        tr(N_("Look at the room...")), ui, container=box)
        # Your online games
        x = xs[2]
        rows = self.list_rows()
        self.rows = dict(rows)
        list_h = max(px(120), h - top - px(60) - px(180))
        self.games_list = pygame_gui.elements.UISelectionList(pygame.Rect(x, top + px(60), col, list_h),
                                                              [label for label, _ in rows], ui, container=box)
        if not rows:
            self.games_list.hide()  # and its buttons: there is nothing to resume yet
        bw = (col - px(20)) // 3
        y = top + px(70) + list_h
        self.resume_button = pygame_gui.elements.UIButton(pygame.Rect(x, y, bw, px(44)), tr(N_("Resume")), ui,
                                                          container=box)
        self.refresh_button = pygame_gui.elements.UIButton(pygame.Rect(x + bw + px(10), y, bw, px(44)), tr(N_("Refresh")),
                                                           ui, container=box)
        self.forget_button = pygame_gui.elements.UIButton(
            pygame.Rect(x + 2 * (bw + px(10)), y, bw, px(44)), tr(N_("Forget")), ui, container=box,
            tool_tip_text=tr(N_("Take the selected room off this list (its seat tokens are thrown away)")))
        if not self.store.seats:
            for b in (self.resume_button, self.refresh_button, self.forget_button):
                b.hide()
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - px(100), h - px(80), px(200), px(50)), tr(N_("Back")),
                                                 ui, container=box)

    def show_where(self) -> None:
        if self.where == HERE_COMPUTER:
            self.port_entry.show()
            self.address_entry.hide()
        else:
            self.port_entry.hide()
            self.address_entry.show()

    def resize(self, size: tuple[int, int]) -> None:
        if self.box is not None:
            self.remember_fields()  # what was typed stays when the window changes size
        super().resize(size)

    def remember_fields(self) -> None:
        self.port_text = self.port_entry.get_text()
        self.address_text = self.address_entry.get_text()
        self.join_address = self.join_address_entry.get_text()
        self.join_code = self.code_entry.get_text()

    def rebuild_list(self, force: bool = False) -> None:
        """Show the list as it is now (the rest of the screen, and what is typed, stays)."""
        rows = self.list_rows()
        if list(dict(rows)) == list(self.rows) and not force:
            return
        selected = self.games_list.get_single_selection()
        self.rows = dict(rows)
        self.games_list.set_item_list([label for label, _ in rows])
        for item in self.games_list.item_list:
            if item["text"] == selected:
                item["selected"] = True
                if item.get("button_element") is not None:
                    item["button_element"].select()
        for el in (self.games_list, self.resume_button, self.refresh_button, self.forget_button):
            if rows:
                el.show()
            else:
                el.hide()

    # -- input --
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.game_drop:
                self.game = next((rs for rs in self.games if rs.name == chosen(event)), self.game)
            elif event.ui_element is self.where_drop:
                self.where = ELSEWHERE if chosen(event) == ELSEWHERE else HERE_COMPUTER
                self.show_where()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.back:
                self.app.pop()
            elif el is self.host_button:
                self.host_settings()
            elif el is self.join_button:
                self.look()
            elif el is self.resume_button:
                self.resume_selected()
            elif el is self.refresh_button:
                self.refresh()
            elif el is self.forget_button:
                self.forget_selected()
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and \
                event.ui_element is self.games_list:
            self.resume_selected()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.code_entry:
            self.look()

    def busy(self) -> bool:
        return self.working is not None and not self.working.done

    def host_settings(self) -> None:
        """Check where the game runs, then the setup screen for settings and seats."""
        self.remember_fields()
        self.host_problem = ""
        if self.game is None:
            self.host_problem = N_("No games are installed.")
            return
        try:
            if self.where == HERE_COMPUTER:
                port = int(self.port_text or "0")
                if not 1024 <= port <= 65535:
                    raise Problem(N_("Pick a port from 1024 to 65535 (8765 unless another program uses it)."))
                where: tuple[str, Any] = ("here", port)
            else:
                where = ("url", lobby.server_url(self.address_text))
        except (Problem, ValueError) as exc:
            self.host_problem = message_of(exc) if isinstance(exc, Problem) else N_("The port is a number.")
            return
        self.app.push("host", self.game, where, self.store)

    def look(self) -> None:
        """Join: look at the room first (as a spectator: nothing is claimed yet)."""
        self.remember_fields()
        self.join_problem = ""
        if self.busy():
            return
        try:
            url = lobby.server_url(self.join_address)
            code = lobby.room_code(self.join_code)
        except Problem as exc:
            self.join_problem = message_of(exc)
            return
        self.working_on = "join"
        self.working = Job(lambda: (url, code, lobby.peek(url, code)), self.app.wake)

    def selected_room(self) -> tuple[str, str] | None:
        label = self.games_list.get_single_selection() if self.games_list.visible else None
        if not label or label not in self.rows:
            self.list_problem = N_("Pick a game in the list first.") if self.store.seats else \
                N_("You have no online games yet: host one or join a friend's.")
            return None
        return self.rows[label]

    def resume_selected(self) -> None:
        key = self.selected_room()
        if key is None or self.busy():
            return
        self.resume_room(*key)

    def forget_selected(self) -> None:
        key = self.selected_room()
        if key is None:
            return
        try:
            self.store.forget(*key)
        except OSError as exc:
            # TRANSLATORS: {reason} is the system's reason, in English.
            self.list_problem = M("The list of your online games could not be written ({reason}).",
                                  reason=exc.strerror or str(exc))
            return
        self.rooms.pop(key, None)
        self.rebuild_list()

    # -- answers from the workers --
    def update(self, dt: float) -> None:
        if self.listing is not None and self.listing.done:
            job, self.listing = self.listing, None
            if job.result is not None:
                self.rooms = job.result["rooms"]
                self.unreachable = job.result["problems"]
                if self.unreachable:
                    self.list_problem = next(iter(self.unreachable.values()))
            elif job.problem:
                self.list_problem = job.problem
            self.rebuild_list()
        elif self.listing is None and self.store.seats and time.monotonic() - self.asked_at > LIST_EVERY:
            self.refresh()
        if self.working is not None and self.working.done:
            job, self.working = self.working, None
            if self.working_on == "join":
                if job.problem:
                    self.join_problem = job.problem
                else:
                    url, code, sync = job.result  # type: ignore[misc]
                    rs = joinable(str(sync.get("game")))
                    if rs is None:
                        # TRANSLATORS: {game} is the name of a game the server sent, in quotes.
                        self.join_problem = M("That room plays {game}, which this version of Paper Wars does not have; "
                                              "an update may bring it.", game=repr(str(sync.get("game"))[:40]))
                    else:
                        self.app.push("look", rs, url, code, sync, self.store)
            elif self.working_on == "resume":
                if job.problem:
                    self.list_problem = job.problem
                else:
                    url, room, tokens = job.result  # type: ignore[misc]
                    open_room(self.app, url, room, tokens)

    def next_wake(self) -> float | None:
        waiting = (self.listing is not None and not self.listing.done) or self.busy()
        if waiting:
            return 0.25
        if self.store.seats and self.app.top() is self:  # the list is asked again every LIST_EVERY s
            return max(0.0, LIST_EVERY - (time.monotonic() - self.asked_at))
        return None

    def resume(self) -> None:
        """Back from a game or a room: the list may have changed."""
        self.refresh()
        if self.box is not None:
            self.box.show()  # shows every widget: the ones this screen hides are hidden again
            self.show_where()
            self.rebuild_list(force=True)

    def resume_room(self, url: str, room: str) -> None:
        """Open a held room's game (starting this app's server first for a hosted room)."""
        held = self.store.in_room(url, room)
        if not held:
            return
        tokens = {s.seat: s.token for s in held}
        self.list_problem = ""

        def go() -> tuple[str, str, dict[int, str]]:
            if held[0].hosted:
                host_server(self.app).start(self.store.port)
            return seat_url(self.app, held[0]), room, tokens

        self.working_on = "resume"
        self.working = Job(go, self.app.wake)

    # -- drawing --
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        px = self.px
        w, h = self.app.size
        xs, col, top = self.columns
        paper.text(surface, N_("Play online"), (w // 2, px(20)), px(44), paper.INK, "midtop", bold=True)
        paper.text(surface, N_("Play a friend on another computer: one hosts, the other joins with the room code."),
                   (w // 2, px(72)), px(19), paper.GRAPHITE, "midtop")
        heads = (N_("Host a game"), N_("Join a game"), N_("Your online games"))
        for x, head in zip(xs, heads, strict=True):
            paper.text(surface, head, (x, top), px(26), paper.INK, bold=True)
        step = px(70)
        labels = [(0, 0, Mp("online", "Game")), (0, 1, N_("Where it runs")),
                  (0, 2, N_("Port on this computer") if self.where == HERE_COMPUTER else
                   N_("Server address (like play.example.org:8765)")),
                  (1, 0, N_("Host's address (like 192.168.1.20:8765)")), (1, 1, N_("Room code (8 letters and digits)"))]
        for c, r, text in labels:
            paper.text(surface, text, (xs[c], top + px(38) + r * step), px(18), paper.GRAPHITE)
        below = top + px(60) + 3 * step + px(60)
        self._lines(surface, self.host_problem, xs[0], below, col, paper.WARN)
        if not self.host_problem:
            self._lines(surface, N_("Your friends need the room code and this computer's address; both are shown "
                                    "once the room is made.") if self.where == HERE_COMPUTER else
                        N_("The room is made on that server; your friends join it with its address and the code."),
                        xs[0], below, col, paper.GRAPHITE)
        below = top + px(60) + 2 * step + px(60)
        if self.busy() and self.working_on == "join":
            self._lines(surface, N_("Asking the host..."), xs[1], below, col, paper.GRAPHITE)
        else:
            self._lines(surface, self.join_problem or N_("Type the address and the room code your friend sent you."),
                        xs[1], below, col, paper.WARN if self.join_problem else paper.GRAPHITE)
        turns = self.your_turns()
        if turns:
            paper.text(surface, Mn("Your turn in {n} game", "Your turn in {n} games", turns),
                       (xs[2], top + px(34)), px(19), paper.GOOD, bold=True)
        if not self.store.seats:
            self._lines(surface, N_("No online games yet. Games you host or join are listed here, with your turn "
                                    "marked, so a long game can be played a move a day."),
                        xs[2], top + px(60), col, paper.GRAPHITE)
        list_bottom = top + px(70) + max(px(120), h - top - px(60) - px(180)) + px(54)
        if self.busy() and self.working_on == "resume":
            self._lines(surface, N_("Opening the game..."), xs[2], list_bottom, col, paper.GRAPHITE)
        elif self.list_problem:
            self._lines(surface, self.list_problem, xs[2], list_bottom, col, paper.WARN)

    def _lines(self, surface: pygame.Surface, text: str, x: int, y: int, width: int,
               colour: tuple[int, int, int]) -> None:
        for i, line in enumerate(paper.wrap(text, self.px(17), width)[:5]):
            paper.text(surface, line, (x, y + i * self.px(21)), self.px(17), colour)
