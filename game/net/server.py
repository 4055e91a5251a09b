"""The Paper Wars server: rooms of any of the five games, played over WebSockets.

The server holds each room's record, its generator and its seed.  Clients send intentions
(``act``: an action in its JSON form, checked by the rules here); the server applies them
and sends each connection the accepted action, its events and that seat's view of the state
(``State.view``), never more.  The seed stays here until the game ends: at the start clients
get a commitment (SHA-256 of seed and nonce), at the end the record and the nonce.

Rooms live in an SQLite database (see store.py): a restart, even after ``kill -9``, loses
no accepted action.  Every message is decoded by protocol.decode (the guarded JSON reader);
a bad one gets an error reply and harms no room.  docs/protocol.md describes every message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import defaultdict, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from .. import __version__, registry
from ..engine import IllegalAction, SettingsError
from ..jsonio import FileProblem, show
from ..levels import LevelError, files_digest, level_files
from ..msg import M, Mn, Msg
from ..records import MAX_ACTIONS, Record, RecordError
from ..session import SECRET, Session
from .protocol import (
    AGENT_NAME,
    MAX_CHAT,
    MAX_FRAME,
    MAX_TOKENS,
    MAX_WIRE_FRAME,
    PROTOCOL,
    ROOM_CODE,
    TOKEN,
    BadMessage,
    commitment,
    decode,
    encode,
    event_json,
    exc_text,
    msg_data,
    plain,
    with_msg,
)
from .store import RoomRow, Store, token_hash

log = logging.getLogger("paperwars.net")

#: Requests that cost a whole position each (Limits.heavy_rate bounds them per connection).
HEAVY = frozenset({"sync", "legal", "level", "mine"})
#: A seat away this long may be handed to the computer by the others (seconds).
AWAY_HANDOVER_S = 90.0
ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


@dataclass
class Limits:
    """Flood and abuse limits (per connection unless said otherwise)."""

    #: Messages per second a connection may send (token bucket), and the burst allowed.
    rate: float = 200.0
    burst: float = 400.0
    #: Chat lines per second, and the burst allowed.
    chat_rate: float = 0.5
    chat_burst: float = 5.0
    #: Requests that cost the server a whole position (sync, legal, level, mine) per second, and
    #: the burst allowed: a client asking in a loop would take the server's time from every room.
    heavy_rate: float = 10.0
    heavy_burst: float = 20.0
    #: Joins and creates per address in ``join_window`` seconds.
    joins: int = 30
    join_window: float = 10.0
    #: Open connections per address.
    connections: int = 64
    #: Seconds a new connection has to say hello.
    hello_timeout: float = 10.0
    #: What may wait to be sent to one connection (bytes of text, and messages): a connection
    #: that does not read what it is sent is closed (1008) once it holds more, never waited for.
    send_bytes: int = 4 * 1024 * 1024
    send_messages: int = 4000
    #: Seconds a closing connection may take to take its close frame before the line is dropped.
    close_wait: float = 5.0


class Bucket:
    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.level, self.t = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.t) * self.rate)
        self.t = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True


@dataclass(eq=False)
class Conn:
    """One connection.  What is sent to it waits in its own bounded queue, written by its own
    task: a connection that reads slowly (or never) delays nobody, and one that lets more pile
    up than ``Limits.send_bytes`` / ``send_messages`` allow is closed (1008) and forgotten."""

    ws: ServerConnection
    address: str
    bucket: Bucket
    chat: Bucket
    limits: Limits = field(default_factory=Limits)
    on_slow: Any = None
    heavy: Bucket | None = None
    rules: dict[str, Any] = field(default_factory=dict)
    room: Room | None = None
    seat: int | None = None
    hello: bool = False

    def __post_init__(self) -> None:
        self._out: deque[str] = deque()
        self._bytes = 0
        self._wake = asyncio.Event()
        self._closing: tuple[int, str, bool] | None = None
        #: True once the connection is being closed: nothing more is queued for it.
        self.gone = False
        self._dropping: asyncio.Task[None] | None = None
        self._writer = asyncio.get_running_loop().create_task(self._write())

    async def send(self, msg: dict[str, Any] | str) -> None:
        """Queue ``msg`` (or its text, already encoded) for this connection; never waits for the network."""
        if self.gone or self._closing is not None:
            return
        text = msg if isinstance(msg, str) else encode(msg)
        if self._bytes + len(text) > self.limits.send_bytes or len(self._out) >= self.limits.send_messages:
            self.drop_slow()
            return
        self._out.append(text)
        self._bytes += len(text)
        self._wake.set()

    def close(self, code: int, reason: str, drop: bool = False) -> None:
        """Close the connection once what is queued for it has been sent (``drop``: then cut the
        line without a closing handshake, for a flood whose frames would hold the handshake up)."""
        if self._closing is None:
            self._closing = (code, reason, drop)
            self._wake.set()

    async def _write(self) -> None:
        try:
            while True:
                if not self._out:
                    if self._closing is not None:
                        break
                    self._wake.clear()
                    await self._wake.wait()
                    continue
                text = self._out.popleft()
                self._bytes -= len(text)
                await self.ws.send(text)
            code, reason, drop = self._closing
            if drop:
                self.ws.transport.close()
                return
            await asyncio.wait_for(self.ws.close(code, reason), self.limits.close_wait)
        except (ConnectionClosed, TimeoutError):
            self.ws.transport.abort()

    def drop_slow(self) -> None:
        """This connection does not read what it is sent: close it (1008) without waiting for it,
        leave its room at once, and drop the line if the close frame cannot get through."""
        if self.gone:
            return
        self.gone = True
        self._out.clear()
        self._bytes = 0
        self._writer.cancel()
        if self.on_slow is not None:
            self.on_slow(self)

        async def close() -> None:
            try:
                await asyncio.wait_for(self.ws.close(1008, "too slow: messages were not read"), self.limits.close_wait)
            except (ConnectionClosed, TimeoutError):
                pass
            finally:
                self.ws.transport.abort()

        self._dropping = asyncio.get_running_loop().create_task(close())

    async def flush(self) -> None:
        """Wait until the queue is sent and the connection closed as asked (1000 by default, 1008
        for a slow one): the handler ends only then, or websockets would close it with 1000."""
        if self.gone:
            waited = self._dropping
        else:
            if self._closing is None:
                self.close(1000, "")
            waited = self._writer
        if waited is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(asyncio.shield(waited), self.limits.close_wait * 2)
        if not self._writer.done():
            self._writer.cancel()


def error(code: str, message: str) -> dict[str, Any]:
    """An ``error`` message: its code, the sentence, and the sentence's message as data."""
    return with_msg({"type": "error", "code": code}, "message", message, "msg")


