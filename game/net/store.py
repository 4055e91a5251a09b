"""Rooms on disk: an SQLite database (WAL) in the server's data folder.

Every accepted action is committed before anybody is told it was applied, so a server
killed at any moment (even ``kill -9``) comes back with every room's record intact.
Per-seat tokens are stored only as their SHA-256.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..jsonio import FileProblem
from ..msg import M
from ..paths import OutsideFolder, own_dir

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


#: The rooms database's version (PRAGMA user_version); MIGRATIONS[v] takes a database of
#: version v to v + 1.  Version 0 is a database of an older Paper Wars, before it was marked:
#: the same three tables, so nothing to change but the marks.
#: Version 2 (protocol 2): ``public_seed``, a room whose creator chose the seed (tests, practice:
#: every seat the creator's or a computer's) shows it to all.  SCHEMA makes version 1's tables, so
#: a new database and an old one take the same steps.
SCHEMA_VERSION = 2
MIGRATIONS: dict[int, tuple[str, ...]] = {
    0: (),
    1: ("ALTER TABLE rooms ADD COLUMN public_seed INTEGER NOT NULL DEFAULT 0",),
}
#: PRAGMA application_id of Paper Wars' rooms databases ("PWrm").
APPLICATION_ID = 0x5057726D
#: The tables (and their columns) of this version.
TABLES = {
    "rooms": {"code", "game", "rules_version", "settings", "seed", "nonce", "seats", "tokens", "pins", "over",
              "created", "updated", "public_seed"},
    "actions": {"code", "idx", "data"},
    "chat": {"code", "at", "seat", "text"},
}


def _problem(where: str, exc: sqlite3.Error) -> str:
    """A sentence for an SQLite error met while opening the database (never the exception's name)."""
    text = str(exc).lower()
    # TRANSLATORS: in these sentences {where} is "The rooms database /path/rooms.sqlite3"
    if "locked" in text or "busy" in text:
        return M("{where} is in use by another program (another Paper Wars server?); it was left as it is: close "
                 "that program, or keep the rooms in another folder.", where=where)
    if "readonly" in text or "read-only" in text or "permission" in text or "unable to open" in text:
        return M("{where} cannot be written (it or its folder is read-only); it was left as it is: let Paper Wars "
                 "write it, or keep the rooms in another folder.", where=where)
    if "disk" in text and "full" in text:
        return M("{where} cannot be written: the disk is full; free some space, then try again.", where=where)
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return M("{where} is damaged (it is not a whole SQLite database); it was left as it is: move it away to "
                 "start with no rooms.", where=where)
    # TRANSLATORS: {problem} is SQLite's own words, in English
    return M("{where} cannot be opened ({problem}); it was left as it is: move it away to start with no rooms.",
             where=where, problem=str(exc)[:80])


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


class StoreProblem(FileProblem):
    """A rooms database that cannot be used: one sentence (which file, what is wrong, what to do);
    the file is left as it is.  ``paperwars serve`` says it and exits 2; the app's host says it."""


def _tables(db: sqlite3.Connection) -> dict[str, set[str]]:
    names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    return {n: {c[1] for c in db.execute(f"PRAGMA table_info({json.dumps(n)})")} for n in names}


class Store:
    """The rooms database.  One connection, used from the server's event loop only.

    Opening it checks, before anything is written, that the file is Paper Wars' own rooms
    database (its application id, or before there was one: only our three tables) of a version
    this app reads (PRAGMA user_version: an older one is migrated, a newer one refused), that it
    is whole (quick_check), not a link, not held by another program and writable; otherwise a
    StoreProblem says so in one sentence and nothing in the file changes."""

    def __init__(self, folder: Path) -> None:
        folder = Path(folder)
        self.path = folder / "rooms.sqlite3"
        # TRANSLATORS: {path} is the database file's path
        where = M("The rooms database {path}", path=str(self.path))
        try:
            own_dir(folder)
        except OutsideFolder as exc:
            # TRANSLATORS: {problem} says which link leads out of the app's folder
            raise StoreProblem(M("{where} cannot be used: {problem}.", where=where, problem=exc.strerror or "")) \
                from None
        except OSError as exc:
            raise StoreProblem(M("The folder {folder} for the rooms database cannot be made ({problem}); let Paper "
                                 "Wars write there, or keep the rooms in another folder.", folder=str(folder),
                                 problem=str(exc.strerror or exc.__class__.__name__))) from None
        if os.path.islink(self.path):
            raise StoreProblem(M("{where} is a link (to {target}); Paper Wars keeps its rooms only in a file of its "
                                 "own, so it was left as it is: remove the link, or keep the rooms in another "
                                 "folder.", where=where, target=os.path.realpath(self.path)))
        if os.path.lexists(self.path) and not os.path.isfile(self.path):
            raise StoreProblem(M("{where} is not a file; move it away, or keep the rooms in another folder.",
                                 where=where))
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, timeout=2.0)
        except sqlite3.Error as exc:
            raise StoreProblem(_problem(where, exc)) from None
        try:
            self._open(where)
        except sqlite3.Error as exc:
            self.db.close()
            raise StoreProblem(_problem(where, exc)) from None
        except StoreProblem:
            self.db.close()
            raise

    def _open(self, where: str) -> None:
        db = self.db
        check = db.execute("PRAGMA quick_check").fetchone()
        if not check or check[0] != "ok":
            raise StoreProblem(M("{where} is damaged ({problem}); it was left as it is: move it away to start with "
                                 "no rooms.", where=where, problem=str(check[0] if check else "no answer")[:80]))
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = _tables(db)
        if app_id != APPLICATION_ID:
            ours = all(n in TABLES and cols <= TABLES[n] for n, cols in tables.items())
            if app_id != 0 or not ours:
                other = ", ".join(sorted(n for n in tables if n not in TABLES)[:3]) or "other columns"
                # TRANSLATORS: {tables} names the database's tables as they are written in it
                raise StoreProblem(M("{where} is not Paper Wars' rooms database (it holds {tables}); it was left as "
                                     "it is: move it away, or keep the rooms in another folder.", where=where,
                                     tables=other))
        if version > SCHEMA_VERSION:
            raise StoreProblem(M("{where} was made by a newer Paper Wars (rooms database version {version}, this one "
                                 "reads up to {most}); it was left as it is: update Paper Wars, or keep the rooms in "
                                 "another folder.", where=where, version=version, most=SCHEMA_VERSION))
        # Ours, of this version or an older one: set up (or migrate) and mark it ours.  These are the
        # first writes: a read-only or busy file fails here, before anything else happens.
        db.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode: a committed transaction survives the process being killed.
        db.execute("PRAGMA synchronous=NORMAL")
        with db:
            db.execute("BEGIN IMMEDIATE")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            for old in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS.get(old, ()):
                    db.execute(statement)
            db.execute(f"PRAGMA application_id={APPLICATION_ID}")
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

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
