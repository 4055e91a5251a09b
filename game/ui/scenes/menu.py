"""The main menu: every registered game as a card, Continue, Load, Settings, Quit."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from ... import __version__
from ...engine import IllegalAction
from ...i18n import tr
from ...jsonio import FileProblem, file_name, show
from ...lessons import basics_done
from ...msg import N_, M, Mn, Mp, Msg
from ...registry import Ruleset, rulesets
from ...saves import SaveError, is_autosave, latest_autosave, load_save
from ...session import Session, player_profile
from .. import paper
from ..app import App, Focus, Scene
from ..online.servers import your_turn_check
from ..playing.watch import open_replay
from ..view import load_view_class
from ..widgets import message_of

CARD_W, CARD_H = 360, 150


#: The number of games in words, as the line under the title says it.
_COUNT_WORDS = (Mp("count", "No"), Mp("count", "One"), Mp("count", "Two"), Mp("count", "Three"),
                Mp("count", "Four"), Mp("count", "Five"), Mp("count", "Six"), Mp("count", "Seven"),
                Mp("count", "Eight"), Mp("count", "Nine"))


def games_line(n: int) -> str:
    """The line under the title: how many games there are."""
    word: object = _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)
    # TRANSLATORS: {count} is the number of games as a word ("Five").
    return Mn("{count} pencil-and-paper wargame. Pick it.", "{count} pencil-and-paper wargames. Pick one.", n,
              count=word)


def open_problem(path: Path, exc: BaseException) -> str:
    """The one sentence said when a saved game will not open: the reader's own sentence for a
    damaged or refused file, the rule's for an action the game now refuses, and otherwise a plain
    line (never Python's words)."""
    name = file_name(Path(path))
    if isinstance(exc, SaveError):  # its sentence names the file
        return message_of(exc)
    if isinstance(exc, FileProblem):  # a level or a record the game needs (LevelError, RecordError)
        # TRANSLATORS: {name} is a file's name; {reason} a sentence saying why it cannot be restored.
        return M("{name} cannot be restored: {reason}", name=name, reason=message_of(exc))
    if isinstance(exc, IllegalAction):
        said = exc.message if isinstance(exc.message, Msg) else show(exc.message, 300)[1:-1]
        # TRANSLATORS: {name} is a file's name, {reason} the rule's sentence, {rule} its id ("A-P4").
        return M("{name} cannot be restored: {reason} [{rule}]", name=name, reason=said, rule=exc.rule)
    if isinstance(exc, KeyError) and exc.args and isinstance(exc.args[0], str) and " " in exc.args[0]:
        said = exc.args[0] if isinstance(exc.args[0], Msg) else show(exc.args[0], 200)[1:-1]
        return M("{name} cannot be restored: {reason}", name=name, reason=said)  # the registry's sentence
    # TRANSLATORS: {name} is a file's name.
    return M("{name} cannot be restored: Paper Wars could not replay its game; the file was left as it is.",
             name=name)


def draw_tick(surface: pygame.Surface, rect: pygame.Rect, game: str) -> None:
    """The menu card's small tick for a game whose basics lesson is done."""
    if not basics_done(game):
        return
    k = rect.width / CARD_W  # the card's own scale: a smaller window has smaller cards
    x, y = rect.x + round(112 * k), rect.bottom - round(24 * k)  # under the icon, clear of the title and the pitch
    paper.pencil_lines(surface, (60, 130, 70), [(x, y + round(10 * k)), (x + round(8 * k), y + round(18 * k)),
                                                (x + round(22 * k), y)], False, max(2, round(3 * k)), 3)


class MenuScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = [rs for rs in rulesets() if rs.view]
        self.cards: list[tuple[pygame.Rect, Ruleset]] = []
        self.buttons: dict[object, str] = {}
        self.icons: dict[str, pygame.Surface] = {}
        self.card_scale = 1.0
        self.online_check = your_turn_check(app)  # "your turn" in online games, asked in the background

    def entries(self) -> list[tuple[str, str]]:
        """The menu's buttons along the bottom, (key, label), in order; any number of them."""
        labels = []
        if latest_autosave() is not None:  # a finished game is moved to the Load list when it ends
            labels.append(("continue", tr(N_("Continue"))))
        return labels + [("load", tr(N_("Load game"))), ("online", tr(N_("Play online"))),
                         ("settings", tr(N_("Settings"))), ("quit", tr(N_("Quit")))]

    def build(self) -> None:
        box = self.new_box()
        w, h = self.app.size
        px = self.px
        self.buttons = {}
        entries = self.entries()
        rects = self.button_rows([label for _, label in entries], h - px(32), width=170, height=48, gap=20)
        for (key, label), rect in zip(entries, rects, strict=True):
            b = pygame_gui.elements.UIButton(rect, label, self.app.ui, container=box)
            self.buttons[b] = key
            if key == "online":
                self.online_button = b
        credits = pygame_gui.elements.UIButton(pygame.Rect(w - px(132), px(16), px(116), px(40)), tr(N_("Credits")),
                                              self.app.ui, container=box)
        self.buttons[credits] = "credits"
        # The cards fill the room between the title and the buttons: as many columns as make
        # them largest, never larger than at the UI scale, the last row centred.
        top = px(150)
        bottom = min(r.top for r in rects) - px(22) if rects else h - px(20)
        self.cards = []
        n = len(self.games)
        room_w, room_h = w - px(20), bottom - top
        gx, gy = px(24), px(22)
        best = (0.0, 1)
        for cols in range(1, max(1, n) + 1):
            rows = -(-n // cols)
            cw = min(px(CARD_W), (room_w - (cols - 1) * gx) / cols,
                     (room_h - (rows - 1) * gy) / rows * CARD_W / CARD_H)
            if cw > best[0] + 0.5:
                best = (cw, cols)
        cw = max(1, int(best[0]))
        cols = best[1]
        ch = max(1, cw * CARD_H // CARD_W)
        self.card_scale = cw / px(CARD_W)
        rows = -(-n // cols) if n else 0
        y0 = top + max(0, (room_h - rows * (ch + gy) + gy) // 2) if rows else top
        x0 = (w - cols * (cw + gx) + gx) // 2
        for i, rs in enumerate(self.games):
            r, c = divmod(i, cols)
            in_row = min(cols, n - r * cols)
            x = x0 + (cols - in_row) * (cw + gx) // 2 + c * (cw + gx)  # the last row is centred
            self.cards.append((pygame.Rect(x, y0 + r * (ch + gy), cw, ch), rs))

    def focus_items(self) -> list[Focus]:
        """The game cards first (Enter opens the game's setup), then the buttons."""
        cards = [Focus(rect, lambda rs=rs: self.open_setup(rs)) for rect, rs in self.cards]
        return cards + super().focus_items()

    def open_setup(self, rs: Ruleset) -> None:
        self.app.push("setup", rs)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.press(self.buttons[event.ui_element])
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, rs in self.cards:
                if rect.collidepoint(event.pos):
                    self.open_setup(rs)
                    return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.running = False

    def press(self, key: str) -> None:
        if key == "continue":  # the game played last; the Load list holds the others in progress
            latest = latest_autosave()
            if latest is not None:
                self.open_save(latest)
        elif key == "load":
            self.app.push("load")
        elif key == "online":
            self.app.push("online")
        elif key == "settings":
            self.app.push("settings")
        elif key == "quit":
            self.app.running = False
        elif key == "credits":
            self.app.push("credits")

    def open_save(self, path) -> bool:  # type: ignore[no-untyped-def]
        """Restore a saved game (Continue, and Open or a double click on the Load list); a file
        that will not open, for whatever reason its replay fails, gets one sentence here and is
        left untouched, and the menu goes on."""
        try:
            record = load_save(path)
            # a resumed game still refuses used words, but never its own (Record.make_game)
            record.profile = player_profile(record.game)
            # a game in progress goes on in its own autosave; a game opened from a save file is a
            # new game in progress (the file itself stays as it was saved)
            session = Session(record, autosave=Path(path) if is_autosave(path) else True)
        except Exception as exc:  # noqa: BLE001 - opening a game never crashes the app
            self.app.toast(open_problem(path, exc), 8)
            return False
        if session.state.is_over() and is_autosave(path):
            # kept from an older version: a finished game is not continued, it is kept to watch
            scene = self.app.make("play", session)
            scene._keep_finished(force=True)
            self.resize(self.app.size)
            self.app.toast(N_("That game is finished: it is in Load game now, where you can watch it."), 6)
            return False
        self.app.push("play", session)
        return True

    def open_replay(self, path) -> bool:  # type: ignore[no-untyped-def]
        """Watch a record or save in the replay viewer (the Load screen's Watch button)."""
        return open_replay(self.app, path) is not None

    def online_turns(self) -> int:
        """Online games where it is the player's turn (0 while the servers are asked, or none answer)."""
        job = self.online_check
        if job is None or not job.done or job.result is None:
            return 0
        return sum(1 for info in job.result["rooms"].values() if info.get("your_turn"))

    def _draw_online_badge(self, surface: pygame.Surface) -> None:
        turns = self.online_turns()
        button = getattr(self, "online_button", None)
        if not turns or button is None:
            return
        rect = button.get_abs_rect()
        # TRANSLATORS: a badge over Play online: in how many online games it is the player's turn.
        badge_text = M("your turn: {n}", n=turns)
        label = tr(N_("your turn") if turns == 1 else badge_text)
        badge = paper.font(self.px(16), bold=True).size(label)
        tag = pygame.Rect(0, 0, badge[0] + self.px(14), badge[1] + self.px(6))
        tag.midbottom = (rect.centerx, rect.y - self.px(4))
        pygame.draw.rect(surface, (226, 240, 226), tag, border_radius=self.px(8))
        pygame.draw.rect(surface, paper.GOOD, tag, 2, border_radius=self.px(8))
        paper.text(surface, label, tag.center, self.px(16), paper.GOOD, "center", bold=True)

    def resume(self) -> None:
        super().resume()
        # back from Play online (or a game): ask again
        if self.online_check is None or self.online_check.done:
            self.online_check = your_turn_check(self.app)

    def icon(self, rs: Ruleset) -> pygame.Surface:
        size = (round(self.px(120) * self.card_scale), round(self.px(110) * self.card_scale))
        key = f"{rs.name}@{size}"
        if key not in self.icons:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            load_view_class(rs.view).draw_icon(surf, surf.get_rect())
            self.icons[key] = surf
        return self.icons[key]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        w, h = self.app.size
        px = self.px
        paper.text(surface, "Paper Wars", (w // 2, px(24)), px(64), paper.INK, "midtop", bold=True)
        paper.pencil_line(surface, paper.GRAPHITE, (w // 2 - px(200), px(100)), (w // 2 + px(200), px(96)), 3, 5)
        paper.text(surface, games_line(len(self.cards)), (w // 2, px(108)),
                   px(22), paper.GRAPHITE, "midtop")
        paper.text(surface, M("version {version}", version=__version__), (px(16), px(16)), px(16), paper.FAINT)
        mouse = pygame.mouse.get_pos()
        for i, (rect, rs) in enumerate(self.cards):
            k = rect.width / CARD_W  # the card's own scale (UI scale times shrink)
            hover = rect.collidepoint(mouse) or i == self.focus
            if hover:
                pygame.draw.rect(surface, (236, 228, 206), rect, border_radius=10)
            paper.pencil_lines(surface, paper.INK if hover else paper.GRAPHITE,
                               [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft], True, 2, i)
            icon = self.icon(rs)
            surface.blit(icon, (rect.x + round(12 * k), rect.y + (rect.height - icon.get_height()) // 2))
            tx = rect.x + round(142 * k)
            room = rect.right - tx - round(10 * k)
            title, size = paper.fit(rs.title, round(25 * k), room, bold=True, smallest=round(16 * k))
            paper.text(surface, title, (tx, rect.y + round(16 * k)), size, paper.INK, bold=True)
            text_top = rect.y + round(50 * k)
            for fs, lh in ((17, 21), (15, 18), (13, 16)):  # never cut the pitch: a smaller hand instead
                fs, lh = round(fs * k), round(lh * k)
                lines = paper.wrap(rs.pitch, fs, room)
                if text_top + lh * len(lines) <= rect.bottom - round(4 * k):
                    break
            for j, line in enumerate(lines):
                paper.text(surface, line, (tx, text_top + lh * j), fs, paper.GRAPHITE)
            draw_tick(surface, rect, rs.name)  # the basics lesson is done
        self._draw_online_badge(surface)
        if not self.cards:
            paper.text(surface, N_("No games are installed."), (w // 2, h // 2), px(26), paper.WARN, "center")
