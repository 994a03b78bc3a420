"""Acting for a seat from a test by the record spelling, as a view would hand it over."""

from __future__ import annotations

from five_hundred.engine import ladder_for, parse_action
from five_hundred.engine.views import legal_action
from five_hundred.hotseat import Controller


def act_text(c: Controller, text: str) -> None:
    """``c.act`` with the action spelt as in a record; the controller checks legality."""
    ladder = ladder_for(c.rules)
    c.act(legal_action(parse_action(text, c.rules, ladder), ladder))
