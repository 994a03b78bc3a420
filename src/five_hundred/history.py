"""Finished games: their list, their deals and statistics per player (issue 10, item 8).

Pure code: no textual, no rich. The records in ``finished/`` are the truth; what this
module keeps besides them is an *index*, a SQLite database (``history.sqlite3`` in
the data folder) that holds, per finished game, what the engine's replay of its
record says: the names and seats, the winner and scores, and per deal the contract,
declarer, tricks, whether it was made and the score changes. Nothing is scored here:
the figures are the engine's (``replay_record``), only added up.

The index is a cache. ``refresh()`` brings it in line with ``finished/``: a record
that is new or changed (its size or modification time) is replayed and indexed, one
that has gone is dropped. An index that is missing, of another schema or version,
or not a database at all (damaged) is deleted and built again from the records. If
the folder cannot be written, the index lives in memory for the session. A record
that cannot be read or replayed, or that is not a finished game, is skipped and
remembered as such (until it changes), with a one-line note in ``notes``.

From a game's side file (``<id>.seats.json``, written by ``ui/storage.py``) come, besides
which seats were computers and when it was last played, the take-backs and hints each
seat used (``"takebacks"``, ``"hints"``: four counts, North East South West; a side
file of the version before counted take-backs per side, ``[N–S, E–W]``, kept here on
North and East) and whether it was a practice game (``"practice": true``). A missing
side file, or a value that is not what it should be, counts as none used and a counted
game.

Statistics are per player *name* across games; a computer seat counts apart from a
person of the same name (``PlayerStats.computer``; a record without its side file
counts its seats as people). A practice game is listed with the others but counts in
no statistic (``HistoryData.practice_games`` says how many were left out).
Definitions:

- games, wins: the games the name sat in, and those its side won;
- deals: the deals of those games (passed-out ones included);
- contracts: the deals the name declared, by kind (suit, no trumps, misère, open
  misère, blind misère), and how many of them were made;
- points per deal as declarer: the mean score change of the name's side over the
  deals it declared; as defender: over the deals the other side declared (deals its
  partner declared, and passed-out deals, count in neither);
- take-backs, hints: those the name used, over its games.

The house rules are kept as the record's ``rules`` object (``RuleSet.to_record``), so
that a screen can describe them in the player's language (``GameRow.rules``).
"""

from __future__ import annotations

import contextlib
import json
import math
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from five_hundred import __version__
from five_hundred.notation import SEATS
from five_hundred.safe_text import clean_name, clean_text

if TYPE_CHECKING:
    from five_hundred.engine.record import GameRecord
    from five_hundred.engine.rules import RuleSet

INDEX_FILE = "history.sqlite3"
FINISHED = "finished"  # as in ui/storage.py: finished/<id>.json and <id>.seats.json
SIDE_SUFFIX = ".seats.json"
SCHEMA = 2  # PRAGMA user_version of the index; another value: rebuilt
COUNT_LIMIT = 10**6  # a take-back or hint count from a side file is below this
NOTE_LIMIT = 160  # characters of a note about a skipped record

KINDS = ("suit", "nt", "misere", "open_misere", "blind_misere")

