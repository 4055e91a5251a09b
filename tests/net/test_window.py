"""The game window as a network client (game/net/remote.py, opened by game/ui/online/rooms.py), headless.

An in-process server on 127.0.0.1 (a free port); a window-less App whose play scene holds a
RemoteSession.  Nothing here is timed: every wait is for a condition, with a generous bound.
"""

from __future__ import annotations

import asyncio
import random
import time

import pygame
import pytest

from game import registry
from game.engine import Chance, IllegalAction
from game.net.client import create_room
from game.net.harness import ServerThread
from game.net.protocol import plain
from game.net.remote import RemoteSession, Seat
from game.ui import paper
from game.ui.main import make_app
from game.ui.online.rooms import join_scene
from game.ui.playing.scene import PlayScene
from game.ui.scenes.connect import ConnectScene
from game.ui.scenes.gameover import GameOverScene, over_note
from tests.net.wire import Room, Wire

LIMIT = 180.0  # seconds any one wait may take before the test gives up (never a timing assertion)


@pytest.fixture
def server(tmp_path):
    st = ServerThread(tmp_path / "server")
    st.start()
    yield st
    st.close()


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    while a.scenes:
        a.pop()


def room(server, game, seats, settings=None, seed=3):
    """A room with a chosen seed: this test holds every remote seat (``held`` gives their tokens)."""
    made = asyncio.run(create_room(server.url, game, seats, settings or {}, seed))
    code = Room(made.room)
    code.tokens = list(made.tokens)
    return code


def held(code, seats):
    """``seats`` of a room made by ``room``: a seat by number (or the first remote one) is opened
    with its token, for the creator of a room with a chosen seed holds them all."""
    tokens = getattr(code, "tokens", None)
    if not tokens:
        return seats
    first = next(i for i, t in enumerate(tokens) if t)
    return [Seat(token=tokens[first if s.seat is None else s.seat]) if s.token is None else s for s in seats]


def run_until(app, done, what, limit=LIMIT):
    """Frames (with the events the links posted) until ``done()``; fails after ``limit`` s."""
    end = time.monotonic() + limit
    while not done():
        if time.monotonic() > end:
            raise AssertionError(f"gave up waiting for {what}")
        app.frame(pygame.event.get(), 1 / 30)
        time.sleep(0.002)


def play_scene(app):
    top = app.top()
    return top if isinstance(top, PlayScene) else app.find(PlayScene)


def open_room(app, server, code, seats=None, watch=False, tokens=None):
    kept = tokens if tokens is not None else []
    app.push(join_scene(app, server.url, code, held(code, seats or [Seat()]), watch,
                        lambda url, r, seat, token: kept.append((seat, token))))
    run_until(app, lambda: play_scene(app) is not None, "the first position")
    return play_scene(app)


def play_my_turns(app, scene, rng, until):
    """Play this window's seats with random legal moves (from the drawn state) until ``until()``."""
    agent_rng = Chance(rng.randrange(1 << 30))
    end = time.monotonic() + LIMIT
    while not until():
        if time.monotonic() > end:
            sess = scene.session
            raise AssertionError(f"the game did not end: {[(x.seat, x.index, x.to_move, x.sent_at) for x in sess.seen]}"
                                 f" viewer {sess.viewer} top {app.top().name()} covered {scene._covered_for} "
                                 f"problem {sess.problem!r} refusal {scene.refusal!r}")
        app.frame(pygame.event.get(), 1 / 30)
        if scene.view.busy():
            scene.view.skip_animation()
        if app.top() is not scene and scene._covered_for is not None:  # hot seat cover: click it away
            app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(5, 5))], 1 / 30)
            continue
        if scene.human_to_move() and not scene.view.busy():
            state = scene.state
            try:
                action = state.random_action(agent_rng)
            except (IllegalAction, ValueError, IndexError):
                continue
            scene.submit(action)
        time.sleep(0.002)


