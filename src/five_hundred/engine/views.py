"""What a seat may know, and what everyone may see (frozen pydantic models).

The UI and the computer players are given these, never the ``GameState``. The public
part is a projection of the state onto what was played face up; the seat part adds
that seat's own cards, its kitty and discard if it is the declarer, and its legal
actions when it is to act.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated

from pydantic import BaseModel, ConfigDict, PlainSerializer, PlainValidator

from .actions import (
    JOKER_NONE,
    PLAY,
    Action,
    Discard,
    JokerLead,
    MakeBid,
    NameJoker,
    Pass,
    Play,
    action_text,
    as_action,
)
from .bidding import Ladder
from .cards import (
    NO_TRUMPS,
    SUIT_LETTERS,
    SUITLESS,
    card_str,
    cards_of,
    display_codes,
    led_code,
    play_context,
    trump_code,
)
from .rules import RuleSet
from .state import (
    BIDDING,
    DISCARD_PHASE,
    JOKER_PHASE,
    PLAYING,
    DealResult,
    GameState,
    Phase,
    team_of,
)

_FROZEN = ConfigDict(frozen=True, extra="forbid")

# An action in a model: the engine's typed action, written as the plain list of its
# ints (JSON) or tuple (Python), and read back from either into its typed form.
ActionField = Annotated[Action, PlainValidator(as_action),
                        PlainSerializer(tuple, return_type=tuple[int, ...])]


class LegalAction(BaseModel):
    """One thing the acting seat may do, in every form a layer needs: the engine's
    tuple (``action``), the record spelling (``text``) and its parts, already parsed."""

    model_config = _FROZEN
    action: ActionField
    text: str  # record spelling without the seat: "bid 7H", "play JK H"
    verb: int  # the action's verb: PASS, BID, DISCARD, JOKER_NAME or PLAY (actions.py)
    bid: str | None = None  # bid code for BID
    cards: tuple[str, ...] = ()  # the card played, or the three discarded
    suit: str | None = None  # suit letter named for the joker or called by a joker lead

    @property
    def card(self) -> str | None:
        """The card of a play."""
        return self.cards[0] if self.verb == PLAY else None


@lru_cache(maxsize=65536)
def legal_action(action: Action, ladder: Ladder) -> LegalAction:
    """The typed form of ``action`` (frozen, so one object serves every view that has
    it: views are built at every step and a discard has hundreds of choices). Built
    from the engine's own tables, so pydantic's validation is skipped."""
    bid: str | None = None
    cards: tuple[str, ...] = ()
    suit: str | None = None
    if isinstance(action, MakeBid):
        bid = ladder.bids[action.ladder_index].code
    elif isinstance(action, Discard):
        cards = tuple(card_str(c) for c in action.cards)
    elif isinstance(action, NameJoker):
        suit = None if action.suit == JOKER_NONE else SUIT_LETTERS[action.suit]
    elif isinstance(action, Play):
        cards = (card_str(action.card),)
    elif isinstance(action, JokerLead):
        cards = (card_str(action.card),)
        suit = SUIT_LETTERS[action.suit]
    return LegalAction.model_construct(action=action, text=action_text(action, ladder),
                                       verb=action.verb, bid=bid, cards=cards, suit=suit)


class TrickView(BaseModel):
    """A trick: its plays in order as (seat, card), the suit led and, once complete,
    the winner. ``led`` is a suit letter, or ``"J"`` for a joker lead in the two-joker
    game's no trumps."""

    model_config = _FROZEN
    plays: tuple[tuple[int, str], ...]
    led: str | None
    winner: int | None = None


class PublicView(BaseModel):
    """Everything every player at the table may see."""

    model_config = _FROZEN
    rules: RuleSet
    # bidding, discard, play, deal_over, game_over. While the declarer decides whether
    # to name the joker (R23) everyone else sees "play": that decision exists only for a
    # declarer who holds the joker, so showing it would tell the table where it is.
    phase: Phase
    to_act: int | None
    dealer: int
    deal_number: int  # from 1
    scores: tuple[int, int]
    auction: tuple[tuple[int, str], ...]  # (seat, "pass" | bid code)
    high_bid: str | None
    high_bidder: int | None
    passed: tuple[bool, bool, bool, bool]
    contract: str | None
    contract_label: str | None
    declarer: int | None
    trump: str | None  # "S" "C" "D" "H" or "NT" once there is a contract
    joker_suit: str | None  # the suit the declarer named for the joker (R23)
    sitting_out: int | None  # the misère declarer's partner (R18)
    tricks_to_win: int | None  # tricks the declaring side needs (0 for misère: none)
    trick: TrickView | None  # the trick being played
    tricks: tuple[TrickView, ...]  # completed tricks, oldest first
    tricks_won: tuple[int, int, int, int]
    team_tricks: tuple[int, int]
    hand_sizes: tuple[int, int, int, int]
    exposed_hand: tuple[str, ...] | None  # open misère, after the first trick (R22)
    suits_led: tuple[str, ...]
    results: tuple[DealResult, ...]  # the finished deals, the engine's own values
    winner: int | None
    win_reason: str

    @property
    def last_trick(self) -> TrickView | None:
        return self.tricks[-1] if self.tricks else None

    def blind_misere_open(self, seat: int) -> bool:
        """V5: ``seat`` may still bid blind misère this deal (the auction is on and it
        has made no call yet), so its hand must not be shown before it chooses."""
        return (self.rules.blind_misere and self.phase == BIDDING
                and all(s != seat for s, _call in self.auction))


