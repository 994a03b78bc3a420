"""Every word and symbol a person reads about cards, suits, bids, seats, sides and the
events of a deal, in one place (the place the languages will be translated).

No engine import at run time: the start screen uses these names before the engine is
loaded, and the engine takes its seat names and suit symbols from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from five_hundred.engine import PublicView, TrickView

SEATS = ("North", "East", "South", "West")
TEAMS = ("North–South", "East–West")
TEAMS_SHORT = ("N–S", "E–W")
SUIT_LETTERS = "SCDH"
SUIT_SYMBOLS = "♠♣♦♥"
SUIT_OF_LETTER = dict(zip(SUIT_LETTERS, SUIT_SYMBOLS, strict=True))
JOKERS = ("JK", "J2")
MINUS = "−"  # a true minus sign, everywhere a person reads a number


def suit_label(letter: str) -> str:
    """``H`` -> ``♥``; ``NT`` (or anything else) stays as it is."""
    return SUIT_OF_LETTER.get(letter, letter)


def bid_label(code: str) -> str:
    """Human label of a bid code: ``7H`` -> ``7♥``, ``MIS`` -> ``misère``."""
    names = {"MIS": "misère", "OMIS": "open misère", "BMIS": "blind misère"}
    if code in names:
        return names[code]
    if code.startswith("GAME "):
        rest = code[5:]
        return "game " + SUIT_OF_LETTER.get(rest, rest)
    if code.endswith("NT"):
        return code
    return code[:-1] + SUIT_OF_LETTER.get(code[-1], code[-1])


def card_label(code: str) -> str:
    """``TH`` -> ``10♥``; the jokers stay ``JK`` / ``J2``."""
    if code in JOKERS:
        return code
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUIT_OF_LETTER[code[1]]


def log_lines(public: PublicView, names: Sequence[str]) -> list[str]:
    """The deal's log, oldest first, written from the public view alone, so a private
    decision (the cards discarded, a joker left without a suit) cannot appear in it."""
    out = [f"Deal {public.deal_number}: {names[public.dealer]} deals"] \
        if public.deal_number > 1 else []
    for seat, code in public.auction:
        out.append(f"{names[seat]} passes" if code == "pass"
                   else f"{names[seat]} bids {bid_label(code)}")
    declarer = public.declarer
    if declarer is None:
        return out
    if public.phase != "discard":
        out.append(f"{names[declarer]} takes the kitty and discards "
                   f"{public.rules.kitty_size} cards")
    if public.joker_suit is not None:
        out.append(f"{names[declarer]} names the joker a {SUIT_OF_LETTER[public.joker_suit]}")
    tricks = (*public.tricks, public.trick) if public.trick else public.tricks
    for number, trick in enumerate(tricks, 1):
        called = called_suit(public, trick)
        for i, (seat, card) in enumerate(trick.plays):
            if i == 0 and called is not None:
                out.append(f"{names[seat]} leads the joker, calling {SUIT_OF_LETTER[called]}")
            else:
                out.append(f"{names[seat]} plays {card_label(card)}")
        if trick.winner is not None:
            out.append(f"{names[trick.winner]} wins trick {number}")
    return out


def called_suit(public: PublicView, trick: TrickView) -> str | None:
    """The suit called by a suitless joker led to ``trick`` in no trumps or misère
    (R26), else None."""
    if not trick.plays or trick.plays[0][1] not in JOKERS:
        return None
    if public.trump != "NT" or public.joker_suit is not None:
        return None
    return trick.led if trick.led in SUIT_OF_LETTER else None


class _Action(Protocol):
    """The engine's ``LegalAction`` as far as words are concerned."""

    @property
    def verb(self) -> Enum: ...
    @property
    def bid(self) -> str | None: ...
    @property
    def cards(self) -> tuple[str, ...]: ...
    @property
    def suit(self) -> str | None: ...


def action_label(action: _Action) -> str:
    """An action in words and symbols: ``play 10♥``, ``bid 7♦``, ``play JK calling ♥``."""
    verb = action.verb.name
    if verb == "PASS":
        return "pass"
    if verb == "BID":
        return "bid " + bid_label(action.bid or "")
    if verb == "DISCARD":
        return "discard " + " ".join(card_label(c) for c in action.cards)
    if verb == "JOKER_NAME":
        return "joker " + (SUIT_OF_LETTER[action.suit] if action.suit else "none")
    label = "play " + card_label(action.cards[0])
    return f"{label} calling {SUIT_OF_LETTER[action.suit]}" if action.suit else label


def describe_hint(hint: object) -> str:
    """One or two lines from the bots' ``Hint`` (its action, reason and candidates'
    chances, all already in this notation)."""
    action = getattr(hint, "action", None)
    label = getattr(action, "label", None)
    if not isinstance(label, str):
        return str(hint)
    line = f"{label} — {getattr(hint, 'reason', '')}".rstrip(" —")
    candidates = getattr(hint, "candidates", ())
    if candidates:
        parts = [f"{card_label(c.action.cards[0])} {c.chance:.0%}"
                 for c in list(candidates)[:6]]
        line += "\nchance per card: " + ", ".join(parts)
    return line


