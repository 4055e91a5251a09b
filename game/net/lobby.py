"""What the "Play online" screens ask of a server before a game opens, and the server a host
runs inside the app.

Every request here is short (one connection: hello, a message or two, close) and runs in a
worker thread of the window (``Job``), so the window never waits on the network.  A server
that cannot be reached, or that refuses, becomes one sentence for the player (``Problem``),
using ``reach_problem`` for the reasons a connection fails.
"""

from __future__ import annotations

import asyncio
import ipaddress
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..jsonio import FileProblem
from ..levels import files_digest, level_path, played_levels, save_user_level
from ..msg import M, Msg
from ..paths import FolderProblem, data_dir, remove_own, user_levels_dir
from .client import Fatal, decode_reply, hello, open_ws, reach_problem, setup_problem
from .protocol import ROOM_CODE, encode, exc_text, sentence
from .tokens import DEFAULT_PORT

#: Seconds a lobby request may take before the player is told the server does not answer.
TIMEOUT = 8.0

T = TypeVar("T")


class Problem(Exception):
    """Why a lobby request failed, as one sentence for the player."""

    def __str__(self) -> str:
        first = self.args[0] if len(self.args) == 1 else None
        return first if isinstance(first, Msg) else super().__str__()  # str() gives the message itself


def server_url(text: str) -> str:
    """What the player typed as a server address -> a ws:// or wss:// URL.

    ``192.168.1.20``, ``192.168.1.20:8765``, ``[fd00::5]:8765``, ``play.example.org`` and
    full ``ws://``/``wss://`` URLs are accepted; no port means the default port (ws) or the
    proxy's (wss)."""
    text = text.strip()
    if not text:
        raise Problem(M("Type the server's address first (for example 192.168.1.20:8765)."))
    if len(text) > 250 or any(c.isspace() for c in text):
        raise Problem(M("That is not a server address (it should look like 192.168.1.20:8765)."))
    if "://" in text:
        scheme, rest = text.split("://", 1)
        if scheme.lower() not in ("ws", "wss"):
            raise Problem(M("A server address starts with ws:// or wss://, not {scheme}://.", scheme=scheme[:10]))
        if not rest or rest.startswith("/"):
            raise Problem(M("That server address has no host name."))
        return f"{scheme.lower()}://{rest}"
    host, _, path = text.partition("/")
    try:  # a bare IPv6 address needs its brackets
        if ipaddress.ip_address(host).version == 6:
            host = f"[{host}]"
    except ValueError:
        pass
    if not host.endswith("]") and ":" in host.split("]")[-1]:
        port = host.rsplit(":", 1)[1]
        if not port.isdigit() or not 1 <= int(port) <= 65535:
            raise Problem(M("The port in {address} is not a number from 1 to 65535.", address=text))
    else:
        host = f"{host}:{DEFAULT_PORT}"
    return f"ws://{host}" + (f"/{path}" if path else "")


def room_code(text: str) -> str:
    code = text.strip().upper().replace(" ", "").replace("-", "")
    if not ROOM_CODE.fullmatch(code):
        raise Problem(M("A room code has 8 letters and digits (like K7MQ2XPA); check what your friend sent."))
    return code


# -- requests ---------------------------------------------------------------------------------
async def _talk(url: str, messages: list[dict[str, Any]], want: set[str]) -> list[dict[str, Any]]:
    """Say hello, send ``messages``, collect replies until one of each type in ``want`` came."""
    async with await open_ws(url) as ws:
        await ws.send(encode(hello()))
        welcome = decode_reply(await ws.recv())
        if welcome.get("type") != "welcome":
            raise Problem(sentence(welcome.get("message", M("The server refused the connection.")), welcome.get("msg")))
        for msg in messages:
            await ws.send(encode(msg))
        got: list[dict[str, Any]] = []
        while want - {m["type"] for m in got}:
            reply = decode_reply(await ws.recv())
            if reply["type"] == "error":
                raise Problem(sentence(reply.get("message", M("The server refused.")), reply.get("msg")))
            got.append(reply)
        return got


def request(url: str, messages: list[dict[str, Any]], want: set[str], timeout: float = TIMEOUT) -> list[dict[str, Any]]:
    """``_talk`` from a worker thread; every failure is a Problem with a sentence."""
    async def go() -> list[dict[str, Any]]:
        return await asyncio.wait_for(_talk(url, messages, want), timeout)

    try:
        return asyncio.run(go())
    except Problem:
        raise
    except Fatal as exc:
        raise Problem(exc_text(exc)) from None
    except ConnectionClosed:
        raise Problem(M("{url} closed the connection before answering.", url=url)) from None
    except (OSError, TimeoutError, asyncio.TimeoutError, InvalidHandshake, InvalidURI, ValueError) as exc:
        raise Problem(reach_problem(url, exc)) from None


