"""Records as people (and attackers) write them (issue 8, items 6-8, engine side).

Bid spellings with suit symbols, the two-joker "game" rung (V6), passed-out deals
and the end of the game (R34-R36), and record text that must not reach a terminal
raw or take unbounded time: huge integers, lone surrogates, escape sequences in
names, long runs of whitespace in an action, files that are not records.
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest

from five_hundred.engine import DEAL_OVER, MalformedRecord
from five_hundred.engine import record as record_module
from five_hundred.engine.record import (
    INT_DIGITS,
    MAX_RECORD_BYTES,
    RecordFileError,
    load_record,
    loads_record,
    record_from_data,
    replay_json,
    replay_record,
    split_action,
)
from five_hundred.engine.state import GAME_OVER
from five_hundred.report import replay_text
from five_hundred.safe_text import NAME_LIMIT

from .helpers import N, S, W, assert_illegal, deal_from_text, run

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "example-8h.json"


def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


def passed_out(start_scores: list[int], extra_deal: bool = False) -> dict[str, Any]:
    """The example's cards, but all four pass; optionally a second (identical) deal."""
    data = example()
    data["start_scores"] = start_scores
    data["deals"][0]["actions"] = ["1:pass", "2:pass", "3:pass", "0:pass"]
    if extra_deal:
        data["deals"].append({**copy.deepcopy(data["deals"][0]), "dealer": 1})
    return data


# ---------------------------------------------------------------- item 8: bids


@pytest.mark.parametrize(("written", "code"), [
    ("bid 7♥", "7H"), ("bid 7h", "7H"), ("bid 10♠", "10S"), ("bid 6♣", "6C"),
    ("bid 9♦", "9D"), ("BID 8nt", "8NT"),
])
def test_bid_with_suit_symbol_is_accepted_r9(written: str, code: str) -> None:
    """R9 / docs/record-format.md: ``2:bid 7♥`` (as the game shows bids) was rejected as an
    unknown bid although the symbols are accepted for suits everywhere; it is the
    same bid as ``7H`` and is written back canonically."""
    st = deal_from_text(["", "", "", ""], dealer=W)
    action = st.parse(written)
    assert st.text(action) == f"bid {code}"


def test_record_with_symbol_bids_replays_like_letters_r39() -> None:
    """R39: the example record with ``1:bid 7♥`` and ``1:bid 8♥`` replays exactly as
    with letters (it used to stop at action 1 with "unknown bid")."""
    data = example()
    actions = data["deals"][0]["actions"]
    actions[0], actions[4] = "1:bid 7♥", "1:bid 8♥"
    replay = replay_record(record_from_data(data))
    assert replay.error is None
    assert replay_json(replay) == replay_json(replay_record(record_from_data(example())))


@pytest.mark.parametrize("written", ["bid GAME ♥", "bid game ♥", "bid GAME♥", "bid game h"])
def test_v6_game_bid_with_suit_symbol_is_accepted(written: str) -> None:
    """V6: ``bid GAME ♥`` is ``GAME H``, like the letters."""
    from five_hundred.engine import TWO_JOKER_1000

    st = deal_from_text(["", "", "", ""], dealer=W, rules=TWO_JOKER_1000)
    assert st.text(st.parse(written)) == "bid GAME H"


def test_v6_game_bid_cannot_be_outbid_by_another_game_bid() -> None:
    """V6 / docs/record-format.md: "game" is one rung above 10NT whatever it names. The ladder
    had ``GAME S`` < ``GAME C`` < ... < ``GAME NT``, so ``GAME NT`` outbid ``GAME S``."""
    from five_hundred.engine import TWO_JOKER_1000, ladder_for

    ladder = ladder_for(TWO_JOKER_1000)
    for trump in ("S", "C", "D", "H", "NT"):
        assert ladder.legal_bids(ladder.parse(f"GAME {trump}"), False) == ()
    st = deal_from_text(["", "", "", ""], dealer=W, rules=TWO_JOKER_1000)
    run(st, "bid GAME S")
    assert [a for a in st.legal_actions() if a[0] != 0] == []  # only pass is left
    assert_illegal(st, "bid GAME NT", "V6", words="does not rank above")
    run(st, "pass", "pass", "pass")
    assert st.contract is not None and st.contract.code == "GAME S" and st.declarer == N


# ---------------------------------------------------------------- item 8: R34-R36


def test_passed_out_deal_checks_the_scores_r34_r36() -> None:
    """R34, R36: a side at -500 loses once a deal is over, a passed-out one too. With
    start scores [-500, 0] and four passes the game went on ("in-progress")."""
    replay = replay_record(record_from_data(passed_out([-500, 0])))
    assert replay.state.phase == GAME_OVER
    out = replay_json(replay)
    assert out["status"] == "finished" and out["winner"] == 1
    assert out["scores"] == [-500, 0]
    assert out["deals"] == [{"dealer": 0, "contract": None, "declarer": None,
                             "tricks": [0, 0], "score_change": [0, 0], "scores": [-500, 0]}]
    assert "win the game" in replay_text(replay)


