"""The history of finished games, the deals of one game, and statistics per player.

The figures come from ``five_hundred.history`` (the engine's replay of the records in
``finished/``, kept in a SQLite index), read in a worker thread. Names come from
files: they are cleaned there and drawn here as ``Text``, never as markup.

Choosing a deal of a finished game (Enter on the deals list) posts ``OpenReview``:
the deal-review screen handles it (the app's ``on_open_review``). Until an app
handles it, the key is not offered (``check_action``) and the deals list stands on
its own: contract, declarer, result and scores of every deal.
"""

from __future__ import annotations

import io
import re
import time
from collections.abc import Callable, Sequence
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from five_hundred.history import DealRow, GameRow, HistoryData, PlayerStats, load
from five_hundred.i18n import N_, _, ngettext
from five_hundred.notation import (
    MINUS,
    SEATS,
    house_rules,
    month_name,
    points,
    seat_name,
    shown_name,
    signed,
    team_short,
    who,
    win_reason,
)
from five_hundred.safe_text import clean_text
from five_hundred.ui.render import bid_text, styled
from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from five_hundred.engine.record import GameRecord

localtime = time.localtime  # the tests fix the time zone here
REVIEW_HANDLER = "on_open_review"  # the app's handler of OpenReview, once it has one
KIND_WORDS = {"suit": N_("suit"), "nt": N_("no trumps"), "misere": N_("misère"),
              "open_misere": N_("open misère"), "blind_misere": N_("blind misère")}

_ASCII_MINUS = re.compile(r"(?<![\w.])-(?=\d)")


class OpenReview(Message):
    """Review deal ``deal_index`` (from 0) of the finished game ``record``: posted by
    the deals list of the history; the deal-review screen handles it."""

    def __init__(self, record: GameRecord, deal_index: int, game_id: str) -> None:
        super().__init__()
        self.record = record
        self.deal_index = deal_index
        self.game_id = game_id


# ---------------------------------------------------------------------- layout

SEP = " · "  # between the parts of a line
GAP = "   "  # between groups of parts (take-backs · hints)
HANG = 2  # the indent of a block's lines after its first, and of a line carried over
NAME_ROOM = 4  # a name is never cut shorter than this (its first cells and "…")


class Fitted:
    """Lines laid out for the width they are drawn at: ``build(width)`` gives them, each
    at most ``width`` cells (a line too long goes on at an indent, never back at the
    left edge); a line still too wide (one word wider than the screen) is cut with
    "…". Built when drawn, so in the language of that moment (a screen whose language
    changes updates its widgets, which draws them again)."""

    def __init__(self, build: Callable[[int], list[Text]]) -> None:
        self.build = build

    def lines(self, width: int) -> list[Text]:
        return self.build(max(1, width))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        out = Text("\n").join(self.lines(options.max_width))
        out.no_wrap = True
        out.overflow = "ellipsis"
        yield out

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(1, options.max_width)


@cache
def _console() -> Console:
    """A console to word-wrap with (``Text.wrap`` asks for one; it prints nothing)."""
    return Console(width=80, file=io.StringIO(), color_system=None, legacy_windows=False)


def _wrapped(part: Text, width: int) -> list[Text]:
    lines = part.wrap(_console(), max(1, width), overflow="ellipsis")
    for line in lines:
        line.rstrip()
    return list(lines)


