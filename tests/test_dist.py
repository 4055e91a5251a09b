"""Players can get the game: the wheel plays outside the source tree, one version everywhere,
a windowed bundle's command-line output lands somewhere, and the bundles are described honestly."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("levels", "sprites", "docs/rules")
BUNDLE_ONLY = (".py", ".ico", ".icns")  # the icon script, and icons only the bundles' builders read


def pyproject() -> dict:
    tomllib = pytest.importorskip("tomllib")
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def clean_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PAPERWARS"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PAPERWARS_HOME=str(home))
    return env


def test_every_package_under_game_is_in_the_wheel_list():
    listed = set(pyproject()["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "game").rglob("__init__.py")}
    assert found <= listed, f"add to [tool.setuptools] packages in pyproject.toml: {sorted(found - listed)}"


def test_licence_is_an_spdx_expression_with_its_file_and_a_backend_that_reads_it():
    meta = pyproject()
    assert meta["project"]["license"] == "MIT"
    assert all((ROOT / f).is_file() for f in meta["project"]["license-files"])
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    (req,) = [r for r in meta["build-system"]["requires"] if r.startswith("setuptools")]
    assert int(re.search(r">=(\d+)", req).group(1)) >= 77  # PEP 639 fields need setuptools 77


def test_version_comes_from_the_project_and_is_printed(capsys):
    from game import __version__
    from game.cli import main

    assert __version__ == pyproject()["project"]["version"]
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"paperwars {__version__}"


def test_self_command_restarts_a_bundle_without_dash_m(monkeypatch):
    from game.paths import self_command

    assert self_command("startup-probe") == [sys.executable, "-m", "game", "startup-probe"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert self_command("startup-probe") == [sys.executable, "startup-probe"]


@pytest.mark.parametrize("argv, expect", [(["--version"], "paperwars "), (["startup-probe"], "first-frame ")])
def test_a_windowed_build_without_stdout_writes_its_output_to_the_log(tmp_path, argv, expect):
    """PyInstaller's windowed builds start with sys.stdout/sys.stderr = None."""
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        sys.stdout = sys.stderr = None
        from game.cli import main
        try:
            code = main({argv!r})
        except SystemExit as exc:
            code = exc.code
        sys.__stdout__.write("exit %s" % code)
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=clean_env(tmp_path),
                          timeout=300)
    assert proc.stdout == "exit 0", proc.stderr[-2000:]
    log = (tmp_path / "data" / "paperwars-output.txt").read_text(encoding="utf-8")
    assert log.startswith(expect), log


def test_the_sdist_carries_the_data_the_game_reads(tmp_path):
    from setuptools import build_meta

    src = copy_tree_for_build(tmp_path / "src")
    cwd = os.getcwd()
    os.chdir(src)
    try:
        name = build_meta.build_sdist(str(tmp_path))
    finally:
        os.chdir(cwd)
    import tarfile

    with tarfile.open(tmp_path / name) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for rel in shipped_files():
        assert rel in names, rel
    assert {"LICENSE", "CREDITS.md", "pyproject.toml", "README.md"} <= names


