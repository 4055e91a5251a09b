"""Settings > Language (issue 51): the window switches language live, in the middle of a game,
and the F1 rules page is read in the player's language when it has been translated."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game import i18n, registry
from game.session import Session
from game.ui import paper
from game.ui.main import make_app
from game.ui.playing.scene import PlayScene
from game.ui.prefs import Prefs
from game.ui.scenes import rules as rules_scene


@pytest.fixture
def app():
    a = make_app((800, 560), headless=True)
    yield a
    a.close()
    i18n.set_language("en")  # the rest of the suite reads English


def widget_texts(app) -> set[str]:
    """Every text of the open scenes' widgets (those under the top one too, hidden while it is
    there): buttons, labels, drop-downs' chosen options."""
    out = set()
    for el in app.ui.get_sprite_group().sprites():
        if isinstance(el, pygame_gui.elements.UIDropDownMenu):
            out.add(el.selected_option[0])
        elif isinstance(getattr(el, "text", None), str) and el.text:
            out.add(el.text)
    return out


def drawn_texts(app, monkeypatch) -> set[str]:
    """Every text paper draws in one frame (after translation)."""
    seen: set[str] = set()
    real = paper._text_surface

    def record(s, size, colour, bold):
        seen.add(s)
        return real(s, size, colour, bold)

    monkeypatch.setattr(paper, "_text_surface", record)
    app.frame([])
    monkeypatch.setattr(paper, "_text_surface", real)
    return seen


def choose(app, lang: str) -> None:
    settings = app.top()
    app.frame([pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=settings.language,
                                  text=i18n.LANGUAGES[lang], selected_option_id=lang)])


#: A few words of each screen open, in each language (the shell's catalog).
EXPECTED = {
    "en": {"widgets": {"Undo", "Rules", "Menu", "Resume", "Quit to menu", "Done", "English"},
           "drawn": {"Settings", "Paused", "Log"}},
    "fi": {"widgets": {"Peru", "Säännöt", "Valikko", "Jatka peliä", "Palaa valikkoon", "Valmis", "Suomi"},
           "drawn": {"Asetukset", "Tauolla", "Loki"}},
    "nl": {"widgets": {"Zet terug", "Regels", "Menu", "Hervatten", "Naar het menu", "Klaar", "Nederlands"},
           "drawn": {"Instellingen", "Gepauzeerd", "Logboek"}},
}


def test_switching_language_in_settings_changes_every_open_scene_live_and_back(app, monkeypatch):
    sess = Session.new("amoeba", {}, 3, ["human", "human"], autosave=False)
    play = PlayScene(app, sess)
    app.push(play)
    app.frame([])
    app.push("pause", play)
    app.frame([])
    app.push("settings")
    app.frame([])
    before_state = sess.state.to_json()
    english = widget_texts(app)
    assert EXPECTED["en"]["widgets"] <= english
    hand = play.undo_button.font.size("Paper Wars")  # the theme's Comic Neue
    for lang in ("fi", "nl", "en"):
        choose(app, lang)
        assert i18n.language() == lang and app.prefs.language == lang
        shown = widget_texts(app)
        assert play.undo_button.font.size("Paper Wars") == hand  # pygame_gui keeps our font in every language
        assert EXPECTED[lang]["widgets"] <= shown, f"{lang}: missing {EXPECTED[lang]['widgets'] - shown}"
        # the scenes under the settings were rebuilt too: their widgets say the new words
        others = {w for k, v in EXPECTED.items() if k != lang for w in v["widgets"]} - EXPECTED[lang]["widgets"]
        assert not (shown & others), f"{lang}: still showing {shown & others}"
        # drawn text follows by itself (tr() at draw): the settings title, the pause title, the log
        settings_title, paused, log = sorted(EXPECTED[lang]["drawn"], key=["Settings", "Asetukset", "Instellingen",
                                                                           "Paused", "Tauolla", "Gepauzeerd", "Log",
                                                                           "Loki", "Logboek"].index)
        assert settings_title in drawn_texts(app, monkeypatch)
        app.pop()  # settings: the pause menu over the board
        assert paused in drawn_texts(app, monkeypatch)
        app.pop()  # pause: the play scene's margin and its log
        assert log in drawn_texts(app, monkeypatch)
        app.push("pause", play)
        app.push("settings")
    assert widget_texts(app) == english  # back in English, the same words as before
    assert sess.state.to_json() == before_state  # the game went on untouched
    assert app.top_is("settings") and app.find("play") is play


