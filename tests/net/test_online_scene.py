"""Play online, headless: Host makes a room on an in-process server, Join says plainly what is
wrong, the token file round-trips (a damaged one is one sentence), your games mark "your turn".

Every server is on 127.0.0.1 on a free port; waits are bounded loops over frames (the network
answers in a worker thread), never timed assertions.
"""

from __future__ import annotations

import socket
import time

import pygame
import pygame_gui
import pytest

from game.net import lobby
from game.net.harness import ServerThread
from game.net.lobby import HostServer, Job
from game.net.tokens import HeldSeat, TokenStore
from game.ui.main import make_app
from game.ui.scenes.host import HostSetupScene
from game.ui.scenes.look import RoomSetupScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.online import OnlineScene
from game.ui.scenes.room import RoomScene


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def until(app, check, limit=60.0):
    """Frames until ``check()`` holds (the workers answer in their own threads)."""
    end = time.monotonic() + limit
    while not check() and time.monotonic() < end:
        app.frame([])
        time.sleep(0.02)
    app.frame([])
    return check()


def press(app, button):
    app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])


def pick(app, drop, text):
    app.frame([pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=drop, text=text)])


@pytest.fixture
def app(tmp_path):
    a = make_app((1280, 800), headless=True)
    a.online_host = HostServer(tmp_path / "hosted", "127.0.0.1")  # loopback only in tests
    yield a
    assert Job.wait_all(60)  # no worker may touch the window after it closes
    a.online_host.stop()
    a.close()


@pytest.fixture
def server(tmp_path):
    st = ServerThread(tmp_path / "server")
    st.start()
    yield st
    st.close()


def open_online(app) -> OnlineScene:
    menu = app.top()
    assert isinstance(menu, MenuScene)
    button = next(b for b, k in menu.buttons.items() if k == "online")
    assert button.text == "Play online"
    press(app, button)
    scene = app.top()
    assert isinstance(scene, OnlineScene)
    return scene


def test_host_flow_starts_a_server_makes_the_room_and_shows_its_code(app):
    scene = open_online(app)
    pick(app, scene.game_drop, "Paper Tigers")
    port = free_port()
    scene.port_entry.set_text(str(port))
    press(app, scene.host_button)
    setup = app.top()
    assert isinstance(setup, HostSetupScene) and setup.rs.name == "tigers"
    assert setup.seed_entry is None  # the server draws the seed and keeps it secret
    assert "Friend (online)" in setup.seat_options() and "Here, at this screen" in setup.seat_options()
    assert setup.seats == ["human", "remote"]
    press(app, setup.start)
    assert until(app, lambda: isinstance(app.top(), RoomScene)), setup.problem
    room = app.top()
    assert app.online_host.port == port
    assert room.hosted and len(room.room) == 8 and room.url == f"ws://127.0.0.1:{port}"
    # the room is on the app's own server, seat 0 claimed for this screen, seat 1 free for the friend
    srv = app.online_host.server
    assert room.room in srv.rooms and srv.rooms[room.room].row.game == "tigers"
    assert srv.rooms[room.room].row.tokens[0] is not None and srv.rooms[room.room].row.tokens[1] is None
    assert list(room.tokens) == [0] and room.free_seats() == [1]
    assert any("Blue: you, here" == line for line in room.seat_lines())
    # the token is kept, so the game is in Your online games after a restart of the app
    kept = TokenStore()
    assert [(s.room, s.seat, s.hosted, s.game) for s in kept.seats] == [(room.room, 0, True, "tigers")]
    assert kept.port == port
    labels = [e.text for e in room.box.elements if isinstance(e, pygame_gui.elements.UIButton)]
    assert "Open the game" in labels
    assert "Wrecks stay on the table: on" in room.settings_lines()
    assert any(line.startswith("Scenario: ") for line in room.settings_lines())


