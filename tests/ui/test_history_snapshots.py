"""Snapshots (pytest-textual-snapshot) of the History, game and Statistics screens at
80×24 and 120×40, from the three games of tests/history_fixtures.py; and of the list and
the statistics with four long names, a practice game, take-backs and hints, in English,
Portuguese (Portugal and Brazil) and Spanish (``long_names``). Regenerate with
``--snapshot-update`` and look at the SVGs."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

from five_hundred import i18n
from five_hundred.ui.app import create_app
from five_hundred.ui.screens import history as history_screens
from tests.history_fixtures import long_names, three_games

SIZES = [(80, 24), (120, 40)]


async def to_history(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.press("f2")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def to_game(pilot: Pilot[None]) -> None:
    await to_history(pilot)
    await pilot.press("enter")


async def to_statistics(pilot: Pilot[None]) -> None:
    await to_history(pilot)
    await pilot.press("s")


SCREENS: dict[str, Callable[[Pilot[None]], Awaitable[None]]] = {
    "history": to_history,
    "game": to_game,
    "statistics": to_statistics,
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", list(SCREENS))
def test_snapshot(snap_compare, tmp_path: Path, screen: str,  # type: ignore[no-untyped-def]
                  size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_screens, "localtime", time.gmtime)
    app = create_app(three_games(tmp_path), autostart=False)
    assert snap_compare(app, terminal_size=size, run_before=SCREENS[screen])


@pytest.fixture
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", ["history", "statistics"])
@pytest.mark.parametrize("lang", ["en", "pt", "pt_BR", "es"], indirect=True)
def test_snapshot_long_names(snap_compare, tmp_path: Path, screen: str,  # type: ignore[no-untyped-def]
                             size: tuple[int, int], lang: str,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_screens, "localtime", time.gmtime)
    app = create_app(long_names(tmp_path), autostart=False)
    assert snap_compare(app, terminal_size=size, run_before=SCREENS[screen])