def win_explanation(public: PublicView, names: Sequence[str]) -> str:
    """How the game was won, in one sentence, from the public view of a finished game
    (R34-R36, V6): the contract that took the winners to the target, or the other side's
    fall to the losing score."""
    w = public.winner
    if w is None or not public.results:
        return ""
    rules = public.rules
    last = public.results[-1]
    n = len(public.results)
    d = last.declarer
    contract = last.contract
    if contract is not None and d is not None and contract.startswith("GAME "):
        if d & 1 == w:
            return f"{who(names, d)} made the game bid ({bid_label(contract)}) in deal {n}."
        return (f"{who(names, d)} failed the game bid ({bid_label(contract)}) in deal {n}: "
                "the other side wins.")
    if contract is not None and d is not None and d & 1 == w and last.made \
            and public.scores[w] >= rules.target:
        return (f"{who(names, d)} made {bid_label(contract)} in deal {n}: {TEAMS[w]} reached "
                f"{points(public.scores[w])} by making their own contract.")
    loser = 1 - w
    if public.scores[loser] <= rules.losing_score:
        return (f"{TEAMS[loser]} fell to {points(public.scores[loser])} in deal {n}: a side "
                f"at {points(rules.losing_score)} or below loses.")
    if not rules.win_only_by_contract and public.scores[w] >= rules.target:
        return f"{TEAMS[w]} reached {points(public.scores[w])} first, in deal {n}."
    return public.win_reason.replace("-", MINUS)


def defending_note(public: PublicView) -> str | None:
    """Why the game goes on although a side has passed the target (R35): one sentence,
    or None when no side has (or the game is over, or the rules let any 500 win)."""
    rules = public.rules
    if public.winner is not None or not rules.win_only_by_contract:
        return None
    past = [t for t in (0, 1) if public.scores[t] >= rules.target]
    if not past:
        return None
    target = points(rules.target)
    if len(past) == 1:
        t = past[0]
        who_ = f"{TEAMS[t]} have {points(public.scores[t])}"
    else:
        who_ = (f"{TEAMS[0]} ({points(public.scores[0])}) and {TEAMS[1]} "
                f"({points(public.scores[1])}) are past {target}")
    return (f"{who_}, but the game goes on: points won by defending never win, only a side "
            f"that makes its own contract with {target} or more wins (R35).")


# The double-dummy analysis in the deal review (bots/analysis.py): every sentence whole,
# so that each can be translated as it stands.
DD_MARK = "✗"  # a card (or a trick holding one) that lost against best play
DD_COMPUTING = "Double-dummy (all hands known): computing…"
DD_FAILED = "Double-dummy (all hands known): this deal could not be analysed."
DD_LEGEND = "✗ marks a trick or a card that lost against best play, all hands known."
DD_ALL_KEPT = "Double-dummy: every card of the deal kept the best result."
DD_TRICK_KEPT = "Double-dummy: every card of this trick kept the best result."


def dd_result(contract: str, misere: bool, could: int, made: int) -> str:
    """The contract's double-dummy value and what was made of it, one sentence:
    ``could``/``made`` are the declaring side's tricks (misère: 1 = the misère made)."""
    label = bid_label(contract)
    if misere:
        if could and made:
            return f"Double-dummy: the {label} could be made against any defence, and it was."
        if could:
            return f"Double-dummy: the {label} could be made against any defence, but it failed."
        if made:
            return f"Double-dummy: the best defence beats this {label}, but it was made."
        return f"Double-dummy: the best defence beats this {label}, and it was beaten."
    if could == 1:
        return f"Double-dummy: {label} could make 1 trick; it made {made}."
    return f"Double-dummy: {label} could make {could} tricks; it made {made}."


def dd_card(name: str, card: str, lost: int, misere: bool, declaring: bool) -> str:
    """Why a card is marked ✗: what it lost against best play, one sentence."""
    label = card_label(card)
    if misere and declaring:
        return f"✗ {name} played {label}: after it, the misère could no longer be made."
    if misere:
        return f"✗ {name} played {label}: after it, the misère could no longer be beaten."
    if lost == 1:
        return f"✗ {name} played {label}: it lost 1 trick against best play."
    return f"✗ {name} played {label}: it lost {lost} tricks against best play."


def who(names: Sequence[str], seat: int) -> str:
    """``Ana (North)``, or ``North`` when the player kept the seat's name."""
    return names[seat] if names[seat] == SEATS[seat] else f"{names[seat]} ({SEATS[seat]})"


def points(n: int) -> str:
    """A score with a true minus sign: ``−200``."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def signed(n: int) -> str:
    """A change of score: ``+40``, ``0``, ``−200``."""
    return f"+{n}" if n > 0 else points(n)


__all__ = [
    "DD_ALL_KEPT", "DD_COMPUTING", "DD_FAILED", "DD_LEGEND", "DD_MARK", "DD_TRICK_KEPT",
    "JOKERS", "MINUS", "SEATS", "SUIT_LETTERS", "SUIT_OF_LETTER", "SUIT_SYMBOLS", "TEAMS",
    "TEAMS_SHORT", "action_label", "bid_label", "called_suit", "card_label", "dd_card",
    "dd_result", "defending_note", "describe_hint", "log_lines", "points", "signed",
    "suit_label", "who", "win_explanation",
]
