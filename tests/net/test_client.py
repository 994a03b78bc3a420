"""Issue 24: joining fails with one clear line, never a traceback: the host cannot be
reached, the code is wrong (answered late, on purpose), the versions differ, the table
is full, nothing answers in time, or what answers is no table."""

from __future__ import annotations

import asyncio
import socket
import time

import pytest

from five_hundred import i18n
from five_hundred.net.client import JoinError, connect
from five_hundred.net.protocol import VERSION, Hello
from five_hundred.net.table import TableConfig
from tests.net.helpers import HOST, hello, running


def one_line(exc: JoinError) -> str:
    assert exc.message and "\n" not in exc.message and "Traceback" not in exc.message
    return exc.message


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
    return port


async def test_an_unreachable_host() -> None:
    port = free_port()
    with pytest.raises(JoinError) as caught:
        await connect(HOST, port, hello("ABCD-EFGH"), timeout=5)
    assert f"{HOST}:{port}" in one_line(caught.value)


async def test_a_wrong_code_is_answered_after_the_delay() -> None:
    async with running(wrong_code_delay=0.3) as server:
        table = server.open_table(TableConfig())
        assert server.port is not None
        started = time.monotonic()
        with pytest.raises(JoinError) as caught:
            await connect(HOST, server.port, hello("WRONG-CODE"), timeout=5)
        assert time.monotonic() - started >= 0.3
        assert one_line(caught.value) == "No table has that code: check it with the host."
        # the code is read as people type it: small letters, spaces, no dash
        loose = table.code.lower().replace("-", " ")
        conn = await connect(HOST, server.port, hello(loose), timeout=5)
        assert conn.seat == 0
        await conn.close()


async def test_another_protocol_version_is_named() -> None:
    async with running() as server:
        table = server.open_table(TableConfig())
        assert server.port is not None
        other = Hello(version=VERSION + 1, code=table.code, lang="es")
        with pytest.raises(JoinError) as caught:
            await connect(HOST, server.port, other, timeout=5)
        message = one_line(caught.value)
        assert str(VERSION) in message and str(VERSION + 1) in message
        with i18n.using("es"):  # in the language the client asked for
            assert message == i18n._(
                "This table speaks protocol version {server}, your program version "
                "{client}: install the same version of five-hundred as the host.").format(
                server=VERSION, client=VERSION + 1)


async def test_a_full_table() -> None:
    async with running() as server:
        table = server.open_table(TableConfig())
        assert server.port is not None
        seated = [await connect(HOST, server.port, hello(table.code, f"P{i}"))
                  for i in range(4)]
        with pytest.raises(JoinError) as caught:
            await connect(HOST, server.port, hello(table.code, "Fifth"), timeout=5)
        assert one_line(caught.value) == "Every seat at this table is taken."
        for conn in seated:
            await conn.close()


async def test_no_answer_in_time_and_no_table_at_all() -> None:
    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await asyncio.sleep(5)
        writer.close()

    async def web_page(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
        await writer.drain()
        writer.close()

    for handler, words in ((silent, "No answer from"), (web_page, "does not answer like")):
        server = await asyncio.start_server(handler, HOST, 0)
        port = server.sockets[0].getsockname()[1]
        try:
            with pytest.raises(JoinError) as caught:
                await connect(HOST, port, hello("ABCD-EFGH"), timeout=0.5)
            assert words in one_line(caught.value)
        finally:
            server.close()


async def test_a_connection_says_why_the_server_closed_it() -> None:
    """``Connection.close_code`` and ``close_reason``: nothing while open; once a newer
    connection took the seat with its token, 1000 and "replaced" (what the join client
    reads to say another screen took the seat over)."""
    async with running() as server:
        table = server.open_table(TableConfig(seed=1))
        first = await connect(HOST, server.port or 0, hello(table.code, "Ana", 0))
        assert not first.closed and first.close_code is None and first.close_reason == ""
        second = await connect(HOST, server.port or 0, first.rejoin_hello())
        assert second.seat == first.seat == 0
        async with asyncio.timeout(5):
            async for _message in first:  # read on until the server's close
                pass
        assert first.closed and first.close_code == 1000
        assert first.close_reason == "replaced"
        await second.close()
