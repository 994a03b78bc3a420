"""The sampler deals only cards the seat has not seen, respects shown voids (effective
suits: the left bower and joker are trumps, R2; the suitless joker R24/R25) and keeps
kitty_size cards in the discards for defenders (R17)."""

from __future__ import annotations

import random

import pytest

from five_hundred.bots.knowledge import knowledge_of
from five_hundred.bots.sampler import PILE, sample_hands
from five_hundred.engine.cards import deck, mask_of, parse_card, play_context
from five_hundred.engine.rules import PAGAT_AUSTRALIAN, TWO_JOKER_1000, RuleSet
from five_hundred.engine.state import GameState

from .helpers import run


def _voids_from_public(view, rules: RuleSet) -> list[set[int]]:  # type: ignore[no-untyped-def]
    """Independent reading of the voids: a seat that did not follow the led suit."""
    pub = view.public
    suits = "SCDHJ"
    voids: list[set[int]] = [set(), set(), set(), set()]
    trump = pub.trump
    t = 4 if trump == "NT" else "SCDH".index(trump)
    js = "SCDH".index(pub.joker_suit) if pub.joker_suit else -1
    ctx = play_context(rules, t, js)
    tricks = [*pub.tricks, *([pub.trick] if pub.trick else [])]
    for tv in tricks:
        led = suits.index(tv.led)
        for seat, card in tv.plays[1:]:
            if ctx.eff_suit[parse_card(card, rules)] != led:
                voids[seat].add(led)
    return voids


@pytest.mark.parametrize("rules", [PAGAT_AUSTRALIAN, TWO_JOKER_1000], ids=["pagat", "2j"])
def test_sampler_respects_what_the_seat_has_seen(rules: RuleSet) -> None:
    """R2/R17/R20: no seen card dealt, no card of a shown-void suit, pile for defenders."""
    checked_voids = checked_pile = 0
    for seed in range(40):
        state = GameState.new_game(rules, seed)
        levels = ["random", "normal", "random", "normal"]
        rng = random.Random(seed)
        stop_after = rng.randrange(8, 30)
        count = [0]
        views: list = []  # type: ignore[type-arg]

        def grab(view, text, stop_after=stop_after, views=views, count=count):  # type: ignore[no-untyped-def]
            if view.public.phase == "play":
                count[0] += 1
                if count[0] == stop_after:
                    views.append(view)

        run(state, levels, seed, check=grab)
        for view in views:
            k = knowledge_of(view, rules)
            voids = _voids_from_public(view, rules)
            ctx = k.ctx
            assert ctx is not None
            seen = k.hand | k.played | k.discards | k.exposed
            all_cards = mask_of(deck(rules))
            for i in range(25):
                hands = sample_hands(k, random.Random(i))
                assert hands[k.seat] == k.hand
                union = 0
                for h in hands:
                    assert union & h == 0  # each card once
                    union |= h
                others = union & ~k.hand
                assert others & seen & ~k.exposed == 0  # nothing already seen
                assert union | seen == all_cards
                for s in range(4):
                    if s != k.seat:
                        assert hands[s].bit_count() == view.public.hand_sizes[s]
                    for v in voids[s]:
                        if s != k.seat:
                            assert hands[s] & ctx.suit_mask[v] == 0
                            checked_voids += 1
                if k.seat != k.declarer:
                    assert hands[PILE].bit_count() == rules.kitty_size  # R17
                    checked_pile += 1
                else:
                    assert hands[PILE] == 0  # the declarer knows its discards
    assert checked_voids > 50 and checked_pile > 50
