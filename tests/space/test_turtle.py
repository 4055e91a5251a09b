"""The ``turtle`` (issue 48): the patient player who beat the Hard pilot, kept for tests and figures.

Ships behind the own hangar wall, waiting the way a player may (S-V3 pass; with passing off the
smallest forward move that keeps the fleet out of every line, never a backward flick: S-M1 rev 4),
shooting only along a clear line.  Flick noise is off in every position here.
"""

from __future__ import annotations

import math

from game import registry
from game.rules.space.actions import Flick, Pass
from game.rules.space.evaluate import backwards
from game.rules.space.geometry import IN
from game.rules.space.sight import board, piece_shot
from game.rules.space.turtle import SpaceTurtle

from .helpers import play_state

#: Orange (seat 1, the top hangar, wall at y = 254, door 95.2-120.6 mm) hides beside its door;
#: Blue's ships wait out of its sight.
HIDDEN = [(0, "ship", 20, 150, 90), (0, "ship", 60, 12, 90), (0, "ship", 150, 12, 90),
          (1, "ship", 140, 258, 180), (1, "ship", 165, 258.5, 180), (1, "ship", 75, 258, 0)]


def turtle_to_move(pieces=HIDDEN, **settings):
    s = play_state(pieces, seat=1, **settings)
    return s, SpaceTurtle(s.game, 3)


def test_turtle_is_a_computer_player_kept_off_the_setup_screen():
    rs = registry.get("space")
    assert "turtle" not in rs.agent_names()
    s, _ = turtle_to_move()
    assert isinstance(rs.make_agent("turtle", s.game, 1), SpaceTurtle)


def test_S_V3_turtle_waits_by_passing_when_passing_is_on():
    s, turtle = turtle_to_move(passing=True)
    assert isinstance(turtle.choose(s.clone()), Pass)


def test_S_M1_turtle_waits_without_a_backward_flick_when_passing_is_off():
    """Rev 4 refuses a move sent back across the ship's own body: the turtle's wait is a small
    forward move that the rules accept and that keeps the ship in its hangar, out of every line."""
    s, turtle = turtle_to_move()
    a = turtle.choose(s.clone())
    assert isinstance(a, Flick) and a.mode == "move", a
    p = s.piece(a.ship)
    assert p is not None and not backwards(p, math.radians(a.angle))
    s.check(a)
    s.apply(a)
    while s.phase == "heading":
        s.apply(turtle.choose(s.clone()))
    q = s.piece(a.ship)
    assert q is not None and s.game.hangars[1].region.contains(q.body())
    b = board(s)
    assert max(piece_shot(b, e, m).odds for e in s.pieces if e.owner == 0
               for m in s.pieces if m.owner == 1) < 0.05


def test_S_S3_turtle_shoots_along_a_clear_line():
    """A Blue ship lands low beside the door, on the line of the ship at 140 mm: the turtle fires."""
    pieces = [(0, "ship", 58, 250, 10)] + HIDDEN[1:]
    s, turtle = turtle_to_move(pieces, passing=True)
    a = turtle.choose(s.clone())
    assert isinstance(a, Flick) and a.mode == "shot", a


def test_S_S3_turtle_never_shoots_through_its_own_ship():
    """The only line at the Blue ship runs through another Orange ship (S-S3 would destroy it)."""
    pieces = [(0, "ship", 200, 262, 180), (0, "ship", 60, 12, 90), (1, "ship", 140, 262, 0),
              (1, "ship", 170, 262, 0)]
    s, turtle = turtle_to_move(pieces, passing=True)
    b = board(s)
    assert piece_shot(b, s.piece(2), s.piece(0)).odds > 0.5  # the line is there, through ship 3
    assert isinstance(turtle.choose(s.clone()), Pass) or turtle.choose(s.clone()).ship != 2


def test_S_U4_turtle_hides_its_ships_behind_the_wall_beside_the_door():
    rs = registry.get("space")
    game = rs.make_game({"field": "none"})
    s = game.new_state(5)
    agents = [rs.make_agent("ai", game, 1), rs.make_agent("turtle", game, 2)]
    while s.phase != "play":
        s.apply(agents[s.current_player()].choose(s.clone()))
    h = game.hangars[1]
    door = h.wall_point(s.doors[1])
    for p in s.pieces:
        if p.owner == 1:
            assert h.region.contains(p.body())
            assert abs(p.y - door[1]) < 9.0  # tucked under the wall
            assert abs(p.x - door[0]) > IN / 2 + 8.0  # beside the door, not in it