def test_deal_after_a_passed_out_game_end_is_malformed_r34_r36() -> None:
    """R34-R36 / docs/record-format.md: a deal listed after the game was won (here by the
    passed-out first deal, team 0 at -600) is a malformed record."""
    with pytest.raises(MalformedRecord, match="listed after the game was won"):
        replay_record(record_from_data(passed_out([0, -600], extra_deal=True)))


def test_passed_out_deal_never_wins_by_reaching_500_r35() -> None:
    """R35: 500 or more without making a contract does not win, not even after a
    passed-out deal: the game goes on."""
    replay = replay_record(record_from_data(passed_out([600, 0])))
    assert replay_json(replay)["status"] == "in-progress"


def test_v6_thrown_in_deal_checks_the_scores_r34() -> None:
    """R34 / V6: a thrown-in deal (final bid below 8) is reported like a passed-out
    deal, and scores are checked after it: a side already past -500 has lost."""
    from five_hundred.engine import TWO_JOKER_1000

    st = deal_from_text(["", "", "", ""], dealer=W, rules=TWO_JOKER_1000,
                        start_scores=(0, -500))
    run(st, "bid 7H", "pass", "pass", "pass")
    assert st.results[-1].contract is None
    assert st.phase == GAME_OVER and st.winner == 0


def test_passed_out_deal_within_limits_moves_on_r7() -> None:
    """R7, R13: an ordinary passed-out deal still just passes the deal on."""
    st = deal_from_text(["", "", "", ""], dealer=S, start_scores=(-490, 0))
    run(st, "pass", "pass", "pass", "pass")
    assert st.phase == DEAL_OVER and st.next_dealer() == W and st.winner is None


# ---------------------------------------------------------------- item 7: parsing


def test_split_action_uses_no_regex() -> None:
    """A lazy regex ``(\\S.*?)\\s*\\Z`` took time quadratic in a run of spaces inside an
    action (200,000 spaces: minutes). The record module parses actions with string
    methods only: it no longer imports ``re`` at all."""
    assert not hasattr(record_module, "re")
    assert not hasattr(record_module, "_ACTION_RE")


def test_action_with_200000_spaces_parses_and_replays() -> None:
    """200,000 spaces inside, before and after an action: parsed (and rejected as the
    bad bid it is) in linear time; the run would hang the suite if it were not."""
    spaces = " " * 200_000
    assert split_action(f"{spaces}1{spaces}:{spaces}bid{spaces}7H{spaces}") == \
        (1, f"bid{spaces}7H")
    data = example()
    data["deals"][0]["actions"][0] = f"1:bid{spaces}7H{spaces}x"
    replay = replay_record(loads_record(json.dumps(data)))
    assert replay.error is not None and replay.error.rule == "R9"
    assert len(replay.error.message) < 200  # the action is quoted as an excerpt
    assert len(replay.error.reason) < 200
    data["deals"][0]["actions"][0] = f"1:bid{spaces}7H"  # whitespace between words
    assert replay_record(loads_record(json.dumps(data))).error is None


@pytest.mark.parametrize(("entry", "expected"), [
    ("1:bid 7H", (1, "bid 7H")), ("  3 :  pass ", (3, "pass")), ("01:pass", (1, "pass")),
    ("4:pass", None), ("pass", None), ("1:", None), ("1:   ", None), (":pass", None),
    ("-1:pass", None), ("١:pass", None), ("1" * 5000 + ":pass", None),
    ("0" * 5000 + "2:pass", (2, "pass")),
], ids=["plain", "spaces", "leading-zero", "seat-4", "no-seat", "empty", "blank", "no-digits",
        "negative", "arabic-digit", "5000-digits", "5000-zeros"])
def test_split_action_seats(entry: str, expected: tuple[int, str] | None) -> None:
    """SEAT:ACTION with a seat 0-3 in ASCII digits; a seat of thousands of digits was
    converted with ``int()`` and raised ValueError (the digit limit)."""
    assert split_action(entry) == expected


@pytest.mark.parametrize("where", ["start_scores", "dealer", "seed", "hand", "rules",
                                   "negative"])
def test_integer_of_thousands_of_digits_is_malformed(where: str) -> None:
    """An integer of 5,000 digits anywhere made ``json.loads`` raise a plain ValueError
    (Python's int-digit limit), which escaped as an internal error. Integers are
    limited to INT_DIGITS digits, checked before conversion."""
    huge = "9" * 5000
    text = json.dumps(example())
    text = {
        "start_scores": lambda t: t.replace("[490, 210]", f"[{huge}, 210]"),
        "dealer": lambda t: t.replace('"dealer": 0', f'"dealer": {huge}'),
        "seed": lambda t: t.replace('"deals":', f'"seed": {huge}, "deals":'),
        "hand": lambda t: t.replace('"KS"', huge, 1),
        "rules": lambda t: t.replace('"pagat-australian"}', f'"pagat-australian", "x": {huge}}}'),
        "negative": lambda t: t.replace("[490, 210]", f"[-{huge}, 210]"),
    }[where](text)
    with pytest.raises(MalformedRecord, match=f"5000 digits.*at most {INT_DIGITS}") as info:
        loads_record(text)
    assert len(str(info.value)) < 200 and "\n" not in str(info.value)


