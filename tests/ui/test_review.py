"""The deal review (issue 10, item 6): opened with r from the deal summary, stepping
through the deal and its tricks with ← → (Home / End, PgUp / PgDn between deals), Esc
back to the summary; opened from a finished game's record too; never for a deal that is
not finished."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from five_hundred import i18n
from five_hundred.engine.record import load_record
from five_hundred.engine.review import DealNotFinished
from five_hundred.hotseat import Controller, Player
from five_hundred.i18n import _
from five_hundred.notation import SEATS, seat_name
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.history import GameScreen, OpenReview
from five_hundred.ui.screens.review import DealReviewScreen, ReviewWanted
from five_hundred.ui.screens.start import StartScreen
from five_hundred.ui.screens.summary import SummaryScreen
from five_hundred.ui.screens.table import TableScreen
from tests.history_fixtures import three_games

from .helpers import screen_text
from .leak import Leak, check_review
from .records import DEFENDED, WON, begin, controller_of


def _review(app: FiveHundredApp) -> DealReviewScreen:
    screen = app.screen
    assert isinstance(screen, DealReviewScreen)
    return screen


def _keybar(app: FiveHundredApp) -> str:
    return screen_text(app).rstrip().splitlines()[-1]


async def test_review_steps_forward_and_back_within_bounds(tmp_path: Path) -> None:
    """r on the summary opens the deal just finished at its first step (the hands as
    dealt); → and ← step through the tricks and stop at both ends, the key bar offering
    only what works; Home / End jump; PgUp / PgDn change deal; Esc goes back to the
    summary, whose Enter still deals on."""
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        c = await begin(pilot, DEFENDED, 12)
        assert isinstance(app.screen, SummaryScreen)
        assert " r  Review " in _keybar(app)
        await pilot.press("r")
        review = _review(app)
        assert (review.index, review.step) == (11, 0)
        text = screen_text(app)
        assert "Review of deal 12 of 12" in text and "Hands as dealt" in text
        assert "Kitty:" in text and "Auction:" in text
        assert "→  Next" in _keybar(app) and "Back" not in _keybar(app)
        await pilot.press("left")  # nothing before the deal
        assert review.step == 0
        await pilot.press("right", "right")
        assert review.step == 2
        trick = review.review.tricks[1]
        text = screen_text(app)
        assert f"Trick 2 of {len(review.review.tricks)}" in text
        assert f"won by {c.names[trick.winner]}" in text
        assert "←  Back" in _keybar(app) and "→  Next" in _keybar(app)
        await pilot.press("left")
        assert review.step == 1
        await pilot.press("end")
        last = len(review.review.tricks)
        assert review.step == last
        await pilot.press("right")  # nothing after the last trick
        assert review.step == last and "Next" not in _keybar(app)
        await pilot.press("home")
        assert review.step == 0
        await pilot.press("pagedown")  # the last deal is the last
        assert review.index == 11
        await pilot.press("right", "pageup")
        assert (review.index, review.step) == (10, 0)
        assert "Review of deal 11 of 12" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, CurtainScreen) and c.public().deal_number == 13


async def test_computers_wait_while_someone_reviews_the_deal(tmp_path: Path) -> None:
    """Four computers: the next deal waits while the review is open, and follows once
    it is closed (the summary's timer is called here by hand)."""
    app = create_app(tmp_path, autostart=False, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        c = await begin(pilot, DEFENDED, 12, kind="computer")
        await pilot.press("r")
        app._auto_next_deal()
        await pilot.pause()
        assert isinstance(app.screen, DealReviewScreen) and c.between_deals
        await pilot.press("escape")
        app._auto_next_deal()
        await pilot.pause()
        assert c.public().deal_number == 13 and not c.between_deals


async def test_no_review_of_a_deal_under_way(tmp_path: Path) -> None:
    """The deal in play is never reviewed (it would show the hands in play): the screen
    refuses it, and a request for it from the table opens nothing."""
    players = [Player("Ana"), *(Player(n, "computer", "easy") for n in ("B", "C", "D"))]
    app = create_app(tmp_path, seed=3, players=players)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        c = app.controller
        assert c is not None and not c.deal_over
        assert isinstance(app.screen, TableScreen)
        for index in (None, 0, 1):
            with pytest.raises(DealNotFinished):
                DealReviewScreen.from_controller(c, index)
        app.screen.post_message(ReviewWanted())
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "No review" in screen_text(app)


async def test_review_of_a_finished_game_from_its_record(tmp_path: Path) -> None:
    """From a record (its file, its text or the loaded record) and a deal index, with no
    game in play: what the history asks for (``OpenReview``). An index beyond the
    record is refused."""
    record = load_record(WON)
    by_path = DealReviewScreen.from_record(WON, 3)
    by_text = DealReviewScreen.from_record(WON.read_text(encoding="utf-8"), 3)
    by_record = DealReviewScreen.from_record(record, 3)
    assert by_path.review == by_text.review == by_record.review
    assert by_path.names == record.names and len(by_path.reviews) == 8
    assert DealReviewScreen.from_record(WON).index == 7  # the last deal
    with pytest.raises(DealNotFinished):
        DealReviewScreen.from_record(record, 8)
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.screen.post_message(OpenReview(record, 3, "won"))
        await pilot.pause()
        assert _review(app).index == 3
        assert "Review of deal 4 of 8" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, StartScreen)
        app.screen.post_message(OpenReview(record, 8, "won"))
        await pilot.pause()
        assert isinstance(app.screen, StartScreen) and "No review" in screen_text(app)


async def test_history_opens_the_review_of_a_deal(tmp_path: Path) -> None:
    """F2 on the start screen, a finished game, Enter on its third deal: its review."""
    app = create_app(three_games(tmp_path), autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("enter")  # the latest game
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        review = _review(app)
        assert review.index == 2 and review.review.contract == "MIS"
        assert "Review of deal 3 of 3" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


def test_the_leak_oracle_catches_a_review_of_the_wrong_deal(tmp_path: Path) -> None:
    """The leak walk's review check (tests/ui/leak.py) is not vacuous: a review whose
    deal is not the game's finished deal, or the deal under way, is caught."""
    game = controller_of(DEFENDED, 3)
    check_review(game, DealReviewScreen.from_controller(game, 1))  # the real one: fine
    with pytest.raises(Leak):
        check_review(game, DealReviewScreen.from_record(WON, 1))  # another game's deal
    with pytest.raises(Leak):
        check_review(controller_of(DEFENDED, 1), DealReviewScreen.from_controller(game, 2))


# ---------------------------------------------------------------------- names


OTHER_LANGUAGES = [lang for lang in i18n.LANGUAGES if lang != "en"]
ENGLISH_SEAT = re.compile(r"\b(North|East|South|West)\b")  # not "Oeste", "Este"…


@pytest.fixture
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def default_named(path: Path) -> Controller:
    """The game of a record whose players typed no name (North, East, South, West)."""
    record = json.loads(path.read_text(encoding="utf-8"))
    record["names"] = list(SEATS)
    return Controller.from_record_text(json.dumps(record), [Player(n) for n in SEATS], 1)


async def to_lost_card(pilot, review: DealReviewScreen) -> None:  # type: ignore[no-untyped-def]
    """Step to the first trick with a card marked ✗ (its line names the player)."""
    await review.wait_for_analysis()
    await pilot.pause()
    analysis = review.analysis
    assert analysis is not None and not isinstance(analysis, str)
    first = next(t.number for t in review.review.tricks if analysis.lost_in(t.number))
    for _step in range(first):
        await pilot.press("right")
    await pilot.pause()


@pytest.mark.parametrize("lang", OTHER_LANGUAGES, indirect=True)
async def test_default_names_in_the_players_language(tmp_path: Path, lang: str) -> None:
    """The review of a deal of a game whose players typed no name: the heading, the
    grid, the kitty, the auction, the trick and the ✗ lines say the seats in the
    language shown (they said "Leilão: East passo, South 6♥", "✗ South jogou J♠")."""
    c = default_named(WON)
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        review = DealReviewScreen.from_controller(c, 7)
        assert review.names == tuple(SEATS)  # as recorded: translated when drawn
        await app.push_screen(review)
        await pilot.pause()
        text = screen_text(app)
        words = "|".join(seat_name(s) for s in range(4))
        assert re.search(rf"{re.escape(_('Auction:'))} ({words}) ", text), text
        assert not ENGLISH_SEAT.findall(text), text
        await to_lost_card(pilot, review)
        text = screen_text(app)
        assert re.search(rf"✗ ({words}) ", text), text
        assert not ENGLISH_SEAT.findall(text), text


async def test_f3_redraws_the_review(tmp_path: Path) -> None:
    """F3 on the review: the same deal and step, the seats in the next language."""
    c = default_named(WON)
    app = create_app(tmp_path, autostart=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            review = DealReviewScreen.from_controller(c, 7)
            await app.push_screen(review)
            await to_lost_card(pilot, review)
            step = review.step
            text = screen_text(app)
            assert "✗ " in text and ENGLISH_SEAT.findall(text)
            await pilot.press("f3")
            await pilot.pause()
            assert app.screen is review and review.step == step
            text = screen_text(app)
            assert i18n.language() != "en" and not ENGLISH_SEAT.findall(text), text
            assert _("Trick {number} of {count}").format(
                number=step, count=len(review.review.tricks)) in text
    finally:
        i18n.set_language("en")
