"""Actions as small named tuples of ints, and their record text (docs/record-format.md).

Each kind of action has its own immutable type, a tuple whose first item is the verb:

========================================  ====================  =========================
type                                       equal to              record text
========================================  ====================  =========================
``Pass(PASS)``                             ``(0,)``              ``pass``
``MakeBid(BID, ladder_index)``             ``(1, i)``            ``bid 7H``
``Discard(cards)``                         ``(2, c1, c2, c3)``   ``discard 5S 6S 7C``
``NameJoker(JOKER_NAME, suit)``            ``(3, s)``            ``joker H``, ``joker none``
``Play(PLAY, card)``                       ``(4, c)``            ``play TH``
``JokerLead(PLAY, JOKER, suit)``           ``(4, 15, s)``        ``play JK H``
========================================  ====================  =========================

They are tuples (``NamedTuple``; ``Discard`` a tuple subclass, as long as the kitty
is, its cards ascending), so an action is equal to, and hashes like, the plain tuple
of its ints: records, ``replay --json`` and anything keyed on actions see the same
values as when actions were plain tuples, and a plain tuple is still accepted by
``GameState.apply``. Code reads an action by its fields (``action.card``), never by
position. The engine hands out only the instances built here once (``PASS_ACTION``,
``BID_ACTIONS``, ``NAME_JOKER``, ``PLAY_ACTIONS``, ``JOKER_LEADS``) or, for discards,
built from its hand; ``as_action`` gives the typed form of a plain tuple.

The verbs are plain ints (``PASS`` ... ``PLAY``, defined in ``faces.py`` so that
``notation`` may name them without loading the engine), the one spelling: there is no
enum of them. Actions are compared and hashed all the time, and an ``IntEnum`` member
is slower to compare than an int and slower still to look up (``Verb.PLAY`` is a class
attribute lookup of some 75 ns on Python 3.11, a module constant a few).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from itertools import combinations, islice, repeat
from operator import itemgetter
from typing import TYPE_CHECKING, Final, Literal, NamedTuple, overload

# The verbs (defined with the game's other fixed symbols, re-exported here)
from five_hundred.faces import BID as BID
from five_hundred.faces import DISCARD as DISCARD
from five_hundred.faces import JOKER_NAME as JOKER_NAME
from five_hundred.faces import PASS as PASS
from five_hundred.faces import PLAY as PLAY
from five_hundred.safe_text import excerpt

from .cards import _CHUNKS, JOKER, SUIT_LETTERS, card_str, parse_card, parse_suit
from .rules import RuleSet

if TYPE_CHECKING:
    from .bidding import Ladder


JOKER_NONE: Final = 4  # ``joker none``: the declarer leaves the joker suitless


class Pass(NamedTuple):
    """``pass`` in the auction (R11)."""

    verb: Literal[0]


class MakeBid(NamedTuple):
    """A bid: ``ladder_index`` is its place in ``Ladder.bids``."""

    verb: Literal[1]
    ladder_index: int


class Discard(tuple[int, ...]):
    """The declarer's discard after taking the kitty (R17): ``(DISCARD, c1, ..., ck)``,
    as many cards as the kitty, ascending. ``Discard(cards)`` sorts the cards."""

    __slots__ = ()

    def __new__(cls, cards: Iterable[int]) -> Discard:
        return tuple.__new__(cls, (DISCARD, *sorted(cards)))

    @property
    def verb(self) -> Literal[2]:
        return DISCARD

    @property
    def cards(self) -> tuple[int, ...]:
        return self[1:]

    def __repr__(self) -> str:
        return f"Discard({self[1:]!r})"


class NameJoker(NamedTuple):
    """The NT or misère declarer names the joker's suit, or ``JOKER_NONE`` (R23)."""

    verb: Literal[3]
    suit: int


class Play(NamedTuple):
    """A card played as it is."""

    verb: Literal[4]
    card: int


class JokerLead(NamedTuple):
    """A lead of the suitless joker naming the suit it calls (R26)."""

    verb: Literal[4]
    card: int  # always JOKER
    suit: int


Action = Pass | MakeBid | Discard | NameJoker | Play | JokerLead
CardPlay = Play | JokerLead  # the actions of the play


_NEW_TUPLE = tuple.__new__


