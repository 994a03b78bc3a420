"""One networked table: the seats, the lobby, the one true game, and every frame its
clients get (issue 24). No sockets here: ``server.py`` reads frames, checks their size,
rate and form, and hands each parsed message to ``NetTable.handle``; the table answers
through ``Link.push`` (a queue per connection). Everything here runs on the server's
event loop; slow work (a computer's move, a hint, a claim's proof) runs in the
server's threads and is applied back on the loop only if the game has not moved on
(the controller's token).

What a client may see: every ``table`` frame is built by ``frame_for(seat)`` from that
seat's own view (``Controller.seat_view``) and nothing else, so no frame carries a card
its seat may not know; the hint is in the asking seat's frames only. The server never
sends a curtain: each client is one person at their own screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from random import SystemRandom
from typing import TYPE_CHECKING, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import to_json

from five_hundred import i18n
from five_hundred.engine import PAGAT_AUSTRALIAN, SEAT_NAMES, IllegalAction, PublicView, RuleSet
from five_hundred.engine.claims import claim_refusal
from five_hundred.faces import PLAYING
from five_hundred.hotseat import LEVELS, ClaimAnswer, Controller, Player
from five_hundred.i18n import N_, _
from five_hundred.net.protocol import (
    SEAT_WORDS,
    Act,
    ClientMessage,
    Error,
    ErrorCode,
    Hello,
    HintAsk,
    Lobby,
    Notice,
    Ping,
    Pong,
    Ready,
    Review,
    ReviewAsk,
    SeatState,
    SetLang,
    SetSeat,
    Table,
    Undo,
    Welcome,
    dump,
)
from five_hundred.net.protocol import Claim as ClaimAsk
from five_hundred.net.saving import Disk
from five_hundred.notation import describe_hint, who
from five_hundred.safe_text import clean_name
from five_hundred.table_model import TableModel, shown_explanations

if TYPE_CHECKING:
    from five_hundred.engine.claims import ClaimCheck
    from five_hundred.engine.review import DealReview
    from five_hundred.hotseat import ClaimRequest, ComputerRequest, HintRequest
    from five_hundred.net.protocol import AnalysisNote, ReviewAnalysis
    from five_hundred.ui.storage import SaveSlot, Storage

LOG = logging.getLogger("five_hundred.net")

SeatKind = Literal["remote", "person", "computer"]
DEFAULT_PACE = 0.8  # seconds between computer moves (as at one screen)
UNDO_WINDOW = 0.6  # the least pause before a computer answers a move that may be taken back
TRICK_PAUSE = 3  # paces a finished trick stays before a computer leads to the next
THINKING_AFTER = 0.3  # a computer thinking this long is shown as thinking
ANALYSES_KEPT = 32  # double-dummy analyses of reviewed deals kept per table
# the computer levels in words (as the start screen names them)
LEVEL_WORDS = {"easy": N_("computer, easy"), "normal": N_("computer, normal"),
               "hard": N_("computer, hard")}
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud, typed
NET_SUFFIX = ".net"  # games/<id>.net: the networked table of a saved game (not *.json:
# the start screen lists games/*.json as records)

T = TypeVar("T")


class Link(Protocol):
    """One client connection as the table sees it (``server.Peer``)."""

    lang: str
    host: bool

    def push(self, text: str, table: bool = False) -> None:
        """Queue one frame (JSON text) for the client; a ``table`` frame replaces one
        not sent yet (it says everything the older one said)."""

    def drop(self, code: int = 1000, reason: str = "") -> None:
        """Close the connection once the frames queued before are sent."""


class ResumeError(Exception):
    """No networked game to resume, or it cannot be read: one line for the host."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class SeatSpec:
    """A seat as the host sets it: a ``remote`` person (joins over the network), a
    ``person`` at the host's own keyboard (reserved for the host's connections), or a
    ``computer`` of ``level``. ``name``: a person's or computer's name, if known."""

    kind: SeatKind = "remote"
    level: str = "normal"
    name: str = ""


def _four_remote() -> tuple[SeatSpec, SeatSpec, SeatSpec, SeatSpec]:
    return (SeatSpec(), SeatSpec(), SeatSpec(), SeatSpec())


@dataclass
class TableConfig:
    """A table to open. ``code``: None for a random one (``K7QF-29XA``). ``pace``: seconds
    between computer moves. ``storage``: where the game is saved after every action
    (None: not saved). ``resume``: continue the latest networked game of ``storage``
    (its seats, tokens and code; ``code`` given here replaces the saved one).

    ``undo_window``: the least pause before a computer answers a person's move in a
    counted game, even at ``pace`` 0, as at one screen: such a move may be taken back
    only until a computer answers it, so without the pause it could never be. It is
    the one pause left at ``pace`` 0 (and only before the first computer's answer to a
    person's move: not in a practice game, not between computers, never at a table of
    computers or of persons only); ``undo_window=0`` removes it too (tests, benchmarks:
    a table where nobody takes back)."""

    rules: RuleSet = PAGAT_AUSTRALIAN
    seats: tuple[SeatSpec, ...] = field(default_factory=_four_remote)
    seed: int | None = None
    code: str | None = None
    practice: bool = False
    auto_play: bool = True
    pace: float = DEFAULT_PACE
    storage: Storage | None = None
    resume: bool = False
    hint_budget: float = 1.0
    computer_budget: float = 0.5
    undo_window: float = UNDO_WINDOW