def test_host_on_a_server_someone_runs(app, server):
    scene = open_online(app)
    pick(app, scene.game_drop, "Warigami")
    pick(app, scene.where_drop, "A server someone runs")
    assert scene.address_entry.visible and not scene.port_entry.visible
    scene.address_entry.set_text(f"127.0.0.1:{server.port}")
    press(app, scene.host_button)
    setup = app.top()
    assert isinstance(setup, HostSetupScene)
    pick(app, setup.seat_drops[1], "Computer: " + next(iter(setup.seat_options()[2:])).split(": ", 1)[1])
    press(app, setup.start)
    assert until(app, lambda: isinstance(app.top(), RoomScene)), setup.problem
    room = app.top()
    assert not room.hosted and room.url == server.url and not app.online_host.running
    kinds = server.call(lambda s: list(s.rooms[room.room].row.seats))
    assert kinds[0] == "human" and kinds[1] != "human"  # the computer seat runs on the server


@pytest.mark.parametrize("address,code,expect", [
    ("", "ABCDEFGH", "Type the server's address first"),
    ("127.0.0.1:{port}", "abc", "A room code has 8 letters and digits"),
    ("127.0.0.1:{port}", "ZZZZZZZZ", "There is no room 'ZZZZZZZZ' on this server."),
    ("127.0.0.1:{closed}", "ZZZZZZZZ", "Nothing answers at ws://127.0.0.1:"),
    ("http://127.0.0.1", "ZZZZZZZZ", "A server address starts with ws:// or wss://"),
])
def test_join_with_a_wrong_code_or_no_server_says_why_in_a_sentence(app, server, address, code, expect):
    scene = open_online(app)
    scene.join_address_entry.set_text(address.format(port=server.port, closed=free_port()))
    scene.code_entry.set_text(code)
    press(app, scene.join_button)
    assert until(app, lambda: bool(scene.join_problem))
    assert app.top() is scene
    assert expect in scene.join_problem and scene.join_problem.endswith((".", ")."))


def test_join_shows_the_hosts_setup_screen_read_only_then_takes_a_free_seat(app, server, monkeypatch):
    """Join: the friend sees the setup screen the host used, filled with the room's settings and
    seats, every widget disabled and no event able to change a value; the buttons are Back,
    Play for the free seat, Watch; Play claims that seat (its token kept) and opens the game."""
    from game import registry

    settings = {"players": 3, "troops": 120, "one_army_end": True}
    room = lobby.create(server.url, "amoeba", ["remote", "remote", "hard"], settings)
    host_token = lobby.claim(server.url, room, 0)
    scene = open_online(app)
    scene.join_address_entry.set_text(f"127.0.0.1:{server.port}")
    scene.code_entry.set_text(room.lower())
    press(app, scene.join_button)
    assert until(app, lambda: isinstance(app.top(), RoomSetupScene)), scene.join_problem
    look = app.top()
    assert look.rs.name == "amoeba" and look.heading == f"Room {room}"
    assert not look.tokens and server.call(lambda s: s.rooms[room].row.tokens[1]) is None  # looking claimed nothing
    # the host's settings, as the server has them (the rest at their defaults), and the seats
    defaults = {spec.key: spec.default for spec in registry.get("amoeba").game_cls.settings_spec}
    assert look.values == defaults | settings
    assert [look.seat_drops[i].selected_option[0] for i in range(3)] == \
        ["Person (online)", "Person (online)", "Computer: Hard"]
    shown = {spec.key: w for w, (kind, spec) in look.widgets.items() if kind == "setting"}
    assert shown["troops"].get_text() == "120" and shown["one_army_end"].selected_option[0] == "on"
    # shown, not changeable: every widget disabled, none reachable by Tab, no event changes a value
    assert look.widgets and all(not w.is_enabled for w in look.widgets)
    assert look.seed_entry is None and look.learn is None
    assert {tuple(f.rect) for f in look.focus_items()} == {tuple(b.get_abs_rect()) for b in look.actions_made}
    pick(app, shown["one_army_end"], "off")
    pick(app, look.seat_drops[2], "Person (online)")
    app.frame([pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=shown["troops"], text="50")])
    assert look.values == defaults | settings and look.seats == ["remote", "remote", "hard"]
    at = shown["troops"].get_abs_rect().center  # a click on a number field puts no cursor in it
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)])
    assert not shown["troops"].is_focused and shown["troops"].get_text() == "120"
    assert any("The host chose these settings" in line for line in look.pitch_lines())
    assert [line for line in look.legend_lines() if line.startswith("Player 2")] == [
        "Player 2: free: Play Player 2 makes it yours"]
    labels = {b.text: b for b in look.actions_made}
    assert list(labels) == ["Back", "Play Player 2", "Watch"]
    opened = []
    monkeypatch.setattr("game.ui.scenes.look.open_room",
                        lambda app, url, code, tokens, watch=False, replace=False: opened.append((url, code, tokens, watch)))
    press(app, labels["Play Player 2"])
    assert until(app, lambda: bool(opened)), look.problem
    url, code, tokens, watch = opened[0]
    assert (url, code, list(tokens), watch) == (server.url, room, [1], False)
    assert server.call(lambda s: s.rooms[room].row.tokens[1]) is not None
    assert [(s.room, s.seat) for s in TokenStore().seats] == [(room, 1)]
    assert tokens[1] != host_token
    # back at the room later: the seat held here is marked as yours, Open the game takes it up
    again = RoomSetupScene(app, look.rs, server.url, room, lobby.peek(server.url, room), TokenStore())
    app.push(again)
    assert again.seat_name(1) == "Player 2 (you)" and [b.text for b in again.actions_made] == \
        ["Back", "Open the game", "Watch"]
    press(app, next(b for b, k in again.actions_made.items() if k == "open"))
    assert opened[-1] == (server.url, room, {1: tokens[1]}, False)


