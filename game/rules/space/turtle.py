"""The turtle: a patient player of Pencil Space Combat, for tests and figures (issue 48).

The way a careful new player beat the Hard pilot: every ship behind the own hangar wall, out of
sight of the door, and wait.  It waits by passing when passing is on (S-V3); otherwise by the
smallest move that keeps every ship of it out of any enemy's line of fire, inside its hangar
(never a backward flick: those are refused, S-M1 rev 4).  It shoots only along a clear line: when
one of its pieces has a shot at an enemy piece with fair odds (``SHOOT_AT``, the shooter's model
of ``sight``), it takes the best, and never one whose line or blast would take its own ships.
It never calls a stalemate, and answers a proposed draw as every computer player does.
It is not offered on the setup screen; `paperwars selfplay space --players hard,turtle` plays it.
"""

from __future__ import annotations

import math

from shapely.geometry import LineString

from ...engine import Action, Chance, Game, IllegalAction
from .actions import AnswerDraw, Flick, Heading, Pass, PlacePiece
from .ai import _INWARD, SpacePilot, forward
from .evaluate import Piece, backwards
from .flick import PENCILS
from .geometry import BLAST_RADIUS, IN, SHIP_LENGTH, unit
from .sight import board, centre, crosses, piece_shot
from .state import SpaceState

#: The odds from which the turtle takes a shot.
SHOOT_AT = 0.12
#: Its hand: aim error (degrees) and strength error (relative), as steady as the Hard pilot's.
AIM, PUSH = 0.25, 0.015
#: The waiting moves tried: slides of these lengths (mm), at these angles from the heading (degrees).
WAIT_MM = (2.5, 4.0, 6.0, 9.0)
WAIT_TURNS = (0.0, 30.0, -30.0, 60.0, -60.0, 90.0, -90.0, 120.0, -120.0, 150.0, -150.0)


