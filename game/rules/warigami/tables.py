"""The weapon table (W-H2) and the critical/knick table (W-H4): data in one place.

Everything that asks "what does this shot do?" (the rules, the computer players,
the hover preview in the view) goes through :func:`odds`, so the tables are
read in exactly one way.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...msg import Mp, Msg

MAX_HP = 10  # W-B3
HEAL = 2  # W-H5
SPLASH = 5  # W-H6
RPG_MOVE = 2  # W-H2 special: the RPG moves at most 2 spaces a turn
SIDES = 6


@dataclass(frozen=True)
class Weapon:
    """One unit type's weapon, straight from the table of W-H2."""

    kind: str
    label: Msg  # the type's name as the player reads it (translated where it is shown)
    base_s: int
    at: int  # the reference distance where base_s holds
    per_space: int  # change of s per space beyond ``at``
    power: int
    critical: int
    knick: int
    min_range: int = 1
    close_power: int | None = None  # power at distance 1 (shotgun)
    straight_only: bool = False  # RPG: only along its row or column
    splash: int = 0
    through_friends: bool = False  # sniper
    heals: bool = False  # medic
    move_limit: int | None = None  # RPG


WEAPONS: dict[str, Weapon] = {
    w.kind: w
    for w in (
        Weapon("smg", Mp("unit type", "SMG"), 6, 1, -1, 2, 4, 1),
        Weapon("shotgun", Mp("unit type", "Shotgun"), 5, 1, -2, 5, 7, 2, close_power=7),
        Weapon("sniper", Mp("unit type", "Sniper"), 5, 4, -1, 5, 8, 3, min_range=4, through_friends=True),
        Weapon("medic", Mp("unit type", "Medic"), 6, 1, -1, 1, 2, 0, heals=True),
        Weapon("rpg", Mp("unit type", "RPG"), 6, 1, -1, 8, 10, 5, straight_only=True, splash=SPLASH, move_limit=RPG_MOVE),
    )
}
KINDS: tuple[str, ...] = tuple(WEAPONS)

# W-H4: for each s, the faces that miss / knick / deal base damage / are critical.
CRIT_TABLE: dict[int, dict[str, tuple[int, ...]]] = {
    6: {"miss": (), "knick": (), "base": (1, 2, 3), "critical": (4, 5, 6)},
    5: {"miss": (1,), "knick": (2,), "base": (3, 4, 5), "critical": (6,)},
    4: {"miss": (1, 2), "knick": (3,), "base": (4, 5), "critical": (6,)},
    3: {"miss": (1, 2, 3), "knick": (4,), "base": (5, 6), "critical": ()},
    2: {"miss": (1, 2, 3, 4), "knick": (5,), "base": (6,), "critical": ()},
    1: {"miss": (1, 2, 3, 4, 5), "knick": (6,), "base": (), "critical": ()},
    0: {"miss": (1, 2, 3, 4, 5, 6), "knick": (), "base": (), "critical": ()},
}


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """W-D1: a diagonal step counts two spaces, so distance is |dx| + |dy|."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def hit_s(kind: str, dist: int) -> int:
    """W-H2: successful faces s (0..6) for a weapon at a distance; 0 where it cannot fire."""
    w = WEAPONS[kind]
    if dist < w.min_range or dist < 1:
        return 0
    return max(0, min(SIDES, w.base_s + w.per_space * (dist - w.at)))


@dataclass(frozen=True)
class Odds:
    """What a shot would do: s and the outcome of each die face 1..6."""

    kind: str
    dist: int
    s: int
    outcomes: tuple[str, ...]  # per face: "miss", "hit" (no criticals), "knick", "base", "critical"
    damage: tuple[int, ...]  # damage to the target per face

    def expected(self) -> float:
        return sum(self.damage) / SIDES

    def success(self, face: int) -> bool:
        return self.outcomes[face - 1] != "miss"


def odds(kind: str, dist: int, criticals: bool) -> Odds:
    """W-H1/W-H3/W-H4: the outcome and damage of every face for this weapon at this distance."""
    w = WEAPONS[kind]
    s = hit_s(kind, dist)
    power = w.close_power if (w.close_power is not None and dist == 1) else w.power
    outs: list[str] = []
    dmg: list[int] = []
    for face in range(1, SIDES + 1):
        if not criticals:
            hit = face >= SIDES + 1 - s  # W-H1: 7-s or more succeeds
            outs.append("hit" if hit else "miss")
            dmg.append(power if hit else 0)
            continue
        row = CRIT_TABLE[s]
        out = next(name for name, faces in row.items() if face in faces)
        if out != "miss" and w.close_power is not None and dist == 1:
            out = "critical"  # shotgun at distance 1: every success is a critical
        outs.append(out)
        dmg.append({"miss": 0, "knick": w.knick, "base": power, "critical": w.critical}[out])
    return Odds(kind, dist, s, tuple(outs), tuple(dmg))


#: The longest distance at which each weapon still has s > 0.
MAX_RANGE: dict[str, int] = {k: max(d for d in range(1, 40) if hit_s(k, d) > 0) for k in KINDS}
