"""Issue 24, item 5: the review of a finished deal at a networked table.

A seat at its own screen may review a finished deal as it saw it (``net/review.py``):
its own hand, every card played, the kitty and the discard only as the declarer, an
open-misère hand face up; every other card is ``UNSEEN``. The double-dummy analysis
comes only when the seat saw every card of the hands in play.

- ``for_seat`` names exactly the cards the engine's views showed the seat during the
  deal (the oracle replays the deal through ``view_for``): no more, and no less, over
  deals of every kind (suit, no trumps, misère and open misère won and lost, passed);
- over the wire: four clients play three deals, then each asks for every deal; every
  ``review`` frame is checked against the oracle (the wire check), the analysis
  follows "computing", and a card of the deal it never saw in one frame is caught
  (the positive control);
- a deal not finished is refused with an ``error``, and the game is unchanged.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from five_hundred.engine import PAGAT_AUSTRALIAN
from five_hundred.engine.actions import Pass
from five_hundred.engine.review import DealReview, deal_review
from five_hundred.engine.state import GameState
from five_hundred.engine.views import view_for
from five_hundred.net import review as net_review
from five_hundred.net.client import BotClient
from five_hundred.net.protocol import UNSEEN, Error, Review, ReviewAnalysis, ReviewAsk, Table
from five_hundred.net.table import NetTable, TableConfig
from tests.net.helpers import (
    WireCheck,
    bots,
    play,
    review_cards,
    review_problems,
    running,
    seen_in_deal,
)

RULES = PAGAT_AUSTRALIAN.model_copy(update={"blind_misere": True})
LEVELS = ("easy", "normal", "easy", "normal")


def one_deal(seed: int, bid: str | None) -> GameState:
    """A finished deal: the first seat to speak bids ``bid`` (None: random bids), the
    others pass; then random legal play (seeded)."""
    state = GameState.new_game(RULES, seed)
    rng = random.Random(seed)
    first = True
    while not state.deal_over:
        legal = list(state.legal_actions())
        action = rng.choice(legal)
        if state.phase == "bidding":
            if bid is not None:
                wanted = view_for(state, state.to_act).find(f"bid {bid}")
                action = wanted.action if first and wanted is not None else next(
                    a for a in legal if isinstance(a, Pass))
            elif rng.random() < 0.6:
                action = next(a for a in legal if isinstance(a, Pass))
            first = False
        state.apply(action)
    return state


DEALS = [(seed, bid) for seed in range(1, 7) for bid in (None, "MIS", "OMIS", "BMIS", "8NT")]


@pytest.mark.parametrize(("seed", "bid"), DEALS)
def test_a_seat_reviews_exactly_what_it_saw(seed: int, bid: str | None) -> None:
    state = one_deal(seed, bid)
    whole = deal_review(state, 0)
    for seat in range(4):
        mine = net_review.for_seat(whole, seat)
        seen = seen_in_deal(state, 0, seat)
        # nothing it never saw, and everything it saw
        assert review_cards(Review(deal=0, deals=1, seat=seat, review=mine,
                                   analysis="none")) == seen
        assert mine.hands[seat] == whole.hands[seat]  # its own hand, as dealt
        for s in range(4):  # every hand keeps its size
            assert len(mine.hands[s]) == len(whole.hands[s])
            for t, w in zip(mine.tricks, whole.tricks, strict=True):
                assert len(t.held[s]) == len(w.held[s])
                assert t.plays == w.plays
        declarer = whole.declarer
        if declarer == seat:
            assert mine.kitty == whole.kitty and mine.discards == whole.discards
        else:
            assert set(mine.kitty) == {UNSEEN} and set(mine.discards) <= {UNSEEN}
        played_out = bool(whole.tricks) and len(whole.tricks) == 10
        if whole.contract is None:
            assert not net_review.analysable(whole, seat)
            assert all(set(mine.hands[s]) == {UNSEEN} for s in range(4) if s != seat)
        elif played_out:
            assert net_review.analysable(whole, seat)  # every card in play was played
        if whole.contract == "OMIS" and whole.tricks and declarer is not None:
            # face up after the first trick (R22): every seat saw the hand played from
            assert UNSEEN not in mine.tricks[0].held[declarer]
        if whole.contract == "BMIS" and declarer is not None and declarer != seat and \
                not played_out:
            assert UNSEEN in mine.tricks[-1].held[declarer]  # blind misère stays closed


def test_the_kinds_of_deal_are_all_there() -> None:
    """The deals above include a lost misère (withheld analysis), a played-out open
    misère or contract, and a passed deal: the cases the rules treat apart."""
    kinds = set()
    for seed, bid in DEALS:
        whole = deal_review(one_deal(seed, bid), 0)
        lost_early = whole.contract is not None and len(whole.tricks) < 10
        kinds.add((whole.contract, lost_early))
        if lost_early:
            assert not all(net_review.analysable(whole, s) for s in range(4))
    assert (None, False) in kinds
    assert any(c == "OMIS" for c, _lost in kinds)
    assert any(c in ("MIS", "OMIS", "BMIS") and lost for c, lost in kinds)
    assert any(c not in (None, "MIS", "OMIS", "BMIS") and not lost for c, lost in kinds)


# ------------------------------------------------------------------ over the wire


async def reviews_of(client: BotClient, deal: int | None) -> list[Review | Error]:
    """Ask for ``deal``'s review and read the answers until the last: a refusal, or a
    review whose analysis is not still "computing"."""
    conn = client.connection
    assert conn is not None
    await conn.send(ReviewAsk(deal=deal))
    out: list[Review | Error] = []
    async with asyncio.timeout(60):
        while True:
            message = await conn.recv()
            if client.on_frame is not None:
                client.on_frame(client, message)
            if isinstance(message, Review | Error):
                out.append(message)
                if isinstance(message, Error) or message.analysis != "computing":
                    return out


async def play_three_deals(server: object, wire: WireCheck) -> tuple[NetTable, list[BotClient]]:
    from five_hundred.net.server import TableServer

    assert isinstance(server, TableServer)
    table = server.open_table(TableConfig(seed=11, pace=0, undo_window=0))
    clients = bots(server, table.code, LEVELS, seed=5, on_frame=wire.watcher(table),
                   stop=lambda frame: frame.model.public.deal_number > 3)
    await play(clients)
    return table, clients


async def test_every_seat_reviews_every_deal_over_the_wire(
        monkeypatch: pytest.MonkeyPatch) -> None:
    wire = WireCheck()
    wire.install(monkeypatch)
    async with running() as server:
        table, clients = await play_three_deals(server, wire)
        c = table.controller
        assert c is not None
        record = c.record_json()
        finished = len(c._state.logs)
        assert finished == 3
        analysed = 0
        for client in clients:
            seat = client.seat
            for deal in (*range(finished), None):
                answers = await reviews_of(client, deal)
                first, last = answers[0], answers[-1]
                assert isinstance(first, Review) and isinstance(last, Review)
                index = finished - 1 if deal is None else deal
                assert last.deal == index and last.deals == finished and last.seat == seat
                whole = deal_review(c._state, index)
                assert last.review == net_review.for_seat(whole, seat)
                if net_review.analysable(whole, seat):
                    assert first.analysis == "computing" or len(answers) == 1
                    assert isinstance(last.analysis, ReviewAnalysis)
                    assert last.analysis.contract == whole.contract
                    analysed += 1
                else:
                    assert last.analysis in ("withheld", "none") and len(answers) == 1
            # a deal that is not finished (the one under way) is refused
            (refused,) = await reviews_of(client, finished)
            assert isinstance(refused, Error) and refused.code == "refused"
        assert c.record_json() == record  # reviews change nothing
        assert analysed > 0
    assert wire.problems == []
    assert wire.reviews >= 4 * (finished + 1) and wire.analyses == analysed


async def test_the_wire_check_catches_a_review_that_shows_one_card_too_many(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Positive control: the server's review for one defender gets one card of the
    kitty in place of an unseen one; the check finds that review, and only it."""
    original = net_review.for_seat
    leaked: list[str] = []

    def leaky(review: DealReview, seat: int) -> DealReview:
        mine = original(review, seat)
        if not leaked and review.declarer is not None and seat != review.declarer:
            card = review.kitty[0]
            leaked.append(card)
            return mine.model_copy(update={"kitty": (card, *mine.kitty[1:])})
        return mine

    monkeypatch.setattr(net_review, "for_seat", leaky)
    wire = WireCheck()
    wire.install(monkeypatch)
    async with running() as server:
        table, clients = await play_three_deals(server, wire)
        assert wire.problems == []
        c = table.controller
        assert c is not None
        declared = next(i for i, r in enumerate(c.public().results) if r.declarer is not None)
        declarer = c.public().results[declared].declarer
        defender = next(cl for cl in clients if cl.seat != declarer)
        answers = await reviews_of(defender, declared)
    assert len(leaked) == 1
    # the one review (its frame, and the frame with its analysis if one follows)
    assert len(wire.problems) == len(answers), wire.problems
    assert all(leaked[0] in problem for problem in wire.problems), wire.problems