@pytest.mark.parametrize("game,settings", [("warigami", {"units": 4}), ("tigers", {})])
def test_window_plays_a_whole_game_against_a_server_computer_seat(server, app, game, settings):
    """A window plays seat 0 against the server's computer in seat 1 to the end: the board it
    draws follows the server, the end is checked (seed commitment, replay) and the record kept
    in the player's saves."""
    code = room(server, game, ["remote", "random"], settings)
    scene = open_room(app, server, code)
    sess = scene.session
    assert isinstance(sess, RemoteSession) and sess.local_seats() == [0]
    play_my_turns(app, scene, random.Random(1), lambda: sess.final is not None)
    run_until(app, lambda: scene._over_shown, "the result panel")
    assert scene.state.is_over()
    assert sess.verified is True, sess.verdict
    assert "Checked" in sess.verdict
    on_server = server.call(lambda s: s.rooms[code].session.record.to_json())
    assert sess.final is not None and plain(sess.final.to_json()) == plain(on_server)
    assert sess.kept is not None and sess.kept.is_file()
    # the check and where the record went are on the result panel, never in a toast over it
    run_until(app, lambda: sess.verdict, "the check")
    app.frame([], 1 / 30)
    assert isinstance(app.top(), GameOverScene)
    assert "Checked" in over_note(sess) and sess.kept.name in over_note(sess)
    assert "Checked" not in app.toast_text
    res = server.call(lambda s: s.rooms[code].state.result().text)
    assert scene.state.result().text == res
    assert sess.log == server.call(lambda s: list(s.rooms[code].session.log[-len(sess.log):]))


def test_a_refusal_shows_its_sentence_and_rule_like_at_one_screen(server, app):
    """Refused at once when the rules refuse it on the window's own view; and a refusal that
    comes back from the server (sent past that check) shows its sentence and rule id too."""
    code = room(server, "warigami", ["remote", "random"], {"units": 4})
    scene = open_room(app, server, code)
    run_until(app, scene.human_to_move, "seat 0's turn")
    sess = scene.session
    game = scene.state.game
    bad = game.decode_action({"type": "Squad", "kinds": ["medic"] * 9})
    assert scene.submit(bad) is False
    assert scene.refusal and scene.refusal_rule == "W-B2", (scene.refusal, scene.refusal_rule)
    scene.refusal = scene.refusal_rule = ""
    assert sess.links[0].send({"type": "act", "at": sess.seen[0].index, "action": bad.to_json()})
    sess.seen[0].sent_at = sess.seen[0].index
    run_until(app, lambda: bool(scene.refusal), "the server's refusal")
    assert scene.refusal_rule == "W-B2" and sess.seen[0].sent_at is None
    assert scene.human_to_move()  # nothing changed: still this seat's choice


def _cards_in(data, deck):
    """Every card code anywhere in a JSON value."""
    if isinstance(data, str):
        return {data} if data in deck else set()
    if isinstance(data, dict):
        return set().union(*(_cards_in(v, deck) for v in data.values())) if data else set()
    if isinstance(data, (list, tuple)):
        return set().union(*(_cards_in(v, deck) for v in data)) if data else set()
    return set()


def _public_cards(state):
    """The cards of a Tigers state anybody may see: face up in hands, on units, recovering,
    turned in the queue, discarded (T-T2)."""
    out = {c for hand in state.hands for c, up in hand if up}
    out |= {c for cs in state.assigned.values() for c, up in cs if up}
    out |= {c for c, up in state.recovering.values() if up}
    out |= {c for c, _uid in state.queue}
    return out | set(getattr(state, "discard", ()))


