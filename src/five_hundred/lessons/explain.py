"""What a computer's bid promises, for the guided deal of the lessons.

``explain_computer_bid`` says what a bid commits its side to (the tricks, the value and
the rule); the guided deal puts under it what the computer's own bidding model counted
on (``Controller.bid_explanations``, from ``bots.reasons.BidReason``), so the two are
never separate stories.
"""

from __future__ import annotations

from five_hundred.engine import RuleSet, ladder_for
from five_hundred.i18n import _
from five_hundred.notation import bid_label, team_short, who


def explain_computer_bid(rules: RuleSet, seat: int, bid: str | None,
                         names: tuple[str, ...]) -> str:
    """One or two sentences on ``seat``'s bid (``bid``: its code, ``None`` for a pass),
    in the player's language."""
    name = who(names, seat)
    if bid is None:
        return _("{who} passes and is out of this auction (R11).").format(who=name)
    found = next((b for b in ladder_for(rules).bids if b.code == bid), None)
    value = found.value if found is not None else 0
    label = bid_label(bid)
    if found is not None and found.is_misere:
        return _("{who} bids {bid} ({value} points): {who} alone must lose every "
                 "trick (R18).").format(who=name, bid=label, value=value)
    tricks = bid[:-2] if bid.endswith("NT") else bid[:-1]
    return _("{who} bids {bid} ({value} points): {team} must win {tricks} tricks or "
             "more (R9, R28).").format(who=name, bid=label, value=value,
                                       team=team_short(seat % 2), tricks=tricks)


__all__ = ["explain_computer_bid"]
