"""The flick: a pencil tip given an impulse slides with friction until it stops (S-F2).

``resolve_flick`` is a pure function of the intention and the generator: pymunk
runs the slide on a fixed time step, the generator supplies the flick's errors.
The same generator state and the same intention give the same trace (S-F3).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pymunk

from ...engine import Chance
from ...msg import M

DT = 1.0 / 120.0  #: fixed physics step (s)
FRICTION = 1500.0  #: sliding deceleration of the tip on paper (mm/s^2)
SAMPLE = 0.75  #: keep a trace point at least every this many mm


@dataclass(frozen=True)
class Pencil:
    """S-V10: a pencil's reach (full-strength slide, mm) and spread (error multiplier)."""

    key: str
    label: str  #: what the tool's tooltip says, with the pencil's character
    reach: float
    spread: float
    name: str  #: the pencil's short name on its button and under the tools


PENCILS: dict[str, Pencil] = {
    "hb": Pencil("hb", M("HB pencil"), 250.0, 1.0, M("HB pencil")),
    "stub": Pencil("stub", M("Stub pencil (short, precise)"), 130.0, 0.5, M("Stub pencil")),
    "long": Pencil("long", M("Long pencil (far, wild)"), 360.0, 1.7, M("Long pencil")),
}


@dataclass(frozen=True)
class Trace:
    """What a flick left: the sampled path, where the tip was off the paper, and any tear."""

    points: tuple[tuple[float, float], ...]
    skips: tuple[tuple[float, float], ...] = ()  #: arc-length intervals with the tip in the air (S-V1)
    tear: tuple[tuple[float, float], tuple[float, float]] | None = None  #: a rip in the paper (S-V2)
    tear_at: float = 0.0  #: arc length where the tear starts
    tear_to: float = 0.0  #: ... and where it ends

    @property
    def length(self) -> float:
        return sum(math.dist(a, b) for a, b in zip(self.points, self.points[1:], strict=False))


def _happens(chance: Chance, p: float) -> bool:
    """A yes/no chance; with noise pinned off it is the likelier outcome, so tests can pin it."""
    if not chance.noise:
        return p >= 0.5
    return chance.random() < p


def _between(chance: Chance, lo: float, hi: float) -> float:
    return (lo + hi) / 2 if not chance.noise else chance.uniform(lo, hi)


def flick_errors(strength: float, pencil: Pencil, chance: Chance) -> tuple[float, float, float]:
    """Direction error (rad), length factor and curvature (1/mm); all grow with strength (S-F2)."""
    s = strength
    angle_err = chance.gauss(0.0, pencil.spread * (0.008 + 0.06 * s * s))
    length_factor = max(0.05, 1.0 + chance.gauss(0.0, pencil.spread * (0.03 + 0.12 * s)))
    curve = chance.gauss(0.0, pencil.spread * 0.0005 * s)
    return angle_err, length_factor, max(-0.004, min(0.004, curve))


def _slide_length(v0: float) -> float:
    """Distance the tip covers on the discrete time step when launched at ``v0``."""
    a_dt = FRICTION * DT
    m = max(0, math.ceil(v0 / a_dt - 1))  # pymunk moves first, then friction slows the tip
    return DT * ((m + 1) * v0 - a_dt * m * (m + 1) / 2)


def launch_speed(distance: float) -> float:
    """The launch speed whose stepped slide covers ``distance`` (bisection on the exact step sum)."""
    lo, hi = 0.0, math.sqrt(2 * FRICTION * max(distance, 0.0)) + 2 * FRICTION * DT
    for _ in range(40):
        mid = (lo + hi) / 2
        if _slide_length(mid) < distance:
            lo = mid
        else:
            hi = mid
    return hi


def slide(origin: tuple[float, float], angle: float, distance: float, curve: float) -> list[tuple[float, float]]:
    """Run the pymunk slide: impulse along ``angle``, Coulomb friction, a slight sideways curl."""
    space = pymunk.Space()
    body = pymunk.Body(1.0, float("inf"))
    body.position = origin
    tip = pymunk.Circle(body, 0.3)
    space.add(body, tip)
    a_dt = FRICTION * DT
    v0 = launch_speed(distance)

    def friction(b: pymunk.Body, gravity: object, damping: float, dt: float) -> None:
        v = b.velocity
        speed = v.length
        if speed <= a_dt:
            b.velocity = (0.0, 0.0)
            return
        b.velocity = v.rotated(curve * speed * dt).scale_to_length(speed - a_dt)

    body.velocity_func = friction
    body.apply_impulse_at_local_point((v0 * math.cos(angle), v0 * math.sin(angle)))
    pts = [(float(origin[0]), float(origin[1]))]
    for _ in range(2000):
        space.step(DT)
        p = body.position
        q = (float(p.x), float(p.y))
        if body.velocity.length == 0.0:
            if q != pts[-1]:
                pts.append(q)
            break
        if math.dist(q, pts[-1]) >= SAMPLE:
            pts.append(q)
    return pts


def resolve_flick(origin: tuple[float, float], angle: float, strength: float, pencil: str, chance: Chance,
                  skips: bool = False, tears: bool = False) -> Trace:
    """Turn an intention (direction in radians, strength 0..1, pencil) into a physical trace.

    Draw order from the generator is fixed (direction, length, curve, skip, tear), so
    a record replays exactly.
    """
    p = PENCILS[pencil]
    s = max(0.0, min(1.0, strength))
    angle_err, length_factor, curve = flick_errors(s, p, chance)
    pts = slide(origin, angle + angle_err, p.reach * s * length_factor, curve)
    if len(pts) < 2:
        pts.append((pts[0][0] + 1e-3 * math.cos(angle), pts[0][1] + 1e-3 * math.sin(angle)))
    total = sum(math.dist(a, b) for a, b in zip(pts, pts[1:], strict=False))
    gaps: tuple[tuple[float, float], ...] = ()
    if skips and _happens(chance, min(1.0, max(0.0, (s - 0.6) / 0.4)) * 0.7):
        start = total * _between(chance, 0.35, 0.75)
        gaps = ((start, min(total, start + _between(chance, 6.0, 25.0))),)
    tear = None
    tear_at = tear_to = 0.0
    if tears and _happens(chance, min(1.0, max(0.0, (s - 0.8) / 0.2)) * 0.6):
        tear_at = total * _between(chance, 0.05, 0.25)
        length = _between(chance, 5.0, 12.0)
        tear_to = min(total, tear_at + length)
        a = point_at(pts, tear_at)
        b = point_at(pts, tear_to)
        if math.dist(a, b) > 0.5:
            tear = (a, b)
    return Trace(tuple(pts), gaps, tear, tear_at, tear_to)


def point_at(pts: list[tuple[float, float]] | tuple[tuple[float, float], ...], s: float) -> tuple[float, float]:
    """The point at arc length ``s`` along a polyline."""
    run = 0.0
    for a, b in zip(pts, pts[1:], strict=False):
        seg = math.dist(a, b)
        if run + seg >= s and seg > 0:
            f = (s - run) / seg
            return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        run += seg
    return pts[-1]


def cut_at(pts: list[tuple[float, float]] | tuple[tuple[float, float], ...], s: float) -> list[tuple[float, float]]:
    """The polyline up to arc length ``s``."""
    out = [pts[0]]
    run = 0.0
    for a, b in zip(pts, pts[1:], strict=False):
        seg = math.dist(a, b)
        if run + seg >= s:
            if seg > 0:
                f = (s - run) / seg
                out.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
            return out
        out.append(b)
        run += seg
    return out
