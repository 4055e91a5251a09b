"""The example record replays through the Record machinery to its recorded end."""

from __future__ import annotations

from pathlib import Path

from game.records import Record

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "records" / "amoeba-example.json"


def test_example_record_replays_to_its_end():
    rec = Record.load(EXAMPLE)
    state = rec.replay()
    assert state.is_over() and state.result().winners == (0,)
    assert len(rec.actions) == 23
    assert rec.make_game().settings["level"] == "duel_ten"


def test_a_record_of_rules_version_2_is_refused_with_a_clear_line(tmp_path):
    """Rev 4 changed what a version 2 record means (A-V6/A-V8 points, A-V4/A-V8 shares, A-V7 passing)."""
    import json

    import pytest

    from game.records import RecordError

    data = json.loads(EXAMPLE.read_text())
    assert data["rules_version"] == "3"
    data["rules_version"] = "2"
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data))
    text = old.read_text()
    with pytest.raises(RecordError, match="Amoeba Strategy rules version 2, but this Paper Wars has version 3"):
        Record.load(old).replay()
    assert old.read_text() == text  # the file is left as it was
