"""Pilot tests of the hot-seat table: whole deals with the keyboard only, saving and
resuming, damaged saves, blind misère on the curtain (V5)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from five_hundred.engine import PLAYING
from five_hundred.hotseat import Player
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.info import MessageScreen
from five_hundred.ui.screens.start import StartScreen
from five_hundred.ui.screens.summary import SummaryScreen
from five_hundred.ui.screens.table import TableScreen
from five_hundred.ui.widgets.bids import BidGrid

from .driver import choose, do_action, settle
from .helpers import screen_text


async def play_until(app: FiveHundredApp, pilot: Pilot[None], rng: random.Random,
                     stop: Callable[[], bool], steps: int = 2000) -> int:
    """Play with the keyboard until ``stop()`` is true; returns the decisions made."""
    n = 0
    for _ in range(steps):
        await settle(pilot, app)
        if stop():
            return n
        screen = app.screen
        if isinstance(screen, (CurtainScreen, SummaryScreen)):
            await pilot.press("enter")
        else:
            assert isinstance(screen, TableScreen) and screen.view is not None
            await do_action(pilot, screen, choose(screen.view.legal_actions, rng, 0.5))
            n += 1
    raise AssertionError("did not finish")


async def test_whole_deal_to_summary_keyboard_only(tmp_path: Path) -> None:
    """Four people play one deal (R8-R33) to its summary with key presses only."""
    app = create_app(tmp_path, seed=7)
    rng = random.Random(7)
    async with app.run_test(size=(100, 30)) as pilot:
        n = await play_until(app, pilot, rng, lambda: isinstance(app.screen, SummaryScreen))
        assert n >= 4
        text = screen_text(app)
        assert "Deal 1" in text
        assert "Next deal" in text or "win the game" in text
        public = app.public_view()
        assert len(public.results) == 1
        if public.results[0].contract is not None:
            assert "Tricks:" in text


async def test_one_person_never_sees_a_curtain(tmp_path: Path) -> None:
    """With one person and three computers the curtain never appears."""
    players = [Player("Ana"), Player("Bruno", "computer", "easy"),
               Player("Carla", "computer", "easy"), Player("Davi", "computer", "easy")]
    app = create_app(tmp_path, seed=11, players=players)
    rng = random.Random(11)
    curtains = 0
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(60):
            await settle(pilot, app)
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                curtains += 1
                await pilot.press("enter")
            elif isinstance(screen, SummaryScreen):
                break
            else:
                assert isinstance(screen, TableScreen) and screen.view is not None
                assert screen.view.seat == 0
                await do_action(pilot, screen, choose(screen.view.legal_actions, rng))
        assert isinstance(app.screen, SummaryScreen)
    assert curtains == 0


async def test_resume_after_crash_mid_trick_reproduces_the_table(tmp_path: Path) -> None:
    """Kill the app mid-trick; `--resume` shows the same table for the same person."""
    app = create_app(tmp_path, seed=5)
    rng = random.Random(5)

    def mid_trick() -> bool:
        c = app.controller
        assert c is not None
        p = c.public()
        return p.phase == PLAYING and p.trick is not None and len(p.trick.plays) == 2 \
            and len(p.tricks) >= 1

    async with app.run_test(size=(100, 30)) as pilot:
        await play_until(app, pilot, rng, lambda: mid_trick() and isinstance(
            app.screen, CurtainScreen))
        await pilot.press("enter")
        await settle(pilot, app)
        before = screen_text(app)
        seat = app.controller.acting_seat if app.controller else None
    # no clean shutdown matters: the save was written after the last action
    again = create_app(tmp_path, seed=None, autostart=False, resume=True)
    async with again.run_test(size=(100, 30)) as pilot:
        await settle(pilot, again)
        assert isinstance(again.screen, CurtainScreen)
        assert again.controller is not None and again.controller.acting_seat == seat
        await pilot.press("enter")
        await settle(pilot, again)
        after = screen_text(again)
    # the log's first line says "Resumed"; everything else on the table is the same
    strip = [line[:46] for line in before.splitlines()]
    assert strip == [line[:46] for line in after.splitlines()]


async def test_corrupt_save_is_kept_aside_with_a_message(tmp_path: Path) -> None:
    """A damaged save is renamed (never deleted), a message says so, a new game starts."""
    games = tmp_path / "games"
    games.mkdir()
    (games / "20250101-000000-abcd.json").write_text('{"format": "five-hundred-record/1", '
                                                     '"deals": [{"dealer": 9}]}')
    app = create_app(tmp_path, autostart=False, resume=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MessageScreen)
        text = screen_text(app)
        assert "damaged" in text and "kept as" in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        kept = list((tmp_path / "damaged").glob("*.json"))
        assert len(kept) == 1 and '"dealer": 9' in kept[0].read_text()
        assert not list(games.glob("*.json"))
        await pilot.press("ctrl+n")
        await settle(pilot, app)
        assert app.controller is not None
    [saved_path] = games.glob("*[0-9a-f].json")
    saved = json.loads(saved_path.read_text())
    assert saved["format"] == "five-hundred-record/1"


async def test_blind_misere_is_offered_on_the_curtain_only(tmp_path: Path) -> None:
    """V5: blind misère is bid from the curtain, before the hand is shown; the table
    never offers it."""
    from five_hundred.engine import PAGAT_AUSTRALIAN

    rules = PAGAT_AUSTRALIAN.model_copy(update={"blind_misere": True})
    app = create_app(tmp_path, seed=3, rules=rules)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, CurtainScreen)
        assert "blind misère" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot, app)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert "BMIS" not in table.query_one("#bids", BidGrid).legal
        await pilot.press("p")
        await settle(pilot, app)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("b")
        await settle(pilot, app)
        public = app.public_view()
        assert public.auction[-1][1] == "BMIS"


async def test_blind_misere_for_one_person_with_computers_v5(tmp_path: Path) -> None:
    """Issue 10, item 9: alone with three computers, the person's cards wait behind a
    "your cards for deal N" screen on their first turn, so blind misère can be bid
    without seeing them; once looked at, the grid says why it is no longer open."""
    from five_hundred.engine import PAGAT_AUSTRALIAN
    from five_hundred.hotseat import Player

    rules = PAGAT_AUSTRALIAN.model_copy(update={"blind_misere": True})
    players = [Player("Ana"), Player("Bruno", "computer", "easy"),
               Player("Carla", "computer", "easy"), Player("Davi", "computer", "easy")]
    for deal_choice in ("look", "blind"):
        app = create_app(tmp_path / deal_choice, seed=3, rules=rules, players=players)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            c = app.controller
            assert c is not None
            if c.acting_seat != 0:  # the computers bid first: wait for Ana's turn
                for _ in range(10):
                    if isinstance(app.screen, CurtainScreen):
                        break
                    app.step_computer()
                    await pilot.pause()
            assert isinstance(app.screen, CurtainScreen)
            text = screen_text(app)
            assert "Ana: your cards for deal 1" in text and "blind misère" in text
            assert "Pass the keyboard" not in text
            if deal_choice == "blind":
                await pilot.press("b")
                await settle(pilot, app)
                assert ("BMIS" in [code for _s, code in app.public_view().auction])
            else:
                await pilot.press("enter")
                await settle(pilot, app)
                assert isinstance(app.screen, TableScreen)
                assert "blind only before looking" in screen_text(app)


@pytest.mark.parametrize("lang", ["en", "pt", "pt_BR", "es"])
async def test_why_blind_misere_is_closed_fits_80_columns_v5(tmp_path: Path, lang: str) -> None:
    """V5 at 80×24: once the person has looked (Enter on "your cards"), the bid grid's
    open-misère row says why blind misère is dim, whole, in every language (the rank
    part gives way; at 100 columns the longer note is whole too, as above)."""
    from five_hundred import i18n
    from five_hundred.engine import PAGAT_AUSTRALIAN

    rules = PAGAT_AUSTRALIAN.model_copy(update={"blind_misere": True})
    i18n.set_language(lang)
    try:
        app = create_app(tmp_path, seed=4, rules=rules)  # North calls first
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, CurtainScreen)
            await pilot.press("enter")
            await settle(pilot, app)
            assert isinstance(app.screen, TableScreen)
            note = i18n._("blind: only before looking")
            [row] = [line for line in screen_text(app).splitlines()
                     if i18n._("open misère") in line]
            assert row.rstrip().endswith(note), row
    finally:
        i18n.set_language("en")


async def test_toasts_are_cleared_before_the_curtain(tmp_path: Path) -> None:
    """Nothing shown to one person survives onto the curtain for the next (issue 3)."""
    app = create_app(tmp_path, seed=2)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot, app)
        await pilot.press("enter")
        await settle(pilot, app)
        app.notify("secret-42")
        await pilot.pause()
        assert "secret-42" in screen_text(app)
        await pilot.press("p")
        await settle(pilot, app)
        assert isinstance(app.screen, CurtainScreen)
        assert "secret-42" not in screen_text(app)


async def test_command_palette_offers_the_game_commands(tmp_path: Path) -> None:
    """New game, rules, score sheet, save and quit are in the command palette."""
    app = create_app(tmp_path, seed=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        titles = {c.title for c in app.get_system_commands(app.screen)}
        assert {"New game", "Rules", "Score sheet", "Save", "Quit"} <= titles
        await pilot.press("f1")
        await pilot.pause()
        assert "House rules in force" in screen_text(app)


async def test_quit_mid_game_asks_and_says_the_game_is_saved(tmp_path: Path) -> None:
    app = create_app(tmp_path, seed=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("q")
        await pilot.pause()
        text = screen_text(app)
        assert "Quit now?" in text and "saved" in text
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_mouse_chooses_and_plays_a_card_and_a_bid(tmp_path: Path) -> None:
    """Mouse: a click chooses, a second click on the same card (or bid) plays it."""
    from five_hundred.ui.widgets.bids import BidGrid

    from .test_snapshots import SEED, to_bidding, to_joker

    app = create_app(tmp_path, seed=SEED, pace=3600.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_bidding(pilot)
        grid = app.screen.query_one(BidGrid)
        x0, _x1, code = grid._hits[1][4]  # row "6", last column: 6NT
        assert code == "6NT"
        await pilot.click(BidGrid, offset=(1 + x0 + 1, 1))  # padding 1
        assert grid.selected == "6NT"
        await pilot.click(BidGrid, offset=(1 + x0 + 1, 1))
        await pilot.pause()
        assert app.public_view().auction[-1][1] == "6NT"
    app = create_app(tmp_path / "2", seed=SEED, pace=3600.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_joker(pilot)
        await pilot.press("4", "enter")  # name the joker a heart
        await settle(pilot, app)
        table = app.screen
        assert isinstance(table, TableScreen) and table.mode == "play"
        assert table.view is not None
        index = next(i for i, c in enumerate(table.view.hand)
                     if f"play {c}" in table.view.legal_actions)
        for _ in range(2):
            await pilot.click("#hand", offset=(1 + index * 5 + 2, 1))  # border, padding
        await pilot.pause()
        trick = app.public_view().trick
        assert trick is not None and len(trick.plays) == 1
