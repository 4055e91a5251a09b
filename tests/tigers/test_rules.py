"""Paper Tigers rules, one test (or more) per rule id of RULES.md section T, chance pinned."""

from __future__ import annotations

import json

import pytest

from game.engine import IllegalAction
from game.levels import LevelError
from game.paths import user_levels_dir
from game.rules.tigers import cards as C
from game.rules.tigers.actions import (
    Assign,
    ChooseSide,
    Deploy,
    Discard,
    EditTerrain,
    EndRecovery,
    EndTerrain,
    Fire,
    FollowFire,
    Keep,
    KeepAboard,
    Mount,
    Move,
    MoveOrder,
    Pick,
    PlaceTerrain,
    Recover,
    RemoveTerrain,
    RollOff,
    Skip,
)
from game.rules.tigers.campaign import Campaign, CampaignError, record_battle
from game.rules.tigers.geometry import Terrain
from game.rules.tigers.state import TigersGame

from .helpers import at_act, make, square, unit

FULL_BLUE = [unit("infantry", 20 + 12 * i, 110, 270) for i in range(5)]
FULL_ORANGE = [unit("infantry", 20 + 12 * i, 10, 90) for i in range(5)]


def raises(rule: str, fn, *args):
    with pytest.raises(IllegalAction) as info:
        fn(*args)
    assert info.value.rule == rule, info.value
    return info.value


# -- setup (T-U) -------------------------------------------------------------------

def open_state(faces=()):
    return TigersGame({"level": "open_table"}).new_state(5, {"faces": list(faces)})


def test_T_U1_roll_off_rerolls_ties_and_the_higher_attacks():
    s = open_state([3, 4, 5, 2, 1, 1, 6, 6])
    assert s.phase == "rolloff"
    ev = s.apply(RollOff())
    assert s.attacker == 1  # 7 = 7 tie re-rolled, then 2 against 12
    assert any("tie" in e.text for e in ev)
    assert s.phase == "terrain" and s.current_player() == 1


def test_T_U2_attacker_lays_out_places_resizes_rotates_and_removes_terrain():
    s = open_state([6, 6, 1, 1])
    assert s.attacker == 0 or s.apply(RollOff()) is not None
    assert s.phase == "terrain" and s.current_player() == 0
    s.apply(PlaceTerrain("woods", 50, 50, 20, 14, 0))
    s.apply(PlaceTerrain("building", 100, 60, 8, 6, 0))
    raises("T-U2", s.apply, PlaceTerrain("hill", 52, 52, 10, 10, 0))  # overlaps the woods
    raises("T-U2", s.apply, PlaceTerrain("hill", 178, 60, 20, 10, 0))  # off the table
    raises("T-U2", s.apply, PlaceTerrain("lake", 20, 20, 10, 10, 0))
    s.apply(EditTerrain(1, 110, 60, 12, 6, 45))
    assert s.pieces[1]["params"] == [110, 60, 12, 6, 45]
    assert s.terrain.polys[1].area == pytest.approx(72, abs=0.01)
    s.apply(RemoveTerrain(0))
    assert [p["kind"] for p in s.pieces] == ["building"]
    s.apply(EndTerrain())
    assert s.phase == "side" and s.current_player() == 1


def test_T_U2_a_scenario_lays_out_the_terrain_itself():
    s = TigersGame({"level": "village_fight"}).new_state(1)
    assert s.phase == "assign" and len(s.pieces) == 10
    raises("T-U2", s.apply, PlaceTerrain("woods", 20, 20, 5, 5, 0))


def setup_to_deploy():
    s = open_state([6, 6, 1, 1])
    s.apply(RollOff())
    s.apply(EndTerrain())
    return s


def test_T_U3_defender_chooses_side_and_deploys_first_within_a_third():
    s = setup_to_deploy()
    s.apply(ChooseSide("south"))
    assert s.phase == "deploy" and s.current_player() == 1
    u = next(u for u in s.units if u.side == 1)
    e = raises("T-U3", s.apply, Deploy(u.id, 50, 70, 270))  # 70 > 120 - 40
    assert "one third" in e.message
    s.apply(Deploy(u.id, 50, 100, 270))
    assert s.zone(1) == (80.0, 120.0)
    other = next(v for v in s.units if v.side == 1 and not v.placed)
    raises("T-U3", s.apply, Deploy(other.id, 50, 100, 270))  # overlapping bases


def test_T_U4_attacker_deploys_within_a_third_of_the_opposite_edge():
    s = setup_to_deploy()
    s.apply(ChooseSide("north"))
    for i, u in enumerate(v for v in s.units if v.side == 1):
        s.apply(Deploy(u.id, 15 + 20 * i, 20, 90))
    assert s.current_player() == 0 and s.zone(0) == (80.0, 120.0)
    u = next(v for v in s.units if v.side == 0)
    raises("T-U4", s.apply, Deploy(u.id, 50, 30, 270))
    for i, u in enumerate(v for v in s.units if v.side == 0):
        s.apply(Deploy(u.id, 15 + 20 * i, 100, 270))
    assert s.phase == "assign" and s.turn == 1


def test_T_U5_defender_shuffles_first_then_shuffling_alternates():
    deck = ["AS", "KH", "2C"]
    s = make(FULL_BLUE, FULL_ORANGE, deal=[1, 1, 1, 1], deck=deck, attacker=0)
    # a tie (2 against 2): the attacker is dealt first, from the top of the pinned order
    assert [c for c, _ in s.hands[0]] == ["AS", "2C"] and s.hands[1][0][0] == "KH"
    s2 = TigersGame({"level": "village_fight"}).new_state(3)
    shufflers = []
    while not s2.is_over() and len(shufflers) < 3:
        ev = s2.apply(s2.random_action(s2.chance.fork()))
        shufflers += [e.data["shuffler"] for e in ev if e.kind == "shuffle"]
    defender = 1 - s2.attacker
    assert shufflers[:3] == [s2.attacker, defender, s2.attacker]  # turns 2, 3, 4 (turn 1 was the defender's)


# -- turn (T-T) ----------------------------------------------------------------------------

