"""Warigami in Finnish and in the pseudo-locale (issue 51): the rules' sentences are translated
and keep their rule ids, and the view draws no text that escaped translation."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.engine import IllegalAction
from game.rules.warigami.state import SETUP, SQUAD, Attack, EndTurn, Move, Place, Squad, Unit
from game.session import Session
from game.ui import paper
from game.ui.main import make_app
from game.ui.playing.scene import PlayScene
from tests.pseudo import Recorder, bracketed
from tests.warigami.test_view import battle_scene, click, key, settle


@pytest.fixture
def english():
    yield
    i18n.set_language("en")


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def test_a_refusal_an_event_and_the_status_line_read_in_finnish_and_keep_the_rule_id(english):
    sess = Session.new("warigami", {"level": "skirmish", "units": 1}, 3, ["human", "human"], autosave=False)
    s = sess.state
    status_en = s.status()
    try:
        s.check(Place("smg", 0, 0))  # squads first (W-B2)
    except IllegalAction as exc:
        refused = exc
    else:
        raise AssertionError("a unit placed before the squads were chosen")
    refusal_en = i18n.refusal(refused)
    events = sess.submit(Squad(("smg",)))
    event_en = str(events[0].text)

    i18n.set_language("fi")
    assert i18n.tr(status_en) != status_en and "joukkue" in i18n.tr(status_en).lower()
    fi = i18n.refusal(refused)
    assert fi != refusal_en and fi.endswith("[W-B2]") and "joukkue" in fi.lower()
    said = i18n.tr(events[0].text)
    assert said != event_en and "salaa" in said  # "... on valinnut joukkueen salaa."

    # a refusal whose sentence names units and numbers (the pool, W-T1) and an attack's event
    i18n.set_language("en")
    sess2, _ = _battle()
    with pytest.raises(IllegalAction) as err:
        sess2.state.check(Move(1, 9, 7))
    english_text = i18n.refusal(err.value)
    i18n.set_language("fi")
    finnish = i18n.refusal(err.value)
    assert finnish != english_text and finnish.endswith(f"[{err.value.rule}]") and "Konepistooli #1" in finnish


def test_a_bundled_maps_name_is_translated_inside_a_settings_refusal(english):
    from game.engine import SettingsError
    from game.rules.warigami.state import WarigamiGame

    with pytest.raises(SettingsError) as err:
        WarigamiGame({"level": "skirmish", "players": 4})  # the skirmish map has two start zones
    message = err.value.args[0]
    assert "Skirmish (10 x 8)" in str(message)
    i18n.set_language("fi")
    assert "Kahakka (10 x 8)" in i18n.tr(message) and "aloitusalueet" in i18n.tr(message)


def _battle():
    sess = Session.new("warigami", {"level": "skirmish", "units": 1}, 3, ["human", "human"], autosave=False)
    s = sess.state
    for i, (owner, kind, x, y) in enumerate([(0, "smg", 1, 1), (1, "smg", 8, 6)], start=1):
        s.units[i] = Unit(i, owner, kind, x, y)
        s.at[(x, y)] = i
    s.next_id, s.squads, s.round = 3, [("smg",)] * 2, 1
    s.phase, s.player = "move", 0
    s._start_turn()
    return sess, s


def test_an_attack_a_move_and_a_result_read_in_finnish_and_dutch(english):
    sess, s = _battle()
    s.units[2].x, s.units[2].y = 2, 1  # next to the SMG
    s.at = {u.sq: u.id for u in s.units.values()}
    sess.submit(Move(1, 1, 2))
    attack = sess.submit(Attack(1, 2))[0]
    english_attack = str(attack.text)
    end = sess.submit(EndTurn())[0]
    i18n.set_language("fi")
    assert i18n.tr(attack.text) != english_attack and "heittää" in i18n.tr(attack.text)
    assert "Konepistooli #1" in i18n.tr(attack.text)
    assert "lopettaa vuoron" in i18n.tr(end.text)
    i18n.set_language("nl")
    assert "gooit" in i18n.tr(attack.text) and "beëindigt de beurt" in i18n.tr(end.text)
    del sess.state.units[2]
    res = sess.state.result()
    assert res is not None and "wint" in i18n.tr(res.text)
    i18n.set_language("fi")
    assert "voittaa" in i18n.tr(res.text)


# -- the pseudo-locale: nothing the view draws escapes translation --------------------------------

def _check(v, rec: Recorder, surface: pygame.Surface) -> None:
    rec.drawn.clear()
    v._board_key = v._layer_key = v._marked_key = None  # drawn afresh: the cached layers hold text too
    v.draw(surface)
    assert rec.escaped() == []
    said = [i18n.tr(line) for line in v.margin_lines()] + ([i18n.tr(v.hint())] if v.hint() else [])
    assert [s for s in said if not bracketed(s)] == []
    shown = [b.text for b in (v.end_button, v.heal_button, *v.kind_buttons.values())
             if b is not None and b.visible]
    # a narrow button may show a unit's tag ("[SMG~]") or "{key} {tag}": each still bracketed somewhere
    assert [t for t in shown if "[" not in t] == []


def test_the_view_draws_only_translated_text_in_the_pseudo_locale(app, monkeypatch, english):
    i18n.set_language(i18n.PSEUDO)
    paper.reset_caches()
    rec = Recorder(monkeypatch)
    surface = pygame.Surface((1280, 800))

    # squads typed in secret, then placed
    sess = Session.new("warigami", {"level": "skirmish", "units": 2}, 3, ["human", "human"], autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    v = scene.view
    assert sess.state.phase == SQUAD
    key(app, pygame.K_1)
    _check(v, rec, surface)
    key(app, pygame.K_5)
    key(app, pygame.K_RETURN)
    app.frame([])
    key(app, pygame.K_RETURN)  # the cover between the two seats
    for k in (pygame.K_2, pygame.K_4, pygame.K_RETURN):
        key(app, k)
    app.frame([])
    assert sess.state.phase == SETUP
    _check(v, rec, surface)
    app.pop()

    # the battle: a unit selected with its reach, the odds box over an enemy, the aim, the roll
    sess, scene, v = battle_scene(app, [(0, "shotgun", 2, 3), (0, "rpg", 2, 1), (0, "medic", 1, 3),
                                        (1, "smg", 3, 3), (1, "smg", 6, 1)], faces=(6, 1, 1))
    click(app, v.centre((2, 3)))
    _check(v, rec, surface)
    click(app, v.centre((2, 1)))  # the RPG: its splash note in the odds box
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=v.centre((6, 1)), rel=(0, 0), buttons=(0, 0, 0),
                                  touch=False)])
    assert v.hovered_shot() is not None
    _check(v, rec, surface)
    click(app, v.centre((2, 3)))
    click(app, v.centre((3, 3)))  # aim at the neighbour: the close blast
    _check(v, rec, surface)
    click(app, v.centre((3, 3)))  # fire: the die settles and the damage is written
    settle(app, scene)
    _check(v, rec, surface)
    click(app, v.centre((1, 3)))  # the medic, and the heal cursor
    key(app, pygame.K_h)
    _check(v, rec, surface)
    assert rec.drawn, "nothing was drawn: the recorder saw no text"


# -- online: a message travels as data and comes back whole -----------------------------------------

def test_every_event_of_a_four_player_game_travels_as_a_message_and_nests_shallow_enough(tmp_path):
    """Events go to remote seats as Msg data, which may nest at most four levels: the squads
    revealed (four players' lists) and an RPG's splash that destroys units are the deepest."""
    import json

    from game.agents import RandomAgent
    from game.msg import Msg
    from tests.warigami.helpers import battle

    s = battle(tmp_path, [(0, "rpg", 1, 1), (1, "smg", 4, 1), (1, "medic", 4, 2)], faces=(6,))
    s.units[2].hp = s.units[3].hp = 1
    attack = s.apply(Attack(1, 2))[0]
    assert "Splash" in attack.text and "Destroyed" in attack.text
    texts = [attack.text]
    sess = Session.new("warigami", {"level": "city", "players": 4, "units": 3}, 2, ["human"] * 4, autosave=False)
    agent = RandomAgent(sess.state.game, 2)
    for _ in range(400):
        if sess.state.is_over():
            break
        act = Squad(("rpg", "smg", "medic")) if sess.state.phase == SQUAD else agent.choose(sess.state)
        texts += [e.text for e in sess.submit(act) if e.text]
    assert any(t.startswith("Squads revealed: Player 1:") for t in texts)
    assert any("Roll-off for the first move" in t for t in texts) and len(texts) > 20
    for text in texts:
        assert isinstance(text, Msg)
        back = Msg.from_json(json.loads(json.dumps(text.to_json())))
        assert back == text and back.id == text.id
