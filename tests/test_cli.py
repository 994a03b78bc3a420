"""The command line: ``five-hundred replay``, ``rules``, ``tournament`` and the table.

A few cases run ``python -m five_hundred`` in a subprocess (exit status, streams, no
traceback, textual not loaded); the rest call ``main([...])`` in-process.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from five_hundred import cli
from five_hundred.cli import SUBCOMMANDS_HELP, main

FIXTURES = Path(__file__).resolve().parent / "fixtures"
EXAMPLE = FIXTURES / "example-8h.json"


def run_module(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "five_hundred", *args], capture_output=True,
                          text=True, encoding="utf-8", timeout=120, check=False)


def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return data


def write(tmp_path: Path, data: dict[str, Any] | str, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


# ---------------------------------------------------------------- subprocess


def test_module_replay_json_prints_the_documented_object_r39() -> None:
    """R39: ``python -m five_hundred replay FILE --json`` on the documented example."""
    proc = run_module("replay", str(EXAMPLE), "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {
        "status": "finished", "winner": 1, "scores": [510, 510],
        "deals": [{"dealer": 0, "contract": "8H", "declarer": 1, "tricks": [2, 8],
                   "score_change": [20, 300], "scores": [510, 510]}]}
    assert proc.stderr == ""


def test_module_replay_illegal_action_exit_2_no_traceback_r20(tmp_path: Path) -> None:
    """R20: an illegal action gives exit 2, one stderr line with deal, action, text and
    rule, the JSON error object on stdout, and never a traceback."""
    data = example()
    data["deals"][0]["actions"][8] = "2:play KD"
    proc = run_module("replay", write(tmp_path, data), "--json")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stdout + proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "deal 1, action 9 '2:play KD'" in lines[0]
    assert "(R20)" in lines[0]
    out = json.loads(proc.stdout)
    assert out["error"] == {"deal": 1, "action": 9, "text": "2:play KD",
                            "reason": "South holds a trump and must follow trumps (R20)"}
    assert out["scores"] == [490, 210]


def test_module_replay_malformed_and_missing_exit_2_no_traceback(tmp_path: Path) -> None:
    for path in (write(tmp_path, "{not json"), str(tmp_path / "missing.json"),
                 str(tmp_path)):
        proc = run_module("replay", path)
        assert proc.returncode == 2
        assert "Traceback" not in proc.stdout + proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1


def test_replay_never_imports_textual() -> None:
    """The replay command and the rules text load no UI library."""
    code = ("import sys; from five_hundred.cli import main; "
            f"rc = main(['replay', {str(EXAMPLE)!r}, '--json']); "
            "rc2 = main(['rules']); "
            "bad = [m for m in ('textual', 'rich') if m in sys.modules]; "
            "print('LOADED', bad, rc, rc2)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          encoding="utf-8", timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "LOADED [] 0 0" in proc.stdout


# ---------------------------------------------------------------- in-process replay


def test_replay_text_account(capsys: pytest.CaptureFixture[str]) -> None:
    """R39: the plain replay prints the readable account, exit 0."""
    assert main(["replay", str(EXAMPLE)]) == 0
    out = capsys.readouterr()
    assert "Deal 1: Ana deals" in out.out
    assert "Bruno–Davi win the game" in out.out
    assert out.err == ""


@pytest.mark.parametrize(("mutate", "fragment"), [
    (lambda d: d["deals"][0]["hands"][1].pop(), "deal 1: hands[1] has 9 cards, expected 10"),
    (lambda d: d["deals"][0]["kitty"].__setitem__(0, "XS"),
     "deal 1: card 'XS' in kitty is not a card"),
    (lambda d: d["deals"][0]["kitty"].__setitem__(0, "AH"),
     "card 'AH' dealt twice (deal 1: hands[1] and kitty)"),
    (lambda d: d["rules"].__setitem__("house", True), "rules: unknown option 'house'"),
    (lambda d: d["deals"].append({**d["deals"][0], "dealer": 3}),
     "deal 2: dealer is 3, expected 1"),
    (lambda d: d["deals"].append({**d["deals"][0], "dealer": 1}),
     "deal 2 is listed after the game was won"),
])
def test_replay_malformed_record_exit_2_one_line_r7(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        mutate: Callable[[dict[str, Any]], object], fragment: str) -> None:
    """Malformed records (wrong card count, unknown card, card dealt twice, unknown rule
    key, dealer out of turn (R7), a deal after the game was won) give exit 2 and one
    stderr line saying what and where; ``--json`` prints an error object too."""
    data = example()
    mutate(data)
    path = write(tmp_path, data)
    assert main(["replay", path]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.count("\n") == 1
    assert "malformed record" in out.err
    assert fragment in out.err
    assert main(["replay", path, "--json"]) == 2
    out = capsys.readouterr()
    error = json.loads(out.out)["error"]
    assert fragment in error["reason"]
    assert error["action"] is None


def test_replay_bad_json_names_line_and_column(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, '{\n  "format": "five-hundred-record/1",\n  "rules": ]\n}')
    assert main(["replay", path]) == 2
    err = capsys.readouterr().err
    assert "line 3 column 12: invalid JSON" in err
    assert err.count("\n") == 1


def test_replay_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "nope.json")
    assert main(["replay", missing, "--json"]) == 2
    out = capsys.readouterr()
    assert out.err.strip() == f"five-hundred: replay {missing}: no such file"
    assert json.loads(out.out)["error"]["reason"] == "no such file"


def test_replay_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert main(["replay", str(path)]) == 2
    assert "not UTF-8" in capsys.readouterr().err


def test_replay_in_progress_json_r19(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """R19: a record stopped after the discard: in progress, the declarer to lead."""
    data = example()
    data["deals"][0]["actions"] = data["deals"][0]["actions"][:7]
    assert main(["replay", write(tmp_path, data), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["status"] == "in-progress"
    assert (out["phase"], out["to_act"]) == ("play", 1)


def test_replay_usage_error_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay"]) == 2
    assert "usage" in capsys.readouterr().err


# ---------------------------------------------------------------- other commands


def test_rules_prints_the_rules_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "Five Hundred" in out
    assert "R39" in out


def test_tournament_delegates_its_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def fake(module: str) -> Callable[[list[str]], int]:
        seen["module"] = module
        return lambda argv: seen.setdefault("argv", argv) and 7

    monkeypatch.setattr(cli, "_entry", fake)
    assert main(["tournament", "--games", "3"]) == 7
    assert seen == {"module": "five_hundred.bots.tournament", "argv": ["--games", "3"]}


@pytest.mark.parametrize("argv", [[], ["--seed", "4"], ["--resume"], ["--help"]])
def test_everything_else_goes_to_the_table(monkeypatch: pytest.MonkeyPatch,
                                           argv: list[str]) -> None:
    seen: dict[str, Any] = {}

    def fake(module: str) -> Callable[[list[str]], int]:
        seen["module"] = module
        return lambda a: seen.setdefault("argv", a) is not None and 0

    monkeypatch.setattr(cli, "_entry", fake)
    assert main(argv) == 0
    assert seen == {"module": "five_hundred.ui.launch", "argv": argv}


def test_help_lists_the_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    """``five-hundred --help`` is the table's help, and it names every subcommand."""
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("replay FILE", "rules", "tournament", "--data-dir"):
        assert command in out
    for command in ("replay FILE", "rules", "tournament"):
        assert command in SUBCOMMANDS_HELP


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("five-hundred ")
