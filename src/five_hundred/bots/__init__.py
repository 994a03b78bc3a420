"""Computer players and hints. They depend on the engine's pure helpers only.

A player is given the acting seat's ``SeatView`` (never the game state), the
``RuleSet``, a seeded ``random.Random`` and a time budget in seconds, and returns one
of ``view.legal`` (a typed ``LegalAction``)::

    choice = choose_action(view, rules, rng, level="hard", budget=0.25)
    state.apply(choice.action, view.seat)

Levels: ``random`` (uniform legal play, a yardstick), ``easy`` (the rules of
``normal`` with deliberate slips), ``normal`` (rule-based), ``hard`` (Monte Carlo
sampling of the unseen cards with double-dummy solving) and ``club`` (the published
design of a well-known app's rule-based 500 bots, a yardstick: ``club.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from five_hundred import i18n, notation
from five_hundred.engine import LegalAction, Phase, RuleSet, SeatView
from five_hundred.engine.cards import NO_TRUMPS
from five_hundred.i18n import _, ngettext

from . import club, hard, mc, normal
from .knowledge import knowledge_of

LEVELS = ("random", "easy", "normal", "hard", "club")
# Levels for measurement only (tournament, benchmarks), not offered to players:
# ``hard-play`` bids and discards as ``normal`` and plays its cards as ``hard``, so a
# match against ``normal`` measures card play alone.
YARDSTICKS = ("hard-play",)
EASY_SLIPS = 0.2
DEFAULT_BUDGET = 0.25


def choose_action(view: SeatView, rules: RuleSet, rng: random.Random, level: str = "normal",
                  budget: float = DEFAULT_BUDGET) -> LegalAction:
    """One of ``view.legal`` for the seat of ``view``."""
    legal = view.legal
    if not legal:
        raise ValueError("this seat has nothing to do now")
    if level not in LEVELS and level not in YARDSTICKS:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    if len(legal) == 1:
        return legal[0]
    if level == "random":
        return legal[rng.randrange(len(legal))]
    k = knowledge_of(view, rules)
    if level == "hard" or (level == "hard-play" and k.phase == Phase.PLAY):
        action = hard.decide(k, rng, budget)
    elif level == "club":
        action = club.decide(k, rng)
    else:
        action = normal.decide(k, rng, EASY_SLIPS if level == "easy" else 0.0)
    return _typed(view, action)


def _typed(view: SeatView, action: tuple[int, ...]) -> LegalAction:
    """The view's legal action that is ``action`` (the levels decide in engine form)."""
    found = next((a for a in view.legal if a.action == action), None)
    if found is None:  # a level chose something the rules do not allow: a bug there
        raise RuntimeError(f"a computer chose an illegal action {action}")
    return found


@dataclass(frozen=True)
class Candidate:
    """One option the hint weighed: its action and numbers."""

    action: LegalAction
    chance: float  # chance that the seat's side reaches its goal (make / defeat)
    points: float  # expected points for the seat's side minus the other side's
    tricks: float  # expected tricks of the declaring side (misère: chance it is caught)


@dataclass(frozen=True)
class Hint:
    """The ``hard`` player's suggestion for the current decision.

    ``action`` is the suggested action (one of ``view.legal``); ``reason`` is one
    readable sentence, in the table's notation, with the numbers behind it; ``candidates``
    (card decisions only) lists each legal card with ``chance`` — the estimated
    probability that the seat's side makes the contract (declaring side) or defeats it
    (defenders) when that card is played — ``points`` and ``tricks``, best first;
    ``samples`` is the number of sampled deals behind those figures.
    """

    action: LegalAction
    reason: str
    candidates: tuple[Candidate, ...] = ()
    samples: int = 0

    def __str__(self) -> str:
        return f"{self.action.label}: {self.reason}"