def flow(parts: Sequence[Text | str], width: int, *, lead: int = 0, hang: int = HANG,
         sep: str = SEP) -> list[Text]:
    """``parts`` one after the other on lines of ``width`` cells, ``sep`` between them:
    the first line indented by ``lead``, a part that would not fit goes to a new line
    indented by ``hang`` (the line it leaves ends with the separator's mark, if it has
    one and it fits), and a part longer than a whole line is word-wrapped there."""
    lines = [Text(" " * lead)]
    fresh = True  # nothing on the last line yet but its indent
    mark = sep.rstrip()
    for raw in parts:
        part = Text(raw) if isinstance(raw, str) else raw
        if not part.plain:
            continue
        line = lines[-1]
        if not fresh:
            if line.cell_len + len(sep) + part.cell_len <= width:
                line.append(sep)
                line.append_text(part)
                continue
            if mark and line.cell_len + len(mark) <= width:
                line.append(mark)
            line = Text(" " * hang)
            lines.append(line)
        room = width - line.cell_len
        if part.cell_len <= room:
            line.append_text(part)
        else:  # as much as fits here, the rest word-wrapped at the hanging indent
            plain = part.plain
            first = _wrapped(part, max(1, room))[0]
            line.append_text(first)
            # a word wider than the line is cut short ("…"): what follows it goes on
            start = len(first.plain) if plain.startswith(first.plain) else \
                (plain.find(" ") % (len(plain) + 1))
            while start < len(plain) and plain[start] == " ":
                start += 1
            if start < len(plain):
                indent = max(lead, hang) if line is lines[0] else hang
                lines.extend(Text(" " * indent) + piece
                             for piece in _wrapped(part[start:], width - indent))
        fresh = False
    return lines


def fit(text: str, room: int) -> str:
    """``text`` cut to ``room`` cells, its end an ellipsis, if it is longer."""
    cut = Text(text)
    cut.truncate(max(1, room), overflow="ellipsis")
    return cut.plain


# ---------------------------------------------------------------------- words


def when_text(seconds: float) -> str:
    """``05 Jan 2025 14:30``, local time."""
    t = localtime(seconds)
    return time.strftime(f"%d {month_name(t.tm_mon)} %Y %H:%M", t)


def shown_names(game: GameRow) -> tuple[str, ...]:
    """The game's names as drawn now: a player who typed none is the seat's name in the
    player's language."""
    return tuple(shown_name(n, i) for i, n in enumerate(game.names))


def player_name(name: str) -> str:
    """A name of the statistics as drawn now: a seat's own English name (a player who
    typed none) in the player's language."""
    return seat_name(SEATS.index(name)) if name in SEATS else name


def _who(names: Sequence[str], seat: int, computers: tuple[bool, ...], room: int) -> str:
    name = fit(names[seat], room)
    return _("{name} (computer)").format(name=name) if computers[seat] else name


def side_text(game: GameRow, team: int, room: int | None = None) -> str:
    """``N–S Ana & Carla`` (``Eve (computer)``), its names cut short as needed to fit in
    ``room`` cells."""
    names, c = shown_names(game), game.computers
    longest = max(len(n) for n in names)
    size = longest
    while True:
        text = f"{team_short(team)} {_who(names, team, c, size)} & " \
               f"{_who(names, team + 2, c, size)}"
        if room is None or Text(text).cell_len <= room or size <= NAME_ROOM:
            return text
        size -= 1


def sides_text(game: GameRow) -> str:
    """``N–S Ana & Carla · E–W Bruno & Eve (computer)``."""
    return SEP.join(side_text(game, t) for t in (0, 1))


def sides_lines(game: GameRow, width: int, lead: int) -> list[Text]:
    """Both sides on one line if they fit, else one line each (the names cut short if
    even that is too long)."""
    room = width - lead
    return flow([side_text(game, t, room) for t in (0, 1)], width, lead=lead, hang=lead)


def result_text(game: GameRow) -> str:
    """``E–W won 510 to 490``."""
    w = game.winner
    return _("{team} won {score} to {other}").format(team=team_short(w),
                                                     score=points(game.scores[w]),
                                                     other=points(game.scores[1 - w]))


def house_ids(game: GameRow) -> list[str]:
    """The ids of the house rules in force: ``V2 V4`` (V6 is the two-joker preset)."""
    return [line.split()[0] for line in house_rules(game.rules)
            if line.split() and not (game.preset == "two-joker-1000"
                                     and line.startswith("V6"))]


def rules_text(game: GameRow) -> str:
    """The rule set and the ids of the house rules: ``pagat-australian · V2 V4``."""
    ids = house_ids(game)
    return SEP.join([game.preset, " ".join(ids)] if ids else [game.preset])


def takebacks_text(game: GameRow) -> str:
    """``Take-backs: N–S 2 · E–W 0``."""
    n0, n1 = game.side_takebacks
    return _("Take-backs: {team0} {n0} · {team1} {n1}").format(
        team0=team_short(0), n0=n0, team1=team_short(1), n1=n1)