def test_T_T1_deal_two_dice_higher_roll_first_alternately():
    deck = list(C.FULL_DECK)
    s = make(FULL_BLUE, FULL_ORANGE, deal=[2, 3, 6, 6], deck=deck)
    assert len(s.hands[0]) == 5 and len(s.hands[1]) == 12
    assert [c for c, _ in s.hands[1]][:5] == deck[0:10:2]  # Orange rolled higher: dealt first
    assert [c for c, _ in s.hands[0]] == deck[1:10:2]


def test_T_T1_tie_deals_attacker_first():
    deck = list(C.FULL_DECK)
    s = make(FULL_BLUE, FULL_ORANGE, deal=[3, 4, 5, 2], deck=deck, attacker=1)
    assert s.hands[1][0][0] == deck[0] and s.hands[0][0][0] == deck[1]


def test_T_T1_higher_die_only_when_both_sides_have_fewer_than_five_units():
    small = [unit("tank", 50, 100, 270), unit("infantry", 80, 100, 270), unit("infantry", 100, 100, 270)]
    s = make(small, [unit("tank", 50 + 20 * i, 20, 90) for i in range(3)], deal=[5, 2, 4, 3])
    assert (len(s.hands[0]), len(s.hands[1])) == (5, 4)  # Tom and Cindy's example
    s = make(FULL_BLUE, [unit("tank", 50, 20, 90)], deal=[5, 2, 4, 3])
    assert (len(s.hands[0]), len(s.hands[1])) == (7, 7)  # one side has five: both dice count


def test_T_T2_dealt_cards_are_face_down_and_unknown_to_their_owner():
    s = make(FULL_BLUE, FULL_ORANGE, deal=[3, 3, 3, 3])
    assert all(not up for h in s.hands for _, up in h)
    cards_offered = {a.card for a in s.legal_actions() if isinstance(a, Assign)}
    assert cards_offered == {"?"}
    secret = s.hands[0][0][0]
    raises("T-T3", s.apply, Assign(0, secret))
    assert secret not in s.status()
    ev = s.apply(Assign(0, "?"))
    assert "face-down" in ev[0].text and ev[0].data["card"] == "?"


def test_T_T3_alternate_assignment_attacker_first_at_most_two_per_unit():
    s = make(FULL_BLUE, FULL_ORANGE, deal=[3, 3, 3, 3], attacker=1)
    assert s.phase == "assign" and s.current_player() == 1
    s.apply(Assign(5, "?"))
    assert s.current_player() == 0
    raises("T-T3", s.apply, Assign(5, "?"))  # not Blue's unit
    s.apply(Assign(0, "?"))
    s.apply(Assign(5, "?"))
    s.apply(Assign(0, "?"))
    raises("T-T3", s.apply, Assign(5, "?"))  # third card on one unit
    s.apply(Keep())
    assert s.current_player() == 0  # Orange keeps the rest; Blue goes on alone
    s.apply(Assign(1, "?"))
    assert len(s.hands[1]) == 4 and s.current_player() == 0


def pick_state(blue_cards, orange_cards):
    s = make([unit("tank", 40, 100, 270), unit("tank", 80, 100, 270)],
             [unit("tank", 40, 20, 90), unit("tank", 80, 20, 90)], deal=[1, 1, 1, 1])
    s.hands = [[], []]
    s.assigned = {0: [(c, False) for c in blue_cards], 2: [(c, False) for c in orange_cards]}
    s.phase, s.done = "assign", [True, True]
    s._start_round()
    return s


@pytest.mark.parametrize("blue,orange,first", [
    (["QS"], ["QH"], "QH"),  # equal value: red before black
    (["KD"], ["KH"], "KH"),  # equal value and colour: hearts before diamonds
    (["7C"], ["7S"], "7S"),  # spades before clubs
    (["AC"], ["KH"], "AC"),  # higher rank first
    (["2H"], ["3C"], "3C"),
])
def test_T_T4_initiative_order_with_colour_and_suit_tie_breaks(blue, orange, first):
    s = pick_state(blue, orange)
    assert s.phase == "pick" and s.current_player() == 0
    s.apply(Pick(0, 0))
    assert s.current_player() == 1
    ev = s.apply(Pick(2, 0))
    assert s.phase == "act" and s.queue[0][0] == first
    assert any(e.kind == "reveal" for e in ev)


def test_T_T4_turning_both_cards_acts_twice_in_initiative_order():
    s = pick_state(["AS", "3D"], ["10H"])
    raises("T-T4", s.apply, Pick(2, 0))  # Blue (attacker) picks first
    s.apply(Pick(0, 2))
    s.apply(Pick(2, 0))
    assert s.queue == [("AS", 0), ("10H", 2), ("3D", 0)]


def test_T_T4_one_card_turned_leaves_the_other_for_later():
    s = pick_state(["AS", "3D"], ["10H"])
    s.apply(Pick(0, 1))
    s.apply(Pick(2, 0))
    assert s.queue == [("10H", 2), ("3D", 0)] and s.assigned[0] == [("AS", False)]


def test_T_T5_difficulty_of_cards():
    assert [C.difficulty(c) for c in ("2H", "9S", "10D", "JC", "QH", "KS", "AD")] == [2, 9, 10, 10, 10, 10, 11]


def test_T_T6_red_fires_with_three_moves_with_two_black_the_other_way():
    assert (C.dice_for("5H", "fire"), C.dice_for("5H", "move")) == (3, 2)
    assert (C.dice_for("5C", "fire"), C.dice_for("5C", "move")) == (2, 3)
    s = at_act(make([unit("tank", 40, 100, 270)], [unit("tank", 40, 20, 90)]), "9H", 0, [6, 6, 6, 1, 1])
    ev = s.apply(Fire(0, 1))
    fire = [e for e in ev if e.kind == "roll" and e.data.get("action") == "fire"][0]
    assert fire.data["dice"] == [6, 6, 6] and fire.data["need"] == 9
    s = at_act(make([unit("tank", 40, 100, 270)], [unit("tank", 40, 20, 90)]), "9C", 0, [6, 6, 6])
    ev = s.apply(MoveOrder(0))
    assert ev[0].data["dice"] == [6, 6, 6] and s.movers == [(0, 18.0)]


