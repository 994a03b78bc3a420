"""Positions for the review and end-of-game tests, from game records played by four
easy computer players (tests/fixtures/game-*.json: seeds 6, 35 and 24), loaded straight
into the app's controller: no deal is played through the user interface."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from five_hundred.engine.record import dumps_record, load_record
from five_hundred.hotseat import Controller, Kind, Player
from five_hundred.ui.app import FiveHundredApp

FIXTURES = Path(__file__).parent.parent / "fixtures"
WON = FIXTURES / "game-won-by-contract.json"  # N–S make 6NT to reach 510, deal 8
LOST = FIXTURES / "game-lost-at-minus-500.json"  # E–W fall to −530 in deal 7 (misère)
DEFENDED = FIXTURES / "game-defended-past-500.json"  # E–W reach 510 by defending, deal 12


def controller_of(path: Path, deals: int | None = None,
                  kind: Kind = "person") -> Controller:
    """The game of a record (its first ``deals`` deals), every seat a person (or a
    computer)."""
    record = load_record(path)
    if deals is not None:
        record = record.model_copy(update={"deals": record.deals[:deals]})
    return Controller.from_record_text(dumps_record(record),
                                       [Player(n, kind, "easy") for n in record.names], 1)


async def begin(pilot: Pilot[None], path: Path, deals: int | None = None,
                kind: Kind = "person") -> Controller:
    """Put the app at the end of that game's last deal (its summary)."""
    app = pilot.app
    assert isinstance(app, FiveHundredApp)
    await pilot.pause()
    controller = controller_of(path, deals, kind)
    app._begin(controller)
    await pilot.pause()
    return controller
