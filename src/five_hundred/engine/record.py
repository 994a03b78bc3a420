"""The JSON game record (docs/record-format.md): load, validate, save and replay.

A record is the rules, the names, the starting scores and, per deal, the dealer, the
four hands and the kitty as dealt and the actions in order (``"SEAT:VERB ARGS"``).
Program-written records also carry the game's ``seed`` at the top level (optional,
so that hand-written records need not have one).

Public functions:

- ``loads_record(text)`` / ``load_record(path)`` -> ``GameRecord``; a record that
  cannot be read raises ``MalformedRecord`` whose message is one line saying what and
  where (``deal 2: hands[1] has 9 cards, expected 10``).
- ``replay_record(record)`` -> ``Replay``: the ``GameState`` after every action, or
  up to the first illegal one, which is then described by ``Replay.error``
  (a ``ReplayError`` numbering deal and action from 1 and naming the rule).
  Structural faults found while replaying (a deal listed after the game was won, a
  new deal while the previous one is unfinished, a dealer out of turn) are
  ``MalformedRecord`` too.
- ``record_from_state(state, names)`` and ``dumps_record(record)``: what the program
  writes. Canonical card and action spellings, a fixed key order and layout, so that
  ``dumps_record(loads_record(dumps_record(r))) == dumps_record(r)`` byte for byte.
- ``replay_json(replay)``: the ``--json`` object of ``five-hundred replay`` (the
  readable account is ``five_hundred.report``: words for people live outside the
  engine).

Choices the format's first text left open (docs/record-format.md states them too):

- Top-level keys other than ``format``, ``rules``, ``names``, ``start_scores``,
  ``seed`` and ``deals``, and deal keys other than ``dealer``, ``hands``, ``kitty``
  and ``actions``, are errors, like unknown rule keys. ``rules`` and at least one
  deal are required.
- A record whose last deal is finished while the game is not over is a game in
  progress. What happens next is fixed by the rules whatever the cards: the deal
  passes to the left (R7) and the player left of the new dealer bids first (R8). So
  ``replay --json`` reports ``"status": "in-progress"``, ``"phase": "bidding"`` and
  ``"to_act"`` = that player, exactly as for a record that went on to list the next
  deal with no actions yet. ``deals`` then lists only the finished deals (the next
  one has not been dealt in the record). ``phase`` is therefore always one of
  ``bidding``, ``discard``, ``joker``, ``play``.
- A deal under way is the last entry of ``deals``: its contract and declarer once the
  auction is over (else ``null``), the tricks the teams have won so far, a zero
  ``score_change`` and the current scores.
- On an illegal action the object is ``{"error": {"deal", "action", "text",
  "reason"}, "scores": [...], "deals": [...]}``: ``text`` is the action exactly as
  written in the record (``"3:play 9H"``), ``reason`` ends with the rule id in
  parentheses (``"West holds a heart and must follow hearts (R20)"``), ``scores``
  and ``deals`` are the scores and finished deals before the faulty deal's end.
- Text from the file is data, never terminal input (issue 8, item 6): names are
  cleaned and cut to ``NAME_LIMIT`` characters on loading (``clean_name``; an empty
  name falls back to the seat's default), so a record written back carries the
  cleaned name; the ``text`` of an error object is the action with control, format
  and surrogate characters removed (``clean_text``; identical for any ordinary
  action); messages quote a bad value only as a short ``excerpt``.
- Integers in a record are at most ``INT_DIGITS`` digits long (a seed, a dealer, a
  score); a longer one is a malformed record, found before Python converts it.
- ``load_record`` reads regular files of at most ``MAX_RECORD_BYTES`` only; it never
  opens a FIFO or a device (``RecordFileError``).
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from five_hundred.safe_text import clean_name, clean_text, excerpt

from .actions import action_text
from .cards import JOKER, JOKER2, card_str, cards_of, parse_card
from .errors import IllegalAction, MalformedRecord
from .rules import RuleSet, ruleset_from_record
from .state import BIDDING, DEAL_OVER, GAME_OVER, SEAT_NAMES, GameState

FORMAT: Literal["five-hundred-record/1"] = "five-hundred-record/1"

_TOP_KEYS = ("format", "rules", "names", "start_scores", "seed", "deals")
_DEAL_KEYS = ("dealer", "hands", "kitty", "actions")
INT_DIGITS = 20  # digits of an integer in a record: a 64-bit seed needs 20
MAX_RECORD_BYTES = 16 * 1024 * 1024  # a whole game is a few kilobytes

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class DealRecord(BaseModel):
    """One deal: the dealer, the hands (seat 0..3) and kitty as dealt, the actions."""

    model_config = _FROZEN
    dealer: int
    hands: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    kitty: tuple[str, ...]
    actions: tuple[str, ...]


class GameRecord(BaseModel):
    """A whole game as docs/record-format.md describes it (cards in canonical spelling)."""

    model_config = _FROZEN
    format: Literal["five-hundred-record/1"] = FORMAT
    rules: RuleSet
    names: tuple[str, str, str, str] = SEAT_NAMES
    start_scores: tuple[int, int] = (0, 0)
    seed: int | None = None
    deals: tuple[DealRecord, ...]


class RecordError(MalformedRecord):
    """A malformed record, with the deal (from 1) it concerns when there is one."""

    def __init__(self, message: str, deal: int | None = None) -> None:
        super().__init__(message)
        self.deal = deal


class RecordFileError(RecordError):
    """A path that is not a record file at all: a directory, a FIFO, a device, or a
    file larger than ``MAX_RECORD_BYTES``."""


class _HugeInt(ValueError):
    """An integer literal longer than ``INT_DIGITS`` digits (raised inside json)."""

    def __init__(self, literal: str) -> None:
        super().__init__(literal)
        self.literal = literal


@dataclass(frozen=True, slots=True)
class ReplayError:
    """The first illegal action of a record: deal and action numbered from 1."""

    deal: int
    action: int
    text: str  # the action exactly as written in the record
    reason: str  # plain words, without the rule id
    rule: str  # e.g. "R20"

    @property
    def message(self) -> str:
        return (f"deal {self.deal}, action {self.action} {excerpt(self.text)}: "
                f"{self.reason} ({self.rule})")


@dataclass(frozen=True, slots=True)
class Replay:
    """The outcome of replaying a record: the state reached and the first error."""

    record: GameRecord
    state: GameState
    error: ReplayError | None = None


# ---------------------------------------------------------------------- loading


def _is_int(value: object) -> bool:
    return type(value) is int


def _show(value: object) -> str:
    """A decoded JSON value for a message: short, and safe to print."""
    if isinstance(value, str):
        return excerpt(value)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return json.dumps(value)  # numbers (at most INT_DIGITS digits), true, false, null


def split_action(entry: str) -> tuple[int, str] | None:
    """``(seat, action text)`` of a ``"SEAT:VERB ARGS"`` entry, or ``None`` if it is not
    one (seat 0-3, surrounding whitespace ignored, leading zeros allowed).

    String methods, not a regex: a lazy pattern followed by ``\\s*\\Z`` took time
    quadratic in a run of spaces inside the action.
    """
    seat_text, colon, rest = entry.partition(":")
    seat_text = seat_text.strip()
    rest = rest.strip()
    if not colon or not rest or not (seat_text.isascii() and seat_text.isdigit()):
        return None
    seat_text = seat_text.lstrip("0") or "0"
    if len(seat_text) != 1 or seat_text > "3":
        return None
    return int(seat_text), rest


def _where(deal: int | None) -> str:
    return f"deal {deal}: " if deal is not None else ""


def _cards(value: object, what: str, expected: int, rules: RuleSet,
           deal: int) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(f"deal {deal}: {what} must be a list of cards", deal)
    if len(value) != expected:
        raise RecordError(f"deal {deal}: {what} has {len(value)} cards, expected {expected}",
                          deal)
    out: list[int] = []
    for text in value:
        if not isinstance(text, str):
            raise RecordError(f"deal {deal}: {what} holds {_show(text)}, not a card", deal)
        try:
            out.append(parse_card(text, rules))
        except ValueError:
            raise RecordError(f"deal {deal}: card {excerpt(text)} in {what} is not a card",
                              deal) from None
    return out


def _parse_deal(raw: object, n: int, rules: RuleSet) -> DealRecord:
    if not isinstance(raw, dict):
        raise RecordError(f"deal {n}: expected an object with dealer, hands, kitty, actions", n)
    for key in raw:
        if key not in _DEAL_KEYS:
            raise RecordError(f"deal {n}: unknown key {excerpt(key)}", n)
    for key in _DEAL_KEYS:
        if key not in raw:
            raise RecordError(f"deal {n}: missing key {key!r}", n)
    dealer = raw["dealer"]
    if not _is_int(dealer) or not 0 <= dealer <= 3:
        raise RecordError(f"deal {n}: dealer must be a seat 0-3, not {_show(dealer)}", n)
    hands_raw = raw["hands"]
    if not isinstance(hands_raw, list) or len(hands_raw) != 4:
        raise RecordError(f"deal {n}: hands must be a list of 4 hands (seats 0-3)", n)
    hands = [_cards(h, f"hands[{i}]", rules.hand_size, rules, n)
             for i, h in enumerate(hands_raw)]
    kitty = _cards(raw["kitty"], "kitty", rules.kitty_size, rules, n)
    seen: dict[int, str] = {}
    for what, cards in [*((f"hands[{i}]", h) for i, h in enumerate(hands)), ("kitty", kitty)]:
        for c in cards:
            if c in seen:
                raise RecordError(f"card {card_str(c)!r} dealt twice (deal {n}: {seen[c]} "
                                  f"and {what})", n)
            seen[c] = what
    actions = raw["actions"]
    if not isinstance(actions, list):
        raise RecordError(f"deal {n}: actions must be a list of strings like \"1:bid 7H\"", n)
    for j, a in enumerate(actions, 1):
        if not isinstance(a, str):
            raise RecordError(f"deal {n}, action {j}: {_show(a)} is not a string "
                              "like \"1:bid 7H\"", n)
        if split_action(a) is None:
            raise RecordError(f"deal {n}, action {j}: {excerpt(a)} is not SEAT:ACTION with "
                              "a seat 0-3 (like \"1:bid 7H\")", n)
    return DealRecord(
        dealer=dealer,
        hands=(_canon(hands[0]), _canon(hands[1]), _canon(hands[2]), _canon(hands[3])),
        kitty=_canon(kitty),
        actions=tuple(actions),
    )


def _card_order(card: int) -> tuple[int, int]:
    """Jokers first, then spades, clubs, diamonds, hearts, each high to low."""
    if card == JOKER:
        return (-1, 0)
    if card == JOKER2:
        return (-1, 1)
    return (card >> 4, -(card & 15))


def _canon(cards: Sequence[int]) -> tuple[str, ...]:
    return tuple(card_str(c) for c in sorted(cards, key=_card_order))


def record_from_data(data: object) -> GameRecord:
    """Validate a decoded JSON value as a game record."""
    if not isinstance(data, dict):
        raise RecordError("the record must be a JSON object")
    for key in data:
        if key not in _TOP_KEYS:
            raise RecordError(f"unknown key {excerpt(key)} (known: {', '.join(_TOP_KEYS)})")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {_show(fmt)}")
    if "rules" not in data:
        raise RecordError("missing key 'rules' (e.g. {\"preset\": \"pagat-australian\"})")
    rules = ruleset_from_record(data["rules"])
    names = data.get("names", list(SEAT_NAMES))
    if (not isinstance(names, list) or len(names) != 4
            or not all(isinstance(x, str) for x in names)):
        raise RecordError("names must be a list of 4 strings (seats 0-3)")
    start = data.get("start_scores", [0, 0])
    if not isinstance(start, list) or len(start) != 2 or not all(_is_int(x) for x in start):
        raise RecordError("start_scores must be a list of 2 integers (team 0, team 1)")
    seed = data.get("seed")
    if seed is not None and not _is_int(seed):
        raise RecordError(f"seed must be an integer, not {_show(seed)}")
    deals_raw = data.get("deals")
    if not isinstance(deals_raw, list) or not deals_raw:
        raise RecordError("deals must be a list of at least one deal")
    deals: list[DealRecord] = []
    for n, raw in enumerate(deals_raw, 1):
        deal = _parse_deal(raw, n, rules)
        if deals and deal.dealer != (deals[-1].dealer + 1) & 3:
            raise RecordError(f"deal {n}: dealer is {deal.dealer}, expected "
                              f"{(deals[-1].dealer + 1) & 3} (the deal passes to the left, R7)",
                              n)
        deals.append(deal)
    # Names are display text from outside: cleaned and bounded once, here (item 6).
    clean = [clean_name(x, SEAT_NAMES[i]) for i, x in enumerate(names)]
    return GameRecord(rules=rules, names=(clean[0], clean[1], clean[2], clean[3]),
                      start_scores=(start[0], start[1]), seed=seed, deals=tuple(deals))


def _json_int(literal: str) -> int:
    # Checked before int(): Python refuses over 4300 digits only with a ValueError
    # from inside json.loads, and scores of many digits could not even be printed.
    if len(literal.lstrip("-")) > INT_DIGITS:
        raise _HugeInt(literal)
    return int(literal)


def _line_col(text: str, pos: int) -> tuple[int, int]:
    return text.count("\n", 0, pos) + 1, pos - text.rfind("\n", 0, pos)


def loads_record(text: str) -> GameRecord:
    """Parse and validate a record; ``MalformedRecord`` (one line) if it is not one."""
    try:
        data = json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as exc:
        raise RecordError(f"line {exc.lineno} column {exc.colno}: invalid JSON: {exc.msg}") \
            from None
    except _HugeInt as exc:
        digits = len(exc.literal.lstrip("-"))
        where = ""
        pos = text.find(exc.literal)  # the first such run of digits: good enough to point
        if pos >= 0:
            line, col = _line_col(text, pos)
            where = f"line {line} column {col}: "
        raise RecordError(f"{where}an integer of {digits} digits ({excerpt(exc.literal, 12)}); "
                          f"a record's integers have at most {INT_DIGITS}") from None
    except RecursionError:
        raise RecordError("invalid JSON: nested too deeply") from None
    except ValueError as exc:  # any other number json cannot convert
        raise RecordError(f"invalid JSON: {excerpt(str(exc))}") from None
    return record_from_data(data)


def _file_kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _check_file(st: os.stat_result) -> None:
    if not stat.S_ISREG(st.st_mode):
        raise RecordFileError(f"is {_file_kind(st.st_mode)}, not a game record file")
    if st.st_size > MAX_RECORD_BYTES:
        raise RecordFileError(f"is {st.st_size} bytes, more than a game record's "
                              f"{MAX_RECORD_BYTES // (1024 * 1024)} MB limit")


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record file (UTF-8). ``OSError`` if it cannot be read;
    ``RecordFileError`` if it is not a regular file or is too large.

    ``stat`` first, so that a FIFO (which would block ``open`` until a writer comes)
    or a device such as ``/dev/zero`` (endless) is never opened; then the file is
    opened non-blocking and checked again, in case it was swapped in between, and
    read no further than the size limit.
    """
    _check_file(os.stat(path))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as f:
        _check_file(os.fstat(f.fileno()))
        raw = f.read(MAX_RECORD_BYTES + 1)
    if len(raw) > MAX_RECORD_BYTES:  # grew since the check
        raise RecordFileError(f"is more than a game record's "
                              f"{MAX_RECORD_BYTES // (1024 * 1024)} MB limit")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(f"byte {exc.start}: not UTF-8 text") from None
    return loads_record(text)


