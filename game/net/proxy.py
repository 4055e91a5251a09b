"""A bad network on purpose: a TCP proxy that delays, splits and cuts (tests and figures).

Every chunk the server sends is held ``delay`` seconds (drawn per chunk), written in small
pieces (so WebSocket frames arrive split across reads), and after a chunk the connection
is cut with probability ``cut``.  Loopback only; seeded, so a failing run can be repeated.
"""

from __future__ import annotations

import asyncio
import contextlib
import random


class Proxy:
    def __init__(self, target_port: int, delay: tuple[float, float] = (0.0, 0.0), cut: float = 0.0,
                 split: int = 0, seed: int = 0, host: str = "127.0.0.1") -> None:
        self.target_port, self.delay, self.cut, self.split = target_port, delay, cut, split
        self.rng = random.Random(seed)
        self.host = host
        self.port = 0
        self.cuts = 0
        self._server: asyncio.base_events.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._handle, self.host, 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for t in list(self._tasks):
            t.cancel()

    async def _handle(self, cr: asyncio.StreamReader, cw: asyncio.StreamWriter) -> None:
        try:
            sr, sw = await asyncio.open_connection(self.host, self.target_port)
        except OSError:
            cw.close()
            return
        done = asyncio.Event()

        async def pump(r: asyncio.StreamReader, w: asyncio.StreamWriter, hostile: bool) -> None:
            try:
                while not done.is_set():
                    data = await r.read(65536)
                    if not data:
                        break
                    if hostile and self.delay[1] > 0:
                        await asyncio.sleep(self.rng.uniform(*self.delay))
                    step = self.split or len(data)
                    for i in range(0, len(data), step):
                        w.write(data[i:i + step])
                        await w.drain()
                    if hostile and self.cut and self.rng.random() < self.cut:
                        self.cuts += 1
                        break
            except (OSError, asyncio.CancelledError):
                pass
            finally:
                done.set()
                for x in (cw, sw):
                    with contextlib.suppress(Exception):
                        x.close()

        tasks = [asyncio.ensure_future(pump(cr, sw, False)), asyncio.ensure_future(pump(sr, cw, True))]
        self._tasks.update(tasks)
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.difference_update(tasks)
