"""The Amoeba board draws exactly what it drew as one file (issue 50 split it into a package).

tests/pixels/amoeba.json: pixel hashes of 37 shots (map drawing and a refusal, placement and its
struck-through numbers, hover cards, attack preview and flash, a move drawn, A-V8 points and the
reveal, A-V7 joint attack, game over, the panel under the sheet at 1024x600), taken with
game/ui/views/amoeba.py of main before the split.  See tests/view_pixels.py.
"""

from __future__ import annotations

from tests.view_pixels import reference, render


def test_the_amoeba_board_draws_the_same_pixels_as_before_the_split():
    want = reference("amoeba")
    got = render("amoeba")
    assert sorted(got) == sorted(want)
    assert {k for k in want if got[k] != want[k]} == set()
