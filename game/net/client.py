"""A headless client: one seat of a room, played by a computer player from its own view.

It reconnects by itself (exponential backoff) when the line drops or the server restarts,
resumes at the same action (the server tells it the position; an action it sent but never saw
applied is decided again), writes every message it receives to a dump file if asked, and at
the end checks the server's honesty: the seed matches the commitment it got at the start,
and the record replays to exactly the views and the result it was shown.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from .. import __version__, registry
from ..engine import SettingsError
from ..jsonio import FileProblem
from ..levels import LevelError, level_digest
from ..msg import M, Msg
from ..paths import user_levels_dir
from ..records import Record, RecordError
from .protocol import FATAL_CODES, MAX_FRAME, PROTOCOL, BadMessage, commitment, encode, exc_text, plain, sentence


class Fatal(Exception):
    """Nothing a reconnect can mend (a version mismatch, a room that does not exist)."""

    def __str__(self) -> str:
        first = self.args[0] if len(self.args) == 1 else None
        return first if isinstance(first, Msg) else super().__str__()  # str() gives the message itself


def hello() -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL, "app": __version__,
            "rules": {rs.name: rs.game_cls.rules_version for rs in registry.rulesets()}}


def reach_problem(url: str, exc: BaseException) -> str:
    """Why a server cannot be reached, in a sentence for the player."""
    # TRANSLATORS: {url} is a server address (ws://192.168.1.20:8765) in each of these sentences
    if isinstance(exc, InvalidURI):
        return M("{url} is not a server address (it should look like ws://host:port or wss://host/path).", url=url)
    if isinstance(exc, ConnectionRefusedError):
        return M("Nothing answers at {url}: the server is not running there, or a firewall or router turns the "
                 "connection away.", url=url)
    if isinstance(exc, (TimeoutError, asyncio.TimeoutError)):
        return M("{url} does not answer in time: the address may be wrong, or a router or firewall drops the "
                 "traffic.", url=url)
    if isinstance(exc, InvalidHandshake):
        return M("{url} answered, but it is not a Paper Wars server (or a proxy in between refused the "
                 "WebSocket).", url=url)
    if isinstance(exc, OSError) and ("Name or service not known" in str(exc) or "getaddrinfo" in str(exc)):
        return M("The host name in {url} is not known (is it spelled right, and is the network up?).", url=url)
    # TRANSLATORS: {problem} is the name of a Python error (ConnectionResetError)
    return M("{url} cannot be reached ({problem}).", url=url, problem=exc.__class__.__name__)


async def open_ws(url: str) -> Any:
    return await connect(url, max_size=MAX_FRAME * 4, compression=None, open_timeout=10,
                         ping_interval=20, ping_timeout=20)


@dataclass(frozen=True)
class Created:
    """A room just made: its code, and (when its creator chose the seed) every remote seat's
    token, for the creator holds them all then (None for a computer seat)."""

    room: str
    tokens: tuple[str | None, ...] = ()

    def token(self, seat: int) -> str | None:
        return self.tokens[seat] if 0 <= seat < len(self.tokens) else None


async def create_room(url: str, game: str, seats: list[str], settings: dict[str, Any] | None = None,
                      seed: int | None = None, attempts: int = 8) -> Created:
    """Create a room (retrying a few times while the server does not answer).  A ``seed``
    (tests, practice) is public and makes the creator hold every remote seat (the tokens)."""
    delay = 0.05
    last: BaseException = TimeoutError()
    for _ in range(attempts):
        try:
            async with await open_ws(url) as ws:
                await ws.send(encode(hello()))
                welcome = decode_reply(await ws.recv())
                if welcome.get("type") == "error":
                    raise Fatal(sentence(welcome.get("message", M("The server refused the connection.")),
                                         welcome.get("msg")))
                msg: dict[str, Any] = {"type": "create", "game": game, "seats": seats,
                                       "settings": settings or {}}
                if seed is not None:
                    msg["seed"] = seed
                await ws.send(encode(msg))
                reply = decode_reply(await ws.recv())
                if reply.get("type") != "created":
                    raise Fatal(sentence(reply.get("message", M("The server did not create the room.")),
                                         reply.get("msg")))
                return Created(str(reply["room"]), tuple(reply.get("tokens") or ()))
        except (OSError, ConnectionClosed, TimeoutError, InvalidHandshake) as exc:
            last = exc
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)
    raise Fatal(M("The room could not be created: {problem}", problem=reach_problem(url, last)))


@dataclass
class SeatClient:
    url: str
    room: str
    seat: int | None
    agent: str = "random"
    dump: TextIO | None = None
    seed: int = 0
    max_backoff: float = 2.0
    #: Seconds to think before each action (bot-paced rooms in the figures); 0 = at once.
    pace: float = 0.0
    #: Filled while playing.
    token: str | None = None
    game: Any = None
    index: int = -1
    view: Any = None
    to_move: int = -1
    commitment: str = ""
    views: dict[int, Any] = field(default_factory=dict)
    over: dict[str, Any] | None = None
    problems: list[str] = field(default_factory=list)
    reconnects: int = 0
    received: int = 0
    refusals: int = 0
    latencies: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._agent: Any = None
        self._sent_at: int | None = None
        self._sent_time = 0.0
        self._tries = 0
        self._rng = random.Random(self.seed)
        self._ws: Any = None

    # -- running ----------------------------------------------------------------------------
    async def run(self) -> dict[str, Any]:
        delay = 0.05
        while self.over is None:
            try:
                async with await open_ws(self.url) as ws:
                    self._ws = ws
                    self._sent_at = None
                    await ws.send(encode(hello()))
                    join: dict[str, Any] = {"type": "join", "room": self.room}
                    if self.token:
                        join["token"] = self.token
                    elif self.seat is None:
                        join["watch"] = True
                    else:
                        join["seat"] = self.seat
                    await ws.send(encode(join))
                    async for frame in ws:
                        self.received += 1
                        if self.dump is not None:
                            self.dump.write(frame if isinstance(frame, str) else frame.decode("utf-8", "replace"))
                            self.dump.write("\n")
                        msg = decode_reply(frame)
                        await self.handle(msg)
                        if msg["type"] == "sync":
                            delay = 0.05  # back in the room: the next drop starts the backoff afresh
                        if self.over is not None:
                            break
            except (OSError, ConnectionClosed, TimeoutError, InvalidHandshake):
                pass
            finally:
                self._ws = None
            if self.over is None:
                self.reconnects += 1
                await asyncio.sleep(delay * (0.5 + self._rng.random()))
                delay = min(delay * 2, self.max_backoff)
        return self.verify()

    async def handle(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "error":
            code = msg.get("code")
            if code in FATAL_CODES:
                raise Fatal(str(msg.get("message")))
            if code in ("limit", "rate") and self._ws is not None:
                await self._ws.close()  # too many joins or messages: come back later (backoff)
                return
            self.problems.append(f"error: {msg.get('message')}")
        elif kind == "joined":
            if msg.get("token"):
                self.token = msg["token"]
            self.seat = msg.get("seat")
        elif kind == "sync":
            if self.game is None:
                rs = registry.get(msg["game"])
                cannot = setup_problem(rs, msg["settings"], msg.get("level_digest"))
                if cannot:
                    raise Fatal(cannot)  # no board to play on, or another board than the server's
                self.game = rs.make_game(msg["settings"])
            if not self.commitment:
                self.commitment = msg["commitment"]
            elif self.commitment != msg["commitment"]:
                self.problems.append("the seed commitment changed during the game")
            self._position(msg)
            await self.maybe_act()
        elif kind in ("applied", "undone"):
            if kind == "applied" and self._sent_at is not None and msg.get("seat") == self.seat \
                    and msg["index"] == self._sent_at + 1:
                self.latencies.append(asyncio.get_running_loop().time() - self._sent_time)
                self._sent_at = None
            if kind == "undone":
                self.views = {k: v for k, v in self.views.items() if k <= msg["index"]}
            self._position(msg)
            await self.maybe_act()
        elif kind == "refused":
            self.refusals += 1
            if msg.get("kind") in ("illegal", "malformed", "failed", "turn"):
                self._sent_at = None
                self._tries += 1
                await self.maybe_act()
        elif kind == "over":
            self.over = msg

    def _position(self, msg: dict[str, Any]) -> None:
        if msg["index"] != self.index:
            self._tries = 0
        self.index, self.view, self.to_move = msg["index"], msg["view"], msg["to_move"]
        self.views[self.index] = msg["view"]

    async def maybe_act(self) -> None:
        if self.seat is None or self.to_move != self.seat or self.game is None or self._ws is None:
            return
        if self._sent_at == self.index:
            return
        at = self.index
        self._sent_at = at  # deciding: no second decision for the same position meanwhile
        if self.pace:
            await asyncio.sleep(self.pace * (0.5 + self._rng.random()))
        action = await asyncio.to_thread(self.decide, self.view, at, self._tries)
        if self.index != at or self._ws is None:
            if self._sent_at == at:
                self._sent_at = None
            return
        self._sent_time = asyncio.get_running_loop().time()
        try:
            await self._ws.send(encode({"type": "act", "at": at, "action": action}))
        except ConnectionClosed:
            self._sent_at = None

    def decide(self, view: Any, at: int, tries: int) -> dict[str, Any]:
        """The computer player's choice from this seat's view alone (a fresh guess at the
        hidden parts each time); random play after repeated refusals."""
        cls = _state_class(self.game)
        state = cls.from_view(self.game, view, (self.seed * 1_000_003 + at * 131 + tries) & ((1 << 63) - 1))
        if self._agent is None:
            self._agent = registry.get(self.game.name).make_agent(self.agent, self.game, self.seed)
        if tries < 3:
            try:
                return plain(self._agent.choose(state).to_json())
            except Exception:  # noqa: BLE001 - a failing computer player falls back to random play
                pass
        return plain(state.random_action(self._agent.rng).to_json())

    # -- the end: trust, but verify ---------------------------------------------------------------
    def verify(self) -> dict[str, Any]:
        assert self.over is not None
        problems = verify_over(self.over, self.commitment, self.views, self.seat, self.problems)
        return {"seat": self.seat, "ok": not problems, "problems": problems, "reconnects": self.reconnects,
                "received": self.received}


def verify_over(over: dict[str, Any], given: str, views: dict[int, Any], seat: int | None,
                earlier: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The end of a room, checked: the seed matches the commitment ``given`` at the start, and
    the record replays to exactly the ``views`` this seat was shown (index -> view) and to the
    announced result.  The problems found (an empty list: the server was honest)."""
    problems: list[str] = list(earlier)
    try:
        rec = Record.from_json(over["record"], "room's record")
        if commitment(rec.seed, over["nonce"]) != given:
            problems.append("the seed does not match the commitment given at the start")
        state = rec.start()
        shown = views.get(0)
        if shown is not None and plain(state.view(seat)) != shown:
            problems.append("the start differs from what was shown")
        for i, _a, _e, state in rec.steps():
            shown = views.get(i + 1)
            if shown is not None and plain(state.view(seat)) != shown:
                problems.append(f"after action {i} the record shows another game than was shown")
                break
        res = state.result()
        want = None if res is None else {"winners": list(res.winners), "text": res.text}
        if want != over.get("result"):
            problems.append("the record's result differs from the result announced")
    except (RecordError, KeyError, TypeError, ValueError) as exc:
        problems.append(f"the record does not replay: {exc}")
    return problems