def test_the_language_chosen_is_kept_and_used_at_the_next_start(app, monkeypatch):
    app.push("settings")
    app.frame([])
    choose(app, "nl")
    app.top().close()
    assert Prefs.load().language == "nl"
    monkeypatch.delenv("PAPERWARS_LANG")  # the suite's override; the player's choice comes next
    assert i18n.choose_language(Prefs.load().language, ["fi_FI"]) == "nl"


def test_pygame_guis_own_words_follow_the_language(app):
    import i18n as python_i18n

    app.push("settings")
    app.frame([])
    choose(app, "fi")
    assert python_i18n.t("pygame-gui.Cancel") == "Peruuta"
    assert python_i18n.t("pygame-gui.Delete_filename", file_name="a.txt") == "Poistetaanko a.txt?"
    choose(app, "nl")
    assert python_i18n.t("pygame-gui.Parent_directory") == "Bovenliggende map"
    choose(app, "en")
    assert python_i18n.t("pygame-gui.OK") == "OK"


def test_the_rules_page_is_read_in_the_language_when_translated_else_in_english_saying_so(app, tmp_path,
                                                                                          monkeypatch):
    rs = registry.get("amoeba")
    english = (rules_scene.root() / rs.rules_doc).read_text(encoding="utf-8")
    docs = tmp_path / "docs" / "rules"
    (docs / "fi").mkdir(parents=True)
    (docs / "amoeba.md").write_text(english, encoding="utf-8")
    (docs / "fi" / "amoeba.md").write_text("# Ameebastrategia\n\nSivu suomeksi.\n", encoding="utf-8")
    monkeypatch.setattr(rules_scene, "root", lambda: tmp_path)
    i18n.set_language("fi")
    assert rules_scene.rules_text(rs).startswith("# Ameebastrategia")
    i18n.set_language("nl")
    text = rules_scene.rules_text(rs)
    assert text.endswith(english) and text.startswith("Deze pagina is nog niet vertaald")
    i18n.set_language("en")
    assert rules_scene.rules_text(rs) == english
    # the F1 page shows it, and follows a switch made while it is open
    i18n.set_language("fi")
    play = PlayScene(app, Session.new("amoeba", {}, 3, ["human", "human"], autosave=False))
    app.push(play)
    app.push("rules", rs)
    app.frame([])
    def words(page):
        return " ".join(word for line in page.lines for _x, word, _bold in line.words)

    assert "Sivu suomeksi." in words(app.top().page)
    app.set_language("en")
    assert "Sivu suomeksi." not in words(app.top().page) and "Amoeba" in words(app.top().page)


def test_the_high_contrast_palette_swaps_the_colour_words_in_the_players_language(app):
    from game.msg import M, Mp
    from game.ui.palette import apply_palette

    names = [Mp("side", "Blue"), Mp("side", "Orange")]
    try:
        apply_palette("high contrast")
        app.set_language("fi")
        said = paper.seat_words(M("{who} fires.", who=names[0]), names)
        assert "Musta" in said and "Sininen" not in said  # Blue is drawn black: Finnish says Musta
        assert paper.seat_words(names[1], names) == "Punainen"
        app.set_language("en")
        assert paper.seat_words(M("{who} fires.", who=names[0]), names) == "Black fires."
    finally:
        apply_palette("colour-blind safe")
