"""Drive the app with the keyboard only, as people at the table would."""

from __future__ import annotations

import random

from textual.pilot import Pilot

from five_hundred.engine import parse_card
from five_hundred.ui.app import FiveHundredApp
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.summary import SummaryScreen
from five_hundred.ui.screens.table import SUIT_CHOICES, TableScreen
from five_hundred.ui.widgets.bids import BidGrid


def act(app: FiveHundredApp, text: str) -> None:
    """Act for the person at the table as their table would: the legal action spelt
    ``text`` in the view on the table, handed up as the table's ``Act`` message."""
    c = app.controller
    assert c is not None
    view = c.table_view()
    action = view.find(text) if view is not None else None
    assert view is not None and action is not None, \
        f"{text!r} is not legal for the table's view"
    app.on_table_screen_act(TableScreen.Act(view.seat, action))


def choose(legal: tuple[str, ...], rng: random.Random, bid_rate: float = 0.3) -> str:
    """A seeded random legal action; in the auction mostly passes, so deals get played."""
    if (legal and legal[0] == "pass") or "pass" in legal:
        bids = [a for a in legal if a.startswith("bid ") and a != "bid BMIS"]
        if bids and rng.random() < bid_rate:
            return rng.choice(bids)
        return "pass"
    if legal[0].startswith("discard"):
        return rng.choice(legal)
    return rng.choice(legal)


async def settle(pilot: Pilot[None], app: FiveHundredApp, limit: int = 400) -> None:
    """Wait until a person must press a key (curtain, table, summary)."""
    for _ in range(limit):
        await pilot.pause()
        c = app.controller
        if c is None:
            return
        screen = app.screen
        if isinstance(screen, CurtainScreen | SummaryScreen):
            return
        if isinstance(screen, TableScreen) and c.person_to_act() and screen.mode != "watch":
            return
    raise AssertionError("the app never came back to a person")


async def move_cursor(pilot: Pilot[None], table: TableScreen, index: int) -> None:
    if index < 10:
        await pilot.press("1234567890"[index])
        return
    while table.cursor < index:
        await pilot.press("right")
    while table.cursor > index:
        await pilot.press("left")


async def do_action(pilot: Pilot[None], table: TableScreen, text: str) -> None:
    """Perform ``text`` with key presses only."""
    view = table.view
    assert view is not None
    words = text.split()
    if text == "pass":
        await pilot.press("p")
    elif words[0] == "bid":
        grid = table.query_one(BidGrid)
        target = words[1] if len(words) == 2 else " ".join(words[1:])
        order = [c for row in grid.rows for c in row if c in grid.legal]
        level = target[:-2] if target.endswith("NT") else target[:-1]
        if level in ("6", "7", "8", "9", "10"):
            await pilot.press(level[-1])  # a digit jumps to the row, as people do (R9)
        if grid.unchosen:
            await pilot.press("right")  # a misère: the first arrow shows the cursor
        for _ in range(len(order) + 1):
            if grid.selected == target:
                break
            cur = order.index(grid.selected) if grid.selected in order else 0
            await pilot.press("right" if order.index(target) > cur else "left")
        assert grid.selected == target, (grid.selected, target)
        await pilot.press("enter")
    elif words[0] == "discard":
        for card in words[1:]:
            await move_cursor(pilot, table, view.hand.index(card))
            await pilot.press("space")
        await pilot.press("enter", "enter")
    elif words[0] == "joker":
        await pilot.press(str(SUIT_CHOICES.index(words[1]) + 1), "enter")
    elif len(words) == 3:  # lead the joker naming a suit: the suits keep their numbers
        await move_cursor(pilot, table, view.hand.index("JK"))
        await pilot.press("enter")
        await pilot.press(str(SUIT_CHOICES.index(words[2]) + 1), "enter")
    else:
        await move_cursor(pilot, table, view.hand.index(words[1]))
        await pilot.press("enter")


def sort_key(app: FiveHundredApp, card: str) -> int:
    rules = app.rules_in_play
    assert rules is not None
    return parse_card(card, rules)