def test_join_follows_the_room_a_seat_taken_meanwhile_leaves_the_buttons(app, server):
    """The friend's screen asks the room again every few seconds: a seat a third player takes
    goes from the buttons and reads as taken."""
    from game.ui.online.rooms import ROOM_EVERY
    from game.ui.online.servers import joinable

    room = lobby.create(server.url, "tigers", ["remote", "remote"], {})
    lobby.claim(server.url, room, 0)
    rs = joinable("tigers")
    look = RoomSetupScene(app, rs, server.url, room, lobby.peek(server.url, room), TokenStore())
    app.push(look)
    assert [b.text for b in look.actions_made] == ["Back", "Play Orange", "Watch"]
    lobby.claim(server.url, room, 1)  # someone else was quicker
    look.looked_at -= ROOM_EVERY  # the next look is due now
    assert until(app, lambda: [b.text for b in look.actions_made] == ["Back", "Watch"])
    assert "Orange: taken, the player is away now" in look.legend_lines()
    assert any("Every seat is taken" in line for line in look.pitch_lines())


def test_join_a_room_of_a_game_this_app_lacks_is_one_sentence(app, monkeypatch):
    import game.ui.scenes.online as online

    scene = open_online(app)
    monkeypatch.setattr(online.lobby, "peek", lambda url, code: {"game": "chess", "settings": {}, "seats": []})
    scene.join_address_entry.set_text("127.0.0.1:8765")
    scene.code_entry.set_text("ABCDEFGH")
    press(app, scene.join_button)
    assert until(app, lambda: bool(scene.join_problem))
    assert app.top() is scene and "plays 'chess', which this version of Paper Wars does not have" in \
        scene.join_problem


def host_level_the_friend_lacks(server):
    """A room on a Tigers level made in the host's editor; then the level is gone from this
    computer (the server and this window share the test's folders), as on a friend's."""
    import json

    from game.levels import load_level
    from game.paths import user_levels_dir

    folder = user_levels_dir("tigers")
    folder.mkdir(parents=True, exist_ok=True)
    data = load_level("tigers", "village_fight") | {"title": "My village"}
    (folder / "my_village.json").write_text(json.dumps(data))
    room = lobby.create(server.url, "tigers", ["remote", "random"], {"level": "my_village"})
    (folder / "my_village.json").unlink()
    return room, folder


def look_at_room(app, server, room):
    scene = open_online(app)
    scene.join_address_entry.set_text(f"127.0.0.1:{server.port}")
    scene.code_entry.set_text(room)
    press(app, scene.join_button)
    assert until(app, lambda: isinstance(app.top(), RoomSetupScene)), scene.join_problem
    app.frame([])
    return app.top()


