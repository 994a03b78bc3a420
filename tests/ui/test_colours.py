"""What good terminal apps offer (issue 13, item 15): a four-colour deck, a monochrome
terminal where the suits and the playable cards are still told apart, and reduced
motion honoured."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.style import Style

from five_hundred.notation import card_label
from five_hundred.ui.app import create_app
from five_hundred.ui.palette import four_colours, use_four_colours
from five_hundred.ui.render import bid_text, card_text
from five_hundred.ui.screens.start import StartScreen
from five_hundred.ui.screens.table import Mode, TableScreen
from five_hundred.ui.storage import Storage
from five_hundred.ui.widgets.hand import Hand
from five_hundred.ui.widgets.tick import Tick

from .test_snapshots import to_trick


@pytest.fixture(autouse=True)
def two_colours() -> Iterator[None]:
    yield
    use_four_colours(False)


def _colour(style: str | Style) -> str | None:
    colour = (style if isinstance(style, Style) else Style.parse(style)).color
    return colour.name if colour is not None else None


def test_four_colour_deck_gives_each_suit_its_own_colour() -> None:
    use_four_colours(False)
    assert _colour(card_text("5D").style) == _colour(card_text("5H").style) == "red"
    use_four_colours(True)
    colours = {s: _colour(card_text(f"9{s}").style) for s in "SCDH"}
    assert colours["H"] == "red" and colours["D"] and colours["C"]
    assert len({colours["C"], colours["D"], colours["H"]}) == 3  # three colours and ♠'s own
    assert colours["S"] is None  # the terminal's own colour (black on white, or white)
    assert _colour(bid_text("7D").style) == colours["D"]  # bids too
    assert _colour(bid_text("7NT").style) is None


async def test_four_colours_chosen_on_the_start_screen_are_remembered(tmp_path: Path) -> None:
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        tick = screen.query_one("#four-colours", Tick)
        tick.focus()
        await pilot.press("space")
        await pilot.pause()
        assert four_colours()
        assert isinstance(app.screen, StartScreen)
        assert app.screen.query_one("#four-colours", Tick).value
    assert Storage(tmp_path).last_four_colours()
    app.action_four_colours()  # and the palette's command takes it back
    assert not four_colours() and not Storage(tmp_path).last_four_colours()


async def test_no_color_keeps_playable_cards_and_the_cursor_apart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR (a monochrome terminal): no colour is drawn, but the cards that cannot
    be played are dim, the cursor's card is bracketed and reversed, and each suit has
    its symbol -- attributes a terminal without colour still shows."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = create_app(tmp_path, seed=15, pace=3600.0)
    assert app.no_color
    async with app.run_test(size=(80, 24)) as pilot:
        await to_trick(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.view is not None
        hand = table.query_one(Hand)
        text = hand.render()
        top = text.plain.split("\n")[0]
        playable = table.view.playable()
        seen_dim = seen_bright = 0
        for i, code in enumerate(table.view.hand):
            cell = text[i * hand.cell:(i + 1) * hand.cell]
            styles = " ".join(str(span.style) for span in cell.spans)
            label = card_label(code)
            assert label in top and label[-1] in "♠♣♦♥K2"
            if code in playable:
                assert "dim" not in styles
                seen_bright += 1
            else:
                assert "dim" in styles
                seen_dim += 1
            if i == table.cursor:
                assert "reverse" in styles and cell.plain.startswith("[")
        assert seen_dim and seen_bright


async def test_reduced_motion_shows_a_still_mark_while_a_computer_thinks(
        tmp_path: Path) -> None:
    app = create_app(tmp_path, seed=15, pace=3600.0)
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        c = app.controller
        assert c is not None and c.acting_seat is not None
        app.curtain_lifted(c.acting_seat)
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        table.mode = Mode.WATCH
        app.mark_thinking(True)
        assert table._spinner is None  # nothing moves
        app.animation_level = "full"
        app.mark_thinking(False)
        app.mark_thinking(True)
        assert table._spinner is not None
        app.mark_thinking(False)
