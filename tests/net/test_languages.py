"""Online, each seat reads its own language (issue 51): the server sends every sentence both as
text (an older client reads it) and as a message (``Msg.to_json``), and the window's client
rebuilds the message, so that tr() says it in the player's language.  Data that does not
check falls back to the sentence."""

from __future__ import annotations

import io

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from game import i18n
from game.engine import Event, IllegalAction
from game.msg import M, Msg
from game.net.harness import ServerThread
from game.net.protocol import msg_data, sentence, sentences
from game.net.remote import RemoteSession, Seat
from tests.net.wire import Wire, create

FI = {
    "It is {who}'s turn, not yours.": "Nyt on pelaajan {who} vuoro, ei sinun.",
    "Player {n}": "Pelaaja {n}",
    "{who} rolls a {face}.": "{who} heittää {face}.",
    "Hold only after rolling {n} times.": "Pidä vasta, kun olet heittänyt {n} kertaa.",
    "{who} to play.": "Vuorossa: {who}.",
}


@pytest.fixture
def finnish(tmp_path, monkeypatch):
    """A tiny fi catalog with the entries above (as tests/test_i18n.py installs one)."""
    cat = Catalog(locale="fi")
    for key, value in FI.items():
        cat.add(key, value)
    folder = tmp_path / "locale" / "fi" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    buf = io.BytesIO()
    write_mo(buf, cat)
    (folder / "core.mo").write_bytes(buf.getvalue())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    yield
    i18n.set_language("en")


@pytest.fixture
def server(tmp_path, monkeypatch):
    """A server whose proof game (pig) says its roll and refuses an early hold in messages."""
    from tests.toy_game import PigState

    plain_apply, plain_check = PigState._apply, PigState.check

    def apply(self, action):
        who = self.game.player_name(self.current_player())
        events = plain_apply(self, action)
        face = next((e.data["face"] for e in events if e.kind == "roll"), None)
        if face is None:
            return events
        return [Event("roll", M("{who} rolls a {face}.", who=who, face=face), {"face": face})]

    def check(self, action):
        if type(action).__name__ == "Hold" and self.turn_total == 0:
            raise IllegalAction("P-1", M("Hold only after rolling {n} times.", n=1))
        plain_check(self, action)

    monkeypatch.setattr(PigState, "_apply", apply)
    monkeypatch.setattr(PigState, "check", check)
    st = ServerThread(tmp_path / "server")
    st.start()
    yield st
    st.close()


def _window(room, token, wire):
    """A window's client fed with what ``wire`` (the same seat) was sent: its sync first."""
    rs = RemoteSession("ws://unused", room, [Seat(token=token)], start=False)
    out = []
    for msg in wire.seen:
        out += rs._handle(0, msg)
    return rs, out


def test_the_server_sends_refusals_events_and_status_as_messages_the_window_says_in_finnish(server, finnish):
    room = create(server.url, "pig", ["remote", "remote"], {}, 1)
    a, b = Wire(server.url), Wire(server.url)
    a.join(room, token=room.tokens[0])
    b.join(room, token=room.tokens[1])
    # the server's own refusal (not your turn) and the rules' refusal (an early hold)
    b.send({"type": "act", "at": 0, "action": {"type": "Roll"}})
    turn = b.until("refused")
    a.send({"type": "act", "at": 0, "action": {"type": "Hold"}})
    early = a.until("refused")
    assert turn["message"] == "It is Player 1's turn, not yours."  # the sentence stays, for older clients
    assert turn["msg"] == {"id": "It is {who}'s turn, not yours.", "args": {"who": {"id": "Player {n}",
                                                                               "args": {"n": 1}}}}
    assert early["rule"] == "P-1" and early["message"] == "Hold only after rolling 1 times."
    a.send({"type": "act", "at": 0, "action": {"type": "Roll"}})
    applied = a.until("applied")
    event = next(e for e in applied["events"] if e["kind"] == "roll")
    assert event["text"].startswith("Player 1 rolls a ") and event["msg"]["id"] == "{who} rolls a {face}."
    assert applied["status_msg"]["id"] in ("{who} to play.",)

    window, _ = _window(str(room), room.tokens[1], b)
    said = window._handle(0, turn)
    assert said[0][0] == "refused" and isinstance(said[0][1], Msg)
    assert said[0][1] == "It is Player 1's turn, not yours." and said[0][1].id == turn["msg"]["id"]
    window_a, _ = _window(str(room), room.tokens[0], a)
    refusal = window_a._handle(0, early)[0][1]
    rolled = window_a.seen[0].log[-1]
    assert isinstance(refusal, Msg) and isinstance(rolled, Msg) and rolled == event["text"]

    i18n.set_language("fi")
    assert i18n.tr(said[0][1]) == "Nyt on pelaajan Pelaaja 1 vuoro, ei sinun."
    assert i18n.tr(refusal) == "Pidä vasta, kun olet heittänyt 1 kertaa."
    assert i18n.tr(rolled) == f"Pelaaja 1 heittää {event['msg']['args']['face']}."
    assert i18n.tr(turn["message"]) == turn["message"]  # the bare sentence is not a message: English
    # a seat that joins later gets the log as messages too (sync.log_msgs)
    late = Wire(server.url)
    late.join(str(room), watch=True)
    sync = next(m for m in late.seen if m["type"] == "sync")
    assert i18n.tr(sentences(sync["log"], sync.get("log_msgs"))[-1]) == i18n.tr(rolled)


def test_message_data_that_does_not_check_falls_back_to_the_sentence():
    assert sentence("Plain words.", None) == "Plain words." and not isinstance(sentence("Plain words."), Msg)
    for bad in ({"id": "{who.__class__}"}, {"id": 5}, {"id": "{n}", "args": {"m": 1}}, ["id"], "x",
                {"id": "a", "args": {"x": [1, 2]}}, {"id": "a", "extra": 1}):
        got = sentence("The sentence.", bad)
        assert got == "The sentence." and not isinstance(got, Msg)
    assert sentences(["a", "b"], [None]) == ["a", "b"]  # a list of the wrong length: the texts alone
    assert msg_data("a plain text") is None
    assert msg_data(M("{x} things", x=[1, 2])) is None  # an argument the wire cannot carry: text only
    m = M("{who} to play.", who=M("Player {n}", n=2))
    assert sentence(str(m), msg_data(m)) == m and sentence(str(m), msg_data(m)).args["who"].id == "Player {n}"
