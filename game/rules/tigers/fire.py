"""Paper Tigers fire: sight and range (T-A3..T-A5), the roll (T-A6), saves (T-A7, T-A8),
damage and destruction (T-A9, T-E2 points)."""

from __future__ import annotations

from ...engine import IllegalAction
from ...msg import M, Mn, Mp
from . import cards as C
from .actions import Fire, FollowFire
from .geometry import INFANTRY_RANGE
from .table import TigersCore
from .unit import Unit
from .words import cm, side, tag, terrain
from .words import dice as dice_text


class FireRules(TigersCore):
    """Who may fire at whom, the shot and what a hit does."""

    def fire_refusal(self, shooter: Unit, target_id: int) -> IllegalAction | None:
        """Why ``shooter`` may not fire at ``target_id`` (None when it may)."""
        if not 0 <= target_id < len(self.units):
            return IllegalAction("T-A3", M("There is no unit #{n}.", n=target_id))
        t = self.units[target_id]
        if t.side == shooter.side or not t.alive:
            return IllegalAction("T-A3", M("Fire at an enemy unit still on the table."))
        if t.carrier >= 0:
            return IllegalAction("T-R2", M("Passengers cannot be targeted; fire at their vehicle."))
        if shooter.carrier >= 0:
            return IllegalAction("T-R1", M("A passenger must dismount before it can fire."))
        if shooter.kind == "infantry" and self.fire_range(shooter, t) > INFANTRY_RANGE + 1e-9:
            # TRANSLATORS: {most} and {d} are centimetres
            return IllegalAction("T-A5", M("Infantry fires at most {most} cm; that is {d:.1f} cm.",
                                           most=cm(INFANTRY_RANGE), d=float(self.fire_range(shooter, t))))
        blocked, _ = self.line_of_sight(shooter, t)
        if blocked:
            kind = self.los_terrain.kinds[blocked[0]]
            if kind == "woods":
                return IllegalAction("T-A3", M("No line of sight: woods stand in between."))
            if kind == "hill":
                return IllegalAction("T-A3", M("No line of sight: a hill stands in between."))
            if kind == "building":
                return IllegalAction("T-A3", M("No line of sight: a building stands in between."))
            return IllegalAction("T-A3", M("No line of sight: a wreck stands in between."))
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
            # TRANSLATORS: {unit} is a unit ("Panther #3")
            self._ev("info", M("{unit} has no enemy in sight and reach to fire at and cannot follow the shot (T-F1).",
                               unit=tag(f)), unit=f.id)
            self.volley.pop(0)
        self.volley, self.volley_card, self.volley_target = [], "", -1
        self._after_card()

    def _check_FollowFire(self, a: FollowFire) -> None:
        self._need_phase("volley", rule="T-F1", what=Mp("you cannot ... now", "fire with a follower"))
        f = self.units[self.volley[0]]
        if a.unit != f.id:
            # TRANSLATORS: {unit} is a unit ("Panther #3")
            raise IllegalAction("T-F1", M("It is {unit}'s turn to follow the shot.", unit=tag(f)))
        if a.target < 0:
            return
        err = self.fire_refusal(f, a.target)
        if err:
            # TRANSLATORS: {unit} is a unit ("Panther #3"); {reason} a sentence saying why it may not fire
            raise IllegalAction(err.rule, M("{unit}: {reason}", unit=tag(f), reason=err.message))

    def _do_FollowFire(self, a: FollowFire) -> None:
        f = self.units[self.volley.pop(0)]
        if a.target < 0:
            # TRANSLATORS: {unit} is a unit ("Panther #3")
            self._ev("hold", M("{unit} holds its fire (T-F1).", unit=tag(f)), unit=f.id)
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
            args = {"a": tag(s), "b": tag(t), "terrain": terrain(self.los_terrain.kinds[i]), "face": face}
            if clear:
                # TRANSLATORS: {a} and {b} are units ("Panther #3"); {terrain} hill, woods, building or wreck; {face} a die
                text = M("Line of sight from {a} to {b} past the {terrain} is in doubt: rolled {face}, needed 4: "
                         "clear (T-A4).", **args)
            else:
                # TRANSLATORS: {a} and {b} are units ("Panther #3"); {terrain} hill, woods, building or wreck; {face} a die
                text = M("Line of sight from {a} to {b} past the {terrain} is in doubt: rolled {face}, needed 4: "
                         "blocked (T-A4).", **args)
            self._ev("roll", text, dice=[face], need=4, ok=clear, what="line of sight", shooter=s.id, target=t.id)
            if not clear:
                return
        # TRANSLATORS: {a} and {b} are units ("Panther #3"); {card} a card ("queen of hearts")
        _, hit = self._roll(n, need, M("{a} fires at {b} with {card}", a=tag(s), b=tag(t), card=C.label(card)),
                            shooter=s.id, target=t.id, action="fire", card=card)
        self._ev("shot", "", shooter=s.id, target=t.id, hit=hit)
        if hit and not self._saved(t):
            self._hit(t)

    def _saved(self, t: Unit) -> bool:
        """T-A7 armour, T-A8 cover: any 5 or 6 turns the hit into a miss."""
        if t.spec.armour_dice:
            faces = self.chance.dice(t.spec.armour_dice)
            ok = any(d >= 5 for d in faces)
            if ok:
                # TRANSLATORS: {unit} is a unit ("Panther #3"); {dice} the faces rolled ("3+5")
                text = M("Armour save for {unit}: rolled {dice}, needed a 5 or 6: saved (T-A7).", unit=tag(t),
                         dice=dice_text(faces))
            else:
                # TRANSLATORS: {unit} is a unit ("Panther #3"); {dice} the faces rolled ("3+5")
                text = M("Armour save for {unit}: rolled {dice}, needed a 5 or 6: failed (T-A7).", unit=tag(t),
                         dice=dice_text(faces))
            self._ev("roll", text, dice=faces, need=5, ok=ok, what="armour save", any=True, unit=t.id)
            return ok
        if self.in_cover(t):
            face = self.chance.die()
            ok = face >= 5
            if ok:
                # TRANSLATORS: {unit} is a unit ("Panther #3"); {face} the die rolled
                text = M("Cover save for {unit}: rolled {face}, needed 5 or 6: saved (T-A8).", unit=tag(t), face=face)
            else:
                # TRANSLATORS: {unit} is a unit ("Panther #3"); {face} the die rolled
                text = M("Cover save for {unit}: rolled {face}, needed 5 or 6: failed (T-A8).", unit=tag(t), face=face)
            self._ev("roll", text, dice=[face], need=5, ok=ok, what="cover save", any=True, unit=t.id)
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
            # TRANSLATORS: {unit} is a unit ("Panther #3")
            self._ev("damaged", M("{unit} is hit and damaged; its cards are discarded.", unit=tag(t)), unit=t.id)
        if t.passenger >= 0:
            p = self.units[t.passenger]
            # TRANSLATORS: {unit} is a unit ("Panther #3")
            self._ev("info", M("The passenger {unit} is hit too (T-R2).", unit=tag(p)))
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
        # TRANSLATORS: {unit} is a unit ("Panther #3"); {side} Blue or Orange, who scores the points
        self._ev("destroyed", Mn("{unit} is destroyed: {n} victory point to {side}.",
                                 "{unit} is destroyed: {n} victory points to {side}.", t.spec.vp, unit=tag(t),
                                 side=side(1 - t.side)), unit=t.id, vp=t.spec.vp)