def hints_text(game: GameRow) -> str:
    """``Hints: N–S 3 · E–W 1``."""
    n0, n1 = game.side_hints
    return _("Hints: {team0} {n0} · {team1} {n1}").format(
        team0=team_short(0), n0=n0, team1=team_short(1), n1=n1)


def practice_mark() -> Text:
    return Text(_("practice"), style="bold italic")


def game_lines(game: GameRow, width: int) -> list[Text]:
    """A game of the list: when, how it ended, how many deals (and "practice"); the
    sides; then, if any, its rules (when not the usual ones) and the take-backs and
    hints used."""
    deals = ngettext("{n} deal", "{n} deals", game.deals).format(n=game.deals)
    head: list[Text | str] = [Text(when_text(game.finished_at), style="bold"),
                              result_text(game), deals]
    if game.practice:
        head.append(practice_mark())
    lines = flow(head, width, hang=2 * HANG)
    lines += sides_lines(game, width, HANG)
    more: list[Text | str] = []
    if game.preset != "pagat-australian" or house_ids(game):
        more.append(Text(rules_text(game), style="dim"))
    if any(game.takebacks) or any(game.hints):
        more += [takebacks_text(game), hints_text(game)]
    if more:
        lines += flow(more, width, lead=HANG, hang=HANG, sep=GAP)
    return lines


def game_head_lines(game: GameRow, width: int) -> list[Text]:
    """The head of a game's deals: when, its rules (and "practice"); the sides; how it
    ended; the take-backs and hints per side; each house rule, in words."""
    first: list[Text | str] = [
        Text(_("Game of {when}").format(when=when_text(game.finished_at)), style="bold"),
        game.preset]
    if game.practice:
        first.append(practice_mark())
    lines = flow(first, width, hang=2 * HANG)
    lines += sides_lines(game, width, 0)
    result = Text(result_text(game), style="bold")
    if game.win_reason:
        result.append(f" ({_ASCII_MINUS.sub(MINUS, win_reason(game.win_reason))})")
    ended: list[Text | str] = [result]
    if game.start_scores != (0, 0):
        ended.append(_("started at {team0} {score0}, {team1} {score1}").format(
            team0=team_short(0), score0=points(game.start_scores[0]), team1=team_short(1),
            score1=points(game.start_scores[1])))
    lines += flow(ended, width)
    lines += flow([takebacks_text(game), hints_text(game)], width, sep=GAP)
    for rule in house_rules(game.rules):
        lines += flow([Text(rule, style="dim")], width)
    return lines


def deal_lines(deal: DealRow, game: GameRow, width: int) -> list[Text]:
    """Two lines: the contract and its fate; the score changes and the dealer."""
    names = shown_names(game)
    first: list[Text | str] = [Text(_("Deal {number}").format(number=deal.number),
                                    style="bold")]
    if deal.contract is None or deal.declarer is None:
        first.append(Text(_("thrown in") if game.preset == "two-joker-1000" else
                          _("everybody passed"), style="dim"))
    else:
        n = deal.tricks[deal.declarer & 1]
        outcome = Text(_("made"), style="bold green") if deal.made else \
            Text(_("failed"), style="bold red")
        first.append(styled(ngettext("{bid} by {who}: {outcome}, {n} trick",
                                     "{bid} by {who}: {outcome}, {n} tricks", n),
                            bid=bid_text(deal.contract), who=who(names, deal.declarer),
                            outcome=outcome, n=str(n)))
    second: list[Text | str] = [f"{team_short(t)} {signed(deal.change[t])} → "
                                f"{points(deal.scores[t])}" for t in (0, 1)]
    second.append(Text(_("dealt by {who}").format(who=who(names, deal.dealer)),
                       style="dim"))
    return flow(first, width) + flow(second, width, lead=HANG, hang=HANG)


def _average(value: float | None, count: int) -> str:
    if value is None:
        return _("none")
    return ngettext("{points} ({n} deal)", "{points} ({n} deals)", count).format(
        points=signed(round(value)), n=count)


