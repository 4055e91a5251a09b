"""Esc during a game: resume, save, rules, settings, quit to the menu; beside the buttons, the
keys of this game and of every game.  The replay viewer and the lessons show it without Save."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ...i18n import tr
from ...msg import N_, M
from ...saves import saves_dir
from .. import paper
from ..app import App, Scene
from ..widgets import message_of, said

if TYPE_CHECKING:
    from .scene import PlayScene


#: Keys every game shares (the play scene's own).
SHELL_KEYS = [(N_("Esc"), N_("this menu; Esc again to go back")), ("F1", N_("the rules")), (N_("Ctrl+Z"), N_("undo")),
              (N_("Space, Enter or a click"), N_("skip an animation")), ("R", N_("the result again, after the game")),
              ("F11", N_("fullscreen")), ("F12", N_("screenshot"))]

#: Each game's keys, read from its board view (a view that lists its own with keys() wins).
GAME_KEYS: dict[str, list[tuple[str, str]]] = {
    "amoeba": [(N_("Enter or Space"), N_("confirm: finish the map, place, move")), ("0-9", N_("troops to place")),
               (N_("Up/Down, +/-, wheel"), N_("more or fewer troops")), (N_("Backspace"), N_("take back a digit or the choice")),
               ("J", N_("propose a joint attack")), ("Y / N", N_("answer a joint attack")), ("F", N_("next follow-up choice")),
               ("S", N_("save the drawn map")), (N_("Right click"), N_("cancel a move"))],
    "warigami": [("1-5", N_("add a unit to the squad; the unit type to place")),
                 (N_("Backspace"), N_("take the squad's last unit back")),
                 (N_("Enter"), N_("squad ready; fire at the aimed target, or end the turn")), ("E", N_("end the turn")),
                 (N_("Click an enemy twice"), N_("attack: aim, then fire")), ("H", N_("heal with the selected medic")),
                 (N_("Right click"), N_("drop the selection, the aim or the heal")),
                 (N_("Arrows, wheel, middle drag"), N_("scroll a map bigger than the window"))],
    "space": [(N_("S or Tab"), N_("shot or move")), ("M", N_("move")), ("1 2 3", N_("pencil (variant)")),
              ("H", N_("stopper hand (variant)")), (N_("Backspace"), N_("lift the stopper")), ("P", N_("pass")), ("D", N_("call a draw")),
              ("Y / N", N_("accept or refuse a proposed draw (3-4 players)")),
              ("A", N_("aiming aid")), ("E", N_("erase traces")), (N_("Left/Right"), N_("turn the heading (Shift: finer)")),
              (N_("Enter or Space"), N_("confirm the heading")), (N_("Enter"), N_("done drawing asteroids")),
              ("T", N_("turret (variant)"))],
    "tigers": [("T", N_("tape measure")), ("L", N_("line of sight")), ("0", N_("fit the table")), ("+ / -", N_("zoom")),
               ("Q / E", N_("turn while deploying or shaping terrain")), (N_("Delete"), N_("remove the chosen terrain")),
               (N_("Letters in ( )"), N_("the buttons beside the table"))],
    "invasion": [(N_("Space"), N_("turn the wall you draw")), (N_("Enter"), N_("end the turn"))],
}


def game_keys(play: PlayScene) -> list[tuple[str, str]]:
    return play.view.keys() or GAME_KEYS.get(play.session.ruleset.name, [])


class PauseScene(Scene):
    opaque = False
    #: The line under the title and the buttons (a lesson has its own: game/ui/scenes/lesson.py).
    note = N_("The game is saved after every move.")
    labels: tuple[tuple[str, str], ...] = (("resume", N_("Resume")), ("save", N_("Save game")),
                                           ("rules", N_("Rules (F1)")), ("settings", N_("Settings")),
                                           ("menu", N_("Quit to menu")))

    def __init__(self, app: App, play: PlayScene) -> None:
        super().__init__(app)
        self.play = play
        self.buttons: dict[object, str] = {}
        if play.remote:  # an online game is kept on the server: nothing to save here
            self.note = N_("The game is kept on the server: leave and come back any time.")
            self.labels = tuple((k, N_("Leave the room") if k == "menu" else t) for k, t in self.labels if k != "save")

    def build(self) -> None:
        box = self.new_box()
        w, h = self.app.size
        px = self.px
        labels = self.labels
        self.buttons = {}
        step, bh = min(px(56), (h - px(150)) // len(labels)), px(46)
        bh = min(bh, step - px(6))
        y = px(130)
        x = self.column_x()
        for key, label in labels:
            b = pygame_gui.elements.UIButton(pygame.Rect(x, y, px(260), bh), tr(label), self.app.ui, container=box)
            self.buttons[b] = key
            y += step

    def column_x(self) -> int:
        """The buttons' column: centred, or to the left of the list of keys when it fits beside."""
        w = self.app.size[0]
        return w // 2 - self.px(260) - self.px(30) if w >= self.px(260 + 60 + 420) else w // 2 - self.px(130)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return
        key = self.buttons[event.ui_element]
        if key == "resume":
            self.app.pop()
        elif key == "save":
            try:
                path = saves_dir() / time.strftime(f"{self.play.session.record.game}-%Y%m%d-%H%M%S.json")
                self.play.session.save_as(path)
                # TRANSLATORS: {path} is the file the game was saved to.
                self.app.toast(M("Saved to {path}", path=str(path)), 4, good=True)
            except OSError as exc:
                # TRANSLATORS: {reason} is the system's reason, in English ("Permission denied").
                self.app.toast(M("Could not save: {reason}.", reason=exc.strerror or str(exc)), 6)
            except ValueError as exc:  # FileProblem: it would not read back
                # TRANSLATORS: {problem} is a sentence saying what is wrong.
                self.app.toast(M("Could not save: {problem}", problem=message_of(exc)), 6)
        elif key == "rules":
            self.app.push("rules", self.play.session.ruleset)
        elif key == "settings":
            self.app.push("settings")
        elif key == "menu":
            self.app.reset_to("menu")

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((244, 239, 225, 215))
        surface.blit(veil, (0, 0))
        px = self.px
        paper.text(surface, N_("Paused"), (w // 2, px(50)), px(40), paper.INK, "center", bold=True)
        paper.text(surface, self.note, (w // 2, px(90)), px(20),
                   paper.GRAPHITE, "center")
        x = self.column_x() + px(260) + px(40)
        if x + px(300) > w:
            return  # no room beside the buttons (the hint line and F1 still tell)
        self._draw_keys(surface, pygame.Rect(x, px(122), w - x - px(20), h - px(142)))

    def key_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """(heading, keys) of the list beside the buttons: this game's keys, then the shell's."""
        # TRANSLATORS: a heading of the key list; {game} is the game's name.
        return [(M("Keys in {game}", game=said(self.play.session.ruleset.title)), game_keys(self.play)),
                (N_("Keys in every game"), SHELL_KEYS)]

    def key_lines(self, area: pygame.Rect) -> list[tuple[str, int, bool, int]]:
        """(text, size, heading, y) lines of the key list that fit ``area``: a smaller hand first,
        then without the keys every game shares; never a list cut off in the middle."""
        px = self.px
        sections = self.key_sections()
        for keep in (2, 1):
            for body in (16, 15, 14, 13):
                out: list[tuple[str, int, bool, int]] = []
                y = area.y
                for title, keys in sections[:keep]:
                    if not keys:
                        continue
                    if out:
                        y += px(8)
                    for line in paper.wrap(title, px(body + 3), area.width, bold=True):  # a long name wraps
                        out.append((line, px(body + 3), True, y))
                        y += px(body + 3) + px(5)
                    for key, what in keys:
                        # TRANSLATORS: a line of the key list: a key and what it does.
                        for line in paper.wrap(M("{key}: {what}", key=said(key), what=said(what)), px(body),
                                               area.width):
                            out.append((line, px(body), False, y))
                            y += px(body) + px(4)
                if y <= area.bottom:
                    return out
        return []

    def key_panel(self, area: pygame.Rect) -> tuple[pygame.Rect, list[tuple[str, int, bool, int]], pygame.Rect]:
        """The paper panel the key list is written on (inside ``area``), its lines, and the part of
        the panel they are wrapped to: every line fits inside the panel (issue 32: "Enter: field
        done" ran out of it)."""
        pad = self.px(12)
        inner = area.inflate(-2 * pad, -2 * pad)
        lines = self.key_lines(inner)
        if not lines:
            return pygame.Rect(area.x, area.y, 0, 0), [], inner
        widest = max(paper.font(size, heading).size(tr(text))[0] for text, size, heading, _y in lines)
        last_text, last_size, _h, last_y = lines[-1]
        panel = pygame.Rect(area.x, area.y, min(area.w, widest + 2 * pad), last_y + last_size + self.px(4) + pad - area.y)
        return panel, lines, inner

    def _draw_keys(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        panel, lines, inner = self.key_panel(area)
        if not lines:
            return
        pygame.draw.rect(surface, paper.PAPER, panel, border_radius=self.px(6))
        paper.pencil_lines(surface, paper.FAINT, [panel.topleft, panel.topright, panel.bottomright, panel.bottomleft],
                           True, 2, 5)
        for text, size, heading, y in lines:
            paper.text(surface, text, (inner.x, y), size, paper.INK if heading else paper.GRAPHITE, bold=heading)
