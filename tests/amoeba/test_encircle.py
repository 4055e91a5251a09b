"""The ``encircle`` Amoeba player (issue 47): it plays as the people who beat Hard did.  Each of
its habits is a position on the shipped ten-country duel map and the choice it makes there."""

from __future__ import annotations

import pytest

from game import registry
from game.rules.amoeba.actions import Attack, Move, Place
from game.rules.amoeba.encircle import EncircleAgent
from game.rules.amoeba.state import AmoebaGame, AmoebaState

from .test_hard import _duel_ten


def _placing(owner: list[int], troops: list[int], remaining: list[int]) -> AmoebaState:
    """Red (0) to place on duel_ten with the given board."""
    game = AmoebaGame({"map": "level", "level": "duel_ten"})
    s = game.new_state(1)
    assert isinstance(s, AmoebaState) and s.phase == "place"
    s.owner, s.troops, s.remaining = list(owner), list(troops), list(remaining)
    s.player = 0
    return s


def test_A_G2_encircle_places_next_to_the_biggest_army_a_count_that_makes_its_sum_exceed_it():
    # Blue's 20 in #7 (country 6) borders 2 and 3; Red's 8 stands in 3.  Red places in 2 enough to
    # make its sum round the 20 more than 20 (A-G2), and enough to be safe beside it.
    s = _placing([-1, -1, -1, 0, -1, -1, 1, -1, -1, 1], [0, 0, 0, 8, 0, 0, 20, 0, 0, 5], [92, 75])
    a = EncircleAgent(s.game, 1).choose(s.clone())
    assert isinstance(a, Place) and a.country == 2, a.notation()
    assert 8 + a.n > 20 and a.n > 20, a.notation()


def test_A_G2_encircle_keeps_the_last_empty_neighbour_of_its_big_army():
    # Red's 22 in 8 has only 9 left empty (1 and 4 are Blue's).  Blue's biggest, the 18 in 5,
    # borders 0, 3 and 9: Red surrounds it from 0 or 3 and keeps 9 free for its 22.
    s = _placing([-1, 1, -1, -1, 1, 1, -1, -1, 0, -1], [0, 10, 0, 0, 3, 18, 0, 0, 22, 0], [78, 69])
    a = EncircleAgent(s.game, 1).choose(s.clone())
    assert isinstance(a, Place) and a.country in (0, 3), a.notation()


def test_A_G3_encircle_kills_the_biggest_army_it_can():
    # Red's 20 in 0 borders Blue's 12 in 1 and Blue's 5 in 2: both can be killed; it takes the 12.
    s = _duel_ten([0, 1, 1, -1, -1, -1, -1, -1, -1, 1], [20, 12, 5, 0, 0, 0, 0, 0, 0, 3], to_move=0)
    assert EncircleAgent(s.game, 1).choose(s.clone()) == Attack(1)


def test_A_G2_encircle_gathers_a_killing_sum_next_to_the_biggest_army():
    # Blue's 15 in 6 borders 2 and 3; Red's 9 is in 3, its 10 in 0 borders both: nothing can be
    # killed now, so the 10 joins the 9 in 3: Red's sum round the 15 is 19, and the 19 is safe
    # (in 2 the 10 alone would be killable by the 15).
    s = _duel_ten([0, -1, -1, 0, -1, -1, 1, -1, -1, 1], [10, 0, 0, 9, 0, 0, 15, 0, 0, 2], to_move=0)
    a = EncircleAgent(s.game, 1).choose(s.clone())
    assert a == Move(0, ((3, 10),)), a.notation()
    s.apply(a)
    assert s.attack_sum(6, 0) > 15 and s.is_over() is False


def test_encircle_is_an_agent_but_not_offered_on_the_setup_screen():
    rs = registry.get("amoeba")
    assert "encircle" in rs.agents
    assert "encircle" not in [st.agent for st in registry.strengths(rs)]
    assert isinstance(rs.make_agent("encircle", rs.make_game(), 1), EncircleAgent)


@pytest.mark.parametrize("variant", [
    {"players": 2, "countries": 8},
    {"players": 3, "countries": 10, "joint_attacks": True, "follow_up": "every", "gathering": True},
    {"players": 3, "countries": 10, "simultaneous": True, "partial_kill": 1, "attack_bonus": 1},
    {"players": 2, "countries": 6, "empty_only": True},
    {"players": 2, "countries": 5, "map": "draw"},
])
def test_encircle_plays_legal_actions_to_the_end_in_every_variant(variant):
    from game.rules.amoeba.ai import GreedyAgent

    g = AmoebaGame(variant)
    s = g.new_state(4)
    agents = [EncircleAgent(g, 1), GreedyAgent(g, 2), EncircleAgent(g, 3)]
    for _ in range(3000):
        if s.is_over():
            break
        a = agents[s.current_player() % 3].choose(s.clone())
        s.check(a)
        s.apply(a)
    assert s.result() is not None
