"""The Invasion board draws exactly what it drew as one file (issue 50 split it into a package).

tests/pixels/invasion.json: pixel hashes of 29 shots (the word step typed and with a Custom
theme, walls drawn with their preview, tokens placed with the room and side under the pointer,
a hero selected with its rooms and walls and a wall under the pointer, the loot, the extra-Event
window, the enemies' turn step by step, a D6 roll with a floor plan, a person playing the
enemies, game over), taken with game/ui/views/invasion.py of main before the split.  See
tests/view_pixels.py.
"""

from __future__ import annotations

from tests.view_pixels import reference, render


def test_the_invasion_board_draws_the_same_pixels_as_before_the_split():
    want = reference("invasion")
    got = render("invasion")
    assert sorted(got) == sorted(want)
    assert {k for k in want if got[k] != want[k]} == set()