def test_a_tigers_window_never_holds_a_face_down_card(server, app):
    """Every view the window received names only cards that were public at that action (the
    record, replayed at the end, says which were face down: T-T2); the state it draws is
    built from its view alone (the guesses come from the window's own seed)."""
    from game.rules.tigers import cards as C

    code = room(server, "tigers", ["remote", "random"])
    scene = open_room(app, server, code)
    sess = scene.session
    cls = type(scene.state)
    drawn = 0

    def check() -> bool:
        nonlocal drawn
        seen = sess.seen[0]
        if seen.view is not None and sess.viewer == 0:
            assert plain(scene.state.view(0)) == seen.view
            guess = cls.from_view(scene.state.game, seen.view, sess.view_seed)
            assert plain(guess.to_json()) == plain(scene.state.to_json())
            drawn += 1
        return sess.final is not None

    play_my_turns(app, scene, random.Random(4), check)
    deck = set(C.FULL_DECK)
    views = sess.seen[0].views
    rec = sess.final
    states = [rec.start()] + [st for _i, _a, _e, st in rec.steps()]
    assert len(views) > 10 and drawn > 10
    for i, view in views.items():
        leaked = _cards_in(view, deck) - _public_cards(states[i])
        assert not leaked, (i, leaked)
    hidden_now = {c for hand in states[-1].hands for c, up in hand if not up}
    assert not any(C.label(c) in sess.log[-1] for c in hidden_now - _public_cards(states[-1]))


def test_a_warigami_window_never_holds_the_other_squad_before_the_reveal(server, app):
    """Seat 1 (the server's computer) chooses its squad first; until seat 0 has chosen, the
    window's view, log and state carry none of it (the state's guess is its own)."""
    code = room(server, "warigami", ["random", "remote"], {"units": 4})
    scene = open_room(app, server, code, [Seat(seat=1)])
    sess = scene.session
    run_until(app, scene.human_to_move, "the window's squad choice")
    real = server.call(lambda s: list(s.rooms[code].state.squads[0]))
    view = sess.seen[0].view
    assert view["phase"] == "squad" and view["squads"][0] == ["?"] * len(real)
    assert not any(str(k) in line for k in set(real) for line in sess.log if "squad" in line.lower())
    rebuilt = type(scene.state).from_view(scene.state.game, view, sess.view_seed)
    assert plain(rebuilt.to_json()) == plain(scene.state.to_json())
    lines = scene.view.margin_lines()
    assert any("ready" in line for line in lines)
    assert not any(real_word in " ".join(lines) for real_word in ("healer", "sniper", "tank", "bomber", "soldier")
                   if real_word in real and not any(real_word in x for x in lines if x.startswith("Your squad")))


def test_the_window_reconnects_after_the_server_stops_and_restarts(server, app):
    code = room(server, "tigers", ["remote", "random"])
    scene = open_room(app, server, code)
    sess = scene.session
    play_my_turns(app, scene, random.Random(2), lambda: sess.seen[0].index >= 6)
    before = sess.seen[0].index
    server.stop()
    run_until(app, lambda: bool(sess.problem), "the lost connection to be noticed")
    assert "cannot be reached" in sess.problem or "Nothing answers" in sess.problem or "closed" in sess.problem
    server.start()
    run_until(app, lambda: not sess.problem and sess.links[0].connected, "the reconnection")
    assert sess.seen[0].index >= before
    play_my_turns(app, scene, random.Random(3), lambda: sess.final is not None)
    assert sess.verified is True, sess.verdict


def test_hot_seat_with_a_remote_seat_one_window_two_seats(server, app):
    """One window holds seats 0 and 1 of a three-seat Amoeba room (two tokens, two
    connections), seat 2 is the server's computer: the window draws the view of the seat to
    move and covers the board between its two people."""
    code = room(server, "amoeba", ["remote", "remote", "random"], {"players": 3}, seed=None)
    tokens: list[tuple[int, str]] = []
    scene = open_room(app, server, code, [Seat(seat=0), Seat(seat=1)], tokens=tokens)
    sess = scene.session
    assert sorted(sess.local_seats()) == [0, 1] and sorted(s for s, _ in tokens) == [0, 1]
    assert len(sess.links) == 2
    handovers = 0

    def watch() -> bool:
        nonlocal handovers
        latest = max(sess.seen, key=lambda s: s.index)
        held = {s.seat: s for s in sess.seen}
        if latest.to_move == 1 and held[0].index == held[1].index == latest.index:
            handovers += 1  # seat 1 (the other person here) is to move: the turn is theirs
            # seat 0's action cannot be taken back now; seat 1 may take back only its own (Amoeba's
            # turns hold several actions, so seat 1 may already have acted in this turn)
            undoer = sess._undo_link()
            assert not held[0].can_undo, "one person here could take back the other's turn"
            assert undoer is None or sess.seen[undoer].seat == 1, "Undo would go through the other person's seat"
        return sess.final is not None

    play_my_turns(app, scene, random.Random(5), watch)
    assert sess.verified is True, sess.verdict
    assert handovers > 0


