"""Issue 46, the files the app keeps: what the app accepts it reads back, and no file it could not
read is ever written over (kept as NAME.damaged.json and said).  One test per class, over every
file the app writes and every text field the player types into."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from game import jsonio
from game.engine import IllegalAction
from game.limits import FIELDS
from game.paths import config_dir, data_dir, root
from game.records import Record
from game.saves import load_save
from game.session import Session

DAMAGED = {
    "cut short": b'{"format": "paperwars-save", "version": 2, "rec',
    "a control character": json.dumps({"format": "x", "name": "Blue\u001b[2J"}).encode(),
    "not the app's kind": b'[1, 2, 3]',
}


def _pig_session(path: Path | bool = True) -> Session:
    return Session.new("pig", {}, 4, ["human", "human"], autosave=path)


def _write_autosave(path: Path) -> None:
    sess = Session(Record(game="pig", settings={}, seed=4, rules_version=_pig_version(), seats=["human", "human"]),
                   autosave=path)
    sess.submit(sess.state.legal_actions()[0])
    sess.close()


def _pig_version() -> str:
    from game import registry

    return str(registry.get("pig").game_cls.rules_version)


def _save_as(path: Path) -> None:
    sess = _pig_session(False)
    sess.submit(sess.state.legal_actions()[0])
    sess.save_as(path)


def _campaign(path: Path) -> None:
    from game.rules.tigers.campaign import Campaign

    Campaign(("Ann", "Bob")).save(path)


def _settings(path: Path) -> None:
    from game.ui.prefs import Prefs

    prefs = Prefs.load()
    assert prefs.problem  # the damaged file is said on loading ...
    prefs.volume = 0.25  # ... and the player changes a setting on purpose
    prefs.save()


def _used_words(path: Path) -> None:
    from game.rules.invasion.slots import remember_word

    remember_word(path, "LANTERN")


def _lessons(path: Path) -> None:
    from game.lessons import mark_done

    assert mark_done(SimpleNamespace(key="amoeba/basics"))  # type: ignore[arg-type]


def _online(path: Path) -> None:
    from game.net.tokens import HeldSeat, TokenStore

    TokenStore(path).add(HeldSeat("ws://127.0.0.1:8765", "K7MQ2XPA", 0, "t" * 43, "amoeba"))


def _level(path: Path) -> None:
    from game.levels import save_user_level

    save_user_level("amoeba", path.stem, {"title": "Mine"})


WRITERS: dict[str, tuple[Any, Any, Any]] = {
    # what: (where it lives, how the app writes it, how the app reads it back)
    "autosave": (lambda: data_dir() / "autosaves" / "pig-20250101-000000-abcdef.json", _write_autosave, load_save),
    "save": (lambda: data_dir() / "saves" / "pig-20250101-000000.json", _save_as, load_save),
    "campaign": (lambda: data_dir() / "tigers_campaign.json", _campaign,
                 lambda p: __import__("game.rules.tigers.campaign", fromlist=["Campaign"]).Campaign.load(p)),
    "settings": (lambda: config_dir() / "settings.json", _settings,
                 lambda p: __import__("game.ui.prefs", fromlist=["read_prefs"]).read_prefs(p)),
    "used words": (lambda: data_dir() / "invasion-used-words.json", _used_words,
                   lambda p: __import__("game.rules.invasion.slots", fromlist=["_read_strict"])._read_strict(p)),
    "lesson progress": (lambda: data_dir() / "lessons.json", _lessons,
                        lambda p: __import__("game.lessons", fromlist=["read_progress"]).read_progress(p)),
    "online games": (lambda: data_dir() / "online.json", _online,
                     lambda p: __import__("game.net.tokens", fromlist=["read_tokens"]).read_tokens(p)),
    "user level": (lambda: data_dir() / "levels" / "amoeba" / "mine.json", _level,
                   lambda p: jsonio.read_json(p, "level file")),
}


@pytest.mark.parametrize("damage", sorted(DAMAGED))
@pytest.mark.parametrize("what", sorted(WRITERS))
def test_no_file_the_app_could_not_read_is_written_over_it_is_kept_as_damaged_and_said(what, damage):
    where, write, read_back = WRITERS[what]
    path = where()
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = DAMAGED[damage]
    path.write_bytes(raw)
    jsonio.take_notes()
    write(path)
    kept = path.with_name(f"{path.stem}.damaged{path.suffix}")
    assert kept.is_file() and kept.read_bytes() == raw, f"the {what} the app could not read was written over"
    read_back(path)  # the new file is one the app reads
    notes = " ".join(jsonio.take_notes())
    assert kept.name in notes and "kept" in notes
    # a second damaged file is kept beside the first, never over it
    path.write_bytes(raw + b" ")
    write(path)
    assert kept.read_bytes() == raw
    assert path.with_name(f"{path.stem}.damaged-2{path.suffix}").read_bytes() == raw + b" "


def test_a_file_the_app_wrote_itself_is_written_again_without_a_second_look(monkeypatch):
    # the autosave after every action never reads its own file again
    sess = _pig_session()
    sess.submit(sess.state.legal_actions()[0])
    looked: list[Path] = []
    real = jsonio.read_json
    monkeypatch.setattr(jsonio, "read_json", lambda p, *a, **k: (looked.append(Path(p)), real(p, *a, **k))[1])
    for _ in range(3):
        sess.submit(sess.state.legal_actions()[0])
    assert looked == [] and not list(sess.autosave.parent.glob("*.damaged*"))


# -- what the app accepts it reads back --------------------------------------------------------

@pytest.mark.parametrize("word", ["LAN\u001bTERN", "BELL\u0007", "W" * 150_000, "ok\ud800"])
def test_I_S1_a_word_the_record_could_not_read_back_is_refused_before_the_game_takes_it(word):
    from game.rules.invasion.actions import ChooseWord

    sess = Session.new("invasion", {}, 5, ["human", "human"])
    before = sess.state.to_json()
    with pytest.raises(IllegalAction) as refused:
        sess.submit(ChooseWord(word))
    assert refused.value.rule == "RECORD" and sess.state.to_json() == before and not sess.record.actions
    sess.submit(ChooseWord("LANTERN"))
    assert load_save(sess.autosave).actions == sess.record.actions  # what it took reads back


def test_a_setting_typed_with_a_control_character_is_refused_when_the_game_is_set_up():
    from game.records import RecordError

    with pytest.raises(RecordError, match="control character"):
        Session.new("pig", {"note": "a\u001bb"}, 4, ["human", "human"])


def test_every_text_field_of_the_app_is_one_that_takes_only_what_reads_back():
    # Every pygame_gui text line in the app is a TextField of a kind listed in game.limits.FIELDS.
    made = []
    for path in sorted((root() / "game" / "ui").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        made += [f"{path.name}: {m.group(0)}" for m in re.finditer(r"UITextEntryLine\(", text)]
        for kind in re.findall(r"TextField\([^)]*?\"([a-z_]+)\"", text):
            assert kind in FIELDS, f"{path.name} makes a text field of an unknown kind {kind!r}"
    assert made == [], "a text field that takes what the readers refuse: " + "; ".join(made)


@pytest.fixture
def app():
    from game.ui.main import make_app

    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def _paste(app: Any, entry: Any, text: str, monkeypatch: Any) -> None:
    import pygame_gui.core.utility as utility
    import pygame_gui.elements.ui_text_entry_line as line

    monkeypatch.setattr(utility, "clipboard_paste", lambda: text)
    monkeypatch.setattr(line, "clipboard_paste", lambda: text, raising=False)
    app.ui.set_focus_set(entry)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="v", scancode=0)])
    app.frame(pygame.event.get())  # the field's note reaches the window


@pytest.mark.parametrize("kind", sorted(FIELDS))
def test_a_pasted_control_character_or_a_huge_paste_is_cleaned_in_every_kind_of_field_and_said(app, kind,
                                                                                             monkeypatch):
    from game.ui.scenes.menu import MenuScene
    from game.ui.widgets import TextField

    app.reset_to(MenuScene(app))
    field = TextField(pygame.Rect(10, 10, 300, 40), app.ui, kind, container=app.top().box)
    if kind in ("port", "seed"):
        field.set_allowed_characters("numbers")
    _paste(app, field, "12\u001b34\u0007" + "5" * 150_000, monkeypatch)
    text = field.get_text()
    assert not re.search(r"[\x00-\x1f\x7f]", text) and 0 < len(text) <= FIELDS[kind].limit
    assert text.startswith("1234")
    assert "left out" in app.toast_text or "cut to" in app.toast_text


def test_T_E3_a_commander_name_pasted_with_a_control_character_keeps_the_campaign_and_its_battles(app, monkeypatch):
    from game.rules.tigers.campaign import Campaign, campaign_path
    from game.ui.views.tigers_campaign import TigersCampaignScene

    camp = Campaign(("Ann", "Bob"))
    for vp in ((5, 1), (2, 2), (0, 4)):
        camp.record("village_fight", vp)
    camp.save(campaign_path())
    scene = TigersCampaignScene(app)
    app.push(scene)
    app.frame([])
    scene.entries[0].set_text("")
    _paste(app, scene.entries[0], "Ann\u001b[31m the Red\u0007", monkeypatch)
    scene.use_names()
    back = Campaign.load(campaign_path())  # the file still reads: three battles kept
    assert len(back.results) == 3 and back.names[0] == "Ann[31m the Red"
    assert not re.search(r"[\x00-\x1f]", json.dumps(back.to_json(), ensure_ascii=False))


# -- never outside the data folder ---------------------------------------------------------------

def _outside_folder(tmp_path: Path, n: int = 12) -> tuple[Path, dict[str, bytes]]:
    """A folder of the player's own: ``n`` JSON files that are not saves (and one that is)."""
    mine = tmp_path / "my-own-files"
    mine.mkdir()
    files = {f"notes-{i:02}.json": json.dumps({"note": i}).encode() for i in range(n)}
    files["old.json.1234.tmp"] = b"{}"
    for name, raw in files.items():
        (mine / name).write_bytes(raw)
        os.utime(mine / name, (1_000_000, 1_000_000))  # long ago: the oldest of all
    return mine, files


