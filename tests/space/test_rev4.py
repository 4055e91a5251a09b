"""Revision 4 of RULES.md section S (where two rules meet): S-M1, S-V2/S-V5, S-V6/S-V5, S-S4, S-V4.

Flick noise is pinned off unless a test says otherwise (then the seeds are fixed).
"""

from __future__ import annotations

import math

import pytest
from shapely.geometry import Point, Polygon

from game.engine import Chance, IllegalAction
from game.rules.space.ai import SpacePilot
from game.rules.space.evaluate import Piece
from game.rules.space.flick import PENCILS
from game.rules.space.geometry import SHIP_LENGTH
from game.rules.space.hard import SpaceHard
from game.rules.space.state import CallDraw, Flick, Pass
from tests.space.helpers import H, W, flick_event, kinds, play_state

HB = PENCILS["hb"].reach


def s_for(mm: float) -> float:
    return mm / HB


def on_sheet(pt: tuple[float, float]) -> bool:
    return -1e-6 <= pt[0] <= W + 1e-6 and -1e-6 <= pt[1] <= H + 1e-6


# -- S-M1 (rev 4): you can't move backwards --------------------------------------------------------

@pytest.mark.parametrize("angle", [270.0, 262.0, 278.0])
def test_S_M1_rev4_a_move_dragged_back_across_the_ship_is_refused_saying_so(angle):
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)])
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply(Flick(0, "move", angle, 0.2))
    assert info.value.rule == "S-M1"
    assert "can't move backwards" in info.value.message
    assert "pass" not in info.value.message  # passing is off: no pass to offer
    assert s.to_json() == before  # nothing changed, the flick's noise was not drawn
    p = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)], passing=True)
    with pytest.raises(IllegalAction) as info:
        p.apply(Flick(0, "move", angle, 0.2))
    assert "pass" in info.value.message  # S-V3 is how to wait


def test_S_M1_rev4_sideways_and_backward_shots_are_not_refused():
    s = play_state([(0, "ship", 50, 100, 90), (0, "ship", 150, 60, 90), (1, "ship", 150, 200, 270)])
    ev = s.apply(Flick(0, "move", 250, s_for(20)))  # 20 degrees off straight back: beside the body
    assert flick_event(ev).data["rule"] == "S-M6" and s.phase == "heading"
    t = play_state([(0, "ship", 50, 100, 90), (0, "ship", 150, 60, 90), (1, "ship", 150, 200, 270)])
    ev = t.apply(Flick(0, "shot", 270, s_for(20)))  # a shot may still go back through the ship (S-S1)
    assert flick_event(ev).data["rule"] == "S-S1" and t.piece(0) is None


def test_S_M1_rev4_only_a_flick_that_noise_turns_across_the_body_stays_put():
    # 15 degrees off straight back is beside the body (the nose's half angle is 14 degrees), so the
    # move is allowed; on some seeds the flick's direction error turns it across the body.
    stayed = 0
    for seed in range(40):
        s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)], noise=True)
        s.chance = Chance(seed)
        ev = s.apply(Flick(0, "move", 255.0, 0.6))
        if flick_event(ev).data["rule"] == "S-M1":
            stayed += 1
            assert "stays put" in flick_event(ev).text
            p = s.piece(0)
            assert (p.x, p.y) == (50, 100) and s.current_player() == 1
    assert stayed >= 3


def _moves_never_backwards(state, action):
    """The action is legal and, if a move, its noise-free trace does not stay put (S-M1)."""
    state.check(action)
    if isinstance(action, Flick) and action.mode == "move":
        trial = state.clone()
        trial.chance = Chance(0, noise=False)
        ev = trial.apply(action)
        assert flick_event(ev).data["rule"] != "S-M1", action


def test_S_M1_rev4_random_play_never_chooses_a_refused_move():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270)])
    rng = Chance(7)
    moves = 0
    for _ in range(400):
        a = s.random_action(rng)
        _moves_never_backwards(s, a)
        moves += isinstance(a, Flick) and a.mode == "move"
    assert moves > 100


