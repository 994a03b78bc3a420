"""Words that teach: a computer's bid explained, and the rule of thumb behind a hinted
card, in the player's language.

The facts come from the bots (``bots.reasons``: the ``BidReason`` the bidding code
returned beside its bid, the ``CardReason`` the hint found in the position and the
play-outs); this module only writes them, through the catalogues. It reads those values
by their fields and imports no bot at run time, so the bots can use it for their hints.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from five_hundred import i18n
from five_hundred.faces import SUIT_LETTERS
from five_hundred.i18n import _, ngettext
from five_hundred.notation import bid_label, card_label, signed, suit_label, who

if TYPE_CHECKING:
    from five_hundred.bots.reasons import BidReason, CardReason

NT = 4  # the no-trumps strain in a reason


def _tricks(x: float) -> str:
    return i18n.decimal(x)


def _and(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the player's language."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return _("{list} and {last}").format(list=", ".join(items[:-1]), last=items[-1])


def hand_facts(r: BidReason) -> str:
    """The hand facts a reason names: trumps with the joker and bowers (a suit), the
    joker and the suits stopped (no trumps)."""
    if r.strain == NT:
        stopped = ngettext("{n} suit stopped", "{n} suits stopped", r.stopped).format(
            n=r.stopped)
        if r.joker:
            return _("the joker and {stopped}").format(stopped=stopped)
        return _("{stopped}, no joker").format(stopped=stopped)
    if r.strain is None:
        return ""
    trumps = ngettext("{n} {suit} trump", "{n} {suit} trumps", r.trumps).format(
        n=r.trumps, suit=suit_label(SUIT_LETTERS[r.strain]))
    honours = []
    if r.joker:
        honours.append(_("the joker"))
    if r.right_bower and r.left_bower:
        honours.append(_("both bowers"))
    elif r.right_bower:
        honours.append(_("the right bower"))
    elif r.left_bower:
        honours.append(_("the left bower"))
    if honours:
        return _("{trumps} with {honours}").format(trumps=trumps, honours=_and(honours))
    return _("{trumps}, no joker or bower").format(trumps=trumps)


def _count(r: BidReason) -> str:
    """The tricks counted: own hand, partner and kitty, and what moved the bar."""
    text = _("counts {own} tricks of its own and {allowance} from partner and the kitty: "
             "{total}").format(own=_tricks(r.own), allowance=_tricks(r.allowance),
                               total=_tricks(r.own + r.allowance))
    if abs(r.noise) >= 0.05:
        text += "; " + _("its loose count (easy) strays by {noise}, to {total}").format(
            noise=signed_tricks(r.noise), total=_tricks(r.own + r.allowance + r.noise))
    if abs(r.slack) >= 0.05:
        text += "; " + _("the match score moves the bar by {slack} tricks").format(
            slack=signed_tricks(r.slack))
    return text


def signed_tricks(x: float) -> str:
    """``+1.2`` / ``−0.8`` tricks."""
    text = i18n.decimal(x)
    return text if text.startswith(i18n.MINUS) else "+" + text


def _expected(points: float) -> str:
    """``expected +45 points``."""
    n = round(points)
    return ngettext("expected {points} point", "expected {points} points", abs(n)).format(
        points=signed(n))


def _sampled(r: BidReason) -> str:
    """What hard's play-outs found for a bid."""
    return ngettext("made in {made} of {n} sampled deal, about {tricks} tricks ({expected})",
                    "made in {made} of {n} sampled deals, about {tricks} tricks ({expected})",
                    r.samples).format(made=r.made, n=r.samples, tricks=_tricks(r.tricks),
                                      expected=_expected(r.points))


def bid_explanation(r: BidReason, head: bool = True) -> str:
    """The reason for a bid or a pass in one sentence, starting with the bid:
    ``7♥: 5 ♥ trumps with the joker and the right bower; counts 4.1 tricks of its own
    and 3.2 from partner and the kitty: 7.3, enough for 7``; without ``head``, only
    what follows the colon (a hint names its bid already)."""
    text = _explanation(r)
    return text if head else text.split(": ", 1)[1]