def test_join_a_room_on_a_level_this_computer_lacks_copies_the_hosts_level_then_opens(app, server):
    """The friend's setup screen names the missing level and the folder its file goes in; no seat
    is offered (this computer cannot set the game up) but Copy the host's level is: it puts the
    room's level in the friend's levels, and then the free seat can be played."""
    from game.levels import level_digest, list_levels

    room, folder = host_level_the_friend_lacks(server)
    look = look_at_room(app, server, room)
    assert "my_village" in look.problem and str(folder) in look.problem and "not on this computer" in look.problem
    assert [b.text for b in look.actions_made] == ["Back", "Copy the host's level"]
    assert not any("free: Play" in line for line in look.legend_lines())
    assert "Player 1: free: Copy the host's level, then Play Player 1" in look.legend_lines()
    assert server.call(lambda s: s.rooms[room].row.tokens[0]) is None  # nothing claimed
    press(app, next(b for b, k in look.actions_made.items() if k == "copy"))
    assert until(app, lambda: look.copying is None)
    assert look.problem == "" and "my_village" in list_levels("tigers") and (folder / "my_village.json").is_file()
    spec = look.rs.game_cls.settings_spec
    assert level_digest("tigers", spec, {"level": "my_village"}) == look.sync["level_digest"]
    assert app.toast_good and "My village" in app.toast_text
    assert [b.text for b in look.actions_made] == ["Back", "Play Blue", "Watch"]
    press(app, next(b for b, k in look.actions_made.items() if k == "seat:0"))
    from game.ui.playing.scene import PlayScene

    assert until(app, lambda: isinstance(app.top(), PlayScene))
    play = app.top()
    assert until(app, lambda: play.state is not None and play.session.seen[0].synced)
    assert play.state.game.settings["level"] == "my_village" and not play.session.fatal
    play.session.close()


def test_a_level_the_server_sends_that_is_not_the_rooms_is_not_kept(app, server, monkeypatch):
    """A server that sends other content than the room was set up from (its fingerprint says so),
    or a file that does not open as a level: nothing is written, one sentence says why."""
    room, folder = host_level_the_friend_lacks(server)
    look = look_at_room(app, server, room)
    real = lobby.request

    def tampered(url, messages, want, timeout=lobby.TIMEOUT):
        replies = real(url, messages, want, timeout)
        for m in replies:
            if m["type"] == "level":
                m["levels"]["my_village"]["title"] = "Not the host's"
        return replies

    monkeypatch.setattr(lobby, "request", tampered)
    press(app, next(b for b, k in look.actions_made.items() if k == "copy"))
    assert until(app, lambda: look.copying is None)
    assert "not the one the room was set up from" in look.problem and not (folder / "my_village.json").exists()
    assert [b.text for b in look.actions_made] == ["Back"]


def test_token_file_round_trips(tmp_path):
    path = tmp_path / "online.json"
    store = TokenStore(path)
    assert store.seats == [] and store.problem == ""
    a = HeldSeat("ws://127.0.0.1:8765", "K7MQ2XPA", 0, "t" * 32, "tigers", True)
    b = HeldSeat("wss://play.example.org/pw", "ABCDEFGH", 1, "u" * 32, "amoeba")
    store.add(a)
    store.add(b)
    store.set_port(9000)
    again = TokenStore(path)
    assert again.seats == [a, b] and again.port == 9000 and again.problem == ""
    again.add(HeldSeat(a.url, a.room, 0, "v" * 32, "tigers", True))  # a new token for the same seat replaces
    assert [s.token for s in TokenStore(path).seats] == ["u" * 32, "v" * 32]
    again.forget(b.url, b.room)
    assert [s.room for s in TokenStore(path).seats] == ["K7MQ2XPA"]


@pytest.mark.parametrize("text,expect", [
    ("{not json", "is damaged or cut short"),
    ('{"format": "something else", "seats": []}', "is not a Paper Wars file"),
    ('{"format": "paperwars-online", "version": 99, "seats": []}', "from another version"),
    ('[1, 2, 3]', "is not a Paper Wars file"),
    ("", "is empty"),
])
def test_a_damaged_token_file_is_one_sentence_and_is_never_lost(tmp_path, text, expect):
    path = tmp_path / "online.json"
    path.write_text(text, encoding="utf-8")
    store = TokenStore(path)
    assert store.seats == []
    assert expect in store.problem and "left as it is" in store.problem
    assert store.problem.count(". ") <= 2 and "Traceback" not in store.problem
    assert path.read_text(encoding="utf-8") == text  # reading changed nothing
    store.add(HeldSeat("ws://127.0.0.1:8765", "K7MQ2XPA", 0, "t" * 32, "tigers"))
    assert (tmp_path / "online.damaged.json").read_text(encoding="utf-8") == text  # kept beside it
    assert len(TokenStore(path).seats) == 1


