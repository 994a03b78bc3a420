"""History and statistics (issue 10, item 8): the SQLite index built from the finished
records, rebuilt when missing or damaged, broken records skipped with a note, and the
statistics per player checked against figures computed by hand (tests/history_fixtures.py
describes the three games)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from five_hundred import __version__
from five_hundred import history as history_module
from five_hundred.history import (
    INDEX_FILE,
    SCHEMA,
    DealRow,
    History,
    KindCount,
    PlayerStats,
    SideFacts,
    contract_kind,
    load,
)
from tests.history_fixtures import (
    FINISHED_AT,
    FIXTURES,
    G1,
    G2,
    G3,
    L1,
    L2,
    L3,
    long_names,
    put_game,
    three_games,
)

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


# ---------------------------------------------------------------------- side files


def test_side_file_counts_per_seat_and_practice(tmp_path: Path) -> None:
    """The side file's take-backs and hints per seat, and the practice mark, are kept
    with each game (L1, L2); the 2-count form of the version before counts on North and
    East (L3); the rules come back whole (L1: V2 and V4)."""
    with History(long_names(tmp_path)) as h:
        h.refresh()
        l3, l2, l1 = h.games()
    assert (l1.game_id, l2.game_id, l3.game_id) == (L1, L2, L3)
    assert (l1.takebacks, l1.hints, l1.practice) == ((2, 0, 1, 0), (3, 1, 0, 2), False)
    assert (l1.side_takebacks, l1.side_hints) == ((3, 0), (3, 3))
    assert (l2.takebacks, l2.hints, l2.practice) == ((4, 1, 0, 0), (0, 2, 0, 0), True)
    assert l2.computers == (False, False, True, True)
    assert (l3.takebacks, l3.hints, l3.practice) == ((1, 2, 0, 0), (0, 0, 0, 0), False)
    assert l3.names == ("North", "East", "South", "West")  # translated when drawn
    assert l1.rules.misere_without_seven and l1.rules.defensive_cap == 490
    assert l1.preset == l3.preset == "pagat-australian" and l3.rules.defensive_cap is None


@pytest.mark.parametrize("text", [
    None,  # no side file
    "{not json",
    "[1, 2, 3, 4]",
    '"takebacks"',
    '{"takebacks": [1, 2, 3], "hints": [1, 2, 3, 4, 5]}',
    '{"takebacks": [-1, 0, 0, 0], "hints": [0, 0, 0, 1000000]}',
    '{"takebacks": ["1", 0, 0, 0], "hints": [true, 0, 0, 0]}',
    '{"takebacks": [1.5, 0], "hints": 3, "practice": "yes"}',
    '{"takebacks": {"0": 1}, "hints": null, "practice": 1}',
    '{"summary": [], "players": "four", "takebacks": [], "practice": null}',
])
def test_bad_side_files_count_as_nothing_used(tmp_path: Path, text: str | None) -> None:
    """A side file missing, unreadable or with values of the wrong kind: no take-back,
    no hint, a counted game of four people, dated by the record's time."""
    put_game(tmp_path, G3, FIXTURES / "history" / "scripted.json", side=False)
    side = tmp_path / "finished" / f"{G3}.seats.json"
    if text is not None:
        side.write_text(text, encoding="utf-8")
        assert history_module._side(side) == SideFacts()
    with History(tmp_path) as h:
        h.refresh()
        [game] = h.games()
        assert h.notes == []
    assert (game.takebacks, game.hints, game.practice) == ((0,) * 4, (0,) * 4, False)
    assert game.computers == (False,) * 4 and game.finished_at == FINISHED_AT[G3]


def test_side_facts_read_as_written() -> None:
    """The reading itself, value by value (what ``ui/storage.py`` writes)."""
    counts = history_module._counts
    assert counts([1, 2, 3, 4]) == (1, 2, 3, 4)
    assert counts([5, 6]) == (5, 6, 0, 0)  # per side, the version before
    assert counts([0, 0, 0, 999_999]) == (0, 0, 0, 999_999)
    for bad in (None, [], [1], [1, 2, 3], [True, 0, 0, 0], [0, 0, 0, 10**6], "1234", 4):
        assert counts(bad) == (0, 0, 0, 0), bad


# ---------------------------------------------------------------------- practice games