def player_lines(stats: PlayerStats, width: int) -> list[Text]:
    """A player's block of the statistics: games, wins, deals (a person: take-backs
    and hints used); the contracts bid by kind; points per deal."""
    name = Text(player_name(stats.name), style="bold")
    if stats.computer:
        name.append(" " + _("(computer)"))
    games = ngettext("{n} game", "{n} games", stats.games).format(n=stats.games)
    deals = ngettext("{n} deal", "{n} deals", stats.deals).format(n=stats.deals)
    first: list[Text | str] = [name, *ngettext(
        "{games}, {wins} won · {deals}", "{games}, {wins} won · {deals}", stats.wins).format(
        games=games, wins=stats.wins, deals=deals).split(SEP)]
    if not stats.computer:
        first += [ngettext("{n} take-back", "{n} take-backs", stats.takebacks).format(
                      n=stats.takebacks),
                  ngettext("{n} hint", "{n} hints", stats.hints).format(n=stats.hints)]
    kinds = ["suit", "nt", "misere", "open_misere"]
    if stats.kind("blind_misere").bid:
        kinds.append("blind_misere")
    parts = []
    for kind in kinds:
        count = stats.kind(kind)
        parts.append(ngettext("{kind} {bid} ({made} made)", "{kind} {bid} ({made} made)",
                              count.made).format(
            kind=_(KIND_WORDS[kind]), bid=count.bid, made=count.made) if count.bid else
            f"{_(KIND_WORDS[kind])} {count.bid}")
    contracts = _("Contracts bid: {parts}").format(parts=SEP.join(parts))
    declarer = _average(stats.declarer_average, stats.declarer_deals)
    defender = _average(stats.defender_average, stats.defender_deals)
    per_deal = _("Points per deal: as declarer {declarer} · as defender {defender}").format(
        declarer=declarer, defender=defender)
    return (flow(first, width, hang=2 * HANG)
            + flow(contracts.split(SEP), width, lead=HANG, hang=2 * HANG)
            + flow(per_deal.split(SEP), width, lead=HANG, hang=2 * HANG))


def prose(*paragraph: Text | str) -> Fitted:
    """Sentences, word-wrapped, the lines after the first indented."""
    return Fitted(lambda width: flow(paragraph, width, sep=" "))


def hanging(text: Text, hang: int = HANG) -> Fitted:
    """``text`` line by line; a line too long for the width is word-wrapped, what it
    carries over indented by ``hang`` (never back at the left edge)."""
    return Fitted(lambda width: [out for line in text.split("\n", allow_blank=True)
                                 for out in (flow([line], width, hang=hang, sep=" ")
                                             if line.plain else [Text()])])


# ---------------------------------------------------------------------- screens


