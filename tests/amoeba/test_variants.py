"""A-V1..A-V8: the variants, each a setting, all off by default.  Grid maps as in test_movement."""

from __future__ import annotations

import pytest

from game.engine import IllegalAction
from game.rules.amoeba.actions import AnswerJoint, Attack, Gather, Move, Point, ProposeJoint
from game.rules.amoeba.state import AmoebaGame, point_of

from .helpers import grid_map, position

E = -1
G33 = grid_map(3, 3)
G32 = grid_map(3, 2)  # 0 1 2 / 3 4 5
G22 = grid_map(2, 2)  # 0 1 / 2 3

ATTACK_POS = ([E, 0, E, 0, 1, E, E, E, 1], [0, 5, 0, 6, 4, 0, 0, 0, 2])


def test_variants_are_all_off_by_default():
    s = AmoebaGame().settings
    assert s["follow_up"] == "off" and s["attack_bonus"] == 0 and s["partial_kill"] == 0
    assert not any(s[k] for k in ("empty_only", "gathering", "joint_attacks", "simultaneous"))
    help_text = next(x for x in AmoebaGame.settings_spec if x.key == "follow_up").help
    assert "too strong" in help_text  # A-V2 is flagged


def test_A_V1_follow_up_from_one_attacking_country():
    s = position(G33, *ATTACK_POS, follow_up="one")
    assert Attack(4, ((3, 6),)) in s.legal_actions()
    with pytest.raises(IllegalAction) as info:
        s.apply(Attack(4, ((1, 2), (3, 3))))
    assert info.value.rule == "A-V1"
    s.apply(Attack(4, ((3, 4),)))
    assert s.owner[4] == 0 and s.troops[4] == 4 and s.troops[3] == 2


def test_A_V1_no_follow_up_when_the_variant_is_off_or_the_country_is_not_emptied():
    s = position(G33, *ATTACK_POS)
    with pytest.raises(IllegalAction) as info:
        s.apply(Attack(4, ((3, 4),)))
    assert info.value.rule == "A-V1"
    s = position(G33, ATTACK_POS[0], [0, 5, 0, 6, 10, 0, 0, 0, 2], follow_up="one", partial_kill=1)
    with pytest.raises(IllegalAction, match="empties"):
        s.apply(Attack(4, ((3, 4),)))


def test_A_V2_follow_up_from_every_attacking_country():
    s = position(G33, *ATTACK_POS, follow_up="every")
    assert Attack(4, ((1, 5), (3, 6))) in s.legal_actions()
    s.apply(Attack(4, ((1, 5), (3, 6))))
    assert s.troops[4] == 11 and s.owner[1] == E and s.owner[3] == E
    s = position(G33, *ATTACK_POS, follow_up="every")
    s.owner[0], s.troops[0] = 0, 3  # country 0 is not next to 4
    with pytest.raises(IllegalAction) as info:
        s.apply(Attack(4, ((0, 1),)))
    assert info.value.rule == "A-V2"


def test_A_V3_each_attacking_country_adds_a_bonus():
    owner, troops = [E, 0, E, 0, 1, E, E, E, E], [0, 5, 0, 5, 11, 0, 0, 0, 0]
    with pytest.raises(IllegalAction):
        position(G33, owner, troops).apply(Attack(4))
    s = position(G33, owner, troops, attack_bonus=1)
    assert s.attack_sum(4, 0) == 12
    s.apply(Attack(4))
    assert s.owner[4] == E


def test_A_V4_partial_kill_removes_at_most_half_plus_k():
    owner = [E, 0, E, 0, 1, E, E, E, 1]
    s = position(G33, owner, [0, 9, 0, 6, 11, 0, 0, 0, 2], partial_kill=1)
    s.apply(Attack(4))
    assert s.troops[4] == 11 - (5 + 1) and s.owner[4] == 1
    s = position(G33, owner, [0, 9, 0, 6, 3, 0, 0, 0, 2], partial_kill=3)
    s.apply(Attack(4))
    assert s.troops[4] == 0 and s.owner[4] == E  # never more than there are


