"""The game state: phase, whose turn, ``legal_actions()`` and ``apply(action)``.

``legal_actions()`` is the one source of legality; ``apply`` accepts exactly its
members and mutates the state in place (like a chess board's ``push``); anything
else raises ``IllegalAction`` and leaves the state as it was. ``copy()`` is cheap for
search. The hot path works on ints and bitmasks only; pydantic lives in views and
records.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from hashlib import sha512
from operator import itemgetter
from typing import NoReturn

# The phases (defined with the game's other fixed symbols; the one spelling, see there)
from five_hundred.faces import BIDDING as BIDDING
from five_hundred.faces import DEAL_OVER as DEAL_OVER
from five_hundred.faces import DISCARD_PHASE as DISCARD_PHASE
from five_hundred.faces import GAME_OVER as GAME_OVER
from five_hundred.faces import JOKER_PHASE as JOKER_PHASE
from five_hundred.faces import PHASES as PHASES
from five_hundred.faces import PLAYING as PLAYING
from five_hundred.faces import SEATS
from five_hundred.faces import Phase as Phase

from .actions import (
    _PLAY_CHUNKS,
    BID,
    DISCARD,
    JOKER_LEADS,
    JOKER_NAME,
    JOKER_NONE,
    NAME_JOKER,
    PLAY,
    PLAY_ACTIONS,
    Action,
    CardPlay,
    Discard,
    Discards,
    JokerLead,
    MakeBid,
    NameJoker,
    Pass,
    Play,
    action_text,
    parse_action,
    play_actions_of,
)
from .bidding import BLIND_MISERE, GAME, MISERE, OPEN_MISERE, Bid, Ladder, ladder_for
from .cards import (
    JOKER,
    JOKER2,
    NO_TRUMPS,
    SUITLESS,
    PlayContext,
    cards_of,
    deck,
    deck_set,
    play_context,
)
from .errors import IllegalAction
from .play import (
    ALL_SUITS_LED,
    FOLLOW_SUIT,
    JOKER_COMPULSORY,
    JOKER_NOT_VOID,
    LEAD_LAST_ONLY,
    LED_BIT,
    NEXT_SEAT,
    Kernel,
    kernel_for,
    play_filters,
)
from .reasons import N_, Because
from .rules import RuleSet
from .scoring import DealScore, game_winner, score_deal

SEAT_NAMES = SEATS  # the engine's messages name seats as the table does




_JOKER_BIT = 1 << JOKER
_BIT = tuple(1 << c for c in range(64))  # a card's bit, built once (most are long ints)
_CHUNK0, _CHUNK1, _CHUNK2, _CHUNK3 = _PLAY_CHUNKS  # Play actions per 12-bit pattern of a suit
_PHASE_RULE = {BIDDING: "R9", DISCARD_PHASE: "R17", JOKER_PHASE: "R23", PLAYING: "R20"}
# _NEXT_BIDDER[passed][seat]: the next seat clockwise from ``seat`` that has not passed
# (``passed``: a bit per seat; R11), for auctions that go on (some seat has not passed)
_NEXT_BIDDER = tuple(
    tuple(next(((seat + i) & 3 for i in range(1, 5) if not (passed >> ((seat + i) & 3)) & 1),
               -1) for seat in range(4))
    for passed in range(16))
# The (seat, card) pairs of tricks and the (seat, Play) pairs of the log, built once and
# shared (tuples: equal to the pairs built afresh), so that a card played allocates
# nothing that must be freed with the game.
_SEAT_CARD = tuple(tuple((seat, c) for c in range(64)) for seat in range(4))
_SEAT_PLAY = tuple(tuple((seat, PLAY_ACTIONS[c]) for c in range(64)) for seat in range(4))


def team_of(seat: int) -> int:
    return seat & 1


@dataclass(frozen=True, slots=True)
class DealResult:
    """What a finished deal produced: the one value the game keeps of it
    (``GameState.results``) and the one everyone is shown (``PublicView.results``,
    ``DealReview.result``; pydantic takes it as a field and round-trips it through JSON).
    ``reasons`` are the scoring reasons per side, ``made`` whether the contract was made
    (None for a deal nobody declared)."""

    dealer: int
    contract: str | None
    declarer: int | None
    tricks: tuple[int, int]
    score_change: tuple[int, int]
    scores: tuple[int, int]
    reasons: tuple[tuple[str, ...], tuple[str, ...]]
    made: bool | None = None


@dataclass(frozen=True, slots=True)
class DealLog:
    """A deal as the record keeps it: the cards as dealt and the actions in order."""

    dealer: int
    hands: tuple[int, int, int, int]
    kitty: int
    actions: tuple[tuple[int, Action], ...]


@cache
def _deal_layout(rules: RuleSet, dealer: int) -> tuple[int, ...]:
    """Destination of each position of the shuffled pack: seat 0-3, or 4 for the kitty."""
    layout: list[int] = []
    for each, to_kitty in rules.deal_pattern:
        for i in range(1, 5):
            layout.extend([(dealer + i) & 3] * each)
        layout.extend([4] * to_kitty)
    return tuple(layout)


Picker = Callable[[Sequence[int]], tuple[int, ...]]
DealPlan = tuple[tuple[int, ...], tuple[tuple[Picker, ...], ...]]


def _picker(positions: list[int]) -> Picker:
    """The items at ``positions`` of a sequence, as a tuple (``itemgetter`` returns a
    bare item for one position and refuses none, hence the two lambdas)."""
    if len(positions) > 1:
        return itemgetter(*positions)
    if positions:
        p = positions[0]
        return lambda seq: (seq[p],)
    return lambda seq: ()


@cache
def _deal_plan(rules: RuleSet, dealer: int) -> DealPlan:
    """The deck as card bits (``1 << card``), and per cut (index 1 to n-1) five pickers:
    the positions of the shuffled pack, before the cut, whose cards go to seats 0-3
    and to the kitty. Picking with the cut folded in spares ``deal_cards`` a Python
    loop over the pack (it runs once a deal)."""
    bits = tuple(1 << c for c in deck(rules))
    layout = _deal_layout(rules, dealer)
    n = len(bits)
    if len(layout) != n:
        raise ValueError(f"the deal pattern deals {len(layout)} cards from a pack of {n}")
    plans: list[tuple[Picker, ...]] = [()]
    for cut in range(1, n):
        positions: list[list[int]] = [[], [], [], [], []]
        for j in range(n):
            positions[layout[(j - cut) % n]].append(j)  # after the cut, j is at j - cut
        plans.append(tuple(_picker(p) for p in positions))
    return bits, tuple(plans)


def deal_cards(rules: RuleSet, dealer: int, rng: _random.Random) -> tuple[list[int], int]:
    """Shuffle, cut and deal in the rule set's pattern starting left of the dealer (R5)."""
    bits, plans = _tables_for(rules).deal_plans[dealer]
    r = rng.random
    # The deck's order is shuffled by i.i.d. continuous keys, a uniform permutation (the
    # same one whatever is sorted: the keys are drawn one per card in deck order).
    shuffled = sorted(bits, key=lambda _: r())
    # The cut: rng.randrange(1, n) as CPython's Random draws it (1 + _randbelow(n - 1):
    # k-bit draws, k the bit length of n - 1, until one is below n - 1), without
    # randrange's argument checks; tests/engine/test_cards.py holds it to randrange.
    n1 = len(bits) - 1
    k = n1.bit_length()
    getrandbits = rng.getrandbits
    cut = getrandbits(k)
    while cut >= n1:
        cut = getrandbits(k)
    cut += 1
    seat0, seat1, seat2, seat3, to_kitty = plans[cut]
    # A hand is the sum of its cards' bits (distinct powers of two: sum is or).
    return ([sum(seat0(shuffled)), sum(seat1(shuffled)), sum(seat2(shuffled)),
             sum(seat3(shuffled))], sum(to_kitty(shuffled)))


