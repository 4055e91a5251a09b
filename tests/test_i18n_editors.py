"""The map editors, the Tigers campaign screen and the Paper Invasion game sheet in the
pseudo-locale and in Finnish and Dutch (issue 51): every word they draw or put on a widget went
through the catalogs, and the printed sheet says its words in the player's language."""

from __future__ import annotations

import re

import pygame
import pygame_gui
import pytest

from game import i18n, registry
from game.levels import save_user_level
from game.rules.warigami.board import WALL
from game.ui import paper
from game.ui.main import make_app
from game.ui.views.invasion_sheet import render_sheet, save_sheet
from game.ui.views.space_editor import SpaceFieldEditor
from game.ui.views.tigers_campaign import TigersCampaignScene
from game.ui.views.warigami_editor import WarigamiEditor
from tests.invasion.helpers import play_state
from tests.pseudo import LETTER, Recorder, bracketed

#: Key names in tooltips ("Ctrl+S", "Esc"): a keyboard's words, the same in every language.
KEY_NAME = re.compile(r"(Ctrl\+[A-Z]|Esc)")


@pytest.fixture
def pseudo():
    i18n.set_language(i18n.PSEUDO)
    paper.reset_caches()
    yield
    i18n.set_language("en")
    paper.reset_caches()


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def widget_texts(scene) -> list[str]:
    """What the player reads on the scene's widgets: button and label texts, tooltips, the texts
    of every drop-down's options and a text field's placeholder."""
    out: list[str] = []
    todo = list(scene.box.elements)
    while todo:
        el = todo.pop()
        todo += list(getattr(el, "elements", []) or [])
        if isinstance(el, pygame_gui.elements.UIDropDownMenu):
            out += [o[0] if isinstance(o, tuple) else o for o in el.options_list]
        if isinstance(el, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel)):
            out.append(el.text)
        tip = getattr(el, "tool_tip_text", None)
        if tip:
            out.append(tip)
        hint = getattr(el, "placeholder_text", None)
        if hint:
            out.append(hint)
    assert out  # the scene's widgets were found
    return out


def untranslated_widgets(scene, allowed: set[str] = frozenset()) -> list[str]:
    return [t for t in widget_texts(scene) if LETTER.search(t) and "[" not in t and not KEY_NAME.fullmatch(t)
            and t not in allowed]


def _draw(app, scene, rec: Recorder) -> None:
    rec.drawn.clear()
    scene.draw(pygame.Surface(app.size))


# -- the Warigami map editor ------------------------------------------------------------------

def test_the_warigami_map_editor_draws_and_labels_only_translated_text(app, monkeypatch, pseudo):
    rec = Recorder(monkeypatch, shortened=True)
    ed = WarigamiEditor(app, registry.get("warigami"))
    app.push(ed)
    app.frame([])
    _draw(app, ed, rec)
    # "x" between the width and height menus is the multiplication sign written as a letter
    assert rec.escaped({"x"}) == []
    assert untranslated_widgets(ed) == []
    assert any(bracketed(t) and "Wåll" in t for t in widget_texts(ed))  # the brush buttons

    # a map that cannot be saved: the problems, the refusal and the counts
    ed.start_from("skirmish")
    ed.paint([(x, y) for x in (8, 9) for y in range(ed.board.height)], WALL)  # start zone 2 walled over
    ed.paint([(x, y) for x in (0, 1) for y in range(3)], WALL)  # zone 1 too small for the squad
    assert ed.problems
    assert not ed.save()
    _draw(app, ed, rec)
    assert rec.escaped({"x"}) == []
    assert i18n.tr(ed.message).startswith("[")  # "Not saved: {problem}", the problem translated inside
    assert all(bracketed(i18n.tr(p)) for p in ed.problems)

    # a bad name (the level loader's refusal), then leaving with unsaved changes
    ed.name_entry.set_text("??")
    ed._check()
    ed.save()
    _draw(app, ed, rec)
    assert rec.escaped({"x"}) == []
    ed.back()
    _draw(app, ed, rec)
    assert rec.escaped({"x"}) == [] and bracketed(i18n.tr(ed.message))


def test_the_warigami_editors_start_menu_lists_the_maps_by_their_translated_names(app):
    save_user_level("warigami", "my_fort", {"name": "My Fort", "rows": ["11....22"] * 6})
    i18n.set_language("fi")
    try:
        ed = WarigamiEditor(app, registry.get("warigami"))
        app.push(ed)
        app.frame([])
        assert ed.start_ids["Kahakka (10 x 8)"] == "skirmish"
        assert ed.start_ids["(tyhjä arkki)"] == "(blank sheet)"
        assert ed.start_ids["my_fort"] == "my_fort"  # the player's own map, by the name its sentences use
        assert ed.save_button.text == "Tallenna" and ed.brush_buttons["1"].text == "Alue 1"
        ed.start_from(ed.start_ids["Kahakka (10 x 8)"])
        assert ed.board.width == 10 and "Kahakka (10 x 8)" in i18n.tr(ed.message)
    finally:
        i18n.set_language("en")


