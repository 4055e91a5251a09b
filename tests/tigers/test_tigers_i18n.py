"""Paper Tigers in another language (issue 51): the rules' sentences render in Dutch with their
rule ids kept and distances written with a decimal comma, and every word the board draws is a
message the catalogs know (the pseudo-locale brackets each one, so an unbracketed text drawn
is one that escaped translation)."""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.engine import IllegalAction
from game.rules.tigers.actions import Assign
from game.rules.tigers.state import TigersGame
from tests.tigers.helpers import at_act, make, unit


@pytest.fixture
def dutch():
    i18n.set_language("nl")
    try:
        yield
    finally:
        i18n.set_language("en")


def _village():
    return TigersGame({"level": "village_fight"}).new_state(7)


def test_a_refusal_reads_in_dutch_and_keeps_its_rule_id(dutch):
    s = _village()
    assert s.phase == "assign"
    me = s.current_player()
    enemy = next(u for u in s.units if u.side != me)
    with pytest.raises(IllegalAction) as exc:
        s.check(Assign(enemy.id, "?"))
    english = f"{exc.value.message} [{exc.value.rule}]"
    shown = i18n.refusal(exc.value)
    assert english == "Put cards on your own units. [T-T3]"
    assert shown != english and shown.endswith(" [T-T3]")
    assert "eenheden" in shown  # the Dutch original's word for a unit


def test_an_event_and_the_status_line_read_in_dutch(dutch):
    s = _village()
    shuffle = next(e for e in s.opening if e.kind == "shuffle")
    text = i18n.tr(shuffle.text)
    assert str(shuffle.text).startswith("Turn 1: ") and text != str(shuffle.text)
    assert text.startswith("Beurt 1: ") and "(T-U5)" in text  # the rule id inside the sentence stays
    status = s.status()
    assert i18n.tr(status) != str(status) and i18n.tr(status).startswith("Beurt 1: ")
    for side, dutch_name in ((0, "Blauw"), (1, "Oranje")):
        assert i18n.tr(s.game.player_name(side)) == dutch_name


def test_a_distance_shows_a_decimal_comma_in_dutch(dutch):
    s = make([unit("infantry", 20, 20)], [unit("infantry", 20, 60.5)])
    at_act(s, "QH", 0)
    err = s.fire_refusal(s.units[0], 1)
    assert err is not None and err.rule == "T-A5"
    assert "40.5 cm" in str(err.message)  # English keeps the point
    shown = i18n.refusal(err)
    assert "40,5 cm" in shown and "12 cm" in shown and shown.endswith(" [T-A5]"), shown


def test_a_card_and_a_unit_name_are_translated_inside_a_sentence(dutch):
    s = make([unit("infantry", 20, 20, name="Rifle squad")], [unit("tank", 80, 60)])
    at_act(s, "QH", 0)
    status = i18n.tr(s.status())
    assert "harten vrouw" in status and "Geweergroep #0" in status, status


#: Drawn texts the pseudo-locale may leave unbracketed, each for its reason: a card's face
#: ("Q", "10": the corner of a drawn card, notation in every language, as the seed's "♥ 6").
CARD_FACES = {"J", "Q", "K", "A", *map(str, range(2, 11))}


def _unbracketed(drawn):
    """The drawn texts with a letter outside the pseudo-locale's brackets (each message comes
    bracketed, a message inside another bracketed inside it): a word that escaped translation.
    What is left outside is the arguments' numbers and marks ("[Inf~] 3", "3+5 = 8")."""
    out = []
    for text in drawn:
        if text in CARD_FACES:
            continue
        rest = text
        while (inner := re.sub(r"\[[^\[\]]*\]", "", rest)) != rest:
            rest = inner
        if re.search(r"[A-Za-z]", rest):
            out.append(text)
    return out


def test_the_board_draws_no_word_the_catalogs_do_not_know(monkeypatch):
    """Each position of the view-split test (setup, assigning, acting with the odds line, a
    volley, moving, transport, the tape and the sight string, zoomed), drawn in the
    pseudo-locale: every text the view draws comes bracketed, and so do its margin lines and
    its hint (the play scene draws those)."""
    from game.ui import paper
    from tests.tigers.test_view_split import positions

    monkeypatch.setenv("PAPERWARS_LANG", i18n.PSEUDO)  # the app takes its language from here when it starts
    i18n.set_language(i18n.PSEUDO)
    try:
        real, real_wrap = paper._text_surface, paper.wrap
        drawn: list[str] = []
        wrapped: set[str] = set()

        def record(s, *args, **kwargs):
            drawn.append(str(s))
            return real(s, *args, **kwargs)

        def record_wrap(s, *args, **kwargs):
            # a wrapped text is checked whole: its lines break the brackets apart
            lines = real_wrap(s, *args, **kwargs)
            drawn.append(i18n.tr(s))
            wrapped.update(lines)
            return lines

        seen = set()
        for name, build in positions():
            app, scene = build()
            v = scene.view
            v._static = None  # the grid's numbers and the terrain are drawn again, recorded
            drawn.clear()
            wrapped.clear()
            surf = pygame.Surface(app.screen.get_size())
            monkeypatch.setattr(paper, "_text_surface", record)
            monkeypatch.setattr(paper, "wrap", record_wrap)
            v.draw(surf)
            monkeypatch.setattr(paper, "_text_surface", real)
            monkeypatch.setattr(paper, "wrap", real_wrap)
            drawn = [t for t in drawn if t not in wrapped]
            words = [i18n.tr(x) for x in (*v.margin_lines(), v.hint()) if x]
            if v.odds:
                words.append(i18n.tr(v.odds[0]))
            words += [i18n.tr(b.label) for b in v.buttons]
            bad = _unbracketed(drawn) + _unbracketed(words)
            assert bad == [], f"{name}: {bad}"
            seen.update(drawn)
        assert any("[" in t for t in seen) and len(seen) > 40  # it did draw words, in pseudo
    finally:
        i18n.set_language("en")
