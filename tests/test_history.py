"""History and statistics (issue 10, item 8): the SQLite index built from the finished
records, rebuilt when missing or damaged, broken records skipped with a note, and the
statistics per player checked against figures computed by hand (tests/history_fixtures.py
describes the three games)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from five_hundred import history as history_module
from five_hundred.history import (
    INDEX_FILE,
    DealRow,
    History,
    KindCount,
    PlayerStats,
    contract_kind,
    load,
)
from tests.history_fixtures import FINISHED_AT, FIXTURES, G1, G2, G3, put_game, three_games

EXPECTED = [  # people first (most games, then wins), then computers
    PlayerStats("Bruno", False, games=3, wins=2, deals=6,
                contracts={"suit": KindCount(2, 1)}, declarer_deals=2,
                declarer_points=300 - 100, defender_deals=2, defender_points=60 + 0),
    PlayerStats("Ana", False, games=3, wins=1, deals=6, contracts={"nt": KindCount(1, 0)},
                declarer_deals=1, declarer_points=-220, defender_deals=3,
                defender_points=20 + 30 + 50),
    PlayerStats("Davi", False, games=2, wins=2, deals=4, contracts={},
                defender_deals=2, defender_points=60 + 0),
    PlayerStats("Carla", False, games=2, wins=0, deals=4,
                contracts={"misere": KindCount(1, 0)}, declarer_deals=1,
                declarer_points=-250, defender_deals=1, defender_points=20),
    PlayerStats("Eve", True, games=1, wins=1, deals=2, contracts={}, defender_deals=2,
                defender_points=30 + 50),
    PlayerStats("Davi", True, games=1, wins=0, deals=2, contracts={"suit": KindCount(1, 0)},
                declarer_deals=1, declarer_points=-480),
]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return three_games(tmp_path)


def _read(folder: Path) -> tuple[list[str], list[PlayerStats], list[str]]:
    with History(folder) as h:
        h.refresh()
        return [g.game_id for g in h.games()], h.statistics(), h.notes


def test_index_is_built_from_the_records(folder: Path) -> None:
    with History(folder) as h:
        h.refresh()
        games = h.games()
        assert [g.game_id for g in games] == [G3, G2, G1]  # the latest finished first
        g3, g2, g1 = games
        assert g1.names == ("Ana", "Bruno", "Carla", "Davi")
        assert g1.computers == (False,) * 4  # no side file: people
        assert g1.finished_at == FINISHED_AT[G1]  # the record's time
        assert (g1.winner, g1.scores, g1.start_scores, g1.deals) == (1, (510, 510),
                                                                      (490, 210), 1)
        assert g2.computers == (False, False, True, True)
        assert (g2.winner, g2.scores, g2.deals) == (1, (-580, 80), 2)
        assert g3.win_reason == "the other side fell to -500"
        assert h.deals(G3) == [
            DealRow(1, 0, None, None, None, (0, 0), (0, 0), (-30, 0)),
            DealRow(2, 1, "7NT", 2, False, (4, 6), (-220, 60), (-250, 60)),
            DealRow(3, 2, "MIS", 0, False, (1, 0), (-250, 0), (-500, 60)),
        ]
        assert h.deals(G1) == [DealRow(1, 0, "8H", 1, True, (2, 8), (20, 300), (510, 510))]
        assert h.notes == []
        assert not h.in_memory
    # a real SQLite database in the data folder
    db = sqlite3.connect(folder / INDEX_FILE)
    assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (3,)
    assert db.execute("SELECT COUNT(*) FROM deals").fetchone() == (6,)
    db.close()


def test_statistics_match_the_hand_computed_figures(folder: Path) -> None:
    with History(folder) as h:
        h.refresh()
        stats = h.statistics()
    assert stats == EXPECTED
    ana = stats[1]
    assert ana.declarer_average == -220
    assert ana.defender_average == pytest.approx(100 / 3)
    assert stats[2].declarer_average is None  # Davi never declared
    assert ana.kind("nt") == KindCount(1, 0) and ana.kind("suit") == KindCount(0, 0)


def test_load_reads_everything_in_one_go(folder: Path) -> None:
    data = load(folder)
    assert [g.game_id for g in data.games] == [G3, G2, G1]
    assert sorted(data.deals) == [G1, G2, G3] and len(data.deals[G3]) == 3
    assert data.statistics == EXPECTED


def test_index_rebuilt_when_deleted(folder: Path) -> None:
    first = _read(folder)
    (folder / INDEX_FILE).unlink()
    assert _read(folder) == first
    assert (folder / INDEX_FILE).exists()


@pytest.mark.parametrize("damage", ["garbage", "truncated", "other schema"])
def test_index_rebuilt_when_damaged_or_outdated(folder: Path, damage: str) -> None:
    first = _read(folder)
    index = folder / INDEX_FILE
    if damage == "garbage":
        index.write_bytes(b"this is not a database at all\n" * 50)
    elif damage == "truncated":
        index.write_bytes(index.read_bytes()[:1500])
    else:
        db = sqlite3.connect(index)
        db.execute("PRAGMA user_version = 99")
        db.execute("DELETE FROM deals")
        db.commit()
        db.close()
    games, stats, notes = _read(folder)
    assert (games, stats) == first[:2]
    assert all("\n" not in note for note in notes)
    if damage == "garbage":
        assert notes == ["The history index was damaged: it was built again from the "
                         "finished games."]


def test_index_follows_the_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new record is indexed, a removed one dropped; the others are not replayed
    again (the index is what makes the history quick to open)."""
    _read(folder)
    replayed: list[Path] = []
    real = history_module._replay

    def counting(path: Path):  # type: ignore[no-untyped-def]
        replayed.append(path)
        return real(path)

    monkeypatch.setattr(history_module, "_replay", counting)
    assert _read(folder)[0] == [G3, G2, G1]
    assert replayed == []
    (folder / "finished" / f"{G2}.json").unlink()
    put_game(folder, "20250104-100000-dddd", FIXTURES / "example-8h.json")
    games, stats, _notes = _read(folder)
    assert games == [G3, G1, "20250104-100000-dddd"]  # its side file: 2024
    assert [p.name for p in replayed] == ["20250104-100000-dddd.json"]
    assert "Eve" not in {s.name for s in stats}
    # a record rewritten in place is indexed again
    (folder / "finished" / f"{G1}.json").write_text(
        (FIXTURES / "history" / "bots-seed5.json").read_text(encoding="utf-8"),
        encoding="utf-8")
    with History(folder) as h:
        h.refresh()
        assert [d.contract for d in h.deals(G1)] == ["10D", "6H"]


