"""Every lesson position checked against the engine (issue 25): each question is asked
with the learner (South) to act; every right answer is legal and accepted; every
``refused`` answer is illegal and refused by the engine for the rule the lesson names;
every legal-but-wrong answer the lesson explains is legal and judged wrong with its
rule; and answering each question right reaches the next one, to the lesson's end."""

from __future__ import annotations

import pytest

from five_hundred.engine import IllegalAction
from five_hundred.lessons.data import LESSONS
from five_hundred.lessons.model import LEARNER, Lesson
from five_hundred.lessons.run import LessonRun, build, deal_for, judge, legal_texts, right_answers

QUESTION_LESSONS = [lesson for lesson in LESSONS if not lesson.guided]
RULE_IDS = {f"R{i}" for i in range(1, 40)}


@pytest.mark.parametrize("lesson", QUESTION_LESSONS, ids=lambda x: x.key)
def test_every_question_against_the_engine(lesson: Lesson) -> None:
    run = LessonRun(lesson)
    for i, question in enumerate(lesson.questions):
        state = run.state
        assert run.index == i
        assert state.to_act == LEARNER, f"{lesson.key} q{i + 1}: South is not to act"
        legal = legal_texts(state)
        assert question.rule in RULE_IDS
        for text in question.right:
            assert text in legal, f"{lesson.key} q{i + 1}: {text} is not legal"
            assert judge(question, state, text).right
        right = right_answers(question, state)
        assert right, f"{lesson.key} q{i + 1}: no right answer"
        for text, rule in question.refused:
            assert text not in legal
            with pytest.raises(IllegalAction) as refused:
                state.copy().apply(state.parse(text))
            assert refused.value.rule == rule, (lesson.key, i, text)
            verdict = judge(question, state, text)
            assert not verdict.right and verdict.engine and verdict.rule == rule
            assert verdict.why == refused.value.reason  # the engine's own words
        for wrong in question.wrong:
            for text in wrong.answers:
                assert text in legal, f"{lesson.key} q{i + 1}: {text} is not legal"
                verdict = judge(question, state, text)
                assert not verdict.right and not verdict.engine
                assert (verdict.why, verdict.rule) == (wrong.why, wrong.rule)
        for text in legal:
            if text not in right:
                verdict = judge(question, state, text)
                assert not verdict.right and verdict.why and verdict.rule in RULE_IDS
        # nothing was changed by judging; a right answer moves on
        assert legal_texts(run.state) == legal
        before = run.index
        assert run.answer(right[0]).right
        assert run.index == before + 1
    assert run.finished


@pytest.mark.parametrize("lesson", QUESTION_LESSONS, ids=lambda x: x.key)
def test_a_wrong_answer_changes_nothing(lesson: Lesson) -> None:
    run = LessonRun(lesson)
    state = run.state
    legal = legal_texts(state)
    wrong = [t for t in legal if not judge(run.question, state, t).right] or \
        [t for t, _ in run.question.refused]
    assert wrong, f"{lesson.key}: its first question has no wrong answer to try"
    actions = len(state.actions)
    verdict = run.answer(wrong[0])
    assert not verdict.right and verdict.why and verdict.rule
    assert run.index == 0 and len(run.state.actions) == actions


def test_deals_are_whole_and_deterministic() -> None:
    for lesson in QUESTION_LESSONS:
        for question in lesson.questions:
            if question.setup is None:
                continue
            hands, kitty = deal_for(question.setup)
            cards = [bin(h).count("1") for h in hands]
            assert cards == [10, 10, 10, 10] and bin(kitty).count("1") == 3
            assert sum(hands) | kitty == sum(hands) + kitty  # no card twice
            assert build(question.setup).hands == build(question.setup).hands


def test_lessons_in_the_order_the_issue_asks() -> None:
    assert [x.key for x in LESSONS] == ["cards", "follow", "tricks", "joker-suit",
                                        "joker-nt", "auction", "misere", "kitty",
                                        "scoring", "guided"]
    assert LESSONS[-1].guided
