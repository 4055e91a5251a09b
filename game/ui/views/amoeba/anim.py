"""Amoeba's animations: a short flash on each country an action touched, and the A-V8 reveal.

After the last secret choice the board before the resolution is shown for a moment with every
player's choice drawn on it (``reveal``); then the resolution flashes.  ``busy`` holds the
computer seats (and input) back while a reveal or an attack's flash plays.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ....engine import Event
from ....i18n import tr
from ....msg import M, Mp
from ....rules.amoeba.actions import Attack, Gather, Move
from ....rules.amoeba.state import AmoebaState
from ....rules.amoeba.words import say
from ... import paper
from .board import RED

REVEAL_S = 1.8  #: seconds the A-V8 choices stay drawn on the board before they resolve


class AnimMixin:
    """The animation part of AmoebaView: ``flashes`` ([country, seconds left, colour]) and ``reveal``."""

    def on_events(self, events: Sequence[Event]) -> None:
        before, self._before = self._before, self.ctx.state.clone()  # type: ignore[assignment]
        flashes_before = len(self.flashes)
        for e in events:
            if e.kind == "reveal" and before is not None:
                self._start_reveal(before, e)
                flashes_before = len(self.flashes)
            if e.kind == "attack":
                self.flashes.append([int(e.data["target"]), 0.7, RED])
            elif e.kind == "place":
                self.flashes.append([int(e.data["country"]), 0.3, paper.player_colour(int(e.data["player"]))])
            elif e.kind == "country":
                self.flashes.append([int(e.data["country"]), 0.3, paper.GOOD])
            elif e.kind in ("move", "gather", "follow") and "player" in e.data:
                legs = e.data.get("legs", [])
                dests = [int(d) for d, _n in legs] if e.kind == "move" else [int(e.data.get("to", -1))]
                for d in dests:
                    if d >= 0:
                        self.flashes.append([d, 0.3, paper.player_colour(int(e.data["player"]))])
            elif e.kind == "clash":
                self.flashes.append([int(e.data["country"]), 0.5, paper.GRAPHITE])
            elif e.kind in ("reveal", "points"):
                # a long list goes to the log only (measured as the player reads it)
                self._say(e.text if len(tr(e.text)) < 90 else M("All secret choices are revealed (see the log)."))
        if self.reveal is not None and len(self.flashes) > flashes_before:
            # the resolution flashes once the choices have been seen
            self.reveal["after"] += self.flashes[flashes_before:]
            del self.flashes[flashes_before:]

    def _start_reveal(self, before: AmoebaState, e: Event) -> None:
        """Every secret choice drawn on the board as it stood when they were made (A-V8)."""
        game = self.ctx.state.game
        arrows: list[tuple[int, int, tuple[int, int, int]]] = []
        targets: list[tuple[int, tuple[int, int, int]]] = []
        lines: list[tuple[int, str]] = []
        for p_text, raw in sorted(e.data.get("choices", {}).items()):
            p = int(p_text)
            colour = paper.player_colour(p)
            try:
                act = game.decode_action(raw)
            except Exception:  # noqa: BLE001 - a choice we cannot draw is only not drawn
                continue
            lines.append((p, say(act)))
            if isinstance(act, Attack):
                targets.append((act.target, colour))
                arrows += [(c, act.target, colour) for c in before.adj(act.target) if before.owner[c] == p]
            elif isinstance(act, Move):
                arrows += [(act.source, d, colour) for d, _n in act.dests]
            elif isinstance(act, Gather):
                arrows += [(c, act.dest, colour) for c, _n in act.sources]
        self.reveal = {"state": before, "arrows": arrows, "targets": targets, "left": REVEAL_S, "after": [],
                       "text": e.text, "lines": lines}

    def update(self, dt: float) -> None:
        if self.reveal is not None:
            self.reveal["left"] -= dt
            if self.reveal["left"] <= 0:
                self.flashes += self.reveal["after"]
                self.reveal = None
            return
        for f in self.flashes:
            f[1] -= dt
        self.flashes = [f for f in self.flashes if f[1] > 0]

    def busy(self) -> bool:
        """An A-V8 reveal, or an attack's flash, holds the computer seats (and input) back, briefly."""
        return self.reveal is not None or any(f[2] == RED and f[1] > 0.25 for f in self.flashes)

    def shown_status(self) -> str | None:
        if self.reveal is not None:
            return M("Every secret choice is revealed at once (A-V8).")
        return None

    def _draw_flashes(self, surface: pygame.Surface) -> None:
        for c, left, colour in self.flashes:
            if c < self.st.map.n:
                width = 2 + int(6 * max(0.0, left))
                pygame.draw.polygon(surface, colour, self._poly_px(c), width)

    def _draw_reveal(self, surface: pygame.Surface) -> None:
        for t, colour in self.reveal["targets"] if self.reveal else ():
            self._outline(surface, t, colour, 4)
        for src, dst, colour in self.reveal["arrows"] if self.reveal else ():
            self._arrow(surface, src, dst, colour, 4)
        paper.text(surface, Mp("panel heading", "Revealed"), (self.panel.x, self.panel.y), 22, paper.INK, bold=True)
        y = self.panel.y + 30
        x, col_w = self.panel.x, (min(self.panel.w, 340) if self.panel_under else self.panel.w)
        for p, said in self.reveal["lines"] if self.reveal else ():
            parts = paper.wrap(said, 17, col_w - 26)[:3]
            if self.panel_under and y + 21 * len(parts) > self.panel.bottom and x + 2 * col_w <= self.panel.right:
                x, y = x + col_w, self.panel.y + 30  # a wide, low panel: the next column
            paper.draw_symbol(surface, p, (x + 7, y + 10), 12)
            for part in parts:
                paper.text(surface, part, (x + 20, y), 17, paper.INK)
                y += 21
            y += 4
