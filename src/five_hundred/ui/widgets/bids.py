"""The bidding grid: every bid of the ladder where it ranks, only legal bids selectable.

Rows are trick levels, columns the trump suits (♠ ♣ ♦ ♥ NT); misère sits between the
7 and 8 rows, open misère (and blind misère) after 10♦, as R14/R15 rank them.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from five_hundred.engine import RuleSet, ladder_for
from five_hundred.i18n import N_, _
from five_hundred.notation import bid_label
from five_hundred.ui.render import bid_text

MISERE_NOTES = {
    "MIS": N_("misère: play alone, partner sits out, lose every trick"),
    "OMIS": N_("open misère: as misère, your hand face up after trick 1"),
    "BMIS": N_("blind misère: misère bid before seeing your cards"),
}
_TRUMP_NOTES = {
    "S": N_("{bid}: your side must win at least {tricks} of the 10 tricks with spades as "
            "trumps · {value} points"),
    "C": N_("{bid}: your side must win at least {tricks} of the 10 tricks with clubs as "
            "trumps · {value} points"),
    "D": N_("{bid}: your side must win at least {tricks} of the 10 tricks with diamonds as "
            "trumps · {value} points"),
    "H": N_("{bid}: your side must win at least {tricks} of the 10 tricks with hearts as "
            "trumps · {value} points"),
    "NT": N_("{bid}: your side must win at least {tricks} of the 10 tricks with no trumps "
             "· {value} points"),
}
CELL = 10


def bid_reminder(code: str, value: int) -> str:
    """One line saying what a bid means."""
    if code == "pass":
        return _("pass: no bid now; you cannot bid again in this auction (R11)")
    if code in MISERE_NOTES:
        return f"{_(MISERE_NOTES[code])} · ±{value}"
    if code.startswith("GAME"):
        return _("game: win all 10 tricks and the game is yours; fail and it is lost (V6)")
    tricks = int(code[:-2] if code.endswith("NT") else code[:-1])
    strain = "NT" if code.endswith("NT") else code[-1]
    return _(_TRUMP_NOTES[strain]).format(bid=bid_label(code), tricks=tricks, value=value)


def grid_rows(rules: RuleSet) -> list[list[str]]:
    """The grid's rows of bid codes (``pass`` first)."""
    codes = [b.code for b in ladder_for(rules).bids]
    rows: list[list[str]] = [["pass"]]
    for level in range(6, 11):
        rows.append([c for c in codes if c[:-2 if c.endswith("NT") else -1] == str(level)
                     and not c.startswith(("GAME", "MIS", "OMIS", "BMIS"))])
        if level == 7 and "MIS" in codes:
            rows.append(["MIS"])
    extra: list[str] = [c for c in ("OMIS", "BMIS") if c in codes]
    if extra:
        rows.append(extra)
    games = [c for c in codes if c.startswith("GAME")]
    if games:
        rows.append(games)
    return rows