# ---------------------------------------------------------------------- replaying


def deal_masks(rules: RuleSet, deal: DealRecord) -> tuple[list[int], int]:
    hands = [0, 0, 0, 0]
    for seat, hand in enumerate(deal.hands):
        for t in hand:
            hands[seat] |= 1 << parse_card(t, rules)
    kitty = 0
    for t in deal.kitty:
        kitty |= 1 << parse_card(t, rules)
    return hands, kitty


def replay_record(rec: GameRecord) -> Replay:
    """Play every action of the record; stop at the first illegal one."""
    rules = rec.rules
    first = rec.deals[0]
    hands, kitty = deal_masks(rules, first)
    state = GameState.from_deal(rules, first.dealer, hands, kitty, rec.start_scores)
    state.seed = rec.seed
    for n, deal in enumerate(rec.deals, 1):
        if n > 1:
            if state.phase == GAME_OVER:
                raise RecordError(f"deal {n} is listed after the game was won in deal {n - 1}",
                                  n)
            if state.phase != DEAL_OVER:
                raise RecordError(f"deal {n - 1}: its actions stop before the deal is over "
                                  f"({state.phase}, {SEAT_NAMES[state.to_act]} to act), yet "
                                  f"deal {n} follows", n - 1)
            if deal.dealer != state.next_dealer():
                raise RecordError(f"deal {n}: dealer is {deal.dealer}, expected "
                                  f"{state.next_dealer()} (the deal passes to the left, R7)", n)
            hands, kitty = deal_masks(rules, deal)
            state.start_next_deal(hands, kitty)
        for j, entry in enumerate(deal.actions, 1):
            parsed = split_action(entry)
            if parsed is None:  # checked on loading; records built in code may skip that
                raise RecordError(f"deal {n}, action {j}: {excerpt(entry)} is not "
                                  "SEAT:ACTION", n)
            try:
                state.apply_text(parsed[1], parsed[0])
            except IllegalAction as exc:
                return Replay(rec, state, ReplayError(n, j, entry, exc.reason, exc.rule))
    return Replay(rec, state)


