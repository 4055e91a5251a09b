"""The README's two commands stay true: `make play` opens the game, `make test` runs pytest."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_shows_the_two_commands_first():
    text = (ROOT / "README.md").read_text()
    first = text.index("make play")
    assert first < 400 and "make test" in text[:600]


def test_make_test_target_runs_pytest_headless():
    out = subprocess.run(["make", "-n", "test"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "SDL_VIDEODRIVER=dummy" in out and "pytest" in out


def test_make_play_opens_the_game_and_draws_the_menu(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PAPERWARS_QUIT_AFTER="5",
               PAPERWARS_HOME=str(tmp_path))
    proc = subprocess.run(["make", "play"], cwd=ROOT, capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert (tmp_path / "config" / "settings.json").exists()  # the app ran and closed cleanly


def test_ci_runs_make_test():
    assert "make test" in (ROOT / ".ci" / "run").read_text()


def test_every_picture_and_link_in_the_readme_exists():
    import re

    text = (ROOT / "README.md").read_text()
    targets = re.findall(r"\]\(([^)#]+)\)", text)
    assert any(t.endswith(".png") for t in targets)
    missing = [t for t in targets if not t.startswith("http") and not (ROOT / t).exists()]
    assert not missing, missing


def test_the_readme_names_every_registered_game():
    from game import registry

    text = (ROOT / "README.md").read_text()
    for mod in registry.KNOWN:
        rs = __import__(mod, fromlist=["RULESET"]).RULESET
        assert f"**{rs.title}**" in text, rs.title
