"""The suite and the game are collected on Windows too (issue 31): no module imports a
POSIX-only module at its top, or pytest stops collecting there with ModuleNotFoundError
(tests/harness_files.py did, with `resource`).  .ci/windows-under-wine runs the real thing
under Wine; this check runs everywhere, in one fresh process that hides the POSIX-only modules."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POSIX_ONLY = ("resource", "fcntl", "termios", "pwd", "grp", "tty", "pty", "syslog", "crypt")

PROBE = """
import importlib, pkgutil, sys
for name in {posix_only!r}:
    sys.modules[name] = None  # `import name` now raises ImportError, as on Windows
import game
failed = []
names = [m.name for m in pkgutil.walk_packages(game.__path__, "game.") if m.name != "game.__main__"]
names += ["tests." + p[:-3] for p in sys.argv[1:]]
for name in names:
    try:
        importlib.import_module(name)
    except ImportError as exc:
        failed.append(f"{{name}}: {{exc}}")
print("\\n".join(failed) or "ok", len(names))
"""


def test_every_game_and_test_module_imports_without_posix_only_modules():
    modules = sorted(p.name for p in (ROOT / "tests").glob("*.py") if p.name != "__init__.py")
    assert "harness_files.py" in modules
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", PROBE.format(posix_only=POSIX_ONLY), *modules], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.strip().splitlines()
    assert lines[-1].startswith("ok "), "\n".join(lines)
    assert int(lines[-1].split()[1]) > len(modules)  # the game's modules were imported as well
