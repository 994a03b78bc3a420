"""The end of the game (issue 10, item 7): the last deal's summary says who won and how
(R34-R36), Enter shows the winner's screen with the chart and the score table, then a
new game with the same players (n) or the start screen (Enter). A side past 500 by
defending is told why the game goes on (R35)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from five_hundred.engine import TWO_JOKER_1000
from five_hundred.notation import defending_note, win_explanation
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.game_over import GameOverScreen, start_scores
from five_hundred.ui.screens.review import DealReviewScreen
from five_hundred.ui.screens.start import StartScreen
from five_hundred.ui.screens.summary import SummaryScreen
from five_hundred.ui.widgets.chart import ScoreChart, x_ticks, y_ticks

from .helpers import screen_text
from .records import DEFENDED, LOST, WON, begin, controller_of


def _over(app: FiveHundredApp) -> GameOverScreen:
    assert isinstance(app.screen, GameOverScreen)
    return app.screen


async def test_winner_chart_table_and_a_new_game_with_the_same_players(
        tmp_path: Path) -> None:
    """R35: the summary names the contract that won; Enter: the winner's screen, the
    chart of both sides and every deal's row; r reviews the last deal; n starts a new
    game with the same players and rules."""
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(120, 40)) as pilot:
        c = await begin(pilot, WON)
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        text = " ".join(screen_text(app).split())
        assert "North–South (Ana & Carla) win the game." in text
        assert "Ana (North) made 6NT in deal 8: North–South reached 510" in text
        await pilot.press("enter")
        screen = _over(app)
        text = screen_text(app)
        assert "Final score N–S 510 · E–W 170, after 8 deals." in text
        assert "Score sheet" in text and "Chart" not in text.splitlines()[-1]
        chart = screen.query_one(ScoreChart)
        assert chart.display and chart.series[0][-1] == 510 and len(chart.series[1]) == 9
        await pilot.press("r")
        review = app.screen
        assert isinstance(review, DealReviewScreen) and review.index == 7
        await pilot.press("escape")
        assert app.screen is screen
        players, rules = c.players, c.rules
        await pilot.press("n")
        await pilot.pause()
        new = app.controller
        assert new is not None and new is not c
        assert new.players == players and new.rules == rules
        assert not new.deal_over and new.public().results == ()
        assert isinstance(app.screen, CurtainScreen)


async def test_start_screen_and_chart_or_table_in_a_small_terminal(tmp_path: Path) -> None:
    """R36: a side at −500 loses. At 80×24 the chart and the table take turns (t);
    Enter goes to the start screen."""
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, LOST)
        await pilot.press("enter")
        screen = _over(app)
        text = screen_text(app)
        assert "East–West fell to −530 in deal 7: a side at −500 or below loses." in text
        assert "-5" not in text  # true minus signs, on the axis too
        assert "−500" in text and " t  Table " in text.splitlines()[-1]
        assert screen.query_one(ScoreChart).display
        await pilot.press("t")
        assert not screen.query_one(ScoreChart).display
        await pilot.pause()  # the sheet laid out in the chart's place (slow under load)
        text = screen_text(app)
        assert "misère" in text and "370 / −530" in text and " t  Chart " in text
        await pilot.press("t")
        assert screen.query_one(ScoreChart).display
        await pilot.press("enter")
        assert isinstance(app.screen, StartScreen) and app.controller is None


async def test_the_end_of_the_game_waits_for_the_key_guard(tmp_path: Path) -> None:
    """The Enter that showed the winner's screen, pressed twice, does not leave it."""
    now = [0.0]
    app = create_app(tmp_path, autostart=False, guard_seconds=0.5, clock=lambda: now[0])
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, WON)
        now[0] += 1.0
        await pilot.press("enter")
        await pilot.press("enter")
        assert isinstance(app.screen, GameOverScreen)
        assert "One moment" in screen_text(app)
        now[0] += 1.0
        await pilot.pause(0.6)
        await pilot.press("enter")
        assert isinstance(app.screen, StartScreen)


async def test_the_summary_says_why_a_side_past_500_by_defending_has_not_won(
        tmp_path: Path) -> None:
    """R35: East–West reach 510 by defending 8♣; the summary says in one sentence why the
    game goes on. Below 500 it says nothing of the kind."""
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        c = await begin(pilot, DEFENDED, 12)
        assert c.public().scores == (420, 510)
        text = " ".join(screen_text(app).split())
        assert ("East–West have 510, but the game goes on: points won by defending never "
                "win, only a side that makes its own contract with 500 or more wins (R35)."
                in text)
    assert defending_note(controller_of(DEFENDED, 11).public()) is None


def test_how_the_game_was_won_in_words_r34_r36_v6() -> None:
    won = controller_of(WON).public()
    assert win_explanation(won, won_names := ("Ana", "B", "C", "D")).startswith(
        "Ana (North) made 6NT in deal 8")
    lost = controller_of(LOST).public()
    assert win_explanation(lost, won_names) == ("East–West fell to −530 in deal 7: a side "
                                                "at −500 or below loses.")
    # V6: the first side to the target wins, however it got there
    last = replace(won.results[-1], declarer=1, made=False)
    v6 = won.model_copy(update={"rules": TWO_JOKER_1000, "scores": (1010, 170),
                                "winner": 0, "results": (*won.results[:-1], last)})
    assert win_explanation(v6, won_names) == "North–South reached 1010 first, in deal 8."
    assert defending_note(v6.model_copy(update={"winner": None})) is None
    assert start_scores(won) == (0, 0)


def test_chart_ticks_are_round_and_keep_the_marks() -> None:
    assert y_ticks(-530, 500, [500, -500]) == [-500, -200, 0, 200, 500]
    assert y_ticks(0, 510, [500]) == [0, 100, 200, 300, 400, 500]
    assert x_ticks(8) == list(range(9))
    assert x_ticks(30)[-1] == 30 and len(x_ticks(30)) <= 13
