"""The protocol's client side (issue 24): ``connect`` to a table, then send intents and
read frames; and ``BotClient``, a computer player that plays one seat over the wire
(tests, benchmarks).

Every failure to join is a ``JoinError`` whose message is one line for a person (the
host cannot be reached, the code is wrong, the versions differ, the table is full, no
answer in time); a connection that ends later raises ``Disconnected`` from ``recv``
and ``send``. Texts from the server are cleaned (``safe_text``) before they are kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from pydantic import BaseModel, ValidationError
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from five_hundred.i18n import _
from five_hundred.net.protocol import (
    MAX_SERVER_FRAME,
    RATE_BURST,
    RATE_PER_SECOND,
    SEAT_WORDS,
    VERSION,
    Act,
    Error,
    Hello,
    Ready,
    ServerMessage,
    Table,
    Welcome,
    dump,
    parse_server,
)
from five_hundred.safe_text import clean_text

if TYPE_CHECKING:
    from five_hundred.bots.player import Player as BotPlayer

LOG = logging.getLogger("five_hundred.net")
CONNECT_TIMEOUT = 10.0  # seconds to reach the table and be seated


class JoinError(Exception):
    """The table could not be joined; ``message`` says why in one line."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Disconnected(JoinError):
    """The connection to the table ended (``message``: why, in one line)."""


def uri(address: str, port: int) -> str:
    """``ws://ADDRESS:PORT/`` (an IPv6 address in brackets)."""
    host = address.strip()
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"ws://{host}:{port}/"


async def connect(address: str, port: int, hello: Hello, *,
                  timeout: float = CONNECT_TIMEOUT) -> Connection:
    """Reach the table at ``address``:``port``, say ``hello`` and wait for the seat.
    Raises ``JoinError`` with one line for a person if that fails."""
    where = f"{address}:{port}"
    try:
        async with asyncio.timeout(timeout):
            ws = await ws_connect(uri(address, port), max_size=MAX_SERVER_FRAME,
                                  open_timeout=None, close_timeout=2)
            try:
                with contextlib.suppress(ConnectionClosed):  # refused at once: read why
                    await ws.send(dump(hello))
                first = await _next(ws)
            except BaseException:
                await ws.close()
                raise
    except TimeoutError:
        raise JoinError(_("No answer from {where} within {seconds} seconds.").format(
            where=where, seconds=round(timeout))) from None
    except InvalidStatus as exc:
        if exc.response.status_code == 503:
            raise JoinError(_("The server at {where} is full: try again later.").format(
                where=where)) from None
        raise JoinError(_("{where} does not answer like a five-hundred table.").format(
            where=where)) from None
    except (InvalidHandshake, InvalidURI, ValueError):
        raise JoinError(_("{where} does not answer like a five-hundred table.").format(
            where=where)) from None
    except ConnectionClosed:
        raise JoinError(_("The table at {where} closed the connection.").format(
            where=where)) from None
    except OSError as exc:
        why = clean_text(exc.strerror or str(exc) or type(exc).__name__)
        raise JoinError(_("Cannot reach {where} ({why}).").format(where=where, why=why)
                        ) from None
    if isinstance(first, Error):
        await ws.close()
        raise JoinError(clean_text(first.message))
    if not isinstance(first, Welcome) or first.version != VERSION:
        await ws.close()
        raise JoinError(_("{where} does not answer like a five-hundred table of protocol "
                          "version {version}.").format(where=where, version=VERSION))
    return Connection(ws, first, hello)


async def _next(ws: ClientConnection) -> ServerMessage:
    """The next frame the server sent that this version can read (others are skipped:
    a newer server may say more)."""
    while True:
        frame = await ws.recv()
        try:
            return parse_server(frame)
        except (ValidationError, ValueError):
            LOG.info("a frame from the server could not be read")