@pytest.mark.parametrize("make", [
    lambda g, seed: SpacePilot(g, seed, level="cadet", budget_s=0.05),
    lambda g, seed: SpacePilot(g, seed, budget_s=0.05),
    lambda g, seed: SpaceHard(g, seed, budget_s=0.2, samples=40),
], ids=["easy", "normal", "hard"])
def test_S_M1_rev4_the_computer_players_never_choose_a_refused_move(make):
    # Ships turned away from where they want to go: the way forward is the paper's edge or a wall,
    # the enemy and the open door lie behind them.
    positions = [
        [(0, "ship", 108, 12, 270), (0, "ship", 60, 12, 270), (1, "ship", 108, 160, 270)],
        [(0, "ship", 108, 60, 270), (0, "ship", 40, 40, 250), (1, "ship", 108, 200, 270)],
    ]
    for k, pieces in enumerate(positions):
        for seed in range(3):
            s = play_state(pieces, noise=True, seat=0)
            agent = make(s.game, seed + 10 * k)
            _moves_never_backwards(s, agent.choose(s))


# -- S-V2 with S-V5 (rev 4): a tear after the wrap lies on the sheet --------------------------------

def test_S_V2_rev4_on_cylinder_space_a_tear_after_the_wrap_lies_where_the_paper_tore():
    # Noise off, the stub pencil at full strength slides 130 mm and tears 19.5 to 28 mm along it.
    s = play_state([(0, "ship", 10, 100, 180), (1, "ship", W - 14, 60, 90), (0, "ship", W - 14, 140, 270),
                    (1, "ship", 100, 230, 270), (0, "ship", 60, 30, 90)], cylinder=True, tears=True, pencils=True)
    ev = s.apply(Flick(0, "shot", 180, 1.0, "stub"))
    assert "tear" in kinds(ev)
    assert s.tears and all(on_sheet(a) and on_sheet(b) for a, b in s.tears)
    (ax, ay), (bx, by) = s.tears[0]
    assert ay == pytest.approx(100) and by == pytest.approx(100)
    assert sorted((ax, bx)) == pytest.approx([W - 18.0, W - 9.5])
    # a later shot up through that spot stops at the tear: the ship behind it survives
    ev = s.apply(Flick(1, "shot", 90, s_for(100)))
    assert flick_event(ev).data["rule"] == "S-V2" and s.piece(2) is not None


def test_S_V2_rev4_a_tear_across_the_seam_is_torn_on_both_sides_of_it():
    s = play_state([(0, "ship", 25, 100, 180), (1, "ship", 100, 230, 270), (0, "ship", 60, 30, 90)],
                   cylinder=True, tears=True, pencils=True)
    s.apply(Flick(0, "shot", 180, 1.0, "stub"))  # tears from 5.5 mm left of the seam to 3 mm past it
    assert len(s.tears) == 2 and all(on_sheet(a) and on_sheet(b) for a, b in s.tears)
    assert sum(math.dist(a, b) for a, b in s.tears) == pytest.approx(8.5)
    xs = sorted(x for a, b in s.tears for x in (a[0], b[0]))
    assert xs == pytest.approx([0.0, 5.5, W - 3.0, W])


# -- S-V6 with S-V5 (rev 4): blasts wrap as traces do ---------------------------------------------

def test_S_V6_rev4_on_cylinder_space_a_blast_reaches_across_the_seam():
    # Orange's ship 1 dies at the left edge; ship 2 sits 6.5 mm from it across the seam.
    pieces = [(0, "ship", 100, 100, 180), (1, "ship", 4.84, 103.2, 90), (1, "ship", W - 4.84, 103.2, 90),
              (1, "ship", 100, 230, 270), (0, "ship", 60, 60, 90)]
    s = play_state(pieces, cylinder=True, blasts=True)
    left, right = s.piece(1).body().bounds[0], W - s.piece(2).body().bounds[2]
    assert left + right == pytest.approx(6.5, abs=0.1)  # 6.5 mm apart across the seam
    ev = s.apply(Flick(0, "shot", 180, s_for(98)))
    assert [e for e in ev if e.kind == "destroyed"][0].data["ids"][:1] == [1]
    assert s.piece(1) is None and s.piece(2) is None
    # without the cylinder the same blast stays on its side
    f = play_state(pieces, blasts=True)
    f.apply(Flick(0, "shot", 180, s_for(98)))
    assert f.piece(1) is None and f.piece(2) is not None