class GameList(OptionList):
    """The finished games: ↑↓ choose, Enter lists the deals."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", N_("Choose"), show=False),
        Binding("down", "cursor_down", N_("Choose"), key_display="↑↓"),
        Binding("enter", "select", N_("Deals"), key_display="⏎"),
    ]


class DealList(OptionList):
    """The deals of a game: ↑↓ choose, Enter reviews one (once a review handles
    ``OpenReview``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", N_("Choose"), show=False),
        Binding("down", "cursor_down", N_("Choose"), key_display="↑↓"),
        Binding("enter", "select", N_("Review"), key_display="⏎"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "select":
            return can_review(self.app)
        return True


def can_review(app: object) -> bool:
    """Whether the app handles ``OpenReview`` (its ``on_open_review``)."""
    return callable(getattr(app, REVIEW_HANDLER, None))


def set_options(options: OptionList, new: Sequence[Option]) -> None:
    """Put ``new`` in the list, the same option highlighted (by its place) and the list
    scrolled as it was: how a list is drawn again in another language."""
    highlighted, scrolled = options.highlighted, options.scroll_y
    options.set_options(new)
    if new:
        options.highlighted = min(highlighted or 0, len(new) - 1)
    options.scroll_to(y=scrolled, animate=False, immediate=True)


class HistoryScreen(BaseScreen):
    """The finished games, the latest first: Enter lists a game's deals, ``s`` shows
    the statistics."""

    AUTO_FOCUS = "#history-games"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "statistics", N_("Statistics")),
        Binding("escape,q", "close", N_("Back"), key_display="Esc"),
    ]

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.data: HistoryData | None = None
        self.error: BaseException | None = None  # the worker's, if it failed

    def compose(self) -> ComposeResult:
        with Vertical(id="body"):
            yield Static("", id="history-title")
            yield GameList(id="history-games", compact=True)
            yield Static("", id="history-notes")
        yield KeyBar()
        yield from self.compose_too_small()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#history-notes").display = False
        self._title()
        self.run_worker(lambda: load(self.folder), thread=True, name="history",
                        exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "history":
            return
        event.stop()
        if event.state == WorkerState.SUCCESS and isinstance(event.worker.result,
                                                             HistoryData):
            self.show(event.worker.result)
        elif event.state == WorkerState.ERROR:
            self.error = event.worker.error
            self._title()

    def _title(self) -> None:
        """The line above the list, in the language of the moment."""
        data, error = self.data, self.error
        if data is not None and data.games:
            title: Text | Fitted = Text(
                _("Finished games, the latest first ({count})").format(count=len(data.games)),
                style="bold")
        elif data is not None:
            where = clean_text(str(self.folder / "finished"))
            title = prose(_("No finished game yet. A game is kept here once it is won; its "
                            "record is in {where}.").format(where=where))
        elif error is not None:
            title = prose(_("The finished games could not be read: {error}").format(
                error=clean_text(str(error)) or type(error).__name__))
        else:
            title = Text(_("Reading the finished games…"))
        self.query_one("#history-title", Static).update(title)

    def show(self, data: HistoryData) -> None:
        self.data = data
        set_options(self.query_one("#history-games", GameList),
                    [Option(Fitted(partial(game_lines, g)), id=g.game_id)
                     for g in data.games])
        self._title()
        notes: list[str] = list(data.notes)
        if data.in_memory:
            notes.append(_("The history index could not be written in the data folder: it "
                           "was read for this session only."))
        self.query_one("#history-notes", Static).update(Fitted(
            lambda width: [line for note in notes
                           for line in flow([Text(note, style="dim")], width, sep=" ")]))
        self.query_one("#history-notes").display = bool(notes)
        self.refresh_bindings()

    def redraw_language(self) -> None:
        """The player switched languages: the list again in it, the same game chosen."""
        if not self.is_mounted:
            return
        if self.data is not None:
            self.show(self.data)
        else:
            self._title()
        self.query_one(KeyBar).refresh()

    def selected(self) -> GameRow | None:
        games = self.query_one("#history-games", GameList)
        if self.data is None or not self.data.games or games.highlighted is None:
            return None
        return self.data.games[games.highlighted]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "statistics":
            return self.data is not None and bool(self.data.games)
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_deals()

    def action_deals(self) -> None:
        game = self.selected()
        if game is not None and self.data is not None:
            self.app.push_screen(GameScreen(game, self.data.deals.get(game.game_id, []),
                                            self.folder))

    def action_statistics(self) -> None:
        if self.data is not None and self.data.games:
            self.app.push_screen(StatisticsScreen(self.data))

    def action_close(self) -> None:
        self.dismiss()


class GameScreen(BaseScreen):
    """One finished game: who played, how it ended, the take-backs and hints, its house
    rules, and every deal."""

    AUTO_FOCUS = "#game-deals"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", N_("Back"), key_display="Esc"),
    ]

    def __init__(self, game: GameRow, deals: list[DealRow], folder: Path) -> None:
        super().__init__()
        self.game_row = game
        self.deals = deals
        self.folder = folder

    def _head(self) -> Fitted:
        return Fitted(lambda width: game_head_lines(self.game_row, width))

    def _options(self) -> list[Option]:
        g = self.game_row
        return [Option(Fitted(partial(deal_lines, d, g)), id=f"deal-{d.number}")
                for d in self.deals]

    def compose(self) -> ComposeResult:
        with Vertical(id="body"):
            yield Static(self._head(), id="game-head")
            yield DealList(*self._options(), id="game-deals", compact=True)
        yield KeyBar()
        yield from self.compose_too_small()

    def on_mount(self) -> None:
        super().on_mount()
        deals = self.query_one("#game-deals", DealList)
        if deals.option_count:
            deals.highlighted = 0

    def redraw_language(self) -> None:
        """The player switched languages: the game again in it, the same deal chosen."""
        if not self.is_mounted:
            return
        self.query_one("#game-head", Static).update(self._head())
        set_options(self.query_one("#game-deals", DealList), self._options())
        self.query_one(KeyBar).refresh()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_review()

    def action_review(self) -> None:
        """Ask for the review of the highlighted deal (``OpenReview``)."""
        if not can_review(self.app):
            return
        index = self.query_one("#game-deals", DealList).highlighted
        if index is None:
            return
        from five_hundred.engine.errors import MalformedRecord
        from five_hundred.history import History

        try:
            record = History(self.folder).record(self.game_row.game_id)
        except (OSError, MalformedRecord) as exc:
            self.notify(_("The record of this game can no longer be read: {error}").format(
                error=clean_text(str(exc))), severity="error", markup=False)
            return
        self.post_message(OpenReview(record, index, self.game_row.game_id))

    def action_close(self) -> None:
        self.dismiss()


