"""The long figures of remote play (issue 29), on loopback only: ``python -m game.net.figures``.

  games    N games per game through a proxy that cuts after 10% of the server's sends and
           delays each by 20-100 ms; every record must be byte-identical on the server and
           on every client, and replay to the announced result.
  leaks    N Tigers and N Amoeba A-V8 games; every message each seat received is scanned for
           the face-down cards / other seats' secret points of that moment.
  kill9    `paperwars serve` killed with SIGKILL N times mid-game and restarted on the same
           database; the game must finish with its record intact.
  hostile  N hostile frames, each answered; the room unharmed.
  latency  action-to-applied p99 per game, and p99 with K bot-paced rooms on one server.

Each prints one JSON line.  Keep N small on a shared machine; the process runs at low priority.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ..records import Record
from .client import SeatClient, create_room, netplay
from .protocol import encode
from .proxy import Proxy
from .server import Limits, Server

GAMES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "amoeba": (["random", "random"], {"simultaneous": True}),
    "warigami": (["random", "random"], {}),
    "space": (["random", "random"], {}),
    "tigers": (["random", "random"], {}),
    "invasion": (["random"], {}),
}
WIDE = Limits(joins=100_000, connections=10_000, rate=1e6, burst=1e6)


def _p(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))]


async def _with_server(data: Path, fn: Any) -> Any:
    server = Server(data, "127.0.0.1", 0, WIDE)
    await server.start()
    try:
        return await fn(server)
    finally:
        await server.stop()


def _replay_result(record: dict[str, Any]) -> Any:
    res = Record.from_json(record).replay().result()
    return None if res is None else {"winners": list(res.winners), "text": res.text}


async def fig_games(n: int, games: list[str], data: Path, parallel: int) -> dict[str, Any]:
    async def run(server: Server) -> dict[str, Any]:
        proxy = Proxy(server.port, delay=(0.02, 0.1), cut=0.1, seed=29)
        await proxy.start()
        url = f"ws://127.0.0.1:{proxy.port}"
        out: dict[str, Any] = {}
        sem = asyncio.Semaphore(parallel)

        async def one(name: str, seed: int) -> list[str]:
            """What went wrong in one game (nothing: identical and verified)."""
            async with sem:
                agents, settings = GAMES[name]
                try:
                    res = await netplay(url, name, agents, settings, seed, timeout=1800)
                except Exception as exc:  # noqa: BLE001 - a figure reports, it does not stop
                    return [f"seed {seed}: {type(exc).__name__}: {exc}"]
                why = [f"seed {seed}, seat {c['seat']}: {p}" for c in res["clients"] for p in c["problems"]]
                if not res["same_record"]:
                    why.append(f"seed {seed}: the clients' records differ")
                if encode(server.rooms[res["room"]].session.record.to_json()) != encode(res["record"]):
                    why.append(f"seed {seed}: the server's record differs from the clients'")
                if _replay_result(res["record"]) != res["result"]:
                    why.append(f"seed {seed}: the record replays to another result")
                return why

        for name in games:
            t0 = time.monotonic()
            whys = await asyncio.gather(*(one(name, 1000 + i) for i in range(n)))
            out[name] = {"games": n, "identical_and_verified": sum(not w for w in whys),
                         "problems": [p for w in whys for p in w][:20], "s": round(time.monotonic() - t0, 1)}
        out["cuts"] = proxy.cuts
        await proxy.stop()
        return out

    return await _with_server(data, run)


def _hidden_cards(state: Any) -> set[str]:
    out = set(state.deck)
    out |= {c for h in state.hands for c, up in h if not up}
    out |= {c for cs in state.assigned.values() for c, up in cs if not up}
    out |= {c for c, up in state.recovering.values() if not up}
    return out


def _scan(name: str, record: dict[str, Any], dumps: list[Path]) -> tuple[int, int]:
    """(messages scanned, leaks found) for one game's dumps."""
    rec = Record.from_json(record)
    states: dict[int, Any] = {0: rec.start().clone()}
    for i, _a, _e, st in rec.steps():
        states[i + 1] = st.clone()
    scanned = leaks = 0
    for seat, path in enumerate(dumps):
        for line in path.read_text(encoding="utf-8").splitlines():
            msg = json.loads(line)
            if "index" not in msg or msg["type"] == "over":
                continue
            st = states[msg["index"]]
            scanned += 1
            if name == "tigers":
                leaks += sum(1 for c in _hidden_cards(st) if f'"{c}"' in line)
            elif st.phase == "move" and st.pending:
                mine = st.pending.get(seat)
                for q, a in st.pending.items():
                    if q != seat and (msg["view"]["pending"].get(str(q)) != "?"
                                      or (a != mine and encode(a.to_json()) in line)):
                        leaks += 1
                if msg["type"] == "applied" and msg["seat"] != seat and msg["action"] is not None \
                        and states[msg["index"]].phase == "move" and st.pending:
                    leaks += 1
    return scanned, leaks


