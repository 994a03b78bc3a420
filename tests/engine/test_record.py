"""The game record of docs/record-format.md: loading, validation, replay, saving.

The rule ids named here are those the record must respect: R7 (the deal passes to
the left), R8-R16 (auction), R17 (discard), R20/R21 (play), R23 (joker naming),
R34/R35 (end of game), R39 (the documented example), V2 and V6 (house rules).
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from five_hundred.engine import (
    BIDDING,
    DEAL_OVER,
    PAGAT_AUSTRALIAN,
    TWO_JOKER_1000,
    GameState,
    MalformedRecord,
    RuleSet,
    ruleset_from_record,
)
from five_hundred.engine.record import (
    GameRecord,
    dumps_record,
    load_record,
    loads_record,
    record_from_data,
    record_from_state,
    replay_json,
    replay_record,
    save_record,
)
from five_hundred.report import replay_text

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
EXAMPLE = FIXTURES / "example-8h.json"

# The --json object documented in docs/record-format.md for its example.
DOCUMENTED = {
    "status": "finished",
    "winner": 1,
    "scores": [510, 510],
    "deals": [
        {"dealer": 0, "contract": "8H", "declarer": 1,
         "tricks": [2, 8], "score_change": [20, 300], "scores": [510, 510]}
    ],
}


def example_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return data


def replay_data(data: dict[str, Any]) -> dict[str, Any]:
    return replay_json(replay_record(record_from_data(data)))


def random_game(rules: RuleSet, seed: int, stop: int | None,
                modest: bool = False) -> GameState:
    """A seeded random legal game, stopped after ``stop`` actions (None: played out).

    Uniform choices bid wildly and most games end in one deal at -500; ``modest``
    bidders pass half the time and otherwise bid one of the three lowest legal bids,
    so that games last several deals."""
    r = random.Random(seed).random
    state = GameState.new_game(rules, seed)
    done = 0
    while not state.is_over and (stop is None or done < stop):
        if state.phase == DEAL_OVER:
            state.start_next_deal()
            continue
        legal = state.legal_actions()
        if modest and state.phase == BIDDING:
            action = legal[0] if r() < 0.5 or len(legal) == 1 else \
                legal[1 + int(r() * min(3, len(legal) - 1))]
        else:
            action = legal[int(r() * len(legal))]
        state.apply(action)
        done += 1
    return state


STATE_FIELDS = tuple(name for name in GameState.__slots__ if name != "_legal")


def assert_same_state(a: GameState, b: GameState) -> None:
    for name in STATE_FIELDS:
        assert getattr(a, name) == getattr(b, name), name
    assert a.legal_actions() == b.legal_actions()


# ---------------------------------------------------------------- the example


def test_documented_example_replays_to_documented_json_r35_r39() -> None:
    """R35/R39: the docs/record-format.md example, completed to a full legal deal, gives
    exactly the documented ``--json`` object: 8♥ made by East with 8 tricks, +300,
    the defence +20, both sides at 510 and team 1 the winner (only its own contract
    wins). The example's hands are illustrative (seat 0 is shown holding AH, which
    seat 1 plays): the fixture keeps its kitty, names, scores and the actions shown
    and deals AH, KH and the joker to seat 1."""
    out = replay_json(replay_record(load_record(EXAMPLE)))
    assert out == DOCUMENTED
    assert out["status"] == "finished"
    assert out["winner"] == 1
    assert out["scores"] == [510, 510]
    (deal,) = out["deals"]
    assert deal["dealer"] == 0
    assert deal["contract"] == "8H"
    assert deal["declarer"] == 1
    assert deal["tricks"] == [2, 8]
    assert deal["score_change"] == [20, 300]
    assert deal["scores"] == [510, 510]
    assert list(out) == ["status", "winner", "scores", "deals"]
    actions = example_data()["deals"][0]["actions"]
    assert actions[:9] == ["1:bid 7H", "2:pass", "3:pass", "0:bid 7NT", "1:bid 8H", "0:pass",
                           "1:discard 5S 6S 7C", "1:play AH", "2:play 9H"]


def test_example_text_account_r39() -> None:
    """R39: the readable account names the dealer, the auction, the contract, every
    trick with its winner, the reasons of the score and the result."""
    text = replay_text(replay_record(load_record(EXAMPLE)))
    assert "Deal 1: Ana deals" in text
    assert "Auction: Bruno bids 7♥, Carla passes, Davi passes, Ana bids 7NT, Bruno bids 8♥, " \
           "Ana passes" in text
    assert "Contract: 8♥ by Bruno" in text
    assert "Trick 1: Bruno A♥, Carla 9♥" in text
    assert text.count("— won by") == 10
    assert "Bruno–Davi: 8♥ made: +300" in text
    assert "Ana–Carla: defence: 2 tricks × 10" in text
    assert "Scores: Ana–Carla 510, Bruno–Davi 510" in text
    assert text.rstrip().endswith("Bruno–Davi win the game (made its contract to reach 510): "
                                  "510 to 510")


# ---------------------------------------------------------------- round trips


@pytest.mark.parametrize("chunk", range(10))
def test_save_and_replay_reproduces_the_state_property(chunk: int) -> None:
    """Property over 1,000 seeded random legal games (100 per chunk), stopped at a
    random point or played out, across the presets and options: the record the
    program writes is canonical (writing what it reads gives the same bytes) and
    replaying it reproduces the state: phase, seat to act, hands, scores, results,
    logs and ``legal_actions()``."""
    rule_sets = [
        PAGAT_AUSTRALIAN,
        ruleset_from_record({"preset": "pagat-australian", "misere_without_seven": True}),
        ruleset_from_record({"preset": "pagat-australian", "blind_misere": True,
                             "defensive_cap": 490}),
        ruleset_from_record({"preset": "pagat-australian", "joker_lead_last_trick_only": True,
                             "no_misere": True}),
    ]
    multi_deal = in_progress = 0
    for seed in range(chunk * 100, chunk * 100 + 100):
        rules = rule_sets[seed % len(rule_sets)]
        stop = None if seed % 5 == 0 else random.Random(-seed).randrange(1, 600)
        state = random_game(rules, seed, stop, modest=seed % 3 != 0)
        text = dumps_record(record_from_state(state))
        loaded = loads_record(text)
        assert dumps_record(loaded) == text
        replay = replay_record(loaded)
        assert replay.error is None
        assert_same_state(replay.state, state)
        multi_deal += state.deal_index > 0
        in_progress += not state.is_over
    assert multi_deal > 10
    assert in_progress > 10


def test_two_joker_game_round_trips_v6() -> None:
    """V6: a two-joker-1000 game (J2, a 6-card kitty, game bids) is written, read and
    replayed to the same state."""
    for seed in range(6):
        state = random_game(TWO_JOKER_1000, seed, None if seed % 2 else 150)
        text = dumps_record(record_from_state(state))
        data = json.loads(text)
        assert data["rules"] == {"preset": "two-joker-1000"}
        assert len(data["deals"][0]["kitty"]) == 6
        assert any("J2" in h for d in data["deals"] for h in [*d["hands"], d["kitty"]])
        loaded = loads_record(text)
        assert dumps_record(loaded) == text
        replay = replay_record(loaded)
        assert replay.error is None
        assert_same_state(replay.state, state)


def test_program_records_carry_the_seed_and_deal_on_from_it_r5() -> None:
    """R5: a program-written record carries its seed; the replayed state deals the next
    deal from it exactly as the original game would."""
    seed = 0
    while True:  # the first seed whose game is still going after two deals
        state = random_game(PAGAT_AUSTRALIAN, seed, None)
        if state.deal_index >= 2:
            break
        seed += 1
    state = GameState.new_game(PAGAT_AUSTRALIAN, seed)
    r = random.Random(seed).random
    while state.deal_index < 1 or not state.deal_over:
        if state.phase == DEAL_OVER:
            state.start_next_deal()
        legal = state.legal_actions()
        state.apply(legal[int(r() * len(legal))])
    assert state.phase == DEAL_OVER
    text = dumps_record(record_from_state(state, ["A", "B", "C", "D"]))
    data = json.loads(text)
    assert data["seed"] == state.seed
    assert data["names"] == ["A", "B", "C", "D"]
    assert list(data) == ["format", "rules", "names", "start_scores", "seed", "deals"]
    replayed = replay_record(loads_record(text)).state
    state.start_next_deal()
    replayed.start_next_deal()
    assert_same_state(replayed, state)


def test_hand_written_spellings_are_canonical_when_written() -> None:
    """Cards may be written ``10H``, ``a♠``, lower case: the record the program
    writes back spells them ``TH``, ``AS``."""
    data = example_data()
    hands = data["deals"][0]["hands"]
    hands[0] = [c.lower().replace("t", "10") for c in hands[0]]
    hands[1] = [c.replace("S", "♠").replace("C", "♣") if c != "JK" else "jk" for c in hands[1]]
    data["deals"][0]["actions"] = [a.replace("play AH", "play a♥") for a in
                                   data["deals"][0]["actions"]]
    replay = replay_record(record_from_data(data))
    assert replay.error is None
    out = json.loads(dumps_record(record_from_state(replay.state, data["names"])))
    assert "TH" in out["deals"][0]["hands"][0]
    assert "AS" in out["deals"][0]["hands"][1] and "JK" in out["deals"][0]["hands"][1]
    assert "1:play AH" in out["deals"][0]["actions"]
    assert replay_json(replay) == DOCUMENTED


def test_save_record_writes_the_canonical_text(tmp_path: Path) -> None:
    state = random_game(PAGAT_AUSTRALIAN, 3, 50)
    rec = record_from_state(state)
    path = tmp_path / "game.json"
    save_record(rec, path)
    assert path.read_text(encoding="utf-8") == dumps_record(rec)
    assert load_record(path) == rec


# ---------------------------------------------------------------- start scores, progress


def test_start_scores_carry_into_the_game_r29() -> None:
    """R29: ``start_scores`` are the scores before the first deal; when absent, 0-0."""
    data = example_data()
    data["start_scores"] = [100, 50]
    out = replay_data(data)
    assert out["scores"] == [120, 350]
    assert out["status"] == "in-progress"
    del data["start_scores"]
    assert replay_data(data)["scores"] == [20, 300]


def test_start_scores_defence_never_wins_r35() -> None:
    """R35: reaching 500 by defending does not win; the game goes on."""
    data = example_data()
    data["start_scores"] = [480, 100]
    out = replay_data(data)
    assert out["scores"] == [500, 400]
    assert out["status"] == "in-progress"
    assert out["winner"] is None


def test_finished_deal_game_not_over_reports_next_bidding_r7_r8() -> None:
    """R7/R8: after a finished deal of an unfinished game the record is in progress:
    the next deal is the left neighbour's and its left neighbour bids first."""
    data = example_data()
    data["start_scores"] = [0, 0]
    out = replay_data(data)
    assert out["status"] == "in-progress"
    assert out["phase"] == "bidding"
    assert out["to_act"] == 2  # dealer 0 -> next dealer 1 -> South bids first
    assert len(out["deals"]) == 1


