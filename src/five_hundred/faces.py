"""The game's fixed symbols, the same in every language: the seats as records spell
them, the suits' letters and symbols, the jokers' faces, a card code's face, the
verbs of the engine's actions and the phases of a deal.

A leaf with no project imports: the engine states its facts with these, the words above it
(``notation``) write them for people, and the start screen needs them before the
engine is loaded.
"""

from __future__ import annotations

from typing import Final, Literal

SEATS = ("North", "East", "South", "West")  # the engine's (and the records') names
SUIT_LETTERS = "SCDH"
SUIT_SYMBOLS = "♠♣♦♥"
SUIT_OF_LETTER = dict(zip(SUIT_LETTERS, SUIT_SYMBOLS, strict=True))
JOKERS = ("JK", "J2")
# in place of a card's code: a card the reader never saw (a networked seat's review of
# a deal: net/review.py); no card is spelt so
UNSEEN: Final = "??"

# The verbs, the first item of every action (engine/actions.py): plain ints, the one
# spelling, defined here so that ``notation`` tells actions apart without the engine.
PASS: Final = 0
BID: Final = 1
DISCARD: Final = 2
JOKER_NAME: Final = 3
PLAY: Final = 4

# Where a deal stands: plain strings, because the record format and ``replay --json``
# spell them so. These constants are the one spelling of the phases (there is no enum:
# the engine compares the phase on every action, and an enum member, ``Phase.PLAY``,
# costs a class attribute lookup of some 75 ns on Python 3.11 where a module constant
# costs a few); ``Phase`` is their type. Here, not in the engine, so that ``notation``
# reads them without loading it.
BIDDING: Final = "bidding"
DISCARD_PHASE: Final = "discard"
JOKER_PHASE: Final = "joker"  # the declarer decides whether to name the joker (R23)
PLAYING: Final = "play"
DEAL_OVER: Final = "deal_over"
GAME_OVER: Final = "game_over"
Phase = Literal["bidding", "discard", "joker", "play", "deal_over", "game_over"]
PHASES: Final[tuple[Phase, ...]] = (BIDDING, DISCARD_PHASE, JOKER_PHASE, PLAYING, DEAL_OVER,
                                    GAME_OVER)


def card_face(code: str) -> str:
    """``TH`` -> ``10♥``; the jokers stay ``JK`` / ``J2`` (card faces are the same in
    every language: A K Q J 10 …)."""
    if code in JOKERS:
        return code
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUIT_OF_LETTER[code[1]]


__all__ = ["BID", "BIDDING", "DEAL_OVER", "DISCARD", "DISCARD_PHASE", "GAME_OVER", "JOKERS",
           "JOKER_NAME", "JOKER_PHASE", "PASS", "PHASES", "PLAY", "PLAYING", "SEATS",
           "SUIT_LETTERS", "SUIT_OF_LETTER", "SUIT_SYMBOLS", "UNSEEN", "Phase", "card_face"]
