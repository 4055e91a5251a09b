"""Shared test setup: headless SDL, a throwaway user folder, the proof ruleset registered, the
memory a test made given back after it, and each worker's peak memory said at the end of the run."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["PAPERWARS_LANG"] = os.environ.get("PAPERWARS_TEST_LANG", "en")  # the tests read English unless told

import ctypes
import functools
import gc

import pygame
import pytest

from game import registry
from tests.toy_game import pig_ruleset


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("PAPERWARS_HOME", str(tmp_path / "home"))
    yield


@pytest.fixture(autouse=True, scope="session")
def _register_pig():
    registry.register(pig_ruleset())
    yield
    registry.unregister("pig")


def _libc_trim():
    """glibc's malloc_trim, or None elsewhere (macOS, Windows, musl)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return getattr(ctypes.CDLL(None), "malloc_trim", None)
    except OSError:
        return None


_MALLOC_TRIM = _libc_trim()
@functools.cache
def _me():
    """This worker's psutil.Process, made at its first test (psutil's Linux half imports resource,
    which tests/test_windows_portability.py hides to collect the suite as Windows would)."""
    import psutil

    return psutil.Process()


def _rss() -> int:
    return int(_me().memory_info().rss)
#: The worker's resident size after the last collection, and how far it may grow before the next.
_SETTLED = {"rss": 0}
_GROWTH = 32 * 2**20


@pytest.fixture(autouse=True)
def _give_memory_back():
    """After each test, what it made is given back, so that a worker that runs two thousand tests
    stays about the size of its largest one:
    - pygame's event queue is read, as App.run reads it every frame: pygame_gui posts its hovers
      and presses there with the widget in them, and a test that drives App.frame with events of
      its own never reads the queue, so a window kept for a whole module (tests/test_layout.py)
      kept every widget it ever made, and every surface they had drawn;
    - once the worker has grown by 32 MB since it last did so, the cycles the windows left
      (widgets and their manager point at each other) are collected, rather than when Python
      next counts enough new objects (it counts objects, not the megabytes of pixels a surface
      holds), and glibc is asked to return the freed heap: a 4K window's surfaces come and go
      in pieces of tens of MB, and without it the worker's size only ever grows. Not after every
      test: a full collection of a worker's objects takes tens of milliseconds, and most tests
      make no window."""
    yield
    if pygame.display.get_init():
        pygame.event.get()
    if _rss() > _SETTLED["rss"] + _GROWTH:
        gc.collect()
        if _MALLOC_TRIM is not None:
            _MALLOC_TRIM(0)
        _SETTLED["rss"] = _rss()


# --- Each worker's peak memory, said at the end of the run --------------------------------------
# ru_maxrss is the process's largest resident size so far: in KiB on Linux, in bytes on macOS;
# the resource module does not exist on Windows, where nothing is said.
try:
    import resource
except ImportError:  # Windows
    resource = None  # type: ignore[assignment]

_PEAK: dict[str, object] = {"mb": 0.0, "test": None, "rise": 0.0, "rise_test": None}


def _peak_mb() -> float:
    if resource is None:
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    before = _peak_mb()
    yield
    after = _peak_mb()
    if after > before:  # this test (with its fixtures) took the worker to a new peak
        _PEAK["mb"], _PEAK["test"] = after, item.nodeid
        if after - before > _PEAK["rise"]:
            _PEAK["rise"], _PEAK["rise_test"] = after - before, item.nodeid


def pytest_sessionfinish(session, exitstatus):
    if hasattr(session.config, "workeroutput"):  # an xdist worker: the controller says it
        session.config.workeroutput["peak_mb"] = dict(_PEAK, mb=_peak_mb())


_WORKERS: dict[str, dict] = {}


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    output = getattr(node, "workeroutput", None) or {}
    if "peak_mb" in output:
        _WORKERS[output.get("workerid", node.gateway.id)] = output["peak_mb"]


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if resource is None:
        return
    peaks = _WORKERS or ({} if hasattr(config, "workeroutput") else {"this process": dict(_PEAK, mb=_peak_mb())})
    if not peaks:
        return
    terminalreporter.section("peak memory (ru_maxrss)")
    for worker, p in sorted(peaks.items()):
        terminalreporter.write_line(
            f"{worker}: {p['mb']:.0f} MB, reached in {p['test']}; "
            f"largest rise {p['rise']:.0f} MB in {p['rise_test']}")


# --- Pixel references are Linux's -------------------------------------------------------------
#: The view-split checks compare hashes of what the views drew on Linux with pygame-ce's Linux
#: wheel; Windows' and macOS' wheels carry their own SDL_ttf and FreeType, whose letters differ by
#: a pixel here and there, so there the checks are skipped (saying why) rather than failed.
PIXEL_REFERENCE_FILES = ("test_view_split.py", "test_view_pixels.py")


def pytest_collection_modifyitems(config, items):
    if sys.platform.startswith("linux"):
        return
    skip = pytest.mark.skip(reason="pixel references were drawn on Linux; fonts rasterize differently here")
    for item in items:
        if item.path.name in PIXEL_REFERENCE_FILES:
            item.add_marker(skip)
