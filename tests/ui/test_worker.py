"""Computers and hints think in a worker thread (issue 9 item 5, "the table never
waits"): keys work while a computer thinks, the thinking mark is shown only then, and a
result for a position that is gone is dropped.

The computer (or the hint) is a stand-in that blocks on a ``threading.Event`` the test
releases: nothing here depends on the wall clock."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from textual.pilot import Pilot

from five_hundred import hotseat
from five_hundred.engine import PAGAT_AUSTRALIAN, LegalAction, RuleSet, SeatView
from five_hundred.hotseat import Controller, Player
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens.info import ConfirmScreen, RulesScreen
from five_hundred.ui.screens.start import StartScreen
from five_hundred.ui.screens.summary import ScoreSheetScreen
from five_hundred.ui.screens.table import SPINNER, TableScreen

from .driver import act
from .helpers import screen_text

NOBODY = [Player("Ana", "computer", "hard"), Player("Bruno", "computer", "hard"),
          Player("Carla", "computer", "hard"), Player("Davi", "computer", "hard")]
ONE_PERSON = [Player("Ana"), *NOBODY[1:]]
EASY = [Player(p.name, "computer", "easy") for p in NOBODY]


class Gate:
    """A chooser that waits for the test: ``started`` is set when it is asked,
    it answers (the first legal action) once ``release`` is set."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.asked: list[tuple[tuple[int, int], int]] = []

    def wait(self) -> None:
        self.started.set()
        # a bound only so that a broken test fails instead of hanging the run
        if not self.release.wait(timeout=60):
            raise RuntimeError("the test never released the gate")

    def choose(self, view: SeatView, rng: object, budget: float) -> LegalAction:
        self.asked.append(((view.public.deal_number, len(view.public.auction)), view.seat))
        self.wait()
        return view.legal[0]


@dataclass(frozen=True)
class FakeHint:
    action: LegalAction
    reason: str


class FirstLegal:
    """A computer that plays the first legal action at once."""

    def choose(self, view: SeatView, rng: object, budget: float) -> LegalAction:
        return view.legal[0]


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    g = Gate()
    monkeypatch.setattr(hotseat, "computer_player", lambda level: g)
    yield g
    g.release.set()  # whatever happened, the thread may end


async def until(pilot: Pilot[None], cond: Callable[[], bool], limit: int = 500) -> None:
    """Process events until ``cond()`` holds (a bounded number of rounds, no clock)."""
    for _ in range(limit):
        if cond():
            return
        await pilot.pause()
    raise AssertionError("the condition never came true")


def worker_app(tmp_path: Path, players: list[Player]) -> FiveHundredApp:
    return create_app(tmp_path, seed=5, players=players, pace=0.0, inline_computers=False)


async def start_thinking(pilot: Pilot[None], app: FiveHundredApp, gate: Gate) -> Controller:
    await until(pilot, gate.started.is_set)
    app.pace = 3600.0  # after this move, the next computer waits: the test looks at one
    assert app.controller is not None
    return app.controller


async def test_keys_work_while_a_computer_thinks(tmp_path: Path, gate: Gate) -> None:
    """While the computer's move is computed, the score sheet, the rules and the pace
    keys answer and the screen is repainted; released, the move is applied."""
    app = worker_app(tmp_path, NOBODY)
    async with app.run_test(size=(100, 30)) as pilot:
        c = await start_thinking(pilot, app, gate)
        token = c.token
        seat = c.acting_seat
        await pilot.press("s")
        assert isinstance(app.screen, ScoreSheetScreen)
        assert "Deal" in screen_text(app)
        await pilot.press("escape")
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("plus")
        assert app.pace == 5.0  # 3600 s, one step slower, is capped at 5 s
        assert c.token == token  # nothing was applied while it thought
        gate.release.set()
        await until(pilot, lambda: c.token != token)
        assert c.token == (token[0], token[1] + 1)
        assert c.acting_seat != seat
        assert [s for _, s in gate.asked] == [seat]


async def test_thinking_mark_shows_only_while_the_worker_runs(tmp_path: Path,
                                                              gate: Gate) -> None:
    app = worker_app(tmp_path, NOBODY)
    async with app.run_test(size=(100, 30)) as pilot:
        c = await start_thinking(pilot, app, gate)
        await pilot.pause()
        text = screen_text(app)
        assert "is thinking…" in text
        assert any(ch in text for ch in SPINNER)
        token = c.token
        gate.release.set()
        await until(pilot, lambda: c.token != token)
        await pilot.pause()
        text = screen_text(app)
        assert "is thinking" not in text and "is next" in text
        assert not any(ch in text for ch in SPINNER)


