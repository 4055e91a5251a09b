"""Paper Invasion in the player's language (issue 51): the rules' sentences render in Finnish
with their rule ids kept, and the view draws no player text that escaped translation."""

from __future__ import annotations

import re

import pygame
import pygame_gui
import pytest

from game import i18n
from game.engine import IllegalAction
from game.msg import M
from game.rules.invasion.actions import EndTurn, ImportText, Kill, Move
from game.session import Session
from game.ui import paper
from game.ui.main import make_app
from game.ui.playing.scene import PlayScene
from tests.invasion.helpers import play_state


@pytest.fixture
def english():
    yield
    i18n.set_language("en")


def test_a_refusal_an_event_and_the_status_line_render_in_finnish(english):
    s = play_state(slots=(1, 1, 6, 7, 1, 1), heroes=(("a", 0),), enemies=("c:E",), vault="b", event_room="c")
    with pytest.raises(IllegalAction) as refused:
        s.check(Kill(1))  # no enemy in room a
    english_refusal = i18n.refusal(refused.value)
    status_en = str(s.status())
    events = s.apply(Move(1, "b"))
    event_en = str(events[0].text)

    assert i18n.set_language("fi") == "fi"
    said = i18n.refusal(refused.value)
    assert said != english_refusal and said.endswith("[I-H2]")
    assert said == "Huoneessa a ei ole tapettavaa vihollista. [I-H2]"
    moved = i18n.tr(events[0].text)
    assert moved != event_en and moved == "H1 liikkuu a -> b."
    status_fi = i18n.tr(s.status())
    assert status_fi != status_en and status_fi.startswith("Kierros 1: Sankarit")
    # an Event and a whole enemy turn, with the theme's side names said in Finnish too
    turn = s.apply(EndTurn())
    said_turn = [i18n.tr(e.text) for e in turn]
    assert said_turn[0] == "Vihollisten vuoro: luurangot liikkuvat."  # the default theme: Knights vs. skeleton horde
    assert all(a != str(e.text) for a, e in zip(said_turn, turn, strict=True))
    # the table's Event (Slot 4 is 7, Freak accident), fired as I-X1 fires it
    fired = s.fire_event(M("no enemy could move this turn"))
    assert i18n.tr(fired[0].text) == ("Tapahtuma (yksikään vihollinen ei voinut liikkua tällä vuorolla): "
                                      "Outo onnettomuus - Pyyhi pois yksi vihollinen.")
    assert str(fired[0].text) == "Event (no enemy could move this turn): Freak accident - Erase one enemy."


def test_a_refusal_renders_in_dutch_with_its_rule_id(english):
    s = play_state()
    i18n.set_language("nl")
    with pytest.raises(IllegalAction) as refused:
        s.check(Kill(1))
    assert i18n.refusal(refused.value) == "In kamer a is geen vijand om te doden. [I-H2]"


# -- the view in the pseudo-language: every drawn text is bracketed --------------------------------

def _letters(s: str) -> bool:
    return bool(re.search(r"[A-Za-zÀ-ÿ]", s))


def _record(monkeypatch) -> tuple[list[str], set[str]]:
    """What paper.text/note/fit/wrap are asked to draw, as the player reads it (after tr);
    the lines ``wrap`` returns are checked where they were wrapped (a wrapped middle line has no
    bracket of its own)."""
    drawn: list[str] = []
    wrapped: set[str] = set()
    text, note, wrap, fit = paper.text, paper.note, paper.wrap, paper.fit

    def rec_text(surf, s, *a, **k):
        out = i18n.tr(s)
        if out not in wrapped:
            drawn.append(out)
        return text(surf, s, *a, **k)

    def rec_note(surf, s, *a, **k):
        drawn.append(i18n.tr(s))
        return note(surf, s, *a, **k)

    def rec_wrap(s, *a, **k):
        drawn.append(i18n.tr(s))
        lines = wrap(s, *a, **k)
        wrapped.update(lines)
        return lines

    def rec_fit(s, *a, **k):
        drawn.append(i18n.tr(s))
        return fit(s, *a, **k)

    monkeypatch.setattr(paper, "text", rec_text)
    monkeypatch.setattr(paper, "note", rec_note)
    monkeypatch.setattr(paper, "wrap", rec_wrap)
    monkeypatch.setattr(paper, "fit", rec_fit)
    return drawn, wrapped


