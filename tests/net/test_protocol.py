"""The protocol's guards: versions, tokens, turns, stale positions, undo, chat, floods,
hostile frames.  Each bad message gets an answer and no room is harmed."""

from __future__ import annotations

import json
import random

import pytest
from websockets.exceptions import ConnectionClosed

import game.net.server as server_mod
from game import __version__, registry
from game.net.harness import ServerThread
from game.net.hostile import hostile_frames
from game.net.protocol import PROTOCOL
from game.net.server import Limits
from tests.net.wire import Wire, create

SQUAD_A = {"type": "Squad", "kinds": ["smg", "medic"]}
SQUAD_B = {"type": "Squad", "kinds": ["rpg", "rpg"]}


@pytest.fixture
def server(tmp_path):
    st = ServerThread(tmp_path / "server")
    st.start()
    yield st
    st.close()


def _pair(server, game="warigami", settings=None):
    room = create(server.url, game, ["remote", "remote"], settings or {"units": 2}, 3)
    a, b = Wire(server.url), Wire(server.url)
    assert a.join(room, token=room.tokens[0])["seat"] == 0
    assert b.join(room, token=room.tokens[1])["seat"] == 1
    return room, a, b


def test_a_version_mismatch_is_refused_naming_both_versions(server):
    w = Wire(server.url, say_hello=False)
    w.send({"type": "hello", "protocol": PROTOCOL + 1, "app": "9.9.9"})
    err = w.recv()
    assert err["type"] == "error" and err["code"] == "version"
    assert f"protocol {PROTOCOL}" in err["message"] and f"protocol {PROTOCOL + 1}" in err["message"]
    assert __version__ in err["message"] and "9.9.9" in err["message"]
    with pytest.raises(ConnectionClosed):
        w.recv()


def test_a_rules_version_mismatch_is_refused_at_join_naming_both(server):
    room = create(server.url, "tigers", ["remote", "remote"])
    w = Wire(server.url, say_hello=False)
    w.send({"type": "hello", "protocol": PROTOCOL, "app": __version__, "rules": {"tigers": "0"}})
    w.recv()
    err = w.join(room)
    assert err["type"] == "error" and err["code"] == "version"
    assert "version 0" in err["message"] and f"rules version {registry.get('tigers').game_cls.rules_version}" in err["message"]


def test_seats_belong_to_their_token(server):
    room, a, b = _pair(server)
    c = Wire(server.url)
    assert c.join(room, seat=0)["code"] == "seat"  # taken
    assert c.join(room, token="x" * 32)["code"] == "token"  # not this room's
    a.close()
    again = Wire(server.url)
    assert again.join(room, token=room.tokens[0])["seat"] == 0  # the token resumes the seat
    watcher = Wire(server.url)
    assert watcher.join(room, watch=True)["seat"] is None
    watcher.send({"type": "act", "at": 0, "action": SQUAD_A})
    assert watcher.until("error")["code"] == "seat"


def test_a_seat_token_used_again_moves_the_seat_to_the_new_connection(server):
    """One seat, one player: the old connection is told why and closed; the new one plays."""
    room, a, b = _pair(server)
    again = Wire(server.url)
    assert again.join(room, token=room.tokens[0])["seat"] == 0
    err = a.until("error")
    assert err["code"] == "replaced" and "another window" in err["message"]
    with pytest.raises(ConnectionClosed):
        while True:
            a.recv()
    presence = b.until("presence")["seats"]
    assert presence[0]["here"] and presence[1]["here"]
    again.send({"type": "act", "at": 0, "action": SQUAD_A})
    assert again.until("applied")["index"] == 1


def test_level_sends_the_rooms_level_files_only_to_a_connection_in_the_room(server):
    """``level``: the files the room's game was set up from (their fingerprint is the sync's),
    nothing before a join, and nothing for a game that plays no level file."""
    from game.levels import files_digest, load_level

    w = Wire(server.url)
    w.send({"type": "level"})
    assert w.until("error")["code"] == "state"
    room = create(server.url, "tigers", ["remote", "random"], {"level": "tank_battle"})
    w.join(room, watch=True)
    w.send({"type": "sync"})
    sync = w.until("sync")
    w.send({"type": "level"})
    got = w.until("level")
    assert got["levels"] == {"tank_battle": load_level("tigers", "tank_battle")}
    assert got["level_digest"] == sync["level_digest"] == files_digest(got["levels"])
    w.close()
    pig = create(server.url, "pig", ["remote", "random"])
    w = Wire(server.url)
    w.join(pig, watch=True)
    w.send({"type": "sync"})
    assert w.until("sync")["level_digest"] == ""
    w.send({"type": "level"})
    assert w.until("level")["levels"] == {}
    w.close()


def test_a_room_on_a_level_the_server_lacks_is_refused_saying_where_to_host_it(server):
    w = Wire(server.url)
    w.send({"type": "create", "game": "tigers", "seats": ["remote", "ai"], "settings": {"level": "my_own_map"}})
    err = w.until("error")
    assert err["code"] == "room" and "my_own_map.json" in err["message"] and "This computer" in err["message"]
    w.close()


