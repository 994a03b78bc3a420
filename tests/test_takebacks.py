"""Take-backs, claims and forced plays in the hot-seat controller (issue 10, items 1
and 2): what may be taken back and by whom, that the record keeps only the actions
that stand, that the counts are saved, that a claim is decided by the engine's proof
and recorded as legal plays, and that forced cards are played with no curtain."""

from __future__ import annotations

import json
import random
from pathlib import Path

from five_hundred.engine import BIDDING, PAGAT_AUSTRALIAN, PLAYING
from five_hundred.engine.record import loads_record, replay_json, replay_record
from five_hundred.hotseat import Controller, Player
from five_hundred.ui.storage import Storage
from tests.acting import act_text
from tests.engine.helpers import E, N, S, W, deal_from_text

PEOPLE = [Player("Ana"), Player("Bruno"), Player("Carla"), Player("Davi")]
ONE_PERSON = [Player("Ana"), *(Player(n, "computer", "easy") for n in ("Bruno", "Carla",
                                                                       "Davi"))]


def actions(c: Controller) -> list[str]:
    return list(json.loads(c.record_json())["deals"][-1]["actions"])


def test_take_back_a_bid_before_the_next_curtain_is_lifted() -> None:
    """Ana bids; Bruno's curtain stands; a take-back asked for on it is accepted, but
    the curtain cannot tell who pressed u (Ana, or Bruno who sat down): Ana's hand
    waits behind her own curtain (issue 13, A)."""
    c = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed=1)
    first = c.acting_seat
    assert first is not None
    c.reveal()
    assert not c.can_take_back()
    act_text(c, "bid 6S")
    assert c.needs_curtain() and c.can_take_back()
    token = c.token
    assert c.take_back() == first
    assert c.acting_seat == first and c.viewer is None and c.needs_curtain()
    assert c.table_view() is None  # no hand at all until Ana lifts her curtain
    assert actions(c) == []
    assert c.token > token  # an answer computed before the take-back is stale
    counts = [0, 0, 0, 0]
    counts[first] = 1
    assert c.takebacks == counts
    # one action at a time: a second take-back has nothing to take
    assert c.take_back_refusal() is not None


def test_nothing_to_take_back_once_another_person_lifted_a_curtain() -> None:
    c = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed=1)
    c.reveal()
    act_text(c, "pass")
    c.reveal()  # the next person sits down and looks
    assert c.take_back_refusal() is not None
    act_text(c, "pass")  # and an action of theirs replaces Ana's as the last one
    assert c.can_take_back()


def _to_first_card(c: Controller) -> None:
    """The person (North) bids 6♥ at once and passes after; the computers play until
    the person has a card to play."""
    while not c.deal_over and c.phase != PLAYING:
        if c.person_to_act():
            view = c.table_view()
            assert view is not None
            act_text(c, "bid 6H" if view.find("bid 6H") and not view.public.auction
                     else "pass")
        else:
            c.play_computer(0.01)
    assert not c.deal_over, "the deal must reach the play"
    while not c.person_to_act():
        c.play_computer(0.01)


def test_computers_replies_go_back_with_the_persons_move() -> None:
    """One person with three computers: the person's card and the computers' cards
    after it are taken back; the record keeps only what stands; the computers, asked
    again in the same position, answer the same way (seeded by the position)."""
    c = Controller(PAGAT_AUSTRALIAN, ONE_PERSON, seed=5, practice=True)
    _to_first_card(c)
    view = c.table_view()
    assert view is not None
    before = actions(c)
    c.act(view.legal[0])
    replies = 0
    while not c.deal_over and c.computer_to_act():
        c.play_computer(0.01)
        replies += 1
    assert replies >= 1 and len(actions(c)) == len(before) + 1 + replies
    after = actions(c)
    c.take_back()
    assert actions(c) == before and c.viewer == 0 and c.acting_seat == 0
    c.act(view.legal[0])
    while not c.deal_over and c.computer_to_act():
        c.play_computer(0.01)
    assert actions(c) == after


