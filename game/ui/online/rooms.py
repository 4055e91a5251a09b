"""A room on a server, as the online scenes see it: opening its game in this window (the
connecting screen, then the play scene), and its settings and seats as a sync tells them."""

from __future__ import annotations

from typing import Any

from ...engine import SettingsError
from ...net.remote import OnToken, RemoteSession, Seat
from ...registry import Ruleset
from ..app import App, Scene

#: How often (seconds) a room's screen looks whether a friend has joined (or a seat was taken).
ROOM_EVERY = 3.0


def join_scene(app: App, url: str, room: str, seats: list[Seat] | None = None, watch: bool = False,
               on_token: OnToken | None = None) -> Scene:
    """The scene to push to play (or watch) a room: it connects, then opens the game.

    ``seats``: the seats this window plays, each ``Seat(token=...)`` (a seat already held),
    ``Seat(seat=n)`` (claim seat n) or ``Seat()`` (the first free seat); two or more for hot seat.
    ``watch``: join as a spectator (``seats`` ignored).  ``on_token(url, room, seat, token)`` is
    called from the network thread when a seat is newly claimed: keep the token to come back."""
    return app.make("connect", RemoteSession(url, room, seats, watch, on_token, wake=app.wake))


def open_room(app: App, url: str, room: str, tokens: dict[int, str], watch: bool = False,
              replace: bool = False) -> bool:
    """Open the room's game (the window's network client, game/net/remote.py): the seats in
    ``tokens`` are played at this screen (two or more: hot-seat), ``watch`` watches.  The
    connecting screen says plainly when the server cannot be reached, then the game opens."""
    seats = [Seat(token=token) for _, token in sorted(tokens.items())]
    scene = join_scene(app, url, room, seats=seats, watch=watch)
    if replace:
        app.replace(scene)
    else:
        app.push(scene)
    return True


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
