"""Paper Tigers, rules revision 4 (RULES.md "rev 4"): where two rules meet.  Chance pinned."""

from __future__ import annotations

import math

import pytest

from game.engine import IllegalAction
from game.rules.tigers.actions import Fire, FollowFire, Mount, Move, MoveOrder

from .helpers import at_act, make, square, unit

WOODS = square("woods", 70, 50, 90, 70)


def raises(rule: str, fn, *args):
    with pytest.raises(IllegalAction) as info:
        fn(*args)
    assert info.value.rule == rule, info.value
    return info.value


# -- T-A4 (rev 4): only a piece the moved line could pass THROUGH is in doubt ---------------------

@pytest.mark.parametrize("firer, target", [
    ((30.0, 60.0), (69.7, 60.0)),    # the woods just behind the target
    ((90.3, 60.0), (150.0, 60.0)),   # the woods just behind the firer
    ((30.0, 49.7), (80.0, 49.7)),    # the target stands at the woods' edge, the line along it
])
def test_T_A4_rev4_woods_the_line_could_only_end_in_or_beside_put_nothing_in_doubt(firer, target):
    s = make([unit("tank", *firer, 0)], [unit("tank", *target, 180)], [WOODS])
    assert s.standing_in(s.units[0]) == [] and s.standing_in(s.units[1]) == []
    assert s.line_of_sight(s.units[0], s.units[1]) == ([], [])
    # a 1 would have blocked a doubtful line: no sight roll, the shot is rolled at once
    at_act(s, "2H", 0, [1, 6, 6, 6, 1, 1])
    ev = s.apply(Fire(0, 1))
    assert not any(e.data.get("what") == "line of sight" for e in ev)
    assert any(e.data.get("action") == "fire" and e.data["ok"] for e in ev)


def test_T_A4_rev4_a_line_grazing_a_piece_between_firer_and_target_is_still_in_doubt():
    s = make([unit("tank", 40, 70.2, 0)], [unit("tank", 130, 70.2, 180)], [WOODS])
    assert s.line_of_sight(s.units[0], s.units[1]) == ([], [0])
    # passing 0.4 cm beyond the corner of a small building between them: in doubt too
    s = make([unit("tank", 40, 60, 0)], [unit("tank", 130, 60, 180)], [square("building", 80, 60.4, 84, 66)])
    assert s.line_of_sight(s.units[0], s.units[1]) == ([], [0])


# -- T-A2 (rev 4): once the base has wholly left a piece, going back in stops the move ------------

def edge_jeep(faces=(6, 6, 6)):
    """Blue jeep #0 facing east with its front 0.25 cm into the woods; its 10 of spades (black:
    three dice, needs 10) rolled ``faces``."""
    s = make([unit("jeep", 68.0, 60.0, 0)], [unit("tank", 150, 20, 90)], [WOODS])
    assert s.terrain.overlapping(s.units[0].polygon()) == [0]
    at_act(s, "10S", 0, list(faces))
    s.apply(MoveOrder(0))
    return s


def test_T_A2_rev4_driving_out_of_the_woods_and_back_in_stops_at_the_edge():
    s = edge_jeep()
    # back off 6.25 cm keeping the facing (wholly out), then 9 cm forward: back into the woods
    ev = s.apply(Move(0, ((64.0, 60.0), (73.0, 60.0)), 0.0))
    j = s.units[0]
    assert j.front()[0] == pytest.approx(70.05, abs=0.06)
    assert any("stops: entered woods (T-A2)" in e.text for e in ev)


def test_T_A2_rev4_a_base_that_never_wholly_leaves_the_piece_is_not_stopped():
    s = edge_jeep()
    # 0.2 cm back (the front still in the woods), then on into them: no new entry
    s.apply(Move(0, ((70.05, 60.0), (74.0, 60.0)), 0.0))
    assert s.units[0].front()[0] == pytest.approx(74.0)


def test_T_A2_rev4_a_pivot_that_swings_back_into_the_piece_stops():
    s = make([unit("tank", 65.75, 60.0, 0)], [unit("tank", 150, 20, 90)], [WOODS])
    t = s.units[0]
    assert t.front() == pytest.approx((70.25, 60.0)) and s.terrain.overlapping(t.polygon()) == [0]
    # turn south and drive out (the base wholly leaves the woods 0.1 cm short of them), then
    # turn to 120 degrees on the front: the rear corner swings back in
    end = s.simulate_move(t, ((70.25, 79.1),), 120.0)
    assert end["stop"] == "entered woods"
    assert 90.0 < end["heading"] < 120.0
    # without the last turn the move is not stopped
    assert s.simulate_move(t, ((70.25, 79.1),), None)["stop"] == ""


# -- T-F1 with T-R1 (rev 4): "within 7.5 cm" binds a follower getting into a vehicle ------------