def test_counted_game_no_take_back_once_another_seat_answered() -> None:
    """Issue 13, item 14: in a counted game a card may be taken back only until another
    seat answers it -- after the computers' replies the take-back is refused (it would
    show their cards and let the person play again knowing them) and nothing changes."""
    c = Controller(PAGAT_AUSTRALIAN, ONE_PERSON, seed=5)
    _to_first_card(c)
    view = c.table_view()
    assert view is not None and not c.practice
    c.act(view.legal[0])
    assert c.can_take_back()  # nobody has answered yet: a slip may be taken back
    c.play_computer(0.01)
    before = actions(c)
    why = c.take_back_refusal()
    assert why is not None and "Too late" in why
    assert not c.can_take_back()
    try:
        c.take_back()
    except RuntimeError:
        pass
    else:
        raise AssertionError("a refused take-back must raise")
    assert actions(c) == before and c.takebacks == [0, 0, 0, 0]


def test_counted_game_take_back_before_the_answer() -> None:
    """Before any other seat has answered, the take-back is the person's own card only."""
    c = Controller(PAGAT_AUSTRALIAN, ONE_PERSON, seed=5)
    _to_first_card(c)
    view = c.table_view()
    assert view is not None
    before = actions(c)
    c.act(view.legal[0])
    assert c.take_back() == 0
    assert actions(c) == before and c.takebacks == [1, 0, 0, 0]


def test_hints_are_counted_once_per_decision() -> None:
    c = Controller(PAGAT_AUSTRALIAN, ONE_PERSON, seed=5)
    _to_first_card(c)
    c.hint_request(0.01)
    c.hint_request(0.01)  # asked twice for one decision: one hint
    assert c.hints == [1, 0, 0, 0]


def test_take_back_of_blind_misere_shows_no_hand_v5() -> None:
    """Blind misère is bid from the curtain, unseen: the last hand shown is not the
    bidder's, so after the bid (and after taking it back) no hand is on the table
    until the bidder's own curtain is lifted."""
    rules = PAGAT_AUSTRALIAN.model_copy(update={"blind_misere": True})
    players = [Player("Ana"), Player("Bruno", "computer", "easy"), Player("Carla"),
               Player("Davi", "computer", "easy")]
    for seed in range(1, 40):
        c = Controller(rules, players, seed)
        last: int | None = None  # the last person who acted
        # until blind misère is offered to a person after another person's turn
        while c.phase == BIDDING and not (c.person_to_act() and c.blind_misere_offered()
                                            and last not in (None, c.acting_seat)):
            if c.person_to_act():
                last = c.acting_seat
                c.reveal()
                act_text(c, "pass")
            else:
                c.play_computer(0.01)
        if c.phase != BIDDING:
            continue
        bidder = c.acting_seat
        assert bidder is not None and c.viewer != bidder
        c.act_blind_misere()
        assert c.table_view() is None  # nobody's hand: the bidder is at the keyboard
        c.take_back()
        assert c.acting_seat == bidder and c.needs_curtain()
        return
    raise AssertionError("no seed offers blind misère after another person's turn")


def test_record_and_side_file_after_a_take_back(tmp_path: Path) -> None:
    """The saved record holds only the actions that stand (its replay is the position
    after the take-back); the take-back counts are in the side file and resume."""
    storage = Storage(tmp_path)
    storage.prepare()
    slot = storage.new_slot()
    c = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed=3, saver=slot.write)
    storage.start(slot, c)
    c.reveal()
    act_text(c, "pass")
    c.reveal()
    act_text(c, "bid 6S")
    c.take_back()
    record = loads_record(slot.record_path.read_text(encoding="utf-8"))
    assert len(record.deals[-1].actions) == 1
    assert replay_record(record).state.to_act == c.acting_seat
    side = json.loads(slot.side_path.read_text(encoding="utf-8"))
    assert side["takebacks"] == c.takebacks and sum(c.takebacks) == 1
    assert side["practice"] is False and side["hints"] == [0, 0, 0, 0]
    again, _ = storage.load(slot.game_id)
    assert again.takebacks == c.takebacks and again.public() == c.public()
    # the side file of the version before counted per side: kept on N and E
    side["takebacks"] = [2, 3]
    slot.side_path.write_text(json.dumps(side), encoding="utf-8")
    assert storage.load(slot.game_id)[0].takebacks == [2, 3, 0, 0]
    # an older side file (no counts) or a bad one resumes with none
    side.pop("takebacks")
    side["hints"] = [1, -1, 0, 0]
    slot.side_path.write_text(json.dumps(side), encoding="utf-8")
    again = storage.load(slot.game_id)[0]
    assert again.takebacks == [0, 0, 0, 0] and again.hints == [0, 0, 0, 0]
    assert not again.practice