def _discard_of(items: tuple[int, ...]) -> Discard:
    """A ``Discard`` of ``(DISCARD, c1, ..., ck)`` exactly as given (no sorting)."""
    return _NEW_TUPLE(Discard, items)


# (per pick, a getter of its discard's items; the index of each pick)
Picks = tuple[tuple[Callable[[tuple[int, ...]], tuple[int, ...]], ...], dict[tuple[int, ...], int]]


@cache
def _picks(n: int, k: int) -> Picks:
    """The k-position subsets of n positions in ``combinations`` order, as getters of
    ``(DISCARD, c1, ..., ck)`` from ``(DISCARD, *cards)`` (an ``itemgetter`` per pick:
    the discard drawn is built in C), and the index of each pick (a hand of 13 and a
    kitty of 3: 286 of them)."""
    picks = tuple(combinations(range(n), k))
    getters: tuple[Callable[[tuple[int, ...]], tuple[int, ...]], ...] = (
        tuple(itemgetter(0, *(p + 1 for p in pick)) for pick in picks) if k
        else (lambda items: items[:1],))  # itemgetter(0) would give the bare verb
    return getters, {p: i for i, p in enumerate(picks)}


_INTS = {int}  # the types of a tuple of ints, exactly (no bool, no float)


class Discards(Sequence[Discard]):
    """The legal discards of a hand: every ``k``-card subset of ``cards`` (ascending) as
    a ``Discard``, in ascending order, the order ``combinations`` lists them in. A
    sequence like the tuple of them all (length, indexing, iteration, ``in``,
    ``index``, equality and hash), whose items are built when they are read: a
    declarer with 13 cards has 286 discards and makes one."""

    __slots__ = ("_cards", "_items", "_k", "_last", "_n", "_picks")

    def __init__(self, cards: tuple[int, ...], k: int) -> None:
        self._cards = cards
        self._items = (DISCARD, *cards)  # what the picks' getters read
        self._k = k
        self._picks = _picks(len(cards), k)
        self._n = len(self._picks[0])  # comb(len(cards), k)
        # The last discard built, with its index (from 0): ``GameState.apply`` places
        # the one just drawn (``legal[legal.index(action)]``) and gets that very discard.
        self._last: tuple[int, Discard] | None = None

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> Discard: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Discard, ...]: ...

    def __getitem__(self, i: int | slice) -> Discard | tuple[Discard, ...]:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(self._n)))
        last = self._last
        if last is not None and last[0] == i:
            return last[1]
        item = _NEW_TUPLE(Discard, self._picks[0][i](self._items))
        self._last = (i if i >= 0 else i + self._n, item)
        return item

    def __iter__(self) -> Iterator[Discard]:
        # combinations() of (DISCARD, *cards) yields first, in order, exactly the C(n, k)
        # tuples that begin with DISCARD: the discards, built in C.
        return map(_NEW_TUPLE, repeat(Discard, self._n),
                   islice(combinations((DISCARD, *self._cards), self._k + 1), self._n))

    def __eq__(self, other: object) -> bool:
        """Equal, like the tuple of them all, to an equal tuple or ``Discards``."""
        if isinstance(other, Discards):
            return (self._cards, self._k) == (other._cards, other._k) or \
                tuple(self) == tuple(other)
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Discards({self._cards!r}, {self._k})"

    def __contains__(self, action: object) -> bool:
        try:
            self.index(action)
        except ValueError:
            return False
        return True

    def index(self, action: object, start: int = 0, stop: int = sys.maxsize) -> int:
        """The index of the discard equal to ``action`` (``ValueError`` if none), as the
        tuple of them all would give it: a tuple of ints is placed by its cards' places
        in the hand, anything else is compared with each discard in turn."""
        if start != 0 or stop != sys.maxsize:
            return super().index(action, start, stop)  # the mixin's scan
        last = self._last
        if last is not None and last[1] is action:
            return last[0]  # the discard just built, drawn by the caller
        # (A ``Discard``, the engine's own type, is placed by its cards without the check
        # of its items' types: an item that is no card held is no legal discard either.)
        if type(action) is Discard or (isinstance(action, tuple)
                                       and {*map(type, action)} == _INTS):
            if len(action) != self._k + 1 or action[0] != DISCARD:
                raise ValueError("not a legal discard")
            # the cards' places in the hand (ValueError for a card not held), then the
            # place of that pick of places (none: not ascending, or a card twice)
            i = self._picks[1].get(tuple(map(self._cards.index, action[1:])))
            if i is None:
                raise ValueError("not a legal discard")
            return i
        for i, d in enumerate(self):
            if d == action:
                return i
        raise ValueError("not a legal discard")


