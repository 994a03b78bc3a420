"""Why a computer bid what it bid, and why a hint suggests a card: small immutable
values the bidding and the hint return beside their choice, with no words in them
(the sentences are made above the bots, in ``five_hundred.teaching``).

A ``BidReason`` is filled in by the very code that chose the bid (``normal``'s
``bid_with_reason``, ``club``'s ``bid_with_reason``, ``mc.judge_bid`` for ``hard``), so
an explanation can never tell a different story from the bid.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from five_hundred.engine.cards import JACK, JOKER, NO_TRUMPS, PARTNER_SUIT, make_card, play_context
from five_hundred.engine.rules import RuleSet

from .hand_strength import nt_tricks

# What made the bid (or the pass):
#   count        the count of tricks (own hand + partner and kitty) supports the bid
#   jump         the count has two tricks to spare: one level above the cheapest
#   raise        partner's suit, raised by the tricks beyond what partner counted on
#   misere       a hand safe enough to lose every trick (misère, open misère)
#   opener       club: the joker and a little more open 6NT at once
#   game         club: only as high as wins the game
#   name_suit    club: its side's first bid names the strain at its cheapest level
#   samples      hard: the bid of best expected points over the sampled deals
#   no_strain    pass: no suit of four or more, no trumps not stopped
#   short        pass: the count falls short of the cheapest legal bid
#   game_won     pass: club, our side's bid already wins the game
#   not_worth    pass: hard, no bid worth more than passing over the samples
BidWhy = Literal["count", "jump", "raise", "misere", "opener", "game", "name_suit", "samples",
                 "no_strain", "short", "game_won", "not_worth"]


@dataclass(frozen=True)
class BidReason:
    """The facts behind one bid or pass, as the bidding model saw them."""

    level: str  # the bidding model: "normal", "easy", "club" or "hard"
    bid: str | None  # the bid's code ("7H", "6NT", "MIS", "OMIS"), None for a pass
    why: BidWhy
    strain: int | None = None  # the strain counted: 0-3 a suit, 4 no trumps
    trumps: int = 0  # trumps held in that suit: the joker and bowers count (NT: 0)
    joker: bool = False  # the joker held
    right_bower: bool = False  # the jack of the strain
    left_bower: bool = False  # the jack of the same colour
    stopped: int = 0  # no trumps: suits stopped
    own: float = 0.0  # tricks counted from the bidder's own hand
    allowance: float = 0.0  # tricks counted on from partner and the kitty
    slack: float = 0.0  # tricks the match score moved the bar by (normal)
    noise: float = 0.0  # easy: how far its loose count strayed
    partner_bid: str | None = None  # raise: partner's bid
    surplus: float = 0.0  # raise: our tricks beyond what partner counted on from us
    needed: int = 0  # tricks the bid needs (a pass: the cheapest bid it looked at)
    danger: float | None = None  # misère: about how many cards could be caught
    samples: int = 0  # hard: sampled deals
    made: int = 0  # hard: samples in which the bid was made
    share: float = 0.0  # hard: the share of its samples in which the bid was made
    tricks: float = 0.0  # hard: the mean tricks of the bidder's side in them
    points: float = 0.0  # hard: expected points (match-weighed); a pass: the best bid's
    weighed: str | None = None  # hard, a pass: the best bid weighed (its code)

    @property
    def counted(self) -> float:
        """The tricks the bid was counted on: own hand, partner and kitty, the match's
        shift and easy's stray."""
        return self.own + self.allowance + self.slack + self.noise


def with_hand(reason: BidReason, rules: RuleSet, hand: int, strain: int) -> BidReason:
    """``reason`` with the hand facts it names for ``strain``: the trumps held (the
    joker and bowers count), the joker, each bower; in no trumps the suits stopped
    (``hand_strength.nt_tricks``, the count ``normal`` bids no trumps on)."""
    joker = bool(hand >> JOKER & 1)
    if strain == NO_TRUMPS:
        return replace(reason, strain=strain, joker=joker, stopped=nt_tricks(rules, hand)[1])
    if not 0 <= strain < 4:
        return replace(reason, strain=strain, joker=joker)
    ctx = play_context(rules, strain)
    return replace(reason, strain=strain, joker=joker,
                   trumps=(hand & ctx.suit_mask[strain]).bit_count(),
                   right_bower=bool(hand >> make_card(strain, JACK) & 1),
                   left_bower=bool(hand >> make_card(PARTNER_SUIT[strain], JACK) & 1))


# Why a hint's card is right, when the position and the play-outs make it clear:
#   draw_trumps   the declaring side leads trumps while the opponents may hold some
#   cash          a lead of the highest card still out in its suit
#   keep_joker    the joker could be played but is worth more later
#   duck          partner is winning the trick: play low under it
#   second_low    second to play: low, partner plays after the next opponent
#   third_high    third to play: high enough that the last player must pay to win
#   win_cheap     last to play: the cheapest card that wins
#   ruff          void in the suit led: a trump wins the trick
#   throw         void and unable to win: the least useful card goes
#   lowest        cannot win the trick: the lowest card of the suit
#   misere_under  misère declarer: the highest card that still loses
#   any           every card gives the same result
CardWhy = Literal["draw_trumps", "cash", "keep_joker", "duck", "second_low", "third_high",
                  "win_cheap", "ruff", "throw", "lowest", "misere_under", "any"]


@dataclass(frozen=True)
class CardReason:
    """Why a hint suggests a card: the rule of thumb it follows and the cards named."""

    why: CardWhy
    card: str  # the suggested card (record spelling)
    other: str | None = None  # the card it concerns: partner's winner, the card to beat
    suit: int | None = None  # the suit concerned (led, or of the card), 4 for trumps in NT


__all__ = ["BidReason", "BidWhy", "CardReason", "CardWhy", "with_hand"]