# -- the Space field editor -----------------------------------------------------------------------

def test_the_space_field_editor_draws_and_labels_only_translated_text(app, monkeypatch, pseudo):
    rec = Recorder(monkeypatch, shortened=True)
    ed = SpaceFieldEditor(app, registry.get("space"))
    app.push(ed)
    app.frame([])
    _draw(app, ed, rec)
    assert rec.escaped() == []
    # A4 is a paper size's name in every language (the setup screen's Paper choice says it so too)
    assert untranslated_widgets(ed, {"A4"}) == []
    assert ed.save() is False  # nothing drawn yet: the refusal is a message
    _draw(app, ed, rec)
    assert rec.escaped() == [] and bracketed(i18n.tr(ed.problem))
    ed.add_outline([(100 + 15 * dx, 140 + 15 * dy) for dx, dy in ((0, 0), (1, 0), (1, 1), (0, 1), (0, 0))])
    assert len(ed.rocks) == 1
    _draw(app, ed, rec)
    assert rec.escaped() == [] and bracketed(i18n.tr(ed.message))
    ed.name_entry.set_text("Blue Moon")
    assert ed.save()
    _draw(app, ed, rec)
    assert rec.escaped() == [] and bracketed(i18n.tr(ed.message))
    ed.start_from("belt")  # a field that comes with the game
    _draw(app, ed, rec)
    assert rec.escaped() == []


def test_the_space_field_editor_speaks_dutch_with_its_paper_sizes(app):
    i18n.set_language("nl")
    try:
        ed = SpaceFieldEditor(app, registry.get("space"))
        app.push(ed)
        app.frame([])
        assert ed.paper_ids == {"Letter": "letter", "A4": "a4"}
        assert ed.clear_button.text == "Wissen" and ed.back_button.text == "Terug"
        ed.add_outline([(100 + 15 * dx, 140 + 15 * dy) for dx, dy in ((0, 0), (1, 0), (1, 1), (0, 1), (0, 0))])
        assert i18n.tr(ed.message) == "1 asteroïde getekend."
        ed.change_paper(ed.paper_ids["A4"])
        assert ed.paper_size == "a4" and i18n.tr(ed.message) == "Papier: A4."
    finally:
        i18n.set_language("en")


# -- the Paper Tigers campaign --------------------------------------------------------------------

def _campaign_with_a_battle(tmp_path):
    from game.rules.tigers.campaign import record_battle
    from tests.tigers.helpers import make, unit

    s = make([unit("tank", 40, 100, 270)], [unit("tank", 90, 20, 90)])
    s.phase, s.vp = "over", [5, 1]
    record_battle("village_fight", s, "k1", tmp_path / "c.json", seats=("human", "ai"))
    return tmp_path / "c.json"


def test_the_tigers_campaign_screen_draws_and_labels_only_translated_text(app, monkeypatch, pseudo, tmp_path):
    path = _campaign_with_a_battle(tmp_path)
    rec = Recorder(monkeypatch, shortened=True)
    scene = TigersCampaignScene(app, None, path)
    app.push(scene)
    app.frame([])
    _draw(app, scene, rec)
    assert rec.escaped() == []
    assert untranslated_widgets(scene) == []  # the default names in the text fields are their colours
    for act in (scene.use_names, scene.do_reset):
        act()
        _draw(app, scene, rec)
        assert rec.escaped() == [] and bracketed(i18n.tr(scene.message))
    scene.entries[1].set_text(scene.entries[0].get_text())
    scene.use_names()  # two alike names are refused
    _draw(app, scene, rec)
    assert rec.escaped() == [] and scene.message_bad


