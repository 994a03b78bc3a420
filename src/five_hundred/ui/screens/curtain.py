"""The curtain: an opaque screen between two people. Public information only.

It is a plain ``Screen`` (a ``ModalScreen`` would let the hand show through) and it
is built from the ``PublicView`` alone: it cannot show a private card.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.message import Message
from textual.widgets import Static

from five_hundred.engine import PublicView
from five_hundred.i18n import N_, _
from five_hundred.notation import called_suit, house_rules, who
from five_hundred.ui.render import (
    bid_text,
    cards_text,
    contract_line,
    score_line,
    styled,
    suit_text,
    trick_line,
)
from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.widgets.keybar import KeyBar


def public_summary(public: PublicView, names: tuple[str, ...]) -> Text:
    """Scores, dealer, auction, contract, trick on the table and tricks won."""
    out = Text.assemble((_("Deal {number}").format(number=public.deal_number), "bold"),
                        " · " + _("dealer {who}").format(who=who(names, public.dealer))
                        + " · ", score_line(public), "\n")
    house = house_rules(public.rules)
    if house:
        out.append(_("House rules: {rules}").format(rules="; ".join(house)) + "\n",
                   style="dim")
    if public.deal_number == 1 and not public.auction:
        out.append(_("The first dealer, drawn at random, is {who}.").format(
            who=who(names, public.dealer)) + "\n")
    if public.contract is not None:  # during the auction the next line says it all
        out.append_text(contract_line(public, names))
        out.append("\n")
    out.append(_("Auction:") + " ")
    if not public.auction:
        out.append(_("no bids yet"), style="dim")
    for i, (seat, code) in enumerate(public.auction):
        if i:
            out.append(", ")
        out.append(f"{names[seat]} ")
        out.append_text(Text(_("pass"), style="dim") if code == "pass" else bid_text(code))
    if public.contract is not None:
        t = public.tricks_won
        out.append("\n" + _("Tricks won: {tricks}").format(
            tricks=", ".join(f"{names[s]} {t[s]}" for s in range(4))))
    if public.trick and public.trick.plays:
        out.append("\n" + _("On the table:") + " ")
        out.append_text(trick_line(public.trick.plays, names))
        called = called_suit(public, public.trick)
        if called is not None:
            out.append(" · ")
            out.append_text(styled(_("the joker calls {suit}"), suit=suit_text(called)))
    last = public.last_trick
    if last is not None and last.winner is not None:
        out.append("\n" + _("Last trick:") + " ")
        out.append_text(trick_line(last.plays, names))
        out.append(f" → {names[last.winner]}")
    if public.exposed_hand is not None and public.declarer is not None:
        out.append("\n" + _("Open misère, {name} shows:").format(name=names[public.declarer])
                   + " ")
        out.append_text(cards_text(public.exposed_hand))
    return out


class CurtainScreen(BaseScreen):
    """"Pass the keyboard to <name> (<seat>)"; the hand is shown after Enter, pressed
    once the curtain has been quiet for the guard time (space, which marks cards at
    the table, never lifts it)."""

    GUARDED = True

    class Lifted(Message):
        """The person called to the keyboard asked to see their hand."""

        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    class BlindMisere(Message):
        """The person called bids blind misère without looking (V5)."""

        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    class Undo(Message):
        """``u``: the person who acted last (still at the keyboard, the curtain not
        lifted) takes back that action."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "reveal", N_("Show my hand")),
        Binding("b", "blind", N_("Blind misère")),
        Binding("u", "undo", N_("Undo")),
        Binding("s", "app.score_sheet", N_("Scores")),
        Binding("f1", "app.rules", N_("Rules")),
        Binding("k", "app.keys", N_("Keys"), show=False),
        Binding("question_mark", "app.rules", N_("Rules"), show=False),
        Binding("q", "app.request_quit", N_("Quit")),
    ]

    def __init__(self, seat: int, blind_offered: bool, solo: bool = False) -> None:
        super().__init__()
        self.seat = seat
        self.blind_offered = blind_offered
        self.solo = solo  # one person at the table: nobody to pass the keyboard to

    def compose(self) -> ComposeResult:
        with Vertical(id="body"):
            with Center():
                yield Static(id="curtain-title")
            with Center():
                yield Static(id="curtain-public")
            with Center():
                yield Static(id="curtain-prompt")
        yield KeyBar()
        yield from self.compose_too_small()

    def on_mount(self) -> None:
        super().on_mount()
        self._fill()

    def prepare(self, seat: int, blind_offered: bool, solo: bool = False) -> None:
        """Reuse the curtain for the next person (composing a screen is not free)."""
        self.seat = seat
        self.blind_offered = blind_offered
        self.solo = solo
        if self.is_mounted:
            self._fill()
            self.arm_guard()  # a new person's curtain: the guard starts again
            self.refresh_bindings()  # blind misère and undo may come or go

    def redraw_language(self) -> None:
        """The player switched languages: the curtain's words again."""
        if self.is_mounted:
            self._fill()
            self.query_one(KeyBar).refresh()

    def _fill(self) -> None:
        names = self.game.names
        public = self.game.public_view()
        title = _("{name}: your cards for deal {number}").format(
            name=names[self.seat], number=public.deal_number) if self.solo else \
            _("Pass the keyboard to {who}").format(who=who(names, self.seat))
        self.query_one("#curtain-title", Static).update(Text(title, style="bold"))
        self.query_one("#curtain-public", Static).update(public_summary(public, names))
        self.query_one("#curtain-prompt", Static).update(self._prompt())

    def _prompt(self) -> Text:
        names = self.game.names
        if not self.guard_ready:
            return Text(_("One moment… (keys pressed now are ignored)"), style="dim italic")
        prompt = Text(_("Press Enter to look at your cards.") if self.solo else
                      _("{name}: press Enter when the others cannot see the screen.").format(
                          name=names[self.seat]), style="italic")
        if self.blind_offered:
            prompt.append("\n" + _("Or press b to bid blind misère (±500) without looking "
                                   "at your cards (V5)."), style="bold")
        if self.game.can_take_back():
            c = self.game.controller
            mover = c.take_back_seat() if c is not None else None
            # the one who just moved is named: the curtain speaks to the next person
            prompt.append("\n" + (_("Still at the keyboard after your move? u takes it "
                                    "back.") if mover is None else
                                  _("{name}, still at the keyboard after your move? u "
                                    "takes it back.").format(name=names[mover])),
                          style="dim")
        return prompt

    def guard_changed(self) -> None:
        self.show_prompt("curtain-prompt", self._prompt())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "blind":
            return self.blind_offered
        if action == "undo":
            return self.game.can_take_back()
        return True

    def action_reveal(self) -> None:
        self.post_message(self.Lifted(self.seat))

    def action_undo(self) -> None:
        self.post_message(self.Undo())

    def action_blind(self) -> None:
        if self.blind_offered:
            self.post_message(self.BlindMisere(self.seat))
