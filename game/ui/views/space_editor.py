"""The asteroid field editor of Pencil Space Combat: draw rocks by hand, save them as a level.

Opened from the setup screen ("Draw a field").  Every asteroid is checked the way the
rules check one drawn in play (S-U5: it touches neither another asteroid nor a wall nor
a hangar); a refused outline stays in red for a moment with the reason.  Saved fields go
to the user's level folder and appear in the setup screen's level list.
"""

from __future__ import annotations

import math
from typing import Any

import pygame
import pygame_gui
from shapely.geometry import Point, Polygon

from ...i18n import tr
from ...levels import LevelError, check_level_name, level_title, list_levels, load_level, save_user_level, user_levels
from ...msg import M, Mn, Mp, Msg
from ...registry import Ruleset
from ...rules.space.fields import asteroid_problem, field_level, field_sheet, load_field
from ...rules.space.geometry import PAPERS, Sheet
from .. import paper
from ..app import App, Scene
from ..widgets import TextField
from .space import REFUSED_TIME, draw_rocks, outline_polygon

Pt = tuple[float, float]
SIDE_W = 340
BLANK = "(blank paper)"
#: The start menu's first choice, as the player reads it.
BLANK_SHOWN = Mp("editor", "(blank paper)")
#: The paper sizes (the setting's values) as the player reads them.
PAPER_NAMES = {"letter": Mp("paper size", "Letter"), "a4": "A4"}


