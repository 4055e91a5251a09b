"""Paper Tigers, rules revision 3 (RULES.md "rev 3"): T-R2, T-R1, T-A1, T-T8 and T-U2, chance pinned."""

from __future__ import annotations

import pytest

from game.engine import IllegalAction
from game.rules.tigers.actions import (
    Fire,
    FollowFire,
    KeepAboard,
    Mount,
    Move,
    MoveOrder,
    PlaceTerrain,
    Recover,
    RollOff,
)
from game.rules.tigers.state import TigersGame

from .helpers import at_act, make, square, unit


def raises(rule: str, fn, *args):
    with pytest.raises(IllegalAction) as info:
        fn(*args)
    assert info.value.rule == rule, info.value
    return info.value


def overlap(a, b) -> float:
    return a.polygon().intersection(b.polygon()).area


# -- T-R2 (rev 3): a choice lapses with its unit -------------------------------------------------

def test_T_R2_rev3_a_passenger_destroyed_with_its_halftrack_is_offered_nothing_and_nothing_else_moves():
    blue = [unit("tank", 40, 100, 270), unit("tank", 50, 100, 270)]
    # Orange: a halftrack #2 carrying squad #3; squad #4 rides truck #5, the last unit of the list
    orange = [unit("halftrack", 40, 50, 90), unit("infantry", 150, 20, 90), unit("infantry", 160, 20, 90),
              unit("truck", 120, 30, 90)]
    s = make(blue, orange)
    s.units[3].carrier, s.units[2].passenger = 2, 3
    s.units[4].carrier, s.units[5].passenger = 5, 4
    # the leader hits (armour save 1), then the follower hits the damaged halftrack again (save 1)
    at_act(s, "2H", 0, [6, 6, 6, 1, 6, 6, 6, 1, 4, 4, 4, 4])
    s.apply(Fire(0, 2, (1,)))
    s.apply(FollowFire(1, 2))
    assert s.units[2].destroyed and s.units[3].destroyed
    assert s.phase != "aboard" and not s.aboard
    assert not any(isinstance(a, KeepAboard) for a in (s.legal_actions() or []))
    assert s.vp[0] == 3 + 1  # halftrack and squad, each counted once
    assert s.units[5].passenger == 4 and s.units[4].carrier == 5  # the other truck keeps its passenger
    assert (s.units[5].x, s.units[5].y) == (120, 30)


def test_T_R2_rev3_a_living_passenger_of_a_hit_halftrack_is_still_asked():
    s = make([unit("tank", 40, 100, 270)], [unit("halftrack", 40, 50, 90), unit("infantry", 100, 20, 90)])
    s.units[2].carrier, s.units[1].passenger = 1, 2
    at_act(s, "2H", 0, [6, 6, 6, 1])
    s.apply(Fire(0, 1))
    assert s.phase == "aboard" and s.legal_actions() == [KeepAboard(2, True), KeepAboard(2, False)]


# -- T-R1 (rev 3): getting out is the move; mounting is a move -------------------------------------

def aboard_state(kind: str, card: str, faces: list[int], others=()):
    """Blue squad #0 rides a ``kind`` #1 at (60, 60) facing east; its card is up and rolled."""
    s = make([unit("infantry", 0, 0, 0), unit(kind, 60, 60, 0), *others], [unit("tank", 150, 20, 90)])
    s.units[0].carrier, s.units[1].passenger = 1, 0
    s.units[0].x, s.units[0].y = 60.0, 60.0
    at_act(s, card, 0, faces)
    s.apply(MoveOrder(0))
    return s


@pytest.mark.parametrize("kind, roll", [("truck", [1, 1, 2]), ("tank", [1, 2, 2])])
def test_T_R1_rev3_a_dismount_sets_the_squad_down_touching_its_vehicle_whatever_the_roll(kind, roll):
    s = aboard_state(kind, "4S", roll)  # black: three dice, a bare pass (4 or 5 cm)
    assert s.phase == "move" and s.movers[0][1] == sum(roll)
    sq, car = s.units[0], s.units[1]
    s.apply(Move(0, ((60.0, 40.0),)))  # out on the north side
    assert sq.carrier == -1 and car.passenger == -1
    assert sq.polygon().distance(car.polygon()) < 0.01 and overlap(sq, car) < 1e-6
    assert sq.y < car.y - 2


def test_T_R1_rev3_a_dismount_may_set_down_anywhere_round_the_vehicle():
    for toward in ((90.0, 60.0), (30.0, 60.0), (60.0, 90.0), (80.0, 45.0)):
        s = aboard_state("truck", "4S", [1, 1, 2])
        s.apply(Move(0, (toward,)))
        sq, car = s.units[0], s.units[1]
        assert sq.polygon().distance(car.polygon()) < 0.01 and overlap(sq, car) < 1e-6, toward
        # set down on the side it was pointed to
        assert (sq.x - car.x) * (toward[0] - car.x) + (sq.y - car.y) * (toward[1] - car.y) > 0, toward


def test_T_R1_rev3_a_dismount_needs_free_ground_and_is_one_spot():
    s = aboard_state("truck", "4S", [1, 1, 2], others=[unit("jeep", 60, 55.5, 0)])  # parked along the north side
    e = raises("T-R1", s.apply, Move(0, ((60.0, 40.0),)))
    assert "jeep #2" in e.message
    raises("T-R1", s.apply, Move(0, ((60.0, 70.0), (60.0, 80.0))))
    s.apply(Move(0, ((60.0, 80.0),)))  # the south side is free
    assert s.units[0].y > 60


