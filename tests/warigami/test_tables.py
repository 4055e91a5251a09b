"""The weapon table (W-H2) and the critical/knick table (W-H4), checked cell by cell."""

from __future__ import annotations

import pytest

from game.rules.warigami.tables import CRIT_TABLE, KINDS, WEAPONS, distance, hit_s, odds

# s for distances 1..10, written out by hand from RULES.md W-H2.
EXPECTED_S = {
    "smg":     (6, 5, 4, 3, 2, 1, 0, 0, 0, 0),
    "shotgun": (5, 3, 1, 0, 0, 0, 0, 0, 0, 0),
    "sniper":  (0, 0, 0, 5, 4, 3, 2, 1, 0, 0),
    "medic":   (6, 5, 4, 3, 2, 1, 0, 0, 0, 0),
    "rpg":     (6, 5, 4, 3, 2, 1, 0, 0, 0, 0),
}

# W-H4 outcome of faces 1..6 for each s, written out by hand.
EXPECTED_FACES = {
    6: ("base", "base", "base", "critical", "critical", "critical"),
    5: ("miss", "knick", "base", "base", "base", "critical"),
    4: ("miss", "miss", "knick", "base", "base", "critical"),
    3: ("miss", "miss", "miss", "knick", "base", "base"),
    2: ("miss", "miss", "miss", "miss", "knick", "base"),
    1: ("miss", "miss", "miss", "miss", "miss", "knick"),
    0: ("miss",) * 6,
}

# (power, critical, knick) per weapon (W-H2).
EXPECTED_POWER = {"smg": (2, 4, 1), "shotgun": (5, 7, 2), "sniper": (5, 8, 3), "medic": (1, 2, 0), "rpg": (8, 10, 5)}


def test_W_D1_distance_counts_a_diagonal_as_two_spaces():
    assert distance((0, 0), (1, 0)) == 1
    assert distance((0, 0), (1, 1)) == 2
    assert distance((3, 4), (0, 0)) == 7
    assert distance((5, 5), (2, 7)) == 5


def test_W_H2_seed_example_smg_four_spaces_is_3_3_adjacent_6_0_seven_is_0():
    assert hit_s("smg", 4) == 3
    assert hit_s("smg", 1) == 6
    assert hit_s("smg", 7) == 0


@pytest.mark.parametrize("kind", KINDS)
def test_W_H2_weapon_table_every_weapon_at_every_distance(kind):
    assert tuple(hit_s(kind, d) for d in range(1, 11)) == EXPECTED_S[kind]
    assert all(hit_s(kind, d) == 0 for d in range(11, 40))
    assert (WEAPONS[kind].power, WEAPONS[kind].critical, WEAPONS[kind].knick) == EXPECTED_POWER[kind]


def test_W_H2_specials_sniper_rpg_medic_shotgun():
    assert WEAPONS["sniper"].min_range == 4 and WEAPONS["sniper"].through_friends
    assert WEAPONS["rpg"].straight_only and WEAPONS["rpg"].move_limit == 2 and WEAPONS["rpg"].splash == 5
    assert WEAPONS["medic"].heals
    assert WEAPONS["shotgun"].close_power == 7


@pytest.mark.parametrize("s", range(7))
def test_W_H4_critical_table_every_s(s):
    assert sorted(f for faces in CRIT_TABLE[s].values() for f in faces) == [1, 2, 3, 4, 5, 6]
    outs = tuple(next(k for k, v in CRIT_TABLE[s].items() if f in v) for f in range(1, 7))
    assert outs == EXPECTED_FACES[s]


@pytest.mark.parametrize("kind", ["smg", "sniper", "medic", "rpg"])
@pytest.mark.parametrize("dist", range(1, 11))
def test_W_H4_every_weapon_every_distance_faces_and_damage_with_criticals(kind, dist):
    od = odds(kind, dist, criticals=True)
    s = EXPECTED_S[kind][dist - 1]
    power, crit, knick = EXPECTED_POWER[kind]
    assert od.s == s
    assert od.outcomes == EXPECTED_FACES[s]
    assert od.damage == tuple({"miss": 0, "knick": knick, "base": power, "critical": crit}[o] for o in od.outcomes)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("dist", range(1, 11))
def test_W_H1_W_H3_without_criticals_faces_7_minus_s_and_up_deal_power(kind, dist):
    od = odds(kind, dist, criticals=False)
    s = EXPECTED_S[kind][dist - 1]
    power = 7 if (kind == "shotgun" and dist == 1) else EXPECTED_POWER[kind][0]
    for face in range(1, 7):
        hit = face >= 7 - s
        assert od.outcomes[face - 1] == ("hit" if hit else "miss")
        assert od.damage[face - 1] == (power if hit else 0)


def test_W_H4_shotgun_adjacent_success_is_always_critical():
    od = odds("shotgun", 1, criticals=True)
    assert od.s == 5
    assert od.outcomes == ("miss", "critical", "critical", "critical", "critical", "critical")
    assert od.damage == (0, 7, 7, 7, 7, 7)
    far = odds("shotgun", 2, criticals=True)  # s = 3: the normal table again
    assert far.outcomes == EXPECTED_FACES[3]
    assert far.damage == (0, 0, 0, 2, 5, 5)


def test_W_H1_expected_damage_of_the_seed_example():
    assert odds("smg", 4, criticals=False).expected() == pytest.approx(3 * 2 / 6)
