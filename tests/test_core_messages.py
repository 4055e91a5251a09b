"""The core's sentences stay messages on their way to the window (issue 51): an exception's
str() is its message, the Load list's line is one message of translated parts, and each comes
out in the player's language from the core catalogs (fi, nl) while its English is unchanged."""

from __future__ import annotations

import pytest

from game import i18n
from game.engine import SettingsError
from game.jsonio import FileProblem, read_json, said
from game.msg import Msg
from game.saves import save_info, write_save
from game.session import Session
from game.words import joined


@pytest.fixture
def english():
    yield
    i18n.set_language("en")


def test_a_damaged_file_is_refused_in_a_message_each_language_says(tmp_path, monkeypatch, english):
    monkeypatch.setenv("PAPERWARS_HOME", str(tmp_path))
    bad = tmp_path / "game.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(FileProblem) as got:
        read_json(bad, "save")
    text = str(got.value)
    assert isinstance(text, Msg) and said(got.value) is text
    assert text.startswith("The save game.json is damaged or cut short (line 1")
    i18n.set_language("fi")
    assert i18n.tr(text).startswith("Tiedosto game.json (tallennus) on vahingoittunut tai katkennut (rivi 1")
    i18n.set_language("nl")
    assert i18n.tr(text).startswith("Het bestand game.json (opgeslagen spel) is beschadigd of afgebroken (regel 1")


def test_a_setting_refusal_and_the_status_line_are_messages(english):
    from game import registry

    game = registry.get("warigami").make_game({})
    spec = next(s for s in game.settings_spec if s.kind == "int")
    with pytest.raises(SettingsError) as got:
        spec.validate(10 ** 6)
    assert isinstance(str(got.value), Msg) and "must be a whole number from" in str(got.value)
    i18n.set_language("fi")
    assert "on oltava kokonaisluku väliltä" in i18n.tr(str(got.value))
    assert i18n.tr(game.player_name(1)) == "Pelaaja 2"
    assert i18n.tr(spec.shown(True)) == "päällä" and spec.shown(True) == "on"


def test_the_load_lists_line_is_one_message_whose_parts_are_translated(tmp_path, monkeypatch, english):
    monkeypatch.setenv("PAPERWARS_HOME", str(tmp_path))
    session = Session.new("warigami", {}, 5, ["human", "human"], autosave=False)
    path = tmp_path / "saved.json"
    write_save(path, session.record, session.ruleset.title)
    info = save_info(path)
    assert "in progress, 0 actions" in info.label and "Player 1: person" in info.label
    i18n.set_language("fi")
    assert "kesken, 0 siirtoa" in i18n.tr(info.label) and "Pelaaja 1: ihminen" in i18n.tr(info.label)
    i18n.set_language("nl")
    assert "bezig, 0 zetten" in i18n.tr(info.label)
    i18n.set_language("en")
    assert joined(["a", "b"], " · ") == "a · b" and joined([]) == "" and joined(["one"]) == "one"


def test_a_lobby_problem_or_a_fatal_refusal_says_its_message_or_its_plain_text():
    from game.msg import M
    from game.net.client import Fatal
    from game.net.lobby import Problem

    for cls in (Problem, Fatal, FileProblem):
        assert str(cls("plain words")) == "plain words" and said(cls("plain words")) == "plain words"
        m = M("The server closed the connection.")
        assert isinstance(str(cls(m)), Msg) and str(cls(m)).id == m.id