async def fig_leaks(n: int, data: Path, parallel: int) -> dict[str, Any]:
    async def run(server: Server) -> dict[str, Any]:
        url = f"ws://127.0.0.1:{server.port}"
        out: dict[str, Any] = {}
        sem = asyncio.Semaphore(parallel)
        for name, settings in (("tigers", {}), ("amoeba", {"simultaneous": True, "players": 3})):
            totals = {"games": 0, "messages": 0, "leaks": 0}

            async def one(seed: int, name: str = name, settings: dict[str, Any] = settings,
                          totals: dict[str, int] = totals) -> None:
                async with sem:
                    folder = Path(tempfile.mkdtemp(prefix="pw-leak-", dir=data))
                    seats = 2 if name == "tigers" else 3
                    res = await netplay(url, name, ["random"] * seats, settings, seed, folder, timeout=1800)
                    scanned, leaks = _scan(name, res["record"], [folder / f"seat-{i}.jsonl" for i in range(seats)])
                    totals["games"] += 1
                    totals["messages"] += scanned
                    totals["leaks"] += leaks

            await asyncio.gather(*(one(s) for s in range(n)))
            out[name] = totals
            print(json.dumps({name: totals}), file=sys.stderr, flush=True)  # a long run shows each half
        return out

    return await _with_server(data, run)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _spawn(port: int, data: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", str(port), "--data", str(data)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout is not None
    proc.stdout.readline()
    return proc


async def fig_kill9(n: int, data: Path) -> dict[str, Any]:
    """`paperwars serve` killed N times while a room of every game is mid-game (a finished room is
    replaced by a new one of the same game); every room must finish with its record intact."""
    port = _free_port()
    proc = _spawn(port, data)
    url = f"ws://127.0.0.1:{port}"
    kills = 0
    rooms: list[tuple[str, list[SeatClient], Any]] = []
    live: dict[str, tuple[list[SeatClient], Any]] = {}
    seed = 77

    async def open_room(name: str) -> None:
        nonlocal seed
        seed += 1
        agents, settings = GAMES[name]
        made = await create_room(url, name, ["remote"] * len(agents), settings, seed)
        clients = [SeatClient(url, made.room, i, agent, seed=seed * 10 + i, token=made.token(i))
                   for i, agent in enumerate(agents)]
        task = asyncio.ensure_future(asyncio.gather(*(c.run() for c in clients)))
        rooms.append((name, clients, task))
        live[name] = (clients, task)

    def progress() -> int:
        return sum(c[0].index for c, _t in live.values())

    try:
        for name in GAMES:
            await open_room(name)
        rng = random.Random(5)
        while kills < n:
            target = progress() + rng.randint(3, 12)
            while progress() < target and not all(t.done() for _c, t in live.values()):
                await asyncio.sleep(0.002)
            proc.kill()  # SIGKILL on POSIX, TerminateProcess on Windows
            proc.wait()
            kills += 1
            proc = await asyncio.to_thread(_spawn, port, data)
            for name, (_clients, task) in list(live.items()):
                if task.done() and kills < n:
                    await open_room(name)
        results = []
        for name, clients, task in rooms:
            checks = await asyncio.wait_for(task, 900)
            overs = [c.over for c in clients]
            first = overs[0]
            rec = first["record"] if first else None
            same = rec is not None and all(o is not None and encode(o["record"]) == encode(rec) for o in overs)
            results.append({"game": name, "finished": rec is not None, "verified": all(c["ok"] for c in checks),
                            "same_record": same, "actions": len(rec["actions"]) if rec else 0,
                            "reconnects": sum(c["reconnects"] for c in checks),
                            "replays_to_result": rec is not None and first is not None and _replay_result(rec) == first["result"]})
        keys = ("finished", "verified", "same_record", "replays_to_result")
        return {"kills": kills, "rooms": len(results),
                "rooms_intact": sum(all(r[k] for k in keys) for r in results),
                "actions": sum(r["actions"] for r in results),
                "reconnects": sum(r["reconnects"] for r in results),
                "per_game": {g: sum(1 for r in results if r["game"] == g) for g in GAMES},
                "bad": [r for r in results if not all(r[k] for k in keys)]}
    finally:
        proc.kill()
        proc.wait()


async def fig_hostile(n: int, data: Path) -> dict[str, Any]:
    from websockets.asyncio.client import connect

    from .client import hello
    from .hostile import hostile_frames

    async def run(server: Server) -> dict[str, Any]:
        url = f"ws://127.0.0.1:{server.port}"
        room = (await create_room(url, "warigami", ["remote", "remote"], {"units": 2}, 1)).room
        before = encode(server.rooms[room].state.view(None))
        answered = closed = 0
        ws = None
        for frame in hostile_frames(random.Random(7), room, n):
            if ws is None:
                ws = await connect(url, compression=None, max_size=None)
                await ws.send(encode(hello()))
                await ws.recv()
                await ws.send(encode({"type": "join", "room": room, "watch": True}))
                while json.loads(await ws.recv())["type"] != "sync":
                    pass
            try:
                await ws.send(frame)
                await ws.send('{"type":"ping"}')
                got = []
                while True:
                    m = json.loads(await ws.recv())
                    if m["type"] == "pong":
                        break
                    got.append(m["type"])
                answered += bool(set(got) & {"error", "refused", "chat"})
            except Exception:  # noqa: BLE001 - a closed line is an answer too
                closed += 1
                answered += 1
                ws = None
        unharmed = encode(server.rooms[room].state.view(None)) == before and not server.rooms[room].index
        return {"frames": n, "answered": answered, "closed": closed, "room_unharmed": unharmed}

    return await _with_server(data, run)


async def bots(url: str, game: str, rooms: int, pace: float, seconds: float) -> dict[str, Any]:
    """K rooms of ``game`` with one paced bot per seat, for ``seconds`` (0: to the end)."""
    agents, settings = GAMES[game]
    made = [await create_room(url, game, ["remote"] * len(agents), settings, i) for i in range(rooms)]
    clients = [SeatClient(url, m.room, i, a, seed=j * 7 + i, pace=pace, token=m.token(i))
               for j, m in enumerate(made) for i, a in enumerate(agents)]
    tasks = [asyncio.ensure_future(c.run()) for c in clients]
    if seconds:
        await asyncio.sleep(seconds)
        for t in tasks:
            t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"latencies": [t for c in clients for t in c.latencies]}


