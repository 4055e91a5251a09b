"""Games in progress (issue 32): one autosave per unfinished game, a bounded number of them,
Continue resumes the last one played, the Load list shows the rest, and the single autosave of
older versions is moved in, never lost.  Chance is pinned by the seeds the tests choose."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pygame
import pytest

from game.saves import (
    MAX_AUTOSAVES,
    describe_save,
    latest_autosave,
    list_autosaves,
    load_save,
    old_autosave_path,
    save_info,
    write_save,
)
from game.session import Session
from game.ui.main import make_app
from game.ui.playing.scene import PlayScene
from game.ui.scenes.menu import MenuScene


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def earlier(path: Path, seconds: int) -> None:
    """Date a file's last write back (so which game was played last never rests on the clock's grain)."""
    ns = path.stat().st_mtime_ns - seconds * 1_000_000_000
    os.utime(path, ns=(ns, ns))


def menu_keys(app) -> list[str]:
    app.reset_to(MenuScene(app))
    app.frame([])
    return list(app.top().buttons.values())


def test_a_continued_game_keeps_its_moves_when_a_game_of_another_kind_starts(app):
    # the stumble of issue 32: continue a hot-seat game, two more moves, then a new game of another kind
    first = Session.new("pig", {}, 4, ["human", "human"])
    first.submit(first.state.legal_actions()[0])
    assert "continue" in menu_keys(app)
    app.top().press("continue")
    resumed = app.top()
    assert isinstance(resumed, PlayScene) and resumed.session.autosave == first.autosave
    for _ in range(2):
        resumed.session.submit(resumed.session.state.legal_actions()[0])
    moves = list(resumed.session.record.actions)
    assert len(moves) == 3
    earlier(first.autosave, 5)
    menu_keys(app)
    other = Session.new("amoeba", {}, 3, ["human", "human"])
    other.submit(other.state.legal_actions()[0])
    assert other.autosave != first.autosave
    assert list_autosaves() == [other.autosave, first.autosave]
    assert load_save(first.autosave).actions == moves  # nothing of the pig game is lost
    # Continue resumes the game played last; the Load list holds the other
    app.reset_to(MenuScene(app))
    app.top().press("continue")
    assert app.top().session.record.game == "amoeba"
    from game.ui.scenes.load import LoadScene

    app.reset_to(MenuScene(app))
    load = LoadScene(app)
    app.push(load)
    app.frame([])
    assert set(load.labels.values()) >= {first.autosave, other.autosave}


def test_a_game_opened_from_a_save_file_goes_on_in_an_autosave_of_its_own_and_the_file_stays(app):
    from game.saves import saves_dir

    sess = Session.new("pig", {}, 4, ["human", "human"], autosave=False)
    sess.submit(sess.state.legal_actions()[0])
    kept = saves_dir() / "pig-kept.json"
    sess.save_as(kept)
    before = kept.read_bytes()
    assert app.top().open_save(kept)
    play = app.top()
    play.session.submit(play.session.state.legal_actions()[0])
    assert kept.read_bytes() == before
    assert list_autosaves() == [play.session.autosave]
    assert len(load_save(play.session.autosave).actions) == 2


def test_at_most_the_bound_of_games_in_progress_are_kept_and_the_dropped_one_is_named_on_screen(app):
    files = []
    for i in range(MAX_AUTOSAVES):
        sess = Session.new("pig", {}, 10 + i, ["human", "human"])
        sess.submit(sess.state.legal_actions()[0])
        assert not sess.autosave_notice  # room for it
        earlier(sess.autosave, 100 - i)  # the first started was played longest ago
        files.append(sess.autosave)
    oldest = files[0]
    newest = Session.new("amoeba", {}, 3, ["human", "human"])
    scene = PlayScene(app, newest)
    app.push(scene)
    app.frame([])
    assert newest.submit(newest.state.legal_actions()[0])
    app.frame([])
    left = list_autosaves()
    assert len(left) == MAX_AUTOSAVES and oldest not in left and newest.autosave in left
    assert f"Only the last {MAX_AUTOSAVES} unfinished games are kept" in app.toast_text
    assert "Pig (in progress, 1 action" in app.toast_text and not app.toast_good
    # the next moves of that game drop nothing more
    newest.submit(newest.state.legal_actions()[0])
    assert len(list_autosaves()) == MAX_AUTOSAVES and not newest.autosave_notice


def test_the_single_autosave_of_an_older_version_is_moved_in_and_continues(app):
    sess = Session.new("pig", {}, 4, ["human", "human"], autosave=False)
    sess.submit(sess.state.legal_actions()[0])
    old = old_autosave_path()
    write_save(old, sess.record, "Pig")
    raw = old.read_bytes()
    assert "continue" in menu_keys(app)
    assert not old.exists()
    moved = latest_autosave()
    assert moved is not None and moved.read_bytes() == raw  # moved as it was, never rewritten
    app.top().press("continue")
    play = app.top()
    assert isinstance(play, PlayScene) and play.session.autosave == moved
    play.session.submit(play.session.state.legal_actions()[0])
    assert list_autosaves() == [moved] and len(load_save(moved).actions) == 2


def test_an_old_autosave_that_cannot_be_moved_is_still_listed_and_continued(app, monkeypatch):
    import game.saves as saves

    sess = Session.new("pig", {}, 4, ["human", "human"], autosave=False)
    sess.submit(sess.state.legal_actions()[0])
    write_save(old_autosave_path(), sess.record, "Pig")

    def refuse(*_a, **_k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saves.os, "replace", refuse)
    assert list_autosaves() == [old_autosave_path()]
    assert "continue" in menu_keys(app)
    app.top().press("continue")
    assert app.top().session.record.actions == sess.record.actions


def test_the_load_list_says_finished_who_won_settings_seats_and_when():
    from game import registry

    sess = Session.new("tigers", {"level": "village_fight", "wrecks": False}, 5, ["human", "ai"], autosave=False)
    sess.save_as(Path(os.environ["PAPERWARS_HOME"]) / "t.json")
    label = describe_save(Path(os.environ["PAPERWARS_HOME"]) / "t.json")
    title = registry.get("tigers").title
    normal = next(st.label for st in registry.strengths(registry.get("tigers")) if st.agent == "ai")
    assert label.startswith(f"{title}: in progress, 0 actions · ")
    assert "Village fight" in label and "village_fight" not in label and "Wrecks stay on the table: off" in label
    assert f"Blue: person, Orange: computer {normal}" in label
    assert re.match(r"[^·]+ · \d{4}-\d\d-\d\d \d\d:\d\d · ", label)  # when it was saved, before the settings

    pig = Session.new("pig", {}, 4, ["random", "random"], autosave=False)
    agents = [pig.ruleset.make_agent("random", pig.state.game, i) for i in range(2)]
    while not pig.state.is_over():
        pig.submit(agents[pig.state.current_player()].choose(pig.state.clone()), save=False)
    done = Path(os.environ["PAPERWARS_HOME"]) / "done.json"
    pig.save_as(done)
    winner = pig.state.game.player_name(pig.state.result().winners[0])
    info = save_info(done)
    assert info.over is True and f"finished, {winner} won" in info.label
    # a save of an older version holds no outcome: the list replays it to say the same
    import json

    data = json.loads(done.read_text(encoding="utf-8"))
    del data["outcome"]
    done.write_text(json.dumps(data), encoding="utf-8")
    assert f"finished, {winner} won" in describe_save(done)
    # an outcome a file makes up about seats it does not have is not believed
    data["outcome"] = {"over": True, "winners": [7], "text": "x"}
    done.write_text(json.dumps(data), encoding="utf-8")
    assert f"finished, {winner} won" in describe_save(done)


def test_the_load_screens_line_for_no_pick_sits_between_the_list_and_the_buttons(app):
    from game.ui.scenes.load import LoadScene

    sess = Session.new("pig", {}, 4, ["human", "human"])
    sess.submit(sess.state.legal_actions()[0])
    load = LoadScene(app)
    app.push(load)
    app.frame([])
    load.open_selected()
    assert load.message == "Pick a saved game first."
    area = load.message_rect()
    for b in (load.open, load.back, load.watch):
        assert not area.colliderect(b.get_abs_rect())
    assert not area.colliderect(load.list.get_abs_rect())
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert isinstance(app.top(), MenuScene)


def test_a_temporary_file_a_killed_autosave_left_in_the_games_in_progress_is_removed_at_start():
    from game.saves import autosaves_dir, clean_stale_temps

    stale = autosaves_dir() / "pig-20261126-090000-abcdef.json.k1ll3d.tmp"
    stale.write_text("{", encoding="utf-8")
    old = stale.stat().st_mtime_ns - 3600 * 1_000_000_000
    os.utime(stale, ns=(old, old))
    fresh = autosaves_dir() / "pig-20261126-090000-abcdef.json.wr1t1ng.tmp"  # another game writing now
    fresh.write_text("{", encoding="utf-8")
    assert clean_stale_temps() == 1
    assert not stale.exists() and fresh.exists()
    assert list_autosaves() == []  # a temporary file is never a game in progress
