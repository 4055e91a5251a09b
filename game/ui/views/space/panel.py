"""Pencil Space Combat's panels: the tool column left of the paper, the draw proposal's card, and
the words for the margin and the hint line.

The column holds the buttons (move or shoot, traces, aiming aid, pencils, hand, pass, draw,
turret, done drawing, confirm heading), under them the pencil in hand and the strength of the
flick being dragged, and the magnifier while aiming.  A proposed draw (S-V4, 3-4 players) is a
card on the paper with its Accept and Refuse buttons.
"""

from __future__ import annotations

import math

import pygame
import pygame_gui

from ....rules.space.flick import PENCILS
from ....rules.space.geometry import IN, cm
from ... import paper
from .board import PANEL_W, _outline
from .gestures import SpaceGestures

LOUPE_MM = 8.0  #: half the width of paper the magnifier shows while aiming


class SpacePanel(SpaceGestures):
    """The column's widgets and words, the proposal card, the margin lines and the hint."""

    # -- widgets: the tool column left of the paper ------------------------------------------
    def _build_widgets(self) -> None:
        self.kill()
        ui = getattr(self.ctx, "ui", None)
        if ui is None:
            return
        box = getattr(self.ctx, "box", None)
        g = self.state.game
        specs: list[tuple[str, str, str]] = [
            ("move", "Move (M)", "Flicks move the ship (left drag)"),
            ("shot", "Shoot (S)", "Flicks shoot (right drag shoots too)"),
            ("residue", "Erase traces (E)", "Old traces stay as faint residue; erase or show them"),
            ("aim", "Aiming aid (A)", "A dashed line shows the direction of your drag, never where it lands"),
        ]
        if g.settings["pencils"]:
            specs += [(f"pencil_{k}", f"{i + 1} {PENCILS[k].label.split(' (')[0]}", PENCILS[k].label)
                      for i, k in enumerate(("hb", "stub", "long"))]
        if g.settings["stopper"]:
            specs.append(("hand", "Place hand (H)", "Drag a line where your hand stops the pencil"))
        if g.settings["passing"]:
            specs.append(("pass", "Pass (P)", "Pass the turn (counts as a move)"))
        proposals = g.num_players >= 3  # S-V4 (rev 4): every player still in must accept
        if g.settings["stalemate"]:
            specs.append(("draw", "Propose draw (D)" if proposals else "Call draw (D)",
                          "After ten turns without a shot; every player still in must accept" if proposals
                          else "After ten turns without a shot"))
        if g.settings["turrets"]:
            specs.append(("turret", "Turret (T)", "Place a turret outside your hangar instead of a ship"))
        if g.settings["field"] == "hand":
            specs.append(("done", "Done drawing", "Enter: no more asteroids from you"))
        specs.append(("confirm", "Confirm heading", "Enter: keep this heading"))
        x, y = self.rect.x + 6, self.rect.y + 8
        for i, (key, label, tip) in enumerate(specs):
            self.buttons[key] = pygame_gui.elements.UIButton(pygame.Rect(x, y + i * self.ui_px(40), self.ui_px(PANEL_W) - 12,
                                                                         self.ui_px(34)), label, ui,
                                                             container=box, tool_tip_text=tip)
        if g.settings["stalemate"] and proposals:
            self._fit()
            rects = self._card_button_rects()
            for key, label, tip in (("accept", "Accept (Y)", "Agree to end the game drawn"),
                                    ("refuse", "Refuse (N)", "Play on")):
                self.card_buttons[key] = pygame_gui.elements.UIButton(rects[key], label, ui, container=box,
                                                                      tool_tip_text=tip)
        self._sync_widgets()

    def _panel_bottom(self) -> int:
        return self.rect.y + 8 + len(self.buttons) * self.ui_px(40)

    def _sync_widgets(self) -> None:
        if not self.buttons:
            return
        if self.replaying:  # a recorded point: nothing to press
            for button in [*self.buttons.values(), *self.card_buttons.values()]:
                button.hide()
            return
        s = self.state
        human = self.ctx.human_to_move() and not s.is_over()
        play = human and s.phase == "play"
        want = {
            "move": play and self.mode != "move", "shot": play and self.mode != "shot",
            "residue": True, "aim": True, "hand": play, "pass": play, "draw": self._caller() is not None,
            "turret": human and s.phase == "ships", "done": human and s.phase == "field",
            "confirm": human and s.phase == "heading",
        }
        for k in ("hb", "stub", "long"):
            want[f"pencil_{k}"] = play and self.pencil != k
        texts = {"residue": "Show traces (E)" if not self.show_residue else "Erase traces (E)",
                 "aim": f"Aiming aid: {'on' if self.show_aim else 'off'} (A)",
                 "turret": "Ship instead (T)" if self.turret else "Turret (T)",
                 "hand": "Cancel hand (H)" if self.hand_mode else "Place hand (H)"}
        for key, button in self.buttons.items():
            on = want.get(key, True)
            if on and not button.is_enabled:
                button.enable()
            elif not on and button.is_enabled:
                button.disable()
            if key in texts and button.text != texts[key]:
                button.set_text(texts[key])
        answer = human and s.phase == "draw" and not self.anim  # S-V4 (rev 4): a person at this screen answers
        rects = self._card_button_rects() if answer and self.card_buttons else {}
        for key, button in self.card_buttons.items():
            if answer and button.relative_rect.topleft != rects[key].topleft:
                button.set_relative_position(rects[key].topleft)
            if answer and not button.visible:
                button.show()
            elif not answer and button.visible:
                button.hide()

    def kill(self) -> None:
        for b in [*self.buttons.values(), *self.card_buttons.values()]:
            b.kill()
        self.buttons = {}
        self.card_buttons = {}

    # -- drawn in the column ----------------------------------------------------------------------
    def _draw_panel(self, surface: pygame.Surface) -> None:
        """Under the buttons: the strength of the flick being dragged, and the pencil in hand."""
        if not self.buttons or self.rect.w - self.ui_px(PANEL_W) <= 300 or self.replaying:
            return
        x, y = self.rect.x + 8, self._panel_bottom() + 10
        s = self.state
        if s.phase in ("play", "heading"):
            paper.text(surface, PENCILS[self.pencil].label.split(" (")[0], (x, y), 18, paper.GRAPHITE)
            y += 26
        d = self.drag
        if d is not None and d.get("kind") == "flick" and self.hover is not None:
            paper.text(surface, f"{'Shot' if d['mode'] == 'shot' else 'Move'} strength", (x, y), 18, paper.INK)
            bar = self._strength(d, self.hover)
            box = pygame.Rect(x, y + 24, self.ui_px(PANEL_W) - 20, 12)
            pygame.draw.rect(surface, paper.INK, (box.x, box.y, int(box.w * bar), box.h))
            pygame.draw.rect(surface, paper.GRAPHITE, box, 1)

    def _draw_loupe(self, surface: pygame.Surface) -> None:
        """While aiming, the ship and the first stretch of the drag magnified, beside the paper (or over its
        far corner when the column has no room), so a 6 mm ship can be aimed precisely at 1280x800."""
        d = self.drag
        if d is None or d.get("kind") != "flick":
            return
        p = self.state.piece(d["ship"])
        if p is None:
            return
        c = self.px((p.x, p.y))
        r = max(8, int(LOUPE_MM * self.scale))
        src = pygame.Rect(int(c[0]) - r, int(c[1]) - r, 2 * r, 2 * r).clip(surface.get_rect())
        if src.w < 4 or src.h < 4:
            return
        side = PANEL_W - 20
        zoom = side / (2 * r)
        room = self.rect.w - PANEL_W > 300 and self.buttons and not self.replaying
        box = pygame.Rect(self.rect.x + 8, self._panel_bottom() + 86, side, side)
        if not room or box.bottom > self.rect.bottom - 4:
            sheet = self.paper_rect()
            left = c[0] > sheet.centerx
            up = c[1] > sheet.centery
            box.topleft = (sheet.left + 6 if left else sheet.right - side - 6, sheet.top + 6 if up else sheet.bottom - side - 6)
        piece = surface.subsurface(src).copy()
        zoomed = pygame.transform.smoothscale(piece, (max(1, int(src.w * zoom)), max(1, int(src.h * zoom))))
        pygame.draw.rect(surface, paper.PAPER, box)
        surface.blit(zoomed, (box.x + int((src.x - (c[0] - r)) * zoom), box.y + int((src.y - (c[1] - r)) * zoom)),
                     area=pygame.Rect(0, 0, side, side))
        pygame.draw.rect(surface, paper.GRAPHITE, box, 1)
        paper.text(surface, f"x{zoom:.0f}", (box.right - 4, box.bottom - 2), 14, paper.GRAPHITE, "bottomright")

    # -- the draw proposal's card (S-V4, rev 4) ---------------------------------------------------------
    def _proposal_card(self) -> pygame.Rect:
        """Where the draw proposal (S-V4, 3-4 players) is written: a card between the side hangars, in the
        middle of the paper or a third up or down it, wherever it hides the fewest pieces."""
        sheet = self.paper_rect()
        width = max(160, min(int(sheet.w - 2 * IN * self.scale - 16), self.ui_px(400)))
        card = pygame.Rect(0, 0, width, 138 + self.ui_px(34))  # title, two lines, the question, the buttons
        bodies = []
        for p in self.state.pieces:
            xs, ys = zip(*(self.px(c) for c in _outline(p.kind, p.x, p.y, p.heading)), strict=True)
            bodies.append(pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1))
        best, least = card, math.inf
        for k in sorted(range(-24, 25), key=abs):  # the middle first, then a 64th of the paper up or down at a time
            spot = card.copy()
            spot.center = (sheet.centerx, int(sheet.centery + k * sheet.h / 64))
            spot.clamp_ip(sheet)
            hidden = sum(1 for b in bodies if spot.inflate(8, 8).colliderect(b))
            if hidden < least:
                best, least = spot, hidden
        return best

    def _card_button_rects(self) -> dict[str, pygame.Rect]:
        card = self._proposal_card()
        w, h = min(self.ui_px(128), card.w // 2 - 16), self.ui_px(34)
        return {"accept": pygame.Rect(card.centerx - w - 8, card.bottom - h - 12, w, h),
                "refuse": pygame.Rect(card.centerx + 8, card.bottom - h - 12, w, h)}

    def _draw_proposal(self, surface: pygame.Surface) -> None:
        """S-V4 (rev 4): who proposed the draw, who accepted, who is still to answer, and the question
        (the rule id is in the log line and the hint above the board)."""
        s = self.state
        prop = s.proposal
        if s.phase != "draw" or prop is None or self.anim:
            return
        g = s.game
        card = self._proposal_card()
        pygame.draw.rect(surface, (200, 194, 180), card.move(3, 3))
        pygame.draw.rect(surface, paper.PAPER, card)
        paper.pencil_lines(surface, paper.GRAPHITE, [card.topleft, card.topright, card.bottomright, card.bottomleft],
                           True, 1)
        x, y = card.x + 14, card.y + 10
        paper.text(surface, f"{g.player_name(prop['by'])} proposes a draw", (card.centerx, y), 22, paper.INK,
                   "midtop", bold=True)
        y += 30
        lines = ["Accepted: " + ", ".join(g.player_name(k) for k in prop["yes"]),
                 "To answer: " + ", ".join(g.player_name(k) for k in prop["asked"])]
        for line in lines:
            for part in paper.wrap(line, 18, card.w - 28):
                paper.text(surface, part, (x, y), 18, paper.INK)
                y += 21
        who = g.player_name(s.seat)
        ask = f"{who}: accept or refuse?" if self.ctx.human_to_move() else f"{who} answers..."
        paper.text(surface, ask, (card.centerx, y + 4), 20, paper.player_colour(s.seat), "midtop", bold=True)

    # -- margin -------------------------------------------------------------------------------------
    def margin_lines(self) -> list[str]:
        s = self.state
        g = s.game
        lines = []
        for seat in range(g.num_players):
            ships = sum(1 for p in s.pieces if p.owner == seat and p.kind == "ship")
            turrets = sum(1 for p in s.pieces if p.owner == seat and p.kind == "turret")
            extra = f", {turrets} turret{'s' if turrets != 1 else ''}" if turrets else ""
            lines.append(f"{g.player_name(seat)}: {ships} ship{'s' if ships != 1 else ''}{extra}")
        if s.phase in ("play", "heading"):
            lines.append(f"Flick mode: {'shoot' if self.mode == 'shot' else 'move'}")
            if g.settings["stalemate"]:
                lines.append(f"Turns without a shot: {s.quiet}")
                if s.turns < s.next_call:
                    lines.append(f"Draw refused: next call in {s.next_call - s.turns} turns")
        if s.phase == "draw" and s.proposal is not None:
            lines.append(f"Draw proposed by {g.player_name(s.proposal['by'])}")
            if s.tears:
                lines.append(f"Tears in the paper: {len(s.tears)}")
        lines.append(f"Asteroids: {len(s.asteroids)}")
        if not self.show_residue:
            lines.append("Old traces erased (E shows them).")
        return lines

    def hint(self) -> str:
        s = self.state
        if s.is_over():
            return ""
        verb = "shoot" if self.mode == "shot" else "move"
        return {
            "door": f"{s.game.player_name(s.seat)}: drag along your own hangar wall (at the "
                    f"{s.game.hangars[s.seat].side}) and let go where the {cm(IN, 1)} door goes.",
            "field": "Drag a loop to draw an asteroid (not touching rock or walls); Enter when you are done.",
            "ships": (f"Click just outside your hangar, within {cm(IN, 1)} of its wall, to place the turret "
                      "(one each; it never moves, it shoots any way); T: back to ships." if self.turret else
                      "Click in your hangar to place a ship, or drag to point it (wheel or arrows turn it"
                      + ("; T: a turret instead" if s.game.settings["turrets"] else "") + ")."),
            "heading": "Drag to point the ship, or arrows then Enter (Enter alone: along the trace).",
            "draw": "A draw is proposed: Accept (Y) ends the game drawn once every player still in accepts; "
                    "Refuse (N) plays on.",
            "play": f"Press a ship's nose, drag and let go to {verb}; a longer drag flicks harder"
                    " (right drag shoots; M/S switch; E erases traces).",
        }.get(s.phase, "")
