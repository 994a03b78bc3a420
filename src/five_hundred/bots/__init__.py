"""Computer players and hints. They depend on the engine's pure helpers only.

A player (``player.Player``) is given the acting seat's ``SeatView`` (never the game
state), a seeded ``random.Random`` and a time budget in seconds, and returns one of
``view.legal`` (a typed ``LegalAction``); every level is made by name from one registry
(``levels.REGISTRY``)::

    choice = player("hard").choose(view, rng, budget=0.25)
    state.apply(choice.action, view.seat)

Levels: ``random`` (uniform legal play, a yardstick), ``easy`` (the rules of
``normal`` with deliberate slips), ``normal`` (rule-based), ``hard`` (Monte Carlo
sampling of the unseen cards with double-dummy solving) and ``club`` (the published
design of a well-known app's rule-based 500 bots, a yardstick: ``club.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from five_hundred import i18n, notation, teaching
from five_hundred.engine import (
    BIDDING,
    DISCARD_PHASE,
    JOKER_PHASE,
    PLAYING,
    LegalAction,
    RuleSet,
    SeatView,
)
from five_hundred.engine.actions import PASS, PASS_ACTION, MakeBid
from five_hundred.engine.bidding import SUIT_BID, ladder_for
from five_hundred.engine.cards import NO_TRUMPS, parse_card
from five_hundred.engine.knowledge import Knowledge, knowledge_of
from five_hundred.i18n import _, ngettext

from . import card_reasons, hand_strength, hard, match, mc, normal
from .levels import LEVELS, REGISTRY, YARDSTICKS, player
from .player import DEFAULT_BUDGET, Player, legal_choice
from .reasons import BidReason, CardReason


@dataclass(frozen=True)
class Candidate:
    """One option the hint weighed: its action and numbers."""

    action: LegalAction
    chance: float  # chance that the seat's side reaches its goal (make / defeat)
    points: float  # expected points for the seat's side minus the other's, match-weighed
    tricks: float  # expected tricks of the declaring side (misère: chance it is caught)


@dataclass(frozen=True)
class Hint:
    """The ``hard`` player's judgement of the current decision.

    ``action`` is the suggested action (one of ``view.legal``): the option ranked first
    by the number the ``reason`` names. ``reason`` is one readable sentence in the
    table's notation: that number for each option weighed (expected points for the
    seat's side minus the other side's, weighed by the match score: ``match.py``), the
    match situation when it matters, the samples behind the figures. ``candidates``
    (card decisions only) lists each card with those ``points``, ``chance`` — the
    estimated probability that the seat's side makes the contract (declaring side) or
    defeats it (defenders) — and ``tricks``, in the same order (best first);
    ``samples`` is the number of sampled deals behind those figures. ``why`` says
    why in words (``teaching``) when the position and the figures make it clear: for a
    card the rule of thumb it follows (``lesson``, ``card_reasons``), for a bid the
    facts behind it (``bid_reason``, the same ``BidReason`` ``hard``'s bid comes with).
    """

    action: LegalAction
    reason: str
    candidates: tuple[Candidate, ...] = ()
    samples: int = 0
    why: str = ""  # the suggestion's reason in a sentence a beginner can follow, if clear
    lesson: CardReason | None = None  # a card: the rule of thumb ``why`` states
    bid_reason: BidReason | None = None  # a bid or a pass: the facts ``why`` states

    def __str__(self) -> str:
        return f"{notation.action_label(self.action)}: {self.reason}"


HINT_OPTIONS = 5  # cards named in a hint's reason
LESSON_OPTIONS = 3  # ... when a sentence says why first (three lines at 80×24)
BID_OPTIONS = 4  # bids (passing included) named: with the match situation, 3 lines at 80×24
WHY_BID_OPTIONS = 3  # ... when the facts behind the bid come first
DISCARD_OPTIONS = 4  # discards named (the rule-based one says more of itself)
WITHIN_REACH = 8  # a bid that wins the game is named when it needs this many tricks or fewer


def hint(view: SeatView, rules: RuleSet, rng: random.Random,
         budget: float = 1.0) -> Hint:
    """The ``hard`` player's judgement of the decision, with its reason in numbers (see
    ``Hint``). Uses only ``view``. The suggestion is always the option its numbers rank
    first (for a card, without ``hard``'s tie-break towards the rule-based card)."""
    legal = view.legal
    if not legal:
        raise ValueError("this seat has nothing to do now")
    k = knowledge_of(view, rules)
    if k.phase == PLAYING and len(legal) > 1:
        return _card_hint(view, k, rng, budget)
    if k.phase in (BIDDING, DISCARD_PHASE) and len(legal) > 1:
        bidding = k.phase == BIDDING
        j = (mc.judge_bid if bidding else mc.judge_discard)(k, rng, hard.work_limit(budget))
        if j.options:
            return (_bid_hint if bidding else _discard_hint)(view, k, j)
        choice = legal_choice(view, j.action)
    else:
        choice = player("hard").choose(view, rng, budget)
    if k.phase == BIDDING:
        facts = j.reason if j.reason is not None and j.reason.bid == choice.bid else None
        if facts is not None:  # the count the rule-based bid stood on, in words
            return Hint(choice, _bid_situation(k), why=teaching.bid_explanation(facts, False),
                        bid_reason=facts)
        strains: list[str] = []
        for t in range(4):
            est, n = hand_strength.suit_tricks(rules, k.hand, t)
            strains.append(ngettext("{suit} {tricks} ({n} trump)", "{suit} {tricks} ({n} trumps)",
                                    n).format(suit=notation.SUIT_SYMBOLS[t],
                                              tricks=i18n.decimal(est), n=n))
        nt, stopped = hand_strength.nt_tricks(rules, k.hand)
        strains.append(ngettext("NT {tricks} ({n} suit stopped)",
                                "NT {tricks} ({n} suits stopped)", stopped).format(
            tricks=i18n.decimal(nt), n=stopped))
        if rules.misere:
            reason = _("own tricks: {strains}; misère danger cards: {danger}; partner and "
                       "kitty count about 3 more").format(
                strains=", ".join(strains),
                danger=i18n.decimal(normal.misere_danger(rules, k.hand)))
        else:
            reason = _("own tricks: {strains}; partner and kitty count about 3 more").format(
                strains=", ".join(strains))
        return Hint(choice, reason + "; " + _bid_situation(k))
    if k.phase == DISCARD_PHASE:
        return Hint(choice, _("keep trumps, aces and stoppers; discard to make voids")
                    if k.bid is not None and not k.bid.is_misere
                    else _("shed the cards with the fewest lower cards outstanding"))
    if k.phase == JOKER_PHASE:
        if k.bid is not None and k.bid.trump == NO_TRUMPS:
            return Hint(choice, _("in no trumps a suitless joker wins any trick it is "
                                  "played to"))
        return Hint(choice, _("in this contract a suitless joker wins any trick it is "
                              "played to"))
    return Hint(choice, _("the only legal action"))


def _card_hint(view: SeatView, k: Knowledge, rng: random.Random, budget: float) -> Hint:
    """Every card by its expected points (the number ``hard`` ranks by), with the chance
    of the seat's goal beside it."""
    ests = hard.estimate_cards(k, rng, budget)
    ests.sort(key=lambda e: (-e.utility, -e.success, e.text))
    bid = k.bid
    assert bid is not None
    cands = tuple(Candidate(legal_choice(view, e.action), e.success, e.utility, e.tricks)
                  for e in ests)
    lesson = card_reasons.card_reason(k, ests)
    shown = LESSON_OPTIONS if lesson is not None else HINT_OPTIONS
    parts = ", ".join(_("{option} {points} ({chance})").format(
        option=notation.option_label(c.action), points=notation.signed(round(c.points)),
        chance=i18n.percent(c.chance)) for c in cands[:shown])
    if len(cands) > shown:
        parts += ", …"
    samples = ests[0].samples
    if k.dec_side(k.seat):
        text = ngettext("by expected points, chance of making {bid}: "
                        "{options} (over {n} sampled deal)",
                        "by expected points, chance of making {bid}: "
                        "{options} (over {n} sampled deals)", samples)
    else:
        text = ngettext("by expected points, chance of defeating "
                        "{bid}: {options} (over {n} sampled deal)",
                        "by expected points, chance of defeating "
                        "{bid}: {options} (over {n} sampled deals)", samples)
    reason = text.format(bid=notation.bid_label(bid.code), options=parts, n=samples)
    team = k.declarer & 1
    if match.wins_game(k.rules, k.scores, bid, team) \
            or match.loses_game(k.rules, k.scores, bid, team):
        reason += "; " + match.situation(k.rules, k.scores, k.seat & 1, bid, team)
    why = teaching.card_lesson(lesson) if lesson is not None else ""
    return Hint(cands[0].action, reason, cands, samples, why, lesson)


def _bid_situation(k: Knowledge) -> str:
    """The match situation for the seat's bid: the scores, the current high bid if it
    wins its side the game, the cheapest bid of eight tricks or fewer that wins ours
    the game, and whether the cheapest bid failed loses it."""
    ladder = ladder_for(k.rules)
    team = k.seat & 1
    bids = sorted(a.ladder_index for a, _legal in k.legal if isinstance(a, MakeBid))
    suit = [ladder.bids[i] for i in bids if ladder.bids[i].kind == SUIT_BID]
    winning = next((b for b in suit if b.tricks <= WITHIN_REACH
                    and match.wins_game(k.rules, k.scores, b, team)), None)
    high_team = k.high_bidder & 1 if k.high_bidder >= 0 else -1
    return match.situation(k.rules, k.scores, team, k.high, high_team,
                           suit[0] if suit else None, winning)


def _bid_ranking(view: SeatView, k: Knowledge,
                 j: mc.Judgement) -> list[tuple[float, int, str, LegalAction]]:
    """(rank, order on ties, label, action), best first; when ``j.anchored``, the
    rule-based call ranked at its value plus ``mc.ANCHOR``, its label with its points."""
    plan, anchored = j.plan, j.anchored
    ladder = ladder_for(k.rules)
    planned = ladder.bids[plan.ladder_index].code if anchored and isinstance(plan, MakeBid) \
        else None
    ranked: list[tuple[float, int, str, LegalAction]] = []
    for code, value in j.options:
        act = next(a for a in view.legal if a.bid == code)
        if code == planned:
            at = value + mc.ANCHOR
            ranked.append((at, 2, _("{option} {points} (rule-based, ranked at {bar})").format(
                option=notation.bid_label(code), points=notation.signed(round(value)),
                bar=notation.signed(round(at))), act))
        else:
            ranked.append((value, 1, notation.bid_label(code), act))
    passing = next((a for a in view.legal if a.verb == PASS), None)
    bar = mc.pass_bar(k, j.base)
    if passing is not None:
        at = bar
        if anchored and plan == PASS_ACTION:
            at = bar + mc.ANCHOR
            label = _("passing {bar} (rule-based, ranked at {ranked})")
        elif bar == j.base:
            label = _("passing {bar}")
        else:  # passing is worth less, but a bid must not cost more than the floor
            label = _("passing {bar} (worth {worth}; a bid must still clear {bar})")
        ranked.append((at, 0, label.format(bar=notation.signed(round(bar)),
                                           worth=notation.signed(round(j.base)),
                                           ranked=notation.signed(round(at))), passing))
    ranked.sort(key=lambda r: (-r[0], r[1]))  # ties: passing first, as hard decides
    return ranked


def _bid_hint(view: SeatView, k: Knowledge, j: mc.Judgement) -> Hint:
    """Every bid weighed and passing, ranked by expected points (weighed by the match
    score), passing at the bar a bid must clear; when ``hard`` keeps the rule-based
    call over one valued a little more (``mc.ANCHOR``), that call ranked first at the
    bar the other had to clear, and saying so. The first is the suggestion."""
    ranked = _bid_ranking(view, k, j)
    facts = j.reason if j.reason is not None and j.reason.bid == ranked[0][3].bid else None
    situation = _bid_situation(k)
    shown = WHY_BID_OPTIONS if facts is not None else BID_OPTIONS
    parts = ", ".join(label if act.verb == PASS or n == 2  # those carry their points
                      else _("{option} {points}").format(option=label,
                                                         points=notation.signed(round(v)))
                      for v, n, label, act in ranked[:shown])
    if facts is not None and facts.samples:
        reason = _("by expected points: {options}; {situation}").format(
            options=parts, situation=situation)
    else:
        reason = ngettext("by expected points: {options} (over {n} "
                          "sampled deal); {situation}",
                          "by expected points: {options} (over {n} "
                          "sampled deals); {situation}", j.samples).format(
            options=parts, n=j.samples, situation=situation)
    why = ""
    if facts is not None:
        # normal's count is long beside the figures (three lines at 80×24 in all): the
        # hand facts alone when anchored, or with notes on the match
        why = (j.anchored and teaching.hand_facts(facts)) or \
            teaching.bid_hint(facts, brief="; " in situation)
    return Hint(ranked[0][3], reason, samples=j.samples, why=why, bid_reason=facts)


def _discard_hint(view: SeatView, k: Knowledge, j: mc.Judgement) -> Hint:
    """The discards weighed, ranked by expected points, the rule-based discard at the
    bar another must clear (``mc.DISCARD_MARGIN`` more, as ``hard`` decides); the first
    is the suggestion."""
    plan = sorted(normal.discard_plan(k)[1:])
    ranked: list[tuple[float, int, str, str]] = []
    for option, value in j.options:
        codes = option.split()
        if sorted(parse_card(c, k.rules) for c in codes) == plan:
            bar = value + mc.DISCARD_MARGIN
            label = _("{option} {points} (the rule-based discard, ranked at {bar}: another "
                      "must gain {margin} more)").format(
                option=notation.cards_label(codes), points=notation.signed(round(value)),
                bar=notation.signed(round(bar)), margin=round(mc.DISCARD_MARGIN))
            ranked.append((bar, 0, label, option))
        else:
            label = _("{option} {points}").format(option=notation.cards_label(codes),
                                                 points=notation.signed(round(value)))
            ranked.append((value, 1, label, option))
    ranked.sort(key=lambda r: (-r[0], r[1]))  # ties: the rule-based discard, as hard decides
    first = sorted(ranked[0][3].split())
    choice = next((a for a in view.legal if sorted(a.cards) == first), legal_choice(view, j.action))
    parts = ", ".join(label for _v, _n, label, _o in ranked[:DISCARD_OPTIONS])
    return Hint(choice, ngettext("by expected points: {options} (over {n} sampled deal)",
                                 "by expected points: {options} (over {n} sampled deals)",
                                 j.samples).format(options=parts, n=j.samples),
                samples=j.samples)


__all__ = ["DEFAULT_BUDGET", "LEVELS", "REGISTRY", "YARDSTICKS", "Candidate", "Hint", "Player",
           "hint", "player"]