def test_T_T7_when_one_side_runs_out_the_other_plays_the_rest():
    s = pick_state(["5S", "6S"], ["4H"])
    s.apply(Pick(0, 0))
    s.apply(Pick(2, 0))
    s.apply(Skip(0))
    s.apply(Skip(2))
    assert s.phase == "pick" and s.current_player() == 0
    s.apply(Pick(0, 0))
    assert s.phase == "act" and s.queue == [("6S", 0)]  # Orange had nothing left to pick


def recovery_state(card="5H"):
    s = make([unit("tank", 40, 100, 270), unit("tank", 80, 100, 270)], [unit("tank", 40, 20, 90)])
    s.units[0].damaged = True
    s.units[1].damaged = True
    s.hands = [[(card, True), ("9C", False)], []]
    s.assigned, s.queue = {}, []
    s._start_recovery()
    return s


def test_T_T8_recovery_card_and_two_dice_remove_damage():
    s = recovery_state()
    assert s.phase == "recover" and s.current_player() == 0
    s.apply(Recover(0, "5H"))
    raises("T-T8", s.apply, Recover(0, "?"))  # one card per unit
    raises("T-T8", s.apply, Recover(2, "?"))  # not an own damaged unit
    s.chance.faces = [3, 2]
    ev = s.apply(EndRecovery())
    rec = [e for e in ev if e.data.get("action") == "recover"][0]
    assert rec.data["dice"] == [3, 2] and rec.data["need"] == 5 and rec.data["ok"]
    assert not s.units[0].damaged and "5H" in s.discard


def test_T_T8_failed_recovery_keeps_the_damage():
    s = recovery_state("AH")
    s.chance.faces = [6, 4]
    s.apply(Recover(0, "AH"))
    s.apply(EndRecovery())
    assert s.units[0].damaged


def test_T_T9_a_damaged_unit_is_in_shock_gets_no_cards_and_dies_on_a_second_hit():
    s = make([unit("tank", 40, 100, 270), unit("tank", 80, 100, 270)], [unit("tank", 40, 20, 90)], deal=[3, 3, 3, 3])
    s.units[0].damaged = True
    raises("T-T9", s.apply, Assign(0, "?"))
    assert all(a.unit != 0 for a in s.legal_actions() if isinstance(a, Assign))
    s = at_act(make([unit("tank", 40, 100, 270)], [unit("infantry", 40, 80, 90)]), "2H", 0, [6, 6, 6])
    s.units[1].damaged = True
    s.apply(Fire(0, 1))
    assert s.units[1].destroyed


def test_T_T10_cards_beyond_six_are_discarded_then_the_rest_face_up():
    s = make([unit("tank", 40, 100, 270)], [unit("tank", 40, 20, 90)])
    s.assigned, s.queue = {}, []
    s.hands = [[(c, False) for c in ("2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H")], [("KS", False)]]
    s._check_hand_limit(0)
    assert s.phase == "discard" and s.current_player() == 0
    raises("T-T10", s.apply, Discard("2H"))  # face down: cannot name it
    s.apply(Discard("?"))
    deck_before = len(s.deck)
    s.apply(Discard("?"))
    assert len(s.hands[0]) >= 6 and s.turn == 2 and len(s.deck) < deck_before
    kept = s.hands[0][:6]
    assert kept == [(c, True) for c in ("4H", "5H", "6H", "7H", "8H", "9H")]
    assert ("KS", True) in s.hands[1]
    assert "2H" in s.buried and "3H" in s.buried  # discarded unturned: kept unknown (T-T2 rev 4)


def test_T_T10_face_up_cards_are_assigned_face_up():
    s = make([unit("tank", 40, 100, 270)], [unit("tank", 40, 20, 90)], deal=[1, 1, 1, 1])
    s.hands[0].append(("QD", True))
    assert Assign(0, "QD") in s.legal_actions()
    ev = s.apply(Assign(0, "QD"))
    assert s.assigned[0] == [("QD", True)] and ev[0].data["card"] == "QD"


# -- actions (T-A) ----------------------------------------------------------------------------

def test_T_A1_move_up_to_the_roll_measured_from_the_front():
    s = at_act(make([unit("tank", 50, 60, 0)], [unit("tank", 40, 20, 90)]), "5S", 0, [3, 3, 4])
    s.apply(MoveOrder(0))
    assert s.phase == "move" and s.movers == [(0, 10.0)]
    raises("T-A1", s.apply, Move(0, ((65.0, 60.0),)))  # 10.5 cm from the front at 54.5
    s.apply(Move(0, ((64.5, 60.0),)))
    assert (s.units[0].x, s.units[0].y) == pytest.approx((60.0, 60.0))


def test_T_A1_below_the_difficulty_no_move():
    s = at_act(make([unit("tank", 50, 60, 0)], [unit("tank", 40, 20, 90)]), "QS", 0, [1, 2, 3])
    ev = s.apply(MoveOrder(0))
    assert not ev[0].data["ok"] and s.phase != "move" and s.units[0].x == 50


def test_T_A1_infantry_moves_at_most_six_cm_per_card():
    s = at_act(make([unit("infantry", 50, 60, 0)], [unit("tank", 40, 20, 90)]), "2S", 0, [6, 6, 6])
    s.apply(MoveOrder(0))
    assert s.movers == [(0, 6.0)]
    e = raises("T-A1", s.apply, Move(0, ((58.0, 60.0),)))
    assert "6 cm" in e.message
    s.apply(Move(0, ((51.5, 57.5),)))
    assert s.units[0].heading == pytest.approx(-90.0)


WOODS = square("woods", 70, 50, 90, 70)


def test_T_A2_entering_woods_stops_the_move_at_once():
    s = at_act(make([unit("infantry", 64, 60, 0)], [unit("tank", 40, 20, 90)], [WOODS]), "2S", 0, [6, 6, 6])
    s.apply(MoveOrder(0))
    ev = s.apply(Move(0, ((71.5, 60.0),)))
    assert s.units[0].front()[0] == pytest.approx(70.05)
    assert "woods" in [e for e in ev if e.kind == "move"][0].text
    assert s.standing_in(s.units[0]) == []  # only its front edge is in: not "in" the woods (T-A3 rev 2)


