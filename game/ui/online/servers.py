"""The servers this app talks to: the one it runs for the games it hosts, and every server it
holds seats on, asked in the background which rooms wait for the player (the menu's badge)."""

from __future__ import annotations

from typing import Any

from ...msg import M
from ...net import lobby
from ...net.lobby import HostServer, Job, Problem
from ...net.protocol import exc_text
from ...net.tokens import HeldSeat, TokenStore
from ...registry import Ruleset, rulesets
from ..app import App


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
            # TRANSLATORS: {problem} is a sentence saying why the server cannot start or be reached
            problems[url] = M("Your hosted games cannot be opened: {problem}", problem=exc_text(exc)) if hosted \
                else exc_text(exc)
    return {"rooms": rooms, "problems": problems}


def your_turn_check(app: App) -> Job[dict[str, Any]] | None:
    """The menu's "your turn" badge: ask every server in the background (None: no online games)."""
    store = TokenStore()
    if not store.seats:
        return None
    return Job(lambda: ask_servers(app, store, timeout=5.0), app.wake)


def game_title(name: str) -> str:
    return next((rs.title for rs in rulesets() if rs.name == name), name)


def joinable(game: str) -> Ruleset | None:
    """The ruleset (with a board view) a room's game names, None when this app lacks it."""
    return next((rs for rs in rulesets() if rs.name == game and rs.view), None)
