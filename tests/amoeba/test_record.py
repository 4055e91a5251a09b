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
