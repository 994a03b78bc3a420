"""Learn to play (issue 25): the list of lessons, and a lesson on the real table.

A lesson is the game's own ``TableScreen`` drawn from the game's own ``TableModel``:
the position is a ``GameState`` built by ``lessons.run`` (or, for the guided deal, a
``Controller`` with three computers), and the table's intents (``Act``, ``Refused``,
``HintWanted`` …) are answered here instead of by the app: a right answer moves on, a
wrong one is refused with the reason (the engine's words when it is illegal, the
lesson's when it is legal but not what was asked) and the rule's id, and may be tried
again. The side panel holds the question above the auction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from five_hundred.engine import BIDDING, PAGAT_AUSTRALIAN, PLAY, PublicView, SeatView
from five_hundred.engine.actions import Play
from five_hundred.engine.cards import parse_card
from five_hundred.i18n import N_, _
from five_hundred.lessons.data import LESSONS
from five_hundred.lessons.explain import explain_computer_bid
from five_hundred.lessons.model import LEARNER, Lesson
from five_hundred.lessons.progress import Progress
from five_hundred.lessons.run import LessonRun, Verdict
from five_hundred.notation import default_names, reason_text, signed, team_short
from five_hundred.table_model import TableModel, table_model
from five_hundred.ui.later import call_after
from five_hundred.ui.render import auction_text
from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.screens.table import Mode, TableScreen
from five_hundred.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from five_hundred.hotseat import Controller

GUIDED_SEED = 4  # the guided deal: the same cards for everyone, bids from three computers
GUIDED_PACE = 0.8  # seconds before a computer's move
LESSON_WORKER = "lesson"
SIDE_WIDTH = 37


def lesson_number(lesson: Lesson) -> int:
    return LESSONS.index(lesson) + 1


class LessonListScreen(BaseScreen):
    """The lessons in order, each marked ✔ once done; Enter starts one."""

    DEFAULT_CSS = """
    LessonListScreen #lessons-title { height: auto; padding: 1 2 0 2; }
    LessonListScreen #lessons { height: auto; max-height: 14; margin: 1 2; border: none; }
    LessonListScreen #lessons-note { height: auto; padding: 0 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", N_("Choose"), key_display="↑↓"),
        Binding("down", "cursor(1)", N_("Choose"), show=False),
        Binding("enter", "open", N_("Start the lesson")),
        Binding("escape", "back", N_("Back")),
        Binding("f1", "app.rules", N_("Rules")),
        Binding("q", "app.request_quit", N_("Quit")),
    ]

    def __init__(self, progress: Progress) -> None:
        super().__init__()
        self.progress = progress

    def compose(self) -> ComposeResult:
        with Vertical(id="body"):
            yield Static(self._title(), id="lessons-title")
            yield OptionList(*self._options(), id="lessons")
            yield Static(self._note(), id="lessons-note")
        yield KeyBar()
        yield from self.compose_too_small()

    def _options(self) -> list[Option]:
        out = []
        for i, lesson in enumerate(LESSONS):
            mark = "✔" if lesson.key in self.progress.done else " "
            out.append(Option(f"{mark} {i + 1:>2}. {_(lesson.title)}", id=lesson.key))
        return out

    def on_mount(self) -> None:
        for lessons in self.query("#lessons").results(OptionList):
            todo = [i for i, x in enumerate(LESSONS) if x.key not in self.progress.done]
            lessons.highlighted = todo[0] if todo else 0
            lessons.focus()

    def _title(self) -> Text:
        done = len(self.progress.done & {x.key for x in LESSONS})
        return Text.assemble(
            (_("Learn to play Five Hundred"), "bold"), "\n",
            _("Short lessons at the table: answer by playing. {done} of {total} "
              "done.").format(done=done, total=len(LESSONS)))

    def _note(self) -> Text:
        note = Text()
        if self.progress.problem:
            note.append(_(self.progress.problem) + "\n", style="bold yellow")
        note.append(_("↑↓ choose a lesson, Enter starts it, Esc goes back. In a lesson, "
                      "Esc returns here; F1 shows the rules."), style="dim")
        return note

    def _fill(self) -> None:
        for title in self.query("#lessons-title").results(Static):
            title.update(self._title())
        for note in self.query("#lessons-note").results(Static):
            note.update(self._note())

    def redraw_language(self) -> None:
        for lessons in self.query("#lessons").results(OptionList):
            at = lessons.highlighted
            lessons.clear_options()
            lessons.add_options(self._options())
            lessons.highlighted = at
        self._fill()

    def resumed(self) -> None:
        self.redraw_language()  # a lesson just done gets its ✔

    def action_cursor(self, step: int) -> None:
        for lessons in self.query("#lessons").results(OptionList):
            at = (lessons.highlighted or 0) + step
            lessons.highlighted = max(0, min(len(LESSONS) - 1, at))

    def action_open(self) -> None:
        for lessons in self.query("#lessons").results(OptionList):
            if lessons.highlighted is not None:
                self.app.push_screen(LessonTableScreen(LESSONS[lessons.highlighted],
                                                       self.progress))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.app.push_screen(LessonTableScreen(LESSONS[event.option_index], self.progress))

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.app.pop_screen()