@pytest.mark.parametrize(("cut", "phase", "to_act", "contract"), [
    (0, "bidding", 1, None),
    (4, "bidding", 1, None),
    (6, "discard", 1, "8H"),
    (7, "play", 1, "8H"),
    (9, "play", 3, "8H"),
    (27, "play", 2, "8H"),
    (30, "play", 1, "8H"),
])
def test_game_in_progress_r8_r17_r19(cut: int, phase: str, to_act: int,
                                     contract: str | None) -> None:
    """R8/R17/R19: a record whose last deal stops anywhere is a game in progress;
    ``--json`` gives the phase, the seat to act and the deal under way."""
    data = example_data()
    data["deals"][0]["actions"] = data["deals"][0]["actions"][:cut]
    out = replay_data(data)
    assert out["status"] == "in-progress"
    assert out["winner"] is None
    assert out["phase"] == phase
    assert out["to_act"] == to_act
    assert out["scores"] == [490, 210]
    (deal,) = out["deals"]
    assert deal["contract"] == contract
    assert deal["declarer"] == (1 if contract else None)
    assert deal["score_change"] == [0, 0]
    assert sum(deal["tricks"]) == max(0, cut - 7) // 4


def test_joker_phase_in_progress_r23() -> None:
    """R23: in NT the declarer holding the joker names it before the lead: the record
    stopped there is in phase ``joker``; a lead before naming is illegal."""
    data = example_data()
    deal = data["deals"][0]
    deal["actions"] = ["1:bid 8NT", "2:pass", "3:pass", "0:pass", "1:discard 5S 6S 7C"]
    out = replay_data(data)
    assert (out["phase"], out["to_act"]) == ("joker", 1)
    deal["actions"].append("1:play AH")
    err = replay_data(data)["error"]
    assert err["action"] == 6
    assert err["reason"].endswith("(R23)")
    deal["actions"][-1] = "1:joker H"
    out = replay_data(data)
    assert (out["phase"], out["to_act"]) == ("play", 1)


