"""Saved games (issue 8, items 4, 5 and the start-screen part of 6): nothing lost,
saving that cannot happen is said rather than crashed, names drawn safely.

Each test names the failure it guards against. The storage code is the real one, on
real folders; where a folder must refuse writes even to root (the tests run as root,
where chmod does not stop writes) the folder's place is taken by a regular file, or it
is made immutable, so the write truly fails.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button

from five_hundred import i18n
from five_hundred.engine import GAME_OVER, PAGAT_AUSTRALIAN, GameState
from five_hundred.hotseat import Controller, Player
from five_hundred.safe_text import NAME_LIMIT
from five_hundred.ui import storage as storage_module
from five_hundred.ui.app import FiveHundredApp, create_app
from five_hundred.ui.launch import run_app
from five_hundred.ui.screens.info import ConfirmScreen
from five_hundred.ui.screens.start import SavedGames, StartScreen
from five_hundred.ui.storage import Storage, write_crash_log

from .helpers import screen_text

PEOPLE = (Player("Ana"), Player("Bruno"), Player("Carla"), Player("Davi"))


def fake_clock() -> Callable[[], float]:
    """A clock that moves one minute per reading: "latest" without the wall clock."""
    ticks = itertools.count(1_750_000_000, 60)
    return lambda: float(next(ticks))


def act(controller: Controller, n: int) -> None:
    """``n`` legal actions by whoever is to act (first legal action each time)."""
    for _ in range(n):
        if controller.deal_over:  # four passes throw the deal in
            controller.start_next_deal()
        if controller.computer_to_act():
            controller.play_computer(0.01)
            continue
        view = controller.reveal()
        controller.act(view.legal[0])


def saved_game(store: Storage, players: tuple[Player, ...] = PEOPLE, seed: int = 3,
               moves: int = 2) -> tuple[Controller, str]:
    slot = store.new_slot()
    c = Controller(PAGAT_AUSTRALIAN, players, seed, saver=slot.write)
    store.start(slot, c)
    act(c, moves)
    return c, slot.game_id


def listed(app: FiveHundredApp) -> list[str]:
    """The saved games the start screen lists (none if it built no list)."""
    found = app.screen.query("#saved")
    if not found:
        return []
    saved = found.first(SavedGames)
    return [str(saved.get_option_at_index(i).id) for i in range(saved.option_count)]


def notes(app: FiveHundredApp) -> list[str]:
    return [n.message for n in app._notifications]


def record_toasts(app: FiveHundredApp, monkeypatch: pytest.MonkeyPatch
                  ) -> list[tuple[str, str]]:
    """Every toast as (title, message), including those a curtain has cleared since."""
    shown: list[tuple[str, str]] = []
    real = app.notify

    def notify(message: str, *, title: str = "", **kw: object) -> None:
        shown.append((title, message))
        real(message, title=title, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(app, "notify", notify)
    return shown


# ------------------------------------------------------------------ item 4: nothing lost


async def test_new_game_after_leaving_keeps_the_old_game_and_both_resume(
        tmp_path: Path) -> None:
    """Guards the six-deal game lost by ctrl+n after "Leave this game?": the new game
    gets its own files, the start screen lists both and either one resumes."""
    store = Storage(tmp_path, clock=fake_clock())
    app = create_app(tmp_path, seed=7, players=PEOPLE, storage=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = app.controller
        assert first is not None and app.slot is not None
        first_id = app.slot.game_id
        act(first, 5)
        first_public = first.public()
        app.action_new_game()  # the command palette's "New game"
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert listed(app) == [first_id]
        await pilot.press("ctrl+n")
        await pilot.pause()
        second = app.controller
        assert second is not None and app.slot is not None and second is not first
        second_id = app.slot.game_id
        act(second, 3)
        app.action_new_game()
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert listed(app) == [second_id, first_id]  # the latest first
        # the older game, by the keyboard: the list is one shift+tab above the first name
        await pilot.press("shift+tab", "down", "enter")
        await pilot.pause()
        assert app.slot is not None and app.slot.game_id == first_id
        assert app.controller is not None and app.controller.public() == first_public
    assert {p.name for p in (tmp_path / "games").glob("*[0-9a-f].json")} == {
        f"{first_id}.json", f"{second_id}.json"}


async def test_resume_flag_takes_the_latest_played_game_not_the_newest(
        tmp_path: Path) -> None:
    """Guards against --resume picking an arbitrary or the last *started* game: the
    last played one is resumed."""
    store = Storage(tmp_path, clock=fake_clock())
    store.prepare()
    old, old_id = saved_game(store, seed=3)
    saved_game(store, seed=4)
    act(old, 1)  # the older game was played last
    app = create_app(tmp_path, seed=None, autostart=False, resume=True,
                     storage=Storage(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.slot is not None and app.slot.game_id == old_id
        assert app.controller is not None and app.controller.public() == old.public()


async def test_resume_flag_without_a_saved_game_says_so(tmp_path: Path) -> None:
    """Guards against --resume silently showing an empty start screen."""
    app = create_app(tmp_path, autostart=False, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert any("no saved game to resume" in n for n in notes(app))


def test_finished_game_is_kept_as_its_record_in_finished(tmp_path: Path) -> None:
    """Guards against a finished game vanishing or staying listed as in progress: its
    record moves to finished/ (one file per game) and replays as finished."""
    from five_hundred.engine.record import load_record, replay_record

    store = Storage(tmp_path)
    store.prepare()
    slot = store.new_slot()
    computers = tuple(Player(n, "computer", "easy") for n in ("A", "B", "C", "D"))
    state = GameState.new_game(PAGAT_AUSTRALIAN, 5, start_scores=(480, 470))
    c = Controller(PAGAT_AUSTRALIAN, computers, 5, saver=slot.write, _state=state)
    store.start(slot, c)
    assert store.latest() is not None
    while not c.game_over:
        if c.deal_over:
            c.start_next_deal()
        else:
            c.play_computer(0.01)
    assert store.games() == []
    assert not slot.record_path.exists()
    assert store.finished_records() == [tmp_path / "finished" / f"{slot.game_id}.json"]
    replay = replay_record(load_record(str(store.finished_records()[0])))
    assert replay.error is None and replay.state is not None
    assert replay.state.phase == GAME_OVER
    assert store.finish() == store.finished_records()[0]  # the app's call: idempotent


async def test_leftover_temp_file_of_an_interrupted_save_is_removed_on_start(
        tmp_path: Path) -> None:
    """Guards against half-written temporary files piling up after a crash mid-save;
    one that a running process is writing right now stays."""
    games = tmp_path / "games"
    games.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    leftover = games / f".x.json.{int(dead.stdout)}.tmp"
    leftover.write_text("{ half")
    busy = games / f".y.json.{os.getppid()}.tmp"  # a live process (our parent)
    busy.write_text("{ being written")
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not leftover.exists()
        assert busy.exists()


async def test_old_single_save_is_migrated_and_offered(tmp_path: Path) -> None:
    """Guards against the previous version's current-game.json (and the replaced-*.json
    it set aside) being ignored: both become listed, resumable games with their seats."""
    seats = (Player("Ana"), Player("Bruno", "computer", "hard"), Player("Carla"),
             Player("Davi", "computer", "easy"))
    old = Controller(PAGAT_AUSTRALIAN, seats, 11)
    act(old, 3)
    (tmp_path / "current-game.json").write_text(old.record_json())
    (tmp_path / "current-game.seats.json").write_text(json.dumps(
        {"seed": 11, "players": [p.to_json() for p in seats]}))
    replaced = Controller(PAGAT_AUSTRALIAN, PEOPLE, 12)
    (tmp_path / "replaced-20240101-120000.json").write_text(replaced.record_json())
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not (tmp_path / "current-game.json").exists()
        assert len(listed(app)) == 2
        assert any("previous version" in n for n in notes(app))
        for game_id in listed(app):
            app.resume_game(game_id)
            await pilot.pause()
            c = app.controller
            assert c is not None
            if c.seed == 11:
                assert c.players == seats and c.public() == old.public()
                break
            app.back_to_start()
            await pilot.pause()
        else:
            raise AssertionError("the migrated current game was not found")


async def test_save_that_is_not_json_is_set_aside_with_a_message(tmp_path: Path) -> None:
    """Guards against a corrupt save being deleted or crashing the list: it is renamed
    into damaged/ and a message says where."""
    games = tmp_path / "games"
    games.mkdir()
    (games / "20250101-000000-abcd.json").write_text("{ not json")
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert listed(app) == []
        assert any("kept as" in n for n in notes(app))
    assert (tmp_path / "damaged" / "20250101-000000-abcd.json").read_text() == "{ not json"


@pytest.mark.parametrize("lang", ["en", "pt", "pt_BR", "es"])
async def test_start_screen_fits_80x24_with_saved_games(tmp_path: Path, lang: str) -> None:
    """Guards against the list or a long translation pushing the new-game form, or its
    buttons, off an 80×24 terminal."""
    store = Storage(tmp_path, clock=fake_clock())
    store.prepare()
    for seed in range(4):
        saved_game(store, seed=seed, moves=0)
    i18n.set_language(lang)
    try:
        app = create_app(tmp_path, autostart=False, storage=Storage(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert text.count(" 0 Ana & Carla · ") == 4
            for visible in ("Saved games, latest first:", "West", "Seed", "Language",
                            "Quit", "New game", "Practice game: take back moves at any "
                            "time (marked in the history)"):
                assert i18n._(visible) in text
            assert "^n" in text
            assert app.screen.query_one("#body").max_scroll_y == 0
    finally:
        i18n.set_language("en")


# ------------------------------------------------------------------ item 5: said, not crashed


@pytest.fixture
def read_only_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder that refuses writes, for real where possible: chmod 0o500 (enough for
    a normal user); as root, which chmod does not stop, ``chattr +i`` (immutable). Only
    where neither stops a write are the storage's own file calls made to fail."""
    folder = tmp_path / "ro"
    (folder / "games").mkdir(parents=True)
    folder.chmod(0o500)
    (folder / "games").chmod(0o500)

    def writes() -> bool:
        try:
            (folder / "games" / "probe").write_text("x")
        except OSError:
            return False
        (folder / "games" / "probe").unlink()
        return True

    immutable = False
    if writes():
        for p in (folder / "games", folder):
            immutable = subprocess.run(["chattr", "+i", str(p)], capture_output=True,
                                       check=False).returncode == 0 or immutable
    if writes():  # neither works here: fail the storage's writes under the folder
        real_open, real_os_open = open, os.open

        def refuse(path: object) -> None:
            if str(path).startswith(str(folder)):
                raise PermissionError(13, "Permission denied", str(path))

        def refusing_open(p: Any, *a: Any, **k: Any) -> Any:
            refuse(p)
            return real_open(p, *a, **k)

        def refusing_os_open(p: Any, *a: Any, **k: Any) -> int:
            refuse(p)
            return real_os_open(p, *a, **k)

        monkeypatch.setattr(storage_module, "open", refusing_open, raising=False)
        monkeypatch.setattr(os, "open", refusing_os_open)  # the os the storage uses
    try:
        yield folder
    finally:
        if immutable:
            for p in (folder, folder / "games"):
                subprocess.run(["chattr", "-i", str(p)], check=False)
        folder.chmod(0o700)
        (folder / "games").chmod(0o700)


