"""Whole games over the network on loopback: every game, a bad line, a killed server.

All on 127.0.0.1 with an in-process server (its own thread) or `paperwars serve` as a
child process; every wait is bounded and everything started is stopped.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys

import pytest

from game.cli import main
from game.net.client import SeatClient, create_room, netplay
from game.net.harness import ServerThread
from game.net.protocol import encode
from game.net.proxy import Proxy
from game.records import Record
from game.rules.tigers import cards as C

GAMES = [("amoeba", "random,random", {"simultaneous": True}), ("warigami", "random,random", {"units": 4}),
         ("space", "random,random", {}), ("tigers", "random,random", {}), ("invasion", "random", {})]


@pytest.fixture
def server(tmp_path):
    st = ServerThread(tmp_path / "server")
    st.start()
    yield st
    st.close()


def _replayed_result(record):
    state = Record.from_json(record).replay()
    res = state.result()
    return {"winners": list(res.winners), "text": res.text}


@pytest.mark.parametrize("name,agents,settings", GAMES)
def test_every_game_plays_to_the_end_over_the_network(server, name, agents, settings):
    """One client per seat, each from its own view: all see the same record, which replays to
    the announced result; the commitment matches the seed; the server's record is that record."""
    out = asyncio.run(netplay(server.url, name, agents.split(","), settings, seed=5, timeout=120))
    assert out["ok"], out["clients"]
    assert out["same_record"]
    assert _replayed_result(out["record"]) == out["result"]
    on_server = server.call(lambda s: encode(s.rooms[out["room"]].session.record.to_json()))
    assert on_server == encode(out["record"])


