"""The rule kernel of the card play: legal plays, joker leads, who wins a trick.

Everything that decides a trick lives here once, on the engine's integers: following
suit with bowers and jokers (R2, R20), the suitless joker's limits (R24, R25), the
suits a joker lead may name (R26, V3) and the trick winner (R21). ``GameState``, the
solver, the play-outs and the bots' inference all call it.

A ``Kernel`` is built once per contract and holds precomputed tables (score rows per
led suit, the joker-lead namings per set of suits led), so hot callers index tables
instead of re-deriving the rules. Legality is one mask computation; ``play_filters``
splits the cards (and namings) that computation removed by the rule that removed
them, so an explanation can never disagree with legality.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .cards import JOKER, SUITLESS, PlayContext
from .rules import RuleSet

JOKER_BIT = 1 << JOKER
ALL_SUITS = (0, 1, 2, 3)
SUITLESS_SCORE = 100_000  # the suitless joker wins any trick it is played to (R24)

# Why a filter removed a card or a naming (``explain`` words them).
FOLLOW_SUIT = "follow-suit"  # R20: holds a card of the suit led
JOKER_NOT_VOID = "joker-not-void"  # R25: suitless joker only when void in the led suit
JOKER_COMPULSORY = "joker-compulsory"  # R25: void in misère, the joker must go
LEAD_LAST_ONLY = "lead-last-only"  # V3: suitless joker led only to the last trick
NAME_ALREADY_LED = "name-already-led"  # R26: the named suit must not have been led
ALL_SUITS_LED = "all-suits-led"  # R26: all four led, the joker waits for the last trick


@dataclass(frozen=True, slots=True)
class Filter:
    """One rule's cut: the cards (``cards``, a mask) and joker-lead namings (``names``,
    a 4-bit mask of suits) it removed, with the rule id and the reason code."""

    cards: int
    names: int
    rule: str
    reason: str


@dataclass(frozen=True, slots=True)
class Kernel:
    """The play rules of one contract as tables (see the module docstring)."""

    ctx: PlayContext
    eff: tuple[int, ...]  # effective suit per card (``ctx.eff_suit``)
    suit_mask: tuple[int, ...]  # cards of each effective suit 0..4
    suitless_bit: int  # ``JOKER_BIT`` when the joker is suitless in this deal, else 0
    compulsory: bool  # R25: a void holder must play the suitless joker (misère)
    last_only: bool  # V3
    # rows[led][card]: the card's weight in a trick led in ``led`` (R21, R24): the
    # suitless joker above all, trumps 1000+, the suit led 100+, anything else 0.
    rows: tuple[tuple[int, ...], ...]
    # names[suits_led | 16 * last_trick]: suits a suitless-joker lead may name (R26, V3)
    names: tuple[tuple[int, ...], ...]


def _lead_names(last_only: bool, suits_led: int, last: bool) -> tuple[int, ...]:
    if last_only:
        return ALL_SUITS if last else ()  # V3
    unled = tuple(s for s in ALL_SUITS if not (suits_led >> s) & 1)
    if unled:
        return unled  # R26: a suit not yet led
    return ALL_SUITS if last else ()  # R26: all led, only to the last trick


@cache
def _rows(ctx: PlayContext) -> tuple[tuple[int, ...], ...]:
    rows: list[tuple[int, ...]] = []
    for led in range(5):
        row = [0] * 64
        for c in range(64):
            s = ctx.eff_suit[c]
            if s == SUITLESS:
                row[c] = SUITLESS_SCORE if (c == JOKER and ctx.suitless_joker) else 0
            elif s == ctx.trump:
                row[c] = 1000 + ctx.strength[c]
            elif s == led:
                row[c] = 100 + ctx.strength[c]
        rows.append(tuple(row))
    return tuple(rows)


@cache
def kernel_for(rules: RuleSet, ctx: PlayContext, misere: bool) -> Kernel:
    """The kernel of a contract with play context ``ctx`` (misère: R18, R25 apply)."""
    last_only = rules.joker_lead_last_trick_only
    names = tuple(_lead_names(last_only, i & 15, i >= 16) for i in range(32))
    return Kernel(ctx, ctx.eff_suit, ctx.suit_mask,
                  JOKER_BIT if ctx.suitless_joker else 0,
                  misere and ctx.suitless_joker and rules.misere_joker_compulsory,
                  last_only, _rows(ctx), names)


# ---------------------------------------------------------------- legal plays


def follow_mask(k: Kernel, hand: int, led: int) -> int:
    """Cards of ``hand`` that may be played to a trick led in ``led`` (R20, R25)."""
    m = hand & k.suit_mask[led]
    if m:
        return m  # follow suit (the suitless joker is in no suit: R25)
    if k.compulsory and hand & JOKER_BIT:
        return JOKER_BIT  # misère: void, the suitless joker must be played
    return hand


def lead_mask(k: Kernel, hand: int) -> int:
    """Cards of ``hand`` that may be led without naming a suit (all but the suitless
    joker, whose lead names one: R26)."""
    return hand & ~k.suitless_bit


def lead_names(k: Kernel, hand: int, tricks_left: int, suits_led: int) -> tuple[int, ...]:
    """Suits a lead of the suitless joker from ``hand`` may name now (R26, V3)."""
    if not hand & k.suitless_bit:
        return ()
    return k.names[suits_led | (16 if tricks_left == 1 else 0)]


def legal_plays(k: Kernel, hand: int, leading: bool, led: int, tricks_left: int,
                suits_led: int) -> tuple[int, tuple[int, ...]]:
    """(mask of cards playable as they are, suits a suitless-joker lead may name)."""
    if leading:
        return lead_mask(k, hand), lead_names(k, hand, tricks_left, suits_led)
    return follow_mask(k, hand, led), ()


def play_filters(k: Kernel, hand: int, leading: bool, led: int, tricks_left: int,
                 suits_led: int) -> tuple[Filter, ...]:
    """The rules' cuts of ``hand``, in order. Together they remove exactly what
    ``legal_plays`` leaves out (cards, and namings of the suitless joker's lead)."""
    if not leading:
        removed = hand & ~follow_mask(k, hand, led)
        if not removed:
            return ()
        if not hand & k.suit_mask[led]:
            return (Filter(removed, 0, "R25", JOKER_COMPULSORY),)
        joker = removed & k.suitless_bit
        return (Filter(joker, 0, "R25", JOKER_NOT_VOID),
                Filter(removed & ~joker, 0, "R20", FOLLOW_SUIT))
    # Leading: the suitless joker is never led plainly; its namings may be cut.
    joker = hand & k.suitless_bit
    if not joker:
        return ()
    allowed = 0
    for s in lead_names(k, hand, tricks_left, suits_led):
        allowed |= 1 << s
    cut = 15 & ~allowed
    if not cut:
        return ()
    if k.last_only:
        return (Filter(0, cut, "V3", LEAD_LAST_ONLY),)
    if suits_led & 15 == 15:
        return (Filter(0, cut, "R26", ALL_SUITS_LED),)
    return (Filter(0, cut, "R26", NAME_ALREADY_LED),)


def play_reveals(k: Kernel, led: int, card: int) -> tuple[bool, bool]:
    """What playing ``card`` to a trick led in ``led`` shows about the hand it came
    from: (void in the suit led (R20), and without the suitless joker: void in misère
    it would have had to be played, R25)."""
    void = not (k.suit_mask[led] >> card) & 1
    return void, void and k.compulsory and card != JOKER


# ---------------------------------------------------------------- tricks


def led_of(k: Kernel, card: int, named: int = -1) -> int:
    """Suit a lead of ``card`` sets (``named`` for a suitless-joker lead, R26)."""
    return named if named >= 0 else k.eff[card]


# LED_BIT[led]: the bit a lead in ``led`` adds to the suits led (R26); the jokers'
# suit of the two-joker game's NT (V6) is no suit a joker lead could name.
LED_BIT = (1, 2, 4, 8, 0)


def with_led(suits_led: int, led: int) -> int:
    """``suits_led`` once ``led`` has been led."""
    return suits_led | LED_BIT[led]


def _next(seat: int, out_seat: int) -> int:
    n = (seat + 1) & 3
    return (n + 1) & 3 if n == out_seat else n


# NEXT_SEAT[out_seat][seat]: the seat after ``seat`` clockwise, skipping the misère
# partner (R18); ``out_seat`` -1 (nobody sits out) is the last row. A table because
# the engine and the solver step a seat on every card.
NEXT_SEAT = tuple(tuple(_next(seat, out) for seat in range(4)) for out in (0, 1, 2, 3, -1))


def next_seat(seat: int, out_seat: int) -> int:
    """The seat after ``seat`` clockwise, skipping the misère partner (R18)."""
    return NEXT_SEAT[out_seat][seat]


def winning(row: Sequence[int], trick: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """(seat winning so far, its card's weight) of a trick begun, ``row`` being the
    kernel's row of the suit led (R21, R24)."""
    w, wv = trick[0][0], row[trick[0][1]]
    for s, c in trick[1:]:
        v = row[c]
        if v > wv:
            w, wv = s, v
    return w, wv


def winner(row: Sequence[int], trick: Sequence[tuple[int, int]]) -> int:
    """Seat that wins a trick (``row``: the kernel's row of the suit led)."""
    w, wv = trick[0][0], row[trick[0][1]]
    for s, c in trick[1:]:
        if row[c] > wv:
            w, wv = s, row[c]
    return w


def trick_winner(ctx: PlayContext, plays: Sequence[tuple[int, int]], led: int) -> int:
    """Seat that wins a trick of ``(seat, card)`` plays led in ``led`` (R21, R24)."""
    return winner(_rows(ctx)[led], plays)

