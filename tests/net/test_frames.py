"""The table frames of one position are built once for all seats (``Shared``) and
written with their common parts once (``table_text``): what each client reads must be
exactly what it would read if its frame were built and written alone."""

from __future__ import annotations

import json
import random

from five_hundred import i18n
from five_hundred.bots.levels import player
from five_hundred.engine import PAGAT_AUSTRALIAN
from five_hundred.hotseat import Controller, Player
from five_hundred.net.protocol import Table, dump, parse_server
from five_hundred.net.table import Shared, seat_model, table_text

from .helpers import NAMES

LANGS = ("en", "pt", "pt_BR", "es")


def test_frames_built_together_are_the_frames_built_alone() -> None:
    """Two deals, every position, every seat, each in another language (and one with a
    hint): the frame built with the position's shared parts and written by
    ``table_text`` reads as the same object as the frame built and dumped alone."""
    c = Controller(PAGAT_AUSTRALIAN, [Player(n) for n in NAMES], 11)
    c.play_on_own_screens(range(4))
    c.auto_play = True
    bot = player("easy")
    rng = random.Random(5)
    positions = shared_hits = 0
    while not c.game_over and c.public().deal_number <= 2:
        if c.between_deals:
            c.start_next_deal()
            continue
        shared = Shared(c.public())
        for seat in range(4):
            lang = LANGS[(seat + positions) % 4]
            hint = "try the ace" if seat == positions % 4 else ""
            with i18n.using(lang):
                alone = Table(model=seat_model(c, seat, hint=hint), decision=c.token)
                together = Table(model=seat_model(c, seat, hint=hint, shared=shared),
                                 decision=c.token)
            text = table_text(together, shared)
            assert json.loads(text) == json.loads(dump(alone))
            assert parse_server(text) == alone
            shared_hits += together.model.public is shared.public
        positions += 1
        acting = c.acting_seat
        assert acting is not None
        c.act(bot.choose(c.seat_view(acting), rng, 0.05))
    assert positions > 40
    assert shared_hits == 4 * positions


def test_a_frame_that_is_not_the_shared_one_is_written_as_it_is() -> None:
    """A frame whose log is another object than the position's (as a server that wrote
    something more into one frame would have) is written with its own log, not the
    shared one: ``table_text`` takes from ``shared`` only the very objects it holds."""
    c = Controller(PAGAT_AUSTRALIAN, [Player(n) for n in NAMES], 3)
    c.play_on_own_screens(range(4))
    shared = Shared(c.public())
    frame = Table(model=seat_model(c, 0, shared=shared), decision=c.token)
    table_text(frame, shared)  # the shared log is written once, and kept
    other = frame.model_copy(update={"model": frame.model.model_copy(
        update={"log": (*frame.model.log, "one line more")})})
    text = table_text(other, shared)
    assert json.loads(text)["model"]["log"][-1] == "one line more"
    assert json.loads(text) == json.loads(dump(other))
    public = frame.model.public.model_copy(update={"deal_number": 9})
    moved = frame.model_copy(update={"model": frame.model.model_copy(
        update={"public": public})})
    assert json.loads(table_text(moved, shared))["model"]["public"]["deal_number"] == 9
