"""Amoeba Strategy in Finnish, Dutch and the pseudo-locale (issue 51): the rules' refusals,
events and status lines are messages a seat reads in its own language, and the board view
draws no word that escaped translation."""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.engine import Chance, IllegalAction
from game.msg import Msg
from game.rules.amoeba.actions import Attack, Move, Place, Point
from game.rules.amoeba.state import AmoebaGame, AmoebaState
from game.session import Session
from game.ui import paper
from game.ui.main import make_app
from game.ui.playing.scene import PlayScene

from .helpers import grid_map, position


@pytest.fixture
def lang():
    """Switch the language for one test; English again afterwards, whatever happens."""
    yield i18n.set_language
    i18n.set_language("en")


def placing_state() -> AmoebaState:
    s = AmoebaGame({"players": 2, "map": "level", "level": "duel_ten"}).new_state(4)
    assert s.phase == "place"
    return s


@pytest.mark.parametrize("code", ["fi", "nl"])
def test_a_refusal_an_event_and_the_status_line_read_in_the_language_and_keep_the_rule_id(lang, code):
    s = placing_state()
    first = s.player
    ev = s.apply(Place(0, 9))
    with pytest.raises(IllegalAction) as info:
        s.check(Place(1, 9))  # A-P4: 9 already stands in #1
    exc = info.value
    status = s.status()
    english = (i18n.refusal(exc), i18n.tr(ev[0].text), i18n.tr(status))
    assert english[0] == "Country #1 already holds 9: every standing count must be different. [A-P4]"
    assert english[1] == f"Player {first + 1} places 9 in #1."
    assert isinstance(exc.message, Msg) and isinstance(ev[0].text, Msg) and isinstance(status, Msg)
    lang(code)
    said = (i18n.refusal(exc), i18n.tr(ev[0].text), i18n.tr(status))
    for theirs, ours in zip(said, english, strict=True):
        assert theirs != ours and theirs.strip()
    assert said[0].endswith(" [A-P4]") and "#1" in said[0] and "9" in said[0]
    assert "#1" in said[1] and "9" in said[1]
    words = {"fi": ("maa", "joukko"), "nl": ("land", "troep")}[code]
    assert any(w in said[0].lower() for w in words), said[0]
    lot = i18n.tr(s.opening[0])  # "By lot, Player 2 places first (A-P10)."
    assert lot != str(s.opening[0]) and lot.endswith("(A-P10)."), lot


def test_finnish_uses_the_seeds_words_for_attack_and_move(lang):
    pos = position(grid_map(3, 1), [0, 1, -1], [9, 4, 0])
    ev = pos.apply(Attack(1))
    lang("fi")
    text = i18n.tr(ev[0].text)
    assert "hyökkää" in text and "#2" in text, text
    assert "siirrä" in i18n.tr(position(grid_map(3, 1), [0, 1, -1], [9, 4, 0]).status()).lower()


def test_a_counted_sentence_takes_the_languages_plural(lang):
    s = placing_state()
    who = s.player + 1
    e1 = s.clone().apply(Place(0, 1))[0]
    e9 = s.clone().apply(Place(0, 9))[0]
    assert (e1.text, e9.text) == (f"Player {who} places 1 in #1.", f"Player {who} places 9 in #1.")
    lang("fi")
    assert "1 joukon " in i18n.tr(e1.text) and "9 joukkoa " in i18n.tr(e9.text), (i18n.tr(e1.text), i18n.tr(e9.text))
    lang("nl")
    assert i18n.tr(e9.text).endswith("9 in #1.") and i18n.tr(e9.text) != e9.text


def test_messages_of_a_whole_game_travel_as_data_and_come_back_the_same():
    """Online each seat renders the message itself: every event, the status and the end go
    through Msg.to_json/from_json (depth and fields checked) and the state's JSON keeps them."""
    for settings in ({"players": 3, "simultaneous": True, "gathering": True, "follow_up": "every", "partial_kill": 1},
                     {"players": 4, "joint_attacks": True, "follow_up": "one"},
                     {"players": 2, "map": "draw", "countries": 6}):
        game = AmoebaGame(settings)
        s = game.new_state(5)
        rng = Chance(7)
        for _ in range(600):
            if s.is_over():
                break
            texts = [s.status(), *(e.text for e in s.apply(s.random_action(rng)))]
            for t in texts:
                assert isinstance(t, Msg), t
                assert Msg.from_json(t.to_json()) == t
        assert s.is_over()
        back = AmoebaState.from_json(game, s.to_json())
        assert isinstance(back.result().text, Msg) and back.result().text.to_json() == s.result().text.to_json()


# -- the board view in the pseudo-locale -------------------------------------------------------

NO_LETTERS = re.compile(r"[^A-Za-zÀ-ÿ]*")


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()
    i18n.set_language("en")


def _scene(app, settings, state=None, seed=3):
    n = settings.get("players", 2)
    sess = Session.new("amoeba", settings, seed, ["human"] * n, autosave=False)
    if state is not None:
        sess.state = state
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    scene.view.reset()
    return scene


