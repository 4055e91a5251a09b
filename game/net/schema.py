"""The protocol's message schema (JSON Schema, draft 2020-12), generated from the code.

What a client may send comes from :data:`protocol.FIELDS` (the table the server's decoder
checks, one entry per ``_on_<type>`` handler), refined by :data:`CLIENT_DETAIL`; an ``act``'s
action from every game's action dataclasses (their field annotations, as ``engine.decode_action``
checks them); a ``create``'s settings from each game's ``settings_spec`` and its seats from the
computer players each game offers.  What the server sends is described by :data:`SERVER`.
``docs/protocol.schema.json`` is this schema and the games' section of ``docs/protocol.md`` is
written from the same data (``python -m game.net.schema`` writes both); a test checks that both
are current and that a real server's messages validate against the schema, so the documents
and the code cannot drift apart.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import sys
import types
import typing
from pathlib import Path
from typing import Any

from .. import engine, registry
from ..engine import LEVEL_NAME, Setting
from .protocol import (
    ERROR_CODES,
    FIELDS,
    MAX_CHAT,
    MAX_TOKENS,
    PROTOCOL,
    REFUSAL_KINDS,
    ROOM_CODE,
    TOKEN,
)

JSON = dict[str, Any]
ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "docs" / "protocol.schema.json"
DOC_FILE = ROOT / "docs" / "protocol.md"
#: The games' section of docs/protocol.md lies between these two lines.
BEGIN = "<!-- games: written by `python -m game.net.schema`; edit the code, not this section -->"
END = "<!-- end of the games -->"


def _ref(name: str) -> JSON:
    return {"$ref": f"#/$defs/{name}"}


INT: JSON = {"type": "integer"}
NAT: JSON = {"type": "integer", "minimum": 0}
STR: JSON = {"type": "string"}
BOOL: JSON = {"type": "boolean"}
OBJ: JSON = {"type": "object"}
HEX64: JSON = {"type": "string", "pattern": "^[0-9a-f]{64}$"}


def _null(schema: JSON) -> JSON:
    return {"anyOf": [schema, {"type": "null"}]}


def _msg(kind: str, description: str, fields: dict[str, JSON], optional: tuple[str, ...] = ()) -> JSON:
    """One message: ``type`` and exactly these fields (those in ``optional`` may be left out)."""
    return {"type": "object", "description": description,
            "properties": {"type": {"const": kind}, **fields},
            "required": ["type", *[k for k in fields if k not in optional]],
            "additionalProperties": False}


# -- what a client sends ------------------------------------------------------------------------------------

#: What each message a client sends does (docs/protocol.md says more).
CLIENT_DOC = {
    "hello": "The first message on a connection; answered by welcome, or error code version (then closed).",
    "create": "Makes a room; answered by created.  With seed (tests, practice) the seed is public and the "
              "creator holds every remote seat at once (created carries their tokens).",
    "join": "Enters a room with token (a seat already held), seat (a free seat by number), watch (true: "
            "a spectator), or none of them (the first free seat); answered by joined, then sync (and over "
            "if the game has ended).",
    "act": "An intention for this connection's seat: at is the index the client decided on (the "
           "number of actions it has seen); answered by applied (to everyone) or refused.",
    "undo": "Takes back this seat's own last action; at is the index the client saw (the room's "
            "number of actions, as in sync and applied); answered by undone (to everyone) or refused.",
    "chat": "One chat line to the room (1 to 200 characters once trimmed); chat to everyone.",
    "sync": "The whole position again: sync (and over if the game has ended).",
    "level": "The room's level files, for a player whose computer lacks one: level.",
    "hand_over": "Hands a remote seat away at least 90 s to the computer (any seated player).",
    "take_back": "This connection's seat was handed to the computer: its person plays it again.",
    "legal": "The actions this seat may take now, found on its own view: legal.",
    "mine": "The rooms these seat tokens hold seats in: mine.",
    "ping": "pong.",
}

#: Field schemas finer than protocol.FIELDS' kinds (the server checks these in its handlers).
CLIENT_DETAIL: dict[tuple[str, str], JSON] = {
    ("hello", "protocol"): {**INT, "description": f"The protocol version, a whole number ({PROTOCOL} here)."},
    ("hello", "app"): {**STR, "description": "The app's version, text such as \"0.1.0\": it must be the server's."},
    ("hello", "rules"): {"type": "object", "additionalProperties": STR,
                         "description": "Required: game name -> the rules version this app plays, as text "
                                        "(\"3\"); a room's game missing here is refused at create and join."},
    ("join", "room"): {**STR, "maxLength": 64, "description": f"The room's code, {ROOM_CODE.pattern} "
                                                              "(spaces around it and small letters are forgiven)."},
    ("join", "token"): {**STR, "pattern": f"^{TOKEN.pattern}$"},
    ("join", "seat"): NAT,
    ("join", "watch"): BOOL,
    ("act", "at"): NAT,
    ("act", "action"): _ref("action"),
    ("undo", "at"): NAT,
    ("chat", "text"): {**STR, "minLength": 1, "description": f"At most {MAX_CHAT} characters once trimmed."},
    ("hand_over", "seat"): NAT,
    ("mine", "tokens"): {"type": "array", "maxItems": MAX_TOKENS, "items": {**STR, "pattern": f"^{TOKEN.pattern}$"}},
}

_KIND_SCHEMA = {"int": INT, "str": STR, "bool": BOOL, "obj": OBJ, "list": {"type": "array"}, "any": {}}


def client_messages() -> dict[str, JSON]:
    out: dict[str, JSON] = {}
    for kind, spec in FIELDS.items():
        if kind == "create":
            out[kind] = {"description": CLIENT_DOC[kind],
                         "oneOf": [_ref(f"create.{rs.name}") for rs in games()]}
            continue
        fields = {name: CLIENT_DETAIL.get((kind, name), _KIND_SCHEMA[want]) for name, (want, _req) in spec.items()}
        optional = tuple(name for name, (_w, required) in spec.items() if not required)
        out[kind] = _msg(kind, CLIENT_DOC[kind], fields, optional)
    return out


def create_message(rs: Any) -> JSON:
    seat = {"enum": ["remote", *rs.agent_names()],
            "description": "\"remote\" (a person, or a headless client, joins it) or a computer player run on "
                           "the server."}
    return _msg("create", f"create, for {rs.title}: as many seats as the settings have players.", {
        "game": {"const": rs.name},
        "seats": {"type": "array", "items": seat, "minItems": rs.players[0], "maxItems": rs.players[1]},
        "settings": _ref(f"settings.{rs.name}"),
        "seed": {"type": "integer", "minimum": 0, "maximum": (1 << 63) - 1},
    }, optional=("settings", "seed"))


# -- the games ----------------------------------------------------------------------------------------------

def games() -> list[Any]:
    """The games every server offers (registry.KNOWN; rulesets tests register are left out)."""
    import importlib

    return [importlib.import_module(mod).RULESET for mod in registry.KNOWN]


def _doc(obj: Any) -> str:
    """The first paragraph of a class's docstring ('' for a dataclass's made-up one)."""
    text = inspect.getdoc(obj) or ""
    if text.startswith(f"{obj.__name__}("):
        return ""
    return " ".join(text.split("\n\n")[0].split())


def field_schema(hint: Any) -> JSON:
    """An action field's annotation as JSON Schema: what ``engine._field_decoder`` accepts."""
    origin = typing.get_origin(hint)
    if hint is bool:
        return dict(BOOL)
    if hint is int:
        return {"type": "integer", "minimum": -engine.MAX_ACTION_INT, "maximum": engine.MAX_ACTION_INT}
    if hint is float:
        return {"type": "number", "minimum": -engine.MAX_ACTION_FLOAT, "maximum": engine.MAX_ACTION_FLOAT}
    if hint is str:
        return {"type": "string", "maxLength": engine.MAX_ACTION_TEXT}
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": field_schema(args[0]), "maxItems": engine.MAX_ACTION_ITEMS}
        return {"type": "array", "prefixItems": [field_schema(a) for a in args], "items": False,
                "minItems": len(args)}
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        inner = field_schema(options[0])
        return {"anyOf": [inner, {"type": "null"}]} if type(None) in typing.get_args(hint) else inner
    if hint is Any:
        return {}
    raise TypeError(f"no schema for the action field type {hint!r}")