def _bots_process(url: str, game: str, rooms: int, pace: float, seconds: float) -> list[float]:
    out = subprocess.run([sys.executable, "-m", "game.net.figures", "bots", "--url", url, "--games", game,
                          "-n", str(rooms), "--pace", str(pace), "--seconds", str(seconds)],
                         capture_output=True, text=True, check=True)
    return list(json.loads(out.stdout)["latencies"])


async def seat_bot(url: str, room: str, seat: int, agent: str, seed: int, token: str | None = None) -> dict[str, Any]:
    """One seat of one room, played to the end by one client (the latency figure's child)."""
    client = SeatClient(url, room, seat, agent, seed=seed, token=token or None)
    await client.run()
    return {"latencies": client.latencies}


def _seat_processes(url: str, game: str, seed: int) -> list[float]:
    """One room of ``game`` with one process per seat, as players would be: no bot waits for
    another's thinking in its own interpreter.  The latencies every seat saw."""
    agents, settings = GAMES[game]
    made = asyncio.run(create_room(url, game, ["remote"] * len(agents), settings, seed))
    procs = [subprocess.Popen([sys.executable, "-m", "game.net.figures", "seat", "--url", url, "--room", made.room,
                               "--seat", str(i), "--agent", a, "--seed", str(seed * 7 + i),
                               "--token", made.token(i) or ""],
                              stdout=subprocess.PIPE, text=True) for i, a in enumerate(agents)]
    lat: list[float] = []
    for proc in procs:
        out, _ = proc.communicate(timeout=1800)
        lat += json.loads(out)["latencies"]
    return lat


