"""Every word and symbol a person reads about cards, suits, bids, seats, sides and the
events of a deal, in one place, in the player's language (``five_hundred.i18n``; the
constants SEATS, TEAMS ... are the engine's and the records' English names).

No engine import at run time: the start screen uses these names before the engine is
loaded. The symbols that are the same in every language (seats as records spell them,
suit letters and symbols, card faces) are ``five_hundred.faces``, shared with the
engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

from five_hundred import i18n
from five_hundred.faces import (
    BID,
    DISCARD,
    DISCARD_PHASE,
    JOKER_NAME,
    JOKERS,
    PASS,
    PLAY,
    SEATS,
    SUIT_LETTERS,
    SUIT_OF_LETTER,
    SUIT_SYMBOLS,
    card_face,
)
from five_hundred.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from five_hundred.engine import PublicView, RuleSet, TrickView

TEAMS = ("North–South", "East–West")
TEAMS_SHORT = ("N–S", "E–W")
MINUS = i18n.MINUS  # a true minus sign, everywhere a person reads a number

# The words a player reads, translated where they are shown (``seat_name`` ...).
_SEAT_WORDS = (N_("North"), N_("East"), N_("South"), N_("West"))
_TEAM_WORDS = (N_("North–South"), N_("East–West"))
_TEAM_SHORT_WORDS = (N_("N–S"), N_("E–W"))
_SUIT_WORDS = (N_("spades"), N_("clubs"), N_("diamonds"), N_("hearts"))


def seat_name(seat: int) -> str:
    """``North`` / ``Norte`` ... in the player's language."""
    return _(_SEAT_WORDS[seat])


def is_seat_name(text: str, seat: int) -> bool:
    """Whether ``text`` is the seat's own name in any of the languages: no name anyone
    typed (a field left as it was before the language changed)."""
    return text.strip() in {i18n.translations(lang).gettext(_SEAT_WORDS[seat])
                            for lang in i18n.LANGUAGES}


def team_name(team: int) -> str:
    """``North–South`` / ``Norte–Sul`` / ``Norte–Sur`` ..."""
    return _(_TEAM_WORDS[team])


def team_short(team: int) -> str:
    """``N–S`` / ``E–W`` (``E–O`` in Portuguese and Spanish)."""
    return _(_TEAM_SHORT_WORDS[team])


def default_names() -> tuple[str, ...]:
    """The seats' names in the player's language (a player who kept the name)."""
    return tuple(seat_name(s) for s in range(4))


def shown_name(name: str, seat: int) -> str:
    """A player's name as shown: a seat's own English name (what the record keeps for a
    player who typed none) in the player's language; a typed name as it is."""
    return seat_name(seat) if name == SEATS[seat] else name


def suit_label(letter: str) -> str:
    """``H`` -> ``♥``; ``NT`` (or anything else) stays as it is."""
    return SUIT_OF_LETTER.get(letter, letter)


def suit_name(letter: str) -> str:
    """``H`` -> ``hearts`` / ``copas`` / ``corazones``."""
    return _(_SUIT_WORDS[SUIT_LETTERS.index(letter)])


def bid_label(code: str) -> str:
    """Human label of a bid code: ``7H`` -> ``7♥``, ``MIS`` -> ``misère``."""
    names = {"MIS": N_("misère"), "OMIS": N_("open misère"), "BMIS": N_("blind misère")}
    if code in names:
        return _(names[code])
    if code.startswith("GAME "):
        rest = code[5:]
        return _("game {suit}").format(suit=SUIT_OF_LETTER.get(rest, rest))
    if code.endswith("NT"):
        return code
    return code[:-1] + SUIT_OF_LETTER.get(code[-1], code[-1])


_SUIT_ONE_WORDS = (N_("spade"), N_("club"), N_("diamond"), N_("heart"))


def reason_text(reason: str) -> str:
    """The engine's reason for refusing a move (an ``engine.reasons.Because``, which is
    its English sentence) in the player's language; any other text as it is."""
    template = getattr(reason, "template", None)
    args = getattr(reason, "args", None)
    if template is None or args is None:
        return reason
    return _(template).format(**{k: _reason_arg(k, v) for k, v in args.items()})


