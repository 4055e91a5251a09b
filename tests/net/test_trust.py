"""Online, nobody can foresee, reopen or stall a game (issue 46): the seed is the server's, the end
is final, what a seat has seen stays seen, the turn once passed is the other's, a handed-over seat
has one controller, and a connection that does not read is closed without slowing anybody."""

from __future__ import annotations

import base64
import json
import os
import socket
import threading
import time

import pytest
from websockets.exceptions import ConnectionClosed

import game.net.server as server_mod
from game import registry
from game.net.client import hello
from game.net.harness import ServerThread
from game.net.server import legal_for
from game.session import FINAL, SEEN
from tests.net.wire import Wire, create
from tests.peek_game import peek_ruleset

SQUAD_A = {"type": "Squad", "kinds": ["smg", "medic"]}
SQUAD_B = {"type": "Squad", "kinds": ["rpg", "rpg"]}
WAIT = 60.0  # generous: a loaded machine is slow, and no assertion here is about time


@pytest.fixture
def server(tmp_path):
    st = ServerThread(tmp_path / "server")
    st.start()
    yield st
    st.close()


@pytest.fixture
def peek():
    registry.register(peek_ruleset())
    yield
    registry.unregister("peek")


def _seated(server, game, settings=None, seed=3, seats=("remote", "remote")):
    """A room with a chosen seed: the creator holds both seats; one connection per seat."""
    room = create(server.url, game, list(seats), settings or {}, seed)
    wires = [Wire(server.url) for _ in seats]
    for i, w in enumerate(wires):
        if seats[i] == "remote":  # (by number where no token came back: the check against older servers)
            assert w.join(room, **({"token": room.tokens[i]} if room.tokens[i] else {"seat": i}))["seat"] == i
    return room, wires


def _play(actor, others, action):
    actor.send({"type": "act", "at": actor.index, "action": action})
    got = actor.until("applied", "refused", timeout=WAIT)
    assert got["type"] == "applied", got
    for w in others:
        w.until("applied", timeout=WAIT)
    return got


def _presence(w, ok):
    """The first ``presence`` whose seats satisfy ``ok``."""
    while True:
        seats = w.until("presence", timeout=WAIT)["seats"]
        if ok(seats):
            return seats


def _legal(server, room):
    """The legal actions now, read from the server's game (the test may look; a seat asks ``legal``)."""
    from game.net.protocol import plain

    return server.call(lambda s: [plain(a.to_json()) for a in s.rooms[room].state.legal_actions()])


# -- 1. the seed is the server's -------------------------------------------------------------------------

def test_a_chosen_seed_makes_the_creator_hold_every_remote_seat_and_is_shown_to_all(server):
    """A creator who chose the seed could foresee every die and hidden card: then no other person
    may take a seat (the creator holds them all: their tokens come back in ``created``), and
    everyone who joins, a spectator too, is shown the seed."""
    room = create(server.url, "tigers", ["remote", "remote"], {}, 12345)
    assert all(isinstance(t, str) and len(t) >= 20 for t in room.tokens)
    stranger = Wire(server.url)
    assert stranger.join(room, seat=1)["code"] == "seat"
    assert stranger.join(room)["code"] == "seat"  # no free seat at all
    watcher = Wire(server.url)
    assert watcher.join(room, watch=True)["seat"] is None
    sync = next(m for m in watcher.seen if m["type"] == "sync")
    assert sync["seed"] == 12345
    me = Wire(server.url)
    assert me.join(room, token=room.tokens[1])["seat"] == 1
    assert next(m for m in me.seen if m["type"] == "sync")["seed"] == 12345


def test_a_computer_seat_is_no_person_so_a_practice_room_against_it_may_choose_its_seed(server):
    room = create(server.url, "warigami", ["remote", "random"], {"units": 2}, 7)
    assert isinstance(room.tokens[0], str) and room.tokens[1] is None
    stranger = Wire(server.url)
    assert stranger.join(room)["code"] == "seat"


