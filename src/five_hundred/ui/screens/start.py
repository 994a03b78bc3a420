"""The start screen: the saved games to resume; names and seats, the rule set and its
house rules for a new game."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from five_hundred import i18n
from five_hundred.i18n import N_, _
from five_hundred.notation import SEATS, is_seat_name, seat_name, shown_name, team_short
from five_hundred.safe_text import NAME_LIMIT, clean_name
from five_hundred.ui.palette import four_colours
from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.widgets.choice import Choice
from five_hundred.ui.widgets.keybar import KeyBar
from five_hundred.ui.widgets.labelled_row import LabelledRow
from five_hundred.ui.widgets.lean_button import LeanButton
from five_hundred.ui.widgets.seat_name import SeatName
from five_hundred.ui.widgets.tick import Tick

if TYPE_CHECKING:  # the engine is imported once the first screen is up (fast start)
    from five_hundred.engine import RuleSet
    from five_hundred.hotseat import Player
    from five_hundred.ui.storage import GameInfo

# the words are translated where they are shown (``_()`` on each)
KINDS: list[tuple[str, str]] = [
    (N_("person"), "person"),
    (N_("computer, easy"), "computer:easy"),
    (N_("computer, normal"), "computer:normal"),
    (N_("computer, hard"), "computer:hard"),
]

OPTION_HELP: dict[str, str] = {
    "no_misere": N_("V1 no misère: misère and open misère may not be bid"),
    "misere_without_seven": N_("V2 misère may be bid whenever it outranks the bid (no 7 "
                               "needed)"),
    "joker_lead_last_trick_only": N_("V3 the suitless joker may be led only to the last "
                                     "trick"),
    "blind_misere": N_("V5 blind misère (±500), bid before looking at one's cards"),
}
CAP_CHOICES: list[tuple[str, str]] = [
    (N_("no cap on defensive points"), "none"),
    (N_("V4 defensive points stop at 490"), "490"),
    (N_("V4 defensive points stop at 480"), "480"),
]
PRESET_HELP = {
    "pagat-australian": N_("pagat-australian: 43 cards, one joker, 3-card kitty, to 500"),
    "two-joker-1000": N_("two-joker-1000 (V6): 46 cards, two jokers, 6-card kitty, 'game' "
                         "bids, to 1000; no options"),
}


def _translated(choices: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(_(label), value) for label, value in choices]


def game_line(info: GameInfo) -> Text:
    """One saved game as a list line. Names are data: a ``Text`` (never markup), so a
    name such as ``[red]x`` shows as typed."""
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(f"{info.when()}  ", style="dim")
    line.append(info.describe())
    return line


class FormBody(VerticalScroll, can_focus=False):
    """The scrolling body of the start and host-setup forms. ↑↓: the field on the line
    below or above (``StartScreen.action_row``). Priority, as for Tab: the cursor moves
    as the key arrives, so what is typed after it lands in the field it went to; and
    the bar shows these keys, not a text field's own ↑↓ (scrolling)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "screen.row(1)", N_("Field"), key_display="↑↓", priority=True),
        Binding("up", "screen.row(-1)", N_("Field"), show=False, priority=True),
    ]