_TABLES = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE files (
    game_id TEXT PRIMARY KEY, stamp TEXT NOT NULL, note TEXT
);
CREATE TABLE games (
    game_id TEXT PRIMARY KEY REFERENCES files ON DELETE CASCADE,
    finished_at REAL NOT NULL, preset TEXT NOT NULL, rules TEXT NOT NULL,
    winner INTEGER NOT NULL, win_reason TEXT NOT NULL,
    start0 INTEGER NOT NULL, start1 INTEGER NOT NULL,
    score0 INTEGER NOT NULL, score1 INTEGER NOT NULL, deals INTEGER NOT NULL,
    practice INTEGER NOT NULL
);
CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games ON DELETE CASCADE, seat INTEGER NOT NULL,
    name TEXT NOT NULL, computer INTEGER NOT NULL,
    takebacks INTEGER NOT NULL, hints INTEGER NOT NULL, PRIMARY KEY (game_id, seat)
);
CREATE TABLE deals (
    game_id TEXT NOT NULL REFERENCES games ON DELETE CASCADE, number INTEGER NOT NULL,
    dealer INTEGER NOT NULL, contract TEXT, kind TEXT, declarer INTEGER, made INTEGER,
    tricks0 INTEGER NOT NULL, tricks1 INTEGER NOT NULL,
    change0 INTEGER NOT NULL, change1 INTEGER NOT NULL,
    score0 INTEGER NOT NULL, score1 INTEGER NOT NULL, PRIMARY KEY (game_id, number)
);
"""


def contract_kind(code: str) -> str:
    """The kind of a contract code: ``suit``, ``nt``, ``misere``, ``open_misere`` or
    ``blind_misere`` (a two-joker "game" bid is of its suit, or no trumps)."""
    if code == "MIS":
        return "misere"
    if code == "OMIS":
        return "open_misere"
    if code == "BMIS":
        return "blind_misere"
    return "nt" if code.endswith("NT") else "suit"


# ---------------------------------------------------------------------- what is read


@dataclass(frozen=True, slots=True)
class DealRow:
    """One deal of a finished game, as the engine scored it."""

    number: int  # from 1
    dealer: int
    contract: str | None  # a bid code (``8H``, ``MIS``); None: passed out / thrown in
    declarer: int | None
    made: bool | None
    tricks: tuple[int, int]  # per team; in misère the declaring team counts its own
    change: tuple[int, int]
    scores: tuple[int, int]  # after the deal


Four = tuple[int, int, int, int]  # one count per seat: North, East, South, West


@dataclass(frozen=True, slots=True)
class GameRow:
    """One finished game."""

    game_id: str
    finished_at: float  # seconds since the epoch
    rules: RuleSet  # its rules (the preset and the house rules in force)
    names: tuple[str, str, str, str]  # cleaned, as recorded (a seat's English name
    #                                   for a player who typed none: see notation)
    computers: tuple[bool, bool, bool, bool]
    winner: int  # team 0 (seats 0+2) or 1
    win_reason: str
    start_scores: tuple[int, int]
    scores: tuple[int, int]
    deals: int
    practice: bool = False  # a practice game: listed, but in no statistic
    takebacks: Four = (0, 0, 0, 0)  # used per seat
    hints: Four = (0, 0, 0, 0)

    @property
    def preset(self) -> str:
        return self.rules.preset

    @property
    def side_takebacks(self) -> tuple[int, int]:
        """Take-backs per side (N–S, E–W)."""
        return self.takebacks[0] + self.takebacks[2], self.takebacks[1] + self.takebacks[3]

    @property
    def side_hints(self) -> tuple[int, int]:
        return self.hints[0] + self.hints[2], self.hints[1] + self.hints[3]


@dataclass(frozen=True, slots=True)
class KindCount:
    bid: int = 0
    made: int = 0


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player name's figures across the finished games (see the module notes)."""

    name: str
    computer: bool
    games: int = 0
    wins: int = 0
    deals: int = 0
    contracts: dict[str, KindCount] = field(default_factory=dict)  # kind -> counts
    declarer_deals: int = 0
    declarer_points: int = 0  # the total; the mean is ``declarer_average``
    defender_deals: int = 0
    defender_points: int = 0
    takebacks: int = 0  # used over its games
    hints: int = 0

    def kind(self, kind: str) -> KindCount:
        return self.contracts.get(kind, KindCount())

    @property
    def declarer_average(self) -> float | None:
        return self.declarer_points / self.declarer_deals if self.declarer_deals else None

    @property
    def defender_average(self) -> float | None:
        return self.defender_points / self.defender_deals if self.defender_deals else None


# ---------------------------------------------------------------------- the index


def _note(text: str) -> str:
    """A one-line note, safe to draw."""
    line = " ".join(clean_text(text).split())
    return line if len(line) <= NOTE_LIMIT else line[:NOTE_LIMIT - 1] + "…"


