"""The game window's network client: a room on a server, played in the ordinary play scene.

:class:`RemoteSession` stands in for :class:`game.session.Session` in the play scene: the
state it draws is built from this window's seats' **views** only (``State.from_view``; its
guesses at hidden parts are never drawn, the views show hidden things as hidden), submitting
sends an intention (``act``) and the board changes when the server's ``applied`` comes.  One
window may hold several seats (hot seat with a remote seat): one :class:`~game.net.link.Link`
per seat.  Nothing here knows of pygame: the shell hands in ``wake`` (game/ui/online/rooms.py
opens a room, game/ui/scenes/connect.py says what is happening until the game is there; the
protocol is docs/protocol.md).
"""

from __future__ import annotations

import queue
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import registry
from ..engine import Action, Event, IllegalAction, State
from ..msg import M, Mp
from ..records import Record, RecordError
from ..saves import saves_dir, write_save
from ..session import FINAL, SECRET, write_log
from .client import setup_problem, verify_over
from .link import Link, OnToken, Seat, nobody
from .protocol import MAX_CHAT, exc_text, sentence, sentences

__all__ = ["LOST_MOVE", "OnToken", "RemoteSession", "Seat"]

#: Said when a move sent just before the line dropped never reached the server.
LOST_MOVE = M("Your last move did not reach the server before the line dropped: make it again.")
AWAY_OFFER_S = 90.0


