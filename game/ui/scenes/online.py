"""Play online: host a game, join a friend's, and the online games this app holds seats in.

Three columns on one screen.  *Host a game*: the game and where it runs (this computer, on a
port the player may change, or a server someone else runs); then the setup screen's own
settings and seat widgets (HostSetupScene), where each seat is a friend (remote), a person
here at this screen, or a computer level.  *Join a game*: a server address and a room code;
the room is shown on the host's setup screen, read-only (RoomSetupScene), before a seat is
taken or the game is watched; the host's own room screen (code, addresses) is RoomScene.  *Your online games*: the rooms whose seat tokens this app keeps
(game/net/tokens.py), asked of their servers with ``mine``, "your turn" marked; one click
resumes.  Every network request runs in a worker thread (lobby.Job): the window never waits.
"""

from __future__ import annotations

import time
from typing import Any

import pygame
import pygame_gui

from ...engine import SettingsError
from ...net import lobby
from ...net.client import setup_problem
from ...net.lobby import HostServer, Job, Problem
from ...net.tokens import HeldSeat, TokenStore
from ...paths import user_levels_dir
from ...registry import Ruleset, rulesets, strengths
from .. import paper
from ..app import App, Scene
from ..widgets import TextField
from .setup import SetupScene, words_of

HERE_COMPUTER = "This computer"
ELSEWHERE = "A server someone runs"
#: How often (seconds) an open "Your online games" list asks its servers again.
LIST_EVERY = 30.0
#: How often (seconds) the host's room screen looks whether a friend has joined.
ROOM_EVERY = 3.0


# -- the app's hosted server and the "your turn" check ------------------------------------------
def host_server(app: App) -> HostServer:
    """The server this app runs for the games it hosts (one per app, started when needed;
    App.close stops it)."""
    if app.online_host is None:
        app.online_host = HostServer()
    server: HostServer = app.online_host
    return server


def seat_url(app: App, seat: HeldSeat) -> str:
    """Where a held seat's room is now: a hosted room is on this app's own server."""
    return host_server(app).url if seat.hosted else seat.url


def ask_servers(app: App, store: TokenStore, timeout: float = lobby.TIMEOUT) -> dict[str, Any]:
    """Every server the player holds seats on, asked with ``mine`` (in a worker thread).

    Hosted rooms need this app's server: it is started on the remembered port first, so a
    friend can come back to a hosted room as soon as the app is open.  Returns
    ``{"rooms": {(url, room): info}, "problems": {url: sentence}}``."""
    rooms: dict[tuple[str, str], dict[str, Any]] = {}
    problems: dict[str, str] = {}
    for url, held in store.by_server().items():
        hosted = held[0].hosted
        try:
            if hosted:
                host_server(app).start(store.port)
            where = seat_url(app, held[0])
            for info in lobby.mine(where, [s.token for s in held], timeout):
                key = (url, str(info.get("room")))
                if key not in rooms or info.get("your_turn"):
                    rooms[key] = info  # two seats in one room (hot-seat): "your turn" wins
        except Problem as exc:
            problems[url] = ("Your hosted games cannot be opened: " + str(exc)) if hosted else str(exc)
    return {"rooms": rooms, "problems": problems}


def your_turn_check(app: App) -> Job[dict[str, Any]] | None:
    """The menu's "your turn" badge: ask every server in the background (None: no online games)."""
    store = TokenStore()
    if not store.seats:
        return None
    return Job(lambda: ask_servers(app, store, timeout=5.0), app.wake)


def game_title(name: str) -> str:
    return next((rs.title for rs in rulesets() if rs.name == name), name)


def open_room(app: App, url: str, room: str, tokens: dict[int, str], watch: bool = False,
              replace: bool = False) -> bool:
    """Open the room's game (the window's network client, game/net/window.py): the seats in
    ``tokens`` are played at this screen (two or more: hot-seat), ``watch`` watches.  The
    connecting screen says plainly when the server cannot be reached, then the game opens."""
    from ...net.window import Seat, join_scene

    seats = [Seat(token=token) for _, token in sorted(tokens.items())]
    scene = join_scene(app, url, room, seats=seats, watch=watch)
    if replace:
        app.replace(scene)
    else:
        app.push(scene)
    return True


