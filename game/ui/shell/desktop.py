"""The desktop the window opens on: its usable area, the first window's size, and Windows'
DPI awareness (before the window opens)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

MIN_SIZE = (800, 560)


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
