"""Join a game online: a friend looks at the host's room on the setup screen the host used,
every setting and seat shown as the server says and none changeable; then a free seat is
taken (it becomes the friend's), or the game is watched."""

from __future__ import annotations

import time
from typing import Any

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
