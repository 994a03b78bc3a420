"""Computer players and hints. They depend on the engine's pure helpers only.

A player is given the acting seat's ``SeatView`` (never the game state), the
``RuleSet``, a seeded ``random.Random`` and a time budget in seconds, and returns one
of ``view.legal_actions``::

    text = choose_action(view, rules, rng, level="hard", budget=0.25)
    state.apply_text(text, view.seat)

Levels: ``random`` (uniform legal play, a yardstick), ``easy`` (the rules of
``normal`` with deliberate slips), ``normal`` (rule-based), ``hard`` (Monte Carlo
sampling of the unseen cards with double-dummy solving) and ``club`` (the published
design of a well-known app's rule-based 500 bots, a yardstick: ``club.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from five_hundred.engine.actions import action_text
from five_hundred.engine.bidding import ladder_for
from five_hundred.engine.cards import NO_TRUMPS, SUIT_SYMBOLS
from five_hundred.engine.rules import RuleSet
from five_hundred.engine.views import SeatView

from . import club, hard, mc, normal
from .knowledge import knowledge_of

LEVELS = ("random", "easy", "normal", "hard", "club")
EASY_SLIPS = 0.2
DEFAULT_BUDGET = 0.25


def choose_action(view: SeatView, rules: RuleSet, rng: random.Random, level: str = "normal",
                  budget: float = DEFAULT_BUDGET) -> str:
    """One action text from ``view.legal_actions`` for the seat of ``view``."""
    legal = view.legal_actions
    if not legal:
        raise ValueError("this seat has nothing to do now")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    if len(legal) == 1:
        return legal[0]
    if level == "random":
        return legal[rng.randrange(len(legal))]
    k = knowledge_of(view, rules)
    if level == "hard":
        action = hard.decide(k, rng, budget)
    elif level == "club":
        action = club.decide(k, rng)
    else:
        action = normal.decide(k, rng, EASY_SLIPS if level == "easy" else 0.0)
    for a, text in k.legal:
        if a == action:
            return text
    return action_text(action, ladder_for(rules))  # pragma: no cover - defensive


@dataclass(frozen=True)
class Candidate:
    """One option the hint weighed: its action text and numbers."""

    action: str
    chance: float  # chance that the seat's side reaches its goal (make / defeat)
    points: float  # expected points for the seat's side minus the other side's
    tricks: float  # expected tricks of the declaring side (misère: chance it is caught)


@dataclass(frozen=True)
class Hint:
    """The ``hard`` player's suggestion for the current decision.

    ``action`` is the suggested action text (one of ``view.legal_actions``);
    ``reason`` is one readable sentence with the numbers behind it; ``candidates``
    (card decisions only) lists each legal card with ``chance`` — the estimated
    probability that the seat's side makes the contract (declaring side) or defeats it
    (defenders) when that card is played — ``points`` and ``tricks``, best first;
    ``samples`` is the number of sampled deals behind those figures.
    """

    action: str
    reason: str
    candidates: tuple[Candidate, ...] = ()
    samples: int = 0

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"


def hint(view: SeatView, rules: RuleSet, rng: random.Random,
         budget: float = 1.0) -> Hint:
    """What the ``hard`` player would do now, with its reason in numbers (see ``Hint``).
    Uses only ``view``."""
    legal = view.legal_actions
    if not legal:
        raise ValueError("this seat has nothing to do now")
    k = knowledge_of(view, rules)
    if k.phase == "play" and len(legal) > 1:
        ests = hard.estimate_cards(k, rng, budget)
        best = hard.best_estimate(k, rng, ests)
        ests.sort(key=lambda e: (e is not best, -e.utility, -e.success, e.text))
        goal = "making" if k.dec_side(k.seat) else "defeating"
        assert k.bid is not None
        cands = tuple(Candidate(e.text, e.success, e.utility, e.tricks) for e in ests)
        parts = ", ".join(f"{c.action.removeprefix('play ')} {c.chance:.0%}"
                          for c in cands[:4])
        reason = (f"chance of {goal} {k.bid.label}: {parts} "
                  f"(over {best.samples} sampled deals)")
        return Hint(best.text, reason, cands, best.samples)
    if k.phase in ("bidding", "discard") and len(legal) > 1:
        j = (mc.judge_bid if k.phase == "bidding" else mc.judge_discard)(
            k, rng, hard.work_limit(budget))
        text = next((t for a, t in k.legal if a == j.action), legal[0])
        if j.options:
            what = "bid" if k.phase == "bidding" else "discard"
            parts = ", ".join(f"{o} {v:+.0f}" for o, v in j.options[:4])
            reason = f"expected points per deal by {what}: {parts}"
            if k.phase == "bidding":
                reason += f"; passing {j.base:+.0f}"
            return Hint(text, reason + f" (over {j.samples} sampled deals)",
                        samples=j.samples)
    else:
        text = choose_action(view, rules, rng, "hard", budget)
    if k.phase == "bidding":
        strains: list[str] = []
        for t in range(4):
            est, n = normal.suit_tricks(rules, k.hand, t)
            strains.append(f"{SUIT_SYMBOLS[t]} {est:.1f} ({n} trumps)")
        nt, stopped = normal.nt_tricks(rules, k.hand)
        strains.append(f"NT {nt:.1f} ({stopped} suits stopped)")
        reason = "own tricks: " + ", ".join(strains)
        if rules.misere:
            reason += f"; misère danger cards: {normal.misere_danger(rules, k.hand)}"
        reason += "; partner and kitty count about 2 more"
        return Hint(text, reason)
    if k.phase == "discard":
        return Hint(text, "keep trumps, aces and stoppers; discard to make voids"
                    if k.bid is not None and not k.bid.is_misere
                    else "shed the cards with the fewest lower cards outstanding")
    if k.phase == "joker":
        trump = "no trumps" if k.bid is not None and k.bid.trump == NO_TRUMPS else ""
        return Hint(text, f"in {trump or 'this contract'} a suitless joker wins any trick "
                    "it is played to")
    return Hint(text, "the only legal action")


__all__ = ["DEFAULT_BUDGET", "LEVELS", "Candidate", "Hint", "choose_action", "hint"]