class LessonIntro(ModalScreen[bool]):
    """What a lesson teaches, before its first question: Enter starts, Esc goes back."""

    DEFAULT_CSS = """
    LessonIntro { align: center middle; }
    LessonIntro #intro { width: 66; height: auto; padding: 1 2; border: thick $accent;
                         background: $surface; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", N_("Start")),
        Binding("escape", "back", N_("Back")),
    ]

    def __init__(self, lesson: Lesson) -> None:
        super().__init__()
        self.lesson = lesson

    def compose(self) -> ComposeResult:
        n = lesson_number(self.lesson)
        yield Static(Text.assemble(
            (_("Lesson {n}: {title}").format(n=n, title=_(self.lesson.title)), "bold"),
            "\n\n", _(self.lesson.intro), "\n\n",
            (_("Enter: start · Esc: back to the lessons"), "italic")), id="intro")

    def action_start(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)


class LessonTableScreen(TableScreen):
    """One lesson on the game's table: the question in the side panel, the answer
    made with the table's own keys."""

    GUARDED = False  # no curtain before it: the key guard is for hidden hands

    # A key bound here replaces the table's bindings of that key (Textual merges by
    # key): the table's Enter and Escape come first, then the lesson's.
    BINDINGS: ClassVar[list[BindingType]] = [
        *(b for b in TableScreen.BINDINGS
          if isinstance(b, Binding) and b.key in ("enter", "escape")),
        Binding("escape", "lessons", N_("Lessons")),
        Binding("enter", "next_lesson", N_("Next lesson")),
    ]

    def __init__(self, lesson: Lesson, progress: Progress) -> None:
        super().__init__(PAGAT_AUSTRALIAN)
        self.lesson = lesson
        self.progress = progress
        self.lesson_run: LessonRun | None = None if lesson.guided else LessonRun(lesson)
        self.controller: Controller | None = None
        self.feedback: Text | None = None
        self.lesson_hint = ""
        self.complete = False
        self.explained: list[str] = []  # the guided deal: the computers' bids explained
        self._thinking = False
        self._asked: object = None  # the position a computer move or hint was asked at
        self._intro_shown = False
        self._saved_ok = True

    # ------------------------------------------------------------ the model

    def on_mount(self) -> None:
        super().on_mount()
        # wider than the game's side panel: the question sits above the auction (an
        # inline style: the app's stylesheet sets the table's width)
        self.query_one("#side").styles.width = SIDE_WIDTH
        if self.lesson.guided:
            self._start_guided()
        self.push_model()
        if not self._intro_shown:
            self._intro_shown = True
            self.app.push_screen(LessonIntro(self.lesson), self._intro_closed)

    def _intro_closed(self, start: bool | None) -> None:
        if not start:
            self.action_lessons()
        elif self.controller is not None:
            self._next_guided()

    def build_model(self) -> TableModel:
        """The table model of the lesson now."""
        names = default_names()
        if self.controller is not None:
            return table_model(self.controller, thinking=self._thinking,
                               hint=self.lesson_hint)
        assert self.lesson_run is not None
        view: SeatView | None = self.lesson_run.view()
        if self.complete and view is not None:
            view = view.model_copy(update={"legal": ()})
        return TableModel(seat_view=view, public=self.lesson_run.public(), names=names, log=(),
                          can_take_back=False, can_claim=False, hint=self.lesson_hint)

    def push_model(self) -> None:
        if self.is_mounted and (self.controller is not None or self.lesson_run is not None):
            self.show(self.build_model())

    # ------------------------------------------------------------ drawing

    def _side(self, public: PublicView, names: tuple[str, ...]) -> Text:
        out = Text()
        n = lesson_number(self.lesson)
        out.append(_("Lesson {n}: {title}").format(n=n, title=_(self.lesson.title)) + "\n",
                   style="bold")
        run = self.lesson_run
        if self.complete:
            out.append("✔ " + _("Lesson complete.") + "\n", style="bold green")
        elif run is not None:
            total = len(self.lesson.questions)
            out.append(_("Question {i} of {n}").format(i=run.index + 1, n=total) + " · ",
                       style="dim")
            out.append(_(run.question.ask) + "\n", style="bold cyan")
        if self.feedback is not None:
            out.append_text(self.feedback)
            out.append("\n")
        if self.complete and self.controller is not None:
            out.append_text(self._guided_result(public))
        if self.explained:  # newest first: the panel cuts the oldest
            out.append("\n" + "\n\n".join(reversed(self.explained[-3:])) + "\n")
        elif public.phase == BIDDING or public.auction:
            out.append("\n" + _("Auction") + "\n", style="bold")
            out.append_text(auction_text(public, names))
        return out

    def _prompt(self, public: PublicView, names: tuple[str, ...]) -> Text:
        if self.complete and self.notice is None:
            nxt = lesson_number(self.lesson) < len(LESSONS)
            return Text(_("Enter: the next lesson · Esc: the lessons") if nxt
                        else _("Esc: the lessons"), style="bold")
        return super()._prompt(public, names)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_lesson":
            return self.complete and lesson_number(self.lesson) < len(LESSONS)
        if action == "lessons":
            return self.mode not in (Mode.CONFIRM, Mode.LEAD)
        if action in ("undo", "claim"):
            return False  # no take-backs or claims in a lesson
        return super().check_action(action, parameters)

    # ------------------------------------------------------------ answers

    def _say(self, verdict: Verdict) -> None:
        """A right answer praised, a wrong one refused with its reason and rule."""
        if verdict.right:
            return
        if verdict.engine:  # the game's own words for a refusal
            head = _("Not allowed: {reason} ({rule})").format(
                reason=reason_text(verdict.why), rule=verdict.rule)
        else:
            head = _(verdict.why)
            if f"({verdict.rule}" not in head:
                head += f" ({verdict.rule})"
        if not head.endswith((".", "!", "?")):
            head += "."
        # in the lesson's panel, under its question; not on the prompt line as well
        self.feedback = Text("✘ " + head + " " + _("Try again."), style="bold red")

    def on_table_screen_act(self, message: TableScreen.Act) -> None:
        message.stop()
        if self.controller is not None:
            self._guided_act(message)
            return
        run = self.lesson_run
        if run is None or self.complete:
            return
        question = run.question
        verdict = run.answer(message.action.text)
        if verdict.right:
            self.feedback = Text("✔ " + _(question.praise), style="bold green")
            self.lesson_hint = ""
            if run.finished:
                self._finish()
        else:
            self._say(verdict)
            self.take_choices_again()
            if self.mode == Mode.CONFIRM:  # a wrong discard: mark again
                self.mode = Mode.DISCARD
                self.marked = set()
        self.push_model()
        self._redraw()

    def on_table_screen_refused(self, message: TableScreen.Refused) -> None:
        """A card the table would not play: the engine's reason."""
        message.stop()
        if self.controller is not None:
            self.tell(self.controller.why_not(message.card), "error")
            return
        if self.lesson_run is None:
            return
        card = parse_card(message.card, PAGAT_AUSTRALIAN)
        self._say(self.lesson_run.refusal(Play(PLAY, card)))
        self._redraw()

    def action_pick(self, index: int) -> None:
        """A suit the joker may not call, or a bid that does not outrank: the engine's
        reason and rule, as for a refused card."""
        run = self.lesson_run
        if run is not None and self.mode == Mode.LEAD and index < 4:
            suit = "SCDH"[index]
            if suit not in self._joker_lead_suits():
                self._say(run.refusal(run.state.parse(f"play JK {suit}")))
                self._redraw()
                return
        if run is not None and self.mode == Mode.BID and index < 5:
            refused = self._refused_strain(index)
            if refused is not None:
                self._say(run.refusal(run.state.parse(f"bid {refused}")))
                self._redraw()
                return
        super().action_pick(index)

    def _refused_strain(self, index: int) -> str | None:
        from five_hundred.ui.widgets.bids import BidGrid

        grid = self.query_one(BidGrid)
        selected = grid.selected
        level = None
        if selected is not None and selected[:1].isdigit():
            level = selected[:-2] if selected.endswith("NT") else selected[:-1]
        if level is None:
            return None
        code = level + ("S", "C", "D", "H", "NT")[index]
        return code if code not in grid.legal else None

    def on_table_screen_hint_wanted(self, message: TableScreen.HintWanted) -> None:
        message.stop()
        if self.controller is not None:
            self._ask_hint()
            return
        if self.lesson_run is not None:
            hint = self.lesson_run.question.hint
            self.lesson_hint = _(hint) if hint else _("Read the question, then try.")
            self.push_model()

    def on_table_screen_undo(self, message: TableScreen.Undo) -> None:
        message.stop()

    def on_table_screen_claim(self, message: TableScreen.Claim) -> None:
        message.stop()

    def on_table_screen_shown(self, message: TableScreen.Shown) -> None:
        message.stop()
        self.push_model()

    def _finish(self) -> None:
        self.complete = True
        self._saved_ok = self.progress.mark_done(self.lesson.key)
        if not self._saved_ok:
            self.tell(_("The progress could not be saved in {folder}.").format(
                folder=self.progress.path.parent), "warning")
        self.refresh_bindings()

    # ------------------------------------------------------------ leaving

    def action_lessons(self) -> None:
        self.workers.cancel_group(self, LESSON_WORKER)
        self.controller = None
        if self.app.screen is self:
            self.app.pop_screen()

    def action_next_lesson(self) -> None:
        at = lesson_number(self.lesson)
        if not self.complete or at >= len(LESSONS):
            return
        self.action_lessons()
        self.app.push_screen(LessonTableScreen(LESSONS[at], self.progress))

    # ------------------------------------------------------------ the guided deal

    def _start_guided(self) -> None:
        from five_hundred.hotseat import Controller, Player

        computer = "normal"
        names = default_names()
        players = [Player(names[s], "computer", computer) for s in range(4)]
        players[LEARNER] = Player(names[LEARNER])
        self.controller = Controller(PAGAT_AUSTRALIAN, players, GUIDED_SEED, practice=True)
        self.controller.auto_play = False

    @property
    def inline(self) -> bool:
        return bool(getattr(self.app, "inline_computers", False))

    def _next_guided(self) -> None:
        """What comes next in the guided deal: a computer's move after a pause, the
        hint for the learner's turn, or the end of the deal."""
        c = self.controller
        if c is None:
            return
        if c.deal_over:
            if not self.complete:
                self._finish()
            self.push_model()
            return
        if c.computer_to_act():
            pace = 0.0 if self.inline else GUIDED_PACE
            token = c.token
            self._asked = token
            call_after(self, pace, lambda: self._computer_move(token))
        else:
            self._ask_hint()
        self.push_model()

    def _computer_move(self, token: object) -> None:
        c = self.controller
        if c is None or c.token != token or not c.computer_to_act():
            return
        request = c.computer_request()
        if self.inline:
            self._computer_done(c, request, request.compute())
            return
        self._thinking = True
        self.push_model()
        self.run_worker(lambda: (c, request, request.compute()), thread=True,
                        group=LESSON_WORKER, name="computer")

    def _computer_done(self, c: Controller, request: object, action: object) -> None:
        from five_hundred.engine import LegalAction
        from five_hundred.hotseat import ComputerRequest

        assert isinstance(request, ComputerRequest) and isinstance(action, LegalAction)
        self._thinking = False
        if c is not self.controller:
            return
        before = len(c.public().auction)
        counted = len(c.bid_explanations())
        while c.apply_computer(request.token, action) == "again":
            request = c.computer_request()
            action = request.compute()
        auction = c.public().auction
        if len(auction) > before:
            seat, code = auction[-1]
            line = explain_computer_bid(
                PAGAT_AUSTRALIAN, seat, None if code == "pass" else code, default_names())
            facts = c.bid_explanations()  # what its own bidding model counted on
            if len(facts) > counted:
                line += "\n" + facts[-1]
            self.explained.append(line)
        self._next_guided()

    def _ask_hint(self) -> None:
        c = self.controller
        if c is None or not c.person_to_act():
            return
        request = c.hint_request(0.3)
        self.lesson_hint = _("thinking…")
        if self.inline or request.view is None:
            self._hint_done(c, request.token, request.compute())
            return
        self.run_worker(lambda: (c, request.token, request.compute()), thread=True,
                        group=LESSON_WORKER, name="hint", exclusive=False)

    def _hint_done(self, c: Controller, token: object, text: str) -> None:
        if c is self.controller and c.token == token:
            self.lesson_hint = text
            self.push_model()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state != WorkerState.SUCCESS or event.worker.group != LESSON_WORKER:
            return
        result = event.worker.result
        if not isinstance(result, tuple):
            return
        if event.worker.name == "computer":
            self._computer_done(*result)
        else:
            self._hint_done(*result)

    def _guided_act(self, message: TableScreen.Act) -> None:
        from five_hundred.engine import IllegalAction

        c = self.controller
        if c is None or c.acting_seat != message.seat:
            self.push_model()
            return
        try:
            c.act(message.action)
        except IllegalAction as exc:
            self.tell(_("Not allowed: {reason} ({rule})").format(
                reason=reason_text(exc.reason), rule=exc.rule), "error")
            self.take_choices_again()
            return
        self.lesson_hint = ""
        self.feedback = None
        self._next_guided()

    def _guided_result(self, public: PublicView) -> Text:
        out = Text()
        if public.results:
            change = public.results[-1].score_change
            out.append(_("This deal: {scores}").format(scores=" · ".join(
                f"{team_short(t)} {signed(change[t])}" for t in (0, 1))) + "\n")
        return out


__all__ = ["GUIDED_SEED", "LessonIntro", "LessonListScreen", "LessonTableScreen",
           "lesson_number"]
