"""Map files: the bundled maps load, malformed ones are refused by name, save/load round-trips."""

from __future__ import annotations

import json

import pytest

from game.levels import LevelError, list_levels
from game.paths import user_levels_dir
from game.rules.warigami.board import (
    Board,
    blank_board,
    board_from_json,
    centre_on_segment,
    edit_board,
    load_board,
    map_problems,
    save_board,
    segment_enters_square,
)
from game.rules.warigami.state import WarigamiGame


def test_W_B1_W_B4_at_least_five_bundled_maps_load_with_zones_and_some_walls():
    names = list_levels("warigami")
    assert len(names) >= 5
    boards = [load_board(n) for n in names]
    assert all(len(b.zones) >= 2 for b in boards)
    assert sum(1 for b in boards if b.walls) >= 3
    for n in names:
        WarigamiGame({"level": n})  # every map takes the default squad of 10
        # and every start zone, the third and fourth player's included, holds that squad
        assert map_problems(load_board(n), squad=10) == [], n


@pytest.mark.parametrize("data,problem", [
    ({"name": "x"}, "'rows' is missing"),
    ({"rows": "abc"}, "list of text rows"),
    ({"rows": ["1..2", "..."]}, "row 2 has 3 squares"),
    ({"rows": ["1..2", "..x."]}, "row 2, column 3 has 'x'"),
    ({"rows": ["1...", "...."]}, "at least two players"),
    ({"rows": ["1..3", "...."]}, "start zone 2 is missing"),
    ({"rows": ["12"]}, "each side must be"),
])
def test_W_B4_malformed_map_names_file_and_problem(tmp_path, data, problem):
    path = user_levels_dir("warigami") / "broken.json"  # a level is a name, never a path (issue 14)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    with pytest.raises(LevelError) as info:
        load_board("broken")
    assert "broken.json" in str(info.value) and problem in str(info.value)


def test_W_B4_damaged_or_missing_map_file_is_refused(tmp_path):
    path = user_levels_dir("warigami") / "cut.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"rows": ["1..')
    with pytest.raises(LevelError, match="cut.json"):
        load_board("cut")
    with pytest.raises(LevelError, match="nothere"):
        WarigamiGame({"level": "nothere"})


def test_W_B4_map_editor_paints_and_saved_maps_load_back_equal(tmp_path):
    b = blank_board(8, 6, "Mine")
    b = edit_board(b, (4, 2), "#")
    b = edit_board(b, (4, 3), "#")
    b = edit_board(b, (3, 0), "3")
    b = edit_board(b, (0, 0), ".")
    assert (4, 2) in b.walls and b.zone_of((3, 0)) == 2 and b.zone_of((0, 0)) == -1
    path = user_levels_dir("warigami") / "mine.json"
    save_board(b, path)
    back = load_board("mine")
    assert back == b
    assert isinstance(back, Board)


def test_W_L2_centre_on_segment_exact():
    assert centre_on_segment((0, 0), (4, 2), (2, 1))
    assert not centre_on_segment((0, 0), (4, 2), (1, 0))
    assert not centre_on_segment((0, 0), (4, 2), (6, 3))  # on the line, beyond the target
    assert not centre_on_segment((0, 0), (4, 2), (0, 0))


def test_W_L3_segment_square_clipping_exact():
    assert segment_enters_square((0, 0), (2, 0), (1, 0)) is not None
    assert segment_enters_square((0, 0), (1, 1), (1, 0)) is None  # corner only
    assert segment_enters_square((0, 0), (1, 1), (0, 1)) is None
    assert segment_enters_square((0, 0), (3, 1), (1, 0)) is not None
    assert segment_enters_square((0, 0), (3, 1), (1, 1)) is None  # enters row 1 at x = 2.0: corner of (1,1)
    b = board_from_json({"rows": ["1.#2", "...."]}, "t")
    assert not b.walls_clear((0, 0), (3, 0))


# -- the default map has cover (issue 32) -------------------------------------------------------------

def test_W_B1_W_B4_the_default_map_is_the_outpost_16_by_12_with_cover_for_four_players():
    game = WarigamiGame()
    b = game.board
    assert game.settings["level"] == "outpost" and (b.width, b.height) == (16, 12)  # W-B1: default 16 x 12
    assert len(b.zones) == 4 and map_problems(b, squad=10) == []
    # walls that block sight (W-L3) between the two long sides' start zones, which open ground does not
    left, right = sorted(b.zones[0]), sorted(b.zones[1])
    blocked = sum(1 for a in left for c in right if not b.walls_clear(a, c))
    assert len(b.walls) >= 10 and blocked > len(left) * len(right) // 10
    from game.levels import level_title

    assert level_title("warigami", "outpost") == "Outpost (16 x 12, walls)"


def _old_record(actions):
    """A rules-version-3 record written before the Outpost became the default: it names no map."""
    from game.records import Record

    return Record.from_json({"format": "paperwars-record", "version": 1, "game": "warigami",
                             "rules_version": WarigamiGame.rules_version, "settings": {"units": 1},
                             "seed": 3, "pins": {"faces": [6, 1]}, "actions": actions})


def test_a_record_that_names_no_map_still_replays_on_the_standard_field():
    squads = [{"type": "Squad", "kinds": ["smg"]}, {"type": "Squad", "kinds": ["smg"]}]
    places = [{"type": "Place", "kind": "smg", "x": 2, "y": 2}, {"type": "Place", "kind": "smg", "x": 13, "y": 2}]
    # seat 1 wins the roll-off (faces 6, 1) and walks onto (4, 2): open ground on the standard field,
    # a wall on the Outpost
    rec = _old_record(squads + places + [{"type": "Move", "unit": 1, "x": 4, "y": 2}])
    state = rec.replay()
    assert state.board.name == "Standard field (16 x 12)" and state.units[1].sq == (4, 2)


def test_a_new_game_names_its_map_in_the_record():
    from game.session import Session

    sess = Session.new("warigami", {"units": 2}, 1, ["human", "human"], autosave=False)
    assert sess.record.settings["level"] == "outpost" and sess.state.board.walls
    from game.records import Record

    again = Record.from_json(sess.record.to_json()).replay()
    assert again.board.name == sess.state.board.name