def statistics_head_lines(data: HistoryData, width: int) -> list[Text]:
    """How many games are counted, per what; how many practice games are left out."""
    games = data.counted_games
    head = Text(ngettext("Statistics of {n} finished game",
                         "Statistics of {n} finished games", games).format(n=games),
                style="bold")
    lines = flow([head], width)
    lines += flow([_("per player name; a computer counts apart from a person of the same "
                     "name")], width, lead=HANG, hang=HANG, sep=" ")
    practice = data.practice_games
    if practice:
        lines += flow([Text(ngettext(
            "{n} practice game is left out of the statistics.",
            "{n} practice games are left out of the statistics.", practice).format(
            n=practice), style="italic")], width, lead=HANG, hang=HANG, sep=" ")
    return lines


class StatisticsScreen(BaseScreen):
    """Per player name across the finished games (practice games left out)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", N_("Back"), key_display="Esc"),
        Binding("up", "scroll(-1)", N_("Scroll"), key_display="↑↓"),
        Binding("down", "scroll(1)", N_("Scroll"), show=False),
        Binding("pageup", "scroll(-10)", N_("Page"), key_display="PgUp/PgDn"),
        Binding("pagedown", "scroll(10)", N_("Page"), show=False),
    ]
    AUTO_FOCUS = ""

    def __init__(self, data: HistoryData) -> None:
        super().__init__()
        self.data = data

    def _blocks(self) -> list[tuple[str, Fitted]]:
        """Each text of the screen by the id of its widget."""
        data = self.data
        blocks = [("stats-head", Fitted(lambda width: statistics_head_lines(data, width)))]
        # in the order of the index, the names as they read now (a default name
        # is the seat's, in the player's language)
        players = sorted(data.statistics, key=lambda p: (
            p.computer, -p.games, -p.wins, player_name(p.name).casefold()))
        blocks += [(f"stats-{i}", Fitted(partial(player_lines, p)))
                   for i, p in enumerate(players)]
        blocks.append(("stats-notes", prose(Text(
            _("Points per deal: the mean change of the player's side's score over the "
              "deals the player declared, and over the deals the other side declared (as "
              "defender)."), style="dim"))))
        return blocks

    def compose(self) -> ComposeResult:
        head, *players, notes = self._blocks()
        with Vertical(id="body"):
            yield Static(head[1], id=head[0])
            with VerticalScroll(id="stats-scroll", can_focus=False):
                for block_id, block in players:
                    yield Static(block, id=block_id, classes="stats-player")
                yield Static(notes[1], id=notes[0])
        yield KeyBar()
        yield from self.compose_too_small()

    def redraw_language(self) -> None:
        """The player switched languages: every block again in it, scrolled as it was."""
        if not self.is_mounted:
            return
        for block_id, block in self._blocks():
            self.query_one(f"#{block_id}", Static).update(block)
        self.query_one(KeyBar).refresh()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#stats-scroll", VerticalScroll).scroll_relative(y=lines,
                                                                         animate=False)

    def action_close(self) -> None:
        self.dismiss()


__all__ = ["DealList", "Fitted", "GameList", "GameScreen", "HistoryScreen", "OpenReview",
           "StatisticsScreen", "can_review", "flow", "hanging", "when_text"]