def refused(kind: str, at: int, index: int, rule: str, message: str, **extra: Any) -> dict[str, Any]:
    """A ``refused`` message: why an act or undo was not accepted, the sentence as text and as data."""
    out = with_msg({"type": "refused", "kind": kind, "at": at, "index": index, "rule": rule}, "message", message,
                   "msg")
    out.update(extra)
    return out


class Room:
    """One game on the server: its record (through a Session), connections and computer seats."""

    def __init__(self, row: RoomRow, server: Server) -> None:
        self.row = row
        self.server = server
        rec = Record(game=row.game, settings=dict(row.settings), seed=row.seed, actions=list(row.actions),
                     pins=dict(row.pins), rules_version=row.rules_version, seats=list(row.seats))
        self.session = Session(rec, autosave=False)
        self.conns: set[Conn] = set()
        self.away: dict[int, float] = {}
        self.commitment = commitment(row.seed, row.nonce)
        # the level files this game was set up from (a friend who lacks one may copy it, ``level``)
        # and their fingerprint: a window whose level of that name differs (two players who both
        # edited a shipped map) must not draw another board
        try:
            self.levels = level_files(row.game, self.state.game.settings_spec, row.settings)
        except FileProblem:
            self.levels = {}
        self.level_digest = files_digest(self.levels)
        self.agents: dict[int, Any] = {}
        self._cache: dict[tuple[Any, ...], Any] = {}
        self._computer: asyncio.Task[None] | None = None
        #: (index, tries): a computer player that cannot find a legal action stops after 3 tries.
        self._computer_tries = (-1, 0)

    @property
    def code(self) -> str:
        return self.row.code

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def index(self) -> int:
        return len(self.session.record.actions)

    def seated(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.conns)

    def presence(self) -> list[dict[str, Any]]:
        out = []
        now = time.monotonic()
        for i, kind in enumerate(self.row.seats):
            item: dict[str, Any] = with_msg({"seat": i}, "name", self.state.game.player_name(i))
            item.update(kind="computer" if kind != "human" else "remote", claimed=self.row.tokens[i] is not None,
                        here=self.seated(i))
            if kind != "human":
                item["agent"] = kind  # which computer player (a friend's Join screen shows its level)
                if self.row.tokens[i] is not None:
                    item["handed_over"] = True  # a person's seat the computer plays now (take_back)
            if kind == "human" and self.row.tokens[i] is not None and not item["here"]:
                item["away_s"] = round(now - self.away.get(i, now), 1)
            out.append(item)
        return out

    def changed(self) -> None:
        """The position (or who plays a seat) changed: what was worked out for the old one goes."""
        self._cache.clear()

    def _cached(self, key: tuple[Any, ...], make: Any) -> Any:
        """A seat's position or legal actions, worked out once per position: a big view costs
        milliseconds, and every spectator (or every ``sync`` asked again) shares it."""
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def status(self, seat: int | None) -> dict[str, Any]:
        return dict(self._cached(("status", seat), lambda: self._status(seat)))

    def _status(self, seat: int | None) -> dict[str, Any]:
        st = self.state
        why = M("Nothing to undo: you are watching this game.") if seat is None else self.undo_refusal(seat)
        out = with_msg({"index": self.index, "to_move": st.current_player()}, "status", st.status())
        out.update(over=st.is_over(), view=plain(st.view(seat)), can_undo=why == "")
        return with_msg(out, "undo_refusal", why)

    def legal(self, seat: int | None) -> dict[str, Any]:
        if seat is None or self.handed_over(seat):
            return {"actions": [], "complete": True}
        return dict(self._cached(("legal", seat), lambda: legal_for(self.state, seat)))

    def sync(self, conn: Conn) -> dict[str, Any]:
        msg = {"type": "sync", "room": self.code, "game": self.row.game, "rules_version": self.row.rules_version,
               "settings": self.row.settings, "seat": conn.seat, "seats": self.presence(),
               "commitment": self.commitment, "seed": self.row.seed if self.row.public_seed else None,
               "level_digest": self.level_digest, "log": list(self.session.log[-200:]),
               "log_msgs": [msg_data(t) for t in self.session.log[-200:]],
               "chat": [{"seat": s, "text": t} for s, t in self.server.store.chat(self.code)],
               **self.status(conn.seat)}
        return msg

    async def release_seat(self, seat: int) -> None:
        """A seat's token came back on a new connection (a window reopened, a line that dropped
        half-open): the seat moves to it; an older connection still on the seat is told why and
        closed, so one seat never has two players at once."""
        for old in [c for c in self.conns if c.seat == seat]:
            self.conns.discard(old)
            old.room, old.seat = None, None
            await old.send(error("replaced", M("This seat was opened in another window, so this one has left "
                                               "the game.")))
            old.close(1000, "seat opened elsewhere")

    async def broadcast_presence(self) -> None:
        msg = {"type": "presence", "seats": self.presence()}
        for c in list(self.conns):
            await c.send(msg)

    # -- undo: only the seat that acted, while the turn is still its own, never once the game is
    # over, never across a die, a card or anything a seat has seen (Session.seat_undo_refusal) --
    def undo_refusal(self, seat: int) -> str:
        why = self.session.seat_undo_refusal(seat)
        if not why and self.handed_over(seat):
            why = M("Nothing to undo: the computer plays this seat now; take it back first.")
        return why

    def handed_over(self, seat: int) -> bool:
        """A person's seat that the computer plays now (hand_over); its token holder may take_back."""
        return self.row.seats[seat] != "human" and self.row.tokens[seat] is not None

    # -- applying ------------------------------------------------------------------------
    async def act(self, conn: Conn | None, seat: int, at: int, raw: Any) -> None:
        """Apply ``raw`` for ``seat`` if it is that seat's turn at index ``at``."""
        t0 = time.perf_counter()
        st = self.state
        if at != self.index:
            if conn is not None:
                await conn.send(refused("stale", at, self.index, "", M("That was decided on an older position; "
                                                                       "here is the game as it is now.")))
                await conn.send(self.sync(conn))
            return
        if st.is_over() or st.current_player() != seat:
            if conn is not None:
                # TRANSLATORS: {who} is the name of the player to move ("Player 2", "Red")
                who = M("The game is over.") if st.is_over() else \
                    M("It is {who}'s turn, not yours.", who=st.game.player_name(st.current_player()))
                await conn.send(refused("turn", at, self.index, "GAME" if st.is_over() else "TURN", who))
            return
        if self.index >= MAX_ACTIONS:
            if conn is not None:
                await conn.send(refused("limit", at, self.index, "",
                                        M("A record holds at most {n} actions.", n=format(MAX_ACTIONS, ","))))
            return
        try:
            action = st.game.decode_action(raw)
        except ValueError as exc:
            if conn is not None:
                # TRANSLATORS: {problem} says what is wrong with the action's data
                await conn.send(refused("malformed", at, self.index, "",
                                        M("The action is malformed: {problem}.", problem=exc_text(exc))))
            return
        try:
            events = self.session.submit(action, save=False)
        except IllegalAction as exc:
            if conn is not None:
                await conn.send(refused("illegal", at, self.index, exc.rule, exc.message,
                                        fields=plain(action.to_json())))
            return
        except Exception:  # noqa: BLE001 - a rules failure refuses the action, the room goes on
            log.exception("rules failed in room %s", self.code)
            self.session = Session(Record(**{**self.session.record.__dict__,
                                             "actions": list(self.session.record.actions)}), autosave=False)
            self.changed()
            if conn is not None:
                await conn.send(refused("failed", at, self.index, "",
                                        M("The rules could not handle that action; nothing changed.")))
            return
        step = self.session.history[-1]
        idx = self.index
        self.changed()
        self.server.store.append(self.code, idx - 1, self.session.record.actions[-1], self.state.is_over())

        def applied(seat: int | None) -> str:
            sees_action = not step.hidden or seat == step.seat
            return encode({"type": "applied", "index": idx, "seat": step.seat,
                           "action": plain(action.to_json()) if sees_action else None,
                           "notation": action.notation() if sees_action else SECRET,
                           "events": [event_json(e) for e in events if e.seen_by(seat)], **self.status(seat)})

        texts: dict[int | None, str] = {}  # each seat's message written once, for all its watchers
        for c in list(self.conns):
            if c.seat not in texts:
                texts[c.seat] = applied(c.seat)
            await c.send(texts[c.seat])
        self.server.act_times.append(time.perf_counter() - t0)
        if self.state.is_over():
            await self.finish()
        else:
            self.kick_computer()

    async def undo(self, conn: Conn, at: int) -> None:
        seat = conn.seat
        assert seat is not None
        why = M("That undo was asked on an older position.") if at != self.index else self.undo_refusal(seat)
        if why:
            await conn.send(refused("undo", at, self.index, "UNDO", why))
            return
        step = self.session.history.pop()
        self.session.record.actions.pop()
        self.session.state = type(self.state).from_json(self.state.game, step.before)
        # the action's lines leave the log as at one screen; the other seats are told who took back
        # TRANSLATORS: {who} is a player's name ("Player 2", "Red")
        self.session.unlog(step, M("{who} took back their last action.", who=self.state.game.player_name(seat)))
        self.server.store.truncate(self.code, self.index)
        self.changed()
        texts: dict[int | None, str] = {}
        for c in list(self.conns):
            if c.seat not in texts:
                texts[c.seat] = encode({"type": "undone", "seat": seat, **self.status(c.seat)})
            await c.send(texts[c.seat])
        self.kick_computer()

    async def finish(self) -> None:
        msg = self.over_message()
        for c in list(self.conns):
            await c.send(msg)

    def over_message(self) -> dict[str, Any]:
        res = self.state.result()
        out = {"type": "over", "record": self.session.record.to_json(), "nonce": self.row.nonce,
               "commitment": self.commitment,
               "result": None if res is None else {"winners": list(res.winners), "text": res.text}}
        data = None if res is None else msg_data(res.text)
        if data is not None:
            out["result_msg"] = data  # beside "result", which an older client compares whole
        return out

    # -- computer seats: on the server, each from its own seat's view only ------------------
    def kick_computer(self) -> None:
        st = self.state
        if st.is_over() or self._computer is not None and not self._computer.done():
            return
        seat = st.current_player()
        if seat < 0 or self.row.seats[seat] == "human":
            return
        idx, tries = self._computer_tries
        tries = tries + 1 if idx == self.index else 1
        self._computer_tries = (self.index, tries)
        if tries > 3:
            log.warning("room %s: the computer player of seat %s found no legal action", self.code, seat)
            return
        self._computer = asyncio.get_running_loop().create_task(self._computer_turn(seat))

    async def _computer_turn(self, seat: int) -> None:
        stopped = False  # cancelled by Server.stop, or closed with its loop: no next turn
        try:
            at = self.index
            view = plain(self.state.view(seat))
            game = self.state.game
            cls = type(self.state)
            agent = self.agents.get(seat)
            if agent is None:
                agent = registry.get(self.row.game).make_agent(self.row.seats[seat], game,
                                                               int(self.row.nonce[:8], 16) ^ seat)
                self.agents[seat] = agent
            action = await asyncio.to_thread(_choose, cls, game, agent, view, at)
            for attempt in range(20):
                if self.index != at or self.state.current_player() != seat or self.row.seats[seat] == "human":
                    return  # the game moved on, or the seat's person took it back meanwhile
                try:
                    self.state.clone().check(action)
                    break
                except IllegalAction:
                    guess = cls.from_view(game, view, at * 31 + attempt)
                    action = guess.random_action(agent.rng)
            await self.act(None, seat, at, action.to_json())
        except (asyncio.CancelledError, GeneratorExit):
            stopped = True
            raise
        except Exception:  # noqa: BLE001 - a failing computer player never takes the server down
            log.exception("computer seat %s failed in room %s", seat, self.code)
        finally:
            self._computer = None
            if not stopped and not self.state.is_over() and self.row.seats[self.state.current_player()] != "human":
                self.kick_computer()


