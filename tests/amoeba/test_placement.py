"""A-P: placing troops under the cap and the uniqueness rule."""

from __future__ import annotations

import pytest

from game.engine import IllegalAction
from game.rules.amoeba.actions import Attack, Move, Place
from game.rules.amoeba.state import AmoebaGame

from .helpers import grid_map, placement


def test_A_P1_each_player_starts_with_100_troops_to_place():
    s = AmoebaGame({"players": 4}).new_state(1)
    assert s.remaining == [100, 100, 100, 100]
    assert AmoebaGame({"players": 2, "troops": 60}).new_state(1).remaining == [60, 60]
    s.apply(Place(0, 7))
    assert s.remaining[0] == 93  # the visible counter goes down


def test_A_P2_troops_go_into_an_empty_country_marked_with_the_player():
    s = placement(grid_map(3, 3))
    s.apply(Place(4, 10))
    assert s.owner[4] == 0 and s.troops[4] == 10
    with pytest.raises(IllegalAction) as info:
        s.apply(Place(4, 11))
    assert info.value.rule == "A-P2"
    assert all(isinstance(a, Place) for a in s.legal_actions())
    assert all(a.country != 4 for a in s.legal_actions())


def test_A_P3_between_one_and_the_cap():
    s = placement(grid_map(3, 3))
    for bad in (0, 26):
        with pytest.raises(IllegalAction) as info:
            s.apply(Place(0, bad))
        assert info.value.rule == "A-P3"
    assert max(a.n for a in s.legal_actions()) == 25
    assert max(a.n for a in placement(grid_map(3, 3), cap=20).legal_actions()) == 20


def test_A_P4_no_placement_may_repeat_a_standing_count_own_included():
    s = placement(grid_map(3, 3))
    s.apply(Place(0, 8))
    with pytest.raises(IllegalAction) as info:
        s.apply(Place(1, 8))  # player 2 may not copy player 1's 8
    assert info.value.rule == "A-P4" and "#1" in info.value.message
    s.apply(Place(1, 9))
    with pytest.raises(IllegalAction):
        s.apply(Place(2, 8))  # nor player 1 their own
    assert not any(a.n in (8, 9) for a in s.legal_actions())


def test_A_P5_placing_exactly_the_cap_raises_it_by_one():
    s = placement(grid_map(3, 3))
    ev = s.apply(Place(0, 25))
    assert s.cap == 26 and any(e.kind == "cap" for e in ev)
    s.apply(Place(1, 26))
    assert s.cap == 27
    s.apply(Place(2, 20))
    assert s.cap == 27


def test_A_P6_no_more_than_the_troops_left():
    s = placement(grid_map(4, 4), troops=30)
    s.apply(Place(0, 25))
    s.apply(Place(1, 3))
    with pytest.raises(IllegalAction) as info:
        s.apply(Place(2, 6))
    assert info.value.rule == "A-P6"
    assert max(a.n for a in s.legal_actions()) == 5


def test_A_P7_a_player_who_cannot_place_loses_the_rest_with_a_reason():
    # three countries, two players: once all are full, the next placer is stuck
    s = placement(grid_map(3, 1))
    s.apply(Place(0, 20))
    s.apply(Place(1, 21))
    ev = s.apply(Place(2, 22))
    lose = [e for e in ev if e.kind == "lose_rest"]
    assert lose and "no empty country" in lose[0].text and lose[0].data["lost"] == 79
    # and then the other player is stuck too; movement begins
    assert s.remaining == [0, 0] and s.phase == "move"


def test_A_P7_every_allowed_number_taken_also_loses_the_rest():
    s = placement(grid_map(3, 2), troops=30)
    s.apply(Place(0, 1))    # seat 0: 29 left
    s.apply(Place(1, 2))    # seat 1: 28 left
    s.apply(Place(2, 25))   # seat 0: 4 left, cap 26
    s.apply(Place(3, 26))   # seat 1: 2 left, cap 27
    ev = s.apply(Place(4, 3))  # seat 0: 1 left; seat 1 may place 1 or 2, both stand
    lose = [e for e in ev if e.kind == "lose_rest"]
    assert lose[0].data == {"player": 1, "lost": 2} and "already standing" in lose[0].text
    assert s.remaining[1] == 0