def hint(view: SeatView, rules: RuleSet, rng: random.Random,
         budget: float = 1.0) -> Hint:
    """What the ``hard`` player would do now, with its reason in numbers (see ``Hint``).
    Uses only ``view``."""
    legal = view.legal
    if not legal:
        raise ValueError("this seat has nothing to do now")
    k = knowledge_of(view, rules)
    if k.phase == Phase.PLAY and len(legal) > 1:
        ests = hard.estimate_cards(k, rng, budget)
        best = hard.best_estimate(k, rng, ests)
        ests.sort(key=lambda e: (e is not best, -e.utility, -e.success, e.text))
        assert k.bid is not None
        cands = tuple(Candidate(_typed(view, e.action), e.success, e.utility, e.tricks)
                      for e in ests)
        parts = ", ".join(f"{notation.card_label(c.action.cards[0])} {i18n.percent(c.chance)}"
                          for c in cands[:4])
        samples = best.samples
        reason = (ngettext("chance of making {bid}: {chances} (over {n} sampled deal)",
                           "chance of making {bid}: {chances} (over {n} sampled deals)",
                           samples) if k.dec_side(k.seat) else
                  ngettext("chance of defeating {bid}: {chances} (over {n} sampled deal)",
                           "chance of defeating {bid}: {chances} (over {n} sampled deals)",
                           samples)).format(bid=notation.bid_label(k.bid.code),
                                            chances=parts, n=samples)
        return Hint(_typed(view, best.action), reason, cands, best.samples)
    if k.phase in (Phase.BIDDING, Phase.DISCARD) and len(legal) > 1:
        bidding = k.phase == Phase.BIDDING
        j = (mc.judge_bid if bidding else mc.judge_discard)(k, rng, hard.work_limit(budget))
        choice = _typed(view, j.action)
        if j.options:
            parts = ", ".join(f"{_option_label(o, bidding)} {notation.signed(round(v))}"
                              for o, v in j.options[:4])
            if bidding:
                reason = ngettext(
                    "expected points per deal by bid: {options}; passing {passing} "
                    "(over {n} sampled deal)",
                    "expected points per deal by bid: {options}; passing {passing} "
                    "(over {n} sampled deals)", j.samples).format(
                    options=parts, passing=notation.signed(round(j.base)), n=j.samples)
            else:
                reason = ngettext(
                    "expected points per deal by discard: {options} (over {n} sampled deal)",
                    "expected points per deal by discard: {options} (over {n} sampled deals)",
                    j.samples).format(options=parts, n=j.samples)
            return Hint(choice, reason, samples=j.samples)
    else:
        choice = choose_action(view, rules, rng, "hard", budget)
    if k.phase == Phase.BIDDING:
        strains: list[str] = []
        for t in range(4):
            est, n = normal.suit_tricks(rules, k.hand, t)
            strains.append(ngettext("{suit} {tricks} ({n} trump)", "{suit} {tricks} ({n} trumps)",
                                    n).format(suit=notation.SUIT_SYMBOLS[t],
                                              tricks=i18n.decimal(est), n=n))
        nt, stopped = normal.nt_tricks(rules, k.hand)
        strains.append(ngettext("NT {tricks} ({n} suit stopped)",
                                "NT {tricks} ({n} suits stopped)", stopped).format(
            tricks=i18n.decimal(nt), n=stopped))
        if rules.misere:
            reason = _("own tricks: {strains}; misère danger cards: {danger}; partner and "
                       "kitty count about 2 more").format(
                strains=", ".join(strains), danger=normal.misere_danger(rules, k.hand))
        else:
            reason = _("own tricks: {strains}; partner and kitty count about 2 more").format(
                strains=", ".join(strains))
        return Hint(choice, reason)
    if k.phase == Phase.DISCARD:
        return Hint(choice, _("keep trumps, aces and stoppers; discard to make voids")
                    if k.bid is not None and not k.bid.is_misere
                    else _("shed the cards with the fewest lower cards outstanding"))
    if k.phase == Phase.JOKER:
        if k.bid is not None and k.bid.trump == NO_TRUMPS:
            return Hint(choice, _("in no trumps a suitless joker wins any trick it is "
                                  "played to"))
        return Hint(choice, _("in this contract a suitless joker wins any trick it is "
                              "played to"))
    return Hint(choice, _("the only legal action"))


def _option_label(option: str, bidding: bool) -> str:
    """A judged option (a bid code, or the discarded cards' codes) in the table's notation."""
    if bidding:
        return notation.bid_label(option)
    return " ".join(notation.card_label(c) for c in option.split())


__all__ = ["DEFAULT_BUDGET", "LEVELS", "YARDSTICKS", "Candidate", "Hint", "choose_action", "hint"]
