"""The "who saw which hand" walk over many seeded four-person deals (issue 8): every
hand drawn on the table belongs to the person who lifted the last curtain, and no hand
is drawn after a deal summary before a curtain was lifted (see tests/ui/walk.py).

Run: ``python benchmarks/curtain_walk.py [DEALS [PROCESSES]]`` (defaults 300 and 2).
Prints deals, hands checked and time; stops at the first hand drawn for the wrong
person.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.ui.walk import walk

CHUNK = 20  # deals per chunk (a new game whenever one ends)


async def walk_chunks(chunks: list[int], total: int) -> tuple[int, int]:
    deals = hands = 0
    with tempfile.TemporaryDirectory() as folder:
        for chunk in chunks:
            n = min(CHUNK, total - chunk * CHUNK)
            d, h = await walk(Path(folder) / f"c{chunk}", 2000 + chunk, n)
            deals += d
            hands += h
            print(f"  chunk {chunk}: {d} deals, {h} hands checked", flush=True)
    return deals, hands


def work(args: tuple[list[int], int]) -> tuple[int, int]:
    return asyncio.run(walk_chunks(*args))


def main() -> int:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    chunks = list(range((total + CHUNK - 1) // CHUNK))
    shares = [(chunks[i::workers], total) for i in range(workers)]
    t = time.perf_counter()
    with multiprocessing.Pool(workers) as pool:
        results = pool.map(work, shares)
    deals = sum(d for d, _ in results)
    hands = sum(h for _, h in results)
    print(f"every hand drawn for the person who lifted the last curtain: {deals} "
          f"four-person deals, {hands} hands checked, {workers} processes, "
          f"{time.perf_counter() - t:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
