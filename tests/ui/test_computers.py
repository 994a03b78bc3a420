"""Pilot tests with computer players (issue 4, "at the table" and hints): one person at
the keyboard with three computers, a table of computers only that plays itself, and
the hint key."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pytest
from textual import _time as textual_time
from textual.pilot import Pilot

from five_hundred.engine import BIDDING, PLAYING
from five_hundred.hotseat import Player
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.summary import SummaryScreen
from five_hundred.ui.screens.table import TableScreen

from .driver import choose, do_action, settle
from .helpers import screen_text

ONE_PERSON = [Player("Ana"), Player("Bruno", "computer", "normal"),
              Player("Carla", "computer", "easy"), Player("Davi", "computer", "normal")]
NOBODY = [Player("Ana", "computer", "easy"), Player("Bruno", "computer", "normal"),
          Player("Carla", "computer", "normal"), Player("Davi", "computer", "easy")]


def modest(legal: tuple[str, ...], rng: random.Random) -> str:
    """A random legal action, bidding at most six (so the game lasts a few deals)."""
    return choose(tuple(a for a in legal if not a.startswith("bid ") or a[4] == "6"),
                  rng, 0.3)


async def settle_stepping(pilot: Pilot[None], app: FiveHundredApp) -> None:
    """Like ``settle``, making the computers' moves at once (their pace is an hour)."""
    for _ in range(400):
        await pilot.pause()
        c = app.controller
        assert c is not None
        if c.computer_to_act() and isinstance(app.screen, TableScreen):
            await pilot.press("h")  # a computer is to act: nothing to hint
            assert "Hint" not in screen_text(app)
            app.step_computer()
            continue
        await settle(pilot, app)
        return
    raise AssertionError("the app never came back to a person")


async def test_one_person_and_three_computers_play_a_whole_game(tmp_path: Path) -> None:
    """One person, keys only, with three computers (easy/normal) plays from the first
    deal to the winner (R34): no curtain ever, the computers' moves are announced, and
    every deal ends on its summary."""
    app = create_app(tmp_path, seed=7, players=ONE_PERSON, pace=0.0)
    rng = random.Random(7)
    summaries = decisions = 0
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(3000):
            await settle(pilot, app, limit=2000)
            c = app.controller
            assert c is not None
            screen = app.screen
            assert not isinstance(screen, CurtainScreen)
            if isinstance(screen, SummaryScreen):
                summaries += 1
                if c.game_over:
                    break
                assert "Next deal" in screen_text(app)
                await pilot.press("enter")
                continue
            assert isinstance(screen, TableScreen) and screen.view is not None
            assert screen.view.seat == 0
            if decisions == 0:
                assert any(" bids " in line or " passes" in line for line in c.log()) or \
                    c.acting_seat == 0
            await do_action(pilot, screen, modest(screen.view.legal_actions, rng))
            decisions += 1
        assert c is not None and c.game_over
        text = screen_text(app)
        assert "win" in text.lower()
    assert summaries >= 3 and decisions >= 20  # forced cards are played for them


async def test_nobody_at_the_keyboard_the_game_plays_itself(tmp_path: Path) -> None:
    """Four computers: the app plays a whole seeded game by itself, at its own (tiny)
    pace, through its timers and screens, to the winner's summary (R34)."""
    app = create_app(tmp_path, seed=5, players=NOBODY, pace=0.001)
    seen_tables = 0
    async with app.run_test(size=(80, 24)) as pilot:
        # A bound on steps without progress, not on time or on all steps: a loaded
        # machine only slows the game (40,000 steps in all once did not finish it, with
        # both cores busy), a stuck one stops it. 3,000 steps with no new action is
        # stuck: a computer's move here takes milliseconds.
        stalled = 0
        last: tuple[object, ...] = (-1, -1)
        for _ in range(1_000_000):
            await pilot.pause(0.01)
            c = app.controller
            assert c is not None
            public = c.public()  # an action changes one of these
            mark = (len(public.results), len(public.auction), len(public.tricks),
                    public.hand_sizes)
            stalled = 0 if mark != last else stalled + 1
            last = mark
            if stalled > 3_000:
                break
            assert not isinstance(app.screen, CurtainScreen)
            if isinstance(app.screen, TableScreen):
                seen_tables += 1
                assert app.screen.view is None  # no hand is ever shown
            if c.game_over and isinstance(app.screen, SummaryScreen):
                break
        assert c is not None and c.game_over, "the game did not finish by itself"
        public = app.public_view()
        assert public.winner is not None and len(public.results) >= 2
        await pilot.pause()
        assert "win" in screen_text(app).lower()
    assert seen_tables > 0


