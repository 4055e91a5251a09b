"""The Hard commander (issue 28): the ai's determinized search by the wall clock, and no ace or king wasted."""

from __future__ import annotations

import pytest

from game import registry
from game.rules.tigers.actions import Assign, Keep
from game.rules.tigers.hard import TigersHard, can_use

from .helpers import make, unit

FAR_SQUAD = [unit("infantry", 40, 100, 270)]  # 80 cm from the nearest enemy: T-A5 reaches 12 cm, T-A1 6 cm a card
ENEMY = [unit("tank", 40, 20, 90), unit("infantry", 140, 30, 90)]


def assigning(blue: list[dict[str, object]], hand: list[str]):
    s = make(blue, ENEMY, deal=[3, 3, 3, 3])
    assert s.phase == "assign" and s.actor == 0
    s.hands[0] = [(c, True) for c in hand]
    return s


def test_hard_is_registered_beside_ai_and_greedy():
    rs = registry.get("tigers")
    assert {"ai", "greedy", "hard"} <= set(rs.agent_names())
    assert [st.agent for st in registry.strengths(rs)][-1] == "hard"
    assert isinstance(rs.make_agent("hard", rs.make_game({}), 1), TigersHard)


@pytest.mark.parametrize("card", ["AH", "KH", "AS", "KC"])
def test_T_A5_hard_never_lays_an_ace_or_king_on_a_squad_that_can_neither_reach_nor_hit(card):
    """Issue 28: an ace, then a king of hearts, went on infantry 40 cm from any target (today's
    ``ai`` does it here too: the card's fire odds count although the squad has nothing to fire at)."""
    s = assigning(FAR_SQUAD, [card])
    assert not can_use(s, s.units[0])
    a = TigersHard(s.game, 1).choose(s)
    assert a != Assign(0, card)
    assert isinstance(a, Keep)


def test_T_A5_hard_lays_the_high_card_where_it_can_be_used():
    """With a truck that sees the enemy tank across the open table, the ace goes there, or stays in hand."""
    s = assigning([*FAR_SQUAD, unit("truck", 150, 110, 270)], ["AH"])
    a = TigersHard(s.game, 1).choose(s)
    assert a != Assign(0, "AH")


def test_T_A5_a_squad_in_reach_may_take_the_ace():
    s = assigning([unit("infantry", 40, 36, 270)], ["AH"])  # 16 cm from the tank: one card's move brings it in range
    assert can_use(s, s.units[0])
    assert TigersHard(s.game, 1).choose(s) == Assign(0, "AH")


def test_T_T2_hard_never_reads_a_face_down_card():
    """Other faces on the cards nobody can see give the very same choice (the search samples them)."""
    blue = [unit("tank", 40, 100, 270), unit("tank", 80, 100, 270), unit("infantry", 120, 100, 270)]
    s = make(blue, ENEMY, deal=[3, 3, 3, 3])
    s2 = s.clone()
    hidden = [c for h in s2.hands for c, up in h if not up] + list(s2.deck)
    it = iter(hidden[::-1])
    s2.hands = [[(c, up) if up else (next(it), False) for c, up in h] for h in s2.hands]
    s2.deck = [next(it) for _ in s2.deck]
    assert s2.hands != s.hands
    a, b = TigersHard(s.game, 4), TigersHard(s.game, 4)
    a.budget_s = b.budget_s = float("inf")  # no clock: the same number of sampled worlds for both
    a.assign_rollouts = b.assign_rollouts = 6
    assert a.choose(s) == b.choose(s2)


def test_T_A1_a_decision_gives_up_a_play_out_that_runs_past_its_budget():
    """A play-out of a whole turn can be long; the search looks at its clock inside it, drops a
    world it cannot finish in time and keeps the heuristic's choice, instead of running on (a
    Hard decision once took 6 s of processor time in a tank battle)."""
    from game.rules.tigers.actions import Assign, Keep
    from game.rules.tigers.hard import TigersHard
    from tests.tigers.helpers import make, unit

    blue = [unit("tank", 40, 100, 270), unit("tank", 80, 100, 270), unit("infantry", 120, 100, 270)]
    orange = [unit("tank", 40, 30, 90), unit("armoured_car", 90, 30, 90), unit("infantry", 130, 30, 90)]
    s = make(blue, orange, deal=[3, 3, 3, 3])
    assert s.phase == "assign" and s.actor == 0
    hard = TigersHard(s.game, 4)
    ticks = [0]

    def clock() -> float:  # a clock that moves a whole second each time it is read
        ticks[0] += 1
        return float(ticks[0])

    hard.clock = clock  # type: ignore[method-assign]
    hard._deadline = clock() + 0.5
    ranked = [Assign(0, "?"), Assign(1, "?"), Keep()]
    assert hard.tried_out(s.clone(), 0, ranked, 32, 3) == ranked[0]
    assert ticks[0] <= 4  # the first look inside the first play-out gave up


def test_T_T8_hard_keeps_two_cards_back_for_recovery_where_the_ai_keeps_one():
    """Six cards this turn, two still in hand: the ``ai`` keeps one for every four (at most one)
    and lays the other; Hard keeps one for every three, up to two (a kept card comes back face up
    next turn when no damaged unit needs it, T-T10)."""
    from game.rules.tigers.ai import TigersAI

    blue = [unit("tank", 40, 100, 270), unit("tank", 80, 100, 270), unit("armoured_car", 120, 100, 270),
            unit("truck", 150, 100, 270), unit("infantry", 20, 110, 270)]  # five units: 2D6 cards (T-T1)
    s = make(blue, ENEMY, deal=[3, 3, 3, 3])
    assert s.phase == "assign" and s.actor == 0 and s.deck
    hand = s.hands[0]
    assert len(hand) == 6
    s.assigned = {0: hand[:2], 1: hand[2:4]}
    s.hands[0] = hand[4:]
    hard, ai = TigersHard(s.game, 1), TigersAI(s.game, 1)
    hard.assign_rollouts = ai.assign_rollouts = 0  # the heuristic's own choice, no tryout
    assert isinstance(ai.choose(s.clone()), Assign)
    assert isinstance(hard.choose(s.clone()), Keep)
    s.hands[0] = hand[4:5]  # one card left: both keep it
    assert isinstance(ai.choose(s.clone()), Keep) and isinstance(hard.choose(s.clone()), Keep)


def test_T_T4_hard_turns_every_card_of_the_unit_it_picks():
    """A far squad with two cards and nothing to fear: the ``ai`` turns one and holds the other
    for a later pick; Hard turns both, as the unit with the best shot does in every Hard pick
    (measured: 0.685 against ``greedy`` in 200 paired games, 0.605 with the ``ai``'s picks)."""
    from game.rules.tigers.actions import Pick
    from game.rules.tigers.ai import TigersAI

    s = make([unit("infantry", 40, 100, 270)], [unit("tank", 160, 20, 90)], deal=[3, 3, 3, 3])
    assert s.phase == "assign"
    s.assigned = {0: [s.hands[0].pop(), s.hands[0].pop()]}
    s.phase, s.actor, s.picks = "pick", 0, []
    assert TigersAI(s.game, 1).choose(s.clone()) == Pick(0, 0)
    assert TigersHard(s.game, 1).choose(s.clone()) == Pick(0, 2)
