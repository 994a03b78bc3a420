"""Actions as small tuples of ints, and their record text (docs/record-format.md).

``(PASS,)``, ``(BID, ladder_index)``, ``(DISCARD, c1, c2, c3)`` with cards ascending,
``(JOKER, suit_or_JOKER_NONE)``, ``(PLAY, card)`` and ``(PLAY, JOKER, suit)`` for a
suitless-joker lead that names a suit.
"""

from __future__ import annotations

from enum import IntEnum

from five_hundred.safe_text import excerpt

from .bidding import Ladder
from .cards import _CHUNKS, JOKER, SUIT_LETTERS, card_str, parse_card, parse_suit
from .rules import RuleSet

Action = tuple[int, ...]



class Verb(IntEnum):
    """The first element of every action. Ints, so the kernel's tuples stay plain and fast."""

    PASS = 0
    BID = 1
    DISCARD = 2
    JOKER_NAME = 3
    PLAY = 4


# plain ints in the actions themselves: the kernel compares and hashes them at speed
PASS, BID, DISCARD, JOKER_NAME, PLAY = (int(v) for v in Verb)
JOKER_NONE = 4  # ``joker none``: the declarer leaves the joker suitless

PASS_ACTION: Action = (PASS,)
PLAY_ACTIONS: tuple[Action, ...] = tuple((PLAY, c) for c in range(64))
JOKER_LEADS: tuple[Action, ...] = tuple((PLAY, JOKER, s) for s in range(4))

_PLAY_CHUNKS = tuple(
    tuple(tuple(PLAY_ACTIONS[c] for c in cards) for cards in table) for table in _CHUNKS
)


def play_actions_of(mask: int) -> tuple[Action, ...]:
    """``(PLAY, card)`` for every card of a bitmask, lowest first."""
    c = _PLAY_CHUNKS
    return (c[0][(mask >> 4) & 4095] + c[1][(mask >> 20) & 4095]
            + c[2][(mask >> 36) & 4095] + c[3][(mask >> 52) & 4095])


def action_text(action: Action, ladder: Ladder) -> str:
    """Record spelling without the seat: ``bid 7H``, ``play JK H``, ``discard 5S 6S 7C``."""
    verb = action[0]
    if verb == PASS:
        return "pass"
    if verb == BID:
        return f"bid {ladder.bids[action[1]].code}"
    if verb == DISCARD:
        return "discard " + " ".join(card_str(c) for c in action[1:])
    if verb == JOKER_NAME:
        return "joker none" if action[1] == JOKER_NONE else f"joker {SUIT_LETTERS[action[1]]}"
    if len(action) == 3:
        return f"play {card_str(action[1])} {SUIT_LETTERS[action[2]]}"
    return f"play {card_str(action[1])}"


def parse_action(text: str, rules: RuleSet, ladder: Ladder) -> Action:
    """Parse an action's text (no seat prefix); raises ``ValueError`` on bad text.

    Only the form is checked here; legality is the state's business.
    """
    words = text.split()
    if not words:
        raise ValueError("empty action")
    verb = words[0].lower()
    args = words[1:]
    if verb == "pass" and not args:
        return PASS_ACTION
    if verb == "bid" and args:
        return (BID, ladder.parse(" ".join(args)))
    if verb == "discard" and args:
        cards = sorted(parse_card(a, rules) for a in args)
        return (DISCARD, *cards)
    if verb == "joker" and len(args) == 1:
        if args[0].lower() == "none":
            return (JOKER_NAME, JOKER_NONE)
        return (JOKER_NAME, parse_suit(args[0]))
    if verb == "play" and len(args) == 1:
        return PLAY_ACTIONS[parse_card(args[0], rules)]
    if verb == "play" and len(args) == 2:
        card = parse_card(args[0], rules)
        if card != JOKER:
            raise ValueError(f"only the joker names a suit when led, not {excerpt(args[0])}")
        return (PLAY, card, parse_suit(args[1]))
    raise ValueError(f"unknown action {excerpt(text)}")