def test_without_a_chosen_seed_the_server_draws_it_and_shows_it_to_nobody_until_the_end(server):
    room = create(server.url, "tigers", ["remote", "remote"])
    other = create(server.url, "tigers", ["remote", "remote"])
    assert room.tokens == [None, None]
    a, b = Wire(server.url), Wire(server.url)
    assert a.join(room, seat=0)["seat"] == 0 and b.join(room)["seat"] == 1  # a friend may take a seat
    seeds = server.call(lambda s: [s.rooms[room].row.seed, s.rooms[other].row.seed])
    assert seeds[0] != seeds[1]
    sync = next(m for m in b.seen if m["type"] == "sync")
    assert sync["seed"] is None and str(seeds[0]) not in json.dumps(b.seen)


def test_a_client_can_pin_no_chance_neither_with_pins_nor_with_settings(server):
    """Die faces and deck orders (pins) would foresee chance as a seed does: a room never takes
    them from a client, in its own field or smuggled among the settings."""
    w = Wire(server.url)
    w.send({"type": "create", "game": "tigers", "seats": ["remote", "remote"], "pins": {"faces": [6, 6]}})
    err = w.until("error")
    assert err["code"] == "malformed" and "pins" in err["message"]
    w.send({"type": "create", "game": "tigers", "seats": ["remote", "remote"],
            "settings": {"pins": {"decks": [["AS"]]}}})
    err = w.until("error")
    assert err["code"] == "room" and "pins" in err["message"]
    assert server.call(lambda s: [r.row.pins for r in s.rooms.values()]) == []


# -- 2. the end is final ---------------------------------------------------------------------------------

def test_T_E3_online_undo_after_the_end_is_refused_and_the_room_stays_over(server):
    """Pig to 5: the last Hold rolls nothing, so only the end itself can refuse its undo (the seed
    and nonce are published at ``over``: a room opened again would play on dice everyone knows)."""
    room, (a, b) = _seated(server, "pig", {"target": 5})
    wires = [a, b]
    while True:
        me = wires[a.to_move]
        total = server.call(lambda s: s.rooms[room].state.turn_total)
        _play(me, [w for w in wires if w is not me], {"type": "Hold" if total >= 5 else "Roll"})
        if total >= 5:
            break
    w = me
    w.until("over", timeout=WAIT)
    index = w.index
    w.send({"type": "undo", "at": index})
    r = w.until("refused", "undone", timeout=WAIT)
    assert r["type"] == "refused" and r["rule"] == "UNDO" and r["message"] == FINAL
    assert server.call(lambda s: s.rooms[room].session.history[-1].revealed_chance) is False  # the end, not a die
    assert server.call(lambda s: (s.rooms[room].index, s.rooms[room].state.is_over())) == (index, True)
    w.send({"type": "sync"})
    sync = w.until("sync", timeout=WAIT)
    assert sync["over"] is True and sync["can_undo"] is False and sync["undo_refusal"] == FINAL


# -- 3. what any seat has seen cannot be taken back ----------------------------------------------------

def test_online_undo_never_steps_back_over_what_a_seat_was_shown_though_the_rules_never_said(server, peek):
    """Peek's Show turns a card face up with no ``reveals`` event: the server compares the views
    and refuses the undo; a Pass, which shows nothing, is taken back."""
    room, (a, b) = _seated(server, "peek")
    _play(a, [b], {"type": "Pass"})
    assert a.seen[-1]["can_undo"] is True
    a.send({"type": "undo", "at": 1})
    assert a.until("undone", timeout=WAIT)["index"] == 0
    b.until("undone", timeout=WAIT)
    got = _play(a, [b], {"type": "Show"})
    assert got["can_undo"] is False and got["undo_refusal"] == SEEN
    assert b.seen[-1]["view"]["cards"][0] != "?"  # the other seat saw the card
    a.send({"type": "undo", "at": 1})
    r = a.until("refused", "undone", timeout=WAIT)
    assert r["type"] == "refused" and r["rule"] == "UNDO" and r["message"] == SEEN
    assert server.call(lambda s: s.rooms[room].index) == 1


