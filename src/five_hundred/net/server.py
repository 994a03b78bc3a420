"""The authoritative table server (issue 24): any number of tables, each behind its own
code, over WebSockets (the ``websockets`` library, asyncio).

One connection per seat. The server reads every frame, bounds it (size: the
library's ``max_size``, closing with 1009; rate: a token bucket per connection),
parses it with ``protocol.parse_client`` (strict, bounded models) and hands what
validates to its table (``table.NetTable``), which checks it against the game as it
stands now. Anything refused is answered with an ``error`` frame in the client's
language and changes nothing; a connection that says no ``hello`` first, keeps
flooding or is too slow to read its frames is closed. Errors in the server itself are
logged (``five_hundred.net``), never sent: a client only ever reads one line.

Usage::

    server = TableServer()
    table = server.open_table(TableConfig(seats=...))
    port = await server.start("127.0.0.1", 7500)
    ... table.code, table.host_token ...
    await server.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from pydantic import ValidationError
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory

from five_hundred import i18n
from five_hundred.i18n import _
from five_hundred.net.protocol import (
    MAX_CLIENT_FRAME,
    MAX_CONNECTIONS_PER_TABLE,
    RATE_BURST,
    RATE_PER_SECOND,
    VERSION,
    WRONG_CODE_DELAY,
    Error,
    ErrorCode,
    Hello,
    dump,
    parse_client,
)
from five_hundred.net.table import (
    LOG,
    NetTable,
    ResumeError,
    SeatSpec,
    TableConfig,
    canonical_code,
    language_of,
)
from five_hundred.safe_text import clean_text

LOG.addHandler(logging.NullHandler())  # a library: the program decides where logs go

MAX_CONNECTIONS = 1024  # connections at once, all tables together
HELLO_TIMEOUT = 10.0  # seconds a new connection has to say hello
MAX_QUEUED = 256  # frames waiting for a client that does not read: then it is closed
FLOOD_STRIKES = RATE_BURST  # frames refused in a row as too fast: then it is closed
POLICY = 1008  # WebSocket close code: policy violation
TRY_AGAIN = 1013  # WebSocket close code: try again later (the server is full)


def deflate() -> ServerPerMessageDeflateFactory:
    """permessage-deflate as the server offers it. A client's frames of one connection
    are alike (the table a move later), so a window that holds the last frame or two
    finds long matches: 8 KB (13 bits) compresses a table frame about 30 times over,
    at about two thirds of the CPU of the library's default 4 KB window (which finds
    little across frames: about 13 times), for 8 KB more per connection (the window is
    32 KB, the hash memLevel 4 is 8 KB: 40 KB of deflate state). The client's frames
    are small: its window stays the library's 4 KB."""
    return ServerPerMessageDeflateFactory(server_max_window_bits=13,
                                          client_max_window_bits=12,
                                          compress_settings={"memLevel": 4})


class Peer:
    """One client connection: its language, whether it is the host's, an outgoing queue
    drained by its own task (the table never waits for a slow client) and its rate."""

    def __init__(self, ws: ServerConnection, rate: float, burst: float) -> None:
        self.ws = ws
        self.lang = i18n.DEFAULT
        self.host = False
        self.table: NetTable | None = None
        # frames to send (text; a table frame marked True; a close code and reason)
        self._out: deque[tuple[str, bool] | tuple[int, str]] = deque()
        self._wake = asyncio.Event()
        self.closing = False
        self._rate, self._burst = rate, burst
        self._tokens = burst
        self._stamp = asyncio.get_running_loop().time()
        self.strikes = 0

    def push(self, text: str, table: bool = False) -> None:
        if self.closing:
            return
        if table:  # the table as it is now says all an older one not sent yet said
            for i, item in enumerate(self._out):
                if item[1] is True:
                    del self._out[i]
                    break
        if len(self._out) >= MAX_QUEUED:
            LOG.info("a client that does not read its frames is closed")
            self._out.clear()
            self.drop(POLICY, "too slow")
            return
        self._out.append((text, table))
        self._wake.set()

    def drop(self, code: int = 1000, reason: str = "") -> None:
        if self.closing:
            return
        self.closing = True
        self._out.append((code, reason))
        self._wake.set()

    def allow(self) -> bool:
        """One more frame within the rate (a token bucket)."""
        now = asyncio.get_running_loop().time()
        self._tokens = min(self._burst, self._tokens + (now - self._stamp) * self._rate)
        self._stamp = now
        if self._tokens >= 1:
            self._tokens -= 1
            self.strikes = 0
            return True
        self.strikes += 1
        return False

    async def write(self) -> None:
        """Send the queued frames in order until the connection is to close."""
        try:
            while True:
                while not self._out:
                    self._wake.clear()
                    await self._wake.wait()
                item = self._out.popleft()
                if isinstance(item[0], int):
                    await self.ws.close(item[0], str(item[1]))
                    return
                await self.ws.send(item[0])
        except ConnectionClosed:
            pass


