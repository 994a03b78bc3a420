"""Typed actions (issue 23): each kind of action is a named tuple type, equal to and
hashing like the plain tuple of its ints; the engine hands out only typed actions;
verbs and phases have one spelling each; the discards' lazy sequence behaves like the
tuple of them all; the engine's faster seeding and drawing give the same deals."""

from __future__ import annotations

import ast
import json
import random
import typing
from enum import Enum
from itertools import combinations, islice
from math import comb
from pathlib import Path

import pytest

from five_hundred import engine, faces
from five_hundred.engine import (
    BIDDING,
    DEAL_OVER,
    DISCARD_PHASE,
    GAME_OVER,
    JOKER_PHASE,
    PAGAT_AUSTRALIAN,
    PHASES,
    PLAYING,
    PRESETS,
    TWO_JOKER_1000,
    GameState,
    Phase,
    RuleSet,
    SeatView,
    state,
    view_for,
)
from five_hundred.engine import actions as act
from five_hundred.engine.actions import (
    BID,
    BID_ACTIONS,
    DISCARD,
    JOKER_LEADS,
    JOKER_NAME,
    JOKER_NONE,
    NAME_JOKER,
    PASS,
    PASS_ACTION,
    PLAY,
    PLAY_ACTIONS,
    Discard,
    Discards,
    JokerLead,
    MakeBid,
    NameJoker,
    Pass,
    Play,
    as_action,
)
from five_hundred.engine.cards import JOKER

ROOT = Path(__file__).resolve().parents[2]

# Each type with instances and the plain tuple each must equal.
EXAMPLES: list[tuple[object, tuple[int, ...]]] = [
    (Pass(PASS), (0,)),
    (PASS_ACTION, (0,)),
    (MakeBid(BID, 7), (1, 7)),
    (BID_ACTIONS[12], (1, 12)),
    (Discard([7, 5, 6]), (2, 5, 6, 7)),
    (Discard([4, 5, 6, 20, 21, 22]), (2, 4, 5, 6, 20, 21, 22)),
    (NameJoker(JOKER_NAME, 2), (3, 2)),
    (NAME_JOKER[JOKER_NONE], (3, 4)),
    (Play(PLAY, 38), (4, 38)),
    (PLAY_ACTIONS[15], (4, 15)),
    (JokerLead(PLAY, JOKER, 3), (4, 15, 3)),
    (JOKER_LEADS[0], (4, 15, 0)),
]


@pytest.mark.parametrize(("typed", "plain"), EXAMPLES)
def test_every_action_type_equals_and_hashes_like_its_tuple(typed: object,
                                                            plain: tuple[int, ...]) -> None:
    assert isinstance(typed, tuple)
    assert typed == plain and plain == typed
    assert hash(typed) == hash(plain)
    assert tuple(typed) == plain
    assert {typed: "x"}[plain] == "x" and {plain: "x"}[typed] == "x"
    assert as_action(plain) == typed and type(as_action(plain)) is type(typed)
    assert as_action(typed) is typed
    assert json.dumps(typed) == json.dumps(plain)  # as records and --json write them


def test_the_fields_read_what_the_positions_held() -> None:
    assert PASS_ACTION.verb == PASS
    bid = BID_ACTIONS[9]
    assert (bid.verb, bid.ladder_index) == (BID, 9)
    d = Discard([30, 4, 17])
    assert (d.verb, d.cards) == (DISCARD, (4, 17, 30))
    assert (NAME_JOKER[1].verb, NAME_JOKER[1].suit) == (JOKER_NAME, 1)
    assert (PLAY_ACTIONS[20].verb, PLAY_ACTIONS[20].card) == (PLAY, 20)
    lead = JOKER_LEADS[2]
    assert (lead.verb, lead.card, lead.suit) == (PLAY, JOKER, 2)
    assert [PLAY_ACTIONS[c].card for c in range(64)] == list(range(64))


@pytest.mark.parametrize("bad", [(), (9,), (PASS, 1), (BID,), (JOKER_NAME,), (PLAY,),
                                 (PLAY, 1, 2, 3), (True,), (PLAY, 4.0)])
def test_as_action_refuses_what_is_no_action(bad: tuple[object, ...]) -> None:
    with pytest.raises(ValueError):
        as_action(bad)  # type: ignore[arg-type]


