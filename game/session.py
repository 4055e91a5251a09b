"""A game in progress: state, record, undo history, autosave.  No pygame here:
the play scene, the command line and the tests all drive games through this.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from . import locks, records, registry
from .engine import Action, Event, IllegalAction, State
from .jsonio import parse_json, show
from .limits import MAX_BYTES, MAX_VALUES
from .msg import M, Mn, Msg
from .paths import OutsideFolder
from .records import Record
from .saves import MAX_AUTOSAVES, drop_old_autosaves, new_autosave_path, outcome_of, write_save

#: The state before an action is kept whole for every SNAPSHOT_EVERY-th action and for the last
#: KEEP_RECENT; the others are rebuilt when asked for (from the nearest kept one and the record's
#: actions).  A whole state for every action made Continue of a large Tigers game take 30 s and
#: 2 GB; undo, the replay's seeking and the server read ``Step.before`` as before.
SNAPSHOT_EVERY = 16
KEEP_RECENT = 8


@dataclass
class Step:
    """One applied action and what is needed to step back over it."""

    #: The state before the action (JSON), or None: rebuilt by ``recall`` when ``before`` is read.
    snapshot: dict[str, Any] | None
    action: Action
    seat: int
    events: list[Event]
    revealed_chance: bool
    #: The action was a secret choice (simultaneous turns): the next seat must not see it.
    hidden: bool = False
    #: The action revealed secret choices of other seats (it closed a simultaneous turn).
    revealed_secret: bool = False
    #: The action showed hidden information (an event with ``reveals``: cards turned or dealt).
    revealed_hidden: bool = False
    #: The log before the action: its length, its last line (a folded event rewrites it) and the
    #: fold key, so undo takes the action's lines out of the log again.
    log_before: tuple[int, str | None, Any] = (0, None, None)
    #: Whether the action showed some seat (or a spectator) something it did not know before,
    #: found by comparing views (see :func:`showed_something`); None until asked.
    shown: bool | None = None
    recall: Callable[[], dict[str, Any]] | None = field(default=None, repr=False, compare=False)

    @property
    def before(self) -> dict[str, Any]:
        """The state before the action, as JSON."""
        if self.snapshot is None:
            assert self.recall is not None
            self.snapshot = self.recall()
        return self.snapshot


def player_profile(game: str) -> dict[str, Any]:
    """The settings a game takes from the player's profile files (Invasion's used words),
    for a game played in the app; empty for the others.  Never raises: a profile file
    that cannot be used counts as empty (its reader says why where it matters)."""
    try:
        profile = getattr(registry.get(game).game_cls, "profile_settings", None)
        return dict(profile()) if profile else {}
    except Exception:  # noqa: BLE001 - a profile file never stops a game from starting
        return {}


def write_log(log: list[str], fold: Any, name: str, said: str, events: list[Event]) -> Any:
    """Add an action's lines to ``log``; the fold key after them.  The rules' own sentences say
    what happened, the bare notation ``said`` (after the seat's ``name``) only when they are silent
    or the choice is secret; repeated adjustments of one thing (an event's "fold" key, ``fold`` the
    last one written) keep one line: the latest.  At one screen and online alike."""
    if said == SECRET or not any(e.text for e in events):
        # TRANSLATORS: a log line: a player's name, then the action's notation ("Player 2: roll")
        log.append(M("{who}: {action}", who=name, action=said) if name else said)
        fold = None
    for e in events:
        if not e.text:
            continue
        key = e.data.get("fold")
        if key is not None and key == fold and log:
            log[-1] = e.text
        else:
            log.append(e.text)
        fold = key
    return fold


#: Why undo does nothing once the game has ended (RULES.md rev 4, T-E3: the end is final).
FINAL = M("Nothing to undo: the game is over, and its end is final.")
#: Why undo does nothing over an action that showed a seat what it did not know.
SEEN = M("Nothing to undo: that action showed what was hidden, and what anyone has seen cannot be taken back.")

#: What the log writes for a secret choice (simultaneous turns) until the rules reveal it.
SECRET = M("(a secret choice)")

#: Guesses at the hidden parts tried per seat when asking whether an action showed anything.
GUESSES = 2


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=_plain)


def _plain(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    return str(value)


def showed_something(state_cls: Any, game: Any, step: Step, after: State) -> bool:
    """Whether ``step`` showed any seat (or a spectator) something it did not know before,
    whatever the rules' events say: each viewer's view after the action must follow from its
    view before and the action alone.  For every viewer from whom something was hidden, the
    hidden parts are guessed afresh (``State.from_view``) and the action applied to each guess:
    if the guess ends in another view than the real game, the outcome depended on what the
    viewer did not know, and the viewer has now seen it.  A guess that cannot be told from the
    real game, or on which the action cannot be played, counts as shown (never less safe)."""
    before = state_cls.from_json(game, step.before)
    whole = _canon({**step.before, "chance": None})
    for viewer in (None, *range(game.num_players)):
        seen_before = before.view(viewer)
        text_before = _canon(seen_before)
        if text_before == whole:
            continue  # nothing was hidden from this viewer: it cannot be shown anything new
        text_after = _canon(after.view(viewer))
        plain_before = json.loads(text_before)
        for k in range(GUESSES):
            try:
                guess = state_cls.from_view(game, plain_before, 0x5EE5 + 7919 * k)
                if _canon(guess.view(viewer)) != text_before:
                    return True
                guess.apply(step.action)
            except Exception:  # noqa: BLE001 - no fair guess to compare with: as if shown
                return True
            if _canon(guess.view(viewer)) != text_after:
                return True
    return False


def reveal_refusal(step: Step) -> str:
    """Why undo never steps back over ``step`` ('' when nothing was revealed by it): a die, card or
    flick's result, revealed secrets, or hidden cards turned (or a rule's own reason, an event's
    "final" sentence).  The same sentence at one screen and online."""
    if step.revealed_chance:
        return M("Nothing to undo: the dice, cards or flick already showed their result, and undo never re-rolls.")
    if step.revealed_secret:
        return M("Nothing to undo: the secret choices are revealed, and undo never takes them back.")
    if step.revealed_hidden:
        why = next((e.data["final"] for e in step.events if e.reveals and isinstance(e.data.get("final"), str)), None)
        if why is None:
            return M("Nothing to undo: hidden cards were turned or dealt, and undo never hides them again.")
        # TRANSLATORS: {why} is the rules' own reason, a sentence part that ends without a full stop
        return M("Nothing to undo: {why}", why=why if isinstance(why, Msg) else Msg(why))
    return ""


class Session:
    """Applies actions for a game, keeps its record, autosaves after every action."""

    def __init__(self, record: Record, autosave: Path | None | bool = True) -> None:
        self.record = record
        self.ruleset = registry.get(record.game)
        self.state: State = record.start()
        self.history: list[Step] = []
        # What chance decided before the first action (a lot for who starts), if the rules say.
        # (``opening`` holds sentences or Events; both are logged as their sentence.)
        self.log: list[str] = [t for t in (getattr(e, "text", e) for e in getattr(self.state, "opening", ()))
                               if isinstance(t, str) and t]
        self._fold: Any = None
        self.seats = list(record.seats) or ["human"] * self.state.game.num_players
        record.seats = self.seats
        #: A sentence for the screen when the autosave could not be written (see save_auto).
        self.autosave_problem = ""
        #: A sentence for the screen when this game's first autosave dropped an old game in progress.
        self.autosave_notice = ""
        self._autosave_said = ""
        #: True until the first autosave of a new game in progress (then the oldest beyond the bound go).
        self._new_slot = autosave is True
        if autosave is True:  # a game of its own: its own file among the games in progress
            self.autosave: Path | None = new_autosave_path(record.game)
        elif autosave is False:
            self.autosave = None
        else:
            self.autosave = autosave
        #: How many actions the autosave on disk holds (-1: none written by this session yet).
        self.saved_actions = -1
        #: What each action adds to the record as written (values, bytes): the record as a whole
        #: stays within what a save may hold (see _readable).
        self._sizes: list[tuple[int, int]] = []
        self._values = 0
        self._bytes = 0
        if self.autosave is not None:
            locks.acquire(self.autosave)  # one game in one window (GameOpenElsewhere otherwise)
        try:
            # Replay what the record already holds (restoring a save).
            pending, record.actions = list(record.actions), []
            for raw in pending:  # read from a file already: counted, not read back again
                self.submit(self.state.game.decode_action(raw), save=False, read=raw)
        except BaseException:
            self.close()
            raise
        if self.autosave is not None and pending and self.autosave.is_file():
            self.saved_actions = len(pending)  # restored from that file: it holds them

    @classmethod
    def new(cls, game: str, settings: dict[str, Any], seed: int, seats: list[str],
            pins: dict[str, Any] | None = None, autosave: Path | None | bool = True,
            profile: dict[str, Any] | None = None) -> Session:
        """A new game; ``profile`` (see :func:`player_profile`) reaches the rules but not the record."""
        rs = registry.get(game)
        # A setting whose default changed is always written (see Game.record_defaults): a record
        # that leaves it out means the old default.
        named = {spec.key: spec.default for spec in rs.game_cls.settings_spec if spec.key in rs.game_cls.record_defaults}
        rec = Record(game=game, settings={**named, **settings}, seed=seed, pins=dict(pins or {}),
                     rules_version=rs.game_cls.rules_version, seats=list(seats), profile=dict(profile or {}))
        # What is written must read back: the record's own reader checks it before the game
        # starts (a seed of 30 digits, a setting too long), never only when Continue is pressed.
        Record.from_json(rec.to_json(), "new game")  # each field by name (a seed of 30 digits)
        try:  # and the whole as the file reader reads it (a setting with a control character)
            parse_json(json.dumps(rec.to_json(), allow_nan=False))
        except ValueError as exc:
            raise records.RecordError(f"The new game cannot be kept in a save: its record {exc}.") from None
        return cls(rec, autosave)

    @property
    def game(self) -> Any:
        return self.state.game

    def seat_kind(self, seat: int) -> str:
        return self.seats[seat] if 0 <= seat < len(self.seats) else "human"

    def is_human_turn(self) -> bool:
        return not self.state.is_over() and not self.stopped and \
            self.seat_kind(self.state.current_player()) == "human"

    def _recall(self, k: int) -> dict[str, Any]:
        """The state before action ``k``: from the nearest earlier state kept whole, the record's
        actions applied again (the rules are deterministic: chance is in the state)."""
        j = max(0, min(k, len(self.history)) - 1)
        while j > 0 and self.history[j].snapshot is None:
            j -= 1
        base = self.history[j].snapshot
        assert base is not None  # the first action's state is always kept
        state = type(self.state).from_json(self.state.game, base)
        for raw in self.record.actions[j:k]:
            state.apply(state.game.decode_action(raw))
        return state.to_json()

    def close(self) -> None:
        """The game's window lets it go: its lock is released (the autosave stays)."""
        if self.autosave is not None:
            locks.release(self.autosave)

    def _readable(self, action: Action, read: dict[str, Any] | None = None) -> dict[str, Any]:
        """The action as the record writes it, read back the way a save is read (the guarded
        parser, then the action decoder), or IllegalAction("RECORD") saying why it would not be:
        what the game accepts, its autosave reads back (a word with a control character, a
        150,000-letter word, a record grown past what a file may hold)."""
        raw = action.to_json() if read is None else read
        try:
            text = json.dumps(raw, allow_nan=False)
            if read is None:
                self.state.game.decode_action(parse_json(text))
        except ValueError as exc:
            # TRANSLATORS: {problem} is what the record's reader found, in English
            raise IllegalAction("RECORD", M("That cannot be kept in the game's record: {problem}.",
                                            problem=show(str(exc), 160)[1:-1])) from None
        # the record as a whole: what read_json counts (values) and reads (bytes, written indented)
        n = len(self.record.actions)
        for v, b in self._sizes[n:]:  # actions taken back (undo) count no more
            self._values, self._bytes = self._values - v, self._bytes - b
        del self._sizes[n:]
        values = text.count(",") + text.count("[") + text.count("{") + 1
        size = len(text.encode("utf-8")) + 6 * values + 8
        if self._values + values > MAX_VALUES - 1000 or self._bytes + size > MAX_BYTES - 64 * 1024:
            raise IllegalAction("RECORD", M("That cannot be kept: the game's record is as large as a save may be."))
        self._sizes.append((values, size))
        self._values += values
        self._bytes += size
        return raw

    @property
    def stopped(self) -> str:
        """The sentence why the game stops here (its record holds the most actions a record may),
        "" while it goes on."""
        return self.at_limit()

    def at_limit(self) -> str:
        """Why no action can follow (the record holds the most actions a save may hold), else ""."""
        if len(self.record.actions) >= records.MAX_ACTIONS:
            return M("This game has reached {n} actions, the most a record holds, so it stops here; it is saved "
                     "as it stands.", n=format(records.MAX_ACTIONS, ","))
        return ""

    def submit(self, action: Action, save: bool = True, read: dict[str, Any] | None = None) -> list[Event]:
        """Apply an action (raises IllegalAction and changes nothing if refused).  ``read``: the
        action as a record read from a file holds it (restoring a save)."""
        limit = self.at_limit()
        if limit:  # what is written must read back
            raise IllegalAction("RECORD", limit)
        raw = self._readable(action, read)
        at = len(self.history)
        # restoring a save: the state before each action is kept only where it is always kept
        before = None if read is not None and at % SNAPSHOT_EVERY else self.state.to_json()
        log_before = (len(self.log), self.log[-1] if self.log else None, self._fold)
        draws = self.state.chance.draws
        seat = self.state.current_player()
        secrets_before = self.state.hidden_for_seat()
        events = self.state.apply(action)
        hidden = self.state.hidden_for_seat()
        self.history.append(Step(before, action, seat, events, self.state.chance.draws != draws,
                                 hidden, secrets_before and not hidden, any(e.reveals for e in events), log_before,
                                 recall=partial(self._recall, at)))
        old = at - KEEP_RECENT
        if old > 0 and old % SNAPSHOT_EVERY:
            self.history[old].snapshot = None  # rebuilt if ever needed (see Step.before)
        self.record.actions.append(raw)
        name = self.game.player_name(seat) if seat >= 0 else ""
        # A secret choice (simultaneous turns) stays out of the log until the rules reveal it.
        # The rules' own sentences say what happened; the bare notation only when they are silent.
        said = SECRET if hidden else action.notation()
        self._fold = write_log(self.log, self._fold, name, said, events)
        if save:
            self.save_auto()
        return events

    def can_undo(self) -> bool:
        return self._undo_depth()[0] > 0

    def _undoer(self) -> int:
        """The seat asking for undo: the person to move, else the last person who moved."""
        seat = self.state.current_player()
        if seat >= 0 and self.seat_kind(seat) == "human":
            return seat
        return next((st.seat for st in reversed(self.history) if self.seat_kind(st.seat) == "human"), -1)

    def step_refusal(self, i: int) -> str:
        """Why undo never steps back over ``history[i]`` ('' when it may): chance or secrets the
        rules say it revealed (:func:`reveal_refusal`), or anything any seat's view shows after it
        that the seat did not know before (:func:`showed_something`).  At one screen and online."""
        step = self.history[i]
        why = reveal_refusal(step)
        if why:
            return why
        if step.shown is None:
            after = self.state if i == len(self.history) - 1 else \
                type(self.state).from_json(self.game, self.history[i + 1].before)
            step.shown = showed_something(type(self.state), self.game, step, after)
        return SEEN if step.shown else ""

    def _undo_depth(self) -> tuple[int, str]:
        """How many steps Ctrl+Z removes, or 0 and why not: never once the game is over (its end
        is final), back to the last human decision, never past chance, never past anything a seat
        was shown (a reveal of secret choices or hidden cards), never over another seat's secret,
        never over another person's decision (hot seat); a computer's reply is taken back
        together with the move it answered."""
        if self.state.is_over():
            return 0, FINAL
        depth = 0
        undoer = self._undoer()
        for i in range(len(self.history) - 1, -1, -1):
            step = self.history[i]
            why = reveal_refusal(step)
            if why:
                return 0, why
            if step.hidden and step.seat != undoer:
                return 0, M("Nothing to undo: the last choice is another player's secret, and undo never reveals it.")
            why = self.step_refusal(i)
            if why:
                return 0, why
            if 0 <= step.seat != undoer and self.seat_kind(step.seat) == "human":
                # At one screen with several people, each takes back only their own decisions.
                # TRANSLATORS: {who} is a player's name ("Player 2", "Red")
                return 0, M("Nothing to undo: the last choice was {who}'s, and undo takes back only your own.",
                            who=self.game.player_name(step.seat))
            depth += 1
            if self.seat_kind(step.seat) == "human":
                return depth, ""
        return 0, M("Nothing to undo yet.")

    def undo_refusal(self) -> str:
        """Why Ctrl+Z does nothing now, in a sentence for the player ("" when it can undo)."""
        return self._undo_depth()[1]

    def seat_undo_refusal(self, seat: int) -> str:
        """Why ``seat`` may not take back the last action online ('' when it may): the end is
        final; only the seat that made the last action takes it back, and only while the turn
        has not passed to another person (then it is theirs); never over what any seat has seen.
        The server asks this for every seat (one action at a time)."""
        if self.state.is_over():
            return FINAL
        if not self.history:
            return M("Nothing to undo yet.")
        if self.history[-1].seat != seat:
            return M("Nothing to undo: the last action was another seat's, and undo never takes it back.")
        why = self.step_refusal(len(self.history) - 1)
        to_move = self.state.current_player()
        if not why and 0 <= to_move != seat and self.seat_kind(to_move) == "human":
            # TRANSLATORS: {who} is a player's name ("Player 2", "Red")
            why = M("Nothing to undo: the turn has passed to {who}, and it is theirs now.",
                    who=self.game.player_name(to_move))
        return why

    def undo(self) -> bool:
        depth = self._undo_depth()[0]
        if depth == 0:
            return False
        for _ in range(depth):
            step = self.history.pop()
            self.record.actions.pop()
            self.state = type(self.state).from_json(self.state.game, step.before)
        self.unlog(step)
        self.save_auto()
        return True

    def unlog(self, step: Step, note: str = "") -> None:
        """The lines of ``step`` and of everything after it leave the log (no "(undone)" trail):
        the log reads as the game now is.  Undo at one screen and on the server, where ``note``
        (who took back) follows for the seats that did not see it happen."""
        length, last, self._fold = step.log_before
        del self.log[length:]
        if self.log and last is not None:
            self.log[-1] = last
        if note:
            self.log.append(note)
            self._fold = None

    def save_auto(self) -> None:
        """Write the autosave.  A failure (disk full, the path is a folder, no permission)
        never stops the game: it leaves a sentence in ``autosave_problem`` for the screen."""
        if self.autosave is None:
            return
        try:
            write_save(self.autosave, self.record, self.ruleset.title, outcome_of(self.state), checked=True)
            self.saved_actions = len(self.record.actions)
        except (OSError, ValueError) as exc:
            why = getattr(exc, "strerror", None) or M("it could not be written")
            # TRANSLATORS: {problem} is the system's reason, in English ("No space left on device"); {path} a file
            sentence = M("Autosave failed ({problem}: {path}); the game goes on, so save it from the pause menu "
                         "(Esc).", problem=show(str(why), 60)[1:-1], path=show(str(self.autosave), 80)[1:-1])
            if isinstance(exc, OutsideFolder):  # the link is the whole story
                sentence = M("Autosave failed: {problem}; the game goes on, but is not kept.",
                             problem=why if isinstance(why, Msg) and len(why) <= 200 else show(str(why), 200)[1:-1])
            if sentence != self._autosave_said:
                self.autosave_problem = sentence
            self._autosave_said = sentence
        else:
            self._autosave_said = ""
            if self._new_slot:
                self._new_slot = False
                dropped = drop_old_autosaves(self.autosave)
                if dropped:
                    which = show("; ".join(dropped[:2]), 160)[1:-1]
                    more = len(dropped) - 2
                    # TRANSLATORS: {games} names the dropped games' files
                    self.autosave_notice = M("Only the last {most} unfinished games are kept, so the oldest was "
                                             "dropped: {games}.", most=MAX_AUTOSAVES, games=which) if more <= 0 else \
                        Mn("Only the last {most} unfinished games are kept, so the oldest were dropped: {games} and "
                           "{n} more.", "Only the last {most} unfinished games are kept, so the oldest were dropped: "
                           "{games} and {n} more.", more, most=MAX_AUTOSAVES, games=which)

    def autosave_current(self) -> bool:
        """The autosave on disk holds the game as it stands (written after its last action, and
        still there): what a crash handler may promise.  Tries once more to write it if not."""
        if self.autosave is None or self.state.is_over():
            return False  # a finished game leaves Continue (it is kept in Load game)
        if self.saved_actions != len(self.record.actions) or not self.autosave.is_file():
            self.save_auto()
        return self.saved_actions == len(self.record.actions) and self.autosave.is_file()

    def take_autosave_notice(self) -> str:
        """The dropped-game warning to show once on screen ('' when there is none new)."""
        out, self.autosave_notice = self.autosave_notice, ""
        return out

    def take_autosave_problem(self) -> str:
        """The autosave failure to show once on screen ('' when there is none new)."""
        out, self.autosave_problem = self.autosave_problem, ""
        return out

    def save_as(self, path: Path) -> None:
        write_save(path, self.record, self.ruleset.title, outcome_of(self.state))
