"""Pencil Space Combat in the player's language (issue 51): refusals, log lines and the status line
of real states come out in Finnish with their rule ids and decimal commas, and the view draws no
word that escaped translation (the pseudo-locale brackets every known message)."""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.engine import IllegalAction
from game.rules.space.state import CallDraw, Flick, PlaceDoor, PlacePiece, SpaceGame
from game.ui import paper
from tests.space.helpers import flick_event, play_state
from tests.space.test_view import _three_players, app, settle, start  # noqa: F401  (app is a fixture)


@pytest.fixture
def finnish():
    i18n.set_language("fi")
    yield
    i18n.set_language("en")


@pytest.fixture
def pseudo():
    i18n.set_language(i18n.PSEUDO)
    yield
    i18n.set_language("en")


def test_a_refusal_an_event_and_the_status_line_read_in_finnish_with_rule_ids_and_decimal_commas(finnish):
    # the door refusal: its distances are floats, written 2,5 cm in Finnish
    s = SpaceGame({"field": "none"}).new_state(1, {"noise": False})
    with pytest.raises(IllegalAction) as info:
        s.apply(PlaceDoor(1.0))
    said = i18n.refusal(info.value)
    assert said.endswith("[S-U3]") and str(info.value.message) not in said
    assert "2,5 cm" in said and "2.5 cm" not in said, said
    assert said.startswith("Oven"), said

    # a move backwards is refused in Finnish, the rule id kept
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)])
    with pytest.raises(IllegalAction) as info:
        s.apply(Flick(0, "move", 270, 0.3))
    said = i18n.refusal(info.value)
    assert said.endswith("[S-M1]") and "Taaksepäin" in said and said != info.value.message, said

    # the status line names the player in Finnish
    assert s.status() == "Blue (bottom) to flick: pick a ship, move or shoot."
    assert i18n.tr(s.status()) == "Sininen (alhaalla) näpäyttää: valitse alus, siirrä tai ammu."

    # a move's log line: the ship's name, the distance with a decimal comma, in Finnish
    ev = flick_event(s.apply(Flick(0, "move", 90, 0.2)))
    english, finnish_text = str(ev.text), i18n.tr(ev.text)
    assert re.search(r"flies \d+\.\d cm and lands\.$", english), english
    assert finnish_text != english and finnish_text.startswith("Sininen alus 0 lentää"), finnish_text
    assert re.search(r"lentää \d+,\d cm ja laskeutuu\.$", finnish_text), finnish_text

    # a destroyed ship's log line keeps its rule id in brackets after the Finnish sentence
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 50, 150, 270)])
    ev = flick_event(s.apply(Flick(0, "shot", 90, 0.5)))
    assert i18n.tr(ev.text) == "Sininen alus 0 ampui ja osui kohteeseen Oranssi alus 1: tuhoutui (S-S3).", ev.text
    assert s.is_over() and i18n.tr(s.status()) == "Sininen (alhaalla) voittaa."


def test_a_finished_game_keeps_its_end_message_through_saving(finnish):
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 50, 150, 270)])
    s.apply(Flick(0, "shot", 90, 0.5))
    back = type(s).from_json(s.game, s.to_json())
    assert back.end_text == s.end_text == "Blue (bottom) wins."
    assert i18n.tr(back.result().text) == "Sininen (alhaalla) voittaa."


def _bracketed(s: str) -> bool:
    return s.startswith("[") and s.endswith("]")


class Recorder:
    """Every string the Space view hands to the font (after translation) while ``draw`` runs (not
    the shell's log and margins around it: their words are the shell's), and the lines paper.wrap
    cut from a translated, bracketed text (a continuation line cannot carry both brackets)."""

    def __init__(self) -> None:
        self.drawn: list[str] = []
        self.wrapped: set[str] = set()
        self.on = False

    def draw(self, view, surface) -> None:
        self.on = True
        try:
            view.draw(surface)
        finally:
            self.on = False