def test_out_of_turn_and_stale_actions_are_refused_and_the_room_goes_on(server):
    room, a, b = _pair(server)
    b.send({"type": "act", "at": 0, "action": SQUAD_B})
    r = b.until("refused")
    assert r["kind"] == "turn" and r["rule"] == "TURN"
    a.send({"type": "act", "at": 0, "action": SQUAD_A})
    assert a.until("applied")["index"] == 1
    a.send({"type": "act", "at": 0, "action": SQUAD_A})
    assert a.until("refused")["kind"] == "stale"
    assert a.until("sync")["index"] == 1
    b.send({"type": "act", "at": 1, "action": {"type": "Squad", "kinds": ["tank", "tank"]}})
    r = b.until("refused")
    assert r["kind"] == "illegal" and r["rule"] == "W-B2" and "tank" in r["message"]
    b.send({"type": "act", "at": 1, "action": SQUAD_B})
    assert b.until("applied")["index"] == 2


def test_W_B2_the_others_get_no_action_for_a_secret_squad(server):
    room, a, b = _pair(server)
    a.send({"type": "act", "at": 0, "action": SQUAD_A})
    mine, theirs = a.until("applied"), b.until("applied")
    assert mine["action"] == SQUAD_A
    assert theirs["action"] is None and theirs["notation"] == "(a secret choice)"
    assert theirs["view"]["squads"][0] == ["?", "?"] and "medic" not in json.dumps(theirs)


def test_undo_only_by_the_seat_that_acted_and_never_across_a_reveal(server):
    """A secret squad passes the turn (then it is the other's: see test_trust for undo within a
    turn); the other seat never takes back my action; the squads' reveal is final."""
    room, a, b = _pair(server)
    a.send({"type": "act", "at": 0, "action": SQUAD_A})
    a.until("applied"), b.until("applied")
    a.send({"type": "undo", "at": 1})
    r = a.until("refused")
    assert r["rule"] == "UNDO" and "turn has passed to Player 2" in r["message"]
    b.send({"type": "undo", "at": 1})
    r = b.until("refused")
    assert r["rule"] == "UNDO" and "another seat" in r["message"]
    b.send({"type": "act", "at": 1, "action": SQUAD_B})
    a.until("applied"), b.until("applied")
    b.send({"type": "undo", "at": 2})
    assert "revealed" in b.until("refused")["message"]
    record = server.call(lambda s: s.rooms[room].session.record.actions)
    assert record == [SQUAD_A, SQUAD_B]


def test_chat_is_length_and_rate_limited(server):
    room, a, b = _pair(server)
    a.send({"type": "chat", "text": "x" * 201})
    assert a.until("error")["code"] == "chat"
    a.send({"type": "chat", "text": "good luck"})
    assert b.until("chat") == {"type": "chat", "seat": 0, "text": "good luck"}
    for _ in range(12):
        a.send({"type": "chat", "text": "spam"})
    a.settle()  # a chat flood loses its lines (code "chat"), never the connection (code "rate")
    assert any(m.get("code") == "chat" and "more slowly" in m["message"] for m in a.seen)
    assert not any(m.get("code") == "rate" for m in a.seen)


def test_a_flood_is_closed_without_slowing_another_room(server):
    room, a, b = _pair(server)
    other = create(server.url, "space", ["remote", "remote"])
    calm = Wire(server.url)
    calm.join(other, seat=0)
    flood = Wire(server.url)
    try:
        for _ in range(5000):
            flood.send({"type": "ping"})
    except ConnectionClosed:
        pass  # dropped while still sending
    with pytest.raises(ConnectionClosed):
        for _ in range(6000):
            flood.recv()
    # The error is sent before the line is dropped (a client still sending may lose it to the reset).
    assert server.call(lambda s: s.counts["floods"]) == 1
    assert len(flood.seen) < 1000
    calm.settle()
    a.send({"type": "act", "at": 0, "action": SQUAD_A})
    assert a.until("applied")["index"] == 1


def test_joins_per_address_are_limited(tmp_path):
    st = ServerThread(tmp_path / "s", Limits(joins=3, join_window=60))
    st.start()
    try:
        room = create(st.url, "space", ["remote", "remote"])
        codes = [Wire(st.url).join(room, watch=True).get("code") for _ in range(3)]
        assert codes[:2] == [None, None] and codes[2] == "limit"
    finally:
        st.close()


def test_an_away_seat_can_be_handed_to_the_computer(server, monkeypatch):
    room, a, b = _pair(server)
    b.close()
    a.settle()
    a.send({"type": "hand_over", "seat": 1})
    assert "90 s" in a.until("error")["message"]
    monkeypatch.setattr(server_mod, "AWAY_HANDOVER_S", 0.0)
    a.send({"type": "hand_over", "seat": 1})
    pres = a.until("presence")
    assert pres["seats"][1]["kind"] == "computer"
    a.send({"type": "act", "at": 0, "action": SQUAD_A})
    a.until("applied")
    assert a.until("applied")["seat"] == 1  # the computer answered for the seat


