"""Rooms on disk: an SQLite database (WAL) in the server's data folder.

Every accepted action is committed before anybody is told it was applied, so a server
killed at any moment (even ``kill -9``) comes back with every room's record intact.
Per-seat tokens are stored only as their SHA-256.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
  code TEXT PRIMARY KEY, game TEXT NOT NULL, rules_version TEXT NOT NULL, settings TEXT NOT NULL,
  seed TEXT NOT NULL, nonce TEXT NOT NULL, seats TEXT NOT NULL, tokens TEXT NOT NULL,
  pins TEXT NOT NULL DEFAULT '{}', over INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL,
  updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS actions (
  code TEXT NOT NULL, idx INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (code, idx));
CREATE TABLE IF NOT EXISTS chat (
  code TEXT NOT NULL, at REAL NOT NULL, seat INTEGER, text TEXT NOT NULL);
"""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class RoomRow:
    code: str
    game: str
    rules_version: str
    settings: dict[str, Any]
    seed: int
    nonce: str
    seats: list[str]
    tokens: list[str | None]
    pins: dict[str, Any] = field(default_factory=dict)
    over: bool = False
    actions: list[Any] = field(default_factory=list)
    #: The creator chose the seed (and holds every remote seat): it is shown to everyone.
    public_seed: bool = False


class Store:
    """The rooms database.  One connection, used from the server's event loop only."""

    def __init__(self, folder: Path) -> None:
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / "rooms.sqlite3"
        self.db = sqlite3.connect(self.path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode: a committed transaction survives the process being killed.
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        # A room whose seed its creator chose (tests, practice: every seat the creator's or a
        # computer's) shows it to all; added by protocol 2, so older databases get the column here.
        if "public_seed" not in {r[1] for r in self.db.execute("PRAGMA table_info(rooms)")}:
            self.db.execute("ALTER TABLE rooms ADD COLUMN public_seed INTEGER NOT NULL DEFAULT 0")

    def close(self) -> None:
        self.db.close()

    def create(self, row: RoomRow) -> None:
        now = time.time()
        self.db.execute("INSERT INTO rooms (code, game, rules_version, settings, seed, nonce, seats, tokens, pins, "
                        "over, created, updated, public_seed) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                        (row.code, row.game, row.rules_version, json.dumps(row.settings), str(row.seed),
                         row.nonce, json.dumps(row.seats), json.dumps(row.tokens), json.dumps(row.pins),
                         int(row.over), now, now, int(row.public_seed)))

    def exists(self, code: str) -> bool:
        return self.db.execute("SELECT 1 FROM rooms WHERE code=?", (code,)).fetchone() is not None

    def load(self, code: str) -> RoomRow | None:
        r = self.db.execute("SELECT code, game, rules_version, settings, seed, nonce, seats, tokens, pins, over, "
                            "public_seed FROM rooms WHERE code=?", (code,)).fetchone()
        if r is None:
            return None
        acts = [json.loads(d) for (d,) in self.db.execute(
            "SELECT data FROM actions WHERE code=? ORDER BY idx", (code,))]
        return RoomRow(r[0], r[1], r[2], json.loads(r[3]), int(r[4]), r[5], json.loads(r[6]), json.loads(r[7]),
                       json.loads(r[8]), bool(r[9]), acts, bool(r[10]))

    def append(self, code: str, idx: int, action: Any, over: bool) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO actions VALUES (?,?,?)", (code, idx, json.dumps(action)))
            self.db.execute("UPDATE rooms SET over=?, updated=? WHERE code=?", (int(over), time.time(), code))

    def truncate(self, code: str, length: int) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM actions WHERE code=? AND idx>=?", (code, length))
            self.db.execute("UPDATE rooms SET updated=? WHERE code=?", (time.time(), code))

    def set_seats(self, code: str, seats: list[str], tokens: list[str | None]) -> None:
        self.db.execute("UPDATE rooms SET seats=?, tokens=?, updated=? WHERE code=?",
                        (json.dumps(seats), json.dumps(tokens), time.time(), code))

    def add_chat(self, code: str, seat: int | None, text: str) -> None:
        self.db.execute("INSERT INTO chat VALUES (?,?,?,?)", (code, time.time(), seat, text))

    def chat(self, code: str, last: int = 20) -> list[tuple[int | None, str]]:
        rows = self.db.execute("SELECT seat, text FROM chat WHERE code=? ORDER BY rowid DESC LIMIT ?",
                               (code, last)).fetchall()
        return [(s, t) for s, t in reversed(rows)]

    def rooms_for_tokens(self, hashes: set[str]) -> list[str]:
        """Codes of rooms holding any of these token hashes (a player's "your games" list)."""
        out = []
        for code, tokens in self.db.execute("SELECT code, tokens FROM rooms"):
            if hashes & {t for t in json.loads(tokens) if t}:
                out.append(code)
        return out
