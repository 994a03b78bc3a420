"""No leaks (issue 3): over 50 seeded random deals driven through the app, at every
decision point the visible screen shows no card hidden in another seat's hand, in the
kitty or in the discard -- except the open-misère hand (R22) and the declarer's own
exchange (R17) -- and the curtain shows no private card at all."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Static

from five_hundred import i18n
from five_hundred.engine import JOKER_PHASE, PAGAT_AUSTRALIAN, TWO_JOKER_1000
from five_hundred.hotseat import Player
from five_hundred.notation import card_label, card_name
from five_hundred.ui.app import create_app
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.table import TableScreen
from tests.acting import act_text

from .driver import act
from .helpers import quick_pause, wait_for
from .leak import (
    Leak,
    check_screen,
    find_leak,
    hidden_cards,
    run_deals,
    run_deals_with_rules,
)

FOUR_PEOPLE = [Player("Ana"), Player("Bruno"), Player("Carla"), Player("Davi")]
TWO_PEOPLE = [Player("Ana"), Player("Bruno", "computer", "easy"), Player("Carla"),
              Player("Davi", "computer", "easy")]
ONE_PERSON = [Player("Ana", "computer", "easy"), Player("Bruno"),
              Player("Carla", "computer", "easy"), Player("Davi", "computer", "easy")]


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The table drawn in this language (English again afterwards)."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


# the chunks take turns at the three languages: every language is checked, at no cost
@pytest.mark.parametrize(("chunk", "players", "language"), [
    (1, FOUR_PEOPLE, "en"), (2, FOUR_PEOPLE, "pt"), (4, TWO_PEOPLE, "pt"),
    (5, ONE_PERSON, "es"),
], indirect=["language"])
async def test_no_hidden_card_on_screen_r17_r22(tmp_path: Path, chunk: int,
                                                players: list[Player], language: str) -> None:
    """Two deals per chunk, eight in all, in English, Portuguese and Spanish: nothing
    hidden is ever visible (``benchmarks/ui_soak.py`` runs the same check over 1,000
    deals)."""
    deals, checks = await run_deals(tmp_path, chunk, 2, players)
    assert deals == 2
    assert checks >= 10


@pytest.mark.parametrize("language", ["es"], indirect=True)
async def test_no_leak_with_house_rules_v3_v5(tmp_path: Path, language: str) -> None:
    """Blind misère on the curtain (V5) and joker leads last (V3) leak nothing either
    (in Spanish)."""
    rules = PAGAT_AUSTRALIAN.model_copy(update={"blind_misere": True,
                                                "joker_lead_last_trick_only": True})
    deals, _checks = await run_deals_with_rules(tmp_path, 9, 2, FOUR_PEOPLE, rules)
    assert deals == 2


@pytest.mark.parametrize("language", ["pt_BR"], indirect=True)
async def test_no_hand_before_a_blind_misere_choice_alone_with_computers_v5(
        tmp_path: Path, language: str) -> None:
    """V5, one person with computers (game seed 1000: Ana calls first in deal 1, East
    before her in deal 2): while the computers call, the person's new hand is not on
    the table, since they may still bid blind misère on their "your cards" screen (in
    Brazilian Portuguese)."""
    rules = PAGAT_AUSTRALIAN.model_copy(update={"blind_misere": True})
    alone = [Player("Ana"), Player("Bruno", "computer", "easy"),
             Player("Carla", "computer", "easy"), Player("Davi", "computer", "easy")]
    deals, checks = await run_deals_with_rules(tmp_path, 1, 2, alone, rules)
    assert deals == 2 and checks > 0


@pytest.mark.parametrize("language", ["pt"], indirect=True)
async def test_no_leak_in_the_two_joker_game_v6(tmp_path: Path, language: str) -> None:
    """V6 (two jokers, 6-card kitty, game bids): nothing hidden is shown either (in
    Portuguese)."""
    deals, checks = await run_deals_with_rules(tmp_path, 6, 2, FOUR_PEOPLE, TWO_JOKER_1000)
    assert deals == 2 and checks > 0


def test_bid_like_card_outside_bid_contexts_is_a_leak() -> None:
    """Positive control of the 6–10 check (cards spelt like bids, R12): a hidden 7♣ is
    found anywhere but inside the exact phrases written around a bid made."""
    phrases = {"bids 7♣", "Bruno 7♣", "Contract 7♣"}
    assert find_leak(["East: Bruno bids 7♣", "Contract 7♣ by Bruno"], {"7C"}, phrases) is None
    assert find_leak(["Bruno bids 7♣ · Ana holds 7♣"], {"7C"}, phrases) == "7♣"
    assert find_leak(["Last trick: Ana 7♣"], {"7C"}, {"bids 7♣"}) == "7♣"
    assert find_leak(["a 10♥ here"], {"TH"}, set()) == "10♥"
    assert find_leak(["scores 110♥"], {"TH"}, set()) is None


async def test_planted_hidden_card_of_rank_6_to_10_is_caught(tmp_path: Path) -> None:
    """Positive control through the app: after a bid spelt like a hidden card, the bid's
    own phrases pass, and the same card planted in any widget is a ``Leak``."""
    app = create_app(tmp_path, seed=4, players=FOUR_PEOPLE, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await quick_pause(pilot)
        c = app.controller
        assert c is not None and isinstance(app.screen, CurtainScreen)
        seat = c.acting_seat
        assert seat is not None
        app.curtain_lifted(seat)
        await quick_pause(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.view is not None
        hidden = hidden_cards(c, c.viewer)
        bids = {a.split()[1] for a in table.view.legal_actions if a.startswith("bid ")}
        card = next(code for code in sorted(hidden)
                    if code[0] in "6789T" and code.replace("T", "10") in bids)
        act(app, "bid " + card.replace("T", "10"))  # the bid reads like the card
        await quick_pause(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert check_screen(app) > 0  # "Ana 7♣", "highest 7♣" are bid contexts
        app.curtain_lifted(c.acting_seat or 0)
        await quick_pause(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert card in hidden_cards(c, c.viewer)
        assert check_screen(app) > 0
        table.query_one("#trick", Static).update(f"under the table: {card_label(card)}")
        await quick_pause(pilot)
        with pytest.raises(Leak):
            check_screen(app)


def test_clipped_bid_phrase_is_still_a_bid_context() -> None:
    """A hint clipped by its panel ends inside its own phrase: not a leak (R12)."""
    hint = "Hint: pass — expected points by bid: 8♦ -277, 10♦ -500 (over 8 deals)"
    assert find_leak(["Your bid: " + hint[:44]], {"TD"}, {hint}) is None
    assert find_leak(["Your bid: 10♦ " + hint[:44]], {"TD"}, {hint}) == "10♦"


async def test_joker_left_without_a_suit_shows_nowhere_r23(tmp_path: Path) -> None:
    """Seed 15: East holds the joker in 6NT and declines to name it (R23). The log once
    said "East leaves the joker without a suit" on everyone's table. Now South's
    curtain and table say nothing of it (no line about the joker at all), and the same
    message planted in the log is caught by the leak check (positive control)."""
    app = create_app(tmp_path, seed=15, players=FOUR_PEOPLE, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await quick_pause(pilot)
        c = app.controller
        assert c is not None
        act_text(c, "bid 6NT")
        for _ in range(3):
            act_text(c, "pass")
        act_text(c, "discard 5S 7S QS")
        app.advance()
        await quick_pause(pilot)
        app.curtain_lifted(1)
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                       and app.screen.view is not None)
        table = app.screen
        assert isinstance(table, TableScreen) and table.view is not None
        assert table.view.phase == JOKER_PHASE
        act(app, "joker none")
        await quick_pause(pilot)
        act(app, next(a for a in table.view.legal_actions if a != "play JK"
                             and not a.startswith("play JK ")))
        await quick_pause(pilot)
        for screen_type in (CurtainScreen, TableScreen):
            assert isinstance(app.screen, screen_type)
            check_screen(app)
            log = [line for line in c.log() if "joker" in line.lower()]
            assert log == [], log
            if screen_type is CurtainScreen:
                app.curtain_lifted(2)
                await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                               and app.screen.view is not None)
        c.notes.append("Bruno leaves the joker without a suit")
        app.sync_table()
        await quick_pause(pilot)
        with pytest.raises(Leak):
            check_screen(app)


@pytest.mark.parametrize("language", ["pt", "es"], indirect=True)
async def test_planted_card_name_in_words_is_caught(tmp_path: Path, language: str) -> None:
    """Positive control in Portuguese and Spanish: a hidden card named in words
    ("valete de copas", "jota de corazones") anywhere on the table is a ``Leak``."""
    app = create_app(tmp_path, seed=4, players=FOUR_PEOPLE, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await quick_pause(pilot)
        c = app.controller
        assert c is not None
        app.curtain_lifted(c.acting_seat or 0)
        await quick_pause(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert check_screen(app) > 0
        card = sorted(hidden_cards(c, c.viewer))[0]
        table.query_one("#trick", Static).update(f"?? {card_name(card)} ??")
        await quick_pause(pilot)
        with pytest.raises(Leak):
            check_screen(app)


def test_translated_log_says_no_more_than_the_english_one() -> None:
    """Every log line of two played deals, in Portuguese and Spanish, carries exactly the
    cards, bids, suits and numbers of the English line: a translation adds nothing."""
    import random

    from five_hundred.engine import PAGAT_AUSTRALIAN
    from five_hundred.hotseat import Controller
    from five_hundred.notation import log_lines

    tokens = re.compile(r"10[♠♣♦♥]|[2-9AKQJ][♠♣♦♥]|JK|J2|\d+NT|\d+|[♠♣♦♥]")
    c = Controller(PAGAT_AUSTRALIAN, FOUR_PEOPLE, 3)
    rng = random.Random(3)
    checked = 0
    try:
        for _step in range(400):
            if c.game_over:
                break
            if c.deal_over:
                c.start_next_deal()
                continue
            if c.needs_curtain():
                c.reveal()
            view = c.table_view()
            assert view is not None
            c.act(view.legal[rng.randrange(len(view.legal))])
            public = c.public()
            i18n.set_language("en")
            english = log_lines(public, c.names)
            for code in ("pt", "es"):
                i18n.set_language(code)
                translated = log_lines(public, c.names)
                assert len(translated) == len(english)
                for en_line, line in zip(english, translated, strict=True):
                    assert sorted(tokens.findall(line)) == sorted(tokens.findall(en_line)), \
                        (en_line, line)
                    checked += 1
    finally:
        i18n.set_language("en")
    assert checked > 500
