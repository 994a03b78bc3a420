"""When and how the computers at the table move: one at a time, after the table's
pace, in a worker thread so the table keeps answering keys, and only onto a table that
can be seen (a move computed meanwhile waits until the rules or a dialog are closed).

The answer is applied only if the game is still where it was asked for (the request's
token, checked by the controller); answers for a game that is gone are dropped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.worker import Worker, WorkerState

from five_hundred.ui.later import call_after

if TYPE_CHECKING:
    from five_hundred.engine import LegalAction
    from five_hundred.hotseat import ComputerRequest, Controller
    from five_hundred.ui.app import FiveHundredApp

WORKER = "computer"  # the worker's name and group
TRICK_PAUSE = 3  # paces a finished trick stays before a computer leads to the next
# how often a computer looks again while the table is hidden: at pace 0 a new timer
# every millisecond kept the process busy for as long as the rules were open
HIDDEN_POLL = 0.1


class ComputerTurns:
    def __init__(self, app: FiveHundredApp, inline: bool) -> None:
        self.app = app
        # inline (tests only): a computer thinks on the event loop, one step per call
        self.inline = inline
        self._thinking: ComputerRequest | None = None  # a move being computed
        # a move computed while the table could not be seen: applied when it can
        self._held: tuple[Controller, ComputerRequest, LegalAction] | None = None
        self._timer_pending = False

    @property
    def thinking(self) -> bool:
        return self._thinking is not None

    def schedule(self, hidden: bool = False) -> None:
        """The acting seat is a computer's: let it move after the table's pace (three
        times that when it leads after a finished trick, so the trick can be seen), or
        look again after ``HIDDEN_POLL`` at the least while the table is ``hidden``."""
        if self._timer_pending:
            return
        self._timer_pending = True
        pace = max(self.app.pace, HIDDEN_POLL) if hidden else self.app.pace
        c = self.app.controller
        if c is not None:
            from five_hundred.engine import PLAYING  # loaded by now: there is a game

            public = c.public()
            if public.trick is None and public.tricks and public.phase == PLAYING:
                pace *= TRICK_PAUSE
            if c.can_take_back() and not c.practice:
                # the person's move may be taken back only until a computer answers it:
                # a moment to press u even at the fastest pace
                pace = max(pace, self.app.undo_window)
        call_after(self.app, pace, self.step)

    def step(self) -> None:
        self._timer_pending = False
        c = self.app.controller
        if c is None or not c.computer_to_act() or self._thinking is not None:
            return
        if not self.app.table_visible():
            self.schedule(hidden=True)  # wait until the table can be seen again
            return
        if self._held is not None:
            held, self._held = self._held, None
            if held[0] is c:
                self._apply(*held)
                return
        self._think(c)

    def _think(self, c: Controller) -> None:
        request = c.computer_request()
        if self.inline:
            self._apply(c, request, request.compute())
            return
        self._thinking = request
        self.app.mark_thinking(True)
        self.app.run_worker(lambda: (request, request.compute()), thread=True,
                            group=WORKER, name=WORKER)

    def worker_changed(self, event: Worker.StateChanged) -> None:
        """A computer's worker finished (on the event loop: safe to apply)."""
        if event.state not in (WorkerState.SUCCESS, WorkerState.CANCELLED, WorkerState.ERROR):
            return
        request, result = self._thinking, event.worker.result
        if request is None or event.state != WorkerState.SUCCESS or result is None or \
                result[0] is not request:
            return  # an answer nobody waits for any more (a new game was started)
        self._thinking = None
        self.app.mark_thinking(False)
        c = self.app.controller
        if c is None:
            return
        action: LegalAction = result[1]
        if not self.app.table_visible():
            self._held = (c, request, action)  # shown once the table is back
            self.schedule(hidden=True)
            return
        self._apply(c, request, action)

    def _apply(self, c: Controller, request: ComputerRequest, action: LegalAction) -> None:
        if c.apply_computer(request.token, action) == "again":
            self._think(c)  # a private decision's follow-up comes with no pause
            return
        self.app.advance()

    def forget(self) -> None:
        """A new game or the start screen: whatever a computer is still computing is
        for a game that is gone (its thread finishes on its own; the answer is dropped)."""
        self._thinking = None
        self._held = None
        self.app.workers.cancel_group(self.app, WORKER)

    def move_now(self) -> bool:
        """Make the pending computer move now, inline (tests; the pause is skipped)."""
        c = self.app.controller
        if c is None or not c.computer_to_act():
            return False
        self._timer_pending = False
        self.forget()
        self.app.mark_thinking(False)
        c.play_computer()
        self.app.advance()
        return True
