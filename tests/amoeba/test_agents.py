"""The computer players: legal in every phase and variant, and better than chance."""

from __future__ import annotations

import pytest

from game.agents import RandomAgent
from game.engine import Chance
from game.rules.amoeba.actions import AnswerJoint, Attack, Move, Place, Point
from game.rules.amoeba.ai import (
    GreedyAgent,
    MctsAgent,
    _prior,
    a_p7_loss,
    place_score,
    playout,
    swing_score,
    treasure_guard,
)
from game.rules.amoeba.state import AmoebaGame

from .helpers import grid_map, placement, position

E = -1


@pytest.mark.parametrize("variant", [
    {"players": 2, "countries": 8},
    {"players": 3, "countries": 10, "joint_attacks": True, "follow_up": "every", "gathering": True},
    {"players": 3, "countries": 10, "simultaneous": True, "partial_kill": 1, "attack_bonus": 1},
    {"players": 2, "countries": 5, "map": "draw"},
])
def test_agents_play_legal_actions_to_the_end_in_every_variant(variant):
    g = AmoebaGame(variant)
    s = g.new_state(4)
    agents = [MctsAgent(g, 1, budget_s=0.01, max_playouts=40), GreedyAgent(g, 2), RandomAgent(g, 3)]
    k = 0
    while not s.is_over():
        a = agents[s.current_player() % 3].choose(s)
        s.check(a)
        s.apply(a)
        k += 1
    assert s.result() is not None


def test_ai_does_not_peek_at_secret_choices():
    s = position(grid_map(2, 2), [0, 1, 1, 0], [5, 6, 3, 4], simultaneous=True)
    s.apply(Attack(1))
    seen = s.pending.copy()
    MctsAgent(s.game, 1, budget_s=0.01, max_playouts=20).choose(s)
    assert s.pending == seen  # the search worked on a copy without the others' choices


def test_strategy_note_treasures_and_the_last_empty_neighbour():
    # 0 1 2 / 3 4 5 / 6 7 8: filling 1 would leave 0 with no empty neighbour (a treasure for others)
    s = placement(grid_map(3, 3))
    s.owner[3], s.troops[3] = 1, 2
    assert place_score(s, 0, 1, 5) < place_score(s, 0, 5, 5)
    # a treasure (no empty neighbour, little around it) takes a big army well
    s2 = placement(grid_map(3, 1))
    s2.owner[0], s2.troops[0], s2.owner[2], s2.troops[2] = 1, 3, 1, 4
    assert place_score(s2, 0, 1, 20) > place_score(s2, 0, 1, 5)


def test_greedy_takes_a_winning_attack_and_ai_answers_joint_proposals():
    s = position(grid_map(3, 1), [0, 1, 0], [5, 6, 4])
    assert GreedyAgent(s.game, 1).choose(s) == Attack(1)
    assert MctsAgent(s.game, 1, budget_s=0.05).choose(s) == Attack(1)
    j = position(grid_map(3, 3), [E, 0, E, E, 1, E, E, 2, E], [0, 5, 0, 0, 9, 0, 0, 6, 0], players=3,
                 joint_attacks=True)
    j.apply(j.legal_actions()[[type(a).__name__ for a in j.legal_actions()].index("ProposeJoint")])
    assert isinstance(MctsAgent(j.game, 1).choose(j), AnswerJoint)


def test_playout_finishes_the_placement_and_scores_every_player():
    s = placement(grid_map(4, 3), players=3)
    s.apply(Place(0, 10))
    r = playout(s, Chance(3))
    assert len(r) == 3 and max(r) >= 1.0


def test_ai_beats_random_in_short_games():
    g = AmoebaGame({"players": 2, "countries": 10})
    wins = 0
    for k in range(4):
        s = g.new_state(k)
        ai, rnd = MctsAgent(g, k, budget_s=0.02, max_playouts=60), RandomAgent(g, k)
        seats = (ai, rnd) if k % 2 == 0 else (rnd, ai)
        while not s.is_over():
            s.apply(seats[s.current_player()].choose(s))
        wins += (k % 2) in s.result().winners
    assert wins >= 3


def test_A_V8_ai_strikes_where_a_flight_would_be_caught_by_the_attack():
    # 0 1 2 3 / 4 5 6 7: Orange's 30 in #5 threatens Blue's 15 in #1; Blue's 19 in #4 can take #8.
    s = position(grid_map(4, 2), [0, E, E, 0, 1, E, E, 1], [15, 0, 0, 19, 30, 0, 0, 8], simultaneous=True)
    orange = s.clone()
    orange.player = 1
    assert GreedyAgent(s.game, 1).choose(orange) == Attack(0)
    assert GreedyAgent(s.game, 1).choose(s) == Point(0)  # one ply deep, fleeing looks safe (A-V8: point at it)
    flight = max(s._movement_actions(0), key=lambda a: _prior(s, 0, a))
    assert isinstance(flight, Move) and flight.source == 0
    choice = MctsAgent(s.game, 1, budget_s=0.3).choose(s)
    assert choice == Attack(7)  # in A-V8 the flight dies with the attack: strike instead

    def after(mine):
        t = s.clone()
        t.pending = {1: Attack(0), 0: mine}
        t._resolve_simultaneous()
        return t.total(0), t.total(1)

    assert after(choice) == (19, 30) and after(flight) == (19, 38)


