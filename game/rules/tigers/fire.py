"""Paper Tigers fire: sight and range (T-A3..T-A5), the roll (T-A6), saves (T-A7, T-A8),
damage and destruction (T-A9, T-E2 points)."""

from __future__ import annotations

from ...engine import IllegalAction
from . import cards as C
from .actions import Fire, FollowFire
from .geometry import INFANTRY_RANGE
from .table import TigersCore
from .unit import Unit


class FireRules(TigersCore):
    """Who may fire at whom, the shot and what a hit does."""

    def fire_refusal(self, shooter: Unit, target_id: int) -> IllegalAction | None:
        """Why ``shooter`` may not fire at ``target_id`` (None when it may)."""
        if not 0 <= target_id < len(self.units):
            return IllegalAction("T-A3", f"There is no unit #{target_id}.")
        t = self.units[target_id]
        if t.side == shooter.side or not t.alive:
            return IllegalAction("T-A3", "Fire at an enemy unit still on the table.")
        if t.carrier >= 0:
            return IllegalAction("T-R2", "Passengers cannot be targeted; fire at their vehicle.")
        if shooter.carrier >= 0:
            return IllegalAction("T-R1", "A passenger must dismount before it can fire.")
        if shooter.kind == "infantry" and self.fire_range(shooter, t) > INFANTRY_RANGE + 1e-9:
            return IllegalAction("T-A5", f"Infantry fires at most {INFANTRY_RANGE:g} cm; that is {self.fire_range(shooter, t):.1f} cm.")
        blocked, _ = self.line_of_sight(shooter, t)
        if blocked:
            kind = self.los_terrain.kinds[blocked[0]]
            return IllegalAction("T-A3", f"No line of sight: a {kind} stands in between.")
        return None

    def targets(self, shooter: Unit) -> list[int]:
        return [t.id for t in self.units if t.side != shooter.side and t.alive
                and self.fire_refusal(shooter, t.id) is None]

    def _check_Fire(self, a: Fire) -> None:
        _, u = self._head(a.unit, "T-A3")
        err = self.fire_refusal(u, a.target)
        if err:
            raise err
        self._follower_chain(u, a.followers)

    def _do_Fire(self, a: Fire) -> None:
        card = self._pop_card()
        self.used.update(a.followers)
        self._shoot(self.units[a.unit], self.units[a.target], card)
        # T-F1 (rev 4): the followers choose their targets now, one by one, each after the shots before it
        self.volley, self.volley_card, self.volley_target = list(a.followers), card, a.target
        self._next_volley()

    def _next_volley(self) -> None:
        """The next follower that has something to fire at chooses its target (phase "volley");
        one with nothing in sight and reach is passed over, saying so.  Then the card is done."""
        while self.volley and all(self.alive_units(p) for p in (0, 1)):
            f = self.units[self.volley[0]]
            if self.targets(f):
                self.phase = "volley"
                return
            self._ev("info", f"{f.name} #{f.id} has no enemy in sight and reach to fire at and cannot follow the "
                     "shot (T-F1).", unit=f.id)
            self.volley.pop(0)
        self.volley, self.volley_card, self.volley_target = [], "", -1
        self._after_card()

    def _check_FollowFire(self, a: FollowFire) -> None:
        self._need_phase("volley", rule="T-F1", what="fire with a follower")
        f = self.units[self.volley[0]]
        if a.unit != f.id:
            raise IllegalAction("T-F1", f"It is {f.name} #{f.id}'s turn to follow the shot.")
        if a.target < 0:
            return
        err = self.fire_refusal(f, a.target)
        if err:
            raise IllegalAction(err.rule, f"{f.name} #{f.id}: {err.message}")

    def _do_FollowFire(self, a: FollowFire) -> None:
        f = self.units[self.volley.pop(0)]
        if a.target < 0:
            self._ev("hold", f"{f.name} #{f.id} holds its fire (T-F1).", unit=f.id)
        else:
            self._shoot(f, self.units[a.target], self.volley_card)
        self._next_volley()

    def _shoot(self, s: Unit, t: Unit, card: str) -> None:
        """One shot on ``card``: the sight rolls in doubt (T-A4), the roll (T-A6), saves and the hit."""
        n, need = C.dice_for(card, "fire"), C.difficulty(card)
        _, doubt = self.line_of_sight(s, t)
        for i in doubt:
            face = self.chance.die()
            clear = face >= 4
            self._ev("roll", f"Line of sight from {s.name} #{s.id} to {t.name} #{t.id} past the "
                     f"{self.los_terrain.kinds[i]} is in doubt: rolled {face}, needed 4: "
                     f"{'clear' if clear else 'blocked'} (T-A4).", dice=[face], need=4, ok=clear,
                     what="line of sight", shooter=s.id, target=t.id)
            if not clear:
                return
        _, hit = self._roll(n, need, f"{s.name} #{s.id} fires at {t.name} #{t.id} with {C.label(card)}",
                            shooter=s.id, target=t.id, action="fire", card=card)
        self._ev("shot", "", shooter=s.id, target=t.id, hit=hit)
        if hit and not self._saved(t):
            self._hit(t)

    def _saved(self, t: Unit) -> bool:
        """T-A7 armour, T-A8 cover: any 5 or 6 turns the hit into a miss."""
        if t.spec.armour_dice:
            dice = self.chance.dice(t.spec.armour_dice)
            ok = any(d >= 5 for d in dice)
            self._ev("roll", f"Armour save for {t.name} #{t.id}: rolled {'+'.join(map(str, dice))}, needed a 5 or 6: "
                     f"{'saved' if ok else 'failed'} (T-A7).", dice=dice, need=5, ok=ok, what="armour save", any=True,
                     unit=t.id)
            return ok
        if self.in_cover(t):
            face = self.chance.die()
            ok = face >= 5
            self._ev("roll", f"Cover save for {t.name} #{t.id}: rolled {face}, needed 5 or 6: "
                     f"{'saved' if ok else 'failed'} (T-A8).", dice=[face], need=5, ok=ok, what="cover save", any=True,
                     unit=t.id)
            return ok
        return False

    def _discard_cards_of(self, u: Unit) -> None:
        """T-A9: a hit unit's cards are discarded at once; face-down ones unturned (T-T2 rev 4)."""
        for card in self.assigned.pop(u.id, []):
            self._throw_away(card)
        keep = []
        for c, uid in self.queue:
            if uid == u.id:
                self.discard.append(c)
            else:
                keep.append((c, uid))
        self.queue = keep

    def _hit(self, t: Unit) -> None:
        """T-A9: a hit damages; a second destroys.  T-R2: the passenger is hit too."""
        self._discard_cards_of(t)
        if t.damaged:
            self._destroy(t)
        else:
            t.damaged = True
            self._ev("damaged", f"{t.name} #{t.id} is hit and damaged; its cards are discarded.", unit=t.id)
        if t.passenger >= 0:
            p = self.units[t.passenger]
            self._ev("info", f"The passenger {p.name} #{p.id} is hit too (T-R2).")
            self._hit(p)
            if not p.alive:
                t.passenger = -1
                p.carrier = -1
            elif t.kind == "halftrack" and t.alive:
                if all(q[0] != p.id for q in self.aboard):
                    self.aboard.append((p.id, t.id))
            else:
                self._dismount(p)

    def _destroy(self, t: Unit) -> None:
        """T-A9: destroyed; a vehicle leaves a wreck (a setting); T-E2: its points to the other side."""
        t.destroyed = True
        t.damaged = False
        if t.spec.vehicle and self.game.settings["wrecks"]:
            t.wreck = True
            self._los_terrain = None
        self.vp[1 - t.side] += t.spec.vp
        self._ev("destroyed", f"{t.name} #{t.id} is destroyed: {t.spec.vp} victory point"
                 f"{'s' if t.spec.vp > 1 else ''} to {self.game.player_name(1 - t.side)}.", unit=t.id, vp=t.spec.vp)