def _reason_arg(key: str, value: object) -> str:
    """One argument of a reason, written by what its name says it holds (see
    ``engine.reasons``)."""
    if isinstance(value, str):
        if key in ("bid", "high"):
            return bid_label(value)
        return reason_text(value)  # a nested reason (or words)
    assert isinstance(value, int)
    if key in ("who", "other"):
        return seat_name(value) if value >= 0 else _("Nobody")
    if key in ("card", "face"):
        code = _card_code(value)
        return card_name(code) if key == "card" else card_label(code)
    if key in ("suits", "Suits"):
        words = suit_name(SUIT_LETTERS[value])
        return words[:1].upper() + words[1:] if key == "Suits" else words
    if key == "suit":
        return _(_SUIT_ONE_WORDS[value])
    return str(value)


def _card_code(card: int) -> str:
    """A card's record code from the engine's integer (no engine import: see above)."""
    from five_hundred.engine.cards import card_str
    return card_str(card)


card_label = card_face  # a card as people see it: its face, the same in every language


_RANK_WORDS = {"A": N_("ace"), "K": N_("king"), "Q": N_("queen"), "J": N_("jack")}


def card_name(code: str) -> str:
    """A card in words, for sentences: ``jack of hearts``, ``valete de copas``,
    ``jota de corazones``; ``the joker`` (``JK``), ``the second joker`` (``J2``)."""
    if code == "JK":
        return _("the joker")
    if code == "J2":
        return _("the second joker")
    suit = suit_name(code[1])
    if code[0] in _RANK_WORDS:
        return _("{rank} of {suit}").format(rank=_(_RANK_WORDS[code[0]]), suit=suit)
    rank = "10" if code[0] == "T" else code[0]
    return _("{rank} of {suit}").format(rank=rank, suit=suit)


def log_lines(public: PublicView, names: Sequence[str]) -> list[str]:
    """The deal's log, oldest first, written from the public view alone, so a private
    decision (the cards discarded, a joker left without a suit) cannot appear in it."""
    out = [_("Deal {number}: {name} deals").format(number=public.deal_number,
                                                   name=names[public.dealer])] \
        if public.deal_number > 1 else []
    for seat, code in public.auction:
        out.append(_("{name} passes").format(name=names[seat]) if code == "pass"
                   else _("{name} bids {bid}").format(name=names[seat], bid=bid_label(code)))
    declarer = public.declarer
    if declarer is None:
        return out
    if public.phase != DISCARD_PHASE:
        k = public.rules.kitty_size
        out.append(ngettext("{name} takes the kitty and discards {n} card",
                            "{name} takes the kitty and discards {n} cards", k)
                   .format(name=names[declarer], n=k))
    if public.joker_suit is not None:
        out.append(_("{name} names the joker a {suit}").format(
            name=names[declarer], suit=SUIT_OF_LETTER[public.joker_suit]))
    tricks = (*public.tricks, public.trick) if public.trick else public.tricks
    for number, trick in enumerate(tricks, 1):
        called = called_suit(public, trick)
        for i, (seat, card) in enumerate(trick.plays):
            if i == 0 and called is not None:
                out.append(_("{name} leads the joker, calling {suit}").format(
                    name=names[seat], suit=SUIT_OF_LETTER[called]))
            else:
                out.append(_("{name} plays {card}").format(name=names[seat],
                                                          card=card_label(card)))
        if trick.winner is not None:
            out.append(_("{name} wins trick {number}").format(name=names[trick.winner],
                                                               number=number))
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
    def verb(self) -> int: ...
    @property
    def bid(self) -> str | None: ...
    @property
    def cards(self) -> tuple[str, ...]: ...
    @property
    def suit(self) -> str | None: ...


def cards_label(codes: Iterable[str]) -> str:
    """Cards by their codes, as the table writes them: ``10♠ 6♥ JK``."""
    return " ".join(card_label(c) for c in codes)