def test_the_tigers_campaign_reads_in_finnish_with_its_sides_and_victories(app, tmp_path):
    path = _campaign_with_a_battle(tmp_path)
    i18n.set_language("fi")
    try:
        scene = TigersCampaignScene(app, None, path)
        app.push(scene)
        app.frame([])
        lines = [i18n.tr(line) for line in scene.lines()]
        assert lines[0].startswith("Taisteluja käyty 1/")
        assert "Sininen: 3 kampanjapistettä" in lines
        assert lines[3].startswith("  Taistelu 1, ") and lines[3].endswith("Sininen, täydellinen voitto")
        assert scene.reset.text == "Aloita kampanja alusta"
        assert [e.get_text() for e in scene.entries] == ["Sininen", "Oranssi"]
        scene.use_names()  # the colours' names as Finnish writes them stay the default names
        assert scene.camp.names == ("Blue", "Orange") and not scene.message_bad
        scene.entries[0].set_text("Aino")
        scene.use_names()
        assert scene.camp.names == ("Aino", "Orange")
        assert i18n.tr(scene.message) == "Seuraavat taistelut lasketaan komentajille Aino ja Oranssi."
    finally:
        i18n.set_language("en")


# -- the Paper Invasion game sheet ------------------------------------------------------------------

def _sheet_state():
    s = play_state(heroes=(("a", 0), ("b", 0)), enemies=("c:E", "c"), vault="b")
    s.word = "bloody"
    return s


def _notation(state) -> set[str]:
    """What the sheet writes as the game's own notation, the same in every language: room
    letters, token letters (H a hero, V the Vault, E the Event marker), Slot names S1-S6 and the
    word's letters in the table (the word is the player's)."""
    from game.rules.invasion.slots import word_table

    out = set(state.board.rooms) | {"H", "V", "E"} | {f"S{i}" for i in range(1, 7)}
    return out | {letter for letter, _, _ in word_table(state.word, state.option)}


def test_the_invasion_game_sheet_draws_only_translated_text(monkeypatch, pseudo):
    rec = Recorder(monkeypatch, shortened=True)
    state = _sheet_state()
    render_sheet(state, dpi=60)
    assert rec.escaped(_notation(state)) == []
    assert any(t.startswith("[Påpér Ïnvåsïön") for t in rec.drawn)


def test_the_invasion_game_sheet_in_finnish_says_its_words_with_their_letters(monkeypatch, tmp_path):
    rec = Recorder(monkeypatch, shortened=True)
    state = _sheet_state()
    english = render_sheet(state, dpi=60)
    i18n.set_language("fi")
    paper.reset_caches()
    try:
        rec.drawn.clear()
        png, pdf = save_sheet(state, tmp_path / "sheets")
        finnish = list(rec.drawn)
        for word in ("Paperi-invaasio - pelilomake", "Pelialue", "Kierrokset", "Holvi (lokero 3)",
                     "Tapahtuma (lokero 4)", "Ensin: sankarit", "kirjain"):
            assert word in finnish, word
        assert any(ch in t for t in finnish for ch in "äö")  # e.g. "1. Liekinheitin: Tapa 3 vihollista ..."
        # the PDF holds the page as pixels in the hand font (game/pdf.py writes no text of its own),
        # so ä and ö print as drawn; the Finnish page is not the English one
        assert pdf.read_bytes()[:5] == b"%PDF-" and b"/Subtype /Image" in pdf.read_bytes()
        page = pygame.image.load(str(png))
        assert page.get_width() > page.get_height()
        assert pygame.image.tobytes(render_sheet(state, dpi=60), "RGB") != pygame.image.tobytes(english, "RGB")
    finally:
        i18n.set_language("en")
        paper.reset_caches()


# -- a live switch of language ----------------------------------------------------------------------

def test_the_editors_and_the_campaign_follow_a_language_switch_without_losing_what_was_typed(app, tmp_path):
    path = _campaign_with_a_battle(tmp_path)
    wari = WarigamiEditor(app, registry.get("warigami"))
    app.push(wari)
    app.frame([])
    wari.name_entry.set_text("my_fort")
    space = SpaceFieldEditor(app, registry.get("space"))
    app.push(space)
    app.frame([])
    space.name_entry.set_text("Blue Moon")
    camp = TigersCampaignScene(app, None, path)
    app.push(camp)
    app.frame([])
    assert (wari.save_button.text, space.undo_button.text, camp.save_names.text) == ("Save", "Undo last",
                                                                                      "Use these names")
    try:
        i18n.set_language("nl")
        for scene in (wari, space, camp):
            scene.resize(app.size)  # what the app does to every scene on a switch
        assert (wari.save_button.text, space.undo_button.text, camp.save_names.text) == ("Opslaan", "Ongedaan maken",
                                                                                          "Deze namen gebruiken")
        assert wari.name_entry.get_text() == "my_fort" and space.name_entry.get_text() == "Blue Moon"
        assert wari.start_menu.selected_option[0] == "(leeg vel)"
        assert [e.get_text() for e in camp.entries] == ["Blauw", "Oranje"]
    finally:
        i18n.set_language("en")