# -- 7. the turn, once passed to another person, is theirs -------------------------------------------------

def test_online_undo_takes_back_a_move_within_the_turn_but_never_once_the_turn_has_passed(server):
    """Issue 49: the host took back an End turn while the friend was away, and the turn came back.
    Within a Warigami turn a move is taken back; after End turn it is the other person's turn."""
    room, (a, b) = _seated(server, "warigami", {"units": 2})
    wires = [a, b]
    _play(a, [b], SQUAD_A)
    _play(b, [a], SQUAD_B)
    while server.call(lambda s: s.rooms[room].state.phase) == "setup":
        me = wires[a.to_move]
        _play(me, [w for w in wires if w is not me], _legal(server, room)[0])
    me = wires[a.to_move]
    other = wires[1 - a.to_move]
    moves = [x for x in _legal(server, room) if x["type"] == "Move"]
    got = _play(me, [other], moves[0])
    assert got["can_undo"] is True
    me.send({"type": "undo", "at": me.index})
    assert me.until("undone", timeout=WAIT)["index"] == me.index
    other.until("undone", timeout=WAIT)
    got = _play(me, [other], {"type": "EndTurn"})
    name = f"Player {other.seat + 1}"
    assert got["can_undo"] is False and got["undo_refusal"] == \
        f"Nothing to undo: the turn has passed to {name}, and it is theirs now."
    me.send({"type": "undo", "at": me.index})
    r = me.until("refused", "undone", timeout=WAIT)
    assert r["type"] == "refused" and r["rule"] == "UNDO" and "turn has passed" in r["message"]
    assert server.call(lambda s: s.rooms[room].state.current_player()) == other.seat


# -- 5. a handed-over seat has one controller --------------------------------------------------------------

def test_a_handed_over_seat_takes_actions_from_the_computer_only_until_its_person_takes_it_back(
        server, monkeypatch):
    """After hand_over the seat's old token still joins, but its actions are refused while the
    computer plays the seat; ``take_back`` gives the seat back, and the computer stops."""
    room, (a, b) = _seated(server, "warigami", {"units": 2})
    gate = threading.Event()
    chosen = server_mod._choose

    def held_back(*args):
        gate.wait(WAIT)  # the computer thinks until the test lets it
        return chosen(*args)

    monkeypatch.setattr(server_mod, "_choose", held_back)
    monkeypatch.setattr(server_mod, "AWAY_HANDOVER_S", 0.0)
    _presence(a, lambda seats: seats[1]["here"])  # b has come ...
    b.close()
    _presence(a, lambda seats: not seats[1]["here"])  # ... and gone
    a.send({"type": "hand_over", "seat": 1})
    seats = _presence(a, lambda seats: seats[1]["kind"] == "computer")
    _play(a, [], SQUAD_A)  # seat 1 to move: the computer's (held back)
    back = Wire(server.url)
    assert back.join(room, token=room.tokens[1] or b.token)["seat"] == 1
    back.send({"type": "act", "at": 1, "action": SQUAD_B})
    r = back.until("refused", "applied", timeout=WAIT)
    assert r["type"] == "refused" and r["kind"] == "turn" and "computer plays your seat" in r["message"]
    assert seats[1].get("handed_over") is True  # presence says whose seat it still is
    back.send({"type": "undo", "at": 1})
    assert back.until("refused", "undone", timeout=WAIT)["type"] == "refused"
    back.send({"type": "take_back"})
    seats = _presence(back, lambda seats: seats[1]["kind"] == "remote")
    assert "handed_over" not in seats[1]
    gate.set()  # the computer's choice comes too late: the seat is a person's again
    back.send({"type": "act", "at": 1, "action": SQUAD_B})
    got = back.until("applied", "refused", timeout=WAIT)
    assert got["type"] == "applied" and got["seat"] == 1 and got["action"] == SQUAD_B
    assert server.call(lambda s: s.rooms[room].session.record.actions) == [SQUAD_A, SQUAD_B]
    back.send({"type": "take_back"})
    assert back.until("error", timeout=WAIT)["code"] == "handover"


