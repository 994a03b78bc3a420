"""Undo, claims and forced plays at the table (issue 10, items 1 and 2), with real key
sequences: ``u`` from the next curtain and from the table, a double ``u``, ``u`` after
a computer replied and after another person lifted a curtain; ``c`` accepted and
refused; forced cards that need no curtain. At every step the leak oracle checks the
screen, and the hand drawn is always the hand of the person at the keyboard."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path

import pytest
from textual.pilot import Pilot

from five_hundred.engine import BIDDING, PAGAT_AUSTRALIAN, PLAYING
from five_hundred.engine.claims import ClaimCheck
from five_hundred.hotseat import ClaimRequest, Controller
from five_hundred.ui.app import FiveHundredApp
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.summary import ScoreSheetScreen, SummaryScreen
from five_hundred.ui.screens.table import TableScreen
from five_hundred.ui.storage import Storage
from tests.acting import act_text
from tests.engine.helpers import N, W, deal_from_text

from .driver import act
from .helpers import quick_pause, screen_text
from .leak import check_screen
from .test_curtain_guard import (
    ONE_PERSON,
    FakeClock,
    controller,
    guarded,
    hand_owner,
    lift,
)
from .walk import FOUR_PEOPLE


def messages(app: FiveHundredApp) -> list[str]:
    """What the person at the keyboard was told: toasts, and the table's notice line
    (where app.tell puts a notice while the table is on top)."""
    told = [n.message for n in app._notifications]
    table = app._table
    if table is not None and table.notice is not None:
        told.append(table.notice.plain)
    return told


async def no_leak(pilot: Pilot[None]) -> None:
    """The leak oracle on the screen as it is, once the toasts (public words, but
    drawn over the hand the oracle's positive control looks for) are gone."""
    app = pilot.app
    assert isinstance(app, FiveHundredApp)
    app.clear_notifications()
    await pilot.pause()
    check_screen(app)


def stood(c: Controller) -> list[str]:
    """The actions of the deal under way in the saved record."""
    return list(json.loads(c.record_json())["deals"][-1]["actions"])


async def test_undo_a_bid_from_the_next_curtain_and_a_double_u(tmp_path: Path) -> None:
    """Right+Enter bids the wrong suit; the next person's curtain stands; someone
    presses u twice: the bid is taken back, but the curtain cannot tell who pressed u,
    so the bidder's own curtain stands before the bidder's hand (issue 13, A); the
    second u, typed at once, does nothing."""
    clock = FakeClock()
    app = guarded(tmp_path, clock)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        c = controller(app)
        await pilot.pause()
        await lift(pilot, clock)
        bidder = c.acting_seat
        assert bidder is not None and hand_owner(app) == bidder
        clock.advance()
        await pilot.press("right")
        clock.advance()
        await pilot.press("enter")
        assert len(stood(c)) == 1 and isinstance(app.screen, CurtainScreen)
        assert app.screen.seat != bidder
        await no_leak(pilot)
        assert "u  Undo" in screen_text(app)  # the curtain's key bar offers it
        clock.advance()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        # the curtain speaks to the next person, and names the one who may take back
        assert f"{app.names[bidder]}, still at the keyboard after your move? u takes it " \
            "back." in curtain._prompt().plain
        await pilot.press("u", "u")  # a double press
        assert stood(c) == [] and c.acting_seat == bidder
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == bidder
        assert hand_owner(app) is None
        await no_leak(pilot)
        await lift(pilot, clock)
        assert isinstance(app.screen, TableScreen) and hand_owner(app) == bidder
        clock.advance()
        await pilot.press("u")  # a moment later: nothing more to take back
        await pilot.pause()
        assert any("Nothing to take back" in m for m in messages(app))
        assert stood(c) == [] and hand_owner(app) == bidder
        assert c.takebacks[bidder] == 1
        clock.advance()
        await pilot.press("s")  # the score sheet counts it
        assert isinstance(app.screen, ScoreSheetScreen)
        sheet = screen_text(app)
        ns, ew = c.takebacks[0] + c.takebacks[2], c.takebacks[1] + c.takebacks[3]
        assert f"Take-backs: N–S {ns} · E–W {ew}" in sheet


async def test_undo_refused_once_another_person_lifted_the_curtain(tmp_path: Path) -> None:
    clock = FakeClock()
    app = guarded(tmp_path, clock)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        c = controller(app)
        await pilot.pause()
        await lift(pilot, clock)
        clock.advance()
        await pilot.press("p")
        await lift(pilot, clock)  # the next person sits down and looks
        second = c.acting_seat
        assert second is not None and hand_owner(app) == second
        clock.advance()
        await pilot.press("u")
        await pilot.pause()
        assert any("Nothing to take back" in m for m in messages(app))
        assert len(stood(c)) == 1 and c.acting_seat == second
        assert hand_owner(app) == second
        await no_leak(pilot)


async def _bruno_to_play(pilot: Pilot[None], app: FiveHundredApp) -> None:
    c = controller(app)
    await pilot.pause()
    while c.phase != PLAYING or not c.person_to_act():
        assert not c.deal_over, "seed 4 must reach the play"
        view = c.table_view()
        if c.person_to_act() and view is not None:
            if c.phase == BIDDING:  # Bruno bids 6♥ at once, then passes
                act_text(c, "bid 6H" if view.find("bid 6H") and len(stood(c)) < 2
                         else "pass")
            else:
                act(app, view.legal[0].text)
            app.advance()
        else:
            app.step_computer()
        await pilot.pause()


async def test_counted_game_refuses_undo_after_the_computers_replied(
        tmp_path: Path) -> None:
    """Issue 13, item 14: in a counted game, u after the computers answered Bruno's
    card would show their cards and let him play again knowing them: refused in one
    line, nothing changes. Before they answer, u takes the card back."""
    clock = FakeClock()
    app = guarded(tmp_path, clock, seed=4, players=ONE_PERSON)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        c = controller(app)
        await _bruno_to_play(pilot, app)
        before = stood(c)
        clock.advance()
        await pilot.press("1", "enter")  # a lead needs a choice; the computers wait
        assert len(stood(c)) == len(before) + 1 and c.computer_to_act()
        clock.advance()
        await pilot.press("u")  # at once: taken back
        await pilot.pause()
        assert stood(c) == before and hand_owner(app) == 1
        clock.advance()
        await pilot.press("1", "enter")
        while c.computer_to_act():
            app.step_computer()
            await pilot.pause()
        after = stood(c)
        assert len(after) > len(before) + 1
        clock.advance()
        await pilot.press("u")
        await pilot.pause()
        assert any("Too late to take back" in m for m in messages(app))
        assert stood(c) == after and c.takebacks == [0, 1, 0, 0]
        await no_leak(pilot)


async def test_undo_a_card_after_the_computers_replied(tmp_path: Path) -> None:
    """A practice game, one person (Bruno, East) and three computers: Bruno's card and
    the computers' cards after it go back; the record keeps only what stands."""
    clock = FakeClock()
    app = guarded(tmp_path, clock, seed=4, players=ONE_PERSON, practice=True)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        c = controller(app)
        await _bruno_to_play(pilot, app)
        before = stood(c)
        clock.advance()
        await pilot.press("1", "enter")  # Bruno's card (a lead needs a choice)
        replies = 0
        while c.computer_to_act():
            app.step_computer()
            replies += 1
            await pilot.pause()
        assert replies >= 1 and len(stood(c)) == len(before) + 1 + replies
        clock.advance()
        await pilot.press("u")
        await pilot.pause()
        assert stood(c) == before and c.acting_seat == 1 and hand_owner(app) == 1
        assert isinstance(app.screen, TableScreen) and app.screen.mode == "play"
        await no_leak(pilot)


def _strong_north_saved(tmp_path: Path) -> Storage:
    """A saved four-person game: North holds the ten top hearts, declares 10♥, and has
    the opening lead."""
    storage = Storage(tmp_path)
    storage.prepare()
    slot = storage.new_slot()
    state = deal_from_text(["JK JH JD AH KH QH TH 9H 8H 7H", "", "", ""], kitty="5S 6S 7S",
                           dealer=W)
    c = Controller(PAGAT_AUSTRALIAN, FOUR_PEOPLE, seed=0, saver=slot.write, _state=state)
    for text in ("bid 10H", "pass", "pass", "pass", "discard 5S 6S 7S"):
        act_text(c, text)
    storage.start(slot, c)
    return storage


async def test_claim_refused_then_accepted_with_c(tmp_path: Path) -> None:
    """North plays a card; East, who can win nothing, claims: refused in one line, and
    play goes on. North, on lead again, claims: accepted, the deal is scored 10–0."""
    storage = _strong_north_saved(tmp_path)
    clock = FakeClock()
    app = guarded(tmp_path, clock, storage=storage, resume=True, autostart=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        c = controller(app)
        await pilot.pause()
        await lift(pilot, clock)  # a resumed game starts behind North's curtain
        assert hand_owner(app) == N
        clock.advance()
        await pilot.press("1", "enter")  # North leads a trump (a lead needs a choice)
        await lift(pilot, clock)
        assert c.acting_seat == 1 and hand_owner(app) == 1
        clock.advance()
        await pilot.press("c")
        await app.workers.wait_for_complete()  # the proof runs in a worker
        await pilot.pause()
        assert any("Claim refused" in m for m in messages(app))
        assert c.acting_seat == 1 and not c.deal_over
        await no_leak(pilot)
        for _ in range(3):  # East, South, West follow; North leads again
            clock.advance()
            await pilot.press("enter")
            await lift(pilot, clock)
        assert c.acting_seat == N and hand_owner(app) == N
        clock.advance()
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert c.public().results[-1].tricks == (10, 0)
        assert any("Claim accepted" in m for m in messages(app))


async def test_the_table_answers_keys_while_a_claim_is_checked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23, item 7: the proof runs in a worker. While it runs (held here until
    released) the table still moves its cursor; then the claim is decided."""
    release = threading.Event()
    prove = ClaimRequest.compute

    def held(self: ClaimRequest) -> ClaimCheck:
        assert release.wait(10), "the test never released the proof"
        return prove(self)

    monkeypatch.setattr(ClaimRequest, "compute", held)
    storage = _strong_north_saved(tmp_path)
    clock = FakeClock()
    app = guarded(tmp_path, clock, storage=storage, resume=True, autostart=False,
                  inline_computers=False)  # the game's own worker threads
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        c = controller(app)
        await pilot.pause()
        await lift(pilot, clock)
        table = app.screen
        assert isinstance(table, TableScreen) and hand_owner(app) == N
        clock.advance()
        await pilot.press("c")
        await pilot.pause()
        assert any("Checking the claim" in m for m in messages(app)), messages(app)
        await pilot.press("1", "right")  # the proof is still held: keys still act
        await pilot.pause()
        assert table.cursor == 1 and not c.deal_over
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert c.public().results[-1].tricks == (10, 0)


async def test_forced_cards_need_no_curtain(tmp_path: Path) -> None:
    """Four people, the last two tricks of a deal: no curtain and no table ever waits
    on a person whose only legal card it is, and the tenth trick plays itself."""
    storage = Storage(tmp_path)
    storage.prepare()
    slot = storage.new_slot()
    c = Controller(PAGAT_AUSTRALIAN, FOUR_PEOPLE, seed=2, saver=slot.write)
    rng = random.Random(2)
    while not (c.phase == PLAYING and len(c.public().tricks) == 8):
        assert not c.deal_over
        if c.needs_curtain():
            c.reveal()
        view = c.table_view()
        assert view is not None
        c.act(rng.choice(view.legal[:3]))
    storage.start(slot, c)
    app = guarded(tmp_path, FakeClock(), storage=storage, resume=True, autostart=False)
    app.guard_seconds = 0.0
    async with app.run_test(size=(80, 24)) as pilot:
        c = controller(app)
        await quick_pause(pilot)
        asked = 0
        while not isinstance(app.screen, SummaryScreen):
            assert len(c._state.legal_actions()) > 1, "a forced card waited for a person"
            asked += 1
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                app.curtain_lifted(screen.seat)
            else:
                view = c.table_view()
                assert view is not None and len(c.public().tricks) == 8
                act(app, view.legal[0].text)
            await quick_pause(pilot)
        assert asked >= 1 and len(c.public().tricks) == 10