def test_a_practice_game_stays_one_when_resumed(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    storage.prepare()
    slot = storage.new_slot()
    c = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed=3, saver=slot.write, practice=True)
    storage.start(slot, c)
    assert storage.load(slot.game_id)[0].practice


def _strong_north() -> Controller:
    """North holds the ten top hearts and declares 10♥; four people."""
    state = deal_from_text(["JK JH JD AH KH QH TH 9H 8H 7H", "", "", ""], kitty="5S 6S 7S",
                           dealer=W)
    c = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed=0, _state=state)
    for _ in range(4):
        c.reveal()
        act_text(c, "bid 10H" if c.acting_seat == N else "pass")
    c.reveal()
    act_text(c, "discard 5S 6S 7S")
    return c


def test_claim_accepted_is_recorded_as_legal_plays() -> None:
    c = _strong_north()
    assert c.acting_seat == N and c.viewer == N
    answer = c.claim()
    assert answer.accepted, answer.message
    assert c.deal_over and c.public().results[-1].tricks == (10, 0)
    assert any("claims the remaining tricks: accepted" in line for line in c.log())
    replay = replay_record(loads_record(c.record_json()))
    assert replay.error is None
    assert replay_json(replay)["deals"][-1]["tricks"] == [10, 0]


def test_claim_refused_plays_on_and_one_try_per_trick() -> None:
    c = _strong_north()
    act_text(c, "play 7H")
    c.reveal()  # East, whose side can win nothing
    answer = c.claim()
    assert not answer.accepted and "Play on" in answer.message
    assert c.acting_seat == E and not c.deal_over
    assert any("refused" in line for line in c.log())
    again = c.claim()
    assert not again.accepted and "already" in again.message
    # not the claimer's turn: no claim
    act_text(c, c.table_view().legal[0].text)  # type: ignore[union-attr]
    assert c.acting_seat == S and not c.claim().accepted


def test_forced_cards_are_played_with_no_curtain_and_trick_ten_plays_itself() -> None:
    """Four people, auto-play on: nobody is ever asked to play a card that is their
    only legal one (so no curtain for it), and the tenth trick needs nobody."""
    rng = random.Random(2)
    asked = 0
    for seed in (2, 3):
        c = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed)
        c.auto_play = True
        while not c.deal_over:
            if c.needs_curtain():
                c.reveal()
            view = c.table_view()
            assert view is not None
            if view.public.phase == PLAYING:
                assert len(view.legal) > 1, "a forced card was left to a person"
                assert len(view.public.tricks) < 9, "trick ten waited for someone"
                asked += 1
            act_text(c, rng.choice([a.text for a in view.legal
                                    if a.text != "bid BMIS"][:3]))
        # the deal is complete and replays: forced cards are ordinary plays
        assert replay_record(loads_record(c.record_json())).error is None
        assert c.public().results[-1].contract is not None
    assert asked > 20


def test_take_back_line_stands_in_its_place_in_the_log() -> None:
    c = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed=1)
    c.reveal()
    act_text(c, "pass")
    c.reveal()
    act_text(c, "pass")
    c.take_back()
    log = c.log()
    assert log[-1].endswith("takes back a move.") and log[-2].endswith("passes")
    c.reveal()
    act_text(c, "bid 6S")
    assert c.log()[-2].endswith("takes back a move.")


def test_no_auto_play_option() -> None:
    from five_hundred.ui.launch import build_parser

    assert build_parser().parse_args(["--no-auto-play"]).no_auto_play
    assert not build_parser().parse_args([]).no_auto_play