def _stamp(record: Path, side: Path) -> str:
    """What says that a file changed: size and modification time of both files."""
    parts = []
    for path in (record, side):
        try:
            st = path.stat()
            parts.append(f"{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            parts.append("-")
    return "/".join(parts)


@dataclass(frozen=True, slots=True)
class SideFacts:
    """What a game's side file says that its record does not (see the module notes)."""

    last_played: float | None = None
    computers: tuple[bool, bool, bool, bool] = (False, False, False, False)
    takebacks: Four = (0, 0, 0, 0)
    hints: Four = (0, 0, 0, 0)
    practice: bool = False


def _counts(value: object) -> Four:
    """Four counts per seat from a side file; the form of the version before (two, per
    side: N–S, E–W) on North and East; zeros for anything else (absent, not a list of
    small non-negative integers)."""
    if (isinstance(value, list) and len(value) in (2, 4)
            and all(type(x) is int and 0 <= x < COUNT_LIMIT for x in value)):
        if len(value) == 2:
            return value[0], value[1], 0, 0
        return value[0], value[1], value[2], value[3]
    return 0, 0, 0, 0


def _side(path: Path) -> SideFacts:
    """What a game's side file says; the defaults (people, none used, a counted game)
    for what is missing, unreadable or not of the right type."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return SideFacts()
    if not isinstance(data, dict):
        return SideFacts()
    when: float | None = None
    summary = data.get("summary")
    value = summary.get("last_played") if isinstance(summary, dict) else None
    if isinstance(value, int | float) and not isinstance(value, bool) and \
            math.isfinite(value):
        when = float(value)
    computers = (False, False, False, False)
    players = data.get("players")
    if isinstance(players, list) and len(players) == 4:
        kinds = [isinstance(p, dict) and p.get("kind") == "computer" for p in players]
        computers = (kinds[0], kinds[1], kinds[2], kinds[3])
    return SideFacts(when, computers, _counts(data.get("takebacks")),
                     _counts(data.get("hints")), data.get("practice") is True)


class History:
    """The finished games of one data folder and their index (see the module notes).

    ``refresh()`` once, then ask ``games()``, ``deals(id)``, ``statistics()``;
    ``record(id)`` loads a game's record (for the deal review). ``close()`` at the
    end (or use it as a context manager)."""

    def __init__(self, folder: Path, *, index: Path | None = None) -> None:
        self.folder = folder
        self.finished_dir = folder / FINISHED
        self.index_path = index if index is not None else folder / INDEX_FILE
        self.notes: list[str] = []  # one line per skipped record (and a rebuilt index)
        self.in_memory = False  # the folder could not hold the index
        self._db: sqlite3.Connection | None = None

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # ------------------------------------------------------------ opening

    @property
    def db(self) -> sqlite3.Connection:
        if self._db is None:
            self._db = self._open()
        return self._db

    def _connect(self, target: str) -> sqlite3.Connection:
        db = sqlite3.connect(target, timeout=5.0)
        db.execute("PRAGMA foreign_keys = ON")
        return db

    def _usable(self, db: sqlite3.Connection) -> bool:
        """The index is of this schema and version, and not damaged."""
        if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA:
            return False
        if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            return False
        row = db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
        return row is not None and row[0] == __version__

    def _create(self, db: sqlite3.Connection) -> None:
        with db:
            db.executescript(_TABLES)
            db.execute("INSERT INTO meta VALUES ('version', ?)", (__version__,))
            db.execute(f"PRAGMA user_version = {SCHEMA}")

    def _open(self) -> sqlite3.Connection:
        """The index file, checked; a missing, outdated or damaged one made anew. In
        memory if the folder cannot hold it."""
        fresh = not self.index_path.exists()
        try:
            if not fresh:
                db = self._connect(str(self.index_path))
                try:
                    if self._usable(db):
                        return db
                except sqlite3.DatabaseError:
                    self.notes.append("The history index was damaged: it was built again "
                                      "from the finished games.")
                db.close()
                self._remove_index()
            self.index_path.parent.mkdir(parents=True, exist_ok=True)
            db = self._connect(str(self.index_path))
            self._create(db)
            return db
        except (OSError, sqlite3.Error):
            db = self._connect(":memory:")
            self._create(db)
            self.in_memory = True
            return db

    def _remove_index(self) -> None:
        for suffix in ("", "-journal", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                Path(f"{self.index_path}{suffix}").unlink()

    # ------------------------------------------------------------ refreshing

    def _record_paths(self) -> Iterator[Path]:
        with contextlib.suppress(OSError):
            for path in sorted(self.finished_dir.glob("*.json")):
                if not path.name.endswith(SIDE_SUFFIX) and not path.name.startswith("."):
                    yield path

    def refresh(self) -> None:
        """Bring the index in line with ``finished/`` (see the module notes); ``notes``
        then says what was skipped."""
        self.notes = []
        try:
            self._refresh()
        except sqlite3.DatabaseError:
            # damaged while open, or by another program meanwhile: start again once
            self.close()
            self._remove_index()
            self.notes.append("The history index was damaged: it was built again from "
                              "the finished games.")
            self._refresh()

    def _refresh(self) -> None:
        db = self.db
        known = {gid: (stamp, note) for gid, stamp, note in
                 db.execute("SELECT game_id, stamp, note FROM files")}
        seen: set[str] = set()
        with db:
            for path in self._record_paths():
                game_id = path.name.removesuffix(".json")
                seen.add(game_id)
                side = path.with_name(game_id + SIDE_SUFFIX)
                stamp = _stamp(path, side)
                old = known.get(game_id)
                if old is not None and old[0] == stamp:
                    if old[1] is not None:
                        self.notes.append(old[1])
                    continue
                db.execute("DELETE FROM files WHERE game_id = ?", (game_id,))
                note = self._index(db, game_id, path, side, stamp)
                if note is not None:
                    self.notes.append(note)
            for game_id in set(known) - seen:
                db.execute("DELETE FROM files WHERE game_id = ?", (game_id,))

    def _index(self, db: sqlite3.Connection, game_id: str, path: Path, side: Path,
               stamp: str) -> str | None:
        """Replay one record and store what it says; a note if it is skipped."""
        try:
            rows = _replay(path)
        except Exception as exc:  # a broken record is skipped, never a crash
            reason = str(exc) or type(exc).__name__
            note = _note(f"{FINISHED}/{path.name} skipped: {reason}")
            db.execute("INSERT INTO files VALUES (?, ?, ?)", (game_id, stamp, note))
            return note
        game, deals = rows
        facts = _side(side)
        when = facts.last_played
        if when is None:
            try:
                when = path.stat().st_mtime
            except OSError:
                when = 0.0
        db.execute("INSERT INTO files VALUES (?, ?, NULL)", (game_id, stamp))
        db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (game_id, when, game["preset"], json.dumps(game["rules"], sort_keys=True),
                    game["winner"], game["win_reason"], *game["start"], *game["scores"],
                    len(deals), int(facts.practice)))
        db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                       [(game_id, seat, name, int(facts.computers[seat]),
                         facts.takebacks[seat], facts.hints[seat])
                        for seat, name in enumerate(game["names"])])
        db.executemany("INSERT INTO deals VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       [(game_id, *d) for d in deals])
        return None

    # ------------------------------------------------------------ reading

    def games(self) -> list[GameRow]:
        """The finished games indexed, the latest finished first."""
        seats: dict[str, list[tuple[str, bool, int, int]]] = {}
        for game_id, _seat, name, computer, takebacks, hints in self.db.execute(
                "SELECT game_id, seat, name, computer, takebacks, hints FROM seats "
                "ORDER BY game_id, seat"):
            seats.setdefault(game_id, []).append((str(name), bool(computer),
                                                  _count(takebacks), _count(hints)))
        out: list[GameRow] = []
        for row in self.db.execute(
                "SELECT game_id, finished_at, preset, rules, winner, win_reason, start0, "
                "start1, score0, score1, deals, practice FROM games "
                "ORDER BY finished_at DESC, game_id DESC"):
            game_id = str(row[0])
            sat = seats.get(game_id, [])
            if len(sat) != 4:
                continue
            names = [clean_name(s[0], SEATS[i]) for i, s in enumerate(sat)]
            comps = [s[1] for s in sat]
            taken = [s[2] for s in sat]
            hints = [s[3] for s in sat]
            out.append(GameRow(
                game_id, float(row[1]), _ruleset(row[3], row[2]),
                (names[0], names[1], names[2], names[3]),
                (comps[0], comps[1], comps[2], comps[3]),
                int(row[4]) & 1, clean_text(str(row[5])), (int(row[6]), int(row[7])),
                (int(row[8]), int(row[9])), int(row[10]), bool(row[11]),
                (taken[0], taken[1], taken[2], taken[3]),
                (hints[0], hints[1], hints[2], hints[3])))
        return out

    def deals(self, game_id: str) -> list[DealRow]:
        """The deals of one game, in order."""
        return [DealRow(int(n), int(dealer), None if c is None else clean_text(str(c)),
                        None if d is None else int(d), None if m is None else bool(m),
                        (int(t0), int(t1)), (int(c0), int(c1)), (int(s0), int(s1)))
                for n, dealer, c, d, m, t0, t1, c0, c1, s0, s1 in self.db.execute(
                    "SELECT number, dealer, contract, declarer, made, tricks0, tricks1, "
                    "change0, change1, score0, score1 FROM deals WHERE game_id = ? "
                    "ORDER BY number", (game_id,))]

    def record(self, game_id: str) -> GameRecord:
        """The record of a finished game (``MalformedRecord`` / ``OSError`` if it can no
        longer be read)."""
        from five_hundred.engine.record import load_record

        return load_record(self.finished_dir / f"{game_id}.json")

    def statistics(self) -> list[PlayerStats]:
        """Per player name (people first, then computers), the most games first; practice
        games left out."""
        db = self.db
        table: dict[tuple[str, bool], dict[str, Any]] = {}

        def entry(name: object, computer: object) -> dict[str, Any]:
            key = (clean_name(str(name), "?"), bool(computer))
            return table.setdefault(key, {"contracts": {}})

        # the seats of the counted games (not practice ones)
        counted = ("(SELECT s.* FROM seats s JOIN games g USING (game_id) "
                   "WHERE g.practice = 0)")
        for name, computer, games, wins, takebacks, hints in db.execute(
                "SELECT s.name, s.computer, COUNT(DISTINCT s.game_id), "
                "COUNT(DISTINCT CASE WHEN g.winner = s.seat % 2 THEN s.game_id END), "
                "SUM(s.takebacks), SUM(s.hints) "
                f"FROM {counted} s JOIN games g USING (game_id) "
                "GROUP BY s.name, s.computer"):
            entry(name, computer).update(games=int(games), wins=int(wins),
                                         takebacks=int(takebacks), hints=int(hints))
        for name, computer, deals in db.execute(
                "SELECT s.name, s.computer, COUNT(DISTINCT d.game_id || '/' || d.number) "
                f"FROM {counted} s JOIN deals d USING (game_id) GROUP BY s.name, s.computer"):
            entry(name, computer)["deals"] = int(deals)
        for name, computer, kind, bid, made in db.execute(
                "SELECT s.name, s.computer, d.kind, COUNT(*), SUM(d.made) FROM deals d "
                f"JOIN {counted} s ON s.game_id = d.game_id AND s.seat = d.declarer "
                "GROUP BY s.name, s.computer, d.kind"):
            entry(name, computer)["contracts"][str(kind)] = KindCount(int(bid), int(made))
        side_change = "CASE WHEN s.seat % 2 = 0 THEN d.change0 ELSE d.change1 END"
        for name, computer, count, total in db.execute(
                f"SELECT s.name, s.computer, COUNT(*), SUM({side_change}) FROM deals d "
                f"JOIN {counted} s ON s.game_id = d.game_id AND s.seat = d.declarer "
                "GROUP BY s.name, s.computer"):
            entry(name, computer).update(declarer_deals=int(count),
                                         declarer_points=int(total))
        for name, computer, count, total in db.execute(
                f"SELECT s.name, s.computer, COUNT(*), SUM({side_change}) FROM deals d "
                f"JOIN {counted} s ON s.game_id = d.game_id "
                "AND d.declarer IS NOT NULL AND d.declarer % 2 != s.seat % 2 "
                "GROUP BY s.name, s.computer"):
            entry(name, computer).update(defender_deals=int(count),
                                         defender_points=int(total))
        stats = [PlayerStats(name, computer, **values)
                 for (name, computer), values in table.items()]
        stats.sort(key=lambda p: (p.computer, -p.games, -p.wins, p.name.casefold(), p.name))
        return stats


@dataclass(frozen=True, slots=True)
class HistoryData:
    """Everything the history screens show, read in one go (in a worker thread: the
    first refresh after many games replays them all)."""

    games: list[GameRow]
    deals: dict[str, list[DealRow]]  # game id -> its deals
    statistics: list[PlayerStats]  # of the counted games (practice ones left out)
    notes: list[str]
    in_memory: bool = False

    @property
    def practice_games(self) -> int:
        """How many practice games are listed but left out of the statistics."""
        return sum(g.practice for g in self.games)

    @property
    def counted_games(self) -> int:
        return len(self.games) - self.practice_games


def load(folder: Path) -> HistoryData:
    """Refresh the index of ``folder`` and read all of it (see ``History``)."""
    with History(folder) as history:
        history.refresh()
        games = history.games()
        return HistoryData(games, {g.game_id: history.deals(g.game_id) for g in games},
                           history.statistics(), list(history.notes), history.in_memory)


def _count(value: object) -> int:
    """A count from the index (a file too): a small non-negative integer, else 0."""
    return value if type(value) is int and 0 <= value < COUNT_LIMIT else 0


def _ruleset(text: object, preset: object) -> RuleSet:
    """The rules kept in the index (a record's ``rules`` object); the preset's own
    rules if they cannot be read back (the index is a file too)."""
    from five_hundred.engine.rules import PAGAT_AUSTRALIAN, PRESETS, ruleset_from_record

    try:
        return ruleset_from_record(json.loads(str(text)))
    except (ValueError, TypeError):  # MalformedRecord and JSON errors are ValueErrors
        return PRESETS.get(str(preset), PAGAT_AUSTRALIAN)


def _replay(path: Path) -> tuple[dict[str, Any], list[tuple[Any, ...]]]:
    """What the engine says of one finished game: the game's row and its deals' rows.
    Raises for a record that cannot be read, replays with an illegal action, or is
    not a finished game."""
    from five_hundred.engine.record import load_record, replay_record

    record = load_record(path)
    replay = replay_record(record)
    if replay.error is not None:
        raise ValueError(f"illegal action: {replay.error.message}")
    state = replay.state
    if state.winner is None:
        raise ValueError("not a finished game")
    game = {"preset": record.rules.preset, "rules": record.rules.to_record(),
            "winner": state.winner, "win_reason": state.win_reason,
            "start": record.start_scores, "scores": tuple(state.scores),
            "names": record.names}
    deals: list[tuple[Any, ...]] = []
    for number, result in enumerate(state.results, 1):
        code = result.contract
        deals.append((number, result.dealer, code,
                       None if code is None else contract_kind(code), result.declarer,
                       None if result.made is None else int(result.made),
                       *result.tricks, *result.score_change, *result.scores))
    return game, deals


__all__ = ["FINISHED", "INDEX_FILE", "KINDS", "SCHEMA", "DealRow", "GameRow", "History",
           "HistoryData", "KindCount", "PlayerStats", "SideFacts", "contract_kind", "load"]
