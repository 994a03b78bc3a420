"""Bids and the bidding ladder of a rule set (R9-R16, V1, V2, V5, V6).

The ladder's order is its own (``Bid.rank``), never derived from the score table (R16).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache

from five_hundred.safe_text import excerpt

from .actions import BID_ACTIONS, PASS_ACTION, MakeBid, Pass
from .cards import NO_TRUMPS, SUIT_LETTERS, SUIT_SYMBOLS
from .rules import RuleSet


class BidKind(IntEnum):
    SUIT_BID = 0  # a number of tricks in a suit or no trumps
    MISERE = 1
    OPEN_MISERE = 2
    BLIND_MISERE = 3
    GAME = 4  # V6


SUIT_BID, MISERE, OPEN_MISERE, BLIND_MISERE, GAME = BidKind

_TRUMP_CODES = (*SUIT_LETTERS, "NT")
# docs/record-format.md: the suit symbols are accepted in bids as in cards (``bid 7♥``).
_SYMBOLS_TO_LETTERS = str.maketrans(dict(zip(SUIT_SYMBOLS, SUIT_LETTERS, strict=True)))


@dataclass(frozen=True, slots=True)
class Bid:
    code: str  # record spelling: "7H", "10NT", "MIS", "OMIS", "BMIS", "GAME H"
    kind: BidKind
    tricks: int  # tricks the declaring side must win (0 for the misères)
    trump: int  # 0-3 or NO_TRUMPS (misères are played as no trumps)
    rank: int  # auction order: a bid must have a strictly higher rank (R10)
    value: int  # R28
    # Derived from the fields above when the bid is made (the engine reads them every
    # deal); left out of equality, hashing and repr.
    is_misere: bool = field(init=False, repr=False, compare=False)
    label: str = field(init=False, repr=False, compare=False)  # ``7♥``, ``8NT``, ``misère``

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_misere", self.kind in (MISERE, OPEN_MISERE, BLIND_MISERE))
        object.__setattr__(self, "label", self._label())

    def _label(self) -> str:
        """Human text with suit symbols: ``7♥``, ``8NT``, ``misère``."""
        if self.kind == MISERE:
            return "misère"
        if self.kind == OPEN_MISERE:
            return "open misère"
        if self.kind == BLIND_MISERE:
            return "blind misère"
        t = "NT" if self.trump == NO_TRUMPS else SUIT_SYMBOLS[self.trump]
        if self.kind == GAME:
            return f"game {t}"
        return f"{self.tricks}{t}"


def _suit_rank(tricks: int, trump: int) -> int:
    return ((tricks - 6) * 5 + trump) * 10


class Ladder:
    """Every bid of a rule set in auction order, with the legal-bid rules."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        bids: list[Bid] = []
        for tricks in range(6, 11):
            for trump in range(5):
                bids.append(Bid(f"{tricks}{_TRUMP_CODES[trump]}", SUIT_BID, tricks, trump,
                                _suit_rank(tricks, trump),
                                rules.contract_values[tricks - 6][trump]))
        if rules.misere:
            # R14: above every 7-level bid, below every 8-level bid.
            bids.append(Bid("MIS", MISERE, 0, NO_TRUMPS, _suit_rank(8, 0) - 5,
                            rules.misere_value))
            # R15: above 10♦, below 10♥.
            bids.append(Bid("OMIS", OPEN_MISERE, 0, NO_TRUMPS, _suit_rank(10, 3) - 5,
                            rules.open_misere_value))
        if rules.blind_misere:
            # V5: level with open misère; neither outranks the other.
            bids.append(Bid("BMIS", BLIND_MISERE, 0, NO_TRUMPS, _suit_rank(10, 3) - 5,
                            rules.blind_misere_value))
        if rules.game_bid:
            # V6 / docs/record-format.md: "game" is one rung above 10NT whatever it names, so
            # every game bid has the same rank and none outbids another.
            for trump in range(5):
                bids.append(Bid(f"GAME {_TRUMP_CODES[trump]}", GAME, 10, trump,
                                _suit_rank(11, 0), rules.game_value))
        bids.sort(key=lambda b: (b.rank, b.kind))
        if len(bids) > len(BID_ACTIONS):
            raise ValueError(f"a ladder of {len(bids)} bids: BID_ACTIONS has too few")
        self.bids: tuple[Bid, ...] = tuple(bids)
        self.by_code: dict[str, int] = {b.code: i for i, b in enumerate(bids)}
        self._legal: dict[tuple[int, bool], tuple[int, ...]] = {}
        self._actions: dict[tuple[int, bool], tuple[Pass | MakeBid, ...]] = {}
        # legal_after[high + 1][turned]: the legal actions over ladder index ``high`` (-1:
        # no bid yet) of a bidder who has had a turn in this auction (1) or not (0),
        # indexed so that the engine looks them up with no key to build.
        self.legal_after: tuple[tuple[tuple[Pass | MakeBid, ...],
                                      tuple[Pass | MakeBid, ...]], ...] = tuple(
            (self.legal_bid_actions(high, True), self.legal_bid_actions(high, False))
            for high in range(-1, len(bids)))

    def parse(self, text: str) -> int:
        """Ladder index of a bid's text (case-insensitive, ``10`` spelled out, suit
        symbols for letters: ``7♥``, ``game ♥``)."""
        t = " ".join(text.upper().split()).translate(_SYMBOLS_TO_LETTERS)
        if t.startswith("GAME") and not t.startswith("GAME "):
            t = "GAME " + t[4:]
        if t in self.by_code:
            return self.by_code[t]
        raise ValueError(f"unknown bid {excerpt(text)}")

    def legal_bid_actions(self, high: int, first_turn: bool) -> tuple[Pass | MakeBid, ...]:
        """The auction's legal actions: ``PASS_ACTION`` and a ``MakeBid`` per legal bid."""
        key = (high, first_turn)
        cached = self._actions.get(key)
        if cached is None:
            cached = (PASS_ACTION, *(BID_ACTIONS[i] for i in self.legal_bids(high, first_turn)))
            self._actions[key] = cached
        return cached

    def legal_bids(self, high: int, first_turn: bool) -> tuple[int, ...]:
        """Ladder indices that may be bid over ladder index ``high`` (-1: no bid yet).

        ``first_turn``: the bidder has not yet had a turn in this auction (V5).
        """
        key = (high, first_turn)
        cached = self._legal.get(key)
        if cached is not None:
            return cached
        rules = self.rules
        high_bid = self.bids[high] if high >= 0 else None
        high_rank = high_bid.rank if high_bid is not None else -1
        out: list[int] = []
        for i, b in enumerate(self.bids):
            if b.rank <= high_rank:
                continue
            if b.kind == MISERE and not rules.misere_without_seven and (
                high_bid is None or high_bid.kind != SUIT_BID or high_bid.tricks != 7
            ):
                continue  # R14: only over a 7-level bid (V2 lifts this)
            if b.kind == BLIND_MISERE and not first_turn:
                continue  # V5: only before the bidder's first look at the cards
            out.append(i)
        result = tuple(out)
        self._legal[key] = result
        return result


@cache
def ladder_for(rules: RuleSet) -> Ladder:
    return Ladder(rules)
