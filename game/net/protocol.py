"""The wire format of remote play: JSON objects over WebSockets (docs/protocol.md).

Every frame from the network is untrusted.  :func:`decode` reads it with the same guarded
JSON reader as files (size, nesting depth, number sizes, text without control characters)
and checks the message's fields against :data:`FIELDS` before anything else sees it; a
refusal is a :class:`BadMessage` carrying an error code and one sentence for the player.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from typing import Any

from ..jsonio import described, parse_json, show
from ..jsonio import said as exc_text
from ..msg import M, Mp, Msg

#: Bumped whenever a message changes meaning; client and server must agree (docs/protocol.md,
#: "Changes", says what each version changed).
PROTOCOL = 2
#: Largest message read (characters): a longer one gets ``error`` code ``malformed``; a long
#: game's record fits many times over.
MAX_FRAME = 256 * 1024
#: Largest frame the WebSocket layer takes at all (bytes): a longer one closes the connection
#: with code 1009 and no reply (websockets' ``max_size``), before it is read.
MAX_WIRE_FRAME = MAX_FRAME * 4
#: Longest chat line (characters).
MAX_CHAT = 200
#: Every ``error`` code the server sends (docs/protocol.md, "Errors and closing", says each).
ERROR_CODES = ("malformed", "unknown", "version", "hello", "state", "room", "seat", "token", "chat", "rate",
               "limit", "replaced", "failed", "level", "handover")
#: Error codes no reconnect can mend: a client stops and says why (``replaced``: the seat was
#: opened on a newer connection, and taking it back would pass it to and fro).
FATAL_CODES = ("version", "room", "token", "seat", "replaced")
#: Every ``refused`` kind: why an act or undo was not accepted.
REFUSAL_KINDS = ("illegal", "stale", "turn", "malformed", "undo", "limit", "failed")
ROOM_CODE = re.compile(r"[A-HJ-NP-Z2-9]{8}")
TOKEN = re.compile(r"[A-Za-z0-9_\-]{20,64}")
AGENT_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")

#: Per message type: field -> (kind, required).  Kinds: "int", "str", "bool", "obj", "list", "any".
FIELDS: dict[str, dict[str, tuple[str, bool]]] = {
    "hello": {"protocol": ("int", True), "app": ("str", True), "rules": ("obj", True)},
    "create": {"game": ("str", True), "settings": ("obj", False), "seats": ("list", True), "seed": ("int", False)},
    "join": {"room": ("str", True), "seat": ("int", False), "token": ("str", False), "watch": ("bool", False)},
    "act": {"at": ("int", True), "action": ("any", True)},
    "undo": {"at": ("int", True)},
    "chat": {"text": ("str", True)},
    "sync": {},
    "level": {},
    "hand_over": {"seat": ("int", True)},
    "take_back": {},
    "legal": {},
    "ping": {},
    "mine": {"tokens": ("list", True)},
}
#: Most seat tokens one ``mine`` message may ask about.
MAX_TOKENS = 100

_KINDS = {"int": int, "str": str, "bool": bool, "obj": dict, "list": list}


class BadMessage(ValueError):
    """A message the server (or client) will not act on: ``code`` and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def decode(frame: Any) -> dict[str, Any]:
    """One frame -> a checked message dict, or BadMessage."""
    if isinstance(frame, (bytes, bytearray, memoryview)):
        raise BadMessage("malformed", M("Messages are JSON text frames, not binary frames."))
    if not isinstance(frame, str):
        raise BadMessage("malformed", M("A message must be a JSON text frame."))
    if len(frame) > MAX_FRAME:
        raise BadMessage("malformed", M("The message is {n} characters long (at most {most}).", n=format(len(frame), ","),
                                        most=format(MAX_FRAME, ",")))
    try:
        data = parse_json(frame)
    except ValueError as exc:
        # TRANSLATORS: {problem} is what the JSON reader found, in English ("is damaged (line 1, ...)")
        raise BadMessage("malformed", M("The message cannot be read: it {problem}.", problem=exc_text(exc))) from None
    if not isinstance(data, dict):
        # TRANSLATORS: {given} is the value that came, shown as JSON
        raise BadMessage("malformed", M("A message must be a JSON object, not {given}.",
                                        given=described(data)))
    kind = data.get("type")
    if not isinstance(kind, str):
        raise BadMessage("malformed", M("A message needs a 'type' naming it."))
    spec = FIELDS.get(kind)
    if spec is None:
        raise BadMessage("unknown", M("There is no message called {name}.", name=show(kind)))
    if kind == "hello" and isinstance(data.get("protocol"), int) and data["protocol"] != PROTOCOL:
        return data  # another protocol's hello may have other fields: it is refused by its version
    extra = sorted(k for k in data if k != "type" and k not in spec)
    if extra:
        raise BadMessage("malformed", M("The message {kind} has no field {name}.", kind=kind, name=show(extra[0])))
    for name, (want, required) in spec.items():
        if name not in data:
            if required:
                raise BadMessage("malformed", M("The message {kind} needs the field '{name}'.", kind=kind, name=name))
            continue
        value = data[name]
        if want == "any":
            continue
        ok = isinstance(value, _KINDS[want]) and not (want == "int" and isinstance(value, bool))
        if not ok:
            # TRANSLATORS: {kind} a message's type, {name} its field, {want} what it must be ("a whole number")
            raise BadMessage("malformed", M("In {kind}, '{name}' must be {want}, not {given}.", kind=kind, name=name,
                                            want=_WORDS[want], given=described(value)))
        if want == "int" and not -(1 << 63) <= value < (1 << 64):
            raise BadMessage("malformed", M("In {kind}, '{name}' is out of range ({given}).", kind=kind, name=name,
                                            given=show(value)))
    return data


