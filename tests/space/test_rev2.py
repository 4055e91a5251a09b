"""Revision-2 decisions and exact geometry of Pencil Space Combat (RULES.md S, `grep "rev 2"`), noise off."""

from __future__ import annotations

import math

import numpy as np
import pytest
from shapely.geometry import LineString, Point, box
from shapely.ops import unary_union

from game.rules.space.evaluate import _bodies, _free, blast_region, chain_blasts, landing
from game.rules.space.geometry import BLAST_RADIUS, IN
from game.rules.space.state import Flick
from tests.space.helpers import W, play_state, square

# -- S-V6: the blast shadow is exact for any wall length and blast position -------------------------


def _sees(world, centre, point) -> bool:
    """Ground truth: a point is in the blast when the straight line from the centre meets no wall."""
    ray = LineString([centre, point])
    return not any(ray.intersects(w) for w in world.walls)


@pytest.mark.parametrize("door, centre", [
    (IN / 2, (100.0, 30.0)),            # door at the left end: a 7-inch wall piece right below the blast
    (W - IN / 2, (100.0, 28.0)),        # door at the right end
    (IN / 2, (30.0, 29.0)),             # blast beside the door's edge (a wall end)
    (W - IN / 2, (W - 29.0, 27.0)),     # the same at the other end
    (IN / 2, (27.0, 20.0)),             # inside the hangar, just past the wall's end
    (W / 2, (W / 2 + IN / 2 + 1.0, 26.0)),  # a centred door, a hair above the wall beside it
    (W / 2, (5.0, 45.0)),               # near the paper's corner above a long wall
])
def test_S_V6_blast_shadow_matches_straight_lines_of_sight(door, centre):
    s = play_state([(0, "ship", 150, 12, 90), (1, "ship", 150, 200, 270)], doors=(door, 108.0), blasts=True)
    world = s.world()
    region = blast_region(world, centre)
    n = 0
    for i in range(-24, 25):
        for j in range(-24, 25):
            p = (centre[0] + i * BLAST_RADIUS / 24, centre[1] + j * BLAST_RADIUS / 24)
            if math.dist(p, centre) > 0.97 * BLAST_RADIUS:
                continue
            if any(w.distance(Point(p)) < 0.05 for w in world.walls):
                continue  # on a wall: either answer is fair
            n += 1
            assert region.contains(Point(p)) == _sees(world, centre, p), p
    assert n > 1000


def test_S_V6_a_long_wall_shadows_the_hangar_behind_it():
    # the door at the far left leaves a 190 mm wall; the blast is 5 mm above it, a ship 10 mm below
    s = play_state([(0, "ship", 100, 20, 90), (0, "ship", 15, 20, 90), (1, "ship", 100, 33, 270),
                    (1, "ship", 150, 200, 270)], doors=(IN / 2, 108.0), blasts=True)
    extra, _ = chain_blasts(s.world(), [(2, (100.0, 30.0))])
    assert 0 not in {pid for pid, _ in extra}


def test_S_V6_a_blast_reaches_through_the_door_at_the_wall_end():
    s = play_state([(0, "ship", 10, 22, 0), (0, "ship", 40, 15, 90), (1, "ship", 150, 200, 270)],
                   doors=(IN / 2, 108.0), blasts=True)
    extra, _ = chain_blasts(s.world(), [(2, (28.4, 27.0))])
    gone = {pid for pid, _ in extra}
    assert 0 in gone and 1 not in gone  # through the door: caught; behind the wall: shadowed


# -- S-M6 (rev 2): any part of the ship on the trace's end, any heading -----------------------------

def test_S_M6_rev2_the_landing_keeps_the_trace_heading_with_another_part_on_the_end():
    rock = square(50, 140, 5)  # its right edge is 1 mm left of the trace
    s = play_state([(0, "ship", 56, 100, 90), (1, "ship", 150, 200, 270)], [rock])
    s.apply(Flick(0, "move", 90, 40 / 250))
    p = s.piece(0)
    assert s.phase == "heading"
    assert math.degrees(p.heading) == pytest.approx(90, abs=1e-9)  # not turned in 15 degree steps
    assert p.body().distance(Point(56, 140)) < 1e-6 and not p.body().intersects(rock)


def test_S_M6_rev2_the_nearest_free_heading_is_found_to_a_fraction_of_a_degree():
    # a 4 mm channel between two rocks: a ship standing across it (90 degrees) cannot fit, it must lean
    below, above = box(20, 120, 80, 134), box(20, 138, 80, 150)
    s = play_state([(0, "ship", 10, 136, 0), (1, "ship", 150, 200, 270)], [below, above])
    world, p = s.world(), s.piece(0)
    x, y, h = landing(world, p, (50.0, 136.0), math.radians(90))
    body = p._replace(x=x, y=y, heading=h).body()
    assert body.distance(Point(50, 136)) < 1e-6 and not body.intersects(below) and not body.intersects(above)
    off = abs((math.degrees(h) - 90 + 180) % 360 - 180)
    assert 1 < off < 89 and min(off % 1, 1 - off % 1) > 1e-3  # some angle, not a whole-degree step
    nearer = math.radians(90) + (h - math.radians(90)) * 0.995  # a hair nearer to 90: nothing fits
    tri, _ = _bodies((50.0, 136.0), np.array([nearer]))
    assert not _free(world, tri, unary_union([below, above, *world.walls])).any()


