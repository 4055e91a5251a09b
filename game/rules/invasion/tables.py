"""The Vault table (by Slot 3) and the Event table (by Slot 4), as on the game sheet.

Each name and effect is a message (game/msg.py): it is its English text, and the window says it
in the player's language."""

from __future__ import annotations

from ...msg import M, Mp, Msg

VAULT: dict[int, tuple[Msg, Msg]] = {
    1: (Mp("Vault item", "Flamer"), M("Kill 3 enemies in the current and one adjacent room.")),
    2: (Mp("Vault item", "Builder"), M("Change any one Opening to a Single, or any one Single to a Double Barrier.")),
    3: (Mp("Vault item", "Mover"), M("Move through one extra room for free.")),
    4: (Mp("Vault item", "Shaker"), M("Skip one enemy turn.")),
    5: (Mp("Vault item", "Shover"), M("Move all enemies from one room to an adjacent room.")),
    6: (Mp("Vault item", "Sniper"), M("Kill 1 enemy in any room.")),
    7: (Mp("Vault item", "Dodger"), M("For one enemy turn, grabs fail (the grabbing enemy's action is used up).")),
    8: (Mp("Vault item", "Survivor"), M("Add a hero to the board.")),
    9: (Mp("Vault item", "Fixer"), M("Close an Opening in any wall.")),
}

EVENTS: dict[int, tuple[Msg, Msg]] = {
    1: (Mp("Event", "Sleeper awakens"), M("One hero becomes an enemy.")),
    2: (Mp("Event", "Paper thin"), M("Erase one seal (a Double Barrier becomes Single).")),
    3: (Mp("Event", "Kool-aid man"), M("An Opening appears in a room with a hero.")),
    4: (Mp("Event", "Secret passage"), M("Add one room.")),
    5: (Mp("Event", "Terror-stricken"), M("Skip the next hero turn.")),
    6: (Mp("Event", "It's a trap"), M("Erase one hero.")),
    7: (Mp("Event", "Freak accident"), M("Erase one enemy.")),
    8: (Mp("Event", "Bad"), M("Add 2 enemies.")),
    9: (Mp("Event", "Worse"), M("Add 4 enemies.")),
}

#: I-X3 (rev 2): the entries a player may call as an extra Event (Freak accident would help the heroes).
EXTRA_EVENTS: tuple[int, ...] = tuple(n for n in EVENTS if n != 7)
