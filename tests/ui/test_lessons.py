"""The lessons on the real table (issue 25): for every lesson, its right answers pass
(sent as the table's own ``Act`` intents), a wrong answer is refused with the reason
and the rule's id and may be tried again, and the lesson is saved as done. Keys: a
card, a bid, a discard and the joker answered with the table's keys; Escape returns to
the list; stray keys never crash; the guided deal plays a whole deal with hints and
explained bids; ``five-hundred learn`` and the start screen open the list."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from five_hundred.engine import PLAY
from five_hundred.lessons.data import LESSONS
from five_hundred.lessons.model import LEARNER, Lesson
from five_hundred.lessons.progress import FILE, Progress
from five_hundred.lessons.run import judge, legal_texts, right_answers
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens.lessons import LessonIntro, LessonListScreen, LessonTableScreen
from five_hundred.ui.screens.table import TableScreen

from .helpers import screen_text, wait_for

QUESTION_LESSONS = [lesson for lesson in LESSONS if not lesson.guided]


def _app(tmp_path: Path) -> FiveHundredApp:
    return create_app(tmp_path, autostart=False)


async def open_lesson(pilot: Pilot[None], lesson: Lesson) -> LessonTableScreen:
    app = pilot.app
    assert isinstance(app, FiveHundredApp)
    await pilot.pause()
    app.action_learn()
    await wait_for(pilot, lambda: isinstance(app.screen, LessonListScreen))
    lessons = app.screen
    assert isinstance(lessons, LessonListScreen)
    app.push_screen(LessonTableScreen(lesson, lessons.progress))
    await wait_for(pilot, lambda: isinstance(app.screen, LessonIntro))
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, LessonTableScreen))
    table = app.screen
    assert isinstance(table, LessonTableScreen)
    return table


def side_text(table: LessonTableScreen) -> str:
    return screen_text(table.app)


async def answer(pilot: Pilot[None], table: LessonTableScreen, text: str) -> None:
    """The answer as the table sends it: one of the view's legal actions."""
    assert table.view is not None
    action = table.view.find(text)
    assert action is not None, text
    table.post_message(TableScreen.Act(LEARNER, action))
    await pilot.pause()


async def choose(pilot: Pilot[None], table: LessonTableScreen, card: str) -> None:
    """The cursor onto ``card`` with the table's keys (a digit, then → past the 10th)."""
    assert table.view is not None
    at = table.view.hand.index(card)
    await pilot.press(str(min(at, 9) + 1)[-1], *["right"] * max(0, at - 9))


@pytest.mark.parametrize("lesson", QUESTION_LESSONS, ids=lambda x: x.key)
async def test_lesson(tmp_path: Path, lesson: Lesson) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_lesson(pilot, lesson)
        run = table.lesson_run
        assert run is not None
        # a wrong answer first: refused with its reason and rule, nothing moves on
        question, state = run.question, run.state
        wrong = [t for t in legal_texts(state) if not judge(question, state, t).right]
        if wrong:
            verdict = judge(question, state, wrong[0])
            await answer(pilot, table, wrong[0])
        else:  # only illegal answers are wrong here: a card the table refuses
            text, rule = question.refused[0]
            verdict = judge(question, state, text)
            assert verdict.engine and verdict.rule == rule
            card = text.split()[1]
            table.post_message(TableScreen.Refused(LEARNER, card))
            await pilot.pause()
        assert not verdict.right
        shown = side_text(table)
        assert "✘" in shown and f"({verdict.rule}" in shown and "Try again." in shown
        assert screen_text(app).count("✘") == 1  # said once, in the panel
        if verdict.engine:
            assert "Not allowed:" in shown
        assert run.index == 0 and not table.complete
        # then every question answered right, in turn
        for i in range(len(lesson.questions)):
            assert run.index == i
            assert f"Question {i + 1} of {len(lesson.questions)}" in side_text(table)
            await answer(pilot, table, right_answers(run.question, run.state)[0])
            assert "✔ Right" in side_text(table)
        assert table.complete and "Lesson complete." in side_text(table)
        assert lesson.key in Progress(tmp_path).done  # saved as done
        # Enter: the next lesson (its introduction first); Escape there: the list
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonIntro))
        intro = app.screen
        assert isinstance(intro, LessonIntro)
        assert intro.lesson is LESSONS[LESSONS.index(lesson) + 1]
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonListScreen))
        await wait_for(pilot, lambda: "✔" in screen_text(app))
        assert f"✔ {LESSONS.index(lesson) + 1:>2}. {lesson.title}" in screen_text(app)