class SpaceTurtle(SpacePilot):
    """Ships behind the own wall; waits; shoots only along a clear line (see the module docstring)."""

    name = "turtle"

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed, "ai")
        self.home: dict[int, tuple[float, float]] = {}  #: where each ship hid at first: it waits about it

    def choose(self, state: SpaceState) -> Action:  # type: ignore[override]
        if state.phase == "draw":
            return AnswerDraw(not state.ahead(state.seat))
        return super().choose(state)

    # -- setup: the door as the pilot draws it, the ships hidden behind the wall ----------------
    def _place(self, state: SpaceState) -> Action:
        g = state.game
        h = g.hangars[state.seat]
        door = state.doors[state.seat]
        if door is None:
            return super()._place(state)
        ux, uy = unit(_INWARD[h.side])
        dx, dy = h.wall_point(door)
        length = h.wall_length
        for _ in range(60):
            # beside the door, far enough along the wall that no straight line out of the door sees it,
            # tucked under the wall, nose along it towards the door (to shoot out along the wall)
            side = self.rng.choice((-1.0, 1.0))
            along = self.rng.uniform(IN / 2 + 14.0, IN / 2 + 60.0)
            t = door + side * along
            if not 8.0 < t < length - 8.0:
                continue
            depth = self.rng.uniform(2.5, 7.0)
            x, y = h.wall_point(t)
            x, y = x - ux * depth, y - uy * depth
            heading = math.degrees(math.atan2(dy - uy * depth - y, dx - ux * depth - x))
            act = PlacePiece(round(x, 2), round(y, 2), round(heading, 1))
            try:
                state.check(act)
            except IllegalAction:
                continue
            body = Piece(-1, state.seat, "ship", act.x, act.y, math.radians(act.heading)).body()
            if all(body.distance(q.body()) >= 4.0 for q in state.pieces):
                return act
        return super()._place(state)

    # -- play -------------------------------------------------------------------------------
    def _play(self, state: SpaceState) -> Action:
        for p in state.pieces:
            if p.owner == state.seat:
                self.home.setdefault(p.id, (p.x, p.y))
        best = self.best_shot(state)
        if best is not None:
            return best
        if state.game.settings["passing"]:
            return Pass()
        return self.wait(state)

    def best_shot(self, state: SpaceState) -> Flick | None:
        """The shot with the best odds along a clear line, at least ``SHOOT_AT``; none that would take
        an own ship on the way or in the blast (S-S3, S-V6)."""
        b = board(state)
        seat = state.seat
        mine = [p for p in state.pieces if p.owner == seat]
        enemies = [p for p in state.pieces if p.owner != seat]
        blasts = bool(state.game.settings["blasts"])
        found: tuple[float, Flick] | None = None
        for p in mine:
            for e in enemies:
                sh = piece_shot(b, p, e)
                if sh.odds < SHOOT_AT or (found is not None and sh.odds <= found[0]):
                    continue
                rad = math.radians(sh.angle)
                far = math.dist((p.x, p.y), centre(e)) + 10.0
                tip = (p.x + far * math.cos(rad), p.y + far * math.sin(rad))
                line = LineString([(p.x, p.y), tip])
                if any(o.id != p.id and o.body().distance(line) < 1.5 for o in mine):
                    continue  # its own ship on the line
                if blasts and any(math.dist(centre(o), centre(e)) < BLAST_RADIUS + SHIP_LENGTH
                                  and not any(crosses(*centre(o), *centre(e), w) for w in b.blockers)
                                  for o in mine):
                    continue  # the blast would reach its own ship
                found = (sh.odds, Flick(p.id, "shot", round(sh.angle, 3), round(sh.strength, 4), sh.pencil))
        if found is None:
            return None
        return self._steady(state, found[1])

    def _steady(self, state: SpaceState, a: Flick) -> Flick:
        ang = a.angle + self.rng.gauss(0.0, AIM)
        strength = min(1.0, max(0.005, a.strength * (1 + self.rng.gauss(0.0, PUSH))))
        return forward(state, Flick(a.ship, a.mode, round(ang, 3), round(strength, 4), a.pencil), a)

    def exposure(self, state: SpaceState, seat: int, turning: int | None = None) -> float:
        """The best odds any enemy piece has at any piece of ``seat``."""
        b = board(state)
        mine = [p for p in state.pieces if p.owner == seat]
        return max((piece_shot(b, e, q, e.id == turning).odds for e in state.pieces if e.owner != seat
                    for q in mine), default=0.0)

    def wait(self, state: SpaceState) -> Action:
        """The smallest move of one ship that keeps the whole fleet out of the enemy's lines, inside its
        hangar and clear of the walls (tried with the noise off; the flicks are gentle)."""
        seat = state.seat
        g = state.game
        hangar = g.hangars[seat].region
        best: tuple[float, float, Flick] | None = None
        for p in state.pieces:
            if p.owner != seat or p.kind != "ship":
                continue
            for mm in WAIT_MM:
                for turn in WAIT_TURNS:
                    ang = math.degrees(p.heading) + turn
                    if backwards(p, math.radians(ang)):
                        continue
                    act = Flick(p.id, "move", round(ang, 2), round(mm / PENCILS["hb"].reach, 4))
                    trial = state.clone()
                    trial.chance = Chance(0, noise=False)
                    try:
                        trial.apply(act)
                    except IllegalAction:
                        continue
                    q = trial.piece(p.id)
                    if q is None or trial.phase != "heading" or not hangar.contains(q.body()):
                        continue
                    if any(q.body().distance(w) < 1.2 for w in trial.walls()):
                        continue
                    risk = self.exposure(trial, seat)
                    drift = math.dist((q.x, q.y), self.home.get(p.id, (p.x, p.y)))
                    key = (round(risk, 3), round(drift + mm, 1))
                    if best is None or key < (best[0], best[1]):
                        best = (key[0], key[1], act)
        if best is None:  # boxed in: the gentlest nudge forward of the first ship
            p = next(q for q in state.pieces if q.owner == seat)
            if p.kind == "ship":
                return Flick(p.id, "move", round(math.degrees(p.heading), 2), 0.008)
            return Flick(p.id, "shot", 0.0, 0.008)
        return best[2]

    def _heading(self, state: SpaceState) -> Action:
        """Out of every line of fire, pointing back to where it hid (so that the next wait returns
        there) or, when there, as near the own door as that allows (to shoot out of it)."""
        p = state.piece(state.pending) if state.pending is not None else None
        if p is None:
            return super()._heading(state)
        h = state.game.hangars[p.owner]
        door = state.doors[p.owner]
        ux, uy = unit(_INWARD[h.side])
        dx, dy = h.wall_point(door) if door is not None else (p.x + ux, p.y + uy)
        hx, hy = self.home.get(p.id, (p.x, p.y))
        if math.dist((hx, hy), (p.x, p.y)) > 2.0:
            dx, dy = hx, hy
        to_door = math.degrees(math.atan2(dy - p.y, dx - p.x))
        best: tuple[tuple[float, float], Action] | None = None
        for k in range(24):
            ang = to_door + 15.0 * k
            act = Heading(round(ang, 2))
            trial = state.clone()
            try:
                trial.apply(act)
            except IllegalAction:
                continue
            risk = self.exposure(trial, p.owner)
            key = (round(risk, 3), abs((15.0 * k + 180) % 360 - 180))
            if best is None or key < best[0]:
                best = (key, act)
        return best[1] if best is not None else Heading(round(to_door, 2))


__all__ = ["SpaceTurtle", "SHOOT_AT"]
