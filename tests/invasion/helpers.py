"""Build Paper Invasion positions directly, for rule tests."""

from __future__ import annotations

from game.engine import Chance
from game.rules.invasion.board import Board
from game.rules.invasion.state import Enemy, Hero, InvasionGame, InvasionState


def three_rooms() -> Board:
    """a | b | c side by side: a (0..5), b (5..10), c (10..16); b is split? no: three columns."""
    b = Board()
    b.split("a", "v", 5)    # b = 5..16
    b.split("b", "v", 10)   # c = 10..16
    return b


def play_state(slots=(3, 1, 1, 1, 1, 1), board: Board | None = None, heroes=(("a", 0),), enemies=("c:E",),
               vault: str | None = None, event_room: str = "c", settings=None, **flags) -> InvasionState:
    """A state in the heroes' turn with the given tokens (heroes: (room, owner); enemies: positions)."""
    g = InvasionGame(settings or {})
    s = InvasionState(g, Chance(1), fresh=False)
    s.slots = tuple(slots)
    s.board = board or three_rooms()
    s.phase = "heroes"
    s.round = 1
    s.hero_player = 0
    for room, owner in heroes:
        s.heroes[s._new_id()] = Hero(owner, room)
    for pos in enemies:
        s.enemies[s._new_id()] = Enemy(pos)
    s.vault = vault
    s.event_room = event_room
    s.enemies_placed = len(enemies)
    for k, v in flags.items():
        setattr(s, k, v)
    return s


def ids(d) -> list[int]:
    return sorted(d)