def action_label(action: _Action) -> str:
    """An action in words and symbols: ``play 10♥``, ``bid 7♦``, ``play JK calling ♥``."""
    verb = action.verb
    if verb == PASS:
        return _("pass")
    if verb == BID:
        return _("bid {bid}").format(bid=bid_label(action.bid or ""))
    if verb == DISCARD:
        return _("discard {cards}").format(cards=cards_label(action.cards))
    if verb == JOKER_NAME:
        return _("joker {suit}").format(suit=SUIT_OF_LETTER[action.suit]) if action.suit \
            else _("joker none")
    card = card_label(action.cards[0])
    if action.suit:
        return _("play {card} calling {suit}").format(card=card,
                                                      suit=SUIT_OF_LETTER[action.suit])
    return _("play {card}").format(card=card)


def option_label(action: _Action) -> str:
    """An option as a hint lists it, without the verb: ``10♥``, ``JK calling ♥``,
    ``7♦``, ``pass``."""
    verb = action.verb
    if verb == BID:
        return bid_label(action.bid or "")
    if verb == DISCARD:
        return cards_label(action.cards)
    if verb == PLAY:
        card = card_label(action.cards[0])
        if action.suit:
            return _("{card} calling {suit}").format(card=card, suit=SUIT_OF_LETTER[action.suit])
        return card
    return action_label(action)


def describe_hint(hint: object) -> str:
    """The bots' ``Hint`` in one line: its action, why in words when it is clear (a
    sentence that teaches) and its reason (already in this notation, with every option
    it weighed ranked by the number it names)."""
    action = getattr(hint, "action", None)
    if action is None or not hasattr(action, "verb"):
        return str(hint)
    label = action_label(action)
    reason = getattr(hint, "reason", "")
    why = getattr(hint, "why", "")
    if why and reason:  # the sentence that teaches first, then the figures
        return _("{action} — {why} — {reason}").format(action=label, why=why, reason=reason)
    return _("{action} — {reason}").format(action=label, reason=reason) if reason else label


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
            return _("{who} made the game bid ({bid}) in deal {deal}.").format(
                who=who(names, d), bid=bid_label(contract), deal=n)
        return _("{who} failed the game bid ({bid}) in deal {deal}: the other side "
                 "wins.").format(who=who(names, d), bid=bid_label(contract), deal=n)
    if contract is not None and d is not None and d & 1 == w and last.made \
            and public.scores[w] >= rules.target:
        return _("{who} made {bid} in deal {deal}: {team} reached {score} by making "
                 "their own contract.").format(who=who(names, d), bid=bid_label(contract),
                                               deal=n, team=team_name(w),
                                               score=points(public.scores[w]))
    loser = 1 - w
    if public.scores[loser] <= rules.losing_score:
        return _("{team} fell to {score} in deal {deal}: a side at {losing} or below "
                 "loses.").format(team=team_name(loser), score=points(public.scores[loser]),
                                  deal=n, losing=points(rules.losing_score))
    if not rules.win_only_by_contract and public.scores[w] >= rules.target:
        return _("{team} reached {score} first, in deal {deal}.").format(
            team=team_name(w), score=points(public.scores[w]), deal=n)
    return win_reason(public.win_reason).replace("-", MINUS)


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
        return _("{team} have {score}, but the game goes on: points won by defending never "
                 "win, only a side that makes its own contract with {target} or more wins "
                 "(R35).").format(team=team_name(t), score=points(public.scores[t]),
                                  target=target)
    return _("{team0} ({score0}) and {team1} ({score1}) are past {target}, but the game "
             "goes on: points won by defending never win, only a side that makes its own "
             "contract with {target} or more wins (R35).").format(
        team0=team_name(0), score0=points(public.scores[0]), team1=team_name(1),
        score1=points(public.scores[1]), target=target)