def test_T_A2_vehicles_cannot_enter_buildings_but_infantry_can():
    house = square("building", 60, 50, 70, 70)
    s = at_act(make([unit("tank", 50, 60, 0)], [unit("tank", 40, 20, 90)], [house]), "2S", 0, [6, 6, 6])
    s.apply(MoveOrder(0))
    s.apply(Move(0, ((70.0, 60.0),)))
    assert s.units[0].front()[0] == pytest.approx(60.0, abs=1e-3) and s.units[0].front()[0] <= 60.0
    s = at_act(make([unit("infantry", 57, 60, 0)], [unit("tank", 40, 20, 90)], [house]), "2S", 0, [6, 6, 6])
    s.apply(MoveOrder(0))
    s.apply(Move(0, ((64.0, 60.0),)))
    assert s.units[0].front()[0] == pytest.approx(60.05)
    assert s.standing_in(s.units[0]) == []


def test_T_A3_line_of_sight_blocked_through_a_piece_not_into_it():
    blue = [unit("tank", 40, 60, 0)]
    orange = [unit("tank", 130, 60, 180), unit("infantry", 80, 60, 180)]
    s = at_act(make(blue, orange, [WOODS]), "2H", 0, [6, 6, 6, 1, 1])
    e = raises("T-A3", s.apply, Fire(0, 1))
    assert "woods" in e.message
    assert s.fire_refusal(s.units[0], 2) is None  # the squad stands IN the woods: seen
    s.apply(Fire(0, 2))
    assert s.units[2].damaged


def test_T_A3_each_terrain_piece_blocks_on_its_own():
    front = square("woods", 55, 50, 60, 70)
    s = at_act(make([unit("tank", 40, 60, 0)], [unit("infantry", 80, 60, 180)], [WOODS, front]), "2H", 0)
    blocked, _ = s.line_of_sight(s.units[0], s.units[1])
    assert blocked == [1]
    assert s.fire_refusal(s.units[0], 1).rule == "T-A3"
    # inside one wood, looking through the next: blocked too (the designer's note)
    s = make([unit("infantry", 80, 60, 0)], [unit("infantry", 102, 60, 180)], [WOODS, square("woods", 93, 50, 98, 70)])
    assert s.line_of_sight(s.units[0], s.units[1])[0] == [1]


def test_T_A3_ray_uses_a_spatial_index_over_many_pieces():
    pieces = [("woods", [(x, y), (x + 4, y), (x + 4, y + 4), (x, y + 4)]) for x in range(0, 100, 10) for y in range(0, 50, 10)]
    t = Terrain(pieces)
    blocked, doubt = t.ray((1.0, 2.0), (99.0, 2.0))
    assert len(blocked) == 10 and not doubt
    assert t.ray((6.0, 0.0), (6.0, 49.0)) == ([], [])


def doubt_state(faces):
    s = make([unit("tank", 40, 70.2, 0)], [unit("tank", 130, 70.2, 180)], [WOODS])
    return at_act(s, "2H", 0, faces)


def test_T_A4_doubtful_line_rolls_one_die_low_is_blocked():
    s = doubt_state([3])
    assert s.line_of_sight(s.units[0], s.units[1]) == ([], [0])
    ev = s.apply(Fire(0, 1))
    los = [e for e in ev if e.data.get("what") == "line of sight"][0]
    assert los.data["dice"] == [3] and not los.data["ok"]
    assert "from tank #0 to tank #1" in los.text  # the log names firer and target
    assert not any(e.data.get("action") == "fire" for e in ev)


def test_T_A4_doubtful_line_clear_on_four_to_six():
    s = doubt_state([4, 6, 6, 6, 1, 1])
    ev = s.apply(Fire(0, 1))
    assert any(e.data.get("action") == "fire" and e.data["ok"] for e in ev)


def test_T_A5_infantry_range_is_twelve_cm_others_unlimited():
    s = at_act(make([unit("infantry", 40, 60, 0), unit("tank", 40, 100, 0)],
                    [unit("infantry", 53, 60, 180), unit("infantry", 150, 20, 180)]), "2H", 0)
    e = raises("T-A5", s.apply, Fire(0, 2))
    assert "12" in e.message
    assert s.fire_refusal(s.units[1], 3) is None
    s.units[2].x = 51.5
    assert s.fire_refusal(s.units[0], 2) is None


def test_T_A6_fire_hits_on_at_least_the_difficulty():
    s = at_act(make([unit("tank", 40, 100, 270)], [unit("infantry", 40, 60, 90)]), "8H", 0, [2, 3, 3])
    s.apply(Fire(0, 1))
    assert s.units[1].damaged
    s = at_act(make([unit("tank", 40, 100, 270)], [unit("infantry", 40, 60, 90)]), "8H", 0, [2, 2, 3])
    s.apply(Fire(0, 1))
    assert not s.units[1].damaged


@pytest.mark.parametrize("kind,save,saved", [
    ("tank", [1, 5], True), ("tank", [4, 4], False), ("armoured_car", [6], True),
    ("halftrack", [4], False), ("truck", [], False)])
def test_T_A7_armour_save_after_a_hit(kind, save, saved):
    s = at_act(make([unit("tank", 40, 100, 270)], [unit(kind, 40, 50, 90)]), "2H", 0, [6, 6, 6, *save])
    ev = s.apply(Fire(0, 1))
    saves = [e for e in ev if e.data.get("what") == "armour save"]
    assert len(saves) == (1 if save else 0)
    if save:
        assert saves[0].data["dice"] == save
    assert s.units[1].damaged is not saved


def test_T_A8_cover_save_for_infantry_in_woods_or_buildings():
    s = at_act(make([unit("tank", 80, 100, 270)], [unit("infantry", 80, 60, 90)], [WOODS]), "2H", 0, [6, 6, 6, 5])
    ev = s.apply(Fire(0, 1))
    assert any(e.data.get("what") == "cover save" and e.data["ok"] for e in ev)
    assert not s.units[1].damaged
    s = at_act(make([unit("tank", 80, 100, 270)], [unit("infantry", 20, 60, 90)], [WOODS]), "2H", 0, [6, 6, 6, 5])
    ev = s.apply(Fire(0, 1))
    assert not any(e.data.get("what") == "cover save" for e in ev) and s.units[1].damaged


