"""Game setup: seats (person or computer), variants and level, seed; then play.

The "setup" scene, and the screen Play online's Host and Join build on (game/ui/scenes/host.py,
look.py): it lives beside the scenes, not among them, so that they need not import a scene."""

from __future__ import annotations

import re
import secrets
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from ..engine import Setting, SettingsError
from ..i18n import tr
from ..jsonio import FileProblem
from ..lessons import list_lessons
from ..levels import level_title, list_levels
from ..msg import N_, M, Mp, Msg
from ..registry import Ruleset, strengths
from ..session import Session, player_profile
from . import paper
from .app import App, Scene
from .widgets import SettingEntry, TextField, chosen, message_of, said

ROW = 46
LABEL_W = 205   # labels wrap to two lines within this width
WIDGET_W = 185
DESCRIBE_LINES = 6  # the scenario description (when a ruleset gives one): at most this many lines
COL_W = LABEL_W + WIDGET_W + 12
#: The two headings over the settings and the seats (compared by identity where drawn).
RULES_HEADING = Mp("heading", "Rules and variants")
SEATS_HEADING = Mp("heading", "Seats")


def page_of(page: int, pages: int) -> Msg:
    # TRANSLATORS: the pager of the settings: "page 1 of 3".
    return M("page {page} of {pages}", page=page, pages=pages)


_RULE_ID = re.compile(r"\s*\(([A-Z]-[A-Z]*\d+(?:/[A-Z]*\d+)*)\)")


def words_of(label: str) -> str:
    """A setting's label without its rule id: "Winners (A-G6)" -> "Winners"."""
    return _RULE_ID.sub("", label).strip()


def rule_of(label: str) -> str:
    """The rule id a label names, for its tooltip: "Winners (A-G6)" -> "Rule A-G6."."""
    m = _RULE_ID.search(label)
    # TRANSLATORS: {rule} is a rule's id ("A-G6"), kept as it is.
    return M("Rule {rule}.", rule=m.group(1)) if m else ""


