"""The computers' pace at a networked table, and the one pause left at pace 0: before a
computer answers a person's move in a counted game (the undo window), as at one screen,
so that the move can be taken back. ``NetTable`` alone, no sockets, no event loop: the
computers are moved here, and the pause is the one the table would wait (``_pace``)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from five_hundred.net.protocol import VERSION, Act, Hello
from five_hundred.net.table import UNDO_WINDOW, NetTable, SeatSpec, TableConfig


class Link:
    lang = "en"
    host = False

    def __init__(self) -> None:
        self.frames: list[str] = []

    def push(self, text: str, table: bool = False) -> None:
        self.frames.append(text)

    def drop(self, code: int = 1000, reason: str = "") -> None:
        pass


def pauses(**config: object) -> list[float]:
    """North a person on their own screen, three computers at pace 0: the pause the
    table would wait before each computer move of the first round of bids after
    North's first bid (and the one before North acts, if a computer bids first)."""
    computer = SeatSpec("computer", "easy")
    with ThreadPoolExecutor(1) as pool:
        table = NetTable(TableConfig(seed=3, pace=0, seats=(SeatSpec(), computer, computer,
                                                             computer), **config),  # type: ignore[arg-type]
                         pool, pool)
        link = Link()
        table.admit(link, Hello(version=VERSION, code=table.code, name="Ana", seat="north"))
        c = table.controller
        assert c is not None and link.frames
        while c.acting_seat != 0:  # the computers bid up to North (no loop: moved here)
            assert table._pace(c) == 0  # no person's move to take back yet
            c.play_computer(0.05)
        view = c.seat_view(0)
        table.handle(link, Act(action=view.legal[0].text, decision=c.token))
        assert c.acting_seat == 1
        seen = []
        while c.acting_seat in (1, 2, 3):
            seen.append(table._pace(c))
            c.play_computer(0.05)
        return seen


def test_pace_0_keeps_the_undo_window_before_the_first_answer_only() -> None:
    seen = pauses()
    assert seen[0] == UNDO_WINDOW  # North may still take the bid back
    assert seen[1:] == [0.0] * (len(seen) - 1) and len(seen) >= 2


def test_no_pause_at_pace_0_in_practice_or_without_an_undo_window() -> None:
    assert set(pauses(practice=True)) == {0.0}
    assert set(pauses(undo_window=0)) == {0.0}