EXPECTED = {BIDDING: (Pass, MakeBid), DISCARD_PHASE: (Discard,), JOKER_PHASE: (NameJoker,),
            PLAYING: (Play, JokerLead)}


@pytest.mark.parametrize("rules", [PAGAT_AUSTRALIAN, TWO_JOKER_1000],
                         ids=["pagat", "two-joker"])
def test_legal_actions_are_instances_of_the_named_types(rules: object) -> None:
    """Every phase hands out its own types; what apply is given as a plain tuple is kept
    (and returned, and logged) as the engine's typed member."""
    seen: set[str] = set()
    for seed in range(40):
        st = GameState.new_game(rules, seed)  # type: ignore[arg-type]
        r = random.Random(seed)
        while not st.is_over and st.deal_index < 2:
            if st.deal_over:
                st.start_next_deal()
                continue
            legal = st.legal_actions()
            seen.add(st.phase)
            assert legal and all(isinstance(a, EXPECTED[st.phase]) for a in legal)
            chosen = legal[int(r.random() * len(legal))]
            kept = st.apply(tuple(chosen) if r.random() < 0.5 else chosen)
            assert kept == chosen and type(kept) is type(chosen)
            assert st.actions[-1][1] is kept or st.deal_over
        for log in st.logs:
            assert all(isinstance(a, (Pass, MakeBid, Discard, NameJoker, Play, JokerLead))
                       for _, a in log.actions)
    assert {BIDDING, DISCARD_PHASE, PLAYING} <= seen


def test_play_actions_are_the_constants_built_once() -> None:
    st = GameState.new_game(PAGAT_AUSTRALIAN, 3)
    while st.phase != PLAYING:
        st.apply(st.legal_actions()[-1])
    for a in st.legal_actions():
        assert isinstance(a, Play | JokerLead)
        assert a is PLAY_ACTIONS[a.card] or a in JOKER_LEADS


def test_a_views_legal_actions_are_typed_and_survive_json() -> None:
    st = GameState.new_game(PAGAT_AUSTRALIAN, 8)
    for _ in range(30):
        view = view_for(st, st.to_act)
        again = SeatView.model_validate_json(view.model_dump_json())
        assert again == view
        for a, b in zip(view.legal, again.legal, strict=True):
            assert type(a.action) is type(b.action) and a.action == b.action
            assert a.verb == a.action.verb
        assert json.loads(view.model_dump_json())["legal"][0]["action"] == \
            list(view.legal[0].action)
        st.apply(view.legal[-1].action, view.seat)


# ---------------------------------------------------------------- one spelling


def test_verbs_and_phases_have_one_spelling() -> None:
    """The verbs are plain ints and the phases plain strings, module constants; the
    enums that spelled them a second way (``Verb``, ``Phase.PLAY`` ...) are gone."""
    for module in (act, engine, faces):
        assert not hasattr(module, "Verb")
    assert (PASS, BID, DISCARD, JOKER_NAME, PLAY) == (0, 1, 2, 3, 4)
    assert all(type(v) is int for v in (PASS, BID, DISCARD, JOKER_NAME, PLAY))
    assert PHASES == (BIDDING, DISCARD_PHASE, JOKER_PHASE, PLAYING, DEAL_OVER, GAME_OVER)
    assert PHASES == ("bidding", "discard", "joker", "play", "deal_over", "game_over")
    assert all(type(p) is str for p in PHASES)
    assert typing.get_args(Phase) == PHASES  # Phase is their type, not an enum
    assert not (isinstance(Phase, type) and issubclass(Phase, Enum))
    assert not hasattr(Phase, "PLAY")
    # the engine's phase values are the constants themselves
    st = GameState.new_game(PAGAT_AUSTRALIAN, 1)
    assert st.phase is BIDDING and type(st.phase) is str
    assert state.BIDDING is faces.BIDDING and act.PLAY is faces.PLAY


def test_no_code_spells_a_verb_or_phase_through_an_enum() -> None:
    """Neither ``Verb.X`` nor ``Phase.X`` is written anywhere in src, tests or
    benchmarks (read with ``ast``)."""
    found = []
    for top in ("src", "tests", "benchmarks"):
        for path in (ROOT / top).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                        and node.value.id in ("Verb", "Phase"):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
                if isinstance(node, ast.ImportFrom) and any(a.name == "Verb"
                                                             for a in node.names):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