class TableServer:
    """Tables behind their codes, served over WebSockets. Limits are parameters so that
    tests can be fast; the defaults are the protocol's (docs/protocol.md)."""

    def __init__(self, *, wrong_code_delay: float = WRONG_CODE_DELAY,
                 hello_timeout: float = HELLO_TIMEOUT,
                 rate_per_second: float = RATE_PER_SECOND, rate_burst: float = RATE_BURST,
                 max_connections: int = MAX_CONNECTIONS,
                 max_per_table: int = MAX_CONNECTIONS_PER_TABLE,
                 workers: int = 2, compression: bool = True,
                 say: Callable[[str], None] | None = None) -> None:
        self.wrong_code_delay = wrong_code_delay
        self.hello_timeout = hello_timeout
        self.rate = (rate_per_second, rate_burst)
        self.max_connections = max_connections
        self.max_per_table = max_per_table
        # permessage-deflate: a table frame (3-35 KB of JSON) many times smaller on the
        # wire (see ``deflate``)
        self.compression = compression
        self.tables: list[NetTable] = []
        self._say = say
        self._executor = ThreadPoolExecutor(max_workers=workers,
                                            thread_name_prefix="five-hundred-table")
        # the saves of every table, in order, off the event loop (see net/saving.py)
        self._disk = ThreadPoolExecutor(max_workers=1, thread_name_prefix="five-hundred-save")
        self._server: Server | None = None
        self._peers: set[Peer] = set()
        self.port: int | None = None

    # ------------------------------------------------------------ tables

    def open_table(self, config: TableConfig) -> NetTable:
        """A new table (or, with ``config.resume``, the latest networked game of its
        storage, resumed). Raises ``ResumeError`` (one line) when there is none, and
        ``ValueError`` for a code another table has."""
        table = NetTable(config, self._executor, self._disk, self._say)
        if any(t.matches(table.key) for t in self.tables):
            raise ValueError(f"another table has the code {table.code}")
        self.tables.append(table)
        if self._server is not None:
            table.start()
        return table

    def close_table(self, table: NetTable) -> None:
        table.close()
        if table in self.tables:
            self.tables.remove(table)

    def find(self, code: str) -> NetTable | None:
        """The table of ``code``: compared in constant time with every table's (no early
        way out, so the time says nothing about how close a guess was)."""
        key = canonical_code(code)
        found = None
        for table in self.tables:
            if table.matches(key) and not table.closed:
                found = table
        return found

    # ------------------------------------------------------------ serving

    async def start(self, bind: str = "127.0.0.1", port: int = 7500) -> int:
        """Listen on ``bind``:``port`` (0: any free port); returns the port. Raises
        ``OSError`` if the address cannot be used."""
        self._server = await serve(self._connection, bind, port, max_size=MAX_CLIENT_FRAME,
                                   max_queue=16, logger=LOG, open_timeout=self.hello_timeout,
                                   close_timeout=2,  # a client that never answers a close
                                   compression=None,
                                   extensions=[deflate()] if self.compression else None)
        sockets = list(self._server.sockets)
        self.port = sockets[0].getsockname()[1] if sockets else port
        for table in self.tables:
            table.start()
        return self.port

    async def serve_forever(self) -> None:
        if self._server is None:
            raise RuntimeError("start() first")
        await self._server.serve_forever()

    async def close(self) -> None:
        """Close every table and connection, once every save asked for is on disk."""
        for table in list(self.tables):
            table.close()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)
            self._server = None
        for table in list(self.tables):
            await table.flush()
        self._disk.shutdown(wait=False)
        # a thread still computing finishes on its own; its answer is dropped
        self._executor.shutdown(wait=False, cancel_futures=True)

    async def _connection(self, ws: ServerConnection) -> None:
        peer = Peer(ws, *self.rate)
        writer = asyncio.get_running_loop().create_task(peer.write())
        self._peers.add(peer)
        try:
            await self._serve(peer)
        except ConnectionClosed:
            pass
        except Exception:  # whatever went wrong, only this connection ends
            LOG.exception("a connection failed")
        finally:
            self._peers.discard(peer)
            table = peer.table
            if table is not None:
                table.connections -= 1
                with contextlib.suppress(Exception):
                    table.leave(peer)
            peer.drop(1000)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)
            writer.cancel()

    def _refuse(self, peer: Peer, code: ErrorCode, message: Callable[[], str],
                close: int | None = None) -> None:
        with i18n.using(peer.lang):
            text = message()
        peer.push(dump(Error(code=code, message=text)))
        if close is not None:
            peer.drop(close, code)

    async def _serve(self, peer: Peer) -> None:
        full = len(self._peers) > self.max_connections
        try:  # when full, a moment for the hello: the refusal in the client's language
            first = await asyncio.wait_for(peer.ws.recv(), 1.0 if full else self.hello_timeout)
        except TimeoutError:
            first = None
        if full:
            if first is not None:
                _sniff_language(peer, first)
            self._refuse(peer, "full", lambda: _("The server is full: try again later."),
                         TRY_AGAIN)
            return
        if first is None:
            self._refuse(peer, "hello-first", lambda: _(
                "Say hello first: no hello came in time."), POLICY)
            return
        hello = self._hello(peer, first)
        if hello is None:
            return
        table = self.find(hello.code)
        if table is None:
            await asyncio.sleep(self.wrong_code_delay)  # guessing codes is slow
            self._refuse(peer, "wrong-code", lambda: _(
                "No table has that code: check it with the host."), 1000)
            return
        if table.connections >= self.max_per_table:
            self._refuse(peer, "full", lambda: _(
                "Too many connections to this table: try again later."), TRY_AGAIN)
            return
        table.connections += 1
        peer.table = table
        answer = table.admit(peer, hello)
        if isinstance(answer, Error):
            peer.push(dump(answer))
            peer.drop(1000, answer.code)
            return
        async for frame in peer.ws:
            if peer.closing:
                continue  # read on to the client's answer to the close, doing nothing
            if not peer.allow():
                if peer.strikes > FLOOD_STRIKES:
                    peer.drop(POLICY, "flood")
                    continue
                self._refuse(peer, "too-fast", lambda: _(
                    "Too many messages: slow down."))
                continue
            try:
                message = parse_client(frame)
            except (ValidationError, ValueError, RecursionError) as exc:
                self._refuse(peer, "bad-frame", _unreadable(_why(exc)))
                continue
            try:
                table.handle(peer, message)
            except Exception:  # a bug answering one message: the table goes on
                LOG.exception("a message could not be handled")
                self._refuse(peer, "refused", lambda: _(
                    "The server could not do that: nothing was done."))

    def _hello(self, peer: Peer, frame: str | bytes) -> Hello | None:
        """The first frame as a hello of this protocol's version, or None (the error
        sent, in the language the hello asks for, and the connection closing)."""
        try:
            message = parse_client(frame)
        except (ValidationError, ValueError, RecursionError):
            message = None
        version: int | None
        if isinstance(message, Hello):
            version, lang = message.version, message.lang
        else:
            version, lang = _sniff(frame)
        peer.lang = language_of(lang)
        if version is not None and version != VERSION:
            self._refuse(peer, "version", lambda: _(
                "This table speaks protocol version {server}, your program version "
                "{client}: install the same version of five-hundred as the host.").format(
                server=VERSION, client=version), 1000)
            return None
        if not isinstance(message, Hello):
            self._refuse(peer, "hello-first", lambda: _(
                "Say hello first: a connection starts with a hello."), POLICY)
            return None
        return message