def _unbracketed(drawn: list[str], allowed: set[str]) -> list[str]:
    """Drawn strings a translation did not reach.  Left out, each for its reason:
    strings with no letter (numbers, "-", "->"); ``allowed``: the typed word's letters, the
    room letters and the token letters (H, X, P, V, E) of the board (notation, the same in
    every language)."""
    return [s for s in drawn if _letters(s) and s not in allowed and not (s.startswith("[") and s.endswith("]"))]


def _hero_text() -> str:
    s = play_state(slots=(2, 2, 5, 7, 2, 1), heroes=(("a", 0), ("b", 0)), enemies=("a", "b", "c", "c:E", "b:N"),
                   vault="b", event_room="c")
    s.heroes[1].item = True
    s.vault_open = True
    s.board.walls["b|c"] = "O"
    s.word = "bony"  # (its Slots are set above; the word's letters are drawn in the strip)
    return s.as_text()


def test_the_invasion_view_in_the_pseudo_language_draws_only_translated_text(monkeypatch, english):
    app = make_app((1600, 900), headless=True)
    i18n.set_language(i18n.PSEUDO)  # after the app, which starts in the player's saved language
    try:
        drawn, _ = _record(monkeypatch)
        surface = pygame.Surface((1600, 900))
        sess = Session.new("invasion", {}, 3, ["human"], autosave=False)
        scene = PlayScene(app, sess)
        app.push(scene)
        app.frame([])
        view = scene.view
        notation = set("HXPVE")

        def look(extra: set[str] = frozenset()) -> list[str]:
            drawn.clear()
            view.draw(surface)
            lines = [*view.margin_lines(), view.hint(), view.shown_status()]  # the play scene draws these
            drawn.extend(i18n.tr(x) for x in lines if x)
            rooms = set(view.state.board.rooms)
            widgets = [el.text for k, el in view.elements.items() if k not in ("word", "heroes", "enemies")]
            return _unbracketed(drawn + widgets, notation | rooms | set(extra))

        # the word step, a word typed (its letters are the player's own)
        view.elements["word"].set_text("undead")
        assert look(set("UNDEAD")) == []
        app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=view.elements["opt:plain"])])
        assert scene.state.phase == "build"
        assert look(set("UNDEAD")) == []
        # the heroes' turn read back from a text (a new game): a click refused, a hero selected, the
        # Vault item in use
        scene = PlayScene(app, Session.new("invasion", {}, 4, ["human"], autosave=False))
        app.push(scene)
        app.frame([])
        view = scene.view
        assert scene.submit(ImportText(_hero_text()))
        app.frame([])
        bony = set("BONY")
        assert look(bony) == []
        cx, cy = view.frame.px(*view.state.board.centre("c"))
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(cx), int(cy)), button=1, touch=False)])
        assert scene.refusal and i18n.tr(scene.refusal).startswith("[")  # "First click one of your heroes"
        x, y, _ = view._spots["H1"]
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(x), int(y)), button=1, touch=False)])
        assert view.selected == 1
        assert look(bony) == []
        assert view._info_lines() and all(i18n.tr(t).startswith("[") for t in view._info_lines())
        app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=view.elements["use"])])
        assert view.use_mode and look(bony) == []
        # the enemies' turn played out step by step, each step captioned
        view.use_mode, view.use_targets, view.selected = False, [], None
        app.frame([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=view.elements["end"])])
        assert view.queue
        assert look(bony) == []
    finally:
        app.close()


def test_a_text_that_is_no_game_is_refused_in_finnish_with_the_format_kept(english):
    from game.engine import Chance
    from game.rules.invasion.state import InvasionGame, InvasionState

    s = InvasionState(InvasionGame({}), Chance(2))
    with pytest.raises(IllegalAction) as refused:
        s.check(ImportText("a shopping list\n"))
    assert str(refused.value.message) == "The text must start with '# Paper Invasion'."
    i18n.set_language("fi")
    assert i18n.refusal(refused.value) == "Tekstin on alettava rivillä '# Paper Invasion'. [I-W2]"