def create(url: str, game: str, seats: list[str], settings: dict[str, Any]) -> str:
    """Make a room: its code.  ``seats``: "remote" or a computer player's name, one a seat.
    The server draws the seed (a friend may join any remote seat)."""
    msg: dict[str, Any] = {"type": "create", "game": game, "seats": seats, "settings": settings}
    return str(request(url, [msg], {"created"})[0]["room"])


def peek(url: str, room: str) -> dict[str, Any]:
    """The room as a spectator sees it (its ``sync``: game, settings, seats), claiming nothing."""
    replies = request(url, [{"type": "join", "room": room, "watch": True}], {"joined", "sync"})
    return next(m for m in replies if m["type"] == "sync")


def claim(url: str, room: str, seat: int) -> str:
    """Take a free remote seat of a room: its token (the only time the server sends it)."""
    replies = request(url, [{"type": "join", "room": room, "seat": seat}], {"joined"})
    token = replies[0].get("token")
    if not isinstance(token, str):
        raise Problem(M("The server gave no token for that seat."))
    return token


def mine(url: str, tokens: list[str], timeout: float = TIMEOUT) -> list[dict[str, Any]]:
    """The rooms these tokens hold seats in (``mine``), "your turn" marked by the server."""
    rooms: list[dict[str, Any]] = []
    for i in range(0, len(tokens), 100):
        reply = request(url, [{"type": "mine", "tokens": tokens[i:i + 100]}], {"mine"}, timeout)
        for r in reply[0].get("rooms", []):
            if isinstance(r, dict):  # the status in this player's language where the server sent it as data
                rooms.append({**r, "status": sentence(r.get("status", ""), r.get("status_msg"))})
    return rooms


# -- the window's worker ----------------------------------------------------------------------
class Job(Generic[T]):
    """``fn()`` in a daemon thread; ``done``, then ``result`` or ``problem``.  ``wake`` is
    called when it ends (the window's App.wake), so the resting window draws the answer."""

    #: Jobs still running (a test waits for them before it closes its window).
    running: set[Job[Any]] = set()
    _lock = threading.Lock()

    def __init__(self, fn: Callable[[], T], wake: Callable[[], None] | None = None) -> None:
        self.done = False
        self.result: T | None = None
        self.problem: str = ""
        self._fn, self._wake = fn, wake
        with Job._lock:
            Job.running.add(self)
        threading.Thread(target=self._run, daemon=True).start()

    @staticmethod
    def wait_all(timeout: float = 30.0) -> bool:
        """Wait until every running job has ended (or ``timeout`` s); True when none is left."""
        import time

        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with Job._lock:
                if not Job.running:
                    return True
            time.sleep(0.02)
        return False

    def _run(self) -> None:
        try:
            self.result = self._fn()
        except Problem as exc:
            self.problem = exc_text(exc)
        except Exception as exc:  # noqa: BLE001 - a worker never takes the window down
            # TRANSLATORS: {problem} is a Python error's name and its English text
            self.problem = M("That did not work ({problem}).", problem=exc.__class__.__name__ + ": " + str(exc)[:120])
        self.done = True
        try:
            if self._wake is not None:
                self._wake()
        finally:
            with Job._lock:
                Job.running.discard(self)


# -- hosting: a server inside the app --------------------------------------------------------
def lan_addresses() -> list[str]:
    """This machine's addresses a friend on the same network (or VPN overlay) can use: IPv4
    and global or unique-local IPv6, without loopback and link-local ones."""
    import socket

    import psutil

    out: list[str] = []
    try:
        interfaces = psutil.net_if_addrs()
    except OSError:
        return out
    for addrs in interfaces.values():
        for a in addrs:
            if a.family not in (socket.AF_INET, socket.AF_INET6):
                continue
            try:
                ip = ipaddress.ip_address(a.address.split("%")[0])
            except ValueError:
                continue
            if ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_unspecified:
                continue
            text = str(ip)
            if text not in out:
                out.append(text)
    return sorted(out, key=lambda t: (":" in t, t))


def address_urls(port: int, addresses: list[str] | None = None) -> list[str]:
    """``host:port`` for each address, IPv6 in brackets, as a friend types it in Join."""
    return [f"[{a}]:{port}" if ":" in a else f"{a}:{port}"
            for a in (lan_addresses() if addresses is None else addresses)]


def hosted_data() -> Path:
    """The hosted rooms' database folder (beside the saves): a room survives a restart."""
    return data_dir() / "hosted"


