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

from ..jsonio import kind_of, parse_json, show

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
        raise BadMessage("malformed", "Messages are JSON text frames, not binary frames.")
    if not isinstance(frame, str):
        raise BadMessage("malformed", "A message must be a JSON text frame.")
    if len(frame) > MAX_FRAME:
        raise BadMessage("malformed", f"The message is {len(frame):,} characters long (at most {MAX_FRAME:,}).")
    try:
        data = parse_json(frame)
    except ValueError as exc:
        raise BadMessage("malformed", f"The message {exc}.") from None
    if not isinstance(data, dict):
        raise BadMessage("malformed", f"A message must be a JSON object, not {kind_of(data)} {show(data)}.")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise BadMessage("malformed", "A message needs a 'type' naming it.")
    spec = FIELDS.get(kind)
    if spec is None:
        raise BadMessage("unknown", f"There is no message called {show(kind)}.")
    if kind == "hello" and isinstance(data.get("protocol"), int) and data["protocol"] != PROTOCOL:
        return data  # another protocol's hello may have other fields: it is refused by its version
    extra = sorted(k for k in data if k != "type" and k not in spec)
    if extra:
        raise BadMessage("malformed", f"The message {kind} has no field {show(extra[0])}.")
    for name, (want, required) in spec.items():
        if name not in data:
            if required:
                raise BadMessage("malformed", f"The message {kind} needs the field '{name}'.")
            continue
        value = data[name]
        if want == "any":
            continue
        ok = isinstance(value, _KINDS[want]) and not (want == "int" and isinstance(value, bool))
        if not ok:
            raise BadMessage("malformed", f"In {kind}, '{name}' must be {_WORDS[want]}, not {kind_of(value)} "
                                          f"{show(value)}.")
        if want == "int" and not -(1 << 63) <= value < (1 << 64):
            raise BadMessage("malformed", f"In {kind}, '{name}' is out of range ({show(value)}).")
    return data


_WORDS = {"int": "a whole number", "str": "text", "bool": "true or false", "obj": "an object", "list": "a list"}


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


def event_json(event: Any) -> dict[str, Any]:
    """An engine Event as data: kind, sentence, fields (the rules' own data)."""
    return {"kind": event.kind, "text": event.text, "data": plain(dict(event.data)), "reveals": bool(event.reveals)}
