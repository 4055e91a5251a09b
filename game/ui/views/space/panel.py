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
from pygame_gui.core import ObjectID

from ....i18n import tr
from ....msg import M, Mn, Mp
from ....rules.space.flick import PENCILS
from ....rules.space.geometry import IN, cm
from ....rules.space.words import comma_list
from ....rules.space.words import side as side_word
from ... import paper
from ...widgets import fitting_class
from .board import PANEL_W, _outline
from .gestures import SpaceGestures

LOUPE_MM = 8.0  #: half the width of paper the magnifier shows while aiming


#: The other texts a tool button shows as its state changes (its size is chosen for the widest).
TEXTS_OF = {
    "residue": (Mp("button", "Show traces (E)"), Mp("button", "Erase traces (E)")),
    "aim": (Mp("button", "Aiming aid: on (A)"), Mp("button", "Aiming aid: off (A)")),
    "turret": (Mp("button", "Ship instead (T)"), Mp("button", "Turret (T)")),
    "hand": (Mp("button", "Cancel hand (H)"), Mp("button", "Place hand (H)")),
}


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
            ("move", Mp("button", "Move (M)"), M("Flicks move the ship (left drag)")),
            ("shot", Mp("button", "Shoot (S)"), M("Flicks shoot (right drag shoots too)")),
            ("residue", Mp("button", "Erase traces (E)"), M("Old traces stay as faint residue; erase or show them")),
            ("aim", Mp("button", "Aiming aid (A)"),
             M("A dashed line shows the direction of your drag, never where it lands")),
        ]
        if g.settings["pencils"]:
            # TRANSLATORS: a pencil's button: the key that picks it, then its name ("2 Stub pencil")
            specs += [(f"pencil_{k}", M("{key} {pencil}", key=i + 1, pencil=PENCILS[k].name), PENCILS[k].label)
                      for i, k in enumerate(("hb", "stub", "long"))]
        if g.settings["stopper"]:
            specs.append(("hand", Mp("button", "Place hand (H)"), M("Drag a line where your hand stops the pencil")))
        if g.settings["passing"]:
            specs.append(("pass", Mp("button", "Pass (P)"), M("Pass the turn (counts as a move)")))
        proposals = g.num_players >= 3  # S-V4 (rev 4): every player still in must accept
        if g.settings["stalemate"]:
            specs.append(("draw", Mp("button", "Propose draw (D)") if proposals else Mp("button", "Call draw (D)"),
                          M("After ten turns without a shot; every player still in must accept") if proposals
                          else M("After ten turns without a shot")))
        if g.settings["turrets"]:
            specs.append(("turret", Mp("button", "Turret (T)"),
                          M("Place a turret outside your hangar instead of a ship")))
        if g.settings["field"] == "hand":
            specs.append(("done", Mp("button", "Done drawing"), M("Enter: no more asteroids from you")))
        specs.append(("confirm", Mp("button", "Confirm heading"), M("Enter: keep this heading")))
        x, y = self.rect.x + 6, self.rect.y + 8
        for i, (key, label, tip) in enumerate(specs):
            rect = pygame.Rect(x, y + i * self.ui_px(40), self.ui_px(PANEL_W) - 12, self.ui_px(34))
            said = [tr(label), *(tr(m) for m in TEXTS_OF.get(key, ()))]  # every text this button may show
            widest = max(said, key=lambda t: paper.font(17).size(t)[0])
            fit = fitting_class(widest, rect.width, self.ui_px(100) / 100)  # a long translation: smaller
            self.buttons[key] = pygame_gui.elements.UIButton(rect, tr(label), ui, container=box, tool_tip_text=tr(tip),
                                                             object_id=ObjectID(class_id=fit) if fit else None)
        if g.settings["stalemate"] and proposals:
            self._fit()
            rects = self._card_button_rects()
            for key, label, tip in (("accept", Mp("button", "Accept (Y)"), M("Agree to end the game drawn")),
                                    ("refuse", Mp("button", "Refuse (N)"), M("Play on"))):
                self.card_buttons[key] = pygame_gui.elements.UIButton(rects[key], tr(label), ui, container=box,
                                                                      tool_tip_text=tr(tip))
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
        texts = {"residue": tr(Mp("button", "Show traces (E)") if not self.show_residue
                               else Mp("button", "Erase traces (E)")),
                 "aim": tr(Mp("button", "Aiming aid: on (A)") if self.show_aim else Mp("button", "Aiming aid: off (A)")),
                 "turret": tr(Mp("button", "Ship instead (T)") if self.turret else Mp("button", "Turret (T)")),
                 "hand": tr(Mp("button", "Cancel hand (H)") if self.hand_mode else Mp("button", "Place hand (H)"))}
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
            paper.text(surface, PENCILS[self.pencil].name, (x, y), 18, paper.GRAPHITE)
            y += 26
        d = self.drag
        if d is not None and d.get("kind") == "flick" and self.hover is not None:
            paper.text(surface, M("Shot strength") if d["mode"] == "shot" else M("Move strength"), (x, y), 18,
                       paper.INK)
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
        # TRANSLATORS: the magnifier's zoom ("x3")
        paper.text(surface, M("x{zoom:.0f}", zoom=float(zoom)), (box.right - 4, box.bottom - 2), 14, paper.GRAPHITE, "bottomright")

    # -- the draw proposal's card (S-V4, rev 4) ---------------------------------------------------------
    def _proposal_card(self) -> pygame.Rect:
        """Where the draw proposal (S-V4, 3-4 players) is written: a card between the side hangars, in the
        middle of the paper or a third up or down it, wherever it hides the fewest pieces."""
        sheet = self.paper_rect()
        width = max(160, min(int(sheet.w - 2 * IN * self.scale - 16), self.ui_px(400)))
        lines = max(2, len(self._card_lines(width - 28)))  # who accepted and who is to answer, wrapped
        card = pygame.Rect(0, 0, width, 96 + 21 * lines + self.ui_px(34))  # title, the lines, the question, the buttons
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

    def _card_lines(self, width: int) -> list[str]:
        """The proposal card's lines under its title (who accepted, who is still to answer), wrapped to
        ``width`` in the player's language."""
        prop = self.state.proposal
        if prop is None:
            return []
        g = self.state.game
        # TRANSLATORS: {names} is a list of players ("Blue (bottom), Green (left)")
        texts = [M("Accepted: {names}", names=comma_list([g.player_name(k) for k in prop["yes"]])),
                 M("To answer: {names}", names=comma_list([g.player_name(k) for k in prop["asked"]]))]
        return [part for line in texts for part in paper.wrap(line, 18, width)]

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
        title, size = paper.fit(M("{who} proposes a draw", who=g.player_name(prop["by"])), 22, card.w - 16, bold=True)
        paper.text(surface, title, (card.centerx, y), size, paper.INK, "midtop", bold=True)
        y += 30
        for part in self._card_lines(card.w - 28):
            paper.text(surface, part, (x, y), 18, paper.INK)
            y += 21
        who = g.player_name(s.seat)
        ask = M("{who}: accept or refuse?", who=who) if self.ctx.human_to_move() else M("{who} answers...", who=who)
        ask, size = paper.fit(ask, 20, card.w - 16, bold=True)  # a long name or a long language stays on the card
        paper.text(surface, ask, (card.centerx, y + 4), size, paper.player_colour(s.seat), "midtop", bold=True)

    # -- margin -------------------------------------------------------------------------------------
    def margin_lines(self) -> list[str]:
        s = self.state
        g = s.game
        lines: list[str] = []
        for seat in range(g.num_players):
            ships = sum(1 for p in s.pieces if p.owner == seat and p.kind == "ship")
            turrets = sum(1 for p in s.pieces if p.owner == seat and p.kind == "turret")
            fleet = Mn("{n} ship", "{n} ships", ships)
            if turrets:
                # TRANSLATORS: a player's fleet in the margin ("Blue (bottom): 2 ships, 1 turret")
                lines.append(M("{who}: {ships}, {turrets}", who=g.player_name(seat), ships=fleet,
                               turrets=Mn("{n} turret", "{n} turrets", turrets)))
            else:
                # TRANSLATORS: a player's fleet in the margin ("Blue (bottom): 3 ships")
                lines.append(M("{who}: {ships}", who=g.player_name(seat), ships=fleet))
        if s.phase in ("play", "heading"):
            lines.append(M("Flick mode: shoot") if self.mode == "shot" else M("Flick mode: move"))
            if g.settings["stalemate"]:
                lines.append(M("Turns without a shot: {n}", n=s.quiet))
                if s.turns < s.next_call:
                    lines.append(Mn("Draw refused: next call in {n} turn", "Draw refused: next call in {n} turns",
                                    s.next_call - s.turns))
        if s.phase == "draw" and s.proposal is not None:
            lines.append(M("Draw proposed by {who}", who=g.player_name(s.proposal["by"])))
            if s.tears:
                lines.append(M("Tears in the paper: {n}", n=len(s.tears)))
        lines.append(M("Asteroids: {n}", n=len(s.asteroids)))
        if not self.show_residue:
            lines.append(M("Old traces erased (E shows them)."))
        return lines

    def hint(self) -> str:
        s = self.state
        if s.is_over():
            return ""
        phase = s.phase
        if phase == "door":
            # TRANSLATORS: {who} is a player, {side} the side of the paper ("bottom"), {door} the door's width
            return M("{who}: drag along your own hangar wall (at the {side}) and let go where the {door} door goes.",
                     who=s.game.player_name(s.seat), side=side_word(s.game.hangars[s.seat].side), door=cm(IN, 1))
        if phase == "field":
            return M("Drag a loop to draw an asteroid (not touching rock or walls); Enter when you are done.")
        if phase == "ships":
            if self.turret:
                # TRANSLATORS: {d} is a distance ("2.5 cm (1 in)")
                return M("Click just outside your hangar, within {d} of its wall, to place the turret (one each; it "
                         "never moves, it shoots any way); T: back to ships.", d=cm(IN, 1))
            if s.game.settings["turrets"]:
                return M("Click in your hangar to place a ship, or drag to point it (wheel or arrows turn it; T: a "
                         "turret instead).")
            return M("Click in your hangar to place a ship, or drag to point it (wheel or arrows turn it).")
        if phase == "heading":
            return M("Drag to point the ship, or arrows then Enter (Enter alone: along the trace).")
        if phase == "draw":
            return M("A draw is proposed: Accept (Y) ends the game drawn once every player still in accepts; "
                     "Refuse (N) plays on.")
        if phase == "play":
            if self.mode == "shot":
                return M("Press a ship's nose, drag and let go to shoot; a longer drag flicks harder (right drag "
                         "shoots; M/S switch; E erases traces).")
            return M("Press a ship's nose, drag and let go to move; a longer drag flicks harder (right drag "
                     "shoots; M/S switch; E erases traces).")
        return ""