def _sniff_language(peer: Peer, frame: str | bytes) -> None:
    try:
        message = parse_client(frame)
    except (ValidationError, ValueError, RecursionError):
        message = None
    peer.lang = language_of(message.lang if isinstance(message, Hello) else _sniff(frame)[1])


def _sniff(frame: str | bytes) -> tuple[int | None, str]:
    """The version and language a hello that did not validate says it speaks (a client
    of another version may send fields this one does not know), if it says them."""
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        return None, ""
    if not isinstance(data, dict) or data.get("type") != "hello":
        return None, ""
    version, lang = data.get("version"), data.get("lang")
    return (version if type(version) is int and 0 <= version < 10**6 else None,
            lang[:8] if isinstance(lang, str) else "")


def _unreadable(why: str) -> Callable[[], str]:
    return lambda: _("That message could not be read ({why}): nothing was done.").format(
        why=why)


def _why(exc: Exception) -> str:
    """A validation failure in a few safe words (where and what; never the input)."""
    if isinstance(exc, ValidationError):
        errors = exc.errors(include_url=False, include_input=False, include_context=False)
        if errors:
            where = ".".join(str(part) for part in errors[0]["loc"])
            return clean_text(f"{where}: {errors[0]['msg']}" if where else errors[0]["msg"])[:80]
    return clean_text(type(exc).__name__)


__all__ = ["MAX_CONNECTIONS", "NetTable", "Peer", "ResumeError", "SeatSpec", "TableConfig",
           "TableServer"]