def test_a_token_file_with_one_bad_entry_keeps_the_others(tmp_path):
    path = tmp_path / "online.json"
    good = HeldSeat("ws://127.0.0.1:8765", "K7MQ2XPA", 0, "t" * 32, "tigers").to_json()
    path.write_text('{"format": "paperwars-online", "version": 1, "seats": [%s, {"url": "file:///etc/passwd"}]}'
                    % __import__("json").dumps(good), encoding="utf-8")
    store = TokenStore(path)
    assert len(store.seats) == 1 and "1 damaged entry" in store.problem


def test_your_games_marks_your_turn_and_the_menu_shows_it(app, server):
    mine = lobby.create(server.url, "tigers", ["remote", "remote"], {})
    theirs = lobby.create(server.url, "tigers", ["remote", "remote"], {})
    store = TokenStore()
    store.add(HeldSeat(server.url, mine, 0, lobby.claim(server.url, mine, 0), "tigers"))  # seat 0 moves first
    store.add(HeldSeat(server.url, theirs, 1, lobby.claim(server.url, theirs, 1), "tigers"))
    scene = open_online(app)
    assert until(app, lambda: scene.listing is None and bool(scene.rooms))
    rows = [label for label, _ in scene.list_rows()]
    assert rows[0] == f"YOUR TURN: Paper Tigers, {mine}"
    assert rows[1] == f"Paper Tigers, {theirs}: waiting"
    assert [i["text"] for i in scene.games_list.item_list] == rows
    assert scene.your_turns() == 1
    # resuming the selected room opens it with the seat token kept for it
    opened = []
    import game.ui.scenes.online as online
    from game.ui.online.servers import your_turn_check

    online_open, online.open_room = online.open_room, lambda *a, **k: opened.append(a) or True
    try:
        scene.games_list.item_list[0]["selected"] = True
        press(app, scene.resume_button)
        assert until(app, lambda: bool(opened))
    finally:
        online.open_room = online_open
    assert opened[0][1:] == (server.url, mine, {0: store.seats[0].token})
    # on start, the menu asks the servers in the background and marks Play online
    app.pop()
    menu = app.top()
    menu.online_check = your_turn_check(app)
    assert until(app, lambda: menu.online_check.done)
    assert menu.online_turns() == 1


def test_your_games_says_when_a_server_does_not_answer(app):
    TokenStore().add(HeldSeat(f"ws://127.0.0.1:{free_port()}", "K7MQ2XPA", 0, "t" * 32, "tigers"))
    scene = open_online(app)
    assert until(app, lambda: scene.listing is None and bool(scene.unreachable))
    assert "Nothing answers at" in scene.list_problem
    assert scene.list_rows()[0][0] == "Paper Tigers, K7MQ2XPA: no answer"


def test_the_menu_asks_for_your_turn_without_waiting_for_a_silent_server(tmp_path):
    """A server that takes the connection but never answers: the menu opens and draws at once;
    the question ends later (timeout) with no badge and no crash."""
    silent = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    try:
        TokenStore().add(HeldSeat(f"ws://127.0.0.1:{silent.getsockname()[1]}", "K7MQ2XPA", 0, "t" * 32, "tigers"))
        a = make_app((1024, 600), headless=True)
        try:
            menu = a.top()
            assert isinstance(menu, MenuScene) and menu.online_check is not None
            for _ in range(3):
                a.frame([])
            assert not menu.online_check.done  # nothing answered, and the window went on drawing
            assert menu.online_turns() == 0
            assert until(a, lambda: menu.online_check.done, limit=60)
            assert menu.online_turns() == 0 and "does not answer" in menu.online_check.result["problems"][
                next(iter(menu.online_check.result["problems"]))]
        finally:
            Job.wait_all(60)
            a.close()
    finally:
        silent.close()


