"""The host's start screen (issue 24: ``five-hundred host`` without ``--seats``): the
local start screen's form with "remote" among each seat's choices.

- keys set North remote, East a computer and South the host's own seat: the table
  config and the server's seats are what was chosen, and the host's table then shows
  South's hand and never a curtain (it serves one person only), a whole deal long;
- ``--preset``/``--house``/``--seed`` preset the form; a language switch keeps it;
- ``host_main`` opens the screen only without ``--seats``, ``--headless`` and
  ``--resume``, and builds the table from what it returns; ``--seats`` never shows it;
- Escape leaves: here, and in a real terminal (a pty) with status 0 and no traceback,
  after keys that do nothing;
- a snapshot at 80×24, and the screen in Portuguese and Spanish at 80×24 with nothing
  cut off and no English left.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from five_hundred import i18n
from five_hundred.engine import PAGAT_AUSTRALIAN, PRESETS
from five_hundred.net.client import BotClient
from five_hundred.net.protocol import VERSION, Hello
from five_hundred.net.table import SeatSpec
from five_hundred.notation import card_label
from five_hundred.ui import remote_launch
from five_hundred.ui.host_setup import HostChoice, HostSetupApp
from five_hundred.ui.remote_launch import (
    ServerThread,
    host_app,
    host_main,
    host_parser,
    join_line,
    table_config,
)
from five_hundred.ui.remote_screens import RemoteTableScreen
from five_hundred.ui.screens.host_setup import HostSetupScreen
from five_hundred.ui.storage import Storage
from five_hundred.ui.widgets.choice import Choice
from five_hundred.ui.widgets.tick import Tick

from .helpers import screen_text
from .test_i18n_screens import cut_off, english_left
from .test_remote import my_turn, play_deal, wait_until

SIZE = (80, 24)
CODE = "HOST-SETUP"


def setup_app(tmp_path: Path, **kwargs: Any) -> HostSetupApp:
    storage = Storage(tmp_path / "data")
    storage.prepare()
    return HostSetupApp(storage, guard_seconds=0.0, **kwargs)


def screen(app: HostSetupApp) -> HostSetupScreen:
    assert isinstance(app.screen, HostSetupScreen)
    return app.screen


async def choose_by_keys_rest(pilot: Pilot[HostChoice]) -> None:
    """After North was made remote: East a computer (normal), South Ana at this keyboard."""
    await pilot.press("tab", "right", "right")  # East's kind (its name takes no keys)
    await pilot.press("tab", "left")  # South's: remote → person
    await pilot.press("shift+tab", "end", "ctrl+u", *"Ana")  # South's name, free again


async def choose_by_keys(pilot: Pilot[HostChoice]) -> None:
    """North remote, East a computer (normal), South at this keyboard named Ana."""
    await pilot.pause()
    await pilot.press("tab", "right")  # North's kind: person → remote
    await choose_by_keys_rest(pilot)


async def test_keys_set_the_seats_and_the_host_plays_its_own_hand(tmp_path: Path) -> None:
    app = setup_app(tmp_path, seed=15)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.focused is not None and app.screen.focused.id == "name-0"
        await pilot.press("tab", "right")
        assert "No seat is played at this keyboard" in screen_text(app)
        await choose_by_keys_rest(pilot)
        form = screen(app)
        assert form.query_one("#name-0", Input).disabled  # North is a friend's
        assert form.query_one("#name-1", Input).value == "East"
        assert "Remote seats wait for friends" in screen_text(app)
        await pilot.press("ctrl+n")
        await pilot.pause()
    choice = app.return_value
    assert choice == HostChoice(kinds=("remote", "normal", "person", "remote"),
                                names=("", "", "Ana", ""), rules=PAGAT_AUSTRALIAN, seed=15,
                                practice=False)

    args = host_parser().parse_args(["--code", CODE, "--pace", "0"])
    config = table_config(args, choice.kinds, choice.names, choice.rules, choice.seed,
                          choice.practice, None)
    assert config.seats == (SeatSpec(kind="remote"), SeatSpec(kind="computer", level="normal"),
                            SeatSpec(kind="person", name="Ana"), SeatSpec(kind="remote"))
    assert (config.seed, config.code, config.rules) == (15, CODE, PAGAT_AUSTRALIAN)
    config.computer_budget = config.hint_budget = 0.01
    config.undo_window = 0.0
    said: list[str] = []
    thread = ServerThread(config, "127.0.0.1", 0, said.append)
    thread.start()
    bots: list[asyncio.Task[Any]] = []
    host = None
    try:
        assert thread.kinds == ("remote", "computer", "person", "remote")
        line = join_line("127.0.0.1", thread.port, thread.code)
        host = await host_app(thread, line, [2], Storage(tmp_path / "data"), "127.0.0.1")
        host.guard_seconds = 0.0
        for seat, word in ((0, "north"), (3, "west")):
            bot = BotClient("127.0.0.1", thread.port, Hello(
                version=VERSION, code=CODE, name=f"Bot{seat}", seat=word), "easy",  # type: ignore[arg-type]
                budget=0.01, seed=seat)
            bots.append(asyncio.create_task(bot.run()))
        async with host.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: my_turn(host, 2))
            assert host.my_seats == (2,) and host.viewer == 2
            lobby = host.lobby_state
            assert lobby is not None
            assert [(s.kind, s.name) for s in lobby.seats] == [
                ("remote", "Bot0"), ("computer", ""), ("person", "Ana"), ("remote", "Bot3")]
            table = host.screen
            assert isinstance(table, RemoteTableScreen) and table.view is not None
            text = screen_text(host)
            assert all(card_label(card) in text for card in table.view.hand)
            seen: list[str] = []
            await play_deal(pilot, host, (2,), seen)
            assert "RemoteTableScreen" in seen and "CurtainScreen" not in seen, seen
        assert "Ana (South) joined." in " ".join(said)
    finally:
        if host is not None:
            await host.close_connections()
        for task in bots:
            task.cancel()
        for task in bots:
            with contextlib.suppress(BaseException):
                await task
        thread.stop()


async def test_the_command_line_presets_the_form_and_a_language_switch_keeps_it(
        tmp_path: Path) -> None:
    rules = PAGAT_AUSTRALIAN.model_copy(update={"no_misere": True, "defensive_cap": 480})
    app = setup_app(tmp_path, rules=rules, seed=7, practice=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            form = screen(app)
            assert form.query_one("#opt-no_misere", Tick).value
            assert form.query_one("#cap", Choice).value == "480"
            assert form.query_one("#practice", Tick).value
            assert form.query_one("#seed", Input).value == "7"
            await choose_by_keys(pilot)
            await pilot.press("f3")  # Português
            await pilot.pause()
            form = screen(app)
            assert i18n.language() == "pt"
            assert "Lugares:" in screen_text(app)
            assert form.chosen_kinds() == ("remote", "normal", "person", "remote")
            assert form.chosen_names() == ("", "", "Ana", "")
            assert form.query_one("#name-3", Input).disabled
            assert form.query_one("#name-1", Input).value == "Este"
            assert form.chosen_rules() == rules
            await pilot.press("ctrl+n")
            await pilot.pause()
    finally:
        i18n.set_language("en")
    assert app.return_value == HostChoice(("remote", "normal", "person", "remote"),
                                          ("", "", "Ana", ""), rules, 7, True)


async def test_the_arrows_walk_the_form_as_on_the_start_screen(tmp_path: Path) -> None:
    """↓ from North's name to the line below: East's kind (East is remote, its name
    takes no keys), ↓ South's kind, ↑ East's again; the bar names the keys."""
    app = setup_app(tmp_path, seed=15)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.focused is not None and app.screen.focused.id == "name-0"
        assert "↑↓  Field" in screen_text(app).splitlines()[-1]
        await pilot.press("down")
        assert app.screen.focused is not None and app.screen.focused.id == "kind-1"
        await pilot.press("down")
        assert app.screen.focused is not None and app.screen.focused.id == "kind-2"
        await pilot.press("up")
        assert app.screen.focused is not None and app.screen.focused.id == "kind-1"


async def test_escape_leaves_with_nothing_chosen(tmp_path: Path) -> None:
    app = setup_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f5", "f9", "pageup", "ctrl+r", "f2", "up", "down", "enter")
        assert isinstance(app.screen, HostSetupScreen)  # nothing of that did anything
        await pilot.press("f1")
        assert not isinstance(app.screen, HostSetupScreen)  # the rules
        await pilot.press("escape")
        assert isinstance(app.screen, HostSetupScreen)
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_value is None
    assert app.return_code in (None, 0)


class Opened(Exception):
    """What host_main would open (the test stops it there)."""


@pytest.fixture
def opening(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Any]:
    """host_main with the screen and the table replaced: what each was given."""
    seen: dict[str, Any] = {}

    def fake_setup(storage: Storage, rules: Any, seed: Any, practice: bool) -> HostChoice:
        seen["setup"] = (rules, seed, practice)
        return HostChoice(("person", "hard", "remote", "easy"), ("Ana", "", "", "Zé"),
                          PRESETS["two-joker-1000"], 99, True)

    def fake_table(config: Any, bind: str, port: int, storage: Storage) -> int:
        seen["config"] = config
        return 0

    monkeypatch.setattr(remote_launch, "setup_table", fake_setup)
    monkeypatch.setattr(remote_launch, "_host_with_screen", fake_table)
    monkeypatch.setenv("FIVE_HUNDRED_DATA_DIR", str(tmp_path / "data"))
    return seen


def test_host_without_seats_opens_the_table_the_screen_set_up(
        opening: dict[str, Any]) -> None:
    assert host_main(["--house", "no_misere", "--seed", "3", "--code", CODE]) == 0
    rules, seed, practice = opening["setup"]
    assert (rules.no_misere, seed, practice) == (True, 3, False)
    config = opening["config"]
    assert config.seats == (SeatSpec(kind="person", name="Ana"),
                            SeatSpec(kind="computer", level="hard"), SeatSpec(kind="remote"),
                            SeatSpec(kind="computer", level="easy", name="Zé"))
    assert (config.rules, config.seed, config.practice, config.code) == \
        (PRESETS["two-joker-1000"], 99, True, CODE)


def test_host_without_rules_on_the_command_line_lets_the_screen_choose(
        opening: dict[str, Any]) -> None:
    assert host_main([]) == 0
    assert opening["setup"] == (None, None, False)


@pytest.mark.parametrize("argv", [["--seats", "north=person,east=normal"], ["--resume"]])
def test_seats_or_resume_never_show_the_screen(opening: dict[str, Any],
                                               argv: list[str]) -> None:
    assert host_main(argv) == 0
    assert "setup" not in opening
    if argv[0] == "--seats":
        assert opening["config"].seats == (
            SeatSpec(kind="person"), SeatSpec(kind="computer", level="normal"),
            SeatSpec(kind="remote"), SeatSpec(kind="remote"))
        assert opening["config"].rules == PAGAT_AUSTRALIAN


def test_escape_in_a_real_terminal_leaves_with_status_0(tmp_path: Path) -> None:
    """``five-hundred host`` in a pseudo-terminal of 80×24: the screen appears, keys that
    do nothing change nothing, Escape leaves; no traceback, status 0, no table opened."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, FIVE_HUNDRED_DATA_DIR=str(tmp_path / "data"), TERM="xterm-256color",
               LANG="C.UTF-8")
    env.pop("LC_ALL", None)
    proc = subprocess.Popen([sys.executable, "-m", "five_hundred", "host", "--port", "1"],
                            stdin=slave, stdout=slave, stderr=slave, env=env,
                            start_new_session=True, close_fds=True)
    os.close(slave)
    out = b""

    def read_until(done: Any, limit: float = 30.0) -> None:
        nonlocal out
        end = time.monotonic() + limit
        while not done() and time.monotonic() < end:
            ready, _w, _x = select.select([master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the child has gone: its side of the pty is closed
                    return
                if not chunk:
                    return
                out += chunk

    try:
        read_until(lambda: b"Open the table" in out)
        assert b"Open the table" in out, out[-2000:]
        os.write(master, b"\x1b[15~" + b"\x1b[6~" + b"\x12")  # F5, PgDn, ctrl+r
        time.sleep(0.3)
        os.write(master, b"\x1b")
        read_until(lambda: proc.poll() is not None, 20.0)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    text = out.decode(errors="replace")
    assert proc.returncode == 0, text[-2000:]
    assert "Traceback" not in text and "five-hundred join" not in text
    assert "unexpected error" not in text


def test_snapshot_host_setup(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The host's start screen at 80×24: North at this keyboard (Ana), East a computer,
    South and West remote (their names are the friends' own)."""
    app = setup_app(tmp_path)

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press("end", "ctrl+u", *"Ana", "tab", "tab", "right", "right")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("lang", ["pt", "pt_BR", "es"])
async def test_the_screen_fits_80x24_in_portuguese_and_spanish(tmp_path: Path,
                                                               lang: str) -> None:
    """Every word of every text on the screen is shown (nothing cut off), no English is
    left, with each of the notes (friends to come; nobody at this keyboard)."""
    i18n.set_language(lang)
    try:
        app = setup_app(tmp_path)
        problems: list[str] = []
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for step in ("friends", "nobody here"):
                text = screen_text(app)
                problems += [f"{step}: cut off: {m}" for m in cut_off(app, text)]  # type: ignore[arg-type]
                problems += [f"{step}: English: {w}" for w in english_left(text)]
                assert "Open the table" not in text and "remote: a friend" not in text
                await pilot.press("tab", "right")  # North remote: nobody at this keyboard
                await pilot.pause()
        assert not problems, "\n".join(problems)
    finally:
        i18n.set_language("en")