def test_passed_out_deal_then_next_deal_r13() -> None:
    """R13/R7: four passes throw the deal in (contract null, tricks 0-0, no change);
    the next deal is the left neighbour's."""
    first = example_data()["deals"][0]
    passed = copy.deepcopy(first)
    passed["actions"] = ["1:pass", "2:pass", "3:pass", "0:pass"]
    second = copy.deepcopy(first)
    second["dealer"] = 1
    second["hands"] = first["hands"][3:] + first["hands"][:3]
    second["actions"] = []
    data = example_data()
    data["deals"] = [passed, second]
    out = replay_data(data)
    assert out["deals"][0] == {"dealer": 0, "contract": None, "declarer": None,
                               "tricks": [0, 0], "score_change": [0, 0],
                               "scores": [490, 210]}
    assert out["deals"][1]["dealer"] == 1
    assert (out["phase"], out["to_act"]) == ("bidding", 2)


# ---------------------------------------------------------------- house rules


def misere_record(rules: dict[str, Any]) -> dict[str, Any]:
    data = example_data()
    data["rules"] = rules
    data["deals"][0]["actions"] = ["1:bid 6S", "2:bid MIS", "3:pass", "0:pass", "1:pass"]
    return data


def test_misere_without_seven_option_v2_r14() -> None:
    """V2 lifts R14: with ``misere_without_seven`` misère may be bid over 6♠; without
    it the same record stops with R14."""
    out = replay_data(misere_record({"preset": "pagat-australian",
                                     "misere_without_seven": True}))
    assert "error" not in out
    assert out["deals"][0]["contract"] == "MIS"
    assert out["deals"][0]["declarer"] == 2
    assert out["phase"] == "discard"
    err = replay_data(misere_record({"preset": "pagat-australian"}))["error"]
    assert err == {"deal": 1, "action": 2, "text": "2:bid MIS",
                   "reason": "Misère may be bid only over a 7-level bid (R14)"}


