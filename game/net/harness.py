"""An in-process server in its own thread and event loop (tests, tools/net_figures.py).

``ServerThread(data).start()`` returns the port; ``restart()`` stops the server (every
connection drops) and starts a new one on the same port from the same database, as a
restarted machine would; ``call(fn)`` runs ``fn(server)`` on the server's loop, for
looking at a room's state at rest without racing the server.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .server import Limits, Server

T = TypeVar("T")


class ServerThread:
    def __init__(self, data: Path, limits: Limits | None = None, port: int = 0) -> None:
        self.data = Path(data)
        self.limits = limits
        self.port = port
        self.loop = asyncio.new_event_loop()
        self.server: Server | None = None
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()

    def _run(self, coro: Any, timeout: float = 30.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def start(self) -> int:
        async def go() -> int:
            self.server = Server(self.data, "127.0.0.1", self.port, self.limits)
            await self.server.start()
            return self.server.port

        self.port = self._run(go())
        return self.port

    def stop(self) -> None:
        if self.server is not None:
            self._run(self.server.stop())
            self.server = None

    def restart(self) -> int:
        self.stop()
        return self.start()

    def call(self, fn: Callable[[Server], T]) -> T:
        async def go() -> T:
            assert self.server is not None
            return fn(self.server)

        return self._run(go())  # type: ignore[no-any-return]

    def close(self) -> None:
        self.stop()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(5)
        self.loop.close()

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"