def action_schema(cls: type[engine.Action]) -> JSON:
    hints = typing.get_type_hints(cls)
    props: JSON = {"type": {"const": cls.__name__}}
    required = ["type"]
    for f in dataclasses.fields(cls):
        prop = field_schema(hints[f.name])
        if f.default is not dataclasses.MISSING:
            prop["default"] = engine.list_deep(f.default)
        elif f.default_factory is not dataclasses.MISSING:
            prop["default"] = engine.list_deep(f.default_factory())
        else:
            required.append(f.name)
        props[f.name] = prop
    out: JSON = {"type": "object", "properties": props, "required": required, "additionalProperties": False}
    if _doc(cls):
        out["description"] = _doc(cls)
    return out


def setting_schema(spec: Setting) -> JSON:
    out: JSON = {"title": spec.label}
    if spec.help:
        out["description"] = spec.help
    if spec.kind == "bool":
        out["type"] = "boolean"
    elif spec.kind == "int":
        out.update(type="integer", minimum=spec.lo, maximum=spec.hi)
    elif spec.kind == "level":
        out.update(type="string", pattern=f"^{LEVEL_NAME.pattern}$")
    else:
        out["enum"] = list(spec.choices)
    out["default"] = spec.default
    return out


def settings_schema(rs: Any) -> JSON:
    return {"type": "object", "description": f"{rs.title}'s settings; a setting left out takes its default.",
            "properties": {s.key: setting_schema(s) for s in rs.game_cls.settings_spec},
            "additionalProperties": False}


