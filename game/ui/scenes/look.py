"""Join a game online: a friend looks at the host's room on the setup screen the host used,
every setting and seat shown as the server says and none changeable; then a free seat is
taken (it becomes the friend's), or the game is watched."""

from __future__ import annotations

import time
from typing import Any

from ...i18n import tr
from ...msg import N_, M
from ...net import lobby
from ...net.client import setup_problem
from ...net.lobby import Job
from ...net.tokens import HeldSeat, TokenStore
from ...paths import user_levels_dir
from ...registry import Ruleset, strengths
from .. import paper
from ..app import App
from ..online.rooms import ROOM_EVERY, free_seats, open_room, room_values, sync_seats
from ..setup import SetupScene
from ..widgets import said

#: The template of the sentence said while the room cannot be asked (it goes once the room answers).
ASK_AGAIN = "The room cannot be asked now: {problem}"


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
        # TRANSLATORS: {room} is the room's code.
        self.heading = M("Room {room}", room=room)
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
            # TRANSLATORS: {levels} are level file names; {folder} is where the editor keeps levels.
            self.cannot = self.problem = M("This room plays the level {levels}, which is not on this computer (a "
                                           "level made in the host's editor goes to {folder}).",
                                           levels=", ".join(self.lacking), folder=str(user_levels_dir(ruleset.name)))

    def num_players(self) -> int:
        n = super().num_players()
        if self.cannot:
            self.problem = self.cannot  # the whole reason, not only the loader's half of it
        return n

    # -- the seats, as the server says --
    def seat_choices(self) -> list[tuple[str, str]]:
        base = [(tr(N_("Person (online)")), "remote")] + [(self.computer(st), st.agent) for st in strengths(self.rs)]
        known = {k for _, k in base} | {"human"}  # "human": a seat the sync did not list (the screen fills it in)
        # an agent this computer does not offer: named as the server says it
        return base + [(tr(M("Computer: {level}", level=k)), k) for k in dict.fromkeys(self.seats) if k not in known]

    def seat_option(self, kind: str) -> tuple[str, str]:
        return super().seat_option("remote" if kind == "human" else kind)

    def seat_help(self, kind: str) -> str:
        if kind == "remote":
            return tr(N_("A person plays this seat from their own computer: the host, or a friend with the room code."))
        return tr(M("{help} It runs on the server and sees only its own seat's view.", help=super().seat_help(kind)))

    def player_name(self, seat: int) -> str:
        """The seat's name as the game says it (a refused setting does not rename it)."""
        try:
            game = self.rs.game_cls(self.values)
            names = [game.player_name(i) for i in range(game.num_players)]
            return paper.seat_words(names[seat], names)
        except Exception:  # noqa: BLE001 - the seat keeps a plain name
            return M("Player {n}", n=seat + 1)

    def seat_name(self, seat: int) -> str:
        # TRANSLATORS: {name} is a seat's name; this seat is the player's own.
        return M("{name} (you)", name=said(self.player_name(seat))) if seat in self.tokens else self.player_name(seat)

    def seat_status(self, seat: dict[str, Any]) -> str:
        i = seat["seat"]
        name = said(self.player_name(i))
        if self.lacking and seat.get("kind") != "computer" and not seat.get("claimed") and i not in self.tokens:
            # TRANSLATORS: {name} is the seat's name, as on the button "Play {name}".
            return M("free: Copy the host's level, then Play {name}", name=name)
        if self.cannot:
            return N_("not to be played from this computer") if seat.get("kind") != "computer" else \
                N_("the computer plays it on the server")
        if i in self.tokens:
            return N_("yours: Open the game takes it up")
        if seat.get("kind") == "computer":
            return N_("the computer plays it on the server")
        if seat.get("claimed"):
            return N_("taken, the player is here") if seat.get("here") else N_("taken, the player is away now")
        return M("free: Play {name} makes it yours", name=name)

    def legend_entries(self) -> list[str]:
        """Under the seats: who has each seat now."""
        # TRANSLATORS: a seat's name and who has it now.
        return [M("{name}: {status}", name=said(self.player_name(seat["seat"])), status=said(self.seat_status(seat)))
                for seat in sync_seats(self.sync)]

    def pitch_lines(self) -> list[str]:
        if self.cannot:
            say = (N_("Copy the host's level, then play a free seat or Watch.") if self.lacking else
                   N_("This room cannot be played or watched from this computer."))
            return paper.wrap(say, self.px(20), self.app.size[0] - self.px(40))[:2]
        if self.job is not None and not self.job.done:
            say = M("The host chose these settings and seats; you cannot change them. Taking the seat...")
        elif self.sync.get("over"):
            say = M("The host chose these settings and seats; you cannot change them. "
                    "This game is over: Watch shows how it ended.")
        elif self.tokens:
            say = M("The host chose these settings and seats; you cannot change them. You hold a seat here: "
                    "Open the game.")
        elif free_seats(self.sync):
            say = M("The host chose these settings and seats; you cannot change them. Play a free seat, or Watch.")
        else:
            say = M("The host chose these settings and seats; you cannot change them. Every seat is taken: "
                    "you can Watch.")
        text = say
        return paper.wrap(text, self.px(20), self.app.size[0] - self.px(40))[:2]

    # -- the room's actions --
    def actions(self) -> list[tuple[str, str]]:
        if self.cannot:
            return [(N_("Back"), "back")] + ([(N_("Copy the host's level"), "copy")] if self.lacking else [])
        if self.tokens:
            return [(N_("Back"), "back"), (N_("Open the game"), "open"), (N_("Watch"), "watch")]
        # TRANSLATORS: a button that takes a free seat; {name} is the seat's name ("Blue").
        return [(N_("Back"), "back")] + [(M("Play {name}", name=said(self.player_name(i))), f"seat:{i}")
                                        for i in free_seats(self.sync)] + [(N_("Watch"), "watch")]

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

                names = ", ".join(tr(level_title(self.rs.name, n)) for n in copied.result or [])
                self.cannot = setup_problem(self.rs, self.sync.get("settings"), self.sync.get("level_digest"))
                self.problem, self.lacking = self.cannot, []
                self.values = room_values(self.rs, self.sync.get("settings"))
                # TRANSLATORS: {names} are the titles of the levels copied.
                self.app.toast(M("The host's level {names} is in your levels now.", names=names), 6, good=True)
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
                if getattr(self.problem, "id", "") == ASK_AGAIN:
                    self.problem = ""
                if self.actions() != before:
                    self.resize(self.app.size)  # a seat was taken (or freed): the buttons follow
            elif looked.problem:
                # TRANSLATORS: {problem} is the sentence saying why the server did not answer.
                self.problem = M("The room cannot be asked now: {problem}", problem=looked.problem)
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