def test_two_joker_preset_replays_a_hand_written_record_v6() -> None:
    """V6: a hand-written two-joker-1000 record (J2, 6-card kitty, 11-card hands and
    ``bid GAME H``) loads and replays."""
    state = GameState.new_game(TWO_JOKER_1000, 5)
    data = json.loads(dumps_record(record_from_state(state)))
    del data["seed"]
    first = state.to_act
    data["deals"][0]["actions"] = [f"{first}:bid game h"] + [
        f"{(first + k) & 3}:pass" for k in (1, 2, 3)]
    replay = replay_record(record_from_data(data))
    assert replay.error is None
    out = replay_json(replay)
    assert out["deals"][0]["contract"] == "GAME H"
    assert out["phase"] == "discard"
    assert len(replay.state.legal_actions()[0]) == 7  # DISCARD and six cards


def test_unknown_option_or_option_the_preset_lacks_is_malformed_v1_v6() -> None:
    """Unknown rule keys are errors; so is an option the preset does not have."""
    with pytest.raises(MalformedRecord, match="unknown option 'jokers_wild'"):
        record_from_data(misere_record({"preset": "pagat-australian", "jokers_wild": True}))
    with pytest.raises(MalformedRecord, match="has no option 'no_misere'"):
        record_from_data(misere_record({"preset": "two-joker-1000", "no_misere": True}))
    with pytest.raises(MalformedRecord, match="unknown preset"):
        record_from_data(misere_record({"preset": "bridge"}))


