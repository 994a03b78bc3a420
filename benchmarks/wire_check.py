"""The wire checked like the screen, over many deals (issue 24): whole games played over
loopback by bot clients (with computers at some tables, every language among the
clients, hints asked for now and then, and the review of a finished deal asked for
after some deals), and every frame each client receives
checked against what its seat may know at that moment (``tests/net/helpers.py``'s
``WireCheck``, the test suite's checker: the oracle reads the server's game state when
each frame is built).

Run: ``python benchmarks/wire_check.py [DEALS]`` (default 200). Prints the deals,
games and frames checked; exits 1 at any frame that names a card its seat may not
know (listing the first few).
"""

from __future__ import annotations

import asyncio
import random
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.net.helpers import HOST, NAMES, SEATS, WireCheck, running

from five_hundred.net.client import BotClient, Connection
from five_hundred.net.protocol import VERSION, Hello, HintAsk, ReviewAsk, Table
from five_hundred.net.server import TableServer
from five_hundred.net.table import SeatSpec, TableConfig

LANGS = ("en", "pt", "pt_BR", "es")
LEVELS = ("easy", "normal")
AT_ONCE = 4  # tables playing at the same time
HINT_CHANCE = 0.05  # of a decision on which a client first asks for a hint
REVIEW_CHANCE = 0.3  # of a finished deal whose review a client asks for


class HintingBot(BotClient):
    """A bot client that, now and then, asks for a hint and waits for it before acting
    (so the hint, in its frames only, is checked too)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.coin = random.Random(f"hints:{self.seed}:{self.hello.seat}")
        self.asked: set[tuple[int, int]] = set()
        self.hints = 0
        self.reviewed: set[int] = set()

    async def _table(self, conn: Connection, frame: Table) -> bool:
        view = frame.model.seat_view
        if frame.model.hint:
            self.hints += 1
        elif frame.model.public.phase == "deal_over" and \
                frame.model.public.deal_number not in self.reviewed:
            self.reviewed.add(frame.model.public.deal_number)
            if self.coin.random() < REVIEW_CHANCE:  # its frames come while play goes on
                await conn.send(ReviewAsk(deal=self.coin.randrange(
                    len(frame.model.public.results))))
        elif (view is not None and view.legal and frame.decision not in self.asked
                and self.coin.random() < HINT_CHANCE):
            self.asked.add(frame.decision)
            await conn.send(HintAsk())  # the answer is this decision's frame, with it
            return False
        return await super()._table(conn, frame)


async def one_game(server: TableServer, wire: WireCheck, number: int) -> tuple[int, int]:
    """A whole game at a new table; returns its number of deals and of hints."""
    computers = {number % 4} if number % 3 == 1 else set()  # some tables have a computer
    seats = tuple(SeatSpec("computer", "easy") if i in computers else SeatSpec()
                  for i in range(4))
    table = server.open_table(TableConfig(seed=5000 + number, pace=0, undo_window=0,
                                          seats=seats, hint_budget=0.02))
    assert server.port is not None
    clients = [HintingBot(HOST, server.port,
                         Hello(version=VERSION, code=table.code, name=NAMES[i], seat=SEATS[i],
                               lang=LANGS[(number + i) % 4]),
                         LEVELS[(number + i) % 2], seed=number, rate=server.rate,
                         on_frame=wire.watcher(table))
               for i in range(4) if i not in computers]
    for client in clients:
        await client.join()
    await asyncio.wait_for(asyncio.gather(*(c.run() for c in clients)), 300)
    c = table.controller
    assert c is not None and c.game_over, "a game did not end"
    server.close_table(table)
    return c.public().deal_number, sum(client.hints for client in clients)


async def check(deals_wanted: int) -> int:
    wire = WireCheck()
    started = time.perf_counter()
    deals = games = hints = 0
    with pytest.MonkeyPatch.context() as patch:
        wire.install(patch)
        async with running() as server:
            number = 0
            while deals < deals_wanted:
                batch = range(number, number + AT_ONCE)
                number += AT_ONCE
                for n, h in await asyncio.gather(*(one_game(server, wire, i)
                                                   for i in batch)):
                    deals += n
                    hints += h
                    games += 1
                if wire.problems:
                    break
    hidden = sum(1 for cards in wire.known.values() if cards)
    print(f"{deals} deals in {games} games over the wire, {time.perf_counter() - started:.0f} s")
    print(f"checked: {wire.tables} table frames (by seat: "
          f"{', '.join(f'{SEATS[s]} {n}' for s, n in sorted(wire.by_seat.items()))}), "
          f"{wire.notices} notices, {hints} hints, {wire.reviews} review frames "
          f"({wire.analyses} with an analysis); {len(wire.known)} (position, seat) "
          f"pairs known to the oracle, {hidden} with cards hidden from the seat")
    if wire.problems:
        print(f"{len(wire.problems)} frames name a card their seat may not know:")
        for problem in wire.problems[:10]:
            print("  ", problem)
        return 1
    print("no frame named a card its seat may not know")
    return 0


def main() -> int:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    return asyncio.run(check(deals))


if __name__ == "__main__":
    sys.exit(main())