def test_practice_games_are_listed_but_not_counted(folder: Path) -> None:
    """G2 made a practice game: still listed (with its deals), but every figure of the
    statistics is what it is without G2; ``practice_games`` says one was left out."""
    other = three_games(folder.parent / "without")
    (other / "finished" / f"{G2}.json").unlink()
    without = load(other)
    put_game(folder, G2, FIXTURES / "history" / "bots-seed5.json",
             players=[("Bruno", "person"), ("Ana", "person"), ("Davi", "computer"),
                      ("Eve", "computer")], extra={"practice": True, "takebacks": [3, 0, 0, 0]})
    data = load(folder)
    assert [g.game_id for g in data.games] == [G3, G2, G1]
    assert [g.practice for g in data.games] == [False, True, False]
    assert len(data.deals[G2]) == 2
    assert (data.practice_games, data.counted_games) == (1, 2)
    assert data.statistics == without.statistics
    assert data.statistics != EXPECTED  # G2 counted in those
    assert {s.name for s in data.statistics} == {"Bruno", "Ana", "Davi", "Carla"}
    assert [s.takebacks for s in data.statistics] == [0, 0, 0, 0]  # G2's 3 left out


def test_statistics_add_up_take_backs_and_hints(tmp_path: Path) -> None:
    """Per name over the counted games: Maximiliano's 2 take-backs and 3 hints are L1's
    (L2, a practice game, is left out); the default names count under their English
    name (L3: North took 1 back, East 2)."""
    data = load(long_names(tmp_path))
    by_name = {(s.name, s.computer): s for s in data.statistics}
    assert data.practice_games == 1
    assert sorted(by_name) == [("Bartolomeu", False), ("East", False), ("Esperanza", False),
                               ("Guadalupe", False), ("Maximiliano", False),
                               ("North", False), ("South", False), ("West", False)]
    assert [(by_name[n, False].takebacks, by_name[n, False].hints) for n in
            ("Maximiliano", "Guadalupe", "Bartolomeu", "Esperanza", "North", "East")] == \
        [(2, 3), (0, 1), (1, 0), (0, 2), (1, 0), (2, 0)]
    assert by_name["Maximiliano", False].games == 1  # L1 only


# ---------------------------------------------------------------------- schema


def test_an_index_of_the_schema_before_is_rebuilt(folder: Path) -> None:
    """An index written by the version before (schema 1: no take-backs, hints or
    practice; the house rules in English) is deleted and built again, so that the games
    already indexed get what their side files say."""
    assert SCHEMA == 2
    put_game(folder, G2, FIXTURES / "history" / "bots-seed5.json",
             extra={"takebacks": [0, 1, 0, 0], "hints": [0, 0, 0, 2], "practice": True})
    index = folder / INDEX_FILE
    db = sqlite3.connect(index)
    db.executescript("""
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE files (game_id TEXT PRIMARY KEY, stamp TEXT NOT NULL, note TEXT);
        CREATE TABLE games (game_id TEXT PRIMARY KEY, finished_at REAL NOT NULL,
            preset TEXT NOT NULL, house TEXT NOT NULL, winner INTEGER NOT NULL,
            win_reason TEXT NOT NULL, start0 INTEGER NOT NULL, start1 INTEGER NOT NULL,
            score0 INTEGER NOT NULL, score1 INTEGER NOT NULL, deals INTEGER NOT NULL);
        CREATE TABLE seats (game_id TEXT NOT NULL, seat INTEGER NOT NULL,
            name TEXT NOT NULL, computer INTEGER NOT NULL);
        CREATE TABLE deals (game_id TEXT NOT NULL, number INTEGER NOT NULL);
        PRAGMA user_version = 1;
    """)
    db.execute("INSERT INTO meta VALUES ('version', ?)", (__version__,))
    db.commit()
    db.close()
    with History(folder) as h:
        h.refresh()
        games = {g.game_id: g for g in h.games()}
        assert h.notes == []
    assert sorted(games) == [G1, G2, G3]
    assert games[G2].practice and games[G2].hints == (0, 0, 0, 2)
    assert games[G2].takebacks == (0, 1, 0, 0)
    db = sqlite3.connect(index)
    assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA,)
    columns = {row[1] for row in db.execute("PRAGMA table_info(seats)")}
    assert {"takebacks", "hints"} <= columns
    db.close()


def test_rules_unreadable_in_the_index_fall_back_to_the_preset(folder: Path) -> None:
    _read(folder)
    db = sqlite3.connect(folder / INDEX_FILE)
    db.execute("UPDATE games SET rules = ? WHERE game_id = ?", ("{not json", G1))
    db.execute("UPDATE games SET rules = ?, preset = ? WHERE game_id = ?",
               ('{"preset": "nonsense"}', "two-joker-1000", G2))
    db.execute("UPDATE seats SET takebacks = -4, hints = 'x' WHERE game_id = ?", (G3,))
    db.commit()
    db.close()
    with History(folder) as h:
        games = {g.game_id: g for g in h.games()}
    assert games[G1].preset == "pagat-australian"
    assert games[G2].preset == "two-joker-1000"
    assert games[G3].takebacks == games[G3].hints == (0, 0, 0, 0)