def said(exc: BaseException) -> str:
    """An exception's sentence as a message when it was raised with one (so that it is drawn in
    the player's language), else its text."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Msg) else str(exc)


def level_choices() -> dict[str, str]:
    """What the start menu lists, as shown -> what it opens: blank paper, every field that comes
    with the game by its title in the player's language, then the player's own fields by their
    file names (as the editor's sentences name them)."""
    own = set(user_levels("space"))
    out = {tr(BLANK_SHOWN): BLANK}
    for n in list_levels("space"):
        shown = n if n in own else tr(level_title("space", n))
        out[f"{shown} ({n})" if shown in out else shown] = n
    return out


class SpaceFieldEditor(Scene):
    def __init__(self, app: App, ruleset: Ruleset) -> None:
        super().__init__(app)
        self.rs = ruleset
        self.paper_size = "letter"
        self.rocks: list[Polygon] = []
        self.outline: list[Pt] = []
        self.drawing = False
        self.message: str = M("Drag a closed loop to draw an asteroid.")
        self.problem: str = ""
        self.refused: tuple[list[Pt], float] | None = None
        self.saved: str | None = None
        self.scale = 1.0
        self.origin = (0.0, 0.0)
        self.layer = paper.Layer(self._draw_sheet)
        self.name_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.start_ids: dict[str, str] = {}
        self.paper_ids: dict[str, str] = {}

    # -- geometry ---------------------------------------------------------------------------
    def sheet(self) -> Sheet:
        return field_sheet(self.paper_size)

    def _fit(self) -> None:
        w, h = self.app.size
        pw, ph = PAPERS[self.paper_size]
        area = pygame.Rect(16, 90, max(200, w - SIDE_W - 40), max(200, h - 110))
        self.scale = min(area.w / pw, area.h / ph)
        self.origin = (area.centerx - pw * self.scale / 2, area.y + (area.h - ph * self.scale) / 2)

    def px(self, p: Any) -> Pt:
        ph = PAPERS[self.paper_size][1]
        return self.origin[0] + p[0] * self.scale, self.origin[1] + (ph - p[1]) * self.scale

    def mm(self, pos: Any) -> Pt:
        ph = PAPERS[self.paper_size][1]
        return (pos[0] - self.origin[0]) / self.scale, ph - (pos[1] - self.origin[1]) / self.scale

    def paper_rect(self) -> pygame.Rect:
        pw, ph = PAPERS[self.paper_size]
        x, y = self.px((0, ph))
        return pygame.Rect(int(x), int(y), int(round(pw * self.scale)), int(round(ph * self.scale)))

    # -- widgets -------------------------------------------------------------------------------
    def build(self) -> None:
        box = self.new_box()
        ui = self.app.ui
        w, h = self.app.size
        self._fit()
        x = w - SIDE_W + 10
        name = self.name_entry.get_text() if self.name_entry is not None else ""
        self.name_entry = TextField(pygame.Rect(x, 130, SIDE_W - 30, 38), ui, "level_name", container=box,
                                                              placeholder_text=tr(M("name of the field")))
        self.name_entry.set_text(name)
        self.paper_ids = {tr(shown): size for size, shown in PAPER_NAMES.items()}
        self.paper_menu = pygame_gui.elements.UIDropDownMenu(list(self.paper_ids), tr(PAPER_NAMES[self.paper_size]),
                                                             pygame.Rect(x + 120, 184, SIDE_W - 150, 36), ui,
                                                             container=box)
        self.start_ids = level_choices()
        self.start_menu = pygame_gui.elements.UIDropDownMenu(list(self.start_ids), tr(BLANK_SHOWN),
                                                             pygame.Rect(x + 120, 230, SIDE_W - 150, 36), ui,
                                                             container=box, expansion_height_limit=260)
        bw = (SIDE_W - 40) // 2
        self.undo_button = pygame_gui.elements.UIButton(pygame.Rect(x, 290, bw, 38), tr(Mp("editor", "Undo last")), ui,
                                                        container=box,
                                                        tool_tip_text="Ctrl+Z")
        self.clear_button = pygame_gui.elements.UIButton(pygame.Rect(x + bw + 10, 290, bw, 38), tr(Mp("editor", "Clear")),
                                                         ui,
                                                         container=box)
        self.save_button = pygame_gui.elements.UIButton(pygame.Rect(x, h - 80, bw, 48), tr(Mp("editor", "Save")), ui,
                                                        container=box)
        self.back_button = pygame_gui.elements.UIButton(pygame.Rect(x + bw + 10, h - 80, bw, 48), tr(M("Back")), ui,
                                                        container=box, tool_tip_text="Esc")
        self.layer.invalidate()

    # -- events ------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.undo_button:
                self.undo()
            elif event.ui_element is self.clear_button:
                self.set_rocks([], M("Cleared: blank paper."))
            elif event.ui_element is self.save_button:
                self.save()
            elif event.ui_element is self.back_button:
                self.app.pop()
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.paper_menu:
                self.change_paper(self.paper_ids.get(event.text, event.text))
            elif event.ui_element is self.start_menu:
                self.start_from(self.start_ids.get(event.text, event.text))
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
            return
        self._fit()
        if event.type == pygame.MOUSEBUTTONDOWN and self.paper_rect().collidepoint(event.pos):
            if event.button == 1:
                self.drawing = True
                self.outline = [self.mm(event.pos)]
                self.refused = None
            elif event.button == 3:
                self.rub_out(self.mm(event.pos))
        elif event.type == pygame.MOUSEMOTION and self.drawing:
            at = self.mm(event.pos)
            if math.dist(self.outline[-1], at) > 1.0:
                self.outline.append(at)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drawing:
            self.drawing = False
            self.outline.append(self.mm(event.pos))
            self.add_outline(self.outline)
            self.outline = []

    # -- editing ---------------------------------------------------------------------------------------
    def add_outline(self, points: list[Pt]) -> bool:
        """Check a drawn loop like the rules do (S-U5); keep it or say why not."""
        poly = outline_polygon(points)
        sheet = self.sheet()
        problem = (M("That outline does not close into one asteroid; draw a single loop.") if poly is None
                   else asteroid_problem(poly, sheet, self.rocks, sheet.walls()))
        if poly is None or problem:
            self.problem = problem or ""
            self.refused = (list(points) if poly is None else [(x, y) for x, y in poly.exterior.coords], REFUSED_TIME)
            return False
        n = len(self.rocks) + 1
        self.set_rocks([*self.rocks, poly], Mn("{n} asteroid drawn.", "{n} asteroids drawn.", n))
        return True

    def rub_out(self, at: Pt) -> None:
        spot = Point(at)
        near = [(r.distance(spot), i) for i, r in enumerate(self.rocks)]
        hit = min(near, default=None)
        if hit is None or hit[0] > 2.0:
            self.problem = M("Right-click on an asteroid to rub it out.")
            return
        self.set_rocks([r for i, r in enumerate(self.rocks) if i != hit[1]], M("Asteroid rubbed out."))

    def undo(self) -> None:
        if not self.rocks:
            self.problem = M("Nothing to undo: the paper is blank.")
            return
        self.set_rocks(self.rocks[:-1], M("Last asteroid taken back."))

    def set_rocks(self, rocks: list[Polygon], message: str) -> None:
        self.rocks = rocks
        self.message, self.problem = message, ""
        self.saved = None
        self.layer.invalidate()

    def change_paper(self, size: str) -> None:
        if size not in PAPERS or size == self.paper_size:
            return
        sheet = field_sheet(size)
        walls = sheet.walls()
        for i, r in enumerate(self.rocks):
            if asteroid_problem(r, sheet, self.rocks[:i], walls):
                # TRANSLATORS: {paper} is a paper size (Letter, A4)
                self.problem = M("Asteroid {n} would not fit on {paper} paper: rub it out first.", n=i + 1,
                                 paper=PAPER_NAMES[size])
                self.resize(self.app.size)  # the menu shows the paper in use again
                return
        self.paper_size = size
        self.message, self.problem = M("Paper: {paper}.", paper=PAPER_NAMES[size]), ""
        self.layer.invalidate()

    def start_from(self, name: str) -> None:
        if name == BLANK:
            self.set_rocks([], M("Blank paper."))
            return
        try:
            size = load_level("space", name).get("paper", "letter")
            rocks = load_field(name, field_sheet(size if size in PAPERS else "letter"))
        except LevelError as exc:
            self.problem = said(exc)
            return
        self.paper_size = size
        self.set_rocks(rocks, M("Started from '{level}': change it and save it under a new name.", level=name))
        self.resize(self.app.size)

    def save(self) -> bool:
        assert self.name_entry is not None
        title = self.name_entry.get_text().strip()
        if not self.rocks:
            self.problem = M("Draw at least one asteroid before saving.")
            return False
        if not title:
            self.problem = M("Give the field a name first (in the box on the right).")
            return False
        try:
            clean = check_level_name("space", title)
            existed = clean in user_levels("space")
            save_user_level("space", clean, field_level(title, self.paper_size, self.rocks))
        except LevelError as exc:
            self.problem = said(exc)
            return False
        except OSError as exc:  # a full disk, a read-only folder: the drawing stays on the sheet
            # TRANSLATORS: {why} is the system's reason (in English), or "the disk refused it"
            self.problem = M("The field could not be saved ({why}); your drawing is still here, so free some space "
                             "and press Save again.", why=exc.strerror or M("the disk refused it"))
            return False
        self.saved = clean
        self.problem = ""
        self.message = (M("Replaced '{level}'. To play it, set the asteroid field to 'level' and pick it from the "
                          "Level list.", level=clean) if existed else
                        M("Saved '{level}'. To play it, set the asteroid field to 'level' and pick it from the "
                          "Level list.", level=clean))
        return True

    # -- drawing ---------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.refused is not None:
            pts, left = self.refused
            self.refused = (pts, left - dt) if left > dt else None

    def _draw_sheet(self, surf: pygame.Surface) -> None:
        sheet_rect = self.paper_rect()
        pygame.draw.rect(surf, (200, 194, 180), sheet_rect.move(4, 4))
        surf.blit(paper.paper_surface(sheet_rect.size, seed=11), sheet_rect.topleft)
        pygame.draw.rect(surf, paper.FAINT, sheet_rect, 1)
        sheet = self.sheet()
        for hangar in sheet.hangars:
            x0, y0, x1, y1 = hangar.region.bounds
            a, b = self.px((x0, y1)), self.px((x1, y0))
            tint = pygame.Surface((max(1, int(b[0] - a[0])), max(1, int(b[1] - a[1]))), pygame.SRCALPHA)
            tint.fill((*paper.player_colour(hangar.seat), 20))
            surf.blit(tint, a)
            paper.draw_symbol(surf, hangar.seat, self.px(hangar.region.centroid.coords[0]), 16, 1)
        for k, wall in enumerate(sheet.walls()):
            pts = [self.px(c) for c in wall.coords]
            paper.pencil_line(surf, paper.INK, pts[0], pts[-1], 3, seed=k, wobble=0.3)
        draw_rocks(surf, self.rocks, self.px, self.scale)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        self._fit()
        w, h = self.app.size
        surface.blit(self.layer.get((w, h), (self.paper_size, id(self.rocks), len(self.rocks), self.scale)), (0, 0))
        self._rocks_ref = self.rocks  # held while the layer is keyed by its id
        if len(self.outline) >= 2:
            paper.pencil_lines(surface, paper.GRAPHITE, [self.px(p) for p in self.outline], False, 2)
        if self.refused is not None and len(self.refused[0]) >= 2:
            paper.pencil_lines(surface, paper.WARN, [self.px(p) for p in self.refused[0]], True, 2)
        title, size = paper.fit(M("Draw an asteroid field"), 34, w - 32, bold=True)
        paper.text(surface, title, (16, 14), size, paper.INK, bold=True)
        hint, size = paper.fit(M("Drag a loop to draw an asteroid (never touching another one, a wall or a hangar); "
                                 "right-click one to rub it out."), 18, w - 32)
        paper.text(surface, hint, (16, 56), size, paper.GRAPHITE)
        x = w - SIDE_W + 10
        paper.text(surface, Mp("editor", "Name"), (x, 104), 19, paper.INK)
        paper.text(surface, Mp("setting", "Paper"), (x, 192), 19, paper.INK)
        paper.text(surface, Mp("editor", "Start from"), (x, 238), 19, paper.INK)
        y = 350
        paper.text(surface, M("Asteroids: {n}", n=len(self.rocks)), (x, y), 19, paper.INK)
        y += 34
        for line in paper.wrap(self.problem, 18, SIDE_W - 30) if self.problem else []:
            paper.text(surface, line, (x, y), 18, paper.WARN)
            y += 22
        for line in paper.wrap(self.message, 18, SIDE_W - 30) if not self.problem else []:
            paper.text(surface, line, (x, y), 18, paper.GOOD if self.saved else paper.GRAPHITE)
            y += 22
