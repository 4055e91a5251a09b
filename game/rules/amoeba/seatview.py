"""What one seat may know of an Amoeba Strategy game: A-V8 secret choices stay hidden.

While the points are collected (phase "move" with simultaneous turns) another seat's point
shows as "?"; after the points are revealed, a move written down in secret (two seats may
enter the same country) shows as "?" until all are shown together.  Who has chosen is
public (the log says so).  Never the generator's state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Chance, Game

HIDDEN = "?"


def view(state: Any, seat: int | None) -> dict[str, Any]:
    data = state.to_json()
    data["chance"] = None
    if state.phase == "move":
        data["pending"] = {k: (a if int(k) == seat else HIDDEN) for k, a in data["pending"].items()}
    dependent = set(data.get("dependent", ()))
    data["details"] = {k: (a if int(k) == seat or int(k) not in dependent else HIDDEN)
                       for k, a in data.get("details", {}).items()}
    return data


def from_view(cls: Any, game: Game, view_data: Mapping[str, Any], seed: int) -> Any:
    """A playable guess: a hidden point or written move is imagined as a random one of that
    seat's choices (the computer players never read them anyway, A-V8)."""
    data = dict(view_data)
    data["chance"] = Chance(seed).to_json()
    rng = Chance(seed ^ 0x5EED)
    pending = {k: a for k, a in data["pending"].items() if a != HIDDEN}
    details = {k: a for k, a in data.get("details", {}).items() if a != HIDDEN}
    hid_p = [int(k) for k, a in data["pending"].items() if a == HIDDEN]
    hid_d = [int(k) for k, a in data.get("details", {}).items() if a == HIDDEN]
    data["pending"], data["details"] = pending, details
    s = cls.from_json(game, data)
    for q in hid_p:
        s.pending[q] = rng.choice(s.point_actions(q))
    for q in hid_d:
        s.details[q] = rng.choice(s.detail_actions(q))
    return s
