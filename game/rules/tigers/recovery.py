"""Paper Tigers end of turn: recovery cards on damaged units (T-T8), the hand limit and
the cards kept face up (T-T10)."""

from __future__ import annotations

from ...engine import IllegalAction
from ...msg import M, Mp
from . import cards as C
from .actions import Discard, EndRecovery, Recover
from .table import TigersCore
from .unit import Unit
from .words import listing, tag

HAND_LIMIT = 6


class RecoveryRules(TigersCore):
    """The recovery phase, the discard down to six and the start of the next turn."""

    def damaged_units(self, p: int) -> list[Unit]:
        """T-T8 (rev 3): the units that may take a recovery card: every unit still damaged,
        whenever it was hit (a failed roll leaves it damaged also the next turn)."""
        return [u for u in self.units if u.side == p and u.alive and u.damaged]

    def _check_Recover(self, a: Recover) -> None:
        self._need_phase("recover", rule="T-T8", what=Mp("you cannot ... now", "put recovery cards down"))
        u = self.unit(a.unit)
        if u.side != self.actor or not u.alive or not u.damaged:
            raise IllegalAction("T-T8", M("Recovery cards go on your own damaged units."))
        if u.id in self.recovering:
            raise IllegalAction("T-T8", M("One recovery card per unit."))
        self._hand_refusal(self.actor, a.card, "T-T8")

    def _check_EndRecovery(self, a: EndRecovery) -> None:
        self._need_phase("recover", rule="T-T8", what=Mp("you cannot ... now", "end recovery"))

    def _check_Discard(self, a: Discard) -> None:
        self._need_phase("discard", rule="T-T10", what=Mp("you cannot ... now", "discard"))
        self._hand_refusal(self.actor, a.card, "T-T10")

    def _start_recovery(self) -> None:
        if not self.deck:
            # T-E1 (rev 4): the battle's last turn is over; a recovery card or a discard down to
            # six cannot matter any more, so nothing is asked before the result
            self._end_game(M("The deck is used up (T-E1)."))
            return
        self.phase = "recover"
        self.recovering = {}
        self.done = [not self._can_recover(p) for p in (0, 1)]
        self._next_recoverer(self.attacker)

    def _can_recover(self, p: int) -> bool:
        return bool(self.hands[p]) and any(u.id not in self.recovering for u in self.damaged_units(p))

    def _next_recoverer(self, prefer: int) -> None:
        for p in (prefer, 1 - prefer):
            if not self.done[p] and self._can_recover(p):
                self.actor = p
                return
        self._resolve_recovery()

    def _do_Recover(self, a: Recover) -> None:
        p = self.actor
        self.recovering[a.unit] = self._take_from_hand(p, a.card)
        # TRANSLATORS: {side} is Blue or Orange; {unit} a unit ("Panther #3")
        self._ev("recover", M("{side} puts a card on {unit}.", side=self.game.player_name(p), unit=tag(self.units[a.unit])),
                 unit=a.unit)
        self._next_recoverer(p)

    def _do_EndRecovery(self, a: EndRecovery) -> None:
        self.done[self.actor] = True
        self._next_recoverer(1 - self.actor)

    def _resolve_recovery(self) -> None:
        """T-T8: all recovery cards are turned; 2D6 at least the difficulty removes the damage."""
        if self.recovering:
            # TRANSLATORS: a recovery card and the unit it is on ("queen of hearts on Panther #3")
            items = listing([M("{card} on {unit}", card=C.label(c), unit=tag(self.units[uid]))
                             for uid, (c, _) in sorted(self.recovering.items())])
            # TRANSLATORS: {cards} lists the turned cards ("queen of hearts on Panther #3, 7 of spades on Pak #5")
            self._reveal("reveal", M("Recovery cards turned: {cards} (T-T8).", cards=items),
                         cards=[[c, uid] for uid, (c, _) in sorted(self.recovering.items())])
        for uid in sorted(self.recovering):
            card, _ = self.recovering[uid]
            u = self.units[uid]
            # TRANSLATORS: {unit} is a unit ("Panther #3"); {card} a card ("queen of hearts")
            _, ok = self._roll(2, C.difficulty(card), M("Recovery of {unit} on {card}", unit=tag(u), card=C.label(card)),
                               unit=uid, action="recover", card=card)
            if ok:
                u.damaged = False
                # TRANSLATORS: {unit} is a unit ("Panther #3")
                self._ev("recovered", M("{unit} shakes off the damage.", unit=tag(u)), unit=uid)
            self.discard.append(card)
        self.recovering = {}
        for u in self.units:
            if u.alive and u.damaged:
                # TRANSLATORS: {unit} is a unit ("Panther #3")
                self._ev("shock", M("{unit} stays damaged: in shock next turn (T-T9).", unit=tag(u)), unit=u.id)
        self._check_hand_limit(self.attacker)

    def _check_hand_limit(self, prefer: int) -> None:
        for p in (prefer, 1 - prefer):
            if len(self.hands[p]) > HAND_LIMIT:
                self.phase = "discard"
                self.actor = p
                return
        self._end_turn()

    def _do_Discard(self, a: Discard) -> None:
        card = self._take_from_hand(self.actor, a.card)
        self._throw_away(card)  # a face-down card goes unturned: nobody learns it (T-T2 rev 4)
        c, up = card
        if up:
            # TRANSLATORS: {side} is Blue or Orange; {card} a card ("queen of hearts")
            self._ev("discard", M("{side} discards {card}.", side=self.game.player_name(self.actor), card=C.label(c)))
        else:
            # TRANSLATORS: {side} is Blue or Orange
            self._ev("discard", M("{side} discards a face-down card.", side=self.game.player_name(self.actor)))
        self._check_hand_limit(self.actor)

    def _end_turn(self) -> None:
        """T-T10: the cards kept in hand are laid face up for both players to see."""
        for p in (0, 1):
            self.hands[p] = [(c, True) for c, _ in self.hands[p]]
            if self.hands[p]:
                # TRANSLATORS: {side} is Blue or Orange; {cards} lists cards ("queen of hearts, 7 of spades")
                self._reveal("faceup", M("{side} keeps {cards} face up.", side=self.game.player_name(p),
                                         cards=listing([C.label(c) for c, _ in self.hands[p]])))
        self._start_turn()
