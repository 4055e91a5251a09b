"""The Vault table (by Slot 3) and the Event table (by Slot 4), as on the game sheet."""

from __future__ import annotations

VAULT: dict[int, tuple[str, str]] = {
    1: ("Flamer", "Kill 3 enemies in the current and one adjacent room."),
    2: ("Builder", "Change any one Opening to a Single, or any one Single to a Double Barrier."),
    3: ("Mover", "Move through one extra room for free."),
    4: ("Shaker", "Skip one enemy turn."),
    5: ("Shover", "Move all enemies from one room to an adjacent room."),
    6: ("Sniper", "Kill 1 enemy in any room."),
    7: ("Dodger", "For one enemy turn, grabs fail (the grabbing enemy's action is used up)."),
    8: ("Survivor", "Add a hero to the board."),
    9: ("Fixer", "Close an Opening in any wall."),
}

EVENTS: dict[int, tuple[str, str]] = {
    1: ("Sleeper awakens", "One hero becomes an enemy."),
    2: ("Paper thin", "Erase one seal (a Double Barrier becomes Single)."),
    3: ("Kool-aid man", "An Opening appears in a room with a hero."),
    4: ("Secret passage", "Add one room."),
    5: ("Terror-stricken", "Skip the next hero turn."),
    6: ("It's a trap", "Erase one hero."),
    7: ("Freak accident", "Erase one enemy."),
    8: ("Bad", "Add 2 enemies."),
    9: ("Worse", "Add 4 enemies."),
}

#: I-X3 (rev 2): the entries a player may call as an extra Event (Freak accident would help the heroes).
EXTRA_EVENTS: tuple[int, ...] = tuple(n for n in EVENTS if n != 7)