class HostServer:
    """The app's own server (game.net.server.Server) in a background thread and event loop.

    ``start(port)`` listens on every address of the machine (``host=None``; tests pass
    127.0.0.1); it raises Problem when the port is taken or not allowed.  Once started it
    runs until the app closes (App.close calls ``close``: the port is free again and the
    thread ends), so friends can come back to a hosted room while it is open; the rooms are
    in the SQLite database in ``data``, so the next start of the app hosts them again.
    """

    def __init__(self, data: Path | None = None, host: str | None = None) -> None:
        self.data = data
        self.host = host
        self.port = 0
        self.server: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._closed = False

    @property
    def running(self) -> bool:
        return self.server is not None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, port: int) -> str:
        """Start (or keep) the server on ``port`` (0: any free port); the URL this app uses."""
        from .server import Server

        with self._lock:
            if self._closed:  # a worker that asks after the app closed starts nothing
                raise Problem(M("Paper Wars is closing: the games it hosts open again on the next start."))
            if self.server is not None:
                if port in (0, self.port):
                    return self.url
                raise Problem(M("This app already hosts games on port {port}; close Paper Wars to change it.",
                                port=self.port))
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=loop.run_forever, daemon=True, name="paperwars-host")
            thread.start()

            async def go() -> Any:  # made on the loop's thread: its SQLite connection lives there
                server = Server(self.data or hosted_data(), self.host, port)  # type: ignore[arg-type]
                try:
                    await server.start()
                except BaseException:
                    server.store.close()
                    raise
                return server

            try:
                server = asyncio.run_coroutine_threadsafe(go(), loop).result(20)
            except (OSError, FileProblem) as exc:  # the port, or the rooms database (its own sentence)
                loop.call_soon_threadsafe(loop.stop)
                thread.join(5)
                loop.close()
                if isinstance(exc, FolderProblem):  # the data folder, not the port
                    # TRANSLATORS: {problem} is a sentence about the data folder, without its full stop
                    raise Problem(M("{problem}, so no game can be hosted from this computer.",
                                    problem=exc.strerror or "")) from None
                raise Problem(exc_text(exc) if isinstance(exc, FileProblem) else _bind_problem(port, exc)) from None
            self.server, self._loop, self._thread = server, loop, thread
            self.port = server.port
            return self.url

    def stop(self) -> None:
        with self._lock:
            if self.server is None or self._loop is None:
                return
            try:
                asyncio.run_coroutine_threadsafe(self.server.stop(), self._loop).result(10)
            except Exception:  # noqa: BLE001 - closing the app goes on
                pass
            self._loop.call_soon_threadsafe(self._loop.stop)
            if self._thread is not None:
                self._thread.join(5)
            self._loop.close()
            self.server = self._loop = self._thread = None

    def close(self) -> None:
        """Stop for good (the app is closing): no worker can start it again afterwards."""
        with self._lock:
            self._closed = True
        self.stop()


def _bind_problem(port: int, exc: OSError) -> str:
    import errno

    if exc.errno in (errno.EADDRINUSE, 10048):
        return M("Port {port} is already in use on this computer (another program, or another Paper Wars); "
                 "pick another port.", port=port)
    if exc.errno in (errno.EACCES, 10013):
        return M("This computer does not let Paper Wars listen on port {port}; pick a port above 1024.", port=port)
    # TRANSLATORS: {problem} is the system's reason, in English
    return M("The server could not start on port {port} ({problem}).", port=port,
             problem=str(exc.strerror or exc.__class__.__name__))


def missing_levels(rs: Any, settings: Any) -> list[str]:
    """The level files a room's settings play that this computer has neither shipped nor made."""
    out = []
    for name in played_levels(rs.game_cls.settings_spec, settings):
        try:
            if not level_path(rs.name, name).is_file():
                out.append(name)
        except FileProblem:
            pass  # not a level name at all: setting the game up says so
    return out


def copy_levels(url: str, room: str, rs: Any, sync: dict[str, Any]) -> list[str]:
    """Copy the room's level files this computer lacks from the server into the player's level
    folder; the names copied.  Only names the room's settings play, never over a file already
    there, and only content whose fingerprint is the one the room gave and that sets the game
    up; otherwise nothing is kept and a Problem says why."""
    wanted = missing_levels(rs, sync.get("settings"))
    if not wanted:
        return []
    reply = request(url, [{"type": "join", "room": room, "watch": True}, {"type": "level"}],
                    {"joined", "sync", "level"})
    got = next(m for m in reply if m["type"] == "level")
    files = got.get("levels")
    if not isinstance(files, dict) or not all(isinstance(files.get(n), dict) for n in wanted):
        raise Problem(M("The server did not send the room's level."))
    digest = sync.get("level_digest")
    if not isinstance(digest, str) or files_digest(files) != digest or got.get("level_digest") != digest:
        raise Problem(M("The level the server sent is not the one the room was set up from; nothing was kept."))
    written = []
    try:
        for name in wanted:
            if (user_levels_dir(rs.name) / f"{name}.json").exists():
                raise Problem(M("A level called {name} is in {folder} already; nothing was kept.", name=name,
                                folder=str(user_levels_dir(rs.name))))
            written.append(save_user_level(rs.name, name, files[name]))
        cannot = setup_problem(rs, sync.get("settings"), digest)
        if cannot:
            raise Problem(M("The host's level does not open here, so it was not kept: {problem}", problem=cannot))
    except (Problem, FileProblem, OSError) as exc:
        for path in written:  # only what this copy wrote, inside the level folder
            remove_own(path)
        raise Problem(exc_text(exc)) from None
    return wanted
