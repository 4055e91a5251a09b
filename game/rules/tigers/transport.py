"""Paper Tigers transport: getting in and out (T-R1), a hit carrier's passenger (T-R2) and
the forced dismount (T-R3)."""

from __future__ import annotations

import heapq
import math
from typing import Any

import shapely
from shapely.affinity import translate
from shapely.geometry import LineString, MultiPoint, Point, Polygon
from shapely.ops import nearest_points, unary_union

from ...engine import IllegalAction
from ...msg import M, Mp, Msg
from .actions import KeepAboard, Mount
from .geometry import XY, base_polygon, corner_shift, front_point, heading_vec, pose_polygon
from .table import TigersCore
from .unit import Unit
from .words import cm, tag


class TransportRules(TigersCore):
    """Mounting, dismounting, keep-aboard choices and where a thrown-off squad lands."""

    def _check_Mount(self, a: Mount) -> None:
        self.mount_check(a)

    def mount_check(self, a: Mount) -> dict[str, Any]:
        """T-R1: raise IllegalAction unless the squad on the move may get in as ``a`` says;
        returns the way it takes (``mount_move``)."""
        u, allow = self._mover(a.unit, "T-R1")
        if u.kind != "infantry" or u.carrier >= 0:
            raise IllegalAction("T-R1", M("Only an infantry unit on foot can mount."))
        c = self.unit(a.carrier)
        if c.side != u.side or not c.alive or not c.spec.carrier:
            raise IllegalAction("T-R1", M("Infantry rides only in your own truck or halftrack, or on your own tank."))
        if c.passenger >= 0:
            # TRANSLATORS: {unit} is a unit ("Truck #5")
            raise IllegalAction("T-R1", M("{unit} already carries a unit.", unit=tag(c)))
        end = self.mount_move(u, c, allow, a.path, a.facing)
        # T-F1 (rev 4): a follower getting in stays within 7.5 cm too, measured from the vehicle
        self.chain_refusal(u, c.polygon(), tag(c))
        return end

    def mount_move(self, u: Unit, c: Unit, allow: float, path: tuple[XY, ...] = (),
                   facing: float | None = None) -> dict[str, Any]:
        """T-R1: mounting is a move (rev 3) by any legal way within the roll (rev 4).

        With ``path`` the squad's front follows that way (turning to each leg, or sliding when
        ``facing`` is its own, T-A1) until its base touches the vehicle, then steps straight on
        to it.  Without one it takes the straight step, keeping its facing; when that is blocked
        (terrain on the way, T-A2, or an enemy base, T-A1) it takes the shortest way round
        (``way_round``), and is refused only when there is none within the roll."""
        if path:
            return self._mount_along(u, c, allow, path, facing)
        try:
            return self._mount_along(u, c, allow, (), u.heading)
        except IllegalAction as straight:
            if float(u.polygon().distance(c.polygon())) > allow + 1e-6:
                raise  # no way round is shorter than the straight step
            way = self.way_round(u, c, allow)
            if way is None:
                # TRANSLATORS: {reason} says why the straight way is refused (a sentence); {allow} centimetres
                raise IllegalAction(straight.rule, M("{reason} There is no way round within {allow} cm either.",
                                                     reason=straight.message, allow=cm(allow))) from None
            return self._mount_along(u, c, allow, way, u.heading)

    def _mount_along(self, u: Unit, c: Unit, allow: float, path: tuple[XY, ...],
                     facing: float | None) -> dict[str, Any]:
        """The mount along ``path`` then straight on to ``c``: where the base touches it, the way
        taken (``path``: front points), its length (``travelled``) and every base on the way
        (``poses``); IllegalAction when the way breaks T-A1, T-A2 or T-R1."""
        goal = c.polygon()
        start, _ = self.move_start(u)
        tw, th = self.table
        for x, y in path:
            if not (math.isfinite(x) and math.isfinite(y)) or not (0 <= x <= tw and 0 <= y <= th):
                raise IllegalAction("T-A1", M("The path must stay on the table."))
        if facing is not None and not math.isfinite(facing):
            raise IllegalAction("T-A1", M("A facing is a number of degrees."))
        way: dict[str, Any] = self.simulate_move(u, path, facing, goal) if path else {
            "front": start, "heading": u.heading, "x": u.x, "y": u.y, "travelled": 0.0, "stop": "",
            "poses": [u.polygon()], "reached": False}
        if way["stop"]:
            # TRANSLATORS: {unit} is a unit ("Truck #5"); {why} why the way stops ("entered woods")
            raise IllegalAction("T-A2", M("The way to {unit} stops short: {why}.", unit=tag(c), why=way["stop"]))
        poses: list[Polygon] = list(way["poses"])
        front: XY = way["front"]
        travelled = float(way["travelled"])
        pose = (way["x"], way["y"], way["heading"])
        if not way["reached"]:  # then straight on to the vehicle, keeping the facing it has now
            a, b = nearest_points(poses[-1], goal)
            to = (front[0] + b.x - a.x, front[1] + b.y - a.y)
            v = u.copy()
            v.x, v.y, v.heading = pose
            step = self.simulate_move(v, (to,), v.heading)
            if step["stop"]:
                # TRANSLATORS: {unit} is a unit ("Truck #5"); {why} why the way stops ("entered woods")
                raise IllegalAction("T-A2", M("The way to {unit} stops short: {why}.", unit=tag(c), why=step["stop"]))
            poses += step["poses"][1:]
            travelled += float(step["travelled"])
            front = step["front"]
            pose = (step["x"], step["y"], step["heading"])
        if travelled > allow + 1e-6:
            if path:
                # TRANSLATORS: {unit} is a unit ("Truck #5"); {d} and {allow} centimetres
                raise IllegalAction("T-R1", M("{unit} is {d:.1f} cm by that way; this move allows {allow} cm.",
                                              unit=tag(c), d=float(travelled), allow=cm(allow)))
            # TRANSLATORS: {unit} is a unit ("Truck #5"); {d} and {allow} centimetres
            raise IllegalAction("T-R1", M("{unit} is {d:.1f} cm away; this move allows {allow} cm.", unit=tag(c),
                                          d=float(travelled), allow=cm(allow)))
        shift = corner_shift(poses[0], poses[-1])
        if shift > allow + 1e-6:
            # TRANSLATORS: {d} and {allow} are centimetres
            raise IllegalAction("T-A1", M("That moves a corner of the base {d:.1f} cm; this move allows {allow} cm, "
                                          "for the whole base.", d=float(shift), allow=cm(allow)))
        self._solid_refusal(u, poses)
        return {"front": front, "travelled": travelled, "poses": poses, "start": start,
                "x": pose[0], "y": pose[1], "heading": pose[2], "stop": "",
                "path": [start, *self._way_points(path, way), front]}

    @staticmethod
    def _way_points(path: tuple[XY, ...], way: dict[str, Any]) -> list[XY]:
        """The points of ``path`` the front really passed before it touched the vehicle."""
        out: list[XY] = []
        cur, left = way.get("start", way["front"]), float(way["travelled"])
        for p in path:
            d = math.dist(cur, p)
            if d > left + 1e-9:
                break
            out.append(p)
            left -= d
            cur = p
        return out

    def way_round(self, u: Unit, c: Unit, allow: float) -> tuple[XY, ...] | None:
        """T-R1 (rev 4): the shortest way for ``u``'s front, keeping its facing (a slide, T-A1), to
        a spot from which it steps straight on to ``c``, round the terrain it would run into
        (T-A2) and the enemy bases it may not cross (T-A1), within ``allow`` cm; None if there
        is none.  A visibility graph in shapely: each obstacle is grown by the squad's base (the
        fronts at which the base would touch it), the way runs from corner to corner of them."""
        kind, h = u.kind, u.heading
        base0 = pose_polygon((0.0, 0.0), h, kind)
        back = [(-x, -y) for x, y in list(base0.exterior.coords)[:-1]]

        def grown(poly: Polygon) -> Polygon:
            """The fronts at which the squad's base touches ``poly`` (its Minkowski sum with the base)."""
            pts = list(poly.exterior.coords)[:-1]
            parts = [translate(poly, *back[0])]
            for p, q in zip(pts, pts[1:] + pts[:1], strict=True):
                parts.append(MultiPoint([(p[0] + dx, p[1] + dy) for dx, dy in back]
                                        + [(q[0] + dx, q[1] + dy) for dx, dy in back]).convex_hull)
            return unary_union(parts)

        here = u.polygon()
        t = self.terrain
        already = set(t.overlapping(here))
        walls = [p for i, p in enumerate(t.polys) if i not in already and p.distance(here) <= allow]
        walls += [o.polygon() for o in self.units if o.side != u.side and o.alive and o.carrier < 0
                  and o.polygon().distance(here) <= allow]
        if not walls:
            return None
        f0 = u.front()
        blocked = unary_union([grown(p) for p in walls]).buffer(0.01)
        shapely.prepare(blocked)
        target = grown(c.polygon())
        tw, th = self.table

        def free(a: XY, b: XY) -> bool:
            seg = LineString([a, b])
            return not blocked.intersects(seg) or blocked.intersection(seg).length < 1e-9

        corners: list[XY] = [f0]
        outline = blocked.buffer(0.02, join_style="mitre")
        for part in getattr(outline, "geoms", [outline]):
            for ring in (part.exterior, *part.interiors):
                for x, y in list(ring.coords)[:-1]:
                    if 0 <= x <= tw and 0 <= y <= th and math.dist(f0, (x, y)) <= allow:
                        corners.append((float(x), float(y)))

        def to_goal(k: int) -> float:
            """The straight step from corner k on to the vehicle, if it is free (else infinity)."""
            a, b = nearest_points(Point(corners[k]), target)
            g = (b.x, b.y)
            return math.dist(corners[k], g) if free(corners[k], g) else math.inf

        best, best_at = math.inf, -1
        dist = {0: 0.0}
        prev: dict[int, int] = {}
        heap = [(0.0, 0)]
        done: set[int] = set()
        while heap:
            d, k = heapq.heappop(heap)
            if k in done or d >= best:
                continue
            done.add(k)
            if k:
                rest = to_goal(k)
                if d + rest < best:
                    best, best_at = d + rest, k
            for m in range(1, len(corners)):
                if m in done:
                    continue
                nd = d + math.dist(corners[k], corners[m])
                lower = nd + target.distance(Point(corners[m]))
                if nd < dist.get(m, math.inf) and lower <= min(best, allow + 1e-6) and free(corners[k], corners[m]):
                    dist[m] = nd
                    prev[m] = k
                    heapq.heappush(heap, (nd, m))
        if best_at < 0 or best > allow + 1e-6:
            return None
        way = [best_at]
        while way[-1] in prev:
            way.append(prev[way[-1]])
        return tuple((round(corners[k][0], 4), round(corners[k][1], 4)) for k in reversed(way) if k)

    def _do_Mount(self, a: Mount) -> None:
        u, c = self.units[a.unit], self.units[a.carrier]
        end = self.mount_move(u, c, self.movers[0][1], a.path, a.facing)
        old = (u.x, u.y)
        u.carrier, c.passenger = c.id, u.id
        u.x, u.y, u.heading = c.x, c.y, c.heading
        args = {"unit": tag(u), "d": float(end["travelled"]), "carrier": tag(c)}
        if len(end["path"]) <= 2:
            # TRANSLATORS: {unit} and {carrier} are units ("Panther #3"); {d} centimetres
            text = M("{unit} steps {d:.1f} cm and mounts {carrier} (T-R1).", **args)
        elif not a.path:
            # TRANSLATORS: {unit} and {carrier} are units ("Panther #3"); {d} centimetres
            text = M("{unit} steps {d:.1f} cm by a way round and mounts {carrier} (T-R1).", **args)
        else:
            # TRANSLATORS: {unit} and {carrier} are units ("Panther #3"); {d} centimetres
            text = M("{unit} steps {d:.1f} cm by the way drawn and mounts {carrier} (T-R1).", **args)
        self._ev("move", text,
                 unit=u.id, start=old, end=(c.x, c.y), path=end["path"], travelled=end["travelled"])
        self._finish_mover()

    def dismount_pose(self, u: Unit, toward: XY, facing: float | None) -> dict[str, Any]:
        """T-R1 (rev 3): getting out is the move: the squad is set down with its base touching
        its vehicle's, on the side towards ``toward``, facing ``facing`` (by default away from
        the vehicle), whatever the passed roll.  Returns the pose as ``simulate_move`` does."""
        c = self.units[u.carrier]
        dx, dy = toward[0] - c.x, toward[1] - c.y
        if math.hypot(dx, dy) < 1e-9:
            dx, dy = heading_vec(c.heading + 180.0)
        ang = math.degrees(math.atan2(dy, dx))
        heading = ang if facing is None else float(facing)
        ux, uy = heading_vec(ang)
        hull = c.polygon()
        lo, hi = 0.0, c.spec.length + u.spec.length + u.spec.width
        for _ in range(40):  # the outward ray leaves the (convex) overlap once: bisect its exit
            mid = (lo + hi) / 2
            if base_polygon(c.x + ux * mid, c.y + uy * mid, heading, u.kind).intersection(hull).area > 1e-9:
                lo = mid
            else:
                hi = mid
        r = hi + 1e-4
        x, y = c.x + ux * r, c.y + uy * r
        front = front_point(x, y, heading, u.kind)
        return {"front": front, "heading": heading, "x": x, "y": y, "travelled": r, "stop": "",
                "start": (c.x, c.y), "poses": [base_polygon(x, y, heading, u.kind)], "dismount": True}

    def _check_dismount(self, u: Unit, path: tuple[XY, ...], facing: float | None) -> dict[str, Any]:
        """T-R1 (rev 3): a dismounting squad is set down touching its vehicle on free ground."""
        c = self.units[u.carrier]
        if len(path) > 1:
            # TRANSLATORS: {unit} and {carrier} are units ("Panther #3")
            raise IllegalAction("T-R1", M("Getting out is the whole move: {unit} is set down beside {carrier}; point "
                                          "to one spot round it.", unit=tag(u), carrier=tag(c)))
        end = self.simulate_move(u, path, facing)
        final: Polygon = end["poses"][-1]
        tw, th = self.table
        minx, miny, maxx, maxy = final.bounds
        if minx < -1e-6 or miny < -1e-6 or maxx > tw + 1e-6 or maxy > th + 1e-6:
            raise IllegalAction("T-R1", M("There the squad would stand partly off the table: get out on another side."))
        for o in self.units:
            if o.id in (u.id, c.id) or o.carrier >= 0:
                continue
            if (o.alive or (o.wreck and self.game.settings["wrecks"])) and final.intersection(o.polygon()).area > 1e-6:
                if not o.alive:
                    # TRANSLATORS: {unit} is a unit ("Panther #3")
                    raise IllegalAction("T-R1", M("There the squad would stand on the wreck of {unit}: get out on "
                                                  "free ground.", unit=tag(o)))
                # TRANSLATORS: {unit} is a unit ("Panther #3")
                raise IllegalAction("T-R1", M("There the squad would stand on {unit}: get out on free ground.",
                                              unit=tag(o)))
        return end

    def _check_KeepAboard(self, a: KeepAboard) -> None:
        self._need_phase("aboard", rule="T-R2", what=Mp("you cannot ... now", "decide about passengers"))
        if not self.aboard:
            raise IllegalAction("T-R2", M("No passenger waits for a decision."))
        if a.passenger != self.aboard[0][0]:
            raise IllegalAction("T-R2", M("Decide about #{n} first.", n=self.aboard[0][0]))

    def _do_KeepAboard(self, a: KeepAboard) -> None:
        pid, _ = self.aboard.pop(0)
        p = self.units[pid]
        if a.keep:
            # TRANSLATORS: {unit} is a unit ("Panther #3")
            self._ev("info", M("{unit} stays in the halftrack (T-R2).", unit=tag(p)))
        else:
            self._dismount(p)
        self._after_card()

    def _lapse_choices(self) -> None:
        """T-R2 (rev 3): a keep-aboard choice lapses when its passenger or halftrack is gone
        (destroyed by a later shot) or the passenger is no longer aboard."""
        self.aboard = [(pid, cid) for pid, cid in self.aboard
                       if self.units[pid].alive and self.units[cid].alive and self.units[pid].carrier == cid]

    def _dismount(self, p: Unit) -> None:
        """T-R3: a forced dismount puts the infantry 1D6 cm from its vehicle: straight behind it
        when that ground is free, else the nearest free spot at that distance going round the
        vehicle, else further out (up to 12 cm).  Bases stay solid (T-A1): the squad never lands on
        another base or a wreck, nor off the table.  With no free ground at all it cannot get out
        and is lost."""
        if p.carrier < 0 or not p.alive:
            return  # T-R2 (rev 3): nothing moves for a unit that is gone or already out
        c = self.units[p.carrier]
        c.passenger = -1
        p.carrier = -1
        d = self.chance.die()
        spot = self._landing(p, c, d)
        if spot is None:
            p.x, p.y = c.x, c.y
            # TRANSLATORS: {unit} and {carrier} are units ("Panther #3"); {face} the die rolled
            self._ev("roll", M("{unit} must dismount: rolled {face}, but there is no free ground round {carrier} and "
                               "the squad is lost (T-R3).", unit=tag(p), face=d, carrier=tag(c)), dice=[d], need=0,
                     what="dismount",
                     unit=p.id)
            self._discard_cards_of(p)
            self._destroy(p)
            return
        p.x, p.y, where = spot
        p.heading = c.heading
        # TRANSLATORS: {unit} is a unit ("Panther #3"); {face} the die rolled; {where} where it lands ("3 cm behind Truck #5")
        self._ev("roll", M("{unit} dismounts: rolled {face}, placed {where} (T-R3).", unit=tag(p), face=d,
                           where=where),
                 dice=[d], need=0, what="dismount", unit=p.id)

    def _landing(self, p: Unit, c: Unit, d: int) -> tuple[float, float, Msg] | None:
        """Where a squad forced off ``c`` lands (T-R3): its base ``d`` cm (edge to edge) from the
        vehicle's base, behind first, then turning round both sides in 15 degree steps; then the
        same at 1 cm further out each time, up to 12 cm.  ``None`` if nowhere is free."""
        tw, th = self.table
        table = Polygon([(0, 0), (tw, 0), (tw, th), (0, th)])
        hull = c.polygon()
        blockers = [o.polygon() for o in self.units
                    if o.id not in (p.id, c.id) and o.carrier < 0
                    and (o.alive or (o.wreck and self.game.settings["wrecks"]))]
        turns = [0] + [s * k for k in range(15, 181, 15) for s in (1, -1)][:-1]
        for gap in range(d, 13):
            for t in turns:
                ux, uy = heading_vec(c.heading + 180.0 + t)
                r = c.spec.length / 2 + gap + p.spec.length / 2
                for _ in range(4):  # settle the centre so the edge-to-edge gap is ``gap``
                    base = base_polygon(c.x + ux * r, c.y + uy * r, c.heading, p.kind)
                    miss = gap - base.distance(hull)
                    if abs(miss) < 1e-6:
                        break
                    r += miss
                base = base_polygon(c.x + ux * r, c.y + uy * r, c.heading, p.kind)
                if abs(base.distance(hull) - gap) > 0.05 or not table.contains(base):
                    continue
                if any(base.intersection(b).area > 1e-6 for b in blockers):
                    continue
                x, y = c.x + ux * r, c.y + uy * r
                if t == 0:
                    # TRANSLATORS: where a squad lands: {n} centimetres from {carrier}, its vehicle ("Truck #5")
                    where = M("{n} cm behind {carrier}", n=gap, carrier=tag(c))
                else:
                    # TRANSLATORS: where a squad lands: {n} centimetres from {carrier}, its vehicle ("Truck #5")
                    where = M("{n} cm from {carrier}", n=gap, carrier=tag(c))
                return (x, y, where)
        return None