# ---------------------------------------------------------------------- writing


def record_from_state(state: GameState,
                      names: Sequence[str] | None = None) -> GameRecord:
    """The record of a game so far: every deal dealt, every action taken."""
    ladder = state.ladder
    deals = [DealRecord(dealer=log.dealer,
                        hands=(_canon(cards_of(log.hands[0])), _canon(cards_of(log.hands[1])),
                               _canon(cards_of(log.hands[2])), _canon(cards_of(log.hands[3]))),
                        kitty=_canon(cards_of(log.kitty)),
                        actions=tuple(f"{s}:{action_text(a, ladder)}" for s, a in log.actions))
             for log in state.logs]
    if not state.deal_over:
        d = state.dealt
        deals.append(DealRecord(
            dealer=state.dealer,
            hands=(_canon(cards_of(d[0])), _canon(cards_of(d[1])), _canon(cards_of(d[2])),
                   _canon(cards_of(d[3]))),
            kitty=_canon(cards_of(state.kitty)),
            actions=tuple(f"{s}:{action_text(a, ladder)}" for s, a in state.actions)))
    nm = tuple(names) if names is not None else SEAT_NAMES
    if len(nm) != 4:
        raise ValueError("names: give 4 names, seats 0-3")
    return GameRecord(rules=state.rules, names=(nm[0], nm[1], nm[2], nm[3]),
                      start_scores=state.start_scores, seed=state.seed, deals=tuple(deals))