def test_S_V6_rev4_a_blast_does_not_wrap_through_a_hangar_and_walls_shadow_it_across_the_seam():
    # In Blue's hangar (it spans the edge, hangars do not wrap): the blast stays on its side.
    h = play_state([(1, "ship", 34, 12, 180), (0, "ship", 4, 15.2, 90), (0, "ship", W - 4, 15.2, 90),
                    (0, "ship", 100, 100, 90), (1, "ship", 100, 230, 270)], cylinder=True, blasts=True, seat=1)
    h.apply(Flick(0, "shot", 180, s_for(31)))
    assert h.piece(1) is None and h.piece(2) is not None
    # Just above Blue's hangar wall: across the seam the blast reaches space, not the hangar behind the wall.
    w = play_state([(1, "ship", 34, 32, 180), (0, "ship", 4, 35.2, 90), (0, "ship", W - 4, 18, 270),
                    (0, "ship", W - 4, 48, 270), (0, "ship", 100, 100, 90), (1, "ship", 100, 230, 270)],
                   cylinder=True, blasts=True, seat=1)
    w.apply(Flick(0, "shot", 180, s_for(31)))
    assert w.piece(1) is None
    assert w.piece(3) is None  # across the seam, in open space: caught
    assert w.piece(2) is not None  # across the seam, behind the hangar wall: shadowed


# -- S-S4 (rev 4): the tunnel ends square where the trace ends ---------------------------------------

def test_S_S4_rev4_a_shot_ending_inside_a_rock_digs_a_crater_and_does_not_split_it():
    rock = Polygon([(40, 110), (70, 110), (70, 120), (40, 120)])
    s = play_state([(0, "ship", 55, 100, 90), (1, "ship", 150, 220, 270)], [rock])
    ev = s.apply(Flick(0, "shot", 90, s_for(14)))  # ends 4 mm into the 10 mm rock
    assert "tunnel" in kinds(ev)
    assert len(s.asteroids) == 1
    left = s.asteroids[0]
    assert left.area == pytest.approx(rock.area - 12.7 * 4, abs=0.05)
    assert not left.contains(Point(55, 113.5)) and left.contains(Point(55, 114.5))
    assert not left.contains(Point(55 + 6.2, 111)) and left.contains(Point(55 + 6.5, 111))  # 1/2" wide


def test_S_S4_rev4_a_noisy_curved_shot_never_cuts_beyond_its_own_end():
    rock = Polygon([(0, 60), (W, 60), (W, 220), (0, 220)])
    checked = 0
    for seed in range(12):
        s = play_state([(0, "ship", 100, 40, 90), (1, "ship", 150, 250, 270)], [rock], noise=True)
        s.chance = Chance(seed)
        ev = s.apply(Flick(0, "shot", 90 + seed - 6, 0.45))
        used = flick_event(ev).data["used"]
        pts = [pt for strand in used for pt in strand]
        end, before = pts[-1], next(p for p in reversed(pts) if math.dist(p, pts[-1]) > 1.0)
        if not rock.contains(Point(end)):
            continue
        checked += 1
        ux, uy = (end[0] - before[0]) / math.dist(before, end), (end[1] - before[1]) / math.dist(before, end)
        left = s.asteroids
        for ahead in (0.15, 1.0, 3.0, 6.0):
            for side in (-6.0, -3.0, 0.0, 3.0, 6.0):
                q = Point(end[0] + ux * ahead - uy * side, end[1] + uy * ahead + ux * side)
                assert any(r.contains(q) for r in left), (seed, ahead, side)
    assert checked >= 8


def test_S_S4_rev4_the_hand_ends_the_tunnel_square_too():
    rock = Polygon([(40, 110), (70, 110), (70, 130), (40, 130)])
    s = play_state([(0, "ship", 55, 100, 90), (1, "ship", 150, 220, 270)], [rock], stopper=True)
    s.apply(Flick(0, "shot", 90, s_for(60), stopper=(45, 116, 65, 116)))
    assert len(s.asteroids) == 1 and s.asteroids[0].contains(Point(55, 117))
    assert not s.asteroids[0].contains(Point(55, 115))


# -- S-V4 (rev 4): with 3-4 players a call is a proposal -------------------------------------------

