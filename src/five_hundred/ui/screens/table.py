"""The table: the acting person's hand and every decision of the rules, over public info.

Everything drawn here comes from the view the controller hands out (``SeatView`` of
the person whose hand may be shown, else ``PublicView``). Legality comes only from
the view's typed legal actions (``view.legal``); a choice is posted upward as an
``Act`` message carrying one of them, and the table takes no other choice until the
next view arrives (so a key typed ahead cannot act on a view that is already past).
All keys are mapped to actions in ``BINDINGS`` and ``check_action`` hides the ones
that do nothing now, so the footer is honest.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Static

from five_hundred.engine import (
    BID,
    BIDDING,
    DISCARD,
    DISCARD_PHASE,
    JOKER_NAME,
    JOKER_PHASE,
    PASS,
    PLAY,
    PLAYING,
    LegalAction,
    PublicView,
    RuleSet,
    SeatView,
)
from five_hundred.i18n import N_, _, ngettext
from five_hundred.notation import (
    SEATS,
    bid_label,
    house_rules,
    seat_name,
    suit_label,
    team_short,
    who,
)
from five_hundred.table_model import TableModel
from five_hundred.ui.render import (
    auction_text,
    card_text,
    cards_text,
    clip,
    contract_line,
    fit_line,
    flowed,
    score_line,
    styled,
    suit_text,
    trick_plays,
)
from five_hundred.ui.screens.base import BaseScreen
from five_hundred.ui.widgets.bids import BidGrid
from five_hundred.ui.widgets.fitted import FittedText
from five_hundred.ui.widgets.hand import Hand
from five_hundred.ui.widgets.keybar import KeyBar
from five_hundred.ui.widgets.side import SidePanel

# Suits are numbered the same in every prompt: 1♠ 2♣ 3♦ 4♥ (and 5 for "none" when the
# joker is named); a suit that cannot be chosen now is dimmed, never renumbered.
SUIT_CHOICES = ("S", "C", "D", "H", "none")
LEAD_CHOICES = SUIT_CHOICES[:4]
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
PROMPT_LINES = 3  # #prompt's max-height (screens.tcss): the most a hint may take there
NBSP = "\u00a0"
KEEP = "\ue000"  # stands for a no-break space while a hint is wrapped: one cell, no space


class Mode(StrEnum):
    """What the keys of the table do now."""

    WATCH = "watch"  # no decision of the person at the keyboard
    BID = "bid"
    DISCARD = "discard"  # marking the kitty's discard
    CONFIRM = "confirm"  # the discard marked, Enter confirms
    JOKER = "joker"  # naming the joker's suit in no trumps
    LEAD = "lead"  # a suitless joker led: the suit it calls
    PLAY = "play"


class TableScreen(BaseScreen):
    """The card table for the person whose hand is shown (or nobody's). Its keys wait
    for the guard each time it appears (after a curtain or a deal summary), so a key
    that lifted the screen before it cannot also bid or play."""

    GUARDED = True

    class Act(Message):
        """The person at the table chose one of their view's legal actions."""

        def __init__(self, seat: int, action: LegalAction) -> None:
            super().__init__()
            self.seat = seat
            self.action = action

    class Refused(Message):
        """The person tried a card the rules do not allow now: say why."""

        def __init__(self, seat: int, card: str) -> None:
            super().__init__()
            self.seat = seat
            self.card = card

    class HintWanted(Message):
        """The person asked for a hint on their decision."""

    class Undo(Message):
        """``u``: take back the last action of the person at the table (the app
        answers, with the reason when there is nothing to take back)."""

    class Claim(Message):
        """``c``: the person to play claims the remaining tricks."""

        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    class Shown(Message):
        """The table is on screen again (after a curtain, a dialog, the rules)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", N_("Choose"), key_display="←→"),
        Binding("right", "cursor(1)", N_("Choose"), show=False),
        Binding("up", "row(-1)", N_("Row"), show=False),
        Binding("down", "row(1)", N_("Row"), show=False),
        *(Binding(k, f"pick({i})", N_("Pick"), show=False) for i, k in enumerate("1234567890")),
        Binding("enter", "play", N_("Play")),
        Binding("enter", "bid", N_("Bid")),
        Binding("enter", "discard", N_("Discard")),
        Binding("enter", "choose_suit", N_("Choose suit")),
        Binding("space", "mark", N_("Mark")),
        Binding("p", "pass_bid", N_("Pass")),
        Binding("escape", "cancel", N_("Back")),
        # in the key bar only when they can act (see hidden_in_bar); u always answers
        Binding("u", "undo", N_("Undo")),
        Binding("c", "claim", N_("Claim")),
        Binding("h", "hint", N_("Hint")),
        Binding("e", "explain", N_("Explain bids")),
        Binding("s", "app.score_sheet", N_("Scores")),
        Binding("f1", "app.rules", N_("Rules")),
        Binding("question_mark", "app.rules", N_("Rules"), show=False),
        Binding("k", "app.keys", N_("Keys"), show=False),
        Binding("plus", "app.pace(1)", N_("Slower"), show=False),
        Binding("minus", "app.pace(-1)", N_("Faster"), show=False),
        Binding("q", "app.request_quit", N_("Quit")),
    ]

    def __init__(self, rules: RuleSet) -> None:
        super().__init__()
        self.rules = rules  # the bid grid is laid out for them
        self.model: TableModel | None = None  # what is drawn: the only source
        self.cursor = 0
        self.marked: set[str] = set()
        self.suit_cursor = 0
        self.mode = Mode.WATCH
        self.hint_text = ""
        self.hint_cut = False  # the prompt shows the hint cut short: h shows it whole
        self._refit_due = False  # a redraw at a new width is on its way
        self._bar_state: tuple[Mode, bool, bool, bool] | None = None  # what the key bar shows
        self._spin = 0
        self._spinner: Timer | None = None
        self._sent = False  # a choice is on its way up: no other until the next view
        # A lead waits for a choice: no card is under the cursor until the person picks
        # one, so an Enter pressed out of habit (as on a curtain) never leads a card
        # nobody chose.
        self.unchosen = False
        # a one-line notice (a refused card, a refused claim, the pace) in the prompt's
        # place, so it never covers the hand; gone at the next key or after a while
        self.notice: Text | None = None
        self._notice_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        rules = self.rules
        with Vertical(id="body"):
            yield FittedText(id="status")
            with Horizontal(id="middle"):
                yield FittedText(id="trick")
                yield SidePanel(id="side")
            yield FittedText(id="prompt")
            yield BidGrid(rules, id="bids")
            yield Hand(id="hand")
        yield KeyBar()
        yield from self.compose_too_small()

    def resumed(self) -> None:
        self.post_message(self.Shown())

    # ------------------------------------------------------------ updating

    def show(self, model: TableModel) -> None:
        """Redraw from the model (the only thing the table draws from)."""
        if not self.query(BidGrid):  # the app is closing and took the widgets down
            return
        old = self.model
        self.model = model
        if old is None or old.seat_view != model.seat_view or old.public != model.public:
            self._new_position(old.seat_view if old is not None else None)
        elif model.hint != old.hint:
            self.hint_text = model.hint
        self._spin_while(model.thinking)
        self._redraw()

    @property
    def view(self) -> SeatView | None:
        """The hand's view in the model (None: no hand may show)."""
        return self.model.seat_view if self.model is not None else None

    @property
    def public_state(self) -> PublicView | None:
        return self.model.public if self.model is not None else None

    @property
    def thinking(self) -> bool:
        return self.model is not None and self.model.thinking

    def _new_position(self, old: SeatView | None) -> None:
        """A new view (or the first) after ``old``: the choices start again, kept where
        they still mean the same card."""
        view = self.view
        self._sent = False
        if old is None or view is None or old.seat != view.seat:
            self.marked = set()
            self.cursor = self._first_legal()
        elif old.hand != view.hand:
            # the same hand re-sorted (the joker named, the kitty taken) or a card gone:
            # the cursor stays on the card it was on, so the next key means the same card
            here = old.hand[self.cursor] if 0 <= self.cursor < len(old.hand) else None
            self.marked &= set(view.hand)
            self.cursor = view.hand.index(here) if here in view.hand else self._first_legal()
        if old is None or view is None or old.seat != view.seat or (
                old.public.deal_number != view.public.deal_number):
            self.query_one(BidGrid).selected = None  # a new auction starts at its foot
        self.hint_text = self.model.hint if self.model is not None else ""
        self.mode = self._mode()
        if self.mode == Mode.PLAY and not self._playable(self.cursor):
            self.cursor = self._first_legal()  # the cursor starts on a card you may play
        lead = self._lead_key(view)
        if lead is None:
            self.unchosen = False
        elif lead != self._lead_key(old):  # a new lead (not the same one drawn again)
            self.unchosen = True
        turn = self._bid_key(view)
        if turn is not None and turn != self._bid_key(old):
            self.query_one(BidGrid).unchosen = True  # a new turn to bid waits for a choice
        if self.mode == Mode.BID:
            self.query_one(BidGrid).show(self._legal_bids())

    def _bid_key(self, view: SeatView | None) -> tuple[int, int, int] | None:
        """Which turn to bid ``view`` asks its seat for (seat, deal, calls before it),
        None if it asks for no bid."""
        if view is None or not view.legal or view.phase != BIDDING:
            return None
        return (view.seat, view.public.deal_number, len(view.public.auction))

    def _lead_key(self, view: SeatView | None) -> tuple[int, int, int] | None:
        """Which lead ``view`` asks its seat for (seat, deal, trick), None if it asks for
        no lead."""
        if view is None or not view.legal or view.phase != PLAYING or view.public.trick:
            return None
        return (view.seat, view.public.deal_number, len(view.public.tricks))

    def tell(self, text: str, severity: str = "warning", timeout: float = 5.0) -> None:
        """A notice in the prompt's place (see ``notice``)."""
        style = {"error": "bold red", "warning": "bold yellow"}.get(severity, "bold")
        self.notice = Text(text, style=style)
        if self._notice_timer is not None:
            self._notice_timer.stop()
        self._notice_timer = self.set_timer(timeout, self._clear_notice)
        self._redraw_prompt()

    def _clear_notice(self) -> None:
        self._notice_timer = None
        if self.notice is not None:
            self.notice = None
            self._redraw_prompt()

    def on_key(self, event: events.Key) -> None:
        # (Textual runs BaseScreen.on_key, the guard, after this one)
        if self.notice is not None:
            self.notice = None  # read: the prompt comes back with the next key
            self._redraw_prompt()

    def redraw_language(self) -> None:
        """The player switched languages: every text again, the choices kept."""
        if self.is_mounted and self.public_state is not None:
            self._redraw()
            self.query_one(KeyBar).refresh()
            self.query_one(BidGrid).refresh()  # its notes are written as it renders

    def _spin_while(self, thinking: bool) -> None:
        """The mark of a computer thinking spins while it thinks (reduced motion: it
        stays still)."""
        if thinking and self._spinner is None and self.app.animation_level != "none":
            self._spin = 0
            self._spinner = self.set_interval(0.15, self._spin_once)
        elif not thinking and self._spinner is not None:
            self._spinner.stop()
            self._spinner = None

    def _spin_once(self) -> None:
        self._spin = (self._spin + 1) % len(SPINNER)
        self._redraw_prompt()

    def _redraw_prompt(self) -> None:
        # the spinner's timer can fire once more while the screen is being taken down
        # (a new game chosen while a computer thinks): its widgets may be gone already
        prompt = self.query("#prompt").results(Static)
        if self.public_state is not None and self.model is not None:
            for widget in prompt:
                widget.update(self._prompt(self.public_state, self.model.names))

    def _mode(self) -> Mode:
        view = self.view
        if view is None or not view.legal:
            return Mode.WATCH
        phase = view.phase
        if phase == BIDDING:
            return Mode.BID
        if phase == DISCARD_PHASE:
            return Mode.DISCARD
        if phase == JOKER_PHASE:
            return Mode.JOKER
        return Mode.PLAY

    def take_choices_again(self) -> None:
        """The choice sent up was refused and the view stands: the table takes a choice
        again (a networked table's server said no; the next view would do it too)."""
        self._sent = False

    def _send(self, action: LegalAction | None) -> None:
        """Post the person's choice, once per view."""
        if action is None or self._sent or self.view is None:
            return
        self._sent = True
        self.post_message(self.Act(self.view.seat, action))

    def _bid_actions(self) -> dict[str, LegalAction]:
        """The auction's choices by bid code (``pass`` for a pass); blind misère is only
        ever offered on the curtain."""
        assert self.view is not None
        out: dict[str, LegalAction] = {}
        for a in self.view.legal:
            if a.verb == PASS:
                out["pass"] = a
            elif a.verb == BID and a.bid is not None and a.bid != "BMIS":
                out[a.bid] = a
        return out

    def _legal_bids(self) -> tuple[str, ...]:
        return tuple(self._bid_actions())

    def _legal_cards(self) -> frozenset[str]:
        view = self.view
        if view is None:
            return frozenset()
        if self.mode in (Mode.DISCARD, Mode.CONFIRM):
            return frozenset(view.hand)
        if self.mode in (Mode.PLAY, Mode.LEAD):
            return view.playable()
        return frozenset()

    def _playable(self, index: int) -> bool:
        view = self.view
        if view is None or not 0 <= index < len(view.hand):
            return False
        return view.hand[index] in view.playable()

    def _first_legal(self) -> int:
        view = self.view
        if view is None or not view.hand:
            return 0
        legal = view.playable()
        for i, c in enumerate(view.hand):
            if c in legal:
                return i
        return 0

    def _joker_leads(self) -> list[LegalAction]:
        """A suitless joker's leads, one per suit it may call (R26)."""
        assert self.view is not None
        return [a for a in self.view.legal if a.verb == PLAY and a.suit is not None]

    def _joker_lead_suits(self) -> list[str]:
        return [a.suit for a in self._joker_leads() if a.suit is not None]

    def _suit_choices(self) -> tuple[tuple[str, ...], set[str]]:
        """The numbered suit menu of the mode, and the choices open now."""
        if self.mode == Mode.JOKER:
            return SUIT_CHOICES, set(SUIT_CHOICES)
        return LEAD_CHOICES, set(self._joker_lead_suits())

    def on_fitted_text_width_changed(self, message: FittedText.WidthChanged) -> None:
        """A resize, laid out: draw again, once for the widgets resized together."""
        if not self._refit_due:
            self._refit_due = True
            self.call_after_refresh(self._refit)

    def _refit(self) -> None:
        """Draw again at the new size: the status, the trick and a hint are fitted to
        the width."""
        self._refit_due = False
        if self.query(BidGrid):  # not while the screen is being taken down
            self._redraw()

    def _redraw(self) -> None:
        public = self.public_state
        model = self.model
        if public is None or model is None:
            return
        names = model.names
        self.query_one("#status", Static).update(self._status(public, names))
        self.query_one("#trick", Static).update(self._trick_area(public, names))
        self.query_one(SidePanel).show(self._side(public, names), list(model.log))
        self.query_one("#prompt", Static).update(self._prompt(public, names))
        grid = self.query_one(BidGrid)
        grid.display = self.mode == Mode.BID
        hand = self.query_one(Hand)
        view = self.view
        if view is None:
            hand.show((), frozenset(), None, caption=_("(no hand is shown)"))
        else:
            selectable = self.mode in (Mode.PLAY, Mode.DISCARD, Mode.CONFIRM)
            hand.show(view.hand, self._legal_cards() if self.mode != Mode.WATCH
                      else frozenset(view.hand),
                      self.cursor if selectable and not self.unchosen else None,
                      marked=frozenset(self.marked),
                      kitty=frozenset(view.kitty or ()),
                      caption="", numbered=selectable)
        bar = (self.mode, model.can_take_back, model.can_claim,
               not self.hidden_in_bar("explain"))
        if self._bar_state != bar:  # rebuilding the key bar is not free
            self._bar_state = bar
            self.refresh_bindings()

    def _width(self, widget: str, fallback: int) -> int:
        return self.query_one(widget).content_size.width or fallback

    def _status(self, public: PublicView, names: tuple[str, ...]) -> Text:
        """Two lines, each kept to the screen's width: the least needed parts go first
        (the house-rule ids, the target, a seat after a name), never the line below."""
        rules = public.rules
        width = self._width("#status", 78)
        house = house_rules(rules)
        # the ids here (V2 V4); the side panel says what each one means
        ids = _("house rules {ids}").format(ids=" ".join(h.split(" ", 1)[0] for h in house)) \
            if house else ""

        def first(dealer: str, target: bool, rules_text: str) -> Text:
            out = Text.assemble((_("Deal {number}").format(number=public.deal_number), "bold"),
                                " · " + _("dealer ◆ {who}").format(who=dealer) + " · ",
                                score_line(public))
            if target:
                out.append(" · " + _("to {target}").format(target=rules.target))
            if rules_text:
                out.append(" · " + rules_text, style="dim")
            return out

        full, short = who(names, public.dealer), names[public.dealer]
        line1 = fit_line(width, first(full, True, ids or _("no house rules")),
                         first(full, True, ids), first(short, True, ids),
                         first(short, False, ids), first(short, False, ""))

        def second(short_names: bool) -> Text:
            out = Text()
            if self.view is not None:
                v = self.view.seat
                out.append(_("You: {who}").format(
                    who=names[v] if short_names else who(names, v)) + " · ", style="bold")
            out.append_text(contract_line(public, names, short=short_names))
            return out

        line2 = fit_line(width, second(False), second(True))
        return Text("\n").join([line1, line2])

    def _seat_block(self, public: PublicView, seat: int, names: tuple[str, ...],
                    card: str | None, won: bool, width: int) -> Text:
        """Name (▶ to act, ◆ dealer), the card played to this trick (★ on the card
        that won the trick just finished), tricks won: each line within ``width``."""
        out = Text()
        head = "▶ " if public.to_act == seat else ""
        tail = f" ({seat_name(seat)[0]})" if names[seat] not in (SEATS[seat], seat_name(seat)) \
            else ""
        dealer = " ◆" if public.dealer == seat else ""
        room = width - len(head) - len(dealer)
        if len(names[seat]) + len(tail) > room:
            tail = ""  # a long name keeps its place; the seat is where it sits
        out.append(head, style="bold yellow")
        out.append(clip(names[seat], room - len(tail)),
                   style="bold" if self.view and self.view.seat == seat else "")
        out.append(tail, style="dim")
        out.append(dealer, style="dim")
        out.append("\n")
        if public.sitting_out == seat:
            out.append(_("sits out"), style="italic dim")
        elif card is not None:
            out.append_text(card_text(card, "bold reverse" if won else "bold"))
            if won:
                out.append(" " + _("★ wins"), style="bold yellow")
        else:
            out.append("·", style="dim")
        if public.contract is not None:
            n = public.tricks_won[seat]
            out.append("\n" + ngettext("{n} trick", "{n} tricks", n).format(n=n), style="dim")
        return out

    def _trick_area(self, public: PublicView, names: tuple[str, ...]) -> Group:
        # The trick just won stays on the table, its winner marked, until the next lead.
        finished = public.last_trick if not public.trick and public.phase == PLAYING \
            else None
        played = dict(public.trick.plays) if public.trick else \
            dict(finished.plays) if finished else {}
        winner = finished.winner if finished else None
        width = self._width("#trick", 44)
        column = max(8, (width - 2) // 3)
        grid = Table.grid(expand=True, padding=(0, 1))
        for _column in range(3):
            grid.add_column(justify="center", width=column, no_wrap=True, overflow="ellipsis")
        center = Text()
        if finished is not None and winner is not None:
            center.append(_("trick {number}").format(number=len(public.tricks)), style="bold")
            center.append("\n→ " + clip(names[winner], column - 2), style="bold")
        elif public.trick and public.trick.led:
            center.append_text(styled(_("led {suit}"), suit=suit_text(public.trick.led)
                                      if public.trick.led in "SCDH" else Text(_("jokers"))))
        elif public.phase == PLAYING:
            center.append(_("trick {number}").format(number=len(public.tricks) + 1),
                          style="dim")
        if public.contract is not None:
            ns, ew = public.team_tricks
            center.append(f"\n{team_short(0)} {ns} · {team_short(1)} {ew}", style="dim")

        def block(seat: int) -> Text:
            return self._seat_block(public, seat, names, played.get(seat), seat == winner,
                                    column)

        grid.add_row("", block(0), "")
        grid.add_row(block(3), center, block(1))
        grid.add_row("", block(2), "")
        last = public.last_trick
        foot = Text()
        if last is not None and last.winner is not None and finished is None:
            chunks = trick_plays(last.plays, names)
            chunks[0] = Text.assemble(_("Last trick:") + " ", chunks[0])
            chunks.append(Text(f"→ {names[last.winner]}", style="bold"))
            foot.append_text(flowed(chunks, width))
        if public.exposed_hand is not None and public.declarer is not None:
            if foot:
                foot.append("\n")
            foot.append(_("Open misère, {name} shows:").format(name=names[public.declarer])
                        + " ")
            foot.append_text(cards_text(public.exposed_hand))
        return Group(grid, foot)

    def _side(self, public: PublicView, names: tuple[str, ...]) -> Text:
        """The side panel above the log: the house rules, the auction."""
        out = Text()
        house = house_rules(public.rules)
        if house:
            out.append(_("House rules") + "\n", style="bold")
            out.append("\n".join(house) + "\n\n", style="dim")
        out.append(_("Auction") + "\n", style="bold")
        out.append_text(auction_text(public, names))
        return out

    def _hint_line(self) -> str:
        """The hint as the table writes it, whole (the prompt, a menu, the dialog)."""
        return _("Hint: {hint}").format(hint=self.hint_text)

    def _hint_prompt(self) -> Text:
        """The hint in the prompt's lines; when it would not fit (a long reason in a
        long language, a note on the match), its last line ends in a pointer to the
        whole of it (h again) instead of being cut off unseen. Wrapped here, never
        between a number and its no-break space's sign (Spanish ``45 %``), which Rich
        would take for a space to break at."""
        plain = self._hint_line().replace(NBSP, KEEP)
        # the prompt's own width, as the status line's (a resize is fitted again once
        # it is laid out: ``FittedText``)
        width = max(20, self._width("#prompt", 78))
        lines = [line.plain.rstrip() for line in Text(plain).wrap(self.app.console, width)]
        self.hint_cut = len(lines) > PROMPT_LINES
        if not self.hint_cut:
            return Text("\n".join(lines).replace(KEEP, NBSP), style="cyan")
        more = " … " + _("(h: the whole hint)")
        whole = lines[PROMPT_LINES - 1]
        last = Text(whole)
        last.truncate(max(0, width - cell_len(more)))
        cut = last.plain
        if len(cut) < len(whole) and not whole[len(cut)].isspace() and " " in cut:
            cut = cut.rsplit(" ", 1)[0]  # not in the middle of a word
        lines = [*lines[:PROMPT_LINES - 1], cut.rstrip()]
        out = Text("\n".join(lines).replace(KEEP, NBSP), style="cyan")
        out.append(more, style="bold cyan")
        return out

    def _prompt(self, public: PublicView, names: tuple[str, ...]) -> Text:
        self.hint_cut = False
        if self.notice is not None:
            return self.notice
        view = self.view
        mode = self.mode
        out = Text()
        if mode == Mode.WATCH:
            if public.to_act is not None:
                # "thinking" only while the computer's move is being computed
                if self.thinking:
                    mark = SPINNER[self._spin] if self._spinner is not None else "…"
                    out.append(f"{mark} ", style="bold yellow")
                    out.append(_("{who} is thinking…").format(who=who(names, public.to_act)),
                               style="italic")
                else:
                    out.append(_("{who} is next").format(who=who(names, public.to_act)),
                               style="italic")
            return out
        assert view is not None
        if self.hint_text and mode in (Mode.BID, Mode.PLAY, Mode.DISCARD):
            # the hint takes the prompt's three lines at 80×24 (the choices are on the
            # grid or the hand, the keys on the key bar); joker namings keep their menu
            return self._hint_prompt()
        if mode == Mode.BID:
            out.append(_("Your bid: ←→↑↓ or 6–0 choose, Enter bids, p passes.") + "  ",
                       style="bold")
            out.append(self.query_one(BidGrid).reminder, style="italic")
        elif mode == Mode.DISCARD:
            k = public.rules.kitty_size
            out.append(ngettext("Mark {k} card to discard (space), then Enter. Marked {m}/{k}.",
                                "Mark {k} cards to discard (space), then Enter. Marked {m}/{k}.",
                                k).format(k=k, m=len(self.marked)) + " ", style="bold")
            if view.kitty:
                out.append(_("From the kitty (underlined):") + " ")
                out.append_text(cards_text(list(view.kitty)))
        elif mode == Mode.CONFIRM:
            out.append_text(styled(_("Discard {cards}?  Enter: yes · Esc: change"), "bold",
                                   cards=cards_text([c for c in view.hand
                                                     if c in self.marked])))
        elif mode == Mode.JOKER:
            out.append(_("You hold the joker in no trumps: name its suit (R23), 1–5 or ←→ "
                         "then Enter.") + " ", style="bold")
            out.append_text(self._suit_menu())
        elif mode == Mode.LEAD:
            out.append(_("Lead the joker calling a suit (R26), 1–4 or ←→ then Enter:") + " ",
                       style="bold")
            out.append_text(self._suit_menu())
            out.append("  " + _("Esc: back"), style="dim")
        elif mode == Mode.PLAY and self.unchosen:
            out.append(_("Your lead: choose a card with ←→ or 1–0, then Enter plays it."),
                       style="bold")
        elif mode == Mode.PLAY:
            out.append(_("Your card: ←→ or 1–0 choose, Enter plays."), style="bold")
            playable = view.playable()
            if view.public.trick and view.public.trick.led and len(playable) < len(
                    view.hand) and playable != {"JK"}:
                # some cards are dimmed because the player can follow (a void player
                # may play any card: no such line then)
                out.append(" " + _("Follow suit if you can."), style="dim")
        # under a joker's suit menu the hint is one short sentence; the discard's
        # confirmation leaves it out (three lines would be cut: Esc shows it again)
        if self.hint_text and mode in (Mode.JOKER, Mode.LEAD):
            out.append("\n" + self._hint_line(), style="cyan")
        return out

    def _suit_menu(self) -> Text:
        choices, open_now = self._suit_choices()
        out = Text()
        for i, s in enumerate(choices):
            label = suit_text(s) if s != "none" else Text(_("none"))
            cell = Text.assemble(f" {i + 1}:", label, " ")
            if s not in open_now:
                cell = Text(cell.plain, style="dim")
            if i == self.suit_cursor:
                cell.stylize("reverse")
            out.append_text(cell)
        return out

    # ------------------------------------------------------------ key actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mode = self.mode
        if action in ("cursor", "pick"):
            return mode in (Mode.BID, Mode.PLAY, Mode.DISCARD, Mode.JOKER, Mode.LEAD)
        if action == "row":
            return mode == Mode.BID
        if action == "play":
            return mode == Mode.PLAY
        if action == "bid":
            return mode == Mode.BID
        if action == "discard":
            return mode in (Mode.DISCARD, Mode.CONFIRM)
        if action == "choose_suit":
            return mode in (Mode.JOKER, Mode.LEAD)
        if action == "mark":
            return mode == Mode.DISCARD
        if action == "pass_bid":
            return mode == Mode.BID and "pass" in self._legal_bids()
        if action == "cancel":
            return mode in (Mode.CONFIRM, Mode.LEAD)
        if action == "hint":
            return mode != Mode.WATCH
        if action == "explain":
            return self.model is not None
        if action == "undo":  # the app answers, with the reason if there is nothing
            return self.view is not None
        if action == "claim":
            return mode in (Mode.PLAY, Mode.LEAD)
        return True

    def hidden_in_bar(self, action: str) -> bool:
        """Keys that work but are left out of the key bar while they would only say why
        not (the bar is full at 80 columns)."""
        model = self.model
        if action == "undo":
            return model is None or not model.can_take_back
        if action == "explain":  # in the bar during the auction and the exchange
            return model is None or not model.explained or model.public.phase not in (
                BIDDING, DISCARD_PHASE, JOKER_PHASE)
        return action == "claim" and (model is None or not model.can_claim)

    def action_cursor(self, step: int) -> None:
        if self.mode == Mode.BID:
            self.query_one(BidGrid).move(step)
        elif self.mode in (Mode.JOKER, Mode.LEAD):
            choices, open_now = self._suit_choices()
            i = self.suit_cursor + step
            while 0 <= i < len(choices) and choices[i] not in open_now:
                i += step  # the dimmed suits are stepped over
            if 0 <= i < len(choices):
                self.suit_cursor = i
        elif self.view is not None and self.view.hand:
            if self.unchosen:  # the first arrow comes onto the hand where the cursor is
                self.unchosen = False
            else:
                self.cursor = max(0, min(len(self.view.hand) - 1, self.cursor + step))
        self._redraw()

    def action_row(self, step: int) -> None:
        self.query_one(BidGrid).move_row(step)
        self._redraw()

    def action_pick(self, index: int) -> None:
        """A digit selects (a card, a suit, a bid level); Enter then confirms, everywhere."""
        if self.mode in (Mode.JOKER, Mode.LEAD):
            choices, open_now = self._suit_choices()
            if index < len(choices) and choices[index] in open_now:
                self.suit_cursor = index
                self._redraw()
            elif index < len(choices):
                called = suit_label(choices[index]) if choices[index] != "none" else _("none")
                self.tell(_("The joker cannot call {suit} now.").format(suit=called))
            return
        if self.mode == Mode.BID:
            # 6–9 and 0 choose the level, 1–5 the suit in it: 1♠ 2♣ 3♦ 4♥ 5 NT, the
            # suits' numbers in every prompt
            grid = self.query_one(BidGrid)
            digit = 10 if index == 9 else index + 1
            if digit >= 6:
                grid.select_level(digit)
            else:
                refused = grid.select_strain(index)
                if refused is not None:
                    self.tell(_("{bid} cannot be bid now: it does not outrank the "
                                "bid to beat.").format(bid=bid_label(refused)))
            self._redraw()
            return
        if self.view is not None and index < len(self.view.hand):
            self.cursor = index
            self.unchosen = False
            self._redraw()

    def action_mark(self) -> None:
        if self.view is None or not self.view.hand:
            return
        card = self.view.hand[self.cursor]
        k = self.view.public.rules.kitty_size
        if card in self.marked:
            self.marked.discard(card)
        elif len(self.marked) < k:
            self.marked.add(card)
        else:
            self.app.bell()
            self.tell(ngettext("{k} card is marked already: space on a marked card "
                               "unmarks it.", "{k} cards are marked already: space on a "
                               "marked card unmarks it.", k).format(k=k))
        self._redraw()

    def action_pass_bid(self) -> None:
        self._send(self._bid_actions().get("pass"))

    def action_bid(self) -> None:
        grid = self.query_one(BidGrid)
        if grid.unchosen:
            self.tell(_("Choose your bid first (←→↑↓ or 6–0), then Enter; p passes."))
            return
        code = grid.selected
        if code is None:
            return
        self._send(self._bid_actions().get(code))

    def action_discard(self) -> None:
        view = self.view
        if view is None:
            return
        k = view.public.rules.kitty_size
        if self.mode == Mode.DISCARD:
            if len(self.marked) != k:
                self.tell(ngettext("Mark exactly {k} card (space), then press Enter.",
                                   "Mark exactly {k} cards (space), then press Enter.",
                                   k).format(k=k))
                return
            self.mode = Mode.CONFIRM
            self._redraw()
            return
        self._send(next((a for a in view.legal
                         if a.verb == DISCARD and set(a.cards) == self.marked), None))

    def action_choose_suit(self) -> None:
        view = self.view
        if view is None:
            return
        if self.mode == Mode.JOKER:
            choice = SUIT_CHOICES[self.suit_cursor]
            suit = None if choice == "none" else choice
            self._send(next((a for a in view.legal
                             if a.verb == JOKER_NAME and a.suit == suit), None))
        elif self.mode == Mode.LEAD:
            called = LEAD_CHOICES[self.suit_cursor] if self.suit_cursor < 4 else None
            self._send(next((a for a in self._joker_leads() if a.suit == called), None))

    def action_cancel(self) -> None:
        if self.mode == Mode.CONFIRM:
            self.mode = Mode.DISCARD
        elif self.mode == Mode.LEAD:
            self.mode = Mode.PLAY
        self._redraw()

    def action_play(self) -> None:
        view = self.view
        if view is None or not view.hand:
            return
        if self.unchosen:
            self.tell(_("Choose the card to lead first (←→ or 1–0), then Enter."))
            return
        card = view.hand[self.cursor]
        play = next((a for a in view.legal
                     if a.verb == PLAY and a.card == card and a.suit is None), None)
        if play is not None:
            self._send(play)
        elif card in view.playable():  # a suitless joker led: it calls a suit first
            self.mode = Mode.LEAD
            _choices, open_now = self._suit_choices()
            self.suit_cursor = next(i for i, s in enumerate(LEAD_CHOICES) if s in open_now)
            self._redraw()
        else:
            self.post_message(self.Refused(view.seat, card))

    def action_undo(self) -> None:
        self.post_message(self.Undo())

    def action_claim(self) -> None:
        if self.view is not None:
            self.post_message(self.Claim(self.view.seat))

    def action_explain(self) -> None:
        """The computers' bids of this deal, explained (a screen of their own)."""
        from five_hundred.ui.screens.explained import BidsExplainedScreen

        if self.model is None or not self.model.explained:
            self.tell(_("No computer's bid to explain here (they are explained in practice "
                        "games and lessons)."))
            return
        self.app.push_screen(BidsExplainedScreen(
            lambda: self.model.explained if self.model is not None else ()))

    def action_hint(self) -> None:
        if self.hint_cut:  # the hint is there, cut short: show it whole
            from five_hundred.ui.screens.info import MessageScreen

            self.app.push_screen(MessageScreen(self._hint_line()))
            return
        self.hint_text = _("thinking…")  # replaced by the hint when it is ready
        self._redraw()
        self.post_message(self.HintWanted())

    # ------------------------------------------------------------ mouse

    def on_hand_clicked(self, message: Hand.Clicked) -> None:
        if self.mode not in (Mode.PLAY, Mode.DISCARD):
            return
        if self.unchosen:  # a first click chooses; a second plays
            self.unchosen = False
            self.cursor = message.index
            self._redraw()
            return
        self.cursor = message.index
        if self.mode == Mode.DISCARD:
            self.action_mark()
        elif message.again:
            self.action_play()
        else:
            self._redraw()

    def on_bid_grid_clicked(self, message: BidGrid.Clicked) -> None:
        if self.mode != Mode.BID:
            return
        if message.again:
            self.action_bid()
        else:
            self._redraw()


__all__ = ["TableScreen"]
