"""Between deals: the deal summary (and, at the end, the winner); the score sheet."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Static

from five_hundred.engine import DealSummary, PublicView
from five_hundred.notation import (
    SEATS,
    TEAMS,
    TEAMS_SHORT,
    defending_note,
    points,
    signed,
    who,
    win_explanation,
)
from five_hundred.ui.render import bid_text, trick_line
from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.screens.review import ReviewWanted
from five_hundred.ui.widgets.keybar import KeyBar


def team_names(names: tuple[str, ...]) -> tuple[str, str]:
    """``North–South (Ana & Carla)``, or just ``North–South`` when both kept the seats'
    names."""
    out = []
    for t in (0, 1):
        a, b = names[t], names[t + 2]
        out.append(TEAMS[t] if (a, b) == (SEATS[t], SEATS[t + 2]) else f"{TEAMS[t]} ({a} & {b})")
    return out[0], out[1]


def deal_summary_text(result: DealSummary, number: int, names: tuple[str, ...]) -> Text:
    teams = team_names(names)
    out = Text(f"Deal {number}", style="bold")
    out.append(f" · dealt by {who(names, result.dealer)}\n")
    if result.contract is None or result.declarer is None:
        out.append("Everybody passed (or the deal was thrown in): no score, the deal "
                   "moves left.\n")
    else:
        out.append("Contract ")
        out.append_text(bid_text(result.contract))
        out.append(f" by {who(names, result.declarer)}: ")
        out.append("made" if result.made else "failed", style="bold green" if result.made
                   else "bold red")
        out.append(f"\nTricks: {TEAMS[0]} {result.tricks[0]} · {TEAMS[1]} {result.tricks[1]}\n")
    for t in (0, 1):
        reasons = "; ".join(result.reasons[t]) or "nothing"
        out.append(f"\n{teams[t]}: ", style="bold")
        out.append(f"{signed(result.score_change[t])}  ({reasons})  → "
                   f"{points(result.scores[t])}")
    return out


def score_sheet_table(public: PublicView, names: tuple[str, ...]) -> Table:
    table = Table(title="Score sheet", expand=False)
    for head, justify in (("#", "right"), ("Dealer", "left"), ("Contract", "left"),
                          ("By", "left"), ("Tricks", "center"), (TEAMS_SHORT[0], "right"),
                          (TEAMS_SHORT[1], "right"), ("Totals", "right")):
        table.add_column(head, justify=justify)  # type: ignore[arg-type]
    for i, r in enumerate(public.results, 1):
        table.add_row(
            str(i), names[r.dealer][:10],
            bid_text(r.contract) if r.contract else Text("passed", style="dim"),
            names[r.declarer][:10] if r.declarer is not None else "",
            f"{r.tricks[0]}–{r.tricks[1]}",
            signed(r.score_change[0]), signed(r.score_change[1]),
            f"{points(r.scores[0])} / {points(r.scores[1])}")
    if not public.results:
        table.add_row("", "no deal finished yet", "", "", "", "", "", "")
    return table


class SummaryScreen(BaseScreen):
    """The deal just finished; at the game's end, the winner and why. The next deal's
    hand may follow it, so its keys wait for the guard like the curtain's."""

    GUARDED = True

    class NextDeal(Message):
        """Deal the next hand."""

    class EndOfGame(Message):
        """The game is over: show its end (the winner, the chart, what next)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Next deal"),
        Binding("enter", "end_of_game", "End of the game"),
        Binding("r", "review", "Review"),
        Binding("s", "app.score_sheet", "Scores"),
        Binding("f1", "app.rules", "Rules"),
        Binding("k", "app.keys", "Keys", show=False),
        Binding("q", "app.request_quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        public = self.game.public_view()
        names = self.game.names
        text = Text()
        if public.results:
            text = deal_summary_text(public.results[-1], len(public.results), names)
            last = public.last_trick
            if last is not None and last.winner is not None:
                # the trick that ended the deal (a failed misère can end it at trick 1)
                text.append("\n\nLast trick: ")
                text.append_text(trick_line(last.plays, names))
                text.append(f" → {names[last.winner]}")
        note = defending_note(public)
        if note is not None:  # a side past 500 by defending: why the game goes on (R35)
            text.append(f"\n\n{note}", style="italic")
        if public.winner is not None:
            text.append("\n\n")
            text.append(f"{team_names(names)[public.winner]} win the game.", style="bold")
            text.append(f" {win_explanation(public, names)}")
        with Vertical(id="body"), VerticalScroll(), Center(), Vertical(id="summary-box"):
            yield Static(text, id="summary")
            yield Static(self._prompt(), id="summary-prompt")
        yield KeyBar()
        yield from self.compose_too_small()

    def _over(self) -> bool:
        return self.game.public_view().winner is not None

    def _prompt(self) -> Text:
        if not self.guard_ready:
            return Text("\nOne moment… (keys pressed now are ignored)", style="dim italic")
        if self._over():
            return Text("\nPress Enter for the end of the game; r reviews this deal.",
                        style="italic")
        return Text("\nPress Enter for the next deal; r reviews this deal.", style="italic")

    def guard_changed(self) -> None:
        if self.is_mounted:
            self.query_one("#summary-prompt", Static).update(self._prompt())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next":
            return not self._over()
        if action == "end_of_game":
            return self._over()
        return True

    def action_next(self) -> None:
        self.post_message(self.NextDeal())

    def action_end_of_game(self) -> None:
        self.post_message(self.EndOfGame())

    def action_review(self) -> None:
        self.post_message(ReviewWanted())  # the deal just finished


class ScoreSheetScreen(BaseScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,s,enter,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        app = self.game
        sheet = score_sheet_table(app.public_view(), app.names)
        taken = app.controller.takebacks if app.controller is not None else [0, 0]
        sheet.caption = f"Take-backs: {TEAMS_SHORT[0]} {taken[0]} · {TEAMS_SHORT[1]} {taken[1]}"
        with Vertical(id="body"), VerticalScroll(), Center():
            yield Static(sheet, id="sheet")
        yield KeyBar()
        yield from self.compose_too_small()

    def action_close(self) -> None:
        self.dismiss()
