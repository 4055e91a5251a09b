"""The 52-card deck: initiative order, difficulty and dice per suit colour (T-T4..T-T6).

Cards are short strings, rank then suit: "2H" .. "10S", "JD", "QC", "KH", "AS".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...msg import M, Mp, Msg

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("H", "D", "S", "C")
SUIT_SYMBOL = {"H": "\u2665", "D": "\u2666", "S": "\u2660", "C": "\u2663"}
SUIT_NAME = {"H": "hearts", "D": "diamonds", "S": "spades", "C": "clubs"}
FULL_DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def is_card(card: object) -> bool:
    return isinstance(card, str) and len(card) >= 2 and card[:-1] in RANKS and card[-1] in SUITS


def is_red(card: str) -> bool:
    return suit(card) in ("H", "D")


def difficulty(card: str) -> int:
    """T-T5: the number on the card; J, Q, K count 10 and the ace 11."""
    r = rank(card)
    if r == "A":
        return 11
    if r in ("J", "Q", "K"):
        return 10
    return int(r)


def initiative_key(card: str) -> tuple[int, int]:
    """T-T4: sort key, smallest acts first: high rank first, then red before black,
    then hearts before diamonds and spades before clubs (suit order H, D, S, C)."""
    return (-RANKS.index(rank(card)), SUITS.index(suit(card)))


def dice_for(card: str, action: str) -> int:
    """T-T6: red fires with 3 dice and moves with 2; black moves with 3 and fires with 2."""
    red = is_red(card)
    if action == "fire":
        return 3 if red else 2
    return 2 if red else 3


RANK_NAME = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def _rank_word(r: str) -> Msg | str:
    if r == "J":
        return Mp("card rank", "jack")
    if r == "Q":
        return Mp("card rank", "queen")
    if r == "K":
        return Mp("card rank", "king")
    if r == "A":
        return Mp("card rank", "ace")
    return r  # a number card's rank is its number


def _suit_word(s: str) -> Msg:
    if s == "H":
        return Mp("card suit", "hearts")
    if s == "D":
        return Mp("card suit", "diamonds")
    if s == "S":
        return Mp("card suit", "spades")
    return Mp("card suit", "clubs")


def label(card: str) -> Msg:
    """A card for the log in words, e.g. "queen of hearts" (the hand font has no suit glyphs)."""
    # TRANSLATORS: a playing card: {rank} is jack, queen, king, ace or a number 2-10; {suit} hearts, diamonds, spades or clubs
    return M("{rank} of {suit}", rank=_rank_word(rank(card)), suit=_suit_word(suit(card)))


def unseen(discard: Iterable[str], hands: Iterable[Iterable[Sequence[Any]]],
           assigned: Iterable[Iterable[Sequence[Any]]], recovering: Iterable[Sequence[Any]],
           queue: Iterable[Sequence[Any]]) -> list[str]:
    """The cards nobody can see (T-T2), in deck order: every card but the discard pile (played
    cards lie face up), the face-up ones in hands, on units and on recovering units, and the cards
    turned for the actions under way.  (Cards discarded unturned are not on the pile: unseen, rev 4.)  ``hands``/``assigned`` hold (card, face_up) pairs,
    ``recovering`` (card, face_up) pairs, ``queue`` (card, unit) pairs."""
    seen = set(discard)
    seen |= {c for h in hands for c, up in h if up}
    seen |= {c for cs in assigned for c, up in cs if up}
    seen |= {c for c, up in recovering if up}
    seen |= {q[0] for q in queue}
    return [c for c in FULL_DECK if c not in seen]