# ---------------------------------------------------------------- the discards


def _all_discards(cards: tuple[int, ...], k: int) -> tuple[tuple[int, ...], ...]:
    return tuple(islice(combinations((DISCARD, *cards), k + 1), comb(len(cards), k)))


@pytest.mark.parametrize("k", [3, 6])
def test_the_discards_are_the_tuple_of_every_discard(k: int) -> None:
    cards = (4, 5, 9, 15, 20, 26, 30, 37, 40, 44, 51, 57, 60, 62, 31, 33)[:10 + k]
    cards = tuple(sorted(cards))
    ds = Discards(cards, k)
    every = _all_discards(cards, k)
    assert len(ds) == len(every) == comb(len(cards), k)
    assert tuple(ds) == every and ds == every and every == ds
    assert hash(ds) == hash(every) and ds == Discards(cards, k)
    assert all(type(d) is Discard for d in ds)
    for i in (0, 1, 17, len(every) - 1, -1, -len(every)):
        assert ds[i] == every[i] and type(ds[i]) is Discard
    assert ds[3:40:7] == every[3:40:7]
    for i in range(0, len(every), max(1, len(every) // 97)):
        d = every[i]
        assert ds.index(d) == i and ds.index(Discard(d[1:])) == i and d in ds
    with pytest.raises(IndexError):
        ds[len(every)]


def test_the_discards_refuse_exactly_what_the_tuple_lacks() -> None:
    cards = (4, 5, 9, 15, 20, 26, 30, 37, 40, 44, 51, 57, 60)
    ds = Discards(cards, 3)
    every = _all_discards(cards, 3)
    for probe in [(DISCARD, 9, 5, 4), (DISCARD, 4, 4, 5), (DISCARD, 4, 5, 6), (PLAY, 4, 5, 9),
                  (DISCARD, 4, 5), (DISCARD, 4, 5, 9, 15), (), "x", None, [DISCARD, 4, 5, 9],
                  (DISCARD, True, 5, 9), (DISCARD, 4.0, 5, 9), (2.0, 4, 5, 9)]:
        expected = probe in every
        assert (probe in ds) == expected, probe
        if expected:
            assert ds.index(probe) == every.index(probe)
        else:
            with pytest.raises(ValueError):
                ds.index(probe)


def test_a_discard_is_applied_whatever_equal_tuple_names_it() -> None:
    st = GameState.new_game(PAGAT_AUSTRALIAN, 11)
    while st.phase == BIDDING:  # the highest bid each time: 10NT, then passes
        st.apply(st.legal_actions()[-1])
    assert st.phase == DISCARD_PHASE
    legal = st.legal_actions()
    assert isinstance(legal, Discards) and len(legal) == 286
    want = legal[100]
    kept = st.apply(tuple(want), st.declarer)
    assert kept == want and type(kept) is Discard
    assert st.discards == sum(1 << c for c in want.cards)


# ---------------------------------------------------------------- the same deals


def _old_deal_cards(rules: RuleSet, dealer: int, rng: random.Random) -> tuple[list[int], int]:
    """The deal as the engine drew it before (randrange for the cut)."""
    from five_hundred.engine.state import _deal_plan
    bits, plans = _deal_plan(rules, dealer)
    r = rng.random
    shuffled = sorted(bits, key=lambda _: r())
    cut = rng.randrange(1, len(bits))
    parts = [sum(p(shuffled)) for p in plans[cut]]
    return parts[:4], parts[4]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_seeding_and_the_draws_are_those_of_random(name: str) -> None:
    rules = PRESETS[name]
    for seed in range(300):
        text = f"five-hundred:{seed}:{seed % 7}"
        assert state.seeded_random(text).getstate() == random.Random(text).getstate()
        assert state._generator(text).getstate() == random.Random(text).getstate()[1]
        assert state.first_dealer(seed) == \
            random.Random(f"five-hundred:{seed}:dealer").randrange(4)
        dealer = seed & 3
        assert state.seeded_deal(rules, seed, 2, dealer) == \
            _old_deal_cards(rules, dealer, random.Random(f"five-hundred:{seed}:2"))
