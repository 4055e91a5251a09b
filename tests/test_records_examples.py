"""Every example record in docs/records/ replays, and every game has one."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import registry
from game.records import Record

DOCS = Path(__file__).resolve().parent.parent / "docs"
EXAMPLES = sorted((DOCS / "records").glob("*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_record_replays(path):
    rec = Record.load(path)
    state = rec.replay()
    assert len(rec.actions) > 0
    assert state.to_json() == type(state).from_json(state.game, state.to_json()).to_json()


def test_every_registered_game_has_an_example_documented():
    text = (DOCS / "records.md").read_text()
    for mod in registry.KNOWN:
        name = mod.rsplit(".", 1)[-1]
        assert (DOCS / "records" / f"{name}-example.json").exists(), name
        assert f"records/{name}-example.json" in text, name
