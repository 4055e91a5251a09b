"""Issue 46, hosting with a data folder that is not as it should be: the rooms database
(hosted/rooms.sqlite3, ``paperwars serve --data DIR``) damaged, cut short, of another program or
version, a link, held by another program: one sentence naming the file, what is wrong and what to
do; the file left as it is; exit 2 on the command line.  A data folder that cannot be written is
found before a room is made, and said as what it is (never as the port)."""

from __future__ import annotations

import hashlib
import os
import socket
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.net.lobby import HostServer, Job, Problem
from game.net.store import SCHEMA, SCHEMA_VERSION, RoomRow, Store, StoreProblem
from game.paths import data_dir


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else ""


def _ours(folder: Path) -> Path:
    store = Store(folder)
    store.create(RoomRow("K7MQ2XPA", "amoeba", "1", {}, 5, "n", ["remote", "remote"], [None, None]))
    for i in range(300):
        store.append("K7MQ2XPA", i, {"type": "Pass", "pad": "x" * 200}, False)
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    return folder / "rooms.sqlite3"


def _damaged(folder: Path, tmp: Path) -> None:
    folder.mkdir(parents=True)
    (folder / "rooms.sqlite3").write_bytes(bytes(range(256)) * 40)


def _cut_short(folder: Path, tmp: Path) -> None:
    path = _ours(folder)
    for extra in ("-wal", "-shm"):
        Path(str(path) + extra).unlink(missing_ok=True)
    with open(path, "r+b") as fh:
        fh.truncate(path.stat().st_size // 2)


def _another_program(folder: Path, tmp: Path) -> None:
    folder.mkdir(parents=True)
    db = sqlite3.connect(folder / "rooms.sqlite3")
    db.execute("CREATE TABLE notes (text TEXT)")
    db.execute("INSERT INTO notes VALUES ('my own notes')")
    db.commit()
    db.close()


def _newer(folder: Path, tmp: Path) -> None:
    path = _ours(folder)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 3}")
    db.commit()
    db.close()


def _a_link(folder: Path, tmp: Path) -> None:
    if sys.platform == "win32":
        pytest.skip("a link needs a privilege on Windows")
    theirs = tmp / "my.sqlite3"
    _another_program(tmp / "mine", tmp)
    (tmp / "mine" / "rooms.sqlite3").rename(theirs)
    folder.mkdir(parents=True)
    os.symlink(theirs, folder / "rooms.sqlite3")


BAD = {
    "damaged": (_damaged, "is damaged"),
    "cut short": (_cut_short, "is damaged"),
    "another program's": (_another_program, "is not Paper Wars' rooms database"),
    "another version's": (_newer, "was made by a newer Paper Wars"),
    "a link": (_a_link, "is a link"),
}


def _no_exception_names(text: str) -> None:
    for name in ("Error", "Exception", "Traceback", "That did not work"):
        assert name not in text, f"the player reads {name!r}: {text}"