#: Guesses at the hidden parts a ``legal`` reply is found on, and the most actions it lists.
LEGAL_GUESSES = 2
MAX_LEGAL = 2000


def legal_for(state: Any, seat: int) -> dict[str, Any]:
    """The actions ``seat`` may take now, as ``{"actions", "complete"}``, found on the seat's own
    view (``State.from_view``: its hidden parts guessed), never on the real game, so the list
    tells the seat nothing it may not know.  ``complete``: every guess gave the same list (the
    rules decide legality on what the seat sees) and nothing was cut; else the list holds what
    is legal on every guess.  ``actions`` is empty when it is not the seat's turn, and None
    where the choice is continuous (a flick: any values in the ranges its fields allow)."""
    if state.is_over() or state.current_player() != seat:
        return {"actions": [], "complete": True}
    view = plain(state.view(seat))
    found: list[list[Any]] = []
    for k in range(LEGAL_GUESSES):
        acts = type(state).from_view(state.game, view, 0x1E6A1 + 7919 * k).legal_actions()
        if acts is None:
            return {"actions": None, "complete": False}
        found.append([plain(a.to_json()) for a in acts])
    keys = [[encode(a) for a in acts] for acts in found]
    common = set(keys[0]).intersection(*map(set, keys[1:]))
    actions = [a for a, key in zip(found[0], keys[0], strict=True) if key in common]
    complete = all(len(set(k)) == len(common) for k in keys) and len(actions) <= MAX_LEGAL
    return {"actions": actions[:MAX_LEGAL], "complete": complete}