def test_netplay_command_prints_a_record_that_replays_to_the_same_result(server, tmp_path, capsys):
    dump = tmp_path / "dump"
    rc = main(["netplay", server.url, "--game", "tigers", "--agents", "random,greedy", "--seed", "9",
               "--dump", str(dump), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and set(out) == {"record", "result"}
    path = tmp_path / "final.json"
    path.write_text(json.dumps(out["record"]))
    assert main(["replay", str(path), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["result"] == out["result"]
    for seat in (0, 1):
        lines = (dump / f"seat-{seat}.jsonl").read_text().splitlines()
        kinds = [json.loads(x)["type"] for x in lines]
        assert kinds[:3] == ["welcome", "joined", "sync"] and kinds[-1] == "over"


def _hidden_tigers_cards(state):
    out = set(state.deck)
    out |= {c for h in state.hands for c, up in h if not up}
    out |= {c for cs in state.assigned.values() for c, up in cs if not up}
    out |= {c for c, up in state.recovering.values() if not up}
    return out


def _states_by_index(record):
    rec = Record.from_json(record)
    states = {0: rec.start()}
    for i, _a, _e, st in rec.steps():
        states[i + 1] = st.clone()
    return states


@pytest.mark.parametrize("seed", [2, 3])
def test_T_T2_no_byte_sent_to_a_seat_names_a_face_down_card(server, tmp_path, seed):
    """The leak oracle over the wire: every message each seat received (start, sync, every
    action, the end excepted: the record is public then) is scanned for every card that lay
    face down or in the deck at that moment."""
    out = asyncio.run(netplay(server.url, "tigers", ["random", "random"], {}, seed, tmp_path, timeout=120))
    assert out["ok"]
    states = _states_by_index(out["record"])
    scanned = 0
    for seat in (0, 1):
        for line in (tmp_path / f"seat-{seat}.jsonl").read_text().splitlines():
            msg = json.loads(line)
            if msg["type"] in ("over", "welcome") or "index" not in msg:
                continue
            hidden = _hidden_tigers_cards(states[msg["index"]])
            leaked = [c for c in hidden if f'"{c}"' in line or f"{C.label(c)}" in line]
            assert not leaked, f"seat {seat} got {leaked} in a {msg['type']} message"
            scanned += 1
    assert scanned > 50


@pytest.mark.parametrize("seed", [1, 4])
def test_A_V8_no_message_shows_another_seat_its_secret_point(server, tmp_path, seed):
    settings = {"simultaneous": True, "players": 3}
    out = asyncio.run(netplay(server.url, "amoeba", ["random"] * 3, settings, seed, tmp_path, timeout=120))
    assert out["ok"]
    states = _states_by_index(out["record"])
    secret_moments = 0
    for seat in (0, 1, 2):
        for line in (tmp_path / f"seat-{seat}.jsonl").read_text().splitlines():
            msg = json.loads(line)
            if "index" not in msg or msg["type"] == "over":
                continue
            st = states[msg["index"]]
            if st.phase != "move" or not st.pending:
                continue
            mine = st.pending.get(seat)
            for q, a in st.pending.items():
                if q == seat:
                    continue
                secret_moments += 1
                assert msg["view"]["pending"][str(q)] == "?"
                if mine is None or a != mine:
                    assert encode(a.to_json()) not in line, f"seat {seat} saw seat {q}'s point"
            if msg["type"] == "applied" and msg["seat"] != seat:
                assert msg["action"] is None
    assert secret_moments > 5


def test_games_finish_through_a_line_that_delays_splits_and_cuts(server):
    """10% of the server's sends are followed by a cut, each delayed 20-100 ms and split into
    7-byte pieces: clients reconnect with backoff and resume; records stay identical."""

    async def go():
        proxy = Proxy(server.port, delay=(0.02, 0.1), cut=0.1, split=7, seed=3)
        await proxy.start()
        try:
            url = f"ws://127.0.0.1:{proxy.port}"
            res = await netplay(url, "warigami", ["random", "random"], {"units": 6, "round_limit": 8}, 4,
                                timeout=240)
        finally:
            await proxy.stop()
        return res, proxy.cuts

    out, cuts = asyncio.run(go())
    assert out["ok"] and out["same_record"], out["clients"]
    # Every action is at least one send to each seat, so a game this long is cut many times.
    assert len(out["record"]["actions"]) > 40
    assert cuts > 0 and sum(c["reconnects"] for c in out["clients"]) > 0
    assert _replayed_result(out["record"]) == out["result"]


def test_clients_over_the_join_limit_back_off_and_still_finish(tmp_path):
    """A server that allows 4 joins per 10 s from an address, and a line cut after 10% of the
    sends: the clients are told to wait, back off and come back, and the game finishes."""
    from game.net.server import Limits

    st = ServerThread(tmp_path / "s", Limits(joins=4, join_window=1.0))
    st.start()

    async def go():
        proxy = Proxy(st.port, cut=0.1, seed=8)
        await proxy.start()
        try:
            return await netplay(f"ws://127.0.0.1:{proxy.port}", "space", ["random", "random"], {}, 2,
                                 timeout=240)
        finally:
            await proxy.stop()

    try:
        out = asyncio.run(go())
    finally:
        st.close()
    assert out["ok"], out["clients"]
    assert sum(c["reconnects"] for c in out["clients"]) > 0


def test_computer_seats_play_on_the_server(server):
    async def go():
        made = await create_room(server.url, "warigami", ["remote", "random"], {"units": 2, "round_limit": 4}, 6)
        me = SeatClient(server.url, made.room, 0, "random", seed=1, token=made.token(0))
        return await asyncio.wait_for(me.run(), 120), me

    check, me = asyncio.run(go())
    assert check["ok"]
    rec = Record.from_json(me.over["record"])
    assert rec.seats == ["human", "random"]
    assert {a["type"] for a in rec.actions} and me.over["result"]["text"]


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _spawn(port, data):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", str(port), "--data", str(data)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    line = proc.stdout.readline().decode()
    assert "Paper Wars server" in line, line
    return proc


def test_a_server_killed_mid_game_resumes_every_room_with_its_record(tmp_path):
    """`paperwars serve` is killed with SIGKILL twice mid-game and started again on the same
    database: the clients reconnect by themselves and finish; the record is whole."""
    port = _free_port()
    data = tmp_path / "db"
    proc = _spawn(port, data)
    kills = 0

    async def go():
        nonlocal proc, kills
        url = f"ws://127.0.0.1:{port}"
        made = await create_room(url, "warigami", ["remote", "remote"], {"units": 6}, 8)
        clients = [SeatClient(url, made.room, i, "random", seed=i, token=made.token(i)) for i in (0, 1)]
        task = asyncio.ensure_future(asyncio.wait_for(asyncio.gather(*(c.run() for c in clients)), 180))
        for when in (15, 60):
            while clients[0].index < when and not task.done():
                await asyncio.sleep(0.01)
            if task.done():
                break
            proc.kill()  # SIGKILL on POSIX, TerminateProcess on Windows
            proc.wait(10)
            kills += 1
            proc = await asyncio.to_thread(_spawn, port, data)
        checks = await task
        return {"ok": all(c["ok"] for c in checks), "clients": checks, "record": clients[0].over["record"],
                "result": clients[0].over["result"],
                "same_record": encode(clients[0].over["record"]) == encode(clients[1].over["record"])}

    try:
        out = asyncio.run(go())
    finally:
        proc.kill()
        proc.wait(10)
    assert kills == 2
    assert out["ok"] and out["same_record"]
    assert sum(c["reconnects"] for c in out["clients"]) >= 2
    assert _replayed_result(out["record"]) == out["result"]
    assert len(out["record"]["actions"]) > 40


def test_an_unreachable_server_is_one_clear_line(capsys):
    port = _free_port()
    rc = main(["netplay", f"ws://127.0.0.1:{port}", "--game", "space", "--agents", "random,random"])
    err = capsys.readouterr().err
    assert rc == 2 and "Nothing answers at" in err and "Traceback" not in err


def test_a_server_that_stops_while_a_computer_thinks_starts_no_other_computer_turn(tmp_path):
    """Server.stop cancels a computer seat's thinking; the cancelled turn must not start the
    next one (it did, from its `finally`, on a server whose database was closed; and a turn
    closed after its loop had ended raised 'no running event loop')."""
    from tests.net.wire import create

    st = ServerThread(tmp_path / "data")
    st.start()
    code = create(st.url, "tigers", ["hard", "hard"], seed=3)
    thinking = False
    for _ in range(500):  # wait (without a clock) until a computer seat is thinking
        thinking = st.call(lambda s: s.rooms[code]._computer is not None and not s.rooms[code]._computer.done())
        if thinking:
            break
    assert thinking
    st.stop()

    async def computer_tasks() -> list[asyncio.Task[None]]:
        for _ in range(50):
            await asyncio.sleep(0)
        return [t for t in asyncio.all_tasks() if getattr(t.get_coro(), "__qualname__", "") == "Room._computer_turn"
                and not t.done()]

    left = asyncio.run_coroutine_threadsafe(computer_tasks(), st.loop).result(30)
    st.close()
    assert left == []
