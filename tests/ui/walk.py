"""The "who saw which hand" walk: at every hand drawn on the table, the hand belongs to
the person who lifted the last curtain.

The walk is its own witness of who sits at the keyboard: it starts with nobody (a new
game: anyone may be looking), seats a person only when it lifts that person's curtain
(the curtain names them), and unseats everybody whenever a curtain or a deal summary
hid the table: whoever presses a key on a curtain (Enter lifts it for the person it
calls; ``u`` takes the last move back) may be anyone. Whose hand is drawn it learns
from the cards the Hand widget shows, matched against the dealt hands (an oracle that
reads the private state, here in the tests). A hand drawn while nobody, or somebody
else, is at the keyboard is a leak of the kind the leak check cannot see: every card in
it is "allowed" for the seat shown.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any
from unittest.mock import patch

from five_hundred.engine.cards import card_str, cards_of
from five_hundred.hotseat import Controller, Player
from five_hundred.ui.app import create_app
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.summary import SummaryScreen
from five_hundred.ui.screens.table import TableScreen
from five_hundred.ui.widgets.hand import Hand

from .driver import act, choose
from .helpers import fast_press, process_messages

FOUR_PEOPLE = (Player("Ana"), Player("Bruno"), Player("Carla"), Player("Davi"))


class WrongPerson(AssertionError):
    pass


def owner_of(controller: Controller, cards: tuple[str, ...]) -> int | None:
    """The seat whose hand (or hand plus kitty, in the exchange) holds ``cards``."""
    s = controller._state  # the test's oracle; the UI never reads the state
    shown = set(cards)
    for seat in range(4):
        own = {card_str(c) for c in cards_of(s.hands[seat] | (
            s.kitty if seat == s.declarer else 0))}
        if shown and shown <= own:
            return seat
    return None


class Witness:
    """Watches every hand given to the Hand widget, the moment it is given."""

    def __init__(self) -> None:
        self.controller: Controller | None = None
        self.at_keyboard: int | None = None
        self.checked = 0
        # the first wrong hand: raised in the walk (a hand drawn by a key's handler
        # raises inside the app, which the walk would not otherwise see)
        self.failure: WrongPerson | None = None

    def shown(self, cards: tuple[str, ...]) -> None:
        if not cards or self.controller is None:
            return
        seat = owner_of(self.controller, cards)
        self.checked += 1
        if seat != self.at_keyboard:
            self.failure = self.failure or WrongPerson(
                f"deal {self.controller.public().deal_number}: the hand of seat {seat} is "
                f"drawn while seat {self.at_keyboard} is at the keyboard")
            raise self.failure


async def walk(folder: Path, seed: int, deals: int, *, extras: bool = True,
               auto_play: bool = True) -> tuple[int, int]:
    """Play ``deals`` four-person deals; returns (deals, hands checked). Raises
    ``WrongPerson`` at the first hand drawn for someone not at the keyboard.
    ``extras``: take moves back (``u``) and claim (``c``) now and then; ``auto_play``:
    forced cards are played for the person."""
    witness = Witness()
    original = Hand.show

    def show(hand: Hand, cards: tuple[str, ...], *args: Any, **kwargs: Any) -> None:
        witness.shown(cards)
        original(hand, cards, *args, **kwargs)

    with patch.object(Hand, "show", show):  # put back on the way out
        return await _walk(folder, seed, deals, witness, extras, auto_play)


async def _walk(folder: Path, seed: int, deals: int, witness: Witness, extras: bool,
                auto_play: bool) -> tuple[int, int]:
    played = game = idle = 0
    while played < deals:
        rng = random.Random(f"walk:{seed}:{game}")
        app = create_app(folder / f"g{game}", seed=seed * 1000 + game, players=FOUR_PEOPLE,
                         pace=3600.0, auto_play=auto_play)
        witness.at_keyboard = None  # a new game: anyone may be looking
        async with app.run_test(size=(80, 24)) as pilot:
            witness.controller = app.controller
            while played < deals:
                await process_messages(pilot)
                if witness.failure is not None:
                    raise witness.failure
                c = app.controller
                assert c is not None
                screen = app.screen
                if isinstance(screen, SummaryScreen):
                    played += 1
                    witness.at_keyboard = None  # the table was hidden: anyone may sit there
                    if c.game_over:
                        break
                    app.next_deal()
                elif isinstance(screen, CurtainScreen):
                    witness.at_keyboard = None  # a curtain: anyone may sit down now
                    if extras and c.can_take_back() and rng.random() < 0.3:
                        await fast_press(pilot, "u")  # pressed by whoever is there
                    else:
                        witness.at_keyboard = screen.seat  # the person it calls lifts it
                        await fast_press(pilot, "enter")
                elif extras and c.can_take_back() and rng.random() < 0.05:
                    # u on the table: the person who moved last takes the move back
                    app.take_back()
                elif isinstance(screen, TableScreen):
                    if screen.view is None:  # a key's message still on its way
                        idle += 1
                        assert idle < 50, "a person must be able to act"
                        await pilot.pause()
                        continue
                    idle = 0
                    if extras and screen.mode == "play" and len(c.public().tricks) >= 5 and \
                            rng.random() < 0.05:
                        app.on_table_screen_claim(TableScreen.Claim(screen.view.seat))
                        continue
                    act(app, choose(screen.view.legal_actions, rng, 0.3))
        game += 1
    return played, witness.checked
