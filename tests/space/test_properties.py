"""Hypothesis properties of the flick evaluation (issue 3)."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point

from game.engine import Chance, IllegalAction
from game.rules.space.evaluate import backwards, fits, tunnel
from game.rules.space.fields import blob
from game.rules.space.geometry import TUNNEL_WIDTH
from game.rules.space.state import Flick, SpaceGame, SpaceState
from tests.space.helpers import play_state

coord = st.floats(min_value=0, max_value=200, allow_nan=False)


@settings(max_examples=60, deadline=None)
@given(cx=st.floats(30, 180), cy=st.floats(60, 220), r=st.floats(2, 40), seed=st.integers(0, 10_000),
       x1=coord, y1=coord, x2=coord, y2=coord)
def test_tunnelling_never_adds_asteroid_area(cx, cy, r, seed, x1, y1, x2, y2):
    rock = blob(cx, cy, r, Chance(seed))
    if (x1, y1) == (x2, y2):
        x2 += 1
    cut = LineString([(x1, y1), (x2, y2)]).buffer(TUNNEL_WIDTH / 2)
    left = tunnel(rock, cut)
    assert sum(p.area for p in left) <= rock.area + 1e-9
    assert all(p.area > 0 and not p.intersects(cut.buffer(-1e-6)) for p in left)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), angle=st.floats(0, 360), strength=st.floats(0.02, 1.0),
       field=st.sampled_from(["sparse", "dense"]))
def test_a_completed_move_never_leaves_a_ship_overlapping_anything(seed, angle, strength, field):
    s = SpaceGame({"field": field, "cylinder": seed % 2 == 0}).new_state(seed)
    rocks = s.asteroids
    s2 = play_state([(0, "ship", 108, 40, 90), (0, "ship", 30, 120, 0), (1, "ship", 150, 200, 270),
                     (1, "ship", 60, 230, 270)], noise=True, cylinder=seed % 2 == 0)
    s2.chance = Chance(seed)
    s2.asteroids = [a for a in rocks if not any(a.intersects(p.body().buffer(1)) for p in s2.pieces)]
    if backwards(s2.piece(0), math.radians(angle)):  # S-M1 (rev 4): refused, and nothing changes
        before = s2.to_json()
        with pytest.raises(IllegalAction) as info:
            s2.apply(Flick(0, "move", angle, strength))
        assert info.value.rule == "S-M1" and s2.to_json() == before
        return
    s2.apply(Flick(0, "move", angle, strength))
    p = s2.piece(0)
    if s2.phase == "heading":
        assert p is not None
        assert fits(s2.world(), p.body(), ignore=p.id)


@settings(max_examples=60, deadline=None)
@given(x=st.floats(10, 200), angle=st.floats(0, 360), strength=st.floats(0.02, 1.0), seed=st.integers(0, 999))
def test_a_shot_never_continues_past_a_wall(x, angle, strength, seed):
    s = play_state([(0, "ship", x, 12, 90), (1, "ship", 150, 200, 270)], doors=(108, 108), noise=True)
    s.chance = Chance(seed)
    ev = s.apply(Flick(0, "shot", angle, strength))
    used = next(e for e in ev if e.kind == "flick").data["used"]
    walls = s.walls()
    for strand in used:
        if len(strand) < 2:
            continue
        line = LineString(strand)
        end = Point(strand[-1])
        for w in walls:
            inter = line.intersection(w)
            if not inter.is_empty:
                assert inter.distance(end) < 1e-6 and inter.hausdorff_distance(end) < 1e-6


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_same_seed_replays_the_same_game(seed):
    game = SpaceGame({"field": "dense", "blasts": True, "skips": "advanced", "tears": True})

    def run() -> list[dict]:
        s = game.new_state(seed)
        rng = Chance(seed + 1)
        seen = []
        for _ in range(40):
            if s.is_over():
                break
            s.apply(s.random_action(rng))
            seen.append(s.to_json())
        return seen

    assert run() == run()


def test_json_round_trip_keeps_polygons_exact():
    s = SpaceGame({"field": "dense"}).new_state(5)
    again = SpaceState.from_json(s.game, s.to_json())
    assert all(a.equals_exact(b, 0) for a, b in zip(s.asteroids, again.asteroids, strict=True))
    assert math.isfinite(sum(a.area for a in again.asteroids))
