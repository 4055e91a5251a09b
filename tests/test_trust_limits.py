"""Issue 46, memory and time within the documented limits: the bounds a Tigers scenario may reach
are the ones measured to play (python -m game.worst), a game keeps whole states only where it
must, and the window's caches (paper, text, a board's layers, the rules page) are bounded by
bytes whatever the window size.  Figures are the bench's; these tests pin the mechanisms."""

from __future__ import annotations

import json
import re

import pygame
import pytest

from game import registry
from game.engine import Chance
from game.paths import data_dir, root
from game.records import Record
from game.session import KEEP_RECENT, SNAPSHOT_EVERY, Session


@pytest.mark.parametrize("game", ["amoeba", "warigami", "tigers", "invasion", "space"])
def test_a_game_keeps_whole_states_only_every_so_often_and_gives_back_every_one_exactly(game):
    rs = registry.get(game)
    n = rs.make_game({}).num_players
    sess = Session.new(game, {}, 5, ["human"] * n, autosave=False)
    rng = Chance(3)
    states = []
    for _ in range(80):
        if sess.state.is_over():
            break
        states.append(sess.state.to_json())
        sess.submit(sess.state.random_action(rng))
    kept = sum(1 for st in sess.history if st.snapshot is not None)
    assert kept <= len(sess.history) // SNAPSHOT_EVERY + KEEP_RECENT + 1
    restored = Session(Record.from_json(sess.record.to_json(), "test"), autosave=False)
    assert sum(1 for st in restored.history if st.snapshot is not None) <= len(restored.history) // SNAPSHOT_EVERY + 1
    for i, state in enumerate(states):  # what undo, the replay's seeking and the server read
        assert sess.history[i].before == state and restored.history[i].before == state


def _tigers_level(pieces: int, points: int, units: int) -> None:
    from game.worst import _circle

    level = {"title": "big", "table": [400, 400], "attacker": 0, "defender_edge": "north",
             "terrain": [{"kind": "woods", "points": _circle(20 + (i % 10) * 38, 80 + (i // 10) * 38, 15, points)}
                         for i in range(pieces)],
             "forces": [[{"kind": "infantry", "x": 6 + (i % 30) * 12, "y": 8 + (i // 30) * 14 if side == 0
                          else 392 - (i // 30) * 14, "facing": 0} for i in range(units)] for side in (0, 1)]}
    folder = data_dir() / "levels" / "tigers"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "big.json").write_text(json.dumps(level))


def test_T_U1_a_scenario_within_the_measured_bounds_plays_and_one_past_any_is_refused_by_count():
    from game.levels import LevelError
    from game.rules.tigers.scenario import MAX_PIECE_POINTS, MAX_PIECES, MAX_UNITS

    _tigers_level(MAX_PIECES, MAX_PIECE_POINTS, MAX_UNITS)
    registry.get("tigers").make_game({"level": "big"})  # every bound at once: a game
    for over, what in (((MAX_PIECES + 1, 20, 10), f"{MAX_PIECES + 1}"), ((10, MAX_PIECE_POINTS + 1, 10), "points"),
                       ((10, 20, MAX_UNITS + 1), f"{MAX_UNITS}")):
        _tigers_level(*over)
        with pytest.raises(LevelError, match=what):
            registry.get("tigers").make_game({"level": "big"})


def test_the_documented_bounds_are_the_ones_the_level_check_applies():
    from game.rules.tigers.scenario import MAX_PIECE_POINTS, MAX_PIECES, MAX_TABLE, MAX_UNITS

    doc = (root() / "docs" / "records.md").read_text(encoding="utf-8")
    said = re.search(r"a table of at most (\d+) x (\d+) cm with (\d+) terrain\s+pieces of at most (\d+) points and "
                     r"(\d+) units a side", doc)
    assert said, "docs/records.md no longer states the Tigers scenario bounds"
    assert tuple(map(int, said.groups())) == (*MAX_TABLE, MAX_PIECES, MAX_PIECE_POINTS, MAX_UNITS)


def test_the_worst_cases_cover_the_largest_scenario_and_the_largest_window():
    from game.ui.prefs import MAX_WINDOW
    from game.worst import CASES, SIZES, STEP_CASES, bound

    assert "tigers scenario played (every bound at once)" in CASES
    assert any(f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]}" in name for name in CASES)
    assert max(SIZES) == MAX_WINDOW and min(SIZES) == (800, 560)
    assert all(bound(name) == 1.0 for name in STEP_CASES) and STEP_CASES <= set(CASES)


# -- the window's caches -------------------------------------------------------------------------

def test_the_paper_is_one_seamless_tile_whatever_the_window():
    from game.ui import paper

    paper.reset_caches()
    big = paper.paper_surface((3840, 2400))
    small = paper.paper_surface((800, 560))
    tile = paper.PAPER_TILE
    assert paper._paper_array(7).shape == (tile, tile, 3)  # the only grain kept, at any size
    assert paper._paper_array.cache_info().currsize == 1
    # the tile repeats: the sheets agree wherever they overlap, and across the tile's edge
    for x, y in ((0, 0), (tile - 1, 5), (tile, 5), (tile + 3, tile + 7), (799, 559)):
        assert big.get_at((x, y)) == small.get_at((x, y)) == big.get_at((x % tile, y % tile))


def test_rendered_text_is_kept_within_its_byte_budget():
    from game.ui import paper

    pygame.init()
    paper.reset_caches()
    surf = pygame.Surface((100, 100))
    for i in range(400):  # long lines at a large size: far more than the budget
        paper.text(surf, f"{i} " + "a long line of pencil text " * 12, (0, 0), 60)
    assert 0 < paper._texts.used <= paper.TEXT_CACHE_BYTES and len(paper._texts) < 400
    paper.reset_caches()
    assert paper._texts.used == 0


@pytest.fixture
def app():
    from game.ui.main import make_app

    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def _surfaces(obj: object) -> list[str]:
    out = []
    for name, value in vars(obj).items():
        if isinstance(value, pygame.Surface):
            out.append(name)
        elif isinstance(value, dict) and any(isinstance(v, pygame.Surface) for v in value.values()):
            out.append(name)
    return out


@pytest.mark.parametrize("game", ["amoeba", "warigami", "space", "tigers", "invasion"])
def test_a_board_left_lets_go_of_its_layers_at_once(app, game):
    from game.ui.playing.scene import PlayScene
    from game.ui.scenes.menu import MenuScene

    n = registry.get(game).make_game({}).num_players
    scene = PlayScene(app, Session.new(game, {}, 5, ["human"] * n, autosave=False))
    app.push(scene)
    for _ in range(3):
        app.frame([])
    assert _surfaces(scene.view), "the board keeps no layer at all (nothing to check)"
    app.reset_to(MenuScene(app))
    assert _surfaces(scene.view) == [] and _surfaces(scene) == []


def test_the_rules_page_draws_its_lines_and_keeps_no_page_sized_surface(app):
    import pygame_gui

    from game.ui.scenes.rules import RulesScene

    app.set_ui_scale(150)
    scene = RulesScene(app, registry.get("invasion"))
    app.push(scene)
    app.frame([])
    assert not any(isinstance(el, pygame_gui.elements.UITextBox) for el in app.ui.get_sprite_group().sprites())
    assert scene.page is not None and _surfaces(scene.page) == [] and len(scene.page.lines) > 100
    shown = scene.page.visible()
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)])
    assert scene.page.visible() != shown and scene.page.visible()[-1] is scene.page.lines[-1]