def _untouched(folder: Path, files: dict[str, bytes]) -> None:
    assert sorted(p.name for p in folder.iterdir()) == sorted(files), "a file outside the data folder was added or deleted"
    for name, raw in files.items():
        assert (folder / name).read_bytes() == raw, f"{name} outside the data folder was rewritten"


LINKS = pytest.mark.skipif(sys.platform == "win32", reason="a link needs a privilege on Windows")


@LINKS
def test_a_data_folder_link_to_another_folder_is_never_followed_and_nothing_there_is_deleted(tmp_path):
    from game.saves import clean_stale_temps, list_autosaves

    mine, files = _outside_folder(tmp_path)
    data_dir().mkdir(parents=True, exist_ok=True)
    os.symlink(mine, data_dir() / "autosaves")
    os.symlink(mine, data_dir() / "saves")
    for seed in range(3):  # starting games: they would keep ten in progress
        sess = _pig_session()
        sess.submit(sess.state.legal_actions()[0])
        assert "autosaves is a link out of Paper Wars' folder" in sess.take_autosave_problem()
        with pytest.raises(OSError, match="link"):
            sess.save_as(data_dir() / "saves" / f"game-{seed}.json")
        sess.close()
    assert list_autosaves() == [] and clean_stale_temps() == 0
    _untouched(mine, files)