@pytest.mark.parametrize("what", sorted(BAD))
def test_a_rooms_database_that_cannot_be_used_is_one_sentence_and_left_as_it_is(what, tmp_path):
    make, says = BAD[what]
    folder = tmp_path / "data"
    make(folder, tmp_path)
    path = folder / "rooms.sqlite3"
    target = Path(os.path.realpath(path))
    before = _digest(target)
    with pytest.raises(StoreProblem) as refused:
        Store(folder)
    sentence = str(refused.value)
    assert str(path) in sentence and says in sentence and "left as it is" in sentence
    _no_exception_names(sentence)
    assert _digest(target) == before, "the database was changed"
    assert not Path(str(target) + "-wal").exists() or what != "another program's"
    # the app's own server says the same sentence (never the port, never an exception's name)
    host = HostServer(folder, "127.0.0.1")
    try:
        with pytest.raises(Problem) as told:
            host.start(0)
    finally:
        host.close()
    assert str(told.value) == sentence
    # and the command line: one line, exit 2, the file kept
    done = subprocess.run([sys.executable, "-m", "game", "serve", "--data", str(folder), "--port", "0"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [f"paperwars serve: {sentence}"]
    assert _digest(target) == before


LOCKER = textwrap.dedent("""
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("PRAGMA journal_mode=DELETE")
    db.execute("BEGIN EXCLUSIVE")
    print("locked", flush=True)
    sys.stdin.readline()
""")


def test_a_rooms_database_held_by_another_program_is_one_sentence(tmp_path):
    path = _ours(tmp_path / "data")
    other = subprocess.Popen([sys.executable, "-c", LOCKER, str(path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "locked"
        with pytest.raises(StoreProblem, match="is in use by another program") as refused:
            Store(tmp_path / "data")
        _no_exception_names(str(refused.value))
    finally:
        other.communicate("\n", timeout=60)
    Store(tmp_path / "data").close()  # let go: it opens


def test_a_read_only_rooms_database_is_one_sentence(tmp_path, monkeypatch):
    path = _ours(tmp_path / "data")
    before = _digest(path)
    if os.name == "posix" and os.geteuid() != 0:
        os.chmod(path, 0o444)
        os.chmod(path.parent, 0o555)
    else:  # root (and Windows under Wine as root) writes whatever the mode says: open it the way a read-only file opens
        real = sqlite3.connect
        monkeypatch.setattr(sqlite3, "connect", lambda p, **kw: real(f"file:{p}?mode=ro", uri=True, **kw))
    try:
        with pytest.raises(StoreProblem, match="cannot be written") as refused:
            Store(tmp_path / "data")
        _no_exception_names(str(refused.value))
    finally:
        os.chmod(path.parent, 0o755)
        os.chmod(path, 0o644)
    assert _digest(path) == before


def test_a_rooms_database_of_an_older_paper_wars_is_migrated_with_its_rooms(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    db = sqlite3.connect(folder / "rooms.sqlite3")  # as versions before the mark made it
    db.executescript(SCHEMA)
    db.execute("INSERT INTO rooms VALUES ('K7MQ2XPA','amoeba','1','{}','5','n','[]','[]','{}',0,1,1)")
    db.commit()
    db.close()
    store = Store(folder)
    assert store.exists("K7MQ2XPA")
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert store.load("K7MQ2XPA").public_seed is False  # version 2's column, added by the migration
    store.close()


def test_a_rooms_database_of_version_1_gains_the_public_seed_column_and_keeps_its_rooms(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    db = sqlite3.connect(folder / "rooms.sqlite3")  # as version 1 (protocol 1) made it, marked
    db.executescript(SCHEMA)
    db.execute("INSERT INTO rooms VALUES ('K7MQ2XPA','amoeba','1','{}','5','n','[]','[]','{}',0,1,1)")
    db.execute("PRAGMA application_id=0x5057726D")
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()
    store = Store(folder)
    assert store.load("K7MQ2XPA").public_seed is False
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    store.close()
    assert Store(folder).exists("K7MQ2XPA")  # opened again: nothing left to migrate


# -- a data folder that cannot be written ------------------------------------------------------

def test_a_hosted_folder_that_cannot_be_made_is_said_as_what_it_is_not_as_the_port(tmp_path):
    (tmp_path / "hosted").write_text("a file where the folder goes")
    host = HostServer(tmp_path / "hosted", "127.0.0.1")
    try:
        with pytest.raises(Problem) as told:
            host.start(0)
    finally:
        host.close()
    assert "cannot be made" in str(told.value) and str(tmp_path / "hosted") in str(told.value)
    assert "port" not in str(told.value)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _until(app, check, limit=60.0):  # type: ignore[no-untyped-def]
    end = time.monotonic() + limit
    while not check() and time.monotonic() < end:
        app.frame([])
        time.sleep(0.02)
    app.frame([])
    return check()


def test_hosting_with_a_data_folder_that_cannot_keep_the_token_makes_no_room_and_says_why(tmp_path, monkeypatch):
    from game.net import tokens
    from game.ui.main import make_app
    from game.ui.scenes.host import HostSetupScene
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.online import OnlineScene

    app = make_app((1280, 800), headless=True)
    app.online_host = HostServer(tmp_path / "hosted", "127.0.0.1")
    try:
        menu = app.top()
        assert isinstance(menu, MenuScene)
        button = next(b for b, k in menu.buttons.items() if k == "online")
        app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])
        scene = app.top()
        assert isinstance(scene, OnlineScene)
        scene.port_entry.set_text(str(free_port()))
        app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.host_button)])
        setup = app.top()
        assert isinstance(setup, HostSetupScene)

        def cannot(*args, **kwargs):  # type: ignore[no-untyped-def]
            raise PermissionError(13, "Permission denied")

        # the data folder cannot be written (a read-only disk): no file can be made in it
        monkeypatch.setattr(tokens.tempfile, "mkstemp", cannot)
        app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=setup.start)])
        assert _until(app, lambda: setup.job is None), "hosting never answered"
        assert "cannot keep your seat's token" in setup.problem and str(data_dir()) in setup.problem
        assert "That did not work" not in setup.problem and "PermissionError" not in setup.problem
        server = app.online_host.server
        assert server is None or not server.rooms, "a room was made whose seat cannot be kept"
        assert not (data_dir() / "online.json").exists()
    finally:
        assert Job.wait_all(60)
        app.online_host.stop()
        app.close()


def test_a_data_folder_that_cannot_be_made_is_said_as_the_folder_not_as_the_port(tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the home folder goes")
    monkeypatch.setenv("PAPERWARS_HOME", str(blocked))
    host = HostServer(None, "127.0.0.1")
    try:
        with pytest.raises(Problem) as told:
            host.start(0)
    finally:
        host.close()
    assert "cannot be made" in str(told.value) and str(blocked) in str(told.value)
    assert "port" not in str(told.value)
