"""The double-dummy analysis in the deal review (issue 11, item 8): computed in a worker
thread when the review opens, "computing…" meanwhile with every key working, the
result and the cards that lost shown when it is ready, the work cancelled when the
review closes; the analysis of another deal when PgUp / PgDn shows it.

The slow analysis is simulated by a worker function that waits for the test
(``threading.Event``), so nothing depends on how fast the machine is."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual.worker import get_current_worker

from five_hundred.bots.analysis import analyse_review
from five_hundred.engine.review import DealReview
from five_hundred.notation import DD_COMPUTING, DD_FAILED, DD_LEGEND, dd_card, dd_result
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens import review as review_screen
from five_hundred.ui.screens.review import DealReviewScreen
from five_hundred.ui.screens.summary import SummaryScreen

from .helpers import screen_text
from .records import DEFENDED, begin

WAIT = 30.0  # seconds: a safety net for a test thread, never reached when all is well


def _review(app: FiveHundredApp) -> DealReviewScreen:
    screen = app.screen
    assert isinstance(screen, DealReviewScreen)
    return screen


def _flat(app: FiveHundredApp) -> str:
    """The screen's text with each wrapped line's margin and break removed."""
    return " ".join(line.strip() for line in screen_text(app).splitlines() if line.strip())


async def test_the_result_and_the_cards_that_lost_are_shown(tmp_path: Path) -> None:
    """The heading says what the contract could make and what it made; the steps mark
    the tricks where a card lost, and such a trick names each card and what it lost —
    the analysis's own figures, in the table's notation."""
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        c = await begin(pilot, DEFENDED, 12)
        await pilot.press("r")
        screen = _review(app)
        await screen.wait_for_analysis()
        await pilot.pause()
        a = analyse_review(screen.review)
        assert a is not None and screen.analysis == a
        text = _flat(app)
        assert dd_result(a.contract, a.misere, a.could, a.made) in text
        assert DD_COMPUTING not in text
        losing = [v for v in a.cards if v.lost]
        assert losing and DD_LEGEND in text
        for n in {v.trick for v in losing}:
            assert f" {n}✗ " in text.split("Steps:")[1]
        v = losing[0]
        for _ in range(v.trick):
            await pilot.press("right")
        text = _flat(app)
        assert dd_card(c.names[v.seat], v.card, v.lost, a.misere, a.declaring(v.seat)) in text
        kept = next(t for t in range(1, len(screen.review.tricks) + 1) if not a.lost_in(t))
        await pilot.press("home", *["right"] * kept)
        assert "every card of this trick kept the best result" in _flat(app)


async def test_keys_work_while_it_computes(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Until the worker answers, the heading says "computing…" and the review steps on
    as usual; the answer then appears without a key."""
    started, release = threading.Event(), threading.Event()
    real = review_screen.analyse

    def slow(review: DealReview) -> tuple[int, object]:
        started.set()
        assert release.wait(WAIT)
        return real(review)

    monkeypatch.setattr(review_screen, "analyse", slow)
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, DEFENDED, 12)
        await pilot.press("r")
        assert started.wait(WAIT)
        screen = _review(app)
        assert DD_COMPUTING in _flat(app) and screen.analysis == "computing"
        await pilot.press("right", "right", "end", "left")
        assert screen.step == len(screen.review.tricks) - 1
        assert DD_COMPUTING in _flat(app) and "✗" not in _flat(app)
        release.set()
        await screen.wait_for_analysis()
        await pilot.pause()
        a = screen.analysis
        assert a is not None and not isinstance(a, str)
        assert DD_COMPUTING not in _flat(app)
        assert dd_result(a.contract, a.misere, a.could, a.made) in _flat(app)


async def test_closing_the_review_cancels_the_analysis(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Esc while it computes: the summary is back at once, the worker is told to stop
    (the analysis checks that between its searches) and its answer is dropped."""
    started, cancelled = threading.Event(), threading.Event()

    def endless(review: DealReview) -> tuple[int, object]:
        started.set()
        worker = get_current_worker()
        for _ in range(int(WAIT * 100)):
            if worker.is_cancelled:
                cancelled.set()
                break
            threading.Event().wait(0.01)
        return review.index, None

    monkeypatch.setattr(review_screen, "analyse", endless)
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, DEFENDED, 12)
        await pilot.press("r")
        assert started.wait(WAIT)
        screen = _review(app)
        await pilot.press("escape")
        assert isinstance(app.screen, SummaryScreen)
        assert cancelled.wait(WAIT)
        await pilot.pause()
        assert screen.analyses == {}


async def test_another_deal_gets_its_own_analysis(tmp_path: Path) -> None:
    """PgUp shows the deal before, analysed for itself; PgDn back shows the first
    analysis again without computing it anew."""
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, DEFENDED, 12)
        await pilot.press("r")
        screen = _review(app)
        await screen.wait_for_analysis()
        first = screen.analysis
        await pilot.press("pageup")
        assert screen.index == 10
        await screen.wait_for_analysis()
        await pilot.pause()
        a = screen.analysis
        assert a == analyse_review(screen.review) and a is not None and a != first
        assert not isinstance(a, str) and a.index == 10
        assert dd_result(a.contract, a.misere, a.could, a.made) in _flat(app)
        await pilot.press("pagedown")
        assert screen.analysis == first and screen._analysing is None
        assert set(screen.analyses) == {10, 11}


async def test_a_failed_analysis_says_so(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(review: DealReview) -> tuple[int, object]:
        raise RuntimeError("no")

    monkeypatch.setattr(review_screen, "analyse", broken)
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, DEFENDED, 12)
        await pilot.press("r")
        await _review(app).wait_for_analysis()
        await pilot.pause()
        assert DD_FAILED in _flat(app) and "Review of deal 12" in _flat(app)


async def test_nothing_to_analyse_when_nobody_declared(tmp_path: Path) -> None:
    """A passed-out deal (the third of that game): no worker and no double-dummy line."""
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot, DEFENDED, 3)
        await pilot.press("r")
        screen = _review(app)
        assert screen.review.contract is None and screen.analysis is None
        assert screen._analysing is None and "Double-dummy" not in _flat(app)
