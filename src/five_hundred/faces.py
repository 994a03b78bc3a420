"""The game's fixed symbols, the same in every language: the seats as records spell
them, the suits' letters and symbols, the jokers' faces, a card code's face, and the
verbs of the engine's actions.

A leaf with no project imports: the engine states its facts with these, the words above it
(``notation``) write them for people, and the start screen needs them before the
engine is loaded.
"""

from __future__ import annotations

from typing import Final

SEATS = ("North", "East", "South", "West")  # the engine's (and the records') names
SUIT_LETTERS = "SCDH"
SUIT_SYMBOLS = "♠♣♦♥"
SUIT_OF_LETTER = dict(zip(SUIT_LETTERS, SUIT_SYMBOLS, strict=True))
JOKERS = ("JK", "J2")

# The verbs, the first item of every action (engine/actions.py): plain ints, the one
# spelling, defined here so that ``notation`` tells actions apart without the engine.
PASS: Final = 0
BID: Final = 1
DISCARD: Final = 2
JOKER_NAME: Final = 3
PLAY: Final = 4


def card_face(code: str) -> str:
    """``TH`` -> ``10♥``; the jokers stay ``JK`` / ``J2`` (card faces are the same in
    every language: A K Q J 10 …)."""
    if code in JOKERS:
        return code
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUIT_OF_LETTER[code[1]]


__all__ = ["BID", "DISCARD", "JOKERS", "JOKER_NAME", "PASS", "PLAY", "SEATS", "SUIT_LETTERS",
           "SUIT_OF_LETTER", "SUIT_SYMBOLS", "card_face"]
