"""The README's first screen stays true: how to download and start the game on each system,
and the two commands for a clone (`make play` opens the game, `make test` runs pytest)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The Makefile drives a POSIX venv (.venv/bin/...); Windows runs the README's own table instead.
needs_make = pytest.mark.skipif(os.name == "nt" or shutil.which("make") is None,
                                reason="needs make and a POSIX shell (Windows: README 'Without make')")


def first_screen() -> str:
    """What shows before scrolling: the text up to the first picture, at most 45 lines."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return "\n".join(text[:text.index("![")].splitlines()[:45])


def test_readme_first_screen_says_how_to_download_and_start_on_each_system():
    screen = first_screen()
    assert "](../../releases/latest)" in screen
    for system, download in (("Windows", "windows-setup.exe"), ("macOS", "macos-arm64.dmg"),
                             ("macOS", "macos-x86_64.dmg"), ("Linux", "linux-x86_64.tar.gz"), ("Python", ".whl")):
        assert system in screen and download in screen, download
    assert "make play" in screen and "make test" in screen


def test_readme_gives_the_windows_commands_for_every_make_target():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text[text.index("### Without make"):]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(makefile.split(".PHONY:")[1].splitlines()[0].split()) - {"clean"}
    for target in targets:
        assert f"| `make {target}` | `" in table, target
    assert ".venv\\Scripts\\python -m pytest" in table


@needs_make
def test_make_test_target_runs_pytest_headless():
    out = subprocess.run(["make", "-n", "test"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "SDL_VIDEODRIVER=dummy" in out and "pytest" in out


@needs_make
def test_make_play_opens_the_game_and_draws_the_menu(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PAPERWARS_QUIT_AFTER="5",
               PAPERWARS_HOME=str(tmp_path))
    proc = subprocess.run(["make", "play"], cwd=ROOT, capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert (tmp_path / "config" / "settings.json").exists()  # the app ran and closed cleanly


def test_ci_runs_make_test():
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_every_picture_and_link_in_the_readme_exists_in_a_clone():
    import re

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#]+)\)", text)
    assert any(t.endswith(".png") for t in targets)
    # ../../releases/latest is GitHub's release page of this repository; nothing else may
    # point outside the clone (../shared/ is not part of one).
    outside = [t for t in targets if t.startswith("..") and t != "../../releases/latest"]
    assert not outside, outside
    missing = [t for t in targets if not t.startswith(("http", "../../releases")) and not (ROOT / t).exists()]
    assert not missing, missing
    assert "RULES.md" not in text


def test_the_readme_names_every_registered_game():
    from game import registry

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for mod in registry.KNOWN:
        rs = __import__(mod, fromlist=["RULESET"]).RULESET
        assert f"**{rs.title}**" in text, rs.title
