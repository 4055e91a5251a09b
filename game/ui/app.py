"""The app: the scene stack, shown by name, and the main loop (Tuxemon's StateManager, in small).

The loop only ticks the clock, hands events to the top scene and draws.  Tests
and the monkey tester drive the same App one frame at a time with ``frame``.  A scene is
shown by its name (game/ui/shell/registry.py): this module imports no scene.  Its other
parts are in game/ui/shell/: the window and the UI scale, the toast, the keyboard focus,
the theme, the desktop and the crash reports.
"""

from __future__ import annotations

import gc
import os
import time
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from .. import i18n, jsonio
from ..msg import N_, M
from ..paths import sprites_dir
from . import paper
from .prefs import Prefs
from .shell import gui_text
from .shell.crash import CRASH_WINDOW, MAX_CRASHES, write_crash_report
from .shell.desktop import MIN_SIZE, declare_dpi_awareness, fit_window
from .shell.focus import Focus, KeyboardFocus, widget_focus
from .shell.registry import scene_class
from .shell.theme import list_row, theme
from .shell.toast import Toasts
from .shell.window import UI_ROOM, Window
from .sound import Sounds
from .uimanager import UIManager
from .widgets import FIELD_NOTE, TipDropDown

__all__ = ["MIN_SIZE", "UI_ROOM", "WAKE", "App", "Focus", "Scene", "theme"]

#: After input or a move, frames at full rate for this long (fades, hovers settle) ...
LINGER_FAST = 1.0
#: ... then a few frames a second until this long after the last input (tooltips, timed notes).
LINGER_SLOW = 5.0
SETTLE_STEP = 0.25
#: Longest sleep without any event, and the longest dt an update ever sees after a sleep.
IDLE_WAKE = 1.0
MAX_DT = 0.1
POLL = 0.02
#: Once the settle period is over (and this long after it), poll less often: the first click after a long rest
#: is answered within POLL_RESTING seconds, and the idle window costs about half as much.
REST_AFTER = 0.0
POLL_RESTING = 0.05
#: Posted by worker threads (a computer move is ready) to wake the resting main loop.
WAKE = pygame.event.custom_type()


def wait_for_events(timeout: float, poll: float = POLL) -> list[pygame.event.Event]:
    """Sleep until an event arrives or ``timeout`` seconds pass.

    Not ``pygame.event.wait``: pygame-ce re-implements it as a loop that pumps the queue and
    calls ``SDL_Delay(1)``, a thousand wake-ups a second (measured: 2.4% of a core in an X
    window doing nothing).  Sleeping in slices of ``POLL`` seconds costs about 0.6% and answers
    a click within one frame at 50 Hz.
    """
    end = time.monotonic() + timeout
    while True:
        events = pygame.event.get()
        if events:
            return events
        left = end - time.monotonic()
        if left <= 0:
            return []
        time.sleep(min(poll, left))


def release_surfaces(scene: Any) -> None:
    """A scene left: let go of the surfaces it and its board view kept (layers, sprites, cached
    drawings) now.  A board's scene and its view refer to each other, so they wait for Python's
    cycle collector, which counts objects, not bytes: at 3840x2400 a board's layers are 37 MB each,
    and six boards visited held 100 MB more than one.  What is dropped is only ever a cache (a
    scene that is drawn again draws it anew)."""
    for holder in (scene, getattr(scene, "view", None)):
        if holder is None or not hasattr(holder, "__dict__"):
            continue
        for name, value in list(vars(holder).items()):
            if isinstance(value, pygame.Surface) or (
                    isinstance(value, tuple) and any(isinstance(v, pygame.Surface) for v in value)):
                if name not in ("screen",):
                    setattr(holder, name, None)
            elif isinstance(value, dict) and value and all(isinstance(v, pygame.Surface) for v in value.values()):
                value.clear()



def _system_locales() -> list[str]:
    """The system's preferred languages, most wanted first ("fi_FI", "nl"), as SDL reports them."""
    try:
        return [f"{loc['language']}_{loc['country'] or ''}" for loc in pygame.system.get_pref_locales()]
    except (pygame.error, AttributeError, KeyError, TypeError):
        return []

