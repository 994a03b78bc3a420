"""The one place that turns cards, bids and seats into styled text.

A card is its rank and suit symbol (``10♥``, ``A♠``, ``JK``): the symbol carries the
meaning, so the table stays readable without colour (``NO_COLOR``); red suits are
red, black suits the default foreground.
"""

from __future__ import annotations

import re

from rich.text import Text

from five_hundred.engine import PublicView, team_of
from five_hundred.i18n import _
from five_hundred.notation import (
    bid_label,
    card_label,
    points,
    suit_label,
    team_short,
    who,
)
from five_hundred.ui.palette import SUIT_STYLE, four_colours, use_four_colours

_FIELD = re.compile(r"\{(\w+)\}")


def styled(template: str, style: str = "", **values: str | Text) -> Text:
    """A translated sentence with named fields filled by plain or styled text, so a
    sentence is translated whole (``_("Contract {bid} by {who}")``) and a bid keeps its
    colour inside it."""
    out = Text(style=style)
    at = 0
    for m in _FIELD.finditer(template):
        out.append(template[at:m.start()])
        value = values[m.group(1)]
        if isinstance(value, Text):
            out.append_text(value)
        else:
            out.append(value)
        at = m.end()
    out.append(template[at:])
    return out


# The two sides' colours (the score chart's lines, the winner's name): N–S, E–W
TEAM_RGB = ((0, 160, 255), (255, 140, 0))
TEAM_STYLE = tuple(f"bold rgb({r},{g},{b})" for r, g, b in TEAM_RGB)


def card_style(code: str) -> str:
    if code in ("JK", "J2"):
        return "bold magenta"
    return SUIT_STYLE[code[1]]


def card_text(code: str, extra: str = "") -> Text:
    """One card as styled text, e.g. ``A♥`` in red."""
    style = " ".join(s for s in (card_style(code), extra) if s)
    return Text(card_label(code), style=style)


def cards_text(codes: tuple[str, ...] | list[str], sep: str = " ") -> Text:
    out = Text()
    for i, code in enumerate(codes):
        if i:
            out.append(sep)
        out.append_text(card_text(code))
    return out


def suit_text(letter: str) -> Text:
    """A suit letter (S C D H) as its symbol; NT stays NT."""
    return Text(suit_label(letter), style=SUIT_STYLE.get(letter, ""))


def bid_text(code: str) -> Text:
    """A bid or contract, with red suit symbols: ``7♥``, ``misère``."""
    label = bid_label(code)
    style = ""
    if code[:1].isdigit() or code.startswith("GAME "):  # a suit's bid: its colour
        style = SUIT_STYLE.get(code[-1], "")
    return Text(label, style=style)


def score_line(public: PublicView) -> Text:
    ns, ew = public.scores
    return Text.assemble((f"{team_short(0)} ", "bold"), points(ns), "   ",
                         (f"{team_short(1)} ", "bold"), points(ew))


def contract_line(public: PublicView, names: tuple[str, ...], short: bool = False) -> Text:
    """``Contract 7♥ by Ana (North): N–S need 7 tricks``, or the auction's state
    (``short``: the declarer by name only)."""
    if public.contract is None or public.declarer is None:
        if public.high_bid is not None and public.high_bidder is not None:
            return styled(_("Bidding · highest {bid} by {name}"),
                          bid=bid_text(public.high_bid), name=names[public.high_bidder])
        return Text(_("Bidding · no bid yet"))
    d = public.declarer
    out = styled(_("Contract {bid} by {who}"), bid=bid_text(public.contract),
                 who=names[d] if short else who(names, d))
    need = public.tricks_to_win
    if public.sitting_out is not None:
        # the bid's own name says "lose every trick": at 80 columns the sitter comes first
        out.append(" · " + _("{name} sits out").format(name=names[public.sitting_out]))
    elif need:
        out.append(" · " + _("{team} need {n}").format(team=team_short(team_of(d)), n=need))
    if public.joker_suit is not None:
        out.append(" · ")
        out.append_text(styled(_("joker is a {suit}"), suit=suit_text(public.joker_suit)))
    return out


def auction_text(public: PublicView, names: tuple[str, ...]) -> Text:
    out = Text()
    for i, (seat, code) in enumerate(public.auction):
        if i:
            out.append("\n")
        out.append(f"{clip(names[seat], 10):<10} ")
        if code == "pass":
            out.append(_("pass"), style="dim")
        else:
            out.append_text(bid_text(code))
    if not public.auction:
        out.append(_("no bids yet"), style="dim")
    return out


def trick_plays(plays: tuple[tuple[int, str], ...], names: tuple[str, ...]) -> list[Text]:
    """Each play of a trick as "Name card"."""
    return [Text.assemble(f"{clip(names[seat], 10)} ", card_text(code)) for seat, code in plays]


def trick_line(plays: tuple[tuple[int, str], ...], names: tuple[str, ...]) -> Text:
    return Text("  ").join(trick_plays(plays, names))


def clip(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, an ellipsis marking a cut."""
    if len(text) <= width:
        return text
    return text[:max(0, width - 1)] + "…" if width > 0 else ""


def fit_line(width: int, *variants: Text) -> Text:
    """The first of ``variants`` (fullest first) that fits in ``width`` cells; else the
    last, cut with an ellipsis: a line that must not wrap onto the next."""
    for text in variants:
        if text.cell_len <= width:
            return text
    last = variants[-1].copy()
    last.truncate(width, overflow="ellipsis")
    return last


def flowed(chunks: list[Text], width: int, sep: str = "  ") -> Text:
    """The chunks on as few lines of ``width`` cells as fit, each line broken between
    chunks only, so a name is never parted from its card."""
    out = Text()
    used = 0
    for chunk in chunks:
        if used and used + len(sep) + chunk.cell_len > width:
            out.append("\n")
            used = 0
        elif used:
            out.append(sep)
            used += len(sep)
        out.append_text(chunk)
        used += chunk.cell_len
    return out


__all__ = ["TEAM_RGB", "TEAM_STYLE", "auction_text", "bid_text", "card_style", "card_text",
           "cards_text", "clip", "contract_line", "fit_line", "flowed", "four_colours",
           "score_line", "styled", "suit_text", "trick_line", "trick_plays",
           "use_four_colours"]
