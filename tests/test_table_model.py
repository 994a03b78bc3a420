"""The table's one model (issue 23): plain data that round-trips through JSON exactly,
and that never holds a card its seat may not know."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from five_hundred.engine import PAGAT_AUSTRALIAN
from five_hundred.engine.cards import card_str, cards_of
from five_hundred.faces import card_face
from five_hundred.hotseat import Controller, Player
from five_hundred.table_model import TableModel, table_model

FOUR_PEOPLE = tuple(Player(n) for n in ("Ana", "Bruno", "Carla", "Davi"))
CODE = re.compile(r"^(?:[2-9TJQKA][SCDH]|JK|J2)$")
FACE = re.compile(r"(?:10|[2-9JQKA])[♠♣♦♥]|JK|J2")


def models(games: int, seed: int) -> Iterator[tuple[Controller, TableModel]]:
    """A model at every step of random four-person games: the hand of whoever is to
    act once their curtain is lifted, and the table with no hand behind a curtain."""
    rng = random.Random(seed)
    for g in range(games):
        c = Controller(PAGAT_AUSTRALIAN, FOUR_PEOPLE, seed=seed * 1000 + g)
        for _ in range(2):  # two deals a game
            while not c.deal_over:
                if c.needs_curtain():
                    yield c, table_model(c, hidden=True)
                    c.reveal()
                yield c, table_model(c, thinking=rng.random() < 0.2,
                                     hint="a hint" if rng.random() < 0.2 else "")
                view = c.table_view()
                assert view is not None
                c.act(rng.choice(view.legal))
            yield c, table_model(c)
            if c.game_over:
                break
            c.start_next_deal()


CARD_KEYS = {"hand", "kitty", "discards", "cards", "plays", "exposed_hand"}
TEXT_KEYS = {"log", "hint", "names"}
BID = re.compile(r"\bbids ((?:10|[6-9])(?:[♠♣♦♥]|NT))")  # a bid's label is no card


def values(value: object, key: str = "") -> Iterator[tuple[str, str]]:
    """Every string of a dumped model with the field it is under."""
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from values(v, k)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from values(v, key)


def cards_named(model: TableModel) -> set[str]:
    """Every card the model names: as a code in a field that holds cards, as a face in
    its free text (the log, the hint, the names)."""
    found: set[str] = set()
    for key, text in values(model.model_dump(mode="json")):
        if key in CARD_KEYS and CODE.match(text):
            found.add(card_face(text))
        elif key in TEXT_KEYS:
            found.update(FACE.findall(BID.sub("bids", text)))
    return found


def may_know(model: TableModel) -> set[str]:
    """The cards the model's seat may know (everybody's, with no hand shown): its own
    hand and kitty, every card played, an open misère hand."""
    known: set[str] = set()
    public = model.public
    for trick in (*public.tricks, *([public.trick] if public.trick else [])):
        known.update(card_face(code) for _seat, code in trick.plays)
    if public.exposed_hand:
        known.update(card_face(code) for code in public.exposed_hand)
    view = model.seat_view
    if view is not None:
        known.update(card_face(code) for code in view.hand)
        known.update(card_face(code) for code in view.kitty or ())
        known.update(card_face(code) for code in view.discards or ())  # their own
    return known


def test_the_model_round_trips_through_json_over_a_thousand_positions() -> None:
    n = 0
    for _c, model in models(games=12, seed=1):
        again = TableModel.model_validate_json(model.model_dump_json())
        assert again == model
        n += 1
    assert n >= 1000, n


def test_a_model_holds_no_card_its_seat_may_not_know() -> None:
    n = 0
    for _c, model in models(games=6, seed=2):
        extra = cards_named(model) - may_know(model)
        assert not extra, (model.seat, extra)
        n += 1
    assert n >= 500, n


def test_the_check_finds_a_planted_card() -> None:
    """Positive control: a card of another seat's hand written into the log is found."""
    for c, model in models(games=1, seed=3):
        if model.seat_view is None or model.public.trick is not None:
            continue
        state = c._state
        other = (model.seat_view.seat + 1) % 4
        hidden = card_str(next(iter(cards_of(state.hands[other]))))
        planted = model.model_copy(update={"log": (*model.log,
                                                   f"Davi plays {card_face(hidden)}")})
        assert card_face(hidden) in cards_named(planted) - may_know(planted)
        assert card_face(hidden) not in cards_named(model) - may_know(model)
        return
    raise AssertionError("no position to plant a card in")
