"""Where games are kept, and how they are written: never lost, never half-written.

Plain file code (no Textual). The data folder holds::

    games/<id>.json          the record (docs/record-format.md) of a game in progress
    games/<id>.seats.json    its side file: seats (person or computer), seed, the
                             take-backs each side used, summary
    finished/<id>.json       the record of a finished game (one file per game)
    finished/<id>.seats.json its side file
    damaged/<id>.json        a save that could not be read, set aside (never deleted)
    history.sqlite3          the index of finished/ (``five_hundred.history``)
    logs/crash-<time>.log    what an unexpected error left behind

``<id>`` is the UTC time the game started (``20250102-143005``) and four hex digits,
so names sort by date. Every file is written atomically (temporary file, ``fsync``,
``os.replace``). A game stays in ``games/`` until it ends; starting another one never
touches it. The side file's summary (deal, scores, last played) is derived from the
record at each save, so the start screen lists games without loading the engine.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from five_hundred.i18n import _
from five_hundred.notation import SEATS, month_name, points, shown_name, team_short
from five_hundred.safe_text import clean_name, clean_text

if TYPE_CHECKING:  # the engine is imported only when a game is loaded (fast start)
    from five_hundred.engine import RuleSet
    from five_hundred.hotseat import Controller, Player

DATA_ENV = "FIVE_HUNDRED_DATA_DIR"
GAMES, FINISHED, DAMAGED, LOGS = "games", "finished", "damaged", "logs"
SIDE_SUFFIX = ".seats.json"
LAST_TABLE = "last-table.json"  # names, seats and rules of the last game started
# the previous version's single save slot, and what it set aside
OLD_SAVE, OLD_SEATS = "current-game.json", "current-game.seats.json"
OLD_REPLACED, OLD_FINISHED = "replaced-", "finished-"
STALE_TMP_SECONDS = 60.0  # a temporary file lives for milliseconds while a save is written
RESERVED_SUFFIX = ".reserved"  # a new game's id, held from its drawing to its first save


def data_dir() -> Path:
    """The folder for saved games (``$FIVE_HUNDRED_DATA_DIR`` overrides it)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    import platformdirs  # only when the default folder is asked for (fast start)

    return Path(platformdirs.user_data_dir("five-hundred", appauthor=False))


def atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):  # a failed save leaves nothing behind
            tmp.unlink()
        raise


def why_not(exc: OSError) -> str:
    """A few words for a failed write, for a person rather than a programmer."""
    if exc.errno in (errno.ENOTDIR, errno.EEXIST):
        return "a file is in the way"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "no permission to write there"
    if exc.errno == errno.EROFS:
        return "the disk is read-only"
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    return clean_text(exc.strerror or str(exc))


class SaveError(Exception):
    """The saved game could not be resumed; it has been moved to ``kept_as``."""

    def __init__(self, message: str, kept_as: Path | None) -> None:
        super().__init__(message)
        self.message = message
        self.kept_as = kept_as


@dataclass(frozen=True)
class LastTable:
    """The last game's table, offered again on the start screen."""

    players: tuple[Player, ...]
    rules: RuleSet
    practice: bool


@dataclass(frozen=True)
class GameInfo:
    """One saved game as the start screen lists it (read without the engine)."""

    game_id: str
    names: tuple[str, str, str, str]  # cleaned, safe to draw
    deal: int  # the deal under way, from 1
    scores: tuple[int, int] | None  # None: not known without replaying the record
    last_played: float  # seconds since the epoch

    def describe(self) -> str:
        """``deal 3 · N–S 120 Ana & Carla · E–W −40 Bruno & Davi`` (plain text); a side
        whose players kept their seats' names is named by the side alone (``N–S 120``)."""
        def side(team: int) -> str:
            score = "" if self.scores is None else f" {points(self.scores[team])}"
            seats = (team, team + 2)
            if all(self.names[i] == SEATS[i] for i in seats):
                return f"{team_short(team)}{score}"
            first, second = (shown_name(self.names[i], i) for i in seats)
            return f"{team_short(team)}{score} {first} & {second}"

        return _("deal {deal} · {side0} · {side1}").format(deal=self.deal, side0=side(0),
                                                          side1=side(1))

    def when(self) -> str:
        t = time.localtime(self.last_played)
        return time.strftime(f"%d {month_name(t.tm_mon)} %H:%M", t)


