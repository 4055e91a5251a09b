"""A bare synchronous WebSocket client for protocol tests: send anything, read replies."""

from __future__ import annotations

import json
from typing import Any

from websockets.sync.client import connect

from game.net.client import hello


class Wire:
    def __init__(self, url: str, say_hello: bool = True) -> None:
        self._cm = connect(url, compression=None, max_size=None, open_timeout=5)
        self.ws = self._cm.__enter__()
        self.seen: list[dict[str, Any]] = []
        self.view: Any = None
        self.index = -1
        self.to_move = -1
        self.token: str | None = None
        self.seat: int | None = None
        self.over: dict[str, Any] | None = None
        if say_hello:
            self.send(hello())
            assert self.recv()["type"] == "welcome"

    def send(self, msg: Any) -> None:
        self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        msg = json.loads(self.ws.recv(timeout))
        self.seen.append(msg)
        if msg["type"] in ("sync", "applied", "undone"):
            self.view, self.index, self.to_move = msg["view"], msg["index"], msg["to_move"]
        if msg["type"] == "joined":
            self.seat = msg["seat"]
            self.token = msg.get("token") or self.token
        if msg["type"] == "over":
            self.over = msg
        return msg

    def until(self, *kinds: str, timeout: float = 5.0) -> dict[str, Any]:
        while True:
            msg = self.recv(timeout)
            if msg["type"] in kinds:
                return msg

    def join(self, room: str, **fields: Any) -> dict[str, Any]:
        self.send({"type": "join", "room": room, **fields})
        first = self.until("joined", "error")
        if first["type"] == "error":
            return first
        self.until("sync")
        return first

    def settle(self) -> None:
        """Read everything the server has sent up to now (a ping's pong comes after it)."""
        self.send({"type": "ping"})
        self.until("pong")

    def close(self) -> None:
        self.ws.close()


class Room(str):
    """A room's code; ``tokens``: each remote seat's token when the test chose the seed (the
    creator then holds every remote seat), else Nones."""

    tokens: list[str | None]


def create(url: str, game: str, seats: list[str], settings: dict[str, Any] | None = None,
           seed: int | None = None) -> Room:
    w = Wire(url)
    msg: dict[str, Any] = {"type": "create", "game": game, "seats": seats, "settings": settings or {}}
    if seed is not None:
        msg["seed"] = seed
    w.send(msg)
    reply = w.recv()
    w.close()
    assert reply["type"] == "created", reply
    room = Room(reply["room"])
    room.tokens = list(reply.get("tokens") or [None] * len(seats))
    return room