def test_swing_score_counts_a_threatened_army_as_a_loss_to_come():
    # Same troops; next door the 21 will take the 20 (every attack legal at the start happens).
    big = position(grid_map(3, 1), [0, 1, E], [20, 21, 0], simultaneous=True)
    far = position(grid_map(3, 1), [0, E, 1], [20, 0, 21], simultaneous=True)
    assert swing_score(far, 0) == pytest.approx(20 - 21 - 0.3 * 21)
    assert swing_score(big, 0) == pytest.approx(20 - 21 - 0.3 * 21 - 0.7 * 20)
    mine = position(grid_map(3, 1), [0, 1, E], [20, 19, 0], simultaneous=True)
    assert swing_score(mine, 0) == pytest.approx(20 - 19 - 0.3 * 19 + 0.7 * 19)


def test_treasure_note_counts_what_one_player_alone_holds_around_it():
    """Rev 2: "unless one player ALONE holds more than the cap around it", not everyone's sum."""
    # 0 1 / 2 3: putting 12 in 2 fills the last empty neighbour of 0; 15 stand in 1
    enemy = placement(grid_map(2, 2))
    enemy.owner[1], enemy.troops[1] = 1, 15     # 15 + my 12 = 27 > 25, but nobody alone has more
    own = placement(grid_map(2, 2))
    own.owner[1], own.troops[1] = 0, 15         # I alone hold 27 around 0: no treasure for anyone
    assert treasure_guard(enemy, 0, 0, 2, 12) == 15 and treasure_guard(own, 0, 0, 2, 12) == 27
    # 2 is also the last empty neighbour of 3 (beside 1 and 2): the note is broken twice
    assert place_score(own, 0, 2, 12) - place_score(enemy, 0, 2, 12) == pytest.approx(2 * 0.7 * 25)


def test_a_placement_equal_to_an_enemy_reach_is_safe():
    """An attack needs strictly more (A-G2): 10 beside an enemy's 10 with no empty neighbour is a treasure."""
    s = placement(grid_map(3, 1))
    s.owner[0], s.troops[0], s.owner[2], s.troops[2] = 1, 6, 1, 4  # enemy reach on 1: 10
    s.remaining = [10, 10]
    assert place_score(s, 0, 1, 10) > 0 > place_score(s, 0, 1, 9)


def test_ai_paces_its_placements_and_never_dumps_a_few_troops_into_the_last_empty_country():
    """With 74 troops left and one empty country, place the most allowed (A-P7 takes the rest),
    even where Orange's 44 next door would kill it: a small army there saves nothing."""
    s = placement(grid_map(3, 3))
    for c, (o, t) in enumerate([(0, 20), (1, 3), (0, 22), (0, 4), (0, 24), (1, 23), (1, 5), (1, 21)]):
        s.owner[c], s.troops[c] = o, t
    s.remaining = [74, 30]
    top = max(s.allowed_numbers(0))
    assert a_p7_loss(s, 0, top) < a_p7_loss(s, 0, 2)
    assert GreedyAgent(s.game, 1).choose(s) == Place(8, top)
    assert MctsAgent(s.game, 1, budget_s=0.05, max_playouts=60).choose(s) == Place(8, top)


def test_ai_has_both_seed_strategies_big_armies_and_small_ones():
    g = AmoebaGame({"players": 2})
    s = g.new_state(3, {"faces": [1]})
    big, small = MctsAgent(g, 1, budget_s=0.05, max_playouts=80), MctsAgent(g, 1, budget_s=0.05, max_playouts=80)
    big.fixed_style, small.fixed_style = "big", "small"
    assert big.choose(s).n > small.choose(s).n
    free = MctsAgent(g, 1, budget_s=0.05, max_playouts=80)
    free.choose(s)
    assert free.style in ("big", "small")  # chosen by the search at the first placement, then kept


def test_the_movement_look_ahead_models_moves_as_well_as_attacks():
    """The playout lets a threatened army flee to safety instead of waiting to be killed."""
    # 0 1 2: Orange's 10 in 0 threatens Blue's 5 in 1; 2 is empty and out of Orange's reach
    s = position(grid_map(3, 1), [1, 0, E], [10, 5, 0], to_move=0)
    r = playout(s, Chance(1))
    assert r[0] > 0  # Blue still has troops on the map at the end


def test_A_P7_A_P4_pacing_leaves_a_remainder_that_a_free_number_can_still_take():
    """26 troops left, Orange stands on 1 and 2: placing 24 (or 25) would leave 2 (or 1), a
    number already standing (A-P4), and A-P7 would take it.  Both players leave a remainder
    they can still place, and finish the placement without losing a troop."""
    for make in (lambda g: GreedyAgent(g, 1), lambda g: MctsAgent(g, 1, budget_s=0.05, max_playouts=60)):
        s = placement(grid_map(4, 2))
        for c, (o, t) in enumerate([(1, 1), (1, 2), (0, 10), (0, 12), (E, 0), (E, 0), (E, 0), (1, 30)]):
            s.owner[c], s.troops[c] = o, t
        s.remaining = [26, 0]
        assert a_p7_loss(s, 0, 24) == 2 and a_p7_loss(s, 0, 25) == 1 and a_p7_loss(s, 0, 23) == 0
        agent = make(s.game)
        lost = 0
        while s.phase == "place":
            lost += sum(e.data["lost"] for e in s.apply(agent.choose(s)) if e.kind == "lose_rest")
        assert lost == 0 and sum(s.troops[c] for c in range(8) if s.owner[c] == 0) == 22 + 26