def test_T_A9_hit_discards_the_units_cards_second_hit_destroys_and_leaves_a_wreck():
    s = make([unit("tank", 40, 100, 270)], [unit("truck", 40, 50, 90), unit("infantry", 40, 20, 90)])
    at_act(s, "2H", 0, [6, 6, 6, 6, 6, 6])
    s.assigned = {1: [("9S", False)]}
    s.queue.append(("3C", 1))
    s.apply(Fire(0, 1))
    assert s.units[1].damaged and 1 not in s.assigned and all(q[1] != 1 for q in s.queue)
    assert "9S" in s.buried and "3C" in s.discard  # the face-down card goes unturned (T-T2 rev 4)
    at_act(s, "3H", 0, [6, 6, 6])
    s.apply(Fire(0, 1))
    assert s.units[1].destroyed and s.units[1].wreck and s.vp == [1, 0]
    # the wreck blocks the line to the squad behind it
    assert s.fire_refusal(s.units[0], 2).rule == "T-A3"


def test_T_A9_without_the_wreck_setting_destroyed_vehicles_leave_the_table():
    s = make([unit("tank", 40, 100, 270)], [unit("truck", 40, 50, 90), unit("infantry", 40, 20, 90)], wrecks=False)
    s.units[1].damaged = True
    at_act(s, "2H", 0, [6, 6, 6])
    s.apply(Fire(0, 1))
    assert s.units[1].destroyed and not s.units[1].wreck
    assert s.fire_refusal(s.units[0], 2) is None


# -- Follow me! (T-F) ----------------------------------------------------------------------------

def chain_state(gap2=7.0, gap3=7.0, faces=()):
    blue = [unit("tank", 40, 100, 0), unit("tank", 44.5 + gap2 + 4.5, 100, 0),
            unit("tank", 44.5 + gap2 + 9 + gap3 + 4.5, 100, 0), unit("tank", 150, 110, 0)]
    return at_act(make(blue, [unit("infantry", 60, 60, 90), unit("tank", 90, 20, 90)]), "2H", 0, list(faces))


def test_T_F1_followers_chain_within_seven_and_a_half_cm_each_rolls_on_its_own():
    s = chain_state(faces=[6, 6, 6, 1, 1, 1, 6, 6, 6, 1, 1])
    assert s.gap(s.units[0], s.units[1]) == pytest.approx(7.0)
    ev = s.apply(Fire(0, 4, (1, 2)))
    assert s.phase == "volley" and s.volley == [1, 2]  # each follower then chooses its target (rev 4)
    ev += s.apply(FollowFire(1, 4))
    ev += s.apply(FollowFire(2, 5))
    rolls = [e for e in ev if e.data.get("action") == "fire"]
    assert [r.data["shooter"] for r in rolls] == [0, 1, 2]
    assert [r.data["ok"] for r in rolls] == [True, True, True]  # 18, 3 >= 2, 18
    assert all(r.data["need"] == 2 for r in rolls)


def test_T_F1_a_follower_too_far_or_with_cards_of_its_own_may_not_follow():
    s = chain_state(gap2=7.6)
    e = raises("T-F1", s.apply, MoveOrder(0, (1,)))
    assert "7.5" in e.message
    s = chain_state()
    s.assigned = {1: [("9S", False)]}
    raises("T-F1", s.apply, MoveOrder(0, (1,)))
    s = chain_state()
    raises("T-F1", s.apply, MoveOrder(0, (2,)))  # 2 is within 7.5 of 1, not of the leader
    s.apply(MoveOrder(0, (1, 2)))


def test_T_F1_moving_followers_stay_within_seven_and_a_half_cm():
    s = chain_state(faces=[4, 4, 4, 4, 6, 1])  # red card: two dice each
    s.apply(MoveOrder(0, (1, 2)))
    assert s.movers == [(0, 8.0), (1, 8.0), (2, 7.0)]
    s.apply(Move(0, ((36.5, 100.0),), 0.0))  # backs off 8 cm
    raises("T-F1", s.apply, Move(1, ((57.5, 100.0),), 0.0))  # 12 cm from the leader
    s.apply(Move(1, ((52.5, 100.0),), 0.0))
    s.apply(Move(2, ()))
    assert s.phase != "move"


# -- transport (T-R) ---------------------------------------------------------------------------------

def test_T_R1_infantry_mounts_with_a_move_and_rides_along():
    s = at_act(make([unit("infantry", 40, 100, 270), unit("halftrack", 40, 90, 270), unit("jeep", 60, 100, 270)],
                    [unit("tank", 90, 20, 90)]), "2S", 0, [6, 6, 6])
    s.apply(MoveOrder(0))
    raises("T-R1", s.apply, Mount(0, 2))  # a jeep carries nobody
    s.apply(Mount(0, 1))
    assert s.units[0].carrier == 1 and s.units[1].passenger == 0
    at_act(s, "3S", 1, [6, 6, 6])
    s.apply(MoveOrder(1))
    s.apply(Move(1, ((40.0, 70.0),)))
    assert s.position(s.units[0]) == (s.units[1].x, s.units[1].y)
    at_act(s, "4S", 0, [6, 6, 6])
    s.apply(MoveOrder(0))
    s.apply(Move(0, ((34.5, 72.0),)))
    assert s.units[0].carrier == -1 and s.units[1].passenger == -1


def test_T_R1_one_passenger_per_vehicle():
    s = at_act(make([unit("infantry", 40, 100, 270), unit("truck", 40, 90, 270), unit("infantry", 50, 100, 270)],
                    [unit("tank", 90, 20, 90)]), "2S", 2, [6, 6, 6])
    s.units[0].carrier, s.units[1].passenger = 1, 0
    s.apply(MoveOrder(2))
    raises("T-R1", s.apply, Mount(2, 1))


def transport_state(kind, faces):
    s = make([unit("tank", 40, 100, 270)], [unit(kind, 40, 50, 90), unit("infantry", 100, 20, 90)])
    s.units[2].carrier, s.units[1].passenger = 1, 2
    return at_act(s, "2H", 0, faces)


