"""The end of the game: who won and how (R34-R36), a chart of both sides' scores over
the deals, the deal-by-deal score table; then a new game with the same players, or the
start screen.

Built from the public view alone (every deal of a finished game is public). Where the
terminal is too short for the chart and the table together, ``t`` switches between
them.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Static

from five_hundred.engine import PublicView
from five_hundred.i18n import N_, _, ngettext
from five_hundred.notation import points, team_short, win_explanation
from five_hundred.ui.render import TEAM_STYLE
from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.screens.review import ReviewWanted
from five_hundred.ui.screens.summary import score_sheet_table, team_names
from five_hundred.ui.widgets.chart import ScoreChart
from five_hundred.ui.widgets.keybar import KeyBar

# below this height the chart and the table take turns (t switches)
BOTH_HEIGHT = 36


def start_scores(public: PublicView) -> tuple[int, int]:
    """The scores before the first deal (the record's start scores)."""
    if not public.results:
        return public.scores
    first = public.results[0]
    return (first.scores[0] - first.score_change[0], first.scores[1] - first.score_change[1])


def winner_text(public: PublicView, names: tuple[str, ...]) -> Text:
    w = public.winner
    assert w is not None
    teams = team_names(names)
    out = Text()
    out.append(_("{team} win the game").format(team=teams[w]), style=TEAM_STYLE[w])
    out.append(f"\n{win_explanation(public, names)}")
    deals = len(public.results)
    out.append("\n" + ngettext(
        "Final score {team0} {score0} · {team1} {score1}, after {n} deal.",
        "Final score {team0} {score0} · {team1} {score1}, after {n} deals.", deals).format(
        team0=team_short(0), score0=points(public.scores[0]), team1=team_short(1),
        score1=points(public.scores[1]), n=deals))
    return out


def legend_text(public: PublicView, names: tuple[str, ...]) -> Text:
    """The chart's legend: each side's line in its colour, with its final score."""
    out = Text()
    teams = team_names(names)
    for t in (0, 1):
        if t:
            out.append("   ")
        out.append("━━ ", style=TEAM_STYLE[t])
        out.append(f"{teams[t]} {points(public.scores[t])}")
    return out


class GameOverScreen(BaseScreen):
    """The winner, the chart and the table; n: the same players again, Enter: the
    start screen. Its keys wait for the guard: the key that ended the game, pressed
    twice, must not leave this screen unseen."""

    GUARDED = True

    DEFAULT_CSS = """
    GameOverScreen #go-head { height: auto; padding: 0 2; }
    GameOverScreen #go-prompt { height: auto; padding: 0 2; }
    GameOverScreen #go-legend { height: 1; padding: 0 2; margin-top: 1; }
    GameOverScreen #go-chart { height: 1fr; margin: 0 1; }
    GameOverScreen #go-table { height: auto; max-height: 50%; }
    GameOverScreen #go-sheet { width: auto; padding: 0 2; }
    GameOverScreen.-compact #go-table { height: 1fr; max-height: 100%; }
    GameOverScreen.-compact.-chart #go-table { display: none; }
    GameOverScreen.-compact.-table #go-legend { display: none; }
    GameOverScreen.-compact.-table #go-chart { display: none; }
    """

    class SamePlayers(Message):
        """A new game with the same players and rules."""

    class ToStart(Message):
        """Back to the start screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "same_players", N_("Same players")),
        Binding("enter", "to_start", N_("Start screen")),
        Binding("r", "review", N_("Review")),
        Binding("t", "show('table')", N_("Table")),
        Binding("t", "show('chart')", N_("Chart")),
        Binding("up", "scroll(-1)", N_("Scroll"), show=False),
        Binding("down", "scroll(1)", N_("Scroll"), show=False),
        Binding("f1", "app.rules", N_("Rules"), show=False),
        Binding("q", "app.request_quit", N_("Quit")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.showing = "chart"  # in a short terminal: the chart or the table
        self.add_class("-chart")

    def compose(self) -> ComposeResult:
        public = self.game.public_view()
        names = self.game.names
        with Vertical(id="body"):
            yield Static(winner_text(public, names), id="go-head")
            yield Static(self._prompt(), id="go-prompt")
            yield Static(legend_text(public, names), id="go-legend")
            yield ScoreChart(start_scores(public), [r.scores for r in public.results],
                             public.rules.target, public.rules.losing_score, id="go-chart")
            with VerticalScroll(id="go-table"):
                yield Static(score_sheet_table(public, names), id="go-sheet")
        yield KeyBar()
        yield from self.compose_too_small()

    @property
    def compact(self) -> bool:
        return self.has_class("-compact")

    def apply_size(self, width: int, height: int) -> None:
        super().apply_size(width, height)
        self.set_class(height < BOTH_HEIGHT, "-compact")
        self.refresh_bindings()

    def _prompt(self) -> Text:
        if not self.guard_ready:
            return Text(_("One moment… (keys pressed now are ignored)"), style="dim italic")
        return Text(_("n: new game, same players · Enter: start screen · r: review the deals"),
                    style="italic")

    def guard_changed(self) -> None:
        self.show_prompt("go-prompt", self._prompt())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "show":
            return self.compact and parameters[0] != self.showing
        return True

    def action_show(self, which: str) -> None:
        self.showing = which
        self.set_class(which == "chart", "-chart")
        self.set_class(which == "table", "-table")
        self.refresh_bindings()

    def action_scroll(self, by: int) -> None:
        self.query_one("#go-table", VerticalScroll).scroll_relative(y=by, animate=False)

    def action_same_players(self) -> None:
        self.post_message(self.SamePlayers())

    def action_to_start(self) -> None:
        self.post_message(self.ToStart())

    def action_review(self) -> None:
        self.post_message(ReviewWanted())  # the last deal; PgUp/PgDn for the others


__all__ = ["GameOverScreen", "legend_text", "start_scores", "winner_text"]
