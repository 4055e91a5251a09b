"""Hypothesis properties over random games: uniqueness, the cap, conservation, attacks only remove."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Chance
from game.rules.amoeba.actions import Attack, Gather, Move, Place
from game.rules.amoeba.state import AmoebaGame

VARIANTS = st.fixed_dictionaries({
    "players": st.integers(2, 5),
    "countries": st.integers(6, 16),
    "cap": st.integers(8, 30),
    "troops": st.integers(20, 100),
    "gathering": st.booleans(),
    "empty_only": st.booleans(),
    "attack_bonus": st.sampled_from([0, 1, 3]),
    "partial_kill": st.sampled_from([0, 1, 3]),
})


def games(variant: dict, seed: int, limit: int = 200):
    """Yield (state before, action, state after) along one random game."""
    g = AmoebaGame(variant)
    s = g.new_state(seed)
    rng = Chance(seed + 1)
    for _ in range(limit):
        if s.is_over():
            return
        a = s.random_action(rng)
        before = s.clone()
        s.apply(a)
        yield before, a, s


PROP = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROP
@given(VARIANTS, st.integers(0, 10_000))
def test_property_no_placement_ever_repeats_a_standing_count(variant, seed):
    for before, a, _after in games(variant, seed):
        if isinstance(a, Place):
            assert a.n not in before.standing_counts()
            assert 1 <= a.n <= before.cap
            placed = [t for t in _after.troops if t > 0]
            if _after.phase == "place":
                assert len(placed) == len(set(placed))


@PROP
@given(VARIANTS, st.integers(0, 10_000))
def test_property_the_cap_never_falls(variant, seed):
    for before, _a, after in games(variant, seed):
        assert after.cap >= before.cap


@PROP
@given(VARIANTS, st.integers(0, 10_000))
def test_property_moves_conserve_troops(variant, seed):
    for before, a, after in games(variant, seed, 400):
        if isinstance(a, (Move, Gather)):
            for p in range(after.game.num_players):
                assert before.total(p) == after.total(p)


@PROP
@given(VARIANTS, st.integers(0, 10_000))
def test_property_attacks_only_ever_remove(variant, seed):
    for before, a, after in games(variant, seed, 400):
        if isinstance(a, Attack):
            assert all(x <= y for x, y in zip(after.troops, before.troops, strict=False))
            assert after.troops[a.target] < before.troops[a.target]
            for c, (o0, o1) in enumerate(zip(before.owner, after.owner, strict=False)):
                assert o1 == o0 or (o1 == -1 and c == a.target)
