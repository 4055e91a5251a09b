"""Paper Tigers "Follow me!" (T-F1): which units may copy the acting unit's order."""

from __future__ import annotations

from ...engine import IllegalAction
from ...msg import M
from .geometry import FOLLOW_CM
from .table import TigersCore
from .unit import Unit
from .words import tag


class FollowRules(TigersCore):
    """Who may follow, and every chain of followers for a leader."""

    def follow_refusal(self, f: Unit) -> str:
        """T-F1 (rev 2): why ``f`` may not follow this turn ("" when it may): it has had no card
        this turn, has not acted or followed yet, is not in shock and is not a passenger."""
        if f.damaged:
            # TRANSLATORS: {unit} is a unit ("Panther #3")
            return M("{unit} is damaged (in shock) and cannot follow.", unit=tag(f))
        if f.carrier >= 0:
            # TRANSLATORS: {unit} is a unit ("Panther #3")
            return M("{unit} is a passenger and cannot follow.", unit=tag(f))
        if f.id in self.carded or self.has_cards(f.id):
            # TRANSLATORS: {unit} is a unit ("Panther #3")
            return M("{unit} had a card of its own this turn and cannot follow.", unit=tag(f))
        if f.id in self.used:
            # TRANSLATORS: {unit} is a unit ("Panther #3")
            return M("{unit} has already acted or followed this turn.", unit=tag(f))
        return ""

    def _follower_chain(self, leader: Unit, followers: tuple[int, ...]) -> list[Unit]:
        """T-F1: up to two units with no cards of their own, each within 7.5 cm of the previous."""
        if len(followers) > 2:
            raise IllegalAction("T-F1", M("At most two more units may follow."))
        chain = [leader]
        for fid in followers:
            f = self.unit(fid)
            if f.side != leader.side or not f.alive or f.id in (c.id for c in chain):
                raise IllegalAction("T-F1", M("Followers are other units of your own side."))
            why = self.follow_refusal(f)
            if why:
                raise IllegalAction("T-F1", why)
            if self.gap(chain[-1], f) > FOLLOW_CM + 1e-9:
                # TRANSLATORS: {unit} and {other} are units ("Panther #3")
                raise IllegalAction("T-F1", M("{unit} is more than 7.5 cm from {other}.", unit=tag(f), other=tag(chain[-1])))
            chain.append(f)
        return chain

    def follower_chains(self, leader: Unit) -> list[tuple[int, ...]]:
        """T-F1: every chain of up to two followers for ``leader`` (the empty one first)."""
        free = [u for u in self.units if u.side == leader.side and u.alive and u.id != leader.id
                and not self.follow_refusal(u)]
        out: list[tuple[int, ...]] = [()]
        for f1 in free:
            if self.gap(leader, f1) <= FOLLOW_CM:
                out.append((f1.id,))
                for f2 in free:
                    if f2.id != f1.id and self.gap(f1, f2) <= FOLLOW_CM:
                        out.append((f1.id, f2.id))
        return out
