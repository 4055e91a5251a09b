"""The message schema keeps docs/protocol.md and the code in step: the committed schema and the
games' section of the doc are what the code generates now, every handler has its message, every
code the server can send is documented, and a real server's messages validate against it."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import game.net.server as server_mod
from game.net import schema as S
from game.net.client import netplay
from game.net.harness import ServerThread
from game.net.protocol import ERROR_CODES, FIELDS, PROTOCOL, REFUSAL_KINDS
from tests.net.wire import Wire, create

DOC = S.DOC_FILE.read_text(encoding="utf-8")
SCHEMA = json.loads(S.SCHEMA_FILE.read_text(encoding="utf-8"))


def _defs() -> dict:
    """The schema's definitions, with the actions of the test-only games (Pig, Peek) added the
    way the shipped games' are, so that messages of their rooms validate too."""
    from tests.peek_game import PeekGame
    from tests.toy_game import PigGame

    defs = dict(SCHEMA["$defs"])
    extra = [S.action_schema(cls) for cls in (*PigGame.action_types, *PeekGame.action_types)]
    defs["action"] = {"anyOf": [*defs["action"]["anyOf"], *extra]}
    return defs


DEFS = _defs()


def _validator(name: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": DEFS})


def check(direction: str, msg: dict) -> None:
    """``msg`` validates against its own message's schema (``direction``: client or server)."""
    name = f"{direction}.{msg.get('type')}"
    assert name in SCHEMA["$defs"], f"no schema for {name}"
    errors = sorted(_validator(name).iter_errors(msg), key=lambda e: list(e.path))
    assert not errors, f"{name}: {errors[0].message} at {list(errors[0].path)} in {json.dumps(msg)[:300]}"


def test_the_committed_schema_and_the_docs_games_section_are_what_the_code_generates():
    """Run `python -m game.net.schema` after changing a message, an action, a setting or a computer
    player: this fails until the committed files say what the code does."""
    again = "out of date: run `python -m game.net.schema` and commit what it writes"
    assert S.SCHEMA_FILE.read_text(encoding="utf-8") == S.schema_text(), f"docs/protocol.schema.json is {again}"
    assert S.doc_text(DOC) == DOC, f"the games' section of docs/protocol.md is {again}"
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["x-protocol"] == PROTOCOL and f"(protocol {PROTOCOL})" in DOC.splitlines()[0]


def test_every_handler_has_its_message_and_every_message_is_documented():
    handlers = {n[len("_on_"):] for n in dir(server_mod.Server) if n.startswith("_on_")}
    assert handlers == set(FIELDS)
    tables = DOC.split("## Client to server", 1)[1].split("## Server to client", 1)
    for kind, fields in FIELDS.items():
        row = next((line for line in tables[0].splitlines() if line.startswith(f"| `{kind}` |")), None)
        assert row is not None, f"the client message {kind} is not in the doc's table"
        for name in fields:
            assert f"`{name}`" in row, f"{kind}.{name} is not in its row of the doc"
    server_table = tables[1].split("\n## ", 1)[0]
    for kind, sch in S.SERVER.items():
        row = next((line for line in server_table.splitlines() if line.startswith(f"| `{kind}` |")), None)
        assert row is not None, f"the server message {kind} is not in the doc's table"
        for name in sch["properties"]:
            if name != "type" and name not in S.POSITION:
                assert f"`{name}`" in row, f"{kind}.{name} is not in its row of the doc"
    for name in S.POSITION:
        assert f"`{name}`" in DOC.split("Position fields", 1)[1].split("\n\n", 1)[0]


def test_every_error_code_and_refusal_kind_the_server_uses_is_listed_and_documented():
    source = Path(server_mod.__file__).read_text(encoding="utf-8")
    used = set(re.findall(r'BadMessage\("(\w+)"', source)) | set(re.findall(r'"code": "(\w+)"', source))
    used |= set(re.findall(r'\berror\("(\w+)"', source))
    used |= set(re.findall(r'BadMessage\("(\w+)"', Path(S.__file__).with_name("protocol.py").read_text()))
    assert used <= set(ERROR_CODES), used - set(ERROR_CODES)
    kinds = set(re.findall(r'"kind": "(\w+)", "at"', source)) | set(re.findall(r'\brefused\("(\w+)"', source))
    assert {"stale", "turn", "illegal", "undo"} <= kinds  # the search finds the refusals the server sends
    assert kinds <= set(REFUSAL_KINDS), kinds - set(REFUSAL_KINDS)
    errors = DOC.split("## Errors and closing", 1)[1].split("\n## ", 1)[0]
    for code in ERROR_CODES:
        assert f"`{code}`" in errors, f"the error code {code} is not documented"
    for kind in REFUSAL_KINDS:
        assert f"`{kind}`" in DOC, f"the refusal kind {kind} is not documented"


@pytest.fixture
def server(tmp_path):
    st = ServerThread(tmp_path / "server")
    st.start()
    yield st
    st.close()


def test_a_real_servers_messages_validate_against_the_schema(server, monkeypatch):
    """A session that makes the server send every kind of message (and most errors and refusals):
    every message received, and every message sent, validates."""
    sent: list[dict] = []
    plain_send = Wire.send

    def send(self, msg):
        if isinstance(msg, dict):
            sent.append(msg)
        plain_send(self, msg)

    monkeypatch.setattr(Wire, "send", send)
    monkeypatch.setattr(server_mod, "AWAY_HANDOVER_S", 0.0)
    from game import registry
    from tests.peek_game import peek_ruleset

    monkeypatch.setattr(registry, "_extra", {**registry._extra})  # peek is gone again after the test
    registry.register(peek_ruleset())
    peek = create(server.url, "peek", ["remote", "remote"], {}, 2)
    p = Wire(server.url)
    p.join(peek, token=peek.tokens[0])
    p.send({"type": "act", "at": 0, "action": {"type": "Pass"}})
    p.until("applied")
    p.send({"type": "undo", "at": 1})
    p.until("undone")
    room = create(server.url, "warigami", ["remote", "remote"], {"units": 2}, 3)
    free = create(server.url, "pig", ["remote", "random"], {"target": 5})
    a, b, watcher, c = Wire(server.url), Wire(server.url), Wire(server.url), Wire(server.url)
    a.join(room, token=room.tokens[0])
    b.join(room, token=room.tokens[1])
    watcher.join(room, watch=True)
    c.join(free, seat=0)
    a.send({"type": "legal"})
    legal = a.until("legal")
    a.send({"type": "act", "at": 5, "action": legal["actions"][0]})  # stale: refused, then a sync
    a.until("sync")
    a.send({"type": "act", "at": 0, "action": {"type": "Squad", "kinds": ["tank"]}})  # illegal
    a.until("refused")
    a.send({"type": "act", "at": 0, "action": {"type": "Nope"}})  # malformed
    a.until("refused")
    b.send({"type": "act", "at": 0, "action": {"type": "Squad", "kinds": ["smg", "smg"]}})  # not b's turn
    b.until("refused")
    a.send({"type": "act", "at": 0, "action": legal["actions"][0]})
    a.until("applied"), b.until("applied"), watcher.until("applied")
    a.send({"type": "undo", "at": 1})
    a.until("refused")
    a.send({"type": "chat", "text": "good luck"})
    b.until("chat")
    a.send({"type": "chat", "text": ""})
    a.send({"type": "level"})
    a.until("level")
    a.send({"type": "mine", "tokens": [room.tokens[0]]})
    a.until("mine")
    a.send({"type": "take_back"})
    a.send({"type": "frobnicate"})
    a.send({"type": "sync", "extra": 1})
    a.send({"type": "hand_over", "seat": 7})
    a.settle()
    b.close()
    while a.until("presence")["seats"][1]["here"]:
        pass
    a.send({"type": "hand_over", "seat": 1})
    a.until("applied")  # the computer plays seat 1 now
    while c.over is None:  # Pig against the server's computer, to the end
        if c.to_move != 0:
            c.recv()
            continue
        c.send({"type": "legal"})
        acts = c.until("legal")["actions"]
        c.send({"type": "act", "at": c.index, "action": acts[-1]})
        c.until("applied", "refused")
    c.send({"type": "undo", "at": c.index})
    c.until("refused")
    d = Wire(server.url, say_hello=False)
    d.send({"type": "sync"})
    d.until("error")
    d.send({"type": "hello", "protocol": PROTOCOL, "app": "0.0.0", "rules": {}})
    d.until("error")
    for w in (a, watcher, c, p):
        w.settle()
    got = [m for w in (a, b, watcher, c, d, p) for m in w.seen]
    kinds = {m["type"] for m in got}
    assert kinds >= set(S.SERVER) - {"created"}, set(S.SERVER) - kinds
    assert {m["code"] for m in got if m["type"] == "error"} >= {"unknown", "malformed", "handover", "chat", "hello",
                                                                 "version"}
    assert {m["kind"] for m in got if m["type"] == "refused"} >= {"stale", "illegal", "malformed", "turn", "undo"}
    for m in got:
        check("server", m)
    bad = [{"type": "act", "at": 0, "action": {"type": "Nope"}}, {"type": "chat", "text": ""},
           {"type": "frobnicate"}, {"type": "sync", "extra": 1}]
    to_server = _validator("to_server")
    for m in bad:  # what the server called malformed or unknown, the schema refuses too
        assert m in sent and not to_server.is_valid(m), m
    for m in sent:
        if m not in bad and not (m.get("type") == "create" and m.get("game") in ("pig", "peek")):
            check("client", m)  # (the test-only games' settings are not in the schema)


def test_created_validates_with_and_without_a_chosen_seed(server):
    for seed in (None, 5):
        w = Wire(server.url)
        msg = {"type": "create", "game": "tigers", "seats": ["remote", "ai"], "settings": {}}
        if seed is not None:
            msg["seed"] = seed
        check("client", msg)
        w.send(msg)
        reply = w.until("created")
        check("server", reply)
        assert ("tokens" in reply) is (seed is not None)


@pytest.mark.parametrize("name,agents,settings", [
    ("amoeba", "random,random", {"simultaneous": True}), ("warigami", "random,random", {"units": 2}),
    ("space", "random,random", {}), ("tigers", "random,random", {}), ("invasion", "random", {})])
def test_every_message_of_a_whole_networked_game_validates(server, tmp_path, name, agents, settings):
    """Every message the clients of a whole game received (dumped by netplay), for every game:
    its actions and events validate, and the game's own actions against its action schemas."""
    out = asyncio.run(netplay(server.url, name, agents.split(","), settings, 4, tmp_path / "dump", timeout=300))
    assert out["ok"], out["clients"]
    count = 0
    for dump in (tmp_path / "dump").glob("seat-*.jsonl"):
        for line in dump.read_text(encoding="utf-8").splitlines():
            check("server", json.loads(line))
            count += 1
    for action in out["record"]["actions"]:
        errors = list(_validator(f"action.{name}").iter_errors(action))
        assert not errors, (action, errors[0].message)
    assert count > 10
