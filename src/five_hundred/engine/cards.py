"""Cards as small integers, the deck of a rule set, and effective suits under trumps.

A card is ``suit * 16 + rank`` with suits S=0, C=1, D=2, H=3 and ranks 4..14 (ace 14).
The jokers sit in slots no real card uses: ``JK`` = 15 (the white joker) and
``J2`` = 31 (the coloured joker of the two-joker game). Every card fits in a 64-bit
mask, so hands are plain ``int`` bitmasks on the hot path.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from five_hundred.faces import SUIT_LETTERS as SUIT_LETTERS  # defined once, re-exported
from five_hundred.faces import SUIT_SYMBOLS as SUIT_SYMBOLS
from five_hundred.safe_text import excerpt

from .rules import RuleSet

SPADES, CLUBS, DIAMONDS, HEARTS = 0, 1, 2, 3
NO_TRUMPS = 4  # contract "suit" for NT (and, in the two-joker game, the jokers' suit)
SUITLESS = -1  # effective suit of a joker that has no suit (R24)

SUIT_NAMES = ("spades", "clubs", "diamonds", "hearts")
SUIT_SINGULAR = ("spade", "club", "diamond", "heart")
RANK_CHARS = {4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T", 11: "J", 12: "Q",
              13: "K", 14: "A"}
RANK_NAMES = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
JACK = 11

JOKER = 15
JOKER2 = 31
JOKERS = (JOKER, JOKER2)

# Same-colour partner suit: hearts<->diamonds, spades<->clubs (R2).
PARTNER_SUIT = (CLUBS, SPADES, HEARTS, DIAMONDS)

_RANK_BY_CHAR = {v: k for k, v in RANK_CHARS.items()}
_RANK_BY_CHAR["10"] = 10
_SUIT_BY_CHAR = {c: i for i, c in enumerate(SUIT_LETTERS)}
_SUIT_BY_CHAR.update({c: i for i, c in enumerate(SUIT_SYMBOLS)})


def make_card(suit: int, rank: int) -> int:
    return suit * 16 + rank


def is_joker(card: int) -> bool:
    return card in (JOKER, JOKER2)


def card_str(card: int) -> str:
    """Canonical two-character text: ``TH``, ``AS``, ``JK``, ``J2``."""
    if card == JOKER:
        return "JK"
    if card == JOKER2:
        return "J2"
    return RANK_CHARS[card & 15] + SUIT_LETTERS[card >> 4]


def card_name(card: int) -> str:
    """Words for messages: ``jack of diamonds``, ``the joker``."""
    if card == JOKER:
        return "the joker"
    if card == JOKER2:
        return "the coloured joker"
    rank = card & 15
    return f"{RANK_NAMES.get(rank, str(rank))} of {SUIT_NAMES[card >> 4]}"


def parse_card(text: str, rules: RuleSet) -> int:
    """Parse ``TH``/``10h``/``A♠``/``JK``; raises ``ValueError`` naming the text."""
    t = text.strip().upper()
    if t == "JK":
        return JOKER
    if t == "J2" and rules.jokers >= 2:
        return JOKER2
    if len(t) >= 2 and t[:-1] in _RANK_BY_CHAR and t[-1] in _SUIT_BY_CHAR:
        card = make_card(_SUIT_BY_CHAR[t[-1]], _RANK_BY_CHAR[t[:-1]])
        if card in deck_set(rules):
            return card
    raise ValueError(f"unknown card {excerpt(text)}")


def parse_suit(text: str) -> int:
    t = text.strip().upper()
    if t in _SUIT_BY_CHAR:
        return _SUIT_BY_CHAR[t]
    raise ValueError(f"unknown suit {excerpt(text)}")


@cache
def deck(rules: RuleSet) -> tuple[int, ...]:
    """The rule set's deck in a fixed order (R1, V6)."""
    cards = [make_card(s, r) for s in range(4) for r in range(rules.lowest_rank[s], 15)]
    cards.extend(JOKERS[: rules.jokers])
    return tuple(cards)


@cache
def deck_set(rules: RuleSet) -> frozenset[int]:
    return frozenset(deck(rules))


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _chunk_table(suit: int) -> tuple[tuple[int, ...], ...]:
    # Ranks use bits 4..15 of each suit's 16-bit slot: 4096 patterns per suit.
    return tuple(tuple(suit * 16 + 4 + i for i in range(12) if (bits >> i) & 1)
                 for bits in range(4096))


