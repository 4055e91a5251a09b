"""The window, the scene stack and the main loop (Tuxemon's StateManager, in small).

The loop only ticks the clock, hands events to the top scene and draws.  Tests
and the monkey tester drive the same App one frame at a time with ``frame``.
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from .. import jsonio
from ..paths import data_dir, own_dir, sprites_dir
from . import paper
from .prefs import Prefs
from .sound import Sounds
from .uimanager import UIManager
from .widgets import FIELD_NOTE, TipDropDown

MIN_SIZE = (800, 560)
#: The window the screens are laid out for at a UI scale of 100%: the scale used is at most
#: window / UI_ROOM, so a small window at a large scale still shows every button.
UI_ROOM = MIN_SIZE
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


#: The crash handler lets the same failure through when it comes this often (a menu that fails).
MAX_CRASHES = 3
CRASH_WINDOW = 10.0


def write_crash_report(exc: BaseException, record: Any, scenes: list[str]) -> Path | None:
    """A text file in the data folder's crash-reports/: the version, the scenes, the
    traceback and the game's record (JSON), for a bug report.  None when it cannot be written."""
    import json
    import platform
    import traceback

    from .. import __version__

    try:
        folder = own_dir(data_dir() / "crash-reports")
        path = folder / time.strftime("crash-%Y%m%d-%H%M%S.txt")
        n = 1
        while path.exists():
            path = folder / time.strftime(f"crash-%Y%m%d-%H%M%S-{n}.txt")
            n += 1
        try:
            game = json.dumps(record.to_json(), indent=1) if record is not None else "(no game in progress)"
        except Exception:  # noqa: BLE001 - the report is written even without the record
            game = "(the record could not be written out)"
        text = (f"Paper Wars {__version__} crash report, {time.strftime('%Y-%m-%d %H:%M:%S')}\n"
                f"Python {platform.python_version()}, pygame-ce {pygame.version.ver}, {platform.platform()}\n"
                f"Scenes: {' > '.join(scenes)}\n\n"
                + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
                + "\nThe game's record:\n" + game + "\n")
        path.write_text(text, encoding="utf-8", errors="replace")
        return path
    except Exception:  # noqa: BLE001 - a full disk, a read-only folder: the player is told
        return None


def list_row(scale: float) -> int:
    """The height of a row in an open drop-down or a selection list: the theme's text and a
    little air (pygame_gui's own 20 px cut the text at large UI scales)."""
    return paper.font(round(17 * scale)).get_height() + max(4, round(4 * scale))