def test_the_translated_rules_pages_are_packaged_with_the_english_ones():
    """docs/rules/<lang>/<game>.md (the F1 page in Finnish or Dutch) goes into the wheel and the
    bundles beside docs/rules/<game>.md, whether or not those pages are written yet."""
    from fnmatch import fnmatch

    patterns = pyproject()["tool"]["setuptools"]["package-data"]["game._data.docs"]
    pages = [p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs" / "rules").rglob("*.md")]
    for page in pages + ["rules/fi/amoeba.md", "rules/nl/tigers.md"]:
        assert any(fnmatch(page, pat) and pat.count("/") == page.count("/") for pat in patterns), page
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert '(str(root / "docs" / "rules"), f"{DATA}/docs/rules")' in spec  # the whole folder, languages too


def shipped_files() -> list[str]:
    out = []
    for top in SHIPPED:
        out += [p.relative_to(ROOT).as_posix() for p in sorted((ROOT / top).rglob("*"))
                if p.is_file() and "__pycache__" not in p.parts and p.suffix not in BUNDLE_ONLY]
    return out + ["CREDITS.md", "LICENSE"]


def copy_tree_for_build(dest: Path) -> Path:
    """What a clone holds for packaging, without screenshots or build leftovers."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "shots", "*.egg-info")
    for name in ("game", "levels", "sprites", "docs"):
        shutil.copytree(ROOT / name, dest / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md", "LICENSE", "CREDITS.md"):
        shutil.copy2(ROOT / name, dest / name)
    return dest


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def test_the_wheel_installed_in_a_fresh_venv_plays_outside_the_source_tree(tmp_path):
    """Build the wheel, install it (and only it) into a new venv, run `paperwars smoke` from
    an empty folder.  The dependencies are borrowed from this interpreter's site-packages
    through a .pth file (appended after the venv's own, so the wheel's `game` comes first)."""
    src = copy_tree_for_build(tmp_path / "src")
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                    "-w", str(wheels), str(src)], check=True, capture_output=True, timeout=300)
    (wheel,) = wheels.glob("paperwars-*.whl")
    import zipfile

    inside = set(zipfile.ZipFile(wheel).namelist())
    missing = [rel for rel in shipped_files() if f"game/_data/{rel}" not in inside]
    assert not missing, missing
    assert not [n for n in inside if n.startswith(("levels/", "sprites/", "docs/", "tests/"))]

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300)
    py = venv_python(venv)
    # No PYTHONPATH (a checkout's paperwars.egg-info would look installed) and --ignore-installed.
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps", "--ignore-installed",
                    "--no-compile", str(wheel)], check=True, capture_output=True, timeout=300, env=clean_env(tmp_path))
    purelib = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(purelib) / "zz_borrowed_deps.pth").write_text("\n".join(sorted(deps)) + "\n", encoding="utf-8")

    away = tmp_path / "elsewhere"
    away.mkdir()
    env = clean_env(tmp_path / "home")
    where = subprocess.run([str(py), "-c", "import game, game.paths as p; print(game.__file__); print(p.root())"],
                           cwd=away, env=env, check=True, capture_output=True, text=True).stdout.split("\n")
    assert all(Path(w).resolve().is_relative_to(venv.resolve()) for w in where[:2]), where
    script = venv / ("Scripts/paperwars.exe" if os.name == "nt" else "bin/paperwars")
    version = subprocess.run([str(script), "--version"], cwd=away, env=env, capture_output=True, text=True,
                             timeout=120)
    assert version.stdout.strip() == f"paperwars {pyproject()['project']['version']}", version.stderr
    # Every scene, and every game played a while by random seats: the wheel's data is all there
    # (the bundles' CI smoke plays the default levels for longer).
    smoke = subprocess.run([str(script), "smoke", "--quiet", "--computer", "random", "--frames", "1500"], cwd=away,
                           env=env, capture_output=True, text=True, timeout=600)
    assert smoke.returncode == 0, (smoke.stdout + smoke.stderr)[-3000:]


# -- what a player sees: version, credits, icon -----------------------------------------

@pytest.fixture
def app():
    from game.ui.main import make_app

    a = make_app((1280, 800), headless=True)
    a.frame([])
    yield a
    a.close()


def test_the_menu_shows_the_version_and_its_credits_button_opens_the_credits(app, monkeypatch):
    from game import __version__
    from game.ui import paper
    from game.ui.scenes.credits import CreditsScene

    written: list[str] = []
    real = paper.text
    monkeypatch.setattr(paper, "text", lambda surf, s, *a, **k: written.append(s) or real(surf, s, *a, **k))
    app.frame([])
    assert f"version {__version__}" in written
    (button,) = [b for b, key in app.top().buttons.items() if key == "credits"]
    import pygame
    import pygame_gui

    app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])
    assert isinstance(app.top(), CreditsScene)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert not isinstance(app.top(), CreditsScene)


def test_credits_name_each_games_designer_and_source_and_the_font_licence():
    from game.ui.scenes.credits import credits_text

    text = credits_text()
    for words in ("Paperistrategiapeli", "Paul Mieksztyn", "no idea who originally invented it", "Don Bailey",
                  "Papieren Tijgers", "Paper invasion", "SIL Open Font License 1.1", "MIT License"):
        assert words in text, words
    from game import registry

    for mod in registry.KNOWN:
        assert f"**{__import__(mod, fromlist=['RULESET']).RULESET.title}**" in text, mod


def test_the_icon_script_writes_png_ico_and_icns_and_the_committed_icons_are_whole(tmp_path):
    from PIL import Image

    sys.path.insert(0, str(ROOT / "sprites" / "icon"))
    try:
        import draw_icon
    finally:
        sys.path.remove(str(ROOT / "sprites" / "icon"))
    for folder in (tmp_path, ROOT / "sprites" / "icon"):
        if folder == tmp_path:
            draw_icon.write_all(tmp_path)
        with Image.open(folder / "paperwars.ico") as ico:
            assert ico.format == "ICO" and {(16, 16), (32, 32), (256, 256)} <= set(ico.info["sizes"])
        with Image.open(folder / "paperwars.icns") as icns:
            assert icns.format == "ICNS" and icns.size[0] >= 512
        with Image.open(folder / "paperwars-64.png") as png:
            assert png.size == (64, 64) and png.mode == "RGBA"


# -- the workflow that builds the downloads ------------------------------------------------

def test_the_bundle_workflow_runs_on_prs_main_and_tags_with_pinned_actions_and_least_privilege():
    text = (ROOT / ".github" / "workflows" / "bundles.yml").read_text(encoding="utf-8")
    on = text[text.index("\non:"):text.index("\npermissions:")]
    assert "pull_request:" in on and "branches: [main]" in on and 'tags: ["v*"]' in on
    assert "\npermissions:\n  contents: read\n" in text  # the default for every job
    assert text.count("contents: write") == 1 and text.index("contents: write") > text.index("\n  release:")
    assert "\nconcurrency:" in text
    job_names = re.findall(r"^  ([a-z]+):$", text[text.index("\njobs:"):], re.M)
    assert job_names == ["bundle", "release"]
    assert text.count("timeout-minutes:") == len(job_names)
    uses = re.findall(r"uses: (\S+)(.*)", text)
    assert uses
    for ref, comment in uses:
        assert re.fullmatch(r"actions/[a-z-]+@[0-9a-f]{40}", ref) and re.fullmatch(r" # v\d+\.\d+\.\d+", comment), ref
    for os_label in ("windows-", "macos-15", "macos-15-intel", "ubuntu-"):
        assert os_label in text
    assert "hdiutil create" in text and "ISCC.exe" in text and "choco install innosetup" in text
    assert "Start Menu\\Programs\\Paper Wars.lnk" in text
    assert "--verify-tag" in text and "startsWith(github.ref, 'refs/tags/v')" in text


def test_the_window_gets_the_pencil_icon(monkeypatch):
    import pygame

    from game.ui.main import make_app

    icons = []
    monkeypatch.setattr(pygame.display, "set_icon", lambda surf: icons.append(surf.get_size()))
    app = make_app((1280, 800), headless=True)
    app.close()
    assert icons == [(64, 64)]
