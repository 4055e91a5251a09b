"""Paper Tigers, rules revision 4 (RULES.md "rev 4"): where two rules meet.  Chance pinned."""

from __future__ import annotations

import pytest

from game.engine import IllegalAction
from game.rules.tigers.actions import Fire

from .helpers import at_act, make, square, unit

WOODS = square("woods", 70, 50, 90, 70)


def raises(rule: str, fn, *args):
    with pytest.raises(IllegalAction) as info:
        fn(*args)
    assert info.value.rule == rule, info.value
    return info.value


# -- T-A4 (rev 4): only a piece the moved line could pass THROUGH is in doubt ---------------------

@pytest.mark.parametrize("firer, target", [
    ((30.0, 60.0), (69.7, 60.0)),    # the woods just behind the target
    ((90.3, 60.0), (150.0, 60.0)),   # the woods just behind the firer
    ((30.0, 49.7), (80.0, 49.7)),    # the target stands at the woods' edge, the line along it
])
def test_T_A4_rev4_woods_the_line_could_only_end_in_or_beside_put_nothing_in_doubt(firer, target):
    s = make([unit("tank", *firer, 0)], [unit("tank", *target, 180)], [WOODS])
    assert s.standing_in(s.units[0]) == [] and s.standing_in(s.units[1]) == []
    assert s.line_of_sight(s.units[0], s.units[1]) == ([], [])
    # a 1 would have blocked a doubtful line: no sight roll, the shot is rolled at once
    at_act(s, "2H", 0, [1, 6, 6, 6, 1, 1])
    ev = s.apply(Fire(0, 1))
    assert not any(e.data.get("what") == "line of sight" for e in ev)
    assert any(e.data.get("action") == "fire" and e.data["ok"] for e in ev)


def test_T_A4_rev4_a_line_grazing_a_piece_between_firer_and_target_is_still_in_doubt():
    s = make([unit("tank", 40, 70.2, 0)], [unit("tank", 130, 70.2, 180)], [WOODS])
    assert s.line_of_sight(s.units[0], s.units[1]) == ([], [0])
    # passing 0.4 cm beyond the corner of a small building between them: in doubt too
    s = make([unit("tank", 40, 60, 0)], [unit("tank", 130, 60, 180)], [square("building", 80, 60.4, 84, 66)])
    assert s.line_of_sight(s.units[0], s.units[1]) == ([], [0])
