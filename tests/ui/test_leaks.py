"""No leaks (issue 3): over 50 seeded random deals driven through the app, at every
decision point the visible screen shows no card hidden in another seat's hand, in the
kitty or in the discard -- except the open-misère hand (R22) and the declarer's own
exchange (R17) -- and the curtain shows no private card at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from five_hundred.engine import PAGAT_AUSTRALIAN, TWO_JOKER_1000
from five_hundred.hotseat import Player

from .leak import run_deals, run_deals_with_rules

FOUR_PEOPLE = [Player("Ana"), Player("Bruno"), Player("Carla"), Player("Davi")]
TWO_PEOPLE = [Player("Ana"), Player("Bruno", "computer", "easy"), Player("Carla"),
              Player("Davi", "computer", "easy")]
ONE_PERSON = [Player("Ana", "computer", "easy"), Player("Bruno"),
              Player("Carla", "computer", "easy"), Player("Davi", "computer", "easy")]


@pytest.mark.parametrize(("chunk", "players"), [
    (1, FOUR_PEOPLE), (2, FOUR_PEOPLE), (3, FOUR_PEOPLE), (4, TWO_PEOPLE), (5, ONE_PERSON),
])
async def test_no_hidden_card_on_screen_r17_r22(tmp_path: Path, chunk: int,
                                                players: list[Player]) -> None:
    """Ten deals per chunk, fifty in all: nothing hidden is ever visible."""
    deals, checks = await run_deals(tmp_path, chunk, 10, players)
    assert deals == 10
    assert checks >= 50


async def test_no_leak_with_house_rules_v3_v5(tmp_path: Path) -> None:
    """Blind misère on the curtain (V5) and joker leads last (V3) leak nothing either."""
    rules = PAGAT_AUSTRALIAN.model_copy(update={"blind_misere": True,
                                                "joker_lead_last_trick_only": True})
    deals, _checks = await run_deals_with_rules(tmp_path, 9, 4, FOUR_PEOPLE, rules)
    assert deals == 4


async def test_no_leak_in_the_two_joker_game_v6(tmp_path: Path) -> None:
    """V6 (two jokers, 6-card kitty, game bids): nothing hidden is shown either."""
    deals, checks = await run_deals_with_rules(tmp_path, 6, 4, FOUR_PEOPLE, TWO_JOKER_1000)
    assert deals == 4 and checks > 0
