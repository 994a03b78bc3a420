"""What a computer's bid means, for the guided deal of the lessons.

``explain_computer_bid`` is the one hook: the guided deal calls it for every bid a
computer makes and shows what it returns under the auction. Today it says what the
log says, with what the bid promises and its value; the bidding model's own
explanation (issue 25, item 2: "about five hearts with a bower …") is to fill it in,
from the same seat view and bid, without the lesson screen changing.
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