class SavedGames(OptionList):
    """The games in progress, latest first: ↑/↓ choose, Enter resumes. Below the last
    one, ↓ goes on to North's name (↑ from there comes back)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the form's ↑↓ (``FormBody``) stand aside for the list's
        Binding("up", "cursor_up", N_("Choose"), show=False, priority=True),
        Binding("down", "cursor_down", N_("Saved game"), show=True, key_display="↑↓",
                priority=True),
        Binding("enter", "select", N_("Resume"), show=True, key_display="⏎"),
    ]

    def action_cursor_down(self) -> None:
        if self.highlighted is not None and self.highlighted >= self.option_count - 1:
            self.screen.focus_next()
            return
        super().action_cursor_down()


class StartScreen(BaseScreen):
    class NewGame(Message):
        """Start a game with these rules and players (and a seed for the deals)."""

        def __init__(self, rules: RuleSet, players: tuple[Player, ...],
                     seed: int | None, practice: bool = False) -> None:
            super().__init__()
            self.rules = rules
            self.players = players
            self.seed = seed
            self.practice = practice

    class Resume(Message):
        """Resume the saved game ``game_id``."""

        def __init__(self, game_id: str) -> None:
            super().__init__()
            self.game_id = game_id

    class Shown(Message):
        """The start screen is up: time to say what the storage found."""

    # the cursor in North's name from the start (on_mount puts it there too): Textual's
    # default ("*") would first give it to the first field that takes it (the saved
    # games), restyling both as it moves
    AUTO_FOCUS = "#name-0"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+n", "new_game", N_("New game")),
        Binding("ctrl+r", "resume", N_("Resume")),
        # the bar shows what fits, in this order (the lessons have a button on the form)
        Binding("f2", "history", N_("History")),
        Binding("f1", "app.rules", N_("Rules")),
        Binding("f4", "app.learn", N_("Learn to play")),
        Binding("ctrl+q", "app.request_quit", N_("Quit")),
        # priority: the focus moves as the key arrives, so a name typed ahead after
        # Tab goes into the next field, not the one Tab left (see on_key for the keys
        # that arrive before the screen has a focus)
        Binding("tab", "next_field(1)", N_("Next field"), show=False, priority=True),
        Binding("shift+tab", "next_field(-1)", N_("Previous field"), show=False,
                priority=True),
    ]

    def __init__(self, seed: int | None = None, players: tuple[Player, ...] | None = None
                 ) -> None:
        super().__init__()
        self.seed = seed
        self.players = players
        self.practice: bool | None = None  # as last time unless chosen on this screen
        self.game_count = 0  # saved games listed (ctrl+r needs one)

    def compose(self) -> ComposeResult:
        storage = self.game.storage
        games = storage.games()
        self.game_count = len(games)
        # the last game's table, unless the command line chose the players
        last = storage.last_table() if storage.table_path.exists() else None
        players = self.players or (last.players if last else None)
        rules = last.rules if last else None
        practice = self.practice if self.practice is not None else \
            bool(last and last.practice)
        with FormBody(id="body"):
            yield Static(Text.assemble((_("Five Hundred"), "bold"), " · ",
                                       _("Australian partnership 500 · North–South against "
                                         "East–West")), id="start-title")
            # what is not shown is not built (the first screen is quicker): the problem
            # line if the folder has none, the list until there is a saved game
            if storage.problem:
                yield Static(Text(storage.problem, style="bold"), id="save-problem")
            if games:
                yield from self._saved_games(games)
            yield Label(_("New game:"), id="new-title")
            seats = []
            for seat in range(4):
                player = players[seat] if players else None
                shown = shown_name(player.name, seat) if player else seat_name(seat)
                kind = "person" if player is None or player.is_person else \
                    f"computer:{player.level}"
                seats.append((shown, kind))
            yield from self.compose_seats(seats, _translated(KINDS))
            yield from self.compose_rules(rules, practice)
            yield from self.compose_seed_language()
            with Horizontal(id="start-buttons"):
                yield LeanButton(_("Play without saving") if storage.problem
                                 else _("New game"), variant="primary", id="new", compact=True)
                yield LeanButton(_("Resume"), id="resume", disabled=not games, compact=True)
                yield LeanButton(_("History"), id="history", compact=True)
                yield LeanButton(_("Lessons"), id="learn", compact=True)
                yield LeanButton(_("Rules"), id="rules", compact=True)
                yield LeanButton(_("Quit"), id="quit", compact=True)
        yield KeyBar()
        yield from self.compose_too_small()

    # the parts of the form, shared with the host's setup (``host_setup.py``)

    def compose_seats(self, seats: list[tuple[str, str]], kinds: list[tuple[str, str]]
                      ) -> ComposeResult:
        """A row per seat: the name shown (``seats[i][0]``) and the kind chosen among
        ``kinds`` (``seats[i][1]``)."""
        for seat, (shown, kind) in enumerate(seats):
            name = seat_name(seat)
            team = team_short(seat % 2)
            with LabelledRow(f"{name:<6} {team}", classes="seat-row"):
                yield SeatName(shown, placeholder=name, id=f"name-{seat}",
                               max_length=NAME_LIMIT, classes="seat-name", compact=True)
                yield Choice(kinds, kind, id=f"kind-{seat}", classes="seat-kind")

    def compose_rules(self, rules: RuleSet | None, practice: bool) -> ComposeResult:
        """The rule set, its house rules, the practice game and the four-colour deck."""
        preset = rules.preset if rules is not None and rules.preset in PRESET_HELP \
            else "pagat-australian"
        cap = str(rules.defensive_cap) if rules is not None and rules.defensive_cap \
            else "none"
        with LabelledRow(_("Rules"), classes="seat-row"):
            yield Choice([(_(PRESET_HELP[p]), p) for p in PRESET_HELP], preset,
                         id="preset")
        with Vertical(id="options", classes="" if preset == "pagat-australian"
                      else "-hidden"):
            for key, help_text in OPTION_HELP.items():
                on = bool(getattr(rules, key, False)) if preset == "pagat-australian" \
                    else False
                yield Tick(_(help_text), on, id=f"opt-{key}")
            yield Choice(_translated(CAP_CHOICES), cap, id="cap")
        yield Tick(_("Practice game: take back moves at any time (marked in the "
                     "history)"), practice, id="practice")
        yield Tick(_("Four-colour deck: ♠ black ♥ red ♦ blue ♣ green"), four_colours(),
                   id="four-colours")

    def compose_seed_language(self) -> ComposeResult:
        """The seed and the language: one row for two (80×24 holds the form)."""
        with LabelledRow(_("Seed"), classes="seat-row"):
            yield Input("" if self.seed is None else str(self.seed),
                        placeholder=_("blank: a random deal"), id="seed", type="integer",
                        classes="seat-name", compact=True)
            yield Label(_("Language"), id="language-label")
            yield Choice([(i18n.LANGUAGE_NAMES[k], k) for k in i18n.LANGUAGES],
                         i18n.language(), id="language")

    @staticmethod
    def _options(games: list[GameInfo]) -> list[Option]:
        return [Option(game_line(g), id=g.game_id) for g in games]

    def _saved_games(self, games: list[GameInfo]) -> tuple[Label, SavedGames]:
        """The saved games' title and list."""
        return (Label(_("Saved games, latest first:"), id="saved-title"),
                SavedGames(*self._options(games), id="saved", compact=True))

    def _saved(self) -> SavedGames | None:
        """The list of saved games, if one was built (there was a saved game)."""
        found = self.query("#saved")
        return found.first(SavedGames) if found else None

    def on_mount(self) -> None:
        super().on_mount()
        self.post_message(self.Shown())
        saved = self._saved()
        if saved is not None and saved.option_count:
            saved.highlighted = 0  # ctrl+r (or Enter on the list) resumes the latest game
        # typing a name works at once: now, not later (keys typed ahead may follow)
        self.set_focus(self.query_one("#name-0", Input))

    def on_key(self, event: events.Key) -> None:
        """A name typed at once goes into North's name. Keys typed while the app starts
        reach the screen before its cursor is in a field (they are queued on it before
        it is mounted), so they would be lost: each is sent on to the name field that
        has (or gets) the focus."""
        target = self.focused
        if event.key in ("tab", "shift+tab") and self.query("#name-0"):
            # here only if it came before the screen had a focus: after the letters
            # before it, in order
            event.stop()
            event.prevent_default()
            if target is None:
                self.set_focus(self.query_one("#name-0", Input))
            self.action_next_field(1 if event.key == "tab" else -1)
            return
        if (not event.is_printable or getattr(event, "replayed", False)
                or not (target is None or isinstance(target, Input))
                or not self.query("#name-0")):
            return
        name = target if isinstance(target, Input) else self.query_one("#name-0", Input)
        if target is None:
            self.set_focus(name)
        event.stop()
        event.prevent_default()
        again = events.Key(event.key, event.character)
        again.replayed = True  # type: ignore[attr-defined]
        name.post_message(again)

    def refresh_games(self) -> None:
        """The list again (after a game was left, finished or set aside)."""
        games = self.game.storage.games()
        saved = self._saved()
        if saved is None:
            if games:  # the first saved game: the list is built now
                title, new_list = self._saved_games(games)
                new_list.highlighted = 0
                self.query_one("#body").mount(title, new_list, before="#new-title")
        else:
            saved.clear_options()
            saved.add_options(self._options(games))
            if games:
                saved.highlighted = 0
            for widget in (saved, self.query_one("#saved-title")):
                widget.set_class(not games, "-hidden")
        self.query_one("#resume", Button).disabled = not games
        self.game_count = len(games)
        self.refresh_bindings()
        self.post_message(self.Shown())

    def selected_game(self) -> str | None:
        """The highlighted saved game, or the latest one."""
        saved = self._saved()
        if saved is None or not saved.option_count:
            return None
        index = saved.highlighted if saved.highlighted is not None else 0
        return saved.get_option_at_index(index).id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.Resume(event.option.id))

    def on_tick_changed(self, event: Tick.Changed) -> None:
        if event.tick.id == "four-colours":
            self.game.set_four_colours(event.value)

    def on_choice_changed(self, event: Choice.Changed) -> None:
        if event.choice.id == "preset":
            self.query_one("#options").set_class(event.value != "pagat-australian", "-hidden")
        elif event.choice.id == "language" and event.value != i18n.language():
            self.game.set_language(str(event.value))

    def redraw_language(self) -> None:
        """The player chose another language: the screen again in it, what was typed
        and chosen so far kept (names, seats, seed)."""
        if not self.is_mounted:
            return
        self.players = self.chosen_players()
        self.seed = self.chosen_seed()
        self.practice = self.query_one("#practice", Tick).value
        focused = self.focused.id if self.focused is not None else None
        self.refresh(recompose=True)
        self.call_after_refresh(self._focus_again, focused or "language")

    def _focus_again(self, widget_id: str) -> None:
        """The field that had the keys has them again after the screen is redrawn."""
        if self.is_mounted and self.query(f"#{widget_id}"):
            self.query_one(f"#{widget_id}").focus()

    def chosen_rules(self) -> RuleSet:
        from five_hundred.engine import PRESETS

        preset = str(self.query_one("#preset", Choice).value)
        rules = PRESETS[preset]
        if preset != "pagat-australian":
            return rules
        update: dict[str, object] = {k: self.query_one(f"#opt-{k}", Tick).value
                                     for k in OPTION_HELP}
        cap = str(self.query_one("#cap", Choice).value)
        update["defensive_cap"] = None if cap == "none" else int(cap)
        return rules.model_copy(update=update)

    def chosen_players(self) -> tuple[Player, ...]:
        from five_hundred.hotseat import Player

        players = []
        for seat, name in enumerate(SEATS):
            typed = self.query_one(f"#name-{seat}", Input).value
            # the seat's name in any language is no name of one's own: kept as the seat's
            if is_seat_name(typed, seat):
                typed = name
            text = clean_name(typed, name)
            kind = str(self.query_one(f"#kind-{seat}", Choice).value)
            if kind == "person":
                players.append(Player(text))
            else:
                players.append(Player(text, "computer", kind.split(":", 1)[1]))
        return tuple(players)

    def chosen_seed(self) -> int | None:
        text = self.query_one("#seed", Input).value.strip()
        try:
            return int(text) if text else None
        except ValueError:
            return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return self.game_count > 0
        if action == "row" and isinstance(self.focused, SavedGames):
            return False  # the list's own ↑↓ choose a game
        if action in ("next_field", "row"):
            # with no focus yet, Tab waits in line behind the letters typed before it
            return self.focused is not None
        return True

    def action_next_field(self, step: int) -> None:
        if step > 0:
            self.focus_next()
        else:
            self.focus_previous()

    def action_row(self, step: int) -> None:
        """↑↓: the field on the line below (``step`` 1) or above, the one nearest the
        cursor's column, so that the arrows walk the form as it is drawn (Tab walks it
        field by field), from North's name up to the saved games too; a line out of
        sight: the next field in Tab's order, never round from the last to the first."""
        chain = self.focus_chain
        here = self.focused
        if here not in chain:
            return
        at = here.region
        shown = [(w, r) for w in chain if (r := w.region) and (r.y - at.y) * step > 0]
        # set_focus, not focus() (which waits its turn): the keys typed after this one
        # go to the field it moves to
        if shown:
            self.set_focus(min(shown, key=lambda wr: (abs(wr[1].y - at.y),
                                                      abs(wr[1].x - at.x)))[0])
        elif 0 <= (i := chain.index(here) + step) < len(chain):
            self.set_focus(chain[i])

    def action_new_game(self) -> None:
        self.post_message(self.NewGame(self.chosen_rules(), self.chosen_players(),
                                       self.chosen_seed(),
                                       self.query_one("#practice", Tick).value))

    def action_resume(self) -> None:
        game_id = self.selected_game()
        if game_id is not None:
            self.post_message(self.Resume(game_id))

    def action_history(self) -> None:
        """The finished games and the statistics (issue 10, item 8)."""
        from five_hundred.ui.screens.history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.game.storage.folder))

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button.id
        if button == "new":
            self.action_new_game()
        elif button == "resume":
            self.action_resume()
        elif button == "history":
            self.action_history()
        elif button == "learn":
            await self.run_action("app.learn")
        elif button == "rules":
            await self.run_action("app.rules")
        elif button == "quit":
            self.app.exit()
