"""Issue 24, item 7: hostile clients. While four clients play a whole game, one of them
also sends more than 10,000 fuzzed frames (random bytes, random JSON, mutated valid
frames, huge numbers, seats not its own, stale decisions, illegal actions, acts out of
turn); others try wrong codes, oversized frames, raw bytes that are no WebSocket, and a
frame before any hello; another server is flooded. The server never fails, every
hostile frame is answered with an error and changes nothing, and the game is exactly
the one the honest choices make."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from typing import Any

import pytest
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

from five_hundred.net.client import BotClient, Connection, Disconnected, JoinError, connect, uri
from five_hundred.net.protocol import (
    MAX_CLIENT_FRAME,
    Act,
    Claim,
    ClientMessage,
    Error,
    Hello,
    HintAsk,
    Ping,
    Ready,
    SetLang,
    SetSeat,
    Table,
    Undo,
    dump,
    parse_client,
)
from five_hundred.net.table import NetTable, TableConfig
from tests.net.helpers import HOST, WireCheck, bots, hello, play_locally, running

LEVELS = ("easy", "easy", "easy", "easy")
FUZZ_FRAMES = 10_000
BURST = 48  # fuzzed frames sent before each answer the hostile client gives
WORDS = ["type", "act", "hello", "seat", "undo", "claim", "hint", "ready", "lang", "ping",
         "action", "decision", "version", "code", "token", "name", "kind", "level",
         "play JK H", "bid 7H", "pass", "discard 5S 6S 7S", "computer", "remote", "pt"]


def random_json(rng: random.Random, depth: int = 0) -> Any:
    pick = rng.randrange(9 if depth < 4 else 6)
    if pick == 0:
        return rng.choice([None, True, False])
    if pick == 1:
        return rng.choice([0, -1, 1, 2**31, 2**63, -(2**70), 10**rng.randrange(1, 300)])
    if pick == 2:
        return rng.choice([0.5, -1e308, 1e308, 3.14])
    if pick in (3, 4):
        return rng.choice(WORDS) if rng.random() < 0.7 else \
            "".join(chr(rng.randrange(0, 0x3000)) for _ in range(rng.randrange(0, 20)))
    if pick == 5:
        return rng.choice(WORDS)
    if pick == 6:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(0, 5))]
    return {rng.choice(WORDS): random_json(rng, depth + 1) for _ in range(rng.randrange(0, 5))}


def mutate(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randrange(1, 4)):
        i = rng.randrange(len(chars) + 1)
        how = rng.randrange(4)
        if how == 0 and chars:
            chars[min(i, len(chars) - 1)] = chr(rng.randrange(32, 127))
        elif how == 1:
            chars.insert(i, rng.choice('{}[]",:0123456789'))
        elif how == 2 and chars:
            del chars[min(i, len(chars) - 1)]
        else:
            chars[i:i] = chars[i:i + rng.randrange(1, 8)]
    return "".join(chars)


class HostileBot(BotClient):
    """Plays its seat honestly, but before each of its answers sends a burst of fuzzed
    frames, none of which may change the game: a frame that would be a legitimate
    intent now (its legal action at the current decision, a take-back it may make) is
    not sent, nor a claim, a ready or a hint (a person's right when the game gets
    there)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rng = random.Random(2024)
        self.fuzzed = 0
        self.expect_no_error = 0  # pings (a pong) and languages (a table)
        self.kinds: dict[str, int] = {}

    async def _table(self, conn: Connection, frame: Table) -> bool:
        # A frame at a decision already answered may be older than the game (a table
        # frame sent again for a language switched): what it says may be taken back or
        # claimed is no longer what the server would take. Only fresh frames are fuzzed.
        if self.fuzzed < FUZZ_FRAMES and frame.model.public.phase != "game_over" and \
                frame.decision != self._answered:
            for _ in range(BURST):
                await self._fuzz(conn, frame)
        return await super()._table(conn, frame)

    def _candidate(self, frame: Table) -> tuple[str, str | bytes]:
        rng = self.rng
        d0, d1 = frame.decision
        view = frame.model.seat_view
        legal = [a.text for a in view.legal] if view is not None else []
        kind = rng.choice(["bytes", "json", "mutated", "huge", "seat", "stale", "illegal",
                           "turn", "hello", "valid"])
        if kind == "bytes":
            data = rng.randbytes(rng.randrange(0, 300))
            return kind, data if rng.random() < 0.5 else data.decode("latin-1")
        if kind == "json":
            return kind, json.dumps(random_json(rng))
        if kind == "huge":
            number = rng.choice([10**400, -(10**30), 2**64, 1e308, -1])
            field = rng.choice(['"decision": [{n}, 1]', '"decision": [0, {n}]', '"seat": {n}',
                                '"version": {n}'])
            verb = rng.choice(["act", "seat", "hello"])
            return kind, f'{{"type": "{verb}", {field.format(n=number)}}}'
        if kind == "seat":
            return kind, dump(SetSeat(seat=rng.randrange(4), kind=rng.choice(
                ["computer", "remote"]), level=rng.choice(["easy", "normal", "hard"])))
        if kind == "stale":
            action = rng.choice(legal) if legal else "pass"
            old = (d0, max(0, d1 - rng.randrange(1, 6))) if d1 else (d0 + 1, 0)
            if old == (d0, d1):
                old = (d0 + 7, d1)
            return kind, dump(Act(action=action, decision=old))
        if kind in ("illegal", "turn"):
            texts = ["play 2C", "bid 11S", "discard AS", "joker Z", "pass pass", "play",
                     "bid 6S", "play JK", "play AH", "pass", "bid 10NT"]
            action = rng.choice([t for t in texts if t not in legal] or ["nonsense"])
            return kind, dump(Act(action=action, decision=(d0, d1)))
        if kind == "hello":
            return kind, dump(Hello(version=1, code="X", name="again"))
        valid: list[ClientMessage] = [Ping(), Undo(), Claim(), HintAsk(), Ready(),
                                      SetLang(lang=rng.choice(["pt", "es", "xx", "en"]))]
        if legal:
            valid.append(Act(action=rng.choice(legal), decision=(d0, d1)))
        message = rng.choice(valid)
        text = dump(message)
        return ("mutated", mutate(rng, text)) if rng.random() < 0.6 else ("valid", text)

    def _harmless(self, frame: Table, data: str | bytes) -> bool:
        """Whether the server must refuse ``data`` now (or answer it without changing
        the game: a ping, a language)."""
        try:
            message = parse_client(data)
        except ValueError:
            return True
        model = frame.model
        mine = model.seat_view is not None and bool(model.seat_view.legal)
        if isinstance(message, Act):
            return not (mine and message.decision == frame.decision and model.seat_view
                        is not None and model.seat_view.find(message.action) is not None)
        if isinstance(message, Undo):
            return not model.can_take_back
        # a claim, a ready or a hint is a person's right whenever the game gets there:
        # the frame may be older than the game, so none is sent
        return not isinstance(message, Claim | Ready | HintAsk)

    async def _fuzz(self, conn: Connection, frame: Table) -> None:
        while True:  # within the size limit (an oversized frame closes the connection:
            # tested apart)
            kind, data = self._candidate(frame)
            size = len(data.encode() if isinstance(data, str) else data)
            if size <= MAX_CLIENT_FRAME and self._harmless(frame, data):
                break
        try:
            message = parse_client(data)
        except ValueError:
            message = None
        if isinstance(message, Ping) or (isinstance(message, SetLang) and
                                          message.lang != "xx"):
            self.expect_no_error += 1
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        self.fuzzed += 1
        await conn.send_frame(data)


