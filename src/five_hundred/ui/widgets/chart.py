"""The score chart of a game: both sides' totals after every deal, in the sides'
colours, with the target and (when a side went low) the losing score marked.

A ``PlotextPlot`` (textual-plotext): the axes are labelled with true minus signs
(``notation.points``); the legend is drawn by the screen, outside the plot, so it never
covers a line.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual_plotext import PlotextPlot

from five_hundred.i18n import _
from five_hundred.notation import points
from five_hundred.ui.render import TEAM_RGB

STEPS = (20, 50, 100, 200, 250, 500, 1000, 2000, 5000)
MAX_Y_TICKS = 7
MAX_X_TICKS = 12


def y_ticks(low: int, high: int, marks: Sequence[int]) -> list[int]:
    """Round values from ``low`` to ``high``, at most ``MAX_Y_TICKS`` or so, with the
    ``marks`` (the target, the losing score) among them."""
    step = next((s for s in STEPS if (high - low) / s <= MAX_Y_TICKS - 1), STEPS[-1])
    first = -(-low // step) * step
    ticks = set(range(first, high + 1, step)) | set(marks) | {0}
    # drop a round tick that would crowd a mark
    near = {t for t in ticks if t not in marks and t != 0
            and any(0 < abs(t - m) <= step / 2 for m in marks)}
    return sorted(ticks - near)


def x_ticks(deals: int) -> list[int]:
    every = max(1, -(-deals // MAX_X_TICKS))
    ticks = list(range(0, deals + 1, every))
    if ticks[-1] != deals:
        ticks.append(deals)
    return ticks


class ScoreChart(PlotextPlot):
    """Both sides' scores over the deals (deal 0: the starting scores)."""

    DEFAULT_CSS = """
    ScoreChart { width: 1fr; height: 1fr; min-height: 8; }
    """

    def __init__(self, start: tuple[int, int], totals: Sequence[tuple[int, int]],
                 target: int, losing: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.series = ([start[0], *(t[0] for t in totals)],
                       [start[1], *(t[1] for t in totals)])
        values = [*self.series[0], *self.series[1]]
        low, high = min(0, *values), max(target, *values)
        marks = [target]
        if low <= losing // 2:  # a side went low: the losing score matters
            low = min(low, losing)
            marks.append(losing)
        self.marks = tuple(marks)
        pad = max(10, (high - low) // 20)
        plt = self.plt
        xs = list(range(len(totals) + 1))
        for mark in marks:
            plt.hline(mark, "gray")
        for side in (0, 1):
            plt.plot(xs, self.series[side], marker="braille", color=TEAM_RGB[side])
        plt.ylim(low - pad, high + pad)
        ticks = y_ticks(low, high, marks)
        plt.yticks([float(t) for t in ticks], [points(t) for t in ticks])
        xt = x_ticks(len(totals))
        plt.xticks([float(x) for x in xt], [str(x) for x in xt])
        right = max(1, len(totals))
        plt.xlim(0, right + right / 50)  # a little room: the last point stays inside
        plt.xlabel(_("deal"))


__all__ = ["ScoreChart", "x_ticks", "y_ticks"]