async def test_a_frame_at_the_end_of_a_deal_is_checked_against_what_the_seat_saw(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After a deal nothing is turned face up: the table frame of a finished deal that
    names a card of the kitty to a defender is caught (the check of the frames between
    deals, which once let everything through)."""
    original = NetTable.frame_for
    leaked: list[str] = []

    def leaky(table: NetTable, seat: int) -> Table:
        frame = original(table, seat)
        c = table.controller
        assert c is not None
        state = c._state
        result = state.results[-1] if state.results else None
        if not leaked and state.phase == "deal_over" and result is not None and \
                result.declarer is not None and seat != result.declarer:
            from five_hundred.engine.cards import card_str, cards_of
            from five_hundred.faces import card_face

            face = card_face(card_str(next(iter(cards_of(state.logs[-1].kitty)))))
            if face not in {card_face(x) for x in seen_in_deal(state, len(state.logs) - 1,
                                                               seat)}:
                leaked.append(face)
                model = frame.model.model_copy(
                    update={"log": (*frame.model.log, f"the kitty held {face}")})
                return frame.model_copy(update={"model": model})
        return frame

    monkeypatch.setattr(NetTable, "frame_for", leaky)
    wire = WireCheck()
    wire.install(monkeypatch)
    async with running() as server:
        await play_three_deals(server, wire)
    assert len(leaked) == 1
    assert len(wire.problems) == 1 and leaked[0] in wire.problems[0], wire.problems


def test_review_problems_names_a_strange_card_and_another_seats_review() -> None:
    state = one_deal(3, "8NT")
    whole = deal_review(state, 0)
    mine = net_review.for_seat(whole, 1)
    ok = Review(deal=0, deals=1, seat=1, review=mine, analysis="none")
    assert review_problems(state, ok, 1) == []
    assert review_problems(state, ok, 2)  # seat 1's review sent to seat 2
    odd = ok.model_copy(update={"review": mine.model_copy(update={"kitty": ("XX",)})})
    assert any("XX" in p for p in review_problems(state, odd, 1))
