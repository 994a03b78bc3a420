"""The remote-seat protocol (version 1): every message, as pydantic models.

One WebSocket connection per seat. Each frame is one JSON object (a text frame) with a
``type``. A client says ``hello`` first; the server answers ``welcome`` (or ``error``
and closes). From then on the client sends intents (``act``, ``undo``, ``claim``,
``hint``, ``ready``, ``seat``, ``lang``, ``ping``) and the server sends ``lobby``,
``table`` (the table model of the client's own seat, exactly what a local table draws
from), ``notice`` and ``error`` frames. See docs/protocol.md.

The models are strict (unknown fields and wrong types are refused) and bounded (short
strings, small ints), so a frame that validates is safe to act on; the server still
checks that an action is one of the seat's legal actions *now*.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter

from five_hundred.engine.review import DealReview
from five_hundred.faces import UNSEEN  # in a ``review`` frame: a card the seat never saw
from five_hundred.table_model import TableModel

VERSION = 1
DEFAULT_PORT = 7500

# limits (docs/protocol.md); the server enforces them, the client respects them
MAX_CLIENT_FRAME = 4096  # bytes in one frame from a client
MAX_SERVER_FRAME = 1 << 20  # bytes in one frame from the server (a table model is ~10 KB)
RATE_PER_SECOND = 20  # sustained frames per second from one connection
RATE_BURST = 40  # frames a connection may send at once before the rate applies
MAX_CONNECTIONS_PER_TABLE = 8  # four seats, and room for rejoins racing a dead socket
WRONG_CODE_DELAY = 1.0  # seconds before a wrong code is answered (guessing is slow)
MAX_DEALS = 10_000  # a deal's index in a ``review`` request

_STRICT = ConfigDict(extra="forbid", frozen=True, strict=True)

SeatName = Literal["north", "east", "south", "west"]
SEAT_WORDS: tuple[SeatName, ...] = ("north", "east", "south", "west")
Name = Annotated[str, StringConstraints(max_length=40)]
Code = Annotated[str, StringConstraints(max_length=32)]
Token = Annotated[str, StringConstraints(max_length=64)]
Lang = Annotated[str, StringConstraints(max_length=8)]
ActionText = Annotated[str, StringConstraints(max_length=32)]
Seat = Annotated[int, Field(ge=0, le=3)]
Decision = tuple[Annotated[int, Field(ge=0, le=1 << 30)], Annotated[int, Field(ge=0, le=1 << 30)]]


# ------------------------------------------------------------------ client to server


class Hello(BaseModel):
    """The first frame: which table (``code``), who, and which seat if it matters. A
    ``token`` from an earlier ``welcome`` takes the same seat back after a drop."""

    model_config = _STRICT
    type: Literal["hello"] = "hello"
    version: int
    code: Code
    name: Name = ""
    seat: SeatName | None = None
    token: Token | None = None
    lang: Lang = "en"


class Act(BaseModel):
    """One of the seat's legal actions, in its record spelling (``text`` of a legal
    action: ``bid 7H``, ``play JK H``, ``discard 5S 6S 7C``), at ``decision`` (the
    ``decision`` of the ``table`` frame it answers: an action for a position that is
    gone is refused as stale)."""

    model_config = _STRICT
    type: Literal["act"] = "act"
    action: ActionText
    decision: Decision


class Undo(BaseModel):
    model_config = _STRICT
    type: Literal["undo"] = "undo"


class Claim(BaseModel):
    model_config = _STRICT
    type: Literal["claim"] = "claim"


class HintAsk(BaseModel):
    model_config = _STRICT
    type: Literal["hint"] = "hint"


class Ready(BaseModel):
    """The deal's summary has been read: the next deal starts once every connected
    person is ready."""

    model_config = _STRICT
    type: Literal["ready"] = "ready"


class SetSeat(BaseModel):
    """Lobby (and mid-game for a dropped seat): make ``seat`` a computer of ``level``,
    or (``kind`` "remote") wait for a person again. Only the table's host may."""

    model_config = _STRICT
    type: Literal["seat"] = "seat"
    seat: Seat
    kind: Literal["computer", "remote"]
    level: Literal["easy", "normal", "hard"] = "normal"


class SetLang(BaseModel):
    model_config = _STRICT
    type: Literal["lang"] = "lang"
    lang: Lang


class Ping(BaseModel):
    model_config = _STRICT
    type: Literal["ping"] = "ping"


class ReviewAsk(BaseModel):
    """The review of a finished deal (``deal`` from 0; None: the last finished one), as
    the client's seat may know it. Optional: a client that never asks never gets a
    ``review`` frame (docs/protocol.md, "The review of a finished deal")."""

    model_config = _STRICT
    type: Literal["review"] = "review"
    deal: Annotated[int, Field(ge=0, le=MAX_DEALS)] | None = None