# -- legal moves: from the seat's own view ------------------------------------------------------------------

@pytest.mark.parametrize("name,settings", [("tigers", {}), ("warigami", {"units": 2}),
                                           ("amoeba", {"simultaneous": True})])
def test_legal_moves_come_from_the_seats_view_alone_and_are_legal(name, settings):
    """``legal`` lists what the seat may do, found on guesses from its own view: two games whose
    hidden parts differ but whose views are alike get the same list, and each action is legal."""
    from game.engine import Chance
    from game.net.protocol import plain

    g = registry.get(name).make_game(settings)
    s = g.new_state(11)
    rng = Chance(5)
    checked = 0
    for _ in range(120):
        if s.is_over():
            break
        seat = s.current_player()
        got = legal_for(s, seat)
        twin = type(s).from_view(g, plain(s.view(seat)), 999)  # other hidden parts, the same view
        assert legal_for(twin, seat) == got
        if got["actions"] is None:  # a continuous choice (Tigers places and moves by position)
            assert s.legal_actions() is None and not got["complete"]
        elif got["complete"]:
            assert sorted(json.dumps(a, sort_keys=True) for a in got["actions"]) == \
                sorted(json.dumps(plain(a.to_json()), sort_keys=True) for a in s.legal_actions())
        for raw in (got["actions"] or [])[:20]:
            s.clone().check(g.decode_action(raw))
        assert legal_for(s, 1 - seat if seat in (0, 1) else 0)["actions"] == []
        checked += 1
        s.apply(s.random_action(rng))
    assert checked > 20


def test_legal_tells_the_seat_to_move_its_actions_and_the_others_none(server):
    room, (a, b) = _seated(server, "warigami", {"units": 2})
    watcher = Wire(server.url)
    watcher.join(room, watch=True)
    a.send({"type": "legal"})
    got = a.until("legal", timeout=WAIT)
    assert got["seat"] == 0 and got["index"] == 0 and got["complete"] is True
    assert SQUAD_A in got["actions"] and len(got["actions"]) == len(_legal(server, room))
    b.send({"type": "legal"})
    assert b.until("legal", timeout=WAIT)["actions"] == []
    watcher.send({"type": "legal"})
    assert watcher.until("legal", timeout=WAIT)["actions"] == []
    _play(a, [b], got["actions"][0])


# -- 4. a connection that does not read ---------------------------------------------------------------------

class RawSlowReader:
    """A WebSocket client on a bare socket with a small receive buffer that never reads after the
    handshake: whatever the server sends it piles up."""

    def __init__(self, port: int) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.settimeout(WAIT)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                          .encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)  # the handshake's answer only, a byte at a time
        assert b" 101 " in head.split(b"\r\n")[0]

    def send(self, msg: dict) -> None:
        data = json.dumps(msg).encode()
        mask = os.urandom(4)
        n = len(data)
        head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big"))
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def read_to_the_end(self) -> bytes:
        """Everything the server had sent, up to the end of the line (the server closed it)."""
        got = b""
        self.sock.setblocking(True)
        self.sock.settimeout(WAIT)
        try:
            while chunk := self.sock.recv(1 << 16):
                got += chunk
        except ConnectionResetError:
            pass
        return got


@pytest.fixture
def lavish(tmp_path):
    """A server that answers every ``sync`` however often it is asked (the default answers ten a
    second, see test_a_client_asking_for_the_whole_game_in_a_loop_is_told_to_wait), so that the
    send queue alone must stop a reader that never reads."""
    st = ServerThread(tmp_path / "lavish", server_mod.Limits(heavy_rate=1e6, heavy_burst=1e6))
    st.start()
    yield st
    st.close()


