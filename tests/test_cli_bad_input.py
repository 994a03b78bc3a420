"""Bad input to the command line (issue 8, items 6 and 7): exit status 2, exactly one
line on stderr, no traceback, no hang, and no raw file text on the terminal.

One test per class of input. Those that depend on real streams (encoding a lone
surrogate, a FIFO, a closed pipe) run ``python -m five_hundred`` in a subprocess; the
others call ``main([...])`` in-process and capture stdout and stderr.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from five_hundred import cli
from five_hundred.cli import BROKEN_PIPE_STATUS, main
from five_hundred.engine.record import MAX_RECORD_BYTES, dumps_record, record_from_state
from five_hundred.engine.rules import PAGAT_AUSTRALIAN
from five_hundred.engine.state import GameState

from .test_cli import EXAMPLE, example, write

HUGE = "9" * 5000


def run_module(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "five_hundred", *args], capture_output=True,
                          text=True, encoding="utf-8", errors="replace", timeout=timeout,
                          check=False, env=env)


def assert_one_line_exit_2(status: int, err: str, out: str = "") -> str:
    assert status == 2, err
    assert "Traceback" not in err + out
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert len(err) < 400, err
    return err


def main_capture(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# ---------------------------------------------------------------- huge integers


@pytest.mark.parametrize("where", ["start_scores", "dealer", "seed", "action-seat"])
def test_replay_huge_integer_in_record_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    """A 5,000-digit integer (start score, dealer, seed, or an action's seat) made
    json.loads / int() raise ValueError: "internal error", status 1."""
    text = json.dumps(example())
    if where == "start_scores":
        text = text.replace("[490, 210]", f"[{HUGE}, 210]")
    elif where == "dealer":
        text = text.replace('"dealer": 0', f'"dealer": {HUGE}')
    elif where == "seed":
        text = text.replace('"deals":', f'"seed": {HUGE}, "deals":')
    else:
        text = text.replace('"1:bid 7H"', f'"{HUGE}:bid 7H"')
    path = write(tmp_path, text)
    for extra in ([], ["--json"]):
        status, out, err = main_capture(capsys, "replay", path, *extra)
        assert_one_line_exit_2(status, err, out)
        assert "malformed record" in err and HUGE[:100] not in err + out


def test_module_replay_huge_integer_exit_2(tmp_path: Path) -> None:
    """The same through the real command: one line, status 2, no traceback."""
    path = write(tmp_path, json.dumps(example()).replace("[490, 210]", f"[{HUGE}, 0]"))
    proc = run_module("replay", path)
    assert_one_line_exit_2(proc.returncode, proc.stderr, proc.stdout)


# ---------------------------------------------------------------- lone surrogates


def test_module_replay_lone_surrogates_never_crash_the_output(tmp_path: Path) -> None:
    """A lone surrogate ``"\\ud800"`` in a name printed by replay raised
    UnicodeEncodeError on stdout; in an action, card or key it must give a one-line
    error (status 2), in a name it is dropped (status 0)."""
    data = example()
    data["names"][0] = "An\ud800a"
    path = write(tmp_path, json.dumps(data))  # json.dumps escapes it as \ud800
    for extra in ([], ["--json"]):
        proc = run_module("replay", path, *extra)
        assert proc.returncode == 0, proc.stderr
        assert proc.stderr == ""
    assert "Deal 1: Ana deals" in run_module("replay", path).stdout
    bad: list[dict[str, Any]] = []
    for mutate in ("action", "card", "key"):
        data = example()
        if mutate == "action":
            data["deals"][0]["actions"][0] = "1:bid 7\ud800"
        elif mutate == "card":
            data["deals"][0]["kitty"][0] = "4\ud800"
        else:
            data["\ud800"] = 1
        bad.append(data)
    for data in bad:
        path = write(tmp_path, json.dumps(data))
        for extra in ([], ["--json"]):
            proc = run_module("replay", path, *extra)
            assert_one_line_exit_2(proc.returncode, proc.stderr, proc.stdout)
            assert "UnicodeEncodeError" not in proc.stderr


# ---------------------------------------------------------------- whitespace


def test_replay_action_with_200000_spaces_finishes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """200,000 spaces inside an action: the action regex backtracked quadratically
    (the replay did not finish). Parsing is linear now; the test just runs it."""
    data = example()
    data["deals"][0]["actions"][0] = "1:bid" + " " * 200_000 + "7H x"
    path = write(tmp_path, data)
    status, out, err = main_capture(capsys, "replay", path)
    assert_one_line_exit_2(status, err, out)
    assert "unknown bid" in err and "(R9)" in err
    data["deals"][0]["actions"][0] = "1:bid" + " " * 200_000 + "7H" + " " * 200_000
    status, out, err = main_capture(capsys, "replay", write(tmp_path, data), "--json")
    assert status == 0 and err == ""


# ---------------------------------------------------------------- files


def test_replay_fifo_does_not_hang(tmp_path: Path) -> None:
    """A FIFO given to replay blocked in open() until a writer came (forever). It is
    refused from its stat, never opened: status 2 at once, one line."""
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    proc = run_module("replay", str(fifo), timeout=60)
    err = assert_one_line_exit_2(proc.returncode, proc.stderr, proc.stdout)
    assert "FIFO" in err


def test_replay_dev_zero_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """/dev/zero was read without end (memory, then a hang); a device is refused."""
    status, out, err = main_capture(capsys, "replay", "/dev/zero")
    assert "device" in assert_one_line_exit_2(status, err, out)


def test_replay_directory_is_refused(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A directory: one line saying so, status 2 (also with --json)."""
    for extra in ([], ["--json"]):
        status, out, err = main_capture(capsys, "replay", str(tmp_path), *extra)
        assert "directory" in assert_one_line_exit_2(status, err, out)


def test_replay_file_over_16_mb_is_refused(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """A file over the 16 MB limit was read whole; it is refused from its size."""
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(MAX_RECORD_BYTES + 1)  # sparse, so the test stays fast
    status, out, err = main_capture(capsys, "replay", str(big))
    assert "16 MB" in assert_one_line_exit_2(status, err, out)


def test_replay_path_with_escape_sequences_is_printed_clean(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Item 6: the path is echoed in the message; its escape sequences were too."""
    status, out, err = main_capture(capsys, "replay", str(tmp_path / "\x1b[2Jx.json"))
    assert "\x1b" not in assert_one_line_exit_2(status, err, out)


# ---------------------------------------------------------------- names (item 6)


def test_replay_names_with_escape_sequences_are_not_written_raw(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Item 6: a name holding ``ESC ] 0 ; title BEL`` and ``ESC [ 2 J`` was written to
    the terminal as is by replay: it retitled the window and cleared the screen."""
    data = example()
    data["names"] = ["\x1b]0;owned\x07Ana", "\x1b[2JBruno", "Carla\x9b2J", "D" * 300]
    status, out, err = main_capture(capsys, "replay", write(tmp_path, data))
    assert status == 0 and err == ""
    for bad in ("\x1b", "\x07", "\x9b", "D" * 21):
        assert bad not in out
    assert "[2JBruno" in out


# ---------------------------------------------------------------- options


@pytest.mark.parametrize("argv", [
    ["--budget", "nan"], ["--budget", "inf"], ["--budget", "-1"], ["--budget", "1e999"],
    ["--pairs", "1000000000"], ["--pairs", HUGE], ["--pairs", "0"], ["--seed", HUGE],
    ["--a", "x" * 5000],
], ids=["budget-nan", "budget-inf", "budget-negative", "budget-1e999", "pairs-1e9",
        "pairs-huge", "pairs-0", "seed-huge", "level-long"])
def test_tournament_bad_options_exit_2_one_line(
        capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """``--budget nan`` / ``inf`` ran forever or crashed, absurd ``--pairs`` ran for
    ever, a huge seed or level was echoed whole; now a one-line usage error."""
    status, out, err = main_capture(capsys, "tournament", *argv)
    assert_one_line_exit_2(status, err, out)
    assert "x" * 100 not in err and HUGE[:100] not in err


@pytest.mark.parametrize("argv", [
    ["--pace", "-1"], ["--pace", "1e9"], ["--pace", "inf"], ["--pace", "nan"],
    ["--seed", HUGE], ["--bogus", "\x1b[2J"],
], ids=["pace-negative", "pace-huge", "pace-inf", "pace-nan", "seed-huge", "unknown-escape"])
def test_table_bad_options_exit_2_one_line(
        capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """A negative or huge ``--pace`` (or nan) started a table whose computers never
    moved or spun; a huge ``--seed`` printed a multi-line usage and the whole value.
    Now one line, status 2, before the table starts."""
    status, out, err = main_capture(capsys, *argv)
    assert_one_line_exit_2(status, err, out)
    assert "\x1b" not in err and HUGE[:100] not in err


def test_replay_usage_error_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse printed the usage block and then the error: several lines."""
    for argv in (["replay"], ["replay", "a", "b" * 5000], ["replay", "--nope", "x"]):
        status, out, err = main_capture(capsys, *argv)
        assert "usage" in assert_one_line_exit_2(status, err, out)


# ---------------------------------------------------------------- closed pipe


def _long_record(tmp_path: Path, deals: int = 1500) -> str:
    """A record of many passed-out deals: hundreds of kilobytes of replay text."""
    state = GameState.new_game(PAGAT_AUSTRALIAN, 7)
    for n in range(deals):
        if n:
            state.start_next_deal()
        for _ in range(4):
            state.apply_text("pass")
    path = tmp_path / "long.json"
    path.write_text(dumps_record(record_from_state(state)), encoding="utf-8")
    return str(path)


def test_replay_into_closed_pipe_exits_quietly(tmp_path: Path) -> None:
    """``five-hundred replay FILE | head -1`` printed a BrokenPipeError traceback (or
    "Exception ignored ... BrokenPipeError" at exit). A real pipe into ``head -1``:
    nothing on stderr, status 141 (or 0 if everything fitted in the pipe)."""
    path = _long_record(tmp_path)
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    replay = subprocess.Popen([sys.executable, "-m", "five_hundred", "replay", path],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    head = subprocess.Popen(["head", "-1"], stdin=replay.stdout, stdout=subprocess.PIPE)
    assert replay.stdout is not None and replay.stderr is not None
    replay.stdout.close()  # only head holds the read end now
    first, _ = head.communicate(timeout=120)
    err = replay.stderr.read().decode("utf-8", "replace")
    status = replay.wait(timeout=120)
    replay.stderr.close()
    assert first.decode("utf-8").startswith("Rules: pagat-australian")
    assert err == ""
    assert status in (0, BROKEN_PIPE_STATUS)


def test_replay_broken_pipe_in_process_returns_quietly(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The handler itself: a stdout whose write raises BrokenPipeError (what a closed
    pipe does) ends ``main`` with status 141 and nothing on stderr."""

    class ClosedPipe:
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self) -> int:
            raise OSError("not a real file")

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["replay", str(EXAMPLE)]) == BROKEN_PIPE_STATUS
    monkeypatch.undo()
    assert capsys.readouterr().err == ""


# ---------------------------------------------------------------- unexpected errors


def _boom(*args: object, **kwargs: object) -> Any:
    raise RuntimeError("boom \x1b[2J" + "x" * 5000)


@pytest.mark.parametrize(("argv", "target", "status"), [
    (["replay", str(EXAMPLE)], "five_hundred.engine.record.replay_record", 2),
    (["rules"], "five_hundred.rules_text.player_rules", 1),
    (["tournament", "--pairs", "1", "--quiet"], "five_hundred.bots.tournament.run_match", 1),
])
def test_every_subcommand_internal_error_is_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        argv: list[str], target: str, status: int) -> None:
    """Only replay caught unexpected errors; rules and tournament re-raised them (a
    traceback). Every subcommand now prints one cleaned, short line."""
    monkeypatch.setattr(target, _boom)
    got, out, err = main_capture(capsys, *argv)
    assert got == status
    assert "Traceback" not in out + err
    assert err.count("\n") == 1 and "internal error" in err
    assert "\x1b" not in err and len(err) < 300


def test_table_errors_still_propagate(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table keeps its own crash handling: main does not swallow its errors."""
    monkeypatch.setattr(cli, "_entry", lambda module: _boom)
    with pytest.raises(RuntimeError):
        main([])
