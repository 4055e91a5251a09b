"""What the enemies' programs (enemies.py, the fixed program, and horde.py, the Hard invaders)
ask of the game state. Its own module so that both programs can name it and enemies.py can hand
a turn to horde.py without an import circle."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ...engine import Event
from .board import Board


class _Hero(Protocol):
    room: str


class _Enemy(Protocol):
    pos: str
    moved: bool
    acted: bool

    @property
    def outside(self) -> bool: ...

    @property
    def room(self) -> str: ...


class InvasionState(Protocol):
    """What the program needs of the game state (state.py imports this module, never the reverse)."""

    board: Board
    enemies_name: str
    dodge: bool
    round: int

    @property
    def game(self) -> Any: ...

    @property
    def heroes(self) -> Mapping[int, _Hero]: ...

    @property
    def enemies(self) -> Mapping[int, _Enemy]: ...

    def heroes_in(self, room: str) -> list[int]: ...

    def enemy_moves(self, eid: int) -> list[str]: ...

    def clone(self) -> InvasionState: ...

    def enemy_move(self, eid: int, to: str) -> Event: ...

    def enemy_smash(self, eid: int, key: str) -> Event: ...

    def enemy_grab(self, eid: int, hid: int) -> Event: ...
