"""Paper Tigers' animations: what an action did, as the board shows it.

A move plays out along its path (``anims``: the unit's sketch slides along it, see
``TigersBoard.unit_pose``), each roll goes to the tray with its dice, what it was for and what
it needed (``rolls``, the last four), and a finished battle is counted in the campaign (T-E3).
``busy`` holds the computer seats back while a move plays out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine import Event
from ....msg import M
from ....rules.tigers import cards as C
from .board import unit_tag
from .panel import TigersPanel


class TigersAnim(TigersPanel):
    """Queues the events of each action: moves to play out, rolls for the tray."""

    def on_events(self, events: Sequence[Event]) -> None:
        for e in events:
            if e.kind == "roll" and e.data.get("dice"):
                self.rolls.append(self._roll_entry(e))
                self.rolls = self.rolls[-4:]
                self.flash = 0.45
            elif e.kind == "move" and "path" in e.data:
                pts = [tuple(p) for p in e.data["path"]]
                self.anims[e.data["unit"]] = (0.0, pts, 0.5)
        if any(e.kind in ("terrain", "destroyed", "setup", "deploy") for e in events):
            self._static = None
        if any(e.kind == "over" for e in events) and self._in_campaign():
            self._count_battle()
        if self.st.phase != "pick":
            self.selected_unit = -1
        if self.st.phase != "act":
            self.followers = []

    def _roll_entry(self, e: Event) -> dict[str, Any]:
        return {"text": e.text, "dice": e.data["dice"], "need": e.data.get("need", 0), "ok": e.data.get("ok"),
                "what": self.roll_label(e.data), "t": 0.0}

    def roll_label(self, d: Any) -> Any:
        """Whose roll, on which card, for what: "Blue Tank 3 fires at Inf 7 on 6 of hearts"."""
        s = self.st
        names = s.game.player_name

        def who(uid: Any) -> Any:
            if not isinstance(uid, int) or not 0 <= uid < len(s.units):
                return ""
            # TRANSLATORS: a side and a unit's short tag ("Blue Tank 3")
            return M("{side} {unit}", side=names(s.units[uid].side), unit=unit_tag(s.units[uid]))

        def unit(key: str) -> Any:
            uid = d.get(key)
            return unit_tag(s.units[uid]) if isinstance(uid, int) and 0 <= uid < len(s.units) else "?"
        card = d.get("card")
        on = C.label(card) if isinstance(card, str) and C.is_card(card) else None  # the hand font has no suit glyphs
        act = d.get("action", "")
        if act == "fire":
            # TRANSLATORS: {who} is a side and unit ("Blue Tank 3"), {target} a unit's short tag, {card} a card ("6 of hearts")
            return (M("{who} fires at {target} on {card}", who=who(d.get("shooter")), target=unit("target"), card=on)
                    if on else M("{who} fires at {target}", who=who(d.get("shooter")), target=unit("target")))
        if act == "move":
            # TRANSLATORS: {who} is a side and unit ("Blue Tank 3"), {card} a card ("6 of hearts")
            return (M("{who} moves on {card}", who=who(d.get("unit")), card=on) if on
                    else M("{who} moves", who=who(d.get("unit"))))
        if act == "recover":
            # TRANSLATORS: {who} is a side and unit ("Blue Tank 3"), {card} a card ("6 of hearts")
            return (M("{who} recovery on {card}", who=who(d.get("unit")), card=on) if on
                    else M("{who} recovery", who=who(d.get("unit"))))
        what = d.get("what", "")
        if what == "line of sight":
            # TRANSLATORS: a roll for a line of sight in doubt: {who} is a side and unit ("Blue Tank 3"), {target} a unit's short tag
            return M("sight {who} to {target}", who=who(d.get("shooter")), target=unit("target"))
        if what == "armour save":
            # TRANSLATORS: {who} is a side and unit ("Blue Tank 3")
            return M("{who} armour save", who=who(d.get("unit")))
        if what == "cover save":
            # TRANSLATORS: {who} is a side and unit ("Blue Tank 3")
            return M("{who} cover save", who=who(d.get("unit")))
        if what == "deal":
            # TRANSLATORS: {side} is Blue or Orange; {n} the cards it is dealt
            return M("{side} cards: {n}", side=names(d.get("player", 0)), n=d.get("cards", ""))
        if what == "dismount":
            # TRANSLATORS: {who} is a side and unit ("Blue Tank 3"); the die says how many cm it lands away
            return M("{who} dismounts, cm", who=who(d.get("unit")))
        if what == "roll-off":
            return M("roll-off")
        return what

    def update(self, dt: float) -> None:
        self.flash = max(0.0, self.flash - dt)
        for uid in list(self.anims):
            t, pts, dur = self.anims[uid]
            t += dt
            if t >= dur:
                del self.anims[uid]
            else:
                self.anims[uid] = (t, pts, dur)

    def busy(self) -> bool:
        return bool(self.anims)
