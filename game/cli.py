"""`paperwars`: open the game, or replay / selfplay / bench / smoke headless.

Errors in files are one clear line and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .jsonio import FileProblem, file_name, read_json
from .smoke import MAX_FRAMES as MAX_SMOKE_FRAMES


def _play(args: argparse.Namespace) -> int:
    from .ui.main import run

    return run()


def _load_record(path: Path) -> Any:
    from .records import Record
    from .saves import SAVE_FORMAT, parse_save

    data = read_json(path, "record")
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        return parse_save(data, file_name(path))
    return Record.from_json(data, f"record {file_name(path)}")


def _replay(args: argparse.Namespace) -> int:
    """Replay a record or save; a file that will not replay is one line on stderr, exit 2."""
    path = Path(args.file)
    try:
        return _replay_file(path, args)
    except FileProblem as exc:
        print(f"paperwars replay: {file_name(path)}: {exc}", file=sys.stderr)
    except (Exception, RecursionError, MemoryError):  # noqa: BLE001 - never a traceback for a file
        print(f"paperwars replay: {file_name(path)}: Paper Wars failed on this file; it was left as it is.",
              file=sys.stderr)
    return 2


def _replay_file(path: Path, args: argparse.Namespace) -> int:
    from .records import RecordError

    if args.watch:
        from .ui.main import watch

        return watch(args.file)
    try:
        record = _load_record(path)
        steps = []
        state = None
        for i, action, events, state in record.steps():
            steps.append({"index": i, "action": action.notation(), "events": [e.text for e in events]})
            if not args.json:
                print(f"{i:4d}  {action.notation()}")
                for e in events:
                    if e.text:
                        print(f"        {e.text}")
        if state is None:
            state = record.start()
    except (RecordError, FileProblem) as exc:
        print(f"paperwars replay: {file_name(path)}: {exc}", file=sys.stderr)
        return 2
    res = state.result()
    out = {"game": record.game, "actions": len(record.actions), "over": state.is_over(),
           "result": None if res is None else {"winners": list(res.winners), "text": res.text}}
    if args.json:
        out["steps"] = steps
        print(json.dumps(out, indent=1))
    else:
        print(res.text if res else f"Not finished: {state.status()}")
    return 0


def _binomial_se(wins: int, games: int) -> float:
    """The standard error of a share of ``games`` won (each game on its own seed)."""
    p = wins / games if games else 0.0
    return (p * (1 - p) / games) ** 0.5 if games else 0.0


def _selfplay(args: argparse.Namespace) -> int:
    from .jsonio import parse_json
    from .selfplay import selfplay

    try:
        settings = parse_json(args.settings) if args.settings else None
    except ValueError as exc:
        print(f"paperwars selfplay: the settings {exc}.", file=sys.stderr)
        return 2
    try:
        out = selfplay(args.game, args.games, args.players.split(","), args.seed, settings, paired=args.paired,
                       levels=args.levels, jobs=max(1, args.jobs), iterations=args.iterations)
    except KeyError as exc:
        print(f"paperwars selfplay: {exc.args[0]}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(out))
    else:
        for name, rate in out["win_rate"].items():
            print(f"{name:>10}: {rate:.3f} (standard error {out['win_rate_se'][name]:.3f})")
        print(f"{'draws':>10}: {out['draw_rate']:.3f}  ({out['games']} games of {out['game']})")
        print(f"{'by limit':>10}: {out['limit_rate']:.3f}  (games a round or stalemate limit ended)")
        if out.get("levels"):
            from .registry import get

            game = get(args.game).make_game(settings)
            for level, row in out["levels"].items():
                names = [game.player_name(i) for i in range(len(row["seats"]))]
                won = ", ".join(f"{names[i]} {w / row['games']:.3f} (se {_binomial_se(w, row['games']):.3f})"
                                for i, w in enumerate(row["seats"]))
                print(f"{level:>16}: {row['games']} games; won by seat: {won}")
    return 0


def _bench(args: argparse.Namespace) -> int:
    from .bench import bench

    out = bench(args.game, quick=args.quick, iterations=args.iterations)
    print(json.dumps(out, indent=None if args.json else 1))
    return 0


def _smoke(args: argparse.Namespace) -> int:
    from .smoke import smoke, strongest

    if args.strongest:
        return strongest(verbose=not args.quiet, seed=args.seed)
    if args.computer is not None:
        from . import registry

        lacking = [rs.title for rs in registry.rulesets() if rs.view and args.computer != "random"
                   and args.computer not in rs.agents]
        if lacking:
            print(f"paperwars smoke: there is no computer player called {args.computer!r} in {', '.join(lacking)} "
                  f"(random, ai and hard are in every game).", file=sys.stderr)
            return 2
    if args.frames < 1:
        print("paperwars smoke: --frames must be 1 or more.", file=sys.stderr)
        return 2
    return smoke(verbose=not args.quiet, games=not args.scenes, computer=args.computer, max_frames=args.frames)


def _idle_probe(args: argparse.Namespace) -> int:
    from .bench import idle_child

    idle_child(args.target)
    return 0


def _startup_probe(args: argparse.Namespace) -> int:
    from .ui.main import startup_probe

    return startup_probe()


def _serve(args: argparse.Namespace) -> int:
    from .jsonio import FileProblem
    from .net.server import run
    from .paths import data_dir

    data = Path(args.data) if args.data else data_dir() / "server"
    try:
        return run(args.host, args.port, data)
    except FileProblem as exc:  # the rooms database (game.net.store.StoreProblem): one sentence
        print(f"paperwars serve: {exc}", file=sys.stderr)
        return 2


def _settings_object(args: argparse.Namespace, command: str) -> dict[str, Any] | None:
    """``--settings`` as a JSON object ({} when not given); None after saying why it is not one."""
    from .jsonio import parse_json

    try:
        settings = parse_json(args.settings) if args.settings else {}
        if not isinstance(settings, dict):
            raise ValueError("is not a JSON object")
    except ValueError as exc:
        print(f"paperwars {command}: the settings {exc}.", file=sys.stderr)
        return None
    return settings


def _netplay(args: argparse.Namespace) -> int:
    """Create a room at URL, one headless client per seat, play to the end, print the record."""
    import asyncio

    from .net.client import Fatal, netplay, reach_problem

    settings = _settings_object(args, "netplay")
    if settings is None:
        return 2
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    try:
        out = asyncio.run(netplay(args.url, args.game, agents, settings, args.seed,
                                  Path(args.dump) if args.dump else None))
    except Fatal as exc:
        print(f"paperwars netplay: {exc}", file=sys.stderr)
        return 2
    except (OSError, TimeoutError) as exc:
        print(f"paperwars netplay: {reach_problem(args.url, exc)}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"record": out["record"], "result": out["result"]}))
    else:
        print(json.dumps(out["record"]))
        print(out["result"]["text"] if out["result"] else "No result.")
    for c in out["clients"]:
        for p in c["problems"]:
            print(f"paperwars netplay: seat {c['seat']}: {p}", file=sys.stderr)
    return 0 if out["ok"] else 1


def _room(args: argparse.Namespace) -> int:
    """Create a room at URL and print its code (then `paperwars join URL CODE` plays it)."""
    import asyncio

    from .net.client import Fatal, create_room

    settings = _settings_object(args, "room")
    if settings is None:
        return 2
    seats = [a.strip() for a in args.seats.split(",") if a.strip()]
    try:
        made = asyncio.run(create_room(args.url, args.game, seats, settings, args.seed))
    except Fatal as exc:
        print(f"paperwars room: {exc}", file=sys.stderr)
        return 2
    print(made.room)
    for seat, token in enumerate(made.tokens):  # a chosen seed: every remote seat is yours (--token)
        if token:
            print(f"seat {seat}: {token}")
    return 0


def _join(args: argparse.Namespace) -> int:
    """Open the window straight into a room: a seat (by number or token), hot seat, or watching."""
    from .net.remote import Seat
    from .ui.main import join

    seats = [Seat(token=t) for t in args.token] + [Seat(seat=n) for n in args.seat]
    if not seats and not args.watch:
        seats = [Seat()]
    size = None
    if args.size:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
            size = (w, h)
        except ValueError:
            print(f"paperwars join: --size is WIDTHxHEIGHT (e.g. 960x1040), not {args.size!r}.", file=sys.stderr)
            return 2

    def keep(url: str, room: str, seat: int, token: str) -> None:
        print(f"Seat {seat} of room {room} is yours; to come back to it: paperwars join {url} {room} --token {token}",
              flush=True)

    return join(args.url, args.room, seats, args.watch, keep, size)


def registry_levels() -> str:
    from .registry import levels_text

    return levels_text().replace("%", "%%")


def main(argv: list[str] | None = None) -> int:
    from . import __version__
    from .paths import ensure_output

    ensure_output()  # a windowed bundle has no stdout: use the parent console or a log file
    parser = argparse.ArgumentParser(prog="paperwars", description="Paper Wars: five pencil-and-paper wargames.")
    parser.add_argument("--version", action="version", version=f"paperwars {__version__}")
    sub = parser.add_subparsers(dest="cmd")
    p = sub.add_parser("replay", help="replay a record or save headless")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.add_argument("--watch", action="store_true", help="open the replay viewer in a window")
    p.set_defaults(fn=_replay)
    p = sub.add_parser("selfplay", help="computer-vs-computer games")
    p.add_argument("game")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--players", default="ai,random",
                   help="computer players, one a seat, comma-separated; the levels of the setup screen are "
                        + registry_levels())
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--settings", default="", help="JSON object of game settings")
    p.add_argument("--paired", action="store_true",
                   help="consecutive games share a seed (same map and dice) with the seats rotated")
    p.add_argument("--levels", action="store_true",
                   help="the seed groups take the shipped maps or scenarios in turn")
    p.add_argument("--jobs", type=int, default=1, help="games played at once, each in a worker process")
    p.add_argument("--iterations", type=int, default=None,
                   help="a fixed search effort for every computer player instead of its clock "
                        "(the same games on any machine, under any load)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(fn=_selfplay)
    p = sub.add_parser("bench", help="measure frame time, startup, engine and AI speed")
    p.add_argument("--game", default=None)
    p.add_argument("--json", action="store_true")
    p.add_argument("--quick", action="store_true", help="fewer samples (tests)")
    p.add_argument("--iterations", type=int, default=None,
                   help="a fixed search effort for the computer players instead of their clocks")
    p.set_defaults(fn=_bench)
    p = sub.add_parser("smoke", help="open every scene headless and play short computer games")
    p.add_argument("--quiet", action="store_true")
    p.add_argument("--strongest", action="store_true",
                   help="instead: play every shipped map and scenario to the end, the strongest level in every seat "
                        "(rules only; takes a while)")
    p.add_argument("--seed", type=int, default=1, help="with --strongest: the games' seed")
    p.add_argument("--scenes", action="store_true",
                   help="open every scene (menu, settings, each game's setup and editor) and play no game")
    p.add_argument("--computer", default=None, metavar="LEVEL",
                   help="the computer level in seat 0 of each game (default: the game's own default level)")
    p.add_argument("--frames", type=int, default=MAX_SMOKE_FRAMES, metavar="N",
                   help=f"how many frames each game may play before it is stopped (default {MAX_SMOKE_FRAMES})")
    p.set_defaults(fn=_smoke)
    p = sub.add_parser("serve", help="run a server for online games (rooms kept in --data)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0 or :: for everyone)")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--data", default="", help="folder for the rooms database (default: the user folder)")
    p.set_defaults(fn=_serve)
    p = sub.add_parser("netplay", help="play a room on a server with one computer client per seat")
    p.add_argument("url")
    p.add_argument("--game", required=True)
    p.add_argument("--agents", required=True, help="computer player per seat, e.g. random,ai")
    p.add_argument("--settings", default="", help="JSON object of game settings")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--dump", default="", help="folder for seat-N.jsonl: every message each client received")
    p.add_argument("--json", action="store_true")
    p.set_defaults(fn=_netplay)
    p = sub.add_parser("room", help="create a room on a server and print its code")
    p.add_argument("url")
    p.add_argument("game")
    p.add_argument("--seats", default="remote,remote",
                   help="per seat 'remote' (a person joins) or a computer player run on the server, e.g. remote,ai")
    p.add_argument("--settings", default="", help="JSON object of game settings")
    p.add_argument("--seed", type=int, default=None,
                   help="practice: a seed everyone is shown; you then hold every remote seat (their tokens are printed)")
    p.set_defaults(fn=_room)
    p = sub.add_parser("join", help="open the game window in a room on a server (play a seat or watch)")
    p.add_argument("url")
    p.add_argument("room", help="the room's 8-character code")
    p.add_argument("--seat", type=int, action="append", default=[],
                   help="claim this seat (twice for hot seat at this window)")
    p.add_argument("--token", action="append", default=[], help="come back to a seat you hold (its token)")
    p.add_argument("--watch", action="store_true", help="watch the game")
    p.add_argument("--size", default="", help="window size, e.g. 960x1040")
    p.set_defaults(fn=_join)
    p = sub.add_parser("startup-probe", help=argparse.SUPPRESS)
    p.set_defaults(fn=_startup_probe)
    p = sub.add_parser("idle-probe", help=argparse.SUPPRESS)  # bench: CPU of a window nobody touches
    p.add_argument("target")
    p.set_defaults(fn=_idle_probe)
    args = parser.parse_args(argv)
    if args.cmd is None:
        return _play(args)
    return int(args.fn(args))