def _read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _total_actions(record: dict[str, Any]) -> int:
    return sum(len(d.get("actions", [])) for d in record["deals"] if isinstance(d, dict))


class SaveSlot:
    """The save place of one game: ``saver`` of its Controller, called after every
    action. It never raises on a failed write: it reports the trouble once through
    ``on_trouble`` (a message, or None when saving works again) and the game goes on."""

    def __init__(self, storage: Storage, game_id: str, *, enabled: bool = True) -> None:
        self.storage = storage
        self.game_id = game_id
        self.enabled = enabled
        self.failing = False
        self.finished = False
        self.released = False  # the id's reservation, dropped at the first save
        self.on_trouble: Callable[[str | None], None] | None = None

    @property
    def record_path(self) -> Path:
        return self.storage.games_dir / f"{self.game_id}.json"

    @property
    def side_path(self) -> Path:
        return self.storage.games_dir / f"{self.game_id}{SIDE_SUFFIX}"

    @property
    def finished_path(self) -> Path:
        return self.storage.finished_dir / f"{self.game_id}.json"

    @property
    def path(self) -> Path:
        """Where the record is now."""
        return self.finished_path if self.finished else self.record_path

    def write(self, controller: Controller) -> None:
        if not self.enabled:
            return
        try:
            self._write(controller)
            if not self.released:
                self.released = True
                self.storage.release(self.game_id)
        except OSError as exc:
            if not self.failing:
                self.failing = True
                self._tell(_("The game could not be saved in {folder} ({why}). It goes on; "
                             "it is saved again as soon as the folder can be written.").format(
                    folder=self.storage.folder, why=why_not(exc)))
            return
        if self.failing:
            self.failing = False
            self._tell(None)

    def _tell(self, message: str | None) -> None:
        if self.on_trouble is not None:
            self.on_trouble(message)

    def _write(self, controller: Controller) -> None:
        record = controller.record_json()
        public = controller.public()
        side = {
            "seed": controller.seed,
            "players": [p.to_json() for p in controller.players],
            # take-backs per side: not part of the game record, whose format refuses
            # unknown keys (docs/record-format.md); older versions ignore this key
            "takebacks": list(controller.takebacks),
            "hints": list(controller.hints),
            "practice": controller.practice,
            "summary": {"deal": public.deal_number,
                        "actions": _total_actions(json.loads(record)),
                        "scores": list(public.scores),
                        "last_played": self.storage.clock(),
                        "over": controller.game_over},
        }
        side_text = json.dumps(side, indent=1)
        if controller.game_over:
            # the finished record goes to finished/ first, then leaves games/: at every
            # moment one of the two places holds it
            atomic_write(self.finished_path, record)
            atomic_write(self.storage.finished_dir / f"{self.game_id}{SIDE_SUFFIX}",
                         side_text)
            for p in (self.record_path, self.side_path):
                with contextlib.suppress(FileNotFoundError):
                    p.unlink()
            self.finished = True
            return
        # the record is the truth: written first, the summary after it
        atomic_write(self.record_path, record)
        atomic_write(self.side_path, side_text)


