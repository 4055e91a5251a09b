"""What a Warigami action plays out: a unit walking its path, the die tumbling then settling.

The die stays on the board with the result written over the target until the next action.  On a
board that scrolls, the view follows the play: to the squares of a move or a shot, and to the
units of the seat whose turn begins.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ....engine import Event
from ....i18n import tr
from ....msg import Mp
from ....rules.warigami.state import SETUP, SQUAD
from ... import paper
from .board import Square, WarigamiBoard

STEP_S = 0.09  # seconds per square of a move animation
ROLL_S = 1.0  # seconds the die tumbles and shows its face


class WarigamiAnim(WarigamiBoard):
    """Queues what the events did (``on_events``) and advances it frame by frame."""

    def on_events(self, events: Sequence[Event]) -> None:
        if events:
            self.last_roll = None  # the next action takes the old die off the board
        for e in events:
            if e.kind == "move":
                path = list(e.data["path"])
                self.show_squares([path[0], path[-1]])
                self.anims.append({"kind": "move", "unit": e.data["unit"], "path": path, "t": 0.0,
                                   "dur": STEP_S * max(1, len(path) - 1)})
            elif e.kind == "attack":
                self.show_squares([e.data["from"], e.data["to"]])
                self.anims.append({"kind": "roll", "t": 0.0, "dur": ROLL_S, **dict(e.data)})
            elif e.kind == "end_turn":
                self.selected, self.pending, self.healing = None, None, False
            elif e.kind == "heal":
                self.healing = False
        sel = self.s.units.get(self.selected) if self.selected is not None else None
        if sel is None or sel.owner != self.s.current_player():
            self.selected = None
        self._sync_widgets()

    def _focus(self) -> None:
        """On a board that scrolls, look for the seat to move when its turn (or placement) begins:
        its units, or its free start zone while placing."""
        s = self.s
        key = (s.phase in (SQUAD, SETUP), s.player, s.turns)
        if key == self._focus_key or self.anims:
            return
        self._focus_key = key
        if s.phase == SETUP:
            zone = [q for q in s.board.zones[s.player] if q not in s.at and q not in s.board.walls]
            self.show_squares(zone or sorted(s.board.zones[s.player]), centre=True)
        elif s.phase != SQUAD:
            self.show_squares([u.sq for u in s.units_of(s.player)], centre=True)

    def _advance(self, dt: float) -> None:
        """The first animation moves on by ``dt``; a die that has settled stays on the board."""
        if self.anims:
            a = self.anims[0]
            a["t"] = float(a["t"]) + dt  # type: ignore[arg-type]
            if a["t"] >= a["dur"]:  # type: ignore[operator]
                done = self.anims.pop(0)
                if done["kind"] == "roll":
                    self.last_roll = done  # the die stays until the next action

    def busy(self) -> bool:
        return bool(self.anims)

    def _path_pos(self, anim: dict[str, object]) -> tuple[float, float]:
        path: list[Square] = anim["path"]  # type: ignore[assignment]
        if len(path) < 2:
            return path[-1]
        f = min(1.0, float(anim["t"]) / float(anim["dur"])) * (len(path) - 1)  # type: ignore[arg-type]
        i = min(len(path) - 2, int(f))
        k = f - i
        a, b = path[i], path[i + 1]
        return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)

    def _draw_roll(self, surface: pygame.Surface, anim: dict[str, object]) -> None:
        s = self.s
        frm, to = anim["from"], anim["to"]
        a, b = self.centre(frm), self.centre(to)  # type: ignore[arg-type]
        t = float(anim["t"])  # type: ignore[arg-type]
        paper.pencil_line(surface, paper.INK, a, b, 2)
        settled = t > 0.55
        face = int(anim["face"]) if settled else 1 + int(t * 23) % 6  # type: ignore[call-overload]
        box = self.die_rect(anim)
        size, (cx, cy) = box.w, box.center
        ang = 0 if settled else t * 900
        die = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(die, (255, 253, 245), die.get_rect(), border_radius=size // 6)
        pygame.draw.rect(die, paper.INK, die.get_rect(), 2, border_radius=size // 6)
        pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[face]
        for px, py in pips:
            pygame.draw.circle(die, paper.INK, (size / 2 + px * size * 0.27, size / 2 + py * size * 0.27),
                               max(2, size // 11))
        rot = pygame.transform.rotate(die, ang)
        surface.blit(rot, rot.get_rect(center=(int(cx), int(cy))))
        if settled:
            out = str(anim["outcome"])
            word, size, where = self.popup(anim)
            self._label(surface, word, where.topleft, size, paper.WARN if out != "miss" else paper.GRAPHITE,
                        "topleft")
            for sq in anim.get("splash_squares", ()) or ():  # type: ignore[attr-defined]
                r = self.sq_rect(sq)
                pygame.draw.rect(surface, paper.WARN, r.inflate(-4, -4), 2)
        del s

    def popup(self, anim: dict[str, object]) -> tuple[str, int, pygame.Rect]:
        """The result written over the target ("-5", "miss!", "CRITICAL -10"): its words, size and
        place, above the target, or below it on the top row, always inside the board's part of the
        window (never cut off by the window's edge or the title above the board)."""
        out = str(anim["outcome"])
        dmg = int(anim["damage"])  # type: ignore[call-overload]
        if out == "miss":
            # TRANSLATORS: written big over a target the shot missed
            said = Mp("popup", "miss!")
        elif out == "knick":
            # TRANSLATORS: written big over a target a knick (a graze) hit, with the damage
            said = Mp("popup", "knick -{dmg}", dmg=dmg)
        elif out == "critical":
            # TRANSLATORS: written big over a target a critical hit struck, with the damage
            said = Mp("popup", "CRITICAL -{dmg}", dmg=dmg)
        else:
            said = f"-{dmg}"  # the damage alone: a number, the same in every language
        word = tr(said)
        size = max(18, int(self.cell * 0.5))
        r = pygame.Rect((0, 0), paper.font(size, True).size(word))
        bx, by = self.centre(anim["to"])  # type: ignore[arg-type]
        die = self.die_rect(anim)
        c, vp = self.cell, self.viewport
        best = None
        for dx, dy in ((0, -0.7), (0, 0.7), (0.5, 0), (-0.5, 0)):  # above, below, right, left of the target
            r.center = (int(bx + dx * (c + r.w)), int(by + dy * c))
            if vp.contains(r) and not r.colliderect(die):
                return word, size, r
            best = best or r.clamp(vp)
        return word, size, best  # type: ignore[return-value]

    def die_rect(self, anim: dict[str, object]) -> pygame.Rect:
        """Where the die lands: on the line of fire a little above its middle, inside the viewport."""
        size = max(34, int(self.cell * 0.9))
        a, b = self.centre(anim["from"]), self.centre(anim["to"])  # type: ignore[arg-type]
        r = pygame.Rect(0, 0, size, size)
        r.center = (int((a[0] + b[0]) / 2), int((a[1] + b[1]) / 2 - self.cell * 0.3))
        return r.clamp(self.viewport.inflate(-size // 2, -size // 2))