def crash_sentence(path: str | None, saved: str) -> str:
    """What the window says after a crash: where the report is, and where the autosave is
    (``saved``: "continue", "load" or "" for none), each case a whole sentence."""
    if path is not None and saved == "continue":
        # TRANSLATORS: {path} is the crash report's file.
        return M("Something went wrong, so Paper Wars went back to the menu; a crash report is in {path}. "
                 "Your game was autosaved: Continue picks it up.", path=path)
    if path is not None and saved == "load":
        # TRANSLATORS: {path} is the crash report's file.
        return M("Something went wrong, so Paper Wars went back to the menu; a crash report is in {path}. "
                 "Your game was autosaved: Load game lists it.", path=path)
    if path is not None:
        # TRANSLATORS: {path} is the crash report's file.
        return M("Something went wrong, so Paper Wars went back to the menu; a crash report is in {path}.", path=path)
    if saved == "continue":
        return N_("Something went wrong, so Paper Wars went back to the menu; no crash report could be written. "
                  "Your game was autosaved: Continue picks it up.")
    if saved == "load":
        return N_("Something went wrong, so Paper Wars went back to the menu; no crash report could be written. "
                  "Your game was autosaved: Load game lists it.")
    return N_("Something went wrong, so Paper Wars went back to the menu; no crash report could be written.")


