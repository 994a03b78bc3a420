"""The leak soak: 1,000 seeded random deals driven through the app, checking the whole
screen at every decision point for a card it must not show (see tests/ui/leak.py).

Run: ``python benchmarks/ui_soak.py [DEALS [PROCESSES]]`` (defaults 1000 and 2). Prints
deals, screens checked and time, and stops at the first leak with the screen that
showed it.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ui.leak import run_deals

from five_hundred.hotseat import Player

TABLES = [
    [Player("Ana"), Player("Bruno"), Player("Carla"), Player("Davi")],
    [Player("Ana"), Player("Bruno", "computer", "easy"), Player("Carla"),
     Player("Davi", "computer", "easy")],
    [Player("Ana", "computer", "easy"), Player("Bruno"), Player("Carla", "computer", "easy"),
     Player("Davi", "computer", "easy")],
]


CHUNK = 25  # deals per app run (a new game each time one ends)


async def soak_chunks(chunks: list[int], total: int) -> tuple[int, int]:
    deals = checks = 0
    with tempfile.TemporaryDirectory() as folder:
        for chunk in chunks:
            n = min(CHUNK, total - chunk * CHUNK)
            d, c = await run_deals(Path(folder) / f"c{chunk}", 1000 + chunk, n,
                                   TABLES[chunk % len(TABLES)])
            deals += d
            checks += c
            print(f"  chunk {chunk}: {d} deals, {c} screens checked", flush=True)
    return deals, checks


def work(args: tuple[list[int], int]) -> tuple[int, int]:
    return asyncio.run(soak_chunks(*args))


def main() -> int:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    chunks = list(range((total + CHUNK - 1) // CHUNK))
    shares = [(chunks[i::workers], total) for i in range(workers)]
    t = time.perf_counter()
    with multiprocessing.Pool(workers) as pool:
        results = pool.map(work, shares)
    deals = sum(d for d, _ in results)
    checks = sum(c for _, c in results)
    print(f"no leak in {deals} deals ({checks} screens checked, {workers} processes) "
          f"in {time.perf_counter() - t:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