def test_broken_records_are_skipped_with_a_one_line_note(folder: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    finished = folder / "finished"
    (finished / "20250105-000000-0001.json").write_text("{not json", encoding="utf-8")
    illegal = json.loads((FIXTURES / "example-8h.json").read_text(encoding="utf-8"))
    illegal["deals"][0]["actions"][8] = "2:play KD"  # South must follow trumps (R20)
    (finished / "20250105-000000-0002.json").write_text(json.dumps(illegal),
                                                        encoding="utf-8")
    unfinished = dict(illegal)
    unfinished["deals"] = [dict(illegal["deals"][0], actions=["1:bid 7H"])]
    (finished / "20250105-000000-0003.json").write_text(json.dumps(unfinished),
                                                        encoding="utf-8")
    (finished / "20250105-000000-0004.json").write_bytes(b"\xff\xfe\x00 not text")
    games, stats, notes = _read(folder)
    assert games == [G3, G2, G1]
    assert stats == EXPECTED
    assert len(notes) == 4
    assert all("\n" not in n and len(n) <= history_module.NOTE_LIMIT for n in notes)
    assert notes[0].startswith("finished/20250105-000000-0001.json skipped: line 1")
    assert "(R20)" in notes[1]
    assert notes[2].endswith("skipped: not a finished game")
    assert "UTF-8" in notes[3]
    # remembered: the same notes next time, without replaying the broken files again
    monkeypatch.setattr(history_module, "_replay", lambda path: pytest.fail(str(path)))
    assert _read(folder)[2] == notes


def test_names_from_the_index_are_cleaned(folder: Path) -> None:
    """The index is a file too: a name in it is cleaned again before it is shown."""
    _read(folder)
    db = sqlite3.connect(folder / INDEX_FILE)
    db.execute("UPDATE seats SET name = ? WHERE game_id = ? AND seat = 0",
               ("\x1b]0;pwned\x07Ana\u202e", G1))
    db.commit()
    db.close()
    with History(folder) as h:
        assert h.games()[2].names[0] == "]0;pwnedAna"


def test_an_unwritable_folder_keeps_the_index_in_memory(folder: Path) -> None:
    blocker = folder / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    with History(folder, index=blocker / INDEX_FILE) as h:
        h.refresh()
        assert h.in_memory
        assert h.statistics() == EXPECTED


def test_no_finished_games(tmp_path: Path) -> None:
    data = load(tmp_path)
    assert (data.games, data.statistics, data.notes) == ([], [], [])


@pytest.mark.parametrize(("code", "kind"), [("8H", "suit"), ("6NT", "nt"), ("MIS", "misere"),
                                            ("OMIS", "open_misere"),
                                            ("BMIS", "blind_misere"), ("GAME S", "suit"),
                                            ("GAME NT", "nt")])
def test_contract_kinds(code: str, kind: str) -> None:
    assert contract_kind(code) == kind
