"""Issue 46, games in progress: a game at the most actions a record holds stops with one sentence
(computer seats too) and its record kept; the last-resort handler promises only an autosave that is
on disk and current; one game is open in one window at a time (a lock beside its autosave)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game import records
from game.locks import GameOpenElsewhere, lock_path
from game.saves import drop_old_autosaves, list_autosaves, load_save
from game.session import Session
from game.ui.main import make_app
from game.ui.playing.scene import PlayScene
from game.ui.scenes.menu import MenuScene


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


@pytest.mark.parametrize("seats", [["greedy", "greedy"], ["human", "greedy"]])
def test_a_warigami_game_at_the_action_limit_stops_in_one_sentence_and_keeps_its_record(app, seats, monkeypatch):
    limit = 14
    from game import session as session_module

    monkeypatch.setattr(records, "MAX_ACTIONS", limit)  # a record brought near the limit
    monkeypatch.setattr(session_module, "MAX_ACTIONS", limit, raising=False)  # (where versions before looked)
    sess = Session.new("warigami", {}, 5, seats)
    scene = PlayScene(app, sess)
    app.push(scene)
    for _ in range(400):
        if sess.is_human_turn():
            assert scene.submit(sess.state.legal_actions()[0])
        app.frame([], 0.5)  # the computer seats move (headless: at once)
        if sess.stopped:
            break
    app.frame([], 0.5)
    assert not sess.state.is_over() and len(sess.record.actions) == limit
    assert app.top() is scene, "the game crashed at the limit"
    assert sess.stopped.startswith(f"This game has reached {limit:,} actions")
    assert sess.stopped in app.toast_text
    for _ in range(5):
        app.frame([], 0.5)
    assert len(sess.record.actions) == limit and app.top() is scene and not sess.is_human_turn()
    assert scene.next_wake() is None  # the window rests: nothing more will happen
    assert load_save(sess.autosave).actions == sess.record.actions  # the record is kept, and reads back
    if "human" in seats and sess.can_undo():  # taken back below the limit, the game goes on
        assert sess.undo() and not sess.stopped and len(sess.record.actions) < limit


def test_the_last_resort_handler_promises_an_autosave_only_when_it_is_on_disk_and_current(app, monkeypatch):
    from game import saves, session

    sess = Session.new("warigami", {}, 5, ["human", "human"])
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(session, "write_save", broken)
    assert scene.submit(sess.state.legal_actions()[0])  # the autosave could not be written
    monkeypatch.setattr(app, "draw", lambda: 1 / 0)  # then something breaks
    app.safe_frame([])
    monkeypatch.delattr(app, "draw")
    assert isinstance(app.top(), MenuScene) and "went back to the menu" in app.toast_text
    assert "autosaved" not in app.toast_text and not sess.autosave.exists()
    # with the autosave written after the last action, the promise stands
    monkeypatch.setattr(session, "write_save", saves.write_save)
    again = Session.new("warigami", {}, 6, ["human", "human"])
    scene = PlayScene(app, again)
    app.push(scene)
    assert scene.submit(again.state.legal_actions()[0])
    monkeypatch.setattr(app, "draw", lambda: 1 / 0)
    app.safe_frame([])
    monkeypatch.delattr(app, "draw")
    assert "Your game was autosaved: Continue picks it up." in app.toast_text
    assert load_save(again.autosave).actions == again.record.actions


# -- one game in one window ------------------------------------------------------------------

HOLDER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from game.saves import load_save
    from game.session import Session

    path = Path(sys.argv[1])
    sess = Session(load_save(path), autosave=path)
    sess.submit(sess.state.legal_actions()[0])
    import os
    print("ready", os.getpid(), flush=True)
    sys.stdin.readline()
""")


def _other_window(path: Path) -> subprocess.Popen[str]:
    """Another Paper Wars process holding ``path``; its ``holder_pid`` is the process that holds
    the lock (on Windows a venv's python.exe is a launcher that starts the real one as a child,
    so Popen's pid is not it)."""
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=dict(os.environ))
    assert proc.stdout is not None
    word, pid = proc.stdout.readline().split()
    assert word == "ready"
    proc.holder_pid = int(pid)  # type: ignore[attr-defined]
    return proc


def test_a_game_open_in_another_window_is_not_opened_twice_and_the_second_window_is_told(app):
    first = Session.new("warigami", {}, 5, ["human", "human"])
    first.submit(first.state.legal_actions()[0])
    path = first.autosave
    first.close()
    other = _other_window(path)  # another Paper Wars process continues the game
    try:
        with pytest.raises(GameOpenElsewhere, match="open in another Paper Wars window"):
            Session(load_save(path), autosave=path)
        app.reset_to(MenuScene(app))
        app.frame([])
        assert not app.top().open_save(path)  # Continue: one sentence, and no second game
        assert f"process {other.holder_pid}" in app.toast_text and isinstance(app.top(), MenuScene)
        # starting more games never drops the game open over there to make room
        for seed in range(12):
            s = Session.new("pig", {}, seed, ["human", "human"])
            s.submit(s.state.legal_actions()[0])
            s.close()
        assert path.is_file() and path in list_autosaves()
    finally:
        other.communicate("\n", timeout=60)
    moves = load_save(path).actions
    assert len(moves) == 2  # the other window's move is in the file, nobody wrote over it
    assert app.top().open_save(path)  # closed there: it opens here
    assert isinstance(app.top(), PlayScene) and app.top().session.record.actions == moves
    assert lock_path(path).is_file()
    app.reset_to(MenuScene(app))
    assert not lock_path(path).exists()  # leaving the game lets it go


def test_a_lock_left_by_a_window_that_is_gone_is_cleared(app):
    first = Session.new("warigami", {}, 5, ["human", "human"])
    first.submit(first.state.legal_actions()[0])
    path = first.autosave
    first.close()
    other = _other_window(path)
    other.kill()  # the other window was killed: its lock stays behind
    other.wait(30)
    assert lock_path(path).is_file()
    sess = Session(load_save(path), autosave=path)
    assert len(sess.record.actions) == 2
    sess.close()
    assert not lock_path(path).exists()


def test_the_sessions_of_one_window_share_its_lock_and_the_last_lets_it_go():
    first = Session.new("warigami", {}, 5, ["human", "human"])
    first.submit(first.state.legal_actions()[0])
    second = Session(load_save(first.autosave), autosave=first.autosave)
    first.close()
    assert lock_path(first.autosave).is_file()
    second.close()
    assert not lock_path(first.autosave).exists()
    assert drop_old_autosaves(first.autosave) == []
    time.sleep(0)