def decode_reply(frame: Any) -> dict[str, Any]:
    """A server message, read with the guarded JSON reader; a bad one becomes an error message."""
    if isinstance(frame, str):
        try:
            from ..jsonio import parse_json

            data = parse_json(frame)
            if isinstance(data, dict) and isinstance(data.get("type"), str):
                return data
        except ValueError:
            pass
    return {"type": "error", "code": "malformed", "message": M("The server sent a message this app cannot read.")}


_CLASSES: dict[str, Any] = {}


def _state_class(game: Any) -> Any:
    if game.name not in _CLASSES:
        _CLASSES[game.name] = type(game.new_state(0))
    return _CLASSES[game.name]


async def netplay(url: str, game: str, agents: list[str], settings: dict[str, Any] | None = None,
                  seed: int | None = None, dump: Path | None = None, timeout: float = 600.0) -> dict[str, Any]:
    """`paperwars netplay`: create a room, one client per seat, play to the end."""
    made = await create_room(url, game, ["remote"] * len(agents), settings, seed)
    room = made.room
    files = []
    if dump is not None:
        dump.mkdir(parents=True, exist_ok=True)
        files = [open(dump / f"seat-{i}.jsonl", "w", encoding="utf-8") for i in range(len(agents))]  # noqa: SIM115
    try:
        clients = [SeatClient(url, room, i, a, files[i] if files else None, seed=(seed or 0) * 17 + i,
                              token=made.token(i)) for i, a in enumerate(agents)]
        checks = await asyncio.wait_for(asyncio.gather(*(c.run() for c in clients)), timeout)
    finally:
        for f in files:
            f.close()
    records = [encode(c.over["record"]) for c in clients if c.over]
    same = len(set(records)) == 1
    over = clients[0].over or {}
    return {"room": room, "record": over.get("record"), "result": over.get("result"),
            "ok": same and all(c["ok"] for c in checks), "same_record": same, "clients": checks,
            "latencies": [t for c in clients for t in c.latencies]}


