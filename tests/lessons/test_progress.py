"""The lessons' progress file: remembered, and a damaged file starts afresh."""

from __future__ import annotations

from pathlib import Path

import pytest

from five_hundred.lessons.progress import FILE, UNREADABLE, Progress


def test_progress_is_remembered(tmp_path: Path) -> None:
    assert Progress(tmp_path).done == set()
    assert Progress(tmp_path).mark_done("cards")
    assert Progress(tmp_path).mark_done("follow")
    again = Progress(tmp_path)
    assert again.done == {"cards", "follow"} and again.problem == ""


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"done": "cards"}',
                                  '{"done": [1]}', "\udcff"])
def test_a_damaged_file_starts_afresh(tmp_path: Path, text: str) -> None:
    (tmp_path / FILE).write_text(text, encoding="utf-8", errors="surrogateescape")
    progress = Progress(tmp_path)
    assert progress.done == set() and progress.problem == UNREADABLE
    assert progress.mark_done("cards")  # and it is written again, whole
    assert Progress(tmp_path).done == {"cards"}


def test_an_unwritable_folder_keeps_the_session(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    progress = Progress(blocked)  # a folder that is a file: nothing can be written
    assert not progress.mark_done("cards")
    assert progress.done == {"cards"}
