"""Snapshot tests (pytest-textual-snapshot) of every screen of the table, at 80×24 and
120×40. Regenerate with ``pytest tests/ui/test_snapshots.py --snapshot-update`` and
look at the SVGs before committing them.

Seed 15 deals East the joker: East bids 6NT, everyone passes, East discards and must
name the joker (R23) -- one scripted deal reaches every decision of the rules.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens.review import DealReviewScreen
from tests.acting import act_text, play_to_the_end

from .records import DEFENDED, LOST, WON, begin

SIZES = [(80, 24), (120, 40)]
SEED = 15


def _app(tmp_path: Path, autostart: bool = True) -> FiveHundredApp:
    return create_app(tmp_path, seed=SEED, autostart=autostart, pace=3600.0)


def _c(app: FiveHundredApp):  # type: ignore[no-untyped-def]
    assert app.controller is not None
    return app.controller


async def to_bidding(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, FiveHundredApp)
    await pilot.pause()
    app.curtain_lifted(_c(app).acting_seat)
    await pilot.pause()


async def to_kitty(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, FiveHundredApp)
    await pilot.pause()
    c = _c(app)
    act_text(c, "bid 6NT")
    for _ in range(3):
        act_text(c, "pass")
    app.advance()
    await pilot.pause()
    app.curtain_lifted(c.acting_seat)
    await pilot.pause()
    await pilot.press("1", "space", "3", "space")  # two of three cards marked


async def to_joker(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, FiveHundredApp)
    await to_kitty(pilot)
    act_text(_c(app), "discard 5S 7S QS")
    app.advance()
    await pilot.pause()


async def to_trick(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, FiveHundredApp)
    await to_joker(pilot)
    c = _c(app)
    act_text(c, "joker H")
    for _ in range(6):  # one trick and two cards of the next
        view = c.table_view() if c.acting_seat == c.viewer else None
        c.reveal() if c.needs_curtain() else None
        view = c.table_view()
        assert view is not None
        c.act(view.legal[0])
    if c.needs_curtain():
        c.reveal()
    app.advance()
    await pilot.pause()


async def to_summary(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, FiveHundredApp)
    await to_trick(pilot)
    c = _c(app)
    play_to_the_end(c)
    app.advance()
    await pilot.pause()


async def to_score_sheet(pilot: Pilot[None]) -> None:
    await to_summary(pilot)
    await pilot.press("s")


async def to_rules(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.press("f1")


async def to_summary_defended(pilot: Pilot[None]) -> None:
    """R35: East–West at 510 by defending; the summary says why the game goes on."""
    await begin(pilot, DEFENDED, 12)


async def _analysed(pilot: Pilot[None]) -> None:
    """The review's double-dummy analysis is there (its worker awaited)."""
    screen = pilot.app.screen
    assert isinstance(screen, DealReviewScreen)
    await screen.wait_for_analysis()
    await pilot.pause()
    assert screen.analysis != "computing"


async def to_review(pilot: Pilot[None]) -> None:
    """The review of that deal, at its fourth trick (its card that lost a trick marked,
    issue 11 item 8)."""
    await begin(pilot, DEFENDED, 12)
    await pilot.press("r", "right", "right", "right", "right")
    await _analysed(pilot)


async def to_review_misere(pilot: Pilot[None]) -> None:
    """The review of a lost misère (R18, R33): three cards a trick, play stopped."""
    await begin(pilot, LOST)
    await pilot.press("r", "end")
    await _analysed(pilot)


async def to_game_over(pilot: Pilot[None]) -> None:
    """The winner's screen: won by a contract (R35), the chart and the table."""
    await begin(pilot, WON)
    await pilot.press("enter")
    await pilot.pause()


async def to_game_over_table(pilot: Pilot[None]) -> None:
    """R36: lost at −500; in a small terminal, the table in place of the chart."""
    await begin(pilot, LOST)
    await pilot.press("enter", "t")
    await pilot.pause()


async def to_curtain(pilot: Pilot[None]) -> None:
    await pilot.pause()


async def to_start(pilot: Pilot[None]) -> None:
    await pilot.pause()


SCREENS: dict[str, tuple[Callable[[Pilot[None]], Awaitable[None]], bool]] = {
    "start": (to_start, False),
    "curtain": (to_curtain, True),
    "bidding": (to_bidding, True),
    "kitty": (to_kitty, True),
    "joker": (to_joker, True),
    "trick": (to_trick, True),
    "summary": (to_summary, True),
    "score_sheet": (to_score_sheet, True),
    "rules": (to_rules, True),
    "summary_defended": (to_summary_defended, False),
    "review": (to_review, False),
    "game_over": (to_game_over, False),
}
# at 80×24 only: at 120×40 the table is beside the chart already, and a misère review
# is laid out like any other
SMALL_ONLY = {
    "review_misere": (to_review_misere, False),
    "game_over_table": (to_game_over_table, False),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", list(SCREENS))
def test_snapshot(snap_compare, tmp_path: Path, screen: str,  # type: ignore[no-untyped-def]
                  size: tuple[int, int]) -> None:
    """Start, curtain, bidding (R9-R16), kitty exchange (R17), joker naming (R23), a
    trick in play (R20-R26), deal summary (R28-R33), score sheet, rules; a summary past
    500 by defending (R35), the deal review, the end of the game (R34-R36)."""
    run_before, autostart = SCREENS[screen]
    assert snap_compare(_app(tmp_path, autostart), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("screen", list(SMALL_ONLY))
def test_snapshot_small(snap_compare, tmp_path: Path,  # type: ignore[no-untyped-def]
                        screen: str) -> None:
    """A lost misère's review (R18, R33); the game lost at −500 (R36), its table."""
    run_before, autostart = SMALL_ONLY[screen]
    assert snap_compare(_app(tmp_path, autostart), terminal_size=SIZES[0],
                        run_before=run_before)
