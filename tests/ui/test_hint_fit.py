"""A hint that does not fit the prompt's three lines at 80×24 (a card hint in a deal
that decides the game, in Spanish) is cut with a pointer to the whole of it, never
cut off unseen; h again shows it whole in a dialog, and closing the dialog leaves the
position as it was. One that fits is shown as before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

from five_hundred import i18n
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.state import GameState
from five_hundred.hotseat import Controller, Player
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.screens.info import MessageScreen
from five_hundred.ui.screens.table import PROMPT_LINES, TableScreen
from five_hundred.ui.storage import Storage
from tests.acting import act_text

from .helpers import act_first, resize, screen_text, wait_for

BOX = str.maketrans("", "", "█▀▄")  # the dialog's frame, between its lines
SEED = 2  # at 450-450, North's 6♣ wins the game if made: the card hint says so


@pytest.fixture
def spanish() -> Iterator[None]:
    i18n.set_language("es")
    yield
    i18n.set_language("en")


def _game_at_450(folder: Path, names: tuple[str, ...] = ("Ana", "Bia", "Caio", "Duda")
                 ) -> FiveHundredApp:
    """Four people at 450-450, resumed from the saved game."""
    store = Storage(folder)
    store.prepare()
    slot = store.new_slot()
    people = tuple(Player(n) for n in names)
    state = GameState.new_game(PAGAT_AUSTRALIAN, SEED, start_scores=(450, 450))
    store.start(slot, Controller(PAGAT_AUSTRALIAN, people, SEED, saver=slot.write,
                                 _state=state))
    return create_app(folder, storage=Storage(folder), resume=True, pace=3600.0)


async def _to_the_lead_with_a_hint(app: FiveHundredApp, pilot: Pilot[None]) -> TableScreen:
    """6♣ by North, the discard, North's lead; h pressed and its hint waited for."""
    await pilot.pause()
    c = app.controller
    assert c is not None
    for text in ("bid 6C", "pass", "pass", "pass"):
        act_text(c, text)
    c.reveal()
    await act_first(app, pilot)  # the discard
    await pilot.press("h")
    table = app.screen
    assert isinstance(table, TableScreen)
    # the hint is computed inline, a step per event
    await wait_for(pilot, lambda: table.hint_text not in ("", i18n._("thinking…")))
    return table


def _prompt_lines(app: FiveHundredApp) -> list[str]:
    """The lines the prompt shows: from the one starting with the hint to the rule
    above the hand."""
    lines = screen_text(app).splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith(
        i18n._("Hint: {hint}").split("{")[0].strip()))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("▔"))
    return lines[start:end]


@pytest.mark.usefixtures("spanish")
async def test_a_long_hint_points_to_its_whole_and_h_shows_it(tmp_path: Path) -> None:
    app = _game_at_450(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _to_the_lead_with_a_hint(app, pilot)
        whole = table.hint_text
        shown = _prompt_lines(app)
        assert len(shown) == PROMPT_LINES
        assert shown[-1].rstrip().endswith("… (h: la pista completa)"), shown
        word = shown[-1].split(" … ")[0].split()[-1]
        assert word in whole.split(), word  # cut between words, not inside one
        flat = " ".join(" ".join(shown).split())
        tail = " ".join(whole.split())[-25:]
        assert tail not in flat  # the end of the hint is not on the table ...
        c = app.controller
        assert c is not None
        before = (c.public(), c.table_view())
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, MessageScreen)
        text = " ".join(screen_text(app).translate(BOX).split())  # the dialog's lines
        assert tail in text  # ... it is in the dialog, with the rest
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen is table
        assert (c.public(), c.table_view()) == before
        assert _prompt_lines(app) == shown  # the same hint, still cut with its pointer


async def test_a_hint_that_fits_is_shown_whole(tmp_path: Path) -> None:
    """The same position in English: the hint fits its three lines, with no pointer."""
    app = _game_at_450(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _to_the_lead_with_a_hint(app, pilot)
        assert not table.hint_cut
        flat = " ".join(" ".join(_prompt_lines(app)).split())
        assert " ".join(table.hint_text.split()) in flat and "whole hint" not in flat


@pytest.mark.usefixtures("spanish")
async def test_a_wider_terminal_shows_the_cut_hint_whole(tmp_path: Path) -> None:
    """The hint is fitted again when the terminal is resized: cut at 80 columns, whole
    at 120, and cut again back at 80."""
    app = _game_at_450(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _to_the_lead_with_a_hint(app, pilot)
        assert table.hint_cut
        await resize(pilot, 120, 30)
        await pilot.pause()
        assert not table.hint_cut
        flat = " ".join(screen_text(app).split())
        assert " ".join(table.hint_text.split()) in flat and "pista completa" not in flat
        await resize(pilot, 80, 24)
        await pilot.pause()
        assert table.hint_cut and "(h: la pista completa)" in screen_text(app)


@pytest.mark.usefixtures("spanish")
async def test_a_spanish_percentage_or_score_is_never_broken(tmp_path: Path) -> None:
    """``27 %`` and ``E–O 450`` keep their no-break spaces at every width from 80 to 99
    columns: no line of the hint begins with the sign, nor ends with a side whose score
    went to the next line (Rich alone breaks lines there)."""
    app = _game_at_450(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _to_the_lead_with_a_hint(app, pilot)
        assert "\u00a0%" in table.hint_text and "E–O\u00a0450" in table.hint_text
        for width in range(80, 100):
            await resize(pilot, width, 24)
            await pilot.pause()
            shown = _prompt_lines(app)
            assert not any(line.lstrip().startswith("%") for line in shown), (width, shown)
            assert not any(line.rstrip().endswith(("N–S", "E–O")) for line in shown), \
                (width, shown)


async def test_the_status_line_is_fitted_again_after_a_resize(tmp_path: Path) -> None:
    """The status line is fitted to its width once the resize is laid out: narrowed
    from 130 columns to 80 it drops "no house rules" instead of wrapping it over the
    line that says whose hand is shown, and widened again it shows it."""
    app = _game_at_450(tmp_path, ("Anastasia", "Bartholomew", "Caio", "Duda"))
    async with app.run_test(size=(130, 30)) as pilot:
        await pilot.pause()
        c = app.controller
        assert c is not None
        c.reveal()
        app.advance()
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        for width, whole in ((130, True), (80, False), (130, True)):
            await resize(pilot, width, 30)
            await pilot.pause()
            top = screen_text(app).splitlines()[:2]
            assert top[0].rstrip().endswith("no house rules" if whole else "to 500"), top
            assert top[1].lstrip().startswith("You: Caio (South)"), top