def test_A_V5_moves_only_into_empty_countries():
    owner, troops = [E, E, E, 0, 0, 1, E, E, E], [0, 0, 0, 2, 12, 7, 0, 0, 0]
    s = position(G33, owner, troops, empty_only=True)
    with pytest.raises(IllegalAction) as info:
        s.apply(Move(4, ((3, 2),)))
    assert info.value.rule == "A-V5"
    assert not any(isinstance(a, Move) and any(d == 3 for d, _ in a.dests) for a in s.legal_actions())
    s.apply(Move(4, ((1, 2),)))
    assert s.troops[1] == 2


def test_A_V6_gathering_brings_troops_from_several_countries_into_one_empty_one():
    owner, troops = [E, 0, E, 0, E, 0, E, 1, E], [0, 4, 0, 5, 0, 6, 0, 9, 0]
    s = position(G33, owner, troops)
    with pytest.raises(IllegalAction) as info:
        s.apply(Gather(4, ((1, 4), (3, 5))))
    assert info.value.rule == "A-V6"
    s = position(G33, owner, troops, gathering=True)
    assert Gather(4, ((1, 4), (3, 5), (5, 6))) in s.legal_actions()
    s.apply(Gather(4, ((1, 4), (3, 2), (5, 6))))
    assert s.troops[4] == 12 and s.troops[3] == 3 and s.owner[1] == E
    s = position(G33, owner, troops, gathering=True)
    with pytest.raises(IllegalAction, match="EMPTY"):
        s.apply(Gather(1, ((3, 1),)))


def joint_position(**kw):
    # player 1's 9 in the centre: player 0 has 5 above it, player 2 has 6 below it
    owner = [E, 0, E, E, 1, E, E, 2, E]
    troops = [0, 5, 0, 0, 9, 0, 0, 6, 0]
    return position(G33, owner, troops, players=3, joint_attacks=True, winners=1, **kw)


def test_A_V7_a_joint_attack_needs_every_partner_to_agree():
    s = joint_position()
    with pytest.raises(IllegalAction):
        s.apply(Attack(4))  # 5 alone is not enough
    assert ProposeJoint(4, (2,)) in s.legal_actions()
    s.apply(ProposeJoint(4, (2,)))
    assert s.phase == "joint" and s.current_player() == 2
    assert s.legal_actions() == [AnswerJoint(True), AnswerJoint(False)]
    s.apply(AnswerJoint(True))
    assert s.owner[4] == E and s.troops[1] == 5 and s.troops[7] == 6
    assert s.phase == "move" and s.player == 2  # player 0's turn is over; player 1 is out
    assert s.eliminated == [1]


def test_A_V7_a_declined_proposal_leaves_the_proposer_to_act_alone():
    s = joint_position()
    s.apply(ProposeJoint(4, (2,)))
    s.apply(AnswerJoint(False))
    assert s.player == 0 and s.troops[4] == 9
    with pytest.raises(IllegalAction, match="declined"):
        s.apply(ProposeJoint(4, (2,)))
    assert not any(isinstance(a, ProposeJoint) for a in s.legal_actions())
    s.apply(Move(1, ((0, 5),)))
    assert s.player == 1 and not s.joint_used


def test_A_V7_joint_attacks_need_three_players_and_the_variant():
    s = position(G33, [E, 0, E, E, 1, E, E, 0, E], [0, 5, 0, 0, 9, 0, 0, 6, 0], joint_attacks=True)
    with pytest.raises(IllegalAction) as info:
        s.apply(ProposeJoint(4, (1,)))
    assert info.value.rule == "A-V7"
    s = position(G33, [E, 0, E, E, 1, E, E, 2, E], [0, 5, 0, 0, 9, 0, 0, 6, 0], players=3)
    with pytest.raises(IllegalAction, match="not played"):
        s.apply(ProposeJoint(4, (2,)))


# -- A-V8 simultaneous turns --------------------------------------------------------------

def simul(amap, owner, troops, **kw):
    return position(amap, owner, troops, simultaneous=True, **kw)


def play_turn(s, choices):
    """One A-V8 turn: every seat points at its country, then writes its troops down."""
    ev = []
    for _ in range(2 * len(choices) + 1):
        p = s.current_player()
        ev += s.apply(choices[p] if s.phase == "detail" else point_of(choices[p]))
        if any(e.kind == "reveal" for e in ev):
            return ev
    raise AssertionError("the turn did not resolve")