def new_code() -> str:
    """A random table code, ``K7QF-29XA``: 8 characters of an alphabet without look-alikes
    (31^8, about 10^12 codes)."""
    chars = "".join(secrets.choice(CODE_ALPHABET) for _i in range(8))
    return f"{chars[:4]}-{chars[4:]}"


def canonical_code(code: str) -> str:
    """A code as compared: capitals, no dashes or spaces (``k7qf 29xa`` = ``K7QF-29XA``)."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def _same(secret: str, given: str) -> bool:
    """``given`` is ``secret``, compared in constant time (as bytes: any text a client
    sends may be compared)."""
    return hmac.compare_digest(secret.encode(), given.encode(errors="replace"))


def language_of(value: str) -> str:
    """A client's language as one of ``i18n.LANGUAGES`` (English for one not offered)."""
    return i18n.code(value) or i18n.normalise(value) or i18n.DEFAULT


@dataclass
class Shared:
    """What the frames of every seat at one position have in common, built once for all
    four (a broadcast): the public view, and in each language the names, the public
    log and the computers' bids explained. Only valid while the game does not move:
    ``NetTable`` keeps one for the length of a broadcast and drops it before anything
    else runs."""

    public: PublicView
    words: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = \
        field(default_factory=dict)
    # the JSON of the parts above, by identity (the object is kept: its id stays its own)
    _json: dict[int, tuple[object, str]] = field(default_factory=dict)

    def json_of(self, value: BaseModel | tuple[str, ...]) -> str:
        """``value`` (the public view, or a tuple of names or log lines) as JSON, written
        once for all the frames that hold this very object."""
        hit = self._json.get(id(value))
        if hit is None or hit[0] is not value:
            text = value.model_dump_json() if isinstance(value, BaseModel) else \
                to_json(value).decode()
            hit = self._json[id(value)] = (value, text)
        return hit[1]


def table_text(frame: Table, shared: Shared | None = None) -> str:
    """``frame`` as the JSON text sent: ``dump(frame)``, the same object (its keys in
    another order), but the parts it shares with the other frames of ``shared`` (the
    public view, twice in a frame; the names and the log of a language) are written
    once, not once per frame. Only the very objects of ``shared`` are taken from it: a
    frame that holds others (a copy with another log) is written as it is."""
    model = frame.model
    view = model.seat_view
    if shared is None or model.public is not shared.public or \
            (view is not None and view.public is not shared.public):
        return dump(frame)
    public = shared.json_of(shared.public)
    if view is None:
        seat_view = "null"
    else:  # every field but the public view, which goes first
        seat_view = '{"public":' + public + "," + view.model_dump_json(exclude={"public"})[1:]
    rest = model.model_dump_json(exclude={"seat_view", "public", "names", "log"})
    text = (f'{{"seat_view":{seat_view},"public":{public},"names":{shared.json_of(model.names)},'
            f'"log":{shared.json_of(model.log)},{rest[1:]}')
    return f'{{"model":{text},{frame.model_dump_json(exclude={"model"})[1:]}'


def seat_model(c: Controller, seat: int, *, hint: str = "", thinking: bool = False,
               shared: Shared | None = None) -> TableModel:
    """The table model of ``seat`` on its own screen: its own view and the public log,
    never a curtain (in the current language: call inside ``i18n.using``). ``shared``:
    the parts every seat's model of this position has in common, if built already
    (they are added to it if not)."""
    if shared is None:
        shared = Shared(c.public())
    public = shared.public
    view = c.seat_view(seat, public)
    lang = i18n.language()
    words = shared.words.get(lang)
    if words is None:
        words = shared.words[lang] = (c.shown_names, tuple(c.log(public)),
                                      shown_explanations(c))
    names, log, explained = words
    return TableModel(
        seat_view=view, public=public, names=names, log=log,
        can_take_back=c.can_take_back(seat),
        can_claim=bool(view.legal) and claim_refusal(view) is None,
        thinking=thinking, hint=hint, curtain=None, explained=explained)


# ------------------------------------------------------------------ the saved table


