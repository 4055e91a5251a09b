"""A-G: the movement phase, turn by turn.  Grid maps: 3 x 3 is numbered

    0 1 2
    3 4 5
    6 7 8
"""

from __future__ import annotations

import pytest

from game.engine import IllegalAction
from game.rules.amoeba.actions import Attack, Gather, Move, ProposeJoint

from .helpers import grid_map, position

E = -1
G33 = grid_map(3, 3)


def test_A_G1_a_turn_is_one_attack_or_one_move():
    s = position(G33, [0, E, E, E, 1, E, E, E, 0], [5, 0, 0, 0, 3, 0, 0, 0, 9])
    acts = s.legal_actions()
    assert acts and all(isinstance(a, (Attack, Move)) for a in acts)
    assert not any(isinstance(a, (Gather, ProposeJoint)) for a in acts)
    s.apply(Move(0, ((1, 2),)))
    assert s.player == 1  # one action, then the next player


def test_A_G2_an_attack_needs_more_adjacent_troops_and_removes_them_all():
    s = position(G33, [E, 0, E, 0, 1, E, E, E, 1], [0, 5, 0, 6, 10, 0, 0, 0, 2])
    assert s.attack_sum(4, 0) == 11
    ev = s.apply(Attack(4))
    assert s.troops[4] == 0 and s.owner[4] == E
    assert s.troops[1] == 5 and s.troops[3] == 6  # no troops move
    assert ev[0].kind == "attack" and ev[0].data["killed"] == 10


def test_A_G2_an_equal_sum_is_not_enough():
    s = position(G33, [E, 0, E, 0, 1, E, E, E, E], [0, 5, 0, 6, 11, 0, 0, 0, 0])
    with pytest.raises(IllegalAction) as info:
        s.apply(Attack(4))
    assert info.value.rule == "A-G2" and "11" in info.value.message
    with pytest.raises(IllegalAction):
        s.apply(Attack(1))  # own country
    with pytest.raises(IllegalAction):
        s.apply(Attack(0))  # empty country
    assert Attack(4) not in s.legal_actions()


def test_A_G3_a_move_from_one_country_may_split_over_neighbours():
    s = position(G33, [E, E, E, 0, 0, 1, E, E, E], [0, 0, 0, 2, 12, 7, 0, 0, 0])
    split = Move(4, ((1, 5), (3, 4), (7, 2)))
    assert split not in s.legal_actions()  # an odd split is not listed ...
    s.apply(split)  # ... but any legal split is accepted
    assert s.troops[4] == 1 and s.troops[1] == 5 and s.troops[3] == 6 and s.troops[7] == 2
    assert s.owner[1] == 0 and s.owner[7] == 0


@pytest.mark.parametrize("move, words", [
    (Move(4, ((5, 1),)), "opponent"),
    (Move(4, ((0, 1),)), "not next to"),
    (Move(4, ((1, 8), (3, 5))), "only 12"),
    (Move(5, ((2, 1),)), "you hold"),
    (Move(4, ((1, 0),)), "at least one"),
    (Move(4, ((1, 1), (1, 1))), "once"),
])
def test_A_G3_illegal_moves_are_refused_with_a_reason(move, words):
    s = position(G33, [E, E, E, 0, 0, 1, E, E, E], [0, 0, 0, 2, 12, 7, 0, 0, 0])
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply(move)
    assert info.value.rule == "A-G3" and words in info.value.message
    assert s.to_json() == before


def test_A_G3_moving_every_troop_empties_the_source():
    s = position(G33, [E, E, E, E, 0, E, E, E, 1], [0, 0, 0, 0, 12, 0, 0, 0, 7])
    s.apply(Move(4, ((1, 12),)))
    assert s.owner[4] == E and s.troops[1] == 12


def test_A_G4_destroying_every_enemy_army_wins():
    s = position(G33, [E, 0, E, 0, 1, E, E, E, E], [0, 5, 0, 6, 10, 0, 0, 0, 0])
    s.apply(Attack(4))
    assert s.is_over() and s.result().winners == (0,)
    assert "destroyed" in s.result().text


