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

import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

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
from five_hundred.notation import MINUS, month_name, points, signed, team_short, who, win_reason
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


# ---------------------------------------------------------------------- words


def when_text(seconds: float) -> str:
    """``05 Jan 2025 14:30``, local time."""
    t = localtime(seconds)
    return time.strftime(f"%d {month_name(t.tm_mon)} %Y %H:%M", t)



def _who(names: tuple[str, ...], seat: int, computers: tuple[bool, ...]) -> str:
    return _("{name} (computer)").format(name=names[seat]) if computers[seat] \
        else names[seat]


def sides_text(game: GameRow) -> str:
    """``N–S Ana & Carla · E–W Bruno & Eve (computer)``."""
    n = game.names
    c = game.computers
    return " · ".join(f"{team_short(t)} {_who(n, t, c)} & {_who(n, t + 2, c)}"
                      for t in (0, 1))


def result_text(game: GameRow) -> str:
    """``E–W won 510 to 490``."""
    w = game.winner
    return _("{team} won {score} to {other}").format(team=team_short(w),
                                                     score=points(game.scores[w]),
                                                     other=points(game.scores[1 - w]))


def rules_text(game: GameRow) -> str:
    """The rule set and the ids of the house rules: ``pagat-australian · V2 V4``."""
    ids = [h.split()[0] for h in game.house if h.split()]
    if game.preset == "two-joker-1000":
        ids = [i for i in ids if i != "V6"]
    return " · ".join([game.preset, " ".join(ids)] if ids else [game.preset])


def game_option(game: GameRow) -> Text:
    line = Text()
    line.append(when_text(game.finished_at), style="bold")
    deals = ngettext("{n} deal", "{n} deals", game.deals).format(n=game.deals)
    line.append(f" · {result_text(game)} · {deals}\n")
    line.append(f"  {sides_text(game)}", style="")
    if game.preset != "pagat-australian" or game.house:
        line.append(f" · {rules_text(game)}", style="dim")
    return line


def deal_option(deal: DealRow, game: GameRow) -> Text:
    """Two lines: the contract and its fate; the score changes and the dealer."""
    names = game.names
    line = Text(_("Deal {number}").format(number=deal.number), style="bold")
    line.append(" · ")
    if deal.contract is None or deal.declarer is None:
        line.append(_("thrown in") if game.preset == "two-joker-1000" else
                    _("everybody passed"), style="dim")
    else:
        n = deal.tricks[deal.declarer & 1]
        outcome = Text(_("made"), style="bold green") if deal.made else \
            Text(_("failed"), style="bold red")
        line.append_text(styled(ngettext("{bid} by {who}: {outcome}, {n} trick",
                                         "{bid} by {who}: {outcome}, {n} tricks", n),
                                bid=bid_text(deal.contract), who=who(names, deal.declarer),
                                outcome=outcome, n=str(n)))
    line.append("\n  ")
    line.append(" · ".join(f"{team_short(t)} {signed(deal.change[t])} → "
                           f"{points(deal.scores[t])}" for t in (0, 1)))
    line.append(" · " + _("dealt by {who}").format(who=who(names, deal.dealer)), style="dim")
    return line


def _average(value: float | None, count: int) -> str:
    if value is None:
        return _("none")
    return ngettext("{points} ({n} deal)", "{points} ({n} deals)", count).format(
        points=signed(round(value)), n=count)


