"""A Hypothesis state machine against a live server (Paper Tigers, hidden cards).

Rules: submit, undo, stale, malformed, disconnect, reconnect, restart the server, add a
spectator.  Invariants: at rest, every connected client's view equals the server's view for
its seat; and no byte any client or spectator has received (start, sync, log, every action,
undo, reconnects) names a card that lies face down or in the deck now (T-T2; a card once
turned is never hidden again, so the scan cannot accuse a message of an older secret).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from websockets.exceptions import ConnectionClosed

from game import registry
from game.engine import Chance
from game.net.harness import ServerThread
from game.net.protocol import plain
from game.rules.tigers import cards as C
from tests.net.wire import Wire, create


class NetMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="pw-net-"))
        self.server = ServerThread(self.folder)
        self.server.start()
        self.room = create(self.server.url, "tigers", ["remote", "remote"], {}, 12)
        self.game = registry.get("tigers").make_game({})
        self.cls = type(self.game.new_state(0))
        self.wires: dict[int, Wire | None] = {}
        self.tokens: dict[int, str] = {}
        for seat in (0, 1):
            w = Wire(self.server.url)
            w.join(self.room, token=self.room.tokens[seat])  # a chosen seed: the creator holds both seats
            self.wires[seat] = w
            self.tokens[seat] = self.room.tokens[seat] or ""
        self.spectators: list[Wire] = []
        self.all_wires: list[Wire] = list(self.wires.values())  # type: ignore[arg-type]

    def teardown(self) -> None:
        for w in [*self.wires.values(), *self.spectators]:
            if w is not None:
                try:
                    w.close()
                except Exception:  # noqa: BLE001, S110 - already gone
                    pass
        self.server.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _server_index(self) -> int:
        return self.server.call(lambda s: s.rooms[self.room].index)

    @rule(seat=st.sampled_from([0, 1]), pick=st.integers(0, 2 ** 32))
    def submit(self, seat, pick):
        w = self.wires[seat]
        if w is None:
            return
        w.settle()
        if w.to_move != seat or w.over:
            return
        guess = self.cls.from_view(self.game, w.view, pick)
        action = guess.random_action(Chance(pick))
        w.send({"type": "act", "at": w.index, "action": plain(action.to_json())})
        reply = w.until("applied", "refused")
        if reply["type"] == "refused":
            assert reply["kind"] == "illegal" and reply["rule"] and reply["message"]

    @rule(seat=st.sampled_from([0, 1]))
    def undo(self, seat):
        w = self.wires[seat]
        if w is None:
            return
        w.settle()
        w.send({"type": "undo", "at": w.index})
        reply = w.until("undone", "refused")
        if reply["type"] == "refused":
            assert reply["rule"] == "UNDO" and reply["message"]

    @rule(seat=st.sampled_from([0, 1]))
    def stale(self, seat):
        w = self.wires[seat]
        if w is None or w.index < 1:
            return
        w.settle()
        w.send({"type": "act", "at": w.index - 1, "action": {"type": "Skip"}})
        assert w.until("refused")["kind"] == "stale"
        w.until("sync")

    @rule(seat=st.sampled_from([0, 1]), junk=st.one_of(st.text(max_size=40), st.binary(max_size=20),
                                                       st.sampled_from(['{"type":"act","at":0}', "[[[", "{}"])))
    def malformed(self, seat, junk):
        w = self.wires[seat]
        if w is None:
            return
        start = len(w.seen)
        w.send(junk)
        w.settle()
        replies = [m for m in w.seen[start:] if m["type"] in ("error", "refused", "chat")]
        assert replies, junk

    @rule(seat=st.sampled_from([0, 1]))
    def disconnect(self, seat):
        w = self.wires[seat]
        if w is not None:
            w.close()
            self.wires[seat] = None

    @rule(seat=st.sampled_from([0, 1]))
    def reconnect(self, seat):
        if self.wires[seat] is None:
            w = Wire(self.server.url)
            assert w.join(self.room, token=self.tokens[seat])["seat"] == seat
            self.wires[seat] = w
            self.all_wires.append(w)

    @rule()
    def restart_server(self):
        before = self._server_index()
        for seat, w in self.wires.items():
            if w is not None:
                w.close()
                self.wires[seat] = None
        for w in self.spectators:
            w.close()
        self.spectators = []
        self.server.restart()
        w = Wire(self.server.url)
        w.join(self.room, watch=True)
        assert w.index == before  # nothing accepted was lost
        self.spectators.append(w)
        self.all_wires.append(w)

    @precondition(lambda self: len(self.spectators) < 3)
    @rule()
    def add_spectator(self):
        w = Wire(self.server.url)
        assert w.join(self.room, watch=True)["seat"] is None
        self.spectators.append(w)
        self.all_wires.append(w)

    @invariant()
    def no_message_names_a_hidden_card(self):
        def hidden(server):
            s = server.rooms[self.room].state
            out = set(s.deck) | {c for h in s.hands for c, up in h if not up}
            out |= {c for cs in s.assigned.values() for c, up in cs if not up}
            return out | {c for c, up in s.recovering.values() if not up}

        secret = self.server.call(hidden)
        for w in self.all_wires:
            text = json.dumps(w.seen)
            leaked = [c for c in secret if f'\\"{c}\\"' in text or f'"{c}"' in text or C.label(c) in text]
            assert not leaked, leaked

    @invariant()
    def views_match_the_server_at_rest(self):
        index = self._server_index()
        for seat, w in [*self.wires.items(), *((None, s) for s in self.spectators)]:
            if w is None:
                continue
            try:
                w.settle()
                while w.index != index:
                    w.recv()
            except ConnectionClosed:
                continue
            want = self.server.call(lambda s, seat=seat: plain(s.rooms[self.room].state.view(seat)))
            assert json.dumps(w.view, sort_keys=True) == json.dumps(want, sort_keys=True)


NetMachine.TestCase.settings = settings(max_examples=6, stateful_step_count=25, deadline=None,
                                        suppress_health_check=list(HealthCheck))
TestNetMachine = NetMachine.TestCase