async def raw_bytes(port: int, payload: bytes) -> bytes:
    """Write ``payload`` to the port as it is and read what comes back until the server
    closes the connection."""
    reader, writer = await asyncio.open_connection(HOST, port)
    writer.write(payload)
    await writer.drain()
    try:
        answer = await asyncio.wait_for(reader.read(), 5)
    finally:
        writer.close()
    return answer


async def other_attacks(port: int, code: str, odd_code: str, delay: float
                        ) -> dict[str, Any]:
    """Wrong codes, an oversized frame, raw bytes, a frame before any hello, while the
    game is played. Returns what each got."""
    found: dict[str, Any] = {}
    started = time.monotonic()
    wrong = await asyncio.gather(*(connect(HOST, port, hello(f"WRONG-{i:04d}"), timeout=5)
                                   for i in range(20)), return_exceptions=True)
    found["wrong"] = [isinstance(w, JoinError) and "code" in w.message for w in wrong]
    found["wrong_time"] = time.monotonic() - started
    # an oversized first frame: closed by the WebSocket layer (1009)
    async with ws_connect(uri(HOST, port)) as ws:
        await ws.send("x" * (MAX_CLIENT_FRAME + 1))
        try:
            await asyncio.wait_for(ws.recv(), 5)
        except ConnectionClosed as exc:
            found["oversized"] = exc.rcvd.code if exc.rcvd is not None else None
    # hellos with odd text in every field (a code, a token, a name, a language)
    odd = ["é", "\x1b[2J", "\udc80", "", " ", "\u202e", "K7QF-29XA", "x" * 32]
    answers = []
    for i, text in enumerate(odd):
        for table_code in (text[:32], odd_code):  # a code of no table, and a table's
            frame = json.dumps({"type": "hello", "version": 1, "code": table_code,
                                "name": text, "token": (text * 3)[:64] or None,
                                "lang": text[:8], "seat": ["north", None][i % 2]})
            async with ws_connect(uri(HOST, port)) as ws:
                await ws.send(frame)
                answer = json.loads(await asyncio.wait_for(ws.recv(), 5))
                answers.append(answer.get("code", answer["type"]))
    found["odd"] = answers
    # a frame before the hello
    async with ws_connect(uri(HOST, port)) as ws:
        await ws.send(dump(Ping()))
        answer = await asyncio.wait_for(ws.recv(), 5)
        found["hello_first"] = json.loads(answer)["code"]
        try:
            await asyncio.wait_for(ws.recv(), 5)
        except ConnectionClosed as exc:
            found["hello_first_close"] = exc.rcvd.code if exc.rcvd is not None else None
    # raw bytes that are no WebSocket, an HTTP request that is not an upgrade, a slow
    # half request
    rng = random.Random(7)
    answers = []
    for payload in (rng.randbytes(2000), b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
                    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + rng.randbytes(500),
                    b"GET / HTTP/1.1\r\n" + b"X-A: " + b"a" * 20000 + b"\r\n\r\n"):
        answers.append(await raw_bytes(port, payload))
    found["raw"] = answers
    # a table at the other code: the server still seats people
    seated = await connect(HOST, port, hello(code, "Late"), timeout=5)
    await seated.close()
    return found