def test_a_spectator_that_never_reads_is_closed_and_the_players_play_on_meanwhile(lavish):
    """The attack of issue 46: a spectator with a small receive buffer asks for ``sync`` every
    10 ms and never reads.  The players' moves go on while it is stuck (the server used to wait
    for it), and once it holds more than its send queue allows the server closes it (1008)."""
    server = lavish
    room, (a, b) = _seated(server, "amoeba", {"map": "level", "level": "flower", "players": 2})
    slow = RawSlowReader(server.port)
    slow.send(hello())
    slow.send({"type": "join", "room": room, "watch": True})
    for _ in range(300):  # ~5 MB of views asked for: more than the line holds, less than the queue
        slow.send({"type": "sync"})
        time.sleep(0.01)
    wires = [a, b]
    for _ in range(12):  # the players play on: every move reaches both of them
        me = wires[a.to_move]
        _play(me, [w for w in wires if w is not me], _legal(server, room)[-1])
    closed = False
    for _ in range(6000):
        try:
            slow.send({"type": "sync"})
        except OSError:
            closed = True  # the server has dropped the line
            break
        if server.call(lambda s: s.counts["slow"]) >= 1:
            closed = True
            break
        time.sleep(0.01)
    assert closed and server.call(lambda s: s.counts["slow"]) == 1
    assert server.call(lambda s: len(s.rooms[room].conns)) == 2  # the players stay
    tail = slow.read_to_the_end()
    assert tail  # what had been sent, then the end of the line
    _play(wires[a.to_move], [wires[1 - a.to_move]], _legal(server, room)[0])
    slow.sock.close()


def test_a_websocket_client_that_stops_reading_is_closed_with_1008(tmp_path):
    """A real WebSocket client that stops reading (its library's queue full, a small socket
    buffer) is closed with code 1008 once its send queue overflows; when it reads again it gets
    what had been sent, then the close frame."""
    from websockets.sync.client import connect

    st = ServerThread(tmp_path / "s", server_mod.Limits(send_bytes=256 * 1024, close_wait=WAIT, heavy_rate=1e6,
                                                        heavy_burst=1e6))
    st.start()
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", st.port))
    try:
        room = create(st.url, "amoeba", ["remote", "random"], {"map": "level", "level": "flower"})
        with connect(st.url, sock=sock, compression=None, max_size=None, max_queue=1) as ws:
            ws.send(json.dumps(hello()))
            ws.send(json.dumps({"type": "join", "room": room, "watch": True}))
            for _ in range(350):  # about 6 MB asked for: more than the line and the queue hold
                ws.send(json.dumps({"type": "sync"}))
            for _ in range(6000):
                if st.call(lambda s: s.counts["slow"]):
                    break
                time.sleep(0.01)
            assert st.call(lambda s: s.counts["slow"]) == 1
            with pytest.raises(ConnectionClosed) as caught:
                while True:
                    ws.recv(WAIT)
            assert caught.value.rcvd is not None and caught.value.rcvd.code == 1008
    finally:
        st.close()


def test_a_client_asking_for_the_whole_game_in_a_loop_is_told_to_wait(server):
    """A sync, legal, level or mine costs the server a whole position (milliseconds for a big map):
    past ten a second (a burst of 20) a connection is told to wait instead, and goes on."""
    room, (a, b) = _seated(server, "amoeba", {"map": "level", "level": "flower", "players": 2})
    for _ in range(60):
        a.send({"type": "sync"})
    a.settle()
    errors = [m for m in a.seen if m["type"] == "error"]
    syncs = [m for m in a.seen if m["type"] == "sync"]
    assert errors and all(m["code"] == "limit" and "too often" in m["message"] for m in errors)
    assert 20 <= len(syncs) - 1 < 60  # (the join's own sync, then the burst)
    _play(a, [b], _legal(server, room)[0])  # and the game goes on
