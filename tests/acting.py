"""Acting for a seat from a test by the record spelling, as a view would hand it over."""

from __future__ import annotations

from five_hundred.engine import ladder_for, parse_action
from five_hundred.engine.views import legal_action
from five_hundred.hotseat import Controller


def act_text(c: Controller, text: str) -> None:
    """``c.act`` with the action spelt as in a record; the controller checks legality."""
    ladder = ladder_for(c.rules)
    c.act(legal_action(parse_action(text, c.rules, ladder), ladder))


def seed15_to_the_play(c: Controller) -> None:
    """Seed 15 (the UI tests' deal): East bids 6NT, the others pass, East discards
    5♠ 7♠ Q♠ and names the joker a heart; East is to lead."""
    act_text(c, "bid 6NT")
    for _ in range(3):
        act_text(c, "pass")
    act_text(c, "discard 5S 7S QS")
    act_text(c, "joker H")


def play_to_the_end(c: Controller) -> None:
    """Every seat plays its last legal card (curtains lifted on the way) until the deal
    is over."""
    while not c.deal_over:
        if c.needs_curtain():
            c.reveal()
        view = c.table_view()
        assert view is not None
        c.act(view.legal[-1])
