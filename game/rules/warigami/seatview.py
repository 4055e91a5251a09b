"""What one seat may know of a Warigami game: squads are secret until all are in (W-B2).

While squads are chosen, another seat's chosen squad shows as one "?" per unit (that it
has chosen, and how many units a squad has, is public).  Never the generator's state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Chance, Game

HIDDEN = "?"


def view(state: Any, seat: int | None) -> dict[str, Any]:
    data = state.to_json()
    data["chance"] = None
    if state.phase == "squad":
        data["squads"] = [q if q is None or i == seat else [HIDDEN] * len(q)
                          for i, q in enumerate(data["squads"])]
    return data


def from_view(cls: Any, game: Game, view_data: Mapping[str, Any], seed: int) -> Any:
    """A playable guess: a hidden squad is imagined as a random mix (W-B2 allows any)."""
    data = dict(view_data)
    data["chance"] = Chance(seed).to_json()
    rng = Chance(seed ^ 0x5EED)
    hidden = [i for i, q in enumerate(data["squads"]) if q is not None and HIDDEN in q]
    data["squads"] = [None if i in hidden else q for i, q in enumerate(data["squads"])]
    s = cls.from_json(game, data)
    for i in hidden:
        s.squads[i] = s.random_action(rng).kinds if s.phase == "squad" else None
    return s