# -- the online screen ------------------------------------------------------------------------
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
            where = f"{title}, {seat.room}"
            if info is None and seat.url in self.unreachable:
                out.append((3, f"{where}: no answer", key))
            elif info is None and self.listing is not None and not self.listing.done:
                out.append((2, f"{where}: asking...", key))
            elif info is None:
                out.append((4, f"{where}: gone from the server", key))
            elif info.get("over"):
                out.append((5, f"{where}: over", key))
            elif info.get("your_turn"):
                out.append((0, f"YOUR TURN: {where}", key))
            else:
                out.append((1, f"{where}: waiting", key))
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
        titles = [rs.title for rs in self.games]
        self.game_drop = pygame_gui.elements.UIDropDownMenu(
            titles or ["(no games)"], self.game.title if self.game else "(no games)",
            pygame.Rect(x, top + px(60), col, wh), ui, container=box, expansion_height_limit=px(300))
        self.where_drop = pygame_gui.elements.UIDropDownMenu(
            [HERE_COMPUTER, ELSEWHERE], self.where, pygame.Rect(x, top + px(60) + step, col, wh), ui, container=box)
        self.port_entry = TextField(pygame.Rect(x, top + px(60) + 2 * step, col, wh), ui, "port",
                                                              container=box)
        self.port_entry.set_allowed_characters("numbers")
        self.port_entry.set_text(self.port_text)
        self.port_entry.set_tooltip("Friends connect to this port; your router must forward it for friends "
                                    "outside your home network.")
        self.address_entry = TextField(pygame.Rect(x, top + px(60) + 2 * step, col, wh), ui, "address",
                                       container=box)
        self.address_entry.set_text(self.address_text)
        self.show_where()
        self.host_button = pygame_gui.elements.UIButton(pygame.Rect(x, top + px(60) + 3 * step, col, px(48)),
                                                        "Settings and seats...", ui, container=box)
        # Join a game
        x = xs[1]
        self.join_address_entry = TextField(pygame.Rect(x, top + px(60), col, wh), ui, "address",
                                                                      container=box)
        self.join_address_entry.set_text(self.join_address)
        self.code_entry = TextField(pygame.Rect(x, top + px(60) + step, col, wh), ui, "room",
                                                              container=box)
        self.code_entry.set_text(self.join_code)
        self.join_button = pygame_gui.elements.UIButton(pygame.Rect(x, top + px(60) + 2 * step, col, px(48)),
                                                        "Look at the room...", ui, container=box)
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
        self.resume_button = pygame_gui.elements.UIButton(pygame.Rect(x, y, bw, px(44)), "Resume", ui, container=box)
        self.refresh_button = pygame_gui.elements.UIButton(pygame.Rect(x + bw + px(10), y, bw, px(44)), "Refresh",
                                                           ui, container=box)
        self.forget_button = pygame_gui.elements.UIButton(
            pygame.Rect(x + 2 * (bw + px(10)), y, bw, px(44)), "Forget", ui, container=box,
            tool_tip_text="Take the selected room off this list (its seat tokens are thrown away)")
        if not self.store.seats:
            for b in (self.resume_button, self.refresh_button, self.forget_button):
                b.hide()
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - px(100), h - px(80), px(200), px(50)), "Back",
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
                self.game = next((rs for rs in self.games if rs.title == event.text), self.game)
            elif event.ui_element is self.where_drop:
                self.where = event.text
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
            self.host_problem = "No games are installed."
            return
        try:
            if self.where == HERE_COMPUTER:
                port = int(self.port_text or "0")
                if not 1024 <= port <= 65535:
                    raise Problem("Pick a port from 1024 to 65535 (8765 unless another program uses it).")
                where: tuple[str, Any] = ("here", port)
            else:
                where = ("url", lobby.server_url(self.address_text))
        except (Problem, ValueError) as exc:
            self.host_problem = str(exc) if isinstance(exc, Problem) else "The port is a number."
            return
        self.app.push(HostSetupScene(self.app, self.game, where, self.store))

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
            self.join_problem = str(exc)
            return
        self.working_on = "join"
        self.working = Job(lambda: (url, code, lobby.peek(url, code)), self.app.wake)

    def selected_room(self) -> tuple[str, str] | None:
        label = self.games_list.get_single_selection() if self.games_list.visible else None
        if not label or label not in self.rows:
            self.list_problem = "Pick a game in the list first." if self.store.seats else \
                "You have no online games yet: host one or join a friend's."
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
            self.list_problem = f"The list of your online games could not be written ({exc.strerror})."
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
                        self.join_problem = (f"That room plays {str(sync.get('game'))[:40]!r}, which this version "
                                             "of Paper Wars does not have; an update may bring it.")
                    else:
                        self.app.push(RoomSetupScene(self.app, rs, url, code, sync, self.store))
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
        paper.text(surface, "Play online", (w // 2, px(20)), px(44), paper.INK, "midtop", bold=True)
        paper.text(surface, "Play a friend on another computer: one hosts, the other joins with the room code.",
                   (w // 2, px(72)), px(19), paper.GRAPHITE, "midtop")
        heads = ("Host a game", "Join a game", "Your online games")
        for x, head in zip(xs, heads, strict=True):
            paper.text(surface, head, (x, top), px(26), paper.INK, bold=True)
        step = px(70)
        labels = [(0, 0, "Game"), (0, 1, "Where it runs"),
                  (0, 2, "Port on this computer" if self.where == HERE_COMPUTER else
                   "Server address (like play.example.org:8765)"),
                  (1, 0, "Host's address (like 192.168.1.20:8765)"), (1, 1, "Room code (8 letters and digits)")]
        for c, r, text in labels:
            paper.text(surface, text, (xs[c], top + px(38) + r * step), px(18), paper.GRAPHITE)
        below = top + px(60) + 3 * step + px(60)
        self._lines(surface, self.host_problem, xs[0], below, col, paper.WARN)
        if not self.host_problem:
            self._lines(surface, "Your friends need the room code and this computer's address; both are shown "
                                 "once the room is made." if self.where == HERE_COMPUTER else
                        "The room is made on that server; your friends join it with its address and the code.",
                        xs[0], below, col, paper.GRAPHITE)
        below = top + px(60) + 2 * step + px(60)
        if self.busy() and self.working_on == "join":
            self._lines(surface, "Asking the host...", xs[1], below, col, paper.GRAPHITE)
        else:
            self._lines(surface, self.join_problem or "Type the address and the room code your friend sent you.",
                        xs[1], below, col, paper.WARN if self.join_problem else paper.GRAPHITE)
        turns = self.your_turns()
        if turns:
            paper.text(surface, f"Your turn in {turns} game{'s' if turns > 1 else ''}",
                       (xs[2], top + px(34)), px(19), paper.GOOD, bold=True)
        if not self.store.seats:
            self._lines(surface, "No online games yet. Games you host or join are listed here, with your turn "
                                 "marked, so a long game can be played a move a day.",
                        xs[2], top + px(60), col, paper.GRAPHITE)
        list_bottom = top + px(70) + max(px(120), h - top - px(60) - px(180)) + px(54)
        if self.busy() and self.working_on == "resume":
            self._lines(surface, "Opening the game...", xs[2], list_bottom, col, paper.GRAPHITE)
        elif self.list_problem:
            self._lines(surface, self.list_problem, xs[2], list_bottom, col, paper.WARN)

    def _lines(self, surface: pygame.Surface, text: str, x: int, y: int, width: int,
               colour: tuple[int, int, int]) -> None:
        for i, line in enumerate(paper.wrap(text, self.px(17), width)[:5]):
            paper.text(surface, line, (x, y + i * self.px(21)), self.px(17), colour)


# -- Host: the setup screen, with seats for friends ---------------------------------------------
class HostSetupScene(SetupScene):
    """The setup screen's settings and seats for a hosted game: each seat is a friend (remote),
    a person at this screen, or a computer level (which runs on the server).  No seed: the
    server draws it and keeps it secret until the end."""

    heading = "Host"
    start_label = "Host the game"
    ask_seed = False
    extras = False

    def __init__(self, app: App, ruleset: Ruleset, where: tuple[str, Any], store: TokenStore) -> None:
        super().__init__(app, ruleset)
        self.where = where
        self.store = store
        self.seats = ["human"] + ["remote"] * 15
        self.job: Job[Any] | None = None

    def build(self) -> None:
        self.seats += ["remote"] * (16 - len(self.seats))  # a seat added by a setting is a friend's
        super().build()

    def seat_options(self) -> list[str]:
        return ["Friend (online)", "Here, at this screen"] + [f"Computer: {st.label}" for st in strengths(self.rs)]

    def seat_label(self, kind: str) -> str:
        if kind == "remote":
            return "Friend (online)"
        if kind == "human":
            return "Here, at this screen"
        return next((f"Computer: {st.label}" for st in strengths(self.rs) if st.agent == kind), "Friend (online)")

    def seat_kind(self, label: str) -> str:
        if label == "Here, at this screen":
            return "human"
        return next((st.agent for st in strengths(self.rs) if f"Computer: {st.label}" == label), "remote")

    def seat_help(self, kind: str) -> str:
        if kind == "remote":
            return "A friend plays this seat from their own computer, with the room code."
        if kind == "human":
            return "You play this seat in this window (two or more: they take turns at this screen)."
        return super().seat_help(kind) + " It runs on the server and sees only its own seat's view."

    def begin(self) -> bool:
        """Make the room (in the background): start this app's server if it runs here."""
        if self.job is not None and not self.job.done:
            return False
        self.take_typed()
        try:
            self.rs.make_game(dict(self.values))
        except Exception as exc:  # noqa: BLE001 - SettingsError, FileProblem: the sentence is shown
            self.problem = str(exc)
            return False
        self.problem = ""
        seats = list(self.seats)
        settings = dict(self.values)
        app, rs, where, store = self.app, self.rs, self.where, self.store

        def go() -> dict[str, Any]:
            cannot = store.keep_problem()  # what must be written is checked before a room is made
            if cannot:
                raise lobby.Problem(cannot)
            if where[0] == "here":
                url = host_server(app).start(where[1])
                store.set_port(host_server(app).port)
                hosted = True
            else:
                url, hosted = where[1], False
            code = lobby.create(url, rs.name, ["remote" if k in ("remote", "human") else k for k in seats], settings)
            tokens: dict[int, str] = {}
            for i, kind in enumerate(seats):
                if kind == "human":
                    tokens[i] = lobby.claim(url, code, i)
                    store.add(HeldSeat(url, code, i, tokens[i], rs.name, hosted))
            return {"url": url, "room": code, "tokens": tokens, "hosted": hosted, "sync": lobby.peek(url, code)}

        self.job = Job(go, app.wake)
        return True

    def update(self, dt: float) -> None:
        if self.job is not None and self.job.done:
            job, self.job = self.job, None
            if job.problem:
                self.problem = job.problem
                self.app.toast(self.problem, 8)
            elif job.result is not None:
                r = job.result
                self.app.replace(RoomScene(self.app, r["url"], r["room"], r["sync"], self.store,
                                           hosted=r["hosted"], tokens=r["tokens"],
                                           port=host_server(self.app).port if r["hosted"] else 0))

    def next_wake(self) -> float | None:
        return 0.25 if self.job is not None and not self.job.done else None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.job is not None and not self.job.done:
            w, h = self.app.size
            paper.text(surface, "Making the room...", (w // 2, h - self.px(118)), self.px(19), paper.GRAPHITE,
                       "midtop")


# -- a room: its code, addresses, settings and seats; then the game -----------------------------
def room_values(rs: Ruleset, settings: Any) -> dict[str, Any]:
    """A room's settings as the setup screen holds them: every setting of the ruleset, the
    room's value where it has one this app accepts, else the default (as the server plays it)."""
    settings = settings if isinstance(settings, dict) else {}
    values: dict[str, Any] = {}
    for spec in rs.game_cls.settings_spec:
        try:
            values[spec.key] = spec.validate(settings.get(spec.key, spec.default))
        except SettingsError:
            values[spec.key] = spec.default
    return values


def sync_seats(sync: dict[str, Any]) -> list[dict[str, Any]]:
    """The room's seats from a sync (or presence), in seat order; malformed entries left out."""
    seats = [s for s in sync.get("seats", []) if isinstance(s, dict) and isinstance(s.get("seat"), int)]
    return sorted(seats, key=lambda s: s["seat"])


def free_seats(sync: dict[str, Any]) -> list[int]:
    """Seats a friend may still take: remote and not claimed."""
    return [s["seat"] for s in sync_seats(sync) if s.get("kind") == "remote" and not s.get("claimed")]


def joinable(game: str) -> Ruleset | None:
    """The ruleset (with a board view) a room's game names, None when this app lacks it."""
    return next((rs for rs in rulesets() if rs.name == game and rs.view), None)


class RoomSetupScene(SetupScene):
    """Join: a friend looks at a host's room on the setup screen the host used, filled with
    the room's settings and seats as the server's sync says; every setting and seat is shown
    but disabled (the host's choice).  Instead of Start: Play a free seat (it becomes yours),
    Watch, Back; a seat this app already holds in the room is marked "(you)" and Open the game
    takes it up.  The room is asked again every few seconds, so a seat a third player takes
    goes from the buttons.  Then the game, as from every other way into a room."""

    ask_seed = False
    extras = False
    read_only = True

    def __init__(self, app: App, ruleset: Ruleset, url: str, room: str, sync: dict[str, Any],
                 store: TokenStore) -> None:
        super().__init__(app, ruleset)
        self.url, self.room, self.sync, self.store = url, room, sync, store
        self.heading = f"Room {room}"
        self.values = room_values(ruleset, sync.get("settings"))
        self.tokens = {s.seat: s.token for s in store.in_room(url, room)}
        self.seats = [("remote" if s.get("kind") != "computer" else str(s.get("agent") or ruleset.default_ai))
                      for s in sync_seats(sync)]
        self.job: Job[Any] | None = None
        self.looking: Job[dict[str, Any]] | None = None
        self.looked_at = time.monotonic()
        # a room this app cannot set up (a level the host made that this computer lacks): said, and
        # only Back offered (the screen would otherwise show the default level in its place)
        self.cannot = setup_problem(ruleset, sync.get("settings"), sync.get("level_digest"))
        self.problem = self.cannot
        # a level made in the host's editor that this computer lacks: the server can send it
        self.lacking = lobby.missing_levels(ruleset, sync.get("settings")) if self.cannot else []
        self.copying: Job[list[str]] | None = None
        if self.lacking:
            self.cannot = self.problem = (f"This room plays the level {', '.join(self.lacking)}, which is not on this "
                                          f"computer (a level made in the host's editor goes to {user_levels_dir(ruleset.name)}).")

    def num_players(self) -> int:
        n = super().num_players()
        if self.cannot:
            self.problem = self.cannot  # the whole reason, not only the loader's half of it
        return n

    # -- the seats, as the server says --
    def seat_options(self) -> list[str]:
        base = ["Person (online)"] + [f"Computer: {st.label}" for st in strengths(self.rs)]
        return base + [label for label in dict.fromkeys(self.seat_label(k) for k in self.seats) if label not in base]

    def seat_label(self, kind: str) -> str:
        if kind in ("remote", "human"):  # "human": a seat the sync did not list (the screen fills it in)
            return "Person (online)"
        return next((f"Computer: {st.label}" for st in strengths(self.rs) if st.agent == kind), f"Computer: {kind}")

    def seat_kind(self, label: str) -> str:
        if label == "Person (online)":
            return "remote"
        return next((st.agent for st in strengths(self.rs) if f"Computer: {st.label}" == label),
                    label.removeprefix("Computer: "))

    def seat_help(self, kind: str) -> str:
        if kind == "remote":
            return "A person plays this seat from their own computer: the host, or a friend with the room code."
        return super().seat_help(kind) + " It runs on the server and sees only its own seat's view."

    def player_name(self, seat: int) -> str:
        """The seat's name as the game says it (a refused setting does not rename it)."""
        try:
            game = self.rs.game_cls(self.values)
            names = [game.player_name(i) for i in range(game.num_players)]
            return paper.seat_words(names[seat], names)
        except Exception:  # noqa: BLE001 - the seat keeps a plain name
            return f"Player {seat + 1}"

    def seat_name(self, seat: int) -> str:
        return self.player_name(seat) + (" (you)" if seat in self.tokens else "")

    def seat_status(self, seat: dict[str, Any]) -> str:
        i = seat["seat"]
        if self.lacking and seat.get("kind") != "computer" and not seat.get("claimed") and i not in self.tokens:
            return f"free: Copy the host's level, then Play {self.player_name(i)}"
        if self.cannot:
            return "not to be played from this computer" if seat.get("kind") != "computer" else \
                "the computer plays it on the server"
        if i in self.tokens:
            return "yours: Open the game takes it up"
        if seat.get("kind") == "computer":
            return "the computer plays it on the server"
        if seat.get("claimed"):
            return "taken, the player is here" if seat.get("here") else "taken, the player is away now"
        return f"free: Play {self.player_name(i)} makes it yours"

    def legend_entries(self) -> list[str]:
        """Under the seats: who has each seat now."""
        return [f"{self.player_name(seat['seat'])}: {self.seat_status(seat)}" for seat in sync_seats(self.sync)]

    def pitch_lines(self) -> list[str]:
        if self.cannot:
            say = ("Copy the host's level, then play a free seat or Watch." if self.lacking else
                   "This room cannot be played or watched from this computer.")
            return paper.wrap(say, self.px(20), self.app.size[0] - self.px(40))[:2]
        if self.job is not None and not self.job.done:
            say = "Taking the seat..."
        elif self.sync.get("over"):
            say = "This game is over: Watch shows how it ended."
        elif self.tokens:
            say = "You hold a seat here: Open the game."
        elif free_seats(self.sync):
            say = "Play a free seat, or Watch."
        else:
            say = "Every seat is taken: you can Watch."
        text = f"The host chose these settings and seats; you cannot change them. {say}"
        return paper.wrap(text, self.px(20), self.app.size[0] - self.px(40))[:2]

    # -- the room's actions --
    def actions(self) -> list[tuple[str, str]]:
        if self.cannot:
            return [("Back", "back")] + ([("Copy the host's level", "copy")] if self.lacking else [])
        if self.tokens:
            return [("Back", "back"), ("Open the game", "open"), ("Watch", "watch")]
        return [("Back", "back")] + [(f"Play {self.player_name(i)}", f"seat:{i}") for i in free_seats(self.sync)] + \
            [("Watch", "watch")]

    def act(self, key: str) -> None:
        if key == "back":
            self.app.pop()
        elif key == "open":
            open_room(self.app, self.url, self.room, self.tokens, replace=True)
        elif key == "watch":
            open_room(self.app, self.url, self.room, {}, watch=True, replace=True)
        elif key.startswith("seat:"):
            self.take(int(key.split(":", 1)[1]))
        elif key == "copy" and self.copying is None:
            url, room, rs, sync = self.url, self.room, self.rs, self.sync
            self.copying = Job(lambda: lobby.copy_levels(url, room, rs, sync), self.app.wake)

    def begin(self) -> bool:
        return False  # no Start here: the room's own buttons

    def take(self, seat: int) -> None:
        """Claim a free seat (its token is kept in the list of your games), then the game."""
        if self.job is not None and not self.job.done:
            return
        url, room, store, game = self.url, self.room, self.store, self.rs.name

        def go() -> dict[int, str]:
            cannot = store.keep_problem()  # before the seat is claimed: its token must be kept
            if cannot:
                raise lobby.Problem(cannot)
            token = lobby.claim(url, room, seat)
            store.add(HeldSeat(url, room, seat, token, game, False))
            return {seat: token}

        self.problem = ""
        self.job = Job(go, self.app.wake)

    def update(self, dt: float) -> None:
        if self.copying is not None and self.copying.done:
            copied, self.copying = self.copying, None
            if copied.problem:
                self.cannot = self.problem = copied.problem
                self.lacking = []  # said why: Back, and join again once the host has answered
            else:
                from ...levels import level_title

                names = ", ".join(level_title(self.rs.name, n) for n in copied.result or [])
                self.cannot = setup_problem(self.rs, self.sync.get("settings"), self.sync.get("level_digest"))
                self.problem, self.lacking = self.cannot, []
                self.values = room_values(self.rs, self.sync.get("settings"))
                self.app.toast(f"The host's level {names} is in your levels now.", 6, good=True)
            self.resize(self.app.size)  # the buttons follow
        if self.job is not None and self.job.done:
            job, self.job = self.job, None
            if job.problem:
                self.problem = job.problem
                self.app.toast(job.problem, 8)
                self.looked_at = -ROOM_EVERY  # look again now: the seat may have gone to someone else
            elif job.result is not None:
                self.tokens = job.result
                open_room(self.app, self.url, self.room, self.tokens, replace=True)
                return
        if self.looking is not None and self.looking.done:
            looked, self.looking = self.looking, None
            self.looked_at = time.monotonic()
            if looked.result is not None:
                before = self.actions()
                self.sync = looked.result
                if self.problem.startswith("The room cannot be asked"):
                    self.problem = ""
                if self.actions() != before:
                    self.resize(self.app.size)  # a seat was taken (or freed): the buttons follow
            elif looked.problem:
                self.problem = f"The room cannot be asked now: {looked.problem}"
        elif self.looking is None and self.app.top() is self and self.job is None and not self.cannot and \
                time.monotonic() - self.looked_at >= ROOM_EVERY:
            url, room = self.url, self.room
            self.looking = Job(lambda: lobby.peek(url, room), self.app.wake)

    def next_wake(self) -> float | None:
        if (self.job is not None and not self.job.done) or (self.looking is not None and not self.looking.done):
            return 0.25
        if self.app.top() is self:
            return max(0.0, ROOM_EVERY - (time.monotonic() - self.looked_at))
        return None


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
            return f"Player {seat + 1}"
        names = [self.game.player_name(i) for i in range(self.game.num_players)]
        return paper.seat_words(names[seat], names) if seat < len(names) else f"Player {seat + 1}"

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
                    shown = "on" if settings[spec.key] else "off"
                elif spec.kind == "level":
                    from ...levels import level_title

                    shown = level_title(self.rs.name, str(settings[spec.key]))
                out.append(f"{words_of(spec.label)}: {shown}")
        return out

    def seat_lines(self) -> list[str]:
        out = []
        for s in sync_seats(self.sync):
            i = s["seat"]
            if i in self.tokens:
                who = "you, here"
            elif s.get("kind") == "computer":
                who = "the computer (on the server)"
            elif s.get("claimed"):
                who = "a player" + (" (connected)" if s.get("here") else " (not connected now)")
            else:
                who = "waiting for a friend to join"
            out.append(f"{self.seat_name(i)}: {who}")
        return out

    def build(self) -> None:
        box = self.new_box()
        ui = self.app.ui
        px = self.px
        w, h = self.app.size
        self.buttons: dict[object, tuple[str, int]] = {}
        labels: list[tuple[str, tuple[str, int]]] = [("Back", ("back", -1))]
        labels.append(("Open the game", ("open", -1)) if self.tokens else ("Watch", ("watch", -1)))
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
        paper.text(surface, f"Room {self.room}: {title}", (w // 2, px(20)), px(40), paper.INK, "midtop", bold=True)
        y = px(86)
        left, width = px(60), w // 2 - px(90)
        if self.hosted:
            head = "Your friend types the room code and one of these addresses in Join a game:"
            lines = [f"{a}" for a in self.addresses] or ["(this computer has no network address: is it online?)"]
            foot = (f"A friend outside your home network needs port {self.port} forwarded on your router to "
                    "this computer, or a VPN overlay you both use (such as Tailscale or ZeroTier). "
                    "Windows may ask once whether Paper Wars may use the network: allow it on private networks.")
        else:
            head = "Your friend types the room code and this server address in Join a game:"
            lines = [self.url]
            foot = "The room stays on that server: you can come back to it from Your online games."
        paper.text(surface, "Room code:", (left, y + px(10)), px(24), paper.INK)
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
        paper.text(surface, "Settings", (left, y), px(22), paper.INK, bold=True)
        paper.text(surface, "Seats", (col2, y), px(22), paper.INK, bold=True)
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