# Every action the engine hands out, built once (legal actions are never constructed
# on the hot path), discards aside: they are made from the declarer's hand.
PASS_ACTION: Final = Pass(PASS)
BID_ACTIONS: Final = tuple(MakeBid(BID, i) for i in range(64))  # more than any ladder
NAME_JOKER: Final = tuple(NameJoker(JOKER_NAME, s) for s in (0, 1, 2, 3, JOKER_NONE))
PLAY_ACTIONS: Final = tuple(Play(PLAY, c) for c in range(64))
JOKER_LEADS: Final = tuple(JokerLead(PLAY, JOKER, s) for s in range(4))

_PLAY_CHUNKS = tuple(
    tuple(tuple(PLAY_ACTIONS[c] for c in cards) for cards in table) for table in _CHUNKS
)


def play_actions_of(mask: int) -> tuple[Play, ...]:
    """``Play`` for every card of a bitmask, lowest first."""
    c = _PLAY_CHUNKS
    return (c[0][(mask >> 4) & 4095] + c[1][(mask >> 20) & 4095]
            + c[2][(mask >> 36) & 4095] + c[3][(mask >> 52) & 4095])


def as_action(items: Sequence[int]) -> Action:
    """The typed action equal to ``items`` (a plain tuple or list of ints); a typed
    action is returned as it is. ``ValueError`` if no action has that shape."""
    if isinstance(items, (Pass, MakeBid, Discard, NameJoker, Play, JokerLead)):
        return items
    t = tuple(items)
    if not t or any(type(x) is not int for x in t):
        raise ValueError(f"not an action: {excerpt(repr(items))}")
    verb, n = t[0], len(t)
    if verb == PASS and n == 1:
        return PASS_ACTION
    if verb == BID and n == 2:
        return BID_ACTIONS[t[1]] if 0 <= t[1] < len(BID_ACTIONS) else MakeBid(BID, t[1])
    if verb == DISCARD and n >= 2:
        return _discard_of(t)
    if verb == JOKER_NAME and n == 2:
        return NameJoker(JOKER_NAME, t[1])
    if verb == PLAY and n == 2:
        return PLAY_ACTIONS[t[1]] if 0 <= t[1] < 64 else Play(PLAY, t[1])
    if verb == PLAY and n == 3:
        return JokerLead(PLAY, t[1], t[2])
    raise ValueError(f"not an action: {excerpt(repr(items))}")


def action_text(action: Action, ladder: Ladder) -> str:
    """Record spelling without the seat: ``bid 7H``, ``play JK H``, ``discard 5S 6S 7C``."""
    if isinstance(action, Play):
        return f"play {card_str(action.card)}"
    if isinstance(action, JokerLead):
        return f"play {card_str(action.card)} {SUIT_LETTERS[action.suit]}"
    if isinstance(action, MakeBid):
        return f"bid {ladder.bids[action.ladder_index].code}"
    if isinstance(action, Discard):
        return "discard " + " ".join(card_str(c) for c in action.cards)
    if isinstance(action, NameJoker):
        return "joker none" if action.suit == JOKER_NONE else f"joker {SUIT_LETTERS[action.suit]}"
    return "pass"


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
        return BID_ACTIONS[ladder.parse(" ".join(args))]
    if verb == "discard" and args:
        return Discard(parse_card(a, rules) for a in args)
    if verb == "joker" and len(args) == 1:
        if args[0].lower() == "none":
            return NAME_JOKER[JOKER_NONE]
        return NAME_JOKER[parse_suit(args[0])]
    if verb == "play" and len(args) == 1:
        return PLAY_ACTIONS[parse_card(args[0], rules)]
    if verb == "play" and len(args) == 2:
        card = parse_card(args[0], rules)
        if card != JOKER:
            raise ValueError(f"only the joker names a suit when led, not {excerpt(args[0])}")
        return JOKER_LEADS[parse_suit(args[1])]
    raise ValueError(f"unknown action {excerpt(text)}")
