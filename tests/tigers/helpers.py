"""Small tables for rule tests: a scenario dict, pinned dice and deck, direct set-ups."""

from __future__ import annotations

from typing import Any

from game.rules.tigers.cards import FULL_DECK
from game.rules.tigers.scenario import parse_scenario
from game.rules.tigers.state import TigersGame, TigersState


def unit(kind: str, x: float, y: float, facing: float = 0.0, name: str = "") -> dict[str, Any]:
    return {"kind": kind, "name": name or kind, "x": x, "y": y, "facing": facing}


def square(kind: str, x0: float, y0: float, x1: float, y1: float) -> dict[str, Any]:
    return {"kind": kind, "points": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


def make(blue: list[dict[str, Any]], orange: list[dict[str, Any]], terrain: list[dict[str, Any]] = (),
         deal: list[int] = (1, 1, 1, 1), deck: list[str] | None = None, attacker: int = 0,
         wrecks: bool = True, edge: str = "north") -> TigersState:
    """A started game (turn 1 dealt with ``deal`` faces) on a custom table."""
    g = TigersGame({"level": "village_fight", "wrecks": wrecks})
    g.scenario = parse_scenario({"title": "test", "table": [180, 120], "attacker": attacker,
                                 "defender_edge": edge, "terrain": list(terrain), "forces": [blue, orange]},
                                "test.json")
    pins: dict[str, Any] = {"faces": list(deal)}
    if deck is not None:
        rest = [c for c in FULL_DECK if c not in deck]
        pins["decks"] = [list(deck) + rest]
    return g.new_state(1, pins)


def at_act(s: TigersState, card: str, uid: int, faces: list[int] = ()) -> TigersState:
    """Put the game where ``uid`` is about to act on ``card`` (taken from wherever it is)."""
    for h in s.hands:
        h[:] = [c for c in h if c[0] != card]
    if card in s.deck:
        s.deck.remove(card)
    s.assigned = {}
    s.queue = [(card, uid)]
    s.phase = "act"
    s.chance.faces = list(faces)
    return s