def fig_latency(games: list[str], rooms: list[int], pace: float, data: Path, n: int = 5) -> dict[str, Any]:
    """The server in this process (its own thread); every seat's bot in a process of its own,
    so that a bot's thinking never shares the server's interpreter or another seat's.  Per
    game ``n`` whole games one after the other; then K paced Warigami rooms at once (their bots
    share one process per figure).  Two figures per run: what the bots saw (send to ``applied``
    received) and what the server spent (intention in to last ``applied`` out)."""
    from .harness import ServerThread

    st = ServerThread(data / "latency", WIDE)
    st.start()
    out: dict[str, Any] = {"per_game_ms": {}, "rooms": {}}

    def row(lat: list[float], server: list[float]) -> dict[str, Any]:
        return {"actions": len(lat), "client_p50": round(_p(lat, 0.5) * 1000, 2),
                "client_p99": round(_p(lat, 0.99) * 1000, 2), "server_p50": round(_p(server, 0.5) * 1000, 2),
                "server_p99": round(_p(server, 0.99) * 1000, 2)}

    try:
        for name in games:
            st.call(lambda s: s.act_times.clear())
            lat = [t for g in range(n) for t in _seat_processes(st.url, name, 2900 + g)]
            out["per_game_ms"][name] = row(lat, st.call(lambda s: list(s.act_times)))
        for k in rooms:
            st.call(lambda s: s.act_times.clear())
            lat = _bots_process(st.url, "warigami", k, pace, 20.0)
            out["rooms"][k] = row(lat, st.call(lambda s: list(s.act_times)))
    finally:
        st.close()
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.net.figures")
    p.add_argument("figure", choices=["games", "leaks", "kill9", "hostile", "latency", "bots", "seat"])
    p.add_argument("--url", default="")
    p.add_argument("--room", default="")
    p.add_argument("--seat", type=int, default=0)
    p.add_argument("--agent", default="random")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--token", default="", help="seat: the seat's token (a room with a chosen seed)")
    p.add_argument("--seconds", type=float, default=0.0)
    p.add_argument("-n", type=int, default=10)
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--parallel", type=int, default=8)
    p.add_argument("--rooms", default="10,50,100")
    p.add_argument("--pace", type=float, default=1.0, help="seconds a paced bot thinks per action")
    args = p.parse_args(argv)
    try:
        os.nice(10)
    except OSError:
        pass
    if args.figure == "bots":  # the latency figure's child process
        print(json.dumps(asyncio.run(bots(args.url, args.games, args.n, args.pace, args.seconds))))
        return 0
    if args.figure == "seat":  # one seat of the latency figure's rooms
        print(json.dumps(asyncio.run(seat_bot(args.url, args.room, args.seat, args.agent, args.seed, args.token))))
        return 0
    games = args.games.split(",")
    with tempfile.TemporaryDirectory(prefix="pw-fig-") as tmp:
        data = Path(tmp)
        t0 = time.monotonic()
        if args.figure == "games":
            out = asyncio.run(fig_games(args.n, games, data, args.parallel))
        elif args.figure == "leaks":
            out = asyncio.run(fig_leaks(args.n, data, args.parallel))
        elif args.figure == "kill9":
            out = asyncio.run(fig_kill9(args.n, data))
        elif args.figure == "hostile":
            out = asyncio.run(fig_hostile(args.n, data))
        else:
            out = fig_latency(games, [int(r) for r in args.rooms.split(",") if r], args.pace, data, args.n)
        out["seconds"] = round(time.monotonic() - t0, 1)
    print(json.dumps({args.figure: out}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