def test_T_R2_passengers_cannot_be_targeted_and_share_the_carriers_hit():
    s = transport_state("truck", [6, 6, 6, 3])
    raises("T-R2", s.apply, Fire(0, 2))
    s.apply(Fire(0, 1))
    assert s.units[1].damaged and s.units[2].damaged
    assert s.units[2].carrier == -1 and s.units[1].passenger == -1


def test_T_R2_a_hit_halftrack_may_keep_its_passenger_aboard():
    s = transport_state("halftrack", [6, 6, 6, 1])
    s.apply(Fire(0, 1))
    assert s.phase == "aboard" and s.current_player() == 1 and s.units[2].damaged
    s.apply(KeepAboard(2, True))
    assert s.units[2].carrier == 1


def test_T_R3_a_forced_dismount_puts_the_infantry_one_die_of_cm_away():
    s = transport_state("truck", [6, 6, 6, 4])
    s.apply(Fire(0, 1))
    truck, inf = s.units[1], s.units[2]
    gap = inf.polygon().distance(truck.polygon())
    assert gap == pytest.approx(4.0, abs=1e-6)
    s = transport_state("halftrack", [6, 6, 6, 1, 2])
    s.apply(Fire(0, 1))
    s.apply(KeepAboard(2, False))
    assert s.units[2].polygon().distance(s.units[1].polygon()) == pytest.approx(2.0, abs=1e-6)


def test_T_R3_a_forced_dismount_never_lands_on_another_base_or_off_the_table():
    # a friendly truck parked straight behind the hit truck: the squad goes round it, still 4 cm off
    s = make([unit("tank", 40, 100, 270)],
             [unit("truck", 40, 50, 90), unit("infantry", 100, 20, 90), unit("truck", 40, 39, 90)])
    s.units[2].carrier, s.units[1].passenger = 1, 2
    at_act(s, "2H", 0, [6, 6, 6, 4])
    events = s.apply(Fire(0, 1))
    inf, truck = s.units[2], s.units[1]
    assert inf.carrier == -1 and inf.alive
    assert inf.polygon().distance(truck.polygon()) == pytest.approx(4.0, abs=0.05)
    for o in s.units:
        if o.id != inf.id:
            assert inf.polygon().intersection(o.polygon()).area < 1e-6, o.name
    assert any("T-R3" in e.text and "4 cm from" in e.text for e in events)
    # against the table edge: the squad lands on the table
    s = make([unit("tank", 40, 100, 270)], [unit("truck", 40, 6, 90), unit("infantry", 100, 20, 90)])
    s.units[2].carrier, s.units[1].passenger = 1, 2
    at_act(s, "2H", 0, [6, 6, 6, 6])
    s.apply(Fire(0, 1))
    minx, miny, maxx, maxy = s.units[2].polygon().bounds
    assert miny >= -1e-9 and minx >= -1e-9 and maxx <= 180 + 1e-9 and maxy <= 120 + 1e-9


def test_T_R3_a_squad_with_no_free_ground_round_its_vehicle_is_lost():
    # the hit truck stands in a yard packed with friendly trucks, edge to edge: nowhere to land
    yard = [unit("truck", 40 + 8 * i, 50 + 3 * k, 0) for i in range(-3, 4) for k in range(-7, 8)
            if not (i == 0 and -1 <= k <= 1)]
    s = make([unit("tank", 40, 100, 270)], [unit("truck", 40, 50, 90), unit("infantry", 160, 110, 90), *yard])
    s.units[2].carrier, s.units[1].passenger = 1, 2
    at_act(s, "2H", 0, [6, 6, 6, 3])
    events = s.apply(Fire(0, 1))
    assert s.units[2].destroyed and s.vp[0] == 1
    assert any("no free ground" in e.text and "T-R3" in e.text for e in events)


# -- end (T-E) --------------------------------------------------------------------------------------

def test_T_E1_the_game_ends_when_the_deck_is_used_up():
    s = make([unit("tank", 40, 100, 270)], [unit("tank", 90, 20, 90)], deal=[6, 6, 6, 6])
    s.deck = []
    s.hands = [[], []]
    s.assigned, s.queue = {}, []
    s.phase, s.done = "assign", [True, True]
    s._start_round()
    assert s.is_over() and s.current_player() == -1 and s.legal_actions() == []
    g = TigersGame({"level": "tank_battle"})
    st = g.new_state(9)
    rng = st.chance.fork()
    while not st.is_over():
        st.apply(st.random_action(rng))
    assert not st.deck or not all(u.alive for u in st.units if u.side == 0) or not all(
        u.alive for u in st.units if u.side == 1)


def test_T_E2_victory_points_complete_and_marginal_victory():
    s = make([unit("tank", 40, 100, 270)], [unit("tank", 90, 20, 90), unit("gun", 150, 20, 90)])
    s.phase = "over"
    s.vp = [5, 3]
    assert s.result().winners == (0,) and "marginal" in s.result().text and s.victory() == "marginal"
    s.vp = [1, 5]
    assert s.result().winners == (1,) and "complete" in s.result().text
    s.vp = [3, 3]
    assert s.result().draw and s.victory() == "draw"
    s = at_act(make([unit("tank", 40, 100, 270)], [unit("tank", 40, 50, 90), unit("gun", 150, 20, 90)]), "2H", 0,
               [6, 6, 6, 1, 1])
    s.units[1].damaged = True
    s.apply(Fire(0, 1))
    assert s.vp == [5, 0]


def test_T_E3_campaign_points_and_save_round_trip(tmp_path):
    camp = Campaign(("Tom", "Cindy"), battles=3)
    camp.record("village_fight", (5, 1))   # complete for Tom
    camp.record("tank_battle", (3, 4))     # marginal for Cindy
    camp.record("forest_crossing", (2, 2))  # draw
    assert camp.points() == [4, 3] and camp.is_over() and camp.leader() == 0
    with pytest.raises(CampaignError):
        camp.record("village_fight", (1, 0))
    path = tmp_path / "camp.json"
    camp.save(path)
    back = Campaign.load(path)
    assert back.to_json() == camp.to_json()
    path.write_text(json.dumps({"format": "nope"}))
    with pytest.raises(CampaignError):
        Campaign.load(path)


