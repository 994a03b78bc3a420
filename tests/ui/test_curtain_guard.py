"""The curtain holds against ordinary keyboard habits (issue 8).

Found at a real table: the key that bid, passed or played also lifted the next
curtain (a double press, key repeat, typing ahead: 21 of 25 tries); a new deal whose
first bidder had played the last card started without a curtain (10 of 10); keys bid
and played, and computers went on playing, while "enlarge the terminal" covered the
table. Every test here sends real keys; time is a clock the test moves, so no test
depends on the wall clock.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from five_hundred.engine import PAGAT_AUSTRALIAN
from five_hundred.hotseat import Controller, Player
from five_hundred.ui import computers
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.computers import HIDDEN_POLL
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.summary import SummaryScreen
from five_hundred.ui.screens.table import TableScreen
from five_hundred.ui.widgets.bids import BidGrid
from five_hundred.ui.widgets.hand import Hand
from tests.acting import seed15_to_the_play

from .helpers import resize, screen_text
from .walk import FOUR_PEOPLE, owner_of

GUARD = 0.5
ONE_PERSON = (Player("Ana", "computer", "easy"), Player("Bruno"),
              Player("Carla", "computer", "easy"), Player("Davi", "computer", "easy"))


class FakeClock:
    """The guard's clock: time passes only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float = 1.0) -> None:
        self.now += seconds


def guarded(tmp_path: Path, clock: FakeClock, seed: int = 15,
            players: tuple[Player, ...] = FOUR_PEOPLE, **kw: object) -> FiveHundredApp:
    return create_app(tmp_path, seed=seed, players=players, pace=3600.0,
                      guard_seconds=GUARD, clock=clock, **kw)  # type: ignore[arg-type]


def hand_owner(app: FiveHundredApp) -> int | None:
    """Whose hand is drawn on the screen now (None: no hand)."""
    screen = app.screen
    if not isinstance(screen, TableScreen):
        return None
    cards = screen.query_one(Hand).cards
    assert app.controller is not None
    return owner_of(app.controller, cards) if cards else None


def controller(app: FiveHundredApp) -> Controller:
    assert app.controller is not None
    return app.controller


async def lift(pilot: Pilot[None], clock: FakeClock) -> None:
    """The person called waits a moment, then presses Enter."""
    clock.advance()
    await pilot.press("enter")


async def to_east_lead(pilot: Pilot[None], app: FiveHundredApp, clock: FakeClock) -> None:
    """Seed 15: East bids 6NT, all pass, East discards and names the joker a heart:
    East (at the keyboard) is to lead."""
    c = controller(app)
    await pilot.pause()
    seed15_to_the_play(c)
    app.advance()
    await pilot.pause()
    assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 1
    await lift(pilot, clock)
    assert hand_owner(app) == 1