def test_an_unreachable_server_is_said_plainly_and_a_wrong_room_is_refused(server, app):
    s = socket_free_port()
    scene = join_scene(app, f"ws://127.0.0.1:{s}", "ABCDEFGH", [Seat()])
    app.push(scene)
    run_until(app, lambda: bool(scene.session.problem), "the reach problem")
    assert "Nothing answers" in scene.session.problem
    scene.session.close()
    app.pop()
    scene = join_scene(app, server.url, "ZZZZZZZZ", [Seat()])
    app.push(scene)
    run_until(app, lambda: bool(scene.session.fatal), "the refusal")
    assert "no room" in scene.session.fatal
    assert isinstance(app.top(), ConnectScene)
    scene.session.close()


def test_a_seat_opened_in_another_window_is_said_and_this_window_stops(server, app):
    """The seat's token used again elsewhere: this window says why, once, and does not take the
    seat back by reconnecting (two windows would pass it to and fro)."""
    code = room(server, "tigers", ["remote", "random"], seed=None)
    tokens: list[tuple[int, str]] = []
    scene = open_room(app, server, code, tokens=tokens)
    sess = scene.session
    other = Wire(server.url)
    assert other.join(code, token=tokens[0][1])["seat"] == 0
    run_until(app, lambda: bool(sess.fatal), "the seat moving to the other window")
    assert "another window" in sess.fatal
    reconnects = sess.links[0].reconnects
    for _ in range(60):
        app.frame(pygame.event.get(), 1 / 30)
        time.sleep(0.005)
    assert sess.links[0].reconnects == reconnects
    assert not sess.is_human_turn() and "another window" in scene.refusal
    said: list[str] = []
    fit = paper.fit
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(paper, "fit", lambda s, *a, **k: (said.append(s), fit(s, *a, **k))[1])
        scene.draw(app.screen)
    assert sess.fatal in said and not any(s.startswith("Not allowed") for s in said)  # said, not a refused move
    with pytest.raises(IllegalAction, match="another window"):
        sess.submit(scene.state.random_action(Chance(1)))
    other.send({"type": "sync"})
    assert other.until("sync")["seat"] == 0
    other.close()
    sess.close()


def test_a_room_on_a_level_this_computer_lacks_is_said_once_and_not_asked_again(server, app):
    """Opened straight from Your online games: the window says which level is missing and where
    its file goes, once, and stops (it used to ask the server for the position again and again,
    with a note about a message it could not use)."""
    from tests.net.test_online_scene import host_level_the_friend_lacks

    code, folder = host_level_the_friend_lacks(server)
    app.push(join_scene(app, server.url, code, [Seat()], False, lambda *a: None))
    connect = app.top()
    assert isinstance(connect, ConnectScene)
    sess = connect.session
    run_until(app, lambda: bool(sess.fatal), "the sentence", limit=60)
    assert "my_village.json" in sess.fatal and str(folder) in sess.fatal and sess._closed
    for _ in range(30):
        app.frame(pygame.event.get(), 1 / 30)
    assert app.top() is connect and "cannot use" not in app.toast_text
    said: list[str] = []
    fit = paper.wrap
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(paper, "wrap", lambda s, *a, **k: (said.append(s), fit(s, *a, **k))[1])
        connect.draw(app.screen)
    assert sess.fatal in said


