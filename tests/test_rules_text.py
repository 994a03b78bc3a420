"""The rules for players (issue 10, item 11): the text starts with the game, keeps the
project's notes out (they live in docs/sources.md), and ``five-hundred rules`` prints
it formatted in a terminal and as plain text into a pipe."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from five_hundred import cli
from five_hundred.cli import main
from five_hundred.rules_text import plain_text, player_rules, sections

ROOT = Path(__file__).resolve().parent.parent

# Words of notes about the project and its sources, never of the rules of the game.
PROJECT_NOTES = [
    "Portuguese", "Spanish", "seed 0", "(seed", "test", "project", "source", "RULES-SPEC",
    "record", "option `", "Pagat describes", "pagat.com", "base rule sheet",
    "published", "bid BMIS", "bid GAME",
]


def test_player_text_has_no_project_or_source_notes() -> None:
    text = player_rules()
    lowered = text.lower()
    found = [note for note in PROJECT_NOTES if note.lower() in lowered]
    assert found == []
    # they are kept, in docs/ (not shipped)
    notes = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
    for note in ("Portuguese", "Spanish", "seed 003", "seed 004", '"no_misere": true'):
        assert note in notes


def test_the_player_text_starts_with_the_game() -> None:
    first = sections(player_rules())[0]
    assert first.title.startswith("Five Hundred")
    assert "trick-taking game for four players" in first.markdown
    assert first.ids == ()  # the introduction states no rule


def test_every_rule_id_is_listed_in_the_contents() -> None:
    """R1-R39 and V1-V6 each stand in the id range of a section of the contents."""
    listed = {rule for s in sections(player_rules()) for rule in s.ids}
    assert listed == {f"R{i}" for i in range(1, 40)} | {f"V{i}" for i in range(1, 7)}


def test_the_packaged_text_is_docs_rules_md() -> None:
    assert player_rules() == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def test_the_rules_screen_shows_the_same_text_as_the_command() -> None:
    from five_hundred.ui.screens.info import rules_markdown

    assert rules_markdown(None) == player_rules()


def _assert_plain(out: str) -> None:
    assert "\x1b" not in out
    for mark in ("**", "`", "| ", "<"):
        assert mark not in out, mark
    assert not [line for line in out.splitlines() if re.match(r"\s*#", line)]


def test_rules_piped_is_plain_text_about_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    """Into a pipe (capsys is not a terminal): plain text, the game in its first lines."""
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    _assert_plain(out)
    lines = out.splitlines()
    assert lines[0] == "Five Hundred: the rules as played here"
    assert lines[1] == "═" * len(lines[0])
    assert "trick-taking game for four players" in " ".join(lines[2:6])
    assert max(len(line) for line in lines) <= 78
    assert "R39" in out and "V6" in out
    # a table in aligned columns, a list with its marks
    assert re.search(r"^6 +40 +60 +80 +100 +120$", out, re.M)
    assert "- Partners sit opposite each other" in out


def test_rules_into_a_real_pipe_has_no_escape_codes() -> None:
    proc = subprocess.run([sys.executable, "-m", "five_hundred", "rules"],
                          capture_output=True, check=False, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode("utf-8")
    _assert_plain(out)
    assert out.startswith("Five Hundred: the rules as played here\n")


def test_rules_in_a_terminal_are_rendered_by_rich(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "Five Hundred: the rules as played here" in out.splitlines()[0]
    assert "• Partners sit opposite each other" in out  # rich's list bullets
    assert "**" not in out and "## " not in out


def test_plain_text_of_markdown_constructs() -> None:
    md = ("# Title\n\nSome **bold** and `code`,\nwrapped.\n\n## Part\n\n### Sub\n\n"
          "1. one\n   - inner\n2. two\n\n| a | b |\n| --- | --- |\n| xx | y |\n\n> said\n")
    assert plain_text(md) == (
        "Title\n═════\n\nSome bold and code, wrapped.\n\nPart\n────\n\nSub\n┈┈┈\n\n"
        "1. one\n   - inner\n2. two\n\na   b\n──  ─\nxx  y\n\n  said\n")


def test_plain_text_wraps_a_table_too_wide() -> None:
    md = "| a | b |\n| --- | --- |\n| " + "word " * 20 + "| short |\n"
    lines = plain_text(md, width=40).splitlines()
    assert max(len(line) for line in lines) <= 40
    assert lines[2].endswith("short")