def test_only_the_apps_own_saves_are_dropped_to_make_room_never_other_json_files(tmp_path):
    from game.saves import MAX_AUTOSAVES, list_autosaves

    folder = data_dir() / "autosaves"
    folder.mkdir(parents=True)
    others = {f"notes-{i:02}.json": json.dumps({"note": i}).encode() for i in range(12)}
    for name, raw in others.items():
        (folder / name).write_bytes(raw)
        os.utime(folder / name, (1_000_000, 1_000_000))
    games = []
    for seed in range(MAX_AUTOSAVES + 2):
        sess = _pig_session()
        sess.submit(sess.state.legal_actions()[0])
        sess.close()
        games.append(sess.autosave)
        os.utime(sess.autosave, (2_000_000 + seed, 2_000_000 + seed))
    for name, raw in others.items():
        assert (folder / name).read_bytes() == raw, "a file that is not a save was deleted to make room"
    kept = [p for p in list_autosaves() if p in games]
    assert len(kept) == MAX_AUTOSAVES and games[-1] in kept


@LINKS
@pytest.mark.parametrize("what", ["campaign", "settings", "lesson progress", "online games", "used words"])
def test_a_file_that_is_a_link_out_of_the_apps_folders_is_neither_read_nor_written(what, tmp_path):
    where, write, read_back = WRITERS[what]
    path = where()
    path.parent.mkdir(parents=True, exist_ok=True)
    theirs = tmp_path / "their-file.json"
    theirs.write_bytes(b'{"mine": true}')
    os.symlink(theirs, path)
    with pytest.raises((OSError, ValueError, AssertionError)):
        write(path)
    assert theirs.read_bytes() == b'{"mine": true}' and path.is_symlink()
    with pytest.raises(jsonio.FileProblem, match="link"):
        jsonio.read_json(path)


def test_no_field_takes_more_than_its_reader_reads_back():
    from game import levels, limits
    from game.net.protocol import MAX_CHAT
    from game.rules.tigers.campaign import MAX_NAME

    assert FIELDS["word"].limit <= limits.MAX_ACTION_TEXT and FIELDS["team"].limit <= limits.MAX_ACTION_TEXT
    assert FIELDS["commander"].limit <= MAX_NAME == limits.MAX_CAMPAIGN_NAME
    assert FIELDS["setting"].limit <= limits.MAX_SETTING_TEXT and FIELDS["seed"].limit <= limits.MAX_DIGITS
    assert FIELDS["chat"].limit <= MAX_CHAT
    longest = "a" * FIELDS["level_name"].limit
    assert levels.check_level_name("amoeba", longest) == longest
    with pytest.raises(levels.LevelError):
        levels.check_level_name("amoeba", longest + "a")