def player_text(stats: PlayerStats) -> Text:
    """A player's block of the statistics (three lines, wrapped as needed)."""
    out = Text()
    out.append(stats.name, style="bold")
    if stats.computer:
        out.append(" " + _("(computer)"))
    games = ngettext("{n} game", "{n} games", stats.games).format(n=stats.games)
    deals = ngettext("{n} deal", "{n} deals", stats.deals).format(n=stats.deals)
    out.append(" · " + ngettext("{games}, {wins} won · {deals}",
                                "{games}, {wins} won · {deals}", stats.wins).format(
        games=games, wins=stats.wins, deals=deals) + "\n")
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
    out.append("  " + _("Contracts bid: {parts}").format(parts=" · ".join(parts)) + "\n")
    declarer = _average(stats.declarer_average, stats.declarer_deals)
    defender = _average(stats.defender_average, stats.defender_deals)
    out.append("  " + _("Points per deal: as declarer {declarer} · as defender {defender}")
               .format(declarer=declarer, defender=defender))
    return out


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

    def compose(self) -> ComposeResult:
        with Vertical(id="body"):
            yield Static(Text("Finished games", style="bold"), id="history-title")
            yield GameList(id="history-games", compact=True)
            yield Static("", id="history-notes")
        yield KeyBar()
        yield from self.compose_too_small()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#history-title", Static).update(Text(_("Reading the finished games…")))
        self.query_one("#history-notes").display = False
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
            error = event.worker.error
            self.query_one("#history-title", Static).update(Text(
                _("The finished games could not be read: {error}").format(
                    error=clean_text(str(error)) or type(error).__name__)))

    def show(self, data: HistoryData) -> None:
        self.data = data
        games = self.query_one("#history-games", GameList)
        games.clear_options()
        if data.games:
            count = len(data.games)
            title = Text(_("Finished games, the latest first ({count})").format(count=count),
                         style="bold")
            games.add_options(Option(game_option(g), id=g.game_id) for g in data.games)
            games.highlighted = 0
        else:
            where = clean_text(str(self.folder / "finished"))
            title = Text(_("No finished game yet. A game is kept here once it is won; its "
                           "record is in {where}.").format(where=where))
        self.query_one("#history-title", Static).update(title)
        notes = list(data.notes)
        if data.in_memory:
            notes.append(_("The history index could not be written in the data folder: it "
                           "was read for this session only."))
        self.query_one("#history-notes", Static).update(Text("\n".join(notes), style="dim"))
        self.query_one("#history-notes").display = bool(notes)
        self.refresh_bindings()

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
    """One finished game: who played, how it ended, and every deal."""

    AUTO_FOCUS = "#game-deals"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", N_("Back"), key_display="Esc"),
    ]

    def __init__(self, game: GameRow, deals: list[DealRow], folder: Path) -> None:
        super().__init__()
        self.game_row = game
        self.deals = deals
        self.folder = folder

    def compose(self) -> ComposeResult:
        g = self.game_row
        head = Text(_("Game of {when}").format(when=when_text(g.finished_at)), style="bold")
        head.append(f" · {rules_text(g)}\n{sides_text(g)}\n")
        head.append(result_text(g), style="bold")
        if g.win_reason:
            head.append(f" ({_ASCII_MINUS.sub(MINUS, win_reason(g.win_reason))})")
        if g.start_scores != (0, 0):
            head.append(" · " + _("started at {team0} {score0}, {team1} {score1}").format(
                team0=team_short(0), score0=points(g.start_scores[0]), team1=team_short(1),
                score1=points(g.start_scores[1])))
        with Vertical(id="body"):
            yield Static(head, id="game-head")
            yield DealList(*(Option(deal_option(d, g), id=f"deal-{d.number}")
                          for d in self.deals), id="game-deals", compact=True)
        yield KeyBar()
        yield from self.compose_too_small()

    def on_mount(self) -> None:
        super().on_mount()
        deals = self.query_one("#game-deals", DealList)
        if deals.option_count:
            deals.highlighted = 0

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


class StatisticsScreen(BaseScreen):
    """Per player name across the finished games."""

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

    def compose(self) -> ComposeResult:
        games = len(self.data.games)
        head = Text(ngettext("Statistics of {n} finished game",
                             "Statistics of {n} finished games", games).format(n=games),
                    style="bold")
        head.append(" · " + _("per player name; a computer counts apart from a person of "
                              "the same name"))
        with Vertical(id="body"):
            yield Static(head, id="stats-head")
            with VerticalScroll(id="stats-scroll", can_focus=False):
                for i, stats in enumerate(self.data.statistics):
                    yield Static(player_text(stats), id=f"stats-{i}", classes="stats-player")
                yield Static(Text(
                    _("Points per deal: the mean change of the player's side's score over "
                      "the deals the player declared, and over the deals the other side "
                      "declared (as defender)."), style="dim"), id="stats-notes")
        yield KeyBar()
        yield from self.compose_too_small()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#stats-scroll", VerticalScroll).scroll_relative(y=lines,
                                                                         animate=False)

    def action_close(self) -> None:
        self.dismiss()


__all__ = ["DealList", "GameList", "GameScreen", "HistoryScreen", "OpenReview",
           "StatisticsScreen", "can_review", "when_text"]
