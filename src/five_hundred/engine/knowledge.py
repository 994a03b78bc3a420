"""What one seat knows, rebuilt from its ``SeatView`` as ints and bitmasks.

Nothing here sees the ``GameState``: everything is derived from the view that the
engine hands to a seat (its own cards, its own kitty and discard when it is the
declarer, and what was played face up). The computer players decide from it, and
the claims prover (``claims.py``) judges a claim by it. Only pure engine modules are
used (cards, bids, actions, the play kernel, rules, views).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action
from .bidding import Bid, ladder_for
from .cards import (
    JOKER,
    NO_TRUMPS,
    SUIT_LETTERS,
    SUITLESS,
    PlayContext,
    deck,
    mask_of,
    parse_card,
    play_context,
)
from .play import Kernel, kernel_for, play_reveals
from .rules import RuleSet
from .state import Phase
from .views import SeatView

JOKER_BIT = 1 << JOKER


def led_of(code: str | None) -> int:
    if code is None:
        return -1
    if code == "J":
        return NO_TRUMPS
    return SUIT_LETTERS.index(code)


@dataclass(slots=True)
class Knowledge:
    """The acting seat's knowledge, in the solver's terms."""

    rules: RuleSet
    seat: int
    phase: Phase
    hand: int
    legal: list[tuple[Action, str]]
    bid: Bid | None = None
    declarer: int = -1
    trump: int = -1  # 0-3 or NO_TRUMPS once there is a contract
    joker_suit: int = SUITLESS
    ctx: PlayContext | None = None
    kernel: Kernel | None = None  # the contract's play rules (engine/play.py)
    out_seat: int = -1
    trick: list[tuple[int, int]] = field(default_factory=list)
    led: int = -1
    tricks: list[tuple[tuple[tuple[int, int], ...], int, int]] = field(default_factory=list)
    played: int = 0  # every card played face up in this deal, current trick included
    played_by: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    voids: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # bit per eff. suit 0-4
    no_joker: list[bool] = field(default_factory=lambda: [False] * 4)
    suits_led: int = 0
    tricks_won: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    hand_sizes: tuple[int, int, int, int] = (0, 0, 0, 0)
    exposed: int = 0  # the open misère declarer's hand, once shown (R22)
    discards: int = 0  # own discard, when this seat is the declarer
    kitty: int = 0  # own kitty, during the exchange
    auction: list[tuple[int, Bid | None]] = field(default_factory=list)
    scores: tuple[int, int] = (0, 0)
    high: Bid | None = None
    high_bidder: int = -1

    @property
    def trick_no(self) -> int:
        return len(self.tricks)

    def dec_side(self, seat: int) -> bool:
        """Whether ``seat`` plays on the declaring side (misère: the declarer alone)."""
        if self.out_seat >= 0:
            return seat == self.declarer
        return (seat - self.declarer) % 2 == 0

    def unseen(self) -> int:
        """Cards this seat has not seen: held by others, in the kitty or the discard."""
        all_cards = mask_of(deck(self.rules))
        return all_cards & ~(self.hand | self.played | self.discards | self.exposed
                             | self.kitty)


def knowledge_of(view: SeatView, rules: RuleSet) -> Knowledge:
    """Rebuild a seat's knowledge from its view (pure; no access to the state)."""
    pub = view.public
    ladder = ladder_for(rules)
    hand = mask_of(parse_card(c, rules) for c in view.hand)
    legal = [(a.action, a.text) for a in view.legal]
    k = Knowledge(rules=rules, seat=view.seat, phase=view.phase, hand=hand, legal=legal)
    k.scores = pub.scores
    k.hand_sizes = pub.hand_sizes
    for seat, code in pub.auction:
        k.auction.append((seat, None if code == "pass" else ladder.bids[ladder.parse(code)]))
    if pub.high_bid is not None:
        k.high = ladder.bids[ladder.parse(pub.high_bid)]
        k.high_bidder = pub.high_bidder if pub.high_bidder is not None else -1
    if view.kitty:
        k.kitty = mask_of(parse_card(c, rules) for c in view.kitty)
    if view.discards:
        k.discards = mask_of(parse_card(c, rules) for c in view.discards)
    if pub.contract is None or pub.declarer is None:
        return k
    bid = ladder.bids[ladder.parse(pub.contract)]
    k.bid = bid
    k.declarer = pub.declarer
    k.trump = bid.trump
    k.out_seat = pub.sitting_out if pub.sitting_out is not None else -1
    k.joker_suit = SUIT_LETTERS.index(pub.joker_suit) if pub.joker_suit else SUITLESS
    ctx = play_context(rules, bid.trump, k.joker_suit)
    k.ctx = ctx
    k.kernel = kern = kernel_for(rules, ctx, bid.is_misere)
    if pub.exposed_hand:
        k.exposed = mask_of(parse_card(c, rules) for c in pub.exposed_hand)
    k.tricks_won = list(pub.tricks_won)
    tricks = [(t, True) for t in pub.tricks]
    if pub.trick is not None:
        tricks.append((pub.trick, False))
    for tv, done in tricks:
        plays = tuple((s, parse_card(c, rules)) for s, c in tv.plays)
        led = led_of(tv.led)
        if 0 <= led < 4:
            k.suits_led |= 1 << led
        for i, (s, c) in enumerate(plays):
            k.played |= 1 << c
            k.played_by[s] |= 1 << c
            if i == 0:
                continue
            void, no_joker = play_reveals(kern, led, c)  # R20, R25 (effective suits)
            if void:
                k.voids[s] |= 1 << led
            if no_joker:
                k.no_joker[s] = True
        if done:
            k.tricks.append((plays, tv.winner if tv.winner is not None else -1, led))
        else:
            k.trick = list(plays)
            k.led = led
    if JOKER_BIT & k.played:
        k.no_joker = [True] * 4
    return k