class SetupScene(Scene):
    #: What a subclass changes (Play online's Host reuses this screen): the heading, the start
    #: button, whether a seed is asked for, and the editor / Learn to play buttons.
    heading = N_("New game")
    start_label = N_("Start")
    ask_seed = True
    extras = True
    #: Every setting and seat shown as a disabled widget that no click, key or event changes
    #: (a friend looking at a host's room: Play online's RoomSetupScene); the buttons along
    #: the bottom are the subclass's ``actions``.
    read_only = False

    def __init__(self, app: App, ruleset: Ruleset) -> None:
        super().__init__(app)
        self.rs = ruleset
        saved = app.prefs.defaults.get(ruleset.name, {})
        self.values: dict[str, Any] = {}
        for spec in ruleset.game_cls.settings_spec:
            v = saved.get("settings", {}).get(spec.key, spec.default)
            try:
                self.values[spec.key] = spec.validate(v)
            except SettingsError:
                self.values[spec.key] = spec.default
        self.seats: list[str] = [s for s in saved.get("seats", []) if isinstance(s, str)]
        self.seed = str(1 + secrets.randbelow(10**6))
        self.widgets: dict[object, tuple[str, Any]] = {}
        self.labels: list[tuple[tuple[int, int], str]] = []
        self.problem = ""
        self.level_names: dict[str, str] = {}  # level file name -> the title its list shows

    def num_players(self) -> int:
        try:
            return self.rs.make_game(self.values).num_players
        except (SettingsError, FileProblem) as exc:
            self.problem = message_of(exc)
            return self.rs.players[0]

    def offered(self) -> tuple[str, ...]:
        """The settings the screen offers now (some only apply while another holds certain values)."""
        return tuple(spec.key for spec in self.rs.game_cls.settings_spec if spec.applies(self.values))

    def seat_name(self, seat: int) -> str:
        """The seat's name as the game says it, in the palette's colour words."""
        if self.problem:
            return M("Player {n}", n=seat + 1)
        game = self.rs.game_cls(self.values)
        names = [game.player_name(i) for i in range(game.num_players)]
        return paper.seat_words(names[seat], names)

    def computer(self, st: Any) -> str:
        """A computer level as a seat's list says it: "Computer: Normal"."""
        # TRANSLATORS: a seat's choice; {level} is a computer level ("Normal").
        line = M("Computer: {level}", level=said(st.label))
        return tr(line)

    def seat_choices(self) -> list[tuple[str, str]]:
        """What a seat's list offers, (text, seat kind): Person, then the computer levels,
        strongest last.  The list reads the kind, never the (translated) text."""
        return [(tr(N_("Person")), "human")] + [(self.computer(st), st.agent) for st in strengths(self.rs)]

    def seat_options(self) -> list[str]:
        """The texts of the seat's list."""
        return [text for text, _ in self.seat_choices()]

    def seat_label(self, kind: str) -> str:
        """The text the seat's list shows for a seat kind (the first choice for one it lacks)."""
        choices = self.seat_choices()
        return next((text for text, k in choices if k == kind), choices[0][0])

    def seat_option(self, kind: str) -> tuple[str, str]:
        choices = self.seat_choices()
        return next((c for c in choices if c[1] == kind), choices[0])

    def seat_kind(self, label: str) -> str:
        """The seat kind a list text stands for (the first choice's for a text it lacks)."""
        choices = self.seat_choices()
        return next((k for text, k in choices if text == label), choices[0][1])

    def seat_help(self, kind: str) -> str:
        st = next((st for st in strengths(self.rs) if st.agent == kind), None)
        if st is None:
            return tr(N_("A person at this screen."))
        # TRANSLATORS: {description} says how a computer level plays; {agent} its name on the command line.
        line = M("{description} (command line: {agent})", description=said(st.description), agent=st.agent)
        return tr(line)

    def build(self) -> None:
        """Settings in columns (paged when the window is short), seats in the last column (or on
        the last page of a one-column window), Back / Start / editor along the bottom."""
        box = self.new_box()
        ui = self.app.ui
        px = self.px
        w, h = self.app.size
        self.widgets, self.labels, self.pages = {}, [], []
        #: labels that start to the right of their column (a seat's, after its symbol): their width
        self.label_room: dict[tuple[int, int], int] = {}
        self.seat_drops: dict[int, Any] = {}
        row, wh, label_w = px(ROW), px(38), px(LABEL_W)
        specs = [spec for spec in self.rs.game_cls.settings_spec if spec.applies(self.values)]
        top = px(112) + px(36)
        # The buttons along the bottom (a second row when they do not fit side by side).
        actions = self.actions()
        button_rects = self.button_rows([tr(label) for label, _ in actions], h - px(30), width=200, height=50)
        buttons_top = min((r.top for r in button_rects), default=h - px(80))
        # The scenario's description sits above the buttons (at least one line: a refused
        # setting is said there instead); the settings stop above it.  A smaller hand when
        # the seats, the seed and a pager would not fit above it.
        n = self.num_players()
        for self.describe_size, self.describe_step in ((18, 22), (16, 19), (14, 17)):
            self.description = self.describe_lines()
            self.describe_top = buttons_top - px(16) - max(1, len(self.description)) * px(self.describe_step)
            bottom = self.describe_top - px(10)
            if (bottom - top - px(12)) // row >= n + 2:
                break
        rows = max(2, (bottom - top) // row)  # a paged column keeps a row for its pager
        col_w0 = label_w + px(WIDGET_W) + px(12)
        need = max(1, -(-len(specs) // rows))  # setting columns that hold every setting
        cols = max(1, min(4, need + 1, (w - px(20)) // col_w0))
        # Widgets take the room there is, and are wide enough for their longest choice (a
        # column fewer, and more pages, rather than a cut name).
        need_w = self.widest_choice(specs) + px(20) + px(16)
        while cols > 1 and (w - px(40)) // cols - label_w - px(12) < need_w:
            cols -= 1
        self.widget_w = wide = max(px(WIDGET_W), min(max(px(300), need_w), (w - px(40)) // cols - label_w - px(12)))
        col_w = label_w + wide + px(12)
        x0 = (w - cols * col_w) // 2 + px(10)
        while len(self.seats) < n:
            self.seats.append("human" if not self.seats else self.rs.default_ai)
        self.seats = self.seats[:n]
        setting_cols = cols - 1 if cols > 1 else 1
        # Paged (a row kept for Previous / More settings) when the settings overflow, or when one
        # column leaves the seats a page of their own.
        paged = len(specs) > rows * setting_cols or (cols == 1 and bool(specs))
        per_page = max(1, (rows - 1) * setting_cols) if paged else rows * setting_cols
        n_pages = max(1, -(-len(specs) // per_page)) if specs else 1
        seeded = self.ask_seed and not self.read_only
        seats_per_page = n  # the seats' column holds them all ...
        first_seat_page = -1
        if cols == 1 and specs:
            # ... or the seats get pages of their own (more than one when they and the seed do
            # not fit above the pager row: six seats in a small window).
            seats_per_page = max(1, rows - 1 - (1 if seeded else 0))
            first_seat_page = n_pages
            n_pages += -(-n // seats_per_page)
        self.page = min(getattr(self, "page", 0), n_pages - 1)
        self.n_pages = n_pages
        if specs:
            self.labels.append(((x0, top - px(36)), RULES_HEADING, -1))
        for i, spec in enumerate(specs):
            pg, k = divmod(i, per_page)
            c, r = divmod(k, rows - 1 if paged else rows)
            x, y = x0 + c * col_w, top + r * row
            self.labels.append(((x, y), spec.label, pg))
            self._setting_widget(spec, pygame.Rect(x + label_w, y, wide, wh), box, pg)
        self.pager: dict[object, int] = {}
        if n_pages > 1:
            # Previous, More settings and "page 1 of 4" share the settings column's width.
            y = top + (rows - 1) * row
            said_w = paper.font(px(17)).size(tr(page_of(n_pages, n_pages)))[0]
            pw = min(px(170), (col_w - px(12) - 2 * px(12) - said_w) // 2)
            pager = ((N_("Previous"), -1), (N_("More settings"), +1))
            # never narrower than their words (a long language): "page 1 of 4" then takes the room left
            pw = min(max(pw, max(paper.font(px(17)).size(tr(t))[0] for t, _ in pager) + px(20)),
                     (col_w - px(12) - px(12)) // 2)
            self.page_label_room = col_w - px(12) - 2 * (pw + px(12))
            for i, (label, step) in enumerate(pager):
                b = pygame_gui.elements.UIButton(pygame.Rect(x0 + i * (pw + px(12)), y, pw, wh), tr(label), ui,
                                                 container=box,
                                                 tool_tip_text=tr(N_("Page Up") if step < 0 else N_("Page Down")))
                self.pager[b] = step
            self.page_label_at = (x0 + 2 * (pw + px(12)), y + px(8))
        # Seats.
        seat_page = n_pages - 1 if first_seat_page >= 0 else -1  # the last seats' page (seed, legend)
        self.seat_pages = list(range(first_seat_page, n_pages)) if first_seat_page >= 0 else []
        sx = x0 + (cols - 1) * col_w if cols > 1 else x0
        sy = top
        for pg in self.seat_pages or [-1]:
            self.labels.append(((sx, sy - px(36)), SEATS_HEADING, pg))
        opts = self.seat_choices()
        self.seat_spots: list[tuple[tuple[int, int], int]] = []  # where each seat's symbol goes, its page
        for seat in range(n):
            current = self.seat_option(self.seats[seat])
            if current[1] != self.seats[seat]:
                self.seats[seat] = current[1]  # an agent this game no longer has
            pg, r = divmod(seat, seats_per_page)
            pg = first_seat_page + pg if first_seat_page >= 0 else -1
            self.labels.append(((sx + px(30), sy + r * row), self.seat_name(seat), pg))
            self.label_room[(sx + px(30), sy + r * row)] = label_w - px(30) - px(8)  # ends before its list
            self.seat_spots.append(((sx + px(12), sy + r * row + px(19)), pg))
            dd = self.drop_down(opts, current, pygame.Rect(sx + label_w, sy + r * row, wide, wh), box,
                                class_id=self.widget_class())
            self.widgets[dd] = ("seat", seat)
            self.seat_drops[seat] = dd
            dd.set_tooltip(self.seat_help(self.seats[seat]))
            self.pages.append((dd, pg))
        last_rows = n - (len(self.seat_pages) - 1) * seats_per_page if self.seat_pages else n
        y = sy + last_rows * row + row - wh  # a little apart from the seats, clear of a pager row
        self.seed_entry = None
        if seeded:
            self.labels.append(((sx, y), N_("Seed (replays)"), seat_page))
            self.seed_entry = TextField(pygame.Rect(sx + label_w, y, wide, wh), ui, "seed",
                                                                  container=box)
            self.seed_entry.set_allowed_characters("numbers")
            self.seed_entry.set_text(self.seed)
            self.pages.append((self.seed_entry, seat_page))
        legend_top = y + row if seeded else sy + last_rows * row + px(12)
        legend_bottom = bottom - px(8)  # above the scenario's description (or the buttons)
        if seat_page >= 0 and n_pages > 1:
            legend_bottom = min(legend_bottom, top + (rows - 1) * row - px(8))  # and above the pager
        self.legend_at = pygame.Rect(sx, legend_top, label_w + wide, max(0, legend_bottom - legend_top))
        self.legend_page = seat_page
        # The computer levels, every one of them where there is room: under the seats, else under
        # the settings when they are few, else a little closer together (a legend cut short would
        # leave a new player not knowing there is a Normal or a Hard; each seat's tooltip says it too).
        places = [self.legend_at]
        if cols > 1 and not paged:
            free_top = top + min(len(specs), rows) * row + px(12)
            places.append(pygame.Rect(x0, free_top, setting_cols * col_w - px(12), max(0, bottom - px(8) - free_top)))
        self.legend_step = px(19)
        every = len(self.legend_lines(whole=True))
        tries = [(step, at) for step in (px(19), px(17)) for at in places]
        for step, at in tries:
            self.legend_step = step
            if len(self.legend_lines(at)) == every:
                self.legend_at = at
                break
        else:
            self.legend_step = px(19)
            self.legend_at = max(places, key=lambda at: len(self.legend_lines(at)))
        self.actions_made: dict[object, str] = {}
        for (label, key), rect in zip(actions, button_rects, strict=True):
            self.actions_made[pygame_gui.elements.UIButton(rect, tr(label), ui, container=box)] = key
        made = {key: b for b, key in self.actions_made.items()}
        self.back, self.start, self.editor = made.get("back"), made.get("start"), made.get("editor")
        # the game's "Learn to play" lessons
        learn_w = max(px(160), paper.font(px(17)).size(tr(N_("Learn to play")))[0] + px(24))
        self.learn_w = learn_w if self.extras and list_lessons(self.rs.name) else px(160)
        self.learn = pygame_gui.elements.UIButton(pygame.Rect(w - px(20) - learn_w, px(16), learn_w, px(40)),
                                                  tr(N_("Learn to play")), ui, container=box) \
            if self.extras and list_lessons(self.rs.name) else None
        if self.read_only:
            for widget in self.widgets:
                widget.disable()  # type: ignore[attr-defined]
        self.show_page(self.page)

    def actions(self) -> list[tuple[str, str]]:
        """The buttons along the bottom, (label, key), left to right; ``act`` does each."""
        return [(N_("Back"), "back"), (self.start_label, "start")] + \
            ([(self.rs.editor_label, "editor")] if self.rs.editor and self.extras else [])

    def act(self, key: str) -> None:
        if key == "start":
            self.begin()
        elif key == "back":
            self.app.pop()
        elif key == "editor":
            self.open_editor()

    def widget_class(self) -> str | None:
        """The theme class of the settings' and seats' widgets: ``@read_only`` keeps a disabled
        widget's words dark enough to read (pygame_gui greys them out)."""
        return "@read_only" if self.read_only else None

    def pitch_lines(self) -> list[str]:
        """The lines under the title: the game's pitch (at most two)."""
        return paper.wrap(self.rs.pitch, self.px(20), self.app.size[0] - self.px(40))[:2]

    def show_page(self, page: int) -> None:
        """Show one page of settings (short windows); the seats' page on one-column windows."""
        self.page = max(0, min(self.n_pages - 1, page))
        for button, step in self.pager.items():
            if 0 <= self.page + step < self.n_pages:
                button.enable()  # type: ignore[attr-defined]
            else:
                button.disable()  # type: ignore[attr-defined]
        for widget, pg in self.pages:
            if pg < 0 or pg == self.page:
                widget.show()
            else:
                widget.hide()

    def legend_entries(self) -> list[str]:
        """What the legend under the seats says, an entry each: every computer level."""
        # TRANSLATORS: the legend under the seats: a computer level and how it plays.
        return [M("{level}: {description}", level=said(st.label), description=said(st.description))
                for st in strengths(self.rs)]

    def legend_lines(self, at: pygame.Rect | None = None, whole: bool = False) -> list[str]:
        """The legend's entries wrapped, as many whole entries as fit in ``at`` (the legend's
        place; ``whole``: every entry, whatever fits)."""
        at = self.legend_at if at is None else at
        room = at.height // self.legend_step
        out: list[str] = []
        for entry in self.legend_entries():
            wrapped = paper.wrap(entry, self.px(16), at.width)
            if not whole and len(out) + len(wrapped) > room:
                break  # whole entries only; each seat's tooltip says it too
            out += wrapped
        return out

    def _draw_legend(self, surface: pygame.Surface) -> None:
        y = self.legend_at.y
        for line in self.legend_lines():
            paper.text(surface, line, (self.legend_at.x, y), self.px(16), paper.GRAPHITE)
            y += self.legend_step

    def choices(self, spec: Setting) -> list[tuple[str, str]]:
        """What a setting's drop-down lists, (text, id) ([] for a number typed in): the list
        reads the id (a level's file name, the choice's value), never the translated text."""
        value = self.values[spec.key]
        if spec.kind == "bool":
            return [(tr(Mp("switch", "off")), "off"), (tr(Mp("switch", "on")), "on")]
        if spec.kind == "int":
            return [(str(v), str(v)) for v in range(spec.lo, spec.hi + 1)] if spec.hi - spec.lo <= 60 else []
        if spec.kind == "level":
            self.level_names = self.level_titles([*list_levels(self.rs.name), str(value)])
            return [(tr(t), n) for n, t in self.level_names.items()]
        return [(tr(spec.shown(c)), str(c)) for c in spec.choices]

    def current_choice(self, spec: Setting) -> tuple[str, str]:
        """The (text, id) a setting's drop-down shows now."""
        value = self.values[spec.key]
        if spec.kind == "level":
            return tr(self.level_names[str(value)]), str(value)
        if spec.kind == "bool":
            return (tr(Mp("switch", "on")), "on") if value else (tr(Mp("switch", "off")), "off")
        if spec.kind == "int":
            return str(value), str(value)
        return tr(spec.shown(value)), str(value)

    def widest_choice(self, specs: list[Setting]) -> int:
        """Pixels of the longest choice any drop-down here shows (settings and seats)."""
        f = paper.font(self.px(17))
        texts = [t for spec in specs for t, _ in self.choices(spec)] + self.seat_options()
        return max((f.size(t)[0] for t in texts), default=0)

    def describe_lines(self) -> list[str]:
        """The scenario's description as the screen shows it above the buttons (none while a
        setting is refused: the refusal is said there instead)."""
        describe = getattr(self.rs.game_cls, "describe_setup", None)
        if describe is None or self.problem:
            return []
        try:
            texts = describe(self.values)
        except (SettingsError, FileProblem):
            return []
        w = self.app.size[0]
        size = self.px(getattr(self, "describe_size", 18))
        return [ln for text in texts for ln in paper.wrap(text, size, w - self.px(120))][:DESCRIBE_LINES]

    def _setting_widget(self, spec: Setting, rect: pygame.Rect, box: Any, page: int = -1) -> None:
        value = self.values[spec.key]
        options = self.choices(spec)
        if options:
            current = self.current_choice(spec)
            if current[1] not in [key for _, key in options]:
                options.append(current)
            widget: Any = self.drop_down(options, current, rect, box, class_id=self.widget_class())
        else:
            widget = SettingEntry(rect, self.app.ui, container=box, object_id=ObjectID(class_id=self.widget_class()))
            widget.set_allowed_characters("numbers")
            widget.set_text(str(value))
        tip = " ".join(tr(part) for part in (spec.help, rule_of(spec.label)) if part)
        if tip:
            widget.set_tooltip(tip)
        self.widgets[widget] = ("setting", spec)
        self.pages.append((widget, page))

    def level_titles(self, names: list[str]) -> dict[str, str]:
        """Level file name -> the title the list shows; a title two levels share gets the
        file's name added, so every row picks one level."""
        titles = {n: level_title(self.rs.name, n) for n in dict.fromkeys(names)}
        seen = [t for t in titles.values()]
        # TRANSLATORS: a level's title and, to tell two levels of that title apart, its file's name.
        return {n: (M("{title} ({file})", title=said(t), file=n) if seen.count(t) > 1 else t)
                for n, t in titles.items()}

    def _set_setting(self, spec: Setting, text: str) -> None:
        """Take a setting's choice: ``text`` is the drop-down's option id, or what was typed."""
        if spec.kind == "bool":
            value: Any = text == "on"
        elif spec.kind == "int":
            try:
                value = int(text)
            except ValueError:
                return
        elif spec.kind == "level":
            value = text  # the option's id is the level's file name
        else:
            value = next((c for c in spec.choices if str(c) == text), spec.default)
        try:
            self.values[spec.key] = spec.validate(value)
            self.problem = ""
        except SettingsError as exc:
            self.problem = message_of(exc)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.read_only and event.type in (pygame_gui.UI_DROP_DOWN_MENU_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED) \
                and event.ui_element in self.widgets:
            return  # the host's choice: nothing here changes it
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.widgets:
            kind, what = self.widgets[event.ui_element]
            if kind == "seat":
                self.seats[what] = chosen(event)
                event.ui_element.set_tooltip(self.seat_help(self.seats[what]))
            else:
                before = self.num_players(), self.offered(), len(self.description)
                self._set_setting(what, chosen(event))
                if (self.num_players(), self.offered(), len(self.describe_lines())) != before:
                    self.keep_seed()  # keep a seed typed in
                    self.resize(self.app.size)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in self.widgets:
            _, spec = self.widgets[event.ui_element]
            self._set_setting(spec, event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.pager:
            self.show_page(self.page + self.pager[event.ui_element])
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.show_page(self.page + (1 if event.key == pygame.K_PAGEDOWN else -1))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.actions_made:
                self.act(self.actions_made[event.ui_element])
            elif event.ui_element is getattr(self, "learn", None):
                self.app.push("lessons", self.rs.name)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def open_editor(self) -> None:
        self.app.push(self.rs.editor, self.rs)  # "module:Class" (Ruleset.editor)

    def resume(self) -> None:
        # Back from the editor: a level saved there must show in the level list.
        self.keep_seed()
        self.resize(self.app.size)
        if self.box is not None:
            self.box.show()

    def keep_seed(self) -> None:
        if self.seed_entry is not None:
            self.seed = self.seed_entry.get_text() or self.seed

    def take_typed(self) -> None:
        """Settings typed into text fields count even without Enter."""
        for widget, (kind, spec) in self.widgets.items():
            if kind == "setting" and isinstance(widget, pygame_gui.elements.UITextEntryLine):
                self._set_setting(spec, widget.get_text())

    def begin(self) -> bool:
        self.take_typed()
        try:
            seed = int(self.seed_entry.get_text() or "0") if self.seed_entry is not None else 0
        except ValueError:
            seed = 0
        try:
            # Settings a game takes from the player's profile (Invasion's used words), not shown here.
            session = Session.new(self.rs.name, dict(self.values), seed, list(self.seats),
                                  profile=player_profile(self.rs.name))
        except (SettingsError, FileProblem, ValueError) as exc:
            self.problem = message_of(exc)
            self.app.toast(self.problem, 8)
            return False
        self.app.prefs.defaults[self.rs.name] = {"settings": dict(self.values), "seats": list(self.seats)}
        self.app.replace("play", session)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        px = self.px
        w, h = self.app.size
        # The title keeps clear of "Learn to play" in the top right corner (a smaller hand if need be).
        # TRANSLATORS: the setup screen's title: "New game: Paper Tigers", "Host: Paper Tigers".
        title, size = paper.fit(M("{heading}: {game}", heading=said(self.heading), game=said(self.rs.title)), px(40),
                                w - 2 * (getattr(self, "learn_w", px(160)) + px(30)), bold=True)
        paper.text(surface, title, (w // 2, px(20) + (px(40) - size) // 2), size, paper.INK, "midtop", bold=True)
        for i, line in enumerate(self.pitch_lines()[:2]):
            paper.text(surface, line, (w // 2, px(68) + i * px(22)), px(20), paper.GRAPHITE, "midtop")
        for (x, y), label, page in self.labels:
            if page >= 0 and page != self.page:
                continue
            if label is RULES_HEADING and self.page in self.seat_pages:
                continue  # the seats' own pages (one-column windows)
            if label is SEATS_HEADING or label is RULES_HEADING:
                paper.text(surface, label, (x, y), px(21), paper.INK, bold=True)
                continue
            room = getattr(self, "label_room", {}).get((x, y), px(LABEL_W) - px(12))
            lines = paper.wrap(words_of(tr(label)), px(18), room)[:2]
            step = max(px(20), paper.font(px(18)).get_linesize())  # two lines never touch
            ty = y + px(19) - step * len(lines) // 2
            for line in lines:
                paper.text(surface, line, (x, ty), px(18), paper.INK)
                ty += step
        if self.n_pages > 1:
            said_page, size = paper.fit(page_of(self.page + 1, self.n_pages), px(17), self.page_label_room)
            paper.text(surface, said_page, self.page_label_at, size, paper.GRAPHITE)
        for seat, (at, page) in enumerate(self.seat_spots):
            if page < 0 or page == self.page:
                paper.draw_symbol(surface, seat, at, px(16))
        if self.legend_page < 0 or self.legend_page == self.page:
            self._draw_legend(surface)
        if self.problem:  # in the description's place: up to three lines (a folder to name may be long)
            lines = paper.wrap(self.problem, px(19), w - px(80))
            if len(lines) > 3:
                lines = [*lines[:2], paper.fit(" ".join(lines[2:]), px(19), w - px(80))[0]]
            room = max(1, len(self.description)) * px(self.describe_step)  # above the buttons
            top = self.describe_top + room - px(24) * len(lines) if len(lines) > 1 else self.describe_top
            for i, line in enumerate(lines):
                paper.text(surface, line, (w // 2, top + px(24) * i), px(19), paper.WARN, "midtop")
        if not self.problem:  # what the chosen scenario holds, when the ruleset says
            for i, line in enumerate(self.describe_lines()[:len(self.description)]):
                paper.text(surface, line, (w // 2, self.describe_top + px(self.describe_step) * i),
                           px(self.describe_size), paper.GRAPHITE, "midtop")