class _SavedSeat(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: SeatKind
    level: str = Field(default="normal", max_length=16)
    name: str = Field(default="", max_length=64)
    token: str | None = Field(default=None, max_length=64)


class _SavedTable(BaseModel):
    """``games/<id>.net``: the seats of a networked game (who owns which, by token) and
    its code, so ``host --resume`` lets every client take its seat back."""

    model_config = ConfigDict(extra="forbid", strict=True)
    format: Literal["five-hundred-table/1"] = "five-hundred-table/1"
    code: str = Field(max_length=64)
    seats: tuple[_SavedSeat, _SavedSeat, _SavedSeat, _SavedSeat]


@dataclass
class _Seat:
    kind: SeatKind
    level: str = "normal"
    name: str = ""  # the person's cleaned name ("" none given); a computer's name
    token: str | None = None  # the seat's owner (None: nobody has taken it)
    link: Link | None = None  # the connection playing it now

    @property
    def is_person(self) -> bool:
        return self.kind != "computer"


# ------------------------------------------------------------------ the table


class NetTable:
    """One table: four seats, the lobby, then the game (a ``Controller``, created when
    every seat is filled, or loaded to resume)."""

    def __init__(self, config: TableConfig, executor: Executor, disk: Executor,
                 say: Callable[[str], None] | None = None) -> None:
        self.config = config
        self._executor = executor
        self._disk = Disk(disk)  # saves, in a thread of their own
        self._finished = False
        self._say = say  # one line for the host's log (who joined, who left …)
        self.host_token = secrets.token_urlsafe(16)
        self.controller: Controller | None = None
        self.slot: SaveSlot | None = None
        self.resumed = False
        self.closed = False
        self.connections = 0  # connections that gave this table's code, still open
        specs = tuple(config.seats) + _four_remote()[len(config.seats):]
        self.seats = [_Seat(s.kind, s.level if s.level in LEVELS else "normal",
                            clean_name(s.name, "")) for s in specs[:4]]
        self._given = [s.name for s in self.seats]  # the names the host gave the seats
        self._host_seat: int | None = None  # the first joiner, at a table with no persons
        self._ready: set[int] = set()
        self._hints: dict[int, tuple[tuple[int, int], str]] = {}  # seat: (token, text)
        self._hinting: set[int] = set()
        self._claiming: ClaimRequest | None = None
        self._thinking: ComputerRequest | None = None
        self._thinking_shown = False
        self._computer: asyncio.Task[None] | None = None
        self._next_deal: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        # the double-dummy analyses of finished deals (``_review``), by the deal's review
        self._analyses: dict[str, ReviewAnalysis | Literal["failed", "none"]] = {}
        self._analysing: dict[str, list[Callable[[], None]]] = {}
        self._shared: Shared | None = None  # during a broadcast only (``_broadcast``)
        saved_code = self._resume(config) if config.resume else None
        self.code = config.code or saved_code or new_code()
        self.key = canonical_code(self.code)
        if not self.key:
            raise ValueError("a table code needs letters or digits")

    # ------------------------------------------------------------ who sits where

    @property
    def started(self) -> bool:
        return self.controller is not None

    def waiting_for(self) -> tuple[int, ...]:
        """The persons' seats with nobody connected, once the game is under way."""
        if not self.started:
            return ()
        return tuple(i for i, s in enumerate(self.seats) if s.is_person and s.link is None)

    def lobby(self) -> Lobby:
        s0, s1, s2, s3 = (SeatState(name=s.name, kind=s.kind,
                                    level=s.level if s.kind == "computer" else "",
                                    connected=s.link is not None) for s in self.seats)
        return Lobby(seats=(s0, s1, s2, s3), started=self.started,
                     waiting_for=self.waiting_for())

    def matches(self, key: str) -> bool:
        """``key`` (a canonical code) is this table's, compared in constant time."""
        return _same(key, self.key)

    def _player(self, seat: int) -> Player:
        s = self.seats[seat]
        name = s.name or SEAT_NAMES[seat]
        if s.kind == "computer":
            return Player(name, "computer", s.level)
        return Player(name)

    def admit(self, link: Link, hello: Hello) -> Welcome | Error:
        """Seat the connection that said ``hello`` (its code already matched), or say
        why not. A seat token takes its seat back (from a dead connection too); the
        host's token takes a seat at the host's keyboard; otherwise a named remote seat
        that is free, a seat its owner (same name) left, or any free remote seat."""
        name = clean_name(hello.name, "")
        wanted = SEAT_WORDS.index(hello.seat) if hello.seat is not None else None
        token = hello.token or ""
        link.lang = language_of(hello.lang)
        with i18n.using(link.lang):
            for i, s in enumerate(self.seats):
                if token and s.token is not None and _same(s.token, token):
                    return self._seat(link, i, name, back=True)
            if token and _same(self.host_token, token):
                link.host = True
                free = [i for i, s in enumerate(self.seats)
                        if s.kind == "person" and s.link is None]
                if wanted in free:
                    return self._seat(link, wanted, name)
                if free:
                    return self._seat(link, free[0], name)
            if wanted is not None:
                return self._take_named(link, wanted, name)
            if name:
                for i, s in enumerate(self.seats):
                    if s.token is not None and s.link is None and s.name == name and \
                            s.kind != "person":
                        return self._seat(link, i, name, back=True)
            for i, s in enumerate(self.seats):
                if s.kind == "remote" and s.token is None and s.link is None:
                    return self._seat(link, i, name)
            return Error(code="full", message=_("Every seat at this table is taken."))

    def _take_named(self, link: Link, seat: int, name: str) -> Welcome | Error:
        s = self.seats[seat]
        label = self._label(seat)
        if s.kind == "person":
            return Error(code="no-seat", message=_("{seat} is played at the host's keyboard.")
                         .format(seat=label))
        if s.link is not None:
            return Error(code="no-seat", message=_("{seat} is taken.").format(seat=label))
        if s.token is None:
            if s.kind == "computer":
                return Error(code="no-seat", message=_("{seat} is played by a computer.")
                             .format(seat=label))
            return self._seat(link, seat, name)
        if name and name == s.name:
            return self._seat(link, seat, name, back=True)
        return Error(code="no-seat", message=_("{seat} is kept for {name}, who may come "
                                                "back.").format(seat=label, name=s.name))

    def _label(self, seat: int) -> str:
        c = self.controller
        if c is not None:
            return c.seat_label(seat)
        return who([s.name or SEAT_NAMES[i] for i, s in enumerate(self.seats)], seat)

    def _seat(self, link: Link, seat: int, name: str, back: bool = False) -> Welcome:
        s = self.seats[seat]
        old = s.link
        s.link = link
        if s.token is None:
            s.token = secrets.token_urlsafe(16)
            s.name = name or s.name  # a name the host gave the seat, if the joiner gave none
        if s.kind == "computer":  # its owner is back: the computer standing in stops
            s.kind = "remote"
        if s.kind == "person":
            link.host = True  # a seat at the host's keyboard: the host's connection
        elif not any(x.kind == "person" for x in self.seats) and \
                (self._host_seat is None or self._host_seat == seat):
            self._host_seat = seat  # no one at the host's keyboard: the first joiner
            link.host = True
        if old is not None and old is not link:  # a dead connection the seat outlived
            old.drop(1000, "replaced")
        self._tell_host(lambda: (_("{who} is back.") if back else _("{who} joined."))
                        .format(who=self._label(seat)))
        welcome = Welcome(seat=seat, token=s.token, host=link.host)
        self._deliver(link, welcome)
        self._seats_changed()
        if back and self.started:
            self._notice_others(seat, lambda: _("{who} is back.").format(
                who=self._label(seat)))
        return welcome

    def leave(self, link: Link) -> None:
        """A connection closed: its seat waits for its owner (or, in the lobby of a new
        game, is free again)."""
        seat = self.seat_of(link)
        if seat is None:
            return  # never seated, or its seat was taken back by a newer connection
        s = self.seats[seat]
        s.link = None
        self._tell_host(lambda: _("{who} left.").format(who=self._label(seat)))
        if not self.started and s.kind == "remote":  # nobody waits for a seat in the lobby
            s.token, s.name = None, self._given[seat]
        if self.started:
            self._notice_others(seat, self._lost(seat))
        if self._host_seat == seat:
            self._pass_host_on(seat)
        self._seats_changed()

    def _pass_host_on(self, seat: int) -> None:
        """The first joiner, host of a table with nobody at the host's keyboard, left:
        the next seated client (to the left) is the host now, so that someone can still
        hand a dropped seat to a computer. With nobody seated, the next to join is."""
        heirs = [j for j in ((seat + k) & 3 for k in (1, 2, 3))
                 if self.seats[j].link is not None and self.seats[j].kind == "remote"]
        self._host_seat = heir = heirs[0] if heirs else None
        if heir is None:
            return
        s = self.seats[heir]
        assert s.link is not None and s.token is not None  # a seated link has its token
        s.link.host = True
        self._deliver(s.link, Welcome(seat=heir, token=s.token, host=True))
        self._tell_host(lambda: _("{who} is the host now.").format(who=self._label(heir)))

    def _lost(self, seat: int) -> Callable[[], str]:
        return lambda: _("{who} lost the connection: the table waits for them.").format(
            who=self._label(seat))

    def _seats_changed(self) -> None:
        """Everyone gets the lobby; the game starts once every seat is filled; the
        controller learns who plays which seat."""
        c = self.controller
        if c is not None:
            changed = False
            for i in range(4):
                player = self._player(i)
                if c.players[i] != player:
                    c.set_player(i, player)
                    changed = True
            if changed:
                c.save()
            self._save_table()
        lobby = self.lobby()
        for s in self.seats:
            if s.link is not None:
                self._deliver(s.link, lobby)
        if c is None:
            if all(s.kind == "computer" or s.link is not None for s in self.seats):
                self._begin()
        else:
            self._changed()

    # ------------------------------------------------------------ starting, resuming

    def _begin(self) -> None:
        cfg = self.config
        seed = cfg.seed if cfg.seed is not None else SystemRandom().randrange(1, 10**9)
        players = [self._player(i) for i in range(4)]
        storage = cfg.storage
        if storage is not None:
            storage.prepare()
            self.slot = storage.new_slot()
            self.slot.on_trouble = self._save_trouble
        c = Controller(cfg.rules, players, seed, practice=cfg.practice)
        self._use(c)
        c.save()  # a new game gets its own files at once
        self._save_table()
        dealer = c.public().dealer
        c.notes.append(lambda: _("New game, seed {seed}. The first dealer, drawn at random, "
                                 "is {who}.").format(seed=seed, who=c.seat_label(dealer)))
        self._tell_host(lambda: _("The game starts (seed {seed}).").format(seed=seed))
        c.play_forced()
        self._seats_changed()

    def _use(self, c: Controller) -> None:
        c.play_on_own_screens(range(4))
        c.auto_play = self.config.auto_play
        if self.slot is not None:
            c.save_with(self._save)
        self.controller = c

    def _save(self, c: Controller) -> None:
        """The controller's saver: what is saved is taken now, written in a thread."""
        if self.slot is not None:
            self._disk.save(self.slot, c)

    def _net_path(self) -> Path | None:
        slot = self.slot
        return None if slot is None else slot.storage.games_dir / f"{slot.game_id}{NET_SUFFIX}"

    def _resume(self, config: TableConfig) -> str:
        """Load the latest networked game of the storage; returns its saved code."""
        from five_hundred.ui.storage import SaveError

        storage = config.storage
        if storage is None:
            raise ResumeError(_("There is no saved game to resume: no data folder."))
        storage.prepare()
        for info in storage.games():
            path = storage.games_dir / f"{info.game_id}{NET_SUFFIX}"
            try:
                saved = _SavedTable.model_validate_json(path.read_bytes())
            except (OSError, ValueError, ValidationError):
                continue  # a game of one screen, or a table file that cannot be read
            try:
                c, slot = storage.load(info.game_id)
            except SaveError as exc:
                raise ResumeError(exc.message) from None
            if c.game_over:
                slot.write(c)  # its record goes to finished/
                continue
            self.slot = slot
            slot.on_trouble = self._save_trouble
            for i, s in enumerate(saved.seats):
                level = s.level if s.level in LEVELS else "normal"
                self.seats[i] = _Seat(s.kind, level, clean_name(s.name, ""), s.token)
            self.resumed = True
            self._use(c)
            c.play_forced()
            return saved.code
        raise ResumeError(_("There is no networked game to resume in {folder}.").format(
            folder=storage.folder))

    def _finish(self) -> None:
        """The game is over: its record is in finished/ (the history), and there is no
        table to come back to."""
        slot, storage, path = self.slot, self.config.storage, self._net_path()
        if slot is None or storage is None or path is None or self._finished:
            return
        self._finished = True

        def finish() -> None:  # after the last save (in order, in the disk's thread)
            storage.current = slot
            storage.finish()
            with contextlib.suppress(OSError):
                path.unlink()

        self._disk.do(finish)

    async def flush(self) -> None:
        """Wait until every save asked for is on disk."""
        await self._disk.flush()

    def _save_table(self) -> None:
        """The seats and the code beside the saved game (written when they change)."""
        path, slot = self._net_path(), self.slot
        if path is None or slot is None or not slot.enabled or self._finished:
            return
        from five_hundred.ui.storage import atomic_write

        s0, s1, s2, s3 = (_SavedSeat(kind=s.kind, level=s.level, name=s.name, token=s.token)
                          for s in self.seats)
        text = json.dumps(_SavedTable(code=self.code, seats=(s0, s1, s2, s3)).model_dump(
            mode="json"), indent=1)

        def write() -> None:
            try:
                atomic_write(path, text)
            except OSError as exc:
                LOG.warning("the table file could not be written: %s", exc)

        self._disk.do(write)

    def _save_trouble(self, message: str | None) -> None:
        """Saving stopped, or works again (said once; from the disk's thread)."""
        line = message or _("The game is saved again.")
        self._tell_host(lambda: line)

    def _tell_host(self, line: Callable[[], str]) -> None:
        """One line for the host's log, in the host's language (written only if
        someone listens)."""
        if self._say is not None:
            self._say(f"[{self.code}] {line()}")

    # ------------------------------------------------------------ frames

    def frame_for(self, seat: int) -> Table:
        """The one place a ``table`` frame is built: from ``seat``'s own view, with its
        hint if it asked for one, in the language of the seat's client."""
        c = self.controller
        assert c is not None
        s = self.seats[seat]
        hint = self._hints.get(seat)
        text = hint[1] if hint is not None and hint[0] == c.token else ""
        with i18n.using(s.link.lang if s.link is not None else i18n.DEFAULT):
            model = seat_model(c, seat, hint=text, thinking=self._thinking_shown,
                               shared=self._shared)
        return Table(model=model, decision=c.token, ready=tuple(sorted(self._ready)))

    def _deliver(self, link: Link, message: BaseModel) -> None:
        """Every frame to a client goes out here, but the table frames (``_send_table``,
        written by ``table_text``)."""
        link.push(dump(message), isinstance(message, Table))

    def _send_table(self, seat: int) -> None:
        link = self.seats[seat].link
        if link is not None and self.controller is not None:
            link.push(table_text(self.frame_for(seat), self._shared), True)

    def _broadcast(self) -> None:
        """Every seat its frame of the game as it stands: what the four have in common
        is built once."""
        c = self.controller
        if c is None:
            return
        self._shared = Shared(c.public())
        try:
            for i in range(4):
                self._send_table(i)
        finally:
            self._shared = None

    def refuse(self, link: Link, code: ErrorCode, message: Callable[[], str]) -> None:
        """An ``error`` frame: ``message`` written in the client's language."""
        with i18n.using(link.lang):
            text = message()
        self._deliver(link, Error(code=code, message=text))

    def _notice_others(self, seat: int, text: Callable[[], str]) -> None:
        for i, s in enumerate(self.seats):
            if i != seat and s.link is not None:
                with i18n.using(s.link.lang):
                    line = text()
                self._deliver(s.link, Notice(text=line))

    # ------------------------------------------------------------ what clients ask

    def handle(self, link: Link, message: ClientMessage) -> None:
        """One parsed message from the client seated at ``link``'s seat. Anything not
        allowed now is answered with an ``error`` frame and changes nothing."""
        seat = self.seat_of(link)
        if seat is None or self.closed:
            return  # its seat was taken back by a newer connection, or the table closed
        if isinstance(message, Ping):
            self._deliver(link, Pong())
        elif isinstance(message, SetLang):
            self._set_lang(link, seat, message)
        elif isinstance(message, SetSeat):
            self._set_seat(link, message)
        elif isinstance(message, Hello):
            self.refuse(link, "refused", lambda: _("You are at the table already."))
        elif self.controller is None:
            self.refuse(link, "refused", lambda: _(
                "The game has not started: the table waits for every seat to be taken."))
        elif isinstance(message, Act):
            self._act(link, seat, message)
        elif isinstance(message, Undo):
            self._undo(link, seat)
        elif isinstance(message, ClaimAsk):
            self._claim(link, seat)
        elif isinstance(message, HintAsk):
            self._hint(link, seat)
        elif isinstance(message, Ready):
            self._set_ready(link, seat)
        elif isinstance(message, ReviewAsk):
            self._review(link, seat, message)

    def seat_of(self, link: Link) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.link is link), None)

    def _act(self, link: Link, seat: int, message: Act) -> None:
        c = self.controller
        assert c is not None
        if message.decision != c.token:
            self.refuse(link, "stale", lambda: _(
                "The game has moved on since that view: nothing was done."))
            return
        if c.acting_seat != seat:
            self.refuse(link, "not-your-turn", lambda: _("It is not your turn."))
            return
        action = c.legal_for(seat, message.action)
        if action is None:  # why, as the local table says it (the engine's reason)
            self.refuse(link, "illegal", lambda: c.why_refused(message.action, seat))
            return
        try:
            c.act(action)
        except IllegalAction:  # cannot happen: the action is one of the view's
            self.refuse(link, "illegal", lambda: _(
                "That is not one of your legal actions now."))
            return
        self._changed()

    def _undo(self, link: Link, seat: int) -> None:
        c = self.controller
        assert c is not None
        with i18n.using(link.lang):
            why = c.take_back_refusal(seat)
        if why is not None:
            reason: str = why
            self.refuse(link, "refused", lambda: reason)
            return
        c.take_back(seat)
        self._changed()

    def _set_ready(self, link: Link, seat: int) -> None:
        c = self.controller
        assert c is not None
        if not c.between_deals:
            self.refuse(link, "refused", lambda: _("The deal is not over."))
            return
        if seat not in self._ready:
            self._ready.add(seat)
            self._broadcast()
        self._maybe_next_deal()

    def _set_lang(self, link: Link, seat: int, message: SetLang) -> None:
        lang = i18n.code(message.lang) or i18n.normalise(message.lang)
        if lang is None:
            self.refuse(link, "refused", lambda: _("That language is not offered."))
            return
        link.lang = lang
        self._send_table(seat)

    def _set_seat(self, link: Link, message: SetSeat) -> None:
        """The host turns an empty (or abandoned) seat into a computer, or a computer
        back into a seat that waits for a person."""
        if not link.host:
            self.refuse(link, "not-host", lambda: _("Only the host may change the seats."))
            return
        seat = message.seat
        s = self.seats[seat]
        if s.kind == "person":
            self.refuse(link, "refused", lambda: _(
                "{seat} is played at the host's keyboard.").format(seat=self._label(seat)))
            return
        if s.link is not None:
            self.refuse(link, "refused", lambda: _("{seat} is taken.").format(
                seat=self._label(seat)))
            return
        if message.kind == "computer":
            s.kind, s.level = "computer", message.level
        elif s.kind == "computer":
            s.kind = "remote"
        else:
            self.refuse(link, "refused", lambda: _(
                "{seat} waits for a person already.").format(seat=self._label(seat)))
            return
        level = s.level
        self._tell_host(lambda: _("{seat} is now played by: {kind}.").format(
            seat=self._label(seat), kind=_(LEVEL_WORDS.get(level, level)))
            if message.kind == "computer" else
            _("{seat} waits for a person now.").format(seat=self._label(seat)))
        self._seats_changed()

    # ------------------------------------------------------------ slow work

    def _spawn(self, work: Callable[[], T], done: Callable[[T | None], None]) -> None:
        """Run ``work`` in a server thread and ``done`` with its result (None if it
        failed) on the loop."""
        loop = asyncio.get_running_loop()

        async def run() -> None:
            result: T | None
            try:
                result = await loop.run_in_executor(self._executor, work)
            except Exception:  # a bug in a computation must not take the table down
                LOG.exception("a computation failed")
                result = None
            if not self.closed:
                done(result)

        task = loop.create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _hint(self, link: Link, seat: int) -> None:
        c = self.controller
        assert c is not None
        lang = link.lang
        with i18n.using(lang):
            request = c.hint_request(self.config.hint_budget, asker=seat)
        fn, view = request.fn, request.view
        if fn is None or view is None:
            self.refuse(link, "refused", lambda: request.text)
            return
        if seat in self._hinting:
            return  # one hint at a time per seat: the first answers

        def work() -> object:
            # the bots write the hint's reason as they compute it: in the asker's
            # language, in this thread only (``using`` is per thread)
            with i18n.using(lang):
                return fn(view, request.rules, request.rng, request.budget)

        def done(raw: object | None) -> None:
            self._hinting.discard(seat)
            self._hint_ready(c, request, lang, raw)

        self._hinting.add(seat)
        self._spawn(work, done)

    def _hint_ready(self, c: Controller, request: HintRequest, lang: str, raw: object
                    ) -> None:
        if raw is None or self.controller is not c or not c.hint_is_current(request) or \
                request.seat is None:
            return  # the game moved on meanwhile: a hint for a position that is gone
        with i18n.using(lang):
            text = describe_hint(raw)
        self._hints[request.seat] = (request.token, text)
        self._send_table(request.seat)  # to the asking seat only

    def _claim(self, link: Link, seat: int) -> None:
        c = self.controller
        assert c is not None
        with i18n.using(link.lang):
            request = c.claim_request(seat)
        if isinstance(request, ClaimAnswer):
            self.refuse(link, "refused", lambda: request.message)
            return
        if self._claiming is not None:
            return  # being checked already
        self._claiming = request
        with i18n.using(link.lang):
            self._deliver(link, Notice(text=_("Checking the claim…")))

        def done(result: ClaimCheck | None) -> None:
            self._claiming = None
            if result is not None:
                self._claim_decided(c, request, result)

        self._spawn(request.compute, done)

    def _claim_decided(self, c: Controller, request: ClaimRequest, result: ClaimCheck
                       ) -> None:
        if self.controller is not c:
            return
        link = self.seats[request.seat].link
        with i18n.using(link.lang if link is not None else i18n.DEFAULT):
            answer = c.claim_decided(request, result)
        if answer is None:
            return  # play went on while the claim was checked
        if link is not None:
            self._deliver(link, Notice(text=answer.message))
        self._changed()

    # ------------------------------------------------------------ the game goes on

    def _changed(self) -> None:
        """The game moved: every seat its frame; then the computers, the next deal."""
        c = self.controller
        if c is None:
            return
        if c.game_over:
            self._finish()
        self._broadcast()
        self._kick()

    def _kick(self) -> None:
        """Let a computer move (after the pace) or deal the next hand, when due."""
        c = self.controller
        if c is None or self.closed:
            return
        if c.deal_over:
            self._maybe_next_deal()
            return
        if self._computer is None and c.computer_to_act() and not self.waiting_for():
            with contextlib.suppress(RuntimeError):  # no loop: start() kicks again
                self._computer = asyncio.get_running_loop().create_task(self._computer_turn())

    def _pace(self, c: Controller) -> float:
        pace = self.config.pace
        public = c.public()
        if public.trick is None and public.tricks and public.phase == PLAYING:
            pace *= TRICK_PAUSE  # a finished trick stays a moment on every screen
        if not c.practice and c.can_take_back():
            pace = max(pace, self.config.undo_window)  # a moment to take a move back
        return pace

    async def _computer_turn(self) -> None:
        c = self.controller
        assert c is not None
        loop = asyncio.get_running_loop()
        try:
            await asyncio.sleep(self._pace(c))
            while (self.controller is c and not self.closed and c.computer_to_act()
                   and not self.waiting_for()):
                request = c.computer_request(self.config.computer_budget)
                self._thinking = request
                timer = loop.call_later(THINKING_AFTER, self._show_thinking, request)
                try:
                    action = await loop.run_in_executor(self._executor, request.compute)
                finally:
                    timer.cancel()
                    self._thinking = None
                if self.controller is not c or self.closed or self.waiting_for():
                    break  # a person left meanwhile: the computer waits for them too
                applied = c.apply_computer(request.token, action)
                if applied != "again":  # "again": a private decision follows at once
                    break
        except Exception:
            LOG.exception("a computer's move failed")
        finally:
            self._computer = None
            self._thinking_shown = False
        if self.controller is c and not self.closed:
            self._changed()

    def _show_thinking(self, request: ComputerRequest) -> None:
        if self._thinking is request and not self.closed:
            self._thinking_shown = True
            self._broadcast()

    def _maybe_next_deal(self) -> None:
        """Between deals: deal once every connected person has read the summary (at a
        table of computers only, after four paces)."""
        c = self.controller
        if c is None or not c.between_deals or self.closed:
            return
        persons = [i for i, s in enumerate(self.seats) if s.is_person]
        if not persons:
            if self._next_deal is None:
                with contextlib.suppress(RuntimeError):  # no loop: start() kicks again
                    self._next_deal = asyncio.get_running_loop().call_later(
                        max(self.config.pace * 4, 0.001), self._deal_next)
            return
        here = [i for i in persons if self.seats[i].link is not None]
        if here and all(i in self._ready for i in here):
            self._deal_next()

    def _deal_next(self) -> None:
        self._next_deal = None
        c = self.controller
        if c is None or not c.between_deals or self.closed:
            return
        c.start_next_deal()
        self._ready.clear()
        self._hints.clear()
        c.play_forced()
        self._changed()

    # ------------------------------------------------------------ the review of a deal

    def _review(self, link: Link, seat: int, message: ReviewAsk) -> None:
        """A finished deal as ``seat`` may know it (``net/review.py``): the deal at once,
        then its double-dummy analysis in a second frame once it is computed (or withheld:
        it would rest on cards the seat never saw). The record is taken here, on the
        loop; the deal is rebuilt and analysed in the server's threads."""
        from five_hundred.engine.review import DealNotFinished
        from five_hundred.net import review as net_review

        c = self.controller
        assert c is not None
        record = c.record_json()

        def rebuild() -> DealReview | DealNotFinished:
            try:
                return net_review.deal_of(net_review.reviews_of(record), message.deal)
            except DealNotFinished as exc:
                return exc

        def done(whole: DealReview | DealNotFinished | None) -> None:
            if whole is None or isinstance(whole, DealNotFinished):
                self.refuse(link, "refused", lambda: _("That deal is not finished: it "
                                                       "cannot be reviewed."))
                return
            deals = len(c.public().results)
            mine = net_review.for_seat(whole, seat)

            def send(analysis: ReviewAnalysis | AnalysisNote) -> None:
                if self.seats[seat].link is link:  # still this client's seat
                    self._deliver(link, Review(deal=whole.index, deals=deals, seat=seat,
                                               review=mine, analysis=analysis))

            if not net_review.analysable(whole, seat):
                send("none" if whole.contract is None else "withheld")
                return
            key = whole.model_dump_json()
            known = self._analyses.get(key)
            if known is not None:
                send(known)
                return
            send("computing")
            waiting = self._analysing.get(key)
            self._analysing[key] = [*(waiting or []), lambda: send(self._analyses[key])]
            if waiting is None:
                self._spawn(lambda: self._analyse(whole), lambda a: self._analysed(key, a))

        self._spawn(rebuild, done)

    def _analyse(self, review: DealReview) -> ReviewAnalysis | Literal["failed", "none"]:
        """(In a thread.) The analysis of a whole finished deal, as sent on the wire."""
        from five_hundred.bots.analysis import AnalysisCancelled, analyse_review
        from five_hundred.net.review import wire_analysis

        try:
            analysis = analyse_review(review, stop=lambda: self.closed)
        except AnalysisCancelled:
            return "failed"
        return "none" if analysis is None else wire_analysis(analysis)

    def _analysed(self, key: str, analysis: ReviewAnalysis | Literal["failed", "none"] | None
                  ) -> None:
        self._analyses[key] = "failed" if analysis is None else analysis
        while len(self._analyses) > ANALYSES_KEPT:
            del self._analyses[next(iter(self._analyses))]
        for answer in self._analysing.pop(key, []):
            answer()

    def start(self) -> None:
        """The server is up: a resumed table of computers only goes on by itself."""
        self._kick()

    def close(self) -> None:
        """The table closes: nothing more moves (threads still computing finish alone)."""
        self.closed = True
        if self._computer is not None:
            self._computer.cancel()
        if self._next_deal is not None:
            self._next_deal.cancel()
        for task in list(self._tasks):
            task.cancel()
        for s in self.seats:
            if s.link is not None:
                s.link.drop(1001, "table closed")


__all__ = ["NET_SUFFIX", "Link", "NetTable", "ResumeError", "SeatKind", "SeatSpec", "Shared",
           "TableConfig", "canonical_code", "language_of", "new_code", "seat_model",
           "table_text"]
