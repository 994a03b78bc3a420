"""House rules in force are shown (issue 5): on the table's header and side panel, on
the curtain and at the top of the rules screen."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from five_hundred.engine import PAGAT_AUSTRALIAN
from five_hundred.hotseat import Player
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.info import RulesScreen
from five_hundred.ui.screens.table import TableScreen
from five_hundred.ui.widgets.side import SidePanel

from .helpers import screen_text

HOUSE = PAGAT_AUSTRALIAN.model_copy(update={"misere_without_seven": True,
                                            "defensive_cap": 480})
TWO_PEOPLE = [Player("Ana"), Player("Bruno", "computer", "easy"), Player("Carla"),
              Player("Davi", "computer", "easy")]


def plain(widget: Static | SidePanel) -> str:
    return str(widget.render())


async def to_first_curtain(pilot: Pilot[None], app: FiveHundredApp) -> None:
    """The computers move (their pace is an hour) until a person's curtain is up."""
    await pilot.pause()
    while not isinstance(app.screen, CurtainScreen):
        assert app.step_computer()
        await pilot.pause()


async def test_house_rules_v2_v4_on_table_curtain_and_rules_screen(tmp_path: Path) -> None:
    """V2 (misère without a seven) and V4 (defensive cap 480) are named on the curtain,
    the table's header and side panel, and the rules screen."""
    app = create_app(tmp_path, seed=3, players=TWO_PEOPLE, rules=HOUSE, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_first_curtain(pilot, app)
        curtain = screen_text(app)
        assert "V2 misère may be bid whenever" in curtain and "stop at 480" in curtain
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        status = plain(app.screen.query_one("#status", Static))
        assert "house rules V2 V4" in status
        side = plain(app.screen.query_one(SidePanel))
        assert "V2 misère may be bid whenever it outranks" in side
        assert "V4 defensive points stop at 480" in side
        assert "house rules V2 V4" in screen_text(app)  # the header fits at 80 columns
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        text = screen_text(app)
        assert "House rules in force" in text
        assert "V2 misère may be bid whenever it outranks the current bid" in text
        assert "V4 defensive points stop at 480" in text


async def test_default_rules_say_no_house_rules(tmp_path: Path) -> None:
    """Without options (the default pagat-australian, V1–V6 off) the table says so."""
    app = create_app(tmp_path, seed=3, players=TWO_PEOPLE, pace=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_first_curtain(pilot, app)
        await pilot.press("enter")
        await pilot.pause()
        assert "no house rules" in screen_text(app)
        await pilot.press("f1")
        await pilot.pause()
        assert "none: the default rules" in screen_text(app)