def test_integers_up_to_the_limit_still_load() -> None:
    """A 20-digit seed (a 64-bit seed) and ordinary scores still load."""
    data = example()
    data["seed"] = 18_446_744_073_709_551_615
    assert loads_record(json.dumps(data)).seed == data["seed"]


# ---------------------------------------------------------------- item 6: text


def test_names_with_escape_sequences_are_cleaned_and_bounded_on_load() -> None:
    """Item 6: a name holding ESC sequences (clear screen, retitle the window), a lone
    surrogate (unprintable) or 200 characters was kept as is and printed by replay."""
    data = example()
    data["names"] = ["\x1b]0;owned\x07\x1b[2JAna", "B\ud800runo", "C" * 200, "\x1b\x07 "]
    rec = record_from_data(data)
    assert rec.names[0] == "]0;owned[2JAna"
    assert rec.names[1] == "Bruno"
    assert rec.names[2] == "C" * NAME_LIMIT
    assert rec.names[3] == "West"  # nothing left: the seat's default
    text = replay_text(replay_record(rec))
    assert "\x1b" not in text and "\x07" not in text and "\ud800" not in text
    assert "C" * (NAME_LIMIT + 1) not in text


def test_replay_text_cleans_names_of_records_built_in_code() -> None:
    """Item 6: a GameRecord built in code skips loading; the names are cleaned where
    they are printed too."""
    rec = record_from_data(example()).model_copy(update={"names": ("\x1b[2JX", "B", "C", "D")})
    text = replay_text(replay_record(rec))
    assert "\x1b" not in text and "[2JX" in text


def test_error_object_text_and_messages_are_terminal_safe() -> None:
    """Item 6/7: an illegal action holding a lone surrogate and C1 control characters:
    the JSON ``text`` is cleaned (printing a surrogate raised UnicodeEncodeError) and
    the message quotes only an excerpt."""
    data = example()
    data["deals"][0]["actions"][0] = "1:bid 7\ud800\x9b2J" + "x" * 500
    replay = replay_record(record_from_data(data))
    out = replay_json(replay)
    text = out["error"]["text"]
    assert "\ud800" not in text and "\x9b" not in text and text.startswith("1:bid 72J")
    json.dumps(out, ensure_ascii=False).encode("utf-8")  # encodable
    assert replay.error is not None and len(replay.error.message) < 200
    assert "\ud800" not in replay.error.message


@pytest.mark.parametrize(("mutate", "fragment"), [
    (lambda d: d.__setitem__("k" * 5000, 1), "unknown key 'kkkk"),
    (lambda d: d["rules"].__setitem__("preset", "p" * 5000), "unknown preset 'pppp"),
    (lambda d: d["rules"].__setitem__("o" * 5000, True), "unknown option 'oooo"),
    (lambda d: d["deals"][0]["kitty"].__setitem__(0, "X" * 5000), "card 'XXXX"),
    (lambda d: d["deals"][0]["actions"].__setitem__(0, "z" * 5000), "action 1: 'zzzz"),
    (lambda d: d.__setitem__("format", "\x1b[2J" * 2000), "format must be"),
    (lambda d: d["deals"][0].__setitem__("dealer", "d" * 5000), "not 'dddd"),
])
def test_malformed_record_messages_echo_only_an_excerpt(mutate: Any, fragment: str) -> None:
    """Item 6/7: messages quoted bad values whole (5,000 characters on one line, escape
    sequences included); now a short excerpt."""
    data = example()
    mutate(data)
    with pytest.raises(MalformedRecord) as info:
        record_from_data(data)
    message = str(info.value)
    assert fragment in message
    assert len(message) < 200 and "\x1b" not in message


# ---------------------------------------------------------------- item 7: files


def test_load_record_refuses_a_fifo_without_opening_it(tmp_path: Path) -> None:
    """Item 7: ``open()`` on a FIFO blocks until a writer comes: replay hung. The path
    is stat-ed first and never opened (this test would hang otherwise)."""
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    with pytest.raises(RecordFileError, match="FIFO"):
        load_record(fifo)


def test_load_record_refuses_devices_directories_and_huge_files(tmp_path: Path) -> None:
    """Item 7: /dev/zero (endless), a directory and a file over 16 MB are refused
    before reading."""
    with pytest.raises(RecordFileError, match="device"):
        load_record("/dev/zero")
    with pytest.raises(RecordFileError, match="directory"):
        load_record(tmp_path)
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(MAX_RECORD_BYTES + 1)  # sparse: nothing is written
    with pytest.raises(RecordFileError, match="16 MB"):
        load_record(big)
    ok = tmp_path / "ok.json"
    ok.write_text(json.dumps(example()), encoding="utf-8")
    assert load_record(ok).names[0] == "Ana"
