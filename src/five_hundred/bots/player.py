"""What a computer player is, for every level: one method, ``choose``.

A player gets the acting seat's ``SeatView`` (never the game state: it must not see a
card its seat may not know), a seeded ``random.Random`` and a time budget in seconds,
and answers with one of ``view.legal``. The rules come with the view
(``view.public.rules``). The budget is converted into a fixed amount of work where a
level uses it (``hard.work_limit``), never read from a clock, so the same view, seed
and budget give the same choice.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from five_hundred.engine import LegalAction, SeatView
from five_hundred.engine.actions import Action

DEFAULT_BUDGET = 0.25  # seconds of thought per decision, as work (see above)


@runtime_checkable
class Player(Protocol):
    """A computer player of any level (``levels.REGISTRY`` makes them by name)."""

    def choose(self, view: SeatView, rng: random.Random, budget: float) -> LegalAction:
        """One of ``view.legal`` for the seat of ``view``."""
        ...


def only_choice(view: SeatView) -> LegalAction | None:
    """The seat's action when it has exactly one, else None (there is a choice).
    Every level answers a forced move at once, without drawing on ``rng``."""
    if not view.legal:
        raise ValueError("this seat has nothing to do now")
    return view.legal[0] if len(view.legal) == 1 else None


def legal_choice(view: SeatView, action: Action) -> LegalAction:
    """The view's legal action that is ``action`` (the levels decide in engine form)."""
    found = next((a for a in view.legal if a.action == action), None)
    if found is None:  # a level chose something the rules do not allow: a bug there
        raise RuntimeError(f"a computer chose an illegal action {action}")
    return found
