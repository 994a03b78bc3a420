"""Keys a player trips over (issue 13, items 3, 10-13), with real key presses: digits
choose the suit in the bidding grid, a name typed at once on a start screen with saved
games lands in North's name, an Enter typed out of habit after winning a trick does not
lead, "follow suit" is said only to a player who can, and the yes/no dialogs answer to
the keys they name in every language."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from textual import events
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Static

from five_hundred import i18n
from five_hundred.engine import PAGAT_AUSTRALIAN, PLAYING
from five_hundred.engine.actions import JokerLead, Play
from five_hundred.hotseat import Controller, Player
from five_hundred.ui.app import FiveHundredApp
from five_hundred.ui.screens.curtain import CurtainScreen
from five_hundred.ui.screens.info import ConfirmScreen
from five_hundred.ui.screens.start import SavedGames, StartScreen
from five_hundred.ui.screens.table import TableScreen
from five_hundred.ui.storage import Storage
from five_hundred.ui.widgets.bids import BidGrid
from five_hundred.ui.widgets.seat_name import SeatName
from tests.acting import seed15_to_the_play

from .helpers import screen_text
from .test_curtain_guard import FakeClock, controller, guarded, lift
from .walk import FOUR_PEOPLE


@pytest.fixture
def english() -> object:
    yield
    i18n.set_language("en")


def _table(app: FiveHundredApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


# ---------------------------------------------------------------- item 10: the grid


async def test_digits_choose_the_level_then_the_suit_in_the_grid_r9(tmp_path: Path) -> None:
    """8 then 4 is 8♥, 5 is 8NT, 1 is 8♠ (1♠ 2♣ 3♦ 4♥ 5NT, as in every prompt); a suit
    that cannot be bid at that level is refused in words and the choice stays."""
    clock = FakeClock()
    app = guarded(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await lift(pilot, clock)
        grid = _table(app).query_one(BidGrid)
        clock.advance()
        await pilot.press("8", "4")
        assert grid.selected == "8H"
        await pilot.press("5")
        assert grid.selected == "8NT"
        await pilot.press("1")
        assert grid.selected == "8S"
        await pilot.press("7", "3")
        assert grid.selected == "7D"
        await pilot.press("enter")  # 7♦ bid: the next person's curtain
        await lift(pilot, clock)
        grid = _table(app).query_one(BidGrid)
        clock.advance()
        await pilot.press("7", "1")  # 7♠ is below 7♦ now
        table = _table(app)
        assert grid.selected != "7S"
        assert table.notice is not None and "7♠" in table.notice.plain
        assert "7♠" in screen_text(app)
        await pilot.press("4")
        assert grid.selected == "7H"


# ---------------------------------------------------------------- item 12: habit


def _to_winning_fourth_card(c: Controller) -> tuple[int, str]:
    """Play seed 15's deal (East 6NT, the joker a heart) until a person is to play the
    fourth card of a trick with a card that wins it; returns (seat, card)."""
    seed15_to_the_play(c)
    while True:
        s = c._state  # the test's oracle: which card would win the trick
        seat = s.to_act
        if len(s.trick) == 3:
            for action in s.legal_actions():
                t = s.copy()
                t.apply(action, seat)
                if t.tricks[-1][1] == seat and t.phase == PLAYING:
                    from five_hundred.engine.cards import card_str

                    assert isinstance(action, Play | JokerLead)
                    return seat, card_str(action.card)
        if c.needs_curtain():
            c.reveal()
        view = c.table_view()
        assert view is not None and not c.deal_over
        c.act(view.legal[0])


async def test_an_enter_a_second_after_winning_a_trick_does_not_lead(tmp_path: Path) -> None:
    """Four people: a player wins a trick with the last card and leads again with no
    curtain. An Enter pressed a second later out of curtain habit must not lead the
    card under the cursor: a lead waits for a choice (a digit, an arrow, a click)."""
    clock = FakeClock()
    app = guarded(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        c = controller(app)
        await pilot.pause()
        seat, card = _to_winning_fourth_card(c)
        app.advance()
        await pilot.pause()
        await lift(pilot, clock)
        table = _table(app)
        assert table.view is not None and table.view.seat == seat
        clock.advance()
        await pilot.press(str(table.view.hand.index(card) + 1), "enter")
        assert c.acting_seat == seat and c.public().trick is None  # won: leads again
        assert isinstance(app.screen, TableScreen) and table.unchosen
        assert "▲" not in screen_text(app).splitlines()[-2]  # no card under a cursor
        tricks = len(c.public().tricks)
        clock.advance(1.0)
        await pilot.press("enter")  # out of habit, a second later
        await pilot.pause()
        assert c.public().trick is None and len(c.public().tricks) == tricks
        assert table.notice is not None and "Choose the card to lead" in table.notice.plain
        await pilot.press("right", "enter")  # chosen: now Enter leads it
        trick = c.public().trick
        assert trick is not None and trick.plays[0][0] == seat


# ---------------------------------------------------------------- item 13


async def test_follow_suit_is_said_only_to_a_player_who_can(tmp_path: Path) -> None:
    app = guarded(tmp_path, FakeClock())
    async with app.run_test(size=(80, 24)) as pilot:
        c = controller(app)
        await pilot.pause()
        seed15_to_the_play(c)
        said = {True: 0, False: 0}
        while not c.deal_over and len(c.public().tricks) < 8:
            if c.needs_curtain():
                c.reveal()
            view = c.table_view()
            assert view is not None
            if view.public.trick:
                app.advance()
                await pilot.pause()
                table = _table(app)
                can_follow = table.view is not None and len(table.view.playable()) < len(
                    table.view.hand)
                rendered = table.query_one("#prompt", Static).render()
                assert isinstance(rendered, Content)
                text = rendered.plain
                assert ("Follow suit if you can" in text) == can_follow, text
                said[can_follow] += 1
            c.act(view.legal[-1])
        assert said[True] and said[False], said


# ---------------------------------------------------------------- item 11: the start


def _saved_game_folder(tmp_path: Path) -> Path:
    storage = Storage(tmp_path)
    storage.prepare()
    slot = storage.new_slot()
    storage.start(slot, Controller(PAGAT_AUSTRALIAN, FOUR_PEOPLE, seed=3, saver=slot.write))
    return tmp_path


async def test_a_name_typed_before_the_cursor_is_in_a_field_lands_in_norths(
        tmp_path: Path) -> None:
    """Keys typed while the app starts can reach the start screen before its cursor is
    in North's name: they go there, not nowhere; Tab then goes on to North's seat."""
    app = FiveHundredApp(Storage(_saved_game_folder(tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        screen.set_focus(None)  # as before the screen's first focus
        await pilot.press("A", "n", "a")
        assert app.focused is not None and app.focused.id == "name-0"
        assert getattr(app.focused, "value", None) == "Ana"
        await pilot.press("tab")
        assert app.focused is not None and app.focused.id == "kind-0"


async def typed_at_speed(pilot: Pilot[None], keys: list[str]) -> list[Player]:
    """``keys`` on the start form, all queued before any is handled (as a fast typist's
    are); the players the form then holds."""
    app = pilot.app
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))
    await pilot.pause()
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, StartScreen)
    return list(screen.chosen_players())


async def test_names_typed_ahead_across_tabs_land_each_in_its_field(tmp_path: Path) -> None:
    """Found playing: "Ana", Tab, Tab, "Bruno" typed faster than the screen takes them
    put "AnaBruno" in North's name (the letters reached the field Tab was leaving), and
    → typed ahead of a Tab changed the wrong field. Tab acts as it arrives, a key acts
    on the field it was typed into: each name and choice lands where it was meant."""
    app = FiveHundredApp(Storage(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        players = await typed_at_speed(pilot, [
            *"Ana", "tab", "right", "tab", *"Bruno", "tab", "right", "right", "tab",
            "tab", "right", "shift+tab", "x"])
        assert [p.name for p in players] == ["Ana", "Bruno", "x", "West"]
        assert [p.is_person for p in players] == [False, False, False, True]
        assert [p.level for p in players[:3]] == ["easy", "normal", "easy"]


async def test_the_arrows_walk_the_start_form_line_by_line(tmp_path: Path) -> None:
    """Found playing: ↓ on the start form did nothing (only Tab, which no key on the
    screen named, moved the cursor). ↓/↑ now go to the field on the line below/above,
    in the same column: North's kind, then East's, South's, West's, as drawn; the bar
    says so whichever field has the cursor."""
    app = FiveHundredApp(Storage(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "name-0"
        assert "↑↓  Field" in screen_text(app).splitlines()[-1]
        await pilot.press("down", "down")
        assert app.focused is not None and app.focused.id == "name-2"
        await pilot.press("up", "tab")  # East's name, then its kind beside it
        assert app.focused is not None and app.focused.id == "kind-1"
        await pilot.press("right", "down", "right", "right", "down", "up", "up")
        assert app.focused is not None and app.focused.id == "kind-1"
        assert "↑↓  Field" in screen_text(app).splitlines()[-1]
        screen = app.screen
        assert isinstance(screen, StartScreen)
        assert [p.level if not p.is_person else "person" for p in screen.chosen_players()] \
            == ["person", "easy", "normal", "person"]
        await pilot.press("down", "down", "down", "down")  # past West: the rules, V1
        assert app.focused is not None and app.focused.id == "opt-no_misere"
        for _ in range(12):  # down to the buttons, and no further
            await pilot.press("down")
        assert app.focused is not None and app.focused.id in ("new", "resume", "history",
                                                              "learn", "rules", "quit")


async def test_right_at_the_end_of_a_name_goes_on_to_the_seats_kind(tmp_path: Path) -> None:
    """Found playing in Portuguese: ↓ then → on the start form, to make East a
    computer, did nothing to be seen (→ moved the cursor in East's name, already at
    its end), though the row shows ◂ person ▸ beside the name. → at the end of a name
    now goes on to the kind (a further → chooses there); inside a name it moves the
    cursor as before. Typed at speed, the keys land where they were meant."""
    app = FiveHundredApp(Storage(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "right")
        assert app.focused is not None and app.focused.id == "kind-1"
        await pilot.press("right")
        screen = app.screen
        assert isinstance(screen, StartScreen)
        assert [p.is_person for p in screen.chosen_players()] == [True, False, True, True]
        await pilot.press("up")  # the kinds' column, as ↑↓ walk it
        assert app.focused is not None and app.focused.id == "kind-0"
        await pilot.press("shift+tab", "home", "right")  # inside North's name: the cursor
        name = app.focused
        assert isinstance(name, SeatName) and name.id == "name-0"
        assert name.cursor_position == 1
    app = FiveHundredApp(Storage(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        players = await typed_at_speed(pilot, ["down", *"Bo", "right", "right", "right"])
        assert [p.name for p in players] == ["North", "Bo", "South", "West"]
        assert [p.is_person for p in players] == [True, False, True, True]
        assert players[1].level == "normal"


async def test_a_name_edited_at_speed_keeps_the_cursor_where_the_keys_put_it(
        tmp_path: Path) -> None:
    """Left alone on 2026-12-07 and found again: "Rui", ← then → typed in one burst left
    the name for its kind (the ←, a binding of the name, acted only after the → had
    weighed the cursor at the end). The name's editing keys now act in turn."""
    app = FiveHundredApp(Storage(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        players = await typed_at_speed(pilot, ["ctrl+u", *"Rui", "left", "right", "x"])
        assert players[0].name == "Ruix"
        assert app.focused is not None and app.focused.id == "name-0"
        players = await typed_at_speed(pilot, ["left", "left", "right", "y", "home",
                                               "right", "backspace", "z"])
        assert players[0].name == "zuiyx"
        assert app.focused is not None and app.focused.id == "name-0"
        players = await typed_at_speed(pilot, ["end", "backspace", "right", "right"])
        assert players[0].name == "zuiy" and not players[0].is_person
        assert app.focused is not None and app.focused.id == "kind-0"


async def test_names_and_choices_typed_ahead_across_arrows_land_where_meant(
        tmp_path: Path) -> None:
    """Found playing: "Ana", ↓, "Bo" typed at speed put "AnaBo" in North's name (the
    cursor moved after the letters had gone to the field it left). ↓ acts as it
    arrives, as Tab does: each name and choice lands on the line it was typed for."""
    app = FiveHundredApp(Storage(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        players = await typed_at_speed(
            pilot, [*"Ana", "down", *"Bo", "tab", "right", "down", "right", "right"])
        assert [p.name for p in players[:2]] == ["Ana", "Bo"]
        assert [p.level if not p.is_person else "person" for p in players] \
            == ["person", "easy", "normal", "person"]


async def test_three_computers_set_up_at_speed_from_the_names(tmp_path: Path) -> None:
    """Found playing (tmux, at 80×24): "Rui", then for each other seat ↓, → (on to the
    kind) and → → → (to hard), typed at speed, left East and South people: each →
    typed ahead of a ↓ was weighed only after the ↓ had taken the cursor on from the
    name, and was lost. → now leaves a name as it arrives, as ↓ and Tab do."""
    app = FiveHundredApp(Storage(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        players = await typed_at_speed(pilot, [
            *"Rui", "down", *["right"] * 4, "down", *["right"] * 3, "down", *["right"] * 3])
        assert players[0].name == "Rui" and players[0].is_person
        assert [p.level for p in players[1:]] == ["hard", "hard", "hard"]
        players = await typed_at_speed(pilot, ["up", "left", "down"])
        assert app.focused is not None and app.focused.id == "kind-3"  # the kinds' column
        assert [p.level for p in players[1:]] == ["hard", "normal", "hard"]


async def test_up_from_norths_name_reaches_the_saved_games_and_enter_resumes(
        tmp_path: Path) -> None:
    app = FiveHundredApp(Storage(_saved_game_folder(tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "name-0"
        await pilot.press("up")
        assert isinstance(app.focused, SavedGames)
        await pilot.press("down")  # below the last saved game: back to the form
        assert app.focused is not None and app.focused.id == "name-0"
        await pilot.press("up", "enter")
        await pilot.pause()
        assert app.controller is not None and isinstance(app.screen, CurtainScreen)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux for a real terminal")
def test_a_name_typed_at_once_in_a_real_terminal(tmp_path: Path) -> None:
    """The real timing: ``five-hundred`` in a terminal (tmux), "Ana", Tab, Tab, "Bo"
    typed 0.3 s after the command, with a saved game listed."""
    folder = _saved_game_folder(tmp_path / "data")
    session = f"fh-{time.monotonic_ns()}"
    command = (f"{sys.executable} -m five_hundred --data-dir {folder} --lang en")
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24",
                    command], check=True)
    try:
        time.sleep(0.3)
        subprocess.run(["tmux", "send-keys", "-t", session, "A", "n", "a", "Tab", "Tab",
                        "B", "o"], check=True)
        for _ in range(100):  # up to 10 s for the start screen on a busy machine
            time.sleep(0.1)
            screen = subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                                    capture_output=True, text=True).stdout
            if "New game:" in screen:
                break
        time.sleep(0.5)
        screen = subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                                capture_output=True, text=True, check=True).stdout
        lines = screen.splitlines()
        north = next(line for line in lines if line.lstrip().startswith("North"))
        east = next(line for line in lines if line.lstrip().startswith("East"))
        assert "Ana " in north and "Bo " in east, screen
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], check=False)


# ---------------------------------------------------------------- item 3: dialogs


async def _ask_to_quit(pilot: Pilot[None], clock: FakeClock) -> None:
    """q on the first curtain, once its guard has passed: the quit dialog."""
    await pilot.pause()
    clock.advance()
    await pilot.press("q")
    await pilot.pause()


@pytest.mark.parametrize(("lang", "label", "key"), [
    ("en", "Yes (y)", "y"), ("pt", "Sim (s)", "s"), ("pt_BR", "Sim (s)", "s"),
    ("es", "Sí (s)", "s")])
async def test_yes_no_dialog_answers_to_the_key_it_names(
        tmp_path: Path, english: object, lang: str, label: str, key: str) -> None:
    i18n.set_language(lang)
    clock = FakeClock()
    app = guarded(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await _ask_to_quit(pilot, clock)
        assert isinstance(app.screen, ConfirmScreen)
        assert label in screen_text(app)
        await pilot.press(key)
        await pilot.pause()
    assert app.return_code == 0  # answered yes: the app quit


async def test_no_key_keeps_the_game(tmp_path: Path, english: object) -> None:
    i18n.set_language("es")
    clock = FakeClock()
    app = guarded(tmp_path, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await _ask_to_quit(pilot, clock)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen) and app.return_code is None
        app.screen.post_message(events.Key("q", "q"))  # asked again, then escape
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
