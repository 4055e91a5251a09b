"""One connection to a room, for one seat (or to watch): an asyncio loop with a ``websockets``
client in a daemon thread.  Every message it receives goes into a queue, and ``wake`` is
called after each: the window hands in its own (it posts the window's wake-up event), so the
window sleeps as it always does, and nothing here knows of pygame.  It reconnects by itself
with backoff and resumes its seat with the seat token (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..msg import M
from .client import decode_reply, hello, open_ws, reach_problem
from .protocol import FATAL_CODES, encode, sentence

#: Called (from the network thread) when a seat is claimed: (url, room, seat, token).  The
#: token is the only key to the seat: the caller keeps it (the menu's token store).
OnToken = Callable[[str, str, int, str], None]
MAX_BACKOFF = 5.0


@dataclass(frozen=True)
class Seat:
    """A seat this window plays: resumed with ``token``, or claimed by number (``seat``), or the
    first free seat (both None)."""

    seat: int | None = None
    token: str | None = None


def nobody() -> None:
    """The ``wake`` of a link nobody waits on (a test's second player): the messages wait in
    the queue for the next poll."""


class Link:
    """One connection to a room, in its own daemon thread: reconnects with backoff, resumes
    with the token, puts every message in ``inbox`` and calls ``wake`` after each."""

    def __init__(self, url: str, room: str, seat: Seat | None, on_token: OnToken | None = None,
                 wake: Callable[[], None] = nobody, max_backoff: float = MAX_BACKOFF) -> None:
        self.url, self.room = url, room.strip().upper()
        self.want = seat  # None: watch
        self.token = seat.token if seat else None
        self.on_token = on_token
        self.wake = wake
        self.max_backoff = max_backoff
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.connected = False
        self.reconnects = 0
        self._loop = asyncio.new_event_loop()
        self._ws: Any = None
        self._stop = False
        self._task: asyncio.Task[None] | None = None
        self._thread = threading.Thread(target=self._run, name=f"net-{self.room}", daemon=True)

    def start(self) -> Link:
        self._thread.start()
        return self

    # -- from the window's thread ------------------------------------------------------------
    def send(self, msg: dict[str, Any]) -> bool:
        """Send a message if connected (False: not connected now; the caller says so)."""
        if self._ws is None or self._stop or self._loop.is_closed():
            return False
        ws = self._ws

        async def go() -> None:
            with contextlib.suppress(Exception):
                await ws.send(encode(msg))

        coro = go()
        try:
            asyncio.run_coroutine_threadsafe(coro, self._loop)
        except RuntimeError:  # the loop has just stopped
            coro.close()
            return False
        return True

    def close(self) -> None:
        """Stop: the connection closes, the seat stays the player's (the room shows it away)."""
        self._stop = True
        if self._thread.is_alive() and not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._cancel)
            self._thread.join(3)

    def _cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()

    # -- the network thread -------------------------------------------------------------------
    def _put(self, msg: dict[str, Any]) -> None:
        self.inbox.put(msg)
        self.wake()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._task = self._loop.create_task(self._main())
            with contextlib.suppress(asyncio.CancelledError):
                self._loop.run_until_complete(self._task)
        finally:
            with contextlib.suppress(Exception):
                self._loop.run_until_complete(self._loop.shutdown_asyncgens())
            self._loop.close()

    async def _main(self) -> None:
        delay = 0.05
        rng = random.Random()
        while not self._stop:
            problem = ""
            try:
                async with await open_ws(self.url) as ws:
                    self._ws = ws
                    await ws.send(encode(hello()))
                    join: dict[str, Any] = {"type": "join", "room": self.room}
                    if self.want is None:
                        join["watch"] = True
                    elif self.token:
                        join["token"] = self.token
                    elif self.want.seat is not None:
                        join["seat"] = self.want.seat
                    await ws.send(encode(join))
                    async for frame in ws:
                        msg = decode_reply(frame)
                        kind = msg.get("type")
                        if kind == "error" and msg.get("code") in FATAL_CODES:
                            self._put({"type": "_fatal", "message": sentence(msg.get("message", ""), msg.get("msg"))})
                            self._stop = True
                            return
                        if kind == "joined":
                            if msg.get("token") and isinstance(msg.get("seat"), int):
                                self.token = str(msg["token"])
                                if self.on_token is not None:
                                    with contextlib.suppress(Exception):
                                        self.on_token(self.url, self.room, int(msg["seat"]), self.token)
                        if kind == "sync":
                            delay = 0.05
                            if not self.connected:
                                self.connected = True
                                self._put({"type": "_link", "connected": True, "problem": ""})
                        if kind == "error" and msg.get("code") in ("limit", "rate"):
                            self._put(msg)
                            break  # come back later, with the backoff
                        self._put(msg)
                    problem = M("The server closed the connection.")
            except Exception as exc:  # noqa: BLE001 - every failure of the line: say why, try again
                problem = reach_problem(self.url, exc)
            finally:
                self._ws = None
            if self._stop:
                return
            self.connected = False
            self.reconnects += 1
            self._put({"type": "_link", "connected": False, "problem": problem})
            await asyncio.sleep(delay * (0.5 + rng.random()))
            delay = min(delay * 2, self.max_backoff)
