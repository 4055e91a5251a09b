"""The words of Pencil Space Combat a player reads (issue 51): colours, sides, piece names, lists.

Each is a :class:`game.msg.Msg`, so it is its English text and the window renders it in the
player's language.  Identifiers (``"bottom"``, ``"ship"``) stay as they are in the state.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...msg import M, Mp, Msg


def colour(seat: int) -> Msg:
    """A player's colour, which names the player."""
    return (Mp("player colour", "Blue"), Mp("player colour", "Orange"), Mp("player colour", "Green"),
            Mp("player colour", "Purple"))[seat]


def side(key: str) -> Msg:
    """The side of the paper a hangar is on ("bottom", "top", "left", "right")."""
    return {"bottom": Mp("side of the paper", "bottom"), "top": Mp("side of the paper", "top"),
            "left": Mp("side of the paper", "left"), "right": Mp("side of the paper", "right")}[key]


def player(seat: int, where: str) -> Msg:
    # TRANSLATORS: a player's name: their colour, then the side of the paper their hangar is on ("Blue (bottom)")
    return M("{colour} ({side})", colour=colour(seat), side=side(where))


def piece(owner: int, kind: str, pid: int) -> Msg:
    """How the log names a piece: its owner's colour, its kind and its number ("Orange's ship 4")."""
    if kind == "turret":
        # TRANSLATORS: {colour} is a player's colour ("Orange"), {n} the piece's number
        return M("{colour}'s turret {n}", colour=colour(owner), n=pid)
    # TRANSLATORS: {colour} is a player's colour ("Orange"), {n} the ship's number
    return M("{colour}'s ship {n}", colour=colour(owner), n=pid)


def and_list(names: Sequence[str]) -> str:
    """Names as one phrase: "A", "A and B", "A, B and C"."""
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        # TRANSLATORS: the last two names of a list ("Blue's ship 1 and Blue's ship 2")
        return M("{first} and {last}", first=names[0], last=names[1])
    # TRANSLATORS: a name, then the rest of a list ("Blue's ship 1, Blue's ship 2 and Green's ship 5")
    return M("{first}, {rest}", first=names[0], rest=and_list(names[1:]))


def comma_list(names: Sequence[str]) -> str:
    """Names one after another with commas: "A", "A, B", "A, B, C"."""
    if len(names) == 1:
        return names[0]
    return M("{first}, {rest}", first=names[0], rest=comma_list(names[1:]))
