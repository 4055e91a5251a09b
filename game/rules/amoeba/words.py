"""Amoeba Strategy's words for lists and actions, as messages a translation can say (issue 51).

A list of names or of move legs is one message with a placeholder per item, never English
joined in code (``" and ".join``): the translator sees "{a}, {b} and {c}" and writes the
language's own.  Lists longer than six go on in the last item (a move to many neighbours), so
a message never nests deeper than the network takes (game/msg.py).

``say`` words an action as the log and the panel read it: in English it is exactly the
action's notation (``notation()`` stays the score sheet's, untranslated).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import Action
from ...msg import N_, M, Msg
from .actions import AnswerJoint, Attack, Gather, Move, Place, Point, ProposeJoint

_KEYS = "abcdef"

# TRANSLATORS: a list of two to six items (player names); {a}..{f} are the items in order.
_AND = (N_("{a} and {b}"), N_("{a}, {b} and {c}"), N_("{a}, {b}, {c} and {d}"),
        N_("{a}, {b}, {c}, {d} and {e}"), N_("{a}, {b}, {c}, {d}, {e} and {f}"))
# TRANSLATORS: a list of two to six items joined by commas only (a movement order, move legs).
_COMMA = (N_("{a}, {b}"), N_("{a}, {b}, {c}"), N_("{a}, {b}, {c}, {d}"), N_("{a}, {b}, {c}, {d}, {e}"),
          N_("{a}, {b}, {c}, {d}, {e}, {f}"))
# TRANSLATORS: a list of two to six items joined by semicolons (what each player pointed at).
_SEMI = (N_("{a}; {b}"), N_("{a}; {b}; {c}"), N_("{a}; {b}; {c}; {d}"), N_("{a}; {b}; {c}; {d}; {e}"),
         N_("{a}; {b}; {c}; {d}; {e}; {f}"))


# TRANSLATORS: every player's revealed choice (A-V8), each item "Player 1: attack #3".
_REVEALED = (N_("Revealed: {a}."), N_("Revealed: {a}; {b}."), N_("Revealed: {a}; {b}; {c}."),
             N_("Revealed: {a}; {b}; {c}; {d}."), N_("Revealed: {a}; {b}; {c}; {d}; {e}."),
             N_("Revealed: {a}; {b}; {c}; {d}; {e}; {f}."))


def _listing(items: Sequence[Any], templates: tuple[str, ...]) -> Any:
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) > 6:  # the sixth place holds the rest (comma and semicolon lists only)
        items = items[:5] + [_listing(items[5:], templates)]
    return Msg(templates[len(items) - 2], dict(zip(_KEYS, items, strict=False)))


def and_list(items: Sequence[Any]) -> Any:
    """'Player 1', 'Player 1 and Player 2', 'Player 1, Player 2 and Player 3' ... (at most six)."""
    return _listing(items, _AND)


def comma_list(items: Sequence[Any]) -> Any:
    """'a, b, c': the items with commas only."""
    return _listing(items, _COMMA)


def semi_list(items: Sequence[Any]) -> Any:
    """'a; b; c': the items with semicolons."""
    return _listing(items, _SEMI)


def revealed(items: Sequence[Any]) -> Msg:
    """'Revealed: a; b.' (one to six players): one message, so that an item nests no deeper
    than the network takes (an item holds an action whose legs are messages too)."""
    items = list(items)[:6]
    return Msg(_REVEALED[len(items) - 1], dict(zip(_KEYS, items, strict=False)))


def say(action: Action) -> Any:
    """The action in words; in English exactly ``action.notation()``.  An action of more than six
    legs (a move to many neighbours) is its notation as it is, so that no message nests too deep."""
    a = action
    if len(getattr(a, "dests", getattr(a, "sources", getattr(a, "follow", ())))) > 6:
        return a.notation()
    if isinstance(a, Place):
        return M("place {n} in #{country}", n=a.n, country=a.country + 1)
    if isinstance(a, Attack):
        if not a.follow:
            return M("attack #{country}", country=a.target + 1)
        legs = comma_list([M("{n} from #{country} follow", n=n, country=s + 1) for s, n in a.follow])
        # TRANSLATORS: {legs} lists the troops that move in after the attack: "5 from #2 follow".
        return M("attack #{country}, {legs}", country=a.target + 1, legs=legs)
    if isinstance(a, Move):
        legs = comma_list([M("{n} to #{country}", n=n, country=d + 1) for d, n in a.dests])
        # TRANSLATORS: {legs} lists the troops moved: "5 to #3, 2 to #4".
        return M("move from #{country}: {legs}", country=a.source + 1, legs=legs)
    if isinstance(a, Gather):
        legs = comma_list([M("{n} from #{country}", n=n, country=s + 1) for s, n in a.sources])
        # TRANSLATORS: {legs} lists the troops gathered: "5 from #3, 2 from #4".
        return M("gather into #{country}: {legs}", country=a.dest + 1, legs=legs)
    if isinstance(a, Point):
        return M("point at #{country}", country=a.country + 1)
    if isinstance(a, ProposeJoint):
        # TRANSLATORS: {partners} are short player tags such as "P2, P3".
        return M("propose joint attack on #{country} with {partners}", country=a.target + 1,
                 partners=comma_list([player_tag(p) for p in a.partners]))
    if isinstance(a, AnswerJoint):
        return M("accept joint attack") if a.accept else M("decline joint attack")
    return a.notation()


def player_tag(p: int) -> Msg:
    """A seat's short tag, 'P1' (the margin's tallies, joint-attack partners)."""
    # TRANSLATORS: the short tag of player {n} ("P" for Player), in the margin's tallies.
    return M("P{n}", n=p + 1)