def test_a_room_on_a_level_that_differs_here_from_the_hosts_is_refused_not_drawn(server, app):
    """Two players who both edited a shipped map hold two levels of the same name: the window
    sees that its level is not the one the server set the game up from (the sync's fingerprint)
    and says so, instead of drawing another board than the one played."""
    import json

    from game.levels import load_level
    from game.paths import user_levels_dir

    folder = user_levels_dir("warigami")
    folder.mkdir(parents=True, exist_ok=True)
    data = load_level("warigami", "outpost")
    (folder / "my_outpost.json").write_text(json.dumps(data))
    code = room(server, "warigami", ["remote", "random"], {"level": "my_outpost", "units": 4})
    data["rows"][2] = data["rows"][2].replace("##", "..")  # this computer's my_outpost: two walls fewer
    (folder / "my_outpost.json").write_text(json.dumps(data))
    app.push(join_scene(app, server.url, code, held(code, [Seat()]), False, lambda *a: None))
    sess = app.top().session
    run_until(app, lambda: bool(sess.fatal), "the sentence", limit=60)
    assert "different one" in sess.fatal and sess.game is None and not isinstance(app.top(), PlayScene)


def socket_free_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_chat_line_reaches_the_other_window(server, app):
    code = room(server, "tigers", ["remote", "remote"])
    scene = open_room(app, server, code, [Seat(seat=0)])
    other = RemoteSession(server.url, code, held(code, [Seat(seat=1)]), wake=lambda: None)
    try:
        end = time.monotonic() + LIMIT
        while not other.ready():
            assert time.monotonic() < end
            other.poll()
            time.sleep(0.01)
        assert scene.session.send_chat("hello from seat 0") == ""
        while not any(t == "hello from seat 0" for _, t in other.chat):
            assert time.monotonic() < end
            other.poll()
            time.sleep(0.01)
        run_until(app, lambda: any(t == "hello from seat 0" for _, t in scene.session.chat), "the chat echo")
        assert scene.session.send_chat("x" * 201).startswith("A chat line holds")
        # with the pause menu over the game, the window still hears the room
        scene.open_pause()
        assert app.top() is not scene
        end = time.monotonic() + LIMIT
        while not other.send_chat("while you were paused") == "":
            assert time.monotonic() < end
            time.sleep(0.5)
        run_until(app, lambda: any(t == "while you were paused" for _, t in scene.session.chat), "the chat behind")
    finally:
        other.close()


def _amoeba_choice(state, rng):
    """A-V8 test play: point at an own country (so that troops are written down), else any action."""
    from game.rules.amoeba.actions import Point

    acts = state.legal_actions()
    points = [a for a in acts if isinstance(a, Point) and state.owner[a.country] == state.current_player()]
    return rng.choice(points or acts)


@pytest.mark.parametrize("mine", [0, 1])
def test_A_V8_a_window_says_you_only_for_its_own_seat_and_shows_its_own_secret_choice(server, app, mine):
    """Amoeba with simultaneous turns (A-V8), one person a window: this one, and a bare
    RemoteSession for the other seat.  While the other seat writes its troops down, this
    window says who pointed, never "You pointed" (it did: the view took the seat to move for
    this window's); while the other seat chooses, this window shows its own secret choice
    (and only its own: the other's is only guessed in this window's state)."""
    code = room(server, "amoeba", ["remote", "remote"], {"map": "level", "level": "duel_ten", "simultaneous": True})
    other = RemoteSession(server.url, code, held(code, [Seat(seat=1 - mine)]), wake=lambda: None)
    try:
        scene = open_room(app, server, code, [Seat(seat=mine)])
        view = scene.view
        rng = random.Random(11)
        seen = {"other writes": 0, "own waits": 0, "other waits": 0}
        mine_last = None
        end = time.monotonic() + LIMIT
        while not (all(seen.values()) or scene.state.is_over()):
            assert time.monotonic() < end, seen
            app.frame(pygame.event.get(), 1 / 30)
            other.poll()
            if view.busy():
                view.skip_animation()
                continue
            at_rest = other.state is not None and other.seen[0].index == scene.session.seen[0].index and \
                not any(x.sent_at is not None for x in (*other.seen, *scene.session.seen))
            if not at_rest:
                time.sleep(0.002)
                continue
            s = scene.state
            app.draw()
            if s.phase == "detail" and s.current_player() != mine:
                assert view.shown["pointed"].startswith(f"Player {2 - mine} pointed at #"), view.shown
                seen["other writes"] += 1
            if s.phase in ("move", "detail") and s.current_player() != mine and mine_last is not None and \
                    mine_last[0] == s.phase and (s.phase == "move" or mine in s.dependent and mine in s.details):
                assert view.shown["own"] == f"Your secret choice: {mine_last[1]}.", (view.shown, mine_last)
                seen["own waits"] += 1
            elif s.phase in ("move", "detail") and s.current_player() == mine:
                assert "own" not in view.shown, view.shown  # nothing of the other seat's guessed choice
                seen["other waits"] += s.phase == "move" and bool(s.pending)
            if scene.human_to_move():
                act = _amoeba_choice(s, rng)
                mine_last = (s.phase, act.notation())
                assert scene.submit(act)
            elif other.is_human_turn():
                other.submit(_amoeba_choice(other.state, rng))
        # the seat that points first waits with its own choice shown (seat 0 here: the order
        # is pinned by the room's seed), the seat that points second sees nothing of the first one's
        assert seen["other writes"] and (seen["own waits"] if mine == 0 else seen["other waits"]), seen
    finally:
        other.close()