# ---------------------------------------------------------------- malformed


def with_deal(mutate: Any) -> str:
    data = example_data()
    mutate(data)
    return json.dumps(data)


def _swap_first_cards(d: dict[str, Any]) -> None:
    d["deals"][0]["hands"][1][0] = d["deals"][0]["hands"][0][0]


MALFORMED = [
    ("bad json", '{"format": "five-hundred-record/1",\n  "rules": {\n    ]',
     r"line 3 column 5: invalid JSON"),
    ("short hand", with_deal(lambda d: d["deals"][0]["hands"][1].pop()),
     r"deal 1: hands\[1\] has 9 cards, expected 10"),
    ("long kitty", with_deal(lambda d: d["deals"][0]["kitty"].append("4S")),
     r"deal 1: kitty has 4 cards, expected 3"),
    ("unknown card", with_deal(lambda d: d["deals"][0]["hands"][2].__setitem__(0, "XS")),
     r"deal 1: card 'XS' in hands\[2\] is not a card"),
    ("4 of spades", with_deal(lambda d: d["deals"][0]["hands"][2].__setitem__(0, "4S")),
     r"deal 1: card '4S' in hands\[2\] is not a card"),
    ("J2 in one-joker game", with_deal(lambda d: d["deals"][0]["kitty"].__setitem__(0, "J2")),
     r"deal 1: card 'J2' in kitty is not a card"),
    ("dealt twice", with_deal(_swap_first_cards),
     r"card 'KS' dealt twice \(deal 1: hands\[0\] and hands\[1\]\)"),
    ("unknown rule key", with_deal(lambda d: d["rules"].__setitem__("colour", "red")),
     r"rules: unknown option 'colour'"),
    ("unknown top key", with_deal(lambda d: d.__setitem__("comment", "x")),
     r"unknown key 'comment'"),
    ("unknown deal key", with_deal(lambda d: d["deals"][0].__setitem__("seed", 3)),
     r"deal 1: unknown key 'seed'"),
    ("wrong format", with_deal(lambda d: d.__setitem__("format", "five-hundred-record/2")),
     r"format must be 'five-hundred-record/1'"),
    ("no deals", with_deal(lambda d: d.__setitem__("deals", [])),
     r"deals must be a list of at least one deal"),
    ("dealer out of range", with_deal(lambda d: d["deals"][0].__setitem__("dealer", 4)),
     r"deal 1: dealer must be a seat 0-3"),
    ("bad action form", with_deal(lambda d: d["deals"][0]["actions"].__setitem__(2, "pass")),
     r"deal 1, action 3: 'pass' is not SEAT:ACTION"),
    ("seat 7", with_deal(lambda d: d["deals"][0]["actions"].__setitem__(2, "7:pass")),
     r"deal 1, action 3: '7:pass' is not SEAT:ACTION"),
    ("names", with_deal(lambda d: d.__setitem__("names", ["a", "b"])),
     r"names must be a list of 4 strings"),
    ("start scores", with_deal(lambda d: d.__setitem__("start_scores", [1, "2"])),
     r"start_scores must be a list of 2 integers"),
    ("seed", with_deal(lambda d: d.__setitem__("seed", "abc")),
     r"seed must be an integer"),
    ("not an object", "[1, 2]", r"the record must be a JSON object"),
]


