"""Ruleset-specific bench figures: the cost of one line-of-sight ray over 50 pieces."""

from __future__ import annotations

import statistics
import time
from typing import Any

from ...engine import Chance
from .geometry import TERRAIN_KINDS, Terrain, shape_points


def los_bench(pieces: int = 50, rays: int = 2000, seed: int = 1) -> dict[str, Any]:
    """Time T-A3/T-A4 rays across a 180 x 120 table strewn with ``pieces`` pieces (STRtree)."""
    rng = Chance(seed)
    items = []
    for i in range(pieces):
        kind = TERRAIN_KINDS[i % 3]
        cx, cy = 10 + (i % 10) * 17, 10 + (i // 10) * 22
        items.append((kind, shape_points(kind, cx + rng.uniform(-2, 2), cy + rng.uniform(-2, 2),
                                         rng.uniform(6, 12), rng.uniform(5, 10), rng.uniform(0, 90))))
    terrain = Terrain(items)
    pts = [((rng.uniform(0, 180), rng.uniform(0, 120)), (rng.uniform(0, 180), rng.uniform(0, 120))) for _ in range(rays)]
    times = []
    blocked = 0
    for a, b in pts:
        t = time.perf_counter()
        bl, _ = terrain.ray(a, b)
        times.append((time.perf_counter() - t) * 1e6)
        blocked += bool(bl)
    times.sort()
    return {"los_ray_us": {"pieces": pieces, "rays": rays, "median": round(statistics.median(times), 1),
                           "p99": round(times[int(rays * 0.99)], 1), "blocked_share": round(blocked / rays, 2)}}
