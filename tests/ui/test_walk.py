"""Who saw which hand (issue 8): a hand on the screen while the wrong person is at the
keyboard is the leak that checking the cards of a view cannot see. The walk over 300+
deals is ``benchmarks/curtain_walk.py``; here a short walk, and its positive control.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from five_hundred.hotseat import Controller

from .walk import WrongPerson, walk


async def test_every_hand_is_drawn_for_the_person_who_lifted_the_last_curtain(
        tmp_path: Path) -> None:
    """Seed 3: three deals, with take-backs (on the table and on the next curtain),
    claims and forced cards now and then."""
    deals, hands = await walk(tmp_path, 3, 3)
    assert deals == 3 and hands > 40


async def test_walk_catches_a_new_deal_without_its_curtain(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Positive control: the old controller kept the last viewer across deals, so a
    player who played the last card and bid first in the next deal saw the new hand
    with no curtain. Put back, the walk catches it."""
    keep = Controller.forget_viewer

    def only_at_the_start(self: Controller) -> None:
        if self.viewer is None:
            keep(self)

    monkeypatch.setattr(Controller, "forget_viewer", only_at_the_start)
    with pytest.raises(WrongPerson):  # seed 2: deal 1 ends with the first bidder's card
        await walk(tmp_path, 2, 2, extras=False, auto_play=False)


async def test_walk_catches_a_take_back_that_skips_the_curtain(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Positive control (issue 13, A): u pressed on the next person's curtain took the
    move back and showed the mover's hand at once, though the curtain cannot tell who
    pressed u. Put back (the table no longer covered when another person is to act),
    the walk catches it."""
    monkeypatch.setattr(Controller, "_cover", lambda self: None)
    with pytest.raises(WrongPerson):
        await walk(tmp_path, 3, 3)
