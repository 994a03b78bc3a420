"""The History, game and Statistics screens (issue 10, item 8), reached from the start
screen with F2, and the OpenReview hook posted for a deal of a finished game."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot

from five_hundred.ui import app as app_module
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens import history as history_screens
from five_hundred.ui.screens.history import (
    GameScreen,
    HistoryScreen,
    OpenReview,
    StatisticsScreen,
)
from five_hundred.ui.storage import Storage
from tests.history_fixtures import FIXTURES, G1, G3, put_game, three_games
from tests.ui.helpers import screen_text


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_screens, "localtime", time.gmtime)


class ReviewingApp(FiveHundredApp):
    """An app with a deal review: it keeps the OpenReview messages it is sent."""

    CSS_PATH = Path(app_module.__file__).with_name("five_hundred.tcss")
    reviews: list[OpenReview]

    def on_open_review(self, message: OpenReview) -> None:
        self.reviews.append(message)


async def open_history(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.press("f2")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_history_lists_games_and_deals_from_the_start_screen(tmp_path: Path) -> None:
    app = create_app(three_games(tmp_path), autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        assert isinstance(app.screen, HistoryScreen)
        text = screen_text(app)
        assert "Finished games, the latest first (3)" in text
        assert "03 Jan 2025 10:00 · E–W won 60 to −500 · 3 deals" in text
        assert "N–S Bruno & Davi (computer) · E–W Ana & Eve (computer)" in text
        assert "⏎  Deals" in text and "s  Statistics" in text
        await pilot.press("enter")  # the latest game
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        text = screen_text(app)
        assert "E–W won 60 to −500 (the other side fell to −500)" in text
        assert "started at N–S −30, E–W 0" in text
        assert "Deal 1 · everybody passed" in text
        assert "Deal 2 · 7NT by Ana (South): failed, 4 tricks" in text
        assert "N–S −220 → −250 · E–W +60 → 60 · dealt by Davi (East)" in text
        assert "Deal 3 · misère by Carla (North): failed, 1 trick" in text
        assert "⏎  Review" in text  # the app reviews a deal (its on_open_review)
        await pilot.press("escape", "s")
        await pilot.pause()
        assert isinstance(app.screen, StatisticsScreen)
        text = screen_text(app)
        assert "Bruno · 3 games, 2 won · 6 deals" in text
        assert "as declarer +100 (2 deals) · as defender +30 (2 deals)" in text
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, HistoryScreen | StatisticsScreen)


async def test_enter_on_a_deal_posts_open_review(tmp_path: Path) -> None:
    app = ReviewingApp(Storage(three_games(tmp_path)), guard_seconds=0.0)
    app.reviews = []
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert "⏎  Review" in screen_text(app)
        await pilot.press("down", "down", "enter")
        await pilot.pause()
    [review] = app.reviews
    assert (review.game_id, review.deal_index) == (G3, 2)
    assert review.record.deals[2].actions[1] == "0:bid MIS"
    assert review.record.names == ("Carla", "Davi", "Ana", "Bruno")


async def test_names_are_drawn_as_text_and_broken_records_noted(tmp_path: Path) -> None:
    record = json.loads((FIXTURES / "example-8h.json").read_text(encoding="utf-8"))
    record["names"] = ["[red]Ana[/red]", "\x1b[2JBruno", "Carla", "Davi"]
    source = tmp_path / "named.json"
    source.write_text(json.dumps(record), encoding="utf-8")
    put_game(tmp_path, G1, source)
    (tmp_path / "finished" / "20250109-000000-0001.json").write_text("{", encoding="utf-8")
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        text = screen_text(app)
        assert "N–S [red]Ana[/red] & Carla · E–W [2JBruno & Davi" in text
        assert "finished/20250109-000000-0001.json skipped: line 1 column 2" in text


async def test_no_finished_game_says_so(tmp_path: Path) -> None:
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        text = screen_text(app)
        assert "No finished game yet." in text
        assert "Statistics" not in text  # nothing to count