def mount_follower(truck_x: float):
    """Blue squad #0 leads squad #1 (3 cm away) on a move; truck #2 stands east of them."""
    s = make([unit("infantry", 60, 60, 0), unit("infantry", 66, 60, 0), unit("truck", truck_x, 60, 0)],
             [unit("tank", 150, 20, 90)])
    at_act(s, "10S", 0, [6, 6, 6, 6, 6, 6])
    s.apply(MoveOrder(0, (1,)))
    s.apply(Move(0, ()))  # the leader stays put
    assert s.movers == [(1, 6.0)]
    return s


def test_T_F1_rev4_a_follower_may_not_mount_a_vehicle_further_than_7_5_cm_from_its_leader():
    s = mount_follower(75.0)  # the truck's base is 9.5 cm from the leader's, 3.5 from the follower's
    e = raises("T-F1", s.apply, Mount(1, 2))
    assert "7.5 cm" in e.message and "truck #2" in e.message
    assert s.units[1].carrier == -1 and s.phase == "move"
    assert not s._ok(Mount(1, 2))


def test_T_F1_rev4_a_follower_mounts_a_vehicle_within_7_5_cm_of_its_leader():
    s = mount_follower(72.0)  # the truck's base is 6.5 cm from the leader's
    s.apply(Mount(1, 2))
    assert s.units[1].carrier == 2 and s.units[2].passenger == 1


# -- T-R1 (rev 4): mounting by any legal way within the roll ------------------------------------

def mount_round(card: str = "10S", faces=(6, 6, 6)):
    """Blue squad #0 (front at 61.5, 60, facing east) with truck #1 2.5 cm east of it and a
    1 cm wood right between them; the squad's card is up and its move roll passed."""
    s = make([unit("infantry", 60, 60, 0), unit("truck", 68, 60, 0)], [unit("tank", 150, 20, 90)],
             [square("woods", 62, 59.5, 63, 60.5)])
    at_act(s, card, 0, list(faces))
    s.apply(MoveOrder(0))
    return s


def test_T_R1_rev4_a_squad_walks_round_a_small_wood_to_its_truck():
    s = mount_round()
    assert s.movers == [(0, 6.0)]
    ev = s.apply(Mount(0, 1))
    assert s.units[0].carrier == 1 and s.units[1].passenger == 0
    move = next(e for e in ev if e.kind == "move")
    assert "by a way round" in move.text and move.data["travelled"] == pytest.approx(4.58, abs=0.05)
    assert len(move.data["path"]) >= 3  # the way goes round the wood's corner


def test_T_R1_rev4_the_way_round_binds_the_roll():
    s = mount_round("4S", (1, 1, 2))  # a bare pass: 4 cm
    assert s.movers == [(0, 4.0)]
    e = raises("T-A2", s.apply, Mount(0, 1))
    assert "stops short" in e.message and "no way round within 4 cm" in e.message
    assert s.units[0].carrier == -1 and s.phase == "move"


def test_T_R1_rev4_the_player_may_draw_the_way_to_the_vehicle():
    s = mount_round()
    # drawn round the north of the wood, sliding (its own facing), ending on the truck
    way = ((62.0, 62.6), (66.0, 62.6))
    assert s._ok(Mount(0, 1, way, 0.0))
    # a way drawn through the wood stops short
    raises("T-A2", s.check, Mount(0, 1, ((65.0, 60.0),), 0.0))
    ev = s.apply(Mount(0, 1, way, 0.0))
    move = next(e for e in ev if e.kind == "move")
    assert "by the way drawn" in move.text and s.units[0].carrier == 1
    assert move.data["travelled"] == pytest.approx(math.dist((61.5, 60.0), (62.0, 62.6)) + 2.0, abs=0.01)


# -- T-F1 (rev 4): each follower chooses its own target once the leader's shot is resolved --------

def volley_state(terrain=()):
    """Blue tank #0 leads tank #1 (5.5 cm away) on the 2 of hearts (red: three dice, needs 2);
    Orange squad #2 is damaged already (a hit destroys it), squad #3 stands 20 cm east of it."""
    s = make([unit("tank", 40, 100, 270), unit("tank", 50, 100, 270)],
             [unit("infantry", 40, 60, 90), unit("infantry", 60, 60, 90)], list(terrain))
    s.units[2].damaged = True
    return at_act(s, "2H", 0, [1, 1, 1, 1, 1, 1])