def _record(monkeypatch) -> Recorder:
    rec = Recorder()
    surface_of = paper._text_surface
    wrap = paper.wrap

    def text_surface(s, *args, **kwargs):
        if rec.on:
            rec.drawn.append(s)
        return surface_of(s, *args, **kwargs)

    def wrap_lines(s, *args, **kwargs):
        lines = wrap(s, *args, **kwargs)
        if rec.on and _bracketed(i18n.tr(s)):
            rec.wrapped.update(lines)
        return lines

    monkeypatch.setattr(paper, "_text_surface", text_surface)
    monkeypatch.setattr(paper, "wrap", wrap_lines)
    return rec


def _escaped(drawn: list[str], wrapped: set[str]) -> list[str]:
    # Excluded, each for its reason: strings without a letter are numbers (a piece's number on the
    # paper), nothing to translate; lines paper.wrap cut from a bracketed text were checked whole.
    return [s for s in drawn if re.search(r"[A-Za-z]", s) and not _bracketed(s) and s not in wrapped]


def test_the_view_draws_no_word_that_escaped_translation(app, pseudo, monkeypatch):  # noqa: F811
    rec = _record(monkeypatch)
    drawn = rec.drawn
    surface = pygame.Surface((1280, 800))

    # the door being placed: the distance beside it
    sess, scene = start(app, {"doors": "choose"}, ships=False)
    v = scene.view
    h = sess.state.game.hangars[sess.state.seat]
    v.hover = h.wall_point(60.0)
    rec.draw(v, surface)
    assert any("cm" in s for s in drawn)
    lines = [*v.margin_lines(), v.hint(), sess.state.status()]

    # the coin flip's card, then play: a backwards drag (its note, the strength, the magnifier, the
    # pencil in hand) and a near miss written beside the ship it passed
    sess, scene = start(app, {"stalemate": True, "passing": True, "pencils": True, "stopper": True,
                              "turrets": True}, ships=False)
    for act in (PlacePiece(60, 12, 90), PlacePiece(60, 266, 270), PlacePiece(108, 12, 90),
                PlacePiece(108, 266, 270), PlacePiece(160, 12, 90), PlacePiece(160, 266, 270)):
        assert scene.submit(act)
    app.frame([], dt=0.5)
    v = scene.view
    rec.draw(v, surface)
    assert any("Cöïn flïp" in s for s in drawn)
    settle(app, scene)
    s = sess.state
    me = next(p for p in s.pieces if p.owner == s.seat)
    enemy = next(p for p in s.pieces if p.owner != s.seat)
    v.drag = {"kind": "flick", "ship": me.id, "start": (me.x, me.y), "mode": "move", "trail": [(0.0, (me.x, me.y))]}
    v.hover = (me.x, me.y - 20.0 if s.seat == 0 else me.y + 20.0)
    v.near_miss = {"piece": enemy.id, "gap": 0.7, "trace": (enemy.x + 5, enemy.y), "hull": (enemy.x + 1, enemy.y),
                   "s": 0.0}
    rec.draw(v, surface)
    assert any("mm" in s for s in drawn) and any("(S-M1)" in s for s in drawn)
    lines += [*v.margin_lines(), v.hint(), s.status()]
    buttons = [b.text for b in v.buttons.values()]

    # three players: the draw proposal's card
    sess, scene = _three_players(app)
    sess.state.quiet = 10
    assert scene.submit(CallDraw(by=sess.state.seat))
    app.frame([])
    v = scene.view
    rec.draw(v, surface)
    assert sess.state.phase == "draw"
    lines += [*v.margin_lines(), v.hint(), sess.state.status()]
    buttons += [b.text for b in [*v.buttons.values(), *v.card_buttons.values()]]

    assert drawn and _escaped(drawn, rec.wrapped) == []
    assert [t for t in (i18n.tr(x) for x in lines if x) if not _bracketed(t)] == []
    assert len(buttons) > 10 and [b for b in buttons if not _bracketed(b)] == []