def setup_problem(rs: Any, settings: Any, digest: Any = "") -> str:
    """"" when this app can set up a room's game from the room's settings, else what to say why
    not: a level this computer lacks (one made in the host's editor: where to put its file), a
    level of the same name that differs from the host's (the server's ``digest`` of it, see
    ``levels.level_digest``), or a setting this version does not know.  The room's settings are
    the server's word: only checked."""
    try:
        rs.make_game(dict(settings) if isinstance(settings, dict) else {})
    except LevelError as exc:
        # TRANSLATORS: {problem} is a sentence saying why the level cannot be opened; {folder} a folder's path
        return M("This room plays a level this computer cannot open: {problem} If the host made it in the level "
                 "editor, ask for its file, put it in {folder} and join again.", problem=exc_text(exc),
                 folder=str(user_levels_dir(rs.name)))
    except (SettingsError, FileProblem) as exc:
        # TRANSLATORS: {problem} is a sentence saying which setting does not work
        return M("This room's settings do not work in this version of Paper Wars: {problem}", problem=exc_text(exc))
    if isinstance(digest, str) and digest and digest != level_digest(rs.name, rs.game_cls.settings_spec, settings):
        # TRANSLATORS: {folder} is a folder's path
        return M("This room plays the host's level of that name, and the level of that name on this computer is a "
                 "different one (an edit, or another version of Paper Wars). Rename yours in {folder} or ask the "
                 "host for the file, then join again.", folder=str(user_levels_dir(rs.name)))
    return ""


__all__ = ["BadMessage", "Created", "Fatal", "SeatClient", "create_room", "netplay", "reach_problem", "setup_problem", "verify_over"]