def test_amoeba_hover_while_waiting_previews_this_windows_own_attack(server, app):
    """Online, while the other seat moves, hovering its country shows this seat's attack sum
    against it (as on this seat's own turn), and hovering an own country shows none: before,
    the preview was the mover's (the other seat's attack on this seat's country)."""
    code = room(server, "amoeba", ["remote", "remote"], {"map": "level", "level": "duel_ten"})
    other = RemoteSession(server.url, code, held(code, [Seat(seat=1)]), wake=lambda: None)
    try:
        scene = open_room(app, server, code, [Seat(seat=0)])
        view = scene.view
        rng = random.Random(5)
        end = time.monotonic() + LIMIT
        while True:
            assert time.monotonic() < end and not scene.state.is_over()
            app.frame(pygame.event.get(), 1 / 30)
            other.poll()
            if view.busy():
                view.skip_animation()
            s = scene.state
            if other.state is None or other.seen[0].index != scene.session.seen[0].index:
                continue
            if s.phase == "move" and other.is_human_turn() and not scene.human_to_move():
                theirs = [c for c in range(s.map.n) if s.owner[c] == 1 and s.attackers(c, 0)]
                if theirs:
                    break
            if scene.human_to_move():
                scene.submit(rng.choice(s.legal_actions()))
            elif other.is_human_turn():
                other.submit(rng.choice(other.state.legal_actions()))
        s = scene.state
        t = theirs[0]
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(int(v) for v in view.to_px(*s.map.labels[t])),
                                      rel=(0, 0), buttons=(0, 0, 0), touch=False)])
        assert view.shown["sum"] == (t, s.attack_sum(t, 0))
        mine = next(c for c in range(s.map.n) if s.owner[c] == 0)
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(int(v) for v in view.to_px(*s.map.labels[mine])),
                                      rel=(0, 0), buttons=(0, 0, 0), touch=False)])
        assert "sum" not in view.shown
    finally:
        other.close()


