"""Small things found by playing in tmux: names said once, the cursor on a card you may
play, a fresh bid cursor each auction, the deal's last trick on its summary, true minus
signs in hints."""

from __future__ import annotations

import random
from pathlib import Path

from five_hundred.bots import hint
from five_hundred.engine import PAGAT_AUSTRALIAN, GameState, view_for
from five_hundred.hotseat import Player
from five_hundred.notation import describe_hint
from five_hundred.ui.app import create_app
from five_hundred.ui.screens.summary import SummaryScreen, team_names
from five_hundred.ui.screens.table import TableScreen
from five_hundred.ui.widgets.bids import BidGrid

from .helpers import screen_text

ONE_PERSON = [Player("North"), Player("East", "computer", "easy"),
              Player("South", "computer", "easy"), Player("West", "computer", "easy")]


def test_team_names_said_once_when_players_keep_the_seat_names() -> None:
    assert team_names(("North", "East", "South", "West")) == ("North–South", "East–West")
    assert team_names(("Ana", "East", "Carla", "West"))[0] == "North–South (Ana & Carla)"


def test_hint_uses_the_table_notation_and_true_minus_signs() -> None:
    """A real bidding hint: bids in symbols (7♥, never 7H), negative figures with a
    true minus sign."""
    lines = []
    for seed in range(1, 6):
        state = GameState.new_game(PAGAT_AUSTRALIAN, seed=seed)
        view = view_for(state, state.to_act)
        lines.append(describe_hint(hint(view, PAGAT_AUSTRALIAN, random.Random(seed), 0.05)))
    text = "\n".join(lines)
    assert "by expected points" in text and "−" in text
    assert "-" not in text.replace("—", "")
    assert not any(w[:-1].isdigit() and w[-1] in "SCDH" for w in text.replace(",", " ").split())


async def test_cursor_bid_cursor_log_and_summary_r8_r27(tmp_path: Path) -> None:
    """One person (named like the seat) with three computers, keys only: the log says
    "North" once; in play the cursor always starts on a legal card (R27) so Enter plays;
    each auction's cursor starts at its lowest legal bid (R8); the summary shows the
    trick that ended the deal."""
    app = create_app(tmp_path, seed=3, players=ONE_PERSON, pace=0.0)
    deals = contracts = plays = 0
    async with app.run_test(size=(80, 24)) as pilot:
        # Steps, not time: the computers think in workers, so a loaded machine needs
        # more pauses per deal (300 ran out once with three matches beside the suite).
        for _ in range(3000):
            await pilot.pause()
            c = app.controller
            assert c is not None
            assert not any("North (North)" in line for line in c.log())
            screen = app.screen
            if isinstance(screen, SummaryScreen):
                public = app.public_view()
                if public.results[-1].contract is not None:
                    assert "Last trick:" in screen_text(app)
                    contracts += 1
                deals += 1
                if deals == 3:
                    break
                await pilot.press("enter")
                continue
            if not isinstance(screen, TableScreen) or screen.mode == "watch":
                continue
            view = screen.view
            assert view is not None
            if screen.mode == "bid":
                grid = screen.query_one(BidGrid)
                if not any(code != "pass" for _, code in view.public.auction):
                    assert grid.selected == next(b for b in grid.legal if b != "pass")
                # bid 6♥ when it is still open, else pass
                if "bid 6H" in view.legal_actions:
                    while grid.selected != "6H":
                        await pilot.press("right")
                    await pilot.press("enter")
                else:
                    await pilot.press("p")
            elif screen.mode == "discard":
                await pilot.press("1", "space", "2", "space", "3", "space", "enter", "enter")
            elif screen.mode == "play":
                assert f"play {view.hand[screen.cursor]}" in view.legal_actions or \
                    view.hand[screen.cursor] == "JK"
                if screen.unchosen:  # a lead: the first arrow shows the cursor's card
                    await pilot.press("right")
                await pilot.press("enter")
                plays += 1
            else:  # a suit for the joker: the cursor starts on one that may be chosen
                await pilot.press("enter")
    assert deals == 3 and contracts >= 1 and plays >= 5
