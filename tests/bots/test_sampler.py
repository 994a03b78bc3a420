"""The sampler deals only cards the seat has not seen, respects shown voids (effective
suits: the left bower and joker are trumps, R2; the suitless joker R24/R25) and keeps
kitty_size cards in the discards for defenders (R17)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from five_hundred.bots import player, sampler
from five_hundred.bots.sampler import (
    FOLLOW_SIGNAL,
    PILE,
    auction_weight,
    misere_badness,
    play_weight,
    sample_hands,
    weighted_sample,
)
from five_hundred.engine import PLAYING
from five_hundred.engine.cards import cards_of, deck, mask_of, parse_card, play_context
from five_hundred.engine.knowledge import knowledge_of
from five_hundred.engine.rules import PAGAT_AUSTRALIAN, TWO_JOKER_1000, RuleSet
from five_hundred.engine.state import GameState
from five_hundred.engine.views import view_for

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
            if view.public.phase == PLAYING:
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


# ------------------------------------------------------------ auction weighting

def _after(calls: list[str], seed: int = 5) -> tuple[GameState, list[int]]:
    """A seeded deal (dealer West: North bids first) after ``calls``; the callers."""
    state = GameState.new_game(R, seed)
    seats = []
    for text in calls:
        seats.append(state.to_act)
        state.apply_text(text)
    return state, seats


R = PAGAT_AUSTRALIAN
HEARTS = play_context(R, 3).suit_mask[3]  # with the joker and both red jacks
JOKER_AND_BLACK_BOWERS = mask_of(parse_card(c, R) for c in ("JK", "JS", "JC"))


def test_auction_weight_prefers_hands_that_explain_the_calls() -> None:
    """A pass is explained by a weak hand, an 8♥ bid by long hearts, misère by low
    cards: the same deal with the two hands swapped weighs far less."""
    cards = {t: parse_card(t, R) for t in ("JK", "JS", "JC", "JH", "JD", "AH", "KH", "QH",
                                         "AS", "AC", "5S", "6S", "7S", "5C", "6C", "7C",
                                         "8C", "4D", "5D", "6D", "4H", "5H", "6H")}

    def hand(*names: str) -> int:
        return mask_of(cards[n] for n in names)

    strong = hand("JK", "JH", "JD", "AH", "KH", "QH", "AS", "AC", "JS", "JC")
    weak = hand("5S", "6S", "7S", "5C", "6C", "7C", "8C", "4D", "5D", "6D")
    state, (passer, bidder) = _after(["pass", "bid 8H"])
    k = knowledge_of(view_for(state, state.to_act), R)
    masks = [0, 0, 0, 0, 0]
    masks[passer], masks[bidder] = weak, strong
    right = auction_weight(k, masks)
    masks[passer], masks[bidder] = strong, weak
    assert auction_weight(k, masks) < right / 100

    state, (_, mis) = _after(["bid 7S", "bid MIS"])
    k = knowledge_of(view_for(state, state.to_act), R)
    masks = [0, 0, 0, 0, 0]
    masks[mis] = weak
    low = auction_weight(k, masks)
    masks[mis] = strong
    assert auction_weight(k, masks) < low / 100


def _share(samples: list[list[int]], test: Callable[[list[int]], bool]) -> float:
    return sum(bool(test(m)) for m in samples) / len(samples)


def test_weighted_deals_follow_the_auction() -> None:
    """Sampled deals weighed by the auction: a seat that passed seldom holds the joker
    with a black bower (0.10 of the deals against 0.28), an 8♥ bidder is long in hearts
    (4.0 against 2.9), a misère bidder holds low cards (high-card points 8.1 against
    14.6) -- against deals that only respect the cards seen. Same seed, same deals."""
    n = 120
    state, (passer, bidder) = _after(["pass", "bid 8H"])
    k = knowledge_of(view_for(state, state.to_act), R)
    plain = [sample_hands(k, random.Random(i), plausible=False) for i in range(n)]
    weighed = [weighted_sample(k, random.Random(i)) for i in range(n)]
    assert weighed[:5] == [weighted_sample(k, random.Random(i)) for i in range(5)]

    def rich(m: list[int]) -> bool:  # the joker and one bower at least
        return bool(m[passer] & JOKER_AND_BLACK_BOWERS
                    and (m[passer] >> parse_card("JK", R)) & 1)

    assert _share(weighed, rich) < _share(plain, rich) / 2

    def hearts(samples: list[list[int]]) -> float:
        return sum((m[bidder] & HEARTS).bit_count() for m in samples) / n

    assert hearts(weighed) > hearts(plain) + 0.7

    state, (_, mis) = _after(["bid 7S", "bid MIS"])
    k = knowledge_of(view_for(state, state.to_act), R)
    plain = [sample_hands(k, random.Random(i), plausible=False) for i in range(n)]
    weighed = [weighted_sample(k, random.Random(i)) for i in range(n)]

    def badness(samples: list[list[int]]) -> float:
        return sum(misere_badness(m[mis]) for m in samples) / n

    assert badness(weighed) < badness(plain) - 3


def test_the_other_sides_passes_can_be_left_unread() -> None:
    """Issue 26: ``opponent_passes=False`` (the bidding samples of ``mc.BID_INFERENCE``
    1) reads the partner's pass as before, but not the other side's: a strong hand at
    the opponent who passed weighs as much as a weak one there."""
    strong = mask_of(parse_card(c, R) for c in ("JK", "JH", "JD", "AH", "KH", "QH", "AS",
                                                "AC", "JS", "JC"))
    weak = mask_of(parse_card(c, R) for c in ("5S", "6S", "7S", "5C", "6C", "7C", "8C",
                                              "4D", "5D", "6D"))
    state, (partner, opponent) = _after(["pass", "pass"])
    k = knowledge_of(view_for(state, state.to_act), R)
    assert (partner - k.seat) % 2 == 0 and (opponent - k.seat) % 2 == 1

    def weight(at: int, hand: int, opponent_passes: bool) -> float:
        masks = [0, 0, 0, 0, 0]
        masks[at] = hand
        return auction_weight(k, masks, opponent_passes=opponent_passes)

    for read in (True, False):  # the partner's pass: read either way
        assert weight(partner, strong, read) < weight(partner, weak, read) / 5
    assert weight(opponent, strong, True) < weight(opponent, weak, True) / 5
    assert weight(opponent, strong, False) == weight(opponent, weak, False)


def _first_trick_views(seed: int) -> list[tuple[object, int, int]]:
    """After trick 1 of a seeded deal played by ``normal``: for each card played
    second or later that did not win the trick at the time and followed the suit led,
    (a view of a seat that did not play it, the seat that played it, the card)."""
    state = GameState.new_game(R, seed)
    p = player("normal")
    rng = random.Random(seed)
    found: list[tuple[object, int, int]] = []
    while not state.deal_over:
        pub = view_for(state, 0).public
        if pub.phase == PLAYING and len(pub.tricks) == 1 and not pub.trick:
            k0 = knowledge_of(view_for(state, 0), R)
            if k0.bid is None or k0.bid.is_misere:
                return []
            plays, _w, led = k0.tricks[0]
            row = k0.kernel.rows[led] if k0.kernel else ()
            best = row[plays[0][1]]
            for s, c in plays[1:]:
                if row[c] < best and k0.ctx is not None and k0.ctx.eff_suit[c] == led:
                    watcher = next(x for x in range(4) if x != s and x != k0.out_seat)
                    found.append((view_for(state, watcher), s, c))
                best = max(best, row[c])
            return found
        seat = state.to_act
        state.apply(p.choose(view_for(state, seat), rng, 0.1).action, seat)
    return found


def test_play_weight_reads_a_low_follow(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat that followed suit with a card that could not win plays its lowest: a
    deal giving it a lower card of that suit then weighs ``FOLLOW_SIGNAL`` as much,
    and the card-play samples give it such a card less often than plain deals do
    (``sampler.PLAY_SIGNALS`` on: issue 26, measured and left off, docs/bots.md)."""
    monkeypatch.setattr(sampler, "PLAY_SIGNALS", 1)
    checked = 0
    plain_low = weighed_low = 0
    for seed in range(60):
        for view, s, c in _first_trick_views(seed):
            k = knowledge_of(view, R)  # type: ignore[arg-type]
            assert k.ctx is not None
            lower = [d for d in cards_of(k.unseen())
                     if k.ctx.eff_suit[d] == k.ctx.eff_suit[c]
                     and k.ctx.strength[d] < k.ctx.strength[c]]
            if not lower:
                continue
            masks = [0, 0, 0, 0, 0]
            assert play_weight(k, masks) == 1.0
            masks[s] = 1 << lower[0]
            assert play_weight(k, masks) == pytest.approx(FOLLOW_SIGNAL)
            below = sum(1 << d for d in lower)
            for i in range(30):
                plain_low += bool(sample_hands(k, random.Random(i))[s] & below)
                weighed_low += bool(weighted_sample(k, random.Random(i))[s] & below)
            checked += 1
    assert checked >= 10
    assert weighed_low < 0.75 * plain_low
