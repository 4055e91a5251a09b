"""A record names the fingerprint of the level it was played on (issue 48), so changing a
scenario or editing a map never makes an old record replay differently: it is refused with one
sentence, and the file is left as it was."""

from __future__ import annotations

import json
import shutil

import pytest

from game import levels, registry
from game.levels import files_digest, level_digest, load_level, save_user_level
from game.records import Record, RecordError
from game.session import Session

TIGERS = registry.get("tigers").game_cls.settings_spec


def _played(level: str, actions: int = 12) -> Record:
    """A real Tigers game on ``level``: its first ``actions`` actions, as a record file holds them."""
    sess = Session.new("tigers", {"level": level}, 7, ["human", "human"], autosave=False)
    agents = [registry.get("tigers").make_agent("greedy", sess.state.game, 7 + i) for i in range(2)]
    for _ in range(actions):
        sess.submit(agents[sess.state.current_player()].choose(sess.state.clone()))
    return Record.from_json(json.loads(json.dumps(sess.record.to_json())), "test record")


def test_a_new_games_record_names_its_levels_fingerprint_and_replays_on_it():
    rec = _played("tank_battle")
    assert rec.level_digest == level_digest("tigers", TIGERS, {"level": "tank_battle"}) != ""
    assert rec.to_json()["level_digest"] == rec.level_digest
    assert len(rec.replay().units) > 0


def test_a_record_of_an_edited_level_is_refused_with_a_sentence_and_its_file_kept(tmp_path):
    save_user_level("tigers", "my_tanks", load_level("tigers", "tank_battle") | {"title": "My tanks"})
    rec = _played("my_tanks")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec.to_json()))
    before = path.read_bytes()
    data = load_level("tigers", "my_tanks")
    data["forces"][0][0]["x"] += 3  # the player moves a tank in the editor
    save_user_level("tigers", "my_tanks", data)
    with pytest.raises(RecordError) as got:
        Record.load(path).replay()
    said = str(got.value)
    assert said.startswith("This record was played on another version of the scenario “My tanks”")
    assert "cannot be replayed as it was played" in said and "\n" not in said
    assert path.read_bytes() == before


def test_a_record_of_a_shipped_scenario_an_update_changed_is_refused(tmp_path, monkeypatch):
    rec = _played("forest_crossing")
    shipped = tmp_path / "levels" / "tigers"
    shutil.copytree(levels.levels_dir("tigers"), shipped)
    data = json.loads((shipped / "forest_crossing.json").read_text())
    data["forces"][1][0]["y"] += 2  # the update moves a unit
    (shipped / "forest_crossing.json").write_text(json.dumps(data))
    monkeypatch.setattr(levels, "levels_dir", lambda game: tmp_path / "levels" / game)
    with pytest.raises(RecordError, match="another version of the scenario “Forest crossing”"):
        Record.from_json(rec.to_json()).replay()


def test_an_older_record_naming_no_fingerprint_replays_if_its_level_is_unchanged(monkeypatch):
    """Written before records named their level: it was played on the level as shipped then.  If
    that level is unchanged it replays (and names the fingerprint from then on); if an update
    changed it since (levels.BEFORE_FINGERPRINTS), it is refused with a sentence."""
    old = _played("tank_battle").to_json()
    del old["level_digest"]
    rec = Record.from_json(old)
    assert rec.level_digest == ""
    rec.replay()
    assert rec.level_digest == level_digest("tigers", TIGERS, {"level": "tank_battle"})
    monkeypatch.setitem(levels.BEFORE_FINGERPRINTS, "tigers", {"tank_battle": "0123456789abcdef"})
    with pytest.raises(RecordError) as got:
        Record.from_json(old).replay()
    assert str(got.value) == ("This record was played on an older version of the scenario “Tank battle”, changed "
                              "since by an update of Paper Wars, so it cannot be replayed as it was played.")
    # the version shipped before is still the one it replays on, and other scenarios are not concerned
    now = files_digest({"tank_battle": load_level("tigers", "tank_battle")})
    monkeypatch.setitem(levels.BEFORE_FINGERPRINTS, "tigers", {"tank_battle": now, "village_fight": "0" * 16})
    Record.from_json(old).replay()


def test_every_changed_shipped_level_is_listed_with_the_fingerprint_it_had_before():
    for game, changed in levels.BEFORE_FINGERPRINTS.items():
        for name, digest in changed.items():
            assert name in levels.shipped_levels(game), (game, name)
            assert len(digest) == 16 and digest != files_digest({name: load_level(game, name)}), (game, name)


@pytest.mark.parametrize("bad", ["xyz", "0123456789ABCDEF", 12, None, "0" * 17])
def test_a_record_with_a_malformed_fingerprint_is_refused_by_name(bad):
    data = {"format": "paperwars-record", "version": 1, "game": "tigers", "rules_version": "5",
            "settings": {"level": "tank_battle"}, "seed": 1, "actions": [], "level_digest": bad}
    with pytest.raises(RecordError, match="level fingerprint"):
        Record.from_json(data)


def test_a_game_on_no_level_file_names_no_fingerprint():
    sess = Session.new("amoeba", {}, 3, ["human", "human"], autosave=False)
    assert "level_digest" not in sess.record.to_json()
    assert Record.from_json(sess.record.to_json()).replay().game.name == "amoeba"
