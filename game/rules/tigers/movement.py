"""Paper Tigers movement: the move roll, the path, terrain stops and solid bases (T-A1, T-A2)."""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import Polygon

from ...engine import IllegalAction
from ...msg import M, Mp
from . import cards as C
from .actions import Move, MoveOrder
from .geometry import (
    FOLLOW_CM,
    INFANTRY_CAP,
    XY,
    centre_from_front,
    corner_shift,
    path_length,
    pose_polygon,
    swept_area,
)
from .table import TigersCore
from .unit import Unit
from .words import cm, side, tag


class MoveRules(TigersCore):
    """Rolling to move, judging a path (turning or keeping the facing) and moving."""

    def _check_MoveOrder(self, a: MoveOrder) -> None:
        _, u = self._head(a.unit, "T-A1")
        self._follower_chain(u, a.followers)

    def _mover(self, uid: int, rule: str) -> tuple[Unit, float]:
        self._need_phase("move", rule=rule, what=Mp("you cannot ... now", "move"))
        mid, allow = self.movers[0]
        if uid != mid:
            # TRANSLATORS: {unit} is a unit ("Panther #3")
            raise IllegalAction(rule, M("It is {unit}'s move.", unit=tag(self.units[mid])))
        return self.units[mid], allow

    def move_start(self, u: Unit) -> tuple[XY, float]:
        """Where a move starts: the front of the base (T-A1), or for a passenger the middle of its carrier."""
        if u.carrier >= 0:
            c = self.units[u.carrier]
            return (c.x, c.y), c.heading
        return u.front(), u.heading

    @staticmethod
    def keeps_facing(heading: float, facing: float | None) -> bool:
        """T-A1 (rev 3): a move whose end facing is the unit's own keeps its facing all the way."""
        return facing is not None and abs((facing - heading + 180.0) % 360.0 - 180.0) < 1e-6

    def simulate_move(self, u: Unit, path: tuple[XY, ...], facing: float | None,
                      goal: Polygon | None = None) -> dict[str, Any]:
        """Where a move along ``path`` ends (T-A1 measured from the front, T-A2 terrain stops).

        The front of the base follows the path and the base turns to each leg's direction
        (pivoting on its front), then to ``facing``; when ``facing`` is the unit's own facing the
        base slides along the path without ever turning (T-A1 rev 3).  T-A2 (rev 2) is judged on
        the whole base: the move stops where any part of it first enters a piece it was not
        already touching (a vehicle stops just short of a building); once the base has wholly
        left a piece it touched at the start, going back in is an entry too (rev 4).  A passenger's move is its
        getting out (T-R1 rev 3, see ``dismount_pose``).  With a ``goal`` (the vehicle a squad
        mounts, T-R1) the move ends just where the base first touches it (``reached``).  Pure:
        returns the end front point, heading, centre, cm travelled, why it stopped and ``poses``
        (every base on the way, for T-A1)."""
        if u.carrier >= 0 and path:
            return self.dismount_pose(u, path[-1], facing)
        start, heading = self.move_start(u)
        slide = self.keeps_facing(heading, facing)
        t = self.terrain
        kind = u.kind
        vehicle = u.spec.vehicle
        first = pose_polygon(start, heading, kind)
        already = set(t.overlapping(first))
        poses = [first]
        cur = start
        travelled = 0.0
        stop = ""
        reached = False
        GOAL = -2  # the index ``entered`` gives the goal

        def entered(poly: Polygon) -> int:
            if goal is not None and goal.intersects(poly):
                return GOAL
            for i in t.overlapping(poly):
                if i not in already:
                    return i
            return -1

        def short(i: int) -> bool:
            """The move stops just short of this (a building for a vehicle, the goal), not in it."""
            return i == GOAL or (t.kinds[i] == "building" and vehicle)

        def left(poly: Polygon) -> None:
            """T-A2 (rev 4): a piece the base has wholly left stops it when it goes back in."""
            if already:
                already.intersection_update(t.overlapping(poly))

        def why(i: int) -> Any:
            nonlocal reached
            if i == GOAL:
                reached = True
                return ""
            k = t.kinds[i]
            if k == "building" and vehicle:
                return M("a vehicle cannot enter a building")
            if k == "woods":
                return M("entered woods")
            if k == "hill":
                return M("entered a hill")
            return M("entered a building")

        def pivot(to: float) -> bool:
            """Turn on the front point to ``to``; False (and stop set) if the base enters a piece."""
            nonlocal heading, stop
            if slide:
                return True
            turn = (to - heading + 180.0) % 360.0 - 180.0
            steps = max(1, math.ceil(abs(turn) / 15.0))
            for k in range(1, steps + 1):
                hd = heading + turn * k / steps
                poly = pose_polygon(cur, hd, kind)
                i = entered(poly)
                if i != -1:
                    stop = why(i)
                    if not short(i):
                        heading = hd
                        poses.append(poly)
                    return False
                left(poly)
                poses.append(poly)
            heading = to
            return True

        for nxt in path:
            seg = math.dist(cur, nxt)
            if seg < 1e-9:
                continue
            if not pivot(math.degrees(math.atan2(nxt[1] - cur[1], nxt[0] - cur[0]))):
                break
            dx, dy = (nxt[0] - cur[0]) / seg, (nxt[1] - cur[1]) / seg

            def at(d: float, c0: XY = cur, hd: float = heading, ux: float = dx, uy: float = dy) -> Polygon:
                return pose_polygon((c0[0] + ux * d, c0[1] + uy * d), hd, kind)

            hull = swept_area([poses[-1], at(seg)])
            hit_d: float | None = None
            # a straight slide leaves a convex piece at most once and never comes back into it:
            # only a new piece, or a piece of another shape the base is in, needs the steps
            if (goal is not None and goal.intersects(hull)) or any(
                    i not in already or not t.convex[i] for i in t.overlapping(hull)):
                n = max(1, math.ceil(seg / 0.5))
                for k in range(1, n + 1):
                    if entered(at(seg * k / n)) != -1:
                        lo, hi = seg * (k - 1) / n, seg * k / n
                        for _ in range(24):
                            mid = (lo + hi) / 2
                            if entered(at(mid)) != -1:
                                hi = mid
                            else:
                                lo = mid
                        i = entered(at(hi))
                        stop = why(i)
                        hit_d = lo if short(i) else min(seg, hi + 0.05)
                        break
                    left(at(seg * k / n))
            if hit_d is not None:
                poses.append(at(hit_d))
                cur = (cur[0] + dx * hit_d, cur[1] + dy * hit_d)
                travelled += hit_d
                break
            poses.append(at(seg))
            left(poses[-1])
            cur = nxt
            travelled += seg
        if facing is not None and not stop and not reached:
            pivot(float(facing))
        cx, cy = centre_from_front(cur[0], cur[1], heading, kind)
        return {"front": cur, "heading": heading, "x": cx, "y": cy, "travelled": travelled, "stop": stop,
                "start": start, "poses": poses, "reached": reached}

    def _check_Move(self, a: Move) -> None:
        u, allow = self._mover(a.unit, "T-A1")
        self.check_move(u, allow, a.path, a.facing)

    def check_move(self, u: Unit, allow: float, path: tuple[XY, ...], facing: float | None) -> dict[str, Any] | None:
        """T-A1/T-A2/T-F1: raise IllegalAction unless ``u`` may move along ``path`` (then ``facing``)
        with ``allow`` cm; returns where it ends (None when it stays put)."""
        if facing is not None and not math.isfinite(facing):
            raise IllegalAction("T-A1", M("A facing is a number of degrees."))
        if not path and (facing is None or u.carrier >= 0):
            return None
        tw, th = self.table
        for x, y in path:
            if not (math.isfinite(x) and math.isfinite(y)) or not (0 <= x <= tw and 0 <= y <= th):
                raise IllegalAction("T-A1", M("The path must stay on the table."))
        if u.carrier >= 0:
            return self._check_dismount(u, path, facing)
        start, _ = self.move_start(u)
        length = path_length([start, *path])
        foot = u.kind == "infantry"
        if length > allow + 1e-6:
            if foot:
                # TRANSLATORS: {d} and {allow} are centimetres
                raise IllegalAction("T-A1", M("That path is {d:.1f} cm; this move allows {allow} cm (infantry moves at "
                                              "most 6 cm per card).", d=float(length), allow=cm(allow)))
            # TRANSLATORS: {d} and {allow} are centimetres
            raise IllegalAction("T-A1", M("That path is {d:.1f} cm; this move allows {allow} cm.", d=float(length),
                                          allow=cm(allow)))
        end = self.simulate_move(u, path, facing)
        poses: list[Polygon] = end["poses"]
        final = poses[-1]
        minx, miny, maxx, maxy = final.bounds
        if minx < -1e-6 or miny < -1e-6 or maxx > tw + 1e-6 or maxy > th + 1e-6:
            raise IllegalAction("T-A1", M("The unit would end partly off the table."))
        shift = corner_shift(poses[0], final)
        if shift > allow + 1e-6:
            if foot:
                # TRANSLATORS: {d} and {allow} are centimetres
                raise IllegalAction("T-A1", M("That moves a corner of the base {d:.1f} cm; this move allows {allow} cm "
                                              "(infantry moves at most 6 cm per card), for the whole base (a turn "
                                              "cannot gain ground).", d=float(shift), allow=cm(allow)))
            # TRANSLATORS: {d} and {allow} are centimetres
            raise IllegalAction("T-A1", M("That moves a corner of the base {d:.1f} cm; this move allows {allow} cm, "
                                          "for the whole base (a turn cannot gain ground).", d=float(shift),
                                          allow=cm(allow)))
        self._solid_refusal(u, poses)
        self.chain_refusal(u, final)
        return end

    def chain_refusal(self, u: Unit, final: Polygon, aboard: Any = None) -> None:
        """T-F1: a follower ends its move (``final``: its base, or its vehicle's once aboard,
        rev 4) within 7.5 cm of the unit before it in the chain."""
        idx = self.chain.index(u.id) if u.id in self.chain else 0
        if idx > 0:
            prev = self.units[self.chain[idx - 1]]
            pp = self.units[prev.carrier].polygon() if prev.carrier >= 0 else prev.polygon()
            gap = final.distance(pp)
            if gap > FOLLOW_CM + 1e-9:
                if aboard is not None:
                    # TRANSLATORS: {unit} and {carrier} are units ("Panther #3"); {d} centimetres
                    raise IllegalAction("T-F1", M("Followers must stay within 7.5 cm of {unit}; aboard {carrier} it "
                                                  "would be {d:.1f} cm away.", unit=tag(prev), carrier=aboard,
                                                  d=float(gap)))
                # TRANSLATORS: {unit} is a unit ("Panther #3")
                raise IllegalAction("T-F1", M("Followers must stay within 7.5 cm of {unit}.", unit=tag(prev)))

    def _solid_refusal(self, u: Unit, poses: list[Polygon]) -> None:
        """T-A1/T-A2 (rev 2): bases are solid.  No crossing an enemy base; no ending on another
        base, a wreck or (for a vehicle) a building."""
        final = poses[-1]
        swept: Polygon | None = None  # made only when an enemy base is near the way (it is costly)
        # every base on the way lies in this box: a unit whose base lies outside it cannot be met
        boxes = [p.bounds for p in poses]
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        for o in self.units:
            if o.id == u.id or o.id == u.passenger or (o.carrier >= 0 and o.alive):
                continue
            if o.alive or o.wreck:
                ox0, oy0, ox1, oy1 = o.polygon().bounds
                if ox0 > x1 or ox1 < x0 or oy0 > y1 or oy1 < y0:
                    continue
            if o.alive:
                poly = o.polygon()
                if o.side != u.side and swept is None:
                    swept = swept_area(poses)
                if o.side != u.side and swept is not None and swept.intersection(poly).area > 1e-6:
                    # TRANSLATORS: {side} is Blue or Orange; {unit} a unit ("Panther #3")
                    raise IllegalAction("T-A1", M("The move would cross {side}'s {unit}: bases are solid.",
                                                  side=side(o.side), unit=tag(o)))
                if final.intersection(poly).area > 1e-6:
                    # TRANSLATORS: {unit} is a unit ("Panther #3")
                    raise IllegalAction("T-A1", M("The unit would end on top of {unit}.", unit=tag(o)))
            elif o.wreck and self.game.settings["wrecks"] and final.intersection(o.polygon()).area > 1e-6:
                # TRANSLATORS: {unit} is a unit ("Panther #3")
                raise IllegalAction("T-A1", M("The unit would end on the wreck of {unit}.", unit=tag(o)))
        if u.spec.vehicle:
            for i, k in enumerate(self.terrain.kinds):
                if k == "building" and final.intersection(self.terrain.polys[i]).area > 1e-6:
                    raise IllegalAction("T-A2", M("Vehicles cannot enter buildings: the base would end in one."))

    def _do_MoveOrder(self, a: MoveOrder) -> None:
        card = self._pop_card()
        n, need = C.dice_for(card, "move"), C.difficulty(card)
        self.chain = [a.unit, *a.followers]
        self.used.update(a.followers)
        self.movers = []
        for uid in self.chain:
            u = self.units[uid]
            # TRANSLATORS: {unit} is a unit ("Panther #3"); {card} a card ("queen of hearts")
            dice, ok = self._roll(n, need, M("{unit} moves on {card}", unit=tag(u), card=C.label(card)), unit=uid,
                                  action="move", card=card)
            if ok:
                allow = float(min(sum(dice), INFANTRY_CAP) if u.kind == "infantry" else sum(dice))
                self.movers.append((uid, allow))
        if self.movers:
            self.phase = "move"
        else:
            self.chain = []
            self._after_card()

    def _finish_mover(self) -> None:
        self.movers.pop(0)
        if not self.movers:
            self.chain = []
            self._after_card()

    def _do_Move(self, a: Move) -> None:
        u = self.units[a.unit]
        if not a.path and a.facing is None:
            # TRANSLATORS: {unit} is a unit ("Panther #3")
            self._ev("move", M("{unit} stays where it is.", unit=tag(u)), unit=u.id)
            self._finish_mover()
            return
        end = self.simulate_move(u, a.path, a.facing)
        was_passenger = u.carrier >= 0
        if was_passenger and a.path:
            c = self.units[u.carrier]
            c.passenger = -1
            u.carrier = -1
            old = (c.x, c.y)
            u.x, u.y, u.heading = end["x"], end["y"], end["heading"]
            # TRANSLATORS: {unit} and {carrier} are units ("Panther #3")
            self._ev("move", M("{unit} gets out of {carrier}, set down beside it (T-R1).", unit=tag(u), carrier=tag(c)),
                     unit=u.id, start=old, end=(u.x, u.y), path=[old, (u.x, u.y)], travelled=end["travelled"])
        elif not was_passenger:
            old = (u.x, u.y)
            u.x, u.y, u.heading = end["x"], end["y"], end["heading"]
            if u.passenger >= 0:
                p = self.units[u.passenger]
                p.x, p.y, p.heading = u.x, u.y, u.heading
            if end["stop"]:
                # TRANSLATORS: {unit} is a unit ("Panther #3"); {d} centimetres; {why} why it stopped ("entered woods")
                text = M("{unit} moves {d:.1f} cm; it stops: {why} (T-A2).", unit=tag(u), d=float(end["travelled"]),
                         why=end["stop"])
            else:
                # TRANSLATORS: {unit} is a unit ("Panther #3"); {d} centimetres
                text = M("{unit} moves {d:.1f} cm.", unit=tag(u), d=float(end["travelled"]))
            self._ev("move", text, unit=u.id,
                     start=old, end=(u.x, u.y), path=[end["start"], *a.path], travelled=end["travelled"])
        self._finish_mover()
