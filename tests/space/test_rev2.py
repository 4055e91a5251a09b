"""Revision-2 decisions and exact geometry of Pencil Space Combat (RULES.md S, `grep "rev 2"`), noise off."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import LineString, Point

from game.rules.space.evaluate import blast_region, chain_blasts
from game.rules.space.geometry import BLAST_RADIUS, IN
from tests.space.helpers import W, play_state

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