_CHUNKS = tuple(_chunk_table(s) for s in range(4))


def cards_of(mask: int) -> tuple[int, ...]:
    """Cards of a bitmask, lowest id first (table lookups: this is the hot path)."""
    c = _CHUNKS
    return (c[0][(mask >> 4) & 4095] + c[1][(mask >> 20) & 4095]
            + c[2][(mask >> 36) & 4095] + c[3][(mask >> 52) & 4095])


@dataclass(frozen=True, slots=True)
class PlayContext:
    """How cards behave in one deal: effective suits and strengths (R2, R3, R23, V6).

    ``trump`` is the suit whose cards beat all others (0-3, ``NO_TRUMPS`` for the
    two-joker game's jokers in NT, or -1 for none). ``eff_suit[c]`` is the suit a card
    belongs to for following and winning (``SUITLESS`` for an unnamed joker);
    ``strength[c]`` orders cards within their effective suit, trumps above all.
    """

    trump: int
    joker_suit: int
    eff_suit: tuple[int, ...]
    strength: tuple[int, ...]
    suit_mask: tuple[int, ...]  # indexed by effective suit 0..4
    suitless_joker: bool  # the single joker is suitless in this deal (R24)


@cache
def play_context(rules: RuleSet, trump: int, joker_suit: int = SUITLESS) -> PlayContext:
    """Context for a contract in ``trump`` (0-3 or ``NO_TRUMPS``; misère is NT).

    ``joker_suit`` is the suit the NT/misère declarer named for the joker (R23).
    """
    eff = [SUITLESS] * 64
    strength = [0] * 64
    for c in deck(rules):
        if not is_joker(c):
            eff[c] = c >> 4
            strength[c] = c & 15
    suitless = False
    ctx_trump = -1
    if trump == NO_TRUMPS:
        if rules.jokers >= 2:
            # V6: in NT the two jokers are the only trumps, white above coloured.
            ctx_trump = NO_TRUMPS
            eff[JOKER], strength[JOKER] = NO_TRUMPS, 30
            eff[JOKER2], strength[JOKER2] = NO_TRUMPS, 29
        elif joker_suit != SUITLESS:
            eff[JOKER], strength[JOKER] = joker_suit, 15  # highest of the named suit
        else:
            suitless = True
            strength[JOKER] = 100
    else:
        ctx_trump = trump
        right = make_card(trump, JACK)
        left = make_card(PARTNER_SUIT[trump], JACK)
        eff[JOKER], strength[JOKER] = trump, 30
        if rules.jokers >= 2:
            eff[JOKER2], strength[JOKER2] = trump, 29
        strength[right] = 28
        eff[left], strength[left] = trump, 27
    masks = [0] * 5
    for c in deck(rules):
        if eff[c] >= 0:
            masks[eff[c]] |= 1 << c
    return PlayContext(ctx_trump, joker_suit, tuple(eff), tuple(strength), tuple(masks),
                       suitless)


def display_key(ctx: PlayContext, card: int) -> tuple[int, int]:
    """Sort key for showing a hand: by effective suit (trumps last, i.e. rightmost),
    then by strength; a suitless joker goes at the very end."""
    s = ctx.eff_suit[card]
    if s == SUITLESS:
        return (9, 0)
    group = 8 if s == ctx.trump else s
    return (group, ctx.strength[card])


def display_codes(ctx: PlayContext, mask: int) -> tuple[str, ...]:
    """The cards of ``mask`` as codes in the order a hand is shown (``display_key``)."""
    return tuple(card_str(c) for c in sorted(cards_of(mask), key=lambda c: display_key(ctx, c)))


def trump_code(trump: int) -> str:
    """A contract's trumps as the views and reviews spell them: a suit letter or ``NT``."""
    return "NT" if trump == NO_TRUMPS else SUIT_LETTERS[trump]


def led_code(led: int) -> str | None:
    """The suit led to a trick as the views and reviews spell it: a suit letter, ``J``
    for a joker lead in the two-joker game's no trumps, None before the lead."""
    if led < 0:
        return None
    return "J" if led == NO_TRUMPS else SUIT_LETTERS[led]
