"""The computer players: legal in every phase and variant, and better than chance."""

from __future__ import annotations

import pytest

from game.agents import RandomAgent
from game.engine import Chance
from game.rules.amoeba.actions import AnswerJoint, Attack, Move, Place, Point
from game.rules.amoeba.ai import GreedyAgent, MctsAgent, _prior, place_score, playout, swing_score
from game.rules.amoeba.rules import AmoebaGame

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
