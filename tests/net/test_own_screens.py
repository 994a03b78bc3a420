"""The controller's seats on screens of their own (issue 24) and ``i18n.using``: what
the table server builds on, checked without a socket."""

from __future__ import annotations

import threading

import pytest

from five_hundred import i18n
from five_hundred.engine import PAGAT_AUSTRALIAN
from five_hundred.hotseat import ClaimAnswer, Controller, Player
from five_hundred.i18n import _
from tests.acting import act_text

PEOPLE = [Player("Ana"), Player("Bruno"), Player("Carla"), Player("Davi")]


def remote_table(seed: int = 15) -> Controller:
    c = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed=seed)
    c.play_on_own_screens(range(4))
    return c


def test_no_curtain_concerns_a_seat_on_its_own_screen() -> None:
    c = remote_table()
    steps = 0
    while not c.deal_over:
        assert not c.needs_curtain()
        seat = c.acting_seat
        assert seat is not None
        view = c.seat_view(seat)
        assert view.seat == seat and view.legal
        c.act(view.legal[len(view.legal) // 2])
        steps += 1
    assert steps > 10
    assert c.viewer is None  # nobody is at the host's keyboard


def test_a_seat_at_the_keyboard_gets_no_view_of_its_own() -> None:
    c = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed=15)
    c.play_on_own_screens((1, 3))
    assert c.seat_view(1).seat == 1
    with pytest.raises(ValueError):
        c.seat_view(0)


def test_the_curtain_stands_among_the_persons_at_the_keyboard_only() -> None:
    """North and South share the keyboard, East and West are remote: with two persons
    at the keyboard a curtain stands before each of their turns, never before East's or
    West's; with one, the rule of one person at the keyboard (no curtain) holds."""
    c = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed=15)
    c.play_on_own_screens((1, 3))
    seen = set()
    while c.public().phase == "bidding":
        seat = c.acting_seat
        assert seat is not None
        if seat in (1, 3):
            assert not c.needs_curtain()
            c.act(c.seat_view(seat).legal[-1])  # pass
            continue
        if c.needs_curtain():
            seen.add(seat)
            c.reveal()
        view = c.table_view()
        assert view is not None and view.seat == seat
        c.act(view.legal[-1])
    assert seen == {0, 2}
    alone = Controller(PAGAT_AUSTRALIAN, PEOPLE, seed=15)
    alone.play_on_own_screens((1, 2, 3))
    assert alone.viewer == 0 and not alone.needs_curtain()


def test_a_take_back_is_only_the_askers_own() -> None:
    c = remote_table()
    seat = c.acting_seat
    assert seat is not None
    act_text(c, "pass")
    other = (seat + 1) % 4
    assert c.take_back_refusal(other) is not None
    assert not c.can_take_back(other)
    with pytest.raises(RuntimeError):
        c.take_back(other)
    assert c.can_take_back(seat)
    assert c.take_back(seat) == seat
    assert c.acting_seat == seat and c.takebacks[seat] == 1


def test_hints_and_claims_are_for_the_acting_seat_only() -> None:
    c = remote_table()
    seat = c.acting_seat
    assert seat is not None
    other = (seat + 1) % 4
    refused = c.hint_request(0.01, asker=other)
    assert refused.view is None and refused.text
    request = c.hint_request(0.01, asker=seat)
    assert request.view is not None and request.view.seat == seat
    assert c.hint_is_current(request)
    assert c.hints[seat] == 1
    answer = c.claim_request(other)
    assert isinstance(answer, ClaimAnswer) and not answer.accepted
    assert c.why_not("AS", other) == _("It is not your turn.")


def test_set_player_hands_a_seat_to_a_computer_and_back() -> None:
    c = remote_table()
    seat = c.acting_seat
    assert seat is not None
    c.set_player(seat, Player("Ana", "computer", "easy"))
    assert c.computer_to_act()
    c.set_player(seat, Player("Ana"))
    assert c.person_to_act()


def test_using_makes_a_language_current_for_a_block_only() -> None:
    i18n.set_language("en")
    english = _("It is not your turn.")
    with i18n.using("pt"):
        portuguese = _("It is not your turn.")
        assert i18n.language() == "pt"
        with i18n.using("es"):
            assert i18n.language() == "es"
            assert i18n.decimal(1.5) == "1,5"
        assert i18n.language() == "pt"
        seen: list[str] = []
        # another thread meanwhile sees the process's language, not the block's
        thread = threading.Thread(target=lambda: seen.append(i18n.language()))
        thread.start()
        thread.join()
        assert seen == ["en"]
    assert portuguese != english
    assert i18n.language() == "en" and _("It is not your turn.") == english
    with pytest.raises(ValueError), i18n.using("fr"):
        pass