def test_undo_online_takes_the_action_out_of_the_log_as_at_one_screen(server, app):
    """A Warigami move taken back with Undo (the turn is still the mover's) leaves the log of both
    windows, as at one screen (the server kept its lines and added "(undone)", so the log read as
    if it had happened); one line says who took back."""
    from game.rules.warigami.actions import EndTurn, Move

    code = room(server, "warigami", ["remote", "remote"], {"units": 2})
    other = RemoteSession(server.url, code, held(code, [Seat(seat=1)]), wake=lambda: None)
    rng = random.Random(4)
    try:
        scene = open_room(app, server, code, [Seat(seat=0)])
        sess = scene.session

        def to_my_move() -> bool:
            """Both seats play (seat 1 ends its turns) until seat 0 may move a unit."""
            other.poll()
            if other.is_human_turn():
                acts = other.state.legal_actions()
                other.submit(next((a for a in acts if isinstance(a, EndTurn)), rng.choice(acts)))
            if not scene.human_to_move() or sess.seen[0].sent_at is not None:
                return False
            acts = scene.state.legal_actions()
            if any(isinstance(a, Move) for a in acts):
                return True
            scene.submit(rng.choice(acts))
            return False

        run_until(app, to_my_move, "seat 0's first move")
        act = next(a for a in scene.state.legal_actions() if isinstance(a, Move))
        at = sess.seen[0].index
        before = list(sess.log)
        assert scene.submit(act)
        run_until(app, lambda: sess.seen[0].index == at + 1 and len(sess.log) > len(before), "the move")
        said = sess.log[len(before):]
        run_until(app, sess.can_undo, "undo to be offered")
        scene.undo()
        run_until(app, lambda: sess.seen[0].index == at and "took back" in sess.log[-1], "the undo and its log", 30)
        assert said and sess.log[-2] == before[-1] and not set(said) & set(sess.log[-2:])
        assert "(undone)" not in sess.log
        assert sess.log[-1] == "Player 1 took back their last action."
        run_until(app, lambda: other.poll() is not None and other.seen[0].index == at, "the other window")
        run_until(app, lambda: other.poll() is not None and other.log[-1:] == sess.log[-1:], "the other's log")
        assert other.log[-2:] == sess.log[-2:]
    finally:
        other.close()


def test_a_move_lost_with_the_line_is_said_after_the_reconnection(server, app):
    """A move sent just before the line dropped that never reached the server: after the
    reconnection the position is the same and the window says so (it was silent: the player's
    move had simply gone)."""
    from game.net.remote import LOST_MOVE

    code = room(server, "amoeba", ["remote", "random"], {"map": "level", "level": "duel_ten"})
    scene = open_room(app, server, code)
    sess = scene.session
    run_until(app, scene.human_to_move, "seat 0's turn")
    at = sess.seen[0].index
    link = sess.links[0]
    sent = link.send
    link.send = lambda msg: True  # the frame is lost on the way (the server never sees it)
    assert scene.submit(scene.state.legal_actions()[0])
    link.send = sent
    assert sess.seen[0].sent_at == at and not scene.human_to_move()
    server.stop()
    run_until(app, lambda: bool(sess.problem), "the dropped line")
    server.start()
    run_until(app, lambda: not sess.problem and sess.seen[0].synced and scene.human_to_move(), "the reconnection")
    assert sess.seen[0].index == at
    run_until(app, lambda: app.toast_text == LOST_MOVE, "the sentence", 30)


def test_amoeba_map_drawn_together_offers_done_and_save_only_to_the_drawer(server, app):
    """Drawing the map together online: the window of the seat that draws has Done and Save
    map; the other window had the same two buttons, dead (its clicks never reach the board),
    and now says who draws."""
    code = room(server, "amoeba", ["remote", "remote"], {"map": "draw", "countries": 6})
    other = RemoteSession(server.url, code, held(code, [Seat(seat=1)]), wake=lambda: None)
    try:
        scene = open_room(app, server, code, [Seat(seat=0)])
        view = scene.view
        rng = Chance(3)
        seen = {"draws here": 0, "draws there": 0}
        end = time.monotonic() + LIMIT
        while scene.state.phase == "map" and not all(seen.values()):
            assert time.monotonic() < end, seen
            app.frame(pygame.event.get(), 1 / 30)
            other.poll()
            if other.state is None or other.seen[0].index != scene.session.seen[0].index:
                continue
            app.draw()
            if scene.human_to_move():
                assert [b.key for b in view.buttons] == ["done", "save"]
                seen["draws here"] += 1
                assert scene.submit(scene.state.random_action(rng))
            elif other.is_human_turn():
                assert view.buttons == [], [b.label for b in view.buttons]
                seen["draws there"] += 1
                other.submit(other.state.random_action(rng))
        assert all(seen.values()), seen
    finally:
        other.close()


