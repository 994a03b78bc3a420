"""The auction explained at the table (issue 25): the controller files each computer's
bid with the reason its bidding returned, the table's model carries the lines, ``e``
opens them, and the screen fits 80×24 in English and in Spanish (snapshots)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from five_hundred import i18n
from five_hundred.bots.levels import explain_bid
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.hotseat import Controller, Player
from five_hundred.table_model import table_model
from five_hundred.teaching import bid_line
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens.explained import BidsExplainedScreen
from five_hundred.ui.screens.table import TableScreen

from .driver import settle
from .helpers import screen_text

SEED = 87  # East passes, South (hard) bids 6♦, West 6♥, then North is to bid
PLAYERS = [Player("Ana"), Player("Bruno", "computer", "normal"),
           Player("Carla", "computer", "hard"), Player("Davi", "computer", "normal")]


def _bid_round(c: Controller, budget: float = 0.05) -> int:
    """Let the computers bid until a person is to act, each bid checked against its
    reason computed apart with the same generator; the number of bids."""
    n = 0
    while c.computer_to_act() and c.public().phase == "bidding":
        request = c.computer_request(budget)
        rng = c.bot_rng()  # the generator the request holds, made again
        assert c.apply_computer(request.token, request.compute()) == "done"
        action, reason = explain_bid(request.view, request.level, rng, budget)
        assert reason is not None and c.public().auction[-1][1] == (action.bid or "pass")
        assert c.bid_explanations()[-1] == bid_line(c.shown_names, request.seat, reason)
        n += 1
    return n


def test_the_controller_files_each_computer_bid_with_its_reason() -> None:
    """Each computer's bid is explained by the reason its own decision returned, in the
    order bid, with the bidder named; the table's model holds the same lines."""
    c = Controller(PAGAT_AUSTRALIAN, PLAYERS, SEED, practice=True)
    assert _bid_round(c) == 3
    lines = c.bid_explanations()
    assert [line.split(":")[0] for line in lines] == ["Bruno (East) pass", "Carla (South) 6♦",
                                                      "Davi (West) 6♥"]
    assert "made in" in lines[1] and "counts" in lines[2]  # hard's samples, normal's count
    assert table_model(c).explained == tuple(lines)


def test_a_counted_game_keeps_the_computers_reasons_to_themselves() -> None:
    """What a bid counted on tells of the computer's hand (its trumps, bowers, joker):
    a practice game's help, never given away in a counted game."""
    counted = Controller(PAGAT_AUSTRALIAN, PLAYERS, SEED)
    practice = Controller(PAGAT_AUSTRALIAN, PLAYERS, SEED, practice=True)
    assert _bid_round(counted) == _bid_round(practice) == 3
    assert table_model(counted).explained == ()
    assert len(table_model(practice).explained) == 3


def test_a_remote_seat_gets_the_same_lines_in_its_language() -> None:
    """At a hosted table each seat's frame carries the computers' bids explained, as
    the one-screen table does, in that seat's language; in a counted game none."""
    from five_hundred import i18n
    from five_hundred.net.table import Shared, seat_model

    for practice in (True, False):
        c = Controller(PAGAT_AUSTRALIAN, PLAYERS, SEED, practice=practice)
        c.play_on_own_screens([0])
        assert _bid_round(c) == 3
        shared = Shared(c.public())
        with i18n.using("pt"):
            lines = tuple(c.bid_explanations())
            remote = seat_model(c, 0, shared=shared).explained
        assert remote == (lines if practice else ())
        assert seat_model(c, 0, shared=shared).explained == \
            (table_model(c).explained if practice else ())
        if practice:
            assert remote[1].startswith("Carla (Sul) 6♦") and remote != table_model(c).explained


async def test_e_is_not_offered_in_a_counted_game(tmp_path: Path) -> None:
    app = _app(tmp_path, practice=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_north_bidding(pilot)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        assert "Explain bids" not in text and "explained in practice games" in text


def test_a_take_back_drops_the_bids_it_takes_back() -> None:
    """R11: North passes, the computers answer; taking North's pass back takes their
    bids and their explanations with it (practice game: at any time)."""
    c = Controller(PAGAT_AUSTRALIAN, PLAYERS, SEED, practice=True)
    _bid_round(c)
    before = c.bid_explanations()
    view = c.reveal()
    c.act(next(a for a in view.legal if a.text == "pass"))
    answered = _bid_round(c)
    assert answered >= 1 and len(c.bid_explanations()) == 3 + answered
    c.take_back(0)
    assert c.bid_explanations() == before


def test_the_lines_follow_the_language() -> None:
    c = Controller(PAGAT_AUSTRALIAN, PLAYERS, SEED, practice=True)
    _bid_round(c)
    i18n.set_language("es")
    try:
        spanish = c.bid_explanations()
    finally:
        i18n.set_language("en")
    assert spanish[2].startswith("Davi (Oeste) 6♥: ") and "triunfos" in spanish[2]


async def _to_north_bidding(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, FiveHundredApp)
    await settle(pilot, app)
    assert isinstance(app.screen, TableScreen) and app.screen.mode == "bid"


async def _explained(pilot: Pilot[None]) -> None:
    await _to_north_bidding(pilot)
    await pilot.press("e")
    await pilot.pause()
    assert isinstance(pilot.app.screen, BidsExplainedScreen)


def _app(tmp_path: Path, practice: bool = True) -> FiveHundredApp:
    return create_app(tmp_path, seed=SEED, players=PLAYERS, pace=0.0, practice=practice)


async def test_e_opens_the_explained_bids_and_esc_goes_back(tmp_path: Path) -> None:
    """e from North's bid opens the lines; F3 there switches them to Português at once;
    Esc goes back to the table."""
    app = _app(tmp_path)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await _to_north_bidding(pilot)
            assert " e  Explain bids " in screen_text(app).splitlines()[-1]
            await pilot.press("e")
            await pilot.pause()
            text = screen_text(app)
            assert "The auction explained" in text and "Carla (South) 6♦:" in text
            await pilot.press("f3")
            await pilot.pause()
            text = screen_text(app)
            assert "O leilão explicado" in text and "Carla (Sul) 6♦:" in text
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_snapshot_explained(snap_compare, tmp_path: Path,  # type: ignore[no-untyped-def]
                            lang: str) -> None:
    """The auction explained at 80×24, in English and in Spanish: nothing cut off."""
    i18n.set_language(lang)
    try:
        assert snap_compare(_app(tmp_path), terminal_size=(80, 24), run_before=_explained)
    finally:
        i18n.set_language("en")


def test_snapshot_table_with_the_key(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The table at North's bid with e in the key bar."""
    assert snap_compare(_app(tmp_path), terminal_size=(80, 24), run_before=_to_north_bidding)