def _explanation(r: BidReason) -> str:
    head = bid_label(r.bid) if r.bid is not None else _("pass")
    facts = hand_facts(r)
    why = r.why
    if why in ("count", "jump", "name_suit", "game"):
        body = _count(r)
        if why == "jump":
            body += "; " + _("two tricks to spare, so one level above the cheapest")
        elif why == "name_suit":
            body += "; " + _("its side's first bid names the suit at the cheapest level")
        elif why == "game":
            body += "; " + _("bids only as high as wins the game")
        else:
            body += ", " + ngettext("enough for {n} trick", "enough for {n} tricks",
                                    r.needed).format(n=r.needed)
    elif why == "raise":
        body = _("raises partner's {bid}: {own} tricks of its own, {surplus} more than "
                 "partner counted on").format(bid=bid_label(r.partner_bid or ""),
                                              own=_tricks(r.own),
                                              surplus=_tricks(r.surplus))
    elif why == "misere":
        if r.level == "hard":
            body = _("lost every trick in {share} of its sampled deals ({expected})").format(
                share=i18n.percent(r.share), expected=_expected(r.points))
        elif r.danger is not None:
            body = _("a low hand: about {danger} cards the defenders could force to win a "
                     "trick").format(danger=_tricks(r.danger))
        else:
            body = _("a low hand: no joker, and few lower cards out below each card")
        return f"{head}: {body}"
    elif why == "opener":
        body = _("the joker and {own} sure tricks in no trumps, counting {allowance} from "
                 "partner and the kitty: the Australian opening bid").format(
            own=_tricks(r.own), allowance=_tricks(r.allowance))
    elif why == "samples":
        body = _sampled(r)
    elif why == "no_strain":
        body = _("no suit of four or more trumps, and too few suits stopped for no trumps")
        if facts:
            body += " (" + _("longest: {facts}").format(facts=facts) + ")"
        return f"{head}: {body}"
    elif why == "short":
        if r.strain is None:
            return f"{head}: " + _("no bid left that the hand could make")
        body = _count(r) if r.partner_bid is None else _(
            "partner's {bid} and {own} tricks of its own").format(
            bid=bid_label(r.partner_bid), own=_tricks(r.own))
        if not r.needed:
            body += ", " + _("and no bid left in that strain")
        else:
            body += ", " + ngettext("short of the {n} trick the cheapest bid needs",
                                    "short of the {n} tricks the cheapest bid needs",
                                    r.needed).format(n=r.needed)
    elif why == "game_won":
        return f"{head}: " + _("our side's bid already wins the game")
    elif why == "not_worth":
        if r.weighed is None:
            return f"{head}: " + _("no bid worth more than passing")
        if r.samples:
            best = _("the best bid, {bid}, was {sampled}").format(bid=bid_label(r.weighed),
                                                                  sampled=_sampled(r))
        else:
            best = _("the best bid, {bid}, lost every trick in {share} of its sampled "
                     "deals ({expected})").format(bid=bid_label(r.weighed),
                                                  share=i18n.percent(r.share),
                                                  expected=_expected(r.points))
        body = _("{best}: not worth more than passing").format(best=best)
    else:  # pragma: no cover - every reason is written above
        body = why
    return f"{head}: {facts}; {body}" if facts else f"{head}: {body}"


def bid_hint(r: BidReason, brief: bool = False) -> str:
    """The facts behind a hinted bid, shorter than ``bid_explanation`` since the hint
    lists the figures after them: the hand facts and how often the play-outs made the
    bid (for a pass, the best bid weighed); ``brief``: the hand facts alone."""
    if r.why not in ("samples", "not_worth") or not r.samples:
        return bid_explanation(r, head=False)
    facts = hand_facts(r)
    if brief and facts:
        return facts
    found = ngettext("made in {made} of {n} sample", "made in {made} of {n} samples",
                     r.samples).format(made=r.made, n=r.samples)
    if r.why == "not_worth" and r.weighed is not None:
        found = _("{bid} {found}").format(bid=bid_label(r.weighed), found=found)
    return f"{facts}; {found}" if facts else found


def bid_line(names: Sequence[str], seat: int, r: BidReason) -> str:
    """A computer's bid explained for the log: ``East 7♥: 5 ♥ trumps with …``."""
    return _("{who} {explanation}").format(who=who(names, seat),
                                          explanation=bid_explanation(r))


def card_lesson(r: CardReason) -> str:
    """The rule of thumb behind a hinted card, in a sentence a beginner can follow."""
    card = card_label(r.card)
    other = card_label(r.other) if r.other else ""
    texts = {
        "draw_trumps": _("Draw trumps: {card} takes the opponents' trumps, so they cannot "
                         "ruff your winners later."),
        "cash": _("{card} is the highest card left in its suit: take the trick while you "
                  "can."),
        "keep_joker": _("Keep the joker: it wins any trick, so save it for a trick you "
                        "could not win otherwise."),
        "duck": _("Your partner's {other} is winning the trick: play low under it and keep "
                  "your high cards."),
        "second_low": _("Second to play, play low: your partner still plays after the next "
                        "opponent."),
        "third_high": _("Third to play, play high: {card} makes the last player pay a high "
                        "card to win the trick."),
        "win_cheap": _("You play last: {card} is the cheapest card that wins the trick."),
        "ruff": _("You have none of the suit led: trump it with {card} to win the trick."),
        "throw": _("You cannot follow suit or win the trick: throw {card}, the card you "
                   "need least."),
        "lowest": _("You cannot beat {other}: play your lowest card and keep the others."),
        "misere_under": _("In misère you must lose every trick: {card} is your highest "
                          "card that still loses."),
        "any": _("Every card gives the same result here."),
    }
    return texts[r.why].format(card=card, other=other)


__all__ = ["bid_explanation", "bid_hint", "bid_line", "card_lesson",
           "hand_facts", "signed_tricks"]
