"""The computer levels, each a ``Player``, and the one registry that makes them by
name: the table (``hotseat``), the tournament, the hints and the benchmarks all ask
``player(name)``.

``random`` plays uniformly among the legal actions (a yardstick); ``easy`` is
``normal``'s rules with deliberate slips; ``normal`` is rule-based; ``hard`` samples the
unseen cards and solves them double-dummy; ``club`` is the published design of a
well-known app's rule-based bots (a yardstick). ``hard-play`` is for measurement only
(tournament, benchmarks), never offered to players: it bids and discards as ``normal``
and plays its cards as ``hard``, so a match against ``normal`` measures card play alone.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable

from five_hundred.engine import BIDDING, PLAYING, LegalAction, SeatView
from five_hundred.engine.actions import Action
from five_hundred.engine.knowledge import Knowledge, knowledge_of

from . import club, hard, mc, normal
from .player import Player, legal_choice, only_choice
from .reasons import BidReason

EASY_SLIPS = 0.2  # the chance that ``easy`` slips on a discard or a card


class RandomPlayer:
    """Any legal action, uniformly."""

    def choose(self, view: SeatView, rng: random.Random, budget: float) -> LegalAction:
        only = only_choice(view)
        return only if only is not None else view.legal[rng.randrange(len(view.legal))]


class KnowledgePlayer(ABC):
    """A level that decides from the seat's knowledge (the view decoded for the rules
    of the card play) in engine form; ``choose`` turns that back into a legal action.
    A bid comes with the facts that made it (``choose_explained``): ``choose`` is that
    decision with the facts dropped, so an explanation is always of the bid made."""

    def choose(self, view: SeatView, rng: random.Random, budget: float) -> LegalAction:
        return self.choose_explained(view, rng, budget)[0]

    def choose_explained(self, view: SeatView, rng: random.Random,
                         budget: float) -> tuple[LegalAction, BidReason | None]:
        """``choose``'s action and, for a bid or a pass in the auction, why."""
        only = only_choice(view)
        if only is not None:
            return only, None
        k = knowledge_of(view, view.public.rules)
        if k.phase == BIDDING:
            action, reason = self.bid(k, rng, budget)
            return legal_choice(view, action), reason
        return legal_choice(view, self.decide(k, rng, budget)), None

    @abstractmethod
    def decide(self, k: Knowledge, rng: random.Random, budget: float) -> Action:
        """The level's decision, one of ``k.legal``'s actions."""

    def bid(self, k: Knowledge, rng: random.Random,
            budget: float) -> tuple[Action, BidReason | None]:
        """The level's bid (or pass) and the facts that made it."""
        return self.decide(k, rng, budget), None


class RuleBasedPlayer(KnowledgePlayer):
    """``normal``, or ``easy`` with ``slips`` > 0. Takes no time, so ignores the budget."""

    def __init__(self, slips: float = 0.0) -> None:
        self.slips = slips

    def decide(self, k: Knowledge, rng: random.Random, budget: float) -> Action:
        return normal.decide(k, rng, self.slips)

    def bid(self, k: Knowledge, rng: random.Random,
            budget: float) -> tuple[Action, BidReason | None]:
        return normal.bid_with_reason(k, rng, noise=normal.EASY_NOISE if self.slips else 0.0)


class HardPlayer(KnowledgePlayer):
    """``hard``; with ``cards_only``, ``hard-play`` (``normal`` until the card play)."""

    def __init__(self, cards_only: bool = False) -> None:
        self.cards_only = cards_only

    def decide(self, k: Knowledge, rng: random.Random, budget: float) -> Action:
        if self.cards_only and k.phase != PLAYING:
            return normal.decide(k, rng)
        return hard.decide(k, rng, budget)

    def bid(self, k: Knowledge, rng: random.Random,
            budget: float) -> tuple[Action, BidReason | None]:
        if self.cards_only:
            return normal.bid_with_reason(k, rng)
        j = mc.judge_bid(k, rng, hard.work_limit(budget))
        return j.action, j.reason


class ClubPlayer(KnowledgePlayer):
    """``club``: deterministic, takes no time."""

    def decide(self, k: Knowledge, rng: random.Random, budget: float) -> Action:
        return club.decide(k, rng)

    def bid(self, k: Knowledge, rng: random.Random,
            budget: float) -> tuple[Action, BidReason | None]:
        return club.bid_with_reason(k)


REGISTRY: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "easy": lambda: RuleBasedPlayer(EASY_SLIPS),
    "normal": RuleBasedPlayer,
    "hard": HardPlayer,
    "club": ClubPlayer,
    "hard-play": lambda: HardPlayer(cards_only=True),
}
YARDSTICKS = ("hard-play",)  # for measurement only, never offered to players
LEVELS = tuple(name for name in REGISTRY if name not in YARDSTICKS)


def explain_bid(view: SeatView, level: str, rng: random.Random,
                budget: float) -> tuple[LegalAction, BidReason | None]:
    """The bid (or pass) the computer of ``level`` makes on ``view`` with ``rng`` and
    ``budget``, exactly as its ``choose`` would, and the facts that made it (None for a
    level that bids at random, or a decision that is not a bid)."""
    made = player(level)
    if isinstance(made, KnowledgePlayer):
        return made.choose_explained(view, rng, budget)
    return made.choose(view, rng, budget), None


def player(level: str) -> Player:
    """A new player of ``level`` (a name in ``REGISTRY``)."""
    make = REGISTRY.get(level)
    if make is None:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    return make()