def test_rules_registry_has_the_games():  # the tests above name these games
    assert {"tigers", "warigami", "amoeba"} <= {rs.name for rs in registry.rulesets()}


def test_the_smallest_window_still_shows_the_newest_log_entry_online(server):
    """At 800x560 the margin holds the seats, the view's lines, the log, the chat line and the
    buttons: the log keeps the room of the hand-over row while nobody is away to hand over, and
    an entry too long for the room left is shown cut, not left out with everything older."""
    from game.ui import paper

    app = make_app((800, 560), headless=True)
    try:
        code = room(server, "warigami", ["remote", "random"], {"level": "skirmish", "units": 2})
        scene = open_room(app, server, code)
        sess = scene.session
        play_my_turns(app, scene, random.Random(4), lambda: sess.state.phase == "move" and len(sess.log) >= 9)
        scene.view.skip_animation()
        run_until(app, lambda: not scene.view.busy(), "the board at rest")
        assert sess.handover_offer() is None and not scene.handover_button.visible
        width = scene.margin_w - scene.px(20)

        def drawn_log() -> list[str]:
            drawn: list[str] = []
            real = paper.text

            def spy(surf, text, pos, size=20, colour=paper.INK, anchor="topleft", bold=False):
                drawn.append(text)
                return real(surf, text, pos, size, colour, anchor, bold)

            paper.text = spy
            try:
                scene.draw(app.screen.copy())
            finally:
                paper.text = real
            return drawn[drawn.index("Log") + 1:]

        shown = drawn_log()
        last_two = [line for e in sess.log[-2:] for line in paper.wrap(scene.say(e), scene.px(16), width)]
        assert shown[-len(last_two):] == last_two, (sess.log[-2:], shown)
        # a sentence longer than the room: its start, cut, rather than an empty log
        sess.log.append("Sniper #1 " + "rolls and rolls again " * 20 + "and misses.")
        shown = drawn_log()
        assert shown and shown[0].startswith("Sniper #1 rolls") and shown[-1].endswith("...")
        assert all(paper.font(scene.px(16)).size(t)[0] <= width for t in shown)
    finally:
        while app.scenes:
            app.pop()


def test_a_seat_handed_over_while_away_is_taken_back_from_the_window(server, app, monkeypatch):
    """The window of a player whose seat went to the computer says so and offers Take my seat
    back; pressing it gives the seat back (the server stops its computer player)."""
    import game.net.server as server_mod

    monkeypatch.setattr(server_mod, "AWAY_HANDOVER_S", 0.0)
    code = room(server, "warigami", ["remote", "remote"], {"units": 2})
    away, friend = Wire(server.url), Wire(server.url)
    away.join(code, token=code.tokens[0])
    friend.join(code, token=code.tokens[1])
    away.close()
    while friend.until("presence")["seats"][0]["here"]:
        pass
    friend.send({"type": "hand_over", "seat": 0})
    while friend.until("presence")["seats"][0]["kind"] != "computer":
        pass
    scene = open_room(app, server, code, [Seat(seat=0)])
    sess = scene.session
    run_until(app, lambda: sess.taken_over() == 0 and scene.handover_button.visible, "the offer to take it back")
    assert scene.handover_button.text == "Take my seat back" and not scene.wait_button.visible
    assert sess.seat_kind(0) == "computer" and not scene.human_to_move()
    said: list[str] = []
    fit = paper.fit
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(paper, "fit", lambda s, *a, **k: (said.append(s), fit(s, *a, **k))[1])
        scene.draw(app.screen)
    assert any("handed over while you were away" in s for s in said)
    import pygame_gui

    app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.handover_button)])
    run_until(app, lambda: sess.taken_over() is None and sess.seat_kind(0) == "human", "the seat coming back")
    assert server.call(lambda s: s.rooms[code].row.seats[0]) == "human"
    run_until(app, lambda: not scene.handover_button.visible, "the button going")
    friend.close()