class _RuleTables:
    """What the engine derives from one rule set, found once per game by the rule
    set's identity (``_tables_for``), so that a deal looks nothing up by the rule set's
    hash (a Python ``__hash__``, half a microsecond): the ladder, the deal plans per
    dealer, and the play tables per contract (``play_context`` and ``kernel_for`` in
    one lookup on small ints: ``kernel_for``'s own cache hashes the context's tables;
    and ``_follows``'s table)."""

    __slots__ = ("deal_plans", "ladder", "opening", "play", "rules", "scored")

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.ladder = ladder_for(rules)
        self.deal_plans = tuple(_deal_plan(rules, d) for d in range(4))
        # score_deal's results by contract and tricks (``GameState._score_deal``): they
        # depend on nothing else unless the defence's points are capped (V4)
        self.scored: dict[int, DealScore] | None = {} if rules.defensive_cap is None else None
        # play[(trump * 5 + joker_suit + 1) * 2 + misere], filled as contracts come
        self.play: list[PlayTables | None] = [None] * 50
        # the tables a deal starts with, before any contract (``GameState._start_deal``)
        self.opening = self.play_tables(NO_TRUMPS, SUITLESS, False)

    def play_tables(self, trump: int, joker_suit: int, misere: bool) -> PlayTables:
        i = (trump * 5 + joker_suit + 1) * 2 + misere
        found = self.play[i]
        if found is None:
            ctx = play_context(self.rules, trump, joker_suit)
            kernel = kernel_for(self.rules, ctx, misere)
            leads = tuple(tuple(JOKER_LEADS[s] for s in names) for names in kernel.names)
            found = self.play[i] = (ctx, kernel, _follows(kernel), leads)
        return found


# Per effective suit led: (the cards of that suit, one slot's Play table or None, shift).
Follow = tuple[int, tuple[tuple[Play, ...], ...] | None, int]
# (context, kernel, follows, joker leads): ``leads[i]`` is the ``JokerLead`` of every
# suit in ``kernel.names[i]`` (R26, V3), built once per contract
PlayTables = tuple[PlayContext, Kernel, tuple[Follow, ...], tuple[tuple[JokerLead, ...], ...]]