class SeatView(BaseModel):
    """What one seat may know: the public view plus its own private cards."""

    model_config = _FROZEN
    seat: int
    public: PublicView
    phase: Phase  # as this seat knows it: JOKER only for the declarer who must decide
    hand: tuple[str, ...]  # sorted for display under the current trumps
    kitty: tuple[str, ...] | None  # only the declarer, during the exchange (R17)
    discards: tuple[str, ...] | None  # only the declarer's own discard
    legal: tuple[LegalAction, ...]  # empty if not to act

    @property
    def to_act(self) -> bool:
        return self.public.to_act == self.seat

    @property
    def legal_actions(self) -> tuple[str, ...]:
        """The legal actions' record spellings."""
        return tuple(a.text for a in self.legal)

    def find(self, text: str) -> LegalAction | None:
        """The legal action spelt ``text``, or None."""
        return next((a for a in self.legal if a.text == text), None)

    def plays(self) -> dict[str, LegalAction]:
        """The legal card plays by card code (a joker lead's suit calls are under its
        own code only if it is playable without a call)."""
        return {a.cards[0]: a for a in self.legal if a.verb == PLAY and a.suit is None}

    def playable(self) -> frozenset[str]:
        """Every card that may be played now (led with a called suit or not)."""
        return frozenset(a.cards[0] for a in self.legal if a.verb == PLAY)


def _sorted_codes(state: GameState, mask: int) -> tuple[str, ...]:
    """Cards sorted for display: by effective suit under the contract's trumps (the joker
    and left bower with the trumps), plain suits before a contract."""
    bid = state.contract
    if bid is None:
        ctx = play_context(state.rules, NO_TRUMPS, SUITLESS)
    elif state.phase in (DISCARD_PHASE, JOKER_PHASE):
        ctx = play_context(state.rules, bid.trump, SUITLESS)
    else:
        ctx = state.ctx
    return display_codes(ctx, mask)


def public_view(state: GameState) -> PublicView:
    bid = state.contract
    tricks = tuple(TrickView(plays=tuple((s, card_str(c)) for s, c in plays),
                             led=led_code(led), winner=winner)
                   for plays, winner, led in state.tricks)
    trick = None
    if state.trick:
        trick = TrickView(plays=tuple((s, card_str(c)) for s, c in state.trick),
                          led=led_code(state.led))
    high = state.ladder.bids[state.high] if state.high >= 0 else None
    exposed = None
    if state.exposed and bid is not None:
        exposed = _sorted_codes(state, state.hands[state.declarer])
    return PublicView(
        rules=state.rules,
        phase=PLAYING if state.phase == JOKER_PHASE else state.phase,
        to_act=state.to_act if state.to_act >= 0 else None,
        dealer=state.dealer,
        deal_number=state.deal_index + 1,
        scores=(state.scores[0], state.scores[1]),
        auction=tuple((s, "pass" if isinstance(a, Pass)
                       else state.ladder.bids[a.ladder_index].code)
                      for s, a in state.auction),
        high_bid=high.code if high else None,
        high_bidder=state.high_bidder if high else None,
        passed=(bool(state.passed & 1), bool(state.passed & 2), bool(state.passed & 4),
                bool(state.passed & 8)),
        contract=bid.code if bid else None,
        contract_label=bid.label if bid else None,
        declarer=state.declarer if bid else None,
        trump=trump_code(bid.trump) if bid else None,
        joker_suit=(SUIT_LETTERS[state.joker_named] if state.joker_named >= 0 else None),
        sitting_out=state.out_seat if state.out_seat >= 0 else None,
        tricks_to_win=bid.tricks if bid else None,
        trick=trick,
        tricks=tricks,
        tricks_won=(state.tricks_won[0], state.tricks_won[1], state.tricks_won[2],
                    state.tricks_won[3]),
        team_tricks=state.team_tricks(),
        hand_sizes=(0, 0, 0, 0) if state.deal_over else tuple(  # type: ignore[arg-type]
            h.bit_count() for h in state.hands),
        exposed_hand=exposed,
        suits_led=tuple(SUIT_LETTERS[s] for s in range(4) if (state.suits_led >> s) & 1),
        results=tuple(state.results),
        winner=state.winner,
        win_reason=state.win_reason,
    )


def view_for(state: GameState, seat: int, public: PublicView | None = None) -> SeatView:
    """Exactly what ``seat`` may know now. ``public``: ``public_view(state)`` if the
    caller has it already (a server building every seat's view of one position builds
    the public part once); it must be of ``state`` as it is now."""
    is_declarer = state.contract is not None and seat == state.declarer
    kitty = None
    if is_declarer and state.phase == DISCARD_PHASE:
        kitty = tuple(card_str(c) for c in cards_of(state.kitty))
    discards = None
    if is_declarer and state.discards:
        discards = tuple(card_str(c) for c in cards_of(state.discards))
    legal: tuple[LegalAction, ...] = ()
    if state.to_act == seat and not state.deal_over:
        legal = tuple(legal_action(a, state.ladder) for a in state.legal_actions())
    hand = () if state.deal_over else _sorted_codes(state, state.hands[seat])
    if public is None:
        public = public_view(state)
    phase = state.phase if is_declarer else public.phase
    return SeatView(seat=seat, public=public, phase=phase, hand=hand, kitty=kitty,
                    discards=discards, legal=legal)


__all__ = [
    "LegalAction",
    "PublicView",
    "SeatView",
    "TrickView",
    "legal_action",
    "public_view",
    "team_of",
    "view_for",
]
