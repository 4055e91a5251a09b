"""Host a game online: the setup screen's settings and seats, each seat a friend (remote), a
person here, or a computer level (which runs on the server); then the room is made (in the
background) and its screen shows the code to send ("room")."""

from __future__ import annotations

from typing import Any

import pygame

from ...i18n import tr
from ...msg import N_, M, Mp
from ...net import lobby
from ...net.lobby import Job
from ...net.tokens import HeldSeat, TokenStore
from ...registry import Ruleset, strengths
from .. import paper
from ..app import App
from ..online.servers import host_server
from ..setup import SetupScene
from ..widgets import message_of


class HostSetupScene(SetupScene):
    """The setup screen's settings and seats for a hosted game: each seat is a friend (remote),
    a person at this screen, or a computer level (which runs on the server).  No seed: the
    server draws it and keeps it secret until the end."""

    heading = Mp("heading", "Host")
    start_label = N_("Host the game")
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

    def seat_choices(self) -> list[tuple[str, str]]:
        return [(tr(N_("Friend (online)")), "remote"), (tr(N_("Here, at this screen")), "human")] + \
            [(self.computer(st), st.agent) for st in strengths(self.rs)]

    def seat_help(self, kind: str) -> str:
        if kind == "remote":
            return tr(N_("A friend plays this seat from their own computer, with the room code."))
        if kind == "human":
            return tr(N_("You play this seat in this window (two or more: they take turns at this screen)."))
        # TRANSLATORS: {help} is the sentence about a computer level.
        line = M("{help} It runs on the server and sees only its own seat's view.", help=super().seat_help(kind))
        return tr(line)

    def begin(self) -> bool:
        """Make the room (in the background): start this app's server if it runs here."""
        if self.job is not None and not self.job.done:
            return False
        self.take_typed()
        try:
            self.rs.make_game(dict(self.values))
        except Exception as exc:  # noqa: BLE001 - SettingsError, FileProblem: the sentence is shown
            self.problem = message_of(exc)
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
                self.app.replace("room", r["url"], r["room"], r["sync"], self.store,
                                 hosted=r["hosted"], tokens=r["tokens"],
                                 port=host_server(self.app).port if r["hosted"] else 0)

    def next_wake(self) -> float | None:
        return 0.25 if self.job is not None and not self.job.done else None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.job is not None and not self.job.done:
            w, h = self.app.size
            paper.text(surface, N_("Making the room..."), (w // 2, h - self.px(118)), self.px(19), paper.GRAPHITE,
                       "midtop")