def _follows(kernel: Kernel) -> tuple[Follow, ...]:
    """Per effective suit led (0-4), what a follow needs (R20): the mask of the suit's
    cards, and, when they all lie in one suit's 12-bit slot of a mask (a plain suit: no
    bower, no joker in it), that slot's table of ``Play`` tuples and the shift to the
    slot, so that the legal cards of a follow are one lookup (``legal_actions``); else
    None and 0 (trumps with a bower, a named joker). Read once per trick, at its lead
    (``GameState._follow``), so a follow looks up neither the kernel nor the suit led."""
    out: list[Follow] = []
    for led in range(5):
        mask = kernel.suit_mask[led]
        slots = [s for s in range(4) if (mask >> (16 * s + 4)) & 4095]
        if len(slots) == 1 and not mask & ~(4095 << (16 * slots[0] + 4)):
            out.append((mask, _PLAY_CHUNKS[slots[0]], 16 * slots[0] + 4))
        else:
            out.append((mask, None, 0))
    return tuple(out)


@cache
def _tables_by_hash(rules: RuleSet) -> _RuleTables:
    return _RuleTables(rules)


_last_tables: tuple[RuleSet, _RuleTables] | None = None


def _tables_for(rules: RuleSet) -> _RuleTables:
    """The tables of ``rules``; the rule set last asked for is known by identity (one
    pair, replaced whole, so a thread reading it sees one rule set and its tables)."""
    global _last_tables
    last = _last_tables
    if last is not None and last[0] is rules:
        return last[1]
    tables = _tables_by_hash(rules)
    _last_tables = (rules, tables)
    return tables


_NEW_RANDOM = random.Random.__new__
_NEW_GENERATOR = _random.Random.__new__
_SEED_RANDOM = _random.Random.seed  # the C seeding of random.Random from an int


def _seed(rng: _random.Random, text: str) -> None:
    """Seed ``rng`` the way ``Random.seed`` seeds from a string (version 2: the text's
    bytes followed by their SHA-512, as one int), without its Python-level argument
    checks (two of these start every game; the C seeding itself, about 3 µs, is most
    of it)."""
    b = text.encode()
    _SEED_RANDOM(rng, int.from_bytes(b + sha512(b).digest()))


def seeded_random(text: str) -> random.Random:
    """``random.Random(text)``: the same generator (``_seed``)."""
    rng = _NEW_RANDOM(random.Random)
    _seed(rng, text)
    rng.gauss_next = None  # type: ignore[attr-defined]  # as Random.__init__ leaves it
    return rng


def _deal_text(seed: int, deal_index: int) -> str:
    """The text a game's deal is seeded from."""
    return f"five-hundred:{seed}:{deal_index}"


def seeded_deal(rules: RuleSet, seed: int, deal_index: int,
                dealer: int) -> tuple[list[int], int]:
    """The hands and kitty of a game's deal ``deal_index`` (from 0) dealt by ``dealer``:
    the one place a seed becomes cards (R5)."""
    return deal_cards(rules, dealer, _generator(_deal_text(seed, deal_index)))


def _generator(text: str) -> _random.Random:
    """``seeded_random(text)`` as the bare C generator (``_random.Random``, which
    ``random.Random`` extends): the same draws of ``random()`` and ``getrandbits``, for
    the engine's own draws (the deal, the first dealer), without building a
    ``random.Random`` instance's ``__dict__`` that nobody reads."""
    rng = _NEW_GENERATOR(_random.Random)
    _seed(rng, text)
    return rng


def first_dealer(seed: int) -> int:
    """R4: the first dealer is drawn at random (from the game's seed): ``randrange(4)``
    of the seed's generator, drawn as CPython's Random does (3-bit draws until one is
    below 4), without randrange's argument checks."""
    getrandbits = _generator(f"five-hundred:{seed}:dealer").getrandbits
    dealer = getrandbits(3)
    while dealer >= 4:
        dealer = getrandbits(3)
    return dealer