def _j(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def dumps_record(rec: GameRecord) -> str:
    """The record as the program writes it: fixed key order, one action per line."""
    lines = [
        "{",
        f'  "format": {_j(rec.format)},',
        f'  "rules": {_j(rec.rules.to_record())},',
        f'  "names": {_j(list(rec.names))},',
        f'  "start_scores": {_j(list(rec.start_scores))},',
    ]
    if rec.seed is not None:
        lines.append(f'  "seed": {_j(rec.seed)},')
    lines.append('  "deals": [')
    for i, deal in enumerate(rec.deals):
        lines.append("    {")
        lines.append(f'      "dealer": {deal.dealer},')
        lines.append('      "hands": [')
        for s, hand in enumerate(deal.hands):
            lines.append(f"        {_j(list(hand))}{',' if s < 3 else ''}")
        lines.append("      ],")
        lines.append(f'      "kitty": {_j(list(deal.kitty))},')
        if deal.actions:
            lines.append('      "actions": [')
            last = len(deal.actions) - 1
            for k, a in enumerate(deal.actions):
                lines.append(f"        {_j(a)}{',' if k < last else ''}")
            lines.append("      ]")
        else:
            lines.append('      "actions": []')
        lines.append("    }" + ("," if i < len(rec.deals) - 1 else ""))
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def save_record(rec: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write a record atomically (a temporary file renamed over ``path``)."""
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(dumps_record(rec), encoding="utf-8")
    os.replace(tmp, target)


# ---------------------------------------------------------------------- reporting


def _deal_objects(state: GameState) -> list[dict[str, Any]]:
    return [{"dealer": r.dealer, "contract": r.contract, "declarer": r.declarer,
             "tricks": list(r.tricks), "score_change": list(r.score_change),
             "scores": list(r.scores)} for r in state.results]


def _current_deal_object(state: GameState) -> dict[str, Any]:
    bid = state.contract
    return {"dealer": state.dealer,
            "contract": bid.code if bid is not None else None,
            "declarer": state.declarer if bid is not None else None,
            "tricks": list(state.team_tricks()) if bid is not None else [0, 0],
            "score_change": [0, 0],
            "scores": list(state.scores)}


def replay_json(replay: Replay) -> dict[str, Any]:
    """The ``five-hundred replay --json`` object (docs/record-format.md; see the module
    docstring for the in-progress and error details)."""
    state = replay.state
    if replay.error is not None:
        e = replay.error
        return {"error": {"deal": e.deal, "action": e.action, "text": clean_text(e.text),
                          "reason": f"{e.reason} ({e.rule})"},
                "scores": list(state.scores),
                "deals": _deal_objects(state)}
    deals = _deal_objects(state)
    if state.phase == GAME_OVER:
        return {"status": "finished", "winner": state.winner, "scores": list(state.scores),
                "deals": deals}
    if state.phase == DEAL_OVER:
        phase, to_act = BIDDING, (state.next_dealer() + 1) & 3  # R7, R8
    else:
        deals.append(_current_deal_object(state))
        phase, to_act = state.phase, state.to_act
    return {"status": "in-progress", "winner": None, "scores": list(state.scores),
            "deals": deals, "phase": phase, "to_act": to_act}


__all__ = [
    "FORMAT",
    "INT_DIGITS",
    "MAX_RECORD_BYTES",
    "DealRecord",
    "GameRecord",
    "RecordError",
    "RecordFileError",
    "Replay",
    "ReplayError",
    "deal_masks",
    "dumps_record",
    "load_record",
    "loads_record",
    "record_from_data",
    "record_from_state",
    "replay_json",
    "replay_record",
    "save_record",
    "split_action",
]