@dataclass
class Storage:
    """The data folder. ``prepare()`` once at start: makes the folders, checks that they
    can be written (``problem`` says why not), removes temporary files an interrupted
    save left and brings in the previous version's single save."""

    folder: Path
    clock: Callable[[], float] = time.time
    problem: str | None = None  # why games cannot be saved here, in one line
    messages: list[str] = field(default_factory=list)  # said once on the start screen
    current: SaveSlot | None = None

    @classmethod
    def default(cls) -> Storage:
        return cls(data_dir())

    @property
    def games_dir(self) -> Path:
        return self.folder / GAMES

    @property
    def finished_dir(self) -> Path:
        return self.folder / FINISHED

    @property
    def writable(self) -> bool:
        return self.problem is None

    # ------------------------------------------------------------ the last table

    @property
    def table_path(self) -> Path:
        return self.folder / LAST_TABLE

    def _remembered(self) -> dict[str, Any]:
        try:
            data = _read_json(self.table_path)
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _remember(self, update: dict[str, Any]) -> None:
        """Keep ``update`` in the last-table file with what it holds already. Not being
        able to write it only means it is not remembered."""
        data = {**self._remembered(), **update}
        with contextlib.suppress(OSError):
            atomic_write(self.table_path, json.dumps(data, ensure_ascii=False, indent=1))

    def remember_table(self, players: Sequence[Player], rules: RuleSet,
                       practice: bool = False) -> None:
        """The names, seats, rules and kind of game just started, for the next start
        screen."""
        self._remember({"players": [p.to_json() for p in players],
                        "rules": rules.model_dump(mode="json"), "practice": practice})

    def remember_language(self, lang: str) -> None:
        """The language chosen on the start screen (or switched to in a game)."""
        self._remember({"language": lang})

    def last_language(self) -> str | None:
        """The language remembered by ``remember_language``, None if none (or unknown)."""
        from five_hundred.i18n import LANGUAGES

        lang = self._remembered().get("language")
        return lang if lang in LANGUAGES else None

    def remember_four_colours(self, on: bool) -> None:
        """The four-colour deck (a display choice of the person at the keyboard)."""
        self._remember({"four_colours": on})

    def last_four_colours(self) -> bool:
        return self._remembered().get("four_colours") is True

    def last_table(self) -> LastTable | None:
        """The table remembered by ``remember_table``; None if there is none or it
        cannot be read (it is a convenience: a damaged file is ignored)."""
        from five_hundred.engine import RuleSet
        from five_hundred.hotseat import Player

        data = self._remembered()
        try:
            players = tuple(Player.from_json(p) for p in data["players"])
            rules = RuleSet.model_validate(data["rules"])
        except (ValueError, KeyError, TypeError):
            return None
        if len(players) != 4:
            return None
        return LastTable(players, rules, data.get("practice") is True)

    # ------------------------------------------------------------ at start

    def prepare(self) -> None:
        self.problem = None
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
            probe = self.games_dir / f".probe.{os.getpid()}.tmp"
            fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            try:
                os.write(fd, b"ok")
            finally:
                os.close(fd)
            probe.unlink()
        except OSError as exc:
            self.problem = _("Cannot save games in {folder} ({why}). Choose a folder with "
                             "--data-dir DIR or {env}, or play without saving: ctrl+n.").format(
                folder=clean_text(str(self.folder)), why=why_not(exc), env=DATA_ENV)
        self._remove_stale_temporaries()
        if self.problem is None:
            self._migrate_old_layout()

    def _remove_stale_temporaries(self) -> None:
        now = time.time()
        for folder in (self.folder, self.games_dir, self.finished_dir):
            with contextlib.suppress(OSError):
                for tmp in folder.glob(".*.tmp"):
                    with contextlib.suppress(OSError):
                        if not _writer_alive(tmp) or now - tmp.stat().st_mtime > \
                                STALE_TMP_SECONDS:
                            tmp.unlink()
        with contextlib.suppress(OSError):
            for held in self.games_dir.glob(f".*{RESERVED_SUFFIX}"):  # only games/ holds ids
                with contextlib.suppress(OSError):
                    # held for milliseconds, by a program that may be starting now
                    if now - held.stat().st_mtime > STALE_TMP_SECONDS:
                        held.unlink()

    def _migrate_old_layout(self) -> None:
        """The previous version kept one game in ``current-game.json`` and set the ones a
        new game replaced aside as ``replaced-*.json``: all become resumable games."""
        moves: list[tuple[Path, Path, Path]] = []  # (record, side file, destination dir)
        old = self.folder / OLD_SAVE
        if old.is_file():
            moves.append((old, self.folder / OLD_SEATS, self.games_dir))
        with contextlib.suppress(OSError):
            for path in sorted(self.folder.glob(f"{OLD_REPLACED}*.json")):
                if not path.name.endswith(SIDE_SUFFIX):
                    moves.append((path, path.with_suffix(SIDE_SUFFIX), self.games_dir))
            for path in sorted(self.folder.glob(f"{OLD_FINISHED}*.json")):
                if not path.name.endswith(SIDE_SUFFIX):
                    moves.append((path, path.with_suffix(SIDE_SUFFIX), self.finished_dir))
        for record, side, dest in moves:
            try:
                game_id = self._new_id(record.stat().st_mtime)
                dest.mkdir(parents=True, exist_ok=True)
                try:
                    os.replace(record, dest / f"{game_id}.json")
                finally:
                    self.release(game_id)
            except OSError:
                continue
            with contextlib.suppress(OSError):
                if side.is_file():
                    os.replace(side, dest / f"{game_id}{SIDE_SUFFIX}")
            if dest == self.games_dir:
                self.messages.append(_("A game saved by the previous version ({name}) is "
                                       "listed under Saved games.").format(name=record.name))

    # ------------------------------------------------------------ the list

    def _new_id(self, when: float | None = None) -> str:
        """A game id no other game has, reserved until its record is first written
        (``release``): two programs starting a game in the same second on one folder
        could otherwise draw the same id and write over each other's record."""
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(self.clock() if when is None
                                                           else when))
        while True:
            game_id = f"{stamp}-{os.urandom(2).hex()}"
            if self._taken(game_id):
                continue
            try:
                fd = os.open(self._reservation(game_id),
                             os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue  # another program has just drawn it
            except OSError:
                return game_id  # nothing can be saved here: nothing to collide with
            os.close(fd)
            # a record written under this id by a program that has released it since
            if self._taken(game_id):
                self.release(game_id)
                continue
            return game_id

    def _taken(self, game_id: str) -> bool:
        return (self.games_dir / f"{game_id}.json").exists() or \
            (self.finished_dir / f"{game_id}.json").exists()

    def _reservation(self, game_id: str) -> Path:
        return self.games_dir / f".{game_id}{RESERVED_SUFFIX}"

    def release(self, game_id: str) -> None:
        """The id's record is written (or never will be): its reservation goes."""
        with contextlib.suppress(OSError):
            self._reservation(game_id).unlink()

    def _records(self, folder: Path) -> Iterator[Path]:
        with contextlib.suppress(OSError):
            for path in folder.glob("*.json"):
                if not path.name.endswith(SIDE_SUFFIX) and not path.name.startswith("."):
                    yield path

    def games(self) -> list[GameInfo]:
        """The games in progress, the most recently played first. A record that is not
        even JSON is set aside (a message in ``messages`` says where)."""
        found: list[GameInfo] = []
        for path in self._records(self.games_dir):
            info = self._info(path)
            if info is not None:
                found.append(info)
        found.sort(key=lambda g: (g.last_played, g.game_id), reverse=True)
        return found

    def latest(self) -> GameInfo | None:
        games = self.games()
        return games[0] if games else None

    def finished_records(self) -> list[Path]:
        """The records of finished games, oldest first (names sort by date)."""
        return sorted(self._records(self.finished_dir))

    def _info(self, path: Path) -> GameInfo | None:
        game_id = path.name.removesuffix(".json")
        try:
            record = _read_json(path)
            deals = record["deals"]
            if not isinstance(deals, list) or not deals:
                raise ValueError("no deals")
            actions = _total_actions(record)
            raw = record.get("names") or SEATS
            names = tuple(clean_name(str(raw[i]) if i < len(raw) else "", SEATS[i])
                          for i in range(4))
        except FileNotFoundError:  # finished or moved by another instance meanwhile
            return None
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            kept = self._set_aside(game_id)
            self.messages.append((_("A saved game could not be read ({why}); it was kept as "
                                    "{kept}.") if kept else
                                  _("A saved game could not be read ({why}); it was left in "
                                    "place.")).format(why=clean_text(str(exc)), kept=kept))
            return None
        scores: tuple[int, int] | None = None
        try:
            last_played = path.stat().st_mtime
        except OSError:
            return None
        with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
            summary = _read_json(path.with_suffix(SIDE_SUFFIX))["summary"]
            # a summary written before the record's last action is not trusted for scores
            if summary["deal"] == len(deals) and summary["actions"] == actions:
                scores = (int(summary["scores"][0]), int(summary["scores"][1]))
            last_played = float(summary["last_played"])
        n, e, s, w = names
        return GameInfo(game_id, (n, e, s, w), len(deals), scores, last_played)

    # ------------------------------------------------------------ playing

    def new_slot(self) -> SaveSlot:
        """The save place of a new game (disabled when the folder cannot be written)."""
        slot = SaveSlot(self, self._new_id(), enabled=self.writable)
        self.current = slot
        return slot

    def start(self, slot: SaveSlot, controller: Controller) -> None:
        """A new game gets its own files; no other game is touched."""
        slot.write(controller)

    def load(self, game_id: str) -> tuple[Controller, SaveSlot]:
        """Resume a game in progress; raises ``SaveError`` after setting a bad save aside."""
        slot = SaveSlot(self, game_id)
        slot.released = True  # a saved game's id: never held
        try:
            text = slot.record_path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SaveError(_("That saved game is no longer there (finished or moved "
                              "meanwhile?)."), None) from None
        except (OSError, UnicodeDecodeError) as exc:
            kept = self._set_aside(game_id)
            raise SaveError(_("The saved game could not be read ({why}).").format(why=exc),
                            kept) from None
        from five_hundred.engine import MalformedRecord
        from five_hundred.hotseat import Controller, Player

        players: list[Player] | None = None
        seed: int | None = None
        takebacks, hints, practice = [0, 0, 0, 0], [0, 0, 0, 0], False
        try:
            meta = _read_json(slot.side_path)
            players = [Player.from_json(p) for p in meta["players"]]
            seed = int(meta["seed"])
            takebacks = _counts(meta.get("takebacks"))
            hints = _counts(meta.get("hints"))
            practice = meta.get("practice") is True
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            players, seed = None, None  # the seats default to four people
        if players is None or len(players) != 4:
            with contextlib.suppress(ValueError, KeyError, TypeError, AttributeError):
                names = json.loads(text).get("names") or SEATS
                players = [Player(clean_name(str(names[i]), SEATS[i]))
                           for i in range(4)]
        try:
            controller = Controller.from_record_text(text, players, seed, saver=slot.write,
                                                     practice=practice)
        except (MalformedRecord, ValueError) as exc:
            kept = self._set_aside(game_id)
            raise SaveError(_("The saved game is damaged: {why}").format(
                why=clean_text(str(exc))), kept) from None
        controller.takebacks = takebacks
        controller.hints = hints
        self.current = slot
        return controller, slot

    def finish(self) -> Path | None:
        """The current game is over: its record is in ``finished/`` (moved there by its
        last save; again here in case that save failed)."""
        slot = self.current
        if slot is None or not slot.enabled:
            return None
        if not slot.finished and slot.record_path.exists():
            with contextlib.suppress(OSError):
                self.finished_dir.mkdir(parents=True, exist_ok=True)
                os.replace(slot.record_path, slot.finished_path)
                if slot.side_path.exists():
                    os.replace(slot.side_path,
                               self.finished_dir / f"{slot.game_id}{SIDE_SUFFIX}")
                slot.finished = True
        return slot.finished_path if slot.finished else None

    def _set_aside(self, game_id: str) -> Path | None:
        """Move a save that cannot be resumed to ``damaged/`` (never deleted)."""
        source = self.games_dir / f"{game_id}.json"
        target = self.folder / DAMAGED / f"{game_id}.json"
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(source, target)
        except OSError:
            return None
        with contextlib.suppress(OSError):
            os.replace(source.with_suffix(SIDE_SUFFIX), target.with_suffix(SIDE_SUFFIX))
        return target


def _counts(value: object) -> list[int]:
    """The side file's take-back (or hint) counts per seat. A side file of the version
    before counted take-backs per side ([N–S, E–W]): each side's count is kept on its
    first seat (North, East). [0, 0, 0, 0] when absent or not small non-negative
    integers."""
    if (isinstance(value, list) and len(value) in (2, 4)
            and all(type(x) is int and 0 <= x < 10**6 for x in value)):
        return [*value, 0, 0] if len(value) == 2 else list(value)
    return [0, 0, 0, 0]


def _writer_alive(tmp: Path) -> bool:
    """Whether the process named in ``.<name>.<pid>.tmp`` may still be writing it."""
    try:
        pid = int(tmp.name.rsplit(".", 2)[-2])
    except (ValueError, IndexError):
        return False
    if pid == os.getpid():
        return False  # this process is starting: none of its saves is under way
    if os.name != "posix":
        return True  # no cheap way to ask: the file's age decides
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def write_crash_log(text: str, folder: Path | None) -> Path | None:
    """Keep the report of an unexpected error in ``folder/logs`` (or the temp folder
    when that cannot be written); returns where, or None if nowhere could."""
    import tempfile

    stamp = time.strftime("%Y%m%d-%H%M%S")
    name = f"crash-{stamp}-{os.getpid()}.log"
    places = [folder / LOGS] if folder is not None else []
    places.append(Path(tempfile.gettempdir()) / "five-hundred")
    for place in places:
        try:
            place.mkdir(parents=True, exist_ok=True)
            path = place / name
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    return None