def test_T_R1_rev3_mounting_may_not_cross_an_enemy_base():
    # Blue squad #0 faces north at (40, 100); its truck #1 is 5 cm north; an Orange jeep stands between
    s = make([unit("infantry", 40, 100, 270), unit("truck", 40, 91.5, 0)],
             [unit("jeep", 40, 95.5, 0), unit("tank", 150, 20, 90)])
    at_act(s, "2S", 0, [6, 6, 6])
    s.apply(MoveOrder(0))
    e = raises("T-A1", s.apply, Mount(0, 1))
    assert "cross" in e.message and "jeep #2" in e.message
    s.units[2].x = 120.0  # the jeep drives off: now the way is clear
    s.apply(Mount(0, 1))
    assert s.units[0].carrier == 1


def test_T_R1_rev3_mounting_is_stopped_by_terrain_on_the_way():
    s = make([unit("infantry", 40, 100, 270), unit("truck", 40, 91.5, 0)], [unit("tank", 150, 20, 90)],
             [square("woods", 30, 94.5, 50, 96.5)])
    at_act(s, "2S", 0, [6, 6, 6])
    s.apply(MoveOrder(0))
    e = raises("T-A2", s.apply, Mount(0, 1))
    assert "woods" in e.message


# -- T-A1 (rev 3): keeping the facing slides the base -----------------------------------------------

def tank_to_move(others=(), terrain=(), faces=(3, 3, 3)):
    s = make([unit("tank", 50, 60, 0), *others], [unit("tank", 150, 20, 90), unit("infantry", 160, 110, 90)],
             list(terrain))
    at_act(s, "2S", 0, list(faces))  # 9 cm
    s.apply(MoveOrder(0))
    return s


def test_T_A1_rev3_keeping_the_facing_backs_off_without_swinging_round():
    s = tank_to_move(terrain=[square("woods", 56.5, 40, 80, 80)])  # woods 2 cm in front of the tank
    end = s.simulate_move(s.units[0], ((51.5, 60.0),), 0.0)
    assert end["stop"] == "" and end["travelled"] == pytest.approx(3.0)
    s.apply(Move(0, ((51.5, 60.0),), 0.0))  # straight back 3 cm, keeping the facing
    assert (s.units[0].x, s.units[0].y, s.units[0].heading) == pytest.approx((47.0, 60.0, 0.0))


def test_T_A1_rev3_sliding_away_from_an_enemy_beside_is_no_crossing():
    s = tank_to_move(others=[])
    s.units[1].x, s.units[1].y, s.units[1].heading = 50.0, 53.5, 0.0  # Orange tank 2 cm to the north
    s.apply(Move(0, ((51.5, 60.0),), 0.0))
    assert s.units[0].x == pytest.approx(47.0)
    s = tank_to_move()
    s.units[1].x, s.units[1].y, s.units[1].heading = 50.0, 53.5, 0.0
    s.apply(Move(0, ((54.5, 64.0),), 0.0))  # sideways, away from it
    assert (s.units[0].x, s.units[0].y, s.units[0].heading) == pytest.approx((50.0, 64.0, 0.0))


def test_T_A1_rev3_a_move_that_turns_is_still_judged_on_the_swing():
    s = tank_to_move(faces=(1, 2, 2))  # 5 cm
    raises("T-A1", s.apply, Move(0, ((51.5, 60.0),)))  # turning to go back swings the tank round


# -- T-T8 (rev 3): recovery every turn while damaged -------------------------------------------------

def test_T_T8_rev3_every_unit_still_damaged_may_take_a_recovery_card_every_turn():
    s = make([unit("tank", 40, 100, 270), unit("tank", 80, 100, 270)], [unit("tank", 40, 20, 90)])
    s.units[0].damaged = True  # hit in an earlier turn and failed (or skipped) its recovery
    s.hands = [[("5H", True), ("AH", True)], []]
    s.assigned, s.queue = {}, []
    s._start_recovery()
    assert s.phase == "recover" and Recover(0, "AH") in s.legal_actions()
    s.chance.faces = [1, 1]
    s.apply(Recover(0, "AH"))  # the only card Blue can place: recovery resolves, and fails
    assert s.units[0].damaged and s.phase != "recover"
    # the next turn's end: offered again
    s.assigned, s.queue = {}, []
    s.hands[0] = [("5H", True)]
    s._start_recovery()
    assert s.phase == "recover" and Recover(0, "5H") in s.legal_actions()
    s.chance.faces = [3, 3]
    s.apply(Recover(0, "5H"))
    assert not s.units[0].damaged


# -- T-U2 (rev 3): pieces may touch, not overlap -----------------------------------------------------

def test_T_U2_rev3_pieces_that_only_touch_may_be_laid_out():
    s = TigersGame({"level": "open_table"}).new_state(5, {"faces": [6, 6, 1, 1]})
    s.apply(RollOff())
    s.apply(PlaceTerrain("building", 50, 50, 8, 6, 0))  # x 46..54
    s.apply(PlaceTerrain("building", 58, 50, 8, 6, 0))  # wall to wall: x 54..62
    s.apply(PlaceTerrain("building", 50, 56, 8, 6, 0))  # and behind it: y 53..59
    e = raises("T-U2", s.apply, PlaceTerrain("building", 57, 57, 8, 6, 0))
    assert "overlap" in e.message
    assert len(s.pieces) == 3