def test_T_E3_campaign_records_a_finished_game():
    g = TigersGame({"level": "tank_battle"})
    st = g.new_state(4)
    rng = st.chance.fork()
    camp = Campaign()
    with pytest.raises(CampaignError):
        camp.record_state("tank_battle", st)
    while not st.is_over():
        st.apply(st.random_action(rng))
    entry = camp.record_state("tank_battle", st)
    assert entry["vp"] == st.vp and entry["victory"] == st.victory()


# -- scenarios ---------------------------------------------------------------------------------------

def test_shipped_scenarios_load():
    from game.levels import list_levels
    names = list_levels("tigers")
    assert {"village_fight", "forest_crossing", "tank_battle", "open_table"} <= set(names)
    for n in names:
        s = TigersGame({"level": n}).new_state(1)
        assert s.phase in ("rolloff", "side", "deploy", "assign")


@pytest.mark.parametrize("patch,words", [
    ({"table": [50, 50]}, "at least 100"),
    ({"terrain": [{"kind": "lake", "shape": [10, 10, 5, 5, 0]}]}, "terrain piece 1"),
    ({"terrain": [{"kind": "woods", "shape": [179, 10, 10, 5, 0]}]}, "off the"),
    ({"forces": [[{"kind": "mech"}], [{"kind": "tank"}]]}, "unit 1 of side 1"),
    ({"attacker": 3}, "attacker"),
])
def test_malformed_scenario_names_file_and_problem(tmp_path, patch, words):
    data = {"title": "t", "table": [180, 120], "attacker": 0, "defender_edge": "north", "terrain": [],
            "forces": [[{"kind": "tank"}], [{"kind": "tank"}]]}
    data.update(patch)
    path = user_levels_dir("tigers") / "broken.json"  # a level is a name, never a path (issue 14)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    with pytest.raises(LevelError) as info:
        TigersGame({"level": "broken"})
    assert "broken.json" in str(info.value) and words in str(info.value)


def test_malformed_json_is_refused_with_the_file_name(tmp_path):
    path = user_levels_dir("tigers") / "bad.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ nope")
    with pytest.raises(LevelError) as info:
        TigersGame({"level": "bad"})
    assert "bad.json" in str(info.value)


def test_T_E3_finished_battles_count_once_in_the_running_campaign(tmp_path):
    g = TigersGame({"level": "tank_battle"})
    st = g.new_state(6)
    rng = st.chance.fork()
    while not st.is_over():
        st.apply(st.random_action(rng))
    path = tmp_path / "c.json"
    camp = record_battle("tank_battle", st, "6-100", path)
    camp = record_battle("tank_battle", st, "6-100", path)  # the same battle again: not counted twice
    assert len(camp.results) == 1 and Campaign.load(path).points() == camp.points()
    for i in range(9):
        record_battle("tank_battle", st, f"k{i}", path)
    camp = record_battle("tank_battle", st, "next", path)  # ten fought: a new campaign begins
    assert len(camp.results) == 1


# -- revision 2 decisions (RULES.md "rev 2") ------------------------------------------------------

def tank_to_move(faces=(6, 6, 6), card="2S", others=(), terrain=()):
    """Blue tank #0 at (50, 60) facing east, about to move on ``card``."""
    s = make([unit("tank", 50, 60, 0), *others], [unit("tank", 40, 20, 90), unit("infantry", 150, 20, 90)],
             list(terrain))
    s = at_act(s, card, 0, list(faces))
    s.apply(MoveOrder(0))
    return s


def test_T_A1_rev2_the_allowance_binds_the_whole_base_so_a_turn_cannot_gain_ground():
    s = tank_to_move((1, 2, 2), "5S")  # 5 cm
    assert s.movers == [(0, 5.0)]
    e = raises("T-A1", s.apply, Move(0, (), 180.0))  # an about-turn on the front swings the tank 9 cm
    assert "whole base" in e.message
    raises("T-A1", s.apply, Move(0, ((54.5, 55.5),)))  # 4.5 cm north, but the pivot sweeps the rear further
    s.apply(Move(0, ((59.5, 60.0),)))
    assert (s.units[0].x, s.units[0].y) == pytest.approx((55.0, 60.0))


def test_T_A1_rev2_bases_are_solid_no_crossing_an_enemy_no_ending_on_a_base_or_wreck():
    s = tank_to_move()
    s.units[2].x, s.units[2].y, s.units[2].heading = 60.0, 60.0, 180.0  # an enemy squad in the way
    e = raises("T-A1", s.apply, Move(0, ((72.0, 60.0),)))
    assert "cross" in e.message and "#2" in e.message
    s.units[2].x = 120.0
    s.units.append(type(s.units[0])(len(s.units), 0, "truck", "truck", 70.0, 60.0, 0.0, True))
    s.units[-1].destroyed = s.units[-1].wreck = True
    s._invalidate()
    e = raises("T-A1", s.apply, Move(0, ((68.0, 60.0),)))
    assert "wreck" in e.message
    s.apply(Move(0, ((62.0, 60.0),)))  # stops short of the wreck


def test_T_A1_rev2_a_move_may_not_end_on_a_friendly_base_but_may_pass_it():
    s = tank_to_move(others=[unit("infantry", 60, 60, 0)])
    e = raises("T-A1", s.apply, Move(0, ((63.0, 60.0),)))
    assert "on top of" in e.message
    s.apply(Move(0, ((72.0, 60.0),)))  # through its own squad, out the other side


def test_T_A2_rev2_entering_is_judged_on_the_whole_base():
    side_woods = square("woods", 70, 62, 90, 80)  # the tank's right side brushes it, its front middle never
    s = tank_to_move(terrain=[side_woods])
    ev = s.apply(Move(0, ((72.0, 60.0),)))
    assert s.units[0].front()[0] == pytest.approx(70.05, abs=1e-3)
    assert "woods" in [e for e in ev if e.kind == "move"][0].text


def test_T_A2_rev2_a_vehicle_may_not_turn_into_a_building():
    house = square("building", 52, 63, 60, 70)
    s = tank_to_move((1, 2, 2), "5S", terrain=[house])
    end = s.simulate_move(s.units[0], (), -60.0)
    assert end["stop"] == "a vehicle cannot enter a building" and end["heading"] == 0.0