@pytest.mark.parametrize("size,scale", [((1024, 600), 100), ((1366, 768), 125), ((1920, 1080), 150)])
def test_the_online_screens_lay_out_without_overlaps(tmp_path, size, scale):
    from tests.test_layout import check

    a = make_app(size, headless=True)
    a.online_host = HostServer(tmp_path / "hosted", "127.0.0.1")
    try:
        if scale != 100:
            a.set_ui_scale(scale)
        TokenStore().add(HeldSeat(f"ws://127.0.0.1:{free_port()}", "K7MQ2XPA", 0, "t" * 32, "tigers"))
        check(a, "menu")
        scene = OnlineScene(a)
        a.push(scene)
        check(a, "online")
        for name in ("tigers", "amoeba", "space"):
            from game import registry

            a.push(HostSetupScene(a, registry.get(name), ("here", 8765), scene.store))
            check(a, f"host {name}")
            a.pop()
        sync = {"game": "tigers", "settings": {}, "seats": [
            {"seat": 0, "kind": "remote", "claimed": True, "here": False},
            {"seat": 1, "kind": "remote", "claimed": False, "here": False}]}
        for room in (RoomScene(a, "ws://127.0.0.1:8765", "K7MQ2XPA", sync, scene.store, hosted=True,
                               tokens={0: "t" * 32}, port=8765),
                     RoomScene(a, "ws://127.0.0.1:8765", "K7MQ2XPA", sync, scene.store, tokens={})):
            a.push(room)
            check(a, "room")
            a.pop()  # the friend's read-only setup screen: tests/test_layout.py
    finally:
        Job.wait_all(60)
        a.online_host.stop()
        a.close()


def test_what_is_typed_stays_when_the_list_changes_or_the_window_resizes(app, server):
    room = lobby.create(server.url, "tigers", ["remote", "remote"], {})
    scene = open_online(app)
    scene.join_address_entry.set_text("192.168.1.20:8765")
    scene.code_entry.set_text("K7MQ")
    TokenStore().add(HeldSeat(server.url, room, 0, lobby.claim(server.url, room, 0), "tigers"))
    assert not scene.games_list.visible and not scene.resume_button.visible  # nothing to resume yet
    scene.refresh()
    assert until(app, lambda: scene.listing is None and bool(scene.rooms))
    assert scene.games_list.visible and scene.resume_button.visible
    assert [label for label, _ in scene.list_rows()] == [f"YOUR TURN: Paper Tigers, {room}"]
    assert scene.join_address_entry.get_text() == "192.168.1.20:8765" and scene.code_entry.get_text() == "K7MQ"
    app._resized((1100, 700))
    scene = app.top()
    assert scene.join_address_entry.get_text() == "192.168.1.20:8765" and scene.code_entry.get_text() == "K7MQ"


def test_host_opens_the_game_and_a_friend_joins_the_same_room_from_the_menu(app, tmp_path):
    """Host (two seats: one here, one a friend), Open the game: the play screen holds this seat
    through the network client; a friend's app (another App, another token file) joins with the
    code and plays the free seat.  Both sessions see the friend's seat taken."""
    from game.net.remote import RemoteSession
    from game.ui.playing.scene import PlayScene
    from game.ui.scenes.connect import ConnectScene

    scene = open_online(app)
    pick(app, scene.game_drop, "Paper Tigers")
    scene.port_entry.set_text(str(free_port()))
    press(app, scene.host_button)
    press(app, app.top().start)
    assert until(app, lambda: isinstance(app.top(), RoomScene))
    room = app.top()
    code, url = room.room, room.url
    press(app, next(b for b, (k, _) in room.buttons.items() if k == "open"))
    # connecting... (or, when the first position came within that very frame, already the game)
    assert isinstance(app.top(), (ConnectScene, PlayScene))
    assert until(app, lambda: isinstance(app.top(), PlayScene), limit=120)
    host_play = app.top()
    assert isinstance(host_play.session, RemoteSession) and host_play.session.local_seats() == [0]
    assert app.find(OnlineScene) is scene  # leaving the game goes back to Play online
    # the friend: Join with the code (the host's address), look, play the free seat
    friend_home = tmp_path / "friend"
    friend_store = TokenStore(friend_home / "online.json")
    sync = lobby.peek(url, code)
    look = RoomSetupScene(app, room.rs, url, code, sync, friend_store)
    app.push(look)
    press(app, next(b for b, k in look.actions_made.items() if k == "seat:1"))
    assert until(app, lambda: isinstance(app.top(), PlayScene) and app.top() is not host_play, limit=120)
    friend_play = app.top()
    assert friend_play.session.local_seats() == [1]
    assert [(s.room, s.seat) for s in TokenStore(friend_home / "online.json").seats] == [(code, 1)]
    taken = lobby.peek(url, code)["seats"]
    assert all(s["claimed"] for s in taken)
    for s in (friend_play.session, host_play.session):
        s.close()