@pytest.mark.parametrize("second", ["enter", "space"])
@pytest.mark.parametrize("move", ["bid", "pass", "card"])
async def test_a_second_key_never_lifts_the_next_curtain(tmp_path: Path, move: str,
                                                         second: str) -> None:
    """The key after a bid, a pass or a card, sent with no pause, is swallowed by the
    next person's curtain: the next hand is never drawn for the player who moved."""
    clock = FakeClock()
    app = guarded(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        c = controller(app)
        if move == "card":
            await to_east_lead(pilot, app, clock)
        else:
            await pilot.pause()
            await lift(pilot, clock)
        mover = c.acting_seat
        assert mover is not None and hand_owner(app) == mover
        clock.advance()  # the mover thinks, then presses the key twice
        if move in ("card", "bid"):
            # a lead or a bid is chosen before Enter makes it
            await pilot.press("1" if move == "card" else "6")
        first = {"bid": "enter", "pass": "p", "card": "enter"}[move]
        await pilot.press(first, second)
        assert c.acting_seat == (mover + 1) % 4, "the first key made the move"
        assert isinstance(app.screen, CurtainScreen), "the second key lifted the curtain"
        assert hand_owner(app) is None
        assert "One moment" in screen_text(app)  # the curtain shows it is not ready
        await lift(pilot, clock)  # the next person, a moment later, lifts it
        assert hand_owner(app) == (mover + 1) % 4


async def test_key_repeat_and_typing_ahead_are_swallowed(tmp_path: Path) -> None:
    """A held Enter (auto-repeat every 0.1 s) never lifts the curtain; every key
    restarts the guard time, and only a key after a quiet moment counts."""
    clock = FakeClock()
    app = guarded(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        for _ in range(12):  # 1.2 s of key repeat, longer than the guard time
            clock.advance(0.1)
            await pilot.press("enter")
        await pilot.press("b", "space", "1", "enter")  # typing ahead
        assert isinstance(app.screen, CurtainScreen) and hand_owner(app) is None
        clock.advance(GUARD)
        screen = app.screen
        assert isinstance(screen, CurtainScreen)
        screen.guard_changed()  # what the screen's timer does once the guard time is over
        await pilot.pause()
        assert "press Enter" in screen_text(app)  # ready now
        await pilot.press("enter")
        assert hand_owner(app) == controller(app).acting_seat


async def test_space_never_lifts_the_curtain(tmp_path: Path) -> None:
    """Space marks cards at the table; on the curtain it does nothing, even late."""
    clock = FakeClock()
    app = guarded(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        clock.advance()
        await pilot.press("space")
        assert isinstance(app.screen, CurtainScreen)


def _play_out(c: Controller, rng: random.Random) -> int:
    """Play the deal to its end with seeded random legal actions; returns the seat
    that made the last move."""
    last = -1
    while not c.deal_over:
        seat = c.acting_seat
        assert seat is not None
        last = seat
        if c.computer_to_act():
            c.play_computer(0.01)
            continue
        c.reveal()
        view = c.table_view()
        assert view is not None
        c.act(rng.choice(view.legal))
    return last


def _last_card_then_first_bid() -> int:
    """A seed whose first deal (random play, rng seeded alike) ends with the card of
    the player who bids first in the next deal."""
    for seed in range(1, 400):
        c = Controller(PAGAT_AUSTRALIAN, FOUR_PEOPLE, seed)
        last = _play_out(c, random.Random(seed))
        public = c.public()
        if public.winner is None and public.contract is not None and \
                last == (public.dealer + 2) % 4:  # left of the next dealer (R7, R8)
            return seed
    raise AssertionError("no such seed")


async def test_new_deal_starts_behind_a_curtain_when_the_last_player_bids_first(
        tmp_path: Path) -> None:
    """The player who plays the last card and bids first in the next deal gets a
    curtain after the summary: others saw the summary, anyone may be at the keys."""
    seed = _last_card_then_first_bid()
    clock = FakeClock()
    app = guarded(tmp_path, clock, seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        c = controller(app)
        c.auto_play = False  # the seed was found playing every card by hand
        last = _play_out(c, random.Random(seed))
        app.advance()
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        clock.advance()
        await pilot.press("enter", "enter")  # next deal, and a double press
        assert c.acting_seat == last, "the last player bids first"
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == last
        assert hand_owner(app) is None


async def test_summary_next_deal_key_waits_for_the_guard(tmp_path: Path) -> None:
    """The key that ended the deal's last trick does not also start the next deal, and
    with one person a double Enter on the summary does not bid on the new hand."""
    clock = FakeClock()
    app = guarded(tmp_path, clock, seed=3, players=ONE_PERSON)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        c = controller(app)
        _play_out(c, random.Random(3))
        app.advance()
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("enter")  # typed ahead, before the summary was read
        assert isinstance(app.screen, SummaryScreen)
        clock.advance()
        await pilot.press("enter", "enter", "enter")
        assert c.public().deal_number == 2
        assert c.public().auction == () or all(seat != 1 for seat, _ in c.public().auction)


async def test_keys_do_nothing_while_enlarge_covers_the_table(tmp_path: Path) -> None:
    """While "Please enlarge the terminal" covers the table no key acts (an open
    misère was bid blind that way), and once the terminal is large again the hand
    waits behind a curtain: who sits at the keyboard now is not known."""
    clock = FakeClock()
    app = guarded(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await lift(pilot, clock)
        c = controller(app)
        seat = c.acting_seat
        before = c.public()
        await resize(pilot, 60, 20)
        assert "enlarge the terminal" in screen_text(app)
        clock.advance()
        await pilot.press("p", "enter", "right", "enter", "space", "b")
        assert c.public() == before
        await resize(pilot, 80, 24)
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == seat
        assert hand_owner(app) is None
        await lift(pilot, clock)
        assert hand_owner(app) == seat


def computers_first(tmp_path: Path) -> FiveHundredApp:
    """Three computers and one person (the last seat): a computer acts first."""
    players = (Player("Ana", "computer", "easy"), Player("Bruno", "computer", "easy"),
               Player("Carla", "computer", "easy"), Player("Davi"))
    return guarded(tmp_path, FakeClock(), seed=2, players=players)


async def test_computers_wait_while_the_table_cannot_be_seen(tmp_path: Path) -> None:
    """A computer's turn comes while the terminal is too small: it does not move
    until the table can be seen again."""
    app = computers_first(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        c = controller(app)
        assert c.computer_to_act()
        await resize(pilot, 70, 20)
        before = c.public()
        app.computers.step()  # the computer's timer fires while the message is up
        await pilot.pause()
        assert c.public() == before
        await resize(pilot, 80, 24)
        app.computers.step()
        await pilot.pause()
        assert c.public() != before


async def test_a_waiting_computer_looks_again_at_a_tenth_of_a_second(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """While the table cannot be seen, a computer at pace 0 looks again after
    ``HIDDEN_POLL``, not after a millisecond: those timers kept the process busy for
    as long as the rules or the "enlarge" message were up."""
    app = computers_first(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert controller(app).computer_to_act()
        await resize(pilot, 70, 20)
        app.pace = 0.0  # the fastest pace a person can set is near it
        delays: list[float] = []

        def spy(node: object, delay: float, callback: Callable[[], object]) -> None:
            delays.append(delay)

        monkeypatch.setattr(computers, "call_after", spy)
        app.computers._timer_pending = False
        app.computers.step()
        assert delays == [HIDDEN_POLL]


async def test_resumed_game_starts_behind_a_curtain(tmp_path: Path) -> None:
    """After a resume the first hand waits for its owner to lift a curtain."""
    clock = FakeClock()
    app = guarded(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await lift(pilot, clock)
        clock.advance()
        await pilot.press("p")
        await lift(pilot, clock)
        assert hand_owner(app) is not None
    again = guarded(tmp_path, clock, autostart=False, resume=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, CurtainScreen)
        assert hand_owner(again) is None


async def test_enter_typed_after_quit_answers_no(tmp_path: Path) -> None:
    """q opens "Quit now?"; an Enter typed right after it must not answer yes (the
    focus is on No): the game goes on, the same hand on the table."""
    clock = FakeClock()
    app = guarded(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await lift(pilot, clock)
        seat = controller(app).acting_seat
        clock.advance()
        await pilot.press("q", "enter")
        await pilot.pause()
        assert app.return_code is None and isinstance(app.screen, TableScreen)
        assert hand_owner(app) == seat


async def test_once_a_key_counted_the_table_takes_fast_keys(tmp_path: Path) -> None:
    """The guard protects the table as it appears, not the person using it: after the
    first key counted, a digit and Enter in the same instant bid, and a held arrow key
    moves the cursor at every repeat (found playing: "7" then Enter lost the Enter)."""
    clock = FakeClock()
    app = guarded(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        await lift(pilot, clock)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("enter")  # at once: swallowed, the table has just appeared
        assert controller(app).public().auction == ()
        clock.advance()
        # key repeat, no time passing: the first shows the cursor on 6♠, each next moves it
        await pilot.press("right", "right", "right", "right")
        assert table.query_one("#bids", BidGrid).selected == "6H"
        await pilot.press("7", "enter")
        await pilot.pause()
        assert controller(app).public().auction[-1][1] == "7S"
