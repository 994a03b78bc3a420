"""The shape of a lesson: built positions and the questions asked in them.

Plain data, no presentation: every sentence is an English message id marked ``N_``
(translated where it is shown), every answer an action in its record spelling
(``play JH``, ``bid 7NT``, ``discard 5S 7S 5C``, ``joker H``, ``play JK D``,
``pass``), checked against the engine (``lessons/run.py``,
``tests/lessons/test_positions.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

LEARNER = 2  # the learner sits South in every lesson


@dataclass(frozen=True)
class Setup:
    """A position: a deal (cards named per seat, the rest shared out in card order)
    and the actions that lead to the question. ``*`` in ``script`` is the acting
    seat's first legal action (a pass in the auction, its lowest card in play)."""

    dealer: int
    hands: tuple[str, str, str, str]  # per seat (North, East, South, West): some cards
    kitty: str
    script: tuple[str, ...] = ()
    scores: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class Wrong:
    """Legal answers that are wrong for the question, and why (a message id)."""

    answers: tuple[str, ...]
    why: str
    rule: str


@dataclass(frozen=True)
class Question:
    """What to do, and what counts as right. ``setup``: a new position for this
    question (None: go on from the last one, after ``then``). ``keep``: for a discard,
    every discard holding none of these cards is right (``right`` is then empty).
    ``refused``: illegal answers the lesson expects the engine to refuse, each with
    the rule it must name (checked by the tests)."""

    ask: str
    rule: str
    praise: str
    right: tuple[str, ...] = ()
    keep: tuple[str, ...] = ()
    wrong: tuple[Wrong, ...] = ()
    otherwise: str = ""  # any other legal answer (the question's rule)
    setup: Setup | None = None
    then: tuple[str, ...] | None = None  # after the previous right answer (None: *)
    refused: tuple[tuple[str, str], ...] = ()
    hint: str = ""
    free: bool = False  # any legal answer is right (the guided deal)


@dataclass(frozen=True)
class Lesson:
    key: str  # remembered in the progress file
    title: str
    intro: str
    questions: tuple[Question, ...] = field(default=())
    guided: bool = False  # the first guided deal: a whole deal against computers


__all__ = ["LEARNER", "Lesson", "Question", "Setup", "Wrong"]