NUMBER = re.compile(r"[+−-]?\d+(\.\d+)?%?")


async def test_hint_key_for_the_acting_person_only(tmp_path: Path) -> None:
    """`h` shows the hard player's suggestion with numbers on the acting person's table
    (in the auction and for a card: chances per card), never on the curtain, and does
    nothing while someone else is to act."""
    players = [Player("Ana"), Player("Bruno"), Player("Carla", "computer", "easy"),
               Player("Davi", "computer", "easy")]
    app = create_app(tmp_path, seed=3, players=players, pace=3600.0)
    rng = random.Random(3)
    bid_hint = card_hint = False
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):
            await settle_stepping(pilot, app)
            c = app.controller
            assert c is not None
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                await pilot.press("h")  # no such key on the curtain
                assert "Hint" not in screen_text(app)
                await pilot.press("enter")
                continue
            if isinstance(screen, SummaryScreen):
                break
            assert isinstance(screen, TableScreen) and screen.view is not None
            assert screen.view.seat == c.acting_seat
            phase = screen.view.public.phase
            if (phase == BIDDING and not bid_hint) or (phase == PLAYING and not card_hint
                                                         and len(screen.view.legal_actions) > 1):
                await pilot.press("h")
                text = screen_text(app)
                assert "Hint:" in text
                hint_line = text[text.index("Hint:"):]
                assert NUMBER.search(hint_line), hint_line
                if phase == PLAYING:
                    assert "%" in hint_line
                    card_hint = True
                else:
                    bid_hint = True
            await do_action(pilot, screen, choose(screen.view.legal_actions, rng, 0.5))
        assert bid_hint and card_hint


async def test_a_screen_switched_away_before_it_is_drawn(tmp_path: Path) -> None:
    """A table of computers leaves a deal's summary as soon as it is up: on a busy
    machine the summary can be taken down before its own "shown" event is handled.
    That event found its prompt gone and crashed the app (six of six seeded games
    played with the cores busy); now it changes nothing."""
    app = create_app(tmp_path, seed=5, players=NOBODY, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(3):
            app._main_screen(SummaryScreen())  # put up and, before it is drawn, replaced
            app._main_screen("table")
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
        assert app.is_running and app.return_code is None


async def test_the_computers_move_however_late_a_timer_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual drops a one-shot timer when more than its delay passes between two reads
    of its clock as it starts: on a busy machine the computers, at a millisecond's
    pace, then stopped for good (one game in four with both cores busy). Here every
    read of that clock is 5 ms later than the one before, so every such timer would
    be dropped; the computers' moves (and the next deal) come all the same."""
    real = textual_time.get_time
    reads = itertools.count()
    monkeypatch.setattr(textual_time, "get_time", lambda: real() + next(reads) * 0.005)
    app = create_app(tmp_path, seed=5, players=NOBODY, pace=0.001)
    async with app.run_test(size=(80, 24)) as pilot:
        c = app.controller
        assert c is not None
        for _ in range(3000):
            await pilot.pause(0.01)
            if len(c.public().results) >= 2:
                break
        assert len(c.public().results) >= 2, c.log()[-3:]  # two deals played through
