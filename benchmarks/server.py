"""The table server under load (issue 24): one server process holding 100 tables, four
bot clients at each (easy level, no pause between moves), over loopback.

Prints the time from an action sent to the next table frame received (median and
p99, measured by each client), the actions per second, and the server's memory per
table (its resident memory while the tables play, less what it held before opening
them, over the number of tables). Target: p99 at most 100 ms.

Run: ``python benchmarks/server.py [--tables 100] [--deals 2] [--think 0]
[--no-compression]`` (``--think``: seconds a client waits before each action, as a
person would; 0 plays as fast as the server answers).

The clients run in this process (``LeanBot``: as cheap as a client may be), the server
in a child process of its own. On one machine they share its cores, so the latency
includes the clients' own work; the server's CPU per action is printed apart. The
clients keep to the protocol's rate, as the server enforces it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pydantic import BaseModel

from five_hundred.bots.levels import player
from five_hundred.engine import SeatView
from five_hundred.net.client import BotClient, Connection, connect
from five_hundred.net.protocol import RATE_BURST, RATE_PER_SECOND, VERSION, Act, Hello, Ready

HOST = "127.0.0.1"
SEATS = ("north", "east", "south", "west")


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def serve(tables: int, compression: bool) -> None:
    """The server process: open the tables, say where, report memory twice a second."""
    from five_hundred.net.server import TableServer
    from five_hundred.net.table import TableConfig

    server = TableServer(compression=compression)
    import five_hundred.bots.levels  # noqa: F401  -- loaded before the baseline
    base = rss_kib()
    codes = [server.open_table(TableConfig(seed=1000 + i, pace=0, undo_window=0)).code
             for i in range(tables)]
    port = await server.start(HOST, 0)
    print(json.dumps({"port": port, "codes": codes, "base": base}), flush=True)
    while True:
        await asyncio.sleep(0.5)
        print(json.dumps({"rss": rss_kib(), "cpu": time.process_time()}), flush=True)


class LeanBot:
    """A bot client that reads each frame as JSON and builds the seat view (a pydantic
    model) only when it has a decision to make: the server's figures are measured on
    this machine, with the clients competing for its two cores, so they cost as little
    as a client may. It plays as ``BotClient`` does (same choices), keeps to the
    protocol's rate, and says ``ready`` between deals."""

    def __init__(self, conn: Connection, level: str, seed: int, deals: int,
                 think: float) -> None:
        self.conn, self.deals, self.think = conn, deals, think
        self.player = player(level)
        self.seed = seed
        self.latencies: list[float] = []
        self.actions = 0
        self.errors = 0
        self._tokens, self._stamp = float(RATE_BURST), time.monotonic()

    async def send(self, message: BaseModel) -> None:
        now = time.monotonic()
        self._tokens = min(RATE_BURST, self._tokens + (now - self._stamp) * RATE_PER_SECOND)
        self._stamp = now
        if self._tokens < 1:
            await asyncio.sleep((1 - self._tokens) / RATE_PER_SECOND)
            self._tokens, self._stamp = 1.0, time.monotonic()
        self._tokens -= 1
        await self.conn.send(message)

    async def run(self) -> None:
        seat = self.conn.seat
        answered: tuple[int, int] | None = None
        readied = 0
        sent_at: float | None = None
        while True:
            data = json.loads(await self.conn.recv_frame())
            if data["type"] == "error":
                self.errors += 1
                continue
            if data["type"] != "table":
                continue
            if sent_at is not None:
                self.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            public = data["model"]["public"]
            if public["phase"] == "game_over" or public["deal_number"] > self.deals:
                return
            if public["phase"] == "deal_over":
                if seat not in data["ready"] and readied != public["deal_number"]:
                    readied = public["deal_number"]
                    await self.send(Ready())
                continue
            raw = data["model"]["seat_view"]
            decision = (data["decision"][0], data["decision"][1])
            if not raw["legal"] or decision == answered:
                continue
            answered = decision
            if self.think:
                await asyncio.sleep(self.think)
            view = SeatView.model_validate(raw)
            action = self.player.choose(view, BotClient.rng_for(self.seed, seat, decision),
                                        0.05)
            self.actions += 1
            sent_at = time.perf_counter()
            await self.send(Act(action=action.text, decision=decision))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def run(tables: int, deals: int, think: float, compression: bool) -> int:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--serve", "--tables", str(tables),
        *([] if compression else ["--no-compression"]),
        stdout=asyncio.subprocess.PIPE)
    assert proc.stdout is not None
    setup = json.loads(await proc.stdout.readline())
    peak = [setup["base"]]
    server_cpu = [0.0, 0.0]  # when the clients started, the last report

    async def watch_memory() -> None:
        assert proc.stdout is not None
        while line := await proc.stdout.readline():
            report = json.loads(line)
            peak[0] = max(peak[0], report["rss"])
            server_cpu[1] = report["cpu"]

    watcher = asyncio.create_task(watch_memory())
    hellos = [(t, s, Hello(version=VERSION, code=code, name=f"B{t}-{s}", seat=SEATS[s]))
              for t, code in enumerate(setup["codes"]) for s in range(4)]
    joining = time.perf_counter()
    clients = [LeanBot(await connect(HOST, setup["port"], hello), "easy", t, deals, think)
               for t, _s, hello in hellos]
    joined = time.perf_counter() - joining
    await asyncio.sleep(1.0)  # a memory and CPU report with every table seated
    started, cpu = time.perf_counter(), time.process_time()
    server_cpu[0] = server_cpu[1]
    await asyncio.gather(*(client.run() for client in clients))
    elapsed = time.perf_counter() - started
    client_cpu = time.process_time() - cpu
    await asyncio.sleep(1.0)  # one more memory report
    proc.terminate()
    await proc.wait()
    watcher.cancel()
    latencies = [x for client in clients for x in client.latencies]
    actions = sum(client.actions for client in clients)
    errors = sum(client.errors for client in clients)
    server_busy = server_cpu[1] - server_cpu[0]
    per_table = (peak[0] - setup["base"]) / tables
    print(f"{tables} tables x 4 bot clients (easy, pace 0, think {think:g} s), "
          f"{deals} deal(s) each, one server process, loopback, compression "
          f"{'on' if compression else 'off'}")
    print(f"{len(clients)} clients seated in {joined:.1f} s (one after the other)")
    print(f"actions: {actions} in {elapsed:.1f} s ({actions / elapsed:.0f}/s); "
          f"errors: {errors}")
    print(f"action -> next table frame: median {statistics.median(latencies) * 1000:.1f} ms, "
          f"p99 {percentile(latencies, 99) * 1000:.1f} ms, "
          f"max {max(latencies) * 1000:.1f} ms (target p99 <= 100 ms)")
    print(f"busy: server process {server_busy:.1f} s of CPU ({server_busy / actions * 1000:.2f} "
          f"ms per action), clients' process {client_cpu:.1f} s, over {elapsed:.1f} s")
    print(f"server memory: {setup['base'] / 1024:.1f} MiB before the tables, peak "
          f"{peak[0] / 1024:.1f} MiB: {per_table:.0f} KiB per table")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--think", type=float, default=0.0)
    parser.add_argument("--no-compression", action="store_true",
                        help="the server without permessage-deflate")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    compression = not args.no_compression
    if args.serve:
        asyncio.run(serve(args.tables, compression))
        return 0
    return asyncio.run(run(args.tables, args.deals, args.think, compression))


if __name__ == "__main__":
    sys.exit(main())