def test_A_V8_choices_are_collected_in_secret_before_anything_happens():
    s = simul(G33, [0, E, E, E, E, E, E, E, 1], [5, 0, 0, 0, 0, 0, 0, 0, 9])
    assert not s.hidden_for_seat()
    s.apply(Point(0))
    assert s.troops[0] == 5 and s.troops[1] == 0  # nothing revealed yet
    assert s.current_player() == 1 and s.hidden_for_seat()  # cover screen for the next seat
    ev = s.apply(Point(8))
    assert ev[-1].kind == "points" and s.phase == "detail"
    s.apply(Move(0, ((1, 5),)))
    ev = s.apply(Move(8, ((7, 9),)))
    assert ev[1].kind == "reveal" and s.troops[1] == 5 and s.troops[7] == 9
    assert s.current_player() == 0 and not s.hidden_for_seat()


def test_A_V8_the_secret_choice_is_a_point_at_a_country_as_in_the_seed():
    """Rev 2: attack = point at the enemy country, move = point at your own (the source)."""
    s = simul(G32, [0, 1, E, E, 0, 1], [4, 6, 0, 0, 3, 10])
    assert set(s.legal_actions()) == {Attack(1), Point(0), Point(4)}
    with pytest.raises(IllegalAction) as info:
        s.apply(Move(0, ((3, 4),)))
    assert info.value.rule == "A-V8"
    s.apply(Point(4))
    ev = s.apply(Point(5))
    assert "#5" in ev[-1].text and "#6" in ev[-1].text and "(" not in ev[-1].text  # only the countries
    with pytest.raises(IllegalAction) as info:
        s.apply(Move(0, ((3, 4),)))  # pointed at #5, not #1
    assert info.value.rule == "A-V8"


def test_A_V8_independent_moves_are_written_openly_dependent_ones_in_secret():
    """Rev 2: the full move is written in secret only where two moves depend on each other."""
    # 0 1 2 / 3 4 5: p0 in 0, p1 in 2; both may enter the empty 1 -> dependent
    s = simul(G32, [0, E, 1, E, E, E], [5, 0, 6, 0, 0, 0])
    s.apply(Point(0))
    s.apply(Point(2))
    assert s.phase == "detail" and s.dependent == {0, 1}
    s.apply(Move(0, ((1, 5),)))
    assert s.hidden_for_seat()  # p1 must not see p0's written move
    ev = s.apply(Move(2, ((1, 6),)))
    assert any(e.kind == "clash" for e in ev)
    # 0 1 2 3 (a row): p0 in 0, p1 in 3: nothing in common -> written openly
    s = simul(grid_map(4, 1), [0, E, E, 1], [5, 0, 0, 6])
    s.apply(Point(0))
    s.apply(Point(3))
    assert s.dependent == set()
    ev = s.apply(Move(0, ((1, 5),)))
    assert not s.hidden_for_seat() and "1" in ev[0].text and ev[0].kind == "written"


def test_A_V8_half_rounded_up_counts_every_destination_of_one_source_together():
    """Rev 2: 3 troops fleeing 1 + 1 + 1 lose 2 (half of 3 rounded up), not all 3."""
    # 3x3: p1's 3 in the centre flee to 1, 3 and 5; p0's 9 in 7 attacks the centre
    s = simul(G33, [E, E, E, E, 1, E, E, 0, E], [0, 0, 0, 0, 3, 0, 0, 9, 0], flee_loss="half")
    ev = play_turn(s, {0: Attack(4), 1: Move(4, ((1, 1), (3, 1), (5, 1)))})
    assert s.total(1) == 1 and s.troops[1] == 1 and s.owner[1] == 1
    assert [e.data["lost"] for e in ev if e.kind == "caught"] == [2]
    # 4 + 3 leaving together: 7 -> 4 lost, 3 survive (2 + 1, the odd leg gets the extra one)
    s = simul(G33, [E, E, E, E, 1, E, E, 0, E], [0, 0, 0, 0, 7, 0, 0, 9, 0], flee_loss="half")
    play_turn(s, {0: Attack(4), 1: Move(4, ((1, 4), (3, 3)))})
    assert (s.troops[1], s.troops[3]) == (2, 1)


