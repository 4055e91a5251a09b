"""The words Paper Tigers says that many sentences share (issue 51): side names, a unit's name
and number, terrain kinds, counts of a kind, centimetres.  Built as :class:`game.msg.Msg`, so
the window says them in the player's language; the rules never translate anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...msg import M, Mn, Mp, Msg


def side(seat: int) -> Msg:
    """A seat's side as the players read it: Blue (0) or Orange (1)."""
    if seat == 0:
        return Mp("side", "Blue")
    if seat == 1:
        return Mp("side", "Orange")
    # TRANSLATORS: a seat with no side of its own (never in a two-player game); {n} counts from 1
    return M("Player {n}", n=seat + 1)


def name(text: str) -> Msg:
    """A unit's name as the scenario gives it ("Panther", "infantry squad"): translated where the
    catalogs know it (level files' names are extracted), else shown as written.  A name with a
    brace in it is no template: it goes as an argument, shown as written."""
    if "{" in text or "}" in text:
        return Msg("{t}", {"t": text})
    return Msg(text)


def tag(u: Any) -> Msg:
    """A unit as the log names it: its name and number ("Panther #3")."""
    # TRANSLATORS: a unit: its name and its number on the table ("Panther #3")
    return M("{name} #{n}", name=name(u.name), n=u.id)


def terrain(kind: str) -> Msg:
    """A terrain kind as a noun (hill, woods, building)."""
    if kind == "hill":
        return Mp("terrain", "hill")
    if kind == "woods":
        return Mp("terrain", "woods")
    if kind == "building":
        return Mp("terrain", "building")
    if kind == "wreck":
        return Mp("terrain", "wreck")
    return Msg(kind)


def kind_count(kind: str, n: int) -> Msg:
    """``n`` units of one kind ("2 tanks"), for the scenario's description."""
    if kind == "infantry":
        return Mn("{n} infantry squad", "{n} infantry squads", n)
    if kind == "jeep":
        return Mn("{n} jeep", "{n} jeeps", n)
    if kind == "truck":
        return Mn("{n} truck", "{n} trucks", n)
    if kind == "halftrack":
        return Mn("{n} halftrack", "{n} halftracks", n)
    if kind == "armoured_car":
        return Mn("{n} armoured car", "{n} armoured cars", n)
    if kind == "gun":
        return Mn("{n} gun", "{n} guns", n)
    if kind == "tank":
        return Mn("{n} tank", "{n} tanks", n)
    return Msg(f"{n} {kind}")


def cm(v: float) -> float | int:
    """A distance for a message: a whole number stays whole ("12 cm"), else a float with its
    tenths ("7.5 cm"; Finnish and Dutch write "7,5 cm")."""
    r = round(float(v), 1)
    return int(r) if r == int(r) else r


def dice(d: Sequence[int]) -> str:
    """Die faces as the log writes them ("3+5"): notation, the same in every language."""
    return "+".join(map(str, d))


def listing(items: Sequence[Any]) -> Msg:
    """Items separated by commas ("queen of hearts #2, 7 of spades #5"): Finnish and Dutch
    separate them the same way, so the template is no message of its own; each item is
    translated as the message it is."""
    template = ", ".join(f"{{a{i}}}" for i in range(len(items)))
    return Msg(template, {f"a{i}": it for i, it in enumerate(items)})
