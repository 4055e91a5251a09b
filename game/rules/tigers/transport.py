"""Paper Tigers transport: getting in and out (T-R1), a hit carrier's passenger (T-R2) and
the forced dismount (T-R3)."""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import Polygon
from shapely.ops import nearest_points

from ...engine import IllegalAction
from .actions import KeepAboard, Mount
from .geometry import XY, base_polygon, front_point, heading_vec
from .table import TigersCore
from .unit import Unit


class TransportRules(TigersCore):
    """Mounting, dismounting, keep-aboard choices and where a thrown-off squad lands."""

    def _check_Mount(self, a: Mount) -> None:
        u, allow = self._mover(a.unit, "T-R1")
        if u.kind != "infantry" or u.carrier >= 0:
            raise IllegalAction("T-R1", "Only an infantry unit on foot can mount.")
        c = self.unit(a.carrier)
        if c.side != u.side or not c.alive or not c.spec.carrier:
            raise IllegalAction("T-R1", "Infantry rides only in your own truck or halftrack, or on your own tank.")
        if c.passenger >= 0:
            raise IllegalAction("T-R1", f"{c.name} #{c.id} already carries a unit.")
        self.mount_move(u, c, allow)
        # T-F1 (rev 4): a follower getting in stays within 7.5 cm too, measured from the vehicle
        self.chain_refusal(u, c.polygon(), f"{c.name} #{c.id}")

    def mount_move(self, u: Unit, c: Unit, allow: float) -> dict[str, Any]:
        """T-R1 (rev 3): mounting is a move: the squad steps the shortest way to the vehicle,
        keeping its facing, until the bases touch; the step obeys T-A1 (allowance, no crossing
        an enemy base) and T-A2 (terrain stops it short)."""
        a, b = nearest_points(u.polygon(), c.polygon())
        d = float(a.distance(b))
        if d > allow + 1e-6:
            raise IllegalAction("T-R1", f"{c.name} #{c.id} is {d:.1f} cm away; this move allows {allow:g} cm.")
        fx, fy = u.front()
        path = ((fx + b.x - a.x, fy + b.y - a.y),)
        end = self.simulate_move(u, path, u.heading)
        if end["stop"]:
            raise IllegalAction("T-A2", f"The way to {c.name} #{c.id} stops short: {end['stop']}.")
        self._solid_refusal(u, end["poses"])
        return end

    def _do_Mount(self, a: Mount) -> None:
        u, c = self.units[a.unit], self.units[a.carrier]
        end = self.mount_move(u, c, self.movers[0][1])
        u.carrier, c.passenger = c.id, u.id
        u.x, u.y, u.heading = c.x, c.y, c.heading
        self._ev("move", f"{u.name} #{u.id} steps {end['travelled']:.1f} cm and mounts {c.name} #{c.id} (T-R1).",
                 unit=u.id)
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
            raise IllegalAction("T-R1", f"Getting out is the whole move: {u.name} #{u.id} is set down beside "
                                f"{c.name} #{c.id}; point to one spot round it.")
        end = self.simulate_move(u, path, facing)
        final: Polygon = end["poses"][-1]
        tw, th = self.table
        minx, miny, maxx, maxy = final.bounds
        if minx < -1e-6 or miny < -1e-6 or maxx > tw + 1e-6 or maxy > th + 1e-6:
            raise IllegalAction("T-R1", "There the squad would stand partly off the table: get out on another side.")
        for o in self.units:
            if o.id in (u.id, c.id) or o.carrier >= 0:
                continue
            if (o.alive or (o.wreck and self.game.settings["wrecks"])) and final.intersection(o.polygon()).area > 1e-6:
                what = "the wreck of " if not o.alive else ""
                raise IllegalAction("T-R1", f"There the squad would stand on {what}{o.name} #{o.id}: "
                                    "get out on free ground.")
        return end

    def _check_KeepAboard(self, a: KeepAboard) -> None:
        self._need_phase("aboard", rule="T-R2", what="decide about passengers")
        if not self.aboard:
            raise IllegalAction("T-R2", "No passenger waits for a decision.")
        if a.passenger != self.aboard[0][0]:
            raise IllegalAction("T-R2", f"Decide about #{self.aboard[0][0]} first.")

    def _do_KeepAboard(self, a: KeepAboard) -> None:
        pid, _ = self.aboard.pop(0)
        p = self.units[pid]
        if a.keep:
            self._ev("info", f"{p.name} #{pid} stays in the halftrack (T-R2).")
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
            self._ev("roll", f"{p.name} #{p.id} must dismount: rolled {d}, but there is no free ground "
                     f"round {c.name} #{c.id} and the squad is lost (T-R3).", dice=[d], need=0, what="dismount",
                     unit=p.id)
            self._discard_cards_of(p)
            self._destroy(p)
            return
        p.x, p.y, where = spot
        p.heading = c.heading
        self._ev("roll", f"{p.name} #{p.id} dismounts: rolled {d}, placed {where} {c.name} #{c.id} (T-R3).",
                 dice=[d], need=0, what="dismount", unit=p.id)

    def _landing(self, p: Unit, c: Unit, d: int) -> tuple[float, float, str] | None:
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
                where = f"{gap} cm behind" if t == 0 else f"{gap} cm from"
                return (x, y, where)
        return None
