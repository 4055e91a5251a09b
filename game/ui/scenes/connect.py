"""Connecting to a room: what is happening, why the server cannot be reached, Back; then the
play scene at the first position (the room is opened by game/ui/online/rooms.py)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from ...i18n import tr
from ...msg import N_, M
from ...net.remote import RemoteSession
from .. import paper
from ..app import App, Scene
from ..widgets import said


class ConnectScene(Scene):
    """Connecting to a room: what is happening, why the server cannot be reached, Back."""

    def __init__(self, app: App, session: RemoteSession) -> None:
        super().__init__(app)
        self.session = session
        self.back: Any = None

    def build(self) -> None:
        box = self.new_box()
        w, h = self.app.size
        px = self.px
        self.back = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - px(100), h // 2 + px(90), px(200), px(44)),
                                                 tr(N_("Back")), self.app.ui, container=box, tool_tip_text="Esc")

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back) or \
                (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.session.close()
            if len(self.app.scenes) > 1:
                self.app.pop()
            else:
                self.app.reset_to("menu")

    def update(self, dt: float) -> None:
        for item in self.session.poll():
            if item[0] == "note":
                self.app.toast(item[1], 6)
        if self.session.ready() and not self.session.fatal:
            self.app.replace("play", self.session)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.paper(), (0, 0))
        w, h = self.app.size
        px = self.px
        s = self.session
        # TRANSLATORS: {room} is the room's code.
        title = M("Room {room} (watching)", room=s.room) if s.watching else M("Room {room}", room=s.room)
        paper.text(surface, title, (w // 2, h // 2 - px(80)), px(40), paper.INK, "center", bold=True)
        if s.fatal:
            line, colour = s.fatal, paper.WARN
        elif s.problem:
            # TRANSLATORS: {problem} is the sentence saying why the server does not answer.
            line, colour = M("{problem} Trying again...", problem=said(s.problem)), paper.WARN
        else:
            # TRANSLATORS: {url} is the server's address.
            line, colour = M("Connecting to {url}...", url=s.url), paper.GRAPHITE
        y = h // 2 - px(20)
        for part in paper.wrap(line, px(22), w - px(80)):
            paper.text(surface, part, (w // 2, y), px(22), colour, "center")
            y += px(28)
