"""The board view, headless: real clicks build a squad, move, attack (with confirmation), end the turn."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rules.warigami.state import ATTACK, MOVE, SETUP, Squad, Unit
from game.session import Session
from game.ui.main import make_app
from game.ui.monkey import monkey_run
from game.ui.playing.scene import PlayScene


def click(app, pos, button=1):
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)])


def key(app, k):
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def settle(app, scene):
    for _ in range(200):
        if not scene.view.busy():
            break
        app.frame([], dt=0.1)


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()


def choose_squads(app, scene, *squads):
    """Each seat types its squad (keys 1-5) and presses Enter; the hand-over cover is clicked away."""
    for keys in squads:
        if app.scenes[-1] is not scene:  # the cover screen between two human seats
            key(app, pygame.K_RETURN)
        for k in keys:
            key(app, k)
        key(app, pygame.K_RETURN)
    app.frame([])


def test_W_B2_squads_are_typed_in_secret_then_placed_by_clicks(app):
    sess = Session.new("warigami", {"level": "skirmish", "units": 2}, 3, ["human", "human"], autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    v = scene.view
    key(app, pygame.K_3)
    key(app, pygame.K_RETURN)  # one unit short: refused, nothing sent
    assert sess.state.squads == [None, None] and "more unit" in scene.refusal
    key(app, pygame.K_1)
    key(app, pygame.K_BACKSPACE)  # takes the SMG back
    key(app, pygame.K_5)
    assert "1 Sniper, 1 RPG" in " ".join(v.margin_lines())
    key(app, pygame.K_RETURN)
    app.frame([])
    # the next seat is covered, and after the cover nothing shows seat 1's choice
    assert app.scenes[-1] is not scene
    key(app, pygame.K_RETURN)
    text = " ".join(v.margin_lines()) + v.hint() + scene.state.status() + " ".join(sess.log)
    assert "Sniper" not in text and "RPG" not in text and "Player 1 ready" in text
    assert "(0 of 2)" in text  # seat 2 starts from an empty draft
    choose_squads(app, scene, [pygame.K_3, pygame.K_5])
    s = sess.state
    assert s.phase == SETUP and "Player 1: 1 Sniper, 1 RPG" in " ".join(sess.log)
    key(app, pygame.K_3)  # sniper
    click(app, v.centre((0, 0)))
    click(app, v.centre((5, 3)))  # not a start zone: refused
    assert "start zone" in scene.refusal
    click(app, v.centre((9, 0)))
    key(app, pygame.K_1)  # no SMG in this squad: refused, the type stays
    assert "no SMG" in scene.refusal
    click(app, v.centre((1, 1)))  # the RPG, the only type left
    click(app, v.centre((8, 1)))
    assert s.phase == MOVE
    assert sorted((u.owner, u.kind) for u in s.units.values()) == [(0, "rpg"), (0, "sniper"), (1, "rpg"),
                                                                    (1, "sniper")]


def test_select_move_hover_attack_confirm_and_end_turn_by_clicks(app):
    sess = Session.new("warigami", {"level": "skirmish", "units": 1}, 3, ["human", "human"], autosave=False,
                       pins={"faces": [6, 1, 6]})  # the roll-off (W-T5): seat 1 moves first; then the attack
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    v = scene.view
    choose_squads(app, scene, [pygame.K_1], [pygame.K_1])
    click(app, v.centre((0, 3)))
    click(app, v.centre((9, 3)))
    s = sess.state
    assert s.phase == MOVE and s.pool == 2
    click(app, v.centre((0, 3)))  # select my SMG
    assert v.selected == 1 and (2, 3) in v.reach() and v.reach()[(2, 3)] == 2
    click(app, v.centre((2, 3)))
    settle(app, scene)
    assert sess.state.units[1].sq == (2, 3) and sess.state.pool == 0
    key(app, pygame.K_e)
    assert sess.state.current_player() == 1
    click(app, v.centre((9, 3)))
    click(app, v.centre((7, 3)))
    settle(app, scene)
    key(app, pygame.K_RETURN)
    # seat 0 again: hover the enemy, read the odds, attack (first attack: confirm by clicking again)
    click(app, v.centre((2, 3)))
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=v.centre((7, 3)), rel=(0, 0), buttons=(0, 0, 0),
                                  touch=False)])
    target, shot = v.hovered_shot()
    assert target == 2 and shot.dist == 5 and shot.odds.s == 2 and shot.clear
    click(app, v.centre((7, 3)))
    assert sess.state.units[2].hp == 10 and "click the target again" in v.hint()
    played: list[str] = []
    app.sounds.play = played.append  # what the play scene asks the speaker for
    click(app, v.centre((7, 3)))
    assert sess.state.phase == ATTACK and sess.state.units[2].hp == 8
    assert played == ["dice"]  # the attack's "roll" event rattles the dice
    assert v.busy()  # the die is rolling
    settle(app, scene)
    assert not v.busy()
    assert any("rolls 6" in line for line in sess.log)


def test_end_turn_button_ends_the_turn(app):
    sess = Session.new("warigami", {"level": "skirmish", "units": 1}, 3, ["human", "human"], autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    v = scene.view
    choose_squads(app, scene, [pygame.K_1], [pygame.K_1])
    click(app, v.centre((0, 0)))
    click(app, v.centre((9, 0)))
    app.frame([])
    first = sess.state.current_player()
    assert v.end_button is not None and v.end_button.visible
    click(app, v.end_button.rect.center)
    app.frame([])
    assert sess.state.current_player() == 1 - first and sess.state.turns == 1


def test_view_draws_every_unit_kind_and_hp(app):
    sess = Session.new("warigami", {"level": "standard", "units": 5}, 1, ["human", "human"], autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    s = sess.state
    kinds = ["smg", "shotgun", "sniper", "medic", "rpg"]
    for i in range(10):
        u = Unit(i + 1, i % 2, kinds[i % 5], 3 + i, 4 + i % 3, hp=1 + i)
        s.units[u.id] = u
        s.at[u.sq] = u.id
    s.phase = MOVE
    s._start_turn()
    scene.view.reset()
    app.frame([])
    assert s.phase != SETUP


def test_monkey_on_builder_and_play_scenes():
    out = monkey_run("warigami", settings={"level": "skirmish", "units": 3}, seats=["human", "human"], steps=700,
                     seed=5)
    assert out["actions"] > 0
    out = monkey_run("warigami", settings={"level": "skirmish", "units": 2}, seats=["human", "random"], steps=700,
                     seed=8)
    assert out["steps"] == 700


def test_hover_bench_sweeps_real_pointer_motions_over_enemies():
    from game.ui.views.warigami_bench import hover_frame_times

    out = hover_frame_times(frames=12, level="skirmish", units=4)
    assert out["frames"] == 12 and out["frames_with_preview"] == 12  # every frame drew a line of sight and odds
    assert {"median", "p99", "cpu_median", "cpu_p99"} <= set(out)
    out = hover_frame_times(frames=10, level="huge", units=3, size=(1024, 600))  # the board scrolls to each target
    assert out["scrolls"] and out["frames_with_preview"] == 10


# -- no traps in the view (issue 13) ---------------------------------------------------------------

def battle_scene(app, units, faces=(), **settings):
    """A play scene on the skirmish map with ``units`` (owner, kind, x, y) standing, seat 1 to move."""
    sess = Session.new("warigami", {"level": "skirmish", "units": 1, **settings}, 3, ["human", "human"],
                       autosave=False, pins={"faces": list(faces)})
    s = sess.state
    for i, (owner, kind, x, y) in enumerate(units, start=1):
        u = Unit(i, owner, kind, x, y)
        s.units[i] = u
        s.at[(x, y)] = i
    s.next_id = len(units) + 1
    s.squads = [("smg",)] * 2
    s.phase, s.player, s.first, s.round = MOVE, 0, 0, 1
    s._start_turn()
    scene = PlayScene(app, sess)
    app.push(scene)
    app.frame([])
    return sess, scene, scene.view


def test_W_H5_heal_is_an_explicit_choice_a_click_on_a_hurt_neighbour_only_selects_it(app):
    sess, scene, v = battle_scene(app, [(0, "medic", 2, 3), (0, "smg", 3, 3), (1, "smg", 8, 7)])
    sess.state.units[2].hp = 4
    click(app, v.centre((2, 3)))  # the medic
    assert "Moves through your own units" in " ".join(v.margin_lines())  # W-T1, said where it matters
    click(app, v.centre((3, 3)))  # the hurt SMG next to it: selected, not healed
    assert v.selected == 2 and sess.state.units[2].hp == 4 and sess.state.phase == MOVE
    click(app, v.centre((2, 3)))
    key(app, pygame.K_h)  # the heal cursor
    assert v.healing and "up, down, left or right" in v.hint()
    click(app, v.centre((3, 3)))  # W-T2 (rev 3): a heal is no attack: no confirmation, movement goes on
    assert sess.state.units[2].hp == 6 and sess.state.phase == MOVE and not v.healing


def test_W_T2_the_attack_confirmation_is_asked_every_turn_and_for_every_seat(app):
    sess, scene, v = battle_scene(app, [(0, "smg", 2, 3), (1, "smg", 6, 3)], faces=(1, 1, 1, 1))
    for turn in range(4):  # seat 1, seat 2, seat 1, seat 2: the same two clicks every time
        s = sess.state
        me, foe = (1, 2) if s.current_player() == 0 else (2, 1)
        click(app, v.centre(s.units[me].sq))
        click(app, v.centre(s.units[foe].sq))
        assert s.phase == MOVE and v.pending is not None, turn  # asked, nothing fired yet
        click(app, v.centre(s.units[foe].sq))
        assert s.phase == ATTACK, turn
        settle(app, scene)
        key(app, pygame.K_e)
        app.frame([])


def test_the_die_stays_on_the_board_until_the_next_action(app):
    sess, scene, v = battle_scene(app, [(0, "smg", 2, 3), (0, "smg", 2, 5), (1, "smg", 6, 3), (1, "smg", 8, 7)],
                                  faces=(2, 5))
    sess.state.pool = 0  # nothing left to move: still the same two clicks, aim and fire
    click(app, v.centre((2, 3)))
    click(app, v.centre((6, 3)))
    click(app, v.centre((6, 3)))
    settle(app, scene)
    for _ in range(30):
        app.frame([], dt=0.5)  # long after the tumble
    assert not v.busy() and v.last_roll is not None and v.last_roll["face"] == 2
    click(app, v.centre((2, 5)))  # selecting is not an action: the die stays
    assert v.last_roll is not None
    click(app, v.centre((6, 3)))  # aiming is not an action either
    assert v.last_roll is not None
    click(app, v.centre((6, 3)))  # the next action
    assert v.last_roll is None or v.last_roll["face"] == 5


def test_W_L3_a_blocked_shots_odds_box_lists_no_hitting_face(app):
    sess, scene, v = battle_scene(app, [(0, "smg", 2, 3), (0, "smg", 4, 3), (1, "smg", 6, 3)])
    s = sess.state
    sh = s.shot(1, 3)  # through my own SMG's centre
    assert sh.problem and sh.rule == "W-L2"
    lines, faces = v.shot_text(s.units[1], s.units[3], sh)
    assert faces == [] and "no shot" in lines[0] and "hits" not in " ".join(lines)
    clear = s.shot(2, 3)
    lines, faces = v.shot_text(s.units[2], s.units[3], clear)
    assert len(faces) == 6 and "or more hits" in lines[0]


def test_W_D1_hover_says_adjacent_is_orthogonal_and_the_rpg_splash_covers_all_8(app):
    sess, scene, v = battle_scene(app, [(0, "shotgun", 2, 3), (0, "rpg", 2, 1), (1, "smg", 3, 3), (1, "smg", 3, 4),
                                        (1, "smg", 6, 1)])
    s = sess.state
    lines, _ = v.shot_text(s.units[1], s.units[3], s.shot(1, 3))
    assert "adjacent = up, down, left, right" in " ".join(lines)
    lines, _ = v.shot_text(s.units[1], s.units[4], s.shot(1, 4))
    assert "diagonal = distance 2" in " ".join(lines)
    lines, _ = v.shot_text(s.units[2], s.units[5], s.shot(2, 5))
    assert "all 8 squares" in " ".join(lines)
    rules = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "warigami.md").read_text()
    assert "orthogonal" in rules and "all 8 squares" in rules


def test_W_T4_margin_shows_the_pool_only_while_movement_is_possible_and_never_a_round_past_the_limit(app):
    sess, scene, v = battle_scene(app, [(0, "smg", 2, 3), (1, "smg", 6, 3)], faces=(1,), round_limit=1)
    text = " ".join(v.margin_lines())
    assert "pool: 2" in text.lower() and "Round 1 of 1" in text
    sess.state.pool = 0
    assert "pool" not in " ".join(v.margin_lines()).lower()
    sess.state.pool = 2
    click(app, v.centre((2, 3)))
    click(app, v.centre((6, 3)))
    click(app, v.centre((6, 3)))  # confirmed: movement is over
    assert sess.state.phase == ATTACK and "pool" not in " ".join(v.margin_lines()).lower()
    settle(app, scene)
    key(app, pygame.K_e)
    key(app, pygame.K_e)
    assert sess.state.is_over()
    text = " ".join(v.margin_lines())
    assert "Round 2" not in text and "of 1" not in text and "1 round played" in text


def test_W_T2_one_way_to_attack_two_clicks_with_or_without_movement_left(app):
    sess, scene, v = battle_scene(app, [(0, "smg", 2, 3), (0, "smg", 2, 5), (1, "smg", 6, 3), (1, "smg", 8, 7)],
                                  faces=(1, 1))
    s = sess.state
    click(app, v.centre((2, 3)))
    click(app, v.centre((6, 3)))
    assert s.phase == MOVE and v.pending is not None  # movement left: aimed, nothing fired
    click(app, v.centre((6, 3)))
    assert s.phase == ATTACK and s.units[1].acted
    settle(app, scene)
    click(app, v.centre((2, 5)))  # no movement left now: the same two clicks, the second never refused
    click(app, v.centre((6, 3)))
    assert not s.units[2].acted and v.pending is not None and scene.refusal == ""
    assert "click the target again" in v.hint().lower()
    click(app, v.centre((6, 3)))
    assert s.units[2].acted and scene.refusal == ""
    from game.ui.playing.pause import GAME_KEYS

    keys = dict(GAME_KEYS["warigami"])
    assert keys["Click an enemy twice"] == "attack: aim, then fire"


# -- issue 32: what a new player stumbled on ---------------------------------------------------------

class TextSpy:
    """Every text the board writes in a frame: (words, size, colour, rect)."""

    def __init__(self, monkeypatch):
        from game.ui import paper

        self.seen: list[tuple[str, int, tuple[int, int, int], pygame.Rect]] = []
        real = paper.text

        def spy(surf, s, pos, size=20, colour=paper.INK, anchor="topleft", bold=False):
            r = real(surf, s, pos, size, colour, anchor, bold)
            self.seen.append((s, size, tuple(colour), r))
            return r

        monkeypatch.setattr(paper, "text", spy)

    def of(self, words):
        return [t for t in self.seen if t[0] == words]


def test_the_damage_popup_on_the_top_row_stays_inside_the_board(app, monkeypatch):
    sess, scene, v = battle_scene(app, [(0, "shotgun", 5, 1), (1, "smg", 5, 0), (1, "smg", 9, 7)], faces=(6,))
    click(app, v.centre((5, 1)))
    click(app, v.centre((5, 0)))
    click(app, v.centre((5, 0)))  # fired: 6 hits the top row for 7 (close blast)
    settle(app, scene)
    spy = TextSpy(monkeypatch)
    app.frame([])
    (_, _, _, where), = spy.of("-7")
    window = pygame.Rect(0, 0, *app.size)
    assert window.contains(where) and where.top >= v.rect.top  # not cut off by the title above the board
    for _ in range(3):
        app.frame([], dt=0.5)
    assert v.last_roll is not None and not where.colliderect(v.die_rect(v.last_roll))  # nor hidden by the die


def test_the_odds_box_covers_none_of_the_players_own_units(app):
    mine = [(0, "smg", x, y) for x, y in ((5, 2), (5, 3), (5, 4), (6, 3), (3, 5), (4, 5), (5, 5), (3, 1), (4, 1), (5, 1))]
    sess, scene, v = battle_scene(app, [(0, "smg", 0, 3), (1, "smg", 4, 3), *mine])
    s = sess.state
    v.selected = 1
    a, b = v.centre((0, 3)), v.centre((4, 3))
    lines, faces = v.shot_text(s.units[1], s.units[2], s.shot(1, 2))
    box = v._box_place(330, 12 + 22 * (len(lines) + 2), a, b)
    own = [v.sq_rect(u.sq).inflate(-int(v.cell * 0.2), -int(v.cell * 0.2)) for u in s.units_of(0)]
    assert box.collidelistall(own) == []
    assert not box.clipline(a, b) and v.viewport.contains(box)


def test_units_carry_their_type_and_one_that_has_acted_a_plain_ink_tick(app, monkeypatch):
    from game.ui import paper

    sess, scene, v = battle_scene(app, [(0, "shotgun", 2, 3), (0, "sniper", 2, 5), (1, "medic", 8, 7), (1, "rpg", 8, 1)])
    spy = TextSpy(monkeypatch)
    v._layer = None
    app.frame([])
    for tag in ("SHT", "SNP", "MED", "RPG"):
        (_, size, colour, _), = spy.of(tag)
        assert size >= 10 and colour == paper.INK
    r = v.sq_rect((2, 3), (0, 0))

    def ink(layer):
        return sum(1 for x in range(r.left, r.right) for y in range(r.top, r.bottom)
                   if layer.get_at((x, y))[:3] == paper.INK)

    before = ink(v.unit_layer(None))
    sess.state.units[1].acted = True
    after = ink(v.unit_layer(None))
    assert after > before + r.w // 2  # a mark in full ink, not the faint word


def test_on_the_huge_map_at_1024x600_units_stay_readable_and_the_board_scrolls(monkeypatch):
    app = make_app((1024, 600), headless=True)
    try:
        sess = Session.new("warigami", {"level": "huge", "units": 30}, 5, ["human", "human"], autosave=False)
        from game.agents import RandomAgent

        builder = RandomAgent(sess.state.game, 3)
        while sess.state.phase in ("squad", "setup"):
            sess.submit(builder.choose(sess.state))
        scene = PlayScene(app, sess)
        app.push(scene)
        spy = TextSpy(monkeypatch)
        app.frame([])
        v = scene.view
        assert v.cell >= 24 and v.scrollable()  # squares of 24 pixels or more, not 15
        assert "scroll" in v.hint()
        hp = [t for t in spy.seen if t[0].isdigit() and t[0] == str(10)]
        assert hp and min(t[1] for t in hp) >= 12  # the HP numbers
        me = sess.state.current_player()
        mine = [u.sq for u in sess.state.units_of(me)]
        assert any(v.viewport.contains(v.sq_rect(sq)) for sq in mine)  # the turn opens on the player's units
        before = v.scroll
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=v.viewport.center, rel=(0, 0), buttons=(0, 0, 0),
                                      touch=False)])
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT if before[0] else pygame.K_RIGHT, mod=0,
                                      unicode="", scancode=0)])
        assert v.scroll != before
        moved = v.scroll
        app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if moved[1] == 0 else 1, flipped=False,
                                      precise_x=0.0, precise_y=0.0, touch=False, which=0)])
        assert v.scroll[1] != moved[1]
        sq = v.square_at(v.viewport.center)
        assert sq is not None and v.sq_rect(sq).collidepoint(v.viewport.center)  # clicks land where drawn
        assert v.square_at((v.viewport.right + 3, v.viewport.centery)) is None  # the hidden board takes no click
        far = (0, 0) if v.scroll[0] > 0 else (sess.state.board.width - 1, sess.state.board.height - 1)
        v.show_squares([far])  # the computer's move or shot far away is brought into view
        assert v.viewport.contains(v.sq_rect(far))
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800)])
@pytest.mark.parametrize("scale", [100, 125, 150, 200])
def test_the_squad_buttons_show_their_whole_text_at_every_size_and_scale(size, scale):
    app = make_app(size, headless=True)
    try:
        if scale != 100:
            app.set_ui_scale(scale)
        sess = Session.new("warigami", {"units": 10}, 5, ["human", "human"], autosave=False)
        scene = PlayScene(app, sess)
        app.push(scene)
        for phase in ("squad", "setup"):
            if phase == "setup":
                sess.submit(Squad(("smg",) * 3 + ("shotgun",) * 3 + ("sniper",) * 2 + ("medic", "rpg")))
                sess.submit(Squad(("shotgun",) * 10))
                scene.view.on_events([])
            app.frame([])
            app.frame([])
            buttons = [b for b in scene.view.kind_buttons.values() if b.visible]
            assert len(buttons) == 5
            for b in buttons + [scene.view.end_button]:
                if b.visible:
                    assert b.font.size(b.text)[0] <= b.relative_rect.width - 4, (phase, b.text, b.relative_rect)
            texts = [b.text for b in buttons]
            assert texts[1].startswith("2 ") and ("Shotgun" in texts[1] or "SHT" in texts[1])
            if phase == "setup":
                assert texts[1].endswith("x3")
    finally:
        app.close()


def test_W_B2_the_placing_pick_shows_only_while_the_person_here_places(app):
    """'Placing: SMG (keys 1-5)' is this person's own pick: while another seat places (the
    computer, or online the friend elsewhere) it is not shown, as the squad draft is not."""
    from game.rules.warigami.state import Place

    sess = Session.new("warigami", {"level": "skirmish", "units": 2}, 3, ["human", "random"], autosave=False)
    scene = PlayScene(app, sess)
    app.push(scene)
    sess.submit(Squad(("smg", "rpg")))
    sess.submit(Squad(("smg", "smg")))
    assert sess.state.phase == SETUP and scene.human_to_move()
    assert "Placing: SMG (keys 1-5)" in scene.view.margin_lines()
    sess.submit(Place("smg", 0, 0))
    assert sess.state.current_player() == 1 and not scene.human_to_move()
    lines = scene.view.margin_lines()
    assert not any(line.startswith("Placing:") for line in lines), lines
    assert any(line.startswith("Placing in turn:") for line in lines)  # whose turn it is stays


def test_the_pause_key_list_names_every_key_the_board_answers():
    """The pause menu's keys for Warigami: the squad keys, heal (H, W-H5) and the right click
    are there, beside end turn and fire (the list once named only placing, E, Enter and the click)."""
    from game.ui.playing.pause import GAME_KEYS

    keys = dict(GAME_KEYS["warigami"])
    assert "squad" in keys["1-5"] and "place" in keys["1-5"]
    assert "squad" in keys["Backspace"] and "squad" in keys["Enter"]
    assert "heal" in keys["H"] and "Right click" in keys and "E" in keys


@pytest.mark.parametrize("size,percent", [((960, 1040), 100), ((800, 560), 100), ((1920, 1080), 150),
                                          ((1920, 1080), 200)])
def test_the_pool_is_written_beside_the_buttons_never_under_heal_or_end_turn(size, percent):
    """'Pool: N' under the board stays readable with a medic selected (the Heal button once
    covered it) and at a large UI scale (the End turn button once reached over it)."""
    from game.rules.warigami.state import Place
    from game.ui import paper

    app = make_app(size, headless=True)
    try:
        app.set_ui_scale(percent)
        sess = Session.new("warigami", {"level": "skirmish", "units": 2}, 3, ["human", "human"], autosave=False)
        scene = PlayScene(app, sess)
        app.push(scene)
        for squad in (("medic", "smg"), ("medic", "smg")):
            sess.submit(Squad(squad))
        for place in (Place("medic", 0, 0), Place("medic", 9, 0), Place("smg", 0, 1), Place("smg", 9, 1)):
            sess.submit(place)
        s = sess.state
        assert s.phase == MOVE and s.pool > 0
        v = scene.view
        v.selected = next(u.id for u in s.units_of(s.player) if u.kind == "medic")
        app.frame([])
        assert v.heal_button.visible and v.end_button.visible
        drawn: list[pygame.Rect] = []
        real = paper.text

        def spy(surf, text, pos, size=20, colour=paper.INK, anchor="topleft", bold=False):
            rect = real(surf, text, pos, size, colour, anchor, bold)
            if text.startswith("Pool:"):
                drawn.append(rect)
            return rect

        paper.text = spy
        try:
            scene.draw(app.screen.copy())
        finally:
            paper.text = real
        assert len(drawn) == 1
        pool = drawn[0]
        for button in (v.heal_button, v.end_button):
            assert not pool.colliderect(button.rect), f"'Pool' {pool} under {button.text!r} {button.rect}"
        assert scene.board_rect().contains(pool)
    finally:
        app.close()


def test_W_L3_rev4_the_odds_box_says_no_shot_between_two_walls_touching_corner_to_corner(app):
    # Trenches: the walls at 7,5 and 8,6 touch at a corner; my SMG at 7,6 and the enemy at 8,5 look past it
    sess, scene, v = battle_scene(app, [(0, "smg", 7, 6), (1, "smg", 8, 5), (1, "smg", 15, 11)], level="trenches")
    click(app, v.centre((7, 6)))
    assert v.selected == 1
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=v.centre((8, 5)), rel=(0, 0), buttons=(0, 0, 0),
                                  touch=False)])
    target, shot = v.hovered_shot()
    assert target == 2 and shot.rule == "W-L3" and not shot.clear
    lines, faces = v.shot_text(sess.state.units[1], sess.state.units[2], shot)
    text = " ".join(lines)
    assert faces == [] and "no shot" in lines[0] and "touch corner to corner" in text and "hits" not in text
    click(app, v.centre((8, 5)))  # a click on it is refused with the same sentence, nothing rolled
    assert sess.state.units[2].hp == 10 and "corner to corner" in scene.refusal