def theme(scale: float = 1.0) -> dict[str, Any]:
    """The pygame_gui theme: paper colours and the bundled hand font, at the UI scale."""
    fonts = sprites_dir() / "fonts"
    font = {
        "name": "comicneue",
        "size": str(round(17 * scale)),
        "regular_path": str(fonts / "ComicNeue-Regular.otf"),
        "bold_path": str(fonts / "ComicNeue-Bold.otf"),
        "italic_path": str(fonts / "ComicNeue-Regular.otf"),
        "bold_italic_path": str(fonts / "ComicNeue-Bold.otf"),
    }
    colours = {
        "normal_bg": "#EFE8D6", "hovered_bg": "#E4DAC0", "disabled_bg": "#E9E4D8",
        "selected_bg": "#D8CCAA", "active_bg": "#D8CCAA", "dark_bg": "#F4EFE1", "disabled_dark_bg": "#E9E4D8",
        "normal_text": "#34343C", "hovered_text": "#1E1E26", "disabled_text": "#A09E96",
        "selected_text": "#1E1E26", "active_text": "#1E1E26",
        "normal_border": "#58585F", "hovered_border": "#34343C", "disabled_border": "#B0AEA6",
        "selected_border": "#34343C", "active_border": "#34343C",
        "text_cursor": "#34343C", "filled_bar": "#0072B2", "unfilled_bar": "#D8D2C0",
        "link_text": "#0072B2", "link_hover": "#D55E00", "link_selected": "#D55E00",
    }
    read_only = {"disabled_text": "#45443F", "disabled_bg": "#E3DDCE", "disabled_dark_bg": "#E3DDCE",
                 "disabled_border": "#C9C5B9"}
    shape = {"shape": "rounded_rectangle", "shape_corner_radius": str(round(6 * scale)), "border_width": "2",
             "shadow_width": "0"}
    return {
        "defaults": {"colours": colours, "font": font, "misc": {}},
        "button": {"misc": shape, "font": font},
        "drop_down_menu": {"misc": {"border_width": "2", "shadow_width": "0",
                                    "open_button_width": str(round(20 * scale))}},
        # A drop-down near the bottom of the window opens upwards (Scene.drop_down picks it).
        "#opens_up": {"misc": {"expand_direction": "up"}},
        # List rows (an open drop-down, the Load list) as tall as their text at this scale: the
        # library's fixed 20 px cut the rows at 150%.
        "selection_list": {"misc": {"list_item_height": str(list_row(scale))}},
        "text_entry_line": {"font": font},
        # A setting shown but not changeable (a friend looks at the host's room): the words stay
        # dark enough to read; the faint frame and arrow and the greyer paper say it cannot be
        # changed.  A drop-down's parts are buttons ("@read_only.button").
        "@read_only": {"colours": read_only},
        "@read_only.button": {"colours": read_only},
        "@read_only.#expand_button": {"colours": {**read_only, "disabled_text": "#BDB9AD"}},
        "text_box": {"misc": {"border_width": "0", "shadow_width": "0"},
                     "colours": {"dark_bg": "#00000000"}, "font": font},
        "label": {"colours": {"dark_bg": "#00000000"}, "font": font},
        # Tooltips are text boxes too; they need solid paper or they read through the board.
        "tool_tip.text_box": {"colours": {"dark_bg": "#FFFBEA", "normal_border": "#58585F"},
                              "misc": {"border_width": "1", "shadow_width": "0", "padding": "6,4"}, "font": font},
        "#title": {"font": {**font, "size": str(round(30 * scale)), "bold": "1"}},
        # the Load list's long lines read from the left (a cut-off end, never both ends)
        "#save_list": {"misc": {"list_item_height": str(round(28 * scale))}},
        "#save_list.#item_list_item": {"misc": {"text_horiz_alignment": "left",
                                                "text_horiz_alignment_padding": str(round(8 * scale))}},
    }


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


def usable_desktop() -> tuple[int, int] | None:
    """The desktop area a window may use (without task bar, dock or menu bar), via SDL's
    SDL_GetDisplayUsableBounds on the SDL that pygame-ce loaded; else the desktop size."""
    import ctypes
    import glob
    import sys

    class SDLRect(ctypes.Structure):
        _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]

    here = Path(pygame.__file__).parent
    patterns = {"win32": [str(here / "SDL2.dll")], "darwin": [str(here / ".dylibs" / "libSDL2-2*.dylib")]}.get(
        sys.platform, [str(here.parent / "pygame_ce.libs" / "libSDL2-2*.so*")])
    for path in (p for pattern in patterns for p in glob.glob(pattern)):
        try:
            r = SDLRect()
            if ctypes.CDLL(path).SDL_GetDisplayUsableBounds(0, ctypes.byref(r)) == 0 and r.w > 0 and r.h > 0:
                return r.w, r.h
        except (OSError, AttributeError, ValueError):
            continue
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return sizes[0] if sizes and sizes[0][0] > 0 else None


def fit_window(wanted: tuple[int, int], headless: bool = False) -> tuple[int, int]:
    """The first window: the size the player left it at, but never more than 90% of the usable
    desktop (a 1366x768 laptop keeps the bottom buttons above the task bar)."""
    if headless:
        return wanted
    area = usable_desktop()
    if area is None:
        return wanted
    w = min(wanted[0], int(area[0] * 0.9))
    h = min(wanted[1], int(area[1] * 0.9))
    return max(min(MIN_SIZE[0], area[0]), w), max(min(MIN_SIZE[1], area[1]), h)


def declare_dpi_awareness() -> None:
    """On Windows, say the window draws its own pixels at the monitor's DPI, so Windows does not
    stretch a blurry bitmap at 125-200% display scaling.  Must run before the window opens."""
    import sys

    if sys.platform != "win32":
        return
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    try:
        import ctypes

        try:
            ctypes.windll.shcore.SetProcessDpiAwareness(2)  # type: ignore[attr-defined]
        except (AttributeError, OSError):
            ctypes.windll.user32.SetProcessDPIAware()  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        pass


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