def quiet_game(players: int = 3, **kw):
    pieces = [(0, "ship", 50, 100, 90), (1, "ship", 150, 200, 270), (2, "ship", 10, 140, 0),
              (3, "ship", W - 10, 140, 180)][:players]
    s = play_state(pieces, players=players, passing=True, stalemate=True, **kw)
    for _ in range(10):
        s.apply(Pass())
    return s


def test_S_V4_rev4_with_three_players_the_draw_needs_every_player_still_in():
    s = quiet_game()
    to_move = s.current_player()
    s.apply(CallDraw(by=2))  # Green (left) proposes
    assert not s.is_over() and s.phase == "draw"
    from game.rules.space.actions import AnswerDraw
    assert s.current_player() == 1  # clockwise after Green: top (Orange), then bottom (Blue)
    with pytest.raises(IllegalAction) as info:
        s.apply(Pass())
    assert info.value.rule == "S-V4"
    s.apply(AnswerDraw(True))
    assert not s.is_over() and s.current_player() == 0
    s.apply(AnswerDraw(True))
    assert s.is_over() and s.result().draw and "accept" in s.result().text
    # one refusal: play goes on where it was, and the next call waits ten more turns
    r = quiet_game()
    r.apply(CallDraw(by=2))
    r.apply(AnswerDraw(True))
    ev = r.apply(AnswerDraw(False))
    assert not r.is_over() and r.phase == "play" and r.current_player() == to_move
    assert any("refuses" in e.text for e in ev)
    with pytest.raises(IllegalAction) as info:
        r.apply(CallDraw(by=1))
    assert info.value.rule == "S-V4" and "10" in info.value.message
    for _ in range(9):
        r.apply(Pass())
    assert not r.can_call_draw()
    r.apply(Pass())
    assert r.can_call_draw()
    r.apply(CallDraw())
    assert r.phase == "draw"


def test_S_V4_rev4_the_proposal_survives_a_save_and_a_clone():
    from game.rules.space.actions import AnswerDraw
    from game.rules.space.state import SpaceState
    s = quiet_game(4)
    s.apply(CallDraw(by=0))
    s.apply(AnswerDraw(True))
    for copy in (s.clone(), SpaceState.from_json(s.game, s.to_json())):
        assert copy.phase == "draw" and copy.current_player() == s.current_player()
        copy.apply(AnswerDraw(True))
        copy.apply(AnswerDraw(True))
        assert copy.is_over() and copy.result().draw
    assert not s.is_over()


def test_S_V4_rev4_a_computer_accepts_a_draw_when_it_is_not_ahead_on_ships():
    from game.rules.space.actions import AnswerDraw
    for make in (lambda g: SpacePilot(g, 1, budget_s=0.05), lambda g: SpaceHard(g, 1, budget_s=0.1, samples=10)):
        even = quiet_game()
        even.apply(CallDraw(by=2))
        assert make(even.game).choose(even) == AnswerDraw(True)
        assert even.random_action(Chance(3)) == AnswerDraw(True)
        ahead = quiet_game()
        ahead.pieces.append(Piece(9, 1, "ship", 150, 180, math.radians(270)))  # Orange has two ships
        ahead.apply(CallDraw(by=2))
        assert ahead.current_player() == 1
        assert make(ahead.game).choose(ahead) == AnswerDraw(False)
        assert ahead.random_action(Chance(3)) == AnswerDraw(False)


def test_S_V4_rev4_with_two_players_the_call_still_ends_the_game():
    s = quiet_game(2)
    s.apply(CallDraw(by=1))
    assert s.is_over() and s.result().draw


def test_S_V4_rev4_a_proposal_made_while_a_ship_waits_for_its_heading_goes_back_to_it():
    from game.rules.space.actions import AnswerDraw
    s = quiet_game()
    assert s.current_player() == 2  # Green (left), after ten passes round bottom, left, top
    s.apply(Flick(2, "move", 0, s_for(2 * SHIP_LENGTH + 10)))
    assert s.phase == "heading"
    s.apply(CallDraw(by=0))  # Blue proposes while Green's ship waits for its heading
    assert s.phase == "draw" and s.current_player() == 2
    s.apply(AnswerDraw(True))
    assert s.current_player() == 1
    s.apply(AnswerDraw(False))
    assert s.phase == "heading" and s.current_player() == 2 and s.pending == 2
