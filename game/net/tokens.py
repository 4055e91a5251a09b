"""The player's online games: the seat tokens this app holds, in a small JSON file.

A seat token is what lets the player come back to a seat of a room (docs/protocol.md,
"Seats and tokens"); the server keeps only its hash, so a token lost here is a seat lost.
The file (``online.json`` in the user data folder) is read with the guarded JSON reader and
every entry is checked: a damaged file is one sentence for the player, never a crash, and it
is never overwritten: before a new token is written the damaged file is kept beside it
(``online.damaged.json``).  The file also remembers the port the player hosts games on.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..jsonio import FileProblem, file_name, read_json, write_atomic
from ..msg import M, Mn
from ..paths import data_dir, own_dir
from .protocol import ROOM_CODE, TOKEN

FORMAT = "paperwars-online"
VERSION = 1
#: The port a hosted game listens on unless the player picks another.
DEFAULT_PORT = 8765
#: The most seats the file keeps (the oldest finished ones go first); ``mine`` asks about 100 at once.
MAX_SEATS = 500
MAX_BYTES = 512 * 1024
_URL = re.compile(r"wss?://[^\s]{1,250}")
_GAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


@dataclass(frozen=True)
class HeldSeat:
    """One seat of one room that this app may play: where, which room, which seat, its token."""

    url: str
    room: str
    seat: int
    token: str
    game: str
    #: The room lives on the server this app runs for the player (Host a game).
    hosted: bool = False

    @staticmethod
    def from_json(data: Any) -> HeldSeat:
        if not isinstance(data, dict):
            raise ValueError("an entry is not an object")
        url, room, seat, token, game = (data.get(k) for k in ("url", "room", "seat", "token", "game"))
        hosted = data.get("hosted", False)
        if not isinstance(url, str) or not _URL.fullmatch(url):
            raise ValueError("an entry has no server address")
        if not isinstance(room, str) or not ROOM_CODE.fullmatch(room):
            raise ValueError("an entry has no room code")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 16:
            raise ValueError("an entry has no seat number")
        if not isinstance(token, str) or not TOKEN.fullmatch(token):
            raise ValueError("an entry has no seat token")
        if not isinstance(game, str) or not _GAME.fullmatch(game):
            raise ValueError("an entry names no game")
        if not isinstance(hosted, bool):
            raise ValueError("an entry has a bad 'hosted' mark")
        return HeldSeat(url, room, seat, token, game, hosted)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def read_tokens(path: Path) -> TokenStore:
    """The file read whole, or FileProblem saying what in it cannot be used."""
    store = TokenStore(path)
    if store.problem:
        raise FileProblem(store._why)
    return store


class TokenStore:
    """The file of held seats.  ``problem`` is the sentence to show when the file could not
    be used (the list is then empty or partial, and the file is left as it is)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else data_dir() / "online.json"
        self.seats: list[HeldSeat] = []
        self.port = DEFAULT_PORT
        self.problem = ""
        self._damaged = False
        self._why = ""
        self.load()

    def load(self) -> None:
        self.seats, self.port, self.problem, self._damaged, self._why = [], DEFAULT_PORT, "", False, ""
        if not self.path.exists() and not self.path.is_symlink():
            return
        name = file_name(self.path)
        try:
            data = read_json(self.path, "list of your online games", MAX_BYTES)
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise FileProblem(M("The list of your online games {name} is not a Paper Wars file.", name=name))
            if data.get("version") != VERSION:
                raise FileProblem(M("The list of your online games {name} is from another version of Paper Wars (file "
                                    "version {version}, this app reads {ours}).", name=name,
                                    version=str(data.get("version"))[:12], ours=VERSION))
            seats = data.get("seats")
            if not isinstance(seats, list):
                raise FileProblem(M("The list of your online games {name} holds no list of seats.", name=name))
        except FileProblem as exc:
            self._damaged, self._why = True, str(exc)
            # TRANSLATORS: {problem} is a sentence saying why the file cannot be used
            self.problem = M("{problem} No online games are listed; the file was left as it is.", problem=str(exc))
            return
        port = data.get("port", DEFAULT_PORT)
        if isinstance(port, int) and not isinstance(port, bool) and 1 <= port <= 65535:
            self.port = port
        bad = 0
        for item in seats[:MAX_SEATS]:
            try:
                seat = HeldSeat.from_json(item)
            except ValueError:
                bad += 1
                continue
            if seat not in self.seats:
                self.seats.append(seat)
        if bad:
            self._damaged = True
            self._why = Mn("The list of your online games {name} has {n} damaged entry.",
                           "The list of your online games {name} has {n} damaged entries.", bad, name=name)
            self.problem = Mn("The list of your online games {name} has {n} damaged entry; the others are listed and "
                              "the file was left as it is.", "The list of your online games {name} has {n} damaged "
                              "entries; the others are listed and the file was left as it is.", bad, name=name)

    def save(self) -> None:
        """Write the file (atomically); a damaged file is kept beside it first (as
        online.damaged.json, the one mechanism of game.jsonio.write_atomic), never lost."""
        write_atomic(self.path, {"format": FORMAT, "version": VERSION, "port": self.port,
                                 "seats": [s.to_json() for s in self.seats[-MAX_SEATS:]]},
                     reader=read_tokens, what="list of your online games", max_bytes=MAX_BYTES)
        self._damaged = False

    def keep_problem(self) -> str:
        """Why a seat's token could not be kept in this file now ("" when it can): asked before a
        room is made or a seat is claimed, since a token the server gave and this file lost is a
        seat lost.  A temporary file is written beside it and removed (writes here are atomic)."""
        folder = self.path.parent
        try:
            own_dir(folder)
            fd, tmp = tempfile.mkstemp(prefix=self.path.name + ".", suffix=".tmp", dir=folder)
            os.close(fd)
            os.unlink(tmp)
        except OSError as exc:
            # TRANSLATORS: {folder} is a folder's path, {problem} the system's reason in English
            return M("Paper Wars cannot keep your seat's token in {folder} ({problem}), so nothing was asked of the "
                     "server: let Paper Wars write that folder, then try again.", folder=str(folder),
                     problem=exc.strerror or M("it cannot be written"))
        return ""

    def add(self, seat: HeldSeat) -> None:
        """Keep ``seat`` (a newer token for the same seat of the same room replaces the older)."""
        self.seats = [s for s in self.seats if (s.url, s.room, s.seat) != (seat.url, seat.room, seat.seat)]
        self.seats.append(seat)
        self.save()

    def forget(self, url: str, room: str) -> None:
        self.seats = [s for s in self.seats if (s.url, s.room) != (url, room)]
        self.save()

    def set_port(self, port: int) -> None:
        if port != self.port:
            self.port = port
            self.save()

    def in_room(self, url: str, room: str) -> list[HeldSeat]:
        return [s for s in self.seats if (s.url, s.room) == (url, room)]

    def by_server(self) -> dict[str, list[HeldSeat]]:
        out: dict[str, list[HeldSeat]] = {}
        for s in self.seats:
            out.setdefault(s.url, []).append(s)
        return out