class _Seen:
    """What one link has been told: the position, its views by index, its log, the end."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.index = -1
        self.view: Any = None
        self.to_move = -1
        self.over_flag = False
        self.can_undo = False
        #: Why this seat may not undo now, as the server says it ("" when it may).
        self.undo_refusal = ""
        self.views: dict[int, Any] = {}
        self.log: list[str] = []
        self.fold: Any = None
        self.commitment = ""
        self.problems: list[str] = []
        self.over: dict[str, Any] | None = None
        self.sent_at: int | None = None
        self.lost: int | None = None  # an action in flight when the line dropped (sent at this index)
        self.synced = False


class RemoteSession:
    """A room on a server, in the shape of :class:`game.session.Session` for the play scene.
    ``wake`` is called from the network threads after each message (the window's, to end its
    sleep); the play scene takes the messages in with ``poll``."""

    remote = True
    autosave: Path | None = None

    def __init__(self, url: str, room: str, seats: list[Seat] | None = None, watch: bool = False,
                 on_token: OnToken | None = None, wake: Callable[[], None] = nobody,
                 start: bool = True) -> None:
        self.url, self.room = url, room.strip().upper()
        claims: list[Seat | None] = [None] if watch or not seats else list(seats)
        self.links = [Link(url, self.room, c, on_token, wake) for c in claims]
        self.seen = [_Seen() for _ in self.links]
        self.watching = claims == [None]
        self.game: Any = None
        self.ruleset: Any = None
        self.state: State = None  # type: ignore[assignment]  # set by the first sync
        self.viewer = 0  # the link whose view is drawn
        #: A fresh number for the guesses ``from_view`` makes at hidden parts (never drawn).
        self.view_seed = secrets.randbits(48)
        self.presence: list[dict[str, Any]] = []
        self.presence_at = time.monotonic()
        self.chat: list[tuple[int | None, str]] = []
        self.problem = ""  # why the server cannot be reached now ("" when connected)
        self.fatal = ""
        self.verdict = ""  # the end's check, in a sentence
        self.verified: bool | None = None
        self.final: Record | None = None
        self.kept: Path | None = None
        self.keep_problem = ""
        self.waived: set[int] = set()  # away seats the player chose to wait for
        self._closed = False
        if start:
            for link in self.links:
                link.start()

    # -- the Session interface the play scene uses ----------------------------------------------
    @property
    def record(self) -> Record | None:
        """The room's whole record once the game is over (the seed stays on the server until then)."""
        return self.final

    @property
    def log(self) -> list[str]:
        return self.seen[self.viewer].log

    @property
    def seats(self) -> list[str]:
        return [self.seat_kind(i) for i in range(self.game.num_players)] if self.game else []

    @property
    def history(self) -> list[Any]:
        return []

    def local_seats(self) -> list[int]:
        return [s.seat for s in self.seen if s.seat is not None]

    def ready(self) -> bool:
        """Every link has its first position (the play scene can open)."""
        return self.state is not None and all(s.synced for s in self.seen)

    def seat_kind(self, seat: int) -> str:
        """"human" for a seat played at this window, "remote" for a person elsewhere,
        "computer" for a computer player (it runs on the server)."""
        for p in self.presence:
            if p.get("seat") == seat and p.get("kind") == "computer":
                return "computer"  # a seat handed to the computer plays on the server, even one held here
        return "human" if seat in self.local_seats() else "remote"

    def _latest(self) -> _Seen:
        return max(self.seen, key=lambda s: s.index)

    def is_human_turn(self) -> bool:
        """A seat of this window is to act, its link is connected and up to date, nothing is in flight."""
        if self.state is None or self.state.is_over() or self._closed or self.fatal:
            return False
        latest = self._latest()
        if latest.to_move < 0 or self.seat_kind(latest.to_move) != "human":
            return False
        for link, seen in zip(self.links, self.seen, strict=True):
            if seen.seat is not None and seen.seat == latest.to_move and seen.index == latest.index:
                return link.connected and seen.sent_at is None and self.seen.index(seen) == self.viewer
        return False

    def submit(self, action: Action, save: bool = True) -> None:
        """Send the intention for the seat to move.  Refused at once (IllegalAction) when the
        rules already refuse it on this window's view; else the server answers later
        (``applied`` or ``refused``, see poll).  Returns None: nothing has happened yet."""
        if self.fatal:
            raise IllegalAction("", self.fatal)  # the server let this window go (e.g. the seat was opened elsewhere)
        if not self.is_human_turn():
            raise IllegalAction("TURN", M("Wait: the server has not answered the last move yet.")
                                if any(s.sent_at is not None for s in self.seen) else M("It is not your turn."))
        trial = self.state.clone()
        try:
            trial.apply(action)
        except IllegalAction:
            raise
        except Exception:  # noqa: BLE001 - a guess that cannot try it: the server decides
            pass
        seen = self.seen[self.viewer]
        link = self.links[self.viewer]
        if not link.send({"type": "act", "at": seen.index, "action": action.to_json()}):
            raise IllegalAction("", M("Not connected to the server just now; try again when it is back."))
        seen.sent_at = seen.index
        return None

    def _undo_link(self) -> int | None:
        """The link that may take back the last action: its seat made it (the server says so),
        and at hot seat only the person to move asks, as at one screen (never another person's)."""
        if self._closed or self.state is None or self.state.is_over():
            return None
        latest = self._latest()
        able = [i for i, s in enumerate(self.seen) if s.seat is not None and s.can_undo and s.index == latest.index]
        if latest.to_move in self.local_seats() and self.seat_kind(latest.to_move) == "human":
            able = [i for i in able if self.seen[i].seat == latest.to_move]
        return able[0] if able else None

    def can_undo(self) -> bool:
        return self._undo_link() is not None

    def undo_refusal(self) -> str:
        """Why Undo does nothing now: the server's sentence for this window's seat (the end is
        final; the turn has passed to another person; a die, a card or a secret was shown)."""
        if self.watching:
            return M("Nothing to undo: you are watching this game.")
        if self.state is not None and self.state.is_over():
            return FINAL
        latest = self._latest() if self.seen else None
        said = [s.undo_refusal for s in self.seen if s.seat is not None and latest is not None
                and s.index == latest.index and s.undo_refusal]
        if said:
            return said[0]
        return M("Nothing to undo: online, only your own last action can be taken back, while the turn is still "
                 "yours, and never once it showed a die, a card, a flick's outcome or a secret.")

    def undo(self) -> bool:
        """Ask the server to take back this window's seat's last action (``undone`` follows)."""
        i = self._undo_link()
        return i is not None and self.links[i].send({"type": "undo", "at": self.seen[i].index})

    def take_autosave_problem(self) -> str:
        out, self.keep_problem = self.keep_problem, ""
        return out

    def save_as(self, path: Path) -> None:
        if self.final is None:
            raise OSError(0, "an online game is kept on the server until it is over")
        write_save(path, self.final, self.ruleset.title)

    # -- the room ----------------------------------------------------------------------------------
    def send_chat(self, text: str) -> str:
        """Send a chat line; a sentence when it cannot go ("" when sent)."""
        text = text.strip()
        if not text:
            return ""
        if len(text) > MAX_CHAT:
            return M("A chat line holds at most {most} characters.", most=MAX_CHAT)
        if not self.links[0].send({"type": "chat", "text": text}):
            return M("Not connected to the server just now: the line was not sent.")
        return ""

    def away_seats(self) -> list[tuple[int, float]]:
        """Other people's seats that are away: (seat, seconds away now)."""
        out = []
        gone = time.monotonic() - self.presence_at
        mine = self.local_seats()
        for p in self.presence:
            if p.get("kind") == "remote" and p.get("claimed") and not p.get("here") and p.get("seat") not in mine:
                out.append((int(p["seat"]), float(p.get("away_s", 0.0)) + gone))
        return out

    def handover_offer(self) -> int | None:
        """A seat away long enough that this window may hand it to the computer (None: none)."""
        if self.watching or self.state is None or self.state.is_over():
            return None
        for seat, away in self.away_seats():
            if away >= AWAY_OFFER_S and seat not in self.waived:
                return seat
        return None

    def hand_over(self, seat: int) -> bool:
        return self.links[0].send({"type": "hand_over", "seat": seat})

    def taken_over(self) -> int | None:
        """A seat of this window that was handed to the computer while its person was away (the
        computer plays it until ``take_back``); None when there is none."""
        if self.state is None or self.state.is_over() or self._closed:
            return None
        mine = self.local_seats()
        for p in self.presence:
            if p.get("handed_over") and p.get("seat") in mine:
                return int(p["seat"])
        return None

    def take_back(self) -> bool:
        """Play this window's handed-over seat again (the server stops its computer player)."""
        seat = self.taken_over()
        link = next((i for i, s in enumerate(self.seen) if s.seat is not None and s.seat == seat), None)
        return link is not None and self.links[link].send({"type": "take_back"})

    def presence_note(self, seat: int) -> str:
        """How a seat is doing, in a few words, for the margin."""
        for p in self.presence:
            if p.get("seat") != seat:
                continue
            if p.get("kind") == "computer":
                return Mp("seat", "computer, on the server")
            if seat in self.local_seats():
                return Mp("seat", "you") if len(self.local_seats()) == 1 else Mp("seat", "here")
            if not p.get("claimed"):
                return Mp("seat", "online, nobody yet")
            if p.get("here"):
                return Mp("seat", "online")
            away = dict(self.away_seats()).get(seat, 0.0)
            # TRANSLATORS: how long a player has been away, in seconds
            return Mp("seat", "away {s} s", s=int(away))
        return Mp("seat", "you") if seat in self.local_seats() else Mp("seat", "online")

    def next_change(self) -> float | None:
        """Seconds until the margin's away counters need a frame (None: nothing counts)."""
        return 1.0 if self.away_seats() and self.state is not None and not self.state.is_over() else None

    def close(self) -> None:
        """Leave the room (the seats stay this player's; the room stays open on the server)."""
        if self._closed:
            return
        self._closed = True
        for link in self.links:
            link._stop = True
        for link in self.links:
            link.close()

    # -- messages -----------------------------------------------------------------------------------
    def poll(self) -> list[tuple[Any, ...]]:
        """Take in what the links received (called by the window's thread).  Returns what the
        scene must do, in order: ("applied", events, log_before), ("reset",) (the position
        changed in another way: undo, a resync, another seat's view), ("refused", sentence,
        rule), ("note", sentence), ("over",), ("presence",), ("chat",), ("link",), ("fatal", sentence)."""
        out: list[tuple[Any, ...]] = []
        for i, link in enumerate(self.links):
            while True:
                try:
                    msg = link.inbox.get_nowait()
                except queue.Empty:
                    break
                out.extend(self._handle(i, msg))
        out.extend(self._choose_viewer())
        return out

    def _choose_viewer(self) -> list[tuple[Any, ...]]:
        """Draw the view of the local seat to move (hot seat); else keep the one drawn."""
        if self.state is None:
            return []
        latest = self._latest()
        for i, s in enumerate(self.seen):
            if s.seat is not None and s.seat == latest.to_move and s.index == latest.index and i != self.viewer:
                self.viewer = i
                self._rebuild()
                return [("reset",)]
        return []

    def _rebuild(self) -> None:
        seen = self.seen[self.viewer]
        if seen.view is None or self.game is None:
            return
        cls = type(self.game.new_state(0)) if self.state is None else type(self.state)
        self.state = cls.from_view(self.game, seen.view, self.view_seed)

    def _position(self, seen: _Seen, msg: dict[str, Any]) -> None:
        seen.index, seen.view, seen.to_move = int(msg["index"]), msg["view"], int(msg["to_move"])
        seen.over_flag, seen.can_undo = bool(msg.get("over")), bool(msg.get("can_undo"))
        seen.undo_refusal = sentence(msg.get("undo_refusal") or "", msg.get("undo_refusal_msg"))
        seen.views[seen.index] = msg["view"]

    def _handle(self, i: int, msg: dict[str, Any]) -> list[tuple[Any, ...]]:
        seen = self.seen[i]
        kind = msg.get("type")
        drawn = i == self.viewer
        try:
            if kind == "_link":
                self.problem = str(msg.get("problem", "")) if not msg.get("connected") else ""
                if not msg.get("connected"):
                    if seen.sent_at is not None:
                        seen.lost = seen.sent_at
                    seen.sent_at = None  # decided again when the position comes back
                return [("link",)]
            if kind == "_fatal":
                self.fatal = sentence(msg.get("message", M("The server refused this window.")))
                return [("fatal", self.fatal)]
            if kind == "joined":
                seen.seat = msg.get("seat") if isinstance(msg.get("seat"), int) else None
                return []
            if kind == "sync":
                if self.game is None:
                    self.ruleset = registry.get(str(msg["game"]))
                    cannot = setup_problem(self.ruleset, msg["settings"], msg.get("level_digest"))
                    if cannot:  # no game to draw: say why once (asking again would get the same answer)
                        self.fatal = cannot
                        self.close()
                        return [("fatal", self.fatal)]
                    self.game = self.ruleset.make_game(msg["settings"])
                if not seen.commitment:
                    seen.commitment = str(msg["commitment"])
                elif seen.commitment != msg["commitment"]:
                    seen.problems.append("the seed commitment changed during the game")
                if isinstance(msg.get("seat"), int):
                    seen.seat = msg["seat"]
                self._position(seen, msg)
                seen.log = sentences(msg.get("log", []), msg.get("log_msgs"))
                seen.fold = None
                seen.sent_at = None
                seen.synced = True
                if isinstance(msg.get("seats"), list):
                    self.presence, self.presence_at = msg["seats"], time.monotonic()
                if i == 0:
                    self.chat = [(c.get("seat"), str(c.get("text", ""))) for c in msg.get("chat", [])][-20:]
                if drawn or self.state is None:
                    self._rebuild()
                lost, seen.lost = seen.lost, None
                if lost is not None and seen.index == lost and seen.to_move == seen.seat:
                    return [("reset",), ("note", LOST_MOVE)]  # else it was applied before the line dropped
                return [("reset",)]
            if kind == "applied":
                if seen.sent_at is not None and msg.get("seat") == seen.seat:
                    seen.sent_at = None
                log_before = len(seen.log)
                events = [Event(str(e["kind"]), sentence(e.get("text", ""), e.get("msg")), dict(e.get("data") or {}),
                                bool(e.get("reveals"))) for e in msg.get("events", [])]
                self._log_action(seen, int(msg["seat"]), str(msg.get("notation", "")), events)
                self._position(seen, msg)
                if drawn:
                    self._rebuild()
                    return [("applied", events, log_before)]
                return []
            if kind == "undone":
                self._position(seen, msg)
                seen.sent_at = None
                self.links[i].send({"type": "sync"})  # the log as the server keeps it
                if drawn:
                    self._rebuild()
                    return [("reset",)]
                return []
            if kind == "refused":
                if seen.sent_at is not None:
                    seen.sent_at = None
                said = sentence(msg.get("message", ""), msg.get("msg"))
                if msg.get("kind") == "stale":
                    return [("note", said)]
                return [("refused", said, str(msg.get("rule", "")))]
            if kind == "presence":
                if isinstance(msg.get("seats"), list):
                    self.presence, self.presence_at = msg["seats"], time.monotonic()
                self.waived &= {s for s, _ in self.away_seats()}
                return [("presence",)]
            if kind == "chat":
                if i == 0:
                    self.chat = (self.chat + [(msg.get("seat"), str(msg.get("text", "")))])[-20:]
                    return [("chat",)]
                return []
            if kind == "over":
                seen.over = msg
                return self._finish(i)
            if kind == "error":
                return [("note", sentence(msg.get("message", M("The server refused a message.")), msg.get("msg")))]
        except (KeyError, TypeError, ValueError) as exc:
            # TRANSLATORS: {problem} is the name of a Python error (KeyError)
            return [("note", M("The server sent a message this window cannot use ({problem}); asking for the "
                               "position again.", problem=exc.__class__.__name__))] \
                if self.links[i].send({"type": "sync"}) else []
        return []

    def _log_action(self, seen: _Seen, seat: int, notation: str, events: list[Event]) -> None:
        """The log lines of an applied action, as a Session at one screen writes them."""
        name = self.game.player_name(seat) if seat >= 0 else ""
        said = SECRET if notation == SECRET else notation  # the server's words for a secret: in this window's language
        seen.fold = write_log(seen.log, seen.fold, name, said, events)
        del seen.log[:-400]

    def _finish(self, i: int) -> list[tuple[Any, ...]]:
        """The end: check the seed and the replay (as the headless clients do), keep the record."""
        seen = self.seen[i]
        assert seen.over is not None
        problems = verify_over(seen.over, seen.commitment, seen.views, seen.seat, seen.problems)
        first = self.verified is None
        self.verified = (self.verified is not False) and not problems
        if problems:
            # TRANSLATORS: {problems} lists what the check found, in English ("the seed does not match ...")
            self.verdict = M("The check failed: {problems}.", problems="; ".join(problems))
        elif self.verified:
            self.verdict = M("Checked: the seed matches the commitment given at the start, and the record "
                             "replays to every position you were shown.")
        if not first:
            return []
        try:
            self.final = Record.from_json(seen.over["record"], "room's record")
        except RecordError as exc:
            self.keep_problem = M("The room's record cannot be kept: {problem}", problem=exc_text(exc))
            return [("over",)]
        self._keep()
        return [("over",)]

    def _keep(self) -> None:
        """The finished game goes to the player's saves, like a game finished at one screen."""
        assert self.final is not None
        try:
            path = saves_dir() / time.strftime(f"{self.final.game}-online-{self.room}-finished-%Y%m%d-%H%M%S.json")
            self.save_as(path)
            self.kept = path
        except OSError as exc:
            self.keep_problem = M("The finished game could not be kept: {problem}.", problem=str(exc.strerror or exc))