# -- what the server sends --------------------------------------------------------------------------------------

#: A sentence's message as data (game/msg.py, ``Msg.to_json``): beside the sentence, so that a
#: window renders it in its player's language; a client checks it (``Msg.from_json``) and falls
#: back to the sentence when it does not.
MSG: JSON = {"type": "object", "additionalProperties": False, "required": ["id"],
             "description": "A message as data: id (the English template, named placeholders), args (each "
                            "text, a number, true/false, null or a message), plural and n (a count's form), "
                            "ctx (a context).",
             "properties": {"id": STR, "args": {"type": "object", "maxProperties": 32, "additionalProperties": {
                 "anyOf": [STR, {"type": "number"}, BOOL, {"type": "null"}, _ref("msg")]}},
                 "plural": STR, "n": INT, "ctx": STR}}
#: The position fields of sync, applied and undone.
POSITION: dict[str, JSON] = {
    "index": {**NAT, "description": "Actions in the room's record: the 'at' of the next act or undo."},
    "to_move": {"type": "integer", "minimum": -1, "description": "The seat to act, -1 when the game is over."},
    "status": STR,
    "status_msg": _ref("msg"),
    "over": BOOL,
    "view": {**OBJ, "description": "This seat's view: the state's JSON less the generator and whatever this "
                                   "seat may not know (see What a view leaves out)."},
    "can_undo": BOOL,
    "undo_refusal": {**STR, "description": "Why this seat may not undo now, one sentence; \"\" when it may."},
    "undo_refusal_msg": _ref("msg"),
}
#: Position fields a server may leave out (a sentence that is no message has no data).
POSITION_OPTIONAL = ("status_msg", "undo_refusal_msg")
PRESENCE: JSON = {"type": "array", "items": {
    "type": "object", "additionalProperties": False,
    "required": ["seat", "name", "kind", "claimed", "here"],
    "properties": {"seat": NAT, "name": STR, "name_msg": _ref("msg"), "kind": {"enum": ["remote", "computer"]},
                   "claimed": BOOL,
                   "here": BOOL, "away_s": {"type": "number", "minimum": 0}, "agent": STR,
                   "handed_over": {"const": True}}}}
EVENT: JSON = {"type": "object", "additionalProperties": False, "required": ["kind", "text", "data", "reveals"],
               "properties": {"kind": STR, "text": STR, "msg": _ref("msg"), "data": OBJ,
                              "reveals": {**BOOL, "description": "The event showed what was hidden (cards "
                                                                 "turned or dealt, secrets opened): no undo "
                                                                 "steps back over it."}}}