def test_S_M6_rev2_a_ship_is_lost_only_when_nothing_touching_the_end_is_free_and_the_log_says_why():
    from shapely.geometry import Polygon
    slot = Polygon([(40, 140), (49, 140), (49, 145), (51, 145), (51, 140), (60, 140), (60, 160), (40, 160)])
    s = play_state([(0, "ship", 50, 100, 90), (0, "ship", 150, 60, 90), (1, "ship", 150, 200, 270)], [slot])
    ev = s.apply(Flick(0, "move", 90, 44.5 / 250))  # into a 2 mm slot, narrower than a ship's base
    flick = next(e for e in ev if e.kind == "flick")
    assert s.piece(0) is None and flick.data["rule"] == "S-M6"
    assert "touches an asteroid" in flick.text


# -- S-T4 (rev 2): clockwise round the table ----------------------------------------------------------

@pytest.mark.parametrize("players, order", [(3, [0, 2, 1, 0]), (4, [0, 2, 1, 3, 0])])
def test_S_T4_rev2_turns_go_clockwise_bottom_left_top_right(players, order):
    from game.rules.space.state import Pass, PlaceDoor, SpaceGame
    ships = [(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270), (2, "ship", 60, 140, 0), (3, "ship", 150, 140, 180)]
    s = play_state(ships[:players], players=players, passing=True)
    seen = [s.current_player()]
    for _ in range(players):
        s.apply(Pass())
        seen.append(s.current_player())
    assert seen == order
    assert [s.game.hangars[k].side for k in order[:-1]] == ["bottom", "left", "top", "right"][:players]
    d = SpaceGame({"players": players, "field": "none"}).new_state(1)
    doors = []
    while d.phase == "door":
        doors.append(d.current_player())
        d.apply(PlaceDoor(d.game.hangars[d.seat].wall_length / 2))
    assert doors == order[:-1]  # setup goes round the same way


# -- S-V2: a tear during a move destroys the moving ship ------------------------------------------

def test_S_V2_a_tear_during_a_backwards_move_destroys_the_ship():
    # A trace that crosses the ship's own body (S-M1: it would stay put) and tears the paper on the way.
    from game.rules.space.evaluate import evaluate_move
    from game.rules.space.flick import Trace
    s = play_state([(0, "ship", 50, 120, 90), (0, "ship", 150, 60, 90), (1, "ship", 150, 230, 270)], tears=True)
    trace = Trace(((50.0, 120.0), (50.5, 100.0), (51.0, 80.0)), tear=((50.1, 116.0), (50.3, 108.0)),
                  tear_at=4.0, tear_to=12.0)
    out = evaluate_move(s.world(), s.piece(0), trace)
    assert out.rule == "S-V2" and "tore the paper" in out.text and not out.stayed
    assert out.destroyed and out.destroyed[0][0] == 0 and out.tear


# -- S-V8 (rev 2): one turret each, ships kept -------------------------------------------------------

def test_S_V8_rev2_at_most_one_turret_per_player_and_every_player_keeps_ships():
    from game.engine import Chance, IllegalAction
    from game.rules.space.state import PlacePiece, SpaceGame
    s = SpaceGame({"doors": "centred", "field": "none", "turrets": True}).new_state(1)
    s.apply(PlacePiece(50, 35, 0, True))
    s.apply(PlacePiece(50, 244, 0, True))
    with pytest.raises(IllegalAction) as info:
        s.apply(PlacePiece(120, 35, 0, True))  # a second turret for Blue
    assert info.value.rule == "S-V8"
    game = SpaceGame({"turrets": True, "players": 3, "field": "none"})
    for seed in range(6):  # random setups try turrets often: never two, always ships
        g = game.new_state(seed)
        rng = Chance(seed)
        while g.phase != "play":
            g.apply(g.random_action(rng))
        for seat in range(3):
            kinds_ = [p.kind for p in g.pieces if p.owner == seat]
            assert kinds_.count("turret") <= 1 and kinds_.count("ship") >= 2


# -- S-V4: either player may call the stalemate ---------------------------------------------------

def test_S_V4_either_player_may_call_the_stalemate_once_allowed():
    from game.engine import IllegalAction
    from game.rules.space.state import CallDraw, Pass
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)], passing=True, stalemate=True)
    for _ in range(9):
        s.apply(Pass())
    with pytest.raises(IllegalAction) as info:
        s.apply(CallDraw(by=0))
    assert info.value.rule == "S-V4"
    s.apply(Pass())
    assert s.current_player() == 0
    with pytest.raises(IllegalAction):
        s.apply(CallDraw(by=5))
    s.apply(CallDraw(by=1))  # Orange calls while Blue is to move
    assert s.is_over() and s.result().draw and s.result().text.startswith("Orange")
