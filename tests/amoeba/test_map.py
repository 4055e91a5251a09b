"""A-M: the map is drawn on an A4 sheet, one country at a time, and can be saved and loaded."""

from __future__ import annotations

import json
import math

import pytest
from shapely.geometry import Point

from game.engine import Chance, IllegalAction
from game.levels import LevelError, list_levels
from game.rules.amoeba.actions import DrawCountry, FinishMap, Place
from game.rules.amoeba.geometry import (
    CENTRE,
    CIRCLE_R,
    PAPER_H,
    PAPER_W,
    AmoebaMap,
    generate_map,
    load_map,
    save_map,
)
from game.rules.amoeba.state import AmoebaGame

from .helpers import grid_map


def square(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def drawing(players: int = 2, countries: int = 20):
    return AmoebaGame({"players": players, "map": "draw", "countries": countries}).new_state(3)


# Right of the central circle: the circle spans x 126.5..170.5, y 83..127.
EAST = square(160, 80, 200, 130)


def test_A_M1_the_first_country_is_a_circle_in_the_centre_of_an_A4_sheet():
    s = drawing()
    assert s.phase == "map" and s.map.n == 1
    circle = s.map.polygon(0)
    assert circle.centroid.distance(Point(*CENTRE)) < 0.1
    assert math.isclose(circle.area, math.pi * CIRCLE_R ** 2, rel_tol=0.02)
    assert (PAPER_W, PAPER_H) == (297.0, 210.0)


def test_A_M2_a_new_country_is_clipped_to_the_free_area_and_borders_the_map():
    s = drawing()
    s.apply(DrawCountry(EAST))
    assert s.map.n == 2
    new = s.map.polygon(1)
    assert new.area < 40 * 50  # the part over the circle was cut away
    assert new.intersection(s.map.polygon(0)).area < 0.5
    assert s.map.adjacency == ((1,), (0,))
    assert s.player == 1  # players take turns


def test_A_M2_an_outline_off_the_paper_is_clipped_to_the_sheet():
    s = drawing()
    s.apply(DrawCountry(square(160, 90, 400, 120)))
    assert s.map.polygon(1).bounds[2] <= PAPER_W


def test_A_M2_a_country_must_share_a_border_with_the_map():
    s = drawing()
    with pytest.raises(IllegalAction) as info:
        s.apply(DrawCountry(square(10, 10, 60, 60)))
    assert info.value.rule == "A-M2" and "border" in info.value.message
    assert s.map.n == 1  # nothing lost, nothing changed


def test_A_M2_a_country_must_be_one_piece_after_clipping():
    s = drawing()
    s.apply(DrawCountry(square(160, 90, 200, 120)))  # east of the circle
    s.apply(DrawCountry(square(90, 90, 137, 120)))  # west of the circle
    # A band right across the middle is cut in two by the circle and its neighbours: refused.
    band = square(20, 98, 280, 112)
    with pytest.raises(IllegalAction) as info:
        s.apply(DrawCountry(band))
    assert "one piece" in info.value.message


def test_A_M2_countries_may_not_overlap_and_must_hold_a_number():
    s = drawing()
    with pytest.raises(IllegalAction, match="no free paper"):
        s.apply(DrawCountry(square(140, 100, 150, 110)))  # inside the circle
    with pytest.raises(IllegalAction, match="too small"):
        s.apply(DrawCountry(square(169, 100, 176, 106)))
    with pytest.raises(IllegalAction, match="too big"):
        s.apply(DrawCountry(square(0, 0, 297, 120)))
    with pytest.raises(IllegalAction, match="three points"):
        s.apply(DrawCountry(((1.0, 1.0), (2.0, 2.0))))


def test_A_M2_adjacency_needs_a_shared_line_not_a_point():
    m = grid_map(2, 2)
    # 0 1 / 2 3: 0 and 3 touch only at a corner
    assert 3 not in m.adjacency[0] and 1 in m.adjacency[0] and 2 in m.adjacency[0]
    assert m.adjacency[3] == (1, 2)


def test_A_M3_drawing_ends_at_the_target_or_when_the_players_say_so():
    s = drawing(countries=4)
    with pytest.raises(IllegalAction) as info:
        s.apply(FinishMap())
    assert info.value.rule == "A-M3"
    s.apply(DrawCountry(EAST))
    s.apply(DrawCountry(square(90, 90, 137, 120)))
    assert s.phase == "map"
    s.apply(DrawCountry(square(130, 40, 170, 90)))
    assert s.phase == "place" and s.map.n == 4
    s2 = drawing(countries=30)
    rng = Chance(5)
    while s2.map.n < s2.min_countries():
        s2.apply(s2.random_action(rng))
    s2.apply(FinishMap())
    assert s2.phase == "place"
    s2.apply(Place(0, 10))


def test_A_M3_a_generated_amoeba_map_has_the_asked_number_of_connected_countries():
    for n in (6, 20, 33):
        m = generate_map(n, Chance(n).random)
        assert m.n == n and m.connected()
        assert min(m.room) >= 5.0
    g = AmoebaGame({"players": 3, "map": "generated", "countries": 12})
    a, b = g.new_state(9), g.new_state(9)
    assert a.to_json() == b.to_json()  # seeded: the same seed grows the same amoeba
    assert a.map.rings != g.new_state(10).map.rings


def test_A_M4_maps_save_and_load_exactly(tmp_path):
    m = generate_map(12, Chance(2).random)
    path = save_map(m, tmp_path / "mine.json")
    back = load_map(path)
    assert back.rings == m.rings and back.adjacency == m.adjacency


def test_A_M4_the_shipped_maps_load_and_include_twenty_countries_for_three():
    names = list_levels("amoeba")
    assert len(names) >= 5
    sizes = {name: load_map(name).n for name in names}
    assert sizes["three_twenty"] == 20
    s = AmoebaGame({"players": 3, "map": "level", "level": "three_twenty"}).new_state(1)
    assert s.map.n == 20 and s.phase == "place"


@pytest.mark.parametrize("content, problem", [
    ("{not json", "damaged"),
    ("[]", "JSON object"),
    (json.dumps({"format": "other"}), "format"),
    (json.dumps({"format": "amoeba-map", "countries": [[[[0, 0], [1, 0], [1, 1]]]]}), "at least two"),
    (json.dumps({"format": "amoeba-map", "countries": [
        [[[10, 10], [50, 10], [50, 50], [10, 50]]], [[[20, 20], [60, 20], [60, 60], [20, 60]]]]}), "overlap"),
    (json.dumps({"format": "amoeba-map", "countries": [
        [[[10, 10], [50, 10], [50, 50], [10, 50]]], [[[100, 100], [150, 100], [150, 150], [100, 150]]]]}),
     "reached"),
    (json.dumps({"format": "amoeba-map", "countries": [
        [[[10, 10], [50, 10], [50, 50], [10, 50]]], [[[50, 10], [400, 10], [400, 50], [50, 50]]]]}), "sheet"),
    (json.dumps({"format": "amoeba-map", "countries": [[[[10, 10], [50, 10], [50, 50], [10, 50]]], ["x"]]}),
     "rings"),
])
def test_A_M4_a_malformed_map_file_is_refused_naming_file_and_problem(tmp_path, content, problem):
    path = tmp_path / "broken.json"
    path.write_text(content)
    with pytest.raises(LevelError) as info:
        load_map(path)
    assert "broken.json" in str(info.value) and problem in str(info.value)


def test_A_M4_a_missing_level_setting_is_refused_by_name():
    with pytest.raises(LevelError, match="nowhere"):
        AmoebaGame({"map": "level", "level": "nowhere"})


def test_A_M4_an_empty_map_round_trips():
    assert AmoebaMap.from_json(AmoebaMap.starting().to_json()).rings == AmoebaMap.starting().rings


def test_A_M3_the_generated_map_grows_with_the_players_7_each_at_least_14():
    """Rev 2: 2 players 14 countries, 3 players 21, 6 players 42 (not 20 for everybody)."""
    assert [AmoebaGame({"players": n}).countries_wanted for n in range(2, 7)] == [14, 21, 28, 35, 42]
    s = AmoebaGame({"players": 6}).new_state(3)
    assert s.map.n == 42 and s.map.connected()
    assert AmoebaGame({"players": 6, "countries": 20}).new_state(3).map.n == 20  # a chosen size is kept
    assert next(x for x in AmoebaGame.settings_spec if x.key == "countries").shown(0) == "7 per player"


def test_A_M4_every_shipped_map_listed_for_smoke_and_selfplay_is_played_on_that_map():
    """`paperwars smoke --strongest` and `selfplay --levels` take the shipped maps in turn: each
    game must be played on that saved map, not on a generated one (the saved map counts only
    with Map set to it; without that, all six were the same generated map)."""
    from game import registry
    from game.rules.amoeba.geometry import load_map
    from game.selfplay import level_settings

    rs = registry.get("amoeba")
    listed = level_settings(rs)
    assert len(listed) == 6
    for name, settings in listed:
        state = rs.make_game(settings).new_state(3)
        assert len(state.owner) == load_map(name).n, name


def test_A_M3_countries_is_offered_only_where_it_sizes_a_map():
    """"Countries" sizes a generated map or ends the drawing (A-M3); with a saved map (A-M4) it
    did nothing yet was still offered on the setup screen."""
    spec = next(x for x in AmoebaGame.settings_spec if x.key == "countries")
    assert spec.applies({"map": "generated"}) and spec.applies({"map": "draw"})
    assert not spec.applies({"map": "level"})


def test_a_map_whose_version_is_not_the_format_this_game_reads_is_refused_naming_it():
    from game.levels import level_path
    from game.rules.amoeba.geometry import map_from_level

    data = json.loads(level_path("amoeba", "duel_ten").read_text(encoding="utf-8"))
    assert len(map_from_level(dict(data), "duel_ten.json").rings) == 10  # as shipped: read
    for version in ("a" * 300, "1", 2, 1.0, True, None):
        with pytest.raises(LevelError, match=r"duel_ten\.json: 'version' must be 1") as refused:
            map_from_level({**data, "version": version}, "duel_ten.json")
        assert len(str(refused.value)) < 200
