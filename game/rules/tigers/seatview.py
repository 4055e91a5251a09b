"""What one seat may know of a Paper Tigers game (T-T2), and a guess at the rest.

A face-down card is unknown to everybody, its owner included (T-T2), and so is one discarded
unturned (rev 4), and the deck's order is unknown to all: a view shows each as "?" (how many
there are, and where, stays public).
The generator's state is never in a view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Chance, Game
from . import cards as C

HIDDEN = "?"


def _mask(card: list[Any]) -> list[Any]:
    return [card[0] if card[1] else HIDDEN, bool(card[1])]


def view(state: Any, seat: int | None) -> dict[str, Any]:
    """``state.to_json()`` with every face-down card and the deck's order hidden (T-T2), and
    no generator.  The same for every seat and spectators: nobody knows a face-down card."""
    data = state.to_json()
    data["chance"] = None
    data["deck"] = [HIDDEN] * len(data["deck"])
    data["buried"] = [HIDDEN] * len(data.get("buried", ()))  # discarded unturned: unknown to all (rev 4)
    data["hands"] = [[_mask(c) for c in hand] for hand in data["hands"]]
    data["assigned"] = {k: [_mask(c) for c in cs] for k, cs in data["assigned"].items()}
    data["recovering"] = {k: _mask(c) for k, c in data["recovering"].items()}
    return data


def from_view(cls: Any, game: Game, view_data: Mapping[str, Any], seed: int) -> Any:
    """A playable guess at the game from a view: every "?" is dealt at random (generator
    ``seed``) from the cards nobody can see, as a player would imagine them."""
    data = dict(view_data)
    pool = C.unseen(data.get("discard", ()), data["hands"], data["assigned"].values(),
                    data["recovering"].values(), data.get("queue", ()))
    Chance(seed ^ 0x5EED).shuffle(pool)
    it = iter(pool)

    def deal(card: Any) -> list[Any]:
        c, up = card
        return [c, True] if up else [next(it, "2H"), False]

    data["hands"] = [[deal(c) for c in h] for h in data["hands"]]
    data["assigned"] = {k: [deal(c) for c in cs] for k, cs in data["assigned"].items()}
    data["recovering"] = {k: deal(c) for k, c in data["recovering"].items()}
    data["deck"] = [next(it, "2H") for _ in data["deck"]]
    data["buried"] = [next(it, "2H") for _ in data.get("buried", ())]
    data["chance"] = Chance(seed).to_json()
    return cls.from_json(game, data)