ClientMessage = Annotated[Hello | Act | Undo | Claim | HintAsk | Ready | SetSeat | SetLang | Ping
                          | ReviewAsk, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


# ------------------------------------------------------------------ server to client


class Welcome(BaseModel):
    """The seat is yours; keep ``token`` to take it back after a drop."""

    model_config = _STRICT
    type: Literal["welcome"] = "welcome"
    version: int = VERSION
    seat: Seat
    token: Token
    host: bool  # this client may turn empty seats into computers


class SeatState(BaseModel):
    model_config = _STRICT
    name: str  # cleaned on the server; "" for a seat nobody has taken
    kind: Literal["remote", "person", "computer"]  # person: at the host's keyboard
    level: str = ""  # a computer's level
    connected: bool = False  # a remote seat someone holds now


class Lobby(BaseModel):
    """Who sits where; sent to everyone at each change, before and during the game."""

    model_config = _STRICT
    type: Literal["lobby"] = "lobby"
    seats: tuple[SeatState, SeatState, SeatState, SeatState]
    started: bool
    waiting_for: tuple[Seat, ...] = ()  # dropped persons the table waits for


class Table(BaseModel):
    """The table as the client's seat sees it (never a card that seat may not know)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["table"] = "table"
    model: TableModel
    decision: Decision  # echo it in ``act``
    ready: tuple[Seat, ...] = ()  # between deals: who has read the summary


class Notice(BaseModel):
    """One line for the player (already in their language, cleaned)."""

    model_config = _STRICT
    type: Literal["notice"] = "notice"
    text: str


ErrorCode = Literal["bad-frame", "too-big", "too-fast", "version", "wrong-code", "no-seat",
                    "not-your-turn", "illegal", "stale", "refused", "not-host", "full",
                    "hello-first"]


class Error(BaseModel):
    """A frame was refused and changed nothing (``code`` for programs, ``message`` for
    people, in the client's language)."""

    model_config = _STRICT
    type: Literal["error"] = "error"
    code: ErrorCode
    message: str


class Pong(BaseModel):
    model_config = _STRICT
    type: Literal["pong"] = "pong"


class Verdict(BaseModel):
    """One card of a reviewed deal judged double-dummy (``bots.analysis.CardVerdict``)."""

    model_config = _STRICT
    trick: int
    seat: Seat
    card: str
    best: int
    after: int


class ReviewAnalysis(BaseModel):
    """The double-dummy analysis of a reviewed deal (``bots.analysis.DealAnalysis``)."""

    model_config = _STRICT
    misere: bool
    declarer: Seat
    could: int
    made: int
    contract: str
    cards: tuple[Verdict, ...]


# "computing": a second ``review`` frame follows with the result (or "failed");
# "withheld": the analysis would rest on cards this seat never saw; "none": nobody
# declared, nothing was played
AnalysisNote = Literal["computing", "withheld", "failed", "none"]


class Review(BaseModel):
    """The answer to ``review``: finished deal ``deal`` (from 0; ``deals`` are finished)
    as the client's seat may know it. A card it never saw is ``UNSEEN`` ("??") in
    ``review`` (the hands, the kitty, the discard); the cards played are all there."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["review"] = "review"
    deal: int
    deals: int
    seat: Seat
    review: DealReview
    analysis: ReviewAnalysis | AnalysisNote


ServerMessage = Annotated[Welcome | Lobby | Table | Notice | Error | Pong | Review,
                          Field(discriminator="type")]
SERVER_MESSAGE: TypeAdapter[ServerMessage] = TypeAdapter(ServerMessage)


def parse_client(frame: str | bytes) -> ClientMessage:
    """A client's frame as a message; raises ``pydantic.ValidationError`` (or
    ``ValueError`` for bad JSON) on anything else."""
    return CLIENT_MESSAGE.validate_json(frame)


def parse_server(frame: str | bytes) -> ServerMessage:
    return SERVER_MESSAGE.validate_json(frame)


def dump(message: BaseModel) -> str:
    return message.model_dump_json()


__all__ = [
    "CLIENT_MESSAGE",
    "DEFAULT_PORT",
    "MAX_CLIENT_FRAME",
    "MAX_CONNECTIONS_PER_TABLE",
    "MAX_DEALS",
    "MAX_SERVER_FRAME",
    "RATE_BURST",
    "RATE_PER_SECOND",
    "SEAT_WORDS",
    "SERVER_MESSAGE",
    "UNSEEN",
    "VERSION",
    "WRONG_CODE_DELAY",
    "Act",
    "AnalysisNote",
    "Claim",
    "ClientMessage",
    "Error",
    "Hello",
    "HintAsk",
    "Lobby",
    "Notice",
    "Ping",
    "Pong",
    "Ready",
    "Review",
    "ReviewAnalysis",
    "ReviewAsk",
    "SeatState",
    "ServerMessage",
    "SetLang",
    "SetSeat",
    "Table",
    "Undo",
    "Verdict",
    "Welcome",
    "dump",
    "parse_client",
    "parse_server",
]