def test_T_F1_rev4_the_follower_chooses_after_the_leader_and_picks_again_when_its_target_is_gone():
    s = volley_state()
    assert Fire(0, 2, (1,)) in s.legal_actions()
    s.apply(Fire(0, 2, (1,)))
    assert s.units[2].destroyed  # the leader's shot is resolved first
    assert s.phase == "volley" and s.current_player() == 0 and s.volley == [1]
    assert s.legal_actions() == [FollowFire(1, 3), FollowFire(1, -1)]
    raises("T-A3", s.apply, FollowFire(1, 2))  # the leader's target is gone: choose again
    ev = s.apply(FollowFire(1, 3))
    assert any(e.data.get("action") == "fire" and e.data["shooter"] == 1 and e.data["target"] == 3 for e in ev)
    assert s.units[3].damaged and s.phase != "volley"


def test_T_F1_rev4_a_follower_that_cannot_see_the_leaders_target_fires_at_another():
    # a building hides squad #2 from tank #1 only
    s = volley_state([square("building", 44, 70, 47, 80)])
    s.units[2].damaged = False
    assert s.fire_refusal(s.units[0], 2) is None and s.fire_refusal(s.units[1], 2) is not None
    # the chain is offered although the follower cannot fire at the leader's target (rev 4)
    assert Fire(0, 2, (1,)) in s.legal_actions()
    s.apply(Fire(0, 2, (1,)))
    assert s.phase == "volley" and s.legal_actions() == [FollowFire(1, 3), FollowFire(1, -1)]
    s.apply(FollowFire(1, 3))
    assert s.units[2].damaged and s.units[3].damaged


def test_T_F1_rev4_a_follower_may_hold_its_fire_and_one_with_nothing_to_fire_at_is_passed_over_saying_so():
    s = volley_state()
    s.apply(Fire(0, 2, (1,)))
    ev = s.apply(FollowFire(1, -1))
    assert any(e.text == "tank #1 holds its fire (T-F1)." for e in ev)
    assert not s.units[3].damaged and not any(e.data.get("action") == "fire" for e in ev)
    # squad #3 hidden from the follower: after the leader's kill it has nothing to fire at
    s = volley_state([square("building", 53, 70, 56, 80)])
    assert s.fire_refusal(s.units[1], 3) is not None
    ev = s.apply(Fire(0, 2, (1,)))
    assert s.phase != "volley"
    assert any("no enemy in sight and reach" in e.text and "tank #1" in e.text for e in ev)


@pytest.mark.parametrize("who", ["greedy", "ai", "hard"])
def test_T_F1_rev4_the_computer_follower_picks_the_best_other_target_when_the_leaders_is_gone(who):
    from game.rules.tigers.ai import GreedyTigersAI, TigersAI
    from game.rules.tigers.hard import TigersHard

    s = volley_state()
    s.units.append(s.units[3].copy())  # a second squad #4, behind a building for the follower
    s.units[4].id, s.units[4].x = 4, 30.0
    s.pieces.append({"kind": "building", "points": [(33, 70), (36, 70), (36, 80), (33, 80)], "params": None})
    s._invalidate()
    assert s.fire_refusal(s.units[1], 4) is not None and s.fire_refusal(s.units[1], 3) is None
    s.apply(Fire(0, 2, (1,)))
    assert s.units[2].destroyed and s.phase == "volley"
    cls = {"greedy": GreedyTigersAI, "ai": TigersAI, "hard": TigersHard}[who]
    agent = cls(s.game, 1, budget_s=0.2)
    assert agent.choose(s) == FollowFire(1, 3)


# -- T-T2 with T-A9 and T-T10 (rev 4): cards discarded unturned stay unknown to everybody ---------

def take(s, *cards):
    """Take ``cards`` out of the deck and the hands (to lay them where a test wants them)."""
    s.deck = [c for c in s.deck if c not in cards]
    s.hands = [[c for c in h if c[0] not in cards] for h in s.hands]


def all_views(s):
    import json

    return [json.dumps(s.view(seat)) for seat in (0, 1, None)]


def test_T_T2_rev4_a_hit_units_face_down_cards_are_discarded_unturned_and_stay_unknown():
    s = volley_state()
    s.units[2].damaged = False
    take(s, "KS", "7D")
    s.assigned = {2: [("KS", False), ("7D", True)]}  # a face-down king and a face-up seven on the squad
    assert s.card_count() == 52
    ev = s.apply(Fire(0, 2))
    assert s.units[2].damaged and 2 not in s.assigned
    assert "KS" not in s.discard and "7D" in s.discard and s.buried == ["KS"]
    for v in all_views(s):
        assert '"KS"' not in v and '"7D"' in v
    assert not any("king of spades" in e.text or "KS" in str(e.data) for e in ev)
    assert s.card_count() == 52


