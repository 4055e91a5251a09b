"""Paper Tigers campaign (T-E3), opened from the Tigers setup screen: the standings per
commander name, the names that the next battles count for, and a reset."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ...i18n import tr
from ...jsonio import FileProblem
from ...levels import level_title
from ...msg import M, Mn, Mp, Msg
from ...rules.tigers.campaign import Campaign, campaign_path, load_running, reset_campaign
from .. import paper
from ..app import App, Scene
from ..widgets import TextField

#: The sides' colours; a commander's name that is still its colour's is said in the player's language.
SIDES = (Mp("side", "Blue"), Mp("side", "Orange"))


def said(exc: BaseException) -> str:
    """An exception's sentence as a message when it was raised with one (so that it is drawn in
    the player's language), else its text."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Msg) else str(exc)


def commander(name: str) -> str:
    """A commander's name as the screen shows it: the default names (the colours) in the
    player's language, a name someone typed as it is."""
    return next((side for side in SIDES if side == name), name)


class TigersCampaignScene(Scene):
    """Standings per player name; name the Blue and Orange commanders; reset the campaign."""

    def __init__(self, app: App, ruleset: Any = None, path: Path | None = None) -> None:
        super().__init__(app)
        self.path = path or campaign_path()
        self.camp: Campaign = load_running(self.path)
        self.message: str = ""
        self.message_bad = False
        if self.path.exists():  # a file that cannot be read is said, and kept when the next save comes
            try:
                Campaign.load(self.path)
            except FileProblem as exc:
                kept = f"{self.path.stem}.damaged.json"
                # TRANSLATORS: {problem} says what is wrong with the campaign file; {file} is a file name
                self.message = M("{problem} A new campaign is shown; the file is kept as {file} when this one is "
                                 "saved.", problem=said(exc), file=kept)
                self.message_bad = True
        self.entries: list[pygame_gui.elements.UITextEntryLine] = []

    def build(self) -> None:
        box = self.new_box()
        ui = self.app.ui
        w, h = self.app.size
        x = w // 2 - 260
        self.entries = []
        for seat in (0, 1):
            e = TextField(pygame.Rect(x + 240, 130 + seat * 50, 280, 38), ui, "commander", container=box)
            e.set_text(tr(commander(self.camp.names[seat])))  # a colour's own name in the player's language
            self.entries.append(e)
        self.save_names = pygame_gui.elements.UIButton(pygame.Rect(x + 240, 235, 280, 40), tr(M("Use these names")), ui,
                                                       container=box)
        self.reset = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - 310, h - 80, 280, 50),
                                                  tr(M("Reset the campaign")), ui, container=box)
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 + 30, h - 80, 280, 50), tr(M("Back")), ui,
                                                 container=box)

    def use_names(self) -> None:
        # a colour's name as this language writes it is that colour's default name
        names = [next((str(side) for side in SIDES if tr(side) == typed), typed)
                 for typed in (e.get_text().strip() for e in self.entries)]
        if not all(names) or names[0] == names[1]:
            self.message, self.message_bad = M("Give the two commanders two different names."), True
            return
        self.camp.names = (names[0], names[1])
        self._save(M("The next battles count for {blue} and {orange}.", blue=commander(names[0]),
                     orange=commander(names[1])))

    def do_reset(self) -> None:
        try:
            self.camp = reset_campaign(self.path)
            self.message, self.message_bad = M("The campaign starts afresh."), False
        except (FileProblem, OSError) as exc:
            self._cannot_save(exc)

    def _save(self, ok: str) -> None:
        try:
            self.camp.save(self.path)
            self.message, self.message_bad = ok, False
        except (FileProblem, OSError) as exc:
            self._cannot_save(exc)

    def _cannot_save(self, exc: Exception) -> None:
        # TRANSLATORS: {problem} is why the file could not be written (the system's words may be English)
        self.message = M("The campaign could not be saved: {problem}", problem=said(exc))
        self.message_bad = True

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
        out: list[str] = [M("Battle {n} of {battles} fought.  Complete victory 3, marginal 2, draw 1 each.",
                            n=len(camp.results), battles=camp.battles)]
        for name, pts in camp.standings():
            out.append(Mn("{name}: {n} campaign point", "{name}: {n} campaign points", pts, name=commander(name)))
        for i, r in enumerate(camp.results[-6:], start=max(1, len(camp.results) - 5)):
            who = r.get("names") or list(camp.names)
            if r["winner"] < 0:
                res = M("a draw")
            elif r["victory"] == "complete":
                res = M("{who}, complete victory", who=commander(who[r["winner"]]))
            else:
                res = M("{who}, marginal victory", who=commander(who[r["winner"]]))
            level = Msg(level_title("tigers", r["level"])) if r["level"] else M("a battle")
            blue, orange = (commander(n) if n == c else M("{name} ({side})", name=commander(n), side=c)
                            for n, c in zip(who, SIDES, strict=True))
            # TRANSLATORS: one battle of the campaign: its number, the scenario, both commanders with
            # their victory points, and how it ended ("Anna, complete victory", "a draw"); keep the two spaces
            # at the start (the battles are indented under the standings)
            out.append(M("  Battle {i}, {level}: {blue} {a} - {b} {orange}: {result}", i=i, level=level, blue=blue,
                         a=r["vp"][0], b=r["vp"][1], orange=orange, result=res))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        w, h = self.app.size
        title, size = paper.fit(M("Paper Tigers campaign"), 40, w - 40, bold=True)
        paper.text(surface, title, (w // 2, 24), size, paper.INK, "midtop", bold=True)
        for k, line in enumerate(paper.wrap(M("Points are kept per commander's name, whichever colour they play; a "
                                              "computer seat plays under the name set for its colour."), 18, w - 60)[:2]):
            paper.text(surface, line, (w // 2, 70 + k * 21), 18, paper.GRAPHITE, "midtop")
        x = w // 2 - 260
        for seat in (0, 1):
            paper.draw_symbol(surface, seat, (x + 12, 149 + seat * 50), 16)
            label, size = paper.fit((M("Blue commander"), M("Orange commander"))[seat], 19, 205)
            paper.text(surface, label, (x + 30, 149 + seat * 50), size, paper.INK, "midleft")
        y = 300
        for i, line in enumerate(self.lines()):
            shown, size = paper.fit(line, 19 if i else 20, w - x - 16, bold=i == 0)
            paper.text(surface, shown, (x, y), size, paper.INK, bold=i == 0)
            y += 28
        if self.message:  # wrapped: a file's problem is a long sentence
            lines = paper.wrap(self.message, 19, w - 80)
            bad = self.message_bad
            for i, line in enumerate(lines):
                paper.text(surface, line, (w // 2, h - 106 - 24 * (len(lines) - i)), 19,
                           paper.WARN if bad else paper.GOOD, "midtop")
