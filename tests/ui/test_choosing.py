"""One way to choose (issue 10, item 4): a digit selects -- a card, a suit, a bid level --
and Enter confirms, everywhere; the suits keep their numbers 1♠ 2♣ 3♦ 4♥ in every
prompt (a suit that cannot be called is dimmed and refused); the cursor stays on the
same card when the hand re-sorts."""

from __future__ import annotations

from pathlib import Path

import pytest

from five_hundred.notation import card_label
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens.table import LEAD_CHOICES, TableScreen
from five_hundred.ui.widgets.bids import BidGrid
from tests.acting import act_text

from .driver import settle
from .helpers import screen_text
from .test_snapshots import SEED, to_bidding, to_joker, to_kitty


def controller(app: FiveHundredApp):  # type: ignore[no-untyped-def]
    assert app.controller is not None
    return app.controller


def _table(app: object) -> TableScreen:
    screen = getattr(app, "screen", None)
    assert isinstance(screen, TableScreen) and screen.view is not None
    return screen


async def test_a_digit_selects_the_joker_suit_and_enter_names_it_r23(tmp_path: Path) -> None:
    app = create_app(tmp_path, seed=SEED, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_joker(pilot)
        table = _table(app)
        assert table.mode == "joker"
        assert table.view is not None
        await pilot.press("right", "right")  # the hand's cursor is not moved by suits
        await pilot.press("4")
        assert table.mode == "joker" and table.suit_cursor == 3
        assert app.public_view().joker_suit is None  # nothing named yet
        assert " 1:♠  2:♣  3:♦  4:♥  5:none" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.public_view().joker_suit == "H"


async def test_the_cursor_stays_on_its_card_when_the_hand_changes(tmp_path: Path) -> None:
    """After the discard the hand is shorter and re-sorted: the cursor is still on the
    card it was on, so the next key means the same card."""
    app = create_app(tmp_path, seed=SEED, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_kitty(pilot)
        table = _table(app)
        assert table.view is not None
        hand_before = table.view.hand
        card = hand_before[-2]
        assert card not in ("5S", "7S", "QS")
        table.cursor = len(hand_before) - 2
        act_text(controller(app), "discard 5S 7S QS")
        app.advance()
        await pilot.pause()
        table = _table(app)
        assert table.view is not None and len(table.view.hand) < len(hand_before)
        assert table.view.hand.index(card) != len(hand_before) - 2
        assert table.view.hand[table.cursor] == card


async def test_joker_lead_suits_keep_their_numbers_and_refuse_a_dimmed_one_r26(
        tmp_path: Path) -> None:
    app = create_app(tmp_path, seed=SEED, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_joker(pilot)
        await pilot.press("5", "enter")  # the joker stays without a suit
        await settle(pilot, app)
        table = _table(app)
        assert table.view is not None
        await pilot.press("enter")  # a lead waits for a choice: Enter alone says so
        assert table.mode == "play" and app.public_view().trick is None
        assert table.notice is not None and "Choose the card to lead" in table.notice.plain
        await pilot.press("1234567890"[table.view.hand.index("JK")], "enter")
        assert table.mode == "lead"
        open_now = set(table._joker_lead_suits())
        assert open_now and open_now <= set(LEAD_CHOICES)
        assert LEAD_CHOICES[table.suit_cursor] in open_now
        closed = [i for i, s in enumerate(LEAD_CHOICES) if s not in open_now]
        if closed:
            await pilot.press(str(closed[0] + 1))
            assert table.mode == "lead" and LEAD_CHOICES[table.suit_cursor] in open_now
        pick = next(i for i, s in enumerate(LEAD_CHOICES) if s in open_now)
        await pilot.press(str(pick + 1))
        assert table.mode == "lead"  # selected, not played
        assert app.public_view().trick is None
        await pilot.press("enter")
        await pilot.pause()
        trick = app.public_view().trick
        assert trick is not None and trick.plays[0][1] == "JK"
        assert trick.led == LEAD_CHOICES[pick]


async def test_a_digit_selects_a_bid_level_and_enter_bids_r9(tmp_path: Path) -> None:
    app = create_app(tmp_path, seed=SEED, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_bidding(pilot)
        grid = app.screen.query_one(BidGrid)
        await pilot.press("8")
        assert grid.selected == "8S"
        await pilot.press("0")
        assert grid.selected == "10S"
        await pilot.press("7", "right")
        assert grid.selected == "7C"
        assert app.public_view().auction == ()
        await pilot.press("enter")
        await pilot.pause()
        assert app.public_view().auction[-1][1] == "7C"


async def test_a_turn_to_bid_waits_for_a_choice(tmp_path: Path) -> None:
    """Like a lead, a turn to bid shows no cursor until the person chooses: an Enter
    pressed out of habit (after a summary, where no curtain is called) says so and bids
    nothing; the first arrow shows the cursor on the cheapest bid, Enter then bids it.
    A turn that comes back after the others' calls waits again."""
    app = create_app(tmp_path, seed=SEED, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_bidding(pilot)
        table = _table(app)
        grid = table.query_one(BidGrid)
        assert grid.unchosen and grid.reminder == ""
        await pilot.press("enter")
        await pilot.pause()
        assert app.public_view().auction == ()
        assert table.notice is not None and "Choose your bid first" in table.notice.plain
        await pilot.press("right")
        assert not grid.unchosen and grid.selected == "6S"
        assert app.public_view().auction == ()
        await pilot.press("enter")
        await pilot.pause()
        assert app.public_view().auction[-1][1] == "6S"
        c = controller(app)
        bidder = app.public_view().auction[-1][0]
        for text in ("bid 7S", "pass", "pass"):
            act_text(c, text)
        app.curtain_lifted(bidder)
        await pilot.pause()
        table = _table(app)
        grid = table.query_one(BidGrid)
        assert table.view is not None and table.view.seat == bidder and grid.unchosen
        await pilot.press("enter")
        await pilot.pause()
        auction = app.public_view().auction
        assert len(auction) == 4 and auction[-1][0] != bidder  # nothing bid or passed
        assert table.notice is not None and "Choose your bid first" in table.notice.plain


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_won_trick_stays_on_the_table_until_the_next_lead(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """Issue 10, item 3: the fourth card does not make the trick vanish; the four cards
    stay in the middle with the winner marked until the winner leads again."""
    app = create_app(tmp_path, seed=SEED, pace=3600.0)
    async with app.run_test(size=size) as pilot:
        await to_joker(pilot)
        c = controller(app)
        act_text(c, "joker H")
        while not c.public().tricks:  # forced cards are played for people on the way
            if c.needs_curtain():
                c.reveal()
            view = c.table_view()
            assert view is not None
            c.act(view.legal[0])
        if c.needs_curtain():
            c.reveal()
        app.advance()
        await pilot.pause()
        public = app.public_view()
        trick = public.last_trick
        assert public.trick is None and trick is not None and trick.winner is not None
        text = screen_text(app)
        assert "trick 1" in text and f"→ {c.names[trick.winner]}" in text and "★ wins" in text
        for _seat, card in trick.plays:
            assert card_label(card) in text
        assert "Last trick" not in text  # said once, in the middle
        view = c.table_view()
        assert view is not None
        c.act(view.legal[0])  # the winner leads: the old trick goes to the foot line
        app.advance()
        await pilot.pause()
        text = screen_text(app)
        assert "★ wins" not in text and "Last trick" in text