_WORDS = {"int": Mp("value", "a whole number"), "str": Mp("value", "text"), "bool": Mp("value", "true or false"),
          "obj": Mp("value", "an object"), "list": Mp("value", "a list")}


def encode(msg: Mapping[str, Any]) -> str:
    """A message as compact JSON text (tuples become lists; never NaN)."""
    return json.dumps(msg, separators=(",", ":"), allow_nan=False, default=_plain)


def _plain(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return to_json()
    return str(value)


def plain(value: Any) -> Any:
    """``value`` as it comes back from the wire (tuples -> lists, keys -> text)."""
    return json.loads(encode(value))


def commitment(seed: int, nonce: str) -> str:
    """The seed commitment sent at the start: SHA-256 of "seed:nonce" in hex."""
    return hashlib.sha256(f"{seed}:{nonce}".encode()).hexdigest()


def msg_data(text: Any) -> dict[str, Any] | None:
    """A sentence's message as data (:meth:`Msg.to_json`, checked to survive the wire), or None
    for a plain text (a name the player typed, notation): that travels as text only."""
    if not isinstance(text, Msg):
        return None
    data = plain(text.to_json())
    try:
        Msg.from_json(data)
    except ValueError:
        return None  # an argument the wire cannot carry (a list, an object): the English sentence goes alone
    return data if isinstance(data, dict) else None


def with_msg(out: dict[str, Any], key: str, text: Any, data_key: str | None = None) -> dict[str, Any]:
    """``out`` with ``text`` under ``key`` and, when it is a message, its data under ``data_key``
    (``key`` + "_msg" unless given): an older client reads the sentence, a newer one the message,
    so each seat reads its own language (docs/protocol.md, "Sentences and messages")."""
    out[key] = text
    data = msg_data(text)
    if data is not None:
        out[data_key or f"{key}_msg"] = data
    return out


def sentence(text: Any, data: Any = None) -> str:
    """A sentence the other side sent, as a :class:`Msg` rebuilt from its ``data`` when that is a
    valid message (the window then renders it in the player's language), else the text itself
    (an older server, a plain text, or data that does not check: never an exception)."""
    if data is not None:
        try:
            return Msg.from_json(data)
        except (ValueError, TypeError, RecursionError):
            pass
    return text if isinstance(text, str) else ("" if text is None else str(text))


def sentences(texts: Any, data: Any) -> list[str]:
    """A list of sentences (a log) with its parallel list of message data (None where plain)."""
    texts = texts if isinstance(texts, list) else []
    data = data if isinstance(data, list) and len(data) == len(texts) else [None] * len(texts)
    return [sentence(t, d) for t, d in zip(texts, data, strict=True)]


def event_json(event: Any) -> dict[str, Any]:
    """An engine Event as data: kind, sentence (and its message as data), fields (the rules' own data)."""
    out = with_msg({"kind": event.kind}, "text", event.text, "msg")
    out.update(data=plain(dict(event.data)), reveals=bool(event.reveals))
    return out