class BidGrid(Widget):
    """Cursor over the legal bids; Enter (or a second click) bids."""

    DEFAULT_CSS = """
    BidGrid { height: auto; width: 1fr; }
    """

    class Clicked(Message):
        def __init__(self, code: str, again: bool) -> None:
            super().__init__()
            self.code = code
            self.again = again

    def __init__(self, rules: RuleSet, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rules = rules
        self.rows = grid_rows(rules)
        self.values = {b.code: b.value for b in ladder_for(rules).bids}
        self.legal: tuple[str, ...] = ()
        self.selected: str | None = None
        # A new turn to bid waits for a choice: the cursor is shown only once the person
        # moves it (or types a level, or clicks), so an Enter pressed out of habit (after
        # a summary, as on a curtain) never makes a bid nobody chose.
        self.unchosen = False
        self._hits: list[list[tuple[int, int, str]]] = []
        self._clicked: str | None = None  # a second click on the same bid makes it

    def show(self, legal: tuple[str, ...]) -> None:
        """``legal``: bid codes (and ``pass``) the acting seat may choose now."""
        if legal != self.legal:
            self._clicked = None
        self.legal = legal
        if self.selected not in legal:
            bids = [c for c in legal if c != "pass"]
            self.selected = bids[0] if bids else ("pass" if legal else None)
        self.refresh(layout=True)

    @property
    def reminder(self) -> str:
        if self.selected is None or self.unchosen:
            return ""
        return bid_reminder(self.selected, self.values.get(self.selected, 0))

    def move(self, step: int) -> None:
        """Left/right: the previous/next legal bid in ladder order."""
        order = [c for row in self.rows for c in row if c in self.legal]
        if not order or self._choose():
            return
        i = order.index(self.selected) if self.selected in order else 0
        self.selected = order[max(0, min(len(order) - 1, i + step))]
        self.refresh()

    def select_level(self, level: int) -> None:
        """A digit: the first legal bid of that many tricks (6–9, 0 for 10), if any."""
        row = next((r for r in self.rows[1:] if r and r[0][:-2 if r[0].endswith("NT")
                    else -1] == str(level)), [])
        choice = next((c for c in row if c in self.legal), None)
        if choice is not None:
            self.selected = choice
            self.unchosen = False
            self.refresh()

    def select_strain(self, index: int) -> str | None:
        """A suit digit (1♠ 2♣ 3♦ 4♥ 5 NT, ``index`` 0–4): that strain at the level
        chosen (the lowest level open when the choice is pass or a misère). Returns the
        bid when it exists but cannot be bid now, else None."""
        level = None
        if self.selected is not None and self.selected[:1].isdigit():
            level = self.selected[:-2] if self.selected.endswith("NT") else self.selected[:-1]
        if level is None:
            level = next((c[:-2] if c.endswith("NT") else c[:-1] for row in self.rows[1:]
                          for c in row if c in self.legal and c[:1].isdigit()), None)
        if level is None:
            return None
        code = level + ("S", "C", "D", "H", "NT")[index]
        if code in self.legal:
            self.selected = code
            self.unchosen = False
            self.refresh()
            return None
        return code if code in self.values else None

    def move_row(self, step: int) -> None:
        """Up/down: the nearest legal bid in the next row that has one."""
        if self.selected is None or self._choose():
            return
        r = next(i for i, row in enumerate(self.rows) if self.selected in row)
        col = self.rows[r].index(self.selected)
        r += step
        while 0 <= r < len(self.rows):
            row = [(i, c) for i, c in enumerate(self.rows[r]) if c in self.legal]
            if row:
                self.selected = min(row, key=lambda ic: abs(ic[0] - col))[1]
                self.refresh()
                return
            r += step

    def _choose(self) -> bool:
        """The first arrow of a turn shows the cursor where it starts (the cheapest
        bid) instead of moving it; whether that is what it did."""
        if not self.unchosen:
            return False
        self.unchosen = False
        self.refresh()
        return True

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self.rows)

    def render(self) -> Text:
        out = Text()
        self._hits = []
        for r, row in enumerate(self.rows):
            hits: list[tuple[int, int, str]] = []
            x = 0
            if r:
                out.append("\n")
            for code in row:
                legal = code in self.legal
                if code == "pass":
                    cell = Text(" " + _("pass") + " ")
                elif code in MISERE_NOTES:
                    cell = Text.assemble(" ", bid_text(code), f" {self.values[code]} ")
                else:
                    cell = Text.assemble(bid_text(code), f" {self.values[code]}" if
                                         self.values[code] else "")
                    cell.pad_left(max(0, 8 - cell.cell_len))
                    cell.append(" ")
                if not legal:
                    cell.stylize("dim")
                    cell = Text(cell.plain, style="dim")
                if code == self.selected and not self.unchosen:
                    cell.stylize("reverse bold")
                out.append_text(cell)
                out.append(" ")
                hits.append((x, x + cell.cell_len, code))
                x += cell.cell_len + 1
            if row and row[0] == "MIS":
                out.append("  " + _("ranks above 7NT, below 8♠"), style="dim")
            elif row and row[0] == "OMIS":
                if "BMIS" in row and "BMIS" not in self.legal:
                    # the rank part gives way when the whole note would be cut off
                    # (at 80 columns): why blind misère is dim matters more here
                    note = _("ranks above 10♦, below 10♥; blind only before looking")
                    if x + 2 + len(note) > self.size.width:
                        note = _("blind: only before looking")
                    out.append("  " + note, style="dim")
                else:
                    out.append("  " + _("ranks above 10♦, below 10♥"), style="dim")
            self._hits.append(hits)
        return out

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not 0 <= offset.y < len(self._hits):
            return
        for x0, x1, code in self._hits[offset.y]:
            if x0 <= offset.x < x1 and code in self.legal:
                again = code == self._clicked == self.selected and not self.unchosen
                self._clicked = code
                self.post_message(self.Clicked(code, again=again))
                self.selected = code
                self.unchosen = False
                self.refresh()
