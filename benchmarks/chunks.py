"""Run a UI walk in chunks over several processes (shared by the soak benchmarks)."""

from __future__ import annotations

import asyncio
import multiprocessing
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

# run(folder, chunk number, deals) -> (deals played, things checked)
ChunkRun = Callable[[Path, int, int], Awaitable[tuple[int, int]]]


async def _run_chunks(run: ChunkRun, chunks: list[int], total: int, size: int,
                      what: str) -> tuple[int, int]:
    deals = checks = 0
    with tempfile.TemporaryDirectory() as folder:
        for chunk in chunks:
            n = min(size, total - chunk * size)
            d, c = await run(Path(folder) / f"c{chunk}", chunk, n)
            deals += d
            checks += c
            print(f"  chunk {chunk}: {d} deals, {c} {what} checked", flush=True)
    return deals, checks


def _work(args: tuple[ChunkRun, list[int], int, int, str]) -> tuple[int, int]:
    return asyncio.run(_run_chunks(*args))


def in_processes(run: ChunkRun, total: int, size: int, workers: int,
                 what: str) -> tuple[int, int]:
    """``total`` deals in chunks of ``size``, shared among ``workers`` processes;
    returns the deals played and the things checked in all."""
    chunks = list(range((total + size - 1) // size))
    shares = [(run, chunks[i::workers], total, size, what) for i in range(workers)]
    with multiprocessing.Pool(workers) as pool:
        results = pool.map(_work, shares)
    return sum(d for d, _ in results), sum(c for _, c in results)