_ENGLISH_BIDS = {"misère": "MIS", "open misère": "OMIS", "blind misère": "BMIS"}
# the engine's scoring reasons (language-neutral records keep English); the patterns
# are compiled (and cached by re) when first used, not as the start screen loads
_REASONS = [
    (r"(?P<bid>.+) made: \+(?P<n>\d+), the game is won",
     N_("{bid} made: +{n}, the game is won")),
    (r"(?P<bid>.+) lost: \+(?P<n>\d+) to the defence, who win",
     N_("{bid} lost: +{n} to the defence, who win")),
    (r"(?P<bid>.+) lost: \+(?P<n>\d+) to the defence",
     N_("{bid} lost: +{n} to the defence")),
    (r"(?P<bid>.+) made: \+(?P<n>\d+)", N_("{bid} made: +{n}")),
    (r"(?P<bid>.+) failed: [−-](?P<n>\d+)", N_("{bid} failed: −{n}")),
    (r"(?P<bid>.+) lost: [−-](?P<n>\d+)", N_("{bid} lost: −{n}")),
    (r"slam: (?P<n>\d+)", N_("slam: {n}")),
]
_DEFENCE = r"defence: (?P<k>\d+) tricks? × (?P<each>\d+)(?:, capped at (?P<cap>\d+))?"


def _english_bid(label: str) -> str:
    """The engine's English label of a bid in the player's language."""
    if label in _ENGLISH_BIDS:
        return bid_label(_ENGLISH_BIDS[label])
    if label.startswith("game "):
        return _("game {suit}").format(suit=label[5:])
    return label


def score_reason(text: str) -> str:
    """One of the engine's scoring reasons (``7♥ made: +200``, ``defence: 3 tricks ×
    10``) in the player's language; anything else as it is."""
    m = re.fullmatch(_DEFENCE, text)
    if m is not None:
        k = int(m["k"])
        if m["cap"] is not None:
            return ngettext("defence: {k} trick × {each}, capped at {cap}",
                            "defence: {k} tricks × {each}, capped at {cap}", k).format(
                k=k, each=m["each"], cap=m["cap"])
        return ngettext("defence: {k} trick × {each}", "defence: {k} tricks × {each}",
                        k).format(k=k, each=m["each"])
    for pattern, template in _REASONS:
        m = re.fullmatch(pattern, text)
        if m is not None:
            fields = m.groupdict()
            if "bid" in fields:
                fields["bid"] = _english_bid(fields["bid"])
            return _(template).format(**fields)
    return text


_WIN_REASONS = [
    (r"made the game bid", N_("made the game bid")),
    (r"the other side failed its game bid", N_("the other side failed its game bid")),
    (r"made its contract to reach (?P<n>-?\d+)",
     N_("made its contract to reach {n}")),
    (r"reached (?P<n>-?\d+)", N_("reached {n}")),
    (r"the other side fell to (?P<n>-?\d+)", N_("the other side fell to {n}")),
]


def win_reason(text: str) -> str:
    """The engine's reason for a win (``reached 510``) in the player's language."""
    for pattern, template in _WIN_REASONS:
        m = re.fullmatch(pattern, text)
        if m is not None:
            return _(template).format(**{k: points(int(v)) for k, v in m.groupdict().items()})
    return text


def house_rules(rules: RuleSet) -> list[str]:
    """One line per house rule in force (the engine's ``describe_options``, in the
    player's language)."""
    lines: list[str] = []
    if rules.no_misere:
        lines.append(_("V1 no misère: misère and open misère may not be bid"))
    if rules.misere_without_seven:
        lines.append(_("V2 misère may be bid whenever it outranks the current bid"))
    if rules.joker_lead_last_trick_only:
        lines.append(_("V3 the suitless joker may be led only to the last trick"))
    if rules.defensive_cap is not None:
        lines.append(_("V4 defensive points stop at {cap}").format(cap=rules.defensive_cap))
    if rules.blind_misere:
        lines.append(_("V5 blind misère (±500) may be bid before seeing one's cards"))
    if rules.preset == "two-joker-1000":
        lines.append(_("V6 two-joker game to 1000"))
    return lines


_MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"),
           N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))


def month_name(month: int) -> str:
    """``Jan`` … ``Dec`` (``jan``/``ene`` …) for month 1 … 12, in the player's language
    (``%b`` would give the C locale's English)."""
    return _(_MONTHS[month - 1])


# The double-dummy analysis in the deal review (bots/analysis.py): every sentence whole,
# so that each can be translated as it stands.
DD_MARK = "✗"  # a card (or a trick holding one) that lost against best play
DD_COMPUTING = N_("Double-dummy (all hands known): computing…")
DD_FAILED = N_("Double-dummy (all hands known): this deal could not be analysed.")
DD_LEGEND = N_("✗ marks a trick or a card that lost against best play, all hands known.")
DD_ALL_KEPT = N_("Double-dummy: every card of the deal kept the best result.")
DD_TRICK_KEPT = N_("Double-dummy: every card of this trick kept the best result.")


def dd_result(contract: str, misere: bool, could: int, made: int) -> str:
    """The contract's double-dummy value and what was made of it, one sentence:
    ``could``/``made`` are the declaring side's tricks (misère: 1 = the misère made)."""
    label = bid_label(contract)
    if misere:
        if could and made:
            text = _("Double-dummy: the {bid} could be made against any defence, and it was.")
        elif could:
            text = _("Double-dummy: the {bid} could be made against any defence, but it "
                     "failed.")
        elif made:
            text = _("Double-dummy: the best defence beats this {bid}, but it was made.")
        else:
            text = _("Double-dummy: the best defence beats this {bid}, and it was beaten.")
        return text.format(bid=label)
    return ngettext("Double-dummy: {bid} could make {could} trick; it made {made}.",
                    "Double-dummy: {bid} could make {could} tricks; it made {made}.",
                    could).format(bid=label, could=could, made=made)


def dd_card(name: str, card: str, lost: int, misere: bool, declaring: bool) -> str:
    """Why a card is marked ✗: what it lost against best play, one sentence."""
    label = card_label(card)
    if misere and declaring:
        text = _("✗ {name} played {card}: after it, the misère could no longer be made.")
    elif misere:
        text = _("✗ {name} played {card}: after it, the misère could no longer be beaten.")
    else:
        text = ngettext("✗ {name} played {card}: it lost {n} trick against best play.",
                        "✗ {name} played {card}: it lost {n} tricks against best play.", lost)
    return text.format(name=name, card=label, n=lost)


def who(names: Sequence[str], seat: int) -> str:
    """``Ana (North)``, or ``North`` when the player kept the seat's name."""
    name = names[seat]
    if name in (SEATS[seat], seat_name(seat)):
        return seat_name(seat)
    return _("{name} ({seat})").format(name=name, seat=seat_name(seat))


def points(n: int) -> str:
    """A score with a true minus sign: ``−200``."""
    return i18n.number(n)


def signed(n: int) -> str:
    """A change of score: ``+40``, ``0``, ``−200``."""
    return f"+{i18n.number(n)}" if n > 0 else points(n)


__all__ = [
    "DD_ALL_KEPT",
    "DD_COMPUTING",
    "DD_FAILED",
    "DD_LEGEND",
    "DD_MARK",
    "DD_TRICK_KEPT",
    "JOKERS",
    "MINUS",
    "SEATS",
    "SUIT_LETTERS",
    "SUIT_OF_LETTER",
    "SUIT_SYMBOLS",
    "TEAMS",
    "TEAMS_SHORT",
    "action_label",
    "bid_label",
    "called_suit",
    "card_label",
    "card_name",
    "cards_label",
    "dd_card",
    "dd_result",
    "default_names",
    "defending_note",
    "describe_hint",
    "house_rules",
    "log_lines",
    "option_label",
    "points",
    "reason_text",
    "score_reason",
    "seat_name",
    "shown_name",
    "signed",
    "suit_label",
    "suit_name",
    "team_name",
    "team_short",
    "who",
    "win_explanation",
    "win_reason",
]