@pytest.mark.parametrize(("case", "text", "message"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_records_say_what_and_where(case: str, text: str, message: str) -> None:
    """Every malformed case of docs/record-format.md raises ``MalformedRecord`` whose
    message is one line naming what is wrong and where."""
    with pytest.raises(MalformedRecord, match=message) as info:
        loads_record(text)
    assert "\n" not in str(info.value)


def second_deal(data: dict[str, Any], dealer: int) -> dict[str, Any]:
    deal: dict[str, Any] = copy.deepcopy(data["deals"][0])
    deal["dealer"] = dealer
    deal["actions"] = []
    return deal


def test_dealer_must_rotate_to_the_left_r7() -> None:
    """R7: each deal's dealer is the previous dealer's left neighbour; anything else
    is a malformed record naming the deal."""
    data = example_data()
    data["start_scores"] = [0, 0]
    data["deals"].append(second_deal(data, 3))
    with pytest.raises(MalformedRecord, match=r"deal 2: dealer is 3, expected 1 .*R7"):
        loads_record(json.dumps(data))
    # A record built in code, not loaded, is checked by the replay too.
    good = record_from_data({**data, "deals": data["deals"][:1]})
    bad_deal = good.deals[0].model_copy(update={"dealer": 3, "actions": ()})
    bad = good.model_copy(update={"deals": (*good.deals, bad_deal)})
    with pytest.raises(MalformedRecord, match=r"deal 2: dealer is 3, expected 1"):
        replay_record(bad)
    data["deals"][1]["dealer"] = 1
    assert replay_data(data)["deals"][1]["dealer"] == 1


def test_deal_after_the_game_was_won_is_malformed_r34() -> None:
    """R34: once a side has won, a further deal is a malformed record."""
    data = example_data()
    data["deals"].append(second_deal(data, 1))
    with pytest.raises(MalformedRecord, match="deal 2 is listed after the game was won"):
        replay_record(record_from_data(data))


def test_new_deal_while_the_previous_is_unfinished_is_malformed_r7() -> None:
    """R7: the next deal starts only when the previous one is over."""
    data = example_data()
    data["deals"].append(second_deal(data, 1))
    data["deals"][0]["actions"] = data["deals"][0]["actions"][:20]
    with pytest.raises(MalformedRecord, match=r"deal 1: its actions stop before the deal is "
                                              r"over .*yet deal 2 follows"):
        replay_record(record_from_data(data))


# ---------------------------------------------------------------- illegal actions


ILLEGAL = [
    # (index to replace or None to append, new action, rule, reason fragment)
    (8, "2:play KD", "R20", "South holds a trump and must follow trumps"),
    (8, "3:play JS", "R21", "It is South's turn, not West's"),
    (1, "2:bid 6S", "R10", "does not rank above the current bid"),
    (6, "1:discard 5S 6S 9H", "R17", "East does not hold"),
    (7, "1:joker H", "R23", "Only the NT or misère declarer names the joker"),
    (0, "1:bid 11H", "R9", "unknown bid"),
    (None, "1:pass", "R34", "The game is over"),
]


@pytest.mark.parametrize(("index", "action", "rule", "reason"), ILLEGAL,
                         ids=[f"{i[2]}-{i[1]}" for i in ILLEGAL])
def test_illegal_actions_stop_the_replay_naming_the_rule(
        index: int | None, action: str, rule: str, reason: str) -> None:
    """R9/R10/R17/R20/R21/R23/R34: an illegal action stops the replay with the deal and
    action (from 1), the text and the reason with the rule id; the scores so far."""
    data = example_data()
    actions = data["deals"][0]["actions"]
    if index is None:
        actions.append(action)
        number = len(actions)
    else:
        actions[index] = action
        number = index + 1
    replay = replay_record(record_from_data(data))
    assert replay.error is not None
    assert replay.error.deal == 1
    assert replay.error.action == number
    assert replay.error.text == action
    assert replay.error.rule == rule
    assert reason in replay.error.reason
    out = replay_json(replay)
    assert out["error"] == {"deal": 1, "action": number, "text": action,
                            "reason": f"{replay.error.reason} ({rule})"}
    assert out["scores"] == ([510, 510] if index is None else [490, 210])
    text = replay_text(replay)
    assert f"Replay stopped at deal 1, action {number}" in text


def test_action_after_a_finished_deal_is_illegal_r21() -> None:
    """R21: an action after its deal is over (game not over) is illegal."""
    data = example_data()
    data["start_scores"] = [0, 0]
    data["deals"][0]["actions"].append("2:bid 6S")
    err = replay_data(data)["error"]
    assert err["action"] == len(data["deals"][0]["actions"])
    assert err["reason"] == "The deal is over (R21)"


def test_loaded_record_is_a_frozen_model() -> None:
    rec = load_record(EXAMPLE)
    assert isinstance(rec, GameRecord)
    assert rec.names == ("Ana", "Bruno", "Carla", "Davi")
    assert rec.seed is None
    with pytest.raises(ValueError, match="frozen"):
        rec.seed = 3