def _choose(cls: Any, game: Any, agent: Any, view: dict[str, Any], at: int) -> Any:
    return agent.choose(cls.from_view(game, view, at * 7919 + 1))


class Server:
    """The asyncio server.  ``await start()``, then ``await stop()`` (or run ``serve_forever``)."""

    def __init__(self, data: Path, host: str = "127.0.0.1", port: int = 8765, limits: Limits | None = None) -> None:
        self.data = Path(data)
        self.host, self.port = host, port
        self.limits = limits or Limits()
        self.store = Store(self.data)
        self.rooms: dict[str, Room] = {}
        self.joins: dict[str, deque[float]] = defaultdict(deque)
        self.per_address: dict[str, int] = defaultdict(int)
        self._server: Any = None
        self.counts = {"frames": 0, "errors": 0, "floods": 0, "slow": 0}
        #: Seconds from an accepted intention to its last ``applied`` sent (figures.py reads them).
        self.act_times: deque[float] = deque(maxlen=200_000)

    async def start(self) -> None:
        self._server = await serve(self.handler, self.host, self.port, max_size=MAX_WIRE_FRAME,
                                   compression=None, ping_interval=20, ping_timeout=20)
        sock = next(iter(self._server.sockets))
        self.port = sock.getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for room in self.rooms.values():
            if room._computer is not None:
                room._computer.cancel()
        self.store.close()

    async def serve_forever(self) -> None:
        await self.start()
        log.info("Paper Wars server on %s port %s, rooms in %s", self.host, self.port, self.data)
        await asyncio.Future()

    # -- rooms --------------------------------------------------------------------------------
    def room(self, code: str) -> Room | None:
        if code in self.rooms:
            return self.rooms[code]
        row = self.store.load(code)
        if row is None:
            return None
        try:
            room = Room(row, self)
        except (RecordError, FileProblem, KeyError, ValueError) as exc:  # IllegalAction is a ValueError
            log.warning("room %s cannot be restored: %s", code, exc)
            raise BadMessage("room", M("The room {room} cannot be restored on this server: {problem}",
                                       room=code, problem=exc_text(exc))) from None
        self.rooms[code] = room
        return room

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(ROOM_ALPHABET) for _ in range(8))
            if code not in self.rooms and not self.store.exists(code):
                return code

    def _join_allowed(self, address: str) -> bool:
        q = self.joins[address]
        now = time.monotonic()
        while q and now - q[0] > self.limits.join_window:
            q.popleft()
        if len(q) >= self.limits.joins:
            return False
        q.append(now)
        return True

    # -- connections ----------------------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        if self.per_address[address] >= self.limits.connections:
            with contextlib.suppress(ConnectionClosed, TimeoutError):
                await asyncio.wait_for(ws.send(encode(error("limit", M(
                    "Too many connections from your address; close some and try again.")))), self.limits.close_wait)
            with contextlib.suppress(ConnectionClosed, TimeoutError):
                await asyncio.wait_for(ws.close(1008, "too many connections"), self.limits.close_wait)
            ws.transport.abort()
            return
        self.per_address[address] += 1
        conn = Conn(ws, address, Bucket(self.limits.rate, self.limits.burst),
                    Bucket(self.limits.chat_rate, self.limits.chat_burst), self.limits, self._slow,
                    Bucket(self.limits.heavy_rate, self.limits.heavy_burst))
        try:
            await self._serve_conn(conn)
        except ConnectionClosed:
            pass
        finally:
            self.per_address[address] -= 1
            await self._leave(conn)
            await conn.flush()

    def _slow(self, conn: Conn) -> None:
        """A connection that does not read what it is sent: it leaves its room at once."""
        self.counts["slow"] += 1
        log.info("closed a connection from %s that did not read its messages", conn.address)
        asyncio.get_running_loop().create_task(self._leave(conn))

    async def _leave(self, conn: Conn) -> None:
        room, conn.room = conn.room, None
        if room is not None and conn in room.conns:
            room.conns.discard(conn)
            if conn.seat is not None and not room.seated(conn.seat):
                room.away[conn.seat] = time.monotonic()
                await room.broadcast_presence()

    async def _serve_conn(self, conn: Conn) -> None:
        ws = conn.ws
        try:
            first = await asyncio.wait_for(ws.recv(), self.limits.hello_timeout)
        except TimeoutError:
            await conn.send(error("hello", M("Say hello first (no hello came in time).")))
            conn.close(1008, "no hello")
            return
        if not await self._frame(conn, first):
            return
        async for frame in ws:
            if conn.gone or not await self._frame(conn, frame):
                return

    async def _frame(self, conn: Conn, frame: Any) -> bool:
        """Handle one frame; False when the connection is to be closed."""
        self.counts["frames"] += 1
        if not conn.bucket.take():
            self.counts["errors"] += 1
            self.counts["floods"] += 1
            await conn.send(error("rate", M("Too many messages too fast; the connection is closed. Reconnect and "
                                            "slow down.")))
            # A flood fills the incoming queue, so a closing handshake could wait for it: the
            # error is flushed and the line dropped at once.
            conn.close(1008, "flood", drop=True)
            return False
        try:
            msg = decode(frame)
            if not conn.hello and msg["type"] != "hello":
                raise BadMessage("hello", M("Say hello first: the first message must be a hello."))
            if msg["type"] in HEAVY and conn.heavy is not None and not conn.heavy.take():
                raise BadMessage("limit", M("You asked for the whole game too often; wait a moment and ask again."))
            await getattr(self, f"_on_{msg['type']}")(conn, msg)
        except BadMessage as exc:
            self.counts["errors"] += 1
            await conn.send(error(exc.code, exc.message))
            if exc.code == "version":
                conn.close(1008, "version mismatch")
                return False
        except ConnectionClosed:
            raise
        except Exception:  # noqa: BLE001 - a server bug answers this message; the rooms go on
            self.counts["errors"] += 1
            log.exception("message failed")
            await conn.send(error("failed", M("The server could not handle that message; nothing changed.")))
        return True

    async def _on_hello(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.hello:
            raise BadMessage("state", M("Hello was already said on this connection."))
        if msg["protocol"] != PROTOCOL or msg.get("app") != __version__:
            app = msg.get("app")
            # TRANSLATORS: {version} and {app} are version numbers ("0.1.0"), {protocol} and {theirs} whole numbers
            raise BadMessage("version", M("This server runs Paper Wars {version} (protocol {protocol}); your app is "
                                          "Paper Wars {app} (protocol {theirs}). Both must be the same version.",
                                          version=__version__, protocol=PROTOCOL,
                                          app=show(app, 20)[1:-1] if isinstance(app, str) else "?",
                                          theirs=msg["protocol"]))
        conn.rules = dict(msg.get("rules") or {})
        conn.hello = True
        await conn.send({"type": "welcome", "protocol": PROTOCOL, "app": __version__,
                         "games": {rs.name: rs.game_cls.rules_version for rs in registry.rulesets()}})

    def _check_rules(self, conn: Conn, game: str, version: str) -> None:
        theirs = conn.rules.get(game)
        if theirs != version:
            if theirs is None:
                # TRANSLATORS: {game} is a game's short name ("tigers"), {version} a rules version ("3")
                raise BadMessage("version", M("This room plays {game} rules version {version}; your app has no "
                                              "rules for it.", game=game, version=version))
            raise BadMessage("version", M("This room plays {game} rules version {version}; your app has rules "
                                          "version {theirs}.", game=game, version=version,
                                          theirs=show(theirs, 16)[1:-1]))

    async def _on_create(self, conn: Conn, msg: dict[str, Any]) -> None:
        if not self._join_allowed(conn.address):
            raise BadMessage("limit", M("Too many rooms created or joined from your address; wait a little."))
        try:
            rs = registry.get(msg["game"])
        except KeyError:
            raise BadMessage("room", M("This server has no game called {game}.", game=show(msg["game"]))) from None
        self._check_rules(conn, rs.name, rs.game_cls.rules_version)
        try:
            game = rs.make_game(msg.get("settings") or {})
        except LevelError as exc:
            # TRANSLATORS: {problem} is a sentence saying why the level cannot be opened
            raise BadMessage("room", M("This server cannot open the room's level: {problem} A level made in an "
                                       "editor is only on the computer that made it: host the game on that "
                                       "computer (This computer) to play it online.",
                                       problem=exc_text(exc))) from None
        except (SettingsError, FileProblem) as exc:
            # TRANSLATORS: {problem} is a sentence saying which setting is wrong
            raise BadMessage("room", M("The settings are not valid: {problem}", problem=exc_text(exc))) from None
        except Exception:  # noqa: BLE001
            raise BadMessage("room", M("The settings are not valid for this game.")) from None
        seats = msg["seats"]
        if len(seats) != game.num_players:
            # TRANSLATORS: {game} is a game's title ("Paper Tigers")
            raise BadMessage("room", Mn("{game} with these settings has {n} seat, not {given}.",
                                        "{game} with these settings has {n} seats, not {given}.",
                                        game.num_players, game=Msg(rs.title), given=len(seats)))
        kinds = []
        for s in seats:
            if s == "remote":
                kinds.append("human")
            elif isinstance(s, str) and AGENT_NAME.fullmatch(s) and s in rs.agent_names():
                kinds.append(s)
            else:
                # TRANSLATORS: {game} is a game's title, {names} the computer players' short names ("ai, hard")
                raise BadMessage("room", M("A seat is 'remote' or a computer player of {game} ({names}), not "
                                           "{given}.", game=Msg(rs.title), names=", ".join(rs.agent_names()),
                                           given=show(s)))
        # The server draws the seed of every room a remote person may play in.  A seed chosen by
        # the creator (tests, practice) would let it foresee every die and hidden card, so the
        # creator then holds every remote seat at once (their tokens come back in ``created``) and
        # the seed is shown to everyone who joins (``sync``).
        seed = msg.get("seed")
        chosen = seed is not None
        if seed is None:
            seed = secrets.randbits(63)
        elif not 0 <= seed < (1 << 63):
            raise BadMessage("room", M("The seed must be a whole number from 0 to 2^63-1, not {given}.",
                                       given=show(seed)))
        code = self._new_code()
        tokens: list[str | None] = [secrets.token_urlsafe(24) if chosen and k == "human" else None for k in kinds]
        row = RoomRow(code, rs.name, rs.game_cls.rules_version, dict(game.settings), seed, secrets.token_hex(16),
                      kinds, [None if t is None else token_hash(t) for t in tokens], public_seed=chosen)
        try:
            room = Room(row, self)
        except (RecordError, FileProblem) as exc:
            raise BadMessage("room", M("The game cannot start: {problem}", problem=exc_text(exc))) from None
        self.store.create(row)
        self.rooms[code] = room
        reply: dict[str, Any] = {"type": "created", "room": code, "game": rs.name, "seats": room.presence(),
                                 "commitment": room.commitment}
        if chosen:
            reply.update(seed=seed, tokens=tokens)
        await conn.send(reply)
        room.kick_computer()

    async def _on_join(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.room is not None:
            raise BadMessage("state", M("This connection is already in a room."))
        if not self._join_allowed(conn.address):
            raise BadMessage("limit", M("Too many joins from your address; wait a little and try again."))
        code = msg["room"].strip().upper()
        room = self.room(code) if ROOM_CODE.fullmatch(code) else None
        if room is None:
            raise BadMessage("room", M("There is no room {room} on this server.", room=show(msg["room"], 12)))
        self._check_rules(conn, room.row.game, room.row.rules_version)
        token = msg.get("token")
        seat: int | None = None
        new_token = None
        if msg.get("watch"):
            seat = None
        elif token is not None:
            if not TOKEN.fullmatch(token) or token_hash(token) not in room.row.tokens:
                raise BadMessage("token", M("That seat token does not belong to this room."))
            seat = room.row.tokens.index(token_hash(token))
        else:
            want = msg.get("seat")
            free = [i for i, k in enumerate(room.row.seats) if k == "human" and room.row.tokens[i] is None]
            if want is not None:
                if want not in free:
                    raise BadMessage("seat", M("Seat {seat} is not free in this room.", seat=show(want)))
                seat = want
            elif free:
                seat = free[0]
            else:
                raise BadMessage("seat", M("Every seat in this room is taken; join to watch instead."))
            new_token = secrets.token_urlsafe(24)
            room.row.tokens[seat] = token_hash(new_token)
            room.server.store.set_seats(room.code, room.row.seats, room.row.tokens)
        if seat is not None:
            await room.release_seat(seat)
        conn.room, conn.seat = room, seat
        room.conns.add(conn)
        if seat is not None:
            room.away.pop(seat, None)
        await conn.send({"type": "joined", "room": room.code, "seat": seat,
                         **({"token": new_token} if new_token else {})})
        await conn.send(room.sync(conn))
        if room.state.is_over():
            await conn.send(room.over_message())
        await room.broadcast_presence()
        room.kick_computer()

    def _seat_conn(self, conn: Conn) -> tuple[Room, int]:
        if conn.room is None:
            raise BadMessage("state", "Join a room first.")
        if conn.seat is None:
            raise BadMessage("seat", M("A spectator cannot act."))
        return conn.room, conn.seat

    async def _on_act(self, conn: Conn, msg: dict[str, Any]) -> None:
        room, seat = self._seat_conn(conn)
        if room.handed_over(seat):  # one controller per seat: the computer has it until take_back
            await conn.send(refused("turn", msg["at"], room.index, "TURN", M(
                "The computer plays your seat now (it was handed over while you were away); take it back to "
                "play again.")))
            return
        await room.act(conn, seat, msg["at"], msg["action"])

    async def _on_undo(self, conn: Conn, msg: dict[str, Any]) -> None:
        room, _ = self._seat_conn(conn)
        await room.undo(conn, msg["at"])

    async def _on_sync(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.room is None:
            raise BadMessage("state", "Join a room first.")
        await conn.send(conn.room.sync(conn))
        if conn.room.state.is_over():
            await conn.send(conn.room.over_message())

    async def _on_level(self, conn: Conn, msg: dict[str, Any]) -> None:
        """The room's level files (what its game was set up from, nothing else on this disk), for
        a friend whose computer lacks a level the host made in an editor."""
        if conn.room is None:
            raise BadMessage("state", "Join a room first.")
        room = conn.room
        reply = {"type": "level", "game": room.row.game, "levels": room.levels, "level_digest": room.level_digest}
        if len(encode(reply)) > MAX_FRAME * 3:
            raise BadMessage("level", M("This room's level is too big to send; ask the host for its file."))
        await conn.send(reply)

    async def _on_chat(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.room is None:
            raise BadMessage("state", "Join a room first.")
        text = msg["text"].strip()
        if not text or len(text) > MAX_CHAT:
            raise BadMessage("chat", M("A chat line holds 1 to {most} characters.", most=MAX_CHAT))
        if not conn.chat.take():
            raise BadMessage("chat", M("Chat more slowly: that line was not sent."))
        self.store.add_chat(conn.room.code, conn.seat, text)
        for c in list(conn.room.conns):
            await c.send({"type": "chat", "seat": conn.seat, "text": text})

    async def _on_hand_over(self, conn: Conn, msg: dict[str, Any]) -> None:
        room, _ = self._seat_conn(conn)
        seat = msg["seat"]
        if not 0 <= seat < len(room.row.seats) or room.row.seats[seat] != "human":
            raise BadMessage("handover", M("Seat {seat} is not a remote player's seat.", seat=show(seat)))
        away = time.monotonic() - room.away.get(seat, time.monotonic())
        if room.seated(seat) or seat not in room.away or away < AWAY_HANDOVER_S:
            raise BadMessage("handover", M("A seat may be handed to the computer after {s} s away.",
                                           s=round(AWAY_HANDOVER_S)))
        room.row.seats[seat] = registry.get(room.row.game).default_ai
        room.session.seats[seat] = room.row.seats[seat]
        room.changed()
        self.store.set_seats(room.code, room.row.seats, room.row.tokens)
        await room.broadcast_presence()
        room.kick_computer()

    async def _on_take_back(self, conn: Conn, msg: dict[str, Any]) -> None:
        """The person of a handed-over seat plays it again: the computer stops playing it."""
        room, seat = self._seat_conn(conn)
        if not room.handed_over(seat):
            raise BadMessage("handover", M("Your seat is yours already: nobody handed it to the computer."))
        room.row.seats[seat] = "human"
        room.session.seats[seat] = "human"
        room.agents.pop(seat, None)
        room.changed()
        self.store.set_seats(room.code, room.row.seats, room.row.tokens)
        for c in list(room.conns):
            await c.send({"type": "presence", "seats": room.presence()})
            if c.seat == seat:
                await c.send(room.sync(c))  # its position, with what it may do now

    async def _on_legal(self, conn: Conn, msg: dict[str, Any]) -> None:
        """The actions this seat may take now, found on its own view alone (never the game's
        hidden parts): see legal_for."""
        if conn.room is None:
            raise BadMessage("state", "Join a room first.")
        room, seat = conn.room, conn.seat
        await conn.send({"type": "legal", "index": room.index, "seat": seat, **room.legal(seat)})

    async def _on_mine(self, conn: Conn, msg: dict[str, Any]) -> None:
        """A player's online games (the seat tokens it keeps), "your turn" marked."""
        tokens = msg["tokens"]
        if len(tokens) > MAX_TOKENS or not all(isinstance(t, str) and TOKEN.fullmatch(t) for t in tokens):
            raise BadMessage("malformed", f"'tokens' must be a list of at most {MAX_TOKENS} seat tokens.")
        hashes = {token_hash(t) for t in tokens}
        out = []
        for code in self.store.rooms_for_tokens(hashes):
            try:
                room = self.room(code)
            except BadMessage:
                room = None
            if room is None:
                continue
            seat = next(i for i, h in enumerate(room.row.tokens) if h in hashes)
            st = room.state
            out.append(with_msg({"room": code, "game": room.row.game, "seat": seat, "index": room.index,
                                 "over": st.is_over(), "your_turn": not st.is_over() and st.current_player() == seat},
                                "status", st.status()))
        await conn.send({"type": "mine", "rooms": out})

    async def _on_ping(self, conn: Conn, msg: dict[str, Any]) -> None:
        await conn.send({"type": "pong"})


def run(host: str, port: int, data: Path) -> int:
    """`paperwars serve`: run until interrupted."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    server = Server(data, host, port)

    async def main() -> None:
        await server.start()
        shown = f"[{host}]" if ":" in host else host  # an IPv6 address goes in brackets in a URL
        print(f"Paper Wars server: ws://{shown}:{server.port}  (rooms in {data})", flush=True)
        try:
            await asyncio.Future()
        finally:
            await server.stop()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    return 0
