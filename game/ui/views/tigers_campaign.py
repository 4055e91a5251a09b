"""Paper Tigers campaign (T-E3), opened from the Tigers setup screen: the standings per
commander name, the names that the next battles count for, and a reset."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ...jsonio import FileProblem
from ...levels import level_title
from ...rules.tigers.campaign import Campaign, campaign_path, load_running, reset_campaign
from .. import paper
from ..app import App, Scene
from ..widgets import TextField


class TigersCampaignScene(Scene):
    """Standings per player name; name the Blue and Orange commanders; reset the campaign."""

    def __init__(self, app: App, ruleset: Any = None, path: Path | None = None) -> None:
        super().__init__(app)
        self.path = path or campaign_path()
        self.camp: Campaign = load_running(self.path)
        self.message = ""
        if self.path.exists():  # a file that cannot be read is said, and kept when the next save comes
            try:
                Campaign.load(self.path)
            except FileProblem as exc:
                self.message = (f"{exc} A new campaign is shown; the file is kept as "
                                f"{self.path.stem}.damaged.json when this one is saved.")
        self.entries: list[pygame_gui.elements.UITextEntryLine] = []

    def build(self) -> None:
        box = self.new_box()
        ui = self.app.ui
        w, h = self.app.size
        x = w // 2 - 260
        self.entries = []
        for seat in (0, 1):
            e = TextField(pygame.Rect(x + 240, 130 + seat * 50, 280, 38), ui, "commander", container=box)
            e.set_text(self.camp.names[seat])
            self.entries.append(e)
        self.save_names = pygame_gui.elements.UIButton(pygame.Rect(x + 240, 235, 280, 40), "Use these names", ui,
                                                       container=box)
        self.reset = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - 310, h - 80, 280, 50), "Reset the campaign", ui,
                                                  container=box)
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 + 30, h - 80, 280, 50), "Back", ui, container=box)

    def use_names(self) -> None:
        names = [e.get_text().strip() for e in self.entries]
        if not all(names) or names[0] == names[1]:
            self.message = "Give the two commanders two different names."
            return
        self.camp.names = (names[0], names[1])
        self._save("The next battles count for " + " and ".join(names) + ".")

    def do_reset(self) -> None:
        try:
            self.camp = reset_campaign(self.path)
            self.message = "The campaign starts afresh."
        except (FileProblem, OSError) as exc:
            self.message = f"The campaign could not be saved: {exc}"

    def _save(self, ok: str) -> None:
        try:
            self.camp.save(self.path)
            self.message = ok
        except (FileProblem, OSError) as exc:
            self.message = f"The campaign could not be saved: {exc}"

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.reset:
                self.do_reset()
            elif event.ui_element is self.save_names:
                self.use_names()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in self.entries:
            self.use_names()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def lines(self) -> list[str]:
        camp = self.camp
        out = [f"Battle {len(camp.results)} of {camp.battles} fought.  Complete victory 3, marginal 2, draw 1 each."]
        for name, pts in camp.standings():
            out.append(f"{name}: {pts} campaign point{'s' if pts != 1 else ''}")
        for i, r in enumerate(camp.results[-6:], start=max(1, len(camp.results) - 5)):
            who = r.get("names") or list(camp.names)
            res = "a draw" if r["winner"] < 0 else f"{who[r['winner']]}, {r['victory']} victory"
            level = level_title("tigers", r["level"]) if r["level"] else "a battle"
            blue, orange = (n if n == c else f"{n} ({c})" for n, c in zip(who, ("Blue", "Orange"), strict=True))
            out.append(f"  Battle {i}, {level}: {blue} {r['vp'][0]} - {r['vp'][1]} {orange}: {res}")
        return out

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        w, h = self.app.size
        paper.text(surface, "Paper Tigers campaign", (w // 2, 24), 40, paper.INK, "midtop", bold=True)
        paper.text(surface, "Points are kept per commander's name, whichever colour they play; a computer "
                   "seat plays under the name set for its colour.", (w // 2, 76), 18, paper.GRAPHITE, "midtop")
        x = w // 2 - 260
        for seat in (0, 1):
            paper.draw_symbol(surface, seat, (x + 12, 149 + seat * 50), 16)
            paper.text(surface, f"{('Blue', 'Orange')[seat]} commander", (x + 30, 149 + seat * 50), 19, paper.INK,
                       "midleft")
        y = 300
        for i, line in enumerate(self.lines()):
            paper.text(surface, line, (x, y), 19 if i else 20, paper.INK, bold=i == 0)
            y += 28
        if self.message:  # wrapped: a file's problem is a long sentence
            lines = paper.wrap(self.message, 19, w - 80)
            bad = "could not" in self.message or "damaged" in self.message
            for i, line in enumerate(lines):
                paper.text(surface, line, (w // 2, h - 106 - 24 * (len(lines) - i)), 19,
                           paper.WARN if bad else paper.GOOD, "midtop")
