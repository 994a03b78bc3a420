"""The Five Hundred app: start screen, curtain, table, summaries, rules.

``main(argv)`` is the ``five-hundred`` entry for playing; ``create_app`` builds the app
for tests (a temporary save folder, no computer pause, a game started at once).

The app talks to the game only through the hot-seat ``Controller``, which hands out
views: the app never holds the game state.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from five_hundred import i18n
from five_hundred.i18n import N_, _
from five_hundred.notation import default_names, house_rules, reason_text, shown_name, who
from five_hundred.ui import STYLES
from five_hundred.ui.computers import WORKER as COMPUTER_WORKER
from five_hundred.ui.computers import ComputerTurns
from five_hundred.ui.guard import GUARD_SECONDS
from five_hundred.ui.languages import language_commands, next_language, redraw_screens
from five_hundred.ui.later import call_after
from five_hundred.ui.screens.base import MIN_HEIGHT, MIN_WIDTH, BaseScreen
from five_hundred.ui.screens.start import StartScreen
from five_hundred.ui.storage import SaveSlot, Storage

if TYPE_CHECKING:
    # The engine (pydantic models, card tables), the game screens and the dialogs are
    # imported after the first screen is up, in the background: the start screen
    # comes first.

    from textual.dom import DOMNode

    from five_hundred.engine import PublicView, RuleSet
    from five_hundred.engine.claims import ClaimCheck
    from five_hundred.hotseat import ClaimRequest, Controller, Player
    from five_hundred.table_model import TableModel
    from five_hundred.ui.screens.curtain import CurtainScreen
    from five_hundred.ui.screens.game_over import GameOverScreen
    from five_hundred.ui.screens.history import OpenReview
    from five_hundred.ui.screens.review import ReviewWanted
    from five_hundred.ui.screens.summary import SummaryScreen
    from five_hundred.ui.screens.table import TableScreen


HINT_WORKER = "hint"
CLAIM_WORKER = "claim"


def _preload() -> None:
    """Import what a game needs (run in a worker thread once the start screen shows)."""
    import five_hundred.hotseat
    import five_hundred.ui.screens.curtain
    import five_hundred.ui.screens.info
    import five_hundred.ui.screens.summary
    import five_hundred.ui.screens.table  # noqa: F401

DEFAULT_PACE = 0.8  # seconds between computer moves
UNDO_WINDOW = 0.6  # seconds a person has to take a move back before a computer answers


class FiveHundredApp(App[None]):
    """Hot-seat Five Hundred for one to four people (and computers) at one keyboard."""

    CSS_PATH = str(STYLES[0])  # the start screen's styles and what all screens share
    # the other screens' styles, read as the first of them is shown (get_screen)
    SCREENS_CSS: ClassVar[Path] = STYLES[1]
    TITLE = "Five Hundred"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "request_quit", N_("Quit"), show=False, priority=True),
        Binding("ctrl+c", "request_quit", N_("Quit"), show=False, priority=True),
        # the next language (English, Português, Español), everywhere, mid-game too
        Binding("f3", "next_language", N_("Language"), show=False),
    ]

    def __init__(self, storage: Storage | None = None, *, seed: int | None = None,
                 resume: bool = False, pace: float = DEFAULT_PACE,
                 players: Sequence[Player] | None = None, rules: RuleSet | None = None,
                 autostart: bool = False, hint_budget: float = 1.0,
                 guard_seconds: float = GUARD_SECONDS,
                 clock: Callable[[], float] = time.monotonic,
                 inline_computers: bool = False, auto_play: bool = True,
                 undo_window: float = UNDO_WINDOW, practice: bool = False,
                 learn: bool = False) -> None:
        super().__init__()
        self.want_learn = learn  # open the lessons at once (five-hundred learn)
        # the least pause before a computer answers a move that may still be taken back
        self.undo_window = undo_window
        # a person's only legal card is played for them (--no-auto-play turns it off)
        self.auto_play = auto_play
        # Computers and hints think in a worker thread, so keys keep working meanwhile;
        # inline (tests only) they think on the event loop, one step per call.
        self.inline_computers = inline_computers
        self.computers = ComputerTurns(self, inline_computers)
        # the curtain's and the summary's key guard (see ui/guard.py)
        self.guard_seconds = guard_seconds
        self.clock = clock
        self._hidden_by_size = False
        self.hint_budget = hint_budget
        self.storage = storage if storage is not None else Storage.default()
        self.seed = seed
        self.pace = pace
        self.want_resume = resume
        self.autostart = autostart
        self.start_players = tuple(players) if players else None
        self.start_rules = rules
        self.start_practice = practice
        self.storage.prepare()
        self.slot: SaveSlot | None = None  # where the game in play is saved
        self.controller: Controller | None = None
        self.rules_in_play: RuleSet | None = rules
        self._table: TableScreen | None = None
        # what the table model carries besides the controller's state
        self._thinking = False  # a computer's move is being computed
        self._hint: tuple[tuple[int, int], str] | None = None  # (decision, text)
        self._curtain: CurtainScreen | None = None
        self._gc_paused = False  # collection paused until the first paint (on_load)

    # ------------------------------------------------------------ what screens read

    @property
    def names(self) -> tuple[str, ...]:
        if self.controller is None:
            return default_names()
        # a seat whose player typed no name is called by the seat, in the player's language
        return tuple(shown_name(n, i) for i, n in enumerate(self.controller.names))

    def public_view(self) -> PublicView:
        assert self.controller is not None
        return self.controller.public()

    def public_log(self, public: PublicView) -> list[str]:
        return self.controller.log(public) if self.controller is not None else []

    def hint(self) -> str:
        if self.controller is None:
            return ""
        return self.controller.hint(self.hint_budget)

    def on_table_screen_hint_wanted(self, message: TableScreen.HintWanted) -> None:
        self.ask_hint(self._hint_ready)

    def _hint_ready(self, text: str) -> None:
        if self.controller is not None:
            self._hint = (self.controller.token, text)
            self.sync_table()

    def on_table_screen_refused(self, message: TableScreen.Refused) -> None:
        c = self.controller
        if c is not None and c.viewer == message.seat:
            self.tell(c.why_not(message.card))

    def on_table_screen_shown(self, message: TableScreen.Shown) -> None:
        if self._table is not None and self._top() is self._table:  # still up by now
            self.table_shown()

    def tell(self, text: str, severity: SeverityLevel = "warning",
             timeout: float = 5.0) -> None:
        """One line for the person at the keyboard: at the table in the prompt's place
        (a toast would cover the end of the hand), elsewhere a toast. Never markup: the
        text may hold names."""
        table = self._table
        on_top = self._top() is table
        if table is not None and table.is_mounted and on_top:
            table.tell(text, severity, timeout)
        else:
            self.notify(text, severity=severity, timeout=timeout, markup=False)

    def ask_hint(self, show: Callable[[str], None]) -> None:
        """Compute the hint for the person at the table and ``show`` it when ready --
        unless the position moved on meanwhile (then it is dropped)."""
        c = self.controller
        if c is None:
            return
        request = c.hint_request(self.hint_budget)
        if self.inline_computers or request.view is None:
            show(request.compute())
            return

        def done(text: str) -> None:
            if self.controller is c and c.hint_is_current(request):
                show(text)

        self.run_worker(lambda: (done, request.compute()), thread=True, group=HINT_WORKER,
                        exclusive=True, name=HINT_WORKER)

    # ------------------------------------------------------------ starting

    def get_default_screen(self) -> Screen[None]:
        """The start screen is the bottom of the stack (no blank screen to paint first)."""
        return StartScreen(self.seed, self.start_players)

    def on_load(self) -> None:
        # No garbage collection while the first screen is built (as Textual's
        # PAUSE_GC_ON_SCROLL does during a smooth scroll): its widgets and styles are
        # thousands of new objects, which would set off a full collection (a few tens
        # of ms) just before the first paint. Collection resumes once it is painted.
        self._gc_paused = gc.isenabled()
        gc.disable()

    def get_screen(self, *args: Any, **kwargs: Any) -> Any:
        # Every screen shown after the first is looked up here (push_screen,
        # switch_screen) before it is mounted: the other screens' styles are read first,
        # so they are not parsed before the start screen is painted. None of them
        # matches a widget of the start screen, which needs no restyling.
        path = str(self.SCREENS_CSS)
        if not self.stylesheet.has_source(path, ""):
            self.stylesheet.add_source(self.SCREENS_CSS.read_text(encoding="utf-8"),
                                       read_from=(path, ""))
        return super().get_screen(*args, **kwargs)

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        # A widget not mounted yet is styled as it is mounted (``App._register``): the
        # classes Textual's widgets set on themselves in ``__init__`` (an Input, a Button
        # set a few) need no styling of their own (some 5% of the time to the first
        # screen went to it).
        if node is self or node.is_attached:
            super().update_styles(node, animate)

    def _resume_gc(self) -> None:
        if self._gc_paused:
            self._gc_paused = False
            gc.enable()

    def on_unmount(self) -> None:
        self._resume_gc()  # closed before its first paint

    def on_mount(self) -> None:
        self.call_after_refresh(self._resume_gc)
        # after the first paint, so the import does not compete with it for the GIL: the
        # timer is set once the screen has refreshed (from on_mount, it could fire before
        # a slow first paint)
        self.call_after_refresh(self.set_timer, 0.3, lambda: self.run_worker(
            _preload, thread=True, exclusive=False))
        latest = self.storage.latest() if self.want_resume else None
        self.say_storage_messages()
        if self.want_learn:
            self.action_learn()
        elif latest is not None:
            self.resume_game(latest.game_id)
        elif self.autostart:
            from five_hundred.engine import PAGAT_AUSTRALIAN
            from five_hundred.hotseat import default_players

            self.start_new_game(self.rules_in_play or PAGAT_AUSTRALIAN,
                                self.start_players or default_players(), self.seed,
                                self.start_practice)
        elif self.want_resume:
            self.notify(_("There is no saved game to resume in {folder}: set up a new game "
                          "here.").format(folder=self.storage.folder), severity="warning",
                        timeout=10, markup=False)

    def start_new_game(self, rules: RuleSet, players: Sequence[Player],
                       seed: int | None, practice: bool = False) -> None:
        from random import SystemRandom

        from five_hundred.hotseat import Controller

        if seed is None:
            seed = SystemRandom().randrange(1, 10**9)
        # a new game gets its own save files: no saved game is replaced
        slot = self.storage.new_slot()
        controller = Controller(rules, players, seed, saver=slot.write, practice=practice)
        self.storage.remember_table(players, rules, practice)
        self._use_slot(slot)
        self.storage.start(slot, controller)
        dealer = controller.public().dealer
        controller.notes.append(lambda: _("New game, seed {seed}. The first dealer, drawn at "
                                          "random, is {who}.").format(
            seed=seed, who=who(self.names, dealer)))
        self._begin(controller)

    def resume_game(self, game_id: str) -> None:
        from five_hundred.ui.screens.info import MessageScreen
        from five_hundred.ui.storage import SaveError

        try:
            controller, slot = self.storage.load(game_id)
        except SaveError as exc:
            kept = "\n\n" + _("It was kept as {path}.").format(path=exc.kept_as) \
                if exc.kept_as else ""
            self.push_screen(MessageScreen(f"{exc.message}{kept}\n\n"
                                           + _("You can start a new game.")))
            self._refresh_start()
            return
        self._use_slot(slot)
        if controller.game_over:
            slot.write(controller)  # its record goes to finished/
            self.push_screen(MessageScreen(_("The saved game was already finished; its "
                                             "record was kept. Start a new game.")))
            self._refresh_start()
            return
        self._begin(controller)

    def say_storage_messages(self) -> None:
        """What the storage found (an old save brought in, a damaged one set aside)."""
        for message in self.storage.messages:
            self.notify(message, severity="warning", timeout=10, markup=False)
        self.storage.messages.clear()

    def _use_slot(self, slot: SaveSlot) -> None:
        self.slot = slot
        slot.on_trouble = self._save_trouble

    def _save_trouble(self, message: str | None) -> None:
        """Saving stopped (said once, not at every move) or works again. Said after the
        move's screen change: drawing the curtain clears the toasts."""
        if message is None:
            self.call_later(self.notify, _("The game is saved again."), timeout=4)
        else:
            self.call_later(self.notify, message, title=_("Not saved"), severity="warning",
                            timeout=12, markup=False)  # it names the folder: no markup

    def _refresh_start(self) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, StartScreen) and screen.is_mounted:
                screen.refresh_games()

    def _begin(self, controller: Controller) -> None:
        from five_hundred.ui.screens.table import TableScreen

        self._forget_thinking()
        self._thinking = False
        self._hint = None
        self.controller = controller
        controller.auto_play = self.auto_play
        controller.play_forced()  # a resumed game may stop before a forced card
        self.rules_in_play = controller.rules
        if self._table is not None and self.is_screen_installed(self._table):
            self.uninstall_screen(self._table)
        self._table = TableScreen(controller.rules)
        self.install_screen(self._table, name="table")
        if self._curtain is not None and self.is_screen_installed(self._curtain):
            self.uninstall_screen(self._curtain)
        self._curtain = None
        self.sub_title = " · ".join(house_rules(controller.rules)) or _("no house rules")
        self.advance()

    # ------------------------------------------------------------ the loop

    def _main_screen(self, screen: Screen[None] | str) -> None:
        """Show a main screen (table, curtain, summary) in place of the current one."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) < 2:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    def _overlay_open(self) -> bool:
        from five_hundred.ui.screens.info import (
            ConfirmScreen,
            KeysScreen,
            MessageScreen,
            RulesScreen,
        )
        from five_hundred.ui.screens.summary import ScoreSheetScreen

        return isinstance(self._top(), RulesScreen | KeysScreen | ScoreSheetScreen
                          | ConfirmScreen | MessageScreen)

    def _top(self) -> Screen[object] | None:
        """The screen on top, or None while the app is closing (a timer may still fire
        after the last screen has gone)."""
        return self.screen_stack[-1] if self.screen_stack else None

    def advance(self) -> None:
        """Show what comes next: summary, curtain, a person's table or a computer's move."""
        from five_hundred.ui.screens.curtain import CurtainScreen
        from five_hundred.ui.screens.summary import SummaryScreen

        c = self.controller
        if c is None:
            return
        if c.deal_over:
            if c.game_over:
                self.storage.finish()
            self.clear_notifications()
            self._main_screen(SummaryScreen())
            if not c.persons and not c.game_over:
                call_after(self, max(self.pace * 4, 0.01), self._auto_next_deal)
            return
        if c.needs_curtain():
            seat = c.acting_seat
            assert seat is not None
            self.clear_notifications()
            if self._table is not None and self._table.is_mounted:
                self._table.show(self._model(c, hidden=True))  # no hand stays drawn
            solo = len(c.persons) == 1
            if self._curtain is None:
                self._curtain = CurtainScreen(seat, c.blind_misere_offered(), solo)
                self.install_screen(self._curtain, name="curtain")
            else:
                self._curtain.prepare(seat, c.blind_misere_offered(), solo)
            self._main_screen("curtain")
            return
        self._main_screen("table")
        self.sync_table()
        if c.computer_to_act():
            self.computers.schedule()

    def table_shown(self) -> None:
        """The table is on screen again (after a curtain, a dialog, the rules): draw it,
        or stand a curtain first if the hand's owner may no longer be at the keyboard."""
        c = self.controller
        if c is not None and c.needs_curtain():
            self.call_later(self.advance)
            return
        self.sync_table()

    def sync_table(self) -> None:
        c = self.controller
        table = self._table
        if c is None or table is None or not table.is_mounted:
            return
        table.show(self._model(c))

    def _model(self, c: Controller, hidden: bool = False) -> TableModel:
        """What the table draws: the controller's state, whether a computer thinks, the
        hint for the decision on the table."""
        from five_hundred.table_model import table_model

        hint = self._hint[1] if self._hint is not None and self._hint[0] == c.token else ""
        return table_model(c, thinking=self._thinking, hint=hint, hidden=hidden)

    def table_visible(self) -> bool:
        """The table is on top and big enough to be seen (no dialog, no rules over it)."""
        from five_hundred.ui.screens.table import TableScreen

        top = self._top()
        return not self._overlay_open() and isinstance(top, TableScreen) and not top.too_small

    def mark_thinking(self, on: bool) -> None:
        if on == self._thinking:
            return
        self._thinking = on
        table = self._table
        if table is not None and table.is_mounted and table.model is not None:
            # only the flag changed: the model in place with it, not built again
            table.show(table.model.model_copy(update={"thinking": on}))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A computer's move or a hint is ready (on the event loop: safe to apply)."""
        worker = event.worker
        if worker.name == HINT_WORKER:
            if event.state == WorkerState.SUCCESS and worker.result is not None:
                done, text = worker.result
                done(text)
            return
        if worker.name == CLAIM_WORKER:
            if event.state == WorkerState.SUCCESS and worker.result is not None:
                self._claim_decided(*worker.result)
            return
        if worker.name == COMPUTER_WORKER:
            self.computers.worker_changed(event)

    def _forget_thinking(self) -> None:
        self.computers.forget()
        self.workers.cancel_group(self, HINT_WORKER)

    def step_computer(self) -> bool:
        """Make the pending computer move now, inline (tests; the pause is skipped)."""
        return self.computers.move_now()

    def _auto_next_deal(self) -> None:
        from five_hundred.ui.screens.summary import SummaryScreen

        c = self.controller
        if c is None or not c.between_deals or c.persons:
            return
        top = self._top()
        # wait while nobody can see the summary, or while it is still being put up (a
        # busy machine may not have switched screens yet when this timer fires)
        if not isinstance(top, SummaryScreen) or top.too_small:
            call_after(self, max(self.pace * 4, 0.01), self._auto_next_deal)
            return
        self.next_deal()

    def on_table_screen_act(self, message: TableScreen.Act) -> None:
        """A person at the table chose one of their view's legal actions."""
        from five_hundred.engine import IllegalAction

        c = self.controller
        if c is None:
            return
        if c.acting_seat != message.seat or c.viewer != message.seat:
            self.sync_table()  # a choice from a table that is already past: redraw it
            return
        try:
            c.act(message.action)
        except IllegalAction as exc:
            self.tell(_("Not allowed: {reason} ({rule})").format(
                reason=reason_text(exc.reason), rule=exc.rule), "error")
            self.sync_table()  # the table takes a choice again
            return
        self.advance()

    def can_take_back(self) -> bool:
        """A take-back would be accepted now (the screens show the key only then)."""
        return self.controller is not None and self.controller.can_take_back()

    def on_table_screen_undo(self, message: TableScreen.Undo) -> None:
        self.take_back()

    def on_curtain_screen_undo(self, message: CurtainScreen.Undo) -> None:
        self.take_back()

    def take_back(self) -> None:
        """``u``: the last person to act takes back their last action (and what the
        computers did since). Whose hand shows next is decided as after any action:
        ``advance`` stands a curtain unless that person was the last to lift one."""
        c = self.controller
        if c is None:
            return
        why = c.take_back_refusal()
        if why is not None:
            self.tell(why)
            return
        self._forget_thinking()  # a computer's move being computed is for a lost position
        self.mark_thinking(False)
        c.take_back()  # the log says who took back a move; no toast over the hand
        self.advance()

    def on_table_screen_claim(self, message: TableScreen.Claim) -> None:
        """``c``: the person to play claims the remaining tricks; the engine decides, in
        a worker (a proof can take a second or two), and the table keeps answering."""
        from five_hundred.hotseat import ClaimAnswer

        c = self.controller
        if c is None or c.acting_seat != message.seat or c.viewer != message.seat:
            return  # a claim from a table that is already past
        request = c.claim_request()
        if isinstance(request, ClaimAnswer):
            self.tell(request.message)
            return
        if self.inline_computers:
            self._claim_decided(c, request, request.compute())
            return
        self.tell(_("Checking the claim…"), "information")
        self.run_worker(lambda: (c, request, request.compute()), thread=True,
                        group=CLAIM_WORKER, exclusive=True, name=CLAIM_WORKER)

    def _claim_decided(self, c: Controller, request: ClaimRequest, result: ClaimCheck
                       ) -> None:
        if self.controller is not c:
            return  # another game since
        answer = c.claim_decided(request, result)
        if answer is None:
            return  # play went on while the claim was checked: it no longer stands
        if answer.accepted:
            self._forget_thinking()
            self.mark_thinking(False)
            self.advance()  # the deal is over: its summary
        else:
            self.sync_table()  # the log says the claim was refused
        self.tell(answer.message, "information" if answer.accepted else "warning")

    # ------------------------------------------------------------ what screens ask for

    def on_curtain_screen_lifted(self, message: CurtainScreen.Lifted) -> None:
        self.curtain_lifted(message.seat)

    def on_curtain_screen_blind_misere(self, message: CurtainScreen.BlindMisere) -> None:
        self.blind_misere_from_curtain(message.seat)

    def on_summary_screen_next_deal(self, message: SummaryScreen.NextDeal) -> None:
        self.next_deal()

    def on_summary_screen_end_of_game(self, message: SummaryScreen.EndOfGame) -> None:
        """Enter on the last deal's summary: the winner's screen, chart and table."""
        from five_hundred.ui.screens.game_over import GameOverScreen

        if self.controller is not None and self.controller.game_over:
            self._main_screen(GameOverScreen())

    def on_game_over_screen_same_players(self, message: GameOverScreen.SamePlayers) -> None:
        """A new game with the players and rules of the one just won (a new seed)."""
        c = self.controller
        if c is not None and c.game_over:
            rules, players, practice = c.rules, c.players, c.practice
            self.back_to_start()
            self.start_new_game(rules, players, None, practice)

    def on_game_over_screen_to_start(self, message: GameOverScreen.ToStart) -> None:
        if self.controller is not None and self.controller.game_over:
            self.back_to_start()

    def on_review_wanted(self, message: ReviewWanted) -> None:
        """r on the summary or at the game's end: review a finished deal of the game in
        play. The deal under way is refused (DealNotFinished): it is never shown."""
        from five_hundred.engine.review import DealNotFinished
        from five_hundred.ui.screens.review import DealReviewScreen

        if self.controller is None:
            return
        try:
            screen = DealReviewScreen.from_controller(self.controller, message.index)
        except DealNotFinished as exc:
            self.notify(_("No review: {why}").format(why=exc), severity="warning", markup=False)
            return
        self.push_screen(screen)

    def on_open_review(self, message: OpenReview) -> None:
        """Enter on a deal in the history: the review of that deal of a finished game."""
        from five_hundred.engine import MalformedRecord
        from five_hundred.engine.review import DealNotFinished
        from five_hundred.ui.screens.review import DealReviewScreen

        try:
            screen = DealReviewScreen.from_record(message.record, message.deal_index)
        except (DealNotFinished, MalformedRecord) as exc:
            self.notify(_("No review: {why}").format(why=exc), severity="warning", markup=False)
            return
        self.push_screen(screen)

    def on_start_screen_new_game(self, message: StartScreen.NewGame) -> None:
        if self.controller is None:  # not twice from one screen
            self.start_new_game(message.rules, message.players, message.seed,
                                message.practice)

    def on_start_screen_resume(self, message: StartScreen.Resume) -> None:
        if self.controller is None:
            self.resume_game(message.game_id)

    def on_start_screen_shown(self, message: StartScreen.Shown) -> None:
        self.say_storage_messages()

    def curtain_lifted(self, seat: int) -> None:
        c = self.controller
        if c is None or c.acting_seat != seat:
            return
        c.reveal()
        self.advance()

    def blind_misere_from_curtain(self, seat: int) -> None:
        c = self.controller
        if c is None or c.acting_seat != seat or not c.blind_misere_offered():
            return
        c.act_blind_misere()
        self.advance()

    def next_deal(self) -> None:
        c = self.controller
        if c is None or not c.between_deals:
            return
        c.start_next_deal()
        self.advance()

    def back_to_start(self) -> None:
        """Back to the start screen (the bottom of the stack) for a new game."""
        self.controller = None
        self.slot = None
        self._forget_thinking()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self._refresh_start()

    def on_resize(self, event: events.Resize) -> None:
        """Below 80×24 every screen shows "enlarge the terminal" instead of its layout.
        Whoever is at the keyboard once it is large again may not be who saw the hand:
        the hand waits behind a curtain."""
        small = event.size.width < MIN_WIDTH or event.size.height < MIN_HEIGHT
        for screen in self.screen_stack:
            if isinstance(screen, BaseScreen):
                screen.apply_size(event.size.width, event.size.height)
        if small:
            self._hidden_by_size = True
        elif self._hidden_by_size:
            self._hidden_by_size = False
            c = self.controller
            if c is not None and c.viewer is not None and len(c.persons) > 1:
                from five_hundred.ui.screens.table import TableScreen

                c.forget_viewer()
                if isinstance(self.screen, TableScreen):
                    self.advance()

    # ------------------------------------------------------------ global actions

    def action_rules(self) -> None:
        from five_hundred.ui.screens.info import RulesScreen

        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen(self.rules_in_play if self.controller else None))

    def action_learn(self) -> None:
        """The lessons (issue 25): from the start screen, or ``five-hundred learn``."""
        from five_hundred.lessons.progress import Progress
        from five_hundred.ui.screens.lessons import LessonListScreen

        if self.controller is None and not isinstance(self.screen, LessonListScreen):
            self.push_screen(LessonListScreen(Progress(self.storage.folder)))

    def action_keys(self) -> None:
        from five_hundred.ui.screens.info import KeysScreen

        if not isinstance(self.screen, KeysScreen):
            self.push_screen(KeysScreen())

    def action_score_sheet(self) -> None:
        from five_hundred.ui.screens.summary import ScoreSheetScreen

        if self.controller is not None and not isinstance(self.screen, ScoreSheetScreen):
            self.push_screen(ScoreSheetScreen())

    def action_save(self) -> None:
        if self.controller is None:
            self.notify(_("No game to save."))
            return
        slot = self.slot
        if slot is None or not slot.enabled:
            self.notify(_("This game is played without saving."), severity="warning")
            return
        self.controller.save()
        if not slot.failing:
            self.notify(_("Saved to {path}").format(path=slot.path), markup=False)

    def action_pace(self, step: int) -> None:
        self.pace = min(5.0, max(0.0, self.pace * 1.5 if step > 0 else self.pace / 1.5))
        if step > 0 and self.pace < 0.1:
            self.pace = 0.1
        self.tell(_("Computer players pause {seconds} s between moves").format(
            seconds=i18n.decimal(self.pace)), "information", 2.0)

    def action_new_game(self) -> None:
        from five_hundred.ui.screens.info import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes:
                self.back_to_start()

        if self.controller is not None and not self.controller.game_over:
            question = _("Leave this game for the start screen? It is saved: the start "
                         "screen lists it to resume.") if self._saving() else \
                _("Leave this game for the start screen? It is not saved (the folder "
                  "cannot be written): it ends here.")
            self.push_screen(ConfirmScreen(question), answer)
        else:
            self.back_to_start()

    def action_request_quit(self) -> None:
        from five_hundred.ui.screens.info import ConfirmScreen

        if isinstance(self.screen, ConfirmScreen):
            self.exit()
            return
        if self.controller is None or self.controller.game_over:
            self.exit()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(ConfirmScreen(
            _("Quit now? The game is saved after every move: five-hundred --resume "
              "continues it exactly here.") if self._saving() else
            _("Quit now? This game is not saved (the folder cannot be written).")), answer)

    def _saving(self) -> bool:
        return self.slot is not None and self.slot.enabled and not self.slot.failing

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield SystemCommand(_("New game"), _("Leave this game and set up a new one"),
                            self.action_new_game)
        yield SystemCommand(_("Rules"), _("The rules of Five Hundred as played here"),
                            self.action_rules)
        yield SystemCommand(_("Keys"), _("Which key does what"), self.action_keys)
        if self.controller is not None:
            yield SystemCommand(_("Score sheet"), _("Every deal's score"),
                                self.action_score_sheet)
            yield SystemCommand(_("Save"), _("Save the game now (it is saved after every move "
                                             "anyway)"), self.action_save)
        from five_hundred.ui.palette import four_colours

        yield SystemCommand(_("Four-colour deck: off") if four_colours() else
                            _("Four-colour deck: on"),
                            _("♠ black, ♥ red, ♦ blue, ♣ green (or back to two colours)"),
                            self.action_four_colours)
        yield from language_commands(self.set_language)
        yield SystemCommand(_("Quit"), _("Quit (the game stays saved)"),
                            self.action_request_quit)

    def action_command_palette(self) -> None:
        """Textual's palette, with its search prompt in the player's language."""
        if self.use_command_palette and not CommandPalette.is_open(cast("App[object]", self)):
            self.push_screen(CommandPalette(placeholder=_("Search for commands…"),
                                            id="--command-palette"))

    # ------------------------------------------------------------ the language

    def action_next_language(self) -> None:
        self.set_language(next_language())

    def set_language(self, lang: str) -> None:
        """Switch to ``lang`` at once (remembered for the next start) and redraw every
        screen in the stack, the game in play included."""
        i18n.set_language(lang)
        self.storage.remember_language(lang)
        if self.controller is not None:
            self.sub_title = " · ".join(house_rules(self.controller.rules)) or \
                _("no house rules")
            self.sync_table()  # the model's words (log, bids explained) in the new language
        self.redraw_screens()

    def set_four_colours(self, on: bool) -> None:
        """The four-colour deck on or off (remembered for the next start), at once."""
        from five_hundred.ui.palette import use_four_colours

        use_four_colours(on)
        self.storage.remember_four_colours(on)
        self.redraw_screens()

    def action_four_colours(self) -> None:
        from five_hundred.ui.palette import four_colours

        self.set_four_colours(not four_colours())

    def redraw_screens(self) -> None:
        """Every screen in the stack drawn again (its words, its colours), what was
        typed and chosen kept."""
        redraw_screens(self)


def create_app(folder: Path, *, seed: int | None = 1, players: Sequence[Player] | None = None,
               rules: RuleSet | None = None, pace: float = 0.0, autostart: bool = True,
               resume: bool = False, storage: Storage | None = None,
               guard_seconds: float = 0.0,
               clock: Callable[[], float] = time.monotonic,
               inline_computers: bool = True, auto_play: bool = True,
               practice: bool = False) -> FiveHundredApp:
    """An app for tests: saves in ``folder`` (or ``storage``), computers without a
    pause, and no key guard unless one is asked for (with a clock the test moves).
    Computers and hints think inline, one step per event, unless
    ``inline_computers=False`` asks for the worker threads the game uses."""
    return FiveHundredApp(storage or Storage(folder), seed=seed, players=players, rules=rules,
                          pace=pace, autostart=autostart, resume=resume, hint_budget=0.02,
                          guard_seconds=guard_seconds, clock=clock,
                          inline_computers=inline_computers, auto_play=auto_play,
                          undo_window=0.0, practice=practice)
