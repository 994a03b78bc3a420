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

from five_hundred.engine import DealResult, PublicView
from five_hundred.i18n import N_, _
from five_hundred.notation import (
    SEATS,
    defending_note,
    points,
    score_reason,
    seat_name,
    signed,
    team_name,
    team_short,
    who,
    win_explanation,
)
from five_hundred.ui.render import bid_text, clip, flowed, styled, trick_plays
from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.screens.review import ReviewWanted
from five_hundred.ui.widgets.keybar import KeyBar


def team_names(names: tuple[str, ...]) -> tuple[str, str]:
    """``North–South (Ana & Carla)``, or just ``North–South`` when both kept the seats'
    names."""
    out = []
    for t in (0, 1):
        a, b = names[t], names[t + 2]
        kept = (a, b) in ((SEATS[t], SEATS[t + 2]), (seat_name(t), seat_name(t + 2)))
        out.append(team_name(t) if kept else
                   _("{team} ({a} & {b})").format(team=team_name(t), a=a, b=b))
    return out[0], out[1]


def deal_summary_text(result: DealResult, number: int, names: tuple[str, ...]) -> Text:
    teams = team_names(names)
    out = Text(_("Deal {number}").format(number=number), style="bold")
    out.append(" · " + _("dealt by {who}").format(who=who(names, result.dealer)) + "\n")
    if result.contract is None or result.declarer is None:
        out.append(_("Everybody passed (or the deal was thrown in): no score, the deal "
                     "moves left.") + "\n")
    else:
        outcome = Text(_("made"), style="bold green") if result.made else \
            Text(_("failed"), style="bold red")
        out.append_text(styled(_("Contract {bid} by {who}: {outcome}"),
                               bid=bid_text(result.contract),
                               who=who(names, result.declarer), outcome=outcome))
        out.append("\n" + _("Tricks: {team0} {tricks0} · {team1} {tricks1}").format(
            team0=team_name(0), tricks0=result.tricks[0], team1=team_name(1),
            tricks1=result.tricks[1]) + "\n")
    for t in (0, 1):
        reasons = "; ".join(score_reason(r) for r in result.reasons[t]) or _("nothing")
        out.append(f"\n{teams[t]}: ", style="bold")
        # the change and the new total first, the reasons under them: a long name
        # must not wrap the total away from its arrow
        out.append(f"{signed(result.score_change[t])} → {points(result.scores[t])}\n")
        out.append(f"  {reasons}", style="dim")
    return out


def score_sheet_table(public: PublicView, names: tuple[str, ...]) -> Table:
    table = Table(title=_("Score sheet"), expand=False)
    for head, justify in (("#", "right"), (_("Dealer"), "left"), (_("Contract"), "left"),
                          (_("By"), "left"), (_("Tricks"), "center"), (team_short(0), "right"),
                          (team_short(1), "right"), (_("Totals"), "right")):
        table.add_column(head, justify=justify)  # type: ignore[arg-type]
    for i, r in enumerate(public.results, 1):
        table.add_row(
            str(i), clip(names[r.dealer], 10),
            bid_text(r.contract) if r.contract else Text(_("passed"), style="dim"),
            clip(names[r.declarer], 10) if r.declarer is not None else "",
            f"{r.tricks[0]}–{r.tricks[1]}",
            signed(r.score_change[0]), signed(r.score_change[1]),
            f"{points(r.scores[0])} / {points(r.scores[1])}")
    if not public.results:
        table.add_row("", _("no deal finished yet"), "", "", "", "", "", "")
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
        Binding("enter", "next", N_("Next deal")),
        Binding("enter", "end_of_game", N_("End of the game")),
        Binding("r", "review", N_("Review")),
        Binding("s", "app.score_sheet", N_("Scores")),
        Binding("f1", "app.rules", N_("Rules")),
        Binding("k", "app.keys", N_("Keys"), show=False),
        Binding("q", "app.request_quit", N_("Quit")),
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
                # broken between plays only (the box is at most 104 wide, padded 2+2)
                chunks = trick_plays(last.plays, names)
                chunks[0] = Text.assemble(_("Last trick:") + " ", chunks[0])
                chunks.append(Text(f"→ {names[last.winner]}"))
                text.append("\n\n")
                text.append_text(flowed(chunks, min(self.app.size.width, 104) - 4))
        note = defending_note(public)
        if note is not None:  # a side past 500 by defending: why the game goes on (R35)
            text.append(f"\n\n{note}", style="italic")
        if public.winner is not None:
            text.append("\n\n")
            text.append(_("{team} win the game.").format(team=team_names(names)[public.winner]),
                        style="bold")
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
            return Text("\n" + _("One moment… (keys pressed now are ignored)"),
                        style="dim italic")
        if self._over():
            return Text("\n" + _("Press Enter for the end of the game; r reviews this deal."),
                        style="italic")
        return Text("\n" + _("Press Enter for the next deal; r reviews this deal."),
                    style="italic")

    def guard_changed(self) -> None:
        self.show_prompt("summary-prompt", self._prompt())

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
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,s,enter,q", "close", N_("Close"))]

    def compose(self) -> ComposeResult:
        app = self.game
        sheet = score_sheet_table(app.public_view(), app.names)
        c = app.controller
        if c is not None:  # (a networked table's client holds no controller: no counts)
            taken, hints = c.takebacks, c.hints
            caption = _("Take-backs: {team0} {n0} · {team1} {n1}").format(
                team0=team_short(0), n0=taken[0] + taken[2], team1=team_short(1),
                n1=taken[1] + taken[3]) + "\n" + _("Hints: {team0} {n0} · {team1} {n1}").format(
                team0=team_short(0), n0=hints[0] + hints[2], team1=team_short(1),
                n1=hints[1] + hints[3])
            if c.practice:
                caption += "\n" + _("A practice game: moves may be taken back at any time.")
            sheet.caption = caption
        with Vertical(id="body"), VerticalScroll(), Center():
            yield Static(sheet, id="sheet")
        yield KeyBar()
        yield from self.compose_too_small()

    def action_close(self) -> None:
        self.dismiss()