class Connection:
    """A seat at a table: ``welcome`` (the seat, its token, whether this is the host),
    ``send`` intents, ``recv`` or iterate over the server's frames."""

    def __init__(self, ws: ClientConnection, welcome: Welcome, hello: Hello) -> None:
        self._ws = ws
        self.welcome = welcome
        self.hello = hello

    @property
    def seat(self) -> int:
        return self.welcome.seat

    @property
    def token(self) -> str:
        return self.welcome.token

    @property
    def host(self) -> bool:
        return self.welcome.host

    def rejoin_hello(self) -> Hello:
        """The hello that takes this seat back after a drop (its token, its seat)."""
        return self.hello.model_copy(update={"token": self.token,
                                             "seat": SEAT_WORDS[self.seat]})

    async def send(self, message: BaseModel) -> None:
        try:
            await self._ws.send(dump(message))
        except ConnectionClosed as exc:
            raise Disconnected(self._why(exc)) from None

    async def send_frame(self, frame: str | bytes) -> None:
        """Send one frame as it is (a program's own JSON; the tests' hostile frames)."""
        try:
            await self._ws.send(frame)
        except ConnectionClosed as exc:
            raise Disconnected(self._why(exc)) from None

    async def recv_frame(self) -> str | bytes:
        """The next frame as it came (JSON text), for a program that reads only part of
        it; ``recv`` checks and parses every frame."""
        try:
            return await self._ws.recv()
        except ConnectionClosed as exc:
            raise Disconnected(self._why(exc)) from None

    async def recv(self) -> ServerMessage:
        try:
            message = await _next(self._ws)
        except ConnectionClosed as exc:
            raise Disconnected(self._why(exc)) from None
        if isinstance(message, Welcome) and message.seat == self.seat and \
                message.token == self.token:
            self.welcome = message  # the host left: this connection is the host now
        return message

    def __aiter__(self) -> Connection:
        return self

    async def __anext__(self) -> ServerMessage:
        try:
            return await self.recv()
        except Disconnected:
            raise StopAsyncIteration from None

    async def close(self) -> None:
        await self._ws.close()

    def abort(self) -> None:
        """Drop the connection at once, as a crash or a pulled cable would."""
        transport = self._ws.transport
        if transport is not None:
            transport.abort()

    @property
    def closed(self) -> bool:
        return self._ws.close_code is not None

    @property
    def close_code(self) -> int | None:
        """The code of the close frame the server sent (1000, 1008 …), once the
        connection is closed; None while it is open or if no close frame came."""
        code = self._ws.close_code
        return None if code is None or code == 1006 else code  # 1006: no close frame

    @property
    def close_reason(self) -> str:
        """The reason in the close frame the server sent ("replaced": a newer connection
        took the seat), cleaned for a terminal; "" while open or if none was given."""
        return clean_text(self._ws.close_reason or "")

    @staticmethod
    def _why(exc: ConnectionClosed) -> str:
        reason = clean_text(exc.rcvd.reason) if exc.rcvd is not None else ""
        return _("The connection to the table ended ({why}).").format(
            why=reason or (exc.rcvd.code if exc.rcvd is not None else _("no reason given")))


# ------------------------------------------------------------------ a computer player