async def test_hostile_clients_change_nothing_and_the_game_goes_on(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR, logger="five_hundred.net")
    wire = WireCheck()
    wire.install(monkeypatch)
    honest: set[tuple[tuple[int, int], str]] = set()
    changed: list[str] = []
    handled = [0]
    original = NetTable.handle

    def watched(table: NetTable, link: Any, message: ClientMessage) -> None:
        """Every message from the hostile seat (West) leaves the game as it was, unless
        it is the hostile client's own honest answer (its action, its ready)."""
        c = table.controller
        if c is None or table.seat_of(link) != 3:
            original(table, link, message)
            return
        before = (c.token, c.names, tuple(c.takebacks), c.public())
        original(table, link, message)
        handled[0] += 1
        after = (c.token, c.names, tuple(c.takebacks), c.public())
        own = isinstance(message, Ready) or (  # the fuzz sends no ready: see HostileBot
            isinstance(message, Act) and (message.decision, message.action) in honest)
        if before != after and not own:
            changed.append(repr(message))

    monkeypatch.setattr(NetTable, "handle", watched)
    delay = 0.05
    async with running(wrong_code_delay=delay, rate_per_second=20000.0,
                       rate_burst=20000.0) as server:
        table = server.open_table(TableConfig(seed=5, pace=0, undo_window=0))
        spare = server.open_table(TableConfig())  # for the attacks that need a table
        odd = server.open_table(TableConfig())
        clients = bots(server, table.code, LEVELS[:3], seed=8, on_frame=wire.watcher(table))
        assert server.port is not None
        hostile = HostileBot(HOST, server.port, hello(table.code, "Davi", 3), "easy", seed=8,
                             rate=server.rate, on_frame=wire.watcher(table))
        clients.append(hostile)

        async def play() -> None:
            for client in clients:
                await client.join()
            await asyncio.gather(*(client.run() for client in clients))

        original_send = BotClient._send

        async def send(self: BotClient, conn: Connection, message: Any) -> None:
            if self is hostile and isinstance(message, Act):
                honest.add((message.decision, message.action))
            await original_send(self, conn, message)

        monkeypatch.setattr(BotClient, "_send", send)
        async with asyncio.timeout(60):
            _played, found = await asyncio.gather(
                play(), other_attacks(server.port, spare.code, odd.code, delay))
        c = table.controller
        assert c is not None and c.game_over
        record = c.record_json()
        # the server still seats people, and answers them
        late = await connect(HOST, server.port, hello(spare.code, "After"), timeout=5)
        await late.close()
    assert hostile.fuzzed >= FUZZ_FRAMES, hostile.fuzzed
    assert set(hostile.kinds) >= {"bytes", "json", "mutated", "huge", "seat", "stale",
                                  "illegal", "turn", "hello"}, hostile.kinds
    assert changed == []
    refused = [e for e in hostile.errors if e.code != "too-fast"]
    assert len(refused) >= hostile.fuzzed - hostile.expect_no_error - BURST
    assert {e.code for e in refused} >= {"bad-frame", "stale", "illegal", "not-host",
                                         "refused"}
    assert all(client.errors == [] for client in clients[:3])
    assert wire.problems == []
    # the game is the one the honest choices make
    assert record == play_locally(5, LEVELS, bot_seed=8).record_json()
    # the other attacks
    assert all(found["wrong"]) and found["wrong_time"] >= delay
    assert found["oversized"] == 1009
    assert set(found["odd"]) <= {"wrong-code", "hello-first", "welcome", "no-seat",
                                 "full"}, found["odd"]
    assert "welcome" in found["odd"] and "wrong-code" in found["odd"]
    assert found["hello_first"] == "hello-first" and found["hello_first_close"] == 1008
    assert all(b"HTTP/1.1 101" not in answer for answer in found["raw"])
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_a_flood_is_refused_then_closed_and_the_table_plays_on() -> None:
    """At the protocol's rate (20 a second, 40 at once), a client that sends hundreds
    of frames at once gets "too-fast" errors and is closed (1008); the others play."""
    async with running(rate_per_second=20.0, rate_burst=40.0) as server:
        table = server.open_table(TableConfig(seed=2, pace=0, undo_window=0))
        assert server.port is not None
        flooder = await connect(HOST, server.port, hello(table.code, "Flood", 3))
        players = bots(server, table.code, LEVELS[:3], seed=1,
                       stop=lambda frame: frame.model.public.deal_number > 1)
        for player in players:
            await player.join()
        runs = [asyncio.create_task(p.run()) for p in players]
        for _ in range(400):
            try:
                await flooder.send_frame(dump(Ping()))
            except JoinError:
                break
        got: list[str | bytes] = []
        try:
            async with asyncio.timeout(10):
                while True:
                    got.append(await flooder.recv_frame())
        except Disconnected:
            pass
        assert flooder.closed and flooder.close_code == 1008
        assert flooder.close_reason == "flood"
        texts = [json.loads(m) for m in got if isinstance(m, str)]
        assert sum(1 for m in texts if m["type"] == "pong") >= 40
        assert any(m["type"] == "error" and m["code"] == "too-fast" for m in texts)
        # the seat is free again for its owner; the table waits, then plays on
        async with asyncio.timeout(5):
            while table.waiting_for() != (3,):
                await asyncio.sleep(0.01)
        back = BotClient(HOST, server.port, hello(table.code, "Flood"), "easy", seed=1,
                         rate=server.rate,
                         stop=lambda frame: frame.model.public.deal_number > 1)
        await back.join()
        async with asyncio.timeout(30):
            await asyncio.gather(*runs, back.run())
        c = table.controller
        assert c is not None and c.public().deal_number >= 2
        assert not [e for p in players for e in p.errors if isinstance(e, Error)]