def test_A_G4_stalemate_after_quiet_rounds_goes_to_most_troops():
    s = position(G33, [0, E, E, E, E, E, E, E, 1], [5, 0, 0, 0, 0, 0, 0, 0, 9], stalemate_rounds=3)
    path0 = [(0, 1), (1, 2), (2, 5)]
    path1 = [(8, 7), (7, 6), (6, 3)]
    for (a, b), (c, d) in zip(path0, path1, strict=False):
        s.apply(Move(a, ((b, s.troops[a]),)))
        s.apply(Move(c, ((d, s.troops[c]),)))
    assert s.is_over()
    res = s.result()
    assert res.winners == (1,) and "3 rounds without an attack" in res.text
    assert res.scores == (5.0, 9.0)


def test_A_G4_a_round_repeating_an_earlier_position_is_a_stalemate():
    s = position(G33, [0, E, E, E, E, E, E, E, 1], [5, 0, 0, 0, 0, 0, 0, 0, 9])
    s.apply(Move(0, ((1, 5),)))
    s.apply(Move(8, ((7, 9),)))
    assert not s.is_over()
    s.apply(Move(1, ((0, 5),)))
    s.apply(Move(7, ((8, 9),)))
    assert s.is_over() and "repeated" in s.result().text and s.result().winners == (1,)


def test_A_G4_a_player_with_no_legal_action_passes_automatically():
    # 0 1 2 3 in a row: player 0's army in 0 is walled in by player 1 and cannot attack
    s = position(grid_map(4, 1), [0, 1, 1, E], [3, 20, 30, 0], to_move=1)
    assert not s.has_action(0)
    ev = s.apply(Move(2, ((3, 5),)))
    assert any(e.kind == "pass" and e.data["player"] == 0 for e in ev)
    assert s.player == 1 and not s.is_over()


def test_A_G5_when_everyone_has_one_army_the_largest_wins():
    cells = [0, 0, E, E, E, E, E, E, 1]
    s = position(G33, cells, [4, 6, 0, 0, 0, 0, 0, 0, 9], one_army_end=True)
    s.apply(Move(0, ((1, 4),)))
    assert s.is_over() and s.result().winners == (0,)  # 10 against 9
    assert "A-G5" in s.result().text
    s = position(G33, cells, [4, 6, 0, 0, 0, 0, 0, 0, 9])
    s.apply(Move(0, ((1, 4),)))
    assert not s.is_over()  # off by default


def test_A_G6_with_two_winners_the_game_ends_when_two_players_remain():
    owner = [0, 2, E, 0, E, E, 1, E, E]
    s = position(G33, owner, [5, 4, 0, 3, 0, 0, 8, 0, 0], players=3, winners=2)
    s.apply(Attack(1))
    assert s.is_over() and s.result().winners == (0, 1)
    s = position(G33, owner, [5, 4, 0, 3, 0, 0, 8, 0, 0], players=3, winners=1)
    s.apply(Attack(1))
    assert not s.is_over()


def test_A_G6_the_default_is_two_winners_with_three_or_more_players_one_with_two():
    """Rev 2: the default number of winners follows the players."""
    from game.rules.amoeba.state import AmoebaGame
    assert [AmoebaGame({"players": n}).winners_needed for n in range(2, 7)] == [1, 2, 2, 2, 2]
    owner = [0, 2, E, 0, E, E, 1, E, E]
    s = position(G33, owner, [5, 4, 0, 3, 0, 0, 8, 0, 0], players=3)
    s.apply(Attack(1))
    assert s.is_over() and s.result().winners == (0, 1)


def test_A_G4_two_players_with_equal_totals_draw():
    """Rev 2: a stalemate with equal totals is a draw, not a shared win."""
    s = position(grid_map(2, 1), [0, 1], [6, 6])  # 6 against 6: nobody can attack or move
    s._advance()
    assert s.is_over() and "stalemate" in s.result().text.lower()
    assert s.result().winners == () and s.result().draw and "draw" in s.result().text


def test_A_G4_with_more_players_tied_players_share_their_place():
    """Rev 2: three players, one winner; two tied at the top both win, sharing first place."""
    s = position(grid_map(5, 1), [0, E, 1, E, 2], [7, 0, 7, 0, 3], players=3, winners=1)
    s._finish_by_totals("Stalemate.")
    assert s.result().winners == (0, 1) and "share their place" in s.result().text


def test_A_G6_more_winners_than_players_allow_is_refused():
    from game.engine import SettingsError
    from game.rules.amoeba.state import AmoebaGame
    with pytest.raises(SettingsError):
        AmoebaGame({"players": 2, "winners": 2})
    assert AmoebaGame({"players": 4, "winners": 3}).winners_needed == 3