async def test_result_for_a_changed_position_is_dropped(tmp_path: Path, gate: Gate) -> None:
    """The position changes while the computer thinks (here the test makes the move
    itself): its answer, for a position that is gone, is not applied."""
    app = worker_app(tmp_path, NOBODY)
    async with app.run_test(size=(100, 30)) as pilot:
        c = await start_thinking(pilot, app, gate)
        token = c.token
        c.act(c.computer_request().view.legal[-1])  # someone else moved first
        moved = c.token
        gate.release.set()
        await until(pilot, lambda: not app.workers)
        await pilot.pause()
        assert c.token == moved  # the stale answer changed nothing (and raised nothing)
        assert moved == (token[0], token[1] + 1)
        assert isinstance(app.screen, TableScreen)


async def test_new_game_while_thinking_drops_the_answer(tmp_path: Path, gate: Gate) -> None:
    """Back to the start screen (the palette's "New game") while a computer thinks: its
    answer is ignored when it comes."""
    app = worker_app(tmp_path, NOBODY)
    async with app.run_test(size=(100, 30)) as pilot:
        c = await start_thinking(pilot, app, gate)
        token = c.token
        app.action_new_game()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        gate.release.set()
        await until(pilot, lambda: not app.workers)
        await pilot.pause()
        assert app.controller is None and isinstance(app.screen, StartScreen)
        assert c.token == token


async def test_quit_while_thinking_exits_cleanly(tmp_path: Path, gate: Gate) -> None:
    app = worker_app(tmp_path, NOBODY)
    async with app.run_test(size=(100, 30)) as pilot:
        c = await start_thinking(pilot, app, gate)
        token = c.token
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
    assert app.return_code in (0, None)
    gate.release.set()  # the thread ends after the app; its answer goes nowhere
    assert c.token == token


async def test_hint_thinks_in_a_worker_and_is_dropped_when_stale(
        tmp_path: Path, gate: Gate, monkeypatch: pytest.MonkeyPatch) -> None:
    """`h` shows "thinking…", then the hint once computed; a hint asked for a decision
    that was made meanwhile is not shown."""
    monkeypatch.setattr(hotseat, "computer_player", lambda level: FirstLegal())

    def slow_hint(view: SeatView, rules: RuleSet, rng: object, budget: float) -> FakeHint:
        gate.wait()
        return FakeHint(view.legal[0], "the gate says so")

    monkeypatch.setattr(hotseat, "hint_function", lambda: slow_hint)
    app = worker_app(tmp_path, ONE_PERSON)
    app.pace = 0.0
    async with app.run_test(size=(100, 30)) as pilot:
        def persons_turn() -> bool:
            screen = app.screen
            return app.controller is not None and app.controller.person_to_act() and \
                isinstance(screen, TableScreen) and screen.mode != "watch"

        await until(pilot, persons_turn)
        c = app.controller
        assert c is not None
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("h")
        await until(pilot, gate.started.is_set)
        assert "Hint: thinking…" in screen_text(app)
        await pilot.press("f1")  # keys work while the hint is computed
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        gate.release.set()
        await until(pilot, lambda: "the gate says so" in table.hint_text)
        assert "the gate says so" in screen_text(app)

        # a second hint, for a decision that is made before it is ready
        gate.started.clear()
        gate.release.clear()
        app.pace = 3600.0
        await pilot.press("h")
        await until(pilot, gate.started.is_set)
        assert table.view is not None
        act(app, table.view.legal_actions[-1])
        await pilot.pause()
        gate.release.set()
        await until(pilot, lambda: not [w for w in app.workers if w.name == "hint"])
        await pilot.pause()
        assert "the gate says so" not in screen_text(app)


def test_apply_computer_refuses_a_stale_token() -> None:
    """The controller applies a computed move only at the position it was asked for."""
    c = Controller(PAGAT_AUSTRALIAN, EASY, seed=5)
    request = c.computer_request(0.01)
    action = request.compute()
    c.act(c.computer_request().view.legal[-1])
    after = c.token
    assert c.apply_computer(request.token, action) == "stale"
    assert c.token == after
    fresh = c.computer_request(0.01)
    assert c.apply_computer(fresh.token, fresh.compute()) in ("done", "again")
    assert c.token == (after[0], after[1] + 1)


def test_requests_compute_without_the_controller() -> None:
    """compute() reads only the request: the same request answers the same, whatever
    happened to the game since (so it may run in a thread)."""
    c = Controller(PAGAT_AUSTRALIAN, EASY, seed=5)
    request = c.computer_request(0.01)
    c.act(c.computer_request().view.legal[0])
    again = Controller(PAGAT_AUSTRALIAN, EASY, seed=5).computer_request(0.01)
    assert request.compute() == again.compute()