@pytest.fixture
def file_in_place(tmp_path: Path) -> Path:
    """The data folder's place is taken by a regular file (XDG_DATA_HOME pointing at a
    file): no one, root included, can create a folder under it."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    return blocker / "five-hundred"


@pytest.mark.parametrize("where", ["read_only_folder", "file_in_place"])
async def test_unwritable_folder_is_said_in_one_line_and_play_goes_on_unsaved(
        where: str, request: pytest.FixtureRequest) -> None:
    """Guards against the traceback on ctrl+n or the first move when the save folder
    cannot be written: the start screen names the folder and how to choose another,
    and a game can be played without saving."""
    folder: Path = request.getfixturevalue(where)
    app = create_app(folder, seed=4, players=PEOPLE, autostart=False)
    toasts = record_toasts(app, request.getfixturevalue("monkeypatch"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        problem = app.storage.problem
        assert problem is not None
        assert str(folder) in problem and "--data-dir" in problem
        assert "FIVE_HUNDRED_DATA_DIR" in problem and "without saving" in problem
        assert problem in " ".join(screen_text(app).split())  # one sentence on screen
        assert "without saving" in str(app.screen.query_one("#new", Button).label)
        await pilot.press("ctrl+n")
        await pilot.pause()
        c = app.controller
        assert c is not None
        act(c, 6)  # the game goes on
        app.advance()
        await pilot.pause()
        assert not [t for t, _ in toasts if t == "Not saved"]
    assert not list(Path(folder).parent.rglob("*.json"))


async def test_losing_write_access_mid_game_warns_once_and_play_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Guards against a crash (or a toast at every move) when the folder stops being
    writable during a game; once it can be written again, saving resumes."""
    app = create_app(tmp_path, seed=4, players=PEOPLE)
    toasts = record_toasts(app, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        c = app.controller
        assert c is not None and app.slot is not None
        act(c, 1)
        games = tmp_path / "games"
        games.rename(tmp_path / "games-away")
        games.write_text("a file where the folder was")  # writes fail, root or not
        for _ in range(4):
            act(c, 1)
            app.advance()
            await pilot.pause()
        warnings = [m for t, m in toasts if t == "Not saved"]
        assert len(warnings) == 1 and str(tmp_path) in warnings[0]
        games.unlink()
        (tmp_path / "games-away").rename(games)
        act(c, 1)
        await pilot.pause()
        assert any("saved again" in m for _, m in toasts)
        saved = json.loads(app.slot.record_path.read_text())
        assert sum(len(d["actions"]) for d in saved["deals"]) == 6


BOOM = """
import sys
from five_hundred.ui.screens import start

def boom(self):
    raise RuntimeError("boom: a bug in a handler")

start.StartScreen.on_mount = boom  # an unexpected error inside the running app
from five_hundred.cli import main
sys.exit(main([]))
"""


def test_unexpected_error_gives_a_log_one_line_and_non_zero_status(tmp_path: Path) -> None:
    """Guards against the traceback on the screen (it can show a player's hand) and the
    exit status 0 after a crash: the real entry (``five_hundred.cli.main``) runs in a
    terminal (a pseudo-terminal), a handler raises; the terminal shows one line, the
    status is non-zero and the traceback is in a log file in the data folder."""
    import pty
    import select

    master, slave = pty.openpty()
    env = {**os.environ, "FIVE_HUNDRED_DATA_DIR": str(tmp_path), "TERM": "xterm-256color",
           "COLUMNS": "80", "LINES": "24"}
    proc = subprocess.Popen([sys.executable, "-c", BOOM], stdin=slave, stdout=slave,
                            stderr=slave, env=env, close_fds=True)
    os.close(slave)
    out = b""
    while True:
        ready, _, _ = select.select([master], [], [], 60)
        if not ready:
            proc.kill()
            raise AssertionError("the app did not exit")
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal closed: the process has ended
            break
        if not chunk:
            break
        out += chunk
    status = proc.wait(timeout=60)
    os.close(master)
    text = out.decode("utf-8", "replace")
    assert status != 0
    assert "Traceback" not in text and "boom" not in text
    [line] = [s for s in text.splitlines() if "unexpected error" in s]
    [log] = (tmp_path / "logs").glob("crash-*.log")
    assert str(log) in line
    report = log.read_text()
    assert "RuntimeError" in report and "boom: a bug in a handler" in report


async def _raise(self: StartScreen) -> None:
    raise RuntimeError("boom in process")


def test_textual_still_reports_handler_errors_through_error_console(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Guards the one place that relies on Textual's behaviour: an exception in a
    handler ends ``app.run()`` with ``return_code`` 1 and its report printed on
    ``App.error_console``. If a Textual release changes that, this fails."""
    monkeypatch.setattr(StartScreen, "on_mount", _raise)
    app = create_app(tmp_path, autostart=False)
    assert run_app(app, headless=True) == 1
    err = capsys.readouterr()
    assert "Traceback" not in err.out + err.err and "unexpected error" in err.err
    [log] = (tmp_path / "logs").glob("crash-*.log")
    assert "boom in process" in log.read_text()


def test_crash_log_goes_to_the_temp_folder_when_the_data_folder_is_unusable(
        file_in_place: Path) -> None:
    """Guards against losing the report when the data folder cannot be written."""
    import tempfile

    path = write_crash_log("report", file_in_place)
    assert path is not None and path.read_text() == "report"
    assert Path(tempfile.gettempdir()) in path.parents
    path.unlink()


def test_data_dir_option_chooses_the_folder(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Guards the way out the start screen names: --data-dir DIR."""
    from five_hundred.ui import launch as app_module

    seen: list[FiveHundredApp] = []

    def keep(app: FiveHundredApp) -> int:
        seen.append(app)
        return 0

    monkeypatch.setattr(app_module, "run_app", keep)
    assert app_module.main(["--data-dir", str(tmp_path / "mine")]) == 0
    assert seen[0].storage.folder == tmp_path / "mine"
    assert (tmp_path / "mine" / "games").is_dir()


# ------------------------------------------------------------------ item 6: names


async def test_typed_names_are_cleaned_and_cut_to_the_limit(tmp_path: Path) -> None:
    """Guards against an escape sequence or an endless name typed at the start screen."""
    from textual.widgets import Input

    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        name_input = screen.query_one("#name-0", Input)
        name_input.focus()
        await pilot.press(*("x" * 30))
        assert len(name_input.value) == NAME_LIMIT
        name_input.value = "\x1b[2J" + "y" * 40
        [north, *_] = screen.chosen_players()
        assert north.name == "[2J" + "y" * (NAME_LIMIT - 3)


def test_names_from_the_seats_file_are_cleaned() -> None:
    """Guards against a hand-edited seats file putting escapes or long names on screen."""
    p = Player.from_json({"name": "\x1b]0;owned\x07" + "z" * 50, "kind": "person"})
    assert "\x1b" not in p.name and "\x07" not in p.name and len(p.name) == NAME_LIMIT


async def test_saved_games_list_draws_names_literally(tmp_path: Path) -> None:
    """Guards against Rich markup in a saved name (``[red]x``) being interpreted."""
    store = Storage(tmp_path)
    store.prepare()
    odd = (Player("[red]x"), Player("[b]B"), Player("\x1b[31mC"), Player("D"))
    saved_game(store, players=odd, moves=0)
    app = create_app(tmp_path, autostart=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "[red]x & [31mC" in text and "[b]B & D" in text


def test_two_games_started_in_the_same_second_get_their_own_files(tmp_path: Path) -> None:
    """Guards against two games started in the same second taking one file."""
    store = Storage(tmp_path, clock=lambda: 1_750_000_000.0)
    store.prepare()
    ids = {saved_game(store, moves=0)[1] for _ in range(20)}
    assert len(ids) == 20
    assert all(i.startswith("20250615-") for i in ids)


def test_two_programs_drawing_the_same_id_in_the_same_second_get_their_own_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Guards against two programs on one data folder, both starting a game in the same
    second and drawing the same random part, writing over each other's record: the id
    is held from its drawing to the record's first save."""
    draws = itertools.chain([b"\xab\xcd", b"\xab\xcd"], itertools.repeat(b"\x00\x01"))
    monkeypatch.setattr(os, "urandom", lambda n: next(draws))  # the os the storage uses
    first, second = (Storage(tmp_path, clock=lambda: 1_750_000_000.0) for _ in range(2))
    first.prepare()
    second.prepare()
    slot_a = first.new_slot()  # drawn, not yet written: the other program draws now
    slot_b = second.new_slot()
    assert slot_a.game_id == "20250615-150640-abcd"
    assert slot_b.game_id == "20250615-150640-0001"
    a = Controller(PAGAT_AUSTRALIAN, PEOPLE, 3, saver=slot_a.write)
    b = Controller(PAGAT_AUSTRALIAN, PEOPLE, 4, saver=slot_b.write)
    first.start(slot_a, a)
    second.start(slot_b, b)
    assert sorted(g.game_id for g in first.games()) == [slot_b.game_id, slot_a.game_id]
    assert not list((tmp_path / "games").glob(".*"))  # the holds went with the first saves
    # the id of a saved game is not drawn again once its hold is gone
    draws = itertools.chain([b"\xab\xcd"], itertools.repeat(b"\x00\x02"))
    assert first.new_slot().game_id == "20250615-150640-0002"


def test_a_hold_on_an_id_left_by_a_program_that_died_is_removed_on_start(
        tmp_path: Path) -> None:
    """Guards against ids held by programs killed before their first save piling up;
    one held just now (a program starting this moment) stays."""
    games = tmp_path / "games"
    games.mkdir()
    old = games / ".20250615-150640-abcd.reserved"
    old.write_text("")
    os.utime(old, (0, 0))
    fresh = games / ".20250615-150321-abce.reserved"
    fresh.write_text("")
    Storage(tmp_path).prepare()
    assert not old.exists()
    assert fresh.exists()