def test_A_V8_with_A_V4_the_troops_that_stay_are_judged_by_what_stays():
    """Rev 2: with partial kill, the stayers lose half of what STAYS (rounded down) + k."""
    # p1's 10 in the centre, 6 flee to 1, 4 stay; p0's 30 in 7 attacks; k = 1
    s = simul(G33, [E, E, E, E, 1, E, E, 0, E], [0, 0, 0, 0, 10, 0, 0, 30, 0], partial_kill=1, flee_loss="half")
    play_turn(s, {0: Attack(4), 1: Move(4, ((1, 6),))})
    assert s.troops[4] == 4 - (4 // 2 + 1)  # not min(4, 10 // 2 + 1) = all four
    assert s.troops[1] == 3



def test_A_V8_two_adjacent_armies_can_destroy_each_other():
    # 0 1 / 2 3: p0 holds 0 (5) and 3 (4); p1 holds 1 (6) and 2 (3)
    s = simul(G22, [0, 1, 1, 0], [5, 6, 3, 4])
    # p0: 5 + 4 = 9 > 6; p1: 6 + 3 = 9 > 5, legal at the start of the turn
    play_turn(s, {0: Attack(1), 1: Attack(0)})
    assert s.troops == [0, 0, 3, 4] and s.owner == [E, E, 1, 0]


@pytest.mark.parametrize("flee, left_in_2", [("all", 0), ("half", 2)])
def test_A_V8_an_attack_on_troops_that_move_away_kills_them(flee, left_in_2):
    # 0 1 2 / 3 4 5: p1 holds 1 (6) and 5 (10); p0 holds 0 (4) and 4 (3)
    s = simul(G32, [0, 1, E, E, 0, 1], [4, 6, 0, 0, 3, 10], flee_loss=flee)
    play_turn(s, {0: Attack(1), 1: Move(1, ((2, 4),))})  # 4 + 3 = 7 > 6; 4 of the 6 try to flee
    assert s.troops[1] == 0 and s.owner[1] == E  # the 2 who stayed die
    assert s.troops[2] == left_in_2
    assert s.owner[2] == (1 if left_in_2 else E)


def test_A_V8_two_players_moving_into_the_same_country_neither_move_happens():
    s = simul(G32, [0, E, E, E, 1, E], [5, 0, 0, 0, 6, 0])
    ev = play_turn(s, {0: Move(0, ((3, 5),)), 1: Move(4, ((3, 6),))})
    assert any(e.kind == "clash" for e in ev)
    assert s.troops == [5, 0, 0, 0, 6, 0]


def test_A_V8_a_move_into_a_country_under_attack_arrives_after_the_attack():
    # p1 holds 1 (8) and 2 (3); p0 holds 5 (6): p0 attacks 2, p1 reinforces 2 from 1
    s = simul(G32, [E, 1, 1, E, E, 0], [0, 8, 3, 0, 0, 6])
    play_turn(s, {0: Attack(2), 1: Move(1, ((2, 5),))})
    assert s.troops[2] == 5 and s.owner[2] == 1 and s.troops[1] == 3


def test_A_V8_resolution_uses_the_position_at_the_start_of_the_turn():
    # p1's attack on 0 is legal at the start even though p0 kills one of its attackers
    s = simul(G22, [0, 1, 1, 0], [5, 6, 3, 4])
    # p0: adjacent 0 and 3 make 9 > 3; p1: 6 + 3 = 9 > 5 at the start
    play_turn(s, {0: Attack(2), 1: Attack(0)})
    assert s.owner[0] == E and s.owner[2] == E


def test_A_V8_a_seat_already_committed_is_not_asked_again_and_round_ends():
    s = simul(G33, [0, E, E, E, E, E, E, E, 1], [5, 0, 0, 0, 0, 0, 0, 0, 9], stalemate_rounds=50)
    r = s.round_no
    play_turn(s, {0: Move(0, ((1, 5),)), 1: Move(8, ((7, 9),))})
    assert s.round_no == r + 1


# -- rev 4: where two variants meet --------------------------------------------------------

def test_A_V8_with_A_V6_an_empty_country_only_one_of_yours_borders_is_not_a_point():
    """Rev 4: the game blocked at one screen.  P1 pointed at the empty #2, which only its #1
    borders; the point was accepted, but after the reveal no written move could match it (a move
    from #1 is pointed at #1), so P1 had no legal action and the board refused every drag."""
    # 0 1 2 / 3 4 5: P1 holds 0; P2 holds 5
    s = simul(G32, [0, E, E, E, E, 1], [5, 0, 0, 0, 0, 6], gathering=True)
    assert Point(1) not in s.legal_actions()
    with pytest.raises(IllegalAction) as info:
        s.apply(Point(1))
    assert info.value.rule == "A-V8" and "#1" in info.value.message and "two or more" in info.value.message
    assert s.current_player() == 0 and not s.pending  # nothing lost: P1 still chooses
    # the same move, pointed at its source, is written down after the reveal
    s.apply(Point(0))
    s.apply(Point(5))
    assert s.phase == "detail" and s.current_player() == 0
    assert Move(0, ((1, 5),)) in s.legal_actions()
    s.apply(Move(0, ((1, 5),)))
    s.apply(s.legal_actions()[0])
    assert s.phase == "move" and s.troops[1] == 5 and s.owner[1] == 0


def test_A_V8_with_A_V6_an_empty_country_two_of_yours_border_is_a_gathering_point():
    # 0 1 2 / 3 4 5: P1 holds 0 and 2 around the empty 1 (and 3 and 5 below them); P2 holds 4
    s = simul(G32, [0, E, 0, E, 1, E], [5, 0, 3, 0, 9, 0], gathering=True, stalemate_rounds=50)
    assert Point(1) in s.legal_actions()
    s.apply(Point(1))
    s.apply(Point(4))
    assert s.phase == "detail" and s.current_player() == 0
    assert Gather(1, ((0, 5), (2, 3))) in s.legal_actions()
    s.apply(Gather(1, ((0, 4),)))  # written down from only one of them: still the point's gathering
    assert s.phase == "detail" and s.current_player() == 1


VARIANT_POSITIONS = [
    # (owner, troops) on the 3x3 grid, three players
    ([0, E, 1, E, E, E, 2, E, 0], [5, 0, 7, 0, 0, 0, 9, 0, 4]),
    ([0, E, 0, E, E, 1, E, 2, E], [3, 0, 8, 0, 0, 6, 0, 11, 0]),
    ([E, 0, E, 1, E, 2, E, 0, E], [0, 12, 0, 4, 0, 5, 0, 2, 0]),
    ([0, 0, E, 0, E, E, 1, E, 2], [2, 5, 0, 7, 0, 0, 10, 0, 1]),
]


@pytest.mark.parametrize("owner, troops", VARIANT_POSITIONS)
@pytest.mark.parametrize("follow", ["off", "one"])
def test_A_V8_never_accepts_a_point_that_leaves_no_action_after_the_reveal(owner, troops, follow):
    """Rev 4: every point the rules accept, at any country, is matched by a legal written choice."""
    for p in range(3):
        s = simul(G33, owner, troops, players=3, gathering=True, follow_up=follow, to_move=p)
        accepted = []
        for c in range(G33.n):
            for a in (Point(c), Attack(c)):
                try:
                    s.check(a)
                except IllegalAction:
                    continue
                accepted.append(a)
                assert a in s.legal_actions()
                if s.needs_detail(p, a):
                    after = s.clone()
                    after.pending = {p: a}
                    assert after.detail_actions(p), (p, a)
        assert set(accepted) == set(s.legal_actions())


def test_A_V8_with_A_V4_two_attacks_on_one_country_each_take_their_share():
    """Rev 4: P1 and P2 both attack P3's 20 (k = 1): 20 -> 9 -> 4, not 9 as one attack would."""
    # P1's 25 above the centre, P2's 24 below it; P3's 20 in the centre (and 1 in a corner, that moves)
    owner, troops = [E, 0, E, E, 2, E, 2, 1, E], [0, 25, 0, 0, 20, 0, 1, 24, 0]
    s = simul(G33, owner, troops, players=3, partial_kill=1, winners=1)
    ev = play_turn(s, {0: Attack(4), 1: Attack(4), 2: Move(6, ((3, 1),))})
    assert s.troops[4] == 4 and s.owner[4] == 2
    assert [e.data["killed"] for e in ev if e.kind == "attack"] == [11, 5]
    assert "5 of the 9 left removed" in [e.text for e in ev if e.kind == "attack"][1]


def test_A_V8_without_A_V4_the_first_of_two_attacks_empties_the_country():
    owner, troops = [E, 0, E, E, 2, E, 2, 1, E], [0, 25, 0, 0, 20, 0, 1, 24, 0]
    s = simul(G33, owner, troops, players=3, winners=1)
    ev = play_turn(s, {0: Attack(4), 1: Attack(4), 2: Move(6, ((3, 1),))})
    assert s.troops[4] == 0 and s.owner[4] == E
    hits = [e for e in ev if e.kind == "attack"]
    assert len(hits) == 1 and hits[0].data["killed"] == 20 and hits[0].data["players"] == [0, 1]


def enclosed_joint_position(**kw):
    """0 1 2 3 in a row: P1's 5 in #1 is walled in by P2's 9 in #2, which P3's 6 in #3 also
    borders (P3 can move into the empty #4).  P1 alone cannot attack or move; with P3 it can."""
    return position(grid_map(4, 1), [0, 1, 2, E], [5, 9, 6, 0], players=3, joint_attacks=True, winners=1,
                    order=[2, 0, 1], to_move=2, **kw)


def test_A_V7_a_player_whose_only_action_is_a_joint_proposal_is_not_passed_over():
    """Rev 4: every action the variants in play offer counts, a joint-attack proposal included."""
    s = enclosed_joint_position()
    assert not s.has_own_action(0) and s.has_action(0)
    ev = s.apply(Move(2, ((3, 1),)))
    assert not any(e.kind == "pass" for e in ev)
    assert s.current_player() == 0
    assert s.legal_actions() == [ProposeJoint(1, (2,))]
    s.apply(ProposeJoint(1, (2,)))
    s.apply(AnswerJoint(True))
    assert s.owner[1] == E and s.eliminated == [1]


def test_A_V7_a_declined_only_proposal_passes_the_turn_on():
    s = enclosed_joint_position()
    s.apply(Move(2, ((3, 1),)))
    s.apply(ProposeJoint(1, (2,)))
    ev = s.apply(AnswerJoint(False))
    assert [e.kind for e in ev][:2] == ["joint_declined", "pass"] and ev[1].data["player"] == 0
    assert s.phase == "move" and s.current_player() == 1 and s.legal_actions()  # the game goes on
    assert not s.joint_used


@pytest.mark.parametrize("follow", ["one", "every"])
def test_A_V7_no_troops_follow_a_joint_attack(follow):
    """Rev 4: A-V1/A-V2 apply to one player's own attacks; after a joint attack nobody moves in."""
    s = joint_position(follow_up=follow)
    assert all(not isinstance(a, Attack) for a in s.legal_actions())  # P1 alone has too few
    s.apply(ProposeJoint(4, (2,)))
    ev = s.apply(AnswerJoint(True))
    assert s.owner[4] == E and s.troops[4] == 0
    assert s.troops[1] == 5 and s.troops[7] == 6
    assert not any(e.kind == "follow" for e in ev)


def test_A_V8_a_point_while_the_moves_are_written_down_is_refused_with_a_sentence():
    """A point sent in the writing-down step (a stale click, a hostile message) is refused with
    a sentence; it used to stop the game with a KeyError."""
    s = simul(G32, [0, E, E, E, E, 1], [5, 0, 0, 0, 0, 6])
    s.apply(Point(0))
    s.apply(Point(5))
    assert s.phase == "detail"
    with pytest.raises(IllegalAction) as info:
        s.apply(Point(0))
    assert info.value.rule == "PHASE" and "writing down" in info.value.message
    assert s.phase == "detail" and s.current_player() == 0