def test_host_seats_added_by_a_setting_are_for_friends(app):
    from game import registry

    setup = HostSetupScene(app, registry.get("amoeba"), ("here", 8765), TokenStore())
    app.push(setup)
    app.frame([])
    assert setup.seats == ["human", "remote"]
    players = next(w for w, (kind, spec) in setup.widgets.items() if kind == "setting" and spec.key == "players")
    pick(app, players, "3")
    assert setup.seats == ["human", "remote", "remote"]
    pick(app, setup.seat_drops[1], "Here, at this screen")
    assert setup.seats == ["human", "human", "remote"]


def test_back_on_play_online_the_hidden_fields_stay_hidden(app):
    """Coming back from the Host screen shows the screen's widgets again, but never the address
    field over the port field, nor an empty list (a box's show() shows every child)."""
    scene = open_online(app)
    press(app, scene.host_button)
    assert isinstance(app.top(), HostSetupScene)
    app.pop()
    app.frame([])
    assert app.top() is scene
    assert scene.port_entry.visible and not scene.address_entry.visible
    assert not scene.games_list.visible and not scene.resume_button.visible


def test_the_hosted_server_stops_when_the_app_quits_and_hosts_its_rooms_again_on_the_next_start(monkeypatch):
    """Host a game (the app starts its own server), go back to the menu and Quit: the port is
    free again (a connection is refused) and the server's thread is gone.  The room is in the
    server's database: on the next start the menu hosts it again on the same port by itself
    and marks it "your turn"; closing that app frees the port again."""
    import threading

    import game.ui.online.servers as servers

    # the app's own server, as the app makes it (its database in the data folder), on loopback only
    monkeypatch.setattr(servers, "HostServer", lambda: HostServer(None, "127.0.0.1"))

    def host_threads():
        return [t for t in threading.enumerate() if t.name == "paperwars-host" and t.is_alive()]

    def refused(port):
        with pytest.raises(OSError):  # nothing listens on the port any more
            socket.create_connection(("127.0.0.1", port), timeout=10).close()
        return True

    a = make_app((1280, 800), headless=True)
    try:
        scene = open_online(a)
        pick(a, scene.game_drop, "Paper Tigers")
        port = free_port()
        scene.port_entry.set_text(str(port))
        press(a, scene.host_button)
        press(a, a.top().start)
        assert until(a, lambda: isinstance(a.top(), RoomScene)), a.top().problem
        code = a.top().room
        with socket.create_connection(("127.0.0.1", port), timeout=10):
            pass  # the app's server listens
        assert len(host_threads()) == 1
        while not isinstance(a.top(), MenuScene):
            press(a, next(b for b in a.top().box.elements
                          if isinstance(b, pygame_gui.elements.UIButton) and b.text == "Back"))
        press(a, next(b for b, k in a.top().buttons.items() if k == "quit"))
        assert not a.running
        assert Job.wait_all(60)
    finally:
        a.run()  # the loop sees Quit and closes the app
    assert not a.online_host.running and not host_threads() and refused(port)
    with pytest.raises(lobby.Problem, match="closing"):  # a late worker cannot start it again
        a.online_host.start(port)
    # the next start of the app: the menu asks for "your turn", which starts the server again
    b = make_app((1280, 800), headless=True)
    try:
        menu = b.top()
        assert isinstance(menu, MenuScene) and menu.online_check is not None
        assert until(b, lambda: menu.online_check.done)
        assert b.online_host.running and b.online_host.port == port
        assert menu.online_turns() == 1  # seat 0 is this screen's, and Tigers' first move is seat 0's
        sync = lobby.peek(b.online_host.url, code)
        assert sync["game"] == "tigers" and [s["claimed"] for s in sync["seats"]] == [True, False]
        assert Job.wait_all(60)
    finally:
        b.close()
    assert not b.online_host.running and not host_threads() and refused(port)