SERVER: dict[str, JSON] = {
    "welcome": _msg("welcome", "The answer to hello.", {
        "protocol": INT, "app": STR,
        "games": {"type": "object", "additionalProperties": STR,
                  "description": "game name -> its rules version, as text."}}),
    "error": _msg("error", "A message was not acted on (see Errors and closing).", {
        "code": {"enum": list(ERROR_CODES)}, "message": STR, "msg": _ref("msg")}, optional=("msg",)),
    "created": _msg("created", "The room made by create.", {
        "room": {**STR, "pattern": f"^{ROOM_CODE.pattern}$"}, "game": STR, "seats": PRESENCE,
        "commitment": HEX64, "seed": INT,
        "tokens": {"type": "array", "items": _null(STR),
                   "description": "With a chosen seed: each remote seat's token (null for a computer seat)."}},
        optional=("seed", "tokens")),
    "joined": _msg("joined", "The seat this connection holds (null: a spectator).", {
        "room": STR, "seat": _null(NAT), "token": STR}, optional=("token",)),
    "sync": _msg("sync", "The whole position.", {
        "room": STR, "game": STR, "rules_version": STR, "settings": OBJ, "seat": _null(NAT), "seats": PRESENCE,
        "commitment": HEX64, "seed": _null(INT), "level_digest": STR,
        "log": {"type": "array", "items": STR},
        "log_msgs": {"type": "array", "items": _null(_ref("msg")),
                     "description": "One entry per log line: its message as data, null for a plain line."},
        "chat": {"type": "array", "items": {"type": "object", "additionalProperties": False,
                                            "required": ["seat", "text"],
                                            "properties": {"seat": _null(NAT), "text": STR}}},
        **POSITION}, optional=("log_msgs", *POSITION_OPTIONAL)),
    "applied": _msg("applied", "An action was accepted (sent to everyone in the room).", {
        "seat": NAT, "action": _null(_ref("action")), "notation": STR, "events": {"type": "array", "items": EVENT},
        **POSITION}, optional=POSITION_OPTIONAL),
    "undone": _msg("undone", "The last action was taken back.", {"seat": NAT, **POSITION}, optional=POSITION_OPTIONAL),
    "refused": _msg("refused", "An act or undo was not accepted; nothing changed.", {
        "kind": {"enum": list(REFUSAL_KINDS)}, "at": INT, "index": NAT, "rule": STR, "message": STR,
        "msg": _ref("msg"), "fields": OBJ}, optional=("msg", "fields")),
    "presence": _msg("presence", "Who sits where, and who is away.", {"seats": PRESENCE}),
    "chat": _msg("chat", "A chat line.", {"seat": _null(NAT), "text": STR}),
    "over": _msg("over", "The end: the whole record, its seed and the nonce.", {
        "record": OBJ, "nonce": {**STR, "pattern": "^[0-9a-f]{32}$"}, "commitment": HEX64,
        "result": _null({"type": "object", "additionalProperties": False, "required": ["winners", "text"],
                         "properties": {"winners": {"type": "array", "items": NAT}, "text": STR}}),
        "result_msg": {**_ref("msg"), "description": "The result's sentence as a message (beside result, which "
                                                     "an older client compares whole)."}}, optional=("result_msg",)),
    "mine": _msg("mine", "The rooms a player's tokens hold seats in.", {"rooms": {"type": "array", "items": {
        "type": "object", "additionalProperties": False,
        "required": ["room", "game", "seat", "index", "over", "your_turn", "status"],
        "properties": {"room": STR, "game": STR, "seat": NAT, "index": NAT, "over": BOOL, "your_turn": BOOL,
                       "status": STR, "status_msg": _ref("msg")}}}}),
    "level": _msg("level", "The level files the room's game was set up from.", {
        "game": STR, "levels": OBJ, "level_digest": STR}),
    "legal": _msg("legal", "The actions the seat may take now, found on its own view.", {
        "index": NAT, "seat": _null(NAT), "actions": _null({"type": "array", "items": _ref("action")}),
        "complete": BOOL}),
    "pong": _msg("pong", "The answer to ping.", {}),
}


# -- the whole schema -------------------------------------------------------------------------------------------

