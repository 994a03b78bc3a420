"""The table server under load (issue 24): one server process holding 100 tables, four
bot clients at each (easy level, no pause between moves), over loopback.

Prints the time from an action sent to the next table frame received (median and
p99, measured by each client), the actions per second, and the server's memory per
table (its resident memory while the tables play, less what it held before opening
them, over the number of tables). Target: p99 at most 100 ms.

Run: ``python benchmarks/server.py [--tables 100] [--deals 2] [--think 0]``
(``--think``: seconds a client waits before each action, as a person would; 0 plays
as fast as the server answers).

The clients run in this process, the server in a child process of its own, so the
figures are the server's (and the loopback's), not the clients' competing with it on
one event loop. The clients keep to the protocol's rate, as the server enforces it.
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

from five_hundred.net.client import BotClient
from five_hundred.net.protocol import VERSION, Hello, Table

HOST = "127.0.0.1"
SEATS = ("north", "east", "south", "west")


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def serve(tables: int) -> None:
    """The server process: open the tables, say where, report memory twice a second."""
    from five_hundred.net.server import TableServer
    from five_hundred.net.table import TableConfig

    server = TableServer()
    import five_hundred.bots.levels  # noqa: F401  -- loaded before the baseline
    base = rss_kib()
    codes = [server.open_table(TableConfig(seed=1000 + i, pace=0, undo_window=0)).code
             for i in range(tables)]
    port = await server.start(HOST, 0)
    print(json.dumps({"port": port, "codes": codes, "base": base}), flush=True)
    while True:
        await asyncio.sleep(0.5)
        print(json.dumps({"rss": rss_kib(), "cpu": time.process_time()}), flush=True)


class ThinkingBot(BotClient):
    """A bot client that waits ``think`` seconds before each action."""

    think = 0.0

    async def _table(self, conn, frame: Table) -> bool:  # type: ignore[no-untyped-def]
        if self.think and frame.model.seat_view is not None and frame.model.seat_view.legal:
            await asyncio.sleep(self.think)
        return await super()._table(conn, frame)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def run(tables: int, deals: int, think: float) -> int:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--serve", "--tables", str(tables),
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
    ThinkingBot.think = think
    clients = [ThinkingBot(HOST, setup["port"],
                           Hello(version=VERSION, code=code, name=f"B{t}-{s}", seat=SEATS[s]),
                           "easy", seed=t,
                           stop=lambda frame: frame.model.public.deal_number > deals)
               for t, code in enumerate(setup["codes"]) for s in range(4)]
    joining = time.perf_counter()
    for client in clients:
        await client.join()
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
    actions = sum(len(client.sent) for client in clients)
    errors = sum(len(client.errors) for client in clients)
    per_table = (peak[0] - setup["base"]) / tables
    print(f"{tables} tables x 4 bot clients (easy, pace 0, think {think:g} s), "
          f"{deals} deal(s) each, one server process, loopback")
    print(f"{len(clients)} clients seated in {joined:.1f} s (one after the other)")
    print(f"actions: {actions} in {elapsed:.1f} s ({actions / elapsed:.0f}/s); "
          f"errors: {errors}")
    print(f"action -> next table frame: median {statistics.median(latencies) * 1000:.1f} ms, "
          f"p99 {percentile(latencies, 99) * 1000:.1f} ms, "
          f"max {max(latencies) * 1000:.1f} ms (target p99 <= 100 ms)")
    print(f"busy: server process {server_cpu[1] - server_cpu[0]:.1f} s of CPU, clients' "
          f"process {client_cpu:.1f} s, over {elapsed:.1f} s")
    print(f"server memory: {setup['base'] / 1024:.1f} MiB before the tables, peak "
          f"{peak[0] / 1024:.1f} MiB: {per_table:.0f} KiB per table")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--think", type=float, default=0.0)
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.tables))
        return 0
    return asyncio.run(run(args.tables, args.deals, args.think))


if __name__ == "__main__":
    sys.exit(main())
