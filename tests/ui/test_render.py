"""The one place that draws cards and bids: symbols carry the suit (readable with
NO_COLOR), red suits are red; the bidding grid places misère where it ranks."""

from __future__ import annotations

from five_hundred.engine import PAGAT_AUSTRALIAN, TWO_JOKER_1000, card_str
from five_hundred.engine.cards import deck
from five_hundred.ui.render import bid_text, card_text, flowed, trick_plays
from five_hundred.ui.widgets.bids import bid_reminder, grid_rows


def test_every_card_shows_its_suit_symbol_r1_v6() -> None:
    """R1/V6: each card of both decks is drawn with its suit symbol (or as a joker)."""
    for rules in (PAGAT_AUSTRALIAN, TWO_JOKER_1000):
        for card in deck(rules):
            code = card_str(card)
            text = card_text(code).plain
            assert text in ("JK", "J2") or text[-1] in "♠♣♦♥", code
    assert card_text("TH").plain == "10♥" and "red" in str(card_text("TH").style)
    assert "red" not in str(card_text("AS").style)


def test_misere_rows_sit_where_they_rank_r14_r15() -> None:
    """R14: misère between 7NT and 8♠; R15: open misère after the 10 row (between
    10♦ and 10♥); V1 removes both; V6 adds the game row."""
    rows = grid_rows(PAGAT_AUSTRALIAN)
    flat = [c for row in rows for c in row]
    assert flat.index("MIS") == flat.index("7NT") + 1
    assert flat.index("8S") == flat.index("MIS") + 1
    assert rows[-1] == ["OMIS"]
    assert "MIS" not in [c for row in grid_rows(PAGAT_AUSTRALIAN.model_copy(
        update={"no_misere": True})) for c in row]
    assert grid_rows(TWO_JOKER_1000)[-1][0] == "GAME S"
    assert bid_text("10H").plain == "10♥"
    assert "lose every trick" in bid_reminder("MIS", 250)


def test_a_trick_line_breaks_between_plays_never_inside_one() -> None:
    """The last trick at 80×24 wrapped as "… Ana" / "4♦ → East": a name parted from its
    card. Flowed, each line holds whole plays."""
    names = ("Ana", "East", "South", "West")
    chunks = trick_plays(((1, "KD"), (2, "5D"), (3, "JC"), (0, "4D")), names)
    text = flowed(chunks, 30).plain
    lines = text.split("\n")
    assert len(lines) == 2 and all(len(line) <= 30 for line in lines)
    words = [line.split("  ") for line in lines]
    assert [w for line in words for w in line] == ["East K♦", "South 5♦", "West J♣", "Ana 4♦"]
    assert flowed(chunks, 80).plain == "East K♦  South 5♦  West J♣  Ana 4♦"