def test_A_P8_the_run_out_order_is_the_movement_order():
    s = placement(grid_map(4, 3), players=3, troops=30)
    for c, n in enumerate((25, 24, 26, 3, 5, 4, 2, 1)):
        s.apply(Place(c, n))
    # seat 2 ran out first (placing 4), then seat 0 (placing 2); seat 1 placed the last troop
    assert s.runout == [2, 0, 1]
    assert s.phase == "move" and s.order == [2, 0, 1] and s.player == 2


def test_A_P8_first_to_run_out_moves_first_last_placer_moves_last():
    s = placement(grid_map(3, 2), troops=20)
    s.apply(Place(0, 20))   # seat 0 runs out first
    s.apply(Place(1, 19))   # seat 1: 1 left
    s.apply(Place(2, 1))    # seat 1 runs out: placed the last troop
    assert s.runout == [0, 1]
    assert s.order == [0, 1] and s.phase == "move" and s.player == 0
    assert any(isinstance(a, (Attack, Move)) for a in s.legal_actions())


def test_A_P8_the_last_placer_who_strips_the_others_ran_out_first_and_moves_first():
    """Rev 4: the recorded order wins.  P1's final troop fills the last empty country, so P2 and
    P3 cannot place (A-P7) and run out after P1: P1 placed the last troop and moves FIRST."""
    s = placement(grid_map(4, 1), players=3, troops=20)
    s.apply(Place(0, 5))
    s.apply(Place(1, 6))
    ev = s.apply(Place(2, 7))
    assert s.player == 0 and s.remaining == [15, 14, 13]
    ev = s.apply(Place(3, 15))  # P1's last 15 troops fill the last empty country
    kinds = [(e.kind, e.data.get("player")) for e in ev]
    assert kinds[:4] == [("place", 0), ("runout", 0), ("lose_rest", 1), ("lose_rest", 2)]
    assert s.runout == [0, 1, 2]
    assert s.phase == "move" and s.order == [0, 1, 2] and s.current_player() == 0
    assert "Movement order: Player 1, Player 2, Player 3" in next(e.text for e in ev if e.kind == "movement")


def test_A_P9_a_player_with_nothing_left_to_place_is_skipped():
    s = placement(grid_map(4, 2), players=3, troops=20)
    s.apply(Place(0, 20))  # seat 0 is done
    s.apply(Place(1, 5))
    s.apply(Place(2, 6))
    assert s.player == 1  # seat 0 skipped
    s.apply(Place(3, 7))
    assert s.player == 2


def test_A_P10_who_places_first_is_decided_by_lot_and_logged():
    """Rev 2: the lot comes from the game's seeded generator and is written in the log."""
    from game.session import Session
    firsts = {AmoebaGame({"players": 3}).new_state(seed).current_player() for seed in range(12)}
    assert firsts == {0, 1, 2}
    g = AmoebaGame({"players": 3})
    s = g.new_state(7, {"faces": [3]})  # the lot pinned: the third seat places first
    assert s.current_player() == 2 and s.opening == ["By lot, Player 3 places first (A-P10)."]
    assert g.new_state(7).to_json() == g.new_state(7).to_json()  # seeded
    sess = Session.new("amoeba", {"players": 3}, 7, ["human"] * 3, {"faces": [2]}, autosave=False)
    assert sess.log[0] == "By lot, Player 2 places first (A-P10)."


def test_A_P10_who_draws_the_first_country_is_decided_by_lot():
    g = AmoebaGame({"players": 4, "map": "draw"})
    s = g.new_state(1, {"faces": [4]})
    assert s.phase == "map" and s.current_player() == 3 and "draws the first country" in s.opening[0]
    assert {g.new_state(seed).current_player() for seed in range(16)} == {0, 1, 2, 3}