def test_T_A3_rev2_in_a_piece_means_the_centre_of_the_base_is_inside():
    # the squad's front pokes 0.5 cm into the woods; its centre is outside
    s = make([unit("infantry", 69, 60, 0)], [unit("tank", 100, 60, 180)], [WOODS])
    inf, tank = s.units
    assert s.standing_in(inf) == [] and not s.in_cover(inf)
    assert s.fire_refusal(tank, inf.id).rule == "T-A3"  # the wood blocks: the squad is not in it
    inf.x = 71.0  # centre inside: now it is in the woods, seen from outside and in cover
    assert s.standing_in(inf) == [0] and s.in_cover(inf)


def test_T_F1_rev2_a_unit_that_acted_cannot_follow_and_each_unit_follows_once_a_turn():
    s = chain_state()
    s.queue = [("3S", 1), ("2S", 0)]
    s.apply(Skip(1))  # #1 acts on its own card
    e = raises("T-F1", s.apply, MoveOrder(0, (1,)))
    assert "already acted" in e.message
    assert (1,) not in s.follower_chains(s.units[0])
    s = chain_state()
    s.queue = [("KS", 0), ("3S", 2)]
    s.chance.faces = [1, 1, 1, 1, 1, 1]  # both fail to move
    s.apply(MoveOrder(0, (1,)))
    e = raises("T-F1", s.apply, MoveOrder(2, (1,)))  # #1 already followed this turn
    assert "followed" in e.message


def test_T_F1_rev2_a_unit_given_a_card_this_turn_cannot_follow_even_after_playing_it():
    s = chain_state()
    s.carded = {1}
    e = raises("T-F1", s.apply, MoveOrder(0, (1,)))
    assert "card" in e.message
    s = make([unit("tank", 40, 100, 0), unit("tank", 56, 100, 0)], [unit("tank", 90, 20, 90)], deal=[3, 3, 3, 3])
    s.apply(Assign(1, "?"))
    assert 1 in s.carded


def test_T_F1_rev2_a_followers_sight_is_judged_after_the_leaders_result():
    blue = [unit("tank", 40, 100, 270), unit("tank", 52, 100, 270)]
    orange = [unit("truck", 52, 70, 0), unit("infantry", 52, 40, 90)]
    s = at_act(make(blue, orange), "2H", 0, [1, 1, 1, 1, 1, 1])
    s.units[2].damaged = True
    assert s.fire_refusal(s.units[1], 3) is None  # the truck does not block sight while it lives
    ev = s.apply(Fire(0, 2, (1,)))
    assert s.units[2].wreck
    assert not any(e.data.get("action") == "fire" and e.data.get("shooter") == 1 for e in ev)
    # the fresh wreck hides the squad: the follower has nothing left to fire at, and the log says so
    assert any("tank #1 has no enemy in sight and reach" in e.text for e in ev) and not s.units[3].damaged


def test_T_E2_rev2_a_side_with_no_unit_left_loses_at_once_whatever_the_points():
    s = at_act(make([unit("tank", 40, 100, 270), unit("infantry", 40, 60, 270)], [unit("infantry", 40, 50, 90)]),
               "2H", 1, [6, 6, 6])
    s.units[0].destroyed = True
    s.vp = [0, 5]
    s.units[2].damaged = True
    s.apply(Fire(1, 2))
    assert s.is_over() and s.vp == [1, 5]
    res = s.result()
    assert res.winners == (0,) and "complete" in res.text and s.victory() == "complete"


def test_T_E1_face_up_hand_cards_stay_usable_in_the_turn_the_deck_runs_out():
    s = make([unit("tank", 40, 100, 270)], [unit("tank", 90, 20, 90)], deal=[6, 6, 6, 6])
    s.deck = s.deck[:1]
    s.hands = [[("QH", True)], [("KH", True)]]
    s.assigned, s.queue = {}, []
    s.phase, s.done = "assign", [True, True]
    s.chance.faces = [1, 1, 1, 1]
    s._start_round()  # recovery, end of turn, then a deal that empties the deck
    assert not s.deck and not s.is_over() and s.phase == "assign"
    assert Assign(0, "QH") in s.legal_actions()
    s.apply(Assign(0, "QH"))
    assert s.assigned[0] == [("QH", True)]


def test_T_E3_campaign_standings_follow_the_commanders_names_not_the_colours(tmp_path):
    from game.rules.tigers.campaign import load_running, reset_campaign

    path = tmp_path / "camp.json"
    camp = Campaign(("Tom", "Cindy"), battles=4)
    camp.record("a", [6, 0], names=("Tom", "Cindy"))  # Tom wins as Blue: complete, 3
    camp.record("b", [6, 0], names=("Cindy", "Tom"))  # Cindy wins as Blue: complete, 3
    camp.record("c", [0, 2], names=("Cindy", "Tom"))  # Tom wins as Orange: marginal, 2
    assert dict(camp.standings()) == {"Tom": 5, "Cindy": 3}
    assert camp.summary().startswith("Battle 3 of 4: Tom 5, Cindy 3")
    camp.save(path)
    again = Campaign.load(path)
    assert again.standings() == camp.standings()
    s = make([unit("tank", 40, 100, 270)], [unit("tank", 90, 20, 90)])
    s.phase, s.vp = "over", [5, 0]
    record_battle("d", s, "k1", path, seats=("human", "ai"))
    assert dict(load_running(path).standings())["Tom"] == 8
    s.vp = [0, 5]
    record_battle("d", s, "k2", path, seats=("human", "ai"))  # the computer plays Orange under the name set
    assert dict(load_running(path).standings()) == {"Cindy": 3, "Tom": 0}  # the fifth battle opens a new campaign
    assert "(ai)" not in load_running(path).summary()
    fresh = reset_campaign(path)
    assert fresh.results == [] and fresh.names == ("Tom", "Cindy") and load_running(path).results == []


def test_T_E3_a_draw_against_the_computer_names_the_two_commanders_once_each(tmp_path):
    path = tmp_path / "camp.json"
    s = make([unit("tank", 40, 100, 270)], [unit("tank", 90, 20, 90)])
    s.phase, s.vp = "over", [3, 3]
    camp = record_battle("village_fight", s, "k1", path, seats=("human", "ai"))
    assert camp.summary() == "Battle 1 of 10: Blue 1, Orange 1 campaign points."