class Recorder:
    """What paper.text/note/wrap/fit put through tr() while the view draws: each drawn string as
    the player reads it.  A line that paper.wrap cut from a translated sentence is drawn again
    as plain text: it is known here and not counted twice."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seen: list[tuple[str, str]] = []
        self.lines: set[str] = set()
        real_tr, real_wrap = paper.tr, paper.wrap

        def tr(s):  # type: ignore[no-untyped-def]
            out = real_tr(s)
            self.seen.append((s, out))
            return out

        def wrap(s, size, width, bold=False):  # type: ignore[no-untyped-def]
            lines = real_wrap(s, size, width, bold)
            self.lines.update(lines)
            return lines

        monkeypatch.setattr(paper, "tr", tr)
        monkeypatch.setattr(paper, "wrap", wrap)

    def escaped(self) -> list[str]:
        """Drawn strings with letters that carry no pseudo brackets.  Left out, each for a reason:
        strings without letters (numbers, "#12", "25 vs 8": nothing to translate) and the lines
        paper.wrap cut from a bracketed sentence (their sentence was checked whole)."""
        out = []
        for given, shown in self.seen:
            if NO_LETTERS.fullmatch(shown) or given in self.lines:
                continue
            if not (shown.startswith("[") and shown.endswith("]")):
                out.append(shown)
        return out


def _draw(view) -> None:  # type: ignore[no-untyped-def]
    view.draw(pygame.Surface((1280, 800)))


def _check(view, rec: Recorder) -> None:  # type: ignore[no-untyped-def]
    """The view's own drawing, and what it hands the margin (status, hint, tallies); what the
    shell drew around it (the scene's frames) is the shell's to check."""
    rec.seen.clear()
    rec.lines.clear()
    _draw(view)
    for text in (view.st.status(), view.hint(), *view.margin_lines()):
        rec.seen.append((text, i18n.tr(text)))
    assert any(shown.startswith("[") for _given, shown in rec.seen), "nothing translated was drawn"
    assert rec.escaped() == []


def test_the_view_draws_no_word_the_pseudo_locale_did_not_bracket(app, monkeypatch):
    i18n.set_language(i18n.PSEUDO)
    rec = Recorder(monkeypatch)
    # the map phase
    scene = _scene(app, {"players": 2, "map": "draw", "countries": 10})
    view = scene.view
    view.refused = ([(160.0, 85.0), (200.0, 85.0), (200.0, 125.0)],
                    Msg("That outline covers no free paper: countries may not overlap."))
    _check(view, rec)
    app.pop()
    # placement: a country chosen, a number that stands already, its reason under the pointer
    scene = _scene(app, {"players": 2, "map": "level", "level": "duel_ten"})
    view = scene.view
    scene.session.submit(Place(0, 9), save=False)
    view.selected, view.number = 1, 9
    _check(view, rec)
    cell = next(r for r, n in view.number_cells if n == 9)
    view.mouse = cell.center
    _check(view, rec)
    assert view.shown["reason"]
    app.pop()
    # movement: an attack preview, a move being drawn, the hover sum
    pos = position(grid_map(3, 3), [0, 1, -1, 0, 1, -1, -1, -1, -1], [9, 4, 0, 7, 20, 0, 0, 0, 0],
                   follow_up="one", attack_bonus=1)
    scene = _scene(app, {"players": 2}, pos)
    view = scene.view
    view.target = 1
    _check(view, rec)
    view.target, view.legs = -1, [[0, 2, 3], [3, 6, 7]]
    _check(view, rec)
    view.legs = []
    view.mouse = tuple(int(v) for v in view.to_px(*view.st.map.labels[4]))
    _check(view, rec)
    app.pop()
    # a joint attack proposal waiting for its answer (A-V7)
    pos = position(grid_map(3, 3), [-1, 0, -1, -1, 1, -1, -1, 2, -1], [0, 5, 0, 0, 9, 0, 0, 6, 0], players=3,
                   joint_attacks=True)
    from game.rules.amoeba.actions import ProposeJoint
    pos.apply(ProposeJoint(4, (2,)))
    scene = _scene(app, {"players": 3}, pos)
    _check(scene.view, rec)
    app.pop()
    # simultaneous turns (A-V8): pointing, writing the move down, the reveal on the board
    pos = position(grid_map(3, 2), [0, -1, -1, -1, -1, 1], [5, 0, 0, 0, 0, 6], simultaneous=True, gathering=True)
    scene = _scene(app, {"players": 2}, pos)
    view = scene.view
    view.target = 0
    _check(view, rec)
    before = scene.state.clone()
    scene.session.submit(Point(0), save=False)
    scene.session.submit(Point(5), save=False)
    assert scene.state.phase == "detail"
    view.target = -1
    _check(view, rec)
    ev = list(scene.session.submit(Move(0, ((1, 5),)), save=False))
    ev += scene.session.submit(Move(5, ((4, 6),)), save=False)
    reveal = next(e for e in ev if e.kind == "reveal")
    view._start_reveal(before, reveal)
    assert view.reveal is not None
    _check(view, rec)


def test_the_map_editor_draws_no_word_the_pseudo_locale_did_not_bracket(app, monkeypatch):
    from game import registry
    from game.ui.views.amoeba_editor import AmoebaEditor

    i18n.set_language(i18n.PSEUDO)
    rec = Recorder(monkeypatch)
    editor = AmoebaEditor(app, registry.get("amoeba"))
    app.push(editor)
    app.frame([])
    editor.grow_amoeba()  # a note under the tools
    editor.hover = 2  # the hovered country's neighbours
    rec.seen.clear()
    editor.draw(pygame.Surface(app.size))
    assert any(shown.startswith("[") for _given, shown in rec.seen)
    assert rec.escaped() == []
    assert all(b.text.startswith("[") for b in editor.buttons.values())  # the widgets' labels too