@dataclass
class Focus:
    """Something the keyboard can reach: Enter/Space activates it, Left/Right adjusts it."""

    rect: pygame.Rect
    activate: Callable[[], None]
    adjust: Callable[[int], None] | None = None
    text_entry: Any = None


def widget_focus(scene: Scene, el: Any) -> Focus | None:
    """Keyboard access to a pygame_gui widget: the same events a mouse would send the scene."""
    E = pygame.event.Event
    rect = el.get_abs_rect()
    if isinstance(el, pygame_gui.elements.UIButton):
        return Focus(rect, lambda: scene.handle_event(E(pygame_gui.UI_BUTTON_PRESSED, ui_element=el)))
    if isinstance(el, pygame_gui.elements.UIDropDownMenu):
        def pick(step: int) -> None:
            options = [o if isinstance(o, tuple) else (o, o) for o in el.options_list]
            names = [o[0] for o in options]
            i = names.index(el.selected_option[0]) if el.selected_option[0] in names else 0
            el.selected_option = options[(i + step) % len(options)]
            if el.current_state is not None:
                el.current_state.finish()
                el.current_state = el.menu_states["closed"]
                el.current_state.selected_option = el.selected_option
                el.current_state.start()
            scene.handle_event(E(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=el.selected_option[0], ui_element=el))
        return Focus(rect, lambda: pick(1), pick)
    if isinstance(el, pygame_gui.elements.UIHorizontalSlider):
        def slide(step: int) -> None:
            lo, hi = el.value_range
            el.set_current_value(max(lo, min(hi, el.get_current_value() + step * max(1, (hi - lo) // 20))))
            scene.handle_event(E(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, value=el.get_current_value(), ui_element=el))
        return Focus(rect, lambda: slide(1), slide)
    if isinstance(el, pygame_gui.elements.UITextEntryLine):
        return Focus(rect, lambda: scene.app.ui.set_focus_set(el), None, el)
    if isinstance(el, pygame_gui.elements.UISelectionList):
        def choose(step: int) -> None:
            items = el.item_list
            if not items:
                return
            now = next((i for i, it in enumerate(items) if it.get("selected")), -1)
            j = max(0, min(len(items) - 1, now + step if now >= 0 else 0))
            for i, it in enumerate(items):
                it["selected"] = i == j
                button = it.get("button_element")
                if button is not None:
                    button.select() if i == j else button.unselect()
            scene.handle_event(E(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, text=items[j]["text"], ui_element=el))
        return Focus(rect, lambda: choose(1), choose)
    return None


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

    def drop_down(self, options: list[str], current: str, rect: pygame.Rect, container: Any = None,
                  class_id: str | None = None, **kwargs: Any) -> TipDropDown:
        """A drop-down whose open list stays inside the window: downwards when all its rows fit
        below (or there is more room below than above), else upwards; a list longer than the
        room scrolls.  ``rect`` is in window coordinates (the scene's box covers the window).
        ``class_id``: a theme class (``@read_only``)."""
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


class App:
    """Owns the window, the pygame_gui manager, prefs, sounds and the scene stack."""

    def __init__(self, size: tuple[int, int] | None = None, headless: bool = False) -> None:
        declare_dpi_awareness()
        pygame.init()
        paper.reset_caches()
        self.headless = headless
        self.prefs = Prefs.load()
        self.size = size or fit_window(self.prefs.window, headless)
        self.fullscreen = False
        self.screen = self._set_mode(self.size, self.prefs.fullscreen and not headless)
        self.size = self.screen.get_size() if not self.fullscreen else self.size
        self.scale = self.fit_scale(self.prefs.ui_scale, self.size)
        pygame.display.set_caption("Paper Wars")
        if (sprites_dir() / "icon" / "paperwars-64.png").is_file():  # drawn by sprites/icon/draw_icon.py
            pygame.display.set_icon(pygame.image.load(str(sprites_dir() / "icon" / "paperwars-64.png")))
        self.ui = UIManager(self.size, theme(self.scale), enable_live_theme_updates=False)
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

    @staticmethod
    def fit_scale(percent: int, size: tuple[int, int]) -> float:
        """The UI scale used: the player's, but never more than the window has room for (the
        screens are laid out for UI_ROOM at 100%; 800x560 at 200% would put buttons on buttons)."""
        return max(0.75, min(percent / 100, size[0] / UI_ROOM[0], size[1] / UI_ROOM[1]))

    def _apply_scale(self) -> bool:
        """Use the scale that fits the window now; True when it changed (the theme is rebuilt)."""
        scale = self.fit_scale(self.prefs.ui_scale, self.size)
        if abs(scale - self.scale) < 1e-9:
            return False
        self.scale = scale
        self.ui.get_theme().load_theme(theme(self.scale))
        self._preload_fonts()
        self.ui.rebuild_all_from_changed_theme_data()
        self._paper = None
        return True

    def px(self, n: float) -> int:
        """``n`` pixels at the UI scale (fonts, widgets and margins scale; boards fill the rest)."""
        return round(n * self.scale)

    def _preload_fonts(self) -> None:
        sizes = sorted({round(p * self.scale) for p in (14, 17, 18, 24, 30)})
        loaded = getattr(self, "_fonts_loaded", set())
        loaded |= {(round(17 * self.scale), "regular"), (round(30 * self.scale), "bold")}  # the theme loads these
        want = [(p, st) for p in sizes for st in ("regular", "bold", "italic") if (p, st) not in loaded]
        self.ui.preload_fonts([{"name": "comicneue", "point_size": p, "style": st, "antialiased": "1"} for p, st in want])
        self._fonts_loaded = loaded | set(want)

    def set_ui_scale(self, percent: int) -> None:
        """Change the UI scale now: the theme's fonts and every scene's widgets are rebuilt."""
        percent = max(75, min(200, int(percent)))
        self.prefs.ui_scale = percent
        self._apply_scale()
        for scene in self.scenes:
            scene.resize(self.size)

    # -- window --------------------------------------------------------------------
    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        self.fullscreen = fullscreen
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.screen = self._set_mode(self.prefs.window, not self.fullscreen)
        self.prefs.fullscreen = self.fullscreen
        self._resized(self.screen.get_size())

    def _resized(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if size == self.size and self.screen.get_size() == size:
            return
        self.size = size
        if not self.fullscreen:
            self.prefs.window = size
            if self.screen.get_size() != size:
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.ui.set_window_resolution(size)
        self._apply_scale()
        self._paper = None
        for scene in self.scenes:
            scene.resize(size)

    def paper(self) -> pygame.Surface:
        """The whole-window sheet, drawn once per window size."""
        if self._paper is None or self._paper.get_size() != self.size:
            self._paper = paper.paper_surface(self.size)
        return self._paper

    # -- scene stack ---------------------------------------------------------------
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        release_surfaces(scene)
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            gone = self.scenes.pop()
            gone.exit()
            release_surfaces(gone)
        self.scenes.append(scene)
        scene.enter()

    def reset_to(self, scene: Scene) -> None:
        while self.scenes:
            gone = self.scenes.pop()
            gone.exit()
            release_surfaces(gone)
        self.push(scene)

    def find(self, kind: type) -> Any:
        for s in reversed(self.scenes):
            if isinstance(s, kind):
                return s
        return None

    def toast(self, text: str, seconds: float = 5.0, good: bool = False) -> None:
        """A sentence at the bottom of the window (refusals, saved, errors); ``good`` news
        (saved, a screenshot) gets a green frame, not the warning red."""
        self.toast_good = good
        self.toast_text = text
        self.toast_until = time.monotonic() + seconds

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

    def _close_dropdowns(self) -> bool:
        """Close every expanded drop-down list; True when one was open."""
        closed = False
        for el in self.ui.get_sprite_group().sprites():
            if isinstance(el, pygame_gui.elements.UIDropDownMenu) and el.visible and \
                    el.current_state is el.menu_states["expanded"] and not el.current_state.should_transition:
                el.current_state.should_transition = True
                closed = True
        if closed:
            self.ui.update(0)  # the list folds away now, not on the next frame
        return closed

    def _keyboard(self, event: pygame.event.Event) -> bool:
        """Tab / Shift+Tab (and Up / Down) move the focus, Left / Right adjust the focused
        widget, Enter / Space activate it.  True when the key was used here."""
        top = self.top()
        if top is None or not top.keyboard_nav:
            return False
        items = top.focus_items()
        if not items:
            return False
        k = event.key
        typing = any(isinstance(el, pygame_gui.elements.UITextEntryLine) for el in self.ui.get_focus_set() or ())
        if typing and k != pygame.K_TAB:
            return False
        if k in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
            back = k == pygame.K_UP or (k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            top.focus = (top.focus + (-1 if back else 1)) % len(items) if top.focus >= 0 else \
                (len(items) - 1 if back else 0)
            item = items[top.focus]
            if item.text_entry is not None:
                item.activate()
            elif typing:
                self.ui.set_focus_set(None)
            return True
        if not 0 <= top.focus < len(items):
            return False
        item = items[top.focus]
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and item.adjust is not None:
            item.adjust(1 if k == pygame.K_RIGHT else -1)
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            top.focus = (top.focus + (1 if k == pygame.K_RIGHT else -1)) % len(items)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            item.activate()
            return True
        return False

    def _draw_focus(self, screen: pygame.Surface) -> None:
        top = self.top()
        if top is None or top.focus < 0 or not top.keyboard_nav:
            return
        items = top.focus_items()
        if top.focus < len(items):
            pygame.draw.rect(screen, paper.player_colour(0), items[top.focus].rect.inflate(8, 8), 3, border_radius=8)

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

    def toast_rect(self) -> pygame.Rect | None:
        """Where the toast shows now (None when none does): as wide as its words, centred at the
        bottom, so that it hides as little of the buttons and hands under it as it can."""
        if not self.toast_text or time.monotonic() >= self.toast_until:
            return None
        lines = paper.wrap(self.toast_text, 20, min(900, self.size[0] - 80))
        f = paper.font(20)
        w = min(max(f.size(line)[0] for line in lines) + 40, self.size[0] - 40)
        rect = pygame.Rect(0, 0, w, 14 + 26 * len(lines))
        rect.midbottom = (self.size[0] // 2, self.size[1] - 16)
        return rect

    def _draw_toast(self, screen: pygame.Surface) -> None:
        rect = self.toast_rect()
        if rect is None:
            return
        lines = paper.wrap(self.toast_text, 20, min(900, self.size[0] - 80))
        pygame.draw.rect(screen, (250, 246, 232), rect, border_radius=8)
        pygame.draw.rect(screen, paper.GOOD if self.toast_good else paper.WARN, rect, 2,
                         border_radius=8)
        for i, line in enumerate(lines):
            paper.text(screen, line, (rect.centerx, rect.y + 8 + 26 * i), 20, paper.INK, "midtop")

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
                    saved = f" Your game was autosaved: {'Continue picks it up' if latest else 'Load game lists it'}."
                break
        path = write_crash_report(exc, record, [s.name() for s in self.scenes])
        from .scenes.menu import MenuScene

        try:
            self.reset_to(MenuScene(self))
        except Exception:  # noqa: BLE001 - the scenes' own exit failed: start from a clean stack
            self.scenes = []
            self.ui.clear_and_reset()
            self.push(MenuScene(self))
        where = f"a crash report is in {path}" if path is not None else "no crash report could be written"
        self.toast(f"Something went wrong, so Paper Wars went back to the menu; {where}.{saved}", 12)
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

    def screenshot(self) -> Path | None:
        try:
            folder = own_dir(data_dir() / "screenshots")
            path = folder / time.strftime("paperwars-%Y%m%d-%H%M%S.png")
            n = 1
            while path.exists():
                path = folder / time.strftime(f"paperwars-%Y%m%d-%H%M%S-{n}.png")
                n += 1
            pygame.image.save(self.screen, str(path))
        except (OSError, pygame.error) as exc:
            self.toast(f"The screenshot could not be saved: {getattr(exc, 'strerror', None) or exc}.", 6)
            return None
        self.toast(f"Screenshot saved to {path}", 3, good=True)
        return path