def test_hostile_frames_are_each_answered_and_no_room_is_harmed(tmp_path):
    """400 hostile frames (the figures script sends 10,000): each gets its own error reply
    before the next ping's pong, and the room's record and view are as they were."""
    server = ServerThread(tmp_path / "s", Limits(rate=1e6, burst=1e6, joins=10_000))
    server.start()
    try:
        room, a, b = _pair(server)
        a.send({"type": "act", "at": 0, "action": SQUAD_A})
        a.until("applied"), b.until("applied")

        def look(s):
            return list(s.rooms[room].session.record.actions), s.rooms[room].state.view(None)

        before = server.call(look)
        bad = Wire(server.url)
        bad.join(room, watch=True)
        for frame in hostile_frames(random.Random(29), room, 400):
            start = len(bad.seen)
            bad.send(frame)
            bad.settle()
            replies = [m for m in bad.seen[start:] if m["type"] not in ("pong", "presence")]
            assert replies, frame  # an error for a bad frame; a chat line a mutation made valid is echoed
            assert replies[0]["type"] in ("error", "refused", "chat"), (frame, replies)
        assert server.call(look) == before
        b.send({"type": "act", "at": 1, "action": SQUAD_B})
        assert b.until("applied")["index"] == 2
    finally:
        server.close()


def test_a_player_lists_its_online_games_with_your_turn_marked(server):
    room, a, b = _pair(server)
    other = create(server.url, "space", ["remote", "remote"])
    c = Wire(server.url)
    c.join(other, seat=1)
    tokens = [room.tokens[0], c.token]
    a.close(), b.close(), c.close()  # rooms stay open when everybody leaves
    w = Wire(server.url)
    w.send({"type": "mine", "tokens": tokens})
    rooms = {r["room"]: r for r in w.until("mine")["rooms"]}
    assert set(rooms) == {room, other}
    assert rooms[room]["seat"] == 0 and rooms[room]["your_turn"] is True
    assert rooms[other]["seat"] == 1 and rooms[other]["game"] == "space"
    assert rooms[other]["your_turn"] is (server.call(lambda s: s.rooms[other].state.current_player()) == 1)
    w.send({"type": "mine", "tokens": ["not a token"]})
    assert w.until("error")["code"] == "malformed"


def test_a_server_fault_answers_the_message_and_the_connection_goes_on(server, monkeypatch):
    room, a, b = _pair(server)

    async def broken(self, conn, msg):
        raise KeyError("bug")

    monkeypatch.setattr(server_mod.Server, "_on_chat", broken)
    a.send({"type": "chat", "text": "hi"})
    err = a.until("error")
    assert err["code"] == "failed" and "nothing changed" in err["message"]
    a.send({"type": "act", "at": 0, "action": SQUAD_A})
    assert a.until("applied")["index"] == 1


def test_a_room_whose_record_no_longer_replays_is_refused_in_a_sentence(server):
    room, a, b = _pair(server)
    a.send({"type": "act", "at": 0, "action": SQUAD_A})
    a.until("applied")
    a.close(), b.close()
    server.stop()
    import sqlite3

    db = sqlite3.connect(server.data / "rooms.sqlite3")
    db.execute("UPDATE actions SET data=? WHERE code=?", ('{"type": "Squad", "kinds": ["tank"]}', room))
    db.commit()
    db.close()
    server.start()
    err = Wire(server.url).join(room, watch=True)
    assert err["code"] == "room" and room in err["message"] and "tank" in err["message"]


def test_an_event_goes_only_to_its_audience(server, monkeypatch):
    """Events carry an audience: one meant for seat 1 alone reaches seat 1, not seat 0 nor a
    spectator (the proof ruleset 'pig' is made to whisper its die to the next seat)."""
    from game.engine import Event
    from tests.toy_game import PigState

    plain_apply = PigState._apply

    def whisper(self, action):
        return [*plain_apply(self, action), Event("note", "a word for seat 2 only", {"secret": 42}, audience=(1,))]

    monkeypatch.setattr(PigState, "_apply", whisper)
    room = create(server.url, "pig", ["remote", "remote"], {}, 1)
    a, b, watcher = Wire(server.url), Wire(server.url), Wire(server.url)
    a.join(room, token=room.tokens[0]), b.join(room, token=room.tokens[1]), watcher.join(room, watch=True)
    a.send({"type": "act", "at": 0, "action": {"type": "Roll"}})
    kinds = {w: [e["kind"] for e in w.until("applied")["events"]] for w in (a, b, watcher)}
    assert "note" in kinds[b] and "note" not in kinds[a] and "note" not in kinds[watcher]
    assert "roll" in kinds[a] and "roll" in kinds[watcher]


def test_reach_problem_names_an_unknown_host_only_for_a_lookup_failure():
    import socket

    from game.net.client import reach_problem

    url = "ws://nowhere.invalid:8765"
    assert "host name" in reach_problem(url, socket.gaierror(-2, "Name or service not known"))
    assert "host name" in reach_problem(url, socket.gaierror(11001, "getaddrinfo failed"))  # Windows' words
    assert "host name" not in reach_problem(url, RuntimeError("event loop stopped inside getaddrinfo"))
