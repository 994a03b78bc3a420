"""The table's one model: everything the table screen draws, in one immutable value.

The table renders only from a ``TableModel`` and posts what the person wants (act,
undo, claim, hint …) as messages; it never asks the app or the controller anything.
The same value can travel to a table on another screen, so it is plain data that
round-trips through JSON exactly, and it is built from one seat's view: it never holds
a card that seat may not know (``tests/test_table_model.py`` checks both).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from five_hundred.engine.claims import claim_refusal
from five_hundred.engine.views import PublicView, SeatView

if TYPE_CHECKING:
    from five_hundred.hotseat import Controller


class TableModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seat_view: SeatView | None  # the hand on the table, None when no hand may show
    public: PublicView
    names: tuple[str, ...]  # as the table shows them (a seat's own name translated)
    log: tuple[str, ...]  # the public log of the deal, oldest first
    can_take_back: bool  # u would be accepted now
    can_claim: bool  # c would be judged now (not refused before any proof)
    thinking: bool = False  # a computer's move is being computed
    hint: str = ""  # the hint for the decision on the table, once ready
    curtain: int | None = None  # the seat whose curtain stands, if one does
    # the computers' bids of this deal explained, one line each, in bidding order
    explained: tuple[str, ...] = ()

    @property
    def seat(self) -> int | None:
        return self.seat_view.seat if self.seat_view is not None else None


def table_model(c: Controller, *, thinking: bool = False, hint: str = "",
                hidden: bool = False) -> TableModel:
    """The model of the table as the controller stands: the hand of the person who
    last lifted the curtain on their turn, or none (``hidden``: none in any case, as
    while a curtain is up)."""
    public = c.public()
    view = None if hidden else c.table_view()
    curtain = c.acting_seat if c.needs_curtain() else None
    return TableModel(
        seat_view=view, public=public, names=c.shown_names, log=tuple(c.log(public)),
        can_take_back=c.can_take_back(),
        can_claim=view is not None and bool(view.legal) and claim_refusal(view) is None,
        thinking=thinking, hint=hint, curtain=curtain, explained=shown_explanations(c))


def shown_explanations(c: Controller) -> tuple[str, ...]:
    """The computers' bids of the deal explained, as any table may show them: what a
    computer's bid counted on tells of its hand, a practice game's help (and the
    lessons'), never given away in a counted game."""
    return tuple(c.bid_explanations()) if c.practice else ()


__all__ = ["TableModel", "shown_explanations", "table_model"]
