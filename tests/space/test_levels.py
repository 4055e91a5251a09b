"""Asteroid fields from levels/space/: every shipped level loads; malformed ones are refused with a reason."""

from __future__ import annotations

import json

import pytest

from game.levels import LevelError, list_levels
from game.paths import user_levels_dir
from game.rules.space.state import SpaceGame


def test_at_least_six_levels_ship_and_all_load_on_both_papers_and_player_counts():
    names = list_levels("space")
    assert len(names) >= 6
    for name in names:
        for paper in ("letter", "a4"):
            for players in (2, 4):
                g = SpaceGame({"field": "level", "level": name, "paper": paper, "players": players})
                s = g.new_state(1)
                walls = s.sheet().walls()
                assert all(not any(a.intersects(w) for w in walls) for a in s.asteroids)
        assert SpaceGame({"field": "level", "level": name}).level_rocks


@pytest.mark.parametrize("content, words", [
    ("{not json", "bad.json"),
    (json.dumps({"title": "x"}), "'asteroids' is missing"),
    (json.dumps({"title": "x", "asteroids": [[[1, 2], [3, 4]]]}), "asteroid 1"),
    (json.dumps({"title": "x", "asteroids": [[[10, 20], [60, 20], [60, 40], [10, 40]]]}), "hangar"),
    (json.dumps({"title": "x", "asteroids": [[[50, 100], [70, 100], [70, 120], [50, 120]],
                                             [[60, 110], [80, 110], [80, 130], [60, 130]]]}), "touch each other"),
    (json.dumps({"title": "x", "paper": "a3", "asteroids": []}), "paper"),
])
def test_malformed_level_names_the_file_and_the_problem(tmp_path, content, words):
    path = user_levels_dir("space") / "bad.json"  # a level is a name, never a path (issue 14)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    with pytest.raises(LevelError) as info:
        SpaceGame({"field": "level", "level": "bad"})
    assert "bad.json" in str(info.value) and words in str(info.value)