class Scene:
    """One screen.  ``draw`` never changes state; widgets live in ``self.box``."""

    opaque = True
    #: Tab, arrows, Enter and Space move through this scene's widgets (off where the game owns the keys).
    keyboard_nav = True

    def __init__(self, app: App) -> None:
        self.app = app
        self.box: pygame_gui.core.UIContainer | None = None
        self.focus = -1  # index into focus_items() chosen with the keyboard, -1: none

    def focus_items(self) -> list[Focus]:
        """What Tab reaches, top to bottom, left to right: the scene's enabled, visible widgets."""
        if self.box is None:
            return []
        els = [el for el in self.box.elements if el.visible and el.is_enabled]
        els.sort(key=lambda el: (el.get_abs_rect().y, el.get_abs_rect().x))
        return [f for f in (widget_focus(self, el) for el in els) if f is not None]

    # Lifecycle hooks.
    def enter(self) -> None:
        self.build()

    def exit(self) -> None:
        if self.box is not None:
            self.box.kill()
            self.box = None

    def pause(self) -> None:
        if self.box is not None:
            self.box.hide()

    def resume(self) -> None:
        if self.box is not None:
            self.box.show()

    def build(self) -> None:
        """Create this scene's widgets for the current window size."""

    def resize(self, size: tuple[int, int]) -> None:
        if self.box is not None:
            self.box.kill()
            self.box = None
        self.build()
        if self.app.top() is not self and self.box is not None:
            self.box.hide()

    def px(self, n: float) -> int:
        """``n`` pixels at the UI scale."""
        return self.app.px(n)

    def drop_down(self, options: list[Any], current: Any, rect: pygame.Rect, container: Any = None,
                  class_id: str | None = None, **kwargs: Any) -> TipDropDown:
        """A drop-down whose open list stays inside the window: downwards when all its rows fit
        below (or there is more room below than above), else upwards; a list longer than the
        room scrolls.  ``rect`` is in window coordinates (the scene's box covers the window).
        ``options`` are (shown text, id) pairs (read the choice with widgets.chosen: the text
        may be translated) or plain texts; ``class_id``: a theme class (``@read_only``)."""
        margin = self.px(8)
        need = list_row(self.app.scale) * len(options) + 8
        below = self.app.size[1] - rect.bottom - margin
        above = rect.top - margin
        up = need > below and above > below
        return TipDropDown(
            options, current, rect, self.app.ui, container=container or self.box,
            object_id=ObjectID(object_id="#opens_up" if up else None, class_id=class_id),
            expansion_height_limit=max(0, min(need, above if up else below)),
            **kwargs)

    def button_rows(self, labels: list[str], bottom: int, width: int = 170, height: int = 48,
                    gap: int = 20) -> list[pygame.Rect]:
        """Where a row of buttons goes: side by side and centred, the last row's bottom at
        ``bottom``; each ``width`` wide at the UI scale, narrower to share a small window but
        never narrower than its label; a second row (and more) when they still do not fit."""
        px = self.px
        room = self.app.size[0] - px(20)
        g, bh, n = px(gap), px(height), len(labels)
        need = max((paper.font(px(17)).size(t)[0] for t in labels), default=0) + px(24)
        per_row = max(1, n)
        bw = min(px(width), (room - (per_row - 1) * g) // per_row)
        while per_row > 1 and bw < need:
            per_row -= 1
            bw = min(px(width), (room - (per_row - 1) * g) // per_row)
        bw = min(room, max(bw, need))
        rows = -(-n // per_row) if n else 0
        out = []
        for i in range(n):
            r, c = divmod(i, per_row)
            in_row = min(per_row, n - r * per_row)
            x = self.app.size[0] // 2 - (in_row * (bw + g) - g) // 2 + c * (bw + g)
            y = bottom - (rows - r) * bh - (rows - 1 - r) * px(10)
            out.append(pygame.Rect(x, y, bw, bh))
        return out

    def new_box(self) -> pygame_gui.core.UIContainer:
        self.box = pygame_gui.core.UIContainer(pygame.Rect((0, 0), self.app.size), self.app.ui)
        return self.box

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def next_wake(self) -> float | None:
        """Seconds until this scene needs frames again without input: 0 while it animates,
        None when it only changes on input (the main loop then sleeps)."""
        return None

    def due(self, now: float) -> bool:
        """A frame is due although no input came and nothing animates (a timer ran out)."""
        return False

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def name(self) -> str:
        return type(self).__name__


class App(Window, Toasts, KeyboardFocus):
    """Owns the window, the pygame_gui manager, prefs, sounds and the scene stack."""

    def __init__(self, size: tuple[int, int] | None = None, headless: bool = False) -> None:
        declare_dpi_awareness()
        pygame.init()
        paper.reset_caches()
        self.headless = headless
        self.prefs = Prefs.load()
        i18n.set_language(i18n.choose_language(self.prefs.language, _system_locales()))
        self.size = size or fit_window(self.prefs.window, headless)
        self.fullscreen = False
        self.screen = self._set_mode(self.size, self.prefs.fullscreen and not headless)
        self.size = self.screen.get_size() if not self.fullscreen else self.size
        self.scale = self.fit_scale(self.prefs.ui_scale, self.size)
        pygame.display.set_caption("Paper Wars")
        if (sprites_dir() / "icon" / "paperwars-64.png").is_file():  # drawn by sprites/icon/draw_icon.py
            pygame.display.set_icon(pygame.image.load(str(sprites_dir() / "icon" / "paperwars-64.png")))
        self.ui = UIManager(self.size, theme(self.scale), enable_live_theme_updates=False,
                            starting_language=i18n.language())
        gui_text.install(i18n.language())
        self._preload_fonts()
        self.scenes: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.sounds = Sounds(self.prefs.volume if not headless else 0.0)
        self.toast_text = self.prefs.problem
        self.toast_good = False
        self.toast_until = time.monotonic() + 6 if self.toast_text else 0.0
        self._toast_click = False
        self._paper: pygame.Surface | None = None
        self.first_frame_at: float | None = None
        self._active_until = 0.0
        self._settle_until = 0.0
        #: The server this app runs for the games it hosts (game.net.lobby.HostServer, made by
        #: Play online's host_server when first needed); close() stops it.
        self.online_host: Any = None

    # -- language ----------------------------------------------------------------------
    def set_language(self, lang: str) -> str:
        """Show every word in ``lang`` from now on, without a restart and in the middle of a
        game: the catalogs change (game.i18n), rendered and measured text is forgotten, pygame_gui
        is told (its own words too), and every open scene is built again through the resize
        path, so its widgets are made anew with the new words; drawn text (the log, hover cards)
        passes through tr() and follows by itself.  Kept in the settings; returns the language."""
        taken = i18n.set_language(lang)
        if taken in i18n.LANGUAGES:
            self.prefs.language = taken
        paper.reset_caches()
        gui_text.install(taken)
        self.ui.set_locale(taken)
        self._paper = None
        for scene in self.scenes:
            scene.resize(self.size)
        return taken

    # -- scene stack ---------------------------------------------------------------
    def make(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene:
        """The scene called ``scene`` (game/ui/shell/registry.py), made with these arguments
        after the app; a scene already made is taken as it is."""
        if isinstance(scene, str):
            made: Scene = scene_class(scene)(self, *args, **kwargs)
            return made
        assert not args and not kwargs, "a scene already made takes no arguments"
        return scene

    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene:
        """Show a scene over the others (by name with its arguments, or made already)."""
        scene = self.make(scene, *args, **kwargs)
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        release_surfaces(scene)
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene:
        """Show a scene in the place of the top one (made before the top one leaves)."""
        scene = self.make(scene, *args, **kwargs)
        if self.scenes:
            gone = self.scenes.pop()
            gone.exit()
            release_surfaces(gone)
        self.scenes.append(scene)
        scene.enter()
        return scene

    def reset_to(self, scene: Scene | str, *args: Any, **kwargs: Any) -> Scene:
        """Every scene leaves, this one stays alone (made before the others leave)."""
        scene = self.make(scene, *args, **kwargs)
        while self.scenes:
            gone = self.scenes.pop()
            gone.exit()
            release_surfaces(gone)
        return self.push(scene)

    def find(self, kind: str | type) -> Any:
        """The topmost scene of that kind (a name: that scene or one built on it), or None."""
        cls = scene_class(kind) if isinstance(kind, str) else kind
        for s in reversed(self.scenes):
            if isinstance(s, cls):
                return s
        return None

    def top_is(self, kind: str | type) -> bool:
        """The scene on top is of that kind (a name, or a class)."""
        cls = scene_class(kind) if isinstance(kind, str) else kind
        return isinstance(self.top(), cls)

    # -- loop -----------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == FIELD_NOTE:  # a text field cleaned what was pasted into it: said
            self.toast(event.text, 6)
            return
        if event.type == pygame.VIDEORESIZE:
            self._resized((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            self.screenshot()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self._close_dropdowns():
            return  # Esc over an open list closes the list only, never the scene under it
        if event.type == pygame.KEYDOWN and self._keyboard(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            toast = self.toast_rect()
            if toast is not None and toast.collidepoint(event.pos):
                self.toast_text, self._toast_click = "", True  # read: a click puts it away
                return
        if event.type == pygame.MOUSEBUTTONUP and self._toast_click:
            self._toast_click = False  # the end of that click is the toast's too, not the scene's
            return
        consumed = self.ui.process_events(event)
        top = self.top()
        if top is not None and not (consumed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)):
            top.handle_event(event)

    def frame(self, events: list[pygame.event.Event] | None = None, dt: float = 1 / 60) -> None:
        """One iteration of the loop with the given events (tests, monkey, bench)."""
        for e in events or []:
            self.dispatch(e)
            if not self.running:
                return
        self.ui.update(dt)
        top = self.top()
        if top is not None:
            top.update(dt)
        kept = jsonio.take_notes()  # a damaged file kept aside as NAME.damaged.json: said as it happens
        if kept:
            self.toast(" ".join(kept), 12)
        for scene in self.scenes[:-1]:  # an online game below a pause or result panel still hears the server
            behind = getattr(scene, "update_behind", None)
            if behind is not None:
                behind()
        self.draw()

    def draw(self) -> None:
        screen = self.screen
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        for scene in self.scenes[first:]:
            scene.draw(screen)
        self.ui.draw_ui(screen)
        self._draw_focus(screen)
        if self.toast_text and time.monotonic() < self.toast_until:
            self._draw_toast(screen)
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()

    # -- resting when idle -------------------------------------------------------------
    def poke(self) -> None:
        """Something changed that is not an input event (a computer move, a worker's answer):
        draw at full rate for a moment so fades and hover effects settle."""
        self._active_until = time.monotonic() + LINGER_FAST

    def wake(self) -> None:
        """Called from a worker thread: wake the main loop that may be waiting for events."""
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:
            pass

    def next_wake(self, now: float) -> float | None:
        """Seconds until the loop must run again without input (0: draw every frame, None: only on
        input).  Asks the scenes (animations, computer turns), the toast and the settle period."""
        waits: list[float] = []
        top = self.top()  # only the top scene is updated, so only it can need frames
        w = top.next_wake() if top is not None else None
        if w is not None:
            waits.append(max(0.0, w))
        if now < self._active_until:
            waits.append(0.0)
        elif now < self._settle_until:
            waits.append(SETTLE_STEP)  # tooltips, timed notes and the text cursor catch up slowly
        if self.toast_text and now < self.toast_until:
            waits.append(self.toast_until - now + 0.01)
        return min(waits) if waits else None

    def run(self) -> None:
        """Draw a frame only when something changed; otherwise sleep in ``pygame.event.wait``."""
        # PAPERWARS_QUIT_AFTER=N closes the window after N frames (the README test uses it).
        limit = int(os.environ.get("PAPERWARS_QUIT_AFTER", "0") or 0)
        frames = 0
        last = time.monotonic()
        self.poke()
        try:  # a crash that gets through safe_frame still closes the app (and its hosted server)
            while self.running and self.scenes:
                now = time.monotonic()
                wait = self.next_wake(now)
                if limit:
                    wait = 0.0
                if wait is not None and wait <= 0.0:
                    self.clock.tick(60)
                    events = pygame.event.get()
                else:
                    resting = now > self._settle_until + REST_AFTER
                    events = wait_for_events(min(IDLE_WAKE, wait if wait is not None else IDLE_WAKE),
                                             POLL_RESTING if resting else POLL)
                now = time.monotonic()
                dt, last = min(MAX_DT, now - last), now
                woke = [e for e in events if e.type != WAKE]
                if woke:
                    self._active_until = now + LINGER_FAST
                    self._settle_until = now + LINGER_SLOW
                drawn = bool(events) or self._due(now)
                if not drawn:
                    continue
                self.safe_frame(woke, dt)
                pygame.display.flip()
                frames += 1
                if limit and frames >= limit:
                    break
        finally:
            self.close()

    # -- the last line of defence ------------------------------------------------------
    def safe_frame(self, events: list[pygame.event.Event] | None = None, dt: float = 1 / 60) -> bool:
        """``frame`` with a handler round it: a scene that raises does not end the app.  The
        game in progress was autosaved after its last action; a crash report goes to the data
        folder, the player is told where in one sentence, and the menu comes back (Continue).
        False when a crash was handled.  The same crash again and again (the menu itself
        failing) is let through after MAX_CRASHES, so a broken build still stops."""
        try:
            self.frame(events, dt)
        except Exception as exc:  # noqa: BLE001 - this is the handler of last resort
            now = time.monotonic()
            self._crashes = [t for t in getattr(self, "_crashes", []) if now - t < CRASH_WINDOW] + [now]
            if len(self._crashes) > MAX_CRASHES:
                raise
            self.recover(exc)
            return False
        return True

    def recover(self, exc: BaseException) -> Path | None:
        """Write the crash report, go back to the menu, say where the report is."""
        record, saved = None, ""
        for scene in reversed(self.scenes):
            session = getattr(scene, "session", None)
            if session is not None and getattr(session, "record", None) is not None:
                record = session.record
                # promise only what is so: the autosave is on disk and holds the game as it stands
                try:
                    current = session.autosave_current() if hasattr(session, "autosave_current") else False
                except Exception:  # noqa: BLE001 - the handler of last resort promises nothing then
                    current = False
                if current:
                    from ..saves import latest_autosave

                    latest = latest_autosave() == session.autosave
                    saved = "continue" if latest else "load"
                break
        path = write_crash_report(exc, record, [s.name() for s in self.scenes])
        try:
            self.reset_to("menu")
        except Exception:  # noqa: BLE001 - the scenes' own exit failed: start from a clean stack
            self.scenes = []
            self.ui.clear_and_reset()
            self.push("menu")
        self.toast(crash_sentence(str(path) if path is not None else None, saved), 12)
        return path

    def _due(self, now: float) -> bool:
        """No input arrived: is a frame due anyway (animation, settle period, timed change)?"""
        wait = self.next_wake(now)
        if wait is not None and wait <= 0.0:
            return True
        if now < self._settle_until:
            return True
        toast_over = bool(self.toast_text) and now >= self.toast_until
        if toast_over:
            self.toast_text = ""
            return True
        return any(scene.due(now) for scene in self.scenes)

    def close(self) -> None:
        """The app ends (window closed, Quit, Esc on the menu): the scenes leave (an online game
        leaves its room), the hosted server stops (its port is free again, its thread ends;
        the rooms wait in its database for the next start), the prefs are written."""
        try:
            while self.scenes:
                self.scenes.pop().exit()
        finally:
            if self.online_host is not None:
                self.online_host.close()
        try:
            self.prefs.save()
        except (OSError, ValueError):  # a read-only folder, or a value that would not read back
            pass
        self._release_fonts()
        paper.reset_caches()
        # The events still waiting are read, not dropped: pygame_gui posts its hovers and presses
        # with the widget in them, and an event left in the queue when the display quits (or
        # dropped by pygame.event.clear(), which pygame-ce 2.5 does not free either) keeps its
        # widget, and through it this App's whole UIManager, alive for good.
        if pygame.display.get_init():
            pygame.event.get()
        # Not pygame.quit(): the font module stays up, so that a font still held somewhere and
        # freed later closes its file (one freed after font.quit() never does).
        pygame.display.quit()

    def _release_fonts(self) -> None:
        """Free pygame_gui's fonts while the font module still runs: a font freed after
        pygame.quit() never closes its file, so every closed App left ~15 font files open (the
        test suite's workers held thousands, and the Windows run hung)."""
        from pygame_gui.core.utility import get_default_manager, set_default_manager

        self.ui.clear_and_reset()
        theme = self.ui.get_theme()
        theme.get_font_dictionary().loaded_fonts.clear()
        theme.ele_font_res.clear()
        if get_default_manager() is self.ui:
            set_default_manager(None)
        gc.collect()