def generate() -> JSON:
    defs: JSON = {
        "to_server": {"description": "Any message a client sends.",
                      "oneOf": [_ref(f"client.{k}") for k in FIELDS]},
        "to_client": {"description": "Any message the server sends.",
                      "oneOf": [_ref(f"server.{k}") for k in SERVER]},
    }
    defs["msg"] = MSG
    for kind, schema in client_messages().items():
        defs[f"client.{kind}"] = schema
    for kind, schema in SERVER.items():
        defs[f"server.{kind}"] = schema
    every = []
    for rs in games():
        defs[f"create.{rs.name}"] = create_message(rs)
        defs[f"settings.{rs.name}"] = settings_schema(rs)
        names = []
        for cls in rs.game_cls.action_types:
            defs[f"action.{rs.name}.{cls.__name__}"] = action_schema(cls)
            names.append(_ref(f"action.{rs.name}.{cls.__name__}"))
        defs[f"action.{rs.name}"] = {"description": f"An action of {rs.title} (rules version "
                                                    f"{rs.game_cls.rules_version}).", "oneOf": names}
        every.append(_ref(f"action.{rs.name}"))
    defs["action"] = {"description": "An action of the room's game, in the record format (docs/records.md).",
                      "anyOf": every}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": f"Paper Wars protocol {PROTOCOL}",
            "description": "Every message of the Paper Wars network protocol (docs/protocol.md), generated from "
                           "the code by `python -m game.net.schema`.",
            "x-protocol": PROTOCOL,
            "anyOf": [_ref("to_server"), _ref("to_client")],
            "$defs": defs}


def schema_text() -> str:
    return json.dumps(generate(), indent=1, sort_keys=False, ensure_ascii=False) + "\n"


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _field_words(schema: JSON) -> str:
    if "const" in schema:
        return _shown(schema["const"])
    if "anyOf" in schema:
        return " or ".join(_field_words(s) for s in schema["anyOf"])
    kind = schema.get("type")
    if kind == "integer":
        return "whole number"
    if kind == "number":
        return "number"
    if kind == "string":
        return "text"
    if kind == "boolean":
        return "true/false"
    if kind == "null":
        return "null"
    if kind == "array":
        if "prefixItems" in schema:
            return "[" + ", ".join(_field_words(s) for s in schema["prefixItems"]) + "]"
        return f"list of {_field_words(schema.get('items', {}))}"
    return "any JSON"


def games_markdown() -> str:
    """The games' section of docs/protocol.md: each game's computer players, settings and actions."""
    lines = [BEGIN, "", "## The games: computer players, settings, actions", "",
             "What `create` takes for each game and what `act` carries, from the code (`docs/protocol.schema.json` "
             "holds the same as JSON Schema). A field with a default may be left out.", ""]
    for rs in games():
        gc = rs.game_cls
        lines += [f"### {rs.title} (`{rs.name}`, rules version \"{gc.rules_version}\")", "",
                  (f"Seats: {rs.players[0]}. " if rs.players[0] == rs.players[1] else
                   f"Seats: {rs.players[0]} to {rs.players[1]}, as many as the settings' players. ") +
                  "Computer players: " + ", ".join(f"`{a}`" for a in rs.agent_names()) + ".", ""]
        lines += ["| setting | kind | default | what |", "|---|---|---|---|"]
        for s in gc.settings_spec:
            if s.kind == "int":
                kind = f"whole number {s.lo} to {s.hi}"
            elif s.kind == "bool":
                kind = "true/false"
            elif s.kind == "level":
                kind = "level name"
            else:
                kind = "one of " + ", ".join(f"`{_shown(c)}`" for c in s.choices)
            what = s.label + (f": {s.help}" if s.help else "")
            lines.append(f"| `{s.key}` | {kind} | `{_shown(s.default)}` | {what.replace('|', '/')} |")
        lines += ["", "| action | fields | what |", "|---|---|---|"]
        for cls in gc.action_types:
            sch = action_schema(cls)
            fields = []
            for name, prop in sch["properties"].items():
                if name == "type":
                    continue
                word = f"`{name}` ({_field_words(prop)}"
                word += f", default `{_shown(prop['default'])}`)" if "default" in prop else ")"
                fields.append(word)
            lines.append(f"| `{cls.__name__}` | {', '.join(fields) or 'none'} | {_doc(cls).replace('|', '/')} |")
        lines.append("")
    lines.append(END)
    return "\n".join(lines)


def doc_text(current: str) -> str:
    """docs/protocol.md with its games' section written afresh (added at the end if missing)."""
    if BEGIN in current and END in current:
        head, rest = current.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        return head + games_markdown() + tail
    return current.rstrip("\n") + "\n\n" + games_markdown() + "\n"


def main() -> int:
    SCHEMA_FILE.write_text(schema_text(), encoding="utf-8")
    DOC_FILE.write_text(doc_text(DOC_FILE.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {SCHEMA_FILE} and the games' section of {DOC_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