class GameState:
    """A whole game: the current deal in detail, earlier deals as results and logs."""

    __slots__ = (
        "rules", "ladder", "seed", "start_scores", "scores", "results", "logs",
        "winner", "win_reason", "deal_index", "dealer", "phase", "to_act",
        "hands", "dealt", "kitty", "discards", "actions",
        "auction", "passed", "high", "high_bidder", "had_turn",
        "contract", "declarer", "ctx", "kernel", "out_seat", "exposed", "joker_named",
        "trick", "trick_size", "led", "trick_no", "tricks_won", "tricks", "suits_led", "_legal",
        "_tables", "_next_seat", "_follows", "_follow", "_joker_leads", "_leader",
    )

    rules: RuleSet
    ladder: Ladder
    seed: int | None
    start_scores: tuple[int, int]
    scores: list[int]
    results: list[DealResult]
    logs: list[DealLog]
    winner: int | None
    win_reason: str
    deal_index: int
    dealer: int
    phase: Phase
    to_act: int
    hands: list[int]
    dealt: tuple[int, int, int, int]
    kitty: int
    discards: int
    actions: list[tuple[int, Action]]
    auction: list[tuple[int, MakeBid | Pass]]
    passed: int
    high: int
    high_bidder: int
    had_turn: int
    contract: Bid | None
    declarer: int
    ctx: PlayContext  # meaningful once play starts
    kernel: Kernel  # the play rules of the contract (play.py), likewise
    out_seat: int
    exposed: bool
    joker_named: int
    trick: list[tuple[int, int]]
    trick_size: int  # 4, or 3 when the misère declarer's partner sits out (R18)
    led: int
    trick_no: int
    tricks_won: list[int]
    tricks: list[tuple[tuple[tuple[int, int], ...], int, int]]  # (plays, winner, led)
    suits_led: int
    _legal: Sequence[Action] | None
    _tables: _RuleTables
    _next_seat: tuple[int, ...]  # NEXT_SEAT[out_seat]: the seat after each seat (R18)
    _follows: tuple[Follow, ...]  # per suit led: what a follow needs (``_follows``, R20)
    _follow: Follow  # ``_follows[led]`` of the trick under way, set at its lead
    _joker_leads: tuple[tuple[JokerLead, ...], ...]  # the contract's (``PlayTables``)
    _leader: int  # who led the trick under way: it is complete when the turn is back to them

    # ----------------------------------------------------------------- creation

    @classmethod
    def new_game(cls, rules: RuleSet, seed: int, start_scores: tuple[int, int] = (0, 0),
                 dealer: int | None = None) -> GameState:
        """A game dealt from ``seed``: random first dealer, shuffle and cut (R4, R5)."""
        state = cls._blank(rules, seed, start_scores)
        d = first_dealer(seed) if dealer is None else dealer
        hands, kitty = seeded_deal(rules, seed, 0, d)
        state._start_deal(d, hands, kitty)
        return state

    @classmethod
    def from_deal(cls, rules: RuleSet, dealer: int, hands: list[int], kitty: int,
                  start_scores: tuple[int, int] = (0, 0)) -> GameState:
        """A game whose first deal is given card by card (bitmasks per seat)."""
        state = cls._blank(rules, None, start_scores)
        state._start_deal(dealer, list(hands), kitty)
        return state

    @classmethod
    def _blank(cls, rules: RuleSet, seed: int | None,
               start_scores: tuple[int, int]) -> GameState:
        state = cls.__new__(cls)
        state.rules = rules
        state._tables = tables = _tables_for(rules)
        state.ladder = tables.ladder
        state.seed = seed
        state.start_scores = (start_scores[0], start_scores[1])
        state.scores = [start_scores[0], start_scores[1]]
        state.results = []
        state.logs = []
        state.winner = None
        state.win_reason = ""
        state.deal_index = -1
        return state

    def _start_deal(self, dealer: int, hands: list[int], kitty: int) -> None:
        self.deal_index += 1
        self.dealer = dealer
        self.hands = hands
        self.dealt = (hands[0], hands[1], hands[2], hands[3])
        self.kitty = kitty
        self.discards = 0
        self.actions = []
        self.auction = []
        self.passed = 0
        self.high = -1
        self.high_bidder = -1
        self.had_turn = 0
        self.contract = None
        self.declarer = -1
        self.ctx, self.kernel, self._follows, self._joker_leads = self._tables.opening
        self._follow = self._follows[SUITLESS]
        self.trick_size = 4
        self.out_seat = -1
        self._next_seat = NEXT_SEAT[-1]
        self.exposed = False
        self.joker_named = SUITLESS
        self.trick = []
        self._leader = -1
        self.led = -1
        self.trick_no = 0
        self.tricks_won = [0, 0, 0, 0]
        self.tricks = []
        self.suits_led = 0
        self.phase = BIDDING
        self.to_act = (dealer + 1) & 3  # R8
        self._legal = None

    def next_dealer(self) -> int:
        return (self.dealer + 1) & 3  # R7

    def start_next_deal(self, hands: list[int] | None = None, kitty: int | None = None) -> None:
        """Begin the next deal once this one is over: dealt from the seed, or given."""
        if self.phase != DEAL_OVER:
            raise IllegalAction("The current deal is not over yet", "R7")
        dealer = self.next_dealer()
        if hands is None or kitty is None:
            if self.seed is None:
                raise ValueError("no seed to deal from: give the hands and kitty")
            hands, kitty = seeded_deal(self.rules, self.seed, self.deal_index + 1, dealer)
        self._start_deal(dealer, list(hands), kitty)

    def copy(self) -> GameState:
        new = GameState.__new__(GameState)
        for name in GameState.__slots__:
            setattr(new, name, getattr(self, name))
        new.scores = list(self.scores)
        new.results = list(self.results)
        new.logs = list(self.logs)
        new.hands = list(self.hands)
        new.actions = list(self.actions)
        new.auction = list(self.auction)
        new.trick = list(self.trick)
        new.tricks_won = list(self.tricks_won)
        new.tricks = list(self.tricks)
        return new

    # ------------------------------------------------------------ questions

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def deal_over(self) -> bool:
        return self.phase in (DEAL_OVER, GAME_OVER)

    def text(self, action: Action) -> str:
        """Record spelling of an action, without the seat."""
        return action_text(action, self.ladder)

    def seat_hand(self, seat: int) -> tuple[int, ...]:
        """The cards a seat holds now, lowest id first."""
        return cards_of(self.hands[seat])

    def parse(self, text: str) -> Action:
        """An action from its record spelling; ``ValueError`` if the text is not one."""
        return parse_action(text, self.rules, self.ladder)

    def apply_text(self, text: str, seat: int | None = None) -> Action:
        """Parse and apply; bad text raises ``IllegalAction`` too, so callers have one
        error to handle."""
        try:
            action = self.parse(text)
        except ValueError as exc:
            raise IllegalAction(str(exc), "R9" if self.phase == BIDDING else "R20") from None
        return self.apply(action, seat)

    # ------------------------------------------------------------ legality

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action of the seat to act (``to_act``); empty once a deal is over.

        A tuple, but for the discards: a ``Discards`` sequence of them all, which builds
        the one read (a declarer with 13 cards has 286)."""
        legal = self._legal
        if legal is not None:
            return legal
        if self.trick:
            # A follow (a trick is under way only in play), most of every deal:
            # play.follow_mask inlined (R20, R25), with the suit led's entry of
            # ``_follows`` read once at the lead.
            mask, table, shift = self._follow
            hand = self.hands[self.to_act]
            m = hand & mask
            if m:
                if table is not None:  # a plain suit: its cards are one slot's
                    legal = table[(m >> shift) & 4095]
                    self._legal = legal
                    return legal
            elif self.kernel.compulsory and hand & _JOKER_BIT:
                m = _JOKER_BIT
            else:
                m = hand
        else:
            phase = self.phase
            if phase != PLAYING:
                if phase == BIDDING:
                    legal = self.ladder.legal_after[self.high + 1][
                        (self.had_turn >> self.to_act) & 1]
                else:
                    legal = self._legal_other()
                self._legal = legal
                return legal
            # A lead: any card, but the suitless joker names a suit (R19, R26)
            m = self.hands[self.to_act]
            if m & self.kernel.suitless_bit:
                legal = self._legal_leads()
                self._legal = legal
                return legal
        # play_actions_of(m) inlined
        legal = (_CHUNK0[(m >> 4) & 4095] + _CHUNK1[(m >> 20) & 4095]
                 + _CHUNK2[(m >> 36) & 4095] + _CHUNK3[(m >> 52) & 4095])
        self._legal = legal
        return legal

    def _legal_other(self) -> Sequence[Action]:
        """The legal actions of the exchange (R17, R23), and none once the deal is over."""
        phase = self.phase
        if phase == DISCARD_PHASE:
            # Every k-card subset of the hand, cards ascending, in ascending order.
            return Discards(cards_of(self.hands[self.declarer]), self.rules.kitty_size)
        if phase == JOKER_PHASE:
            return NAME_JOKER
        return ()

    def _legal_leads(self) -> tuple[Action, ...]:
        """The leads from a hand holding the suitless joker: every other card as it is,
        and the joker naming each suit it may (R26, V3)."""
        hand = self.hands[self.to_act]
        # lead_names inlined (the hand holds the suitless joker): R26, V3
        return (play_actions_of(hand & ~self.kernel.suitless_bit)
                + self._joker_leads[self.suits_led | (16 if self.trick_no == 9 else 0)])

    # ------------------------------------------------------------ applying

    def apply(self, action: Sequence[int], seat: int | None = None) -> Action:
        """Play ``action`` for the seat to act (``seat``, if given, must be that seat).

        ``action`` is one of ``legal_actions()`` or anything equal to one (a plain
        tuple of ints too); the state keeps, and returns, its own typed member."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        try:
            # (The discards' sequence places a discard by its cards, without a scan.)
            act = legal[legal.index(action)]
        except ValueError:
            self._reject(action, seat)
        if seat is not None and seat != self.to_act:
            self._reject(action, seat)
        seat = self.to_act
        self._legal = None
        if type(act) is Play:
            # Playing a card, inlined: this is most of every deal. (``act[1]`` is
            # ``act.card``: on Python 3.11 indexing a tuple is specialised, reading a
            # NamedTuple's field through its descriptor is not.) The pairs kept in the
            # log and the trick are the shared ones of ``_SEAT_PLAY`` and ``_SEAT_CARD``.
            card = act[1]
            self.actions.append(_SEAT_PLAY[seat][card])
            self.hands[seat] ^= _BIT[card]  # a legal card is held: the xor clears its bit
            trick = self.trick
            if not trick:
                # A lead: the kernel's trick step, inlined (led_of, with_led).
                trick.append(_SEAT_CARD[seat][card])
                led = self.kernel.eff[card]
                self.led = led
                self._follow = self._follows[led]
                self.suits_led |= LED_BIT[led]
                self._leader = seat
                self.to_act = self._next_seat[seat]
                return act
            trick.append(_SEAT_CARD[seat][card])
            # The trick goes on until the turn is back to its leader (the trick's size
            # told without counting it: 4, or 3 with a misère partner out, R18).
            after = self._next_seat[seat]
            if after != self._leader:
                self.to_act = after
                return act
            # The trick is complete, inlined (ten a deal): its winner, and the next lead
            # or the deal's end. play.winner inlined (R21, R24): the first card of the
            # highest weight wins.
            led = self.led
            row = self.kernel.rows[led]
            if len(trick) == 4:  # unrolled: the usual trick
                (win_seat, c0), (s1, c1), (s2, c2), (s3, c3) = trick
                best = row[c0]
                w = row[c1]
                if w > best:
                    win_seat, best = s1, w
                w = row[c2]
                if w > best:
                    win_seat, best = s2, w
                if row[c3] > best:
                    win_seat = s3
            else:
                win_seat, c0 = trick[0]
                best = row[c0]
                for s1, c1 in trick[1:]:
                    if row[c1] > best:
                        win_seat, best = s1, row[c1]
            self.tricks.append((tuple(trick), win_seat, led))
            self.tricks_won[win_seat] += 1
            self.trick = []
            self.trick_no = done = self.trick_no + 1
            if self.out_seat >= 0:
                bid = self.contract
                assert bid is not None
                if bid.kind == OPEN_MISERE:
                    self.exposed = True  # R22: open misère shown after the first trick
                if win_seat == self.declarer:
                    self._score_deal()  # R33: the misère is lost, play stops
                    return act
            if done == 10:
                self._score_deal()
                return act
            self.to_act = win_seat  # R21
            return act
        if type(act) is MakeBid or type(act) is Pass:
            # A bid or a pass, inlined (a few a deal); one (seat, action) pair is kept
            # by the log and the auction.
            entry = (seat, act)
            self.actions.append(entry)
            self.auction.append(entry)
            self.had_turn |= 1 << seat
            passed = self.passed
            if isinstance(act, Pass):
                self.passed = passed = passed | 1 << seat  # R11
                npassed = passed.bit_count()
                if npassed == 4:
                    self._end_deal_unplayed()  # R13
                    return act
                if npassed == 3 and self.high >= 0:
                    self._end_auction()  # R12
                    return act
            else:
                self.high = act[1]  # its ladder_index (see above on indexing)
                self.high_bidder = seat
                if passed.bit_count() == 3:
                    self._end_auction()  # R12
                    return act
            self.to_act = _NEXT_BIDDER[passed][seat]
            return act
        self.actions.append((seat, act))
        if type(act) is JokerLead:
            # R26: the suitless joker's lead sets the suit it names.
            self.hands[seat] ^= 1 << act.card
            self.led = act.suit
            self._follow = self._follows[act.suit]
            self.suits_led |= LED_BIT[act.suit]
            self.trick.append((seat, act.card))
            self._leader = seat
            self.to_act = self._next_seat[seat]
        elif type(act) is Discard:
            self._discard(seat, act)
        else:
            assert type(act) is NameJoker
            self._name_joker(act)
        return act

    def _reject(self, action: Sequence[int], seat: int | None) -> NoReturn:
        if seat is not None and seat != self.to_act and not self.deal_over:
            raise IllegalAction(
                Because(N_("It is {who}'s turn, not {other}'s"), {"other": SEATS[seat]},
                        who=self.to_act, other=seat), self._turn_rule())
        reason, rule = self.explain(action)
        raise IllegalAction(reason, rule)

    def _turn_rule(self) -> str:
        """The rule that says whose turn it is in this phase."""
        phase = self.phase
        if phase == PLAYING:
            return "R19" if self.trick_no == 0 and not self.trick else "R21"
        if phase == DISCARD_PHASE:
            return "R17"
        if phase == JOKER_PHASE:
            return "R23"
        return "R8"

    def _end_auction(self) -> None:
        bid = self.ladder.bids[self.high]
        if bid.tricks < self.rules.min_contract_tricks and not bid.is_misere:
            self._end_deal_unplayed()  # V6: final bid below 8 is thrown in
            return
        self.contract = bid
        self.declarer = self.high_bidder
        if bid.is_misere:
            self.out_seat = (self.declarer + 2) & 3  # R18
            self.trick_size = 3
            self._next_seat = NEXT_SEAT[self.out_seat]
        self.hands[self.declarer] |= self.kitty  # R17
        self.phase = DISCARD_PHASE
        self.to_act = self.declarer

    def _discard(self, seat: int, action: Discard) -> None:
        m = 0
        for c in action[1:]:  # its cards (``action.cards``)
            m |= _BIT[c]
        self.hands[seat] &= ~m
        self.discards = m
        bid = self.contract
        assert bid is not None
        if (bid.trump == NO_TRUMPS and self.rules.joker_naming and self.rules.jokers == 1
                and self.hands[seat] & _JOKER_BIT):
            self.phase = JOKER_PHASE  # R23
            return
        self._start_play(SUITLESS)

    def _name_joker(self, action: NameJoker) -> None:
        self._start_play(SUITLESS if action.suit == JOKER_NONE else action.suit)

    def _start_play(self, joker_suit: int) -> None:
        bid = self.contract
        assert bid is not None
        self.joker_named = joker_suit
        self.ctx, self.kernel, self._follows, self._joker_leads = self._tables.play_tables(
            bid.trump, joker_suit, self.out_seat >= 0)
        self.phase = PLAYING
        self.to_act = self.declarer  # R19

    # ------------------------------------------------------------ deal end

    def _log_deal(self) -> None:
        self.logs.append(DealLog(self.dealer, self.dealt, self.kitty, tuple(self.actions)))

    def _end_deal_unplayed(self) -> None:
        self._log_deal()
        s = (self.scores[0], self.scores[1])
        self.results.append(DealResult(self.dealer, None, None, (0, 0), (0, 0), s, ((), ())))
        self.to_act = -1
        # R34-R36: a passed-out or thrown-in deal is a deal like any other, so the
        # scores are checked after it too: a side already at -500 has lost now.
        self._end_deal(*game_winner(self.rules, s, None, False))

    def team_tricks(self) -> tuple[int, int]:
        """Tricks per team; in misère the declaring team counts the declarer's alone."""
        t = self.tricks_won
        if self.out_seat >= 0:
            d = self.declarer
            out = [0, 0]
            out[team_of(d)] = t[d]
            out[1 - team_of(d)] = t[(d + 1) & 3] + t[(d + 3) & 3]
            return out[0], out[1]
        return t[0] + t[2], t[1] + t[3]

    def _score_deal(self) -> None:
        bid = self.contract
        assert bid is not None
        d = self.declarer
        dteam = d & 1  # team_of
        # team_tricks() inlined: the declaring side's tricks (``ours``) and the other's
        t = self.tricks_won
        if self.out_seat >= 0:
            ours, theirs = t[d], t[(d + 1) & 3] + t[(d + 3) & 3]  # R18: the declarer's alone
        else:
            ours, theirs = t[dteam] + t[dteam + 2], t[1 - dteam] + t[3 - dteam]
        tricks = (theirs, ours) if dteam else (ours, theirs)
        scores = self.scores
        scored = self._tables.scored
        if scored is None:
            result = score_deal(self.rules, bid, dteam, ours, theirs, (scores[0], scores[1]))
        else:
            # The same contract (ladder index ``high``, the one the contract was made
            # from), side and tricks score the same: computed once per rule set.
            key = ((self.high * 2 + dteam) * 11 + ours) * 11 + theirs
            found = scored.get(key)
            if found is None:
                found = scored[key] = score_deal(self.rules, bid, dteam, ours, theirs,
                                                 (scores[0], scores[1]))
            result = found
        change = result.change
        scores[0] += change[0]
        scores[1] += change[1]
        after = (scores[0], scores[1])
        self._log_deal()
        self.results.append(DealResult(self.dealer, bid.code, d, tricks,
                                       change, after, result.reasons, result.made))
        self.to_act = -1
        self._end_deal(*game_winner(self.rules, after, dteam, result.made,
                                    result.game_decided_by))  # R34

    def _end_deal(self, winner: int | None, why: str) -> None:
        """The deal is scored: the next deal, or the end of the game (R34-R36)."""
        if winner is None:
            self.phase = DEAL_OVER
        else:
            self.winner = winner
            self.win_reason = why
            self.phase = GAME_OVER

    # ------------------------------------------------------------ explanations

    def explain(self, action: Sequence[int]) -> tuple[str, str]:
        """Why ``action`` is not legal now: (plain sentence, rule id). Slow path only.
        The sentence is a ``Because``: English, and translatable where it is shown.

        A refused action may be any tuple, of no action's shape, so it is read here as
        its verb and the items after it (``args``) until its shape is known."""
        who = self.to_act  # a seat, or -1 for nobody
        phase = self.phase
        if phase == GAME_OVER:
            return Because(N_("The game is over")), "R34"
        if phase == DEAL_OVER:
            rule = "R33" if self.contract and self.contract.is_misere else "R21"
            return Because(N_("The deal is over")), rule
        if not action or any(not isinstance(x, int) or isinstance(x, bool) for x in action):
            return (Because(N_("That is not an action of this game")),
                    _PHASE_RULE.get(phase, "R9"))
        verb, *rest = action
        args = tuple(rest)
        named = args if verb == DISCARD else args[:1] if verb == PLAY else ()
        if not deck_set(self.rules).issuperset(named):
            return Because(N_("There is no such card in this game's deck")), "R1"
        if phase == BIDDING:
            if verb != BID or len(args) != 1:
                return Because(N_("The auction is under way: {who} must bid or pass"),
                               who=who), "R9"
            return self._explain_bid(MakeBid(BID, args[0]))
        if phase == DISCARD_PHASE:
            k = self.rules.kitty_size
            if verb != DISCARD:
                return Because(N_("{who} must first discard {k} cards after taking the kitty"),
                               who=who, k=k), "R17"
            if len(args) != k or len(set(args)) != k:
                return Because(N_("The discard must be exactly {k} different cards"),
                               k=k), "R17"
            for c in args:
                if not (self.hands[self.to_act] >> c) & 1:
                    return Because(N_("{who} does not hold {card}"), who=who, card=c), "R17"
            return Because(N_("That is not a legal discard")), "R17"
        if phase == JOKER_PHASE:
            if verb != JOKER_NAME:
                return Because(N_("{who} holds the joker and must first name its suit or "
                                  "decline, before the opening lead"), who=who), "R23"
            return Because(N_("Name a suit S, C, D, H or none")), "R23"
        # playing
        if verb == JOKER_NAME:
            return Because(N_("Only the NT or misère declarer names the joker, before the "
                              "lead")), "R23"
        if verb != PLAY or not args:
            return Because(N_("The auction is over: {who} must play a card"), who=who), "R21"
        if len(args) > 2:
            return Because(N_("A play is one card, and a suit only when leading the "
                              "joker")), "R20"
        play = Play(PLAY, args[0]) if len(args) == 1 else JokerLead(PLAY, args[0], args[1])
        return self._explain_play(who, play)

    def _explain_bid(self, action: MakeBid) -> tuple[str, str]:
        bids = self.ladder.bids
        if not 0 <= action.ladder_index < len(bids):
            return Because(N_("No such bid")), "R9"
        bid = bids[action.ladder_index]
        high = bids[self.high] if self.high >= 0 else None
        if high is not None and bid.rank <= high.rank:
            kinds = (bid.kind, high.kind)
            rule = ("V6" if GAME in kinds else "V5" if BLIND_MISERE in kinds
                    else "R15" if OPEN_MISERE in kinds else "R10")
            return Because(N_("{bid} does not rank above the current bid {high}"),
                           {"bid": bid.label, "high": high.label},
                           bid=bid.code, high=high.code), rule
        if bid.kind == MISERE:
            return Because(N_("Misère may be bid only over a 7-level bid")), "R14"
        if bid.kind == BLIND_MISERE:
            return Because(N_("Blind misère may be bid only on one's first turn, before "
                              "seeing the cards")), "V5"
        return Because(N_("That bid is not allowed")), "R10"

    def _explain_play(self, who: int, action: CardPlay) -> tuple[str, str]:
        """Why a play of one card (``Play``), or of a card naming a suit
        (``JokerLead``-shaped, whatever the card), is refused."""
        card = action.card
        hand = self.hands[self.to_act]
        k = self.kernel
        if not (hand >> card) & 1:
            return Because(N_("{who} does not hold {card}"), who=who, card=card), "R20"
        leading = not self.trick
        led = self.led
        names_suit = isinstance(action, JokerLead)
        if not leading and names_suit:
            return Because(N_("Only a player leading the suitless joker names a suit")), "R26"
        if leading:
            if not (k.suitless_bit >> card) & 1:
                if names_suit:
                    return Because(N_("Only the suitless joker names a suit when led")), "R26"
                return Because(N_("That card cannot be led")), "R19"
            if not isinstance(action, JokerLead):
                return Because(N_("Leading the suitless joker needs a suit to name "
                                  "(play JK H)")), "R26"
            if not 0 <= action.suit < 4:
                return Because(N_("Name one of the suits S, C, D, H")), "R26"
        # The first rule that cut this card (or this naming) is the reason.
        for f in play_filters(k, hand, leading, led, 10 - self.trick_no, self.suits_led):
            if isinstance(action, JokerLead) and leading and not (f.names >> action.suit) & 1:
                continue
            if not leading and not (f.cards >> card) & 1:
                continue
            reason = self._filter_reason(who, f.reason, led, action)
            note = self._bower_note(hand, card, led) if f.reason == FOLLOW_SUIT else None
            if note is not None:
                reason = Because(N_("{reason} ({note})"), reason=reason, note=note)
            return reason, f.rule
        return Because(N_("That card cannot be played now")), "R20"

    def _bower_note(self, hand: int, card: int, led: int) -> Because | None:
        """When a card's face says one suit and the rules another (the left bower, a
        named joker), say so: that is what the player missed."""
        eff = self.kernel.eff
        trump = self.ctx.trump
        if trump >= 4:
            return None
        jokers = (JOKER, JOKER2)
        if card not in jokers and card >> 4 != eff[card]:
            return Because(N_("{face} is a {suit} while {suits} are trumps"),
                           face=card, suit=eff[card], suits=trump)
        disguised = [c for c in cards_of(hand)
                     if eff[c] == led and (c in jokers or c >> 4 != led)]
        if disguised and led == trump:
            return Because(N_("{face} counts as a {suit} while {suits} are trumps"),
                           face=disguised[0], suit=led, suits=trump)
        return None

    def _filter_reason(self, who: int, reason: str, led: int, action: CardPlay) -> Because:
        """Words for a kernel filter (``play.py`` reason codes)."""
        if reason == JOKER_NOT_VOID:
            return Because(N_("{who} holds a card of the suit led and may play the suitless "
                              "joker only when void in it"), who=who)
        if reason == FOLLOW_SUIT:
            if led == self.ctx.trump and led < 4:
                return Because(N_("{who} holds a trump and must follow trumps"), who=who)
            if led == NO_TRUMPS:
                return Because(N_("{who} holds the other joker and must play it"), who=who)
            return Because(N_("{who} holds a {suit} and must follow {suits}"),
                           who=who, suit=led, suits=led)
        if reason == JOKER_COMPULSORY:
            return Because(N_("{who} is void in {suits} and must play the joker in misère"),
                           who=who, suits=led)
        if reason == LEAD_LAST_ONLY:
            return Because(N_("Under this house rule the suitless joker may be led only to "
                              "the last trick"))
        if reason == ALL_SUITS_LED:
            return Because(N_("All four suits have been led: the suitless joker may now be "
                              "led only to the last trick"))
        assert isinstance(action, JokerLead)  # only a joker lead names a suit (R26)
        return Because(N_("{Suits} have already been led: the joker must name a suit not "
                          "yet led"), Suits=action.suit)
