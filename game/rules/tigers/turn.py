"""Paper Tigers card flow of a turn: deal (T-T1, T-T2), assign (T-T3), pick and turn
(T-T4, T-T7), the head card's order or hold, and the end of the game (T-E1, T-E2)."""

from __future__ import annotations

from ...engine import IllegalAction
from ...msg import M, Mn, Mp
from . import cards as C
from .actions import Assign, Keep, Pick, Skip
from .table import TigersCore
from .unit import Unit
from .words import dice, listing, tag


class TurnRules(TigersCore):
    """From the deal to the last turned card: whose choice it is and what comes next."""

    def _check_Assign(self, a: Assign) -> None:
        self._need_phase("assign", rule="T-T3", what=Mp("you cannot ... now", "assign cards"))
        u = self.unit(a.unit)
        if u.side != self.actor:
            raise IllegalAction("T-T3", M("Put cards on your own units."))
        if not u.alive:
            raise IllegalAction("T-T3", M("That unit is destroyed."))
        if u.damaged:
            # TRANSLATORS: {unit} is a unit ("Panther #3")
            raise IllegalAction("T-T9", M("{unit} is in shock and gets no cards this turn.", unit=tag(u)))
        if len(self.assigned.get(u.id, ())) >= 2:
            raise IllegalAction("T-T3", M("A unit takes at most two cards."))
        self._hand_refusal(self.actor, a.card, "T-T3")

    def _check_Keep(self, a: Keep) -> None:
        self._need_phase("assign", rule="T-T3", what=Mp("you cannot ... now", "stop assigning"))

    def _check_Pick(self, a: Pick) -> None:
        self._need_phase("pick", rule="T-T4", what=Mp("you cannot ... now", "pick a unit"))
        u = self.unit(a.unit)
        cs = self.assigned.get(u.id, [])
        if u.side != self.actor or not cs:
            raise IllegalAction("T-T4", M("Pick one of your own units that has cards."))
        if a.which not in (0, 1, 2) or (a.which > 0 and len(cs) < 2):
            raise IllegalAction("T-T4", M("Turn the first card, or the second or both when there are two."))

    def _head(self, uid: int, rule: str) -> tuple[str, Unit]:
        self._need_phase("act", rule=rule, what=Mp("you cannot ... now", "give orders"))
        card, head = self.queue[0]
        if uid != head:
            # TRANSLATORS: {unit} is a unit ("Panther #3"); {card} a card ("queen of hearts")
            raise IllegalAction("T-T4", M("It is {unit}'s turn to act ({card}).", unit=tag(self.units[head]),
                                          card=C.label(card)))
        return card, self.units[head]

    def _check_Skip(self, a: Skip) -> None:
        self._head(a.unit, "T-T4")

    def _start_turn(self) -> None:
        if not self.deck:
            self._end_game(M("The deck is used up (T-E1)."))
            return
        self.turn += 1
        self.carded, self.used = set(), set()
        defender = 1 - self.attacker
        shuffler = defender if self.turn % 2 == 1 else self.attacker
        self.chance.shuffle(self.deck)
        # TRANSLATORS: {turn} is the turn's number; {side} is Blue or Orange; {n} cards
        self._ev("shuffle", Mn("Turn {turn}: {side} shuffles the {n} card (T-U5).",
                               "Turn {turn}: {side} shuffles the {n} cards (T-U5).", len(self.deck), turn=self.turn,
                               side=self.game.player_name(shuffler)), shuffler=shuffler)
        small = all(len(self.alive_units(p)) < 5 for p in (0, 1))
        counts = []
        for p in (0, 1):
            d = self.chance.dice(2)
            n = max(d) if small else sum(d)
            counts.append(n)
            self.deal_rolls[p] = d
            if small:
                # TRANSLATORS: {side} is Blue or Orange; {dice} the faces rolled ("3+5"); {n} the cards dealt
                text = M("{side} rolls {dice} for cards (higher die only: both sides have fewer than five units): {n}.",
                         side=self.game.player_name(p), dice=dice(d), n=n)
            else:
                # TRANSLATORS: {side} is Blue or Orange; {dice} the faces rolled ("3+5"); {n} the cards dealt
                text = M("{side} rolls {dice} for cards (2D6): {n}.", side=self.game.player_name(p), dice=dice(d), n=n)
            self._ev("roll", text, dice=d, need=0, what="deal", player=p, cards=n)
        first = self.attacker if counts[0] == counts[1] else (0 if counts[0] > counts[1] else 1)
        left = counts[:]
        p = first
        dealt = [0, 0]
        while self.deck and (left[0] or left[1]):
            if left[p]:
                self.hands[p].append((self.deck.pop(0), False))
                left[p] -= 1
                dealt[p] += 1
            p = 1 - p
        # TRANSLATORS: {blue} and {orange} are the cards dealt to each side; {n} the cards left
        self._reveal("deal", M("Dealt face down: Blue {blue}, Orange {orange}; {n} left in the deck.", blue=dealt[0],
                               orange=dealt[1], n=len(self.deck)), dealt=dealt, first=first)
        self.phase = "assign"
        self.done = [not self._can_assign(0), not self._can_assign(1)]
        self._next_assigner(self.attacker)

    def _next_assigner(self, prefer: int) -> None:
        for p in (prefer, 1 - prefer):
            if not self.done[p] and self._can_assign(p):
                self.actor = p
                return
        self._start_round()

    def _do_Assign(self, a: Assign) -> None:
        p = self.actor
        card = self._take_from_hand(p, a.card)
        self.assigned.setdefault(a.unit, []).append(card)
        self.carded.add(a.unit)
        u = self.units[a.unit]
        if card[1]:
            # TRANSLATORS: {side} is Blue or Orange; {card} a card ("queen of hearts"); {unit} a unit ("Panther #3")
            text = M("{side} puts {card} on {unit}.", side=self.game.player_name(p), card=C.label(card[0]),
                     unit=tag(u))
        else:
            # TRANSLATORS: {side} is Blue or Orange; {unit} a unit ("Panther #3")
            text = M("{side} puts a face-down card on {unit}.", side=self.game.player_name(p), unit=tag(u))
        self._ev("assign", text, unit=u.id, card=self.known_card(card))
        self._next_assigner(1 - p)

    def _do_Keep(self, a: Keep) -> None:
        p = self.actor
        self.done[p] = True
        # TRANSLATORS: {side} is Blue or Orange
        self._ev("assign", Mn("{side} keeps {n} card in hand.", "{side} keeps {n} cards in hand.", len(self.hands[p]),
                              side=self.game.player_name(p)))
        self._next_assigner(1 - p)

    def _start_round(self) -> None:
        """T-T4/T-T7: a new pick round while assigned cards remain, else recovery."""
        self.picks = []
        for p in (self.attacker, 1 - self.attacker):
            if self._units_with_cards(p):
                self.phase = "pick"
                self.actor = p
                return
        self._start_recovery()

    def _do_Pick(self, a: Pick) -> None:
        p = self.actor
        self.picks.append((p, a.unit, a.which))
        # TRANSLATORS: {side} is Blue or Orange; {unit} a unit ("Panther #3")
        self._ev("pick", M("{side} picks {unit}.", side=self.game.player_name(p), unit=tag(self.units[a.unit])),
                 unit=a.unit)
        other = 1 - p
        if not any(q[0] == other for q in self.picks) and self._units_with_cards(other):
            self.actor = other
            return
        turned: list[tuple[str, int]] = []
        for _, uid, which in self.picks:
            cs = self.assigned[uid]
            take = [0, 1] if which == 2 else [which]
            for i in sorted(take, reverse=True):
                turned.append((cs.pop(i)[0], uid))
            if not cs:
                del self.assigned[uid]
        self.queue = sorted(turned, key=lambda q: C.initiative_key(q[0]))
        # TRANSLATORS: a turned card and the number of the unit it is on ("queen of hearts #3")
        order = listing([M("{card} #{n}", card=C.label(c), n=uid) for c, uid in self.queue])
        # TRANSLATORS: {order} lists the turned cards in order ("queen of hearts #3, 7 of spades #5")
        self._reveal("reveal", M("Cards turned; order of action: {order} (T-T4).", order=order),
                     cards=[list(q) for q in self.queue])
        self.phase = "act"

    def _pop_card(self) -> str:
        card, uid = self.queue.pop(0)
        self.used.add(uid)
        self.discard.append(card)
        return card

    def _after_card(self) -> None:
        if self._wiped_out():
            return
        self._lapse_choices()
        if self.aboard:
            self.phase = "aboard"
        elif self.queue:
            self.phase = "act"
        else:
            self._start_round()

    def _wiped_out(self) -> bool:
        """T-E2 (rev 2): a side with no unit left loses at once."""
        for p in (0, 1):
            if not self.alive_units(p):
                self._end_game("")
                return True
        return False

    def _do_Skip(self, a: Skip) -> None:
        card = self._pop_card()
        # TRANSLATORS: {unit} is a unit ("Panther #3"); {card} a card ("queen of hearts")
        self._ev("hold", M("{unit} holds ({card} spent).", unit=tag(self.units[a.unit]), card=C.label(card)),
                 unit=a.unit)
        self._after_card()

    def _end_game(self, why: str) -> None:
        self.phase = "over"
        res = self.result()
        text: str
        if why and res:
            # TRANSLATORS: {why} says why the game ended, {result} who won: two sentences
            text = M("{why} {result}", why=why, result=res.text)
        else:
            text = res.text if res else why
        self._ev("over", text, vp=list(self.vp))
