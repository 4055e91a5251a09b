"""What the app accepts is what it reads back: every limit on text, in one place.

The readers (game.jsonio for every file, the action decoder in game.engine, the records, the
campaign, the levels) and the text fields the player types into (game.ui.widgets.TextField)
take their limits from here, so a field never accepts what a reader would refuse: a word or
a name pasted with a control character, or 150,000 letters long, is cleaned (and the player
told) in the field, and refused by the reader if it came some other way.  It imports only game.msg: the
rules, the engine and the readers all use it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .msg import N_, M, Mn, Mp, Msg

#: Largest file read (bytes), unless its reader says less.  A long game's record is well under 1 MB.
MAX_BYTES = 16 * 1024 * 1024
#: Deepest nesting of lists and objects any Paper Wars file uses is 5; this leaves room.
MAX_DEPTH = 32
#: Whole numbers: at most this many digits (seeds are 64-bit).
MAX_DIGITS = 20
#: Longest text value in a file.
MAX_TEXT = 200_000
#: Longest key of an object in a file.
MAX_KEY = 200
#: Most values (numbers, texts, lists, objects) a file may hold: 16 MB of "{}" would make
#: 5 million objects (10 s, 800 MB).  A record of 50,000 actions holds about 300,000.
MAX_VALUES = 500_000
#: Longest text in one action of a record (an imported Invasion game is the longest).
MAX_ACTION_TEXT = 100_000
#: Longest text value of a setting in a record (settings are never nested).
MAX_SETTING_TEXT = 200

#: Characters a text value may not hold: NUL and the other C0 controls (tab, newline and
#: carriage return excepted), DEL, and lone surrogates (which are not text at all).
BAD_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
#: What a one-line field never holds: every control character (tab and newline too: a field
#: is one line), DEL, the C1 controls, and lone surrogates.
FIELD_BAD = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


@dataclass(frozen=True)
class Field:
    """A kind of text field: how many characters it takes and what the player calls it."""

    limit: int
    what: str


#: Every kind of text field in the app, with the most characters it takes (never more than
#: its reader accepts: a record's setting 200, a campaign name 64, a level name 40 ...).
FIELDS: dict[str, Field] = {
    "word": Field(40, N_("the word")),                    # Paper Invasion's word (I-S1); an action text
    "team": Field(24, N_("the name")),                    # Paper Invasion's Custom heroes and enemies
    "commander": Field(24, N_("a commander's name")),     # Paper Tigers campaign (read back up to 64)
    "level_name": Field(40, N_("a level name")),          # the editors (game.levels: 1 to 40 letters)
    "address": Field(250, N_("a server address")),        # Play online (game.net.lobby.server_url)
    "room": Field(16, N_("a room code")),                 # 8 letters and digits, spaces and dashes allowed
    "port": Field(5, N_("a port")),
    "seed": Field(MAX_DIGITS, N_("a seed")),
    "setting": Field(MAX_SETTING_TEXT, N_("a setting")),  # a record's setting text
    "chat": Field(200, N_("a chat line")),                # game.net.protocol.MAX_CHAT
}
#: The campaign file's names: at most this long when read back (the field writes 24, the
#: computer seats "Computer (<player>)").
MAX_CAMPAIGN_NAME = 64


def text_problem(value: str, what: str, limit: int = MAX_TEXT) -> str | None:
    """Why ``value`` is not acceptable text, as a phrase starting with ``what`` (None when it is
    acceptable); with ``what`` empty the phrase starts with "holds" or "has"."""
    if len(value) > limit:
        if not what:
            return M("has a text of {n} characters (at most {most})", n=format(len(value), ","),
                     most=format(limit, ","))
        # TRANSLATORS: {what} names the text ("the field 'word'"), {n} and {most} are counts
        return M("{what} is {n} characters long (at most {most})", what=what, n=format(len(value), ","),
                 most=format(limit, ","))
    bad = BAD_CHARS.search(value)
    if bad:
        ch = bad.group(0)
        name = Mp("text", "a NUL character") if ch == "\x00" else (
            Mp("text", "a lone surrogate") if "\ud800" <= ch <= "\udfff" else Mp("text", "a control character"))
        if not what:
            return M("holds {char} ({given})", char=name, given=_short(value))
        # TRANSLATORS: {char} is "a control character" (or "a NUL character"), {given} the text, shortened
        return M("{what} holds {char} ({given})", what=what, char=name, given=_short(value))
    return None


def _short(value: str, limit: int = 40) -> str:
    """A short rendering with every control character escaped (never raises)."""
    text = "".join(c if not (BAD_CHARS.match(c) or c in "\n\t\r") else f"\\x{ord(c):02x}" if ord(c) < 256
                   else f"\\u{ord(c):04x}" for c in value[: limit + 1])
    return f"'{text[:limit]}…'" if len(value) > limit or len(text) > limit else f"'{text}'"


def clean_field(text: str, kind: str) -> tuple[str, str]:
    """``text`` as the field of that kind keeps it, and a sentence saying what was changed
    ("" when nothing was): control characters left out, the rest cut to the field's limit."""
    spec = FIELDS[kind]
    dropped = len(FIELD_BAD.findall(text))
    clean = FIELD_BAD.sub("", text)
    what = Msg(spec.what)  # the field's words, said in the player's language where drawn
    notes: list[str] = []
    if dropped:
        notes.append(Mn("{n} control character was left out", "{n} control characters were left out", dropped))
    if len(clean) > spec.limit:
        # TRANSLATORS: {what} names the field ("the word", "a chat line")
        notes.append(M("it was cut to {most} characters, the most {what} may have", most=spec.limit, what=what))
        clean = clean[: spec.limit]
    if not notes:
        return clean, ""
    if len(notes) == 2:
        return clean, M("The text put into {what} was cleaned: {first} and {second}.", what=what, first=notes[0],
                        second=notes[1])
    return clean, M("The text put into {what} was cleaned: {change}.", what=what, change=notes[0])