async def test_answers_with_the_keys(tmp_path: Path) -> None:
    """A card (lesson 1), a bid (lesson 6), a discard (lesson 8), the joker's suit and a
    joker lead (lesson 5), each with the table's keys."""
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_lesson(pilot, LESSONS[0])
        run = table.lesson_run
        assert run is not None and table.view is not None
        await pilot.press("8", "enter")  # A♥: legal, not the highest trump
        assert run.index == 0 and "(R2)" in screen_text(app)
        await choose(pilot, table, "JH")
        await pilot.press("enter")
        assert run.index == 1
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonListScreen))

        table = await open_lesson(pilot, LESSONS[5])  # the auction
        run = table.lesson_run
        assert run is not None
        await pilot.press("6", "3")  # 6♦ does not outrank 6♥: the engine's reason
        assert "R10" in screen_text(app) and run.index == 0
        await pilot.press("7", "1", "enter")  # 7♠
        assert run.index == 1
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonListScreen))

        table = await open_lesson(pilot, LESSONS[7])  # the kitty
        run = table.lesson_run
        assert run is not None and table.view is not None
        for card in ("JH", "5S", "5C"):  # a trump among them: wrong
            await choose(pilot, table, card)
            await pilot.press("space")
        await pilot.press("enter", "enter")
        assert run.index == 0 and "(R17)" in screen_text(app)
        for card in ("5S", "7S", "5C"):
            await choose(pilot, table, card)
            await pilot.press("space")
        await pilot.press("enter", "enter")
        assert run.index == 1
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonListScreen))

        table = await open_lesson(pilot, LESSONS[4])  # the joker in no trumps
        run = table.lesson_run
        assert run is not None
        await pilot.press("5", "enter")  # none: legal, not what is asked
        assert run.index == 0 and "(R23)" in screen_text(app)
        await pilot.press("4", "enter")  # hearts
        assert run.index == 1
        await answer(pilot, table, "play 8C")
        assert run.index == 2 and table.view is not None
        await choose(pilot, table, "JK")
        await pilot.press("enter")
        await pilot.press("1")  # spades were led: the engine's reason
        assert "R26" in screen_text(app) and run.index == 2
        await pilot.press("3", "enter")  # diamonds
        assert table.complete


async def test_stray_keys_never_crash(tmp_path: Path) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for lesson in (LESSONS[1], LESSONS[6], LESSONS[7]):
            table = await open_lesson(pilot, lesson)
            await pilot.press("u", "c", "s", "h", "x", "9", "0", "left", "right", "up",
                              "down", "space", "p", "enter", "tab", "minus", "plus")
            assert app.is_running
            while not isinstance(app.screen, LessonListScreen):
                if not isinstance(app.screen, LessonTableScreen | LessonIntro):
                    await pilot.press("escape")  # the scores or a dialog
                await pilot.press("escape")
            assert table.progress is app.screen.progress


async def test_hint_in_a_lesson(tmp_path: Path) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lesson(pilot, LESSONS[1])
        await pilot.press("h")
        assert "Which of your cards counts as a heart?" in screen_text(app)


async def test_guided_deal(tmp_path: Path) -> None:
    """The first guided deal: three computers, the hint on every turn of the learner,
    each computer bid explained through the hook, any legal move accepted, to the end
    of the deal; then the lesson is done."""
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_lesson(pilot, LESSONS[-1])
        c = table.controller
        assert c is not None
        hinted = 0
        for _step in range(200):
            await wait_for(pilot, lambda: c.deal_over or c.person_to_act())
            if c.deal_over:
                break
            view = table.view
            assert view is not None and view.legal
            assert table.lesson_hint and table.lesson_hint != "thinking…"
            hinted += 1
            action = view.legal[-1] if view.legal[0].verb == PLAY else view.legal[0]
            table.post_message(TableScreen.Act(LEARNER, action))
            await pilot.pause()
        assert c.deal_over and table.complete and hinted
        computer_bids = [s for s, _code in c.public().auction if s != LEARNER]
        assert len(table.explained) == len(computer_bids) > 0
        assert "guided" in Progress(tmp_path).done


async def test_learn_from_the_start_screen_and_the_command(tmp_path: Path) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f4")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonListScreen))
        assert "Learn to play Five Hundred" in screen_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, LessonListScreen))
    learn = FiveHundredApp(create_app(tmp_path).storage, learn=True)
    async with learn.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(learn.screen, LessonListScreen))


async def test_a_damaged_progress_file_is_one_line(tmp_path: Path) -> None:
    (tmp_path / FILE).write_text("{broken", encoding="utf-8")
    app = _app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_learn()
        await wait_for(pilot, lambda: isinstance(app.screen, LessonListScreen)
                       and "Learn to play" in screen_text(app))
        assert "could not be read; it starts afresh" in screen_text(app)
        assert "0 of 10 done" in screen_text(app)
