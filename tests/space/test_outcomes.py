"""Every outcome is told: the log names whose piece went and why, skips included (noise off)."""

from __future__ import annotations

from game.rules.space.evaluate import evaluate_shot
from game.rules.space.flick import Trace
from game.rules.space.state import Flick
from tests.space.helpers import play_state


def texts(events):
    return [e.text for e in events if e.text]


def test_S_M4_the_log_says_who_rammed_whom():
    s = play_state([(0, "ship", 50, 100, 90), (0, "ship", 10, 60, 90), (1, "ship", 50, 130, 270),
                    (1, "ship", 150, 200, 270)])
    said = texts(s.apply(Flick(0, "move", 90, 80 / 250)))
    assert "Blue's ship 0 rammed Orange's ship 2: both destroyed (S-M4)." in said
    assert "Destroyed: Blue's ship 0, Orange's ship 2." in said


def test_S_S1_the_log_says_a_ship_shot_itself():
    s = play_state([(0, "ship", 50, 100, 90), (0, "ship", 100, 100, 90), (1, "ship", 150, 200, 270)])
    said = texts(s.apply(Flick(0, "shot", 270, 30 / 250)))
    assert said[0] == "Blue's ship 0 shot itself: the trace crossed its own body (S-S1)."


def test_S_V6_the_log_names_the_pieces_caught_in_a_blast():
    s = play_state([(0, "ship", 50, 100, 90), (0, "ship", 100, 150, 90), (1, "ship", 50, 150, 270),
                    (1, "ship", 70, 160, 270), (1, "ship", 150, 230, 270)], blasts=True)
    said = texts(s.apply(Flick(0, "shot", 90, 60 / 250)))
    assert "Destroyed: Orange's ship 2; caught in the blast (S-V6): Orange's ship 3." in said


def test_S_V1_a_skip_is_logged_and_the_shot_ends_where_the_pencil_lifted():
    s = play_state([(0, "ship", 50, 100, 90), (1, "ship", 50, 180, 270), (1, "ship", 150, 200, 270)],
                   skips="basic")
    out = evaluate_shot(s.world(), s.piece(0), Trace(((50.0, 100.0), (50.0, 200.0)), skips=((40.0, 60.0),)), True)
    assert out.rule == "S-V1" and "the pencil skipped" in out.text and not out.destroyed
    assert max(y for strand in out.used for _, y in strand) == 140.0  # nothing drawn beyond the lift


def test_S_U3_one_unit_system_the_door_is_told_in_cm_with_the_rules_inches():
    import pytest

    from game.engine import IllegalAction
    from game.rules.space.state import PlaceDoor, SpaceGame
    s = SpaceGame({"field": "none"}).new_state(1)
    with pytest.raises(IllegalAction) as info:
        s.apply(PlaceDoor(3.0))
    assert "2.5 cm (1 in) door" in info.value.message and "1.3 cm to 20.3 cm from its left end as you sit" in info.value.message
    said = texts(s.apply(PlaceDoor(98.0)))
    assert said == ["Blue (bottom) opens the 2.5 cm (1 in) hangar door 9.8 cm from the left end of its wall "
                    "(as that player sits)."]


def test_the_outline_drawn_is_the_polygon_the_rules_test():
    from game.rules.space.geometry import piece_polygon
    from game.ui.views.space import _outline
    for kind, heading in (("ship", 0.7), ("turret", 0.0)):
        drawn = _outline(kind, 50.0, 60.0, heading)
        rules = piece_polygon(kind, 50.0, 60.0, heading).exterior.coords[:-1]
        assert [tuple(map(float, c)) for c in rules] == list(drawn)
