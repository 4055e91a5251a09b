"""Paper Invasion's animation: the program's enemy turn and every Event, replayed step by step.

The events are replayed on a copy of the board, one shown step per enemy step or Event: the
enemy that acts is drawn in red, a moving enemy slides through its wall, a smashed wall flashes.
While steps play, ``busy`` holds the computer seats back.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....engine import Event
from ....msg import M
from ....rules.invasion.slots import side_name
from ....rules.invasion.state import Enemy, Hero, InvasionState
from ..invasion_sheet import token_spots

STEP_S = 0.45      # seconds an enemy step stays on screen ...
MIN_STEP_S = 0.16  # ... shortened for a long turn, so that a whole turn takes about
TURN_S = 9.0       # this long at most
LESSON_SLOW = 2.0  # in a lesson each enemy step stays this many times longer
STEP_KINDS = ("enemy_move", "enemy_smash", "enemy_grab", "enemy_grab_fail")
# Events shown one by one when the program's enemies play or an Event fires.
SHOWN_KINDS = STEP_KINDS + ("event", "event_none", "erase", "add_enemy", "skip", "split", "kill", "wall", "end")


class AnimMixin:
    """The animation part of InvasionView: ``queue`` of (event, board before, board after, seconds)."""

    # -- animation ---------------------------------------------------------------------
    def on_events(self, events: Sequence[Event]) -> None:
        s = self.state
        kinds = {e.kind for e in events}
        if "enemy_turn" in kinds or "event" in kinds:
            self._queue_steps(events)
        if self.selected is not None and s.phase == "heroes" and (
                self.selected not in s.heroes or not s.hero_actions(self.selected)):
            self.selected = None
        if s.phase not in ("heroes", "enemies"):
            self.selected = None
        if self.use_mode and (self.selected is None or not self._hero_acts()):
            self.use_mode, self.use_targets = False, []
        self.before = s.clone()
        self._sync_ui()

    def _queue_steps(self, events: Sequence[Event]) -> None:
        """Replay the events on a copy of the board, one shown step per enemy step or Event."""
        final = self.state
        disp = self.before.clone()
        disp.vault, disp.vault_open, disp.event_room = final.vault, final.vault_open, final.event_room
        steps: list[tuple[Event, InvasionState, InvasionState]] = []
        for e in events:
            prev = disp.clone()
            d = e.data
            if e.kind in ("enemy_move", "shove"):
                for eid in d.get("enemies_moved", [d.get("enemy")]):
                    if eid in disp.enemies:
                        disp.enemies[eid].pos = d["to"]
            elif e.kind in ("enemy_smash", "wall") and d.get("wall") in disp.board.walls:
                disp.board.walls[d["wall"]] = d["new"]
            elif e.kind == "enemy_grab":
                disp.heroes.pop(d["hero"], None)
                disp.enemies[d["new"]] = Enemy(d["room"])
            elif e.kind in ("kill", "erase"):
                for v in d.get("victims", []) + ([d["enemy"]] if "enemy" in d else []):
                    disp.enemies.pop(v, None)
                if "hero" in d and e.kind == "erase":
                    disp.heroes.pop(d["hero"], None)
            elif e.kind == "add_enemy":
                for nid in d.get("new", []):
                    disp.enemies[nid] = Enemy(d["room"])
            elif e.kind == "add_hero":
                h = final.heroes.get(d["hero"])
                disp.heroes[d["hero"]] = h.copy() if h else Hero(0, d["room"])
            elif e.kind == "move" and d.get("hero") in disp.heroes:
                disp.heroes[d["hero"]].room = d["to"]
            elif e.kind == "split":
                disp.board = final.board.copy()
                for k, en in final.enemies.items():
                    if k in disp.enemies:
                        disp.enemies[k].pos = en.pos
            if e.kind in SHOWN_KINDS and e.text:
                steps.append((e, prev, disp.clone()))
        if not steps:
            return
        n = len(steps) + len(self.queue)
        dur = max(MIN_STEP_S, min(STEP_S, TURN_S / n))
        if getattr(self.ctx, "lesson", None) is not None:
            dur *= LESSON_SLOW  # a learner watches each smash and step (a click or Space still skips)
        for e, a, b in steps:
            self.queue.append((e, a, b, 2.2 if e.kind == "event" else dur))
        if self.shown is None:
            self.timer = self.queue[0][3]
            self.shown = self.queue[0][2]

    def update(self, dt: float) -> None:
        if self.queue:
            self.timer -= dt
            if self.timer <= 0:
                self.queue.pop(0)
                self.timer = self.queue[0][3] if self.queue else 0.0
                self.shown = self.queue[0][2] if self.queue else None
        if self.dialog is not None and not self.dialog.alive():
            self.dialog = None
            self._event_buttons = {}
        if self.elements or self._ui_key is None or self._ui_key[0] != self.state.phase:
            self._sync_ui()

    def busy(self) -> bool:
        return bool(self.queue)

    def shown_status(self) -> str | None:
        if self.queue and self.queue[0][0].kind in STEP_KINDS:
            # TRANSLATORS: {enemies} is the enemy side ("Zombies") while their turn is shown step by step
            return M("{enemies}' turn.", enemies=side_name(self.state.enemies_name))
        return None

    def _step_actor(self, step: tuple[Event, InvasionState, InvasionState, float] | None) -> int:
        if step is None:
            return -1
        d = step[0].data
        return int(d.get("new", d.get("enemy", -1))) if step[0].kind == "enemy_grab" else int(d.get("enemy", -1))

    def _slide(self, step: tuple[Event, InvasionState, InvasionState, float]) -> None:
        """The moving enemy glides from its old spot to the new one in the first part of its step."""
        e, before, _after, dur = step
        name = f"X{e.data['enemy']}"
        old = token_spots(before, self.frame).get(name)
        new = self._spots.get(name)
        if old is None or new is None:
            return
        t = min(1.0, max(0.0, 1.0 - self.timer / max(0.01, dur * 0.7)))
        self._spots[name] = (old[0] + (new[0] - old[0]) * t, old[1] + (new[1] - old[1]) * t, new[2])