class BotClient:
    """A computer player at ``level`` playing one seat over the wire: it answers each
    ``table`` frame that offers it a decision with the bot's choice (its generator
    seeded by ``seed``, the seat and the decision, so the same game is played the same
    way), says ``ready`` between deals and stops when the game is over (or when
    ``stop`` says so). It keeps to the protocol's rate. With ``reconnect`` it takes its
    seat back (token) for that many seconds after a drop."""

    def __init__(self, address: str, port: int, hello: Hello, level: str = "easy", *,
                 budget: float = 0.05, seed: int | str = 0,
                 rate: tuple[float, float] = (RATE_PER_SECOND, RATE_BURST),
                 reconnect: float = 0.0,
                 on_frame: Callable[[BotClient, ServerMessage], None] | None = None,
                 stop: Callable[[Table], bool] | None = None) -> None:
        self.address, self.port = address, port
        self.hello = hello
        self.level = level
        self.budget = budget
        self.seed = seed
        self.rate = rate
        self.reconnect = reconnect
        self.on_frame = on_frame
        self.stop = stop
        self.connection: Connection | None = None
        self.sent: list[tuple[tuple[int, int], str]] = []  # (decision, action) acted
        self.latencies: list[float] = []  # seconds from an action sent to the next table
        self.errors: list[Error] = []
        self.last: Table | None = None
        self._player: BotPlayer | None = None
        self._tokens = float(rate[1])
        self._stamp = time.monotonic()
        self._answered: tuple[int, int] | None = None
        self._readied: int | None = None
        self._sent_at: float | None = None
        self._pending: BaseModel | None = None  # the last intent, resent if too fast

    @staticmethod
    def rng_for(seed: int | str, seat: int, decision: tuple[int, int]) -> random.Random:
        """The generator of the bot at ``seat`` for ``decision`` (a local game that
        replays the same choices uses it too)."""
        return random.Random(f"bot-client:{seed}:{seat}:{decision[0]}:{decision[1]}")

    @property
    def seat(self) -> int:
        assert self.connection is not None
        return self.connection.seat

    async def join(self) -> Connection:
        self.connection = await connect(self.address, self.port, self.hello)
        return self.connection

    async def run(self) -> Table | None:
        """Play until the game is over (or ``stop``); returns the last table frame."""
        if self.connection is None:
            await self.join()
        while True:
            conn = self.connection
            assert conn is not None
            try:
                async for message in conn:
                    if self.on_frame is not None:
                        self.on_frame(self, message)
                    if isinstance(message, Table):
                        if await self._table(conn, message):
                            return message
                    elif isinstance(message, Error):
                        self.errors.append(message)
                        if message.code == "too-fast" and self._pending is not None:
                            await self._send(conn, self._pending)
            except Disconnected:
                pass
            if not await self._rejoin():
                return self.last

    async def _rejoin(self) -> bool:
        conn = self.connection
        if conn is None or self.reconnect <= 0:
            return False
        deadline = time.monotonic() + self.reconnect
        while time.monotonic() < deadline:
            try:
                self.connection = await connect(self.address, self.port, conn.rejoin_hello(),
                                                timeout=max(0.5, deadline - time.monotonic()))
            except JoinError:
                await asyncio.sleep(0.05)
                continue
            self._answered = None  # the table may stand where it stood: answer it again
            return True
        return False

    async def _table(self, conn: Connection, frame: Table) -> bool:
        if self._sent_at is not None:
            self.latencies.append(time.perf_counter() - self._sent_at)
            self._sent_at = None
        self.last = frame
        model = frame.model
        public = model.public
        if public.phase == "game_over" or (self.stop is not None and self.stop(frame)):
            return True
        view = model.seat_view
        if public.phase == "deal_over":
            if conn.seat not in frame.ready and self._readied != public.deal_number:
                self._readied = public.deal_number
                await self._send(conn, Ready())
            return False
        if view is None or not view.legal or frame.decision == self._answered:
            return False
        self._answered = frame.decision
        player = self._bot()
        rng = self.rng_for(self.seed, conn.seat, frame.decision)
        if self.level == "easy":
            action = player.choose(view, rng, self.budget)
        else:  # a stronger level thinks for a while: not on the loop
            action = await asyncio.to_thread(player.choose, view, rng, self.budget)
        self.sent.append((frame.decision, action.text))
        await self._send(conn, Act(action=action.text, decision=frame.decision))
        return False

    def _bot(self) -> BotPlayer:
        if self._player is None:
            from five_hundred.bots.levels import player

            self._player = player(self.level)
        return self._player

    async def _send(self, conn: Connection, message: BaseModel) -> None:
        """Send within the protocol's rate (a token bucket, as the server counts)."""
        per_second, burst = self.rate
        now = time.monotonic()
        self._tokens = min(burst, self._tokens + (now - self._stamp) * per_second)
        self._stamp = now
        if self._tokens < 1:
            await asyncio.sleep((1 - self._tokens) / per_second)
            self._tokens = 1
            self._stamp = time.monotonic()
        self._tokens -= 1
        self._pending = message
        if isinstance(message, Act):
            self._sent_at = time.perf_counter()
        await conn.send(message)

    async def close(self) -> None:
        if self.connection is not None:
            with contextlib.suppress(Exception):
                await self.connection.close()


__all__ = ["BotClient", "Connection", "Disconnected", "JoinError", "connect", "uri"]
