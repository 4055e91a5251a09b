"""Rules of Pencil Space Combat (RULES.md section S), one or more tests per rule id, noise pinned off."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import LineString, Point, Polygon

from game.engine import IllegalAction
from game.rules.space.evaluate import Piece, World, evaluate_move, evaluate_shot, lay
from game.rules.space.fields import asteroid_problem
from game.rules.space.flick import PENCILS, Trace, resolve_flick
from game.rules.space.geometry import IN, SHIP_BASE, SHIP_LENGTH, ship_polygon
from game.rules.space.state import (
    CallDraw,
    DrawAsteroid,
    FieldDone,
    Flick,
    Heading,
    Pass,
    PlaceDoor,
    PlacePiece,
    SpaceGame,
)
from tests.space.helpers import H, W, flick_event, kinds, play_state, square

HB = PENCILS["hb"].reach


def s_for(mm: float) -> float:
    """The strength whose noise-free HB flick slides ``mm``."""
    return mm / HB


# -- setup (S-U) ---------------------------------------------------------------------------

def test_S_U1_paper_is_letter_or_a4_with_the_long_axis_between_players():
    letter, a4 = SpaceGame({"paper": "letter"}), SpaceGame({"paper": "a4"})
    assert (letter.width, letter.height) == (215.9, 279.4)
    assert (a4.width, a4.height) == (210.0, 297.0)
    bottom, top = letter.hangars
    assert bottom.region.bounds[1] == 0 and top.region.bounds[3] == letter.height


def test_S_U2_hangar_is_the_one_inch_band_closed_by_a_wall_edge_to_edge():
    g = SpaceGame()
    bottom, top = g.hangars
    assert bottom.region.bounds == (0, 0, W, IN)
    assert top.region.bounds == (0, H - IN, W, H)
    walls = bottom.wall_segments(None)
    assert len(walls) == 1 and walls[0].length == pytest.approx(W)
    assert walls[0].coords[0][1] == IN


def test_S_U3_the_door_is_a_one_inch_gap_chosen_along_the_wall():
    g = SpaceGame()
    s = g.new_state(3)
    with pytest.raises(IllegalAction) as info:
        s.apply(PlaceDoor(5.0))
    assert info.value.rule == "S-U3"
    s.apply(PlaceDoor(60.0))
    s.apply(PlaceDoor(150.0))
    segs = g.hangars[0].wall_segments(60.0)
    assert [round(seg.length, 3) for seg in segs] == [round(60 - IN / 2, 3), round(W - 60 - IN / 2, 3)]
    assert s.phase == "ships"
    centred = SpaceGame({"doors": "centred"}).new_state(1)
    assert centred.phase == "ships" and centred.doors == [W / 2, W / 2]


def test_S_U4_three_ships_each_inside_the_own_hangar_not_overlapping():
    poly = ship_polygon(0, 0, math.pi / 2)
    xs = [c[0] for c in poly.exterior.coords]
    ys = [c[1] for c in poly.exterior.coords]
    assert max(xs) - min(xs) == pytest.approx(SHIP_BASE) and max(ys) - min(ys) == pytest.approx(SHIP_LENGTH)
    s = SpaceGame({"doors": "centred", "field": "none"}).new_state(1)
    with pytest.raises(IllegalAction) as info:
        s.apply(PlacePiece(50, 100, 90))  # in space, not in the hangar
    assert info.value.rule == "S-U4"
    with pytest.raises(IllegalAction):
        s.apply(PlacePiece(50, 26, 90))  # nose through the wall
    s.apply(PlacePiece(50, 15, 90))
    s.apply(PlacePiece(50, 265, 270))
    with pytest.raises(IllegalAction):
        s.apply(PlacePiece(50.5, 14, 90))  # overlaps the first ship
    for x in (80, 110):
        s.apply(PlacePiece(x, 15, 90))
        s.apply(PlacePiece(x, 265, 270))
    assert s.phase == "play"
    assert [sum(1 for p in s.pieces if p.owner == k) for k in (0, 1)] == [3, 3]


@pytest.mark.parametrize("field", ["sparse", "dense", "solid"])
def test_S_U5_generated_asteroids_touch_neither_each_other_nor_a_wall(field):
    for seed in range(4):
        s = SpaceGame({"field": field}).new_state(seed)
        walls = s.sheet().walls()
        assert s.asteroids
        for i, a in enumerate(s.asteroids):
            assert a.is_valid
            assert not any(a.intersects(w) for w in walls)
            assert not any(a.intersects(b) for b in s.asteroids[i + 1:])


def test_S_U5_hand_drawn_asteroids_are_checked():
    s = SpaceGame({"field": "hand", "doors": "centred"}).new_state(1)
    assert s.phase == "field"
    with pytest.raises(IllegalAction) as info:
        s.apply(DrawAsteroid(((10, 20), (30, 20), (30, 40), (10, 40))))  # crosses the wall
    assert info.value.rule == "S-U5"
    rock = ((50, 100), (70, 100), (70, 120), (50, 120))
    s.apply(DrawAsteroid(rock))
    with pytest.raises(IllegalAction):
        s.apply(DrawAsteroid(((60, 110), (80, 110), (80, 130), (60, 130))))  # touches the first
    s.apply(FieldDone())
    s.apply(FieldDone())
    assert s.phase == "ships" and len(s.asteroids) == 1
    assert asteroid_problem(Polygon([(0, 0), (1, 1), (1, 0), (0, 1)]), s.sheet(), [], []) is not None


def test_S_U6_a_coin_flip_decides_who_starts():
    starters = set()
    for seed in range(12):
        s = SpaceGame({"doors": "centred", "field": "none"}).new_state(seed)
        events = []
        for x in (40, 80, 120):
            events += s.apply(PlacePiece(x, 15, 90))
            events += s.apply(PlacePiece(x, 265, 270))
        assert "coin" in kinds(events) and s.phase == "play"
        starters.add(s.current_player())
    assert starters == {0, 1}


# -- turn (S-T) ------------------------------------------------------------------------------

def test_S_T1_turns_alternate_one_own_ship_move_or_shot():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 180, 270)], doors=(108, 108))
    with pytest.raises(IllegalAction) as info:
        s.apply(Flick(1, "shot", 0, 0.1))
    assert info.value.rule == "S-T1"
    with pytest.raises(IllegalAction):
        s.apply(Flick(0, "jump", 0, 0.1))
    s.apply(Flick(0, "shot", 0, 0.05))
    assert s.current_player() == 1
    with pytest.raises(IllegalAction):
        s.apply(PlaceDoor(50))


def test_S_T2_the_flick_starts_at_the_nose():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 180, 270)])
    ev = flick_event(s.apply(Flick(0, "shot", 30, s_for(40))))
    assert ev.data["trace"][0] == [50, 100]
    end = ev.data["trace"][-1]
    assert math.dist(end, (50 + 40 * math.cos(math.radians(30)), 100 + 40 * math.sin(math.radians(30)))) < 1e-6


def test_S_T3_game_ends_when_a_side_has_no_ships_and_a_draw_when_both_go_together():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 50, 150, 270), (1, "ship", 150, 200, 270)])
    s.apply(Flick(0, "shot", 90, s_for(60)))
    assert not s.is_over()
    s.apply(Flick(2, "shot", 0, 0.04))
    s.apply(Flick(0, "shot", math.degrees(math.atan2(103, 100)), s_for(150)))
    assert s.is_over() and s.result().winners == (0,)
    d = play_state([(0, "ship", 50, 100, 90), (1, "ship", 50, 150, 270)])
    d.apply(Flick(0, "move", 90, s_for(60)))
    assert d.is_over() and d.result().draw


# -- move (S-M) -------------------------------------------------------------------------------

def test_S_M1_a_move_crossing_its_own_body_stays_put():
    # The trace itself crosses the body (rev 4: only noise can turn a flick so; a drag that way is
    # refused, see test_rev4.py): the ship stays put.
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)])
    out = evaluate_move(s.world(), s.piece(0), Trace(((50.0, 100.0), (50.5, 85.0), (51.0, 70.0))))
    assert out.rule == "S-M1" and out.stayed and out.moved_to is None and not out.destroyed
    assert "stays put" in out.text


def test_S_M2_only_the_first_object_met_counts():
    rock = square(50, 160, 8)
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 50, 130, 270), (1, "ship", 150, 200, 270)], [rock])
    s.apply(Flick(0, "move", 90, s_for(100)))
    assert s.piece(0) is None and s.piece(1) is None and s.piece(2) is not None
    assert s.asteroids[0].equals(rock)
    t = play_state([(0, "ship", 50, 100, 90), (1, "ship", 50, 180, 270), (1, "ship", 150, 200, 270)], [rock])
    t.apply(Flick(0, "move", 90, s_for(100)))
    assert t.piece(0) is None and t.piece(1) is not None  # the asteroid came first, the ship behind is safe


def test_S_M3_hitting_an_asteroid_or_a_wall_destroys_the_ship():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)], [square(50, 140, 8)])
    ev = s.apply(Flick(0, "move", 90, s_for(80)))
    assert flick_event(ev).data["rule"] == "S-M3" and s.piece(0) is None
    w = play_state([(0, "ship", 30, 10, 90), (0, "ship", 60, 10, 90), (1, "ship", 150, 200, 270)])
    w.apply(Flick(0, "move", 90, s_for(40)))
    assert w.piece(0) is None and w.piece(1) is not None


def test_S_M4_ramming_another_ship_destroys_both():
    s = play_state([(0, "ship", 50, 100, 90), (0, "ship", 10, 60, 90), (1, "ship", 50, 130, 270),
                    (1, "ship", 150, 200, 270)])
    ev = s.apply(Flick(0, "move", 90, s_for(80)))
    assert flick_event(ev).data["rule"] == "S-M4"
    assert s.piece(0) is None and s.piece(2) is None
    assert "destroyed" in kinds(ev)


def test_S_M5_leaving_the_paper_destroys_the_ship():
    s = play_state([(0, "ship", 20, 100, 180), (0, "ship", 60, 60, 90), (1, "ship", 150, 200, 270)])
    ev = s.apply(Flick(0, "move", 180, s_for(60)))
    assert flick_event(ev).data["rule"] == "S-M5" and s.piece(0) is None


def test_S_M6_a_clear_move_lands_at_the_end_pointing_along_the_trace_then_any_heading():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)])
    ev = s.apply(Flick(0, "move", 45, s_for(50)))
    assert "moved" in kinds(ev) and s.phase == "heading" and s.current_player() == 0
    p = s.piece(0)
    assert math.dist((p.x, p.y), (50 + 50 * math.cos(math.pi / 4), 100 + 50 * math.sin(math.pi / 4))) < 1e-6
    assert math.degrees(p.heading) == pytest.approx(45)
    with pytest.raises(IllegalAction):
        s.apply(Flick(0, "shot", 0, 0.1))
    s.apply(Heading(200))
    assert math.degrees(s.piece(0).heading) == pytest.approx(200) and s.current_player() == 1


def test_S_M6_rev2_a_heading_into_rock_is_kept_with_another_part_of_the_ship_on_the_end():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)], [square(50, 140, 5)])
    s.apply(Flick(0, "move", 90, s_for(32)))  # nose stops 3 mm short of the rock
    assert s.phase == "heading" and s.landing == pytest.approx((50, 132))
    ev = s.apply(Heading(270))  # nose on the end, the body would lie in the rock: the base sits there instead
    p = s.piece(0)
    assert math.degrees(p.heading) % 360 == pytest.approx(270)
    assert p.body().distance(Point(50, 132)) < 1e-6 and not p.body().intersects(s.asteroids[0])
    assert (p.x, p.y) != pytest.approx((50, 132)) and "heading" in kinds(ev)


def test_S_M7_a_ship_may_fly_through_a_door_into_any_hangar():
    s = play_state([(0, "ship", 108, 10, 90), (1, "ship", 20, 265, 270)], doors=(108, 108), pencils=True)
    s.apply(Flick(0, "move", 90, 255 / PENCILS["long"].reach, pencil="long"))
    p = s.piece(0)
    assert p is not None and p.y == pytest.approx(265) and s.game.hangars[1].region.contains(Point(p.x, p.y))


# -- shot (S-S) ----------------------------------------------------------------------------------

def test_S_S1_a_shot_through_its_own_body_destroys_the_shooter():
    s = play_state([(0, "ship", 50, 100, 90), (0, "ship", 100, 100, 90), (1, "ship", 150, 200, 270)])
    s.apply(Flick(0, "shot", 270, s_for(30)))
    assert s.piece(0) is None and s.piece(1) is not None


def test_S_S2_a_hangar_wall_stops_the_shot_unharmed():
    s = play_state([(0, "ship", 20, 200, 90), (1, "ship", 20, 265, 270), (1, "ship", 150, 265, 270)])
    ev = s.apply(Flick(0, "shot", 90, s_for(100)))
    used = flick_event(ev).data["used"]
    assert flick_event(ev).data["rule"] == "S-S2"
    assert max(q[1] for strand in used for q in strand) == pytest.approx(H - IN)
    assert s.piece(1) is not None and len(s.walls()) == 4


def test_S_S3_every_ship_the_shot_crosses_is_destroyed():
    s = play_state([(0, "ship", 50, 100, 90), (0, "ship", 50, 120, 90), (1, "ship", 50, 140, 270),
                    (1, "ship", 50, 160, 270), (1, "ship", 150, 200, 270)])
    s.apply(Flick(0, "shot", 90, s_for(100)))
    assert [p.id for p in s.pieces] == [0, 4]  # own ship 1 too


def test_S_S4_a_shot_tunnels_a_half_inch_gap_through_every_asteroid_it_crosses():
    big = Polygon([(20, 130), (90, 130), (90, 150), (20, 150)])
    small = square(55, 180, 3)
    s = play_state([(0, "ship", 55, 100, 90), (1, "ship", 150, 220, 270)], [big, small])
    ev = s.apply(Flick(0, "shot", 90, s_for(110)))
    assert "tunnel" in kinds(ev)
    assert len(s.asteroids) == 2  # the big one split in two, the small one is gone
    assert sum(a.area for a in s.asteroids) < big.area
    gap = LineString([(55, 100), (55, 210)]).buffer(IN / 4 - 1e-6)
    assert all(not a.intersects(gap) for a in s.asteroids)
    xs = sorted(a.centroid.x for a in s.asteroids)
    assert xs[0] < 55 - IN / 4 < 55 + IN / 4 < xs[1]


def test_S_S5_traces_leave_no_obstacle_only_residue():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)])
    s.apply(Flick(0, "shot", 0, s_for(80)))
    assert len(s.residue) == 1
    s.apply(Flick(1, "shot", 270, 0.01))
    s.apply(Flick(0, "move", 0, s_for(40)))  # along its own shot
    assert s.phase == "heading" and s.piece(0).x == pytest.approx(90)


# -- flick (S-F) ----------------------------------------------------------------------------------

def test_S_F1_the_flick_intention_is_checked():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)])
    for bad in (Flick(0, "shot", 0, 0.0), Flick(0, "shot", 0, 1.5), Flick(0, "shot", float("nan"), 0.5)):
        with pytest.raises(IllegalAction) as info:
            s.apply(bad)
        assert info.value.rule == "S-F1"
    assert Flick(0, "move", 12.5, 0.3).notation() == "move #0 12.5° 0.30"


def test_S_F2_a_noisy_pymunk_slide_whose_errors_grow_with_strength():
    from game.engine import Chance
    exact = resolve_flick((0.0, 0.0), 0.0, 0.4, "hb", Chance(1, noise=False))
    assert exact.length == pytest.approx(0.4 * HB) and all(abs(y) < 1e-9 for _, y in exact.points)

    def spread(strength: float) -> float:
        angles = []
        for seed in range(60):
            t = resolve_flick((0.0, 0.0), 0.0, strength, "hb", Chance(seed))
            x, y = t.points[-1]
            angles.append(math.atan2(y, x))
        mean = sum(angles) / len(angles)
        return math.sqrt(sum((a - mean) ** 2 for a in angles) / len(angles))

    assert spread(0.9) > 2 * spread(0.2)
    curved = resolve_flick((0.0, 0.0), 0.0, 0.9, "hb", Chance(4))
    line = LineString([curved.points[0], curved.points[-1]])
    assert max(line.distance(Point(p)) for p in curved.points) > 0.05  # a slight curve


def test_S_F3_same_seed_and_same_intention_give_the_same_trace():
    a = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)], noise=True)
    b = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)], noise=True)
    ea = a.apply(Flick(0, "shot", 33, 0.7))
    eb = b.apply(Flick(0, "shot", 33, 0.7))
    assert flick_event(ea).data["trace"] == flick_event(eb).data["trace"]
    assert a.to_json() == b.to_json()


# -- variants (S-V) ----------------------------------------------------------------------------------

def _world(s):
    return s.world()


def test_S_V1_basic_skips_end_the_trace_where_the_skip_starts():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)], [square(50, 150, 5)], skips="basic")
    trace = Trace(((50.0, 100.0), (50.0, 200.0)), skips=((30.0, 70.0),))
    out = evaluate_move(_world(s), s.piece(0), trace, "basic")
    assert out.moved_to is not None and out.moved_to[1] == pytest.approx(130)


def test_S_V1_advanced_skips_jump_objects_but_landing_in_rock_destroys():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)], [square(50, 150, 5)], skips="advanced")
    jump = Trace(((50.0, 100.0), (50.0, 200.0)), skips=((40.0, 60.0),))
    out = evaluate_move(_world(s), s.piece(0), jump, "advanced")
    assert out.moved_to is not None and out.moved_to[1] == pytest.approx(200)
    short = Trace(((50.0, 100.0), (50.0, 200.0)), skips=((40.0, 50.0),))
    out = evaluate_move(_world(s), s.piece(0), short, "advanced")
    assert out.rule == "S-V1" and out.destroyed[0][0] == 0
    shot = evaluate_shot(_world(s), s.piece(0), Trace(((50.0, 100.0), (50.0, 210.0)), skips=((20.0, 30.0),)), True)
    assert not shot.tunnels  # shots never jump: the trace ended before the rock


def test_S_V1_strong_flicks_skip_when_the_variant_is_on():
    from game.engine import Chance
    t = resolve_flick((0.0, 0.0), 0.0, 1.0, "hb", Chance(1, noise=False), skips=True)
    assert t.skips and 0 < t.skips[0][0] < t.skips[0][1] <= t.length
    assert not resolve_flick((0.0, 0.0), 0.0, 0.3, "hb", Chance(1, noise=False), skips=True).skips


def test_S_V2_tears_destroy_the_mover_and_last_on_the_paper():
    s = play_state([(0, "ship", 50, 60, 90), (0, "ship", 150, 60, 90), (1, "ship", 150, 230, 270),
                    (1, "ship", 20, 230, 270)], tears=True)
    ev = s.apply(Flick(0, "move", 90, 1.0))  # strong enough to tear (noise off: the likelier outcome)
    assert "tear" in kinds(ev) and s.piece(0) is None and len(s.tears) == 1
    (tx, ty), _ = s.tears[0]
    s.apply(Flick(2, "shot", 180, 0.02))
    # a shot that meets the tear stops there
    s.seat = 0
    ev = s.apply(Flick(1, "shot", math.degrees(math.atan2(ty + 3 - 60, tx - 150)), 0.6))
    assert flick_event(ev).data["rule"] == "S-V2"
    # a move that crosses it is destroyed
    s.seat = 1
    s.pieces.append(s.pieces[0]._replace(id=9, owner=1, x=tx - 20, y=ty + 3, heading=0.0))
    ev = s.apply(Flick(9, "move", 0, s_for(40)))
    assert flick_event(ev).data["rule"] == "S-V2" and s.piece(9) is None


def test_S_V2_a_tear_during_a_shot_does_not_change_that_shot():
    s = play_state([(0, "ship", 50, 30 + IN, 90), (0, "ship", 150, 60, 90), (1, "ship", 50, 200, 270),
                    (1, "ship", 20, 230, 270)], tears=True)
    ev = s.apply(Flick(0, "shot", 90, 1.0))
    assert "tear" in kinds(ev) and s.piece(2) is None


def test_S_V3_pass_counts_as_a_move_when_allowed():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)])
    with pytest.raises(IllegalAction) as info:
        s.apply(Pass())
    assert info.value.rule == "S-V3"
    p = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)], passing=True)
    p.apply(Pass())
    assert p.current_player() == 1 and p.quiet == 1


def test_S_V4_a_stalemate_may_be_called_after_ten_turns_without_a_shot():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)], passing=True, stalemate=True)
    for _ in range(9):
        s.apply(Pass())
    with pytest.raises(IllegalAction) as info:
        s.apply(CallDraw())
    assert info.value.rule == "S-V4"
    s.apply(Pass())
    s.apply(CallDraw())
    assert s.is_over() and s.result().draw


def test_S_V5_cylinder_space_wraps_the_long_sides_but_not_the_hangars():
    s = play_state([(0, "ship", 20, 100, 180), (1, "ship", 150, 200, 270)], cylinder=True)
    s.apply(Flick(0, "move", 180, s_for(50)))
    p = s.piece(0)
    assert p is not None and p.x == pytest.approx(W - 30)
    course = lay(((10.0, 10.0), (-20.0, 10.0)), s.sheet())
    assert course.end == "edge"
    h = play_state([(0, "ship", 10, 10, 180), (0, "ship", 60, 10, 90), (1, "ship", 150, 200, 270)], cylinder=True)
    h.apply(Flick(0, "move", 180, s_for(40)))
    assert h.piece(0) is None


def test_S_V6_blasts_chain_and_hangar_walls_shadow_them():
    s = play_state([(0, "ship", 50, 100, 90), (0, "ship", 100, 150, 90), (1, "ship", 50, 150, 270),
                    (1, "ship", 70, 160, 270), (1, "ship", 88, 170, 270)], blasts=True)
    ev = s.apply(Flick(0, "shot", 90, s_for(100)))
    assert "blast" in kinds(ev)
    assert s.piece(3) is None and s.piece(4) is None  # 3 is caught by 2's blast, 4 by 3's
    assert s.piece(1) is not None
    w = play_state([(0, "ship", 100, 40, 180), (0, "ship", 50, 22, 90), (1, "ship", 50, 40, 270),
                    (1, "ship", 150, 200, 270), (0, "ship", 30, 60, 90)], blasts=True)
    w.apply(Flick(0, "shot", 180, s_for(60)))
    assert w.piece(2) is None and w.piece(4) is None and w.piece(0) is not None
    assert w.piece(1) is not None  # as close, but behind the hangar wall: shadowed


def test_S_V7_three_or_four_players_with_hangars_on_the_long_sides():
    g = SpaceGame({"players": 4})
    assert [h.side for h in g.hangars] == ["bottom", "top", "left", "right"]
    assert g.hangars[2].region.bounds[0] == 0 and g.hangars[3].region.bounds[2] == W
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270), (2, "ship", 60, 100, 90)],
                   players=3)
    s.apply(Flick(0, "shot", 0, s_for(20)))
    assert s.piece(2) is None and s.current_player() == 1 and not s.is_over()
    s.apply(Flick(1, "shot", 270, 0.01))
    assert s.current_player() == 0  # seat 2 is out and skipped


def test_S_V8_turrets_stand_outside_the_hangar_never_move_and_shoot():
    s = SpaceGame({"doors": "centred", "field": "none", "turrets": True}).new_state(1)
    with pytest.raises(IllegalAction) as info:
        s.apply(PlacePiece(50, 120, 0, True))  # too far from the own wall
    assert info.value.rule == "S-V8"
    s.apply(PlacePiece(50, 35, 0, True))
    assert s.pieces[0].kind == "turret"
    t = play_state([(0, "turret", 50, 40, 0), (1, "ship", 50, 120, 270), (1, "ship", 150, 200, 270)], turrets=True)
    with pytest.raises(IllegalAction) as info:
        t.apply(Flick(0, "move", 90, 0.2))
    assert info.value.rule == "S-V8"
    t.apply(Flick(0, "shot", 90, s_for(100)))
    assert t.piece(1) is None
    t.apply(Flick(2, "shot", math.degrees(math.atan2(40 - 200, 50 - 150)), s_for(200)))
    assert t.is_over() and t.result().winners == (1,)


def test_S_V9_the_stopper_hand_cuts_the_trace():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 50, 170, 270), (1, "ship", 150, 200, 270)])
    with pytest.raises(IllegalAction) as info:
        s.apply(Flick(0, "shot", 90, 0.5, stopper=(30, 140, 70, 140)))
    assert info.value.rule == "S-V9"
    h = play_state([(0, "ship", 50, 100, 90), (1, "ship", 50, 170, 270), (1, "ship", 150, 200, 270)], stopper=True)
    h.apply(Flick(0, "move", 90, 0.5, stopper=(30, 140, 70, 140)))
    assert h.piece(1) is not None and h.piece(0).y == pytest.approx(140)


def test_S_V10_pencils_differ_in_reach_and_precision():
    assert PENCILS["long"].reach > PENCILS["hb"].reach > PENCILS["stub"].reach
    assert PENCILS["stub"].spread < PENCILS["hb"].spread < PENCILS["long"].spread
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)])
    with pytest.raises(IllegalAction) as info:
        s.apply(Flick(0, "shot", 0, 0.5, pencil="long"))
    assert info.value.rule == "S-V10"
    p = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)], pencils=True)
    ev = p.apply(Flick(0, "shot", 90, 0.5, pencil="stub"))
    end = flick_event(ev).data["trace"][-1]
    assert end[1] == pytest.approx(100 + 0.5 * PENCILS["stub"].reach)


def test_pieces_are_named_tuples_with_bodies():
    p = Piece(0, 0, "ship", 10, 10, math.pi / 2)
    assert p.body().area == pytest.approx(SHIP_BASE * SHIP_LENGTH / 2)
    assert isinstance(_world(play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)])), World)



def test_S_M6_a_landing_is_told_in_centimetres_flown():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)], [])
    out = evaluate_move(_world(s), s.piece(0), Trace(((50.0, 100.0), (50.0, 142.0))))
    assert out.moved_to is not None
    flown = math.dist((50, 100), out.moved_to[:2]) / 10
    assert out.text == f"{s.label(s.piece(0))} flies {flown:.1f} cm and lands"
    assert out.text.startswith("Blue's ship 0 flies 4.")


# -- revision 3 -----------------------------------------------------------------------------

def test_S_V9_rev3_a_shot_stopped_by_the_hand_tears_nothing_beyond_it():
    # Full strength: noise off, the HB pencil tears 37.5 mm along the trace; the hand is 20 mm ahead.
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 50, 180, 270), (1, "ship", 150, 200, 270)],
                   stopper=True, tears=True)
    ev = s.apply(Flick(0, "shot", 90, 1.0, stopper=(30, 120, 70, 120)))
    assert "tear" not in kinds(ev) and s.tears == []
    assert s.piece(1) is not None
    # without the hand the same flick tears the paper (so the test pins the tear)
    t = play_state([(0, "ship", 50, 100, 90), (1, "ship", 50, 180, 270), (1, "ship", 150, 200, 270)], tears=True)
    assert "tear" in kinds(t.apply(Flick(0, "shot", 90, 1.0)))


def test_S_V9_rev3_a_tear_that_starts_before_the_hand_ends_at_it():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 50, 180, 270), (1, "ship", 150, 200, 270)],
                   stopper=True, tears=True)
    s.apply(Flick(0, "shot", 90, 1.0, stopper=(30, 140, 70, 140)))  # the tear runs 137.5 .. 146 mm
    assert len(s.tears) == 1
    (ax, ay), (bx, by) = s.tears[0]
    assert ay == pytest.approx(137.5, abs=0.5) and by == pytest.approx(140, abs=1e-6)


def test_S_V5_rev3_shots_wrap_on_cylinder_space():
    # A shot leaving the left edge comes back on the right and hits the ship there.
    s = play_state([(0, "ship", 20, 140, 180), (1, "ship", W - 20, 140, 0), (1, "ship", 150, 230, 270)],
                   cylinder=True)
    ev = flick_event(s.apply(Flick(0, "shot", 180, s_for(60))))
    assert s.piece(1) is None and ev.data["rule"] == "S-S3"
    flat = play_state([(0, "ship", 20, 140, 180), (1, "ship", W - 20, 140, 0), (1, "ship", 150, 230, 270)])
    flat.apply(Flick(0, "shot", 180, s_for(60)))
    assert flat.piece(1) is not None


def test_S_T3_rev3_a_turret_counts_as_a_ship_for_the_end_of_the_game():
    # Blue's last ship goes, but Blue's turret still stands: the game goes on.
    t = play_state([(0, "ship", 50, 100, 90), (1, "ship", 50, 150, 270), (1, "turret", 150, 200, 270)],
                   turrets=True)
    t.apply(Flick(0, "shot", 90, s_for(80)))
    assert t.piece(1) is None and t.piece(2) is not None and not t.is_over()


def test_S_T3_rev3_with_three_players_the_last_player_left_wins():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270), (2, "ship", 60, 100, 90)], players=3)
    s.apply(Flick(0, "shot", 0, s_for(20)))      # seat 2 is out, two players left: no winner yet
    assert not s.is_over()
    s.apply(Flick(1, "shot", 270, 0.01))
    s.apply(Flick(0, "shot", math.degrees(math.atan2(100, 100)), s_for(160)))
    assert s.is_over() and s.result().winners == (0,)


def test_S_S3_a_near_miss_says_how_close_it_came():
    # Orange's ship 1 points down at (60, 150): its base corners stand at x = 60 +- 1.5875 mm.
    s = play_state([(0, "ship", 62.29, 100, 90), (1, "ship", 60, 150, 270), (1, "ship", 150, 230, 270)])
    ev = flick_event(s.apply(Flick(0, "shot", 90, s_for(80))))
    assert s.piece(1) is not None
    assert "missed Orange's ship 1 by 0.7 mm" in ev.text, ev.text
    pid, gap, on_trace, on_hull = ev.data["near"]
    assert pid == 1 and gap == pytest.approx(0.7025, abs=1e-3)
    assert math.dist(on_trace, on_hull) == pytest.approx(gap)
    far = play_state([(0, "ship", 100, 100, 90), (1, "ship", 60, 150, 270), (1, "ship", 150, 230, 270)])
    ev = flick_event(far.apply(Flick(0, "shot", 90, s_for(80))))
    assert "hit nothing" in ev.text and ev.data["near"] is None


def test_S_U3_the_door_is_measured_from_the_left_end_as_the_player_sits():
    g = SpaceGame({"doors": "choose", "field": "none", "players": 3})
    s = g.new_state(1)
    order = list(g.order)
    at = {0: 30.0, 1: 30.0, 2: 30.0}
    for seat in order:
        assert s.seat == seat
        ev = s.apply(PlaceDoor(at[seat]))
        assert "from the left end" in ev[0].text
    mid = {seat: g.hangars[seat].wall_point(s.doors[seat]) for seat in range(3)}
    assert mid[0] == pytest.approx((30.0, IN))              # Blue sits at the bottom: left is x = 0
    assert mid[1] == pytest.approx((W - 30.0, H - IN))      # Orange faces Blue: its left is the paper's right
    y1 = g.hangars[2].region.bounds[3]
    assert mid[2] == pytest.approx((IN, y1 - 30.0))         # the left hangar's player: left is up the paper


def test_S_V9_rev3_no_skip_beyond_the_hand_for_shots_or_moves():
    # Full strength with skips: noise off, the pencil lifts 137.5 mm along; the hand is 20 mm ahead.
    ships = [(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270), (1, "ship", 150, 230, 270)]
    for mode in ("shot", "move"):
        s = play_state(ships, stopper=True, skips="basic")
        ev = flick_event(s.apply(Flick(0, mode, 90, 1.0, stopper=(30, 120, 70, 120))))
        assert ev.data["rule"] != "S-V1" and "skipped" not in ev.text and "hand stopped" in ev.text, ev.text
        free = play_state(ships, skips="basic")  # without the hand the pencil does skip
        assert "skipped" in flick_event(free.apply(Flick(0, mode, 90, 1.0))).text
