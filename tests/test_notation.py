"""One place for the words and symbols people read (issue 9, item 3)."""

from __future__ import annotations

from five_hundred import notation
from five_hundred.engine import PAGAT_AUSTRALIAN, SEAT_NAMES, ladder_for
from five_hundred.engine.actions import PLAY
from five_hundred.engine.cards import JOKER, SUIT_LETTERS, SUIT_SYMBOLS
from five_hundred.engine.views import legal_action


def test_seat_names_and_suit_symbols_are_defined_once() -> None:
    assert SEAT_NAMES is notation.SEATS
    assert SUIT_SYMBOLS is notation.SUIT_SYMBOLS and SUIT_LETTERS is notation.SUIT_LETTERS


def test_labels_use_the_table_notation() -> None:
    assert notation.card_label("TH") == "10♥" and notation.card_label("JK") == "JK"
    assert notation.bid_label("7D") == "7♦" and notation.bid_label("GAME NT") == "game NT"
    assert notation.action_label(legal_action((PLAY, JOKER, 3),
                                              ladder_for(PAGAT_AUSTRALIAN))) == \
        "play JK calling ♥"
    assert notation.points(-240) == "−240" and notation.signed(40) == "+40"
    assert notation.who(("Ana", "East", "South", "West"), 0) == "Ana (North)"
    assert notation.who(("Ana", "East", "South", "West"), 1) == "East"
