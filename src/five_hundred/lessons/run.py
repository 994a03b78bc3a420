"""A lesson under way: the engine's state at the question asked, and the verdict on
an answer. The learner (South) answers with an action in its record spelling; the
other seats move only as the lesson's script says (``*``: their first legal action).

Pure: the engine and the lesson data, no presentation. Verdicts carry message ids
(or the engine's own ``Because``), translated where they are shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from five_hundred.engine import (
    PAGAT_AUSTRALIAN,
    GameState,
    IllegalAction,
    PublicView,
    RuleSet,
    SeatView,
    public_view,
    view_for,
)
from five_hundred.engine.cards import card_str, deck, parse_card
from five_hundred.i18n import N_
from five_hundred.lessons.model import LEARNER, Lesson, Question, Setup

NOT_ASKED = N_("That is allowed, but it is not what this question asks.")


@dataclass(frozen=True)
class Verdict:
    """``right``, or why not: ``why`` is a message id or the engine's ``Because``
    (a ``str`` subclass), ``rule`` the rule's id."""

    right: bool
    why: str = ""
    rule: str = ""
    engine: bool = False  # the engine refused it (illegal), not the lesson


def _mask(cards: str, rules: RuleSet) -> int:
    m = 0
    for c in cards.split():
        m |= 1 << parse_card(c, rules)
    return m


def deal_for(setup: Setup, rules: RuleSet = PAGAT_AUSTRALIAN) -> tuple[list[int], int]:
    """The hands (bitmasks) and kitty of ``setup``: the cards named, then the rest of
    the pack shared out in card order, one at a time to each seat still short of 10."""
    named = [c.split() for c in setup.hands]
    kitty = setup.kitty.split()
    used = [c for hand in named for c in hand] + kitty
    if len(set(used)) != len(used) or len(kitty) != rules.kitty_size:
        raise ValueError(f"bad lesson deal: {setup}")
    rest = [card_str(c) for c in deck(rules) if card_str(c) not in used]
    hands = [list(h) for h in named]
    seat = 0
    for card in rest:
        while len(hands[seat]) >= 10:
            seat = (seat + 1) % 4
        hands[seat].append(card)
        seat = (seat + 1) % 4
    if any(len(h) != 10 for h in hands):
        raise ValueError(f"bad lesson deal: {setup}")
    return [_mask(" ".join(h), rules) for h in hands], _mask(" ".join(kitty), rules)


def filler(state: GameState) -> None:
    """The acting seat's plain move: its first legal action (a pass in the auction, its
    lowest card in play), the joker only when nothing else may be played."""
    legal = state.legal_actions()
    plain = [a for a in legal if state.text(a) not in ("play JK", "play J2")]
    state.apply(plain[0] if plain else legal[0])


def apply_script(state: GameState, script: Sequence[str]) -> None:
    for text in script:
        if text == "*":
            filler(state)
        else:
            state.apply_text(text)


def build(setup: Setup, rules: RuleSet = PAGAT_AUSTRALIAN) -> GameState:
    """The position of ``setup``: its deal, then its script."""
    hands, kitty = deal_for(setup, rules)
    state = GameState.from_deal(rules, setup.dealer, hands, kitty, start_scores=setup.scores)
    apply_script(state, setup.script)
    return state


def legal_texts(state: GameState) -> list[str]:
    return [state.text(a) for a in state.legal_actions()]


def judge(question: Question, state: GameState, text: str) -> Verdict:
    """The verdict on ``text`` at ``state`` (nothing is changed)."""
    if text not in legal_texts(state):
        try:
            action = state.parse(text)
        except ValueError:
            return Verdict(False, N_("That is not an action of this game"), question.rule, True)
        reason, rule = state.explain(action)
        return Verdict(False, reason, rule, True)
    if question.free or text in question.right:
        return Verdict(True)
    if question.keep:
        cards = text.split()[1:] if text.startswith("discard ") else []
        if cards and not set(cards) & set(question.keep):
            return Verdict(True)
    for wrong in question.wrong:
        if text in wrong.answers:
            return Verdict(False, wrong.why, wrong.rule)
    return Verdict(False, question.otherwise or NOT_ASKED, question.rule)


def right_answers(question: Question, state: GameState) -> list[str]:
    """Every legal answer the question accepts at ``state``."""
    return [t for t in legal_texts(state) if judge(question, state, t).right]


class LessonRun:
    """One lesson from its first question (or ``start``) to its end."""

    def __init__(self, lesson: Lesson, start: int = 0) -> None:
        if lesson.guided or not lesson.questions:
            raise ValueError("the guided deal is not a run of questions")
        self.lesson = lesson
        self.index = 0
        self.state = self._first_state()
        while self.index < start and not self.finished:
            self._next()

    def _first_state(self) -> GameState:
        setup = self.lesson.questions[0].setup
        if setup is None:
            raise ValueError(f"lesson {self.lesson.key}: its first question has no setup")
        return build(setup)

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.questions)

    @property
    def question(self) -> Question:
        return self.lesson.questions[min(self.index, len(self.lesson.questions) - 1)]

    def view(self) -> SeatView:
        return view_for(self.state, LEARNER)

    def public(self) -> PublicView:
        return public_view(self.state)

    def answer(self, text: str) -> Verdict:
        """The learner's answer: right (applied, the next question set up) or why not
        (nothing changed, it may be tried again)."""
        if self.finished:
            return Verdict(False, NOT_ASKED, "")
        if self.state.to_act != LEARNER:
            return Verdict(False, NOT_ASKED, self.question.rule)
        verdict = judge(self.question, self.state, text)
        if verdict.right:
            self.state.apply_text(text)
            self._next()
        return verdict

    def refusal(self, action: Sequence[int]) -> Verdict:
        """Why the engine refuses ``action`` (a card the table would not play)."""
        try:
            self.state.copy().apply(action)
        except IllegalAction as exc:
            return Verdict(False, exc.reason, exc.rule, True)
        return Verdict(False, NOT_ASKED, self.question.rule)

    def _next(self) -> None:
        self.index += 1
        if self.finished:
            return
        question = self.lesson.questions[self.index]
        if question.setup is not None:
            self.state = build(question.setup)
        elif question.then is not None:
            apply_script(self.state, question.then)
        else:
            while self.state.to_act != LEARNER and not self.state.deal_over:
                filler(self.state)


def kind_of(text: str) -> str:
    """The verb of an answer's record spelling (for tests and the table's modes)."""
    return text.split(" ", 1)[0]


__all__ = ["LessonRun", "Verdict", "apply_script", "build", "deal_for", "filler", "judge",
           "kind_of", "legal_texts", "right_answers"]