def test_T_T2_rev4_a_face_down_card_discarded_down_to_six_stays_unknown():
    from game.rules.tigers.actions import Discard

    s = make([unit("tank", 40, 100, 270)], [unit("tank", 90, 20, 90)])
    take(s, "QC", "2H", "3H", "4H", "5H", "6H", "7H")
    s.deck += [c for h in s.hands for c, _ in h] + [c for cs in s.assigned.values() for c, _ in cs]
    s.hands = [[("QC", False), ("2H", True), ("3H", True), ("4H", True), ("5H", True), ("6H", True),
                ("7H", True)], []]
    s.assigned, s.queue, s.phase, s.actor = {}, [], "discard", 0
    assert s.card_count() == 52
    ev = s.apply(Discard("?"))
    assert s.buried == ["QC"] and "QC" not in s.discard
    assert any(e.text == "Blue discards a face-down card." for e in ev)
    assert not any("queen of clubs" in e.text for e in ev)
    for v in all_views(s):
        assert '"QC"' not in v


def test_T_T2_rev4_the_computer_counts_a_card_discarded_unturned_as_unseen():
    from game.rules.tigers.ai import TigersAI
    from game.rules.tigers.cards import unseen
    from game.rules.tigers.seatview import from_view

    s = volley_state()
    s.units[2].damaged = False
    take(s, "KS")
    s.assigned = {2: [("KS", False)]}
    s.apply(Fire(0, 2))
    assert s.buried == ["KS"]
    view = s.view(0)
    assert "KS" in unseen(view["discard"], view["hands"], view["assigned"].values(), view["recovering"].values(),
                          view["queue"])
    ai = TigersAI(s.game, 1)
    worlds = [ai.sampled_world(s, seed) for seed in range(12)]
    # the king may lie anywhere nobody has seen: in the deck of most sampled worlds
    assert sum("KS" in w.deck for w in worlds) >= 6
    assert all(w.card_count() == 52 for w in worlds)
    guess = from_view(type(s), s.game, view, 3)
    assert len(guess.buried) == 1 and guess.card_count() == 52


# -- T-E1 and T-E2 (rev 4): nothing that cannot matter is asked at the end; "complete" --------

def test_T_E1_rev4_after_the_last_card_the_result_comes_with_no_recovery_or_discard_asked():
    from game.rules.tigers.actions import Skip

    s = make([unit("tank", 40, 100, 270), unit("tank", 60, 100, 270)], [unit("tank", 90, 20, 90)])
    take(s, "AS", "2C", "3C", "4C", "5C", "6C", "7C", "8C")
    s.discard += s.deck + [c for h in s.hands for c, _ in h]  # the deck is used up: this turn is the last
    s.deck = []
    s.units[1].damaged = True  # a damaged tank that could take a recovery card
    s.hands = [[("2C", True), ("3C", True), ("4C", True), ("5C", True), ("6C", True), ("7C", True),
                ("8C", True)], []]  # seven cards: one over the hand limit
    at_act(s, "AS", 0)
    assert s.card_count() == 52
    ev = s.apply(Skip(0))  # the battle's last card
    assert s.is_over() and s.phase == "over"
    assert not any(e.kind in ("recover", "discard", "faceup", "shuffle") for e in ev)
    over = next(e for e in ev if e.kind == "over")
    assert over.text.startswith("The deck is used up (T-E1). A draw")


@pytest.mark.parametrize("vp, kind", [((7, 0), "complete"), ((3, 0), "complete"), ((2, 0), "marginal"),
                                      ((5, 3), "marginal")])
def test_T_E2_rev4_a_margin_of_three_or_more_is_a_complete_victory_in_the_game_and_on_the_page(vp, kind):
    from game import registry
    from game.ui.scenes.rules import rules_text

    s = make([unit("tank", 40, 100, 270)], [unit("tank", 90, 20, 90)])
    s.vp, s.phase = list(vp), "over"
    assert s.victory() == kind and s.wiped_out() < 0
    assert s.result().text == f"Blue wins a {kind} victory, {vp[0]} to {vp[1]} victory points."
    page = " ".join(rules_text(registry.get("tigers")).split())
    assert "by 3 or more it is a *complete victory*" in page
    assert "by less than 3 a *marginal victory*" in page


# -- T-E3 (rev 4): each battle counts in the campaign exactly once, with the result it ended with --

def test_T_E3_rev4_a_battle_counted_again_keeps_one_place_with_the_result_it_ended_with(tmp_path):
    from game.rules.tigers.campaign import Campaign, record_battle

    s = make([unit("tank", 40, 100, 270)], [unit("tank", 90, 20, 90)])
    s.phase, s.vp = "over", [5, 0]
    path = tmp_path / "c.json"
    record_battle("tank_battle", s, "7-battle", path)
    s.vp = [0, 1]  # the same battle's end reached again, another way
    camp = record_battle("tank_battle", s, "7-battle", path)
    assert len(camp.results) == 1
    r = Campaign.load(path).results[0]
    assert r["vp"] == [0, 1] and r["winner"] == 1 and r["victory"] == "marginal"
    assert dict(Campaign.load(path).standings()) == {"Orange": 2, "Blue": 0}
